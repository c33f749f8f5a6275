"""The nodehost domain API: every call, from MCP or REST, passes the same gate and is audited the same way.

    policy (profile for client/role/transport) -> doom-loop guard -> checks (paths, program) ->
    approval when dangerous (or when the profile asks) -> run -> audit line + event

Cairn's own data (all of ``$CAIRN_HOME`` and any data folder configured elsewhere) is out of reach of every
tool, approved or not. An approval covers exactly what the user was shown: paths are resolved before asking,
and a call whose paths resolve differently afterwards is refused (:class:`TargetChanged`).

No MCP or HTTP imports here: asking the user is an :class:`Asker` the caller supplies (MCP elicitation, or
nobody for REST), and a protocol that must ask in a separate round gets a :class:`Pending` back.
"""

from __future__ import annotations

import asyncio
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import BaseModel

from servers.core.events import EventBus, default_bus
from servers.core.progress import AsyncReport
from servers.nodehost import desktop, files, pinned
from servers.nodehost.approval import Answer, ApprovalRequest, ApprovalStore
from servers.nodehost.args import (
    CaptureArgs,
    ClipboardArgs,
    EditArgs,
    GlobArgs,
    GrepArgs,
    MultiEditArgs,
    OpenArgs,
    OutputArgs,
    ReadArgs,
    RunArgs,
    ToolArgs,
    WriteArgs,
)
from servers.nodehost.audit import AuditLog
from servers.nodehost.errors import (
    ApprovalRefused,
    InputError,
    LoopDetected,
    NodehostError,
    PolicyDenied,
    TargetChanged,
)
from servers.nodehost.loopguard import LoopGuard
from servers.nodehost.models import (
    Capability,
    CaptureResult,
    ClipboardResult,
    OpenResult,
    OutputPage,
    Permissions,
    RunResult,
)
from servers.nodehost.paths import Workspace, choose_roots, real
from servers.nodehost.policy import TOOL_GROUPS, Access, Caller, PolicyFile, load_policy
from servers.nodehost.run import DEFAULT_EXECUTABLES, ExecPolicy, RunOutputs, RunPlan, execute, new_run_id, plan_run
from servers.nodehost.sandbox import choose_sandbox
from servers.nodehost.truncate import Page, page_lines, split_lines

if TYPE_CHECKING:
    from servers.nodehost.settings import NodehostServerSettings

APP_NAME = re.compile(r"^[\w][\w .+-]{0,99}$")
URL = re.compile(r"^(https?://|mailto:)\S+$", re.IGNORECASE)


@dataclass(frozen=True)
class Pending:
    """The protocol's way of asking in a separate round (an MCP ``InputRequiredResult``): return it as is."""

    payload: object


class Asker(Protocol):
    def can_ask(self) -> bool: ...

    async def ask(self, request: ApprovalRequest) -> Answer | Pending: ...


class NoAsker:
    """For callers that cannot reach a person (REST gateways): dangerous calls are refused."""

    def can_ask(self) -> bool:
        return False

    async def ask(self, request: ApprovalRequest) -> Answer | Pending:
        return "deny"


@dataclass(frozen=True)
class Assessment:
    reasons: list[str] = field(default_factory=list)
    binding: dict[str, Any] = field(default_factory=dict)
    plan: RunPlan | None = None
    path: str | None = None


class NodeHost:
    def __init__(
        self,
        settings: NodehostServerSettings,
        *,
        bus: EventBus | None = None,
        support: desktop.Support | None = None,
        clock: Callable[[], float] = time.monotonic,
        cwd: Path | None = None,
    ) -> None:
        ns = settings.nodehost
        self.settings = ns
        self.state_dir = settings.home / "nodehost"
        self.state_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.policy_path = ns.policy_file.expanduser() if ns.policy_file else self.state_dir / "policy.yaml"
        self.policy: PolicyFile = load_policy(self.policy_path)
        self.protected = protected_paths(settings, self.policy_path)
        self.roots_configured = bool(ns.roots or self.policy.roots)
        source = "CAIRN_NODEHOST__ROOTS" if ns.roots else f"policy file {self.policy_path}"
        self.workspace = choose_roots(
            ns.roots or self.policy.roots,
            configured_source=source,
            host_roots=None,
            cwd=cwd or Path.cwd(),
            protected=self.protected,
        )
        self.exec_policy = ExecPolicy.build(
            ns.executables or self.policy.executables or list(DEFAULT_EXECUTABLES),
            allow_shell=bool(ns.allow_shell if ns.allow_shell is not None else self.policy.allow_shell),
        )
        self.write_outside = ns.write_outside_roots or self.policy.write_outside_roots or "ask"
        self.sandbox = choose_sandbox(ns.sandbox)
        self.limits = files.Limits(ns.max_output_bytes, ns.max_line_chars, ns.default_read_limit, ns.max_file_bytes)
        self.audit = AuditLog(self.state_dir / "audit.jsonl")
        self.loops = LoopGuard(ns.loop_threshold, ns.loop_window_s, clock)
        self.approvals = ApprovalStore(self.state_dir / "approvals.json")
        self.approvals.drop_unowned()  # global approvals from older versions answer for nobody
        self.outputs = RunOutputs(self.state_dir / "runs", keep=ns.kept_runs)
        self.support = support or desktop.current()
        self.bus = bus or default_bus()

    # --- who may do what ---------------------------------------------------------------------------------------

    def workspace_for(self, host_roots: list[Path] | None) -> Workspace:
        """The configured roots; else the host's MCP roots when it offered some; else the working directory."""
        if self.roots_configured or not host_roots:
            return self.workspace
        return choose_roots(None, configured_source="", host_roots=host_roots, cwd=Path.cwd(), protected=self.protected)

    def access(self, caller: Caller, tool: str) -> Access:
        return self.policy.profile_for(caller).policy.access(tool)

    def permissions(self, caller: Caller, *, can_ask: bool, workspace: Workspace | None = None) -> Permissions:
        ws = workspace or self.workspace
        profile = self.policy.profile_for(caller)
        caps = {
            "clipboard_read": self.support.paste,
            "clipboard_write": self.support.copy,
            "open_url_or_file": self.support.open,
            "open_app": self.support.launch,
            "screen_capture": self.support.capture,
        }
        keys = {"clipboard_read": "paste", "clipboard_write": "copy", "open_url_or_file": "open"}
        keys |= {"open_app": "launch", "screen_capture": "capture"}
        return Permissions(
            profile=profile.name,
            client=caller.client,
            transport=caller.transport,
            roots=list(ws.roots),
            roots_source=ws.source,
            roots_notes=list(ws.notes),
            protected=list(ws.protected),
            tools={tool: profile.policy.access(tool) for tool in TOOL_GROUPS},
            executables=sorted(self.exec_policy.allowed),
            shell_allowed=self.exec_policy.allow_shell,
            sandbox=self.sandbox.describe(),
            write_outside_roots=self.write_outside,
            approval=Capability(
                available=can_ask,
                backend="MCP elicitation" if can_ask else None,
                missing=None if can_ask else "this client cannot be asked: dangerous calls are refused",
            ),
            desktop={
                name: Capability(
                    available=backend is not None,
                    backend=backend.name if backend else None,
                    missing=None if backend else self.support.missing.get(keys[name]),
                )
                for name, backend in caps.items()
            },
            loop_guard=f"{self.loops.threshold} identical calls within {self.loops.window_s:g} s are refused",
            limits={
                "max_output_bytes": self.limits.max_output_bytes,
                "max_line_chars": self.limits.max_line_chars,
                "default_timeout_s": self.settings.default_timeout_s,
                "max_timeout_s": self.settings.max_timeout_s,
                "max_file_bytes": self.limits.max_file_bytes,
            },
        )

    # --- the gate -----------------------------------------------------------------------------------------------

    async def call(
        self,
        tool: str,
        args: ToolArgs,
        caller: Caller,
        asker: Asker,
        *,
        workspace: Workspace | None = None,
        call_id: str | None = None,
        progress: AsyncReport | None = None,
    ) -> BaseModel | Pending:
        """Run one tool call through policy, loop guard, checks and approval; audit whatever happens.
        ``progress`` hears how a system_run goes (the other tools are quick)."""
        ws = workspace or self.workspace
        profile = self.policy.profile_for(caller)
        arguments = args.model_dump(exclude_none=True)
        started = time.monotonic()

        def audit(decision: str, **extra: Any) -> None:
            self.audit.record(
                client=caller.client,
                user=caller.user,
                transport=caller.transport,
                profile=profile.name,
                tool=tool,
                arguments=arguments,
                decision=decision,
                call_id=call_id,
                **extra,
            )

        access = profile.policy.access(tool)
        if access == "denied":
            message = f"{tool} is denied by the '{profile.name}' policy profile ({self.policy_path})"
            audit("denied", error=message)
            raise PolicyDenied(message)
        loop_key = LoopGuard.key(caller.client, tool, arguments, user=caller.user, session=caller.session)
        wait = self.loops.retry_after(loop_key)
        if wait is not None:
            message = self.loops.explain(tool, wait)
            audit("loop", error=message)
            self._event("tool.failed", tool, caller, decision="loop")
            raise LoopDetected(message)
        try:
            assessment = self._assess(tool, args, ws)
        except NodehostError as exc:
            audit("denied" if isinstance(exc, PolicyDenied) else "refused", error=str(exc))
            raise
        decision = await self._approve(tool, access, profile.name, assessment, caller, asker, audit)
        if isinstance(decision, Pending):
            return decision
        if decision == "approved" and isinstance(args, RunArgs):
            # The user may have taken minutes: the arguments must still resolve to what they were shown.
            try:
                self._recheck_run(args, ws, assessment)
            except NodehostError as exc:
                audit("refused", error=str(exc))
                raise
        self.loops.record(loop_key)
        try:
            if tool == "permissions":
                result: BaseModel = self.permissions(caller, can_ask=asker.can_ask(), workspace=ws)
            else:
                result = await self._run(tool, args, ws, assessment, caller, progress)
        except Exception as exc:
            message = str(exc) if isinstance(exc, NodehostError) else f"internal error ({type(exc).__name__})"
            audit(decision, error=message, duration_ms=_ms(started))
            self._event("tool.failed", tool, caller, decision=decision, error=message)
            raise
        exit_status = None
        if isinstance(result, RunResult):
            exit_status = result.exit_code if result.exit_code is not None else -(result.signal or 0)
        audit(decision, exit_status=exit_status, duration_ms=_ms(started))
        self._event("tool.called", tool, caller, decision=decision, duration_ms=_ms(started))
        return result

    async def _approve(
        self,
        tool: str,
        access: Access,
        profile: str,
        assessment: Assessment,
        caller: Caller,
        asker: Asker,
        audit: Callable[..., None],
    ) -> str | Pending:
        reasons = list(assessment.reasons)
        if access == "ask":
            reasons.append(f"the '{profile}' policy profile asks before each {tool} call")
        if not reasons:
            return "allowed"
        request = ApprovalRequest(tool, assessment.binding, reasons, user=caller.user, profile=profile)
        if self.approvals.is_granted(request):
            return "remembered"
        if not asker.can_ask():
            message = (
                f"{tool} needs the user's approval ({'; '.join(reasons)}), and this client cannot ask the user "
                "(no MCP elicitation support): refused. Use a host that supports elicitation, or let the user "
                "run it themselves."
            )
            audit("approval_unavailable", error=message)
            raise ApprovalRefused(message)
        answer = await asker.ask(request)
        if isinstance(answer, Pending):
            audit("approval_requested")
            self._event("approval.requested", tool, caller, reasons=reasons)
            return answer
        if answer == "deny":
            message = f"the user declined {tool} ({'; '.join(reasons)}): do not retry it; ask the user what to do"
            audit("approval_denied", error=message)
            raise ApprovalRefused(message)
        if answer == "always":
            self.approvals.grant(request, client=caller.client)
        return "approved"

    def _event(self, kind: str, tool: str, caller: Caller, **payload: Any) -> None:
        self.bus.publish_nowait(
            kind,
            {"server": "nodehost", "tool": tool, "client": caller.client, "transport": caller.transport, **payload},
        )

    # --- per-tool checks -------------------------------------------------------------------------------------------

    def _assess(self, tool: str, args: ToolArgs, ws: Workspace) -> Assessment:
        if isinstance(args, RunArgs):
            plan = plan_run(
                args.argv,
                args.cwd,
                args.env,
                ws=ws,
                policy=self.exec_policy,
                keep_env=self.settings.env_passthrough,
                sandbox=self.sandbox,
            )
            binding: dict[str, Any] = {"argv": plan.argv, "cwd": plan.cwd, "executable": plan.executable}
            if args.env:
                binding["env"] = dict(sorted(args.env.items()))
            if plan.outside:
                binding["paths_outside"] = [o.path for o in plan.outside]
            return Assessment(plan.reasons, binding, plan=plan)
        if isinstance(args, WriteArgs | EditArgs | MultiEditArgs):
            return self._assess_write(ws, args.path)
        if isinstance(args, CaptureArgs):
            stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
            return self._assess_write(ws, args.path or os.path.join(ws.primary, "screenshots", f"screen-{stamp}.png"))
        if isinstance(args, OpenArgs):
            return Assessment(binding={"target": self._open_target(args.target, ws)})
        if isinstance(args, ReadArgs):
            ws.readable(args.path)  # refused here, before anything is allowed or audited as allowed
        if isinstance(args, GlobArgs | GrepArgs):
            ws.directory(args.path)
        if isinstance(args, ClipboardArgs):
            if args.action == "write" and args.text is None:
                raise InputError("clipboard write needs 'text'")
            return Assessment(binding={"action": args.action})
        return Assessment(binding=args.model_dump(exclude_none=True))

    def _recheck_run(self, args: RunArgs, ws: Workspace, assessment: Assessment) -> None:
        fresh = self._assess("system_run", args, ws)
        if fresh.binding != assessment.binding:
            raise TargetChanged(
                "the paths named by the arguments changed while waiting for approval (they now resolve to "
                f"{fresh.binding.get('paths_outside', [])}, not {assessment.binding.get('paths_outside', [])}); "
                "nothing was run"
            )

    def _assess_write(self, ws: Workspace, raw: str) -> Assessment:
        path, inside = ws.writable(raw)
        if inside:
            return Assessment(binding={"path": path}, path=path)
        if self.write_outside == "deny":
            raise PolicyDenied(
                f"{raw!r} resolves to {path}, outside the workspace ({', '.join(ws.roots) or 'none'}), and the "
                "policy refuses writes outside it (write_outside_roots: deny)"
            )
        return Assessment([f"writes outside the workspace: {path}"], {"path": path}, path=path)

    def _open_target(self, target: str, ws: Workspace) -> str:
        if URL.match(target):
            return target
        if os.sep in target or (ws.roots and os.path.exists(ws.resolve(target))):
            return ws.directory(target)  # a file or folder: must be inside the workspace
        if APP_NAME.match(target):
            return target
        raise InputError("target must be an app name, an http(s)/mailto URL, or a file inside the workspace")

    # --- running ----------------------------------------------------------------------------------------------

    async def _run(
        self,
        tool: str,
        args: ToolArgs,
        ws: Workspace,
        assessment: Assessment,
        caller: Caller,
        progress: AsyncReport | None = None,
    ) -> BaseModel:
        limits = self.limits
        if isinstance(args, RunArgs):
            assert assessment.plan is not None
            return await self._system_run(args, assessment.plan, caller, progress)
        if isinstance(args, OutputArgs):
            return self._output_page(args, caller)
        if isinstance(args, ReadArgs):
            return await asyncio.to_thread(files.read_file, ws, args.path, offset=args.offset, limit=args.limit,
                                           limits=limits)  # fmt: skip
        if isinstance(args, WriteArgs):
            return await asyncio.to_thread(files.write_file, ws, args.path, args.content, approved=assessment.path)
        if isinstance(args, EditArgs | MultiEditArgs):
            items = [args] if isinstance(args, EditArgs) else args.edits
            edits = [files.EditSpec(e.old, e.new, e.replace_all) for e in items]
            return await asyncio.to_thread(
                files.edit_file, ws, args.path, edits, limits=limits, approved=assessment.path
            )
        if isinstance(args, GlobArgs):
            return await asyncio.to_thread(
                files.glob_files, ws, args.pattern, args.path, limit=args.limit, include_ignored=args.include_ignored
            )
        if isinstance(args, GrepArgs):
            return await asyncio.to_thread(
                files.grep_files,
                ws,
                args.pattern,
                args.path,
                file_pattern=args.file_pattern,
                ignore_case=args.ignore_case,
                context=args.context_lines,
                max_matches=args.max_matches,
                limits=limits,
            )
        if isinstance(args, ClipboardArgs):
            return await asyncio.to_thread(self._clipboard, args)
        if isinstance(args, OpenArgs):
            target = assessment.binding["target"]
            app = not (URL.match(target) or os.path.isabs(target))
            backend = await asyncio.to_thread(desktop.open_target, self.support, target, app=app)
            return OpenResult(target=target, backend=backend, launched=True)
        if isinstance(args, CaptureArgs):
            assert assessment.path is not None
            path = assessment.path
            await asyncio.to_thread(_capture_folder, path)
            backend = await asyncio.to_thread(desktop.capture, self.support, path)
            return CaptureResult(path=path, bytes=os.path.getsize(path), backend=backend)
        raise InputError(f"unknown tool {tool!r}")

    def _clipboard(self, args: ClipboardArgs) -> ClipboardResult:
        if args.action == "read":
            text, backend = desktop.paste(self.support)
            return ClipboardResult(action="read", text=text, bytes=len(text.encode("utf-8")), backend=backend)
        text = args.text or ""
        backend = desktop.copy(self.support, text)
        return ClipboardResult(action="write", bytes=len(text.encode("utf-8")), backend=backend)

    async def _system_run(
        self, args: RunArgs, plan: RunPlan, caller: Caller, progress: AsyncReport | None = None
    ) -> RunResult:
        timeout = min(args.timeout_s or self.settings.default_timeout_s, self.settings.max_timeout_s)
        done = await execute(plan, timeout_s=timeout, capture_bytes=self.settings.capture_bytes, progress=progress)
        run_id = new_run_id()
        budget = self.limits.max_output_bytes
        out_b, err_b = len(done.stdout), len(done.stderr)
        # stderr keeps at least a quarter of the budget when stdout alone would fill it.
        err_budget = budget if out_b + err_b <= budget else min(err_b, max(budget // 4, budget - out_b))
        out_budget = budget if out_b + err_b <= budget else budget - err_budget
        out_page = self._page(run_id, "stdout", done.stdout, out_budget)
        err_page = self._page(run_id, "stderr", done.stderr, err_budget)
        notes = list(done.notes)
        if args.timeout_s and args.timeout_s > self.settings.max_timeout_s:
            notes.append(f"timeout_s was capped at {self.settings.max_timeout_s:g} s (max_timeout_s)")
        cut = False
        for name, page, data, total in (
            ("stdout", out_page, done.stdout, done.stdout_total),
            ("stderr", err_page, done.stderr, done.stderr_total),
        ):
            long_lines = any(len(line) > self.limits.max_line_chars for line in page.text.split("\n"))
            if page.truncated or long_lines or total > len(data):
                cut = True
            if total > len(data):
                notes.append(f"{name} was {total:,} bytes; only the first {len(data):,} were kept")
        if cut:
            await asyncio.to_thread(self.outputs.save, run_id, done.stdout, done.stderr, owner=caller.user)
        return RunResult(
            run_id=run_id,
            argv=plan.argv,
            executable=plan.executable,
            cwd=plan.cwd,
            exit_code=done.exit_code,
            signal=done.signal,
            timed_out=done.timed_out,
            duration_ms=done.duration_ms,
            stdout=out_page.text if out_page.truncated else _join(out_page),
            stderr=err_page.text if err_page.truncated else _join(err_page),
            truncated=out_page.truncated or err_page.truncated,
            note="; ".join(notes) or None,
        )

    def _page(self, run_id: str, stream: str, data: bytes, budget: int) -> Page:
        return page_lines(
            split_lines(data.decode("utf-8", errors="replace")),
            limit=10**9,
            max_bytes=max(budget, 1),
            max_line_chars=self.limits.max_line_chars,
            numbered=False,
            how_to_page=f"Use system_output(run_id='{run_id}', stream='{stream}', offset={{next}})",
            what="Output",
        )

    def _output_page(self, args: OutputArgs, caller: Caller) -> OutputPage:
        page = self.outputs.page(
            args.run_id,
            args.stream,
            owner=caller.user,
            offset=args.offset,
            limit=args.limit or self.limits.default_read_limit,
            max_bytes=self.limits.max_output_bytes,
            line=self.limits.max_line_chars,
        )
        return OutputPage(
            run_id=args.run_id,
            stream=args.stream,
            content=page.text,
            first_line=page.first_line,
            last_line=page.last_line,
            total_lines=page.total_lines,
            next_offset=page.next_offset,
        )


def protected_paths(settings: NodehostServerSettings, policy_path: Path) -> list[Path]:
    """Cairn's own data, which no tool reads or writes: the home folder, and data kept elsewhere by setting."""
    return [settings.home, policy_path, *settings.data_elsewhere()]


def _capture_folder(path: str) -> None:
    # Folders are created without following symlinks; the capture program then writes the file by name.
    os.close(pinned.open_folder(os.path.dirname(path), create=True))
    if real(path) != path:
        raise TargetChanged(f"{path} changed while waiting for approval (a symlink appeared); nothing saved")


def _join(page: Page) -> str:
    # An untruncated page: the lines without the "(End of output …)" note.
    return page.text[: -len(page.note)].rstrip("\n") if page.text.endswith(page.note) else page.text


def _ms(started: float) -> int:
    return int((time.monotonic() - started) * 1000)
