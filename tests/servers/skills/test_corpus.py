"""The real corpus (153 public skills, read-only): every folder is accounted for, loads, lists, is searchable."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from servers.skills.service import SkillsService
from skillslint import Severity, lint_paths
from tests.conftest import CORPUS

pytestmark = pytest.mark.skipif(not CORPUS.is_dir(), reason="the shared corpus is not beside this checkout")


def test_every_corpus_skill_is_served_with_its_lint_errors_shown(make_service: Callable[..., SkillsService]) -> None:
    service = make_service(paths=[CORPUS], include_system=False)
    lib = service.library()
    loaded = list(lib.by_scope["project"].values())
    # Hosts load every one of these; so does Cairn.
    assert len(loaded) == 153
    # Exactly the folders with lint errors are listed as problems, each served and with the linter's findings.
    report = lint_paths([CORPUS])
    erroneous = {str(r.path) for r in report.skills if any(f.severity is Severity.ERROR for f in r.findings)}
    assert {p.path for p in lib.problems} == erroneous
    assert all(p.loaded and p.reason.startswith("served despite lint errors: SR") and p.findings for p in lib.problems)
    # Same-named plugin skills are namespaced, not dropped.
    assert {"discord.access", "telegram.access", "imessage.configure"} <= set(lib.skills)
    listed = service.list_skills().skills
    assert len(listed) == len(loaded) == len(lib.skills)
    assert all(s.description for s in listed)
    assert sum(s.lint_errors > 0 for s in listed) == len(erroneous)


def test_strict_loading_skips_the_corpus_skills_with_lint_errors(make_service: Callable[..., SkillsService]) -> None:
    service = make_service(paths=[CORPUS], include_system=False, strict_loading=True)
    lib = service.library()
    assert len(lib.by_scope["project"]) + len(lib.problems) == 153
    assert lib.problems and all(not p.loaded and p.reason.startswith("skipped for lint errors") for p in lib.problems)


def test_every_loaded_corpus_skill_is_searchable_by_its_name(make_service: Callable[..., SkillsService]) -> None:
    service = make_service(paths=[CORPUS], include_system=False)
    missing = []
    for skill in service.library().skills.values():
        hits = [h.name for h in service.search(skill.declared_name.replace("-", " "), limit=10).results]
        if skill.name not in hits:
            missing.append(skill.name)
    assert missing == []


def test_corpus_bodies_activate_and_match_in_budget(make_service: Callable[..., SkillsService]) -> None:
    service = make_service(paths=[CORPUS], include_system=False)
    for name in service.library().skills:
        assert service.activate(name).body
    result = service.match("create a new MCP server in Python")
    assert result.matches and len(result.matches) <= 3
