"""Host placeholders in skill paths: ``{baseDir}/references/x.md`` is the skill's own ``references/x.md``.

Hosts substitute a variable for the folder a skill or its plugin was installed in, and skills write
paths with it so a script runs from anywhere. The linter and the registry's renderer both map such a path
to the file it means, relative to the skill folder:

| written                                          | means (relative to the skill folder)            |
|--------------------------------------------------|-------------------------------------------------|
| `{baseDir}/a.md`, `${CLAUDE_SKILL_DIR}/a.md`     | `a.md`                                          |
| `$CLAUDE_SKILL_DIR/a.md`, `${SKILL_DIR}/a.md`    | `a.md`                                          |
| `${CLAUDE_PLUGIN_ROOT}/skills/<this skill>/a.md` | `a.md`                                          |
| `${CLAUDE_PLUGIN_ROOT}/skills/other/a.md`        | `../other/a.md` (a sibling skill of the plugin) |
| `${CLAUDE_PLUGIN_ROOT}/a.md`                     | `a.md` when the skill has it, else `../../a.md` |

A plugin keeps its skills in ``<plugin>/skills/<name>/`` (Claude Code's layout, also Codex's), so a
plugin-root path the skill does not bundle is a file beside the skill, which it does not carry when it
is published or installed on its own. ``${X_PLUGIN_ROOT}`` is any plugin's own variable of that kind
(trailofbits' ``${RUST_REVIEW_PLUGIN_ROOT}``).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass

# `{baseDir}` is what Claude Code's skill docs showed first; the rest are the spellings seen in public skills.
_SKILL_NAMES = r"(?:base_?dir|skill_?dir|skill_?root|claude_skill_dir)"
_SKILL = re.compile(rf"^(?:\$?\{{\{{?\s*{_SKILL_NAMES}\s*\}}\}}?|\$(?:CLAUDE_SKILL_DIR|SKILL_DIR)\b)", re.IGNORECASE)
_PLUGIN = re.compile(r"^(?:\$\{[A-Z][A-Z0-9_]*PLUGIN_ROOT\}|\$[A-Z][A-Z0-9_]*PLUGIN_ROOT\b)")


@dataclass(frozen=True)
class HostPath:
    """A path written with a host placeholder: which folder it starts from, and the rest of it."""

    placeholder: str  # as written, e.g. "{baseDir}"
    plugin: bool  # the plugin's folder rather than the skill's
    rest: str  # after the placeholder and its slash; "" for the folder itself


def split(target: str) -> HostPath | None:
    """The placeholder and the rest of ``target``, or None when it does not start with one."""
    for pattern, plugin in ((_SKILL, False), (_PLUGIN, True)):
        m = pattern.match(target)
        if m and target[m.end() : m.end() + 1] in ("", "/"):
            return HostPath(m.group(0), plugin, target[m.end() :].lstrip("/"))
    return None


def in_skill(host: HostPath, skill: str, has: Callable[[str], bool]) -> str:
    """The path ``host`` means, relative to the folder of the skill named ``skill`` (POSIX, normalised; it
    starts with ``../`` when the file lies outside the skill). ``has`` says whether the skill holds a path."""
    rest = posixpath.normpath(host.rest) if host.rest else "."
    if not host.plugin:
        return rest
    own = f"skills/{skill}"
    if rest == own or rest.startswith(own + "/"):
        return rest[len(own) + 1 :] or "."
    if rest.startswith("skills/") and rest.count("/") >= 2:
        return "../" + rest[len("skills/") :]
    if rest != "." and has(rest):
        return rest  # a skill that is its own plugin, or bundles what its plugin has
    return posixpath.normpath("../../" + rest)
