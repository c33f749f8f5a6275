"""Warm-up work (loading a model, a dictionary, a skill library) that a stdio host's first answers need not wait for.

A server's lifespan starts such work in background threads so that no request has to pay for it. Over stdio the
host starts the process and at once sends ``initialize`` and ``tools/list``; threads that parse a dictionary or
load a model then hold the interpreter lock while those answers are being built, and on a small machine they
double the time the host waits. So a stdio server *holds* warm-up until its first answer beyond the handshake has
been sent (or, for a host that asks nothing more, a fallback delay after ``initialize`` was answered), then starts
it all. The delay counts from the handshake, not from the start: on a busy machine a start can take longer than
the delay, and warm-up released then would compete with the very ``tools/list`` it must not slow down.

    warmup.later(service.start_background_load)   # in a lifespan: now, or once released
    warmup.hold(fallback_s=3.0)                     # before serving stdio (the CLI does this)
    server.add_middleware(ReleaseAfterFirstAnswer())  # servers.core.warmup_release; or call answered()
    warmup.discard()                                # the server stopped: what never started is dropped

Without a hold (HTTP, in-process clients, tests, the hook daemon) ``later`` calls at once: nothing changes.
Only the starting of warm-up is deferred; a request that needs the model loads it itself, as it always could.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)

# Requests of the handshake itself: answering them is not yet the host's first real question.
HANDSHAKE = frozenset({"initialize", "server/discover", "ping", "logging/setLevel"})

_lock = threading.Lock()
_held = False
_fallback_s: float | None = None  # armed once initialize has been answered
_pending: list[Callable[[], None]] = []


def later(start: Callable[[], None]) -> None:
    """Call ``start`` (something quick that starts background work) now, or when the hold is released."""
    with _lock:
        if _held:
            _pending.append(start)
            return
    start()


def hold(fallback_s: float) -> None:
    """Defer :func:`later` calls until :func:`release`, or until ``fallback_s`` seconds after :func:`arm`."""
    global _held, _fallback_s
    with _lock:
        _held = True
        _fallback_s = fallback_s


def arm() -> None:
    """The handshake is answered: release in the fallback delay if no other request does it sooner."""
    global _fallback_s
    with _lock:
        delay, _fallback_s = _fallback_s, None
    if delay is None or not _held:
        return
    timer = threading.Timer(delay, release)
    timer.daemon = True
    timer.start()


def release() -> None:
    """Start everything held, in the order it was asked for, in one background thread; then stop holding."""
    global _held
    with _lock:
        if not _held:
            return
        _held = False
        pending = list(_pending)
        _pending.clear()
    if pending:
        threading.Thread(target=_run, args=(pending,), name="warmup", daemon=True).start()


def discard() -> None:
    """Drop what is still held (the server stopped before it was released) and stop holding."""
    global _held, _fallback_s
    with _lock:
        _held = False
        _fallback_s = None
        _pending.clear()


def held() -> bool:
    return _held


def answered(method: str) -> None:
    """A request was answered: release the hold after the first one beyond the handshake; arm the fallback
    delay after ``initialize``. :class:`servers.core.warmup_release.ReleaseAfterFirstAnswer` calls this; so
    does anything that answers a request before fastmcp's middleware sees it."""
    if _held and method not in HANDSHAKE:
        release()
    elif _held and method in ("initialize", "server/discover"):
        arm()


def _run(pending: list[Callable[[], None]]) -> None:
    for start in pending:
        try:
            start()
        except Exception:  # one failed warm-up must not keep the others from starting
            log.exception("warm-up %r failed", start)
