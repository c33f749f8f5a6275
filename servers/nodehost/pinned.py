"""Reads and writes bound to one real path, checked earlier (and perhaps approved by the user).

A path is checked, then used: in between, any folder on the way can be swapped for a symlink that leads
elsewhere (into Cairn's data, or to a file the user never approved). Here every folder from ``/`` down is
opened with ``O_NOFOLLOW`` relative to the one before, and the file itself too, so a symlink anywhere on
the way makes the operation fail with :class:`TargetChanged` instead of landing somewhere else. The paths
given must be real paths (no symlinks), as :mod:`paths` produces them. A read also judges the file it
actually opened (``refuse``, given its ``fstat``): a hard link is the same file under another name, which
only its identity tells apart, and only the open descriptor's identity is the one read.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Callable

from servers.nodehost.errors import InputError, TargetChanged

# O_PATH (Linux) opens a folder that may be searched but not listed; elsewhere reading rights are needed.
_FOLDER = getattr(os, "O_PATH", os.O_RDONLY) | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_SWAPPED = (errno.ELOOP, errno.ENOTDIR, errno.EMLINK)


def _changed(path: str) -> TargetChanged:
    return TargetChanged(f"{path} changed while it was in use (a symlink appeared on its way); nothing was done")


def open_folder(path: str, *, create: bool = False) -> int:
    """A descriptor of the folder at the real path ``path``, reached without following any symlink."""
    fd = os.open(os.sep, _FOLDER)
    try:
        for part in [p for p in path.split(os.sep) if p]:
            try:
                step = _open_step(part, fd, path)
            except FileNotFoundError:
                if not create:
                    raise
                with contextlib.suppress(FileExistsError):
                    os.mkdir(part, 0o777, dir_fd=fd)
                step = _open_step(part, fd, path)
            os.close(fd)
            fd = step
    except BaseException:
        os.close(fd)
        raise
    return fd


def _open_step(part: str, fd: int, path: str) -> int:
    try:
        return os.open(part, _FOLDER, dir_fd=fd)
    except OSError as exc:
        if exc.errno in _SWAPPED:
            raise _changed(path) from None
        raise


def read_bytes(path: str, max_bytes: int, *, refuse: Callable[[os.stat_result], str | None] | None = None) -> bytes:
    """The content of the regular file at the real path ``path`` (at most ``max_bytes``, else InputError);
    ``refuse`` says why the opened file may not be read (then InputError), or None."""
    folder = open_folder(os.path.dirname(path))
    try:
        try:
            # O_NONBLOCK: a FIFO swapped in would otherwise block the open until someone writes to it.
            fd = os.open(os.path.basename(path), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC,
                         dir_fd=folder)  # fmt: skip
        except OSError as exc:
            if exc.errno in _SWAPPED:
                raise _changed(path) from None
            raise
    finally:
        os.close(folder)
    with os.fdopen(fd, "rb") as handle:
        st = os.fstat(handle.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise InputError(f"{path} is not a regular file")
        if refuse is not None and (reason := refuse(st)):
            raise InputError(f"{path} is {reason}: nodehost never reads it")
        if st.st_size > max_bytes:
            raise InputError(f"{path} is {st.st_size:,} bytes, over the {max_bytes:,}-byte limit for this tool")
        return handle.read(max_bytes + 1)[:max_bytes]


def write_bytes(path: str, data: bytes, *, umask: int) -> bool:
    """Replace the file at the real path ``path`` atomically (temp file, fsync, rename); True when it is new.

    The temporary file is created and renamed inside the folder descriptor, so the rename cannot be
    redirected; an existing symlink (or anything but a regular file) at the target is refused.
    """
    folder = open_folder(os.path.dirname(path), create=True)
    name = os.path.basename(path)
    try:
        try:
            existing: os.stat_result | None = os.stat(name, dir_fd=folder, follow_symlinks=False)
        except FileNotFoundError:
            existing = None
        if existing is not None and not stat.S_ISREG(existing.st_mode):
            raise _changed(path)
        mode = stat.S_IMODE(existing.st_mode) if existing else 0o666 & ~umask
        tmp = f".{name}.{secrets.token_hex(4)}.cairn-tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600, dir_fd=folder)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fchmod(handle.fileno(), mode)
                os.fsync(handle.fileno())
            os.replace(tmp, name, src_dir_fd=folder, dst_dir_fd=folder)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp, dir_fd=folder)
            raise
        _sync_folder(folder)
    finally:
        os.close(folder)
    return existing is None


def _sync_folder(folder: int) -> None:
    # The rename survives a crash only once the folder is flushed; an O_PATH descriptor cannot be synced,
    # so the folder is opened again (through the descriptor, not by name) for that.
    try:
        fd = os.open(".", os.O_RDONLY | os.O_CLOEXEC, dir_fd=folder)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)
