"""What a run does: notify the user, call a tool of another Cairn server, POST a webhook, or ask an LLM.

| action    | output kept on the run                 | fails when                                        |
|-----------|----------------------------------------|---------------------------------------------------|
| notify    | the attention gate's decision          | never (a suppressed notification is a decision)   |
| tool      | the tool's result (JSON or text)       | the tool errs or exceeds tool_timeout_seconds     |
| webhook   | HTTP status and the start of the body  | non-2xx, timeout, connection refused              |
| prompt    | the model's answer                     | no model answers                                  |

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
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

import httpx
from fastmcp import Client, FastMCP
from pydantic import TypeAdapter

from servers import catalog
from servers.core.llm import LLMError, create_llm
from servers.core.secretfiles import secret_file
from servers.core.settings import CairnSettings
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

if TYPE_CHECKING:
    from servers.scheduler.store import SchedulerStore

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


def parse_action(data: dict[str, Any]) -> Action:
    return _ACTION.validate_python(data)


class ServerPool:
    """Other Cairn servers built in this process on first use, called through an in-memory MCP client."""

    def __init__(self, settings: CairnSettings) -> None:
        self.settings = settings
        self._servers: dict[str, FastMCP] = {}
        self._tools: dict[str, set[str]] = {}
        self._lock = asyncio.Lock()

    async def server(self, name: str) -> FastMCP:
        if name == "scheduler":
            raise SchedulerInputError("a job cannot call the scheduler's own tools; create or change jobs directly")
        if name not in catalog.names():
            raise SchedulerInputError(
                f"unknown server {name!r} for a tool action; choose one of: {', '.join(catalog.names())}"
            )
        async with self._lock:
            if name not in self._servers:
                self._servers[name] = catalog.factory(name)(self.settings)
            return self._servers[name]

    async def tools(self, name: str) -> set[str]:
        if name not in self._tools:
            server = await self.server(name)
            async with Client(server) as client:
                self._tools[name] = {tool.name for tool in await client.list_tools()}
        return self._tools[name]

    async def call(self, name: str, tool: str, arguments: dict[str, Any], timeout: float) -> str:
        server = await self.server(name)
        async with Client(server) as client:
            result = await client.call_tool(tool, arguments, timeout=timeout, raise_on_error=False)
        text = "\n".join(getattr(block, "text", "") for block in result.content)
        if result.is_error:
            raise ActionFailed(f"{name}.{tool} failed: {text[:1000]}")
        if result.structured_content is not None:
            return json.dumps(result.structured_content, ensure_ascii=False)
        return text


class ActionRunner:
    def __init__(
        self, settings: CairnSettings, gate: AttentionGate, clock: Clock, store: SchedulerStore | None = None
    ) -> None:
        self.settings = settings
        self.gate = gate
        self.clock = clock
        self.store = store
        self.pool = ServerPool(settings)
        self._secret: bytes | None = None

    # --- validation at create/update time ----------------------------------------------------------------

    async def validate(self, action: Action) -> None:
        """Refuse an action that could never run, with the reason and the fix."""
        if isinstance(action, ToolAction):
            tools = await self.pool.tools(action.server)
            if action.tool not in tools:
                raise SchedulerInputError(
                    f"unknown tool {action.tool!r} on server {action.server!r}; "
                    f"its tools are: {', '.join(sorted(tools))}"
                )
            if len(json.dumps(action.arguments)) > 20_000:
                raise SchedulerInputError("tool arguments are limited to 20,000 characters of JSON")
        elif isinstance(action, WebhookAction):
            parsed = urlparse(action.url)
            if parsed.scheme not in ("http", "https") or not parsed.hostname:
                raise SchedulerInputError(f"webhook url {action.url!r} must be an absolute http:// or https:// URL")
            if len(action.headers) > 20:
                raise SchedulerInputError("a webhook takes at most 20 extra headers")
        elif isinstance(action, PromptAction):
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
        if isinstance(action, NotifyAction):
            return await self._notify(ctx, action)
        if isinstance(action, ToolAction):
            output = await self.pool.call(
                action.server, action.tool, action.arguments, self.settings.scheduler.tool_timeout_seconds
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
            elif self.store is not None and self.store.postgres:
                # Several instances share the database: a receiver must verify every run with one key.
                self._secret = self.store.shared_secret(WEBHOOK_SECRET)
            else:
                self._secret = _stored_secret(self.settings.data_dir("scheduler") / "webhook.secret")
        return self._secret

    async def _webhook(self, ctx: RunContext, action: WebhookAction) -> str:
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
            "X-Cairn-Timestamp": timestamp,
            "X-Cairn-Signature": f"sha256={signature}",
            "X-Cairn-Run-Id": ctx.run_id,
            "Idempotency-Key": f"{ctx.job_id}:{ctx.scheduled_for:.3f}",
        }
        timeout = action.timeout_seconds or self.settings.scheduler.webhook_timeout_seconds
        try:
            async with httpx.AsyncClient(timeout=timeout, follow_redirects=False) as http:
                response = await http.post(action.url, content=body, headers=headers)
        except httpx.TimeoutException:
            raise ActionFailed(f"webhook {action.url} timed out after {timeout:g} s") from None
        except httpx.HTTPError as exc:
            raise ActionFailed(f"webhook {action.url} could not be reached: {exc}") from None
        summary = f"HTTP {response.status_code}: {response.text[:500]}"
        if not response.is_success:
            raise ActionFailed(f"webhook {action.url} answered {summary}")
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
            )
            results = json.loads(raw).get("results", [])
        except (ActionFailed, SchedulerInputError, ValueError, KeyError) as exc:
            # Memory is context, not the task: a prompt still runs without it.
            return f"(memory unavailable: {exc})"
        return "\n".join(f"- {r.get('content', '')}" for r in results)


def _stored_secret(path: Path) -> bytes:
    """A random key kept beside the data, readable by its owner only, made on first use."""
    return secret_file(path)
