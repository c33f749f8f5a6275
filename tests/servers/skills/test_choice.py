"""The model's choice among the closest skills (the provider mocked with respx)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx
from fastmcp import Client

from servers.core.llm import LLMClient
from servers.skills.choice import SYSTEM, SkillChooser, parse, prompt
from servers.skills.matcher import PASS, Candidate, SkillMatcher, apply_choice
from servers.skills.models import Skill
from servers.skills.server import create_server
from servers.skills.service import SkillsService
from servers.skills.settings import SkillsSettings
from servers.skills.translate import _SYSTEM as TRANSLATE_SYSTEM
from tests.servers.skills.conftest import write_skill
from tests.support_llm import COMPLETIONS, chat_completion

PLAIN = {
    "flaky-tests": "Find the root cause of intermittent test failures before changing code. Use for flaky CI.",
    "branch-cleanup": "Delete local git branches that were merged or abandoned. Use when tidying a repository.",
    "slide-decks": "Create and edit PowerPoint presentations. Use for pitch decks and slides.",
    "spreadsheets": "Create and edit Excel workbooks: formulas, pivot tables, charts. Use for .xlsx files.",
}
DECK = "make a ten-slide pitch deck for our seed round"
NAMES = list(PLAIN)


def skill(name: str) -> Skill:
    folder = Path("/skills") / name
    return Skill(name, PLAIN.get(name, f"Does {name}."), "project", folder, folder / "SKILL.md", "", declared_name=name)


# -- the answer and the prompt ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("slide-decks", ["slide-decks"]),
        ("- `Slide-Decks`\n- spreadsheets", ["slide-decks", "spreadsheets"]),
        ("1. spreadsheets: the numbers live in a workbook\n2. slide-decks", ["spreadsheets", "slide-decks"]),
        ("slide-decks\nslide-decks", ["slide-decks"]),
        ("none", []),
        ("None.", []),
        ('"none"', []),
        ("None - nothing in the list does this job.", []),
    ],
)
def test_the_answer_is_read_as_candidate_names_or_none(answer: str, expected: list[str]) -> None:
    assert parse(answer, NAMES) == expected


@pytest.mark.parametrize("answer", ["", "pdf-tools", "I would use the deck skill", "slide decks", "none-such"])
def test_an_answer_naming_no_candidate_is_not_a_choice(answer: str) -> None:
    assert parse(answer, NAMES) is None


def test_a_namespaced_skill_may_be_answered_by_its_own_name() -> None:
    names = ["telegram.configure", "discord.configure", "slide-decks"]
    assert parse("configure", names, {"slide-decks": "slide-decks"}) is None  # two skills call themselves that
    assert parse("configure", names, {"configure": "telegram.configure"}) == ["telegram.configure"]


class Answers(LLMClient):
    """A model that always gives ``answer`` (the HTTP path is covered with respx below)."""

    def __init__(self, answer: str) -> None:
        super().__init__(model="fixed")
        self.answer = answer

    def complete(self, prompt: str, *, system: str | None = None, temperature: float = 0.2) -> str:
        return self.answer


def namespaced(name: str, declared: str) -> Skill:
    folder = Path("/skills") / name
    return Skill(name, f"Does {name}.", "project", folder, folder / "SKILL.md", "", declared_name=declared)


def test_the_chooser_reads_a_skills_own_name_only_when_it_is_unambiguous() -> None:
    telegram, discord = namespaced("telegram.configure", "configure"), namespaced("discord.configure", "configure")
    decks = skill("slide-decks")
    assert SkillChooser(Answers("configure")).choose("set up the bot", [telegram, decks]) == (
        ["telegram.configure"],
        None,
    )
    chosen, why = SkillChooser(Answers("configure")).choose("set up the bot", [telegram, discord, decks])
    assert chosen is None and why is not None and "named no candidate" in why


def test_a_list_marker_is_not_part_of_a_name_but_a_leading_digit_is() -> None:
    names = ["1password-vault", "password-vault"]
    assert parse("1password-vault", names) == ["1password-vault"]
    assert parse("2. password-vault\n- 1password-vault", names) == ["password-vault", "1password-vault"]


def test_a_name_after_none_is_still_a_choice() -> None:
    # "none" only counts as the answer when nothing was named before it.
    assert parse("slide-decks\nnone of the others", NAMES) == ["slide-decks"]


def test_the_prompt_shows_the_request_and_each_candidate_with_its_description() -> None:
    text = prompt(DECK, [skill("slide-decks"), skill("spreadsheets")])
    assert DECK in text
    assert f"- slide-decks: {PLAIN['slide-decks']}" in text
    assert f"- spreadsheets: {PLAIN['spreadsheets']}" in text
    assert "branch-cleanup" not in text
    long = prompt("x" * 5000, [skill("slide-decks")])
    assert "x" * 2000 in long and "x" * 2001 not in long


# -- how a choice changes the match ----------------------------------------------------------------------------


def candidate(name: str, score: float, passed: bool = True) -> Candidate:
    return Candidate(skill(name), score, [], score, passed)


def test_chosen_skills_replace_the_offline_fits_and_keep_the_models_order() -> None:
    offered = [
        candidate("slide-decks", 0.9),
        candidate("spreadsheets", 0.3, passed=False),
        candidate("flaky-tests", 0.7),
    ]
    picked = apply_choice(offered, offered, ["spreadsheets", "slide-decks"], "m")
    assert [c.skill.name for c in picked] == ["slide-decks", "spreadsheets"]  # flaky-tests was not chosen
    lifted = next(c for c in picked if c.skill.name == "spreadsheets")
    assert lifted.score == PASS and lifted.passed
    [signal] = lifted.signals
    assert signal.type == "llm_choice" and signal.weight == pytest.approx(PASS - 0.3)
    resolved = SkillMatcher(SkillsSettings()).resolve(picked, None)
    # The model put spreadsheets first: that order stands although slide-decks fits better offline.
    assert [c.skill.name for c in resolved] == ["spreadsheets", "slide-decks"]


# -- through the service, the provider mocked ------------------------------------------------------------------


@pytest.fixture
def make(tmp_path: Path, with_llm: Callable[..., SkillsService]) -> Callable[..., SkillsService]:
    root = tmp_path / "project"
    for name, description in PLAIN.items():
        write_skill(root, name, description)
    write_skill(
        root,
        "release-notes",
        "Write release notes from merged pull requests.",
        triggers={"intent_patterns": ["release notes"]},
    )
    return with_llm


def answering(choice: str, translation: str = "") -> Callable[[httpx.Request], httpx.Response]:
    """A provider that answers the choice prompt with ``choice`` and a translation prompt with ``translation``."""

    def reply(request: httpx.Request) -> httpx.Response:
        system = json.loads(request.content)["messages"][0]["content"]
        return chat_completion(choice if system == SYSTEM else translation)

    return reply


def sent(route: respx.Route) -> list[dict[str, Any]]:
    return [json.loads(call.request.content) for call in route.calls]


def test_offline_the_deck_request_matches_the_deck_skill(make: Callable[..., SkillsService]) -> None:
    # The baseline the model's answers below change: no LLM, the closest description wins.
    assert [m.name for m in make(llm_model=None).match(DECK).matches][:1] == ["slide-decks"]


def test_the_model_choosing_none_leaves_no_trigger_less_match(make: Callable[..., SkillsService]) -> None:
    with respx.mock(assert_all_called=True) as mock:
        route = mock.post(COMPLETIONS).mock(side_effect=answering("none"))
        service = make()
        result = service.match(DECK)
        again = service.match(DECK)  # cached: one call for both
    assert route.call_count == 1
    [body] = sent(route)
    assert body["messages"][0]["content"] == SYSTEM and body["temperature"] == 0.0
    asked = body["messages"][1]["content"]
    assert DECK in asked and "- slide-decks: " in asked
    assert "release-notes" not in asked  # skills with Cairn triggers are not the model's to choose
    assert result.matches == [] and again.matches == []
    assert result.degraded is None


def test_the_model_can_choose_a_skill_just_under_the_threshold(make: Callable[..., SkillsService]) -> None:
    task = "put the pitch deck's revenue numbers into a workbook with a chart"
    offline = make(llm_model=None).match(task)
    assert [m.name for m in offline.matches] == ["spreadsheets"]  # slide-decks fits, but under the threshold
    with respx.mock(assert_all_called=True) as mock:
        route = mock.post(COMPLETIONS).mock(side_effect=answering("slide-decks"))
        result = make().match(task)
    asked = sent(route)[0]["messages"][1]["content"]
    assert "- spreadsheets: " in asked and "- slide-decks: " in asked
    assert [m.name for m in result.matches] == ["slide-decks"]
    [signal] = [s for s in result.matches[0].signals if s.type == "llm_choice"]
    assert "gpt-4o-mini" in signal.detail and "among the 2 closest skills" in signal.detail
    assert signal.weight > 0 and result.matches[0].score == PASS  # lifted to the pass mark


def test_skills_with_triggers_keep_their_match_whatever_the_model_says(make: Callable[..., SkillsService]) -> None:
    with respx.mock(assert_all_called=False) as mock:
        mock.post(COMPLETIONS).mock(side_effect=answering("none"))
        result = make().match("draft the release notes for v2 from the merged PRs")
    assert [m.name for m in result.matches][:1] == ["release-notes"]


@pytest.mark.parametrize(
    ("response", "why"),
    [
        (httpx.Response(500, json={"error": {"message": "down"}}), "choice among skills failed"),
        (chat_completion("I'd go with the deck one"), "named no candidate"),
    ],
)
def test_a_failed_choice_leaves_the_offline_match_and_says_why(
    make: Callable[..., SkillsService], response: httpx.Response, why: str
) -> None:
    with respx.mock(assert_all_called=True) as mock:
        mock.post(COMPLETIONS).mock(return_value=response)
        result = make().match(DECK)
    assert [m.name for m in result.matches][:1] == ["slide-decks"]
    assert all(s.type != "llm_choice" for m in result.matches for s in m.signals)
    assert result.degraded is not None and why in result.degraded


def test_a_chinese_request_is_translated_then_chosen_for(make: Callable[..., SkillsService]) -> None:
    with respx.mock(assert_all_called=True) as mock:
        route = mock.post(COMPLETIONS).mock(
            side_effect=answering("slide-decks", translation="Make a ten-slide pitch deck for our seed round")
        )
        result = make().match("给我们的种子轮做一个十页的融资路演幻灯片")
    systems = [body["messages"][0]["content"] for body in sent(route)]
    assert systems == [TRANSLATE_SYSTEM, SYSTEM]
    assert [m.name for m in result.matches][:1] == ["slide-decks"]


def test_switched_off_or_without_a_model_no_choice_is_asked(make: Callable[..., SkillsService]) -> None:
    with respx.mock(assert_all_called=False) as mock:
        route = mock.post(COMPLETIONS).mock(side_effect=answering("none"))
        off = make(llm_choice=False).match(DECK)
        no_model = make(llm_model=None).match(DECK)
    assert route.call_count == 0
    assert [m.name for m in off.matches][:1] == ["slide-decks"] == [m.name for m in no_model.matches][:1]


def test_the_model_is_shown_at_most_the_configured_number_of_skills(make: Callable[..., SkillsService]) -> None:
    with respx.mock(assert_all_called=True) as mock:
        route = mock.post(COMPLETIONS).mock(side_effect=answering("none"))
        make(llm_choice_candidates=1).match(DECK)
    asked = sent(route)[0]["messages"][1]["content"]
    assert asked.count("\n- ") == 1 and "- slide-decks: " in asked


async def test_match_skills_over_mcp_reports_the_models_choice(make: Callable[..., SkillsService]) -> None:
    service = make()
    task = "put the pitch deck's revenue numbers into a workbook with a chart"
    with respx.mock(assert_all_called=True) as mock:
        mock.post(COMPLETIONS).mock(side_effect=answering("slide-decks"))
        async with Client(create_server(service.settings, service=service)) as client:
            got = (await client.call_tool("match_skills", {"task": task})).structured_content
    assert [m["name"] for m in got["matches"]] == ["slide-decks"]
    assert "llm_choice" in [s["type"] for s in got["matches"][0]["signals"]]
    assert got["degraded"] is None and "slide-decks" in got["prompt"]


def test_when_both_calls_fail_the_result_says_both(make: Callable[..., SkillsService]) -> None:
    with respx.mock(assert_all_called=True) as mock:
        route = mock.post(COMPLETIONS).mock(return_value=httpx.Response(500, json={"error": {"message": "down"}}))
        result = make().match("帮我删除已经合并的 git 分支")
    assert route.call_count == 2  # the translation, then the choice among what the original request reached
    assert [m.name for m in result.matches][:1] == ["branch-cleanup"]  # matched offline, as before
    assert result.degraded is not None
    assert "translating the request failed" in result.degraded and "choice among skills failed" in result.degraded
