"""Quality checks that need bytes, modes or sizes built at run time, plus link edge cases."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from lintkit import MakeSkill

from skillslint import lint_skill
from skillslint.checks import quality
from skillslint.checks.links import local_target
from skillslint.checks.mdrefs import extract


def codes(folder: Path) -> list[str]:
    return sorted(f.code for f in lint_skill(folder))


def test_oversized_file_is_a_warning(make_skill: MakeSkill, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(quality, "MAX_FILE_BYTES", 1_000)
    folder = make_skill(files={"assets/data.csv": "a,b\n" * 400})
    assert codes(folder) == ["SR309"]


def test_non_utf8_text_file_is_a_warning_and_binary_is_skipped(make_skill: MakeSkill) -> None:
    folder = make_skill(files={"references/notes.md": b"caf\xe9\n", "assets/logo.png": b"\x89PNG\0\0\xff"})
    findings = lint_skill(folder)
    assert [(f.code, f.path.name, f.line, f.col) for f in findings] == [("SR312", "notes.md", 1, 4)]


@pytest.mark.skipif(os.name == "nt", reason="POSIX file modes")
def test_shebang_scripts_need_the_executable_bit(make_skill: MakeSkill) -> None:
    folder = make_skill(
        files={
            "scripts/ok.sh": "#!/bin/sh\n",
            "scripts/bad.py": "#!/usr/bin/env python3\n",
            "scripts/lib.py": "x=1\n",
        },
        mode={"scripts/ok.sh": 0o755, "scripts/bad.py": 0o644},
    )
    assert [(f.code, f.path.name) for f in lint_skill(folder)] == [("SR308", "bad.py")]


def test_unreadable_file_is_a_finding(make_skill: MakeSkill, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = make_skill(files={"references/locked.md": "secret notes\n"})
    real = Path.read_bytes

    def deny(self: Path) -> bytes:
        if self.name == "locked.md":
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", deny)
    assert [(f.code, f.path.name) for f in lint_skill(folder)] == [("SR002", "locked.md")]


def test_links_in_referenced_files_are_checked_too(make_skill: MakeSkill) -> None:
    folder = make_skill(
        body="See [guide](references/guide.md).\n",
        files={"references/guide.md": "Also [gone](gone.md) and [up](../SKILL.md) and [out](../../x.md).\n"},
    )
    got = [(f.code, f.path.name) for f in lint_skill(folder)]
    assert got == [("SR301", "guide.md"), ("SR302", "guide.md")]


def test_reference_linked_from_skill_md_directly_is_not_deep(make_skill: MakeSkill) -> None:
    folder = make_skill(
        body="[a](references/a.md) and [b](references/b.md)\n",
        files={"references/a.md": "[b](b.md)\n", "references/b.md": "end\n"},
    )
    assert codes(folder) == []


def test_mentions_resolve_from_the_skill_root(make_skill: MakeSkill) -> None:
    folder = make_skill(
        body=(
            "Run `scripts/go.py`, then read references/deep/notes.md.\n"
            "A tool, e.g. `scripts/imaginary.py`, could help.\n"
        ),
        files={"scripts/go.py": "print()\n", "references/deep/notes.md": "x\n"},
    )
    assert codes(folder) == []


def test_link_forms(make_skill: MakeSkill) -> None:
    folder = make_skill(
        body=(
            "[a](<references/with space.md>) [b](references/with%20space.md#part) [c][ref]\n"
            '![img](assets/pic.png "title") [mail](mailto:x@y.z) [abs](/etc/passwd) [anchor](#top)\n'
            "`[not a link](nowhere.md)`\n"
            "~~~\n[fenced](nowhere.md)\n~~~\n"
            "[ref]: <references/with space.md>\n"
        ),
        files={"references/with space.md": "x\n", "assets/pic.png": b"\x89PNG\0"},
    )
    assert codes(folder) == []


def test_extract_positions_are_one_based() -> None:
    (ref,) = extract("intro\n\nSee [x](a/b.md) now.\n", first_line=10)
    assert (ref.target, ref.line, ref.col) == ("a/b.md", 12, 9)


@pytest.mark.parametrize(
    ("target", "local"),
    [
        ("https://x.org/a.md", None),
        ("#anchor", None),
        ("path/to/file.md", None),
        ("{{template}}.md", None),
        ("ref.md#sec", "ref.md"),
        ("my%20file.md", "my file.md"),
    ],
)
def test_local_target(target: str, local: str | None) -> None:
    assert local_target(target) == local


def test_token_estimate_counts_cjk_per_character() -> None:
    assert quality.estimate_tokens("abcd" * 10) == 10
    assert quality.estimate_tokens("调研" * 10) == 20


def test_description_title_and_when(make_skill: MakeSkill) -> None:
    title = make_skill("pdf", frontmatter="name: pdf\ndescription: PDF\n")
    assert codes(title) == ["SR307"]
    heading = make_skill(
        "pdf2",
        frontmatter="name: pdf2\ndescription: PDF Processing Toolkit Guide\n",
        body="# PDF Processing Toolkit Guide\n",
    )
    assert codes(heading) == ["SR307"]
    chinese = make_skill("cn", frontmatter="name: cn\ndescription: 当用户需要调研时使用。\n")
    assert codes(chinese) == []
