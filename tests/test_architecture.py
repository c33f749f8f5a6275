"""Import direction: domain code never depends on the MCP or web layers, shared code never on a server;
SQL and database drivers stay in storage modules.

A server's MCP surface (``server.py``, ``rest.py``, ``mcp_*.py``) may import anything; everything else in
a server package is domain code that the CLI, hooks and benchmarks call directly.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SURFACE = {"server.py", "rest.py", "__init__.py", "settings.py"}
# Modules whose job is MCP itself: skills offered as MCP prompts. (Calls into another Cairn server go
# through servers/suite/inprocess.py, which carries the caller's principal.)
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
    sorted((ROOT / "servers" / "core").rglob("*.py")),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_shared_core_does_not_import_a_server(path: Path) -> None:
    bad = sorted(m for m in imports(path) if any(m.startswith(f"servers.{name}") for name in SERVER_PACKAGES))
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}: shared code must not depend on one server"


# The composition of the suite (the catalogue of servers, the settings with every component's section) is
# reached from core only where core builds servers by name.
COMPOSITION = ("servers.suite.catalog", "servers.suite.settings")
COMPOSES = {"servers/suite/serving.py", "servers/suite/inprocess.py"}


@pytest.mark.parametrize(
    "path", sorted((ROOT / "servers" / "core").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_shared_core_reaches_the_composition_only_to_build_servers(path: Path) -> None:
    rel = path.relative_to(ROOT).as_posix()
    if rel in COMPOSES:
        return
    names = imports(path) | {
        f"servers.{alias.name}"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and node.module == "servers"
        for alias in node.names
    }
    composed = sorted(m for m in names if m in COMPOSITION)
    assert not composed, f"{rel} imports {composed}: shared code takes CoreSettings and never the whole suite"


# --- storage: SQL and database drivers stay in storage modules --------------------------------------------

# Every package of the repository; a new one must be added here (test_every_package_is_checked).
STORAGE_CHECKED = (
    "registry",
    "skillslint",
    *(f"servers/{p.name}" for p in sorted((ROOT / "servers").iterdir()) if (p / "__init__.py").exists()),
)
DRIVERS = ("apsw", "sqlite3", "psycopg", "psycopg_pool", "sqlite_vec")
# A statement, not a word: these keywords in capitals followed by what a statement has next. Docstrings
# and comments may talk about SQL; only string values that would run are checked.
SQL = re.compile(
    r"\b(SELECT\s+(DISTINCT\s+)?[\w*(]|INSERT\s+INTO|INSERT\s+OR\s|UPDATE\s+\w+\s+SET|DELETE\s+FROM"
    r"|CREATE\s+(UNIQUE\s+)?(TABLE|INDEX|VIRTUAL|SCHEMA|EXTENSION)|ALTER\s+TABLE|DROP\s+(TABLE|INDEX)|PRAGMA\s+\w)"
    # a condition handed to a helper that runs it ("user_id = ? AND status = ?")
    r"|\b\w+\s*(=|<>|!=|<=?|>=?)\s*\?"
)
# A component's storage modules: anything under a ``storage/`` folder, and its store module(s).
STORE_MODULES = {"store.py", "store_pg.py"}
# Modules with SQL outside those, each with why.
SQL_EXEMPT = {
    "registry/schema.py": "the registry's schema and migrations, imported by registry/store.py",
    "servers/suite/cli/data_copy.py": "cairn data copy: copies and verifies every component's tables, engine to engine",
    "servers/suite/cli/data_copy_memory.py": "cairn data copy for memory's tables and vectors",
    "servers/suite/cli/migrate.py": "cairn migrate: reads each component's schema version",
}


def storage_checked_modules() -> list[Path]:
    return [path for package in STORAGE_CHECKED for path in sorted((ROOT / package).rglob("*.py"))]


def is_storage(path: Path) -> bool:
    rel = path.relative_to(ROOT)
    return "storage" in rel.parts[:-1] or rel.name in STORE_MODULES


def docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def sql_strings(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = docstrings(tree)
    return [
        f"line {node.lineno}: {node.value[:60]!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skip
        and SQL.search(node.value)
    ]


def test_every_package_is_checked() -> None:
    packages = {p.parent.relative_to(ROOT).as_posix() for p in ROOT.glob("*/__init__.py")}
    packages |= {p.parent.relative_to(ROOT).as_posix() for p in (ROOT / "servers").glob("*/__init__.py")}
    packages -= {"servers", "tests", "bench"}
    assert packages <= set(STORAGE_CHECKED), f"packages not checked for SQL: {sorted(packages - set(STORAGE_CHECKED))}"


def test_exemptions_are_still_needed() -> None:
    for rel in SQL_EXEMPT:
        assert sql_strings(ROOT / rel), f"{rel} has no SQL any more: drop its exemption"


@pytest.mark.parametrize(
    "path",
    [p for p in storage_checked_modules() if not is_storage(p)],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_sql_or_driver_outside_storage(path: Path) -> None:
    rel = path.relative_to(ROOT).as_posix()
    drivers = sorted(m for m in imports(path) if m.split(".")[0] in DRIVERS)
    assert not drivers, f"{rel} imports {drivers}: database drivers belong in a storage module"
    if rel in SQL_EXEMPT:
        return
    found = sql_strings(path)
    assert not found, f"{rel} has SQL ({'; '.join(found)}): move it to the component's storage module"


# --- the registry uses the servers through their public modules ----------------------------------------

REGISTRY_MAY_IMPORT_AUTH = {"servers.auth.public", "servers.auth.embedded"}


@pytest.mark.parametrize("path", sorted((ROOT / "registry").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT)))
def test_registry_uses_public_modules_only(path: Path) -> None:
    found = imports(path)
    memory = sorted(m for m in found if m.startswith("servers.memory"))
    assert not memory, f"{path.relative_to(ROOT)} imports {memory}: shared text code lives in servers.core"
    auth = sorted(m for m in found if m.startswith("servers.auth") and m not in REGISTRY_MAY_IMPORT_AUTH)
    assert not auth, f"{path.relative_to(ROOT)} imports auth internals {auth}: use {sorted(REGISTRY_MAY_IMPORT_AUTH)}"


# --- the dashboard sits above the servers ---------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        p
        for p in sorted((ROOT / "servers").rglob("*.py"))
        if p.relative_to(ROOT / "servers").parts[0] not in ("dashboard", "cli")
    ],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_server_imports_the_dashboard(path: Path) -> None:
    """The dashboard shows several servers' data through their services; a server that imported it would
    make the servers depend on their own viewer (only the CLI mounts it)."""
    bad = sorted(m for m in imports(path) if m == "servers.suite.dashboard" or m.startswith("servers.suite.dashboard."))
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}: the dashboard depends on the servers, not back"
