"""Refusals reach the client as their message; anything else stays masked."""

from __future__ import annotations

import pytest
from fastmcp import Client, FastMCP
from fastmcp.exceptions import ToolError

from servers.core.errors import domain_tools
from servers.core.failures import DomainError


class Refused(DomainError, LookupError):
    pass


def server() -> FastMCP:
    mcp = FastMCP("t", mask_error_details=True)
    tool = domain_tools(mcp)

    @tool()
    def find(name: str) -> str:
        """Find a thing."""
        if name == "secret":
            raise RuntimeError("database password is hunter2")
        raise Refused(f"no thing named {name!r}; try 'a' or 'b'")

    @tool()
    async def find_later(name: str, limit: int = 3) -> str:
        """Find a thing, asynchronously."""
        raise Refused(f"no thing named {name!r} within {limit}")

    return mcp


async def test_a_refusal_reaches_the_client_as_its_message() -> None:
    async with Client(server()) as client:
        with pytest.raises(ToolError, match="no thing named 'x'; try 'a' or 'b'"):
            await client.call_tool("find", {"name": "x"})
        with pytest.raises(ToolError, match="no thing named 'y' within 5"):
            await client.call_tool("find_later", {"name": "y", "limit": 5})


async def test_other_failures_stay_masked() -> None:
    async with Client(server()) as client:
        with pytest.raises(ToolError) as caught:
            await client.call_tool("find", {"name": "secret"})
    assert "hunter2" not in str(caught.value)


async def test_the_schema_is_the_tools_own() -> None:
    async with Client(server()) as client:
        tools = {tool.name: tool for tool in await client.list_tools()}
    assert tools["find_later"].inputSchema["required"] == ["name"]
    assert tools["find_later"].inputSchema["properties"]["limit"]["default"] == 3
    assert tools["find"].description == "Find a thing."
