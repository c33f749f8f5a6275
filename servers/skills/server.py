"""The skills MCP server: thin tools, resources and prompts over :class:`SkillsService`."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import AsyncIterator, Mapping
from contextlib import AbstractContextManager, asynccontextmanager, suppress
from typing import Annotated, Any, Literal

from fastmcp import Context, FastMCP
from pydantic import Field

from servers.core import warmup
from servers.core.completions import Completions
from servers.core.errors import domain_tools, resource_errors
from servers.core.event_views import visible
from servers.core.failures import DomainError
from servers.core.mcp_progress import in_thread
from servers.core.principal import current_principal
from servers.core.subscriptions import Subscriptions, Watch
from servers.skills import owners
from servers.skills.models import (
    NAME_PATTERN,
    SESSION_PATTERN,
    ActivatedSkill,
    ApplyResult,
    FeedbackResult,
    InstallResult,
    MatchResult,
    Rating,
    Scope,
    ScopeChange,
    SearchResult,
    SkillFile,
    SkillList,
    StatsResult,
    SuggestionList,
    UsageReport,
)
from servers.skills.prompts import SkillPrompts
from servers.skills.report import load_report
from servers.skills.service import SkillsService
from servers.skills.settings import SkillsServerSettings

log = logging.getLogger(__name__)

INSTRUCTIONS = """Skills: instructions and workflows the agent loads when a task calls for them.
Call match_skills with the user's task (and recent tool names) at the start of a task: it returns the skills
that fit and a ready-to-inject prompt. Browse with list_skills/search_skills, load one with activate_skill,
open its references with read_skill_file. After using a skill, report it (skill_report_usage) and pass on the
user's verdict (skill_feedback): that is how matching improves."""

SkillName = Annotated[
    str, Field(pattern=NAME_PATTERN, max_length=130, description="A skill name from list_skills or match_skills.")
]
SessionId = Annotated[
    str | None, Field(pattern=SESSION_PATTERN, description="Conversation id: enables cooldowns and follow-up.")
]
ScopeOrAll = Literal["system", "user", "project", "all"]


def create_server(settings: SkillsServerSettings | None = None, *, service: SkillsService | None = None) -> FastMCP:
    settings = settings or SkillsServerSettings()
    skills = service or SkillsService(settings)

    @asynccontextmanager
    async def lifespan(_: FastMCP) -> AsyncIterator[dict[str, Any]]:
        # Lint and load in the background: the host's handshake must not wait for a thousand skills.
        warmup.later(threading.Thread(target=_warm, args=(skills,), name="skills-load", daemon=True).start)
        if settings.skills.semantic_search:
            warmup.later(skills.embedder.start_background_load)
        skills.subscribe()
        try:
            yield {"skills": skills}
        finally:
            skills.unsubscribe()

    mcp = FastMCP(
        "cairn-skills", instructions=INSTRUCTIONS, version="0.1.0", lifespan=lifespan, mask_error_details=True
    )
    tool = domain_tools(mcp)
    mcp.add_provider(SkillPrompts(skills))

    @tool(annotations={"readOnlyHint": True})
    def list_skills(scope: Scope | None = None) -> SkillList:
        """Every usable skill as name + description (the cheap first level of progressive disclosure).
        Without scope: the skill each name resolves to (project > user > system, disabled ones left out).
        With scope: that scope's skills, each marked active, overridden or disabled. A skill with lint errors
        is still listed, with `lint_errors` > 0; `problems` counts skills with errors (skills://problems)."""
        return skills.list_skills(scope)

    @tool(annotations={"readOnlyHint": True})
    def search_skills(
        query: Annotated[str, Field(min_length=1, max_length=500, description="What you need help with.")],
        limit: Annotated[int, Field(ge=1, le=50)] = 10,
    ) -> SearchResult:
        """Find skills by name (typos tolerated), by words in their description, and by meaning (any
        language). Each hit says why it matched; `degraded` says when semantic ranking was unavailable."""
        return skills.search(query, limit)

    @tool(annotations={"readOnlyHint": False, "idempotentHint": True})
    def activate_skill(name: SkillName, session_id: SessionId = None) -> ActivatedSkill:
        """Load a skill's full instructions. A chain skill also returns its steps in order, each with the
        step's instructions and what it reads and produces; a step naming a missing skill is an error.
        `files` lists the references and scripts read_skill_file can open."""
        return skills.activate(name, session_id)

    @tool(annotations={"readOnlyHint": True})
    def read_skill_file(
        name: SkillName,
        path: Annotated[str, Field(min_length=1, max_length=500, description="Relative path, e.g. references/x.md")],
    ) -> SkillFile:
        """Read one file of a skill folder. Text comes back as UTF-8, other files as base64. Paths that
        leave the folder are refused; files over 1 MB (CAIRN_SKILLS__MAX_FILE_BYTES) are refused."""
        return skills.read_file(name, path)

    @tool(annotations={"readOnlyHint": False, "idempotentHint": False})
    def match_skills(
        task: Annotated[str, Field(min_length=1, max_length=8000, description="The user's request, as written.")],
        recent_tools: Annotated[
            list[Annotated[str, Field(max_length=200)]],
            Field(max_length=100, description="Tools called recently, newest last."),
        ] = [],  # noqa: B006 - pydantic copies defaults; the schema shows []
        slots: Annotated[
            dict[str, Annotated[str, Field(max_length=500)]],
            Field(max_length=50, description='Known context values, e.g. {"task_type": "research"}.'),
        ] = {},  # noqa: B006
        session_id: SessionId = None,
    ) -> MatchResult:
        """Pick the skills for a task (at most 3) and build the prompt section to inject. Scores come from
        intent patterns (0.5), recent tools (0.25 each), keywords (0.15 x share) and slots (0.1 each);
        skills without them match by meaning and words of their name + description (each match lists the
        signals that fired; `degraded` says when meaning was unavailable). With an LLM configured, it chooses among the
        8 closest of those skills (signal `llm_choice`; one call per new task, at most 10 s; if it fails, the match
        stands without it and `degraded` says why). Exclusive groups keep the highest priority;
        with a session_id, a skill's cooldown is respected. `prompt` holds the activated bodies (within a
        4000-token budget) and a compact index of the other skills."""
        return skills.match(task, recent_tools, slots, session_id)

    @tool(annotations={"readOnlyHint": False})
    def skill_feedback(
        name: SkillName,
        rating: Rating,
        comment: Annotated[str | None, Field(max_length=2000)] = None,
        session_id: SessionId = None,
    ) -> FeedbackResult:
        """Record whether a skill helped. After 5 activations, a helpful rate over 0.8 raises its match
        scores by 20%; under 0.3 (with 3+ not helpful) lowers them by 40%."""
        return skills.learning.feedback(name, rating, comment, session_id)

    @tool(annotations={"readOnlyHint": True})
    def skill_stats(name: SkillName | None = None) -> StatsResult:
        """Activations (auto, manual, chain), ratings, helpful and adoption rates, and the score multiplier,
        for one skill or every skill used so far."""
        return skills.learning.stats(name)

    @tool(annotations={"readOnlyHint": False})
    def skill_report_usage(
        name: SkillName,
        session_id: Annotated[str, Field(pattern=SESSION_PATTERN)],
        assistant_reply: Annotated[str, Field(max_length=50_000, description="The reply written with the skill.")],
        later_messages: Annotated[
            list[Annotated[str, Field(max_length=10_000)]],
            Field(max_length=20, description="User messages after the reply, oldest first."),
        ] = [],  # noqa: B006
    ) -> UsageReport:
        """After a reply that used a skill: detects whether it was adopted (its commands or vocabulary in
        the reply, no sign the problem persists), says when to ask the user for feedback (2-3 messages
        later, once per skill per session), may recommend saving a new skill for repeated unmatched
        requests, and lists pending improvement suggestions. Nothing is changed without confirmation."""
        return skills.learning.report_usage(name, session_id, assistant_reply, later_messages)

    @tool(annotations={"readOnlyHint": True})
    def skill_suggestions(name: SkillName | None = None) -> SuggestionList:
        """Pending improvements: trigger updates for existing skills and drafts of new skills."""
        return SuggestionList(suggestions=skills.learning.suggestions(name))

    @tool(annotations={"readOnlyHint": False, "destructiveHint": False})
    def skill_apply_suggestion(
        id: Annotated[str, Field(min_length=1, max_length=64)],
        action: Literal["preview", "apply", "dismiss"] = "preview",
    ) -> ApplyResult:
        """Preview, apply or dismiss a suggestion. Apply only after the user confirms: it rewrites the
        skill's frontmatter (a built-in skill is first copied to the user scope) or writes the new skill,
        and is refused if the result would not lint."""
        return skills.learning.apply(id, action)

    @tool(annotations={"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True})
    def skill_disable(name: SkillName, scope: ScopeOrAll = "all") -> ScopeChange:
        """Hide a skill. scope "all" hides the name everywhere; a single scope hides only that scope's
        copy, so the same name from the scope below shows through (project > user > system)."""
        return skills.set_enabled(name, scope, False)

    @tool(annotations={"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True})
    def skill_enable(name: SkillName, scope: ScopeOrAll = "all") -> ScopeChange:
        """Undo skill_disable for a scope ("all" clears every disable of the name)."""
        return skills.set_enabled(name, scope, True)

    @tool(annotations={"readOnlyHint": False, "destructiveHint": False})
    async def install_skill(
        ctx: Context,
        source: Annotated[
            str,
            Field(min_length=1, max_length=1000, description="A skill folder, a .zip/.tar.gz, or name[@version]."),
        ],
        scope: Literal["user", "project"] = "user",
        version: Annotated[str | None, Field(max_length=64)] = None,
        overwrite: bool = False,
    ) -> InstallResult:
        """Install a skill from a local folder or archive, or by name from the configured registry (the
        archive's sha256 must match the registry's). It is linted first: any lint error refuses it.
        With OAuth, only registry names are taken (a path would name a file on the server).
        Archives are limited to 20 MB and 2000 entries; an existing skill is replaced only with overwrite.
        Sends a progress notification as fetching, linting and installing start when the call carries a
        progressToken."""
        local_paths = current_principal() is None
        return await in_thread(ctx, skills.install, source, scope, version, overwrite, local_paths=local_paths)

    # --- resources -------------------------------------------------------------------------------------

    @mcp.resource("skill://{name}", mime_type="text/markdown")
    def skill_md(name: str) -> str:
        """A skill's SKILL.md, frontmatter included."""
        with _resource_errors():
            return skills.get(name).skill_md.read_text(encoding="utf-8")

    @mcp.resource("skill://{name}/{path*}")
    def skill_file(name: str, path: str) -> str | bytes:
        """Any file inside a skill folder (text or bytes; no path escapes)."""
        with _resource_errors():
            found = skills.read_file(name, path)
        if found.encoding == "utf-8":
            return found.content
        import base64

        return base64.b64decode(found.content)

    @mcp.resource("skills://problems", mime_type="application/json")
    def problems() -> str:
        """Skills with lint errors: served anyway (`loaded`), or not served and why."""
        return json.dumps([p.model_dump() for p in skills.problems()], ensure_ascii=False, indent=1)

    @mcp.resource("skills://events", mime_type="application/json")
    def events() -> list[dict[str, Any]]:
        """Recent skill events (activations, feedback, suggestions): with a token, of its user only; to an
        admin or without auth, of every user."""
        mine = visible([e for e in skills.bus.recent(200) if e.type.startswith("skill.")], owners.ADMIN_SCOPE)
        return [e.as_dict() for e in mine[-100:]]

    _offer_completions_and_updates(mcp, skills)
    return mcp


def _warm(skills: SkillsService) -> None:
    with suppress(Exception):  # a load failure is reported by the first call that needs the library
        library = skills.library()
        for line in load_report(skills.config, library.problems):
            log.warning(line)
        # Vectors of trigger-less skills, so the first match_skills does not embed the whole library.
        skills.warm_meaning()


def _resource_errors() -> AbstractContextManager[None]:
    return resource_errors(DomainError)


def _offer_completions_and_updates(mcp: FastMCP, skills: SkillsService) -> None:
    """Skill names as completions of the skill:// templates; a skill's files as subscribable resources."""

    def names(typed: str, known: Mapping[str, str]) -> list[str]:
        return sorted(skills.library().skills)

    completions = Completions("skills")
    completions.template("skill://{name}", "name", names)
    completions.template("skill://{name}/{path*}", "name", names)
    completions.install(mcp)

    # A skill is rebuilt (a new object) when any of its files changes, so identity tells what changed.
    seen: dict[str, object] = {}

    def look() -> list[Watch]:
        current = dict(skills.library().skills)
        changed = {n for n in seen.keys() | current.keys() if seen.get(n) is not current.get(n)}
        seen.clear()
        seen.update(current)
        return [Watch(f"skill/{name}") for name in sorted(changed)]

    def follow(uri: str) -> Watch | None:
        if not uri.startswith("skill://"):
            return None  # skills://problems and skills://events change with every call: not followed
        if not seen:
            look()  # the state the subscriber starts from
        return Watch(f"skill/{uri.removeprefix('skill://').split('/')[0]}")

    Subscriptions("skills", ("skill://", "skills://"), follow, poll=look).install(mcp)
