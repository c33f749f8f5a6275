"""What initiative evaluation and gap detection return, kept apart from ``models``.

Both are advice to the agent, never actions: an initiative is something worth saying, a question is something
worth asking. Each says where it comes from, so a person can see (and remove) the belief behind it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

InitiativeType = Literal["goal_alignment", "drive_nudge", "pattern_suggestion"]
Holder = Literal["task", "memory", "agent", "user"]
Urgency = Literal["now", "before_answer", "later"]
DraftSignalKind = Literal["hedging", "indecision", "preference_conflict"]


class Initiative(BaseModel):
    type: InitiativeType
    message: str = Field(description="What the agent may say or do, in one sentence.")
    confidence: float = Field(description="0-1: the source belief's confidence times how well it fits the task.")
    source: str = Field(description="The belief (goal:<name>, drive:<name>) or pattern (pattern:<key>) behind it.")
    relevance: float = Field(description="0-1: how closely the task and the source match.")


class InitiativeReport(BaseModel):
    task: str
    initiatives: list[Initiative] = Field(description="Above the bar, best first; at most `limit`.")
    below_bar: int = Field(0, description="Candidates found but left out as not relevant enough.")
    bar: float
    method: Literal["lexical", "semantic", "llm", "sampling"] = Field(
        description="How relevance was judged: words, an encoder's meaning, the configured model, or the MCP "
        "client's model asked through sampling."
    )


class Need(BaseModel):
    name: str = Field(
        description="deadline, date_time, recipient, destination, budget, audience, length, "
        "reference:<noun>, judgement, action, or lookup."
    )
    holder: Holder = Field(
        description="Who has it: the task itself, memory/context, the agent (can look it up), or only the user."
    )
    evidence: str | None = Field(None, description="What already answers it (a memory, a belief, the task's words).")


class Question(BaseModel):
    need: str
    question: str
    options: list[str] = Field(default_factory=list, description="Choices when the answer is one of a few.")
    why: str = Field(description="Why the agent needs it.")
    default: str = Field(description="What the agent will do without an answer.")
    urgency: Urgency


class DraftSignal(BaseModel):
    kind: DraftSignalKind
    evidence: str = Field(description="The words of the draft that show it.")
    belief: str | None = Field(None, description="For preference_conflict: the belief the draft goes against.")


class GapReport(BaseModel):
    task: str
    needs: list[Need] = Field(default_factory=list, description="What the task needs and who holds each.")
    questions: list[Question] = Field(description="For the user, most urgent first; ask the first one, one at a time.")
    draft_signals: list[DraftSignal] = Field(default_factory=list)
    method: Literal["rules", "llm", "sampling"] = "rules"
