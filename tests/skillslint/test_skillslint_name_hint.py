"""SR104's "try '…'" hint: whatever it suggests must itself pass the name rules, or it is left out."""

from __future__ import annotations

import random
import re

import pytest
from lintkit import GOOD_DESCRIPTION, MakeSkill

from skillslint import lint_skill
from skillslint.checks.spec import suggest_name

HINT = re.compile(r"; try '(?P<hint>[^']*)'$")
# Cases the old hint (lower-case, '_' and ' ' to '-') turned into names that were still invalid.
CASES = {
    "My_Skill": "my-skill",
    "PDF Tools v2": "pdf-tools-v2",
    "-Leading": "leading",
    "Trailing_": "trailing",
    "a__b": "a-b",
    "a - b": "a-b",
    "dots.and/slashes": "dots-and-slashes",
    "Café Crème": "cafe-creme",
    "x" * 63 + "_y": "x" * 63,  # cut at 64 characters would end in '-'
    "Ünïcödé_" + "n" * 70: "unicode-" + "n" * 56,
}


@pytest.mark.parametrize(("bad", "expected"), sorted(CASES.items()))
def test_the_hint_is_a_valid_name_the_linter_accepts(bad: str, expected: str, make_skill: MakeSkill) -> None:
    folder = make_skill("skill", frontmatter=f"name: {bad!r}\ndescription: {GOOD_DESCRIPTION}\n")
    message = next(f.message for f in lint_skill(folder) if f.code == "SR104")
    match = HINT.search(message)
    assert match is not None and match["hint"] == expected
    fixed = make_skill(expected, frontmatter=f"name: {expected}\ndescription: {GOOD_DESCRIPTION}\n")
    assert not [f for f in lint_skill(fixed) if f.code.startswith("SR10")]


@pytest.mark.parametrize("bad", ["___", "!!!", "日本語", "- _ -"])
def test_no_hint_when_nothing_valid_is_left(bad: str, make_skill: MakeSkill) -> None:
    folder = make_skill("skill", frontmatter=f"name: {bad!r}\ndescription: {GOOD_DESCRIPTION}\n")
    message = next(f.message for f in lint_skill(folder) if f.code == "SR104")
    assert "try" not in message and suggest_name(bad) is None


def test_any_suggestion_for_random_names_is_valid() -> None:
    alphabet = "aZ9-_ .é日!\t"
    rng = random.Random(104)
    for _ in range(5000):
        hint = suggest_name("".join(rng.choice(alphabet) for _ in range(rng.randint(1, 80))))
        if hint is not None:
            assert re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", hint) and len(hint) <= 64, hint
