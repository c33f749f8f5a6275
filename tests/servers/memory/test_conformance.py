"""The official MCP conformance suite against `cairn serve memory --transport http` (a real process).

Only the scenarios that hold for any server run (see tests/support_conformance.py); the whole suite under
`cairn serve all` is in tests/servers/test_conformance.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT
from tests.support import cairn_process, child_env, free_port
from tests.support_conformance import ANY_SERVER, run_scenario, suite_cli

pytestmark = [pytest.mark.conformance, pytest.mark.slow]


@pytest.fixture(scope="session")
def conformance_cli() -> tuple[Path, Path]:
    return suite_cli()


@pytest.fixture(scope="module")
def memory_http(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    home = tmp_path_factory.mktemp("conformance-home")
    port = free_port()
    argv = ["serve", "memory", "--transport", "http", "--port", str(port), "--auth", "none"]
    with cairn_process(argv, env=child_env(home), cwd=REPO_ROOT, port=port) as base:
        yield f"{base}/mcp"


@pytest.mark.parametrize("scenario", ANY_SERVER)
def test_conformance_scenario(
    conformance_cli: tuple[Path, Path], memory_http: str, scenario: str, tmp_path: Path
) -> None:
    run_scenario(conformance_cli, memory_http, scenario, tmp_path)
