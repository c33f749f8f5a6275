"""Requests in Chinese matched through an LLM's English translation (the provider mocked with respx)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx

from servers.skills.service import SkillsService
from servers.skills.translate import needs_translation
from tests.servers.skills.conftest import write_skill
from tests.support_llm import COMPLETIONS, chat_completion

PLAIN = {
    "flaky-tests": "Find the root cause of intermittent test failures before changing code. Use for flaky CI.",
    "branch-cleanup": "Delete local git branches that were merged or abandoned. Use when tidying a repository.",
    "slide-decks": "Create and edit PowerPoint presentations. Use for pitch decks and slides.",
}
TASK = "这个测试时好时坏，帮我查一下根本原因"
TRANSLATION = "This test passes sometimes and fails sometimes, help me find the root cause"


@pytest.fixture
def make(tmp_path: Path, with_llm: Callable[..., SkillsService]) -> Callable[..., SkillsService]:
    for name, description in PLAIN.items():
        write_skill(tmp_path / "project", name, description)

    def build(llm_model: str | None = "openai/gpt-4o-mini", **skills: Any) -> SkillsService:
        # The model's choice among skills (test_choice.py) is off: these tests are about the translation.
        return with_llm(llm_model, **{"llm_choice": False, **skills})

    return build


def test_which_requests_are_translated() -> None:
    assert needs_translation(TASK)
    assert needs_translation("用 semgrep 扫描一下整个仓库")
    assert not needs_translation("clean up merged branches in 仓库")  # mostly English: matched as it is
    assert not needs_translation("1234 !!")


def test_a_chinese_request_matches_through_its_translation(make: Callable[..., SkillsService]) -> None:
    with respx.mock(assert_all_called=True) as mock:
        route = mock.post(COMPLETIONS).mock(return_value=chat_completion(TRANSLATION))
        service = make()
        result = service.match(TASK)
        again = service.match(TASK)  # the translation is cached: one call for both
    assert route.call_count == 1
    sent = json.loads(route.calls[0].request.content)
    assert sent["messages"][-1]["content"] == TASK and "English" in sent["messages"][0]["content"]
    assert [m.name for m in result.matches][:1] == ["flaky-tests"]
    [meaning] = [s for s in result.matches[0].signals if s.type == "meaning"]
    assert "through the English translation" in meaning.detail and TRANSLATION in meaning.detail
    assert [m.name for m in again.matches] == [m.name for m in result.matches]
    assert result.degraded is None


def test_without_a_translation_the_same_request_does_not_match_by_it(make: Callable[..., SkillsService]) -> None:
    # The bundled embedder alone: the signal that names a translation never appears, and no call is made.
    with respx.mock(assert_all_called=False) as mock:
        route = mock.post(COMPLETIONS).mock(return_value=chat_completion(TRANSLATION))
        result = make(llm_model=None).match(TASK)
        off = make(translate_tasks=False).match(TASK)
    assert route.call_count == 0
    for found in (result, off):
        assert all("translation" not in s.detail for m in found.matches for s in m.signals)


def test_english_requests_are_not_sent_to_the_model(make: Callable[..., SkillsService]) -> None:
    with respx.mock(assert_all_called=False) as mock:
        route = mock.post(COMPLETIONS).mock(return_value=chat_completion("unused"))
        result = make().match("delete the merged branches in this repo")
    assert route.call_count == 0
    assert [m.name for m in result.matches][:1] == ["branch-cleanup"]


def test_a_failing_model_leaves_the_original_match_and_says_so(make: Callable[..., SkillsService]) -> None:
    with respx.mock(assert_all_called=True) as mock:
        mock.post(COMPLETIONS).mock(return_value=httpx.Response(500, json={"error": {"message": "down"}}))
        result = make().match(TASK)
    assert result.degraded is not None and "translating the request failed" in result.degraded
    assert all("translation" not in s.detail for m in result.matches for s in m.signals)
