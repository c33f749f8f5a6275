"""The public surface: what `skillslint` exports, the finding model, and import boundaries."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest
from lintkit import FIXTURES

import skillslint
from skillslint import CHECKS, Finding, Severity, lint_paths, read_properties, to_prompt
from skillslint.codes import expand

PACKAGE = Path(skillslint.__file__).parent


def test_all_is_the_documented_api() -> None:
    assert sorted(skillslint.__all__) == [
        "CHECKS", "Check", "Finding", "LintReport", "Severity", "SkillError", "SkillProperties", "SkillReport",
        "lint_paths", "lint_skill", "read_properties", "to_prompt", "validate",
    ]  # fmt: skip
    for name in skillslint.__all__:
        assert hasattr(skillslint, name)


def test_findings_are_frozen_and_ordered_by_position() -> None:
    a = Finding(Path("s/SKILL.md"), 2, 1, "SR104", Severity.ERROR, "m")
    b = Finding(Path("s/SKILL.md"), 10, 1, "SR101", Severity.ERROR, "m")
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.line = 3  # type: ignore[misc]
    assert sorted([b, a]) == [a, b]
    assert a.to_dict() == {"path": "s/SKILL.md", "line": 2, "col": 1, "severity": "error", "code": "SR104",
                           "message": "m"}  # fmt: skip


def test_codes_are_stable_and_documented() -> None:
    assert all(re.fullmatch(r"SR[0-4]\d{2}", code) for code in CHECKS)
    assert all(c.summary and c.name and c.code == code for code, c in CHECKS.items())
    assert len({c.name for c in CHECKS.values()}) == len(CHECKS)
    assert expand(["sr30"]) == {c for c in CHECKS if c.startswith("SR30")}


def test_every_emitted_code_is_in_the_catalogue() -> None:
    used: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        used |= set(re.findall(r'"(SR\d{3})"', path.read_text(encoding="utf-8")))
    assert used - set(CHECKS) == set()


def test_linter_never_imports_the_servers_or_mcp() -> None:
    # The registry and skills server import skillslint; the reverse would be a cycle.
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = (
                [a.name for a in node.names] if isinstance(node, ast.Import)
                else [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            )  # fmt: skip
            for name in names:
                assert not name.startswith(("servers", "registry", "mcp", "fastmcp")), (path, name)


def test_modules_stay_small() -> None:
    for path in PACKAGE.rglob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 300, path


def test_library_round_trip() -> None:
    report = lint_paths([FIXTURES / "clean"])
    assert report.ok(strict=True) and report.exit_code() == 0
    props = read_properties(FIXTURES / "clean" / "deep-research")
    assert props.name == "deep-research"
    assert props.extra["priority"] == 8
    assert "<name>\ndeep-research\n</name>" in to_prompt([FIXTURES / "clean" / "deep-research"])
