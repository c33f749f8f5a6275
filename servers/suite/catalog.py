"""Every Cairn MCP server, by name. A new server plugs in here; the CLI and `serve all` read this list.

Factories are named by import path so that starting one server never imports the others.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastmcp import FastMCP

    from servers.suite.settings import CairnSettings

SERVERS: dict[str, str] = {
    "memory": "servers.memory.server:create_server",
    "skills": "servers.suite.assembly:skills_server",
    "scheduler": "servers.suite.assembly:scheduler_server",
    "nodehost": "servers.nodehost.server:create_server",
    "reflection": "servers.reflection.server:create_server",
    "context": "servers.suite.context.server:create_server",
}


def names() -> list[str]:
    return list(SERVERS)


def factory(name: str) -> Callable[[CairnSettings], FastMCP]:
    try:
        target = SERVERS[name]
    except KeyError:
        raise KeyError(f"no server named {name!r}; choose one of: {', '.join(SERVERS)}, all") from None
    module, _, attr = target.partition(":")
    fn: Callable[[CairnSettings], FastMCP] = getattr(importlib.import_module(module), attr)
    return fn
