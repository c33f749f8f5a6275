"""Root containment: traversal, absolute paths, symlinks, sibling prefixes, null bytes, devices, Cairn's data."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from servers.nodehost.errors import InputError
from servers.nodehost.paths import ConfigError, Workspace, choose_roots, is_within


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    (tmp_path / "root").mkdir()
    (tmp_path / "root" / "inside.txt").write_text("ok")
    (tmp_path / "root-evil").mkdir()
    (tmp_path / "root-evil" / "secret.txt").write_text("no")
    (tmp_path / "outside.txt").write_text("no")
    (tmp_path / "state").mkdir()
    return Workspace.create([tmp_path / "root"], [tmp_path / "state"])


def test_is_within_is_separator_aware() -> None:
    assert is_within("/a/b", "/a")
    assert is_within("/a", "/a")
    assert not is_within("/a-evil/x", "/a")
    assert not is_within("/ab", "/a")


def test_relative_paths_start_at_the_first_root(ws: Workspace) -> None:
    assert ws.readable("inside.txt") == os.path.join(ws.primary, "inside.txt")


@pytest.mark.parametrize("raw", ["../outside.txt", "sub/../../outside.txt", "./../root-evil/secret.txt"])
def test_dot_dot_traversal_is_refused(ws: Workspace, raw: str) -> None:
    with pytest.raises(InputError, match="outside the workspace"):
        ws.readable(raw)


def test_absolute_paths_outside_are_refused(ws: Workspace, tmp_path: Path) -> None:
    with pytest.raises(InputError, match="outside the workspace"):
        ws.readable(str(tmp_path / "outside.txt"))
    with pytest.raises(InputError, match="outside the workspace"):
        ws.readable("/etc/passwd")


def test_sibling_with_the_root_as_prefix_is_refused(ws: Workspace, tmp_path: Path) -> None:
    with pytest.raises(InputError, match="outside the workspace"):
        ws.readable(str(tmp_path / "root-evil" / "secret.txt"))


def test_symlinks_out_of_the_root_are_refused(ws: Workspace, tmp_path: Path) -> None:
    root = Path(ws.primary)
    (root / "link.txt").symlink_to(tmp_path / "outside.txt")
    (root / "linkdir").symlink_to(tmp_path / "root-evil")
    (root / "dangling").symlink_to(tmp_path / "not-yet-there.txt")
    for raw in ("link.txt", "linkdir/secret.txt"):
        with pytest.raises(InputError, match="outside the workspace"):
            ws.readable(raw)
    # A write through a dangling link would create a file outside: judged by where it points.
    path, inside = ws.writable("dangling")
    assert path == str(tmp_path / "not-yet-there.txt") and not inside


def test_symlinks_inside_the_root_are_followed(ws: Workspace) -> None:
    root = Path(ws.primary)
    (root / "alias.txt").symlink_to(root / "inside.txt")
    assert ws.readable("alias.txt") == str(root / "inside.txt")


def test_null_bytes_and_empty_paths_are_refused(ws: Workspace) -> None:
    with pytest.raises(InputError, match="null byte"):
        ws.readable("inside.txt\x00.png")
    with pytest.raises(InputError, match="empty"):
        ws.writable("  ")


def test_devices_fifos_and_directories_are_refused(ws: Workspace) -> None:
    root = Path(ws.primary)
    os.mkfifo(root / "pipe")
    (root / "null").symlink_to("/dev/null")
    with pytest.raises(InputError, match="FIFO"):
        ws.readable("pipe")
    with pytest.raises(InputError, match="FIFO"):
        ws.writable("pipe")
    with pytest.raises(InputError, match="outside the workspace"):
        ws.readable("null")  # /dev/null is outside; inside it would be refused as a device
    with pytest.raises(InputError, match="directory"):
        ws.readable(".")


def test_state_folder_is_refused_even_for_approved_writes(ws: Workspace, tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"inside Cairn.s own data .*: nodehost never reads or writes it"):
        ws.writable(str(tmp_path / "state" / "policy.yaml"))
    (Path(ws.primary) / "to-state").symlink_to(tmp_path / "state")
    with pytest.raises(InputError, match="inside Cairn's own data"):
        ws.writable("to-state/audit.jsonl")


def test_outside_writes_are_reported_not_refused(ws: Workspace, tmp_path: Path) -> None:
    path, inside = ws.writable(str(tmp_path / "new.txt"))
    assert (path, inside) == (str(tmp_path / "new.txt"), False)
    assert ws.writable("new.txt")[1] is True


def test_configured_root_may_hold_cairns_data_but_not_lie_inside_it(tmp_path: Path) -> None:
    (tmp_path / "s").mkdir()
    ws = choose_roots([tmp_path], configured_source="test", host_roots=None, cwd=tmp_path, protected=[tmp_path / "s"])
    assert ws.roots == (str(tmp_path),) and "that subtree is refused" in ws.notes[0]
    with pytest.raises(ConfigError, match="inside Cairn's own data"):
        choose_roots([tmp_path / "s"], configured_source="test", host_roots=None, cwd=tmp_path, protected=[tmp_path])
    with pytest.raises(ConfigError, match="filesystem root"):
        choose_roots([Path("/")], configured_source="test", host_roots=None, cwd=tmp_path, protected=[])
    with pytest.raises(ConfigError, match="not an existing directory"):
        choose_roots([tmp_path / "nope"], configured_source="test", host_roots=None, cwd=tmp_path, protected=[])


def test_a_cwd_holding_cairns_data_is_left_out_but_a_host_root_is_kept(tmp_path: Path) -> None:
    (tmp_path / "proj").mkdir()
    ws = choose_roots(None, configured_source="", host_roots=None, cwd=tmp_path, protected=[tmp_path / "state"])
    assert ws.roots == () and "contains Cairn's own data" in ws.notes[0]
    with pytest.raises(InputError, match="no workspace is configured"):
        ws.readable("x")
    hosted = choose_roots(
        None, configured_source="", host_roots=[tmp_path, tmp_path / "proj"], cwd=tmp_path, protected=[tmp_path / "s"]
    )
    assert hosted.roots == (str(tmp_path), str(tmp_path / "proj")) and hosted.source == "host"
    (tmp_path / "s" / "sub").mkdir(parents=True)
    inside = choose_roots(
        None, configured_source="", host_roots=[tmp_path / "s" / "sub"], cwd=tmp_path, protected=[tmp_path / "s"]
    )
    assert inside.roots == () and "inside Cairn's own data" in inside.notes[0]
