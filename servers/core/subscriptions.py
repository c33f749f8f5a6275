"""Resource subscriptions: ``resources/subscribe`` / ``unsubscribe`` and ``notifications/resources/updated``.

A server names what its subscribable URIs follow (a :class:`Watch`: a resource key and whose data it is) and
reports changes with :meth:`Subscriptions.changed`; the :class:`Hub` on the serving (root) server keeps each
connection's subscriptions and notifies exactly the connections that subscribed, with the URI each used.

>>> subscriptions = Subscriptions("memory", ("memory://",), resolve)   # resolve runs as the subscriber
>>> subscriptions.install(mcp)                                         # the `subscribe` capability, truthfully
>>> subscriptions.changed("MEMORY.md", owner="ada")                    # from any thread

| subscribing to                                     | result                                                |
|----------------------------------------------------|-------------------------------------------------------|
| a URI the server follows, readable by the caller   | subscribed; updates for the caller's own data only    |
| a URI of the server it does not follow             | error naming why (it would never fire)                 |
| a URI without ``<server>:read`` or of another user | error, as the read would be                           |
| a URI of no Cairn server (``test://x``)            | accepted and never fires (as the SDK's own listen)    |

Only the handshake era (2025-11-25 and earlier) has ``resources/subscribe``; it delivers on the connection's
standalone stream (the GET stream of Streamable HTTP). The 2026-07-28 ``subscriptions/listen`` is not served,
so the SDK advertises ``subscribe: false`` there. Changes made by other processes (a hook process writing
memory) are not seen: changes are reported in process.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

import mcp_types
from fastmcp import FastMCP
from fastmcp.exceptions import ResourceError, ToolError
from fastmcp.server.dependencies import bind_request_context
from fastmcp.server.transforms.namespace import Namespace
from mcp.server.context import ServerRequestContext
from mcp.shared.exceptions import MCPError

from servers.core.principal import current_principal
from servers.core.scopes import read_scope

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Watch:
    """What a subscribed URI follows: a resource ``key`` of its server, and the user whose data it is
    (``None``: the same for every caller, like a skill's files)."""

    key: str
    owner: str | None = None


Resolver = Callable[[str], "Watch | None"]
"""A URI as the server itself names it → its :class:`Watch`, or ``None`` when the server does not follow it.
Runs as the subscriber: raises :class:`ResourceError` (or ``ToolError``) when the caller may not read it."""

Poll = Callable[[], Iterable[Watch]]
"""Looks for changes (e.g. skill files edited on disk) and returns what changed since the last call."""

POLL_S = 2.0


class Subscriptions:
    """One server's subscribable resources, and the door its changes come in by."""

    def __init__(self, server_name: str, schemes: tuple[str, ...], resolve: Resolver, *, poll: Poll | None = None):
        self.server_name = server_name
        self.schemes = schemes
        self._resolve = resolve
        self.poll = poll
        self._hubs: list[Hub] = []

    def resolve(self, uri: str, shown: str | None = None) -> Watch | None:
        """The watch for ``uri``; ``None`` for a URI of another server; raises :class:`MCPError` otherwise.
        ``shown`` is the URI as the client wrote it (namespaced under ``serve all``), for the error."""
        shown = shown or uri
        principal = current_principal()
        if principal is not None and not principal.has(read_scope(self.server_name)):
            raise MCPError(
                mcp_types.INVALID_PARAMS,
                f"insufficient scope: subscribing to {shown} needs the {read_scope(self.server_name)!r} scope",
            )
        try:
            watch = self._resolve(uri)
        except (ResourceError, ToolError) as exc:
            raise MCPError(mcp_types.INVALID_PARAMS, str(exc)) from exc
        if watch is None and uri.startswith(self.schemes):
            raise MCPError(mcp_types.INVALID_PARAMS, f"{shown} sends no update notifications")
        return watch

    def changed(self, key: str, owner: str | None = None) -> None:
        """Report a change; safe from any thread or event loop, returns at once."""
        for hub in list(self._hubs):
            hub.deliver(self, Watch(key, owner))

    def watched(self, owner: str | None = None) -> bool:
        """Whether anyone follows this server's resources (of ``owner``): lets a reporter skip costly work."""
        return any(hub.watching(self, owner) for hub in self._hubs)

    def install(self, server: FastMCP) -> None:
        """Serve subscriptions on ``server`` itself (and offer them to a parent that mounts it)."""
        _installed[server] = self
        Hub({None: self}).install(server)


_installed: WeakKeyDictionary[FastMCP, Subscriptions] = WeakKeyDictionary()


def install_mounted(parent: FastMCP, children: Mapping[str, FastMCP]) -> None:
    """Serve the subscriptions of mounted servers (``{namespace: child}``) on ``parent``: only the root server
    receives requests, so it takes the namespace off the URI (``memory://memory/x`` → ``memory://x``)."""
    routes: dict[str | None, Subscriptions] = {
        ns: subscriptions for ns, child in children.items() if (subscriptions := _installed.get(child))
    }
    if routes:
        Hub(routes).install(parent)


@dataclass(frozen=True)
class _Subscriber:
    connection: Any  # mcp.server.connection.Connection: one client connection, whichever request it sent
    uri: str  # as the client named it: the notification must carry the same string
    source: Subscriptions
    watch: Watch
    loop: asyncio.AbstractEventLoop


class Hub:
    """The subscriptions of every connection of one serving server, keyed by where they route."""

    def __init__(self, routes: Mapping[str | None, Subscriptions]) -> None:
        self._routes = [(Namespace(ns) if ns else None, source) for ns, source in routes.items()]
        self._subscribers: list[_Subscriber] = []
        self._lock = threading.Lock()  # changes are reported from worker threads too
        self._pollers: dict[Subscriptions, asyncio.Task[None]] = {}
        for _, source in self._routes:
            source._hubs.append(self)

    def install(self, server: FastMCP) -> None:
        # fastmcp has no subscription API; the SDK's low-level server takes the handlers, and registering
        # them is what makes it advertise `resources.subscribe`.
        lowlevel = server._mcp_server
        lowlevel.add_request_handler("resources/subscribe", mcp_types.SubscribeRequestParams, self._on_subscribe)
        lowlevel.add_request_handler("resources/unsubscribe", mcp_types.UnsubscribeRequestParams, self._on_unsubscribe)

    # --- requests -----------------------------------------------------------------------------------

    async def _on_subscribe(
        self, ctx: ServerRequestContext[Any, Any], params: mcp_types.SubscribeRequestParams
    ) -> mcp_types.EmptyResult:
        uri = str(params.uri)
        with bind_request_context(ctx):  # so the caller's token is seen by current_principal()
            routed = self._route(uri)
            if routed is None:
                return mcp_types.EmptyResult()
            source, inner = routed
            watch = await asyncio.to_thread(source.resolve, inner, uri)
        if watch is None:
            return mcp_types.EmptyResult()
        connection = ctx.session._connection
        subscriber = _Subscriber(connection, uri, source, watch, asyncio.get_running_loop())
        with self._lock:
            if not any(s.connection is connection and s.uri == uri for s in self._subscribers):
                self._subscribers.append(subscriber)
        if not connection.state.get(_CLEANUP):
            # A connection that ends takes its subscriptions with it.
            connection.exit_stack.callback(self._forget, connection)
            connection.state[_CLEANUP] = True
        self._start_polling(source)
        return mcp_types.EmptyResult()

    async def _on_unsubscribe(
        self, ctx: ServerRequestContext[Any, Any], params: mcp_types.UnsubscribeRequestParams
    ) -> mcp_types.EmptyResult:
        connection, uri = ctx.session._connection, str(params.uri)
        with self._lock:
            self._subscribers = [s for s in self._subscribers if not (s.connection is connection and s.uri == uri)]
        return mcp_types.EmptyResult()

    def _route(self, uri: str) -> tuple[Subscriptions, str] | None:
        for namespace, source in self._routes:
            if namespace is None:
                return source, uri
            inner = namespace._reverse_uri(uri)
            if inner is not None and inner != uri:
                return source, inner
        return None

    def _forget(self, connection: Any) -> None:
        with self._lock:
            self._subscribers = [s for s in self._subscribers if s.connection is not connection]

    # --- changes ------------------------------------------------------------------------------------

    def watching(self, source: Subscriptions, owner: str | None) -> bool:
        with self._lock:
            return any(s.source is source and (owner is None or s.watch.owner == owner) for s in self._subscribers)

    def deliver(self, source: Subscriptions, change: Watch) -> None:
        with self._lock:
            matching = [
                s
                for s in self._subscribers
                if s.source is source
                and s.watch.key == change.key
                and (change.owner is None or s.watch.owner == change.owner)
            ]
        for subscriber in matching:
            if subscriber.loop.is_closed():  # its event loop has ended, and so has the connection
                self._forget(subscriber.connection)
                continue
            notify = subscriber.connection.send_resource_updated(subscriber.uri)
            asyncio.run_coroutine_threadsafe(notify, subscriber.loop)

    def _start_polling(self, source: Subscriptions) -> None:
        if source.poll is None or not (self._pollers.get(source) is None or self._pollers[source].done()):
            return
        self._pollers[source] = asyncio.get_running_loop().create_task(self._polling(source))

    async def _polling(self, source: Subscriptions) -> None:
        """Ask ``source`` for changes while anyone follows it; stops with the last subscriber."""
        assert source.poll is not None
        while self.watching(source, None):
            try:
                for change in await asyncio.to_thread(source.poll):
                    self.deliver(source, change)
            except Exception:  # a failed look must not end the notifications; the next one may succeed
                log.exception("looking for changes of %s failed", source.server_name)
            await asyncio.sleep(POLL_S)


_CLEANUP = "cairn_subscriptions_cleanup"
