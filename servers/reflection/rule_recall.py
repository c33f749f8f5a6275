"""Which learned rules bear on a task, or on a failure that just happened.

A rule learned from failures knows its error signature (tool, step, error phrase) and its fix. That is how
it is found again, not by sharing words with the task:

| asked for                 | a rule is chosen when                                                          |
|---------------------------|--------------------------------------------------------------------------------|
| a failed call (hook)      | the call's signature equals the rule's: same tool, same step (command head),  |
|                           | same error phrase                                                              |
| a task (context)          | the task names the rule's error ("ModuleNotFoundError", "non-fast-forward"),  |
|                           | or its step ("push" for `git push`, "tests" for `pytest`), or the task and    |
|                           | the rule mean the same by the embedder (cosine over a calibrated bar), or the  |
|                           | task is like one the rule was learned in: over a bar, or the nearest of all    |
|                           | the user's recent tasks is one of them                                         |

Rules without a signature (stated by an agent or a model) are found by meaning, or by the lexical
scenario match the hooks used before (``servers.suite.hooks.relevance``), whichever is stronger.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from difflib import SequenceMatcher
from typing import Any

import numpy as np

from servers.core.embedding import EmbedderUnavailable, LazyEmbedder
from servers.core.errorwords import ALIKE, error_words, frequencies, likeness
from servers.core.recent import Recent
from servers.core.recovery import PACKAGE_RUNNERS, Signature, error_phrase
from servers.reflection.models import Rule

log = logging.getLogger(__name__)

# Over the bundled e5 model's cosine between a task (as a query) and a rule (as a passage): measured on the
# tuning streams of bench/reflection/host_traces.py (English and Chinese tasks), where rules a task wanted
# scored 0.80-0.93 and rules for other tasks up to 0.87, the unrelated tasks' best at most 0.839 (see
# bench/reflection/RESULTS.md). Other models: their "relevant" bar plus 0.03.
E5_RULE_BAR = 0.84
# A rule found by meaning alone must also be among the closest to the task: e5 puts every developer rule
# within 0.80-0.87 of every developer task, so only the rules nearest this task (within the margin of the best)
# say something about it.
MEANING_MARGIN = 0.01
# Over e5's cosine between a new task (query) and a task a rule was learned in (passage): a task like one that
# met the failure ("Replay DPD's scans against my local DB" after "Replay the DHL scans since Feb 11") may meet it
# again although it names neither error nor step. Tasks of one project all score 0.84-0.94 by e5 (Chinese ones
# highest), so the bar is high and the rule must be the one whose tasks are nearest. Measured on the tuning
# streams' probes (bench/reflection/host_traces.py): wanted 0.90-0.94, the nearest unwanted 0.89.
E5_TASK_BAR = 0.90
TASK_MARGIN = 0.005
# The user's recent tasks, or a callable reading them (only the grey zone below the task bar needs them).
Recents = Sequence[str] | Callable[[], Sequence[str]]
# Below that bar, a task still finds the rule when the nearest of all the user's recent tasks is one the rule
# was learned in, and that task is clearly nearer than any other rule's: "Add a ShopInventory class (class_name,
# …) with a gdUnit suite" is nearest to the LootTable task that met "could not find type". Measured on the
# tuning streams' probes (bench/reflection/host_traces.py): see bench/reflection/RESULTS.md.
E5_NEAREST_BAR = 0.87
NEAREST_MARGIN = 0.02
# A task that pastes a failure shares most of its rare words with the messages the rule was learned from, even
# when the phrase the rule shows is a bag of shared words ("%Error-NEEDTIMINGOPT: … Use --timing or --no-timing
# to specify how delays should be handled"): weighed as ``for_failure`` weighs two messages, with the task's words
# among them. Lower than ``ALIKE``: a task says more than its error. On the tuning streams' probes the tasks that
# pasted their rule's error scored 0.40-0.47 and no task with another need over 0.37.
PASTED_ALIKE = 0.4
TASK_CUE = 0.62  # like a task the rule was learned in: below a named step
STEP_CUE = 0.7  # the task names the rule's step
ERROR_CUE = 1.0  # the task names the rule's error

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_+-]*|[\u4e00-\u9fff]+")
_GENERIC = frozenset(
    "run runs running the a an it is to of in on with for file files error failed fails with when then "
    "python bash git read edit write "
    # subcommands that are everyday nouns (`shopify app`, `gcloud functions`, `heroku apps`): "the app listing" is
    # not the command unless the program is named too
    "app apps project projects function functions api data page pages model models user users service services "
    "site sites".split()
)
# A step's everyday names: what a user says when they mean it ("run the tests" means the test runner).
_ALIASES = {
    "test": ("test", "tests", "testing", "spec", "测试", "单测"),
    "push": ("push", "pushing", "推送"),
    "pull": ("pull", "拉取"),
    "install": ("install", "dependencies", "deps", "安装", "依赖"),
    "build": ("build", "compile", "构建", "编译"),
    "plan": ("plan",),
    "apply": ("apply", "deploy", "部署"),
    "upgrade": ("upgrade", "migrate", "migration", "迁移"),
    "revision": ("revision", "migration", "迁移"),
    "migrate": ("migrate", "migration", "迁移"),
    "lint": ("lint", "linter"),
    "deploy": ("deploy", "部署"),
}
_TEST_RUNNERS = frozenset({"pytest", "vitest", "jest", "mocha", "tox", "nox", "unittest"})


def for_failure(rules: Sequence[Rule], tool: str, arguments: Any, error: str) -> list[Rule]:
    """Live rules about this failure: the same tool, step and error phrase, or the same tool and one of the
    rule's steps with an error message alike the ones it was learned from (``servers.core.errorwords``)."""
    signature = Signature.of(tool, arguments, error)
    words = error_words(error)
    counts, total = frequencies([words, *(r.lesson.error_words for r in rules if r.lesson is not None)])
    out = []
    for rule in rules:
        lesson = rule.lesson
        if lesson is None:
            continue
        if Signature(lesson.tool, lesson.step, lesson.phrase) == signature:
            out.append(rule)
            continue
        steps = {s.lower() for s in [lesson.step, *lesson.also]}
        if (
            lesson.tool.lower() == signature.tool.lower()
            and signature.step.lower() in steps
            and likeness(words, lesson.error_words, counts, total) >= ALIKE
        ):
            out.append(rule)
    return sorted(out, key=lambda r: (-len(r.sources), r.created_at))


def _tokens(text: str) -> set[str]:
    out: set[str] = set()
    for word in _WORD.findall(text.lower()):
        out.add(word)
        if "\u4e00" <= word[0] <= "\u9fff":
            out.update(word[i : i + 2] for i in range(len(word) - 1))
    return out


def _mentions(task: str, tokens: set[str], word: str) -> bool:
    word = word.lower()
    if "\u4e00" <= word[:1] <= "\u9fff":
        return word in task
    # A word's own forms (`deploying` for `deploy`) mention it; an identifier it starts (`create_effect`) is
    # another name.
    return word in tokens or any(
        t.startswith(word) and len(word) >= 4 and not t[len(word) :].startswith("_") for t in tokens
    )


def cue_score(rule: Rule, task: str) -> tuple[float, str]:
    """How directly ``task`` names the rule's error or step (0 when it names neither)."""
    lesson = rule.lesson
    if lesson is None:
        return 0.0, ""
    lowered = task.lower()
    tokens = _tokens(task)
    phrase = lesson.phrase.lower()
    # A placeholder (`<path>`, `<id>`) stands for what differs between occurrences: no task has to name it.
    bare = re.sub(r"<\w+>", " ", phrase)
    distinctive = [w for w in re.findall(r"[a-z][a-z0-9_-]+", bare) if w not in _GENERIC and len(w) > 3]
    mentioned = sum(1 for w in set(distinctive) if _mentions(lowered, tokens, w))
    named = (
        phrase in lowered
        or (distinctive and mentioned == len(set(distinctive)))
        or (len(set(distinctive)) >= MANY_WORDS and mentioned >= len(set(distinctive)) - MAY_MISS)
        or _quotes_phrase(bare, lowered, distinctive)
    )
    # A pasted error ("/usr/bin/python3: No module named pytest") reads as the phrase the rule was learned with.
    if named or error_phrase(task).lower() == phrase:
        return ERROR_CUE, f"the task names the error ({lesson.phrase})"
    for step in [lesson.step, *lesson.also]:
        if step != lesson.tool and _names_step(step, lowered, tokens):
            return STEP_CUE, f"the task is about `{step}`"
    return 0.0, ""


# A pasted message shares a long stretch with the phrase even when it is cut off before the phrase ends
# ("makedocs encountered an error [:missing_docs]. Fix it." against "… encountered an error [:missing_docs] --
# terminating build"): this many characters, holding two of the phrase's distinctive words ("Config file not found:
# /etc/logi/logi.yml" against "config file not found: <path> at <path> line").
QUOTED_STRETCH = 20
# A phrase of many telling words (the words every message of a lesson shared: `dbix class resultsource resolve_join
# such relationship seen passed`) is named by a task that says all but two of them: the test harness's own words
# (`seen`, `passed`) are not in every paste.
MANY_WORDS = 6
MAY_MISS = 2


def _quotes_phrase(phrase: str, lowered: str, distinctive: Sequence[str]) -> bool:
    if sum(1 for w in set(distinctive) if w in lowered) < 2:
        return False  # cheap first: most rules share fewer words than that with a task
    match = SequenceMatcher(None, phrase, lowered, autojunk=False).find_longest_match(0, len(phrase), 0, len(lowered))
    stretch = phrase[match.a : match.a + match.size]
    return match.size >= QUOTED_STRETCH and sum(1 for w in set(distinctive) if w in stretch) >= 2


def _names_step(step: str, lowered: str, tokens: set[str]) -> bool:
    words = step.lower().split()
    if not words:
        return False
    program, action = words[0].rsplit("/", 1)[-1], words[-1]
    if program in _TEST_RUNNERS:
        action = "test"
    if ":" in action:
        action = action.split(":", 1)[1]  # a namespaced script (`test:e2e`): its own name says what it is
    names = _ALIASES.get(action, (action,))
    if program in PACKAGE_RUNNERS and not _SCRIPT_VERB.search(action) and action not in _TEST_RUNNERS:
        # A program a package runner starts (`pnpm tauri`, `npx prisma`) is often the project's framework: a
        # question about it ("how do Tauri windows share state") names no run of it. The runner or a word of
        # running or building it does.
        doing = any(_mentions(lowered, tokens, w) for w in _RUNNING) or _mentions(lowered, tokens, program)
        return doing and any(_mentions(lowered, tokens, n) for n in names)
    return any(_mentions(lowered, tokens, n) for n in names) and (
        len(words) == 1 or action not in _GENERIC or _mentions(lowered, tokens, program)
    )


# A package script named for what it does (`typecheck`, `lint:style`, `e2e:ios`, `doctor`), as opposed to a program
# the runner starts (`tauri`, `astro`, `prisma`).
_SCRIPT_VERB = re.compile(
    r"test|check|lint|build|format|fmt|compile|dev|start|serve|preview|deploy|release|e2e|doctor|clean|gen|"
    r"migrate|seed|install|add|ci|exec|run|upload|watch|bundle|pack"
)
# Words of running, building or packaging something (`出包`, `打包` for a release bundle).
_RUNNING = (
    "run",
    "running",
    "build",
    "builds",
    "building",
    "bundle",
    "bundles",
    "package",
    "dev",
    "start",
    "launch",
    "release",
    "跑",
    "运行",
    "执行",
    "启动",
    "构建",
    "编译",
    "打包",
    "出包",
    "包",
)


_TERMINATOR = re.compile(r"[.!?。！？]+(?=\s|$)")
_ASKS_AT_END = re.compile(r"(?:[?？]|[吗呢])\s*$")
# A Chinese question needs no question mark: an interrogative word (什么时候值得上, 怎么算的) or a yes-or-no pair
# (会不会超, 能不能, 有没有) in its last clause, unless that clause asks for something to be done (帮我看看为什么…,
# 跑一下看看对不对).
_ASKS_ZH = re.compile(r"什么|怎么|为何|为什么|哪(?:个|些|里|儿|种)|多少|([\u4e00-\u9fff])[不没]\1")
# A question that asks for something to be done ("can you produce it?", 帮我…) is a request.
_REQUEST = re.compile(r"\b(?:can|could|would|will) you\b|\bplease\b|帮我|帮忙|麻烦|请你", re.I)
_REQUEST_ZH = re.compile(r"^\s*(?:帮我|帮忙|请|给我|把|麻烦)|(?:看看|看下|看一下|确认|检查|试试|测一?下)[^，,]*$")


def only_asks(task: str) -> bool:
    """Whether every sentence of ``task`` is a question ("Why does the chart place points by minute?",
    "tready 能不能依赖 tvalid？反过来呢"): it asks to be told, not for something to be run."""
    text = task.strip()
    last = re.split(r"[.!?](?=\s|$)|[。！？]", text.rstrip("?？.。!！ "))[-1]
    if _REQUEST.search(text):
        return False
    asks = bool(_ASKS_AT_END.search(text)) or (
        bool(_ASKS_ZH.search(last)) and not _REQUEST_ZH.search(last) and not re.search(r"[，,]", last)
    )
    return asks and all("?" in t or "？" in t for t in _TERMINATOR.findall(text[: -1 if text[-1:] in "?？" else None]))


class RuleRecall:
    """Ranks rules for a task by their signature cues and by meaning (when the embedder is loaded)."""

    def __init__(self, embedder: LazyEmbedder | None, bar: float | None = None) -> None:
        self.embedder = embedder
        self._bar = bar
        self._vectors: Recent[str, np.ndarray] = Recent(2000)

    def bar(self) -> float | None:
        if self._bar is not None:
            return self._bar
        if self.embedder is None or not self.embedder.is_loaded:
            return None
        model = self.embedder.get()
        return E5_RULE_BAR if "e5" in model.name.lower() else model.calibration.relevant + 0.03

    def similarities(self, task: str, texts: Sequence[str]) -> list[float] | None:
        """Cosine of ``task`` (as a query) with each text (as a passage); None without a loaded model."""
        if self.embedder is None or not self.embedder.is_loaded or not texts:
            return None
        try:
            model = self.embedder.get()
            missing = [t for t in dict.fromkeys(texts) if self._vectors.get(t) is None]
            if missing:
                for text, row in zip(missing, model.embed_passages(missing), strict=True):
                    self._vectors.put(text, row)
            query = model.embed_query(task)
        except (EmbedderUnavailable, RuntimeError) as exc:
            log.info("rules are matched without meaning: %s", exc)
            return None
        rows = [self._vectors.get(t) for t in texts]
        return [float(np.dot(query, row)) if row is not None else 0.0 for row in rows]

    def _task_bar(self) -> float:
        if self.embedder is None or not self.embedder.is_loaded:
            return 1.01
        # Only measured for e5: with another model a task's likeness is not trusted (named cues still work).
        return E5_TASK_BAR if "e5" in self.embedder.get().name.lower() else 1.01

    def _task_likeness(self, rules: Sequence[Rule], task: str) -> list[float]:
        """For each rule, the cosine of ``task`` with the nearest task the rule was learned in (0 without)."""
        learned = [list(r.lesson.tasks) if r.lesson is not None else [] for r in rules]
        texts = [t for tasks in learned for t in tasks]
        sims = self.similarities(task, texts) if texts else None
        if sims is None:
            return []
        by_text = dict(zip(texts, sims, strict=True))
        return [max((by_text[t] for t in tasks), default=0.0) for tasks in learned]

    def _nearest_of_all(self, nearness: Sequence[float], task: str, recent: Recents) -> int | None:
        """The rule whose learned task is the nearest of all of the user's recent tasks to ``task``, and clearly
        nearer than any other rule's, when its nearness is under the task bar but over the nearest-task bar."""
        if not nearness or self._task_bar() > 1:
            return None
        order = sorted(range(len(nearness)), key=lambda i: -nearness[i])
        first = order[0]
        second = nearness[order[1]] if len(order) > 1 else 0.0
        if not E5_NEAREST_BAR <= nearness[first] < self._task_bar() or nearness[first] - second < NEAREST_MARGIN:
            return None
        tasks = list(recent() if callable(recent) else recent)  # read only here: most tasks never get this far
        if not tasks:
            return None
        sims = self.similarities(task, tasks)
        if sims is None or max(sims, default=0.0) > nearness[first] + 1e-4:
            return None
        return first

    def rank(self, rules: Sequence[Rule], task: str, recent: Recents = ()) -> list[tuple[float, Rule, str]]:
        """(score, rule, why) for the rules that bear on ``task``, best first; others are left out. ``recent``:
        the user's recent tasks (their texts, or how to read them), to tell whether a task is nearest to one a
        rule was learned in."""
        if not task.strip() or not rules:
            return []
        sims = self.similarities(task, [r.text for r in rules])
        bar = self.bar()
        best = max(sims) if sims else 0.0
        nearness = self._task_likeness(rules, task)
        nearest = max(nearness, default=0.0)
        asks_only = only_asks(task)
        nearest_of_all = None if asks_only else self._nearest_of_all(nearness, task, recent)
        words = error_words(task)
        counts, total = frequencies([words, *(r.lesson.error_words for r in rules if r.lesson is not None)])
        out: list[tuple[float, Rule, str]] = []
        for i, rule in enumerate(rules):
            cue, why = cue_score(rule, task)
            if (
                cue < ERROR_CUE
                and rule.lesson is not None
                and likeness(words, rule.lesson.error_words, counts, total) >= PASTED_ALIKE
            ):
                cue, why = ERROR_CUE, "the task quotes the error it was learned from"
            if asks_only:
                pass  # a question runs nothing: being like a task that failed says nothing about it
            elif cue < TASK_CUE and nearness and nearness[i] >= max(self._task_bar(), nearest - TASK_MARGIN):
                cue, why = TASK_CUE, f"like a task it was learned in ({nearness[i]:.2f})"
            elif cue < TASK_CUE and i == nearest_of_all:
                cue, why = TASK_CUE, f"nearest to a task it was learned in ({nearness[i]:.2f})"
            meaning = sims[i] if sims is not None else 0.0
            # A rule that knows the tasks it was learned in is found by them: its own wording ("When `make lint`
            # fails with …") is close by e5 to every task of the project, so its meaning says little.
            learned_in_tasks = rule.lesson is not None and bool(rule.lesson.tasks)
            if bar is not None and not learned_in_tasks and meaning >= max(bar, best - MEANING_MARGIN):
                # Mapped onto the cue scale: just over the bar ranks below a named step, a near-copy above.
                mapped = min(0.99, 0.6 + (meaning - bar) * 4)
                if mapped > cue:
                    cue, why = mapped, f"means the same as the task ({meaning:.2f})"
            if cue > 0:
                out.append((cue, rule, why))
        if any(score >= ERROR_CUE for score, _, _ in out):
            # The task names an error a rule is about: rules about other errors of the same step are noise here.
            out = [item for item in out if item[0] >= ERROR_CUE]
        return sorted(out, key=lambda item: (-item[0], -item[1].importance))
