"""The suite's settings: the shared ones (:class:`servers.core.settings.CoreSettings`) and each component's section.

This is where components are registered: adding a component means one base class here (the view its server
reads, with its section ``CAIRN_<COMPONENT>__<FIELD>``), so neither the shared core nor another server ever
imports a component to know its settings.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from functools import lru_cache

from pydantic import Field

from registry.settings import RegistryServerSettings
from servers.core.settings_check import unknown_variables, unknown_warning
from servers.nodehost.settings import NodehostServerSettings
from servers.reflection.settings import ReflectionServerSettings, SkillPlaces
from servers.scheduler.settings import SchedulerServerSettings
from servers.skills.settings import SkillsServerSettings
from servers.suite.hooks.settings import HooksSettings


class CairnSettings(
    NodehostServerSettings,
    SchedulerServerSettings,
    ReflectionServerSettings,
    SkillsServerSettings,
    RegistryServerSettings,
):
    """Settings of the suite. Validated at start-up; every field documented in README.md.

    Each server takes only its own view (``SkillsServerSettings``: the shared settings and ``skills``), so
    no server depends on another's settings; this class is every view at once, plus the hooks' section."""

    hooks: HooksSettings = Field(default_factory=HooksSettings)

    def skill_places(self) -> SkillPlaces:
        """Reflection's view of the skills server's folders (``CAIRN_SKILLS__…``)."""
        return SkillPlaces(
            paths=tuple(self.skills.paths),
            system_path=self.skills.system_path,
            include_system=self.skills.include_system,
        )


# Variables read outside the settings model: the hooks read their time budgets straight from the environment,
# as a host runs a hook before every prompt and it cannot wait for the settings to load.
READ_ELSEWHERE = (re.compile(r"CAIRN_HOOKS__BUDGET_[A-Z_]+_MS"),)

log = logging.getLogger(__name__)


@lru_cache(maxsize=1)
def get_settings() -> CairnSettings:
    settings = CairnSettings()
    warn_unknown_variables(os.environ)
    return settings


def warn_unknown_variables(environ: Mapping[str, str]) -> list[str]:
    """Log a warning for each ``CAIRN_*`` variable no setting reads, naming the closest valid one; the
    warnings, for the caller to show elsewhere too."""
    warnings = [
        unknown_warning(name, close) for name, close in unknown_variables(environ, CairnSettings, READ_ELSEWHERE)
    ]
    for warning in warnings:
        log.warning(warning)
    return warnings
