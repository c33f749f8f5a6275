"""The skills server over MCP (in-memory transport): tools, resources, prompts and errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastmcp import Client, FastMCP
from fastmcp.exceptions import ToolError

from servers.skills.server import create_server
from servers.skills.service import SkillsService
from tests.servers.skills.conftest import write_skill

BACKENDS = ("sqlite", "postgresql")  # every test here runs on both stores (see conftest)


@pytest.fixture
def server(service: SkillsService, roots: dict[str, Path]) -> FastMCP:
    folder = write_skill(
        roots["project"],
        "deploying",
        "Ship services to production. Use when deploying.",
        body="# deploying\n\nRun `make deploy` and watch the logs.\n",
        triggers={"intent_patterns": ["deploy"]},
    )
    (folder / "references").mkdir()
    (folder / "references" / "checklist.md").write_text("- [ ] tests green\n")
    write_skill(roots["system"], "writing", "Write clear prose. Use when drafting text.")
    return create_server(service.settings, service=service)


async def test_tools_are_listed_with_their_limits(server: FastMCP) -> None:
    async with Client(server) as client:
        tools = {t.name: t for t in await client.list_tools()}
    assert {
        "list_skills",
        "search_skills",
        "activate_skill",
        "read_skill_file",
        "match_skills",
        "skill_feedback",
        "skill_stats",
        "skill_report_usage",
        "skill_suggestions",
        "skill_apply_suggestion",
        "skill_disable",
        "skill_enable",
        "install_skill",
    } <= set(tools)
    schema = tools["match_skills"].input_schema
    assert schema["properties"]["recent_tools"]["default"] == [] and schema["required"] == ["task"]
    assert tools["list_skills"].annotations.read_only_hint is True


async def test_progressive_disclosure_round_trip(server: FastMCP) -> None:
    async with Client(server) as client:
        listed = (await client.call_tool("list_skills", {})).structured_content
        assert listed["skills"] == [
            {
                "name": "deploying",
                "description": "Ship services to production. Use when deploying.",
                "scope": "project",
                "status": "active",
                "lint_errors": 0,
            },
            {
                "name": "writing",
                "description": "Write clear prose. Use when drafting text.",
                "scope": "system",
                "status": "active",
                "lint_errors": 0,
            },
        ]
        found = (await client.call_tool("search_skills", {"query": "production deploy"})).structured_content
        assert found["results"][0]["name"] == "deploying"
        body = (await client.call_tool("activate_skill", {"name": "deploying"})).structured_content
        assert "make deploy" in body["body"] and body["files"] == ["references/checklist.md"]
        ref = await client.call_tool("read_skill_file", {"name": "deploying", "path": "references/checklist.md"})
        assert ref.structured_content["content"] == "- [ ] tests green\n"


async def test_match_returns_signals_and_prompt(server: FastMCP) -> None:
    async with Client(server) as client:
        got = (
            await client.call_tool("match_skills", {"task": "deploy the api", "session_id": "s1"})
        ).structured_content
    assert got["matches"] == [
        {
            "name": "deploying",
            "score": 0.5,
            "injected": True,
            "signals": [{"type": "intent_pattern", "detail": "deploy", "weight": 0.5}],
        },
    ]
    assert got["prompt"].startswith("# Activated Skills") and "`writing`" in got["prompt"]


async def test_errors_are_clear(server: FastMCP) -> None:
    async with Client(server) as client:
        with pytest.raises(ToolError, match="outside the skill folder"):
            await client.call_tool("read_skill_file", {"name": "deploying", "path": "../writing/SKILL.md"})
        with pytest.raises(ToolError, match="no skill named 'nope'"):
            await client.call_tool("activate_skill", {"name": "nope"})
        with pytest.raises(ToolError, match="String should match pattern"):
            await client.call_tool("activate_skill", {"name": "Bad Name"})


async def test_resources_and_prompts(server: FastMCP, service: SkillsService, roots: dict[str, Path]) -> None:
    write_skill(roots["project"], "broken", "Has <b>angle</b> brackets.")
    async with Client(server) as client:
        md = await client.read_resource("skill://deploying")
        assert md[0].text.startswith("---\nname: deploying")
        ref = await client.read_resource("skill://deploying/references/checklist.md")
        assert ref[0].text == "- [ ] tests green\n"
        problems = await client.read_resource("skills://problems")
        [problem] = json.loads(problems[0].text)
        assert problem["name"] == "broken" and problem["loaded"] and "SR114" in problem["reason"]
        prompts = {p.name: p for p in await client.list_prompts()}
        assert set(prompts) == {"broken", "deploying", "writing"}  # served despite its lint error
        rendered = await client.get_prompt("deploying", {"task": "ship v2"})
        text = rendered.messages[0].content.text  # type: ignore[union-attr]
        assert "make deploy" in text and text.endswith("Task: ship v2")
        await client.call_tool("skill_disable", {"name": "writing"})
        assert {p.name for p in await client.list_prompts()} == {"broken", "deploying"}


async def test_feedback_and_stats_tools(server: FastMCP) -> None:
    async with Client(server) as client:
        await client.call_tool("activate_skill", {"name": "deploying", "session_id": "s1"})
        fb = await client.call_tool("skill_feedback", {"name": "deploying", "rating": "helpful", "session_id": "s1"})
        assert fb.structured_content["stats"]["helpful"] == 1
        stats = (await client.call_tool("skill_stats", {})).structured_content["skills"]
        assert [(s["name"], s["manual_activations"]) for s in stats] == [("deploying", 1)]
        with pytest.raises(ToolError):
            await client.call_tool("skill_feedback", {"name": "deploying", "rating": "meh"})


async def test_install_skill_reports_fetching_linting_and_installing(server: FastMCP, tmp_path: Path) -> None:
    seen: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))

    good = write_skill(tmp_path / "src", "greeting", "Say hello well. Use when greeting.")
    bad = write_skill(tmp_path / "src", "angry", "Uses <angle> brackets.")
    async with Client(server, progress_handler=on_progress) as client:
        installed = (await client.call_tool("install_skill", {"source": str(good)})).structured_content
        assert seen == [
            (0, 3, f"fetching {good}"),
            (1, 3, "linting greeting"),
            (2, 3, "installing greeting into the user scope"),
            (3, 3, f"installed greeting at {installed['path']}"),
        ]
        seen.clear()
        with pytest.raises(ToolError, match="lint errors"):
            await client.call_tool("install_skill", {"source": str(bad)})
    assert seen == [(0, 3, f"fetching {bad}"), (1, 3, "linting angry")]  # refused: never installing, never done
