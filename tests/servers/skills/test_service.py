"""read_skill_file, activation, search and match through the domain API."""

from __future__ import annotations

import base64
from collections.abc import Callable
from pathlib import Path

import pytest

from servers.skills.models import SkillInputError
from servers.skills.service import SkillsService
from servers.suite.settings import CairnSettings
from tests.servers.skills.conftest import write_skill

BACKENDS = ("sqlite", "postgresql")  # every test here runs on both stores (see conftest)


@pytest.fixture
def folder(service: SkillsService, roots: dict[str, Path]) -> Path:
    folder = write_skill(roots["project"], "docs", body="# docs\n\nSee [the guide](references/guide.md).\n")
    (folder / "references").mkdir()
    (folder / "references" / "guide.md").write_text("# Guide\n\n使用说明\n", encoding="utf-8")
    (folder / "assets").mkdir()
    (folder / "assets" / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00binary")
    (roots["project"] / "secret.txt").write_text("outside")
    service.catalog.invalidate()
    return folder


def test_text_file(service: SkillsService, folder: Path) -> None:
    got = service.read_file("docs", "references/guide.md")
    assert (got.encoding, got.mime_type, got.content) == ("utf-8", "text/markdown", "# Guide\n\n使用说明\n")


def test_binary_file_comes_back_as_base64(service: SkillsService, folder: Path) -> None:
    got = service.read_file("docs", "assets/logo.png")
    assert got.encoding == "base64" and got.mime_type == "image/png"
    assert base64.b64decode(got.content).startswith(b"\x89PNG")


@pytest.mark.parametrize(
    "path", ["../secret.txt", "references/../../secret.txt", "/etc/passwd", "..", "./../secret.txt"]
)
def test_paths_outside_the_folder_are_refused(service: SkillsService, folder: Path, path: str) -> None:
    with pytest.raises(SkillInputError, match="outside the skill folder"):
        service.read_file("docs", path)


def test_symlink_out_of_the_folder_is_refused(service: SkillsService, folder: Path, roots: dict[str, Path]) -> None:
    (folder / "link.txt").symlink_to(roots["project"] / "secret.txt")
    with pytest.raises(SkillInputError, match="outside"):
        service.read_file("docs", "link.txt")


def test_missing_file_lists_what_exists(service: SkillsService, folder: Path) -> None:
    with pytest.raises(SkillInputError, match=r"references/guide\.md"):
        service.read_file("docs", "references/nope.md")


def test_size_limit(make_service: Callable[..., SkillsService], roots: dict[str, Path]) -> None:
    service = make_service(max_file_bytes=2048)
    folder = write_skill(roots["project"], "big")
    (folder / "data.txt").write_text("x" * 5000)
    with pytest.raises(SkillInputError, match="over the 2048-byte limit"):
        service.read_file("big", "data.txt")


def test_activate_lists_files_and_records_usage(service: SkillsService, folder: Path) -> None:
    got = service.activate("docs", session_id="s1")
    assert got.files == ["assets/logo.png", "references/guide.md"]
    assert "the guide" in got.body
    assert service.learning.stats("docs").skills[0].manual_activations == 1
    assert [e.type for e in service.bus.recent()] == ["skill.activated"]


def test_search_finds_by_typo_words_and_reports_degraded(service: SkillsService, roots: dict[str, Path]) -> None:
    write_skill(roots["project"], "systematic-debugging", "Find the root cause of bugs and test failures.")
    write_skill(roots["project"], "slides", "Create slide decks and presentations.")
    service.catalog.invalidate()
    by_name = service.search("systmatic debuging")
    assert by_name.results[0].name == "systematic-debugging"
    by_words = service.search("root cause of a failure")
    assert by_words.results[0].name == "systematic-debugging"
    assert by_words.degraded is not None and "keyword" in by_words.degraded
    with pytest.raises(SkillInputError):
        service.search("  ")


def test_semantic_search_crosses_languages(
    make_settings: Callable[..., CairnSettings], roots: dict[str, Path], embedder: object
) -> None:
    from servers.core.events import EventBus

    write_skill(roots["project"], "slides", "Create slide decks and presentations from an outline.")
    write_skill(roots["project"], "invoices", "Extract totals and VAT from invoices and receipts.")
    # The description vectors are cached in the service's database (BYTEA on PostgreSQL).
    service = SkillsService(make_settings(), embedder=embedder, bus=EventBus())  # type: ignore[arg-type]
    try:
        got = service.search("帮我做一个演示文稿")
        assert got.degraded is None
        assert got.results[0].name == "slides"
        assert any(w.startswith("meaning") for w in got.results[0].why)
        assert service.store.vectors([]) == {}
        assert int(service.db.scalar("SELECT COUNT(*) FROM vectors")) >= 2  # cached for the next search
    finally:
        service.close()


def test_match_records_auto_activations_and_unmatched_tasks(service: SkillsService, roots: dict[str, Path]) -> None:
    write_skill(roots["project"], "deploying", triggers={"intent_patterns": ["deploy"]}, cooldown=600)
    service.catalog.invalidate()
    first = service.match("deploy the app", session_id="s1")
    assert [m.name for m in first.matches] == ["deploying"] and "## Skill: deploying" in first.prompt
    assert service.match("deploy again", session_id="s1").matches == []  # cooling down in s1
    assert [m.name for m in service.match("deploy again", session_id="s2").matches] == ["deploying"]
    assert service.learning.stats("deploying").skills[0].auto_activations == 2
    assert service.store.unmatched("s1") == ["deploy again"]


def test_match_says_when_it_matched_on_keywords_only(service: SkillsService, roots: dict[str, Path]) -> None:
    write_skill(roots["project"], "pdf-forms", "Fill in PDF forms and extract form fields from PDF documents.")
    service.catalog.invalidate()
    result = service.match("fill the form fields in this PDF")
    assert [m.name for m in result.matches] == ["pdf-forms"]
    assert result.degraded is not None and "keywords only" in result.degraded
