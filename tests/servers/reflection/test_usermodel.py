"""User adaptation (002 §4.3): beliefs, signal strengths, choices, contradictions, the 0.6 threshold."""

from __future__ import annotations

import pytest

from servers.reflection.service import ReflectionService
from servers.reflection.usermodel import feedback_signals

BACKENDS = ("sqlite", "postgresql")  # every test here runs on both stores (see conftest)


def test_explicit_signal_creates_a_confident_belief(svc: ReflectionService) -> None:
    result = svc.users.signal("u", "Verbosity", "concise", "explicit")
    assert result.applied and result.belief is not None
    assert (result.belief.dimension, result.belief.confidence, result.belief.evidence_count) == ("verbosity", 0.95, 1)
    assert result.belief.confirmed
    assert [b.value for b in svc.users.get("u").beliefs] == ["concise"]


def test_running_mean_update(svc: ReflectionService) -> None:
    svc.users.signal("u", "format", "table", "follow_up")  # 0.45
    b = svc.users.signal("u", "format", "table", "edit").belief  # (0.45·1 + 0.8) / 2
    assert b is not None and b.confidence == pytest.approx(0.625) and b.evidence_count == 2


def test_weak_beliefs_are_not_returned(svc: ReflectionService) -> None:
    svc.users.signal("u", "depth", "more examples", "follow_up")
    assert svc.users.get("u").beliefs == []
    assert [b.dimension for b in svc.users.get("u", include_all=True).beliefs] == ["depth"]


def test_choices_count_after_three_consistent_ones(svc: ReflectionService) -> None:
    assert not svc.users.signal("u", "style", "formal", "choice").applied
    assert not svc.users.signal("u", "style", "formal", "choice").applied
    assert not svc.users.signal("u", "style", "casual", "choice").applied  # inconsistent: restarts
    for _ in range(2):
        assert not svc.users.signal("u", "style", "formal", "choice").applied
    third = svc.users.signal("u", "style", "formal", "choice")
    assert third.applied and third.belief is not None and third.belief.confidence == 0.65


def test_silence_is_recorded_only(svc: ReflectionService) -> None:
    assert not svc.users.signal("u", "style", "formal", "silence").applied
    assert svc.users.get("u", include_all=True).beliefs == []


def test_contradictions_mark_needs_confirmation(svc: ReflectionService) -> None:
    for _ in range(4):
        svc.users.signal("u", "verbosity", "concise", "edit")
    b = svc.users.signal("u", "verbosity", "detailed", "follow_up").belief
    assert b is not None and b.value == "concise" and b.contradictions == 1 and not b.needs_confirmation
    assert b.confidence < 0.8
    b = svc.users.signal("u", "verbosity", "detailed", "edit").belief
    assert b is not None and b.contradictions == 2 and b.needs_confirmation  # 2 / 4 > 0.3 (1 / 4 was not)


def test_explicit_statement_replaces_the_value(svc: ReflectionService) -> None:
    svc.users.signal("u", "language", "English", "edit")
    b = svc.users.signal("u", "language", "Chinese", "explicit").belief
    assert b is not None and (b.value, b.confidence, b.contradictions) == ("Chinese", 0.95, 0)


def test_feedback_lexicon() -> None:
    assert feedback_signals("Too long, I prefer bullet points", "none") == [
        ("verbosity", "concise", "explicit"),
        ("format", "bullet points", "explicit"),
    ]
    assert feedback_signals("请用中文回答", "none") == [("language", "Chinese", "explicit")]
    assert feedback_signals("more detail on the costs?", "follow_up") == [("verbosity", "detailed", "follow_up")]
