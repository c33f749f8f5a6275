"""`read_properties`: the spec fields of one skill, in the reference tool's JSON shape.

| Call                                        | Gives                                   |
|---------------------------------------------|-----------------------------------------|
| `read_properties("skills/pdf")`             | `SkillProperties` (raises `SkillError`) |
| `read_properties(p).to_dict()`              | dict for `skills-ref read-properties`   |
| `read_properties(p).extra`                  | every other frontmatter key             |
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from skillslint.discovery import skill_file
from skillslint.frontmatter import load
from skillslint.model import Finding

SPEC_KEYS = ("name", "description", "license", "compatibility", "allowed-tools", "metadata")


class SkillError(Exception):
    """A skill could not be read; `findings` says where and why."""

    def __init__(self, message: str, findings: tuple[Finding, ...] = ()) -> None:
        super().__init__(message)
        self.findings = findings


@dataclass(frozen=True)
class SkillProperties:
    name: str
    description: str
    location: Path
    license: str | None = None
    compatibility: str | None = None
    allowed_tools: str | list[str] | None = None
    metadata: dict[str, str] = field(default_factory=dict)
    extra: dict[str, object] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        """Spec fields only, absent ones omitted (matches `agentskills read-properties`)."""
        out: dict[str, object] = {"name": self.name, "description": self.description}
        optional = {
            "license": self.license,
            "compatibility": self.compatibility,
            "allowed-tools": self.allowed_tools,
        }
        out.update({k: v for k, v in optional.items() if v is not None})
        if self.metadata:
            out["metadata"] = self.metadata
        return out


def resolve_skill_md(path: str | os.PathLike[str]) -> Path:
    """A skill folder or its SKILL.md -> the SKILL.md path; SkillError when there is none."""
    p = Path(path)
    if p.is_file() and p.name.lower() == "skill.md":
        return p
    found = skill_file(p) if p.is_dir() else None
    if found is None:
        raise SkillError(f"SKILL.md not found in {p}")
    return found


def read_properties(path: str | os.PathLike[str]) -> SkillProperties:
    skill_md = resolve_skill_md(path)
    doc = load(skill_md)
    errors = tuple(f for f in doc.findings if f.severity.value == "error")
    if doc.frontmatter is None or errors:
        first = errors[0] if errors else None
        raise SkillError(first.message if first else f"cannot read {skill_md}", errors)
    fm = doc.frontmatter
    for key in ("name", "description"):
        if key not in fm:
            raise SkillError(f"missing required field in frontmatter: {key} ({skill_md})")
        value = fm[key]
        if not isinstance(value, str) or not value.strip():
            raise SkillError(f"field '{key}' must be a non-empty string in {skill_md}")
    tools = fm.get("allowed-tools")
    meta = fm.get("metadata")
    return SkillProperties(
        name=str(fm["name"]).strip(),
        description=str(fm["description"]).strip(),
        location=skill_md.resolve(),
        license=_text(fm.get("license")),
        compatibility=_text(fm.get("compatibility")),
        allowed_tools=[str(t) for t in tools] if isinstance(tools, list) else _text(tools),
        # The spec says metadata holds strings; hosts stringify scalars, and so do we.
        metadata={str(k): _scalar(v) for k, v in meta.items()} if isinstance(meta, dict) else {},
        extra={k: v for k, v in fm.items() if k not in SPEC_KEYS},
    )


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def _scalar(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)
