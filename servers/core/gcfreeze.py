"""What a served process built before its first request, kept out of the garbage collector's full passes.

A server process builds a few hundred thousand objects once (modules, the servers, their tools, schemas and
pydantic models) that live until it stops. CPython's full (oldest-generation) collection walks every one of
them each time it runs, and under many clients it ran every few hundred tool calls for about a quarter of a
second of the event loop: about 1 ms per call, amortised (bench/RESULTS.md, issue #34). :func:`gc.freeze`
moves every object alive at that moment into a permanent generation that collections skip; a collection first
means no garbage is frozen. Nothing is freed differently: frozen objects were alive, and reference counting
still frees any of them dropped later (only a reference cycle among them would now stay until exit).
"""

from __future__ import annotations

import gc


def freeze_built_objects() -> int:
    """Collect, then freeze every object alive now; how many objects are frozen in all."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
