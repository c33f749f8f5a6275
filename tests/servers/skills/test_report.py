"""The skills server names at start what it could not load (servers/skills/report.py): a configured folder
that is not there, a SKILL.md that cannot be served and why, and a count of skills served with lint errors."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from fastmcp import Client

from servers.skills.report import load_report
from servers.skills.server import create_server
from servers.skills.service import SkillsService
from servers.suite.settings import CairnSettings
from tests.servers.skills.conftest import write_skill


@pytest.fixture
def settings(tmp_path: Path) -> CairnSettings:
    project = tmp_path / "project"
    write_skill(project, "fine-skill")
    broken = project / "broken-skill"
    broken.mkdir()
    (broken / "SKILL.md").write_text("no frontmatter here, only text\n", encoding="utf-8")
    write_skill(project, "odd-skill", "Has <html> in it, which breaks XML prompts.")  # served, with a lint error
    return CairnSettings(
        home=tmp_path / "home",
        embedder="none",
        skills={"paths": [project, tmp_path / "no-such-folder"], "include_system": False},
    )


def test_the_report_names_the_missing_folder_and_the_file_not_served(settings: CairnSettings, tmp_path: Path) -> None:
    service = SkillsService(settings)
    try:
        lines = load_report(service.config, service.library().problems)
    finally:
        service.close()
    missing = f"skills folder {tmp_path / 'no-such-folder'} (CAIRN_SKILLS__PATHS) does not exist"
    assert any(line.startswith(missing) for line in lines)
    broken = [line for line in lines if str(tmp_path / "project" / "broken-skill" / "SKILL.md") in line]
    assert len(broken) == 1 and "not served: the frontmatter could not be read" in broken[0]
    assert not any("fine-skill" in line for line in lines)
    assert any(line.startswith("1 skill(s) served despite lint errors (odd-skill)") for line in lines), lines


def test_a_clean_library_reports_nothing(tmp_path: Path) -> None:
    write_skill(tmp_path / "project", "fine-skill")
    clean = CairnSettings(
        home=tmp_path / "home", embedder="none", skills={"paths": [tmp_path / "project"], "include_system": False}
    )
    service = SkillsService(clean)
    try:
        assert load_report(service.config, service.library().problems) == []
    finally:
        service.close()


async def test_starting_the_server_logs_the_report(settings: CairnSettings, caplog: pytest.LogCaptureFixture) -> None:
    async with Client(create_server(settings)) as client:
        await client.list_tools()
        # The library loads in a thread the lifespan started before the client connected: wait for it if it
        # is still running (an event, not a time); a finished one has logged already.
        for thread in [t for t in threading.enumerate() if t.name == "skills-load"]:
            thread.join()
    assert "no-such-folder (CAIRN_SKILLS__PATHS) does not exist" in caplog.text
    assert "broken-skill" in caplog.text and "not served" in caplog.text
