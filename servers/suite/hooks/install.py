"""``cairn hooks install|uninstall``: Cairn's entries in Claude Code's settings, and nothing else touched.

Claude Code reads hooks from ``~/.claude/settings.json`` (scope ``user``) or ``<project>/.claude/settings.json``
and ``settings.local.json`` (scope ``project``; servers/suite/hooks/placement.py picks the file and the command)::

    {"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "… hook user-prompt-submit",
                                                "timeout": 10}]}],
               "PostToolUse": [{"matcher": "*", "hooks": [...]}], ...}}

Install appends one matcher group per event (skipping events that already run the same command) and
records what it wrote in ``$CAIRN_HOME/hooks/installed.json``; uninstall removes exactly those commands,
and a group, event list or ``hooks`` object only when that removal left it empty. Other keys, other
hooks and the file's key order are kept. A settings file that is not valid JSON is never overwritten.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from servers.suite.hooks import runtime
from servers.suite.hooks.protocol import EVENTS

# Seconds the host waits (Claude Code's default is 60; SessionEnd's is 1.5 unless an entry asks for more).
TIMEOUTS = {
    "session-start": 10,
    "user-prompt-submit": 10,
    "post-tool-use": 5,
    "pre-compact": 60,
    "stop": 5,  # reads the trace file only; it never waits for the daemon
    "session-end": 15,
}
TOOL_EVENTS = frozenset({"PostToolUse", "PostToolUseFailure"})


class SettingsFileError(ValueError):
    """The host's settings file cannot be read as a JSON object; nothing was written."""


@dataclass
class Change:
    path: Path
    added: list[tuple[str, str]] = field(default_factory=list)  # (host event, command)
    kept: list[tuple[str, str]] = field(default_factory=list)  # already there
    removed: list[tuple[str, str]] = field(default_factory=list)


def cairn_executable() -> str:
    beside = Path(sys.executable).parent / "cairn"
    if beside.is_file():
        return str(beside)
    found = shutil.which("cairn")
    return found or f"{sys.executable} -m servers.suite.hooks.commands"


class _Home(Enum):
    FROM_ENVIRONMENT = "the CAIRN_HOME of this process, when set"


FROM_ENVIRONMENT = _Home.FROM_ENVIRONMENT
Home = str | None | _Home


def hook_command(event: str, executable: str | None = None, home: Home = FROM_ENVIRONMENT) -> str:
    """The shell command for ``event``; pins ``home`` as CAIRN_HOME (by default the one set here, if any), so
    the host uses the same data; ``None`` leaves it to the host's environment."""
    exe = executable or cairn_executable()
    if home is FROM_ENVIRONMENT:
        home = os.environ.get("CAIRN_HOME") or None
    prefix = f"CAIRN_HOME={shlex.quote(home)} " if isinstance(home, str) else ""
    if exe.endswith(" -m servers.suite.hooks.commands"):  # no console script: the module takes the event directly
        return f"{prefix}{exe} {event}"
    return f"{prefix}{shlex.quote(exe)} hook {event}"


def planned(executable: str | None = None, home: Home = FROM_ENVIRONMENT) -> list[tuple[str, str, int]]:
    """(host event, command, timeout) for every entry install writes."""
    return [
        (host, hook_command(cli, executable, home), TIMEOUTS[cli]) for cli, hosts in EVENTS.items() for host in hosts
    ]


def _read(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    if not text.strip():
        return {}
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SettingsFileError(f"{path} is not valid JSON ({exc.msg}, line {exc.lineno}); fix it first") from None
    if not isinstance(data, dict):
        raise SettingsFileError(f"{path} holds a JSON {type(data).__name__}, not an object; fix it first")
    if "hooks" in data and not isinstance(data["hooks"], dict):
        raise SettingsFileError(f'{path}: "hooks" is not an object; fix it first')
    return data


def _write(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".settings.", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    if path.exists():
        os.chmod(tmp, path.stat().st_mode & 0o777)
    os.replace(tmp, path)


def _commands(groups: Any) -> set[str]:
    found: set[str] = set()
    for group in groups if isinstance(groups, list) else []:
        for hook in group.get("hooks", []) if isinstance(group, dict) else []:
            if isinstance(hook, dict) and isinstance(hook.get("command"), str):
                found.add(hook["command"])
    return found


def _manifest() -> Path:
    return runtime.hooks_dir() / "installed.json"


def _load_manifest() -> dict[str, list[list[str]]]:
    try:
        data = json.loads(_manifest().read_text(encoding="utf-8"))
    except (FileNotFoundError, json.JSONDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def _save_manifest(data: dict[str, list[list[str]]]) -> None:
    _manifest().parent.mkdir(parents=True, exist_ok=True)
    _manifest().write_text(json.dumps(data, indent=2), encoding="utf-8")


def install(path: Path, executable: str | None = None, home: Home = FROM_ENVIRONMENT) -> Change:
    data = _read(path)
    hooks: dict[str, Any] = data.setdefault("hooks", {})
    change = Change(path)
    for event, command, timeout in planned(executable, home):
        groups = hooks.setdefault(event, [])
        if not isinstance(groups, list):
            raise SettingsFileError(f'{path}: "hooks.{event}" is not a list; fix it first')
        if command in _commands(groups):
            change.kept.append((event, command))
            continue
        group: dict[str, Any] = {"matcher": "*"} if event in TOOL_EVENTS else {}
        group["hooks"] = [{"type": "command", "command": command, "timeout": timeout}]
        groups.append(group)
        change.added.append((event, command))
    if change.added:
        _write(path, data)
    manifest = _load_manifest()
    recorded = {tuple(x) for x in manifest.get(str(path), [])}
    manifest[str(path)] = [list(x) for x in sorted(recorded | set(change.added))]
    _save_manifest(manifest)
    return change


def uninstall(path: Path) -> Change:
    """Remove the commands install recorded for ``path`` (or, without a record, ``… hook <event>`` commands)."""
    data = _read(path)
    change = Change(path)
    hooks = data.get("hooks")
    manifest = _load_manifest()
    recorded = {tuple(x) for x in manifest.get(str(path), [])}
    if not isinstance(hooks, dict):
        return change

    def ours(event: str, command: str) -> bool:
        if recorded:
            return (event, command) in recorded
        cli = command.rsplit(" ", 1)[-1]
        return (
            cli in EVENTS
            and event in EVENTS[cli]
            and (" hook " in command or "servers.suite.hooks.commands" in command)
        )

    for event in list(hooks):
        groups = hooks[event]
        if not isinstance(groups, list):
            continue
        for group in list(groups):
            inner = group.get("hooks") if isinstance(group, dict) else None
            if not isinstance(inner, list):
                continue
            keep = [h for h in inner if not (isinstance(h, dict) and ours(event, str(h.get("command"))))]
            change.removed += [(event, str(h["command"])) for h in inner if h not in keep]
            if len(keep) != len(inner):
                if keep:
                    group["hooks"] = keep
                else:
                    groups.remove(group)
        if not groups and any(e == event for e, _ in change.removed):
            del hooks[event]
    if not hooks and change.removed:
        del data["hooks"]
    if change.removed:
        _write(path, data)
    manifest.pop(str(path), None)
    _save_manifest(manifest)
    return change


def other_hosts(executable: str | None = None, home: Home = FROM_ENVIRONMENT) -> str:
    exe = hook_command("EVENT", executable, home).rsplit(" ", 1)[0]
    rows = "\n".join(f"  {cli:<19} {', '.join(hosts):<33} {exe} {cli}" for cli, hosts in EVENTS.items())
    return f"""Other hosts: run these commands at the matching lifecycle points, with the event's JSON on stdin
(fields as Claude Code sends them: session_id, prompt, tool_name, tool_input, tool_response, transcript_path):

  cairn event         Claude Code event(s)              command
{rows}

Stdout is empty or {{"hookSpecificOutput": {{"hookEventName": ..., "additionalContext": "..."}}}}: add that text to
the model's context. For `stop` (the agent is about to finish its turn; send "stop_hook_active": true when it goes on
because a stop hook asked, and "last_assistant_message") stdout may be {{"decision": "block", "reason": "..."}}: let
the agent go on with the reason as its next instruction (it asks for a one-line lesson). Exit status is always 0.
Hosts without hooks can use the MCP server `cairn serve context`: its prompt `context` and tool
`context_assemble(task, budget_tokens)` return the same context on request."""
