"""Names that would pass for the project's own, or for an endorsement the registry never gives.

A skill, an organisation or a self-service username is refused such a name unless the publisher is one of the
registry's administrators (``CAIRN_REGISTRY__ADMINS``, default the operator's first user ``admin``) or a
member of the organisation ``cairn`` that holds the built-in skills. The list is small on purpose: it keeps
out the impersonations a person would fall for on a listing, not every look-alike.

| reserved                                   | why                                             |
|--------------------------------------------|-------------------------------------------------|
| ``cairn…``, ``anthropic…`` (any ending)    | the project's name and its model vendor's       |
| a ``-``/``_`` part ``cairn`` or ``anthropic`` | ``the-cairn-team``, ``skills_anthropic``      |
| ``claude`` (the whole name)                | the model itself                                |
| a part ``official`` or ``verified``         | ``claude-official``, ``verified-tools``: an endorsement |
"""

from __future__ import annotations

import re

from registry.accounts import SYSTEM_ORG, Accounts
from registry.settings import RegistrySettings

_PROJECT_WORDS = ("cairn", "anthropic")
_ENDORSEMENT_WORDS = frozenset({"official", "verified"})
_WHOLE_NAMES = frozenset({"claude"})
_PARTS = re.compile(r"[-_]+")


def reserved_name(name: str) -> str | None:
    """Why ``name`` (a skill, organisation or user name) is reserved, or None when anyone may take it."""
    lowered = name.lower()
    parts = set(_PARTS.split(lowered))
    for word in _PROJECT_WORDS:
        if lowered.startswith(word) or word in parts:
            return f"names with {word!r} in them are reserved for the project's own skills"
    if lowered in _WHOLE_NAMES:
        return f"{name!r} is reserved: it is the model's own name"
    claimed = sorted(parts & _ENDORSEMENT_WORDS)
    if claimed:
        return f"names claiming to be {claimed[0]!r} are reserved: this registry endorses no one's skills"
    return None


def may_use_reserved(publisher: str, settings: RegistrySettings, accounts: Accounts) -> bool:
    """The registry's administrators and the members of the built-in skills' organisation."""
    return publisher in settings.admins or accounts.role(SYSTEM_ORG, publisher) is not None
