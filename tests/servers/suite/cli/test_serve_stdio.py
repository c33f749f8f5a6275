"""`cairn serve … --transport stdio` as a host runs it: what a start loads, and that nothing is missing from it.

A host waits for ``initialize`` and ``tools/list`` before a session can start, so what a start imports is
what the host waits for. Only the settings of the other components are the suite's to read; their servers,
the registry app, the LLM client and the PostgreSQL driver belong to other commands.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO_ROOT
from tests.support import child_env

pytestmark = pytest.mark.slow

OTHER_COMPONENTS = ("skills", "scheduler", "nodehost", "reflection", "context", "hooks", "auth", "dashboard")
# What the suite's settings read from each component: its settings model, nothing else.
SETTINGS_ONLY = {"servers.{}", "servers.{}.settings"}
# The command line's own parser names the hook events (stdlib only, what `cairn hook` itself starts with).
PARSER_NEEDS = {"servers.suite.hooks.protocol"}

# Runs the real command line in a child, answering a handshake and a tools/list read from stdin, then writes
# every module the process loaded, at exit, to the file named by the first argument.
_PROBE = """
import atexit, json, sys
out = sys.argv[1]
atexit.register(lambda: open(out, "w").write(json.dumps(sorted(sys.modules))))
from servers.suite.cli.main import main
sys.exit(main(sys.argv[2:]))
"""
_HANDSHAKE = [
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}},
    },
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}},
]


def _serve_and_list(tmp_path: Path, name: str) -> tuple[set[str], list[dict[str, Any]]]:
    """(modules loaded by `cairn serve NAME --transport stdio` answering initialize + tools/list, the tools)."""
    modules = tmp_path / "modules.json"
    process = subprocess.Popen(
        [sys.executable, "-c", _PROBE, str(modules), "serve", name, "--transport", "stdio"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=child_env(tmp_path / "home"),
        cwd=REPO_ROOT,
        text=True,
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        process.stdin.write("".join(json.dumps(message) + "\n" for message in _HANDSHAKE))
        process.stdin.flush()
        answers: dict[int, dict[str, Any]] = {}
        while 2 not in answers:  # stdin stays open until the answer: end of input stops a stdio server
            line = process.stdout.readline()
            assert line, "the server stopped before answering tools/list"
            message = json.loads(line)
            if "id" in message:
                answers[message["id"]] = message
        process.stdin.close()
        assert process.wait(timeout=60) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert "result" in answers[1], answers[1]
    assert "result" in answers[2], answers[2]
    return set(json.loads(modules.read_text())), answers[2]["result"]["tools"]


def test_serving_memory_loads_neither_other_servers_nor_the_registry_nor_litellm(tmp_path: Path) -> None:
    modules, tools = _serve_and_list(tmp_path, "memory")
    assert tools and all(tool["name"].startswith("memory_") for tool in tools)
    for component in OTHER_COMPONENTS:
        loaded = {m for m in modules if m == f"servers.{component}" or m.startswith(f"servers.{component}.")}
        allowed = {pattern.format(component) for pattern in SETTINGS_ONLY} | PARSER_NEEDS
        assert loaded <= allowed, f"serve memory imported {sorted(loaded - allowed)}"
    assert {m for m in modules if m.split(".")[0] == "registry"} <= {"registry", "registry.settings"}
    for heavy in ("litellm", "psycopg", "psycopg_pool", "httpx", "skillslint"):
        assert heavy not in modules, f"serve memory imported {heavy}"


def test_serve_all_over_stdio_lists_every_tool_with_its_schema(tmp_path: Path) -> None:
    _, tools = _serve_and_list(tmp_path, "all")
    listed = {tool["name"]: tool["inputSchema"] for tool in tools}
    # The same builder in process, on its own home: what a host sees over stdio must be all of it.
    script = (
        "import asyncio, json; from servers.suite.serving import build_server; from servers.suite.settings import "
        "get_settings; s = build_server('all', get_settings());"
        "print(json.dumps({t.name: t.parameters for t in asyncio.run(s.list_tools(run_middleware=False))}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        env=child_env(tmp_path / "other"),
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    expected = json.loads(done.stdout.strip().splitlines()[-1])
    assert len(listed) == len(tools), "a tool was listed twice"
    assert set(listed) == set(expected)
    assert listed == expected
    assert {name.split("_")[0] for name in listed} >= {"memory", "skills", "scheduler", "reflection", "context"}
