"""The attention gate: priority threshold, quiet hours (defer or drop), daily cap, minimum interval."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

from servers.scheduler.clock import FakeClock
from servers.scheduler.service import SchedulerService

BACKENDS = ("sqlite", "postgresql")  # every test here runs on both stores (see conftest)

BERLIN = ZoneInfo("Europe/Berlin")


def berlin(hour: int, minute: int = 0, day: int = 1) -> datetime:
    return datetime(2026, 6, day, hour, minute, tzinfo=BERLIN)


def gate_service(make_service: Callable[..., SchedulerService], **attention: object) -> SchedulerService:
    defaults = {"quiet_hours": (22, 8), "daily_cap": 3, "min_interval_seconds": 600, "priority_threshold": 0.6}
    return make_service(timezone="Europe/Berlin", attention={**defaults, **attention})


def submit(service: SchedulerService, type: str = "briefing", priority: float = 0.8, defer: bool | None = None):  # type: ignore[no-untyped-def]
    return service.gate.submit(user_id="default", type=type, message="m", priority=priority, defer=defer)


def test_low_priority_is_suppressed_with_the_reason(make_service, clock: FakeClock) -> None:  # type: ignore[no-untyped-def]
    service = gate_service(make_service)
    clock.set(berlin(12))
    note = submit(service, priority=0.4)
    assert note.status == "suppressed" and note.reason == "priority 0.4 is below the threshold 0.6"
    assert service.bus.recent()[-1].type == "notification.suppressed"


def test_quiet_hours_defer_until_morning_then_deliver(make_service, clock: FakeClock) -> None:  # type: ignore[no-untyped-def]
    service = gate_service(make_service)
    clock.set(berlin(23, 30))
    note = submit(service)
    assert note.status == "deferred"
    assert note.deliver_after == "2026-06-02T08:00:00+02:00"
    assert service.notifications("default") == []
    clock.set(berlin(7, 59, day=2))
    assert service.gate.release_due() == []
    clock.set(berlin(8, 0, day=2))
    released = service.gate.release_due()
    assert [n.status for n in released] == ["delivered"]
    assert [n.id for n in service.notifications("default")] == [note.id]
    assert service.bus.recent()[-1].type == "notification.sent"


def test_quiet_hours_drop_when_not_deferred(make_service, clock: FakeClock) -> None:  # type: ignore[no-untyped-def]
    service = gate_service(make_service)
    clock.set(berlin(3))
    note = submit(service, defer=False)
    assert note.status == "suppressed" and "quiet hours 22:00–08:00 (Europe/Berlin)" in (note.reason or "")


def test_daily_cap_and_minimum_interval(make_service, clock: FakeClock) -> None:  # type: ignore[no-untyped-def]
    service = gate_service(make_service)
    clock.set(berlin(9))
    assert submit(service, "a").status == "delivered"
    clock.advance(60)
    repeat = submit(service, "a")
    assert repeat.status == "suppressed" and "minimum interval is 10 min" in (repeat.reason or "")
    assert submit(service, "b").status == "delivered"
    assert submit(service, "c").status == "delivered"
    capped = submit(service, "d")
    assert capped.status == "suppressed" and capped.reason == "daily cap of 3 notifications reached"
    clock.set(berlin(9, day=2))  # a new local day
    assert submit(service, "d").status == "delivered"
    suppressed = service.notifications("default", "suppressed")
    assert {n.reason for n in suppressed} >= {"daily cap of 3 notifications reached"}


def test_ack_moves_a_notification_out_of_pending(make_service, clock: FakeClock) -> None:  # type: ignore[no-untyped-def]
    service = gate_service(make_service)
    clock.set(berlin(10))
    note = submit(service)
    acked = service.ack(note.id, "default")
    assert acked.status == "acked" and acked.acked_at is not None
    assert service.notifications("default") == []
