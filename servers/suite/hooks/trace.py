"""The running trace of one host session: prompts, tool calls and lessons, one JSON line each.

``$CAIRN_HOME/hooks/sessions/<session>.jsonl`` grows with every UserPromptSubmit and PostToolUse, and is
read at PreCompact (what happened since the last flush), on every N-th tool call (context refresh), at
Stop (did this task fail and recover, or correct an answer?) and at SessionEnd, where each prompt with
its tool calls and lessons becomes one captured task, for reflection to learn from. A ``lesson`` record
is the one line the agent stated when the Stop hook asked it what the task taught. Appends are single
``write`` calls on an ``O_APPEND`` file, so two hook processes writing at once never interleave a line.
``<session>.state.json`` holds what was already injected, and which task the Stop hook asked about.

Stdlib only: PostToolUse appends here without starting the daemon.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from pathlib import Path
from typing import Any

MAX_RECORDS = 5000  # a session longer than this keeps its first tasks; capture stays bounded
MAX_ARG_CHARS = 600
MAX_RESULT_CHARS = 1500
MAX_LESSON_CHARS = 500
_SAFE_ID = re.compile(r"^[A-Za-z0-9_.-]{1,100}$")


def _clip(value: Any, limit: int) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# A line that says what went wrong, wherever it sits in a long log (a build prints the cause mid-way and a summary
# at the end). Kept when an error is too long to store whole, so the lesson still sees its cause. The same words
# as servers.core.recovery's error lines: not imported, because every PostToolUse hook loads this module and
# recovery is ten times its size.
_TELLING = re.compile(
    r"\b(?:error|fatal|failed|failure|cannot|can't|could not|unable|denied|refused|invalid|missing|not found|"
    r"no such|rejected|exception|panic|caused by)\b|\w(?:Error|Exception)\b|错误|失败",
    re.I,
)
_ERROR_HEAD = 400
_ERROR_TAIL = 300


# Lines that name the cause itself: an exception class, a chained cause, Gradle's "What went wrong" part, the
# message of an error body (`"message": "…"`, or a test's diff of it: `+   "message": Array [`).
_CAUSE = re.compile(r"\w(?:Error|Exception)\b|caused by|what went wrong|\"(?:message|detail)\":", re.I)
# A cause line whose words come on the lines under it.
_OPENS = re.compile(r"what went wrong|\"(?:message|detail)\":\s*(?:Array\s*)?\[\s*$", re.I)


def _clip_error(value: Any, limit: int) -> str:
    """An error within ``limit``: its head, the lines that name a failure (those naming the cause first), and its
    tail, the kept lines in their order."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    if len(text) <= limit:
        return text
    # Cut at line ends, so no line that names the cause is broken in two.
    cut_head = text.rfind("\n", 0, _ERROR_HEAD) + 1 or _ERROR_HEAD
    cut_tail = text.find("\n", len(text) - _ERROR_TAIL)
    cut_tail = cut_tail + 1 if 0 <= cut_tail < len(text) - 1 else len(text) - _ERROR_TAIL
    head, middle, tail = text[:cut_head], text[cut_head:cut_tail], text[cut_tail:]
    lines = list(dict.fromkeys(line.strip() for line in middle.splitlines() if line.strip()))
    cause = {i for i, line in enumerate(lines) if _CAUSE.search(line)}
    cause |= {i + k for i in cause if _OPENS.search(lines[i]) for k in (1, 2)}  # the detail under it
    telling = {i for i, line in enumerate(lines) if _TELLING.search(line)} - cause
    budget = limit - len(head) - len(tail) - 4
    chosen: set[int] = set()
    for i in [*sorted(cause), *sorted(telling)]:
        if i < len(lines) and len(lines[i][:300]) + 1 <= budget:
            chosen.add(i)
            budget -= len(lines[i][:300]) + 1
    kept = [lines[i][:300] for i in sorted(chosen)]
    return "\n".join([head.rstrip("\n"), "…", *kept, "…", tail])[:limit]


_EDIT_CONTEXT = 60
# An edit's change is what a lesson about it needs (a guard, a setup block, a marker line): it is kept longer
# than other arguments, whose head names the step.
MAX_EDIT_CHARS = 2000


def _edit_input(value: Any) -> Any:
    """An edit's input with its strings cut to the lines that changed (and a little around them): the limit then
    keeps the change, which is what a lesson about an edit needs, not the unchanged code before it. Cuts fall at
    line ends, so a comment stays a comment and no word is cut in two."""
    if not isinstance(value, dict):
        return value
    out = dict(value)
    pairs = [out] + [e for e in out.get("edits") or [] if isinstance(e, dict)]
    for pair in pairs:
        old, new = pair.get("old_string"), pair.get("new_string")
        if not isinstance(old, str) or not isinstance(new, str):
            continue
        same_head = 0
        while same_head < min(len(old), len(new)) and old[same_head] == new[same_head]:
            same_head += 1
        same_tail = 0
        while same_tail < min(len(old), len(new)) - same_head and old[-1 - same_tail] == new[-1 - same_tail]:
            same_tail += 1
        start = _context_start(old, same_head)
        stop = _context_stop(old, len(old) - same_tail)
        dropped_tail = len(old) - stop
        # The edit's first line is where the agent anchored it (`protected $fillable = [`): kept on both sides
        # when the cut drops it, so a lesson can say where the fix went as well as what it added.
        line = old.split("\n", 1)[0]
        anchor = f"{line[: _EDIT_CONTEXT * 2]}\n…\n" if start > len(line) + 1 else ""
        pair["old_string"] = anchor + old[start:stop]
        pair["new_string"] = anchor + new[start : len(new) - dropped_tail]
    if pairs[1:]:
        out["edits"] = pairs[1:]
    return out


def _context_start(text: str, changed: int) -> int:
    """Where the kept text starts: the line the change starts in, after whole lines before it within the context."""
    start = text.rfind("\n", 0, changed) + 1
    first_changed_line = start
    while start > 0:
        previous = text.rfind("\n", 0, start - 1) + 1
        if first_changed_line - previous > _EDIT_CONTEXT:
            break
        start = previous
    return start


def _context_stop(text: str, changed_end: int) -> int:
    """Where the kept text stops: the end of the line the change ends in, then whole lines within the context."""
    stop = text.find("\n", changed_end)
    if stop < 0:
        return len(text)
    last_changed_line = stop
    while stop < len(text):
        following = text.find("\n", stop + 1)
        following = len(text) if following < 0 else following
        if following - last_changed_line > _EDIT_CONTEXT:
            break
        stop = following
    return stop


def _is_edit(value: Any) -> bool:
    return isinstance(value, dict) and any(key in value for key in ("new_string", "edits", "content"))


class Task:
    """One prompt, the tool calls that followed it and the lessons the agent stated about it (a plain class:
    ``dataclasses`` costs 8 ms to import)."""

    def __init__(self, prompt: str) -> None:
        self.prompt = prompt
        self.tools: list[dict[str, Any]] = []
        self.lessons: list[dict[str, Any]] = []  # {"kind": "lesson", "text": …, "when": …}


def _tasks(records: list[dict[str, Any]]) -> list[Task]:
    tasks: list[Task] = []
    for record in records:
        kind = record.get("kind")
        if kind == "prompt":
            tasks.append(Task(str(record.get("text") or "")))
        elif kind in ("tool", "lesson"):
            if not tasks:
                tasks.append(Task(""))
            (tasks[-1].tools if kind == "tool" else tasks[-1].lessons).append(record)
    return tasks


class SessionTrace:
    def __init__(self, root: Path, session_id: str) -> None:
        safe = session_id if _SAFE_ID.match(session_id) and session_id not in (".", "..") else None
        name = safe or "h-" + hashlib.sha256(session_id.encode("utf-8", errors="replace")).hexdigest()[:32]
        self.session_id = session_id
        self.path = root / f"{name}.jsonl"
        self.state_path = root / f"{name}.state.json"

    # --- writing (hook client) --------------------------------------------------------------------

    def append(self, record: dict[str, Any]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        line = (json.dumps({"t": round(time.time(), 3), **record}, ensure_ascii=False) + "\n").encode("utf-8")
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, line)
        finally:
            os.close(fd)

    def add_prompt(self, prompt: str) -> None:
        self.append({"kind": "prompt", "text": _clip(prompt, 4000)})

    def add_tool(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Record a PostToolUse / PostToolUseFailure payload; returns the record written."""
        failed = payload.get("hook_event_name") == "PostToolUseFailure"
        response = payload.get("tool_response")
        error = payload.get("error") if failed else None
        if not failed and isinstance(response, dict):
            # Some tools report failure inside a successful call (Bash exit codes, is_error flags).
            if response.get("is_error") is True or response.get("success") is False:
                error = _clip_error(response.get("error") or response.get("stderr") or response, MAX_RESULT_CHARS)
            elif isinstance(response.get("interrupted"), bool) and response["interrupted"]:
                error = "interrupted"
        record = {
            "kind": "tool",
            "name": _clip(payload.get("tool_name") or "?", 200),
            "input": _clip(
                _edit_input(payload.get("tool_input")),
                MAX_EDIT_CHARS if _is_edit(payload.get("tool_input")) else MAX_ARG_CHARS,
            ),
            "result": None if failed else _clip(response, MAX_RESULT_CHARS),
            "error": _clip_error(error, MAX_RESULT_CHARS) if error else None,
            "ms": payload.get("duration_ms") if isinstance(payload.get("duration_ms"), int | float) else None,
        }
        cwd = payload.get("cwd")
        if isinstance(cwd, str) and 0 < len(cwd) <= 1000:
            record["cwd"] = cwd  # where the call ran: lessons name the files it touched as the project does
        self.append(record)
        return record

    # --- reading (daemon; Stop hook) --------------------------------------------------------------

    def records(self, limit: int = MAX_RECORDS) -> list[dict[str, Any]]:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return []
        out: list[dict[str, Any]] = []
        for line in raw.splitlines():
            try:
                item = json.loads(line)
            except (json.JSONDecodeError, UnicodeDecodeError):
                continue  # a line cut by a crash mid-write is skipped, not fatal
            if isinstance(item, dict):
                out.append(item)
                if len(out) >= limit:
                    break
        return out

    def tools_since_prompt(self) -> int:
        count = 0
        for record in self.records():
            count = 0 if record.get("kind") == "prompt" else count + (record.get("kind") == "tool")
        return count

    def tasks(self) -> list[Task]:
        """Prompts with their tool calls and lessons; what comes before the first prompt is a task of its own."""
        return _tasks(self.records())

    def current_task(self) -> tuple[int, Task] | None:
        """(how many prompts the session has had, the task since the last one); None for an empty trace, or
        one at ``MAX_RECORDS``, whose last task read is not the current one."""
        records = self.records()
        if not records or len(records) >= MAX_RECORDS:
            return None
        tasks = _tasks(records)
        prompts = sum(1 for r in records if r.get("kind") == "prompt")
        return (prompts, tasks[-1]) if tasks else None

    def add_lesson(self, text: str, when: str) -> None:
        """A lesson the agent stated, with when it applies (the failure or correction it was asked about)."""
        self.append({"kind": "lesson", "text": _clip(text, MAX_LESSON_CHARS), "when": _clip(when, 500)})

    def recent_tools(self, limit: int = 10) -> list[dict[str, Any]]:
        return [r for r in self.records() if r.get("kind") == "tool"][-limit:]

    def last_prompt(self) -> str:
        prompts = [r for r in self.records() if r.get("kind") == "prompt"]
        return str(prompts[-1].get("text") or "") if prompts else ""

    # --- state (daemon; Stop hook) ----------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        try:
            data = json.loads(self.state_path.read_text(encoding="utf-8"))
        except (FileNotFoundError, json.JSONDecodeError, UnicodeDecodeError):
            return {}
        return data if isinstance(data, dict) else {}

    def save_state(self, state: dict[str, Any]) -> None:
        self.state_path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.state_path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(state, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, self.state_path)

    def finish(self) -> None:
        """Forget the session once it has been captured."""
        for path in (self.path, self.state_path):
            path.unlink(missing_ok=True)
