"""What :meth:`ReflectionStore.put` writes: one model per table that keeps a JSON document (``doc``) beside
the columns queried, so a write names its columns as attributes and cannot miss or misspell one.

Each model names its table and key; a second ``put`` of the same key replaces the row's other columns.
The document is stored as the JSON of ``doc`` dumped the way it always was (``model_dump``, then compact
JSON), so rows written before these models read back the same.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, field_serializer

from servers.reflection.models import (
    Contradiction,
    Experience,
    Mutation,
    Reflection,
    Rule,
    SkillSuggestion,
    TraceStep,
)
from servers.reflection.storage.rows import BeliefRecord


class StoredDocument(BaseModel):
    """A row of a table with a ``doc`` column; subclasses declare ``doc`` as the document's model."""

    model_config = ConfigDict(frozen=True)

    table: ClassVar[str]
    key: ClassVar[tuple[str, ...]]
    # Fields that are None left out of the document (a belief's and a trace step's never carried nulls).
    exclude_none: ClassVar[bool] = False

    user_id: str

    def upsert(self) -> tuple[str, list[Any]]:
        """The statement that inserts this row or replaces the other columns of the row with its key, and its
        parameters (``doc`` as compact JSON)."""
        values = self.model_dump(exclude_none=self.exclude_none)
        values["doc"] = json.dumps(values["doc"], ensure_ascii=False, separators=(",", ":"))
        cols = list(values)
        updates = ", ".join(f"{c} = excluded.{c}" for c in cols if c not in self.key)
        sql = (
            f"INSERT INTO {self.table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})"
            f" ON CONFLICT ({', '.join(self.key)}) DO UPDATE SET {updates}"
        )
        return sql, list(values.values())


class StoredReflection(StoredDocument):
    table = "reflections"
    key = ("id",)

    id: str
    task_id: str
    trigger: str
    created_at: str
    doc: Reflection


class StoredTrace(StoredDocument):
    table = "traces"
    key = ("user_id", "task_id")
    exclude_none = True

    task_id: str
    task: str
    success: bool
    tools: list[str]
    doc: list[TraceStep]
    created_at: str

    @field_serializer("success")
    def _as_integer(self, success: bool) -> int:
        return int(success)

    @field_serializer("tools")
    def _as_json(self, tools: list[str]) -> str:
        # The tool names as the pattern search matches them: JSON with the default separators, as always.
        return json.dumps(tools)


class StoredRule(StoredDocument):
    table = "rules"
    key = ("id",)

    id: str
    status: str
    doc: Rule
    updated_at: str


class StoredContradiction(StoredDocument):
    table = "contradictions"
    key = ("id",)

    id: str
    status: str
    doc: Contradiction


class StoredMutation(StoredDocument):
    table = "mutations"
    key = ("id",)

    id: str
    target: str
    status: str
    doc: Mutation


class StoredBelief(StoredDocument):
    table = "beliefs"
    key = ("user_id", "dimension")
    exclude_none = True

    dimension: str
    doc: BeliefRecord


class StoredSuggestion(StoredDocument):
    table = "suggestions"
    key = ("id",)

    id: str
    seq_key: str
    status: str
    doc: SkillSuggestion


class StoredExperience(StoredDocument):
    table = "experiences"
    key = ("id",)

    id: str
    signature: str
    chain: str
    status: str
    doc: Experience
