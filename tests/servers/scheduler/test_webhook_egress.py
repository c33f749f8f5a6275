"""Webhook destinations end to end: refused at job_create when the URL alone shows it, refused at run time
before any connection when DNS or the allowlist says so, delivered when the operator allowed it.

Only loopback is ever connected to: the same safety nets as the egress unit tests (no unplanned DNS, no
socket outside loopback) apply to every test here.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from servers.core import egress
from servers.scheduler.clock import FakeClock
from servers.scheduler.models import JobSpec, SchedulerInputError
from servers.scheduler.service import SchedulerService
from tests.servers.core.test_egress import (
    FakeResolver,
    Listener,
    loopback_only,  # noqa: F401  (autouse fixture: no socket outside loopback)
    no_dns,  # noqa: F401  (autouse fixture: no unplanned DNS lookup)
    start_listener,
)

SETTING = "CAIRN_SCHEDULER__WEBHOOK_ALLOW"


@pytest.fixture
async def listener() -> AsyncIterator[Listener]:
    listening, server = await start_listener()
    yield listening
    server.close()
    await server.wait_closed()


def job(url: str, **action: Any) -> JobSpec:
    return JobSpec.model_validate(
        {
            "name": "hook",
            "schedule": {"interval_seconds": 60},
            "action": {"type": "webhook", "url": url, **action},
            "retry": {"max_retries": 0},
        }
    )


async def run_once(service: SchedulerService, clock: FakeClock, job_id: str) -> Any:
    clock.advance(60)
    await service.engine.run_once()
    return service.runs(job_id, "default", 1).runs[0]


# --- at job_create ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "message"),
    [
        (
            "http://10.1.2.3/hook",
            f"webhook http://10.1.2.3/hook targets 10.1.2.3, a private address (10.0.0.0/8): "
            f"refused (allow it with {SETTING})",
        ),
        ("http://127.0.0.1:8000/token", "targets 127.0.0.1, a loopback address (127.0.0.0/8)"),
        ("http://[::ffff:127.0.0.1]:8000/", "targets ::ffff:127.0.0.1, a loopback address (127.0.0.0/8, IPv4-mapped)"),
        ("http://0.0.0.0:8000/", "targets 0.0.0.0, an unspecified address"),
        ("http://169.254.169.254/latest/meta-data/", "a link-local address (169.254.0.0/16)"),
        ("http://100.100.100.200/", "a private (carrier-grade NAT) address (100.64.0.0/10)"),
        ("http://[fd00::1]/", "a private address (fc00::/7)"),
        ("http://localhost:8000/token", "resolves to 127.0.0.1, a loopback address"),
        ("https://user:s3cr3t-pw@hooks.example.com/", "user name or password in the URL"),
    ],
)
async def test_job_create_refuses_what_the_url_alone_shows(
    make_service: Callable[..., SchedulerService], url: str, message: str
) -> None:
    service = make_service()
    with pytest.raises(SchedulerInputError) as refused:
        await service.create(job(url), "default")
    assert message in str(refused.value)
    assert "s3cr3t-pw" not in str(refused.value)  # a password in the URL is not repeated back
    assert service.jobs("default") == []


async def test_job_create_leaves_host_names_to_run_time_without_dns(
    make_service: Callable[..., SchedulerService],
) -> None:
    service = make_service()  # the autouse no_dns net fails this test if creation looks the name up
    created = await service.create(job("https://hooks.example.com/cairn"), "default")
    assert created.id


@pytest.mark.parametrize(
    ("headers", "message"),
    [
        ({"Host": "internal.example"}, "header 'Host' is set by Cairn itself"),
        ({"X-Cairn-Signature": "sha256=forged"}, "header 'X-Cairn-Signature' is set by Cairn itself"),
        ({"idempotency-key": "x"}, "is set by Cairn itself"),
        ({"Content-Type": "text/plain"}, "is set by Cairn itself"),
        ({"Connection": "upgrade"}, "is hop-by-hop"),
        ({"Transfer-Encoding": "chunked"}, "is hop-by-hop"),
        ({"X-Note": "a\r\nX-Injected: 1"}, "has an invalid value"),
    ],
)
async def test_job_create_refuses_headers_cairn_sets_or_that_steer_the_connection(
    make_service: Callable[..., SchedulerService], headers: dict[str, str], message: str
) -> None:
    service = make_service()
    with pytest.raises(SchedulerInputError, match=message):
        await service.create(job("https://hooks.example.com/", headers=headers), "default")


# --- at run time --------------------------------------------------------------------------------------------


async def test_loopback_listener_receives_nothing_without_allowlist(
    make_service: Callable[..., SchedulerService],
    clock: FakeClock,
    listener: Listener,
    monkeypatch: pytest.MonkeyPatch,
    loopback_only: list[str],  # noqa: F811
) -> None:
    """The job names a host; at run time it resolves to this machine, so nothing is sent."""
    monkeypatch.setattr(egress, "resolve", FakeResolver(["127.0.0.1"]))
    service = make_service(webhook_secret="s")
    url = f"http://hooks.test:{listener.port}/hook"
    created = await service.create(job(url), "default")
    run = await run_once(service, clock, created.id)
    assert run.status == "failed"
    assert run.error == (
        f"webhook {url} resolves to 127.0.0.1, a loopback address (127.0.0.0/8): refused (allow it with {SETTING})"
    )
    assert listener.connections == 0 and loopback_only == []


async def test_a_literal_loopback_url_is_refused_at_run_time_once_no_longer_allowed(
    make_service: Callable[..., SchedulerService],
    clock: FakeClock,
    listener: Listener,
    loopback_only: list[str],  # noqa: F811
) -> None:
    """Created while the operator allowed loopback; the allowlist was narrowed since."""
    service = make_service(webhook_secret="s", webhook_allow=["127.0.0.1"])
    url = f"http://127.0.0.1:{listener.port}/hook"
    created = await service.create(job(url), "default")
    narrowed = service.settings.scheduler.model_copy(update={"webhook_allow": []})
    service.actions.settings = service.settings.model_copy(update={"scheduler": narrowed})
    run = await run_once(service, clock, created.id)
    assert run.status == "failed"
    assert run.error == (
        f"webhook {url} targets 127.0.0.1, a loopback address (127.0.0.0/8): refused (allow it with {SETTING})"
    )
    assert listener.connections == 0 and loopback_only == []


async def test_loopback_listener_receives_the_webhook_when_allowed(
    make_service: Callable[..., SchedulerService],
    clock: FakeClock,
    listener: Listener,
    loopback_only: list[str],  # noqa: F811
) -> None:
    listener.body = b"x" * 10_000
    service = make_service(webhook_secret="s", webhook_allow=["127.0.0.1"])
    created = await service.create(
        job(f"http://127.0.0.1:{listener.port}/hook", headers={"Authorization": "Bearer receiver-token"}),
        "default",
    )
    run = await run_once(service, clock, created.id)
    assert run.status == "succeeded", run.error
    assert run.output == "HTTP 200: " + "x" * 500  # the status and the start of the body, as before
    assert listener.connections == 1 and loopback_only == ["127.0.0.1"]
    assert listener.header(0, "Authorization") == "Bearer receiver-token"  # credentials reach an allowed receiver
    assert (listener.header(0, "X-Cairn-Signature") or "").startswith("sha256=")
    assert listener.header(0, "Accept-Encoding") == "identity"


async def test_localhost_reaches_only_the_allowed_loopback_address(
    make_service: Callable[..., SchedulerService],
    clock: FakeClock,
    listener: Listener,
    monkeypatch: pytest.MonkeyPatch,
    loopback_only: list[str],  # noqa: F811
) -> None:
    """localhost answers ::1 first; only 127.0.0.1 is allowed, so only 127.0.0.1 is connected to."""
    monkeypatch.setattr(egress, "resolve", FakeResolver(["::1", "127.0.0.1"]))
    service = make_service(webhook_secret="s", webhook_allow=["127.0.0.1"])
    created = await service.create(job(f"http://localhost:{listener.port}/hook"), "default")
    run = await run_once(service, clock, created.id)
    assert run.status == "succeeded", run.error
    assert loopback_only == ["127.0.0.1"]
    assert listener.header(0, "Host") == f"localhost:{listener.port}"


async def test_an_allowed_host_name_is_accepted_at_creation(make_service: Callable[..., SchedulerService]) -> None:
    service = make_service(webhook_allow=["localhost", "*.corp.internal"])
    await service.create(job("http://localhost:8080/hook"), "default")
    await service.create(job("http://hooks.corp.internal/x").model_copy(update={"name": "corp"}), "default")
    assert len(service.jobs("default")) == 2


@pytest.mark.parametrize("answer", ["169.254.169.254", "10.0.0.1"])
async def test_a_name_resolving_inside_refused_ranges_fails_the_run_without_connecting(
    make_service: Callable[..., SchedulerService],
    clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
    loopback_only: list[str],  # noqa: F811
    answer: str,
) -> None:
    resolver = FakeResolver([answer])
    monkeypatch.setattr(egress, "resolve", resolver)
    service = make_service(webhook_secret="s")
    created = await service.create(job("https://metadata.test/latest/meta-data/"), "default")
    run = await run_once(service, clock, created.id)
    assert run.status == "failed"
    assert f"webhook https://metadata.test/latest/meta-data/ resolves to {answer}, a " in (run.error or "")
    assert f"refused (allow it with {SETTING})" in (run.error or "")
    assert resolver.calls == [("metadata.test", 443)] and loopback_only == []


async def test_a_redirect_to_the_metadata_service_is_not_followed(
    make_service: Callable[..., SchedulerService],
    clock: FakeClock,
    listener: Listener,
    loopback_only: list[str],  # noqa: F811
) -> None:
    listener.status = "302 Found"
    listener.extra_headers = b"Location: http://169.254.169.254/latest/meta-data/\r\n"
    service = make_service(webhook_secret="s", webhook_allow=["127.0.0.1"])
    created = await service.create(job(f"http://127.0.0.1:{listener.port}/hook"), "default")
    run = await run_once(service, clock, created.id)
    assert run.status == "failed" and "answered HTTP 302" in (run.error or "")
    assert loopback_only == ["127.0.0.1"]
