"""/health says when a PostgreSQL database the process uses stops answering (503, naming the component),
and says ok again once it is back (issue #11)."""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Iterator
from typing import Any

import httpx
import psycopg
import pytest
from fastmcp import FastMCP

from servers.core.storage.postgres import PgDatabase
from servers.suite.serving import _add_health, http_app
from tests.support_pg import fresh_database


@pytest.fixture
def database(postgres_server: Any) -> Iterator[tuple[str, str]]:
    """(URL of a fresh database, an admin URL that can lock it out)."""
    with fresh_database(postgres_server) as url:
        yield url, str(postgres_server.get_uri())


def set_reachable(admin: str, url: str, reachable: bool) -> None:
    name = psycopg.conninfo.conninfo_to_dict(url)["dbname"]
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS {str(reachable).lower()}')
        if not reachable:  # and cut the connections the pool already holds, as a server restart would
            conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))


async def test_health_names_the_unreachable_database_then_recovers(database: tuple[str, str]) -> None:
    url, admin = database
    gc.collect()  # databases of earlier tests that are gone must not be checked here
    db = PgDatabase(url, "scheduler", connect_timeout_s=1)
    server = FastMCP("probe")
    _add_health(server, "scheduler")
    transport = httpx.ASGITransport(app=http_app(server, "http"))
    try:
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
            ok = await http.get("/health")
            assert ok.status_code == 200, ok.text
            assert ok.json()["status"] == "ok" and ok.json()["databases"]["scheduler"]["status"] == "ok"

            set_reachable(admin, url, False)
            down = await http.get("/health")
            assert down.status_code == 503
            body = down.json()
            assert body["status"] == "unavailable" and "scheduler" in body["error"]
            assert body["databases"]["scheduler"]["status"] == "unavailable"
            assert body["databases"]["scheduler"]["error"]

            set_reachable(admin, url, True)
            deadline = time.monotonic() + 20  # the pool reconnects in the background, with backoff
            while (again := await http.get("/health")).status_code != 200:
                assert time.monotonic() < deadline, again.text
                await asyncio.sleep(0.2)
            assert again.json()["databases"]["scheduler"]["status"] == "ok"
    finally:
        db.close()


async def test_health_without_postgresql_is_unchanged() -> None:
    gc.collect()
    server = FastMCP("probe")
    _add_health(server, "memory")
    transport = httpx.ASGITransport(app=http_app(server, "http"))
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
        response = await http.get("/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "server": "memory", "version": "0.1.0"}
