"""Periodic review: a day's tasks read together for what no single task shows.

"3 of today's 5 tasks spent most of their time in web_search" is a systemic finding; so is a tool that
failed in several tasks, or a success rate that dropped. The review is stored as a reflection with
trigger ``periodic`` and its strategies go through promotion like any other.
"""

from __future__ import annotations

from collections import Counter

from servers.reflection.models import Diagnosis, Efficiency, Outcome, Strategy
from servers.reflection.patterns import Trace


def review(traces: list[Trace], day: str) -> tuple[Outcome, Efficiency, list[Diagnosis], list[Strategy], list[str]]:
    n = len(traces)
    successes = sum(t.success for t in traces)
    rate = successes / n if n else 0.0
    status = "success" if rate >= 0.8 else "partial" if rate >= 0.5 else "failure"
    outcome = Outcome(status=status, score=round(rate, 2), summary=f"{successes} of {n} tasks on {day} succeeded")

    slowest: Counter[str] = Counter()
    failing: dict[str, set[str]] = {}
    steps = 0
    for trace in traces:
        steps += len(trace.steps)
        timed = [(str(s["tool"]), int(s["duration_ms"])) for s in trace.steps if s.get("duration_ms") is not None]
        if timed:
            slowest[max(timed, key=lambda x: x[1])[0]] += 1
        for s in trace.steps:
            if not s.get("ok", True):
                failing.setdefault(s["tool"], set()).add(trace.task_id)
    notes: list[str] = []
    strategies: list[Strategy] = []
    for tool, count in slowest.most_common(1):
        if n >= 3 and count * 2 > n:
            notes.append(f"{count} of {n} tasks spent the longest step in {tool}")
            strategies.append(
                Strategy(
                    strategy=f"Cache or narrow the calls to `{tool}`: it is the slowest step in most tasks",
                    scenario=f"tasks that call {tool}",
                    expected_effect="shorter tasks",
                    confidence="MEDIUM",
                )
            )
    errors: list[Diagnosis] = []
    gaps: list[str] = []
    for tool, tasks in sorted(failing.items(), key=lambda kv: -len(kv[1])):
        if len(tasks) >= 2:
            notes.append(f"{tool} failed in {len(tasks)} tasks")
            errors.append(
                Diagnosis(
                    tool=tool, category="C", root_cause=f"{tool} fails repeatedly across tasks", severity="MEDIUM"
                )
            )
            gaps.append(f"a fallback for {tool}")
    efficiency = Efficiency(steps=steps, failed_steps=sum(len(t) for t in failing.values()), notes=notes)
    return outcome, efficiency, errors, strategies[:3], gaps
