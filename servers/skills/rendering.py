"""Word-by-word English renderings of Chinese requests, as keyword evidence when no LLM translates them.

The bundled embedder places a Chinese request too far from an English description for most of them to
match (see translate.py for the LLM path). Offline, the request's Chinese words are looked up in CC-CEDICT
(the renderer memory uses for cross-language recall) and the English glosses are scored as task words
against names and descriptions. Only as keyword evidence: mixing the rendering's *vector* in was measured
and cost precision, because a gloss-by-gloss rendering is a bag of loosely related words.

The dictionary takes a few seconds to load. :meth:`TaskRenderer.start` loads it in a background thread
(the server's warm-up waits for it there); until it is loaded a request is matched without a rendering
instead of waiting, and when the dictionary package is missing there is never one.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from servers.core import crosslang
from servers.skills.translate import needs_translation

CACHE = 256


class TaskRenderer:
    """English glosses of requests written mostly in CJK script, with a small cache."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self._lexicon: crosslang.Lexicon | None = None
        self._loaded = threading.Event()
        self._started = False
        self._lock = threading.Lock()
        self._cache: OrderedDict[str, str] = OrderedDict()

    def start(self) -> None:
        """Begin loading the dictionary in the background (once)."""
        with self._lock:
            if self._started or not self.enabled:
                return
            self._started = True
        threading.Thread(target=self._load, name="skills-cedict-load", daemon=True).start()

    def wait(self, timeout: float | None = None) -> bool:
        """Load the dictionary if nobody has started to, and wait for it; False on timeout or when disabled."""
        if not self.enabled:
            return False
        self.start()
        return self._loaded.wait(timeout)

    def _load(self) -> None:
        try:
            self._lexicon = crosslang.lexicon()
        finally:
            self._loaded.set()

    def english(self, task: str) -> str | None:
        """The task's rendering, or None: not mostly CJK, dictionary missing or still loading, nothing glossed."""
        if not self.enabled or not needs_translation(task):
            return None
        if not self._loaded.is_set():
            self.start()  # the next request will have it; this one is not kept waiting
            return None
        lexicon = self._lexicon
        if lexicon is None:
            return None
        with self._lock:
            hit = self._cache.get(task)
            if hit is not None:
                self._cache.move_to_end(task)
                return hit or None
        text = " ".join(crosslang.to_english(task, lexicon))
        with self._lock:
            self._cache[task] = text
            while len(self._cache) > CACHE:
                self._cache.popitem(last=False)
        return text or None
