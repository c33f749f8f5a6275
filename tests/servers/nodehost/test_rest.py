"""REST API for gateways on a real loopback HTTP server, beside the MCP endpoint."""

from __future__ import annotations

import stat
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from fastmcp import Client

from servers.nodehost.host import NodeHost
from servers.nodehost.rest import ensure_token
from servers.nodehost.server import create_server
from tests.support import running

pytestmark = pytest.mark.slow


def auth(host: NodeHost) -> dict[str, str]:
    token = (host.state_dir / "token").read_text().strip()
    return {"Authorization": f"Bearer {token}"}


def test_token_file_is_private_and_stable(tmp_path: Path) -> None:
    path = tmp_path / "token"
    token = ensure_token(path)
    assert len(token) >= 40 and stat.S_IMODE(path.stat().st_mode) == 0o600
    path.chmod(0o644)
    assert ensure_token(path) == token and stat.S_IMODE(path.stat().st_mode) == 0o600


async def test_auth_failures(host: NodeHost) -> None:
    async with running(create_server(host=host), "http") as base, httpx.AsyncClient(base_url=base) as http:
        for path in ("/api/v1/tools", "/api/v1/permissions"):
            missing = await http.get(path)
            assert missing.status_code == 401 and missing.json()["error"]["code"] == "unauthorized"
            assert missing.headers["www-authenticate"].startswith("Bearer")
        wrong = await http.post("/api/v1/tools/fs_read/execute", headers={"Authorization": "Bearer nope"}, json={})
        assert wrong.status_code == 401 and 'error="invalid_token"' in wrong.headers["www-authenticate"]
        basic = await http.get("/api/v1/tools", headers={"Authorization": "Basic dXNlcjpwdw=="})
        assert basic.status_code == 401
    assert host.audit.entries() == []  # unauthenticated requests never reach a tool


async def test_list_execute_and_errors(host: NodeHost, root: Path) -> None:
    server = create_server(host=host)
    headers = auth(host) | {"X-Client-Name": "gateway-1"}
    async with running(server, "http") as base, httpx.AsyncClient(base_url=base) as http:
        listed = (await http.get("/api/v1/tools", headers=headers)).json()
        tools = {t["name"]: t for t in listed["tools"]}
        assert listed["api_version"] == "v1" and "fs_read" in tools
        assert tools["fs_read"]["input_schema"]["properties"]["path"]["maxLength"] == 4096
        assert tools["clipboard"]["access"] == "ask" and tools["fs_read"]["groups"] == ["fs", "read"]

        body = {"call_id": "c-1", "arguments": {"path": "notes/a.txt", "content": "hello\n"}}
        written = await http.post("/api/v1/tools/fs_write/execute", headers=headers, json=body)
        assert written.status_code == 200 and written.headers["x-nodehost-api-version"] == "v1"
        assert written.json()["call_id"] == "c-1" and (root / "notes" / "a.txt").read_text() == "hello\n"
        read = await http.post(
            "/api/v1/tools/fs_read/execute", headers=headers, json={"arguments": {"path": "notes/a.txt"}}
        )
        assert "     1\thello" in read.json()["result"]["content"]

        cases = [
            ("fs_read", {"arguments": {"path": "x", "bogus": 1}}, 422, "invalid_arguments"),
            ("nope", {"arguments": {}}, 404, "unknown_tool"),
            ("fs_read", {"arguments": {"path": "../../etc/passwd"}}, 400, "invalid_request"),
            ("system_run", {"arguments": {"argv": ["rm", "x"]}}, 403, "denied"),
            (
                "fs_write",
                {"arguments": {"path": "/tmp/outside-cairn-test.txt", "content": "x"}},
                403,
                "approval_required",
            ),
            ("clipboard", {"arguments": {"action": "read"}}, 403, "approval_required"),
        ]
        for tool, payload, status, code in cases:
            answer = await http.post(f"/api/v1/tools/{tool}/execute", headers=headers, json=payload)
            assert (answer.status_code, answer.json()["error"]["code"]) == (status, code), tool
        not_json = await http.post("/api/v1/tools/fs_read/execute", headers=headers, content=b"{oops")
        assert not_json.status_code == 400 and not_json.json()["error"]["code"] == "invalid_json"

        run = {"arguments": {"argv": ["echo", "hi"]}}
        for _ in range(2):
            assert (await http.post("/api/v1/tools/system_run/execute", headers=headers, json=run)).status_code == 200
        looped = await http.post("/api/v1/tools/system_run/execute", headers=headers, json=run)
        assert looped.status_code == 429 and "doom-loop" in looped.json()["error"]["message"]

        perms = (await http.get("/api/v1/permissions", headers=headers)).json()
        assert (
            perms["transport"] == "rest" and perms["client"] == "gateway-1" and perms["approval"]["available"] is False
        )

        # The MCP endpoint is served by the same app.
        async with Client(f"{base}/mcp") as client:
            assert "fs_read" in {t.name for t in await client.list_tools()}
    entry = host.audit.entries()[0]
    assert (entry["transport"], entry["client"], entry["call_id"]) == ("rest", "gateway-1", "c-1")
    assert not Path("/tmp/outside-cairn-test.txt").exists()


async def test_rest_profile_applies(make_host: Callable[..., NodeHost], cairn_home: Path) -> None:
    (cairn_home / "nodehost").mkdir(parents=True)
    (cairn_home / "nodehost" / "policy.yaml").write_text(
        "version: 1\nprofiles:\n  - name: gateway\n    match: {transports: [rest]}\n"
        "    policy: {deny: [{group: exec}]}\n"
    )
    host = make_host()
    async with running(create_server(host=host), "http") as base, httpx.AsyncClient(base_url=base) as http:
        names = {t["name"] for t in (await http.get("/api/v1/tools", headers=auth(host))).json()["tools"]}
        assert "system_run" not in names and "fs_read" in names
        refused = await http.post(
            "/api/v1/tools/system_run/execute", headers=auth(host), json={"arguments": {"argv": ["ls"]}}
        )
        assert refused.status_code == 403 and "'gateway' policy profile" in refused.json()["error"]["message"]


async def test_rest_is_forwarded_under_serve_all(cairn_home: Path, root: Path) -> None:
    from servers.suite.serving import build_server
    from servers.suite.settings import CairnSettings

    settings = CairnSettings(home=cairn_home, embedder="none", nodehost={"roots": [str(root)]})
    server = build_server("all", settings)
    token = (cairn_home / "nodehost" / "token").read_text().strip()
    async with running(server, "http") as base, httpx.AsyncClient(base_url=base) as http:
        listed = await http.get("/api/v1/tools", headers={"Authorization": f"Bearer {token}"})
        assert listed.status_code == 200 and "system_run" in {t["name"] for t in listed.json()["tools"]}
