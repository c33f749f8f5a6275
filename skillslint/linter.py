"""Run the checks over discovered skills and assemble a `LintReport`.

| Call                                   | Runs                                  |
|----------------------------------------|---------------------------------------|
| `lint_paths(["skills/"])`              | every check, tree-wide names/chains   |
| `lint_paths(paths, select=["SR3"])`    | only quality findings                 |
| `lint_skill("skills/pdf")`             | one skill, findings as a list         |
| `validate("skills/pdf")`               | spec rules only (SR0xx, SR1xx)        |

`validate` gives the spec's verdict: a name that differs from its folder (SR106) is an error there.
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

from skillslint import codes
from skillslint.checks import Emit
from skillslint.checks.extensions import check_extensions, check_skill_refs
from skillslint.checks.quality import check_body, check_description, check_files
from skillslint.checks.spec import check_spec
from skillslint.discovery import Discovery, SkillLocation, discover
from skillslint.frontmatter import Document, load
from skillslint.model import Finding, LintReport, Severity, SkillReport

PathLike = str | os.PathLike[str]


def lint_paths(
    paths: Iterable[PathLike],
    select: Iterable[str] | None = None,
    ignore: Iterable[str] | None = None,
    spec_only: bool = False,
) -> LintReport:
    """Lint every skill under `paths`. Raises ValueError for an unknown select/ignore code."""
    enabled = _enabled(select, ignore, spec_only)
    found = discover([Path(p) for p in paths])
    loaded = [(loc, load(loc.skill_md)) for loc in found.skills]
    emits = [_check_one(loc, doc, spec_only) for loc, doc in loaded]
    if not spec_only:
        _cross_skill(loaded, emits)
    reports = tuple(
        SkillReport(loc.folder, _name(doc), tuple(sorted(f for f in emit.findings if f.code in enabled)))
        for (loc, doc), emit in zip(loaded, emits, strict=True)
    )
    loose = [f for f in _outside(found) if f.code in enabled]
    everything = sorted([f for r in reports for f in r.findings] + loose)
    return LintReport(reports, tuple(everything))


def lint_skill(path: PathLike) -> list[Finding]:
    """All findings for one skill folder (or its SKILL.md)."""
    return list(lint_paths([path]).findings)


def validate(path: PathLike) -> list[Finding]:
    """Spec-only findings for one skill, the scope of the reference `agentskills validate`."""
    return list(lint_paths([path], spec_only=True).findings)


def _enabled(select: Iterable[str] | None, ignore: Iterable[str] | None, spec_only: bool) -> set[str]:
    chosen = codes.expand(list(select)) if select else set(codes.CHECKS)
    chosen -= codes.expand(list(ignore)) if ignore else set()
    if spec_only:
        chosen = {c for c in chosen if c.startswith(codes.SPEC_FAMILIES)}
    return chosen


# The spec requires `name` to equal the folder name; hosts load the skill either way, so `lint` warns
# and `validate` (the spec's verdict) fails.
SPEC_SEVERITIES = {"SR106": Severity.ERROR}


def _check_one(loc: SkillLocation, doc: Document, spec_only: bool) -> Emit:
    emit = Emit(loc.skill_md, SPEC_SEVERITIES if spec_only else None)
    emit.findings.extend(doc.findings)
    check_spec(doc, loc.folder, emit)
    if spec_only:
        return emit
    check_extensions(doc, emit)
    check_body(doc, emit)
    check_description(doc, emit)
    check_files(loc, doc, emit)
    for nested in loc.nested:
        emit(
            "SR310",
            1,
            1,
            f"SKILL.md nested inside skill '{loc.folder.name}'; hosts will not discover it; "
            "move it to its own folder or rename it",
            nested,
        )
    return emit


def _cross_skill(loaded: list[tuple[SkillLocation, Document]], emits: list[Emit]) -> None:
    by_name: dict[tuple[Path, str], list[int]] = defaultdict(list)
    for i, (loc, doc) in enumerate(loaded):
        name = _name(doc)
        if name:
            by_name[(loc.scope, name)].append(i)
    for (_, name), members in by_name.items():
        first = loaded[members[0]][0].skill_md
        for i in members[1:]:
            msg = f"skill name '{name}' is also declared by {first}; hosts load only one of them"
            emits[i]("SR311", *loaded[i][1].value_pos("name"), msg)
    names = {name for _, name in by_name}
    for (_, doc), emit in zip(loaded, emits, strict=True):
        check_skill_refs(doc, names, emit)


def _outside(found: Discovery) -> list[Finding]:
    out = [
        Finding(
            p,
            1,
            1,
            "SR001",
            codes.check("SR001").severity,
            "no SKILL.md here or in any folder below; a skill is a folder holding SKILL.md",
        )
        for p in found.empty
    ]
    out += [
        Finding(p, 1, 1, "SR002", codes.check("SR002").severity, f"cannot list directory: {reason}")
        for p, reason in found.unreadable
    ]
    return out


def _name(doc: Document) -> str | None:
    name = (doc.frontmatter or {}).get("name")
    return name if isinstance(name, str) else None
