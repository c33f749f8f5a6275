"""The audit trail: one JSON line per call — time, client, user (a token's subject), tool, arguments
(secrets redacted), decision, exit status, duration. The file (mode 0600) lives in the state folder, outside
every workspace root.

Decisions: ``allowed``, ``approved`` (asked and granted), ``remembered`` (granted earlier with "always"),
``denied`` (policy), ``loop`` (doom-loop guard), ``approval_requested``, ``approval_denied``,
``approval_unavailable``, ``refused`` (bad input), ``error`` (failed while running).
"""

from __future__ import annotations

import json
import os
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from servers.nodehost.redact import redact


class AuditLog:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()

    def record(
        self,
        *,
        client: str,
        transport: str,
        user: str | None = None,
        profile: str,
        tool: str,
        arguments: dict[str, Any],
        decision: str,
        duration_ms: int | None = None,
        exit_status: int | None = None,
        error: str | None = None,
        call_id: str | None = None,
    ) -> dict[str, Any]:
        entry: dict[str, Any] = {
            "ts": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "client": client,
            "transport": transport,
            "profile": profile,
            "tool": tool,
            "arguments": redact(arguments),
            "decision": decision,
        }
        optional = {
            "user": user,
            "exit_status": exit_status,
            "duration_ms": duration_ms,
            "error": error,
            "call_id": call_id,
        }
        entry.update({k: v for k, v in optional.items() if v is not None})
        line = (json.dumps(entry, ensure_ascii=False, default=str) + "\n").encode("utf-8")
        with self._lock:
            # O_APPEND keeps lines whole when several processes (serve all + stdio) share the file.
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            try:
                os.write(fd, line)
            finally:
                os.close(fd)
        return entry

    def entries(self, limit: int = 100) -> list[dict[str, Any]]:
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            return []
        return [json.loads(line) for line in lines[-limit:] if line.strip()]
