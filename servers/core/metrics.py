"""Prometheus metrics for every server, served at ``/metrics`` on HTTP.

One registry per process: servers mounted together under ``cairn serve all`` report side by side,
told apart by the ``server`` label.
"""

from __future__ import annotations

import time
from typing import Any

import mcp.types as mt
from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

REGISTRY = CollectorRegistry(auto_describe=True)
TOOL_CALLS = Counter("cairn_tool_calls", "MCP tool calls by outcome", ["server", "tool", "outcome"], registry=REGISTRY)
TOOL_SECONDS = Histogram(
    "cairn_tool_duration_seconds",
    "Time spent in MCP tool calls",
    ["server", "tool"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0),
    registry=REGISTRY,
)


class ToolMetrics(Middleware):
    """Counts every tool call (``ok`` or ``error``) and times it."""

    def __init__(self, server_name: str) -> None:
        self.server_name = server_name

    async def on_call_tool(
        self, context: MiddlewareContext[mt.CallToolRequestParams], call_next: CallNext[Any, Any]
    ) -> Any:
        tool = context.message.name
        started = time.perf_counter()
        outcome = "error"
        try:
            result = await call_next(context)
            outcome = "error" if getattr(result, "is_error", False) else "ok"
            return result
        finally:
            TOOL_CALLS.labels(self.server_name, tool, outcome).inc()
            TOOL_SECONDS.labels(self.server_name, tool).observe(time.perf_counter() - started)


def exposition() -> tuple[bytes, str]:
    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST
