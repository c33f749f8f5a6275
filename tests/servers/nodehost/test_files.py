"""fs_read paging, atomic writes bound to the checked path, multi-edit all-or-nothing, glob and grep."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from servers.nodehost import pinned
from servers.nodehost.errors import InputError, TargetChanged
from servers.nodehost.files import EditSpec, Limits, edit_file, glob_files, grep_files, read_file, write_file
from servers.nodehost.paths import Workspace

LIMITS = Limits()


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    (tmp_path / "root").mkdir()
    return Workspace.create([tmp_path / "root"], [tmp_path / "state"])


def root_of(ws: Workspace) -> Path:
    return Path(ws.primary)


def test_read_numbers_lines_and_pages(ws: Workspace) -> None:
    (root_of(ws) / "big.txt").write_text("".join(f"row {i}\n" for i in range(1, 5001)))
    first = read_file(ws, "big.txt", offset=1, limit=None, limits=LIMITS)
    assert first.content.startswith("     1\trow 1\n     2\trow 2")
    assert (first.last_line, first.total_lines, first.next_offset) == (2000, 5000, 2001)
    assert first.content.endswith("(File has more lines. Use offset=2001 to read beyond line 2000)")
    tail = read_file(ws, "big.txt", offset=4999, limit=10, limits=LIMITS)
    assert tail.content.endswith("(End of file - total 5000 lines)") and tail.next_offset is None


def test_read_refuses_binary_and_oversized_files(ws: Workspace) -> None:
    (root_of(ws) / "img.bin").write_bytes(b"\x89PNG\x00\x01")
    with pytest.raises(InputError, match="binary"):
        read_file(ws, "img.bin", offset=1, limit=None, limits=LIMITS)
    (root_of(ws) / "huge.txt").write_bytes(b"a" * 2048)
    with pytest.raises(InputError, match="limit"):
        read_file(ws, "huge.txt", offset=1, limit=None, limits=Limits(max_file_bytes=1024))
    with pytest.raises(InputError, match="does not exist"):
        read_file(ws, "missing.txt", offset=1, limit=None, limits=LIMITS)


def test_write_creates_parents_atomically_and_keeps_the_mode(ws: Workspace) -> None:
    result = write_file(ws, "deep/er/new.txt", "one\ntwo\n")
    target = root_of(ws) / "deep" / "er" / "new.txt"
    assert result.created and result.lines == 2 and target.read_text() == "one\ntwo\n"
    os.chmod(target, 0o640)
    again = write_file(ws, "deep/er/new.txt", "three\n")
    assert not again.created and target.read_text() == "three\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert [p.name for p in target.parent.iterdir()] == ["new.txt"]  # no temp file left behind


def test_failed_write_leaves_the_original(ws: Workspace, monkeypatch: pytest.MonkeyPatch) -> None:
    target = root_of(ws) / "keep.txt"
    target.write_text("original")

    def broken_replace(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        write_file(ws, "keep.txt", "new")
    assert target.read_text() == "original"
    assert [p.name for p in root_of(ws).iterdir()] == ["keep.txt"]


def test_edit_preserves_crlf_and_returns_a_diff(ws: Workspace) -> None:
    target = root_of(ws) / "win.txt"
    target.write_bytes(b"alpha\r\nbeta\r\ngamma\r\n")
    result = edit_file(ws, "win.txt", [EditSpec("beta", "BETA")], limits=LIMITS)
    assert target.read_bytes() == b"alpha\r\nBETA\r\ngamma\r\n"
    assert result.line_endings == "CRLF" and (result.additions, result.deletions) == (1, 1)
    assert "-beta\n+BETA\n" in result.diff


def test_multi_edit_is_all_or_nothing_and_sequential(ws: Workspace) -> None:
    target = root_of(ws) / "m.py"
    target.write_text("x = 1\ny = 2\n")
    with pytest.raises(InputError, match=r"edit 2 of 2 failed.*not changed"):
        edit_file(ws, "m.py", [EditSpec("x = 1", "x = 10"), EditSpec("nope", "z")], limits=LIMITS)
    assert target.read_text() == "x = 1\ny = 2\n"
    result = edit_file(ws, "m.py", [EditSpec("x = 1", "x = 10"), EditSpec("x = 10", "x = 100")], limits=LIMITS)
    assert target.read_text() == "x = 100\ny = 2\n" and result.strategies == ["simple", "simple"]


def test_edit_of_a_missing_file_points_to_fs_write(ws: Workspace) -> None:
    with pytest.raises(InputError, match="fs_write"):
        edit_file(ws, "none.txt", [EditSpec("a", "b")], limits=LIMITS)


def test_glob_recurses_skips_noise_and_stays_inside(ws: Workspace, tmp_path: Path) -> None:
    root = root_of(ws)
    for rel in ("a.py", "pkg/b.py", "pkg/sub/c.py", "pkg/d.txt", ".git/x.py", "node_modules/m.py"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("x")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "o.py").write_text("x")
    (root / "escape").symlink_to(tmp_path / "outside")
    (root / "escape.py").symlink_to(tmp_path / "outside" / "o.py")
    names = {f.path for f in glob_files(ws, "*.py", None, limit=100).files}
    assert names == {"a.py", "pkg/b.py", "pkg/sub/c.py"}
    assert {f.path for f in glob_files(ws, "pkg/**/*.py", None, limit=100).files} == {"pkg/b.py", "pkg/sub/c.py"}
    assert {f.path for f in glob_files(ws, "pkg/?.*", None, limit=100).files} == {"pkg/b.py", "pkg/d.txt"}
    assert {f.path for f in glob_files(ws, "[!a]*.py", "pkg", limit=100).files} == {"b.py", "sub/c.py"}
    capped = glob_files(ws, "**/*", None, limit=2)
    assert capped.truncated and len(capped.files) == 2 and capped.total == 4 and "Showing 2 of 4" in (capped.note or "")


def test_glob_leaves_out_what_gitignore_ignores_unless_asked(ws: Workspace) -> None:
    root = root_of(ws)
    (root / ".gitignore").write_text("# build output\ndist/\n*.log\n!keep.log\n/notes.md\ndocs/generated/\ncache\n")
    for rel in (
        "README.md",
        "notes.md",  # anchored: only the root's
        "sub/notes.md",
        ".venv/lib/site-packages/pkg/README.md",  # always left out, listed or not
        "dist/README.md",
        "dist.md",  # 'dist/' names folders only
        "docs/guide.md",
        "docs/generated/api.md",
        "app.log",
        "keep.log",
        "src/cache/entry.md",  # a name without '/' at any depth
        "__pycache__/x.md",
        "node_modules/m/README.md",
    ):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("x")
    os.utime(root / ".venv/lib/site-packages/pkg/README.md", (2e9, 2e9))  # the newest: it would come first

    def listed(pattern: str, base: str | None = None, **options: bool) -> list[str]:
        return [f.path for f in glob_files(ws, pattern, base, limit=100, **options).files]

    assert sorted(listed("*.md")) == ["README.md", "dist.md", "docs/guide.md", "sub/notes.md"]
    assert sorted(listed("*.log")) == ["keep.log"]  # re-included by '!'
    assert listed("*.md", "docs") == ["guide.md"]  # rules stay relative to the root when searching below it
    everything = listed("*.md", include_ignored=True)
    assert everything[0] == ".venv/lib/site-packages/pkg/README.md"
    assert {"notes.md", "dist/README.md", "docs/generated/api.md", "src/cache/entry.md"} <= set(everything)
    assert not any(p.startswith(("__pycache__/", "node_modules/")) for p in everything)  # noise either way
    assert "include_ignored=true" in (glob_files(ws, "*.rs", None, limit=10).note or "")


def test_grep_context_filters_and_skips_binaries(ws: Workspace) -> None:
    root = root_of(ws)
    (root / "a.py").write_text("one\ntwo TODO fix\nthree\n")
    (root / "b.txt").write_text("TODO elsewhere\n")
    (root / "c.bin").write_bytes(b"TODO\x00binary")
    found = grep_files(ws, "todo", None, file_pattern="*.py", ignore_case=True, context=1, max_matches=10,
                       limits=LIMITS)  # fmt: skip
    assert [(m.path, m.line, m.before, m.after) for m in found.matches] == [("a.py", 2, ["one"], ["three"])]
    every = grep_files(ws, "TODO", None, file_pattern=None, ignore_case=False, context=0, max_matches=10,
                       limits=LIMITS)  # fmt: skip
    assert {m.path for m in every.matches} == {"a.py", "b.txt"} and every.files_skipped == 1
    few = grep_files(ws, "TODO", None, file_pattern=None, ignore_case=False, context=0, max_matches=1, limits=LIMITS)
    assert few.truncated and len(few.matches) == 1
    with pytest.raises(InputError, match="regular expression"):
        grep_files(ws, "(", None, file_pattern=None, ignore_case=False, context=0, max_matches=1, limits=LIMITS)


def test_a_folder_swapped_for_a_symlink_after_the_check_stops_the_write(ws: Workspace, tmp_path: Path) -> None:
    root = root_of(ws)
    (root / "sub").mkdir()
    checked = str(root / "sub" / "f.txt")  # the real path, as checked (and perhaps approved)
    (root / "sub").rmdir()
    (tmp_path / "elsewhere").mkdir()
    (root / "sub").symlink_to(tmp_path / "elsewhere")  # swapped in between
    with pytest.raises(TargetChanged, match="symlink appeared"):
        pinned.write_bytes(checked, b"data", umask=0o022)
    with pytest.raises(TargetChanged):
        pinned.read_bytes(checked, 1024)
    assert list((tmp_path / "elsewhere").iterdir()) == []


def test_a_file_swapped_for_a_symlink_is_neither_read_nor_replaced(ws: Workspace, tmp_path: Path) -> None:
    (tmp_path / "secret.txt").write_text("secret")
    target = root_of(ws) / "f.txt"
    target.symlink_to(tmp_path / "secret.txt")
    with pytest.raises(TargetChanged):
        pinned.read_bytes(str(target), 1024)
    with pytest.raises(TargetChanged):
        pinned.write_bytes(str(target), b"new", umask=0o022)
    assert (tmp_path / "secret.txt").read_text() == "secret" and target.is_symlink()


def test_a_write_goes_only_to_the_approved_path(ws: Workspace, tmp_path: Path) -> None:
    link = root_of(ws) / "out.txt"
    link.symlink_to(tmp_path / "b.txt")
    with pytest.raises(TargetChanged, match=r"changed while waiting for approval.*nothing written"):
        write_file(ws, "out.txt", "x", approved=str(tmp_path / "a.txt"))
    with pytest.raises(TargetChanged):
        edit_file(ws, "out.txt", [EditSpec("a", "b")], limits=LIMITS, approved=str(tmp_path / "a.txt"))
    assert not (tmp_path / "a.txt").exists() and not (tmp_path / "b.txt").exists()
