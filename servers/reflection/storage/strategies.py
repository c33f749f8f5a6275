"""Strategies as reflections stated them, kept until enough tasks agree to make one a rule.

A row's ``rule_id`` is empty while it waits and names the rule once it became or joined one.
"""

from __future__ import annotations

from collections.abc import Sequence

from servers.reflection.models import Strategy
from servers.reflection.storage.rows import PendingStrategy
from servers.reflection.storage.store import ReflectionStore, dumps, now_iso


def pending(store: ReflectionStore, user_id: str, limit: int) -> list[PendingStrategy]:
    """The user's newest strategies not yet in a rule."""
    rows = store.db.query(
        "SELECT id, reflection_id, task_id, text, doc FROM strategies WHERE user_id = ? AND rule_id IS NULL "
        "ORDER BY id DESC LIMIT ?",
        (user_id, limit),
    )
    return [PendingStrategy.model_validate(row) for row in rows]


def link(store: ReflectionStore, rule_id: str, ids: Sequence[int]) -> None:
    """These strategies became (or joined) ``rule_id``."""
    store.db.execute(f"UPDATE strategies SET rule_id = ? WHERE id IN ({', '.join('?' * len(ids))})", (rule_id, *ids))


def rule_tasks(store: ReflectionStore, user_id: str, rule_id: str) -> set[str]:
    """The tasks whose strategies fed ``rule_id``."""
    rows = store.db.query(
        "SELECT DISTINCT task_id FROM strategies WHERE user_id = ? AND rule_id = ?", (user_id, rule_id)
    )
    return {r["task_id"] for r in rows}


def add(
    store: ReflectionStore, user_id: str, reflection_id: str, task_id: str, strategy: Strategy, rule_id: str | None
) -> int:
    """Keep one strategy; its row id."""
    row = store.db.query_one(
        "INSERT INTO strategies (user_id, reflection_id, task_id, text, doc, rule_id, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (user_id, reflection_id, task_id, strategy.strategy, dumps(strategy.model_dump()), rule_id, now_iso()),
    )
    assert row is not None
    return int(row["id"])
