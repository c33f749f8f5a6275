"""Settings of the skills server (``CAIRN_SKILLS__<FIELD>``).

| variable                         | default        | meaning                                                 |
|----------------------------------|----------------|---------------------------------------------------------|
| ``CAIRN_SKILLS__PATHS``          | ``[]``         | JSON list of project folders, each holding skill folders |
| ``CAIRN_SKILLS__SYSTEM_PATH``    | bundled        | built-in skills (system scope)                          |
| ``CAIRN_SKILLS__TOKEN_BUDGET``   | 4000           | tokens of skill bodies match_skills may inject          |
| ``CAIRN_SKILLS__RELOAD_CHECK_S`` | 1.0            | seconds between checks for edits (0 = every call)       |
| ``CAIRN_SKILLS__REGISTRY_URL``   | unset          | registry that ``install_skill(name[@version])`` uses    |

The user scope lives in ``$CAIRN_HOME/skills/user``; installs go there unless a call names a project folder.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, Field


class SkillsSettings(BaseModel):
    """Where skills come from, how many are injected, and the matcher's thresholds."""

    paths: list[Path] = Field(
        default_factory=list,
        description="Project scope: folders holding skill folders. An earlier folder wins over a later one.",
    )
    system_path: Path | None = Field(None, description="Built-in skills; unset = the skills/ shipped with Cairn.")
    include_system: bool = Field(True, description="Load the built-in skills at all.")

    token_budget: int = Field(
        4000, ge=100, description="Token budget of activated bodies in match_skills (000 §4.2.4)."
    )
    default_max_tokens: int = Field(2000, ge=50, description="A skill's body budget when it sets no max_tokens.")
    index_token_budget: int = Field(1200, ge=0, description="Tokens for the compact index of skills not activated.")
    max_activated: int = Field(3, ge=1, le=10, description="Skills activated by one match_skills call (000 §4.2.3).")
    default_threshold: float = Field(0.5, ge=0, le=1, description="confidence_threshold of skills that set none.")
    description_threshold: float = Field(
        0.67, ge=0, le=1, description="Coverage of the task's words a trigger-less skill's description needs."
    )

    reload_check_s: float = Field(1.0, ge=0, description="Seconds between checks of the skill folders for edits.")
    max_file_bytes: int = Field(1_000_000, ge=1024, description="Largest file read_skill_file returns.")
    semantic_search: bool = Field(True, description="search_skills also ranks by embedding similarity.")

    registry_url: str | None = Field(None, description="Registry base URL for installs by name (see README).")
    install_max_bytes: int = Field(20_000_000, ge=1024, description="Largest archive download or unpacked size.")
    install_timeout_s: float = Field(30.0, gt=0)
