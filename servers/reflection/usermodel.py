"""The user model: one belief per preference dimension, moved by signals of known strength.

| signal      | example                                   | strength | handling                              |
|-------------|-------------------------------------------|----------|---------------------------------------|
| explicit    | "I prefer short answers"                  | 0.95     | applied at once; may replace a value  |
| edit        | the user rewrote the output's format      | 0.80     | applied                               |
| choice      | picked option B of three                  | 0.65     | applied after 3 consistent choices    |
| follow_up   | asked for more depth on one aspect        | 0.45     | applied                               |
| silence     | no reaction                               | 0.10     | recorded only                         |

Confidence grows with independent evidence instead of jumping on one signal. Each signal is an independent
witness that is right with probability ``reliability × strength`` (0.75 × strength by default), and a
belief is as likely as at least one supporting witness being right and no contradicting one being right:
``(1 − Π(1 − r·sᵢ)) · Π(1 − r·cⱼ)``. One explicit statement gives 0.71 (above the 0.6 bar, so a host uses
it at once) but not "confirmed" (0.9); a second independent one gives 0.92. A follow-up alone gives 0.34;
three agreeing ones 0.71. Signals are independent only when they come from different sources (tasks):
the same task saying the same thing twice counts once, at its strongest. Three consistent choices count as
three witnesses. Only an explicit statement replaces the value; ``contradictions / evidence > 0.3`` marks
a belief as needing confirmation; only beliefs above the threshold (0.6) are handed to a host.

Goals (a current focus, optionally with an end date) and drives (a motivation with an intensity 1-5)
are beliefs too, under the dimensions ``goal:<name>`` and ``drive:<name>``, moved by the same signals, so they
carry evidence and confidence like any preference, and are listed, changed and removed the same way. A goal
past its end date is kept (``include_all`` shows it) but no longer handed to a host.
"""

from __future__ import annotations

import math
from datetime import date

from servers.reflection.models import (
    Belief,
    BeliefKind,
    NotFound,
    ReflectionInputError,
    SignalKind,
    SignalResult,
    UserModel,
)
from servers.reflection.settings import ReflectionSettings
from servers.reflection.storage import tables
from servers.reflection.storage.documents import StoredBelief
from servers.reflection.storage.rows import BeliefChange, BeliefRecord
from servers.reflection.storage.store import ReflectionStore, now_iso

STRENGTH: dict[str, float] = {"explicit": 0.95, "edit": 0.80, "choice": 0.65, "follow_up": 0.45, "silence": 0.10}


def _norm(value: str) -> str:
    return " ".join(value.lower().split())


def belief_key(dimension: str, kind: BeliefKind) -> str:
    """The stored dimension: ``goal:<name>`` / ``drive:<name>``, so a goal never overwrites a preference."""
    dimension = dimension.strip().lower()
    if kind == "preference" or dimension.startswith(f"{kind}:"):
        return dimension
    return f"{kind}:{dimension}"


def kind_of(dimension: str) -> BeliefKind:
    prefix = dimension.split(":", 1)[0]
    return "goal" if prefix == "goal" else "drive" if prefix == "drive" else "preference"


def is_expired(belief: Belief, today: str | None = None) -> bool:
    return belief.until is not None and belief.until < (today or date.today().isoformat())


class UserModelBook:
    def __init__(self, store: ReflectionStore, settings: ReflectionSettings) -> None:
        self.store = store
        self.settings = settings

    def _belief(self, doc: BeliefRecord, value: str) -> Belief:
        ratio = doc.contradictions / max(1, doc.evidence_count)
        return Belief(
            dimension=doc.dimension,
            value=value,
            confidence=round(doc.confidence, 3),
            evidence_count=doc.evidence_count,
            contradictions=doc.contradictions,
            needs_confirmation=ratio > self.settings.contradiction_ratio,
            reversed_from=next((h.value for h in reversed(doc.history) if h.reversed), None),
            reversals=doc.reversals,
            confirmed=doc.confidence > self.settings.confirmed_threshold,
            last_updated=doc.last_updated,
            kind=kind_of(doc.dimension),
            intensity=doc.intensity,
            until=doc.until,
        )

    def witnesses(self, user_id: str, dimension: str) -> list[str]:
        """The sources that support a belief (the tasks or sessions that said so), oldest first."""
        doc = self.store.doc("beliefs", BeliefRecord, user_id=user_id, dimension=dimension)
        if doc is None:
            return []
        # A witness is kept as "<source>#<n>"; one without a source as "#<n>".
        return [key.rsplit("#", 1)[0] for key in _evidence(doc, "support") if not key.startswith("#")]

    def get(self, user_id: str, *, include_all: bool = False) -> UserModel:
        docs = self.store.docs("beliefs", BeliefRecord, user_id=user_id, order_by="dimension")
        beliefs = [self._belief(d, d.value) for d in docs if d.value is not None]
        if not include_all:
            beliefs = [b for b in beliefs if b.confidence > self.settings.belief_threshold and not is_expired(b)]
        return UserModel(user_id=user_id, beliefs=beliefs, threshold=self.settings.belief_threshold)

    def signal(
        self,
        user_id: str,
        dimension: str,
        value: str,
        kind: SignalKind,
        source: str | None = None,
        *,
        belief_kind: BeliefKind = "preference",
        intensity: int | None = None,
        until: str | None = None,
        replaces: str | None = None,
    ) -> SignalResult:
        """Apply one signal; ``source`` (a task id) makes repeated signals from one task count once.

        ``replaces`` names what a new belief takes the place of when the user said so and no belief held it
        ("going forward, valibot instead of zod"): kept as the reversal it is.

        ``belief_kind`` goal/drive files it under ``goal:<dimension>`` / ``drive:<dimension>``; ``intensity``
        (drives, 1-5) and ``until`` (goals, YYYY-MM-DD) are set by any applied signal that names them.
        """
        _check_aim(belief_kind, intensity, until)
        with self.store.writing(user_id):
            dimension, value = belief_key(dimension, belief_kind), value.strip()
            if not dimension.split(":", 1)[-1] or not value:
                raise ReflectionInputError("dimension and value must both be non-empty")
            strength = STRENGTH[kind]
            doc = self.store.doc("beliefs", BeliefRecord, user_id=user_id, dimension=dimension)
            doc = doc or BeliefRecord(dimension=dimension)
            result = self._apply(doc, value, kind, strength, source)
            replaced_unheld = bool(replaces and replaces.strip()) and result.reason == "new belief"
            if replaced_unheld:
                assert replaces is not None
                entry = BeliefChange(value=replaces.strip()[:200], confidence=0.0, until=now_iso(), reversed=True)
                doc.history = [*doc.history, entry]
                doc.reversals += 1
            if result.applied:
                _set_aim(doc, belief_kind, intensity, until)
            tables.add_signal(self.store, user_id, dimension, value, kind, strength, result.applied)
            self.store.put(StoredBelief(user_id=user_id, dimension=dimension, doc=doc))
            if result.applied:
                self.store.audit(
                    user_id,
                    "belief",
                    dimension,
                    kind,
                    {"value": value, "strength": strength, "confidence": doc.confidence, "source": source},
                )
            if result.reason == "explicit statement replaced the belief" or replaced_unheld:
                self.store.audit(user_id, "belief", dimension, "reversed", {"from": doc.history[-1].value, "to": value})
            result.belief = self._belief(doc, doc.value) if doc.value is not None else None
            return result

    def remove(self, user_id: str, dimension: str, reason: str = "removed by the user") -> str:
        """A person says a belief is wrong: it goes with its evidence (the audit log keeps what it was), and
        later signals start it afresh."""
        with self.store.writing(user_id):
            dimension = dimension.strip().lower()
            doc = self.store.doc("beliefs", BeliefRecord, user_id=user_id, dimension=dimension)
            if doc is None or doc.value is None:
                raise NotFound("belief", dimension)
            tables.delete_belief(self.store, user_id, dimension)
            self.store.audit(
                user_id,
                "belief",
                dimension,
                "removed",
                {"value": doc.value, "confidence": doc.confidence, "reason": reason},
            )
            return dimension

    def _witness(self, strength: float) -> float:
        return self.settings.belief_reliability * strength

    def _recompute(self, doc: BeliefRecord) -> None:
        support, against = _evidence(doc, "support"), _evidence(doc, "against")
        unsupported = math.prod(1 - self._witness(s) for s in support.values())
        undisputed = math.prod(1 - self._witness(s) for s in against.values())
        doc.confidence = (1 - unsupported) * undisputed
        doc.evidence_count, doc.contradictions = len(support), len(against)

    def _apply(self, doc: BeliefRecord, value: str, kind: str, strength: float, source: str | None) -> SignalResult:
        if kind == "silence":
            return SignalResult(applied=False, reason="silence is recorded, not applied")
        witnesses = 1
        if kind == "choice":
            pending = doc.pending
            key = _norm(value)
            pending[key] = pending.get(key, 0) + 1
            for other in list(pending):
                if other != key:
                    pending[other] = 0  # "consistent" choices: a different pick restarts the count
            if pending[key] < self.settings.choice_repeats:
                return SignalResult(
                    applied=False, reason=f"choice {pending[key]} of {self.settings.choice_repeats} consistent ones"
                )
            witnesses, pending[key] = pending[key], 0
        doc.last_updated = now_iso()
        replaced = doc.value is not None and _norm(doc.value) != _norm(value) and kind == "explicit"
        if replaced:
            # The user said so: the stated value wins, the old one goes to history as a reversal a person can
            # see (the belief says what it replaced), not silently.
            assert doc.value is not None
            history = BeliefChange(value=doc.value, confidence=doc.confidence, until=now_iso(), reversed=True)
            doc.history = [*doc.history, history]
            doc.reversals += 1
            doc.value = None
        if doc.value is None:
            doc.value, doc.support, doc.against = value, {}, {}
            reason, side = ("explicit statement replaced the belief" if replaced else "new belief"), "support"
        elif _norm(doc.value) == _norm(value):
            reason, side = "consistent: confidence updated", "support"
        else:
            reason, side = "contradiction recorded", "against"
        evidence = _evidence(doc, side)
        for i in range(witnesses):
            # Without a source every signal is its own witness; with one, a source counts once.
            key = f"{source}#{i}" if source else f"#{len(evidence)}"
            evidence[key] = max(evidence.get(key, 0.0), strength)
        if side == "support":
            doc.support = evidence
        else:
            doc.against = evidence
        self._recompute(doc)
        return SignalResult(applied=True, reason=reason)


def _evidence(doc: BeliefRecord, side: str) -> dict[str, float]:
    """The witnesses on one side of a belief (source → strength); a belief stored before witnesses were kept
    is read as ``evidence_count`` witnesses of its mean strength and ``contradictions`` weak ones."""
    kept = doc.support if side == "support" else doc.against
    if kept is not None:
        return dict(kept)
    if side == "support":
        return {f"#{i}": doc.confidence for i in range(doc.evidence_count)}
    return {f"#{i}": STRENGTH["follow_up"] for i in range(doc.contradictions)}


def _check_aim(kind: BeliefKind, intensity: int | None, until: str | None) -> None:
    if intensity is not None and (kind != "drive" or not 1 <= intensity <= 5):
        raise ReflectionInputError("intensity (1-5) belongs to a drive: pass belief_type='drive'")
    if until is not None:
        if kind != "goal":
            raise ReflectionInputError("until (YYYY-MM-DD) belongs to a goal: pass belief_type='goal'")
        try:
            date.fromisoformat(until)
        except ValueError as exc:
            raise ReflectionInputError(f"until must be a date YYYY-MM-DD, got {until!r}") from exc


def _set_aim(doc: BeliefRecord, kind: BeliefKind, intensity: int | None, until: str | None) -> None:
    if intensity is not None:
        doc.intensity = intensity
    elif kind == "drive" and doc.intensity is None:
        doc.intensity = 3  # a drive named without a strength (e.g. inferred): the middle of the scale
    if until is not None:
        doc.until = until
