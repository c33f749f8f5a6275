"""`serve all` builds each domain service once: the memory, skills, reflection and context servers share them."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from fastmcp import Client

from servers.core.toolnames import mounted_name
from servers.memory.service import MemoryService
from servers.reflection.service import ReflectionService
from servers.scheduler.models import SchedulerInputError
from servers.scheduler.service import SchedulerService
from servers.skills.service import SkillsService
from servers.suite.dashboard.app import mount_dashboard
from servers.suite.dashboard.context import Services
from servers.suite.endpoint import build_endpoint
from servers.suite.services import SharedServices
from servers.suite.serving import build_server
from servers.suite.settings import CairnSettings


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How many of each service were constructed."""
    counts: Counter[str] = Counter()
    for cls in (MemoryService, SkillsService, ReflectionService, SchedulerService):
        original = cls.__init__

        def counting(
            self: Any, *args: Any, _original: Any = original, _name: str = cls.__name__, **kwargs: Any
        ) -> None:
            counts[_name] += 1
            _original(self, *args, **kwargs)

        monkeypatch.setattr(cls, "__init__", counting)
    return counts


async def test_serve_all_builds_each_service_once(settings: CairnSettings, embedder: Any, built: Counter[str]) -> None:
    # Recall by meaning waits for the vector search however busy the machine: this checks sharing, not speed.
    settings = settings.model_copy(
        update={"memory": settings.memory.model_copy(update={"semantic_timeout_ms": 60_000})}
    )
    server = build_server("all", settings)
    async with Client(server) as client:
        await client.call_tool(
            mounted_name("memory", "memory_write"), {"content": "The registry runs on PostgreSQL 16 with pgvector."}
        )
        context = await client.call_tool(
            mounted_name("context", "context_assemble"), {"task": "Which database does the registry use?"}
        )
        assert context.structured_content is not None
        assert "PostgreSQL 16" in context.structured_content["text"], context.structured_content["degraded"]
        await client.call_tool(mounted_name("skills", "match_skills"), {"task": "write a commit message"})
    # The context's rules came from the reflection service the reflection server uses.
    assert built == Counter(MemoryService=1, SkillsService=1, ReflectionService=1, SchedulerService=1)


@pytest.mark.parametrize(("name", "expected"), [("all", 4), ("memory", 1), ("scheduler", 1), ("nodehost", 0)])
def test_an_endpoints_dashboard_shows_the_services_its_servers_use(
    settings: CairnSettings, built: Counter[str], name: str, expected: int
) -> None:
    settings = settings.model_copy(update={"embedder": "none"})
    served: dict[str, Any] = {}
    endpoint = build_endpoint(
        name, settings, transport="http", host="127.0.0.1", port=8765, auth="none", on_child=served.__setitem__
    )
    assert endpoint.services is endpoint.app.state.services
    mount_dashboard(endpoint.app, served, settings, base_url=endpoint.base_url, authorization_server=None, auth="none")
    # Each served server's service was built once, and the dashboard built none of its own.
    assert sum(built.values()) == expected and set(built.values()) <= {1}
    shown = Services.of(endpoint.services, served)
    assert built == Counter(type(s).__name__ for s in vars(shown).values() if s is not None)
    if endpoint.services is not None:
        endpoint.services.close()


def test_services_build_on_first_use_and_close_what_they_built(settings: CairnSettings, built: Counter[str]) -> None:
    services = SharedServices(settings.model_copy(update={"embedder": "none"}))
    assert built == Counter()
    assert services.memory is services.memory
    assert built == Counter(MemoryService=1)
    services.close()
    assert services.memory is not None and built == Counter(MemoryService=2)  # closed ones are not handed out
    services.close()


async def test_the_scheduler_of_an_endpoint_calls_the_other_servers_in_process(settings: CairnSettings) -> None:
    settings = settings.model_copy(update={"embedder": "none"})
    endpoint = build_endpoint("all", settings, transport="http", host="127.0.0.1", port=8765, auth="none")
    assert endpoint.services is not None
    pool = endpoint.services.scheduler.actions.pool  # what a tool job calls through
    assert await pool.scope_needed("memory", "memory_write") == "memory:write"
    # Services made without the suite's in-process calls (the hooks') give a scheduler that says so.
    alone = SharedServices(settings)
    with pytest.raises(SchedulerInputError, match="'memory' is not available here"):
        await alone.scheduler.actions.pool.scope_needed("memory", "memory_write")
    endpoint.services.close()
    alone.close()
