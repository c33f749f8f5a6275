"""The memory domain: writes, dedupe, hybrid recall in English and Chinese, filters, isolation, errors."""

from __future__ import annotations

from dataclasses import replace

import pytest

from servers.memory.models import EntryNotFound, MemoryInputError
from servers.memory.service import MemoryService

NOTES = [
    ("The user prefers dark mode in every editor", "preference"),
    ("Deploys go through the staging cluster before production", "decision"),
    ("The payment service fails with E_TIMEOUT_4102 when the bank API is slow", "note"),
    ("parse_config_v2 replaced parse_config in the CLI loader", "note"),
    ("我喜欢吃海鲜，尤其是清蒸鱼", "preference"),
    ("周末计划去杭州西湖徒步", "note"),
    ("The team standup is at 9:30 every weekday", "fact"),
]


@pytest.fixture
def filled(memory: MemoryService) -> MemoryService:
    for content, type_ in NOTES:
        memory.write(content, type=type_)
    assert memory.wait_for_vectors()  # recall by meaning follows the background embedding
    return memory


def _top(memory: MemoryService, query: str, **kw: object) -> str:
    result = memory.recall(query, **kw)  # type: ignore[arg-type]
    assert result.results, f"nothing recalled for {query!r}"
    return result.results[0].content


def test_write_returns_id_and_get_reads_it(memory: MemoryService) -> None:
    result = memory.write("Remember the milk", keywords=["shopping"], slots={"list": "groceries"})
    assert result.merged_into is None
    entry = memory.get(result.id)
    assert entry.content == "Remember the milk"
    assert entry.keywords == ["shopping"] and entry.slots == {"list": "groceries"}
    assert memory.wait_for_vectors()
    assert memory.get(result.id).embedding_model is not None


def test_repeat_merges_and_counts(memory: MemoryService) -> None:
    first = memory.write("The user prefers dark mode in the editor", type="preference")
    again = memory.write("the user prefers dark mode in the editor.", type="preference")
    assert again.merged_into == first.id
    assert memory.get(first.id).seen_count == 2


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("The user prefers dark mode in the editor", "The user prefers light mode in the editor"),
        ("Login fails with HTTP 401 after the token expires", "Login fails with HTTP 403 after the token expires"),
        ("Service listens on port 8080", "Service listens on port 8081"),
    ],
)
def test_contradicting_facts_are_never_merged(memory: MemoryService, first: str, second: str) -> None:
    a = memory.write(first)
    b = memory.write(second)
    assert b.merged_into is None and a.id != b.id


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("which color theme does the user like", "dark mode"),
        ("E_TIMEOUT_4102", "E_TIMEOUT_4102"),
        ("parse_config_v2", "parse_config_v2"),
        ("海鲜", "海鲜"),
        ("西湖", "西湖"),
        ("what seafood do I enjoy", "海鲜"),  # English query, Chinese note
        ("hiking plans for the weekend", "西湖"),  # English query, Chinese note
        ("支付服务超时", "E_TIMEOUT_4102"),  # Chinese query, English note
    ],
)
def test_hybrid_recall_finds_english_chinese_and_identifiers(filled: MemoryService, query: str, expected: str) -> None:
    assert expected in _top(filled, query)


def test_keyword_mode_finds_chinese_two_character_words(filled: MemoryService) -> None:
    result = filled.recall("杭州", mode="keyword")
    assert [h.matched_by for h in result.results] == [["keyword"]]
    assert "杭州" in result.results[0].content


def test_results_explain_how_they_matched(filled: MemoryService) -> None:
    hit = filled.recall("E_TIMEOUT_4102 bank").results[0]
    assert set(hit.matched_by) == {"keyword", "semantic"}
    assert 0 < hit.score <= 1


@pytest.mark.parametrize("query", ['"', "NEAR(", "a AND", "*", "((x", 'say "hi', "col: val", "-", "OR OR"])
def test_fts_syntax_in_queries_never_raises(filled: MemoryService, query: str) -> None:
    filled.recall(query, mode="keyword")
    filled.recall(query)


def test_filters_narrow_results(filled: MemoryService) -> None:
    result = filled.recall("user", filters={"type": "preference"}, limit=10)
    assert result.results and all(h.type == "preference" for h in result.results)
    tagged = filled.write("Cairn uses SQLite", slots={"project": "cairn"})
    hits = filled.recall("SQLite", filters={"slots": {"project": "cairn"}}).results
    assert [h.id for h in hits] == [tagged.id]


@pytest.mark.parametrize(
    ("filters", "message"),
    [
        ({"colour": "red"}, "unknown filter"),
        ({"type": "recipe"}, "unknown type"),
        ({"slots": ["a"]}, "slots"),
        ({"created_after": "yesterday"}, "ISO"),
        ({"layer": "top"}, "layer"),
    ],
)
def test_bad_filters_are_explained(filled: MemoryService, filters: dict[str, object], message: str) -> None:
    with pytest.raises(MemoryInputError, match=message):
        filled.recall("x", filters=filters)


def test_min_score_drops_weak_results(filled: MemoryService) -> None:
    everything = filled.recall("user editor mode", limit=10).results
    strong = filled.recall("user editor mode", limit=10, min_score=0.9).results
    assert len(strong) < len(everything)
    assert all(h.score >= 0.9 for h in strong)


def test_users_are_isolated(memory: MemoryService) -> None:
    mine = memory.write("Alice's locker code is 4417", user_id="alice")
    memory.write("Bob's locker code is 9921", user_id="bob")
    found = memory.recall("locker code", user_id="alice", limit=10).results
    assert [h.id for h in found] == [mine.id]
    with pytest.raises(EntryNotFound):
        memory.get(mine.id, user_id="bob")
    with pytest.raises(EntryNotFound):
        memory.delete(mine.id, user_id="bob")
    assert memory.get(mine.id, user_id="alice").content.startswith("Alice")


def test_update_reindexes_text_and_vector(filled: MemoryService) -> None:
    entry_id = filled.write("The cache lives in Redis").id
    filled.update(entry_id, content="The cache lives in Memcached")
    assert filled.recall("Memcached", mode="keyword").results[0].id == entry_id
    assert not filled.recall("Redis", mode="keyword").results
    assert filled.wait_for_vectors()
    assert filled.get(entry_id).embedding_model is not None


def test_archive_hides_from_recall_but_keeps_entry(filled: MemoryService) -> None:
    entry_id = filled.recall("E_TIMEOUT_4102").results[0].id
    filled.archive(entry_id, reason="fixed")
    assert all(h.id != entry_id for h in filled.recall("E_TIMEOUT_4102", limit=10).results)
    assert filled.get(entry_id).archive_reason == "fixed"


def test_delete_removes_everything(filled: MemoryService) -> None:
    entry_id = filled.write("Temporary scratch note zebra").id
    filled.delete(entry_id)
    with pytest.raises(EntryNotFound):
        filled.get(entry_id)
    assert (
        filled.store.db.scalar("SELECT COUNT(*) FROM entries_vec WHERE rowid NOT IN (SELECT rowid FROM entries)") == 0
    )


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda m: m.write("   "), "empty"),
        (lambda m: m.write("x" * 10_001), "limit is 10,000"),
        (lambda m: m.write("x", keywords=["k"] * 33), "at most 32"),
        (lambda m: m.write("x", user_id="../etc"), "user_id"),
        (lambda m: m.write("x", type="recipe"), "type"),
        (lambda m: m.recall(""), "empty"),
        (lambda m: m.recall("x", limit=0), "limit"),
        (lambda m: m.update("nope", content="x"), "no memory entry"),
    ],
)
def test_bad_input_is_refused_and_nothing_is_written(memory: MemoryService, call, message: str) -> None:  # type: ignore[no-untyped-def]
    before = memory.store.db.scalar("SELECT COUNT(*) FROM entries")
    with pytest.raises((MemoryInputError, EntryNotFound), match=message):
        call(memory)
    assert memory.store.db.scalar("SELECT COUNT(*) FROM entries") == before


def test_without_embedder_recall_degrades_to_keyword_and_says_so(settings) -> None:  # type: ignore[no-untyped-def]
    from servers.core.embedding import create_embedder

    service = MemoryService(settings, embedder=create_embedder("none"))
    written = service.write("Grafana dashboards live in the ops repo")
    assert service.get(written.id).embedding_model is None
    result = service.recall("grafana dashboards")
    assert result.degraded and "keyword search only" in result.degraded
    assert result.results[0].id == written.id and result.results[0].matched_by == ["keyword"]
    service.close()


def test_model_change_is_reported_until_reembed(settings, embedder, memory: MemoryService) -> None:  # type: ignore[no-untyped-def]
    memory.write("vectors made by one model")
    memory.store.set_meta("vector_model", '["some-old-model", 384]')
    memory.store.db.execute("UPDATE entries SET embedding_model = 'some-old-model'")
    result = memory.recall("vectors")
    assert result.degraded and "cairn memory reembed" in result.degraded

    from servers.memory.portability import reembed

    assert reembed(memory, show_progress=False) == 1
    assert memory.recall("vectors").degraded is None


def test_semantic_timeout_falls_back_to_keyword(settings, embedder) -> None:  # type: ignore[no-untyped-def]
    import time

    settings.memory.semantic_timeout_ms = 1
    service = MemoryService(settings, embedder=embedder)
    service.write("Kubernetes manifests are in deploy/k8s")
    original = service.store.vector_search

    def slow(*args, **kwargs):  # type: ignore[no-untyped-def]
        time.sleep(0.2)
        return original(*args, **kwargs)

    service.store.vector_search = slow  # type: ignore[method-assign]
    result = service.recall("kubernetes manifests")
    assert result.degraded and "longer than 1 ms" in result.degraded
    assert result.results and result.results[0].matched_by == ["keyword"]
    service.close()


def test_reembed_all_brings_vectors_of_the_old_passage_form_up_to_date(memory: MemoryService) -> None:
    from servers.core import crosslang
    from servers.memory.portability import reembed

    written = memory.write("用户对青霉素过敏")
    rowid = memory.store.rowid_of(written.id, "default")
    assert rowid is not None
    model = memory.embedder.get()
    # What a version before cross-language renderings stored: the text alone, under the same model name.
    memory.store.set_vector(rowid, "default", model.embed_passages(["用户对青霉素过敏"])[0], model.name)
    assert reembed(memory, show_progress=False) == 0  # nothing is missing a vector of this model
    assert reembed(memory, show_progress=False, everything=True) == 1
    stored = memory.store.get_vector(rowid)
    expected = model.embed_passages([crosslang.passage("用户对青霉素过敏")])[0]
    assert stored is not None and float(stored @ expected) > 0.999


def test_entries_in_the_other_language_get_the_calibration_bonus(memory: MemoryService) -> None:
    """Recall adds FusionConfig.cross_language_bonus to the cosine of an entry in the other language
    than the query, and that can lift it over the semantic floor; same-language entries keep theirs."""
    english = memory.write("The team standup is at 9:30 every weekday", type="fact").id
    chinese = memory.write("每天早上九点半开站会", type="fact").id
    assert memory.wait_for_vectors()
    bonus = memory.fusion.cross_language_bonus
    assert bonus > 0

    def scores() -> dict[str, float]:
        return {h.id: h.score for h in memory.recall("when is the daily standup", mode="semantic").results}

    memory.config.semantic_floor = 0.0
    with_bonus = scores()
    memory.fusion = replace(memory.fusion, cross_language_bonus=0.0)
    raw = scores()
    assert with_bonus[chinese] == pytest.approx(raw[chinese] + bonus, abs=1e-4)
    assert with_bonus[english] == pytest.approx(raw[english], abs=1e-4)

    memory.config.semantic_floor = raw[chinese] + bonus / 2  # just above the Chinese entry's own cosine
    assert chinese not in scores()
    memory.fusion = replace(memory.fusion, cross_language_bonus=bonus)
    assert chinese in scores()
