"""The registry on 127.0.0.1 with the skills server's install_skill tool and the `cairn skills` CLI."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
import pytest_asyncio
from fastmcp import Client
from fastmcp.exceptions import ToolError

from servers.core.events import EventBus
from servers.skills.server import create_server
from servers.skills.service import SkillsService
from servers.suite.cli.main import main
from servers.suite.settings import CairnSettings
from tests.registry.conftest import Site
from tests.registry.kit import skill_md
from tests.support import free_port, serving_app

pytestmark = pytest.mark.slow


@pytest_asyncio.fixture
async def live(make_site: Callable[..., Site]) -> AsyncIterator[tuple[Site, str]]:
    port = free_port()
    made = make_site(base=f"http://127.0.0.1:{port}")
    async with serving_app(made.app, port) as base:
        yield made, base
    await made.http.aclose()
    made.reg.store.close()


async def test_install_skill_tool_installs_from_the_registry(live: tuple[Site, str], tmp_path: Path) -> None:
    site, base = live
    folder = tmp_path / "src" / "pdf-tools"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(skill_md("pdf-tools", "1.0.0"), encoding="utf-8")
    from registry.seed import pack

    assert (await site.publish(pack(folder), site.token("ada"))).status_code == 201
    (folder / "SKILL.md").write_text(skill_md("pdf-tools", "1.1.0"), encoding="utf-8")
    assert (await site.publish(pack(folder), site.token("ada"))).status_code == 201
    reason = "leaks the input file — use 1.0.0"  # not ASCII: the header carries '?', the listing the real text
    await site.http.post("/api/v1/skills/pdf-tools/1.1.0/yank", headers=site.token("ada"), json={"reason": reason})

    settings = CairnSettings(
        home=tmp_path / "client",
        embedder="none",
        skills={"registry_url": base, "include_system": False, "reload_check_s": 0},
    )
    service = SkillsService(settings, bus=EventBus())
    try:
        async with Client(create_server(settings, service=service)) as client:
            got = (await client.call_tool("install_skill", {"source": "pdf-tools"})).structured_content
            assert got["version"] == "1.0.0"  # the yanked 1.1.0 is skipped
            assert not any("yanked" in w for w in got["warnings"])
            listed = (await site.http.get("/api/v1/skills/pdf-tools")).json()
            assert got["sha256"] == next(v["sha256"] for v in listed["versions"] if v["version"] == "1.0.0")
            pinned = await client.call_tool("install_skill", {"source": "pdf-tools@1.1.0", "overwrite": True})
            assert pinned.structured_content["version"] == "1.1.0"  # named explicitly: allowed, with a warning
            assert pinned.structured_content["warnings"][0] == (
                f"pdf-tools@1.1.0 is yanked by its publisher ({reason}); "
                "installed only because that version was asked for by number"
            )
            with pytest.raises(ToolError, match="no skill named"):
                await client.call_tool("install_skill", {"source": "no-such-skill"})
            active = (await client.call_tool("activate_skill", {"name": "pdf-tools"})).structured_content
            assert "pdf-tools" in str(active)
    finally:
        service.close()
    assert listed["downloads"] >= 1


async def test_cli_search_info_install_publish_yank(
    live: tuple[Site, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    site, base = live
    token, _ = site.reg.accounts.create_token("ada", "cli")
    monkeypatch.setenv("CAIRN_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CAIRN_REGISTRY__URL", base)
    monkeypatch.setenv("CAIRN_REGISTRY__TOKEN", token)
    from servers.suite.settings import get_settings

    get_settings.cache_clear()
    folder = tmp_path / "notes-helper"
    folder.mkdir()
    (folder / "SKILL.md").write_text(skill_md("notes-helper", "0.2.0"), encoding="utf-8")
    try:
        # the CLI is synchronous (httpx.Client): run it off the event loop that serves the registry
        import asyncio

        async def cli(*argv: str) -> int:
            return await asyncio.to_thread(main, list(argv))

        assert await cli("skills", "publish", str(folder), "--dry-run") == 0
        assert "checked (dry run)" in capsys.readouterr().out
        assert await cli("skills", "publish", str(folder)) == 0
        assert await cli("skills", "publish", str(folder)) == 1  # same version again
        assert "already published" in capsys.readouterr().err
        assert await cli("skills", "search", "notes helper") == 0
        assert capsys.readouterr().out.startswith("notes-helper@0.2.0")
        assert await cli("skills", "info", "notes-helper") == 0
        assert "sha256" in capsys.readouterr().out
        assert await cli("skills", "install", "notes-helper@0.2.0") == 0
        assert (tmp_path / "home" / "skills" / "user" / "notes-helper" / "SKILL.md").is_file()
        assert await cli("skills", "yank", "notes-helper@0.2.0", "--reason", "typo") == 0
        assert (await site.http.get("/api/v1/skills/notes-helper")).json()["versions"][0]["yanked"]
        assert await cli("skills", "install", "notes-helper", "--overwrite") == 1  # only a yanked version left
        assert "yanked" in capsys.readouterr().err
        assert await cli("skills", "install", "notes-helper@0.2.0", "--overwrite") == 0  # pinned: still installs
        assert "warning: notes-helper@0.2.0 is yanked by its publisher (typo)" in capsys.readouterr().err
    finally:
        get_settings.cache_clear()
