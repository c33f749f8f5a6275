"""Agent Skills spec rules (agentskills.io): the fields every host understands.

Where the spec is clear we are at least as strict as the reference validator; where
hosts load a skill fine despite a deviation (name/folder mismatch, `allowed-tools`
written as a YAML list) the finding is a warning, so publishing is not blocked.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from skillslint.checks import Emit
from skillslint.frontmatter import Document

MAX_NAME = 64
MAX_DESCRIPTION = 1024
MAX_COMPATIBILITY = 500
_NAME_CHARS = re.compile(r"[a-z0-9-]+")
_VALID_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def check_spec(doc: Document, folder: Path, emit: Emit) -> None:
    fm = doc.frontmatter
    if fm is None:
        return
    if doc.path.name != "SKILL.md":
        emit("SR010", 1, 1, f"rename '{doc.path.name}' to 'SKILL.md'; some hosts only look for that name")
    _name(doc, fm, folder, emit)
    _description(doc, fm, emit)
    _optional_fields(doc, fm, emit)


def _name(doc: Document, fm: dict[str, object], folder: Path, emit: Emit) -> None:
    if "name" not in fm:
        emit("SR101", 1, 1, "missing required field `name` (lowercase letters, digits and hyphens)")
        return
    name = fm["name"]
    pos = doc.value_pos("name")
    if not isinstance(name, str) or not name.strip():
        emit("SR102", *pos, f"`name` must be a non-empty string, got {_kind(name)}")
        return
    if len(name) > MAX_NAME:
        emit("SR103", *pos, f"`name` is {len(name)} characters; the limit is {MAX_NAME}")
    if not _NAME_CHARS.fullmatch(name):
        bad = ", ".join(repr(c) for c in sorted({c for c in name if not re.fullmatch(r"[a-z0-9-]", c)}))
        hint = suggest_name(name)
        tail = f"; try '{hint}'" if hint else ""
        emit("SR104", *pos, f"`name` may only use lowercase a-z, 0-9 and '-', found {bad}{tail}")
    if name.startswith("-") or name.endswith("-") or "--" in name:
        emit("SR105", *pos, "`name` must not start or end with '-' or contain '--'")
    if name != folder.name:
        emit(
            "SR106",
            *pos,
            f"`name` '{name}' differs from its folder '{folder.name}'; the spec requires them to match",
        )


def suggest_name(name: str) -> str | None:
    """A valid name close to ``name`` ("My_Skill v2" -> "my-skill-v2", "Café" -> "cafe"), or None when
    nothing is left to suggest (a name of only symbols, or of letters with no Latin form)."""
    # Accents come off (é -> e + a combining mark, which the ASCII encoding then drops) before anything else
    # outside a-z, 0-9 becomes a separator.
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    hint = re.sub(r"[^a-z0-9]+", "-", ascii_name).strip("-")[:MAX_NAME].rstrip("-")
    return hint if _VALID_NAME.fullmatch(hint) else None


def _description(doc: Document, fm: dict[str, object], emit: Emit) -> None:
    if "description" not in fm:
        emit("SR111", 1, 1, "missing required field `description` (what the skill does and when to use it)")
        return
    desc = fm["description"]
    pos = doc.value_pos("description")
    if not isinstance(desc, str) or not desc.strip():
        emit("SR112", *pos, f"`description` must be a non-empty string, got {_kind(desc)}")
        return
    if len(desc) > MAX_DESCRIPTION:
        emit("SR113", *pos, f"`description` is {len(desc)} characters; the limit is {MAX_DESCRIPTION}")
    if "<" in desc or ">" in desc:
        emit("SR114", *pos, "`description` must not contain '<' or '>' (it is embedded in XML prompts)")


def _optional_fields(doc: Document, fm: dict[str, object], emit: Emit) -> None:
    if "compatibility" in fm:
        value = fm["compatibility"]
        pos = doc.value_pos("compatibility")
        if not isinstance(value, str) or not value.strip():
            emit("SR121", *pos, f"`compatibility` must be a non-empty string, got {_kind(value)}")
        elif len(value) > MAX_COMPATIBILITY:
            emit("SR121", *pos, f"`compatibility` is {len(value)} characters; the limit is {MAX_COMPATIBILITY}")
    if "metadata" in fm:
        _metadata(doc, fm["metadata"], emit)
    if "allowed-tools" in fm:
        _allowed_tools(doc, fm["allowed-tools"], emit)
    if "license" in fm and not isinstance(fm["license"], str):
        emit("SR128", *doc.value_pos("license"), f"`license` must be a string, got {_kind(fm['license'])}")


def _metadata(doc: Document, meta: object, emit: Emit) -> None:
    if not isinstance(meta, dict):
        emit("SR122", *doc.value_pos("metadata"), f"`metadata` must be a mapping of strings, got {_kind(meta)}")
        return
    for key, value in meta.items():
        pos = doc.value_pos("metadata", str(key))
        if isinstance(value, dict | list):
            emit(
                "SR123",
                *pos,
                f"`metadata.{key}` is {_kind(value)}; values must be strings (quote or flatten it)",
            )
        elif not isinstance(value, str):
            emit(
                "SR124",
                *pos,
                f"`metadata.{key}` is {_kind(value)}; quote it so every host reads the same string",
            )


def _allowed_tools(doc: Document, value: object, emit: Emit) -> None:
    pos = doc.value_pos("allowed-tools")
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        joined = " ".join(str(v) for v in value)
        emit("SR126", *pos, f"`allowed-tools` is a YAML list; the spec form is one string: '{joined}'")
    elif isinstance(value, str):
        # Commas inside parentheses belong to a tool pattern, e.g. `Bash(git add:*, git commit:*)`.
        if "," in re.sub(r"\([^)]*\)", "", value):
            emit("SR127", *pos, "`allowed-tools` separates tools with spaces, not commas")
    else:
        emit("SR125", *pos, f"`allowed-tools` must be a space-separated string, got {_kind(value)}")


def _kind(value: object) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"a boolean ({str(value).lower()})"
    if isinstance(value, int | float):
        return f"a number ({value})"
    if isinstance(value, str):
        return "an empty string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return f"a {type(value).__name__}"
