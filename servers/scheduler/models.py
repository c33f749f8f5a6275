"""The scheduler's data shapes and errors; the tool signatures are built from these.

A schedule is one of three objects, told apart by the key it carries:

| schedule                                         | fires                                         |
|--------------------------------------------------|-----------------------------------------------|
| ``{"cron": "0 9 * * 1-5", "timezone": "Europe/Berlin"}`` | 09:00 Berlin time on weekdays, DST-aware |
| ``{"interval_seconds": 3600}``                   | every hour from creation (or ``start_at``)    |
| ``{"at": "2026-05-01T09:00:00+02:00"}``          | once                                          |
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag

from servers.core.failures import DomainError

JobStatus = Literal["active", "paused", "error", "completed"]
RunStatus = Literal[
    "pending", "pending_approval", "running", "succeeded", "failed", "missed", "skipped", "rejected", "cancelled"
]
RunTrigger = Literal["schedule", "catch_up", "retry", "manual"]
CatchUp = Literal["skip", "once", "all"]
NotificationStatus = Literal["delivered", "acked", "suppressed", "deferred"]

MAX_NAME_CHARS = 100
MAX_MESSAGE_CHARS = 4000
MAX_PROMPT_CHARS = 8000
FINAL_RUN_STATUSES = ("succeeded", "failed", "missed", "skipped", "rejected", "cancelled")


class SchedulerInputError(DomainError, ValueError):
    """The caller sent something the scheduler cannot accept; the message says what and how to fix it."""


class NotFound(DomainError, LookupError):
    def __init__(self, kind: str, key: str) -> None:
        super().__init__(f"no {kind} with id {key!r} for this user")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CronSchedule(_Strict):
    cron: str = Field(description="5-field cron: minute hour day-of-month month day-of-week, e.g. '0 9 * * 1-5'.")
    timezone: str | None = Field(None, description="IANA timezone of the cron times; default the user's timezone.")


class IntervalSchedule(_Strict):
    interval_seconds: int = Field(ge=1, le=366 * 86400, description="Seconds between runs (1 s to 366 days).")
    start_at: str | None = Field(None, description="ISO 8601 time of the first run; default now + interval.")


class AtSchedule(_Strict):
    at: str = Field(description="ISO 8601 time of the only run, in the future; without an offset, in `timezone`.")
    timezone: str | None = Field(None, description="IANA timezone for an `at` without an offset.")


def _schedule_kind(value: Any) -> str | None:
    if isinstance(value, dict):
        keys = value.keys()
    elif isinstance(value, BaseModel):
        keys = type(value).model_fields.keys()
    else:
        return None
    for kind, key in (("cron", "cron"), ("interval", "interval_seconds"), ("at", "at")):
        if key in keys:
            return kind
    return None


Schedule = Annotated[
    Annotated[CronSchedule, Tag("cron")]
    | Annotated[IntervalSchedule, Tag("interval")]
    | Annotated[AtSchedule, Tag("at")],
    Discriminator(
        _schedule_kind,
        custom_error_type="schedule_kind",
        custom_error_message="a schedule needs one of the keys 'cron', 'interval_seconds' or 'at'",
    ),
]


class NotifyAction(_Strict):
    type: Literal["notify"]
    message: str = Field(min_length=1, max_length=MAX_MESSAGE_CHARS)
    title: str | None = Field(None, max_length=200)
    priority: float = Field(0.7, ge=0, le=1, description="0-1; below the attention threshold (0.6) is suppressed.")
    kind: str | None = Field(None, max_length=100, description="Notification type for rate limits; default job name.")
    defer_quiet_hours: bool | None = Field(None, description="Deliver after quiet hours instead of dropping.")


class ToolAction(_Strict):
    type: Literal["tool"]
    server: str = Field(description="A Cairn server name, e.g. 'memory'.")
    tool: str = Field(min_length=1, max_length=200, description="A tool of that server, e.g. 'memory_maintain'.")
    arguments: dict[str, Any] = Field(default_factory=dict)


class WebhookAction(_Strict):
    type: Literal["webhook"]
    url: str = Field(max_length=2000, description="http(s) URL that receives a JSON POST.")
    payload: dict[str, Any] = Field(default_factory=dict, description="Extra JSON fields sent with the run.")
    headers: dict[str, str] = Field(default_factory=dict, description="Extra request headers (max 20).")
    timeout_seconds: float | None = Field(None, gt=0, le=120)


class PromptAction(_Strict):
    type: Literal["prompt"]
    prompt: str = Field(min_length=1, max_length=MAX_PROMPT_CHARS)
    model: str | None = Field(None, description="litellm model string; default CAIRN_LLM_MODEL.")
    memory_query: str | None = Field(None, max_length=2000, description="What to recall as context; default prompt.")
    recall_limit: int = Field(5, ge=0, le=20)
    notify: bool = Field(True, description="Send the answer to the user as a notification.")
    priority: float = Field(0.7, ge=0, le=1)


Action = Annotated[NotifyAction | ToolAction | WebhookAction | PromptAction, Field(discriminator="type")]


class RetryPolicy(_Strict):
    max_retries: int = Field(2, ge=0, le=10, description="Extra attempts after a failed run.")
    backoff_seconds: int = Field(60, ge=1, le=86400, description="Wait before retry n: backoff × 2^(n-1).")
    max_backoff_seconds: int = Field(3600, ge=1, le=7 * 86400)

    def delay(self, attempt: int) -> float:
        """Seconds to wait before attempt ``attempt + 1`` after attempt ``attempt`` failed."""
        return float(min(self.backoff_seconds * 2 ** max(attempt - 1, 0), self.max_backoff_seconds))


class JobOptions(_Strict):
    """Everything about a job except its name, schedule and action; all have defaults."""

    description: str | None = Field(None, max_length=1000)
    max_concurrency: int = Field(1, ge=1, le=100, description="Runs of this job at once; a due run beyond is skipped.")
    cooldown_seconds: int = Field(0, ge=0, le=30 * 86400, description="A due run this soon after the last is skipped.")
    retry: RetryPolicy = Field(default_factory=RetryPolicy)
    misfire_grace_seconds: int = Field(
        300, ge=0, le=30 * 86400, description="A run found later than this after its time is a misfire."
    )
    catch_up: CatchUp = Field("once", description="Misfires: skip (record only), once (run the latest), all.")
    approval_required: bool = False


class JobSpec(JobOptions):
    name: str = Field(min_length=1, max_length=MAX_NAME_CHARS)
    schedule: Schedule
    action: Action


class Job(BaseModel):
    id: str
    name: str
    user_id: str
    source: Literal["static", "dynamic"]
    status: JobStatus
    status_reason: str | None = None
    schedule: dict[str, Any]
    schedule_text: str = Field(description="The schedule in words.")
    timezone: str
    action: dict[str, Any]
    description: str | None = None
    max_concurrency: int
    cooldown_seconds: int
    retry: RetryPolicy
    misfire_grace_seconds: int
    catch_up: CatchUp
    approval_required: bool
    next_run_at: str | None
    last_run_at: str | None = None
    last_run_status: str | None = None
    consec_failures: int = 0
    created_at: str
    updated_at: str


class Run(BaseModel):
    id: str
    job_id: str
    trigger: RunTrigger
    status: RunStatus
    scheduled_for: str
    due_at: str
    attempt: int
    covers: int = Field(1, description="Occurrences this row stands for (a summary of many missed runs).")
    reason: str | None = None
    started_at: str | None = None
    finished_at: str | None = None
    output: str | None = None
    error: str | None = None


class RunList(BaseModel):
    job_id: str
    runs: list[Run]


class JobList(BaseModel):
    jobs: list[Job]


class Notification(BaseModel):
    id: str
    type: str
    title: str | None = None
    message: str
    priority: float
    status: NotificationStatus
    reason: str | None = None
    job_id: str | None = None
    run_id: str | None = None
    created_at: str
    deliver_after: str | None = None
    delivered_at: str | None = None
    acked_at: str | None = None


class NotificationList(BaseModel):
    notifications: list[Notification]
