"""The learning loop end to end (issue #17): capture in memory → reflection stored, through real servers.

    .venv/bin/python -m bench.events.loop [--captures 30] [--json PATH]

Two layouts on a fresh SQLite home each (``CAIRN_EMBEDDER=none``, no LLM, ``--auth none`` on 127.0.0.1):

* ``serve all``: memory and reflection in one process (the outbox append wakes the reflection reader);
* two processes: ``cairn serve memory`` and ``cairn serve reflection`` (the reader polls every 0.5 s).

For each capture, a real MCP client calls ``memory_capture_task`` and the benchmark then watches the
reflection database (a read-only query every 5 ms) until the reflection row is there. Latency = row seen −
call returned (0 when the row was there first); it includes reflecting itself (rule-based analysis and
promotion, a few ms). The capture call's own round trip is reported beside it. Captures are one after
another, each right after the previous reflection was seen, so in the two-process layout each lands just
after a poll: the figures there are close to the worst case of the 0.5 s poll, not its average. The
1-minute load average is recorded, since the machine may be shared.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from fastmcp import Client

from servers.core.storage import Database
from tests.support import cairn_process, child_env, free_port

TRACE = [
    {"name": "db_export", "arguments": {"table": "orders"}, "error": "Timeout after 30s"},
    {"name": "db_export", "arguments": {"table": "orders", "chunk": 1000}},
]
REPO = Path(__file__).resolve().parents[2]


def env_for(home: Path) -> dict[str, str]:
    return child_env(home, CAIRN_EMBEDDER="none")


def serve(name: str, port: int) -> list[str]:
    extra = ["--no-registry"] if name == "all" else []
    return ["serve", name, "--host", "127.0.0.1", "--port", str(port), "--auth", "none", *extra]


async def measure(memory_url: str, home: Path, captures: int) -> dict[str, Any]:
    db_path = home / "reflection" / "reflection.db"
    latencies: list[float] = []
    calls: list[float] = []
    async with Client(memory_url) as mem:
        await mem.list_tools()
        while not db_path.exists():
            await asyncio.sleep(0.05)
        db = Database(db_path)
        try:
            for n in range(captures):
                called = time.perf_counter()
                await mem.call_tool(
                    "memory_capture_task",
                    {"task": f"nightly export of table {n}", "tool_calls": TRACE, "outcome": "success"},
                )
                returned = time.perf_counter()
                calls.append((returned - called) * 1000)
                while int(db.scalar("SELECT COUNT(*) FROM reflections")) < n + 1:
                    if time.perf_counter() - returned > 60:
                        raise RuntimeError(f"capture {n} never became a reflection")
                    await asyncio.sleep(0.005)
                latencies.append((time.perf_counter() - returned) * 1000)
        finally:
            db.close()
    ordered = sorted(latencies)
    return {
        "n": len(latencies),
        "p50_ms": round(statistics.median(latencies), 1),
        "p95_ms": round(ordered[round(0.95 * (len(ordered) - 1))], 1),
        "max_ms": round(max(latencies), 1),
        "capture_call_p50_ms": round(statistics.median(calls), 1),
        "load": os.getloadavg()[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--captures", type=int, default=30)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="cairn-bench-loop-"))
    results: dict[str, Any] = {}
    try:
        home = root / "all"
        port = free_port()
        with cairn_process(serve("all", port), env=env_for(home), cwd=REPO, port=port) as base:
            results["serve_all"] = asyncio.run(measure(f"{base}/mcp", home, args.captures))
        print(json.dumps(results), flush=True)
        home = root / "two"
        with ExitStack() as stack:
            mport, rport = free_port(), free_port()
            base = stack.enter_context(cairn_process(serve("memory", mport), env=env_for(home), cwd=REPO, port=mport))
            stack.enter_context(cairn_process(serve("reflection", rport), env=env_for(home), cwd=REPO, port=rport))
            results["two_processes"] = asyncio.run(measure(f"{base}/mcp", home, args.captures))
        print(json.dumps(results), flush=True)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
