"""User adaptation: beliefs, signal strengths, choices, contradictions, the 0.6 threshold."""

from __future__ import annotations

import pytest

from servers.reflection.feedback import parse_feedback
from servers.reflection.service import ReflectionService

BACKENDS = ("sqlite", "postgresql")  # every test here runs on both stores (see conftest)


def test_one_explicit_signal_is_used_but_not_confirmed(svc: ReflectionService) -> None:
    result = svc.users.signal("u", "Verbosity", "concise", "explicit")
    assert result.applied and result.belief is not None
    # 0.75 × 0.95: above the 0.6 bar (handed to a host at once) but one signal does not confirm a belief.
    assert (result.belief.dimension, result.belief.confidence, result.belief.evidence_count) == (
        "verbosity",
        0.712,
        1,
    )
    assert not result.belief.confirmed
    assert [b.value for b in svc.users.get("u").beliefs] == ["concise"]
    b = svc.users.signal("u", "verbosity", "concise", "explicit").belief
    assert b is not None and b.confidence == pytest.approx(1 - 0.2875**2, abs=1e-3) and b.confirmed


def test_confidence_grows_with_independent_evidence(svc: ReflectionService) -> None:
    b = svc.users.signal("u", "format", "table", "follow_up").belief  # 0.75 × 0.45
    assert b is not None and b.confidence == pytest.approx(0.3375, abs=1e-3)
    b = svc.users.signal("u", "format", "table", "edit").belief  # 1 − (1 − 0.3375)(1 − 0.6)
    assert b is not None and b.confidence == pytest.approx(0.735) and b.evidence_count == 2


def test_signals_from_one_source_count_once(svc: ReflectionService) -> None:
    for _ in range(3):
        b = svc.users.signal("u", "format", "table", "edit", source="task-1").belief
    assert b is not None and b.evidence_count == 1 and b.confidence == pytest.approx(0.6)
    b = svc.users.signal("u", "format", "table", "explicit", source="task-1").belief  # stronger: replaces
    assert b is not None and b.evidence_count == 1 and b.confidence == pytest.approx(0.712, abs=1e-3)
    b = svc.users.signal("u", "format", "table", "edit", source="task-2").belief
    assert b is not None and b.evidence_count == 2 and b.confidence > 0.85


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
    # Three consistent choices are three witnesses of 0.75 × 0.65 each.
    assert third.applied and third.belief is not None and third.belief.evidence_count == 3
    assert third.belief.confidence == pytest.approx(1 - (1 - 0.4875) ** 3, abs=1e-3)


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
    assert b is not None and (b.value, b.confidence, b.contradictions) == ("Chinese", 0.712, 0)


def _signals(feedback: str, reaction: str = "none") -> list[tuple[str | None, str | None, str, str]]:
    return [(p.dimension, p.value, p.kind, p.directive) for p in parse_feedback(feedback, reaction)]  # type: ignore[arg-type]


def test_feedback_lexicon() -> None:
    assert _signals("Too long, I prefer bullet points") == [
        ("verbosity", "concise", "explicit", "Too long"),
        ("format", "bullet points", "explicit", "I prefer bullet points"),
    ]
    assert _signals("请用中文回答") == [("language", "Chinese", "explicit", "用中文回答")]
    assert _signals("more detail on the costs?", "follow_up") == [
        ("verbosity", "detailed", "follow_up", "More detail on the costs")
    ]


def test_feedback_is_split_into_sentences_and_clauses() -> None:
    # Issue #21: three preferences in two sentences; a complaint without "I prefer" weighs as an edit.
    assert _signals("Too long. I prefer bullet points, and never use emojis.", "complained") == [
        ("verbosity", "concise", "edit", "Too long"),
        ("format", "bullet points", "explicit", "I prefer bullet points"),
        (None, None, "explicit", "Never use emojis"),
    ]
    assert _signals("太长了！我更喜欢表格，不要用表情符号。") == [
        ("verbosity", "concise", "follow_up", "太长了"),
        ("format", "table", "explicit", "我更喜欢表格"),
        (None, None, "explicit", "不要用表情符号"),
    ]
    # A negated preference says what the user does not want: kept as a directive, not as a belief.
    assert _signals("Don't use a table. Always search and summarise.") == [
        (None, None, "explicit", "Don't use a table"),
        (None, None, "explicit", "Always search and summarise"),
    ]
    assert _signals("Thanks, looks good! Python 3.11 is fine.") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("That answer is too long", [("verbosity", "concise")]),
        ("你写得太长了", [("verbosity", "concise")]),
        ("unit tests go in their own file, files are getting too long", []),
        ("the build takes too long on CI", []),
        ("这个函数太长了", []),
        # What the agent wrote is the subject, whatever code it was written on.
        ("the doc comments you wrote on the billing module were way too long", [("verbosity", "concise")]),
        ("the functions in the billing module are too long, split them", []),
        ("cut half of it next time", [("verbosity", "concise")]),
        ("cut the test suite's runtime in half", []),
        ("请详细解释一下这个配置", [("verbosity", "detailed")]),
        ("只要省市区和几个时间字段，详细地址、手机号不要", []),
    ],
)
def test_too_long_is_about_answers_not_about_code(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(p.dimension, p.value) for p in parse_feedback(text, "none") if p.dimension] == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "订单列表就用 RN 自带的 FlatList，别引第三方列表库",
        "New trip_waitlist table with departure_id and email, withTimezone like every other timestamp we have",
        "Add deep links to the share sheet, always with utm_source",
    ],
)
def test_words_of_code_are_no_answer_format(sentence: str) -> None:
    """A list page (订单列表), a database table, a deep link: things the code has, not how answers look."""
    assert [p.dimension for p in parse_feedback(sentence, "none") if p.dimension] == []


def test_an_answer_format_is_still_read() -> None:
    assert [(p.dimension, p.value) for p in parse_feedback("以后回答请用列表，分点说", "none") if p.dimension] == [
        ("format", "bullet points")
    ]
    assert [(p.dimension, p.value) for p in parse_feedback("Put the comparison in a table", "none") if p.dimension] == [
        ("format", "table")
    ]
