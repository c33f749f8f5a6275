"""Import direction: domain code never depends on the MCP or web layers, shared code never on a server.

A server's MCP surface (``server.py``, ``rest.py``, ``mcp_*.py``) may import anything; everything else in
a server package is domain code that the CLI, hooks and benchmarks call directly.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SURFACE = {"server.py", "rest.py", "__init__.py", "settings.py"}
# Modules whose job is MCP itself: skills offered as MCP prompts. (Calls into another Cairn server go
# through servers/core/inprocess.py, which carries the caller's principal.)
MCP_BY_PURPOSE = {"skills/prompts.py"}
DOMAIN_PACKAGES = ("memory", "skills", "scheduler", "reflection", "nodehost", "hooks", "context")
WEB_LAYERS = ("fastmcp", "starlette", "uvicorn", "mcp")
SERVER_PACKAGES = ("memory", "skills", "scheduler", "reflection", "nodehost")


def imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def domain_modules() -> list[Path]:
    return [
        path
        for package in DOMAIN_PACKAGES
        for path in sorted((ROOT / "servers" / package).glob("*.py"))
        if path.name not in SURFACE
        and not path.name.startswith("mcp_")
        and f"{package}/{path.name}" not in MCP_BY_PURPOSE
    ]


@pytest.mark.parametrize("path", domain_modules(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_domain_modules_do_not_import_the_mcp_layer(path: Path) -> None:
    bad = sorted(m for m in imports(path) if m.split(".")[0] in WEB_LAYERS or m.endswith(".server"))
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}: move that code to server.py or a shared module"


@pytest.mark.parametrize(
    "path",
    sorted(p for p in (ROOT / "servers" / "core").rglob("*.py") if p.name != "settings.py"),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_shared_core_does_not_import_a_server(path: Path) -> None:
    bad = sorted(m for m in imports(path) if any(m.startswith(f"servers.{name}") for name in SERVER_PACKAGES))
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}: shared code must not depend on one server"
