"""Settings of the nodehost server (``CAIRN_NODEHOST__<FIELD>``)."""

from __future__ import annotations

from pydantic import BaseModel


class NodehostSettings(BaseModel):
    """Filled in by the nodehost server."""
