"""`cairn serve all|NAME --transport stdio` answering from kept answers while it builds its server(s): a host
sees exactly what a start that builds first shows, a call made at once waits for the build, a kept answer is
read only for the same target, code and settings (and a wrong one is corrected), and a failed build is said
clearly. The tests that make the guarantees run for `serve all` and for one server (memory)."""

from __future__ import annotations

import json
import queue
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO_ROOT
from tests.support import child_env

pytestmark = pytest.mark.slow

WAIT_S = 120  # a guard against a server that never answers, not a measure: it fails the test, never passes it

INITIALIZE = {
    "protocolVersion": "2025-11-25",
    "capabilities": {},
    "clientInfo": {"name": "deferred-test", "version": "1"},
}
LISTS = ("tools/list", "prompts/list", "resources/list", "resources/templates/list")
# The guarantees, for the suite and for one server; each target costs a few starts, so the others run for `all`.
BOTH = pytest.mark.parametrize("target", ["all", "memory"], scope="module")
# Named, not left to the fixture's default: module-scoped fixtures are cached per parameter, and a test without
# one could be handed the answers built for the last target.
ALL = pytest.mark.parametrize("target", ["all"], scope="module")
# Where memory's long-term file is, for each target (mounted under `all`, its resources gain its namespace).
MEMORY_FILE = {"all": "memory://memory/MEMORY.md", "memory": "memory://MEMORY.md"}


class Stdio:
    """A `cairn serve TARGET` process spoken to in raw JSON-RPC lines, as a host does."""

    def __init__(self, home: Path, cache: Path, target: str = "all", **extra: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "servers.suite.cli.main", "serve", target, "--transport", "stdio"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=child_env(home, XDG_CACHE_HOME=str(cache), **extra),
            cwd=REPO_ROOT,
            text=True,
        )
        self._lines: queue.Queue[str] = queue.Queue()
        self.notifications: list[str] = []
        self._next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line)
        self._lines.put("")

    def send(self, method: str, params: dict[str, Any] | None = None) -> int:
        """Send a request without waiting for its answer; its id."""
        self._next_id += 1
        self._write({"jsonrpc": "2.0", "id": self._next_id, "method": method, "params": params or {}})
        return self._next_id

    def notify(self, method: str) -> None:
        self._write({"jsonrpc": "2.0", "method": method})

    def _write(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()

    def answers(self, *ids: int, notification: str | None = None) -> dict[int, dict[str, Any]]:
        """The answers to ``ids`` (and, when named, a notification seen), in whatever order they come."""
        got: dict[int, dict[str, Any]] = {}
        while set(ids) - set(got) or (notification is not None and notification not in self.notifications):
            line = self._lines.get(timeout=WAIT_S)
            assert line, f"the server stopped before answering; its log:\n{self.stop()[1]}"
            message = json.loads(line)
            if "id" in message:
                got[message["id"]] = message
            else:
                self.notifications.append(message["method"])
        return got

    def ask(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        request = self.send(method, params)
        return self.answers(request)[request]

    def handshake(self) -> dict[str, Any]:
        answer = self.ask("initialize", INITIALIZE)
        self.notify("notifications/initialized")
        return answer

    def stop(self) -> tuple[int, str]:
        """Close stdin (the host leaving); the exit status and the log."""
        assert self.process.stdin is not None and self.process.stderr is not None
        if not self.process.stdin.closed:
            self.process.stdin.close()
        try:
            status = self.process.wait(timeout=WAIT_S)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
        return status, self.process.stderr.read()


def first_answers(home: Path, cache: Path, target: str = "all", **extra: str) -> dict[str, Any]:
    """What a host reads first: the initialize answer and every list."""
    server = Stdio(home, cache, target, **extra)
    try:
        seen = {"initialize": server.handshake()["result"]}
        seen |= {method: server.ask(method)["result"] for method in LISTS}
    finally:
        status, log = server.stop()
    assert status == 0, log
    return seen


def answers_files(cache: Path) -> list[Path]:
    return sorted((cache / "cairn" / "answers").glob("*.json"))


@pytest.fixture(scope="module")
def built_first(tmp_path_factory: pytest.TempPathFactory, target: str) -> dict[str, Any]:
    """The answers of a start that builds its servers before it answers (the kept answers switched off)."""
    tmp = tmp_path_factory.mktemp("plain")
    answers = first_answers(tmp / "home", tmp / "cache", target, CAIRN_KEPT_LISTING="false")
    assert not answers_files(tmp / "cache")  # switched off: nothing kept
    return answers


@pytest.fixture(scope="module")
def kept_cache(tmp_path_factory: pytest.TempPathFactory, target: str, built_first: dict[str, Any]) -> Path:
    """A cache directory where one start (nothing kept before it) kept its answers."""
    tmp = tmp_path_factory.mktemp("kept")
    assert first_answers(tmp / "home", tmp / "cache", target) == built_first
    return tmp / "cache"


@pytest.fixture
def cache(kept_cache: Path, tmp_path: Path) -> Iterator[Path]:
    copy = tmp_path / "cache"
    shutil.copytree(kept_cache, copy)
    yield copy


@BOTH
def test_a_start_from_kept_answers_shows_what_a_start_that_builds_first_shows(
    target: str, built_first: dict[str, Any], cache: Path, tmp_path: Path
) -> None:
    (kept,) = answers_files(cache)
    written = kept.read_bytes()
    again = first_answers(tmp_path / "another-home", cache, target)

    assert again == built_first  # capabilities, instructions, every tool, prompt and resource, everything
    assert len(built_first["tools/list"]["tools"]) >= (70 if target == "all" else 5)
    assert built_first["initialize"]["serverInfo"]["name"] != "cairn" or target == "all"  # the server's own
    assert built_first["initialize"]["capabilities"]["completions"] == {}  # added by the build, still announced
    assert kept.read_bytes() == written  # nothing differed, nothing new: the file is left as it was


def poison(cache: Path, method: str) -> str:
    """Change the kept answer to ``method`` so that reading it is visible; the changed description."""
    (kept,) = answers_files(cache)
    data = json.loads(kept.read_text())
    changed = 0
    for entry in data["entries"].values():
        if "tools" in entry and method == "tools/list":
            entry["tools"][0]["description"] = "KEPT ANSWER"
            changed += 1
    assert changed == 1
    kept.write_text(json.dumps(data))
    return "KEPT ANSWER"


@BOTH
def test_the_host_gets_the_kept_answer_and_a_wrong_one_is_corrected_after_the_build(
    target: str, built_first: dict[str, Any], cache: Path, tmp_path: Path
) -> None:
    marker = poison(cache, "tools/list")
    server = Stdio(tmp_path / "home", cache, target)
    try:
        # Sent together, as a host does, before the process has even started reading: they are answered while
        # the build (seconds of work in another thread) has only begun.
        first = server.send("initialize", INITIALIZE)
        server.notify("notifications/initialized")
        listing = server.send("tools/list")
        listed = server.answers(first, listing)[listing]["result"]["tools"]
        assert listed[0]["description"] == marker  # answered from the file, before the servers were built
        call = server.send("tools/call", {"name": "memory_write", "arguments": {"content": "built by now"}})
        # The built servers list otherwise: the file is corrected and the client told to list again.
        answered = server.answers(call, notification="notifications/tools/list_changed")
        assert answered[call]["result"]["isError"] is False
        assert server.ask("tools/list")["result"] == built_first["tools/list"]
    finally:
        status, log = server.stop()
    assert status == 0, log
    assert "differed" in log
    assert marker not in answers_files(cache)[0].read_text()


@ALL
def test_other_settings_never_read_the_kept_answers(built_first: dict[str, Any], cache: Path, tmp_path: Path) -> None:
    marker = poison(cache, "tools/list")
    # A setting that changes nothing in the lists still names another file: the marked answer is never read.
    other = first_answers(tmp_path / "home", cache, CAIRN_MEMORY__RRF_K="61")
    assert marker not in json.dumps(other)
    assert other == built_first
    assert len(answers_files(cache)) == 2  # the new settings' answers, kept beside the others


@BOTH
def test_a_tool_call_sent_right_after_initialize_waits_for_the_build(target: str, cache: Path, tmp_path: Path) -> None:
    server = Stdio(tmp_path / "home", cache, target)
    try:
        initialize = server.send("initialize", INITIALIZE)
        server.notify("notifications/initialized")
        call = server.send("tools/call", {"name": "memory_write", "arguments": {"content": "asked at once"}})
        read = server.send("resources/read", {"uri": MEMORY_FILE[target]})
        answered = server.answers(initialize, call, read)
    finally:
        status, log = server.stop()
    assert status == 0, log
    assert answered[call]["result"]["isError"] is False, answered[call]
    assert answered[call]["result"]["structuredContent"]["id"]
    assert "Long-Term Memory" in answered[read]["result"]["contents"][0]["text"]


@BOTH
def test_a_build_that_fails_is_told_to_whoever_needs_the_servers(
    target: str, built_first: dict[str, Any], cache: Path, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "memory").write_text("a file where the memory folder should be")
    server = Stdio(home, cache, target)
    try:
        first = server.send("initialize", INITIALIZE)  # all three together, as above
        server.notify("notifications/initialized")
        listing = server.send("tools/list")
        answered = server.answers(first, listing)
        assert answered[first]["result"] == built_first["initialize"]
        assert answered[listing]["result"] == built_first["tools/list"]  # kept: needs no server
        failed = server.ask("tools/call", {"name": "memory_write", "arguments": {"content": "x"}})
        prompts = server.ask("prompts/list")
        assert server.ask("ping")["result"] == {}  # the process still answers what needs no server
    finally:
        status, log = server.stop()
    for answer in (failed, prompts):
        assert answer["error"]["code"] == -32603
        assert "Cairn's servers failed to start" in answer["error"]["message"]
        assert str(home / "memory") in answer["error"]["message"]  # what is wrong, in the client's own words
    assert status == 1
    assert "could not be built" in log
    assert "Traceback" in log  # and where, for whoever reads the log


@ALL
async def test_a_client_of_the_stateless_protocol_gets_the_same_tools_and_calls_them(
    built_first: dict[str, Any], cache: Path, tmp_path: Path
) -> None:
    # fastmcp's client speaks 2026-07-28 over stdio: `server/discover`, then requests carrying their own envelope.
    from fastmcp import Client
    from fastmcp.client.transports import StdioTransport

    argv = ["-m", "servers.suite.cli.main", "serve", "all", "--transport", "stdio"]
    kept = [len(json.loads(answers_files(cache)[0].read_text())["entries"])]  # a handshake client's
    for start in ("keeps its answers", "answers from them"):
        env = child_env(tmp_path / start, XDG_CACHE_HOME=str(cache))
        transport = StdioTransport(sys.executable, argv, env=env, cwd=str(REPO_ROOT))
        async with Client(transport) as client:
            tools = await client.list_tools()
            written = await client.call_tool("memory_write", {"content": f"a start that {start}"})
        assert [tool.name for tool in tools] == [tool["name"] for tool in built_first["tools/list"]["tools"]]
        assert written.structured_content is not None and written.structured_content["id"]
        kept.append(len(json.loads(answers_files(cache)[0].read_text())["entries"]))
    assert kept[1] > kept[0]  # the first start kept its answers to this protocol's requests …
    assert kept[2] == kept[1]  # … and the second asked nothing they did not already answer
