"""Recent events as the ``…://events`` resources show them: durable ones from the outbox, the rest from
this process's bus, filtered by who may see whose.

A token holder sees the events of their own user only: the bus stamps every event published while a user
acts with that user (:mod:`events`), so an event naming no user comes from no user's call (the trusted
host's, or the server's own) and is not theirs either."""

from __future__ import annotations

from typing import Any

from servers.core.delivery import to_event
from servers.core.events import DURABLE_TYPES, Event, EventBus
from servers.core.principal import current_principal


def sees_all_users(admin_scope: str) -> bool:
    """True without authentication (the host names the user on every call, so hiding others' events
    would protect nothing) and for a token with the admin scope; a plain token sees its own user only."""
    principal = current_principal()
    return principal is None or principal.has(admin_scope)


def visible(events: list[Event], admin_scope: str) -> list[Event]:
    """``events`` as the caller may see them: all of them, or a plain token's own user's only."""
    if sees_all_users(admin_scope):
        return events
    principal = current_principal()
    mine = principal.subject if principal is not None else None
    return [e for e in events if e.user_id is not None and e.user_id == mine]


def recent_events(bus: EventBus, user_id: str | None, limit: int = 100) -> list[dict[str, Any]]:
    """The newest ``limit`` events, oldest first, of ``user_id`` (every user's when None).

    With an outbox attached, durable events come from it, so they include other processes' and other
    instances'; events that are not durable (recalls) are this process's only.
    """
    outbox = bus.outbox
    events: list[Event] = []
    if outbox is not None:
        events = [to_event(e) for e in outbox.recent(limit, user_id=user_id)]
    local = [
        e
        for e in bus.recent(200)
        if (outbox is None or e.type not in DURABLE_TYPES) and (user_id is None or e.user_id == user_id)
    ]
    merged = sorted([*events, *local], key=lambda e: e.timestamp)
    return [e.as_dict() for e in merged[-limit:]]
