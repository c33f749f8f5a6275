"""Feedback, the score multiplier after 5 activations, adoption, timing and confirmed suggestions."""

from __future__ import annotations

from pathlib import Path

import pytest

from servers.skills import feedback, improve
from servers.skills.models import SkillInputError
from servers.skills.service import SkillsService
from servers.skills.storage.rows import SessionCounts
from tests.servers.skills.conftest import write_skill

BACKENDS = ("sqlite", "postgresql")  # every test here runs on both stores (see conftest)

BODY = "# deploying\n\nRun `make deploy-prod` then check `kubectl rollout status`.\nWatch canary metrics.\n"


@pytest.fixture
def svc(service: SkillsService, roots: dict[str, Path]) -> SkillsService:
    write_skill(roots["project"], "deploying", body=BODY, triggers={"intent_patterns": ["deploy"]})
    service.catalog.invalidate()
    return service


def test_multiplier_rules() -> None:
    assert feedback.multiplier(4, 1.0, 0, 4) == 1.0  # too few activations
    assert feedback.multiplier(5, 0.81, 0, 5) == 1.2
    assert feedback.multiplier(5, 0.8, 0, 5) == 1.0
    assert feedback.multiplier(6, 0.25, 3, 4) == 0.6
    assert feedback.multiplier(6, 0.0, 2, 2) == 1.0  # needs 3 not-helpful ratings
    stats = feedback.stats("x", {"auto": 4, "manual": 1, "helpful": 1, "partially_helpful": 2, "not_helpful": 1})
    assert stats.helpful_rate == 0.5 and stats.total_activations == 5


def test_feedback_changes_scores_only_after_five_activations(svc: SkillsService) -> None:
    for i in range(4):
        svc.match("deploy it", session_id=f"s{i}")
        svc.learning.feedback("deploying", "helpful", None, f"s{i}")
    assert svc.match("deploy it").matches[0].score == 0.5  # 4 activations so far: the 5th is this one
    assert svc.match("deploy it").matches[0].score == 0.6  # 5+ activations, helpful rate 1.0 → × 1.2
    for _ in range(5):
        svc.learning.feedback("deploying", "not_helpful", "wrong cluster", None)
    assert svc.learning.stats("deploying").skills[0].multiplier == 1.0  # 4/9 helpful: neither rule
    for _ in range(6):
        svc.learning.feedback("deploying", "not_helpful", None, None)
    assert svc.match("deploy it").matches == []  # 0.5 × 0.6 = 0.3 < threshold
    assert [e.type for e in svc.bus.recent(3)] == ["skill.feedback"] * 3


def test_adoption_needs_use_and_no_complaint() -> None:
    adopted, conf, signals = feedback.detect_adoption(
        BODY, "I ran make deploy-prod and kubectl rollout status.", ["thanks, works"]
    )
    assert adopted and conf >= 0.7
    assert {s.type for s in signals} >= {"code_pattern", "problem_solved"}
    adopted, _, signals = feedback.detect_adoption(
        BODY, "I ran make deploy-prod.", ["still failing with the same error"]
    )
    assert not adopted and signals[-1].type == "problem_persists"
    adopted, _, _ = feedback.detect_adoption(BODY, "Here is a poem about spring.", ["谢谢"])
    assert not adopted
    adopted, _, _ = feedback.detect_adoption(BODY, "运行 make deploy-prod 然后 kubectl rollout status", ["成功了"])
    assert adopted


def test_report_usage_asks_for_feedback_once_in_the_window(svc: SkillsService) -> None:
    svc.activate("deploying", session_id="s1")
    reply = "Run make deploy-prod, then kubectl rollout status."
    early = svc.learning.report_usage("deploying", "s1", reply, ["ok"])
    assert early.adopted and early.feedback_request is None  # 1 message: too early
    due = svc.learning.report_usage("deploying", "s1", reply, ["ok", "works now"])
    assert due.feedback_request is not None and "deploying" in due.feedback_request
    again = svc.learning.report_usage("deploying", "s1", reply, ["ok", "works now", "thanks"])
    assert again.feedback_request is None  # once per skill per session
    assert svc.learning.stats("deploying").skills[0].adoption_rate == 1.0


def test_auto_activation_under_0_8_is_not_asked_about(svc: SkillsService) -> None:
    svc.match("deploy", session_id="s9")  # score 0.5
    report = svc.learning.report_usage("deploying", "s9", "make deploy-prod", ["a", "b"])
    assert report.feedback_request is None


def test_missed_trigger_suggestion_applies_only_on_confirmation(svc: SkillsService, roots: dict[str, Path]) -> None:
    write_skill(roots["project"], "release-notes", "Write release notes from merged changes. Use when releasing.")
    svc.catalog.invalidate()
    for sid, task in (
        ("a", "summarise the merged PRs for the changelog"),
        ("b", "draft the changelog from merged PRs"),
    ):
        assert svc.match(task, session_id=sid).matches == []
        svc.activate("release-notes", session_id=sid)
        svc.learning.feedback("release-notes", "helpful", None, sid)
    [s] = svc.learning.suggestions("release-notes")
    assert s.type == "trigger_update" and "(?=.*changelog)" in s.suggested and "(?=.*merg)" in s.suggested
    preview = svc.learning.apply(s.id, "preview")
    assert not preview.applied and "intent_patterns" in preview.preview
    assert "intent_patterns" not in (roots["project"] / "release-notes" / "SKILL.md").read_text()
    done = svc.learning.apply(s.id, "apply")
    assert done.applied and done.suggestion.status == "applied"
    assert [m.name for m in svc.match("changelog for the merged PRs").matches] == ["release-notes"]
    with pytest.raises(SkillInputError, match="already applied"):
        svc.learning.apply(s.id, "apply")


def test_noisy_skill_gets_a_threshold_suggestion_copied_to_user_scope(
    service: SkillsService, roots: dict[str, Path]
) -> None:
    write_skill(roots["system"], "noisy", triggers={"intent_patterns": ["go"]})
    service.catalog.invalidate()
    for _ in range(3):
        service.learning.feedback("noisy", "not_helpful", None, None)
    [s] = service.learning.suggestions("noisy")
    assert (s.current, s.suggested) == ("confidence_threshold: 0.5", "confidence_threshold: 0.6")
    result = service.learning.apply(s.id, "apply")
    assert result.path == str(service.user_dir / "noisy" / "SKILL.md")
    assert service.get("noisy").scope == "user" and service.get("noisy").triggers.threshold == 0.6  # type: ignore[union-attr]
    assert "confidence_threshold" not in (roots["system"] / "noisy" / "SKILL.md").read_text()


def test_recommendation_follows_the_timing_rules(svc: SkillsService) -> None:
    tasks = ["convert the weekly sales csv to a chart", "convert the monthly sales csv to a chart"]
    for t in tasks:
        svc.match(t, session_id="r1")
    svc.activate("deploying", session_id="r1")
    first = svc.learning.report_usage("deploying", "r1", "done", [])
    assert first.recommendation is not None and first.recommendation.type == "new_skill"
    assert first.recommendation.confidence >= 0.7
    again = svc.learning.report_usage("deploying", "r1", "done", [])
    assert again.recommendation is None  # fewer than 10 messages since the last one
    applied = svc.learning.apply(first.recommendation.id, "apply")
    assert applied.applied and (svc.user_dir / first.recommendation.skill / "SKILL.md").exists()
    assert first.recommendation.skill in svc.library().skills


def test_recommendation_session_limits() -> None:
    assert improve.recommendation_due(
        SessionCounts(session_id="s", messages=3, recommendations=0, last_recommendation_at=None)
    )
    assert not improve.recommendation_due(
        SessionCounts(session_id="s", messages=12, recommendations=1, last_recommendation_at=5)
    )
    assert improve.recommendation_due(
        SessionCounts(session_id="s", messages=15, recommendations=1, last_recommendation_at=5)
    )
    assert not improve.recommendation_due(
        SessionCounts(session_id="s", messages=99, recommendations=3, last_recommendation_at=5)
    )
    assert improve.recurring_pattern(["alpha beta", "completely different"]) is None
