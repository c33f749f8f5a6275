"""What one user earns stays theirs, against a real ``cairn serve all`` with alice and bob signed in (issue #31):
an "always" approval, saved output, the doom-loop count, skill events; a hard link never makes Cairn's own
files readable; relative run arguments start at the run's folder; a bad argument is named on every server.

The process runs from the folder that holds both its home and the workspace, as a user starting it from
their home folder would, so any path resolved against the process's own folder instead of the run's lands
on a folder holding Cairn's data.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.client.client import CallToolResult

from tests.security.conftest import Suite, running_suite

pytestmark = pytest.mark.slow

EVERYTHING = (
    "memory:read memory:write skills:read skills:write scheduler:read scheduler:write reflection:read "
    "reflection:write context:read nodehost:exec"
)


@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Suite]:
    root = tmp_path_factory.mktemp("owners")
    (root / "elsewhere").mkdir()
    with running_suite(root, cwd=root, CAIRN_NODEHOST__SANDBOX="off") as running:
        yield running


def text_of(result: CallToolResult) -> str:
    return "\n".join(getattr(block, "text", "") for block in result.content)


class Person:
    """A user behind a host that can ask them: answers every approval form with ``answer``."""

    def __init__(self, answer: str) -> None:
        self.answer = answer
        self.asked: list[str] = []

    async def __call__(self, message: str, response_type: Any, params: Any, context: Any) -> Any:
        self.asked.append(message)
        return {"decision": self.answer}


def client(suite: Suite, user: str, *, person: Person | None = None) -> Client[Any]:
    token = suite.token(EVERYTHING, user)
    if person is None:  # a client without elicitation: it cannot ask its user anything
        return Client(suite.mcp, auth=token)
    return Client(suite.mcp, auth=token, elicitation_handler=person)


# --- 3. approvals ---------------------------------------------------------------------------------------------


async def test_an_always_approval_is_its_users_own(suite: Suite) -> None:
    outside = suite.home.parent / "elsewhere" / "alices-notes.txt"
    outside.write_text("alice approved reading this\n")
    argv = ["cat", str(outside)]
    alice = Person("always")
    async with client(suite, "alice", person=alice) as session:
        shown = await session.call_tool("nodehost_system_run", {"argv": argv})
        assert "alice approved reading this" in str(shown.structured_content)
    assert len(alice.asked) == 1
    # Bob's client cannot ask him: alice's "always" must not answer for him.
    async with client(suite, "bob") as session:
        refused = await session.call_tool("nodehost_system_run", {"argv": argv}, raise_on_error=False)
        assert refused.is_error and "cannot ask the user" in text_of(refused)
        assert "alice approved" not in text_of(refused)
    # Bob's own host asks bob, not alice.
    bob = Person("deny")
    async with client(suite, "bob", person=bob) as session:
        declined = await session.call_tool("nodehost_system_run", {"argv": argv}, raise_on_error=False)
        assert declined.is_error and "declined" in text_of(declined)
    assert len(bob.asked) == 1
    # Alice's approval is still hers, from a client that cannot ask.
    async with client(suite, "alice") as session:
        again = await session.call_tool("nodehost_system_run", {"argv": argv})
        assert "alice approved reading this" in str(again.structured_content)
    stored = json.loads((suite.home / "nodehost" / "approvals.json").read_text())
    assert [(e["user"], e["tool"]) for e in stored.values()] == [("alice", "system_run")]


async def test_an_approval_stored_without_an_owner_grants_nobody(suite: Suite) -> None:
    outside = suite.home.parent / "elsewhere" / "old-approval.txt"
    outside.write_text("approved by someone, some time ago\n")
    # An entry as versions before per-user approvals wrote it: keyed by the call alone.
    binding = {
        "argv": ["cat", str(outside)],
        "cwd": os.path.realpath(suite.workspace),
        "executable": os.path.realpath(shutil.which("cat") or "cat"),
        "paths_outside": [os.path.realpath(outside)],
    }
    canonical = json.dumps({"tool": "system_run", "binding": binding}, sort_keys=True, ensure_ascii=False)
    store = suite.home / "nodehost" / "approvals.json"
    grants = json.loads(store.read_text()) if store.exists() else {}
    grants[hashlib.sha256(canonical.encode()).hexdigest()] = {"tool": "system_run", "binding": binding, "at": 0}
    store.write_text(json.dumps(grants))
    for user in ("alice", "bob"):
        async with client(suite, user) as session:
            refused = await session.call_tool("nodehost_system_run", {"argv": binding["argv"]}, raise_on_error=False)
            assert refused.is_error and "needs the user's approval" in text_of(refused), text_of(refused)
            assert "some time ago" not in text_of(refused)


# --- 4. events ------------------------------------------------------------------------------------------------


async def test_event_resources_show_a_token_holder_their_own_events_only(suite: Suite) -> None:
    secret_session = "alice-private-session-31"
    async with client(suite, "alice") as session:
        await session.call_tool("skills_activate", {"name": "commit-messages", "session_id": secret_session})
        await session.call_tool("nodehost_fs_read", {"path": "README.md", "limit": 3})
        own = json.loads((await session.read_resource("skills://skills/events"))[0].text)
        assert any(secret_session in str(e["session_id"]) for e in own), own
    async with client(suite, "bob") as session:
        await session.call_tool("memory_write", {"content": "bob was here"})
        for uri in ("memory://memory/events", "skills://skills/events"):
            events = json.loads((await session.read_resource(uri))[0].text)
            assert secret_session not in json.dumps(events), f"{uri} shows alice's session to bob"
            strangers = [e for e in events if e["payload"].get("user_id") != "bob"]
            assert not strangers, f"{uri} shows bob events that are not his: {strangers[:3]}"
        mine = json.loads((await session.read_resource("memory://memory/events"))[0].text)
        assert any(e["type"] == "memory.written" for e in mine)


# --- 5. hard links --------------------------------------------------------------------------------------------


async def test_a_hard_link_to_cairns_data_is_never_read(suite: Suite) -> None:
    token_file = suite.home / "nodehost" / "token"
    secret = token_file.read_text().strip()
    folder = suite.workspace / "linked"
    folder.mkdir()
    link = folder / "notes.txt"
    os.link(token_file, link)  # the same file, under a name inside the workspace
    refused = [
        ("fs_read", {"path": "linked/notes.txt"}),
        ("fs_grep", {"pattern": ".", "path": "linked/notes.txt"}),
        ("system_run", {"argv": ["cat", "linked/notes.txt"]}),
        ("system_run", {"argv": ["head", "-c", "100", "linked/notes.txt"]}),
        ("system_run", {"argv": ["cut", "-c", "1-80", "linked/notes.txt"]}),
        ("system_run", {"argv": ["diff", "linked/notes.txt", "README.md"]}),
        ("system_run", {"argv": ["date", "-flinked/notes.txt"]}),
        ("system_run", {"argv": ["grep", "-r", "-h", "", "linked"]}),
        ("system_run", {"argv": ["grep", "-r", "-h", "", "."]}),
    ]
    quiet = [
        ("fs_grep", {"pattern": ".", "path": "linked"}),
        ("fs_glob", {"pattern": "**/*", "path": "linked"}),
    ]
    try:
        async with client(suite, "alice") as session:
            for tool, arguments in refused:
                result = await session.call_tool(f"nodehost_{tool}", arguments, raise_on_error=False)
                text = text_of(result)
                assert result.is_error, f"{tool} {arguments} read the hard link: {text[:300]}"
                assert "Cairn's own data" in text, f"{tool} {arguments}: {text[:300]}"
                assert secret[:32] not in text, f"{tool} {arguments} leaked the nodehost token"
            for tool, arguments in quiet:  # searching a folder passes the link by, as it does Cairn's folders
                result = await session.call_tool(f"nodehost_{tool}", arguments)
                text = json.dumps(result.structured_content)
                assert secret[:32] not in text and "notes.txt" not in text, f"{tool} {arguments}: {text[:300]}"
    finally:
        link.unlink()
    assert token_file.read_text().strip() == secret


# --- 7. saved output ------------------------------------------------------------------------------------------


async def test_saved_output_is_its_runners_only(suite: Suite) -> None:
    big = suite.workspace / "big.txt"
    big.write_text("".join(f"line {n:05d} of alice's long output\n" for n in range(5000)))
    async with client(suite, "alice") as session:
        ran = (await session.call_tool("nodehost_system_run", {"argv": ["cat", "big.txt"]})).structured_content
        assert ran is not None and ran["truncated"], ran
        run_id = ran["run_id"]
        page = await session.call_tool("nodehost_system_output", {"run_id": run_id, "offset": 4990})
        assert "line 04990" in str(page.structured_content)
    async with client(suite, "bob") as session:
        refused = await session.call_tool("nodehost_system_output", {"run_id": run_id}, raise_on_error=False)
        assert refused.is_error and f"no saved output for run {run_id}" in text_of(refused)
        assert "alice's long output" not in text_of(refused)


# --- 8. doom-loop guard ---------------------------------------------------------------------------------------


async def test_the_loop_guard_counts_each_users_calls(suite: Suite) -> None:
    arguments = {"path": "README.md", "limit": 7}
    async with client(suite, "alice") as session:
        for _ in range(2):
            await session.call_tool("nodehost_fs_read", arguments)
        looped = await session.call_tool("nodehost_fs_read", arguments, raise_on_error=False)
        assert looped.is_error and "doom-loop guard" in text_of(looped)
    async with client(suite, "bob") as session:  # the same client name, the same call: another user
        read = await session.call_tool("nodehost_fs_read", arguments)
        assert "hello from the workspace" in str(read.structured_content)


# --- 9. relative arguments ------------------------------------------------------------------------------------


async def test_relative_arguments_start_at_the_runs_folder(suite: Suite) -> None:
    sub = suite.workspace / "sub"
    sub.mkdir()
    (sub / "inside-sub.txt").write_text("hello from sub\n")
    async with client(suite, "alice") as session:
        listed = await session.call_tool("nodehost_system_run", {"argv": ["ls", "."]})
        assert "README.md" in str(listed.structured_content)
        found = await session.call_tool("nodehost_system_run", {"argv": ["grep", "-r", "hello", "."]})
        assert "README.md" in str(found.structured_content)
        in_sub = await session.call_tool("nodehost_system_run", {"argv": ["ls", "."], "cwd": "sub"})
        assert "inside-sub.txt" in str(in_sub.structured_content)
        parent = await session.call_tool("nodehost_system_run", {"argv": ["ls", ".."], "cwd": "sub"})
        assert "README.md" in str(parent.structured_content)


# --- 12. argument errors --------------------------------------------------------------------------------------

BAD_CALLS: list[tuple[str, dict[str, Any], list[str]]] = [
    ("memory_flush", {"messages": []}, ["'session_id' is missing", "expected a string"]),
    ("memory_write", {}, ["'content' is missing", "expected a string"]),
    ("memory_write", {"content": "x", "colour": "red"}, ["'colour' is not an argument", "expected only content"]),
    ("memory_recall", {"query": "x", "limit": "many"}, ["'limit' is invalid", "expected an integer from 1 to 50"]),
    ("skills_activate", {}, ["'name' is missing", "expected a string"]),
    ("scheduler_job_get", {}, ["'job_id' is missing", "expected a string"]),
    ("nodehost_fs_read", {"path": 5}, ["'path' is invalid", "expected a string"]),
    ("reflection_on_task", {"task_report": "did it"}, ["'task_report' is invalid", "expected an object"]),
    ("context_assemble", {"task": "x", "budget_tokens": 1}, ["'budget_tokens' is invalid", "expected an integer"]),
]


async def test_a_bad_argument_is_named_with_what_was_expected(suite: Suite) -> None:
    async with client(suite, "bob") as session:
        for tool, arguments, expected in BAD_CALLS:
            result = await session.call_tool(tool, arguments, raise_on_error=False)
            text = text_of(result)
            assert result.is_error, f"{tool} {arguments} was accepted"
            assert "Error calling tool" not in text, f"{tool} {arguments}: {text}"
            for part in expected:
                assert part in text, f"{tool} {arguments}: {text}"


async def test_a_caller_without_the_scope_hears_that_first(suite: Suite) -> None:
    async with Client(suite.mcp, auth=suite.token("memory:read", "bob")) as session:
        result = await session.call_tool("memory_write", {}, raise_on_error=False)
        assert result.is_error and "needs the 'memory:write' scope" in text_of(result)
