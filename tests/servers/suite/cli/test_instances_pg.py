"""Two real `cairn serve memory` processes sharing one PostgreSQL, as behind a load balancer.

Both instances get their own CAIRN_HOME and port but the same CAIRN_DATABASE_URL, and the same public URL
and issuer (what a load balancer presents: tokens are bound to that URL as audience). A small round-robin
proxy on that public URL sends each request to the next instance, so the OAuth dance (register, authorize,
consent page, consent form, token) and the MCP calls each hop between processes. Then each instance is
called directly with the same token: a memory written through one is recalled through the other.
"""

from __future__ import annotations

import itertools
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import pytest
from fastmcp import Client
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from servers.auth.passwords import hash_password
from servers.auth.storage.store import PG_SCHEMA, AuthStore
from servers.core.storage.postgres import PgDatabase
from tests.conftest import REPO_ROOT
from tests.servers.auth.test_oauth_e2e import PASSWORD, USER, get_code, register, token
from tests.servers.suite.cli.test_serve_process import wait_for
from tests.support import child_env, free_port, serving_app
from tests.support_oauth import REDIRECT, code_of, pkce

pytestmark = pytest.mark.slow
# Hop-by-hop and length headers are the proxy's own business (RFC 9110 §7.6.1).
_HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "host", "content-encoding"}


@asynccontextmanager
async def round_robin(port: int, backends: list[str], seen: list[str]) -> AsyncIterator[str]:
    """A load balancer on 127.0.0.1:port: request n goes to backends[n % len]; ``seen`` records which."""
    turn = itertools.cycle(backends)
    async with httpx.AsyncClient(timeout=60) as upstream:

        async def forward(request: Request) -> Response:
            backend = next(turn)
            seen.append(backend)
            reply = await upstream.request(
                request.method,
                backend + request.url.path,
                params=request.url.query,
                headers=[(k, v) for k, v in request.headers.items() if k.lower() not in _HOP],
                content=await request.body(),
            )
            headers = [(k, v) for k, v in reply.headers.multi_items() if k.lower() not in _HOP]
            response = Response(reply.content, status_code=reply.status_code)
            response.raw_headers = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in headers]
            response.headers["content-length"] = str(len(reply.content))
            return response

        app = Starlette(routes=[Route("/{path:path}", forward, methods=["GET", "POST", "DELETE", "OPTIONS"])])
        async with serving_app(app, port) as base:
            yield base


def stop_all(processes: list[subprocess.Popen[bytes]], timeout_s: float = 30) -> list[str]:
    """SIGTERM every process, wait (then kill), and return what each wrote to stderr."""
    for process in processes:
        process.terminate()
    errors = []
    for process in processes:
        try:
            process.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            process.kill()
        errors.append(process.stderr.read().decode() if process.stderr else "")
    return errors


@pytest.fixture
def instances(postgres_url: str, tmp_path: Path) -> Iterator[tuple[str, list[str]]]:
    """Two `cairn serve memory --transport http` processes; (public URL, [direct URL of each])."""
    public_port, ports = free_port(), [free_port(), free_port()]
    public = f"http://127.0.0.1:{public_port}"
    processes: list[subprocess.Popen[bytes]] = []
    try:
        for i, port in enumerate(ports):
            env = {
                **child_env(tmp_path / f"home-{i}"),
                "CAIRN_DATABASE_URL": postgres_url,
                "CAIRN_AUTH__PUBLIC_URL": public,
                "CAIRN_AUTH__ISSUER": public,
            }
            processes.append(
                subprocess.Popen(
                    [sys.executable, "-m", "servers.suite.cli.main", "serve", "memory", "--port", str(port)],
                    env=env,
                    cwd=REPO_ROOT,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE,
                )
            )
        for port, process in zip(ports, processes, strict=True):
            assert wait_for(f"http://127.0.0.1:{port}/health", process).status_code == 200
        yield public, [f"http://127.0.0.1:{port}" for port in ports]
    finally:
        errors = stop_all(processes)
        # instances starting together agreed on one first user (one password shown, by one of them)
        assert sum(e.count("First start: created user 'admin'") for e in errors) == 1, errors
        for home in ("home-0", "home-1"):
            assert not list((tmp_path / home).rglob("*.json")), "signing keys must not be on disk"


async def test_two_instances_share_tokens_and_memories(instances: tuple[str, list[str]], postgres_url: str) -> None:
    public, (a, b) = instances
    store = AuthStore(PgDatabase(postgres_url, PG_SCHEMA))
    store.add_user(USER, hash_password(PASSWORD))
    store.close()
    resource = f"{public}/mcp"
    seen: list[str] = []
    async with round_robin(int(public.rsplit(":", 1)[1]), [a, b], seen), httpx.AsyncClient() as http:
        client_id = await register(http, public)
        verifier, challenge = pkce()
        code = code_of(
            await get_code(http, public, client_id, challenge, scope="memory:read memory:write", resource=resource)
        )
        pair = (
            await token(
                http,
                public,
                grant_type="authorization_code",
                client_id=client_id,
                code=code,
                redirect_uri=REDIRECT,
                code_verifier=verifier,
            )
        ).json()
        assert set(seen) == {a, b}  # the dance hopped between the processes
        access = pair["access_token"]

        # Each instance directly, with the token bound to the public URL.
        async with Client(f"{a}/mcp", auth=access) as client:
            written = await client.call_tool("memory_write", {"content": "两个实例共享记忆 shared across instances"})
            entry_id = written.structured_content["id"]
        async with Client(f"{b}/mcp", auth=access) as client:
            found = (await client.call_tool("memory_recall", {"query": "shared across instances"})).structured_content
            assert found["results"][0]["id"] == entry_id
            entry = (await client.call_tool("memory_get", {"id": entry_id})).structured_content
            assert entry["user_id"] == USER

        # Through the balancer: one MCP session whose requests alternate (stateless Streamable HTTP).
        before = len(seen)
        async with Client(resource, auth=access) as client:
            for _ in range(2):
                hits = (await client.call_tool("memory_recall", {"query": "共享记忆"})).structured_content
                assert hits["results"][0]["id"] == entry_id
        assert {a, b} <= set(seen[before:])

        # A 2025-06-18 client keeps the session id it was given: with sessions held in one process's memory, the
        # other instance would answer 404 "Session not found". Stateless serving gives no id and needs none.
        headers = {
            "Authorization": f"Bearer {access}",
            "Accept": "application/json, text/event-stream",
            "MCP-Protocol-Version": "2025-06-18",
        }
        hello = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
        opened = await http.post(
            resource, headers=headers, json={"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": hello}
        )
        assert opened.status_code == 200, opened.text
        session = {"Mcp-Session-Id": opened.headers["mcp-session-id"]} if "mcp-session-id" in opened.headers else {}
        for n in range(2, 4):  # two more requests: at least one lands on the other instance
            listed = await http.post(
                resource, headers={**headers, **session}, json={"jsonrpc": "2.0", "id": n, "method": "tools/list"}
            )
            assert listed.status_code == 200 and "memory_recall" in listed.text, listed.text

        # A refresh on one instance, then reuse of the old refresh token on the other: the family dies everywhere.
        rotated = await http.post(
            f"{a}/token",
            data={"grant_type": "refresh_token", "client_id": client_id, "refresh_token": pair["refresh_token"]},
        )
        assert rotated.status_code == 200, rotated.text
        replay = await http.post(
            f"{b}/token",
            data={"grant_type": "refresh_token", "client_id": client_id, "refresh_token": pair["refresh_token"]},
        )
        assert replay.status_code in (400, 401)
        for direct in (a, b):
            refused = await http.post(
                f"{direct}/mcp", json={}, headers={"Authorization": f"Bearer {rotated.json()['access_token']}"}
            )
            assert refused.status_code == 401, direct
