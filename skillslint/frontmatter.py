"""Read a SKILL.md: decode, split the frontmatter, parse YAML keeping node positions.

Parsing goes through PyYAML's composer first so we hold the node tree (with line and
column marks) before anything is built from it. That lets us refuse alias bombs and
over-deep nesting by inspecting the tree, and report duplicate keys, which
`yaml.safe_load` silently collapses, before constructing plain Python values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from skillslint.codes import check
from skillslint.model import Finding

try:  # libyaml is an optional speed-up; the pure-Python loader behaves the same.
    _Loader: type[yaml.SafeLoader] = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _Loader = yaml.SafeLoader

BOM = b"\xef\xbb\xbf"
# A real frontmatter has dozens of nodes; these caps only stop hostile input.
MAX_EXPANDED_NODES = 10_000
MAX_DEPTH = 50
FRONTMATTER_FIRST_LINE = 2  # the YAML text starts on the line after the opening `---`


@dataclass(frozen=True)
class Document:
    """A decoded SKILL.md. `frontmatter` is None when it could not be parsed."""

    path: Path
    text: str | None = None
    frontmatter: dict[str, object] | None = None
    root: yaml.MappingNode | None = None
    body: str = ""
    body_line: int = 1
    findings: tuple[Finding, ...] = field(default_factory=tuple)

    def key_pos(self, key: str) -> tuple[int, int]:
        """Position of a top-level key (1:1 when absent or unparsed)."""
        if self.root is not None:
            for k, _ in self.root.value:
                if isinstance(k, yaml.ScalarNode) and k.value == key:
                    return _pos(k)
        return (1, 1)

    def value_pos(self, *path: str | int) -> tuple[int, int]:
        """Position of the value at `path` (keys and list indexes); falls back to the parent."""
        node: yaml.Node | None = self.root
        best = (1, 1)
        for step in path:
            if node is None:
                break
            node = _child(node, step)
            if node is not None:
                best = _pos(node)
        return best


def _pos(node: yaml.Node) -> tuple[int, int]:
    mark = node.start_mark
    return (mark.line + FRONTMATTER_FIRST_LINE, mark.column + 1)


def _child(node: yaml.Node, step: str | int) -> yaml.Node | None:
    if isinstance(node, yaml.MappingNode) and isinstance(step, str):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value == step:
                return v
    if isinstance(node, yaml.SequenceNode) and isinstance(step, int) and 0 <= step < len(node.value):
        child: yaml.Node = node.value[step]
        return child
    return None


def _finding(path: Path, line: int, col: int, code: str, message: str) -> Finding:
    return Finding(path, line, col, code, check(code).severity, message)


def decode(path: Path, data: bytes, code: str) -> tuple[str | None, Finding | None]:
    """UTF-8 decode with a tolerated BOM; a failure becomes a finding at the bad byte."""
    if data.startswith(BOM):
        data = data[len(BOM) :]
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        col = len(data[line_start : exc.start].decode("utf-8", "replace")) + 1
        bad = data[exc.start : exc.start + 1].hex()
        return None, _finding(path, line, col, code, f"not valid UTF-8 (byte 0x{bad}); save the file as UTF-8")


def load(path: Path) -> Document:
    """Read and parse one SKILL.md. Never raises for bad content: problems become findings."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        return Document(path, findings=(_finding(path, 1, 1, "SR002", f"cannot read file: {exc.strerror}"),))
    text, bad = decode(path, data, "SR003")
    if text is None:
        return Document(path, findings=(bad,) if bad else ())
    return parse(path, text)


def parse(path: Path, text: str) -> Document:
    """Split and parse already-decoded SKILL.md text (also used by tests)."""
    # Split on "\n" only: str.splitlines also breaks on form feeds and U+2028, which
    # would shift our line numbers away from what editors and YAML marks report.
    lines = [ln.rstrip("\r") for ln in text.split("\n")]
    if not lines or lines[0].rstrip() != "---":
        msg = "SKILL.md must start with a YAML frontmatter block: a line `---`, then `name:`, `description:`"
        return Document(path, text, body=text, findings=(_finding(path, 1, 1, "SR004", msg),))
    close = next((i for i in range(1, len(lines)) if lines[i].rstrip() == "---"), None)
    if close is None:
        msg = "frontmatter opened on line 1 is never closed; add a line `---` after the last key"
        return Document(path, text, findings=(_finding(path, 1, 1, "SR005", msg),))
    body = "\n".join(lines[close + 1 :])
    doc = Document(path, text, body=body, body_line=close + 2)
    return _parse_yaml(doc, "\n".join(lines[1:close]))


def _parse_yaml(doc: Document, source: str) -> Document:
    loader = _Loader(source)
    try:
        node = loader.get_single_node()
        problem = _refuse(node)
        if problem is not None:
            return _with(doc, _finding(doc.path, *problem))
        dupes = _duplicates(doc.path, node)
        value = loader.construct_document(node) if node is not None else {}
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + FRONTMATTER_FIRST_LINE, mark.column + 1) if mark else (1, 1)
        reason = " ".join(p for p in (exc.context, exc.problem) if p)
        return _with(doc, _finding(doc.path, line, col, "SR006", f"invalid YAML in frontmatter: {reason}"))
    except (yaml.YAMLError, RecursionError, ValueError, TypeError) as exc:
        # RecursionError: nesting deep enough to exhaust the composer; the others come
        # from constructors fed odd scalars (e.g. an impossible date).
        msg = f"frontmatter could not be parsed: {type(exc).__name__}"
        return _with(doc, _finding(doc.path, FRONTMATTER_FIRST_LINE, 1, "SR006", msg))
    finally:
        loader.dispose()
    if not isinstance(value, dict) or not isinstance(node, yaml.MappingNode | None):
        kind = type(value).__name__
        msg = f"frontmatter must be a mapping of `key: value` lines, got a YAML {kind}"
        return _with(doc, _finding(doc.path, FRONTMATTER_FIRST_LINE, 1, "SR007", msg))
    frontmatter = {str(k): v for k, v in value.items()}
    return Document(doc.path, doc.text, frontmatter, node, doc.body, doc.body_line, tuple(dupes))


def _with(doc: Document, finding: Finding) -> Document:
    return Document(doc.path, doc.text, None, None, doc.body, doc.body_line, (finding,))


def _refuse(root: yaml.Node | None) -> tuple[int, int, str, str] | None:
    """Reject recursive aliases, over-deep nesting, and alias expansion beyond the cap.

    Aliases share one node object, so the composed tree stays small even for a
    "billion laughs" document; we count the size it *would* expand to, memoised per node.
    """
    if root is None:
        return None
    sizes: dict[int, int] = {}
    active: set[int] = set()

    def size(node: yaml.Node, depth: int) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in active:
            raise _Refused("an alias refers to a node that contains it (recursive YAML)", node)
        if depth > MAX_DEPTH:
            raise _Refused(f"frontmatter is nested more than {MAX_DEPTH} levels deep", node)
        active.add(key)
        total = 1
        if isinstance(node, yaml.SequenceNode):
            total += sum(size(child, depth + 1) for child in node.value)
        elif isinstance(node, yaml.MappingNode):
            total += sum(size(k, depth + 1) + size(v, depth + 1) for k, v in node.value)
        active.discard(key)
        sizes[key] = total
        if total > MAX_EXPANDED_NODES:
            raise _Refused(f"YAML aliases expand to more than {MAX_EXPANDED_NODES:,} nodes", node)
        return total

    try:
        size(root, 0)
    except _Refused as refusal:
        line, col = _pos(refusal.node)
        return (line, col, "SR008", f"{refusal.reason}; refused without expanding it")
    return None


class _Refused(Exception):
    def __init__(self, reason: str, node: yaml.Node) -> None:
        super().__init__(reason)
        self.reason = reason
        self.node = node


def _duplicates(path: Path, root: yaml.Node | None) -> list[Finding]:
    found: list[Finding] = []
    seen_nodes: set[int] = set()
    stack = [root] if root is not None else []
    while stack:
        node = stack.pop()
        if id(node) in seen_nodes:  # aliased nodes are shared; report each once
            continue
        seen_nodes.add(id(node))
        if isinstance(node, yaml.MappingNode):
            keys: dict[str, yaml.Node] = {}
            for k, v in node.value:
                if isinstance(k, yaml.ScalarNode) and k.value != "<<":
                    if k.value in keys:
                        first = _pos(keys[k.value])[0]
                        msg = f"key '{k.value}' repeats the one on line {first}; strict parsers reject this"
                        found.append(_finding(path, *_pos(k), "SR009", msg))
                    else:
                        keys[k.value] = k
                stack.append(v)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
    return found
