"""Triggers: cron across DST in two zones, intervals, one-shots, descriptions, and refused input."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from servers.scheduler.models import AtSchedule, CronSchedule, IntervalSchedule, SchedulerInputError
from servers.scheduler.triggers import CronTrigger, build


def fires(expr: str, tz: str, start: tuple[int, ...], count: int) -> list[str]:
    trigger = CronTrigger.parse(expr, tz)
    zone = ZoneInfo(tz)
    ts = datetime(*start, tzinfo=zone).timestamp()  # type: ignore[misc]
    out = []
    for _ in range(count):
        nxt = trigger.next_after(ts)
        assert nxt is not None
        ts = nxt
        out.append(datetime.fromtimestamp(ts, zone).strftime("%m-%d %H:%M%z"))
    return out


def test_daily_time_skipped_by_spring_forward_runs_once_shifted_new_york() -> None:
    # 2026-03-08 02:00 EST → 03:00 EDT: 02:30 does not exist that day.
    assert fires("30 2 * * *", "America/New_York", (2026, 3, 7, 12), 3) == [
        "03-08 03:30-0400",
        "03-09 02:30-0400",
        "03-10 02:30-0400",
    ]


def test_hourly_job_does_not_double_fire_at_spring_forward_new_york() -> None:
    assert fires("0 * * * *", "America/New_York", (2026, 3, 8, 0, 30), 4) == [
        "03-08 01:00-0500",
        "03-08 03:00-0400",
        "03-08 04:00-0400",
        "03-08 05:00-0400",
    ]


def test_repeated_hour_at_fall_back_fires_once_for_a_daily_job_new_york() -> None:
    # 2026-11-01 02:00 EDT → 01:00 EST: 01:30 happens twice; a daily job runs at the first.
    assert fires("30 1 * * *", "America/New_York", (2026, 10, 31, 12), 3) == [
        "11-01 01:30-0400",
        "11-02 01:30-0500",
        "11-03 01:30-0500",
    ]


def test_every_hour_jobs_run_in_both_repeated_hours_new_york() -> None:
    assert fires("*/30 * * * *", "America/New_York", (2026, 11, 1, 0, 10), 6) == [
        "11-01 00:30-0400",
        "11-01 01:00-0400",
        "11-01 01:30-0400",
        "11-01 01:00-0500",
        "11-01 01:30-0500",
        "11-01 02:00-0500",
    ]


def test_berlin_spring_forward_and_fall_back() -> None:
    # 2026-03-29 02:00 CET → 03:00 CEST; 2026-10-25 03:00 CEST → 02:00 CET.
    assert fires("30 2 * * *", "Europe/Berlin", (2026, 3, 28, 12), 2) == ["03-29 03:30+0200", "03-30 02:30+0200"]
    assert fires("30 2 * * *", "Europe/Berlin", (2026, 10, 24, 12), 3) == [
        "10-25 02:30+0200",
        "10-26 02:30+0100",
        "10-27 02:30+0100",
    ]


def test_wall_clock_time_is_kept_across_dst_in_utc_terms() -> None:
    # 09:00 Berlin is 07:00 UTC in summer and 08:00 UTC in winter.
    trigger = CronTrigger.parse("0 9 * * 1-5", "Europe/Berlin")
    utc = ZoneInfo("UTC")
    friday = datetime(2026, 10, 23, 10, tzinfo=utc).timestamp()
    monday = trigger.next_after(friday)
    assert monday is not None
    assert datetime.fromtimestamp(monday, utc).strftime("%a %H:%M") == "Mon 08:00"
    summer = trigger.next_after(datetime(2026, 6, 1, 6, tzinfo=utc).timestamp())
    assert summer is not None and datetime.fromtimestamp(summer, utc).strftime("%H:%M") == "07:00"


@pytest.mark.parametrize(
    ("expr", "words"),
    [
        ("*/15 * * * *", "every 15 minutes (UTC)"),
        ("0 9 * * 1-5", "at 09:00 on Monday through Friday (UTC)"),
        ("5 * * * *", "every hour at minute 5 (UTC)"),
        ("0 9,17 * * *", "at 09:00 and 17:00 every day (UTC)"),
        ("@daily", "at 00:00 every day (UTC)"),
        ("0 0 L * *", "at 00:00 on the last day of the month (UTC)"),
    ],
)
def test_descriptions(expr: str, words: str) -> None:
    assert CronTrigger.parse(expr, "UTC").describe() == words


def test_interval_and_at() -> None:
    now = datetime(2026, 6, 1, 12, tzinfo=ZoneInfo("UTC")).timestamp()
    interval = build(IntervalSchedule(interval_seconds=5400), "UTC", now)
    assert interval.next_after(now) == now + 5400
    assert interval.next_after(now + 5400) == now + 10800
    assert interval.describe() == "every 1 hour 30 minutes"
    at = build(AtSchedule(at="2026-06-02T09:00:00", timezone="Europe/Berlin"), "UTC", now)
    assert at.next_after(now) == datetime(2026, 6, 2, 7, tzinfo=ZoneInfo("UTC")).timestamp()
    assert at.next_after(now + 86400) is None
    assert "once at 2026-06-02 09:00 CEST" in at.describe()


@pytest.mark.parametrize(
    ("schedule", "message"),
    [
        (CronSchedule(cron="61 * * * *"), "invalid cron"),
        (CronSchedule(cron="* * *"), "5 fields"),
        (CronSchedule(cron="0 9 * * * 2026"), "5 fields"),
        (CronSchedule(cron="0 0 30 2 *"), "never fires"),
        (CronSchedule(cron="0 9 * * *", timezone="Mars/Olympus"), "unknown timezone 'Mars/Olympus'"),
        (AtSchedule(at="2020-01-01T00:00:00Z"), "in the past"),
        (AtSchedule(at="next tuesday"), "not an ISO 8601 time"),
    ],
)
def test_bad_schedules_are_refused_with_a_reason(schedule: object, message: str) -> None:
    now = datetime(2026, 6, 1, 12, tzinfo=ZoneInfo("UTC")).timestamp()
    with pytest.raises(SchedulerInputError, match=message):
        build(schedule, "UTC", now)  # type: ignore[arg-type]
