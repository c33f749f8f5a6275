"""The suite's settings: the shared ones (:class:`servers.core.settings.CoreSettings`) and each component's section.

This is where components are registered: adding a component's settings means one field here (its section,
``CAIRN_<COMPONENT>__<FIELD>``), so the shared core never imports a component to know its settings.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from functools import lru_cache

from pydantic import Field

from registry.settings import RegistrySettings
from servers.auth.settings import AuthSettings
from servers.core.settings import CoreSettings
from servers.core.settings_check import unknown_variables, unknown_warning
from servers.nodehost.settings import NodehostSettings
from servers.reflection.settings import ReflectionSettings
from servers.scheduler.settings import SchedulerSettings
from servers.skills.settings import SkillsSettings
from servers.suite.hooks.settings import HooksSettings


class CairnSettings(CoreSettings):
    """Settings of the suite. Validated at start-up; every field documented in README.md."""

    auth: AuthSettings = Field(default_factory=AuthSettings)
    nodehost: NodehostSettings = Field(default_factory=NodehostSettings)
    scheduler: SchedulerSettings = Field(default_factory=SchedulerSettings)
    reflection: ReflectionSettings = Field(default_factory=ReflectionSettings)
    skills: SkillsSettings = Field(default_factory=SkillsSettings)
    hooks: HooksSettings = Field(default_factory=HooksSettings)
    registry: RegistrySettings = Field(default_factory=RegistrySettings)


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
