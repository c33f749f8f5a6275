"""Hard links into Cairn's data: found by the file's identity, by every tool, and only when one exists."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from servers.nodehost import files, identity, pinned
from servers.nodehost.argcheck import check_arguments
from servers.nodehost.errors import InputError, PolicyDenied
from servers.nodehost.paths import Workspace

LIMITS = files.Limits()


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    (tmp_path / "root" / "docs").mkdir(parents=True)
    (tmp_path / "home" / "nodehost").mkdir(parents=True)
    (tmp_path / "home" / "nodehost" / "token").write_text("the-nodehost-token\n")
    (tmp_path / "root" / "docs" / "readme.md").write_text("hello\n")
    return Workspace.create([tmp_path / "root"], [tmp_path / "home"])


def link_token(ws: Workspace, name: str = "docs/notes.txt") -> Path:
    link = Path(ws.primary) / name
    os.link(Path(ws.protected[0]) / "nodehost" / "token", link)
    return link


def test_none_of_cairns_files_has_a_second_name_until_one_is_made(ws: Workspace) -> None:
    assert identity.linked_files(ws.protected) == frozenset()
    link = link_token(ws)
    assert identity.linked_files(ws.protected) == {identity.identity(os.stat(link))}


def test_a_link_made_after_a_snapshot_is_still_seen(ws: Workspace) -> None:
    other = Path(ws.primary) / "docs" / "other.txt"
    other.write_text("x")
    os.link(other, Path(ws.primary) / "docs" / "other-again.txt")  # a second name, but not Cairn's
    assert not identity.is_linked_to(os.stat(other), ws.protected)  # takes a snapshot: nothing linked
    link = link_token(ws)  # changes the inode's ctime, so the snapshot is not trusted for it
    assert identity.is_linked_to(os.stat(link), ws.protected)


def test_the_workspace_refuses_to_read_a_hard_link(ws: Workspace) -> None:
    link_token(ws)
    for read in (
        lambda: ws.readable("docs/notes.txt"),
        lambda: ws.directory("docs/notes.txt"),
        lambda: files.read_file(ws, "docs/notes.txt", offset=1, limit=None, limits=LIMITS),
        lambda: files.edit_file(ws, "docs/notes.txt", [files.EditSpec("token", "x")], limits=LIMITS),
    ):
        with pytest.raises(InputError, match="hard link to a file inside Cairn's own data"):
            read()
    grep = files.grep_files(
        ws, "token", None, file_pattern=None, ignore_case=False, context=0, max_matches=10, limits=LIMITS
    )
    assert grep.matches == []
    assert [e.path for e in files.glob_files(ws, "**/*", None, limit=10).files] == ["docs/readme.md"]


def test_a_file_swapped_for_a_hard_link_after_the_check_is_not_read(ws: Workspace) -> None:
    checked = ws.readable("docs/readme.md")
    os.unlink(checked)
    link_token(ws, "docs/readme.md")
    with pytest.raises(InputError, match="Cairn's own data"):  # judged on the descriptor actually opened
        pinned.read_bytes(checked, 1000, refuse=ws.link_protection)


@pytest.mark.parametrize("sandboxed", [False, True])
@pytest.mark.parametrize(
    "argv",
    [
        ["cat", "docs/notes.txt"],
        ["date", "-fdocs/notes.txt"],
        ["grep", "--file=docs/notes.txt", "docs/readme.md"],
        ["grep", "-r", "x", "docs"],
        ["grep", "-r", "x"],
        ["diff", "-r", "docs", "docs"],
    ],
)
def test_arguments_reaching_a_hard_link_are_refused_sandbox_or_not(
    ws: Workspace, argv: list[str], sandboxed: bool
) -> None:
    link_token(ws)
    with pytest.raises(PolicyDenied, match="hard link to a file inside Cairn's own data"):
        check_arguments(argv, ws.primary, ws, program=argv[0], sandboxed=sandboxed)


def test_without_a_linked_file_recursion_is_not_searched(ws: Workspace) -> None:
    assert check_arguments(["grep", "-r", "x", "docs"], ws.primary, ws, program="grep", sandboxed=False) == ()
    assert check_arguments(["cat", "docs/readme.md"], ws.primary, ws, program="cat", sandboxed=False) == ()
