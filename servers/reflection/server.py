"""The reflection MCP server: thin tools over :class:`ReflectionService`.

Task reports come in through ``reflect`` or from every ``memory_capture_task`` of a memory server on the
same home or database, in this process (``cairn serve all``) or another (through the event outbox).
Accepted skill suggestions are written to ``$CAIRN_HOME/skills/user/<name>/SKILL.md`` — the user scope
the skills server loads. With no LLM configured (``CAIRN_LLM_MODEL``), ``reflect`` asks the client's own model
through MCP sampling when the client offers it, and falls back to the rules when it does not or fails
(``Reflection.method`` says which ran).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

import anyio
import anyio.to_thread
from fastmcp import Context, FastMCP
from mcp_types import (
    InputRequiredResult,
)
from pydantic import Field

from servers.core import sampling, warmup
from servers.core.errors import domain_tools
from servers.core.identity import resolve_user
from servers.core.notify import EventNotifications, notifying
from servers.reflection import llm_paths
from servers.reflection.curiosity import check_needs, sampled_needs
from servers.reflection.models import (
    AuditLog,
    BeliefKind,
    Contradiction,
    ContradictionList,
    Experience,
    ExperienceList,
    ExperienceResult,
    Mutation,
    MutationList,
    MutationType,
    OutcomeResult,
    PatternReport,
    Reflection,
    ReflectionList,
    Rule,
    RuleList,
    RuleStatus,
    SignalKind,
    SignalResult,
    SkillSuggestion,
    SuggestionList,
    TaskReport,
    Trigger,
    UserModel,
    Variant,
)
from servers.reflection.mutations import MUTATION_SCHEMA
from servers.reflection.proactive_models import GapReport, InitiativeReport
from servers.reflection.relevance_llm import check_relevance
from servers.reflection.scrub import scrub
from servers.reflection.service import ReflectionService
from servers.reflection.settings import ReflectionServerSettings
from servers.reflection.triggers import listening

ADMIN_SCOPE = "reflection:admin"
log = logging.getLogger(__name__)

INSTRUCTIONS = """Learning from finished tasks. After a task, call reflect with its report (or let memory_capture_task
do it). Strategies proposed by 3 independent reflections become probation rules; report each use of a rule with
rule_record_outcome so rules earn their place. rules_list(status="active") gives the rules to follow,
user_model_get the user's confident preferences, experience_find similar past tasks, skill_suggestions
workflows worth saving as skills."""

UserId = Annotated[
    str,
    Field(
        pattern=r"^[A-Za-z0-9][A-Za-z0-9._@+-]{0,127}$",
        description="Whose data (1-128 chars). Ignored in favour of the token's subject when authenticated.",
    ),
]
Id = Annotated[str, Field(min_length=1, max_length=64)]
Target = Annotated[
    str,
    Field(pattern=r"^(rule|skill):[A-Za-z0-9_.-]{1,128}$", description="'rule:<rule id>' or 'skill:<skill name>'."),
]
TaskId = Annotated[str | None, Field(max_length=200, description="The task this use belongs to (A/B attribution).")]

_RO = {"readOnlyHint": True}
_WRITE = {"readOnlyHint": False, "destructiveHint": False}


# --- the client's model, asked through MCP sampling -------------------------------------------------------

REFLECTION_SCHEMA = "reflection.schema.json"


async def _ask_client_model(
    ctx: Context, svc: ReflectionService, report: TaskReport, user_id: str, timeout_s: float
) -> dict[str, Any] | InputRequiredResult | None:
    """The reflection the client's model gives for the LLM path's prompt, checked against the same schema with
    one retry (:mod:`servers.core.sampling`); an ``InputRequiredResult`` asking for it (2026-07-28); or None for
    the rule-based path. The answer counts only for this user's report (the basis)."""
    if not sampling.offered(ctx):
        return None
    scrubbed = scrub(report.model_dump())
    rules = await anyio.to_thread.run_sync(svc.rules.live, user_id)
    prompt = llm_paths.reflection_prompt(scrubbed, [r.text for r in rules])
    check = functools.partial(llm_paths.check_answer, schema_name=REFLECTION_SCHEMA)
    return await _ask(ctx, "reflection", prompt, [user_id, scrubbed], check, timeout_s)


async def _ask(
    ctx: Context,
    key: str,
    prompt: str,
    basis: list[Any],
    check: Callable[[str], tuple[sampling.Answer | None, str]],
    timeout_s: float,
    max_tokens: int | None = None,
) -> sampling.Answer | InputRequiredResult | None:
    """Ask the client's model one question, checked by ``check`` and asked once more with what was wrong. The
    answer counts only for the same ``basis`` (the user and what was asked about); ``max_tokens`` caps a short
    answer, else the question's own default stands."""
    question = sampling.Question(
        key=key,
        prompt=prompt,
        basis=json.dumps(basis, sort_keys=True, ensure_ascii=False),
        check=check,
        retry=functools.partial(llm_paths.retry_prompt, prompt),
    )
    if max_tokens is not None:
        question = dataclasses.replace(question, max_tokens=max_tokens)
    return await sampling.ask(ctx, question, timeout_s)


def create_server(
    settings: ReflectionServerSettings | None = None, *, service: ReflectionService | None = None
) -> FastMCP:
    settings = settings or ReflectionServerSettings()
    svc = service or ReflectionService(settings)

    @asynccontextmanager
    async def lifespan(_: FastMCP) -> AsyncIterator[dict[str, Any]]:
        warmup.later(svc.embedder.start_background_load)  # strategy matching by meaning once loaded; lexical until then
        if svc.second is not None:
            warmup.later(svc.second.start_background_load)  # initiative relevance by USE once loaded
        # Captures reach reflection through the durable event outbox, from this process or any other.
        async with listening(svc) as reader, notifying(reader.outbox if reader else None):
            yield {"reflection": svc}

    mcp = FastMCP(
        "cairn-reflection", instructions=INSTRUCTIONS, version="0.1.0", lifespan=lifespan, mask_error_details=True
    )
    tool = domain_tools(mcp)
    mcp.add_middleware(EventNotifications(svc.bus, ADMIN_SCOPE))

    def user(requested: str | None) -> str:
        return resolve_user(requested, admin_scope=ADMIN_SCOPE)

    # --- reflection ----------------------------------------------------------------------------------

    @tool(annotations=_WRITE)
    async def reflect(
        task_report: TaskReport, ctx: Context, trigger: Trigger = "post_task", user_id: UserId = "default"
    ) -> Reflection | InputRequiredResult:
        """Reflect on a finished task: outcome, efficiency, error diagnosis (A missing information, B strategy,
        C tool misuse, D model limit), 1-3 strategies with confidence, capability gaps. trigger: post_task (all
        five), error (fast path: diagnosis and strategies), feedback (with user_feedback/user_reaction). Trace ≤ 500
        steps, texts ≤ 4,000 chars; personal data and secrets are scrubbed before storage. MEDIUM/HIGH strategies
        seen in 3 different tasks become probation rules; HIGH severity + HIGH confidence become active at once;
        one that contradicts a rule opens a contradiction report instead."""
        me = user(user_id)
        answer = None
        if svc.llm is None:  # no model of our own: the client's, when it offers sampling
            asked = await _ask_client_model(ctx, svc, task_report, me, settings.llm_timeout_s)
            if isinstance(asked, InputRequiredResult):
                return asked  # 2026-07-28: the client samples, then calls again with the answer
            answer = asked
        return await anyio.to_thread.run_sync(functools.partial(svc.reflect, task_report, me, trigger, answer))

    @tool(annotations=_WRITE)
    def reflect_review(
        day: Annotated[str | None, Field(pattern=r"^\d{4}-\d{2}-\d{2}$", description="UTC day; default today.")] = None,
        user_id: UserId = "default",
    ) -> Reflection:
        """Periodic review of one day's tasks: what no single task shows (a step slow in most tasks, a tool failing
        across tasks). Meant for a daily scheduler job."""
        return svc.review_day(user(user_id), day)

    @tool(annotations=_RO)
    def reflections_list(
        limit: Annotated[int, Field(ge=1, le=100)] = 20, trigger: Trigger | None = None, user_id: UserId = "default"
    ) -> ReflectionList:
        """Recent reflections, newest first (at most 100)."""
        return ReflectionList(reflections=svc.reflections(user(user_id), limit, trigger))

    # --- rules ---------------------------------------------------------------------------------------

    @tool(annotations=_RO)
    def rules_list(status: RuleStatus | None = None, user_id: UserId = "default") -> RuleList:
        """Rules learned from reflections: active first, then by importance. status: probation, active, deprecated."""
        return RuleList(rules=svc.rules.all(user(user_id), status))

    @tool(annotations=_RO)
    def rule_get(rule_id: Id, user_id: UserId = "default") -> Rule:
        """One rule with its counters (uses, successes, agrees, disagrees) and every version."""
        return svc.rules.get(user(user_id), rule_id)

    @tool(annotations=_WRITE)
    def rule_record_outcome(
        rule_id: Id, success: bool, task_id: TaskId = None, user_id: UserId = "default"
    ) -> OutcomeResult:
        """Record one use of a rule. After 5 uses a probation rule becomes active (success ≥ 0.7) or deprecated;
        an active rule whose last 5 uses fall below 0.4 is deprecated."""
        return svc.record_outcome(user(user_id), f"rule:{rule_id}", success, task_id)

    @tool(annotations=_WRITE)
    def rule_edit(
        rule_id: Id,
        reason: Annotated[str, Field(min_length=1, max_length=500)],
        text: Annotated[str | None, Field(max_length=1000)] = None,
        scenario: Annotated[str | None, Field(max_length=1000)] = None,
        user_id: UserId = "default",
    ) -> Rule:
        """Change a rule's text or scenario; the old text stays as a version (see rule_rollback)."""
        return svc.rules.edit(user(user_id), rule_id, text, scenario, reason)

    @tool(annotations=_WRITE)
    def rule_rollback(rule_id: Id, version: Annotated[int, Field(ge=1)], user_id: UserId = "default") -> Rule:
        """Restore an earlier version's text as a new version (history is never rewritten)."""
        return svc.rules.rollback(user(user_id), rule_id, version)

    @tool(annotations=_WRITE)
    def rule_set_status(
        rule_id: Id,
        status: RuleStatus,
        reason: Annotated[str, Field(min_length=1, max_length=500)],
        user_id: UserId = "default",
    ) -> Rule:
        """A person's decision on a rule (e.g. deprecate one that is wrong). Rules are never deleted."""
        return svc.rules.change_status(user(user_id), rule_id, status, reason)

    @tool(annotations=_RO)
    def contradictions_list(
        status: Literal["open", "kept_rule", "replaced", "dismissed"] | None = "open", user_id: UserId = "default"
    ) -> ContradictionList:
        """Reports of strategies that contradict a rule; escalate=true means a person should decide."""
        return ContradictionList(contradictions=svc.contradictions(user(user_id), status))

    @tool(annotations=_WRITE)
    def contradiction_resolve(
        report_id: Id, action: Literal["keep_rule", "replace", "dismiss"], user_id: UserId = "default"
    ) -> Contradiction:
        """Decide a contradiction: keep the rule, replace its text with the strategy (a new version), or dismiss."""
        return svc.resolve_contradiction(user(user_id), report_id, action)

    @tool(annotations=_RO)
    def audit_log(
        subject_id: Annotated[str | None, Field(max_length=200, description="A rule, mutation, … id.")] = None,
        limit: Annotated[int, Field(ge=1, le=500)] = 50,
        user_id: UserId = "default",
    ) -> AuditLog:
        """The append-only log of every change to rules, mutations, beliefs, suggestions and experiences."""
        return AuditLog(entries=svc.store.audit_entries(user(user_id), subject_id, limit))

    # --- mutations -----------------------------------------------------------------------------------

    @tool(annotations=_WRITE)
    def skill_record_outcome(
        skill: Annotated[str, Field(pattern=r"^[A-Za-z0-9_.-]{1,128}$")],
        success: bool,
        task_id: TaskId = None,
        user_id: UserId = "default",
    ) -> OutcomeResult:
        """Record one use of a skill (for mutation eligibility and A/B tests)."""
        return svc.record_outcome(user(user_id), f"skill:{skill}", success, task_id)

    @tool(annotations=_WRITE)
    async def mutation_propose(
        target: Target,
        ctx: Context,
        type: MutationType | None = None,
        variant: Annotated[str | None, Field(max_length=20000, description="A hand-written variant.")] = None,
        rationale: Annotated[str | None, Field(max_length=2000)] = None,
        user_id: UserId = "default",
    ) -> Mutation | InputRequiredResult:
        """Propose a mutation of a skill or rule with ≥ 10 uses and success ≥ 0.85 (last 20). Types: A parameter
        (LOW risk), B reorder (MEDIUM), C replace a step (MEDIUM), D new strategy (HIGH, waits for approval).
        Without `variant` one is generated: by the configured LLM, else by the client's model through sampling
        when the client offers it, else by rules (`method` says llm or rules). A/B testing starts at once except
        for D."""
        me = user(user_id)
        answer = None
        if variant is None and svc.llm is None and sampling.offered(ctx):
            asked = await _ask_for_mutations(ctx, me, target, settings.llm_timeout_s)
            if isinstance(asked, InputRequiredResult):
                return asked  # 2026-07-28: the client samples, then calls again with the answer
            answer = asked
        propose = functools.partial(svc.mutations.propose, me, target, type, variant, rationale, answer)
        return await anyio.to_thread.run_sync(propose)

    async def _ask_for_mutations(
        ctx: Context, me: str, target: str, timeout_s: float
    ) -> sampling.Answer | InputRequiredResult | None:
        prompt = await anyio.to_thread.run_sync(svc.mutations.generation_prompt, me, target)
        check = functools.partial(llm_paths.check_answer, schema_name=MUTATION_SCHEMA)
        return await _ask(ctx, "mutation", prompt, [me, target, prompt], check, timeout_s)

    @tool(annotations=_WRITE)
    def mutation_approve(mutation_id: Id, approve: bool, user_id: UserId = "default") -> Mutation:
        """Approve (start its A/B test) or reject a mutation awaiting approval."""
        return svc.mutations.approve(user(user_id), mutation_id, approve)

    @tool(annotations=_RO)
    def mutations_list(target: Target | None = None, user_id: UserId = "default") -> MutationList:
        """Mutations with their status and A/B decision; with a target, also whether it is eligible."""
        me = user(user_id)
        mutations = svc.mutations.all(me, target)
        if target is None:
            return MutationList(mutations=mutations)
        ok, reason, _, _ = svc.mutations.eligibility(me, target)
        return MutationList(mutations=mutations, eligible=ok, reason=reason)

    @tool(annotations=_WRITE)
    def variant_for(
        target: Target, task_id: Annotated[str, Field(min_length=1, max_length=200)], user_id: UserId = "default"
    ) -> Variant:
        """Which version of a skill or rule to use for this task. During an A/B test uses alternate between
        original and variant; the same task always gets the same arm. Report the result with *_record_outcome."""
        return svc.mutations.variant_for(user(user_id), target, task_id)

    # --- user model ----------------------------------------------------------------------------------

    @tool(annotations=_WRITE)
    def user_signal(
        dimension: Annotated[
            str,
            Field(
                min_length=1,
                max_length=64,
                description="e.g. verbosity, format, language; for a goal or drive its short name (launch, learning)",
            ),
        ],
        value: Annotated[str, Field(min_length=1, max_length=200)],
        kind: SignalKind,
        belief_type: BeliefKind = "preference",
        intensity: Annotated[int | None, Field(ge=1, le=5, description="A drive's strength 1-5 (default 3).")] = None,
        until: Annotated[
            str | None, Field(pattern=r"^\d{4}-\d{2}-\d{2}$", description="When a goal ends, YYYY-MM-DD.")
        ] = None,
        user_id: UserId = "default",
    ) -> SignalResult:
        """A preference signal: explicit (user said so), edit (user changed the output), choice (picked an option;
        counts after 3 consistent ones), follow_up (asked for more), silence (recorded only).
        belief_type goal (a current focus, optional `until`) or drive (a motivation, `intensity` 1-5) files it as
        goal:<dimension> / drive:<dimension>; only drives of intensity ≥ 4 prompt initiatives."""
        me = user(user_id)
        return svc.users.signal(me, dimension, value, kind, belief_kind=belief_type, intensity=intensity, until=until)

    @tool(annotations=_RO)
    def user_model_get(include_all: bool = False, user_id: UserId = "default") -> UserModel:
        """The user's preferences, goals and drives held with confidence > 0.6, goals past their end left out
        (include_all for every belief)."""
        return svc.users.get(user(user_id), include_all=include_all)

    @tool(annotations={"readOnlyHint": False, "destructiveHint": True, "idempotentHint": False})
    def user_belief_remove(
        dimension: Annotated[
            str, Field(min_length=1, max_length=80, description="As user_model_get shows it, e.g. goal:launch.")
        ],
        user_id: UserId = "default",
    ) -> dict[str, str]:
        """Forget a belief (preference, goal or drive) with its evidence; the audit log keeps what it was, and a
        removed goal is not inferred again from old requests."""
        return {"removed": svc.users.remove(user(user_id), dimension)}

    # --- initiative and curiosity ---------------------------------------------------------------------

    @tool(annotations=_RO)
    async def initiative_evaluate(
        task: Annotated[str, Field(min_length=1, max_length=4000)],
        ctx: Context,
        limit: Annotated[int, Field(ge=1, le=5)] = 2,
        user_id: UserId = "default",
    ) -> InitiativeReport | InputRequiredResult:
        """What the user's goals, strong drives (intensity ≥ 4) and recurring requests say about this task:
        goal_alignment, drive_nudge, pattern_suggestion, each with a message, a confidence and its source. Only
        those at or above the calibrated bar, best first, at most `limit` (1-5). Relevance is judged by the
        configured model when CAIRN_LLM_MODEL is set, else by your own model through sampling when this client
        offers it (one question per task, the user's goals and strong drives listed; a bad answer is asked once
        more, then the offline judgement stands), else by meaning once the encoder has loaded, else by shared
        words (`method` says which ran); a task that is another person's matter ("my cousin's MBA essay") fits no
        goal that does not name them. Task ≤ 4,000 chars."""
        me = user(user_id)
        sampled = None
        if svc.llm is None and sampling.offered(ctx):
            asked = await _ask_relevance(ctx, me, task)
            if isinstance(asked, InputRequiredResult):
                return asked  # 2026-07-28: the client samples, then calls again with the answer
            sampled = set(asked["relevant"]) if asked is not None else None
        evaluate = functools.partial(svc.proactive.evaluate, me, task, limit, sampled)
        return await anyio.to_thread.run_sync(evaluate)

    async def _ask_relevance(ctx: Context, me: str, task: str) -> sampling.Answer | InputRequiredResult | None:
        prompt = await anyio.to_thread.run_sync(svc.proactive.relevance_prompt, me, task)
        if prompt is None:
            return None  # no goal or strong drive: nothing to ask the model about
        return await _ask(
            ctx, "initiative_relevance", prompt, [me, prompt], check_relevance, settings.llm_timeout_s, 300
        )

    @tool(annotations=_WRITE)
    def initiative_feedback(
        source: Annotated[str, Field(min_length=1, max_length=200, description="The initiative's source.")],
        accepted: bool,
        task: Annotated[str, Field(min_length=1, max_length=4000)],
        user_id: UserId = "default",
    ) -> dict[str, str]:
        """The user took up (accepted) or waved off an initiative. Accepted: evidence for its goal or drive (once per
        task). Dismissed: initiatives from that source weigh 20 % less per dismissal for 30 days."""
        return {"recorded": svc.proactive.feedback(user(user_id), source, accepted, task)}

    @tool(annotations=_RO)
    async def gaps_detect(
        task: Annotated[str, Field(min_length=1, max_length=4000)],
        ctx: Context,
        draft: Annotated[str | None, Field(max_length=20000, description="The agent's draft answer, if any.")] = None,
        known: Annotated[
            list[Annotated[str, Field(max_length=2000)]] | None,
            Field(max_length=50, description="Facts the agent already has (recalled memories, context); ≤ 50."),
        ] = None,
        user_id: UserId = "default",
    ) -> GapReport | InputRequiredResult:
        """What the task needs and who holds each need (the task, memory/context, the agent, or only the user),
        and after a draft its hedging, indecision and conflicts with the user's preferences. Questions for the
        user come most urgent first, each with why, options where possible and the default without an answer:
        ask the first, one at a time. Pass recalled memories as `known` (the context server's context_gaps does
        that itself). Needs are listed by the configured LLM, else by your own model through sampling when this
        client offers it (a bad answer is asked once more), else by rules (`method` says which)."""
        me = user(user_id)
        facts = known or []
        sampled = None
        if svc.llm is None and sampling.offered(ctx):
            asked = await _ask_needs(ctx, me, task, facts)
            if isinstance(asked, InputRequiredResult):
                return asked  # 2026-07-28: the client samples, then calls again with the answer
            sampled = sampled_needs(asked) if asked is not None else None
        gaps = functools.partial(svc.proactive.gaps, me, task, draft, facts, sampled)
        return await anyio.to_thread.run_sync(gaps)

    async def _ask_needs(
        ctx: Context, me: str, task: str, facts: list[str]
    ) -> sampling.Answer | InputRequiredResult | None:
        prompt = await anyio.to_thread.run_sync(svc.proactive.needs_prompt, me, task, facts)
        return await _ask(ctx, "gap_needs", prompt, [me, prompt], check_needs, settings.llm_timeout_s, 800)

    # --- patterns, suggestions, experience ----------------------------------------------------------

    @tool(annotations=_WRITE)
    def patterns_detect(user_id: UserId = "default") -> PatternReport:
        """Find repeated questions, tools failing across tasks and workflows repeated ≥ 3 times (last 30 days);
        workflows no existing skill covers become skill suggestions."""
        return svc.detect_patterns(user(user_id))

    @tool(annotations=_RO)
    def skill_suggestions(
        status: Literal["open", "accepted", "dismissed"] | None = "open", user_id: UserId = "default"
    ) -> SuggestionList:
        """Suggested skills with their SKILL.md (linted)."""
        return SuggestionList(suggestions=svc.suggestions.all(user(user_id), status))

    @tool(annotations=_WRITE)
    def skill_suggestion_accept(suggestion_id: Id, user_id: UserId = "default") -> SkillSuggestion:
        """Save a suggested skill to $CAIRN_HOME/skills/user/<name>/SKILL.md (refused if that folder exists)."""
        return svc.suggestions.accept(user(user_id), suggestion_id)

    @tool(annotations=_WRITE)
    def skill_suggestion_dismiss(suggestion_id: Id, user_id: UserId = "default") -> SkillSuggestion:
        """Dismiss a suggestion; the same workflow is not suggested again."""
        return svc.suggestions.dismiss(user(user_id), suggestion_id)

    @tool(annotations=_WRITE)
    def experience_find(
        query: Annotated[str, Field(min_length=1, max_length=2000)],
        limit: Annotated[int, Field(ge=1, le=10)] = 3,
        user_id: UserId = "default",
    ) -> ExperienceResult:
        """Past successful interactions similar to a request: score > 0.8 → reuse (admitted patterns only),
        0.5-0.8 → reference, else plan from scratch. Score = same task type 0.1 + fit × (content 0.6 +
        updated within 7 days 0.15 + success rate > 0.8 0.15), where fit is how much the two requests share
        (files, error names, identifiers, commands, words); `shared` says what matched."""
        return svc.experiences.find(user(user_id), query, limit)

    @tool(annotations=_WRITE)
    def experience_record_use(
        experience_id: Id,
        success: bool,
        duration_ms: Annotated[int | None, Field(ge=0)] = None,
        user_id: UserId = "default",
    ) -> Experience:
        """Report how reusing an experience went; its success rate, status and admission follow."""
        return svc.experiences.record_use(user(user_id), experience_id, success, duration_ms)

    @tool(annotations=_RO)
    def experience_list(user_id: UserId = "default") -> ExperienceList:
        """Every interaction pattern kept for this user, with status."""
        return ExperienceList(experiences=svc.experiences.all(user(user_id)))

    @tool(annotations={"readOnlyHint": False, "destructiveHint": True, "idempotentHint": True})
    def experience_delete(experience_id: Id, user_id: UserId = "default") -> dict[str, str]:
        """Mark an experience useless: it is deleted at once."""
        return {"deleted": svc.experiences.delete(user(user_id), experience_id)}

    # --- resources -----------------------------------------------------------------------------------

    @mcp.resource("reflection://rules/active", mime_type="text/markdown")
    def active_rules() -> str:
        """The current user's active rules as a list ready to put in a prompt."""
        rules = svc.rules.all(user(None), "active")
        return "\n".join(f"- {r.text}" + (f" (when: {r.scenario})" if r.scenario else "") for r in rules) or "(none)"

    @mcp.resource("reflection://events", mime_type="application/json")
    def events() -> list[dict[str, Any]]:
        """Recent reflection events (reflections, rule changes, patterns, suggestions)."""
        me = user(None)
        mine = ("reflection.", "rule.", "mutation.", "pattern.", "skill.suggested")
        return [
            e.as_dict()
            for e in svc.bus.recent(100)
            if e.type.startswith(mine) and e.payload.get("user_id") in (None, me)
        ]

    return mcp
