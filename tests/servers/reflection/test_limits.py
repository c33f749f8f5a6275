"""Limits a user states against a draft, through the reflection service's gap detection (real SQLite user model)."""

from __future__ import annotations

import pytest

from servers.reflection.service import ReflectionService


def _conflicts(svc: ReflectionService, user: str, dimension: str, value: str, draft: str) -> list[str]:
    svc.users.signal(user, dimension, value, "explicit")
    return [s.kind for s in svc.proactive.gaps(user, "t", draft, []).draft_signals]


@pytest.mark.parametrize(
    ("dimension", "value", "draft", "conflict"),
    [
        ("diet", "vegan", "Try a spinach omelette with feta.", True),
        ("diet", "vegan", "Tofu stir fry with rice.", False),
        ("diet", "vegetarian", "Grilled salmon with greens.", True),
        ("allergy", "peanuts", "Add a handful of peanuts on top.", True),
        ("allergy", "nut allergy", "Top with crushed walnuts.", True),
        ("allergy", "nut allergy", "This recipe is nut-free and uses sunflower seeds.", False),
        ("drink", "no alcohol", "Pair it with a glass of red wine.", True),
        ("drink", "no alcohol", "Pair it with sparkling water.", False),
        ("drink", "no alcohol", "Pair it with a non-alcoholic beer.", False),
        ("饮食", "不吃辣", "推荐麻辣香锅。", True),
        ("budget", "under $100 per night", "The Grand costs $240 per night.", True),
        ("budget", "under $100 per night", "The Inn costs $85 per night.", False),
        ("预算", "每晚不超过500元", "这家酒店每晚880元。", True),
        ("commute", "no more than 40 minutes each way", "The flat in Leith is about an hour from the office.", True),
        ("commute", "no more than 40 minutes each way", "The flat is 25 minutes from the office.", False),
        ("出行", "骑车半小时以内", "推荐去东湖绿道，骑过去要一个半小时。", True),
        ("seat", "window", "I booked you an aisle seat.", True),
        ("seat", "window", "I booked you a window seat.", False),
        ("hotel", "non-smoking", "A smoking room on floor 3.", True),
        ("hotel", "non-smoking", "A non-smoking room on floor 3.", False),
    ],
)
def test_a_draft_past_a_stated_limit_is_a_preference_conflict(
    svc: ReflectionService, dimension: str, value: str, draft: str, conflict: bool
) -> None:
    kinds = _conflicts(svc, "u", dimension, value, draft)
    assert kinds == (["preference_conflict"] if conflict else [])


@pytest.mark.parametrize(
    ("dimension", "value", "draft", "conflict"),
    [
        ("flights", "no red-eyes", "Alaska 1121 departs 11:55 pm and lands 2:58 am, $189.", True),
        ("flights", "no red-eyes", "Delta 12 departs 9:10 am and lands 12:20 pm.", False),
        ("flights", "no red-eyes", "The cheapest is a red-eye at $150.", True),
        ("flights", "不坐红眼航班", "推荐 23:30 起飞的航班，最便宜。", True),
        ("salary", "不低于 SGD 8k/月", "I'm flexible on compensation, happy to go with whatever the budget is.", True),
        ("salary", "at least $90 per hour", "My rate is $75 per hour.", True),
        ("salary", "at least $90 per hour", "My rate is $95 per hour.", False),
        ("style", "不要用表情符号", "各位亲～🎉 明天上午10点开会哦", True),
        ("style", "不要用表情符号", "各位好，明天上午10点开会。", False),
    ],
)
def test_night_flights_a_least_given_up_and_a_chinese_not_using(
    svc: ReflectionService, dimension: str, value: str, draft: str, conflict: bool
) -> None:
    assert ("preference_conflict" in _conflicts(svc, "u", dimension, value, draft)) is conflict


@pytest.mark.parametrize(
    ("dimension", "value", "draft", "conflict"),
    [
        ("flights", "no early morning flights", "The Paris flight leaves at 6:15 am.", True),
        ("flights", "no early morning flights", "The Paris flight leaves at 9:15 am.", False),
        ("evenings", "no late nights", "Dinner at 9:30 pm works.", True),
        ("meetings", "no weekends", "Let's schedule the call for Saturday morning.", True),
        ("meetings", "no weekends", "Let's schedule the call for Monday morning.", False),
        ("会议", "周末不开会", "那就定在周六上午十点。", True),
        ("tone", "casual, friendly", "Dear Professor Lee, I am writing to formally request an extension.", True),
        ("units", "metric", "The hike is 12 miles round trip.", True),
    ],
)
def test_a_part_of_the_day_or_week_kept_free_and_a_letter_too_stiff(
    svc: ReflectionService, dimension: str, value: str, draft: str, conflict: bool
) -> None:
    assert ("preference_conflict" in _conflicts(svc, "u", dimension, value, draft)) is conflict


def test_other_languages_and_a_bound_said_with_nothing(svc: ReflectionService) -> None:
    """German, Portuguese or Italian wanted and a draft in English; "nothing after 8pm" bounds the hour (#36)."""
    english = "Hi Jens, see you at the fair on Friday, it will be great to catch up with the whole team."
    assert _conflicts(svc, "l1", "language", "German with clients", english) == ["preference_conflict"]
    assert _conflicts(svc, "l2", "language", "Portuguese", english) == ["preference_conflict"]
    assert _conflicts(svc, "l3", "language", "Portuguese", "Oi Ana, chego amanhã, beijos e obrigado pela ajuda!") == []
    assert _conflicts(svc, "l4", "schedule", "nothing after 8pm", "Let's do the call at 9:15pm on Thursday.") == [
        "preference_conflict"
    ]
    assert _conflicts(svc, "l5", "schedule", "nothing after 8pm", "Let's do the call at 6pm on Thursday.") == []
