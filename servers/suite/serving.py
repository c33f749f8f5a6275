"""Running servers: one server or all of them mounted, over stdio, SSE or Streamable HTTP.

HTTP apps get Host/Origin protection (DNS-rebinding defence), a ``/health`` route, and stay off the
network's update checks. The same builder serves the CLI and the tests, so tests run what users run.
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Literal

from fastmcp import FastMCP
from fastmcp.server.context import set_transport
from fastmcp.server.providers import Provider
from fastmcp.tools import Tool
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from servers.core import completions, param_headers, subscriptions, telemetry, toolnames
from servers.core.arguments import ArgumentErrors
from servers.core.metrics import ToolMetrics, exposition
from servers.core.resource_errors import ResourceErrors
from servers.core.scopes import ScopeGuard
from servers.suite import catalog
from servers.suite.inprocess import process_services
from servers.suite.services import HELD, SharedServices
from servers.suite.settings import CairnSettings
from servers.suite.tool_routing import RoutedFastMCP, route_lookups

VERSION = "0.1.0"

# Quiet, offline defaults for fastmcp; a user's own environment still wins.
os.environ.setdefault("FASTMCP_CHECK_FOR_UPDATES", "off")
os.environ.setdefault("FASTMCP_SHOW_SERVER_BANNER", "false")


def build_server(
    name: str,
    settings: CairnSettings,
    *,
    on_child: Callable[[str, FastMCP], None] | None = None,
    remotes: dict[str, str] | None = None,
    services: SharedServices | None = None,
) -> FastMCP:
    """One server by name, or ``all``: every catalogued server mounted under its own namespace.

    Every server carries a :class:`ScopeGuard`: with a token (or an in-process principal) it sees and
    calls only what its scopes allow; without one (stdio, ``--auth none``) it passes everything.
    ``on_child`` sees each server as it is built. ``services`` are the process's domain services (the
    dashboard shows what they hold): the servers built here use them, one of each. ``remotes``
    ({namespace: url}) mounts remote MCP servers beside them (``all`` only); OAuth-protected ones use the
    tokens stored by ``cairn connect URL``, so they are the operator's account: a caller needs
    ``<namespace>:read`` / ``<namespace>:write`` to use one.
    """
    if remotes and name != "all":
        raise ValueError("--remote works with `cairn serve all`")
    telemetry.skip_unrecordable_spans()  # no-op spans around every call cost the event loop (telemetry.py)
    schemas: list[dict[str, Any]] = []  # every tool's input schema, for the Mcp-Param header check below
    if name != "all":
        held = services if name in HELD else None
        server = catalog.factory(name)(settings, held)
        route_lookups(server)
        server.add_middleware(ToolMetrics(name))
        server.add_middleware(ScopeGuard(name))
        server.add_middleware(ArgumentErrors())  # inside the guard: a caller without the scope hears that first
        server.add_middleware(ResourceErrors())
        if on_child:
            on_child(name, server)
        schemas = [tool.parameters for tool in _tools(server, every=True)]
    else:
        server = suite_root()
        suite = build_suite(settings, on_child=on_child, services=services)
        attach_suite(server, suite)
        schemas = suite.schemas
    if not remotes:  # a remote's tools are not known here: its calls keep the SDK's per-caller listing
        param_headers.skip_listing_when_unmarked(server, schemas)
    for namespace, url in (remotes or {}).items():
        remote = _remote(url, settings)
        remote.add_middleware(ScopeGuard(namespace))
        server.mount(remote, namespace=namespace)
    finish_root(server, name, settings)
    return server


def finish_root(server: FastMCP, name: str, settings: CairnSettings) -> None:
    """What every served root gets whatever it mounts: paging of its lists, the health and metrics routes."""
    _page_lists(server, settings.list_page_size)
    _add_health(server, name)


def suite_root() -> FastMCP:
    """The root server of ``serve all``, before any server is mounted on it: what it answers by itself."""
    # Routed: a tools/call asks only the mounted server its name's namespace points to (tool_routing.py).
    root = RoutedFastMCP(
        "cairn", instructions="Cairn: " + ", ".join(catalog.names()) + ".", version=VERSION, mask_error_details=True
    )
    root.add_middleware(ResourceErrors())  # on the root: it also sees URIs no child knows
    return root


@dataclass
class Suite:
    """Every catalogued server, built and ready to mount on a root (:func:`attach_suite`)."""

    children: dict[str, FastMCP]
    renames: dict[str, dict[str, str]]  # per server: the tool renames of its mount
    schemas: list[dict[str, Any]]  # every tool's input schema, for the Mcp-Param header check


def build_suite(
    settings: CairnSettings,
    *,
    on_child: Callable[[str, FastMCP], None] | None = None,
    services: SharedServices | None = None,
) -> Suite:
    """Build every catalogued server (their modules, stores and tools): the slow part of ``serve all``, which
    touches no root server, so it can run in a worker thread while a root already serves. ``services`` are the
    process's domain services when the caller holds them (the dashboard shows what they hold)."""
    suite = Suite(children={}, renames={}, schemas=[])
    services = services or process_services(settings)  # one of each domain service, whichever servers use it
    for child_name in catalog.names():
        child = catalog.factory(child_name)(settings, services)
        route_lookups(child)  # its own lookups, twice per call, without a task group each (tool_routing.py)
        child.add_middleware(ToolMetrics(child_name))
        child.add_middleware(ScopeGuard(child_name))
        child.add_middleware(ArgumentErrors())
        if on_child:
            on_child(child_name, child)
        # Readable names under `serve all` (skills_list, not skills_list_skills): servers/core/toolnames.py.
        suite.renames[child_name] = toolnames.mount_renames(child_name, _tool_names(child))
        suite.children[child_name] = child
        # Taken from the children: mounting renames tools but never changes a schema, and listing the
        # mounted whole once more cost about a tenth of a `serve all` start.
        suite.schemas += [tool.parameters for tool in _tools(child, every=True)]
    return suite


def attach_suite(server: FastMCP, suite: Suite) -> None:
    """Mount every server of ``suite`` on ``server`` (a :func:`suite_root`) under its own namespace."""
    for child_name, child in suite.children.items():
        _mount(server, child, child_name, suite.renames[child_name])
    # Only the root server answers completion and subscription requests: it routes them to the children.
    completions.install_mounted(server, suite.children)
    subscriptions.install_mounted(server, suite.children)


def _page_lists(server: FastMCP, size: int) -> None:
    """Serve tools/list, resources/list, resources/templates/list and prompts/list in pages of ``size``
    items, following ``cursor``; a cursor Cairn did not make is refused with -32602 (invalid params).

    fastmcp takes the size only in ``FastMCP(list_page_size=…)``, and each server's own factory builds its
    ``FastMCP``: setting it here gives every server, alone or mounted under ``all``, the same paging.
    """
    server._list_page_size = size


def _mount(server: FastMCP, child: FastMCP, namespace: str, renames: dict[str, str]) -> None:
    """``server.mount(child, namespace=…)`` with ``renames`` made by :class:`toolnames.MountRenames`, so a
    renamed tool is the child's own tool under another name (see there why not ``mount(tool_names=…)``)."""
    from fastmcp.server.providers.fastmcp_provider import FastMCPProvider

    provider: Provider = FastMCPProvider(child)
    if renames:
        provider = provider.wrap_transform(toolnames.MountRenames(renames))
    server.add_provider(provider, namespace=namespace)


def _remote(url: str, settings: CairnSettings) -> FastMCP:
    from fastmcp import Client
    from fastmcp.server import create_proxy

    from servers.auth.client import oauth_for

    # No browser inside a server: a protected remote must have been signed in to with `cairn connect`.
    return create_proxy(Client(url, auth=oauth_for(url, settings.home, browser=False)), name=f"remote {url}")


def _tools(server: FastMCP, *, every: bool = False) -> Sequence[Tool]:
    """The server's tools; ``every``: also those a tool's own ``auth=`` check would hide from a caller."""

    async def listing() -> Sequence[Tool]:
        if every:  # fastmcp skips per-tool auth checks on stdio; the context variable lives in this loop only
            set_transport("stdio")
        return await server.list_tools(run_middleware=False)

    # list_tools is async; run it on a private loop so this works inside or outside a running loop.
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, listing()).result()


def _tool_names(server: FastMCP) -> list[str]:
    return [tool.name for tool in _tools(server)]


HEALTH_PING_S = 2.0


async def database_health() -> dict[str, dict[str, Any]]:
    """``{component: {"status": "ok" | "unavailable", …}}`` for every PostgreSQL database this process uses.

    SQLite files need no check (a missing disk fails loudly elsewhere). The PostgreSQL module is looked up,
    not imported: if nothing imported it, nothing uses PostgreSQL, and psycopg stays unloaded.
    """
    module = sys.modules.get("servers.core.storage.postgres")
    databases: list[Any] = module.open_databases() if module is not None else []
    if not databases:
        return {}

    async def check(db: Any) -> str | None:
        try:  # a thread stuck on a silent network must not hold the health route beyond its budget
            problem: str | None = await asyncio.wait_for(asyncio.to_thread(db.ping, HEALTH_PING_S), HEALTH_PING_S + 1)
        except TimeoutError:
            problem = f"no answer within {HEALTH_PING_S + 1:g} s"
        return problem

    problems = await asyncio.gather(*(check(db) for db in databases))
    report: dict[str, dict[str, Any]] = {}
    for db, problem in zip(databases, problems, strict=True):
        if problem is None:
            report.setdefault(db.schema, {"status": "ok", "where": db.path})
        else:  # one failing connection of a component is enough to report it
            report[db.schema] = {"status": "unavailable", "where": db.path, "error": problem}
    return dict(sorted(report.items()))


def close_databases() -> int:
    """Close every PostgreSQL pool this process opened; how many. Called when a server stops, so PostgreSQL
    sees each connection say goodbye instead of a socket dropped at exit (and a pooler gets its slots back).
    Looked up like :func:`database_health`: without PostgreSQL there is nothing to close, nothing to load."""
    module = sys.modules.get("servers.core.storage.postgres")
    return int(module.close_all()) if module is not None else 0


def _add_health(server: FastMCP, name: str) -> None:
    @server.custom_route("/health", methods=["GET"])
    async def health(_: Request) -> JSONResponse:
        body: dict[str, Any] = {"status": "ok", "server": name, "version": VERSION}
        databases = await database_health()
        if not databases:
            return JSONResponse(body)
        body["databases"] = databases
        down = [component for component, state in databases.items() if state["status"] != "ok"]
        if not down:
            return JSONResponse(body)
        # 503 takes this instance out of a load balancer's rotation until its database answers again.
        body.update(status="unavailable", error=f"database unreachable for: {', '.join(down)}")
        return JSONResponse(body, status_code=503)

    @server.custom_route("/metrics", methods=["GET"])
    async def metrics(_: Request) -> Response:
        body, content_type = exposition()
        return Response(body, media_type=content_type)


def http_app(server: FastMCP, transport: Literal["sse", "http"], *, stateless: bool = False) -> Starlette:
    """The Starlette app of one endpoint; "auto" rejects foreign Host/Origin headers on loopback.

    ``stateless`` serves Streamable HTTP without sessions (each POST stands alone), so any of several
    instances can answer any request; server-to-client requests that wait for an answer in a later POST
    (elicitation) need a session and are then unavailable. SSE always keeps its stream in one process.
    """
    if transport == "http" and stateless:
        return server.http_app(transport=transport, host_origin_protection="auto", stateless_http=True)
    if transport == "http":
        # Imported here: it loads a key-value store library (a quarter of a second) a stdio start never uses.
        from fastmcp.server.event_store import EventStore

        # An event store makes every SSE stream start with a priming event (an id, empty data) carrying
        # `retry`, so a client whose stream the server closes reconnects with Last-Event-ID and resumes
        # (SEP-1699). Stateless mode has no session to resume into, so it keeps plain streams.
        return server.http_app(
            transport=transport,
            host_origin_protection="auto",
            event_store=EventStore(max_events_per_stream=SSE_REPLAY_EVENTS, ttl=SSE_REPLAY_TTL_S),
            retry_interval=SSE_RETRY_MS,
        )
    return server.http_app(transport=transport, host_origin_protection="auto")


SSE_RETRY_MS = 2000  # how soon a client reconnects to a stream the server closed
SSE_REPLAY_EVENTS = 100  # events kept per stream for a reconnecting client …
SSE_REPLAY_TTL_S = 600  # … for this long: a client gone longer starts a new stream


def endpoint_path(transport: Literal["sse", "http"]) -> str:
    return "/sse" if transport == "sse" else "/mcp"
