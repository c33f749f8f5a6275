"""`cairn data copy` moves the skills server's database and reflection into PostgreSQL: every table checks out,
the services on PostgreSQL see the same stats, rules and audit log, new rows inserted there after the copy get
fresh ids (the identity sequences were moved past the copied ones), and a second run copies nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from servers.core.events import EventBus
from servers.reflection.models import ProposedStrategy, TaskReport, TraceStep
from servers.reflection.service import ReflectionService
from servers.skills.service import SkillsService
from servers.suite.cli.main import main
from servers.suite.settings import CairnSettings, get_settings
from tests.servers.skills.conftest import write_skill

RULE = "Ask for the date range before searching news"


@pytest.fixture(autouse=True)
def fresh_settings() -> Iterator[None]:
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


def _settings(home: Path, url: str | None = None) -> CairnSettings:
    return CairnSettings(home=home, embedder="none", database_url=url, skills={"reload_check_s": 0})


def _fill(home: Path) -> str:
    """Skills usage, feedback, a disabled skill, session counters; reflection rules, outcomes, beliefs, audit."""
    write_skill(home / "skills" / "user", "deploying", triggers={"intent_patterns": ["deploy"]})
    write_skill(home / "skills" / "user", "drafting")
    skills = SkillsService(_settings(home), bus=EventBus())
    skills.activate("deploying", session_id="s1")
    skills.match("deploy the api", session_id="s1")
    skills.match("plan the offsite", session_id="s1")  # unmatched
    skills.learning.feedback("deploying", "helpful", "worked", "s1")
    skills.learning.report_usage("deploying", "s1", "done", ["ok", "thanks"])
    skills.set_enabled("drafting", "user", False)
    skills.close()

    reflection = ReflectionService(_settings(home), bus=EventBus(), llm=None)
    for task in ("t1", "t2", "t3"):
        trace = [TraceStep(tool="news_search"), TraceStep(tool="summarise")]
        strategies = [ProposedStrategy(strategy=RULE)]
        reflection.reflect(
            TaskReport(task=f"news {task}", outcome="success", trace=trace, strategies=strategies, task_id=task), "ada"
        )
    [rule] = reflection.rules.all("ada")
    reflection.record_outcome("ada", f"rule:{rule.id}", True, "t4")
    reflection.users.signal("ada", "verbosity", "concise", "explicit")
    reflection.close()
    return rule.id


def _copy(url: str, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["data", "copy", "--from", "sqlite", "--to", url, "-q"]) == 0
    summary: dict[str, Any] = json.loads(capsys.readouterr().out)
    return summary


def test_skills_and_reflection_move_and_keep_working(
    cairn_home: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    rule_id = _fill(cairn_home)
    before = SkillsService(_settings(cairn_home), bus=EventBus())
    stats_before = before.learning.stats().model_dump()
    before.close()

    summary = _copy(postgres_url, capsys)
    assert summary["ok"], summary
    tables = summary["tables"]
    assert {"skills.usage", "skills.feedback", "skills.sessions", "reflection.rules", "reflection.strategy_log"} <= set(
        tables
    )
    assert tables["skills.usage"]["copied"] == tables["skills.usage"]["source_rows"] == 2  # manual + auto
    assert tables["skills.disabled"]["copied"] == 1
    assert tables["reflection.strategies"]["copied"] == 3
    assert tables["reflection.strategy_log"]["copied"] == tables["reflection.strategy_log"]["source_rows"] > 0

    again = _copy(postgres_url, capsys)  # before anything is written on PostgreSQL: both sides still equal
    assert again["ok"]
    assert all(t["copied"] == 0 for name, t in again["tables"].items() if name.startswith(("skills.", "reflection.")))

    on_pg = _settings(cairn_home, postgres_url)
    skills = SkillsService(on_pg, bus=EventBus())
    try:
        assert skills.learning.stats().model_dump() == stats_before
        assert "drafting" not in skills.library().skills
        copied_max = max(u.id for u in skills.store.usages_for("deploying"))
        # The first insert after the copy: a fresh id, not one a copied row holds.
        assert skills.store.record_usage("deploying", "s2", "manual") == copied_max + 1
        skills.learning.feedback("deploying", "helpful", None, "s2")
        assert [f.comment for f in skills.store.feedback_for("deploying")] == ["worked", None]
    finally:
        skills.close()

    reflection = ReflectionService(on_pg, bus=EventBus(), llm=None)
    try:
        logged = reflection.store.audit_entries("ada", None, 100)
        assert reflection.rules.get("ada", rule_id).uses == 1
        reflection.record_outcome("ada", f"rule:{rule_id}", False, "t5")  # a new outcomes row
        reflection.users.signal("ada", "format", "table", "explicit")  # new signals and audit rows
        # A fourth task agreeing with the rule stores a new strategies row beside the copied ones.
        reflection.reflect(
            TaskReport(task="news t6", outcome="success", strategies=[ProposedStrategy(strategy=RULE)], task_id="t6"),
            "ada",
        )
        after = reflection.store.audit_entries("ada", None, 100)
        assert after[len(after) - len(logged) :] == logged  # the copied history, untouched, under the new entries
        assert after[0].seq > logged[0].seq
        assert reflection.store.outcome_counts("ada", f"rule:{rule_id}") == (2, 1)
    finally:
        reflection.close()
