"""Chains expand into ordered steps; an unknown step is a clear error."""

from __future__ import annotations

from pathlib import Path

import pytest

from servers.skills.models import ChainError
from servers.skills.service import SkillsService
from tests.servers.skills.conftest import write_skill

CHAIN = [
    {"skill": "gather", "output_as": "notes", "params": {"depth": "deep"}},
    {"skill": "condense", "input_from": "notes", "output_as": "brief"},
]


def test_chain_expands_in_order_with_inputs_and_outputs(service: SkillsService, roots: dict[str, Path]) -> None:
    write_skill(roots["project"], "gather", body="# gather\n\nCollect sources.\n")
    write_skill(roots["project"], "condense", body="# condense\n\nSummarise.\n")
    write_skill(roots["project"], "pipeline", body="# pipeline\n\nScope first.\n", chain=CHAIN)
    service.catalog.invalidate()
    got = service.activate("pipeline", session_id="s1")
    assert [(s.step, s.skill, s.input_from, s.output_as) for s in got.steps] == [
        (1, "gather", None, "notes"),
        (2, "condense", "notes", "brief"),
    ]
    assert got.steps[0].params == {"depth": "deep"} and "Collect sources" in got.steps[0].body
    text = service.render(service.get("pipeline"))
    assert text.index("Scope first") < text.index("Step 1: gather") < text.index("Step 2: condense")
    assert "save the result as `notes`" in text and "the output saved as `notes`" in text
    stats = service.learning.stats().skills
    assert {s.name: (s.manual_activations, s.chain_activations) for s in stats} == {
        "pipeline": (1, 0),
        "gather": (0, 1),
        "condense": (0, 1),
    }


def test_unknown_step_is_a_clear_error(service: SkillsService, roots: dict[str, Path]) -> None:
    write_skill(roots["project"], "gather")
    write_skill(roots["project"], "pipeline", chain=CHAIN)  # condense is missing (a lint warning, not an error)
    service.catalog.invalidate()
    with pytest.raises(ChainError, match="chain step 2 of 'pipeline' names unknown skill 'condense'"):
        service.activate("pipeline")


def test_prerequisites_not_yet_used_in_the_session(service: SkillsService, roots: dict[str, Path]) -> None:
    write_skill(roots["project"], "setup")
    write_skill(roots["project"], "main-task", prerequisites=["setup"])
    service.catalog.invalidate()
    assert service.activate("main-task", "s1").missing_prerequisites == ["setup"]
    service.activate("setup", "s1")
    assert service.activate("main-task", "s1").missing_prerequisites == []
