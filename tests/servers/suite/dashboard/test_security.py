"""Each user sees and changes only their own; forms need this session's CSRF token; what memories and
rules hold is shown as text; a sign-in without a write scope cannot change anything."""

from __future__ import annotations

import httpx
import pytest

from tests.servers.suite.dashboard import seed
from tests.servers.suite.dashboard.conftest import Stack, client, csrf_of, post, sign_in

JSON = {"accept": "application/json"}


@pytest.fixture
def adas(stack: Stack) -> dict[str, str]:
    """Ada's things, by kind: one of each the dashboard can show or change."""
    rule_id = seed.rule(stack.reflection, "ada")
    stack.reflection.users.signal("ada", "tone", "formal", "explicit")
    return {
        "memory": stack.memory.write("Ada's bank PIN hint: birthday", "ada").id,
        "rule": rule_id,
        "contradiction": seed.contradiction(stack.reflection, "ada", rule_id),
        "suggestion": seed.suggestion(stack.reflection, "ada"),
    }


async def test_another_users_ids_are_not_found(stack: Stack, adas: dict[str, str], bob: httpx.AsyncClient) -> None:
    reads = [f"/dashboard/memory/{adas['memory']}", f"/dashboard/learning/rules/{adas['rule']}"]
    reads.append(f"/dashboard/learning/suggestions/{adas['suggestion']}")
    for path in reads:
        as_json = await bob.get(path, headers=JSON)
        assert as_json.status_code == 404 and as_json.json()["error"] == "not_found", path
        as_html = await bob.get(path)
        assert as_html.status_code == 404 and "<h1>Not found</h1>" in as_html.text, path
        assert "bank PIN" not in as_html.text and "Run the tests" not in as_html.text
    changes = [
        (f"/dashboard/memory/{adas['memory']}/edit", {"content": "bob was here"}),
        (f"/dashboard/memory/{adas['memory']}/archive", {}),
        (f"/dashboard/memory/{adas['memory']}/delete", {}),
        (f"/dashboard/learning/rules/{adas['rule']}/status", {"action": "deprecate"}),
        (f"/dashboard/learning/rules/{adas['rule']}/edit", {"text": "bob was here"}),
        (f"/dashboard/learning/contradictions/{adas['contradiction']}", {"action": "dismiss"}),
        ("/dashboard/learning/beliefs/tone/remove", {}),
        (f"/dashboard/learning/suggestions/{adas['suggestion']}/dismiss", {}),
    ]
    for action, fields in changes:
        refused = await post(bob, "/dashboard/learning", action, fields)
        assert refused.status_code == 404, (action, refused.text)
    # and nothing of Ada's changed
    assert stack.memory.get(adas["memory"], "ada").content == "Ada's bank PIN hint: birthday"
    assert stack.memory.get(adas["memory"], "ada").archived_at is None
    rule = stack.reflection.rules.get("ada", adas["rule"])
    assert rule.status == "probation" and rule.version == 1
    assert [c.id for c in stack.reflection.contradictions("ada")] == [adas["contradiction"]]
    assert stack.reflection.users.get("ada").beliefs[0].value == "formal"
    assert stack.reflection.suggestions.all("ada", "open")[0].id == adas["suggestion"]
    listing = await bob.get("/dashboard/learning")
    assert "Run the tests" not in listing.text and "formal" not in listing.text


async def test_forms_need_this_sessions_csrf_token(stack: Stack, adas: dict[str, str], ada: httpx.AsyncClient) -> None:
    target = f"/dashboard/memory/{adas['memory']}/delete"
    missing = await ada.post(target, data={}, headers=JSON)
    assert missing.status_code == 403 and missing.json()["error"] == "csrf"
    async with client(stack.app) as other:  # a token from another session (Bob's) does not fit Ada's
        await sign_in(other, "bob")
        bobs = csrf_of(await other.get("/dashboard/memory"))
    assert (await ada.post(target, data={"csrf": bobs})).status_code == 403
    assert stack.memory.get(adas["memory"], "ada").archived_at is None
    assert (await post(ada, f"/dashboard/memory/{adas['memory']}", target)).status_code == 303


async def test_stored_text_is_shown_as_text(stack: Stack, ada: httpx.AsyncClient) -> None:
    attack = '<script>alert(1)</script><img src=x onerror=alert(2)>"><b>bold</b>'
    entry = stack.memory.write(attack, "ada").id
    seed.rule(stack.reflection, "ada", attack)
    for path in ("/dashboard/memory", f"/dashboard/memory/{entry}", "/dashboard/learning"):
        page = await ada.get(path)
        assert "<script>alert(1)" not in page.text and "<img src=x" not in page.text and "<b>bold" not in page.text
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page.text
        csp = page.headers["content-security-policy"]
        assert "default-src 'none'" in csp and "script-src" not in csp  # no script may run at all
        assert page.headers["cache-control"] == "private, no-store"
    searched = await ada.get("/dashboard/memory", params={"q": '"><script>x</script>'})
    assert "<script>x" not in searched.text


async def test_a_sign_in_without_write_scope_can_look_but_not_change(stack: Stack, adas: dict[str, str]) -> None:
    assert stack.issuer is not None
    stack.issuer.provider.store.set_scopes("ada", {"memory:read", "reflection:read", "scheduler:read"})
    async with client(stack.app) as http:
        await sign_in(http, "ada")
        page = f"/dashboard/memory/{adas['memory']}"
        assert (await http.get(page)).status_code == 200
        refused = await http.post(page + "/archive", data={"csrf": csrf_of(await http.get(page))}, headers=JSON)
        assert refused.status_code == 403 and refused.json()["error"] == "scope"
    assert stack.memory.get(adas["memory"], "ada").archived_at is None


async def test_stored_text_is_shown_as_text_on_the_memory_files_archive_and_pictures(
    stack: Stack, ada: httpx.AsyncClient
) -> None:
    attack = '<script>alert(1)</script><img src=x onerror=alert(2)>"><b>bold</b>'
    page = await ada.get("/dashboard/memory/longterm")
    link = "[click](javascript:alert(3))"
    await ada.post("/dashboard/memory/longterm", data={"csrf": csrf_of(page), "text": f"## Facts\n- {attack} {link}\n"})
    archived = stack.memory.write(attack, "ada").id
    stack.memory.archive(archived, "ada", attack)
    rule = seed.rule(stack.reflection, "ada", attack)
    stack.reflection.record_outcome("ada", f"rule:{rule}", True, None)
    today = stack.memory.written_per_day("ada")[-1][0]
    for path in (
        "/dashboard/memory/longterm",
        "/dashboard/memory/archived",
        f"/dashboard/memory/daily/{today}",
        "/dashboard/pictures",
    ):
        shown = await ada.get(path)
        assert shown.status_code == 200, path
        assert "<script>alert(1)" not in shown.text and "<img src=x" not in shown.text and "<b>bold" not in shown.text
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in shown.text, path
        assert 'href="javascript:' not in shown.text


async def test_a_read_only_sign_in_cannot_restore_save_memory_md_or_change_jobs(
    stack: Stack, adas: dict[str, str]
) -> None:
    assert stack.issuer is not None
    stack.memory.archive(adas["memory"], "ada")
    stack.issuer.provider.store.set_scopes("ada", {"memory:read", "reflection:read", "scheduler:read"})
    async with client(stack.app) as http:
        await sign_in(http, "ada")
        token = csrf_of(await http.get("/dashboard/memory/archived"))
        for action, fields in (
            (f"/dashboard/memory/{adas['memory']}/restore", {}),
            ("/dashboard/memory/longterm", {"text": "## Facts\n- not allowed\n"}),
            ("/dashboard/activity/jobs/job_x/pause", {}),
            ("/dashboard/activity/notifications/n_x/ack", {}),
            ("/dashboard/activity/runs/run_x/approve", {}),
        ):
            refused = await http.post(action, data={"csrf": token, **fields}, headers=JSON)
            assert refused.status_code == 403 and refused.json()["error"] == "scope", action
        page = await http.get("/dashboard/activity")
        assert "Acknowledge" not in page.text and "Pause" not in page.text
    assert stack.memory.get(adas["memory"], "ada").archived_at is not None
