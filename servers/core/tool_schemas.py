"""Tool schemas kept between starts, so a server starts without regenerating them.

fastmcp turns each tool function into JSON schemas with pydantic when the tool is registered: for the 80
tools of ``serve all`` that is most of building the servers, paid again by every process a host launches.
The result depends only on the code (Cairn's own, fastmcp's, pydantic's), on the function's signature, type
hints and docstring, and on the settings the servers are built from; so it is kept in a file named by a hash
of all of those, and a later start with the same code and settings reads it back instead.

What is cached is exactly what fastmcp's :class:`ParsedFunction` computes from a function's signature (name,
description, input and output schema); the rest of that object (the function itself, its return type) is
rebuilt from the function as fastmcp does. A function whose key cannot be made the same in every process
(not a plain function, a default whose text holds a memory address) is never served from the file: it is
parsed as usual. Arguments are still validated by pydantic at call time, from the function itself.

fastmcp has no public way to hand it a schema for a decorated tool, so :func:`enable` wraps
``ParsedFunction.from_function``; it does so only on the fastmcp version this was written against.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import logging
import os
import re
import sys
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_type_hints

log = logging.getLogger(__name__)

FORMAT = 1  # bump when what an entry holds changes
SUPPORTED_FASTMCP = ("4.1.",)  # ParsedFunction.from_function's shape is known for these
KEEP_FILES = 16  # listings of other code versions or settings kept beside the current one
_ADDRESS = " at 0x"  # in a repr: differs between processes, so the key would never match
# A function in a type hint (a discriminator, a validator) is named by its module and name; the code it runs
# is part of the sources' hash. Any other object shown by address keeps the function out of the cache.
_FUNCTION_ADDRESS = re.compile(r"(<function [\w.<>]+) at 0x[0-9a-f]+>")


def default_directory() -> Path:
    """``$XDG_CACHE_HOME/cairn/tool-schemas``, else ``~/.cache/cairn/tool-schemas``: shared by every
    CAIRN_HOME, since what is kept depends on the code and settings, not on the data."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cairn" / "tool-schemas"


def source_digest(roots: Iterable[Path]) -> str:
    """A hash of every file under ``roots`` (compiled bytecode aside), names and contents."""
    digest = hashlib.sha256()
    for root in roots:
        for path in sorted(root.rglob("*")):
            if "__pycache__" in path.parts or not path.is_file():
                continue
            digest.update(str(path.relative_to(root.parent)).encode())
            digest.update(b"\0")
            digest.update(path.read_bytes())
            digest.update(b"\0")
    return digest.hexdigest()


def library_versions() -> dict[str, str]:
    """The versions of what generates the schemas."""
    import importlib.metadata

    import fastmcp
    import pydantic
    import pydantic_core

    return {
        "python": sys.version,
        "fastmcp": fastmcp.__version__,
        "mcp": importlib.metadata.version("mcp"),
        "pydantic": pydantic.VERSION,
        "pydantic-core": pydantic_core.__version__,
    }


def code_key(*, roots: Iterable[Path], settings: Mapping[str, Any], environ: Mapping[str, str]) -> str:
    """The name of the file for this code and these settings: Cairn's sources under ``roots``, the library
    versions, ``settings`` (as JSON data) and fastmcp's own ``FASTMCP_*`` variables."""
    parts = {
        "format": FORMAT,
        "sources": source_digest(roots),
        "versions": library_versions(),
        "settings": settings,
        "fastmcp_environment": {k: v for k, v in sorted(environ.items()) if k.startswith("FASTMCP_")},
    }
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:32]


def function_key(fn: Callable[..., Any], validate: bool, wrap: bool) -> str | None:
    """What a function's schemas depend on beyond the code: its name, signature (defaults included), resolved
    type hints and docstring; ``None`` when that cannot be the same in another process."""
    if not inspect.isfunction(fn):
        return None
    try:
        signature = str(inspect.signature(fn))
    except (TypeError, ValueError):
        return None
    inner = inspect.unwrap(fn)
    try:
        hints = repr(sorted((name, repr(hint)) for name, hint in get_type_hints(inner, include_extras=True).items()))
    except Exception:  # unresolvable names: the raw annotations still say what was written
        hints = repr(sorted((k, repr(v)) for k, v in getattr(fn, "__annotations__", {}).items()))
    code = getattr(inner, "__code__", None)
    parts = [
        getattr(fn, "__module__", None),
        getattr(fn, "__qualname__", None),
        getattr(code, "co_filename", None),
        getattr(code, "co_firstlineno", None),
        signature,
        hints,
        fn.__doc__,
        validate,
        wrap,
    ]
    text = _FUNCTION_ADDRESS.sub(r"\1>", repr(parts))
    if _ADDRESS in text:
        return None
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass
class SchemaCache:
    """JSON entries kept for one code version and settings (here the tool schemas; the suite keeps its first
    answers in one too): read from ``path``, written back by :meth:`save`."""

    path: Path
    entries: dict[str, dict[str, Any]] = field(default_factory=dict)
    hits: int = 0
    misses: int = 0
    added: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def load(cls, path: Path) -> SchemaCache:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            entries = data["entries"] if data.get("format") == FORMAT else {}
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            entries = {}  # missing or unreadable: parse as usual, write a good one
        return cls(path=path, entries=entries if isinstance(entries, dict) else {})

    def get(self, key: str) -> dict[str, Any] | None:
        with self.lock:
            entry = self.entries.get(key)
            if entry is None:
                self.misses += 1
                return None
            self.hits += 1
            return _copy(entry)  # fastmcp may change a schema it is given; the cache must not change

    def put(self, key: str, entry: dict[str, Any]) -> None:
        with self.lock:
            self.entries[key] = _copy(entry)
            self.added = True

    def save(self) -> bool:
        """Write the file if this process parsed anything new; prune old files. Whether it wrote."""
        with self.lock:
            if not self.added:
                return False
            body = json.dumps({"format": FORMAT, "entries": self.entries}, sort_keys=True)
            self.added = False
        try:
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)  # what tools accept: the user's alone
            partial = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
            partial.write_text(body, encoding="utf-8")
            os.replace(partial, self.path)  # another process starting at once reads the old file or this one
            _prune(self.path.parent, keep=self.path)
        except OSError as exc:  # a read-only or full disk costs the next start time, nothing else
            log.debug("tool schemas not kept in %s: %s", self.path, exc)
            return False
        return True


def _copy(entry: dict[str, Any]) -> dict[str, Any]:
    # Schemas are JSON data: a round trip through the C encoder copies them faster than copy.deepcopy.
    copied: dict[str, Any] = json.loads(json.dumps(entry))
    return copied


def _prune(directory: Path, *, keep: Path) -> None:
    files = sorted(directory.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in [p for p in files if p != keep][KEEP_FILES:]:
        old.unlink(missing_ok=True)


_active: SchemaCache | None = None
_original: Any = None


def enable(path: Path) -> SchemaCache | None:
    """Serve parsed tool functions from the file at ``path`` from now on in this process; ``None`` when this
    fastmcp version is not one whose parsing is known here (schemas are then generated as usual)."""
    global _active, _original
    import fastmcp
    from fastmcp.tools.function_parsing import ParsedFunction

    if not fastmcp.__version__.startswith(SUPPORTED_FASTMCP):
        return None
    _active = SchemaCache.load(path)
    if _original is None:
        _original = ParsedFunction.__dict__["from_function"]
        ParsedFunction.from_function = classmethod(_from_function)  # type: ignore[method-assign,assignment]
    return _active


def disable() -> None:
    """Back to fastmcp's own parsing (the file is not written)."""
    global _active, _original
    from fastmcp.tools.function_parsing import ParsedFunction

    if _original is not None:
        ParsedFunction.from_function = _original  # type: ignore[method-assign]
        _original = None
    _active = None


def _from_function(
    cls: Any, fn: Callable[..., Any], validate: bool = True, wrap_non_object_output_schema: bool = True
) -> Any:
    from fastmcp.tools.function_parsing import ParsedFunction

    cache = _active
    original = _original.__get__(None, cls)
    key = function_key(fn, validate, wrap_non_object_output_schema) if cache is not None else None
    if cache is None or key is None or cls is not ParsedFunction:
        return original(fn, validate, wrap_non_object_output_schema)
    entry = cache.get(key)
    if entry is None:
        parsed = original(fn, validate, wrap_non_object_output_schema)
        cache.put(
            key,
            {
                "name": parsed.name,
                "description": parsed.description,
                "input_schema": parsed.input_schema,
                "output_schema": parsed.output_schema,
            },
        )
        return parsed
    return cls(
        fn=_prepared(fn),
        name=entry["name"],
        description=entry["description"],
        input_schema=entry["input_schema"],
        output_schema=entry["output_schema"],
        return_type=_return_type(fn),
    )


def _prepared(fn: Callable[..., Any]) -> Callable[..., Any]:
    # The function as fastmcp's own parsing leaves it: injected parameters (Context) made dependencies.
    from fastmcp.server.dependencies import transform_context_annotations

    return transform_context_annotations(fn)


def _return_type(fn: Callable[..., Any]) -> Any:
    # As fastmcp's parsing reads it: the annotation, resolved when it is a string (postponed annotations).
    annotation = inspect.signature(fn).return_annotation
    if isinstance(annotation, str):
        try:
            return get_type_hints(fn, include_extras=True).get("return", annotation)
        except Exception:
            return annotation
    return annotation
