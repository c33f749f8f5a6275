"""Read a skill's frontmatter the way hosts do: take what is usable, set the rest aside with a note.

Public skill collections were not written for Cairn. Their frontmatter follows other projects'
conventions (a ``triggers:`` list of phrases, ``priority: high``) or has small spec deviations that
hosts shrug off. A skill is *usable* when it has a name and a description; every other field is read
only when it has the shape Cairn understands, and otherwise dropped with a note for ``skills://problems``.
The linter (``skills-ref``) reports the same things as findings; this module only decides what the
server can still act on, so a malformed extension never reaches the matcher or the injector.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from servers.skills.models import ChainStep, Triggers
from skillslint.checks.extensions import TRIGGER_KEYS as CAIRN_TRIGGER_KEYS

_NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_SLUG = re.compile(r"[^a-z0-9]+")
MAX_PHRASES = 50
MAX_PHRASE_CHARS = 200


@dataclass
class Reading:
    """What the server takes from one frontmatter mapping, and what it had to leave out."""

    name: str
    description: str
    fields: dict[str, Any] = field(default_factory=dict)
    triggers: Triggers | None = None
    phrases: tuple[str, ...] = ()
    chain: tuple[ChainStep, ...] = ()
    notes: list[str] = field(default_factory=list)


def usable_name(raw: object, folder_name: str) -> str | None:
    """The name to serve the skill under: the declared one, slugged if it breaks the spec's charset.

    Hosts key skills by whatever the frontmatter says; Cairn's tools take spec names only, so
    ``My_Skill`` is served as ``my-skill``. Without a usable declared name the skill is not served.
    """
    if not isinstance(raw, str) or not raw.strip():
        return None
    if _NAME.fullmatch(raw) and len(raw) <= 64:
        return raw
    slug = _SLUG.sub("-", raw.strip().lower()).strip("-")[:64].strip("-")
    return slug or (_SLUG.sub("-", folder_name.lower()).strip("-") or None)


def read(fm: dict[str, Any], name: str) -> Reading:
    """The Cairn view of ``fm`` (whose ``description`` the caller checked is a non-empty string)."""
    out = Reading(name=name, description=str(fm["description"]).strip())
    out.triggers, out.phrases = _triggers(fm.get("triggers"), out.notes)
    out.fields["priority"] = _int(fm, "priority", 5, 1, 10, out.notes)
    out.fields["cooldown"] = _int(fm, "cooldown", 0, 0, None, out.notes)
    max_tokens = _int(fm, "max_tokens", 0, 1, None, out.notes)
    out.fields["max_tokens"] = max_tokens or None
    group = fm.get("exclusive_group")
    out.fields["exclusive_group"] = group if isinstance(group, str) and group.strip() else None
    if group is not None and out.fields["exclusive_group"] is None:
        out.notes.append("`exclusive_group` is not a non-empty string; ignored")
    prereqs = fm.get("prerequisites")
    names = [p for p in prereqs if isinstance(p, str) and _NAME.fullmatch(p)] if isinstance(prereqs, list) else []
    if prereqs is not None and (not isinstance(prereqs, list) or len(names) != len(prereqs)):
        out.notes.append("`prerequisites` entries that are not skill names were ignored")
    out.fields["prerequisites"] = tuple(dict.fromkeys(names))
    output = fm.get("output")
    out.fields["output"] = output if isinstance(output, dict) else None
    if output is not None and not isinstance(output, dict):
        out.notes.append("`output` is not a mapping; ignored")
    out.chain = _chain(fm.get("chain"), out.notes)
    return out


def _int(fm: dict[str, Any], key: str, default: int, low: int, high: int | None, notes: list[str]) -> int:
    value = fm.get(key)
    if value is None:
        return default
    # YAML `true` is an int in Python; no Cairn field means a boolean.
    if isinstance(value, int) and not isinstance(value, bool) and value >= low and (high is None or value <= high):
        return value
    notes.append(f"`{key}` is {value!r}, not a whole number in Cairn's range; the default {default} is used")
    return default


def _strings(raw: object) -> list[str]:
    return [s for s in raw if isinstance(s, str) and s.strip()] if isinstance(raw, list) else []


def _triggers(raw: object, notes: list[str]) -> tuple[Triggers | None, tuple[str, ...]]:
    """Cairn's trigger mapping, or another convention's phrase list read as phrases."""
    if raw is None:
        return None, ()
    if isinstance(raw, str) and raw.strip():
        raw = [raw]
    if isinstance(raw, list):
        phrases = [" ".join(p.lower().split())[:MAX_PHRASE_CHARS] for p in _strings(raw)]
        if len(phrases) != len(raw):
            notes.append("`triggers` entries that are not text were ignored")
        return None, tuple(dict.fromkeys(p for p in phrases if p))[:MAX_PHRASES]
    if not isinstance(raw, dict):
        notes.append(f"`triggers` is {type(raw).__name__}, neither Cairn's mapping nor a list of phrases; ignored")
        return None, ()
    if not CAIRN_TRIGGER_KEYS & raw.keys():
        # Another project's trigger mapping: its lists of text are still what the skill answers to.
        listed = [p for value in raw.values() for p in _strings(value)]
        notes.append("`triggers` has none of Cairn's keys; its text entries are read as phrases")
        return _triggers(listed, notes) if listed else (None, ())
    patterns: list[str] = []
    compiled: list[re.Pattern[str]] = []
    for pattern in _strings(raw.get("intent_patterns")):
        try:
            compiled.append(re.compile(pattern, re.IGNORECASE))  # once per load, never while matching
            patterns.append(pattern)
        except re.error as exc:
            notes.append(f"intent pattern {pattern!r} is not a valid regular expression ({exc}); ignored")
    signals = raw.get("context_signals")
    signals = signals if isinstance(signals, dict) else {}
    slots_raw = signals.get("slots")
    slots = slots_raw if isinstance(slots_raw, dict) else {}
    threshold = raw.get("confidence_threshold")
    if isinstance(threshold, bool) or not isinstance(threshold, int | float) or not 0 <= threshold <= 1:
        if threshold is not None:
            notes.append(f"`triggers.confidence_threshold` {threshold!r} is not a number from 0 to 1; ignored")
        threshold = None
    triggers = Triggers(
        patterns=tuple(patterns),
        compiled=tuple(compiled),
        tool_signals=tuple(_strings(raw.get("tool_signals"))),
        keywords=tuple(k.lower() for k in _strings(signals.get("keywords"))),
        slots=tuple((str(k), tuple(str(v) for v in _strings(vs))) for k, vs in slots.items()),
        threshold=float(threshold) if threshold is not None else None,
    )
    if not (triggers.patterns or triggers.tool_signals or triggers.keywords or triggers.slots):
        # Nothing left to trigger on: match it like a skill without triggers rather than never.
        notes.append("`triggers` has nothing usable; the skill is matched on its name and description")
        return None, ()
    return triggers, ()


def _chain(raw: object, notes: list[str]) -> tuple[ChainStep, ...]:
    """All steps or none: a chain with one unreadable step would run a different workflow."""
    if raw is None:
        return ()
    steps: list[ChainStep] = []
    for step in raw if isinstance(raw, list) else [None]:
        if not isinstance(step, dict) or not isinstance(step.get("skill"), str) or not _NAME.fullmatch(step["skill"]):
            notes.append("`chain` has a step without a valid `skill` name; the chain is ignored")
            return ()
        source, produced, params = step.get("input_from"), step.get("output_as"), step.get("params")
        steps.append(
            ChainStep(
                step["skill"],
                source if isinstance(source, str) else None,
                produced if isinstance(produced, str) else None,
                dict(params) if isinstance(params, dict) else {},
            )
        )
    return tuple(steps)
