"""Fixtures: a workspace root and a separate CAIRN_HOME per test, a NodeHost and its MCP server."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastmcp import FastMCP

from servers.core.events import EventBus
from servers.nodehost import desktop
from servers.nodehost.host import NodeHost
from servers.nodehost.server import create_server
from servers.suite.settings import CairnSettings

HEADLESS = desktop.detect("linux", {}, lambda name: None)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    path = tmp_path / "work"
    path.mkdir()
    return path


@pytest.fixture
def make_settings(cairn_home: Path, root: Path) -> Callable[..., CairnSettings]:
    # No sandbox unless a test asks for one: the same results whether or not bubblewrap is installed.
    def make(**nodehost: Any) -> CairnSettings:
        return CairnSettings(home=cairn_home, nodehost={"roots": [str(root)], "sandbox": "off", **nodehost})

    return make


@pytest.fixture
def make_host(make_settings: Callable[..., CairnSettings]) -> Callable[..., NodeHost]:
    def make(**nodehost: Any) -> NodeHost:
        return NodeHost(make_settings(**nodehost), bus=EventBus(), support=HEADLESS)

    return make


@pytest.fixture
def host(make_host: Callable[..., NodeHost]) -> NodeHost:
    return make_host()


@pytest.fixture
def server(host: NodeHost) -> FastMCP:
    return create_server(host=host, settings=None)
