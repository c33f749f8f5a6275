"""The fastmcp middleware that tells :mod:`servers.core.warmup` a request was answered.

Apart from the hold itself because it subclasses fastmcp's middleware: importing fastmcp's server costs a
start a few tenths of a second of CPU, and the path that answers a stdio host from kept answers
(:mod:`servers.suite.deferred`) holds warm-up without it, before anything has imported fastmcp's server.
"""

from __future__ import annotations

from typing import Any

from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext

from servers.core.warmup import answered


class ReleaseAfterFirstAnswer(Middleware):
    """Releases the hold once the first request beyond the handshake has been answered; arms the fallback
    delay once ``initialize`` has been."""

    async def on_request(self, context: MiddlewareContext[Any], call_next: CallNext[Any, Any]) -> Any:
        try:
            return await call_next(context)
        finally:
            answered(context.method or "")
