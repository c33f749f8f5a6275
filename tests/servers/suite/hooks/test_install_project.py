"""`cairn hooks install --scope project` as a user runs it: the shared `.claude/settings.json` gets commands that
work on anyone's machine; what holds on this machine only goes to `.claude/settings.local.json`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO_ROOT
from tests.support import child_env

VENV_BIN = Path(sys.executable).parent  # holds the `cairn` script of this installation


def hooks(project: Path, home: Path, *argv: str, path: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "servers.suite.cli.main", "hooks", *argv, "--scope", "project"],
        env={**child_env(home), "PATH": path, "PYTHONPATH": str(REPO_ROOT), "HOME": str(project.parent / "user")},
        cwd=project,
        capture_output=True,
        text=True,
        timeout=120,
    )


def commands(path: Path) -> set[str]:
    data = json.loads(path.read_text())
    return {h["command"] for groups in data["hooks"].values() for g in groups for h in g["hooks"]}


def test_the_shared_file_gets_portable_commands(tmp_path: Path) -> None:
    project, home = tmp_path / "project", tmp_path / "machine-specific-home"
    project.mkdir()
    done = hooks(project, home, "install", path=f"{VENV_BIN}:/usr/bin:/bin")
    assert done.returncode == 0, done.stderr
    shared = project / ".claude" / "settings.json"
    assert commands(shared) == {
        "cairn hook session-start",
        "cairn hook user-prompt-submit",
        "cairn hook post-tool-use",
        "cairn hook pre-compact",
        "cairn hook stop",
        "cairn hook session-end",
    }
    assert str(home) not in shared.read_text() and str(VENV_BIN) not in shared.read_text()
    assert not (project / ".claude" / "settings.local.json").exists()
    assert "CAIRN_HOME is not written into the shared file" in done.stdout
    assert (project.parent / "user").exists() is False  # the user's own settings are not touched
    removed = hooks(project, home, "uninstall", path=f"{VENV_BIN}:/usr/bin:/bin")
    assert removed.returncode == 0 and "removed 7" in removed.stdout
    assert json.loads(shared.read_text()) == {}


def test_a_pinned_home_goes_to_this_machines_file(tmp_path: Path) -> None:
    project, home = tmp_path / "project", tmp_path / "home"
    project.mkdir()
    pinned = tmp_path / "team data"
    done = hooks(project, home, "install", "--cairn-home", str(pinned), path=f"{VENV_BIN}:/usr/bin:/bin")
    assert done.returncode == 0, done.stderr
    local = project / ".claude" / "settings.local.json"
    assert f"CAIRN_HOME='{pinned}' {VENV_BIN / 'cairn'} hook user-prompt-submit" in commands(local)
    assert not (project / ".claude" / "settings.json").exists()
    assert "this machine's settings" in done.stdout and str(local) in done.stdout
    removed = hooks(project, home, "uninstall", path=f"{VENV_BIN}:/usr/bin:/bin")
    assert removed.returncode == 0 and "removed 7" in removed.stdout
    assert json.loads(local.read_text()) == {}


def test_without_cairn_on_path_the_machine_path_stays_local(tmp_path: Path) -> None:
    project, home = tmp_path / "project", tmp_path / "home"
    project.mkdir()
    done = hooks(project, home, "install", path="/usr/bin:/bin")
    assert done.returncode == 0, done.stderr
    local = project / ".claude" / "settings.local.json"
    assert f"CAIRN_HOME={home} {VENV_BIN / 'cairn'} hook session-end" in commands(local)
    assert not (project / ".claude" / "settings.json").exists()
    assert "no `cairn` on PATH" in done.stdout
