"""From reflection to evolution: which strategies become rules, and when.

| rule            | behaviour                                                                        |
|-----------------|----------------------------------------------------------------------------------|
| confidence      | LOW strategies stay in their reflection; MEDIUM and HIGH go on                   |
| repetition      | the same strategy (by meaning) from ≥ 3 independent tasks → a probation rule     |
| contradiction   | opposite of a live rule → a report (and a disagreement), never a replacement     |
| emergency       | HIGH severity and HIGH confidence → an active rule at once                       |
| same failure    | a strategy about the same failure as a live rule from the same task → merged     |

"Independent" means different tasks: a post-task and an error reflection of one task count once.

"The same failure": one task's reflection can hold the agent's own lesson ("never paste API keys into
`http_post`") next to the trace's diagnosis of the failed call ("never pass secrets in the arguments of
`http_post`"). Their wordings are too far apart for the matcher, yet they are one lesson. A strategy that comes
from a task which already fed a live rule, names the same tool, keeps its polarity and talks about the same
kind of failure (security, timeout, permission, ...) joins that rule as evidence instead of starting another.
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from itertools import takewhile

from servers.core.errorwords import ALIKE, frequencies, likeness, shared_words
from servers.core.recovery import is_canned
from servers.reflection.alike import same_lesson
from servers.reflection.matching import StrategyMatcher, identifiers, opposite
from servers.reflection.models import CONFIDENCE_RANK, Contradiction, Lesson, Rule, Strategy
from servers.reflection.reflect import (
    failure_kinds,
    general_lesson,
    names_added_to,
    quoted_each_time,
    shared_edit,
    shared_file,
    shared_new_file,
    shared_place,
    shared_removal,
    shared_replacement,
    shared_stem,
    written_as_quoted,
)
from servers.reflection.rules import RuleBook
from servers.reflection.settings import ReflectionSettings
from servers.reflection.storage import strategies as strategy_rows
from servers.reflection.storage.documents import StoredContradiction
from servers.reflection.storage.rows import PendingStrategy
from servers.reflection.storage.store import ReflectionStore, new_id, now_iso

_PENDING_LIMIT = 1000


@dataclass
class PromotionResult:
    promoted: list[str] = field(default_factory=list)
    reinforced: list[str] = field(default_factory=list)
    contradictions: list[Contradiction] = field(default_factory=list)


class Promoter:
    def __init__(
        self, store: ReflectionStore, rules: RuleBook, matcher: StrategyMatcher, settings: ReflectionSettings
    ) -> None:
        self.store = store
        self.rules = rules
        self.matcher = matcher
        self.settings = settings

    def consider(self, user_id: str, reflection_id: str, task_id: str, strategies: list[Strategy]) -> PromotionResult:
        result = PromotionResult()
        for strategy in strategies:
            if CONFIDENCE_RANK[strategy.confidence] < CONFIDENCE_RANK["MEDIUM"]:
                continue
            self._one(user_id, reflection_id, task_id, strategy, result)
        return result

    def _one(self, user_id: str, reflection_id: str, task_id: str, strategy: Strategy, result: PromotionResult) -> None:
        live = self.rules.live(user_id)
        pending = strategy_rows.pending(self.store, user_id, _PENDING_LIMIT)
        alike = _Likeness(strategy, live, pending)
        keyed = next((r for r in live if alike.rule(r)), None)
        if keyed is not None:
            self._join(user_id, reflection_id, task_id, strategy, keyed, result)
            return
        for match in self.matcher.compare(strategy.strategy, [r.text for r in live]):
            rule = live[match.index]
            if match.opposite:
                if any(c.rule_id == rule.id for c in result.contradictions):
                    return  # two accounts of one task disagreeing with a rule are one disagreement
                result.contradictions.append(
                    self._contradiction(user_id, reflection_id, rule.id, rule.text, rule.emergency, strategy)
                )
                return
            if strategy.key and rule.key:
                continue  # two lessons read off traces are one lesson only when their keys are equal
            self._join(user_id, reflection_id, task_id, strategy, rule, result)
            return
        twin = self._same_failure(user_id, task_id, strategy, live)
        if twin is not None:
            self.rules.merge(twin, reflection_id, strategy)
            self._remember(user_id, reflection_id, task_id, strategy, twin.id)
            return
        if strategy.confidence == "HIGH" and strategy.severity == "HIGH":
            rule = self.rules.create(user_id, strategy, [reflection_id], emergency=True)
            self._remember(user_id, reflection_id, task_id, strategy, rule.id)
            result.promoted.append(rule.id)
            return
        if strategy.key:
            # The same error fixed the same way: the key says it, whatever the commands' details were, or the
            # fix agrees and the error messages are alike although their key lines differ.
            same = [p for p in pending if alike.row(p)]
            # One step further: a strategy alike to one of those is this lesson too, though not alike to this one
            # directly (`ctest -C Release` ~ `ctest -C Debug` ~ `ctest --build-config Debug`).
            near = [alike.seen_from(p.strategy) for p in same]
            same += [p for p in pending if p not in same and any(n.row(p) for n in near)]
        else:
            matches = [m for m in self.matcher.compare(strategy.strategy, [p.text for p in pending]) if not m.opposite]
            same = [pending[m.index] for m in matches]
        row_id = self._remember(user_id, reflection_id, task_id, strategy, None)
        if strategy.key and strategy.key.endswith("edited") and strategy.lesson is not None:
            # Fixed by editing each time: one lesson only if the same words were added, or the same place edited.
            # Errors alike by their words (two compiler errors in one long build log) may still be two lessons:
            # then the strategies of exactly this error are tried alone.
            exact = [p for p in same if p.key == strategy.key]
            if not _edits_agree(same, strategy) and _edits_agree(exact, strategy):
                same = exact
            elif not _edits_agree(same, strategy):
                return
        tasks = {p.task_id for p in same} | {task_id}
        if len(tasks) < self.settings.promotion_count:
            self._most_often(user_id, reflection_id, task_id, strategy, row_id, pending, alike, result)
            return
        sources = sorted({p.reflection_id for p in same} | {reflection_id})
        rule = self.rules.create(user_id, self._wording(strategy, same, alike), sources)
        ids = [p.id for p in same] + [row_id]
        strategy_rows.link(self.store, rule.id, ids)
        result.promoted.append(rule.id)

    def _most_often(
        self,
        user_id: str,
        reflection_id: str,
        task_id: str,
        strategy: Strategy,
        row_id: int,
        pending: list[PendingStrategy],
        alike: _Likeness,
        result: PromotionResult,
    ) -> None:
        """One error in enough tasks, fixed one way in most of them: that way becomes the rule.

        People fix a recurring error the way that comes to hand: the restore refused while the cluster runs was
        fixed by `systemctl stop postgresql@…` twice and by `pg_ctlcluster … stop` once. Each way worked, none
        was seen in three tasks. When the error itself recurred in ``promotion_count`` tasks and one way fixed it
        in at least two of them and in more than half, that way is the lesson. Edits (told by the words they
        added) and plain retries (a transient failure) never count this way."""
        if not _procedural(strategy.key):
            return
        errors = [p for p in pending if _procedural(p.key) and alike.same_error(p.strategy.lesson)]
        error_tasks = {p.task_id for p in errors} | {task_id}
        if len(error_tasks) < self.settings.promotion_count:
            return
        items: list[tuple[Strategy, str, PendingStrategy | None]] = [(strategy, task_id, None)]
        items += [(p.strategy, p.task_id, p) for p in errors]
        best: list[tuple[Strategy, str, PendingStrategy | None]] = []
        for lead, _, _ in items:
            seen = alike.seen_from(lead)
            group = [item for item in items if item[0] is lead or seen.same(item[0])]
            if len({t for _, t, _ in group}) > len({t for _, t, _ in best}):
                best = group
        fixed_so = {t for _, t, _ in best}
        if len(fixed_so) < 2 or 2 * len(fixed_so) <= len(error_tasks):
            return
        rows = [row for _, _, row in best if row is not None]
        mine = any(row is None for _, _, row in best)
        lead = strategy if mine else max(rows, key=lambda p: p.id).strategy
        others = rows if mine else [p for p in rows if p.strategy is not lead]
        sources = sorted({p.reflection_id for p in rows} | ({reflection_id} if mine else set()))
        rule = self.rules.create(user_id, self._wording(lead, others, alike.seen_from(lead)), sources)
        strategy_rows.link(self.store, rule.id, [p.id for p in rows] + ([row_id] if mine else []))
        result.promoted.append(rule.id)

    @staticmethod
    def _wording(strategy: Strategy, same: list[PendingStrategy], alike: _Likeness) -> Strategy:
        """The rule's text: the earliest wording (later ones were judged to say the same thing); for a lesson
        read off traces whose tasks ran different commands (other branches, files), the general wording."""
        texts = {p.text for p in same} | {strategy.strategy}
        if strategy.lesson is not None and same:
            lessons = [_lesson(p) for p in sorted(same, key=lambda p: p.id)]
            lessons = [*lessons, strategy.lesson]
            steps = list(dict.fromkeys(lesson.step for lesson in lessons))
            tasks = list(dict.fromkeys(task for lesson in lessons for task in lesson.tasks))[:5]
            phrase, words = _shared_error(lessons, alike)
            lessons = [item.model_copy(update={"phrase": phrase}) for item in lessons]
            lesson = strategy.lesson.model_copy(
                update={"step": steps[0], "also": steps[1:], "tasks": tasks, "phrase": phrase, "error_words": words}
            )
            edited = bool(strategy.key and strategy.key.endswith("edited"))  # only the shared words are the fix
            text = general_lesson(lessons) if len(texts) > 1 or edited else strategy.strategy
            return strategy.model_copy(update={"strategy": text, "lesson": lesson})
        if not same:
            return strategy
        first = min(same, key=lambda p: p.id)
        return strategy.model_copy(update={"strategy": first.text})

    def _join(
        self, user_id: str, reflection_id: str, task_id: str, strategy: Strategy, rule: Rule, result: PromotionResult
    ) -> None:
        """A strategy that says what a live rule says: one more agreement, once per task."""
        if task_id not in self._rule_tasks(user_id, rule.id):
            self.rules.agree(rule, reflection_id, strategy)
            result.reinforced.append(rule.id)
        self._remember(user_id, reflection_id, task_id, strategy, rule.id)

    def _same_failure(self, user_id: str, task_id: str, strategy: Strategy, live: list[Rule]) -> Rule | None:
        """The live rule this task already fed that the strategy describes from another angle, if any."""
        names, kinds = identifiers(strategy.strategy), failure_kinds(strategy.strategy)
        if not names or not kinds:
            # Without a tool name and a kind of failure there is nothing to tie two wordings together.
            return None
        for rule in live:
            if not names & identifiers(rule.text) or not kinds & failure_kinds(rule.text):
                continue
            if opposite(strategy.strategy, rule.text) or task_id not in self._rule_tasks(user_id, rule.id):
                continue
            return rule
        return None

    def _rule_tasks(self, user_id: str, rule_id: str) -> set[str]:
        return strategy_rows.rule_tasks(self.store, user_id, rule_id)

    def _remember(self, user_id: str, reflection_id: str, task_id: str, strategy: Strategy, rule_id: str | None) -> int:
        return strategy_rows.add(self.store, user_id, reflection_id, task_id, strategy, rule_id)

    def _contradiction(
        self, user_id: str, reflection_id: str, rule_id: str, rule_text: str, emergency: bool, strategy: Strategy
    ) -> Contradiction:
        report = Contradiction(
            id=new_id("contra"),
            user_id=user_id,
            rule_id=rule_id,
            rule_text=rule_text,
            strategy=strategy.strategy,
            reflection_id=reflection_id,
            escalate=strategy.severity == "HIGH" or emergency,
            created_at=now_iso(),
        )
        self.store.put(StoredContradiction(id=report.id, user_id=user_id, status="open", doc=report))
        self.rules.disagree(self.rules.get(user_id, rule_id), reflection_id, report.id)
        self.store.audit(
            user_id,
            "contradiction",
            report.id,
            "opened",
            json.loads(report.model_dump_json(include={"rule_id", "strategy", "escalate"})),
        )
        return report


def _edits_agree(same: list[PendingStrategy], strategy: Strategy) -> bool:
    """Whether these edit-fixes and ``strategy``'s are one lesson: the same words added, the same words replaced
    by the same others, the same place edited, or one command that fixed it with the same file edited each time
    (`kafka-topics --create`, and the topic added to `topics.txt`: the command agreed, the edits were its
    bookkeeping), or a new file of one kind written each time."""
    assert strategy.lesson is not None and strategy.key is not None
    ordered = sorted(same, key=lambda p: p.id)
    earlier = [p.strategy.lesson for p in ordered if p.strategy.lesson is not None]
    lessons = [*earlier, strategy.lesson]
    by_command = "+" in strategy.key and bool(shared_file(lessons))
    replaced = shared_replacement(lessons) is not None
    named = bool(names_added_to(lessons))
    removed = bool(shared_removal(lessons))
    # Each wrote a new file of one kind (`types/csv-sniff.d.ts`, `types/tiny-qr.d.ts`): what goes in it is each
    # task's own, the kind of file is the lesson.
    made = bool(shared_new_file(lessons)[0])
    # Each added the member of one family its error asked for (`ppx_deriving_yojson`, `ppx_deriving.show`).
    family = bool(shared_stem(lessons))
    # Each wrote what its own error quoted, in its own file (`for example` where a linter said "Use 'for example'").
    told = bool(written_as_quoted(lessons))
    # Each only put its own value in quotes (`src: "{{ ca_file }}"`, `dest: "{{ dir }}/x.conf"`).
    quoted = quoted_each_time(lessons)
    agreed = shared_edit(lessons) or replaced or removed or named or made or family or told or quoted
    return bool(agreed or shared_place(lessons) or by_command)


class _Likeness:
    """Whether a pending strategy or a live rule is the same lesson as ``strategy`` (``alike.same_lesson``),
    with every error message at hand (the pending ones, the live rules', this one) as the word statistics."""

    def __init__(self, strategy: Strategy, live: list[Rule], pending: list[PendingStrategy]) -> None:
        self.key, self.lesson = strategy.key, strategy.lesson
        self.words, self.way = _words(strategy.lesson), _way(strategy.lesson)
        self.fixes = list(strategy.lesson.fix) if strategy.lesson is not None else []
        messages = [self.words, *(_words(r.lesson) for r in live if r.lesson is not None)]
        messages += [_words(p.strategy.lesson) for p in pending]
        self.counts, self.total = frequencies(messages)

    def seen_from(self, other: Strategy) -> _Likeness:
        """The same comparison made from ``other``'s side, among the same error messages (its words are among
        them already: it is pending)."""
        seen = copy.copy(self)
        seen.key, seen.lesson = other.key, other.lesson
        seen.words, seen.way = _words(other.lesson), _way(other.lesson)
        seen.fixes = list(other.lesson.fix) if other.lesson is not None else []
        return seen

    def rule(self, rule: Rule) -> bool:
        return self._alike(rule.key, rule.lesson)

    def same(self, other: Strategy) -> bool:
        return self._alike(other.key, other.lesson)

    def same_error(self, lesson: Lesson | None) -> bool:
        """Whether ``lesson`` is about this error, however it was fixed: one tool, one program failing, the
        same phrase or messages alike among the messages compared."""
        mine = self.lesson
        if mine is None or lesson is None or mine.tool.lower() != lesson.tool.lower():
            return False
        if _program(mine.step) != _program(lesson.step):
            return False
        if mine.phrase.lower() == lesson.phrase.lower():
            return True
        return likeness(self.words, _words(lesson), self.counts, self.total) >= ALIKE

    def row(self, row: PendingStrategy) -> bool:
        return self._alike(row.key, row.strategy.lesson)

    def _alike(self, key: str | None, lesson: Lesson | None) -> bool:
        if not self.key or not key:
            return False
        ways = (self.way, _way(lesson))
        fixes = (self.fixes, list(lesson.fix) if lesson is not None else [])
        return same_lesson(self.key, self.words, key, _words(lesson), self.counts, self.total, ways, fixes)


def _procedural(key: str | None) -> bool:
    """A lesson fixed by running something (a command first, the step another way), not by an edit or a plain
    retry."""
    return bool(key) and not str(key).endswith(("edited", "=>retry"))


def _program(step: str) -> str:
    return step.split(" ", 1)[0].lower()


def _words(lesson: Lesson | None) -> list[str]:
    """The error words of a lesson (none without one)."""
    return list(lesson.error_words) if lesson is not None else []


def _way(lesson: Lesson | None) -> str:
    """How the lesson's fix ran the step instead ("" when it was not run another way)."""
    return (lesson.run_as or "") if lesson is not None else ""


def _lesson(row: PendingStrategy) -> Lesson:
    """A pending strategy's lesson; the caller's strategy has one, and so has every strategy alike to it."""
    if row.strategy.lesson is None:
        raise ValueError(f"strategy {row.id} was stored without its lesson")
    return row.strategy.lesson


def _shared_error(lessons: list[Lesson], alike: _Likeness) -> tuple[str, list[str]]:
    """The phrase and error words of one lesson seen in several tasks: the first phrase when they all had it,
    else the rarest words every error message had (`strict decoding unknown field`)."""
    first = lessons[0]
    if all(item.phrase == first.phrase for item in lessons):
        return first.phrase, first.error_words
    messages = [item.error_words for item in lessons if item.error_words]
    common = [w for w in first.error_words if all(w in m for m in messages)]
    opening = shared_opening([item.phrase for item in lessons])
    if opening:
        return opening, (common or first.error_words)
    # Most occurrences named it one way ("TSError" twice, a message of its own once): that name, not words the
    # messages share by chance (a stack trace's frames: `getoutput`, `require`, `load`).
    # A canned name ("timeout", "no such file or directory") or one mostly of gaps ("found # error affecting #
    # line") says less than those words do.
    phrase, times = Counter(item.phrase for item in lessons).most_common(1)[0]
    words = phrase.split()
    gaps = sum(1 for word in words if word in ("#", "…") or word.startswith("<"))
    if times * 2 > len(lessons) and not is_canned(phrase) and gaps * 3 < len(words):
        return phrase, (common or first.error_words)
    named = shared_words(messages, alike.counts, alike.total)
    return (" ".join(named) if named else first.phrase), (common or first.error_words)


def shared_opening(phrases: list[str]) -> str:
    """The words every phrase opens with, up to where they part, when only the thing each one named differs
    (`error: Unresolved symbol: tx`, `… symbol: conn` → `error: Unresolved symbol: …`); else ""."""
    opening = "".join(chars[0] for chars in takewhile(lambda chars: len(set(chars)) == 1, zip(*phrases, strict=False)))
    if all(len(p) == len(opening) for p in phrases):
        return opening
    # Cut back to a separator, so no name is shown half; what follows must be one name in every phrase (the
    # symbol, the file), not another message ("error when creating …" and "error when patching …").
    cut = opening.rfind(" ")
    opening = opening[: cut + 1] if cut > 0 else ""
    named = [p[len(opening) :] for p in phrases]
    words = re.findall(r"[^\W\d_]{2,}", opening)
    if len(words) < 3 or len(opening) < 12 or any(not name or len(name.split()) > 1 for name in named):
        return ""
    return f"{opening.rstrip()} …"
