"""Activity's changes: approve or reject a run waiting for approval, acknowledge a notification, pause and
resume a job. Each is the scheduler's own method, seen through its MCP tools afterwards and back; another
user's ids are refused as unknown, and a form without the page's token is refused."""

from __future__ import annotations

from typing import Any

import httpx
from fastmcp import Client

from tests.servers.suite.dashboard.conftest import Stack, csrf_of, post

NOTIFY = {"type": "notify", "message": "water the plants"}
ACTIVITY = "/dashboard/activity"


async def make_job(mcp: Client[Any], user: str, name: str, **options: Any) -> dict[str, Any]:
    made = await mcp.call_tool(
        "job_create",
        {"name": name, "schedule": {"cron": "0 9 * * 1"}, "action": NOTIFY, "user_id": user, **options},
    )
    return dict(made.structured_content or {})


async def test_a_run_approved_or_rejected_in_the_dashboard_is_decided_for_the_tools(
    stack: Stack, ada: httpx.AsyncClient, bob: httpx.AsyncClient
) -> None:
    async with Client(stack.servers["scheduler"]) as mcp:
        job = await make_job(mcp, "ada", "guarded", approval_required=True)
        first = (await mcp.call_tool("job_run_now", {"job_id": job["id"], "user_id": "ada"})).data
        second = (await mcp.call_tool("job_run_now", {"job_id": job["id"], "user_id": "ada"})).data
        page = await ada.get(ACTIVITY)
        assert "2 runs waiting for approval" in page.text
        assert f"/activity/runs/{first.id}/approve" in page.text

        theirs = await bob.post(f"{ACTIVITY}/runs/{first.id}/approve", data={"csrf": csrf_of(await bob.get(ACTIVITY))})
        assert theirs.status_code == 404
        assert (await ada.post(f"{ACTIVITY}/runs/{first.id}/approve", data={"csrf": "x"})).status_code == 403

        approved = await post(ada, ACTIVITY, f"{ACTIVITY}/runs/{first.id}/approve")
        assert approved.status_code == 303 and approved.headers["location"].endswith("done=approved")
        rejected = await post(ada, ACTIVITY, f"{ACTIVITY}/runs/{second.id}/reject")
        assert rejected.status_code == 303
        runs = (await mcp.call_tool("job_runs", {"job_id": job["id"], "user_id": "ada"})).data
        status = {r.id: r.status for r in runs.runs}
        assert status[first.id] == "pending" and status[second.id] == "rejected"
        again = await post(ada, ACTIVITY, f"{ACTIVITY}/runs/{second.id}/approve")
        assert again.status_code == 409

        # And back: a run the tools reject is no longer offered in the dashboard.
        third = (await mcp.call_tool("job_run_now", {"job_id": job["id"], "user_id": "ada"})).data
        assert f"/activity/runs/{third.id}/approve" in (await ada.get(ACTIVITY)).text
        await mcp.call_tool("run_reject", {"run_id": third.id, "user_id": "ada"})
        assert f"/activity/runs/{third.id}/approve" not in (await ada.get(ACTIVITY)).text


async def test_a_notification_acknowledged_in_the_dashboard_is_acked_for_the_tools(
    stack: Stack, ada: httpx.AsyncClient, bob: httpx.AsyncClient
) -> None:
    async with Client(stack.servers["scheduler"]) as mcp:
        job = await make_job(mcp, "ada", "plants")
        await mcp.call_tool("job_run_now", {"job_id": job["id"], "user_id": "ada"})
        await stack.scheduler.engine.run_once()
        pending = (await mcp.call_tool("notifications_list", {"user_id": "ada"})).data
        note = pending.notifications[0]
        page = await ada.get(ACTIVITY)
        assert "water the plants" in page.text and f"/notifications/{note.id}/ack" in page.text
        assert "water the plants" not in (await bob.get(ACTIVITY)).text
        theirs = await bob.post(
            f"{ACTIVITY}/notifications/{note.id}/ack", data={"csrf": csrf_of(await bob.get(ACTIVITY))}
        )
        assert theirs.status_code == 404

        acked = await post(ada, ACTIVITY, f"{ACTIVITY}/notifications/{note.id}/ack")
        assert acked.status_code == 303
        assert (await mcp.call_tool("notifications_list", {"user_id": "ada"})).data.notifications == []
        every = (await mcp.call_tool("notifications_list", {"user_id": "ada", "status": "all"})).data
        assert [n.status for n in every.notifications if n.id == note.id] == ["acked"]
    assert "water the plants" not in (await ada.get(ACTIVITY)).text


async def test_a_job_paused_and_resumed_in_the_dashboard_is_so_for_the_tools(
    stack: Stack, ada: httpx.AsyncClient, bob: httpx.AsyncClient
) -> None:
    async with Client(stack.servers["scheduler"]) as mcp:
        job = await make_job(mcp, "ada", "weekly-review")
        theirs = await bob.post(f"{ACTIVITY}/jobs/{job['id']}/pause", data={"csrf": csrf_of(await bob.get(ACTIVITY))})
        assert theirs.status_code == 404
        paused = await post(ada, ACTIVITY, f"{ACTIVITY}/jobs/{job['id']}/pause")
        assert paused.status_code == 303 and paused.headers["location"].endswith("done=paused")
        assert (await mcp.call_tool("job_get", {"job_id": job["id"], "user_id": "ada"})).data.status == "paused"
        page = await ada.get(ACTIVITY + "?done=paused")
        assert "Paused: no runs until you resume it." in page.text and f"/jobs/{job['id']}/resume" in page.text

        resumed = await post(ada, ACTIVITY, f"{ACTIVITY}/jobs/{job['id']}/resume")
        assert resumed.status_code == 303
        assert (await mcp.call_tool("job_get", {"job_id": job["id"], "user_id": "ada"})).data.status == "active"
        # And back: paused by a tool, the dashboard offers to resume it.
        await mcp.call_tool("job_pause", {"job_id": job["id"], "user_id": "ada"})
        assert f"/jobs/{job['id']}/resume" in (await ada.get(ACTIVITY)).text
