"""The login page under attack, served as `cairn serve` serves it (its uvicorn options, on 127.0.0.1):
forwarded addresses are believed only from a configured proxy, failed logins are limited per user and
address, per user and per address, and an unknown username takes as long to refuse as a real one."""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest

from servers.auth.passwords import check_password, hash_password
from servers.suite.cli.run import uvicorn_server
from servers.suite.endpoint import build_endpoint
from servers.suite.settings import CairnSettings
from tests.servers.auth.test_oauth_e2e import PASSWORD, USER, open_consent, register
from tests.support import free_port

pytestmark = pytest.mark.slow


@asynccontextmanager
async def login_form(
    settings: CairnSettings, *, forwarded_allow_ips: str | None = None, **auth: Any
) -> AsyncIterator[tuple[httpx.AsyncClient, str, dict[str, str]]]:
    """A memory endpoint with Cairn's OAuth, served by the uvicorn server `cairn serve` uses; yields a client
    holding the consent page's CSRF cookie, the form's action and its hidden fields."""
    settings = settings.model_copy(update={"auth": settings.auth.model_copy(update=auth)})
    port = free_port()
    endpoint = build_endpoint("memory", settings, transport="http", host="127.0.0.1", port=port, auth="cairn")
    assert endpoint.authorization_server is not None
    store = endpoint.authorization_server.provider.store
    store.add_user(USER, hash_password(PASSWORD))
    store.add_user("bob", hash_password(PASSWORD))
    server = uvicorn_server(endpoint.app, "127.0.0.1", port, forwarded_allow_ips=forwarded_allow_ips)
    task = asyncio.create_task(server.serve())
    try:
        while not server.started:
            if task.done():
                task.result()
            await asyncio.sleep(0.02)
        base = f"http://127.0.0.1:{port}"
        async with httpx.AsyncClient(timeout=60) as http:
            client_id = await register(http, base)
            form = await open_consent(http, base, client_id, scope="memory:read", resource=endpoint.url)
            yield http, form.action, form.fields
    finally:
        server.should_exit = True
        await task
        store.close()


async def attempt(
    http: httpx.AsyncClient, action: str, fields: dict[str, str], username: str, password: str, address: str = ""
) -> httpx.Response:
    headers = {"X-Forwarded-For": address} if address else {}
    data = {**fields, "username": username, "password": password, "decision": "allow"}
    return await http.post(action, data=data, headers=headers)


async def test_forwarded_for_is_ignored_unless_a_proxy_is_trusted(settings) -> None:  # type: ignore[no-untyped-def]
    # By default the TCP peer is the address: a new X-Forwarded-For on every try does not escape the limit.
    async with login_form(settings) as (http, action, fields):
        statuses = [(await attempt(http, action, fields, USER, "nope", f"203.0.113.{i}")).status_code for i in range(6)]
        assert statuses == [401] * 5 + [429]
    # Behind a configured proxy the forwarded address counts, so each address has its own count.
    async with login_form(settings, forwarded_allow_ips="127.0.0.1") as (http, action, fields):
        statuses = [(await attempt(http, action, fields, USER, "nope", f"203.0.113.{i}")).status_code for i in range(6)]
        assert statuses == [401] * 6


async def test_accounts_and_addresses_are_limited_on_their_own(settings) -> None:  # type: ignore[no-untyped-def]
    limits = {"login_attempts": 100, "login_attempts_per_account": 3, "login_attempts_per_address": 5}
    async with login_form(settings, forwarded_allow_ips="127.0.0.1", **limits) as (http, action, fields):
        # One account guessed from many addresses: locked after 3, even for the right password.
        for i in range(3):
            assert (await attempt(http, action, fields, USER, "nope", f"198.51.100.{i}")).status_code == 401
        locked_real = await attempt(http, action, fields, USER, "nope", "198.51.100.50")
        assert locked_real.status_code == 429
        assert (await attempt(http, action, fields, USER, PASSWORD, "198.51.100.51")).status_code == 429

        # A username that does not exist locks the same way and answers the very same page.
        for i in range(3):
            assert (await attempt(http, action, fields, "ghost", "nope", f"192.0.2.{i}")).status_code == 401
        locked_ghost = await attempt(http, action, fields, "ghost", "nope", "192.0.2.50")
        assert locked_ghost.status_code == 429 and locked_ghost.text == locked_real.text

        # One address trying many usernames: refused after 5 failures, even for a real user's right password.
        for i in range(5):
            assert (await attempt(http, action, fields, f"user{i}", "nope", "10.9.9.9")).status_code == 401
        assert (await attempt(http, action, fields, "bob", PASSWORD, "10.9.9.9")).status_code == 429
        # The same user from another address signs in.
        assert (await attempt(http, action, fields, "bob", PASSWORD, "10.9.9.8")).status_code == 302


async def test_unknown_users_take_as_long_as_real_ones(settings) -> None:  # type: ignore[no-untyped-def]
    """Before, an unknown username was refused in ~4 ms and a real one in ~150 ms (scrypt): a list of the real
    usernames for the asking. The bound is loose on purpose: a loaded machine slows both alike."""
    assert check_password("anything", None) is False
    assert check_password(PASSWORD, hash_password(PASSWORD)) and not check_password("nope", hash_password(PASSWORD))
    limits = {"login_attempts": 100, "login_attempts_per_account": 100, "login_attempts_per_address": 100}
    async with login_form(settings, **limits) as (http, action, fields):
        times: dict[str, list[float]] = {USER: [], "nobody-here": []}
        for _ in range(5):
            for username in times:
                started = time.perf_counter()
                assert (await attempt(http, action, fields, username, "nope")).status_code == 401
                times[username].append(time.perf_counter() - started)
    real, unknown = statistics.median(times[USER]), statistics.median(times["nobody-here"])
    assert unknown >= 0.5 * real, f"unknown user {unknown * 1000:.0f} ms, real user {real * 1000:.0f} ms"
