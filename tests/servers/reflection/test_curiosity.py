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
    assert _asked("book a flight to Tokyo for the conference") == ["date_time", "budget"]
    held = detect_gaps(
        "book a flight for the conference next month",
        ["The conference is in Lisbon, 12-14 May", "Travel budget is 800 euros"],
        [],
        None,
    )
    holders = {n.name: n.holder for n in held.needs}
    assert holders == {"date_time": "task", "destination": "memory", "budget": "memory"} and held.questions == []
    assert next(n for n in held.needs if n.name == "budget").evidence == "Travel budget is 800 euros"


def test_a_fact_about_something_else_does_not_count_as_held() -> None:
    # A money amount about rent says nothing about a monitor's budget.
    assert _asked("buy a new monitor", ["Rent is 1200 dollars"]) == ["budget"]


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
        assert fallback.method == "rules" and [q.need for q in fallback.questions] == ["recipient", "deadline"]
