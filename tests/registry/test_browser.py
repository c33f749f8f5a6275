"""End to end in a real headless Chromium (Debian's ``chromium`` driven by Playwright): browse, search,
open a skill, sign in through the OAuth consent page, publish with a lint preview, yank. Screenshots of
the home and skill pages (desktop and phone) go to tests/registry/artifacts/."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from servers.auth.passwords import hash_password
from tests.registry.conftest import Site
from tests.registry.kit import skill_md, tar_gz
from tests.support import free_port, serving_app

pytestmark = pytest.mark.slow
CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).parent / "artifacts"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def chromium() -> Path:
    """Debian's chromium, installed with apt when missing (CI runs as root with Debian's mirror)."""
    if not CHROMIUM.exists():
        if shutil.which("apt-get") is None or os.geteuid() != 0:
            pytest.skip("chromium is not installed and apt-get cannot install it here")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env, timeout=600)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True, env=env, timeout=1200)
    return CHROMIUM


@pytest.fixture
def artifacts() -> Iterator[Path]:
    ARTIFACTS.mkdir(exist_ok=True)
    yield ARTIFACTS


@pytest_asyncio.fixture
async def live(make_site: Callable[..., Site], tmp_path: Path) -> AsyncIterator[tuple[Site, str]]:
    port = free_port()
    made = make_site(base=f"http://127.0.0.1:{port}")
    from servers.auth.authserver import open_store

    # The registry's own authorization server keeps users in the data dir beside it: add a publisher.

    auth_store, _ = open_store(tmp_path / "home" / "auth")
    auth_store.add_user("ada", hash_password("correct horse battery"))
    async with serving_app(made.app, port) as base:
        yield made, base
    await made.http.aclose()
    made.reg.store.close()


async def test_browse_search_sign_in_publish_and_yank(
    chromium: Path, live: tuple[Site, str], artifacts: Path, tmp_path: Path
) -> None:
    from playwright.async_api import async_playwright, expect

    site, base = live
    archive = tmp_path / "pdf-tools.tar.gz"
    body = "# PDF tools\n\nRead PDFs.\n\n<script>alert('x')</script>\n\n[click](javascript:alert(1))\n"
    archive.write_bytes(tar_gz({"pdf-tools/SKILL.md": skill_md("pdf-tools", "1.0.0", body=body, category="documents")}))
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=str(chromium), args=ARGS)
        page = await browser.new_page(viewport={"width": 1280, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))

        await page.goto(base + "/")
        await expect(page.get_by_role("heading", name="Skills for your agent")).to_be_visible()
        await expect(page.get_by_role("heading", name="Featured")).to_be_visible()
        await page.screenshot(path=str(artifacts / "home.png"), full_page=True)

        await page.get_by_label("Search skills", exact=True).first.fill("reserch")  # typo
        await page.get_by_label("Search skills", exact=True).first.press("Enter")
        await expect(page.get_by_role("status")).to_contain_text("skill")
        await page.get_by_role("link", name="deep-research").first.click()
        await expect(page.get_by_role("heading", level=1)).to_contain_text("deep-research")
        await expect(page.locator("pre code").first).to_contain_text("cairn skills install deep-research@1.0.0")
        await page.screenshot(path=str(artifacts / "skill.png"), full_page=True)
        await page.get_by_role("link", name="SKILL.md").click()
        await expect(page.locator("pre.file")).to_contain_text("name: deep-research")

        # sign in: the registry sends us to the authorization server's consent page
        await page.get_by_role("link", name="Publish").click()
        await page.get_by_label("Username").fill("ada")
        await page.get_by_label("Password").fill("correct horse battery")
        await page.get_by_role("button", name="Allow").click()
        await expect(page.get_by_role("heading", name="Publish a skill")).to_be_visible()
        await expect(page.get_by_role("link", name="ada")).to_be_visible()

        await page.get_by_label("Archive").set_input_files(str(archive))
        await page.get_by_role("button", name="Check the skill").click()
        await expect(page.get_by_role("heading", name="Publish pdf-tools 1.0.0?")).to_be_visible()
        await page.get_by_role("button", name="Publish", exact=True).click()
        await expect(page.get_by_role("heading", level=1)).to_contain_text("pdf-tools")
        # the published body is shown as text: no script element, no javascript: link
        assert await page.locator(".markdown script").count() == 0
        assert await page.locator(".markdown a[href^='javascript']").count() == 0
        await expect(page.locator(".markdown")).to_contain_text("<script>")

        await page.get_by_label("Reason (optional)").fill("wrong output")
        await page.get_by_role("button", name="Yank 1.0.0").click()
        await expect(page.get_by_role("note")).to_contain_text("This version is yanked")

        await page.goto(base + "/no-such-page")
        await expect(page.get_by_role("heading", name="Not found")).to_be_visible()

        phone = await browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
        await phone.goto(base + "/skills/deep-research")
        width = await phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390  # no sideways scrolling on a phone
        await phone.screenshot(path=str(artifacts / "skill-phone.png"), full_page=True)
        await browser.close()
    assert not errors
    detail = (await site.http.get("/api/v1/skills/pdf-tools")).json()
    assert detail["owner"] == "ada" and detail["versions"][0]["yanked"]
    assert detail["versions"][0]["yank_reason"] == "wrong output"


async def test_web_publish_without_a_declared_version_and_the_phone_install_box(
    chromium: Path, live: tuple[Site, str], tmp_path: Path
) -> None:
    """Most real skills carry no metadata.version: the form offers one, the publisher may change it. On a
    phone the install command and checksum come first, and the Copy button copies the command."""
    from playwright.async_api import async_playwright, expect

    site, base = live
    archive = tmp_path / "notes.tar.gz"
    long_body = "# Notes\n\n" + "A long line of guidance about taking notes.\n\n" * 400
    archive.write_bytes(tar_gz({"notes/SKILL.md": skill_md("notes", None, body=long_body)}))
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=str(chromium), args=ARGS)
        context = await browser.new_context(viewport={"width": 1280, "height": 900})
        page = await context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        await page.goto(base + "/publish")
        await page.get_by_label("Username").fill("ada")
        await page.get_by_label("Password").fill("correct horse battery")
        await page.get_by_role("button", name="Allow").click()
        await page.get_by_label("Archive").set_input_files(str(archive))
        await page.get_by_role("button", name="Check the skill").click()
        await expect(page.get_by_role("heading", name="Publish notes 1.0.0?")).to_be_visible()
        await expect(page.get_by_label("Version", exact=True)).to_have_value("1.0.0")
        await page.get_by_label("Version", exact=True).fill("0.9.0")
        await page.get_by_role("button", name="Publish", exact=True).click()
        await expect(page.get_by_role("heading", level=1)).to_contain_text("notes 0.9.0")
        await page.get_by_role("link", name="Publish a new version").click()
        await expect(page.get_by_label("Version (optional)")).to_have_value("0.9.1")

        phone = await browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        await phone.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
        small = await phone.new_page()
        small.on("pageerror", lambda exc: errors.append(str(exc)))
        await small.goto(base + "/skills/notes")
        install = small.locator("#install-cmd")
        box = await install.bounding_box()
        assert box is not None and box["y"] + box["height"] < 844  # on the first screen, above the SKILL.md
        sha = await small.locator("#sha").bounding_box()
        assert sha is not None and sha["y"] < 844
        markdown = await small.locator(".markdown").bounding_box()
        assert markdown is not None and markdown["y"] > box["y"]
        await small.get_by_role("button", name="Copy").first.click()
        await expect(small.get_by_role("status").last).to_have_text("Copied")
        copied = await small.evaluate("navigator.clipboard.readText()")
        assert copied == f"cairn skills install notes@0.9.0 --registry {base}"
        width = await small.evaluate("document.documentElement.scrollWidth")
        wide = await small.evaluate(
            "[...document.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > 390)"
            ".map(e => e.tagName + '.' + e.className + ' ' + e.getBoundingClientRect().right).slice(0, 8)"
        )
        assert width <= 390, wide
        await browser.close()
    assert not errors
    skill = site.reg.store.skill("notes")
    assert skill is not None and skill.latest == "0.9.0"


async def test_a_long_skill_page_loads_in_one_request_and_works_without_script(
    chromium: Path, live: tuple[Site, str]
) -> None:
    """Style and script are inline (the policy allows exactly them: no console errors); the SKILL.md's
    end, laid out only when scrolled to, is there and shows; with script off the page still reads."""
    from playwright.async_api import async_playwright, expect

    site, base = live
    body = "# Notes\n\n" + "".join(f"Paragraph {i} of guidance about taking notes.\n\n" for i in range(600))
    archive = tar_gz({"notes/SKILL.md": skill_md("notes", body=body + "The very last paragraph.\n")})
    assert (await site.publish(archive, site.token("ada"))).status_code == 201
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=str(chromium), args=ARGS)
        context = await browser.new_context(viewport={"width": 1280, "height": 900})
        page = await context.new_page()
        console: list[str] = []
        requests: list[str] = []
        page.on("console", lambda msg: console.append(msg.text) if msg.type == "error" else None)
        page.on("request", lambda request: requests.append(request.url.removeprefix(base)))
        await page.goto(base + "/skills/notes", wait_until="load")
        assert requests[0] == "/skills/notes" and set(requests[1:]) <= {"/static/favicon.svg"}, requests
        await expect(page.get_by_role("button", name="Copy").first).to_be_visible()  # the inline script ran
        assert await page.evaluate("getComputedStyle(document.querySelector('.install')).borderTopStyle") == "solid"
        last = page.get_by_text("The very last paragraph.")
        await last.scroll_into_view_if_needed()
        await expect(last).to_be_visible()
        assert not console, console

        quiet = await browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
        plain = await quiet.new_page()
        await plain.goto(base + "/skills/notes")
        await expect(plain.locator("#install-cmd")).to_have_text(f"cairn skills install notes@1.0.0 --registry {base}")
        await expect(plain.get_by_role("button", name="Copy")).to_have_count(0)  # hidden without script
        box = await plain.locator("#install-cmd").bounding_box()
        assert box is not None and box["y"] + box["height"] < 844
        await browser.close()
