"""The official MCP conformance suite against a real `cairn serve all --transport http --auth none` on 127.0.0.1.

The scenarios that hold for any server (tests/support_conformance.py), plus completions and subscriptions.
`server-sse-polling` is left out: it needs the suite's own `test_reconnection` tool, and its POST says protocol
2025-03-26, for which the SDK rightly sends no priming event (older clients cannot resume);
tests/servers/core/test_subscriptions.py checks priming and `retry` at 2025-11-25.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support_conformance import ANY_SERVER, run_scenario, served_fixture, suite_fixture

pytestmark = [pytest.mark.conformance, pytest.mark.slow]

SCENARIOS = [*ANY_SERVER, "completion-complete", "resources-subscribe", "resources-unsubscribe"]

conformance_cli = suite_fixture()
serve_all = served_fixture("all", "--no-registry", CAIRN_EMBEDDER="none")


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_scenario_passes(conformance_cli: tuple[Path, Path], serve_all: str, scenario: str, tmp_path: Path) -> None:
    run_scenario(conformance_cli, serve_all, scenario, tmp_path)
