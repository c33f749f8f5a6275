"""Things a user's agent learned, made through the services' own methods (as the agent would)."""

from __future__ import annotations

from servers.reflection.models import Contradiction, SkillSuggestion, Strategy
from servers.reflection.service import ReflectionService
from servers.reflection.storage.documents import StoredContradiction, StoredSuggestion
from servers.reflection.storage.store import new_id, now_iso

SKILL_MD = """---
name: release-check
description: Run the release checks before tagging a version. Use when the user asks to cut a release.
---

# Release check

1. Run the tests.
2. Build the package.
3. Tag the version.
"""


def rule(svc: ReflectionService, user: str, text: str = "Run the tests before pushing") -> str:
    return svc.rules.create(user, Strategy(strategy=text, scenario="before git push"), ["refl_source1"]).id


def contradiction(svc: ReflectionService, user: str, rule_id: str) -> str:
    report = Contradiction(
        id=new_id("contra"),
        user_id=user,
        rule_id=rule_id,
        rule_text=svc.rules.get(user, rule_id).text,
        strategy="Push first, test in CI",
        reflection_id="refl_other",
        created_at=now_iso(),
    )
    svc.store.put(StoredContradiction(id=report.id, user_id=user, status="open", doc=report))
    return report.id


def suggestion(svc: ReflectionService, user: str, tools: tuple[str, ...] = ("Bash", "Bash", "Bash")) -> str:
    made = SkillSuggestion(
        id=new_id("sugg"),
        name="release-check",
        description="Run the release checks before tagging a version.",
        tools=list(tools),
        occurrences=3,
        success_rate=1.0,
        confidence=0.8,
        skill_md=SKILL_MD,
        created_at=now_iso(),
    )
    svc.store.put(StoredSuggestion(id=made.id, user_id=user, seq_key="→".join(tools), status="open", doc=made))
    return made.id
