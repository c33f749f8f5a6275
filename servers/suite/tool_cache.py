"""Where ``cairn serve`` keeps its tools' schemas between starts (see :mod:`servers.core.tool_schemas`)."""

from __future__ import annotations

import importlib.util
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from servers.core import tool_schemas
from servers.suite.settings import CairnSettings

# Cairn's own packages: a change to any file in them may change a schema, so each is part of the key.
PACKAGES = ("servers", "registry", "skillslint")


def source_roots() -> list[Path]:
    roots: list[Path] = []
    for name in PACKAGES:
        spec = importlib.util.find_spec(name)
        if spec is not None:
            roots += [Path(p) for p in spec.submodule_search_locations or []]
    return roots


def code_key(settings: CairnSettings) -> str:
    """A hash of this code and these settings (:func:`servers.core.tool_schemas.code_key`). The home is left
    out: it says where the data lives, which no schema or listing mentions, and leaving it out lets every
    CAIRN_HOME share what is kept. Computed once per process for given settings (it reads every source file)."""
    dumped = settings.model_dump(mode="json", exclude={"home"})
    environment = {k: v for k, v in os.environ.items() if k.startswith("FASTMCP_")}
    memo = json.dumps([dumped, environment], sort_keys=True, default=str)
    if memo not in _keys:
        _keys[memo] = tool_schemas.code_key(roots=source_roots(), settings=dumped, environ=environment)
    return _keys[memo]


_keys: dict[str, str] = {}


def cache_file(settings: CairnSettings, directory: Path | None = None) -> Path:
    """The schema file for this code and these settings."""
    return (directory or tool_schemas.default_directory()) / f"{code_key(settings)}.json"


@contextmanager
def schemas_kept(settings: CairnSettings, directory: Path | None = None) -> Iterator[tool_schemas.SchemaCache | None]:
    """Build servers inside this block to read their tool schemas from the file kept for this code and these
    settings, and to write what was missing when the block ends. Does nothing when the setting is off."""
    if not settings.tool_schema_cache:
        yield None
        return
    cache = tool_schemas.enable(cache_file(settings, directory))
    try:
        yield cache
    finally:
        tool_schemas.disable()
        if cache is not None:
            cache.save()
