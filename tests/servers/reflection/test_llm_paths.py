"""The model paths against a mocked provider (respx): valid answers used, bad ones retried once, then rules."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
import respx

from servers.core.llm import create_llm
from servers.reflection.llm_paths import parse_answer
from servers.reflection.models import Strategy
from servers.reflection.service import ReflectionService
from tests.servers.reflection.conftest import report
from tests.support_llm import COMPLETIONS, chat_completion

BACKENDS = ("sqlite", "postgresql")  # every test here runs on both stores (see conftest)


GOOD = {
    "outcome": {"status": "partial", "score": 0.5, "summary": "the summary missed the pricing section"},
    "efficiency": {"notes": ["two fetches of the same page"], "redundant_calls": ["web_fetch"]},
    "errors": [{"category": "A", "root_cause": "pricing page not found", "severity": "MEDIUM", "tool": "web_fetch"}],
    "strategies": [{"strategy": "Look for a pricing page before summarising a vendor", "confidence": "MEDIUM"}],
    "gaps": ["a site search tool"],
}


@pytest.fixture
def llm_service(
    make_service: Callable[..., ReflectionService], monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[[list[str]], tuple[ReflectionService, respx.Route]]]:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    with respx.mock(assert_all_called=False) as mock:

        def make(answers: list[str]) -> tuple[ReflectionService, respx.Route]:
            route = mock.post(COMPLETIONS).mock(side_effect=[chat_completion(a) for a in answers])
            return make_service(llm=create_llm("openai/gpt-4o-mini", 5)), route

        yield make


def test_valid_answer_is_used(llm_service: Any) -> None:
    svc, route = llm_service([json.dumps(GOOD)])
    refl = svc.reflect(report(steps=[("web_fetch", "404")]), "u")
    assert refl.method == "llm" and route.call_count == 1
    assert refl.outcome is not None and refl.outcome.status == "partial"
    assert refl.errors[0].category == "A" and refl.gaps == ["a site search tool"]
    prompt = json.loads(route.calls[0].request.content)["messages"][-1]["content"]
    assert "## Execution trace" in prompt and "web_fetch ok=False" in prompt


def test_yaml_answer_in_a_fence_is_accepted(llm_service: Any) -> None:
    import yaml

    svc, _ = llm_service(["```yaml\n" + yaml.safe_dump(GOOD) + "```"])
    assert svc.reflect(report(), "u").method == "llm"


def test_malformed_then_valid_retries_once(llm_service: Any) -> None:
    svc, route = llm_service(["this is not structured at all: [", json.dumps(GOOD)])
    refl = svc.reflect(report(), "u")
    assert refl.method == "llm" and route.call_count == 2
    retry = json.loads(route.calls[1].request.content)["messages"][-1]["content"]
    assert "previous answer was rejected" in retry


def test_schema_violations_twice_fall_back_to_rules(llm_service: Any) -> None:
    bad = dict(GOOD, strategies=[{"strategy": "x y z", "confidence": "VERY"}])
    svc, route = llm_service([json.dumps(bad), json.dumps({"outcome": "fine"})])
    refl = svc.reflect(report(steps=[("web_fetch", "timeout"), ("web_fetch", None)]), "u")
    assert refl.method == "rules" and route.call_count == 2
    assert any("web_fetch" in s.strategy for s in refl.strategies)


def test_provider_error_falls_back(
    make_service: Callable[..., ReflectionService], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    with respx.mock() as mock:
        mock.post(COMPLETIONS).mock(return_value=httpx.Response(500, json={"error": {"message": "down"}}))
        svc = make_service(llm=create_llm("openai/gpt-4o-mini", 5))
        assert svc.reflect(report(), "u").method == "rules"


def test_mutation_from_the_model(llm_service: Any) -> None:
    answer = {
        "mutations": [
            {
                "type": "C",
                "variant": "Query the vendor API directly, then summarise",
                "rationale": "fewer page fetches",
                "risks": "API may lack fields",
            }
        ]
    }
    svc, route = llm_service([json.dumps(answer)])
    rule = svc.rules.create("u", Strategy(strategy="Fetch the vendor page, then summarise"), ["r"], emergency=True)
    for i in range(10):
        svc.store.add_outcome("u", f"rule:{rule.id}", f"t{i}", True, None, None)
    m = svc.mutations.propose("u", f"rule:{rule.id}")
    assert (m.method, m.type, m.risk) == ("llm", "C", "MEDIUM") and route.call_count == 1
    prompt = json.loads(route.calls[0].request.content)["messages"][-1]["content"]
    assert "success rate" in prompt and "Fetch the vendor page" in prompt


def test_mutation_falls_back_to_rules_on_bad_output(llm_service: Any) -> None:
    svc, _ = llm_service(['{"mutations": []}', "nope"])
    rule = svc.rules.create("u", Strategy(strategy="Keep the top 5 results"), ["r"], emergency=True)
    for i in range(10):
        svc.store.add_outcome("u", f"rule:{rule.id}", f"t{i}", True, None, None)
    m = svc.mutations.propose("u", f"rule:{rule.id}")
    assert (m.method, m.type) == ("rules", "A") and "top 3" in m.variant


def test_parse_answer_rejects_garbage() -> None:
    with pytest.raises(ValueError):
        parse_answer("key: [unclosed")


def test_model_mutations_that_touch_only_frontmatter_are_dropped(llm_service: Any) -> None:
    text = "---\npriority: 7\n---\nKeep the top 5 results"
    answer = {"mutations": [{"type": "A", "variant": text.replace("7", "4"), "rationale": "cheaper"}]}
    svc, _ = llm_service([json.dumps(answer)])
    rule = svc.rules.create("u", Strategy(strategy=text), ["r"], emergency=True)
    for i in range(10):
        svc.store.add_outcome("u", f"rule:{rule.id}", f"t{i}", True, None, None)
    m = svc.mutations.propose("u", f"rule:{rule.id}")
    assert (m.method, m.type) == ("rules", "A") and "priority: 7" in m.variant and "top 3" in m.variant
