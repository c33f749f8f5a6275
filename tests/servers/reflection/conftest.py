"""Fixtures of the reflection tests: a service without vectors (lexical matching) and one with them.

A test module that sets ``BACKENDS = ("sqlite", "postgresql")`` runs each of its tests on both stores
(PostgreSQL: a fresh database per test); other modules run on SQLite, the default.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from servers.core.events import EventBus
from servers.reflection.models import ProposedStrategy, TaskReport, TraceStep
from servers.reflection.service import ReflectionService
from servers.suite.settings import CairnSettings


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    backends = getattr(metafunc.module, "BACKENDS", None)
    if backends and "reflection_database_url" in metafunc.fixturenames:
        metafunc.parametrize("reflection_database_url", backends, indirect=True)


@pytest.fixture
def reflection_database_url(request: pytest.FixtureRequest) -> str | None:
    """None on SQLite; on PostgreSQL the URL of a fresh database."""
    if getattr(request, "param", "sqlite") == "postgresql":
        return str(request.getfixturevalue("postgres_url"))
    return None


@pytest.fixture
def rsettings(cairn_home: Path, reflection_database_url: str | None) -> CairnSettings:
    return CairnSettings(home=cairn_home, embedder="none", database_url=reflection_database_url)


@pytest.fixture
def make_service(rsettings: CairnSettings) -> Iterator[Callable[..., ReflectionService]]:
    made: list[ReflectionService] = []

    def make(**kwargs: Any) -> ReflectionService:
        kwargs.setdefault("bus", EventBus())
        svc = ReflectionService(kwargs.pop("settings", rsettings), **kwargs)
        made.append(svc)
        return svc

    yield make
    for svc in made:
        svc.close()


@pytest.fixture
def svc(make_service: Callable[..., ReflectionService]) -> ReflectionService:
    return make_service()


def report(
    task: str = "research the topic and write a summary",
    *,
    outcome: str = "success",
    steps: list[tuple[str, str | None]] | None = None,
    task_id: str | None = None,
    strategies: list[ProposedStrategy] | None = None,
    **extra: Any,
) -> TaskReport:
    """A task report; ``steps`` are (tool, error or None)."""
    trace = [TraceStep(tool=tool, ok=error is None, error=error) for tool, error in (steps or [])]
    return TaskReport(task=task, outcome=outcome, trace=trace, task_id=task_id, strategies=strategies or [], **extra)


def lesson(text: str, confidence: str = "MEDIUM", severity: str = "LOW") -> ProposedStrategy:
    return ProposedStrategy(strategy=text, confidence=confidence, severity=severity)  # type: ignore[arg-type]
