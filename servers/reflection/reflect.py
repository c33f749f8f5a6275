"""Rule-based reflection: five dimensions read off a task trace without a model.

| dimension  | read from                                                                      |
|------------|--------------------------------------------------------------------------------|
| outcome    | the outcome text and the user's reaction                                       |
| efficiency | step count, identical repeated calls, failed calls, the slowest steps          |
| errors     | each failed call's message → category A–D (below) and a severity               |
| strategies | what the trace proves (a retry that worked, arguments fixed after an error, a  |
|            | repeated call) plus the agent's own lessons; at most three                     |
| gaps       | tools that did not exist, inputs too large for the model, failures never fixed |

A strategy is only as confident as its evidence: MEDIUM when the trace shows the fix working, LOW when
it is a guess. Only MEDIUM and HIGH ones take part in promotion: a guess never becomes a rule.

Error categories say what would have prevented the error: A missing information (research first), B an
unsuitable strategy (update the rules), C tool misuse (another tool or other arguments), D a model
limitation (a stronger model, or split the task).
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re

from servers.core.errorwords import error_words
from servers.core.recovery import (
    CODE_LIKE,
    CODE_WORD,
    ENV_ASSIGNMENT,
    SCRUBBED,
    Recovery,
    command_head,
    common_command,
    find_recoveries,
    fix_shape,
    is_file_kind,
    is_looking,
    opens_list,
    step_key,
    suggestion_text,
)
from servers.reflection.alike import options_asked_for, runs_as_listed
from servers.reflection.feedback import parse_feedback
from servers.reflection.models import (
    CONFIDENCE_RANK,
    Diagnosis,
    Efficiency,
    ErrorCategory,
    Lesson,
    Outcome,
    Severity,
    Strategy,
    TaskReport,
    TraceStep,
    Trigger,
)

_FAILURE = re.compile(
    r"\b(fail(ed|ure)?|error|crash(ed)?|abort(ed)?|gave up|could not|couldn'?t|unable)\b|失败|出错", re.I
)
_PARTIAL = re.compile(r"\b(partial(ly)?|incomplete|some of)\b|部分", re.I)
_TRANSIENT = re.compile(
    r"time(d)?[ -]?out|timeout|rate[- ]?limit|\b429\b|\b50[234]\b|temporar|connection (reset|refused)|unavailable|超时",
    re.I,
)
_ARGS = re.compile(
    r"invalid|bad request|\b400\b|\b422\b|validation|schema|missing (required )?(argument|parameter|field)|"
    r"type ?error|unexpected (argument|keyword)|usage:|malformed|参数",
    re.I,
)
_NOT_FOUND = re.compile(r"not found|\b404\b|no (such|results?|matches)|does not exist|empty result|找不到|不存在", re.I)
_NO_TOOL = re.compile(r"unknown tool|no such tool|tool .*not (available|found)|not (a )?registered tool", re.I)
_PERMISSION = re.compile(r"permission denied|forbidden|\b40[13]\b|unauthori[sz]ed|access denied|权限", re.I)
_MODEL = re.compile(
    r"context (length|window)|too many tokens|token limit|maximum context|output (was )?truncated|"
    r"could not parse|hallucinat|上下文",
    re.I,
)
_SECURITY = re.compile(
    r"secret|credential|password|api[_ ]?key|leak|secur|unsafe|injection|data loss|deleted (user )?data|"
    r"rm -rf|production|泄露|安全",
    re.I,
)

# The kinds of failure a lesson can be about, by the words that name them; used by promotion to tell whether a
# stated lesson and the trace's own diagnosis of a failed call are two accounts of the same failure.
_KINDS = {
    "security": _SECURITY,
    "transient": _TRANSIENT,
    "permission": _PERMISSION,
    "arguments": _ARGS,
    "not_found": _NOT_FOUND,
    "no_tool": _NO_TOOL,
    "model": _MODEL,
}


def failure_kinds(text: str) -> frozenset[str]:
    """Which kinds of failure a lesson talks about ("never paste API keys into `x`" → security)."""
    return frozenset(kind for kind, pattern in _KINDS.items() if pattern.search(text))


def task_id_for(report: TaskReport) -> str:
    """The report's own id, or a content hash: the same report sent twice is one task, not two."""
    if report.task_id:
        return report.task_id
    basis = json.dumps([report.task, report.outcome, [s.tool for s in report.trace]], ensure_ascii=False)
    return "t_" + hashlib.sha256(basis.encode()).hexdigest()[:16]


def outcome_status(outcome: str) -> str:
    text = outcome.strip().lower()
    if text in ("success", "succeeded", "ok", "done", "partial", "failure", "failed"):
        return {"succeeded": "success", "ok": "success", "done": "success", "failed": "failure"}.get(text, text)
    if _PARTIAL.search(outcome):
        return "partial"
    return "failure" if _FAILURE.search(outcome) else "success"


def assess_outcome(report: TaskReport) -> Outcome:
    status = outcome_status(report.outcome)
    score = {"success": 1.0, "partial": 0.5, "failure": 0.0}[status]
    notes = [f"task ended in {status}"]
    if report.user_reaction == "modified":
        score = max(0.0, score - 0.25)
        notes.append("the user had to edit the output")
    elif report.user_reaction in ("complained", "follow_up"):
        score = max(0.0, score - (0.5 if report.user_reaction == "complained" else 0.15))
        if status == "success" and report.user_reaction == "complained":
            status = "partial"
        notes.append("the user " + ("complained" if report.user_reaction == "complained" else "had to ask again"))
    elif report.user_reaction == "satisfied":
        notes.append("the user was satisfied")
    return Outcome(status=status, score=round(score, 2), summary="; ".join(notes))


def _args_key(step: TraceStep) -> str:
    return step.tool + "|" + json.dumps(step.arguments, sort_keys=True, ensure_ascii=False, default=str)


def redundant_calls(trace: list[TraceStep]) -> list[str]:
    """Tools called again with the same arguments when nothing could have changed their answer.

    Reading a file again after an edit, re-running `git status` after a commit, or re-reading before retrying
    a failed edit is how work is done, not waste: a repeat counts only when every call between the two
    only looked (read, searched, listed) and none of them was a recovery from a failure.
    """
    recovering = {i for r in find_recoveries(trace) for i in r.inserted}
    last: dict[str, int] = {}
    found: set[str] = set()
    for i, step in enumerate(trace):
        if not step.ok:
            continue
        key = _args_key(step)
        if key in last and i not in recovering:
            between = trace[last[key] + 1 : i]
            if all(s.ok and is_looking(s.tool, s.arguments) for s in between if s.ok):
                found.add(step.tool)
        last[key] = i
    return sorted(found)


def assess_efficiency(report: TaskReport) -> Efficiency:
    trace = report.trace
    redundant = redundant_calls(trace)
    durations = [(s.tool, s.duration_ms) for s in trace if s.duration_ms is not None]
    total = sum(d for _, d in durations) if durations else None
    slowest = [t for t, d in sorted(durations, key=lambda x: -x[1])[:2] if total and d >= 0.4 * total]
    notes: list[str] = []
    if redundant:
        notes.append(f"identical calls repeated: {', '.join(redundant)}")
    failed = [s for s in trace if not s.ok]
    if failed:
        notes.append(f"{len(failed)} of {len(trace)} calls failed")
    if slowest and total:
        notes.append(f"{slowest[0]} took most of the {total} ms")
    return Efficiency(
        steps=len(trace),
        failed_steps=len(failed),
        redundant_calls=redundant,
        slowest=slowest,
        total_ms=total,
        notes=notes,
    )


def _severity(text: str, task_failed: bool) -> Severity:
    if _SECURITY.search(text):
        return "HIGH"
    return "MEDIUM" if task_failed else "LOW"


# An error that says the call itself carried a secret: evidence enough for the emergency path. Words such as
# "password" or "production" alone are not ("password authentication failed" is a wrong password, not a leak).
_SECRET_IN_CALL = re.compile(
    r"\b(?:contains?|containing|includes?|exposed?|leak(?:s|ed|ing)?|detected|found)\b.{0,40}"
    r"\b(?:secrets?|credentials?|api[_ ]?keys?|private keys?|access tokens?)\b"
    r"|\b(?:secrets?|credentials?|api[_ ]?keys?)\b.{0,20}\b(?:detected|exposed|leak(?:ed)?)\b|泄露",
    re.I,
)


TASK_WORDS = 200  # characters of the task kept with a lesson, to recognise a similar task later


def lesson_strategy(found: Recovery, severity: Severity, task: str = "", error: str = "") -> Strategy:
    """The strategy a recovery proves, with the error signature and the fix as data (MEDIUM: it worked once)."""
    sig = found.signature
    general = Recovery(
        found.failed,
        found.fixed,
        sig,
        inserted=found.inserted,
        fix_commands=[fix_shape(c) for c in found.fix_commands],
        reread=found.reread,
        change=found.change,
        work=found.work,
    ).lesson()
    if found.kind == "edited":
        words = " ".join(found.added[:8])
        step = f"`{sig.step}`"
        where = f" of `{found.files[0]}`" if len(found.files) == 1 else ""
        then = "".join(f", then `{c}`" for c in found.fix_commands)
        # An edit that only took something out (a comment saying why aside) is told by what it removed.
        what = f"added `{words}`" if words or not found.removed else f"removed `{' '.join(found.removed[:8])}`"
        if not words and not found.removed and found.quoted_lines:
            what = f"put quotes around the value (`{found.quoted_lines[0]}`)"
        text = (
            f'When {step} fails with "{sig.phrase}", the fix was an edit{where} that {what}{then}, then {step} again.'
        )

        general = text
    elif found.kind == "retry" and sig.step == sig.tool:
        # A plain retry of a non-shell tool: the wording people already search for.
        text = f"Retry `{sig.tool}` once after a timeout or rate limit before changing approach"
        general = text
    else:
        text = found.lesson()
    scenario = f"tasks that run `{sig.step}`" if sig.step != sig.tool else f"tasks that call {sig.tool}"
    return Strategy(
        strategy=text,
        scenario=scenario,
        expected_effect=f"`{sig.step}` recovers at once instead of failing again",
        confidence="MEDIUM",
        severity=severity,
        key=found.key,
        lesson=Lesson(
            tool=sig.tool,
            step=sig.step,
            phrase=sig.phrase,
            fix=found.fix_commands,
            reread=found.reread,
            run_as=found.change,
            general=general,
            tasks=[task.strip()[:TASK_WORDS]] if task.strip() else [],
            error_words=error_words(error),
            added=found.added if found.kind == "edited" else [],
            added_lines=found.added_lines if found.kind == "edited" else [],
            changed_lines=found.changed_lines if found.kind == "edited" else [],
            quoted_lines=found.quoted_lines if found.kind == "edited" else [],
            files=found.files if found.kind == "edited" else [],
            around=found.around if found.kind == "edited" else [],
            removed=found.removed if found.kind == "edited" else [],
            suggested=found.suggested,
            adds_named=found.adds_named if found.kind == "edited" else False,
            named_values=found.named_values if found.kind == "edited" else [],
            written=found.written if found.kind == "edited" else [],
        ),
    )


# Words every language's code is full of: sharing them says nothing about what an edit fixed.
_PLAIN_WORDS = frozenset(
    "do end def return if else elif then true false nil null none self this let const var val fun func function "
    "class new import from the and or not to in of is it for while with as at by on public private protected "
    "static final override async await export default type interface struct impl pub fn use package".split()
)


def _telling(words: set[str]) -> list[str]:
    return [w for w in words if w.rstrip(":").lower() not in _PLAIN_WORDS and not w.isdigit() and len(w) > 1]


def _bare(words: list[str]) -> set[str]:
    """Words as names: without a decorator's `@`, and a member also by its own name (`context.mounted` is
    `mounted`: `if (!mounted)` in a State and `if (!context.mounted)` in a callback make one guard)."""
    bare = {w.lstrip("@") for w in words}
    # A member's variant by a suffix is the member too (`vim.schedule_wrap` wraps `vim.schedule`): one fix
    # spelled two ways by two tasks.
    bare |= {stem for w in bare if _MEMBER.fullmatch(w) and (stem := _variant_of(w))}
    return bare | {w.rsplit(".", 1)[-1] for w in bare if _MEMBER.fullmatch(w)}


_MEMBER = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+")


def _variant_of(member: str) -> str:
    """`vim.schedule` of `vim.schedule_wrap`: the member without its last `_suffix`, or ""."""
    head, _, last = member.rpartition(".")
    stem = last.rsplit("_", 1)[0] if "_" in last.strip("_") else ""
    return f"{head}.{stem}" if len(stem) >= 4 else ""


def _shown_edit(lessons: list[Lesson], common: set[str]) -> str:
    """What every edit added, as the first edit wrote it, with what was that task's own left out:
    `if (!context.mounted) return;`, `// +kubebuilder:rbac:groups=…,resources=…,verbs=…`,
    `<PackageVersion Include=… Version=… />` (a value every edit set differently keeps its name, `groups=`).
    A line mostly left out is not shown; the words only code has that every edit added and no shown line holds
    are named on their own (`TESSERA_EXPORT`, added in front of a declaration that was there before)."""
    names = set.intersection(*(_names_set(lesson.added or lesson.written) for lesson in lessons))
    # Words every edit wrote anywhere in its new lines: kept; the others were that task's own.
    vocabulary = common | set.intersection(
        *(_bare([w for line in lesson.added_lines for w in _LINE_WORD.findall(line)]) for lesson in lessons)
    )

    def shown(match: re.Match[str]) -> str:
        word = match.group(0)
        if _bare([word]) & vocabulary:
            return word
        name = word.split("=", 1)[0] + "="
        return f"{name}…" if "=" in word and name in names else "…"

    def kept(word: str) -> bool:
        return bool(_bare([word]) & vocabulary) or ("=" in word and word.split("=", 1)[0] + "=" in names)

    parts: list[str] = []
    for line in lessons[0].added_lines:
        code = _VALUE_RUN.sub("…", _without_trailing_comment(line))
        words = _LINE_WORD.findall(code)
        declares = bool(_DECLARING & set(words) & common) and bool(_CODE_SYNTAX.search(code))
        called = _calls_shared(code, common)
        if (
            not (_code_words(code, common) or _code_line(code, common) or declares or called)
            or len(parts) == MAX_SHOWN_LINES
        ):
            continue
        mostly_shared = sum(1 for w in words if kept(w)) * 3 >= len(words) * 2
        # A call every edit made is shown with its shape even when its arguments were each task's own
        # (`… = scrapy.Field()`, `.composite({ … })`): the name alone does not say how to write it.
        if mostly_shared or any(kept(w) and f"{w}(" in code for w in words):
            text = _ELLIPSES.sub("…", _LINE_WORD.sub(shown, code))
            if not any(part.rstrip(",;") == text.rstrip(",;") for part in parts):
                parts.append(text)  # two references added alike (`"GUID:…",` and `"GUID:…"`) are shown once
    if not parts:
        return ""  # no line to show: the words every edit added say it (`js: true`)
    covered = {w for part in parts for w in _bare(CODE_WORD.findall(part))}
    first_added = lessons[0].added or lessons[0].written
    missing = [w for w in dict.fromkeys(_code_words(" ".join(first_added), common)) if not _bare([w]) & covered]
    return "` and `".join([*parts, *missing])


MAX_SHOWN_LINES = 2


def _calls_shared(code: str, common: set[str]) -> bool:
    """Whether a line awaits a call every edit made (`await import("../eks")`): code however plain its word."""
    return any(re.search(rf"(?<![\w.$])await\s+{re.escape(word)}\(", code) for word in common)


# A hash, GUID or UUID in an added line (`"GUID:9e24947de15b…"`): the value each task looked up, never the fix.
_VALUE_RUN = re.compile(
    r"(?<![\w$@.-])(?=[0-9a-fA-F-]*\d)(?=[0-9a-fA-F-]*[a-fA-F])(?:[0-9a-fA-F]{8,}|[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-"
    r"[0-9a-fA-F]{12})(?![\w$@.-])"
)
# Every edit declared a type of the same kind (`export interface CartSummary {`, `export interface PriceCase {`):
# the declaration is the fix, though its keywords are plain words and its name each task's own.
_DECLARING = frozenset({"interface", "class", "struct", "enum", "type", "trait", "protocol", "record"})
# A comment after code on the same line (`# 单价…`, `// why`): the task's own words, not what the fix wrote.
_TRAILING_COMMENT = re.compile(r"^(?P<code>.*?[^\s#/])\s+(?:#|//)\s.*$")


def _without_trailing_comment(line: str) -> str:
    match = _TRAILING_COMMENT.match(line)
    if match is None:
        return line
    code = match.group("code")
    # Only when the mark is outside any string: an even number of quotes before it.
    return code if code.count('"') % 2 == 0 and code.count("'") % 2 == 0 else line


def _code_words(text: str, common: set[str]) -> list[str]:
    """The words of ``text`` only code has (a member, a label, a sigil, an inner capital) that every edit added."""
    return [w for w in CODE_WORD.findall(text) if CODE_LIKE.search(w) and _telling(_bare([w]) & common)]


def _code_line(line: str, common: set[str]) -> bool:
    """A line written in code's syntax (`default = Some(None)`) holding a telling word every edit added: code
    even when none of its words is one only code has."""
    return bool(_CODE_SYNTAX.search(line)) and bool(_telling(_bare(CODE_WORD.findall(line)) & common))


_CODE_SYNTAX = re.compile(r"[(){}\[\]=;]")


def _names_set(words: list[str]) -> set[str]:
    """The names of the values these words set (`groups=` of `groups=apps`)."""
    return {w.split("=", 1)[0] + "=" for w in words if "=" in w}


# A value that is a list (`verbs=get;list;watch`) is one word of its line: left out whole when the edits set it
# differently, not item by item (`verbs=…;create;…;patch`).
_LINE_WORD = re.compile(rf"[A-Za-z_$@][\w$@.-]*=[\w.'\"-]+(?:[;|][\w.'\"-]+)+|{CODE_WORD.pattern}")
# Left-out words next to each other are one gap: `verbs=…;…;…` is `verbs=…`.
_ELLIPSES = re.compile(r"…(?:[\s;,|]*…)+")


def shared_place(lessons: list[Lesson]) -> str:
    """A telling word every one of these edit-fixes changed text next to (`$fillable`), or "": the same place
    edited after the same error, whatever each edit put there. The first edit may have created the place the
    later ones added to (`fs_permissions = [...]` written, then an entry added inside it)."""
    if not lessons or not any(lesson.around for lesson in lessons):
        return ""
    places = [set(lesson.around) | set(lesson.added) for lesson in lessons]
    common = places[0].intersection(*places[1:])
    common = {w for w in common if any(w in lesson.around for lesson in lessons)}
    telling = _telling(common)
    # An entry of the family each edit added one of (`com.acme.pay.client` beside the added
    # `com.acme.stock.client`) sits in the place; it is not the place.
    stem = shared_stem(lessons)
    telling = [w for w in telling if not (stem and w.startswith(stem))]
    if not telling or max(len(w) for w in telling) < 4:
        return ""
    # A key or setting (`:lint-as`, `--allow-env=`) or a list's opening (`FunctionsToExport = @(`) names the place
    # before the entries in it (`Add-HbDriverToDeviceGroup`, one of them, does not); else the longest telling word
    # does (`$fillable`, not `=`).
    return max(telling, key=lambda w: (is_key(w) or opens_list(w), len(w), w))


def is_key(word: str) -> bool:
    """A map key, a setting or a fenced block as written (`:lint-as`, `--allow-env=`, ```@docs): what entries
    are put under."""
    return bool(word) and (word[0] in ":-" or word.endswith("=") or word.startswith(_FENCES))


_FENCES = ("```", "~~~")


def place_text(place: str) -> str:
    """How a rule names a place: `$fillable`, or the `@docs` block for a fenced block's opening."""
    return f"the `{place.lstrip('`~')}` block" if place.startswith(_FENCES) else f"`{place}`"


def shared_file(lessons: list[Lesson]) -> str:
    """The file every one of these fixes edited (`topics.txt`), or ""."""
    if not lessons or not all(lesson.files for lesson in lessons):
        return ""
    common = set(lessons[0].files).intersection(*(set(lesson.files) for lesson in lessons[1:]))
    return next((f for f in lessons[0].files if f in common), "")


def shared_new_file(lessons: list[Lesson]) -> tuple[str, list[str]]:
    """The kind of file every one of these fixes wrote whole, each another one, named alike past its stem
    (`*.shared.ts`: `billing.shared.ts`, then `models/bundle.shared.ts`), with the files; else ("", [])."""
    if len(lessons) < 2 or not all(lesson.written and lesson.files for lesson in lessons):
        return "", []
    named = [{kind: name for name in lesson.files for kind in _kinds_past_stem(name)} for lesson in lessons]
    common = set(named[0]).intersection(*named[1:])
    if not common:
        return "", []
    kind = max(common, key=lambda k: (len(k), k))
    files = [found[kind] for found in named]
    if len({name.rsplit("/", 1)[-1] for name in files}) < len(files):
        return "", []  # the same file each time: what was written into it is the lesson, not a new file
    return f"*{kind}", files


def _kinds_past_stem(name: str) -> list[str]:
    """`.shared.ts` of `billing.shared.ts`, `.d.ts` of `stripe.d.ts`: what follows the stem, when more than the
    extension (every `.ts` file shares that)."""
    parts = name.rsplit("/", 1)[-1].split(".")
    return ["." + ".".join(parts[i:]) for i in range(1, len(parts) - 1) if parts[0]]


def names_added_to(lessons: list[Lesson]) -> str:
    """Where every one of these edits added what its error named, as a rule says it: the one file (`` `unfree.nix` ``:
    `terraform`, then `slack`, then `ngrok`, each refused by name), or the kind of file when each went to another one
    (the `` `debian/*.install` `` file); or ""."""
    # One name each, alone or as one entry (`"dept_ids": {"type": "keyword"},` into a mapping): an edit that added a
    # whole directive or block did more than add the name.
    if not lessons or not all(_one_entry(lesson) for lesson in lessons):
        return ""
    named = sum(lesson.adds_named for lesson in lessons)
    same = shared_file(lessons)
    # Into one file, most of them by the name their error gave: the others' entries went to the same place
    # under another name (the package `imbalanced-learn` of the module `imblearn`).
    if same and named * 2 > len(lessons):
        return f"`{same}`"
    if named < len(lessons):
        return ""
    # Each into another file of one kind (`tianyu-client.install`, `tianyu-client-plugins.install`): that kind.
    # (Not when each wrote what its error said to use, in its own page: that says more than where.)
    return "" if written_as_quoted(lessons) else shared_kind(lessons)


def _one_entry(lesson: Lesson) -> bool:
    """The edit added one word, or one line that starts with the first word it added (the name, then its settings),
    or a block that opens with the name (`"serviceMonitor": {` and the settings inside it)."""
    if len(lesson.added) == 1:
        return True
    if len(lesson.added_lines) == 1 and not lesson.changed_lines:
        return CODE_WORD.findall(lesson.added_lines[0])[:1] == lesson.added[:1]
    name = lesson.added[:1]
    opening = next((line for line in lesson.added_lines if CODE_WORD.findall(line)[:1] == name), "")
    if opening:
        return opening.rstrip().endswith(_BLOCK_OPENERS)
    # One line after the last entry, which got the comma the new one needs: both read as lines changed.
    return (
        not lesson.added_lines
        and len(lesson.changed_lines) == 2
        and CODE_WORD.findall(lesson.changed_lines[-1])[:1] == name
    )


_BLOCK_OPENERS = ("{", "[", "(", ":")


def shared_kind(lessons: list[Lesson]) -> str:
    """The kind of file every one of these fixes edited, when each edited another one of it (`the *.asmdef
    file`: three assemblies, each given the reference it lacked; `the `dune` file` of each library), or ""."""
    if not lessons or not all(lesson.files for lesson in lessons):
        return ""
    names = [{name.rsplit("/", 1)[-1] for name in lesson.files} for lesson in lessons]
    same_name = set.intersection(*names)
    if len(same_name) == 1:
        return f"the `{same_name.pop()}` file"
    kinds = [{name.rsplit(".", 1)[-1] for name in lesson.files if "." in name.strip(".")} for lesson in lessons]
    common = set.intersection(*kinds)
    if not common and not any(kinds):
        # Names without an extension, alike by a word (`edge_defconfig`, `relay_defconfig`): `*_defconfig`.
        pattern = _shared_name_pattern([name for lesson in lessons for name in lesson.files])
        return f"the `{pattern}` file" if pattern != "*" else ""
    if len(common) != 1:
        return ""
    kind = common.pop()
    # In one folder of the project (`docs/src/api.md`, then `docs/src/physics.md`): where such files are.
    folders = {name.rsplit("/", 1)[0] if "/" in name else "" for lesson in lessons for name in lesson.files}
    folder = folders.pop() if len(folders) == 1 else ""
    pattern = _shared_name_pattern([name for lesson in lessons for name in lesson.files if name.endswith(f".{kind}")])
    return f"the `{folder}/{pattern}` file" if folder else f"the `{pattern}` file"


# Where a file name's words divide: before a capital that follows a small letter, or at `_`, `-`, `.` (an
# ending keeps the separator, `_service`; a start too, `test_`).
_NAME_WORD_END = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?=[_.-])")
_NAME_WORD_START = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[_.-])")


def _shared_name_pattern(names: list[str]) -> str:
    """The files' names as one pattern: `*ViewModel.cs` of `TransferViewModel.cs` and `CardLockViewModel.cs`,
    `test_*.py` of `test_orders.py` and `test_refunds.py` — a whole word of the name every one shares, at its end or
    its start — else `*.cs`: what kind of file the fix goes to, named as closely as the files agree."""
    stems = [name.rsplit("/", 1)[-1] for name in names]
    kind = stems[0].rsplit(".", 1)[-1] if "." in stems[0].strip(".") else ""
    extension = f".{kind}" if kind else ""
    stems = [stem.removesuffix(extension) for stem in stems]
    if len(set(stems)) < 2:
        return f"*{extension}"
    endings = [{stem[m.start() :] for m in _NAME_WORD_END.finditer(stem) if m.start()} for stem in stems]
    ending = max(set.intersection(*endings), key=len, default="")
    if sum(char.isalpha() for char in ending) >= 4:
        return f"*{ending}{extension}"
    starts = [{stem[: m.start()] for m in _NAME_WORD_START.finditer(stem)} for stem in stems]
    start = max(set.intersection(*starts), key=len, default="")
    if sum(char.isalpha() for char in start) >= 4:
        return f"{start}*{extension}"
    return f"*{extension}"


# Where an identifier's parts divide (`ppx_deriving_yojson`, `ppx_deriving.show`).
_PART_END = re.compile(r"[._-]")


def quoted_each_time(lessons: list[Lesson]) -> bool:
    """Whether each of these edit-fixes only put a value in quotes (a YAML value opening with `{{`, a path with a
    space) and added no word: quoting is the fix, whatever each value was."""
    return len(lessons) >= 2 and all(lesson.quoted_lines and not lesson.added for lesson in lessons)


def written_as_quoted(lessons: list[Lesson]) -> list[str]:
    """What the errors quoted that each of these edits wrote, in different places (`for example`, then `that is`,
    each told by a linter's "Use '…' instead of '…'"), or []: the error said what to write each time."""
    if len(lessons) < 2 or not all(lesson.adds_named and lesson.named_values for lesson in lessons):
        return []
    return list(dict.fromkeys(lesson.named_values[0] for lesson in lessons))


def shared_stem(lessons: list[Lesson]) -> str:
    """The start every one of these edits' single added name shares (`ppx_deriving` of `ppx_deriving_yojson`,
    `ppx_deriving.show`, `ppx_deriving.eq`), cut where a part of the name ends, or "": each task added the
    member of one family its error asked for."""
    if len(lessons) < 2 or not all(len(lesson.added) == 1 for lesson in lessons):
        return ""
    words = [lesson.added[0] for lesson in lessons]
    if len(set(words)) == 1:
        return ""  # the same word each time: a shared edit, not a family
    stem = posixpath.commonprefix(words)
    cuts = [m.start() for m in _PART_END.finditer(stem)] + (
        [len(stem)] if all(len(w) > len(stem) and _PART_END.match(w[len(stem)]) for w in words) else []
    )
    stem = stem[: max(cuts)] if cuts else ""
    return stem if len(stem) >= 5 and CODE_LIKE.search(stem) else ""


def shared_member_suffix(lessons: list[Lesson]) -> tuple[str, list[str]]:
    """The member every one of these edits put after a name of its own (`.keyword` of `district.keyword`, then
    `category.keyword`, then `name.keyword`), with the names as written; else ("", []): each task pointed its own
    field at the same sub-field."""
    if len(lessons) < 2 or any(lesson.fix for lesson in lessons):
        return "", []  # commands were part of the fix: the names alone are not the lesson
    members = []
    for lesson in lessons:
        found = [word for word in lesson.added if _MEMBER.fullmatch(word)]
        if len(found) != 1:
            return "", []
        members.append(found[0])
    heads = {member.rsplit(".", 1)[0] for member in members}
    lasts = {member.rsplit(".", 1)[1] for member in members}
    last = next(iter(lasts))
    # A word for a member (`keyword`), not a file's extension (`rotary_embedding.cu`) or a version (`alerts.v1`).
    if len(lasts) != 1 or len(heads) < len(members) or not last.isalpha() or len(last) < 4 or is_file_kind(last):
        return "", []
    return f".{last}", list(dict.fromkeys(members))


def shared_replacement(lessons: list[Lesson]) -> tuple[str, str] | None:
    """What every one of these edits took out and what it put in its place (`rpx` → `px`), when each took out
    the same telling words and added the same others: a replacement, told whole, where the added words alone
    (`px`) would say too little."""
    if not lessons or not all(lesson.removed and lesson.added for lesson in lessons):
        return None
    gone = set(lessons[0].removed).intersection(*(set(lesson.removed) for lesson in lessons[1:]))
    put = set(lessons[0].added).intersection(*(set(lesson.added) for lesson in lessons[1:]))
    gone_telling, put_telling = _telling(gone - put), _telling(put - gone)
    if not gone_telling or not put_telling:
        return None
    # As the first edit had them, in order; a replacement of a few words, not a rewrite.
    shown_gone = [w for w in lessons[0].removed if w in gone_telling][:3]
    shown_put = [w for w in lessons[0].added if w in put_telling][:3]
    return " ".join(shown_gone), " ".join(shown_put)


def shared_removal(lessons: list[Lesson]) -> list[str]:
    """The telling words every one of these edits took out when none put anything in their place (`BEGIN`,
    `COMMIT` of a transaction wrapped around a statement that cannot run in one), in the first one's order; or
    []. A comment an edit left to say why is no addition (``recovery._prose``)."""
    if not lessons or not all(lesson.removed and not _telling(set(lesson.added)) for lesson in lessons):
        return []
    gone = _telling(set(lessons[0].removed).intersection(*(set(lesson.removed) for lesson in lessons[1:])))
    return [w for w in lessons[0].removed if w in gone][:3]


def shared_edit(lessons: list[Lesson]) -> str:
    """The words every one of these edit-fixes added, in the first one's order (`js: true`), or "" when they
    share nothing telling: then they were different fixes of one kind of error, not one lesson."""
    # A file written whole has no before: any of its words may be what it added, so it agrees with the words the
    # edits of the other tasks added when it holds them. One task at least must have made an edit.
    # A decorator and a plain mention of one name are one addition (`@pytest.mark.django_db` on a test, or
    # `pytestmark = pytest.mark.django_db` for the module).
    edits = [lesson for lesson in lessons if lesson.added]
    if not edits or not all(lesson.added or lesson.written for lesson in lessons):
        return ""
    common = _bare(edits[0].added).intersection(*(_bare(lesson.added or lesson.written) for lesson in lessons))
    telling = _telling(common)
    if not telling or sum(len(w) for w in common) < 4:
        # A short word every edit put on a line of its own is a statement of its own (T-SQL's batch separator
        # `GO`, Ruby's `end`): however short, it is the fix.
        own_lines = [{line.strip() for line in lesson.added_lines} for lesson in lessons]
        alone = sorted(word for word in set.intersection(*own_lines) if CODE_WORD.fullmatch(word))
        if alone and len(edits) == len(lessons):
            return alone[0]
        return _shared_setting(lessons)
    # Shown as the first edit that wrote the shared words as code (`context.mounted`, where another wrote the bare
    # `mounted` inside a State): whichever order the tasks came in.
    shown_by = next((edit for edit in edits if _code_words(" ".join(edit.added), common)), None) or next(
        (edit for edit in edits if any(_code_line(line, common) for line in edit.added_lines + edit.changed_lines)),
        None,
    )
    if shown_by is None:
        return ""  # only words of prose in common (`The`, `it`, `test`): comments alike, fixes not shown to be
    ordered = [shown_by, *(edit for edit in edits if edit is not shown_by)]
    shown = _shown_edit([*ordered, *(lesson for lesson in lessons if not lesson.added)], common) or _as_written(
        [w for w in shown_by.added if _bare([w]) & common], lessons
    )
    return _calls_on(shown, edits) or _with_type_arguments(shown, edits) or shown


def _as_written(words: list[str], lessons: list[Lesson]) -> str:
    """Shared words as a line of some edit wrote them: `optional = true` of `optional`, `true` (in `x = { version
    = "0.6", optional = true }`), and a prefix with the rest left out, `dep:…` (of `"dep:lettre",`); words no line
    holds together stay as they are."""
    lines = [line for lesson in lessons for line in [*lesson.added_lines, *lesson.changed_lines]]
    groups: list[str] = []
    i = 0
    while i < len(words):
        # The longest run of these words one line wrote with only signs between them (` = `, `: `).
        for j in range(len(words), i, -1):
            pattern = r"(?:[ \t]*[=:][ \t]*|[ \t]+)".join(re.escape(w) for w in words[i:j])
            found = next((m.group(0) for line in lines if (m := re.search(rf"(?<![\w-]){pattern}(?![\w-])", line))), "")
            if found and (j - i > 1 or found != words[i]):
                groups.append(found)
                i = j
                break
        else:
            word = words[i]
            # A prefix each edit completed with its own name (`dep:lettre`, `dep:async-stripe`).
            completed = word.endswith((":", "=", "/")) and any(
                re.search(rf"(?<![\w-]){re.escape(word)}[\w-]", line) for line in lines
            )
            groups.append(f"{word}…" if completed else word)
            i += 1
    # Unchanged, the words stay one run (`name description scope-references`).
    return "` and `".join(groups) if " ".join(groups) != " ".join(words) else " ".join(words)


def _written_inside(lessons: list[Lesson], edit: str, place: str) -> str:
    """The shortest line an edit wrote ``edit`` into ``place`` with (`#[derive(Clone, Copy, defmt::Format)]` for
    `defmt::Format` in `derive`), or "": one word added to a list shows where it goes only with the list."""
    if not place or " " in edit or place in edit or is_key(place):
        return ""
    word_end = "" if place.endswith(":") else r"\b"  # a key's colon may be followed by anything (`DEPENDS:=+x`)
    lines = [
        line
        for lesson in lessons
        for line in [*lesson.changed_lines, *lesson.added_lines]
        if re.search(rf"(?<![\w$]){re.escape(place)}{word_end}", line) and edit in line
    ]
    # A whole line rather than the first of several the list was written over (`… "b.c",`).
    return min(lines, key=lambda line: (not _balanced(line), len(line))) if lines else ""


def _balanced(line: str) -> bool:
    """Every bracket the line opens it closes."""
    return all(line.count(opening) == line.count(closing) for opening, closing in ("()", "[]", "{}"))


_CODE_PUNCTUATION = re.compile(r"[(){}\[\]=:;<>\"']")


def _words_in_a_line(lessons: list[Lesson], edit: str) -> str:
    """The shortest line an edit wrote that holds the first of several words every edit added (`params:
    Promise<{ slug: string }>` for `Promise const await`), or "": words in a row say less than code."""
    words = edit.split()
    if len(words) < 2 or _CODE_PUNCTUATION.search(edit):
        return ""  # (code as a line wrote it says it already: `var … by remember { mutableStateOf("") }`)
    first = re.compile(rf"(?<![\w$]){re.escape(words[0])}(?![\w$])")
    found = [
        line.strip().rstrip(";,")
        for lesson in lessons
        for line in [*lesson.added_lines, *lesson.changed_lines]
        if first.search(line) and _balanced(line)
    ]
    shown = min(found, key=len, default="")
    return shown if len(shown) <= MAX_EXAMPLE_CHARS and shown not in edit else ""


def _one_word_in_its_line(lessons: list[Lesson], edit: str) -> str:
    """The shortest line every one of these edits changed by putting ``edit``, one word, into it (`public partial
    class TransferViewModel` for `partial`), or "": the word alone does not say where in the line it goes."""
    if " " in edit or not all(lesson.changed_lines for lesson in lessons):
        return ""
    word = re.compile(rf"(?<![\w$]){re.escape(edit)}(?![\w$])")
    lines = [[line.strip() for line in lesson.changed_lines if word.search(line)] for lesson in lessons]
    if not all(lines):
        return ""
    shown = min((line for found in lines for line in found), key=lambda line: (not _balanced(line), len(line)))
    shown = shown.rstrip("({[ ").rstrip()  # a declaration's opening bracket, its body elsewhere
    return shown if len(shown) <= 100 and shown != edit else ""


def _with_type_arguments(shown: str, edits: list[Lesson]) -> str:
    """A name every edit wrote with type arguments (`static_cast<float>(gain)`, `static_cast<int>(n)`), shown
    with them, or with `…` where they differ from task to task (`static_cast<…>(…)`); or "". The bare name
    (`static_cast`) does not say how the fix is written."""
    # The words shared may include the arguments (`std::scoped_lock std::mutex`): the name comes first.
    if not shown.strip():
        return ""
    name, *inside = shown.split()
    if not re.fullmatch(r"[A-Za-z_][\w:.]*", name):
        return ""
    written = re.compile(rf"(?<![\w$]){re.escape(name)}\s*(<[^<>;]{{1,60}}>)(\s*\()?")
    called: list[bool] = []
    arguments: set[str] = set()
    for edit in edits:
        found = [m for line in edit.added_lines + edit.changed_lines for m in written.finditer(line)]
        if not found:
            return ""
        called.append(any(m.group(2) for m in found))
        arguments.update(m.group(1).replace(" ", "") for m in found)
    # The same arguments every time (`std::lock_guard<std::mutex>`) are part of the fix: shown as written.
    written_as = name + (arguments.pop() if len(arguments) == 1 else "<…>")
    if not all(word in written_as for word in inside):
        return ""
    return f"{written_as}(…)" if all(called) else written_as


_CALL_ON = r"\s*(->|\.|::)\s*([A-Za-z_]\w*)\s*\("
MAX_CALLS_SHOWN = 3


def _calls_on(receiver: str, edits: list[Lesson]) -> str:
    """When all the edits share is the receiver of a call whose method differs (`__PACKAGE__->has_many(…)` in two
    tasks, `__PACKAGE__->belongs_to(…)` in the third), the calls made on it, or "": the receiver alone names no
    fix. Rendered for ``add `…``` as alternatives: ``A(…)` or `B(…)``."""
    if not re.fullmatch(r"[A-Za-z_$][\w$]*", receiver):
        return ""
    call = re.compile(re.escape(receiver) + _CALL_ON)
    found = [[(m.group(1), m.group(2)) for line in edit.added_lines for m in call.finditer(line)] for edit in edits]
    if not all(found):
        return ""
    calls = list(dict.fromkeys(c for calls in found for c in calls))[:MAX_CALLS_SHOWN]
    return "` or `".join(f"{receiver}{arrow}{method}(…)" for arrow, method in calls)


_SETTING_WORD = re.compile(r"([A-Za-z_][\w.-]*)=\S")


def _shared_setting(lessons: list[Lesson]) -> str:
    """A setting every edit added with a value of its own (`branch=main`, `branch=release`): `branch=…`, or ""."""
    names = [{found.group(1) for word in lesson.added if (found := _SETTING_WORD.match(word))} for lesson in lessons]
    common = set.intersection(*names) if names else set()
    shared = sorted(name for name in common if len(name) >= 3 and name.lower() not in _PLAIN_WORDS)
    return f"{shared[0]}=…" if len(shared) == 1 else ""


MAX_KINDS_SHOWN = 3


def _by_kind(lessons: list[Lesson], edit: str) -> str:
    """Where the edit went in each kind of file the tasks edited, when they edited different kinds: the same fix
    written into `setup.py` one way and `CMakeLists.txt` another ("as in `(os.path.join('share', …, 'launch'), …)`
    in `setup.py`; `install(DIRECTORY config launch DESTINATION …)` in `CMakeLists.txt`"), or "" when one kind of
    file, or a line showing it, is missing."""
    wanted = _bare(edit.split())
    shown: dict[str, str] = {}
    for lesson in lessons:
        if not lesson.files:
            return ""
        kind = lesson.files[0].rsplit("/", 1)[-1]
        line = next(
            (
                line
                for line in [*lesson.added_lines, *lesson.changed_lines]
                if wanted <= _bare(CODE_WORD.findall(line) + _LINE_WORD.findall(line))
            ),
            "",
        )
        if not line:
            return ""
        shown.setdefault(kind, line)
    if len(shown) < 2:
        return ""
    return "where each kind of file takes it: " + "; ".join(
        f"`{line}` in `{kind}`" for kind, line in list(shown.items())[:MAX_KINDS_SHOWN]
    )


def general_lesson(lessons: list[Lesson]) -> str:
    """One wording for the same lesson seen in several tasks, keeping only what they all share."""
    first = lessons[0]
    steps = list(dict.fromkeys(lesson.step for lesson in lessons))[:3]
    step = " or ".join(f"`{s}`" for s in steps)
    edit = shared_edit(lessons)
    # Commands most of those tasks ran after the edit (`make manifests`) finish it.
    finishing = "".join(f", run `{c}`" for c in _usual_commands(lessons))
    offered = lessons[0].suggested
    if offered and all(lesson.suggested == offered for lesson in lessons):
        said = suggestion_text(offered, _usual_commands(lessons)[:1])
        return f'When {step} fails with "{first.phrase}", {said}, then retry it.'
    replacement = shared_replacement(lessons)
    if replacement and not any(lesson.run_as or lesson.reread for lesson in lessons):
        gone, put = replacement
        same_file = shared_file(lessons)
        where = f"`{same_file}`" if same_file else shared_kind(lessons)
        place = f" in {where}" if where else ""
        # The line as one edit left it (`#!/usr/bin/env python3`) shows where the word goes, which it alone does not.
        line = next((text for lesson in lessons for text in lesson.changed_lines if put in text), "")
        example = f"as in `{line}`; " if line and line != put else ""
        return (
            f'When {step} fails with "{first.phrase}", replace `{gone}` with `{put}`{place} ({example}the edit that '
            f"fixed it each time){finishing}, then retry it."
        )
    removal = shared_removal(lessons)
    if removal and not any(lesson.run_as or lesson.reread for lesson in lessons):
        same_file = shared_file(lessons)
        where = f"`{same_file}`" if same_file else shared_kind(lessons)
        place = f" from {where}" if where else ""
        gone = " and ".join(f"`{w}`" for w in removal)
        return (
            f'When {step} fails with "{first.phrase}", remove {gone}{place} (the edit that fixed it each time)'
            f"{finishing}, then retry it."
        )
    kind, made = shared_new_file(lessons)
    if kind and not any(lesson.run_as or lesson.reread for lesson in lessons):
        examples = ", ".join(f"`{name}`" for name in made[:3])
        return (
            f'When {step} fails with "{first.phrase}", write what the failing code needs in a new `{kind}` file '
            f"(each fix wrote one: {examples}){finishing}, then retry it."
        )
    if quoted_each_time(lessons) and not any(lesson.run_as or lesson.reread for lesson in lessons):
        examples = "; ".join(f"`{lesson.quoted_lines[0]}`" for lesson in lessons[:2])
        return (
            f'When {step} fails with "{first.phrase}", put the value it points at in quotes (as in {examples}; the '
            f"edit that fixed it each time){finishing}, then retry it."
        )
    suffix, members = shared_member_suffix(lessons)
    if suffix and not any(lesson.run_as or lesson.reread for lesson in lessons):
        examples = ", ".join(f"`{member}`" for member in members[:3])
        return (
            f'When {step} fails with "{first.phrase}", use the name with `{suffix}` where it points (as in '
            f"{examples}; the edit that fixed it each time){finishing}, then retry it."
        )
    # Each edit added what its own error named, as one entry of one file (a schema given the property it refused):
    # where the names go is the lesson, not plain words their entries happen to share (`type string`, `description:
    # the default:`). Code they all wrote, and nothing else (`… = scrapy.Field()`), says how an entry is written,
    # and stays.
    named_in = names_added_to(lessons)
    if edit and not any(word.isalpha() and not CODE_LIKE.search(word) for word in edit.split()):
        named_in = ""
    if named_in and not any(lesson.run_as or lesson.reread for lesson in lessons):
        files = list(dict.fromkeys(name.rsplit("/", 1)[-1] for lesson in lessons for name in lesson.files[:1]))
        # A kind of file: which ones the fixes went to.
        which = "" if named_in.startswith("`") else f"{', '.join(f'`{name}`' for name in files[:3])}; "
        return (
            f'When {step} fails with "{first.phrase}", add what the error names to {named_in} ({which}the edit that '
            f"fixed it each time){finishing}, then retry it."
        )
    place = shared_place(lessons)
    created = any(place in lesson.added for lesson in lessons) if place else False
    if edit and created and CODE_LIKE.search(place) and not any(CODE_LIKE.search(w) for w in edit.split()):
        # One edit wrote the place (`fs_permissions = [...]`), the others added to it: the place says where the
        # fix goes; `access path`, words any entry there has, do not.
        edit = ""
    if edit and is_key(place) and all(len(edit.split()) * 3 <= len(lesson.added) for lesson in lessons):
        # What every edit wrote is a small part of what each wrote (`clojure.core` of `ledgerline.db/with-tx
        # clojure.core/let`), and all went under one key: the entries differ, the key they went to is the lesson.
        edit = ""
    if edit and not any(lesson.run_as or lesson.reread for lesson in lessons):
        # The file every one of those edits wrote is where the fix goes (`Directory.Packages.props`); files that
        # differ from task to task were each task's own code.
        same_files = set(first.files).intersection(*(set(lesson.files) for lesson in lessons[1:]))
        files = [f for f in first.files if f in same_files]
        where = " and ".join(f"`{f}`" for f in files[:2]) if files else shared_kind(lessons)
        by_kind = "" if where else _by_kind(lessons, edit)
        target = f"to {where}" if where else (by_kind or "where it failed")
        # Words of a path or a glob (`schemas json` of `"schemas/*.json"`) are no text to add: the lines say it.
        what = f"add `{edit}`" if " " not in edit or not by_kind else "add the same entry"
        inside = _written_inside(lessons, edit, place)
        in_line = "" if inside else _one_word_in_its_line(lessons, edit) or _words_in_a_line(lessons, edit)
        if inside:
            where_in = f"in {target.removeprefix('to ')}" if target.startswith("to ") else target
            what, target = f"add `{edit}` to `{place}`", f"{where_in} (as in `{inside}`;"
        elif in_line:
            target += f" (as in `{in_line}`;"
        else:
            target += " ("
        return (
            f'When {step} fails with "{first.phrase}", {what} {target}{" " if target.endswith(";") else ""}the edit '
            f"that fixed it each time)"
            f"{finishing}, then retry it."
        )
    edit_only = not any(lesson.run_as or lesson.reread for lesson in lessons)
    same_file = shared_file(lessons)
    edited = f"`{same_file}`" if same_file else shared_kind(lessons)  # the file, or the kind of file
    stem = shared_stem(lessons)
    if stem and edit_only:
        # The list the entries went into, by a line one edit left it as (`@EnableClients(basePackages = {"a.b",
        # "a.c"})`): where the entry goes is the lesson, and an example of one is not.
        inside = _written_inside(lessons, first.added[0], place) if place else ""
        into = f"`{place}` in {edited or 'the file it edited'}" if inside else edited or "the file it edited"
        example = f"as in `{inside}`" if inside else f"e.g. `{first.added[0]}`"
        return (
            f'When {step} fails with "{first.phrase}", add the `{stem}…` it asks for to {into} ({example}; the '
            f"edit that fixed it each time){finishing}, then retry it."
        )
    told = written_as_quoted(lessons)
    if told and edit_only and (not place or len(told) > 1):
        examples = ", ".join(f"`{value}`" for value in told[:3])
        return (
            f'When {step} fails with "{first.phrase}", write what the error says to use where it points (earlier '
            f"fixes wrote {examples}){finishing}, then retry it."
        )
    if place and edit_only:
        where = f" in {edited}" if edited else ""
        # The line one edit left the place as (`DEPENDS:=+libubox +libubus`) shows how an entry is written there.
        inside = next((line for lesson in lessons if (line := _written_inside([lesson], lesson.added[0], place))), "")
        example = f"as in `{inside}`; " if inside and lessons[0].added else ""
        return (
            f'When {step} fails with "{first.phrase}", add what it names to {place_text(place)}{where} ({example}where '
            f"the edit that fixed it went each time){finishing}, then retry it."
        )

    doing: list[str] = ["`Read` the file again"] if any(lesson.reread for lesson in lessons) else []
    doing += [_with_example(c, lessons) for c in _usual_commands(lessons)]
    # The commands were the fix, and every time the same file was edited with them (a topic created on the
    # broker and added to `topics.txt`): both belong to it, though what the edits wrote differs.
    edited_too = shared_file(lessons) if doing else ""
    if edited_too:
        doing.append(f"edit `{edited_too}` as each of those tasks did")
    when = f'When {step} fails with "{first.phrase}"'
    run_as = [lesson.run_as for lesson in lessons if lesson.run_as]
    asked = _options_given(lessons)
    if asked and not doing:
        return (
            f"{when}, run it again with the option it asks for on the command line (the shell cannot answer a "
            f"prompt; earlier tasks passed {asked})."
        )
    if run_as and not doing and len(set(run_as)) > 1 and _all_as_listed(lessons):
        ways = ", ".join(f"`{way} …`" for way in list(dict.fromkeys(run_as))[:3])
        return f"{when}, run it as the error lists it (earlier tasks ran {ways})."
    if run_as:
        usual = _usual_way(run_as)
        long = _long_spelling(usual, run_as)
        way = f"`{usual}` (`{long}`)" if long else f"`{usual}`"
        return (
            f"{when}, {', then '.join([*doing, f'run it as {way}'])}." if doing else f"{when}, run it as {way} instead."
        )
    if doing:
        return f"{when}, {', then '.join(doing)}, then retry it."
    return f"{when}, retry it once before changing the approach."


def _all_as_listed(lessons: list[Lesson]) -> bool:
    """Every task ran the step again with a word its error listed put in (`fastlane ios beta`, `fastlane android
    internal` after "Available lanes: …")."""
    return all(
        lesson.run_as and runs_as_listed(f"as:{lesson.run_as}", lesson.error_words, lesson.step) for lesson in lessons
    )


def _options_given(lessons: list[Lesson]) -> str:
    """The options tasks added, each its own, after an error that asked for an option (`--template …`, `--flavor
    …`), shown with their values; or "" when the errors did not ask, or one option served every task."""
    fixes = [f"as:{lesson.run_as}" for lesson in lessons if lesson.run_as]
    if len(fixes) != len(lessons) or not all(
        options_asked_for(fix, lesson.error_words) for fix, lesson in zip(fixes, lessons, strict=True)
    ):
        return ""
    given = [_new_options(lesson) for lesson in lessons]
    if any(not g for g in given) or set.intersection(*(set(g) for g in given)):
        return ""  # one option every task added: the usual way says it
    shown = list(dict.fromkeys(option for options in given for option in options))
    return ", ".join(f"`{option}`" for option in shown[:4])


def _new_options(lesson: Lesson) -> list[str]:
    """The options (with the value after each) the run added to the step (`--flavor rust`)."""
    words = (lesson.run_as or "").split()
    out = []
    for at, word in enumerate(words):
        if word.startswith("-") and word != "--":
            value = words[at + 1] if at + 1 < len(words) and not words[at + 1].startswith("-") else ""
            out.append(f"{word} {value}".strip() if "=" not in word else word)
    return out


def _usual_way(ways: list[str]) -> str:
    """The way of running a step that these tasks changed to, as they had it in common.

    The way most tasks ran it, when most ran it alike (variables set differently left out); else, where each
    task added options of its own beside the one they all added (`kubectl drain --ignore-daemonsets
    --delete-emptydir-data --timeout=300s`, then `kubectl drain --ignore-daemonsets`), the option every one
    added; else the way the first task ran it.
    """
    usual = max(dict.fromkeys(ways), key=ways.count)  # of equals, the first seen
    if ways.count(usual) * 2 > len(ways):
        return _values_agreed(usual, ways)  # most tasks ran it this very way (`pnpm add --filter @hx/admin`)
    one_step = len({command_head(way) for way in ways}) == 1
    if one_step and len(set(ways)) > 1 and not any(ENV_ASSIGNMENT.match(w) for way in ways for w in way.split()):
        shared = common_command(ways)
        head_words = len(command_head(shared).split())
        if any(word.startswith("-") for word in shared.split()[head_words:]):
            return shared
    return _values_agreed(usual, ways)


def _long_spelling(usual: str, ways: list[str]) -> str:
    """The long option a task wrote where ``usual`` has its one-letter spelling (`--file` for `-f`), or "": the
    same fix, and the long name says what the letter means."""
    letters = {word[1] for word in usual.split() if len(word) == 2 and word[0] == "-" and word[1].isalpha()}
    for way in ways:
        words = way.split()
        for word in words:
            name = word.split("=", 1)[0]
            if name.startswith("--") and name[2:3] in letters and f"-{name[2]}" not in words:
                return name
    return ""


def _values_agreed(usual: str, ways: list[str]) -> str:
    """``usual`` with the value of each variable it sets left out where another run set it otherwise
    (`CUDA_VISIBLE_DEVICES=…`), kept where every run set the same (`SPARK_HOME=$HOME/opt/spark-3.5.5`)."""
    values: dict[str, set[str]] = {}
    for way in ways:
        for word in way.split():
            if ENV_ASSIGNMENT.match(word):
                name, _, value = word.partition("=")
                values.setdefault(name, set()).add(value)
    words = []
    for word in usual.split():
        name = word.partition("=")[0]
        words.append(f"{name}=…" if ENV_ASSIGNMENT.match(word) and len(values.get(name, ())) > 1 else word)
    return " ".join(words)


def _with_example(command: str, lessons: list[Lesson]) -> str:
    """``run `command` ``, and where it has a gap for what each task gave its own (`git push origin …`), the run
    of the latest task that filled it (as in `git push origin v0.5.0-rc.1`): a gap alone leaves open what goes
    there."""
    if "…" not in command:
        return f"run `{command}`"
    head = command_head(command)
    filled = next(
        (
            fix
            for lesson in reversed(lessons)
            for fix in lesson.fix
            # A placeholder the scrubber left (`[IP]`) shows nothing of what went there.
            if command_head(fix) == head and "…" not in fix and not SCRUBBED.search(fix)
        ),
        "",
    )
    return f"run `{command}` (as in `{filled}`)" if filled and len(filled) <= MAX_EXAMPLE_CHARS else f"run `{command}`"


MAX_EXAMPLE_CHARS = 80


def _usual_commands(lessons: list[Lesson]) -> list[str]:
    """The fixing commands most of these tasks ran, in order, each as the runs had it in common."""
    out: list[str] = []
    for i in range(max(len(lesson.fix) for lesson in lessons)):
        found = [lesson.fix[i] for lesson in lessons if len(lesson.fix) > i]
        if len(found) * 2 >= len(lessons):
            out.append(common_command(found))
    return out


def diagnose(report: TaskReport, failed_task: bool) -> tuple[list[Diagnosis], list[Strategy], list[str]]:
    """Each failed call: its category and root cause; a lesson where a later call shows what fixed it.

    A failure that a later call of the same step made good by a repeatable fix (a command run in between, a
    re-read, another invocation, a retry of a transient error) gives the lesson with its commands (MEDIUM).
    Anything else only gets the category's generic advice at LOW confidence: a guess never becomes a rule,
    and a fix that was an edit of the code is the task's own work, not a lesson.
    """
    errors: list[Diagnosis] = []
    strategies: list[Strategy] = []
    gaps: list[str] = []
    seen: set[str] = set()
    recoveries = find_recoveries(report.trace)
    by_failure = {r.failed: r for r in recoveries}
    for i, step in enumerate(report.trace):
        if step.ok:
            continue
        message = step.error or "failed without a message"
        severity = _severity(message, failed_task)
        found = by_failure.get(i)
        retried_later = any(
            r.failed > i and step_key(step.tool, step.arguments) == _key_of(report, r) for r in recoveries
        )
        recovered = found is not None or retried_later
        tool = f"`{step.tool}`"
        category: ErrorCategory
        if _NO_TOOL.search(message):
            category, cause = "C", f"{step.tool} is not an available tool"
            gaps.append(f"a tool for what {step.tool} was meant to do")
            advice = f"List the available tools before planning a step around {tool}"
        elif _MODEL.search(message):
            category, cause = "D", "the input or output exceeded what the model can handle"
            gaps.append("tasks this large need splitting or a model with a larger context")
            advice = f"Split large inputs into smaller parts before passing them to {tool}"
        elif _TRANSIENT.search(message):
            category, cause = "C", "a transient failure (timeout, rate limit or unavailable service)"
            advice = f"When {tool} times out, switch to an alternative instead of waiting on it"
        elif _PERMISSION.search(message):
            category, cause = "C", "the call was not permitted"
            advice = f"Check permissions and credentials before calling {tool}"
        elif _ARGS.search(message):
            category, cause = "C", "the tool was called with wrong arguments"
            advice = f"Check the arguments of {tool} against its input schema before calling it"
        elif _NOT_FOUND.search(message):
            category, cause = "A", "the target did not exist or returned nothing"
            advice = f"Confirm the target exists (search or list first) before calling {tool}"
        else:
            category, cause = "B", f"the approach did not work: {message[:200]}"
            advice = f"Change the approach after {tool} fails instead of repeating it"
        errors.append(Diagnosis(step=i + 1, tool=step.tool, category=category, root_cause=cause, severity=severity))
        edit_said = found is not None and bool(found.added or found.around or found.written)
        if found is not None and (found.procedural or (found.kind == "edited" and edit_said)):
            strategy = lesson_strategy(found, severity, report.task, message)
        elif retried_later:
            continue  # an earlier attempt of a step that was fixed later: the fix is the lesson, stated once
        else:
            strategy = Strategy(
                strategy=advice,
                scenario=f"tasks that call {step.tool}",
                expected_effect="fewer failed calls and retries",
                confidence="LOW",
                severity=severity,
            )
        if _SECRET_IN_CALL.search(message):
            # Evidence of a leaked secret is enough on its own: this is the emergency path's input.
            strategy = Strategy(
                strategy=f"Never pass secrets or credentials in the arguments of {tool}",
                scenario=f"tasks that call {step.tool}",
                expected_effect="no secrets leave through tool calls",
                confidence="HIGH",
                severity="HIGH",
            )
        if strategy.strategy not in seen:
            seen.add(strategy.strategy)
            strategies.append(strategy)
        if not recovered and category != "A":
            gaps.append(f"no working alternative when {step.tool} fails")
    return errors, strategies, sorted(set(gaps))


def _key_of(report: TaskReport, found: Recovery) -> str:
    step = report.trace[found.failed]
    return step_key(step.tool, step.arguments)


_DIMENSION_LESSONS = {
    ("verbosity", "concise"): "Keep answers to this user short: they found them too long",
    ("verbosity", "detailed"): "Give this user detailed answers: they found them too short",
}


def _dimension_lesson(dimension: str, value: str) -> str:
    known = _DIMENSION_LESSONS.get((dimension, value))
    if known:
        return known
    return {
        "format": f"Format answers to this user as {value}",
        "language": f"Answer this user in {value}",
        "citations": "Include sources in answers to this user",
    }.get(dimension, f"Answers to this user: {dimension} {value}")


def feedback_strategies(report: TaskReport) -> list[Strategy]:
    """What the user's feedback teaches: their directives in their own words, then complaints as lessons.

    Preferences the user model knows (verbosity, format, language, citations) become beliefs (see
    ``feedback``); when the user complained about or rewrote the result, the reflection also records the
    lesson in words ("Keep answers to this user short …"), at LOW confidence: the belief carries it to later
    tasks, a rule would repeat it.
    """
    if not report.user_feedback:
        return []
    directives: list[Strategy] = []
    complaints: list[Strategy] = []
    unhappy = report.user_reaction in ("modified", "complained")
    for pref in parse_feedback(report.user_feedback, report.user_reaction):
        if pref.dimension is not None:
            if unhappy and pref.value:
                complaints.append(
                    Strategy(
                        strategy=_dimension_lesson(pref.dimension, pref.value),
                        scenario="answers for this user",
                        expected_effect="fewer edits and complaints",
                        # LOW: the belief is what shapes later answers (it reaches every context above its bar);
                        # a rule saying the same would be handed to every task twice.
                        confidence="LOW",
                        severity="LOW",
                    )
                )
            continue
        explicit = pref.explicit or unhappy
        directives.append(
            Strategy(
                strategy=pref.directive,
                scenario="answers for this user",
                expected_effect="fewer edits and follow-up questions",
                confidence="MEDIUM" if explicit else "LOW",
                severity=_severity(pref.clause, False),
            )
        )
    return [*directives, *complaints]


def analyse(
    report: TaskReport, trigger: Trigger
) -> tuple[Outcome | None, Efficiency | None, list[Diagnosis], list[Strategy], list[str]]:
    """The five dimensions; the error trigger is the fast path (diagnosis and strategies only)."""
    outcome = assess_outcome(report)
    errors, strategies, gaps = diagnose(report, outcome.status == "failure")
    efficiency = assess_efficiency(report)
    for tool in efficiency.redundant_calls:
        strategies.append(
            Strategy(
                strategy=f"Reuse the result of `{tool}` instead of calling it again with the same arguments",
                scenario=f"tasks that call {tool} more than once",
                expected_effect="fewer calls and tokens",
                confidence="MEDIUM",
            )
        )
    if outcome.status == "failure" and not errors:
        errors.append(Diagnosis(category="B", root_cause="the task failed although every call succeeded"))
    # The agent's own lessons and the user's words come first: they outrank what the trace suggests.
    stated = [Strategy(**s.model_dump()) for s in report.strategies]
    stated, strategies = tie_to_trace(stated, strategies)
    strategies = _top([*stated, *feedback_strategies(report), *strategies], 3)
    if trigger == "error":
        return None, None, errors, strategies, gaps
    return outcome, efficiency, errors, strategies, gaps


def _mentions_lesson(text: str, lesson: Lesson) -> bool:
    lowered = text.lower()
    names = [lesson.step, *lesson.also, *lesson.fix, *([lesson.run_as] if lesson.run_as else [])]
    words = {w for n in names for w in n.lower().split()[:2] if len(w) > 2}
    return lesson.phrase.lower() in lowered or any(
        re.search(rf"(?<![\w-]){re.escape(w)}(?![\w])", lowered) for w in words
    )


def tie_to_trace(stated: list[Strategy], derived: list[Strategy]) -> tuple[list[Strategy], list[Strategy]]:
    """Lessons stated by the agent or a model about a failure the trace shows get that failure's key.

    One task's failure then teaches one lesson, however many accounts of it there are: the agent's wording
    ("when the push is rejected, pull with rebase first") and the trace's (`git push` … `git pull --rebase`) join
    one rule instead of becoming two. Returns (stated, derived) with the tied derived lessons left out.
    """
    keyed = [s for s in derived if s.key and s.lesson is not None]
    if not keyed:
        return stated, derived
    used: set[str] = set()
    tied: list[Strategy] = []
    for strategy in stated:
        match = None
        if not strategy.key:
            match = next(
                (k for k in keyed if k.lesson is not None and _mentions_lesson(strategy.strategy, k.lesson)), None
            )
        if match is None:
            tied.append(strategy)
            continue
        used.add(str(match.key))
        tied.append(strategy.model_copy(update={"key": match.key, "lesson": match.lesson}))
    return tied, [s for s in derived if s.key not in used]


def _top(strategies: list[Strategy], limit: int) -> list[Strategy]:
    unique: dict[str, Strategy] = {}
    for s in strategies:
        unique.setdefault(s.strategy.strip().lower(), s)
    ranked = sorted(unique.values(), key=lambda s: -CONFIDENCE_RANK[s.confidence])
    return ranked[:limit]
