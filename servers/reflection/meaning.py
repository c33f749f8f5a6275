"""How closely a task and a short text (a goal, a drive, an earlier request) match, 0-1.

| method   | when                         | score                                                              |
|----------|------------------------------|--------------------------------------------------------------------|
| lexical  | always                       | cosine of the two sets of stems (first 5 letters) and CJK pairs,   |
|          |                              | generic verbs left out; each side also in the other language when  |
|          |                              | the CC-CEDICT lexicon is loaded (``servers.core.crosslang``)       |
| semantic | USE (the second encoder) is  | USE cosine rescaled: ``USE_FLOOR`` → 0, ``USE_FLOOR + USE_SPAN`` → |
|          | loaded                       | 1; only for the text the task is clearly closest to (see below)    |
| semantic | else e5 is loaded            | e5 cosine rescaled: the model's noise floor → 0, +0.12 above → 1,  |
|          |                              | weighted by ``SEMANTIC_WEIGHT``; only for the nearest text         |

The higher of the two wins: words the two share are strong evidence, meaning covers paraphrase ("Raft leader
election" against "distributed systems"). Meaning has to choose: of several texts, only the one the task is
closest to gets a semantic score, and with USE only when it leads the next by ``USE_MARGIN`` (a task that sits
as near one goal as another, 家长会发言稿 between a class's exams and a daughter, says nothing about either).

Why USE first: it was trained for similarity across languages and spreads cosines wide (unrelated pairs near
0.1, a goal and a task that serves it 0.3-0.7), where e5's sit at 0.82-0.90 for nearly any Chinese pair
(今晚吃什么好 against every drive of a teacher), so no floor of e5's separates them. Measured on the tune,
heldout, tune2 and first blind splits (bench/reflection/initiative/RESULTS.md). Never waits for a model: the
first calls of a fresh process are lexical, and the result says which method ran.

The same encoder tells whether two requests are the same request in other words (:meth:`Meaning.same`): a
routine typed differently each time ("summarize today's usability notes", "turn today's interview notes into a
findings summary") is one pattern, not several topics. Words in common say it too (either suffices), and a
request that brings its material along (after a colon, comma or line break) is an earlier one again when the
request before it is.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Sequence

from servers.core import crosslang
from servers.core.embedding import Embedder, EmbedderUnavailable, LazyEmbedder
from servers.reflection.matching import lexical_similarity

log = logging.getLogger(__name__)

# e5 cosines bunch between 0.75 and 0.90: above the calibrated noise floor, this much more is
# as related as two texts about one thing get.
SEMANTIC_SPAN = 0.12
SEMANTIC_WEIGHT = 1 / 3
# USE cosines of a goal or drive and a task: below the floor nothing a reader called related on the tuning
# splits; with the initiative bar (0.10 on belief confidence 0.71 × fit) a stated goal needs a cosine of ~0.28.
USE_FLOOR = 0.22
# Two Chinese texts sit nearer each other whatever they are about: on the four tuning splits, unrelated task and
# goal pairs both in Chinese reached 0.31 at the 90th percentile against 0.22 for the rest (0.36 against 0.26
# at the 95th), so their floor is that much higher.
USE_FLOOR_CHINESE = USE_FLOOR + 0.09
USE_SPAN = 0.40
USE_MARGIN = 0.02
# Two requests are the same request: USE cosine (a routine in other words sat at 0.60-0.97 on the tuning
# splits' histories, different requests of one user below 0.46), or else the cosine of their stems (routines
# 0.36-1.0, different requests below 0.22) with two stems or more in common (two short requests on one topic,
# "tune the postgres vacuum" and "upgrade postgres to 17", share one word and reach 0.41).
SAME_BY_MEANING = 0.55
SAME_BY_WORDS = 0.33
# Words in common that outweigh meaning when USE puts a text far from the task: two. One shared word is as often
# another sense of it ("regular hours" on a sign against a drive to keep regular customers: USE 0.26, 0.11 behind
# the task's nearest goal). One word still counts where USE puts the text near the task too: a cosine of at least
# ``ONE_WORD_MIN_COSINE`` and no more than ``ONE_WORD_MAX_BEHIND`` behind the nearest text. On the five tuning
# splits that kept every one-word pair a reader judged relevant but one (0.12) and removed 17 of 19 that were not;
# the margins are thin (a relevant pair 0.098 behind, an irrelevant one 0.111).
MIN_WORDS_AGAINST_MEANING = 1.5
ONE_WORD_MIN_COSINE = 0.15
ONE_WORD_MAX_BEHIND = 0.10
_WORD = re.compile(r"[a-z][a-z0-9]*|[\u4e00-\u9fff]+")
_HYPHENATED = re.compile(r"\b[a-z]+(?:-[a-z]+)+\b")
# Words that say what kind of request it is, not what it is about: "write" a poem and "write" clean code
# share nothing a user would call relevant.
_STOP = frozenset(
    "a an the and or of to in on for with by at from is are be was were it this that these those as into then "
    "than so if when before after do does not no never always should must can could i me my you your we our "
    "they their he she its please about over under up out what how why which who where task tasks more once "
    "again each every all any some make get give help want need new one two write draft find explain tell show "
    "good best quick next last this week today day time way thing things let know like would also just "
    # "please" and "thanks" as chat spells them
    "pls plz thx "
    # "can" negated, as a rendering of 不能 puts it
    "cannot "
    # French function words, as a request or a goal mixing French and English types them ("pour le printemps")
    "pour les des une aux avec dans par sur pas que qui ces stp svp "
    # Portuguese ones ("mandar dinheiro pra mãe" and "quer preço pra derrubar" share no topic)
    "pra com uma uns umas dos das nos nas pelo pela esse essa isso".split()
)
_CJK_STOP = frozenset(
    {"任务", "一下", "帮我", "我们", "这个", "那个", "一个", "什么", "怎么", "有什", "么建", "一款", "一首"}
    # how much and the nearest days, as "today" and "how" are above: 多少钱 and 今天 name no topic
    | {"多少", "今天", "明天", "昨天"}
    # whether one can, as "can" is above: 能不能喝浓茶 and 手艺不能断 share no topic
    | {"不能", "能不"}
)


# A request opens with its verb: "book a flight", "plan my week", "ship the redesign". Whatever that word is,
# it says what is to be done, not what about ("book a flight" has nothing to do with a goal to finish a book).
_OPENING_VERB = re.compile(
    r"^\s*(?:(?:please|can you|could you|pls)\s+)?([a-z]+)\s+"
    r"(?=(?:a|an|the|my|me|our|this|these|those|some|us|him|her|them)\b)"
)


def _topic_part(text: str) -> str:
    """``text`` without a request's opening verb (what is to be done, not what about)."""
    verb = _OPENING_VERB.match(text.lower())
    return text[verb.end(1) :] if verb else text


def words_by_stem(text: str) -> dict[str, str]:
    """Comparable units of ``text`` → a word that shows them: Latin stems (first 5 letters) → the word,
    CJK character pairs → themselves; stop words and a request's opening verb left out."""
    out: dict[str, str] = {}
    # A compound is typed with its hyphen or without ("on-call", "oncall"; "follow-up", "followup"): it is one
    # word, joined, so both spellings meet (and "on-call" is not also a "call").
    topic = join_compounds(_topic_part(text))
    for token in _WORD.findall(topic):
        if "\u4e00" <= token[0] <= "\u9fff":
            for pair in (token[i : i + 2] for i in range(max(1, len(token) - 1))):
                if pair not in _CJK_STOP:
                    out.setdefault(pair, pair)
        elif token not in _STOP and len(token) > 2:
            out.setdefault(token[:5], token)
    return out


# Characters that tie Chinese words together (的, 把, 这, 我 …): a character pair holding one spans two words
# (写这 of 帮我写这周, 到的 of 遇到的) or is a deictic (这周 against 本周), and names no routine.
_GLUE = frozenset("的了吧吗呢啊么着和与及或也都就再又很把被这那我你他她它们给帮请")


def own_terms(text: str) -> set[str]:
    """A request's terms in its own language (one request asked again is asked in its own words)."""
    return terms(text, other_language=False)


def core_terms(text: str) -> set[str]:
    """A request's terms that may name a routine: its own, without Chinese pairs that hold a tying character."""
    return {t for t in own_terms(text) if not (_CJK.match(t) and any(c in _GLUE for c in t))}


def _overlap(task: str, other: str) -> tuple[float, float, float]:
    """Words shared (a CJK pair counts half), cosine of the stems, and the share of ``other``'s stems in ``task``."""
    # One request asked again is asked in its own words and language: renderings would only add noise here.
    mine, theirs = own_terms(task), own_terms(other)
    shared = mine & theirs
    # A Chinese word is two or more overlapping character pairs (文言文: 文言, 言文), so a pair counts half.
    words = sum(0.5 if "\u4e00" <= t[0] <= "\u9fff" else 1.0 for t in shared)
    cosine = len(shared) / math.sqrt(len(mine) * len(theirs)) if mine and theirs else 0.0
    return words, cosine, len(shared) / len(theirs) if theirs else 0.0


_MATERIAL = re.compile(r"[:：\n]|[,，]\s*")


# A clause that states something ("the board says we're out", "it's been 6 weeks") rather than asks: material.
_STATEMENT = re.compile(
    r"^(?:the|a|an|my|our|his|her|their|its|it|it's|this|that|these|those|he|she|they|we|i|i'm|you|there)\b"
    r"(?!\s+(?:need|needs|want|wants|have to|has to|must|should)\b)",
    re.IGNORECASE,
)


def clauses(task: str) -> list[str]:
    """The parts of a task split at a colon, comma or line break that may be its request, when it has more than one
    part: the first, and any later one put as a request, not a statement (material pasted in before the request:
    "pt in bed 12 got transferred, need to write up the handoff"; after it: "handover notes pls: bed 4 post-op …")."""
    parts = [p for p in (p.strip() for p in _MATERIAL.split(task)) if p]
    if len(parts) < 2:
        return []
    return [parts[0], *(p for p in parts[1:] if not _STATEMENT.match(p))]


def contains_request(task: str, other: str) -> bool:
    """``task`` is ``other`` with its material pasted in: the request before a colon, comma or line break is
    ``other`` again ("handover notes pls: bed 4 post-op …", 写一条家长群通知：下周三期中考试 …). (Later clauses
    count only towards a routine, :func:`asks_routine`: compared one to one, two short clauses on one topic would
    pass for one request.)"""
    head = _MATERIAL.split(task, maxsplit=1)[0]
    if head == task:
        return False  # no material: the whole request was compared already
    words, cosine, _ = _overlap(head, other)
    return words >= 2 and cosine >= SAME_BY_WORDS


def join_compounds(text: str) -> str:
    """``text`` with its hyphenated compounds written as one word ("on-call" → "oncall")."""
    return _HYPHENATED.sub(lambda m: m.group(0).replace("-", ""), text.lower())


def closeness(task: str, other: str) -> float:
    """How close a request is to an earlier one by its words, taken whole or by the clause that is the request
    (the rest is material), compounds spelt either way."""
    other = join_compounds(other)
    return max(lexical_similarity(join_compounds(part), other) for part in [task, *clauses(task)])


def same_by_words(task: str, others: Sequence[str]) -> list[bool]:
    """For each request, whether it is ``task`` again by the stems they share (no model needed)."""
    out = []
    for other in others:
        # One shared word is a shared topic ("tune the postgres vacuum", "upgrade postgres to 17"), not one request
        # asked again.
        words, cosine, _ = _overlap(task, other)
        out.append((words >= 1.5 and cosine >= SAME_BY_WORDS) or contains_request(task, other))
    return out


_CJK = re.compile(r"[\u4e00-\u9fff]")


def _chinese(text: str) -> bool:
    """Mostly Chinese: a third or more of its non-space characters."""
    return len(_CJK.findall(text)) >= len(re.sub(r"\s", "", text)) / 3


def terms(text: str, *, other_language: bool = True) -> set[str]:
    out = set(words_by_stem(text))
    if other_language and crosslang.loaded():
        # Word-by-word rendering (never waited for): an English goal meets a Chinese task and back.
        rendered = crosslang.render(_topic_part(text))  # the opening verb rendered would be a topic again
        if rendered:
            out |= terms(rendered, other_language=False)
    return out


def lexical(a: str, b: str) -> float:
    ta, tb = terms(a), terms(b)
    return len(ta & tb) / math.sqrt(len(ta) * len(tb)) if ta and tb else 0.0


def _words_shared(a: str, b: str) -> float:
    """How many words two texts share (a CJK character pair counts half: a two-character word is one pair). A word
    and its rendering are one word: each side is taken in its own words against the other with renderings."""
    own_a, own_b = terms(a, other_language=False), terms(b, other_language=False)
    return max(
        sum(0.5 if "\u4e00" <= t[0] <= "\u9fff" else 1.0 for t in shared)
        for shared in (own_a & terms(b), terms(a) & own_b)
    )


CORE_SHARE = 0.75  # of a routine's earlier instances a word must be in to name the routine


def routine_core(instances: Sequence[str]) -> set[str]:
    """The words a routine is asked by, whatever else each time says: those in three quarters or more of its
    earlier instances ("swap" and "shift" across four shift-swap requests, 家长会 across four speeches for it)."""
    counts: dict[str, int] = {}
    for text in instances:
        for stem in core_terms(text):
            counts[stem] = counts.get(stem, 0) + 1
    return {stem for stem, n in counts.items() if n >= CORE_SHARE * len(instances)}


def request_terms(text: str) -> list[set[str]]:
    """The words of a request, in its own language: of the whole, and of each clause (any may be the request, the
    rest material pasted in)."""
    return [core_terms(part) for part in [text, *clauses(text)]]


def asks_routine(task: str, instances: Sequence[str]) -> bool:
    """``task`` is the routine again, put tersely or in new words ("board ideas for next week, apples are in"
    after four requests for the specials board): its request (before any material) names half or more of the core
    words of two or more earlier instances that are one request among themselves. (How close it must still be to
    one of them is ``initiative.PATTERN_MIN_FIT``.)"""
    if len(instances) < 2:
        return False
    core = routine_core(instances)
    # Half of the core at least: one word of three is the topic ("night" of night-shift handover notes), not the
    # request ("what should I eat before a night shift").
    whole, *parts = request_terms(task)
    # The whole counts only when it has no clauses: material pasted in would otherwise name the core by chance.
    return bool(core) and any(len(terms & core) >= len(core) / 2 for terms in (parts or [whole]))


class Meaning:
    """Relevance of one task to several texts, by meaning when vectors are at hand."""

    def __init__(self, embedder: LazyEmbedder | None, second: LazyEmbedder | None = None) -> None:
        self.embedder = embedder
        self.second = second  # USE, when configured: preferred once loaded

    def _use(self) -> Embedder | None:
        return self.second.loaded() if self.second is not None else None

    def _cosines(self, model: Embedder, task: str, texts: Sequence[str]) -> list[float] | None:
        try:
            query = model.embed_query(task)
            rows = model.embed_passages(list(texts))
        except (EmbedderUnavailable, RuntimeError) as exc:
            log.info("relevance by meaning falls back to words: %s", exc)
            return None
        return [float(row @ query) for row in rows]

    def _by_use(self, model: Embedder, task: str, texts: Sequence[str]) -> tuple[list[float], list[float]] | None:
        """Scores by USE (only the clearly nearest text scores), and whether meaning lets one shared word count."""
        cosines = self._cosines(model, task, texts)
        if cosines is None:
            return None
        ranked = sorted(cosines, reverse=True)
        nearest = ranked[0]
        near = [1.0 if c >= ONE_WORD_MIN_COSINE and nearest - c <= ONE_WORD_MAX_BEHIND else 0.0 for c in cosines]
        if len(ranked) > 1 and nearest - ranked[1] < USE_MARGIN:
            return [0.0] * len(cosines), near  # as near one as another: meaning cannot choose
        chinese = _chinese(task)
        floors = [USE_FLOOR_CHINESE if chinese and _chinese(t) else USE_FLOOR for t in texts]
        return [
            min(1.0, max(0.0, (c - floor) / USE_SPAN)) if c >= nearest else 0.0
            for c, floor in zip(cosines, floors, strict=True)
        ], near

    def same(self, task: str, earlier: Sequence[str]) -> list[bool]:
        """For each earlier request, whether it is the same request as ``task`` (in other words, maybe)."""
        if not earlier:
            return []
        model = self._use()
        cosines = self._cosines(model, task, earlier) if model is not None else None
        words = same_by_words(task, earlier)
        if cosines is not None:
            # Either says it: the encoder sits low on a long or mixed-language request, or one with its material
            # pasted in ("handover notes pls: bed 4 post-op …" against "write handover notes for the night shift":
            # 0.07-0.15), where the words still match. (A topic in common is kept out of patterns by how close the
            # request is to its nearest earlier one: ``initiative.PATTERN_MIN_FIT``.)
            return [c >= SAME_BY_MEANING or w for c, w in zip(cosines, words, strict=True)]
        return words

    def _semantic(self, task: str, texts: Sequence[str]) -> tuple[list[float], float, list[float] | None] | None:
        """Scores by meaning, their weight against word overlap, and (USE) whether one shared word may count; or
        None (no model loaded)."""
        use = self._use()
        if use is not None:
            by_use = self._by_use(use, task, texts)
            return (by_use[0], 1.0, by_use[1]) if by_use is not None else None
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
        # Rescaled e5 cosines run higher than word overlap for the same relatedness (calibrated on the tune split:
        # 0.30 against 0.10), so they count at that ratio and one bar serves both; USE's are rescaled to it.
        scores = [min(1.0, max(0.0, (c - floor) / SEMANTIC_SPAN)) if c >= nearest else 0.0 for c in cosines]
        return scores, SEMANTIC_WEIGHT, None

    def scores(self, task: str, texts: Sequence[str]) -> tuple[list[float], str]:
        """One score per text, and the method: ``semantic`` when vectors took part, else ``lexical``."""
        if not texts:
            return [], "lexical"
        words = [lexical(task, t) for t in texts]
        semantic = self._semantic(task, texts)
        if semantic is None:
            return words, "lexical"
        vectors, weight, near = semantic
        if near is not None:
            # One word in common is not relevance when meaning puts the text far from the task: "regular hours" on
            # a sign against a drive to keep regular customers. Two or more shared words still count.
            words = [
                w if v > 0 or close or _words_shared(task, t) >= MIN_WORDS_AGAINST_MEANING else 0.0
                for w, v, close, t in zip(words, vectors, near, texts, strict=True)
            ]
        return [max(w, v * weight) for w, v in zip(words, vectors, strict=True)], "semantic"
