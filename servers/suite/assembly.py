"""How the suite builds each server: what it is given from the others, and what it shares with them.

A server never imports another one; where one needs another's work, it declares a small interface and the
suite hands it an implementation here: the scheduler calls the other servers' tools for its jobs, and the
skills server drafts a new skill's steps with the reflection server's drafting. Built together (``serve
all``), the servers share one :class:`~servers.suite.services.SharedServices`: one of each domain service.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastmcp import FastMCP

    from servers.suite.services import SharedServices
    from servers.suite.settings import CairnSettings


def memory_server(settings: CairnSettings, services: SharedServices | None = None) -> FastMCP:
    from servers.memory.server import create_server

    return create_server(settings, service=services.memory if services else None)


def skills_server(settings: CairnSettings, services: SharedServices | None = None) -> FastMCP:
    from servers.reflection import drafting
    from servers.skills.server import create_server
    from servers.skills.service import SkillsService

    return create_server(settings, service=services.skills if services else SkillsService(settings, drafter=drafting))


def reflection_server(settings: CairnSettings, services: SharedServices | None = None) -> FastMCP:
    from servers.reflection.server import create_server

    return create_server(settings, service=services.reflection if services else None)


def context_server(settings: CairnSettings, services: SharedServices | None = None) -> FastMCP:
    from servers.suite.context.server import create_server
    from servers.suite.hooks.sources import DomainSources

    return create_server(settings, sources=DomainSources(settings, services=services) if services else None)


def scheduler_server(settings: CairnSettings, services: SharedServices | None = None) -> FastMCP:
    from servers.scheduler.server import create_server
    from servers.scheduler.service import SchedulerService
    from servers.suite.inprocess import InProcessServers

    service = services.scheduler if services else SchedulerService(settings, tools=InProcessServers(settings))
    return create_server(settings, service=service)


def nodehost_server(settings: CairnSettings, services: SharedServices | None = None) -> FastMCP:
    from servers.nodehost.server import create_server

    return create_server(settings)
