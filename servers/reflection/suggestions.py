"""Detections and skill suggestions of one user: found, remembered, announced once, accepted or dismissed.

A detection is announced (``pattern.detected``) when it is new or has grown; a suggestion
(``skill.suggested``) once per step sequence — a dismissed sequence is not suggested again. A suggestion
still open when a longer workflow containing its steps is found is superseded: it is kept (stored with
the status ``superseded``) but no longer listed, and comes back if its steps recur on their own again.
"""

from __future__ import annotations

import logging

from servers.core.events import EventBus
from servers.reflection import patterns, suggest
from servers.reflection import steps as st
from servers.reflection.models import Detection, NotFound, PatternReport, ReflectionInputError, SkillSuggestion
from servers.reflection.settings import ReflectionServerSettings, ReflectionSettings
from servers.reflection.storage import tables
from servers.reflection.storage.documents import StoredSuggestion
from servers.reflection.storage.store import ReflectionStore, new_id, now_iso

log = logging.getLogger(__name__)

# Stored status of an open suggestion that a longer workflow's suggestion replaced (never shown as such).
SUPERSEDED = "superseded"
_LISTED = ("open", "accepted", "dismissed")


def _inside(shorter: tuple[str, ...], longer: tuple[str, ...]) -> bool:
    n = len(shorter)
    return n < len(longer) and any(longer[i : i + n] == shorter for i in range(len(longer) - n + 1))


class Suggestions:
    def __init__(
        self, store: ReflectionStore, config: ReflectionSettings, settings: ReflectionServerSettings, bus: EventBus
    ) -> None:
        self.store = store
        self.config = config
        self.settings = settings
        self.bus = bus

    def detect(self, user_id: str, traces: list[patterns.Trace]) -> PatternReport:
        c = self.config
        flows = patterns.workflows(traces, c.pattern_min_occurrences, c.workflow_min_steps, c.workflow_min_success)
        flows = [wf for wf in flows if st.does_work(wf.steps)]
        detections = [
            *patterns.repeated_questions(traces, c.pattern_min_occurrences),
            *patterns.tool_failures(traces, c.pattern_min_occurrences),
        ]
        for wf in flows:
            steps = [st.phrase(s) for s in wf.steps]
            detections.append(
                Detection(
                    kind="workflow_sequence",
                    key=wf.key,
                    frequency=wf.occurrences,
                    confidence=round(wf.success_rate, 3),
                    evidence=[t.task_id for t in wf.traces],
                    suggestion=f"the workflow {' → '.join(steps)} ran {wf.occurrences} times "
                    f"({wf.success_rate:.0%} successful): save it as a skill?",
                    detail={"steps": steps},
                )
            )
        with self.store.writing(user_id):
            for d in detections:
                self._announce(user_id, d)
            self._supersede(user_id, flows)
            skills = suggest.known_skills(self.settings)
            created: list[SkillSuggestion] = []
            covered: list[str] = []
            for wf in flows:
                by = suggest.covered_by(wf.steps, skills)
                if by:
                    covered.append(f"{wf.key} (covered by {by})")
                    continue
                made = self._suggest(user_id, wf, {k.name for k in skills})
                if made:
                    created.append(made)
        for s in created:
            self.bus.publish_nowait(
                "skill.suggested",
                {"user_id": user_id, "id": s.id, "name": s.name, "tools": s.tools, "occurrences": s.occurrences},
            )
        return PatternReport(detections=detections, suggestions=self.all(user_id, "open"), covered=covered)

    def _announce(self, user_id: str, d: Detection) -> None:
        seen = tables.detection_frequency(self.store, user_id, d.kind, d.key)
        if seen is None:
            tables.add_detection(self.store, user_id, d.kind, d.key, d.frequency)
        elif seen < d.frequency:
            tables.raise_detection(self.store, user_id, d.kind, d.key, d.frequency)
        else:
            return
        self.bus.publish_nowait("pattern.detected", {"user_id": user_id, **d.model_dump(exclude={"detail"})})

    def _supersede(self, user_id: str, flows: list[patterns.Workflow]) -> None:
        """Open suggestions whose steps are a part of a longer workflow found now stop being listed."""
        current = {wf.key for wf in flows}
        for s in self.store.docs("suggestions", SkillSuggestion, user_id=user_id, status="open"):
            key = "→".join(s.tools)
            if key in current or not any(_inside(tuple(s.tools), wf.tools) for wf in flows):
                continue
            self.store.put(StoredSuggestion(id=s.id, user_id=user_id, seq_key=key, status=SUPERSEDED, doc=s))
            self.store.audit(user_id, "suggestion", s.id, SUPERSEDED, {"name": s.name})

    def _suggest(self, user_id: str, wf: patterns.Workflow, skill_names: set[str]) -> SkillSuggestion | None:
        key = wf.key
        existing = self.store.doc("suggestions", SkillSuggestion, user_id=user_id, seq_key=key)
        if existing is not None and existing.status != "open":
            return None  # accepted or dismissed: the user already decided
        others = self.store.docs("suggestions", SkillSuggestion, user_id=user_id)
        taken = skill_names | {d.name for d in others if "→".join(d.tools) != key}
        name, description, skill_md = suggest.render(wf, taken)
        errors = suggest.lint_errors(name, skill_md)
        if errors:
            log.warning("suggestion %s not offered, it fails the linter: %s", name, "; ".join(errors))
            return None
        s = SkillSuggestion(
            id=existing.id if existing else new_id("sugg"),
            name=name,
            description=description,
            tools=list(wf.tools),  # the step labels, also the sequence's key
            occurrences=wf.occurrences,
            success_rate=round(wf.success_rate, 3),
            confidence=round(min(1.0, wf.success_rate * min(1.0, wf.occurrences / 5)), 3),
            skill_md=skill_md,
            created_at=existing.created_at if existing else now_iso(),
        )
        self.store.put(StoredSuggestion(id=s.id, user_id=user_id, seq_key=key, status="open", doc=s))
        return None if existing else s

    def all(self, user_id: str, status: str | None = None) -> list[SkillSuggestion]:
        return self.store.docs("suggestions", SkillSuggestion, user_id=user_id, status=status or _LISTED)

    def _get(self, user_id: str, suggestion_id: str) -> SkillSuggestion:
        s = self.store.doc("suggestions", SkillSuggestion, id=suggestion_id, user_id=user_id)
        if s is None:
            raise NotFound("skill suggestion", suggestion_id)
        if self.store.doc("suggestions", SkillSuggestion, id=suggestion_id, user_id=user_id, status=SUPERSEDED):
            raise ReflectionInputError(
                f"suggestion {suggestion_id} was replaced by the suggestion of a longer workflow that contains "
                "its steps; list the open suggestions to find it"
            )
        if s.status != "open":
            raise ReflectionInputError(f"suggestion {suggestion_id} is already {s.status}")
        return s

    def _set(self, user_id: str, s: SkillSuggestion) -> SkillSuggestion:
        self.store.put(StoredSuggestion(id=s.id, user_id=user_id, seq_key="→".join(s.tools), status=s.status, doc=s))
        self.store.audit(user_id, "suggestion", s.id, s.status, {"name": s.name, "path": s.path})
        return s

    def accept(self, user_id: str, suggestion_id: str) -> SkillSuggestion:
        """Write the skill into the user scope ($CAIRN_HOME/skills/user/<name>/SKILL.md)."""
        with self.store.writing(user_id):
            s = self._get(user_id, suggestion_id)
            errors = suggest.lint_errors(s.name, s.skill_md)
            if errors:
                raise ReflectionInputError(f"the suggested skill fails the linter: {'; '.join(errors)}")
            try:
                path = suggest.write_user_skill(self.settings, s.name, s.skill_md)
            except FileExistsError as exc:
                raise ReflectionInputError(str(exc)) from exc
            return self._set(user_id, s.model_copy(update={"status": "accepted", "path": str(path)}))

    def dismiss(self, user_id: str, suggestion_id: str) -> SkillSuggestion:
        with self.store.writing(user_id):
            return self._set(user_id, self._get(user_id, suggestion_id).model_copy(update={"status": "dismissed"}))
