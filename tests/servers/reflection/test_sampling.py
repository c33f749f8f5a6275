"""reflect without an LLM of its own: the client's model is asked through MCP sampling, in both protocol eras.

Each test runs with a real fastmcp ``Client`` in memory, once negotiating 2026-07-28 (the server answers with
an ``InputRequiredResult`` and the client calls again with its model's answer) and once in handshake mode
(``mode="legacy"``: the server sends ``sampling/createMessage`` and waits).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastmcp import Client, FastMCP
from fastmcp.exceptions import ToolError
from mcp.shared.exceptions import MCPError

from servers.core.llm import LLMClient
from servers.reflection.models import Strategy
from servers.reflection.server import create_server
from servers.reflection.service import ReflectionService
from servers.suite.settings import CairnSettings

GOOD = {
    "outcome": {"status": "partial", "score": 0.5, "summary": "the summary missed the pricing section"},
    "efficiency": {"notes": ["two fetches of the same page"], "redundant_calls": ["web_fetch"]},
    "errors": [{"category": "A", "root_cause": "pricing page not found", "severity": "MEDIUM", "tool": "web_fetch"}],
    "strategies": [{"strategy": "Look for a pricing page before summarising a vendor", "confidence": "MEDIUM"}],
    "gaps": ["a site search tool"],
}
REPORT = {
    "task": "compare acme pricing",
    "task_id": "t-pricing",
    "outcome": "partial",
    "trace": [{"tool": "web_search"}, {"tool": "web_fetch", "ok": False, "error": "404 not found"}],
    "strategies": [{"strategy": "Check the vendor's /pricing page first", "confidence": "MEDIUM"}],
}
MODES = ["auto", "legacy"]  # auto negotiates 2026-07-28 in memory


class Model:
    """A client's model: answers in turn, and keeps every prompt it was given."""

    def __init__(self, *answers: str | BaseException) -> None:
        self.answers = list(answers)
        self.prompts: list[str] = []
        self.request_ids: list[object] = []

    async def __call__(self, messages: list[Any], params: Any, context: Any) -> str:
        self.prompts.append(messages[-1].content.text)
        self.request_ids.append(context.request_id)
        answer = self.answers.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return answer


@pytest.fixture
def server(svc: ReflectionService, rsettings: CairnSettings) -> FastMCP:
    return create_server(rsettings, service=svc)


async def _reflect(server: FastMCP, mode: str, model: Model | None) -> dict[str, Any]:
    handler = {"sampling_handler": model} if model is not None else {}
    async with Client(server, mode=mode, **handler) as client:
        result = await client.call_tool("reflect", {"task_report": REPORT})
    return dict(result.structured_content or {})


@pytest.mark.parametrize("mode", MODES)
async def test_a_valid_answer_is_the_reflection(server: FastMCP, svc: ReflectionService, mode: str) -> None:
    model = Model(json.dumps(GOOD))
    refl = await _reflect(server, mode, model)
    assert refl["method"] == "sampling"
    assert refl["outcome"]["status"] == "partial" and refl["gaps"] == ["a site search tool"]
    assert refl["errors"][0]["category"] == "A"
    # The agent's own lesson first, then the model's (as on every path).
    assert [s["strategy"] for s in refl["strategies"]] == [
        "Check the vendor's /pricing page first",
        "Look for a pricing page before summarising a vendor",
    ]
    # 2026-07-28: the request came embedded in the tool's InputRequiredResult, under the key the server chose;
    # handshake: a sampling/createMessage request of its own.
    assert (model.request_ids == ["reflection"]) is (mode == "auto")
    (prompt,) = model.prompts  # the LLM path's prompt: the trace, the schema, JSON only
    assert "## Execution trace" in prompt and "web_fetch ok=False error='404 not found'" in prompt
    assert "Answer with one JSON object only" in prompt
    assert svc.reflections("default")[0].method == "sampling"  # stored as such


@pytest.mark.parametrize("mode", MODES)
async def test_an_invalid_answer_is_asked_again_with_the_reason(server: FastMCP, mode: str) -> None:
    wrong = dict(GOOD, outcome={"status": "done", "summary": "ok"})  # not a status the schema allows
    model = Model("```yaml\nnot: [valid\n```", json.dumps(GOOD))
    assert (await _reflect(server, mode, model))["method"] == "sampling"
    assert "was rejected" not in model.prompts[0] and "was rejected (neither JSON nor YAML" in model.prompts[1]
    model = Model(json.dumps(wrong), json.dumps(GOOD))
    assert (await _reflect(server, mode, model))["method"] == "sampling"
    assert "was rejected (at outcome/status:" in model.prompts[1]


@pytest.mark.parametrize("mode", MODES)
async def test_two_bad_answers_fall_back_to_the_rules(server: FastMCP, mode: str) -> None:
    model = Model("I think it went fine.", '{"outcome": "fine"}')
    refl = await _reflect(server, mode, model)
    assert refl["method"] == "rules" and len(model.prompts) == 2
    assert refl["strategies"][0]["strategy"] == "Check the vendor's /pricing page first"


@pytest.mark.parametrize("mode", MODES)
async def test_a_client_without_sampling_gets_the_rules(server: FastMCP, mode: str) -> None:
    assert (await _reflect(server, mode, None))["method"] == "rules"


async def test_a_sampling_error_falls_back_to_the_rules_in_handshake_mode(server: FastMCP) -> None:
    model = Model(RuntimeError("the user declined sampling"))
    assert (await _reflect(server, "legacy", model))["method"] == "rules"


async def test_in_2026_07_28_a_failing_handler_ends_the_clients_own_call(
    server: FastMCP, svc: ReflectionService
) -> None:
    # The client drives the rounds there: its driver raises before the server hears of the failure.
    with pytest.raises(MCPError, match="declined"):
        await _reflect(server, "auto", Model(RuntimeError("the user declined sampling")))
    assert svc.reflections("default") == []


async def test_a_slow_client_model_is_not_waited_for(
    make_service: Callable[..., ReflectionService], cairn_home: Path
) -> None:
    settings = CairnSettings(home=cairn_home, embedder="none", llm_timeout_s=0.3)
    server = create_server(settings, service=make_service(settings=settings))

    async def slow(messages: list[Any], params: Any, context: Any) -> str:
        await anyio.sleep(30)
        return json.dumps(GOOD)

    with anyio.fail_after(20):
        async with Client(server, mode="legacy", sampling_handler=slow) as client:
            result = await client.call_tool("reflect", {"task_report": REPORT})
    assert result.structured_content is not None and result.structured_content["method"] == "rules"


class ConfiguredModel(LLMClient):
    """The configured LLM (``CAIRN_LLM_MODEL``) at its boundary: no network in tests."""

    def complete(self, prompt: str, *, system: str | None = None, temperature: float = 0.2) -> str:
        return json.dumps(GOOD)


@pytest.mark.parametrize("mode", MODES)
async def test_a_configured_llm_is_used_instead_of_the_clients(
    make_service: Callable[..., ReflectionService], rsettings: CairnSettings, mode: str
) -> None:
    server = create_server(rsettings, service=make_service(llm=ConfiguredModel(model="openai/stub")))
    model = Model()
    assert (await _reflect(server, mode, model))["method"] == "llm"
    assert model.prompts == []


# --- mutation_propose: a variant from the client's model, on the same schema as the LLM path -----------------

RULE_TEXT = "Search the web, keep the top 5 results, then summarise them"
SAMPLED_VARIANT = "Search the web twice with different wording, keep the top 5 results, then summarise them"
MUTATIONS = {"mutations": [{"type": "C", "variant": SAMPLED_VARIANT, "rationale": "two phrasings find more"}]}


def _eligible_rule(svc: ReflectionService) -> str:
    rule = svc.rules.create("default", Strategy(strategy=RULE_TEXT), ["r"], emergency=True)
    for i in range(10):
        svc.record_outcome("default", f"rule:{rule.id}", True, f"warm{i}")
    return f"rule:{rule.id}"


async def _propose(server: FastMCP, mode: str, model: Model | None, target: str) -> dict[str, Any]:
    handler = {"sampling_handler": model} if model is not None else {}
    async with Client(server, mode=mode, **handler) as client:
        result = await client.call_tool("mutation_propose", {"target": target})
    return dict(result.structured_content or {})


@pytest.mark.parametrize("mode", MODES)
async def test_mutation_propose_takes_a_valid_variant_from_the_clients_model(
    server: FastMCP, svc: ReflectionService, mode: str
) -> None:
    model = Model("```json\n" + json.dumps(MUTATIONS) + "\n```")
    mutation = await _propose(server, mode, model, _eligible_rule(svc))
    assert (mutation["method"], mutation["type"], mutation["variant"]) == ("llm", "C", SAMPLED_VARIANT)
    (prompt,) = model.prompts  # the LLM path's prompt: the rule's text and the schema
    assert RULE_TEXT in prompt and '"mutations"' in prompt


@pytest.mark.parametrize("mode", MODES)
async def test_mutation_propose_asks_again_then_falls_back_to_the_rules(
    server: FastMCP, svc: ReflectionService, mode: str
) -> None:
    model = Model('{"mutations": []}', json.dumps({"mutations": [{"type": "E", "variant": "abc", "rationale": "r"}]}))
    mutation = await _propose(server, mode, model, _eligible_rule(svc))
    assert mutation["method"] == "rules" and len(model.prompts) == 2
    assert "was rejected (at mutations:" in model.prompts[1]  # an empty list: the schema wants 1-3


@pytest.mark.parametrize("mode", MODES)
async def test_mutation_propose_without_sampling_uses_the_rules(
    server: FastMCP, svc: ReflectionService, mode: str
) -> None:
    assert (await _propose(server, mode, None, _eligible_rule(svc)))["method"] == "rules"


async def test_an_ineligible_target_is_refused_before_the_client_is_asked(
    server: FastMCP, svc: ReflectionService
) -> None:
    rule = svc.rules.create("default", Strategy(strategy=RULE_TEXT), ["r"], emergency=True)
    model = Model(json.dumps(MUTATIONS))
    with pytest.raises(ToolError, match="not eligible for mutation"):
        await _propose(server, "legacy", model, f"rule:{rule.id}")
    assert model.prompts == []
