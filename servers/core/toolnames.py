"""Tool names under ``cairn serve all``: ``<server>_<name>``, where the name no longer repeats the server.

Alone, a server's tools say what they act on (``list_skills``, ``reflect``); mounted together, fastmcp puts
the server's name in front, and ``skills_list_skills`` says "skills" twice. So under ``serve all``:

| single server (unchanged)             | under ``serve all``             | why                                   |
|---------------------------------------|---------------------------------|---------------------------------------|
| ``memory_write``, ``context_assemble`` | the same                        | already named ``<server>_…``          |
| ``list_skills``, ``skill_stats``      | ``skills_list``, ``skills_stats`` | :data:`RENAMES`: the noun goes        |
| ``reflect``, ``reflections_list``     | ``reflection_on_task``, ``reflection_list`` | :data:`RENAMES`             |
| ``job_create``, ``fs_read``           | ``scheduler_job_create``, ``nodehost_fs_read`` | the default: prefixed      |

Reflection's ``skill_suggestions`` (drafts of new skills) stays ``reflection_skill_suggestions``, apart from
the skills server's own ``skills_suggestions`` (improvements to existing skills).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from fastmcp.server.transforms import GetToolNext, Transform
from fastmcp.tools.base import Tool
from fastmcp.utilities.versions import VersionSpec

# server -> {single-server tool name: its name under `serve all`, before fastmcp adds "<server>_"}.
RENAMES: dict[str, dict[str, str]] = {
    "skills": {
        "activate_skill": "activate",
        "install_skill": "install",
        "list_skills": "list",
        "match_skills": "match",
        "read_skill_file": "read_file",
        "search_skills": "search",
        "skill_apply_suggestion": "apply_suggestion",
        "skill_disable": "disable",
        "skill_enable": "enable",
        "skill_feedback": "feedback",
        "skill_report_usage": "report_usage",
        "skill_stats": "stats",
        "skill_suggestions": "suggestions",
    },
    "reflection": {
        "reflect": "on_task",
        "reflect_review": "review",
        "reflections_list": "list",
    },
}


def mount_renames(server: str, tools: Iterable[str]) -> dict[str, str]:
    """For ``FastMCP.mount(tool_names=…)``: the tools of ``server`` whose mounted name is not ``<server>_<tool>``."""
    renames = RENAMES.get(server, {})
    out: dict[str, str] = {}
    for tool in tools:
        if tool in renames:
            out[tool] = renames[tool]
        elif tool.startswith(f"{server}_"):  # "memory_write" stays itself, not "memory_memory_write"
            out[tool] = tool.removeprefix(f"{server}_")
    return out


def mounted_name(server: str, tool: str) -> str:
    """``tool`` of ``server`` as ``cairn serve all`` lists it."""
    return f"{server}_{mount_renames(server, [tool]).get(tool, tool)}"


class MountRenames(Transform):
    """The tools of one mounted server under their ``serve all`` names: a copy of each tool under its new
    name, as fastmcp's own namespacing makes, and nothing else (the old name is not served).

    ``FastMCP.mount(tool_names=…)`` would wrap each renamed tool in a ``TransformedTool`` instead, whose
    forwarding function checks the arguments itself, ahead of the mounted server's middleware (its scope
    guard) and with a bare ``TypeError`` that masking turns into "Error calling tool 'memory_write'". A
    copy still runs the mounted server's own tool, so a call under the new name meets the same scope guard
    and the same argument errors (:mod:`servers.core.arguments`) as under any other name.
    """

    def __init__(self, renames: dict[str, str]) -> None:
        self.renames = dict(renames)
        self._originals = {new: old for old, new in renames.items()}

    async def list_tools(self, tools: Sequence[Tool]) -> Sequence[Tool]:
        return [t.model_copy(update={"name": self.renames[t.name]}) if t.name in self.renames else t for t in tools]

    async def get_tool(self, name: str, call_next: GetToolNext, *, version: VersionSpec | None = None) -> Tool | None:
        original = self._originals.get(name)
        if original is None:
            # A name that was renamed is no longer this server's tool (unless another tool took it).
            return None if name in self.renames else await call_next(name, version=version)
        tool = await call_next(original, version=version)
        return tool.model_copy(update={"name": name}) if tool is not None else None
