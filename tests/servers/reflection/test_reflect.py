"""Rule-based reflection: the five dimensions (outcome, efficiency, errors, strategies, gaps) and the four triggers."""

from __future__ import annotations

import pytest

from servers.reflection.models import TaskReport, TraceStep
from servers.reflection.reflect import analyse, task_id_for
from servers.reflection.service import ReflectionService
from tests.servers.reflection.conftest import lesson, report

BACKENDS = ("sqlite", "postgresql")  # every test here runs on both stores (see conftest)


def test_five_dimensions_from_a_trace() -> None:
    r = TaskReport(
        task="collect the latest news on solar panels",
        outcome="success",
        user_reaction="modified",
        trace=[
            TraceStep(tool="web_search", arguments={"q": "solar"}, duration_ms=200),
            TraceStep(tool="web_fetch", ok=False, error="Timeout after 30s", duration_ms=30000),
            TraceStep(tool="web_fetch", duration_ms=900),
            TraceStep(tool="web_search", arguments={"q": "solar"}, duration_ms=200),
        ],
    )
    outcome, efficiency, errors, strategies, _ = analyse(r, "post_task")
    assert outcome is not None and outcome.status == "success" and outcome.score == 0.75
    assert (
        efficiency is not None and efficiency.redundant_calls == ["web_search"] and efficiency.slowest == ["web_fetch"]
    )
    assert [(e.category, e.tool) for e in errors] == [("C", "web_fetch")]
    texts = [s.strategy for s in strategies]
    assert any("Retry `web_fetch` once" in t for t in texts)  # the retry worked: MEDIUM evidence
    assert any("Reuse the result of `web_search`" in t for t in texts)
    assert 1 <= len(strategies) <= 3


def test_error_categories_and_gaps() -> None:
    r = report(
        outcome="failed",
        steps=[
            ("lookup", "404 not found"),
            ("summarise", "maximum context length exceeded"),
            ("magic_tool", "unknown tool magic_tool"),
            ("file_write", "validation error: missing required field path"),
        ],
    )
    _, _, errors, strategies, gaps = analyse(r, "post_task")
    assert [e.category for e in errors] == ["A", "D", "C", "C"]
    assert all(e.severity == "MEDIUM" for e in errors)  # the task failed
    assert any("magic_tool" in g for g in gaps) and any("splitting" in g for g in gaps)
    assert all(s.confidence == "LOW" for s in strategies)  # nothing in the trace proves a fix worked


def test_error_trigger_is_the_fast_path() -> None:
    outcome, efficiency, errors, strategies, _ = analyse(report(steps=[("db", "permission denied")]), "error")
    assert outcome is None and efficiency is None
    assert errors and strategies


def test_security_error_gives_high_high_strategy() -> None:
    r = report(outcome="failed", steps=[("http_post", "refused: request body contains an API key")])
    _, _, errors, strategies, _ = analyse(r, "post_task")
    assert errors[0].severity == "HIGH"
    assert strategies[0].confidence == "HIGH" and strategies[0].severity == "HIGH"


def test_agent_lessons_and_feedback_come_first() -> None:
    r = report(
        steps=[("a", "timeout"), ("a", None)],
        strategies=[lesson("Plan the outline before searching")],
        user_feedback="Too long. Please always keep summaries under ten lines.",
        user_reaction="complained",
    )
    _, _, _, strategies, _ = analyse(r, "feedback")
    assert strategies[0].strategy == "Plan the outline before searching"
    # "Too long" is a belief (verbosity), not a strategy; the directive is kept in the user's words.
    assert strategies[1].strategy == "Always keep summaries under ten lines"
    assert strategies[1].confidence == "MEDIUM"


def test_every_directive_in_the_feedback_is_its_own_strategy() -> None:
    # Issue #21: only the first matching sentence ("Too long") used to become a strategy.
    r = report(user_feedback="Too long. I prefer bullet points, and never use emojis. 另外，不要用表情符号。")
    _, _, _, strategies, _ = analyse(r, "feedback")
    assert [s.strategy for s in strategies] == ["Never use emojis", "不要用表情符号"]


def test_task_id_is_stable_for_the_same_report() -> None:
    assert task_id_for(report(steps=[("a", None)])) == task_id_for(report(steps=[("a", None)]))
    assert task_id_for(report(task_id="abc")) == "abc"


def test_reflections_are_stored_scrubbed_and_listed(svc: ReflectionService) -> None:
    r = report(
        task="email alice@example.com the report, token sk-abcdefghijklmnop1234",
        steps=[("send_mail", "invalid recipient alice@example.com"), ("send_mail", None)],
    )
    stored = svc.reflect(r, "u1")
    assert "alice@example.com" not in stored.model_dump_json() and "sk-abcdef" not in stored.model_dump_json()
    assert [x.id for x in svc.reflections("u1")] == [stored.id]
    assert svc.reflections("someone-else") == []


def test_feedback_updates_the_user_model(svc: ReflectionService) -> None:
    svc.reflect(
        report(user_feedback="Please keep it short, as bullet points.", user_reaction="modified"), "u", "feedback"
    )
    beliefs = {b.dimension: b.value for b in svc.users.get("u").beliefs}
    assert beliefs == {"verbosity": "concise", "format": "bullet points"}


def test_feedback_is_read_sentence_by_sentence_and_one_task_counts_once(svc: ReflectionService) -> None:
    feedback = "Too long. I prefer bullet points, and never use emojis."
    for _ in range(2):  # the same task reflected twice is one source of evidence
        svc.reflect(report(task_id="t1", user_feedback=feedback, user_reaction="complained"), "u", "feedback")
    beliefs = {b.dimension: b for b in svc.users.get("u", include_all=True).beliefs}
    assert beliefs["verbosity"].value == "concise" and beliefs["format"].value == "bullet points"
    # One complaint (an edit-strength signal) is recorded, but alone it does not pass the 0.6 bar.
    assert beliefs["verbosity"].confidence == pytest.approx(0.6)
    assert [b.dimension for b in svc.users.get("u").beliefs] == ["format"]
    assert beliefs["format"].evidence_count == 1 and not beliefs["format"].confirmed
    assert beliefs["format"].confidence == pytest.approx(0.7125, abs=1e-3)
    svc.reflect(report(task_id="t2", user_feedback="我更喜欢要点。"), "u", "feedback")
    again = next(b for b in svc.users.get("u").beliefs if b.dimension == "format")
    assert again.evidence_count == 2 and again.confirmed  # a second, independent statement: 0.92


def test_periodic_review_finds_cross_task_problems(svc: ReflectionService) -> None:
    for i in range(4):
        svc.reflect(
            TaskReport(
                task=f"task {i}",
                trace=[
                    TraceStep(tool="web_search", duration_ms=5000),
                    TraceStep(tool="flaky_api", ok=i % 2 == 0, error=None if i % 2 == 0 else "HTTP 503"),
                    TraceStep(tool="write", duration_ms=100),
                ],
            ),
            "u",
        )
    review = svc.review_day("u")
    assert review.trigger == "periodic"
    assert review.efficiency is not None
    assert any("web_search" in n for n in review.efficiency.notes)
    assert any("flaky_api" in n for n in review.efficiency.notes)
    assert review.strategies and "web_search" in review.strategies[0].strategy
