"""The durable event outbox: one table of events that every server process on a home (or a database) reads.

The in-process bus reaches only handlers in the same process, so ``cairn serve memory`` and
``cairn serve reflection`` started separately never met. Durable events are appended here as well
(``$CAIRN_HOME/events/events.db``, or the ``events`` schema of ``CAIRN_DATABASE_URL``), and readers come
in two kinds:

* **consumer groups** (:meth:`Outbox.claim` / :meth:`Outbox.ack`): a named cursor stored in the table
  ``consumers``. All instances of one consumer share it, and a lease on its row lets one instance at a
  time hold a batch, so each event is handled once across instances; a cursor row lock (PostgreSQL
  ``FOR UPDATE``, SQLite's write transaction) makes taking the lease atomic. The cursor is advanced
  after each handled event, so a restart neither loses nor repeats events; a crash in the middle of a
  handler repeats that one event once the lease runs out (handlers are idempotent on the event id).
* **tails** (:meth:`Outbox.read`): a position kept in memory, for what every process wants to see
  (notifications to its clients, the ``memory://events`` resource).

Ids grow with commit order, which readers that remember "everything after id N" rely on. SQLite
serialises writers anyway; on PostgreSQL an identity value is taken at insert time and a transaction that
took a smaller one could commit later, so appends take a transaction-scoped advisory lock first.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from servers.core.storage.component import ComponentStore
from servers.core.storage.database import Database
from servers.core.storage.ids import now_iso
from servers.core.storage.migrations import Migration

if TYPE_CHECKING:
    from servers.core.storage.postgres import PgDatabase

_TABLES = """
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT, topic TEXT NOT NULL, user_id TEXT, session_id TEXT,
  payload TEXT NOT NULL, origin TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE INDEX outbox_user ON outbox(user_id, id);
CREATE INDEX outbox_created ON outbox(created_at);
CREATE TABLE consumers (
  name TEXT PRIMARY KEY, position INTEGER NOT NULL, owner TEXT, lease_until TEXT, updated_at TEXT NOT NULL);
"""

MIGRATIONS = [Migration(1, "event outbox and consumer cursors", _TABLES)]
PG_MIGRATIONS = [
    Migration(
        1,
        "event outbox and consumer cursors",
        _TABLES.replace("INTEGER PRIMARY KEY AUTOINCREMENT", "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY").replace(
            "position INTEGER", "position BIGINT"
        ),
    )
]
PG_SCHEMA = "events"
COMPONENT = "events"

# Consumed events are kept this long (recent history for resources and late tails), and events that no
# consumer group has taken are kept at most MAX_AGE (a consumer that was removed must not pin them forever).
RETENTION = timedelta(days=1)
MAX_AGE = timedelta(days=7)


@dataclass(frozen=True)
class StoredEvent:
    id: int
    topic: str
    payload: dict[str, Any]
    user_id: str | None
    session_id: str | None
    origin: str
    created_at: str


@dataclass
class Claim:
    """A batch of a consumer group's events held under a lease by one owner."""

    consumer: str
    owner: str
    events: list[StoredEvent]
    # The cursor after the batch: past the events of other topics the batch skipped over too.
    scanned_to: int


class LeaseLost(RuntimeError):
    """Another instance took the consumer's lease (ours ran out): stop handling the batch."""


@dataclass
class _Wakers:
    lock: threading.Lock = field(default_factory=threading.Lock)
    callbacks: list[Callable[[], None]] = field(default_factory=list)


class Outbox(ComponentStore):
    """Appends events and hands them to consumer groups and tails; migrates its tables when opened."""

    component = COMPONENT
    migrations = MIGRATIONS
    pg_migrations = PG_MIGRATIONS

    def __init__(self, db: Database | PgDatabase) -> None:
        super().__init__(db)
        self._wakers = _Wakers()

    # --- writing ---------------------------------------------------------------------------------------

    def append(
        self,
        topic: str,
        payload: dict[str, Any],
        *,
        user_id: str | None = None,
        session_id: str | None = None,
        origin: str = "",
        created_at: str | None = None,
    ) -> int:
        """Store one event; its id. Readers in this process are woken at once."""
        with self.db.transaction():
            if self.postgres:
                self.db.execute("SELECT pg_advisory_xact_lock(hashtext('cairn:outbox:append'))")
            rows = self.db.query(
                "INSERT INTO outbox (topic, user_id, session_id, payload, origin, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                (topic, user_id, session_id, _dumps(payload), origin, created_at or now_iso()),
            )
        self.wake()
        return int(rows[0]["id"])

    def on_append(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback`` (from the appending thread) after each append in this process; returns an undo."""
        with self._wakers.lock:
            self._wakers.callbacks.append(callback)

        def undo() -> None:
            with self._wakers.lock:
                if callback in self._wakers.callbacks:
                    self._wakers.callbacks.remove(callback)

        return undo

    def wake(self) -> None:
        with self._wakers.lock:
            callbacks = list(self._wakers.callbacks)
        for callback in callbacks:
            callback()

    # --- tails -----------------------------------------------------------------------------------------

    def latest_id(self) -> int:
        return int(self.db.scalar(_LATEST))

    def latest_id_nowait(self) -> int | None:
        """:meth:`latest_id` without waiting, cheap enough for the event loop (SQLite: one indexed read on a
        connection with no busy timeout); None when that is not possible (PostgreSQL, or the read would
        wait): then call :meth:`latest_id` in a worker thread."""
        if not isinstance(self.db, Database):
            return None
        done, value = self.db.scalar_nowait(_LATEST)
        return int(value) if done else None

    def has_after_nowait(self, after: int, *, user_id: str | None = None) -> bool | None:
        """Whether an event with an id above ``after`` (of ``user_id`` when given) is stored, without waiting
        (as :meth:`latest_id_nowait`); None when that cannot be told without waiting."""
        if not isinstance(self.db, Database):
            return None
        where, params = _filters(after, None, user_id)
        done, value = self.db.scalar_nowait(f"SELECT EXISTS (SELECT 1 FROM outbox WHERE {where})", params)
        return bool(value) if done else None

    def read(
        self, after: int, *, topics: Collection[str] | None = None, user_id: str | None = None, limit: int = 100
    ) -> list[StoredEvent]:
        """Events with an id above ``after``, oldest first."""
        where, params = _filters(after, topics, user_id)
        rows = self.db.query(f"SELECT * FROM outbox WHERE {where} ORDER BY id LIMIT ?", (*params, limit))
        return [_event(r) for r in rows]

    def recent(
        self, limit: int = 100, *, user_id: str | None = None, topics: Collection[str] | None = None
    ) -> list[StoredEvent]:
        """The newest ``limit`` events (of one user when given), oldest first."""
        where, params = _filters(0, topics, user_id)
        rows = self.db.query(f"SELECT * FROM outbox WHERE {where} ORDER BY id DESC LIMIT ?", (*params, limit))
        return [_event(r) for r in reversed(rows)]

    # --- consumer groups -------------------------------------------------------------------------------

    def pending(self, consumer: str, topics: Collection[str]) -> bool:
        """Whether ``consumer`` has events waiting: a cheap read, so idle polling takes no write lock."""
        position = self.db.scalar("SELECT position FROM consumers WHERE name = ?", (consumer,))
        where, params = _filters(int(position or 0), topics, None)
        return self.db.scalar(f"SELECT 1 FROM outbox WHERE {where} LIMIT 1", params) is not None

    def position(self, consumer: str) -> int:
        return int(self.db.scalar("SELECT position FROM consumers WHERE name = ?", (consumer,)) or 0)

    def claim(
        self, consumer: str, owner: str, topics: Collection[str], *, limit: int = 50, lease_s: float = 300.0
    ) -> Claim | None:
        """Up to ``limit`` events after the consumer's cursor, leased to ``owner``; None when another owner
        holds an unexpired lease or nothing is waiting. A new consumer starts at the oldest retained event,
        so what was published before it first ran is not lost."""
        now = datetime.now(UTC)
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO consumers (name, position, updated_at) VALUES (?, 0, ?) ON CONFLICT (name) DO NOTHING",
                (consumer, now_iso(now)),
            )
            # The row lock makes the lease check and the lease write one step across instances.
            lock = " FOR UPDATE" if self.postgres else ""
            row = self.db.query_one(
                f"SELECT position, owner, lease_until FROM consumers WHERE name = ?{lock}", (consumer,)
            )
            assert row is not None
            held = row["owner"] not in (None, owner) and (row["lease_until"] or "") > now_iso(now)
            if held:
                return None
            position = int(row["position"])
            high = self.latest_id()
            where, params = _filters(position, topics, None)
            rows = self.db.query(
                f"SELECT * FROM outbox WHERE {where} AND id <= ? ORDER BY id LIMIT ?", (*params, high, limit)
            )
            events = [_event(r) for r in rows]
            scanned_to = events[-1].id if len(events) == limit else high
            if scanned_to <= position:
                return None
            self.db.execute(
                "UPDATE consumers SET owner = ?, lease_until = ?, updated_at = ? WHERE name = ?",
                (owner, now_iso(now + timedelta(seconds=lease_s)), now_iso(now), consumer),
            )
        return Claim(consumer, owner, events, scanned_to)

    def ack(self, claim: Claim, position: int, *, lease_s: float = 300.0, release: bool = False) -> None:
        """Move the cursor to ``position`` (an event handled, or the batch's end) and renew or release the lease.

        Raises :class:`LeaseLost` when another owner holds the cursor now.
        """
        now = datetime.now(UTC)
        owner = None if release else claim.owner
        lease_until = None if release else now_iso(now + timedelta(seconds=lease_s))
        with self.db.transaction():
            self.db.execute(
                "UPDATE consumers SET position = CASE WHEN position < ? THEN ? ELSE position END, owner = ?, "
                "lease_until = ?, updated_at = ? WHERE name = ? AND owner = ?",
                (position, position, owner, lease_until, now_iso(now), claim.consumer, claim.owner),
            )
            if self.db.changes() != 1:
                raise LeaseLost(f"consumer {claim.consumer!r} is now held by another instance")

    # --- retention -------------------------------------------------------------------------------------

    def prune(self, *, retention: timedelta = RETENTION, max_age: timedelta = MAX_AGE) -> int:
        """Delete events every consumer group has passed and older than ``retention``, and any event older
        than ``max_age``; how many."""
        now = datetime.now(UTC)
        with self.db.transaction():
            floor = self.db.scalar("SELECT MIN(position) FROM consumers")
            self.db.execute(
                "DELETE FROM outbox WHERE (created_at < ? AND id <= ?) OR created_at < ?",
                (now_iso(now - retention), int(floor or 0), now_iso(now - max_age)),
            )
            return self.db.changes()


_LATEST = "SELECT COALESCE(MAX(id), 0) FROM outbox"


def _filters(after: int, topics: Collection[str] | None, user_id: str | None) -> tuple[str, tuple[Any, ...]]:
    where = ["id > ?"]
    params: list[Any] = [after]
    if topics is not None:
        names = sorted(topics)
        where.append(f"topic IN ({', '.join('?' for _ in names)})" if names else "1 = 0")
        params.extend(names)
    if user_id is not None:
        where.append("user_id = ?")
        params.append(user_id)
    return " AND ".join(where), tuple(params)


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


def _event(row: dict[str, Any]) -> StoredEvent:
    return StoredEvent(
        id=int(row["id"]),
        topic=str(row["topic"]),
        payload=json.loads(row["payload"]),
        user_id=row["user_id"],
        session_id=row["session_id"],
        origin=str(row["origin"]),
        created_at=str(row["created_at"]),
    )
