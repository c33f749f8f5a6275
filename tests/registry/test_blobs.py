"""The file blob store: today's on-disk layout, bytes checked against their name, written once, never torn."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from registry.blobs import TEMP_PREFIX, BlobError, FileBlobStore, open_blob_store
from servers.suite.settings import CairnSettings
from tests.conftest import REPO_ROOT


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def visible(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file() and not p.name.startswith(TEMP_PREFIX))


def temps(root: Path) -> list[Path]:
    return sorted(root.rglob(f"{TEMP_PREFIX}*"))


def test_put_get_keep_the_blobs_two_hex_layout(tmp_path: Path) -> None:
    store = FileBlobStore(tmp_path / "blobs")
    data = b"archive bytes" * 100
    name = sha(data)
    assert not store.exists(name) and store.get(name) is None and store.size(name) is None
    store.put(name, data)
    assert (tmp_path / "blobs" / name[:2] / name).read_bytes() == data  # unchanged on disk: blobs/<2 hex>/<sha>
    assert store.get(name) == data and store.exists(name) and store.size(name) == len(data)
    assert visible(tmp_path / "blobs") == [tmp_path / "blobs" / name[:2] / name] and not temps(tmp_path)


def test_a_blob_is_written_once(tmp_path: Path) -> None:
    store = FileBlobStore(tmp_path)
    data = b"first"
    store.put(sha(data), data)
    before = os.stat(store.path(sha(data)))
    store.put(sha(data), data)
    after = os.stat(store.path(sha(data)))
    assert (before.st_ino, before.st_mtime_ns) == (after.st_ino, after.st_mtime_ns)


def test_bytes_that_do_not_match_their_hash_are_refused(tmp_path: Path) -> None:
    store = FileBlobStore(tmp_path)
    claimed = sha(b"what the metadata says")
    with pytest.raises(BlobError, match="nothing was stored"):
        store.put(claimed, b"something else")
    assert not store.exists(claimed) and store.get(claimed) is None
    assert visible(tmp_path) == [] and temps(tmp_path) == []


@pytest.mark.parametrize("name", ["../../etc/passwd", "A" * 64, "abc", sha(b"x") + "/..", ""])
def test_only_sha256_names_are_accepted(tmp_path: Path, name: str) -> None:
    store = FileBlobStore(tmp_path / "blobs")
    with pytest.raises(BlobError):
        store.put(name, b"x")
    with pytest.raises(BlobError):
        store.get(name)


def test_a_write_that_fails_part_way_leaves_nothing_visible(tmp_path: Path) -> None:
    store = FileBlobStore(tmp_path)
    data = os.urandom(300_000)

    def chunks() -> Iterator[bytes]:
        yield data[:100_000]
        raise ConnectionResetError("the client went away")

    with pytest.raises(ConnectionResetError):
        store.put_stream(sha(data), chunks())
    assert not store.exists(sha(data)) and store.get(sha(data)) is None
    assert visible(tmp_path) == [] and temps(tmp_path) == []
    assert store.put_stream(sha(data), (data[i : i + 65536] for i in range(0, len(data), 65536))) == len(data)
    assert store.get(sha(data)) == data


_KILLED_WRITER = """
import sys, time
from pathlib import Path
from registry.blobs import FileBlobStore

def chunks():
    yield b"a" * 1_000_000
    print("half written", flush=True)
    time.sleep(600)  # killed here, in the middle of the blob
    yield b"b" * 1_000_000

FileBlobStore(Path(sys.argv[1])).put_stream(sys.argv[2], chunks())
"""


def test_a_process_killed_mid_write_never_leaves_a_partial_blob(tmp_path: Path) -> None:
    root = tmp_path / "blobs"
    data = b"a" * 1_000_000 + b"b" * 1_000_000
    child = subprocess.Popen(
        [sys.executable, "-c", _KILLED_WRITER, str(root), sha(data)],
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "half written"
        [partial] = temps(root)
        assert partial.stat().st_size == 1_000_000  # the first half really is on disk...
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    store = FileBlobStore(root)
    assert not store.exists(sha(data)) and store.get(sha(data)) is None  # ...and no reader can see it
    assert visible(root) == []
    store.put(sha(data), data)  # the upload is simply tried again
    assert store.get(sha(data)) == data


def test_concurrent_writers_of_one_blob_agree(tmp_path: Path) -> None:
    store = FileBlobStore(tmp_path)
    data = os.urandom(500_000)
    errors: list[BaseException] = []

    def put() -> None:
        try:
            FileBlobStore(tmp_path).put(sha(data), data)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=put) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and store.get(sha(data)) == data and temps(tmp_path) == []


def test_the_blob_directory_is_a_setting(tmp_path: Path) -> None:
    default = open_blob_store(CairnSettings(home=tmp_path / "home"))
    assert isinstance(default, FileBlobStore) and default.root == tmp_path / "home" / "registry" / "blobs"
    shared = open_blob_store(CairnSettings(home=tmp_path / "home", registry={"blob_dir": tmp_path / "shared"}))
    assert isinstance(shared, FileBlobStore) and shared.root == tmp_path / "shared" and shared.root.is_dir()
