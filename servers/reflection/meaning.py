"""How closely a task and a short text (a goal, a drive, an earlier request) match, 0-1.

| method   | when                         | score                                                              |
|----------|------------------------------|--------------------------------------------------------------------|
| lexical  | always                       | cosine of the two sets of stems (first 5 letters) and CJK pairs,   |
|          |                              | generic verbs left out; each side also in the other language when  |
|          |                              | the CC-CEDICT lexicon is loaded (``servers.core.crosslang``)       |
| semantic | the embedder is loaded       | e5 cosine rescaled: the model's noise floor → 0, +0.12 above → 1;  |
|          |                              | only for the text the task is closest to (see below)               |

The higher of the two wins (the semantic score weighted by ``SEMANTIC_WEIGHT``, so that one bar holds for
both): words the two share are strong evidence, meaning covers paraphrase ("Raft leader
election" against "distributed systems"). Meaning has to choose: of several texts, only the one the task is
closest to gets a semantic score. e5 cosines sit above the noise floor for nearly any pair in Chinese (0.82-0.90
for 今晚吃什么好 against every drive of a teacher) and for short everyday questions, so a floor alone lets
unrelated drives through; a drive the task is not nearest to has only shared words to show (on tune, heldout
and tune2 this removed five false initiatives and no true one; bench/reflection/initiative/RESULTS.md). Never
waits for a model: the first calls of a fresh process are lexical, and the result says which method ran.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Sequence

from servers.core import crosslang
from servers.core.embedding import EmbedderUnavailable, LazyEmbedder

log = logging.getLogger(__name__)

# e5 cosines bunch between 0.75 and 0.90: above the calibrated noise floor, this much more is
# as related as two texts about one thing get.
SEMANTIC_SPAN = 0.12
SEMANTIC_WEIGHT = 1 / 3
_WORD = re.compile(r"[a-z][a-z0-9]*|[\u4e00-\u9fff]+")
# Words that say what kind of request it is, not what it is about: "write" a poem and "write" clean code
# share nothing a user would call relevant.
_STOP = frozenset(
    "a an the and or of to in on for with by at from is are be was were it this that these those as into then "
    "than so if when before after do does not no never always should must can could i me my you your we our "
    "they their he she its please about over under up out what how why which who where task tasks more once "
    "again each every all any some make get give help want need new one two write draft find explain tell show "
    "good best quick next last this week today day time way thing things let know like would also just".split()
)
_CJK_STOP = frozenset(
    {"任务", "一下", "帮我", "我们", "这个", "那个", "一个", "什么", "怎么", "有什", "么建", "一款", "一首"}
)


def words_by_stem(text: str) -> dict[str, str]:
    """Comparable units of ``text`` → a word that shows them: Latin stems (first 5 letters) → the word,
    CJK character pairs → themselves; stop words left out."""
    out: dict[str, str] = {}
    for token in _WORD.findall(text.lower()):
        if "\u4e00" <= token[0] <= "\u9fff":
            for pair in (token[i : i + 2] for i in range(max(1, len(token) - 1))):
                if pair not in _CJK_STOP:
                    out.setdefault(pair, pair)
        elif token not in _STOP and len(token) > 2:
            out.setdefault(token[:5], token)
    return out


def terms(text: str, *, other_language: bool = True) -> set[str]:
    out = set(words_by_stem(text))
    if other_language and crosslang.loaded():
        # Word-by-word rendering (never waited for): an English goal meets a Chinese task and back.
        rendered = crosslang.render(text)
        if rendered:
            out |= terms(rendered, other_language=False)
    return out


def lexical(a: str, b: str) -> float:
    ta, tb = terms(a), terms(b)
    return len(ta & tb) / math.sqrt(len(ta) * len(tb)) if ta and tb else 0.0


class Meaning:
    """Relevance of one task to several texts, by meaning when vectors are at hand."""

    def __init__(self, embedder: LazyEmbedder | None) -> None:
        self.embedder = embedder

    def _semantic(self, task: str, texts: Sequence[str]) -> list[float] | None:
        if self.embedder is None or not self.embedder.is_loaded:
            return None
        try:
            model = self.embedder.get()
            query = model.embed_query(task)
            rows = model.embed_passages(list(texts))
        except (EmbedderUnavailable, RuntimeError) as exc:
            log.info("initiative relevance falls back to words: %s", exc)
            return None
        floor = model.calibration.relevant
        cosines = [float(row @ query) for row in rows]
        nearest = max(cosines)
        return [min(1.0, max(0.0, (c - floor) / SEMANTIC_SPAN)) if c >= nearest else 0.0 for c in cosines]

    def scores(self, task: str, texts: Sequence[str]) -> tuple[list[float], str]:
        """One score per text, and the method: ``semantic`` when vectors took part, else ``lexical``."""
        if not texts:
            return [], "lexical"
        words = [lexical(task, t) for t in texts]
        vectors = self._semantic(task, texts)
        if vectors is None:
            return words, "lexical"
        # Rescaled cosines run higher than word overlap for the same relatedness (calibrated on the tune split:
        # 0.30 against 0.10), so they count at that ratio and one bar serves both.
        return [max(w, v * SEMANTIC_WEIGHT) for w, v in zip(words, vectors, strict=True)], "semantic"
