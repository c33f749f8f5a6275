"""Findings, severities and the report returned by the library API.

| Type          | What it is                                                        |
|---------------|-------------------------------------------------------------------|
| `Severity`    | `error` (fails), `warning` (fails only with `--strict`), `info`  |
| `Finding`     | one problem at `path:line:col` with a stable `code`               |
| `SkillReport` | every finding for one skill folder                                |
| `LintReport`  | all skills checked in one run plus findings outside any skill    |
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from pathlib import Path


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        """Lower is more severe; used to sort and to compare against a threshold."""
        return {"error": 0, "warning": 1, "info": 2}[self.value]


@dataclass(frozen=True, order=True)
class Finding:
    """One problem. `line` and `col` are 1-based; whole-file findings sit at 1:1."""

    path: Path
    line: int
    col: int
    code: str
    severity: Severity = field(compare=False)
    message: str = field(compare=False)

    def to_dict(self) -> dict[str, str | int]:
        return {
            "path": str(self.path),
            "line": self.line,
            "col": self.col,
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
        }


def _count(findings: tuple[Finding, ...], severity: Severity) -> int:
    return sum(1 for f in findings if f.severity is severity)


@dataclass(frozen=True)
class SkillReport:
    """The verdict for one skill: its folder, declared name (if readable) and findings."""

    path: Path
    name: str | None
    findings: tuple[Finding, ...]

    @property
    def errors(self) -> int:
        return _count(self.findings, Severity.ERROR)

    @property
    def warnings(self) -> int:
        return _count(self.findings, Severity.WARNING)

    @property
    def infos(self) -> int:
        return _count(self.findings, Severity.INFO)

    def ok(self, strict: bool = False) -> bool:
        return self.errors == 0 and (not strict or self.warnings == 0)


@dataclass(frozen=True)
class LintReport:
    """Result of `lint_paths`. `findings` holds every finding, sorted by position."""

    skills: tuple[SkillReport, ...]
    findings: tuple[Finding, ...]

    @property
    def errors(self) -> int:
        return _count(self.findings, Severity.ERROR)

    @property
    def warnings(self) -> int:
        return _count(self.findings, Severity.WARNING)

    @property
    def infos(self) -> int:
        return _count(self.findings, Severity.INFO)

    def ok(self, strict: bool = False) -> bool:
        return self.errors == 0 and (not strict or self.warnings == 0)

    def exit_code(self, strict: bool = False) -> int:
        return 0 if self.ok(strict) else 1
