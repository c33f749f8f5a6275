"""Tool names under `cairn serve all` (servers/core/toolnames.py), through a real MCP client: the readable names
are listed and work, and single servers keep their own names."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastmcp import Client

from servers.core import toolnames
from servers.suite.serving import build_server
from servers.suite.settings import CairnSettings


@pytest.fixture
def settings(tmp_path: Path) -> CairnSettings:
    return CairnSettings(home=tmp_path / "home", embedder="none")


async def test_serve_all_lists_the_readable_names(settings: CairnSettings) -> None:
    async with Client(build_server("all", settings)) as client:
        names = {t.name for t in await client.list_tools()}
        listed = (await client.call_tool("skills_list", {})).structured_content
    assert {"skills_list", "skills_search", "skills_match", "skills_activate", "skills_read_file"} <= names
    assert {"reflection_on_task", "reflection_skill_suggestions", "skills_suggestions", "memory_write"} <= names
    assert not {"skills_list_skills", "reflection_reflect", "memory_memory_write"} & names
    assert listed is not None and listed["skills"]  # the bundled skills


async def test_a_single_server_keeps_its_own_names(settings: CairnSettings) -> None:
    async with Client(build_server("skills", settings)) as client:
        names = {t.name for t in await client.list_tools()}
    assert {"list_skills", "activate_skill", "skill_stats"} <= names
    assert "skills_list" not in names


def test_the_naming_rule() -> None:
    assert toolnames.mounted_name("skills", "read_skill_file") == "skills_read_file"
    assert toolnames.mounted_name("memory", "memory_write") == "memory_write"
    assert toolnames.mounted_name("scheduler", "job_create") == "scheduler_job_create"
