"""Promotion: confidence filter, three independent reflections, contradictions, emergency path."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from servers.core.embedding import LazyEmbedder
from servers.reflection.service import ReflectionService
from tests.servers.reflection.conftest import lesson, report

BACKENDS = ("sqlite", "postgresql")  # every test here runs on both stores (see conftest)

RULE = "Ask for the date range before searching news"


def _reflect(svc: ReflectionService, text: str, task: str, **kw: str) -> list[str]:
    return svc.reflect(report(task=task, task_id=task, strategies=[lesson(text, **kw)]), "u").promoted


def test_third_independent_reflection_promotes(svc: ReflectionService) -> None:
    assert _reflect(svc, RULE, "t1") == []
    assert _reflect(svc, RULE, "t2") == []
    assert svc.rules.all("u") == []
    promoted = _reflect(svc, RULE, "t3")
    [rule] = svc.rules.all("u")
    assert promoted == [rule.id] and rule.status == "probation" and rule.text == RULE
    assert len(rule.sources) == 3
    audit = svc.store.audit_entries("u", rule.id, 10)
    assert audit[0].action == "created"


def test_low_confidence_never_promotes(svc: ReflectionService) -> None:
    for t in ("t1", "t2", "t3", "t4"):
        _reflect(svc, RULE, t, confidence="LOW")
    assert svc.rules.all("u") == []


def test_the_same_task_counts_once(svc: ReflectionService) -> None:
    for _ in range(4):
        _reflect(svc, RULE, "same-task")
    _reflect(svc, RULE, "other-task")
    assert svc.rules.all("u") == []


def test_later_agreement_reinforces_instead_of_duplicating(svc: ReflectionService) -> None:
    for t in ("t1", "t2", "t3"):
        _reflect(svc, RULE, t)
    refl = svc.reflect(report(task_id="t4", strategies=[lesson(RULE)]), "u")
    [rule] = svc.rules.all("u")
    assert refl.promoted == [rule.id]
    assert rule.agrees == 1 and rule.importance == 3


def test_contradiction_is_reported_not_applied(svc: ReflectionService) -> None:
    for t in ("t1", "t2", "t3"):
        _reflect(svc, RULE, t)
    refl = svc.reflect(
        report(task_id="t9", strategies=[lesson("Never ask for the date range before searching news")]), "u"
    )
    [rule] = svc.rules.all("u")
    assert rule.text == RULE and rule.version == 1 and rule.disagrees == 1  # untouched, one downvote
    [contra] = svc.contradictions("u")
    assert refl.contradictions == [contra.id] and contra.rule_id == rule.id and not contra.escalate
    resolved = svc.resolve_contradiction("u", contra.id, "replace")
    assert resolved.status == "replaced"
    rule = svc.rules.get("u", rule.id)
    assert rule.version == 2 and rule.text.startswith("Never")


def test_reordering_is_a_contradiction(svc: ReflectionService) -> None:
    for t in ("t1", "t2", "t3"):
        _reflect(svc, "Search the sources before planning the report", t)
    _reflect(svc, "Plan the report before searching the sources", "t4")
    assert len(svc.contradictions("u")) == 1


def test_emergency_path_skips_repetition(svc: ReflectionService) -> None:
    promoted = _reflect(
        svc, "Never paste credentials into `http_post` bodies", "t1", confidence="HIGH", severity="HIGH"
    )
    [rule] = svc.rules.all("u")
    assert promoted == [rule.id] and rule.status == "active" and rule.emergency


def test_high_confidence_alone_is_not_an_emergency(svc: ReflectionService) -> None:
    assert _reflect(svc, RULE, "t1", confidence="HIGH", severity="MEDIUM") == []


def test_escalation_when_a_high_severity_strategy_contradicts(svc: ReflectionService) -> None:
    _reflect(svc, "Always confirm before deleting files", "t1", confidence="HIGH", severity="HIGH")
    _reflect(svc, "Never confirm before deleting files", "t2", severity="HIGH")
    [contra] = svc.contradictions("u")
    assert contra.escalate


def test_users_are_isolated(svc: ReflectionService) -> None:
    for user, t in (("a", "t1"), ("b", "t2"), ("a", "t3")):
        svc.reflect(report(task_id=t, strategies=[lesson(RULE)]), user)
    assert svc.rules.all("a") == [] and svc.rules.all("b") == []


PARAPHRASES = [
    "Retry `web_fetch` once when it times out before switching to another source",
    "When `web_fetch` times out, try it again one time before using a different source",
    "If `web_fetch` times out, retry the fetch once before trying other sources",
]
OTHERS = [
    "Check the arguments of `file_write` against its schema before calling it",
    "Reuse the result of `web_search` instead of calling it again with the same query",
    "Summarize search results in bullet points",
]


@pytest.mark.parametrize("semantic", [True, False])
def test_same_strategy_matched_by_meaning(
    make_service: Callable[..., ReflectionService], embedder: LazyEmbedder, semantic: bool
) -> None:
    svc = make_service(embedder=embedder) if semantic else make_service()
    for i, other in enumerate(OTHERS):
        _reflect(svc, other, f"noise{i}")
    for i, text in enumerate(PARAPHRASES):
        _reflect(svc, text, f"p{i}")
    rules = svc.rules.all("u")
    if semantic:
        assert svc.matcher.method == "semantic"
        assert [r.text for r in rules] == [PARAPHRASES[0]]
    else:
        # Token-set similarity misses the loosest paraphrase: fewer promotions, never false ones.
        assert all(r.text in PARAPHRASES for r in rules)


REFUSED = [("http_post", "refused: body contains an API key")]
STATED = "Never paste API keys or passwords into `http_post` request bodies"


def test_stated_lesson_and_diagnosis_of_the_same_failure_become_one_rule(svc: ReflectionService) -> None:
    refl = svc.reflect(
        report(task_id="t1", outcome="failure", steps=REFUSED, strategies=[lesson(STATED, "HIGH", severity="HIGH")]),
        "u",
    )
    # Both accounts reach promotion as emergencies; without the merge each would become an active rule.
    derived = [s for s in refl.strategies if s.strategy != STATED]
    assert [(s.confidence, s.severity) for s in derived] == [("HIGH", "HIGH")]
    assert "secrets" in derived[0].strategy and "`http_post`" in derived[0].strategy
    [rule] = svc.rules.all("u")
    assert refl.promoted == [rule.id] and rule.status == "active" and rule.text == STATED
    assert rule.sources == [refl.id]
    assert "tasks that call http_post" in rule.scenario
    assert rule.agrees == 0 and rule.importance == 2  # one task: folded-in evidence, not an agreement
    merged = [e for e in svc.store.audit_entries("u", rule.id, 10) if e.action == "merged"]
    assert [m.detail["strategy"] for m in merged] == [derived[0].strategy]


@pytest.mark.parametrize(
    "stated",
    [
        "Never call `http_post` without a timeout",  # same tool and polarity, another kind of failure
        "Never send `http_post` requests to a host the user did not name",  # no kind of failure named
    ],
)
def test_different_lessons_about_one_tool_stay_two_rules(svc: ReflectionService, stated: str) -> None:
    refl = svc.reflect(
        report(task_id="t1", outcome="failure", steps=REFUSED, strategies=[lesson(stated, "HIGH", severity="HIGH")]),
        "u",
    )
    rules = svc.rules.all("u")
    assert len(rules) == 2 and sorted(refl.promoted) == sorted(r.id for r in rules)
    assert {r.text for r in rules} - {stated} == {"Never pass secrets or credentials in the arguments of `http_post`"}
