"""The reflection store hands out typed rows: documents as the model asked for, the audit log, strategies
waiting for promotion, traces and beliefs, their JSON columns parsed, on SQLite and PostgreSQL."""

from __future__ import annotations

import json

from servers.core.storage.ids import now_iso
from servers.reflection.models import AuditEntry, Rule, Strategy
from servers.reflection.service import ReflectionService
from servers.reflection.storage import strategies, tables
from servers.reflection.storage.documents import StoredBelief, StoredTrace
from servers.reflection.storage.rows import BeliefRecord, PendingStrategy, TraceRow
from tests.servers.reflection.conftest import report

BACKENDS = ("sqlite", "postgresql")


def test_documents_are_read_as_the_model_named(svc: ReflectionService) -> None:
    rule = svc.rules.create("u", Strategy(strategy="Run the linter before committing."), ["r1"])
    [read] = svc.store.docs("rules", Rule, user_id="u")
    assert isinstance(read, Rule) and read == svc.rules.get("u", rule.id)
    assert svc.store.doc("rules", Rule, user_id="someone else") is None
    [entry] = svc.store.audit_entries("u", rule.id, 10)
    assert isinstance(entry, AuditEntry) and entry.action == "created" and isinstance(entry.detail, dict)


def test_a_pending_strategy_carries_its_strategy_parsed(svc: ReflectionService) -> None:
    said = Strategy(strategy="Pin the base image by digest.", key="manifest unknown => pinned", severity="MEDIUM")
    row_id = strategies.add(svc.store, "u", "refl_1", "t1", said, None)
    [pending] = strategies.pending(svc.store, "u", 10)
    assert isinstance(pending, PendingStrategy)
    assert (pending.id, pending.reflection_id, pending.task_id, pending.text) == (row_id, "refl_1", "t1", said.strategy)
    assert pending.strategy == said and pending.key == "manifest unknown => pinned"
    strategies.link(svc.store, "rule_x", [row_id])
    assert strategies.pending(svc.store, "u", 10) == []


def test_traces_come_back_with_steps_and_a_boolean_outcome(svc: ReflectionService) -> None:
    svc.reflect(report("deploy the api", steps=[("build", None), ("push", None)], task_id="t1"), "u")
    [trace] = tables.traces_between(svc.store, "u", "2000", "9999")
    assert isinstance(trace, TraceRow) and trace.success is True and trace.task == "deploy the api"
    assert [step["tool"] for step in trace.steps] == ["build", "push"]


def test_a_trace_is_written_as_its_columns_always_were(svc: ReflectionService) -> None:
    """A typed write stores what the dict writes stored: 0/1, the tool names as JSON, compact steps with no
    nulls; a second write of the same key replaces the row."""
    steps = report("x", steps=[("build", None), ("push", "denied")]).trace
    row = StoredTrace(
        user_id="u", task_id="t1", task="ship", success=False, tools=["build", "push"], doc=steps, created_at=now_iso()
    )
    svc.store.put(row)
    svc.store.put(row.model_copy(update={"task": "ship it"}))
    [stored] = svc.store.db.query("SELECT task, success, tools, doc FROM traces WHERE user_id = ?", ("u",))
    assert (stored["task"], stored["success"], stored["tools"]) == ("ship it", 0, '["build", "push"]')
    expected = [s.model_dump(exclude_none=True) for s in steps]
    assert stored["doc"] == json.dumps(expected, ensure_ascii=False, separators=(",", ":"))
    assert "null" not in stored["doc"]


def test_a_belief_is_stored_without_empty_fields_and_read_back(svc: ReflectionService) -> None:
    svc.users.signal("u", "format", "table", "choice", "t1")  # one choice of three: no value yet
    [waiting] = svc.store.docs("beliefs", BeliefRecord, user_id="u")
    assert waiting.value is None and waiting.pending == {"table": 1}
    svc.users.signal("u", "format", "short", "explicit", "t2")
    stored = json.loads(str(svc.store.db.scalar("SELECT doc FROM beliefs WHERE user_id = ?", ("u",))))
    assert stored["value"] == "short" and "intensity" not in stored and "until" not in stored
    assert [b.value for b in svc.users.get("u").beliefs] == ["short"]


def test_a_belief_kept_before_witnesses_were_stored_reads_its_counts(svc: ReflectionService) -> None:
    """An old document has counts but no ``support``/``against``: the counts stand in for the witnesses."""
    old = {"dimension": "tone", "value": "plain", "confidence": 0.9, "evidence_count": 2, "contradictions": 0}
    old |= {"pending": {}, "history": [], "last_updated": now_iso()}
    svc.store.put(StoredBelief(user_id="u", dimension="tone", doc=BeliefRecord.model_validate(old)))
    [belief] = svc.users.get("u").beliefs
    assert (belief.value, belief.evidence_count, belief.confidence) == ("plain", 2, 0.9)
    result = svc.users.signal("u", "tone", "plain", "follow_up", "t9")
    assert result.belief is not None and result.belief.evidence_count == 3
