"""Interaction experience: extraction, scoring, reuse modes, evolution, admission, retirement."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from servers.core.storage.ids import now_iso
from servers.reflection.experience import signature
from servers.reflection.models import Experience
from servers.reflection.service import ReflectionService
from tests.servers.reflection.conftest import report

BACKENDS = ("sqlite", "postgresql")  # every test here runs on both stores (see conftest)

STEPS: list[tuple[str, str | None]] = [("pdf_read", None), ("summarise", None)]
TASK = "summarize the Acme contract report.pdf"


def _exp(svc: ReflectionService) -> Experience:
    svc.reflect(report(task=TASK, task_id="x1", steps=STEPS), "u")
    [exp] = svc.experiences.all("u")
    return exp


def test_extraction_from_success_only(svc: ReflectionService) -> None:
    svc.reflect(report(task=TASK, outcome="failed", task_id="f", steps=STEPS), "u")
    assert svc.experiences.all("u") == []
    exp = _exp(svc)
    assert exp.signature == signature(TASK) == "write:file:pdf+name"
    assert exp.tool_chain == ["pdf_read", "summarise"] and exp.status == "candidate"
    assert "acme" in exp.entities


def test_single_step_and_opted_out_tasks_are_not_kept(svc: ReflectionService) -> None:
    svc.reflect(report(task=TASK, task_id="a", steps=[("pdf_read", None)]), "u")
    svc.reflect(report(task=TASK, task_id="b", steps=STEPS, record_experience=False), "u")
    assert svc.experiences.all("u") == []


def test_scoring_parts_and_modes(svc: ReflectionService) -> None:
    exp = _exp(svc)
    found = svc.experiences.find("u", "summarise the contract report.pdf from Acme")  # the same request
    [m] = found.matches
    assert m.parts == {"signature": 0.1, "content": 0.6, "recency": 0.15, "success_rate": 0.15}
    assert m.score == 1.0 and m.mode == "reference"  # a candidate is never reused as is
    assert {"file:report.pdf", "w:acme"} <= set(m.shared)
    # Another document of the same client: the same kind of task, not the same task.
    [other] = svc.experiences.find("u", "summarize the Acme invoice.pdf").matches
    assert 0.5 <= other.score <= 0.8 and other.parts["content"] < 0.6
    for _ in range(2):
        svc.experiences.record_use("u", exp.id, True, None)
    assert svc.experiences.get("u", exp.id).status == "admitted"  # 3 successes, queried this week
    assert svc.experiences.find("u", TASK).advice == "reuse"
    assert svc.experiences.find("u", "summarize the Acme invoice.pdf").advice == "reference"
    assert svc.experiences.find("u", "schedule a weekly standup").advice == "plan_from_scratch"


def test_retirement_rules(svc: ReflectionService) -> None:
    exp = _exp(svc)
    for _ in range(6):
        exp = svc.experiences.record_use("u", exp.id, False, None)
    assert exp.status == "untrusted"
    assert svc.experiences.find("u", TASK).matches == []


def test_low_success_rate_becomes_draft(svc: ReflectionService) -> None:
    exp = _exp(svc)
    for ok in (False, True, False, False, False):
        exp = svc.experiences.record_use("u", exp.id, ok, None)
    assert exp.success_rate < 0.4 and exp.status == "draft"


def test_decay_and_archive(svc: ReflectionService) -> None:
    exp = _exp(svc)
    now = datetime.now(UTC)
    old = exp.model_copy(update={"updated_at": now_iso(now - timedelta(days=100))})
    assert svc.experiences.score(TASK, old, now)["success_rate"] == 0.0  # 1.0 × 0.8 is not > 0.8
    assert svc.experiences.score(TASK, old, now)["recency"] == 0.0
    ancient = exp.model_copy(update={"updated_at": now_iso(now - timedelta(days=181))})
    svc.experiences._save(ancient)
    assert svc.experiences.find("u", TASK).matches == []
    assert svc.experiences.get("u", exp.id).status == "archived"


def test_marked_useless_is_deleted(svc: ReflectionService) -> None:
    exp = _exp(svc)
    svc.experiences.delete("u", exp.id)
    assert svc.experiences.all("u") == []


def test_stored_experience_is_scrubbed(svc: ReflectionService) -> None:
    svc.reflect(report(task="email the Q3 report.pdf to jane@corp.example", task_id="m", steps=STEPS), "u")
    [exp] = svc.experiences.all("u")
    assert "jane" not in exp.model_dump_json()
