"""How relevant a learned rule or a user belief is to the task at hand, and the bar it must clear.

A context that carries every live rule whatever the task teaches the agent to ignore it: a retry rule for
``web_fetch`` has nothing to say about deploying a service. Relevance here is lexical (no model, no
vectors: this runs inside a prompt hook) and respects a rule's scenario, its trigger conditions:

- a scenario naming a tool ("tasks that call web_fetch") applies when the session has called that tool or
  the task names it or a distinctive part of it ("fetch the changelog" for ``web_fetch``);
- a scenario about the user as a whole ("answers for this user", "every task") applies to every task;
- any other scenario ("research reports", "部署任务") applies when the task shares words with it, and a rule
  without a scenario when the task shares words with the rule itself.

Shared words are counted on stems (the first five letters, so "deploy" meets "deployment") and CJK
character pairs, with stop words and generic task verbs removed; the score is their cosine over the two
word sets. ``RULE_BAR`` (0.15) lets one shared topic word through when the scenario is short (one word of
three: 0.33 against a five-word task) but not a single shared word between a long rule and a long task
(one of twelve against one of ten: 0.09); ``tests/servers/suite/hooks/test_relevance.py`` holds the examples.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

RULE_BAR = 0.15
# Dimensions of the user model that shape every answer, whatever it is about.
UNIVERSAL_DIMENSIONS = frozenset({"verbosity", "format", "language", "citations", "tone", "style", "length"})

_WORD = re.compile(r"[a-z][a-z0-9]*|[\u4e00-\u9fff]+")
_TOOL_SCENARIO = re.compile(r"\b(?:call|calls|use|uses|using)\s+`?([A-Za-z][\w.-]*)`?", re.I)
_IDENT = re.compile(r"`([^`]+)`|\b([a-z][a-z0-9]*(?:[_.][a-z0-9]+)+)\b")
_UNIVERSAL_SCENARIO = re.compile(
    r"^(?:answers? (?:for|to) (?:this|the) user|(?:every|all|any) (?:tasks?|answers?|replies)|always|"
    r"所有任务|所有回答|每个任务|任何任务)$",
    re.I,
)
_STOP = frozenset(
    "a an the and or of to in on for with by at from is are be was were it this that these those as into then "
    "than so if when before after use using used do does not no never always should must can could i me my you "
    "your we our they their he she its please about over under up out what how why which who where task tasks "
    "that call calls more once again each every all any some make get give help want need new one two".split()
)
_CJK_STOP = frozenset({"任务", "一下", "帮我", "请帮", "我们", "这个", "那个", "一个"})


def terms(text: str) -> set[str]:
    """Comparable words of ``text``: stems of Latin words, character pairs of CJK runs, no stop words."""
    out: set[str] = set()
    for token in _WORD.findall(text.lower()):
        if "\u4e00" <= token[0] <= "\u9fff":
            out.update(p for p in (token[i : i + 2] for i in range(max(1, len(token) - 1))) if p not in _CJK_STOP)
        elif token not in _STOP and len(token) > 2:
            out.add(token[:5])
    return out


def similarity(a: set[str], b: set[str]) -> float:
    return len(a & b) / math.sqrt(len(a) * len(b)) if a and b else 0.0


def _tool_parts(name: str) -> set[str]:
    # "web_fetch" is named by "fetch" but not by "web" alone: a part must be distinctive, not generic.
    parts = {p for p in re.split(r"[_.\-]", name.lower()) if len(p) > 3 and p not in _GENERIC_TOOL_PARTS}
    return {p[:5] for p in parts}


_GENERIC_TOOL_PARTS = frozenset({"tool", "data", "file", "list", "info", "http", "call", "main", "text"})


@dataclass(frozen=True)
class Relevance:
    score: float  # 0..1
    reason: str

    @property
    def relevant(self) -> bool:
        return self.score >= RULE_BAR


def rule_relevance(text: str, scenario: str, task: str, recent_tools: list[str]) -> Relevance:
    """How much a rule (its text and scenario) bears on ``task`` given the tools the session has used."""
    scenario = " ".join(scenario.split())
    task_terms = terms(task)
    if scenario and _UNIVERSAL_SCENARIO.match(scenario.rstrip(".")):
        return Relevance(1.0, "applies to every task of this user")
    tools = {m.group(1).lower().rstrip(".") for m in _TOOL_SCENARIO.finditer(scenario)} - _STOP
    tools |= {(a or b).lower() for a, b in _IDENT.findall(scenario)}
    if tools:
        used = {t.lower() for t in recent_tools}
        lowered = task.lower()
        for tool in sorted(tools):
            if tool in used or tool in lowered:
                return Relevance(1.0, f"the session uses {tool}")
            if _tool_parts(tool) & task_terms:
                return Relevance(0.8, f"the task names {tool}")
        return Relevance(0.0, f"only for tasks that use {', '.join(sorted(tools))}")
    basis = scenario or text
    score = similarity(task_terms, terms(basis))
    return Relevance(score, "shares words with the scenario" if scenario else "shares words with the rule")


def belief_relevance(dimension: str, value: str, task: str) -> Relevance:
    """A belief about how every answer should look applies to any task; others only when the task touches them."""
    if dimension.lower() in UNIVERSAL_DIMENSIONS:
        return Relevance(1.0, "shapes every answer")
    score = similarity(terms(task), terms(f"{dimension.replace('_', ' ')} {value}"))
    return Relevance(score, "shares words with the belief")
