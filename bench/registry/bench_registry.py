"""Registry benchmark: search latency with 10,000 skills, and requests/s for a skill page and the search API.

    .venv/bin/python bench/registry/bench_registry.py [--skills 10000] [--seconds 10] [--concurrency 16]
        [--database-url postgresql://…]   # registry metadata in PostgreSQL instead of SQLite

Builds a throw-away registry of synthetic skills (real metadata, FTS index and vocabulary; one shared
archive blob), then (1) times ``RegistrySearch.search`` for a mixed query set — exact names, typos,
keywords, multi-word, Chinese — and (2) serves the app with uvicorn in a separate process on 127.0.0.1
and drives it with a bounded number of concurrent keep-alive connections for a fixed time.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

VERBS = "parse merge review summarise translate audit plan draft test deploy search index chart clean label".split()
NOUNS = "pdf invoice contract commit release report dataset schema image meeting email budget survey log api".split()
WORDS = (
    "files documents quickly carefully sources evidence tables numbers charts teams customers errors "
    "metrics weekly monthly security privacy compliance python sql markdown spreadsheets"
).split()
ZH = ["调研", "报告", "翻译", "合同", "发票", "数据", "会议", "总结"]


def settings_for(home: Path, database_url: str | None) -> Any:
    from servers.suite.settings import CairnSettings

    return CairnSettings(home=home, embedder="none", database_url=database_url, registry={"seed_builtin": False})


def build(home: Path, count: int, database_url: str | None = None) -> None:
    import hashlib

    from registry.accounts import Accounts
    from registry.storage.store import NewVersion, open_store

    rng = random.Random(7)
    store = open_store(settings_for(home, database_url))
    Accounts(store)
    blob = b"\x1f\x8b" + bytes(200)
    sha = hashlib.sha256(blob).hexdigest()
    store.blobs.put(sha, blob)
    with store.db.transaction():
        for i in range(count):
            verb, noun = rng.choice(VERBS), rng.choice(NOUNS)
            name = f"{verb}-{noun}-{i}"
            words = " ".join(rng.sample(WORDS, 6))
            zh = rng.choice(ZH) if i % 5 == 0 else ""
            description = f"{verb.capitalize()} {noun} {words} {zh}. Use when asked to {verb} a {noun}."
            fm = {
                "name": name,
                "description": description,
                "metadata": {"version": "1.0.0", "category": noun, "tags": f"{verb}, {noun}"},
            }
            store.add_version(
                NewVersion(
                    name=name,
                    version="1.0.0",
                    sha256=sha,
                    size=len(blob),
                    format="tar.gz",
                    publisher=f"user{i % 50}",
                    description=description,
                    category=noun,
                    tags=[verb, noun],
                    compatibility=None,
                    frontmatter=fm,
                    body=f"# {name}\n\n{description}\n\n" + " ".join(rng.sample(WORDS, 12)),
                    files=[{"path": "SKILL.md", "size": 300}],
                ),
                owner=f"user{i % 50}",
                owner_kind="user",
            )
    store.close()


def queries(count: int) -> list[str]:
    rng = random.Random(11)
    out: list[str] = []
    for i in range(count):
        kind = i % 5
        verb, noun = rng.choice(VERBS), rng.choice(NOUNS)
        if kind == 0:
            out.append(f"{verb}-{noun}-{rng.randrange(count)}")  # exact-looking name
        elif kind == 1:
            out.append(f"{verb[:-1]}{verb[-1] * 2} {noun}")  # typo
        elif kind == 2:
            out.append(f"{noun} {rng.choice(WORDS)}")  # keywords
        elif kind == 3:
            out.append(f"how do I {verb} a {noun} with {rng.choice(WORDS)} and {rng.choice(WORDS)}")
        else:
            out.append(rng.choice(ZH))
    return out


def search_latency(home: Path, n: int, database_url: str | None = None) -> dict[str, float]:
    from registry.search import RegistrySearch
    from registry.storage.store import open_store

    store = open_store(settings_for(home, database_url))
    search = RegistrySearch(store)
    started = time.perf_counter()
    search.index()
    cold = time.perf_counter() - started
    timings = []
    for q in queries(n):
        t = time.perf_counter()
        search.search(q, per_page=20)
        timings.append((time.perf_counter() - t) * 1000)
    store.close()
    timings.sort()
    return {
        "index_build_s": cold,
        "p50_ms": statistics.median(timings),
        "p95_ms": timings[int(len(timings) * 0.95) - 1],
        "max_ms": timings[-1],
    }


def _serve(home: str, port: int, database_url: str | None) -> None:
    import logging

    import uvicorn

    from registry.app import create_app

    logging.disable(logging.WARNING)
    app = create_app(settings_for(Path(home), database_url), base_url=f"http://127.0.0.1:{port}")
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="error", access_log=False)


async def load(url_for: object, seconds: float, concurrency: int) -> tuple[float, float, int]:
    done: list[float] = []
    errors = 0
    stop = time.perf_counter() + seconds
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)

    async def worker(http: httpx.AsyncClient, k: int) -> None:
        nonlocal errors
        i = k
        while time.perf_counter() < stop:
            t = time.perf_counter()
            response = await http.get(url_for(i))  # type: ignore[operator]
            if response.status_code != 200:
                errors += 1
            done.append((time.perf_counter() - t) * 1000)
            i += concurrency

    async with httpx.AsyncClient(limits=limits, timeout=30) as http:
        started = time.perf_counter()
        await asyncio.gather(*(worker(http, k) for k in range(concurrency)))
        elapsed = time.perf_counter() - started
    done.sort()
    return len(done) / elapsed, done[int(len(done) * 0.95) - 1], errors


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--skills", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--database-url", default=None, help="keep registry metadata in this PostgreSQL database")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cairn-registry-bench-") as tmp:
        home = Path(tmp)
        t = time.perf_counter()
        build(home, args.skills, args.database_url)
        print(f"built {args.skills} skills in {time.perf_counter() - t:.1f} s")
        latency = search_latency(home, args.queries, args.database_url)
        print("search (in process, 20 results): " + ", ".join(f"{k} {v:.2f}" for k, v in latency.items()))
        port = 8799
        server = multiprocessing.get_context("spawn").Process(
            target=_serve, args=(tmp, port, args.database_url), daemon=True
        )
        server.start()
        base = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                if httpx.get(base + "/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        qs = queries(1000)
        rng = random.Random(3)
        pages = [f"{rng.choice(VERBS)}-{rng.choice(NOUNS)}-{i}" for i in range(args.skills)]
        try:
            names = [s["name"] for s in httpx.get(base + "/api/v1/skills?per_page=100&sort=name").json()["items"]]
            pages = names or pages
            for label, url_for in (
                ("skill page  GET /skills/{name}", lambda i: f"{base}/skills/{pages[i % len(pages)]}"),
                ("search API  GET /api/v1/skills?q=", lambda i: f"{base}/api/v1/skills?q={qs[i % len(qs)]}"),
            ):
                rps, p95, errors = asyncio.run(load(url_for, args.seconds, args.concurrency))
                print(
                    f"{label}: {rps:.0f} req/s, p95 {p95:.1f} ms, errors {errors} "
                    f"({args.concurrency} connections, {args.seconds:.0f} s)"
                )
        finally:
            server.terminate()
            server.join(10)


if __name__ == "__main__":
    main()
