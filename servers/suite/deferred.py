"""``cairn serve all`` over stdio, answering the host while its servers are still being built.

Building the six servers (their modules, stores and 80 tools) is most of a start, yet a host's first requests
(``initialize``, the lists of tools and resources) have the same answers at every start with the same code
and settings. So the root server starts serving at once, with no server mounted yet, and a middleware in
front of everything (:class:`DeferredSuite`'s gate) answers those requests from the answers kept by an
earlier start (:mod:`servers.suite.kept_answers`) while a worker thread builds the servers:

* a kept request is answered from the file while the build runs;
* every other request (a tool call, a resource read, prompts, completions) waits for the build, then is
  served as usual; ``ping`` and notifications pass at once;
* after the build, each kept answer given is asked again of the built servers: one that differs (it never
  should) is replaced in the file, logged, and the client is told its list changed;
* a kept request that was not in the file is answered by the built servers and its answer kept;
* if the build fails, the process logs why and every request that needs the servers gets an error saying so.

Before anything was kept (the first start after an upgrade or a change of settings), ``initialize`` waits for
the build: nothing changes from a start that builds first, except that the answers are kept.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import AsyncExitStack, suppress
from dataclasses import dataclass
from typing import Any

from fastmcp import FastMCP
from fastmcp.server.context import reset_transport, set_transport
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.shared.exceptions import MCPError
from mcp.types import INTERNAL_ERROR
from pydantic import BaseModel

from servers.core import param_headers, warmup
from servers.core.tool_schemas import SchemaCache
from servers.suite import kept_answers, serving
from servers.suite.settings import CairnSettings
from servers.suite.tool_cache import schemas_kept

log = logging.getLogger(__name__)

# Answered by the root alone: they need no server built.
PASS_THROUGH = frozenset({"ping"})
# After the build, a kept answer that differs from a fresh one means the client holds a stale list: tell it.
_CHANGED = {"tools/list": "send_tool_list_changed", "resources/list": "send_resource_list_changed"}
_CHANGED["resources/templates/list"] = "send_resource_list_changed"


@dataclass
class _Given:
    """A kept answer given before the build, to be asked again of the built servers."""

    ctx: ServerRequestContext[Any, Any]
    call_next: CallNext
    key: str
    answer: dict[str, Any]


class DeferredSuite:
    """The root of ``serve all``, serving over stdio while :func:`servers.suite.serving.build_suite` runs."""

    def __init__(self, settings: CairnSettings, answers: SchemaCache) -> None:
        self.settings = settings
        self.answers = answers
        self.server: FastMCP = serving.suite_root()
        serving.finish_root(self.server, "all", settings)
        self.failure: str | None = None
        self._ready: asyncio.Event | None = None
        self._given: list[_Given] = []
        # Outermost: a kept answer is given before any other middleware or handler runs, as it went on the wire.
        self.server._mcp_server.middleware.insert(0, self._gate)

    async def serve_stdio(self) -> None:
        """Serve stdio until the host closes it; build the servers meanwhile."""
        from mcp.server.runner import serve_dual_era_loop
        from mcp.server.stdio import stdio_server

        lowlevel = self.server._mcp_server
        self._ready = asyncio.Event()
        token = set_transport("stdio")
        try:
            async with AsyncExitStack() as stack:
                state = await stack.enter_async_context(lowlevel.lifespan(lowlevel))
                read, write = await stack.enter_async_context(stdio_server())
                build = asyncio.create_task(self._build(stack))
                try:
                    # No initialization options fixed in advance (fastmcp's own stdio loop fixes them before
                    # serving): an `initialize` answered after the build must advertise what the build added
                    # (completions, subscriptions), so they are read from the server when it is answered.
                    await serve_dual_era_loop(lowlevel, read, write, lifespan_state=state, init_options=None)
                finally:
                    build.cancel()
                    with suppress(asyncio.CancelledError):
                        await build
        finally:
            reset_transport(token)

    def _build_suite(self) -> serving.Suite:
        with schemas_kept(self.settings):
            return serving.build_suite(self.settings)

    async def _build(self, stack: AsyncExitStack) -> None:
        assert self._ready is not None
        try:
            suite = await asyncio.to_thread(self._build_suite)
            before = list(self.server.providers)
            serving.attach_suite(self.server, suite)
            param_headers.skip_listing_when_unmarked(self.server, suite.schemas)
            # Mounted after the root's lifespan began, so their lifespans are entered here (and left before it).
            for provider in [p for p in self.server.providers if all(p is not b for b in before)]:
                await stack.enter_async_context(provider.lifespan())
        except Exception as exc:
            self.failure = f"{type(exc).__name__}: {exc}"
            log.error("cairn: the servers could not be built; every request that needs them fails", exc_info=True)
        finally:
            self._ready.set()
        if self.failure is None:
            await self._check_given()

    async def _gate(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        assert self._ready is not None
        if ctx.request_id is None or ctx.method in PASS_THROUGH:
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
        result = await call_next(ctx)
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
        """Ask the built servers each kept answer given before the build; replace and report any that differ."""
        given, self._given = self._given, []
        for item in given:
            try:
                fresh = _wire(await item.call_next(item.ctx))
            except Exception:  # the client got its answer; a failing check must not stop the server
                log.warning("cairn: could not check the kept answer to %s", item.ctx.method, exc_info=True)
                continue
            if fresh == item.answer or not self._keep(item.key, fresh):
                continue
            log.warning(
                "cairn: the kept answer to %s differed from the servers' own; it is replaced%s",
                item.ctx.method,
                ", and the client is told the list changed" if item.ctx.method in _CHANGED else "",
            )
            notify = _CHANGED.get(item.ctx.method)
            if notify is not None:
                with suppress(Exception):  # the client may be gone
                    await getattr(item.ctx.session, notify)()


def _wire(result: HandlerResult) -> dict[str, Any]:
    """A result as the SDK writes it on the wire."""
    if isinstance(result, BaseModel):
        dumped: dict[str, Any] = result.model_dump(by_alias=True, mode="json", exclude_none=True)
        return dumped
    return dict(result or {})
