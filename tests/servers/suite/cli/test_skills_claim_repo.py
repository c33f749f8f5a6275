"""`cairn skills claim-repo URL` then `--check`: a publisher proves a repository link from the command line,
against a registry served by uvicorn on 127.0.0.1 whose proof fetcher reads a stand-in code host (also on
127.0.0.1); the skill naming that repository is then marked verified."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from registry.app import create_app
from tests.conftest import REPO_ROOT
from tests.registry.conftest import registry_settings
from tests.registry.kit import skill_md, tar_gz
from tests.support import child_env, free_port, serving_app

pytestmark = pytest.mark.slow
REPOSITORY = "https://github.com/ada/notes"


async def _cli(home: Path, token: str, *args: str) -> tuple[int, str, str]:
    env = child_env(home, PYTHONPATH=str(REPO_ROOT), CAIRN_REGISTRY__TOKEN=token)
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "servers.suite.cli.main", "skills", "claim-repo", *args,
        env=env, cwd=REPO_ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(process.communicate(), 120)
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


async def test_a_publisher_proves_a_repository_from_the_command_line(tmp_path: Path) -> None:
    proofs: dict[str, str] = {}

    async def raw(request: Request) -> Response:
        text = proofs.get(request.path_params["path"])
        return PlainTextResponse(text) if text is not None else PlainTextResponse("404", status_code=404)

    host_port, port = free_port(), free_port()
    base = f"http://127.0.0.1:{port}"
    settings = registry_settings(
        tmp_path / "registry", repository_proof_url=f"http://127.0.0.1:{host_port}/{{path}}/HEAD/{{file}}"
    )
    app = create_app(settings, base_url=base, builtin_skills=REPO_ROOT / "skills")
    reg = app.state.registry
    token, _ = reg.accounts.create_token("ada", "cli")
    data = tar_gz({"notes/SKILL.md": skill_md("notes", "1.0.0", repository=REPOSITORY)})
    reg.commit_publish(reg.prepare_publish(data, publisher="ada", org=None, version=None))
    home = tmp_path / "cli-home"
    try:
        async with serving_app(Starlette(routes=[Route("/{path:path}", raw)]), host_port), serving_app(app, port):
            code, out, err = await _cli(home, token, REPOSITORY, "--registry", base)
            assert code == 0, err
            line = next(x.strip() for x in out.splitlines() if x.strip().startswith("cairn-registry-verification:"))
            assert ".well-known/cairn-registry.txt" in out and f"claim-repo {REPOSITORY} --check" in out
            code, out, err = await _cli(home, token, REPOSITORY, "--check", "--registry", base)
            assert code == 1 and "does not hold the line" in err
            proofs["ada/notes/HEAD/.well-known/cairn-registry.txt"] = line + "\n"
            code, out, err = await _cli(home, token, REPOSITORY, "--check", "--registry", base)
            assert code == 0 and "is proven" in out, err
        skill = reg.store.skill("notes")
        assert skill is not None and reg.trust.marks().of(skill) == "repository"
    finally:
        reg.store.close()
