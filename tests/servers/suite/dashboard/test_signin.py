"""Signing in: Cairn's consent page (OAuth code + PKCE) for each user, one-time tickets from
``cairn dashboard``, loopback without sign-in for ``--auth none``, and foreign Host headers refused."""

from __future__ import annotations

import httpx

from servers.auth.client import _FormParser
from servers.suite.dashboard.app import SESSION_SECRET
from servers.suite.dashboard.session import KEY_FILE, Sessions
from tests.servers.suite.dashboard.conftest import Stack, client, sign_in


async def test_a_visitor_is_sent_to_sign_in_and_lands_on_the_page_asked_for(stack: Stack) -> None:
    async with client(stack.app) as http:
        first = await http.get("/dashboard/learning")
        assert first.status_code == 303 and first.headers["location"].startswith("/dashboard/login?next=")
        page = await sign_in(http, "ada")
        assert "Signed in as <strong>ada</strong>" in page.text
        learning = await http.get("/dashboard/learning")
        assert learning.status_code == 200 and "What your agent learned" in learning.text


async def test_a_wrong_password_gets_no_session(stack: Stack) -> None:
    async with client(stack.app) as http:
        page = await http.get("/dashboard/memory", follow_redirects=True)
        form = _FormParser()
        form.feed(page.text)
        assert form.action
        fields = {**form.fields, "username": "ada", "password": "not the password", "decision": "allow"}
        refused = await http.post(form.action, data=fields, follow_redirects=True)
        assert refused.status_code == 401 and "Wrong username or password" in refused.text
        assert (await http.get("/dashboard/memory")).status_code == 303  # still sent to sign in


def ticket_maker(stack: Stack) -> Sessions:
    assert stack.issuer is not None
    key = stack.issuer.provider.store.shared_secret(SESSION_SECRET, stack.settings.data_dir("dashboard") / KEY_FILE)
    return Sessions(key)


async def test_a_ticket_opens_the_dashboard_once(stack: Stack) -> None:
    ticket = ticket_maker(stack).ticket("bob")
    async with client(stack.app) as http:
        entered = await http.get(f"/dashboard/enter?ticket={ticket}")
        assert entered.status_code == 303
        page = await http.get("/dashboard/memory")
        assert "Signed in as <strong>bob</strong>" in page.text
    async with client(stack.app) as again:
        replay = await again.get(f"/dashboard/enter?ticket={ticket}", headers={"accept": "application/json"})
        assert replay.status_code == 403 and replay.json()["error"] == "ticket"


async def test_a_ticket_without_a_user_is_the_operator_and_a_forged_one_is_refused(stack: Stack) -> None:
    stack.issuer.provider.store.add_user("admin", "x")  # type: ignore[union-attr]
    async with client(stack.app) as http:
        await http.get(f"/dashboard/enter?ticket={ticket_maker(stack).ticket()}")
        assert "Signed in as <strong>admin</strong>" in (await http.get("/dashboard/memory")).text
    forged = Sessions(b"another key that is long enough to sign!").ticket("ada")
    async with client(stack.app) as http:
        assert (await http.get(f"/dashboard/enter?ticket={forged}")).status_code == 403


async def test_a_removed_user_is_signed_out_at_the_next_request(stack: Stack, ada: httpx.AsyncClient) -> None:
    assert (await ada.get("/dashboard/memory")).status_code == 200
    stack.issuer.provider.store.remove_user("ada")  # type: ignore[union-attr]
    assert (await ada.get("/dashboard/memory")).status_code == 303


async def test_without_auth_loopback_acts_as_the_default_user(open_stack: Stack) -> None:
    async with client(open_stack.app) as http:
        page = await http.get("/dashboard/memory", follow_redirects=True)
        assert page.status_code == 200 and "Signed in as <strong>default</strong>" in page.text
        assert (await http.get("/dashboard/login")).status_code == 404


async def test_a_foreign_host_name_is_refused(open_stack: Stack) -> None:
    # DNS rebinding: another site's name pointed at 127.0.0.1 must not read the dashboard.
    async with client(open_stack.app, "http://evil.example:8765") as http:
        page = await http.get("/dashboard/memory", follow_redirects=True)
        assert page.status_code == 421
