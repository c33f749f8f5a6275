"""The built-in skills: lint-clean with --strict, triggers that fire, a chain that resolves."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from servers.skills.catalog import system_skills_dir
from servers.skills.service import SkillsService
from skillslint import lint_paths


def test_builtin_skills_are_strictly_lint_clean() -> None:
    report = lint_paths([system_skills_dir()])
    assert len(report.skills) >= 6
    assert report.ok(strict=True), [f.to_dict() for f in report.findings]
    assert all(r.name and r.name == r.path.name for r in report.skills)


@pytest.fixture
def builtin(make_service: Callable[..., SkillsService]) -> SkillsService:
    return make_service(system_path=system_skills_dir(), paths=[])


@pytest.mark.parametrize(
    ("task", "expected"),
    [
        ("remember that I prefer pnpm", "memory-habits"),
        ("记住我喜欢用深色主题", "memory-habits"),
        ("research the state of vector databases", "deep-research"),
        ("do a competitive analysis of Notion and Obsidian", "competitive-analysis"),
        ("帮我做一个竞品分析", "competitive-analysis"),
        ("send me a daily briefing every morning at 8", "daily-briefing"),
        ("let's do a retrospective on this failed deploy", "task-reflection"),
        ("write a SKILL.md for invoice parsing", "skill-authoring"),
        ("write a commit message for the staged changes", "commit-messages"),
    ],
)
def test_builtin_triggers(builtin: SkillsService, task: str, expected: str) -> None:
    assert [m.name for m in builtin.match(task).matches][:1] == [expected]


def test_competitive_analysis_wins_its_exclusive_group_and_expands(builtin: SkillsService) -> None:
    got = builtin.match("research our competitors and write a competitive analysis")
    assert [m.name for m in got.matches] == ["competitive-analysis"]  # deep-research shares the group, lower priority
    steps = builtin.activate("competitive-analysis").steps
    assert [s.skill for s in steps] == ["deep-research", "research-briefing", "report-writing"]


def test_unrelated_requests_match_nothing(builtin: SkillsService) -> None:
    for task in ("what's the weather in Paris", "translate this sentence to French", "今天天气怎么样"):
        assert builtin.match(task).matches == [], task
