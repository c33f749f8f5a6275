"""The suite's settings: the shared ones (:class:`servers.core.settings.CoreSettings`) and each component's section.

This is where components are registered: adding a component's settings means one field here (its section,
``CAIRN_<COMPONENT>__<FIELD>``), so the shared core never imports a component to know its settings.
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import Field

from registry.settings import RegistrySettings
from servers.auth.settings import AuthSettings
from servers.core.settings import CoreSettings
from servers.hooks.settings import HooksSettings
from servers.nodehost.settings import NodehostSettings
from servers.reflection.settings import ReflectionSettings
from servers.scheduler.settings import SchedulerSettings
from servers.skills.settings import SkillsSettings


class CairnSettings(CoreSettings):
    """Settings of the suite. Validated at start-up; every field documented in README.md."""

    auth: AuthSettings = Field(default_factory=AuthSettings)
    nodehost: NodehostSettings = Field(default_factory=NodehostSettings)
    scheduler: SchedulerSettings = Field(default_factory=SchedulerSettings)
    reflection: ReflectionSettings = Field(default_factory=ReflectionSettings)
    skills: SkillsSettings = Field(default_factory=SkillsSettings)
    hooks: HooksSettings = Field(default_factory=HooksSettings)
    registry: RegistrySettings = Field(default_factory=RegistrySettings)


@lru_cache(maxsize=1)
def get_settings() -> CairnSettings:
    return CairnSettings()
