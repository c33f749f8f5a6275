"""Over a token, what users typed stays theirs: sessions, missed-trigger suggestions and new-skill drafts.

Runs on both engines: the owner column is a migration of its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client

from servers.core.events import Event
from servers.core.principal import Principal, acting_as
from servers.skills.models import SkillInputError
from servers.skills.server import create_server
from servers.skills.service import SkillsService
from tests.servers.skills.conftest import write_skill

BACKENDS = ("sqlite", "postgresql")

ALICE = Principal("alice", frozenset({"skills:read", "skills:write"}))
BOB = Principal("bob", frozenset({"skills:read", "skills:write"}))
ADMIN = Principal("root", frozenset({"skills:read", "skills:write", "skills:admin"}))


@pytest.fixture
def svc(service: SkillsService, roots: dict[str, Path]) -> SkillsService:
    write_skill(roots["project"], "deploying", triggers={"intent_patterns": ["deploy"]})
    write_skill(roots["project"], "release-notes", "Write release notes from merged changes. Use when releasing.")
    service.catalog.invalidate()
    return service


def _draft_for(svc: SkillsService, session: str, user: str) -> str | None:
    """Two similar unmatched tasks with captured traces, then a usage report: the draft, if one is made."""
    for period in ("weekly", "monthly"):
        task = f"convert the {period} sales csv at /srv/{user}/private.csv to a chart"
        svc.match(task, session_id=session)
        trace: list[dict[str, Any]] = [
            {"tool": "read_csv", "arguments": f'{{"path": "/srv/{user}/p.csv"}}', "ok": True}
        ]
        payload = {"task": task, "outcome": "done", "trace": trace, "user_id": user}
        svc.learning.on_captured(Event("memory.captured", payload, session_id=session))
    svc.activate("deploying", session_id=session)
    report = svc.learning.report_usage("deploying", session, "done", [])
    return report.recommendation.suggested if report.recommendation else None


def test_a_draft_is_seen_and_applied_only_by_the_user_whose_tasks_it_quotes(svc: SkillsService) -> None:
    with acting_as(ALICE):
        draft = _draft_for(svc, "s1", "alice")
        assert draft is not None and "/srv/alice/" in draft  # the steps came from alice's captured traces
        [mine] = svc.learning.suggestions()
    with acting_as(BOB):
        assert svc.learning.suggestions() == []
        for action in ("preview", "apply", "dismiss"):
            with pytest.raises(SkillInputError, match="no suggestion"):
                svc.learning.apply(mine.id, action)  # type: ignore[arg-type]
    with acting_as(ADMIN):
        assert [s.id for s in svc.learning.suggestions()] == [mine.id]
    with acting_as(None):  # a trusted host (stdio) sees everything, as before
        assert [s.id for s in svc.learning.suggestions()] == [mine.id]
    with acting_as(ALICE):
        assert svc.learning.apply(mine.id, "preview").preview == mine.suggested


def test_the_same_session_id_is_two_sessions_for_two_users(svc: SkillsService) -> None:
    # Bob asks once in "s1"; alice's two similar tasks in her "s1" must not be joined by his.
    with acting_as(BOB):
        svc.match("convert the yearly sales csv at /srv/bob/secret.csv to a chart", session_id="s1")
    with acting_as(ALICE):
        draft = _draft_for(svc, "s1", "alice")
    assert draft is not None and "bob" not in draft
    with acting_as(BOB):  # bob has one unmatched task in his session: nothing recurring, no draft
        svc.activate("deploying", session_id="s1")
        assert svc.learning.report_usage("deploying", "s1", "done", []).recommendation is None


def test_missed_trigger_suggestions_quote_only_the_callers_tasks(svc: SkillsService) -> None:
    def helped(principal: Principal, sessions: dict[str, str]) -> None:
        with acting_as(principal):
            for sid, task in sessions.items():
                assert svc.match(task, session_id=sid).matches == []
                svc.activate("release-notes", session_id=sid)
                svc.learning.feedback("release-notes", "helpful", None, sid)

    helped(ALICE, {"a": "summarise the merged PRs for the changelog"})
    helped(BOB, {"b": "draft the changelog from merged PRs of project zeta"})
    # One task each: neither user alone has the two a missed trigger needs, though together they would.
    for who in (ALICE, BOB):
        with acting_as(who):
            assert svc.learning.suggestions("release-notes") == []
    helped(BOB, {"c": "write the changelog for merged PRs of project zeta"})
    with acting_as(BOB):
        [s] = svc.learning.suggestions("release-notes")
        assert s.type == "trigger_update" and "zeta" in s.reason and "summarise" not in s.reason
    with acting_as(ALICE):
        assert svc.learning.suggestions("release-notes") == []


def test_a_threshold_suggestion_from_aggregate_ratings_is_shared(svc: SkillsService) -> None:
    for who in (ALICE, BOB, ALICE):
        with acting_as(who):
            svc.learning.feedback("deploying", "not_helpful", None, None)
    for who in (ALICE, BOB):
        with acting_as(who):
            [s] = svc.learning.suggestions("deploying")
            assert s.suggested.startswith("confidence_threshold")


async def test_over_mcp_a_draft_is_hidden_from_another_token(svc: SkillsService) -> None:
    server = create_server(service=svc)
    with acting_as(ALICE):
        assert _draft_for(svc, "s9", "alice") is not None
        async with Client(server) as client:
            listed = (await client.call_tool("skill_suggestions", {})).structured_content
    assert listed is not None and len(listed["suggestions"]) == 1
    draft_id = listed["suggestions"][0]["id"]
    with acting_as(BOB):
        async with Client(server) as client:
            assert (await client.call_tool("skill_suggestions", {})).structured_content == {"suggestions": []}
            refused = await client.call_tool(
                "skill_apply_suggestion", {"id": draft_id, "action": "preview"}, raise_on_error=False
            )
    assert refused.is_error and "no suggestion" in str(refused.content[0])
