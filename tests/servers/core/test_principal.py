"""The principal a call acts for: from a token, from an in-process call, or nobody."""

from __future__ import annotations

import asyncio

import pytest
from fastmcp import Client, FastMCP
from fastmcp.exceptions import ToolError

from servers.core.identity import resolve_user
from servers.core.principal import (
    Principal,
    acting_as,
    current_principal,
    recheck,
    register_principal_check,
    unregister_principal_check,
)

ALICE = Principal("alice", frozenset({"memory:read"}), "client-1")


def test_nobody_is_authenticated_outside_a_request() -> None:
    assert current_principal() is None
    assert resolve_user("bob", admin_scope="memory:admin") == "bob"  # the host is trusted to name the user


def test_a_principal_round_trips_through_storage() -> None:
    assert Principal.from_json(ALICE.to_json()) == ALICE
    assert ALICE.narrowed({"memory:read", "nodehost:exec"}) == ALICE


def test_acting_as_names_the_user_and_refuses_others_without_admin() -> None:
    with acting_as(ALICE):
        assert resolve_user(None, admin_scope="memory:admin") == "alice"
        assert resolve_user("default", admin_scope="memory:admin") == "alice"
        with pytest.raises(ToolError, match="'memory:admin'"):
            resolve_user("bob", admin_scope="memory:admin")
    with acting_as(Principal("root", frozenset({"memory:admin"}))):
        assert resolve_user("bob", admin_scope="memory:admin") == "bob"
    assert current_principal() is None


async def test_the_principal_travels_into_an_in_memory_server_and_its_threads() -> None:
    server = FastMCP("probe")

    @server.tool
    async def who_async() -> str:
        found = current_principal()
        return found.subject if found else "nobody"

    @server.tool
    def who_sync() -> str:  # sync tools run in a worker thread
        found = current_principal()
        return found.subject if found else "nobody"

    with acting_as(ALICE):
        async with Client(server) as client:
            assert (await client.call_tool("who_async", {})).data == "alice"
            assert (await client.call_tool("who_sync", {})).data == "alice"
    async with Client(server) as client:
        assert (await client.call_tool("who_async", {})).data == "nobody"


async def test_acting_as_nobody_hides_an_ambient_principal() -> None:
    with acting_as(ALICE), acting_as(None):
        assert current_principal() is None
    # Tasks started inside keep what was current when they were created.
    with acting_as(ALICE):
        task = asyncio.create_task(asyncio.sleep(0, result=None))
    await task


def test_checks_narrow_or_refuse_a_stored_principal() -> None:
    assert recheck(ALICE) == ALICE

    def gone(principal: Principal) -> Principal | str:
        return "removed" if principal.subject == "alice" else principal

    def fewer(principal: Principal) -> Principal | str:
        return Principal(principal.subject, frozenset({"memory:read"}))

    register_principal_check(fewer)
    try:
        wide = Principal("bob", frozenset({"memory:read", "nodehost:exec"}))
        assert recheck(wide) == Principal("bob", frozenset({"memory:read"}))
        register_principal_check(gone)
        assert recheck(ALICE) == "removed"
    finally:
        unregister_principal_check(gone)
        unregister_principal_check(fewer)
    assert recheck(ALICE) == ALICE
