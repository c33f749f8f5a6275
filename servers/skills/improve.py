"""Quality iteration: new-skill recommendations and trigger updates, applied only on confirmation.

| suggestion         | made when                                                                     |
|--------------------|-------------------------------------------------------------------------------|
| ``trigger_update`` | the skill was activated by hand (match_skills missed it) for ≥ 2 tasks it then |
|                    | helped with: add an intent pattern from the words those tasks share           |
| ``trigger_update`` | ≥ 3 not-helpful ratings and a helpful rate < 0.3: raise its threshold by 0.1 |
| ``new_skill``      | all of (so recommendations stay rare): a pattern of unmatched tasks with      |
|                    | confidence ≥ 0.7 seen ≥ 2 times this session, ≥ 10 messages since the last  |
|                    | recommendation, and fewer than 3 recommendations in the session              |

Nothing is written until ``skill_apply_suggestion(id, confirm=True)``. Applying to a system skill copies
it into the user scope first (the copy overrides it), so built-in files are never edited.
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import yaml
from rapidfuzz import fuzz

from servers.skills.models import Skill, SkillInputError, Suggestion
from servers.skills.storage.rows import SessionCounts
from servers.skills.storage.store import new_id
from servers.skills.text import terms
from skillslint import Severity, lint_paths

PATTERN_MIN_CONFIDENCE = 0.7
PATTERN_MIN_SEEN = 2
RECOMMEND_COOLDOWN_MESSAGES = 10
MAX_RECOMMENDATIONS = 3


def _shared_words(tasks: list[str], limit: int = 3) -> list[str]:
    counts = Counter(w for task in tasks for w in dict.fromkeys(terms(task)))
    return [w for w, n in counts.most_common() if n == len(tasks)][:limit]


def _pattern(words: list[str]) -> str:
    # Lookaheads: every shared word, in any order; stems match longer forms ("review" finds "reviewing").
    return "".join(f"(?=.*{re.escape(w)})" for w in words)


def missed_trigger(skill: Skill, helped_tasks: list[str]) -> Suggestion | None:
    tasks = list(dict.fromkeys(helped_tasks))
    if len(tasks) < 2:
        return None
    words = _shared_words(tasks)
    if not words:
        return None
    pattern = _pattern(words)
    current = skill.triggers.patterns if skill.triggers else ()
    if pattern in current:
        return None
    shown = "; ".join(repr(t[:60]) for t in tasks[:3])
    return Suggestion(
        id=new_id("s"),
        skill=skill.name,
        type="trigger_update",
        current=yaml.safe_dump({"intent_patterns": list(current)}, allow_unicode=True).strip(),
        suggested=yaml.safe_dump({"intent_patterns": [*current, pattern]}, allow_unicode=True).strip(),
        reason=f"activated by hand for {len(tasks)} tasks it helped with that match_skills missed: {shown}",
        confidence=round(min(0.95, 0.5 + 0.15 * len(tasks)), 2),
    )


def noisy_trigger(skill: Skill, not_helpful: int, helpful_rate: float, default_threshold: float) -> Suggestion | None:
    if skill.triggers is None or not_helpful < 3 or helpful_rate >= 0.3:
        return None
    current = skill.triggers.threshold if skill.triggers.threshold is not None else default_threshold
    raised = round(min(1.0, current + 0.1), 2)
    if raised <= current:
        return None
    return Suggestion(
        id=new_id("s"),
        skill=skill.name,
        type="trigger_update",
        current=f"confidence_threshold: {current}",
        suggested=f"confidence_threshold: {raised}",
        reason=f"{not_helpful} not-helpful ratings, helpful rate {helpful_rate:.2f}: activate it less eagerly",
        confidence=0.7,
    )


def recurring_pattern(unmatched: list[str]) -> tuple[list[str], float] | None:
    """The largest group of similar unmatched tasks and its confidence (mean similarity), if any."""
    best: tuple[list[str], float] | None = None
    for i, anchor in enumerate(unmatched):
        group = [anchor]
        sims: list[float] = []
        for other in unmatched[i + 1 :]:
            sim = fuzz.token_set_ratio(anchor.lower(), other.lower()) / 100
            if sim >= PATTERN_MIN_CONFIDENCE:
                group.append(other)
                sims.append(sim)
        if len(group) >= PATTERN_MIN_SEEN and (best is None or len(group) > len(best[0])):
            best = (group, round(sum(sims) / len(sims), 3))
    return best


def recommendation_due(session: SessionCounts) -> bool:
    last = session.last_recommendation_at
    since = session.messages - last if last is not None else RECOMMEND_COOLDOWN_MESSAGES
    return session.recommendations < MAX_RECOMMENDATIONS and since >= RECOMMEND_COOLDOWN_MESSAGES


class StepDrafter(Protocol):
    """Writes a draft's steps from the tool traces of the tasks it covers. The suite gives the skills server
    the reflection server's drafting (the same steps its own drafts have); without one, a draft says its
    steps are not known yet."""

    def draft_body(
        self, title: str, tasks: Sequence[str], runs: Sequence[Sequence[dict[str, Any]]]
    ) -> tuple[str, tuple[str, ...]]: ...

    def when_to_use(self, tasks: Sequence[str], tools: Sequence[str]) -> str: ...


def new_skill_draft(
    tasks: list[str],
    confidence: float,
    taken: set[str],
    runs: list[list[dict[str, Any]]] | None = None,
    drafter: StepDrafter | None = None,
) -> Suggestion:
    """A SKILL.md draft for a group of similar unmatched tasks.

    ``runs`` are the tool traces memory captured for those tasks, when this process saw them: the draft's
    steps are then the tools the tasks called (with their arguments and results), its failure notes what
    the tasks did when a step failed. Without traces there is nothing to learn steps from, and the draft
    says so instead of inventing them.
    """
    words = _shared_words(tasks)
    ascii_words = [w for w in words if w.isascii()]
    base = "-".join(ascii_words[:3]) or "saved-workflow"
    name, n = base, 2
    while name in taken:
        name, n = f"{base}-{n}", n + 1
    examples = "; ".join(f'"{t[:80]}"' for t in tasks[:3])
    runs = [r for r in runs or [] if r]
    tools: tuple[str, ...] = ()
    if drafter is not None and len(runs) >= PATTERN_MIN_SEEN:
        body, tools = drafter.draft_body(name, tasks, runs)
    if drafter is not None and tools:
        use = f"{drafter.when_to_use(tasks, tools)}, as in: {examples}."
        body += "\nDrafted by Cairn from tasks no skill covered; edit the steps if a better way exists.\n"
    else:
        use = f"Use when asked to do tasks like: {examples}."
        body = (
            f"# {name}\n\nDrafted by Cairn after {len(tasks)} similar requests no skill covered. Their tool calls "
            "were not captured, so the steps are not known yet.\n\n## Steps\n\n"
            "1. Write down the tools these tasks needed, in order, and what each one was given.\n"
        )
    triggers: dict[str, Any] = {"intent_patterns": [_pattern(words)] if words else []}
    # Only plain tools are signals: a step such as `Bash(git push)` names a command, and `Bash` alone would
    # match every session.
    plain = [t for t in dict.fromkeys(tools) if "(" not in t]
    if plain:
        triggers["tool_signals"] = plain
    fm = {
        "name": name,
        "description": f"{use} Drafted from repeated requests.".replace("<", "(").replace(">", ")")[:1000],
        "triggers": triggers,
    }
    text = "---\n" + yaml.safe_dump(fm, allow_unicode=True, sort_keys=False) + "---\n\n" + body
    return Suggestion(
        id=new_id("s"),
        skill=name,
        type="new_skill",
        current="",
        suggested=text,
        reason=f"{len(tasks)} similar requests this session matched no skill"
        + (f"; steps from their {len(runs)} captured traces" if tools else ""),
        confidence=confidence,
    )


def split_skill_md(text: str) -> tuple[dict[str, Any], str]:
    if not text.startswith("---"):
        raise SkillInputError("SKILL.md has no frontmatter to update")
    _, fm_text, body = text.split("---", 2)
    loaded = yaml.safe_load(fm_text) or {}
    if not isinstance(loaded, dict):
        raise SkillInputError("SKILL.md frontmatter is not a mapping")
    return loaded, body


def updated_frontmatter(fm: dict[str, Any], suggestion: Suggestion) -> dict[str, Any]:
    change = yaml.safe_load(suggestion.suggested)
    if not isinstance(change, dict):
        raise SkillInputError(f"suggestion {suggestion.id} holds no mapping")
    triggers = dict(fm.get("triggers") or {})
    triggers.update(change)
    return {**fm, "triggers": triggers}


def write_checked(skill_md: Path, text: str) -> None:
    """Write ``text`` and lint it; on a lint error the old file comes back and SkillInputError says why."""
    old = skill_md.read_text(encoding="utf-8") if skill_md.exists() else None
    skill_md.parent.mkdir(parents=True, exist_ok=True)
    skill_md.write_text(text, encoding="utf-8")
    errors = [f for f in lint_paths([skill_md.parent]).findings if f.severity is Severity.ERROR]
    if errors:
        if old is None:
            shutil.rmtree(skill_md.parent, ignore_errors=True)
        else:
            skill_md.write_text(old, encoding="utf-8")
        raise SkillInputError(f"the change would not lint: {errors[0].code} {errors[0].message}")


def dump_skill_md(fm: dict[str, Any], body: str) -> str:
    header: str = yaml.safe_dump(fm, allow_unicode=True, sort_keys=False)
    return "---\n" + header + "---" + body
