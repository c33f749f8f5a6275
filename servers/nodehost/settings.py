"""Settings of the nodehost server (``CAIRN_NODEHOST__<FIELD>``).

| variable                                | default                              | meaning                      |
|-----------------------------------------|--------------------------------------|------------------------------|
| ``CAIRN_NODEHOST__ROOTS``               | unset                                | JSON list of workspace dirs  |
| ``CAIRN_NODEHOST__EXECUTABLES``         | unset                                | programs system_run may start|
| ``CAIRN_NODEHOST__ALLOW_SHELL``         | unset (false)                        | shells, with approval        |
| ``CAIRN_NODEHOST__WRITE_OUTSIDE_ROOTS`` | unset (``ask``)                      | ``ask`` or ``deny``          |
| ``CAIRN_NODEHOST__SANDBOX``             | ``auto``                             | ``auto``, ``bwrap``, ``off`` |
| ``CAIRN_NODEHOST__POLICY_FILE``         | ``$CAIRN_HOME/nodehost/policy.yaml`` | roots, programs, profiles    |

Unset fields fall back to the policy file, then to the built-in defaults. Limits below are plain numbers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from servers.core.settings import CoreSettings


class NodehostSettings(BaseModel):
    """Where nodehost may work, what it may run, and its limits."""

    roots: list[Path] | None = Field(
        None, description="Workspace folders; unset = the policy file's, else the host's MCP roots, else the cwd."
    )
    executables: list[str] | None = Field(
        None, description="Allowlist for system_run: names looked up on PATH at start-up, or absolute paths."
    )
    allow_shell: bool | None = Field(None, description="Let shells/interpreters run at all (always with approval).")
    write_outside_roots: Literal["ask", "deny"] | None = None
    sandbox: Literal["auto", "bwrap", "off"] = Field(
        "auto", description="Run system_run in bubblewrap: auto = when bwrap works here; bwrap = required; off."
    )
    policy_file: Path | None = Field(None, description="Default: $CAIRN_HOME/nodehost/policy.yaml.")
    env_passthrough: list[str] = Field(
        default_factory=list, description="Variables kept in system_run's environment even if they look secret."
    )

    default_timeout_s: float = Field(30.0, gt=0, le=3600)
    max_timeout_s: float = Field(120.0, gt=0, le=3600, description="Ceiling on system_run's timeout_s.")
    max_output_bytes: int = Field(50 * 1024, ge=1024, description="Output shown per call.")
    max_line_chars: int = Field(2000, ge=80, description="Longer lines are cut and end in '...'.")
    default_read_limit: int = Field(2000, ge=1, description="Lines fs_read returns when no limit is given.")
    max_file_bytes: int = Field(10 * 1024 * 1024, ge=1024, description="Largest file read, edited or searched.")
    capture_bytes: int = Field(8 * 1024 * 1024, ge=1024, description="Output kept per stream for system_output.")
    kept_runs: int = Field(20, ge=1, description="Runs whose full output stays pageable.")

    loop_threshold: int = Field(3, ge=2, description="The Nth identical call inside the window is refused.")
    loop_window_s: float = Field(60.0, gt=0)


class NodehostServerSettings(CoreSettings):
    """What the nodehost server reads: the shared settings and its own section."""

    nodehost: NodehostSettings = Field(default_factory=NodehostSettings)
