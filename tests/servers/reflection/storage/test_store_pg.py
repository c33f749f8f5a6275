"""Reflection on PostgreSQL, shared by several instances: what one learns the others see, a user's writes from
two instances at once lose nothing, and the audit log cannot be rewritten by any client of the database."""

from __future__ import annotations

import threading
from collections.abc import Callable

import psycopg
import pytest

from servers.core.storage.postgres import PgDatabase
from servers.reflection.models import Strategy
from servers.reflection.service import ReflectionService
from tests.servers.reflection.conftest import lesson, report

BACKENDS = ("postgresql",)  # the shared-database behaviour; the store's other tests run on both (see conftest)

RULE = "Ask for the date range before searching news"


def _promote(svc: ReflectionService, user: str = "u") -> str:
    for task in ("t1", "t2", "t3"):
        svc.reflect(report(task=task, task_id=task, strategies=[lesson(RULE)]), user)
    [rule] = svc.rules.all(user)
    return rule.id


def test_two_instances_see_each_others_rules_outcomes_and_beliefs(
    make_service: Callable[..., ReflectionService],
) -> None:
    a, b = make_service(), make_service()
    a.reflect(report(task="t1", task_id="t1", strategies=[lesson(RULE)]), "u")
    a.reflect(report(task="t2", task_id="t2", strategies=[lesson(RULE)]), "u")
    promoted = b.reflect(report(task="t3", task_id="t3", strategies=[lesson(RULE)]), "u").promoted
    assert len(promoted) == 1  # B counted the two strategies A stored
    [rule] = a.rules.all("u")
    assert rule.id == promoted[0]

    b.record_outcome("u", f"rule:{rule.id}", True, "t4")
    a.record_outcome("u", f"rule:{rule.id}", False, "t5")
    assert (a.rules.get("u", rule.id).uses, b.rules.get("u", rule.id).successes) == (2, 1)
    assert a.store.outcome_counts("u", f"rule:{rule.id}") == (2, 1)

    b.users.signal("u", "verbosity", "concise", "explicit")
    assert [x.value for x in a.users.get("u").beliefs] == ["concise"]
    actions = [e.action for e in a.store.audit_entries("u", None, 10)]
    assert actions[:2] == ["explicit", "created"]  # newest first, from both instances, in one sequence


def test_outcomes_recorded_on_two_instances_at_once_are_all_counted(
    make_service: Callable[..., ReflectionService],
) -> None:
    """Each outcome rewrites the rule's counters (read, add one, write back): instances take turns per user."""
    a, b = make_service(), make_service()
    rule_id = _promote(a)
    per_thread, threads = 10, 4
    errors: list[BaseException] = []

    def record(svc: ReflectionService) -> None:
        try:
            for _ in range(per_thread):
                svc.record_outcome("u", f"rule:{rule_id}", True, None)
        except BaseException as exc:  # the assertion below shows it
            errors.append(exc)

    workers = [threading.Thread(target=record, args=(svc,)) for svc in (a, b) for _ in range(threads // 2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert errors == []
    rule = b.rules.get("u", rule_id)
    assert rule.uses == rule.successes == per_thread * threads
    assert a.store.outcome_counts("u", f"rule:{rule_id}") == (per_thread * threads, per_thread * threads)
    assert rule.status == "active"  # judged once, after the fifth use


def test_audit_log_refuses_changes_from_any_postgresql_client(svc: ReflectionService) -> None:
    """Not only through Cairn: psql or any program connected to the database cannot rewrite history."""
    rule = svc.rules.create("u", Strategy(strategy="Ask for the deadline first"), ["r1"])
    assert isinstance(svc.db, PgDatabase)
    for statement in (
        "UPDATE reflection.strategy_log SET detail = '{}'",
        "DELETE FROM reflection.strategy_log",
        "TRUNCATE reflection.strategy_log",
    ):
        with psycopg.connect(svc.db.url) as conn, pytest.raises(psycopg.errors.RestrictViolation, match="append-only"):
            conn.execute(statement)
    assert [e.action for e in svc.store.audit_entries("u", rule.id, 10)] == ["created"]
