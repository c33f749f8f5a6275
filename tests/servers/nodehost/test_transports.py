"""nodehost as users run it: a stdio subprocess via `cairn serve nodehost`, and the CLI's loopback rule."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest
from fastmcp import Client
from fastmcp.client.transports import StdioTransport

from servers.suite.cli.main import main
from tests.support import child_env

pytestmark = pytest.mark.slow


async def test_stdio_subprocess(cairn_home: Path, root: Path) -> None:
    env = child_env(cairn_home) | {"CAIRN_NODEHOST__ROOTS": f'["{root}"]', "CAIRN_NODEHOST__EXECUTABLES": '["echo"]'}
    transport = StdioTransport(
        sys.executable, ["-m", "servers.suite.cli.main", "serve", "nodehost", "--transport", "stdio"], env=env
    )
    async with Client(transport) as client:
        await client.call_tool("fs_write", {"path": "hello.txt", "content": "über stdio\n"})
        read = await client.call_tool("fs_read", {"path": "hello.txt"})
        assert "über stdio" in read.structured_content["content"]
        run = await client.call_tool("system_run", {"argv": ["echo", "ok"]})
        assert run.structured_content["stdout"] == "ok"
        perms = (await client.call_tool("permissions", {})).structured_content
        assert perms["transport"] == "stdio" and perms["roots"] == [str(root)]
        assert perms["executables"] == [os.path.realpath(shutil.which("echo") or "echo")]
    assert (root / "hello.txt").read_text() == "über stdio\n"
    audit = (cairn_home / "nodehost" / "audit.jsonl").read_text()
    assert audit.count('"transport": "stdio"') == 4


def test_non_loopback_without_auth_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "nodehost", "--host", "0.0.0.0", "--auth", "none"]) == 2
    assert "loopback only" in capsys.readouterr().err
