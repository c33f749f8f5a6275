"""system_run: real-path allowlist, shells, environment, timeouts that kill grandchildren, output paging."""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from servers.nodehost.approval import Answer, ApprovalRequest
from servers.nodehost.args import OutputArgs, RunArgs
from servers.nodehost.errors import InputError, PolicyDenied
from servers.nodehost.host import NodeHost, Pending
from servers.nodehost.models import OutputPage, RunResult
from servers.nodehost.paths import Workspace
from servers.nodehost.policy import Caller
from servers.nodehost.run import ExecPolicy, RunPlan, child_env, classify, execute, plan_run

SH = shutil.which("sh") or "/bin/sh"


class Yes:
    def can_ask(self) -> bool:
        return True

    async def ask(self, request: ApprovalRequest) -> Answer | Pending:
        return "allow_once"


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    (tmp_path / "root").mkdir()
    (tmp_path / "state").mkdir()
    return Workspace.create([tmp_path / "root"], [tmp_path / "state"])


def _state(pid: int) -> str | None:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[-1].split()[0]
    except FileNotFoundError:
        return None


def _alive(pid: int) -> bool:
    """Whether ``pid`` still runs, allowing the kernel up to 2 s to finish tearing a killed process down."""
    deadline = time.monotonic() + 2.0
    while _state(pid) not in (None, "Z", "X"):  # a zombie is dead, only not yet reaped by its new parent
        if time.monotonic() > deadline:
            return True
        time.sleep(0.01)
    return False


def _plan(argv: list[str], cwd: str) -> RunPlan:
    return RunPlan(argv, os.path.realpath(shutil.which(argv[0]) or argv[0]), cwd, dict(os.environ), "shell")


def test_allowlist_compares_real_paths(ws: Workspace) -> None:
    policy = ExecPolicy.build(["ls", "cat"], allow_shell=False)
    assert plan_run(["ls", "-la"], None, None, ws=ws, policy=policy).executable == os.path.realpath(shutil.which("ls"))
    root = Path(ws.primary)
    (root / "cat-alias").symlink_to(shutil.which("cat") or "/bin/cat")
    assert plan_run(["./cat-alias"], None, None, ws=ws, policy=policy).kind == "normal"
    # A name on the list does not help a different binary: resolved paths decide.
    (root / "ls").symlink_to(shutil.which("rm") or "/bin/rm")
    with pytest.raises(PolicyDenied, match="not on the allowlist"):
        plan_run(["./ls", "-rf", "x"], None, None, ws=ws, policy=policy)
    with pytest.raises(PolicyDenied, match="not on the allowlist"):
        plan_run(["/usr/bin/../bin/env", "ls"], None, None, ws=ws, policy=policy)
    with pytest.raises(InputError, match="not found on PATH"):
        plan_run(["no-such-program-xyz"], None, None, ws=ws, policy=policy)


def test_shells_need_the_policy_and_are_marked_for_approval(ws: Workspace) -> None:
    with pytest.raises(PolicyDenied, match="allow_shell"):
        plan_run(["sh", "-c", "ls"], None, None, ws=ws, policy=ExecPolicy.build(["ls"], allow_shell=False))
    with pytest.raises(PolicyDenied, match="does not allow a shell"):
        plan_run(["sh", "-c", "ls"], None, None, ws=ws, policy=ExecPolicy.build(["sh"], allow_shell=False))
    plan = plan_run(["sh", "-c", "ls"], None, None, ws=ws, policy=ExecPolicy.build([], allow_shell=True))
    assert plan.kind == "shell" and "shell" in plan.reasons[0]
    assert classify("/usr/bin/python3.11", "python3") == "shell"
    assert classify("/usr/bin/rm", "rm") == "delete"
    assert classify("/bin/busybox", "ls") == "shell"


def test_cwd_must_be_inside_and_arguments_naming_cairns_data_are_refused(ws: Workspace, tmp_path: Path) -> None:
    policy = ExecPolicy.build(["ls", "cat"], allow_shell=False)
    with pytest.raises(InputError, match="outside the workspace"):
        plan_run(["ls"], str(tmp_path), None, ws=ws, policy=policy)
    for arg in (str(tmp_path / "state" / "policy.yaml"), "../state/audit.jsonl", f"--file={tmp_path}/state/x"):
        with pytest.raises(PolicyDenied, match="Cairn's own data"):
            plan_run(["cat", arg], None, None, ws=ws, policy=policy)


def test_environment_is_scrubbed_and_hooks_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GITHUB_TOKEN", "x")
    monkeypatch.setenv("MY_API_KEY", "x")
    monkeypatch.setenv("INNOCENT", "ghp_" + "a" * 36)
    monkeypatch.setenv("GIT_AUTHOR_NAME", "Ada")
    monkeypatch.setenv("CAIRN_NODEHOST__ROOTS", "[]")
    env = child_env({"FOO": "bar"}, keep=())
    assert {"GITHUB_TOKEN", "MY_API_KEY", "INNOCENT", "CAIRN_NODEHOST__ROOTS"}.isdisjoint(env)
    assert env["GIT_AUTHOR_NAME"] == "Ada" and env["FOO"] == "bar" and "PATH" in env
    assert child_env(None, keep=("MY_API_KEY",))["MY_API_KEY"] == "x"
    for hook in ("LD_PRELOAD", "PYTHONSTARTUP", "BASH_ENV", "NODE_OPTIONS", "GIT_SSH_COMMAND"):
        with pytest.raises(PolicyDenied, match=hook):
            child_env({hook: "/tmp/evil"}, keep=())
    with pytest.raises(InputError, match="not valid"):
        child_env({"A=B": "x"}, keep=())


async def test_timeout_kills_shell_grandchildren(ws: Workspace) -> None:
    plan = _plan([SH, "-c", "sleep 100 & echo $!; sleep 100"], ws.primary)
    started = time.monotonic()
    done = await execute(plan, timeout_s=1.0, capture_bytes=1 << 20, grace_s=0.5)
    assert time.monotonic() - started < 5
    assert done.timed_out and done.exit_code is None and done.signal is not None
    grandchild = int(done.stdout.split()[0])
    assert not _alive(grandchild)


async def test_timeout_kills_forked_python_children(ws: Workspace) -> None:
    code = (
        "import os, sys, time\n"
        "pid = os.fork()\n"
        "if pid == 0:\n    time.sleep(100)\n"
        "print(pid, flush=True)\ntime.sleep(100)\n"
    )
    plan = RunPlan(
        [sys.executable, "-c", code], os.path.realpath(sys.executable), ws.primary, dict(os.environ), "shell"
    )
    done = await execute(plan, timeout_s=1.0, capture_bytes=1 << 20, grace_s=0.5)
    assert done.timed_out
    assert not _alive(int(done.stdout.split()[0]))


async def test_background_children_do_not_outlive_a_finished_run(ws: Workspace) -> None:
    started = time.monotonic()
    done = await execute(_plan([SH, "-c", "sleep 100 & echo $!"], ws.primary), timeout_s=20, capture_bytes=1 << 20)
    assert not done.timed_out and done.exit_code == 0 and time.monotonic() - started < 5
    assert not _alive(int(done.stdout.split()[0]))


async def test_exit_status_and_stderr_are_reported(make_host: Callable[..., NodeHost]) -> None:
    host = make_host(executables=["ls"])
    result = await host.call("system_run", RunArgs(argv=["ls", "/no/such/dir"]), Caller(), Yes())
    assert isinstance(result, RunResult)
    assert result.exit_code == 2 and "No such file" in result.stderr and not result.timed_out


async def test_long_output_is_truncated_and_pageable(make_host: Callable[..., NodeHost], root: Path) -> None:
    host = make_host(executables=["cat"])
    (root / "big.txt").write_text("".join(f"line {i} " + "x" * 100 + "\n" for i in range(1, 3001)) + "y" * 3000)
    result = await host.call("system_run", RunArgs(argv=["cat", "big.txt"]), Caller(), Yes())
    assert isinstance(result, RunResult) and result.truncated
    assert len(result.stdout.encode()) <= 50 * 1024 + 300
    assert f"Use system_output(run_id='{result.run_id}', stream='stdout', offset=" in result.stdout
    shown = result.stdout.split("\n\n(Output truncated")[0].split("\n")
    next_offset = len(shown) + 1
    page = await host.call(
        "system_output", OutputArgs(run_id=result.run_id, offset=next_offset, limit=5), Caller(), Yes()
    )
    assert isinstance(page, OutputPage) and page.first_line == next_offset
    assert page.content.startswith(f"{next_offset:>6}\tline {next_offset} ")
    last = await host.call("system_output", OutputArgs(run_id=result.run_id, offset=3001), Caller(), Yes())
    assert isinstance(last, OutputPage) and last.content.split("\n")[0].endswith("y" * 2000 + "...")


async def test_timeout_is_capped_by_settings(make_host: Callable[..., NodeHost]) -> None:
    host = make_host(executables=["sleep"], max_timeout_s=1)
    started = time.monotonic()
    result = await host.call("system_run", RunArgs(argv=["sleep", "30"], timeout_s=600), Caller(), Yes())
    assert isinstance(result, RunResult) and result.timed_out and "timed out after 1 s" in (result.note or "")
    assert "capped at 1 s" in (result.note or "")
    assert time.monotonic() - started < 5
