"""Compiled bytecode for Cairn's own modules where Python is told not to write any.

With ``PYTHONDONTWRITEBYTECODE`` set (many CI machines and containers), a package installed from a wheel
still has the bytecode compiled at install, but an editable install (a clone, ``uv sync``) has only its
sources: every ``cairn`` process then compiles Cairn's ~300 modules again, most of a second of CPU for
``serve all``. :func:`install` keeps that bytecode in Cairn's cache directory instead of beside the
sources, so the variable's wish (nothing written into the source tree) holds and each module is compiled
once per content.

Each file is a standard hash-checked ``.pyc`` (PEP 552): it is used only while the source's hash matches,
so an edited module is compiled afresh, never served stale. Files are named by the source's path, as a code
object names the file it came from (tracebacks point at the right checkout). Standard library only: this
runs before anything else in the ``cairn`` command, the hooks' client included, so it loads nothing that
command does not (no pathlib, hashlib or importlib.abc: tens of milliseconds on a hook's budget).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import marshal
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import CodeType, ModuleType

PACKAGES = ("servers", "registry", "skillslint")
_CHECKED_HASH = (0b11).to_bytes(4, "little")  # PEP 552 flags: hash-based, checked against the source


def default_directory() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "cairn", "bytecode", sys.implementation.cache_tag or "python")


def install(directory: str | None = None, *, packages: Sequence[str] = PACKAGES) -> bool:
    """Load ``packages`` through the cache from now on in this process, when Python itself writes no
    bytecode (else its own ``__pycache__`` already does this). Whether it was installed."""
    if not sys.flags.dont_write_bytecode or any(isinstance(f, CachedBytecodeFinder) for f in sys.meta_path):
        return False
    sys.meta_path.insert(0, CachedBytecodeFinder(directory or default_directory(), tuple(packages)))
    return True


class CachedBytecodeFinder:
    """Finds Cairn's modules as Python would, and loads them with :class:`CachedBytecodeLoader` (a meta path
    finder: Python calls :meth:`find_spec` before its own finders)."""

    def __init__(self, directory: str, packages: tuple[str, ...]) -> None:
        self.directory = directory
        self.packages = packages

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname.partition(".")[0] not in self.packages:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
            return spec
        spec.loader = CachedBytecodeLoader(fullname, spec.origin, self.directory)
        return spec


class CachedBytecodeLoader(importlib.machinery.SourceFileLoader):
    def __init__(self, fullname: str, path: str, directory: str) -> None:
        super().__init__(fullname, path)
        self.directory = directory

    def get_code(self, fullname: str) -> CodeType:
        source_path = self.get_filename(fullname)
        source = self.get_data(source_path)
        stamp = importlib.util.source_hash(source)
        header = importlib.util.MAGIC_NUMBER + _CHECKED_HASH + stamp
        where = importlib.util.source_hash(source_path.encode()).hex()
        cached = os.path.join(self.directory, f"{fullname}.{where}.pyc")
        try:
            with open(cached, "rb") as file:
                data = file.read()
        except OSError:
            data = b""
        if data.startswith(header):
            try:
                code = marshal.loads(data[len(header) :])
            except (ValueError, EOFError, TypeError):
                code = None
            if isinstance(code, CodeType):
                return code
        code = self.source_to_code(source, source_path)
        try:
            os.makedirs(self.directory, mode=0o700, exist_ok=True)  # code is run from here: the user's alone
            partial = os.path.join(self.directory, f".{fullname}.{where}.{os.getpid()}.tmp")
            with open(partial, "wb") as file:
                file.write(header + marshal.dumps(code))
            os.replace(partial, cached)  # a process starting at once reads the old file or this one, whole
        except OSError:
            pass  # a read-only or full disk only means compiling again next time
        return code
