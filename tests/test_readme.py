"""The README's table of servers against the servers themselves: every tool and resource it names exists, and
every tool a server has is named there (so a renamed or new tool cannot leave the README behind).

The table's second column lists a server's tools up to the first ';' (``rule_get/edit`` is short for
``rule_get, rule_edit``); resources are the ``scheme://…`` names anywhere in it (``…`` standing for the rest).
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from fastmcp import Client

from servers.suite import catalog
from servers.suite.serving import build_server
from servers.suite.settings import CairnSettings
from tests.conftest import REPO_ROOT

README = REPO_ROOT / "README.md"


@dataclass(frozen=True)
class Offer:
    tools: frozenset[str]
    resources: frozenset[str]  # URIs and URI templates


def table() -> dict[str, str]:
    """server name -> the README's tools cell for it."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## The servers", 1)[1].split("\n#", 1)[0]
    rows: dict[str, str] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if len(cells) >= 2 and cells[0] in catalog.names():
            rows[cells[0]] = cells[1]
    return rows


def named_tools(cell: str) -> set[str]:
    names: set[str] = set()
    for token in re.findall(r"`([^`]+)`", cell.split(";", 1)[0]):
        token = token.split("(", 1)[0]
        first, *others = token.split("/")
        if not re.fullmatch(r"[a-z][a-z0-9_]*", first):
            continue
        names.add(first)
        prefix = first.rsplit("_", 1)[0] + "_" if others else ""
        names.update(prefix + other for other in others)
    return names


def named_resources(cell: str) -> set[str]:
    return {token for token in re.findall(r"`([^`]+)`", cell) if "://" in token}


def offers(settings: CairnSettings) -> dict[str, Offer]:
    async def gather() -> dict[str, Offer]:
        found: dict[str, Offer] = {}
        for name in [*catalog.names(), "all"]:
            async with Client(build_server(name, settings)) as client:
                tools = frozenset(t.name for t in await client.list_tools())
                uris = {str(r.uri) for r in await client.list_resources()}
                uris |= {str(r.uriTemplate) for r in await client.list_resource_templates()}
            found[name] = Offer(tools, frozenset(uris))
        return found

    return asyncio.run(gather())


@pytest.fixture(scope="module")
def settings(tmp_path_factory: pytest.TempPathFactory) -> CairnSettings:
    root = tmp_path_factory.mktemp("readme")
    (root / "workspace").mkdir()
    return CairnSettings(home=root / "home", embedder="none", nodehost={"roots": [str(root / "workspace")]})


@pytest.fixture(scope="module")
def served(settings: CairnSettings) -> dict[str, Offer]:
    return offers(settings)


def test_the_table_has_a_row_per_server() -> None:
    assert sorted(table()) == sorted(catalog.names())


@pytest.mark.parametrize("server", catalog.names())
def test_the_tools_named_are_the_tools_served(server: str, served: dict[str, Offer]) -> None:
    named = named_tools(table()[server])
    actual = served[server].tools
    assert {"missing from the server": sorted(named - actual), "missing from the README": sorted(actual - named)} == {
        "missing from the server": [],
        "missing from the README": [],
    }


@pytest.mark.parametrize("server", catalog.names())
def test_the_resources_named_exist(server: str, served: dict[str, Offer]) -> None:
    cell = table()[server]
    # Under `serve all` a resource gains its server's name after the scheme; the README says so with an example.
    under_all = {r for r in named_resources(cell) if r.startswith(f"{r.split('://')[0]}://{server}/")}
    for uri in named_resources(cell) - under_all:
        offered = served[server].resources
        assert any(u == uri or (uri.endswith("…") and u.startswith(uri[:-1])) for u in offered), uri
    for uri in under_all:
        assert uri in served["all"].resources, uri


def renamed() -> list[tuple[str, str]]:
    """The README's table of tools renamed under `serve all`: (name served alone, name under `serve all`)."""
    text = README.read_text(encoding="utf-8")
    section = text.split("### Tool names under `serve all`", 1)[1].split("\n#", 1)[0]
    rows = [re.findall(r"`([^`]+)`", line) for line in section.splitlines() if line.startswith("| `")]
    assert rows and all(len(row) == 2 for row in rows), rows
    return [(alone, under_all) for alone, under_all in rows]


def test_serve_all_names_each_tool_as_the_readme_says(served: dict[str, Offer]) -> None:
    under_all_names = {under_all: alone for alone, under_all in renamed()}
    expected: set[str] = set()
    for name in catalog.names():
        for tool in served[name].tools:
            default = tool if tool.startswith(f"{name}_") else f"{name}_{tool}"
            new = [n for n, alone in under_all_names.items() if alone == tool and n.startswith(f"{name}_")]
            expected.add(new[0] if new else default)
    assert sorted(served["all"].tools) == sorted(expected)
    assert set(under_all_names) <= served["all"].tools
    assert "memory://memory/MEMORY.md" in served["all"].resources
    assert "`memory://memory/MEMORY.md`" in README.read_text(encoding="utf-8")


def test_no_tool_under_serve_all_says_its_server_twice(served: dict[str, Offer]) -> None:
    for name in catalog.names():
        noun = name.removesuffix("s").removesuffix("ion")  # skills -> skill, reflection -> reflect
        repeats = [t for t in served["all"].tools if t.startswith(f"{name}_") and noun in t.removeprefix(f"{name}_")]
        assert repeats == [], "add these to servers/core/toolnames.py RENAMES and the README's table"


def test_the_parser_expands_the_short_forms() -> None:
    cell = "`rule_get/edit/set_status`, `context_assemble(task, …)`; actions `tool`, `memory://x`"
    assert named_tools(cell) == {"rule_get", "rule_edit", "rule_set_status", "context_assemble"}
    assert named_resources(cell) == {"memory://x"}
    assert Path(README).is_file()
