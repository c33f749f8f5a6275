"""The skills server's data: loaded skills (internal, immutable) and the shapes its tools return."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from servers.core.failures import DomainError

Scope = Literal["system", "user", "project"]
SCOPES: tuple[Scope, ...] = ("project", "user", "system")  # lookup order: the first wins
Rating = Literal["helpful", "not_helpful", "partially_helpful"]
# Spec names, optionally qualified by a namespace when two skills of one scope share a name ("discord.access").
# A dot, not Claude Code's colon: "skill://discord:access" would parse as a host and a port.
NAME_PATTERN = r"^(?:[a-z0-9]+(?:-[a-z0-9]+)*\.)?[a-z0-9]+(?:-[a-z0-9]+)*$"
SESSION_PATTERN = r"^[A-Za-z0-9._:@+-]{1,200}$"


class SkillInputError(DomainError, ValueError):
    """The caller sent something the skills server cannot accept; the message says what to change."""


class SkillNotFound(DomainError, LookupError):
    def __init__(self, name: str, hint: str = "") -> None:
        super().__init__(f"no skill named {name!r}{hint}; list_skills or search_skills shows what exists")
        self.name = name


class SkillFileNotFound(SkillInputError, LookupError):
    """A skill has no file at the path asked for (a bad argument to a tool, a missing entry to a resource)."""


class ChainError(DomainError, ValueError):
    """A chain names a skill that is not loaded (or is itself malformed)."""


@dataclass(frozen=True)
class Triggers:
    patterns: tuple[str, ...] = ()
    compiled: tuple[re.Pattern[str], ...] = ()
    tool_signals: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    slots: tuple[tuple[str, tuple[str, ...]], ...] = ()
    threshold: float | None = None


@dataclass(frozen=True)
class ChainStep:
    skill: str
    input_from: str | None = None
    output_as: str | None = None
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Skill:
    """One loaded skill folder. Built once per change of its files; never mutated."""

    name: str
    description: str
    scope: Scope
    folder: Path
    skill_md: Path
    body: str
    triggers: Triggers | None = None
    priority: int = 5
    exclusive_group: str | None = None
    prerequisites: tuple[str, ...] = ()
    max_tokens: int | None = None
    cooldown: int = 0
    output: dict[str, Any] | None = None
    chain: tuple[ChainStep, ...] = ()
    warnings: int = 0
    declared_name: str = ""  # the frontmatter name, before any namespace was added
    phrases: tuple[str, ...] = ()  # another convention's `triggers:` list, lower-cased: evidence for the matcher
    # Lint errors the skill is served despite (lenient loading), as Finding.to_dict(); plus loader notes.
    errors: tuple[dict[str, str | int], ...] = ()
    notes: tuple[str, ...] = ()


# --- tool results ---------------------------------------------------------------------------------


class SkillSummary(BaseModel):
    name: str
    description: str
    scope: Scope
    status: Literal["active", "overridden", "disabled"] = "active"
    lint_errors: int = Field(0, description="Lint errors the skill is served despite; skills://problems says which.")


class SkillList(BaseModel):
    skills: list[SkillSummary]
    problems: int = Field(
        0, description="Skills with lint errors (served anyway, or skipped in strict mode); see skills://problems."
    )


class SearchHit(BaseModel):
    name: str
    description: str
    scope: Scope
    score: float
    why: list[str] = Field(default_factory=list)


class SearchResult(BaseModel):
    results: list[SearchHit]
    degraded: str | None = Field(None, description="Why semantic ranking was not used, when it was not.")


class ChainStepOut(BaseModel):
    step: int
    skill: str
    input_from: str | None = None
    output_as: str | None = None
    params: dict[str, Any] = Field(default_factory=dict)
    body: str


class ActivatedSkill(BaseModel):
    name: str
    description: str
    scope: Scope
    body: str
    files: list[str] = Field(default_factory=list, description="Other files in the folder, for read_skill_file.")
    steps: list[ChainStepOut] = Field(default_factory=list, description="A chain's steps, in order.")
    prerequisites: list[str] = Field(default_factory=list)
    missing_prerequisites: list[str] = Field(
        default_factory=list, description="Prerequisites not yet activated in this session."
    )
    output: dict[str, Any] | None = None


class SkillFile(BaseModel):
    name: str
    path: str
    size: int
    mime_type: str
    encoding: Literal["utf-8", "base64"]
    content: str


class MatchSignal(BaseModel):
    type: str
    detail: str
    weight: float


class Match(BaseModel):
    name: str
    score: float
    signals: list[MatchSignal]
    injected: bool = Field(True, description="False when the token budget left no room for its body.")


class MatchResult(BaseModel):
    matches: list[Match]
    prompt: str
    degraded: str | None = Field(
        None,
        description="What matching went without, when it did: meaning (no embedder yet) or a failed translation.",
    )


class Problem(BaseModel):
    path: str
    scope: Scope
    name: str | None = None
    reason: str
    findings: list[dict[str, str | int]] = Field(default_factory=list)
    loaded: bool = Field(False, description="True: the skill is served despite these errors; False: it was skipped.")


class FeedbackResult(BaseModel):
    name: str
    rating: Rating
    recorded: bool = True
    stats: SkillStats


class SkillStats(BaseModel):
    name: str
    total_activations: int = 0
    auto_activations: int = 0
    manual_activations: int = 0
    chain_activations: int = 0
    helpful: int = 0
    partially_helpful: int = 0
    not_helpful: int = 0
    helpful_rate: float = 0.0
    adopted: int = 0
    adoption_rate: float = 0.0
    multiplier: float = Field(
        1.0,
        description="Applied to match scores: 1.2 for skills that helped, 0.6 for unhelpful ones; 1.0 below 5 uses.",
    )


class StatsResult(BaseModel):
    skills: list[SkillStats]


class AdoptionSignal(BaseModel):
    type: Literal["code_pattern", "keyword_match", "problem_solved", "problem_persists"]
    confidence: float
    evidence: str


class Suggestion(BaseModel):
    id: str
    skill: str
    type: Literal["trigger_update", "new_skill"]
    current: str
    suggested: str
    reason: str
    confidence: float
    status: Literal["pending", "applied", "dismissed"] = "pending"


class UsageReport(BaseModel):
    name: str
    adopted: bool
    confidence: float
    signals: list[AdoptionSignal]
    feedback_request: str | None = Field(
        None, description="A question to ask the user now about how the skill did, or None."
    )
    recommendation: Suggestion | None = Field(
        None, description="A new skill worth saving, drafted from what was just done, or None."
    )
    suggestions: list[Suggestion] = Field(default_factory=list, description="Pending improvements (apply to confirm).")


class SuggestionList(BaseModel):
    suggestions: list[Suggestion]


class ApplyResult(BaseModel):
    suggestion: Suggestion
    applied: bool
    path: str | None = None
    preview: str = Field("", description="The SKILL.md frontmatter after the change.")


class ScopeChange(BaseModel):
    name: str
    scope: Scope | Literal["all"]
    disabled: bool
    active: SkillSummary | None = Field(None, description="What the name resolves to now.")


class InstallResult(BaseModel):
    name: str
    version: str | None = None
    scope: Scope
    path: str
    sha256: str | None = None
    replaced: bool = False
    warnings: list[str] = Field(default_factory=list)


FeedbackResult.model_rebuild()
