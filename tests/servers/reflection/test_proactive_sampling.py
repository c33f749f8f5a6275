"""initiative_evaluate and gaps_detect without an LLM of Cairn's own: the client's model is asked through MCP
sampling, in both protocol eras (a real fastmcp ``Client`` in memory; ``auto`` negotiates 2026-07-28, ``legacy``
is handshake mode), and a bad or missing answer leaves the offline judgement."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastmcp import Client, FastMCP

from servers.reflection.server import create_server
from servers.reflection.service import ReflectionService
from servers.suite.settings import CairnSettings
from tests.servers.reflection.test_sampling import MODES, Model

NO_SHARED_WORD = "can u make flashcards on vasopressors"  # serves the certification goal; no word in common


@pytest.fixture
def server(svc: ReflectionService, rsettings: CairnSettings) -> FastMCP:
    svc.users.signal("default", "ccrn", "pass the CCRN critical care certification", "explicit", belief_kind="goal")
    svc.users.signal("default", "money", "save money and spend carefully", "explicit", belief_kind="drive", intensity=4)
    garden = "grow more of my own vegetables"
    svc.users.signal("default", "garden", garden, "explicit", belief_kind="drive", intensity=2)
    return create_server(rsettings, service=svc)


async def _call(server: FastMCP, tool: str, args: dict[str, Any], mode: str, model: Model | None) -> dict[str, Any]:
    handler = {"sampling_handler": model} if model is not None else {}
    async with Client(server, mode=mode, **handler) as client:
        result = await client.call_tool(tool, args)
    return dict(result.structured_content or {})


@pytest.mark.parametrize("mode", MODES)
async def test_the_clients_model_finds_a_goal_no_word_shows(server: FastMCP, mode: str) -> None:
    offline = await _call(server, "initiative_evaluate", {"task": NO_SHARED_WORD}, mode, None)
    assert offline["method"] == "lexical" and offline["initiatives"] == []
    model = Model(json.dumps({"relevant": ["goal:ccrn"]}))
    report = await _call(server, "initiative_evaluate", {"task": NO_SHARED_WORD}, mode, model)
    assert report["method"] == "sampling"
    assert [i["source"] for i in report["initiatives"]] == ["goal:ccrn"]
    assert report["initiatives"][0]["type"] == "goal_alignment"
    (prompt,) = model.prompts  # the task, the goal and the strong drive; a weak drive is no source
    assert NO_SHARED_WORD in prompt and "goal:ccrn: pass the CCRN" in prompt and "drive:money" in prompt
    assert "drive:garden" not in prompt
    assert (model.request_ids == ["initiative_relevance"]) is (mode == "auto")


@pytest.mark.parametrize("mode", MODES)
async def test_the_model_can_rule_out_a_shared_word_and_invented_ids_are_no_source(server: FastMCP, mode: str) -> None:
    task = "what does the critical care certification sticker on a used car mean"
    offline = await _call(server, "initiative_evaluate", {"task": task}, mode, None)
    assert [i["source"] for i in offline["initiatives"]] == ["goal:ccrn"]  # words alone take it
    model = Model(json.dumps({"relevant": ["goal:made-up", "drive:garden"]}))
    report = await _call(server, "initiative_evaluate", {"task": task}, mode, model)
    assert report["method"] == "sampling" and report["initiatives"] == []


@pytest.mark.parametrize("mode", MODES)
async def test_a_bad_answer_is_asked_again_then_the_offline_judgement_stands(server: FastMCP, mode: str) -> None:
    task = "quiz me for the CCRN critical care certification"
    model = Model("the first one, I think", json.dumps({"relevant": "goal:ccrn"}))
    report = await _call(server, "initiative_evaluate", {"task": task}, mode, model)
    assert len(model.prompts) == 2 and "was rejected (expected JSON" in model.prompts[1]
    assert report["method"] == "lexical" and [i["source"] for i in report["initiatives"]] == ["goal:ccrn"]
    model = Model("[]", json.dumps({"relevant": []}))  # the second answer is good: the model's judgement
    report = await _call(server, "initiative_evaluate", {"task": task}, mode, model)
    assert report["method"] == "sampling" and report["initiatives"] == []


@pytest.mark.parametrize("mode", MODES)
async def test_someone_elses_matter_stays_out_whatever_the_model_says(server: FastMCP, mode: str) -> None:
    model = Model(json.dumps({"relevant": ["goal:ccrn"]}))
    task = "my cousin passed her certification exam!! write her a congrats text"
    report = await _call(server, "initiative_evaluate", {"task": task}, mode, model)
    assert report["method"] == "sampling" and report["initiatives"] == []


async def test_nothing_is_asked_of_a_user_without_goals_or_strong_drives(
    svc: ReflectionService, rsettings: CairnSettings
) -> None:
    model = Model()  # any question would pop from an empty list and fail the call
    report = await _call(create_server(rsettings, service=svc), "initiative_evaluate", {"task": "hi"}, "auto", model)
    assert report["method"] == "lexical" and model.prompts == []


NEEDS = {
    "needs": [
        {"name": "deadline", "holder": "user"},
        {"name": "recipient", "holder": "memory", "evidence": "the landlord is Mr Okafor"},
        {"name": "lookup", "holder": "agent"},
    ]
}


@pytest.mark.parametrize("mode", MODES)
async def test_gaps_come_from_the_clients_model_when_it_offers_sampling(server: FastMCP, mode: str) -> None:
    args = {"task": "write the notice to my landlord", "known": ["the landlord is Mr Okafor"]}
    model = Model(json.dumps(NEEDS))
    report = await _call(server, "gaps_detect", args, mode, model)
    assert report["method"] == "sampling"
    assert [(n["name"], n["holder"]) for n in report["needs"]] == [
        ("deadline", "user"),
        ("recipient", "memory"),
        ("lookup", "agent"),
    ]
    assert [q["need"] for q in report["questions"]] == ["deadline"]  # only what the user alone holds is asked
    (prompt,) = model.prompts
    assert "write the notice to my landlord" in prompt and "- the landlord is Mr Okafor" in prompt
    assert "goal:ccrn: pass the CCRN" in prompt  # the user model is what the assistant knows too
    assert (model.request_ids == ["gap_needs"]) is (mode == "auto")


@pytest.mark.parametrize("mode", MODES)
async def test_gaps_fall_back_to_the_rules_after_two_bad_answers_or_without_sampling(
    server: FastMCP, mode: str
) -> None:
    args = {"task": "write the notice to my landlord"}
    bad = json.dumps({"needs": [{"name": "deadline", "holder": "somebody"}]})  # not a holder the tool knows
    model = Model("deadline, I guess", bad)
    asked = await _call(server, "gaps_detect", args, mode, model)
    plain = await _call(server, "gaps_detect", args, mode, None)
    assert len(model.prompts) == 2 and "was rejected (expected JSON" in model.prompts[1]
    assert asked["method"] == plain["method"] == "rules"
    assert asked["needs"] == plain["needs"] and asked["questions"] == plain["questions"]
