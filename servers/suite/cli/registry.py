"""``cairn registry serve``: the skills marketplace (website + API), seeded with the built-in skills."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from servers.suite.cli.options import add_forwarded_allow_ips

DEFAULT_PORT = 8780  # beside the MCP servers' 8765


def add_registry_commands(sub: Any) -> None:
    registry = sub.add_parser("registry", help="the skills marketplace: website and API")
    rsub = registry.add_subparsers(dest="registry_command", required=True)
    serve = rsub.add_parser("serve", help="serve the registry website and /api/v1")
    serve.add_argument("--host", default=None, help="interface (default CAIRN_HOST or 127.0.0.1)")
    serve.add_argument("--port", type=int, default=None, help=f"port (default {DEFAULT_PORT})")
    add_forwarded_allow_ips(serve)


def run_registry_command(args: argparse.Namespace) -> int:
    import uvicorn

    from registry.app import create_app
    from servers.core.loopback import is_loopback
    from servers.core.private import tighten_tree
    from servers.suite.cli.run import proxy_options, trusted_proxies
    from servers.suite.settings import get_settings

    settings = get_settings()
    host = args.host or settings.host
    port = args.port or DEFAULT_PORT
    shown = f"[{host}]" if ":" in host else host
    base = (settings.registry.base_url or f"http://{shown}:{port}").rstrip("/")
    if not base.startswith("https://") and not is_loopback(host):
        print(
            f"cairn: refusing to serve the registry on {host} over plain http: sign-in needs https off this machine. "
            "Put a TLS proxy in front and set CAIRN_REGISTRY__BASE_URL to its https URL.",
            file=sys.stderr,
        )
        return 2
    app = create_app(settings, base_url=base)
    tighten_tree(settings.home)  # what an older version left open becomes private
    for line in [
        f"Cairn skills registry: {base}  (API {base}/api/v1, OpenAPI {base}/openapi.json)",
        *app.state.notices,
    ]:
        print(line, file=sys.stderr, flush=True)
    print(f"Install from it: cairn skills install NAME --registry {base}", file=sys.stderr, flush=True)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        **proxy_options(trusted_proxies(args.forwarded_allow_ips, settings)),
    )
    return 0
