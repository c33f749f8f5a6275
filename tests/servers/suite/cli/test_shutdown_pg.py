"""A real `cairn serve memory -t http` on PostgreSQL, stopped with SIGTERM, ends every connection cleanly.

PostgreSQL tells a connection that said goodbye (a Terminate message) from one whose process just went
away: the latter logs "unexpected EOF on client connection" at DEBUG1. The test database logs at that
level, the backends of the server's pools are noted while it runs, and after SIGTERM none of them may
be left in pg_stat_activity or have ended with that line in the server log.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psycopg
import pytest

from tests.conftest import REPO_ROOT
from tests.servers.suite.cli.test_serve_process import wait_for
from tests.support import child_env, free_port

pytestmark = pytest.mark.slow


def _backends(url: str) -> set[int]:
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'cairn:%'"
        ).fetchall()
    return {int(r[0]) for r in rows}


def test_sigterm_closes_every_pool(postgres_server: Any, postgres_url: str, tmp_path: Path) -> None:
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        name = conn.info.dbname
        conn.execute(f'ALTER DATABASE "{name}" SET log_min_messages = debug1')
    # Only this test's lines: the server log is the whole session's, and a backend pid seen here may have
    # belonged to an earlier test's connection that did end without a goodbye.
    log_start = Path(postgres_server.log).stat().st_size
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "servers.suite.cli.main", "serve", "memory", "-t", "http", "--port", str(port)],
        env={**child_env(tmp_path / "home"), "CAIRN_DATABASE_URL": postgres_url},
        cwd=REPO_ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        health = wait_for(f"http://127.0.0.1:{port}/health", process).json()
        assert set(health["databases"]) >= {"memory", "auth"}
        pids = _backends(postgres_url)
        assert pids, "the server holds pooled connections while it runs"
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=60) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    deadline = time.monotonic() + 10
    while _backends(postgres_url) & pids and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _backends(postgres_url) & pids, "connections left behind after the server stopped"
    with Path(postgres_server.log).open("rb") as handle:
        handle.seek(log_start)
        log = handle.read().decode(errors="replace").splitlines()
    dropped = [line for line in log if "unexpected EOF on client connection" in line and _pid(line) in pids]
    assert not dropped, f"connections dropped without a goodbye: {dropped}"


def _pid(line: str) -> int:
    # log lines read "2026-01-01 10:00:00.000 UTC [12345] DEBUG:  …"
    start = line.find("[") + 1
    end = line.find("]", start)
    return int(line[start:end]) if start and end > start and line[start:end].isdigit() else -1
