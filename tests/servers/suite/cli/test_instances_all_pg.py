"""Two real `cairn serve all` processes sharing one PostgreSQL behind a round-robin balancer (issue #11).

Every server is mounted in each process; each has its own CAIRN_HOME, port and registry port, and both are given
the balancer's URL as public URL and issuer. One sign-in through the balancer (its steps land on both processes),
then each process is called directly with the same token: what one instance writes — a memory, skill feedback,
a user-model signal, a job — the other reads, and a job due once runs once, on whichever instance claims it.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastmcp import Client

from servers.auth.passwords import hash_password
from servers.auth.storage.store import PG_SCHEMA, AuthStore
from servers.core.storage.postgres import PgDatabase
from tests.conftest import REPO_ROOT
from tests.servers.auth.test_oauth_e2e import PASSWORD, USER, login, register
from tests.servers.suite.cli.test_instances_pg import round_robin, stop_all
from tests.servers.suite.cli.test_serve_process import wait_for
from tests.support import child_env, free_port

pytestmark = pytest.mark.slow


class Instances:
    def __init__(self, public: str, direct: list[str], registries: list[str]) -> None:
        self.public, self.direct, self.registries = public, direct, registries


@pytest.fixture
def instances(postgres_url: str, tmp_path: Path) -> Iterator[Instances]:
    public = f"http://127.0.0.1:{free_port()}"
    ports = [(free_port(), free_port()) for _ in range(2)]
    processes: list[subprocess.Popen[bytes]] = []
    try:
        for i, (port, registry_port) in enumerate(ports):
            env = {
                **child_env(tmp_path / f"home-{i}"),
                "CAIRN_DATABASE_URL": postgres_url,
                "CAIRN_AUTH__PUBLIC_URL": public,
                "CAIRN_AUTH__ISSUER": public,
                "CAIRN_EMBEDDER": "none",  # two model loads would only slow the test; search falls back to keywords
                "CAIRN_SCHEDULER__POLL_INTERVAL_SECONDS": "0.5",
            }
            command = ["serve", "all", "--port", str(port), "--registry-port", str(registry_port)]
            processes.append(
                subprocess.Popen(
                    [sys.executable, "-m", "servers.suite.cli.main", *command],
                    env=env,
                    cwd=REPO_ROOT,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE,
                )
            )
        for (port, registry_port), process in zip(ports, processes, strict=True):
            assert wait_for(f"http://127.0.0.1:{port}/health", process).status_code == 200
            assert wait_for(f"http://127.0.0.1:{registry_port}/health", process).status_code == 200
        yield Instances(
            public,
            [f"http://127.0.0.1:{port}" for port, _ in ports],
            [f"http://127.0.0.1:{registry_port}" for _, registry_port in ports],
        )
    finally:
        errors = stop_all(processes)
        assert all("Traceback" not in e for e in errors), errors


def _data(result: Any) -> Any:
    return result.structured_content


async def _wait_for_run(client: Client, job_id: str, timeout_s: float = 60) -> list[dict[str, Any]]:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        runs = _data(await client.call_tool("scheduler_job_runs", {"job_id": job_id}))["runs"]
        if any(r["status"] == "succeeded" for r in runs):
            return list(runs)
        await asyncio.sleep(0.5)
    raise AssertionError(f"job {job_id} did not run within {timeout_s} s")


async def test_two_serve_all_instances_share_every_component(instances: Instances, postgres_url: str) -> None:
    store = AuthStore(PgDatabase(postgres_url, PG_SCHEMA))
    store.add_user(USER, hash_password(PASSWORD))
    store.close()
    a, b = instances.direct
    resource = f"{instances.public}/mcp"
    seen: list[str] = []
    async with round_robin(int(instances.public.rsplit(":", 1)[1]), [a, b], seen), httpx.AsyncClient() as http:
        described = (await http.get(f"{instances.public}/.well-known/oauth-protected-resource/mcp")).json()
        scopes = " ".join(described["scopes_supported"])
        client_id = await register(http, instances.public)
        pair = await login(http, instances.public, client_id, scope=scopes, resource=resource)
        assert {a, b} <= set(seen), "the sign-in should have hopped between the processes"
        access = pair["access_token"]

    async with Client(f"{a}/mcp", auth=access) as on_a, Client(f"{b}/mcp", auth=access) as on_b:
        # memory
        written = _data(await on_a.call_tool("memory_write", {"content": "The staging database is db-stg-04"}))
        found = _data(await on_b.call_tool("memory_recall", {"query": "staging database"}))
        assert found["results"][0]["id"] == written["id"]

        # skills: feedback given on one instance counts on the other
        skill = _data(await on_a.call_tool("skills_list", {}))["skills"][0]["name"]
        for rating in ("helpful", "helpful", "not_helpful"):
            await on_a.call_tool("skills_feedback", {"name": skill, "rating": rating})
        stats = _data(await on_b.call_tool("skills_stats", {"name": skill}))["skills"][0]
        assert (stats["helpful"], stats["not_helpful"]) == (2, 1), stats

        # reflection: an explicit preference stated through one is in the user model read through the other
        await on_a.call_tool(
            "reflection_user_signal", {"dimension": "verbosity", "value": "concise", "kind": "explicit"}
        )
        model = _data(await on_b.call_tool("reflection_user_model_get", {"include_all": True}))
        assert "concise" in str(model), model

        # scheduler: created on one, listed on the other, and a run due once executes exactly once
        at = (datetime.now(UTC) + timedelta(seconds=3)).isoformat()
        job = _data(
            await on_a.call_tool(
                "scheduler_job_create",
                {
                    "name": "stand-up reminder",
                    "schedule": {"at": at},
                    "action": {"type": "notify", "message": "Stand-up in five minutes"},
                },
            )
        )
        listed = _data(await on_b.call_tool("scheduler_job_list", {}))
        assert job["id"] in {j["id"] for j in listed["jobs"]}
        runs = await _wait_for_run(on_b, job["id"])
        await asyncio.sleep(3)  # a second claim, if there were one, would have happened by now
        runs = _data(await on_a.call_tool("scheduler_job_runs", {"job_id": job["id"]}))["runs"]
        assert len(runs) == 1 and runs[0]["status"] == "succeeded", runs

    # the registry beside each instance reads the same catalogue
    async with httpx.AsyncClient() as http:
        listings = [(await http.get(f"{r}/api/v1/skills")).json() for r in instances.registries]
    assert listings[0] == listings[1] and listings[0]
