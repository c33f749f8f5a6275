"""Recall with an LLM's other wordings of the query (the provider mocked with respx; the embedder is real)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import numpy as np
import pytest
import respx

from servers.core.events import EventBus
from servers.memory.service import MemoryService
from servers.suite.settings import CairnSettings
from tests.support_llm import COMPLETIONS, chat_completion

NOTES = [
    "The pre-production cluster runs Kubernetes 1.29 on three nodes in Frankfurt.",
    "The user's laptop is a 14-inch ThinkPad with 32 GB of memory.",
    "Invoices are exported to the accounting system every Monday at 06:00.",
    "用户每周五下午写周报，发给产品经理。",
]
QUERY = "预发布环境的集群用的是哪个版本？"  # "which version does the staging cluster run?"
REWRITE = {
    "translation": "Which Kubernetes version does the pre-production cluster run?",
    "paraphrase": "预发布集群的 Kubernetes 版本是多少",
}


@pytest.fixture
def make(
    settings: CairnSettings, embedder: Any, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[..., MemoryService]]:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    made: list[MemoryService] = []

    def build(rewrite: bool = True, llm_model: str | None = "openai/gpt-4o-mini") -> MemoryService:
        memory = settings.memory.model_copy(update={"llm_query_rewrite": rewrite})
        service = MemoryService(
            settings.model_copy(update={"llm_model": llm_model, "memory": memory}), embedder=embedder, bus=EventBus()
        )
        if not made:  # one store for all: the notes are written once
            for note in NOTES:
                service.write(note, "ann")
            assert service.wait_for_vectors()
        made.append(service)
        return service

    yield build
    for service in made:
        service.close()


def test_a_query_is_also_searched_by_the_llms_wordings(make: Callable[..., MemoryService]) -> None:
    plain = make(rewrite=False)
    with respx.mock(assert_all_called=True) as mock:
        route = mock.post(COMPLETIONS).mock(return_value=chat_completion(json.dumps(REWRITE, ensure_ascii=False)))
        service = make()
        first = service.recall(QUERY, "ann", mode="semantic", limit=2)
        again = service.recall(QUERY, "ann", mode="hybrid", limit=2)  # the rewrite is cached: one call for both
    assert route.call_count == 1
    sent = json.loads(route.calls[0].request.content)
    assert sent["messages"][-1]["content"] == QUERY and "JSON" in sent["messages"][0]["content"]
    assert first.rewritten_as == [REWRITE["translation"], REWRITE["paraphrase"]] and first.rewrite_failed is None
    assert first.results[0].content == NOTES[0] and again.results[0].content == NOTES[0]

    # The query as written (with the cross-language calibration it gets and the wordings do not need) finds the
    # note too, but barely above the other notes: the wordings set it apart and leave fewer unrelated hits.
    before = plain.recall(QUERY, "ann", mode="semantic", limit=4)
    assert before.rewritten_as == []
    assert before.results[0].content == NOTES[0]

    def margin(hits: list[Any]) -> float:
        return hits[0].score - (hits[1].score if len(hits) > 1 else 0.0)

    assert margin(first.results) > margin(before.results) + 0.01
    assert len(first.results) < len(before.results)


def test_no_llm_call_without_the_setting_a_model_or_a_vector_search(make: Callable[..., MemoryService]) -> None:
    with respx.mock(assert_all_called=False) as mock:
        route = mock.post(COMPLETIONS).mock(return_value=chat_completion(json.dumps(REWRITE)))
        off = make(rewrite=False).recall(QUERY, "ann")
        no_model = make(llm_model=None).recall(QUERY, "ann")
        keyword = make().recall(QUERY, "ann", mode="keyword")
    assert route.call_count == 0
    assert off.rewritten_as == no_model.rewritten_as == keyword.rewritten_as == []


@pytest.mark.parametrize(
    ("answer", "failed"),
    [
        (httpx.Response(500, json={"error": {"message": "down"}}), "the LLM did not rewrite the query"),
        (chat_completion("Sure! The query means the staging cluster."), "did not answer with JSON"),
        (chat_completion(json.dumps({"translation": QUERY, "paraphrase": 42})), None),  # nothing usable
    ],
)
def test_a_failing_or_useless_answer_leaves_the_query_as_written(
    make: Callable[..., MemoryService], answer: httpx.Response, failed: str | None
) -> None:
    plain = make(rewrite=False).recall(QUERY, "ann", limit=4)
    with respx.mock(assert_all_called=True) as mock:
        mock.post(COMPLETIONS).mock(return_value=answer)
        result = make().recall(QUERY, "ann", limit=4)
    assert result.rewritten_as == []
    assert (result.rewrite_failed is None) if failed is None else (failed in (result.rewrite_failed or ""))
    # The same hits (scores to float rounding: one search may come from the vector cache, one from sqlite-vec).
    assert [h.id for h in result.results] == [h.id for h in plain.results]
    assert [h.score for h in result.results] == pytest.approx([h.score for h in plain.results], abs=1e-3)


def test_wordings_score_a_memory_by_their_mean_similarity(make: Callable[..., MemoryService], embedder: Any) -> None:
    """Not each memory's best similarity over the wordings: e5 puts a translation nearer to every note in its
    language than a query to its answer, so a best-of rule let one wording's near misses bury the rest."""
    with respx.mock() as mock:
        mock.post(COMPLETIONS).mock(return_value=chat_completion(json.dumps(REWRITE, ensure_ascii=False)))
        service = make()
        result = service.recall(QUERY, "ann", mode="semantic", limit=4)
    model = embedder.get()
    wordings = [model.embed_query(text) for text in (QUERY, REWRITE["translation"], REWRITE["paraphrase"])]
    best_of_differs = False
    for hit in result.results:
        rowid = service.store.rowid_of(hit.id, "ann")
        assert rowid is not None
        [(_, blob)] = service.store.vectors_of("ann", [rowid])
        stored = np.frombuffer(blob, dtype=np.float32)
        cosines = [float(stored @ q) / float(np.linalg.norm(stored) * np.linalg.norm(q)) for q in wordings]
        assert hit.score == pytest.approx(float(np.mean(cosines)), abs=2e-4)
        best_of_differs |= max(cosines) - hit.score > 0.01
    assert result.results and best_of_differs
