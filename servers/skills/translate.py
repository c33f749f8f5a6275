"""English renderings of requests written in another script, so they meet English skill descriptions.

The bundled embedder places a Chinese request noticeably further from an English description than the same
request in English: on the user-skills benchmark most Chinese misses are no match at all. With an LLM
configured, such a request is translated once and matched both ways (the better fit per skill wins, so
skills described in Chinese still meet the original). Without one nothing changes.
"""

from __future__ import annotations

import logging

from servers.core.llm import LLMClient, LLMError
from servers.core.recent import Recent
from servers.skills.text import CJK_CHARS

log = logging.getLogger(__name__)

CACHE = 256
MIN_SHARE = 0.3  # of a request's letters: below this it is mostly English with a few CJK names in it
MAX_CHARS = 2000  # longer requests are cut before translating: the opening says what is asked
_SYSTEM = (
    "Translate the user's request into English. Keep product names, file names, commands and code as they are. "
    "Answer with the translation only, no quotes or notes."
)


def needs_translation(task: str) -> bool:
    letters = [c for c in task if c.isalpha()]
    if not letters:
        return False
    return sum(1 for c in letters if CJK_CHARS.match(c)) / len(letters) >= MIN_SHARE


class TaskTranslator:
    """Translates requests through ``llm`` with a small cache; ``None`` when there is nothing to translate."""

    def __init__(self, llm: LLMClient | None) -> None:
        self.llm = llm
        self._cache: Recent[str, str] = Recent(CACHE)

    def english(self, task: str) -> tuple[str | None, str | None]:
        """(the English translation, None) — or (None, why not) when the request is not translated."""
        if self.llm is None or not needs_translation(task):
            return None, None
        hit = self._cache.get(task)
        if hit is not None:
            return hit, None
        try:
            text = " ".join(self.llm.complete(task[:MAX_CHARS], system=_SYSTEM, temperature=0.0).split())
        except LLMError as exc:
            log.warning("translating a request for matching failed: %s", exc)
            return None, f"translating the request failed ({exc}); matched on the original only"
        if not text:
            return None, "the translation was empty; matched on the original only"
        self._cache.put(task, text)
        return text, None
