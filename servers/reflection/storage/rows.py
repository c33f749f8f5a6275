"""What the reflection store returns besides the documents' own models: one pydantic model per kind of row,
validated inside storage, so the domain reads attributes, never columns. A JSON text column (TEXT on SQLite
and PostgreSQL alike) arrives parsed into its model, a 0/1 column as a boolean.

A stored document (a rule, a mutation, a reflection …) is read as the model the caller names
(:meth:`ReflectionStore.docs`); the models here are the rows that are not one document: a trace, a
strategy waiting for promotion, a belief's evidence.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, Json

from servers.reflection.models import Strategy


class TraceRow(BaseModel):
    """One task's steps as kept for pattern mining (``traces``); ``steps`` are the report's steps as dicts,
    which the step readers take apart (a step's arguments differ by tool)."""

    model_config = ConfigDict(frozen=True)

    task_id: str
    task: str
    success: bool
    # Json: parsed and validated in one pass (a pattern search reads up to 2000 traces)
    steps: Json[list[dict[str, Any]]] = Field(validation_alias="doc")
    created_at: str


class PendingStrategy(BaseModel):
    """A strategy a reflection stated that is in no rule yet (``strategies`` with no ``rule_id``)."""

    model_config = ConfigDict(frozen=True)

    id: int
    reflection_id: str
    task_id: str
    text: str
    strategy: Json[Strategy] = Field(validation_alias="doc")

    @property
    def key(self) -> str | None:
        """The lesson key of a strategy read off a failure and its recovery, else None."""
        return self.strategy.key


class BeliefChange(BaseModel):
    """A value a belief held until ``until``; ``reversed`` when the user replaced it."""

    value: str
    confidence: float
    until: str
    reversed: bool = False


class BeliefRecord(BaseModel):
    """A belief as kept (``beliefs``): its value and the evidence its confidence is computed from.

    ``value`` is None while only choices below the repeat count were seen. ``support`` and ``against`` are the
    witnesses (source → strength); None on a belief stored before witnesses were kept, whose counts are read
    as evidence instead (``usermodel``). Fields that are None are left out when stored, as they always were.
    """

    dimension: str
    value: str | None = None
    confidence: float = 0.0
    evidence_count: int = 0
    contradictions: int = 0
    support: dict[str, float] | None = None
    against: dict[str, float] | None = None
    pending: dict[str, int] = Field(default_factory=dict)
    history: list[BeliefChange] = Field(default_factory=list)
    reversals: int = 0
    last_updated: str = ""
    intensity: int | None = None
    until: str | None = None


class ReflectionHead(BaseModel):
    """The part of a stored reflection that earlier-request matching reads (the rest is not validated)."""

    model_config = ConfigDict(frozen=True)

    task_id: str = ""
    task: str
    created_at: str = ""
