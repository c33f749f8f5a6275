"""``completion/complete`` over the real protocol (in-memory client): what each caller is offered."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastmcp import Client, FastMCP
from mcp_types import PromptReference, ResourceTemplateReference

from servers.core.principal import Principal, acting_as
from servers.suite.serving import build_server
from servers.suite.settings import CairnSettings

TODAY = datetime.now(UTC).date().isoformat()


@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory) -> FastMCP:
    settings = CairnSettings(home=tmp_path_factory.mktemp("home"), embedder="none")
    write_skill(settings, "deploy-checklist", "Steps to check before a deploy to production.")
    return build_server("all", settings)


def write_skill(settings: CairnSettings, name: str, description: str) -> Path:
    """A user skill on disk, where the skills server finds user skills."""
    skill_md = settings.data_dir("skills") / "user" / name / "SKILL.md"
    skill_md.parent.mkdir(parents=True, exist_ok=True)
    skill_md.write_text(f"---\nname: {name}\ndescription: {description}\n---\n\nFollow the steps.\n")
    return skill_md


async def values(client: Client[object], uri: str, argument: str, typed: str = "", **known: str) -> list[str]:
    completion = await client.complete(
        ResourceTemplateReference(uri=uri), {"name": argument, "value": typed}, context_arguments=known or None
    )
    return list(completion.values)


async def test_serve_all_advertises_completions_and_offers_the_callers_dates(suite: FastMCP) -> None:
    async with Client(suite) as client:
        await client.call_tool("memory_write", {"content": "The staging database is db-7."})
        assert client.initialize_result is None or client.initialize_result.capabilities.completions is not None
        assert await values(client, "memory://memory/daily/{date}", "date") == [TODAY]
        assert await values(client, "memory://memory/daily/{date}", "date", TODAY[:4]) == [TODAY]
        assert await values(client, "memory://memory/daily/{date}", "date", "1999") == []


async def test_skill_names_complete_the_skill_templates_under_their_namespace(suite: FastMCP) -> None:
    async with Client(suite) as client:
        assert "deploy-checklist" in await values(client, "skill://skills/{name}", "name", "dep")
        assert await values(client, "skill://skills/{name}/{path*}", "name", "DEPLOY") == ["deploy-checklist"]
        assert await values(client, "skill://skills/{name}", "name", "zzz") == []


async def test_unknown_references_get_no_values_not_an_error(suite: FastMCP) -> None:
    async with Client(suite) as client:
        prompt = await client.complete(PromptReference(name="test_prompt_with_arguments"), {"name": "a", "value": ""})
        assert prompt.values == []
        assert await values(client, "memory://memory/daily/{date}", "nope") == []


async def test_a_token_without_read_scope_is_offered_nothing(suite: FastMCP) -> None:
    with acting_as(Principal("ada", frozenset({"memory:write", "skills:write"}))):
        async with Client(suite) as client:
            await client.call_tool("memory_write", {"content": "ada keeps her notes in Obsidian."})
            assert await values(client, "memory://memory/daily/{date}", "date") == []
            assert await values(client, "skill://skills/{name}", "name") == []


async def test_a_reader_sees_only_its_own_user_and_days(suite: FastMCP) -> None:
    with acting_as(Principal("bob", frozenset({"memory:read", "memory:write"}))):
        async with Client(suite) as client:
            assert await values(client, "memory://memory/daily/{date}", "date") == []  # bob wrote nothing yet
            await client.call_tool("memory_write", {"content": "bob deploys on Fridays."})
            assert await values(client, "memory://memory/daily/{date}", "date") == [TODAY]
            users = "memory://memory/users/{user_id}/MEMORY.md"
            assert await values(client, users, "user_id") == ["bob"]
            # Another user's days only with memory:admin, even when the client names that user.
            days = "memory://memory/users/{user_id}/daily/{date}"
            assert await values(client, days, "date", user_id="ada") == []
            assert await values(client, days, "date", user_id="bob") == [TODAY]
    with acting_as(Principal("root", frozenset({"memory:read", "memory:admin"}))):
        async with Client(suite) as client:
            assert {"ada", "bob"} <= set(await values(client, users, "user_id"))
            assert await values(client, days, "date", user_id="bob") == [TODAY]
            assert await values(client, days, "date", user_id="root") == []


async def test_scheduler_job_ids_and_names_are_the_callers_own(suite: FastMCP) -> None:
    job = {
        "name": "nightly-report",
        "schedule": {"cron": "0 3 * * *"},
        "action": {"type": "notify", "message": "report"},
    }
    with acting_as(Principal("carol", frozenset({"scheduler:read", "scheduler:write"}))):
        async with Client(suite) as client:
            created = await client.call_tool("scheduler_job_create", job)
            job_id = (created.structured_content or {})["id"]
            offered = await values(client, "scheduler://scheduler/jobs/{job_id}/runs", "job_id")
            assert set(offered) == {job_id, "nightly-report"}
    with acting_as(Principal("dave", frozenset({"scheduler:read"}))):
        async with Client(suite) as client:
            assert await values(client, "scheduler://scheduler/jobs/{job_id}", "job_id") == []
