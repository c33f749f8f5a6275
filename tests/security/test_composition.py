"""Attacks on the composed suite: one server used to reach another with more than the token allows.

Each test holds a real token from the real authorization server of a real ``cairn serve all`` process, tries
what an attacker would, and checks both the refusal and that nothing changed.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError
from mcp.shared.exceptions import MCPError

from tests.conftest import REPO_ROOT
from tests.security.conftest import Suite, child_env, sign_in

pytestmark = pytest.mark.slow

SCHEDULER_ONLY = "scheduler:read scheduler:write"


def data(result: Any) -> Any:
    return result.structured_content


async def wait_for_run(client: Client[Any], job_id: str, timeout_s: float = 60) -> dict[str, Any]:
    deadline = asyncio.get_running_loop().time() + timeout_s
    while asyncio.get_running_loop().time() < deadline:
        runs = data(await client.call_tool("scheduler_job_runs", {"job_id": job_id}))["runs"]
        finished = [r for r in runs if r["status"] not in ("pending", "running", "pending_approval")]
        if finished:
            return dict(finished[-1])
        await asyncio.sleep(0.3)
    raise AssertionError(f"no run of {job_id} finished within {timeout_s} s")


async def job_names(client: Client[Any]) -> list[str]:
    return [j["name"] for j in data(await client.call_tool("scheduler_job_list", {}))["jobs"]]


def tool_job(name: str, server: str, tool: str, **arguments: Any) -> dict[str, Any]:
    return {
        "name": name,
        "schedule": {"interval_seconds": 86_400},
        "action": {"type": "tool", "server": server, "tool": tool, "arguments": arguments},
    }


@pytest.fixture(scope="module")
def bobs_secret(suite: Suite) -> str:
    """Bob writes a private memory through his own token; attacks below must never see or change it."""

    async def write() -> str:
        async with Client(suite.mcp, auth=suite.token("memory:read memory:write", "bob")) as bob:
            written = data(await bob.call_tool("memory_write", {"content": "bob's bank PIN is 7291 (private)"}))
            return str(written["id"])

    return asyncio.run(write())


async def bobs_memories(suite: Suite) -> list[str]:
    async with Client(suite.mcp, auth=suite.token("memory:read", "bob")) as bob:
        found = data(await bob.call_tool("memory_recall", {"query": "bank PIN private", "limit": 20}))
    return [r["content"] for r in found["results"]]


@pytest.mark.parametrize(
    ("job", "missing"),
    [
        (tool_job("id", "nodehost", "system_run", argv=["id"]), "nodehost:exec"),
        (tool_job("plant", "nodehost", "fs_write", path="planted.txt", content="owned"), "nodehost:exec"),
        (tool_job("steal", "memory", "memory_recall", query="bank PIN", user_id="bob"), "memory:read"),
        (tool_job("get", "memory", "memory_get", id="m0", user_id="bob"), "memory:read"),
        (tool_job("forge", "memory", "memory_write", content="bob agreed to pay", user_id="bob"), "memory:write"),
    ],
    ids=lambda v: v["name"] if isinstance(v, dict) else v,
)
async def test_a_scheduler_token_cannot_reach_other_servers_through_a_job(
    suite: Suite, bobs_secret: str, job: dict[str, Any], missing: str
) -> None:
    async with Client(suite.mcp, auth=suite.token(SCHEDULER_ONLY)) as client:
        with pytest.raises(ToolError, match=f"needs the '{missing}' scope"):
            await client.call_tool("scheduler_job_create", job)
        assert job["name"] not in await job_names(client)
    assert not (suite.workspace / "planted.txt").exists()
    assert await bobs_memories(suite) == ["bob's bank PIN is 7291 (private)"]


async def test_naming_another_user_in_a_job_needs_the_admin_scope(suite: Suite, bobs_secret: str) -> None:
    scopes = "scheduler:read scheduler:write memory:read memory:write"
    async with Client(suite.mcp, auth=suite.token(scopes)) as client:
        for job in (
            tool_job("steal", "memory", "memory_recall", query="bank PIN", user_id="bob"),
            tool_job("forge", "memory", "memory_write", content="bob agreed to pay", user_id="bob"),
        ):
            with pytest.raises(ToolError, match="needs the 'memory:admin' scope"):
                await client.call_tool("scheduler_job_create", job)
    assert await bobs_memories(suite) == ["bob's bank PIN is 7291 (private)"]


async def test_a_job_runs_as_its_owner(suite: Suite, bobs_secret: str) -> None:
    scopes = "scheduler:read scheduler:write memory:read memory:write"
    async with Client(suite.mcp, auth=suite.token(scopes)) as alice:
        await alice.call_tool("memory_write", {"content": "alice's bank is the blue one"})
        job = data(
            await alice.call_tool(
                "scheduler_job_create", tool_job("mine", "memory", "memory_recall", query="bank PIN", limit=10)
            )
        )
        await alice.call_tool("scheduler_job_run_now", {"job_id": job["id"]})
        run = await wait_for_run(alice, job["id"])
    assert run["status"] == "succeeded", run
    assert "alice's bank" in run["output"] and "7291" not in run["output"]


async def test_a_removed_users_jobs_stop(suite: Suite) -> None:
    password = "carol's long password"
    env = child_env(suite.home, suite.workspace)
    subprocess.run(
        [sys.executable, "-m", "servers.suite.cli.main", "auth", "add-user", "carol", "--password-stdin"],
        input=password.encode(),
        env=env,
        cwd=REPO_ROOT,
        check=True,
        capture_output=True,
    )
    carol = sign_in(suite.base, suite.mcp, "carol", password, "scheduler:read scheduler:write memory:read")
    async with Client(suite.mcp, auth=carol["access_token"]) as client:
        job = data(await client.call_tool("scheduler_job_create", tool_job("c", "memory", "memory_recall", query="x")))
    subprocess.run(
        [sys.executable, "-m", "servers.suite.cli.main", "auth", "remove-user", "carol"],
        env=env,
        cwd=REPO_ROOT,
        check=True,
        capture_output=True,
    )
    # The job she left behind comes due (made due through the scheduler's database, as its clock would).
    with sqlite3.connect(suite.home / "scheduler" / "scheduler.db") as db:
        db.execute("UPDATE jobs SET next_run_at = 0 WHERE id = ?", (job["id"],))
    deadline = asyncio.get_running_loop().time() + 60
    while True:
        with sqlite3.connect(suite.home / "scheduler" / "scheduler.db") as db:
            row = db.execute(
                "SELECT status, error FROM runs WHERE job_id = ? AND status NOT IN ('pending', 'running')",
                (job["id"],),
            ).fetchone()
        if row is not None:
            break
        assert asyncio.get_running_loop().time() < deadline, "the removed user's job never ran"
        await asyncio.sleep(0.3)
    assert row[0] == "failed" and "'carol', who may no longer act" in row[1]


async def test_resources_need_the_same_scopes_as_the_tools(suite: Suite, bobs_secret: str) -> None:
    async with Client(suite.mcp, auth=suite.token("memory:read memory:write")) as alice:
        mine = data(await alice.call_tool("memory_write", {"content": "alice's own note"}))
        assert "alice's own note" in (await alice.read_resource(f"memory://memory/entries/{mine['id']}"))[0].text
        with pytest.raises(MCPError):
            await alice.read_resource(f"memory://memory/entries/{bobs_secret}")  # bob's, by id
    async with Client(suite.mcp, auth=suite.token("skills:read")) as reader:
        uris = [str(r.uri) for r in await reader.list_resources()]
        assert uris and all(u.startswith("skills://") for u in uris)
        for uri in (
            f"memory://memory/entries/{mine['id']}",
            "memory://memory/MEMORY.md",
            "memory://memory/daily/2026-11-24",
            "scheduler://scheduler/jobs",
            "reflection://reflection/rules/active",
        ):
            with pytest.raises(MCPError, match="insufficient scope"):
                await reader.read_resource(uri)


async def test_context_assembly_needs_context_read_and_sees_only_the_callers_memory(
    suite: Suite, bobs_secret: str
) -> None:
    async with Client(suite.mcp, auth=suite.token("context:read")) as client:
        assert sorted(t.name for t in await client.list_tools()) == ["context_assemble", "context_gaps"]
        assembled = data(await client.call_tool("context_assemble", {"task": "what is the bank PIN"}))
        assert "7291" not in assembled["text"]
        gaps = await client.call_tool("context_gaps", {"task": "what is the bank PIN"})
        assert "7291" not in json.dumps(data(gaps))
        with pytest.raises(ToolError, match="memory:admin"):
            await client.call_tool("context_gaps", {"task": "bank PIN", "user_id": "bob"})
        with pytest.raises(ToolError, match="memory:admin"):
            await client.call_tool("context_assemble", {"task": "bank PIN", "user_id": "bob"})


async def test_over_oauth_skills_install_only_from_the_registry(suite: Suite) -> None:
    async with Client(suite.mcp, auth=suite.token("skills:read skills:write")) as client:
        with pytest.raises(ToolError, match="registry name only"):
            await client.call_tool("skills_install", {"source": str(suite.home)})
    assert not (suite.home / "skills" / "user").exists() or not any((suite.home / "skills" / "user").iterdir())


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:{listener}/hook",
        "http://[::ffff:127.0.0.1]:{listener}/hook",
        "http://2130706433:{listener}/hook",
        "http://localhost:{suite}/token",
        "http://169.254.169.254/latest/meta-data/",
        "http://10.0.0.1/internal",
    ],
)
async def test_webhooks_cannot_reach_this_machine_or_private_networks(suite: Suite, url: str) -> None:
    hits: list[bytes] = []

    async def listener(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        hits.append(await reader.read(1000))
        writer.close()

    server = await asyncio.start_server(listener, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    target = url.format(listener=port, suite=suite.base.rsplit(":", 1)[1])
    job = {
        "name": "exfiltrate",
        "schedule": {"interval_seconds": 86_400},
        "action": {"type": "webhook", "url": target, "headers": {"Authorization": "Bearer stolen"}},
    }
    try:
        async with Client(suite.mcp, auth=suite.token(SCHEDULER_ONLY)) as client:
            with pytest.raises(ToolError, match="refused"):
                await client.call_tool("scheduler_job_create", job)
            assert "exfiltrate" not in await job_names(client)
        await asyncio.sleep(0.2)
    finally:
        server.close()
        await server.wait_closed()
    assert hits == []


async def test_a_user_given_no_scopes_cannot_get_nodehost_exec(suite: Suite) -> None:
    """A user added without --scopes may hold neither nodehost:exec nor remote servers' scopes: asking for
    them gets a token without them, and the nodehost tools stay out of sight."""
    password = "dave's long password"
    subprocess.run(
        [sys.executable, "-m", "servers.suite.cli.main", "auth", "add-user", "dave", "--password-stdin"],
        input=password.encode(),
        env=child_env(suite.home, suite.workspace),
        cwd=REPO_ROOT,
        check=True,
        capture_output=True,
    )
    dave = sign_in(suite.base, suite.mcp, "dave", password, "nodehost:exec memory:read")
    assert dave["scope"] == "memory:read"
    async with Client(suite.mcp, auth=dave["access_token"]) as client:
        names = {t.name for t in await client.list_tools()}
        assert "memory_recall" in names and not {n for n in names if n.startswith("nodehost_")}
        with pytest.raises(ToolError, match="nodehost:exec"):
            await client.call_tool("nodehost_system_run", {"argv": ["id"]})
