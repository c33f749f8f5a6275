"""int8 vectors with an exact re-score against the exact float scan, for one user of the 1M fill.

    OMP_NUM_THREADS=1 .venv/bin/python -m bench.memory.int8_scan --postgres --json int8.json
    OMP_NUM_THREADS=1 .venv/bin/python -m bench.memory.int8_scan --postgres --sqlite   # + the SQLite store

The vectors are one user's rows of the latency benchmark's fill (:func:`bench.memory.latency.synthetic_rows`,
same size, pool and seed: with ``--size 1000000`` that is user00's 100k entries, 500 real embeddings and
99.5k noisy same-template copies of pool vectors), regenerated here; the scan's cost and quality depend on
the user's rows only, so the other nine users are not loaded. Queries are all the evaluation queries (every
split), embedded for real.

1. **Quality, in process.** For each query, the exact top k (float32 scan of the unit vectors) against the
   int8 scan's shortlist re-scored on the float vectors, per shortlist factor, for a scale per vector (what
   the store uses) and a scale per dimension: recall@5 / @10 / @50 of a k = 50 search (the recall
   candidate pool), and of k = 5 and k = 10 searches.
2. **Scan latency, in process**, float top-k and int8 shortlist + re-score, alternating query by query,
   for the whole user and for its first n rows (where a float scan is simpler than int8 + a store read).
3. **Through the store** (``--postgres``/``--database-url``; ``--sqlite`` too): the user's rows bulk-loaded
   into a database of their own, two stores on it, one holding the user as int8 (PostgreSQL's default; on
   SQLite, which ships float32 only, turned on by hand) and one in float32 (``vector_cache_int8`` off);
   ``store.vector_search`` (k = 50) and ``service.recall`` (hybrid, limit 5) alternate between them query by
   query. The int8 path's time includes the re-score's read of the shortlist's float vectors from the store.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from bench.memory import pg_load
from bench.memory.common import (
    DATASET,
    add_backend_arguments,
    backend_url,
    load_queries,
    machine,
    make_service,
    summary_ms,
)
from bench.memory.latency import USERS, Timings, instrument, synthetic_rows
from servers.memory.models import Entry
from servers.memory.service import MemoryService
from servers.memory.vector_cache import _Partition
from servers.memory.vector_int8 import Int8Partition, rescore

FACTORS = (1, 2, 4, 8, 16)
PREFIXES = (2_000, 5_000, 10_000, 20_000, 50_000)


def all_queries() -> list[str]:
    files = ("queries", "heldout_queries", "late_queries", "fresh_queries")
    return [q.query for name in files for q in load_queries(DATASET / f"{name}.jsonl")]


def user_rows(service: MemoryService, args: argparse.Namespace) -> list[tuple[Entry, np.ndarray]]:
    """The fill's rows of ``args.user``, exactly as the latency benchmark's fill of ``args.size`` makes them."""
    rows = synthetic_rows(service, args.size, min(args.pool, args.size), args.pool_cache, args.seed)
    return [(entry, vector) for entry, vector in rows if entry.user_id == args.user]


def per_dimension_scan(vectors: np.ndarray) -> Callable[[np.ndarray], np.ndarray]:
    """The alternative coding: one scale per dimension (its largest magnitude over the user's rows / 127)."""
    scale = np.abs(vectors).max(axis=0) / 127.0
    codes = np.clip(np.rint(vectors / scale), -127, 127).astype(np.int8).astype(np.float32)
    return lambda q: np.asarray(codes @ (q * scale), dtype=np.float32)


def top(scores: np.ndarray, n: int) -> np.ndarray:
    picked = np.argpartition(-scores, n - 1)[:n]
    return picked[np.argsort(-scores[picked], kind="stable")]


def quality(vectors: np.ndarray, queries: np.ndarray) -> dict[str, Any]:
    """Recall of int8 + re-score against the exact top k, per coding and shortlist factor."""
    rows = [(i, vectors[i]) for i in range(len(vectors))]
    per_vector = Int8Partition(0, vectors.shape[1], rows)
    per_dim = per_dimension_scan(vectors)
    codings: dict[str, Callable[[np.ndarray], np.ndarray]] = {
        "per vector": lambda q: per_vector.approximate_scores(q),
        "per dimension": per_dim,
    }
    dim = vectors.shape[1]
    exact = [top(vectors @ q, 50).tolist() for q in queries]
    cases = [(k, factor) for k in (50, 10, 5) for factor in FACTORS]
    out: dict[str, Any] = {}
    for coding, scan in codings.items():
        found = {case: {n: 0 for n in (5, 10, 50) if n <= case[0]} for case in cases}
        for q, want in zip(queries, exact, strict=True):
            scores = scan(q)
            longest = top(scores, min(len(vectors), max(FACTORS) * 50))  # best first: every shortlist is a prefix
            for k, factor in cases:
                shortlist = longest[: factor * k]
                got = [r for r, _ in rescore(q, [(int(i), vectors[i].tobytes()) for i in shortlist], dim, k) or []]
                for n in found[(k, factor)]:
                    found[(k, factor)][n] += len(set(got[:n]) & set(want[:n]))
        for (k, factor), hits in found.items():
            key = f"{coding}, k={k}, shortlist {factor}k"
            out[key] = {f"recall@{n}": round(h / (n * len(queries)), 4) for n, h in hits.items()}
            print(f"  {key:<36} " + "  ".join(f"{m} {v:.4f}" for m, v in out[key].items()), flush=True)
    return out


def scan_latency(vectors: np.ndarray, queries: np.ndarray, rounds: int) -> dict[str, Any]:
    """Float top-50 against int8 shortlist + re-score (floats from memory), alternating, per user size."""
    out: dict[str, Any] = {}
    for n in (*PREFIXES, len(vectors)):
        if n > len(vectors):
            continue
        rows = [(i, vectors[i]) for i in range(n)]
        floats = _Partition(0, vectors.shape[1], rows)
        codes = Int8Partition(0, vectors.shape[1], rows)
        times: dict[str, list[float]] = {"float": [], "int8 scan": [], "int8 + re-score": []}
        for q in itertools.islice(itertools.cycle(queries), rounds * len(queries)):
            start = time.perf_counter()
            floats.top_k(q, 50)
            times["float"].append(time.perf_counter() - start)
            start = time.perf_counter()
            shortlist = codes.shortlist(q, 50)
            times["int8 scan"].append(time.perf_counter() - start)
            rescore(q, [(r, vectors[r].tobytes()) for r in shortlist], vectors.shape[1], 50)
            times["int8 + re-score"].append(time.perf_counter() - start)
        out[str(n)] = {name: summary_ms(t) for name, t in times.items()} | {
            "float_mb": round(floats.nbytes / 1e6, 1),
            "int8_mb": round(codes.nbytes / 1e6, 1),
        }
        print(
            f"  {n:>7} rows: "
            + "  ".join(f"{name} {s['p50']}/{s['p95']}" for name, s in out[str(n)].items() if isinstance(s, dict))
            + f" ms; {out[str(n)]['float_mb']} MB -> {out[str(n)]['int8_mb']} MB",
            flush=True,
        )
    return out


def load_store(service: MemoryService, rows: list[tuple[Entry, np.ndarray]], key: dict[str, Any]) -> dict[str, Any]:
    """Put the user's rows into the service's (empty or same-fill) store: COPY on PostgreSQL, the store's
    own insert + set_vector on SQLite."""
    model = service.embedder.get().name
    service.vectors()
    url = service.settings.database_url
    if url is not None:
        recorded = pg_load.fill_meta(url)
        if recorded is not None and {k: recorded.get(k) for k in key} == key:
            with service.db.transaction():
                service.db.execute("DELETE FROM entries WHERE rowid > ?", (recorded["last_rowid"],))
            return {"reused_fill": recorded["filled_at"]}
        started = time.perf_counter()
        # No HNSW graph: both stores answer from memory once the user is loaded (the index only serves
        # the warm-up's first search, as an exact scan).
        report = pg_load.bulk_load(url, rows, model, vector_index=False)
        service.store.analyze()  # type: ignore[attr-defined]
        last = int(service.db.scalar("SELECT MAX(rowid) FROM entries"))
        service.store.set_meta(pg_load.FILL_META, json.dumps(key | {"last_rowid": last, "filled_at": time.ctime()}))
        return {"load_s": round(time.perf_counter() - started, 1), "load": report.as_dict()}
    started = time.perf_counter()
    for i in range(0, len(rows), 2000):
        with service.db.transaction():
            for entry, vector in rows[i : i + 2000]:
                service.store.set_vector(service.store.insert(entry), entry.user_id, vector, model)
    return {"load_s": round(time.perf_counter() - started, 1)}


def through_store(
    url: str | None, rows: list[tuple[Entry, np.ndarray]], texts: list[str], args: argparse.Namespace
) -> dict[str, Any]:
    """int8 and float stores on one database, alternating query by query."""
    user = args.user
    with tempfile.TemporaryDirectory(prefix="cairn-bench-int8-") as tmp:
        # Both services on one store (one SQLite file, or one PostgreSQL database), as two processes would be.
        services = {"int8": make_service(Path(tmp), database_url=url, vector_cache_mb=args.vector_cache_mb)}
        first = services["int8"]
        # SQLite's store holds everyone in float32 (its re-score read is the slow part, measured here): the
        # int8 arm turns the cache's int8 path on by hand to measure it.
        first.store.vector_cache.quantise = True
        key = {"size": args.size, "pool": args.pool, "seed": args.seed, "user": user}
        out: dict[str, Any] = {"fill": load_store(first, rows, key)}
        print(f"  fill: {out['fill']}", flush=True)
        services["float"] = make_service(
            Path(tmp), database_url=url, vector_cache_mb=args.vector_cache_mb, vector_cache_int8=False
        )
        embedder = first.embedder.get()
        vectors = [embedder.embed_query(t) for t in texts]
        for name, service in services.items():
            service.store.vector_search(user, vectors[0], 50)  # starts the load in the background
            service.store.vector_cache.wait_for_loads()
            cache = service.store.vector_cache
            out[f"{name} cache"] = {"users": cache.cached_users(), "mb": round(cache.nbytes / 1e6, 1)}
            print(f"  {name} cache: {out[f'{name} cache']}", flush=True)
            assert cache.cached_users() == [user], "the user did not load: raise --vector-cache-mb"

        # The store's vector search (k = 50, the recall pool), alternating, and how often the lists agree.
        search: dict[str, list[float]] = {name: [] for name in services}
        same = {5: 0, 10: 0, 50: 0}
        for _ in range(args.rounds):
            for v in vectors:
                got: dict[str, list[int]] = {}
                for name, service in services.items():
                    start = time.perf_counter()
                    got[name] = [r for r, _ in service.store.vector_search(user, v, 50)]
                    search[name].append(time.perf_counter() - start)
                for n in same:
                    same[n] += len(set(got["int8"][:n]) & set(got["float"][:n]))
        total = args.rounds * len(vectors)
        out["vector_search"] = {name: summary_ms(t) for name, t in search.items()}
        out["vector_search_recall_vs_float"] = {f"@{n}": round(hits / (n * total), 4) for n, hits in same.items()}
        for name, s in out["vector_search"].items():
            print(f"  vector_search {name:<6} p50 {s['p50']} ms  p95 {s['p95']} ms (n={s['n']})", flush=True)
        print(f"  int8 top-n that the float scan also returns: {out['vector_search_recall_vs_float']}", flush=True)

        # End to end: service.recall, alternating; each service embeds the query itself.
        timings = {name: Timings() for name in services}
        for name, service in services.items():
            instrument(service, timings[name])
        recall: dict[str, list[float]] = {name: [] for name in services}
        same_results = 0
        for q in texts * args.recall_rounds:
            ids: dict[str, list[str]] = {}
            for name, service in services.items():
                start = time.perf_counter()
                result = service.recall(q, user, limit=5, mode="hybrid")
                recall[name].append(time.perf_counter() - start)
                ids[name] = [hit.id for hit in result.results]
            same_results += ids["int8"] == ids["float"]
        out["recall"] = {name: summary_ms(t) for name, t in recall.items()}
        out["recall_knn_step"] = {name: summary_ms(timings[name].samples["knn"]) for name in services}
        out["recall_identical_results"] = f"{same_results} / {len(texts) * args.recall_rounds}"
        for name, s in out["recall"].items():
            knn = out["recall_knn_step"][name]
            print(
                f"  recall {name:<6} p50 {s['p50']} ms  p95 {s['p95']} ms (n={s['n']}); "
                f"its vector search p50 {knn['p50']} / p95 {knn['p95']} ms",
                flush=True,
            )
        print(f"  recalls with identical results: {out['recall_identical_results']}", flush=True)
        for service in services.values():
            service.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=1_000_000, help="the latency fill whose user is taken")
    parser.add_argument("--user", default=USERS[0])
    parser.add_argument("--pool", type=int, default=5000)
    parser.add_argument("--pool-cache", type=Path, default=Path(tempfile.gettempdir()))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3, help="passes over the queries for search latency")
    parser.add_argument("--recall-rounds", type=int, default=2, help="passes over the queries for recall latency")
    parser.add_argument("--sqlite", action="store_true", help="also through a SQLite store")
    parser.add_argument("--skip-quality", action="store_true")
    parser.add_argument("--json", type=Path)
    add_backend_arguments(parser)
    args = parser.parse_args()
    report: dict[str, Any] = {"machine": machine(), "args": {k: str(v) for k, v in vars(args).items()}}
    print(f"machine: {report['machine']}", flush=True)
    texts = all_queries()
    with tempfile.TemporaryDirectory(prefix="cairn-bench-int8-") as tmp:
        service = make_service(Path(tmp))
        rows = user_rows(service, args)
        embedder = service.embedder.get()
        queries = np.stack([embedder.embed_query(t) for t in texts]).astype(np.float32)
        service.close()
    queries /= np.linalg.norm(queries, axis=1, keepdims=True)
    vectors = np.stack([v for _, v in rows]).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    print(f"{args.user}: {len(rows):,} vectors of the {args.size:,}-entry fill; {len(texts)} queries", flush=True)
    if not args.skip_quality:
        print("quality (in process):", flush=True)
        report["quality"] = quality(vectors, queries)
    print("scan latency (in process, alternating), p50/p95:", flush=True)
    report["scan"] = scan_latency(vectors, queries, args.rounds)
    url = backend_url(args, f"cairn_bench_int8_{args.size}", fresh=False)
    if url is not None:
        print("through the PostgreSQL store:", flush=True)
        report["postgresql"] = through_store(url, rows, texts, args)
    if args.sqlite:
        print("through the SQLite store:", flush=True)
        report["sqlite"] = through_store(None, rows, texts, args)
    report["load_avg_at_end"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    if args.json:
        args.json.write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
        print(f"wrote {args.json}")


if __name__ == "__main__":
    main()
