"""`to_prompt`: the `<available_skills>` block agents put in their system prompt.

Same layout as the reference tool (`agentskills to-prompt`): one element per line,
values HTML-escaped, `<location>` the absolute path of each SKILL.md.
"""

from __future__ import annotations

import html
import os
from collections.abc import Iterable

from skillslint.properties import read_properties


def to_prompt(skill_dirs: Iterable[str | os.PathLike[str]]) -> str:
    """Raises `SkillError` for the first skill that lacks a readable name/description."""
    lines = ["<available_skills>"]
    for skill in skill_dirs:
        props = read_properties(skill)
        lines += [
            "<skill>",
            "<name>",
            html.escape(props.name),
            "</name>",
            "<description>",
            html.escape(props.description),
            "</description>",
            "<location>",
            str(props.location),
            "</location>",
            "</skill>",
        ]
    lines.append("</available_skills>")
    return "\n".join(lines)
