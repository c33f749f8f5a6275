"""Initiative relevance asked of a model: which of the user's goals and drives a task serves.

Words and encoders judge relevance by what a task and a goal say; a model can judge what they mean ("flashcards on
vasopressors" serves a critical-care certification; "my cousin passed her driving exam" serves no exam goal of the
user's). When ``CAIRN_LLM_MODEL`` is set, :class:`~servers.reflection.initiative.InitiativeEvaluator` asks it once
per task and uses its answer in place of the offline scores; a failed or malformed answer returns None and the
offline scores stand. Without a model of Cairn's own, the initiative tool asks the MCP client's model the same
question through sampling (:func:`relevance_prompt`, :func:`check_relevance`).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from servers.core.llm import LLMClient, LLMError
from servers.reflection.llm_paths import parse_answer

log = logging.getLogger(__name__)

MAX_SOURCES = 20  # goals and drives listed to the model: a user has a handful; the prompt stays short

_PROMPT = """A user asked an assistant: {task}

The user's current goals and strong drives (id: text):
{sources}

Which of them would a thoughtful assistant mention as served by this very task? Only those the task itself moves
forward or clearly bears on, for the user themself (not a task about someone else's affairs, and not one that only
shares a word). Most tasks serve none. Answer with JSON only: {{"relevant": ["<id>", ...]}}"""


class _Answer(BaseModel):
    relevant: list[str]


def relevance_prompt(task: str, sources: Sequence[tuple[str, str]]) -> str:
    """The question put to a model: which of ``sources`` (id, text) ``task`` serves."""
    listed = "\n".join(f"- {source}: {text}" for source, text in sources[:MAX_SOURCES])
    return _PROMPT.format(task=task[:2000], sources=listed)


def check_relevance(text: str) -> tuple[dict[str, Any] | None, str]:
    """A sampled answer's text → ({"relevant": [ids]}, "") or (None, what is wrong with it)."""
    try:
        answer = _Answer.model_validate(parse_answer(text))
    except (ValueError, ValidationError) as exc:
        return None, f'expected JSON {{"relevant": ["<id>", ...]}}: {str(exc)[:300]}'
    return {"relevant": answer.relevant}, ""


def known_ids(chosen: Sequence[str], sources: Sequence[tuple[str, str]]) -> set[str]:
    """The chosen ids that name a listed source: an id the model invents is no source."""
    known = {source for source, _ in sources}
    return {source for source in chosen if source in known}


def relevant_sources(llm: LLMClient, task: str, sources: Sequence[tuple[str, str]]) -> set[str] | None:
    """The ids (``goal:x``, ``drive:y``) the model judges ``task`` to serve, or None: the offline scores stand."""
    try:
        answer = _Answer.model_validate(llm.complete_json(relevance_prompt(task, sources)))
    except (LLMError, ValidationError) as exc:
        log.info("initiative relevance falls back to words and meaning: %s", exc)
        return None
    return known_ids(answer.relevant, sources)
