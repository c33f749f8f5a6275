"""install_skill: local folders and archives, the registry contract, checksums, lint gate, unsafe archives."""

from __future__ import annotations

import hashlib
import io
import tarfile
import zipfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from servers.skills.models import SkillInputError
from servers.skills.service import SkillsService
from tests.servers.skills.conftest import write_skill
from tests.support import free_port


def tar_gz(folder: Path, arcname: str | None = None) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tf:
        tf.add(folder, arcname=arcname or folder.name)
    return buf.getvalue()


def test_install_from_folder_then_overwrite(service: SkillsService, tmp_path: Path) -> None:
    src = write_skill(tmp_path / "src", "greeting", "Say hello well. Use when greeting.")
    got = service.install(str(src))
    assert (got.name, got.scope, got.replaced) == ("greeting", "user", False)
    assert service.get("greeting").scope == "user"
    with pytest.raises(SkillInputError, match="overwrite=true"):
        service.install(str(src))
    assert service.install(str(src), overwrite=True).replaced is True


def test_install_from_zip_and_tar(service: SkillsService, tmp_path: Path, roots: dict[str, Path]) -> None:
    src = write_skill(tmp_path / "src", "zipped")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.write(src / "SKILL.md", "zipped/SKILL.md")
    (tmp_path / "zipped.zip").write_bytes(buf.getvalue())
    (tmp_path / "tarred.tar.gz").write_bytes(tar_gz(write_skill(tmp_path / "src", "tarred")))
    assert service.install(str(tmp_path / "zipped.zip")).sha256 == hashlib.sha256(buf.getvalue()).hexdigest()
    assert service.install(str(tmp_path / "tarred.tar.gz"), scope="project").path == str(roots["project"] / "tarred")
    assert {"zipped", "tarred"} <= set(service.library().skills)


def test_lint_errors_refuse_the_install(service: SkillsService, tmp_path: Path) -> None:
    src = write_skill(tmp_path / "src", "angry", "Uses <angle> brackets.")
    with pytest.raises(SkillInputError, match="lint errors, not installed: SR114"):
        service.install(str(src))
    assert not (service.user_dir / "angry").exists()


def test_unsafe_archives_are_refused(service: SkillsService, tmp_path: Path) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("../evil/SKILL.md", "---\nname: evil\ndescription: x\n---\n")
    (tmp_path / "evil.zip").write_bytes(buf.getvalue())
    with pytest.raises(SkillInputError, match="outside the skill folder"):
        service.install(str(tmp_path / "evil.zip"))
    tbuf = io.BytesIO()
    with tarfile.open(fileobj=tbuf, mode="w:gz") as tf:
        info = tarfile.TarInfo("evil/link")
        info.type, info.linkname = tarfile.SYMTYPE, "/etc/passwd"
        tf.addfile(info)
    (tmp_path / "evil.tar.gz").write_bytes(tbuf.getvalue())
    with pytest.raises(SkillInputError, match="not a plain file"):
        service.install(str(tmp_path / "evil.tar.gz"))


def test_system_scope_and_unknown_sources(service: SkillsService) -> None:
    with pytest.raises(SkillInputError, match="read-only"):
        service.install("x", scope="system")  # type: ignore[arg-type]
    with pytest.raises(SkillInputError, match="no registry is configured"):
        service.install("some-skill@1.0.0")
    with pytest.raises(SkillInputError, match="neither an existing path"):
        service.install("Not A Name!")


# --- the registry contract, against a small Starlette server on 127.0.0.1 -------------------------------


@pytest.fixture
async def registry(tmp_path: Path) -> AsyncIterator[dict[str, Any]]:
    good = tar_gz(write_skill(tmp_path / "pub", "pdf-tools", "Work with PDFs. Use when a PDF is involved."))
    state: dict[str, Any] = {"archive": good, "sha": hashlib.sha256(good).hexdigest(), "requests": []}

    async def info(request: Request) -> Response:
        state["requests"].append(request.url.path)
        if request.path_params["name"] != "pdf-tools":
            return JSONResponse({"error": "unknown skill"}, status_code=404)
        versions = [
            {"version": "1.0.0", "sha256": state["sha"], "archive_url": "/files/pdf-tools-1.0.0.tar.gz"},
            {
                "version": "1.1.0",
                "sha256": state["sha"],
                "archive_url": "/files/pdf-tools-1.1.0.tar.gz",
                "yanked": True,
            },
        ]
        return JSONResponse({"name": "pdf-tools", "latest": "1.0.0", "versions": versions})

    async def archive(request: Request) -> Response:
        state["requests"].append(request.url.path)
        return Response(state["archive"], media_type="application/gzip")

    app = Starlette(routes=[Route("/api/v1/skills/{name}", info), Route("/files/{file}", archive)])
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    import asyncio

    task = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.02)
    state["url"] = f"http://127.0.0.1:{port}"
    try:
        yield state
    finally:
        server.should_exit = True
        await task


async def test_registry_install_verifies_checksum(make_service: Any, registry: dict[str, Any]) -> None:
    import asyncio

    service: SkillsService = make_service(registry_url=registry["url"])
    got = await asyncio.to_thread(service.install, "pdf-tools")
    assert (got.name, got.version, got.sha256) == ("pdf-tools", "1.0.0", registry["sha"])
    assert registry["requests"] == ["/api/v1/skills/pdf-tools", "/files/pdf-tools-1.0.0.tar.gz"]
    pinned = await asyncio.to_thread(service.install, "pdf-tools@1.1.0", "user", None, True)
    assert pinned.version == "1.1.0"  # a yanked version only when named
    with pytest.raises(SkillInputError, match=r"has no version '9\.9\.9'"):
        await asyncio.to_thread(service.install, "pdf-tools@9.9.9")
    with pytest.raises(SkillInputError, match="no skill named 'nothing'"):
        await asyncio.to_thread(service.install, "nothing")


async def test_registry_checksum_mismatch_is_refused(make_service: Any, registry: dict[str, Any]) -> None:
    import asyncio

    service: SkillsService = make_service(registry_url=registry["url"])
    registry["archive"] = registry["archive"] + b"tampered"
    with pytest.raises(SkillInputError, match=r"checksum mismatch for pdf-tools@1\.0\.0"):
        await asyncio.to_thread(service.install, "pdf-tools")
    assert not (service.user_dir / "pdf-tools").exists()
