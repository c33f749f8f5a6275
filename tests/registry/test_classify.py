"""Tags given to skills that name none, measured on the 153 public corpus skills (skipped without them): words
every skill uses about itself ("use this skill", "for Claude", "writing scripts") are no tags unless the
skill's name says them."""

from __future__ import annotations

from collections import Counter

import pytest

from registry.metadata import listing
from skillslint.frontmatter import load
from tests.conftest import REPO_ROOT

CORPUS = REPO_ROOT.parent / "shared" / "corpus" / "skills"


def _corpus() -> dict[str, tuple[str | None, list[str]]]:
    if not CORPUS.is_dir():
        pytest.skip(f"the public skills corpus is not at {CORPUS}")
    out = {}
    for path in sorted(CORPUS.rglob("SKILL.md")):
        doc = load(path)
        frontmatter = dict(doc.frontmatter) if isinstance(doc.frontmatter, dict) else {}
        name = str(frontmatter.get("name", path.parent.name))
        out[f"{path.parent.parent.name}/{name}"] = listing(frontmatter, name, doc.body)
    return out


def test_the_reported_noisy_tags_are_gone() -> None:
    listed = _corpus()
    assert listed["skills/pdf"] == ("documents", ["pdf"])
    assert listed["skills/modern-python"][1] == ["python"]
    assert listed["skills/skill-creator"][1] == ["skills"]  # its name says it


def test_no_self_describing_word_tags_many_skills() -> None:
    counts = Counter(tag for _, tags in _corpus().values() for tag in tags)
    # Before: "code" 64 of 153 skills, "skills" 32, "claude" 27, "writing" 12, "tasks" 7.
    assert counts["code"] <= 8 and counts["skills"] <= 10 and counts["claude"] <= 5 and counts["tasks"] == 0
    assert counts["writing"] <= 6
    assert counts["security"] >= 20 and counts["pdf"] >= 3  # subjects stay
