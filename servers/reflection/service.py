"""The reflection domain API: what the MCP tools, event handlers, the CLI and the benchmark call.

Nothing here knows about MCP. Task reports arrive through :meth:`ReflectionService.reflect` or the
``memory.captured`` / ``tool.failed`` events (:meth:`on_event`). Every read and write takes the user id.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from servers.core.embedding import EmbedderUnavailable, LazyEmbedder, create_embedder, create_second_embedder
from servers.core.events import Event, EventBus, default_bus
from servers.core.llm import LLMClient, create_llm
from servers.core.storage.component import AnyDatabase
from servers.reflection import llm_paths, reflect, review, suggest
from servers.reflection.experience import ExperienceLibrary
from servers.reflection.feedback import parse_feedback
from servers.reflection.matching import StrategyMatcher
from servers.reflection.models import (
    Contradiction,
    Diagnosis,
    Efficiency,
    NotFound,
    Outcome,
    OutcomeResult,
    PatternReport,
    Reflection,
    ReflectionInputError,
    Rule,
    SignalResult,
    Strategy,
    TaskReport,
    TraceStep,
    Trigger,
)
from servers.reflection.mutations import Mutations
from servers.reflection.patterns import Trace
from servers.reflection.proactive import Proactive
from servers.reflection.promotion import Promoter
from servers.reflection.rule_recall import RuleRecall, for_failure
from servers.reflection.rules import RuleBook
from servers.reflection.scrub import scrub
from servers.reflection.settings import ReflectionServerSettings, ReflectionSettings
from servers.reflection.stated import Noted, StatedPreferences
from servers.reflection.storage import tables
from servers.reflection.storage.documents import StoredContradiction, StoredReflection, StoredTrace
from servers.reflection.storage.store import ReflectionStore, days_ago, new_id, now_iso, open_store
from servers.reflection.suggestions import Suggestions
from servers.reflection.usermodel import UserModelBook

log = logging.getLogger(__name__)

# How many of the user's latest tasks a new task is compared with to tell whether the nearest of them is one a
# rule was learned in (each embedded once, then kept in the recall's cache).
RECENT_TASKS = 60

Analysis = tuple[Outcome | None, Efficiency | None, list[Diagnosis], list[Strategy], list[str]]


class ReflectionService:
    def __init__(
        self,
        settings: ReflectionServerSettings,
        *,
        embedder: LazyEmbedder | None = None,
        bus: EventBus | None = None,
        db: AnyDatabase | None = None,
        llm: LLMClient | None = None,
        second: LazyEmbedder | None = None,
    ) -> None:
        self.settings = settings
        self.config: ReflectionSettings = settings.reflection
        # SQLite in the data directory, or PostgreSQL (schema reflection) with CAIRN_DATABASE_URL.
        self.store = ReflectionStore(db) if db is not None else open_store(settings)
        self.db = self.store.db
        self.embedder = embedder or create_embedder(settings.embedder, query_batch_ms=settings.query_batch_ms)
        # USE beside e5 (CAIRN_SECOND_EMBEDDER): initiative relevance and "the same request" by its cosines.
        self.second = second or create_second_embedder(settings.embedder, settings.second_embedder)
        self.bus = bus or default_bus()
        self.llm = llm if llm is not None else create_llm(settings.llm_model, settings.llm_timeout_s)
        self.matcher = StrategyMatcher(
            self.embedder, threshold=self.config.strategy_similarity, lexical_threshold=self.config.lexical_similarity
        )
        self.rules = RuleBook(self.store, self.config)
        self.recall = RuleRecall(self.embedder)
        self.promoter = Promoter(self.store, self.rules, self.matcher, self.config)
        self.mutations = Mutations(self.store, self.rules, self.config, self.llm, self._skill_text)
        self.users = UserModelBook(self.store, self.config)
        self.stated = StatedPreferences(self.users, self._statement_similarity)
        self.experiences = ExperienceLibrary(self.store, self.config)
        self.suggestions = Suggestions(self.store, self.config, settings, self.bus)
        self.proactive = Proactive(
            self.store, self.users, self.embedder, settings, self.suggestions, self.llm, self.second
        )
        # One reflection at a time per process: promotion reads then writes the pending strategies (across
        # instances, ReflectionStore.writing makes a user's writes take turns).
        self._lock = threading.Lock()

    def close(self) -> None:
        self.store.close()

    def subscribe(self) -> None:
        """Reflect on what the shared bus reports: a captured task (post-task) and a failed tool call (error)."""
        timeout = self.settings.llm_timeout_s * 2 + 10
        self.bus.subscribe("memory.captured", self.on_event, name="reflection.post_task", timeout_s=timeout)
        self.bus.subscribe("tool.failed", self.on_event, name="reflection.error", timeout_s=timeout)

    def unsubscribe(self) -> None:
        self.bus.unsubscribe("memory.captured", "reflection.post_task")
        self.bus.unsubscribe("tool.failed", "reflection.error")

    def on_event(self, event: Event) -> None:
        p = event.payload
        user_id = str(p.get("user_id") or "default")
        if event.type == "memory.captured":
            if event.id is not None and p.get("capture_id") and self._reflected(user_id, str(p["capture_id"])):
                return  # an outbox event handed over again (a crash before its cursor moved): done already
            steps = [
                TraceStep(
                    tool=str(s.get("tool") or "?")[:200],
                    arguments=s.get("arguments"),
                    ok=bool(s.get("ok", True)),
                    error=(str(s["error"])[:4000] if s.get("error") else None),
                    result=(str(s["result"])[:4000] if s.get("result") else None),
                )
                for s in (p.get("trace") or [])[: self.config.max_report_steps]
            ]
            report = TaskReport(
                task=str(p.get("task") or "(no task text)")[:4000],
                outcome=str(p.get("outcome") or ""),
                trace=steps,
                # capture_id: one per capture, so repeats of a recurring task that memory merged into
                # one entry still count as separate tasks; id (the entry) for publishers without it.
                task_id=str(p.get("capture_id") or p.get("id")) if p.get("capture_id") or p.get("id") else None,
                session_id=event.session_id,
            )
            self.reflect(report, user_id, "post_task")
        elif event.type == "tool.failed":
            tool = str(p.get("tool") or "?")[:200]
            error = str(p.get("error") or p.get("decision") or "failed")[:4000]
            report = TaskReport(
                task=f"call {tool}",
                outcome="failure",
                trace=[TraceStep(tool=tool, ok=False, error=error)],
                session_id=event.session_id,
                record_experience=False,
            )
            self.reflect(report, user_id, "error")

    def _reflected(self, user_id: str, task_id: str) -> bool:
        # A capture's trace is stored in the same transaction as its reflection, and traces are keyed by task.
        return tables.has_trace(self.store, user_id, task_id)

    # --- reflecting ---------------------------------------------------------------------------------

    def _analyse(
        self, report: TaskReport, trigger: Trigger, user_id: str, answer: dict[str, Any] | None = None
    ) -> tuple[Analysis, str]:
        """The analysis from the MCP client's model (``answer``, asked through sampling), litellm's, or the rules."""
        method = "sampling"
        if answer is not None and llm_paths.problem_with(answer, "reflection.schema.json") is not None:
            answer = None  # not what the schema allows: as if the client's model had not answered
        if answer is None and self.llm is not None:
            rules = [r.text for r in self.rules.live(user_id)]
            answer = llm_paths.ask_validated(
                self.llm, llm_paths.reflection_prompt(report.model_dump(), rules), "reflection.schema.json"
            )
            method = "llm"
        if answer is None:
            return reflect.analyse(report, trigger), "rules"
        outcome = Outcome(
            status=answer["outcome"]["status"],
            summary=answer["outcome"]["summary"],
            score=answer["outcome"].get(
                "score", {"success": 1.0, "partial": 0.5}.get(answer["outcome"]["status"], 0.0)
            ),
        )
        eff = answer.get("efficiency") or {}
        efficiency = reflect.assess_efficiency(report).model_copy(
            update={"notes": eff.get("notes", []), "redundant_calls": eff.get("redundant_calls", [])}
        )
        errors = [Diagnosis.model_validate(e) for e in answer["errors"]]
        # The lessons the agent stated with the report come first, as on the rule-based path; the model's and
        # the agent's lessons about a failure the trace shows fixed carry its key, and a fix nobody named is
        # still learned from the trace.
        derived = [s for s in reflect.diagnose(report, outcome.status == "failure")[1] if s.key]
        agent = [Strategy(**s.model_dump()) for s in report.strategies]
        model = [Strategy.model_validate(s) for s in answer["strategies"]]
        tied, derived = reflect.tie_to_trace([*agent, *model], derived)
        agent, model = tied[: len(agent)], tied[len(agent) :]
        ordered = [*agent, *(s for s in model if s.key), *derived, *(s for s in model if not s.key)]
        strategies: dict[str, Strategy] = {}
        for strategy in ordered:
            strategies.setdefault(strategy.strategy.strip().lower(), strategy)
        top = list(strategies.values())[:3]
        if trigger == "error":
            return (None, None, errors, top, answer["gaps"]), method
        return (outcome, efficiency, errors, top, answer["gaps"]), method

    def reflect(
        self,
        report: TaskReport,
        user_id: str = "default",
        trigger: Trigger = "post_task",
        answer: dict[str, Any] | None = None,
    ) -> Reflection:
        """Reflect on one task (five dimensions; the error trigger is the fast path) and promote.

        ``answer``: the analysis the MCP client's model gave for ``llm_paths.reflection_prompt`` (the reflect tool
        asks it through sampling when no LLM is configured); one not valid against ``reflection.schema.json`` is
        ignored.
        """
        report = TaskReport.model_validate(scrub(report.model_dump()))
        task_id = reflect.task_id_for(report)
        analysis, method = self._analyse(report, trigger, user_id, answer)
        outcome, efficiency, errors, strategies, gaps = analysis
        with self._lock, self.store.writing(user_id):
            first_time = self._store_trace(user_id, task_id, report, outcome)
            # One reflection per task and trigger: a host reflecting on a task memory already captured (and so
            # reflected on) replaces that reflection instead of adding a second one.
            earlier = self.store.doc("reflections", Reflection, user_id=user_id, task_id=task_id, trigger=trigger)
            reflection = Reflection(
                id=earlier.id if earlier else new_id("refl"),
                user_id=user_id,
                task_id=task_id,
                trigger=trigger,
                task=report.task,
                outcome=outcome,
                efficiency=efficiency,
                errors=errors,
                strategies=strategies,
                gaps=gaps,
                method=method,
                created_at=now_iso(),
            )
            promoted = self.promoter.consider(user_id, reflection.id, task_id, strategies)
            reflection.promoted = promoted.promoted + promoted.reinforced
            reflection.contradictions = [c.id for c in promoted.contradictions]
            self.store.put(
                StoredReflection(
                    id=reflection.id,
                    user_id=user_id,
                    task_id=task_id,
                    trigger=trigger,
                    created_at=reflection.created_at,
                    doc=reflection,
                )
            )
            if trigger == "post_task" and first_time and report.trace:
                self.experiences.capture(user_id, report, outcome is not None and outcome.status == "success")
            if report.user_feedback:
                # One task is one source: reflecting on it again must not make its feedback count twice.
                for pref in parse_feedback(report.user_feedback, report.user_reaction):
                    if pref.dimension and pref.value:
                        self.users.signal(user_id, pref.dimension, pref.value, pref.kind, source=task_id)
        self._publish(user_id, reflection, promoted.promoted, promoted.contradictions)
        if trigger == "post_task" and first_time and len(report.trace) >= self.config.workflow_min_steps:
            self.detect_patterns(user_id)
        if trigger == "post_task":
            with self._lock:  # a recurring topic of the user's requests is evidence for a goal (issue 36)
                self.proactive.infer(user_id)
        return reflection

    def _store_trace(self, user_id: str, task_id: str, report: TaskReport, outcome: Outcome | None) -> bool:
        """Keep the trace for pattern mining; False when this task was already stored."""
        if not report.trace:
            return False
        exists = tables.has_trace(self.store, user_id, task_id)
        # Whether the steps worked, as the task reported it: a user who found the answer too long complained
        # about its wording, not about the commands that ran (a workflow mined from traces stays one).
        success = reflect.outcome_status(report.outcome) == "success"
        self.store.put(
            StoredTrace(
                task_id=task_id,
                user_id=user_id,
                task=report.task,
                success=success,
                tools=[s.tool for s in report.trace],
                doc=report.trace,
                created_at=now_iso(),
            )
        )
        return not exists

    def _publish(self, user_id: str, reflection: Reflection, promoted: list[str], contra: list[Contradiction]) -> None:
        self.bus.publish_nowait(
            "reflection.completed",
            {
                "user_id": user_id,
                "id": reflection.id,
                "task_id": reflection.task_id,
                "trigger": reflection.trigger,
                "promoted": promoted,
                "contradictions": [c.id for c in contra],
            },
        )
        for rule_id in promoted:
            self.bus.publish_nowait("rule.changed", {"user_id": user_id, "id": rule_id, "action": "created"})

    def review_day(self, user_id: str, day: str | None = None) -> Reflection:
        """Periodic review of one UTC day's tasks (default today): cross-task findings, then promotion."""
        day = day or datetime.now(UTC).strftime("%Y-%m-%d")
        traces = self.traces(user_id, since=f"{day}T00:00:00", until=f"{day}T23:59:59.999999Z")
        if not traces:
            raise ReflectionInputError(f"no tasks recorded on {day}")
        outcome, efficiency, errors, strategies, gaps = review.review(traces, day)
        with self._lock, self.store.writing(user_id):
            reflection = Reflection(
                id=new_id("refl"),
                user_id=user_id,
                task_id=f"review:{day}",
                trigger="periodic",
                task=f"review of {len(traces)} tasks on {day}",
                outcome=outcome,
                efficiency=efficiency,
                errors=errors,
                strategies=strategies,
                gaps=gaps,
                created_at=now_iso(),
            )
            result = self.promoter.consider(user_id, reflection.id, reflection.task_id, strategies)
            reflection.promoted = result.promoted + result.reinforced
            reflection.contradictions = [c.id for c in result.contradictions]
            self.store.put(
                StoredReflection(
                    id=reflection.id,
                    user_id=user_id,
                    task_id=reflection.task_id,
                    trigger="periodic",
                    created_at=reflection.created_at,
                    doc=reflection,
                )
            )
        self._publish(user_id, reflection, result.promoted, result.contradictions)
        return reflection

    def reflections(self, user_id: str, limit: int = 20, trigger: Trigger | None = None) -> list[Reflection]:
        return self.store.docs(
            "reflections", Reflection, user_id=user_id, trigger=trigger or None, order_by="created_at DESC", limit=limit
        )

    def traces(self, user_id: str, *, since: str | None = None, until: str | None = None) -> list[Trace]:
        since = since or days_ago(self.config.pattern_window_days)
        rows = tables.traces_between(self.store, user_id, since, until or "9999")
        return [Trace(r.task_id, r.task, r.success, r.steps, r.created_at) for r in rows]

    # --- preferences stated in passing ----------------------------------------------------------------

    def note_preferences(self, user_id: str, text: str, source: str) -> list[Noted]:
        """Preferences stated in a prompt become (or reinforce, or reverse) beliefs; see ``stated``."""
        with self._lock:
            return self.stated.note(user_id, text, source)

    def note_feedback(self, user_id: str, feedback: str, source: str) -> list[SignalResult]:
        """Feedback on earlier work with no task of this session to attach it to ("last week's CHANGELOG was too
        long, I cut half of it" opening a new session): what it says of the user's wishes reaches the user model
        as a complaint would (a signal per known dimension); no task is reflected on for it."""
        with self._lock:
            return [
                self.users.signal(user_id, pref.dimension, pref.value, pref.kind, source=source)
                for pref in parse_feedback(feedback, "complained")
                if pref.dimension and pref.value
            ]

    def _statement_similarity(self, text: str, others: Sequence[str]) -> list[float] | None:
        if self.embedder is None or not self.embedder.is_loaded or not others:
            return None
        try:
            rows = self.embedder.get().embed_passages([text, *others])
        except (EmbedderUnavailable, RuntimeError):
            return None
        return [float(row @ rows[0]) for row in rows[1:]]

    # --- rules for a task or a failure -------------------------------------------------------------

    def rules_for_failure(self, user_id: str, tool: str, arguments: Any, error: str) -> list[Rule]:
        """Live rules learned from this very failure (same tool, step and error phrase): just-in-time help."""
        return for_failure(self.rules.live(user_id), tool, arguments, error)

    def rules_for_task(self, user_id: str, task: str) -> list[tuple[float, Rule, str]]:
        """(score, rule, why) for the live rules that bear on ``task``, best first (see ``rule_recall``)."""
        rules = self.rules.live(user_id)
        if not rules:
            return []
        # Cut as a lesson keeps its tasks, so a rule's own task reads the same (and is embedded once) either way.
        cut = reflect.TASK_WORDS

        def recent() -> list[str]:
            texts = dict.fromkeys(t.strip()[:cut] for t in tables.recent_tasks(self.store, user_id, RECENT_TASKS))
            return [t for t in texts if t]

        return self.recall.rank(rules, task, recent)

    # --- outcomes, contradictions -------------------------------------------------------------------

    def record_outcome(self, user_id: str, target: str, success: bool, task_id: str | None) -> OutcomeResult:
        """One use of a rule or skill: feeds the rule lifecycle, mutation eligibility and A/B tests."""
        with self._lock, self.store.writing(user_id):
            status = None
            if target.startswith("rule:"):
                self.rules.get(user_id, target.removeprefix("rule:"))  # unknown rule → NotFound, nothing written
            decision = self.mutations.record(user_id, target, task_id, success)
            if target.startswith("rule:"):
                status = self.rules.record_outcome(user_id, target.removeprefix("rule:"), success).status
            uses, successes = self.store.outcome_counts(user_id, target)
        if decision and decision.decision != "inconclusive":
            self.bus.publish_nowait(
                "mutation.decided", {"user_id": user_id, "target": target, "decision": decision.decision}
            )
        return OutcomeResult(target=target, uses=uses, successes=successes, status=status, mutation=decision)

    def contradictions(self, user_id: str, status: str | None = "open") -> list[Contradiction]:
        return self.store.docs("contradictions", Contradiction, user_id=user_id, status=status or None)

    def resolve_contradiction(self, user_id: str, report_id: str, action: str) -> Contradiction:
        """A person's decision: keep the rule, replace its text with the strategy (new version), or dismiss."""
        with self.store.writing(user_id):  # read inside: of two instances resolving one report, one does
            report = self.store.doc("contradictions", Contradiction, id=report_id, user_id=user_id)
            if report is None:
                raise NotFound("contradiction report", report_id)
            if report.status != "open":
                raise ReflectionInputError(f"report {report_id} is already {report.status}")
            if action == "replace":
                self.rules.edit(user_id, report.rule_id, report.strategy, None, f"contradiction {report_id} resolved")
            report.status = {"keep_rule": "kept_rule", "replace": "replaced", "dismiss": "dismissed"}[action]  # type: ignore[assignment]
            self.store.put(StoredContradiction(id=report.id, user_id=user_id, status=report.status, doc=report))
            self.store.audit(user_id, "contradiction", report.id, "resolved", {"action": action})
        return report

    # --- patterns -----------------------------------------------------------------------------------

    def detect_patterns(self, user_id: str) -> PatternReport:
        return self.suggestions.detect(user_id, self.traces(user_id))

    def _skill_text(self, name: str) -> str | None:
        for skill in suggest.known_skills(self.settings):
            if skill.name == name:
                return skill.path.read_text(encoding="utf-8")
        return None
