"""`cairn migrate` creates every schema on either backend, and running it again changes nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from servers.core.storage import Database
from servers.core.storage.outbox import Outbox
from servers.suite.cli.main import main
from servers.suite.settings import get_settings


@pytest.fixture(autouse=True)
def fresh_settings() -> Iterator[None]:
    get_settings.cache_clear()  # main() reads the environment through this cache
    yield
    get_settings.cache_clear()


def _migrate(capsys: pytest.CaptureFixture[str]) -> dict[str, dict[str, object]]:
    assert main(["migrate"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_migrate_creates_every_sqlite_schema(cairn_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = _migrate(capsys)
    assert set(report) == {"memory", "skills", "scheduler", "reflection", "auth", "registry", "events"}
    for name, component in report.items():
        assert component["backend"] == "sqlite" and component["version"] == (
            {"auth": 4, "registry": 4, "scheduler": 2, "skills": 2, "memory": 3}.get(name, 1)
        ), name
        assert Path(str(component["where"])).is_file()
    assert _migrate(capsys) == report


ON_POSTGRESQL = {"memory": 3, "scheduler": 3, "auth": 4, "skills": 2, "reflection": 1}  # component: version


def test_migrate_puts_the_servers_in_postgresql(
    cairn_home: Path, postgres_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CAIRN_DATABASE_URL", postgres_url)
    report = _migrate(capsys)
    for component, version in ON_POSTGRESQL.items():
        assert report[component]["backend"] == "postgresql", component
        assert report[component]["version"] == version, component
        assert report[component]["where"].endswith(f"(schema {component})"), component
        assert not (cairn_home / component / f"{component}.db").exists()
    again = _migrate(capsys)
    assert {c: again[c] for c in ON_POSTGRESQL} == {c: report[c] for c in ON_POSTGRESQL}
    with psycopg.connect(postgres_url) as conn:
        tables = {
            (r[0], r[1])
            for r in conn.execute(
                "SELECT schemaname, tablename FROM pg_tables"
                " WHERE schemaname IN ('memory', 'scheduler', 'auth', 'skills', 'reflection')"
            )
        }
    assert {("memory", t) for t in ("entries", "entries_fts", "memory_meta", "schema_migrations")} <= tables
    assert {("scheduler", t) for t in ("jobs", "runs", "notifications", "schema_migrations")} <= tables
    assert {("auth", t) for t in ("users", "clients", "refresh_tokens", "signing_keys", "shared_secrets")} <= tables
    assert {("skills", t) for t in ("usage", "feedback", "disabled", "sessions", "vectors", "feedback_asks")} <= tables
    assert {("reflection", t) for t in ("rules", "strategies", "outcomes", "beliefs", "strategy_log")} <= tables


def test_migrate_puts_registry_metadata_in_postgresql(
    cairn_home: Path, postgres_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CAIRN_DATABASE_URL", postgres_url)
    report = _migrate(capsys)["registry"]
    assert report["backend"] == "postgresql" and report["version"] == 4
    assert "schema registry" in str(report["where"]) and not (cairn_home / "registry" / "registry.db").exists()
    with psycopg.connect(postgres_url) as conn:
        tables = {r[0] for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'registry'")}
    assert {"skills", "versions", "skills_fts", "api_tokens", "pending_uploads", "meta", "shared_secrets"} <= tables
    assert {"verified_publishers", "repository_claims", "reports"} <= tables  # version 4
    assert _migrate(capsys)["registry"] == report


@pytest.fixture(params=["sqlite", "postgresql"])
def engine_url(request: pytest.FixtureRequest, cairn_home: Path, monkeypatch: pytest.MonkeyPatch) -> str | None:
    if request.param == "sqlite":
        return None
    url: str = request.getfixturevalue("postgres_url")
    monkeypatch.setenv("CAIRN_DATABASE_URL", url)
    return url


def test_migrate_creates_the_event_outbox(
    engine_url: str | None, cairn_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = _migrate(capsys)["events"]
    assert report["version"] == 1
    if engine_url is None:
        assert report["backend"] == "sqlite" and report["where"] == str(cairn_home / "events" / "events.db")
        db = Database(cairn_home / "events" / "events.db")
        try:
            tables = {r["name"] for r in db.query("SELECT name FROM sqlite_master WHERE type = 'table'")}
            recorded = db.scalar("SELECT MAX(version) FROM schema_migrations WHERE component = 'events'")
        finally:
            db.close()
    else:
        assert report["backend"] == "postgresql" and str(report["where"]).endswith("(schema events)")
        assert not (cairn_home / "events").exists()
        with psycopg.connect(engine_url) as conn:
            tables = {r[0] for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'events'")}
            row = conn.execute(
                "SELECT MAX(version) FROM events.schema_migrations WHERE component = 'events'"
            ).fetchone()
            recorded = row[0] if row else None
    assert {"outbox", "consumers", "schema_migrations"} <= tables and recorded == 1
    assert _migrate(capsys)["events"] == report
    # The outbox opens on what migrate made, without migrating again.
    outbox = Outbox.open(get_settings())
    try:
        assert outbox.append("t", {"n": 1}) == 1
    finally:
        outbox.close()


def test_migrate_refuses_an_event_outbox_newer_than_it_knows(
    cairn_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _migrate(capsys)
    db = Database(cairn_home / "events" / "events.db")
    try:
        with db.transaction():
            db.execute("INSERT INTO schema_migrations (component, version, description) VALUES ('events', 9, 'x')")
    finally:
        db.close()
    assert main(["migrate"]) == 1
    assert "events schema version 9, newer than this Cairn knows (1)" in capsys.readouterr().err


def test_unreachable_database_is_reported(
    cairn_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CAIRN_DATABASE_URL", "postgresql://cairn:secret@127.0.0.1:1/cairn?connect_timeout=1")
    assert main(["migrate"]) == 1
    err = capsys.readouterr().err
    assert "cannot connect to PostgreSQL" in err and "secret" not in err
