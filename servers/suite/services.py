"""The domain services of one process, each built once on first use.

Under ``cairn serve all`` the memory, skills, reflection, scheduler and context servers, and the scheduler's
calls into the others, all use one :class:`SharedServices`: each store, cache, embedding queue, thread pool and
event subscription exists once, and what one server publishes the others see on the same bus. An HTTP endpoint
serving one server builds it on them too, and its dashboard shows the same services. The hooks' daemon keeps its
own (:class:`servers.suite.hooks.sources.DomainSources`), with the skills' LLM waits cut to a prompt's budget.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from servers.core.embedding import LazyEmbedder, create_embedder
from servers.core.events import EventBus, default_bus

if TYPE_CHECKING:
    from servers.core.toolcalls import ToolCaller
    from servers.memory.service import MemoryService
    from servers.reflection.service import ReflectionService
    from servers.scheduler.service import SchedulerService
    from servers.skills.service import SkillsService
    from servers.skills.settings import SkillsSettings
    from servers.suite.settings import CairnSettings

T = TypeVar("T")

# The servers whose domain service lives here. The context server only reads the others': served alone, it
# keeps its own (with the hooks' time budgets), as the hooks' daemon does.
HELD = ("memory", "skills", "reflection", "scheduler")


class SharedServices:
    def __init__(
        self,
        settings: CairnSettings,
        *,
        embedder: LazyEmbedder | None = None,
        bus: EventBus | None = None,
        skills: SkillsSettings | None = None,
        scheduler_tools: Callable[[SharedServices], ToolCaller] | None = None,
    ) -> None:
        """``skills`` replaces the skills section for this process's skills service (the hooks' budgets);
        ``scheduler_tools`` gives the scheduler its way to call the other servers (the suite's in-process
        calls, :func:`servers.suite.inprocess.process_services`), which this module does not import: the
        hooks use these services and must not load the MCP layer."""
        self.settings = settings
        self.embedder = embedder or create_embedder(settings.embedder, query_batch_ms=settings.query_batch_ms)
        self.bus = bus or default_bus()
        self._skills_settings = settings if skills is None else settings.model_copy(update={"skills": skills})
        self._scheduler_tools = scheduler_tools
        self._lock = threading.Lock()
        self._built: dict[str, Any] = {}

    @property
    def memory(self) -> MemoryService:
        from servers.memory.service import MemoryService

        return self._once("memory", lambda: MemoryService(self.settings, embedder=self.embedder, bus=self.bus))

    @property
    def skills(self) -> SkillsService:
        from servers.reflection import drafting
        from servers.skills.service import SkillsService

        return self._once(
            "skills",
            lambda: SkillsService(self._skills_settings, embedder=self.embedder, bus=self.bus, drafter=drafting),
        )

    @property
    def reflection(self) -> ReflectionService:
        from servers.reflection.service import ReflectionService

        return self._once("reflection", lambda: ReflectionService(self.settings, embedder=self.embedder, bus=self.bus))

    @property
    def scheduler(self) -> SchedulerService:
        from servers.scheduler.service import SchedulerService

        def build() -> SchedulerService:
            tools = self._scheduler_tools(self) if self._scheduler_tools else None
            return SchedulerService(self.settings, bus=self.bus, tools=tools)

        return self._once("scheduler", build)

    def _once(self, name: str, build: Callable[[], T]) -> T:
        # Two servers' first calls may come from two threads at once: the second waits and gets the first's.
        with self._lock:
            if name not in self._built:
                self._built[name] = build()
            built: T = self._built[name]
            return built

    def close(self) -> None:
        with self._lock:
            built, self._built = list(self._built.values()), {}
        for service in built:
            service.close()
