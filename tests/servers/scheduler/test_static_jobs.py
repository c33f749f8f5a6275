"""Static jobs from YAML: created, updated in place (state kept), removed, bad entries reported."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from servers.scheduler import static_jobs
from servers.scheduler.service import SchedulerService

BACKENDS = ("sqlite", "postgresql")  # every test here runs on both stores (see conftest)

FILE = """
jobs:
  - name: daily_briefing
    schedule: "0 9 * * 1-5"
    timezone: Europe/Berlin
    action: {type: notify, message: "Your briefing", priority: 0.8}
  - name: hourly_upkeep
    schedule: {interval_seconds: 3600}
    action: {type: notify, message: "upkeep"}
    enabled: false
  - name: broken
    schedule: "every day"
    action: {type: notify, message: "x"}
"""


async def test_sync_creates_updates_and_removes(make_service: Callable[..., SchedulerService], tmp_path: Path) -> None:
    path = tmp_path / "jobs.yaml"
    path.write_text(FILE)
    service = make_service(jobs_file=path)
    report = await static_jobs.sync(service)
    assert sorted(report.created) == ["daily_briefing", "hourly_upkeep"]
    assert len(report.errors) == 1 and "broken" in report.errors[0] and "invalid cron" in report.errors[0]
    jobs = {j.name: j for j in service.jobs("default")}
    assert jobs["daily_briefing"].source == "static"
    assert jobs["daily_briefing"].schedule_text == "at 09:00 on Monday through Friday (Europe/Berlin)"
    assert jobs["hourly_upkeep"].status == "paused"
    again = await static_jobs.sync(service)
    assert again.created == again.updated == again.removed == []

    path.write_text(FILE.replace('"0 9 * * 1-5"', '"30 8 * * 1-5"').split("  - name: hourly_upkeep")[0])
    changed = await static_jobs.sync(service)
    assert changed.updated == ["daily_briefing"] and changed.removed == ["hourly_upkeep"]
    assert service.get("daily_briefing", "default").schedule_text.startswith("at 08:30")
    assert service.get("daily_briefing", "default").id == jobs["daily_briefing"].id  # same job, state kept


async def test_static_jobs_are_edited_in_the_file(
    make_service: Callable[..., SchedulerService], tmp_path: Path
) -> None:
    import pytest

    from servers.scheduler.models import SchedulerInputError

    path = tmp_path / "jobs.yaml"
    path.write_text(FILE)
    service = make_service(jobs_file=path)
    await static_jobs.sync(service)
    with pytest.raises(SchedulerInputError, match="edit that file"):
        await service.update("daily_briefing", "default", {"description": "x"})
    with pytest.raises(SchedulerInputError, match="remove it there"):
        service.delete("daily_briefing", "default")
    assert service.pause("daily_briefing", "default").status == "paused"


async def test_missing_file_is_no_error(make_service: Callable[..., SchedulerService], tmp_path: Path) -> None:
    service = make_service(jobs_file=tmp_path / "absent.yaml")
    report = await static_jobs.sync(service)
    assert report.errors == [] and report.created == []
