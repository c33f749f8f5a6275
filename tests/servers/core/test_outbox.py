"""The durable event outbox on both stores: ids, consumer cursors and leases, exactly-once claims, retention."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from servers.core.storage import Database
from servers.core.storage.ids import now_iso
from servers.core.storage.outbox import LeaseLost, Outbox

TOPICS = {"memory.captured"}


@pytest.fixture(params=["sqlite", "postgresql"])
def open_outbox(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], Outbox]]:
    """Opens a new connection to one outbox each call, as separate processes or instances would."""
    opened: list[Outbox] = []
    if request.param == "postgresql":
        from servers.core.storage.postgres import PgDatabase

        url = str(request.getfixturevalue("postgres_url"))

        def make() -> Outbox:
            opened.append(Outbox(PgDatabase(url, "events", max_size=4)))
            return opened[-1]
    else:

        def make() -> Outbox:
            opened.append(Outbox(Database(tmp_path / "events.db")))
            return opened[-1]

    yield make
    for outbox in opened:
        outbox.close()


def test_ids_grow_and_reads_filter_by_user_and_topic(open_outbox: Callable[[], Outbox]) -> None:
    box = open_outbox()
    a = box.append("memory.captured", {"user_id": "alice", "n": 1}, user_id="alice")
    b = box.append("memory.written", {"user_id": "bob"}, user_id="bob")
    c = box.append("memory.captured", {"user_id": "bob", "text": "编码"}, user_id="bob")
    assert a < b < c and box.latest_id() == c
    assert [e.id for e in box.read(0, topics=TOPICS)] == [a, c]
    assert [e.id for e in box.read(a, user_id="bob")] == [b, c]
    assert [e.payload for e in box.recent(2)] == [{"user_id": "bob"}, {"user_id": "bob", "text": "编码"}]
    assert [e.topic for e in box.recent(10, user_id="alice")] == ["memory.captured"]
    # A second connection (another process) sees the same events.
    assert [e.id for e in open_outbox().read(0)] == [a, b, c]


def test_a_consumer_resumes_where_it_stopped_without_loss_or_repeat(open_outbox: Callable[[], Outbox]) -> None:
    box = open_outbox()
    ids = [box.append("memory.captured", {"n": n}) for n in range(5)]
    box.append("memory.written", {})  # another topic: skipped over, never handed to this consumer
    first = box.claim("reflection", "run-1", TOPICS, limit=2)
    assert first is not None and [e.id for e in first.events] == ids[:2]
    box.ack(first, ids[0])
    # The process stops after handling one event; the next run (a new owner once the lease is released)
    # starts with the second.
    box.ack(first, ids[0], release=True)
    later = open_outbox()
    second = later.claim("reflection", "run-2", TOPICS, limit=10)
    assert second is not None and [e.id for e in second.events] == ids[1:]
    later.ack(second, second.scanned_to, release=True)
    assert later.position("reflection") == later.latest_id()
    assert later.claim("reflection", "run-2", TOPICS) is None
    assert not later.pending("reflection", TOPICS)


def test_a_held_lease_keeps_other_instances_out_until_it_runs_out(open_outbox: Callable[[], Outbox]) -> None:
    box = open_outbox()
    box.append("memory.captured", {})
    held = box.claim("reflection", "instance-a", TOPICS, lease_s=0.0)
    assert held is not None
    # lease_s=0 has already run out: instance b may take over, and a's late acknowledgement is refused.
    taken = open_outbox().claim("reflection", "instance-b", TOPICS, lease_s=300)
    assert taken is not None and [e.id for e in taken.events] == [e.id for e in held.events]
    with pytest.raises(LeaseLost):
        box.ack(held, held.scanned_to)
    assert open_outbox().claim("reflection", "instance-c", TOPICS) is None  # b's lease is live


def test_instances_racing_for_one_consumer_handle_each_event_once(open_outbox: Callable[[], Outbox]) -> None:
    box = open_outbox()
    expected = [box.append("memory.captured", {"n": n}) for n in range(60)]
    handled: list[int] = []
    lock = threading.Lock()
    errors: list[BaseException] = []

    def instance(name: str) -> None:
        own = open_outbox()
        try:
            idle = 0
            while idle < 20:
                claim = own.claim("reflection", name, TOPICS, limit=5)
                if claim is None:
                    idle += 1
                    continue
                idle = 0
                try:
                    for event in claim.events:
                        with lock:
                            handled.append(event.id)
                        own.ack(claim, event.id)
                    own.ack(claim, claim.scanned_to, release=True)
                except LeaseLost:
                    continue
        except BaseException as exc:  # surfaced below: a thread's failure must fail the test
            errors.append(exc)

    threads = [threading.Thread(target=instance, args=(f"i{n}",)) for n in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert sorted(handled) == expected  # every event once: none lost, none twice


def test_prune_keeps_what_a_consumer_has_not_passed(open_outbox: Callable[[], Outbox]) -> None:
    box = open_outbox()
    old = now_iso(datetime.now(UTC) - timedelta(days=2))
    ancient = now_iso(datetime.now(UTC) - timedelta(days=30))
    consumed = box.append("memory.captured", {"n": 1}, created_at=old)
    waiting = box.append("memory.captured", {"n": 2}, created_at=old)
    abandoned = box.append("memory.written", {}, created_at=ancient)
    fresh = box.append("memory.captured", {"n": 3})
    claim = box.claim("reflection", "x", TOPICS, limit=1)
    assert claim is not None
    box.ack(claim, consumed, release=True)
    # "consumed" is past the cursor and old; "abandoned" was never consumed but is older than the hard
    # limit. "waiting" is old but not yet consumed, "fresh" is recent: both stay.
    assert box.prune(retention=timedelta(days=1), max_age=timedelta(days=7)) == 2
    assert [e.id for e in box.read(0)] == [waiting, fresh]
    assert abandoned not in [e.id for e in box.read(0)]
