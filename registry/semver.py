"""Semantic Versioning 2.0.0: parsing and precedence, enough for immutable published versions."""

from __future__ import annotations

import re

_SEMVER = re.compile(
    r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
    r"(?:-((?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*)(?:\.(?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*))*))?"
    r"(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$"
)
MAX_LENGTH = 64


def is_valid(version: str) -> bool:
    return len(version) <= MAX_LENGTH and _SEMVER.match(version) is not None


def sort_key(version: str) -> tuple[int, int, int, int, tuple[tuple[int, int | str], ...]]:
    """Precedence per semver §11: a release sorts after its pre-releases; build metadata is ignored.

    Versions that do not parse sort first, so they never become ``latest``.
    """
    match = _SEMVER.match(version)
    if match is None:
        return (-1, 0, 0, 0, ())
    major, minor, patch, pre = int(match[1]), int(match[2]), int(match[3]), match[4]
    if pre is None:
        return (major, minor, patch, 1, ())
    parts = tuple((0, int(p)) if p.isdigit() else (1, p) for p in pre.split("."))
    return (major, minor, patch, 0, parts)


def core(version: str) -> str:
    """The version without build metadata: ``1.0.0+abc`` and ``1.0.0+def`` are the same version."""
    return version.split("+", 1)[0]


def next_patch(versions: list[str]) -> str:
    """The version a new upload is offered by default: the next patch after the highest published (yanked
    ones too: their numbers stay taken), the release of a highest pre-release, or 1.0.0 for a new skill."""
    valid = [v for v in versions if _SEMVER.match(v)]
    if not valid:
        return "1.0.0"
    major, minor, patch, release, _ = sort_key(max(valid, key=sort_key))
    return f"{major}.{minor}.{patch + 1}" if release else f"{major}.{minor}.{patch}"
