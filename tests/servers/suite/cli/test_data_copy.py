"""`cairn data copy --from sqlite --to postgresql://…`: an installation filled through the real services moves
into PostgreSQL and works there (recall with vectors, the job, a token signed before the copy); a second run
changes nothing and still verifies; a copy that stopped half way is finished by running it again."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from servers.auth.authserver import open_store, session_key
from servers.auth.passwords import hash_password
from servers.auth.tokens import issue_access_token, verify_access_token
from servers.core.events import EventBus
from servers.core.storage import Database
from servers.memory.service import MemoryService
from servers.memory.storage.store import MemoryStore
from servers.memory.storage.store_pg import PgMemoryStore
from servers.scheduler.models import JobSpec
from servers.scheduler.service import SchedulerService
from servers.suite.cli.main import main
from servers.suite.settings import CairnSettings, get_settings

ISSUER = "http://127.0.0.1:8765"
AUDIENCE = f"{ISSUER}/mcp"
NOTES = [
    "The deploy key for the staging cluster lives in the team vault",
    "Ada prefers tea over coffee in the afternoon",
    "我们每周三下午开项目例会",
    "The build cache is cleared every Sunday night",
]


@pytest.fixture(autouse=True)
def fresh_settings() -> Iterator[None]:
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


def _fill(home: Path, embedder: Any) -> str:
    """Memory entries (one archived), a scheduler job, an auth user, a signing key and session key; a token."""
    settings = CairnSettings(home=home)
    memory = MemoryService(settings, embedder=embedder, bus=EventBus())
    ids = [memory.write(note, "ada", keywords=["k"]).id for note in NOTES]
    memory.write("an unrelated note for bob", "bob")
    rowid = memory.store.rowid_of(ids[-1], "ada")
    assert rowid is not None
    memory.store.archive(rowid, "test")
    memory.close()

    scheduler = SchedulerService(
        CairnSettings(home=home, embedder="none", scheduler={"run_loop": False}), bus=EventBus()
    )
    spec = JobSpec.model_validate(
        {"name": "stretch", "schedule": {"interval_seconds": 3600}, "action": {"type": "notify", "message": "up"}}
    )
    asyncio.run(scheduler.create(spec, "ada"))
    scheduler.actions.webhook_secret()  # generates scheduler/webhook.secret
    scheduler.close()

    store, keys = open_store(home / "auth")
    store.add_user("ada", hash_password("correct horse battery"))
    session_key(store, home / "auth")
    token, _ = issue_access_token(
        keys,
        issuer=ISSUER,
        subject="ada",
        client_id="c",
        scopes=["memory:read"],
        audience=AUDIENCE,
        ttl_s=600,
        family_id=None,
    )
    store.close()
    return token


def _copy(url: str, capsys: pytest.CaptureFixture[str], expect: int = 0) -> dict[str, Any]:
    assert main(["data", "copy", "--from", "sqlite", "--to", url]) == expect
    captured = capsys.readouterr()
    assert "memory entries [" in captured.err  # progress, on stderr
    summary: dict[str, Any] = json.loads(captured.out)
    return summary


def test_copy_moves_an_installation_and_a_rerun_changes_nothing(
    cairn_home: Path, postgres_url: str, embedder: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    token = _fill(cairn_home, embedder)
    summary = _copy(postgres_url, capsys)
    assert summary["ok"] and not {"memory", "scheduler", "auth"} & set(summary["skipped (no SQLite file)"])
    tables = summary["tables"]
    assert tables["memory.entries"]["source_rows"] == tables["memory.entries"]["copied"] == 5
    assert tables["memory.entries_vec"]["target_rows"] == tables["memory.entries_vec"]["copied"] == 4  # not archived
    assert tables["memory.entries_fts (live entries indexed)"]["target_rows"] == 4
    assert tables["scheduler.jobs"]["copied"] == 1
    assert tables["scheduler.shared_secrets (from webhook.secret)"]["copied"] == 1
    assert tables["auth.users"]["copied"] == 1
    assert tables["auth.signing_keys (from keys/*.json)"]["copied"] == 1
    assert tables["auth.shared_secrets (from session.key)"]["copied"] == 1
    assert all(t["ok"] and t["checksum_equal"] for t in tables.values())
    source = MemoryStore(Database(cairn_home / "memory" / "memory.db"))
    order = [r["id"] for r in source.db.query("SELECT id FROM entries ORDER BY rowid")]
    source.close()
    with psycopg.connect(postgres_url) as conn:  # recency reads rowids: the copy keeps the source's order
        assert [r[0] for r in conn.execute("SELECT id FROM memory.entries ORDER BY rowid")] == order

    on_pg = CairnSettings(home=cairn_home, database_url=postgres_url)
    memory = MemoryService(on_pg, embedder=embedder, bus=EventBus())
    try:
        hits = memory.recall("where is the staging deploy key kept?", "ada", mode="semantic").results
        assert hits and hits[0].content == NOTES[0]
        assert [h.content for h in memory.recall("周三例会", "ada", mode="keyword").results] == [NOTES[2]]
        assert memory.recall("build cache Sunday", "ada", mode="keyword").results == []  # archived: not indexed
        assert [h.content for h in memory.recall("tea or coffee", "ada", mode="keyword").results] == [NOTES[1]]
    finally:
        memory.close()

    scheduler = SchedulerService(
        on_pg.model_copy(
            update={"embedder": "none", "scheduler": on_pg.scheduler.model_copy(update={"run_loop": False})}
        ),
        bus=EventBus(),
    )
    try:
        assert [job.name for job in scheduler.jobs("ada")] == ["stretch"]
        # webhook receivers keep verifying with the key they were given
        assert scheduler.actions.webhook_secret() == (cairn_home / "scheduler" / "webhook.secret").read_bytes().strip()
    finally:
        scheduler.close()

    store, keys = open_store(cairn_home / "auth", postgres_url)
    try:
        verified = verify_access_token(keys, token, issuer=ISSUER, audiences={AUDIENCE})
        assert verified is not None and verified.subject == "ada"
        assert store.password_hash("ada") is not None
        assert session_key(store, cairn_home / "auth") == (cairn_home / "auth" / "session.key").read_bytes().strip()
    finally:
        store.close()

    again = _copy(postgres_url, capsys)
    assert again["ok"]
    assert all(t["copied"] == 0 for t in again["tables"].values())
    assert {k: v["checksum"] for k, v in again["tables"].items()} == {k: v["checksum"] for k, v in tables.items()}


def test_an_interrupted_copy_is_finished_by_running_it_again(
    cairn_home: Path,
    postgres_url: str,
    embedder: Any,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _fill(cairn_home, embedder)  # in rowid order: ada x4 (the 4th archived), then bob
    monkeypatch.setattr("servers.suite.storage.data_copy_memory.ENTRY_BATCH", 3)
    monkeypatch.setattr("servers.suite.storage.data_copy_memory.REBUILD_INDEX_FROM", 1)  # a "bulk" load, even of 5
    # The target made ready for this embedder's vectors, with a fault planted: PostgreSQL refuses bob's vector.
    source = MemoryStore(Database(cairn_home / "memory" / "memory.db"))
    model = source.vector_model()
    source.close()
    assert model is not None
    target = PgMemoryStore.connect(postgres_url)
    target.ensure_vector_table(*model)
    target.close()
    with psycopg.connect(postgres_url) as conn:
        conn.execute(
            "CREATE FUNCTION memory.refuse_bob() RETURNS trigger LANGUAGE plpgsql AS"
            " $$ BEGIN IF NEW.user_id = 'bob' THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$"
        )
        conn.execute(
            "CREATE TRIGGER fault BEFORE INSERT ON memory.entries_vec FOR EACH ROW EXECUTE FUNCTION memory.refuse_bob()"
        )
    # The second batch (ada's archived entry, then bob) fails in PostgreSQL after its first entry went in.
    with pytest.raises(psycopg.errors.RaiseException, match="disk full"):
        main(["data", "copy", "--from", "sqlite", "--to", postgres_url, "-q"])
    with psycopg.connect(postgres_url) as conn:
        assert conn.execute("SELECT COUNT(*) FROM memory.entries").fetchone() == (3,)
        assert conn.execute("SELECT COUNT(*) FROM memory.entries_vec").fetchone() == (3,)
        assert conn.execute("SELECT COUNT(*) FROM memory.entries_fts").fetchone() == (3,)
        assert conn.execute("SELECT to_regclass('memory.entries_vec_hnsw')").fetchone() == (None,)
        conn.execute("DROP TRIGGER fault ON memory.entries_vec")
    capsys.readouterr()

    summary = _copy(postgres_url, capsys)
    assert summary["ok"]
    assert summary["tables"]["memory.entries"]["copied"] == 2
    assert summary["tables"]["memory.entries"]["target_rows"] == 5
    assert summary["tables"]["memory.entries_vec"]["target_rows"] == 4
    assert summary["tables"]["memory.entries_vec"]["copied"] == 1  # bob's; ada's archived entry has none
    with psycopg.connect(postgres_url) as conn:  # the index the first run dropped is back
        assert conn.execute("SELECT to_regclass('memory.entries_vec_hnsw') IS NOT NULL").fetchone() == (True,)


def test_a_target_that_differs_is_reported(
    cairn_home: Path, postgres_url: str, embedder: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    _fill(cairn_home, embedder)
    _copy(postgres_url, capsys)
    with psycopg.connect(postgres_url) as conn:
        conn.execute("UPDATE scheduler.jobs SET name = 'renamed'")
    summary = _copy(postgres_url, capsys, expect=1)
    assert not summary["ok"]
    assert not summary["tables"]["scheduler.jobs"]["checksum_equal"]
    assert summary["tables"]["memory.entries"]["ok"]


def test_to_must_be_a_postgresql_url(cairn_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["data", "copy", "--from", "sqlite", "--to", "sqlite:///x.db"]) == 2
    assert "postgresql://" in capsys.readouterr().err


def test_a_memory_entry_or_vector_that_differs_is_reported(
    cairn_home: Path, postgres_url: str, embedder: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    _fill(cairn_home, embedder)
    assert _copy(postgres_url, capsys)["ok"]
    with psycopg.connect(postgres_url) as conn:
        conn.execute(
            "UPDATE memory.entries SET content = content || '.' WHERE id = (SELECT MIN(id) FROM memory.entries)"
        )
        # One vector swapped for another's: the counts stay, only the checksum can tell.
        conn.execute(
            "UPDATE memory.entries_vec SET embedding = (SELECT embedding FROM memory.entries_vec ORDER BY rowid DESC"
            " LIMIT 1) WHERE rowid = (SELECT MIN(rowid) FROM memory.entries_vec)"
        )
    summary = _copy(postgres_url, capsys, expect=1)
    entries, vectors = summary["tables"]["memory.entries"], summary["tables"]["memory.entries_vec"]
    assert entries["source_rows"] == entries["target_rows"] == 5 and not entries["checksum_equal"]
    assert vectors["source_rows"] == vectors["target_rows"] == 4 and not vectors["checksum_equal"]
    assert summary["tables"]["memory.memory_meta"]["ok"] and summary["tables"]["scheduler.jobs"]["ok"]
