"""Argument errors name the argument and what the input schema expected, on every server and under any name."""

from __future__ import annotations

from typing import Annotated, Literal

import pytest
from fastmcp import Client, FastMCP
from pydantic import BaseModel, Field

from servers.core.arguments import ArgumentErrors, describe
from servers.core.principal import Principal, acting_as
from servers.core.scopes import ScopeGuard
from servers.suite.serving import _mount


class Step(BaseModel):
    tool: Annotated[str, Field(min_length=1, max_length=50)]
    ok: bool = True


def child() -> FastMCP:
    mcp = FastMCP("child", mask_error_details=True)

    @mcp.tool
    def child_record(
        session_id: Annotated[str, Field(min_length=1, max_length=200, description="Conversation id.")],
        steps: Annotated[list[Step], Field(max_length=10)],
        mode: Literal["fast", "slow"] = "fast",
        limit: Annotated[int, Field(ge=1, le=50)] = 5,
        note: str | None = None,
    ) -> str:
        return f"{session_id}:{len(steps)}:{mode}:{limit}:{note}"

    mcp.add_middleware(ScopeGuard("child"))
    mcp.add_middleware(ArgumentErrors())
    return mcp


def suite() -> FastMCP:
    """The child mounted as under ``serve all``, its tool renamed (``child_record`` -> ``child_save``)."""
    parent = FastMCP("parent", mask_error_details=True)
    _mount(parent, child(), "child", {"child_record": "save"})
    return parent


CASES = [
    ({"steps": []}, "'session_id' is missing: expected a string of 1-200 characters (Conversation id.)"),
    ({"session_id": "s", "steps": [], "colour": 1}, "'colour' is not an argument of this tool: expected only "),
    ({"session_id": "s", "steps": [], "mode": "x"}, "'mode' is invalid (Input should be 'fast' or 'slow', got 'x')"),
    ({"session_id": "s", "steps": [], "limit": 0}, "expected an integer from 1 to 50"),
    ({"session_id": "s", "steps": [{"ok": True}]}, "'steps[0].tool' is missing: expected a string of 1-50 characters"),
    ({"session_id": "s", "steps": "none"}, "'steps' is invalid (Input should be a valid list, got 'none'): expected"),
]


@pytest.mark.parametrize(("arguments", "expected"), CASES)
async def test_bad_arguments_are_named_under_a_renamed_mounted_tool(
    arguments: dict[str, object], expected: str
) -> None:
    async with Client(suite()) as client:
        result = await client.call_tool("child_save", arguments, raise_on_error=False)
    text = result.content[0].text  # type: ignore[union-attr]
    assert result.is_error and text.startswith("invalid arguments: ") and expected in text, text
    assert "Error calling tool" not in text and "errors.pydantic.dev" not in text


async def test_a_renamed_tool_still_works_and_its_old_name_is_gone() -> None:
    async with Client(suite()) as client:
        names = [t.name for t in await client.list_tools()]
        done = await client.call_tool("child_save", {"session_id": "s", "steps": [{"tool": "t"}], "limit": "7"})
        gone = await client.call_tool("child_child_record", {}, raise_on_error=False)
    assert names == ["child_save"]
    assert done.data == "s:1:fast:7:None"  # lenient coercion as before ("7" -> 7): only failures change
    assert gone.is_error and "Unknown tool" in gone.content[0].text  # type: ignore[union-attr]


async def test_the_scope_guard_answers_before_the_arguments_are_judged() -> None:
    with acting_as(Principal("alice", frozenset({"child:read"}))):
        async with Client(suite()) as client:
            result = await client.call_tool("child_save", {}, raise_on_error=False)
    assert "needs the 'child:write' scope" in result.content[0].text  # type: ignore[union-attr]


def test_schemas_in_words() -> None:
    root = {"$defs": {"Step": {"type": "object", "properties": {"tool": {"type": "string"}}}}}
    assert (
        describe({"anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}]}, root)
        == "an integer at least 1 or null"
    )
    assert describe({"$ref": "#/$defs/Step"}, root) == "an object with tool"
    assert describe({"type": "array", "items": {"$ref": "#/$defs/Step"}, "maxItems": 3}, root) == (
        "a list of at most 3 objects"
    )
    assert describe({"type": "array", "items": {"type": "string", "maxLength": 64}}, root) == (
        "a list of strings of at most 64 characters"
    )
    assert describe({"type": "string", "pattern": "^[a-z]+$"}, root) == "a string matching ^[a-z]+$"
    assert describe({"type": "boolean"}, root) == "true or false"
    assert describe({}, root) == "any value"
