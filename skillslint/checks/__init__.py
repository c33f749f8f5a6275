"""Check families. Each module exposes `check_*` functions that report through an `Emit`."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from skillslint.codes import check
from skillslint.model import Finding, Severity


class Emit:
    """Collects findings for one skill; severity always comes from the code catalogue.

    Checks report against the skill's SKILL.md unless they pass `path` (a script,
    a referenced file), so a check cannot invent its own severity. A run may raise
    a code's severity (`validate` follows the spec where `lint` follows the hosts).
    """

    def __init__(self, path: Path, severities: Mapping[str, Severity] | None = None) -> None:
        self.path = path
        self.findings: list[Finding] = []
        self.severities = severities or {}

    def __call__(self, code: str, line: int, col: int, message: str, path: Path | None = None) -> None:
        severity = self.severities.get(code, check(code).severity)
        self.findings.append(Finding(path or self.path, max(line, 1), max(col, 1), code, severity, message))
