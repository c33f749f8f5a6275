"""Start a server on a transport and tell the user how to connect their host to it."""

from __future__ import annotations

import asyncio
import json
import shutil
import sys
from pathlib import Path
from typing import Literal

from servers.core.settings import CairnSettings


def _cairn_executable() -> str:
    beside = Path(sys.executable).parent / "cairn"
    return str(beside) if beside.exists() else (shutil.which("cairn") or "cairn")


def connection_help(
    name: str, transport: str, host: str, port: int, settings: CairnSettings, *, auth: str = "none"
) -> str:
    exe = _cairn_executable()
    label = "cairn" if name == "all" else f"cairn-{name}"
    stdio_entry = {
        "command": exe,
        "args": ["serve", name, "--transport", "stdio"],
        "env": {"CAIRN_HOME": str(settings.home)},
    }
    lines = []
    if transport != "stdio":
        url = f"http://{host}:{port}/{'sse' if transport == 'sse' else 'mcp'}"
        lines += [
            f"Cairn {name} is serving {'SSE' if transport == 'sse' else 'Streamable HTTP'} at {url}",
            f"  health: http://{host}:{port}/health   data: {settings.home}",
            "",
            "Connect Claude Code to this running server:",
            f"  claude mcp add --transport {'sse' if transport == 'sse' else 'http'} {label} {url}",
        ]
        if auth == "cairn":
            lines += [
                "  then run /mcp in Claude Code and choose Authenticate: a browser page asks you to sign in",
                "  (manage users with `cairn auth add-user NAME`) and to allow the scopes it requests.",
            ]
    lines += [
        "Or let the host start Cairn itself over stdio:",
        f"  claude mcp add {label} -e CAIRN_HOME={settings.home} -- {exe} serve {name} --transport stdio",
        "Claude Desktop (claude_desktop_config.json):",
        "  " + json.dumps({"mcpServers": {label: stdio_entry}}),
        "",
    ]
    return "\n".join(lines)


def run_server(
    name: str,
    transport: Literal["http", "sse", "stdio"],
    host: str,
    port: int,
    settings: CairnSettings,
    *,
    auth: Literal["cairn", "external", "none"] = "cairn",
    remotes: dict[str, str] | None = None,
) -> int:
    if transport == "stdio":
        from servers.core.serving import build_server

        # stdio needs no auth (the host started us), and stdout is the protocol stream:
        # everything for people goes to stderr.
        asyncio.run(build_server(name, settings, remotes=remotes).run_stdio_async(show_banner=False))
        return 0
    import uvicorn

    from servers.auth.wiring import build_endpoint

    endpoint = build_endpoint(name, settings, transport=transport, host=host, port=port, auth=auth, remotes=remotes)
    print(connection_help(name, transport, host, port, settings, auth=auth), file=sys.stderr, flush=True)
    for notice in endpoint.notices:
        print(notice, file=sys.stderr, flush=True)
    config = uvicorn.Config(
        endpoint.app, host=host, port=port, lifespan="on", log_level="warning", timeout_graceful_shutdown=2
    )
    uvicorn.Server(config).run()
    return 0
