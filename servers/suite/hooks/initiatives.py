"""Initiatives in an assembled context (`context_assemble`, the prompt hook): a last section, within the same
budget, only above the bar.

They take at most ``SHARE`` of the budget, reserved before the other sections are fitted, so a full context
keeps room for one or two lines of initiative instead of none; what they do not use goes to the others, and
what the others leave over takes more initiatives if any remain. The budget holds either way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pydantic import Field

from servers.reflection.proactive_models import Initiative
from servers.suite.hooks.context import AssembledContext
from servers.suite.hooks.tokens import Counter

SHARE = 0.15
TITLE = "## Initiatives (from the user's goals, drives and habits; mention one only where it helps)"


class ContextWithInitiatives(AssembledContext):
    initiatives: list[Initiative] = Field(default_factory=list, description="The initiatives included, best first.")
    initiative_tokens: int = Field(0, description="Tokens of the initiatives section, heading included.")


def render(items: Sequence[Initiative]) -> str:
    if not items:
        return ""
    return TITLE + "\n\n" + "\n".join(f"- {i.message} [{i.type}, {i.confidence:.2f}, {i.source}]" for i in items)


def _fitting(items: Sequence[Initiative], room: int, count: Counter) -> list[Initiative]:
    kept: list[Initiative] = []
    for item in items:  # best first: a weaker one never displaces a stronger one
        if count(render([*kept, item])) + 2 <= room:
            kept.append(item)
    return kept


def assemble_with(
    assemble: Callable[[int], AssembledContext], items: Sequence[Initiative], budget: int, count: Counter
) -> ContextWithInitiatives:
    """``assemble(budget)`` for the other sections, then the initiatives that fit in what is left."""
    reserved = count(render(_fitting(items, int(budget * SHARE), count))) + 2 if items else 0
    base = assemble(budget - reserved if reserved else budget)
    kept = _fitting(items, budget - base.total_tokens, count)
    section = render(kept)
    text = f"{base.text}\n\n{section}" if base.text and section else base.text or section
    while kept and count(text) > budget:  # a real tokenizer may count the join differently
        kept.pop()
        section = render(kept)
        text = f"{base.text}\n\n{section}" if base.text and section else base.text or section
    return ContextWithInitiatives(
        **{**base.model_dump(), "text": text, "total_tokens": count(text), "budget_tokens": budget},
        initiatives=kept,
        initiative_tokens=count(section) if section else 0,
    )
