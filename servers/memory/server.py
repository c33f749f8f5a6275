"""The memory MCP server: thin tools and resources over :class:`MemoryService`."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import AbstractContextManager, asynccontextmanager, suppress
from typing import Annotated, Any

from fastmcp import Context, FastMCP
from fastmcp.exceptions import ResourceError, ToolError
from pydantic import Field

from servers.core import crosslang, warmup
from servers.core.completions import Completions
from servers.core.errors import domain_tools, resource_errors
from servers.core.event_outbox import shared as shared_outbox
from servers.core.event_views import recent_events, sees_all_users
from servers.core.events import Event
from servers.core.failures import DomainError
from servers.core.identity import resolve_user
from servers.core.mcp_progress import in_thread
from servers.core.notify import EventNotifications, notifying
from servers.core.principal import current_principal
from servers.core.resource_errors import BadResourceArgument, MissingResource
from servers.core.settings import CoreSettings
from servers.core.subscriptions import Subscriptions, Watch
from servers.memory.embed_queue import CLOSE_WAIT_S
from servers.memory.extract import MAX_MESSAGES, MAX_TOOL_CALLS, Message, ToolCall
from servers.memory.files import entry_markdown
from servers.memory.lifecycle import Lifecycle
from servers.memory.models import (
    USER_ID_PATTERN,
    CaptureResult,
    Entry,
    EntryNotFound,
    FlushResult,
    MaintenanceReport,
    MemoryInputError,
    RecallMode,
    RecallResult,
    WritableType,
    WriteResult,
)
from servers.memory.service import MemoryService

ADMIN_SCOPE = "memory:admin"
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")

INSTRUCTIONS = """Long-term memory for this user, shared across sessions and hosts.
Recall before a task (memory_recall), write what the user states about themselves, decisions and
results worth keeping (memory_write), flush before the context is compacted (memory_flush), and
capture a finished task that used tools (memory_capture_task). MEMORY.md holds long-term facts."""

UserId = Annotated[
    str,
    Field(
        pattern=USER_ID_PATTERN,
        description="Whose memory (1-128 chars). Ignored in favour of the token's subject when authenticated.",
    ),
]
EntryId = Annotated[
    str, Field(min_length=1, max_length=64, description="An entry id from memory_write or memory_recall.")
]
Keywords = Annotated[list[str] | None, Field(max_length=32, description="Up to 32 keywords of 1-64 chars.")]
Slots = Annotated[
    dict[str, str] | None, Field(description='Up to 32 named values (e.g. {"project": "cairn"}), values ≤ 512 chars.')
]


def create_server(settings: CoreSettings | None = None, *, service: MemoryService | None = None) -> FastMCP:
    settings = settings or CoreSettings()
    memory = service or MemoryService(settings)
    lifecycle = Lifecycle(memory)

    @asynccontextmanager
    async def lifespan(_: FastMCP) -> AsyncIterator[dict[str, Any]]:
        # Load the model in the background: a host's handshake must not wait for it (nor, over stdio, share the
        # interpreter with its answers: see servers/core/warmup.py).
        warmup.later(memory.embedder.start_background_load)
        warmup.later(crosslang.preload)  # the cross-language dictionary, so the first write need not wait for it
        warmup.later(memory.embed_missing_in_background)  # entries a killed process left without a vector
        # Durable events go to the outbox every server process on this home or database reads (reflection
        # learns from captures there), and each client's sessions get their user's events as notifications.
        async with shared_outbox(memory.bus, settings) as outbox, notifying(outbox):
            yield {"memory": memory}
        # On a clean stop, give the last writes their vectors (bounded); what is left waits for the next start.
        await asyncio.to_thread(memory.wait_for_vectors, CLOSE_WAIT_S)

    mcp = FastMCP(
        "cairn-memory", instructions=INSTRUCTIONS, version="0.1.0", lifespan=lifespan, mask_error_details=True
    )
    tool = domain_tools(mcp)
    mcp.add_middleware(EventNotifications(memory.bus, ADMIN_SCOPE))

    def user(requested: str | None) -> str:
        return resolve_user(requested, admin_scope=ADMIN_SCOPE)

    @tool(annotations={"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True})
    def memory_write(
        content: Annotated[str, Field(description="The text to remember, up to 10,000 characters.")],
        user_id: UserId = "default",
        keywords: Keywords = None,
        slots: Slots = None,
        type: WritableType = "note",
        ttl_days: Annotated[int | None, Field(ge=1, le=36500, description="Archive after this many days.")] = None,
    ) -> WriteResult:
        """Remember something for this user. Returns once stored: keyword recall finds it at once, recall
        by meaning once it is embedded in the background (normally within seconds; `vector` says
        "pending"). An exact repeat of an existing memory is merged at once and `merged_into` names it; a
        paraphrase (same meaning and the same numbers, names, codes and polarity) is merged after the
        embedding, and memory_get then shows the new entry archived as "merged into <id>". A statement
        that contradicts an existing one is stored beside it, never merged. Only writes arriving faster than
        the background embedding keeps up with (measured 7-20 a second on an otherwise idle 2-core machine,
        0.2-2 while it answers tens of concurrent recalls) make a backlog; when more than 256 writes wait for
        their embedding, a write waits up to 10 s for room, then fails with "memory is busy" and stores
        nothing. Types: note, preference, decision, fact, task; preferences, decisions and facts
        are kept until removed, others age out."""
        return memory.write(content, user(user_id), keywords=keywords, slots=slots, type=type, ttl_days=ttl_days)

    @tool(annotations={"readOnlyHint": True})
    def memory_recall(
        query: Annotated[str, Field(description="What to look for, in any language; up to 2,000 characters.")],
        user_id: UserId = "default",
        limit: Annotated[int, Field(ge=1, le=50)] = 5,
        mode: RecallMode = "hybrid",
        filters: Annotated[
            dict[str, Any] | None,
            Field(
                description="Optional: type (name or list), slots {name: value}, keywords [any of], source, "
                "session_id, created_after / created_before (ISO), layer (longterm|daily|entry)."
            ),
        ] = None,
        min_score: Annotated[float | None, Field(ge=0, le=1, description="Drop results scoring below this.")] = None,
    ) -> RecallResult:
        """Find this user's memories relevant to a query. Hybrid mode fuses keyword search (exact
        words, error codes, identifiers; Chinese included) with semantic search (paraphrases; across
        languages only partly with the bundled offline model). Long-term facts rank first, then recent
        daily summaries, then single entries. Each result says why it matched. score is 0-1: in hybrid
        mode 1.0 means ranked first by both searches; semantic mode gives cosine similarity (plus
        0.0175 for a memory written in the other language, English vs Chinese, to offset the model's
        lower cross-language scores); keyword mode BM25 relative to the best hit. If semantic search
        is unavailable or slower than 200 ms (or the model already has more queries waiting than it can embed
        in that time), results come from keyword search and `degraded` says why.
        With an LLM configured and CAIRN_MEMORY__LLM_QUERY_REWRITE=true, the query's translation
        (English/Chinese) and a paraphrase from the LLM are searched by meaning too (`rewritten_as`);
        the first recall of a query then waits for the LLM, up to 3 s."""
        return memory.recall(query, user(user_id), limit=limit, mode=mode, filters=filters, min_score=min_score)

    @tool(annotations={"readOnlyHint": True})
    def memory_get(id: EntryId, user_id: UserId = "default") -> Entry:
        """Read one memory entry with all its fields (archived entries included)."""
        return memory.get(id, user(user_id))

    @tool(annotations={"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True})
    def memory_update(
        id: EntryId,
        user_id: UserId = "default",
        content: Annotated[str | None, Field(description="New text, up to 10,000 characters.")] = None,
        keywords: Keywords = None,
        slots: Slots = None,
        type: WritableType | None = None,
        ttl_days: Annotated[int | None, Field(ge=1, le=36500)] = None,
    ) -> Entry:
        """Change an entry: replace its text, keywords or slots, change its type, or set a time to live."""
        return memory.update(
            id,
            user(user_id),
            content=content,
            keywords=keywords,
            slots=slots,
            type=type,
            ttl_days=ttl_days,
        )

    @tool(annotations={"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True})
    def memory_archive(
        id: EntryId,
        user_id: UserId = "default",
        reason: Annotated[str, Field(max_length=200)] = "archived by request",
    ) -> Entry:
        """Take an entry out of recall but keep it (memory_get still reads it). Prefer this to delete."""
        return memory.archive(id, user(user_id), reason)

    @tool(annotations={"readOnlyHint": False, "destructiveHint": True, "idempotentHint": True})
    def memory_delete(id: EntryId, user_id: UserId = "default") -> dict[str, str]:
        """Delete an entry for good (its vector and index rows too). Use memory_archive to keep it."""
        return {"deleted": memory.delete(id, user(user_id))}

    @tool(annotations={"readOnlyHint": False, "destructiveHint": False})
    def memory_flush(
        messages: Annotated[
            list[Message], Field(max_length=MAX_MESSAGES, description="Up to 500 messages about to be compacted.")
        ],
        session_id: Annotated[str, Field(min_length=1, max_length=200)],
        user_id: UserId = "default",
    ) -> FlushResult:
        """Call before the context is compacted: keeps stated preferences, decisions, tool decisions and
        substantial tool results from the messages — at most 5 entries per flush, repeats merged."""
        return memory.flush(messages, session_id, user(user_id))

    @tool(annotations={"readOnlyHint": False, "destructiveHint": False})
    def memory_capture_task(
        task: Annotated[str, Field(min_length=1, max_length=4000, description="What the task was.")],
        tool_calls: Annotated[
            list[ToolCall], Field(max_length=MAX_TOOL_CALLS, description="The tools used, in order (≤ 500).")
        ],
        outcome: Annotated[
            str, Field(max_length=4000, description="How it ended: success, failure, partial, and why.")
        ],
        user_id: UserId = "default",
        session_id: Annotated[str | None, Field(max_length=200)] = None,
    ) -> CaptureResult:
        """Record a finished task with its workflow trace (tools in order, failures) for later recall and
        reflection. Only tasks that used tools are captured; a plain conversation returns captured=false."""
        return memory.capture_task(task, tool_calls, outcome, user(user_id), session_id)

    @tool(annotations={"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True})
    async def memory_maintain(ctx: Context, user_id: UserId = "default") -> MaintenanceReport:
        """Upkeep: archive entries past their retention, merge near-duplicates, embed entries written
        without a vector, rebuild daily summaries, import edits to MEMORY.md and promote facts seen 3+
        times into it. Safe to run any time. Sends a progress notification as each of its 6 steps starts
        when the call carries a progressToken."""
        return await in_thread(ctx, lifecycle.maintain, user(user_id))

    # --- resources -------------------------------------------------------------------------------------

    def _memory_md(user_id: str) -> str:
        with _resource_errors():
            files = memory.files(user_id)
            lifecycle.sync_longterm(user_id)
            return files.read(files.memory_md) or ""

    def _daily(user_id: str, date: str) -> str:
        if not _DATE.match(date):
            raise BadResourceArgument(f"{date!r} is not a date: use YYYY-MM-DD")
        with _resource_errors():
            text = lifecycle.build_daily(user_id, date)
        if text is None:
            raise MissingResource(f"no memories on {date}")
        return text

    @mcp.resource("memory://MEMORY.md", mime_type="text/markdown")
    def memory_md() -> str:
        """Long-term facts of the current user, editable by a person (edits are kept)."""
        return _memory_md(user(None))

    @mcp.resource("memory://daily/{date}", mime_type="text/markdown")
    def daily(date: str) -> str:
        """The current user's summary of one day (YYYY-MM-DD)."""
        return _daily(user(None), date)

    @mcp.resource("memory://entries/{id}", mime_type="text/markdown")
    def entry(id: str) -> str:
        """One entry of the current user as Markdown with frontmatter."""
        with _resource_errors():
            return entry_markdown(memory.get(id, user(None)))

    @mcp.resource("memory://users/{user_id}/MEMORY.md", mime_type="text/markdown")
    def user_memory_md(user_id: str) -> str:
        """Long-term facts of a named user (only your own when authenticated)."""
        return _memory_md(_resource_user(user_id))

    @mcp.resource("memory://users/{user_id}/daily/{date}", mime_type="text/markdown")
    def user_daily(user_id: str, date: str) -> str:
        """A named user's daily summary (only your own when authenticated)."""
        return _daily(_resource_user(user_id), date)

    @mcp.resource("memory://events", mime_type="application/json")
    def events() -> list[dict[str, Any]]:
        """Recent events: with a token, of its user only; to an admin or without auth (the host names the
        user on every call anyway), of every user, each event naming its user. Durable events (writes,
        captures, reflections, rules) come from every process on this home or database; recalls only
        from this process."""
        return recent_events(memory.bus, None if sees_all_users(ADMIN_SCOPE) else user(None))

    @mcp.resource("memory://users/{user_id}/events", mime_type="application/json")
    def user_events(user_id: str) -> list[dict[str, Any]]:
        """Recent events of a named user (only your own when authenticated, unless admin)."""
        return recent_events(memory.bus, _resource_user(user_id))

    def _resource_user(user_id: str) -> str:
        try:
            return user(user_id)
        except ToolError as exc:
            raise ResourceError(str(exc)) from exc

    _offer_completions_and_updates(mcp, memory, user)
    return mcp


def _resource_errors() -> AbstractContextManager[None]:
    return resource_errors(DomainError)


def _offer_completions_and_updates(mcp: FastMCP, memory: MemoryService, user: Callable[[str | None], str]) -> None:
    """Dates and user ids as completions; MEMORY.md and daily summaries as subscribable resources."""

    def readable_users(typed: str, known: Mapping[str, str]) -> list[str]:
        principal = current_principal()
        if principal is None or principal.has(ADMIN_SCOPE):
            return memory.store.users()
        return [principal.subject]  # a token reads only its own subject's memory

    def dates(typed: str, known: Mapping[str, str]) -> list[str]:
        if not re.fullmatch(r"[\d-]{0,10}", typed):
            return []
        try:
            whose = user(known.get("user_id"))
        except ToolError:  # another user's dates without the admin scope: nothing to offer
            return []
        return memory.store.entry_dates(whose, typed)

    completions = Completions("memory")
    completions.template("memory://daily/{date}", "date", dates)
    completions.template("memory://users/{user_id}/MEMORY.md", "user_id", readable_users)
    completions.template("memory://users/{user_id}/daily/{date}", "user_id", readable_users)
    completions.template("memory://users/{user_id}/daily/{date}", "date", dates)
    completions.install(mcp)

    def follow(uri: str) -> Watch | None:
        parts = uri.removeprefix("memory://").split("/")
        if len(parts) > 2 and parts[0] == "users":  # memory://users/{user_id}/…: only readable users
            whose, parts = user(parts[1]), parts[2:]
        else:
            whose = user(None)
        if parts == ["MEMORY.md"]:
            return Watch("MEMORY.md", whose)
        if len(parts) == 2 and parts[0] == "daily" and _DATE.match(parts[1]):
            return Watch(f"daily/{parts[1]}", whose)
        return None

    updates = Subscriptions("memory", ("memory://",), follow)
    updates.install(mcp)

    def on_written(event: Event) -> None:
        whose = event.payload.get("user_id")
        if not isinstance(whose, str) or not updates.watched(whose):
            return
        with suppress(EntryNotFound, MemoryInputError):  # deleted since: its day is reported by maintenance
            updates.changed(f"daily/{memory.get(str(event.payload['id']), whose).created_at[:10]}", whose)

    def on_maintained(event: Event) -> None:
        whose = str(event.payload.get("user_id"))
        updates.changed("MEMORY.md", whose)  # facts promoted or edits imported
        for day in event.payload.get("daily_summaries") or []:
            updates.changed(f"daily/{day}", whose)

    # Unique names: the bus replaces a subscriber of the same name, and several servers may share a bus.
    memory.bus.subscribe("memory.written", on_written, name=f"subscriptions:{id(updates)}")
    memory.bus.subscribe("memory.maintained", on_maintained, name=f"subscriptions:{id(updates)}")
