"""Everything Cairn keeps under CAIRN_HOME is its owner's alone: 0700 folders, 0600 files, SQLite's
companions included, whatever the umask; a home an older version left open is tightened."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from servers.core.private import private_dir, private_file, tighten_tree
from servers.core.storage import Database
from servers.suite.settings import CairnSettings


def mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


def tree(root: Path) -> dict[Path, tuple[bool, int]]:
    """Every folder and file below ``root`` (links left out): whether it is a folder, and its mode. A file
    that vanishes while we look (SQLite drops -wal/-shm when a database closes) is left out."""
    found: dict[Path, tuple[bool, int]] = {}
    for path in root.rglob("*"):
        try:
            info = path.lstat()
        except FileNotFoundError:
            continue
        if not stat.S_ISLNK(info.st_mode):
            found[path] = (stat.S_ISDIR(info.st_mode), stat.S_IMODE(info.st_mode))
    return found


def too_open(root: Path) -> list[str]:
    """Paths others may use: folders must be 0700, files must have no group or other bits."""
    found = [] if mode(root) == 0o700 else [f"{root} {mode(root):o}"]
    for path, (folder, bits) in tree(root).items():
        if (folder and bits != 0o700) or (not folder and bits & 0o077):
            found.append(f"{path} {bits:o}")
    return found


@pytest.fixture
def open_umask() -> Iterator[None]:
    """No umask at all: every default mode would be 0666/0777, so only explicit modes keep data private."""
    previous = os.umask(0)
    try:
        yield
    finally:
        os.umask(previous)


def test_databases_and_their_companions_are_private(tmp_path: Path, open_umask: None) -> None:
    db = Database(tmp_path / "data" / "x.db")
    with db.transaction():
        db.execute("CREATE TABLE t (v)")
        db.execute("INSERT INTO t VALUES (1)")
    names = {p.name: mode(p) for p in (tmp_path / "data").iterdir()}
    db.close()
    assert {"x.db", "x.db-wal", "x.db-shm"} <= set(names)
    assert all(m == 0o600 for m in names.values()), names


def test_an_open_database_left_by_an_older_version_is_tightened(tmp_path: Path) -> None:
    first = Database(tmp_path / "x.db")
    first.execute("CREATE TABLE t (v)")
    for path in tmp_path.iterdir():
        path.chmod(0o644)
    second = Database(tmp_path / "x.db")
    found = {p.name: mode(p) for p in tmp_path.iterdir()}
    second.close()
    first.close()
    assert found == {"x.db": 0o600, "x.db-wal": 0o600, "x.db-shm": 0o600}


def test_data_dir_makes_home_and_component_private(tmp_path: Path, open_umask: None) -> None:
    settings = CairnSettings(home=tmp_path / "fresh" / "home")
    assert mode(settings.data_dir("memory")) == 0o700 and mode(settings.home) == 0o700
    old = tmp_path / "old-home"
    (old / "memory").mkdir(parents=True, mode=0o755)
    old.chmod(0o755)
    (old / "memory").chmod(0o755)
    CairnSettings(home=old).data_dir("memory")
    assert mode(old) == 0o700 and mode(old / "memory") == 0o700


def test_tighten_tree_keeps_owner_bits_and_leaves_links_alone(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "skills" / "user" / "tool" / "scripts").mkdir(parents=True)
    script = home / "skills" / "user" / "tool" / "scripts" / "run.sh"
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    notes = home / "memory.md"
    notes.write_text("x")
    notes.chmod(0o644)
    outside = tmp_path / "outside.txt"
    outside.write_text("not ours")
    outside.chmod(0o644)
    (home / "link").symlink_to(outside)
    for folder in [home, *[p for p in home.rglob("*") if p.is_dir() and not p.is_symlink()]]:
        folder.chmod(0o755)

    tighten_tree(home)
    assert too_open(home) == []
    assert mode(script) == 0o700  # still runnable by its owner
    assert mode(notes) == 0o600
    assert mode(outside) == 0o644  # the link's target is not Cairn's to change


def test_private_file_and_dir(tmp_path: Path, open_umask: None) -> None:
    assert mode(private_file(tmp_path / "f")) == 0o600
    assert mode(private_dir(tmp_path / "d")) == 0o700
    (tmp_path / "f").write_text("kept")
    private_file(tmp_path / "f")
    assert (tmp_path / "f").read_text() == "kept"


@pytest.mark.slow
def test_a_fresh_home_after_serve_all_is_private(settings, embedder, open_umask: None) -> None:  # type: ignore[no-untyped-def]
    """Every store `cairn serve all` opens, the OAuth files, and the registry's database and blobs."""
    from registry.app import create_app
    from servers.suite.endpoint import build_endpoint

    endpoint = build_endpoint("all", settings, transport="http", host="127.0.0.1", port=8765, auth="cairn")
    create_app(settings, base_url="http://127.0.0.1:8780")
    assert endpoint.authorization_server is not None
    home: Path = settings.home
    found = tree(home)
    files = {path: bits for path, (folder, bits) in found.items() if not folder}
    assert {"auth.db", "auth.db-wal", "memory.db", "memory.db-wal", "registry.db", "session.key"} <= {
        p.name for p in files
    }
    assert any("blobs" in p.parts for p in files)  # the seeded skills' archives
    assert [f"{p} {bits:o}" for p, bits in files.items() if bits & 0o077] == []
    # The folders Cairn's own helpers make: the home, each component's, the OAuth keys', the blob shards.
    made_by_cairn = [
        p for p, (folder, _) in found.items() if folder and (p.parent == home or "blobs" in p.parts or p.name == "keys")
    ]
    assert [f"{p} {found[p][1]:o}" for p in made_by_cairn if found[p][1] != 0o700] == [] and mode(home) == 0o700
    endpoint.authorization_server.provider.store.close()
