"""Calling another Cairn server's tools from inside one server: the interface such a server is given.

The suite implements it (``servers.suite.inprocess``: each server built in this process on first use, called
as the principal given), and hands it to the servers that need it, such as the scheduler for its ``tool``
jobs. A server sees only this protocol, so it never depends on the other servers or on how they are built.
"""

from __future__ import annotations

from typing import Any, Protocol

from servers.core.principal import Principal


class UnknownServerOrTool(LookupError):
    """The server or tool named does not exist; the message lists what does."""


class CallFailed(RuntimeError):
    """The tool ran and returned an error (a refused scope included); the message carries its text."""


class ToolCaller(Protocol):
    async def scope_needed(self, name: str, tool: str) -> str:
        """The scope a principal needs to call ``tool`` of server ``name``; :class:`UnknownServerOrTool` if
        either does not exist."""
        ...

    async def call(
        self, name: str, tool: str, arguments: dict[str, Any], *, timeout: float, principal: Principal | None
    ) -> str:
        """Call ``tool`` as ``principal``: its structured result as JSON, else its text; :class:`CallFailed`
        when the tool returns an error."""
        ...


class NoOtherServers:
    """The caller of a server started without the suite (a test, an embedding program): nothing to call."""

    async def scope_needed(self, name: str, tool: str) -> str:
        raise UnknownServerOrTool(
            f"server {name!r} is not available here: this server was started on its own, without the other "
            "Cairn servers (start it with `cairn serve`)"
        )

    async def call(
        self, name: str, tool: str, arguments: dict[str, Any], *, timeout: float, principal: Principal | None
    ) -> str:
        await self.scope_needed(name, tool)
        return ""
