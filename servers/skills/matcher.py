"""The SkillMatcher: which skills fit a task, scored from explainable signals.

Skills that declare Cairn ``triggers``:

| signal            | weight                    | when                                                   |
|-------------------|---------------------------|--------------------------------------------------------|
| ``intent_pattern``| 0.5                       | the first ``intent_patterns`` regex that matches        |
| ``tool_signal``   | 0.25 each                 | a ``tool_signals`` entry is among ``recent_tools``      |
| ``context_keyword``| 0.15 × matched/declared  | ``context_signals.keywords`` found in the task          |
| ``context_slot``  | 0.1 each                  | a ``context_signals.slots`` key has one of its values   |

Skills *without* them (most skills written for other hosts) are matched on what hosts show the model:

| signal            | weight                                      | when                                         |
|-------------------|---------------------------------------------|----------------------------------------------|
| ``meaning``       | 0.5 + 6 × (adjusted cosine − threshold)     | a task vector is available (see meaning.py)  |
| ``description``   | 6 × 0.06 × coverage (coverage, no vectors)  | the task's words in name + description       |
| ``trigger_phrase``| 0.5                                         | a phrase of another convention's ``triggers`` |
| ``rendered_description`` | 6 × (0.12 × gloss coverage − the above) | a CJK request's glosses cover more    |
| ``no_shared_words``| −6 × 0.01                                  | no task word (nor gloss) in name + description |

With the second encoder (USE) loaded, "adjusted cosine" is the fusion of e5's and USE's on e5's scale
(meaning.py, ``MeaningIndex.fit``) and the threshold is ``fused_threshold``.
With vectors, a skill fits when adjusted cosine + 0.06 × coverage reaches ``meaning_threshold`` (score
0.5), or one of its phrases is in the task. A request written mostly in CJK script that no LLM translated
is also rendered word by word into English (rendering.py); of each word's first few dictionary senses
the one the library's descriptions use most is taken (安全 reads "security" here, not "safe"), and the
coverage of those glosses counts 0.12 instead of 0.06 where it beats the request's own words (one gloss
stands for one Chinese word, so its share is lower than an English request's for the same words). A fit
resting on meaning alone, with not one task word in the name or description, must clear the threshold by
0.01 more: a request on another
subject that merely sounds alike ("a book on fuzzy logic" for a fuzzer) shares no word with the skill.
The constants were fitted on the tuning split of bench/skills/user_skills_eval.jsonl. Without an
embedder, coverage (IDF share of the task's words, at least 2 of them) must reach
``description_threshold``; a phrase still fires on its own.

With an LLM configured, the trigger-less skills down to ``CHOICE_FLOOR`` are offered to it and its answer
decides among them (choice.py, :func:`apply_choice`).

Every skill: ``feedback`` multiplies the score by 1.2 or 0.6 (after ≥ 5 activations; see learning.py).
Score = min(sum, 1) × feedback multiplier (capped at 1); among equal scores the larger uncapped sum
ranks first (two strong fits both reach 1, and the name must not decide between neighbours). A
triggered skill passes at its ``confidence_threshold`` (default 0.5), any other at 0.5 with vectors,
``description_threshold`` without.
Conflicts: skills cooling down in the session drop out, each ``exclusive_group`` keeps its highest
priority, then the best ``max_activated``.
"""

from __future__ import annotations

import re
import threading
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from servers.skills.catalog import Library
from servers.skills.meaning import MeaningIndex
from servers.skills.models import MatchSignal, Skill
from servers.skills.settings import SkillsSettings
from servers.skills.text import idf, terms

INTENT, TOOL, KEYWORDS, SLOT = 0.5, 0.25, 0.15, 0.1
# Skills without Cairn triggers: how keyword coverage adds to the adjusted cosine, and how a fit maps to
# a 0-1 score (a fit at the threshold scores 0.5, like one intent pattern; 0.083 above it scores 1).
COVERAGE_SHARE, SLOPE, PHRASE, PASS = 0.06, 6.0, 0.5, 0.5
# Coverage by a CJK request's word-by-word English rendering (fitted on the tuning split like the above).
RENDERED_SHARE = 0.12
# How many of a word's glosses (dictionary order) a rendering may choose from; later ones are far-fetched.
SENSES = 4
# How much more a fit must clear the threshold by when the task shares no word with the skill's text.
NO_WORDS = 0.01
# With an LLM to choose (choice.py), trigger-less skills down to this score are offered to it: 0.04 of adjusted
# cosine below the threshold (fitted on the tuning split: the right skill's score when it ranks in the top 4
# is at least 0.3 there for 97 % of requests).
CHOICE_FLOOR = 0.25
_ORDER = {"intent_pattern": 0, "tool_signal": 1, "context_keyword": 2, "context_slot": 3}


@dataclass(frozen=True)
class MatchContext:
    task: str
    recent_tools: Sequence[str] = ()
    slots: Mapping[str, str] = field(default_factory=dict)
    session_id: str | None = None
    vector: Any = None  # the task's query embedding (numpy), when an embedder is available
    # An English translation of a request in another script (see translate.py), and its query embedding.
    translation: str | None = None
    translation_vector: Any = None
    # A word-by-word English rendering of a CJK request (see rendering.py), when no translation is available.
    rendering: str | None = None
    # Every gloss of each word of that request: the matcher picks the sense this library speaks of.
    senses: tuple[tuple[str, ...], ...] = ()
    # The second encoder's (USE) vectors of the task and of its translation, when the meaning index is fused.
    second_vector: Any = None
    translation_second_vector: Any = None


@dataclass
class Candidate:
    skill: Skill
    score: float
    signals: list[MatchSignal]
    fit: float = 0.0  # the score before the cap at 1: ranks candidates that both reach it
    passed: bool = True  # at or over its threshold (a candidate below it is only offered to the model)
    choice: int | None = None  # its place in the model's answer, when a model chose it


class DescriptionIndex:
    """An inverted index over name + description of the skills that declare no triggers."""

    def __init__(self, skills: Sequence[Skill]) -> None:
        self.skills = list(skills)
        self.postings: dict[str, list[int]] = defaultdict(list)
        for i, skill in enumerate(self.skills):
            keywords = " ".join(skill.triggers.keywords) if skill.triggers else ""
            words = set(terms(f"{skill.declared_name.replace('-', ' ')} {skill.description} {keywords}"))
            for word in words:
                self.postings[word].append(i)
        self.idf = {w: idf(len(p), len(self.skills)) for w, p in self.postings.items()}
        self.phrases = [(phrase, i) for i, skill in enumerate(self.skills) for phrase in skill.phrases]
        # A Chinese word's chosen sense, per word seen (at most one entry a dictionary headword).
        self._senses: dict[tuple[str, ...], tuple[str, ...]] = {}

    def gloss_terms(self, senses: Sequence[Sequence[str]]) -> list[str]:
        """Terms of one gloss a word: the sense whose words the library's descriptions use most.

        A dictionary's first gloss is its everyday sense (安全 "safe", 仓库 "depot", 插件 "plug-in"); a
        skills library speaks of security, repositories and plugins. Among a word's first few glosses,
        the one whose words are all in the most descriptions (its least-used word counts) is taken; when
        no gloss has all its words in any description, the first.
        A word whose first gloss is a function word ("make", "use") stays without content."""
        out: list[str] = []
        for glosses in senses:
            key = tuple(glosses)
            chosen = self._senses.get(key)
            if chosen is None:
                chosen = self._senses[key] = self._sense(key)
            out.extend(chosen)
        return out

    def _sense(self, glosses: tuple[str, ...]) -> tuple[str, ...]:
        first = self._gloss_terms(glosses[0]) if glosses else []
        if not first:
            return ()
        best, known = first, 0
        for gloss in glosses[:SENSES]:
            words = self._gloss_terms(gloss)
            found = min((len(self.postings.get(w, ())) for w in words), default=0)
            if found > known:
                best, known = words, found
        return tuple(best)

    def _gloss_terms(self, gloss: str) -> list[str]:
        """A gloss's terms; "plug-in" reads as the "plugin" the descriptions write, when they do."""
        if "-" in gloss:
            joined = terms(gloss.replace("-", ""))
            if joined and all(w in self.postings for w in joined):
                return joined
        return terms(gloss)

    def phrases_in(self, task: str) -> dict[int, str]:
        """Skill index → the first of its declared phrases that the task contains as whole words."""
        if not self.phrases:
            return {}
        text = " ".join(task.lower().split())
        found: dict[int, str] = {}
        for phrase, i in self.phrases:
            if i not in found and contains_phrase(text, phrase):
                found[i] = phrase
        return found

    def score(self, task_terms: Sequence[str], min_words: int = 2) -> dict[int, tuple[float, list[str]]]:
        """Skill index → (share of the task's IDF weight its text covers, the task words it has).

        A skill must hold ``min_words`` of the task's words (all of them for shorter tasks): one shared
        word is how unrelated skills look alike."""
        query = list(dict.fromkeys(task_terms))
        if not query:
            return {}
        # A word no description uses still counts in the total: the task is partly about something else.
        unseen = idf(0, len(self.skills))
        total = sum(self.idf.get(w, unseen) for w in query)
        covered: dict[int, float] = defaultdict(float)
        words: dict[int, list[str]] = defaultdict(list)
        for word in query:
            for i in self.postings.get(word, ()):
                covered[i] += self.idf[word]
                words[i].append(word)
        need = min(min_words, len(query))
        return {i: (covered[i] / total, words[i]) for i in covered if len(words[i]) >= need}


def contains_phrase(text: str, phrase: str) -> bool:
    """``phrase`` in ``text`` not glued to other letters ("pdf" is not in "pdfs"; CJK has no spaces to need)."""
    start = text.find(phrase)
    while start >= 0:
        end = start + len(phrase)
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        if not (_glued(before, phrase[0]) or _glued(after, phrase[-1])):
            return True
        start = text.find(phrase, start + 1)
    return False


def _glued(neighbour: str, edge: str) -> bool:
    return neighbour.isascii() and neighbour.isalnum() and edge.isascii() and edge.isalnum()


class TriggerIndex:
    """Every trigger of every skill laid out flat, so one pass over the task scores all skills at once.

    Per call this costs one regex search per pattern and one substring test per keyword, with no
    per-skill Python overhead for skills that nothing points at (the common case).
    """

    def __init__(self, skills: Sequence[Skill]) -> None:
        self.skills = [s for s in skills if s.triggers is not None]
        self.patterns: list[tuple[re.Pattern[str], int]] = []
        self.tools: dict[str, list[int]] = defaultdict(list)
        self.keywords: list[tuple[str, int]] = []
        self.slots: dict[tuple[str, str], list[int]] = defaultdict(list)
        for i, skill in enumerate(self.skills):
            trig = skill.triggers
            assert trig is not None
            self.patterns += [(rx, i) for rx in trig.compiled]
            for tool in dict.fromkeys(trig.tool_signals):
                self.tools[tool].append(i)
            self.keywords += [(k, i) for k in trig.keywords]
            for key, values in trig.slots:
                for value in dict.fromkeys(values):
                    self.slots[(key, value)].append(i)

    def signals(self, ctx: MatchContext) -> dict[int, list[MatchSignal]]:
        found: dict[int, list[MatchSignal]] = defaultdict(list)
        intent: set[int] = set()
        for rx, i in self.patterns:
            if i not in intent and rx.search(ctx.task):
                intent.add(i)  # one matching pattern is enough
                found[i].append(MatchSignal(type="intent_pattern", detail=rx.pattern, weight=INTENT))
        recent = set(ctx.recent_tools)
        for tool in sorted(recent & self.tools.keys(), key=lambda t: ctx.recent_tools.index(t)):
            for i in self.tools[tool]:
                found[i].append(MatchSignal(type="tool_signal", detail=tool, weight=TOOL))
        task = ctx.task.lower()
        hits: dict[int, int] = defaultdict(int)
        for keyword, i in self.keywords:
            if keyword in task:
                hits[i] += 1
        for i, n in hits.items():
            declared = len(self.skills[i].triggers.keywords)  # type: ignore[union-attr]
            weight = round(KEYWORDS * n / declared, 4)
            found[i].append(MatchSignal(type="context_keyword", detail=f"{n}/{declared} keywords", weight=weight))
        for key, value in ctx.slots.items():
            for i in self.slots.get((key, value), ()):
                found[i].append(MatchSignal(type="context_slot", detail=f"{key}={value}", weight=SLOT))
        return found


class Cooldowns:
    """When each skill was last activated in each session (in memory: losing it on a restart only lets a
    skill activate once more)."""

    def __init__(self) -> None:
        self._last: dict[tuple[str, str], float] = {}
        self._lock = threading.Lock()

    def mark(self, session_id: str, name: str, at: float | None = None) -> None:
        with self._lock:
            self._last[(session_id, name)] = time.monotonic() if at is None else at

    def cooling(self, session_id: str | None, skill: Skill, now: float | None = None) -> bool:
        if session_id is None or skill.cooldown <= 0:
            return False
        last = self._last.get((session_id, skill.name))
        return last is not None and (time.monotonic() if now is None else now) - last < skill.cooldown


class SkillMatcher:
    def __init__(self, settings: SkillsSettings, cooldowns: Cooldowns | None = None) -> None:
        self.settings = settings
        self.cooldowns = cooldowns or Cooldowns()
        self._index: tuple[int, DescriptionIndex, TriggerIndex] | None = None

    def indexes(self, library: Library) -> tuple[DescriptionIndex, TriggerIndex]:
        cached = self._index
        if cached is None or cached[0] != library.generation:
            skills = list(library.skills.values())
            plain = [s for s in skills if s.triggers is None]
            cached = (library.generation, DescriptionIndex(plain), TriggerIndex(skills))
            self._index = cached
        return cached[1], cached[2]

    def plain_skills(self, library: Library) -> list[Skill]:
        """The skills without Cairn triggers, in the order a :class:`MeaningIndex` for them must use."""
        return self.indexes(library)[0].skills

    def candidates(
        self,
        library: Library,
        ctx: MatchContext,
        multipliers: Mapping[str, float] | None = None,
        meaning: MeaningIndex | None = None,
        floor: float = PASS,
        near: int = 0,
    ) -> list[Candidate]:
        """Every skill at or over its threshold, before conflict resolution.

        With ``floor`` under PASS, the ``near`` best trigger-less skills matched by meaning under the pass mark
        are kept down to it too, marked as not passed: with those over it, what a model chooses from."""
        multipliers = multipliers or {}
        out: list[Candidate] = []
        index, triggers = self.indexes(library)
        for i, found in triggers.signals(ctx).items():
            skill = triggers.skills[i]
            own = skill.triggers.threshold if skill.triggers else None
            threshold = self.settings.default_threshold if own is None else own
            # Strongest evidence first: intent, tools, keywords, slots.
            self._keep(out, skill, sorted(found, key=lambda sig: _ORDER[sig.type]), threshold, multipliers)
        phrases = index.phrases_in(ctx.task)
        usable = meaning is not None and ctx.vector is not None and len(meaning.skills) == len(index.skills)
        if usable:
            assert meaning is not None
            self._by_meaning(out, index, meaning, ctx, phrases, multipliers, min(floor, PASS), near)
        else:
            self._by_keywords(out, index, ctx, phrases, multipliers)
        return out

    def _by_keywords(
        self,
        out: list[Candidate],
        index: DescriptionIndex,
        ctx: MatchContext,
        phrases: dict[int, str],
        multipliers: Mapping[str, float],
    ) -> None:
        """No vectors: the task's words in name + description, and any declared phrase."""
        threshold = self.settings.description_threshold
        scored = index.score(terms(ctx.task))
        for i in scored.keys() | phrases.keys():
            signals = []
            if i in scored:
                coverage, words = scored[i]
                detail = f"task words in name/description: {', '.join(words)}"
                signals.append(MatchSignal(type="description", detail=detail, weight=round(coverage, 4)))
            if i in phrases:
                signals.append(MatchSignal(type="trigger_phrase", detail=phrases[i], weight=PHRASE))
            self._keep(out, index.skills[i], signals, min(threshold, PASS) if i in phrases else threshold, multipliers)

    def _by_meaning(
        self,
        out: list[Candidate],
        index: DescriptionIndex,
        meaning: MeaningIndex,
        ctx: MatchContext,
        phrases: dict[int, str],
        multipliers: Mapping[str, float],
        keep_from: float = PASS,
        near: int = 0,
    ) -> None:
        """Adjusted cosine + a share of keyword coverage against the calibrated threshold, or a phrase."""
        fused = meaning.second is not None and ctx.second_vector is not None
        threshold = self.settings.fused_threshold if fused else self.settings.meaning_threshold
        cosines, adjusted, coverage, scored, other = self._fit(index, meaning, ctx.task, ctx.vector, ctx.second_vector)
        via = np.zeros(len(index.skills), dtype=bool)
        if ctx.translation is not None and ctx.translation_vector is not None:
            # The better fit per skill: the translation meets English descriptions, the original any others.
            t_cos, t_adj, t_cov, t_scored, t_other = self._fit(
                index, meaning, ctx.translation, ctx.translation_vector, ctx.translation_second_vector
            )
            via = t_adj + COVERAGE_SHARE * t_cov > adjusted + COVERAGE_SHARE * coverage
            cosines, adjusted, coverage = (
                np.where(via, t_cos, cosines),
                np.where(via, t_adj, adjusted),
                np.where(via, t_cov, coverage),
            )
            if other is not None and t_other is not None:
                other = np.where(via, t_other, other)
            scored = {i: hit for i, hit in scored.items() if not via[i]} | {
                i: hit for i, hit in t_scored.items() if via[i]
            }
        evidence = COVERAGE_SHARE * coverage
        rendered, r_scored = np.zeros_like(coverage), {}
        if ctx.rendering is not None and ctx.translation is None:
            glossed = index.gloss_terms(ctx.senses) if ctx.senses else terms(ctx.rendering)
            r_scored = index.score(glossed, min_words=1)
            for i, (share, _) in r_scored.items():
                rendered[i] = share
            evidence = np.maximum(evidence, RENDERED_SHARE * rendered)
        wordless = evidence <= 0
        score = PASS + SLOPE * (adjusted + evidence - threshold - NO_WORDS * wordless)
        # A helpful-feedback multiplier may lift a skill over the line: look at everything it could lift.
        lift = max(1.0, *multipliers.values()) if multipliers else 1.0
        kept = set(np.flatnonzero(score >= PASS / lift).tolist()) | phrases.keys()
        if keep_from < PASS and near > 0:
            # Under the pass mark only the best few can be offered to a model: building the others' signals is
            # what would make a large library slow.
            under = np.flatnonzero((score >= keep_from / lift) & (score < PASS / lift))
            if len(under) > near:
                # Scores are compared rounded (to 4 places) later: keep whatever ties with the last one kept.
                last = np.partition(score[under], len(under) - near)[len(under) - near]
                under = under[score[under] >= last - 1e-4]
            kept |= set(under.tolist())
        for i in kept:
            meant = max(0.0, PASS + SLOPE * float(adjusted[i] - threshold))
            if other is None:
                detail = f"cosine {cosines[i]:.3f} to name + description, {adjusted[i]:.3f} adjusted for the library"
            else:
                detail = (
                    f"cosine {cosines[i]:.3f} (e5) and {other[i]:.3f} (USE) to name + description, "
                    f"{adjusted[i]:.3f} fused and adjusted for the library"
                )
            if via[i]:
                detail += f"; through the English translation {ctx.translation!r}"
            signals = [MatchSignal(type="meaning", detail=detail, weight=round(meant, 4))]
            if i in scored:
                words = ", ".join(scored[i][1])
                weight = round(SLOPE * COVERAGE_SHARE * float(coverage[i]), 4)
                signals.append(MatchSignal(type="description", detail=f"task words: {words}", weight=weight))
            extra = round(SLOPE * float(evidence[i] - COVERAGE_SHARE * coverage[i]), 4)
            if i in r_scored and extra > 0:
                words = ", ".join(r_scored[i][1])
                detail = f"task words rendered from Chinese (CC-CEDICT): {words}"
                signals.append(MatchSignal(type="rendered_description", detail=detail, weight=extra))
            if wordless[i]:
                detail = f"no task word in name or description: meaning must clear the threshold by {NO_WORDS}"
                signals.append(MatchSignal(type="no_shared_words", detail=detail, weight=round(-SLOPE * NO_WORDS, 4)))
            if i in phrases:
                signals.append(MatchSignal(type="trigger_phrase", detail=phrases[i], weight=PHRASE))
            self._keep(out, index.skills[i], signals, PASS, multipliers, keep_from)

    @staticmethod
    def _fit(
        index: DescriptionIndex, meaning: MeaningIndex, text: str, vector: Any, second: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, dict[int, tuple[float, list[str]]], np.ndarray | None]:
        """Cosines, library-adjusted (and fused) fit, keyword coverage of every skill for one wording of a task,
        and the second encoder's cosines when it took part."""
        cosines, adjusted, other = meaning.fit(vector, second)
        coverage = np.zeros(len(index.skills), dtype=np.float32)
        scored = index.score(terms(text), min_words=1)
        for i, (share, _) in scored.items():
            coverage[i] = share
        return cosines, adjusted, coverage, scored, other

    def _keep(
        self,
        out: list[Candidate],
        skill: Skill,
        signals: list[MatchSignal],
        threshold: float,
        multipliers: Mapping[str, float],
        keep_from: float | None = None,
    ) -> None:
        if not signals:
            return
        total = sum(s.weight for s in signals)
        base = min(total, 1.0)
        factor = multipliers.get(skill.name, 1.0)
        score = min(base * factor, 1.0)
        if factor != 1.0:
            signals = [*signals, MatchSignal(type="feedback", detail=f"x{factor:g}", weight=round(score - base, 4))]
        if score >= (threshold if keep_from is None else min(threshold, keep_from)):
            out.append(Candidate(skill, round(score, 4), signals, round(total * factor, 4), score >= threshold))

    def resolve(self, candidates: list[Candidate], session_id: str | None, now: float | None = None) -> list[Candidate]:
        """Cooldown, then exclusive groups (highest priority, then score), then the best ``max_activated``."""
        live = [c for c in candidates if not self.cooldowns.cooling(session_id, c.skill, now)]
        winners: dict[str, Candidate] = {}
        result: list[Candidate] = []
        for c in live:
            group = c.skill.exclusive_group
            if group is None:
                result.append(c)
                continue
            best = winners.get(group)
            if best is None or (c.skill.priority, c.score) > (best.skill.priority, best.score):
                winners[group] = c
        result.extend(winners.values())
        result.sort(key=lambda c: (-c.score, -c.skill.priority, -c.fit, c.skill.name))
        # Skills a model chose keep its order among themselves (the places they hold stay theirs).
        places = [k for k, c in enumerate(result) if c.choice is not None]
        for k, c in zip(places, sorted((result[k] for k in places), key=lambda c: c.choice or 0), strict=True):
            result[k] = c
        return result[: self.settings.max_activated]

    def match(
        self,
        library: Library,
        ctx: MatchContext,
        multipliers: Mapping[str, float] | None = None,
        meaning: MeaningIndex | None = None,
    ) -> list[Candidate]:
        return self.resolve(offline(self.candidates(library, ctx, multipliers, meaning)), ctx.session_id)


def offline(candidates: Sequence[Candidate]) -> list[Candidate]:
    """The candidates at or over their threshold: the match when no model chooses."""
    return [c for c in candidates if c.passed]


def shortlist(candidates: Sequence[Candidate], size: int) -> list[Candidate]:
    """The trigger-less candidates a model chooses among: the ``size`` best fits."""
    plain = [c for c in candidates if c.skill.triggers is None]
    return sorted(plain, key=lambda c: (-c.fit, c.skill.name))[:size]


def apply_choice(
    candidates: Sequence[Candidate], offered: Sequence[Candidate], chosen: Sequence[str], model: str
) -> list[Candidate]:
    """The match after a model chose ``chosen`` (in its order) among ``offered``.

    Skills with Cairn triggers keep their own result; of the trigger-less ones only the chosen stay, each
    scored at least at the pass mark (a model's choice is a fit), with an ``llm_choice`` signal."""
    place = {name: k for k, name in enumerate(chosen)}
    out = [c for c in candidates if c.skill.triggers is not None and c.passed]
    for c in offered:
        k = place.get(c.skill.name)
        if k is None:
            continue
        score = max(c.score, PASS)
        detail = f"{model} chose it (answer {k + 1} of {len(chosen)}) among the {len(offered)} closest skills"
        signal = MatchSignal(type="llm_choice", detail=detail, weight=round(score - c.score, 4))
        out.append(Candidate(c.skill, round(score, 4), [*c.signals, signal], max(c.fit, score), True, k))
    return out
