"""The scheduler's rows as pydantic models, read and written inside storage so the domain never names a column.

A job read back (:class:`JobRow`) arrives with its JSON columns parsed, its trigger rebuilt and its flags as
booleans; a new job (:class:`NewJob`) and a change to one (:class:`JobChange`) are written from typed fields
and serialised here exactly as the hand-written dicts were (compact, sorted JSON; 0/1 flags). Runs and
notifications leave as the API's models, their POSIX times turned into ISO 8601 in the job's timezone.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, InstanceOf, Json, field_serializer, model_validator

from servers.core.principal import Principal
from servers.scheduler.clock import iso
from servers.scheduler.models import JobOptions, Notification, Run
from servers.scheduler.triggers import Trigger, from_stored

Row = dict[str, Any]


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _principal(raw: object) -> object:
    return Principal.from_json(raw) if isinstance(raw, str) and raw else None


class JobRow(BaseModel):
    """A job row decoded once: its schedule, action and options parsed, its trigger built, times as
    POSIX seconds. Columns a query adds (a claim joins runs to jobs) are ignored."""

    model_config = ConfigDict(frozen=True)

    id: str
    user_id: str
    name: str
    source: str
    status: str
    status_reason: str | None
    schedule: Json[dict[str, Any]]
    trigger: InstanceOf[Trigger]
    action: Json[dict[str, Any]]
    options: Json[JobOptions]
    next_run_at: float | None
    advance_pending: bool
    last_run_at: float | None
    last_run_status: str | None
    consec_failures: int
    timezone: str
    created_at: float
    updated_at: float
    principal: Annotated[InstanceOf[Principal] | None, BeforeValidator(_principal)] = None

    @model_validator(mode="before")
    @classmethod
    def _trigger(cls, row: Any) -> Any:
        """The stored trigger (``trigger_kind`` + ``trigger_data``) rebuilt as the object that computes times."""
        if isinstance(row, dict) and "trigger" not in row:
            return {**row, "trigger": from_stored(row["trigger_kind"], json.loads(row["trigger_data"]))}
        return row


class _JobColumns(BaseModel):
    """Serialises a job's typed fields to the values its columns hold."""

    model_config = ConfigDict(frozen=True)

    @field_serializer("schedule", "trigger_data", "action", check_fields=False)
    def _json(self, value: dict[str, Any] | None) -> str | None:
        return None if value is None else dumps(value)

    @field_serializer("options", check_fields=False)
    def _options(self, options: JobOptions | None) -> str | None:
        return None if options is None else options.model_dump_json()

    @field_serializer("advance_pending", check_fields=False)
    def _flag(self, flag: bool | None) -> int | None:
        return None if flag is None else int(flag)

    @field_serializer("principal", check_fields=False)
    def _principal(self, principal: Principal | None) -> str | None:
        return None if principal is None else principal.to_json()


class NewJob(_JobColumns):
    """A job as first written; the columns left out take the table's defaults."""

    id: str
    user_id: str
    name: str
    source: str
    status: str
    schedule: dict[str, Any]
    trigger_kind: str
    trigger_data: dict[str, Any]
    timezone: str
    action: dict[str, Any]
    options: JobOptions
    next_run_at: float | None
    created_at: float
    updated_at: float
    principal: InstanceOf[Principal] | None

    def insert(self) -> tuple[str, list[Any]]:
        """The statement that inserts this job, and its parameters."""
        values = self.model_dump() | _option_columns(self.options)
        return f"INSERT INTO jobs ({', '.join(values)}) VALUES ({', '.join('?' * len(values))})", list(values.values())


class JobChange(_JobColumns):
    """Columns of a job to change; only the fields given are written (a None given writes NULL)."""

    name: str | None = None
    status: str | None = None
    status_reason: str | None = None
    schedule: dict[str, Any] | None = None
    trigger_kind: str | None = None
    trigger_data: dict[str, Any] | None = None
    timezone: str | None = None
    action: dict[str, Any] | None = None
    options: JobOptions | None = None
    next_run_at: float | None = None
    advance_pending: bool | None = None
    last_run_at: float | None = None
    last_run_status: str | None = None
    consec_failures: int | None = None
    updated_at: float | None = None
    principal: InstanceOf[Principal] | None = None

    def update(self, job_id: str) -> tuple[str, list[Any]]:
        """The statement that writes the fields given to job ``job_id``, and its parameters; the options also
        fill the columns the engine filters on."""
        values = self.model_dump(exclude_unset=True)
        if self.options is not None:
            values |= _option_columns(self.options)
        return f"UPDATE jobs SET {', '.join(f'{k} = ?' for k in values)} WHERE id = ?", [*values.values(), job_id]


def _option_columns(options: JobOptions) -> Row:
    """The options as JSON and, beside it, the ones the engine reads in SQL."""
    return {
        "options": options.model_dump_json(),
        "max_concurrency": options.max_concurrency,
        "cooldown_seconds": options.cooldown_seconds,
        "misfire_grace_seconds": options.misfire_grace_seconds,
        "catch_up": options.catch_up,
        "approval_required": int(options.approval_required),
    }


_RUN_TIMES = ("scheduled_for", "due_at")
_RUN_OPTIONAL_TIMES = ("started_at", "finished_at")
_NOTIFICATION_OPTIONAL_TIMES = ("deliver_after", "delivered_at", "acked_at")


def run_model(row: Row, tz: str | None = None) -> Run:
    """A run as the tools show it: its times in ISO 8601 in ``tz``."""
    times = {k: iso(row[k], tz) or "" for k in _RUN_TIMES} | {k: iso(row[k], tz) for k in _RUN_OPTIONAL_TIMES}
    return Run.model_validate(row | times)


def notification_model(row: Row, tz: str | None = None) -> Notification:
    """A notification as the tools show it: its times in ISO 8601 in ``tz``."""
    times = {k: iso(row[k], tz) for k in _NOTIFICATION_OPTIONAL_TIMES}
    return Notification.model_validate(row | times | {"created_at": iso(row["created_at"], tz) or ""})
