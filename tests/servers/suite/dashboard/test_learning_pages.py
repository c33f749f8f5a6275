"""Learning pages: rules (approve, edit, roll back, deprecate), contradictions, beliefs (restate, remove)
and skill suggestions (preview, accept, dismiss); each change read back through the reflection tools."""

from __future__ import annotations

from pathlib import Path

import httpx
from fastmcp import Client

from tests.servers.suite.dashboard import seed
from tests.servers.suite.dashboard.conftest import Stack, post


async def test_rule_lifecycle_through_the_dashboard_and_the_tools(stack: Stack, ada: httpx.AsyncClient) -> None:
    rule_id = seed.rule(stack.reflection, "ada")
    page = f"/dashboard/learning/rules/{rule_id}"
    shown = await ada.get(page)
    assert "Run the tests before pushing" in shown.text and "probation" in shown.text
    assert (await post(ada, page, page + "/status", {"action": "approve"})).status_code == 303
    edited = await post(ada, page, page + "/edit", {"text": "Run the unit tests before pushing", "reason": "narrower"})
    assert edited.status_code == 303
    async with Client(stack.servers["reflection"]) as mcp:
        got = (await mcp.call_tool("rule_get", {"rule_id": rule_id, "user_id": "ada"})).data
        assert got.status == "active" and got.version == 2 and got.text == "Run the unit tests before pushing"
        log = (await mcp.call_tool("audit_log", {"subject_id": rule_id, "user_id": "ada"})).data
        assert {"status", "edited"} <= {e.action for e in log.entries}
        await mcp.call_tool(
            "rule_edit",
            {"rule_id": rule_id, "text": "Run all tests before pushing", "reason": "all of them", "user_id": "ada"},
        )
    assert "Run all tests before pushing" in (await ada.get(page)).text
    assert (await post(ada, page, page + "/rollback", {"version": "1"})).status_code == 303
    assert (await post(ada, page, page + "/status", {"action": "deprecate", "reason": "CI does it"})).status_code == 303
    rule = stack.reflection.rules.get("ada", rule_id)
    assert rule.text == "Run the tests before pushing" and rule.version == 4 and rule.status == "deprecated"


async def test_a_rollback_to_the_current_version_is_refused_with_a_reason(stack: Stack, ada: httpx.AsyncClient) -> None:
    rule_id = seed.rule(stack.reflection, "ada")
    page = f"/dashboard/learning/rules/{rule_id}"
    refused = await post(ada, page, page + "/rollback", {"version": "1"})
    assert refused.status_code == 409 and "already the current one" in refused.text


async def test_contradiction_decision(stack: Stack, ada: httpx.AsyncClient) -> None:
    rule_id = seed.rule(stack.reflection, "ada")
    report = seed.contradiction(stack.reflection, "ada", rule_id)
    page = await ada.get("/dashboard/learning")
    assert "Push first, test in CI" in page.text
    assert (
        await post(ada, "/dashboard/learning", f"/dashboard/learning/contradictions/{report}", {"action": "replace"})
    ).status_code == 303
    async with Client(stack.servers["reflection"]) as mcp:
        still_open = (await mcp.call_tool("contradictions_list", {"user_id": "ada"})).data
        assert not still_open.contradictions
    assert stack.reflection.rules.get("ada", rule_id).text == "Push first, test in CI"


async def test_beliefs_restated_and_removed(stack: Stack, ada: httpx.AsyncClient) -> None:
    async with Client(stack.servers["reflection"]) as mcp:
        await mcp.call_tool(
            "user_signal", {"dimension": "verbosity", "value": "long", "kind": "explicit", "user_id": "ada"}
        )
        await mcp.call_tool(
            "user_signal", {"dimension": "language", "value": "German", "kind": "explicit", "user_id": "ada"}
        )
        page = await ada.get("/dashboard/learning")
        assert "verbosity: long" in page.text and "confidence 0.71" in page.text
        restated = await post(
            ada, "/dashboard/learning", "/dashboard/learning/beliefs/verbosity/restate", {"value": "short"}
        )
        assert restated.status_code == 303
        removed = await post(ada, "/dashboard/learning", "/dashboard/learning/beliefs/language/remove")
        assert removed.status_code == 303
        model = (await mcp.call_tool("user_model_get", {"include_all": True, "user_id": "ada"})).data
        beliefs = {b.dimension: b for b in model.beliefs}
        assert beliefs["verbosity"].value == "short" and beliefs["verbosity"].reversed_from == "long"
        assert "language" not in beliefs
        log = (await mcp.call_tool("audit_log", {"subject_id": "language", "user_id": "ada"})).data
        assert log.entries[0].action == "removed" and log.entries[0].detail["value"] == "German"


async def test_suggestion_preview_accept_and_dismiss(stack: Stack, ada: httpx.AsyncClient) -> None:
    accepted = seed.suggestion(stack.reflection, "ada")
    preview = await ada.get(f"/dashboard/learning/suggestions/{accepted}")
    assert "name: release-check" in preview.text and "1. Run the tests." in preview.text
    done = await post(ada, preview.url.path, f"/dashboard/learning/suggestions/{accepted}/accept")
    assert done.status_code == 303
    async with Client(stack.servers["reflection"]) as mcp:
        listed = (await mcp.call_tool("skill_suggestions", {"status": "accepted", "user_id": "ada"})).data
        assert [s.id for s in listed.suggestions] == [accepted]
        assert Path(listed.suggestions[0].path).read_text(encoding="utf-8") == seed.SKILL_MD
    second = seed.suggestion(stack.reflection, "ada", ("Read", "Edit", "Bash"))
    again = await post(
        ada, f"/dashboard/learning/suggestions/{second}", f"/dashboard/learning/suggestions/{second}/dismiss"
    )
    assert again.status_code == 303
    assert stack.reflection.suggestions.all("ada", "dismissed")[0].id == second
