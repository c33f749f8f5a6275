"""A registry app per test (its own data directory), an HTTP client for it, and signed-in identities.

Apps keep their metadata in SQLite unless a test (or module) is marked ``on_both``: then it runs once on
SQLite and once on a fresh PostgreSQL database (``backend`` = "postgresql"), where every app the test
builds shares that database.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import pytest_asyncio
from starlette.applications import Starlette

from registry.app import create_app
from registry.context import Registry
from servers.suite.settings import CairnSettings

BASE = "http://127.0.0.1:8780"
REPO = Path(__file__).resolve().parents[2]
# The registry tests where storage does the work run on both backends (browser and schemathesis: SQLite).
on_both = pytest.mark.parametrize("backend", ["sqlite", "postgresql"])


@dataclass
class Site:
    app: Starlette
    reg: Registry
    http: httpx.AsyncClient

    def token(self, user: str) -> dict[str, str]:
        token, _ = self.reg.accounts.create_token(user, "test")
        return {"Authorization": f"Bearer {token}"}

    def session(self, user: str) -> dict[str, str]:
        """Cookies of a browser signed in as ``user`` (what the OAuth callback sets)."""
        from registry.auth import SESSION_COOKIE

        return {SESSION_COOKIE: self.reg.identity.signer.sign({"user": user, "sid": user}, 3600)}

    async def publish(
        self, data: bytes, headers: dict[str, str], filename: str = "s.tar.gz", **fields: str
    ) -> httpx.Response:
        return await self.http.post(
            "/api/v1/skills", headers=headers, data=fields, files={"archive": (filename, data, "application/gzip")}
        )


def registry_settings(home: Path, database_url: str | None = None, **registry: Any) -> CairnSettings:
    conf: dict[str, Any] = {"max_archive_bytes": 200_000, "max_unpacked_bytes": 2_000_000, "max_files": 50}
    conf.update(registry)
    return CairnSettings(home=home, embedder="none", registry=conf, database_url=database_url)


@pytest.fixture
def backend() -> str:
    """Where registry metadata lives: "sqlite", or "postgresql" under ``on_both``."""
    return "sqlite"


@pytest.fixture
def database_url(backend: str, request: pytest.FixtureRequest) -> Iterator[str | None]:
    """The test's PostgreSQL database on the PostgreSQL backend, else None. Every pool opened on it is
    closed afterwards: left open, it would keep reconnecting to the dropped database."""
    if backend != "postgresql":
        yield None
        return
    yield str(request.getfixturevalue("postgres_url"))
    from servers.core.storage.postgres import open_databases

    for db in open_databases():
        db.close()


@pytest.fixture
def make_site(tmp_path: Path, database_url: str | None) -> Callable[..., Site]:
    """Builds an app; ``home`` gives a second instance its own data directory (the database is the same)."""

    def build(base: str = BASE, home: Path | None = None, **registry: Any) -> Site:
        settings = registry_settings(home or tmp_path / "home", database_url, **registry)
        app = create_app(settings, base_url=base, builtin_skills=REPO / "skills")
        http = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=base)
        return Site(app, app.state.registry, http)

    return build


@pytest_asyncio.fixture
async def site(make_site: Callable[..., Site], backend: str) -> AsyncIterator[Site]:
    made = make_site()
    assert made.reg.store.postgres == (backend == "postgresql")
    async with made.http:
        yield made
    made.reg.store.close()
