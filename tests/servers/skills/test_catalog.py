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


def test_lint_errors_are_shown_with_the_skill_not_hidden(service: SkillsService, roots: dict[str, Path]) -> None:
    write_skill(roots["project"], "bad", "Has <html> in it, which breaks XML prompts.")
    write_skill(roots["project"], "good")
    (roots["project"] / "noisy").mkdir()
    (roots["project"] / "noisy" / "SKILL.md").write_text("---\nname: noisy\ndescription: x\nfoo: 1\n---\nbody\n")
    service.catalog.invalidate()
    listed = {s.name: s.lint_errors for s in service.list_skills().skills}
    assert listed == {"bad": 1, "good": 0, "noisy": 0}  # warnings are not errors
    [problem] = service.problems()
    assert problem.name == "bad" and problem.loaded and "SR114" in problem.reason
    assert problem.reason.startswith("served despite lint errors")
    assert service.list_skills().problems == 1
    assert service.activate("bad").body


def test_strict_loading_skips_skills_with_lint_errors(
    make_service: Callable[..., SkillsService], roots: dict[str, Path]
) -> None:
    write_skill(roots["project"], "bad", "Has <html> in it, which breaks XML prompts.")
    write_skill(roots["project"], "good")
    service = make_service(strict_loading=True)
    assert [s.name for s in service.list_skills().skills] == ["good"]
    [problem] = service.problems()
    assert problem.name == "bad" and not problem.loaded and "SR114" in problem.reason


def test_unusable_skills_are_not_served_even_leniently(service: SkillsService, roots: dict[str, Path]) -> None:
    for name, text in {
        "nofm": "# just a heading\n",
        "noname": "---\ndescription: Does things.\n---\nbody\n",
        "nodesc": "---\nname: nodesc\n---\nbody\n",
        "badyaml": "---\nname: [unclosed\n---\nbody\n",
    }.items():
        (roots["project"] / name).mkdir()
        (roots["project"] / name / "SKILL.md").write_text(text)
    write_skill(roots["project"], "good")
    service.catalog.invalidate()
    assert [s.name for s in service.list_skills().skills] == ["good"]
    reasons = {Path(p.path).name: p for p in service.problems()}
    assert set(reasons) == {"nofm", "noname", "nodesc", "badyaml"}
    assert not any(p.loaded for p in reasons.values())
    assert reasons["noname"].reason.startswith("not served: the frontmatter has no usable name")
    assert reasons["nodesc"].reason.startswith("not served: the frontmatter has no usable description")
    assert reasons["nofm"].reason.startswith("not served: the frontmatter could not be read")


def test_other_conventions_are_read_not_rejected(service: SkillsService, roots: dict[str, Path]) -> None:
    write_skill(
        roots["project"],
        "incident",
        "Runbook for production incidents.",
        triggers=["Page the on-call", "sev1 incident"],
        priority="high",
        chain=[{"skill": "Not A Name"}],
    )
    (roots["project"] / "Odd_Name").mkdir()
    (roots["project"] / "Odd_Name" / "SKILL.md").write_text("---\nname: Odd_Name\ndescription: Odd.\n---\nbody\n")
    service.catalog.invalidate()
    skill = service.get("incident")
    assert skill.triggers is None and skill.phrases == ("page the on-call", "sev1 incident")
    assert skill.priority == 5 and skill.chain == ()
    assert any("priority" in n for n in skill.notes) and any("chain" in n for n in skill.notes)
    assert service.get("odd-name").declared_name == "odd-name"


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


def test_a_broken_cairn_extension_is_served_without_the_broken_part(
    service: SkillsService, roots: dict[str, Path]
) -> None:
    write_skill(
        roots["project"],
        "half-valid",
        "Deploys things. Use when deploying.",
        triggers={"intent_patterns": ["deploy(", r"\bship\b"], "tool_signals": ["kubectl"]},
        chain=[{"skill": "build"}, {"skill": 42}],
    )
    service.catalog.invalidate()
    skill = service.get("half-valid")
    assert skill.triggers is not None and skill.triggers.patterns == (r"\bship\b",)
    assert skill.chain == ()  # all steps or none
    [problem] = service.problems()
    assert problem.loaded and {f["code"] for f in problem.findings} == {"SR203", "SR204"}
    assert "deploy(" in problem.reason and "chain" in problem.reason
    assert [m.name for m in service.match("ship the release").matches] == ["half-valid"]
