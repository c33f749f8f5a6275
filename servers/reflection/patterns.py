"""Cross-session pattern recognition over the stored task traces of one user.

| pattern           | found when                                                                      |
|-------------------|---------------------------------------------------------------------------------|
| repeated_question | ≥ 3 tasks ask about the same thing (keywords by meaning, rapidfuzz)             |
| tool_failure      | one step (a tool, or a command such as `git push`) failed in ≥ 3 different tasks |
| workflow_sequence | the same run of ≥ 2 steps in ≥ 3 tasks, ≥ 70 % of them successful               |

Steps are compared by what they do (:mod:`servers.reflection.steps`: the command a shell call ran, the
role of the file an edit touched, a tool with its argument keys), on each task's successful path: failed
calls, the recoveries that followed them and calls that only look (reading, searching) are not steps, and
an immediate repeat is one step.

Only the longest runs are reported. A run is drafted from its occurrences that overlap no occurrence of
a run already kept in the same task, and only when ≥ 3 tasks have such a free occurrence: one repeated
workflow gives one suggestion, not its pieces. Runs are mined up to 8 steps; a kept run grows while its
tasks go on alike (up to 20), so a longer workflow is one suggestion too, not overlapping windows of it.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from servers.reflection.matching import keywords, lexical_similarity
from servers.reflection.models import Detection
from servers.reflection.steps import PathStep, StepId, step_ids, successful_path

_MAX_RUN = 8
_MAX_STEPS = 20  # a workflow found by growing a mined run
_QUESTION_SIMILARITY = 0.6


@dataclass
class Trace:
    task_id: str
    task: str
    success: bool
    steps: list[dict[str, Any]]
    created_at: str = ""

    @cached_property
    def path(self) -> list[PathStep]:
        return successful_path(self.steps)


@dataclass
class Workflow:
    steps: tuple[StepId, ...]
    traces: list[Trace] = field(default_factory=list)
    spans: list[tuple[int, int]] = field(default_factory=list)  # per trace: first and last raw step of the run

    @property
    def tools(self) -> tuple[str, ...]:
        """The steps' labels: a plain tool's name, ``Bash(git push)``, ``Edit(migration)``."""
        return tuple(s.label for s in self.steps)

    @property
    def key(self) -> str:
        return "→".join(self.tools)

    @property
    def occurrences(self) -> int:
        return len(self.traces)

    @property
    def success_rate(self) -> float:
        return sum(t.success for t in self.traces) / len(self.traces) if self.traces else 0.0

    def runs(self) -> list[list[dict[str, Any]]]:
        """Each task's raw calls of the run, with the failures and recoveries that happened inside it."""
        return [t.steps[a : b + 1] for t, (a, b) in zip(self.traces, self.spans, strict=True)]

    def beforehand(self) -> list[list[dict[str, Any]]]:
        """Each task's calls before the run and after its previous step: where it looked at what the run needs."""
        out = []
        for trace, (first, _) in zip(self.traces, self.spans, strict=True):
            since = max((p.last + 1 for p in trace.path if p.last < first), default=0)
            out.append(trace.steps[since:first])
        return out

    def afterwards(self) -> list[list[dict[str, Any]]]:
        """Each task's calls after the run and before its next step: where it looked at what the run did."""
        out = []
        for trace, (_, last) in zip(self.traces, self.spans, strict=True):
            until = next((p.first for p in trace.path if p.first > last), len(trace.steps))
            out.append(trace.steps[last + 1 : until])
        return out


Run = tuple[int, ...]  # steps by their number in the mined traces: cheap to hash


def _occurrences(traces: list[Trace], min_steps: int) -> tuple[dict[Run, dict[int, list[int]]], list[StepId]]:
    """Every run of ``min_steps`` to 8 steps: in which traces (by index) it starts and where on their path;
    and the steps, by number."""
    numbers: dict[StepId, int] = {}
    found: dict[Run, dict[int, list[int]]] = {}
    for n, trace in enumerate(traces):
        seq = [numbers.setdefault(p.id, len(numbers)) for p in trace.path]
        for length in range(min_steps, min(_MAX_RUN, len(seq)) + 1):
            for i in range(len(seq) - length + 1):
                found.setdefault(tuple(seq[i : i + length]), {}).setdefault(n, []).append(i)
    return found, list(numbers)


def workflows(traces: list[Trace], min_occurrences: int, min_steps: int, min_success: float) -> list[Workflow]:
    found, steps = _occurrences(traces, min_steps)
    labels = {run: [steps[k].label for k in run] for run, where in found.items() if len(where) >= min_occurrences}
    frequent = sorted(labels, key=lambda run: (-len(run), -len(found[run]), labels[run], run))
    taken = [bytearray(len(t.path)) for t in traces]  # path positions of kept runs, per trace
    kept: dict[str, Workflow] = {}
    for run in frequent:
        free = {n: [i for i in starts if not any(taken[n][i : i + len(run)])] for n, starts in found[run].items()}
        free = {n: starts for n, starts in free.items() if starts}
        if len(free) < min_occurrences:
            continue
        where = {n: starts[0] for n, starts in free.items()}
        left, right = _extend(traces, where, len(run), taken)
        chosen = {n: list(range(i - left, i + len(run) + right)) for n, i in where.items()}
        _widen(traces, chosen, taken)
        some = next(iter(chosen))
        wf = Workflow(tuple(traces[some].path[k].id for k in chosen[some]))
        for n, positions in chosen.items():
            wf.traces.append(traces[n])
            wf.spans.append((traces[n].path[positions[0]].first, traces[n].path[positions[-1]].last))
        if wf.success_rate < min_success:
            continue
        for n, starts in free.items():
            for i in starts:
                taken[n][i : i + len(run)] = b"\x01" * len(run)
            first, last = chosen[n][0], chosen[n][-1]
            taken[n][first : last + 1] = b"\x01" * (last + 1 - first)
        same = kept.get(wf.key)
        if same is None:
            kept[wf.key] = wf
        else:
            # Steps that differ only in a plain tool's argument keys read alike: one workflow, not two.
            have = {t.task_id for t in same.traces}
            for t, span in zip(wf.traces, wf.spans, strict=True):
                if t.task_id not in have:
                    same.traces.append(t)
                    same.spans.append(span)
    return list(kept.values())


def _extend(traces: list[Trace], where: dict[int, int], length: int, taken: list[bytearray]) -> tuple[int, int]:
    """How far a run (at ``where``: trace index → path position) grows left and right with every task still
    taking the same step: runs are mined up to 8 steps, a workflow may be longer."""

    def same(offset: int) -> bool:
        seen: set[StepId] = set()
        for n, i in where.items():
            k, path = i + offset, traces[n].path
            if not 0 <= k < len(path) or taken[n][k]:
                return False
            seen.add(path[k].id)
        return len(seen) == 1

    left = right = 0
    while length + left + right < _MAX_STEPS and same(-left - 1):
        left += 1
    while length + left + right < _MAX_STEPS and same(length + right):
        right += 1
    return left, right


_GAP = 2  # path steps one occurrence may have that the others lack, next to a workflow's ends


def _widen(traces: list[Trace], chosen: dict[int, list[int]], taken: list[bytearray]) -> None:
    """Grow each occurrence's run (``chosen``: trace index → path positions, in order) by the steps every
    occurrence takes near its ends, skipping up to two steps that only some of them take.

    People do a workflow alike but not identically: one deploy pulls first and another commits, one line runs
    `az acr login && docker build` where other days ran them apart, one release switches to a branch before
    committing. Exact runs split such a workflow into pieces (or lose its first step); here a step shared by
    every occurrence joins it when it lies within two steps of the run's ends, or among the steps skipped
    inside it. The steps one occurrence alone takes stay out of the workflow.
    """
    while True:
        options: list[tuple[int, int, str, StepId, dict[int, int]]] = []
        ids = {traces[n].path[k].id for n, positions in chosen.items() for k in _near(traces[n], positions, taken[n])}
        for step in ids:
            found: dict[int, int] = {}
            for n, positions in chosen.items():
                near = [k for k in _near(traces[n], positions, taken[n]) if traces[n].path[k].id == step]
                if not near:
                    break
                found[n] = min(near, key=lambda k: _distance(k, positions))
            else:
                far = [_distance(k, chosen[n]) for n, k in found.items()]
                options.append((max(far), sum(far), step.label, step, found))
        if not options:
            return
        *_, found = min(options, key=lambda option: option[:3])
        for n, k in found.items():
            chosen[n] = sorted([*chosen[n], k])


def _near(trace: Trace, positions: list[int], taken: bytearray) -> list[int]:
    """Free path positions a run may take next: skipped ones inside it, and up to ``_GAP`` + 1 beyond its
    ends (the step itself plus the ones jumped over)."""
    first, last = positions[0], positions[-1]
    inside = set(range(first, last + 1)) - set(positions)
    beyond = set(range(max(0, first - _GAP - 1), first)) | set(range(last + 1, min(len(trace.path), last + _GAP + 2)))
    return sorted(k for k in inside | beyond if not taken[k])


def _distance(k: int, positions: list[int]) -> int:
    """How many path steps are jumped to take position ``k``: 0 next to the run or inside it."""
    if positions[0] <= k <= positions[-1]:
        return 0
    return positions[0] - k - 1 if k < positions[0] else k - positions[-1] - 1


def _label_of(step: dict[str, Any]) -> str:
    ids = step_ids(step)
    return ids[-1].label if ids else str(step["tool"])


def tool_failures(traces: list[Trace], min_occurrences: int) -> list[Detection]:
    failed: dict[str, list[Trace]] = defaultdict(list)
    errors: dict[str, Counter[str]] = defaultdict(Counter)
    calls: Counter[str] = Counter()
    for trace in traces:
        seen: set[str] = set()
        for step in trace.steps:
            label = _label_of(step)
            calls[label] += 1
            if not step.get("ok", True):
                errors[label][error_kind(step.get("error") or "")] += 1
                if label not in seen:
                    failed[label].append(trace)
                    seen.add(label)
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
