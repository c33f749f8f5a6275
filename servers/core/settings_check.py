"""What pydantic-settings does not say about ``CAIRN_*`` variables: names it ignored, and which variable held
a value it could not read.

pydantic-settings reads only the variables that name a field and ignores the rest, so a misspelt
``CAIRN_MEMROY__RRF_K=5`` leaves the default in force without a word. When a list or object setting is not
JSON it names the setting group (``field "memory"``), not the variable. Both are answered from the settings
model itself, so a new field is known here the day it is added:

>>> unknown_variables({"CAIRN_MEMROY__RRF_K": "5"}, CairnSettings)
[('CAIRN_MEMROY__RRF_K', 'CAIRN_MEMORY__RRF_K')]
>>> unreadable_variables({"CAIRN_SKILLS__PATHS": "/abs"}, CairnSettings, "skills")
[('CAIRN_SKILLS__PATHS', 'Expecting value: line 1 column 1 (char 0)')]
"""

from __future__ import annotations

import difflib
import json
import re
import typing
from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

PREFIX = "CAIRN_"
NESTED = "__"
SUGGEST_CUTOFF = 0.75  # close enough that the suggestion is likely what was meant (MEMROY → MEMORY: 0.96)


def variables(model: type[BaseModel], prefix: str = PREFIX) -> dict[str, FieldInfo]:
    """Every variable that sets a field of ``model``: leaves (``CAIRN_MEMORY__RRF_K``) and groups
    (``CAIRN_MEMORY``, which takes the whole section as JSON)."""
    found: dict[str, FieldInfo] = {}
    for name, field in model.model_fields.items():
        variable = prefix + name.upper()
        found[variable] = field
        section = _model(field.annotation)
        if section is not None:
            found.update(variables(section, variable + NESTED))
    return found


def unknown_variables(
    environ: Mapping[str, str], model: type[BaseModel], also: Iterable[re.Pattern[str]] = ()
) -> list[tuple[str, str | None]]:
    """``(variable, closest valid name or None)`` for each ``CAIRN_*`` variable no setting reads.

    ``also`` matches names read outside the model (by code that must not wait for the settings to load).
    A variable below a mapping setting (``CAIRN_MEMORY__RETENTION_DAYS__NOTE``) sets one of its keys.
    """
    known = variables(model)
    mappings = [name + NESTED for name, field in known.items() if _is_mapping(field.annotation)]
    patterns = list(also)
    bare = [name[len(PREFIX) :] for name in known]
    out: list[tuple[str, str | None]] = []
    for name in sorted(environ):
        upper = name.upper()  # pydantic-settings matches names case-insensitively
        if not upper.startswith(PREFIX) or upper in known or upper.startswith(tuple(mappings)):
            continue
        if any(p.fullmatch(upper) for p in patterns):
            continue
        # Compared without the prefix every name shares, which would make any two names look alike.
        close = difflib.get_close_matches(upper[len(PREFIX) :], bare, n=1, cutoff=SUGGEST_CUTOFF)
        out.append((name, PREFIX + close[0] if close else None))
    return out


def unknown_warning(name: str, suggestion: str | None) -> str:
    hint = f"; did you mean {suggestion}?" if suggestion else "; `cairn config` shows the settings in force"
    return f"{name} is not a Cairn setting and is ignored{hint}"


def unreadable_variables(environ: Mapping[str, str], model: type[BaseModel], group: str) -> list[tuple[str, str]]:
    """``(variable, JSON error)`` for each variable of setting ``group`` (as pydantic-settings names it in
    ``error parsing value for field "<group>"``) that needs JSON and does not hold it."""
    prefix = PREFIX + group.upper()
    out: list[tuple[str, str]] = []
    for name, field in variables(model).items():
        if name != prefix and not name.startswith(prefix + NESTED):
            continue
        if not _needs_json(field.annotation):
            continue
        value = next((v for k, v in environ.items() if k.upper() == name), None)
        if value is None:
            continue
        try:
            json.loads(value)
        except ValueError as exc:
            out.append((name, str(exc)))
    return out


def _model(annotation: Any) -> type[BaseModel] | None:
    for candidate in (annotation, *typing.get_args(annotation)):
        if isinstance(candidate, type) and issubclass(candidate, BaseModel):
            return candidate
    return None


def _is_mapping(annotation: Any) -> bool:
    return any(typing.get_origin(a) is dict or a is dict for a in (annotation, *typing.get_args(annotation)))


def _needs_json(annotation: Any) -> bool:
    """Lists, tuples, sets, dicts and sections are read from the environment as JSON."""
    for candidate in (annotation, *typing.get_args(annotation)):
        origin = typing.get_origin(candidate) or candidate
        if origin in (list, tuple, set, frozenset, dict) or _model(candidate) is not None:
            return True
    return False


__all__ = ["unknown_variables", "unknown_warning", "unreadable_variables", "variables"]
