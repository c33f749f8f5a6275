"""Suggested skills are named after what their steps do, listed with the right signals, and not re-suggested."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from servers.reflection import suggest
from servers.reflection.patterns import Trace, workflows
from servers.reflection.steps import StepId
from servers.reflection.suggest import KnownSkill, covered_by, unique_name, workflow_name
from skillslint import Severity, lint_paths
from tests.servers.reflection.claude_code_traces import TASKS, migration, release

VALID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def _flows(traces: list[Trace]) -> dict[str, tuple[str, str]]:
    """name → (description, SKILL.md) of every workflow found."""
    rendered = [suggest.render(wf) for wf in workflows(traces, 3, 2, 0.7)]
    return {name: (description, text) for name, description, text in rendered}


def test_drafts_are_named_after_commands_file_roles_and_shared_words(tmp_path: Path) -> None:
    flows = _flows([Trace(i, task, True, steps) for i, task, steps in TASKS])
    assert set(flows) == {"alembic-migration", "release-tag-and-push", "dbt-model"}
    for name, (description, text) in flows.items():
        assert "Use when a task is about" in description and "<" not in description
        (tmp_path / name).mkdir()
        (tmp_path / name / "SKILL.md").write_text(text, encoding="utf-8")
    findings = lint_paths([tmp_path / n for n in flows]).findings
    assert [f for f in findings if f.severity in (Severity.ERROR, Severity.WARNING)] == []


def test_chinese_requests_give_valid_english_names() -> None:
    migrations = [
        ("z1", "给 orders 表加 status 字段，并写一个迁移", migration("orders_status", "1a2b")),
        ("z2", "写迁移：invoices 加 paid_at 字段", migration("invoices_paid_at", "3c4d")),
        ("z3", "为 users.email 建索引的数据库迁移", migration("users_email", "5e6f")),
    ]
    releases = [("y1", "发布 1.4.0 版本", release("1.4.0")), ("y2", "发布新版本 1.5.0", release("1.5.0"))]
    releases.append(("y3", "打标签并发布 2.0.0", release("2.0.0")))
    flows = _flows([Trace(i, task, True, steps) for i, task, steps in migrations + releases])
    assert set(flows) == {"alembic-migration", "release-tag-and-push"}
    assert "(迁移|字段)" in flows["alembic-migration"][1]  # an intent pattern without \b, which CJK lacks


def test_a_test_run_does_not_name_a_workflow_that_has_a_telling_command() -> None:
    steps = [StepId("Bash", "shell", "alembic revision"), StepId("Bash", "shell", "pytest")]
    assert workflow_name(steps, ["add a migration", "new migration for x", "migration: index"]) == "alembic-migration"


def test_names_fall_back_to_file_roles_then_to_the_steps() -> None:
    edits = [StepId("Edit", "file", "test"), StepId("Bash", "shell", "pytest")]
    assert workflow_name(edits, ["t1", "t2", "t3"]) == "pytest-tests"
    plain = (StepId("web_search", "call", "query"), StepId("file_write", "call", "path"))
    assert workflow_name(plain, ["vendor Acme", "vendor Globex", "vendor Initech"]) == "vendor"
    assert workflow_name(plain, ["a", "b", "c"]) == ""  # nothing says what it does: render names the steps
    flows = _flows([Trace(f"t{i}", f"task {i}", True, [{"tool": "fetch_a"}, {"tool": "save_b"}]) for i in range(3)])
    assert list(flows) == ["fetch-a-then-save-b-flow"]


def test_names_are_unique_and_within_the_limit() -> None:
    assert unique_name("release-tag-and-push", {"release-tag-and-push", "release-tag-and-push-2"}) == (
        "release-tag-and-push-3"
    )
    steps = [StepId("Bash", "shell", f"{'x' * 30}{n} run") for n in range(4)]
    name = workflow_name(steps, ["deploy"] * 3)
    assert len(name) <= 60 and VALID.match(name)


def test_tool_signals_list_plain_tools_only() -> None:
    flows = _flows([Trace(i, task, True, steps) for i, task, steps in TASKS])
    assert "tool_signals" not in flows["release-tag-and-push"][1]  # Bash and Edit would match every session
    steps = [{"tool": "web_search"}, {"tool": "web_fetch"}]
    (_, text) = next(iter(_flows([Trace(f"t{i}", "research vendor pricing", True, steps) for i in range(3)]).values()))
    assert "tool_signals:\n  - web_search\n  - web_fetch" in text


@pytest.mark.parametrize(
    ("body", "signals", "covered"),
    [
        ("Update the changelog, then `git tag` and `git push --tags`.", frozenset(), True),
        ("Run `git push`, then `git tag`.", frozenset(), False),  # another order
        ("Anything.", frozenset({"Bash", "Edit"}), False),  # shell and file tools signal nothing
    ],
)
def test_existing_skills_cover_a_workflow_by_its_commands_in_order(
    body: str, signals: frozenset[str], covered: bool
) -> None:
    steps = [
        StepId("Edit", "file", "changelog"),
        StepId("Bash", "shell", "git tag"),
        StepId("Bash", "shell", "git push"),
    ]
    skill = KnownSkill("releasing", Path("SKILL.md"), signals, body)
    assert (covered_by(steps, [skill]) == "releasing") is covered


def test_skill_places_come_from_the_skills_settings_in_the_suite(tmp_path: Path) -> None:
    """Reflection checks workflows against the skills server's folders when the suite configures both, and
    against the user's scope and the built-in skills alone."""
    from servers.reflection.settings import ReflectionServerSettings
    from servers.suite.settings import CairnSettings

    project, system = tmp_path / "project-skills", tmp_path / "system-skills"
    system.mkdir()
    suite = CairnSettings(home=tmp_path / "home", skills={"paths": [project], "system_path": system})
    assert suite.skill_places().paths == (project,)
    assert suggest.skill_roots(suite) == [project, suggest.user_scope(suite), system]
    without_system = CairnSettings(home=tmp_path / "home", skills={"paths": [project], "include_system": False})
    assert suggest.skill_roots(without_system) == [project, suggest.user_scope(without_system)]
    alone = ReflectionServerSettings(home=tmp_path / "home")
    assert suggest.skill_roots(alone)[0] == suggest.user_scope(alone)
