"""The LLM client against a mocked provider endpoint (respx): no network, real litellm code path."""

from __future__ import annotations

import httpx
import pytest
import respx

from servers.core.llm import LLMError, create_llm
from tests.support_llm import COMPLETIONS, chat_completion


def test_no_model_means_no_client() -> None:
    assert create_llm(None) is None


@respx.mock
def test_complete_json_parses_fencedchat_completion(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    route = respx.post(COMPLETIONS).mock(return_value=chat_completion('```json\n{"ok": true}\n```'))
    client = create_llm("openai/gpt-4o-mini")
    assert client is not None
    assert client.complete_json("say ok") == {"ok": True}
    assert route.called


@respx.mock
def test_provider_error_becomes_llm_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    respx.post(COMPLETIONS).mock(return_value=httpx.Response(500, json={"error": {"message": "down"}}))
    client = create_llm("openai/gpt-4o-mini", timeout_s=5)
    assert client is not None
    with pytest.raises(LLMError):
        client.complete("hi")


@respx.mock
def test_non_json_answer_is_llm_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    respx.post(COMPLETIONS).mock(return_value=chat_completion("not json at all"))
    client = create_llm("openai/gpt-4o-mini")
    assert client is not None
    with pytest.raises(LLMError, match="did not answer with JSON"):
        client.complete_json("x")
