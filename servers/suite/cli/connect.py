"""``cairn connect URL``: sign in to a remote MCP server, list its tools, optionally call one.

What a user can get wrong (an address that does not answer, a wrong password, a server that needs a browser
sign-in, a URL that is not an MCP endpoint) ends in one line on stderr and exit status 1, not a traceback.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path
from typing import Any

FAILED = 1
USAGE = 2


async def connect(args: argparse.Namespace, home: Path) -> int:
    try:
        call_args = json.loads(args.args)
    except ValueError as exc:
        print(f"cairn: --args is not JSON: {exc}", file=sys.stderr)
        return USAGE
    if not isinstance(call_args, dict):
        print('cairn: --args must be a JSON object, e.g. \'{"query": "x"}\'', file=sys.stderr)
        return USAGE
    # The OAuth library logs every failed sign-in with a full traceback before re-raising it; the failure is
    # reported below in one line, so that log would only bury it.
    logging.getLogger("mcp.client.auth").setLevel(logging.CRITICAL)
    try:
        return await _session(args, home, call_args)
    except Exception as exc:
        problem = connect_problem(exc, args.url)
        if problem is None:
            raise
        print(f"cairn: connect {args.url}: {problem}", file=sys.stderr)
        return FAILED


async def _session(args: argparse.Namespace, home: Path, call_args: dict[str, Any]) -> int:
    from fastmcp import Client

    from servers.auth.client import oauth_for, token_auth_method

    password = sys.stdin.readline().rstrip("\n") if args.password_stdin else None
    method = await token_auth_method(args.url) if args.client_secret else None
    auth = oauth_for(
        args.url,
        home,
        scopes=args.scope,
        username=args.username,
        password=password,
        browser=not args.no_browser,
        client_id=args.client_id,
        client_secret=args.client_secret,
        client_auth_method=method,
    )
    async with Client(args.url, auth=auth) as client:
        for tool in await client.list_tools():
            print(f"{tool.name}\t{(tool.description or '').splitlines()[0] if tool.description else ''}")
        if args.call:
            result = await client.call_tool(args.call, call_args, raise_on_error=False)
            print(json.dumps(result.structured_content or [c.model_dump() for c in result.content], indent=2))
            return FAILED if result.is_error else 0
    return 0


def connect_problem(exc: BaseException, url: str) -> str | None:
    """One line for a failure a user can act on, or None for anything else (a bug, shown in full)."""
    import httpx
    import httpx2
    from fastmcp.client.auth.oauth import ClientNotFoundError
    from mcp.client.auth import OAuthFlowError
    from mcp.shared.exceptions import MCPError

    from servers.auth.client import SignInError

    cause = _root(exc)
    if isinstance(cause, SignInError):
        return str(cause)
    if isinstance(cause, ClientNotFoundError):
        return f"the authorization server refused this client: {cause}"
    if isinstance(cause, OAuthFlowError):
        return f"sign-in failed: {cause}"
    if isinstance(cause, httpx.TimeoutException | httpx2.TimeoutException):
        return "no answer in time; is the address right and the server running?"
    if isinstance(cause, httpx.HTTPStatusError | httpx2.HTTPStatusError):
        return f"the server answered HTTP {cause.response.status_code}; is this the MCP endpoint (often …/mcp)?"
    if isinstance(cause, httpx.HTTPError | httpx2.HTTPError | OSError):
        return f"cannot reach the server ({cause}); is the address right and the server running?"
    if isinstance(cause, MCPError):
        return f"this is not an MCP endpoint ({cause}); MCP servers usually answer at …/mcp"
    return None


def _root(exc: BaseException) -> BaseException:
    """The failure itself, out of the wrappers the client puts around it (task groups, "failed to connect")."""
    while True:
        if isinstance(exc, BaseExceptionGroup) and len(exc.exceptions) == 1:
            exc = exc.exceptions[0]
        elif isinstance(exc, RuntimeError) and str(exc).startswith("Client failed to connect") and exc.__cause__:
            exc = exc.__cause__
        else:
            return exc
