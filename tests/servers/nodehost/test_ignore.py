"""The root .gitignore as git reads it: the escapes and trailing spaces a hand-written matcher got wrong, a
line git refuses, and a search started inside an ignored folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from servers.nodehost.files import glob_files
from servers.nodehost.ignore import parse
from servers.nodehost.paths import Workspace


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    (tmp_path / "root").mkdir()
    return Workspace.create([tmp_path / "root"], [tmp_path / "state"])


def listed(ws: Workspace, base: str | None = None) -> list[str]:
    return sorted(f.path for f in glob_files(ws, "*", base, limit=100).files)


def write(root: Path, *names: str) -> None:
    for name in names:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("x")


def test_escaped_wildcards_and_trailing_spaces_mean_themselves(ws: Workspace) -> None:
    root = Path(ws.primary)
    # '\?' is a literal question mark, '\ ' a kept trailing space, an unescaped trailing space is dropped.
    (root / ".gitignore").write_text("draft\\?.md\nspaced\\ \nplain.md   \n\\#hash.md\n\\!bang.md\n")
    write(root, "draft?.md", "draft1.md", "spaced ", "spaced", "plain.md", "#hash.md", "!bang.md")
    assert listed(ws) == [".gitignore", "draft1.md", "spaced"]


def test_character_ranges_and_double_stars(ws: Workspace) -> None:
    root = Path(ws.primary)
    (root / ".gitignore").write_text("log[0-9].txt\n[!a]x.txt\nsrc/**/gen/\n")
    write(root, "log1.txt", "logx.txt", "ax.txt", "bx.txt", "src/gen/a.py", "src/a/b/gen/c.py", "gen/d.py")
    assert listed(ws) == [".gitignore", "ax.txt", "gen/d.py", "logx.txt"]


def test_a_line_git_refuses_is_skipped_and_the_others_apply() -> None:
    spec = parse("!\n\\\n*.log\n")
    assert spec is not None and spec.match_file("a.log") and not spec.match_file("a.txt")
    assert parse("# only a comment\n\n") is None


def test_a_search_started_inside_an_ignored_folder_lists_its_files(ws: Workspace) -> None:
    root = Path(ws.primary)
    (root / ".gitignore").write_text("dist/\n")
    write(root, "dist/app.js", "dist/sub/b.js", "src/c.js")
    assert listed(ws) == [".gitignore", "src/c.js"]
    assert listed(ws, "dist") == ["app.js", "sub/b.js"]
