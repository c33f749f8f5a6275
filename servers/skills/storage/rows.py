"""What the skills store returns: one pydantic model per kind of row, validated inside storage
(``Usage.model_validate(row)``), so the learning code reads attributes, never columns. A 0/1 column arrives
as a boolean, a JSON text column parsed, on SQLite and PostgreSQL alike."""

from __future__ import annotations

import json
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict


def _parsed(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str | bytes) else value


class Row(BaseModel):
    model_config = ConfigDict(frozen=True)


class Usage(Row):
    """One activation of a skill (``usage``); ``adopted`` stays None until the host reports the reply."""

    id: int
    skill: str
    session_id: str | None
    activated_by: str  # auto | manual | chain
    score: float | None
    signals: Annotated[list[dict[str, Any]], BeforeValidator(_parsed)]
    task: str | None
    adopted: bool | None
    adoption_confidence: float | None
    created_at: str


class Feedback(Row):
    """A rating a user gave a skill (``feedback``)."""

    id: int
    skill: str
    session_id: str | None
    rating: str
    comment: str | None
    created_at: str


class SessionCounts(Row):
    """A session's message and recommendation counters (``sessions``); all zero for a session never seen."""

    session_id: str
    messages: int = 0
    recommendations: int = 0
    last_recommendation_at: int | None = None  # the message count when the last recommendation was made
