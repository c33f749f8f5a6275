"""Nodehost never reads or writes Cairn's own data: the attacks of the pen test, and normal use beside them.

The workspace (``work``) and CAIRN_HOME (``cairn-home``) are sibling folders, as with ``cairn serve all`` run
from a project; the default allowlist is in force and every approval is granted, so what stops each attack is
the protection itself, not a missing approval.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError

from servers.nodehost.approval import Answer, ApprovalRequest
from servers.nodehost.args import GlobArgs, GrepArgs, ReadArgs, RunArgs, ToolArgs, WriteArgs
from servers.nodehost.errors import ApprovalRefused, InputError, NodehostError, PolicyDenied
from servers.nodehost.host import NoAsker, NodeHost, Pending
from servers.nodehost.models import GlobResult, GrepResult, ReadResult, RunResult
from servers.nodehost.policy import Caller
from servers.nodehost.rest import ensure_token
from servers.nodehost.server import create_server

KEY = "-----BEGIN PRIVATE KEY----- signing-key-secret-4f1c"
WEBHOOK = "webhook-secret-9a7e"


class Yes:
    """A user who approves everything: attacks must fail without depending on a refusal here."""

    def __init__(self) -> None:
        self.asked: list[ApprovalRequest] = []

    def can_ask(self) -> bool:
        return True

    async def ask(self, request: ApprovalRequest) -> Answer | Pending:
        self.asked.append(request)
        return "allow_once"


@pytest.fixture
def secrets(cairn_home: Path, root: Path) -> list[str]:
    """Cairn's secrets on disk: the auth signing key, the webhook secret, the nodehost REST token."""
    keys = cairn_home / "auth" / "keys"
    keys.mkdir(parents=True)
    (keys / "k1.json").write_text(KEY + "\n")
    (cairn_home / "scheduler").mkdir()
    (cairn_home / "scheduler" / "webhook.secret").write_text(WEBHOOK + "\n")
    token = ensure_token(cairn_home / "nodehost" / "token")
    (root / "README.md").write_text("# project\nfoo bar\n")
    return [KEY, WEBHOOK, token]


async def _refused(host: NodeHost, tool: str, args: ToolArgs, secrets: list[str]) -> str:
    with pytest.raises(NodehostError) as caught:
        await host.call(tool, args, Caller(), Yes())
    message = str(caught.value)
    assert not any(secret in message for secret in secrets)
    audit = (host.state_dir / "audit.jsonl").read_text()
    assert not any(secret in audit for secret in secrets)
    return message


def _clean(result: RunResult, secrets: list[str]) -> None:
    assert not any(secret in result.stdout + result.stderr for secret in secrets)


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["cat", "{home}/auth/keys/k1.json"], "names .*inside Cairn's own data"),
        (["cat", "../cairn-home/auth/keys/k1.json"], "names .*inside Cairn's own data"),
        (["date", "-f../cairn-home/nodehost/token"], "names .*inside Cairn's own data"),
        (["file", "-f../cairn-home/nodehost/token"], "names .*inside Cairn's own data"),
        (["grep", "--file=../cairn-home/scheduler/webhook.secret", "README.md"], "inside Cairn's own data"),
        (["grep", "-r", "-h", "", "../cairn-home"], "names .*inside Cairn's own data"),
        (["grep", "-r", "-h", "", ".."], r"is the folder .*, which holds Cairn's own data .*grep -r"),
        (["grep", "-rh", "BEGIN", "/"], "which holds Cairn's own data"),
        (["head", "-c", "999", "file://{home}/nodehost/token"], "inside Cairn's own data"),
    ],
)
async def test_system_run_arguments_cannot_reach_cairns_data(
    host: NodeHost, secrets: list[str], cairn_home: Path, argv: list[str], expected: str
) -> None:
    args = RunArgs(argv=[a.format(home=cairn_home) for a in argv])
    message = await _refused(host, "system_run", args, secrets)
    assert message.startswith("argument '") and re.search(expected, message), message


async def test_a_symlink_in_the_workspace_does_not_lead_into_cairns_data(
    host: NodeHost, secrets: list[str], cairn_home: Path, root: Path
) -> None:
    (root / "notes.txt").symlink_to(cairn_home / "auth" / "keys" / "k1.json")
    (root / "docs").symlink_to(cairn_home)
    message = await _refused(host, "system_run", RunArgs(argv=["cat", "notes.txt"]), secrets)
    assert "argument 'notes.txt' names" in message and "inside Cairn's own data" in message
    message = await _refused(host, "system_run", RunArgs(argv=["grep", "-r", "BEGIN", "docs"]), secrets)
    assert "argument 'docs'" in message
    assert "inside Cairn's own data" in await _refused(host, "fs_read", ReadArgs(path="notes.txt"), secrets)


async def test_link_following_recursion_is_refused_when_a_link_leads_into_cairns_data(
    host: NodeHost, secrets: list[str], cairn_home: Path, root: Path
) -> None:
    (root / "src").mkdir()
    (root / "src" / "vendor").symlink_to(cairn_home / "auth")
    message = await _refused(host, "system_run", RunArgs(argv=["grep", "-R", "-h", "BEGIN", "."]), secrets)
    assert "src/vendor is a symlink to" in message and "grep would follow it" in message
    message = await _refused(host, "system_run", RunArgs(argv=["grep", "-R", "BEGIN"]), secrets)  # cwd searched
    assert "symlink" in message
    # grep -r (lower case) does not follow links inside the tree: it runs, and finds nothing secret.
    result = await host.call("system_run", RunArgs(argv=["grep", "-r", "-h", "BEGIN", "."]), Caller(), NoAsker())
    assert isinstance(result, RunResult) and result.exit_code == 1
    _clean(result, secrets)


async def test_environment_values_cannot_name_cairns_data(host: NodeHost, secrets: list[str], cairn_home: Path) -> None:
    args = RunArgs(argv=["ls"], env={"TZDIR": f"/usr/share:{cairn_home}/auth"})
    assert "TZDIR names Cairn's own data" in await _refused(host, "system_run", args, secrets)


async def test_file_tools_cannot_reach_cairns_data(
    host: NodeHost, secrets: list[str], cairn_home: Path, root: Path
) -> None:
    key = str(cairn_home / "auth" / "keys" / "k1.json")
    for args in (ReadArgs(path=key), ReadArgs(path="../cairn-home/nodehost/token")):
        assert "inside Cairn's own data" in await _refused(host, "fs_read", args, secrets)
    for tool, folder in (("fs_grep", "../cairn-home"), ("fs_glob", str(cairn_home / "auth"))):
        search = GrepArgs(pattern="BEGIN", path=folder) if tool == "fs_grep" else GlobArgs(pattern="*", path=folder)
        assert "inside Cairn's own data" in await _refused(host, tool, search, secrets)
    overwrite = WriteArgs(path="../cairn-home/nodehost/token", content="attacker")
    assert "nodehost never reads or writes it" in await _refused(host, "fs_write", overwrite, secrets)
    assert (cairn_home / "nodehost" / "token").read_text().strip() == secrets[2]


async def test_a_root_holding_cairn_home_serves_its_files_but_never_cairns(
    make_host: Callable[..., NodeHost], secrets: list[str], tmp_path: Path, root: Path
) -> None:
    # A user whose root is their home folder, with CAIRN_HOME=~/.cairn inside it.
    host = make_host(roots=[str(tmp_path)])
    (root / "todo.txt").write_text("BEGIN the work\n")
    read = await host.call("fs_read", ReadArgs(path="work/README.md"), Caller(), NoAsker())
    assert isinstance(read, ReadResult) and "foo bar" in read.content
    grep = await host.call("fs_grep", GrepArgs(pattern="BEGIN|secret"), Caller(), NoAsker())
    assert isinstance(grep, GrepResult) and [m.path for m in grep.matches] == ["work/todo.txt"]
    globbed = await host.call("fs_glob", GlobArgs(pattern="**/*"), Caller(), NoAsker())
    assert isinstance(globbed, GlobResult)
    assert {f.path for f in globbed.files} == {"work/README.md", "work/todo.txt"}
    assert "inside Cairn's own data" in await _refused(
        host, "fs_read", ReadArgs(path="cairn-home/auth/keys/k1.json"), secrets
    )
    # Without a sandbox, programs run from a folder that does not hold Cairn's data.
    message = await _refused(host, "system_run", RunArgs(argv=["grep", "-r", "BEGIN"]), secrets)
    assert "the run's folder" in message and "holds Cairn's own data" in message and "cwd" in message
    ran = await host.call("system_run", RunArgs(argv=["grep", "-r", "BEGIN", "."], cwd="work"), Caller(), NoAsker())
    assert isinstance(ran, RunResult) and ran.stdout == "./todo.txt:BEGIN the work"


async def test_git_config_is_neither_read_nor_written(host: NodeHost, root: Path) -> None:
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text('[remote "origin"]\n\turl = https://me:ghp_token@example.com/r.git\n')
    secret = ["ghp_token"]
    assert "git config file" in await _refused(host, "fs_read", ReadArgs(path=".git/config"), secret)
    assert "git config file" in await _refused(host, "system_run", RunArgs(argv=["cat", ".git/config"]), secret)
    edit = WriteArgs(path=".git/config", content="[core]\n\tfsmonitor = evil\n")
    assert "git config file" in await _refused(host, "fs_write", edit, secret)
    grep = await host.call("fs_grep", GrepArgs(pattern="token", path=".git"), Caller(), NoAsker())
    assert isinstance(grep, GrepResult) and grep.matches == []


async def test_normal_use_needs_no_approval(host: NodeHost, secrets: list[str], root: Path) -> None:
    (root / "src").mkdir()
    (root / "src" / "a.py").write_text("foo = 1\n")
    runs = {
        ("ls",): "README.md\nsrc",
        ("cat", "README.md"): "# project\nfoo bar",
        ("grep", "-r", "foo", "."): None,
        ("echo", "hello", "-n", "--version", "42", "https://example.com/a/b", "/no/such/dir"): None,
        ("date", "+%Y/%m/%d"): None,
        ("wc", "-l", "src/a.py", "/dev/null"): None,
    }
    for argv, stdout in runs.items():
        result = await host.call("system_run", RunArgs(argv=list(argv)), Caller(), NoAsker())
        assert isinstance(result, RunResult) and result.exit_code == 0, (argv, result)
        if stdout is not None:
            assert result.stdout == stdout
        _clean(result, secrets)
    found = await host.call("system_run", RunArgs(argv=["grep", "-r", "foo", "."]), Caller(), NoAsker())
    assert isinstance(found, RunResult) and set(found.stdout.splitlines()) == {
        "./README.md:foo bar",
        "./src/a.py:foo = 1",
    }


async def test_paths_outside_the_workspace_need_approval(host: NodeHost, secrets: list[str], tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "notes.txt").write_text("outside notes\n")
    for argv in (
        ["cat", str(elsewhere / "notes.txt")],
        ["cat", "../elsewhere/notes.txt"],
        ["head", "-n1", "--", "../elsewhere/notes.txt"],
    ):
        with pytest.raises(
            ApprovalRefused, match=r"resolves to .*elsewhere/notes.txt, outside the workspace.*cannot ask"
        ):
            await host.call("system_run", RunArgs(argv=argv), Caller(), NoAsker())
    user = Yes()
    result = await host.call("system_run", RunArgs(argv=["cat", "../elsewhere/notes.txt"]), Caller(), user)
    assert isinstance(result, RunResult) and result.stdout == "outside notes"
    assert user.asked[0].binding["paths_outside"] == [str(elsewhere / "notes.txt")]
    # A new file outside (uniq writes its second argument) needs approval too.
    with pytest.raises(ApprovalRefused, match="outside the workspace"):
        await host.call("system_run", RunArgs(argv=["uniq", "README.md", "../elsewhere/new.txt"]), Caller(), NoAsker())
    assert not (elsewhere / "new.txt").exists()


async def test_refusals_are_input_or_policy_errors_for_rest(host: NodeHost, secrets: list[str]) -> None:
    with pytest.raises(PolicyDenied):
        await host.call("system_run", RunArgs(argv=["cat", "../cairn-home/nodehost/token"]), Caller(), NoAsker())
    with pytest.raises(InputError):
        await host.call("fs_read", ReadArgs(path="../cairn-home/nodehost/token"), Caller(), NoAsker())


async def test_over_mcp_the_refusal_names_the_argument_and_shows_no_secret(
    host: NodeHost, secrets: list[str], cairn_home: Path
) -> None:
    key = str(cairn_home / "auth" / "keys" / "k1.json")
    async with Client(create_server(host=host)) as client:
        for tool, arguments in (
            ("system_run", {"argv": ["cat", key]}),
            ("system_run", {"argv": ["date", "-f../cairn-home/nodehost/token"]}),
            ("fs_read", {"path": key}),
            ("fs_grep", {"pattern": "BEGIN", "path": str(cairn_home)}),
        ):
            with pytest.raises(ToolError, match="Cairn's own data") as caught:
                await client.call_tool(tool, arguments)
            assert not any(secret in str(caught.value) for secret in secrets)
