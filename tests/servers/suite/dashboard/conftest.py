"""A dashboard over real services (SQLite in a temporary home, the session's embedder), mounted the way
``cairn serve`` mounts it, with Cairn's own authorization server beside it; and the same services' MCP
servers, to check every change both ways."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
import pytest_asyncio
from fastmcp import FastMCP
from starlette.applications import Starlette

from servers.auth.authserver import AuthorizationServer, create_authorization_server
from servers.auth.client import _FormParser
from servers.auth.passwords import hash_password
from servers.core.events import EventBus
from servers.memory.service import MemoryService
from servers.reflection.service import ReflectionService
from servers.scheduler.service import SchedulerService
from servers.skills.service import SkillsService
from servers.suite.dashboard.app import mount_dashboard
from servers.suite.services import SharedServices
from servers.suite.settings import CairnSettings

BASE = "http://127.0.0.1:8765"
# No loop (these tests look at jobs, they do not wait for runs) and no quiet hours: a notification made
# at 23:00 must be delivered as one made at noon is.
SCHEDULER = {"run_loop": False, "timezone": "UTC", "attention": {"quiet_hours": None}}
PASSWORDS = {"ada": "correct horse battery", "bob": "staple battery horse"}


@dataclass
class Stack:
    settings: CairnSettings
    memory: MemoryService
    reflection: ReflectionService
    scheduler: SchedulerService
    skills: SkillsService
    servers: dict[str, FastMCP]
    app: Starlette
    issuer: AuthorizationServer | None


def build_stack(settings: CairnSettings, embedder: Any, *, auth: str, base: str = BASE) -> Stack:
    from servers.memory.server import create_server as memory_server
    from servers.reflection.server import create_server as reflection_server
    from servers.scheduler.server import create_server as scheduler_server
    from servers.skills.server import create_server as skills_server

    skill_root = settings.home / "skill-folders"
    write_skill(skill_root, "release-check")
    settings = settings.model_copy(
        update={
            "skills": settings.skills.model_copy(update={"system_path": skill_root, "paths": [], "reload_check_s": 0})
        }
    )
    shared = SharedServices(settings, embedder=embedder, bus=EventBus())
    memory, reflection, scheduler, skills = shared.memory, shared.reflection, shared.scheduler, shared.skills
    servers = {
        "memory": memory_server(settings, service=memory),
        "reflection": reflection_server(settings, service=reflection),
        "scheduler": scheduler_server(settings, service=scheduler),
        "skills": skills_server(settings, service=skills),
    }
    app = Starlette()
    app.state.services = shared  # as `cairn serve` builds it: the servers and the dashboard on one set
    issuer = None
    if auth == "cairn":
        issuer = create_authorization_server(settings.data_dir("auth"), base, settings.auth, resources={base + "/mcp"})
        for name, password in PASSWORDS.items():
            issuer.provider.store.add_user(name, hash_password(password))
        app.router.routes.extend(issuer.routes)
    mount_dashboard(app, servers, settings, base_url=base, authorization_server=issuer, auth=auth)
    return Stack(settings, memory, reflection, scheduler, skills, servers, app, issuer)


@pytest.fixture
def dash_settings(cairn_home: Any) -> CairnSettings:
    return CairnSettings(home=cairn_home, memory={"semantic_timeout_ms": 5000}, scheduler=SCHEDULER)


@pytest.fixture
def stack(dash_settings: CairnSettings, embedder: Any) -> Iterator[Stack]:
    made = build_stack(dash_settings, embedder, auth="cairn")
    yield made
    made.memory.close()
    made.reflection.close()
    made.scheduler.close()
    made.skills.close()


@pytest.fixture
def open_stack(dash_settings: CairnSettings, embedder: Any) -> Iterator[Stack]:
    """``--auth none``: no sign-in, the browser on loopback acts as ``default``."""
    made = build_stack(dash_settings, embedder, auth="none")
    yield made
    made.memory.close()
    made.reflection.close()
    made.scheduler.close()
    made.skills.close()


def write_skill(root: Any, name: str) -> None:
    folder = root / name
    folder.mkdir(parents=True, exist_ok=True)
    text = f"---\nname: {name}\ndescription: Does {name} things. Use when the task is about {name}.\n---\n\n# {name}\n"
    (folder / "SKILL.md").write_text(text, encoding="utf-8")


def client(app: Starlette, base: str = BASE) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=base, follow_redirects=False)


async def sign_in(http: httpx.AsyncClient, user: str, password: str | None = None) -> httpx.Response:
    """The whole sign-in a browser does: dashboard → /authorize → consent page (username, password, Allow)
    → callback → the page asked for. Returns that page."""
    page = await http.get("/dashboard/memory", follow_redirects=True)
    form = _FormParser()
    form.feed(page.text)
    assert form.action, page.text
    fields = {**form.fields, "username": user, "password": password or PASSWORDS[user], "decision": "allow"}
    done = await http.post(form.action, data=fields, follow_redirects=True)
    assert done.status_code == 200, done.text
    return done


@pytest_asyncio.fixture
async def ada(stack: Stack) -> AsyncIterator[httpx.AsyncClient]:
    async with client(stack.app) as http:
        await sign_in(http, "ada")
        yield http


@pytest_asyncio.fixture
async def bob(stack: Stack) -> AsyncIterator[httpx.AsyncClient]:
    async with client(stack.app) as http:
        await sign_in(http, "bob")
        yield http


def csrf_of(page: httpx.Response) -> str:
    found = re.search(r'name="csrf" value="([0-9a-f]+)"', page.text)
    assert found, "no CSRF token on the page"
    return found.group(1)


async def post(http: httpx.AsyncClient, page: str, action: str, data: dict[str, str] | None = None) -> httpx.Response:
    """Submit a form the way the page offers it: its CSRF token, then the fields."""
    shown = await http.get(page)
    assert shown.status_code == 200, shown.text
    return await http.post(action, data={"csrf": csrf_of(shown), **(data or {})})
