"""Whose matter a task is: another person's affair serves no goal of the user's that does not name them."""

from __future__ import annotations

import pytest

from servers.reflection.service import ReflectionService
from servers.reflection.whose import occasion, others, someone_elses


@pytest.mark.parametrize(
    ("task", "people"),
    [
        ("my cousin is applying to MBA programs, can you proofread her essay", {"cousin"}),
        ("我侄子今年高考完了，志愿选计算机还是金融好", {"侄子"}),
        ("help me write a toast for my sister's big day", {"sister"}),
        ("find a birthday gift for my mom", set()),  # done for her, by the user: the user's own task
        ("给我女儿买个礼物", set()),
        ("周末带女儿去哪玩", set()),
        ("plan my study time around next week's shifts", set()),
        # a possessive typed without its apostrophe, and grandchildren
        ("my grandsons christmas play at school is tuesday at 2, what should he wear", {"grandson"}),
        ("my sisters wedding is in june, help with the seating plan", {"sister"}),
        ("my grandsons and I want to bake bread this weekend", set()),
    ],
)
def test_the_people_whose_matter_a_task_is(task: str, people: set[str]) -> None:
    assert others(task) == people


def test_a_goal_that_names_the_person_still_fits() -> None:
    assert someone_elses("my cousin is applying to MBA programs", "mba: complete the part-time MBA")
    assert not someone_elses("help me write a toast for my sister's big day", "wedding: organise my sister's wedding")
    assert not someone_elses("draft my MBA application essay", "mba: complete the part-time MBA")


def test_another_persons_matter_gets_no_initiative_from_the_users_own_goal(svc: ReflectionService) -> None:
    svc.users.signal("u", "mba", "complete the part-time MBA program", "explicit", belief_kind="goal")
    mine = svc.proactive.evaluate("u", "summarise the MBA program reading list")
    assert [i.source for i in mine.initiatives] == ["goal:mba"]
    theirs = svc.proactive.evaluate("u", "my cousin is applying to MBA programs, proofread her essay")
    assert theirs.initiatives == []


@pytest.mark.parametrize(
    ("task", "people"),
    [
        ("what does 'sleep hygiene' mean for a toddler, asking for my sister", {"sister"}),
        ("asking for a friend: is a 38.5 fever worth a doctor", {"friend"}),
        ("explain the exam my patient is getting tomorrow, a TEE", {"patient"}),
        ("替我同学问一下，考研报哪个学校好", {"同学"}),
        ("儿子问我月亮为什么会跟着车走", {"儿子"}),  # the son's question, said first
        ("孙女让我帮她看看作文", {"孙女"}),
        ("我问闺女周末想去哪玩", set()),  # the user asks: their own matter
        ("write a thank you card for my preceptor", set()),
    ],
)
def test_a_question_asked_for_someone_else_is_theirs(task: str, people: set[str]) -> None:
    assert others(task) == people


def test_someone_the_task_points_at_is_served_by_no_goal_of_the_users() -> None:
    drive = "孩子: 多关心自己女儿的学习和情绪"
    assert someone_elses("帮我写一段学生期末评语，这个孩子很内向", drive)
    assert someone_elses("how do I explain a TEE to this patient", "exam: pass the CCRN exam")
    assert not someone_elses("女儿最近回家就关房门，我该怎么跟她聊", drive)


@pytest.mark.parametrize(
    ("task", "people"),
    [
        ("my cousin passed her driving exam!! write her a cute congrats text", {"cousin"}),
        ("my son broke his arm, what should he eat", {"son"}),
        ("caption for the Hendersons' barn wedding carousel", {"henderson"}),
        ("write Tom's birthday card", {"tom"}),
        ("reply to Tom's email about the launch", set()),  # a message of his, not his occasion
        ("I passed the exam", set()),
        ("我朋友的婚礼要致辞", {"朋友"}),
        ("同事的孩子考上大学了，写个祝贺", {"同事"}),
        ("周末带女儿去哪玩", set()),
    ],
)
def test_what_someone_did_and_someones_occasion_are_theirs(task: str, people: set[str]) -> None:
    assert others(task) == people


def test_a_clients_occasion_does_not_serve_the_users_own_goal(svc: ReflectionService) -> None:
    svc.users.signal("p", "season", "book 20 weddings for the 2027 season", "explicit", belief_kind="goal")
    assert svc.proactive.evaluate("p", "caption for the Hendersons' barn wedding carousel").initiatives == []
    assert [i.source for i in svc.proactive.evaluate("p", "how do I get more wedding bookings").initiatives] == [
        "goal:season"
    ]


def test_an_in_law_is_not_the_relative_the_word_opens_with() -> None:
    """ "my father-in-law's retirement speech" is the father-in-law's, and a drive about the user's own father does
    not name him."""
    assert others("ideas for my father-in-law's retirement speech") == {"father-in-law"}
    assert someone_elses("ideas for my father-in-law's retirement speech", "dad: call my father every Sunday")
    assert not someone_elses("ideas for my father's retirement speech", "dad: call my father every Sunday")


def test_a_question_passed_on_from_someone_is_theirs() -> None:
    """Someone's question relayed in the task ("colleague is moving flat too, asks whether …") is their matter."""
    task = "colleague is moving flat too, asks whether a van is cheaper than movers"
    assert others(task) == {"colleague"}
    assert someone_elses(task, "move: move into the new flat by March")
    assert others("what should I ask the landlord about the deposit") == set()


def test_someone_elses_school_or_workplace_said_first_is_theirs() -> None:
    """儿子幼儿园要办亲子运动会: the son's kindergarten's event, not the user's own work."""
    assert others("儿子幼儿园要办亲子运动会，帮忙想几个游戏") == {"儿子"}
    assert someone_elses("儿子幼儿园要办亲子运动会，帮忙想几个游戏", "年会: 把公司年会的运动会办好")


@pytest.mark.parametrize(
    ("task", "people"),
    [
        ("cousin is moving to berlin, which neighbourhoods are nice", {"cousin"}),
        ("grandma keeps forgetting her pills, any reminder apps", {"grandma"}),
        ("boyfriend trying out for the choir, how should he warm up", {"boyfriend"}),
        ("brother stuck on level 12 of the puzzle game, hints?", {"brother"}),
        ("friendship bracelets for the school fair, patterns?", set()),
    ],
)
def test_a_relative_named_first_without_my_is_still_theirs(task: str, people: set[str]) -> None:
    """Chat drops the "my": "nephew stuck in …", "niece is doing …" are the relative's matter as "my nephew is"."""
    assert others(task) == people


def test_a_relative_named_first_gets_no_initiative_from_the_users_own_goal(svc: ReflectionService) -> None:
    svc.users.signal("r", "marathon", "run the Berlin marathon in under 4 hours", "explicit", belief_kind="goal")
    assert svc.proactive.evaluate("r", "sister training for a marathon too, which shoes for her").initiatives == []


def test_someone_elses_occasion_serves_no_source_that_names_only_them() -> None:
    """A toast for a colleague's wedding does not serve a goal about that colleague's work: the matter is the
    occasion, which the goal must name (the person alone is not enough). The user's own occasion stays theirs."""
    mentor = "mentor: coach Marco through his first year as team lead"
    assert someone_elses("Marco is getting married in June, help with a toast", mentor)
    assert not someone_elses("Marco is getting married in June, help with a toast", "wedding: plan Marco's wedding")
    handover = "接班: 跟着老李学会整条产线的排产"
    assert someone_elses("老李下个月退休,帮我写几句送别的话", handover)
    assert not someone_elses("老李下个月退休,帮我写几句送别的话", "送别: 给老李办一场像样的退休欢送会")
    health = "health: get dad's blood pressure under control"
    assert someone_elses("dad turns 70 in may, ideas for a small party", health)
    assert not someone_elses("dad turns 70 in may, ideas for a small party", "party: plan dad's 70th birthday")
    assert occasion("I turn 40 next week, what should I do") == ()
    assert occasion("我下个月结婚，帮我写请柬") == ()
    assert occasion("how do I turn 180 degrees on a snowboard") == ()


@pytest.mark.parametrize(
    ("task", "people"),
    [
        ("给同事家的女儿挑个生日礼物", {"同事"}),
        ("祝贺朋友家孩子拿了钢琴比赛第一名，帮我写几句话", {"朋友"}),
        ("the neighbours' son wants to borrow my ladder, is that wise", {"neighbour"}),
        ("a friend's daughter needs a reference letter", {"friend"}),
        ("我家孩子周末想去哪玩", set()),  # the user's own household
        ("周末去朋友家吃饭", set()),  # a friend's home, no one of theirs
    ],
)
def test_a_child_of_someone_elses_household_is_theirs(task: str, people: set[str]) -> None:
    """A neighbour's or colleague's child, said without "my" (邻居家孩子, "the neighbours' son"), is their family's
    matter: a drive about the user's own daughter is not served by a gift for a colleague's (#36)."""
    assert others(task) == people
    assert someone_elses("给同事家的女儿挑个生日礼物", "女儿: 多陪陪女儿")
