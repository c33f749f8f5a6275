"""The attention gate: whether a notification reaches the user now, later, or not at all.

Checks, in this order (the first that fails decides, and its reason is recorded):

| check              | default          | outcome when it fails                                   |
|--------------------|------------------|---------------------------------------------------------|
| priority threshold | 0.6              | suppressed ("priority 0.4 is below the threshold 0.6")  |
| quiet hours        | 22:00–08:00 local| deferred to the end of quiet hours, or suppressed       |
| daily cap          | 5 per local day  | suppressed                                              |
| minimum interval   | 30 min per type  | suppressed                                              |

Priority comes first so that a low-priority message is dropped at once rather than deferred and dropped
in the morning. The decision and the insert share one transaction, so two processes cannot both take the
last slot of the daily cap.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from servers.core.events import EventBus
from servers.scheduler.clock import Clock, iso
from servers.scheduler.models import Notification
from servers.scheduler.settings import AttentionSettings
from servers.scheduler.storage import notifications
from servers.scheduler.storage.store import SchedulerStore, new_id


@dataclass(frozen=True)
class Decision:
    status: str  # delivered | suppressed | deferred
    reason: str | None = None
    deliver_after: float | None = None


class AttentionGate:
    def __init__(
        self, store: SchedulerStore, settings: AttentionSettings, timezone: str, clock: Clock, bus: EventBus
    ) -> None:
        self.store = store
        self.settings = settings
        self.timezone = timezone
        self.clock = clock
        self.bus = bus

    def submit(
        self,
        *,
        user_id: str,
        type: str,
        message: str,
        priority: float,
        title: str | None = None,
        job_id: str | None = None,
        run_id: str | None = None,
        defer: bool | None = None,
    ) -> Notification:
        """Record a notification with the gate's decision; publishes notification.sent/suppressed/deferred."""
        defer = self.settings.defer_quiet_hours if defer is None else defer
        with self.store.db.transaction():
            self.store.serialise(f"notify:{user_id}")
            now = self.clock.now()
            decision = self.decide(user_id, type, priority, now, defer=defer)
            notification_id = new_id("n")
            notifications.insert_notification(
                self.store,
                notification_id,
                user_id=user_id,
                type=type,
                title=title,
                message=message,
                priority=priority,
                status=decision.status,
                reason=decision.reason,
                job_id=job_id,
                run_id=run_id,
                now=now,
                deliver_after=decision.deliver_after,
            )
            notification = self.store.notification(notification_id, user_id, self.timezone)
        assert notification is not None
        self._publish(notification, user_id)
        return notification

    def decide(self, user_id: str, type: str, priority: float, now: float, *, defer: bool) -> Decision:
        s = self.settings
        if priority < s.priority_threshold:
            return Decision("suppressed", f"priority {priority:g} is below the threshold {s.priority_threshold:g}")
        quiet_end = self.quiet_until(now)
        if quiet_end is not None:
            start, end = s.quiet_hours or (0, 0)
            window = f"quiet hours {start:02d}:00–{end:02d}:00 ({self.timezone})"
            if defer:
                return Decision("deferred", f"{window}; delivered at {iso(quiet_end, self.timezone)}", quiet_end)
            return Decision("suppressed", window)
        return self._rate_limits(user_id, type, now)

    def _rate_limits(self, user_id: str, type: str, now: float) -> Decision:
        s = self.settings
        delivered_today = notifications.delivered_since(self.store, user_id, self._local_midnight(now))
        if delivered_today >= s.daily_cap:
            return Decision("suppressed", f"daily cap of {s.daily_cap} notifications reached")
        last = notifications.last_delivered(self.store, user_id, type)
        if last is not None and now - last < s.min_interval_seconds:
            minutes = (now - last) / 60
            return Decision(
                "suppressed",
                f"a {type!r} notification was delivered {minutes:.0f} min ago; "
                f"the minimum interval is {s.min_interval_seconds // 60} min",
            )
        return Decision("delivered")

    def quiet_until(self, now: float) -> float | None:
        """When the quiet hours around ``now`` end, or None outside quiet hours."""
        if self.settings.quiet_hours is None:
            return None
        start, end = self.settings.quiet_hours
        if start == end:
            return None
        tz = ZoneInfo(self.timezone)
        local = datetime.fromtimestamp(now, tz)
        quiet = (start <= local.hour < end) if start < end else (local.hour >= start or local.hour < end)
        if not quiet:
            return None
        day = local.date() if local.hour < end else local.date() + timedelta(days=1)
        return datetime(day.year, day.month, day.day, end, tzinfo=tz).timestamp()

    def _local_midnight(self, now: float) -> float:
        tz = ZoneInfo(self.timezone)
        local = datetime.fromtimestamp(now, tz)
        return datetime(local.year, local.month, local.day, tzinfo=tz).timestamp()

    def release_due(self) -> list[Notification]:
        """Decide again on deferred notifications whose quiet hours are over."""
        released: list[tuple[Notification, str]] = []
        now = self.clock.now()
        if notifications.any_deferred_due(self.store, now):
            with self.store.db.transaction():
                deferred = notifications.deferred_due(self.store, now)
                for user_id in sorted({d.user_id for d in deferred}):  # in one order: no deadlock with a peer
                    self.store.serialise(f"notify:{user_id}")
                for row in deferred:
                    decision = self.decide(row.user_id, row.type, row.priority, now, defer=True)
                    notifications.redecide(
                        self.store,
                        row.id,
                        decision.status,
                        decision.reason or "deferred by quiet hours",
                        decision.deliver_after,
                        now,
                    )
                    fresh = self.store.notification(row.id, row.user_id, self.timezone)
                    if fresh is not None and decision.status != "deferred":
                        released.append((fresh, row.user_id))
        for notification, user_id in released:
            self._publish(notification, user_id)
        return [n for n, _ in released]

    def _publish(self, notification: Notification, user_id: str) -> None:
        event = {
            "delivered": "notification.sent",
            "suppressed": "notification.suppressed",
            "deferred": "notification.deferred",
        }.get(notification.status)
        if event:
            payload: dict[str, Any] = {**notification.model_dump(), "user_id": user_id}
            self.bus.publish_nowait(event, payload)
