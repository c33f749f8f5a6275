"""A job acts as someone: its owner, with the scopes of the token that created it.

Tool actions run through the real in-process server pool into the real memory and nodehost servers; the
principal is stored with the job and checked again when it runs.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from fastmcp import Client

from servers.core.principal import Principal, acting_as, register_principal_check, unregister_principal_check
from servers.scheduler.clock import FakeClock
from servers.scheduler.models import JobSpec, SchedulerInputError
from servers.scheduler.service import SchedulerService
from servers.scheduler.storage.rows import JobChange

ALICE = Principal("alice", frozenset({"scheduler:read", "scheduler:write", "memory:read"}), "client-a")


def job(name: str, action: dict[str, Any]) -> JobSpec:
    return JobSpec.model_validate({"name": name, "schedule": {"interval_seconds": 60}, "action": action})


def tool(server: str, name: str, **arguments: Any) -> dict[str, Any]:
    return {"type": "tool", "server": server, "tool": name, "arguments": arguments}


async def write_memory(service: SchedulerService, user: str, content: str) -> None:
    memory = await service.actions.pool.servers.server("memory")
    async with Client(memory) as client:
        await client.call_tool("memory_write", {"content": content, "user_id": user})


async def run_once(service: SchedulerService, clock: FakeClock, job_id: str, owner: str) -> Any:
    """The run this tick finished (a failed run also queues a retry, which is listed first)."""
    clock.advance(60)
    await service.engine.run_once()
    return next(r for r in service.runs(job_id, owner, 5).runs if r.status != "pending")


@pytest.mark.parametrize(
    ("action", "missing"),
    [
        (tool("nodehost", "system_run", argv=["id"]), "'nodehost:exec'"),
        (tool("nodehost", "fs_write", path="planted.txt", content="x"), "'nodehost:exec'"),
        (tool("memory", "memory_write", content="x"), "'memory:write'"),
        (tool("reflection", "rules_list"), "'reflection:read'"),
        (tool("memory", "memory_recall", query="x", user_id="bob"), "'memory:admin'"),
    ],
)
async def test_an_action_needing_a_scope_the_creator_lacks_is_refused_at_creation(
    service: SchedulerService, action: dict[str, Any], missing: str
) -> None:
    with pytest.raises(SchedulerInputError, match=missing):
        await service.create(job("too-much", action), "alice", principal=ALICE)
    assert service.jobs("alice") == []  # nothing half-written


async def test_a_job_recalls_only_its_owners_memory(
    make_service: Callable[..., SchedulerService], clock: FakeClock
) -> None:
    service = make_service()
    await write_memory(service, "alice", "alice keeps her bike in the blue shed")
    await write_memory(service, "bob", "bob keeps the bike lock code 4711 in the blue shed")
    created = await service.create(
        job("recall", tool("memory", "memory_recall", query="blue shed bike", limit=5)), "alice", principal=ALICE
    )
    run = await run_once(service, clock, created.id, "alice")
    assert run.status == "succeeded", run.error
    contents = [r["content"] for r in json.loads(run.output)["results"]]
    assert any("alice" in c for c in contents) and not any("4711" in c for c in contents)


async def test_scopes_are_enforced_again_when_the_job_runs(
    make_service: Callable[..., SchedulerService], clock: FakeClock
) -> None:
    """A stored action that somehow exceeds the stored scopes (an older row, a hand edit) still cannot act."""
    service = make_service()
    created = await service.create(job("recall", tool("memory", "memory_recall", query="x")), "alice", principal=ALICE)
    widened = tool("memory", "memory_write", content="planted by a job", user_id="bob")
    service.store.update_job(created.id, JobChange(action=widened))
    run = await run_once(service, clock, created.id, "alice")
    assert run.status == "failed" and "insufficient scope" in (run.error or "")
    memory = await service.actions.pool.servers.server("memory")
    async with Client(memory) as client:
        found = await client.call_tool("memory_recall", {"query": "planted by a job", "user_id": "bob"})
    assert found.structured_content is not None and found.structured_content["results"] == []


async def test_a_named_user_in_stored_arguments_is_refused_at_run_time(
    make_service: Callable[..., SchedulerService], clock: FakeClock
) -> None:
    service = make_service()
    await write_memory(service, "bob", "bob's private note about the blue shed")
    created = await service.create(job("recall", tool("memory", "memory_recall", query="x")), "alice", principal=ALICE)
    service.store.update_job(
        created.id, JobChange(action=tool("memory", "memory_recall", query="blue shed", user_id="bob"))
    )
    run = await run_once(service, clock, created.id, "alice")
    assert run.status == "failed" and "memory:admin" in (run.error or "")
    assert "private note" not in (run.output or "") + (run.error or "")


async def test_a_removed_owner_stops_acting(make_service: Callable[..., SchedulerService], clock: FakeClock) -> None:
    service = make_service()
    created = await service.create(job("recall", tool("memory", "memory_recall", query="x")), "alice", principal=ALICE)

    def removed(principal: Principal) -> Principal | str:
        return "user removed" if principal.subject == "alice" else principal

    register_principal_check(removed)
    try:
        run = await run_once(service, clock, created.id, "alice")
    finally:
        unregister_principal_check(removed)
    assert run.status == "failed" and "'alice', who may no longer act: user removed" in (run.error or "")
    run = await run_once(service, clock, created.id, "alice")
    assert run.status == "succeeded", run.error


async def test_scopes_a_user_lost_are_gone_from_their_jobs(
    make_service: Callable[..., SchedulerService], clock: FakeClock
) -> None:
    service = make_service()
    created = await service.create(job("recall", tool("memory", "memory_recall", query="x")), "alice", principal=ALICE)

    def lost_memory(principal: Principal) -> Principal | str:
        return principal.narrowed(principal.scopes - {"memory:read"})

    register_principal_check(lost_memory)
    try:
        run = await run_once(service, clock, created.id, "alice")
    finally:
        unregister_principal_check(lost_memory)
    assert run.status == "failed" and "needs the 'memory:read' scope" in (run.error or "")


async def test_an_update_stores_the_editors_scopes(
    make_service: Callable[..., SchedulerService], clock: FakeClock
) -> None:
    service = make_service()
    created = await service.create(job("recall", tool("memory", "memory_recall", query="x")), "alice", principal=ALICE)
    fewer = Principal("alice", frozenset({"scheduler:write"}))
    with pytest.raises(SchedulerInputError, match="'memory:read'"):
        await service.update(created.id, "alice", {"description": "renamed"}, principal=fewer)
    stored = service.store.db.scalar("SELECT principal FROM jobs WHERE id = ?", (created.id,))
    assert Principal.from_json(str(stored)).scopes == ALICE.scopes  # the refused update changed nothing
    await service.update(created.id, "alice", {"action": {"type": "notify", "message": "hello"}}, principal=fewer)
    stored = service.store.db.scalar("SELECT principal FROM jobs WHERE id = ?", (created.id,))
    assert Principal.from_json(str(stored)) == Principal("alice", fewer.scopes)


async def test_without_authentication_a_job_runs_as_before(
    make_service: Callable[..., SchedulerService], clock: FakeClock
) -> None:
    """stdio and --auth none trust the host to name the user: a job may recall any user's memory."""
    service = make_service()
    await write_memory(service, "bob", "bob keeps the bike lock code 4711")
    created = await service.create(
        job("recall", tool("memory", "memory_recall", query="bike lock code", user_id="bob")), "default"
    )
    assert service.store.db.scalar("SELECT principal FROM jobs WHERE id = ?", (created.id,)) is None
    run = await run_once(service, clock, created.id, "default")
    assert run.status == "succeeded" and "4711" in run.output


async def test_an_ambient_token_does_not_leak_into_an_unauthenticated_job(
    make_service: Callable[..., SchedulerService], clock: FakeClock
) -> None:
    """A job without a principal runs unauthenticated even when the engine runs inside someone's request."""
    service = make_service()
    await write_memory(service, "bob", "bob keeps the bike lock code 4711")
    created = await service.create(
        job("recall", tool("memory", "memory_recall", query="bike lock code", user_id="bob")), "default"
    )
    with acting_as(Principal("mallory", frozenset())):  # whatever the surrounding context says
        run = await run_once(service, clock, created.id, "default")
    assert run.status == "succeeded" and "4711" in run.output
