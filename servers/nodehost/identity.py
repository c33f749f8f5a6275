"""Hard links into Cairn's data: the same file under a second name, which no path check can see.

A hard link in a workspace to ``$CAIRN_HOME/nodehost/token`` *is* the token: its real path is the link's own
name, inside the workspace, so every path check passes it (and neither a symlink check nor the bubblewrap
sandbox sees it). What gives it away is the file's identity, its device and inode number, which it shares
with the protected name, and its link count, which is then above one. Cairn never gives its own files a
second name, so the protected files with more than one link are normally none at all, and finding them
means walking only Cairn's data folders, not the workspace.

A snapshot of those files is reused for a file whose inode has not changed since the snapshot began:
linking or unlinking a name changes the inode's ``ctime``, so a file changed later (a link made a moment
ago) makes the next question take a fresh snapshot. :func:`linked_files` always takes a fresh one.
"""

from __future__ import annotations

import os
import stat
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass

SCAN_LIMIT = 200_000  # entries of Cairn's data folders walked before giving up (and refusing)
# Inode times come from the kernel's coarse clock, a tick behind time.time_ns(): a snapshot is trusted only
# for files whose inode changed well before it began.
MARGIN_NS = 1_000_000_000

Identity = tuple[int, int]  # (st_dev, st_ino)


class TooManyFiles(Exception):
    """Cairn's data folders hold more entries than a snapshot may walk."""


@dataclass(frozen=True)
class _Snapshot:
    began_ns: int
    linked: frozenset[Identity]


_lock = threading.Lock()
_snapshots: dict[tuple[str, ...], _Snapshot] = {}


def identity(st: os.stat_result) -> Identity:
    return st.st_dev, st.st_ino


def may_be_linked(st: os.stat_result) -> bool:
    """Whether ``st`` could be a second name of another file: a regular file with more than one link."""
    return stat.S_ISREG(st.st_mode) and st.st_nlink > 1


def linked_files(protected: Sequence[str]) -> frozenset[Identity]:
    """The identities of the regular files inside ``protected`` (real paths) that have more than one name,
    walked now (symlinks are not followed: a symlink is a name of its own, checked by path)."""
    began = time.time_ns()
    found: set[Identity] = set()
    count = 0
    stack: list[str] = []
    for root in protected:
        try:
            st = os.stat(root, follow_symlinks=False)
        except OSError:
            continue
        if stat.S_ISDIR(st.st_mode):
            stack.append(root)
        elif may_be_linked(st):
            found.add(identity(st))
    while stack:
        try:
            entries = list(os.scandir(stack.pop()))
        except OSError:
            continue
        for entry in entries:
            count += 1
            if count > SCAN_LIMIT:
                raise TooManyFiles(f"Cairn's data folders hold over {SCAN_LIMIT:,} entries")
            try:
                if entry.is_dir(follow_symlinks=False):
                    stack.append(entry.path)
                elif entry.is_file(follow_symlinks=False) and may_be_linked(st := entry.stat(follow_symlinks=False)):
                    found.add(identity(st))
            except OSError:  # removed while walking
                continue
    linked = frozenset(found)
    with _lock:
        _snapshots[tuple(protected)] = _Snapshot(began, linked)
    return linked


def is_linked_to(st: os.stat_result, protected: Sequence[str]) -> bool:
    """Whether the file ``st`` describes is also a file inside ``protected``: one of its other names."""
    if not protected or not may_be_linked(st):
        return False
    with _lock:
        snapshot = _snapshots.get(tuple(protected))
    if snapshot is not None and st.st_ctime_ns < snapshot.began_ns - MARGIN_NS:
        return identity(st) in snapshot.linked
    try:
        return identity(st) in linked_files(protected)
    except TooManyFiles:
        return True  # cannot tell: a file with several names is treated as Cairn's
