"""Secrets kept in files beside the data: random, created once, readable by their owner only."""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

from servers.core.private import private_dir


def secret_file(path: Path, *, min_length: int = 32) -> bytes:
    """The secret stored at ``path``, created on first use with mode 0600 in a folder only its owner may enter.

    Two processes starting together agree (exclusive create; the loser reads the winner's file). A
    file readable by others is tightened to 0600; one holding fewer than ``min_length`` bytes is
    replaced. New secrets are URL-safe text, so they can also be used as bearer tokens.
    """
    private_dir(path.parent)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        if stat.S_IMODE(path.stat().st_mode) & 0o077:
            path.chmod(0o600)
        value = path.read_bytes().strip()
        if len(value) >= min_length:
            return value
        fd = os.open(path, os.O_WRONLY | os.O_TRUNC, 0o600)
    value = secrets.token_urlsafe(max(min_length, 32)).encode("ascii")
    with os.fdopen(fd, "wb") as handle:
        handle.write(value + b"\n")
    return value
