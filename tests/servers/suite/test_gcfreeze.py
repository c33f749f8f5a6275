"""Objects built before serving are frozen out of full collections, and garbage made later is still collected."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from servers.core.gcfreeze import freeze_built_objects


@pytest.fixture
def unfrozen() -> Iterator[None]:
    yield
    gc.unfreeze()


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def test_built_objects_are_frozen_and_later_cycles_still_collected(unfrozen: None) -> None:
    assert freeze_built_objects() == gc.get_freeze_count() > 0
    a, b = Node(), Node()
    a.other, b.other = b, a  # a cycle made after the freeze: the collector still frees it
    gone = weakref.ref(a)
    del a, b
    gc.collect()
    assert gone() is None


def test_garbage_alive_only_in_a_cycle_is_collected_before_freezing(unfrozen: None) -> None:
    a, b = Node(), Node()
    a.other, b.other = b, a
    gone = weakref.ref(a)
    del a, b
    freeze_built_objects()
    assert gone() is None  # collected, not frozen for the process's life
