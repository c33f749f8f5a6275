"""Which writes repeat a stored memory: short forms, parts of a statement, preferences in other words, and
what must never merge."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from servers.core import crosslang
from servers.core.embedding import LazyEmbedder
from servers.core.events import EventBus
from servers.memory.dedupe import opposed, preference_threshold, repeats, same_preference, same_statement, same_words
from servers.suite.settings import CairnSettings

PREFERENCE_PAIRS = Path(__file__).parent / "data" / "preference_pairs.jsonl"


def test_a_short_form_is_the_same_word() -> None:
    assert same_statement(
        "Feature flags live in Unleash, not in env variables.",
        "Feature flags live in Unleash, not in environment variables.",
    )


def test_a_prefix_is_not_a_short_form() -> None:
    assert not same_statement("The user codes in Java every day", "The user codes in JavaScript every day")


@pytest.mark.parametrize(
    ("part", "whole"),
    [
        ("用户喜欢用 Obsidian 记笔记。", "用户喜欢用 Obsidian 记笔记，笔记库同步在坚果云上。"),
        (
            "The user wants weekly status reports on Friday afternoon.",
            "The user wants weekly status reports sent on Friday afternoon, in bullet points.",
        ),
    ],
)
def test_a_part_of_a_stored_statement_repeats_it(part: str, whole: str) -> None:
    assert repeats(part, whole)


def test_a_statement_that_adds_more_than_a_little_is_not_a_repeat() -> None:
    assert not repeats("用户喜欢用 Obsidian 记笔记，笔记库同步在坚果云上。", "用户喜欢用 Obsidian 记笔记。")


@pytest.mark.parametrize(
    ("new", "existing"),
    [
        ("用户喜欢咖啡", "用户喜欢咖啡色的衣服"),  # 咖啡色 is brown: words, not characters, must be kept
        ("The staging Postgres listens on 5434", "The staging Postgres listens on 5432 and 5434 for replicas"),
        ("The user does not eat meat at dinner", "The user eats meat at dinner with the family"),
        ("Alice owns the billing service", "Bob owns the billing service and the invoices job"),
    ],
)
def test_what_only_looks_like_a_part_never_repeats(new: str, existing: str) -> None:
    assert not repeats(new, existing)


def test_writing_a_part_merges_and_a_changed_number_does_not(settings: CairnSettings, embedder) -> None:  # type: ignore[no-untyped-def]
    from servers.memory.service import MemoryService

    service = MemoryService(settings, embedder=embedder, bus=EventBus())
    try:
        whole = service.write(
            "The on-call rotation changes every Monday at 10:00; handover notes go in the #oncall channel."
        ).id
        assert service.wait_for_vectors(60)
        part = service.write("The on-call rotation changes every Monday at 10:00.").id
        changed = service.write("The on-call rotation changes every Monday at 11:00.").id
        assert service.wait_for_vectors(60)  # paraphrases merge once embedded
        assert service.get(part).archive_reason == f"merged into {whole}"
        assert service.get(changed).archived_at is None
    finally:
        service.close()


SAME_WORDS_PAIRS = [
    ("Deploys run on Fridays at 5 pm.", "deploys run on fridays at 5 PM"),  # case and punctuation
    ("Fridays at 5 pm deploys run.", "Deploys run on Fridays at 5 pm."),  # order (and one small word)
    ("Feature flags live in env variables.", "Feature flags live in environment variables."),  # short form
    ("The service keeps 3 replicas.", "The service keeps 4 replicas."),  # a changed number
    ("The user prefers dark mode.", "The user prefers light mode."),  # a changed word
    ("The user likes tea.", "The user does not like tea."),  # polarity
    ("Ticket OPS-1001 is open.", "Ticket OPS-1002 is open."),  # a changed code
    ("用户喜欢喝咖啡。", "用户喜欢喝咖啡"),
    ("用户喜欢喝咖啡。", "用户不喜欢喝咖啡。"),
    ("I prefer pytest over unittest.", "I prefer unittest over pytest."),  # what is wanted, swapped
    ("!!!", "???"),  # no words at all
    ("", ""),
]


@pytest.mark.parametrize(("a", "b"), SAME_WORDS_PAIRS)
def test_same_words_decides_as_its_definition(a: str, b: str) -> None:
    """The write-time check computes one side once and skips the contradiction check when the words
    differ; its answer must be the definition's: same canonical text, or the same words and no contradiction."""
    from servers.core.text import contradicts
    from servers.memory.dedupe import _terms, canonical, opposed, same_words

    def definition(x: str, y: str) -> bool:
        agree = not contradicts(x, y) and not opposed(x, y)
        return canonical(x) == canonical(y) or (agree and bool(_terms(x)) and _terms(x) == _terms(y))

    assert same_words(a, b) == definition(a, b)
    assert same_words(b, a) == definition(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("I prefer pytest over unittest.", "I prefer unittest over pytest."),
        ("Use tabs, not spaces.", "Use spaces, not tabs."),
        ("Deploys run on Fridays, not Mondays.", "Deploys run on Mondays, not Fridays."),
        ("用 tab，不用空格。", "用空格，不用 tab。"),
    ],
)
def test_the_same_words_wanting_the_opposite_never_merge(a: str, b: str) -> None:
    assert opposed(a, b)
    assert not same_words(a, b) and not same_statement(a, b) and not repeats(a, b) and not same_preference(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Use pytest fixtures, not setUp.", "Please don't write unittest-style classes, fixtures please."),
        ("Use pytest fixtures, not setUp.", "Again: fixtures over setUp/tearDown."),
        ("Please don't write unittest-style classes, fixtures please.", "Again: fixtures over setUp/tearDown."),
        ("Use 4 spaces for indentation.", "Indent with four spaces."),
        ("Use pytest fixtures, not setUp.", "请用 pytest 的 fixture，不要用 setUp。"),
        ("以后请用中文回答。", "请一直用中文回复我。"),
    ],
)
def test_rewordings_of_one_preference_state_the_same_wish(a: str, b: str) -> None:
    assert same_preference(a, b) and same_preference(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Add docstrings to public functions.", "Remove docstrings from public functions."),
        ("Use type hints.", "Use fewer type hints."),
        ("Run the tests before committing.", "Run the tests after committing."),
        ("Always write tests.", "Always run tests."),
        ("Use tabs for indentation.", "Use spaces for indentation."),
        ("Use pytest for tests.", "Avoid pytest for tests."),
        ("Use 4 spaces for indentation.", "Use 2 spaces for indentation."),
        ("请用中文回答。", "请用英文回答。"),
        ("Always use type hints.", "不要写类型注解。"),
        ("My name is Alice.", "My name is Bob."),
        ("用户不吃甜，点外卖的时候要选清淡的菜。", "用户不吃辣，点外卖的时候要选清淡的菜。"),  # sweet, spicy
    ],
)
def test_preferences_that_differ_in_what_they_want_are_two(a: str, b: str) -> None:
    assert not same_preference(a, b) and not same_preference(b, a)


def _merged_pairs(embedder: LazyEmbedder, rows: list[dict[str, str]]) -> int:
    """How many pairs the preference rule merges: close enough for the model's bar, and the same wish."""
    model = embedder.get()
    bar = preference_threshold(model.name, model.calibration.duplicate)
    texts = sorted({t for r in rows for t in (r["a"], r["b"])})
    vectors = dict(zip(texts, model.embed_passages([crosslang.passage(t) for t in texts]), strict=True))
    return sum(
        1 for r in rows if float(np.dot(vectors[r["a"]], vectors[r["b"]])) >= bar and same_preference(r["a"], r["b"])
    )


@pytest.mark.parametrize(("split", "paraphrases_merged"), [("tune", 19), ("heldout", 5)])
def test_labelled_preference_pairs(embedder: LazyEmbedder, split: str, paraphrases_merged: int) -> None:
    """The measured figures, as floors: near-misses (another object, the opposite wish) never merge, and
    at least this many rewordings do. The held-out third was scored once, after the rule was settled."""
    rows = [json.loads(line) for line in PREFERENCE_PAIRS.read_text(encoding="utf-8").splitlines()]
    rows = [r for r in rows if r["split"] == split]
    assert preference_threshold(embedder.get().name, embedder.get().calibration.duplicate) == 0.90
    assert _merged_pairs(embedder, [r for r in rows if r["label"] == "near_miss"]) == 0
    assert _merged_pairs(embedder, [r for r in rows if r["label"] == "paraphrase"]) >= paraphrases_merged


def test_a_preference_in_other_words_merges_once_embedded(settings: CairnSettings, embedder: LazyEmbedder) -> None:
    from servers.memory.service import MemoryService

    service = MemoryService(settings, embedder=embedder, bus=EventBus())
    try:
        first = service.write("Use pytest fixtures, not setUp.", type="preference").id
        assert service.wait_for_vectors(60)
        again = service.write("Please don't write unittest-style classes, fixtures please.", type="preference").id
        opposite = service.write("Use unittest setUp methods, not pytest fixtures.", type="preference").id
        note = service.write("Again: fixtures over setUp/tearDown.").id  # not a preference: the general bar holds
        assert service.wait_for_vectors(60)
        assert service.get(again).archive_reason == f"merged into {first}"
        assert service.get(first).seen_count == 2
        assert service.get(opposite).archived_at is None and service.get(note).archived_at is None
    finally:
        service.close()
