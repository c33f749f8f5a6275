"""Where archive bytes live: a content-addressed, write-once blob store behind a small protocol.

The registry's metadata names an archive by its sha256 only; the bytes are kept by a :class:`BlobStore`.

| method                        | contract                                                               |
|-------------------------------|------------------------------------------------------------------------|
| ``put(sha256, data)``         | store ``data`` under its hash; refuses bytes whose hash differs        |
| ``put_stream(sha256, chunks)``| the same for bytes that arrive in pieces; returns the size            |
| ``get(sha256)``               | all the bytes, or None when there is no such blob                      |
| ``exists(sha256)``            | whether a complete blob is there                                       |
| ``size(sha256)``              | its length in bytes, or None                                           |

Every store keeps three promises: a blob is written once and never changed (a second ``put`` of the same
hash is a no-op), a reader sees the whole blob or nothing (never a torn write), and the bytes match their
name (checked on the way in, so a wrong hash is an error, not a corruption found at install time).

:class:`FileBlobStore` is the default: ``<root>/<first two hex>/<sha256>``, written to a temporary file in
the same folder, flushed and renamed into place. Several registry instances share it by pointing
``CAIRN_REGISTRY__BLOB_DIR`` at one shared directory (NFS, SMB, a mounted volume): a rename within one
directory is atomic there too, and two instances writing the same blob write the same bytes.

Object storage fits the same protocol without touching the rest of the registry. An S3 store would
hash the bytes, then ``PutObject`` to key ``blobs/<2 hex>/<sha256>`` with ``If-None-Match: *`` (write once;
a 412 means it is already there) and ``ChecksumSHA256`` (S3 refuses bytes that do not match); ``get`` is
``GetObject`` (NoSuchKey -> None), ``exists``/``size`` are ``HeadObject``. An object appears only when its
upload completes, so torn writes are impossible there. Add it as a class here and choose it in
:func:`open_blob_store` from a setting (e.g. ``CAIRN_REGISTRY__BLOB_URL=s3://bucket/prefix``).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from servers.core.private import private_dir

if TYPE_CHECKING:
    from registry.settings import RegistryServerSettings

_SHA256 = re.compile(r"^[0-9a-f]{64}$")
TEMP_PREFIX = ".incoming-"  # never a valid blob name, so a half-written file is never served


class BlobError(ValueError):
    """A blob that cannot be stored as asked: a malformed name, or bytes that do not match it."""


class BlobStore(Protocol):
    """Content-addressed, write-once storage of archive bytes (see the module docstring)."""

    def put(self, sha256: str, data: bytes) -> None: ...

    def put_stream(self, sha256: str, chunks: Iterable[bytes]) -> int: ...

    def get(self, sha256: str) -> bytes | None: ...

    def exists(self, sha256: str) -> bool: ...

    def size(self, sha256: str) -> int | None: ...


def check_name(sha256: str) -> str:
    """The name itself, if it is a lower-case hex sha256; a blob name is also a path, so nothing else passes."""
    if not _SHA256.match(sha256):
        raise BlobError(f"{sha256!r} is not a sha256 (64 lower-case hex digits)")
    return sha256


class FileBlobStore:
    """Blobs as files under ``root`` (``<root>/<first two hex>/<sha256>``)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        private_dir(root)

    def __repr__(self) -> str:
        return f"FileBlobStore({str(self.root)!r})"

    def path(self, sha256: str) -> Path:
        return self.root / sha256[:2] / check_name(sha256)

    def put(self, sha256: str, data: bytes) -> None:
        self.put_stream(sha256, (data,))

    def put_stream(self, sha256: str, chunks: Iterable[bytes]) -> int:
        """Write the chunks to a temporary file, check their hash, then rename it into place.

        Until the rename the blob does not exist for readers; a crash or an exception part way leaves at
        most a ``.incoming-*`` file, which no reader ever opens.
        """
        path = self.path(sha256)
        if path.is_file():
            return path.stat().st_size  # write once: this name already holds exactly these bytes
        private_dir(path.parent)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=TEMP_PREFIX)  # mkstemp makes it 0600
        digest = hashlib.sha256()
        size = 0
        try:
            with os.fdopen(fd, "wb") as handle:
                for chunk in chunks:
                    handle.write(chunk)
                    digest.update(chunk)
                    size += len(chunk)
                handle.flush()
                os.fsync(handle.fileno())
            if digest.hexdigest() != sha256:
                raise BlobError(f"the bytes hash to {digest.hexdigest()}, not {sha256}; nothing was stored")
            os.replace(tmp, path)  # atomic within a directory: readers see all of the blob or none of it
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
            raise
        _fsync_dir(path.parent)  # the rename itself survives a power cut
        return size

    def get(self, sha256: str) -> bytes | None:
        try:
            return self.path(sha256).read_bytes()
        except (FileNotFoundError, IsADirectoryError):
            return None

    def exists(self, sha256: str) -> bool:
        return self.path(sha256).is_file()

    def size(self, sha256: str) -> int | None:
        path = self.path(sha256)
        return path.stat().st_size if path.is_file() else None


def open_blob_store(settings: RegistryServerSettings) -> BlobStore:
    """The blob store the settings ask for: ``CAIRN_REGISTRY__BLOB_DIR``, else ``<CAIRN_HOME>/registry/blobs``."""
    root = settings.registry.blob_dir
    return FileBlobStore(root.expanduser() if root else settings.data_dir("registry") / "blobs")


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # some platforms and network file systems do not open directories
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)
