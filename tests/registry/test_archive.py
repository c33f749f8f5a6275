"""Execute bits survive an upload: archives made by tar and zip from real files (a 0755 and a 0644 script) are
linted with their modes (SR308 only for the 0644 one) and the marketplace export hands the modes on."""

from __future__ import annotations

import gzip
import io
import os
import tarfile
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from registry.archive import Limits, read_archive
from tests.registry.conftest import Site
from tests.registry.kit import skill_md

LIMITS = Limits(200_000, 2_000_000, 50, 200_000, 100.0)
SCRIPT = "#!/usr/bin/env python3\nprint('hello')\n"
Pack = Callable[[Path], bytes]


def skill_folder(root: Path) -> Path:
    folder = root / "moded"
    (folder / "scripts").mkdir(parents=True)
    body = "# moded\n\nRun `scripts/run.py`, or `scripts/lazy.py`.\n"
    (folder / "SKILL.md").write_text(skill_md("moded", body=body), encoding="utf-8")
    for name, mode in (("run.py", 0o755), ("lazy.py", 0o644)):
        (folder / "scripts" / name).write_text(SCRIPT, encoding="utf-8")
        os.chmod(folder / "scripts" / name, mode)
    return folder


def tar_of(folder: Path) -> bytes:
    """What `tar czf` makes: entries with the files' own modes."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        tar.add(folder, arcname=folder.name)
    return buffer.getvalue()


def zip_of(folder: Path) -> bytes:
    """What `zip -r` makes on Unix: each entry's mode in the high half of external_attr."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted(folder.rglob("*")):
            zf.write(path, f"{folder.name}/{path.relative_to(folder).as_posix()}")
    return buffer.getvalue()


@pytest.mark.parametrize("pack", [tar_of, zip_of], ids=["tar.gz", "zip"])
def test_reading_keeps_which_files_are_executable(tmp_path: Path, pack: Pack) -> None:
    contents = read_archive(pack(skill_folder(tmp_path)), LIMITS)
    assert contents.executable == {"scripts/run.py"}
    assert (contents.mode("scripts/run.py"), contents.mode("scripts/lazy.py")) == (0o755, 0o644)


@pytest.mark.parametrize(("pack", "filename"), [(tar_of, "m.tar.gz"), (zip_of, "m.zip")], ids=["tar.gz", "zip"])
async def test_server_lint_sees_the_uploaded_modes(site: Site, tmp_path: Path, pack: Pack, filename: str) -> None:
    response = await site.publish(pack(skill_folder(tmp_path)), site.token("ada"), filename=filename)
    assert response.status_code == 201, response.text
    not_executable = [w["path"] for w in response.json()["warnings"] if w["code"] == "SR308"]
    assert not_executable == ["scripts/lazy.py"]
    shown = (await site.http.get("/api/v1/skills/moded/1.0.0")).json()["findings"]
    assert [f["path"] for f in shown if f["code"] == "SR308"] == ["scripts/lazy.py"]


async def test_marketplace_export_keeps_execute_bits(site: Site, tmp_path: Path) -> None:
    assert (await site.publish(tar_of(skill_folder(tmp_path)), site.token("ada"))).status_code == 201
    export = (await site.http.get("/marketplace.tar.gz")).content
    with tarfile.open(fileobj=io.BytesIO(gzip.decompress(export)), mode="r:") as tar:
        modes = {m.name.rsplit("/skills/moded/", 1)[-1]: m.mode for m in tar if "/skills/moded/scripts/" in m.name}
    assert modes == {"scripts/lazy.py": 0o644, "scripts/run.py": 0o755}
