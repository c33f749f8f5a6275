"""Actions for real: webhooks against a local HTTP server, tool calls into the memory server, LLM prompts
against a mocked provider, notify through the gate; and actions refused at creation."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from servers.scheduler.clock import FakeClock
from servers.scheduler.models import JobSpec, SchedulerInputError
from servers.scheduler.service import SchedulerService
from tests.servers.scheduler.conftest import scheduler_settings
from tests.support import free_port

SECRET = "test-secret"
RECEIVER_ALLOWED = ["127.0.0.1"]  # the receiver listens on loopback, which a webhook reaches only when allowed


class Receiver:
    def __init__(self) -> None:
        self.requests: list[tuple[dict[str, str], bytes]] = []
        self.status = 200
        self.delay = 0.0

    async def hook(self, request: Request) -> JSONResponse:
        self.requests.append((dict(request.headers), await request.body()))
        await asyncio.sleep(self.delay)
        return JSONResponse({"ok": self.status < 400}, status_code=self.status)


@pytest.fixture
async def receiver() -> AsyncIterator[tuple[Receiver, str]]:
    rec = Receiver()
    port = free_port()
    app = Starlette(routes=[Route("/hook", rec.hook, methods=["POST"])])
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off"))
    task = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.02)
    yield rec, f"http://127.0.0.1:{port}/hook"
    server.should_exit = True
    await task


def job(name: str, action: dict[str, Any], **options: Any) -> JobSpec:
    return JobSpec.model_validate({"name": name, "schedule": {"interval_seconds": 60}, "action": action, **options})


async def test_webhook_is_signed_and_idempotent_per_occurrence(
    make_service: Callable[..., SchedulerService], clock: FakeClock, receiver: tuple[Receiver, str]
) -> None:
    rec, url = receiver
    service = make_service(webhook_secret=SECRET, webhook_allow=RECEIVER_ALLOWED)
    created = await service.create(job("hook", {"type": "webhook", "url": url, "payload": {"k": "v"}}), "default")
    clock.advance(60)
    await service.engine.run_once()
    headers, body = rec.requests[0]
    expected = hmac.new(SECRET.encode(), headers["x-cairn-timestamp"].encode() + b"." + body, hashlib.sha256)
    assert headers["x-cairn-signature"] == "sha256=" + expected.hexdigest()
    sent = json.loads(body)
    assert sent["payload"] == {"k": "v"} and sent["job"]["name"] == "hook"
    assert headers["idempotency-key"].startswith(created.id + ":")
    run = service.runs(created.id, "default", 1).runs[0]
    assert run.status == "succeeded" and run.output is not None and run.output.startswith("HTTP 200")


async def test_webhook_error_fails_the_run_and_retries(
    make_service: Callable[..., SchedulerService], clock: FakeClock, receiver: tuple[Receiver, str]
) -> None:
    rec, url = receiver
    rec.status = 503
    service = make_service(webhook_secret=SECRET, webhook_allow=RECEIVER_ALLOWED)
    created = await service.create(
        job("down", {"type": "webhook", "url": url}, retry={"max_retries": 1, "backoff_seconds": 5}), "default"
    )
    clock.advance(60)
    await service.engine.run_once()
    rec.status = 200
    clock.advance(5)
    await service.engine.run_once()
    runs = service.runs(created.id, "default", 5).runs
    assert [(r.trigger, r.status) for r in reversed(runs)] == [("schedule", "failed"), ("retry", "succeeded")]
    assert "answered HTTP 503" in (runs[-1].error or "")
    keys = {headers["idempotency-key"] for headers, _ in rec.requests}
    assert len(rec.requests) == 2 and len(keys) == 1  # a retry carries the same key


async def test_webhook_timeout(
    make_service: Callable[..., SchedulerService], clock: FakeClock, receiver: tuple[Receiver, str]
) -> None:
    rec, url = receiver
    rec.delay = 1.0
    service = make_service(webhook_secret=SECRET, webhook_allow=RECEIVER_ALLOWED)
    created = await service.create(job("slow", {"type": "webhook", "url": url, "timeout_seconds": 0.3}), "default")
    clock.advance(60)
    await service.engine.run_once()
    assert "timed out after 0.3 s" in (service.runs(created.id, "default", 1, "failed").runs[0].error or "")


async def test_generated_webhook_secret_is_private(
    make_service: Callable[..., SchedulerService], cairn_home: Any
) -> None:
    service = make_service()
    key = service.actions.webhook_secret()
    path = cairn_home / "scheduler" / "webhook.secret"
    assert path.read_bytes().strip() == key and (path.stat().st_mode & 0o777) == 0o600


def test_instances_sharing_postgresql_sign_webhooks_with_one_key(postgres_url: str, tmp_path: Path) -> None:
    """A receiver verifies every run with one key, whichever instance ran it; no key file on any disk."""
    services = [SchedulerService(scheduler_settings(tmp_path / name, postgres_url)) for name in ("a", "b")]
    try:
        keys = [service.actions.webhook_secret() for service in services]
        assert keys[0] == keys[1] and len(keys[0]) >= 32
        assert not list(tmp_path.rglob("webhook.secret"))
    finally:
        for service in services:
            service.close()


async def test_tool_action_calls_another_cairn_server_in_process(
    make_service: Callable[..., SchedulerService], clock: FakeClock
) -> None:
    service = make_service()
    created = await service.create(
        job("upkeep", {"type": "tool", "server": "memory", "tool": "memory_maintain", "arguments": {}}), "default"
    )
    clock.advance(60)
    await service.engine.run_once()
    run = service.runs(created.id, "default", 1).runs[0]
    assert run.status == "succeeded", run.error
    assert "archived" in (run.output or "")


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"type": "tool", "server": "memory", "tool": "memory_explode"}, "unknown tool 'memory_explode'"),
        ({"type": "tool", "server": "nowhere", "tool": "x"}, "unknown server 'nowhere'"),
        ({"type": "tool", "server": "scheduler", "tool": "job_create"}, "cannot call the scheduler"),
        ({"type": "webhook", "url": "ftp://example.com/x"}, "http:// or https://"),
        ({"type": "prompt", "prompt": "summarise my week"}, "needs an LLM and none is configured"),
    ],
)
async def test_actions_that_could_never_run_are_refused(
    make_service: Callable[..., SchedulerService], action: dict[str, Any], message: str
) -> None:
    service = make_service()
    with pytest.raises(SchedulerInputError, match=message):
        await service.create(job("bad", action), "default")
    assert service.jobs("default") == []


COMPLETIONS = "https://api.openai.com/v1/chat/completions"


@respx.mock
async def test_prompt_action_uses_memory_and_notifies(
    make_service: Callable[..., SchedulerService], clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    route = respx.post(COMPLETIONS).mock(
        return_value=httpx.Response(
            200,
            json={
                "id": "c1",
                "object": "chat.completion",
                "created": 0,
                "model": "gpt-4o-mini",
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": "Your week: shipped X."},
                        "finish_reason": "stop",
                    }
                ],
                "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
            },
        )
    )
    service = make_service()
    service.settings = service.settings.model_copy(update={"llm_model": "openai/gpt-4o-mini"})
    service.actions.settings = service.settings
    memory = await service.actions.pool.servers.server("memory")
    from fastmcp import Client

    async with Client(memory) as client:
        await client.call_tool("memory_write", {"content": "This week we shipped the scheduler X"})
    created = await service.create(job("weekly", {"type": "prompt", "prompt": "scheduler shipped week"}), "default")
    clock.advance(60)
    await service.engine.run_once()
    run = service.runs(created.id, "default", 1).runs[0]
    assert run.status == "succeeded", run.error
    assert run.output == "Your week: shipped X."
    sent = json.loads(route.calls[0].request.content)
    assert "we shipped the scheduler X" in sent["messages"][-1]["content"]  # recalled memory as context
    assert service.notifications("default")[0].message == "Your week: shipped X."
