"""Initiative evaluation: what the user's goals, drives and habits say about a task.

| type                 | from                                   | kept when                                          |
|----------------------|----------------------------------------|----------------------------------------------------|
| ``goal_alignment``   | goal beliefs > 0.6, not past their end | the task serves the goal (relevance × confidence)   |
| ``drive_nudge``      | drive beliefs > 0.6, intensity ≥ 4     | the task bears on the drive, by meaning or words    |
| ``pattern_suggestion``| the user's earlier requests (30 days) | asked ≥ 3 times with this one (≥ 2 earlier that    |
|                      |                                        | are it in other words, :meth:`Meaning.same`), no   |
|                      |                                        | skill for it                                       |

A task that is another person's matter ("my cousin is applying to MBA programs") fits no goal or drive that
does not name that person (:mod:`servers.reflection.whose`). With a model configured (``CAIRN_LLM_MODEL``), the
model judges which goals and drives the task serves (:mod:`servers.reflection.relevance_llm`) in place of words
and encoders; without one, the MCP client's model when the tool's client offers sampling; a failure leaves theirs.

Each candidate's confidence is the source's confidence (a belief's, or the pattern's from how often it
recurred) times how closely it fits the task (:mod:`servers.reflection.meaning`), lowered by 20 % for each
time the user dismissed an initiative from that source in the last 30 days. Only candidates at or above the
bar are returned, at most ``MAX_INITIATIVES`` (best first, one per source): the bars were calibrated on
``bench/reflection/initiative`` (tune split; the held-out split is reported beside it in its RESULTS.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from servers.core.llm import LLMClient
from servers.reflection.matching import lexical_similarity
from servers.reflection.meaning import Meaning, asks_routine, closeness, same_by_words, terms
from servers.reflection.models import Belief
from servers.reflection.proactive_models import Initiative, InitiativeReport
from servers.reflection.relevance_llm import known_ids, relevant_sources
from servers.reflection.usermodel import UserModelBook, is_expired
from servers.reflection.whose import someone_elses

# Calibrated on the tune split (bench/reflection/initiative/RESULTS.md): the confidence an initiative needs. The
# semantic side of relevance is weighted to the lexical scale (``meaning.SEMANTIC_WEIGHT``), so one bar holds.
BAR = 0.10
MAX_INITIATIVES = 2
MIN_DRIVE_INTENSITY = 4  # of 5: only strong drives nudge; a passing interest is not worth a remark
PATTERN_MIN = 3  # times a request is asked, this one included, before it is a habit (the pattern detector's minimum)
DISMISSAL_FACTOR = 0.8
# How close a request must be to its nearest earlier instance to be that routine again: on the tuning splits a
# routine asked again sat at 0.70-1.0 against it, a new request on a recurring topic ("what should I eat on a
# night shift" after two others about night shifts) at 0.53.
PATTERN_MIN_FIT = 0.6
# The fit of a goal or drive the model judged relevant: a stated goal (confidence 0.71) then clears the bar well
# (0.36), ranked below a close match by words or meaning, which keeps its higher fit.
LLM_FIT = 0.5
# Where a task's request ends and its material begins: a colon (not a time's, "the 5:30 group"), comma or line break.
_REQUEST_END = re.compile(r"(?<!\d)[:：]|[:：](?!\d)|[,，\n]")
ROUTINE_POOL = 60  # recent requests compared pairwise (by words) for a routine the task names in new words


@dataclass(frozen=True)
class Earlier:
    """An earlier request of the user's (a reflected task)."""

    task: str
    created_at: str
    task_id: str = ""


# An inferred goal's value (``aims``): the topic and the shortest request it was seen in.
INFERRED_GOAL = "work on {term} (e.g. {example})"
_INFERRED = re.compile(r"^work on (?P<term>.+?) \(e\.g\. (?P<example>.+)\)$", re.S)


def _inferred_from(sources: list[Belief], dimension: str, instances: set[str]) -> bool:
    """Whether ``dimension`` is a goal inferred from the requests ``instances`` are: one of them is its example, or
    every one of them names its topic (the routine's requests the task matched need not include the example)."""
    belief = next((b for b in sources if b.dimension == dimension and b.kind == "goal"), None)
    found = _INFERRED.match(belief.value) if belief else None
    if not found or not instances:
        return False
    term = found.group("term").lower()
    return found.group("example") in instances or all(term in instance.lower() for instance in instances)


def _names_topic(task: str, belief: Belief) -> bool:
    """Whether ``task`` names the topic of ``belief`` when that is a goal inferred from requests; True for any other
    belief. An inferred goal is known by one word its requests shared: the rest of its example is one request's
    incidental words (夜里 of "未来三天夜里气温咋样"), and meaning near the example is nearness to that request, not
    to the topic. A task that does not name the topic (or its rendering) does not serve it."""
    found = _INFERRED.match(belief.value) if belief.kind == "goal" else None
    if not found:
        return True
    topic = terms(found.group("term"), other_language=False)
    return bool(topic) and topic <= terms(task)


# A request to put some text into another language, the text brought along after a colon or in quotes: the text is
# material (a sign, a slogan, a label), what it says is not what the user is about ("translate 'please do not tap
# on the glass' into German", 帮我把这句翻成英文：本馆每周三开放).
_TRANSLATE = re.compile(r"translat|tradu[zcç]|翻成|翻译|译成|译为", re.IGNORECASE)
_QUOTED = re.compile(r"['‘\"“「『][^'’\"”」』]{3,}['’\"”」』]")
_AFTER_COLON = re.compile(r"[:：].*", re.S)


# A question about a word ("what's the Welsh word for a grandfather's brother", "how do you say 'tide table' in
# Dutch", 外婆用日语怎么说): what the word names is material too; the user is after the word, not that thing.
_WORD_FOR = re.compile(
    r"\bwhat(?:['’]s|\s+is|\s+are|s)?\s+(?:the|a)\s+(?:[\w-]+\s+){0,2}?(?:word|term|phrase|expression|idiom)s?"
    r"\s+(?:for|meaning)\b\s*(?P<thing>.+)$",
    re.I | re.S,
)
_HOW_SAY = re.compile(
    r"\bhow\s+(?:do|would|should|can|to)\s+(?:(?:you|i|we|one)\s+)?say\b\s*(?P<thing>.+?)(?=\s+in\s+[a-z]+\b|\?|$)",
    re.I | re.S,
)
_SAY_ZH = re.compile(
    r"^(?:帮我|请问)?(?P<thing>.+?)(?=(?:用|在)[\u4e00-\u9fff]{1,4}[语文话](?:里)?(?:怎么说|怎么讲|怎么写))"
)


def _without_word_asked(task: str) -> str:
    """``task`` without the thing whose word it asks for; else ``task``."""
    for pattern in (_WORD_FOR, _HOW_SAY, _SAY_ZH):
        found = pattern.search(task)
        if found:
            return (task[: found.start("thing")] + " " + task[found.end("thing") :]).strip()
    return task


def without_material(task: str) -> str:
    """``task`` without the text it asks to have translated (quoted, or after a colon), or the thing whose word it
    asks for; else ``task``."""
    task = _without_word_asked(task)
    if not _TRANSLATE.search(task):
        return task
    request = _QUOTED.sub(" ", task)
    head = _AFTER_COLON.sub("", request)
    # the request may come after its material ("on the glass': translate that"): keep it then
    return head if _TRANSLATE.search(head) else request


_LATIN_WORD = re.compile(r"[a-z][a-z0-9]*")
_INDEFINITE = frozenset({"a", "an", "another"})
# Before a verb: "need to rent a van", "I'll lease a car", "we could hire a hall".
_BEFORE_VERB = frozenset({"to", "i", "we", "you", "ll", "will", "can", "could", "should", "would", "must", "might"})
# A text someone else wrote, reported: "a survey says", "an article claiming", "a study found".
_REPORTED = frozenset({"says", "said", "saying", "claims", "claimed", "claiming", "shows", "showed", "found", "finds"})


def _some_other(text: str, stem: str) -> list[bool]:
    """For each use of the word ``stem`` stands for in ``text``: whether it names someone else's text, reported
    ("a survey that says", "an article claiming"), or an act done to some one ("rent a van", "to lease a car"),
    not a particular thing of the user's."""
    tokens = _LATIN_WORD.findall(text.lower())
    out = []
    for i, token in enumerate(tokens):
        if token[:5] != stem or len(token) <= 2:
            continue
        before, after = tokens[i - 1] if i else "", tokens[i + 1 : i + 4]
        act = bool(after) and after[0] in _INDEFINITE and (i == 0 or before in _BEFORE_VERB)
        reported = before in _INDEFINITE and any(word in _REPORTED for word in after)
        out.append(act or reported)
    return out


def another_one(task: str, source: str) -> bool:
    """Whether the words ``task`` shares with a goal or drive (in their own spelling) all name, in the task, someone
    else's text or an act, and in the source a thing: "I read a survey that says most boaters are over 60"
    against "get the survey done", "need to rent a van" against "pay the shop rent". The word is there of another
    thing or in another sense; the task does not serve the source by it."""
    shared = terms(task, other_language=False) & terms(source, other_language=False)
    if not shared or any(not _LATIN_WORD.fullmatch(stem) for stem in shared):
        return False
    for stem in shared:
        mine, theirs = _some_other(task, stem), _some_other(source, stem)
        if not mine or not all(mine) or not theirs or any(theirs):
            return False
    return True


def pairs(sources: list[Belief]) -> list[tuple[str, str]]:
    """Goals and drives as a model is shown them: (id, text)."""
    return [(b.dimension, b.value) for b in sources]


def _goal_message(b: Belief) -> str:
    end = f" (until {b.until})" if b.until else ""
    return f"This task serves your current focus: {b.value}{end}. Shape the result so it moves that forward."


def _drive_message(b: Belief) -> str:
    name = b.dimension.removeprefix("drive:")
    return f"You care about {b.value} ('{name}', intensity {b.intensity}/5): say how this task could reflect it."


def _pattern_message(request: str, count: int, skill: str | None) -> str:
    save = (
        f"skill '{skill}' is suggested for it (skill_suggestion_accept saves it)"
        if skill
        else "a scheduled job (job_create) or a saved skill could do it without asking"
    )
    return f'You have asked for this {count} times recently ("{request}"): {save}.'


class InitiativeEvaluator:
    def __init__(
        self,
        users: UserModelBook,
        meaning: Meaning,
        earlier: Callable[[str], list[Earlier]],
        dismissals: Callable[[str, str], int],
        skill_for: Callable[[str, str], tuple[str, str] | None],
        llm: LLMClient | None = None,
    ) -> None:
        self.users = users
        self.meaning = meaning
        self.earlier = earlier
        self.dismissals = dismissals
        self.skill_for = skill_for
        self.llm = llm

    def sources(self, user_id: str) -> list[Belief]:
        """The goals (not past their end) and strong drives an initiative can come from, as (id, text) pairs."""
        beliefs = self.users.get(user_id).beliefs  # > 0.6 and goals not past their end
        goals = [b for b in beliefs if b.kind == "goal" and not is_expired(b)]
        drives = [b for b in beliefs if b.kind == "drive" and (b.intensity or 0) >= MIN_DRIVE_INTENSITY]
        return [*goals, *drives]

    def evaluate(
        self, user_id: str, task: str, limit: int = MAX_INITIATIVES, sampled: set[str] | None = None
    ) -> InitiativeReport:
        """``sampled``: the ids the MCP client's model judged the task to serve (asked by the tool through
        sampling), used as the configured model's judgement would be."""
        sources = self.sources(user_id)
        texts = [f"{b.dimension.split(':', 1)[1]}: {b.value}" for b in sources]
        fits, method = self.meaning.scores(without_material(task), texts)
        chosen, judge = None, method
        if sampled is not None and sources:
            chosen, judge = known_ids(list(sampled), pairs(sources)), "sampling"
        elif self.llm is not None and sources:
            chosen, judge = relevant_sources(self.llm, task, pairs(sources)), "llm"
        if chosen is not None:  # the model's judgement replaces the offline scores; None: they stand
            fits = [max(fit, LLM_FIT) if b.dimension in chosen else 0.0 for b, fit in zip(sources, fits, strict=True)]
            method = judge
        fits = [
            0.0
            if someone_elses(task, text)
            or not _names_topic(task, belief)
            or another_one(without_material(task), belief.value)
            else fit
            for belief, text, fit in zip(sources, texts, fits, strict=True)
        ]
        candidates: list[Initiative] = []
        for belief, fit in zip(sources, fits, strict=True):
            message = _goal_message(belief) if belief.kind == "goal" else _drive_message(belief)
            kind = "goal_alignment" if belief.kind == "goal" else "drive_nudge"
            candidates.append(self._candidate(user_id, kind, message, belief.confidence, belief.dimension, fit))
        patterns, instances = self._patterns(user_id, task)
        if patterns:
            # A goal inferred from the very requests the routine is made of is that routine seen as a topic
            # ("work on oncall" from four on-call summaries): the pattern says it, the goal would say it twice.
            candidates = [c for c in candidates if not _inferred_from(sources, c.source, instances)]
        candidates += patterns
        bar = BAR
        kept = sorted((c for c in candidates if c.confidence >= bar), key=lambda c: -c.confidence)
        return InitiativeReport(
            task=task,
            initiatives=kept[:limit],
            below_bar=len(candidates) - len(kept),
            bar=bar,
            method=method,
        )

    def _candidate(
        self, user_id: str, kind: str, message: str, confidence: float, source: str, fit: float
    ) -> Initiative:
        damp = DISMISSAL_FACTOR ** self.dismissals(user_id, source)
        return Initiative(
            type=kind,
            message=message,
            confidence=round(confidence * fit * damp, 3),
            source=source,
            relevance=round(fit, 3),
        )

    def _routine(self, task: str, earlier: list[Earlier]) -> list[Earlier]:
        """The earliest-found routine among the earlier requests (two or more that are one request among
        themselves, by their words) whose core words the task names, or nothing. The most recent
        ``ROUTINE_POOL`` requests take part: every pair of them is compared, by words (no encoder call per pair)."""
        pool = sorted(earlier, key=lambda e: e.created_at, reverse=True)[:ROUTINE_POOL]
        for i, first in enumerate(pool):
            rest = pool[i + 1 :]
            group = [
                first,
                *(e for e, alike in zip(rest, same_by_words(first.task, [e.task for e in rest]), strict=True) if alike),
            ]
            if len(group) + 1 < PATTERN_MIN:
                continue
            if asks_routine(task, [e.task for e in group]):
                return group
            # A request like two routines (a briefing for a party: the briefings, and the parties) gathers both,
            # and the words all of them share are fewer than either routine's: the routine may be one of its pairs,
            # named in the task's request itself (a word of it in a later clause, "…, asking for my sister", is
            # material).
            head = _REQUEST_END.split(task, maxsplit=1)[0]
            for other in group[1:] if len(group) > 2 else []:
                if asks_routine(head, [first.task, other.task]):
                    return [first, other]
        return []

    def _patterns(self, user_id: str, task: str) -> tuple[list[Initiative], set[str]]:
        """The current task as the latest of a recurring request: one candidate at most, and the earlier requests
        it is made of."""
        earlier = self.earlier(user_id)
        same = [
            e for e, alike in zip(earlier, self.meaning.same(task, [e.task for e in earlier]), strict=True) if alike
        ]
        if len(same) + 1 < PATTERN_MIN:
            # The routine the task names, with any earlier request that is the task again: both are instances.
            routine = self._routine(task, earlier)
            same = [*routine, *(e for e in same if e not in routine)] if routine else same
        times = len(same) + 1  # this request is one more time it is asked
        if times < PATTERN_MIN:
            return [], set()
        request = min((e.task for e in same), key=len)  # the pattern's name: the same whichever task brings it up
        shown = max((e.task for e in same), key=lambda t: lexical_similarity(task, t))  # as the user put it nearest
        key = "pattern:" + " ".join(sorted(set(request.lower().split())))[:120]
        # How often it recurred decides how sure we are it is a habit: 3 times (this one included) → 0.6,
        # 4 → 0.7, 6 or more → 0.9.
        confidence = min(0.9, 0.3 + 0.1 * times)
        fit = max(closeness(task, e.task) for e in same)
        if fit < PATTERN_MIN_FIT:
            return [], set()  # a topic the user keeps returning to, asked about in a new way: no routine to automate
        found = self.skill_for(user_id, request)
        if found is not None and found[0] == "existing":
            return [], set()  # a skill already does it: nothing to suggest
        skill = found[1] if found else None
        pattern = self._candidate(
            user_id, "pattern_suggestion", _pattern_message(shown, times, skill), confidence, key, fit
        )
        return [pattern], {e.task for e in same}
