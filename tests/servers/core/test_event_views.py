"""Events belong to the user who caused them: stamped at publish, and a token holder sees only their own."""

from __future__ import annotations

from servers.core.event_views import recent_events, visible
from servers.core.events import EventBus
from servers.core.principal import Principal, acting_as

ALICE = Principal("alice", frozenset({"skills:read"}))
BOB = Principal("bob", frozenset({"skills:read", "memory:read"}))
ADMIN = Principal("root", frozenset({"skills:admin"}))


def test_an_event_published_while_a_user_acts_names_that_user() -> None:
    bus = EventBus()
    with acting_as(ALICE):
        activated = bus.publish_nowait("skill.activated", {"name": "x"}, session_id="alice/s1")
        named = bus.publish_nowait("memory.written", {"id": "m1", "user_id": "carol"})  # an admin naming carol
    anonymous = bus.publish_nowait("skill.activated", {"name": "x"}, session_id="s2")
    assert activated.user_id == "alice"
    assert named.user_id == "carol"
    assert anonymous.user_id is None  # stdio: the host is trusted, nothing to stamp


def test_a_token_holder_sees_only_their_own_events() -> None:
    bus = EventBus()
    with acting_as(ALICE):
        bus.publish_nowait("skill.activated", {"name": "x"}, session_id="alice/secret")
    with acting_as(BOB):
        bus.publish_nowait("skill.activated", {"name": "y"}, session_id="bob/s")
    bus.publish_nowait("skill.activated", {"name": "z"}, session_id="host")
    events = bus.recent()
    with acting_as(BOB):
        assert [e.session_id for e in visible(events, "skills:admin")] == ["bob/s"]
        assert [e["session_id"] for e in recent_events(bus, "bob")] == ["bob/s"]
    with acting_as(ADMIN):
        assert len(visible(events, "skills:admin")) == 3
    assert len(visible(events, "skills:admin")) == 3  # no authentication: the host sees everything
