"""Skill drafts from what the tasks actually did: numbered steps, "if X fails" notes, when to use it.

The input is the traces of the tasks a draft comes from, each a list of step dicts as memory captures
them (``tool``, ``arguments``, ``ok``, ``error``, and ``result`` when the capture kept one). Nothing here
invents a step: a step is what the tasks did (see :mod:`servers.reflection.steps`: a command they ran, a
kind of file they edited, a tool they called with its arguments), and a failure note says what the tasks
did next and how often that recovered. The steps are taken from each task's successful path, so a
failure and its recovery show up as a note on the step that failed, never as steps of their own.

| step kind | line                                                                       |
|-----------|----------------------------------------------------------------------------|
| shell     | ``2. Run `alembic upgrade head` (3/3 calls succeeded).``                   |
| file      | ``1. Edit the migration (e.g. `3f2a_add_orders.py`) (3/3 calls succeeded).`` |
| call      | ``1. Call `web_search` with `query` (e.g. "vendor pricing") (3/3 calls succeeded).`` |

Argument and result examples are scrubbed (e-mail addresses, keys) and stripped of angle brackets, so
a draft can be shown and linted without leaking what one task happened to carry.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from servers.core import recovery
from servers.reflection import steps as st
from servers.reflection.matching import keywords
from servers.reflection.patterns import error_kind
from servers.reflection.scrub import scrub_text
from servers.reflection.steps import StepId

Step = dict[str, Any]
_EXAMPLE_CHARS = 40
_COMMAND_CHARS = 120
_MAX_ARGS = 3
_LEADING_CD = re.compile(r"^\s*cd\s+\S+\s*(?:&&|;)\s*")
# Words that say nothing about which workflow a task needs: not a topic, a name or an intent pattern.
FILLER = frozenset(
    "add adds added new create update change modify edit make please run do get set need want help let now again "
    "also one some all via using step steps file files thing stuff the use".split()
)


def common_steps(runs: Sequence[Sequence[Step]]) -> tuple[StepId, ...]:
    """The steps most tasks took; without a majority, the steps at least half took, in their usual order."""
    seqs = [tuple(p.id for p in st.successful_path(r)) for r in runs if r]
    seqs = [s for s in seqs if s]
    if not seqs:
        return ()
    (best, n), *_ = sorted(Counter(seqs).items(), key=lambda kv: (-kv[1], -len(kv[0]), seqs.index(kv[0])))
    if n * 2 > len(seqs):
        return best
    used: Counter[StepId] = Counter(t for s in seqs for t in set(s))
    first: dict[StepId, list[int]] = defaultdict(list)
    for s in seqs:
        for i, t in enumerate(s):
            if t not in s[:i]:
                first[t].append(i)
    common = [t for t, k in used.items() if k * 2 >= len(seqs)]
    return tuple(sorted(common, key=lambda t: (sum(first[t]) / len(first[t]), t.label)))


def common_sequence(runs: Sequence[Sequence[Step]]) -> tuple[str, ...]:
    """:func:`common_steps` by label (a plain tool's label is its name)."""
    return tuple(s.label for s in common_steps(runs))


def _clean(text: str, limit: int = _EXAMPLE_CHARS) -> str:
    flat = " ".join(scrub_text(text).replace("<", "").replace(">", "").replace("`", "'").split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _argument_text(calls: list[Step]) -> str:
    names: Counter[str] = Counter()
    example: dict[str, str] = {}
    for call in calls:
        for key, value in st.arguments(call).items():
            names[str(key)] += 1
            if str(key) not in example and isinstance(value, str | int | float) and str(value).strip():
                example[str(key)] = _clean(str(value))
    shown = [
        f"`{_clean(k, 30)}`" + (f' (e.g. "{example[k]}")' if k in example else "")
        for k, _ in names.most_common(_MAX_ARGS)
    ]
    return f" with {', '.join(shown)}" if shown else ""


def _command(call: Step) -> str:
    """The shell command a call ran, cleaned for a code span, without a leading ``cd somewhere &&``."""
    text = st.arguments(call).get("command")
    return _clean(_LEADING_CD.sub("", text), _COMMAND_CHARS) if isinstance(text, str) else ""


def _path(call: Step) -> str:
    args = st.arguments(call)
    path = args.get("file_path") or args.get("notebook_path") or args.get("path")
    return str(path).replace("\\", "/") if path else ""


def _project_root(runs: Sequence[Sequence[Step]]) -> str:
    """The folder all the files the tasks touched are in: examples are shown relative to it."""
    paths = [p for r in runs for s in r if (p := _path(s)).startswith("/")]
    return posixpath.commonpath(paths) if paths else ""


def _file_text(calls: list[Step], root: str) -> str:
    names: list[str] = []
    for call in calls:
        path = _path(call)
        if root not in ("", "/") and path.startswith(root + "/"):
            path = path[len(root) + 1 :]
        # Without a common folder, the last parts say enough and leave the user's home folder out.
        name = _clean("/".join(path.split("/")[-3:]), 60) if path else ""
        if name and name not in names:
            names.append(name)
    return f" (e.g. {', '.join(f'`{n}`' for n in names[:2])})" if names else ""


def _file_verb(step: StepId, calls: list[Step]) -> str:
    """``Edit the test``, ``Write the test`` or ``Edit or write the test``, as the tasks did."""
    if step.tool != "Edit":
        return st.phrase(step).capitalize()
    wrote = {str(c.get("tool")) == "Write" for c in calls}
    verb = "Edit or write" if len(wrote) > 1 else "Write" if True in wrote else "Edit"
    return f"{verb} the {step.detail}"


def _shell_text(step: StepId, calls: list[Step], examples: list[list[Step]] | None = None) -> str:
    commands = [c for c in map(_command, calls) if c]
    if not commands:
        return f"Run `{step.detail}`" if step.detail else f"Run a `{step.tool}` command"
    shown = Counter(commands).most_common(1)[0][0]
    # What the first task ran at this point of the workflow: `bazel run` loads the image here and pushes it three
    # steps on, and `git push` went to two remotes one after the other.
    ran = list(dict.fromkeys(c for c in map(_command, examples[0]) if c)) if examples else []
    if ran and step.detail and (len(ran) > 1 or len(set(commands)) > 1):
        return f"Run `{step.detail}` (e.g. {', then '.join(f'`{c}`' for c in ran[:3])})" + _note(calls)
    line = f"Run `{shown}`" if len(set(commands)) == 1 or not step.detail else f"Run `{step.detail}` (e.g. `{shown}`)"
    return line + _note(calls)


def _note(calls: list[Step]) -> str:
    notes = [str(d) for c in calls if (d := st.arguments(c).get("description")) and isinstance(d, str)]
    return f' ("{_clean(notes[0], 60)}")' if notes else ""


def _aligned(runs: Sequence[Sequence[Step]], labels: Sequence[str]) -> list[list[list[Step]]]:
    """For each step of the workflow, the calls each task made at that point of it (a task's steps matched in
    order): a label met twice (`bazel run` to load an image, later to push it) is two steps, each with its own
    calls, and one step a task repeated (`git push origin`, `git push gitee`) keeps all its calls."""
    aligned: list[list[list[Step]]] = [[] for _ in labels]
    for run in runs:
        at = 0
        for item in st.successful_path(run):
            if at < len(labels) and item.id.label == labels[at]:
                stood_for = [run[k] for k in range(item.first, item.last + 1) if st.ok(run[k])]
                matching = [c for c in stood_for if any(x.label == labels[at] for x in st.step_ids(c))]
                aligned[at].append(matching or [run[item.last]])
                at += 1
    return aligned


def step_lines(runs: Sequence[Sequence[Step]], tools: Sequence[str]) -> list[str]:
    """One numbered line per step (by label): what the tasks ran, edited or called, and what it returned."""
    lines = []
    previous: list[Step] = []
    root = _project_root(runs)
    aligned = _aligned(runs, tools)
    for i, label in enumerate(tools, 1):
        calls = [s for r in runs for s in r if any(x.label == label for x in st.step_ids(s))]
        ok = [s for s in calls if st.ok(s)]
        step = next((x for s in calls for x in st.step_ids(s) if x.label == label), StepId(label, "call", ""))
        here = aligned[i - 1]
        if step.kind == "shell" and calls and calls == previous:
            text = f"Run `{step.detail}` (in the same command)"  # one chained command, e.g. git add && git commit
        elif step.kind == "shell":
            text = _shell_text(step, ok or calls, here)
        elif step.kind == "file":
            shown = [c for calls_here in here for c in calls_here] or ok or calls
            text = _file_verb(step, ok or calls) + _file_text(shown, root)
        else:
            text = f"Call `{label}`{_argument_text(ok or calls)}"
        line = f"{i}. {text}"
        results = [str(s["result"]) for s in ok if s.get("result")]
        if results:
            line += f'; it returned e.g. "{_clean(results[0], 60)}"'
        lines.append(line + f" ({len(ok)}/{len(calls)} calls succeeded)." if calls else line + ".")
        previous = calls
    return lines


@dataclass(frozen=True)
class _Failure:
    step: StepId
    kind: str
    recovery: str  # "retry", "fallback:<what the task did instead>" or "none"
    attempts: int
    changed: bool  # the call that worked had other arguments than the one that failed
    via: tuple[str, ...] = ()  # what fixed it before the retry (``run `git pull --rebase```)
    run_as: str | None = None  # how the call that worked was run instead (``uv run pytest``)


def _doing(step: StepId, call: Step) -> str:
    shown = _command(call) if step.kind == "shell" else ""
    return f"run `{shown}`" if shown else st.phrase(step) if step.kind != "call" else f"call `{step.tool}`"


def _what(call: Step) -> dict[str, Any]:
    """A call's arguments without the free-text note some hosts add (Claude Code's ``description``)."""
    return {k: v for k, v in st.arguments(call).items() if k != "description"}


def _kind(call: Step) -> str:
    message = str(call.get("error") or "")
    kind = error_kind(message)
    return recovery.error_phrase(message) if kind == "other errors" and message.strip() else kind


def _step_of(call: Step) -> StepId:
    ids = st.step_ids(call)
    return ids[-1] if ids else StepId(str(call.get("tool")), "call", "")


def _failures(run: Sequence[Step]) -> list[_Failure]:
    """Each failure of a run: recovered (see :mod:`servers.core.recovery`), fallen back from, or given up."""
    keys = [recovery.step_key(str(s.get("tool")), s.get("arguments")) for s in run]
    out: list[_Failure] = []
    handled: set[int] = set()
    for found in recovery.find_recoveries(run):
        # Earlier failed attempts at the step, with no success of it since, are the same failure.
        tried = [found.failed]
        k = found.failed - 1
        while k >= 0 and not (keys[k] == keys[found.failed] and st.ok(run[k])):
            if keys[k] == keys[found.failed] and k not in handled:
                tried.insert(0, k)
            k -= 1
        handled.update(tried)
        via = tuple(["read the file again"] * found.reread + [f"run `{_clean(c, 60)}`" for c in found.fix_commands])
        changed = _what(run[found.fixed]) != _what(run[found.failed])
        run_as = _clean(found.change, 60) if found.change else None
        step = _step_of(run[found.failed])
        out.append(_Failure(step, _kind(run[found.failed]), "retry", len(tried), changed, via, run_as))
    i = 0
    while i < len(run):
        if st.ok(run[i]) or i in handled:
            i += 1
            continue
        j = i + 1
        while j < len(run) and keys[j] == keys[i] and not st.ok(run[j]):
            j += 1
        nxt = run[j] if j < len(run) else None
        recovered = "none"
        if nxt is not None and st.ok(nxt) and (ids := st.step_ids(nxt)):
            recovered = f"fallback:{_doing(ids[0], nxt)}"
        out.append(_Failure(_step_of(run[i]), _kind(run[i]), recovered, j - i, False))
        i = j
    return out


def _name(step: StepId) -> str:
    if step.kind == "shell" and step.detail:
        return f"`{step.detail}`"
    return f"`{step.tool}` on the {step.detail}" if step.kind == "file" else f"`{step.tool}`"


def _retry_text(retried: list[_Failure]) -> str:
    """What the retries that worked did: fixed something first, ran the step differently, or just tried again."""
    tries = max(f.attempts for f in retried)
    what = "retry it once" if tries == 1 else f"retry it (up to {tries} times)"
    run_as = Counter(f.run_as for f in retried if f.run_as).most_common(1)
    if run_as and run_as[0][1] * 2 > len(retried):
        what = f"run it as `{run_as[0][0]}` instead"
    elif sum(f.changed for f in retried) * 2 > len(retried):
        what += " with changed arguments"  # the retries that worked were not the same call again
    via = Counter(f.via for f in retried if f.via).most_common(1)
    if via and via[0][1] * 2 >= len(retried):
        what = f"{' and '.join(via[0][0])} first, then {what.removesuffix(' instead')}"
    return what


def failure_notes(runs: Sequence[Sequence[Step]]) -> list[str]:
    """ "If X fails" lines: the failure kind, what the tasks did next, and how often that worked."""
    seen: dict[tuple[str, str], list[_Failure]] = defaultdict(list)
    for run in runs:
        for f in _failures(run):
            seen[(f.step.label, f.kind)].append(f)
    lines = []
    for (_, kind), found in sorted(seen.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        recovered = Counter(f.recovery for f in found if f.recovery != "none")
        head = f"- If {_name(found[0].step)} fails ({kind}; seen in {len(found)} of {len(runs)} tasks): "
        if not recovered:
            lines.append(head + "no task recovered from it; stop and report the error rather than guess.")
            continue
        how, n = recovered.most_common(1)[0]
        if how == "retry":
            what = _retry_text([f for f in found if f.recovery == "retry"])
        else:
            what = how.split(":", 1)[1]
            what = f"fall back to {what.removeprefix('call ')}" if what.startswith("call ") else f"{what} instead"
        lines.append(head + f"{what}; that recovered {n} of {len(found)} times.")
    return lines


def topic_words(tasks: Sequence[str], limit: int = 4) -> list[str]:
    """Words at least half the tasks share, most shared first: what the draft is for."""
    counts = Counter(k for t in tasks for k in dict.fromkeys(keywords(t, 12)) if k not in FILLER)
    return [k for k, n in counts.most_common(8) if n * 2 >= len(tasks)][:limit]


def when_to_use(tasks: Sequence[str], tools: Sequence[str]) -> str:
    """The description's "Use when" clause, from the shared topic and the steps (labels or phrases)."""
    topic = topic_words(tasks)
    about = f"a task is about {', '.join(topic)}" if topic else f"a task needs {tools[0]}" if tools else "a task"
    return f"Use when {about} and needs {' then '.join(tools)}" if tools else f"Use when {about}"


def draft_body(
    title: str,
    tasks: Sequence[str],
    runs: Sequence[Sequence[Step]],
    steps: Sequence[str] | None = None,
    afterwards: Sequence[Sequence[Step]] = (),
    beforehand: Sequence[Sequence[Step]] = (),
) -> tuple[str, tuple[str, ...]]:
    """(Markdown body, step labels) of a draft learned from ``runs``; the steps are the tasks' own.

    ``steps`` (labels) when the caller already knows them, as mining does; else the tasks' common sequence.
    ``afterwards``: each task's calls after its run, where it may have looked at the result; ``beforehand``: its
    calls before the run, where it may have looked at what the run needs.
    """
    labels = tuple(steps) if steps is not None else common_sequence(runs)
    ok_runs = sum(_recovered(r) for r in runs)
    lines = [
        f"# {title}",
        "",
        f"Learned from {len(runs)} tasks that followed these steps ({ok_runs} of them ended without an "
        "unrecovered failure).",
        "",
    ]
    first = first_looks(runs, beforehand)
    if first:
        lines += ["## Before you start", "", *first, ""]
    lines += [
        "## Steps",
        "",
        *step_lines(runs, labels),
    ]
    checks = final_checks(runs, afterwards)
    if checks:
        lines += ["", "## Check the result", "", *checks]
    notes = failure_notes(runs)
    if notes:
        lines += ["", "## If a step fails", "", *notes]
    lines += ["", "## Tasks it came from", "", *(f"- {_clean(t, 160)}" for t in tasks[:3])]
    return "\n".join(lines) + "\n", labels


MAX_CHECKS = 3


def final_checks(runs: Sequence[Sequence[Step]], afterwards: Sequence[Sequence[Step]] = ()) -> list[str]:
    """What most of the tasks looked at once their last step was done (`adb logcat -d -s XhThermalService`,
    `kubectl get pods -l app=web`): how they checked the result. Looks are no steps of a workflow (they differ
    from task to task), but the one most tasks ended with is how the workflow is known to have worked."""
    ends: list[list[Step]] = []
    for n, run in enumerate(runs):
        path = st.successful_path(run)
        if path:
            ends.append([*run[path[-1].last :], *(afterwards[n] if n < len(afterwards) else [])])
    return _usual_looks(ends, len(runs))


def first_looks(runs: Sequence[Sequence[Step]], beforehand: Sequence[Sequence[Step]] = ()) -> list[str]:
    """What most of the tasks looked at before their first step (`git log --oneline thermo-v1.4.2..HEAD` before a
    release's changelog is written): what the workflow needs to know first. A look with nothing to look at
    (`git status`, `ls`) is the task getting its bearings, not part of the workflow."""
    starts: list[list[Step]] = []
    for n, run in enumerate(runs):
        path = st.successful_path(run)
        if path:
            starts.append([*(beforehand[n] if n < len(beforehand) else []), *run[: path[0].first]])
    return _usual_looks(starts, len(runs), aimed=True)


def _usual_looks(calls_of_tasks: Sequence[Sequence[Step]], runs: int, *, aimed: bool = False) -> list[str]:
    """The looks (shell commands that only read) most of ``runs`` tasks made among their ``calls_of_tasks``, as
    "Look with …" lines; ``aimed``: only looks given something to look at (an argument, not only options)."""
    found: list[dict[str, str]] = []
    for calls in calls_of_tasks:
        looks: dict[str, str] = {}
        for call in calls:
            if not st.ok(call):
                continue
            for step in st.step_ids(call):
                # Waiting for something (`adb wait-for-device`, `kubectl wait`) is no look at what it did.
                if step.kind != "shell" or not st.looking(step) or _WAITING.search(step.detail):
                    continue
                segment = _segment(_command(call), step.detail)
                if aimed and not _aimed(segment, step.detail):
                    continue
                looks.setdefault(step.detail, segment)
        found.append(looks)
    counts = Counter(head for looks in found for head in looks)
    lines = []
    for head, n in counts.most_common(MAX_CHECKS):
        if n < 2 or n * 2 <= runs:
            break
        example = next(looks[head] for looks in found if head in looks)
        shown = _clean(example, _COMMAND_CHARS)
        lines.append(f"- Look with `{head}` (e.g. `{shown}`), as {n} of the {runs} tasks did.")
    return lines


def _aimed(segment: str, head: str) -> bool:
    """Whether a look names what it looks at (`git log --oneline v1.4.2..HEAD`, `cat factory/cal/x.json`), beyond
    its head and options (`git status`, `ls -la`)."""
    words = segment.split()
    rest = words[len(head.split()) :] if words[: len(head.split())] == head.split() else words[1:]
    return any(not word.startswith("-") and word not in ("|", "&&") for word in rest)


_WAITING = re.compile(r"\bwait")
_CHAINED = re.compile(r"\s*(?:&&|\|\||;)\s*")


def _segment(command: str, head: str) -> str:
    """The part of a chained command (`… && sleep 20 && adb logcat -d -s X | tail -3`) that runs ``head``, with
    the filters it is piped into; the whole command when no part does on its own."""
    return next((part for part in _CHAINED.split(command) if st.command_heads(part) == [head]), command)


def _recovered(run: Sequence[Step]) -> bool:
    return bool(run) and all(f.recovery != "none" for f in _failures(run))
