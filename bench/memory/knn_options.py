"""Vector search options for one user's 10k-entry partition: vec0 float, bit and int8, and numpy in memory.

    OMP_NUM_THREADS=1 .venv/bin/python -m bench.memory.knn_options [--pool FILE.npy]

Vectors: the latency benchmark's pool of real passage vectors (its cache file, ``cairn-bench-pool-*.npy``
in the temp dir; run ``bench.memory.latency`` once to make it), each entry a pool vector plus the fill's
noise, so neighbours are as crowded as in the 100k fill. Reported per option: p50 / p95 ms of 100 searches
(k = 50) and how much of the exact (float) top 5 and top 50 it keeps.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import apsw
import numpy as np
import sqlite_vec

from bench.memory.latency import NOISE_SIGMA

K = 50
Search = Callable[[np.ndarray], list[int]]


def build(vecs: np.ndarray) -> apsw.Connection:
    conn = apsw.Connection(":memory:")
    conn.enable_load_extension(True)
    conn.load_extension(sqlite_vec.loadable_path())
    conn.execute(
        "CREATE VIRTUAL TABLE f USING vec0(user_id TEXT PARTITION KEY, embedding float[384] distance_metric=cosine)"
    )
    conn.execute("CREATE VIRTUAL TABLE b USING vec0(user_id TEXT PARTITION KEY, embedding bit[384])")
    conn.execute(
        "CREATE VIRTUAL TABLE q8 USING vec0(user_id TEXT PARTITION KEY, embedding int8[384] distance_metric=cosine)"
    )
    with conn:
        for i, v in enumerate(vecs, 1):
            blob = v.tobytes()
            conn.execute("INSERT INTO f (rowid, user_id, embedding) VALUES (?, 'u', ?)", (i, blob))
            conn.execute("INSERT INTO b (rowid, user_id, embedding) VALUES (?, 'u', vec_quantize_binary(?))", (i, blob))
            conn.execute(
                "INSERT INTO q8 (rowid, user_id, embedding) VALUES (?, 'u', vec_quantize_int8(?, 'unit'))", (i, blob)
            )
    return conn


def options(conn: apsw.Connection, vecs: np.ndarray) -> dict[str, Search]:
    def exact(q: np.ndarray) -> list[int]:
        sql = "SELECT rowid FROM f WHERE embedding MATCH ? AND k = ? AND user_id = 'u'"
        return [r for (r,) in conn.execute(sql, (q.tobytes(), K))]

    def candidates(table: str, quantize: str, q: np.ndarray, n: int) -> list[int]:
        sql = f"SELECT rowid FROM {table} WHERE embedding MATCH {quantize} AND k = ? AND user_id = 'u'"
        return [r for (r,) in conn.execute(sql, (q.tobytes(), n))]

    def rescore_numpy(ids: list[int], q: np.ndarray) -> list[int]:
        sims = vecs[np.array(ids) - 1] @ q
        return [ids[i] for i in np.argsort(-sims)[:K]]

    def bit_sql(q: np.ndarray) -> list[int]:
        ids = candidates("b", "vec_quantize_binary(?)", q, 200)
        marks = ",".join("?" * len(ids))
        sql = f"SELECT rowid, vec_distance_cosine(embedding, ?) AS d FROM f WHERE rowid IN ({marks}) ORDER BY d LIMIT ?"
        return [r for r, _ in conn.execute(sql, (q.tobytes(), *ids, K))]

    def in_memory(q: np.ndarray) -> list[int]:
        sims = vecs @ q
        top = np.argpartition(-sims, K)[:K]
        return [int(i) + 1 for i in top[np.argsort(-sims[top])]]

    return {
        "vec0 float[384] (today)": exact,
        "vec0 bit[384], 200 candidates, numpy rescore": lambda q: rescore_numpy(
            candidates("b", "vec_quantize_binary(?)", q, 200), q
        ),
        "vec0 bit[384], 200 candidates, SQL rescore": bit_sql,
        "vec0 bit[384], 400 candidates, numpy rescore": lambda q: rescore_numpy(
            candidates("b", "vec_quantize_binary(?)", q, 400), q
        ),
        "vec0 int8[384], 100 candidates, numpy rescore": lambda q: rescore_numpy(
            candidates("q8", "vec_quantize_int8(?, 'unit')", q, 100), q
        ),
        "numpy exact, partition in memory": in_memory,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pool", type=Path, help="a cairn-bench-pool-*.npy file (default: the newest in the temp dir)")
    parser.add_argument("--entries", type=int, default=10_000)
    args = parser.parse_args()
    cached = Path(tempfile.gettempdir()).glob("cairn-bench-pool-*.npy")
    pool_file = args.pool or max(cached, key=lambda p: p.stat().st_mtime)
    pool = np.load(pool_file).astype(np.float32)
    rng = np.random.default_rng(1)
    vecs = pool[rng.integers(0, len(pool), args.entries)]
    vecs = vecs + rng.normal(0.0, NOISE_SIGMA, vecs.shape).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    queries = pool[rng.integers(0, len(pool), 100)] + rng.normal(0.0, 0.02, (100, pool.shape[1])).astype(np.float32)
    queries /= np.linalg.norm(queries, axis=1, keepdims=True)
    conn = build(vecs)
    truth: list[list[int]] = []
    for name, search in options(conn, vecs).items():
        took, found = [], []
        for q in queries:
            began = time.perf_counter()
            found.append(search(q))
            took.append((time.perf_counter() - began) * 1000)
        truth = truth or found
        took.sort()
        top5 = statistics.mean(len(set(a[:5]) & set(b[:5])) / 5 for a, b in zip(truth, found, strict=True))
        top50 = statistics.mean(len(set(a) & set(b)) / K for a, b in zip(truth, found, strict=True))
        print(f"{name}: p50 {took[50]:.2f} ms, p95 {took[94]:.2f} ms; top 5 kept {top5:.3f}, top 50 kept {top50:.3f}")


if __name__ == "__main__":
    main()
