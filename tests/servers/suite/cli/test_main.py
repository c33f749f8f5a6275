from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from servers.suite.cli.main import main
from servers.suite.cli.run import connection_help
from servers.suite.settings import CairnSettings
from tests.conftest import REPO_ROOT
from tests.support import child_env


def test_serve_refuses_unauthenticated_non_loopback(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "memory", "--host", "0.0.0.0", "--auth", "none"]) == 2
    assert "loopback only" in capsys.readouterr().err


def test_oauth_off_loopback_needs_https(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CAIRN_HOME", str(tmp_path))
    assert main(["serve", "memory", "--host", "0.0.0.0", "--port", "8799"]) == 2
    assert "needs https" in capsys.readouterr().err


def test_unknown_server_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["serve", "nonsense"])
    assert exit_info.value.code == 2


def test_connection_help_has_working_entries(tmp_path: Path) -> None:
    text = connection_help("all", "http", "127.0.0.1", 8765, CairnSettings(home=tmp_path))
    assert "claude mcp add --transport http cairn http://127.0.0.1:8765/mcp" in text
    desktop = json.loads(text.split("claude_desktop_config.json):\n  ")[1].splitlines()[0])
    entry = desktop["mcpServers"]["cairn"]
    assert entry["args"] == ["serve", "all", "--transport", "stdio"]
    assert Path(entry["command"]).name == "cairn"


@pytest.mark.slow
def test_memory_export_and_import_commands(tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = child_env(home)
    run = [sys.executable, "-m", "servers.suite.cli.main"]
    script = (
        "from servers.suite.settings import CairnSettings as S; from servers.memory.service import MemoryService as M;"
        "m = M(S()); m.write('export me: 导出测试'); m.close()"
    )
    subprocess.run([sys.executable, "-c", script], env=env, cwd=REPO_ROOT, check=True)
    out = tmp_path / "dump.jsonl"
    exported = subprocess.run(
        [*run, "memory", "export", "-o", str(out)], env=env, cwd=REPO_ROOT, capture_output=True, text=True, check=True
    )
    assert json.loads(exported.stdout)["exported"] == 1
    other = child_env(tmp_path / "other")
    imported = subprocess.run(
        [*run, "memory", "import", str(out)], env=other, cwd=REPO_ROOT, capture_output=True, text=True, check=True
    )
    assert json.loads(imported.stdout.strip().splitlines()[-1])["imported"] == 1
    missing = subprocess.run(
        [*run, "memory", "import", str(tmp_path / "nope.jsonl")],
        env=other,
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
    )
    assert missing.returncode == 1 and "does not exist" in missing.stderr


def test_auth_user_commands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from servers.suite.settings import get_settings

    monkeypatch.setenv("CAIRN_HOME", str(tmp_path / "h"))
    get_settings.cache_clear()
    monkeypatch.setattr("sys.stdin", io.StringIO("short\n"))
    assert main(["auth", "add-user", "grace", "--password-stdin"]) == 1
    assert "at least 8" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO("a long enough password\n"))
    assert main(["auth", "add-user", "grace", "--password-stdin"]) == 0
    assert main(["auth", "users"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1].split("\t")[0] == "grace"
    assert main(["auth", "rotate-keys"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(["auth", "rotate-keys"]) == 0
    second = json.loads(capsys.readouterr().out)
    assert second["new_kid"] != first["new_kid"] and set(second["active"]) == {first["new_kid"], second["new_kid"]}
    assert main(["auth", "remove-user", "nobody"]) == 1
    get_settings.cache_clear()


def test_forwarded_headers_are_believed_only_from_named_proxies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """uvicorn would believe X-Forwarded-For from 127.0.0.1 by default; Cairn believes no proxy unless told."""
    import uvicorn

    from servers.suite.cli import run
    from servers.suite.settings import get_settings

    default = run.uvicorn_server(object(), "127.0.0.1", 1).config
    assert default.proxy_headers is False
    assert default.timeout_keep_alive == run.KEEP_ALIVE_S  # idle connections outlive the clients' own (test_run)
    named = run.uvicorn_server(object(), "127.0.0.1", 1, forwarded_allow_ips="10.0.0.1, 10.0.0.2").config
    assert named.proxy_headers is True and named.forwarded_allow_ips == "10.0.0.1, 10.0.0.2"

    configured = CairnSettings(home=tmp_path, auth={"forwarded_allow_ips": "192.0.2.1"})
    assert run.trusted_proxies(None, configured) == "192.0.2.1"  # the setting, when the option is not given
    assert run.trusted_proxies("", configured) == ""  # an empty option trusts nobody, whatever the setting
    assert run.trusted_proxies(None, CairnSettings(home=tmp_path)) is None

    passed: dict[str, Any] = {}
    monkeypatch.setattr(run, "run_server", lambda *a, **kw: passed.update(serve=kw["forwarded_allow_ips"]) or 0)
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: passed.update(run=kw))
    monkeypatch.setenv("CAIRN_HOME", str(tmp_path / "h"))
    get_settings.cache_clear()
    try:
        assert main(["serve", "memory", "--forwarded-allow-ips", "10.1.1.1"]) == 0
        assert passed["serve"] == "10.1.1.1"
        assert main(["registry", "serve", "--forwarded-allow-ips", "10.2.2.2"]) == 0
        assert passed["run"] == {
            "host": "127.0.0.1",
            "port": 8780,
            "log_level": "warning",
            "proxy_headers": True,
            "forwarded_allow_ips": "10.2.2.2",
            "timeout_keep_alive": run.KEEP_ALIVE_S,
        }
        assert main(["auth", "serve", "--port", "8799"]) == 0
        assert passed["run"]["proxy_headers"] is False
        assert passed["run"]["timeout_keep_alive"] == run.KEEP_ALIVE_S
    finally:
        get_settings.cache_clear()
