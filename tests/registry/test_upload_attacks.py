"""Hostile and broken uploads are refused with a clear error, and nothing of them is stored."""

from __future__ import annotations

import gzip
import io
import os
import tarfile
import zipfile

import pytest

from registry.blobs import FileBlobStore
from tests.registry.conftest import Site
from tests.registry.kit import skill_archive, skill_md, tar_gz, zip_bytes

GOOD = skill_md("evil", "1.0.0")


def _blobs(site: Site) -> int:
    blobs = site.reg.store.blobs
    assert isinstance(blobs, FileBlobStore)
    return sum(1 for p in blobs.root.rglob("*") if p.is_file())


@pytest.mark.parametrize(
    ("name", "data", "code"),
    [
        ("zip-slip zip", zip_bytes({"SKILL.md": GOOD, "../../outside.txt": "x"}), "unsafe_path"),
        ("zip-slip tar", tar_gz({"SKILL.md": GOOD, "scripts/../../x.sh": "x"}), "unsafe_path"),
        ("absolute path", tar_gz({"SKILL.md": GOOD, "/etc/cron.d/x": "x"}), "unsafe_path"),
        ("windows path", zip_bytes({"SKILL.md": GOOD, "..\\x.txt": "x"}), "unsafe_path"),
        ("zip symlink", zip_bytes({"SKILL.md": GOOD}, symlinks={"link": "/etc/passwd"}), "symlink"),
        ("tar symlink", tar_gz({"SKILL.md": GOOD}, links={"refs": "/etc"}), "symlink"),
        ("tar hard link", tar_gz({"SKILL.md": GOOD}, links={"h": "/etc/passwd"}, hard=True), "symlink"),
        ("no SKILL.md", tar_gz({"README.md": "hi"}), "no_skill"),
        ("two skills", tar_gz({"a/SKILL.md": skill_md("a"), "b/SKILL.md": skill_md("b")}), "multiple_skills"),
        ("not an archive", b"just some text, not a zip", "bad_archive"),
        ("truncated gzip", skill_archive("evil")[:40], "bad_archive"),
        (
            "native binary",
            tar_gz({"SKILL.md": GOOD, "scripts/tool": b"\x7fELF\x02\x01\x01" + b"\0" * 64}),
            "native_executable",
        ),
        ("bad version", tar_gz({"SKILL.md": skill_md("evil", "v1")}), "bad_version"),
        ("no version", tar_gz({"SKILL.md": skill_md("evil", None)}), "no_version"),
        ("invalid skill", tar_gz({"SKILL.md": "---\nname: Evil Skill!\n---\nbody\n"}), "lint_errors"),
    ],
)
async def test_refused_before_anything_is_stored(site: Site, name: str, data: bytes, code: str) -> None:
    before = _blobs(site)
    response = await site.publish(data, site.token("mallory"))
    assert response.status_code in (400, 403, 409, 413, 422), name
    body = response.json()
    assert body["error"] == code, (name, body)
    assert body["message"]
    assert _blobs(site) == before
    assert (await site.http.get("/api/v1/skills/evil")).status_code == 404


async def test_lint_errors_come_with_findings(site: Site) -> None:
    response = await site.publish(tar_gz({"SKILL.md": "---\nname: Evil Skill!\n---\nbody\n"}), site.token("m"))
    findings = response.json()["findings"]
    assert findings and all(f["severity"] == "error" for f in findings) and findings[0]["code"].startswith("SR")


def _zip_bomb(size: int) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        zf.writestr("SKILL.md", GOOD)
        zf.writestr("assets/zeros.bin", b"\0" * size)
    return buffer.getvalue()


def _lying_zip() -> bytes:
    """A zip whose central directory claims a tiny file that really inflates to 1.5 MB."""
    data = bytearray(_zip_bomb(1_500_000))
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as zf:
        info = zf.getinfo("assets/zeros.bin")
    real = info.file_size.to_bytes(4, "little")
    fake = (100).to_bytes(4, "little")
    return bytes(data).replace(real, fake)


def _tar_bomb(size: int) -> bytes:
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w") as tar:
        for path, payload in (("SKILL.md", GOOD.encode()), ("assets/zeros.bin", b"\0" * size)):
            info = tarfile.TarInfo(path)
            info.size = len(payload)
            tar.addfile(info, io.BytesIO(payload))
    return gzip.compress(raw.getvalue(), compresslevel=9)


async def test_zip_and_gzip_bombs(site: Site) -> None:
    token = site.token("mallory")
    for data in (_zip_bomb(1_900_000), _tar_bomb(1_900_000)):
        assert len(data) < 20_000  # tiny upload…
        response = await site.publish(data, token)
        assert response.json()["error"] == "zip_bomb", response.text  # …that would expand 100×+
    for data in (_zip_bomb(5_000_000), _tar_bomb(5_000_000)):
        response = await site.publish(data, token)
        assert response.status_code == 413 and response.json()["error"] == "too_large"
    lying = await site.publish(_lying_zip(), token)
    assert lying.status_code in (413, 422) and lying.json()["error"] in ("bad_archive", "too_large", "zip_bomb")


async def test_oversize_upload_and_too_many_files(site: Site) -> None:
    token = site.token("mallory")
    noise = os.urandom(300_000)  # incompressible: 300 KB over a 200 KB limit
    big = await site.publish(tar_gz({"SKILL.md": GOOD, "assets/noise.bin": noise}), token)
    assert big.status_code == 413 and big.json()["error"] == "too_large"
    many = {"SKILL.md": GOOD, **{f"references/r{i}.md": f"# {i}\n" for i in range(60)}}
    response = await site.publish(tar_gz(many), token)
    assert response.json()["error"] == "too_many_files"


async def test_duplicate_versions_and_wrong_owner(site: Site) -> None:
    ada, bob = site.token("ada"), site.token("bob")
    assert (await site.publish(skill_archive("mine", "1.0.0"), ada)).status_code == 201
    again = await site.publish(skill_archive("mine", "1.0.0", fmt="zip"), ada, filename="m.zip")
    assert again.status_code == 409 and again.json()["error"] == "version_exists"
    same_core = await site.publish(skill_archive("mine", "1.0.0+build.7"), ada)
    assert same_core.status_code == 409  # build metadata does not make a new version
    stolen = await site.publish(skill_archive("mine", "2.0.0"), bob)
    assert stolen.status_code == 403 and stolen.json()["error"] == "not_owner"
    mismatch = await site.publish(skill_archive("mine", "1.1.0"), ada, version="1.2.0")
    assert mismatch.json()["error"] == "version_mismatch"


async def test_non_multipart_and_missing_field(site: Site) -> None:
    token = site.token("ada")
    raw = await site.http.post("/api/v1/skills", headers=token, content=b"abc")
    assert raw.status_code == 415
    nofile = await site.http.post("/api/v1/skills", headers=token, data={"org": "x"}, files={"other": ("a", b"a")})
    assert nofile.status_code == 400 and "archive" in nofile.json()["message"]
