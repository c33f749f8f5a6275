"""The SkillMatcher of 000 §4.2.3: which skills fit a task, scored from explainable signals.

| signal            | weight                    | when                                                   |
|-------------------|---------------------------|--------------------------------------------------------|
| ``intent_pattern``| 0.5                       | the first ``intent_patterns`` regex that matches        |
| ``tool_signal``   | 0.25 each                 | a ``tool_signals`` entry is among ``recent_tools``      |
| ``context_keyword``| 0.15 × matched/declared  | ``context_signals.keywords`` found in the task          |
| ``context_slot``  | 0.1 each                  | a ``context_signals.slots`` key has one of its values   |
| ``description``   | IDF-weighted coverage     | skills *without* triggers: the task's words in name+description |
| ``feedback``      | score × 1.2 or × 0.6 − score | 000 §4.2.7, after ≥ 5 activations                   |

Score = min(sum, 1) × feedback multiplier (capped at 1). A skill passes at its ``confidence_threshold``
(default 0.5; trigger-less skills use ``description_threshold``). Conflicts: skills cooling down in the
session drop out, each ``exclusive_group`` keeps its highest priority, then the best ``max_activated``.
"""

from __future__ import annotations

import re
import threading
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from servers.skills.catalog import Library
from servers.skills.models import MatchSignal, Skill
from servers.skills.settings import SkillsSettings
from servers.skills.text import idf, terms

INTENT, TOOL, KEYWORDS, SLOT = 0.5, 0.25, 0.15, 0.1
_ORDER = {"intent_pattern": 0, "tool_signal": 1, "context_keyword": 2, "context_slot": 3}


@dataclass(frozen=True)
class MatchContext:
    task: str
    recent_tools: Sequence[str] = ()
    slots: Mapping[str, str] = field(default_factory=dict)
    session_id: str | None = None


@dataclass
class Candidate:
    skill: Skill
    score: float
    signals: list[MatchSignal]


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
    """When each skill was last activated in each session (in memory, like the seed's tracker)."""

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

    def candidates(
        self, library: Library, ctx: MatchContext, multipliers: Mapping[str, float] | None = None
    ) -> list[Candidate]:
        """Every skill at or over its threshold, before conflict resolution."""
        multipliers = multipliers or {}
        out: list[Candidate] = []
        index, triggers = self.indexes(library)
        for i, found in triggers.signals(ctx).items():
            skill = triggers.skills[i]
            own = skill.triggers.threshold if skill.triggers else None
            threshold = self.settings.default_threshold if own is None else own
            # Keep the seed's signal order: intent, tools, keywords, slots.
            self._keep(out, skill, sorted(found, key=lambda sig: _ORDER[sig.type]), threshold, multipliers)
        for i, (coverage, words) in index.score(terms(ctx.task)).items():
            signal = MatchSignal(
                type="description", detail=f"task words in description: {', '.join(words)}", weight=round(coverage, 4)
            )
            self._keep(out, index.skills[i], [signal], self.settings.description_threshold, multipliers)
        return out

    def _keep(
        self,
        out: list[Candidate],
        skill: Skill,
        signals: list[MatchSignal],
        threshold: float,
        multipliers: Mapping[str, float],
    ) -> None:
        if not signals:
            return
        base = min(sum(s.weight for s in signals), 1.0)
        factor = multipliers.get(skill.name, 1.0)
        score = min(base * factor, 1.0)
        if factor != 1.0:
            signals = [*signals, MatchSignal(type="feedback", detail=f"x{factor:g}", weight=round(score - base, 4))]
        if score >= threshold:
            out.append(Candidate(skill, round(score, 4), signals))

    @staticmethod
    def score_triggers(skill: Skill, ctx: MatchContext) -> list[MatchSignal]:
        """The signals of 000 §4.2.3 for one skill that declares triggers."""
        trig = skill.triggers
        if trig is None:
            return []
        signals: list[MatchSignal] = []
        for regex in trig.compiled:
            if regex.search(ctx.task):
                signals.append(MatchSignal(type="intent_pattern", detail=regex.pattern, weight=INTENT))
                break  # one matching pattern is enough
        recent = set(ctx.recent_tools)
        for tool in trig.tool_signals:
            if tool in recent:
                signals.append(MatchSignal(type="tool_signal", detail=tool, weight=TOOL))
        if trig.keywords:
            task = ctx.task.lower()
            hits = sum(1 for k in trig.keywords if k in task)
            if hits:
                weight = KEYWORDS * hits / len(trig.keywords)
                detail = f"{hits}/{len(trig.keywords)} keywords"
                signals.append(MatchSignal(type="context_keyword", detail=detail, weight=round(weight, 4)))
        for key, values in trig.slots:
            value = ctx.slots.get(key)
            if value is not None and value in values:
                signals.append(MatchSignal(type="context_slot", detail=f"{key}={value}", weight=SLOT))
        return signals

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
        result.sort(key=lambda c: (-c.score, -c.skill.priority, c.skill.name))
        return result[: self.settings.max_activated]

    def match(
        self, library: Library, ctx: MatchContext, multipliers: Mapping[str, float] | None = None
    ) -> list[Candidate]:
        return self.resolve(self.candidates(library, ctx, multipliers), ctx.session_id)
