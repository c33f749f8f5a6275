"""How far the tree is from one-way structure (issue 32): prints one figure per line, lower is better.

    .venv/bin/python -m bench.structure.measure [--root PATH]

``--root`` measures another checkout (an earlier commit's worktree) with this script, so before and after
are counted the same way. The figures:

- cycles: import cycles between server packages (strongly connected parts of the package graph, any
  chain of imports), the largest part's size, and pairs of server packages where one reaches the other;
- layers: chains from core to a server or the suite, from a server to the suite or the registry;
- web: domain modules (not a server's surface) that reach fastmcp/starlette/uvicorn/mcp through any chain;
- rows: public functions of storage and store modules whose return annotation hands out ``dict[str, Any]``
  or ``Any`` rows (a database's own calls, the shared database layer and the copy tool left out);
- sql: string values with SQL outside ``storage/`` folders (the architecture test's pattern, before its
  exemptions), and driver imports there;
- getattr: ``getattr`` calls in reflection's skill suggestions (reading skill places it has no type for), and
  reads of another component's settings section anywhere in a server;
- stale: the dead names the issue lists, comments citing design-document sections (``§`` not followed by
  an RFC or semver), declarations of the entry types, ``LegacyToolNames``;
- wrappers: per-server ``_call``/``_DOMAIN_ERRORS`` tool wrappers;
- typed writes: store methods taking a ``dict[str, Any]`` of columns (an audit entry's free-form ``detail``,
  stored as one JSON document, left out); hand-written row mappers (a call with five or more keyword
  arguments read as ``row["column"]``); query parameters the registry reads by hand (``query_params.get``,
  ``query_params[…]``, ``… in query_params``, an alias of ``query_params``, ``int_param``/``str_param``)
  outside its query models' reader ``registry/params.py``.
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import sys
import tokenize
from pathlib import Path

import grimp

SERVERS = ("memory", "skills", "scheduler", "reflection", "nodehost", "auth")
# Auth is an OAuth web server by purpose: all of it is surface, so its modules are not checked for the web layer.
DOMAIN_SERVERS = ("memory", "skills", "scheduler", "reflection", "nodehost")
WEB = ("fastmcp", "starlette", "uvicorn", "mcp")
SURFACE = {"server.py", "rest.py", "__init__.py", "settings.py"}
DEAD = ("cjk_ratio", "revoke_all", "MAX_VALUES", "outbox_failures", "Sources")
DEAD_ATTRIBUTES = re.compile(r"\b(?:mcp|server)\.(memory_service|skills_service|reflection_service|nodehost)\s*=")
# A database's own calls (a statement's single value, a transaction) and private helpers are not rows handed out.
PRIMITIVES = {"scalar", "query", "query_one", "execute", "transaction"}
ROW_RETURN = re.compile(r"dict\[str, Any\]|^Any$|\[Any\]")
SQL = re.compile(
    r"\b(SELECT\s+(DISTINCT\s+)?[\w*(]|INSERT\s+INTO|INSERT\s+OR\s|UPDATE\s+\w+\s+SET|DELETE\s+FROM"
    r"|CREATE\s+(UNIQUE\s+)?(TABLE|INDEX|VIRTUAL|SCHEMA|EXTENSION)|ALTER\s+TABLE|DROP\s+(TABLE|INDEX)|PRAGMA\s+\w)"
    r"|\b\w+\s*(=|<>|!=|<=?|>=?)\s*\?"
)
DRIVERS = ("apsw", "sqlite3", "psycopg", "psycopg_pool", "sqlite_vec")
# A section sign that cites a standard is fine; one that cites the design document is not.
STANDARD_CITATION = re.compile(r"(RFC \d+|semver|OAuth [\d.]+|PEP \d+)\s*§")


def sources(root: Path) -> list[Path]:
    return [p for top in ("servers", "registry", "skillslint") for p in sorted((root / top).rglob("*.py"))]


def module_name(root: Path, path: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def strongly_connected(nodes: list[str], edges: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's algorithm, iterative enough for ten nodes: the parts of more than one package."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    parts: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in edges[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = set()
            while True:
                top = stack.pop()
                part.add(top)
                if top == node:
                    break
            if len(part) > 1:
                parts.append(part)

    for node in nodes:
        if node not in index:
            visit(node)
    return parts


def package_figures(root: Path, graph: grimp.ImportGraph) -> dict[str, object]:
    packages = [f"servers.{p.name}" for p in sorted((root / "servers").iterdir()) if (p / "__init__.py").exists()]
    edges = {a: {b for b in packages if b != a and graph.chain_exists(a, b, as_packages=True)} for a in packages}
    servers = [f"servers.{s}" for s in SERVERS if f"servers.{s}" in packages]
    server_pairs = sorted(f"{a}->{b}" for a in servers for b in edges[a] if b in servers)
    cycles = strongly_connected(packages, edges)
    upward = []
    if "servers.core" in packages:
        upward += [f"servers.core->{b}" for b in sorted(edges["servers.core"])]
    for s in servers:
        for high in ("servers.suite", "registry"):
            if (high in packages or high == "registry") and graph.chain_exists(s, high, as_packages=True):
                upward.append(f"{s}->{high}")
    return {
        "packages": len(packages),
        "cycles": len(cycles),
        "largest cycle": max((len(c) for c in cycles), default=0),
        "server->server pairs": len(server_pairs),
        "server->server": ", ".join(server_pairs) or "-",
        "upward chains": len(upward),
        "upward": ", ".join(upward) or "-",
    }


def domain_reaching_web(root: Path, graph: grimp.ImportGraph) -> list[str]:
    found = []
    folders = [root / "servers" / s for s in DOMAIN_SERVERS] + [
        root / "servers/suite/hooks",
        root / "servers/suite/context",
    ]
    for folder in folders:
        for path in sorted(folder.rglob("*.py")) if folder.exists() else []:
            if path.name in SURFACE or path.name.startswith("mcp_") or path.name == "prompts.py":
                continue
            name = module_name(root, path)
            if any(graph.chain_exists(name, layer) for layer in WEB):
                found.append(name)
    return found


def in_storage(root: Path, path: Path) -> bool:
    return "storage" in path.relative_to(root).parts[:-1]


def row_functions(root: Path) -> list[str]:
    found = []
    for path in sources(root):
        # A store module outside a storage folder counts too (the tree before issue 32 had them). The shared
        # database layer and the suite's copy tool are left out: they know no component's tables, so rows
        # (and a copy's report) are all they can hand out.
        rel = path.relative_to(root)
        is_store = in_storage(root, path) or rel.name.startswith("store")
        if not is_store or rel.parts[:2] == ("servers", "core") or rel.parts[:3] == ("servers", "suite", "storage"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                and node.name not in PRIMITIVES
                and not node.name.startswith("_")
            ):
                text = ast.unparse(node.returns) if node.returns else ""
                if ROW_RETURN.search(text):
                    found.append(f"{path.relative_to(root)}:{node.name}")
    return found


def docstring_ids(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def sql_outside_storage(root: Path) -> tuple[int, int]:
    modules = drivers = 0
    for path in sources(root):
        if in_storage(root, path):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = docstring_ids(tree)
        if any(
            isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in skip and SQL.search(n.value)
            for n in ast.walk(tree)
        ):
            modules += 1
        for n in ast.walk(tree):
            names = [a.name for a in n.names] if isinstance(n, ast.Import) else []
            if isinstance(n, ast.ImportFrom) and n.module and n.level == 0:
                names = [n.module]
            drivers += sum(1 for m in names if m.split(".")[0] in DRIVERS)
    return modules, drivers


def comments(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    out = [t.string for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type == tokenize.COMMENT]
    tree = ast.parse(text)
    ids = docstring_ids(tree)
    out += [
        n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) in ids
    ]
    return out


def stale(root: Path) -> dict[str, object]:
    defined: list[str] = []
    dead_attributes = citations = entry_declarations = legacy = 0
    for path in sources(root):
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and node.name in DEAD:
                defined.append(node.name)
            if not isinstance(node, ast.Assign | ast.AnnAssign):
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                if isinstance(t, ast.Name) and t.id in DEAD:
                    defined.append(t.id)
                # a declaration lists the types itself; one derived from another (get_args) does not count
                if isinstance(t, ast.Name) and t.id in {"ENTRY_TYPES", "EntryType", "MemoryType"}:
                    value = node.value
                    if value is not None and not (
                        isinstance(value, ast.Call) and ast.unparse(value.func).endswith("get_args")
                    ):
                        entry_declarations += 1
        dead_attributes += len(DEAD_ATTRIBUTES.findall(text))
        legacy += text.count("LegacyToolNames")
        citations += sum(c.count("§") - len(STANDARD_CITATION.findall(c)) for c in comments(path))
    return {
        "dead names defined": len(defined),
        "dead names": ", ".join(sorted(set(defined))) or "-",
        "dead MCP attributes set": dead_attributes,
        "design-section citations": citations,
        "entry-type declarations": entry_declarations,
        "LegacyToolNames": legacy,
    }


def wrappers(root: Path) -> int:
    pattern = re.compile(r"^(?:async )?def _call\b|^_DOMAIN_ERRORS\b", re.M)
    return sum(len(pattern.findall(p.read_text(encoding="utf-8"))) for p in sources(root))


RAW_PARAMETER = re.compile(r"^(dict|Mapping)\[str, Any\]$")
FREE_FORM = {"detail"}


def raw_row_writes(root: Path) -> list[str]:
    """Store methods that take their columns as a ``dict[str, Any]``."""
    found = []
    for path in sources(root):
        rel = path.relative_to(root)
        is_store = in_storage(root, path) or rel.name.startswith("store")
        if not is_store or rel.parts[:2] == ("servers", "core") or rel.parts[:3] == ("servers", "suite", "storage"):
            continue
        for cls in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(cls, ast.ClassDef):
                continue
            for node in cls.body:
                if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or node.name.startswith("_"):
                    continue
                arguments = node.args.args + node.args.kwonlyargs
                if any(
                    a.annotation is not None
                    and a.arg not in FREE_FORM
                    and RAW_PARAMETER.match(ast.unparse(a.annotation))
                    for a in arguments
                ):
                    found.append(f"{rel}:{cls.name}.{node.name}")
    return found


def _column_read(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Subscript)
        and isinstance(node.slice, ast.Constant)
        and isinstance(node.slice.value, str)
        and isinstance(node.value, ast.Name)
    )


def hand_mappers(root: Path) -> list[str]:
    """Calls building a model field by field from a row's columns (five or more ``row["column"]`` arguments)."""
    found = []
    for path in sources(root):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                reads = [k for k in node.keywords if _column_read(k.value)] + [a for a in node.args if _column_read(a)]
                if len(reads) >= 5:
                    found.append(f"{path.relative_to(root)}:{node.lineno}")
    return found


def hand_read_parameters(root: Path) -> list[str]:
    """The registry's query parameters read without a query model."""
    found = []
    for path in sorted((root / "registry").rglob("*.py")):
        if path.name == "params.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            params = isinstance(node, ast.Attribute) and node.attr == "query_params"
            read = (
                (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id in ("int_param", "str_param")
                )
                or (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "get"
                    and isinstance(node.func.value, ast.Attribute)
                    and node.func.value.attr == "query_params"
                )
                or (
                    isinstance(node, ast.Subscript)
                    and isinstance(node.value, ast.Attribute)
                    and node.value.attr == "query_params"
                )
                or (
                    isinstance(node, ast.Compare)
                    and any(isinstance(op, ast.In | ast.NotIn) for op in node.ops)
                    and any(isinstance(c, ast.Attribute) and c.attr == "query_params" for c in node.comparators)
                )
                or (
                    isinstance(node, ast.Assign)
                    and isinstance(node.value, ast.Attribute)
                    and node.value.attr == "query_params"
                )
            )
            if read and not params:
                found.append(f"{path.relative_to(root)}:{node.lineno}")
    return found


SECTIONS = ("memory", "skills", "scheduler", "reflection", "nodehost", "auth", "hooks", "registry")


def other_section_reads(root: Path) -> list[str]:
    """A server reading another component's settings section (``settings.skills``, ``getattr(settings,
    "skills")``): a dependency the import graph cannot show."""
    found = []
    for own in SERVERS:
        for path in sorted((root / "servers" / own).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                name: object = None
                if isinstance(node, ast.Attribute) and ast.unparse(node.value).split(".")[-1] in {"settings", "cfg"}:
                    name = node.attr
                elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr":
                    arg = node.args[1] if len(node.args) > 1 else None
                    name = arg.value if isinstance(arg, ast.Constant) else None
                if name in SECTIONS and name != own and isinstance(node, ast.Attribute | ast.Call):
                    found.append(f"{path.relative_to(root)}:{node.lineno}")
    return found


def getattr_calls(root: Path) -> int:
    path = root / "servers/reflection/suggest.py"
    if not path.exists():
        return 0
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return sum(
        1 for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "getattr"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[2])
    root = parser.parse_args().root.resolve()
    sys.path.insert(0, str(root))
    graph = grimp.build_graph("servers", "registry", "skillslint", include_external_packages=True, cache_dir=None)
    figures: dict[str, object] = {}
    figures.update(package_figures(root, graph))
    web = domain_reaching_web(root, graph)
    figures["domain modules reaching web"] = len(web)
    figures["domain->web"] = ", ".join(web) or "-"
    rows = row_functions(root)
    figures["storage functions returning raw rows"] = len(rows)
    figures["raw-row functions"] = ", ".join(rows) or "-"
    sql_modules, driver_imports = sql_outside_storage(root)
    figures["modules with SQL outside storage"] = sql_modules
    figures["driver imports outside storage"] = driver_imports
    figures["getattr in reflection/suggest.py"] = getattr_calls(root)
    sections = other_section_reads(root)
    figures["reads of another server's settings"] = len(sections)
    figures["section reads"] = ", ".join(sections) or "-"
    figures.update(stale(root))
    figures["_call/_DOMAIN_ERRORS wrappers"] = wrappers(root)
    writes = raw_row_writes(root)
    figures["store methods taking raw rows"] = len(writes)
    figures["raw-row writes"] = ", ".join(writes) or "-"
    mappers = hand_mappers(root)
    figures["hand-written row mappers"] = len(mappers)
    figures["row mappers"] = ", ".join(mappers) or "-"
    reads = hand_read_parameters(root)
    figures["query parameters read by hand"] = len(reads)
    figures["hand-read parameters"] = ", ".join(reads) or "-"
    width = max(len(k) for k in figures)
    for key, value in figures.items():
        print(f"{key:<{width}}  {value}")


if __name__ == "__main__":
    main()
