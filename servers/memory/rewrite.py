"""Other wordings of a recall query from an LLM, so recall by meaning reaches memories worded differently.

The bundled embedder links a query only weakly to a memory written in the other language (English vs
Chinese) or in other words ("staging" vs "pre-production", bench/RESULTS.md). With ``CAIRN_LLM_MODEL`` set
and ``CAIRN_MEMORY__LLM_QUERY_REWRITE=true``, a query is rewritten once (then cached): its translation into
the other language and one paraphrase. Recall searches by meaning with the mean of the wordings' query
vectors (each memory scored by its mean similarity to them). It is off by default: the first recall of a
new query waits for the LLM (up to ``llm_rewrite_timeout_ms``). Without an LLM, or when it fails, is slow
or answers nonsense, recall uses the query as given and says so.
"""

from __future__ import annotations

import functools
import logging
from typing import Any

from servers.core.llm import LLMClient, LLMError

log = logging.getLogger(__name__)

CACHE = 512
MAX_VARIANTS = 2  # a translation and a paraphrase: each costs one query embedding inside the recall
_SYSTEM = (
    "You help a search over a user's saved notes. Given a search query, answer with JSON only: "
    '{"translation": the query translated into English if it is mostly Chinese, otherwise into Simplified '
    'Chinese, "paraphrase": the same query said in other words in its own language, using the terms a note '
    "about it would likely use}. Keep names, numbers, versions, codes, paths and commands exactly as written."
)


class QueryRewriter:
    """Rewrites queries through ``llm``; thread-safe. Answers are cached, failures are not (the next recall
    asks again)."""

    def __init__(self, llm: LLMClient, max_chars: int) -> None:
        self.llm = llm
        self.max_chars = max_chars
        self._rewordings = functools.lru_cache(maxsize=CACHE)(self._ask)

    def variants(self, query: str) -> tuple[list[str], str | None]:
        """Other wordings of ``query`` (none when the LLM gave nothing usable) and, if it failed, why."""
        try:
            return list(self._rewordings(query)), None
        except LLMError as exc:
            log.warning("rewriting a recall query failed: %s", exc)
            return [], f"the LLM did not rewrite the query ({exc}); searched as written"

    def _ask(self, query: str) -> tuple[str, ...]:
        return tuple(self._usable(query, self.llm.complete_json(query, system=_SYSTEM)))

    def _usable(self, query: str, answer: Any) -> list[str]:
        """The answer's wordings that are text, not the query itself and within the query size limit."""
        if not isinstance(answer, dict):
            return []
        seen = {" ".join(query.split()).casefold()}
        found: list[str] = []
        for key in ("translation", "paraphrase"):
            value = answer.get(key)
            if not isinstance(value, str):
                continue
            text = " ".join(value.split())
            if text and len(text) <= self.max_chars and text.casefold() not in seen:
                seen.add(text.casefold())
                found.append(text)
        return found[:MAX_VARIANTS]
