"""Settings of the scheduler server (``CAIRN_SCHEDULER__<FIELD>``)."""

from __future__ import annotations

from pydantic import BaseModel


class SchedulerSettings(BaseModel):
    """Filled in by the scheduler server."""
