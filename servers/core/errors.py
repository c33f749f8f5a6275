"""Turning domain errors into MCP errors: the message reaches the client, the traceback does not.

Servers run with ``mask_error_details=True``, so only these translated errors say what was wrong; any
other exception is reported as a bare failure. Arguments that do not fit a tool's input schema are not the
tool's to translate: :class:`servers.core.arguments.ArgumentErrors` names them, on every server.

Every refusal a domain raises is a :class:`~servers.core.failures.DomainError`; a server registers its
tools with :func:`domain_tools` so each tool is a plain call into its domain:

>>> tool = domain_tools(mcp)
>>> @tool(annotations=READ_ONLY)
... def memory_get(id: str) -> Entry:
...     return memory.get(id)
"""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from fastmcp.exceptions import ResourceError, ToolError

from servers.core.failures import DomainError

if TYPE_CHECKING:
    from fastmcp import FastMCP


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


ToolDecorator = Callable[[Callable[..., Any]], Any]


def domain_tools(mcp: FastMCP) -> Callable[..., ToolDecorator]:
    """``mcp.tool`` for tools that call the domain: the :class:`DomainError` a tool raises reaches the client
    as its message; any other exception stays masked. The one place refusals become tool errors."""

    def tool(*args: Any, **kwargs: Any) -> ToolDecorator:
        register = mcp.tool(*args, **kwargs)

        def decorate(fn: Callable[..., Any]) -> Any:
            return register(refusals_as_tool_errors(fn))

        return decorate

    return tool


def refusals_as_tool_errors(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` with its :class:`DomainError` raised as a :class:`ToolError`; same signature, sync or async (the
    tool's schema is read through ``functools.wraps``)."""
    if inspect.iscoroutinefunction(fn):

        @functools.wraps(fn)
        async def run_async(*args: Any, **kwargs: Any) -> Any:
            with tool_errors(DomainError):
                return await fn(*args, **kwargs)

        return run_async

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        with tool_errors(DomainError):
            return fn(*args, **kwargs)

    return run


__all__ = ["domain_tools", "refusals_as_tool_errors", "resource_errors", "tool_errors"]
