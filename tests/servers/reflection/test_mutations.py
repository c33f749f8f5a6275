"""Mutations (002 §4.2): eligibility, types and risk, approval of D, A/B alternation and decisions."""

from __future__ import annotations

import pytest

from servers.reflection.models import ReflectionInputError, Strategy
from servers.reflection.mutations import rule_based_proposals
from servers.reflection.service import ReflectionService

BACKENDS = ("sqlite", "postgresql")  # every test here runs on both stores (see conftest)

TEXT = "Search the web, keep the top 5 results, then summarise them"


def _eligible_rule(svc: ReflectionService, uses: int = 10, failures: int = 0) -> str:
    rule = svc.rules.create("u", Strategy(strategy=TEXT), ["r"], emergency=True)
    for i in range(uses):
        svc.record_outcome("u", f"rule:{rule.id}", i >= failures, f"warm{i}")
    return f"rule:{rule.id}"


def test_rule_based_proposals_cover_a_b_d() -> None:
    types = {t: v for t, v, _ in rule_based_proposals("1. search\n2. keep top 5\n3. write")}
    assert "top 3" in types["A"]
    assert types["B"].startswith("1. keep top 5\n2. search")
    assert "do not know" in types["D"]


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
