"""Shared fixtures for the skills-ref linter tests (constants live in `lintkit.py`).

Test modules are named `test_skillslint_<module>.py` (mirroring `skillslint/`) so their
basenames never collide with other packages' tests under pytest's default import mode.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from lintkit import CORPUS, GOOD_DESCRIPTION, MakeSkill


@pytest.fixture
def make_skill(tmp_path: Path) -> MakeSkill:
    """Write a skill folder under tmp_path and return it.

    `frontmatter` is the YAML between the `---` lines (defaults to a valid name and
    description); `raw` replaces the whole SKILL.md (str or bytes); `files` maps
    relative paths to str/bytes content; `mode` maps relative paths to chmod modes.
    """

    def make(
        name: str = "demo",
        frontmatter: str | None = None,
        body: str = "# Demo\n\nDo the thing.\n",
        raw: str | bytes | None = None,
        files: dict[str, str | bytes] | None = None,
        mode: dict[str, int] | None = None,
        parent: Path | None = None,
    ) -> Path:
        folder = (parent or tmp_path) / name
        folder.mkdir(parents=True, exist_ok=True)
        if raw is None:
            fm = frontmatter if frontmatter is not None else f"name: {name}\ndescription: {GOOD_DESCRIPTION}\n"
            raw = f"---\n{fm}---\n{body}"
        target = folder / "SKILL.md"
        if isinstance(raw, bytes):
            target.write_bytes(raw)
        else:
            target.write_text(raw, encoding="utf-8")
        for rel, content in (files or {}).items():
            path = folder / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")
        for rel, bits in (mode or {}).items():
            os.chmod(folder / rel, bits)
        return folder

    return make


@pytest.fixture(scope="session")
def corpus() -> Path:
    if not CORPUS.is_dir():
        pytest.skip(f"real-world skills corpus not found at {CORPUS} (expected beside the checkout)")
    return CORPUS
