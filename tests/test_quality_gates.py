"""The gates every change passes: ruff (lint + format) and mypy in strict mode over the product code."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import REPO_ROOT

pytestmark = pytest.mark.slow


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=REPO_ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_lint_and_format() -> None:
    lint = run("ruff", "check", ".")
    assert lint.returncode == 0, lint.stdout[-4000:]
    fmt = run("ruff", "format", "--check", ".")
    assert fmt.returncode == 0, fmt.stdout[-4000:]


def test_mypy_strict() -> None:
    result = run("mypy", "servers", "registry", "skillslint")
    assert result.returncode == 0, result.stdout[-4000:]
