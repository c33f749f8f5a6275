"""The version comparison page, the feeds' links and the dark colours in a real headless Chromium, at
desktop and phone widths: reached with the keyboard alone, axe-core finds no critical or serious violation
in the light or the dark scheme, and nothing scrolls sideways on a phone. Screenshots go to
tests/registry/artifacts/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.registry.conftest import Site
from tests.registry.kit import skill_md, tar_gz
from tests.registry.test_browser import ARGS, ARTIFACTS, chromium, live  # noqa: F401  (fixtures)
from tests.servers.suite.dashboard.test_browser import axe_source, serious_violations  # noqa: F401  (fixture)

pytestmark = pytest.mark.slow
LONG_LINE = "A single very long line of guidance without any break " * 8
V1 = {
    "toolbox/SKILL.md": skill_md("toolbox", "1.0.0", body=f"# Toolbox\n\nStep one.\nStep two.\n\n{LONG_LINE}\n"),
    "toolbox/references/guide.md": "# Guide\n\nOld advice.\n",
    "toolbox/assets/logo.png": b"\x89PNG\r\n\x1a\n\x00\x00\x00old",
}
V2 = {
    "toolbox/SKILL.md": skill_md(
        "toolbox", "1.1.0", body=f"# Toolbox\n\nStep one.\nStep two, carefully.\n\n{LONG_LINE}changed\n"
    ),
    "toolbox/scripts/check.sh": "echo checking\n",
    "toolbox/assets/logo.png": b"\x89PNG\r\n\x1a\n\x00\x00\x00new",
}
DARK_BACKGROUND = "rgb(13, 17, 23)"


async def _tab_to(page: Any, selector: str, limit: int = 120) -> None:
    """Press Tab until the element matching ``selector`` has the focus (fails if it never does)."""
    for _ in range(limit):
        await page.keyboard.press("Tab")
        if await page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"{selector} was not reached with Tab")


async def test_compare_versions_with_the_keyboard_in_both_schemes(
    chromium: Path,  # noqa: F811
    live: tuple[Site, str],  # noqa: F811
    axe_source: str,  # noqa: F811
) -> None:
    from playwright.async_api import async_playwright, expect

    site, base = live
    ada = site.token("ada")
    for files in (V1, V2):
        assert (await site.publish(tar_gz(files), ada)).status_code == 201
    diff_path = "/skills/toolbox/diff/1.0.0/1.1.0"
    ARTIFACTS.mkdir(exist_ok=True)
    problems: dict[str, list[str]] = {}
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=str(chromium), args=ARGS)
        errors: list[str] = []
        for scheme in ("light", "dark"):
            # axe is injected as a script, which the site's policy (only its own script, by hash) would block.
            desktop = await browser.new_context(
                viewport={"width": 1280, "height": 900}, color_scheme=scheme, bypass_csp=True
            )
            page = await desktop.new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            await page.goto(base + "/skills/toolbox")
            dark = await page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
            background = await page.evaluate("getComputedStyle(document.body).backgroundColor")
            assert dark == (scheme == "dark") and (background == DARK_BACKGROUND) == dark, background

            # From the top of the skill page to the comparison with the keyboard alone.
            await _tab_to(page, f'a[href="{diff_path}"]')
            await page.keyboard.press("Enter")
            await expect(page.get_by_role("heading", level=1)).to_have_text("toolbox: 1.0.0 → 1.1.0")
            await expect(page).to_have_url(base + diff_path)
            await expect(page.locator("pre.diff .del", has_text="-Step two.")).to_be_visible()
            await expect(page.locator("pre.diff .add", has_text="+Step two, carefully.")).to_be_visible()
            added = page.locator("pre.diff .add", has_text="carefully")
            assert await added.evaluate("e => getComputedStyle(e).display") == "block"  # coloured full width
            await expect(page.get_by_text("Binary file: sha256")).to_be_visible()
            await _tab_to(page, 'a[href="#file-1"]')
            await page.keyboard.press("Enter")
            # Following an in-page link updates the address a moment after the key press: wait for it.
            await expect(page).to_have_url(re.compile(r"#file-1$"))
            await page.screenshot(path=str(ARTIFACTS / f"diff-{scheme}.png"), full_page=True)

            # Another pair of versions through the form, still without a mouse.
            await page.get_by_label("From").select_option("1.1.0")
            await page.get_by_label("to", exact=True).select_option("1.0.0")
            await page.get_by_role("button", name="Compare").press("Enter")
            await expect(page.get_by_role("heading", level=1)).to_have_text("toolbox: 1.1.0 → 1.0.0")

            # The site's feeds, linked from every page's footer.
            await page.goto(base + "/")
            await _tab_to(page, 'a[href="/feeds/updates.atom"]')
            for name, path in (("home", "/"), ("skill", "/skills/toolbox"), ("diff", diff_path)):
                await page.goto(base + path)
                found = await serious_violations(page, axe_source)
                if found:
                    problems[f"desktop {scheme} {name}"] = found
            await page.goto(base + "/skills/toolbox")
            await page.screenshot(path=str(ARTIFACTS / f"skill-{scheme}.png"), full_page=True)

            phone = await browser.new_context(
                viewport={"width": 390, "height": 844}, is_mobile=True, color_scheme=scheme, bypass_csp=True
            )
            small = await phone.new_page()
            small.on("pageerror", lambda exc: errors.append(str(exc)))
            for name, path in (("skill", "/skills/toolbox"), ("diff", diff_path)):
                await small.goto(base + path)
                width = await small.evaluate("document.documentElement.scrollWidth")
                assert width <= 390, f"{scheme} {name} scrolls sideways on a phone: {width}px"
                found = await serious_violations(small, axe_source)
                if found:
                    problems[f"phone {scheme} {name}"] = found
            await small.goto(base + diff_path)
            await expect(small.locator("pre.diff .add").first).to_be_visible()
            await small.screenshot(path=str(ARTIFACTS / f"diff-phone-{scheme}.png"), full_page=True)
            await phone.close()
            await desktop.close()
        await browser.close()
    assert not errors
    assert not problems, problems
