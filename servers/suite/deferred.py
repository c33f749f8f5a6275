"""``cairn serve NAME --transport stdio`` (one server or ``all``), answering the host while the server builds.

Building a server (its modules, stores and tools) is most of a start, yet a host's first requests
(``initialize``, the lists of tools and resources) have the same answers at every start with the same target,
code and settings. So the stdio loop starts at once, driving a stand-in (:class:`_Forward`) for the server
that is not built yet, and a gate in front of everything (:class:`DeferredServer`) answers those requests from
the answers kept by an earlier start (:mod:`servers.suite.kept_answers`) while a worker thread builds the
server exactly as a start that builds first does (:func:`servers.suite.serving.build_server`):

* a kept request is answered from the file while the build runs;
* every other request (a tool call, a resource read, prompts, completions) waits for the build, then is
  served by the built server, through its own middleware; ``ping`` and notifications pass at once;
* after the build, each kept answer given is asked again of the built server: one that differs (it never
  should) is replaced in the file, logged, and the client is told its list changed;
* a kept request that was not in the file is answered by the built server and its answer kept;
* if the build fails, the process logs why and every request that needs the server gets an error saying so.

Before anything was kept (the first start after an upgrade or a change of settings), ``initialize`` waits for
the build: nothing changes from a start that builds first, except that the answers are kept.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import AsyncExitStack, suppress
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPError
from mcp.types import INTERNAL_ERROR
from pydantic import BaseModel

from servers.core import warmup
from servers.core.tool_schemas import SchemaCache
from servers.suite import kept_answers
from servers.suite.settings import CairnSettings

if TYPE_CHECKING:
    from fastmcp import FastMCP

# Nothing here imports fastmcp's server before the kept answers are given: it costs a start a few tenths of a
# second of CPU, and the worker thread building the server imports it anyway.

log = logging.getLogger(__name__)

# Answered by the stand-in alone: they need no server built.
PASS_THROUGH = frozenset({"ping"})
# How long the build waits for the host's first request before it starts anyway.
FIRST_REQUEST_WAIT_S = 1.0
# After the build, a kept answer that differs from a fresh one means the client holds a stale list: tell it.
_CHANGED = {"tools/list": "send_tool_list_changed", "resources/list": "send_resource_list_changed"}
_CHANGED["resources/templates/list"] = "send_resource_list_changed"


@dataclass
class _Given:
    """A kept answer given before the build, to be asked again of the built server."""

    ctx: ServerRequestContext[Any, Any]
    call_next: CallNext
    key: str
    answer: dict[str, Any]


class _Forward:
    """What the stdio loop drives: a bare server (it answers ``ping``) until the build, then the built one.

    The loop reads the handlers, the initialization options and the server's identity from it at each request,
    so a request the gate lets through after the build is the built server's. Its middleware is the gate
    alone: the gate runs the built server's own middleware around what it lets through (a list read when a
    request arrives would miss middleware the build adds while the request waits).
    """

    def __init__(self, gate: Any) -> None:
        self.target: Server[Any] = Server("cairn")
        self.middleware = [gate]

    def __getattr__(self, name: str) -> Any:
        return getattr(self.target, name)


class DeferredServer:
    """Serves ``name`` over stdio while :func:`servers.suite.serving.build_server` builds it."""

    def __init__(self, name: str, settings: CairnSettings, answers: SchemaCache) -> None:
        self.name = name
        self.settings = settings
        self.answers = answers
        self.failure: str | None = None
        self.server: FastMCP | None = None  # the built server
        self._forward = _Forward(self._gate)
        self._ready: asyncio.Event | None = None
        self._asked: asyncio.Event | None = None
        self._given: list[_Given] = []

    async def serve_stdio(self) -> None:
        """Serve stdio until the host closes it; build the server meanwhile."""
        from mcp.server.runner import serve_dual_era_loop
        from mcp.server.stdio import stdio_server

        self._ready = asyncio.Event()
        self._asked = asyncio.Event()
        # What the built server's lifespan yields, once it has begun (the loop is handed it before the build).
        state: dict[str, Any] = {}
        async with stdio_server() as (read, write):
            build = asyncio.create_task(self._build(state))
            try:
                # No initialization options fixed in advance (fastmcp's own stdio loop fixes them before
                # serving): an `initialize` answered after the build must be the built server's.
                loop = cast("Server[Any]", self._forward)
                await serve_dual_era_loop(loop, read, write, lifespan_state=state, init_options=None)
            finally:
                build.cancel()
                with suppress(asyncio.CancelledError):
                    await build

    def _build_server(self) -> FastMCP:
        from servers.suite.serving import build_server
        from servers.suite.tool_cache import schemas_kept

        with schemas_kept(self.settings):
            return build_server(self.name, self.settings)

    async def _build(self, state: dict[str, Any]) -> None:
        """Build the server, then hold its lifespan until the host leaves (this task is cancelled then): the
        lifespan sets context variables, so it is left in the task that entered it."""
        assert self._ready is not None and self._asked is not None
        # The build starts once the host has asked its first request (at most a second after the start): the
        # requests a host sends together are then read while the build has only begun, however busy the machine,
        # instead of racing a build thread that may hold the interpreter before the first line is read.
        with suppress(TimeoutError):
            await asyncio.wait_for(self._asked.wait(), FIRST_REQUEST_WAIT_S)
        async with AsyncExitStack() as stack:
            try:
                server = await asyncio.to_thread(self._build_server)
                await stack.enter_async_context(server._lifespan_manager())
                state.update(server._lifespan_result or {})
                self.server = server
                self._forward.target = server._mcp_server
            except Exception as exc:
                self.failure = f"{type(exc).__name__}: {exc}"
                log.error("cairn: the server could not be built; every request that needs it fails", exc_info=True)
                return
            finally:
                self._ready.set()
            await self._check_given()
            await asyncio.Event().wait()

    def _through_built(self, call_next: CallNext) -> CallNext:
        """``call_next`` wrapped in the built server's own middleware, outermost first, in a context that says
        the transport is stdio (as fastmcp's own stdio loop does for the whole process: set here, per request,
        so that nothing imports fastmcp's server before the build)."""
        from fastmcp.server.context import set_transport

        call = call_next
        for middleware in reversed(self._forward.target.middleware):
            call = partial(_apply, middleware, call)

        async def on_stdio(ctx: ServerRequestContext[Any, Any]) -> HandlerResult:
            set_transport("stdio")  # in this request's own context, left with it
            return await call(ctx)

        return on_stdio

    async def _gate(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        assert self._ready is not None and self._asked is not None
        self._asked.set()
        if ctx.request_id is None or ctx.method in PASS_THROUGH:
            if self._ready.is_set() and self.failure is None:
                return await self._through_built(call_next)(ctx)
            return await call_next(ctx)
        key = self._key(ctx) if ctx.method in kept_answers.KEPT_METHODS else None
        if key is not None and not self._ready.is_set():
            kept = self.answers.get(key)
            if kept is not None:
                self._given.append(_Given(ctx, call_next, key, kept))
                warmup.answered(ctx.method)
                return kept
        await self._ready.wait()
        if self.failure is not None:
            raise MCPError(
                code=INTERNAL_ERROR,
                message=f"Cairn's servers failed to start ({self.failure}); the server's log (stderr) says why. "
                "Fix that and restart the server.",
            )
        try:
            result = await self._through_built(call_next)(ctx)
        finally:
            warmup.answered(ctx.method)
        if key is not None:
            self._keep(key, _wire(result))
        return result

    @staticmethod
    def _key(ctx: ServerRequestContext[Any, Any]) -> str:
        client = ctx.session.client_params
        return kept_answers.request_key(
            ctx.method,
            ctx.params,
            ctx.protocol_version,
            client.model_dump(mode="json", by_alias=True, exclude_none=True) if client is not None else None,
        )

    def _keep(self, key: str, answer: dict[str, Any]) -> bool:
        """Keep ``answer`` unless the same one is; whether it was new."""
        if self.answers.get(key) == answer:
            return False
        self.answers.put(key, answer)
        self.answers.save()
        return True

    async def _check_given(self) -> None:
        """Ask the built server each kept answer given before the build; replace and report any that differ."""
        given, self._given = self._given, []
        for item in given:
            try:
                fresh = _wire(await self._through_built(item.call_next)(item.ctx))
            except Exception:  # the client got its answer; a failing check must not stop the server
                log.warning("cairn: could not check the kept answer to %s", item.ctx.method, exc_info=True)
                continue
            if fresh == item.answer or not self._keep(item.key, fresh):
                continue
            log.warning(
                "cairn: the kept answer to %s differed from the server's own; it is replaced%s",
                item.ctx.method,
                ", and the client is told the list changed" if item.ctx.method in _CHANGED else "",
            )
            notify = _CHANGED.get(item.ctx.method)
            if notify is not None:
                with suppress(Exception):  # the client may be gone
                    await getattr(item.ctx.session, notify)()


def _apply(middleware: Any, call_next: CallNext, ctx: ServerRequestContext[Any, Any]) -> Any:
    """One middleware in the shape of ``call_next`` (as the SDK composes them)."""
    return middleware(ctx, call_next)


def _wire(result: HandlerResult) -> dict[str, Any]:
    """A result as the SDK writes it on the wire."""
    if isinstance(result, BaseModel):
        dumped: dict[str, Any] = result.model_dump(by_alias=True, mode="json", exclude_none=True)
        return dumped
    return dict(result or {})
