"""Check families. Each module exposes `check_*` functions that report through an `Emit`."""

from __future__ import annotations

from pathlib import Path

from skillslint.codes import check
from skillslint.model import Finding


class Emit:
    """Collects findings for one skill; severity always comes from the code catalogue.

    Checks report against the skill's SKILL.md unless they pass `path` (a script,
    a referenced file), so a check cannot invent its own severity.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.findings: list[Finding] = []

    def __call__(self, code: str, line: int, col: int, message: str, path: Path | None = None) -> None:
        entry = check(code)
        self.findings.append(Finding(path or self.path, max(line, 1), max(col, 1), code, entry.severity, message))
