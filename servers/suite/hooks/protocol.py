"""The host side of hooks: event names, what a host sends on stdin, and how to answer it.

Verified against Claude Code 2.1.197 (its bundled input/output schemas) and the hooks reference:

| ``cairn hook …``   | host event(s)                   | host sends (besides session_id, transcript_path, cwd) |
|--------------------|---------------------------------|--------------------------------------------------------|
| session-start      | SessionStart                    | source: startup / resume / clear / compact             |
| user-prompt-submit | UserPromptSubmit                | prompt                                                 |
| post-tool-use      | PostToolUse, PostToolUseFailure | tool_name, tool_input, tool_response or error          |
| pre-compact        | PreCompact                      | trigger: manual / auto, custom_instructions            |
| stop               | Stop                            | stop_hook_active, last_assistant_message (≥ 2.1.47)    |
| session-end        | SessionEnd                      | reason: clear / resume / logout / prompt_input_exit …  |

Answer: exit 0 always; stdout either empty or one JSON object
``{"hookSpecificOutput": {"hookEventName": <event>, "additionalContext": <text>}}`` — the host adds the text to
the model's context. SessionStart, UserPromptSubmit, PostToolUse and PostToolUseFailure accept
``additionalContext``; PreCompact and SessionEnd have nothing to inject, so they answer nothing.
Stop answers nothing (the agent stops) or ``{"decision": "block", "reason": <text>}`` with top-level fields
and no ``hookSpecificOutput``: the agent goes on with ``reason`` as its next instruction, and the Stop that
follows carries ``stop_hook_active: true`` (Claude Code ends the turn anyway after 8 blocks in a row). Stop's
fields were checked against the hook types Claude Code 2.1.332 publishes (``StopHookInput``,
``SyncHookJSONOutput`` in its agent SDK).
Exit code 2 would block the prompt or tool and any other code shows an error to the user: Cairn uses neither.
"""

from __future__ import annotations

import json
from typing import Any

# CLI name -> host event names it handles (the first is what `hooks install` registers it under).
EVENTS: dict[str, tuple[str, ...]] = {
    "session-start": ("SessionStart",),
    "user-prompt-submit": ("UserPromptSubmit",),
    "post-tool-use": ("PostToolUse", "PostToolUseFailure"),
    "pre-compact": ("PreCompact",),
    "stop": ("Stop",),
    "session-end": ("SessionEnd",),
}
CONTEXT_EVENTS = frozenset({"SessionStart", "UserPromptSubmit", "PostToolUse", "PostToolUseFailure"})
MAX_STDIN_BYTES = 4_000_000  # a PostToolUse payload carries the tool's whole output; more is not worth reading


class PayloadError(ValueError):
    """The host sent something that is not a hook payload; the hook answers nothing."""


def parse_payload(raw: bytes) -> dict[str, Any]:
    if not raw.strip():
        raise PayloadError("empty stdin: expected the host's JSON hook payload")
    try:
        data = json.loads(raw.decode("utf-8", errors="replace"))
    except json.JSONDecodeError as exc:
        raise PayloadError(f"stdin is not JSON ({exc.msg} at {exc.pos})") from None
    if not isinstance(data, dict):
        raise PayloadError(f"stdin is JSON {type(data).__name__}, expected an object")
    return data


def host_event(cli_event: str, payload: dict[str, Any]) -> str:
    """The host's event name: what the payload says when it is one this command handles."""
    said = payload.get("hook_event_name")
    names = EVENTS[cli_event]
    return said if isinstance(said, str) and said in names else names[0]


def text_field(payload: dict[str, Any], key: str, limit: int = 100_000) -> str:
    value = payload.get(key)
    return value[:limit] if isinstance(value, str) else ""


def answer(event: str, context: str) -> str:
    """What to print: nothing, or the host's JSON carrying ``context`` for the model."""
    if not context.strip() or event not in CONTEXT_EVENTS:
        return ""
    return json.dumps(
        {"hookSpecificOutput": {"hookEventName": event, "additionalContext": context}}, ensure_ascii=False
    )


def block(reason: str) -> str:
    """What a Stop hook prints to keep the agent going with ``reason`` as its next instruction."""
    return json.dumps({"decision": "block", "reason": reason}, ensure_ascii=False)
