"""Initiatives in an assembled context: within the budget, best first, and on a prompt once per session."""

from __future__ import annotations

from servers.reflection.proactive_models import Initiative
from servers.suite.hooks.context import Gathered, Item, assemble
from servers.suite.hooks.handlers import Hooks
from servers.suite.hooks.initiatives import TITLE, assemble_with
from servers.suite.hooks.sources import DomainSources
from servers.suite.hooks.tokens import estimate_tokens
from servers.suite.settings import CairnSettings


def test_a_prompt_that_serves_a_goal_is_told_so_once_a_session(settings: CairnSettings, embedder) -> None:  # type: ignore[no-untyped-def]
    sources = DomainSources(settings, embedder=embedder)
    sources.reflection.users.signal(
        "default", "launch", "ship the Cairn 1.0 release by June", "explicit", belief_kind="goal"
    )
    hooks = Hooks(settings, sources=sources)
    try:
        prompt = {"session_id": "s1", "prompt": "draft the 1.0 release notes"}
        first = hooks.handle("user-prompt-submit", prompt)
        assert TITLE in first and "1.0" in first.split(TITLE, 1)[1]
        assert TITLE not in hooks.handle("user-prompt-submit", prompt)  # told once in this session
        assert TITLE in hooks.handle("user-prompt-submit", {**prompt, "session_id": "s2"})  # a new session
        assert TITLE not in hooks.handle("user-prompt-submit", {"session_id": "s3", "prompt": "a pasta recipe"})
    finally:
        hooks.close()


def test_prompt_initiatives_can_be_turned_off(settings: CairnSettings, embedder) -> None:  # type: ignore[no-untyped-def]
    quiet = settings.model_copy(update={"hooks": settings.hooks.model_copy(update={"initiatives": False})})
    sources = DomainSources(quiet, embedder=embedder)
    sources.reflection.users.signal(
        "default", "launch", "ship the Cairn 1.0 release by June", "explicit", belief_kind="goal"
    )
    hooks = Hooks(quiet, sources=sources)
    try:
        assert TITLE not in hooks.handle("user-prompt-submit", {"session_id": "s1", "prompt": "draft the 1.0 notes"})
    finally:
        hooks.close()


def _initiative(n: int) -> Initiative:
    return Initiative(
        type="drive_nudge",
        message=f"nudge {n} " + "word " * 20,
        confidence=0.9 - n / 10,
        source=f"drive:d{n}",
        relevance=0.5,
    )


def test_initiatives_never_break_the_budget_and_the_best_go_first() -> None:
    gathered = Gathered(task=[Item("the task " * 20, 1.0)], memories=[Item("memory " * 60, 0.5, "m1")])
    for budget in (100, 150, 200, 400, 2000):
        result = assemble_with(
            lambda b: assemble(gathered, b), [_initiative(0), _initiative(1), _initiative(2)], budget, estimate_tokens
        )
        assert result.total_tokens <= budget
        sources = [i.source for i in result.initiatives]
        assert sources == ["drive:d0", "drive:d1", "drive:d2"][: len(sources)]
    roomy = assemble_with(lambda b: assemble(gathered, b), [_initiative(0)], 2000, estimate_tokens)
    assert roomy.initiatives and "memory" in roomy.text  # with room, nothing else had to go
