"""Provenance, verified publishers, reports and the smaller page fixes in a real headless Chromium, at desktop
and phone widths: a skill page shows its repository, licence, category and tags and the verified mark (a
copy under another name has none); code blocks are highlighted and scroll with the keyboard; task lists
show their boxes; a signed-in user reports a skill with the keyboard alone; the marketplace page fits a
390 px phone; axe-core finds no critical or serious violation. Screenshots go to tests/registry/artifacts/."""

from __future__ import annotations

from pathlib import Path

import pytest

from registry.auth import SESSION_COOKIE
from tests.registry.conftest import Site
from tests.registry.kit import tar_gz
from tests.registry.test_browser import ARGS, ARTIFACTS, chromium, live  # noqa: F401  (fixtures)
from tests.registry.test_browser_changes import _tab_to
from tests.registry.test_trust import APACHE
from tests.servers.suite.dashboard.test_browser import axe_source, serious_violations  # noqa: F401  (fixture)

pytestmark = pytest.mark.slow
LONG_CODE = "result = transform(" + ", ".join(f"argument_{i}" for i in range(40)) + ")"
BODY = f"""# PDF kit

Fill forms and merge PDF files.

```python
import pypdf  # reads the file
{LONG_CODE}
```

## Checklist

- [x] open the file
- [ ] merge the pages

| option | meaning |
|---|---|
| `--pages` | which pages to keep |
"""


def _skill(name: str) -> bytes:
    head = (
        f"---\nname: {name}\ndescription: Fill forms and merge PDF files. Use when asked about PDF files.\n"
        'license: Complete terms in LICENSE.txt\nmetadata:\n  version: "1.0.0"\n'
        "  repository: https://github.com/acme/pdf-kit\n---\n\n"
    )
    return tar_gz({f"{name}/SKILL.md": head + BODY, f"{name}/LICENSE.txt": APACHE})


async def test_provenance_verified_marks_code_and_reports_in_a_browser(
    chromium: Path,  # noqa: F811
    live: tuple[Site, str],  # noqa: F811
    axe_source: str,  # noqa: F811
) -> None:
    from playwright.async_api import async_playwright, expect

    site, base = live
    assert (await site.publish(_skill("pdf-kit"), site.token("acme-admin"), org="acme")).status_code == 201
    assert (await site.publish(_skill("pdf-kit-free"), site.token("mallory"))).status_code == 201
    site.reg.trust.verify_publisher("acme", "operator")
    ARTIFACTS.mkdir(exist_ok=True)
    problems: dict[str, list[str]] = {}
    errors: list[str] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=str(chromium), args=ARGS)
        desktop = await browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
        # A browser signed in as bea (the cookie the OAuth callback sets).
        await desktop.add_cookies([{"name": SESSION_COOKIE, "value": site.session("bea")[SESSION_COOKIE], "url": base}])
        page = await desktop.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        await page.goto(base + "/skills/pdf-kit")
        about = page.locator("section[aria-labelledby=h-about]")
        await expect(about.get_by_role("link", name="github.com/acme/pdf-kit")).to_have_attribute(
            "href", "https://github.com/acme/pdf-kit"
        )
        await expect(about.get_by_role("link", name="Apache-2.0")).to_be_visible()
        await expect(about.get_by_role("link", name="documents")).to_be_visible()  # the category
        await expect(about.get_by_role("link", name="pdf", exact=True)).to_be_visible()  # a tag
        await expect(page.locator("header .badge.ok")).to_contain_text("verified")
        await expect(page.locator(".markdown .kn", has_text="import")).to_be_visible()  # highlighted
        assert await page.locator(".markdown .kn").evaluate("e => getComputedStyle(e).color") != await page.locator(
            ".markdown .n"
        ).first.evaluate("e => getComputedStyle(e).color")
        await expect(page.locator("li.task").first).to_contain_text("open the file")

        # The code block takes the focus from the keyboard and scrolls sideways with the arrow keys.
        await _tab_to(page, ".markdown pre.code")
        assert await page.evaluate("document.activeElement.scrollLeft") == 0
        for _ in range(5):
            await page.keyboard.press("ArrowRight")
        # Chromium scrolls smoothly: wait for the scroll rather than read it at once.
        await page.wait_for_function("document.activeElement.scrollLeft > 0", timeout=5000)

        # Report the skill, keyboard only.
        await _tab_to(page, "#report summary")
        await page.keyboard.press("Enter")
        await page.keyboard.press("Tab")
        assert await page.evaluate("document.activeElement.id") == "report-reason"
        await page.keyboard.press("ArrowDown")  # the first reason (a select moves with the arrows)
        await page.keyboard.press("Tab")
        await page.keyboard.type("It asks for my password.")
        await page.keyboard.press("Tab")
        await page.keyboard.press("Enter")
        await expect(page.get_by_role("status").filter(has_text="You reported this skill")).to_be_visible()
        reports = site.reg.trust.rows.reports(name="pdf-kit")
        assert [(r.username, r.reason, r.text) for r in reports] == [("bea", "malicious", "It asks for my password.")]
        await page.screenshot(path=str(ARTIFACTS / "skill-provenance.png"), full_page=True)

        await page.goto(base + "/search?q=pdf+kit")
        cards = page.locator(".card")
        await expect(cards.filter(has_text="pdf-kit-free").locator(".badge.ok")).to_have_count(0)
        await expect(
            cards.filter(has=page.get_by_role("link", name="pdf-kit", exact=True)).locator(".badge.ok")
        ).to_have_count(1)
        await page.get_by_label("Licence").select_option("Apache-2.0")
        await page.get_by_role("button", name="Apply").press("Enter")
        await expect(page.get_by_role("status").first).to_have_text("2 skills")

        pages = {
            "skill": "/skills/pdf-kit",
            "copy": "/skills/pdf-kit-free",
            "search": "/search?q=pdf",
            "marketplace": "/marketplace",
            "file": "/skills/pdf-kit/v/1.0.0/files/LICENSE.txt",
        }
        for scheme in ("light", "dark"):
            await page.emulate_media(color_scheme=scheme)
            for name, path in pages.items():
                await page.goto(base + path)
                found = await serious_violations(page, axe_source)
                if found:
                    problems[f"desktop {scheme} {name}"] = found
        phone = await browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, bypass_csp=True)
        await phone.add_cookies([{"name": SESSION_COOKIE, "value": site.session("cy")[SESSION_COOKIE], "url": base}])
        small = await phone.new_page()
        small.on("pageerror", lambda exc: errors.append(str(exc)))
        for name, path in pages.items():
            await small.goto(base + path)
            width = await small.evaluate("document.documentElement.scrollWidth")
            wide = await small.evaluate(
                "[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 390)"
                ".map(e => e.tagName + '.' + e.className).slice(0, 6)"
            )
            assert width <= 390, f"{name} is {width}px wide on a 390px phone: {wide}"
            found = await serious_violations(small, axe_source)
            if found:
                problems[f"phone {name}"] = found
        await small.goto(base + "/skills/pdf-kit")
        await small.screenshot(path=str(ARTIFACTS / "skill-provenance-phone.png"), full_page=True)
        await small.goto(base + "/marketplace")
        await small.screenshot(path=str(ARTIFACTS / "marketplace-phone.png"), full_page=True)
        await browser.close()
    assert not errors
    assert not problems, problems
