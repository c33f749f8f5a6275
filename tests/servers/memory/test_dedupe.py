"""Which writes repeat a stored memory: short forms, parts of a statement, and what must never merge."""

from __future__ import annotations

import pytest

from servers.core.events import EventBus
from servers.memory.dedupe import repeats, same_statement
from servers.settings import CairnSettings


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
    ("!!!", "???"),  # no words at all
    ("", ""),
]


@pytest.mark.parametrize(("a", "b"), SAME_WORDS_PAIRS)
def test_same_words_decides_as_its_definition(a: str, b: str) -> None:
    """The write-time check computes one side once and skips the contradiction check when the words
    differ; its answer must be the definition's: same canonical text, or the same words and no contradiction."""
    from servers.core.text import contradicts
    from servers.memory.dedupe import _terms, canonical, same_words

    definition = canonical(a) == canonical(b) or (not contradicts(a, b) and bool(_terms(a)) and _terms(a) == _terms(b))
    assert same_words(a, b) == definition
    assert same_words(b, a) == (
        canonical(b) == canonical(a) or (not contradicts(b, a) and bool(_terms(b)) and _terms(b) == _terms(a))
    )
