"""The official MCP conformance suite against `cairn serve memory --transport http` (a real process).

Only the scenarios that hold for any server run (see tests/support_conformance.py); the whole suite under
`cairn serve all` is in tests/servers/test_conformance.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support_conformance import ANY_SERVER, run_scenario, served_fixture, suite_fixture

pytestmark = [pytest.mark.conformance, pytest.mark.slow]

conformance_cli = suite_fixture()
memory_http = served_fixture("memory")


@pytest.mark.parametrize("scenario", ANY_SERVER)
def test_conformance_scenario(
    conformance_cli: tuple[Path, Path], memory_http: str, scenario: str, tmp_path: Path
) -> None:
    run_scenario(conformance_cli, memory_http, scenario, tmp_path)
