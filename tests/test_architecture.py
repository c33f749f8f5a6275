"""Import direction: the suite knows the servers, each server knows only the shared core, domain code never
reaches the MCP or web layers (not even through another module), and SQL and drivers stay in storage modules.

The layers and the servers' independence are import-linter contracts in pyproject.toml, checked over every
chain of imports; the rules that need the tree's own conventions (what is a server's surface, what is SQL)
are checked here with grimp's graph and the ``ast`` module.

A server's MCP surface (``server.py``, ``rest.py``, ``mcp_*.py``) may import anything; everything else in
a server package is domain code that the CLI, hooks and benchmarks call directly.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import grimp
import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[1]
SURFACE = {"server.py", "rest.py", "__init__.py", "settings.py"}
# Modules whose job is MCP itself: skills offered as MCP prompts.
MCP_BY_PURPOSE = {"skills/prompts.py"}
SERVER_PACKAGES = ("memory", "skills", "scheduler", "reflection", "nodehost")
# Domain code: the servers' and the suite's parts that the CLI, hooks and benchmarks call without MCP.
DOMAIN_FOLDERS = (*(f"servers/{name}" for name in SERVER_PACKAGES), "servers/suite/hooks", "servers/suite/context")
WEB_LAYERS = ("fastmcp", "starlette", "uvicorn", "mcp")


def imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def domain_modules() -> list[Path]:
    return [
        path
        for folder in DOMAIN_FOLDERS
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path.name not in SURFACE
        and not path.name.startswith("mcp_")
        and f"{path.parent.name}/{path.name}" not in MCP_BY_PURPOSE
    ]


@cache
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("servers", "registry", "skillslint", include_external_packages=True, cache_dir=None)


def test_import_contracts_hold() -> None:
    """suite > registry > servers > core, the servers independent of each other (pyproject.toml's contracts);
    ``lint-imports`` prints each broken chain."""
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True) == 0


@pytest.mark.parametrize("path", domain_modules(), ids=lambda p: str(p.relative_to(ROOT / "servers")))
def test_domain_modules_never_reach_the_mcp_layer(path: Path) -> None:
    for layer in WEB_LAYERS:
        chain = graph().find_shortest_chain(importer=module_name(path), imported=layer)
        assert chain is None, (
            f"{' -> '.join(chain)}: domain code must not load {layer}; move that code to server.py or a core "
            "module the MCP layer registers"
        )


def test_the_transitive_check_sees_through_modules() -> None:
    """The check above sees a module that reaches fastmcp only through others (auth's first-user module
    imports no web layer itself)."""
    assert "fastmcp" not in {m.split(".")[0] for m in imports(ROOT / "servers/auth/first_user.py")}
    chain = graph().find_shortest_chain(importer="servers.auth.first_user", imported="fastmcp")
    assert chain is not None and len(chain) > 2


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
# Modules with SQL outside those, each with why.
SQL_EXEMPT = {
    "registry/storage/schema.py": "the registry's schema and migrations, imported by registry/storage/store.py",
}


def storage_checked_modules() -> list[Path]:
    return [path for package in STORAGE_CHECKED for path in sorted((ROOT / package).rglob("*.py"))]


def is_storage(path: Path) -> bool:
    rel = path.relative_to(ROOT)
    return "storage" in rel.parts[:-1]  # a component's storage modules: its storage/ folder


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

REGISTRY_MAY_IMPORT_AUTH = {"servers.auth.public", "servers.auth.embedded", "servers.auth.settings"}


@pytest.mark.parametrize("path", sorted((ROOT / "registry").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT)))
def test_registry_uses_public_modules_only(path: Path) -> None:
    found = imports(path)
    memory = sorted(m for m in found if m.startswith("servers.memory"))
    assert not memory, f"{path.relative_to(ROOT)} imports {memory}: shared text code lives in servers.core"
    auth = sorted(m for m in found if m.startswith("servers.auth") and m not in REGISTRY_MAY_IMPORT_AUTH)
    assert not auth, f"{path.relative_to(ROOT)} imports auth internals {auth}: use {sorted(REGISTRY_MAY_IMPORT_AUTH)}"


# --- a server reads its own settings section, never another's -------------------------------------------

# The settings sections of the components (``CAIRN_<SECTION>__…``); the shared settings have none.
SECTIONS = ("memory", "skills", "scheduler", "reflection", "nodehost", "auth", "hooks", "registry")


def other_sections_read(path: Path, own: str) -> list[str]:
    """Reads of another component's section: ``settings.skills`` or ``getattr(settings, "skills")``; the
    import contracts cannot see these, as the settings object the suite hands in has every section."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr in SECTIONS and node.attr != own:
            if ast.unparse(node.value).split(".")[-1] in {"settings", "cfg", "config"}:
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr":
            name = node.args[1] if len(node.args) > 1 else None
            if isinstance(name, ast.Constant) and name.value in SECTIONS and name.value != own:
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize(
    "path",
    [p for name in (*SERVER_PACKAGES, "auth") for p in sorted((ROOT / "servers" / name).rglob("*.py"))],
    ids=lambda p: str(p.relative_to(ROOT / "servers")),
)
def test_servers_read_only_their_own_settings_section(path: Path) -> None:
    own = path.relative_to(ROOT / "servers").parts[0]
    found = other_sections_read(path, own)
    assert not found, (
        f"{path.relative_to(ROOT)} reads another component's settings ({'; '.join(found)}): give the server a "
        "typed view of what it needs in its own settings, answered by the suite (as reflection's skill_places)"
    )


def test_the_settings_check_sees_a_section_read(tmp_path: Path) -> None:
    module = tmp_path / "reads.py"
    module.write_text('def roots(settings):\n    return settings.skills.paths, getattr(settings, "memory", None)\n')
    assert len(other_sections_read(module, "reflection")) == 2
    assert other_sections_read(module, "skills") == ["line 2: getattr(settings, 'memory', None)"]


# --- storage hands out typed rows ------------------------------------------------------------------------

# A database's own calls hand out what a statement returns; the shared layer and the suite's copy tool know no
# component's tables. Everything else a storage module offers returns models, never ``dict[str, Any]`` rows.
DATABASE_CALLS = {"scalar", "query", "query_one", "execute", "executemany", "transaction"}
ROWS_BY_DESIGN = ("servers/core/storage", "servers/suite/storage")
RAW_ROWS = re.compile(r"dict\[str, Any\]|^Any$|\bRow\b")


def raw_row_functions(path: Path) -> list[str]:
    return [
        f"{node.name} -> {ast.unparse(node.returns)}"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and not node.name.startswith("_")
        and node.name not in DATABASE_CALLS
        and node.returns is not None
        and RAW_ROWS.search(ast.unparse(node.returns))
    ]


@pytest.mark.parametrize(
    "path",
    [
        p
        for p in storage_checked_modules()
        if is_storage(p) and not p.relative_to(ROOT).as_posix().startswith(ROWS_BY_DESIGN)
    ],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_storage_hands_out_typed_rows(path: Path) -> None:
    found = raw_row_functions(path)
    assert not found, (
        f"{path.relative_to(ROOT)} hands out raw rows ({'; '.join(found)}): return a pydantic model validated "
        "in storage (see servers/reflection/storage/rows.py)"
    )


def test_the_row_check_sees_a_raw_row(tmp_path: Path) -> None:
    module = tmp_path / "store.py"
    module.write_text("def jobs(db) -> list[dict[str, Any]]: ...\ndef scalar(db) -> Any: ...\n")
    assert raw_row_functions(module) == ["jobs -> list[dict[str, Any]]"]
