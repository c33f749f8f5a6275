"""The proactive layer's domain API (issue 36): initiatives for a task, gaps before and after it, inference
of goals from requests, and what an accepted or dismissed initiative teaches. Composed once by the service.
"""

from __future__ import annotations

from servers.core.embedding import LazyEmbedder
from servers.core.llm import LLMClient
from servers.reflection import suggest
from servers.reflection.aims import AimInference
from servers.reflection.curiosity import detect_gaps, gap_facts, needs_prompt
from servers.reflection.initiative import Earlier, InitiativeEvaluator, pairs
from servers.reflection.meaning import Meaning, lexical
from servers.reflection.proactive_models import GapReport, InitiativeReport, Need
from servers.reflection.relevance_llm import relevance_prompt
from servers.reflection.settings import ReflectionServerSettings
from servers.reflection.storage.rows import ReflectionHead
from servers.reflection.storage.store import ReflectionStore, days_ago
from servers.reflection.suggestions import Suggestions
from servers.reflection.usermodel import UserModelBook

WINDOW_DAYS = 30  # earlier requests and dismissals older than this no longer count
MAX_EARLIER = 300
EXISTING_SKILL = 0.5  # word overlap of a request with a skill's name and opening that means the skill does it
SUGGESTED_SKILL = 0.3


class Proactive:
    def __init__(
        self,
        store: ReflectionStore,
        users: UserModelBook,
        embedder: LazyEmbedder | None,
        settings: ReflectionServerSettings,
        suggestions: Suggestions,
        llm: LLMClient | None,
        second: LazyEmbedder | None = None,
    ) -> None:
        self.store = store
        self.users = users
        self.settings = settings
        self.suggestions = suggestions
        self.llm = llm
        self.meaning = Meaning(embedder, second)
        self.evaluator = InitiativeEvaluator(users, self.meaning, self.earlier, self.dismissals, self.skill_for, llm)
        self.inference = AimInference(users, self.was_removed, self.meaning.same)

    # --- what the evaluator reads ------------------------------------------------------------------

    def earlier(self, user_id: str) -> list[Earlier]:
        since = days_ago(WINDOW_DAYS)
        heads = self.store.docs(
            "reflections",
            ReflectionHead,
            user_id=user_id,
            trigger="post_task",
            order_by="created_at DESC",
            limit=MAX_EARLIER,
        )
        return [Earlier(h.task, h.created_at, h.task_id) for h in heads if h.created_at >= since]

    def dismissals(self, user_id: str, source: str) -> int:
        since = days_ago(WINDOW_DAYS)
        rows = self.store.audit_entries(user_id, source, 100)
        return sum(1 for r in rows if r.action == "initiative_dismissed" and r.at >= since)

    def was_removed(self, user_id: str, dimension: str) -> bool:
        rows = self.store.audit_entries(user_id, dimension, 1)  # newest first
        return bool(rows) and rows[0].action == "removed"

    def skill_for(self, user_id: str, request: str) -> tuple[str, str] | None:
        for skill in suggest.known_skills(self.settings):
            if lexical(request, f"{skill.name.replace('-', ' ')} {skill.body[:300]}") >= EXISTING_SKILL:
                return "existing", skill.name
        for s in self.suggestions.all(user_id, "open"):
            if lexical(request, f"{s.name.replace('-', ' ')} {s.description}") >= SUGGESTED_SKILL:
                return "suggested", s.name
        return None

    # --- the API -----------------------------------------------------------------------------------

    def evaluate(self, user_id: str, task: str, limit: int = 2, sampled: set[str] | None = None) -> InitiativeReport:
        return self.evaluator.evaluate(user_id, task, limit, sampled)

    def relevance_prompt(self, user_id: str, task: str) -> str | None:
        """The relevance question for a model, or None when the user has no goal or strong drive to ask about."""
        sources = self.evaluator.sources(user_id)
        return relevance_prompt(task, pairs(sources)) if sources else None

    def needs_prompt(self, user_id: str, task: str, known: list[str]) -> str:
        """The gap question for a model: what the task needs and who holds it."""
        return needs_prompt(task, gap_facts(known, self.users.get(user_id).beliefs))

    def infer(self, user_id: str) -> list[str]:
        """Goals from recurring topics of the user's recent requests; the dimensions that got evidence."""
        by_text = {e.task: e for e in self.earlier(user_id)}
        # The task is the source: reflecting on it again (a new reflection, same task) is no new evidence.
        return self.inference.from_requests(
            user_id, list(by_text.values()), lambda e: f"request:{e.task_id or e.created_at}"
        )

    def feedback(self, user_id: str, source: str, accepted: bool, task: str) -> str:
        """Accepted: evidence for the source belief. Dismissed: that source's initiatives weigh less for 30 days."""
        if accepted and not source.startswith("pattern:"):
            self.inference.accepted(user_id, source, task)
        action = "initiative_accepted" if accepted else "initiative_dismissed"
        self.store.audit(user_id, "initiative", source, action, {"task": task[:500]})
        return action

    def gaps(
        self, user_id: str, task: str, draft: str | None, known: list[str], sampled: list[Need] | None = None
    ) -> GapReport:
        beliefs = self.users.get(user_id).beliefs
        return detect_gaps(task, known, beliefs, draft, self.llm, sampled)
