"""`cairn hooks install|uninstall`: Cairn's entries in, exactly those out, everything else untouched."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from servers.suite.cli.main import main
from servers.suite.hooks import install

FOREIGN = {
    "model": "opus",
    "permissions": {"allow": ["Bash(npm test:*)"], "deny": ["Read(./.env)"]},
    "hooks": {
        "PostToolUse": [{"matcher": "Write|Edit", "hooks": [{"type": "command", "command": "prettier --write"}]}],
        "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "~/bin/branch-info.sh", "timeout": 3}]}],
    },
    "env": {"FOO": "bar"},
}


def test_round_trip_keeps_foreign_settings(cairn_home: Path, tmp_path: Path) -> None:
    path = tmp_path / ".claude" / "settings.json"
    path.parent.mkdir()
    path.write_text(json.dumps(FOREIGN, indent=2))
    added = install.install(path, executable="/opt/cairn/bin/cairn")
    assert len(added.added) == 7  # six events, PostToolUse and PostToolUseFailure share one command
    data = json.loads(path.read_text())
    assert list(data) == list(FOREIGN)  # key order kept
    assert data["hooks"]["PostToolUse"][0] == FOREIGN["hooks"]["PostToolUse"][0]
    ours = data["hooks"]["UserPromptSubmit"][1]["hooks"][0]
    assert ours == {
        "type": "command",
        "command": f"CAIRN_HOME={cairn_home} /opt/cairn/bin/cairn hook user-prompt-submit",
        "timeout": 10,
    }
    assert data["hooks"]["PostToolUseFailure"] == [
        {
            "matcher": "*",
            "hooks": [
                {
                    "type": "command",
                    "command": ours["command"].replace("user-prompt-submit", "post-tool-use"),
                    "timeout": 5,
                }
            ],
        }
    ]
    again = install.install(path, executable="/opt/cairn/bin/cairn")
    assert again.added == [] and len(again.kept) == 7  # idempotent
    removed = install.uninstall(path)
    assert len(removed.removed) == 7
    assert json.loads(path.read_text()) == FOREIGN


def test_install_creates_the_file_and_uninstall_leaves_no_hooks_key(cairn_home: Path, tmp_path: Path) -> None:
    path = tmp_path / "proj" / ".claude" / "settings.json"
    install.install(path, executable="/usr/bin/cairn")
    assert set(json.loads(path.read_text())["hooks"]) == {
        "SessionStart",
        "UserPromptSubmit",
        "PostToolUse",
        "PostToolUseFailure",
        "PreCompact",
        "Stop",
        "SessionEnd",
    }
    install.uninstall(path)
    assert json.loads(path.read_text()) == {}


def test_uninstall_keeps_a_users_own_edit_to_our_group(cairn_home: Path, tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    install.install(path, executable="/usr/bin/cairn")
    data = json.loads(path.read_text())
    data["hooks"]["SessionEnd"][0]["hooks"].append({"type": "command", "command": "notify-send bye"})
    path.write_text(json.dumps(data))
    install.uninstall(path)
    assert json.loads(path.read_text()) == {
        "hooks": {"SessionEnd": [{"hooks": [{"type": "command", "command": "notify-send bye"}]}]}
    }


def test_invalid_settings_are_never_overwritten(cairn_home: Path, tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"model": "opus",, }')
    with pytest.raises(install.SettingsFileError, match="not valid JSON"):
        install.install(path)
    assert path.read_text() == '{"model": "opus",, }'


def test_cli_install_project_scope_prints_other_hosts(
    cairn_home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}:/usr/bin:/bin")  # `cairn` on PATH: the shared file
    assert main(["hooks", "install", "--scope", "project", "--project", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "added 7 hook entries" in out and "Other hosts" in out and "additionalContext" in out
    assert '"decision": "block"' in out  # how other hosts answer the stop hook
    assert (tmp_path / ".claude" / "settings.json").exists()
    assert main(["hooks", "uninstall", "--scope", "project", "--project", str(tmp_path)]) == 0
    assert "removed 7" in capsys.readouterr().out
    assert json.loads((tmp_path / ".claude" / "settings.json").read_text()) == {}


def test_the_stop_hook_is_installed_without_a_matcher_and_removed(cairn_home: Path, tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    install.install(path, executable="/usr/bin/cairn")
    assert json.loads(path.read_text())["hooks"]["Stop"] == [
        {"hooks": [{"type": "command", "command": f"CAIRN_HOME={cairn_home} /usr/bin/cairn hook stop", "timeout": 5}]}
    ]
    install.uninstall(path)
    assert json.loads(path.read_text()) == {}


def test_uninstall_without_a_record_finds_the_stop_hook_but_not_the_daemon_command(
    cairn_home: Path, tmp_path: Path
) -> None:
    path = tmp_path / "settings.json"
    mine = {"type": "command", "command": "cairn hooks stop"}  # someone's own entry: stops the daemon, not ours
    path.write_text(
        json.dumps({"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "/usr/bin/cairn hook stop"}, mine]}]}})
    )
    assert install.uninstall(path).removed == [("Stop", "/usr/bin/cairn hook stop")]
    assert json.loads(path.read_text()) == {"hooks": {"Stop": [{"hooks": [mine]}]}}
