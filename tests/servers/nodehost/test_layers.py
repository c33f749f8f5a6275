"""The design, kept true: the domain modules never import the MCP or HTTP layers."""

from __future__ import annotations

import ast
from pathlib import Path

import servers.nodehost as package

PROTOCOL_MODULES = {"server.py", "mcp_support.py", "rest.py"}
FORBIDDEN = ("fastmcp", "mcp", "mcp_types", "starlette", "uvicorn")


def test_domain_modules_do_not_import_protocol_layers() -> None:
    folder = Path(package.__file__).parent
    offenders = []
    for module in sorted(folder.glob("*.py")):
        if module.name in PROTOCOL_MODULES:
            continue
        for node in ast.walk(ast.parse(module.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{module.name}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert offenders == []
