"""An LLM provider's endpoint as tests mock it (respx): OpenAI's chat completions, answering ``text``."""

from __future__ import annotations

import httpx

COMPLETIONS = "https://api.openai.com/v1/chat/completions"


def chat_completion(text: str) -> httpx.Response:
    """What the provider returns for one assistant message ``text``."""
    message = {"role": "assistant", "content": text}
    return httpx.Response(
        200,
        json={
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 0,
            "model": "gpt-4o-mini",
            "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        },
    )
