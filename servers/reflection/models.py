"""The reflection server's data shapes and errors; tool signatures and schemas are built from these."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from servers.core.failures import DomainError

Confidence = Literal["HIGH", "MEDIUM", "LOW"]
Severity = Literal["HIGH", "MEDIUM", "LOW"]
ErrorCategory = Literal["A", "B", "C", "D"]
Trigger = Literal["post_task", "error", "periodic", "feedback"]
Reaction = Literal["satisfied", "modified", "follow_up", "complained", "none"]
RuleStatus = Literal["probation", "active", "deprecated"]
MutationType = Literal["A", "B", "C", "D"]
MutationStatus = Literal["awaiting_approval", "testing", "kept", "discarded", "inconclusive", "rejected"]
SignalKind = Literal["explicit", "choice", "edit", "follow_up", "silence"]
BeliefKind = Literal["preference", "goal", "drive"]

CONFIDENCE_RANK = {"LOW": 0, "MEDIUM": 1, "HIGH": 2}

MAX_TEXT = 4000
MAX_STEPS = 500


class ReflectionInputError(DomainError, ValueError):
    """The caller sent something the reflection server cannot accept; the message says what and why."""


class NotFound(DomainError, LookupError):
    def __init__(self, kind: str, ident: str) -> None:
        super().__init__(f"no {kind} with id {ident!r} for this user")


# --- input ---------------------------------------------------------------------------------------------


class TraceStep(BaseModel):
    tool: str = Field(min_length=1, max_length=200, description="Tool (or agent action) name.")
    arguments: dict[str, Any] | str | None = None
    ok: bool = True
    error: str | None = Field(None, max_length=MAX_TEXT)
    result: str | None = Field(
        None,
        max_length=MAX_TEXT,
        description="What the call printed, as far as the host kept it: a look's output names what a retry then "
        "used (the run id `gh run list` printed, which `gh run watch` lacked).",
    )
    duration_ms: int | None = Field(None, ge=0)
    tokens: int | None = Field(None, ge=0)
    cwd: str | None = Field(
        None,
        max_length=1000,
        description="The folder the call ran in, when known: lessons then name files as the project names them.",
    )


class ProposedStrategy(BaseModel):
    """A lesson the agent itself drew from the task; reflected on like the rule-based ones."""

    strategy: str = Field(min_length=3, max_length=1000)
    scenario: str = Field("", max_length=1000, description="When it applies.")
    expected_effect: str = Field("", max_length=1000)
    confidence: Confidence = "MEDIUM"
    severity: Severity = "LOW"


class TaskReport(BaseModel):
    """One finished (or failed) task, as the memory server captures it or a host reports it."""

    task: str = Field(min_length=1, max_length=MAX_TEXT, description="The original request.")
    outcome: str = Field("success", max_length=MAX_TEXT, description="success, failure, partial, or why.")
    trace: list[TraceStep] = Field(default_factory=list, max_length=MAX_STEPS)
    task_id: str | None = Field(None, max_length=200, description="Stable id; repeats of one task count once.")
    final_output: str | None = Field(None, max_length=MAX_TEXT)
    user_reaction: Reaction = "none"
    user_feedback: str | None = Field(None, max_length=MAX_TEXT, description="What the user said about the result.")
    strategies: list[ProposedStrategy] = Field(default_factory=list, max_length=3)
    session_id: str | None = Field(None, max_length=200)
    record_experience: bool = Field(True, description="False keeps this task out of the experience library.")


# --- reflection ----------------------------------------------------------------------------------------


class Diagnosis(BaseModel):
    step: int | None = None
    tool: str | None = None
    category: ErrorCategory
    root_cause: str
    severity: Severity = "LOW"


class Lesson(BaseModel):
    """A lesson read off a failure and its recovery in a trace, as data: what failed and what fixed it."""

    tool: str = Field(description="The tool that failed (Bash, Edit, …).")
    step: str = Field(description="The step: a command head such as `git push`, or the tool.")
    phrase: str = Field(
        description="The error's key phrase, e.g. 'rejected (non-fast-forward)', 'ModuleNotFoundError'."
    )
    fix: list[str] = Field(default_factory=list, description="Commands run between the failure and the success.")
    reread: bool = Field(False, description="The file was read again before the retry.")
    run_as: str | None = Field(None, description="How the succeeding call was run instead (interpreter, wrapper).")
    general: str = Field("", description="The lesson worded without the details that vary between tasks.")
    also: list[str] = Field(default_factory=list, description="Other steps the same failure showed in.")
    added: list[str] = Field(
        default_factory=list,
        max_length=20,
        description="Words the edit that fixed it added (`js:`, `true`): an edit-fix is a lesson only when the "
        "same words fixed it in every task.",
    )
    added_lines: list[str] = Field(
        default_factory=list,
        max_length=5,
        description="The lines that edit added, as written (`if (!mounted) return;`): how the rule shows the fix.",
    )
    changed_lines: list[str] = Field(
        default_factory=list,
        max_length=5,
        description="The lines that edit changed in place, as they read after it: where a word it inserted goes.",
    )
    quoted_lines: list[str] = Field(
        default_factory=list,
        max_length=5,
        description='The lines that edit only put quotes into, as they read after it (`src: "{{ ca_file }}"`).',
    )
    written: list[str] = Field(
        default_factory=list,
        max_length=300,
        description="Words of a file the fix wrote whole: it added some of them, which ones is unknown without "
        "its before.",
    )
    around: list[str] = Field(
        default_factory=list,
        max_length=20,
        description="Words the edit that fixed it kept around its change (`$fillable`): where the fix goes when "
        "every task edited the same place.",
    )
    files: list[str] = Field(
        default_factory=list,
        max_length=5,
        description="The names of the files that edit wrote (`Directory.Packages.props`): where the fix goes when "
        "every task edited the same one.",
    )
    removed: list[str] = Field(
        default_factory=list,
        max_length=20,
        description="Words the edit that fixed it took out (`rpx`, where it wrote `px`): with the words added, a "
        "replacement that recurs is the lesson.",
    )
    adds_named: bool = Field(
        False,
        description="The edit that fixed it added a name the error quoted (`terraform` of ‘terraform-1.9.8’): with "
        "one file edited every time, adding what the error names there is the lesson.",
    )
    named_values: list[str] = Field(
        default_factory=list,
        max_length=3,
        description="What the error quoted that the edit wrote (`for example` of \"Use 'for example' instead of "
        "'e.g.'\"): edits in different files that each wrote what their error quoted are one lesson.",
    )
    suggested: list[str] = Field(
        default_factory=list,
        max_length=3,
        description="The commands the error offered together, one of which fixed it (`pod repo update` or `pod "
        "install --repo-update`): tasks that ran either learned one lesson.",
    )
    error_words: list[str] = Field(
        default_factory=list,
        max_length=200,
        description="The error message's telling words (no quoted values, paths or ids): two occurrences of one "
        "failure share most of them even when their key phrases differ.",
    )
    tasks: list[str] = Field(
        default_factory=list,
        max_length=5,
        description="What the user asked in the tasks it was learned in (their first words): a new task like one of "
        "them may meet the same failure although it names neither the error nor the step.",
    )


class Strategy(BaseModel):
    strategy: str
    scenario: str = ""
    expected_effect: str = ""
    confidence: Confidence = "MEDIUM"
    severity: Severity = "LOW"
    key: str | None = Field(
        None, description="Error signature => fix, for lessons read off a trace: one key is one lesson."
    )
    lesson: Lesson | None = None


class Efficiency(BaseModel):
    steps: int = 0
    failed_steps: int = 0
    redundant_calls: list[str] = Field(default_factory=list)
    slowest: list[str] = Field(default_factory=list)
    total_ms: int | None = None
    notes: list[str] = Field(default_factory=list)


class Outcome(BaseModel):
    status: Literal["success", "partial", "failure"]
    score: float = Field(ge=0, le=1)
    summary: str


class Reflection(BaseModel):
    id: str
    user_id: str
    task_id: str
    trigger: Trigger
    task: str
    outcome: Outcome | None = None
    efficiency: Efficiency | None = None
    errors: list[Diagnosis] = Field(default_factory=list)
    strategies: list[Strategy] = Field(default_factory=list)
    gaps: list[str] = Field(default_factory=list)
    method: Literal["rules", "llm", "sampling"] = Field(
        "rules",
        description="Where the analysis came from: rules over the trace, the configured LLM (CAIRN_LLM_MODEL), or "
        "the MCP client's model asked through sampling.",
    )
    created_at: str
    promoted: list[str] = Field(default_factory=list, description="Rules created or reinforced by this reflection.")
    contradictions: list[str] = Field(default_factory=list, description="Contradiction reports it produced.")


class ReflectionList(BaseModel):
    reflections: list[Reflection]


# --- rules ---------------------------------------------------------------------------------------------


class RuleVersion(BaseModel):
    version: int
    text: str
    scenario: str
    reason: str
    created_at: str


class Rule(BaseModel):
    id: str
    user_id: str
    text: str
    scenario: str = ""
    expected_effect: str = ""
    status: RuleStatus
    version: int = 1
    emergency: bool = False
    uses: int = 0
    successes: int = 0
    success_rate: float | None = None
    agrees: int = Field(0, description="Later reflections that proposed the same strategy (ExpeL upvotes).")
    disagrees: int = Field(0, description="Contradicting strategies seen (ExpeL downvotes).")
    edits: int = 0
    importance: int = Field(2, description="2 + agrees - disagrees; at 0 the rule is deprecated, never deleted.")
    sources: list[str] = Field(default_factory=list, description="Reflections that proposed it.")
    created_at: str
    updated_at: str
    versions: list[RuleVersion] = Field(default_factory=list)
    key: str | None = Field(None, description="For a lesson from failures: its error signature => fix.")
    lesson: Lesson | None = Field(None, description="The failure it is about and the fix, when it came from traces.")


class RuleList(BaseModel):
    rules: list[Rule]


class Contradiction(BaseModel):
    id: str
    user_id: str
    rule_id: str
    rule_text: str
    strategy: str
    reflection_id: str
    status: Literal["open", "kept_rule", "replaced", "dismissed"] = "open"
    escalate: bool = Field(False, description="Touches a HIGH-severity matter: a person should decide.")
    created_at: str


class AuditEntry(BaseModel):
    seq: int
    at: str
    subject: str
    subject_id: str
    action: str
    detail: dict[str, Any]


class OutcomeResult(BaseModel):
    target: str
    uses: int
    successes: int
    status: str | None = None
    mutation: MutationDecision | None = None


# --- mutations -----------------------------------------------------------------------------------------


class MutationDecision(BaseModel):
    decision: Literal["keep", "discard", "inconclusive"]
    original_rate: float
    variant_rate: float
    original_uses: int
    variant_uses: int


class Mutation(BaseModel):
    id: str
    user_id: str
    target: str = Field(description="'rule:<id>' or 'skill:<name>'.")
    type: MutationType
    risk: Literal["LOW", "MEDIUM", "HIGH"]
    status: MutationStatus
    original: str
    variant: str
    rationale: str = ""
    expected_change: str = Field(default="", description="The behaviour the variant is expected to change.")
    risks: str = ""
    verification: str = ""
    rounds: int = 0
    method: Literal["rules", "llm", "manual"] = "rules"
    decision: MutationDecision | None = None
    created_at: str
    decided_at: str | None = None


class MutationList(BaseModel):
    mutations: list[Mutation]
    eligible: bool | None = None
    reason: str | None = None


class Variant(BaseModel):
    target: str
    task_id: str
    arm: Literal["original", "variant"]
    mutation_id: str | None = None
    text: str | None = None


# --- user model ----------------------------------------------------------------------------------------


class Belief(BaseModel):
    dimension: str
    value: str
    confidence: float
    evidence_count: int
    contradictions: int
    needs_confirmation: bool
    confirmed: bool
    last_updated: str
    reversed_from: str | None = Field(None, description="The value the user replaced with this one, if any.")
    reversals: int = Field(0, description="How often the user changed this preference.")
    kind: BeliefKind = Field("preference", description="preference, goal (a current focus) or drive (a motivation).")
    intensity: int | None = Field(None, description="A drive's strength, 1-5.")
    until: str | None = Field(None, description="When a goal ends (YYYY-MM-DD); past it the goal is not used.")


class UserModel(BaseModel):
    user_id: str
    beliefs: list[Belief]
    threshold: float


class SignalResult(BaseModel):
    applied: bool
    reason: str
    belief: Belief | None = None


# --- patterns and suggestions --------------------------------------------------------------------------


class Detection(BaseModel):
    kind: Literal["repeated_question", "tool_failure", "workflow_sequence"]
    key: str
    frequency: int
    confidence: float
    evidence: list[str] = Field(description="Task ids behind it.")
    suggestion: str
    detail: dict[str, Any] = Field(default_factory=dict)


class SkillSuggestion(BaseModel):
    id: str
    name: str
    description: str
    tools: list[str]
    occurrences: int
    success_rate: float
    confidence: float
    status: Literal["open", "accepted", "dismissed"] = "open"
    skill_md: str
    path: str | None = None
    created_at: str


class PatternReport(BaseModel):
    detections: list[Detection]
    suggestions: list[SkillSuggestion]
    covered: list[str] = Field(default_factory=list, description="Sequences skipped: an existing skill covers them.")


# --- interaction experience ----------------------------------------------------------------------------


class Experience(BaseModel):
    id: str
    user_id: str
    name: str
    signature: str
    task_type: str
    entities: list[str]
    keywords: list[str]
    tool_chain: list[str]
    steps: list[dict[str, Any]]
    usage_count: int
    success_count: int
    failure_count: int
    consecutive_failures: int
    success_rate: float
    avg_duration_ms: int | None = None
    status: Literal["draft", "candidate", "admitted", "untrusted", "archived"]
    created_at: str
    updated_at: str
    last_queried_at: str | None = None
    task: str = Field(
        "",
        description="The request it was extracted from, scrubbed and clipped; later requests are scored against "
        "it (empty for experiences stored before it was kept: their keywords and entities stand in).",
    )


class ExperienceMatch(BaseModel):
    experience: Experience
    score: float
    mode: Literal["reuse", "reference"]
    parts: dict[str, float]
    shared: list[str] = Field(
        default_factory=list,
        description="What the request and the experience have in common, heaviest first: file:, err:, cmd:, "
        "prog:, id:, route:, shape:, host:, ext: terms, and w: (word stems) / zh: (Chinese character pairs).",
    )


class ExperienceResult(BaseModel):
    matches: list[ExperienceMatch]
    advice: Literal["reuse", "reference", "plan_from_scratch"]


class ContradictionList(BaseModel):
    contradictions: list[Contradiction]


class AuditLog(BaseModel):
    entries: list[AuditEntry] = Field(description="Newest first.")


class SuggestionList(BaseModel):
    suggestions: list[SkillSuggestion]


class ExperienceList(BaseModel):
    experiences: list[Experience]


OutcomeResult.model_rebuild()
