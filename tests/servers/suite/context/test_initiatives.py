"""Initiatives in context_assemble (within budget, only above the bar) and context_gaps over memory, through MCP."""

from __future__ import annotations

from fastmcp import Client

from servers.suite.context.server import create_server
from servers.suite.hooks.initiatives import TITLE
from servers.suite.hooks.sources import DomainSources
from servers.suite.settings import CairnSettings


async def test_context_carries_a_relevant_initiative_and_context_gaps_reads_memory(  # type: ignore[no-untyped-def]
    settings: CairnSettings, embedder
) -> None:
    sources = DomainSources(settings, embedder=embedder)
    sources.reflection.users.signal(
        "default", "launch", "ship the Cairn 1.0 release by June", "explicit", belief_kind="goal"
    )
    sources.memory.write("My manager is Dana Li, dana.li@example.com", type="note")
    try:
        async with Client(create_server(settings, sources=sources)) as client:
            aligned = (
                await client.call_tool(
                    "context_assemble", {"task": "draft the 1.0 release notes", "budget_tokens": 600}
                )
            ).structured_content
            assert TITLE in aligned["text"] and aligned["total_tokens"] <= 600
            assert [i["source"] for i in aligned["initiatives"]] == ["goal:launch"] and aligned["initiative_tokens"] > 0
            other = (
                await client.call_tool("context_assemble", {"task": "a pasta recipe", "budget_tokens": 600})
            ).structured_content
            assert other["initiatives"] == [] and TITLE not in other["text"]
            off = (
                await client.call_tool(
                    "context_assemble", {"task": "draft the 1.0 release notes", "initiatives": False}
                )
            ).structured_content
            assert off["initiatives"] == []
            gaps = (
                await client.call_tool("context_gaps", {"task": "email my manager the release notes"})
            ).structured_content
            assert gaps["questions"] == []
            assert [(n["name"], n["holder"]) for n in gaps["needs"]] == [("reference:manager", "memory")]
    finally:
        sources.close()
