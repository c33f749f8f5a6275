"""Preferences stated in a session's prompts reach memory: a constraint said in one session and again in another
is a preference seen in both, so it reaches MEMORY.md; said once it is kept nowhere but the user model, below the
bar a host sees."""

from __future__ import annotations

from servers.memory.lifecycle import Lifecycle
from servers.suite.hooks.handlers import Hooks, _session_of, _source
from servers.suite.hooks.sources import DomainSources
from servers.suite.hooks.trace import Task
from servers.suite.settings import CairnSettings

FIRST = "Write the date parser. no regex inside the tokenizer, the scanner is hand-written and stays that way"
AGAIN = "Number literals next: nothing in the tokenizer uses a regex, extend the hand-written scanner"


def _preferences(hooks: Hooks) -> list[tuple[str, int]]:
    entries = hooks.sources.memory.store.live_entries("default", "type = 'preference'")
    return [(e.content, e.seen_count) for _, e in entries]


def test_a_constraint_said_in_two_sessions_is_a_preference_seen_in_both(settings: CairnSettings, embedder) -> None:  # type: ignore[no-untyped-def]
    hooks = Hooks(settings, sources=DomainSources(settings, embedder=embedder))
    try:
        hooks._learn_preferences([Task("Ship the release notes."), Task(FIRST)], "session-one")
        assert _preferences(hooks) == []  # said once: this task's instruction, as far as anyone knows yet
        hooks._learn_preferences([Task(AGAIN)], "session-two")
        [(content, seen)] = _preferences(hooks)
        assert content.startswith("No regex inside the tokenizer") and seen == 2
        Lifecycle(hooks.sources.memory).sync_longterm("default")
        files = hooks.sources.memory.files("default")
        assert "No regex inside the tokenizer" in (files.read(files.memory_md) or "")
    finally:
        hooks.close()


def test_a_source_names_its_session() -> None:
    assert _session_of(_source("0b7c5a3e-0000-4000-8000-000000000001", 3)) == "0b7c5a3e-0000-4000-8000-000000000001"
    assert _session_of("t1") is None
