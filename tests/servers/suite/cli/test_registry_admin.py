"""The registry operator's commands on a registry's data: `cairn registry verify`, `verified`, `verify-repo`,
`reports` and `resolve`. A registry is filled through its API (ASGI, SQLite), the command runs on the same
CAIRN_HOME, and the API then answers with what the command changed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from registry.app import create_app
from servers.suite.cli.main import main
from servers.suite.settings import CairnSettings, get_settings
from tests.registry.conftest import BASE, REPO
from tests.registry.kit import skill_md, tar_gz


@pytest.fixture(autouse=True)
def fresh_settings(cairn_home: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("CAIRN_EMBEDDER", "none")
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


async def _api(home: Path, steps: Any) -> Any:
    app = create_app(CairnSettings(home=home, embedder="none"), base_url=BASE, builtin_skills=REPO / "skills")
    try:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE) as http:
            return await steps(app.state.registry, http)
    finally:
        app.state.registry.store.close()


def _bearer(reg: Any, user: str) -> dict[str, str]:
    token, _ = reg.accounts.create_token(user, "test")
    return {"Authorization": f"Bearer {token}"}


async def test_operator_verifies_publishers_and_repositories_and_resolves_reports(
    cairn_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    async def fill(reg: Any, http: httpx.AsyncClient) -> str:
        ada, bea = _bearer(reg, "ada"), _bearer(reg, "bea")
        for name in ("ledger-check", "memo-kit"):
            files = {f"{name}/SKILL.md": skill_md(name, "1.0.0", repository="https://git.example/ada/" + name)}
            published = await http.post(
                "/api/v1/skills", headers=ada, files={"archive": ("s.tar.gz", tar_gz(files), "application/gzip")}
            )
            assert published.status_code == 201, published.text
        claim = {"repository": "https://git.example/ada/memo-kit"}
        assert (await http.post("/api/v1/publishers/ada/repositories", json=claim, headers=ada)).status_code == 201
        report = await http.post(
            "/api/v1/skills/ledger-check/1.0.0/reports",
            json={"reason": "impersonation", "text": "not theirs"},
            headers=bea,
        )
        assert report.status_code == 201
        return str(report.json()["id"])

    report_id = await _api(cairn_home, fill)

    assert main(["registry", "verify", "nobody"]) == 1
    assert "no person or organisation named 'nobody'" in capsys.readouterr().err
    assert main(["registry", "verify-repo", "ada", "https://git.example/ada/memo-kit/"]) == 0
    assert "ada's link to https://git.example/ada/memo-kit is proven" in capsys.readouterr().out
    assert main(["registry", "verified"]) == 0
    assert "repository  ada  https://git.example/ada/memo-kit  proven" in capsys.readouterr().out
    assert main(["registry", "reports"]) == 0
    listed = capsys.readouterr().out
    assert f"{report_id}" in listed and "ledger-check@1.0.0  impersonation  by bea  [open]" in listed
    assert "not theirs" in listed
    assert main(["registry", "resolve", report_id, "--outcome", "deprecated", "--note", "a copy of acme's"]) == 0
    assert "resolved: deprecated" in capsys.readouterr().out
    assert main(["registry", "resolve", report_id, "--outcome", "dismissed"]) == 1
    assert "already resolved" in capsys.readouterr().err
    assert main(["registry", "reports"]) == 0 and "no open reports" in capsys.readouterr().out
    assert main(["registry", "reports", "--all", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["outcome"] == "deprecated"

    async def check(reg: Any, http: httpx.AsyncClient) -> None:
        memo = (await http.get("/api/v1/skills/memo-kit")).json()
        ledger = (await http.get("/api/v1/skills/ledger-check")).json()
        assert memo["verified"] == "repository" and ledger["verified"] is None
        assert "a copy of acme's" in ledger["deprecated"]

    await _api(cairn_home, check)
    assert main(["registry", "verify", "ada", "--note", "met in person"]) == 0
    capsys.readouterr()

    async def verified(reg: Any, http: httpx.AsyncClient) -> None:
        items = (await http.get("/api/v1/skills?q=ledger")).json()["items"]
        assert {s["name"]: s["verified"] for s in items}["ledger-check"] == "publisher"

    await _api(cairn_home, verified)
    assert main(["registry", "verify", "ada", "--undo"]) == 0
    assert "no longer a verified publisher" in capsys.readouterr().out
