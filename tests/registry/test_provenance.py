"""Provenance read from real public skills (../shared/corpus/skills, skipped without it) and from the forms
authors write: licences named in SKILL.md or recognised from the licence file the skill ships."""

from __future__ import annotations

from pathlib import Path

import pytest

from registry.provenance import ProvenanceError, license_id, normalise_url, read, recognise
from skillslint.frontmatter import load
from tests.conftest import REPO_ROOT

CORPUS = REPO_ROOT.parent / "shared" / "corpus" / "skills"


def _skill(folder: Path) -> tuple[dict[str, object], dict[str, bytes]]:
    doc = load(folder / "SKILL.md")
    files = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    return dict(doc.frontmatter) if isinstance(doc.frontmatter, dict) else {}, files


@pytest.mark.parametrize(
    ("folder", "licence", "licence_file"),
    [
        ("anthropics__skills/skills/mcp-builder", "Apache-2.0", "LICENSE.txt"),  # "Complete terms in LICENSE.txt"
        ("anthropics__skills/skills/pdf", "Proprietary", "LICENSE.txt"),  # "Proprietary. LICENSE.txt has …"
        ("openai__skills/skills/.curated/notion-research-documentation", "MIT", "LICENSE.txt"),
        ("obra__superpowers/skills/brainstorming", None, None),  # says nothing, ships nothing
    ],
)
def test_the_licence_of_corpus_skills(folder: str, licence: str | None, licence_file: str | None) -> None:
    if not (CORPUS / folder).is_dir():
        pytest.skip(f"the public skills corpus is not at {CORPUS}")
    frontmatter, files = _skill(CORPUS / folder)
    found = read(frontmatter, files)
    assert (found.license, found.license_file) == (licence, licence_file)


def test_every_corpus_licence_file_is_recognised() -> None:
    if not CORPUS.is_dir():
        pytest.skip(f"the public skills corpus is not at {CORPUS}")
    texts = list(CORPUS.rglob("LICENSE.txt"))
    assert len(texts) >= 20
    assert all(recognise(p.read_text(encoding="utf-8", errors="replace")) for p in texts)


def test_addresses_and_identifiers_as_authors_write_them() -> None:
    assert normalise_url("git@github.com:ada/memo.git") == "https://github.com/ada/memo"
    assert normalise_url("github.com/ada/memo/") == "https://github.com/ada/memo"
    assert normalise_url({"type": "git", "url": "git+https://gitlab.com/a/b.git"}) == "https://gitlab.com/a/b"
    for bad in (
        "javascript:alert(1)",
        "ftp://x.example/a",
        "not a url",
        42,
        "https://x.example/a b",
        "https://x.example/a/../b",
    ):
        assert normalise_url(bad) is None
    assert [license_id(t) for t in ("mit", "Apache 2.0", "GPL-3.0 OR MIT", "see the file")] == [
        "MIT",
        "Apache-2.0",
        "GPL-3.0 OR MIT",
        None,
    ]
    top = read({"license": "MIT", "homepage": "https://ada.example", "repository": "https://github.com/a/b"}, {})
    nested = read({"metadata": {"repository": "https://github.com/a/b", "license": "MIT"}}, {})
    assert (top.repository, top.homepage, top.license) == ("https://github.com/a/b", "https://ada.example", "MIT")
    assert (nested.repository, nested.license) == ("https://github.com/a/b", "MIT")
    long = read({"license": "Free for personal use; ask us about anything else " * 3}, {})
    assert long.license is not None and len(long.license) == 80 and long.license.endswith("…")
    with pytest.raises(ProvenanceError):
        read({}, {}, repository="file:///etc/passwd")
