"""The ``serve all`` root's tool lookup: a name is asked only of the mounted servers whose namespace it carries.

fastmcp's ``AggregateProvider._get_tool`` asks every provider for every name, each in a task of its own (an
anyio task group per lookup). Under ``serve all`` that is seven tasks for a ``tools/call`` only one mounted
server can answer, and their creation was the largest part of the event loop's time under many clients
(bench/RESULTS.md, "many concurrent clients on `serve all`"). A provider mounted under a namespace answers
only names its :class:`~fastmcp.server.transforms.Namespace` can strip: for any other name the transform
answers "not found" without asking the server beneath. So asking only the providers whose outermost transform
lets the name through gives the same answer; fastmcp's own rule then picks among their answers
(highest version, the same error handling), and everything above the lookup is untouched: the root's
transforms and visibility, each tool's ``auth=`` check, session transforms, middleware, "Unknown tool".

A routing decided per call from the providers as they are (no kept index): a server mounted, a tool added,
renamed, enabled or disabled at run time needs no invalidation.

The providers asked are awaited one after another rather than in a task group: the suite's mounted servers
run in this process and answer without waiting, and a remote server (``--remote``) is asked only for names in
its own namespace, so no lookup waits on two remotes at once.

Each mounted server looks the name up again, twice per call (once for the root's lookup, once in its own
``call_tool``), across its own providers (its tools, and for skills its prompts provider): fastmcp gathers
those in a task group too, so the suite routes the mounted servers' lookups the same way
(:func:`route_lookups`). None of their providers carries a namespace, so every one is still asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastmcp import FastMCP
from fastmcp.server.providers import AggregateProvider, Provider
from fastmcp.server.transforms import Namespace
from fastmcp.tools import Tool
from fastmcp.utilities.components import FastMCPComponent
from fastmcp.utilities.versions import VersionSpec


class NamespaceRouting(AggregateProvider):
    """Put between :class:`~fastmcp.FastMCP` and ``AggregateProvider`` (``class Root(FastMCP,
    NamespaceRouting)``): ``FastMCP._get_tool`` calls ``super()._get_tool`` for the aggregation, then checks
    the tool's ``auth=``; this class answers that ``super()`` call, so the check stays fastmcp's own."""

    async def _get_tool(self, name: str, version: VersionSpec | None = None) -> Tool | None:
        providers = self.providers
        # One slot per provider, as fastmcp's gather gives them: its rule names a failing provider by position.
        results: list[FastMCPComponent | BaseException | None] = [None] * len(providers)
        for i, provider in enumerate(providers):
            if not await may_answer(provider, name, version):
                continue  # its namespace answers None for this name: the slot stays None
            try:
                results[i] = await provider.get_tool(name, version)
            except Exception as exc:  # kept, as gather(return_exceptions=True) keeps it, for the rule below
                results[i] = exc
        found = self._get_highest_version_result(results, f"get_tool({name!r})")
        return found if isinstance(found, Tool) else None


class RoutedFastMCP(FastMCP[Any], NamespaceRouting):
    """A :class:`~fastmcp.FastMCP` whose tool lookup asks only the providers a name's namespace points to."""


def route_lookups(server: FastMCP[Any]) -> bool:
    """Make ``server``, a plain :class:`~fastmcp.FastMCP` built by a server's own factory, a
    :class:`RoutedFastMCP` (the same object: only its class changes, which adds :class:`NamespaceRouting`'s
    ``_get_tool`` and nothing else); whether it is routed now. A ``FastMCP`` subclass is left as it is: its
    own methods might not expect the routing beneath them."""
    if isinstance(server, RoutedFastMCP):
        return True
    if type(server) is not FastMCP:
        return False
    server.__class__ = RoutedFastMCP
    return True


async def may_answer(provider: Provider, name: str, version: VersionSpec | None = None) -> bool:
    """False when ``provider``'s outermost transform is a namespace that does not let ``name`` through:
    fastmcp's own :meth:`Namespace.get_tool` decides, with a stand-in for what lies beneath it."""
    transforms: Sequence[object] = provider.transforms
    if not transforms or not isinstance(transforms[-1], Namespace):
        return True  # no namespace outside: anything may lie beneath, ask
    passed = False

    async def beneath(name: str, *, version: VersionSpec | None = None) -> Tool | None:
        nonlocal passed
        passed = True
        return None

    await transforms[-1].get_tool(name, beneath, version=version)
    return passed
