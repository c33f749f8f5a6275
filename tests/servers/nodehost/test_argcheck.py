"""Which system_run arguments are paths, where they lead, and what words are left alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from servers.nodehost.argcheck import Outside, check_arguments, follows_links
from servers.nodehost.errors import PolicyDenied
from servers.nodehost.paths import Workspace


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    for folder in ("root/src", "home/auth", "elsewhere"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "elsewhere" / "notes.txt").write_text("x")
    return Workspace.create([tmp_path / "root"], [tmp_path / "home"])


def check(ws: Workspace, *argv: str, program: str = "cat", sandboxed: bool = False) -> tuple[Outside, ...]:
    return check_arguments([program, *argv], ws.primary, ws, program=program, sandboxed=sandboxed)


def test_words_numbers_options_and_urls_are_not_paths(ws: Workspace) -> None:
    words = ["hello", "-n", "--version", "42", "-5", "https://example.com/a/b", "+%Y/%m/%d", "/no/such/dir", "-"]
    assert check(ws, *words) == ()
    assert check(ws, "src", "./src/../src", "new/file.txt", "--out=src/x", "-fsrc/y") == ()


@pytest.mark.parametrize(
    "arg",
    [
        "{t}/elsewhere/notes.txt",
        "../elsewhere/notes.txt",
        "--file=../elsewhere/notes.txt",
        "-f../elsewhere/notes.txt",
        "-rf../elsewhere/notes.txt",
        "if=../elsewhere/notes.txt",
        "file://{t}/elsewhere/notes.txt",
        "../elsewhere/new.txt",  # not there yet, but its folder is: a program may create it
    ],
)
def test_paths_outside_in_every_shape_are_reported(ws: Workspace, tmp_path: Path, arg: str) -> None:
    arg = arg.format(t=tmp_path)
    [outside] = check(ws, arg)
    assert outside.arg == arg and outside.path.startswith(str(tmp_path / "elsewhere"))


def test_after_double_dash_an_argument_is_a_plain_path(ws: Workspace, tmp_path: Path) -> None:
    assert check(ws, "--", "../elsewhere/notes.txt") == (
        Outside("../elsewhere/notes.txt", str(tmp_path / "elsewhere" / "notes.txt")),
    )
    (Path(ws.primary) / "-f..").mkdir()
    assert check(ws, "--", "-f../x") == ()  # a file named '-f../x' inside the folder '-f..' of the root


@pytest.mark.parametrize(
    "arg", ["../home/auth", "-f../home/auth/k", "--key=../home/auth/k", "{t}/home", "~/home/x", "x=../home/k"]
)
def test_cairns_data_is_refused_in_every_shape(
    ws: Workspace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, arg: str
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))  # '~' is not expanded by the program, but is judged both ways
    with pytest.raises(PolicyDenied, match="inside Cairn's own data"):
        check(ws, arg.format(t=tmp_path))


def test_folders_holding_cairns_data_are_refused_unless_sandboxed(ws: Workspace, tmp_path: Path) -> None:
    for arg in ("..", "/", str(tmp_path), "-C..", "src/../.."):
        with pytest.raises(PolicyDenied, match="which holds Cairn's own data"):
            check(ws, arg)
    assert check(ws, "..", sandboxed=True) == (Outside("..", str(tmp_path)),)
    with pytest.raises(PolicyDenied, match=r"the run's folder .* holds Cairn's own data"):
        check_arguments(["ls"], str(tmp_path), ws, program="ls", sandboxed=False)


def test_link_following_options_are_recognised() -> None:
    assert follows_links("grep", ["-R", "x"]) and follows_links("grep", ["-inR", "x"])
    assert follows_links("grep", ["--dereference-recursive", "x"]) and follows_links("diff", ["-ru", "a", "b"])
    assert not follows_links("grep", ["-r", "x"]) and not follows_links("grep", ["--", "-R"])
    assert not follows_links("cat", ["-R"])


def test_link_scan_follows_links_inside_the_workspace(ws: Workspace, tmp_path: Path) -> None:
    root = Path(ws.primary)
    (root / "src" / "deep").mkdir()
    (root / "alias").symlink_to(root / "src")  # followed, and scanned once
    (root / "loop").symlink_to(root)  # a cycle does not hang the scan
    assert check(ws, "-R", "x", ".", program="grep") == ()
    (root / "src" / "deep" / "keys").symlink_to(tmp_path / "home" / "auth")
    with pytest.raises(PolicyDenied, match="deep/keys is a symlink to"):
        check(ws, "-R", "x", ".", program="grep")
    assert check(ws, "-r", "x", ".", program="grep") == ()


def test_relative_paths_start_at_the_runs_folder_not_the_servers(
    ws: Workspace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The server runs from the folder holding Cairn's data; "." and "src/.." are the run's folder all the same.
    monkeypatch.chdir(tmp_path)
    assert check(ws, ".") == ()
    assert check(ws, "-r", "x", ".", "src/..", program="grep") == ()
    sub = str(tmp_path / "root" / "src")
    assert check_arguments(["ls", "."], sub, ws, program="ls", sandboxed=False) == ()
    [outside] = check_arguments(["ls", "../../elsewhere"], sub, ws, program="ls", sandboxed=False)
    assert outside.path == str(tmp_path / "elsewhere")  # two up from the run's folder, not from the server's
