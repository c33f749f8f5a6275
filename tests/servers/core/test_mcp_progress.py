"""Progress notifications from work in a worker thread, through a real in-memory client in both protocol eras."""

from __future__ import annotations

import pytest
from fastmcp import Client, Context, FastMCP

from servers.core.mcp_progress import in_thread
from servers.core.progress import Report

Seen = list[tuple[float, float | None, str | None]]


def steps(n: int, progress: Report | None = None) -> bool:
    """A job of n steps that also repeats step 1 (a value the protocol forbids sending twice)."""
    for i in [0, 1, 1, *range(2, n + 1)]:
        if progress is not None:
            progress(i, n, f"step {i}")
    return progress is not None


@pytest.fixture
def server() -> FastMCP:
    mcp = FastMCP("progress-probe")

    @mcp.tool
    async def work(ctx: Context, n: int) -> bool:
        return await in_thread(ctx, steps, n)

    return mcp


@pytest.mark.parametrize("mode", ["auto", "legacy"])
async def test_reports_arrive_in_order_and_only_growing(server: FastMCP, mode: str) -> None:
    seen: Seen = []

    async def handler(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))

    async with Client(server, mode=mode, progress_handler=handler) as client:
        result = await client.call_tool("work", {"n": 3})
    assert result.data is True
    # All before the result, in the order the work made them; the repeated 1 is not sent again.
    assert seen == [(0, 3, "step 0"), (1, 3, "step 1"), (2, 3, "step 2"), (3, 3, "step 3")]


async def test_without_a_progress_token_the_work_gets_no_report(server: FastMCP) -> None:
    async with Client(server, mode="legacy") as client:
        # The session's own call_tool sends no progressToken unless given a callback.
        result = await client.session.call_tool("work", {"n": 2})
    assert result.structured_content == {"result": False}


async def test_an_in_process_call_without_a_context_runs_unreported() -> None:
    assert await in_thread(None, steps, 2) is False
