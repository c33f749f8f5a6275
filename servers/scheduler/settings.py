"""Settings of the scheduler server (``CAIRN_SCHEDULER__<FIELD>``, nested with ``__``).

| variable                                         | default        | meaning                                          |
|--------------------------------------------------|----------------|--------------------------------------------------|
| ``CAIRN_SCHEDULER__TIMEZONE``                    | system or UTC  | the user's IANA zone: cron default, quiet hours  |
| ``CAIRN_SCHEDULER__RUN_LOOP``                    | ``true``       | run jobs in this process (false = tools only)    |
| ``CAIRN_SCHEDULER__POLL_INTERVAL_SECONDS``       | ``1.0``        | how often the database is checked for due runs   |
| ``CAIRN_SCHEDULER__LEASE_SECONDS``               | ``60``         | a run whose worker stops is retried after this   |
| ``CAIRN_SCHEDULER__JOBS_FILE``                   | ``<home>/scheduler/jobs.yaml`` | static jobs (YAML)               |
| ``CAIRN_SCHEDULER__WEBHOOK_SECRET``              | generated      | HMAC-SHA256 key of webhook signatures            |
| ``CAIRN_SCHEDULER__WEBHOOK_ALLOW``               | ``[]``         | non-public webhook hosts/addresses/CIDRs allowed |
| ``CAIRN_SCHEDULER__ATTENTION__QUIET_HOURS``      | ``[22, 8]``    | no notifications from 22:00 to 08:00             |
| ``CAIRN_SCHEDULER__ATTENTION__DAILY_CAP``        | ``5``          | notifications delivered per local day            |
| ``CAIRN_SCHEDULER__ATTENTION__MIN_INTERVAL_SECONDS`` | ``1800``   | between two notifications of one type            |
| ``CAIRN_SCHEDULER__ATTENTION__PRIORITY_THRESHOLD`` | ``0.6``      | lower priorities are suppressed                  |
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, Field, SecretStr, field_validator

from servers.core.settings import CoreSettings

if TYPE_CHECKING:
    from servers.core.egress import EgressPolicy

WEBHOOK_ALLOW_SETTING = "CAIRN_SCHEDULER__WEBHOOK_ALLOW"


def system_timezone() -> str:
    """The machine's IANA zone name (``TZ`` or the /etc/localtime link), else UTC."""
    name = os.environ.get("TZ", "").lstrip(":")
    if not name:
        try:
            target = os.path.realpath("/etc/localtime")
        except OSError:
            target = ""
        name = target.split("zoneinfo/", 1)[1] if "zoneinfo/" in target else ""
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return "UTC"
    return name or "UTC"


def _check_zone(value: str) -> str:
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"unknown timezone {value!r}: use an IANA name such as 'Europe/Berlin'") from None
    return value


class AttentionSettings(BaseModel):
    """Defaults of the attention gate."""

    quiet_hours: tuple[int, int] | None = Field(
        (22, 8), description="[start, end) local hours with no notifications; null disables quiet hours."
    )
    daily_cap: int = Field(5, ge=0, description="Notifications delivered per local day; 0 = none.")
    min_interval_seconds: int = Field(1800, ge=0, description="Between two delivered notifications of one type.")
    priority_threshold: float = Field(0.6, ge=0, le=1, description="Notifications below this are suppressed.")
    defer_quiet_hours: bool = Field(True, description="Deliver quiet-hour notifications when quiet hours end.")

    @field_validator("quiet_hours")
    @classmethod
    def _hours(cls, value: tuple[int, int] | None) -> tuple[int, int] | None:
        if value is not None and not all(0 <= h <= 23 for h in value):
            raise ValueError("quiet_hours are two hours 0-23, e.g. [22, 8]")
        return value


class SchedulerSettings(BaseModel):
    """Limits and defaults of the scheduler server."""

    timezone: str = Field(default_factory=system_timezone, description="The user's IANA timezone.")
    run_loop: bool = Field(True, description="Execute due runs in this process.")
    poll_interval_seconds: float = Field(1.0, gt=0, le=60)
    lease_seconds: float = Field(60.0, ge=5, description="A claimed run not renewed for this long is retried.")
    claim_batch: int = Field(500, ge=1, le=10_000, description="Due jobs claimed per transaction.")
    max_parallel_runs: int = Field(32, ge=1, le=1000, description="Actions executing at once in one process.")
    max_failures: int = Field(3, ge=1, description="Consecutive failures that put a job in status 'error'.")
    max_catch_up_runs: int = Field(100, ge=1, description="Runs one 'all' catch-up may start; the rest are missed.")
    run_retention_days: int = Field(30, ge=1, description="Finished runs older than this are forgotten.")
    max_jobs: int = Field(50_000, ge=1, description="Jobs one data directory may hold.")
    jobs_file: Path | None = Field(None, description="Static jobs (YAML); default <home>/scheduler/jobs.yaml.")
    webhook_secret: SecretStr | None = Field(
        None, description="HMAC key for webhook signatures; unset = a random key kept in <home>/scheduler/."
    )
    webhook_timeout_seconds: float = Field(10.0, gt=0, le=120)
    webhook_allow: list[str] = Field(
        default_factory=list,
        description=(
            "Webhook destinations allowed although they are not public: by default a webhook to loopback, "
            "link-local (169.254.169.254), private (10/8, 172.16/12, 192.168/16, fc00::/7, 100.64/10), "
            "multicast, reserved or unspecified addresses is refused, checked on the address connected to. "
            "Entries are host names ('hooks.internal'; '*.internal' for every name below it; a name allows "
            "whatever it resolves to), addresses ('127.0.0.1', '::1') and CIDR ranges ('10.0.0.0/8'). "
            f'As JSON in the environment: {WEBHOOK_ALLOW_SETTING}=\'["hooks.internal", "10.0.0.0/8"]\'.'
        ),
    )
    tool_timeout_seconds: float = Field(300.0, gt=0)
    attention: AttentionSettings = Field(default_factory=AttentionSettings)

    @field_validator("timezone")
    @classmethod
    def _zone(cls, value: str) -> str:
        return _check_zone(value)

    @field_validator("webhook_allow")
    @classmethod
    def _allow(cls, value: list[str]) -> list[str]:
        # Imported here: the egress module brings httpx, which every process reading the settings would pay.
        from servers.core.egress import parse_allow_entry

        entries = []
        for entry in value:
            try:
                parsed = parse_allow_entry(entry)
            except ValueError as exc:
                raise ValueError(f"{WEBHOOK_ALLOW_SETTING}: {exc}") from None
            entries.append(parsed if isinstance(parsed, str) else str(parsed))
        return entries

    def webhook_policy(self) -> EgressPolicy:
        """Where webhooks may go: public addresses, and what ``webhook_allow`` adds."""
        from servers.core.egress import EgressPolicy

        return EgressPolicy.from_entries(self.webhook_allow, WEBHOOK_ALLOW_SETTING)


class SchedulerServerSettings(CoreSettings):
    """What the scheduler reads: the shared settings and its own section."""

    scheduler: SchedulerSettings = Field(default_factory=SchedulerSettings)

    def data_elsewhere(self) -> list[Path]:
        elsewhere = self.scheduler.jobs_file
        return [*super().data_elsewhere(), *([elsewhere.expanduser()] if elsewhere is not None else [])]
