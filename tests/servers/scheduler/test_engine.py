"""The engine on a fake clock: due runs, misfires across a restart, retries, auto-pause, cooldown,
concurrency, leases and approvals."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from servers.scheduler.clock import FakeClock
from servers.scheduler.models import JobSpec
from servers.scheduler.service import SchedulerService
from tests.servers.scheduler.conftest import Recorder

BACKENDS = ("sqlite", "postgresql")  # every test here runs on both stores (see conftest)

NOTIFY = {"type": "notify", "message": "hello"}


def spec(name: str, schedule: dict[str, Any], **options: Any) -> JobSpec:
    return JobSpec.model_validate({"name": name, "schedule": schedule, "action": NOTIFY, **options})


def statuses(service: SchedulerService, job_id: str) -> list[str]:
    return [r.status for r in reversed(service.runs(job_id, "default", 200).runs)]


async def test_due_job_runs_once_and_schedules_the_next(
    service: SchedulerService, clock: FakeClock, recorder: Recorder
) -> None:
    job = await service.create(spec("tick", {"interval_seconds": 60}), "default")
    assert await service.engine.run_once() == []
    clock.advance(60)
    assert len(await service.engine.run_once()) == 1
    assert await service.engine.run_once() == []  # the same occurrence is never claimed again
    after = service.get(job.id, "default")
    assert after.last_run_status == "succeeded"
    assert after.next_run_at == "2026-06-01T12:02:00+00:00"
    assert statuses(service, job.id) == ["succeeded"]
    assert [e.type for e in service.bus.recent()][-2:] == ["job.run.started", "job.run.succeeded"]


async def test_one_shot_completes(service: SchedulerService, clock: FakeClock, recorder: Recorder) -> None:
    job = await service.create(spec("once", {"at": "2026-06-01T12:05:00Z"}), "default")
    clock.advance(minutes=5)
    await service.engine.run_once()
    assert service.get(job.id, "default").status == "completed"
    assert len(recorder.runs) == 1


async def test_misfire_policies_across_a_restart(
    make_service: Callable[..., SchedulerService], clock: FakeClock
) -> None:
    before = make_service(Recorder())
    hourly = {"cron": "0 * * * *", "timezone": "Europe/Berlin"}
    ids = {
        policy: (await before.create(spec(f"hourly-{policy}", hourly, catch_up=policy), "default")).id
        for policy in ("skip", "once", "all")
    }
    before.close()  # the machine sleeps for 5 hours 30 minutes
    clock.advance(hours=5, minutes=30)
    recorder = Recorder()
    after = make_service(recorder)
    passes = 0
    while await after.engine.run_once():  # 'all' queues its catch-ups; max_concurrency 1 runs them in turn
        passes += 1
    assert passes == 5
    by_job: dict[str, list[str]] = {p: statuses(after, i) for p, i in ids.items()}
    assert by_job["skip"] == ["missed"] * 5
    assert sorted(by_job["once"]) == ["missed"] * 4 + ["succeeded"]
    assert by_job["all"] == ["succeeded"] * 5
    once_runs = after.runs(ids["once"], "default", 10).runs
    caught = next(r for r in once_runs if r.status == "succeeded")
    assert caught.trigger == "catch_up" and caught.scheduled_for == "2026-06-01T19:00:00+02:00"  # the latest
    missed = next(r for r in once_runs if r.status == "missed")
    assert "the scheduler was not running" in (missed.reason or "")
    assert "catch_up is 'once'" in (missed.reason or "")
    for job_id in ids.values():  # the schedule continues from now, in the job's timezone
        assert after.get(job_id, "default").next_run_at == "2026-06-01T18:00:00+00:00".replace(
            "18:00:00+00:00", "20:00:00+02:00"
        )
    missed_events = [e for e in after.bus.recent() if e.type == "job.run.missed"]
    assert {e.payload["catch_up"] for e in missed_events} == {"skip", "once", "all"}


async def test_a_long_outage_is_summarised_not_flooded(service: SchedulerService, clock: FakeClock) -> None:
    job = await service.create(spec("minutely", {"cron": "* * * * *"}, catch_up="skip"), "default")
    clock.advance(days=2)
    await service.engine.run_once()
    runs = service.runs(job.id, "default", 200).runs
    assert len(runs) == 102  # the occurrence due now runs; 100 missed one by one; one summary row
    assert sum(r.covers for r in runs) == 2 * 24 * 60
    assert [r.status for r in runs].count("succeeded") == 1
    summary = max(runs, key=lambda r: r.covers)
    assert "more occurrences from" in (summary.reason or "")


async def test_occurrence_within_grace_runs_normally(
    service: SchedulerService, clock: FakeClock, recorder: Recorder
) -> None:
    job = await service.create(spec("late", {"interval_seconds": 600}, misfire_grace_seconds=120), "default")
    clock.advance(600 + 90)  # 90 s late, within 120 s of grace
    await service.engine.run_once()
    assert statuses(service, job.id) == ["succeeded"]
    assert recorder.runs[0].trigger == "schedule"


async def test_retries_with_backoff_then_auto_pause_at_three_failures(
    service: SchedulerService, clock: FakeClock, recorder: Recorder
) -> None:
    recorder.fail = lambda ctx: True
    job = await service.create(
        spec("flaky", {"interval_seconds": 3600}, retry={"max_retries": 5, "backoff_seconds": 10}), "default"
    )
    clock.advance(3600)
    await service.engine.run_once()
    retry = next(r for r in service.runs(job.id, "default", 10).runs if r.status == "pending")
    assert retry.trigger == "retry" and retry.attempt == 2
    assert retry.due_at == "2026-06-01T13:00:10+00:00"  # backoff 10 s
    clock.advance(9)
    assert await service.engine.run_once() == []  # not yet
    clock.advance(1)
    await service.engine.run_once()  # attempt 2 fails; attempt 3 waits 20 s
    clock.advance(20)
    await service.engine.run_once()  # attempt 3 fails: third consecutive failure
    after = service.get(job.id, "default")
    assert after.status == "error" and after.consec_failures == 3
    assert "3 consecutive failures" in (after.status_reason or "")
    assert [r.attempt for r in recorder.runs] == [1, 2, 3]
    assert "job.paused" in [e.type for e in service.bus.recent()]
    note = service.notifications("default", "pending")[0]
    assert note.type == "scheduler.job_error" and "job_resume" in note.message
    clock.advance(hours=3)
    assert await service.engine.run_once() == []  # stopped jobs do not run
    recorder.fail = lambda ctx: False
    resumed = service.resume(job.id, "default")
    assert resumed.status == "active" and resumed.consec_failures == 0


async def test_success_resets_consecutive_failures(
    service: SchedulerService, clock: FakeClock, recorder: Recorder
) -> None:
    recorder.fail = lambda ctx: ctx.attempt == 1
    job = await service.create(spec("recovers", {"interval_seconds": 3600}, retry={"backoff_seconds": 5}), "default")
    clock.advance(3600)
    await service.engine.run_once()
    assert service.get(job.id, "default").consec_failures == 1
    clock.advance(5)
    await service.engine.run_once()
    assert service.get(job.id, "default").consec_failures == 0
    assert statuses(service, job.id) == ["failed", "succeeded"]


async def test_cooldown_skips_and_records(service: SchedulerService, clock: FakeClock) -> None:
    job = await service.create(spec("cool", {"interval_seconds": 60}, cooldown_seconds=150), "default")
    for _ in range(4):
        clock.advance(60)
        await service.engine.run_once()
    assert statuses(service, job.id) == ["succeeded", "skipped", "skipped", "succeeded"]
    skipped = next(r for r in service.runs(job.id, "default", 10).runs if r.status == "skipped")
    assert "cooldown" in (skipped.reason or "")


async def test_concurrency_limit_skips_overlapping_runs(
    make_service: Callable[..., SchedulerService], clock: FakeClock
) -> None:
    import asyncio

    release = asyncio.Event()

    class Slow(Recorder):
        async def run(self, ctx: Any) -> str:
            self.runs.append(ctx)
            await release.wait()
            return "done"

    slow = Slow()
    service = make_service(slow)
    job = await service.create(spec("slow", {"interval_seconds": 60}), "default")
    spawned: list[asyncio.Task[None]] = []
    clock.advance(60)
    await service.engine.tick(lambda ctx: spawned.append(asyncio.create_task(service.engine.execute(ctx))))
    clock.advance(60)
    await service.engine.tick(lambda ctx: spawned.append(asyncio.create_task(service.engine.execute(ctx))))
    assert len(spawned) == 1
    skipped = [r for r in service.runs(job.id, "default", 10).runs if r.status == "skipped"]
    assert "max_concurrency 1 reached" in (skipped[0].reason or "")
    release.set()
    await asyncio.gather(*spawned)
    # a manual run waits for a slot instead of being dropped
    await service.update(job.id, "default", {"max_concurrency": 2})
    assert service.get(job.id, "default").max_concurrency == 2


async def test_an_expired_lease_is_marked_and_retried(
    make_service: Callable[..., SchedulerService], clock: FakeClock
) -> None:
    crashed = make_service(Recorder(), worker_id="crashed-worker")
    job = await crashed.create(spec("lease", {"interval_seconds": 3600}, retry={"backoff_seconds": 30}), "default")
    clock.advance(3600)
    outcome, _ = crashed.engine.claim_due(clock.now())  # claimed, then the process dies before running it
    assert len(outcome.claimed) == 1
    recorder = Recorder()
    survivor = make_service(recorder, worker_id="survivor")
    clock.advance(30)
    assert await survivor.engine.run_once() == []  # lease (60 s) still held
    clock.advance(31)
    await survivor.engine.run_once()
    runs = survivor.runs(job.id, "default", 10).runs
    failed = next(r for r in runs if r.status == "failed")
    assert "lease expired: worker crashed-worker" in (failed.error or "")
    clock.advance(30)
    await survivor.engine.run_once()
    assert [(r.trigger, r.attempt) for r in recorder.runs] == [("retry", 2)]


async def test_approval_flow(service: SchedulerService, clock: FakeClock, recorder: Recorder) -> None:
    job = await service.create(spec("careful", {"interval_seconds": 3600}, approval_required=True), "default")
    clock.advance(3600)
    await service.engine.run_once()
    assert recorder.runs == []
    waiting = service.runs(job.id, "default", 5, "pending_approval").runs[0]
    assert "approval.requested" in [e.type for e in service.bus.recent()]
    asks = service.notifications("default")
    assert asks[0].type == "scheduler.approval" and waiting.id in asks[0].message
    approved = service.approve(waiting.id, "default")
    assert approved.status == "pending"
    await service.engine.run_once()
    assert [r.run_id for r in recorder.runs] == [waiting.id]
    clock.advance(3600)
    await service.engine.run_once()
    second = service.runs(job.id, "default", 5, "pending_approval").runs[0]
    rejected = service.reject(second.id, "default", "not today")
    assert rejected.status == "rejected" and rejected.reason == "rejected: not today"
    await service.engine.run_once()
    assert len(recorder.runs) == 1
    import pytest

    from servers.scheduler.models import SchedulerInputError

    with pytest.raises(SchedulerInputError, match="not waiting for approval"):
        service.approve(second.id, "default")


async def test_two_engines_in_one_process_never_double_run(
    make_service: Callable[..., SchedulerService], clock: FakeClock
) -> None:
    import asyncio

    first, second = Recorder(), Recorder()
    a = make_service(first, worker_id="a")
    b = make_service(second, worker_id="b")
    for i in range(50):
        await a.create(spec(f"job-{i}", {"interval_seconds": 60}), "default")
    for _ in range(3):
        clock.advance(60)
        await asyncio.gather(a.engine.run_once(), b.engine.run_once())
    keys = [(r.job_id, r.scheduled_for) for r in first.runs + second.runs]
    assert len(keys) == len(set(keys)) == 150
