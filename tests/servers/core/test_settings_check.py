"""Which `CAIRN_*` variables no setting reads, with the name meant, and which variable held JSON that is not
(servers/core/settings_check.py), judged from the suite's real settings model."""

from __future__ import annotations

import re

from servers.core.settings_check import unknown_variables, unknown_warning, unreadable_variables, variables
from servers.suite.settings import CairnSettings


def test_every_field_and_every_section_is_a_variable() -> None:
    known = variables(CairnSettings)
    assert {"CAIRN_HOME", "CAIRN_MEMORY", "CAIRN_MEMORY__RRF_K", "CAIRN_SCHEDULER__ATTENTION__DAILY_CAP"} <= set(known)
    assert "CAIRN_MEMROY__RRF_K" not in known


def test_a_misspelt_variable_is_reported_with_the_name_meant() -> None:
    environ = {
        "CAIRN_MEMROY__RRF_K": "5",
        "CAIRN_EMBEDER": "none",
        "CAIRN_NODEHOST__ROOT": "[]",
        "CAIRN_MEMORY__RRF_K": "5",  # valid: not reported
        "PATH": "/usr/bin",  # not ours
    }
    assert unknown_variables(environ, CairnSettings) == [
        ("CAIRN_EMBEDER", "CAIRN_EMBEDDER"),
        ("CAIRN_MEMROY__RRF_K", "CAIRN_MEMORY__RRF_K"),
        ("CAIRN_NODEHOST__ROOT", "CAIRN_NODEHOST__ROOTS"),
    ]


def test_a_name_like_none_gets_no_guess() -> None:
    # Every name starts with CAIRN_; that alone must not make CAIRN_FOO look like CAIRN_HOOKS.
    assert unknown_variables({"CAIRN_FOO": "1"}, CairnSettings) == [("CAIRN_FOO", None)]
    assert "cairn config" in unknown_warning("CAIRN_FOO", None)
    assert "did you mean CAIRN_EMBEDDER?" in unknown_warning("CAIRN_EMBEDER", "CAIRN_EMBEDDER")


def test_keys_of_a_mapping_lower_case_names_and_names_read_elsewhere_are_known() -> None:
    environ = {
        "CAIRN_MEMORY__RETENTION_DAYS__NOTE": "30",
        "cairn_memory__rrf_k": "5",
        "CAIRN_HOOKS__BUDGET_SESSION_START_MS": "300",
    }
    elsewhere = [re.compile(r"CAIRN_HOOKS__BUDGET_[A-Z_]+_MS")]
    assert unknown_variables(environ, CairnSettings, elsewhere) == []
    assert unknown_variables(environ, CairnSettings) == [("CAIRN_HOOKS__BUDGET_SESSION_START_MS", None)]


def test_the_variable_that_is_not_json_is_named_in_its_group() -> None:
    environ = {
        "CAIRN_SKILLS__PATHS": "/abs/path",
        "CAIRN_SKILLS__REGISTRY_URL": "https://example.com",  # a string: not JSON, and need not be
        "CAIRN_NODEHOST__ROOTS": "not json either",  # another group
    }
    found = unreadable_variables(environ, CairnSettings, "skills")
    assert [name for name, _ in found] == ["CAIRN_SKILLS__PATHS"]
    assert "Expecting value" in found[0][1]
    assert unreadable_variables({"CAIRN_MEMORY": "{x"}, CairnSettings, "memory")[0][0] == "CAIRN_MEMORY"
    assert unreadable_variables({"CAIRN_SKILLS__PATHS": '["/a"]'}, CairnSettings, "skills") == []
