"""Deciding when two strategies say the same thing — or the opposite (promotion's repeat and contradiction rules).

Meaning comes from the embedder when it is loaded; otherwise from rapidfuzz's token-set ratio. Cosine
similarity alone cannot tell "always X" from "never X" (they score as near-duplicates), so
a polarity check runs on top: similar topic + same polarity = the same strategy; similar topic +
opposite polarity = a contradiction.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass

import numpy as np
from rapidfuzz import fuzz

from servers.core.embedding import EmbedderUnavailable, LazyEmbedder

log = logging.getLogger(__name__)
_CACHE_SIZE = 5000

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_'-]*|\d+|[\u4e00-\u9fff]+")
STOPWORDS = frozenset(
    "a an the and or of to in on for with by at from is are be was were it this that these those as into "
    "then than so if when before after use using used do does not no never always should must can could "
    "i me my you your we our they their he she its please task tasks about over under up out "
    "what how why which who where whats".split()
)
_NEGATIVE = re.compile(
    r"\b(never|don'?t|do not|avoid|stop|no longer|without|skip|refrain from|instead of)\b|不要|别|禁止|避免|不用|无需",
    re.IGNORECASE,
)
# Words whose swap turns a strategy into its opposite ("search before planning" vs "plan before searching").
_ANTONYMS = [
    ("before", "after"),
    ("first", "last"),
    ("more", "fewer"),
    ("more", "less"),
    ("increase", "decrease"),
    ("enable", "disable"),
    ("short", "long"),
    ("shorter", "longer"),
    ("concise", "detailed"),
    ("early", "late"),
    ("sync", "async"),
    ("之前", "之后"),
    ("简洁", "详细"),
]


def words(text: str) -> list[str]:
    out: list[str] = []
    for token in _WORD.findall(text.lower()):
        if "\u4e00" <= token[0] <= "\u9fff":
            # CJK has no spaces: overlapping character pairs stand in for words.
            out.extend(token[i : i + 2] for i in range(max(1, len(token) - 1)))
        else:
            out.append(token)
    return out


def keywords(text: str, limit: int = 12) -> list[str]:
    seen: dict[str, None] = {}
    for w in words(text):
        if w not in STOPWORDS and len(w) > 1 and not w.isdigit():
            seen.setdefault(w, None)
    return list(seen)[:limit]


def negative(text: str) -> bool:
    return bool(_NEGATIVE.search(text))


def orientation(text: str) -> frozenset[str]:
    """Which side of each antonym pair the text takes; strategies that differ here are opposites."""
    lowered = f" {text.lower()} "
    sides: set[str] = set()
    for left, right in _ANTONYMS:
        has_left = re.search(rf"\b{left}\b", lowered) is not None if left.isascii() else left in lowered
        has_right = re.search(rf"\b{right}\b", lowered) is not None if right.isascii() else right in lowered
        if has_left != has_right:
            sides.add(left if has_left else right)
    return frozenset(sides)


_ORDER = re.compile(r"([A-Za-z_]+)(?:\s+[A-Za-z_]+){0,3}?\s+(before|after)\s+(?:the\s+|a\s+)?([A-Za-z_]+)", re.I)
_IDENT = re.compile(r"`([^`]+)`|\b([a-z][a-z0-9]*(?:[_.][a-z0-9]+)+)\b")


def _order(text: str) -> tuple[str, str] | None:
    """("search", "plan") for "search before planning": which action comes first, by word stem."""
    found = _ORDER.search(text)
    if not found:
        return None
    first, word, second = found.group(1).lower()[:4], found.group(2).lower(), found.group(3).lower()[:4]
    return (first, second) if word == "before" else (second, first)


def identifiers(text: str) -> set[str]:
    """Tool and code names (`web_fetch`, file.write): two strategies about different tools differ."""
    return {(a or b).lower() for a, b in _IDENT.findall(text)}


def opposite(a: str, b: str) -> bool:
    if negative(a) != negative(b):
        return True
    oa, ob = orientation(a), orientation(b)
    pairs = {frozenset(p) for p in _ANTONYMS}
    if any(frozenset((x, y)) in pairs for x in oa for y in ob):
        return True
    order_a, order_b = _order(a), _order(b)
    return order_a is not None and order_b is not None and order_a == order_b[::-1] and order_a != order_b


def lexical_similarity(a: str, b: str) -> float:
    ka, kb = " ".join(sorted(set(keywords(a, 40)))), " ".join(sorted(set(keywords(b, 40))))
    if not ka or not kb:
        return 0.0
    return float(fuzz.token_set_ratio(ka, kb)) / 100.0


@dataclass(frozen=True)
class Match:
    index: int
    similarity: float
    opposite: bool


class StrategyMatcher:
    """Compares one strategy with many, by meaning when vectors are available."""

    def __init__(self, embedder: LazyEmbedder | None, *, threshold: float | None, lexical_threshold: float) -> None:
        self.embedder = embedder
        self._threshold = threshold
        self.lexical_threshold = lexical_threshold
        self.method = "lexical"
        self._cache: dict[str, np.ndarray] = {}

    def _vectors(self, texts: list[str]) -> tuple[np.ndarray, float] | None:
        if self.embedder is None or not self.embedder.is_loaded:
            # Never wait for a model load inside a tool call; lexical matching is the fallback.
            if self.embedder is not None and self.embedder.error is None:
                self.embedder.start_background_load()
            return None
        try:
            embedder = self.embedder.get()
            missing = [t for t in dict.fromkeys(texts) if t not in self._cache]
            if missing:
                for text, row in zip(missing, embedder.embed_passages(missing), strict=True):
                    self._cache[text] = row
            matrix = np.stack([self._cache[t] for t in texts])
        except (EmbedderUnavailable, RuntimeError) as exc:
            log.info("strategy matching falls back to lexical similarity: %s", exc)
            return None
        while len(self._cache) > _CACHE_SIZE:
            # Strategies are short and few; dropping the oldest keeps memory bounded on a long-lived server.
            self._cache.pop(next(iter(self._cache)))
        threshold = self._threshold if self._threshold is not None else embedder.calibration.duplicate
        return matrix, threshold

    def compare(self, text: str, others: list[str]) -> list[Match]:
        """Matches above the threshold, best first; ``opposite`` marks contradictions."""
        if not others:
            return []
        found = self._vectors([text, *others])
        if found is not None:
            matrix, threshold = found
            sims = [float(s) for s in matrix[1:] @ matrix[0]]
            # A contradiction shares the topic but not the stance: its cosine sits a little lower.
            topic = threshold - 0.04
            self.method = "semantic"
        else:
            sims = [lexical_similarity(text, o) for o in others]
            threshold = topic = self.lexical_threshold
            self.method = "lexical"
        out: list[Match] = []
        names = identifiers(text)
        for i, (other, sim) in enumerate(zip(others, sims, strict=True)):
            other_names = identifiers(other)
            if names and other_names and not names & other_names:
                continue  # same shape of advice about different tools is different advice
            opp = opposite(text, other)
            if (opp and sim >= topic) or (not opp and sim >= threshold):
                out.append(Match(i, sim, opp))
        return sorted(out, key=lambda m: -m.similarity)
