"""Rule-based extraction: what in a conversation is worth remembering (seed 003 §4.3.3, 000 §3.2).

Flush-before-compaction keeps stated preferences, decisions, tool decisions and substantial tool
results; task capture keeps a summary with its workflow trace. No model needed; deterministic.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, Field

from servers.core.text import top_keywords

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
_SENTENCE = re.compile(r"(?<=[.!?。！？\n])\s*")
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


def _sentences_matching(text: str, pattern: re.Pattern[str]) -> str | None:
    hits = [s.strip() for s in _SENTENCE.split(text) if s.strip() and pattern.search(s)]
    if not hits:
        return None
    return " ".join(hits)[:1000]


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
            preference = _sentences_matching(text, _PREFERENCE)
            if preference:
                add(3, position, preference, "preference", ["preference", *top_keywords(preference, 4)])
        if message.role in ("user", "assistant") and text:
            decision = _sentences_matching(text, _DECISION)
            if decision:
                add(3, position, decision, "decision", ["decision", *top_keywords(decision, 4)])
        if message.role == "assistant" and message.tool_calls:
            calls = "; ".join(f"{c.name}({_summarize_arguments(c.arguments)})" for c in message.tool_calls)
            why = f" — {text[:300]}" if text else ""
            add(1, position, f"Called {calls}{why}", "auto_flush", [c.name for c in message.tool_calls])
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


def task_summary(task: str, tool_calls: list[ToolCall], outcome: str) -> tuple[str, list[str], list[dict[str, Any]]]:
    """(content, keywords, trace) for a finished task."""
    steps: list[str] = []
    for call in tool_calls:
        if not steps or steps[-1].split(" ×")[0] != call.name:
            steps.append(call.name)
        else:
            name, _, count = steps[-1].partition(" ×")
            steps[-1] = f"{name} ×{int(count or 1) + 1}"
    failures = [c.name for c in tool_calls if c.error]
    lines = [
        f"Task: {task.strip()}",
        f"Outcome: {outcome.strip()}",
        f"Workflow: {' → '.join(steps)} ({len(tool_calls)} tool calls)",
    ]
    if failures:
        lines.append(f"Failed calls: {', '.join(failures)}")
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
    keywords = list(dict.fromkeys([*(c.name for c in tool_calls), *top_keywords(task, 6)]))[:32]
    return "\n".join(lines), keywords, trace
