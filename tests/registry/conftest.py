"""A registry app per test (its own data directory), an HTTP client for it, and signed-in identities."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import pytest_asyncio
from starlette.applications import Starlette

from registry.app import create_app
from registry.context import Registry
from servers.core.settings import CairnSettings

BASE = "http://127.0.0.1:8780"
REPO = Path(__file__).resolve().parents[2]


@dataclass
class Site:
    app: Starlette
    reg: Registry
    http: httpx.AsyncClient

    def token(self, user: str) -> dict[str, str]:
        token, _ = self.reg.accounts.create_token(user, "test")
        return {"Authorization": f"Bearer {token}"}

    async def publish(
        self, data: bytes, headers: dict[str, str], filename: str = "s.tar.gz", **fields: str
    ) -> httpx.Response:
        return await self.http.post(
            "/api/v1/skills", headers=headers, data=fields, files={"archive": (filename, data, "application/gzip")}
        )


def registry_settings(home: Path, **registry: Any) -> CairnSettings:
    conf: dict[str, Any] = {"max_archive_bytes": 200_000, "max_unpacked_bytes": 2_000_000, "max_files": 50}
    conf.update(registry)
    return CairnSettings(home=home, embedder="none", registry=conf)


@pytest.fixture
def make_site(tmp_path: Path) -> Callable[..., Site]:
    def build(base: str = BASE, **registry: Any) -> Site:
        app = create_app(
            registry_settings(tmp_path / "home", **registry), base_url=base, builtin_skills=REPO / "skills"
        )
        http = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=base)
        return Site(app, app.state.registry, http)

    return build


@pytest_asyncio.fixture
async def site(make_site: Callable[..., Site]) -> AsyncIterator[Site]:
    made = make_site()
    async with made.http:
        yield made
    made.reg.store.close()
