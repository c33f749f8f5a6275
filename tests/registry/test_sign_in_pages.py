"""The built-in issuer's sign-in pages inside the registry website, and recovery codes from sign-up to reset:
the pages wear the website's header and link to its sign-up; sign-up shows ten codes once; the account page
counts and renews them; a code resets the password at /recover and ends the website session."""

from __future__ import annotations

import re
from collections.abc import Callable

import httpx

from tests.registry.conftest import Site

CODE = re.compile(r"\b[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}\b")


async def sign_in_page(site: Site) -> httpx.Response:
    """Where "Sign in" leads: the registry's /login, through /authorize, to the issuer's page."""
    response = await site.http.get("/login", params={"next": "/publish"})
    while response.status_code == 302:
        response = await site.http.get(response.headers["location"])
    return response


async def sign_up(site: Site, username: str, password: str) -> httpx.Response:
    form = await site.http.get("/signup")
    token = re.search(r'name="form_token" value="([^"]+)"', form.text)
    assert token, form.text
    data = {"form_token": token.group(1), "username": username, "password": password, "password2": password}
    return await site.http.post("/signup", data=data)


async def recover(site: Site, username: str, code: str, password: str) -> httpx.Response:
    page = await site.http.get("/recover")
    csrf = re.search(r"name='csrf' value='([^']+)'", page.text)
    assert page.status_code == 200 and csrf
    data = {"csrf": csrf.group(1), "username": username, "code": code, "password": password, "password2": password}
    return await site.http.post("/recover", data=data)


async def test_the_sign_in_page_wears_the_website_header_and_offers_sign_up(make_site: Callable[..., Site]) -> None:
    site = make_site()  # loopback: sign-up open
    async with site.http:
        page = await sign_in_page(site)
        assert page.status_code == 200
        text = page.text
        assert "<a class='brand' href='/'>▲ Cairn skills</a>" in text
        assert "<a href='/search'>Browse</a>" in text and "<a href='/marketplace'>Marketplace</a>" in text
        assert "Sign in to allow Cairn skills registry" in text
        assert "Publish skills to the registry" in text  # the scope, in words
        # Sign-up comes back to this sign-in; "forgot password?" too.
        assert re.search(r"href='/signup\?next=%2Fconsent%3Frequest%3D[\w-]+'>Create one</a>", text)
        assert re.search(r"/recover\?request=[\w-]+'>Forgot password\?</a>", text)
        # The website's own style sheet, allowed by its hash, and nothing else inline.
        assert "header.top{display:flex" in text
        assert "unsafe-inline" not in page.headers["content-security-policy"]
    site.reg.store.close()

    closed = make_site(base="https://skills.example.org")
    async with closed.http:
        text = (await sign_in_page(closed)).text
        assert "Forgot password?" in text and "/signup" not in text
    closed.reg.store.close()


async def test_recovery_codes_from_sign_up_to_a_reset(make_site: Callable[..., Site]) -> None:
    site = make_site()
    async with site.http:
        made = await sign_up(site, "grace", "a long passphrase")
        first = CODE.findall(made.text)
        assert made.status_code == 201 and len(set(first)) == 10

        account = await site.http.get("/account")
        assert "You have <strong>10</strong> unused recovery codes" in account.text
        assert not CODE.search(account.text)  # shown once, never again
        csrf = re.search(r'name="csrf" value="([^"]+)"', account.text)
        assert csrf
        renewed = await site.http.post("/account/recovery-codes", data={"csrf": csrf.group(1)})
        second = CODE.findall(renewed.text)
        assert renewed.status_code == 201 and len(set(second)) == 10 and not set(first) & set(second)
        assert "no-store" in renewed.headers["cache-control"]
        forged = await site.http.post("/account/recovery-codes", data={"csrf": "forged"})
        assert forged.status_code == 403

        assert (await recover(site, "grace", first[0], "a newer passphrase")).status_code == 401  # replaced
        done = await recover(site, "grace", second[0], "a newer passphrase")
        assert done.status_code == 200 and "You have 9 recovery codes left." in done.text
        assert "<a href='/login'>Sign in</a>" in done.text
        # The browser that was signed in is not any more.
        assert (await site.http.get("/account")).status_code == 303
        assert site.reg.users is not None
        from servers.auth.public import recovery_codes_left

        assert recovery_codes_left(site.reg.users, "grace") == 9
    site.reg.store.close()
