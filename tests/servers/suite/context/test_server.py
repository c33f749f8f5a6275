"""The context server over MCP: the tool returns per-section token counts within budget, the prompt the text."""

from __future__ import annotations

from fastmcp import Client

from servers.suite.context.server import create_server
from servers.suite.hooks.sources import DomainSources
from servers.suite.settings import CairnSettings


async def test_tool_and_prompt_assemble_memories_and_skills(settings: CairnSettings, embedder) -> None:  # type: ignore[no-untyped-def]
    sources = DomainSources(settings, embedder=embedder)
    sources.memory.write("我们决定注册表使用 PostgreSQL 16 和 pgvector。", type="decision")
    sources.memory.write("The user wants commit messages in the imperative mood.", type="preference")
    server = create_server(settings, sources=sources)
    try:
        async with Client(server) as client:
            result = await client.call_tool(
                "context_assemble", {"task": "注册表用的是什么数据库？", "budget_tokens": 400, "session_id": "s1"}
            )
            data = result.structured_content
            assert data is not None
            assert data["total_tokens"] <= 400
            memories = next(s for s in data["sections"] if s["name"] == "memories")
            assert memories["items"] >= 1 and "PostgreSQL 16" in data["text"]
            skill = await client.call_tool(
                "context_assemble",
                {
                    "task": "write a commit message for my staged changes",
                    "budget_tokens": 3000,
                    "sections": ["memories", "skills"],
                },
            )
            sdata = skill.structured_content
            assert sdata is not None and "### Skill: commit-messages" in sdata["text"]
            assert [s["name"] for s in sdata["sections"]] == ["memories", "skills"]
            prompt = await client.get_prompt("context", {"task": "注册表用的是什么数据库？", "budget_tokens": "300"})
            text = prompt.messages[0].content.text  # type: ignore[union-attr]
            assert "PostgreSQL 16" in text
    finally:
        sources.close()


async def test_budget_is_validated(settings: CairnSettings, embedder) -> None:  # type: ignore[no-untyped-def]
    sources = DomainSources(settings, embedder=embedder)
    try:
        async with Client(create_server(settings, sources=sources)) as client:
            bad = await client.call_tool("context_assemble", {"task": "x", "budget_tokens": 5}, raise_on_error=False)
            assert bad.is_error
    finally:
        sources.close()
