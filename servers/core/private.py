"""Folders and files under ``CAIRN_HOME`` that only their owner may read: 0700 directories, 0600 files.

The data holds memories, password hashes, tokens and keys, so nothing in it should be readable by other
users of the machine, whatever the process umask says. Modes are set per path (``mkdir``/``open`` with a
mode, then ``chmod`` when a path already existed too open) rather than with ``os.umask``, which is global
to the process and would race with every other thread creating files.
"""

from __future__ import annotations

import contextlib
import logging
import os
import stat
from pathlib import Path

log = logging.getLogger(__name__)

_OTHERS = 0o077  # the group and other permission bits


def private_dir(path: Path) -> Path:
    """``path`` as a directory only its owner may enter (0700), created when missing, tightened when too open.

    Missing parents above ``path`` are created with the usual modes: they are outside what Cairn owns.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        path.mkdir(mode=0o700)
    tighten(path)
    return path


def private_file(path: Path) -> Path:
    """Create ``path`` empty with mode 0600 when missing (so that whoever fills it never makes it 0644);
    tighten it when it exists too open."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        tighten(path)
    return path


def tighten(path: Path) -> None:
    """Drop the group and other bits of ``path`` (the owner's own bits stay, e.g. a script's x).

    Symbolic links are left alone: chmod would change their target, which may be anywhere. A path owned by
    another user cannot be changed by us; that is logged, not raised, since the data still works.
    """
    try:
        info = path.lstat()
    except FileNotFoundError:
        return
    if stat.S_ISLNK(info.st_mode) or not stat.S_IMODE(info.st_mode) & _OTHERS:
        return
    mode = stat.S_IMODE(info.st_mode) & ~_OTHERS
    if stat.S_ISDIR(info.st_mode):
        mode |= 0o700
    try:
        path.chmod(mode)
    except OSError as exc:
        log.warning("could not make %s private (mode %o): %s", path, stat.S_IMODE(info.st_mode), exc)


def tighten_tree(root: Path) -> None:
    """Make an existing data directory private: ``root`` and everything below it, without following links.

    Run when a server starts, so that a home made by an older version, or a file another tool left 0644,
    does not stay readable by others.
    """
    if not root.is_dir():
        return
    tighten(root)
    for folder, dirs, files in os.walk(root, followlinks=False):
        for name in (*dirs, *files):
            tighten(Path(folder) / name)
