"""The user model (002 §4.3): one belief per preference dimension, moved by signals of known strength.

| signal      | example                                   | strength | handling                              |
|-------------|-------------------------------------------|----------|---------------------------------------|
| explicit    | "I prefer short answers"                  | 0.95     | applied at once; may replace a value  |
| edit        | the user rewrote the output's format      | 0.80     | applied                               |
| choice      | picked option B of three                  | 0.65     | applied after 3 consistent choices    |
| follow_up   | asked for more depth on one aspect        | 0.45     | applied                               |
| silence     | no reaction                               | 0.10     | recorded only                         |

Confidence is the running mean of the strengths of the supporting signals (002 §4.3:
``(c·n + s) / (n + 1)``), so weak evidence alone can never make a belief "known": three choices reach
0.65, a single follow-up only 0.45. A signal for another value counts as a contradiction and pulls the
confidence down; only an explicit statement replaces the value. ``contradictions / evidence > 0.3``
marks a belief as needing confirmation; only beliefs above the threshold (0.6) are handed to a host.
"""

from __future__ import annotations

import re
from typing import Any

from servers.reflection.models import Belief, ReflectionInputError, SignalKind, SignalResult, UserModel
from servers.reflection.settings import ReflectionSettings
from servers.reflection.store import ReflectionStore, now_iso

STRENGTH: dict[str, float] = {"explicit": 0.95, "edit": 0.80, "choice": 0.65, "follow_up": 0.45, "silence": 0.10}


def _norm(value: str) -> str:
    return " ".join(value.lower().split())


class UserModelBook:
    def __init__(self, store: ReflectionStore, settings: ReflectionSettings) -> None:
        self.store = store
        self.settings = settings

    def _belief(self, doc: dict[str, Any]) -> Belief:
        ratio = doc["contradictions"] / max(1, doc["evidence_count"])
        return Belief(
            dimension=doc["dimension"],
            value=doc["value"],
            confidence=round(doc["confidence"], 3),
            evidence_count=doc["evidence_count"],
            contradictions=doc["contradictions"],
            needs_confirmation=ratio > self.settings.contradiction_ratio,
            confirmed=doc["confidence"] > self.settings.confirmed_threshold,
            last_updated=doc["last_updated"],
        )

    def get(self, user_id: str, *, include_all: bool = False) -> UserModel:
        docs = self.store.docs("beliefs", "user_id = ?", (user_id,), "ORDER BY dimension")
        beliefs = [self._belief(d) for d in docs if "value" in d]
        if not include_all:
            beliefs = [b for b in beliefs if b.confidence > self.settings.belief_threshold]
        return UserModel(user_id=user_id, beliefs=beliefs, threshold=self.settings.belief_threshold)

    def signal(self, user_id: str, dimension: str, value: str, kind: SignalKind) -> SignalResult:
        with self.store.writing(user_id):
            dimension, value = dimension.strip().lower(), value.strip()
            if not dimension or not value:
                raise ReflectionInputError("dimension and value must both be non-empty")
            strength = STRENGTH[kind]
            doc = self.store.doc("beliefs", "user_id = ? AND dimension = ?", (user_id, dimension)) or {
                "dimension": dimension,
                "pending": {},
                "history": [],
            }
            result = self._apply(doc, value, kind, strength)
            self.store.db.execute(
                "INSERT INTO signals (user_id, dimension, value, kind, strength, applied, at) VALUES (?,?,?,?,?,?,?)",
                (user_id, dimension, value, kind, strength, int(result.applied), now_iso()),
            )
            self.store.put("beliefs", {"user_id": user_id, "dimension": dimension, "doc": doc})
            if result.applied:
                self.store.audit(
                    user_id,
                    "belief",
                    dimension,
                    kind,
                    {"value": value, "strength": strength, "confidence": doc.get("confidence")},
                )
            result.belief = self._belief(doc) if "value" in doc else None
            return result

    def _apply(self, doc: dict[str, Any], value: str, kind: str, strength: float) -> SignalResult:
        if kind == "silence":
            return SignalResult(applied=False, reason="silence is recorded, not applied")
        if kind == "choice":
            pending: dict[str, int] = doc.setdefault("pending", {})
            key = _norm(value)
            pending[key] = pending.get(key, 0) + 1
            for other in list(pending):
                if other != key:
                    pending[other] = 0  # "consistent" choices: a different pick restarts the count
            if pending[key] < self.settings.choice_repeats:
                return SignalResult(
                    applied=False, reason=f"choice {pending[key]} of {self.settings.choice_repeats} consistent ones"
                )
            pending[key] = 0
        doc["last_updated"] = now_iso()
        if "value" not in doc:
            doc.update(value=value, confidence=strength, evidence_count=1, contradictions=0)
            return SignalResult(applied=True, reason="new belief")
        n, c = doc["evidence_count"], doc["confidence"]
        if _norm(doc["value"]) == _norm(value):
            doc["confidence"] = (c * n + strength) / (n + 1)
            doc["evidence_count"] = n + 1
            return SignalResult(applied=True, reason="consistent: confidence updated")
        if kind == "explicit":
            # The user said so: the stated value wins, the old one goes to history.
            doc["history"] = [*doc.get("history", []), {"value": doc["value"], "confidence": c, "until": now_iso()}]
            doc.update(value=value, confidence=strength, evidence_count=1, contradictions=0)
            return SignalResult(applied=True, reason="explicit statement replaced the belief")
        doc["contradictions"] += 1
        # A contradicting signal adds no support and weighs against the belief in proportion to its strength.
        doc["confidence"] = c * n / (n + strength)
        return SignalResult(applied=True, reason="contradiction recorded")


# Feedback phrases that map onto a preference dimension; a small lexicon beats guessing with no model.
_FEEDBACK_DIMENSIONS: list[tuple[re.Pattern[str], str, str]] = [
    (
        re.compile(r"too (long|verbose|wordy)|shorter|more concise|briefer|keep it short|太长|简洁|简短", re.I),
        "verbosity",
        "concise",
    ),
    (re.compile(r"too (short|brief)|more detail|more depth|elaborate|详细|展开", re.I), "verbosity", "detailed"),
    (re.compile(r"bullet(ed)? (points|list)|as a list|列表|要点", re.I), "format", "bullet points"),
    (re.compile(r"\bas a table\b|in a table|表格", re.I), "format", "table"),
    (re.compile(r"in chinese|用中文|中文回答", re.I), "language", "Chinese"),
    (re.compile(r"in english|用英文|英文回答", re.I), "language", "English"),
    (re.compile(r"cite|sources|links|引用|来源", re.I), "citations", "include sources"),
]
_EXPLICIT = re.compile(r"\b(i (prefer|want|like|need)|please|always|never|don'?t)\b|我(更)?喜欢|请|不要|总是", re.I)


def feedback_signals(feedback: str, reaction: str) -> list[tuple[str, str, SignalKind]]:
    """(dimension, value, kind) read from what the user said about a result."""
    kind: SignalKind = "explicit" if _EXPLICIT.search(feedback) else "edit" if reaction == "modified" else "follow_up"
    found: dict[str, tuple[str, str, SignalKind]] = {}
    for pattern, dimension, value in _FEEDBACK_DIMENSIONS:
        if dimension not in found and pattern.search(feedback):
            found[dimension] = (dimension, value, kind)
    return list(found.values())
