"""Reading an uploaded skill archive without trusting it.

Everything is checked in memory before a byte reaches the disk: the archive's own size, the number
of entries, each path (no absolute paths, ``..``, drive letters or backslashes — zip-slip), entry
types (regular files and folders only: no symbolic or hard links, devices or FIFOs), each file's
size, the total unpacked size, and the ratio of unpacked to packed bytes (zip bombs). Sizes are
counted while decompressing, so a header that lies about a size cannot get more through.

Which files are executable is kept (any execute bit in the entry's mode): the linter judges a script by
it (SR308), and the marketplace export hands it on, so a script shipped 0755 stays runnable.
"""

from __future__ import annotations

import gzip
import io
import stat
import tarfile
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import IO, cast

from registry.settings import RegistrySettings

SKILL_FILE = "SKILL.md"
_JUNK = ("__MACOSX/", ".DS_Store")


class ArchiveError(ValueError):
    """An archive refused before anything was stored; ``code`` is stable, the message says why."""

    def __init__(self, code: str, message: str, status: int = 422) -> None:
        super().__init__(message)
        self.code, self.message, self.status = code, message, status


@dataclass(frozen=True)
class Limits:
    archive_bytes: int
    unpacked_bytes: int
    files: int
    file_bytes: int
    ratio: float

    @classmethod
    def from_settings(cls, settings: RegistrySettings) -> Limits:
        return cls(
            settings.max_archive_bytes,
            settings.max_unpacked_bytes,
            settings.max_files,
            settings.max_file_bytes,
            settings.max_ratio,
        )


@dataclass(frozen=True)
class Contents:
    format: str  # "tar.gz" or "zip"
    files: dict[str, bytes]  # POSIX paths relative to the skill folder
    executable: frozenset[str] = frozenset()  # those of ``files`` whose mode has an execute bit

    def mode(self, path: str) -> int:
        """The mode to write ``path`` with: the archive's execute bits made plain 0755, else 0644."""
        return 0o755 if path in self.executable else 0o644


def detect_format(data: bytes) -> str:
    if data[:4] in (b"PK\x03\x04", b"PK\x05\x06"):
        return "zip"
    if data[:2] == b"\x1f\x8b":
        return "tar.gz"
    raise ArchiveError("bad_archive", "not a .zip or .tar.gz archive (the upload's first bytes say neither)")


def read_archive(data: bytes, limits: Limits) -> Contents:
    if len(data) > limits.archive_bytes:
        raise ArchiveError(
            "too_large", f"the archive is {len(data)} bytes; the limit is {limits.archive_bytes} bytes", 413
        )
    fmt = detect_format(data)
    executable: set[str] = set()
    entries = _read_zip(data, limits, executable) if fmt == "zip" else _read_tar(data, limits, executable)
    files, root = _skill_files(entries)
    return Contents(fmt, files, frozenset(p[len(root) :] for p in executable if p[len(root) :] in files))


def _check_path(name: str) -> str | None:
    """The normalised relative path of an entry, None for a folder; refuses anything that could escape."""
    if "\\" in name or "\x00" in name or name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        raise ArchiveError("unsafe_path", f"archive entry {name!r} has an absolute or non-portable path")
    parts = [p for p in PurePosixPath(name).parts if p not in ("", ".")]
    if ".." in parts:
        raise ArchiveError("unsafe_path", f"archive entry {name!r} points outside the skill folder (zip-slip)")
    if not parts or name.endswith("/"):
        return None
    if len(name) > 300 or len(parts) > 12:
        raise ArchiveError("unsafe_path", f"archive entry {name[:80]!r}… is nested too deep or named too long")
    return "/".join(parts)


class _Budget:
    def __init__(self, limits: Limits, packed: int) -> None:
        self.limits, self.packed, self.total = limits, max(packed, 1), 0

    def add(self, name: str, size: int) -> None:
        if size > self.limits.file_bytes:
            raise ArchiveError(
                "too_large", f"{name} unpacks to {size} bytes; one file may hold {self.limits.file_bytes}", 413
            )
        self.total += size
        if self.total > self.limits.unpacked_bytes:
            raise ArchiveError("too_large", f"the archive unpacks to more than {self.limits.unpacked_bytes} bytes", 413)
        if self.total > 1_000_000 and self.total / self.packed > self.limits.ratio:
            raise ArchiveError(
                "zip_bomb",
                f"the archive expands more than {self.limits.ratio:.0f}× its size; refused as a possible zip bomb",
            )


def _read_limited(handle: IO[bytes], name: str, declared: int, budget: _Budget) -> bytes:
    data = handle.read(declared + 1)
    if len(data) != declared:
        raise ArchiveError("bad_archive", f"{name}: its size does not match the archive's header")
    budget.add(name, len(data))
    return data


def _read_zip(data: bytes, limits: Limits, executable: set[str]) -> dict[str, bytes]:
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError) as exc:
        raise ArchiveError("bad_archive", f"not a readable zip archive ({exc})") from None
    with zf:
        members = zf.infolist()
        if len(members) > limits.files:
            raise ArchiveError("too_many_files", f"the archive has {len(members)} entries; the limit is {limits.files}")
        declared = sum(m.file_size for m in members)
        if declared > limits.unpacked_bytes:
            raise ArchiveError(
                "too_large", f"the archive unpacks to {declared} bytes (limit {limits.unpacked_bytes})", 413
            )
        budget = _Budget(limits, len(data))
        out: dict[str, bytes] = {}
        for member in members:
            mode = member.external_attr >> 16
            if stat.S_ISLNK(mode):
                raise ArchiveError(
                    "symlink", f"archive entry {member.filename!r} is a symbolic link; links are refused"
                )
            # Many zip writers leave the type bits empty; only a type that is set and is not a file or folder counts.
            if stat.S_IFMT(mode) and not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
                raise ArchiveError("special_file", f"archive entry {member.filename!r} is not a plain file or folder")
            if member.flag_bits & 0x1:
                raise ArchiveError("bad_archive", f"archive entry {member.filename!r} is encrypted")
            path = _check_path(member.filename)
            if path is None or member.is_dir():
                continue
            if path in out:
                raise ArchiveError("bad_archive", f"archive entry {path!r} appears twice")
            # Unix zip writers keep the mode in the high half of external_attr; others leave it 0.
            if mode & 0o111:
                executable.add(path)
            try:
                with zf.open(member) as handle:
                    out[path] = _read_limited(handle, path, member.file_size, budget)
            except (zipfile.BadZipFile, zlib.error, NotImplementedError, EOFError) as exc:
                raise ArchiveError("bad_archive", f"{path}: cannot be decompressed ({exc})") from None
        return out


class _CountingReader(io.RawIOBase):
    """Decompressed bytes pass through here, so a gzip bomb stops at the limit, not at the end."""

    def __init__(self, inner: IO[bytes], limit: int, packed: int, ratio: float) -> None:
        self.inner, self.limit, self.packed, self.ratio, self.count = inner, limit, max(packed, 1), ratio, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        chunk = self.inner.read(len(buffer))
        self.count += len(chunk)
        if self.count > self.limit:
            raise ArchiveError("too_large", f"the archive unpacks to more than {self.limit} bytes", 413)
        if self.count > 1_000_000 and self.count / self.packed > self.ratio:
            raise ArchiveError(
                "zip_bomb", f"the archive expands more than {self.ratio:.0f}× its size; refused as a possible zip bomb"
            )
        buffer[: len(chunk)] = chunk
        return len(chunk)


def _read_tar(data: bytes, limits: Limits, executable: set[str]) -> dict[str, bytes]:
    # tar headers and padding add up to ~1 KB per entry on top of the file bytes themselves.
    stream = _CountingReader(
        cast(IO[bytes], gzip.GzipFile(fileobj=io.BytesIO(data))),
        limits.unpacked_bytes + 1024 * (limits.files + 2),
        len(data),
        limits.ratio,
    )
    out: dict[str, bytes] = {}
    budget = _Budget(limits, len(data))
    count = 0
    try:
        with tarfile.open(fileobj=io.BufferedReader(stream), mode="r|") as tf:
            for member in tf:
                count += 1
                if count > limits.files:
                    raise ArchiveError("too_many_files", f"the archive has more than {limits.files} entries")
                if member.issym() or member.islnk():
                    raise ArchiveError("symlink", f"archive entry {member.name!r} is a link; links are refused")
                if not (member.isfile() or member.isdir()):
                    raise ArchiveError("special_file", f"archive entry {member.name!r} is not a plain file or folder")
                path = _check_path(member.name + ("/" if member.isdir() else ""))
                if path is None:
                    continue
                if path in out:
                    raise ArchiveError("bad_archive", f"archive entry {path!r} appears twice")
                budget.add(path, member.size)
                if member.mode & 0o111:
                    executable.add(path)
                handle = tf.extractfile(member)
                assert handle is not None
                content = handle.read()
                if len(content) != member.size:
                    raise ArchiveError("bad_archive", f"{path}: the archive ends inside this file")
                out[path] = content
    except (tarfile.TarError, OSError, EOFError, zlib.error) as exc:
        raise ArchiveError("bad_archive", f"not a readable .tar.gz archive ({exc})") from None
    return out


def _skill_files(entries: dict[str, bytes]) -> tuple[dict[str, bytes], str]:
    """The files of the one skill in the archive (SKILL.md at the top, or in a single top folder), relative
    to that folder, and the folder ("" or "name/")."""
    files = {p: b for p, b in entries.items() if not any(p.startswith(j) or p.endswith(j) for j in _JUNK)}
    skill_mds = [p for p in files if p.rsplit("/", 1)[-1] == SKILL_FILE and p.count("/") <= 1]
    if not skill_mds:
        raise ArchiveError("no_skill", "no SKILL.md at the top of the archive (or in its single top folder)")
    if len(skill_mds) > 1:
        shown = ", ".join(sorted(skill_mds)[:5])
        raise ArchiveError("multiple_skills", f"the archive holds more than one skill ({shown}); publish one at a time")
    root = skill_mds[0][: -len(SKILL_FILE)]
    outside = [p for p in files if not p.startswith(root)]
    if outside:
        raise ArchiveError(
            "multiple_skills", f"files outside the skill folder {root.rstrip('/')!r}: {', '.join(outside[:3])}"
        )
    return {p[len(root) :]: b for p, b in sorted(files.items())}, root
