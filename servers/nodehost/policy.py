"""Tool policy: groups, deny-first allow/deny/ask rules, profiles chosen by client, role and transport.

The policy file (``$CAIRN_HOME/nodehost/policy.yaml``, or ``.json``) is read once at start-up, from a folder
no tool can write::

    version: 1
    roots: [~/projects/app]               # optional; CAIRN_NODEHOST__ROOTS wins
    executables: [ls, cat, git]           # what system_run may start (names on PATH or absolute paths)
    allow_shell: false                    # shells/interpreters: never, or with approval each time
    write_outside_roots: ask              # ask | deny
    profiles:
      - name: gateway                     # first matching profile wins; 'default' when none matches
        match: {transports: [rest]}       # clients / roles / transports; a list matches any of its values
        policy:
          deny: [{group: exec}]           # deny wins over allow; empty allow = everything not denied
          allow: []
          ask: [{tool: fs_write}]         # allowed, but only with the user's approval
      - name: default
        match: {}
        policy: {deny: [], allow: [], ask: [{group: desktop}]}

Groups: ``fs``, ``search``, ``exec``, ``desktop``, ``meta``, plus ``read`` / ``write`` across them.
"""

from __future__ import annotations

import fnmatch
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from servers.nodehost.paths import ConfigError

TOOL_GROUPS: dict[str, tuple[str, ...]] = {
    "system_run": ("exec",),
    "system_output": ("exec", "read"),
    "fs_read": ("fs", "read"),
    "fs_write": ("fs", "write"),
    "fs_edit": ("fs", "write"),
    "fs_multi_edit": ("fs", "write"),
    "fs_glob": ("search", "read"),
    "fs_grep": ("search", "read"),
    "clipboard": ("desktop",),
    "open_app": ("desktop",),
    "screen_capture": ("desktop",),
    "permissions": ("meta", "read"),
}

Access = Literal["allowed", "ask", "denied"]


@dataclass(frozen=True)
class Caller:
    """Who is calling: the client's self-declared name, the transport, and a role when a token names one.

    ``user`` is the token's subject (``None`` for the trusted host: stdio, ``--auth none``, the REST
    gateway's operator token); ``session`` the MCP session when the connection keeps a stable one. Unlike
    the client's name, ``user`` cannot be chosen by the caller: what one user earns (an "always"
    approval, saved output, a loop-guard count) is keyed by it and never reaches another.
    """

    client: str = "unknown"
    transport: str = "memory"
    role: str | None = None
    user: str | None = None
    session: str | None = None


class Rule(BaseModel):
    model_config = ConfigDict(extra="forbid")

    group: str | None = None
    tool: str | None = None

    @field_validator("group")
    @classmethod
    def _strip_prefix(cls, value: str | None) -> str | None:
        # A group may be written as a tag ("group:fs") or bare ("fs"); accept both spellings.
        return value.removeprefix("group:") if value else value

    @model_validator(mode="after")
    def _one_target(self) -> Rule:
        if (self.group is None) == (self.tool is None):
            raise ValueError("a rule names exactly one of 'group' or 'tool'")
        return self

    def hits(self, tool: str, groups: tuple[str, ...]) -> bool:
        return self.tool == tool or (self.group is not None and self.group in groups)


class ToolPolicy(BaseModel):
    """Deny wins; an empty allow list allows everything not denied; ``ask`` marks allowed tools for approval."""

    model_config = ConfigDict(extra="forbid")

    deny: list[Rule] = Field(default_factory=list)
    allow: list[Rule] = Field(default_factory=list)
    ask: list[Rule] = Field(default_factory=list)

    def access(self, tool: str, groups: tuple[str, ...] | None = None) -> Access:
        groups = TOOL_GROUPS.get(tool, ()) if groups is None else groups
        if any(rule.hits(tool, groups) for rule in self.deny):
            return "denied"
        if self.allow and not any(rule.hits(tool, groups) for rule in self.allow):
            return "denied"
        if any(rule.hits(tool, groups) for rule in self.ask):
            return "ask"
        return "allowed"


class ProfileMatch(BaseModel):
    model_config = ConfigDict(extra="forbid")

    clients: list[str] = Field(default_factory=list, description="Client names; shell-style patterns allowed.")
    roles: list[str] = Field(default_factory=list)
    transports: list[str] = Field(default_factory=list, description="stdio, sse, http, rest, memory.")

    def matches(self, caller: Caller) -> bool:
        if self.clients and not any(fnmatch.fnmatchcase(caller.client, p) for p in self.clients):
            return False
        if self.roles and caller.role not in self.roles:
            return False
        return not (self.transports and caller.transport not in self.transports)


class Profile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=64)
    match: ProfileMatch = Field(default_factory=ProfileMatch)
    policy: ToolPolicy = Field(default_factory=ToolPolicy)


def builtin_default() -> Profile:
    # Desktop tools see the screen and the clipboard (where passwords pass): ask before each use.
    return Profile(name="default", policy=ToolPolicy(ask=[Rule(group="desktop")]))


class PolicyFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: Literal[1] = 1
    roots: list[Path] | None = None
    executables: list[str] | None = None
    allow_shell: bool | None = None
    write_outside_roots: Literal["ask", "deny"] | None = None
    profiles: list[Profile] = Field(default_factory=list)

    @field_validator("roots")
    @classmethod
    def _expand(cls, value: list[Path] | None) -> list[Path] | None:
        return [p.expanduser() for p in value] if value is not None else None

    def profile_for(self, caller: Caller) -> Profile:
        """First matching profile other than ``default``; else ``default`` (the file's, or the built-in one)."""
        for profile in self.profiles:
            if profile.name != "default" and profile.match.matches(caller):
                return profile
        return next((p for p in self.profiles if p.name == "default"), builtin_default())


def load_policy(path: Path) -> PolicyFile:
    """The policy file at ``path``, or the built-in policy when there is none."""
    if not path.exists():
        return PolicyFile()
    try:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
        return PolicyFile.model_validate(data or {})
    except (OSError, ValueError, yaml.YAMLError) as exc:
        detail = str(exc) if not isinstance(exc, ValidationError) else exc.errors(include_url=False)
        raise ConfigError(f"nodehost policy file {path} is not valid: {detail}") from None
