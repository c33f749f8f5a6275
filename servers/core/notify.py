"""Events to MCP clients as log notifications (``notifications/message``, logger ``cairn.events``), per user.

What the protocol allows differs by era:

* **Handshake sessions** (protocol 2025-11-25 and older: stdio, SSE, Streamable HTTP with a session) have a
  standing server→client channel. A session is remembered under each user it has acted for (with a token:
  its subject, or another user only with the server's admin scope; without auth, the user it named), and
  every durable event of that user, from this process or any other on the same outbox, is sent to it.
* **2026-07-28** has no standing channel: a log notification may only ride the response stream of a
  request that opted in to logging. Neither has stateless Streamable HTTP (served when several instances
  share PostgreSQL). There a tool call's own response carries the caller's events appended while the call
  ran (its write, its capture, and whatever other processes published for that user meanwhile).

An event never goes to a session that has not acted for its user; events without a user go nowhere.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import warnings
import weakref
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import mcp_types as mt
from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext
from fastmcp.tools.base import ToolResult
from mcp.server.connection import Connection
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from servers.core.delivery import OutboxReader
from servers.core.events import Event, EventBus
from servers.core.identity import resolve_user
from servers.core.storage.outbox import Outbox

log = logging.getLogger(__name__)
LOGGER = "cairn.events"


class SessionNotifier:
    """Remembers handshake-era connections by user and sends each of them that user's events."""

    def __init__(self, outbox: Outbox) -> None:
        self.outbox = outbox
        self._lock = threading.Lock()
        self._by_user: dict[str, weakref.WeakSet[Connection]] = {}
        self.sent = 0
        self.reader = OutboxReader(outbox, "notify", None, self.deliver, durable=False)

    def remember(self, user_id: str, connection: Connection) -> None:
        with self._lock:
            self._by_user.setdefault(user_id, weakref.WeakSet()).add(connection)

    def connections(self, user_id: str) -> list[Connection]:
        with self._lock:
            return list(self._by_user.get(user_id, ()))

    async def deliver(self, event: Event) -> None:
        user = event.user_id
        if user is None:
            return
        for connection in self.connections(user):
            with warnings.catch_warnings():
                # Logging is deprecated in 2026-07-28 (where this drops the message); still the only
                # notification a handshake-era client shows for arbitrary events.
                warnings.simplefilter("ignore")
                await connection.log("info", event.as_dict(), LOGGER)
            self.sent += 1


_lock = threading.Lock()
_running: dict[int, tuple[SessionNotifier, int]] = {}  # id(outbox) -> (notifier, lifespans using it)


@asynccontextmanager
async def notifying(outbox: Outbox | None) -> AsyncIterator[SessionNotifier | None]:
    """The process's notifier for ``outbox``, running until the last lifespan using it ends (none without
    an outbox: a private bus has nothing to send)."""
    if outbox is None:
        yield None
        return
    with _lock:
        notifier, users = _running.get(id(outbox), (None, 0))
        if notifier is None:
            notifier = SessionNotifier(outbox)
        _running[id(outbox)] = (notifier, users + 1)
    if users == 0:
        await notifier.reader.start()
    try:
        yield notifier
    finally:
        with _lock:
            _, users = _running[id(outbox)]
            if users <= 1:
                del _running[id(outbox)]
            else:
                _running[id(outbox)] = (notifier, users - 1)
        if users <= 1:
            await notifier.reader.stop()


def notifier_for(outbox: Outbox | None) -> SessionNotifier | None:
    if outbox is None:
        return None
    with _lock:
        found = _running.get(id(outbox))
    return found[0] if found else None


class EventNotifications(Middleware):
    """Registers sessions for out-of-band events and sends a 2026-07-28 tool call its user's events."""

    def __init__(self, bus: EventBus, admin_scope: str) -> None:
        self.bus = bus
        self.admin_scope = admin_scope

    async def on_call_tool(
        self,
        context: MiddlewareContext[mt.CallToolRequestParams],
        call_next: CallNext[mt.CallToolRequestParams, ToolResult],
    ) -> ToolResult:
        outbox = self.bus.outbox
        ctx = context.fastmcp_context
        request = ctx.request_context if ctx is not None else None
        if outbox is None or ctx is None or request is None:
            return await call_next(context)
        requested = (context.message.arguments or {}).get("user_id")
        # The session object lives for one request; its connection for the client's whole session. Only a
        # handshake-era connection with a standing stream can take events between calls: not 2026-07-28,
        # and not stateless Streamable HTTP (what several instances on PostgreSQL serve).
        connection: Connection = request.session._connection
        standing = request.protocol_version not in MODERN_PROTOCOL_VERSIONS and connection.has_standalone_channel
        notifier = notifier_for(outbox)
        if standing and notifier is not None:
            for user in self._users(requested):
                notifier.remember(user, connection)
            return await call_next(context)
        if "info" not in request.session._allowed_log_levels:
            return await call_next(context)  # the request did not opt in to log messages: nothing to look up
        # The outbox's latest id before the call, and after it whether the caller has events past it: asked on
        # the loop when the answer needs no wait (a thread hop costs more than these indexed reads), and the
        # events themselves read, in a thread, only for a user who has some (by this process or another).
        mark = outbox.latest_id_nowait()
        if mark is None:
            mark = await asyncio.to_thread(outbox.latest_id)
        result = await call_next(context)
        users = [u for u in self._users(requested) if outbox.has_after_nowait(mark, user_id=u) is not False]
        if users:
            await self._send_own_events(ctx, outbox, mark, users)
        return result

    def _users(self, requested: Any) -> list[str]:
        """The user this call acts for: the token's subject, or the named user when allowed."""
        own = resolve_user(None, admin_scope=self.admin_scope)
        if isinstance(requested, str) and requested:
            try:
                return [resolve_user(requested, admin_scope=self.admin_scope)]
            except Exception:  # a refused user_id fails the call itself; the session stays its own user's
                return [own]
        return [own]

    async def _send_own_events(self, ctx: Any, outbox: Outbox, mark: int, users: list[str]) -> None:
        for user in users:
            for stored in await asyncio.to_thread(outbox.read, mark, user_id=user, limit=50):
                event = Event(stored.topic, stored.payload, stored.session_id, id=stored.id)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    # Rides this request's stream; dropped unless the request opted in to logging.
                    await ctx.session.send_log_message(
                        "info", event.as_dict(), logger=LOGGER, related_request_id=ctx.request_id
                    )
