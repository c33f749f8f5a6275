"""The nodehost MCP server: thin tools over :class:`NodeHost`, plus the REST API for gateways."""

from __future__ import annotations

import logging
from contextlib import AbstractContextManager
from typing import TypeVar, cast

from fastmcp import Context, FastMCP
from mcp_types import InputRequiredResult
from pydantic import BaseModel

from servers.core.errors import tool_errors
from servers.core.mcp_progress import async_reporter
from servers.nodehost.args import (
    Argv,
    CaptureArgs,
    CapturePath,
    ClipAction,
    ClipboardArgs,
    ClipText,
    Content,
    ContextLines,
    Cwd,
    EditArgs,
    Edits,
    Env,
    FilePattern,
    Folder,
    GlobArgs,
    GlobLimit,
    GlobPattern,
    GrepArgs,
    IncludeIgnored,
    Limit,
    MaxMatches,
    MultiEditArgs,
    New,
    NoArgs,
    Offset,
    Old,
    OpenArgs,
    OutputArgs,
    PathArg,
    ReadArgs,
    Regex,
    ReplaceAll,
    RunArgs,
    RunId,
    Stream,
    Target,
    TimeoutS,
    ToolArgs,
    WriteArgs,
)
from servers.nodehost.errors import NodehostError
from servers.nodehost.host import NodeHost, Pending
from servers.nodehost.mcp_support import HostRoots, McpAsker, PolicyFilter, caller_of
from servers.nodehost.models import (
    CaptureResult,
    ClipboardResult,
    EditResult,
    GlobResult,
    GrepResult,
    OpenResult,
    OutputPage,
    Permissions,
    ReadResult,
    RunResult,
    WriteResult,
)
from servers.nodehost.policy import TOOL_GROUPS
from servers.nodehost.rest import add_rest_routes, ensure_token
from servers.nodehost.settings import NodehostServerSettings

T = TypeVar("T", bound=BaseModel)

INSTRUCTIONS = """A local tool host: run allowlisted programs (system_run), read, write, edit and search files inside
the workspace roots (fs_*), and use the clipboard, open apps and capture the screen where the OS allows.
Call permissions first to see the roots, the programs you may run and what needs the user's approval.
Writes outside the workspace, shells, deletes and system_run arguments naming paths outside it ask the user;
Cairn's own data folder is never reachable; the same call 3 times within 60 s is refused."""

READ = {"readOnlyHint": True, "destructiveHint": False, "openWorldHint": False}
WRITE = {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": False, "openWorldHint": False}
OPEN = {"readOnlyHint": False, "destructiveHint": True, "openWorldHint": True}


def _tool_errors() -> AbstractContextManager[None]:
    # An expected refusal (and already in the audit log), not a server fault: keep it out of error logs.
    return tool_errors(NodehostError, log_level=logging.INFO)


def _tags(tool: str) -> set[str]:
    return {f"group:{group}" for group in TOOL_GROUPS[tool]}


def create_server(settings: NodehostServerSettings | None = None, *, host: NodeHost | None = None) -> FastMCP:
    node = host or NodeHost(settings or NodehostServerSettings())
    roots = HostRoots(node)
    mcp = FastMCP(
        "cairn-nodehost",
        instructions=INSTRUCTIONS,
        version="0.1.0",
        mask_error_details=True,
        middleware=[PolicyFilter(node)],
    )
    add_rest_routes(mcp, node, ensure_token(node.state_dir / "token"))

    async def gate(ctx: Context, tool: str, args: ToolArgs, expect: type[T]) -> T | InputRequiredResult:
        with _tool_errors():
            workspace = await roots.workspace(ctx)
            asker, progress = McpAsker(ctx), async_reporter(ctx)
            outcome = await node.call(tool, args, caller_of(ctx), asker, workspace=workspace, progress=progress)
        if isinstance(outcome, Pending):
            return cast(InputRequiredResult, outcome.payload)
        return cast(T, outcome)

    @mcp.tool(annotations=OPEN, tags=_tags("system_run"))
    async def system_run(
        ctx: Context, argv: Argv, cwd: Cwd = None, timeout_s: TimeoutS = None, env: Env = None
    ) -> RunResult | InputRequiredResult:
        """Run a program without a shell: argv[0] is resolved to its real path and must be on the allowlist
        (see permissions). Shells, interpreters, deleting programs and arguments naming paths outside the
        workspace need the user's approval; arguments reaching Cairn's own data are refused. Default
        timeout 30 s (at most 120 s); on timeout the whole process group is killed. stdout+stderr are cut at
        50 KB and lines at 2,000 chars; page the rest with system_output(run_id, offset). Secrets are removed
        from the environment. Nothing the program starts outlives it. With a progressToken, progress counts
        the seconds used of the timeout: at the start, every second, and at the end (= timeout)."""
        return await gate(ctx, "system_run", RunArgs(argv=argv, cwd=cwd, timeout_s=timeout_s, env=env), RunResult)

    @mcp.tool(annotations=READ, tags=_tags("system_output"))
    async def system_output(
        ctx: Context, run_id: RunId, stream: Stream = "stdout", offset: Offset = 1, limit: Limit = None
    ) -> OutputPage | InputRequiredResult:
        """Page through the full output of a recent system_run whose output was cut (the last 20 such runs
        are kept, up to 8 MB a stream). Lines are numbered from 1; 50 KB and 2,000 lines a page."""
        args = OutputArgs(run_id=run_id, stream=stream, offset=offset, limit=limit)
        return await gate(ctx, "system_output", args, OutputPage)

    @mcp.tool(annotations=READ, tags=_tags("fs_read"))
    async def fs_read(
        ctx: Context, path: PathArg, offset: Offset = 1, limit: Limit = None
    ) -> ReadResult | InputRequiredResult:
        """Read a text file inside the workspace with line numbers (number, tab, text). Returns up to 2,000
        lines or 50 KB from `offset` (1-based); lines over 2,000 chars end in '...'. The note at the end and
        `next_offset` say how to read on. Binary files, devices and files over 10 MB are refused."""
        return await gate(ctx, "fs_read", ReadArgs(path=path, offset=offset, limit=limit), ReadResult)

    @mcp.tool(annotations=WRITE, tags=_tags("fs_write"))
    async def fs_write(ctx: Context, path: PathArg, content: Content) -> WriteResult | InputRequiredResult:
        """Create or overwrite a file with `content` (UTF-8, up to 10 MB), creating missing folders. The write
        is atomic: a temporary file is renamed over the target. Outside the workspace the user is asked."""
        return await gate(ctx, "fs_write", WriteArgs(path=path, content=content), WriteResult)

    @mcp.tool(annotations=WRITE, tags=_tags("fs_edit"))
    async def fs_edit(
        ctx: Context, path: PathArg, old: Old, new: New, replace_all: ReplaceAll = False
    ) -> EditResult | InputRequiredResult:
        """Replace `old` with `new` in a file and return a unified diff. `old` must match exactly one place
        (or set replace_all); if it does not match exactly, these are tried in order: escape-normalized,
        line-trimmed, indentation-flexible, whitespace-normalized and block-anchor (first and last lines
        exact, the middle similar) matching. CRLF/LF line endings are preserved. Files up to 10 MB."""
        args = EditArgs(path=path, old=old, new=new, replace_all=replace_all)
        return await gate(ctx, "fs_edit", args, EditResult)

    @mcp.tool(annotations=WRITE, tags=_tags("fs_multi_edit"))
    async def fs_multi_edit(ctx: Context, path: PathArg, edits: Edits) -> EditResult | InputRequiredResult:
        """Apply up to 100 edits to one file in order, each on the result of the previous one, with the same
        matching as fs_edit. All or nothing: if any edit fails the file is not changed."""
        return await gate(ctx, "fs_multi_edit", MultiEditArgs(path=path, edits=edits), EditResult)

    @mcp.tool(annotations=READ, tags=_tags("fs_glob"))
    async def fs_glob(
        ctx: Context,
        pattern: GlobPattern,
        path: Folder = None,
        limit: GlobLimit = 100,
        include_ignored: IncludeIgnored = False,
    ) -> GlobResult | InputRequiredResult:
        """Find files by glob pattern under a folder of the workspace, newest first, with sizes. `**/`
        spans folders; a pattern without '/' matches names at any depth. .git, .venv, node_modules,
        __pycache__ and what the root .gitignore ignores are skipped unless include_ignored (.git,
        node_modules and __pycache__ always); symlinked folders are not followed. At most `limit` (≤ 1,000)."""
        args = GlobArgs(pattern=pattern, path=path, limit=limit, include_ignored=include_ignored)
        return await gate(ctx, "fs_glob", args, GlobResult)

    @mcp.tool(annotations=READ, tags=_tags("fs_grep"))
    async def fs_grep(
        ctx: Context,
        pattern: Regex,
        path: Folder = None,
        file_pattern: FilePattern = None,
        ignore_case: bool = False,
        context_lines: ContextLines = 0,
        max_matches: MaxMatches = 100,
    ) -> GrepResult | InputRequiredResult:
        """Search file contents with a regular expression (Python syntax). Optional file_pattern glob (e.g.
        '*.py'), ignore_case, context_lines (0-10) before and after each match, max_matches (≤ 1,000).
        Binary files and files over 10 MB are skipped; output stops at 50 KB."""
        args = GrepArgs(
            pattern=pattern,
            path=path,
            file_pattern=file_pattern,
            ignore_case=ignore_case,
            context_lines=context_lines,
            max_matches=max_matches,
        )
        return await gate(ctx, "fs_grep", args, GrepResult)

    @mcp.tool(annotations=OPEN, tags=_tags("clipboard"))
    async def clipboard(
        ctx: Context, action: ClipAction = "read", text: ClipText = None
    ) -> ClipboardResult | InputRequiredResult:
        """Read the clipboard (action 'read', up to 1 MB) or put `text` on it (action 'write'). Needs a
        desktop session and pbcopy/wl-copy/xclip/xsel; the error names what is missing. Asks the user first
        under the default policy."""
        return await gate(ctx, "clipboard", ClipboardArgs(action=action, text=text), ClipboardResult)

    @mcp.tool(annotations=OPEN, tags=_tags("open_app"))
    async def open_app(ctx: Context, target: Target) -> OpenResult | InputRequiredResult:
        """Open an app by name, an http(s)/mailto URL, or a file inside the workspace with its default app.
        Needs a desktop session (open on macOS, xdg-open/gtk-launch on Linux). Asks the user first under the
        default policy."""
        return await gate(ctx, "open_app", OpenArgs(target=target), OpenResult)

    @mcp.tool(annotations=OPEN, tags=_tags("screen_capture"))
    async def screen_capture(ctx: Context, path: CapturePath = None) -> CaptureResult | InputRequiredResult:
        """Save a PNG of the screen (default: screenshots/ in the first root) and return its path. Needs a
        desktop session and screencapture (macOS, with Screen Recording permission), grim (Wayland) or
        import/scrot/gnome-screenshot (X11). Asks the user first under the default policy."""
        return await gate(ctx, "screen_capture", CaptureArgs(path=path), CaptureResult)

    @mcp.tool(annotations=READ, tags=_tags("permissions"))
    async def permissions(ctx: Context) -> Permissions | InputRequiredResult:
        """What this client may do here: the workspace roots, the programs system_run may start, which tools
        are allowed / ask for approval / denied under the active policy profile, whether approval can be
        asked, which desktop capabilities exist (and what is missing), the loop guard, the limits, the
        protected paths (Cairn's own data: never readable or writable) and the sandbox system_run uses."""
        return await gate(ctx, "permissions", NoArgs(), Permissions)

    return mcp
