"""The suite's settings (servers/suite/settings.py): unknown `CAIRN_*` variables are logged once settings load, and
the variables the hooks read straight from the environment are not among them."""

from __future__ import annotations

import pytest

from servers.suite.settings import warn_unknown_variables


def test_unknown_variables_are_logged_and_the_hooks_budgets_are_not(caplog: pytest.LogCaptureFixture) -> None:
    warnings = warn_unknown_variables(
        {"CAIRN_SKILS__PATHS": "[]", "CAIRN_HOOKS__BUDGET_USER_PROMPT_SUBMIT_MS": "150", "CAIRN_HOME": "/tmp/x"}
    )
    assert warnings == ["CAIRN_SKILS__PATHS is not a Cairn setting and is ignored; did you mean CAIRN_SKILLS__PATHS?"]
    assert warnings[0] in caplog.text
