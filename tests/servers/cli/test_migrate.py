"""`cairn migrate` creates every schema on either backend, and running it again changes nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from servers.cli.main import main
from servers.core.settings import get_settings


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
    assert set(report) == {"memory", "skills", "scheduler", "reflection", "auth", "registry"}
    for name, component in report.items():
        assert component["backend"] == "sqlite" and component["version"] == (2 if name == "auth" else 1), name
        assert Path(str(component["where"])).is_file()
    assert _migrate(capsys) == report


def test_migrate_puts_memory_scheduler_and_auth_in_postgresql(
    cairn_home: Path, postgres_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CAIRN_DATABASE_URL", postgres_url)
    report = _migrate(capsys)
    for component in ("memory", "scheduler", "auth"):
        assert report[component]["backend"] == "postgresql", component
        assert report[component]["version"] == (1 if component == "memory" else 2), component
        assert not (cairn_home / component / f"{component}.db").exists()
    assert report["skills"]["backend"] == "sqlite"
    again = _migrate(capsys)
    assert {c: again[c] for c in ("memory", "scheduler", "auth")} == {
        c: report[c] for c in ("memory", "scheduler", "auth")
    }
    with psycopg.connect(postgres_url) as conn:
        tables = {
            (r[0], r[1])
            for r in conn.execute(
                "SELECT schemaname, tablename FROM pg_tables WHERE schemaname IN ('memory', 'scheduler', 'auth')"
            )
        }
    assert {("memory", t) for t in ("entries", "entries_fts", "memory_meta", "schema_migrations")} <= tables
    assert {("scheduler", t) for t in ("jobs", "runs", "notifications", "schema_migrations")} <= tables
    assert {("auth", t) for t in ("users", "clients", "refresh_tokens", "signing_keys", "shared_secrets")} <= tables


def test_unreachable_database_is_reported(
    cairn_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CAIRN_DATABASE_URL", "postgresql://cairn:secret@127.0.0.1:1/cairn?connect_timeout=1")
    assert main(["migrate"]) == 1
    err = capsys.readouterr().err
    assert "cannot connect to PostgreSQL" in err and "secret" not in err
