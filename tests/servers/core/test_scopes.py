"""Scopes over the whole composed suite: tools, resources and prompts, checked the same in process as over
HTTP (the principal here comes from :func:`acting_as`; tests/security does the same with real tokens)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from fastmcp import Client, FastMCP
from fastmcp.exceptions import ToolError
from mcp.shared.exceptions import MCPError

from servers.core.principal import Principal, acting_as
from servers.core.scopes import ScopeGuard
from servers.suite.serving import build_server
from servers.suite.settings import CairnSettings


@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory) -> FastMCP:
    return build_server("all", CairnSettings(home=tmp_path_factory.mktemp("home"), embedder="none"))


@pytest.fixture
async def as_skills_reader(suite: FastMCP) -> AsyncIterator[Client[object]]:
    with acting_as(Principal("alice", frozenset({"skills:read"}))):
        async with Client(suite) as client:
            yield client


async def test_a_token_sees_only_the_tools_its_scopes_allow(as_skills_reader: Client[object]) -> None:
    names = {tool.name for tool in await as_skills_reader.list_tools()}
    assert names and all(name.startswith("skills_") for name in names)
    assert "skills_install" not in names  # skills:write


async def test_resources_of_another_server_are_neither_listed_nor_readable(as_skills_reader: Client[object]) -> None:
    uris = [str(r.uri) for r in await as_skills_reader.list_resources()]
    templates = [t.uri_template for t in await as_skills_reader.list_resource_templates()]
    assert uris and all(u.startswith("skills://") for u in uris)
    assert templates and all(t.startswith("skill://") for t in templates)
    for uri in ("memory://memory/MEMORY.md", "memory://memory/entries/m1", "scheduler://scheduler/jobs"):
        with pytest.raises(MCPError, match=r"insufficient scope: .* needs the '(memory|scheduler):read' scope"):
            await as_skills_reader.read_resource(uri)


async def test_prompts_need_their_servers_read_scope(suite: FastMCP) -> None:
    with acting_as(Principal("alice", frozenset({"memory:read"}))):
        async with Client(suite) as client:
            assert await client.list_prompts() == []
            with pytest.raises(MCPError, match="needs the 'context:read' scope"):
                await client.get_prompt("context_context", {"task": "deploy"})


async def test_context_assembly_needs_context_read_only(suite: FastMCP) -> None:
    with acting_as(Principal("alice", frozenset({"context:read"}))):
        async with Client(suite) as client:
            assert sorted(t.name for t in await client.list_tools()) == ["context_assemble", "context_gaps"]
            result = await client.call_tool("context_assemble", {"task": "deploy the inventory service"})
            assert result.structured_content is not None and "text" in result.structured_content


async def test_without_a_principal_everything_is_reachable(suite: FastMCP) -> None:
    async with Client(suite) as client:
        names = {tool.name for tool in await client.list_tools()}
    assert {"memory_recall", "nodehost_system_run", "scheduler_job_create", "context_assemble"} <= names


async def test_a_guarded_remote_namespace_needs_its_own_scopes() -> None:
    """``serve all --remote NAME=URL`` mounts the operator's account: callers need NAME:read / NAME:write."""
    remote = FastMCP("remote")

    @remote.tool(annotations={"readOnlyHint": True})
    def look() -> str:
        return "looked"

    @remote.tool
    def touch() -> str:
        return "touched"

    remote.add_middleware(ScopeGuard("crm"))
    with acting_as(Principal("alice", frozenset({"memory:write", "crm:read"}))):
        async with Client(remote) as client:
            assert [t.name for t in await client.list_tools()] == ["look"]
            with pytest.raises(ToolError, match="touch needs the 'crm:write' scope"):
                await client.call_tool("touch", {})


async def test_a_remote_caller_installs_skills_by_registry_name_only(suite: FastMCP, tmp_path: object) -> None:
    with acting_as(Principal("alice", frozenset({"skills:write"}))):
        async with Client(suite) as client:
            with pytest.raises(ToolError, match="registry name only"):
                await client.call_tool("skills_install", {"source": "/etc"})
