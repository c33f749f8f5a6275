"""Patterns and skill suggestions: detection, coverage, linted SKILL.md, acceptance."""

from __future__ import annotations

from pathlib import Path

import pytest

from servers.core.events import EventBus
from servers.reflection.models import ReflectionInputError
from servers.reflection.patterns import Trace, tool_failures, workflows
from servers.reflection.service import ReflectionService
from servers.suite.settings import CairnSettings
from skillslint import Severity, lint_skill
from tests.servers.reflection.claude_code_traces import DBT_CHANGE, MIGRATION, RELEASE, TASKS, task_report
from tests.servers.reflection.conftest import report

BACKENDS = ("sqlite", "postgresql")  # every test here runs on both stores (see conftest)

FLOW: list[tuple[str, str | None]] = [("web_search", None), ("web_fetch", None), ("file_write", None)]


def _trace(i: int, tools: list[str], ok: bool = True) -> Trace:
    return Trace(f"t{i}", f"task {i}", ok, [{"tool": t, "ok": True} for t in tools])


def test_longest_run_only_unless_a_piece_recurs_alone() -> None:
    traces = [_trace(i, ["a", "b", "c"]) for i in range(4)] + [_trace(9, ["x", "a", "b", "y"])]
    assert [w.tools for w in workflows(traces, 3, 2, 0.7)] == [("a", "b", "c")]
    traces += [_trace(10 + i, ["a", "b", f"z{i}"]) for i in range(3)]
    assert {w.tools for w in workflows(traces, 3, 2, 0.7)} == {("a", "b", "c"), ("a", "b")}


def test_thresholds_occurrences_steps_success() -> None:
    assert workflows([_trace(i, ["a", "b"]) for i in range(2)], 3, 2, 0.7) == []
    assert workflows([_trace(i, ["a", "a", "a"]) for i in range(5)], 3, 2, 0.7) == []  # a retry is one step
    mixed = [_trace(i, ["a", "b"], ok=i < 2) for i in range(4)]
    assert workflows(mixed, 3, 2, 0.7) == []  # 2 of 4 successful


def _run(svc: ReflectionService, n: int, steps: list[tuple[str, str | None]] = FLOW, user: str = "u") -> None:
    for i in range(n):
        svc.reflect(report(task=f"research vendor {i} and save notes", task_id=f"{user}{i}", steps=steps), user)


def test_workflow_suggestion_is_valid_skill(svc: ReflectionService, tmp_path: Path) -> None:
    bus = svc.bus
    assert isinstance(bus, EventBus)
    _run(svc, 2)
    assert svc.suggestions.all("u") == []
    _run(svc, 4)
    [s] = svc.suggestions.all("u", "open")
    assert s.tools == ["web_search", "web_fetch", "file_write"] and s.occurrences == 4
    folder = tmp_path / s.name
    folder.mkdir()
    (folder / "SKILL.md").write_text(s.skill_md, encoding="utf-8")
    findings = lint_skill(folder)
    assert [f for f in findings if f.severity is Severity.ERROR] == []
    assert [f.code for f in findings if f.severity is Severity.WARNING] == []
    assert [e.type for e in bus.recent(50, "skill.suggested")] == ["skill.suggested"]
    assert any(e.payload["kind"] == "workflow_sequence" for e in bus.recent(50, "pattern.detected"))


def test_accept_writes_into_the_user_scope(svc: ReflectionService, rsettings: CairnSettings) -> None:
    _run(svc, 3)
    [s] = svc.suggestions.all("u", "open")
    accepted = svc.suggestions.accept("u", s.id)
    path = rsettings.home / "skills" / "user" / s.name / "SKILL.md"
    assert accepted.path == str(path) and path.read_text(encoding="utf-8") == s.skill_md
    with pytest.raises(ReflectionInputError, match="already accepted"):
        svc.suggestions.accept("u", s.id)
    _run(svc, 2, user="u")  # more runs of an accepted workflow: no new suggestion
    assert svc.suggestions.all("u", "open") == []


def test_dismissed_sequence_is_not_suggested_again(svc: ReflectionService) -> None:
    _run(svc, 3)
    [s] = svc.suggestions.all("u", "open")
    svc.suggestions.dismiss("u", s.id)
    svc.reflect(report(task="one more", task_id="late", steps=FLOW), "u")
    assert svc.suggestions.all("u", "open") == []


def test_sequences_an_existing_skill_covers_are_skipped(svc: ReflectionService, rsettings: CairnSettings) -> None:
    skill = rsettings.home / "skills" / "user" / "fetch-and-save"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(
        "---\nname: fetch-and-save\ndescription: Fetch pages and save them. Use when saving pages.\n"
        "triggers:\n  tool_signals: [web_search, web_fetch, file_write]\n---\n\nBody.\n",
        encoding="utf-8",
    )
    _run(svc, 3)
    result = svc.detect_patterns("u")
    assert result.suggestions == [] and result.covered == [
        "web_search→web_fetch→file_write (covered by fetch-and-save)"
    ]


def test_builtin_skill_body_counts_as_coverage(svc: ReflectionService) -> None:
    # skills/daily-briefing names job_create and later memory_recall in its body.
    _run(svc, 3, steps=[("job_create", None), ("memory_recall", None)])
    assert svc.suggestions.all("u") == []
    assert any("daily-briefing" in c for c in svc.detect_patterns("u").covered)


def test_tool_failures_and_repeated_questions(svc: ReflectionService) -> None:
    for i in range(3):
        svc.reflect(
            report(
                task=f"what is the weather in Berlin today {i}",
                task_id=f"w{i}",
                steps=[("weather_api", "HTTP 429 rate limited"), ("weather_api", None)],
            ),
            "u",
        )
    kinds = {(d.kind, d.key) for d in svc.detect_patterns("u").detections}
    assert ("tool_failure", "weather_api") in kinds
    assert any(kind == "repeated_question" and "weather" in key for kind, key in kinds)


# --- traces shaped like Claude Code's (see claude_code_traces.py) ------------------------------------------


def _claude_code_traces(ids: str = "") -> list[Trace]:
    return [Trace(task_id, task, True, steps) for task_id, task, steps in TASKS if not ids or task_id[0] in ids]


def test_one_workflow_per_real_workflow_in_claude_code_traces() -> None:
    found = workflows(_claude_code_traces(), 3, 2, 0.7)
    assert {w.tools: sorted(t.task_id for t in w.traces) for w in found} == {
        MIGRATION: ["m1", "m2", "m3"],
        RELEASE: ["r1", "r2", "r3"],
        DBT_CHANGE: ["d1", "d2", "d3"],
    }


def test_steps_compare_by_command_and_file_role_not_tool_name() -> None:
    # By tool name alone the release and the migration were the same "Read, Edit, Bash" workflow.
    found = workflows(_claude_code_traces("mr"), 3, 2, 0.7)
    assert len(found) == 2 and all("Bash(" in w.key for w in found)


def test_a_recurring_failure_and_its_recovery_is_not_a_workflow() -> None:
    # push rejected → pull --rebase → push, and Edit before Read → Read → Edit, three tasks each.
    assert workflows(_claude_code_traces("pe"), 3, 2, 0.7) == []


def test_a_piece_whose_extra_occurrences_stay_under_the_threshold_is_not_reported() -> None:
    traces = [_trace(i, ["a", "b", "c", "d"]) for i in range(3)] + [_trace(10 + i, ["x", "b", "c"]) for i in range(2)]
    assert [w.tools for w in workflows(traces, 3, 2, 0.7)] == [("a", "b", "c", "d")]


def test_a_workflow_longer_than_the_mined_runs_is_one_workflow_not_its_windows() -> None:
    steps = [f"s{n}" for n in range(11)]  # longer than the 8 steps runs are mined to
    traces = [_trace(i, [f"before{i}", *steps, f"after{i}"]) for i in range(3)]
    (found,) = workflows(traces, 3, 2, 0.7)
    assert found.tools == tuple(steps) and found.runs()[0] == traces[0].steps[1:12]


def test_a_piece_that_recurs_on_its_own_counts_only_those_tasks() -> None:
    traces = [_trace(i, ["a", "b", "c"]) for i in range(3)] + [_trace(10 + i, ["a", "b", f"z{i}"]) for i in range(3)]
    piece = next(w for w in workflows(traces, 3, 2, 0.7) if w.tools == ("a", "b"))
    assert sorted(t.task_id for t in piece.traces) == ["t10", "t11", "t12"]


def test_plain_tools_that_differ_only_in_argument_keys_are_one_workflow() -> None:
    def call(i: int, keys: list[str]) -> Trace:
        steps = [{"tool": "search", "arguments": dict.fromkeys(keys, "x")}, {"tool": "summarise", "arguments": {}}]
        return Trace(f"t{i}", f"task {i}", True, steps)

    traces = [call(i, ["query"]) for i in range(3)] + [call(10 + i, ["query", "limit"]) for i in range(3)]
    (found,) = workflows(traces, 3, 2, 0.7)
    assert found.tools == ("search", "summarise") and found.occurrences == 6


def test_tool_failures_count_by_command() -> None:
    found = tool_failures(_claude_code_traces("pr"), 3)
    assert [(d.key, d.frequency) for d in found] == [("Bash(git push)", 4)]


def test_claude_code_workflows_become_named_linted_suggestions(svc: ReflectionService, tmp_path: Path) -> None:
    for task_id, task, steps in TASKS:
        svc.reflect(task_report(task_id, task, steps), "u")
    suggestions = svc.suggestions.all("u", "open")
    assert {s.name: tuple(s.tools) for s in suggestions} == {
        "alembic-migration": MIGRATION,
        "release-tag-and-push": RELEASE,
        "dbt-model": DBT_CHANGE,
    }
    for s in suggestions:
        assert "Call `Bash`" not in s.skill_md and "then" not in s.name
        folder = tmp_path / s.name
        folder.mkdir()
        (folder / "SKILL.md").write_text(s.skill_md, encoding="utf-8")
        assert [f.code for f in lint_skill(folder) if f.severity in (Severity.ERROR, Severity.WARNING)] == []
    keys = {d.key for d in svc.detect_patterns("u").detections if d.kind == "workflow_sequence"}
    assert keys == {"→".join(MIGRATION), "→".join(RELEASE), "→".join(DBT_CHANGE)}


def test_an_open_suggestion_is_superseded_when_its_parent_is_found(svc: ReflectionService) -> None:
    fetch, diff, push = "catalog_fetch", "catalog_diff", "catalog_push"

    def run(task_id: str, tools: list[str]) -> None:
        steps: list[tuple[str, str | None]] = [(t, None) for t in tools]
        svc.reflect(report(task=f"sync the catalog {task_id}", task_id=task_id, steps=steps), "u")

    for task_id, last in [("t1", push), ("t2", push), ("t3", "catalog_note")]:
        run(task_id, [fetch, diff, last])
    [piece] = svc.suggestions.all("u", "open")
    assert piece.tools == [fetch, diff]
    run("t4", [fetch, diff, push])  # now fetch → diff → push is a workflow, and fetch → diff recurs only in it
    assert [s.tools for s in svc.suggestions.all("u", "open")] == [[fetch, diff, push]]
    assert [s.tools for s in svc.suggestions.all("u")] == [[fetch, diff, push]]
    with pytest.raises(ReflectionInputError, match="longer workflow"):
        svc.suggestions.accept("u", piece.id)
    for task_id in ("t5", "t6", "t7"):
        run(task_id, [fetch, diff, f"other_{task_id}"])  # fetch → diff recurs on its own again: listed again
    assert sorted(s.tools for s in svc.suggestions.all("u", "open")) == [[fetch, diff], [fetch, diff, push]]


def test_a_step_some_occurrences_add_or_take_in_another_order_does_not_split_a_workflow() -> None:
    # Three deploys alike but not identical: one commits first, one pulls first, one logs in before building
    # (in one chained line); exact runs kept only the last four steps, without the build.
    deploys = [
        ["git commit", "docker build", "az acr login", "docker push", "az update", "curl"],
        ["git pull", "docker build", "az acr login", "docker push", "az update", "curl"],
        ["az acr login", "docker build", "docker push", "az update", "curl"],
    ]
    (found,) = workflows([_trace(i, steps) for i, steps in enumerate(deploys)], 3, 2, 0.7)
    assert found.tools == ("docker build", "az acr login", "docker push", "az update", "curl")
    # A release that switches branch in two of three tasks stays one workflow, without the switch.
    releases = [
        ["edit", "pack", "push pkg", "switch", "commit", "tag", "push"],
        ["edit", "pack", "push pkg", "switch", "commit", "tag", "push"],
        ["edit", "pack", "push pkg", "commit", "tag", "push"],
    ]
    (found,) = workflows([_trace(i, steps) for i, steps in enumerate(releases)], 3, 2, 0.7)
    assert found.tools == ("edit", "pack", "push pkg", "commit", "tag", "push")


def test_steps_far_from_a_workflow_do_not_join_it() -> None:
    traces = [_trace(i, ["a", "b", "c", f"x{i}", f"y{i}", f"z{i}", "d"]) for i in range(3)]
    assert [w.tools for w in workflows(traces, 3, 2, 0.7)] == [("a", "b", "c")]


def test_a_complaint_about_the_answer_does_not_fail_the_steps_that_ran(svc: ReflectionService) -> None:
    # The user found one PR description too long: the workflow that wrote it still ran, so it is still drafted.
    for i in range(3):
        complaint = {"user_feedback": "way too long, I had to cut half of it", "user_reaction": "complained"}
        extra = complaint if i == 1 else {}
        svc.reflect(report(task=f"ship branch {i}", task_id=f"s{i}", steps=FLOW, **extra), "u")
    [s] = svc.suggestions.all("u", "open")
    assert s.occurrences == 3
