"""Approval of dangerous calls, bound to exactly what will run.

A request names the tool and its *binding*: for system_run the argv, the cwd and the resolved program; for a
write outside the workspace the real path. The user answers ``allow_once``, ``always`` or ``deny``;
``always`` is remembered for that binding only (same argv, same cwd, same program), in a 0600 file in the
state folder, so a different argument or a different binary behind the same name asks again.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

Answer = Literal["allow_once", "always", "deny"]
ANSWERS: tuple[Answer, ...] = ("allow_once", "always", "deny")


class ApprovalAnswer(BaseModel):
    """The form the user fills in (MCP elicitation schema)."""

    decision: Answer = Field(
        title="Decision",
        description="allow_once: run this call now; always: also allow this exact call later; deny: refuse it.",
    )


# The same form as a plain JSON schema, for the 2026-07-28 input-required round (elicitation schemas are flat).
ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "decision": {
            "type": "string",
            "enum": list(ANSWERS),
            "title": "Decision",
            "description": ApprovalAnswer.model_fields["decision"].description,
        }
    },
    "required": ["decision"],
}


@dataclass(frozen=True)
class ApprovalRequest:
    tool: str
    binding: dict[str, Any]
    reasons: list[str] = field(default_factory=list)

    @property
    def key(self) -> str:
        canonical = json.dumps({"tool": self.tool, "binding": self.binding}, sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(canonical.encode("utf-8")).hexdigest()

    @property
    def message(self) -> str:
        lines = [f"Cairn nodehost asks for approval: {self.tool}"]
        lines += [f"  {name}: {json.dumps(value, ensure_ascii=False)}" for name, value in self.binding.items()]
        lines += ["Why approval is needed:", *(f"  - {reason}" for reason in self.reasons)]
        lines.append("'always' allows exactly this call (same arguments, folder and program) from now on.")
        return "\n".join(lines)


def parse_answer(content: object) -> Answer:
    """The decision in an accepted form; anything unexpected counts as deny."""
    if isinstance(content, dict):
        value = content.get("decision")
        if value in ANSWERS:
            return value  # type: ignore[no-any-return]
    return "deny"


class ApprovalStore:
    """Bindings the user allowed ``always``, persisted as JSON (mode 0600)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()

    def _load(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (FileNotFoundError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def is_granted(self, request: ApprovalRequest) -> bool:
        with self._lock:
            return request.key in self._load()

    def grant(self, request: ApprovalRequest, *, client: str) -> None:
        with self._lock:
            grants = self._load()
            grants[request.key] = {
                "tool": request.tool,
                "binding": request.binding,
                "client": client,
                "at": time.time(),
            }
            tmp = self.path.with_suffix(".tmp")
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(grants, handle, indent=1, ensure_ascii=False)
            os.replace(tmp, self.path)

    def revoke_all(self) -> None:
        with self._lock:
            self.path.unlink(missing_ok=True)
