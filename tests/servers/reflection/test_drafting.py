"""Skill drafts carry the steps, arguments, failures and recoveries of the tasks they come from."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from servers.reflection import drafting, suggest
from servers.reflection.patterns import Trace, workflows
from skillslint import Severity, lint_paths
from tests.servers.reflection.claude_code_traces import TASKS, bash, edit


def _run(i: int, *, timeout: bool = False, fallback: bool = False) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = [{"tool": "web_search", "arguments": f'{{"query": "vendor {i} pricing"}}'}]
    if timeout:
        steps.append(
            {"tool": "fetch_page", "arguments": {"url": f"https://v{i}.test"}, "ok": False, "error": "timed out"}
        )
    if fallback:
        steps.append({"tool": "fetch_page", "arguments": {"url": "u"}, "ok": False, "error": "403 Forbidden"})
        steps.append({"tool": "browser_open", "arguments": {"url": "u"}, "ok": True})
    else:
        steps.append({"tool": "fetch_page", "arguments": {"url": f"https://v{i}.test"}, "result": "Plans: $10"})
    steps.append({"tool": "write_file", "arguments": {"path": f"notes/v{i}.md"}, "ok": True})
    return steps


def test_common_sequence_is_the_majority_run_retries_collapsed() -> None:
    runs = [_run(1, timeout=True), _run(2), _run(3), [{"tool": "other"}]]
    assert drafting.common_sequence(runs) == ("web_search", "fetch_page", "write_file")
    # Without a majority: the tools at least half the tasks used, in their usual order.
    mixed = [[{"tool": "a"}, {"tool": "b"}], [{"tool": "a"}, {"tool": "c"}, {"tool": "b"}], [{"tool": "d"}]]
    assert drafting.common_sequence(mixed) == ("a", "b")


def test_steps_name_the_arguments_and_results_the_tasks_used() -> None:
    lines = drafting.step_lines([_run(1), _run(2, timeout=True)], ("web_search", "fetch_page", "write_file"))
    assert lines[0] == '1. Call `web_search` with `query` (e.g. "vendor 1 pricing") (2/2 calls succeeded).'
    assert lines[1].startswith("2. Call `fetch_page` with `url`") and 'returned e.g. "Plans: $10"' in lines[1]
    assert "(2/3 calls succeeded)" in lines[1]


def test_failure_notes_say_what_recovered_and_how_often() -> None:
    runs = [_run(1, timeout=True), _run(2, timeout=True), _run(3, fallback=True), _run(4)]
    notes = drafting.failure_notes(runs)
    assert (
        notes[0]
        == "- If `fetch_page` fails (timeout; seen in 2 of 4 tasks): retry it once; that recovered 2 of 2 times."
    )
    assert notes[1] == (
        "- If `fetch_page` fails (permission; seen in 1 of 4 tasks): fall back to `browser_open`; "
        "that recovered 1 of 1 times."
    )
    stuck = [[{"tool": "deploy", "ok": False, "error": "boom"}]]
    assert "no task recovered" in drafting.failure_notes(stuck)[0]


def test_argument_examples_are_scrubbed() -> None:
    run = [{"tool": "send_mail", "arguments": {"to": "bob@example.com", "body": "<b>hi</b>"}}]
    line = drafting.step_lines([run], ("send_mail",))[0]
    assert "bob@example.com" not in line and "<" not in line


def test_workflow_suggestion_is_drafted_from_its_traces_and_lints_clean(tmp_path: Path) -> None:
    tasks = ["Research vendor Acme pricing", "Research vendor Globex pricing", "research vendor Initech pricing"]
    traces = [Trace(f"t{i}", t, True, _run(i, timeout=i == 1)) for i, t in enumerate(tasks, 1)]
    (wf,) = workflows(traces, 3, 2, 0.7)
    name, description, skill_md = suggest.render(wf)
    assert "Use when a task is about research, vendor, pricing" in description
    assert "1. Call `web_search` with `query`" in skill_md and "3. Call `write_file` with `path`" in skill_md
    assert "If `fetch_page` fails (timeout; seen in 1 of 3 tasks): retry it once" in skill_md
    assert "Restate" not in skill_md
    folder = tmp_path / name
    folder.mkdir()
    (folder / "SKILL.md").write_text(skill_md, encoding="utf-8")
    findings = [f for f in lint_paths([folder]).findings if f.severity in (Severity.ERROR, Severity.WARNING)]
    assert findings == []


def test_evidence_counts_in_a_draft_are_not_mutation_parameters() -> None:
    from servers.reflection.tweaks import rule_based_proposals

    text = (
        "# flow\n\nLearned from 4 tasks that followed these steps (3 of them ended well).\n\n"
        "- If `x` fails (timeout; seen in 2 of 3 tasks): retry it (up to 3 times); that recovered 2 of 2 times.\n"
    )
    changed = [p.expected_change for p in rule_based_proposals(text) if p.type == "A"]
    # Only the retry limit is an instruction; the counts of past tasks only record what happened.
    assert len(changed) == 1 and "up to 2 times" in changed[0]


def _workflow_runs(prefix: str) -> list[list[dict[str, Any]]]:
    traces = [Trace(i, task, True, steps) for i, task, steps in TASKS if i.startswith(prefix)]
    (wf,) = workflows(traces, 3, 2, 0.7)
    return wf.runs()


def test_shell_and_file_steps_read_as_commands_and_file_roles() -> None:
    runs = _workflow_runs("m")
    lines = drafting.step_lines(runs, drafting.common_sequence(runs))
    assert lines[0].startswith("1. Edit the python source (e.g. `src/shop/models.py`)")
    assert lines[1].startswith("2. Run `alembic revision` (e.g. `uv run alembic revision --autogenerate -m")
    assert lines[2].startswith("3. Edit the migration (e.g. `migrations/versions/3f2a_orders_status.py`")
    assert lines[3].startswith('4. Run `uv run alembic upgrade head` ("Apply the migration")')
    assert len(lines) == 4  # reading a file before editing it, or searching, is not a step of its own
    assert not any("Call `" in line or "/home/dev" in line for line in lines)


def test_one_chained_command_is_shown_once() -> None:
    runs = _workflow_runs("r")
    lines = drafting.step_lines(runs, drafting.common_sequence(runs))
    assert lines[2].startswith(
        '3. Run `git commit` (e.g. `git add -A && git commit -m "Release 1.4.0" && git tag v1.4.0`)'
    )
    assert lines[3].startswith("4. Run `git tag` (in the same command)")


def test_failure_notes_name_the_fix_made_before_the_retry() -> None:
    notes = drafting.failure_notes(_workflow_runs("r"))
    assert notes == [
        "- If `git push` fails (rejected (non-fast-forward); seen in 1 of 3 tasks): run `git pull --rebase "
        "origin main` first, then retry it once; that recovered 1 of 1 times."
    ]
    (migration_note,) = drafting.failure_notes(_workflow_runs("m"))
    assert "If `alembic revision` fails (migrations out of date" in migration_note
    assert "run `uv run alembic upgrade head` first, then retry it once;" in migration_note


def test_a_retry_run_another_way_says_how() -> None:
    run = [
        bash("python -m pytest -q", error="/usr/bin/python: No module named pytest"),
        bash("uv run pytest -q", "Run the tests in the project environment"),
    ]
    (note,) = drafting.failure_notes([run])
    assert "run it as `uv run pytest` instead; that recovered 1 of 1 times." in note


def test_a_command_met_twice_in_a_workflow_shows_what_each_step_ran() -> None:
    """`bazel run` loads the image, later pushes it: two steps, each with its own example; two pushes one after
    the other are one step showing both remotes."""

    def release(service: str, version: str) -> list[dict[str, Any]]:
        return [
            bash(f"bazel run --stamp //services/{service}:image_load"),
            bash(f"docker run --rm {service}:dev --version"),
            bash(f"bazel run --stamp //services/{service}:image_push -- --tag {version}"),
            bash("git push origin main --follow-tags"),
            bash("git push gitee main --follow-tags"),
        ]

    runs = [release("ledger", "1.4.0"), release("fx", "0.9.2"), release("gateway", "2.0.1")]
    labels = drafting.common_sequence(runs)
    assert labels == ("Bash(bazel run)", "Bash(docker run)", "Bash(bazel run)", "Bash(git push)")
    lines = drafting.step_lines(runs, labels)
    assert "image_load" in lines[0] and "image_push" not in lines[0]
    assert "image_push" in lines[2] and "image_load" not in lines[2]
    assert "git push origin main --follow-tags" in lines[3] and "git push gitee main --follow-tags" in lines[3]


def _deploy(n: int, looks: list[str]) -> list[dict[str, Any]]:
    return [
        edit(f"/h/shop/k8s/values-{n}.yaml"),
        bash(f"helm upgrade shop ./chart -f k8s/values-{n}.yaml"),
        bash("kubectl rollout restart deploy/shop && kubectl rollout status deploy/shop"),
        *[bash(look) for look in looks],
    ]


def test_the_look_most_tasks_ended_with_is_how_the_draft_checks_the_result() -> None:
    """Looks are no workflow steps, but the one most tasks took after the last step (the pods' logs) is how the
    workflow was known to work; a wait (`adb wait-for-device`) and a look only one task took are not."""
    looks = [
        ["kubectl get pods -l app=shop", "kubectl logs deploy/shop --since=2m | tail -20"],
        ["kubectl logs deploy/shop --since=5m | grep -i error", "kubectl top pods"],
        ["adb wait-for-device && kubectl logs deploy/shop --tail=50"],
    ]
    tasks = [f"roll out values change {n}" for n in range(3)]
    traces = [
        Trace(f"d{n}", t, True, _deploy(n, found)) for n, (t, found) in enumerate(zip(tasks, looks, strict=True), 1)
    ]
    (wf,) = workflows(traces, 3, 2, 0.7)
    _, _, skill_md = suggest.render(wf)
    check = skill_md.split("## Check the result", 1)[1].split("##", 1)[0]
    assert "Look with `kubectl logs` (e.g. `kubectl logs deploy/shop --since=2m | tail -20`), as 3 of the 3" in check
    assert "wait" not in check and "top" not in check and "get pods" not in check


def test_the_look_most_tasks_began_with_is_what_the_draft_looks_at_first() -> None:
    """Before the first step most tasks read what the run needs (the commits since the last tag, for the notes);
    getting one's bearings (`git status`) is not part of the workflow."""
    starts = [
        ["git status", "git log --oneline api-v1.3.0..HEAD -- services/api"],
        ["git log --oneline api-v1.4.0..HEAD", "ls -la"],
        ["git status", "git log --oneline --no-merges api-v1.5.0..HEAD"],
    ]
    traces = []
    for n, looks in enumerate(starts, 1):
        steps = [
            *[bash(look) for look in looks],
            edit("/h/api/CHANGELOG.md"),
            bash(f'git commit -am "release 1.{n + 3}.0"'),
            bash(f"git tag -a api-v1.{n + 3}.0 -m release"),
            bash("git push origin main --follow-tags"),
        ]
        traces.append(Trace(f"r{n}", f"cut api release {n}", True, steps))
    (wf,) = workflows(traces, 3, 3, 0.7)
    _, _, skill_md = suggest.render(wf)
    first = skill_md.split("## Before you start", 1)[1].split("##", 1)[0]
    assert "Look with `git log` (e.g. `git log --oneline api-v1.3.0..HEAD -- services/api`), as 3 of the 3" in first
    assert "git status" not in first and "ls" not in first
    assert skill_md.index("## Before you start") < skill_md.index("## Steps")
