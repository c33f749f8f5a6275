"""`cairn skills install` as a user runs it, against a real `cairn registry serve` on 127.0.0.1 (which serves
Cairn's built-in skills): where each scope installs, and what the command says about it."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT
from tests.support import cairn_process, child_env, free_port

pytestmark = pytest.mark.slow
SKILL = "deep-research"  # built in: the registry serves it from its first start


@pytest.fixture(scope="module")
def registry(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    env = {**child_env(tmp_path_factory.mktemp("registry-home")), "CAIRN_EMBEDDER": "none"}
    with cairn_process(["registry", "serve", "--port", str(port)], env=env, cwd=REPO_ROOT, port=port) as base:
        yield base


def install(registry: str, home: Path, cwd: Path, *options: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "servers.suite.cli.main", "skills", "install", SKILL, "--registry", registry, *options],
        env={**child_env(home), "PYTHONPATH": str(REPO_ROOT), **env},
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_project_scope_installs_into_the_current_folder(registry: str, tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    done = install(registry, tmp_path / "home", project, "--scope", "project")
    assert done.returncode == 0, done.stderr
    target = project / ".claude" / "skills" / SKILL
    assert (target / "SKILL.md").is_file()
    # One line a person reads: what, which version, which scope, where, and the checksum it was verified against.
    line = done.stdout.strip()
    assert "\n" not in line and not line.startswith("{")
    assert line.startswith(f"installed {SKILL}@1.0.0 (project scope) in {target}; sha256 ")
    assert len(line.rsplit(" ", 1)[-1]) == 64
    # Claude Code reads that folder itself; Cairn's skills server needs to be told about it.
    assert f"CAIRN_SKILLS__PATHS='[\"{project / '.claude' / 'skills'}\"]'" in done.stderr
    again = install(registry, tmp_path / "home", project, "--scope", "project")
    assert again.returncode == 1 and "pass --overwrite" in again.stderr


def test_project_scope_prefers_the_configured_folder(registry: str, tmp_path: Path) -> None:
    configured = tmp_path / "team-skills"
    done = install(
        registry, tmp_path / "home", tmp_path, "--scope", "project", CAIRN_SKILLS__PATHS=json.dumps([str(configured)])
    )
    assert done.returncode == 0, done.stderr
    assert (configured / SKILL / "SKILL.md").is_file()
    assert not (tmp_path / ".claude").exists()
    assert done.stderr == ""  # the skills server already serves that folder: nothing to add


def test_json_keeps_the_raw_form(registry: str, tmp_path: Path) -> None:
    done = install(registry, tmp_path / "home", tmp_path, "--json")
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout)
    assert shown["name"] == SKILL and shown["scope"] == "user" and shown["installed"] is True
    assert shown["path"] == str(tmp_path / "home" / "skills" / "user" / SKILL)
    assert len(shown["sha256"]) == 64
