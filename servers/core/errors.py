"""Turning domain errors into MCP errors: the message reaches the client, the traceback does not.

Servers run with ``mask_error_details=True``, so only these translated errors say what was wrong; any
other exception is reported as a bare failure. Arguments that do not fit a tool's input schema are not the
tool's to translate: :class:`servers.core.arguments.ArgumentErrors` names them, on every server.

>>> with tool_errors(MemoryInputError, EntryNotFound):
...     service.get(entry_id)
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from fastmcp.exceptions import ResourceError, ToolError

T = TypeVar("T")
Kinds = tuple[type[BaseException], ...]


def _message(exc: BaseException) -> str:
    # str(KeyError("x")) is "'x'" (its repr); people read the plain text.
    if isinstance(exc, KeyError) and exc.args:
        return str(exc.args[0])
    return str(exc)


@contextmanager
def tool_errors(*kinds: type[BaseException], log_level: int | None = None) -> Iterator[None]:
    """Re-raise ``kinds`` as :class:`ToolError` (``log_level=logging.INFO`` for expected refusals)."""
    try:
        yield
    except kinds as exc:
        if log_level is None:
            raise ToolError(_message(exc)) from exc
        raise ToolError(_message(exc), log_level=log_level) from exc


@contextmanager
def resource_errors(*kinds: type[BaseException]) -> Iterator[None]:
    """Re-raise ``kinds`` as :class:`ResourceError`. A missing entry (:class:`LookupError`) or a bad argument
    (:class:`ValueError`) is the caller's mistake: logged only at debug level, and sent with its protocol
    code by :class:`servers.core.resource_errors.ResourceErrors`."""
    try:
        yield
    except kinds as exc:
        level = logging.DEBUG if isinstance(exc, (LookupError, ValueError)) else logging.ERROR
        raise ResourceError(_message(exc), log_level=level) from exc


def call_tool(kinds: Kinds, fn: Callable[..., T], *args: object, **kwargs: object) -> T:
    with tool_errors(*kinds):
        return fn(*args, **kwargs)


async def acall_tool(kinds: Kinds, fn: Callable[..., Awaitable[T]], *args: object, **kwargs: object) -> T:
    with tool_errors(*kinds):
        return await fn(*args, **kwargs)


__all__ = ["acall_tool", "call_tool", "resource_errors", "tool_errors"]
