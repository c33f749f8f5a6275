"""The dashboard in a real headless Chromium (Debian's ``chromium`` driven by Playwright), at desktop and
phone widths: sign in on Cairn's consent page, every main page checked by axe-core (no critical or serious
violation), a memory archived with the keyboard alone, and no sideways scrolling on a phone.

axe-core comes from the npm registry into ``.cache/axe-core`` on first use; without npm the test skips."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from servers.suite.settings import CairnSettings
from tests.registry.test_browser import ARGS, chromium  # noqa: F401  (the fixture that finds or installs it)
from tests.servers.suite.dashboard import seed
from tests.servers.suite.dashboard.conftest import SCHEDULER, Stack, build_stack
from tests.support import free_port, serving_app

pytestmark = pytest.mark.slow
AXE_VERSION = "4.14.1"
AXE_CACHE = Path(__file__).resolve().parents[4] / ".cache" / "axe-core"
ARTIFACTS = Path(__file__).parent / "artifacts"


@pytest.fixture(scope="session")
def axe_source() -> str:
    script = AXE_CACHE / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip("npm is not installed: axe-core comes from the npm registry")
        AXE_CACHE.mkdir(parents=True, exist_ok=True)
        (AXE_CACHE / "package.json").write_text('{"name": "cairn-axe", "private": true}\n')
        done = subprocess.run(
            [npm, "install", "--no-audit", "--no-fund", f"axe-core@{AXE_VERSION}"],
            cwd=AXE_CACHE,
            capture_output=True,
            text=True,
            timeout=600,
        )
        if done.returncode != 0 or not script.exists():
            pytest.skip(f"axe-core could not be installed from npm: {done.stderr[-300:]}")
    return script.read_text(encoding="utf-8")


@pytest_asyncio.fixture
async def live(cairn_home: Path, embedder: Any) -> AsyncIterator[tuple[Stack, str, dict[str, str]]]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    settings = CairnSettings(home=cairn_home, scheduler=SCHEDULER)
    stack = build_stack(settings, embedder, auth="cairn", base=base)
    rule_id = seed.rule(stack.reflection, "ada")
    stack.reflection.rules.edit("ada", rule_id, "Run the unit tests before pushing", None, "narrower")
    seed.contradiction(stack.reflection, "ada", rule_id)
    stack.reflection.users.signal("ada", "verbosity", "short answers", "explicit")
    ids = {
        "rule": rule_id,
        "suggestion": seed.suggestion(stack.reflection, "ada"),
        "memory": stack.memory.write("The staging password rotates every Monday", "ada", type="fact").id,
    }
    stack.memory.write("Ada prefers tabs in Go code", "ada", type="preference")
    ids["archived"] = stack.memory.write("The old VPN host was vpn1", "ada", type="fact").id
    stack.memory.archive(ids["archived"], "ada", "replaced")
    stack.memory.recall("staging password", "ada", mode="keyword")
    for success in (True, True, False):
        stack.reflection.record_outcome("ada", f"rule:{rule_id}", success, None)
    skill = stack.skills.library().skills["release-check"]
    stack.skills.learning.activated(skill, None, "manual")
    stack.skills.learning.feedback("release-check", "helpful", None, None)
    # A job whose run waits for approval, and a notification not yet acknowledged.
    guarded = await stack.scheduler.create(_spec("guarded-deploy", approval_required=True), "ada")
    stack.scheduler.run_now(guarded.id, "ada")
    plants = await stack.scheduler.create(_spec("plants"), "ada")
    stack.scheduler.run_now(plants.id, "ada")
    await stack.scheduler.engine.run_once()
    ids["day"] = datetime.now(UTC).strftime("%Y-%m-%d")
    async with serving_app(stack.app, port) as served:
        yield stack, served, ids
    stack.memory.close()
    stack.reflection.close()
    stack.scheduler.close()
    stack.skills.close()


def _spec(name: str, **options: Any) -> Any:
    from servers.scheduler.models import JobSpec

    return JobSpec.model_validate(
        {"name": name, "schedule": {"cron": "0 9 * * 1"}, "action": {"type": "notify", "message": f"{name} says hi"}}
        | options
    )


async def tab_to(page: Any, target: Any, presses: int = 80) -> None:
    """Press Tab until ``target`` has the focus, as a keyboard user would; fail if it never does."""
    from playwright.async_api import expect

    for _ in range(presses):
        if await target.evaluate("e => e === document.activeElement"):
            break
        await page.keyboard.press("Tab")
    await expect(target).to_be_focused()


async def serious_violations(page: Any, axe: str) -> list[str]:
    await page.add_script_tag(content=axe)
    result = await page.evaluate("async () => await axe.run(document)")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"]
        if v["impact"] in ("critical", "serious")
    ]


async def test_pages_are_accessible_keyboard_usable_and_fit_a_phone(
    chromium: Path,  # noqa: F811
    axe_source: str,
    live: tuple[Stack, str, dict[str, str]],
) -> None:
    from playwright.async_api import async_playwright, expect

    stack, base, ids = live
    ARTIFACTS.mkdir(exist_ok=True)
    pages = {
        "memory": "/dashboard/memory",
        "search": "/dashboard/memory?q=staging+password",
        "entry": f"/dashboard/memory/{ids['memory']}",
        "learning": "/dashboard/learning",
        "rule": f"/dashboard/learning/rules/{ids['rule']}",
        "suggestion": f"/dashboard/learning/suggestions/{ids['suggestion']}",
        "activity": "/dashboard/activity",
        "memory.md": "/dashboard/memory/longterm",
        "days": "/dashboard/memory/daily",
        "day": f"/dashboard/memory/daily/{ids['day']}",
        "archived": "/dashboard/memory/archived",
        "archived entry": f"/dashboard/memory/{ids['archived']}",
        "pictures": "/dashboard/pictures",
    }
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=str(chromium), args=ARGS)
        # axe is injected as a script, which the dashboard's policy (no script at all) would block.
        desktop = await browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
        page = await desktop.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))

        await page.goto(base + "/dashboard/memory")
        await page.get_by_label("Username").fill("ada")
        await page.get_by_label("Password").fill("correct horse battery")
        await page.get_by_role("button", name="Allow").click()
        await expect(page.get_by_role("heading", name="Memory", exact=True)).to_be_visible()

        problems: dict[str, list[str]] = {}
        for name, path in pages.items():
            await page.goto(base + path)
            await expect(page.get_by_role("heading", level=1)).to_be_visible()
            found = await serious_violations(page, axe_source)
            if found:
                problems[f"desktop {name}"] = found
        await page.goto(base + pages["search"])
        await expect(page.get_by_text("Why it matched:").first).to_be_visible()
        await page.screenshot(path=str(ARTIFACTS / "memory-search.png"), full_page=True)

        # Keyboard only: skip link, search, open the first result, archive it.
        await page.goto(base + "/dashboard/memory")
        await page.keyboard.press("Tab")
        await expect(page.get_by_role("link", name="Skip to content")).to_be_focused()
        search = page.get_by_label("Search your memories")
        for _ in range(20):
            if await search.evaluate("e => e === document.activeElement"):
                break
            await page.keyboard.press("Tab")
        await expect(search).to_be_focused()
        await page.keyboard.type("staging password")
        await page.keyboard.press("Enter")
        result = page.get_by_role("link", name="The staging password rotates every Monday", exact=True)
        await expect(result).to_be_visible()
        for _ in range(40):
            if await result.evaluate("e => e === document.activeElement"):
                break
            await page.keyboard.press("Tab")
        await expect(result).to_be_focused()
        await page.keyboard.press("Enter")
        archive = page.get_by_role("button", name="Archive")
        for _ in range(40):
            if await archive.evaluate("e => e === document.activeElement"):
                break
            await page.keyboard.press("Tab")
        await expect(archive).to_be_focused()
        await page.keyboard.press("Enter")
        await expect(page.get_by_role("status")).to_have_text("Archived.")
        assert stack.memory.get(ids["memory"], "ada").archived_at is not None

        # Keyboard only: restore the archived memory, approve the waiting run, acknowledge the notification.
        await page.goto(base + pages["archived"])
        await tab_to(page, page.get_by_role("button", name="Restore: The old VPN host was vpn1"))
        await page.keyboard.press("Enter")
        await expect(page.get_by_role("status")).to_have_text("Restored: recalled again.")
        assert stack.memory.get(ids["archived"], "ada").archived_at is None
        await page.goto(base + pages["activity"])
        await tab_to(page, page.get_by_role("button", name=re.compile("^Approve the run of guarded-deploy")))
        await page.keyboard.press("Enter")
        await expect(page.get_by_role("status")).to_have_text("Approved: the run goes ahead.")
        await tab_to(page, page.get_by_role("button", name=re.compile("^Acknowledge: plants")))
        await page.keyboard.press("Enter")
        await expect(page.get_by_role("status")).to_have_text("Acknowledged.")
        assert stack.scheduler.notifications("ada") == []
        await tab_to(page, page.get_by_role("button", name="Pause plants"))
        await page.keyboard.press("Enter")
        await expect(page.get_by_role("status")).to_have_text("Paused: no runs until you resume it.")
        # Keyboard only: add a bullet to MEMORY.md and save it.
        await page.goto(base + pages["memory.md"])
        editor = page.get_by_label("The file")
        await tab_to(page, editor)
        await page.keyboard.press("Control+End")
        await page.keyboard.type("\n- Ada's desk is by the window\n")
        await tab_to(page, page.get_by_role("button", name="Save MEMORY.md"))
        await page.keyboard.press("Enter")
        await expect(page.get_by_role("status")).to_have_text("Saved: MEMORY.md was read back as your edit.")
        await expect(page.get_by_role("region", name="As your agent reads it")).to_contain_text("desk is by the window")
        await page.goto(base + pages["pictures"])
        await page.screenshot(path=str(ARTIFACTS / "pictures-desktop.png"), full_page=True)

        phone = await browser.new_context(
            viewport={"width": 390, "height": 844},
            is_mobile=True,
            bypass_csp=True,
            storage_state=await desktop.storage_state(),
        )
        small = await phone.new_page()
        for name, path in pages.items():
            await small.goto(base + path)
            await expect(small.get_by_role("heading", level=1)).to_be_visible()
            width = await small.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"{name} scrolls sideways on a phone ({width} px)"
            found = await serious_violations(small, axe_source)
            if found:
                problems[f"phone {name}"] = found
        await small.goto(base + pages["learning"])
        await small.screenshot(path=str(ARTIFACTS / "learning-phone.png"), full_page=True)
        await small.goto(base + pages["pictures"])
        await small.screenshot(path=str(ARTIFACTS / "pictures-phone.png"), full_page=True)
        await browser.close()
    assert not problems, problems
    assert not errors
