"""Rule lifecycle: probation → active / deprecated, versions, rollback, the append-only log."""

from __future__ import annotations

import apsw
import psycopg
import pytest

from servers.reflection.models import ReflectionInputError, Rule, Strategy
from servers.reflection.service import ReflectionService

BACKENDS = ("sqlite", "postgresql")  # every test here runs on both stores (see conftest)


def _rule(svc: ReflectionService, user: str = "u") -> Rule:
    return svc.rules.create(user, Strategy(strategy="Ask for the deadline first", scenario="planning"), ["r1"])


@pytest.mark.parametrize(("outcomes", "status"), [([1, 1, 1, 1, 0], "active"), ([1, 0, 1, 0, 0], "deprecated")])
def test_probation_is_judged_after_n_uses(svc: ReflectionService, outcomes: list[int], status: str) -> None:
    rule = _rule(svc)
    for i, ok in enumerate(outcomes):
        assert rule.status == "probation"
        result = svc.record_outcome("u", f"rule:{rule.id}", bool(ok), f"task{i}")
        rule = svc.rules.get("u", rule.id)
    assert result.status == status == rule.status
    assert rule.uses == 5 and rule.successes == sum(outcomes)
    assert svc.store.audit_entries("u", rule.id, 10)[0].action == "status"


def test_active_rule_that_stops_working_is_deprecated(svc: ReflectionService) -> None:
    rule = _rule(svc)
    for ok in [1] * 5 + [0] * 3:
        svc.record_outcome("u", f"rule:{rule.id}", bool(ok), None)
    assert svc.rules.get("u", rule.id).status == "active"  # 2 of the last 5: 0.4 is not below the floor
    svc.record_outcome("u", f"rule:{rule.id}", False, None)
    assert svc.rules.get("u", rule.id).status == "deprecated"


def test_versions_and_rollback(svc: ReflectionService) -> None:
    rule = _rule(svc)
    svc.rules.edit("u", rule.id, "Ask for the deadline and the audience first", None, "broader")
    rolled = svc.rules.rollback("u", rule.id, 1)
    assert rolled.text == "Ask for the deadline first" and rolled.version == 3
    assert [v.reason for v in rolled.versions] == ["promoted", "broader", "rollback to version 1"]
    with pytest.raises(ReflectionInputError, match="no version 9"):
        svc.rules.rollback("u", rule.id, 9)
    actions = [e.action for e in svc.store.audit_entries("u", rule.id, 10)]
    assert actions == ["rolled_back", "edited", "created"]


def test_audit_log_is_append_only(svc: ReflectionService) -> None:
    rule = _rule(svc)
    refused = (apsw.ConstraintError, psycopg.errors.RestrictViolation)  # the trigger's error on each engine
    with pytest.raises(refused, match="append-only"):
        svc.db.execute("UPDATE strategy_log SET action = 'x'")
    with pytest.raises(refused, match="append-only"):
        svc.db.execute("DELETE FROM strategy_log")
    with pytest.raises(refused, match="append-only"), svc.db.transaction():
        svc.db.execute("DELETE FROM strategy_log WHERE subject_id = ?", (rule.id,))
    assert [e.action for e in svc.store.audit_entries("u", rule.id, 10)] == ["created"]


def test_unknown_rule_outcome_writes_nothing(svc: ReflectionService) -> None:
    from servers.reflection.models import NotFound

    with pytest.raises(NotFound):
        svc.record_outcome("u", "rule:rule_nope", True, None)
    assert svc.store.outcome_counts("u", "rule:rule_nope") == (0, 0)


def test_rules_of_another_user_are_invisible(svc: ReflectionService) -> None:
    from servers.reflection.models import NotFound

    rule = _rule(svc, "alice")
    with pytest.raises(NotFound):
        svc.rules.get("bob", rule.id)
