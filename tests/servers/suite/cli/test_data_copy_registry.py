"""`cairn data copy` moves the registry's metadata into PostgreSQL; its archives stay in the blob directory.

A registry is filled through its real API on SQLite (built-in skills, a published skill with a download,
a rating, an org, an API token, a held web upload), copied, then served from PostgreSQL with the same
CAIRN_HOME: search finds the skill through PostgreSQL's keyword index, the archive downloads from the blob
directory it never left, the old token still works, and new publishes get fresh ids. A second copy
changes nothing and still verifies.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from registry.app import create_app, session_key
from servers.suite.cli.main import main
from servers.suite.settings import CairnSettings, get_settings
from tests.registry.conftest import BASE, REPO
from tests.registry.kit import skill_archive, skill_md, tar_gz


@pytest.fixture(autouse=True)
def fresh_settings() -> Iterator[None]:
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


def _settings(home: Path, url: str | None = None) -> CairnSettings:
    return CairnSettings(home=home, embedder="none", database_url=url)


async def _call(home: Path, url: str | None, steps: Any) -> Any:
    app = create_app(_settings(home, url), base_url=BASE, builtin_skills=REPO / "skills")
    try:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE) as http:
            return await steps(app, http)
    finally:
        app.state.registry.store.close()
        if url:  # the built-in issuer's pool too: left open, it would outlive the test's database
            from servers.core.storage.postgres import open_databases

            for db in open_databases():
                db.close()


async def _fill(app: Any, http: httpx.AsyncClient) -> str:
    token, _ = app.state.registry.accounts.create_token("ada", "laptop")
    ada = {"Authorization": f"Bearer {token}"}
    body = "# Ledger\n\nReconciles 发票 against the bank ledger.\n"
    data = tar_gz({"ledger-check/SKILL.md": skill_md("ledger-check", "1.0.0", body=body, category="finance")})
    published = await http.post(
        "/api/v1/skills", headers=ada, data={"org": "acme"}, files={"archive": ("l.tar.gz", data, "application/gzip")}
    )
    assert published.status_code == 201, published.text
    assert (await http.get("/api/v1/skills/ledger-check/1.0.0/archive.tar.gz")).status_code == 200
    rated = await http.post("/api/v1/skills/ledger-check/ratings", headers=ada, json={"stars": 5, "comment": "ok"})
    assert rated.status_code == 201
    app.state.registry.accounts.hold_upload("ada", None, "0" * 64, "tar.gz", b"\x1f\x8b held, not yet confirmed")
    # Trust: a verified organisation, a proven repository claim, a report.
    trust = app.state.registry.trust
    trust.verify_publisher("acme", "operator", "checked")
    trust.claim("ada", "https://github.com/ada/ledger", "ada")
    trust.confirm("ada", "https://github.com/ada/ledger", "operator")
    bea = {"Authorization": f"Bearer {app.state.registry.accounts.create_token('bea', 'laptop')[0]}"}
    reported = await http.post("/api/v1/skills/ledger-check/1.0.0/reports", headers=bea, json={"reason": "spam"})
    assert reported.status_code == 201
    return token


def _copy(url: str, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["data", "copy", "--from", "sqlite", "--to", url, "-q"]) == 0
    summary: dict[str, Any] = json.loads(capsys.readouterr().out)
    return summary


def test_registry_metadata_moves_and_blobs_stay(
    cairn_home: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    token = asyncio.run(_call(cairn_home, None, _fill))
    summary = _copy(postgres_url, capsys)
    assert summary["ok"] and "registry" not in summary["skipped (no SQLite file)"]
    tables = summary["tables"]
    builtin = len([p for p in (REPO / "skills").iterdir() if (p / "SKILL.md").is_file()])
    assert tables["registry.skills"]["copied"] == builtin + 1
    assert tables["registry.versions"]["copied"] == builtin + 1
    assert tables["registry.verified_publishers"]["copied"] == 1
    assert tables["registry.repository_claims"]["copied"] == 1 and tables["registry.reports"]["copied"] == 1
    assert tables["registry.api_tokens"]["copied"] == 2 and tables["registry.orgs"]["copied"] == 2  # acme, cairn
    # the catalogue's generation, the downloads counter, and which listing rules the stored tags were derived by
    assert tables["registry.meta"]["copied"] == 3
    assert tables["registry.pending_uploads"]["copied"] == 1  # with its bytes (checksummed like every column)
    assert tables["registry.skills_fts (listed skills indexed)"]["target_rows"] == builtin + 1
    [blobs] = [name for name in tables if name.startswith("registry.blobs")]
    assert "not copied" in blobs and str(cairn_home / "registry" / "blobs") in blobs
    assert tables[blobs]["ok"] and tables[blobs]["target_rows"] == builtin + 1
    assert tables["registry.shared_secrets (from session.key)"]["copied"] == 1  # browsers stay signed in
    assert all(t["ok"] for t in tables.values())
    again = _copy(postgres_url, capsys)
    assert again["ok"] and all(v["copied"] == 0 for k, v in again["tables"].items() if k.startswith("registry."))

    async def on_postgres(app: Any, http: httpx.AsyncClient) -> None:
        assert app.state.registry.store.postgres
        key = (cairn_home / "registry" / "session.key").read_bytes().strip()
        assert session_key(app.state.registry.store, _settings(cairn_home, postgres_url)) == key
        ada = {"Authorization": f"Bearer {token}"}  # made before the copy
        assert (await http.get("/api/v1/me", headers=ada)).json() == {"username": "ada", "orgs": ["acme"]}
        found = (await http.get("/api/v1/skills", params={"q": "reconcile ledger"})).json()["items"]
        assert found[0]["name"] == "ledger-check" and found[0]["downloads"] == 1
        assert (await http.get("/api/v1/skills", params={"q": "发票"})).json()["items"][0]["name"] == "ledger-check"
        detail = (await http.get("/api/v1/skills/ledger-check")).json()
        assert detail["verified"] == "publisher"  # acme's, verified before the copy
        assert app.state.registry.trust.rows.reports()[0].reason == "spam"
        assert detail["rating"] == {"average": 5.0, "count": 1}
        archive = await http.get(detail["versions"][0]["archive_url"])  # from the blob directory it never left
        assert archive.status_code == 200 and len(archive.content) == detail["versions"][0]["size"]
        fresh = await http.post(
            "/api/v1/skills",
            headers=ada,
            files={"archive": ("n.tar.gz", skill_archive("after-copy", "1.0.0"), "application/gzip")},
        )
        assert fresh.status_code == 201, fresh.text  # a new skill gets a new id: the identity is past the copied rows
        assert (await http.get("/api/v1/skills", params={"q": "after-copy"})).json()["items"][0]["name"] == "after-copy"

    asyncio.run(_call(cairn_home, postgres_url, on_postgres))
