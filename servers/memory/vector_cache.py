"""Each user's vectors held in memory, so a vector search is one matrix-vector product, not an index scan.

sqlite-vec scans a user's partition from the file on every query; an exact scan of the same float32
vectors in memory gives the same hits ~3x faster (bench/RESULTS.md). On PostgreSQL the index is an
approximate HNSW graph shared by all users, which loses hits for a user with many similar memories
(bench/memory/RESULTS-postgresql.md); the copy in memory is exact. The copy must never be stale, and
other processes (or instances) write the same store, so freshness comes from the store, not from this process:

- every change to an entry's vector (stored, replaced, cleared, archived, deleted) appends a row to the
  store's change log in the same transaction (triggers on ``entries``, whichever process or code path
  made the change);
- before each search the user's generation (one index lookup; SQLite: the newest log sequence of the
  user, PostgreSQL: the user's change counter) is compared with the copy's; on a difference only the
  logged rowids are re-read, and a copy too far behind (the log was pruned past it) or facing a large
  change is dropped and loaded again.

A user seen for the first time, or whose copy was dropped, is loaded in the background while the
caller searches the index as before: a recall never waits for a load. Users whose vectors do not fit
``budget_bytes`` are never held (their searches stay on the index), and the least recently searched
users are evicted to keep the total within it, but never one searched in the last minute: with more
large users than the budget holds, they would otherwise load each other out in turn.

A user with at least :data:`~servers.memory.vector_int8.INT8_MIN_ROWS` vectors is held as int8 codes (a
quarter of the memory), scanned for a shortlist that is then scored exactly on the float vectors read from
the store (:mod:`servers.memory.vector_int8`); ``quantise=False`` keeps every user in float32.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from servers.memory.vector_int8 import INT8_MIN_ROWS, Int8Partition, rescore

# numpy is imported inside the functions that compute with vectors: a start that has none never loads it.
if TYPE_CHECKING:
    import numpy as np


log = logging.getLogger(__name__)

DEFAULT_VECTOR_CACHE_BYTES = 160 * 2**20  # holds one user's 100k 384-dimensional vectors
# Free rows kept after a load, and the least a full matrix grows by: room for new writes without a copy.
_HEADROOM_ROWS = 256
# A catch-up touching more rows than this share of the copy reloads it instead (one query, not many).
_RELOAD_SHARE = 16
# A user searched this recently is not evicted to make room for another: with more large users than the
# budget holds, loading each in turn would evict the last one searched and read its 100+ MB again at once
# (a loading loop that helps no search). The user without room is searched on the index meanwhile.
MIN_RESIDENCY_S = 60.0
# How long a user refused for lack of room waits before the next attempt.
NO_ROOM_RETRY_S = 30.0


class VectorSource(Protocol):
    """What the cache reads from the store (:class:`~servers.memory.storage.store.MemoryStore`,
    :class:`~servers.memory.storage.store_pg.PgMemoryStore`)."""

    def vector_model(self) -> tuple[str, int] | None: ...
    def vector_generation(self, user_id: str) -> int: ...
    def vector_log_horizon(self, user_id: str) -> int: ...
    def vector_changes(self, user_id: str, after: int) -> list[int]: ...
    def vector_count(self, user_id: str) -> int: ...
    def user_vectors(self, user_id: str) -> list[tuple[int, bytes]]: ...
    def vectors_of(self, user_id: str, rowids: list[int]) -> list[tuple[int, bytes]]: ...
    def in_transaction(self) -> bool: ...


@dataclass
class CacheStats:
    """Counts since the cache was made (not locked: approximate when searches run side by side)."""

    searches: int = 0  # answered from memory
    fallbacks: int = 0  # sent back to the index (not held, loading, too large, inside a transaction)
    loads: int = 0
    catch_ups: int = 0
    evictions: int = 0
    no_room: int = 0  # loads refused: the budget is held by users searched within MIN_RESIDENCY_S


class _Partition:
    """One user's unit vectors: rows of ``vectors`` with their entry rowids (-1 = a free row)."""

    def __init__(self, generation: int, dim: int, rows: list[tuple[int, np.ndarray]]) -> None:
        import numpy as np

        self.lock = threading.Lock()
        self.generation = generation
        self.searched_at = time.monotonic()
        self.dim = dim
        capacity = len(rows) + _HEADROOM_ROWS
        self.vectors = np.zeros((capacity, dim), dtype=np.float32)
        self.rowids = np.full(capacity, -1, dtype=np.int64)
        self.slots: dict[int, int] = {}
        self.free: list[int] = []
        self.used = 0
        for rowid, vector in rows:
            self.put(rowid, vector)

    @property
    def nbytes(self) -> int:
        return int(self.vectors.nbytes + self.rowids.nbytes)

    def remove(self, rowid: int) -> None:
        slot = self.slots.pop(rowid, None)
        if slot is not None:
            self.rowids[slot] = -1
            self.free.append(slot)

    def put(self, rowid: int, vector: np.ndarray) -> None:
        self.remove(rowid)
        if self.free:
            slot = self.free.pop()
        else:
            if self.used == len(self.rowids):
                self._grow()
            slot = self.used
            self.used += 1
        self.vectors[slot] = vector
        self.rowids[slot] = rowid
        self.slots[rowid] = slot

    def _grow(self) -> None:
        import numpy as np

        extra = max(_HEADROOM_ROWS, len(self.rowids) // 32)
        self.vectors = np.concatenate([self.vectors, np.zeros((extra, self.dim), dtype=np.float32)])
        self.rowids = np.concatenate([self.rowids, np.full(extra, -1, dtype=np.int64)])

    def top_k(self, query: np.ndarray, k: int) -> list[tuple[int, float]]:
        """(rowid, cosine) best first; equal scores by rowid, so the order is deterministic."""
        import numpy as np

        live = len(self.slots)
        if live == 0 or k <= 0:
            return []
        scores = self.vectors[: self.used] @ query
        if self.free:
            scores[self.rowids[: self.used] < 0] = -np.inf
        take = min(k, live)
        picked = np.argpartition(-scores, take - 1)[:take] if take < self.used else np.arange(self.used)
        picked = picked[self.rowids[picked] >= 0]
        order = picked[np.lexsort((self.rowids[picked], -scores[picked]))]
        return [(int(self.rowids[i]), float(scores[i])) for i in order]


def unit_rows(blobs: list[tuple[int, bytes]], dim: int | None) -> tuple[int, list[tuple[int, np.ndarray]]] | None:
    """Decode float32 blobs into unit vectors; None when their sizes disagree (a table re-made mid-read)."""
    import numpy as np

    rows: list[tuple[int, np.ndarray]] = []
    for rowid, blob in blobs:
        vector = np.frombuffer(blob, dtype=np.float32)
        if dim is None:
            dim = len(vector)
        if len(vector) != dim:
            return None
        norm = float(np.linalg.norm(vector))
        if norm > 0 and np.isfinite(norm):  # a zero vector has no direction: the index never finds it either
            rows.append((rowid, vector / norm))
    return (dim or 0), rows


class VectorCache:
    """Per-user vector matrices over a :class:`VectorSource`, within ``budget_bytes``; thread-safe."""

    def __init__(
        self,
        source: VectorSource,
        budget_bytes: int,
        min_residency_s: float = MIN_RESIDENCY_S,
        quantise: bool = True,
        int8_min_rows: int = INT8_MIN_ROWS,
    ) -> None:
        self.source = source
        self.budget_bytes = budget_bytes
        # Users with at least int8_min_rows vectors are held as int8 codes with an exact re-score
        # (servers/memory/vector_int8.py); smaller ones, or everyone when quantise is false, in float32.
        self.quantise = quantise
        self.int8_min_rows = int8_min_rows
        self.min_residency_s = min_residency_s
        self._no_room: dict[str, float] = {}  # user -> when a load was refused for lack of room
        self._warned: set[str] = set()  # users whose searches stay on the index, said once in the log
        self.stats = CacheStats()
        self._parts: OrderedDict[str, _Partition | Int8Partition] = OrderedDict()  # least recently searched first
        self._too_large: dict[str, int] = {}  # user -> generation at which it did not fit
        self._loading: set[str] = set()
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)  # notified when a load ends
        # One loader thread, started on first need. A daemon: a short-lived process (a CLI command, a hook
        # answered in process) exits without waiting for a load it no longer needs.
        self._queue: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._closed = False

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._parts.clear()
        self._queue.put(None)

    def wait_for_loads(self, timeout: float | None = None) -> bool:
        """Wait until the loads scheduled so far are done (benchmarks and tests; searches never wait)."""
        with self._idle:
            return self._idle.wait_for(lambda: not self._loading, timeout)

    def cached_users(self) -> list[str]:
        with self._lock:
            return list(self._parts)

    @property
    def nbytes(self) -> int:
        with self._lock:
            return sum(p.nbytes for p in self._parts.values())

    # --- searching --------------------------------------------------------------------------------

    def search(self, user_id: str, query: np.ndarray, k: int) -> list[tuple[int, float]] | None:
        """The user's ``k`` nearest vectors, or None when the caller must ask the index instead."""
        import numpy as np

        if self.budget_bytes <= 0 or self.source.in_transaction():
            # Inside a write transaction the log may hold rows that a rollback takes back, and a later
            # commit would reuse their sequence numbers: never let such a state into the cache.
            self.stats.fallbacks += 1
            return None
        with self._lock:
            part = self._parts.get(user_id)
            if part is not None:
                self._parts.move_to_end(user_id)
                part.searched_at = time.monotonic()
        if part is None:
            self._schedule_load(user_id, self.source.vector_generation(user_id))
            self.stats.fallbacks += 1
            return None
        q = np.asarray(query, dtype=np.float32).ravel()
        with part.lock:
            # Read under the lock: a copy another search brought further is never taken for a regression.
            generation = self.source.vector_generation(user_id)
            if len(q) != part.dim or not self._catch_up(user_id, part, generation):
                self._drop(user_id, part)
                self._schedule_load(user_id, generation)
                self.stats.fallbacks += 1
                return None
            norm = float(np.linalg.norm(q))
            unit = q / norm if norm > 0 else q
            if not isinstance(part, Int8Partition):
                hits = part.top_k(unit, k)
            else:
                shortlist = part.shortlist(unit, k)
        if isinstance(part, Int8Partition):
            # The exact re-score, outside the lock: the read from the store need not hold up another search of
            # this user. A row changed since the catch-up is scored as it now stands; one deleted since is
            # not found, as in a search a moment later.
            rescored = rescore(unit, self.source.vectors_of(user_id, shortlist), part.dim, k)
            if rescored is None:  # the vector table was re-made with another dimension meanwhile
                self._drop(user_id, part)
                self.stats.fallbacks += 1
                return None
            hits = rescored
        self.stats.searches += 1
        self._fit_budget(keep=user_id)
        return hits

    def _catch_up(self, user_id: str, part: _Partition | Int8Partition, generation: int) -> bool:
        """Bring ``part`` (locked) to ``generation``; False when it must be reloaded instead."""
        if part.generation == generation:
            return True
        if generation < part.generation or part.generation < self.source.vector_log_horizon(user_id):
            return False  # the log was pruned past this copy (or the file was replaced under us)
        changed = self.source.vector_changes(user_id, part.generation)
        if len(changed) > max(_HEADROOM_ROWS, len(part.slots) // _RELOAD_SHARE):
            return False
        decoded = unit_rows(self.source.vectors_of(user_id, changed), part.dim)
        if decoded is None or (decoded[1] and decoded[0] != part.dim):
            return False  # the vector table was re-made with another dimension
        for rowid in changed:
            part.remove(rowid)
        for rowid, vector in decoded[1]:
            part.put(rowid, vector)
        # Changes made after `generation` was read may be applied already; the next search applies them
        # again, which is harmless: each rowid is re-read as it stands.
        part.generation = generation
        self.stats.catch_ups += 1
        return True

    # --- loading and eviction ---------------------------------------------------------------------

    def _schedule_load(self, user_id: str, generation: int) -> None:
        with self._lock:
            if self._closed or user_id in self._loading or self._too_large.get(user_id) == generation:
                return
            refused = self._no_room.get(user_id)
            if refused is not None and time.monotonic() - refused < NO_ROOM_RETRY_S:
                return
            self._loading.add(user_id)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="memory-vector-cache", daemon=True)
                self._thread.start()
        self._queue.put(user_id)

    def _run(self) -> None:
        while (user_id := self._queue.get()) is not None:
            try:
                if not self._closed:
                    self.load(user_id)
            except Exception:  # the index still answers; the next search tries again
                log.exception("could not load the vectors of memory user %r into the cache", user_id)
            finally:
                with self._idle:
                    self._loading.discard(user_id)
                    self._idle.notify_all()

    def load(self, user_id: str) -> bool:
        """Read the user's vectors now (the background loader's work; tests call it directly).
        False when they do not fit the budget."""
        if self.source.in_transaction():
            return False  # it could read changes a rollback then takes back (see search)
        # The generation is read first: whatever changes after it is re-read by the next search.
        generation = self.source.vector_generation(user_id)
        # Counted before reading, so a user over the budget is never read at all (the built matrix is
        # checked too: the count is of entries marked embedded, read a moment earlier).
        model = self.source.vector_model()
        count = self.source.vector_count(user_id)
        quantised = self.quantise and count >= self.int8_min_rows
        # A row: its float32 vector or int8 codes and a float32 scale, and the int64 rowid.
        row_bytes = (model[1] if model else 1) * (1 if quantised else 4) + (4 if quantised else 0) + 8
        need = (count + _HEADROOM_ROWS) * row_bytes
        if need > self.budget_bytes:
            return self._too_large_at(user_id, generation, need)
        if not self._room_for(user_id, need):
            with self._lock:
                self._no_room[user_id] = time.monotonic()
            self.stats.no_room += 1
            self._warn_once(
                user_id,
                "memory's vector cache (CAIRN_MEMORY__VECTOR_CACHE_MB=%d) is held by users searched in the last "
                "minute: user %r (%d MiB of vectors) is searched through the store's index meanwhile (approximate "
                "on PostgreSQL). Raise the setting if this repeats.",
                self.budget_bytes // 2**20,
                user_id,
                -(-need // 2**20),
            )
            return False
        decoded = unit_rows(self.source.user_vectors(user_id), model[1] if model else None)
        if decoded is None or decoded[0] == 0:
            return False  # the vector table is being re-made, or there is none yet
        dim, rows = decoded
        part = Int8Partition(generation, dim, rows) if quantised else _Partition(generation, dim, rows)
        if part.nbytes > self.budget_bytes:
            return self._too_large_at(user_id, generation, part.nbytes)
        with self._lock:
            if self._closed:
                return False
            self._too_large.pop(user_id, None)
            self._no_room.pop(user_id, None)
            self._parts[user_id] = part
            self._parts.move_to_end(user_id)
        self.stats.loads += 1
        self._fit_budget(keep=user_id)
        return True

    def _room_for(self, user_id: str, need: int) -> bool:
        """Whether ``need`` bytes fit beside the users that must stay (searched within ``min_residency_s``)."""
        now = time.monotonic()
        with self._lock:
            staying = sum(
                p.nbytes
                for user, p in self._parts.items()
                if user != user_id and now - p.searched_at < self.min_residency_s
            )
        return staying + need <= self.budget_bytes

    def _too_large_at(self, user_id: str, generation: int, need: int) -> bool:
        with self._lock:
            self._too_large[user_id] = generation
        self._warn_once(
            user_id,
            "user %r has %d MiB of memory vectors, more than CAIRN_MEMORY__VECTOR_CACHE_MB=%d: their recall searches "
            "the store's index (approximate on PostgreSQL). Set it to at least %d to keep their recall exact.",
            user_id,
            -(-need // 2**20),
            self.budget_bytes // 2**20,
            -(-need // 2**20) + 1,
        )
        return False

    def _warn_once(self, user_id: str, message: str, *args: object) -> None:
        """Say why a user's searches stay on the index, once per user and process (an operator sizes the budget
        from it; every search repeating it would drown the log)."""
        with self._lock:
            if user_id in self._warned:
                return
            self._warned.add(user_id)
        log.warning(message, *args)

    def _drop(self, user_id: str, part: _Partition | Int8Partition) -> None:
        with self._lock:
            if self._parts.get(user_id) is part:
                del self._parts[user_id]

    def _fit_budget(self, keep: str) -> None:
        """Evict the least recently searched users until the total fits; ``keep`` goes last."""
        with self._lock:
            total = sum(p.nbytes for p in self._parts.values())
            for user in [u for u in self._parts if u != keep] + [keep]:
                if total <= self.budget_bytes:
                    break
                part = self._parts.pop(user, None)
                if part is not None:
                    total -= part.nbytes
                    self.stats.evictions += 1
