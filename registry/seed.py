"""Publishing the built-in skills as the system scope (organisation ``cairn``) when the registry starts.

Each folder is packed reproducibly (sorted entries, zero times and owners, gzip mtime 0), so an
unchanged skill packs to the same sha256 and is skipped. A skill whose content changed is published
under its declared ``metadata.version``; if that version is already taken the change waits for a
version bump, because published versions never change.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import logging
import tarfile
from pathlib import Path

from registry import metadata
from registry.accounts import SYSTEM_ORG, Accounts
from registry.publish import PublishError, commit, prepare
from registry.settings import RegistrySettings
from registry.storage.store import RegistryStore
from skillslint.frontmatter import load

log = logging.getLogger(__name__)
DEFAULT_VERSION = "1.0.0"


def pack(folder: Path) -> bytes:
    """A reproducible .tar.gz of a skill folder, with the folder's name as the top entry."""
    buffer = io.BytesIO()
    with gzip.GzipFile(fileobj=buffer, mode="wb", mtime=0) as gz, tarfile.open(fileobj=gz, mode="w") as tar:
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()):
            relative = path.relative_to(folder)
            if any(part.startswith(".") or part == "__pycache__" for part in relative.parts):
                continue
            data = path.read_bytes()
            info = tarfile.TarInfo(f"{folder.name}/{relative.as_posix()}")
            info.size, info.mtime, info.uid, info.gid = len(data), 0, 0, 0
            info.mode = 0o755 if path.stat().st_mode & 0o111 else 0o644
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def seed_builtin(root: Path, store: RegistryStore, accounts: Accounts, settings: RegistrySettings) -> list[str]:
    """Publish new or changed built-in skills; returns ``name@version`` of each one published."""
    published: list[str] = []
    if not root.is_dir():
        return published
    for folder in sorted(p for p in root.iterdir() if (p / "SKILL.md").is_file()):
        data = pack(folder)
        frontmatter = load(folder / "SKILL.md").frontmatter or {}
        version = metadata.declared_version(frontmatter) or DEFAULT_VERSION
        name = str(frontmatter.get("name", folder.name))
        digest = hashlib.sha256(data).hexdigest()
        if digest in {v.sha256 for v in store.versions(name)}:
            continue
        try:
            prepared = prepare(
                data,
                publisher=SYSTEM_ORG,
                org=SYSTEM_ORG,
                version=version,
                settings=settings,
                store=store,
                accounts=accounts,
                system=True,
            )
            commit(prepared, store, accounts, system=True)
        except PublishError as exc:
            if exc.code == "version_exists" and digest in {v.sha256 for v in store.versions(name)}:
                continue  # another instance, starting at the same moment, published these very bytes
            log.warning("built-in skill %s not published: %s", folder.name, exc.message)
            continue
        published.append(f"{name}@{version}")
    return published
