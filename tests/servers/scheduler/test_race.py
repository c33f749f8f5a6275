"""Two real scheduler processes on one data directory race for the same due runs: each runs once."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from servers.scheduler.clock import FakeClock
from servers.scheduler.models import JobSpec
from servers.scheduler.service import SchedulerService
from tests.conftest import REPO_ROOT

pytestmark = pytest.mark.slow
JOBS = 200


async def test_two_processes_never_run_the_same_occurrence(
    make_service: Callable[..., SchedulerService], clock: FakeClock, cairn_home: Path, tmp_path: Path
) -> None:
    service = make_service()
    for i in range(JOBS):
        spec = {"name": f"race-{i}", "schedule": {"interval_seconds": 60}, "action": {"type": "notify", "message": "x"}}
        await service.create(JobSpec.model_validate(spec), "default")
    due = clock.advance(60)
    start, log = tmp_path / "go", tmp_path / "executions.log"
    workers = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.servers.scheduler.race_worker",
                str(cairn_home),
                str(due),
                str(start),
                str(log),
            ],
            cwd=REPO_ROOT,
            stderr=subprocess.PIPE,
        )
        for _ in range(2)
    ]
    import time

    time.sleep(1.5)  # both processes have imported and opened the database; then start them together
    start.touch()
    for worker in workers:
        _, err = worker.communicate(timeout=60)
        assert worker.returncode == 0, err.decode()
    lines = log.read_text().splitlines()
    occurrences = Counter(line.rsplit(" ", 1)[0] for line in lines)
    assert len(occurrences) == JOBS
    assert max(occurrences.values()) == 1, [k for k, v in occurrences.items() if v > 1][:5]
    runs = service.store.db.query("SELECT status, COUNT(*) AS n FROM runs GROUP BY status")
    assert {r["status"]: r["n"] for r in runs} == {"succeeded": JOBS}
