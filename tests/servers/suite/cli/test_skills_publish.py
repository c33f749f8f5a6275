"""`cairn skills publish DIR` of real public skills (../shared/corpus/skills, skipped without it) against a
registry served by uvicorn on 127.0.0.1: the version rule (--version, else SKILL.md's, else the next one) and
what the command says; an empty CAIRN_REGISTRY__TOKEN is named, not sent as a broken header."""

from __future__ import annotations

import asyncio
import shutil
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio

from registry.app import create_app
from registry.context import Registry
from tests.conftest import REPO_ROOT
from tests.registry.conftest import registry_settings
from tests.support import child_env, free_port, serving_app

pytestmark = pytest.mark.slow
CORPUS = REPO_ROOT.parent / "shared" / "corpus" / "skills"
PDF = CORPUS / "anthropics__skills" / "skills" / "pdf"  # sets no version
SETTINGS = CORPUS / "anthropics__claude-plugins-official" / "plugins" / "plugin-dev" / "skills" / "plugin-settings"


@dataclass
class Registered:
    base: str
    reg: Registry
    home: Path  # the CLI user's CAIRN_HOME
    token: str


@dataclass
class Run:
    code: int
    out: str
    err: str


@pytest_asyncio.fixture
async def registry(tmp_path: Path) -> AsyncIterator[Registered]:
    if not CORPUS.is_dir():
        pytest.skip(f"the public skills corpus is not at {CORPUS}")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    settings = registry_settings(tmp_path / "registry", max_archive_bytes=5_000_000, max_unpacked_bytes=20_000_000)
    app = create_app(settings, base_url=base, builtin_skills=REPO_ROOT / "skills")
    reg: Registry = app.state.registry
    token, _ = reg.accounts.create_token("ada", "cli")
    async with serving_app(app, port):
        yield Registered(base, reg, tmp_path / "cli-home", token)
    reg.store.close()


async def publish(registry: Registered, folder: Path, *options: str, token: str | None = None) -> Run:
    token = registry.token if token is None else token
    env = child_env(registry.home, PYTHONPATH=str(REPO_ROOT), CAIRN_REGISTRY__TOKEN=token)
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "servers.suite.cli.main",
        "skills",
        "publish",
        str(folder),
        "--registry",
        registry.base,
        *options,
        env=env,
        cwd=REPO_ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), 120)
    assert process.returncode is not None
    return Run(process.returncode, out.decode(), err.decode())


async def test_a_skill_without_a_version_gets_1_0_0_then_the_next(registry: Registered, tmp_path: Path) -> None:
    first = await publish(registry, PDF)
    assert first.code == 0, first.err
    assert first.out.startswith("pdf@1.0.0 published (SKILL.md sets no version: the next one; say another with")
    again = await publish(registry, PDF)
    assert again.code == 1 and "these exact bytes are already pdf 1.0.0" in again.err
    changed = tmp_path / "pdf"
    shutil.copytree(PDF, changed)
    with (changed / "SKILL.md").open("a", encoding="utf-8") as skill_md:
        skill_md.write("\nOne more note.\n")
    checked = await publish(registry, changed, "--dry-run")
    assert checked.code == 0, checked.err
    assert checked.out.startswith("pdf@1.0.1 checked (dry run)")
    assert [v.version for v in registry.reg.store.versions("pdf")] == ["1.0.0"]


async def test_skill_md_version_is_used_and_the_flag_wins_over_it(registry: Registered) -> None:
    declared = await publish(registry, SETTINGS)
    assert declared.code == 0, declared.err
    assert declared.out.startswith("plugin-settings@0.1.0 published;") and "note:" not in declared.err
    flagged = await publish(registry, SETTINGS, "--version", "1.0.0")
    assert flagged.code == 0, flagged.err
    assert flagged.out.startswith("plugin-settings@1.0.0 published;")
    assert "note: SKILL.md says metadata.version 0.1.0; publishing 1.0.0 as --version says" in flagged.err
    assert [v.version for v in registry.reg.store.versions("plugin-settings")] == ["1.0.0", "0.1.0"]


async def test_an_empty_token_is_named(registry: Registered) -> None:
    empty = await publish(registry, PDF, token="")
    assert empty.code != 0 and "Illegal header" not in empty.err
    assert "CAIRN_REGISTRY__TOKEN is empty" in empty.err
    assert registry.reg.store.skill("pdf") is None
