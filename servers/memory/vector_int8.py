"""One user's vectors held as int8 codes: a scan that shortlists, and an exact float re-score of the shortlist.

The exact in-memory scan of a large user is bound by memory bandwidth (100k × 384 float32 = 154 MB read per
query, ~24 ms on one core). Each vector is kept instead as 384 signed bytes and one float scale (its largest
component / 127), a quarter of the memory and of the bytes a scan reads (the widening of the codes to float32
is arithmetic, so the scan takes about half the time, not a quarter). The scan ranks every row by the
dot product of its codes with the query, keeps the best ``SHORTLIST_FACTOR × k`` (never fewer than
``SHORTLIST_MIN``), and the caller scores those again on their float vectors read from the store, so the
scores returned are exact and the order is lost only where the rounding of the codes moved an exact top-k
row out of the shortlist (measured: bench/memory/RESULTS-postgresql.md).

A scale per vector, not per dimension: a vector added or replaced while the copy is live is coded on its
own, so no change ever needs the others re-coded (a per-dimension scale fixed at load would clip a later
vector with a larger component), and on the measured fill it ranked as well (same file).
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

# The shortlist the int8 scan hands to the exact re-score: SHORTLIST_FACTOR × k rows, at least
# SHORTLIST_MIN (small k, e.g. the dedupe lookup's 6, would otherwise leave no margin for rounding). On the
# 1M fill's 100k-entry user, 2 × k lost nothing of the exact top 5/10/50; k alone lost 3 %.
SHORTLIST_FACTOR = 2
SHORTLIST_MIN = 32
# Users with fewer vectors stay float32: their scan is short anyway, and the re-score's read from the store
# would cost more than the scan saves (measured, same file).
INT8_MIN_ROWS = 50_000
# Rows converted to float32 at once during a scan: BLAS has no int8 product, so codes are widened a block
# at a time into a buffer that stays in the processor's caches (3 MB; a whole-matrix conversion would write 4x
# the bytes the codes save). 512-4,096 rows measured the same, 8,192 slower. Per thread, allocated once.
_BLOCK_ROWS = 2048
_HEADROOM_ROWS = 256
_buffers = threading.local()


def _block_buffer(dim: int) -> np.ndarray:
    import numpy as np

    buffer: np.ndarray | None = getattr(_buffers, "block", None)
    if buffer is None or buffer.shape[1] != dim:
        buffer = np.empty((_BLOCK_ROWS, dim), dtype=np.float32)
        _buffers.block = buffer
    return buffer


def shortlist_size(k: int) -> int:
    return max(SHORTLIST_FACTOR * k, SHORTLIST_MIN)


def quantise(vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """int8 codes and per-row scales of unit vectors (rows): ``codes * scale`` approximates each row."""
    import numpy as np

    peak = np.abs(vectors).max(axis=1)
    scales = np.where(peak > 0, peak / 127.0, 1.0).astype(np.float32)
    codes = np.clip(np.rint(vectors / scales[:, None]), -127, 127).astype(np.int8)
    return codes, scales


class Int8Partition:
    """One user's unit vectors as int8 codes with their entry rowids (-1 = a free row); the same interface
    as the float partition of :mod:`servers.memory.vector_cache`, but :meth:`shortlist` in place of top_k."""

    def __init__(self, generation: int, dim: int, rows: list[tuple[int, np.ndarray]]) -> None:
        import numpy as np

        self.lock = threading.Lock()
        self.generation = generation
        self.searched_at = time.monotonic()
        self.dim = dim
        capacity = len(rows) + _HEADROOM_ROWS
        self.codes = np.zeros((capacity, dim), dtype=np.int8)
        self.scales = np.zeros(capacity, dtype=np.float32)
        self.rowids = np.full(capacity, -1, dtype=np.int64)
        self.slots: dict[int, int] = {}
        self.free: list[int] = []
        self.used = len(rows)
        if rows:
            # Coded in one pass (a row at a time would take seconds at 100k).
            codes, scales = quantise(np.stack([v for _, v in rows]).astype(np.float32, copy=False))
            self.codes[: self.used] = codes
            self.scales[: self.used] = scales
            self.rowids[: self.used] = [r for r, _ in rows]
            self.slots = {rowid: slot for slot, (rowid, _) in enumerate(rows)}
            if len(self.slots) < len(rows):  # a rowid twice: keep the last, free the others
                for slot, (rowid, _) in enumerate(rows):
                    if self.slots[rowid] != slot:
                        self.rowids[slot] = -1
                        self.free.append(slot)

    @property
    def nbytes(self) -> int:
        return int(self.codes.nbytes + self.scales.nbytes + self.rowids.nbytes)

    def remove(self, rowid: int) -> None:
        slot = self.slots.pop(rowid, None)
        if slot is not None:
            self.rowids[slot] = -1
            self.scales[slot] = 0.0
            self.free.append(slot)

    def put(self, rowid: int, vector: np.ndarray) -> None:
        import numpy as np

        self.remove(rowid)
        if self.free:
            slot = self.free.pop()
        else:
            if self.used == len(self.rowids):
                self._grow()
            slot = self.used
            self.used += 1
        codes, scales = quantise(np.asarray(vector, dtype=np.float32)[None, :])
        self.codes[slot] = codes[0]
        self.scales[slot] = scales[0]
        self.rowids[slot] = rowid
        self.slots[rowid] = slot

    def _grow(self) -> None:
        import numpy as np

        extra = max(_HEADROOM_ROWS, len(self.rowids) // 32)
        self.codes = np.concatenate([self.codes, np.zeros((extra, self.dim), dtype=np.int8)])
        self.scales = np.concatenate([self.scales, np.zeros(extra, dtype=np.float32)])
        self.rowids = np.concatenate([self.rowids, np.full(extra, -1, dtype=np.int64)])

    def approximate_scores(self, query: np.ndarray) -> np.ndarray:
        """Every used row's approximate cosine with the unit ``query`` (free rows: -inf)."""
        import numpy as np

        scores = np.empty(self.used, dtype=np.float32)
        block = _block_buffer(self.dim)
        for start in range(0, self.used, _BLOCK_ROWS):
            end = min(start + _BLOCK_ROWS, self.used)
            widened = block[: end - start]
            np.copyto(widened, self.codes[start:end], casting="unsafe")
            np.dot(widened, query, out=scores[start:end])
        scores *= self.scales[: self.used]
        if self.free:
            scores[self.rowids[: self.used] < 0] = -np.inf
        return scores

    def shortlist(self, query: np.ndarray, k: int) -> list[int]:
        """The rowids of the ``shortlist_size(k)`` rows the codes rank highest (all live rows when fewer)."""
        import numpy as np

        live = len(self.slots)
        if live == 0 or k <= 0:
            return []
        scores = self.approximate_scores(query)
        take = min(shortlist_size(k), live)
        picked = np.argpartition(-scores, take - 1)[:take] if take < self.used else np.arange(self.used)
        rowids = self.rowids[picked]
        return [int(r) for r in rowids[rowids >= 0]]


def rescore(query: np.ndarray, blobs: list[tuple[int, bytes]], dim: int, k: int) -> list[tuple[int, float]] | None:
    """(rowid, exact cosine) of the ``k`` best of ``blobs`` (float32 vectors as the store gives them) for the
    unit ``query``, best first, equal scores by rowid as the float scan orders them; decoded in one piece
    (a row at a time costs more than the product). None when a vector is not ``dim`` long."""
    import numpy as np

    if k <= 0 or not blobs:
        return []
    data = b"".join(blob for _, blob in blobs)
    if any(len(blob) != 4 * dim for _, blob in blobs):
        return None
    rowids = np.array([rowid for rowid, _ in blobs], dtype=np.int64)
    matrix = np.frombuffer(data, dtype=np.float32).reshape(len(blobs), dim)
    norms = np.linalg.norm(matrix, axis=1)
    # A zero vector has no direction: the float copy never holds one either.
    keep = (norms > 0) & np.isfinite(norms)
    rowids, scores = rowids[keep], (matrix[keep] @ query) / norms[keep]
    order = np.lexsort((rowids, -scores))[:k]
    return [(int(rowids[i]), float(scores[i])) for i in order]
