"""The scheduler's domain API: jobs, runs, approvals and notifications, used by the MCP tools and the CLI.

Every write validates first and then changes the database in one transaction, so bad input leaves
nothing half-written. A job is addressed by its id or its name (names are unique per user).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from servers.core.events import EventBus, default_bus
from servers.core.principal import Principal
from servers.core.toolcalls import ToolCaller
from servers.scheduler.actions import ActionRunner, parse_action
from servers.scheduler.attention import AttentionGate
from servers.scheduler.clock import Clock, SystemClock
from servers.scheduler.engine import Engine, Executor
from servers.scheduler.models import (
    FINAL_RUN_STATUSES,
    Job,
    JobOptions,
    JobSpec,
    NotFound,
    Notification,
    Run,
    RunList,
    SchedulerInputError,
)
from servers.scheduler.settings import SchedulerServerSettings
from servers.scheduler.storage.rows import JobChange, JobRow, NewJob
from servers.scheduler.storage.store import job_model, new_id, open_store
from servers.scheduler.triggers import build, stored_form

log = logging.getLogger(__name__)
_SPEC_FIELDS = set(JobSpec.model_fields)


class SchedulerService:
    def __init__(
        self,
        settings: SchedulerServerSettings,
        *,
        clock: Clock | None = None,
        bus: EventBus | None = None,
        executor: Executor | None = None,
        worker_id: str | None = None,
        tools: ToolCaller | None = None,
    ) -> None:
        """``tools`` calls the other Cairn servers for ``tool`` jobs and prompt jobs' recall; the suite gives
        it (without one, such jobs fail with a message saying the other servers are not here)."""
        self.settings = settings
        self.config = settings.scheduler
        self.clock = clock or SystemClock()
        self.bus = bus or default_bus()
        self.store = open_store(settings)
        self.gate = AttentionGate(self.store, self.config.attention, self.config.timezone, self.clock, self.bus)
        self.actions = ActionRunner(settings, self.gate, self.clock, self.store, tools)
        self.engine = Engine(
            self.store, self.config, self.clock, executor or self.actions, self.gate, self.bus, worker_id=worker_id
        )

    def close(self) -> None:
        self.store.close()

    @property
    def jobs_file(self) -> Path:
        return self.config.jobs_file or (self.settings.home / "scheduler" / "jobs.yaml")

    # --- jobs -----------------------------------------------------------------------------------------------

    async def create(
        self, spec: JobSpec, user_id: str, *, source: str = "dynamic", principal: Principal | None = None
    ) -> Job:
        """A new job for ``user_id``. ``principal`` is the authenticated caller creating it (``None`` on stdio,
        ``--auth none`` and for static jobs): the job's runs act for its owner with exactly these scopes, so
        an action needing a scope the caller lacks is refused here, naming it."""
        action = parse_action(spec.action.model_dump())
        acting = _owned(principal, user_id)
        await self.actions.validate(action, user_id=user_id, principal=acting)
        now = self.clock.now()
        trigger = build(spec.schedule, self.config.timezone, now)
        kind, data = stored_form(trigger)
        first = trigger.next_after(now)
        job = NewJob(
            id=new_id("j"),
            user_id=user_id,
            name=spec.name.strip(),
            source=source,
            status="active" if first is not None else "completed",
            schedule=spec.schedule.model_dump(exclude_none=True),
            trigger_kind=kind,
            trigger_data=data,
            timezone=trigger.timezone,
            action=spec.action.model_dump(exclude_none=True),
            options=self._options(spec),
            next_run_at=first,
            created_at=now,
            updated_at=now,
            principal=acting,
        )
        with self.store.db.transaction():
            self.store.serialise("jobs")  # the job limit and the name check hold across instances
            if self.store.count_jobs() >= self.config.max_jobs:
                raise SchedulerInputError(
                    f"this data directory already holds {self.config.max_jobs} jobs (the limit); delete some first"
                )
            clash = self.store.job_named(user_id, job.name)
            if clash:
                raise SchedulerInputError(
                    f"a job named {job.name!r} already exists (id {clash.id}); "
                    "choose another name or change it with job_update"
                )
            self.store.insert_job(job)
        self.engine.wake()
        return self.get(job.id, user_id)

    @staticmethod
    def _options(spec: JobOptions) -> JobOptions:
        """The options alone, without the name, schedule and action a spec also carries."""
        return JobOptions.model_validate(spec.model_dump(include=set(JobOptions.model_fields)))

    def _row(self, key: str, user_id: str) -> JobRow:
        row = self.store.job_for_user(key, user_id)
        if row is None:
            raise NotFound("job", key)
        return row

    def get(self, key: str, user_id: str) -> Job:
        return job_model(self._row(key, user_id))

    def jobs(self, user_id: str, status: str | None = None, limit: int = 100) -> list[Job]:
        return [job_model(r) for r in self.store.jobs(user_id, status, limit)]

    def spec_of(self, row: JobRow) -> JobSpec:
        return JobSpec.model_validate(
            {**row.options.model_dump(), "name": row.name, "schedule": row.schedule, "action": row.action}
        )

    async def update(
        self,
        key: str,
        user_id: str,
        changes: dict[str, Any],
        *,
        allow_static: bool = False,
        principal: Principal | None = None,
    ) -> Job:
        """Change a job. An authenticated caller's scopes replace the stored ones (the action is checked
        against them even when unchanged), so a job never keeps more than its last editor holds."""
        row = self._row(key, user_id)
        if row.source == "static" and not allow_static:
            raise SchedulerInputError(
                f"job {row.name!r} is defined in {self.jobs_file}; edit that file (it is read at start-up)"
            )
        unknown = set(changes) - _SPEC_FIELDS
        if unknown:
            raise SchedulerInputError(f"cannot change {sorted(unknown)}; changeable: {sorted(_SPEC_FIELDS)}")
        current = self.spec_of(row).model_dump(exclude_none=True)
        try:
            spec = JobSpec.model_validate({**current, **{k: v for k, v in changes.items() if v is not None}})
        except ValidationError as exc:
            raise SchedulerInputError(f"invalid change: {exc}") from None
        acting = _owned(principal, row.user_id)
        if "action" in changes or acting is not None:
            await self.actions.validate(parse_action(spec.action.model_dump()), user_id=row.user_id, principal=acting)
        now = self.clock.now()
        change: dict[str, Any] = {
            "name": spec.name.strip(),
            "action": spec.action.model_dump(exclude_none=True),
            "options": self._options(spec),
            "updated_at": now,
        }
        if acting is not None:
            change["principal"] = acting
        if "schedule" in changes:
            trigger = build(spec.schedule, self.config.timezone, now)
            kind, data = stored_form(trigger)
            change.update(
                schedule=spec.schedule.model_dump(exclude_none=True),
                trigger_kind=kind,
                trigger_data=data,
                timezone=trigger.timezone,
                next_run_at=trigger.next_after(now),
                advance_pending=False,
            )
            if row.status == "completed" and change["next_run_at"] is not None:
                change["status"] = "active"
        values = JobChange.model_validate(change)
        with self.store.db.transaction():
            self.store.serialise("jobs")
            clash = self.store.job_named(user_id, spec.name.strip(), other_than=row.id)
            if clash:
                raise SchedulerInputError(f"another job is already named {spec.name.strip()!r} (id {clash.id})")
            self.store.update_job(row.id, values)
        self.engine.wake()
        return self.get(row.id, user_id)

    def pause(self, key: str, user_id: str) -> Job:
        row = self._row(key, user_id)
        if row.status == "completed":
            raise SchedulerInputError(f"job {row.name!r} has completed; there is nothing left to pause")
        with self.store.db.transaction():
            self.store.update_job(
                row.id, JobChange(status="paused", status_reason="paused by request", updated_at=self.clock.now())
            )
        self.bus.publish_nowait(
            "job.paused", {"job_id": row.id, "job_name": row.name, "user_id": user_id, "reason": "request"}
        )
        return self.get(row.id, user_id)

    def resume(self, key: str, user_id: str) -> Job:
        """Back to active from paused or error; the schedule continues from now (paused time is not caught up)."""
        row = self._row(key, user_id)
        if row.status == "completed":
            raise SchedulerInputError(f"job {row.name!r} has completed; give it a new schedule with job_update")
        now = self.clock.now()
        following = row.trigger.next_after(now)
        values = JobChange(
            status="active" if following is not None else "completed",
            status_reason=None if following is not None else "its only run time passed while it was paused",
            consec_failures=0,
            next_run_at=following,
            advance_pending=False,
            updated_at=now,
        )
        with self.store.db.transaction():
            self.store.update_job(row.id, values)
        self.engine.wake()
        return self.get(row.id, user_id)

    def delete(self, key: str, user_id: str, *, allow_static: bool = False) -> str:
        row = self._row(key, user_id)
        if row.source == "static" and not allow_static:
            raise SchedulerInputError(
                f"job {row.name!r} is defined in {self.jobs_file}; remove it there, or job_pause it"
            )
        with self.store.db.transaction():
            self.store.delete_job(row.id)
        return str(row.id)

    # --- runs -------------------------------------------------------------------------------------------------

    def run_now(self, key: str, user_id: str) -> Run:
        """Queue a run due now (concurrency and approval still apply; cooldown does not)."""
        row = self._row(key, user_id)
        now = self.clock.now()
        status = "pending_approval" if row.options.approval_required else "pending"
        with self.store.db.transaction():
            run_id = self.store.insert_run(row.id, trigger="manual", status=status, scheduled_for=now, now=now)
        if status == "pending_approval":
            self.bus.publish_nowait(
                "approval.requested",
                {"job_id": row.id, "job_name": row.name, "user_id": user_id, "run_id": run_id},
            )
        self.engine.wake()
        return self.run(run_id, user_id)

    def run(self, run_id: str, user_id: str) -> Run:
        run = self.store.run_for_user(run_id, user_id)
        if run is None:
            raise NotFound("run", run_id)
        return run

    def runs(self, key: str, user_id: str, limit: int = 20, status: str | None = None) -> RunList:
        row = self._row(key, user_id)
        return RunList(job_id=row.id, runs=self.store.runs(row.id, limit, status, tz=row.timezone))

    def approve(self, run_id: str, user_id: str) -> Run:
        self._decide(run_id, user_id, "pending", "approved")
        self.engine.wake()
        return self.run(run_id, user_id)

    def reject(self, run_id: str, user_id: str, reason: str | None = None) -> Run:
        return self._decide(run_id, user_id, "rejected", f"rejected{': ' + reason if reason else ''}")

    def _decide(self, run_id: str, user_id: str, status: str, reason: str) -> Run:
        current = self.run(run_id, user_id)
        if current.status != "pending_approval":
            raise SchedulerInputError(f"run {run_id} is {current.status}, not waiting for approval")
        now = self.clock.now()
        with self.store.db.transaction():
            if not self.store.decide_run(run_id, status, reason, now, final=status in FINAL_RUN_STATUSES):
                raise SchedulerInputError(f"run {run_id} was decided by someone else meanwhile")
        return self.run(run_id, user_id)

    # --- notifications ------------------------------------------------------------------------------------------

    def notifications(self, user_id: str, status: str = "pending", limit: int = 20) -> list[Notification]:
        statuses = {
            "pending": ["delivered"],
            "all": ["delivered", "acked", "suppressed", "deferred"],
        }.get(status, [status])
        return self.store.notifications(user_id, statuses, limit, self.config.timezone)

    def ack(self, notification_id: str, user_id: str) -> Notification:
        current = self.store.notification(notification_id, user_id)
        if current is None:
            raise NotFound("notification", notification_id)
        if current.status == "delivered":
            with self.store.db.transaction():
                self.store.ack_notification(notification_id, self.clock.now())
        elif current.status != "acked":
            raise SchedulerInputError(f"notification {notification_id} was {current.status}, not delivered")
        fresh = self.store.notification(notification_id, user_id, self.config.timezone)
        assert fresh is not None
        return fresh


def _owned(principal: Principal | None, owner: str) -> Principal | None:
    """What a job's runs act as: its owner, with the scopes of the caller who created or changed it."""
    if principal is None:
        return None
    return Principal(owner, principal.scopes, principal.client_id)
