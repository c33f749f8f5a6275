"""Read a Claude Code transcript (JSONL) into the messages ``MemoryService.flush`` extracts from.

Each line is one entry: ``{"type": "user" | "assistant" | "system" | "summary", "message": {...}}``. User
content is a string or blocks (``text``, ``tool_result``); assistant content is blocks (``text``,
``tool_use``, ``thinking``). A ``system`` entry with ``subtype: compact_boundary`` marks an earlier
compaction: only what follows the last one is still uncompacted, so only that is flushed.
Unknown entry types are skipped, so a newer host format degrades to fewer messages, not an error.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from servers.memory.extract import MAX_MESSAGES, Message, ToolCall

MAX_TRANSCRIPT_BYTES = 8_000_000  # the tail that is read; older lines were flushed or compacted already
MAX_TEXT = 8000


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [b.get("text", "") for b in content if isinstance(b, dict) and b.get("type") == "text"]
        return "\n".join(p for p in parts if isinstance(p, str))
    return ""


def read_entries(path: Path) -> list[dict[str, Any]]:
    with open(path, "rb") as handle:
        handle.seek(0, 2)
        size = handle.tell()
        handle.seek(max(0, size - MAX_TRANSCRIPT_BYTES))
        raw = handle.read()
    lines = raw.splitlines()
    if size > MAX_TRANSCRIPT_BYTES and lines:
        lines = lines[1:]  # the first line of a tail read is cut
    entries: list[dict[str, Any]] = []
    for line in lines:
        try:
            item = json.loads(line)
        except (json.JSONDecodeError, UnicodeDecodeError):
            continue
        if isinstance(item, dict):
            entries.append(item)
    return entries


def uncompacted(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    for index in range(len(entries) - 1, -1, -1):
        if entries[index].get("type") == "system" and entries[index].get("subtype") == "compact_boundary":
            return entries[index + 1 :]
    return entries


def to_messages(entries: list[dict[str, Any]]) -> list[Message]:
    messages: list[Message] = []
    tool_names: dict[str, str] = {}
    for entry in entries:
        kind = entry.get("type")
        body = entry.get("message")
        if kind not in ("user", "assistant") or not isinstance(body, dict) or entry.get("isMeta"):
            continue
        if entry.get("isCompactSummary"):
            continue
        content = body.get("content")
        if kind == "assistant":
            calls: list[ToolCall] = []
            for block in content if isinstance(content, list) else []:
                if isinstance(block, dict) and block.get("type") == "tool_use" and block.get("name"):
                    name = str(block["name"])[:200]
                    tool_names[str(block.get("id"))] = name
                    args = block.get("input")
                    calls.append(ToolCall(name=name, arguments=args if isinstance(args, dict | str) else None))
            text = _text(content)
            if text.strip() or calls:
                messages.append(Message(role="assistant", content=text[:MAX_TEXT], tool_calls=calls))
            continue
        if isinstance(content, list):
            for block in content:
                if isinstance(block, dict) and block.get("type") == "tool_result":
                    result = (
                        _text(block.get("content")) if not isinstance(block.get("content"), str) else block["content"]
                    )
                    name = tool_names.get(str(block.get("tool_use_id")), "tool")
                    messages.append(Message(role="tool", content=str(result)[:MAX_TEXT], name=name))
        text = _text(content)
        if text.strip():
            messages.append(Message(role="user", content=text[:MAX_TEXT]))
    return messages[-MAX_MESSAGES:]


def read_messages(path: Path) -> list[Message]:
    """Messages since the last compaction, oldest first (at most ``MAX_MESSAGES``)."""
    return to_messages(uncompacted(read_entries(path)))
