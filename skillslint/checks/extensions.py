"""Keys beyond the spec: known host extensions and Cairn's own.

Types come from the JSON Schema so the skills server and the linter agree. Schema
errors on spec fields are dropped here because `checks.spec` reports them with
clearer messages; errors under a host key are warnings (the host may still load the
skill). Under a Cairn key it depends on the value's shape: a value of the kind Cairn
defines (a mapping for `triggers`, a number for `priority`) that breaks the schema is an
error, since its author meant Cairn's extension and would be misread; a value of another
kind (`priority: high`, a `triggers` mapping with none of Cairn's keys) comes from another
project's convention and is a warning: Cairn ignores it and hosts load the skill anyway.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from skillslint import schema
from skillslint.checks import Emit
from skillslint.frontmatter import Document


def check_extensions(doc: Document, emit: Emit) -> None:
    fm = doc.frontmatter
    if fm is None:
        return
    families = schema.families()
    for key in fm:
        if key not in families:
            emit("SR201", *doc.key_pos(key), _unknown_key_message(key, families))
    _schema_errors(doc, fm, families, emit)
    _intent_patterns(doc, fm, emit)
    _chain_inputs(doc, fm, emit)


def _unknown_key_message(key: str, families: dict[str, str]) -> str:
    close = difflib.get_close_matches(key, list(families), n=1, cutoff=0.75)
    if close:
        return f"unknown frontmatter key '{key}'; did you mean '{close[0]}'?"
    return f"unknown frontmatter key '{key}'; hosts ignore it (move it under `metadata` or remove it)"


def _schema_errors(doc: Document, fm: dict[str, object], families: dict[str, str], emit: Emit) -> None:
    for key, value in fm.items():
        if families.get(key) == "host":
            expected = schema.type_mismatch(key, value)
            if expected is not None:
                emit("SR202", *doc.value_pos(key), f"`{key}` should be {expected}, not {type(value).__name__}")
    cairn = {k: v for k, v in fm.items() if families.get(k) == "cairn"}
    if not cairn:
        return  # most skills: skip loading the full validator
    foreign = {k for k, v in cairn.items() if not _cairn_shaped(k, v)}
    for key in sorted(foreign):
        emit("SR207", *doc.value_pos(key), _foreign_message(key, cairn[key]))
    for error in schema.validator().iter_errors(fm):
        path = list(error.absolute_path)
        if not path or families.get(str(path[0])) != "cairn" or str(path[0]) in foreign:
            continue  # spec fields are reported by checks.spec, host keys above, foreign values just now
        if path == ["triggers"] and error.validator == "oneOf":
            # Neither form fits as a whole: report what is wrong in the mapping, the form its author meant.
            meant = [e for e in error.context or () if e.relative_schema_path and e.relative_schema_path[0] == 0]
            for sub in meant or [error]:
                _schema_error(doc, list(sub.absolute_path), sub.message, emit)
            continue
        _schema_error(doc, path, error.message, emit)


def _schema_error(doc: Document, path: list[object], message: str, emit: Emit) -> None:
    steps = [p if isinstance(p, int) else str(p) for p in path]
    emit("SR203", *doc.value_pos(*steps), f"`{_dotted(path)}`: {_short(message)}")


# Keys Cairn reads inside `triggers`; a mapping with none of them is another project's trigger format.
TRIGGER_KEYS = frozenset({"intent_patterns", "tool_signals", "context_signals", "confidence_threshold"})
_CAIRN_TYPES: dict[str, tuple[type, ...]] = {
    "triggers": (dict, list),
    "priority": (int, float),
    "exclusive_group": (str,),
    "prerequisites": (list,),
    "max_tokens": (int, float),
    "cooldown": (int, float),
    "output": (dict,),
    "chain": (list,),
}


def _cairn_shaped(key: str, value: object) -> bool:
    """Whether ``value`` is the kind of value Cairn defines for ``key`` (right or wrong in its details)."""
    if isinstance(value, bool) or not isinstance(value, _CAIRN_TYPES.get(key, (object,))):
        return False
    if key == "triggers" and isinstance(value, dict):
        return bool(TRIGGER_KEYS & value.keys())
    if key == "triggers" and isinstance(value, list):
        return all(isinstance(v, str) for v in value)  # a phrase list, read as match evidence
    return True


def _foreign_message(key: str, value: object) -> str:
    if key == "triggers" and isinstance(value, list):
        return "`triggers` mixes phrases with other values; Cairn reads only the text entries, as phrases"
    if key == "triggers" and isinstance(value, dict):
        known = ", ".join(sorted(TRIGGER_KEYS))
        return f"`triggers` has none of Cairn's keys ({known}); Cairn ignores it (another project's format?)"
    shown = repr(value) if len(repr(value)) <= 40 else type(value).__name__
    return f"`{key}` is {shown}, not the kind of value Cairn defines; Cairn ignores it (another project's convention?)"


def _intent_patterns(doc: Document, fm: dict[str, object], emit: Emit) -> None:
    triggers = fm.get("triggers")
    patterns = triggers.get("intent_patterns") if isinstance(triggers, dict) else None
    if not isinstance(patterns, list):
        return
    for i, pattern in enumerate(patterns):
        if not isinstance(pattern, str):
            continue  # a schema error already says it must be a string
        try:
            re.compile(pattern)
        except re.error as exc:
            emit(
                "SR204",
                *doc.value_pos("triggers", "intent_patterns", i),
                f"intent pattern {pattern!r}: {exc}",
            )


def _chain_inputs(doc: Document, fm: dict[str, object], emit: Emit) -> None:
    chain = fm.get("chain")
    if not isinstance(chain, list):
        return
    outputs: set[str] = set()
    for i, step in enumerate(chain):
        if not isinstance(step, dict):
            continue
        source = step.get("input_from")
        if isinstance(source, str) and source not in outputs:
            known = ", ".join(sorted(outputs)) or "none yet"
            msg = f"chain step {i + 1} reads `{source}`, which no earlier step sets as `output_as` ({known})"
            emit("SR206", *doc.value_pos("chain", i, "input_from"), msg)
        produced = step.get("output_as")
        if isinstance(produced, str):
            outputs.add(produced)


def check_skill_refs(doc: Document, known: Iterable[str], emit: Emit) -> None:
    """Chain steps and prerequisites should name skills in the same linted tree.

    A warning, not an error: the skill may come from another scope or the registry.
    """
    fm = doc.frontmatter
    if fm is None:
        return
    names = set(known)
    refs: list[tuple[str, tuple[str | int, ...]]] = []
    chain = fm.get("chain")
    if isinstance(chain, list):
        refs += [
            (s["skill"], ("chain", i, "skill"))
            for i, s in enumerate(chain)
            if isinstance(s, dict) and isinstance(s.get("skill"), str)
        ]
    prereqs = fm.get("prerequisites")
    if isinstance(prereqs, list):
        refs += [(p, ("prerequisites", i)) for i, p in enumerate(prereqs) if isinstance(p, str)]
    for name, where in refs:
        if name not in names:
            emit(
                "SR205",
                *doc.value_pos(*where),
                f"`{_dotted(list(where))}` names '{name}', not in the linted tree",
            )


def _dotted(path: list[str | int] | list[object]) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def _short(message: str, limit: int = 160) -> str:
    return message if len(message) <= limit else message[: limit - 1] + "…"
