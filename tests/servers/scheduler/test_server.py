"""The scheduler through MCP clients: in-memory (the full protocol path) and a stdio subprocess."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastmcp import Client
from fastmcp.client.transports import StdioTransport
from fastmcp.exceptions import ToolError

from servers.scheduler.actions import RunContext
from servers.scheduler.clock import FakeClock
from servers.scheduler.server import create_server
from servers.scheduler.service import SchedulerService
from tests.support import child_env

NOTIFY = {"type": "notify", "message": "stand up and stretch", "priority": 0.9}


@pytest.fixture
def service(make_service):  # type: ignore[no-untyped-def]
    return make_service()


@pytest.fixture
def server(service):  # type: ignore[no-untyped-def]
    return create_server(service=service)


async def call(client: Client, tool: str, args: dict[str, Any]) -> Any:
    return (await client.call_tool(tool, args)).structured_content


async def test_tools_are_listed_with_limits(server) -> None:  # type: ignore[no-untyped-def]
    async with Client(server) as client:
        tools = {t.name: t for t in await client.list_tools()}
    assert set(tools) == {
        "job_create",
        "job_list",
        "job_get",
        "job_update",
        "job_pause",
        "job_resume",
        "job_delete",
        "job_run_now",
        "job_runs",
        "run_approve",
        "run_reject",
        "notifications_list",
        "notification_ack",
    }
    assert "IANA timezone" in (tools["job_create"].description or "")
    assert tools["job_list"].annotations.read_only_hint is True
    assert tools["job_delete"].annotations.destructive_hint is True
    schedule = json.dumps(tools["job_create"].input_schema["properties"]["schedule"])
    assert "interval_seconds" in schedule and "cron" in schedule


async def test_job_lifecycle_over_mcp(server, service: SchedulerService, clock: FakeClock) -> None:  # type: ignore[no-untyped-def]
    async with Client(server) as client:
        job = await call(
            client,
            "job_create",
            {"name": "stretch", "schedule": {"cron": "0 9 * * 1-5", "timezone": "Europe/Berlin"}, "action": NOTIFY},
        )
        assert job["schedule_text"] == "at 09:00 on Monday through Friday (Europe/Berlin)"
        assert job["next_run_at"] == "2026-06-02T09:00:00+02:00" and job["source"] == "dynamic"
        listed = await call(client, "job_list", {})
        assert [j["name"] for j in listed["jobs"]] == ["stretch"]
        assert (await call(client, "job_get", {"job_id": "stretch"}))["id"] == job["id"]  # by name too
        updated = await call(client, "job_update", {"job_id": job["id"], "schedule": {"interval_seconds": 600}})
        assert updated["schedule_text"] == "every 10 minutes"
        assert (await call(client, "job_pause", {"job_id": job["id"]}))["status"] == "paused"
        run = await call(client, "job_run_now", {"job_id": job["id"]})
        assert run["status"] == "pending" and run["trigger"] == "manual"
        await service.engine.run_once()
        runs = await call(client, "job_runs", {"job_id": job["id"]})
        assert runs["runs"][0]["status"] == "succeeded"
        pending = await call(client, "notifications_list", {})
        assert pending["notifications"][0]["message"] == "stand up and stretch"
        resource = await client.read_resource("scheduler://notifications/pending")
        assert "stand up and stretch" in resource[0].text  # type: ignore[union-attr]
        acked = await call(client, "notification_ack", {"notification_id": pending["notifications"][0]["id"]})
        assert acked["status"] == "acked"
        assert (await call(client, "job_resume", {"job_id": job["id"]}))["status"] == "active"
        jobs_resource = json.loads((await client.read_resource("scheduler://jobs"))[0].text)  # type: ignore[union-attr]
        assert jobs_resource["jobs"][0]["id"] == job["id"]
        runs_resource = json.loads(
            (await client.read_resource(f"scheduler://jobs/{job['id']}/runs"))[0].text  # type: ignore[union-attr]
        )
        assert runs_resource["runs"][0]["id"] == run["id"]
        assert await call(client, "job_delete", {"job_id": job["id"]}) == {"deleted": job["id"]}
        assert (await call(client, "job_list", {}))["jobs"] == []


async def test_approval_over_mcp(server, service: SchedulerService, clock: FakeClock) -> None:  # type: ignore[no-untyped-def]
    async with Client(server) as client:
        job = await call(
            client,
            "job_create",
            {"name": "guarded", "schedule": {"interval_seconds": 60}, "action": NOTIFY, "approval_required": True},
        )
        clock.advance(60)
        await service.engine.run_once()
        waiting = await call(client, "job_runs", {"job_id": job["id"], "status": "pending_approval"})
        run_id = waiting["runs"][0]["id"]
        assert (await call(client, "run_approve", {"run_id": run_id}))["status"] == "pending"
        await service.engine.run_once()
        assert (await call(client, "job_runs", {"job_id": job["id"], "limit": 1}))["runs"][0]["status"] == "succeeded"
        with pytest.raises(ToolError, match="not waiting for approval"):
            await client.call_tool("run_reject", {"run_id": run_id})


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"schedule": {"cron": "0 25 * * *"}}, "invalid cron '0 25 \\* \\* \\*'"),
        ({"schedule": {"cron": "0 9 * * *", "timezone": "Europe/Atlantis"}}, "unknown timezone 'Europe/Atlantis'"),
        ({"schedule": {"at": "2001-01-01T00:00:00Z"}}, "is in the past"),
        ({"schedule": {"every": "day"}}, "needs one of the keys 'cron', 'interval_seconds' or 'at'"),
        ({"action": {"type": "tool", "server": "memory", "tool": "nope"}}, "unknown tool 'nope' on server 'memory'"),
        ({"action": {"type": "prompt", "prompt": "hi"}}, "needs an LLM"),
        ({"action": {"type": "notify", "message": "x", "priority": 2}}, "less than or equal to 1"),
    ],
)
async def test_bad_input_gets_a_clear_error(server, args: dict[str, Any], message: str) -> None:  # type: ignore[no-untyped-def]
    base = {"name": "bad", "schedule": {"interval_seconds": 60}, "action": NOTIFY}
    async with Client(server) as client:
        with pytest.raises(ToolError, match=message):
            await client.call_tool("job_create", {**base, **args})
        assert (await call(client, "job_list", {}))["jobs"] == []


async def test_a_scheduler_started_alone_says_other_servers_are_not_there(cairn_home: Path) -> None:
    """Built without the suite's tool caller, a job that calls another server is refused with the reason."""
    from servers.scheduler.settings import SchedulerServerSettings

    service = SchedulerService(SchedulerServerSettings(home=cairn_home, embedder="none"))
    try:
        async with Client(create_server(service=service)) as client:
            action = {"type": "tool", "server": "memory", "tool": "memory_recall", "arguments": {"query": "x"}}
            with pytest.raises(ToolError, match="started on its own, without the other Cairn servers"):
                await client.call_tool(
                    "job_create", {"name": "alone", "schedule": {"interval_seconds": 60}, "action": action}
                )
    finally:
        service.close()


async def test_duplicate_names_and_unknown_ids(server) -> None:  # type: ignore[no-untyped-def]
    async with Client(server) as client:
        args = {"name": "dup", "schedule": {"interval_seconds": 60}, "action": NOTIFY}
        await client.call_tool("job_create", args)
        with pytest.raises(ToolError, match="a job named 'dup' already exists"):
            await client.call_tool("job_create", args)
        with pytest.raises(ToolError, match="no job with id 'j-missing'"):
            await client.call_tool("job_get", {"job_id": "j-missing"})
        with pytest.raises(ToolError, match="nothing to change"):
            await client.call_tool("job_update", {"job_id": "dup"})


async def test_loop_runs_in_the_lifespan_and_stops_cleanly(make_service) -> None:  # type: ignore[no-untyped-def]
    from servers.scheduler.clock import SystemClock

    service = make_service(run_loop=True, poll_interval_seconds=0.05)
    service.clock = service.engine.clock = service.gate.clock = SystemClock()
    server = create_server(service=service)
    async with Client(server) as client:
        job = await call(client, "job_create", {"name": "fast", "schedule": {"interval_seconds": 1}, "action": NOTIFY})
        for _ in range(100):
            runs = await call(client, "job_runs", {"job_id": job["id"]})
            if runs["runs"] and runs["runs"][0]["status"] == "succeeded":
                break
            await asyncio.sleep(0.05)
        assert runs["runs"][0]["status"] == "succeeded"
    assert service.engine._inflight == {}


@pytest.mark.slow
async def test_stdio_subprocess(cairn_home: Path) -> None:
    transport = StdioTransport(
        sys.executable,
        ["-m", "servers.suite.cli.main", "serve", "scheduler", "--transport", "stdio"],
        env={**child_env(cairn_home), "CAIRN_EMBEDDER": "none", "CAIRN_SCHEDULER__TIMEZONE": "UTC"},
    )
    async with Client(transport) as client:
        job = await call(
            client, "job_create", {"name": "over stdio", "schedule": {"interval_seconds": 3600}, "action": NOTIFY}
        )
        assert job["schedule_text"] == "every hour"
        run = await call(client, "job_run_now", {"job_id": job["id"]})
        for _ in range(100):
            got = await call(client, "job_runs", {"job_id": job["id"]})
            if got["runs"][0]["status"] == "succeeded":
                break
            await asyncio.sleep(0.05)
        assert got["runs"][0]["id"] == run["id"] and got["runs"][0]["status"] == "succeeded"
    assert (cairn_home / "scheduler" / "scheduler.db").exists()


class Gated:
    """An action that runs until the test lets it finish: "running" is then a state the client can see."""

    def __init__(self) -> None:
        self.gate = anyio.Event()

    async def run(self, ctx: RunContext) -> str:
        await self.gate.wait()
        return f"ran {ctx.job_name}"


async def test_run_now_with_wait_reports_queued_running_and_the_end(make_service) -> None:  # type: ignore[no-untyped-def]
    action = Gated()
    service: SchedulerService = make_service(action)
    seen: list[tuple[float, float | None, str | None]] = []
    states = {"queued": anyio.Event(), "running": anyio.Event()}

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))
        if message in states:
            states[str(message)].set()

    async def run_the_engine_once_queued() -> None:
        await states["queued"].wait()
        await service.engine.run_once()

    async def finish_the_action_once_running() -> None:
        await states["running"].wait()
        action.gate.set()

    with anyio.fail_after(30):
        async with Client(create_server(service=service), progress_handler=on_progress) as client:
            job = await call(
                client, "job_create", {"name": "stretch", "schedule": {"interval_seconds": 600}, "action": NOTIFY}
            )
            async with anyio.create_task_group() as tg:
                tg.start_soon(run_the_engine_once_queued)
                tg.start_soon(finish_the_action_once_running)
                run = await call(client, "job_run_now", {"job_id": job["id"], "wait_s": 600})
    assert run["status"] == "succeeded" and run["output"] == "ran stretch"
    assert seen == [(0, 2, "queued"), (1, 2, "running"), (2, 2, "succeeded")]


async def test_run_now_without_wait_returns_the_queued_run_and_sends_no_progress(server) -> None:  # type: ignore[no-untyped-def]
    seen: list[str | None] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append(message)

    async with Client(server, progress_handler=on_progress) as client:
        job = await call(
            client, "job_create", {"name": "stretch", "schedule": {"interval_seconds": 600}, "action": NOTIFY}
        )
        run = await call(client, "job_run_now", {"job_id": job["id"]})
        with pytest.raises(ToolError, match="less than or equal to 600"):
            await call(client, "job_run_now", {"job_id": job["id"], "wait_s": 601})
    assert run["status"] == "pending" and seen == []
