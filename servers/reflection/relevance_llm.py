"""Initiative relevance asked of a model: which of the user's goals and drives a task serves.

Words and encoders judge relevance by what a task and a goal say; a model can judge what they mean ("flashcards on
vasopressors" serves a critical-care certification; "my cousin passed her driving exam" serves no exam goal of the
user's). When ``CAIRN_LLM_MODEL`` is set, :class:`~servers.reflection.initiative.InitiativeEvaluator` asks it once
per task and uses its answer in place of the offline scores; a failed or malformed answer returns None and the
offline scores stand.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from pydantic import BaseModel, ValidationError

from servers.core.llm import LLMClient, LLMError

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


def relevant_sources(llm: LLMClient, task: str, sources: Sequence[tuple[str, str]]) -> set[str] | None:
    """The ids (``goal:x``, ``drive:y``) the model judges ``task`` to serve, or None: the offline scores stand."""
    listed = "\n".join(f"- {source}: {text}" for source, text in sources[:MAX_SOURCES])
    try:
        answer = _Answer.model_validate(llm.complete_json(_PROMPT.format(task=task[:2000], sources=listed)))
    except (LLMError, ValidationError) as exc:
        log.info("initiative relevance falls back to words and meaning: %s", exc)
        return None
    known = {source for source, _ in sources}
    return {source for source in answer.relevant if source in known}
