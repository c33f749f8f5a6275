"""What a registry search query asks for: its words, the spellings each may be found under, and the query a
user probably meant.

| query                 | units: each word / the spellings that find it            | did you mean   |
|-----------------------|-----------------------------------------------------------|----------------|
| ``powerpiont``        | powerpiont / powerpiont, powerpoint, pptx, slides         | ``powerpoint`` |
| ``power point``       | powerpoint / power, point, powerpoint, pptx, slides       | —              |
| ``weather forecast``  | weather / weather; forecast / forecast (English: no fix)  | —              |
| ``生成演示文稿``        | 生成 / 生成, generate, produce …; 演示文稿 / 演示 … presentation | —        |

A word the index has never seen is corrected to the closest indexed word with the same first letter —
unless it is an English word (CC-CEDICT's English glosses serve as the dictionary): "weather" is not a
misspelt "whether", it is a word no skill uses. Chinese words are looked up in the same dictionary and
their first few English senses searched beside them: skills are written in English, and the keyword index
cannot match 演示文稿 to "presentation" by itself. The dictionary loads in the background with the
semantic model (:meth:`registry.semantic.SemanticRanker.warm`); until then neither is done, and the query
says so (``Query.complete``) so that its ranking is not kept.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from servers.core import crosslang
from servers.core.text import content_terms, is_cjk, terms

# Product names people search by, and the words skills use instead: a skill for .pptx files rarely says
# "PowerPoint". Applied to the query only; what a skill is indexed under does not change.
ALIASES: dict[str, list[str]] = {
    "powerpoint": ["pptx", "slides"],
    "keynote": ["slides", "presentation"],
    "excel": ["xlsx", "spreadsheet"],
    "spreadsheets": ["xlsx"],
    "acrobat": ["pdf"],
    "ppt": ["pptx", "slides"],
}
TYPO_MIN = 80.0
SENSES = 3  # English senses searched per Chinese word: the first is often a literal one ("vague" for 模糊)


@dataclass(frozen=True)
class Unit:
    """One word of the query and every spelling that counts as finding it."""

    word: str
    variants: tuple[str, ...]


@dataclass
class Query:
    units: list[Unit]
    corrected: list[str] = field(default_factory=list)  # shown to the user: "powerpiont→powerpoint"
    did_you_mean: str | None = None
    complete: bool = True  # False while the dictionary was still loading and the query needed it

    @property
    def terms(self) -> list[str]:
        """Every spelling of every unit, for the keyword stage's any-term search."""
        return list(dict.fromkeys(v for unit in self.units for v in unit.variants))


@dataclass(frozen=True)
class Vocabulary:
    """The index's words: all of them, and the longer ones grouped by first letter for corrections."""

    words: frozenset[str]
    by_initial: dict[str, list[str]]

    @classmethod
    def of(cls, vocab: list[str]) -> Vocabulary:
        groups: dict[str, list[str]] = {}
        for word in vocab:
            if len(word) > 3 and not word.isdigit():
                groups.setdefault(word[0], []).append(word)
        return cls(frozenset(vocab), groups)


def analyse(query: str, vocab: Vocabulary, *, dictionary: bool = True) -> Query:
    """The query's units, corrections and did-you-mean (see the module's table); without ``dictionary``
    (a registry with no semantic stage, kept light) words are corrected and Chinese searched as typed."""
    lexicon, complete = _lexicon(query) if dictionary else (None, True)
    # With the dictionary, Chinese is cut at dictionary words (演示文稿 one unit, not four pairs).
    words = (crosslang.words(query, lexicon) if lexicon else None) or content_terms(query) or terms(query)
    units: list[Unit] = []
    corrected: list[str] = []
    replaced: dict[str, str] = {}
    joined: set[str] = set()
    # Two words the index knows only written together ("power point" → "powerpoint") count as one,
    # and are then not corrected one by one.
    for first, second in itertools.pairwise(words):
        together = first + second
        if together.isascii() and (together in vocab.words or together in ALIASES):
            joined |= {first, second}
            corrected.append(f"{first} {second}→{together}")
            units.append(Unit(together, (first, second, together, *ALIASES.get(together, []))))
    for word in words:
        if word in joined:
            continue
        if is_cjk(word[0]):
            units.append(Unit(word, tuple(dict.fromkeys([*terms(word), *_english(word, lexicon)]))))
            continue
        variants = [word]
        fix = None if word in vocab.words else _correction(word, vocab, lexicon)
        if fix is not None:
            variants.append(fix)
            corrected.append(f"{word}→{fix}")
            replaced[word] = fix
        for spelling in list(variants):
            variants += ALIASES.get(spelling, [])
        units.append(Unit(word, tuple(dict.fromkeys(variants))))
    return Query(units, corrected, _did_you_mean(query, replaced), complete)


def _lexicon(query: str) -> tuple[crosslang.Lexicon | None, bool]:
    """The dictionary when loaded (else start loading it), and whether this query could do without it."""
    if crosslang.loaded():
        return crosslang.lexicon(), True
    crosslang.preload()  # this search goes on without it; the next ones will have it
    return None, all(len(w) < 4 and w.isascii() for w in terms(query))


def _correction(word: str, vocab: Vocabulary, lexicon: crosslang.Lexicon | None) -> str | None:
    """The closest indexed word with the same first letter (a typo rarely hits it, and without the rule a
    short word finds a near but unrelated one: "power" → "owner"); None for a known English word."""
    if len(word) < 4 or not word.isascii() or not word.isalpha():
        return None
    if lexicon is not None and crosslang.to_chinese(word, lexicon):
        return None
    best = process.extractOne(word, vocab.by_initial.get(word[0], []), scorer=fuzz.ratio, score_cutoff=TYPO_MIN)
    return None if best is None else str(best[0])


def _english(word: str, lexicon: crosslang.Lexicon | None) -> list[str]:
    """Content words of the first English senses of a Chinese dictionary word."""
    if lexicon is None:
        return []
    senses = [s for glosses in crosslang.senses(word, lexicon) for s in glosses[:SENSES]]
    return list(dict.fromkeys(w for sense in senses for w in content_terms(sense) if w.isascii()))


def _did_you_mean(query: str, replaced: dict[str, str]) -> str | None:
    if not replaced:
        return None
    out = query.lower()
    for word, fix in replaced.items():
        out = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", fix, out)
    return " ".join(out.split())
