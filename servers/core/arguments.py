"""Argument errors that say what was wrong: the argument, and what the tool's input schema expected.

fastmcp validates a call's arguments against the tool's signature and, when they do not fit, raises pydantic's
report (``1 validation error for call[fs_read] … For further information visit https://errors.pydantic.dev``),
which names the argument but not what it should be. Worse, a wrapper that checks arguments by hand (as
``mount(tool_names=…)``'s ``TransformedTool`` did, with a ``TypeError``) fails inside the tool, where
``mask_error_details`` turns it into a bare "Error calling tool 'memory_write'" and a traceback in the log.

:class:`ArgumentErrors` sits on every server (beside the scope guard, so a caller without the scope is told
that first) and turns any argument validation failure into one sentence per problem, built from the input
schema the client was given::

    invalid arguments: 'session_id' is missing: expected a string of 1-200 characters
    invalid arguments: 'bogus' is not an argument of this tool: expected only content, user_id, keywords, …
    invalid arguments: 'limit' is invalid (Input should be a valid integer, got 'abc'): expected an integer
    from 1 to 50

Missing, unexpected and invalid arguments are told apart; nested values are named by their path
(``messages[0].role``). The value given is quoted, cut short: it is the caller's own.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import mcp.types as mt
from fastmcp.exceptions import ToolError
from fastmcp.exceptions import ValidationError as ArgumentValidationError
from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext
from pydantic import ValidationError

REFUSAL = logging.INFO  # the caller's mistake, answered in full: not a server error with a traceback
MISSING = frozenset(
    {"missing", "missing_argument", "missing_keyword_only_argument", "missing_positional_only_argument"}
)
UNEXPECTED = frozenset({"unexpected_keyword_argument", "extra_forbidden", "unexpected_positional_argument"})
QUOTE_CHARS = 60
DESCRIPTION_CHARS = 160

Schema = dict[str, Any]
Loc = Sequence[int | str]


class ArgumentErrors(Middleware):
    """Turns an argument validation failure of any tool into a :class:`ToolError` naming what was wrong."""

    async def on_call_tool(
        self, context: MiddlewareContext[mt.CallToolRequestParams], call_next: CallNext[Any, Any]
    ) -> Any:
        try:
            return await call_next(context)
        except (ArgumentValidationError, ValidationError) as exc:
            report = exc.__cause__ if isinstance(exc.__cause__, ValidationError) else exc
            if not isinstance(report, ValidationError):
                raise
            schema = await _input_schema(context)
            raise ToolError(explain(report, schema), log_level=REFUSAL) from exc


async def _input_schema(context: MiddlewareContext[mt.CallToolRequestParams]) -> Schema:
    server = context.fastmcp_context.fastmcp if context.fastmcp_context is not None else None
    tool = await server.get_tool(context.message.name) if server is not None else None
    return dict(tool.parameters) if tool is not None else {}


def explain(report: ValidationError, schema: Schema) -> str:
    """One clause per problem of ``report``, judged against the tool's input ``schema``."""
    problems = [_problem(error, schema) for error in report.errors(include_url=False)]
    return "invalid arguments: " + "; ".join(dict.fromkeys(problems))


def _problem(error: Any, schema: Schema) -> str:
    loc: Loc = tuple(error.get("loc") or ())
    name = _path(loc)
    kind = str(error.get("type") or "")
    if kind in MISSING:
        return f"{name} is missing: expected {describe_at(schema, loc)}"
    if kind in UNEXPECTED:
        known = list(_properties(_schema_at(schema, loc[:-1]) or {}, schema))
        where = "this tool" if len(loc) <= 1 else _path(loc[:-1])
        return f"{name} is not an argument of {where}: expected only {', '.join(known) or 'no arguments'}"
    given = _quote(error.get("input"))
    return f"{name} is invalid ({error.get('msg', 'not valid')}, got {given}): expected {describe_at(schema, loc)}"


def _path(loc: Loc) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return f"'{text}'" if text else "the arguments"


def _quote(value: object) -> str:
    text = repr(value)
    return text if len(text) <= QUOTE_CHARS else text[: QUOTE_CHARS - 1] + "…"


# --- reading the schema ---------------------------------------------------------------------------------------


def _resolve(node: Schema, root: Schema) -> Schema:
    """``node`` with a local ``$ref`` (``#/$defs/Name``) followed."""
    seen = 0
    while isinstance(node.get("$ref"), str) and seen < 20:
        target: Any = root
        for part in str(node["$ref"]).removeprefix("#/").split("/"):
            target = target.get(part, {}) if isinstance(target, dict) else {}
        node = {**target, **{k: v for k, v in node.items() if k != "$ref"}} if isinstance(target, dict) else {}
        seen += 1
    return node


def _options(node: Schema, root: Schema) -> list[Schema]:
    """The alternatives of an ``anyOf``/``oneOf`` (a plain schema is its own only alternative)."""
    node = _resolve(node, root)
    choices = node.get("anyOf") or node.get("oneOf")
    if not isinstance(choices, list):
        return [node]
    return [_resolve(c, root) for c in choices if isinstance(c, dict)]


def _properties(node: Schema, root: Schema) -> dict[str, Schema]:
    for option in _options(node, root):
        props = option.get("properties")
        if isinstance(props, dict):
            return {str(k): v for k, v in props.items() if isinstance(v, dict)}
    return {}


def _schema_at(root: Schema, loc: Loc) -> Schema | None:
    """The schema of the value at ``loc`` inside the arguments, when the schema says."""
    node: Schema = root
    for part in loc:
        step: Schema | None = None
        for option in _options(node, root):
            if isinstance(part, int) and isinstance(option.get("items"), dict):
                step = option["items"]
            elif isinstance(part, str) and part in _properties(option, root):
                step = _properties(option, root)[part]
            elif isinstance(part, str) and isinstance(option.get("additionalProperties"), dict):
                step = option["additionalProperties"]
            if step is not None:
                break
        if step is None:
            return None
        node = step
    return node


def describe_at(root: Schema, loc: Loc) -> str:
    node = _schema_at(root, loc)
    if node is None:
        return "a value this tool accepts (see its input schema)"
    text = describe(node, root)
    note = _resolve(node, root).get("description")
    if isinstance(note, str) and note.strip():
        note = note.strip()
        text += f" ({note if len(note) <= DESCRIPTION_CHARS else note[: DESCRIPTION_CHARS - 1] + '…'})"
    return text


def describe(node: Schema, root: Schema, *, depth: int = 0) -> str:
    """What a value of ``node`` is, in words: "a string of 1-200 characters", "one of 'a', 'b'", …"""
    options = _options(node, root)
    if len(options) > 1:
        nullable = any(o.get("type") == "null" for o in options)
        words = [describe(o, root, depth=depth) for o in options if o.get("type") != "null"]
        text = " or ".join(dict.fromkeys(words)) or "null"
        return f"{text} or null" if nullable and words else text
    node = options[0] if options else {}
    if "enum" in node and isinstance(node["enum"], list):
        return "one of " + ", ".join(repr(v) for v in node["enum"])
    if "const" in node:
        return repr(node["const"])
    kind = node.get("type")
    if isinstance(kind, list):
        return " or ".join(describe({**node, "type": k}, root, depth=depth) for k in kind)
    if kind == "string":
        return "a string" + _bounds(node, "minLength", "maxLength", "characters") + _pattern(node)
    if kind in ("integer", "number"):
        return ("an integer" if kind == "integer" else "a number") + _range(node)
    if kind == "boolean":
        return "true or false"
    if kind == "array":
        items = node.get("items")
        what = _plural(describe(items, root, depth=depth + 1)) if isinstance(items, dict) and depth < 1 else "items"
        low, high = node.get("minItems"), node.get("maxItems")
        count = f"{low}-{high} " if low is not None and high is not None else ""
        count = count or (f"at most {high} " if high is not None else f"at least {low} " if low is not None else "")
        return f"a list of {count}{what}"
    if kind == "object":
        keys = list(_properties(node, root))
        return f"an object with {', '.join(keys)}" if keys and depth < 1 else "an object"
    if kind == "null":
        return "null"
    return "any value"


def _bounds(node: Schema, low_key: str, high_key: str, unit: str) -> str:
    low, high = node.get(low_key), node.get(high_key)
    if low is not None and high is not None:
        return f" of {low}-{high} {unit}"
    if high is not None:
        return f" of at most {high} {unit}"
    if low is not None:
        return f" of at least {low} {unit}"
    return ""


def _range(node: Schema) -> str:
    low = node.get("minimum", node.get("exclusiveMinimum"))
    high = node.get("maximum", node.get("exclusiveMaximum"))
    low_word = "above" if "exclusiveMinimum" in node and "minimum" not in node else "from"
    if low is not None and high is not None and low_word == "from" and "exclusiveMaximum" not in node:
        return f" from {low} to {high}"
    parts = []
    if low is not None:
        parts.append(f"{'above' if low_word == 'above' else 'at least'} {low}")
    if high is not None:
        parts.append(f"{'below' if 'exclusiveMaximum' in node and 'maximum' not in node else 'at most'} {high}")
    return " " + " and ".join(parts) if parts else ""


def _pattern(node: Schema) -> str:
    pattern = node.get("pattern")
    return f" matching {pattern}" if isinstance(pattern, str) else ""


def _plural(words: str) -> str:
    # "a string of 1-64 characters" -> "strings of 1-64 characters"; "an object" -> "objects"
    for article in ("an ", "a "):
        if words.startswith(article):
            head, _, rest = words[len(article) :].partition(" ")
            return f"{head}s {rest}".rstrip()
    return f"({words})"
