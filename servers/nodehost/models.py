"""Results of the nodehost tools (pydantic: each becomes the tool's output schema)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


class ReadResult(BaseModel):
    path: str
    content: str = Field(description="Numbered lines (number, tab, text) followed by a note on paging.")
    first_line: int
    last_line: int
    total_lines: int
    truncated: bool
    next_offset: int | None = Field(description="Pass as offset to read on; null at the end of the file.")
    size_bytes: int


class WriteResult(BaseModel):
    path: str
    bytes: int
    lines: int
    created: bool
    inside_workspace: bool


class EditResult(BaseModel):
    path: str
    strategies: list[str] = Field(description="How each edit matched: simple, escape_normalized, … block_anchor.")
    replacements: int
    additions: int
    deletions: int
    line_endings: Literal["LF", "CRLF"]
    diff: str = Field(description="Unified diff of the change (truncated like other output).")


class GlobEntry(BaseModel):
    path: str = Field(description="Relative to the searched folder.")
    size: int
    modified: float


class GlobResult(BaseModel):
    base: str
    pattern: str
    files: list[GlobEntry]
    total: int = Field(description="Matches found (files lists at most `limit`, newest first).")
    truncated: bool
    note: str | None = None


class GrepMatch(BaseModel):
    path: str
    line: int
    text: str
    before: list[str] = Field(default_factory=list)
    after: list[str] = Field(default_factory=list)


class GrepResult(BaseModel):
    base: str
    pattern: str
    matches: list[GrepMatch]
    files_searched: int
    files_skipped: int = Field(description="Binary, unreadable or larger than the size limit.")
    truncated: bool
    note: str | None = None


class RunResult(BaseModel):
    run_id: str
    argv: list[str]
    executable: str = Field(description="The real path of the program that ran.")
    cwd: str
    exit_code: int | None = Field(description="None when killed by a signal.")
    signal: int | None = None
    timed_out: bool
    duration_ms: int
    stdout: str
    stderr: str
    truncated: bool
    note: str | None = Field(None, description="How to page output that was cut, and other remarks.")


class OutputPage(BaseModel):
    run_id: str
    stream: Literal["stdout", "stderr"]
    content: str
    first_line: int
    last_line: int
    total_lines: int
    next_offset: int | None


class ClipboardResult(BaseModel):
    action: Literal["read", "write"]
    text: str | None = None
    bytes: int
    backend: str


class OpenResult(BaseModel):
    target: str
    backend: str
    launched: bool


class CaptureResult(BaseModel):
    path: str
    bytes: int
    backend: str


class Capability(BaseModel):
    available: bool
    backend: str | None = None
    missing: str | None = Field(None, description="What to install or enable when unavailable.")


class Permissions(BaseModel):
    profile: str
    client: str
    transport: str
    roots: list[str]
    roots_source: str
    roots_notes: list[str]
    protected: list[str] = Field(description="Cairn's own data (and git config files): no tool reads or writes it.")
    tools: dict[str, str] = Field(description="Tool -> 'allowed', 'ask' (needs approval) or 'denied'.")
    executables: list[str] = Field(description="Real paths system_run may start.")
    shell_allowed: bool
    sandbox: str = Field(description="'bubblewrap (…): …' or 'none: argument checks only (why)'.")
    write_outside_roots: Literal["ask", "deny"]
    approval: Capability = Field(description="Whether this client can be asked (MCP elicitation).")
    desktop: dict[str, Capability]
    loop_guard: str
    limits: dict[str, int | float]
