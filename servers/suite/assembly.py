"""Servers that are given a part of another server when the suite builds them.

A server never imports another one; where one needs another's work, it declares a small interface and the
suite hands it an implementation here: the scheduler calls the other servers' tools for its jobs, and the
skills server drafts a new skill's steps with the reflection server's drafting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastmcp import FastMCP

    from servers.suite.settings import CairnSettings


def scheduler_server(settings: CairnSettings) -> FastMCP:
    from servers.scheduler.server import create_server
    from servers.scheduler.service import SchedulerService
    from servers.suite.inprocess import InProcessServers

    return create_server(settings, service=SchedulerService(settings, tools=InProcessServers(settings)))


def skills_server(settings: CairnSettings) -> FastMCP:
    from servers.reflection import drafting
    from servers.skills.server import create_server
    from servers.skills.service import SkillsService

    return create_server(settings, service=SkillsService(settings, drafter=drafting))
