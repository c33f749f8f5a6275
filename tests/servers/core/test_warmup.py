"""Warm-up held on stdio: it starts with the host's first question beyond the handshake, or a delay after the
handshake was answered; never on a clock started before the server was even built."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator

import pytest
from fastmcp import Client, FastMCP

from servers.core import warmup
from servers.core.warmup_release import ReleaseAfterFirstAnswer


@pytest.fixture(autouse=True)
def clean() -> Iterator[None]:
    yield
    warmup.discard()


def started_event() -> threading.Event:
    event = threading.Event()
    warmup.later(event.set)
    return event


def test_without_a_hold_warm_up_starts_at_once() -> None:
    assert started_event().is_set()


def test_held_work_waits_for_the_handshake_then_for_the_fallback_delay() -> None:
    warmup.hold(fallback_s=0.0)
    started = started_event()
    assert warmup.held() and not started.is_set()  # no delay runs before initialize is answered
    warmup.arm()  # initialize answered: the delay (none here) runs from now
    assert started.wait(timeout=30)
    assert not warmup.held()


def test_a_first_real_request_releases_it_and_the_handshake_alone_does_not() -> None:
    server = FastMCP("t")

    @server.tool
    def echo(text: str) -> str:
        return text

    server.add_middleware(ReleaseAfterFirstAnswer())
    warmup.hold(fallback_s=3600.0)  # far beyond the test: only a request can release it here
    started = started_event()

    async def session() -> None:
        async with Client(server) as client:
            assert warmup.held() and not started.is_set()  # connected: the handshake alone releases nothing
            await client.list_tools()

    asyncio.run(session())
    assert started.wait(timeout=30)
