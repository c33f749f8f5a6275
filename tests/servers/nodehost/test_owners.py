"""What a user earns in nodehost is theirs: "always" approvals, saved output, the doom-loop count."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from servers.nodehost.approval import Answer, ApprovalRequest, ApprovalStore
from servers.nodehost.args import OutputArgs, RunArgs
from servers.nodehost.errors import ApprovalRefused, InputError
from servers.nodehost.host import NoAsker, NodeHost, Pending
from servers.nodehost.loopguard import LoopGuard
from servers.nodehost.policy import Caller
from servers.nodehost.run import RunOutputs

ALICE = Caller(client="host", transport="http", user="alice")
BOB = Caller(client="host", transport="http", user="bob")


class Always:
    def __init__(self) -> None:
        self.asked = 0

    def can_ask(self) -> bool:
        return True

    async def ask(self, request: ApprovalRequest) -> Answer | Pending:
        self.asked += 1
        return "always"


def test_an_approval_is_keyed_and_stored_by_its_owner(tmp_path: Path) -> None:
    store = ApprovalStore(tmp_path / "approvals.json")
    binding = {"argv": ["cat", "/etc/hosts"]}
    alices = ApprovalRequest("system_run", binding, user="alice")
    store.grant(alices, client="host")
    assert store.is_granted(alices)
    assert not store.is_granted(ApprovalRequest("system_run", binding, user="bob"))
    assert not store.is_granted(ApprovalRequest("system_run", binding, user=None))  # nor the trusted host
    assert not store.is_granted(ApprovalRequest("system_run", binding, user="alice", profile="gateway"))
    assert len({alices.key, ApprovalRequest("system_run", binding, user="bob").key}) == 2


def test_approvals_from_before_owners_are_dropped_and_never_grant(tmp_path: Path) -> None:
    path = tmp_path / "approvals.json"
    binding = {"argv": ["cat", "/etc/hosts"]}
    old_key = hashlib.sha256(
        json.dumps({"tool": "system_run", "binding": binding}, sort_keys=True, ensure_ascii=False).encode()
    ).hexdigest()
    path.write_text(json.dumps({old_key: {"tool": "system_run", "binding": binding, "client": "x", "at": 0}}))
    store = ApprovalStore(path)
    # Even an entry stored under the new key but without an owner answers for nobody.
    request = ApprovalRequest("system_run", binding, user=None)
    path.write_text(
        json.dumps({**json.loads(path.read_text()), request.key: {"tool": "system_run", "binding": binding}})
    )
    assert not store.is_granted(request)
    assert store.drop_unowned() == 2
    assert json.loads(path.read_text()) == {}
    assert store.drop_unowned() == 0


async def test_one_users_always_does_not_answer_for_another(make_host: Callable[..., NodeHost], tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.txt"
    outside.write_text("outside the workspace\n")
    host = make_host()
    args = RunArgs(argv=["cat", str(outside)])
    alice = Always()
    await host.call("system_run", args, ALICE, alice)
    result = await host.call("system_run", args, ALICE, NoAsker())  # remembered for alice
    assert "outside the workspace" in str(result)
    with pytest.raises(ApprovalRefused, match="cannot ask the user"):
        await host.call("system_run", args, BOB, NoAsker())
    assert [e.get("user") for e in host.audit.entries()][-3:] == ["alice", "alice", "bob"]
    assert [e["decision"] for e in host.audit.entries()][-2:] == ["remembered", "approval_unavailable"]


async def test_saved_output_is_shown_to_its_runner_only(make_host: Callable[..., NodeHost], root: Path) -> None:
    (root / "big.txt").write_text("".join(f"line {n}\n" for n in range(20_000)))
    host = make_host()
    ran = await host.call("system_run", RunArgs(argv=["cat", "big.txt"]), ALICE, NoAsker())
    run_id = ran.run_id  # type: ignore[union-attr]
    page = await host.call("system_output", OutputArgs(run_id=run_id, offset=19_990), ALICE, NoAsker())
    assert "line 19990" in str(page)
    for other in (BOB, Caller()):
        with pytest.raises(InputError, match=f"no saved output for run {run_id}"):
            await host.call("system_output", OutputArgs(run_id=run_id), other, NoAsker())


def test_output_saved_before_owners_is_the_trusted_hosts_only(tmp_path: Path) -> None:
    outputs = RunOutputs(tmp_path, keep=5)
    (tmp_path / "r0123456789ab.stdout").write_bytes(b"old output\n")
    (tmp_path / "r0123456789ab.stderr").write_bytes(b"")
    page = outputs.page("r0123456789ab", "stdout", offset=1, limit=10, max_bytes=1000, line=100)
    assert "old output" in page.text
    with pytest.raises(InputError, match="no saved output"):
        outputs.page("r0123456789ab", "stdout", offset=1, limit=10, max_bytes=1000, line=100, owner="alice")


def test_pruning_takes_the_owner_file_too(tmp_path: Path) -> None:
    outputs = RunOutputs(tmp_path, keep=1)
    outputs.save("r000000000001", b"a", b"", owner="alice")
    os.utime(tmp_path / "r000000000001.stdout", (1, 1))  # older, whatever the clock's resolution
    outputs.save("r000000000002", b"b", b"", owner="bob")
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"r000000000002.{s}" for s in ("owner", "stderr", "stdout")]


def test_the_loop_guard_counts_per_user_and_session() -> None:
    guard = LoopGuard(2, 60.0)
    key = LoopGuard.key("host", "fs_read", {"path": "a"}, user="alice", session="s1")
    guard.record(key)
    assert guard.retry_after(key) is not None
    for other in (
        LoopGuard.key("host", "fs_read", {"path": "a"}, user="bob", session="s1"),
        LoopGuard.key("host", "fs_read", {"path": "a"}, user="alice", session="s2"),
        LoopGuard.key("host", "fs_read", {"path": "a"}),
    ):
        assert guard.retry_after(other) is None
