"""Scopes, overrides, disabling, lint problems, duplicate names and hot reload."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from servers.skills.models import SkillNotFound
from servers.skills.service import SkillsService
from tests.servers.skills.conftest import write_skill

BACKENDS = ("sqlite", "postgresql")  # every test here runs on both stores (see conftest)


def test_project_overrides_user_overrides_system(service: SkillsService, roots: dict[str, Path]) -> None:
    write_skill(roots["system"], "shared", "System copy. Use when testing scopes.")
    write_skill(service.user_dir, "shared", "User copy. Use when testing scopes.")
    write_skill(roots["project"], "shared", "Project copy. Use when testing scopes.")
    write_skill(roots["system"], "only-system")
    service.catalog.invalidate()
    assert service.get("shared").scope == "project"
    listed = {s.name: s.scope for s in service.list_skills().skills}
    assert listed == {"shared": "project", "only-system": "system"}
    statuses = {s.name: s.status for s in service.list_skills("system").skills}
    assert statuses == {"shared": "overridden", "only-system": "active"}


def test_disable_per_scope_lets_the_scope_below_show_through(service: SkillsService, roots: dict[str, Path]) -> None:
    write_skill(roots["system"], "shared", "System copy. Use when testing scopes.")
    write_skill(roots["project"], "shared", "Project copy. Use when testing scopes.")
    change = service.set_enabled("shared", "project", False)
    assert change.active is not None and change.active.scope == "system"
    assert {s.name: s.status for s in service.list_skills("project").skills} == {"shared": "disabled"}
    assert service.set_enabled("shared", "all", False).active is None
    with pytest.raises(SkillNotFound):
        service.get("shared")
    assert service.set_enabled("shared", "all", True).active.scope == "project"  # type: ignore[union-attr]


def test_disabling_an_unknown_skill_is_an_error(service: SkillsService) -> None:
    with pytest.raises(SkillNotFound, match="list_skills"):
        service.set_enabled("nope", "all", False)


def test_lint_errors_skip_the_skill_with_a_reason(service: SkillsService, roots: dict[str, Path]) -> None:
    write_skill(roots["project"], "bad", "Has <html> in it, which breaks XML prompts.")
    write_skill(roots["project"], "good")
    (roots["project"] / "noisy").mkdir()
    (roots["project"] / "noisy" / "SKILL.md").write_text("---\nname: noisy\ndescription: x\nfoo: 1\n---\nbody\n")
    service.catalog.invalidate()
    assert sorted(s.name for s in service.list_skills().skills) == ["good", "noisy"]  # warnings are fine
    [problem] = service.problems()
    assert problem.name == "bad" and "SR114" in problem.reason
    assert service.list_skills().problems == 1


def test_same_name_twice_in_one_scope_gets_namespaced(service: SkillsService, roots: dict[str, Path]) -> None:
    for plugin in ("discord", "telegram"):
        write_skill(roots["project"] / plugin / "skills", "access", f"Access for {plugin}. Use when pairing.")
    service.catalog.invalidate()
    names = {s.name for s in service.list_skills().skills}
    assert names == {"discord.access", "telegram.access"}
    assert "telegram" in service.get("telegram.access").description.lower()


def test_edits_are_seen_at_the_next_call(service: SkillsService, roots: dict[str, Path]) -> None:
    folder = write_skill(roots["project"], "live", "First version. Use when testing reload.")
    assert service.get("live").description.startswith("First")
    write_skill(roots["project"], "live", "Second version. Use when testing reload.")
    os.utime(folder / "SKILL.md", ns=(1, 1))  # a different mtime even on coarse clocks
    assert service.get("live").description.startswith("Second")
    write_skill(roots["project"], "added")
    assert "added" in {s.name for s in service.list_skills().skills}
    (folder / "SKILL.md").unlink()
    assert "live" not in {s.name for s in service.list_skills().skills}


def test_snapshot_is_reused_while_nothing_changes(service: SkillsService, roots: dict[str, Path]) -> None:
    write_skill(roots["project"], "stable")
    first = service.library()
    assert service.library() is first


def test_check_interval_delays_the_tree_scan_but_not_a_skills_own_edits(
    make_service: Callable[..., SkillsService], roots: dict[str, Path]
) -> None:
    service = make_service(reload_check_s=3600)
    folder = write_skill(roots["project"], "slow", "Old text. Use when testing reload.")
    service.library()
    write_skill(roots["project"], "newcomer")
    assert "newcomer" not in service.library().skills  # tree scan waits for the interval
    write_skill(roots["project"], "slow", "New text. Use when testing reload.")
    os.utime(folder / "SKILL.md", ns=(2, 2))
    assert service.get("slow").description.startswith("New")  # activation re-checks its own files


def test_unknown_name_suggests_a_close_one(service: SkillsService, roots: dict[str, Path]) -> None:
    write_skill(roots["project"], "systematic-debugging")
    with pytest.raises(SkillNotFound, match="did you mean 'systematic-debugging'"):
        service.get("systematic-debuging")
