"""The context MCP server: ``context_assemble`` as a tool and ``context`` as a prompt.

A separate server rather than a memory tool, because assembly composes three domains (memory recall,
skill matching, reflection's rules and user model): on the memory server it would make memory depend on
skills and reflection. It holds no data of its own; it reads the same stores the other servers write,
through the same domain objects the hooks use (:class:`servers.suite.hooks.sources.DomainSources`).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastmcp import FastMCP
from pydantic import Field

from servers.core import warmup
from servers.core.identity import resolve_user
from servers.core.scopes import READ_SCOPE_TAG
from servers.reflection.proactive_models import GapReport, Initiative
from servers.suite.hooks.context import ORDER, SectionName, assemble
from servers.suite.hooks.initiatives import ContextWithInitiatives, assemble_with
from servers.suite.hooks.sources import DomainSources
from servers.suite.hooks.tokens import token_counter
from servers.suite.settings import CairnSettings, get_settings

log = logging.getLogger(__name__)
GAP_MEMORIES = 10  # recalled memories a gap check compares the task's needs with

INSTRUCTIONS = """Context assembly: one call returns what the agent should know for a task, within a token budget —
live rules, the task anchor, the user's preferences (confidence > 0.6), recalled memories, activated skills and
the session's recent errors, trimmed least-relevant-first when over budget, with token counts per section, and
initiatives from the user's goals, drives and habits when they clear their bar. Call context_assemble at the start
of a task (or use the `context` prompt) instead of recalling and matching separately; context_gaps says what only
the user can tell before the agent answers."""

Budget = Annotated[int, Field(ge=100, le=100_000, description="Tokens the whole context may take (100-100000).")]
Task = Annotated[str, Field(min_length=1, max_length=8000, description="The task or the user's message.")]
SessionId = Annotated[
    str | None,
    Field(max_length=200, description="Host session id: adds its tool progress and errors, enables skill cooldowns."),
]
UserId = Annotated[
    str | None, Field(max_length=128, description="Whose memory and preferences; default the hooks' user.")
]


def create_server(settings: CairnSettings | None = None, *, sources: DomainSources | None = None) -> FastMCP:
    settings = settings or get_settings()
    src = sources or DomainSources(settings)
    count, tokenizer = token_counter(settings.hooks.tokenizer)

    @asynccontextmanager
    async def lifespan(_: FastMCP) -> AsyncIterator[dict[str, Any]]:
        # Open the stores and start the embedder off the handshake path.
        warmup.later(threading.Thread(target=src.warm, name="context-warm", daemon=True).start)
        try:
            yield {"sources": src}
        finally:
            if sources is None:
                src.close()

    mcp = FastMCP(
        "cairn-context", instructions=INSTRUCTIONS, version="0.1.0", lifespan=lifespan, mask_error_details=True
    )

    def initiatives_for(task: str, user: str, degraded: list[str]) -> list[Initiative]:
        try:
            return src.reflection.proactive.evaluate(user, task).initiatives
        except Exception as exc:  # a broken source degrades its section, never the whole context
            log.warning("context initiatives failed: %s", exc)
            degraded.append(f"initiatives: {type(exc).__name__}: {str(exc)[:200]}")
            return []

    def build(
        task: str,
        budget: int,
        session_id: str | None,
        user_id: str | None,
        sections: list[SectionName] | None,
        initiatives: bool = True,
    ) -> ContextWithInitiatives:
        user = resolve_user(user_id or settings.hooks.user_id, admin_scope="memory:admin")
        chosen = tuple(sections) if sections else ORDER
        gathered = src.gather(task, user, session_id, chosen)
        found = initiatives_for(task, user, gathered.degraded) if initiatives else []
        return assemble_with(lambda b: assemble(gathered, b, chosen, count, tokenizer), found, budget, count)

    def gaps(task: str, draft: str | None, known: list[str], user_id: str | None) -> GapReport:
        user = resolve_user(user_id or settings.hooks.user_id, admin_scope="memory:admin")
        recalled, _ = src.memories(task, user, GAP_MEMORIES, set())
        # The recalled text as stored, without the "[type, date]" label the context shows.
        facts = [*known, *(i.text.split("] ", 1)[-1] for i in recalled)]
        return src.reflection.proactive.gaps(user, task, draft, facts)

    # It reads for the caller; the activations it records are bookkeeping, so `context:read` is enough.
    @mcp.tool(annotations={"readOnlyHint": False, "idempotentHint": False}, tags={READ_SCOPE_TAG})
    async def context_assemble(
        task: Task,
        budget_tokens: Budget = 2000,
        session_id: SessionId = None,
        user_id: UserId = None,
        sections: Annotated[
            list[SectionName] | None,
            Field(
                description="Only these sections (default all): fixed, task, preferences, memories, skills, "
                "skill_index, errors."
            ),
        ] = None,
        initiatives: Annotated[
            bool, Field(description="Add initiatives above their bar (at most 2, ≤ 15% of the budget reserved).")
        ] = True,
    ) -> ContextWithInitiatives:
        """The context for a task within budget_tokens: text plus token counts per section and what was trimmed.

        Trimming order when over budget: memories (least relevant first), the index of other skills, activated
        skills, errors, preferences; the fixed zone and the task anchor are cut only if they alone exceed it.
        Initiatives (goal alignment, drive nudges, recurring requests) come last, only above their calibrated bar,
        in a share of the budget reserved for them. Matching records skill activations (cooldowns per
        session_id), hence not read-only.
        """
        return await asyncio.to_thread(build, task, budget_tokens, session_id, user_id, sections, initiatives)

    @mcp.tool(annotations={"readOnlyHint": True}, tags={READ_SCOPE_TAG})
    async def context_gaps(
        task: Task,
        draft: Annotated[str | None, Field(max_length=20000, description="The agent's draft answer, if any.")] = None,
        known: Annotated[
            list[Annotated[str, Field(max_length=2000)]] | None,
            Field(max_length=50, description="Facts the host holds beyond Cairn's memory (≤ 50)."),
        ] = None,
        user_id: UserId = None,
    ) -> GapReport:
        """What the task needs that neither the task, the user's memories (10 recalled), the user model nor `known`
        holds: questions only the user can answer, most urgent first, each with why, options and the default
        without an answer (ask the first, one at a time); with a draft, also its hedging, indecision and
        conflicts with the user's preferences."""
        return await asyncio.to_thread(gaps, task, draft, known or [], user_id)

    @mcp.prompt(name="context")
    async def context_prompt(task: str, budget_tokens: str = "2000", session_id: str | None = None) -> str:
        """Cairn's context for a task (memories, skills, preferences, rules) as one message, within a budget."""
        try:
            budget = max(100, min(100_000, int(budget_tokens)))
        except ValueError:
            budget = 2000
        result = await asyncio.to_thread(build, task[:8000], budget, session_id, None, None)
        return result.text or "(Cairn has no stored context for this task.)"

    return mcp
