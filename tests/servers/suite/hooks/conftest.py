"""Hooks run as the host runs them: the `cairn` script as a subprocess, JSON on stdin, a daemon per test."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from servers.suite.hooks import runtime
from servers.suite.hooks.commands import request

RunHook = Callable[..., subprocess.CompletedProcess[bytes]]


def cairn_command() -> list[str]:
    script = Path(sys.executable).parent / "cairn"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "servers.suite.cli.main"]


@pytest.fixture
def hook_env(cairn_home: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """CAIRN_* for this test; generous budgets (tests check behaviour, not this machine under load)."""
    for name, value in {
        "CAIRN_EMBEDDER": "none",
        "CAIRN_HOOKS__DAEMON_IDLE_S": "60",
        "CAIRN_HOOKS__BUDGET_SESSION_START_MS": "60000",
        "CAIRN_HOOKS__BUDGET_USER_PROMPT_SUBMIT_MS": "60000",
        "CAIRN_HOOKS__BUDGET_POST_TOOL_USE_MS": "60000",
        # A prompt waits for the daemon it starts, so each test sees recall; the cold answer has its own tests.
        "CAIRN_HOOKS__COLD_WAIT_MS": "60000",
        # Recall by meaning waits for the vector search instead of falling back to keywords under load.
        "CAIRN_MEMORY__SEMANTIC_TIMEOUT_MS": "30000",
    }.items():
        monkeypatch.setenv(name, value)
    yield cairn_home
    request({"event": "stop"}, 2.0)  # this environment's daemon, if the test started one


@pytest.fixture
def run_hook(hook_env: Path) -> RunHook:
    def run(event: str, payload: dict[str, Any] | bytes, *, timeout: float = 90) -> subprocess.CompletedProcess[bytes]:
        data = payload if isinstance(payload, bytes) else json.dumps(payload).encode("utf-8")
        return subprocess.run(
            [*cairn_command(), "hook", event], input=data, capture_output=True, timeout=timeout, env=dict(os.environ)
        )

    return run


def context_of(result: subprocess.CompletedProcess[bytes], event: str) -> str:
    assert result.returncode == 0, result.stderr
    if not result.stdout.strip():
        return ""
    answer = json.loads(result.stdout)
    assert answer["hookSpecificOutput"]["hookEventName"] == event
    return str(answer["hookSpecificOutput"]["additionalContext"])


def wait_until(check: Callable[[], bool], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out waiting for the daemon"
        time.sleep(0.1)


def log_text() -> str:
    path = runtime.log_path()
    return path.read_text(encoding="utf-8") if path.exists() else ""
