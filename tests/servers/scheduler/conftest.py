"""Scheduler fixtures: a fake clock, a service on an isolated data dir, and an executor that records runs.

A test module that sets ``BACKENDS = ("sqlite", "postgresql")`` runs each of its tests on both stores
(PostgreSQL: a fresh database per test); other modules run on SQLite, the default.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from servers.core.events import EventBus
from servers.scheduler.actions import ActionFailed, RunContext
from servers.scheduler.clock import FakeClock
from servers.scheduler.service import SchedulerService
from servers.suite.inprocess import InProcessServers
from servers.suite.settings import CairnSettings

START = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)  # a Monday, noon UTC: outside default quiet hours


class Recorder:
    """An executor that records each run; ``fail`` decides per run whether it raises."""

    def __init__(self) -> None:
        self.runs: list[RunContext] = []
        self.fail: Callable[[RunContext], bool] = lambda ctx: False

    async def run(self, ctx: RunContext) -> str:
        self.runs.append(ctx)
        if self.fail(ctx):
            raise ActionFailed(f"boom on attempt {ctx.attempt}")
        return f"ran {ctx.job_name}"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "scheduler_database_url" in metafunc.fixturenames:
        backends = getattr(metafunc.module, "BACKENDS", ("sqlite",))
        metafunc.parametrize("scheduler_database_url", backends, indirect=True)


@pytest.fixture
def scheduler_database_url(request: pytest.FixtureRequest) -> str | None:
    """None on SQLite; on PostgreSQL the URL of a fresh database."""
    if getattr(request, "param", "sqlite") == "postgresql":
        return str(request.getfixturevalue("postgres_url"))
    return None


def scheduler_settings(home: Path, database_url: str | None = None, **scheduler: Any) -> CairnSettings:
    base: dict[str, Any] = {"timezone": "UTC", "run_loop": False, "attention": {"quiet_hours": None}}
    for key, value in scheduler.items():
        if key == "attention":
            base["attention"] = {**base["attention"], **value}
        else:
            base[key] = value
    return CairnSettings(home=home, embedder="none", scheduler=base, database_url=database_url)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(START)


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
def make_service(
    cairn_home: Path, clock: FakeClock, scheduler_database_url: str | None
) -> Iterator[Callable[..., SchedulerService]]:
    made: list[SchedulerService] = []

    def make(executor: Any = None, worker_id: str | None = None, **scheduler: Any) -> SchedulerService:
        settings = scheduler_settings(cairn_home, scheduler_database_url, **scheduler)
        service = SchedulerService(
            settings,
            clock=clock,
            bus=EventBus(),
            executor=executor,
            worker_id=worker_id,
            tools=InProcessServers(settings),  # the other servers, as the suite gives them
        )
        made.append(service)
        return service

    yield make
    for service in made:
        service.close()


@pytest.fixture
def service(make_service: Callable[..., SchedulerService], recorder: Recorder) -> SchedulerService:
    return make_service(recorder)
