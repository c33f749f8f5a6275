"""Strategies as reflections stated them, kept until enough tasks agree to make one a rule.

A row's ``rule_id`` is empty while it waits and names the rule once it became or joined one.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from servers.reflection.storage.store import ReflectionStore, dumps, now_iso


def pending(store: ReflectionStore, user_id: str, limit: int) -> list[dict[str, Any]]:
    """The user's newest strategies not yet in a rule: ``id``, ``reflection_id``, ``task_id``, ``text``, ``key``
    (the lesson key of a strategy read off a failure and its recovery, else None)."""
    rows = store.db.query(
        "SELECT id, reflection_id, task_id, text, doc FROM strategies WHERE user_id = ? AND rule_id IS NULL "
        "ORDER BY id DESC LIMIT ?",
        (user_id, limit),
    )
    out = []
    for row in rows:
        doc = row.pop("doc")
        doc = json.loads(doc) if isinstance(doc, str | bytes) else doc
        out.append({**row, "key": doc.get("key") if isinstance(doc, dict) else None, "doc": doc})
    return out


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
    store: ReflectionStore,
    user_id: str,
    reflection_id: str,
    task_id: str,
    text: str,
    doc: dict[str, Any],
    rule_id: str | None,
) -> int:
    """Keep one strategy; its row id."""
    row = store.db.query_one(
        "INSERT INTO strategies (user_id, reflection_id, task_id, text, doc, rule_id, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (user_id, reflection_id, task_id, text, dumps(doc), rule_id, now_iso()),
    )
    assert row is not None
    return int(row["id"])
