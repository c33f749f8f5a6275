"""What approximate search (pgvector HNSW) costs in recall, on the 1M-entry PostgreSQL fill.

    .venv/bin/python -m bench.memory.ann --postgres                  # after latency --postgres --sizes 1000000
    .venv/bin/python -m bench.memory.ann --database-url postgresql://… --json ann.json

Four measurements on the database the latency benchmark filled (``cairn_bench_latency_<size>``):

1. **The vector leg alone.** For each evaluation query (embedded for real) and each of the 10 users
   (100k entries each), the store's HNSW query returns its top ``k`` (``k`` = the recall candidate pool,
   50); the same distances ordered outside the index's reach (an ``OFFSET 0`` subquery) give the exact
   top ``k`` (a scan of that user's rows). The same for every fifth query without the user filter.
   Recall@k = the share of the exact top k that HNSW returns, at ``hnsw.ef_search`` 40, 64 (what the
   store sets for k = 50), 100 and 200, with the latency of each.
2. **End to end.** The quality benchmark's set (110 notes + 1,200 distractors, seed 7) is written through
   ``MemoryService.write`` for user ``bench`` (a small user in the 1M table) and copied, same rows and
   vectors, to ``user00`` (next to that user's 100k filler entries). Every evaluation query then runs
   ``service.recall`` in hybrid and semantic mode with each vector search in turn: the store's (users'
   vectors held in memory when they fit ``--vector-cache-mb``, else HNSW), the store's HNSW index alone,
   exact, and HNSW at ef_search 200. Recall@5 / MRR as in :mod:`bench.memory.quality`.
3. **Can an entry be found with its own vector (HNSW)?** The write-time dedupe looks up the
   ``NEIGHBOURS + 1`` nearest entries; an exact repeat merges only if its original is among them. For
   the user00 copies (inserted into the built graph) and 500 bulk-loaded entries: found / searched.
4. **Plans.** ``EXPLAIN ANALYZE`` of the store's vector and keyword queries for both users.

Everything the run adds is deleted at the start and end (rows after the fill's last rowid).
"""

from __future__ import annotations

import argparse
import json
import re
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from bench.memory import pg_load
from bench.memory.common import (
    add_backend_arguments,
    backend_url,
    load_notes,
    load_queries,
    machine,
    make_service,
    summary_ms,
)
from bench.memory.latency import USERS
from bench.memory.pgserver import server_settings
from bench.memory.quality import load_set, score
from servers.core.tsearch import RANK_WEIGHTS, tsquery_literal
from servers.memory.dedupe import NEIGHBOURS
from servers.memory.service import MemoryService
from servers.memory.storage.backend import SqlDatabase
from servers.memory.storage.store_pg import _vector_literal

EF_SEARCH = (40, 64, 100, 200)
EVAL_USERS = ("bench", "user00")

# The store's query (PgMemoryStore.vector_search), so both arms differ only in the plan they may use.
VECTOR_SQL = (
    "SELECT rowid, embedding <=> ?::vector AS distance FROM entries_vec WHERE user_id = ?"
    " ORDER BY embedding <=> ?::vector LIMIT ?"
)
# The exact arm: the OFFSET 0 fence keeps the ORDER BY out of reach of the HNSW index whatever the plan
# cache holds. (With one SQL text for both arms, psycopg prepares it after five runs and PostgreSQL may
# then reuse a generic plan made under the other arm's settings: a "exact" arm that is really HNSW.)
EXACT_SQL = (
    "SELECT rowid, distance FROM (SELECT rowid, embedding <=> ?::vector AS distance FROM entries_vec"
    " WHERE user_id = ? OFFSET 0) s ORDER BY distance LIMIT ?"
)
EXACT_ALL_SQL = (
    "SELECT rowid, distance FROM (SELECT rowid, embedding <=> ?::vector AS distance FROM entries_vec"
    " OFFSET 0) s ORDER BY distance LIMIT ?"
)
HNSW_ALL_SQL = (
    "SELECT rowid, embedding <=> ?::vector AS distance FROM entries_vec ORDER BY embedding <=> ?::vector LIMIT ?"
)
KEYWORD_SQL = (
    "SELECT f.rowid, ts_rank(?::float4[], f.doc, q.q, 1) AS rank"
    " FROM entries_fts f, (SELECT ?::tsquery AS q) q"
    " WHERE f.user_id = ? AND f.doc @@ q.q ORDER BY rank DESC, f.rowid LIMIT ?"
)

Search = Callable[[str, np.ndarray, int], list[tuple[int, float]]]


def vector_search(db: SqlDatabase, *, exact: bool, ef_search: int = 64) -> Search:
    """The store's vector query on HNSW with ``ef_search``, or exact (a scan of the user's rows)."""

    def search(user_id: str, vector: np.ndarray, k: int) -> list[tuple[int, float]]:
        literal = _vector_literal(vector)
        with db.transaction():
            if exact:
                rows = db.query(EXACT_SQL, (literal, user_id, k))
            else:
                db.execute("SELECT set_config('hnsw.ef_search', ?, true)", (str(ef_search),))
                rows = db.query(VECTOR_SQL, (literal, user_id, literal, k))
        return [(int(r["rowid"]), 1.0 - float(r["distance"])) for r in rows]

    return search


def explain(db: SqlDatabase, sql: str, params: tuple[Any, ...]) -> str:
    with db.transaction():
        rows = db.query("EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) " + sql, params)
    text = "\n".join(str(next(iter(r.values()))) for r in rows)
    return re.sub(r"'\[[^']*\]'::vector", "'[…]'::vector", text)  # 384 numbers say nothing about the plan


def vector_leg(service: MemoryService, queries: list[str], k: int) -> dict[str, Any]:
    """HNSW top-k against exact top-k for every query and filler user, at each ef_search."""
    embedder = service.embedder.get()
    vectors = [embedder.embed_query(q) for q in queries]
    exact = vector_search(service.db, exact=True)
    truth: dict[tuple[int, str], list[int]] = {}
    exact_times: list[float] = []
    for qi, vector in enumerate(vectors):
        for user in USERS:
            started = time.perf_counter()
            truth[qi, user] = [r for r, _ in exact(user, vector, k)]
            exact_times.append(time.perf_counter() - started)
    out: dict[str, Any] = {"pairs": len(truth), "k": k, "exact": summary_ms(exact_times)}
    print(f"  exact top-{k}: {out['exact']} ms over {len(truth)} (query, user) pairs")
    for ef in EF_SEARCH:
        hnsw = vector_search(service.db, exact=False, ef_search=ef)
        hnsw(USERS[0], vectors[0], k)  # this ef's first call is not timed
        times: list[float] = []
        recall: dict[int, list[float]] = {5: [], 10: [], k: []}
        short = 0
        for (qi, user), expected in truth.items():
            started = time.perf_counter()
            got = [r for r, _ in hnsw(user, vectors[qi], k)]
            times.append(time.perf_counter() - started)
            short += len(got) < len(expected)
            for n in recall:
                recall[n].append(len(set(got[:n]) & set(expected[:n])) / max(1, len(expected[:n])))
        row = {
            "latency": summary_ms(times),
            **{f"recall@{n}": round(float(np.mean(v)), 4) for n, v in recall.items()},
            "min_recall@5": round(float(np.min(recall[5])), 2),
            "returned_fewer_than_k": short,
        }
        out[f"ef_search={ef}"] = row
        print(f"  ef_search {ef:>3}: {row}")
    return out


def unfiltered(service: MemoryService, queries: list[str], k: int) -> dict[str, Any]:
    """The same comparison over all 1M vectors, no user filter: is the loss the graph's or the filter's?"""
    embedder = service.embedder.get()
    db = service.db
    got: list[float] = []
    times: list[float] = []
    for query in queries:
        literal = _vector_literal(embedder.embed_query(query))
        with db.transaction():
            db.execute("SELECT set_config('hnsw.ef_search', '64', true)")
            started = time.perf_counter()
            approx = [int(r["rowid"]) for r in db.query(HNSW_ALL_SQL, (literal, literal, k))]
            times.append(time.perf_counter() - started)
        exact = [int(r["rowid"]) for r in db.query(EXACT_ALL_SQL, (literal, k))]
        got.append(len(set(approx[:5]) & set(exact[:5])) / 5)
    out = {"queries": len(queries), "recall@5": round(float(np.mean(got)), 4), "hnsw": summary_ms(times)}
    print(f"  no user filter, ef_search 64: {out}")
    return out


def end_to_end(service: MemoryService, args: argparse.Namespace) -> dict[str, Any]:
    """Hybrid and semantic R@5 / MRR on the evaluation set, HNSW vs exact, for a small and a 100k user."""
    notes, queries = load_notes(), load_queries()
    started = time.perf_counter()
    # Written for user "bench" (quality.USER) through service.write: embedded and indexed as in production.
    entry_to_note = load_set(service, notes, args.distractors, args.seed)
    print(f"  wrote {len(notes)} notes + {args.distractors} distractors in {time.perf_counter() - started:.0f} s")
    # The same rows and vectors for user00, whose 100k filler entries then surround them.
    embedder = service.embedder.get()
    note_of: dict[str, dict[str, str]] = {"bench": entry_to_note, "user00": {}}
    for rowid, entry in list(service.store.iter_all("bench")):
        vector = service.store.get_vector(rowid)
        assert vector is not None
        copy = entry.model_copy(update={"id": "c" + entry.id[1:], "user_id": "user00"})
        service.store.set_vector(service.store.insert(copy), "user00", vector, embedder.name)
        if entry.id in entry_to_note:
            note_of["user00"][copy.id] = entry_to_note[entry.id]

    out: dict[str, Any] = {}
    store_search = service.store.vector_search
    cache = service.store.vector_cache
    # The store's search answers from the users' vectors held in memory once they are loaded (in the
    # background, after a user's first search): load both users before timing anything.
    for user in EVAL_USERS:
        store_search(user, embedder.embed_query(queries[0].query), args.k)
        cache.wait_for_loads()
    out["vector_cache"] = {"users": cache.cached_users(), "mb": round(cache.nbytes / 1e6, 1)}
    print(f"  vector cache: {out['vector_cache']} (budget {cache.budget_bytes / 2**20:.0f} MiB)")
    arms: dict[str, Search] = {
        "store": store_search,
        "hnsw": service.store.index_search,
        "exact": vector_search(service.db, exact=True),
        "hnsw ef_search=200": vector_search(service.db, exact=False, ef_search=200),
    }
    for user in EVAL_USERS:
        for arm, search in arms.items():
            service.store.vector_search = search  # type: ignore[method-assign,assignment]
            for mode in ("hybrid", "semantic"):
                ranked = {}
                for q in queries:
                    result = service.recall(q.query, user, limit=10, mode=mode)
                    if result.degraded:
                        raise RuntimeError(f"recall degraded ({result.degraded}); results would be wrong")
                    ranked[q.id] = [note_of[user].get(hit.id) for hit in result.results]
                overall = score(queries, ranked)["overall"]
                out[f"{user} {mode} {arm}"] = {"recall5": overall.recall5, "mrr10": overall.mrr10}
                print(f"  {user:<7} {mode:<8} {arm:<18} R@5 {overall.recall5:.3f}  MRR {overall.mrr10:.3f}")
    service.store.vector_search = store_search  # type: ignore[method-assign]
    copies = [
        int(r["rowid"]) for r in service.db.query("SELECT rowid FROM entries WHERE user_id = 'user00' AND id LIKE 'c%'")
    ]
    filler = service.db.query(
        "SELECT rowid FROM entries WHERE user_id = 'user03' AND rowid <= ? ORDER BY md5(rowid::text) LIMIT 500",
        (args.last_rowid,),
    )
    out["self_recall"] = self_recall(
        service,
        {
            "user00 entries inserted after the build": copies,
            "user03 bulk-loaded entries (500 at random)": [int(r["rowid"]) for r in filler],
        },
    )
    return out


def self_recall(service: MemoryService, samples: dict[str, list[int]]) -> dict[str, Any]:
    """Does a search with an entry's own vector return that entry among the dedupe rule's neighbours?

    That is the lookup that merges an exact repeat on write (``dedupe.find_duplicate``): an entry the
    vector search cannot reach with its own vector is one whose repeats are stored twice.
    """
    k = NEIGHBOURS + 1
    arms: dict[str, Search] = {
        "store": service.store.vector_search,
        "hnsw (store's index)": service.store.index_search,
        "hnsw ef_search=200": vector_search(service.db, exact=False, ef_search=200),
    }
    out: dict[str, Any] = {}
    for name, rowids in samples.items():
        user = name.split()[0]
        vectors = {r: service.store.get_vector(r) for r in rowids}
        for arm, search in arms.items():
            found = sum(r in {hit for hit, _ in search(user, v, k)} for r, v in vectors.items() if v is not None)
            out[f"{name}: {arm}"] = f"{found}/{len(rowids)}"
            print(f"  {name:<40} {arm:<20} found itself in the top {k}: {found}/{len(rowids)}")
    return out


def plans(service: MemoryService, query: str) -> dict[str, str]:
    vector = service.embedder.get().embed_query(query)
    literal = _vector_literal(vector)
    tsquery = tsquery_literal(query)
    out = {}
    for user in EVAL_USERS:
        db = service.db
        with db.transaction():
            db.execute("SELECT set_config('hnsw.ef_search', '64', true)")
            out[f"vector {user}"] = explain(db, VECTOR_SQL, (literal, user, literal, 50))
        out[f"vector {user} exact"] = explain(db, EXACT_SQL, (literal, user, 50))
        out[f"keyword {user}"] = explain(db, KEYWORD_SQL, (RANK_WEIGHTS, tsquery, user, 50))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=1_000_000, help="which latency fill to use (default 1M)")
    parser.add_argument("--k", type=int, default=50, help="vector candidates per recall (the store's pool)")
    parser.add_argument("--distractors", type=int, default=1200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--explain-query", default="how does the user deploy the service")
    parser.add_argument("--json", type=Path)
    add_backend_arguments(parser)
    args = parser.parse_args()
    url = args.database_url or backend_url(args, f"cairn_bench_latency_{args.size}", fresh=False)
    if url is None:
        parser.error("approximate search is PostgreSQL's: give --postgres or --database-url")
    fill = pg_load.fill_meta(url)
    if fill is None:
        raise SystemExit("no benchmark fill in that database: run bench.memory.latency --postgres first")
    args.last_rowid = fill["last_rowid"]

    report: dict[str, Any] = {"machine": machine(), "fill": fill, "postgres": server_settings(url)}
    print(f"machine: {report['machine']}\npostgres: {report['postgres']}")
    base = [q.query for q in load_queries()]
    with tempfile.TemporaryDirectory(prefix="cairn-bench-ann-") as tmp:
        service = make_service(Path(tmp), database_url=url, vector_cache_mb=args.vector_cache_mb)
        cleanup = ("DELETE FROM entries WHERE rowid > ?", (fill["last_rowid"],))
        service.db.execute(*cleanup)
        try:
            print("\n## vector leg: HNSW vs exact")
            report["vector_leg"] = vector_leg(service, base, args.k)
            report["unfiltered"] = unfiltered(service, base[::5], args.k)
            print("\n## end to end on the evaluation set")
            report["end_to_end"] = end_to_end(service, args)
            report["plans"] = plans(service, args.explain_query)
            for name, plan in report["plans"].items():
                print(f"\n### {name}\n{plan}")
        finally:
            service.db.execute(*cleanup)
            service.close()
    report["load_avg_at_end"] = machine()["load_avg_at_start"]
    if args.json:
        args.json.write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
        print(f"\nwrote {args.json}")


if __name__ == "__main__":
    main()
