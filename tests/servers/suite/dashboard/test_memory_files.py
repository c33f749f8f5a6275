"""MEMORY.md and daily summaries, the archive with restore, and the export download: each change seen
through the memory MCP server (in-memory client) and back, another user's ids refused, forms CSRF-checked."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import UTC, datetime

import httpx
from fastmcp import Client

from servers.memory.models import Entry
from tests.servers.suite.dashboard.conftest import Stack, csrf_of, post


async def read_memory_md(stack: Stack, user: str) -> str:
    async with Client(stack.servers["memory"]) as mcp:
        shown = await mcp.read_resource(f"memory://users/{user}/MEMORY.md")
    return str(shown[0].text)  # type: ignore[union-attr]


async def test_a_bullet_added_to_memory_md_becomes_a_fact_the_tools_recall(
    stack: Stack, ada: httpx.AsyncClient
) -> None:
    page = await ada.get("/dashboard/memory/longterm")
    assert page.status_code == 200 and '<h2 id="shown-heading">' in page.text
    text = await read_memory_md(stack, "ada")
    edited = text.replace("## Facts\n", "## Facts\nA note in my own words.\n- The VPN gateway is vpn.example.org\n")
    saved = await ada.post("/dashboard/memory/longterm", data={"csrf": csrf_of(page), "text": edited})
    assert saved.status_code == 303 and saved.headers["location"].endswith("done=saved")
    after = await read_memory_md(stack, "ada")
    assert "- The VPN gateway is vpn.example.org" in after and "A note in my own words." in after
    async with Client(stack.servers["memory"]) as mcp:
        found = (await mcp.call_tool("memory_recall", {"query": "VPN gateway", "user_id": "ada"})).data
        fact = next(h for h in found.results if "vpn.example.org" in h.content)
        assert fact.type == "fact"
        # And back: archiving the fact with a tool takes it out of the file the dashboard shows.
        await mcp.call_tool("memory_archive", {"id": fact.id, "user_id": "ada"})
    shown = await ada.get("/dashboard/memory/longterm")
    assert "vpn.example.org" not in shown.text and "A note in my own words." in shown.text
    assert "vpn.example.org" not in await read_memory_md(stack, "bob")


async def test_a_bullet_removed_from_memory_md_is_not_added_back(stack: Stack, ada: httpx.AsyncClient) -> None:
    page = await ada.get("/dashboard/memory/longterm")
    text = await read_memory_md(stack, "ada")
    with_fact = text.replace("## Facts\n", "## Facts\n- Ada's team meets on Tuesdays\n")
    await ada.post("/dashboard/memory/longterm", data={"csrf": csrf_of(page), "text": with_fact})
    current = await read_memory_md(stack, "ada")
    assert "- Ada's team meets on Tuesdays" in current
    await post(
        ada,
        "/dashboard/memory/longterm",
        "/dashboard/memory/longterm",
        {"text": current.replace("- Ada's team meets on Tuesdays\n", "")},
    )
    async with Client(stack.servers["memory"]) as mcp:
        await mcp.call_tool("memory_maintain", {"user_id": "ada"})
    assert "Tuesdays" not in await read_memory_md(stack, "ada")


async def test_memory_md_edits_need_the_pages_token_and_a_sane_size(stack: Stack, ada: httpx.AsyncClient) -> None:
    refused = await ada.post("/dashboard/memory/longterm", data={"csrf": "0" * 64, "text": "- injected\n"})
    assert refused.status_code == 403
    assert "injected" not in await read_memory_md(stack, "ada")
    page = await ada.get("/dashboard/memory/longterm")
    huge = await ada.post(
        "/dashboard/memory/longterm",
        data={"csrf": csrf_of(page), "text": "x" * 200_001},
        headers={"accept": "application/json"},
    )
    assert huge.status_code == 422 and huge.json()["error"] == "not_accepted"


async def test_daily_summaries_are_rendered_from_the_days_memories(
    stack: Stack, ada: httpx.AsyncClient, bob: httpx.AsyncClient
) -> None:
    entry = stack.memory.write("Decided to move the standup to 10:00", "ada", type="decision")
    today = datetime.now(UTC).strftime("%Y-%m-%d")
    days = await ada.get("/dashboard/memory/daily")
    assert f'href="/dashboard/memory/daily/{today}"' in days.text
    day = await ada.get(f"/dashboard/memory/daily/{today}")
    assert day.status_code == 200
    assert "<h4>Facts and decisions</h4>" in day.text and f'href="/dashboard/memory/{entry.id}"' in day.text
    async with Client(stack.servers["memory"]) as mcp:
        daily = await mcp.read_resource(f"memory://users/ada/daily/{today}")
        assert "standup to 10:00" in daily[0].text  # type: ignore[union-attr]
        # Changed through a tool, the day's summary follows.
        await mcp.call_tool("memory_update", {"id": entry.id, "content": "Standup moved to 10:30", "user_id": "ada"})
    assert "Standup moved to 10:30" in (await ada.get(f"/dashboard/memory/daily/{today}")).text
    assert (await bob.get(f"/dashboard/memory/daily/{today}")).status_code == 404
    assert (await ada.get("/dashboard/memory/daily/yesterday")).status_code == 404


async def test_archived_entries_are_listed_and_restored_for_the_tools(
    stack: Stack, ada: httpx.AsyncClient, bob: httpx.AsyncClient
) -> None:
    kept = stack.memory.write("The printer on floor 3 needs a PIN", "ada", type="fact").id
    async with Client(stack.servers["memory"]) as mcp:
        await mcp.call_tool("memory_archive", {"id": kept, "user_id": "ada", "reason": "moved offices"})
        archived = await ada.get("/dashboard/memory/archived")
        assert "floor 3 needs a PIN" in archived.text and "moved offices" in archived.text
        assert "floor 3" not in (await bob.get("/dashboard/memory/archived")).text
        # Another user's id reads as one that does not exist, with the token of their own page.
        theirs = await bob.post(
            f"/dashboard/memory/{kept}/restore", data={"csrf": csrf_of(await bob.get("/dashboard/memory/archived"))}
        )
        assert theirs.status_code == 404
        assert (await ada.post(f"/dashboard/memory/{kept}/restore", data={"csrf": "nope"})).status_code == 403
        restored = await post(ada, "/dashboard/memory/archived", f"/dashboard/memory/{kept}/restore")
        assert restored.status_code == 303 and restored.headers["location"].endswith("done=restored")
        got = (await mcp.call_tool("memory_get", {"id": kept, "user_id": "ada"})).data
        assert got.archived_at is None
        found = (await mcp.call_tool("memory_recall", {"query": "printer PIN", "user_id": "ada"})).data
        assert kept in [h.id for h in found.results]
    assert "floor 3 needs a PIN" not in (await ada.get("/dashboard/memory/archived")).text


async def test_export_is_the_users_own_memories_as_jsonl_and_markdown(
    stack: Stack, ada: httpx.AsyncClient, bob: httpx.AsyncClient
) -> None:
    mine = stack.memory.write("Ada's export test memory", "ada", type="fact").id
    gone = stack.memory.write("Ada's archived memory", "ada").id
    stack.memory.archive(gone, "ada")
    stack.memory.write("Bob's private memory", "bob")
    jsonl = await ada.get("/dashboard/memory/export", params={"format": "jsonl"})
    assert jsonl.status_code == 200 and "attachment" in jsonl.headers["content-disposition"]
    entries = [Entry.model_validate_json(line) for line in jsonl.text.splitlines()]
    assert {e.id for e in entries} >= {mine, gone} and {e.user_id for e in entries} == {"ada"}
    assert all("embedding_model" not in json.loads(line) for line in jsonl.text.splitlines())
    markdown = await ada.get("/dashboard/memory/export", params={"format": "markdown"})
    names = zipfile.ZipFile(io.BytesIO(markdown.content)).namelist()
    assert f"ada/{mine}.md" in names and all(n.startswith("ada/") for n in names)
    assert "Bob's private memory" not in jsonl.text
    theirs = await bob.get("/dashboard/memory/export", params={"format": "jsonl"})
    assert "Ada's" not in theirs.text
    bad = await ada.get("/dashboard/memory/export", params={"format": "pdf"}, headers={"accept": "application/json"})
    assert bad.status_code == 400 and bad.json()["error"] == "bad_format"
