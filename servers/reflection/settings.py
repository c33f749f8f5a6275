"""Settings of the reflection server (``CAIRN_REFLECTION__<FIELD>``).

| variable                                        | default | meaning                                              |
|-------------------------------------------------|---------|------------------------------------------------------|
| ``CAIRN_REFLECTION__PROMOTION_COUNT``           | 3       | independent reflections before a strategy is a rule  |
| ``CAIRN_REFLECTION__PROBATION_USES``            | 5       | uses of a probation rule before it is judged         |
| ``CAIRN_REFLECTION__RULE_SUCCESS_THRESHOLD``    | 0.7     | success rate a probation rule needs to become active |
| ``CAIRN_REFLECTION__MUTATION_MIN_USES``         | 10      | uses before a skill or rule may be mutated           |
| ``CAIRN_REFLECTION__MUTATION_MIN_SUCCESS``      | 0.85    | success rate (last 20 uses) before mutation          |
| ``CAIRN_REFLECTION__AB_USES``                   | 10      | A/B uses (both arms together) before a decision      |
| ``CAIRN_REFLECTION__BELIEF_THRESHOLD``          | 0.6     | beliefs above this are returned by user_model_get    |
| ``CAIRN_REFLECTION__CONTRADICTION_RATIO``       | 0.3     | contradictions / evidence above this: needs confirmation |
| ``CAIRN_REFLECTION__PATTERN_MIN_OCCURRENCES``   | 3       | repeats before a question/failure/workflow is a pattern |
| ``CAIRN_REFLECTION__EXPERIENCE_ENABLED``        | true    | keep interaction patterns at all                     |
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from servers.core.settings import CoreSettings


class ReflectionSettings(BaseModel):
    """Thresholds of reflection, promotion, rules, mutations, the user model and pattern detection."""

    # Promotion
    promotion_count: int = Field(3, ge=1, description="Independent reflections proposing one strategy → rule.")
    strategy_similarity: float | None = Field(
        None, description="Cosine similarity for 'the same strategy'; None = the embedder's duplicate threshold."
    )
    lexical_similarity: float = Field(
        0.68, ge=0, le=1, description="rapidfuzz token-set ratio (0-1) for 'the same strategy' without vectors."
    )
    # Rules
    probation_uses: int = Field(5, ge=1, description="Uses of a probation rule before it is judged.")
    rule_success_threshold: float = Field(0.7, ge=0, le=1, description="Probation → active at or above this.")
    active_floor: float = Field(0.4, ge=0, le=1, description="An active rule below this (last N uses) is deprecated.")
    # Mutations
    mutation_min_uses: int = Field(10, ge=1)
    mutation_min_success: float = Field(0.85, ge=0, le=1)
    mutation_window: int = Field(20, ge=1, description="Recent uses the success rate is taken over.")
    ab_uses: int = Field(10, ge=2, description="Uses of both arms together before an A/B decision.")
    ab_max_rounds: int = Field(4, ge=1, description="Inconclusive rounds before the original is kept.")
    ab_z: float = Field(1.28, ge=0, description="z a keep/discard needs (1.28 ≈ one-sided 90 %).")
    min_improvement: float = Field(0.05, ge=0, le=1)
    tolerance: float = Field(0.05, ge=0, le=1)
    autonomous_experiments: bool = Field(False, description="Type D mutations start without approval.")
    # User model
    belief_threshold: float = Field(0.6, ge=0, le=1)
    belief_reliability: float = Field(
        0.75, gt=0, le=1, description="How often one signal of strength 1 alone is right about a preference."
    )
    confirmed_threshold: float = Field(0.9, ge=0, le=1)
    contradiction_ratio: float = Field(0.3, ge=0, le=1)
    choice_repeats: int = Field(3, ge=1, description="Consistent choices before they update a belief.")
    # Patterns and repeated workflows
    pattern_min_occurrences: int = Field(3, ge=2)
    workflow_min_steps: int = Field(2, ge=2)
    workflow_min_success: float = Field(0.7, ge=0, le=1)
    pattern_window_days: int = Field(30, ge=1, description="Traces older than this are not mined for patterns.")
    # Interaction experience
    experience_enabled: bool = Field(True, description="Extract and keep interaction patterns.")
    experience_reuse: float = Field(0.8, ge=0, le=1)
    experience_reference: float = Field(0.5, ge=0, le=1)
    max_report_steps: int = Field(500, ge=1)


class SkillPlaces(BaseModel):
    """Where the skills are that reflection checks a repeated workflow against (one already covering it is not
    suggested again): the skills server configures them; reflection only reads them."""

    model_config = ConfigDict(frozen=True)

    paths: tuple[Path, ...] = Field((), description="Project skill folders, searched first.")
    system_path: Path | None = Field(None, description="Built-in skills; None: the skills/ shipped with Cairn.")
    include_system: bool = Field(True, description="Whether the built-in skills count at all.")


class ReflectionServerSettings(CoreSettings):
    """What the reflection server reads: the shared settings and its own section."""

    reflection: ReflectionSettings = Field(default_factory=ReflectionSettings)

    def skill_places(self) -> SkillPlaces:
        """Reflection alone knows no skills server: the user's scope and the built-in skills. The suite, which
        configures both servers, answers with the skills server's folders."""
        return SkillPlaces()
