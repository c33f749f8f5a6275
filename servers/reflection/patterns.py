"""Cross-session pattern recognition (000 §5.2) over the stored task traces of one user.

| pattern           | found when                                                                      |
|-------------------|---------------------------------------------------------------------------------|
| repeated_question | ≥ 3 tasks ask about the same thing (keywords by meaning, rapidfuzz)             |
| tool_failure      | one tool failed in ≥ 3 different tasks                                          |
| workflow_sequence | the same run of ≥ 2 tools in ≥ 3 tasks, ≥ 70 % of them successful (000 §4.2.6)  |

Workflow runs are contiguous tool sequences with immediate repeats collapsed (a retry is not a new
step). Only the longest runs are reported: a shorter run is reported on its own only when it also
recurs ≥ 3 times outside the longer ones, so one repeated workflow gives one suggestion, not its pieces.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from servers.reflection.matching import keywords, lexical_similarity
from servers.reflection.models import Detection

_MAX_RUN = 8
_QUESTION_SIMILARITY = 0.6


@dataclass
class Trace:
    task_id: str
    task: str
    success: bool
    steps: list[dict[str, Any]]
    created_at: str = ""

    @property
    def tools(self) -> list[str]:
        out: list[str] = []
        for step in self.steps:
            if not out or out[-1] != step["tool"]:
                out.append(step["tool"])
        return out


@dataclass
class Workflow:
    tools: tuple[str, ...]
    traces: list[Trace] = field(default_factory=list)

    @property
    def occurrences(self) -> int:
        return len(self.traces)

    @property
    def success_rate(self) -> float:
        return sum(t.success for t in self.traces) / len(self.traces) if self.traces else 0.0


def _runs(tools: list[str], min_steps: int) -> set[tuple[str, ...]]:
    return {
        tuple(tools[i : i + n])
        for n in range(min_steps, min(_MAX_RUN, len(tools)) + 1)
        for i in range(len(tools) - n + 1)
    }


def _contains(longer: tuple[str, ...], shorter: tuple[str, ...]) -> bool:
    n = len(shorter)
    return any(longer[i : i + n] == shorter for i in range(len(longer) - n + 1))


def workflows(traces: list[Trace], min_occurrences: int, min_steps: int, min_success: float) -> list[Workflow]:
    support: dict[tuple[str, ...], list[Trace]] = defaultdict(list)
    for trace in traces:
        for run in _runs(trace.tools, min_steps):
            support[run].append(trace)
    frequent = sorted(
        (Workflow(run, found) for run, found in support.items() if len(found) >= min_occurrences),
        key=lambda w: (-len(w.tools), -w.occurrences, w.tools),
    )
    kept: list[Workflow] = []
    for wf in frequent:
        covered = {t.task_id for k in kept if _contains(k.tools, wf.tools) for t in k.traces}
        outside = [t for t in wf.traces if t.task_id not in covered]
        if len(outside) >= min_occurrences and wf.success_rate >= min_success:
            kept.append(wf)
    return kept


def tool_failures(traces: list[Trace], min_occurrences: int) -> list[Detection]:
    failed: dict[str, list[Trace]] = defaultdict(list)
    errors: dict[str, Counter[str]] = defaultdict(Counter)
    calls: Counter[str] = Counter()
    for trace in traces:
        seen: set[str] = set()
        for step in trace.steps:
            calls[step["tool"]] += 1
            if not step.get("ok", True):
                errors[step["tool"]][error_kind(step.get("error") or "")] += 1
                if step["tool"] not in seen:
                    failed[step["tool"]].append(trace)
                    seen.add(step["tool"])
    out: list[Detection] = []
    for tool, found in sorted(failed.items()):
        if len(found) < min_occurrences:
            continue
        total_failures = sum(errors[tool].values())
        kind = errors[tool].most_common(1)[0][0]
        out.append(
            Detection(
                kind="tool_failure",
                key=tool,
                frequency=len(found),
                confidence=round(min(1.0, total_failures / max(1, calls[tool])), 3),
                evidence=[t.task_id for t in found],
                suggestion=f"{tool} failed in {len(found)} tasks (mostly {kind}); add a retry or a fallback tool",
                detail={"failures": total_failures, "calls": calls[tool], "error_kind": kind},
            )
        )
    return out


_KINDS = [
    ("timeout", re.compile(r"time(d)?[ -]?out|超时", re.I)),
    ("rate limit", re.compile(r"rate[- ]?limit|\b429\b", re.I)),
    ("bad arguments", re.compile(r"invalid|validation|bad request|\b400\b|\b422\b", re.I)),
    ("not found", re.compile(r"not found|\b404\b", re.I)),
    ("permission", re.compile(r"permission|forbidden|\b403\b|\b401\b", re.I)),
]


def error_kind(message: str) -> str:
    return next((name for name, rx in _KINDS if rx.search(message)), "other errors")


def repeated_questions(traces: list[Trace], min_occurrences: int) -> list[Detection]:
    clusters: list[tuple[str, list[Trace]]] = []
    for trace in traces:
        text = " ".join(keywords(trace.task, 16))
        if not text:
            continue
        for rep, members in clusters:
            if lexical_similarity(rep, text) >= _QUESTION_SIMILARITY:
                members.append(trace)
                break
        else:
            clusters.append((text, [trace]))
    out: list[Detection] = []
    for _, members in clusters:
        if len(members) < min_occurrences:
            continue
        # dict.fromkeys keeps the words' order, so ties in the count break the same way every run.
        counts = Counter(k for m in members for k in dict.fromkeys(keywords(m.task, 16)))
        topic = " ".join(k for k, n in counts.most_common(3) if n >= 2) or members[0].task[:60]
        out.append(
            Detection(
                kind="repeated_question",
                key=topic,
                frequency=len(members),
                confidence=round(len(members) / len(traces), 3),
                evidence=[m.task_id for m in members],
                suggestion=f"{len(members)} requests about {topic!r}: a dedicated skill could handle them",
                detail={"examples": [m.task[:200] for m in members[:3]]},
            )
        )
    return out
