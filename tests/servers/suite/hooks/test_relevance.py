"""Rules and beliefs reach a task's context only when they bear on it; a rule's scenario is its trigger."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from servers.reflection.models import Strategy
from servers.suite.hooks.relevance import belief_relevance, rule_relevance
from servers.suite.hooks.sources import DomainSources
from servers.suite.settings import CairnSettings

RETRY = "Retry web_fetch once with a longer timeout before giving up on a page"
RETRY_WHEN = "tasks that call web_fetch"


def test_a_tool_scenario_applies_only_when_the_tool_is_in_play() -> None:
    # Issue #21: the web-fetch retry rule was injected for "Deploy inventory-service".
    assert not rule_relevance(RETRY, RETRY_WHEN, "Deploy inventory-service to staging", []).relevant
    assert rule_relevance(RETRY, RETRY_WHEN, "Deploy inventory-service", ["bash", "web_fetch"]).relevant
    assert rule_relevance(RETRY, RETRY_WHEN, "Fetch the release notes of httpx", []).relevant
    # "web" alone is too generic to name web_fetch.
    assert not rule_relevance(RETRY, RETRY_WHEN, "Design the web page layout", []).relevant


def test_topic_scenarios_need_shared_words_and_user_wide_ones_always_apply() -> None:
    deploy = ("Run the smoke tests after every deployment", "deployments of services")
    assert rule_relevance(*deploy, "Deploy inventory-service", []).relevant
    assert not rule_relevance(*deploy, "Summarise this paper on protein folding", []).relevant
    assert rule_relevance("先运行测试再提交代码", "提交代码", "帮我提交代码到主分支", []).relevant
    assert not rule_relevance("先运行测试再提交代码", "提交代码", "总结这篇论文", []).relevant
    assert rule_relevance("Never use emojis", "answers for this user", "Deploy inventory-service", []).score == 1.0
    # Without a scenario the rule's own words decide.
    assert rule_relevance(
        "Cite a primary source for every market figure", "", "market size of EV batteries", []
    ).relevant
    assert not rule_relevance("Cite a primary source for every market figure", "", "fix the login bug", []).relevant


def test_beliefs_about_every_answer_apply_and_others_need_the_topic() -> None:
    assert belief_relevance("verbosity", "concise", "Deploy inventory-service").relevant
    assert belief_relevance("deploy_region", "eu-west-1", "Deploy inventory-service").relevant
    assert not belief_relevance("deploy_region", "eu-west-1", "Summarise this paper").relevant


@pytest.fixture
def sources(cairn_home: Path) -> Iterator[DomainSources]:
    src = DomainSources(CairnSettings(home=cairn_home, embedder="none"))
    yield src
    src.close()


def test_gathered_context_carries_only_the_rules_and_beliefs_that_fit(sources: DomainSources) -> None:
    rules = sources.reflection.rules
    rules.create("u", Strategy(strategy=RETRY, scenario=RETRY_WHEN), ["r1"], emergency=True)
    rules.create("u", Strategy(strategy="Never use emojis", scenario="answers for this user"), ["r2"], emergency=True)
    sources.reflection.users.signal("u", "verbosity", "concise", "explicit")
    sources.reflection.users.signal("u", "deploy_region", "eu-west-1", "explicit")
    gathered = sources.gather("Summarise the meeting notes", "u", None, ["fixed", "preferences"])
    assert [i.text for i in gathered.rules] == ["- Rule: Never use emojis"]
    assert [i.ref for i in gathered.preferences] == ["pref:verbosity"]
    gathered = sources.gather(
        "Deploy inventory-service", "u", None, ["fixed", "preferences"], recent_tools=["web_fetch"]
    )
    assert {i.text for i in gathered.rules} == {"- Rule: Never use emojis", f"- Rule: {RETRY}"}
    assert {i.ref for i in gathered.preferences} == {"pref:verbosity", "pref:deploy_region"}
