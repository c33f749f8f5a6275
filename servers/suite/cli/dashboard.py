"""``cairn dashboard``: open the dashboard for the local user, starting Cairn first when nothing serves.

    cairn dashboard [--user NAME] [--port P] [--auth cairn|none] [--no-browser]

The browser gets a one-time link signed with the dashboard's key from ``$CAIRN_HOME`` (0600): reading that
file is what proves the caller is the local user, so no password is asked. The link works once, for two
minutes, on loopback only.
"""

from __future__ import annotations

import argparse
import json
import sys
import urllib.request
import webbrowser
from typing import Any

from servers.core.loopback import is_loopback
from servers.suite.settings import CairnSettings


def add_dashboard_command(sub: Any) -> None:
    parser = sub.add_parser("dashboard", help="open the dashboard (memory, learning, activity) for the local user")
    parser.add_argument("--user", default=None, help="the Cairn user to open it as (default: admin, or the only user)")
    parser.add_argument("--port", type=int, default=None, help="the port Cairn serves on (default CAIRN_PORT or 8765)")
    parser.add_argument(
        "--auth", choices=["cairn", "none"], default="cairn", help="when Cairn is not running yet: how to serve it"
    )
    parser.add_argument("--no-browser", action="store_true", help="print the link instead of opening a browser")


def dashboard_key(settings: CairnSettings) -> bytes:
    """The key the serving process signs dashboard sessions with (see servers/suite/dashboard/app.py)."""
    from servers.suite.dashboard.session import KEY_FILE, key_file

    if settings.database_url:
        from servers.auth.authserver import open_store
        from servers.suite.dashboard.app import SESSION_SECRET

        store, _ = open_store(settings.data_dir("auth"), settings.database_url, database=settings.database)
        return store.shared_secret(SESSION_SECRET, settings.data_dir("dashboard") / KEY_FILE)
    return key_file(settings.data_dir("dashboard"))


def serving(base: str) -> bool:
    """Whether a Cairn endpoint answers at ``base`` (its /health names a server)."""
    try:
        with urllib.request.urlopen(f"{base}/health", timeout=2) as response:
            body: dict[str, Any] = json.loads(response.read())
    except (OSError, ValueError):
        return False
    return "server" in body


def run_dashboard_command(args: argparse.Namespace) -> int:
    from servers.suite.dashboard.session import Sessions
    from servers.suite.settings import get_settings

    settings = get_settings()
    host, port = settings.host, args.port or settings.port
    if not is_loopback(host):
        print(f"cairn dashboard: CAIRN_HOST is {host}; the local link works on loopback only", file=sys.stderr)
        return 2
    shown = f"[{host}]" if ":" in host else host
    base = f"http://{shown}:{port}"
    link = f"{base}/dashboard/enter?ticket={Sessions(dashboard_key(settings)).ticket(args.user)}"

    def show(_: str) -> None:
        print(f"Dashboard: {link}\n  (a one-time link, valid for 2 minutes)", file=sys.stderr, flush=True)
        if not args.no_browser:
            webbrowser.open(link)

    if serving(base):
        show(base)
        return 0
    from servers.suite.cli.run import run_server

    return run_server("all", "http", host, port, settings, auth=args.auth, on_listening=show)
