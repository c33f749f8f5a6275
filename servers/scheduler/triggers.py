"""When a job fires: cron (per-job IANA timezone), fixed interval, or once; and the schedule in words.

Cron times are wall-clock times in the job's timezone, matched by croniter on naive local times and then
placed on the UTC line here, so that daylight-saving changes follow one stated rule:

* a local time skipped by a spring-forward change fires once, shifted forward by the gap (02:30 → 03:30);
* a local time that occurs twice at fall-back fires once, at its first occurrence — except when the hour
  field is ``*`` (the job runs every hour), where both real hours fire;
* two wall-clock times landing on one instant fire once.

All times are POSIX seconds (UTC); a trigger answers "the first firing strictly after t".
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol, runtime_checkable
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from croniter import CroniterBadDateError, CroniterError, croniter

from servers.scheduler.models import AtSchedule, CronSchedule, IntervalSchedule, SchedulerInputError

# No zone shifts its clock by more than this at once; folds and gaps are looked for within it.
_MAX_SHIFT = timedelta(hours=3)
_MACROS = {
    "@yearly": "0 0 1 1 *",
    "@annually": "0 0 1 1 *",
    "@monthly": "0 0 1 * *",
    "@weekly": "0 0 * * 0",
    "@daily": "0 0 * * *",
    "@midnight": "0 0 * * *",
    "@hourly": "0 * * * *",
}
_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
_MONTHS = ["", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


@runtime_checkable  # a stored job's row model checks its rebuilt trigger is one
class Trigger(Protocol):
    @property
    def timezone(self) -> str: ...

    def next_after(self, after: float) -> float | None:
        """The first firing strictly after ``after``; None when there is none."""
        ...

    def describe(self) -> str: ...


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise SchedulerInputError(
            f"unknown timezone {name!r}: use an IANA name such as 'America/New_York', 'Europe/Berlin' or 'UTC'"
        ) from None


# croniter objects are costly to build (the expression is expanded) but cheap to reuse; they are
# stateful, so each is used under the lock.
_iterators: dict[str, croniter] = {}
_iter_lock = threading.Lock()


def _cron_next(expr: str, naive: datetime) -> datetime:
    with _iter_lock:
        it = _iterators.get(expr)
        if it is None:
            if len(_iterators) > 4096:
                _iterators.clear()
            it = _iterators[expr] = croniter(expr, naive)
        result: datetime = it.get_next(datetime, start_time=naive)
        return result


@dataclass(frozen=True)
class CronTrigger:
    expr: str
    timezone: str

    @classmethod
    def parse(cls, expr: str, timezone: str) -> CronTrigger:
        text = " ".join(expr.split())
        text = _MACROS.get(text.lower(), text)
        if len(text.split(" ")) != 5:
            raise SchedulerInputError(
                f"invalid cron {expr!r}: use 5 fields 'minute hour day-of-month month day-of-week', e.g. '0 9 * * 1-5'"
            )
        try:
            croniter(text)
        except (CroniterError, ValueError) as exc:
            raise SchedulerInputError(f"invalid cron {expr!r}: {exc}") from None
        zone(timezone)
        trigger = cls(text, timezone)
        if trigger.next_after(datetime.now(UTC).timestamp()) is None:
            raise SchedulerInputError(f"cron {expr!r} never fires (no such date)")
        return trigger

    @property
    def _fields(self) -> list[list[Any]]:
        fields: list[list[Any]] = croniter.expand(self.expr)[0]
        return fields

    def next_after(self, after: float) -> float | None:
        tz = ZoneInfo(self.timezone)
        every_hour = self._fields[1] == ["*"]
        start = datetime.fromtimestamp(after, tz).replace(tzinfo=None, fold=0)
        if _near_shift(tz, after):
            start -= _MAX_SHIFT
        best: float | None = None
        first: datetime | None = None
        candidate = start
        for _ in range(100_000):
            try:
                candidate = _cron_next(self.expr, candidate)
            except CroniterBadDateError:
                break
            for instant in _instants(candidate, tz, every_hour):
                if instant > after and (best is None or instant < best):
                    best = instant
            if best is None:
                continue
            if first is None:
                first = candidate
                if not _near_shift(tz, best):
                    break
            elif candidate - first > _MAX_SHIFT:
                break
        return best

    def describe(self) -> str:
        return f"{_describe_cron(self._fields, self.expr)} ({self.timezone})"


def _near_shift(tz: ZoneInfo, ts: float) -> bool:
    span = _MAX_SHIFT.total_seconds()
    before = datetime.fromtimestamp(ts - span, tz).utcoffset()
    after = datetime.fromtimestamp(ts + span, tz).utcoffset()
    return before != after


def _instants(naive: datetime, tz: ZoneInfo, every_hour: bool) -> list[float]:
    first = naive.replace(tzinfo=tz, fold=0).timestamp()
    second = naive.replace(tzinfo=tz, fold=1).timestamp()
    if second > first and every_hour:  # a repeated hour at fall-back: both are real hours
        return [first, second]
    return [first]  # normal, repeated (first occurrence), or skipped (fold=0 shifts it past the gap)


@dataclass(frozen=True)
class IntervalTrigger:
    seconds: int
    anchor: float
    timezone: str = "UTC"

    def next_after(self, after: float) -> float | None:
        if after < self.anchor:
            return self.anchor
        return self.anchor + (math.floor((after - self.anchor) / self.seconds) + 1) * self.seconds

    def describe(self) -> str:
        return "every " + _duration(self.seconds)


@dataclass(frozen=True)
class AtTrigger:
    at: float
    timezone: str

    def next_after(self, after: float) -> float | None:
        return self.at if self.at > after else None

    def describe(self) -> str:
        when = datetime.fromtimestamp(self.at, ZoneInfo(self.timezone))
        return f"once at {when:%Y-%m-%d %H:%M} {when.tzname()} ({self.timezone})"


def parse_time(text: str, timezone: str, what: str) -> float:
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise SchedulerInputError(
            f"{what} {text!r} is not an ISO 8601 time: write e.g. '2026-05-01T09:00:00+02:00'"
        ) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=zone(timezone))
    return moment.timestamp()


def build(schedule: CronSchedule | IntervalSchedule | AtSchedule, default_tz: str, now: float) -> Trigger:
    """A trigger from a validated schedule; SchedulerInputError says what is wrong with it."""
    if isinstance(schedule, CronSchedule):
        return CronTrigger.parse(schedule.cron, schedule.timezone or default_tz)
    if isinstance(schedule, IntervalSchedule):
        anchor = now + schedule.interval_seconds
        if schedule.start_at:
            anchor = parse_time(schedule.start_at, default_tz, "start_at")
        return IntervalTrigger(schedule.interval_seconds, anchor, default_tz)
    tz = schedule.timezone or default_tz
    zone(tz)
    at = parse_time(schedule.at, tz, "at")
    if at <= now:
        raise SchedulerInputError(
            f"at {schedule.at!r} is in the past (now is {datetime.fromtimestamp(now, UTC):%Y-%m-%dT%H:%M:%SZ}): "
            "a one-shot job needs a future time"
        )
    return AtTrigger(at, tz)


def from_stored(kind: str, data: dict[str, Any]) -> Trigger:
    """Rebuild a trigger from its stored form (already validated when the job was created)."""
    if kind == "cron":
        return CronTrigger(data["cron"], data["timezone"])
    if kind == "interval":
        return IntervalTrigger(int(data["interval_seconds"]), float(data["anchor"]), data.get("timezone", "UTC"))
    return AtTrigger(float(data["at_ts"]), data["timezone"])


def stored_form(trigger: Trigger) -> tuple[str, dict[str, Any]]:
    if isinstance(trigger, CronTrigger):
        return "cron", {"cron": trigger.expr, "timezone": trigger.timezone}
    if isinstance(trigger, IntervalTrigger):
        return "interval", {"interval_seconds": trigger.seconds, "anchor": trigger.anchor, "timezone": trigger.timezone}
    assert isinstance(trigger, AtTrigger)
    when = datetime.fromtimestamp(trigger.at, ZoneInfo(trigger.timezone))
    return "at", {"at": when.isoformat(), "at_ts": trigger.at, "timezone": trigger.timezone}


# --- words -----------------------------------------------------------------------------------------------


def _duration(seconds: int) -> str:
    parts = []
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1)):
        count, seconds = divmod(seconds, size)
        if count:
            parts.append(f"{count} {unit}{'s' if count != 1 else ''}")
    if len(parts) == 1 and parts[0].startswith("1 "):
        return parts[0][2:]
    return " ".join(parts)


def _is_every(values: list[Any], low: int, high: int) -> int | None:
    """The step when ``values`` is low..high by a constant step (``*/n``), else None."""
    if values == ["*"]:
        return 1
    if not all(isinstance(v, int) for v in values) or len(values) < 2 or values[0] != low:
        return None
    step = values[1] - values[0]
    expected = list(range(low, high + 1, step))
    return step if values == expected else None


def _list(values: list[str]) -> str:
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " and " + values[-1]


def _days(values: list[Any]) -> str:
    days = sorted({int(v) % 7 for v in values if isinstance(v, int)})
    if days == [1, 2, 3, 4, 5]:
        return "Monday through Friday"
    if days == [0, 6]:
        return "Saturday and Sunday"
    if len(days) == len(values) and days:
        return _list([_DAYS[d] for d in days])
    return "days-of-week " + ",".join(str(v) for v in values)


def _describe_cron(fields: list[list[Any]], expr: str) -> str:
    minute, hour, dom, month, dow = fields
    numeric = all(isinstance(v, int) for v in minute + hour)
    minute_step = _is_every(minute, 0, 59)
    hour_step = _is_every(hour, 0, 23)
    if hour == ["*"] and minute_step:
        when = "every minute" if minute_step == 1 else f"every {minute_step} minutes"
    elif hour == ["*"] and len(minute) == 1 and isinstance(minute[0], int):
        when = "every hour at minute " + str(minute[0])
    elif hour_step and hour_step > 1 and numeric and len(minute) == 1:
        when = f"every {hour_step} hours at minute {minute[0]}"
    elif numeric and len(minute) * len(hour) <= 6:
        when = "at " + _list([f"{h:02d}:{m:02d}" for h in hour for m in minute])
    else:
        return f"cron '{expr}'"
    if dom == ["*"] and month == ["*"] and dow == ["*"]:
        return when if when.startswith("every") else when + " every day"
    parts = [when]
    if dow != ["*"]:
        parts.append("on " + _days(dow))
    if dom != ["*"]:
        days = "the last day" if dom == ["l"] else "day " + ",".join(str(d) for d in dom)
        parts.append(("or on " if dow != ["*"] else "on ") + days + (" of the month" if month == ["*"] else ""))
    if month != ["*"]:
        parts.append("in " + _list([_MONTHS[m] if isinstance(m, int) else str(m) for m in month]))
    return " ".join(parts)
