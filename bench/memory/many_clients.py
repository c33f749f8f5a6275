"""Recall and write latency under many concurrent MCP clients, before and after, alternating in one run.

    nice -n 10 .venv/bin/python -m bench.memory.many_clients --clients 10,30,50 --seconds 20 --rounds 2 \\
        --baseline /tmp/cairn-base --json out.json

Each run starts a real ``cairn serve all --transport http --auth none --no-registry`` (uvicorn, 127.0.0.1) on a
copy of one seeded home (the dataset's notes spread over five users, every note embedded), connects N real MCP
clients (Streamable HTTP), and for ``--seconds`` has every client call back to back (closed loop): a
``memory_write`` when the shared write pacer says one is due (``--write-rate`` writes/s over all clients, the
rate a deployment is asked to sustain), else a ``memory_recall`` with a query not asked before (a dataset query
with a distinct tail, so the server's query-vector cache never answers it). A separate process asks
``/health`` every 100 ms meanwhile. Variants run alternately for each client count and round, so a busy
machine weighs on all of them alike:

* ``after``: this checkout as configured (query micro-batching on);
* ``no-batch``: this checkout with ``CAIRN_QUERY_BATCH_MS=0`` (each query embedded alone);
* ``before``: the checkout at ``--baseline`` (e.g. ``git archive main``), run with this virtualenv.

Reported per run: recall p50/p95 and how many fell back to keyword search (``degraded``), write p50/p95, calls
completed per second, errors,
"memory is busy" answers, /health p50/p95/max, and the entries embedded per second during the run (the
background embedding's throughput under that load: writes beyond it pile up as the backlog).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastmcp import Client

from bench.memory import cpu
from bench.memory.common import load_notes, load_queries, machine, summary_ms
from tests.support import cairn_process, free_port

USERS = 5
TAILS = ["last week", "for the team", "again", "in prod", "on staging", "today", "now", "for mobile", "please"]
HEALTH_PROBE = """
import json, sys, time, httpx
url, seconds = sys.argv[1], float(sys.argv[2])
took, failed = [], 0
with httpx.Client(timeout=10) as client:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        began = time.perf_counter()
        try:
            ok = client.get(url).status_code == 200
        except httpx.HTTPError:
            ok = False
        took.append(time.perf_counter() - began)
        failed += not ok
        time.sleep(0.1)
print(json.dumps({"took": took, "failed": failed}))
"""


class Silent:
    """Counts log notifications (the caller's events) without rendering them: see bench/memory/write_load.py."""

    async def __call__(self, message: Any) -> None:
        return None


@dataclass
class Tally:
    recall: list[float] = field(default_factory=list)
    write: list[float] = field(default_factory=list)
    degraded: int = 0
    busy: int = 0
    errors: list[str] = field(default_factory=list)


class Pacer:
    """Hands out writes at a fixed rate over all clients (open-loop writes inside closed-loop clients)."""

    def __init__(self, rate: float) -> None:
        self.interval = 1.0 / rate if rate > 0 else float("inf")
        self.next = time.monotonic()

    def due(self) -> bool:
        now = time.monotonic()
        if now < self.next:
            return False
        self.next = max(self.next + self.interval, now - 1.0)  # a stall does not bank a burst of writes
        return True


def unique_queries(seed: int) -> list[str]:
    queries = [q.query for q in load_queries()]
    rng = random.Random(seed)
    return [f"{q} {rng.choice(TAILS)} #{n}" for n, q in enumerate(queries * 40)]


async def one_client(
    url: str, n: int, stop: asyncio.Event, start: asyncio.Event, ready: asyncio.Queue[int], pacer: Pacer, tally: Tally
) -> None:
    queries = unique_queries(n)
    random.Random(n).shuffle(queries)
    asked = written = 0
    async with Client(url, log_handler=Silent(), timeout=120) as mcp:
        await mcp.list_tools()  # as a host does on connecting: not timed
        ready.put_nowait(n)
        await start.wait()
        while not stop.is_set():
            user = f"u{n % USERS}"
            writing = pacer.due()
            began = time.perf_counter()
            try:
                if writing:
                    content = (
                        f"Client {n} note {written}: the {TAILS[written % len(TAILS)]} rollout of service "
                        f"{n}-{written} keeps {written % 7 + 2} replicas (ticket OPS-{10_000 + n * 1000 + written})."
                    )
                    written += 1
                    result = await mcp.call_tool(
                        "memory_write", {"content": content, "user_id": user}, raise_on_error=False
                    )
                else:
                    query = queries[asked % len(queries)]
                    asked += 1
                    result = await mcp.call_tool(
                        "memory_recall", {"query": query, "user_id": user}, raise_on_error=False
                    )
            except Exception as exc:  # a transport failure is an error too
                tally.errors.append(f"{type(exc).__name__}: {exc}"[:200])
                continue
            took = time.perf_counter() - began
            if result.is_error:
                text = " ".join(getattr(c, "text", "") for c in result.content)
                if writing and "memory is busy" in text:
                    tally.busy += 1
                else:
                    tally.errors.append(text[:200])
                continue
            if writing:
                tally.write.append(took)
            else:
                tally.recall.append(took)
                if (result.structured_content or {}).get("degraded"):
                    tally.degraded += 1


def embedded(db_file: Path) -> tuple[int, int]:
    """(entries with a vector, entries without)."""
    conn = sqlite3.connect(f"file:{db_file}?mode=ro", uri=True, timeout=10)
    try:
        row = conn.execute(
            "SELECT SUM(embedding_model IS NOT NULL), SUM(embedding_model IS NULL) FROM entries"
        ).fetchone()
        return int(row[0] or 0), int(row[1] or 0)
    finally:
        conn.close()


async def wait_embedded(db_file: Path, timeout: float = 600.0) -> None:
    began = time.monotonic()
    while embedded(db_file)[1]:
        if time.monotonic() - began > timeout:
            raise TimeoutError("seed notes still without vectors")
        await asyncio.sleep(0.2)


def running_threads(pid: int) -> int:
    """Threads of ``pid`` running or waiting for a CPU (state R)."""
    count = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            count += (task / "stat").read_text().rsplit(")", 1)[1].split()[0] == "R"
        except OSError:
            continue
    return count


async def settle(limit_s: float = 180.0) -> float:
    """Wait until the server's start-up work in the background (the cross-language dictionary, the second
    encoder, the skill catalogue) is done: no thread runnable in ten samples over a second. Thread states, not
    CPU time: on a busy machine a starved start-up burns little CPU while it still runs. Returns the seconds."""
    pid = cpu.server_pid()
    began = time.monotonic()
    quiet = 0
    while pid is not None and quiet < 10 and time.monotonic() - began < limit_s:
        quiet = quiet + 1 if running_threads(pid) == 0 else 0
        await asyncio.sleep(0.1)
    return round(time.monotonic() - began, 1)


async def run_load(base: str, db_file: Path, clients: int, seconds: float, write_rate: float) -> dict[str, Any]:
    url = f"{base}/mcp"
    async with Client(url, log_handler=Silent()) as warm:  # the model loaded and the stores open before timing
        for n in range(3):
            await warm.call_tool("memory_recall", {"query": f"warm-up query {n}", "user_id": "u0"})
        # A write embedded means the passage engine and the cross-language dictionary are ready too.
        await warm.call_tool("memory_write", {"content": "warm-up: the bench server is ready", "user_id": "u0"})
    await wait_embedded(db_file)
    tally = Tally()
    stop, start = asyncio.Event(), asyncio.Event()
    ready: asyncio.Queue[int] = asyncio.Queue()
    pacer = Pacer(write_rate)
    tasks = [asyncio.create_task(one_client(url, n, stop, start, ready, pacer, tally)) for n in range(clients)]
    for _ in range(clients):  # every client connected, initialised and its tools listed
        await ready.get()
    settled_s = await settle()
    probe = subprocess.Popen(
        [sys.executable, "-c", HEALTH_PROBE, f"{base}/health", str(seconds)], stdout=subprocess.PIPE, text=True
    )
    load_before = os.getloadavg()
    vectors_before, _ = embedded(db_file)
    began = time.perf_counter()
    pacer.next = time.monotonic()
    start.set()
    await asyncio.sleep(seconds)
    stop.set()
    vectors_after, backlog = embedded(db_file)
    elapsed = time.perf_counter() - began
    await asyncio.gather(*tasks)
    out, _ = await asyncio.to_thread(probe.communicate)
    health = json.loads(out)
    # With the clients gone, how fast the backlog drains: the embedding rate of an otherwise idle server.
    drain_began = time.perf_counter()
    left = embedded(db_file)[1]
    while left and time.perf_counter() - drain_began < 20:
        await asyncio.sleep(0.2)
        left = embedded(db_file)[1]
    drained_s = time.perf_counter() - drain_began
    return {
        "clients": clients,
        "seconds": round(elapsed, 1),
        "settled_after_s": settled_s,
        "recall_ms": summary_ms(tally.recall) if tally.recall else None,
        "recall_degraded": tally.degraded,
        "write_ms": summary_ms(tally.write) if tally.write else None,
        "writes_per_s": round(len(tally.write) / elapsed, 2),
        # Completed tool calls (recalls and writes) per second: the server's throughput under this load.
        "calls_per_s": round((len(tally.recall) + len(tally.write)) / elapsed, 1),
        "busy": tally.busy,
        "errors": len(tally.errors),
        "error_samples": sorted(set(tally.errors))[:3],
        "health_ms": summary_ms(health["took"]),
        "health_failed": health["failed"],
        "embedded_per_s": round((vectors_after - vectors_before) / elapsed, 2),
        "backlog_at_end": backlog,
        "drain_per_s": round((backlog - left) / drained_s, 2) if backlog >= 10 else None,  # too few to time
        "load_avg_before": [round(x, 2) for x in load_before],
        "load_avg_after": [round(x, 2) for x in os.getloadavg()],
    }


async def seed(base: str, db_file: Path) -> None:
    async with Client(f"{base}/mcp", log_handler=Silent()) as mcp:
        for n, note in enumerate(load_notes()):
            await mcp.call_tool("memory_write", {"content": note.content, "user_id": f"u{n % USERS}"})
    await wait_embedded(db_file)


def server_env(home: Path, variant: str, baseline: Path | None) -> tuple[dict[str, str], Path]:
    env = {
        **os.environ,
        "CAIRN_HOME": str(home),
        "FASTMCP_CHECK_FOR_UPDATES": "off",
        "FASTMCP_SHOW_SERVER_BANNER": "false",
    }
    env.pop("CAIRN_QUERY_BATCH_MS", None)
    cwd = Path.cwd()
    if variant == "no-batch":
        env["CAIRN_QUERY_BATCH_MS"] = "0"
    elif variant == "before":
        if baseline is None:
            raise SystemExit("--variants before needs --baseline DIR (a checkout of the code to compare with)")
        env["PYTHONPATH"] = str(baseline)
        cwd = baseline
    return env, cwd


def argv(port: int, serve: str = "all") -> list[str]:
    extra = ["--no-registry"] if serve == "all" else []
    return ["serve", serve, "--transport", "http", "--auth", "none", *extra, "--port", str(port)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", default="10,30,50", help="client counts, comma-separated")
    parser.add_argument("--seconds", type=float, default=20.0, help="timed load per run")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--write-rate", type=float, default=2.0, help="writes per second over all clients")
    parser.add_argument("--variants", default="after,no-batch,before")
    parser.add_argument("--baseline", type=Path, help="checkout of the code before (for the 'before' variant)")
    parser.add_argument("--serve", choices=["all", "memory"], default="all", help="`cairn serve all` or `serve memory`")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    counts = [int(c) for c in args.clients.split(",")]
    variants = args.variants.split(",")
    results: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="cairn-many-clients-") as tmp:
        template = Path(tmp) / "template"
        env, cwd = server_env(template, "after", None)
        port = free_port()
        with cairn_process(argv(port), env=env, cwd=cwd, port=port) as base:
            asyncio.run(seed(base, template / "memory" / "memory.db"))
        for round_ in range(args.rounds):
            for clients in counts:
                order = variants if round_ % 2 == 0 else list(reversed(variants))
                for variant in order:
                    home = Path(tmp) / f"run-{round_}-{clients}-{variant}"
                    shutil.copytree(template, home)
                    env, cwd = server_env(home, variant, args.baseline)
                    port = free_port()
                    with cairn_process(argv(port, args.serve), env=env, cwd=cwd, port=port) as base:
                        got = asyncio.run(
                            run_load(base, home / "memory" / "memory.db", clients, args.seconds, args.write_rate)
                        )
                    got.update(variant=variant, round=round_, serve=args.serve)
                    results.append(got)
                    print(json.dumps(got), flush=True)
                    shutil.rmtree(home, ignore_errors=True)
    report = {"runs": results, "write_rate": args.write_rate, "machine": machine()}
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    sys.exit(0)


if __name__ == "__main__":
    main()
