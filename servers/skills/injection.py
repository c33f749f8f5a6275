"""The ready-to-inject prompt section: activated bodies within a token budget, then an index.

| step        | rule                                                                                   |
|-------------|----------------------------------------------------------------------------------------|
| budget      | each match costs min(its body's tokens, its ``max_tokens``, default 2000); matches are  |
|             | taken best first and the first one that does not fit stops injection: a weaker match   |
|             | never gets in ahead of a stronger one                                                  |
| truncation  | a body longer than its ``max_tokens`` is cut there, with a pointer to activate_skill    |
| index       | the other skills as ``- name — description``, most relevant first, within             |
|             | ``index_token_budget``; the rest are counted and left to search_skills                  |
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from servers.skills.models import Skill
from servers.skills.text import estimate_tokens

INDEX_DESCRIPTION_CHARS = 160


@dataclass(frozen=True)
class Injected:
    skill: Skill
    score: float
    text: str  # what goes into the prompt: the body, or an expanded chain, possibly cut
    tokens: int


def cut_to_tokens(text: str, max_tokens: int) -> tuple[str, bool]:
    """``text`` cut at a line break so it fits ``max_tokens``; True when something was cut."""
    if estimate_tokens(text) <= max_tokens:
        return text, False
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits
        mid = (lo + hi + 1) // 2
        if estimate_tokens(text[:mid]) <= max_tokens:
            lo = mid
        else:
            hi = mid - 1
    cut = text[:lo]
    newline = cut.rfind("\n")
    return (cut[:newline] if newline > lo // 2 else cut).rstrip(), True


def prepare(skill: Skill, text: str, default_max_tokens: int) -> tuple[str, int]:
    """The text to inject for ``skill`` (cut to its ``max_tokens``) and its token cost."""
    limit = skill.max_tokens or default_max_tokens
    text, was_cut = cut_to_tokens(text, limit)
    if was_cut:
        text += f"\n\n[cut to {limit} tokens; activate_skill('{skill.name}') returns the whole text]"
    return text, estimate_tokens(text)


def index_line(skill: Skill) -> tuple[str, int]:
    desc = " ".join(skill.description.split())
    if len(desc) > INDEX_DESCRIPTION_CHARS:
        desc = desc[: INDEX_DESCRIPTION_CHARS - 1].rstrip() + "…"
    line = f"- `{skill.name}` — {desc}"
    return line, estimate_tokens(line)


def fit_budget(
    matches: Sequence[tuple[Skill, float]], budget: int, prepared: Callable[[Skill], tuple[str, int]]
) -> list[Injected]:
    """The matches that fit the budget, in order; stops at the first that does not, so a weaker match never
    gets in ahead of a stronger one."""
    out: list[Injected] = []
    used = 0
    for skill, score in matches:
        text, cost = prepared(skill)
        if used + cost > budget:
            break
        used += cost
        out.append(Injected(skill, score, text, cost))
    return out


def build_prompt(
    injected: Sequence[Injected],
    others: Sequence[Skill],
    index_budget: int,
    line_of: Callable[[Skill], tuple[str, int]] = index_line,
    total_others: int | None = None,
) -> str:
    parts: list[str] = []
    if injected:
        parts.append(
            "# Activated Skills\n\nThese skills were loaded for your task. Follow their instructions directly.\n"
        )
        for item in injected:
            parts.append(f"## Skill: {item.skill.name} (confidence: {item.score * 100:.0f}%)\n\n{item.text}\n\n---\n")
    lines: list[str] = []
    used = 0
    for skill in others:
        line, cost = line_of(skill)
        if used + cost > index_budget:
            break
        used += cost
        lines.append(line)
    if lines:
        rest = (len(others) if total_others is None else total_others) - len(lines)
        more = f"\n\n{rest} more: search_skills finds them." if rest else ""
        parts.append(
            "# Other Available Skills\n\nLoad one with activate_skill(name):\n\n" + "\n".join(lines) + more + "\n"
        )
    return "\n".join(parts)
