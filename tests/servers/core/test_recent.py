"""The shared cache of recent answers: bounded, least recently used first out."""

from __future__ import annotations

from servers.core.recent import Recent


def test_the_least_recently_used_entry_goes_first() -> None:
    cache: Recent[str, int] = Recent(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # "a" is now the more recent one
    cache.put("c", 3)
    assert cache.get("b") is None and cache.get("a") == 1 and cache.get("c") == 3
    assert len(cache) == 2


def test_putting_a_key_again_replaces_it_and_keeps_the_size() -> None:
    cache: Recent[str, tuple[str, ...]] = Recent(2)
    cache.put("a", ())
    cache.put("a", ("x",))
    assert cache.get("a") == ("x",) and len(cache) == 1
    assert cache.get("missing") is None
