"""Hook payloads as Claude Code 2.1.x sends them (field names and shapes from its bundled hook schemas)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

SESSION = "0b7c5a3e-6f1d-4c2a-9e8b-2d4f6a8c1e35"


def common(
    event: str, session: str = SESSION, transcript: str = "/home/dev/.claude/projects/-work-app/t.jsonl"
) -> dict[str, Any]:
    return {
        "session_id": session,
        "transcript_path": transcript,
        "cwd": "/work/app",
        "permission_mode": "default",
        "hook_event_name": event,
    }


def session_start(source: str = "startup", **kw: Any) -> dict[str, Any]:
    return {**common("SessionStart", **kw), "source": source, "model": "claude-sonnet-4-5"}


def prompt(text: str, **kw: Any) -> dict[str, Any]:
    return {**common("UserPromptSubmit", **kw), "prompt": text, "prompt_id": "5f0e2c1a-0000-4000-8000-000000000001"}


def bash(command: str, stdout: str, n: int = 1, **kw: Any) -> dict[str, Any]:
    return {
        **common("PostToolUse", **kw),
        "tool_name": "Bash",
        "tool_input": {"command": command, "description": "Run a command"},
        "tool_response": {"stdout": stdout, "stderr": "", "interrupted": False, "isImage": False},
        "tool_use_id": f"toolu_01A{n:04d}",
        "duration_ms": 412,
    }


def edit(path: str, n: int = 2, **kw: Any) -> dict[str, Any]:
    return {
        **common("PostToolUse", **kw),
        "tool_name": "Edit",
        "tool_input": {"file_path": path, "old_string": "pool_size=5", "new_string": "pool_size=20"},
        "tool_response": {"filePath": path, "oldString": "pool_size=5", "newString": "pool_size=20"},
        "tool_use_id": f"toolu_01B{n:04d}",
    }


def failure(command: str, error: str, n: int = 3, **kw: Any) -> dict[str, Any]:
    return {
        **common("PostToolUseFailure", **kw),
        "tool_name": "Bash",
        "tool_input": {"command": command},
        "tool_use_id": f"toolu_01C{n:04d}",
        "error": error,
        "is_interrupt": False,
        "duration_ms": 1530,
    }


def pre_compact(trigger: str = "auto", **kw: Any) -> dict[str, Any]:
    return {**common("PreCompact", **kw), "trigger": trigger, "custom_instructions": None}


def session_end(reason: str = "prompt_input_exit", **kw: Any) -> dict[str, Any]:
    return {**common("SessionEnd", **kw), "reason": reason}


def write_transcript(path: Path) -> Path:
    """A transcript in Claude Code's JSONL layout: user text, assistant text + tool_use, tool_result."""
    entries: list[dict[str, Any]] = [
        {"type": "summary", "summary": "Earlier work", "leafUuid": "u0"},
        {"type": "user", "message": {"role": "user", "content": "Old message before compaction"}, "uuid": "u1"},
        {"type": "system", "subtype": "compact_boundary", "content": "Conversation compacted", "uuid": "u2"},
        {
            "type": "user",
            "isMeta": True,
            "message": {"role": "user", "content": "<local-command-caveat>ignore</local-command-caveat>"},
        },
        {
            "type": "user",
            "message": {"role": "user", "content": "Please always use pytest fixtures instead of setUp methods."},
            "uuid": "u3",
        },
        {
            "type": "assistant",
            "message": {
                "role": "assistant",
                "model": "claude-sonnet-4-5",
                "content": [
                    {"type": "text", "text": "We decided to use PostgreSQL 16 with pgvector for the registry."},
                    {"type": "tool_use", "id": "toolu_9", "name": "Bash", "input": {"command": "psql -c 'select 1'"}},
                ],
            },
            "uuid": "u4",
        },
        {
            "type": "user",
            "message": {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": "toolu_9",
                        "content": "registry=# select version(); PostgreSQL 16.2 on x86_64-pc-linux-gnu " * 5,
                        "is_error": False,
                    }
                ],
            },
            "toolUseResult": {"stdout": "ok"},
            "uuid": "u5",
        },
    ]
    path.write_text("\n".join(json.dumps(e) for e in entries) + "\n", encoding="utf-8")
    return path


def stop(active: bool = False, last_message: str | None = None, **kw: Any) -> dict[str, Any]:
    """Claude Code's Stop input; ``last_assistant_message`` is sent by 2.1.47 and later."""
    body = {**common("Stop", **kw), "stop_hook_active": active}
    if last_message is not None:
        body["last_assistant_message"] = last_message
    return body


def write_stop_transcript(path: Path, answer: str) -> Path:
    """The tail of a transcript after a Stop hook blocked: its feedback as a user entry, then the agent's answer."""
    entries: list[dict[str, Any]] = [
        {"type": "user", "message": {"role": "user", "content": "push my branch"}, "uuid": "s1"},
        {
            "type": "assistant",
            "message": {"role": "assistant", "content": [{"type": "text", "text": "Lesson: an older answer"}]},
            "uuid": "s2",
        },
        {
            "type": "user",
            "isMeta": True,
            "message": {"role": "user", "content": "Stop hook feedback:\nCairn: `git push` failed …"},
            "uuid": "s3",
        },
        {"type": "system", "subtype": "stop_hook_summary", "content": "", "uuid": "s4"},
        {
            "type": "assistant",
            "message": {"role": "assistant", "content": [{"type": "thinking", "thinking": "the lesson is…"}]},
            "uuid": "s5",
        },
        {
            "type": "assistant",
            "message": {"role": "assistant", "content": [{"type": "text", "text": answer}]},
            "uuid": "s6",
        },
    ]
    path.write_text("\n".join(json.dumps(e) for e in entries) + "\n", encoding="utf-8")
    return path
