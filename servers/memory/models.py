"""The memory server's data shapes and errors; the tool signatures are built from these."""

from __future__ import annotations

import re
from typing import Any, Literal, get_args

from pydantic import BaseModel, Field

from servers.core.failures import DomainError

# The types a tool caller may give an entry. A daily summary is made only by maintenance, one per day from that
# day's entries (found again by its date), so the tools do not write or retype one.
WritableType = Literal["note", "preference", "decision", "fact", "task", "auto_flush", "auto_capture"]
EntryType = Literal[WritableType, "daily_summary"]
ENTRY_TYPES: tuple[str, ...] = get_args(EntryType)
RecallMode = Literal["hybrid", "keyword", "semantic"]
USER_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._@+-]{0,127}$"
_USER_ID = re.compile(USER_ID_PATTERN)

MAX_KEYWORDS = 32
MAX_KEYWORD_CHARS = 64
MAX_SLOTS = 32
MAX_SLOT_KEY_CHARS = 64
MAX_SLOT_VALUE_CHARS = 512


class MemoryInputError(DomainError, ValueError):
    """The caller sent something the memory server cannot accept; the message says what and why."""


class MemoryBusy(DomainError, RuntimeError):
    """Too many writes wait for their embedding: nothing was stored, the caller may write again shortly."""


class EntryNotFound(DomainError, LookupError):
    def __init__(self, entry_id: str) -> None:
        super().__init__(f"no memory entry with id {entry_id!r} for this user")
        self.entry_id = entry_id


def check_user_id(user_id: str) -> str:
    if not _USER_ID.match(user_id) or user_id in {".", ".."}:
        raise MemoryInputError(
            f"user_id {user_id!r} is not valid: 1-128 characters of letters, digits and . _ @ + -, "
            "starting with a letter or digit"
        )
    return user_id


class Entry(BaseModel):
    id: str
    user_id: str
    type: str
    content: str
    keywords: list[str] = Field(default_factory=list)
    slots: dict[str, str] = Field(default_factory=dict)
    source: str = "tool"
    session_id: str | None = None
    trace: list[dict[str, Any]] | None = None
    seen_count: int = 1
    longterm: bool = False
    created_at: str
    updated_at: str
    expires_at: str | None = None
    archived_at: str | None = None
    archive_reason: str | None = None
    embedding_model: str | None = None


class WriteResult(BaseModel):
    id: str = Field(description="The entry that now holds the content (the existing one when merged).")
    merged_into: str | None = Field(
        None, description="Set when the content repeated an existing entry and was merged into it."
    )
    vector: Literal["pending", "unavailable", "existing"] = Field(
        "pending",
        description=(
            "pending: stored and found by keyword recall now, by meaning once embedded (normally within "
            "seconds); if it then proves a paraphrase of an older memory it is merged into that one "
            "(memory_get shows it archived as 'merged into <id>'). unavailable: no embedder, keyword "
            "recall only. existing: merged into an existing entry at once."
        ),
    )


class RecallHit(BaseModel):
    id: str
    content: str
    score: float = Field(description="0-1; see memory_recall for what it means in each mode.")
    matched_by: list[Literal["keyword", "semantic"]]
    type: str
    slots: dict[str, str]
    created_at: str
    layer: Literal["longterm", "daily", "entry"] = "entry"
    keywords: list[str] = Field(default_factory=list)


class RecallResult(BaseModel):
    results: list[RecallHit]
    degraded: str | None = Field(
        None, description="Why recall fell back to keyword search (embedder loading, timeout, …), if it did."
    )
    rewritten_as: list[str] = Field(
        default_factory=list,
        description="Other wordings of the query (an LLM's translation and paraphrase) also searched by meaning, "
        "when CAIRN_MEMORY__LLM_QUERY_REWRITE is on.",
    )
    rewrite_failed: str | None = Field(
        None, description="Why the query was searched only as written, if asked to rewrite."
    )


class FlushResult(BaseModel):
    written: list[str] = Field(description="Ids of new entries.")
    merged: list[str] = Field(description="Ids of existing entries the flush repeated.")
    considered: int = Field(description="Candidate memories found in the messages before the cap of 5.")


class CaptureResult(BaseModel):
    captured: bool
    id: str | None = None
    merged_into: str | None = None
    reason: str | None = None
    task_id: str | None = Field(
        None,
        description="This run's task id: pass it as task_report.task_id to reflect, so the run is reflected on once "
        "(a recurring task merged into one memory entry still gets a task id per run).",
    )


class MaintenanceReport(BaseModel):
    user_id: str
    archived_expired: int
    merged: int
    vectors_backfilled: int
    daily_summaries: list[str]
    longterm_facts: int
    human_edits_imported: int
    memory_md: str
