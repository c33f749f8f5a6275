"""Asking the MCP client's model (sampling) for a JSON answer when Cairn has no LLM of its own.

The same prompt and checks as the litellm path: the caller gives ``check`` (the answer's text → the answer, or
the reason it was rejected) and ``retry`` (the reason → the prompt asked once more). A second bad answer, a
client without sampling, an error or a timeout give None, and the caller takes its rule-based path.

| protocol              | how                                                    | None when                       |
|-----------------------|--------------------------------------------------------|---------------------------------|
| handshake (≤ 2025-11) | ``sampling/createMessage`` to the client, waited for   | no sampling capability, an      |
|                       | at most ``timeout_s`` per attempt                      | error, a timeout, 2 bad answers |
| 2026-07-28            | an ``InputRequiredResult``: the client samples and     | no sampling capability,         |
|                       | calls again with the answer (request state: attempt)   | 2 bad answers                   |

Sampling is deprecated in 2026-07-28 (SEP-2577) but still what a client offers that has a model and no key
for Cairn.
"""

from __future__ import annotations

import hashlib
import logging
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import anyio
from fastmcp import Context
from mcp.shared.exceptions import MCPDeprecationWarning, MCPError
from mcp_types import (
    ClientCapabilities,
    CreateMessageRequest,
    CreateMessageRequestParams,
    InputRequiredResult,
    SamplingCapability,
    SamplingMessage,
    TextContent,
)
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

log = logging.getLogger(__name__)

Answer = dict[str, Any]
# What a handshake-era request can end in besides an answer: the client's error (or refusal), no way to reach
# the client, a timeout, a malformed result, a closed connection.
_FAILED = (MCPError, TimeoutError, ValueError, OSError, anyio.BrokenResourceError, anyio.ClosedResourceError)


@dataclass(frozen=True)
class Question:
    key: str  # names the request in an InputRequiredResult, and the feature in logs
    prompt: str
    basis: str  # what the answer is for: an answer sent back counts only for the same basis
    check: Callable[[str], tuple[Answer | None, str]]
    retry: Callable[[str], str]
    max_tokens: int = 2000


def offered(ctx: Context | None) -> bool:
    """Whether this call's client can be asked (it declared sampling); False for an in-process call."""
    if ctx is None:
        return False
    try:
        return bool(ctx.session.check_client_capability(ClientCapabilities(sampling=SamplingCapability())))
    except RuntimeError:  # no session: an in-process call without a client
        return False


async def ask(ctx: Context, question: Question, timeout_s: float) -> Answer | InputRequiredResult | None:
    """The checked answer, an ``InputRequiredResult`` asking for it (2026-07-28), or None (take the rules)."""
    rc = ctx.request_context
    if rc is not None and rc.protocol_version in MODERN_PROTOCOL_VERSIONS:
        return _round(ctx, question)
    prompt = question.prompt
    for attempt in (1, 2):
        try:
            with warnings.catch_warnings():  # deprecated on purpose (see above); the warning fires on creation
                warnings.simplefilter("ignore", MCPDeprecationWarning)
                pending = ctx.session.create_message(
                    [SamplingMessage(role="user", content=TextContent(type="text", text=prompt))],
                    max_tokens=question.max_tokens,
                    related_request_id=ctx.request_id,
                )
            with anyio.fail_after(timeout_s):
                result = await pending
        except _FAILED as exc:
            log.info("sampling for %s failed (attempt %d): %s: %s", question.key, attempt, type(exc).__name__, exc)
            return None
        answer, problem = question.check(_text(result))
        if answer is not None:
            return answer
        log.info("sampled %s rejected (attempt %d): %s", question.key, attempt, problem[:300])
        prompt = question.retry(problem)
    return None


def _round(ctx: Context, question: Question) -> Answer | InputRequiredResult | None:
    """One round of the 2026-07-28 exchange; the request state names the basis and the attempt."""
    digest = hashlib.sha256(question.basis.encode("utf-8")).hexdigest()[:24]
    state = ctx.request_state or ""
    if not state.startswith(f"{digest}:"):
        first = _request(question.prompt, question.max_tokens)
        return InputRequiredResult(input_requests={question.key: first}, request_state=f"{digest}:1")
    attempt = 1 if state.endswith(":1") else 2
    reply = (ctx.input_responses or {}).get(question.key)  # none, or not a message: a bad answer like any other
    answer, problem = question.check(_text(reply))
    if answer is not None:
        return answer
    log.info("sampled %s rejected (attempt %d): %s", question.key, attempt, problem[:300])
    if attempt >= 2:
        return None
    retry = _request(question.retry(problem), question.max_tokens)
    return InputRequiredResult(input_requests={question.key: retry}, request_state=f"{digest}:2")


def _request(prompt: str, max_tokens: int) -> CreateMessageRequest:
    message = SamplingMessage(role="user", content=TextContent(type="text", text=prompt))
    return CreateMessageRequest(params=CreateMessageRequestParams(messages=[message], max_tokens=max_tokens))


def _text(result: object) -> str:
    content = getattr(result, "content", None)
    blocks = content if isinstance(content, list) else [content]
    return "\n".join(b.text for b in blocks if isinstance(b, TextContent))


__all__ = ["Answer", "Question", "ask", "offered"]
