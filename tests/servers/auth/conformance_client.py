"""The client application the conformance suite drives, built on Cairn's client library
(`servers.auth.client.oauth_for`, what `cairn connect --no-browser` uses): a fresh token store, the
scenario's pre-registered client if any (MCP_CONFORMANCE_CONTEXT), then list the tools and call the
first one — the call is what exercises step-up authorization."""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
from pathlib import Path

from fastmcp import Client

from servers.auth.client import oauth_for, token_auth_method


async def run(url: str) -> int:
    context = json.loads(os.environ.get("MCP_CONFORMANCE_CONTEXT", "{}"))
    secret = context.get("client_secret")
    auth = oauth_for(
        url,
        Path(tempfile.mkdtemp(prefix="cairn-conformance-")),
        browser=False,
        client_id=context.get("client_id"),
        client_secret=secret,
        client_auth_method=await token_auth_method(url) if secret else None,
    )
    async with Client(url, auth=auth) as client:
        tools = await client.list_tools()
        if tools:
            await client.call_tool(tools[0].name, {}, raise_on_error=False)
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(run(sys.argv[-1])))
