"""The scheduler MCP server: thin tools and resources over :class:`SchedulerService`.

The scheduler loop runs in the server's lifespan (started with the first session, stopped cleanly with
the last), so ``cairn serve scheduler`` both answers tools and runs jobs. Several processes may serve
one data directory: runs are claimed in the database, never twice.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal, TypeVar

import anyio
import anyio.to_thread
from fastmcp import Context, FastMCP
from fastmcp.exceptions import ResourceError, ToolError
from pydantic import Field

from servers.core.completions import Completions
from servers.core.errors import domain_tools, resource_errors
from servers.core.events import Event
from servers.core.failures import DomainError
from servers.core.identity import resolve_user
from servers.core.mcp_progress import async_reporter
from servers.core.principal import current_principal
from servers.core.subscriptions import Subscriptions, Watch
from servers.scheduler import static_jobs
from servers.scheduler.follow import follow
from servers.scheduler.models import (
    Action,
    CatchUp,
    Job,
    JobList,
    JobSpec,
    NotFound,
    Notification,
    NotificationList,
    RetryPolicy,
    Run,
    RunList,
    Schedule,
    SchedulerInputError,
)
from servers.scheduler.service import SchedulerService
from servers.scheduler.settings import SchedulerServerSettings

T = TypeVar("T")
log = logging.getLogger(__name__)
ADMIN_SCOPE = "scheduler:admin"

INSTRUCTIONS = """Persistent scheduled jobs for this user: reminders, recurring tool calls into other Cairn
servers (e.g. memory_maintain), webhooks and LLM tasks. Create with job_create (cron with a timezone,
an interval, or a one-shot time); inspect with job_list / job_get / job_runs. Jobs survive restarts;
runs missed while the machine was off follow the job's catch-up policy and are recorded. Notifications
pass an attention gate (quiet hours, daily cap); read them with notifications_list and acknowledge them
with notification_ack. Jobs with approval_required wait for run_approve / run_reject."""

UserId = Annotated[
    str,
    Field(
        pattern=r"^[A-Za-z0-9][A-Za-z0-9._@+-]{0,127}$",
        description="Whose jobs (1-128 chars). Ignored in favour of the token's subject when authenticated.",
    ),
]
JobKey = Annotated[str, Field(min_length=1, max_length=100, description="A job id (from job_create) or its name.")]
RunId = Annotated[str, Field(min_length=1, max_length=64, description="A run id from job_runs or job_run_now.")]
Name = Annotated[str, Field(min_length=1, max_length=100, description="Unique per user, up to 100 characters.")]
Description = Annotated[str | None, Field(max_length=1000)]
MaxConcurrency = Annotated[int, Field(ge=1, le=100, description="Runs at once (1-100); a due run beyond is skipped.")]
Cooldown = Annotated[int, Field(ge=0, le=2_592_000, description="Skip a due run this many seconds after the last.")]
Grace = Annotated[
    int, Field(ge=0, le=2_592_000, description="A run noticed later than this (seconds) after its time is a misfire.")
]


def create_server(
    settings: SchedulerServerSettings | None = None, *, service: SchedulerService | None = None
) -> FastMCP:
    settings = settings or SchedulerServerSettings()
    scheduler = service or SchedulerService(settings)
    state: dict[str, Any] = {"sessions": 0, "stop": None, "task": None, "synced": False}
    lock = asyncio.Lock()

    @asynccontextmanager
    async def lifespan(_: FastMCP) -> AsyncIterator[dict[str, Any]]:
        # In-memory clients enter the lifespan once per session: one loop per process, whoever comes first.
        async with lock:
            state["sessions"] += 1
            if not state["synced"]:
                state["synced"] = True
                report = await static_jobs.sync(scheduler)
                if report.created or report.updated or report.removed:
                    log.info("static jobs: %s", report)
            if state["sessions"] == 1 and scheduler.config.run_loop:
                state["stop"] = asyncio.Event()
                state["task"] = asyncio.create_task(scheduler.engine.run_forever(state["stop"]))
        try:
            yield {"scheduler": scheduler}
        finally:
            async with lock:
                state["sessions"] -= 1
                if state["sessions"] == 0 and state["task"] is not None:
                    state["stop"].set()
                    await state["task"]
                    state["task"] = None

    mcp = FastMCP(
        "cairn-scheduler", instructions=INSTRUCTIONS, version="0.1.0", lifespan=lifespan, mask_error_details=True
    )
    tool = domain_tools(mcp)

    def user(requested: str | None) -> str:
        return resolve_user(requested, admin_scope=ADMIN_SCOPE)

    @tool(annotations={"readOnlyHint": False, "destructiveHint": False})
    async def job_create(
        name: Name,
        schedule: Annotated[
            Schedule,
            Field(
                description='One of {"cron": "0 9 * * 1-5", "timezone"?: "Europe/Berlin"}, '
                '{"interval_seconds": 3600, "start_at"?: ISO}, {"at": "2026-05-01T09:00:00+02:00"}.'
            ),
        ],
        action: Annotated[
            Action,
            Field(
                description='{"type": "notify", "message", "priority"?} | {"type": "tool", "server": "memory", '
                '"tool": "memory_maintain", "arguments"?} | {"type": "webhook", "url", "payload"?, "headers"?} | '
                '{"type": "prompt", "prompt", "model"?} (prompt needs a configured LLM).'
            ),
        ],
        description: Description = None,
        max_concurrency: MaxConcurrency = 1,
        cooldown_seconds: Cooldown = 0,
        retry: Annotated[
            RetryPolicy | None, Field(description="Default 2 retries, backoff 60 s doubling, at most 1 h.")
        ] = None,
        misfire_grace_seconds: Grace = 300,
        catch_up: Annotated[
            CatchUp, Field(description="Runs missed beyond the grace: skip (record), once (run latest), all.")
        ] = "once",
        approval_required: bool = False,
        user_id: UserId = "default",
    ) -> Job:
        """Create a persistent job. Cron has 5 fields and runs in the job's IANA timezone (default: the
        user's), correct across daylight-saving changes; a one-shot `at` must be in the future. Up to 100
        concurrent runs; after 3 consecutive failures the job stops in status 'error' and the user is told.
        With OAuth, runs act for the job's owner with the scopes of the token that created it (checked again
        on every run; a removed user's jobs fail). Refused with a clear error: invalid cron, unknown timezone,
        past time, unknown server or tool, a tool needing a scope the token lacks, a webhook to a loopback,
        private or link-local address (unless CAIRN_SCHEDULER__WEBHOOK_ALLOW names it), prompt without a
        configured LLM, a name already used."""
        spec = JobSpec(
            name=name,
            schedule=schedule,
            action=action,
            description=description,
            max_concurrency=max_concurrency,
            cooldown_seconds=cooldown_seconds,
            retry=retry or RetryPolicy(),
            misfire_grace_seconds=misfire_grace_seconds,
            catch_up=catch_up,
            approval_required=approval_required,
        )
        return await scheduler.create(spec, user(user_id), principal=current_principal())

    @tool(annotations={"readOnlyHint": True})
    def job_list(
        status: Literal["active", "paused", "error", "completed"] | None = None,
        limit: Annotated[int, Field(ge=1, le=1000)] = 100,
        user_id: UserId = "default",
    ) -> JobList:
        """This user's jobs (up to 1000), each with its schedule in words and its next run time."""
        return JobList(jobs=scheduler.jobs(user(user_id), status, limit))

    @tool(annotations={"readOnlyHint": True})
    def job_get(job_id: JobKey, user_id: UserId = "default") -> Job:
        """One job with its state: status and why, next and last run, consecutive failures."""
        return scheduler.get(job_id, user(user_id))

    @tool(annotations={"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True})
    async def job_update(
        job_id: JobKey,
        name: Name | None = None,
        schedule: Annotated[Schedule | None, Field(description="A new schedule (same shapes as job_create).")] = None,
        action: Annotated[Action | None, Field(description="A new action (same shapes as job_create).")] = None,
        description: Description = None,
        max_concurrency: MaxConcurrency | None = None,
        cooldown_seconds: Cooldown | None = None,
        retry: RetryPolicy | None = None,
        misfire_grace_seconds: Grace | None = None,
        catch_up: CatchUp | None = None,
        approval_required: bool | None = None,
        user_id: UserId = "default",
    ) -> Job:
        """Change a job created by a tool; only the fields given change. A new schedule starts from now.
        Static jobs (from the YAML file) are changed in that file."""
        changes = {
            "name": name,
            "schedule": schedule,
            "action": action,
            "description": description,
            "max_concurrency": max_concurrency,
            "cooldown_seconds": cooldown_seconds,
            "retry": retry,
            "misfire_grace_seconds": misfire_grace_seconds,
            "catch_up": catch_up,
            "approval_required": approval_required,
        }
        given = {
            k: (v.model_dump(exclude_none=True) if hasattr(v, "model_dump") else v)
            for k, v in changes.items()
            if v is not None
        }
        if not given:
            raise ToolError("nothing to change: give at least one field besides job_id")
        return await scheduler.update(job_id, user(user_id), given, principal=current_principal())

    @tool(annotations={"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True})
    def job_pause(job_id: JobKey, user_id: UserId = "default") -> Job:
        """Stop a job from running until job_resume; its runs while paused are not caught up later."""
        return scheduler.pause(job_id, user(user_id))

    @tool(annotations={"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True})
    def job_resume(job_id: JobKey, user_id: UserId = "default") -> Job:
        """Make a paused job, or one stopped by failures (status 'error'), active again from now."""
        return scheduler.resume(job_id, user(user_id))

    @tool(annotations={"readOnlyHint": False, "destructiveHint": True, "idempotentHint": True})
    def job_delete(job_id: JobKey, user_id: UserId = "default") -> dict[str, str]:
        """Delete a job created by a tool, with its run history. Prefer job_pause to keep the history."""
        return {"deleted": scheduler.delete(job_id, user(user_id))}

    @tool(annotations={"readOnlyHint": False, "destructiveHint": False})
    async def job_run_now(
        ctx: Context,
        job_id: JobKey,
        user_id: UserId = "default",
        wait_s: Annotated[
            int, Field(ge=0, le=600, description="Wait up to this many seconds for the run to end (0: return queued).")
        ] = 0,
    ) -> Run:
        """Queue a run now, outside the schedule (works for paused jobs too). Concurrency and approval
        apply, cooldown does not. Returns the queued run at once, or with wait_s the run as it ended (or as
        it stands when wait_s pass); follow it with job_runs. While waiting, a call with a progressToken gets
        progress 0 (queued or waiting for approval), 1 (running) and 2 (ended) of 2."""
        me = user(user_id)
        queue = functools.partial(anyio.to_thread.run_sync, functools.partial(scheduler.run_now, job_id, me))
        if wait_s == 0:
            return await queue()

        async def reread(run_id: str) -> Run:
            return await anyio.to_thread.run_sync(scheduler.run, run_id, me)

        poll = scheduler.config.poll_interval_seconds
        return await follow(scheduler.bus, queue, reread, wait_s=wait_s, poll_s=poll, progress=async_reporter(ctx))

    @tool(annotations={"readOnlyHint": True})
    def job_runs(
        job_id: JobKey,
        limit: Annotated[int, Field(ge=1, le=200)] = 20,
        status: Literal[
            "pending",
            "pending_approval",
            "running",
            "succeeded",
            "failed",
            "missed",
            "skipped",
            "rejected",
            "cancelled",
        ]
        | None = None,
        user_id: UserId = "default",
    ) -> RunList:
        """A job's runs, newest first (up to 200): what ran, what failed and why, and every missed or
        skipped occurrence with its reason."""
        return scheduler.runs(job_id, user(user_id), limit, status)

    @tool(annotations={"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True})
    def run_approve(run_id: RunId, user_id: UserId = "default") -> Run:
        """Let a run that waits for approval (status 'pending_approval') start now."""
        return scheduler.approve(run_id, user(user_id))

    @tool(annotations={"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True})
    def run_reject(
        run_id: RunId, reason: Annotated[str | None, Field(max_length=500)] = None, user_id: UserId = "default"
    ) -> Run:
        """Refuse a run that waits for approval; it is recorded as rejected and never runs."""
        return scheduler.reject(run_id, user(user_id), reason)

    @tool(annotations={"readOnlyHint": True})
    def notifications_list(
        status: Literal["pending", "all", "suppressed", "deferred", "acked"] = "pending",
        limit: Annotated[int, Field(ge=1, le=200)] = 20,
        user_id: UserId = "default",
    ) -> NotificationList:
        """Notifications for the user, newest first (up to 200). 'pending' = delivered and not yet
        acknowledged; 'suppressed' shows what the attention gate held back and why."""
        return NotificationList(notifications=scheduler.notifications(user(user_id), status, limit))

    @tool(annotations={"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True})
    def notification_ack(
        notification_id: Annotated[str, Field(min_length=1, max_length=64)], user_id: UserId = "default"
    ) -> Notification:
        """Mark a delivered notification as seen by the user."""
        return scheduler.ack(notification_id, user(user_id))

    # --- resources -------------------------------------------------------------------------------------------

    def _resource(fn: Callable[..., T], *args: Any) -> T:
        with resource_errors(DomainError):
            return fn(*args)

    @mcp.resource("scheduler://jobs", mime_type="application/json")
    def jobs_resource() -> dict[str, Any]:
        """The current user's jobs."""
        return JobList(jobs=scheduler.jobs(user(None), None, 1000)).model_dump()

    @mcp.resource("scheduler://jobs/{job_id}", mime_type="application/json")
    def job_resource(job_id: str) -> dict[str, Any]:
        """One job of the current user, by id or name."""
        return _resource(scheduler.get, job_id, user(None)).model_dump()

    @mcp.resource("scheduler://jobs/{job_id}/runs", mime_type="application/json")
    def runs_resource(job_id: str) -> dict[str, Any]:
        """The 50 most recent runs of one job."""
        return _resource(scheduler.runs, job_id, user(None), 50).model_dump()

    @mcp.resource("scheduler://notifications/pending", mime_type="application/json")
    def pending_notifications() -> dict[str, Any]:
        """Delivered notifications the user has not acknowledged yet."""
        return NotificationList(notifications=scheduler.notifications(user(None), "pending", 100)).model_dump()

    @mcp.resource("scheduler://events", mime_type="application/json")
    def events() -> list[dict[str, Any]]:
        """The scheduler's recent events (runs started, succeeded, failed, missed; notifications)."""
        me = user(None)
        return [
            e.as_dict()
            for e in scheduler.bus.recent(200)
            if (e.type.startswith(("job.", "notification.", "approval."))) and e.payload.get("user_id") in (None, me)
        ]

    _offer_completions_and_updates(mcp, scheduler, user)
    return mcp


# Each changes what the runs resource lists (approval.requested: a run now waits for a person).
RUN_EVENTS = (
    "job.run.started",
    "job.run.succeeded",
    "job.run.failed",
    "job.run.skipped",
    "job.run.missed",
    "approval.requested",
)


def _offer_completions_and_updates(
    mcp: FastMCP, scheduler: SchedulerService, user: Callable[[str | None], str]
) -> None:
    """The caller's job ids and names as completions; a job's runs as a subscribable resource."""

    def jobs(typed: str, known: Mapping[str, str]) -> list[str]:
        mine = scheduler.jobs(user(None), None, 1000)
        return [job.id for job in mine] + [job.name for job in mine]  # a job is read by id or by name

    completions = Completions("scheduler")
    completions.template("scheduler://jobs/{job_id}", "job_id", jobs)
    completions.template("scheduler://jobs/{job_id}/runs", "job_id", jobs)
    completions.install(mcp)

    def follow(uri: str) -> Watch | None:
        parts = uri.removeprefix("scheduler://").split("/")
        if len(parts) != 3 or parts[0] != "jobs" or parts[2] != "runs":
            return None
        me = user(None)
        try:
            job = scheduler.get(parts[1], me)  # by id or name, and only the caller's own
        except (SchedulerInputError, NotFound) as exc:
            raise ResourceError(str(exc)) from exc
        return Watch(f"runs/{job.id}", me)

    updates = Subscriptions("scheduler", ("scheduler://",), follow)
    updates.install(mcp)

    def on_run(event: Event) -> None:
        updates.changed(f"runs/{event.payload.get('job_id')}", str(event.payload.get("user_id")))

    for event_type in RUN_EVENTS:  # a unique name: the bus replaces a subscriber of the same name
        scheduler.bus.subscribe(event_type, on_run, name=f"subscriptions:{id(updates)}")
