"""Cairn's bytecode kept in its cache directory: used while the source is unchanged, never once it changes."""

from __future__ import annotations

import importlib
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from servers.core import bytecode
from tests.conftest import REPO_ROOT


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, Path]]:
    """A package ``cachedemo`` on the path, loaded through the cache; (its source folder, the cache)."""
    source = tmp_path / "src" / "cachedemo"
    source.mkdir(parents=True)
    (source / "__init__.py").write_text("")
    (source / "mod.py").write_text("VALUE = 1\n")
    cache = tmp_path / "cache"
    finder = bytecode.CachedBytecodeFinder(str(cache), ("cachedemo",))
    monkeypatch.syspath_prepend(str(source.parent))
    sys.meta_path.insert(0, finder)
    try:
        yield source, cache
    finally:
        sys.meta_path.remove(finder)
        for name in [m for m in sys.modules if m.partition(".")[0] == "cachedemo"]:
            del sys.modules[name]


def fresh_import() -> Any:
    sys.modules.pop("cachedemo.mod", None)
    importlib.invalidate_caches()
    return importlib.import_module("cachedemo.mod")


def test_a_module_is_compiled_once_into_the_cache_and_read_back(package: tuple[Path, Path]) -> None:
    source, cache = package
    assert fresh_import().VALUE == 1
    files = sorted(cache.glob("cachedemo.mod.*.pyc"))
    assert len(files) == 1
    assert not (source / "__pycache__").exists()  # nothing written beside the sources
    assert cache.stat().st_mode & 0o077 == 0  # code runs from there: no one else may write it
    stamp = files[0].stat().st_mtime_ns
    assert fresh_import().VALUE == 1
    assert files[0].stat().st_mtime_ns == stamp  # read, not written again


def test_an_edited_module_is_never_served_from_stale_bytecode(package: tuple[Path, Path]) -> None:
    source, _ = package
    fresh_import()
    (source / "mod.py").write_text("VALUE = 2\n")  # same size, possibly the same second: only the hash tells
    assert fresh_import().VALUE == 2


def test_a_damaged_file_is_compiled_again(package: tuple[Path, Path]) -> None:
    _, cache = package
    fresh_import()
    (damaged,) = cache.glob("cachedemo.mod.*.pyc")
    damaged.write_bytes(damaged.read_bytes()[:20])
    assert fresh_import().VALUE == 1
    assert fresh_import().VALUE == 1


def test_the_cache_is_used_only_where_python_writes_no_bytecode(tmp_path: Path) -> None:
    script = "import sys; from servers.core import bytecode; print(bytecode.install())"

    def installed(*flags: str) -> str:
        env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": ""}
        done = subprocess.run(
            [sys.executable, *flags, "-c", script, "x"], env=env, cwd=REPO_ROOT, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    assert installed("-B") == "True"
    assert installed() == "False"
