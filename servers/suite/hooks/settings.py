"""Settings of host hooks and context assembly (``CAIRN_HOOKS__<FIELD>``).

| variable                               | default  | meaning                                                  |
|----------------------------------------|----------|----------------------------------------------------------|
| ``CAIRN_HOOKS__USER_ID``               | default  | whose memory and user model the hooks read and write     |
| ``CAIRN_HOOKS__RECALL_MODE``           | hybrid   | ``hybrid`` (daemon keeps the embedder warm) or ``keyword`` |
| ``CAIRN_HOOKS__PROMPT_BUDGET_TOKENS``  | 1500     | memories and skill bodies injected per prompt            |
| ``CAIRN_HOOKS__START_BUDGET_TOKENS``   | 1200     | long-term facts + today injected at session start        |
| ``CAIRN_HOOKS__REFRESH_EVERY``         | 3        | tool calls between context refreshes                     |
| ``CAIRN_HOOKS__REFRESH_BUDGET_TOKENS`` | 500      | tokens of one refresh                                    |
| ``CAIRN_HOOKS__CAPTURE``               | true     | capture tasks at session end                             |
| ``CAIRN_HOOKS__DAEMON``                | true     | serve hooks from a warm background process               |
| ``CAIRN_HOOKS__DAEMON_IDLE_S``         | 1800     | the daemon exits after this long without a request       |
| ``CAIRN_HOOKS__COLD_WAIT_MS``          | 300      | a prompt waits this long for a daemon it had to start    |
| ``CAIRN_HOOKS__TOKENIZER``             | estimate | ``estimate`` or ``anthropic`` (the tokenizer litellm ships) |
| ``CAIRN_HOOKS__ASK_LESSONS``           | true     | at Stop, ask the agent for a task's lesson (once per task)  |

Per-event time budgets: ``CAIRN_HOOKS__BUDGET_<EVENT>_MS`` (see :mod:`servers.suite.hooks.runtime`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


class HooksSettings(BaseModel):
    """What the hooks inject, how often, and how they run."""

    user_id: str = Field("default", pattern=r"^[A-Za-z0-9][A-Za-z0-9._@+-]{0,127}$")
    recall_mode: Literal["hybrid", "keyword"] = Field(
        "hybrid", description="The daemon loads the embedder once; 'keyword' never waits for it."
    )
    memory_limit: int = Field(5, ge=1, le=20, description="Memories recalled per prompt.")
    min_score: float = Field(0.25, ge=0, le=1, description="Recalled memories below this score are not injected.")
    prompt_budget_tokens: int = Field(1500, ge=100, le=50_000)
    start_budget_tokens: int = Field(1200, ge=100, le=50_000)
    refresh_every: int = Field(3, ge=1, le=100, description="Tool calls between context refreshes.")
    refresh_budget_tokens: int = Field(500, ge=50, le=10_000)
    refresh_limit: int = Field(3, ge=1, le=10, description="Memories per refresh.")
    capture: bool = Field(True, description="Capture each prompt's task with its tool trace at session end.")
    flush: bool = Field(True, description="Flush the transcript to memory before compaction, which drops it.")
    daemon: bool = Field(True, description="Serve hooks from a warm process; false runs every hook cold.")
    daemon_idle_s: float = Field(1800, ge=5, description="Idle seconds before the daemon exits.")
    cold_wait_ms: int = Field(
        300,
        ge=0,
        description="How long a prompt waits for a daemon it had to start, then answers without recall "
        "(read by the hook client from the environment: servers/suite/hooks/runtime.py).",
    )
    tokenizer: Literal["estimate", "anthropic"] = "estimate"
    initiatives: bool = Field(
        True,
        description="Add initiatives from the user's goals, drives and habits that clear their bar to a prompt's "
        "context: at most 2, within the prompt budget, each once per session.",
    )
    ask_lessons: bool = Field(
        True,
        description="At Stop, once per task that recovered from a failure or corrects the previous answer, ask "
        "the agent for a one-line lesson; kept with the task for reflection (read by the hook client from the "
        "environment: servers/suite/hooks/commands.py).",
    )
