"""When two lessons read off traces are one lesson although their keys differ.

A lesson's key is ``tool|step|phrase=>fix`` (``servers.core.recovery.Recovery.key``). Equal keys are one
lesson. Keys that differ only in the error phrase are one lesson too when the fix agrees and the two error
messages are alike as a whole (``servers.core.errorwords``): kubectl's "error when creating …" and "error
when applying patch …" both end in "strict decoding error: unknown field", and `make install` fixed both.

| part   | must                                                                                           |
|--------|------------------------------------------------------------------------------------------------|
| tool   | be equal                                                                                       |
| step   | be equal (`*` for a fix by other commands: the step it showed in does not matter), or run by |
|        | one program when the fix added options (`flutter build`, `flutter test`), or by tools of one  |
|        | suite (`ansible-playbook`, `ansible-vault`) when the phrases are equal too                    |
| fix    | be equal (a program with or without its default subcommand: `xcodegen`, `xcodegen generate`), |
|        | or both add options to one program, at least one option the same                              |
|        | (`flutter test --flavor dev` and `flutter build --flavor dev -t lib/main_dev.dart`)           |
| error  | phrases equal, or the messages alike (``errorwords.ALIKE``) among the messages compared        |
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from servers.core.errorwords import ALIKE, error_words, likeness
from servers.core.recovery import command_head, known_subcommands


class KeyParts(NamedTuple):
    tool: str
    step: str
    phrase: str
    fix: str


def key_parts(key: str) -> KeyParts | None:
    signature, arrow, fix = key.partition("=>")
    parts = signature.split("|", 2)
    if not arrow or len(parts) != 3:
        return None
    return KeyParts(parts[0], parts[1], parts[2], fix)


def fixes_agree(first: str, second: str, first_way: str = "", second_way: str = "") -> bool:
    """The same fix, or the same program run with options added where both runs added one option alike
    (`flutter build --flavor dev -t lib/main_dev.dart`, `flutter test --flavor dev`), or gave one value to
    an option spelled long in one run and short in the other (`--target-dev-hub hub`, `-v hub`: the ways the
    two runs were changed to, ``first_way`` and ``second_way``, show the values)."""
    if first == second:
        return True
    if _same_commands(first, second):
        return True
    if _entry_point(first) is not None and _entry_point(first) == _entry_point(second):
        return True
    if _job(first) is not None and _job(first) == _job(second):
        return True
    # Variables set for the run, each run setting the one that fixed it and maybe others (`OMP_NUM_THREADS=…
    # OMP_STACKSIZE=…`, then `OMP_STACKSIZE=…` alone): a variable both set is the lesson they share.
    if _variables(first) & _variables(second):
        return True
    one, other = _added_options(first), _added_options(second)
    if one is None or other is None:
        return False
    if not same_family(one[0], other[0]):
        # Two clients of one service given the same options (`psql`, `pg_dump` with `-h -p -U`): one fix.
        return _same_options(one, other, (first_way, second_way))
    # Each run may add options of its own beside the one that fixed it (`--ignore-daemonsets --force`,
    # `--ignore-daemonsets --timeout=300s`): an option both added is the lesson they share.
    return (
        bool(one[1] & other[1])
        or _short_for_long(one[1], other[1])
        or bool(_option_values(first_way) & _option_values(second_way))
    )


# An error that asks for an option without naming it ("specify the option in the command", "pass the flag"): each
# run answered with the option its own prompt was about. (Not "missing" or "required": a usage text says those of
# every argument it lists.)
_ASKING = frozenset({"specify", "provide", "pass", "supply"})
_OPTION_WORDS = frozenset({"option", "options", "flag", "flags", "argument", "arguments", "parameter"})


def options_asked_for(fix: str, error_words: Sequence[str]) -> bool:
    """Whether a fix ran the step again with options added because its error asked for an option (a prompt a
    non-interactive shell cannot answer: `--template`, `--flavor` or `--api-version`, whichever it was)."""
    added = _added_options(fix)
    words = {w.lower() for w in error_words}
    return added is not None and bool(added[1]) and bool(words & _ASKING) and bool(words & _OPTION_WORDS)


def runs_as_listed(fix: str, error_words: Sequence[str], step: str) -> bool:
    """Whether a fix ran the step again with a plain word put in that its error listed among what can be run
    (`fastlane ios beta` after "Could not find lane 'beta'. Available lanes: ios beta, android internal"): the
    word is new to the step, and nothing else was set or added (no variable, no option)."""
    if not fix.startswith("as:"):
        return False
    words = fix.removeprefix("as:").split()
    if len(words) < 2 or any("=" in word or word.startswith("-") for word in words):
        return False
    put = words[-1].lower()
    if not put.isalpha() or put in step.lower().split():
        return False
    # (error words are three letters or more: a shorter one, `db`, is taken as listed when the phrase agrees)
    return len(put) < 3 or put in {w.lower() for w in error_words}


def _short_for_long(first: set[str], second: set[str]) -> bool:
    """One run added a one-letter option and the other the long option of that letter (`-f`, `--file`): the short
    spelling most programs give their long option, when neither run added anything else."""
    if len(first) != 1 or len(second) != 1:
        return False
    short, long = sorted([next(iter(first)), next(iter(second))], key=len)
    return len(short) == 2 and short[1].isalpha() and long.startswith("--") and long[2:3] == short[1]


_CALLED = re.compile(r"([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)\(")


def _entry_point(fix: str) -> str | None:
    """The module's function a run-another-way fix called (`Pkg.test` of `as:Pkg.test(test_args=[…])` and of
    `as:julia … -e using Pkg; Pkg.test(…)`), or None: each task gave it arguments of its own."""
    found = _CALLED.search(fix) if fix.startswith("as:") else None
    return found.group(1) if found else None


_SET_VARIABLE = re.compile(r"[A-Z][A-Z0-9_]*=…")


def _variables(fix: str) -> set[str]:
    """The names a fix that set variables on the retry set (`as:OMP_NUM_THREADS=… OMP_STACKSIZE=…`, also after a
    command run first: `printf+as:DD_CTLCARD=…`), or none."""
    way = next((part for part in fix.split("+") if part.startswith("as:")), "")
    words = way.removeprefix("as:").split()
    if not words or not all(_SET_VARIABLE.fullmatch(w) for w in words):
        return set()
    return {w.split("=", 1)[0] for w in words}


_SCRIPT_STEP = re.compile(r"^[\w.-]+ ([\w-]+)\.[A-Za-z]+$")


def _job(fix: str) -> str | None:
    """The script a one-command fix ran, without its kind (`build_sysimage` of `julia build_sysimage.jl` and of
    `sbatch build_sysimage.sbatch`): one job run on a node directly or submitted to the queue; None otherwise."""
    found = _SCRIPT_STEP.match(fix)
    return found.group(1) if found and len(found.group(1)) >= 5 else None


def _option_values(way: str) -> set[str]:
    """The values a way of running a command gives its options (`hub` of `--target-dev-hub hub`, of
    `--org=hub`), leaving out short or numeric ones (`1`, `on`), which say nothing about which option it was."""
    words = way.split()
    values: set[str] = set()
    for i, word in enumerate(words):
        if not word.startswith("-"):
            continue
        name, equals, value = word.partition("=")
        if not equals and i + 1 < len(words) and not words[i + 1].startswith("-"):
            value = words[i + 1]
        if len(value) >= 4 and not value.isdigit() and name not in ("-", "--"):
            values.add(value)
    return values


def _same_commands(first: str, second: str) -> bool:
    """The same fixing commands, a program written once with its default subcommand and once without it
    (`xcodegen`, `xcodegen generate`)."""
    one, other = first.split("+"), second.split("+")
    if len(one) != len(other) or any(part.startswith("as:") for part in one + other):
        return False
    return all(a == b or _default_of(a, b) or _default_of(b, a) for a, b in zip(one, other, strict=True))


def _default_of(command: str, program: str) -> bool:
    """``command`` is ``program`` with a subcommand that may be its default (the program's table unknown)."""
    return command.split()[:1] == [program] and not known_subcommands(program)


def _added_options(fix: str) -> tuple[str, set[str]] | None:
    """The program and the options of a fix that ran the step another way (``as:…``), else None."""
    if not fix.startswith("as:") or "+" in fix:
        return None
    words = fix[3:].split()
    # The program by its name, wherever it was run from (`./scripts/checkpatch.pl`, `~/src/linux/scripts/…`).
    return (words[0].rsplit("/", 1)[-1], {w for w in words[1:] if w.startswith("-")}) if words else None


def _same_options(one: tuple[str, set[str]], other: tuple[str, set[str]], ways: tuple[str, str] = ("", "")) -> bool:
    """Two runs given the same options, two or more (one in common says too little across programs), or one with
    the same value (`rbd --id transcode`, `ceph --id transcode`: the client both were run as)."""
    if not one[1] or one[1] != other[1]:
        return False
    return len(one[1]) >= 2 or bool(_option_values(ways[0]) & _option_values(ways[1]))


def _within(first: Sequence[str], second: Sequence[str]) -> bool:
    """Every command one fix ran, the other ran too (`adb remount`, `adb reboot` after the same error as `adb root`,
    `adb remount`, `adb reboot`): one run needed a step the other had already taken."""
    one = {command_head(c) for c in first}
    other = {command_head(c) for c in second}
    return bool(one) and bool(other) and (one <= other or other <= one)


def _program(step: str) -> str:
    return step.split(" ", 1)[0]


def same_family(first: str, second: str) -> bool:
    """One program, or two tools of one suite named by a shared prefix (`ansible-playbook`, `ansible-vault`)."""
    if first == second:
        return True
    prefix, dash, _ = first.partition("-")
    return bool(dash) and len(prefix) >= 3 and second.partition("-")[0] == prefix and "-" in second


def same_lesson(
    first_key: str,
    first_words: Sequence[str],
    second_key: str,
    second_words: Sequence[str],
    counts: Counter[str],
    total: int,
    ways: tuple[str, str] = ("", ""),
    fixes: tuple[Sequence[str], Sequence[str]] = ((), ()),
) -> bool:
    """Whether two lessons (key and error words each) are one lesson; ``counts``/``total`` describe the error
    messages they are compared among (``errorwords.frequencies``); ``ways`` are the ways each run was changed to,
    when it was run another way; ``fixes`` the commands each ran to fix it."""
    if first_key == second_key:
        return True
    a, b = key_parts(first_key), key_parts(second_key)
    if a is None or b is None or a.tool != b.tool:
        return False
    # An error that asked for an option, each run giving the one its own prompt was about: one lesson.
    asked = a.phrase == b.phrase and options_asked_for(a.fix, first_words) and options_asked_for(b.fix, second_words)
    agreed = fixes_agree(a.fix, b.fix, *ways) or (a.phrase == b.phrase and a.step == b.step and _within(*fixes))
    # An error that listed what can be run, each run of one program putting in the word it listed for that run
    # (`fastlane ios beta`, `fastlane android internal`): one lesson, whichever was run.
    listed = (
        a.phrase == b.phrase
        and _program(a.step) == _program(b.step)
        and runs_as_listed(a.fix, first_words, a.step)
        and runs_as_listed(b.fix, second_words, b.step)
    )
    if not agreed and not asked and not listed:
        return False
    # Options added to one program are one fix whichever of its subcommands they were added to.
    added = _added_options(a.fix) is not None and _added_options(b.fix) is not None
    # Tools of one suite (`ansible-playbook`, `ansible-vault view`) given the same option after the same error:
    # one lesson about the suite's shared option.
    suite = added and a.phrase == b.phrase and same_family(_program(a.step), _program(b.step))
    # Two programs given the same options after the same error (`psql` and `pg_dump`, each with `-h … -p … -U …`
    # to reach the one database): one lesson about those options, whichever client needed them.
    first_options, second_options = _added_options(a.fix), _added_options(b.fix)
    same_options = (
        a.phrase == b.phrase
        and first_options is not None
        and second_options is not None
        and _same_options(first_options, second_options, ways)
    )
    # One program's entry point called after the same error (`Pkg.test`), whether a script of it failed
    # (`julia test/runtests.jl`) or a snippet did (`julia -e 'using StableRNGs; …'`).
    entry = _entry_point(a.fix) is not None and _program(a.step) == _program(b.step)
    if (
        a.step != b.step
        and not ((added or entry) and _program(a.step) == _program(b.step))
        and not suite
        and not same_options
        and not listed
    ):
        return False
    if a.phrase == b.phrase:
        return True
    # One error's own phrase told whole inside the other's message (`Connection failed (RTE:[…]) Socket closed by
    # peer` at the end of a deploy's "Detection of server version failed; root cause: …"): one failure, however
    # much each run printed around it.
    if phrase_within(a.phrase, second_words) or phrase_within(b.phrase, first_words):
        return True
    return likeness(first_words, second_words, counts, total) >= ALIKE


# A phrase of this many words or more that all stand in another message names that message's failure.
PHRASE_WITHIN_WORDS = 4


def phrase_within(phrase: str, words: Sequence[str]) -> bool:
    """Whether every word of ``phrase`` (four or more) stands in a message of these ``words``."""
    own = error_words(phrase)
    return len(own) >= PHRASE_WITHIN_WORDS and set(own) <= set(words)
