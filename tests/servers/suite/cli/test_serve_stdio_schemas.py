"""`cairn serve all --transport stdio` with its tool schemas kept between starts: a host sees exactly what a
start that generates every schema shows, and a change of settings or code never reads a file made for others."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from servers.suite.settings import CairnSettings
from servers.suite.tool_cache import cache_file
from tests.conftest import REPO_ROOT
from tests.support import child_env

pytestmark = pytest.mark.slow

_HANDSHAKE = [
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}},
    },
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}},
    {"jsonrpc": "2.0", "id": 3, "method": "prompts/list", "params": {}},
    {"jsonrpc": "2.0", "id": 4, "method": "resources/templates/list", "params": {}},
]
_LISTS = {2: "tools", 3: "prompts", 4: "resourceTemplates"}


def serve_and_list(home: Path, cache: Path, **extra: str) -> dict[str, Any]:
    """The initialize answer and the tools, prompts and resource templates of one stdio start, as the host
    reads them off the wire (prompts and templates are parsed from functions too)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "servers.suite.cli.main", "serve", "all", "--transport", "stdio"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        # Built before answering: the answers kept between starts (tests/servers/suite/test_deferred.py) would
        # otherwise list what an earlier start listed, whatever the schemas.
        env=child_env(home, XDG_CACHE_HOME=str(cache), CAIRN_KEPT_LISTING="false", **extra),
        cwd=REPO_ROOT,
        text=True,
    )
    assert process.stdin is not None and process.stdout is not None
    answers: dict[int, dict[str, Any]] = {}
    try:
        process.stdin.write("".join(json.dumps(message) + "\n" for message in _HANDSHAKE))
        process.stdin.flush()
        while not set(_LISTS) <= set(answers):  # stdin stays open until then: end of input stops the server
            line = process.stdout.readline()
            assert line, "the server stopped before answering every list"
            message = json.loads(line)
            if "id" in message:
                answers[message["id"]] = message
        process.stdin.close()
        assert process.wait(timeout=60) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    return {"initialize": answers[1]["result"]} | {key: answers[i]["result"][key] for i, key in _LISTS.items()}


def test_a_start_from_kept_schemas_lists_exactly_what_a_start_without_them_lists(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    generated = serve_and_list(tmp_path / "plain", tmp_path / "unused", CAIRN_TOOL_SCHEMA_CACHE="false")
    assert not (tmp_path / "unused").exists()  # switched off: nothing kept

    first = serve_and_list(tmp_path / "first", cache)  # generates every schema, keeps them
    (kept,) = (cache / "cairn" / "tool-schemas").glob("*.json")
    written = kept.read_bytes()
    again = serve_and_list(tmp_path / "again", cache)  # another home, same code and settings: reads them

    assert kept.read_bytes() == written  # nothing was missing from the file: every schema came from it
    assert len(json.loads(written)["entries"]) >= len(generated["tools"])  # every tool of the suite is kept
    assert len(generated["tools"]) >= 70
    assert generated["prompts"] and generated["resourceTemplates"]
    for start in (first, again):
        assert start["tools"] == generated["tools"]  # names, descriptions, input and output schemas, everything
        assert start == generated


def test_other_settings_read_another_file(tmp_path: Path) -> None:
    base = CairnSettings(home=tmp_path / "a")
    assert cache_file(CairnSettings(home=tmp_path / "b")) == cache_file(base)  # the data's place is no part
    assert cache_file(CairnSettings(home=tmp_path / "a", list_page_size=7)) != cache_file(base)
    assert cache_file(base.model_copy(update={"llm_model": "openai/x"})) != cache_file(base)
