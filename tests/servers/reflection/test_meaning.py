"""Relevance of a task to goals and drives, and "the same request in other words": by words, and by USE."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from servers.core.embedding import LazyEmbedder, create_embedder
from servers.reflection.meaning import Meaning, contains_request, lexical, same_by_words, words_by_stem
from servers.reflection.models import TaskReport
from servers.reflection.service import ReflectionService


@pytest.fixture(scope="module")
def use() -> LazyEmbedder:
    lazy = create_embedder("use")
    lazy.get()  # the real model, loaded once for the module
    return lazy


def test_a_requests_opening_verb_is_not_what_it_is_about() -> None:
    assert "book" not in words_by_stem("book a flight to Chengdu").values()
    assert "book" in words_by_stem("finish the book by August").values()
    assert lexical("book a flight to Chengdu on the 15th", "book: translate the novel into English") == 0.0


def test_the_same_request_by_words_needs_more_than_one_shared_topic_word() -> None:
    routine = ["summarize today's news headlines", "give me a summary of today's news headlines"]
    assert same_by_words("summarize today's top news headlines", routine) == [True, True]
    # one word in common is a topic the user keeps coming back to, not one request asked again
    assert same_by_words("tune the postgres vacuum", ["upgrade postgres to 17", "postgres index bloat"]) == [
        False,
        False,
    ]


def test_the_same_request_in_other_words_by_meaning(use: LazyEmbedder) -> None:
    meaning = Meaning(None, use)
    earlier = [
        "write up the minutes of today's standup",
        "turn the standup discussion into minutes",
        "summarize this morning's standup as meeting minutes",
        "fix the login bug",
    ]
    assert meaning.same("make minutes from today's standup", earlier) == [True, True, True, False]


def test_by_meaning_only_a_clear_nearest_goal_scores_and_chinese_pairs_need_more(use: LazyEmbedder) -> None:
    meaning = Meaning(None, use)
    goals = ["gaokao: 帮高三学生备战今年高考", "reading: 多读书，提高文学素养"]
    fits, method = meaning.scores("帮我出一份高考语文模拟卷", goals)
    # the other goal keeps only its shared words (some, once the word renderings have loaded): no initiative
    assert method == "semantic" and fits[0] > 0.2 and fits[1] * 0.71 < 0.10
    # a class notice sits as near the exam goal as an English task that serves its goal would, but two Chinese
    # texts are near each other whatever they say: below the Chinese floor it is no initiative
    notice, _ = meaning.scores("帮我写一条班级群通知：明天停水", goals)
    assert notice[0] * 0.71 < 0.10


def test_a_routine_in_other_words_is_a_pattern_and_no_inferred_goal(
    make_service: Callable[..., ReflectionService], use: LazyEmbedder
) -> None:
    svc = make_service(second=use)
    for i, task in enumerate(
        [
            "write up the minutes of today's standup",
            "turn the standup discussion into minutes",
            "summarize this morning's standup as meeting minutes",
        ]
    ):
        svc.reflect(TaskReport(task=task, outcome="success", task_id=f"s{i}"), "u")
    assert [b for b in svc.users.get("u", include_all=True).beliefs if b.kind == "goal"] == []
    report = svc.proactive.evaluate("u", "make minutes from today's standup")
    assert [i.type for i in report.initiatives] == ["pattern_suggestion"]
    assert "4 times" in report.initiatives[0].message  # three earlier and this one


def test_a_teachers_exam_goal_by_meaning_and_not_for_a_class_notice(
    make_service: Callable[..., ReflectionService], use: LazyEmbedder
) -> None:
    svc = make_service(second=use)
    svc.users.signal("u", "gaokao", "帮高三学生备战今年高考", "explicit", belief_kind="goal")
    svc.users.signal("u", "reading", "多读书，提高文学素养", "explicit", belief_kind="drive", intensity=4)
    served = svc.proactive.evaluate("u", "帮我出一份高考语文模拟卷")
    assert [i.source for i in served.initiatives] == ["goal:gaokao"] and served.method == "semantic"
    assert svc.proactive.evaluate("u", "帮我写一条班级群通知：明天停水").initiatives == []


def test_a_chinese_word_shared_is_one_topic_and_a_task_with_more_in_common_is_the_same_request() -> None:
    # 文言文 is two character pairs (文言, 言文) but one word: three requests about it are a topic
    assert same_by_words("文言文翻译一下", ["帮我讲讲这篇文言文"]) == [False]
    assert same_by_words("出一份文言文练习，15道左右", ["出份文言文练习 10道题左右"]) == [True]


def test_a_request_with_its_material_pasted_in_is_the_earlier_request_again() -> None:
    long = "handover notes pls: bed 4 post-op CABG day 1, extubated 0600, on 2L nasal cannula"
    assert contains_request(long, "write handover notes for the night shift")
    assert same_by_words(long, ["tidy up my handover notes for nights"]) == [True]
    assert contains_request("写一条家长群通知：下周三期中考试，请家长督促孩子复习", "写个家长群通知，下周一开家长会")
    # without material the whole request was compared already; with it, a head about something else is no match
    assert not contains_request("what should i eat on a night shift so i can fall asleep after", "write handover notes")
    assert not contains_request(
        "fluids for bed 4: post-op day 1, extubated", "write handover notes for the night shift"
    )


def test_by_meaning_a_request_with_its_material_pasted_in_is_the_routine(use: LazyEmbedder) -> None:
    meaning = Meaning(None, use)
    earlier = ["write handover notes for the night shift", "help me fit my readings around 3 night shifts"]
    # the encoder alone puts the whole request far from the routine (its material is most of it); words do not
    assert meaning.same("handover notes pls: bed 4 post-op CABG day 1, extubated 0600", earlier) == [True, False]


def test_one_word_in_common_does_not_outweigh_meaning(use: LazyEmbedder) -> None:
    meaning = Meaning(None, use)
    sources = [
        "holidays: get all the christmas pre-orders out the door by Dec 23",
        "regulars: keep my regular customers happy, they're why we're still open",
    ]
    task = "make a sign for the front door: closed dec 25 and 26, regular hours after that"
    words = [lexical(task, s) for s in sources]
    fits, method = meaning.scores(task, sources)
    assert method == "semantic" and words[1] > 0  # "regular" is shared ...
    assert fits[1] == 0.0  # ... but in another sense, and USE finds the task nearer the holidays
    assert fits[0] > 0


def test_one_word_in_common_counts_where_meaning_puts_the_text_near_too(use: LazyEmbedder) -> None:
    meaning = Meaning(None, use)
    sources = [
        "family: spend quality time with my kids",
        "fitness: get back in shape",
        "wedding: organise my sister's wedding in October",
    ]
    fits, _ = meaning.scores("plan this week's family dinners", sources)
    assert fits[0] > 0  # one word, and USE puts the drive near the task (whichever text it puts nearest)
