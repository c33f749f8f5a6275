"""What a run does: notify the user, call a tool of another Cairn server, POST a webhook, or ask an LLM.

| action  | output kept on the run                | fails when                                                      |
|---------|---------------------------------------|-----------------------------------------------------------------|
| notify  | the attention gate's decision         | never (a suppressed notification is a decision)                 |
| tool    | the tool's result (JSON or text)      | the tool errs, times out, or the job's owner lacks its scope    |
| webhook | HTTP status and the start of the body | non-2xx, timeout, refused, a non-public address not allowlisted |
| prompt  | the model's answer                    | no model answers                                                |

Every run acts for its job's owner (:class:`RunContext.principal`): a tool call runs through the target
server's scope guard as that principal. A webhook reaches only public addresses, checked on the address
connected to, unless ``CAIRN_SCHEDULER__WEBHOOK_ALLOW`` names the destination (:mod:`servers.core.egress`).

Webhook requests carry ``X-Cairn-Signature: sha256=<hex>``, an HMAC-SHA256 of ``"<timestamp>." + body``
under the webhook secret, with the timestamp in ``X-Cairn-Timestamp``; ``Idempotency-Key`` is the same
for every attempt of one occurrence so a receiver can drop a retry it already handled.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import importlib.util
import json
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

import httpx
from pydantic import TypeAdapter

from servers.core.egress import EgressRefused, check_headers, guarded_client, redact_url
from servers.core.llm import LLMError, create_llm
from servers.core.principal import Principal, recheck
from servers.core.secretfiles import secret_file
from servers.core.toolcalls import CallFailed, NoOtherServers, ToolCaller, UnknownServerOrTool
from servers.scheduler.attention import AttentionGate
from servers.scheduler.clock import Clock, iso
from servers.scheduler.models import (
    Action,
    NotifyAction,
    PromptAction,
    SchedulerInputError,
    ToolAction,
    WebhookAction,
)
from servers.scheduler.settings import SchedulerServerSettings

if TYPE_CHECKING:
    from servers.scheduler.storage.store import SchedulerStore

WEBHOOK_SECRET = "webhook"  # its name among the scheduler's shared secrets (PostgreSQL)

MAX_OUTPUT_CHARS = 4000
_ACTION: TypeAdapter[Action] = TypeAdapter(Action)
_SYSTEM = (
    "You are running a scheduled task for the user, unattended. Answer in the user's language, concisely; "
    "the answer is delivered to them as a notification. Memory recalled for context follows the task."
)


class ActionFailed(RuntimeError):
    """The action ran and did not succeed; the message is kept on the run."""


@dataclass(frozen=True)
class RunContext:
    run_id: str
    job_id: str
    job_name: str
    user_id: str
    scheduled_for: float
    attempt: int
    trigger: str
    action: dict[str, Any]
    principal: Principal | None = None  # whom the run acts for; None: the job was made without authentication


def parse_action(data: dict[str, Any]) -> Action:
    return _ACTION.validate_python(data)


class ServerPool:
    """The other Cairn servers a job may call (the suite's :class:`ToolCaller`): every server but the
    scheduler itself, called as the job's owner, with failures turned into the scheduler's errors."""

    def __init__(self, servers: ToolCaller | None) -> None:
        self.servers = servers or NoOtherServers()

    async def scope_needed(self, name: str, tool: str) -> str:
        self._callable(name)
        try:
            return await self.servers.scope_needed(name, tool)
        except UnknownServerOrTool as exc:
            raise SchedulerInputError(str(exc)) from None

    async def call(
        self, name: str, tool: str, arguments: dict[str, Any], timeout: float, *, principal: Principal | None
    ) -> str:
        self._callable(name)
        try:
            return await self.servers.call(name, tool, arguments, timeout=timeout, principal=principal)
        except UnknownServerOrTool as exc:
            raise SchedulerInputError(str(exc)) from None
        except CallFailed as exc:
            raise ActionFailed(str(exc)) from None

    @staticmethod
    def _callable(name: str) -> None:
        # Unknown servers are refused by the ToolCaller, whose error the callers above translate.
        if name == "scheduler":
            raise SchedulerInputError("a job cannot call the scheduler's own tools; create or change jobs directly")


class ActionRunner:
    def __init__(
        self,
        settings: SchedulerServerSettings,
        gate: AttentionGate,
        clock: Clock,
        store: SchedulerStore | None = None,
        tools: ToolCaller | None = None,
    ) -> None:
        self.settings = settings
        self.gate = gate
        self.clock = clock
        self.store = store
        self.pool = ServerPool(tools)
        self._secret: bytes | None = None

    # --- validation at create/update time ----------------------------------------------------------------

    async def validate(self, action: Action, *, user_id: str = "default", principal: Principal | None = None) -> None:
        """Refuse an action that could never run, or that would need scopes its creator lacks, with the
        reason and the fix. ``principal`` is the creator (``None`` when unauthenticated: nothing to narrow)."""
        if isinstance(action, ToolAction):
            needed = await self.pool.scope_needed(action.server, action.tool)
            if len(json.dumps(action.arguments)) > 20_000:
                raise SchedulerInputError("tool arguments are limited to 20,000 characters of JSON")
            if principal is not None:
                _check_tool_scopes(action, needed, user_id, principal)
        elif isinstance(action, WebhookAction):
            parsed = urlparse(action.url)
            if parsed.scheme not in ("http", "https") or not parsed.hostname:
                raise SchedulerInputError(f"webhook url {action.url!r} must be an absolute http:// or https:// URL")
            if len(action.headers) > 20:
                raise SchedulerInputError("a webhook takes at most 20 extra headers")
            try:
                # Only what is known without DNS: a host name is checked when the run connects.
                self.settings.scheduler.webhook_policy().check_url(action.url)
                check_headers(action.headers)
            except EgressRefused as exc:
                raise SchedulerInputError(f"webhook {redact_url(action.url)} {exc}") from None
        elif isinstance(action, PromptAction):
            if principal is not None and action.recall_limit and not principal.has("memory:read"):
                raise SchedulerInputError(
                    "this prompt job recalls memory (recall_limit > 0), which needs the 'memory:read' scope your "
                    "token lacks; set recall_limit to 0 or sign in with memory:read"
                )
            if not (action.model or self.settings.llm_model):
                raise SchedulerInputError(
                    "a 'prompt' job needs an LLM and none is configured: set CAIRN_LLM_MODEL "
                    "(e.g. 'openai/gpt-4o-mini' or 'ollama/llama3') or give action.model; "
                    "a 'notify' job can remind the user without one"
                )
            if importlib.util.find_spec("litellm") is None:
                raise SchedulerInputError("a 'prompt' job needs litellm: pip install 'cairn[llm]'")

    # --- execution ----------------------------------------------------------------------------------------

    async def run(self, ctx: RunContext) -> str:
        action = parse_action(ctx.action)
        if ctx.principal is not None:
            # Checked on every run, not only at creation: a removed user's jobs stop, and scopes their user
            # has lost since are gone from their jobs too.
            verdict = await asyncio.to_thread(recheck, ctx.principal)
            if isinstance(verdict, str):
                raise ActionFailed(f"this job acts for {ctx.principal.subject!r}, who may no longer act: {verdict}")
            ctx = replace(ctx, principal=verdict)
        if isinstance(action, NotifyAction):
            return await self._notify(ctx, action)
        if isinstance(action, ToolAction):
            output = await self.pool.call(
                action.server,
                action.tool,
                action.arguments,
                self.settings.scheduler.tool_timeout_seconds,
                principal=ctx.principal,
            )
            return output[:MAX_OUTPUT_CHARS]
        if isinstance(action, WebhookAction):
            return await self._webhook(ctx, action)
        return await self._prompt(ctx, action)

    async def _notify(self, ctx: RunContext, action: NotifyAction) -> str:
        notification = await asyncio.to_thread(
            self.gate.submit,
            user_id=ctx.user_id,
            type=action.kind or ctx.job_name,
            message=action.message,
            title=action.title or ctx.job_name,
            priority=action.priority,
            job_id=ctx.job_id,
            run_id=ctx.run_id,
            defer=action.defer_quiet_hours,
        )
        reason = f": {notification.reason}" if notification.reason else ""
        return f"notification {notification.id} {notification.status}{reason}"

    def webhook_secret(self) -> bytes:
        if self._secret is None:
            configured = self.settings.scheduler.webhook_secret
            if configured is not None:
                self._secret = configured.get_secret_value().encode()
            else:
                # On PostgreSQL several instances share the database: a receiver must verify every run with
                # one key, so it is a row there, and a 0600 file beside the data on SQLite.
                file = self.settings.data_dir("scheduler") / "webhook.secret"
                self._secret = (
                    secret_file(file) if self.store is None else self.store.shared_secret(WEBHOOK_SECRET, file)
                )
        return self._secret

    async def _webhook(self, ctx: RunContext, action: WebhookAction) -> str:
        policy = self.settings.scheduler.webhook_policy()
        shown = redact_url(action.url)
        try:
            # Again at run time: for jobs stored before these checks, or before the allowlist was narrowed.
            policy.check_url(action.url)
            check_headers(action.headers)
        except EgressRefused as exc:
            raise ActionFailed(f"webhook {shown} {exc}") from None
        body = json.dumps(
            {
                "job": {"id": ctx.job_id, "name": ctx.job_name},
                "run": {
                    "id": ctx.run_id,
                    "scheduled_for": iso(ctx.scheduled_for),
                    "attempt": ctx.attempt,
                    "trigger": ctx.trigger,
                },
                "payload": action.payload,
            },
            ensure_ascii=False,
            separators=(",", ":"),
        ).encode()
        timestamp = str(int(self.clock.now()))
        signature = hmac.new(self.webhook_secret(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
        headers = {
            **action.headers,
            "Content-Type": "application/json",
            "User-Agent": "cairn-scheduler/0.1",
            # Only the start of the answer is kept: uncompressed, so it is readable and cannot inflate.
            "Accept-Encoding": "identity",
            "X-Cairn-Timestamp": timestamp,
            "X-Cairn-Signature": f"sha256={signature}",
            "X-Cairn-Run-Id": ctx.run_id,
            "Idempotency-Key": f"{ctx.job_id}:{ctx.scheduled_for:.3f}",
        }
        timeout = action.timeout_seconds or self.settings.scheduler.webhook_timeout_seconds
        try:
            # One deadline for the whole exchange: httpx's timeouts are per read, which a receiver that
            # trickles its answer never trips.
            async with (
                asyncio.timeout(timeout),
                guarded_client(policy, timeout=timeout) as http,
                http.stream("POST", action.url, content=body, headers=headers) as response,
            ):
                start = b""
                async for chunk in response.aiter_raw():
                    start += chunk
                    if len(start) >= 2048:  # enough bytes for 500 characters of UTF-8
                        break
        except EgressRefused as exc:
            raise ActionFailed(f"webhook {shown} {exc}") from None
        except (TimeoutError, httpx.TimeoutException):
            raise ActionFailed(f"webhook {shown} timed out after {timeout:g} s") from None
        except httpx.HTTPError as exc:
            raise ActionFailed(f"webhook {shown} could not be reached: {exc}") from None
        text = start[:2048].decode(response.encoding or "utf-8", errors="replace")
        summary = f"HTTP {response.status_code}: {text[:500]}"
        if not response.is_success:
            raise ActionFailed(f"webhook {shown} answered {summary}")
        return summary

    async def _prompt(self, ctx: RunContext, action: PromptAction) -> str:
        model = action.model or self.settings.llm_model
        llm = create_llm(model, self.settings.llm_timeout_s)
        if llm is None:
            raise ActionFailed("no LLM model is configured (CAIRN_LLM_MODEL) for this prompt job")
        context = await self._recall(ctx, action) if action.recall_limit else ""
        task = action.prompt if not context else f"{action.prompt}\n\nRecalled memory:\n{context}"
        try:
            answer = await asyncio.to_thread(llm.complete, task, system=_SYSTEM)
        except LLMError as exc:
            raise ActionFailed(str(exc)) from None
        if action.notify:
            await asyncio.to_thread(
                self.gate.submit,
                user_id=ctx.user_id,
                type=ctx.job_name,
                message=answer[:MAX_OUTPUT_CHARS],
                title=ctx.job_name,
                priority=action.priority,
                job_id=ctx.job_id,
                run_id=ctx.run_id,
            )
        return answer[:MAX_OUTPUT_CHARS]

    async def _recall(self, ctx: RunContext, action: PromptAction) -> str:
        query = (action.memory_query or action.prompt)[:2000]
        try:
            raw = await self.pool.call(
                "memory",
                "memory_recall",
                {"query": query, "limit": action.recall_limit, "user_id": ctx.user_id},
                self.settings.scheduler.tool_timeout_seconds,
                principal=ctx.principal,
            )
            results = json.loads(raw).get("results", [])
        except (ActionFailed, SchedulerInputError, ValueError, KeyError) as exc:
            # Memory is context, not the task: a prompt still runs without it.
            return f"(memory unavailable: {exc})"
        return "\n".join(f"- {r.get('content', '')}" for r in results)


def _check_tool_scopes(action: ToolAction, needed: str, user_id: str, principal: Principal) -> None:
    """The creator must hold what the call will need when it runs as them: the tool's scope, and the
    server's admin scope to name another user in the arguments."""
    if not principal.has(needed):
        raise SchedulerInputError(
            f"this job would call {action.server}.{action.tool}, which needs the {needed!r} scope; the token "
            f"creating it has: {', '.join(sorted(principal.scopes)) or 'no scopes'}"
        )
    named = action.arguments.get("user_id")
    admin = f"{action.server}:admin"
    if named not in (None, "default", user_id, principal.subject) and not principal.has(admin):
        raise SchedulerInputError(
            f"this job's arguments name user {named!r}; acting for another user needs the {admin!r} scope"
        )
