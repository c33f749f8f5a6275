"""Learning from use: usage records, feedback, stats, adoption reports, suggestions.

The rules live in :mod:`feedback` (stats, multiplier, adoption, when to ask) and :mod:`improve`
(suggestions and drafts); this class records what happened and applies those rules at the right time.
Feedback is per installation, not per user: skills are shared by everyone using this server. What users
typed is theirs: sessions and suggestions that quote tasks are keyed by owner (:mod:`owners`).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict, deque
from typing import TYPE_CHECKING, Any, Literal

from rapidfuzz import fuzz

from servers.core.events import Event
from servers.skills import feedback, improve, owners
from servers.skills.models import (
    ApplyResult,
    FeedbackResult,
    MatchSignal,
    Rating,
    Skill,
    SkillInputError,
    StatsResult,
    Suggestion,
    UsageReport,
)

if TYPE_CHECKING:
    from servers.skills.service import SkillsService

Action = Literal["preview", "apply", "dismiss"]

# Captured traces kept per session for new-skill drafts: enough for one session's recurring tasks, and
# only for the most recent sessions, since a draft is only made from the session's own unmatched tasks.
_CAPTURES_PER_SESSION = 50
_CAPTURE_SESSIONS = 200


class Learning:
    def __init__(self, service: SkillsService) -> None:
        self.service = service
        self.store = service.store
        self._multipliers: dict[str, float] | None = None
        self._computed_at = 0.0
        self._rated: set[str] | None = None  # skills with any feedback: only they can have a multiplier
        self._lock = threading.Lock()
        self._captures: OrderedDict[str, deque[tuple[str, list[dict[str, Any]]]]] = OrderedDict()

    # --- recording ------------------------------------------------------------------------------------

    def multipliers(self) -> dict[str, float]:
        """Skill → feedback multiplier, only for skills where it is not 1.

        Cached until this process's next write; on a shared (PostgreSQL) database also for at most
        ``reload_check_s``, so feedback given through another instance moves this one's match scores too.
        """
        cached = self._multipliers
        stale = time.monotonic() - self._computed_at >= self.service.config.reload_check_s
        if cached is not None and self.store.shared and stale:
            cached = None
        if cached is None:
            self._computed_at = time.monotonic()
            counts = self.store.counts()
            self._rated = {
                n for n, c in counts.items() if any(k in c for k in ("helpful", "partially_helpful", "not_helpful"))
            }
            cached = {name: m for name, c in counts.items() if (m := feedback.stats(name, c).multiplier) != 1.0}
            self._multipliers = cached
        return cached

    def activated(
        self,
        skill: Skill,
        session_id: str | None,
        by: Literal["auto", "manual", "chain"],
        score: float | None = None,
        signals: list[MatchSignal] | None = None,
        task: str | None = None,
    ) -> None:
        if by == "manual" and session_id and task is None:
            # What the user asked that match_skills did not answer: evidence for a missed trigger.
            recent = self.store.unmatched(session_id, limit=1)
            task = recent[0] if recent else None
        self.store.record_usage(skill.name, session_id, by, score, [s.model_dump() for s in signals or []], task)
        if session_id:
            self.service.matcher.cooldowns.mark(session_id, skill.name)
        if self._rated is None or skill.name in self._rated:
            self._multipliers = None  # an activation moves the multiplier only of a rated skill
        self.service.bus.publish_nowait(
            "skill.activated",
            {"name": skill.name, "scope": skill.scope, "by": by, "score": score},
            session_id=session_id,
        )

    def on_captured(self, event: Event) -> None:
        """Keep a captured task's tool trace (``memory.captured``), to draft steps from if it recurs."""
        task, trace = event.payload.get("task"), event.payload.get("trace")
        if not event.session_id or not isinstance(task, str) or not isinstance(trace, list):
            return
        steps = [s for s in trace if isinstance(s, dict) and isinstance(s.get("tool"), str)]
        user = event.payload.get("user_id")
        # Memory names the user; the skills server keys a token holder's sessions by subject, and a trusted
        # host's by the bare id. Keep the trace under both so the draft finds it either way.
        keys = {event.session_id}
        if isinstance(user, str) and user:
            keys.add(owners.session_key(event.session_id, owner=user) or event.session_id)
        with self._lock:
            for key in keys:
                kept = self._captures.pop(key, None) or deque(maxlen=_CAPTURES_PER_SESSION)
                kept.append((task, steps))
                self._captures[key] = kept
            while len(self._captures) > _CAPTURE_SESSIONS:
                self._captures.popitem(last=False)

    def _runs_for(self, session_id: str, tasks: list[str]) -> list[list[dict[str, Any]]]:
        """The captured trace of each task, when one was captured with (nearly) the same wording."""
        with self._lock:
            captured = list(self._captures.get(session_id, ()))
        runs: list[list[dict[str, Any]]] = []
        for task in tasks:
            scored = [(fuzz.token_set_ratio(task.lower(), c.lower()) / 100, i) for i, (c, _) in enumerate(captured)]
            best = max(scored, default=(0.0, -1))
            if best[0] >= improve.PATTERN_MIN_CONFIDENCE:
                runs.append(captured.pop(best[1])[1])
        return runs

    def matched(self, session_id: str | None, task: str, found: bool) -> None:
        if not session_id:
            return
        self.store.bump_messages(session_id)
        if not found:
            self.store.add_unmatched(session_id, task)

    def feedback(self, name: str, rating: Rating, comment: str | None, session_id: str | None) -> FeedbackResult:
        skill = self.service.get(name)
        session_id = owners.session_key(session_id)
        self.store.add_feedback(skill.name, rating, comment, session_id)
        self._multipliers = None
        self.service.bus.publish_nowait(
            "skill.feedback", {"name": skill.name, "rating": rating, "comment": comment}, session_id=session_id
        )
        self._refresh(skill)
        return FeedbackResult(name=skill.name, rating=rating, stats=self.stats(skill.name).skills[0])

    def stats(self, name: str | None = None) -> StatsResult:
        if name is not None:
            name = self.service.get(name).name
        counts = self.store.counts(name)
        if name is not None:
            return StatsResult(skills=[feedback.stats(name, counts.get(name, {}))])
        return StatsResult(skills=[feedback.stats(n, c) for n, c in sorted(counts.items())])

    # --- after a reply -------------------------------------------------------------------------------

    def report_usage(self, name: str, session_id: str, reply: str, later: list[str]) -> UsageReport:
        skill = self.service.get(name)
        session_id = owners.session_key(session_id) or session_id
        adopted, confidence, signals = feedback.detect_adoption(skill.body, reply, later)
        usage = self.store.last_usage(skill.name, session_id)
        if usage is None:  # the host used the skill without asking us first: count it as manual
            self.activated(skill, session_id, "manual")  # session_id is already the stored key
            usage = self.store.last_usage(skill.name, session_id)
        assert usage is not None
        self.store.set_adoption(usage.id, adopted, confidence)
        self._multipliers = None
        self.store.bump_messages(session_id)
        ask = None
        if feedback.should_ask_feedback(len(later), usage.score) and self.store.ask_feedback_once(
            session_id, skill.name
        ):
            ask = feedback.feedback_question(skill.name)
        return UsageReport(
            name=skill.name,
            adopted=adopted,
            confidence=confidence,
            signals=signals,
            feedback_request=ask,
            recommendation=self._recommend(session_id),
            suggestions=self._refresh(skill),
        )

    def _recommend(self, session_id: str) -> Suggestion | None:
        session = self.store.session(session_id)
        if not improve.recommendation_due(session):
            return None
        found = improve.recurring_pattern(self.store.unmatched(session_id))
        if found is None or found[1] < improve.PATTERN_MIN_CONFIDENCE:
            return None
        tasks, confidence = found
        lib = self.service.library()
        taken = set(lib.skills) | {n for scope in lib.by_scope.values() for n in scope}
        runs = self._runs_for(session_id, tasks)
        # The draft quotes this session's tasks and tool arguments: it is the caller's alone.
        draft = self.store.add_suggestion(
            improve.new_skill_draft(tasks, confidence, taken, runs, self.service.drafter), owners.caller()
        )
        self.store.note_recommendation(session_id, session.messages)
        self.service.bus.publish_nowait(
            "skill.suggested",
            {"suggestion": draft.id, "name": draft.skill, "confidence": confidence},
            session_id=session_id,
        )
        return draft

    def _refresh(self, skill: Skill) -> list[Suggestion]:
        """Re-derive this skill's trigger suggestions from its history; returns what the caller may see pending.

        A missed trigger quotes the tasks behind it, so over a token it is built from the caller's own
        sessions and belongs to the caller; a threshold change comes from aggregate ratings and is shared.
        """
        owner = owners.caller()
        fb = self.store.feedback_for(skill.name)
        helped_sessions = {r.session_id for r in fb if r.rating in ("helpful", "partially_helpful")}
        helped = [
            u.task
            for u in self.store.usages_for(skill.name)
            if u.activated_by == "manual"
            and u.task
            and (u.adopted or u.session_id in helped_sessions)
            and (owner is None or owners.owns_session(u.session_id, owner))
        ]
        st = self.stats(skill.name).skills[0]
        missed = improve.missed_trigger(skill, helped)
        if missed is not None:
            self.store.add_suggestion(missed, owner)
        noisy = improve.noisy_trigger(skill, st.not_helpful, st.helpful_rate, self.service.config.default_threshold)
        if noisy is not None:
            self.store.add_suggestion(noisy)
        return self.store.suggestions(skill.name, viewer=owners.viewer())

    # --- suggestions --------------------------------------------------------------------------------

    def suggestions(self, name: str | None = None) -> list[Suggestion]:
        """Pending suggestions the caller may see (its own and unowned ones; all without a token or as admin)."""
        return self.store.suggestions(name, viewer=owners.viewer())

    def apply(self, suggestion_id: str, action: Action) -> ApplyResult:
        with self._lock:
            s = self.store.suggestion(suggestion_id, viewer=owners.viewer())
            if s is None:  # someone else's suggestion reads as absent: its id says nothing about them
                raise SkillInputError(f"no suggestion {suggestion_id!r}; skill_suggestions lists pending ones")
            if s.status != "pending":
                raise SkillInputError(f"suggestion {suggestion_id} is already {s.status}")
            if action == "dismiss":
                self.store.set_suggestion_status(s.id, "dismissed")
                return ApplyResult(suggestion=s.model_copy(update={"status": "dismissed"}), applied=False)
            if s.type == "new_skill":
                return self._apply_new(s, action)
            return self._apply_trigger(s, action)

    def _apply_new(self, s: Suggestion, action: Action) -> ApplyResult:
        target = self.service.user_dir / s.skill / "SKILL.md"
        if action == "preview":
            return ApplyResult(suggestion=s, applied=False, path=str(target), preview=s.suggested)
        if target.parent.exists():
            raise SkillInputError(f"{target.parent} already exists; dismiss this suggestion or remove the folder")
        improve.write_checked(target, s.suggested)
        return self._applied(s, str(target), s.suggested)

    def _apply_trigger(self, s: Suggestion, action: Action) -> ApplyResult:
        skill = self.service.get(s.skill)
        fm, body = improve.split_skill_md(skill.skill_md.read_text(encoding="utf-8"))
        text = improve.dump_skill_md(improve.updated_frontmatter(fm, s), body)
        if action == "preview":
            return ApplyResult(suggestion=s, applied=False, path=str(skill.skill_md), preview=text)
        path = self.service.copy_to_user(skill) if skill.scope == "system" else skill.skill_md
        improve.write_checked(path, text)
        return self._applied(s, str(path), text)

    def _applied(self, s: Suggestion, path: str, text: str) -> ApplyResult:
        self.store.set_suggestion_status(s.id, "applied")
        self.service.catalog.invalidate()
        return ApplyResult(suggestion=s.model_copy(update={"status": "applied"}), applied=True, path=path, preview=text)
