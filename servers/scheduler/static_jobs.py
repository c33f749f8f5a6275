"""Static jobs from a YAML file (source ``static``), synchronised into the database at start-up.

```yaml
jobs:
  - name: daily_briefing
    schedule: "0 9 * * 1-5"          # a cron string, or {cron, timezone} / {interval_seconds} / {at}
    timezone: Europe/Berlin           # for a cron string
    action: {type: notify, message: "Your daily briefing is ready", priority: 0.8}
  - name: weekly_review
    schedule: "0 17 * * 5"
    task: "Summarise this week's decisions"   # shorthand for {type: prompt, prompt: ...}
    approval_required: true
    enabled: false                   # kept, but paused
```

The file is the source of truth for static jobs: a changed definition is applied (its state — last run,
failures — is kept), and a job removed from the file is removed from the database. A bad entry is
reported and skipped; it never stops the server, and never overwrites a job created by a tool.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from pydantic import ValidationError

from servers.scheduler.models import JobSpec, SchedulerInputError
from servers.scheduler.service import SchedulerService

log = logging.getLogger(__name__)


@dataclass
class SyncReport:
    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def read(path: Path) -> tuple[list[tuple[JobSpec, str, bool]], list[str]]:
    """The file's jobs as (spec, user_id, enabled), and a message for each entry that was refused."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except FileNotFoundError:
        return [], []
    except (OSError, yaml.YAMLError) as exc:
        return [], [f"{path}: not readable YAML: {exc}"]
    entries = data.get("jobs", []) if isinstance(data, dict) else data
    if not isinstance(entries, list):
        return [], [f"{path}: expected a list under 'jobs'"]
    specs: list[tuple[JobSpec, str, bool]] = []
    errors: list[str] = []
    for index, entry in enumerate(entries):
        label = entry.get("name", f"#{index + 1}") if isinstance(entry, dict) else f"#{index + 1}"
        try:
            if not isinstance(entry, dict):
                raise SchedulerInputError("each job is a mapping")
            raw = dict(entry)
            user_id = str(raw.pop("user_id", "default"))
            enabled = bool(raw.pop("enabled", True))
            timezone = raw.pop("timezone", None)
            if isinstance(raw.get("schedule"), str):
                raw["schedule"] = {"cron": raw["schedule"], **({"timezone": timezone} if timezone else {})}
            if "task" in raw:
                raw["action"] = {"type": "prompt", "prompt": raw.pop("task")}
            raw.pop("channel", None)  # accepted and ignored: Cairn delivers through the host
            specs.append((JobSpec.model_validate(raw), user_id, enabled))
        except (ValidationError, SchedulerInputError) as exc:
            errors.append(f"{path}: job {label}: {exc}")
    return specs, errors


async def sync(service: SchedulerService, path: Path | None = None) -> SyncReport:
    path = path or service.jobs_file
    report = SyncReport()
    specs, report.errors = read(path)
    seen: set[tuple[str, str]] = set()
    for spec, user_id, enabled in specs:
        seen.add((user_id, spec.name))
        existing = service.store.job_named(user_id, spec.name)
        try:
            if existing is None:
                job = await service.create(spec, user_id, source="static")
                report.created.append(spec.name)
                if not enabled:
                    service.pause(job.id, user_id)
                continue
            if existing.source != "static":
                report.errors.append(f"{path}: job {spec.name!r}: a job created by a tool has this name; skipped")
                continue
            current = service.spec_of(existing).model_dump(exclude_none=True)
            wanted = spec.model_dump(exclude_none=True)
            changes = {k: v for k, v in wanted.items() if json.dumps(current.get(k)) != json.dumps(v)}
            if changes:
                await service.update(existing.id, user_id, changes, allow_static=True)
                report.updated.append(spec.name)
            if not enabled and existing.status == "active":
                service.pause(existing.id, user_id)
        except SchedulerInputError as exc:
            report.errors.append(f"{path}: job {spec.name!r}: {exc}")
    for stored in service.store.static_jobs():
        if (stored.user_id, stored.name) not in seen and not _refused(report, stored.name):
            service.delete(stored.id, stored.user_id, allow_static=True)
            report.removed.append(stored.name)
    for error in report.errors:
        log.error("static jobs: %s", error)
    return report


def _refused(report: SyncReport, name: str) -> bool:
    # A job whose entry is broken for now keeps its state instead of losing its history.
    return any(f"job {name}:" in e or f"job {name!r}:" in e for e in report.errors)
