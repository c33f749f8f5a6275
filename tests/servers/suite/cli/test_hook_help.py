"""`cairn hook --help` as a person types it: help on stdout, nothing written anywhere; and a wrong hook entry
logs under CAIRN_HOME, never under the home folder's ~/.cairn."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.servers.suite.hooks.conftest import cairn_command


def run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CAIRN_")}
    env.update(HOME=str(tmp_path / "user-home"), CAIRN_HOME=str(tmp_path / "cairn-home"))
    return subprocess.run(
        [*cairn_command(), "hook", *args], env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60
    )


def written(tmp_path: Path) -> list[str]:
    return sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*"))


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_prints_usage_and_writes_nothing(tmp_path: Path, flag: str) -> None:
    done = run(tmp_path, flag)
    assert done.returncode == 0
    assert done.stdout.startswith("usage: cairn hook {session-start,")
    assert "cairn hooks install" in done.stdout
    assert written(tmp_path) == []


def test_a_wrong_hook_entry_logs_under_cairn_home_only(tmp_path: Path) -> None:
    done = run(tmp_path, "pre-tool-use")
    assert done.returncode == 0 and "usage: cairn hook" in done.stderr  # exit 2 would block the host's prompt
    assert not (tmp_path / "user-home").exists()
    log = tmp_path / "cairn-home" / "logs" / "hooks.log"
    assert "bad arguments ['pre-tool-use']" in log.read_text(encoding="utf-8")
