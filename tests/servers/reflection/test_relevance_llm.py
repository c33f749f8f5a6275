"""Initiative relevance asked of a model (respx mocks the provider's endpoint): its judgement replaces the offline
scores, a bad answer leaves them standing, and another person's matter stays out whatever the model says."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import httpx
import pytest
import respx
from fastmcp import Client

from servers.core.llm import create_llm
from servers.reflection.server import create_server
from servers.reflection.service import ReflectionService
from servers.suite.settings import CairnSettings
from tests.support_llm import COMPLETIONS, chat_completion

Make = Callable[[list[httpx.Response]], tuple[ReflectionService, respx.Route]]


@pytest.fixture
def with_model(make_service: Callable[..., ReflectionService], monkeypatch: pytest.MonkeyPatch) -> Iterator[Make]:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    with respx.mock(assert_all_called=False) as mock:

        def make(answers: list[httpx.Response]) -> tuple[ReflectionService, respx.Route]:
            route = mock.post(COMPLETIONS).mock(side_effect=answers)
            svc = make_service(llm=create_llm("openai/gpt-4o-mini", 5))
            svc.users.signal("u", "ccrn", "pass the CCRN critical care certification", "explicit", belief_kind="goal")
            svc.users.signal(
                "u", "money", "save money and spend carefully", "explicit", belief_kind="drive", intensity=4
            )
            return svc, route

        yield make


def test_the_models_judgement_finds_relevance_without_shared_words(with_model: Make) -> None:
    svc, route = with_model([chat_completion(json.dumps({"relevant": ["goal:ccrn"]}))])
    report = svc.proactive.evaluate("u", "can u make flashcards on vasopressors")
    assert report.method == "llm" and [i.source for i in report.initiatives] == ["goal:ccrn"]
    prompt = json.loads(route.calls[0].request.content)["messages"][-1]["content"]
    assert "goal:ccrn: pass the CCRN" in prompt and "drive:money" in prompt


def test_the_model_can_judge_a_shared_word_irrelevant_and_ids_it_invents_are_ignored(with_model: Make) -> None:
    svc, _ = with_model([chat_completion(json.dumps({"relevant": ["goal:made-up"]}))])
    report = svc.proactive.evaluate("u", "what does critical care certification of a used car mean")
    assert report.method == "llm" and report.initiatives == []


def test_a_bad_answer_or_a_provider_error_leaves_the_offline_scores(with_model: Make) -> None:
    svc, route = with_model([chat_completion("sure, the first one"), httpx.Response(500, json={"error": "down"})])
    task = "quiz me for the CCRN critical care certification"
    first = svc.proactive.evaluate("u", task)
    second = svc.proactive.evaluate("u", task)
    assert route.call_count == 2
    for report in (first, second):
        assert report.method == "lexical" and [i.source for i in report.initiatives] == ["goal:ccrn"]


def test_someone_elses_matter_stays_out_whatever_the_model_says(with_model: Make) -> None:
    svc, _ = with_model([chat_completion(json.dumps({"relevant": ["goal:ccrn"]}))])
    report = svc.proactive.evaluate("u", "my cousin passed her certification exam!! write her a congrats text")
    assert report.initiatives == []


async def test_initiative_evaluate_through_a_client_reports_the_model(
    with_model: Make, rsettings: CairnSettings
) -> None:
    svc, _ = with_model([chat_completion(json.dumps({"relevant": ["drive:money"]}))])
    # the client acts as the default user
    svc.users.signal("default", "money", "save money and spend carefully", "explicit", belief_kind="drive", intensity=4)
    async with Client(create_server(rsettings, service=svc)) as client:
        result = await client.call_tool(
            "initiative_evaluate", {"task": "got a $900 tax refund, what should i do with it"}
        )
    assert result.structured_content["method"] == "llm"
    assert [i["source"] for i in result.structured_content["initiatives"]] == ["drive:money"]
