"""Progress notifications for long tool calls: a domain :class:`~servers.core.progress.Report` sent to the client.

A notification goes out only when the client put a ``progressToken`` in the call's ``_meta`` (fastmcp's own
``Context.report_progress`` checks this too; checking first spares a worker thread a hop to the event loop
per step when nobody listens). Sending never changes the work: a client gone mid-call loses its
notifications, not the result.

| the work runs                      | use                                                         |
|------------------------------------|-------------------------------------------------------------|
| in a worker thread (sync domain)   | ``await in_thread(ctx, fn, *args, progress_kw="progress")`` |
| on the event loop (async domain)   | ``report = async_reporter(ctx)``, then ``await report(…)``  |
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any, TypeVar

import anyio
import anyio.from_thread
import anyio.to_thread
from fastmcp import Context

from servers.core.progress import AsyncReport, Report

log = logging.getLogger(__name__)
T = TypeVar("T")

# What sending a notification can end in when the client has gone: the call's result is still worth making.
_SEND_FAILED = (anyio.BrokenResourceError, anyio.ClosedResourceError, OSError)


def requested(ctx: Context | None) -> bool:
    """Whether the client asked for progress on this call (a ``progressToken`` in the request's ``_meta``)."""
    if ctx is None:
        return False
    try:
        rc = ctx.request_context
    except RuntimeError:  # no request: an in-process call without a client
        return False
    meta = (rc.meta if rc is not None else None) or {}
    return meta.get("progressToken") is not None


class _Increasing:
    """Sends each report whose progress is above the last one sent (the protocol requires progress to grow)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.last: float | None = None

    async def __call__(self, progress: float, total: float | None, message: str) -> None:
        if self.last is not None and progress <= self.last:
            log.debug("progress %s not above %s, not sent: %s", progress, self.last, message)
            return
        self.last = progress
        try:
            await self.ctx.report_progress(progress, total, message)
        except _SEND_FAILED as exc:
            log.debug("progress notification not sent: %s: %s", type(exc).__name__, exc)


def async_reporter(ctx: Context | None) -> AsyncReport | None:
    """A report that sends notifications from the event loop, or None when the client did not ask for them."""
    return _Increasing(ctx) if ctx is not None and requested(ctx) else None


def thread_reporter(ctx: Context | None) -> Report | None:
    """A report for code in an anyio worker thread: each call waits until its notification is handed to the
    transport, so notifications keep the order of the steps and all precede the result."""
    send = async_reporter(ctx)
    if send is None:
        return None

    def report(progress: float, total: float | None, message: str) -> None:
        anyio.from_thread.run(send, progress, total, message)

    return report


async def in_thread(
    ctx: Context | None, fn: Callable[..., T], *args: Any, progress_kw: str = "progress", **kwargs: Any
) -> T:
    """``fn(*args, **kwargs, progress=<report or None>)`` in a worker thread, its reports sent as notifications."""
    call = functools.partial(fn, *args, **kwargs, **{progress_kw: thread_reporter(ctx)})
    return await anyio.to_thread.run_sync(call)


__all__ = ["async_reporter", "in_thread", "requested", "thread_reporter"]
