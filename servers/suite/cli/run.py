"""Start a server on a transport and tell the user how to connect their host to it."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import shutil
import signal
import socket
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

from servers.suite.settings import CairnSettings


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


# A stdio host that asks nothing after the handshake still gets the server warmed up this soon.
STDIO_WARMUP_FALLBACK_S = 3.0


def run_server(
    name: str,
    transport: Literal["http", "sse", "stdio"],
    host: str,
    port: int,
    settings: CairnSettings,
    *,
    auth: Literal["cairn", "external", "none"] = "cairn",
    remotes: dict[str, str] | None = None,
    registry_port: int | None = None,
    forwarded_allow_ips: str | None = None,
    on_listening: Callable[[str], None] | None = None,
) -> int:
    """Serve until stopped (Ctrl-C, SIGTERM, or the host closing stdio); then close every PostgreSQL pool.

    ``forwarded_allow_ips`` (else ``CAIRN_AUTH__FORWARDED_ALLOW_IPS``) names the proxies whose forwarded
    headers are believed; by default none are. ``on_listening(base_url)`` runs once the port listens, before
    the first request is answered (a browser opened then waits in the listen queue, not on a refused port).
    """
    trusted = trusted_proxies(forwarded_allow_ips, settings)
    try:
        return _run(
            name,
            transport,
            host,
            port,
            settings,
            auth=auth,
            remotes=remotes,
            registry_port=registry_port,
            forwarded_allow_ips=trusted,
            on_listening=on_listening,
        )
    finally:
        # Looked up, not imported: serving takes seconds to import, and what never loaded it opened no pool.
        serving = sys.modules.get("servers.suite.serving")
        if serving is not None:
            serving.close_databases()


def _run(
    name: str,
    transport: Literal["http", "sse", "stdio"],
    host: str,
    port: int,
    settings: CairnSettings,
    *,
    auth: Literal["cairn", "external", "none"],
    remotes: dict[str, str] | None,
    registry_port: int | None,
    forwarded_allow_ips: str | None,
    on_listening: Callable[[str], None] | None = None,
) -> int:
    from servers.core.private import tighten_tree

    if transport == "stdio":
        from servers.core import warmup

        tighten_tree(settings.home)
        # The host waits for initialize and tools/list before anything else: warm-up threads (models, the
        # skill library) start once those are answered, instead of competing with them for the interpreter.
        warmup.hold(fallback_s=STDIO_WARMUP_FALLBACK_S)
        # stdio needs no auth (the host started us), and stdout is the protocol stream:
        # everything for people goes to stderr.
        try:
            built = _serve_stdio(name, settings, remotes)
        finally:
            warmup.discard()
        return 0 if built else 1
    # Bound before the servers are even imported (seconds): a busy port is reported at once, not after a wait.
    try:
        sockets = [listen(host, port)] + ([listen(host, registry_port)] if registry_port is not None else [])
    except PortBusy as exc:
        print(f"error: {exc}", file=sys.stderr, flush=True)
        return 3
    from servers.suite.endpoint import build_endpoint
    from servers.suite.tool_cache import schemas_kept

    served: dict[str, Any] = {}
    with schemas_kept(settings):
        endpoint = build_endpoint(
            name,
            settings,
            transport=transport,
            host=host,
            port=port,
            auth=auth,
            remotes=remotes,
            on_child=served.__setitem__,
        )
    # At once: a first start's admin password must be on screen before anything slow can be interrupted.
    for notice in endpoint.notices:
        print(notice, file=sys.stderr, flush=True)
    print(connection_help(name, transport, host, port, settings, auth=auth), file=sys.stderr, flush=True)
    if transport == "http":
        from servers.suite.dashboard.app import mount_dashboard

        dashboard = mount_dashboard(
            endpoint.app,
            served,
            settings,
            base_url=endpoint.base_url,
            authorization_server=endpoint.authorization_server,
            auth=auth,
        )
        print(dashboard, file=sys.stderr, flush=True)
    servers = [uvicorn_server(endpoint.app, host, port, forwarded_allow_ips=forwarded_allow_ips)]
    notices: list[str] = []
    if registry_port is not None:
        from registry.app import create_app

        shown = f"[{host}]" if ":" in host else host
        base = (settings.registry.base_url or f"http://{shown}:{registry_port}").rstrip("/")
        registry_app = create_app(settings, base_url=base)
        print(f"Skills registry: {base}  (install: cairn skills install NAME --registry {base})", file=sys.stderr)
        notices += [n for n in registry_app.state.notices if n not in endpoint.notices]
        servers.append(uvicorn_server(registry_app, host, registry_port, forwarded_allow_ips=forwarded_allow_ips))
    for notice in notices:
        print(notice, file=sys.stderr, flush=True)
    # After everything is built: what an older version left open, and what the servers just created with
    # default modes, become private before the first request.
    tighten_tree(settings.home)
    if on_listening is not None:
        on_listening(endpoint.base_url)

    async def serve_all() -> None:
        # One Ctrl-C or SIGTERM stops every server (uvicorn's own handlers would stop only the last one).
        def stop() -> None:
            for server in servers:
                server.should_exit = True

        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop)
        await asyncio.gather(*(server.serve(sockets=[sock]) for server, sock in zip(servers, sockets, strict=True)))

    # Everything built so far lives as long as the process: out of the collector's full passes (gcfreeze.py).
    from servers.core.gcfreeze import freeze_built_objects

    freeze_built_objects()
    asyncio.run(serve_all())
    return 0


def _serve_stdio(name: str, settings: CairnSettings, remotes: dict[str, str] | None) -> bool:
    """Serve stdio until the host closes it; whether the servers could be built (else the log says why)."""
    if not remotes and settings.kept_listing:
        # The host's first answers come from those kept by an earlier start while the server is built.
        from servers.suite import kept_answers
        from servers.suite.deferred import DeferredServer

        deferred = DeferredServer(name, settings, kept_answers.load(settings, name))
        asyncio.run(deferred.serve_stdio())
        return deferred.failure is None
    from servers.core.warmup_release import ReleaseAfterFirstAnswer
    from servers.suite.serving import build_server
    from servers.suite.tool_cache import schemas_kept

    with schemas_kept(settings):
        server = build_server(name, settings, remotes=remotes)
    server.add_middleware(ReleaseAfterFirstAnswer())
    asyncio.run(server.run_stdio_async(show_banner=False))
    return True


class PortBusy(OSError):
    """The address to serve on is taken or cannot be used; the message says which and what to do."""


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``, or :class:`PortBusy` saying why not."""
    try:
        return socket.create_server((host.strip("[]"), port), family=_family(host), backlog=2048)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise PortBusy(
                f"port {port} on {host} is already in use (is Cairn already running?); stop that process or "
                f"serve on another port with --port (or --registry-port for the registry)"
            ) from None
        raise PortBusy(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def _family(host: str) -> socket.AddressFamily:
    return socket.AF_INET6 if ":" in host else socket.AF_INET


def trusted_proxies(option: str | None, settings: CairnSettings) -> str | None:
    """The proxies to believe: ``--forwarded-allow-ips`` when given (even empty), else the setting."""
    return option if option is not None else settings.auth.forwarded_allow_ips


# How long an idle kept-alive connection stays open. Longer than clients keep theirs (httpx, under the MCP
# Python SDK, drops an idle connection after 5 s; undici after 4 s): if the server closed first, at uvicorn's own
# 5 s, a client reusing the connection at that moment would send its request into a closing socket and fail
# with a read error, which a loaded machine turns from rare into regular. 65 s also outlasts the 60 s idle
# timeout common in load balancers, so they too close first.
KEEP_ALIVE_S = 65


def http_options(forwarded_allow_ips: str | None) -> dict[str, Any]:
    """uvicorn options every Cairn HTTP server shares: how long idle connections live, and whose forwarded
    headers are believed — only the proxies named, none by default.

    uvicorn's own default believes forwarded headers from 127.0.0.1, so any local process (or anything a local
    proxy passes through untouched) could choose the client address that login limits count.
    """
    trusted = (forwarded_allow_ips or "").strip()
    return {
        "proxy_headers": bool(trusted),
        "forwarded_allow_ips": trusted or None,
        "timeout_keep_alive": KEEP_ALIVE_S,
    }


def uvicorn_server(app: Any, host: str, port: int, *, forwarded_allow_ips: str | None = None) -> Any:
    """A uvicorn server for ``app`` that leaves signal handling to the caller (one handler stops them all)."""
    import uvicorn

    class Server(uvicorn.Server):
        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:  # signals are handled once for all servers
            yield

    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        lifespan="on",
        log_level="warning",
        timeout_graceful_shutdown=2,
        **http_options(forwarded_allow_ips),
    )
    return Server(config)
