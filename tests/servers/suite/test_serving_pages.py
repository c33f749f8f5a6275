"""List requests in pages (servers/suite/serving.py): a client that follows `nextCursor` gets every tool once, the
default page holds the whole suite (hosts that read one page miss nothing), and a cursor Cairn did not make
is refused with -32602, alone and under `serve all`, in memory and over Streamable HTTP."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastmcp import Client
from mcp.shared.exceptions import MCPError

from servers.suite.serving import build_server
from servers.suite.settings import CairnSettings
from tests.support import running


def settings_for(tmp_path: Path, **values: object) -> CairnSettings:
    return CairnSettings(home=tmp_path / "home", embedder="none", **values)  # type: ignore[arg-type]


async def every_page(client: Client) -> tuple[list[str], int]:
    names: list[str] = []
    cursor: str | None = None
    pages = 0
    while True:
        page = await client.list_tools_mcp(cursor=cursor)
        names += [tool.name for tool in page.tools]
        pages += 1
        cursor = page.next_cursor
        if not cursor:
            return names, pages


async def test_following_the_cursor_lists_every_tool_once(tmp_path: Path) -> None:
    async with Client(build_server("all", settings_for(tmp_path, list_page_size=10))) as client:
        first = await client.list_tools_mcp()
        names, pages = await every_page(client)
        whole = {tool.name for tool in await client.list_tools()}
    assert len(first.tools) == 10 and first.next_cursor
    assert len(names) == len(set(names)) == len(whole) > 60
    assert pages == -(-len(whole) // 10)


async def test_the_default_page_holds_the_whole_suite(tmp_path: Path) -> None:
    async with Client(build_server("all", settings_for(tmp_path))) as client:
        page = await client.list_tools_mcp()
    assert page.next_cursor is None and len(page.tools) > 60


@pytest.mark.parametrize("name", ["all", "memory"])
async def test_an_invalid_cursor_is_invalid_params(tmp_path: Path, name: str) -> None:
    async with Client(build_server(name, settings_for(tmp_path))) as client:
        with pytest.raises(MCPError) as caught:
            await client.list_tools_mcp(cursor="not-a-cursor")
        with pytest.raises(MCPError) as resources:
            await client.list_resources_mcp(cursor="not-a-cursor")
    assert caught.value.error.code == -32602 and "Invalid cursor" in str(caught.value)
    assert resources.value.error.code == -32602


async def test_pages_over_http(tmp_path: Path) -> None:
    async with (
        running(build_server("scheduler", settings_for(tmp_path, list_page_size=3)), "http") as base,
        Client(f"{base}/mcp") as client,
    ):
        names, pages = await every_page(client)
        with pytest.raises(MCPError) as caught:
            await client.list_tools_mcp(cursor="bm90LWpzb24=")  # base64, but not one of ours
    assert pages > 1 and len(names) == len(set(names))
    assert caught.value.error.code == -32602
