"""Patterns (000 §5.2) and skill suggestions (000 §4.2.6): detection, coverage, linted SKILL.md, acceptance."""

from __future__ import annotations

from pathlib import Path

import pytest

from servers.core.events import EventBus
from servers.reflection.models import ReflectionInputError
from servers.reflection.patterns import Trace, workflows
from servers.reflection.service import ReflectionService
from servers.settings import CairnSettings
from skillslint import Severity, lint_skill
from tests.servers.reflection.conftest import report

BACKENDS = ("sqlite", "postgresql")  # every test here runs on both stores (see conftest)

FLOW = [("web_search", None), ("web_fetch", None), ("file_write", None)]


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
