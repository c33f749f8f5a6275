"""The sign-in and "forgot password?" pages in a real headless Chromium, at desktop and phone widths: axe-core
finds no critical or serious violation, a wrong password and a password reset are done with the keyboard alone
(the error announced, the focus where the person goes on), and nothing scrolls sideways on a phone. Screenshots
go to tests/registry/artifacts/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from servers.auth.public import issue_recovery_codes
from tests.registry.conftest import Site
from tests.registry.test_browser import ARGS, ARTIFACTS, chromium, live  # noqa: F401  (fixtures)
from tests.servers.suite.dashboard.test_browser import axe_source, serious_violations  # noqa: F401  (fixture)

pytestmark = pytest.mark.slow


async def tab_until(page: Any, locator: Any, presses: int = 15) -> None:
    """Press Tab until ``locator`` has the focus (it must, within ``presses``)."""
    for _ in range(presses):
        if await locator.evaluate("e => e === document.activeElement"):
            return
        await page.keyboard.press("Tab")
    assert await locator.evaluate("e => e === document.activeElement"), "not reachable with Tab"


async def test_sign_in_and_recovery_pages_by_keyboard_at_desktop_and_phone_width(
    chromium: Path,  # noqa: F811
    axe_source: str,  # noqa: F811
    live: tuple[Site, str],  # noqa: F811
) -> None:
    from playwright.async_api import async_playwright, expect

    site, base = live
    assert site.reg.users is not None
    codes = issue_recovery_codes(site.reg.users, "ada")
    ARTIFACTS.mkdir(exist_ok=True)
    problems: dict[str, list[str]] = {}
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=str(chromium), args=ARGS)
        # axe is injected as a script, which the pages' policy (no script at all) would block.
        desktop = await browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
        page = await desktop.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))

        await page.goto(base + "/login?next=/publish")
        await expect(page.get_by_role("heading", level=1)).to_have_text("Sign in to allow Cairn skills registry")
        await expect(page.get_by_role("link", name="▲ Cairn skills")).to_be_visible()
        await expect(page.get_by_text("Publish skills to the registry")).to_be_visible()
        problems["desktop sign-in"] = await serious_violations(page, axe_source)

        # Keyboard only. The skip link comes first; the username has the focus on arrival; then the
        # password, "forgot password?", and the two decisions, in reading order.
        username, password = page.get_by_label("Username"), page.get_by_label("Password")
        await expect(username).to_be_focused()
        for target in [
            password,
            page.get_by_role("link", name="Forgot password?"),
            page.get_by_role("button", name="Sign in and allow"),
            page.get_by_role("button", name="Deny"),
            page.get_by_role("link", name="Create one"),
        ]:
            await page.keyboard.press("Tab")
            await expect(target).to_be_focused()
        await username.focus()
        await page.keyboard.type("ada")
        await page.keyboard.press("Tab")
        await page.keyboard.type("not the password")
        await page.keyboard.press("Enter")
        alert = page.get_by_role("alert")
        await expect(alert).to_have_text("Wrong username or password.")
        await expect(username).to_have_value("ada")
        await expect(password).to_be_focused()  # where the person goes on
        assert await password.get_attribute("aria-invalid") == "true"
        problems["desktop sign-in error"] = await serious_violations(page, axe_source)
        await page.screenshot(path=str(ARTIFACTS / "sign-in-error.png"), full_page=True)

        # Forgot password: reached by keyboard, filled in by keyboard.
        await tab_until(page, page.get_by_role("link", name="Forgot password?"))
        await page.keyboard.press("Enter")
        await expect(page.get_by_role("heading", level=1)).to_have_text("Reset your password")
        await expect(page.get_by_label("Username")).to_be_focused()
        problems["desktop recovery"] = await serious_violations(page, axe_source)
        await page.keyboard.type("ada")
        await page.keyboard.press("Tab")
        await page.keyboard.type("0000-0000-0000-0000")
        await page.keyboard.press("Tab")
        await page.keyboard.type("a brand new passphrase")
        await page.keyboard.press("Tab")
        await page.keyboard.type("a brand new passphrase")
        await page.keyboard.press("Enter")
        await expect(page.get_by_role("alert")).to_contain_text("does not match that username")
        await expect(page.get_by_label("Username")).to_be_focused()
        problems["desktop recovery error"] = await serious_violations(page, axe_source)
        await tab_until(page, page.get_by_label("Recovery code"))
        await page.keyboard.type(codes[0])
        await page.keyboard.press("Tab")
        await page.keyboard.type("a brand new passphrase")
        await page.keyboard.press("Tab")
        await page.keyboard.type("a brand new passphrase")
        await page.keyboard.press("Enter")
        await expect(page.get_by_role("heading", level=1)).to_have_text("Your password is changed")
        await expect(page.get_by_role("status")).to_contain_text("Sign in with your new password")
        problems["desktop recovered"] = await serious_violations(page, axe_source)

        # Back to the sign-in that sent us here, and in with the new password.
        await tab_until(page, page.get_by_role("link", name="Back to sign in"), 25)
        await page.keyboard.press("Enter")
        await expect(page.get_by_label("Username")).to_be_focused()
        await page.keyboard.type("ada")
        await page.keyboard.press("Tab")
        await page.keyboard.type("a brand new passphrase")
        await page.keyboard.press("Enter")
        await expect(page.get_by_role("heading", name="Publish a skill")).to_be_visible()

        phone = await browser.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, bypass_csp=True
        )
        small = await phone.new_page()
        small.on("pageerror", lambda exc: errors.append(str(exc)))
        for name, path in [("sign-in", "/login?next=/publish"), ("recovery", "/recover")]:
            await small.goto(base + path)
            await expect(small.get_by_role("heading", level=1)).to_be_visible()
            width = await small.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"{name} scrolls sideways on a phone ({width}px)"
            button = await small.get_by_role("button").first.bounding_box()
            assert button is not None and button["height"] >= 40  # a thumb-sized target
            problems[f"phone {name}"] = await serious_violations(small, axe_source)
            await small.screenshot(path=str(ARTIFACTS / f"{name}-phone.png"), full_page=True)
        await browser.close()
    assert not errors
    assert not any(problems.values()), {k: v for k, v in problems.items() if v}
