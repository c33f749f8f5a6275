"""Every Cairn MCP server, by name. A new server plugs in here; the CLI and `serve all` read this list.

Factories are named by import path so that starting one server never imports the others.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from fastmcp import FastMCP

    from servers.suite.services import SharedServices
    from servers.suite.settings import CairnSettings

SERVERS: dict[str, str] = {
    "memory": "servers.suite.assembly:memory_server",
    "skills": "servers.suite.assembly:skills_server",
    "scheduler": "servers.suite.assembly:scheduler_server",
    "nodehost": "servers.suite.assembly:nodehost_server",
    "reflection": "servers.suite.assembly:reflection_server",
    "context": "servers.suite.assembly:context_server",
}


def names() -> list[str]:
    return list(SERVERS)


class Factory(Protocol):
    def __call__(self, settings: CairnSettings, services: SharedServices | None = None, /) -> FastMCP:
        """A server from the settings and, when servers are built together, the services they share."""
        ...


def factory(name: str) -> Factory:
    try:
        target = SERVERS[name]
    except KeyError:
        raise KeyError(f"no server named {name!r}; choose one of: {', '.join(SERVERS)}, all") from None
    module, _, attr = target.partition(":")
    fn: Factory = getattr(importlib.import_module(module), attr)
    return fn
