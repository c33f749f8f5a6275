"""Which hits become results: with the semantic stage answering, a skill needs its name, its meaning (above
the floor) or every word of the query; a partial keyword match alone is not enough. Without the stage every
keyword hit stays. A word-hashing embedder stands in for e5 (tests/registry/test_search_paths.py)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from registry.semantic import MEDIAN_MIN, Floor
from servers.core.embedding.base import Calibration
from tests.registry.conftest import Site
from tests.registry.kit import skill_archive
from tests.registry.test_search_paths import WordEmbedder, semantic_search

SKILLS = (
    ("trip-planner", "Plans tomorrow's errands and trips. Use when asked about plans."),
    ("invoice-reader", "Reads invoices and receipts. Use when asked to total an invoice."),
)


@pytest.fixture
def words(monkeypatch: pytest.MonkeyPatch) -> Iterator[WordEmbedder]:
    model = WordEmbedder()
    monkeypatch.setattr("servers.core.embedding.base._build", lambda spec: model)
    yield model


async def publish(site: Site) -> None:
    for name, description in SKILLS:
        response = await site.publish(skill_archive(name, description=description), site.token("ada"))
        assert response.status_code == 201, response.text


async def test_a_keyword_hit_on_some_words_only_is_not_a_result(site: Site, words: WordEmbedder) -> None:
    await publish(site)
    words.calibration = Calibration(relevant=0.99, duplicate=0.995, merge=0.99)  # meaning vouches for nothing
    await site.http.get("/api/v1/skills/trip-planner/1.0.0/archive.tar.gz")  # the most downloaded skill
    search = semantic_search(site.reg.store)

    partial = search.search("quantum tomorrow")  # "tomorrow" is in trip-planner's description, "quantum" nowhere
    assert partial.degraded is None and partial.total == 0 and partial.items == []
    assert [s.name for s in partial.suggestions][:1] == ["trip-planner"]  # what most people install

    every = search.search("tomorrow errands")
    assert [s.name for s in every.items] == ["trip-planner"] and every.suggestions == []

    named = search.search("invoice reader")  # its name, whatever the words say
    assert [s.name for s in named.items][:1] == ["invoice-reader"]


async def test_meaning_above_the_floor_vouches_for_a_skill(site: Site, words: WordEmbedder) -> None:
    await publish(site)
    words.calibration = Calibration(relevant=0.3, duplicate=0.995, merge=0.99)
    search = semantic_search(site.reg.store)
    # "factura" (the stand-in model's synonym of "invoice") is in no skill's text: the words alone fall short
    page = search.search("factura invoices receipts")
    assert [s.name for s in page.items] == ["invoice-reader"]
    words.calibration = Calibration(relevant=0.99, duplicate=0.995, merge=0.99)
    assert semantic_search(site.reg.store).search("factura invoices receipts").total == 0  # the floor decided


async def test_without_the_semantic_stage_every_keyword_hit_stays(site: Site, words: WordEmbedder) -> None:
    await publish(site)
    words.calibration = Calibration(relevant=0.99, duplicate=0.995, merge=0.99)
    search = semantic_search(site.reg.store)
    words.fail = True  # the stage fails: meaning cannot be checked, so words alone decide
    page = search.search("quantum tomorrow")
    assert page.degraded is not None and [s.name for s in page.items] == ["trip-planner"]


async def test_the_api_and_page_say_nothing_was_found_and_offer_suggestions(site: Site) -> None:
    body = (await site.http.get("/api/v1/skills", params={"q": "zzqxv"})).json()
    assert body["total"] == 0 and body["did_you_mean"] is None and body["corrected"] == []
    assert body["suggestions"] and {"name", "description", "latest"} <= set(body["suggestions"][0])
    filtered = await site.http.get("/search", params={"q": "research", "category": "no-such-category"})
    assert "Nothing found for “research”" in filtered.text
    assert 'href="/search?q=research">search without the filters</a>' in filtered.text


def test_the_floor_is_the_higher_of_the_scripts_bar_and_the_querys_median_plus_a_margin() -> None:
    floor = Floor(latin=0.84, cjk=0.805, margin=0.04)
    low = np.full(MEDIAN_MIN, 0.70, dtype=np.float32)
    high = np.full(MEDIAN_MIN, 0.82, dtype=np.float32)
    assert floor.of(low, cjk=False) == 0.84 and floor.of(low, cjk=True) == 0.805
    assert abs(floor.of(high, cjk=False) - 0.86) < 1e-6  # a query near everything needs more than the bar
    assert floor.of(high[: MEDIAN_MIN - 1], cjk=True) == 0.805  # too few skills for a median to mean anything
