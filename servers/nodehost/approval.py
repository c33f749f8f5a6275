"""Approval of dangerous calls, bound to exactly what will run.

A request names the tool and its *binding*: for system_run the argv, the cwd and the resolved program; for a
write outside the workspace the real path. The user answers ``allow_once``, ``always`` or ``deny``;
``always`` is remembered for that binding only (same argv, same cwd, same program), in a 0600 file in the
state folder, so a different argument or a different binary behind the same name asks again.

A remembered approval belongs to the user who gave it (the token's subject; ``None`` for the trusted host)
under the policy profile it was given in: it never answers for another user, whose client may not even be
able to ask them. Entries from before approvals had owners (keyed by the call alone) grant nobody: they are
dropped when the store opens (:meth:`ApprovalStore.drop_unowned`) and ignored if met later.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

log = logging.getLogger(__name__)

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
    user: str | None = None  # who is asked, and whose "always" this becomes
    profile: str = "default"

    @property
    def key(self) -> str:
        # The owner is part of the key: the same call by another user (or under another profile) is another
        # request, and the key also seals a 2026-07-28 answer to the user it was asked of.
        canonical = json.dumps(
            {"tool": self.tool, "binding": self.binding, "user": self.user, "profile": self.profile},
            sort_keys=True,
            ensure_ascii=False,
        )
        return hashlib.sha256(canonical.encode("utf-8")).hexdigest()

    @property
    def message(self) -> str:
        lines = [f"Cairn nodehost asks for approval: {self.tool}"]
        lines += [f"  {name}: {json.dumps(value, ensure_ascii=False)}" for name, value in self.binding.items()]
        lines += ["Why approval is needed:", *(f"  - {reason}" for reason in self.reasons)]
        lines.append(
            "'always' allows exactly this call (same arguments, folder and program) from now on, for you only."
        )
        return "\n".join(lines)


def parse_answer(content: object) -> Answer:
    """The decision in an accepted form; anything unexpected counts as deny."""
    if isinstance(content, dict):
        value = content.get("decision")
        if value in ANSWERS:
            return value  # type: ignore[no-any-return]
    return "deny"


def _owned(entry: object) -> bool:
    # Entries written before approvals had owners carry no "user" (and no "profile"): they grant nobody.
    return isinstance(entry, dict) and "user" in entry and isinstance(entry.get("profile"), str)


class ApprovalStore:
    """Bindings a user allowed ``always``, each with its owner, persisted as JSON (mode 0600)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()

    def _load(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (FileNotFoundError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _save(self, grants: dict[str, Any]) -> None:
        tmp = self.path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(grants, handle, indent=1, ensure_ascii=False)
        os.replace(tmp, self.path)

    def is_granted(self, request: ApprovalRequest) -> bool:
        with self._lock:
            entry: Any = self._load().get(request.key)
        # The key already binds the owner; the stored owner is checked too, so no entry of another shape
        # (an old global one, a hand-edited file) can answer for this user.
        return (
            _owned(entry)
            and entry["user"] == request.user
            and entry["profile"] == request.profile
            and entry.get("tool") == request.tool
            and entry.get("binding") == request.binding
        )

    def grant(self, request: ApprovalRequest, *, client: str) -> None:
        with self._lock:
            grants = {k: v for k, v in self._load().items() if _owned(v)}
            grants[request.key] = {
                "tool": request.tool,
                "binding": request.binding,
                "user": request.user,
                "profile": request.profile,
                "client": client,
                "at": time.time(),
            }
            self._save(grants)

    def drop_unowned(self) -> int:
        """Remove approvals from before they had owners (global, keyed by the call alone); how many went.

        Nobody can tell whose they were, so none is kept: their users are asked again.
        """
        with self._lock:
            grants = self._load()
            kept = {k: v for k, v in grants.items() if _owned(v)}
            dropped = len(grants) - len(kept)
            if dropped:
                self._save(kept)
        if dropped:
            log.warning(
                "dropped %d nodehost 'always' approval(s) from before approvals were per user (%s): "
                "their users will be asked again",
                dropped,
                self.path,
            )
        return dropped
