"""``cairn registry serve``: the skills marketplace (website + API), seeded with the built-in skills; and the
operator's commands on its data: verified publishers and repositories, and users' reports of skills."""

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
    verify = rsub.add_parser("verify", help="mark a person or organisation as a verified publisher")
    verify.add_argument("name", help="the publisher (user or organisation) you have confirmed")
    verify.add_argument("--note", default="", help="how you confirmed it, kept beside the mark")
    verify.add_argument("--undo", action="store_true", help="remove the mark")
    rsub.add_parser("verified", help="list verified publishers and proven repository links")
    repo = rsub.add_parser(
        "verify-repo", help="confirm a publisher's claim to a repository (you saw its proof file there)"
    )
    repo.add_argument("owner")
    repo.add_argument("repository", help="the repository address the publisher claimed")
    repo.add_argument(
        "--check",
        action="store_true",
        help="fetch the proof file (CAIRN_REGISTRY__REPOSITORY_PROOF_URL) instead of confirming by hand",
    )
    repo.add_argument("--undo", action="store_true", help="withdraw the confirmation")
    reports = rsub.add_parser("reports", help="list users' reports of skills (open ones unless --all)")
    reports.add_argument("--all", action="store_true", help="resolved ones too")
    reports.add_argument("--json", action="store_true")
    resolve = rsub.add_parser("resolve", help="resolve a report: dismiss it, yank the version or deprecate the skill")
    resolve.add_argument("report_id")
    resolve.add_argument("--outcome", required=True, choices=["dismissed", "yanked", "deprecated"])
    resolve.add_argument("--note", default="", help="why (shown with a yank or deprecation)")


def run_registry_command(args: argparse.Namespace) -> int:
    if args.registry_command != "serve":
        from servers.suite.cli.registry_admin import run_admin_command

        return run_admin_command(args)
    import uvicorn

    from registry.app import create_app
    from servers.core.loopback import is_loopback
    from servers.core.private import tighten_tree
    from servers.suite.cli.run import http_options, trusted_proxies
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
        **http_options(trusted_proxies(args.forwarded_allow_ips, settings)),
    )
    return 0
