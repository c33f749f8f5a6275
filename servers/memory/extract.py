"""Rule-based extraction: what in a conversation is worth remembering.

Flush-before-compaction keeps stated preferences and decisions, one sentence each, and substantial tool
results; task capture keeps a summary with its workflow trace. No model needed; deterministic.

A bare tool call is never a memory: "Called Bash(git push)" says what happened, not what to remember,
and a host repeats the same calls session after session until they read as facts. A call is worth
keeping only for what the assistant said about it, and a decision it states is caught as one.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, Field

from servers.core.recovery import Recovery, Signature, find_recoveries, step_key, step_label
from servers.core.text import sentences, top_keywords

MAX_MESSAGES = 500
MAX_TOOL_CALLS = 500


class ToolCall(BaseModel):
    name: str = Field(min_length=1, max_length=200)
    arguments: dict[str, Any] | str | None = None
    result: str | None = Field(None, description="The tool's output (long output is truncated when stored).")
    error: str | None = Field(None, description="Set when the call failed.")


class Message(BaseModel):
    role: Literal["user", "assistant", "tool", "system"]
    content: str = ""
    tool_calls: list[ToolCall] = Field(default_factory=list)
    name: str | None = Field(None, description="For role 'tool': which tool produced this result.")


@dataclass(order=True)
class Candidate:
    priority: int
    position: int
    content: str = field(compare=False)
    type: str = field(compare=False)
    keywords: list[str] = field(compare=False, default_factory=list)


_PREFERENCE = re.compile(
    r"\b(i\s+(really\s+)?(prefer|like|love|hate|dislike|want|need|always|never|usually)\b"
    r"|please\s+(always|never|use|don'?t|do not|avoid)\b|always\s+use|never\s+use|don'?t\s+use|do\s+not\s+use"
    r"|remember\s+(that|to)\b|from\s+now\s+on|make\s+sure\s+(to|that)|my\s+(favou?rite|preferred|name\s+is))"
    r"|我(很|最|更)?(喜欢|偏好|习惯|希望|想要|讨厌|不喜欢)|记住|以后(都|请)?|总是|永远不要|不要再|请(用|使用)|务必|我的名字",
    re.IGNORECASE,
)
_DECISION = re.compile(
    r"\b(we\s+(decided|agreed|chose|will\s+go\s+with|are\s+going\s+with)|let'?s\s+go\s+with|decided\s+to"
    r"|decision\s*:|going\s+with|we'?ll\s+use|chose\s+to|settled\s+on)\b"
    r"|决定|确定(了|采用)|采用了|选择了|定下来",
    re.IGNORECASE,
)
_FAILURE = re.compile(r"\b(fail(ed|ure)?|error|crash(ed)?|broken|abort(ed)?)\b|失败|错误|报错", re.IGNORECASE)
_PARTIAL = re.compile(r"\b(partial(ly)?|incomplete|some)\b|部分", re.IGNORECASE)
_TASK_TYPES = (
    ("debug", r"\b(bug|fix|error|debug|traceback|exception|failing)\b|修复|报错|调试"),
    ("code", r"\b(implement|refactor|code|function|class|module|test|api)\b|实现|重构|代码"),
    ("research", r"\b(research|find|search|compare|investigate|analy[sz]e)\b|调研|搜索|分析|对比"),
    ("writing", r"\b(write|draft|document|summar(y|ize)|email|report)\b|撰写|文档|总结|报告"),
    ("data", r"\b(data|csv|sql|query|table|chart|spreadsheet)\b|数据|表格"),
    ("ops", r"\b(deploy|server|docker|ci|release|install|config)\b|部署|发布|安装|配置"),
)

SUBSTANTIAL_RESULT_CHARS = 200
STORED_RESULT_CHARS = 500


def _sentences_matching(text: str, pattern: re.Pattern[str]) -> list[str]:
    """Each sentence of ``text`` that ``pattern`` finds: one memory a sentence, so a preference restated
    later in other company ("…, and always use uv") is the same entry again, not a new paragraph."""
    return [s[:1000] for s in sentences(text) if pattern.search(s)]


def _summarize_arguments(arguments: dict[str, Any] | str | None, limit: int = 160) -> str:
    if arguments is None:
        return ""
    text = arguments if isinstance(arguments, str) else json.dumps(arguments, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def flush_candidates(messages: list[Message]) -> list[Candidate]:
    """Every memory-worthy item in ``messages``, best first (the caller keeps the first few)."""
    found: list[Candidate] = []
    seen: set[str] = set()

    def add(priority: int, position: int, content: str, type_: str, keywords: list[str]) -> None:
        key = " ".join(content.lower().split())
        if key and key not in seen:
            seen.add(key)
            found.append(Candidate(-priority, position, content, type_, keywords))

    for position, message in enumerate(messages):
        text = message.content.strip()
        if message.role == "user" and text:
            for preference in _sentences_matching(text, _PREFERENCE):
                add(3, position, preference, "preference", ["preference", *top_keywords(preference, 4)])
        if message.role in ("user", "assistant") and text:
            # A decision stated beside tool calls is a tool decision: the tools it led to are its keywords.
            tools = list(dict.fromkeys(c.name for c in message.tool_calls))[:3]
            for decision in _sentences_matching(text, _DECISION):
                add(3, position, decision, "decision", ["decision", *tools, *top_keywords(decision, 4)])
        if message.role == "tool" and len(text) > SUBSTANTIAL_RESULT_CHARS:
            tool = message.name or "tool"
            body = text if len(text) <= STORED_RESULT_CHARS else text[: STORED_RESULT_CHARS - 1] + "…"
            add(2, position, f"{tool} result: {body}", "auto_flush", ["tool_result", tool])
        for call in message.tool_calls:
            if call.result and len(call.result) > SUBSTANTIAL_RESULT_CHARS:
                body = (
                    call.result[: STORED_RESULT_CHARS - 1] + "…"
                    if len(call.result) > STORED_RESULT_CHARS
                    else call.result
                )
                add(2, position, f"{call.name} result: {body}", "auto_flush", ["tool_result", call.name])
    return sorted(found)


def classify_task(task: str) -> str:
    for name, pattern in _TASK_TYPES:
        if re.search(pattern, task, re.IGNORECASE):
            return name
    return "other"


def normalize_outcome(outcome: str) -> str:
    if _FAILURE.search(outcome):
        return "failure"
    if _PARTIAL.search(outcome):
        return "partial"
    return "success"


_ERROR_WORDS = re.compile(
    r"\b(error|fatal|rejected|failed|denied|not found|cannot|can't|refused|invalid|missing|no such)\b|错误|失败", re.I
)


def _first_line(error: str, limit: int = 200) -> str:
    """The line of an error message that says what went wrong (not "Exit code 1", not a traceback header)."""
    lines = [line.strip() for line in error.splitlines() if line.strip()]
    useful = [
        line for line in lines if not re.match(r"^(exit code \d+|traceback \(most recent call last\):)$", line, re.I)
    ]
    # Python puts the exception last; most other tools put the error first.
    pick = next((line for line in reversed(useful) if re.match(r"^[A-Z]\w*(Error|Exception)\b", line)), None)
    pick = pick or next((line for line in useful if _ERROR_WORDS.search(line)), None)
    text = pick or (useful[0] if useful else error.strip())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def failure_lines(tool_calls: list[ToolCall]) -> list[str]:
    """What failed, in the error's own words, and what made the step succeed: what recall should bring back."""
    steps = [{"tool": c.name, "arguments": c.arguments, "error": c.error} for c in tool_calls]
    recovered = {r.failed: r for r in find_recoveries(steps)}
    attempts = {i for r in recovered.values() for i in range(r.failed) if steps[i]["error"]}
    lines: list[str] = []
    for i, call in enumerate(tool_calls):
        if not call.error or (i in attempts and i not in recovered and _later_fixed(i, recovered, steps)):
            continue
        sig = Signature.of(call.name, call.arguments, call.error)
        what = f"`{sig.step}`" if sig.step != sig.tool else f"`{call.name}`"
        lines.append(f"Failed: {what} — {_first_line(call.error)}")
        found = recovered.get(i)
        if found is None:
            lines.append("  Not fixed in this task.")
            continue
        fix = [*(["read the file again"] if found.reread else []), *(f"`{c}`" for c in found.fix_commands)]
        if found.change is not None:
            fix.append(f"ran it as `{found.change}`")
        how = ", then ".join(fix) if fix else ("edited the code" if found.work else "retried")
        lines.append(f"  Fixed by: {how}; then {what} succeeded.")
    return lines[:12]


def _later_fixed(index: int, recovered: dict[int, Recovery], steps: list[dict[str, Any]]) -> bool:
    key = step_key(str(steps[index]["tool"]), steps[index]["arguments"])
    return any(
        r.failed > index and step_key(str(steps[r.failed]["tool"]), steps[r.failed]["arguments"]) == key
        for r in recovered.values()
    )


def task_summary(task: str, tool_calls: list[ToolCall], outcome: str) -> tuple[str, list[str], list[dict[str, Any]]]:
    """(content, keywords, trace) for a finished task; failures keep their error text and what fixed them."""
    steps: list[str] = []
    for call in tool_calls:
        label = step_label(call.name, call.arguments)
        name = call.name if label == call.name else f"{call.name} {label}"
        if not steps or steps[-1].split(" ×")[0] != name:
            steps.append(name)
        else:
            base, _, count = steps[-1].partition(" ×")
            steps[-1] = f"{base} ×{int(count or 1) + 1}"
    lines = [
        f"Task: {task.strip()}",
        f"Outcome: {outcome.strip()}",
        f"Workflow: {' → '.join(steps)} ({len(tool_calls)} tool calls)",
        *failure_lines(tool_calls),
    ]
    trace = [
        {
            "step": i + 1,
            "tool": c.name,
            "arguments": _summarize_arguments(c.arguments, 300),
            "ok": c.error is None,
            **({"error": c.error[:300]} if c.error else {}),
        }
        for i, c in enumerate(tool_calls)
    ]
    signatures = [Signature.of(c.name, c.arguments, c.error).phrase for c in tool_calls if c.error]
    keywords = list(dict.fromkeys([*(c.name for c in tool_calls), *signatures, *top_keywords(task, 6)]))[:32]
    return "\n".join(lines), keywords, trace
