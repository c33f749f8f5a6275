"""New-skill drafts from unmatched tasks carry the steps memory captured for those tasks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from servers.core.events import Event
from servers.skills.service import SkillsService
from skillslint import Severity, lint_paths
from tests.servers.skills.conftest import write_skill

BACKENDS = ("sqlite",)


@pytest.fixture
def svc(service: SkillsService, roots: dict[str, Path]) -> SkillsService:
    write_skill(
        roots["project"],
        "deploying",
        body="# deploying\n\nRun `make deploy`.\n",
        triggers={"intent_patterns": ["deploy"]},
    )
    service.catalog.invalidate()
    return service


def _trace(period: str, failed: bool) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = [{"tool": "read_csv", "arguments": f'{{"path": "sales_{period}.csv"}}', "ok": True}]
    if failed:
        steps.append({"tool": "plot_chart", "arguments": '{"kind": "bar"}', "ok": False, "error": "invalid column"})
        steps.append({"tool": "plot_chart", "arguments": '{"kind": "bar", "x": "month"}', "ok": True})
    else:
        steps.append({"tool": "plot_chart", "arguments": '{"kind": "bar", "x": "week"}', "ok": True})
    return steps


def _recommend(svc: SkillsService, session: str, capture: bool) -> str:
    for period, failed in (("weekly", True), ("monthly", False)):
        task = f"convert the {period} sales csv to a chart"
        svc.match(task, session_id=session)
        if capture:
            payload = {"task": task, "outcome": "done", "trace": _trace(period, failed)}
            svc.learning.on_captured(Event("memory.captured", payload, session_id=session))
    svc.activate("deploying", session_id=session)
    report = svc.learning.report_usage("deploying", session, "done", [])
    assert report.recommendation is not None and report.recommendation.type == "new_skill"
    return report.recommendation.suggested


def test_draft_steps_are_the_captured_tool_calls(svc: SkillsService, tmp_path: Path) -> None:
    text = _recommend(svc, "d1", capture=True)
    assert "Restate" not in text
    assert '1. Call `read_csv` with `path` (e.g. "sales_' in text
    assert "2. Call `plot_chart` with `kind`" in text
    assert "If `plot_chart` fails (bad arguments; seen in 1 of 2 tasks): retry it once with changed arguments" in text
    assert "tool_signals:\n  - read_csv\n  - plot_chart" in text
    folder = tmp_path / text.split("name: ", 1)[1].split("\n", 1)[0]  # the linter wants folder == name
    folder.mkdir()
    (folder / "SKILL.md").write_text(text, "utf-8")
    assert [f for f in lint_paths([folder]).findings if f.severity in (Severity.ERROR, Severity.WARNING)] == []


def test_without_captures_the_draft_does_not_invent_steps(svc: SkillsService) -> None:
    text = _recommend(svc, "d2", capture=False)
    assert "were not captured" in text and "Call `" not in text
