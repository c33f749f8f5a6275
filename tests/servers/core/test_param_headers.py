"""The ``Mcp-Param-*`` header check (servers/core/param_headers.py): over real Streamable HTTP, a tool call no
longer runs a whole ``tools/list`` when no tool marks a header, and still does when one does."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import mcp_types as mt
from fastmcp import Client, FastMCP
from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext
from pydantic import Field

from servers.core.param_headers import declares_header, skip_listing_when_unmarked
from servers.suite.serving import build_server
from servers.suite.settings import CairnSettings
from tests.support import running


class CountLists(Middleware):
    def __init__(self) -> None:
        self.lists = 0

    async def on_list_tools(
        self, context: MiddlewareContext[mt.ListToolsRequest], call_next: CallNext[Any, Any]
    ) -> Any:
        self.lists += 1
        return await call_next(context)


def echo(text: str, region: str = "eu") -> str:
    return f"{region}:{text}"


def echo_marked(text: str, region: Annotated[str, Field(json_schema_extra={"x-mcp-header": "Region"})] = "eu") -> str:
    return f"{region}:{text}"


def echo_server(*, marked: bool) -> tuple[FastMCP, CountLists]:
    server = FastMCP("echo")
    server.tool(echo_marked if marked else echo, name="echo")
    counter = CountLists()
    server.add_middleware(counter)
    return server, counter


async def calls_then_lists(server: FastMCP, counter: CountLists) -> int:
    """How many tools/list the server ran for three tool calls (after the client's own listing)."""
    async with running(server, "http") as base, Client(f"{base}/mcp") as client:
        await client.list_tools()  # the client lists once for the output schemas; not counted
        counter.lists = 0
        for n in range(3):
            result = await client.call_tool("echo", {"text": f"hi {n}", "region": "us"})
            assert result.data == f"us:hi {n}"
    return counter.lists


async def test_a_tool_call_runs_no_listing_when_no_tool_marks_a_header() -> None:
    server, counter = echo_server(marked=False)
    assert skip_listing_when_unmarked(server, [(await server.get_tool("echo")).parameters])
    assert await calls_then_lists(server, counter) == 0


async def test_without_the_shortcut_every_tool_call_lists_the_tools() -> None:
    # What the shortcut saves: the SDK's own way, one whole listing per call.
    server, counter = echo_server(marked=False)
    assert await calls_then_lists(server, counter) == 3


async def test_a_marked_tool_keeps_the_per_caller_listing() -> None:
    server, counter = echo_server(marked=True)
    schema = (await server.get_tool("echo")).parameters
    assert declares_header(schema)
    assert not skip_listing_when_unmarked(server, [schema])
    assert server._mcp_server.get_tool_input_schema is None
    assert await calls_then_lists(server, counter) == 3


def test_declares_header_looks_at_every_depth() -> None:
    assert not declares_header({"type": "object", "properties": {"a": {"type": "string"}}})
    assert declares_header({"properties": {"a": {"anyOf": [{"type": "string", "x-mcp-header": "A"}]}}})
    assert declares_header({"$defs": {"Inner": {"properties": {"b": {"x-mcp-header": "B"}}}}})


def test_cairn_servers_take_the_shortcut(tmp_path: Path) -> None:
    settings = CairnSettings(home=tmp_path / "home", embedder="none")
    for name in ("memory", "all"):
        assert build_server(name, settings)._mcp_server.get_tool_input_schema is not None, name
