"""Activity: a user's own recent events, and their jobs with next run and last runs."""

from __future__ import annotations

import httpx
from fastmcp import Client

from servers.memory.extract import ToolCall
from tests.servers.suite.dashboard.conftest import Stack


async def test_events_and_jobs_of_the_user_only(stack: Stack, ada: httpx.AsyncClient) -> None:
    stack.memory.capture_task(
        "Deploy the blog", [ToolCall(name="Bash", arguments={"cmd": "make deploy"})], "done", "ada"
    )
    stack.memory.capture_task("Bob's secret task", [ToolCall(name="Bash", arguments={"cmd": "ls"})], "done", "bob")
    async with Client(stack.servers["scheduler"]) as mcp:
        for user, name in (("ada", "weekly-review"), ("bob", "bobs-job")):
            schedule = {"cron": "0 9 * * 1"}
            action = {"type": "notify", "message": "review the week"}
            await mcp.call_tool("job_create", {"name": name, "schedule": schedule, "action": action, "user_id": user})
    page = await ada.get("/dashboard/activity")
    assert page.status_code == 200
    assert "memory.captured" in page.text and "Deploy the blog" in page.text
    assert "Bob&#39;s secret task" not in page.text and "secret task" not in page.text
    assert "weekly-review" in page.text and "next run 20" in page.text
    assert "bobs-job" not in page.text
