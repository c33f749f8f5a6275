"""The domain services hooks and context assembly draw on, created once and shared (no MCP involved).

Memory (recall, flush, capture, daily summary), skills (the SkillMatcher behind ``match_skills``) and
reflection (live rules, the user model, reflecting on a captured task) are opened lazily: a session-end
does not pay for the skills library, a prompt does not pay for reflection. One embedder and one event
bus are shared by all three. Rules and beliefs are kept only when they bear on the task (see ``relevance``):
a rule's scenario says when it applies. Each section is gathered on its own; a failing source degrades that section
and says why, it never fails the whole context.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from servers.core.embedding import LazyEmbedder
from servers.core.events import EventBus
from servers.suite.hooks import runtime
from servers.suite.hooks.context import Gathered, Item, SectionName
from servers.suite.hooks.relevance import belief_relevance, rule_relevance
from servers.suite.hooks.trace import SessionTrace
from servers.suite.services import SharedServices
from servers.suite.settings import CairnSettings

if TYPE_CHECKING:
    from servers.memory.service import MemoryService
    from servers.reflection.service import ReflectionService
    from servers.skills.service import SkillsService
    from servers.skills.settings import SkillsSettings

log = logging.getLogger(__name__)
MEMORY_CHARS = 700  # one recalled memory in a context; the whole entry is a memory_get away
MAX_RULES = 8  # relevant rules beyond this are rarely read; the fixed zone is never trimmed
LLM_SHARE = 0.3  # of the user-prompt-submit budget, for each LLM call the skills matcher may make


def clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class DomainSources:
    """What the hooks and the context server read: memory, skills and reflection, and a session's trace.

    ``services`` are the process's own (``cairn serve all``: the context server shares the other servers');
    without them, these sources build their own, with the skills' LLM waits cut to a prompt's budget."""

    def __init__(
        self, settings: CairnSettings, *, embedder: LazyEmbedder | None = None, services: SharedServices | None = None
    ) -> None:
        self.settings = settings
        self.config = settings.hooks
        self._owns_services = services is None
        self.services = services or SharedServices(
            settings, embedder=embedder, bus=EventBus(), skills=self._budgeted_skills(settings)
        )
        self.embedder = self.services.embedder
        self._lock = threading.Lock()

    @staticmethod
    def _budgeted_skills(settings: CairnSettings) -> SkillsSettings:
        # A prompt's context must arrive within the hook's budget (3 s by default) with memories and rules in it:
        # the skills' LLM calls (translation, choice) get a share of it each, and past that the offline match
        # stands. A call that succeeds is cached, so the same prompt again gets the model's answer.
        budget_s = runtime.budget_ms("user-prompt-submit") / 1000
        return settings.skills.model_copy(
            update={
                "translate_timeout_s": min(settings.skills.translate_timeout_s, LLM_SHARE * budget_s),
                "llm_choice_timeout_s": min(settings.skills.llm_choice_timeout_s, LLM_SHARE * budget_s),
            }
        )

    @property
    def memory(self) -> MemoryService:
        return self.services.memory

    @property
    def skills(self) -> SkillsService:
        return self.services.skills

    @property
    def reflection(self) -> ReflectionService:
        return self.services.reflection

    def trace(self, session_id: str) -> SessionTrace:
        return SessionTrace(self.settings.home / "hooks" / "sessions", session_id or "no-session")

    def warm(self) -> None:
        """Open what a prompt needs, so the first prompt is not the one that pays for it."""
        self.skills.library()
        self.memory.store.vector_model()
        if self.config.recall_mode == "hybrid" and self.settings.embedder != "none":
            self.embedder.start_background_load()

    def embedder_state(self) -> str:
        """off (keyword recall by choice) | loading | loaded | failed — what recall can use right now."""
        if self.config.recall_mode != "hybrid" or self.settings.embedder == "none":
            return "off"
        if self.embedder.is_loaded:
            return "loaded"
        return "failed" if self.embedder.error else "loading"

    def wait_for_embedder(self, timeout_s: float) -> str:
        """Load the embedder (in the background) and wait up to ``timeout_s`` for it; the state after."""
        if self.embedder_state() == "loading":
            self.embedder.start_background_load()
            self.embedder.wait_loaded(timeout_s)
        return self.embedder_state()

    def close(self) -> None:
        if self._owns_services:
            self.services.close()

    # --- sections ---------------------------------------------------------------------------------

    def rules(self, user_id: str, task: str = "", recent_tools: Sequence[str] = ()) -> list[Item]:
        """Live rules that bear on this task, most relevant (then most agreed on) first.

        A rule learned from failures is found by its error, its step or the tasks it was learned in; a rule
        without that signature (stated by an agent or a model) by meaning or by the lexical scenario match (a
        tool the task names, or a scenario such as "answers for this user").
        """
        service = self.reflection
        ranked = {rule.id: (score, rule) for score, rule, _ in service.rules_for_task(user_id, task)}
        for r in service.rules.live(user_id):
            if r.lesson is not None:
                continue  # its signature decided: sharing a word such as "docker" with the task is not relevance
            fit = rule_relevance(r.text, r.scenario, task, list(recent_tools))
            if fit.relevant and fit.score > ranked.get(r.id, (0.0, r))[0]:
                ranked[r.id] = (fit.score, r)
        scored = sorted(ranked.values(), key=lambda pair: (-pair[0], -pair[1].importance))
        return [Item(f"- Rule: {clip(r.text, 300)}", score, r.id) for score, r in scored[:MAX_RULES]]

    def rules_for_failure(self, user_id: str, record: dict[str, Any]) -> list[Item]:
        """Rules learned from this very failure, worded as help for the next step."""
        found = self.reflection.rules_for_failure(
            user_id, str(record.get("name") or "?"), record.get("input"), str(record.get("error") or "")
        )
        return [
            Item(f"- {clip(r.text, 300)} (learned from {len(r.sources)} earlier task(s))", 1.0, r.id) for r in found[:2]
        ]

    def preferences(self, user_id: str, task: str = "") -> list[Item]:
        beliefs = self.reflection.users.get(user_id).beliefs  # only those above the 0.6 threshold
        items = []
        for b in beliefs:
            fit = belief_relevance(b.dimension, b.value, task)
            if fit.relevant:
                text = f"{b.dimension}: {b.value} (confidence {b.confidence:.2f})"
                items.append(Item(text, b.confidence * fit.score, f"pref:{b.dimension}"))
        return items

    def memories(self, query: str, user_id: str, limit: int, exclude: set[str]) -> tuple[list[Item], str | None]:
        query = query.strip()[: self.settings.memory.max_query_chars]
        if not query:
            return [], None
        found = self.memory.recall(query, user_id, limit=min(50, limit + len(exclude)), mode=self.config.recall_mode)
        items = [
            Item(f"[{hit.type}, {hit.created_at[:10]}] {clip(hit.content, MEMORY_CHARS)}", hit.score, hit.id)
            for hit in found.results
            if hit.score >= self.config.min_score and hit.id not in exclude
        ]
        return items[:limit], found.degraded

    def skill_items(self, task: str, recent_tools: list[str], session_id: str | None) -> tuple[list[Item], list[Item]]:
        from servers.skills.injection import prepare

        service = self.skills
        result = service.match(task, recent_tools, session_id=session_id)
        bodies: list[Item] = []
        index: list[Item] = []
        for match in result.matches:
            skill = service.get(match.name)
            if match.injected:
                text, _ = prepare(skill, service.render(skill), service.config.default_max_tokens)
                bodies.append(Item(f"### Skill: {skill.name} ({match.score:.0%})\n\n{text}", match.score, skill.name))
            else:
                index.append(Item(f"`{skill.name}` — {clip(skill.description, 160)}", match.score, skill.name))
        return bodies, index

    def anchor(self, task: str, session_id: str | None) -> list[Item]:
        lines = [clip(task, 2000)] if task.strip() else []
        if session_id:
            done = self.trace(session_id).tasks()
            steps = [str(t.get("name")) for t in (done[-1].tools if done else [])]
            if steps:
                shown = steps[-12:]
                more = f" (+{len(steps) - len(shown)} earlier)" if len(steps) > len(shown) else ""
                lines.append(f"Progress: {len(steps)} tool calls so far{more}: {' → '.join(shown)}")
        return [Item("\n".join(lines), 1.0)] if lines else []

    def errors(self, session_id: str | None, limit: int = 5) -> list[Item]:
        if not session_id:
            return []
        failed = [r for r in self.trace(session_id).recent_tools(50) if r.get("error")]
        return [
            Item(f"{r.get('name')} {clip(str(r.get('input') or ''), 120)} failed: {clip(str(r['error']), 300)}")
            for r in failed[-limit:]
        ]

    def gather(
        self,
        task: str,
        user_id: str,
        session_id: str | None,
        sections: Sequence[SectionName],
        *,
        exclude: set[str] | None = None,
        recent_tools: list[str] | None = None,
        memory_limit: int | None = None,
        memory_query: str | None = None,
    ) -> Gathered:
        out = Gathered()
        exclude = exclude or set()
        if recent_tools is None and session_id:
            recent_tools = [str(r.get("name")) for r in self.trace(session_id).recent_tools(10)]

        def section(name: str, fill: Callable[[], Any]) -> None:
            try:
                fill()
            except Exception as exc:  # one broken source must not cost the others
                log.warning("context section %s failed: %s", name, exc)
                out.degraded.append(f"{name}: {type(exc).__name__}: {clip(str(exc), 200)}")

        with self._lock:  # the services share connections per thread, but skill cooldowns are per call
            if "fixed" in sections:
                section("rules", lambda: out.rules.extend(self.rules(user_id, task, recent_tools or [])))
            if "task" in sections:
                section("task", lambda: out.task.extend(self.anchor(task, session_id)))
            if "preferences" in sections:
                section(
                    "preferences",
                    lambda: out.preferences.extend(i for i in self.preferences(user_id, task) if i.ref not in exclude),
                )
            if "memories" in sections:

                def fill_memories() -> None:
                    items, degraded = self.memories(
                        memory_query or task, user_id, memory_limit or self.config.memory_limit, exclude
                    )
                    out.memories.extend(items)
                    if degraded:
                        out.degraded.append(f"memories: {degraded}")

                section("memories", fill_memories)
            if "skills" in sections or "skill_index" in sections:

                def fill_skills() -> None:
                    bodies, index = self.skill_items(task, recent_tools or [], session_id)
                    out.skills.extend(b for b in bodies if b.ref not in exclude)
                    out.skill_index.extend(index)

                section("skills", fill_skills)
            if "errors" in sections:
                section("errors", lambda: out.errors.extend(self.errors(session_id)))
        return out
