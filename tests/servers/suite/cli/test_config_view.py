"""`cairn config` as a user runs it: the settings in force, with no secret in the output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO_ROOT
from tests.support import child_env


def test_config_masks_every_secret_and_keeps_the_rest(tmp_path: Path) -> None:
    env = {
        **child_env(tmp_path / "home"),
        "CAIRN_DATABASE_URL": "postgresql://cairn:hunter2-db@db.internal:5432/cairn",
        "CAIRN_AUTH__EXTERNAL_CLIENT_SECRET": "s3cr3t-client",
        "CAIRN_SCHEDULER__WEBHOOK_SECRET": "whsec-value",
        "CAIRN_REGISTRY__TOKEN": "cairn_pat_value",
        "CAIRN_LLM_MODEL": "openai/gpt-4o-mini",
    }
    done = subprocess.run(
        [sys.executable, "-m", "servers.suite.cli.main", "config"],
        env=env,
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    for secret in ("hunter2-db", "s3cr3t-client", "whsec-value", "cairn_pat_value"):
        assert secret not in done.stdout
    shown = json.loads(done.stdout)
    assert shown["database_url"] == "postgresql://cairn:***@db.internal:5432/cairn"
    assert shown["auth"]["external_client_secret"] == "***"
    assert shown["llm_model"] == "openai/gpt-4o-mini"  # not a secret: shown as set
    assert shown["home"] == str(tmp_path / "home")


def config_with(tmp_path: Path, **variables: str) -> subprocess.CompletedProcess[str]:
    env = {**child_env(tmp_path / "home"), **variables}
    return subprocess.run(
        [sys.executable, "-m", "servers.suite.cli.main", "config"],
        env=env,
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
    )


def test_a_bad_environment_value_names_the_variable_without_a_traceback(tmp_path: Path) -> None:
    done = config_with(tmp_path, CAIRN_PORT="notaport")
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert "CAIRN_PORT: Input should be a valid integer" in done.stderr and "'notaport'" in done.stderr
    unreadable = config_with(tmp_path, CAIRN_SKILLS__PATHS="/abs/path")
    assert unreadable.returncode == 2 and "Traceback" not in unreadable.stderr
    assert "CAIRN_SKILLS__PATHS='[\"/abs/path\"]'" in unreadable.stderr  # how to write it instead


def test_a_reader_that_goes_away_ends_the_command_quietly(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "servers.suite.cli.main", "config"],
        env=child_env(tmp_path / "home"),
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # like `cairn config | head -0`
    errors = process.stderr.read().decode()
    assert process.wait(timeout=60) == 141
    assert "BrokenPipeError" not in errors and "Traceback" not in errors


def test_a_misspelt_variable_is_warned_about_with_the_name_meant(tmp_path: Path) -> None:
    done = config_with(tmp_path, CAIRN_MEMROY__RRF_K="5", CAIRN_MEMORY__FLUSH_MAX_ENTRIES="7")
    assert done.returncode == 0, done.stderr
    assert "CAIRN_MEMROY__RRF_K is not a Cairn setting and is ignored; did you mean CAIRN_MEMORY__RRF_K?" in (
        done.stderr
    )
    assert "FLUSH_MAX_ENTRIES" not in done.stderr  # a valid name is not warned about
    assert json.loads(done.stdout)["memory"]["rrf_k"] == 60  # the misspelt value is not in force


def test_a_json_setting_that_is_not_json_names_its_variable(tmp_path: Path) -> None:
    done = config_with(tmp_path, CAIRN_MEMORY__RETENTION_DAYS="{note: 30}")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "CAIRN_MEMORY__RETENTION_DAYS: not valid JSON" in done.stderr
    assert 'field "memory"' not in done.stderr
