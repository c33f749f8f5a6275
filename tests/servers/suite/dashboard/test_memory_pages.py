"""Memory pages: hybrid recall with why each entry matched, filters, and edit / archive / delete, each seen
through the MCP tools (in-memory client) and back."""

from __future__ import annotations

import httpx
from fastmcp import Client

from tests.servers.suite.dashboard.conftest import Stack, post


async def test_search_is_recall_with_why_it_matched(stack: Stack, ada: httpx.AsyncClient) -> None:
    stack.memory.write("The staging database password rotates every Monday", "ada", type="fact")
    stack.memory.write("Ada prefers tabs over spaces in Go code", "ada", type="preference")
    stack.memory.wait_for_vectors()
    page = await ada.get("/dashboard/memory", params={"q": "when does the staging password rotate"})
    assert page.status_code == 200
    assert "rotates every Monday" in page.text
    assert "Why it matched:" in page.text and "keyword" in page.text
    first = page.text.index("rotates every Monday")
    assert "tabs over spaces" not in page.text or page.text.index("tabs over spaces") > first


async def test_filters_by_type_and_layer(stack: Stack, ada: httpx.AsyncClient) -> None:
    stack.memory.write("Decided to ship on Thursdays", "ada", type="decision")
    stack.memory.write("A note about lunch", "ada", type="note")
    page = await ada.get("/dashboard/memory", params={"type": "decision", "layer": "entry"})
    assert "ship on Thursdays" in page.text and "about lunch" not in page.text
    bad = await ada.get("/dashboard/memory", params={"after": "not a date"}, headers={"accept": "application/json"})
    assert bad.status_code == 400 and bad.json()["error"] == "bad_filter"


async def test_an_edit_in_the_dashboard_is_what_memory_get_returns_and_back(
    stack: Stack, ada: httpx.AsyncClient
) -> None:
    async with Client(stack.servers["memory"]) as mcp:
        written = (await mcp.call_tool("memory_write", {"content": "Deploys go out at 9", "user_id": "ada"})).data
        entry = f"/dashboard/memory/{written.id}"
        saved = await post(
            ada, entry, entry + "/edit", {"content": "Deploys go out at 10", "keywords": "deploy, time", "type": "fact"}
        )
        assert saved.status_code == 303
        got = (await mcp.call_tool("memory_get", {"id": written.id, "user_id": "ada"})).data
        assert got.content == "Deploys go out at 10" and got.type == "fact" and got.keywords == ["deploy", "time"]
        await mcp.call_tool("memory_update", {"id": written.id, "content": "Deploys go out at 11", "user_id": "ada"})
        assert "Deploys go out at 11" in (await ada.get(entry)).text


async def test_archive_and_delete_reach_the_tools(stack: Stack, ada: httpx.AsyncClient) -> None:
    kept = stack.memory.write("Old office address", "ada").id
    gone = stack.memory.write("A wrong memory", "ada").id
    assert (await post(ada, f"/dashboard/memory/{kept}", f"/dashboard/memory/{kept}/archive")).status_code == 303
    assert (await post(ada, f"/dashboard/memory/{gone}", f"/dashboard/memory/{gone}/delete")).status_code == 303
    async with Client(stack.servers["memory"]) as mcp:
        archived = (await mcp.call_tool("memory_get", {"id": kept, "user_id": "ada"})).data
        assert archived.archived_at is not None and archived.archive_reason == "archived in the dashboard"
        missing = await mcp.call_tool("memory_get", {"id": gone, "user_id": "ada"}, raise_on_error=False)
        assert missing.is_error
    listing = await ada.get("/dashboard/memory")
    assert "Old office address" not in listing.text and "A wrong memory" not in listing.text
