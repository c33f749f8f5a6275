"""The nodehost server through a real MCP client (in-memory transport): schemas, errors, roots, `serve all`."""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable
from pathlib import Path

import anyio
import anyio.to_thread
import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError

from servers.nodehost import run
from servers.nodehost.host import NodeHost
from servers.nodehost.server import create_server
from servers.suite.settings import CairnSettings
from tests.servers.nodehost.conftest import HEADLESS

TOOLS = {
    "system_run",
    "system_output",
    "fs_read",
    "fs_write",
    "fs_edit",
    "fs_multi_edit",
    "fs_glob",
    "fs_grep",
    "clipboard",
    "open_app",
    "screen_capture",
    "permissions",
}


async def test_tools_are_listed_with_limits_hints_and_groups(host: NodeHost) -> None:
    async with Client(create_server(host=host)) as client:
        tools = {t.name: t for t in await client.list_tools()}
    assert set(tools) == TOOLS
    run = tools["system_run"]
    assert run.input_schema["properties"]["argv"]["maxItems"] == 256
    assert "120 s" in (run.description or "") and "50 KB" in (run.description or "")
    assert "ctx" not in run.input_schema["properties"]
    assert tools["fs_read"].annotations.read_only_hint is True
    assert tools["fs_write"].annotations.destructive_hint is True
    assert tools["fs_grep"].input_schema["properties"]["context_lines"]["maximum"] == 10
    assert tools["fs_edit"].output_schema and "diff" in tools["fs_edit"].output_schema["properties"]
    assert "block-anchor" in (tools["fs_edit"].description or "")


async def test_read_write_edit_glob_grep_round_trip(host: NodeHost, root: Path) -> None:
    async with Client(create_server(host=host)) as client:
        await client.call_tool("fs_write", {"path": "src/app.py", "content": "def f():\n    return 1\n"})
        edited = await client.call_tool(
            "fs_edit", {"path": "src/app.py", "old": "def f():\n  return 1", "new": "def f():\n  return 2"}
        )
        assert edited.structured_content["strategies"] == ["line_trimmed"]
        assert (root / "src" / "app.py").read_text() == "def f():\n    return 2\n"
        multi = await client.call_tool(
            "fs_multi_edit",
            {"path": "src/app.py", "edits": [{"old": "f()", "new": "g()"}, {"old": "return 2", "new": "return 3"}]},
        )
        assert multi.structured_content["replacements"] == 2
        found = await client.call_tool("fs_glob", {"pattern": "**/*.py"})
        assert [f["path"] for f in found.structured_content["files"]] == ["src/app.py"]
        grep = await client.call_tool("fs_grep", {"pattern": r"return \d", "context_lines": 1})
        assert grep.structured_content["matches"][0]["before"] == ["def g():"]
        read = await client.call_tool("fs_read", {"path": "src/app.py", "limit": 1})
        assert read.structured_content["next_offset"] == 2


async def test_errors_are_clear_tool_errors(host: NodeHost) -> None:
    async with Client(create_server(host=host)) as client:
        with pytest.raises(ToolError, match="outside the workspace"):
            await client.call_tool("fs_read", {"path": "/etc/passwd"})
        with pytest.raises(ToolError, match="not found in the file"):
            await client.call_tool("fs_write", {"path": "a.txt", "content": "abc"})
            await client.call_tool("fs_edit", {"path": "a.txt", "old": "xyz", "new": "q"})
        with pytest.raises(ToolError, match="validation error"):
            await client.call_tool("system_run", {"argv": []})
        with pytest.raises(ToolError, match="null byte"):
            await client.call_tool("fs_write", {"path": "a\x00b", "content": "x"})
        with pytest.raises(ToolError, match="no saved output"):
            await client.call_tool("system_output", {"run_id": "r0123456789ab"})


async def test_host_roots_are_used_when_none_are_configured(
    cairn_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    offered = tmp_path / "offered"
    offered.mkdir()
    (offered / "hello.txt").write_text("from the host's root")
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    host = NodeHost(CairnSettings(home=cairn_home), support=HEADLESS)
    assert host.workspace.source == "cwd"
    server = create_server(host=host)
    async with Client(server, roots=[offered.as_uri()], mode="legacy") as client:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            read = await client.call_tool("fs_read", {"path": "hello.txt"})
        assert "from the host's root" in read.structured_content["content"]
        assert not [w for w in caught if "roots" in str(w.message)]  # asked on purpose: no warning printed
        perms = (await client.call_tool("permissions", {})).structured_content
        assert perms["roots"] == [str(offered)] and perms["roots_source"] == "host"
    async with Client(server) as client:  # no roots offered: the working directory
        perms = (await client.call_tool("permissions", {})).structured_content
        assert perms["roots"] == [str(cwd)]


async def test_serve_all_names_tools_nodehost_x(make_settings: Callable[..., CairnSettings]) -> None:
    from servers.suite.serving import build_server

    server = build_server("all", make_settings())
    async with Client(server) as client:
        names = {t.name for t in await client.list_tools()}
    assert {"nodehost_system_run", "nodehost_fs_read", "nodehost_permissions"} <= names


Seen = list[tuple[float, float | None, str | None]]


async def test_system_run_reports_its_start_and_its_end(host: NodeHost) -> None:
    seen: Seen = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))

    async with Client(create_server(host=host), progress_handler=on_progress) as client:
        result = await client.call_tool("system_run", {"argv": ["echo", "hello"], "timeout_s": 10})
    assert result.structured_content is not None and result.structured_content["exit_code"] == 0
    assert seen[0] == (0, 10, "started echo")
    assert seen[-1][:2] == (10, 10) and str(seen[-1][2]).startswith("echo exited with code 0 after ")
    assert all(total == 10 for _, total, _ in seen)
    assert [p for p, _, _ in seen] == sorted({p for p, _, _ in seen})  # strictly growing


async def test_system_run_beats_while_the_program_runs(
    host: NodeHost, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(run, "HEARTBEAT_S", 0.01)
    fifo = root / "gate"
    os.mkfifo(fifo)
    seen: Seen = []
    beat = anyio.Event()

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))
        if str(message).startswith("head: "):
            beat.set()

    def release() -> None:
        with open(fifo, "wb") as gate:  # head blocks reading the pipe until this write: it ends on our event
            gate.write(b"x")

    async def open_the_gate_after_a_beat() -> None:
        await beat.wait()
        await anyio.to_thread.run_sync(release)

    with anyio.fail_after(30):
        async with (
            Client(create_server(host=host), progress_handler=on_progress) as client,
            anyio.create_task_group() as tg,
        ):
            tg.start_soon(open_the_gate_after_a_beat)
            result = await client.call_tool("system_run", {"argv": ["head", "-c", "1", str(fifo)], "timeout_s": 60})
    assert result.structured_content is not None and result.structured_content["stdout"] == "x"
    assert seen[0] == (0, 60, "started head")
    beats = seen[1:-1]
    assert beats and all(0 < p < 60 and str(m).endswith(" bytes") for p, _, m in beats)
    assert seen[-1][:2] == (60, 60) and str(seen[-1][2]).startswith("head exited with code 0")
