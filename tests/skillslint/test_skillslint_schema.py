"""`schemas/skill-frontmatter.schema.json`: valid draft 2020-12, tagged, and in step with the linter."""

from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator
from lintkit import FIXTURES

from skillslint import schema
from skillslint.frontmatter import load


def test_schema_is_valid_draft_2020_12() -> None:
    doc = schema.load_schema()
    Draft202012Validator.check_schema(doc)
    assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert doc["additionalProperties"] is True


def test_every_property_has_a_family() -> None:
    assert set(schema.families().values()) == {"spec", "host", "cairn"}
    assert schema.keys_of("cairn") == {
        "triggers", "priority", "exclusive_group", "prerequisites", "max_tokens", "cooldown", "output", "chain",
    }  # fmt: skip
    assert {"name", "description", "license", "compatibility", "metadata", "allowed-tools"} == schema.keys_of("spec")


@pytest.mark.parametrize("skill", ["pdf-tools", "deep-research", "competitive-analysis"])
def test_clean_fixtures_validate(skill: str) -> None:
    doc = load(FIXTURES / "clean" / skill / "SKILL.md")
    assert list(schema.validator().iter_errors(doc.frontmatter)) == []


def test_host_keys_declare_only_a_type() -> None:
    # checks.extensions checks host keys with `type_mismatch`, which reads `type` alone.
    props = schema.load_schema()["properties"]
    for key in schema.keys_of("host"):
        assert set(props[key]) <= {"x-family", "type", "description"}, key


@pytest.mark.parametrize(
    ("key", "value", "expected"),
    [
        ("user-invocable", True, None),
        ("user-invocable", "yes", "boolean"),
        ("version", 1.5, None),
        ("version", True, "string or number"),
        ("argument-hint", ["file"], None),
    ],
)
def test_type_mismatch(key: str, value: object, expected: str | None) -> None:
    assert schema.type_mismatch(key, value) == expected
