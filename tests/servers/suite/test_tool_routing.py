"""The ``serve all`` root's namespace-routed tool lookup (servers/suite/tool_routing.py), through real MCP clients.

Most tests build one composition twice, on fastmcp's own ``FastMCP`` and on :class:`RoutedFastMCP`, and
require the same answers: the routing may only change how many providers are asked, never what is answered.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client, FastMCP
from fastmcp.server.auth import StaticTokenVerifier
from fastmcp.server.providers import AggregateProvider, Provider
from fastmcp.server.providers.fastmcp_provider import FastMCPProvider
from fastmcp.server.transforms import Namespace
from fastmcp.tools import Tool
from fastmcp.utilities.authorization import require_scopes
from fastmcp.utilities.versions import VersionSpec

from servers.core.toolnames import MountRenames
from servers.suite.serving import build_server, build_suite, suite_root
from servers.suite.settings import CairnSettings
from servers.suite.tool_routing import NamespaceRouting, RoutedFastMCP, may_answer, route_lookups
from tests.support import running

NAMES = [
    "hello",  # the root's own tool
    "alpha_ping",
    "alpha_secret",  # hidden by its own auth= check from a caller without the scope
    "alpha_off",  # disabled in the mounted server
    "alpha_hidden",  # disabled on the mount itself (a transform outside the namespace)
    "alpha_beta_ping",  # "alpha_beta" mounted beside "alpha": both namespaces take the name through
    "ren_new",  # renamed by the suite's MountRenames
    "ren_old",  # the old name of a renamed tool: no longer served
    "bare",  # mounted without a namespace
    "nope",
    "alpha_nope",
    "broken_any",  # a provider that fails: fastmcp logs it and the name is unknown
]


class Broken(Provider):
    """A provider whose lookup fails, as a remote that is down would."""

    async def _get_tool(self, name: str, version: VersionSpec | None = None) -> Tool | None:
        raise RuntimeError("provider down")


def child(name: str, *tools: str) -> FastMCP:
    server = FastMCP(name)
    for tool in tools:
        server.tool(lambda who=f"{name}.{tool}": who, name=tool)
    return server


def compose(root: FastMCP) -> FastMCP:
    root.tool(lambda: "root.hello", name="hello")
    alpha = child("alpha", "ping", "off", "hidden")
    alpha.tool(lambda: "alpha.secret", name="secret", auth=require_scopes("secret"))
    alpha.disable(names={"off"})
    mounted = FastMCPProvider(alpha).wrap_transform(Namespace("alpha"))
    mounted.disable(names={"alpha_hidden"})
    root.add_provider(mounted)
    root.mount(child("alpha_beta", "ping"), namespace="alpha_beta")
    renamed = FastMCPProvider(child("ren", "old")).wrap_transform(MountRenames({"old": "new"}))
    root.add_provider(renamed, namespace="ren")
    root.mount(child("bare", "bare"))
    root.add_provider(Broken(), namespace="broken")
    return root


def text(result: Any) -> str:
    return " ".join(getattr(part, "text", "") for part in result.content)


async def answers(server: FastMCP, names: list[str], **client: Any) -> list[tuple[bool, str]]:
    async with Client(server, **client) as c:
        results = [await c.call_tool(name, {}, raise_on_error=False) for name in names]
    return [(r.is_error, text(r)) for r in results]


def test_the_suite_root_is_routed_and_keeps_fastmcps_own_lookup_above_the_routing() -> None:
    # FastMCP._get_tool (the auth= check) must reach the routing through super(): if fastmcp reorders its
    # bases or the routing lands above FastMCP, this fails and so would the hidden-tool tests below.
    mro = RoutedFastMCP.__mro__
    assert mro.index(FastMCP) < mro.index(NamespaceRouting) < mro.index(AggregateProvider)
    assert "_get_tool" in vars(FastMCP) and "_get_tool" in vars(AggregateProvider)
    assert isinstance(suite_root(), RoutedFastMCP)


async def test_every_name_gets_the_answer_fastmcp_gives() -> None:
    expected = await answers(compose(FastMCP("plain")), NAMES)
    got = await answers(compose(RoutedFastMCP("routed")), NAMES)
    assert got == expected
    # The composition does exercise each case (a routing that answered "unknown" everywhere would also agree
    # with a broken composition): the routed root reaches each mounted server.
    assert got[:2] == [(False, "root.hello"), (False, "alpha.ping")]
    assert got[5:7] == [(False, "alpha_beta.ping"), (False, "ren.old")]
    assert got[8] == (False, "bare.bare")
    assert [text for error, text in got if error] == [
        f"Unknown tool: {name!r}"
        for name in ("alpha_secret", "alpha_off", "alpha_hidden", "ren_old", "nope", "alpha_nope", "broken_any")
    ]


def spied(provider: Provider, asked: list[str]) -> Provider:
    """``provider``, noting each name its lookup is asked for (where the aggregate asks it)."""
    lookup = provider.get_tool

    async def get_tool(name: str, version: VersionSpec | None = None) -> Tool | None:
        asked.append(name)
        return await lookup(name, version)

    provider.get_tool = get_tool  # type: ignore[method-assign]
    return provider


async def test_a_name_is_asked_only_of_the_provider_its_namespace_points_to() -> None:
    plain: list[str] = []
    routed: list[str] = []
    for root, asked in ((FastMCP("plain"), plain), (RoutedFastMCP("routed"), routed)):
        root.mount(child("alpha", "ping"), namespace="alpha")
        root.add_provider(spied(FastMCPProvider(child("other", "tool")).wrap_transform(Namespace("other")), asked))
        assert await answers(root, ["alpha_ping", "alpha_ping", "other_tool"]) == [
            (False, "alpha.ping"),
            (False, "alpha.ping"),
            (False, "other.tool"),
        ]
    assert plain == ["alpha_ping", "alpha_ping", "other_tool"]  # fastmcp asks every provider every name
    assert routed == ["other_tool"]


async def test_may_answer_follows_fastmcps_namespace() -> None:
    namespaced = FastMCPProvider(child("ns", "x")).wrap_transform(Namespace("ns"))
    for name in ("ns_x", "ns_", "nsx", "x", "other_ns_x"):
        reaches = await may_answer(namespaced, name)
        assert reaches == (name.startswith("ns_")), name
        if not reaches:  # what the routing skips, fastmcp's own lookup answers None for
            assert await namespaced.get_tool(name) is None
    assert await may_answer(FastMCPProvider(child("bare", "x")), "anything")


async def test_a_tool_hidden_from_a_caller_stays_uncallable_by_that_caller_over_http() -> None:
    verifier = StaticTokenVerifier(
        tokens={
            "with-scope": {"client_id": "a", "scopes": ["secret"]},
            "without": {"client_id": "b", "scopes": []},
        }
    )
    root = compose(RoutedFastMCP("routed", auth=verifier))
    async with running(root, "http") as base:
        async with Client(f"{base}/mcp", auth="with-scope") as allowed:
            assert "alpha_secret" in {t.name for t in await allowed.list_tools()}
            assert text(await allowed.call_tool("alpha_secret", {})) == "alpha.secret"
        async with Client(f"{base}/mcp", auth="without") as refused:
            assert "alpha_secret" not in {t.name for t in await refused.list_tools()}
            result = await refused.call_tool("alpha_secret", {}, raise_on_error=False)
            assert result.is_error
            assert text(result) == "Unknown tool: 'alpha_secret'"


async def test_tools_and_servers_added_or_removed_at_run_time_are_found_or_not() -> None:
    root = RoutedFastMCP("routed")
    alpha = child("alpha", "ping")
    root.mount(alpha, namespace="alpha")
    async with Client(root) as c:
        assert (await c.call_tool("alpha_late", {}, raise_on_error=False)).is_error
        alpha.tool(lambda: "alpha.late", name="late")
        assert text(await c.call_tool("alpha_late", {})) == "alpha.late"
        alpha.local_provider.remove_tool("late")
        gone = await c.call_tool("alpha_late", {}, raise_on_error=False)
        assert gone.is_error and text(gone) == "Unknown tool: 'alpha_late'"
        root.mount(child("late", "x"), namespace="late")
        assert text(await c.call_tool("late_x", {})) == "late.x"


async def test_concurrent_calls_reach_their_own_servers() -> None:
    root = RoutedFastMCP("routed")
    for name in ("alpha", "beta", "gamma"):
        root.mount(child(name, "who"), namespace=name)
    names = [f"{ns}_who" for ns in ("alpha", "beta", "gamma")] * 20
    async with Client(root) as c:
        results = await asyncio.gather(*(c.call_tool(name, {}) for name in names))
    assert [text(r) for r in results] == [name.replace("_", ".") for name in names]


@pytest.fixture
def settings(tmp_path: Path) -> CairnSettings:
    return CairnSettings(home=tmp_path / "home", embedder="none")


async def test_serve_all_over_http_routes_calls_and_refuses_unknown_names(settings: CairnSettings) -> None:
    server = build_server("all", settings)
    async with running(server, "http") as base, Client(f"{base}/mcp") as c:
        jobs, skills = await asyncio.gather(
            *(c.call_tool(name, {}) for name in ("scheduler_job_list", "skills_list")),
        )
        unknown = await c.call_tool("memory_nope", {}, raise_on_error=False)
    assert jobs.structured_content is not None and "jobs" in jobs.structured_content
    assert skills.structured_content is not None and skills.structured_content["skills"]
    assert unknown.is_error
    assert text(unknown) == "Unknown tool: 'memory_nope'"


def plain_child() -> FastMCP:
    """A mounted server as a server's factory builds it: tools, one disabled, one behind its own auth= check."""
    server = child("kid", "ping", "off")
    server.tool(lambda: "kid.secret", name="secret", auth=require_scopes("secret"))
    server.disable(names={"off"})
    return server


async def test_a_routed_mounted_server_answers_as_fastmcp_does() -> None:
    names = ["kid_ping", "kid_off", "kid_secret", "kid_nope", "kid_", "ping"]
    plain, routed = plain_child(), plain_child()
    assert route_lookups(routed) and type(routed) is RoutedFastMCP and route_lookups(routed)
    expected = await answers(plain, [n.removeprefix("kid_") for n in names])
    assert await answers(routed, [n.removeprefix("kid_") for n in names]) == expected
    assert expected[0] == (False, "kid.ping") and expected[1][0] and expected[2][0]
    # Mounted under a namespace on a routed root, as `serve all` mounts it.
    roots = []
    for kid in (plain_child(), plain_child()):
        root = RoutedFastMCP("root")
        root.mount(kid, namespace="kid")
        roots.append((root, kid))
    route_lookups(roots[1][1])
    assert await answers(roots[1][0], names) == await answers(roots[0][0], names)


def test_route_lookups_leaves_a_fastmcp_subclass_alone() -> None:
    class Own(FastMCP[Any]):
        pass

    server = Own("own")
    assert not route_lookups(server) and type(server) is Own


def test_serve_all_routes_every_mounted_servers_own_lookup(settings: CairnSettings) -> None:
    suite = build_suite(settings)
    assert suite.children and all(type(kid) is RoutedFastMCP for kid in suite.children.values())
