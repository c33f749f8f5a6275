"""Two registry stores on one database (two instances): each sees the other's writes, and racing writes stay
correct — one winner per version, every download counted, ``latest`` from every committed version. Each test
runs on SQLite (two connections to one file) and on PostgreSQL (two pools on one database)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from registry.accounts import AccountError, Accounts
from registry.blobs import FileBlobStore
from registry.search import RegistrySearch
from registry.storage.schema import PG_SCHEMA
from registry.storage.store import NewVersion, OwnerChanged, RegistryStore, VersionTaken
from servers.core.storage import Database
from tests.registry.conftest import on_both

pytestmark = on_both


def new_version(name: str, version: str = "1.0.0", *, description: str = "", body: str = "") -> NewVersion:
    description = description or f"Helps with {name.replace('-', ' ')} tasks."
    return NewVersion(
        name=name,
        version=version,
        sha256="0" * 64,
        size=1,
        format="tar.gz",
        publisher="ada",
        description=description,
        category=None,
        tags=[],
        compatibility=None,
        frontmatter={"name": name, "description": description, "metadata": {"version": version}},
        body=body or f"# {name}\n",
        files=[],
    )


@pytest.fixture
def stores(tmp_path: Path, database_url: str | None) -> Iterator[tuple[RegistryStore, RegistryStore]]:
    """Two stores, as two instances would open them: separate connections, one database, one blob dir."""

    def open_one() -> RegistryStore:
        blobs = FileBlobStore(tmp_path / "blobs")
        if database_url is None:
            return RegistryStore(Database(tmp_path / "registry.db"), blobs)
        from servers.core.storage.postgres import PgDatabase

        return RegistryStore(PgDatabase(database_url, PG_SCHEMA), blobs)

    a, b = open_one(), open_one()
    yield a, b
    a.close()
    b.close()


def race(workers: list[Callable[[], Any]]) -> list[Any]:
    """Run the workers in threads released together; each one's result or exception, in order."""
    results: list[Any] = [None] * len(workers)
    gate = threading.Barrier(len(workers))

    def run(i: int) -> None:
        gate.wait()
        try:
            results[i] = workers[i]()
        except Exception as exc:
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(workers))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return results


def test_a_search_index_notices_what_another_instance_publishes(
    stores: tuple[RegistryStore, RegistryStore],
) -> None:
    a, b = stores
    search_b = RegistrySearch(b)
    assert search_b.search("merge").total == 0  # b builds its index now, at generation 0

    a.add_version(new_version("pdf-merge", description="Merges pdf documents."), owner="ada", owner_kind="user")
    assert b.generation() == a.generation() == 1
    found = search_b.search("merge pdf documents")
    assert [s.name for s in found.items] == ["pdf-merge"]

    a.set_yanked("pdf-merge", "1.0.0", True, "broken")  # nothing live: it leaves the listing everywhere
    assert search_b.search("merge").total == 0
    a.set_yanked("pdf-merge", "1.0.0", False, None)
    a.set_deprecated("pdf-merge", "use pdf-kit")
    [listed] = search_b.search("merge").items
    assert listed.deprecated == "use pdf-kit" and b.generation() == 4


def test_keyword_search_ranks_name_over_description_over_body(stores: tuple[RegistryStore, RegistryStore]) -> None:
    a, b = stores
    for name, description, body in (
        ("body-only", "Does other things.", "Sometimes it can invoice people."),
        ("invoice-tool", "Does other things.", "Nothing here."),
        ("described", "Checks an invoice.", "Nothing here."),
        ("会议-notes", "记录会议纪要", "Nothing here."),
    ):
        a.add_version(new_version(name, description=description, body=body), owner="ada", owner_kind="user")
    ids = {s.id: s.name for s in b.all_skills()}
    assert [ids[r] for r, _ in b.keyword_search("invoice", 10)] == ["invoice-tool", "described", "body-only"]
    assert [ids[r] for r, _ in b.keyword_search("会议纪要", 10)] == ["会议-notes"]
    assert b.keyword_search("", 10) == [] and b.keyword_search('" OR * NEAR(', 10) == []
    assert {"invoice", "会议"} <= set(b.vocabulary())


def test_reindex_rebuilds_the_keyword_index(stores: tuple[RegistryStore, RegistryStore]) -> None:
    a, b = stores
    a.add_version(new_version("chart-maker", description="Draws charts."), owner="ada", owner_kind="user")
    a.db.execute("DELETE FROM skills_fts")
    assert b.keyword_search("charts", 10) == []
    assert b.reindex() == 1
    assert len(a.keyword_search("charts", 10)) == 1


def test_downloads_counted_at_once_by_two_instances_are_all_kept(
    stores: tuple[RegistryStore, RegistryStore],
) -> None:
    a, b = stores
    a.add_version(new_version("popular"), owner="ada", owner_kind="user")

    def download(store: RegistryStore) -> None:
        for _ in range(40):
            store.count_download("popular", "1.0.0")

    assert race([lambda s=s: download(s) for s in (a, b, a, b, a, b)]) == [None] * 6
    skill = b.skill("popular")
    assert skill is not None and skill.downloads == 240
    assert a.versions("popular")[0].downloads == 240


def test_one_version_raced_by_two_instances_is_published_once(stores: tuple[RegistryStore, RegistryStore]) -> None:
    a, b = stores
    results = race(
        [lambda s=s: s.add_version(new_version("raced"), owner="ada", owner_kind="user") for s in (a, b, a, b)]
    )
    assert results.count(None) == 1
    assert all(isinstance(r, VersionTaken) for r in results if r is not None)
    assert [v.version for v in a.versions("raced")] == ["1.0.0"]


def test_latest_counts_every_version_published_at_once(stores: tuple[RegistryStore, RegistryStore]) -> None:
    a, b = stores
    a.add_version(new_version("busy", "1.0.0"), owner="ada", owner_kind="user")
    versions = [f"1.{minor}.0" for minor in range(1, 9)]
    results = race(
        [
            lambda s=s, v=v: s.add_version(new_version("busy", v), owner="ada", owner_kind="user")
            for s, v in zip([a, b] * 4, versions, strict=True)
        ]
    )
    assert results == [None] * 8
    skill = b.skill("busy")
    assert skill is not None and skill.latest == "1.8.0"
    assert len(a.versions("busy")) == 9 and a.generation() == 9


@pytest.mark.parametrize("meanwhile", ["publish 1.1.0", "yank 1.0.0"])
def test_latest_is_computed_after_a_concurrent_publish_commits(
    stores: tuple[RegistryStore, RegistryStore], meanwhile: str
) -> None:
    """Instance A has recorded 1.2.0 but not committed yet when instance B publishes or yanks another version:
    B must wait and compute ``latest`` from both, or it would overwrite A's 1.2.0 when it commits after A."""
    a, b = stores
    a.add_version(new_version("busy", "1.0.0"), owner="ada", owner_kind="user")
    inside, release = threading.Event(), threading.Event()

    def slow_publish() -> None:
        with a.db.transaction():
            a.add_version(new_version("busy", "1.2.0"), owner="ada", owner_kind="user")
            inside.set()
            release.wait(30)

    def other_change() -> None:
        if meanwhile == "publish 1.1.0":
            b.add_version(new_version("busy", "1.1.0"), owner="ada", owner_kind="user")
        else:
            b.set_yanked("busy", "1.0.0", True, "broken")

    first = threading.Thread(target=slow_publish)
    first.start()
    assert inside.wait(30)
    second = threading.Thread(target=other_change)
    second.start()
    second.join(0.5)  # no event says "B is blocked": give it time to get as far as it can before A commits
    release.set()
    first.join(30)
    second.join(30)
    skill = b.skill("busy")
    assert skill is not None and skill.latest == "1.2.0"
    assert len(a.versions("busy")) == (3 if meanwhile.startswith("publish") else 2)


def test_a_new_name_claimed_by_two_publishers_at_once_has_one_owner(
    stores: tuple[RegistryStore, RegistryStore],
) -> None:
    a, b = stores
    results = race(
        [
            lambda: a.add_version(new_version("contested"), owner="ada", owner_kind="user"),
            lambda: b.add_version(new_version("contested", "1.0.1"), owner="bob", owner_kind="user"),
        ]
    )
    assert results.count(None) == 1 and any(isinstance(r, OwnerChanged) for r in results)
    skill = a.skill("contested")
    assert skill is not None
    assert [v.version for v in a.versions("contested")] == (["1.0.0"] if skill.owner == "ada" else ["1.0.1"])


def test_an_organisation_founded_at_once_on_two_instances_has_one_admin(
    stores: tuple[RegistryStore, RegistryStore],
) -> None:
    a, b = stores
    results = race([lambda: Accounts(a).ensure_org("acme", "ada"), lambda: Accounts(b).ensure_org("acme", "bob")])
    assert results.count(None) == 1 and any(isinstance(r, AccountError) for r in results)
    assert len(Accounts(a).members("acme")) == 1
    with pytest.raises(AccountError, match="reserved"):
        Accounts(b).ensure_org("cairn", "mallory")


def test_a_held_upload_is_taken_once_by_either_instance(stores: tuple[RegistryStore, RegistryStore]) -> None:
    a, b = stores
    upload = Accounts(a).hold_upload("ada", None, "0" * 64, "tar.gz", b"\x1f\x8b archive bytes")
    results = race([lambda: Accounts(a).take_upload(upload, "ada"), lambda: Accounts(b).take_upload(upload, "ada")])
    taken = [r for r in results if r is not None]
    assert len(taken) == 1 and taken[0].data == b"\x1f\x8b archive bytes"
    assert Accounts(b).take_upload(upload, "ada") is None
