"""Any embedding model litellm can reach (``CAIRN_EMBEDDER=litellm:openai/text-embedding-3-small``)."""

from __future__ import annotations

import numpy as np

from servers.core.embedding.base import Calibration, EmbedderUnavailable, Matrix, Vector


class LiteLLMEmbedder:
    # Hosted models spread cosine scores wider than e5; these are conservative defaults that
    # CAIRN_MEMORY__SEMANTIC_FLOOR / __DEDUPE_SIMILARITY override.
    _CALIBRATION = Calibration(relevant=0.30, duplicate=0.90, merge=0.88)

    def __init__(self, model: str) -> None:
        try:
            import litellm
        except ImportError as exc:
            raise EmbedderUnavailable(
                "CAIRN_EMBEDDER names a litellm model but litellm is not installed: pip install 'cairn[llm]'"
            ) from exc
        self._litellm = litellm
        self.model = model
        self._dim = len(self._embed(["dimension probe"])[0])

    @property
    def name(self) -> str:
        return f"litellm/{self.model}"

    @property
    def dim(self) -> int:
        return self._dim

    @property
    def calibration(self) -> Calibration:
        return self._CALIBRATION

    def _embed(self, texts: list[str]) -> Matrix:
        response = self._litellm.embedding(model=self.model, input=texts)
        rows = [item["embedding"] for item in response.data]
        matrix = np.asarray(rows, dtype=np.float32)
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        normalized: Matrix = (matrix / np.where(norms == 0, 1, norms)).astype(np.float32)
        return normalized

    def embed_passages(self, texts: list[str]) -> Matrix:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return self._embed(texts)

    def embed_query(self, text: str) -> Vector:
        vector: Vector = self._embed([text])[0]
        return vector
