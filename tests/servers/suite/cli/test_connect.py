"""`cairn connect` as a user runs it against a real `cairn serve memory` on 127.0.0.1: what goes wrong ends in
one line on stderr and exit status 1, and a wrong password does not spoil the next, right one."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.conftest import REPO_ROOT
from tests.support import cairn_process, child_env, free_port
from tests.support_oauth import consent_form

pytestmark = pytest.mark.slow
USER, PASSWORD = "ada", "correct horse battery"


def cairn(home: Path, *argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "servers.suite.cli.main", *argv],
        input=stdin,
        env={**child_env(home), "CAIRN_EMBEDDER": "none"},
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a memory server with Cairn's own OAuth and the user ada."""
    home = tmp_path_factory.mktemp("server-home")
    added = cairn(home, "auth", "add-user", USER, "--password-stdin", stdin=PASSWORD + "\n")
    assert added.returncode == 0, added.stderr
    port = free_port()
    env = {**child_env(home), "CAIRN_EMBEDDER": "none"}
    with cairn_process(["serve", "memory", "--port", str(port)], env=env, cwd=REPO_ROOT, port=port) as base:
        yield base


def one_line_failure(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 1, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("cairn: connect ")
    return lines[0]


def test_an_address_nobody_answers(tmp_path: Path) -> None:
    line = one_line_failure(cairn(tmp_path, "connect", f"http://127.0.0.1:{free_port()}/mcp", "--no-browser"))
    assert "cannot reach the server" in line


def test_a_wrong_password_then_the_right_one(server: str, tmp_path: Path) -> None:
    wrong = cairn(tmp_path, "connect", f"{server}/mcp", "--username", USER, "--password-stdin", stdin="nope-nope\n")
    assert "sign-in refused: Wrong username or password." in one_line_failure(wrong)
    # The failed run left its client registration behind, made for that run's callback port; the next run
    # picks another port and must register afresh rather than fail.
    right = cairn(tmp_path, "connect", f"{server}/mcp", "--username", USER, "--password-stdin", stdin=PASSWORD + "\n")
    assert right.returncode == 0, right.stderr
    assert "memory_recall\t" in right.stdout and "Traceback" not in right.stderr


def test_no_browser_without_credentials(server: str, tmp_path: Path) -> None:
    line = one_line_failure(cairn(tmp_path, "connect", f"{server}/mcp", "--no-browser"))
    assert "asks for a sign-in" in line and "--username NAME --password-stdin" in line
    assert "without --no-browser" in line  # not "run `cairn connect URL`", the command just run
    assert "/authorize?" not in line  # the long authorization URL is noise here


def test_without_a_browser_the_sign_in_address_is_printed_plain(server: str, tmp_path: Path) -> None:
    """Where no browser opens (BROWSER=true opens none), the address is one line a person copies: signing in
    there, as a browser on this machine would, finishes the command."""
    process = subprocess.Popen(
        [sys.executable, "-m", "servers.suite.cli.main", "connect", f"{server}/mcp"],
        env={**child_env(tmp_path), "CAIRN_EMBEDDER": "none", "BROWSER": "true"},
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    try:
        before: list[str] = []
        for line in process.stderr:  # blocks until the next line: no sleeping, no polling
            if line.startswith("http"):
                address = line.strip()
                break
            before.append(line)
        else:
            raise AssertionError(f"no sign-in address printed: {''.join(before)}")
        assert before[-1].startswith("Sign in: open this address in a browser")
        assert not any("╭" in b or "OAuth authorization URL" in b for b in before), before
        with httpx.Client(timeout=30) as browser:
            consent = browser.get(browser.get(address).headers["location"])
            form = consent_form(consent)
            signed_in = browser.post(
                form.action, data={**form.fields, "username": USER, "password": PASSWORD, "decision": "allow"}
            )
            assert signed_in.status_code in (302, 303), signed_in.text
            assert browser.get(signed_in.headers["location"]).status_code == 200  # cairn's callback page
        out, errors = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, errors
    assert "memory_recall\t" in out


def test_a_url_that_is_not_an_mcp_endpoint(server: str, tmp_path: Path) -> None:
    line = one_line_failure(cairn(tmp_path, "connect", f"{server}/health", "--no-browser"))
    assert "not an MCP endpoint" in line


def test_an_unknown_pre_registered_client(server: str, tmp_path: Path) -> None:
    done = cairn(
        tmp_path, "connect", f"{server}/mcp", "--client-id", "nosuch", "--username", USER, "--password-stdin",
        stdin=PASSWORD + "\n",
    )  # fmt: skip
    assert "Client ID 'nosuch' not found" in one_line_failure(done)


def test_arguments_that_are_not_json(tmp_path: Path) -> None:
    done = cairn(tmp_path, "connect", "http://127.0.0.1:9/mcp", "--call", "memory_recall", "--args", "{query")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith("cairn: --args is not JSON")
