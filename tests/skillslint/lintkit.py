"""Constants shared by the linter tests. A uniquely named module, because
`from conftest import ...` would pick up whichever conftest was imported first."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent / "fixtures"
REPO_ROOT = Path(__file__).resolve().parents[2]
# The corpus sits beside the checkout (../shared/corpus/skills); CI provides it there too.
CORPUS = (REPO_ROOT / ".." / "shared" / "corpus" / "skills").resolve()

GOOD_DESCRIPTION = "Use when a test needs a well-formed skill; it does nothing else."

MakeSkill = Callable[..., Path]
