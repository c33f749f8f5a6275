"""The JSONL audit log: one line per call, secrets redacted, mode 0600, outside the workspace."""

from __future__ import annotations

import json
import stat
from collections.abc import Callable
from pathlib import Path

import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError

from servers.core.events import EventBus
from servers.nodehost.host import NodeHost
from servers.nodehost.redact import redact
from servers.nodehost.server import create_server


def test_redaction_hides_secret_shapes_and_names() -> None:
    args = {
        "argv": ["curl", "-H", "Authorization: Bearer abcdefghijklmnop1234", "--password=hunter2", "ok"],
        "env": {"API_TOKEN": "t0p", "LANG": "C"},
        "content": "key = ghp_" + "a" * 36 + "\n" + "z" * 1000,
        "url": "https://user:pw@example.com/x",
    }
    clean = redact(args)
    assert clean["argv"][2] == "Authorization:[REDACTED]" and clean["argv"][3] == "--password=[REDACTED]"
    assert clean["argv"][4] == "ok"
    assert clean["env"] == {"API_TOKEN": "[REDACTED]", "LANG": "C"}
    assert "ghp_" not in clean["content"] and clean["content"].endswith("[1,047 chars]")
    assert "pw@" not in clean["url"]


async def test_every_call_leaves_one_line(make_host: Callable[..., NodeHost], cairn_home: Path) -> None:
    bus = EventBus()
    host = make_host()
    host.bus = bus
    async with Client(create_server(host=host)) as client:
        await client.call_tool("fs_write", {"path": "a.txt", "content": "token ghp_" + "b" * 36})
        await client.call_tool("system_run", {"argv": ["ls"], "env": {"MY_SECRET": "s3cr3t"}})
        with pytest.raises(ToolError):
            await client.call_tool("system_run", {"argv": ["rm", "-rf", "/"]})
        with pytest.raises(ToolError):
            await client.call_tool("fs_read", {"path": "../../etc/passwd"})
    log = cairn_home / "nodehost" / "audit.jsonl"
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(e["tool"], e["decision"]) for e in entries] == [
        ("fs_write", "allowed"),
        ("system_run", "allowed"),
        ("system_run", "denied"),
        ("fs_read", "refused"),
    ]
    first, run, rm, read = entries
    assert set(first) >= {"ts", "client", "transport", "profile", "tool", "arguments", "decision", "duration_ms"}
    assert first["client"] == "mcp" and "ghp_" not in json.dumps(first)
    assert run["exit_status"] == 0 and run["arguments"]["env"] == {"MY_SECRET": "[REDACTED]"}
    assert "not on the allowlist" in rm["error"] and "outside the workspace" in read["error"]
    assert [e.type for e in bus.recent()] == ["tool.called", "tool.called"]
    assert bus.recent()[0].payload["tool"] == "fs_write" and bus.recent()[0].payload["server"] == "nodehost"
