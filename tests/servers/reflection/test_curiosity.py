"""Gap detection before and after a task and the questions it asks, offline and with a model."""

from __future__ import annotations

from typing import Any

from servers.core.llm import LLMClient, LLMError
from servers.reflection.curiosity import detect_gaps
from servers.reflection.service import ReflectionService


def _asked(task: str, known: list[str] | None = None, draft: str | None = None) -> list[str]:
    return [q.need for q in detect_gaps(task, known or [], [], draft).questions]


def test_a_person_of_the_users_is_asked_about_unless_memory_knows_them() -> None:
    assert _asked("email my manager the quarterly report") == ["reference:manager"]
    assert _asked("email my manager the quarterly report", ["My manager is Dana Li (dana@example.com)"]) == []
    assert _asked("给我的导师发一封邮件，说明论文进度") == ["reference:导师"]
    assert _asked("给我的导师发一封邮件", ["我的导师是王教授，邮箱 wang@example.edu"]) == []


def test_travel_needs_a_date_and_budget_that_memory_may_already_hold() -> None:
    # Booking spends the user's money in their name: a step the agent leaves to them, asked first.
    assert _asked("book a flight to Tokyo for the conference") == ["action", "date_time", "budget"]
    held = detect_gaps(
        "book a flight for the conference next month",
        ["The conference is in Lisbon, 12-14 May", "Travel budget is 800 euros"],
        [],
        None,
    )
    holders = {n.name: n.holder for n in held.needs}
    assert holders == {"date_time": "task", "destination": "memory", "budget": "memory", "action": "user"}
    assert [q.need for q in held.questions] == ["action"]  # only the booking itself is left to the user
    assert next(n for n in held.needs if n.name == "budget").evidence == "Travel budget is 800 euros"


def test_a_fact_about_something_else_does_not_count_as_held() -> None:
    # A money amount about rent says nothing about a monitor's budget.
    assert _asked("buy a new monitor", ["Rent is 1200 dollars"]) == ["action", "budget"]


def test_plain_questions_of_fact_are_the_agents_to_look_up() -> None:
    report = detect_gaps("what is the capital of Australia?", [], [], None)
    assert [(n.name, n.holder) for n in report.needs] == [("lookup", "agent")] and report.questions == []


def test_questions_say_why_offer_choices_and_come_most_urgent_first() -> None:
    report = detect_gaps("write a talk abstract and call the venue", [], [], None)
    assert [q.need for q in report.questions] == ["action", "audience", "length"]
    length = report.questions[-1]
    assert length.options and length.why and length.default and length.urgency == "later"
    assert report.questions[0].urgency == "now"


def test_a_draft_that_hedges_hesitates_or_goes_against_a_preference_is_flagged(svc: ReflectionService) -> None:
    kinds = lambda draft: [s.kind for s in detect_gaps("t", [], [], draft).draft_signals]  # noqa: E731
    assert kinds("这篇文章可能是在讨论气候变化，不过我不确定作者的立场。") == ["hedging"]
    assert kinds("We could use PostgreSQL, or alternatively MongoDB; it depends on your needs.") == ["indecision"]
    assert kinds("Renamed `cnt` to `count` in parser.py and updated its three uses.") == []
    svc.users.signal("u", "verbosity", "concise", "explicit")
    report = svc.proactive.gaps("u", "answer the question", "background " * 120, [])
    assert [(s.kind, s.belief) for s in report.draft_signals] == [("preference_conflict", "verbosity")]
    question = report.questions[0]
    assert question.need == "draft:preference_conflict" and "concise" in question.question and question.options


class _Model(LLMClient):
    """A model that answers with what it is given (no network); a string that is not JSON fails like litellm."""

    def __init__(self, answer: Any) -> None:
        super().__init__(model="test/model")
        self.answer = answer

    def complete_json(self, prompt: str, *, system: str | None = None) -> Any:
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


def test_a_models_needs_are_used_and_a_bad_answer_falls_back_to_the_rules() -> None:
    good = _Model({"needs": [{"name": "deadline", "holder": "user"}, {"name": "lookup", "holder": "agent"}]})
    report = detect_gaps("send the invoice before the deadline", [], [], None, good)
    assert report.method == "llm" and [q.need for q in report.questions] == ["deadline"]
    for bad in (_Model({"needs": [{"name": "x", "holder": "somebody"}]}), _Model(LLMError("down"))):
        fallback = detect_gaps("send the invoice before the deadline", [], [], None, bad)
        assert fallback.method == "rules"
        assert [q.need for q in fallback.questions] == ["reference:invoice", "recipient", "deadline"]


def test_things_of_the_users_the_agent_cannot_see_are_asked_about_unless_memory_holds_them() -> None:
    assert _asked("reply to Tom's email and say yes") == ["reference:email"]
    assert _asked("reply to Tom's email and say yes", ["Tom wrote on Monday asking to move the demo"]) == []
    assert _asked("translate the NDA I signed last time into German") == ["reference:nda"]
    assert _asked("send the slides to the client") == ["reference:slides", "reference:client"]
    assert _asked("帮我回一下王总的邮件，就说没问题") == ["reference:邮件"]
    assert _asked("把上次那份合同翻译成英文") == ["reference:合同"]
    assert _asked("把上次那份合同翻译成英文", ["上次签的合同在 contracts/2024-acme.pdf"]) == []
    assert _asked("给客户发一下报价单") == ["reference:客户", "reference:报价单"]
    # Shown, or only talked about: nothing to ask.
    assert _asked("summarize this contract") == _asked("总结这篇文章") == _asked("explain what an NDA is") == []
    question = detect_gaps("send the slides to the client", [], [], None).questions[0]
    assert question.question.startswith("Which slides") and question.default


def test_requests_to_act_in_the_world_and_dateless_reminders_and_personal_calls() -> None:
    assert _asked("book a train ticket to Shanghai") == ["action", "date_time"]
    assert _asked("帮我订下周五去杭州的高铁票") == ["action"]
    assert _asked("which laptop should I buy for video editing?") == ["budget"]  # advice, not a purchase
    assert _asked("find a gift for my mom and ship it to her") == ["action", "destination", "budget"]
    assert _asked("schedule a call with Priya") == ["date_time"]  # a call to schedule, not one to make
    assert _asked("remind me to renew my passport") == _asked("提醒我交电费") == ["date_time"]
    assert _asked("write a leave note") == ["date_time", "recipient"]
    held = ["下周三要去医院复查，得请一天假", "请假条一般交给班主任李老师"]
    assert _asked("帮我写一张请假条", held) == []  # time off: related without a shared word
    for task in ("should I accept the offer?", "我该不该辞职去读研", "这个offer要不要接"):
        assert _asked(task) == ["judgement"], task


def test_drafts_that_hedge_hesitate_or_break_a_diet_are_flagged_and_plain_ors_are_not(svc: ReflectionService) -> None:
    kinds = lambda draft: [s.kind for s in detect_gaps("t", [], [], draft).draft_signals]  # noqa: E731
    assert kinds("The outage may have been caused by the DNS change.") == ["hedging"]
    assert kinds("React or Vue would both do the job; I'd need to know more about the team.") == ["indecision"]
    assert kinds("要么吃火锅，要么吃日料，看你心情。") == ["indecision"]
    assert kinds("可以把递归改写成循环或者使用尾递归优化。") == []
    assert kinds("5 miles is about 8.05 km.") == []
    svc.users.signal("v", "diet", "vegetarian", "explicit")
    report = svc.proactive.gaps("v", "suggest a dinner recipe", "Try a chicken stir-fry with peppers.", [])
    assert [(s.kind, s.belief) for s in report.draft_signals] == [("preference_conflict", "diet")]
