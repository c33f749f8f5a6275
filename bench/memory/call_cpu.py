"""Server CPU per MCP tool call on ``cairn serve all`` over Streamable HTTP, this checkout against a baseline,
alternating in one run (issue #34).

    FASTMCP_CHECK_FOR_UPDATES=off nice -n 10 .venv/bin/python -m bench.memory.call_cpu \\
        --baseline /tmp/cairn-cpu-base --clients 20 --calls 60 --rounds 3

Each run starts a real ``cairn serve all --transport http --auth none --no-registry`` on a fresh home (by default
with ``CAIRN_EMBEDDER=none``: recall is then keyword search alone, so what is measured is the MCP path and not
the embedding), writes a few notes, connects N clients and has each call ``memory_recall`` ``--calls`` times back
to back. Reported per run: the server process's CPU time per call (every thread, read from /proc before and after
the timed calls), calls per second, and the load average. On a shared machine wall-clock figures move with the
load; the CPU per call moves much less, which is why it is the figure to compare.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from fastmcp import Client

from bench.memory import cpu
from bench.memory.many_clients import Silent, argv, settle
from tests.support import cairn_process, free_port

NOTES = [
    "The deploy script for the billing service lives in ops/deploy.sh and needs the VPN.",
    "Alice prefers dark mode in every editor and terminal.",
    "Error E1042 means the cache volume is full; prune old layers.",
    "Staging database backups run nightly at 02:00 UTC.",
    "Use ruff for linting and mypy in strict mode for type checks.",
]
QUERIES = ["deploy billing", "dark mode", "E1042 cache", "database backups", "linting tools", "editor theme"]


async def _client(url: str, n: int, calls: int, start: asyncio.Event, ready: asyncio.Queue[int]) -> int:
    errors = 0
    async with Client(url, log_handler=Silent(), timeout=120) as mcp:
        await mcp.list_tools()
        ready.put_nowait(n)
        await start.wait()
        for i in range(calls):
            query = f"{QUERIES[(n + i) % len(QUERIES)]} {n}-{i}"
            result = await mcp.call_tool(
                "memory_recall", {"query": query, "user_id": f"u{n % 5}"}, raise_on_error=False
            )
            errors += bool(result.is_error)
    return errors


async def run_load(base: str, clients: int, calls: int) -> dict[str, Any]:
    url = f"{base}/mcp"
    async with Client(url, log_handler=Silent()) as warm:
        for n, note in enumerate(NOTES * 2):
            await warm.call_tool("memory_write", {"content": f"{note} ({n})", "user_id": f"u{n % 5}"})
        for n in range(20):
            await warm.call_tool("memory_recall", {"query": f"warm-up {n}", "user_id": "u0"})
    start = asyncio.Event()
    ready: asyncio.Queue[int] = asyncio.Queue()
    tasks = [asyncio.create_task(_client(url, n, calls, start, ready)) for n in range(clients)]
    for _ in range(clients):
        await ready.get()
    await settle(30.0)
    pid = cpu.server_pid()
    load = os.getloadavg()[0]
    before = cpu.sample(pid)
    began = time.perf_counter()
    start.set()
    errors = sum(await asyncio.gather(*tasks))
    elapsed = time.perf_counter() - began
    after = cpu.sample(pid)
    total = clients * calls
    assert before is not None and after is not None
    return {
        "clients": clients,
        "calls": total,
        "errors": errors,
        "server_cpu_ms_per_call": round(1000 * (after.server_s - before.server_s) / total, 2),
        "calls_per_s": round(total / elapsed, 1),
        "load_avg_1min": round(load, 2),
    }


def baseline_python(checkout: Path) -> str | None:
    """The baseline checkout's own interpreter when it has a virtualenv: a change of dependencies (uvloop,
    httptools) is then measured too, not only a change of code run with this checkout's packages."""
    python = checkout / ".venv" / "bin" / "python"
    return str(python) if python.exists() else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--calls", type=int, default=60, help="memory_recall calls per client")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--baseline", type=Path, help="checkout of the code before (run with its .venv if it has one, else this one)"
    )
    parser.add_argument("--embedder", default="none", help="CAIRN_EMBEDDER for the server (default: none)")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    variants = ["after", "before"] if args.baseline else ["after"]
    runs: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="cairn-call-cpu-") as tmp:
        for round_ in range(args.rounds):
            for variant in variants if round_ % 2 == 0 else list(reversed(variants)):
                home = Path(tmp) / f"{variant}-{round_}"
                env = {
                    **os.environ,
                    "CAIRN_HOME": str(home),
                    "CAIRN_EMBEDDER": args.embedder,
                    "FASTMCP_CHECK_FOR_UPDATES": "off",
                    "FASTMCP_SHOW_SERVER_BANNER": "false",
                }
                cwd = Path.cwd()
                python = None
                if variant == "before":
                    env["PYTHONPATH"] = str(args.baseline)
                    cwd = args.baseline
                    python = baseline_python(args.baseline)
                port = free_port()
                with cairn_process(argv(port), env=env, cwd=cwd, port=port, python=python) as base:
                    got = asyncio.run(run_load(base, args.clients, args.calls))
                got.update(variant=variant, round=round_)
                runs.append(got)
                print(json.dumps(got), flush=True)
    for variant in variants:
        mine = [r for r in runs if r["variant"] == variant]
        print(
            f"{variant}: CPU ms/call median {statistics.median(r['server_cpu_ms_per_call'] for r in mine)}, "
            f"calls/s median {statistics.median(r['calls_per_s'] for r in mine)}",
            flush=True,
        )
    if args.json:
        args.json.write_text(json.dumps({"runs": runs}, indent=2) + "\n", encoding="utf-8")
    sys.exit(0)


if __name__ == "__main__":
    main()
