"""`resources/read` of something that does not exist answers with the protocol's code, through real clients:
-32602 with the URI in `data` on 2026-07-28 (SEP-2164), -32002 on 2025-11-25; a malformed URI argument is
-32602 in both; a refused scope and a real entry keep their own answers."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

import pytest
from fastmcp import Client
from mcp.shared.exceptions import MCPError

from servers.core.resource_errors import RESOURCE_NOT_FOUND
from servers.suite.serving import build_server
from servers.suite.settings import CairnSettings
from tests.support import running

INVALID_PARAMS = -32602
Mode = Literal["auto", "legacy"]
NOT_FOUND: dict[Mode, int] = {"auto": INVALID_PARAMS, "legacy": RESOURCE_NOT_FOUND}


@pytest.fixture
def settings(tmp_path: Path) -> CairnSettings:
    return CairnSettings(home=tmp_path / "home", embedder="none")


async def read_error(client: Client, uri: str) -> MCPError:
    with pytest.raises(MCPError) as caught:
        await client.read_resource(uri)
    return caught.value


@pytest.mark.parametrize("mode", ["auto", "legacy"])
async def test_a_missing_entry_of_every_server_is_not_found_in_each_protocol(
    settings: CairnSettings, mode: Mode
) -> None:
    missing = [
        "memory://memory/entries/no-such-entry",
        "memory://memory/daily/1999-01-01",  # a date, but no memories on it
        "skill://skills/no-such-skill",
        "skill://skills/commit-messages/no-such-file.md",  # a skill that exists, a file that does not
        "scheduler://scheduler/jobs/no-such-job",
        "scheduler://scheduler/jobs/no-such-job/runs",
        "memory://memory/nothing-matches-this",  # no resource or template at all
    ]
    async with Client(build_server("all", settings), mode=mode) as client:
        errors = {uri: await read_error(client, uri) for uri in missing}
    for uri, error in errors.items():
        assert error.error.code == NOT_FOUND[mode], (uri, error)
        assert error.error.data == {"uri": uri}
    assert "no job with id 'no-such-job'" in str(errors["scheduler://scheduler/jobs/no-such-job"])
    assert "no such file" not in str(errors["skill://skills/commit-messages/no-such-file.md"]).lower()
    assert "its files: SKILL.md" in str(errors["skill://skills/commit-messages/no-such-file.md"])


@pytest.mark.parametrize("mode", ["auto", "legacy"])
async def test_a_malformed_uri_argument_is_invalid_params_in_each_protocol(settings: CairnSettings, mode: Mode) -> None:
    async with Client(build_server("memory", settings), mode=mode) as client:
        error = await read_error(client, "memory://daily/yesterday")
    assert error.error.code == INVALID_PARAMS
    assert "'yesterday' is not a date: use YYYY-MM-DD" in str(error)


async def test_an_existing_entry_is_still_read(settings: CairnSettings) -> None:
    async with Client(build_server("memory", settings)) as client:
        written = (await client.call_tool("memory_write", {"content": "The build uses uv."})).structured_content
        assert written is not None
        contents = await client.read_resource(f"memory://entries/{written['id']}")
    assert "The build uses uv." in str(contents[0])


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def fastmcp_log() -> Iterator[Records]:
    """What fastmcp logs (its logger does not propagate, so caplog would see nothing), down to debug."""
    logger = logging.getLogger("fastmcp")
    handler, level = Records(), logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    yield handler
    logger.removeHandler(handler)
    logger.setLevel(level)


async def test_over_http_the_code_reaches_the_wire_and_the_log_keeps_it_at_debug(
    settings: CairnSettings, fastmcp_log: Records
) -> None:
    async with (
        running(build_server("scheduler", settings), "http") as base,
        Client(f"{base}/mcp", mode="legacy") as client,
    ):
        error = await read_error(client, "scheduler://jobs/no-such-job")
    assert error.error.code == RESOURCE_NOT_FOUND
    reads = [r for r in fastmcp_log.records if r.getMessage().startswith("Error reading resource")]
    assert reads, "fastmcp logs each failed read; the caller's mistake at debug level only"
    assert all(r.levelno == logging.DEBUG for r in reads)
