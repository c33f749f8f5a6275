"""Every enabled skill as an MCP prompt, so hosts can offer skills as slash commands.

A provider, not decorated functions: the set of skills changes with hot reload, installs and disables,
and providers are asked at request time. Rendering a prompt returns the skill's instructions (a chain
expanded) with the user's task, if given, after them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from fastmcp.prompts.base import Prompt, PromptArgument
from fastmcp.server.providers.base import Provider
from fastmcp.utilities.versions import VersionSpec
from pydantic import PrivateAttr

from servers.skills.models import ChainError, Skill, SkillNotFound

if TYPE_CHECKING:
    from servers.skills.service import SkillsService

TASK_ARGUMENT = PromptArgument(name="task", description="What to do with this skill (optional).", required=False)


class SkillPrompt(Prompt):
    _service: Any = PrivateAttr(default=None)

    @classmethod
    def of(cls, skill: Skill, service: SkillsService) -> SkillPrompt:
        prompt = cls(name=skill.name, description=skill.description, arguments=[TASK_ARGUMENT], tags={skill.scope})
        prompt._service = service
        return prompt

    async def render(self, arguments: dict[str, Any] | None = None) -> str:
        service: SkillsService = self._service
        try:
            text = service.render(service.get(self.name))
        except (SkillNotFound, ChainError) as exc:
            raise ValueError(str(exc)) from exc
        task = (arguments or {}).get("task")
        return f"{text}\n\n---\n\nTask: {task}" if task else text


class SkillPrompts(Provider):
    def __init__(self, service: SkillsService) -> None:
        super().__init__()
        self.service = service

    async def _list_prompts(self) -> Sequence[Prompt]:
        return [SkillPrompt.of(s, self.service) for s in self.service.library().skills.values()]

    async def _get_prompt(self, name: str, version: VersionSpec | None = None) -> Prompt | None:
        skill = self.service.library().skills.get(name)
        return SkillPrompt.of(skill, self.service) if skill is not None else None
