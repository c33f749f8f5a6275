"""Pictures: memory growth, recall over time, rule outcomes and skill activations and feedback, drawn from
what the MCP tools recorded; each an accessible inline SVG with its numbers in a table, the user's own."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import httpx
from fastmcp import Client

from tests.servers.suite.dashboard import seed
from tests.servers.suite.dashboard.conftest import Stack


def svg_titles(page: str) -> list[str]:
    return re.findall(r'<svg class="chart"[^>]*role="img"[^>]*><title id="[^"]+">([^<]+)</title><desc', page)


async def test_pictures_show_what_the_tools_recorded(
    stack: Stack, ada: httpx.AsyncClient, bob: httpx.AsyncClient
) -> None:
    empty = await ada.get("/dashboard/pictures")
    assert empty.status_code == 200 and svg_titles(empty.text) == []
    assert "No memories yet." in empty.text and "No rule has been used yet." in empty.text

    rule_id = seed.rule(stack.reflection, "ada", "Check the staging deploy before telling the user")
    async with Client(stack.servers["memory"]) as memory:
        for text in ("Ada uses fish shell", "Ada's editor is Helix"):
            await memory.call_tool("memory_write", {"content": text, "user_id": "ada"})
        await memory.call_tool("memory_recall", {"query": "fish shell", "user_id": "ada", "mode": "keyword"})
        await memory.call_tool("memory_recall", {"query": "nothing like this", "user_id": "ada", "mode": "keyword"})
    async with Client(stack.servers["reflection"]) as reflection:
        for success in (True, True, False):
            await reflection.call_tool(
                "rule_record_outcome", {"rule_id": rule_id, "success": success, "user_id": "ada"}
            )
    async with Client(stack.servers["skills"]) as skills:
        for _ in range(2):
            await skills.call_tool("activate_skill", {"name": "release-check"})
        await skills.call_tool("skill_feedback", {"name": "release-check", "rating": "helpful"})

    page = await ada.get("/dashboard/pictures")
    today = datetime.now(UTC).strftime("%Y-%m-%d")
    titles = svg_titles(page.text)
    assert titles == [
        "How your memory grew",
        "Recall over time",
        "How your rules worked out",
        "Skill activations",
        "Feedback per skill",
    ]
    text = page.text
    assert f'<th scope="row">{today}</th><td>2</td>' in text  # two memories kept today
    assert f'<th scope="row">{today}</th><td>2</td><td>1</td>' in text  # two recalls, one found something
    assert "Check the staging deploy before telling the user</th><td>3</td><td>2</td><td>66%</td>" in text
    assert "release-check</th><td>2</td>" in text and "release-check</th><td>1</td><td>0</td><td>0</td>" in text
    assert "<style" not in text.split("<main", 1)[1] and " style=" not in text

    theirs = await bob.get("/dashboard/pictures")
    assert "Check the staging deploy" not in theirs.text and "No memories yet." in theirs.text
    # Skills are shared by everyone on the server, and so are their counts (as skill_stats shows them).
    assert "release-check" in theirs.text
