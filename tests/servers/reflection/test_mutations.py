"""Mutations: eligibility, types and risk, approval of D, A/B alternation and decisions."""

from __future__ import annotations

from pathlib import Path

import pytest

from servers.reflection.models import ReflectionInputError, Strategy
from servers.reflection.service import ReflectionService
from servers.reflection.tweaks import changes_behaviour, rule_based_proposals, split_frontmatter

BACKENDS = ("sqlite", "postgresql")  # every test here runs on both stores (see conftest)

TEXT = "Search the web, keep the top 5 results, then summarise them"


def _eligible_rule(svc: ReflectionService, uses: int = 10, failures: int = 0) -> str:
    rule = svc.rules.create("u", Strategy(strategy=TEXT), ["r"], emergency=True)
    for i in range(uses):
        svc.record_outcome("u", f"rule:{rule.id}", i >= failures, f"warm{i}")
    return f"rule:{rule.id}"


SKILL = """---
name: deep-research
description: Multi-round research. Use when asked to research 3 topics.
priority: 7
max_tokens: 1500
---

# Deep research

## 1. Frame the question

- Write the question in one sentence and list 3-6 sub-questions that together answer it.
- See step 2 below; `top_k: 9` is an example, not an instruction. Published 2024.

## 2. Search

1. Search with two differently worded queries.
2. Open the sources.
"""


def test_rule_based_proposals_cover_a_b_d() -> None:
    types = {p.type: p.variant for p in rule_based_proposals("1. search\n2. keep top 5\n3. write")}
    assert "top 3" in types["A"]
    assert types["B"].startswith("1. keep top 5\n2. search")
    assert "do not know" in types["D"]


def test_parameter_tweaks_skip_frontmatter_headings_references_and_code() -> None:
    # Issue #21: the first integer used to be the frontmatter's `priority: 7`, a matcher tie-breaker.
    proposals = rule_based_proposals(SKILL)
    tweaks = [p for p in proposals if p.type == "A"]
    assert len(tweaks) == 1
    (tweak,) = tweaks
    assert "list 3-4 sub-questions" in tweak.variant
    assert tweak.variant.replace("3-4 sub-questions", "3-6 sub-questions") == SKILL  # nothing else touched
    assert "3-4 sub-questions" in tweak.expected_change and "3-6 sub-questions" in tweak.expected_change
    swap = next(p for p in proposals if p.type == "B")
    assert swap.variant.startswith("---\nname: deep-research\n")
    assert "1. Open the sources.\n2. Search with two" in swap.variant
    assert (
        swap.expected_change
        == "the agent does “Open the sources.” before “Search with two differently worded queries.”"
    )
    for p in proposals:
        assert changes_behaviour(SKILL, p.variant) and p.expected_change


def test_thresholds_and_limits_are_tweaked_with_their_expected_change() -> None:
    (tweak,) = [p for p in rule_based_proposals("Accept a match with similarity ≥ 0.8, else ask.") if p.type == "A"]
    assert "≥ 0.7" in tweak.variant and "accepted" in tweak.expected_change
    texts = [
        p.variant for p in rule_based_proposals("Retry at most 4 times, wait 30 seconds between tries") if p.type == "A"
    ]
    assert texts == [
        "Retry at most 2 times, wait 30 seconds between tries",
        "Retry at most 4 times, wait 18 seconds between tries",
    ]
    assert not [p for p in rule_based_proposals("Use Python 3.11 and read section 4 of the guide") if p.type == "A"]


def test_frontmatter_only_variants_are_refused(svc: ReflectionService) -> None:
    assert not changes_behaviour(SKILL, SKILL.replace("priority: 7", "priority: 4"))
    target = _eligible_rule(svc)
    with pytest.raises(ReflectionInputError, match="only the frontmatter"):
        svc.mutations.propose("u", target, "A", variant=f"---\npriority: 4\n---\n{TEXT}")


@pytest.mark.parametrize(("uses", "failures", "why"), [(9, 0, "needs 10"), (10, 2, "below 0.85")])
def test_only_proven_targets_are_mutated(svc: ReflectionService, uses: int, failures: int, why: str) -> None:
    target = _eligible_rule(svc, uses, failures)
    with pytest.raises(ReflectionInputError, match=why):
        svc.mutations.propose("u", target)


def test_type_d_waits_for_approval(svc: ReflectionService) -> None:
    target = _eligible_rule(svc)
    m = svc.mutations.propose("u", target, "D")
    assert (m.risk, m.status) == ("HIGH", "awaiting_approval")
    assert svc.mutations.variant_for("u", target, "x").arm == "original"  # no test yet
    with pytest.raises(ReflectionInputError, match="already has a mutation"):
        svc.mutations.propose("u", target, "A")
    assert svc.mutations.approve("u", m.id, True).status == "testing"


def _run_ab(svc: ReflectionService, target: str, original_ok: list[bool], variant_ok: list[bool]) -> list[str]:
    arms = []
    o, v = iter(original_ok), iter(variant_ok)
    for i in range(len(original_ok) + len(variant_ok)):
        if not any(m.status == "testing" for m in svc.mutations.all("u", target)):
            break  # decided
        variant = svc.mutations.variant_for("u", target, f"ab{i}")
        assert svc.mutations.variant_for("u", target, f"ab{i}").arm == variant.arm  # idempotent per task
        arms.append(variant.arm)
        svc.record_outcome("u", target, next(o) if variant.arm == "original" else next(v), f"ab{i}")
    return arms


def test_alternation_and_keep(svc: ReflectionService) -> None:
    target = _eligible_rule(svc)
    m = svc.mutations.propose("u", target, "A")
    assert (m.type, m.risk, m.status) == ("A", "LOW", "testing") and "top 3" in m.variant
    assert "keep the top 3 results" in m.expected_change and "keep the top 5 results" in m.expected_change
    arms = _run_ab(svc, target, [True, False, True, False, True, False, True, False], [True] * 8)
    assert arms == ["original", "variant"] * 5  # decided after 10 uses: 0.6 vs 1.0, z ≈ 1.6
    m = svc.mutations.get("u", m.id)
    assert m.status == "kept" and m.decision is not None and m.decision.variant_rate == 1.0
    rule = svc.rules.get("u", target.removeprefix("rule:"))
    assert rule.text == m.variant and rule.version == 2  # kept variant replaces the original, old text kept


def test_discard(svc: ReflectionService) -> None:
    target = _eligible_rule(svc)
    m = svc.mutations.propose("u", target, "A")
    _run_ab(svc, target, [True] * 5, [False, False, True, False, False])
    m = svc.mutations.get("u", m.id)
    assert m.status == "discarded"
    assert svc.rules.get("u", target.removeprefix("rule:")).text == TEXT


def test_inconclusive_rounds_then_original_stays(svc: ReflectionService) -> None:
    target = _eligible_rule(svc)
    m = svc.mutations.propose("u", target, "A")
    _run_ab(svc, target, [True] * 20, [True] * 20)
    m = svc.mutations.get("u", m.id)
    assert m.status == "inconclusive" and m.rounds == 4
    assert svc.mutations.variant_for("u", target, "later").arm == "original"


def test_hand_written_variant(svc: ReflectionService) -> None:
    target = _eligible_rule(svc)
    m = svc.mutations.propose("u", target, "C", variant="Query the news API, keep the top 5, then summarise")
    assert (m.method, m.risk, m.status) == ("manual", "MEDIUM", "testing")
    assert m.expected_change == f"the agent now reads “{m.variant}” instead of “{TEXT}”"


@pytest.mark.parametrize("skill", sorted(Path(__file__).resolve().parents[3].glob("skills/*/SKILL.md")), ids=str)
def test_no_bundled_skill_gets_a_behaviour_neutral_proposal(skill: Path) -> None:
    text = skill.read_text(encoding="utf-8")
    front = split_frontmatter(text)[0]
    assert front  # every bundled skill has frontmatter, so the check below is not vacuous
    for proposal in rule_based_proposals(text):
        assert proposal.variant.startswith(front), proposal.type  # frontmatter untouched
        assert changes_behaviour(text, proposal.variant) and proposal.expected_change
