"""What the log says when the skills load: folders that are not there and skills that could not be served.

Without it, a misspelt ``CAIRN_SKILLS__PATHS`` entry loads nothing and says nothing, and a SKILL.md with
broken frontmatter shows up only as a count in ``list_skills``. Skills served despite lint errors are
summed up in one line (public collections have many; every host loads them, and so does Cairn).
"""

from __future__ import annotations

from pathlib import Path

from servers.skills.models import Problem
from servers.skills.settings import SkillsSettings

SHOWN_NAMES = 5


def load_report(config: SkillsSettings, problems: tuple[Problem, ...] | list[Problem]) -> list[str]:
    """One line for each configured folder that is missing and each skill not served; one for those served
    despite lint errors."""
    lines = [
        f"skills folder {path} (CAIRN_SKILLS__PATHS) does not exist or is not a folder: no skills loaded from it"
        for path in config.paths
        if not path.expanduser().is_dir()
    ]
    if config.include_system and config.system_path is not None and not config.system_path.expanduser().is_dir():
        lines.append(
            f"skills folder {config.system_path} (CAIRN_SKILLS__SYSTEM_PATH) does not exist or is not a folder"
        )
    lines += [f"skill {Path(p.path) / 'SKILL.md'} {p.reason}" for p in problems if not p.loaded]
    served = [p.name or Path(p.path).name for p in problems if p.loaded]
    if served:
        more = f" and {len(served) - SHOWN_NAMES} more" if len(served) > SHOWN_NAMES else ""
        lines.append(
            f"{len(served)} skill(s) served despite lint errors ({', '.join(served[:SHOWN_NAMES])}{more}); "
            "skills://problems says what each has"
        )
    return lines
