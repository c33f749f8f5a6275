"""Turn one skill folder into a :class:`Skill`, or a :class:`Problem` saying why it cannot be used.

Every folder goes through ``skills-ref lint`` first: lint *errors* skip the skill (the linter is the one
judge of what is valid, so the server and ``skills-ref`` never disagree), warnings are counted and kept.
Because the linter already checked the Cairn keys against the JSON Schema and compiled every intent
pattern, the conversion below can trust the types it reads.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from servers.skills.models import ChainStep, Problem, Scope, Skill, Triggers
from skillslint import Finding, Severity, lint_paths
from skillslint.frontmatter import load

MAX_REASONS = 3


def load_skill(folder: Path, skill_md: Path, scope: Scope) -> Skill | Problem:
    findings = list(lint_paths([folder]).findings)
    errors = [f for f in findings if f.severity is Severity.ERROR]
    doc = load(skill_md)
    fm = doc.frontmatter or {}
    declared = fm.get("name")
    name = declared if isinstance(declared, str) else None
    if errors or doc.frontmatter is None:
        return Problem(
            path=str(folder),
            scope=scope,
            name=name,
            reason=_reason(errors) or "the frontmatter could not be read",
            findings=[f.to_dict() for f in errors],
        )
    assert name is not None  # lint would have reported SR101/SR102
    warnings = sum(1 for f in findings if f.severity is Severity.WARNING)
    return build_skill(name, fm, doc.body, folder, skill_md, scope, warnings)


def build_skill(
    name: str, fm: dict[str, Any], body: str, folder: Path, skill_md: Path, scope: Scope, warnings: int = 0
) -> Skill:
    chain = fm.get("chain") or []
    return Skill(
        name=name,
        declared_name=name,
        description=str(fm["description"]).strip(),
        scope=scope,
        folder=folder,
        skill_md=skill_md,
        body=body.strip("\n"),
        triggers=_triggers(fm.get("triggers")),
        priority=int(fm.get("priority", 5)),
        exclusive_group=fm.get("exclusive_group"),
        prerequisites=tuple(fm.get("prerequisites") or ()),
        max_tokens=fm.get("max_tokens"),
        cooldown=int(fm.get("cooldown", 0)),
        output=fm.get("output"),
        chain=tuple(
            ChainStep(s["skill"], s.get("input_from"), s.get("output_as"), dict(s.get("params") or {})) for s in chain
        ),
        warnings=warnings,
    )


def _triggers(raw: object) -> Triggers | None:
    if not isinstance(raw, dict):
        return None  # 000 §4.2.2: no triggers = the plain catalogue mode (here: description matching)
    patterns = tuple(raw.get("intent_patterns") or ())
    signals = raw.get("context_signals") or {}
    slots = signals.get("slots") or {}
    threshold = raw.get("confidence_threshold")
    return Triggers(
        patterns=patterns,
        # Compiled once per load, never on the matching path (000 §4.2.8).
        compiled=tuple(re.compile(p, re.IGNORECASE) for p in patterns),
        tool_signals=tuple(raw.get("tool_signals") or ()),
        keywords=tuple(k.lower() for k in signals.get("keywords") or ()),
        slots=tuple((str(k), tuple(str(v) for v in vs)) for k, vs in slots.items()),
        threshold=float(threshold) if threshold is not None else None,
    )


def _reason(errors: list[Finding]) -> str:
    shown = [f"{f.code} line {f.line}: {f.message}" for f in errors[:MAX_REASONS]]
    more = f" (and {len(errors) - MAX_REASONS} more)" if len(errors) > MAX_REASONS else ""
    return "skipped for lint errors: " + "; ".join(shown) + more
