"""Exports other tools can use: a mirrorable index, and a Claude Code plugin marketplace.

* ``index(reg)`` — ``GET /api/v1/index.json`` (schema: ``schemas/registry-index.schema.json``): every
  skill with every version, sha256 and absolute archive URL. A mirror copies the index and the
  archives, verifies each archive against its sha256, and serves both unchanged.
* ``claude_marketplace(reg)`` — ``GET /marketplace.tar.gz``: a folder Claude Code adds with
  ``/plugin marketplace add ./<folder>``: ``.claude-plugin/marketplace.json`` (``name``, ``owner``,
  ``plugins`` with relative ``source`` paths) and one plugin per skill
  (``plugins/<name>/.claude-plugin/plugin.json`` + ``plugins/<name>/skills/<name>/SKILL.md``), the
  layout Claude Code discovers skills in. Yanked versions and deprecated skills are left out.
"""

from __future__ import annotations

import gzip
import io
import json
import tarfile
import threading
import time
from typing import Any

from registry.archive import Limits, read_archive
from registry.context import Registry, version_entry
from registry.storage.rows import Skill

INDEX_FORMAT = "cairn-registry-index/1"
_cache: dict[tuple[int, int], bytes] = {}
_lock = threading.Lock()


def index(reg: Registry) -> dict[str, Any]:
    skills = []
    for skill in sorted(reg.store.all_skills(), key=lambda s: s.name):
        versions = []
        for row in reg.store.versions(skill.name):
            entry = version_entry(reg, row)
            entry["archive_url"] = reg.base_url + entry["archive_url"]
            versions.append(entry)
        skills.append(
            {
                "name": skill.name,
                "description": skill.description,
                "owner": skill.owner,
                "category": skill.category,
                "tags": skill.tags,
                "compatibility": skill.compatibility,
                "latest": skill.latest,
                "deprecated": skill.deprecated,
                "page_url": f"{reg.base_url}/skills/{skill.name}",
                "versions": versions,
            }
        )
    return {
        "format": INDEX_FORMAT,
        "registry": reg.base_url,
        "generated_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "skills": skills,
    }


def marketplace_manifest(reg: Registry, skills: list[Skill]) -> dict[str, Any]:
    return {
        "name": reg.settings.marketplace_name,
        "owner": {"name": "Cairn skills registry", "url": reg.base_url},
        "metadata": {"description": f"Skills published on {reg.base_url}", "version": str(reg.store.generation())},
        "plugins": [
            {
                "name": s.name,
                "source": f"./plugins/{s.name}",
                "description": s.description,
                "version": s.latest,
                "category": s.category or "skills",
                "keywords": s.tags,
                "homepage": f"{reg.base_url}/skills/{s.name}",
                "author": _author(reg, s),
            }
            for s in skills
        ],
    }


def claude_marketplace(reg: Registry) -> bytes:
    """The marketplace folder as a .tar.gz (top folder = the marketplace name), cached per generation."""
    key = (id(reg), reg.store.generation())
    with _lock:
        if key in _cache:
            return _cache[key]
    skills = sorted((s for s in reg.store.all_skills() if not s.deprecated), key=lambda s: s.name)
    top = reg.settings.marketplace_name
    limits = Limits.from_settings(reg.settings)
    buffer = io.BytesIO()
    # mtime=0 in the gzip header and every entry: the same registry state gives the same bytes.
    with gzip.GzipFile(fileobj=buffer, mode="wb", mtime=0) as gz, tarfile.open(fileobj=gz, mode="w") as tar:
        _add(tar, f"{top}/.claude-plugin/marketplace.json", _json(marketplace_manifest(reg, skills)))
        for skill in skills:
            row = reg.store.version(skill.name, skill.latest) if skill.latest else None
            data = reg.store.blobs.get(row.sha256) if row else None
            if row is None or data is None:
                continue
            plugin = {
                "name": skill.name,
                "version": skill.latest,
                "description": skill.description,
                "homepage": f"{reg.base_url}/skills/{skill.name}",
                "keywords": skill.tags,
                "author": _author(reg, skill),
                # Where it comes from, as the plugin manifest names it; left out when the skill says nothing.
                **{k: v for k, v in (("repository", skill.repository), ("license", skill.license)) if v},
            }
            base = f"{top}/plugins/{skill.name}"
            _add(tar, f"{base}/.claude-plugin/plugin.json", _json(plugin))
            contents = read_archive(data, limits)
            for path, content in contents.files.items():
                _add(tar, f"{base}/skills/{skill.name}/{path}", content, contents.mode(path))
    result = buffer.getvalue()
    with _lock:
        _cache.clear()
        _cache[key] = result
    return result


def _author(reg: Registry, skill: Skill) -> dict[str, str]:
    """The publisher (a person or an organisation) and their page on this registry."""
    return {"name": skill.owner, "url": f"{reg.base_url}/publishers/{skill.owner}"}


def _json(value: Any) -> bytes:
    return (json.dumps(value, indent=2, ensure_ascii=False) + "\n").encode()


def _add(tar: tarfile.TarFile, name: str, data: bytes, mode: int = 0o644) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mode = mode  # a published script's execute bit survives into the marketplace
    info.mtime = 0
    tar.addfile(info, io.BytesIO(data))
