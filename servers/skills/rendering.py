"""Word-by-word English renderings of Chinese requests, as keyword evidence when no LLM translates them.

The bundled embedder places a Chinese request too far from an English description for most of them to
match (see translate.py for the LLM path). Offline, the request's Chinese words are looked up in CC-CEDICT
(the renderer memory uses for cross-language recall) and the English glosses are scored as task words
against names and descriptions. Only as keyword evidence: mixing the rendering's *vector* in was measured
and cost precision, because a gloss-by-gloss rendering is a bag of loosely related words.

The dictionary takes a few seconds to load. It is crosslang's, loaded once per process in a background
thread (the server's warm-up waits for it); until it is loaded a request is matched without a rendering
instead of waiting, and when the dictionary package is missing there is never one.
"""

from __future__ import annotations

from servers.core import crosslang
from servers.core.recent import Recent
from servers.skills.translate import needs_translation

CACHE = 256
Senses = tuple[tuple[str, ...], ...]  # per word of a request, its English glosses in dictionary order


class TaskRenderer:
    """English glosses of requests written mostly in CJK script, with a small per-request cache."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self._cache: Recent[str, Senses] = Recent(CACHE)

    def start(self) -> None:
        """Begin loading the dictionary in the background (once per process)."""
        if self.enabled:
            crosslang.preload()

    def wait(self, timeout: float | None = None) -> bool:
        """Load the dictionary if nobody has started to, and wait for it; False on timeout or when disabled."""
        return self.enabled and crosslang.wait_loaded(timeout)

    def english(self, task: str) -> str | None:
        """The task's rendering (each word's first gloss), or None: not mostly CJK, dictionary missing or
        still loading, nothing glossed."""
        found = self.senses(task)
        return " ".join(dict.fromkeys(glosses[0] for glosses in found)) if found else None

    def senses(self, task: str) -> Senses | None:
        """Every gloss of each word of the task (see crosslang.senses), or None when :meth:`english` is."""
        if not self.enabled or not needs_translation(task):
            return None
        if not crosslang.loaded():
            crosslang.preload()  # the next request will have it; this one is not kept waiting
            return None
        lexicon = crosslang.lexicon()  # loaded: answers at once
        if lexicon is None:
            return None
        hit = self._cache.get(task)
        if hit is not None:
            return hit or None
        found = tuple(crosslang.senses(task, lexicon))
        self._cache.put(task, found)
        return found or None
