"""A small thread-safe cache of the most recently used answers (translations, query vectors, model choices).

Hosts repeat the same request within a session; the expensive step (an LLM call, an embedding) is then done
once. The least recently used entry goes first once ``size`` are held (``cachetools.LRUCache``, which is not
thread-safe by itself: servers call from their worker threads, so every access holds a lock).
"""

from __future__ import annotations

import threading
from collections.abc import Hashable
from typing import Generic, TypeVar

from cachetools import LRUCache

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Recent(Generic[K, V]):
    def __init__(self, size: int) -> None:
        self.size = size
        self._items: LRUCache[K, V] = LRUCache(maxsize=size)
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            return self._items.get(key)  # a hit becomes the most recently used

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._items[key] = value

    def __len__(self) -> int:
        return len(self._items)
