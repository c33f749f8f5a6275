"""Load `schemas/skill-frontmatter.schema.json`, the one description of the frontmatter.

The file lives at the repository root in a checkout and under
`servers/_bundled/schemas/` in the wheel (see pyproject's force-include), so both
places are tried. Its `x-family` annotations tell the linter which keys the spec,
known hosts and Cairn define; everything else is an unknown key.

Host keys declare only a JSON `type`, checked here directly; the full validator
(jsonschema, ~0.2 s to import) is loaded only when a skill uses Cairn keys.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator

SCHEMA_NAME = "skill-frontmatter.schema.json"
_ROOT = Path(__file__).resolve().parents[1]
CANDIDATES = (_ROOT / "schemas" / SCHEMA_NAME, _ROOT / "servers" / "_bundled" / "schemas" / SCHEMA_NAME)
_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "boolean": (bool,),
    "integer": (int,),
    "number": (int, float),
    "array": (list,),
    "object": (dict,),
    "null": (type(None),),
}


@cache
def load_schema() -> dict[str, Any]:
    for candidate in CANDIDATES:
        if candidate.is_file():
            loaded: dict[str, Any] = json.loads(candidate.read_text(encoding="utf-8"))
            return loaded
    tried = ", ".join(str(c) for c in CANDIDATES)
    raise FileNotFoundError(f"{SCHEMA_NAME} not found (tried {tried}); reinstall cairn or run from a checkout")


@cache
def validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(load_schema())


@cache
def families() -> dict[str, str]:
    """Frontmatter key -> 'spec' | 'host' | 'cairn'."""
    props: dict[str, dict[str, Any]] = load_schema()["properties"]
    return {key: str(spec["x-family"]) for key, spec in props.items()}


def keys_of(family: str) -> frozenset[str]:
    return frozenset(k for k, f in families().items() if f == family)


def type_mismatch(key: str, value: object) -> str | None:
    """For a key whose schema is a bare `type`: the expected type(s) if `value` has another."""
    declared = load_schema()["properties"].get(key, {}).get("type")
    if declared is None:
        return None
    names = [declared] if isinstance(declared, str) else list(declared)
    for name in names:
        # YAML `true` is a Python bool, which is also an int; JSON keeps them apart.
        if isinstance(value, _JSON_TYPES[name]) and not (isinstance(value, bool) and name in ("integer", "number")):
            return None
    return " or ".join(names)
