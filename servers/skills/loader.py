"""Turn one skill folder into a :class:`Skill`, or a :class:`Problem` saying why it cannot be used.

Every folder goes through ``skills-ref lint`` first. By default loading is as lenient as the hosts: a
skill is served unless it is unusable (no readable frontmatter, no name or no description), and its lint
errors travel with it to ``list_skills`` and ``skills://problems``. Public collections fail Cairn's
stricter rules (a link to a sibling skill, another project's ``triggers`` list) while every host loads
them; hiding them would make Cairn the one host where the user's skills are missing. In strict mode
(``CAIRN_SKILLS__STRICT_LOADING``) any lint error skips the skill, as before.

Fields are read through :mod:`servers.skills.conventions`, which keeps only the shapes Cairn can act on.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from servers.skills import conventions
from servers.skills.models import Problem, Scope, Skill
from skillslint import Finding, Severity, lint_paths
from skillslint.frontmatter import load

MAX_REASONS = 3


def load_skill(folder: Path, skill_md: Path, scope: Scope, *, strict: bool = False) -> Skill | Problem:
    findings = list(lint_paths([folder]).findings)
    errors = [f for f in findings if f.severity is Severity.ERROR]
    doc = load(skill_md)
    fm = doc.frontmatter
    declared = (fm or {}).get("name")
    shown = declared if isinstance(declared, str) else None

    def problem(reason: str) -> Problem:
        return Problem(path=str(folder), scope=scope, name=shown, reason=reason, findings=_dicts(errors))

    if fm is None:
        return problem(_reason("not served: the frontmatter could not be read", errors))
    name = conventions.usable_name(declared, folder.name)
    description = fm.get("description")
    if name is None or not isinstance(description, str) or not description.strip():
        missing = "name" if name is None else "description"
        return problem(_reason(f"not served: the frontmatter has no usable {missing}", errors))
    if errors and strict:
        return problem(_reason("skipped for lint errors (strict loading)", errors))
    warnings = sum(1 for f in findings if f.severity is Severity.WARNING)
    skill = build_skill(name, fm, doc.body, folder, skill_md, scope, warnings, errors=_dicts(errors))
    if name != declared:
        skill = replace(skill, notes=(f"`name` {declared!r} is not a spec name; served as {name!r}", *skill.notes))
    return skill


def build_skill(
    name: str,
    fm: dict[str, Any],
    body: str,
    folder: Path,
    skill_md: Path,
    scope: Scope,
    warnings: int = 0,
    *,
    errors: list[dict[str, str | int]] | None = None,
) -> Skill:
    got = conventions.read(fm, name)
    return Skill(
        name=name,
        declared_name=name,
        description=got.description,
        scope=scope,
        folder=folder,
        skill_md=skill_md,
        body=body.strip("\n"),
        triggers=got.triggers,
        priority=got.fields["priority"],
        exclusive_group=got.fields["exclusive_group"],
        prerequisites=got.fields["prerequisites"],
        max_tokens=got.fields["max_tokens"],
        cooldown=got.fields["cooldown"],
        output=got.fields["output"],
        chain=got.chain,
        warnings=warnings,
        phrases=got.phrases,
        errors=tuple(errors or ()),
        notes=tuple(got.notes),
    )


def problem_of(skill: Skill) -> Problem:
    """The ``skills://problems`` entry of a skill served despite lint errors."""
    shown = [f"{f.get('code')} line {f.get('line')}: {f.get('message')}" for f in skill.errors[:MAX_REASONS]]
    more = f" (and {len(skill.errors) - MAX_REASONS} more)" if len(skill.errors) > MAX_REASONS else ""
    ignored = f"; Cairn ignored: {'; '.join(skill.notes)}" if skill.notes else ""
    return Problem(
        path=str(skill.folder),
        scope=skill.scope,
        name=skill.name,
        reason="served despite lint errors: " + "; ".join(shown) + more + ignored,
        findings=list(skill.errors),
        loaded=True,
    )


def _dicts(errors: list[Finding]) -> list[dict[str, str | int]]:
    return [f.to_dict() for f in errors]


def _reason(prefix: str, errors: list[Finding]) -> str:
    if not errors:
        return prefix
    shown = [f"{f.code} line {f.line}: {f.message}" for f in errors[:MAX_REASONS]]
    more = f" (and {len(errors) - MAX_REASONS} more)" if len(errors) > MAX_REASONS else ""
    return f"{prefix}: " + "; ".join(shown) + more
