"""The optional bubblewrap sandbox: chosen by setting, reported by permissions, hiding Cairn's data.

Tests that start bubblewrap skip when it is not installed or cannot create a sandbox on this machine; the
others (choosing, reporting) run everywhere.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from servers.nodehost.approval import Answer, ApprovalRequest
from servers.nodehost.args import NoArgs, RunArgs
from servers.nodehost.errors import PolicyDenied
from servers.nodehost.host import NoAsker, NodeHost, Pending
from servers.nodehost.models import Permissions, RunResult
from servers.nodehost.paths import ConfigError
from servers.nodehost.policy import Caller
from servers.nodehost.sandbox import choose_sandbox

BWRAP = choose_sandbox("auto")
needs_bwrap = pytest.mark.skipif(not BWRAP.active, reason=f"no bubblewrap sandbox here: {BWRAP.why_none}")
SECRET = "signing-key-secret-77d2"


class Yes:
    def can_ask(self) -> bool:
        return True

    async def ask(self, request: ApprovalRequest) -> Answer | Pending:
        return "allow_once"


def test_without_bwrap_auto_falls_back_and_bwrap_stops_start_up(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # an empty folder: no bwrap to find
    fallback = choose_sandbox("auto")
    assert not fallback.active and fallback.describe() == (
        "none: argument checks only (bwrap is not installed (not found on PATH))"
    )
    with pytest.raises(ConfigError, match="CAIRN_NODEHOST__SANDBOX=bwrap, but bwrap is not installed"):
        choose_sandbox("bwrap")
    assert choose_sandbox("off").describe() == "none: argument checks only (turned off (CAIRN_NODEHOST__SANDBOX=off))"


async def test_permissions_report_the_sandbox_in_force(make_host: Callable[..., NodeHost]) -> None:
    off = await make_host(sandbox="off").call("permissions", NoArgs(), Caller(), NoAsker())
    assert isinstance(off, Permissions) and off.sandbox.startswith("none: argument checks only")


@needs_bwrap
async def test_permissions_name_bubblewrap_when_it_runs(make_host: Callable[..., NodeHost]) -> None:
    report = await make_host(sandbox="bwrap").call("permissions", NoArgs(), Caller(), NoAsker())
    assert isinstance(report, Permissions) and report.sandbox.startswith("bubblewrap (")


@pytest.fixture
def home_in_root(make_host: Callable[..., NodeHost], cairn_home: Path, root: Path, tmp_path: Path) -> NodeHost:
    """A root (tmp_path) holding both the project and CAIRN_HOME, with a secret in CAIRN_HOME."""
    (cairn_home / "auth" / "keys").mkdir(parents=True)
    (cairn_home / "auth" / "keys" / "k.json").write_text(f"MARKER {SECRET}\n")
    (root / "notes.txt").write_text("MARKER in the workspace\n")
    (cairn_home / "nodehost").mkdir()
    (cairn_home / "nodehost" / "policy.yaml").write_text("version: 1\n")  # a protected file inside a hidden folder
    return make_host(sandbox="bwrap", roots=[str(tmp_path)])


@needs_bwrap
async def test_in_the_sandbox_cairns_data_is_not_there_to_read(home_in_root: NodeHost, cairn_home: Path) -> None:
    # Recursing from a folder that holds CAIRN_HOME is allowed here: the sandbox shows an empty folder there.
    result = await home_in_root.call("system_run", RunArgs(argv=["grep", "-r", "MARKER", "."]), Caller(), NoAsker())
    assert isinstance(result, RunResult) and result.exit_code == 0
    assert result.stdout == "./work/notes.txt:MARKER in the workspace"
    assert SECRET not in result.stdout + result.stderr
    listed = await home_in_root.call("system_run", RunArgs(argv=["ls", "-AR"]), Caller(), NoAsker())
    assert isinstance(listed, RunResult) and listed.exit_code == 0
    assert "./cairn-home:\n\n" in listed.stdout and "k.json" not in listed.stdout and "notes.txt" in listed.stdout
    # Naming it directly is still refused by the argument checks, with the reason.
    with pytest.raises(PolicyDenied, match="inside Cairn's own data"):
        await home_in_root.call("system_run", RunArgs(argv=["cat", "cairn-home/auth/keys/k.json"]), Caller(), Yes())


@needs_bwrap
async def test_the_sandbox_is_read_only_outside_the_roots(
    make_host: Callable[..., NodeHost], root: Path, tmp_path: Path
) -> None:
    host = make_host(sandbox="bwrap")
    (root / "a.txt").write_text("one\none\ntwo\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    inside = await host.call("system_run", RunArgs(argv=["uniq", "a.txt", "b.txt"]), Caller(), NoAsker())
    assert isinstance(inside, RunResult) and inside.exit_code == 0 and (root / "b.txt").read_text() == "one\ntwo\n"
    approved = await host.call("system_run", RunArgs(argv=["uniq", "a.txt", str(elsewhere / "c.txt")]), Caller(), Yes())
    assert isinstance(approved, RunResult) and approved.exit_code != 0
    assert not (elsewhere / "c.txt").exists()


@needs_bwrap
async def test_a_timeout_still_ends_the_sandboxed_program(make_host: Callable[..., NodeHost]) -> None:
    host = make_host(sandbox="bwrap", executables=["sleep"], max_timeout_s=1)
    started = time.monotonic()
    result = await host.call("system_run", RunArgs(argv=["sleep", "30"], timeout_s=5), Caller(), NoAsker())
    assert isinstance(result, RunResult) and result.timed_out and time.monotonic() - started < 10
