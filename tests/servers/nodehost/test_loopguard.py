"""Doom-loop guard: the same call 3 times within 60 s is refused, with an explanation."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError

from servers.nodehost.host import NodeHost
from servers.nodehost.loopguard import LoopGuard
from servers.nodehost.server import create_server


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_third_identical_call_in_the_window_is_refused_until_it_slides() -> None:
    clock = Clock()
    guard = LoopGuard(3, 60.0, clock)
    key = LoopGuard.key("c", "fs_read", {"path": "a"})
    for _ in range(2):
        assert guard.retry_after(key) is None
        guard.record(key)
        clock.now += 10
    assert guard.retry_after(key) == pytest.approx(40.0)  # the first call leaves the window at t+60
    assert guard.retry_after(LoopGuard.key("c", "fs_read", {"path": "b"})) is None
    assert guard.retry_after(LoopGuard.key("other-client", "fs_read", {"path": "a"})) is None
    clock.now += 40
    assert guard.retry_after(key) is None
    assert "3rd identical fs_read call within 60 s" in guard.explain("fs_read", 40)


async def test_repeated_tool_calls_are_refused_over_mcp(host: NodeHost) -> None:
    (Path(host.workspace.primary) / "a.txt").write_text("x")
    async with Client(create_server(host=host)) as client:
        await client.call_tool("fs_read", {"path": "a.txt"})
        await client.call_tool("fs_read", {"path": "a.txt"})
        with pytest.raises(ToolError, match=r"doom-loop guard.*change the arguments"):
            await client.call_tool("fs_read", {"path": "a.txt"})
        await client.call_tool("fs_read", {"path": "a.txt", "offset": 1, "limit": 5})  # different arguments
    assert [e["decision"] for e in host.audit.entries()][-2:] == ["loop", "allowed"]
