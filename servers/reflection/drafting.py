"""Skill drafts from what the tasks actually did: numbered steps, "if X fails" notes, when to use it.

The input is the traces of the tasks a draft comes from, each a list of step dicts as memory captures
them (``tool``, ``arguments``, ``ok``, ``error``, and ``result`` when the capture kept one). Nothing here
invents a step: a step is a tool the tasks called, described by the arguments and results they passed,
and a failure note says what the tasks did next and how often that recovered.

Argument and result examples are scrubbed (e-mail addresses, keys) and stripped of angle brackets, so
a draft can be shown and linted without leaking what one task happened to carry.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from servers.reflection.matching import keywords
from servers.reflection.patterns import error_kind
from servers.reflection.scrub import scrub_text

Step = dict[str, Any]
_EXAMPLE_CHARS = 40
_MAX_ARGS = 3


def collapse(steps: Sequence[Step]) -> list[str]:
    """The tools of one task in order, immediate repeats (retries) collapsed."""
    out: list[str] = []
    for step in steps:
        if not out or out[-1] != step["tool"]:
            out.append(str(step["tool"]))
    return out


def common_sequence(runs: Sequence[Sequence[Step]]) -> tuple[str, ...]:
    """The sequence most tasks followed; without a majority, the tools at least half used, in usual order."""
    seqs = [tuple(collapse(r)) for r in runs if r]
    if not seqs:
        return ()
    (best, n), *_ = sorted(Counter(seqs).items(), key=lambda kv: (-kv[1], -len(kv[0]), seqs.index(kv[0])))
    if n * 2 > len(seqs):
        return best
    used: Counter[str] = Counter(t for s in seqs for t in set(s))
    first: dict[str, list[int]] = defaultdict(list)
    for s in seqs:
        for i, t in enumerate(s):
            if t not in s[:i]:
                first[t].append(i)
    common = [t for t, k in used.items() if k * 2 >= len(seqs)]
    return tuple(sorted(common, key=lambda t: (sum(first[t]) / len(first[t]), t)))


def _clean(text: str, limit: int = _EXAMPLE_CHARS) -> str:
    flat = " ".join(scrub_text(text).replace("<", "").replace(">", "").replace("`", "'").split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _arguments(step: Step) -> dict[str, Any]:
    args = step.get("arguments")
    if isinstance(args, str) and args.startswith("{"):
        try:
            args = json.loads(args)  # memory keeps arguments as JSON text; a cut-off one is just not parsed
        except ValueError:
            return {}
    return args if isinstance(args, dict) else {}


def _argument_text(calls: list[Step]) -> str:
    names: Counter[str] = Counter()
    example: dict[str, str] = {}
    for call in calls:
        for key, value in _arguments(call).items():
            names[str(key)] += 1
            if str(key) not in example and isinstance(value, str | int | float) and str(value).strip():
                example[str(key)] = _clean(str(value))
    shown = [
        f"`{_clean(k, 30)}`" + (f' (e.g. "{example[k]}")' if k in example else "")
        for k, _ in names.most_common(_MAX_ARGS)
    ]
    return f" with {', '.join(shown)}" if shown else ""


def step_lines(runs: Sequence[Sequence[Step]], tools: Sequence[str]) -> list[str]:
    """One numbered line per tool of the sequence: the arguments the tasks gave it and what it returned."""
    lines = []
    for i, tool in enumerate(tools, 1):
        calls = [s for r in runs for s in r if s["tool"] == tool]
        ok = [s for s in calls if s.get("ok", True)]
        line = f"{i}. Call `{tool}`{_argument_text(ok or calls)}"
        results = [str(s["result"]) for s in ok if s.get("result")]
        if results:
            line += f'; it returned e.g. "{_clean(results[0], 60)}"'
        lines.append(line + f" ({len(ok)}/{len(calls)} calls succeeded)." if calls else line + ".")
    return lines


@dataclass(frozen=True)
class _Failure:
    tool: str
    kind: str
    recovery: str  # "retry", "fallback:<tool>" or "none"
    attempts: int
    changed: bool  # the call that worked had other arguments than the one that failed


def _failures(run: Sequence[Step]) -> list[_Failure]:
    out: list[_Failure] = []
    i = 0
    while i < len(run):
        step = run[i]
        if step.get("ok", True):
            i += 1
            continue
        tool, kind, j = str(step["tool"]), error_kind(str(step.get("error") or "")), i + 1
        while j < len(run) and run[j]["tool"] == tool and not run[j].get("ok", True):
            j += 1  # a streak of failed retries is one failure with more attempts
        nxt = run[j] if j < len(run) else None
        changed = nxt is not None and _arguments(nxt) != _arguments(run[j - 1])
        if nxt is None:
            recovery = "none"
        elif nxt["tool"] == tool:
            recovery = "retry"
        else:
            recovery = f"fallback:{nxt['tool']}" if nxt.get("ok", True) else "none"
        out.append(_Failure(tool, kind, recovery, j - i, changed))
        i = j
    return out


def failure_notes(runs: Sequence[Sequence[Step]]) -> list[str]:
    """ "If X fails" lines: the failure kind, what the tasks did next, and how often that worked."""
    seen: dict[tuple[str, str], list[_Failure]] = defaultdict(list)
    for run in runs:
        for f in _failures(run):
            seen[(f.tool, f.kind)].append(f)
    lines = []
    for (tool, kind), found in sorted(seen.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        recovered = Counter(f.recovery for f in found if f.recovery != "none")
        head = f"- If `{tool}` fails ({kind}; seen in {len(found)} of {len(runs)} tasks): "
        if not recovered:
            lines.append(head + "no task recovered from it; stop and report the error rather than guess.")
            continue
        how, n = recovered.most_common(1)[0]
        if how == "retry":
            retried = [f for f in found if f.recovery == "retry"]
            tries = max(f.attempts for f in retried)
            what = "retry it once" if tries == 1 else f"retry it (up to {tries} times)"
            if sum(f.changed for f in retried) * 2 > len(retried):
                what += " with changed arguments"  # the retries that worked were not the same call again
        else:
            what = f"fall back to `{how.split(':', 1)[1]}`"
        lines.append(head + f"{what}; that recovered {n} of {len(found)} times.")
    return lines


def topic_words(tasks: Sequence[str], limit: int = 4) -> list[str]:
    """Words at least half the tasks share, most shared first: what the draft is for."""
    counts = Counter(k for t in tasks for k in dict.fromkeys(keywords(t, 12)))
    return [k for k, n in counts.most_common(8) if n * 2 >= len(tasks)][:limit]


def when_to_use(tasks: Sequence[str], tools: Sequence[str]) -> str:
    """The description's "Use when" clause, from the shared topic and the first tool."""
    topic = topic_words(tasks)
    about = f"a task is about {', '.join(topic)}" if topic else f"a task needs {tools[0]}" if tools else "a task"
    return f"Use when {about} and needs {' then '.join(tools)}" if tools else f"Use when {about}"


def draft_body(title: str, tasks: Sequence[str], runs: Sequence[Sequence[Step]]) -> tuple[str, tuple[str, ...]]:
    """(Markdown body, tool sequence) of a draft learned from ``runs``; the steps are the tasks' own."""
    tools = common_sequence(runs)
    ok_runs = sum(_recovered(r) for r in runs)
    lines = [
        f"# {title}",
        "",
        f"Learned from {len(runs)} tasks that followed these steps ({ok_runs} of them ended without an "
        "unrecovered failure).",
        "",
        "## Steps",
        "",
        *step_lines(runs, tools),
    ]
    notes = failure_notes(runs)
    if notes:
        lines += ["", "## If a step fails", "", *notes]
    lines += ["", "## Tasks it came from", "", *(f"- {_clean(t, 160)}" for t in tasks[:3])]
    return "\n".join(lines) + "\n", tools


def _recovered(run: Sequence[Step]) -> bool:
    return bool(run) and all(f.recovery != "none" for f in _failures(run))
