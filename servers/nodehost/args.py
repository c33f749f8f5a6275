"""Arguments of every nodehost tool, defined once: the MCP signatures and the REST API validate the same way.

Each ``Annotated`` type below is used both as a tool parameter (so its limits appear in the MCP input schema)
and as a field of the tool's argument model (which the REST API validates request bodies with).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

PathArg = Annotated[
    str,
    Field(
        min_length=1,
        max_length=4096,
        description="A file path: absolute, or relative to the first workspace root. Symlinks are resolved first.",
    ),
]
Argv = Annotated[
    list[Annotated[str, Field(max_length=100_000)]],
    Field(
        min_length=1,
        max_length=256,
        description='Program and arguments as a list, e.g. ["git", "status"] (no shell parsing; up to 256 items).',
    ),
]
Cwd = Annotated[
    str | None, Field(max_length=4096, description="Working folder inside the workspace (default: the first root).")
]
TimeoutS = Annotated[
    float | None,
    Field(gt=0, le=3600, description="Seconds before the whole process group is killed (default 30, capped at 120)."),
]
Env = Annotated[
    dict[str, str] | None,
    Field(max_length=64, description="Extra environment variables (up to 64; loader/interpreter hooks refused)."),
]
Offset = Annotated[int, Field(ge=1, le=100_000_000, description="First line to return, 1-based.")]
Limit = Annotated[int | None, Field(ge=1, le=10_000, description="Lines to return (default 2,000, at most 10,000).")]
Content = Annotated[str, Field(max_length=10_000_000, description="The whole new file content (UTF-8, up to 10 MB).")]
Old = Annotated[
    str, Field(min_length=1, max_length=1_000_000, description="Text to replace; copy it from fs_read output.")
]
New = Annotated[str, Field(max_length=1_000_000, description="Replacement text.")]
ReplaceAll = Annotated[bool, Field(description="Replace every occurrence instead of requiring a unique one.")]
GlobPattern = Annotated[
    str,
    Field(
        min_length=1,
        max_length=1000,
        description="Glob: * and ? within a folder, **/ across folders, [abc] sets; no '/' = file name at any depth.",
    ),
]
Folder = Annotated[
    str | None, Field(max_length=4096, description="Folder (or file, for fs_grep) to search; default the first root.")
]
Regex = Annotated[
    str, Field(min_length=1, max_length=1000, description="Python regular expression, up to 1,000 chars.")
]
RunId = Annotated[str, Field(pattern=r"^r[0-9a-f]{12}$", description="run_id from a system_run result.")]
Stream = Literal["stdout", "stderr"]
Target = Annotated[
    str,
    Field(
        min_length=1,
        max_length=2048,
        description="An app name (e.g. 'firefox'), an http(s)/mailto URL, or a file inside the workspace.",
    ),
]


GlobLimit = Annotated[int, Field(ge=1, le=1000, description="Most files to list (default 100, at most 1,000).")]
IncludeIgnored = Annotated[
    bool,
    Field(description="Also list what .gitignore ignores, and files under .venv (default: left out)."),
]
FilePattern = Annotated[str | None, Field(max_length=1000, description="Only files matching this glob, e.g. '*.py'.")]
ContextLines = Annotated[int, Field(ge=0, le=10, description="Lines shown before and after each match (0-10).")]
MaxMatches = Annotated[int, Field(ge=1, le=1000, description="Stop after this many matches (default 100).")]
ClipAction = Literal["read", "write"]
ClipText = Annotated[str | None, Field(max_length=1_000_000, description="Text to copy (for action 'write').")]
CapturePath = Annotated[
    str | None, Field(max_length=4096, description="Where to save the PNG (default: screenshots/ in the first root).")
]


class ToolArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RunArgs(ToolArgs):
    argv: Argv
    cwd: Cwd = None
    timeout_s: TimeoutS = None
    env: Env = None


class OutputArgs(ToolArgs):
    run_id: RunId
    stream: Stream = "stdout"
    offset: Offset = 1
    limit: Limit = None


class ReadArgs(ToolArgs):
    path: PathArg
    offset: Offset = 1
    limit: Limit = None


class WriteArgs(ToolArgs):
    path: PathArg
    content: Content


class EditArgs(ToolArgs):
    path: PathArg
    old: Old
    new: New
    replace_all: ReplaceAll = False


class EditItem(BaseModel):
    model_config = ConfigDict(extra="forbid")

    old: Old
    new: New
    replace_all: ReplaceAll = False


Edits = Annotated[
    list[EditItem],
    Field(min_length=1, max_length=100, description="Up to 100 edits, applied in order, each to the previous result."),
]


class MultiEditArgs(ToolArgs):
    path: PathArg
    edits: Edits


class GlobArgs(ToolArgs):
    pattern: GlobPattern
    path: Folder = None
    limit: GlobLimit = 100
    include_ignored: IncludeIgnored = False


class GrepArgs(ToolArgs):
    pattern: Regex
    path: Folder = None
    file_pattern: FilePattern = None
    ignore_case: bool = False
    context_lines: ContextLines = 0
    max_matches: MaxMatches = 100


class ClipboardArgs(ToolArgs):
    action: ClipAction = "read"
    text: ClipText = None


class OpenArgs(ToolArgs):
    target: Target


class CaptureArgs(ToolArgs):
    path: CapturePath = None


class NoArgs(ToolArgs):
    pass


ARGS: dict[str, type[ToolArgs]] = {
    "system_run": RunArgs,
    "system_output": OutputArgs,
    "fs_read": ReadArgs,
    "fs_write": WriteArgs,
    "fs_edit": EditArgs,
    "fs_multi_edit": MultiEditArgs,
    "fs_glob": GlobArgs,
    "fs_grep": GrepArgs,
    "clipboard": ClipboardArgs,
    "open_app": OpenArgs,
    "screen_capture": CaptureArgs,
    "permissions": NoArgs,
}
