"""Tool schemas kept between starts: a tool read back from the file is the tool fastmcp would have built,
and any change to the code, the libraries, the settings or the function itself reads a different entry."""

from __future__ import annotations

import asyncio
import functools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any, Literal

import pytest
from fastmcp import Context, FastMCP
from pydantic import BaseModel, Field

from servers.core import tool_schemas


class Note(BaseModel):
    key: str
    tags: list[str] = []


def register(mcp: FastMCP) -> None:
    """Tools of the shapes Cairn's servers use: constraints, a model result, a primitive result, a Context."""

    @mcp.tool(annotations={"readOnlyHint": True}, tags={"read"})
    def note_get(key: Annotated[str, Field(min_length=1, description="The note's key.")], limit: int = 5) -> Note:
        """Read a note.

        Args:
            limit: How many versions to consider.
        """
        return Note(key=key)

    @mcp.tool
    async def note_count(kind: Literal["a", "b"] | None = None, ctx: Context | None = None) -> int:
        """Count notes."""
        return 0

    @mcp.tool(title="Erase")
    def note_erase(keys: list[str]) -> dict[str, Any]:
        return {"erased": keys}


def listing(mcp: FastMCP) -> list[dict[str, Any]]:
    tools = asyncio.run(mcp.list_tools())
    return [tool.to_mcp_tool().model_dump(mode="json", by_alias=True, exclude_none=True) for tool in tools]


@pytest.fixture
def cache_path(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path / "cache" / "key.json"
    tool_schemas.disable()


def built(cache_path: Path | None) -> tuple[FastMCP, tool_schemas.SchemaCache | None]:
    cache = tool_schemas.enable(cache_path) if cache_path else None
    try:
        mcp = FastMCP("t")
        register(mcp)
    finally:
        tool_schemas.disable()
    if cache is not None:
        cache.save()
    return mcp, cache


def test_a_tool_read_back_is_listed_and_called_as_fastmcp_builds_it(cache_path: Path) -> None:
    plain, _ = built(None)
    first, written = built(cache_path)
    again, read = built(cache_path)
    assert written is not None and written.misses == 3 and written.hits == 0
    assert read is not None and read.hits == 3 and read.misses == 0
    assert listing(first) == listing(plain)
    assert listing(again) == listing(plain)
    # Calls still validate their arguments from the function itself, and return the same result.
    for mcp in (plain, again):
        result = asyncio.run(mcp.call_tool("note_get", {"key": "k"}))
        assert result.structured_content == {"key": "k", "tags": []}
        assert asyncio.run(mcp.call_tool("note_count", {})).structured_content == {"result": 0}
        with pytest.raises(Exception, match="key"):
            asyncio.run(mcp.call_tool("note_get", {"key": ""}))


def test_the_file_is_written_only_when_something_new_was_parsed(cache_path: Path) -> None:
    built(cache_path)
    before = cache_path.read_bytes()
    cache_path.write_text(json.dumps(json.loads(before)) + "\n")  # marks the file: a rewrite would drop this
    _, read = built(cache_path)
    assert read is not None and not read.added
    assert cache_path.read_text().endswith("\n")


def test_an_unreadable_file_is_rebuilt(cache_path: Path) -> None:
    cache_path.parent.mkdir(parents=True)
    cache_path.write_text("{not json")
    plain, _ = built(None)
    mcp, cache = built(cache_path)
    assert cache is not None and cache.misses == 3
    assert listing(mcp) == listing(plain)
    assert json.loads(cache_path.read_text())["format"] == tool_schemas.FORMAT


def test_a_changed_function_is_parsed_again_not_served_stale() -> None:
    def tool(text: str, limit: int = 1) -> str:
        """One."""
        return text

    def key() -> str | None:
        return tool_schemas.function_key(tool, True, True)

    keys = [key()]
    tool.__doc__ = "Two."  # the description
    keys.append(key())
    tool.__defaults__ = (2,)  # a default shown in the schema
    keys.append(key())
    tool.__annotations__ = {**tool.__annotations__, "text": Annotated[str, Field(max_length=3)]}  # a constraint
    keys.append(key())
    assert None not in keys and len(set(keys)) == len(keys)
    assert tool_schemas.function_key(tool, True, False) != keys[-1]  # parsed another way: another entry


def test_a_function_whose_key_would_differ_between_processes_is_never_cached() -> None:
    marker = object()

    def with_object_default(text: str = marker) -> str:  # type: ignore[assignment]
        return text

    def plain(text: str, limit: int) -> str:
        return text

    assert tool_schemas.function_key(with_object_default, True, True) is None
    assert tool_schemas.function_key(functools.partial(plain, limit=1), True, True) is None


def test_the_key_names_the_code_the_libraries_and_the_settings(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "mod.py").write_text("X = 1\n")

    def key(settings: dict[str, Any] | None = None, environ: dict[str, str] | None = None) -> str:
        return tool_schemas.code_key(roots=[package], settings=settings or {"a": 1}, environ=environ or {})

    base = key()
    assert key() == base
    assert key(settings={"a": 2}) != base
    assert key(environ={"FASTMCP_STRICT_INPUT_VALIDATION": "true"}) != base
    assert key(environ={"UNRELATED": "1"}) == base
    (package / "mod.py").write_text("X = 2\n")
    assert key() != base
    (package / "mod.py").write_text("X = 1\n")
    assert key() == base
    (package / "new.py").write_text("")
    assert key() != base


def test_old_files_are_pruned(tmp_path: Path) -> None:
    for index in range(tool_schemas.KEEP_FILES + 5):
        cache = tool_schemas.SchemaCache(path=tmp_path / f"{index:02d}.json")
        cache.put("k", {"name": "n"})
        assert cache.save()
    assert len(list(tmp_path.glob("*.json"))) == tool_schemas.KEEP_FILES + 1
