"""``cairn hooks …`` (install into a host, daemon status) and ``cairn hook <event>`` (what the host runs).

``cairn hook`` is dispatched by ``servers.suite.cli.main`` before argparse and before any heavy import; the
parser entry here only documents it in ``cairn --help``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from servers.suite.hooks.protocol import EVENTS

if TYPE_CHECKING:
    from servers.suite.hooks.install import Change


def add_hooks_commands(sub: Any) -> None:
    hook = sub.add_parser("hook", help="run one host hook: reads the host's JSON on stdin (installed by `hooks`)")
    hook.add_argument("event", choices=list(EVENTS))

    hooks = sub.add_parser("hooks", help="install Cairn's hooks into Claude Code; the hook daemon")
    hsub = hooks.add_subparsers(dest="hooks_command", required=True)
    for name, text in (
        ("install", "write Cairn's hook entries into Claude Code's settings (and print them for other hosts)"),
        ("uninstall", "remove exactly the entries `install` wrote"),
    ):
        cmd = hsub.add_parser(name, help=text)
        cmd.add_argument("--scope", choices=["user", "project"], default="user")
        cmd.add_argument("--project", type=Path, default=None, help="project folder for --scope project (default .)")
        cmd.add_argument("--settings", type=Path, default=None, help="a settings.json path instead of the scope's")
        if name == "install":
            cmd.add_argument(
                "--cairn-home",
                type=Path,
                default=None,
                help="pin this CAIRN_HOME in the hook commands (with --scope project: in "
                ".claude/settings.local.json, which stays on this machine)",
            )
    hsub.add_parser("status", help="the hook daemon (pid, socket) and where the log is")
    hsub.add_parser("stop", help="stop the hook daemon (the next hook starts a fresh one)")
    hsub.add_parser("serve", help="run the hook daemon in the foreground")
    context = hsub.add_parser("context", help="print the context assembled for a task, with per-section token counts")
    context.add_argument("task")
    context.add_argument("--budget", type=int, default=2000)
    context.add_argument("--session", default=None)
    context.add_argument(
        "--wait",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="wait this long for the embedding model, as the warm hook daemon has it (default 60; 0: keyword "
        "recall unless it is already loaded)",
    )


def _stop_daemon() -> bool:
    from servers.suite.hooks.commands import request

    return request({"event": "stop"}, 2.0) is not None


def run_hooks_command(args: argparse.Namespace) -> int:
    if args.command == "hook":
        from servers.suite.hooks.commands import main

        return main([args.event])
    from servers.suite.hooks import runtime

    if args.hooks_command == "install":
        return _install(args)
    if args.hooks_command == "uninstall":
        return _uninstall(args)
    if args.hooks_command == "status":
        from servers.suite.hooks.commands import request

        reply = request({"event": "ping"}, 1.0)
        print(
            json.dumps(
                {
                    "daemon": {
                        "running": reply is not None,
                        "pid": (reply or {}).get("pid"),
                        "embedder": (reply or {}).get("embedder"),
                    },
                    "socket": str(runtime.socket_path()),
                    "log": str(runtime.log_path()),
                    "sessions": str(runtime.sessions_dir()),
                },
                indent=2,
            )
        )
        return 0
    if args.hooks_command == "stop":
        print("stopped" if _stop_daemon() else "no daemon was running")
        return 0
    if args.hooks_command == "serve":
        from servers.suite.hooks.daemon import main as serve

        return serve()
    if args.hooks_command == "context":
        from servers.core.principal import acting_as
        from servers.suite.hooks.context import ORDER, assemble
        from servers.suite.hooks.sources import DomainSources
        from servers.suite.hooks.tokens import token_counter
        from servers.suite.settings import get_settings

        settings = get_settings()
        sources = DomainSources(settings)
        try:
            # A preview of what the hooks inject: their daemon keeps the model loaded, so load it here too
            # rather than show keyword-only results the hooks would not give.
            if args.wait > 0 and sources.embedder_state() == "loading":
                print("loading the embedding model…", file=sys.stderr, flush=True)
                state = sources.wait_for_embedder(args.wait)
                if state != "loaded":
                    print(f"embedding model {state} after {args.wait:g} s: keyword recall only", file=sys.stderr)
            with acting_as(None):  # the local user, as the hooks act (see servers/suite/hooks/handlers.py)
                gathered = sources.gather(args.task, settings.hooks.user_id, args.session, ORDER)
            count, name = token_counter(settings.hooks.tokenizer)
            print(assemble(gathered, args.budget, ORDER, count, name).model_dump_json(indent=2))
        finally:
            sources.close()
        return 0
    return 2


def _install(args: argparse.Namespace) -> int:
    from servers.suite.hooks import install
    from servers.suite.hooks.placement import placement

    where = placement(args.scope, args.project, args.cairn_home)
    path = args.settings or where.path
    try:
        change = install.install(path, where.executable, where.home)
    except install.SettingsFileError as exc:
        print(f"cairn: {exc}", file=sys.stderr)
        return 1
    _stop_daemon()  # a running daemon may hold older code or settings
    _report(change, "added")
    if where.note and args.settings is None:
        print(f"(this machine's settings, not the shared .claude/settings.json: {where.note})")
    elif args.scope == "project" and os.environ.get("CAIRN_HOME") and where.home is None:
        # The shared file must work for everyone, so the CAIRN_HOME set here is not written into it.
        print(
            "(CAIRN_HOME is not written into the shared file: the hooks use the CAIRN_HOME of the environment "
            "the host runs in; pass --cairn-home to pin one in .claude/settings.local.json)"
        )
    print()
    print(install.other_hosts(where.executable, where.home))
    return 0


def _uninstall(args: argparse.Namespace) -> int:
    from servers.suite.hooks import install
    from servers.suite.hooks.placement import project_files

    if args.settings:
        paths = [args.settings]
    elif args.scope == "user":
        paths = [Path.home() / ".claude" / "settings.json"]
    else:
        paths = [p for p in project_files(args.project) if p.exists()] or [project_files(args.project)[0]]
    for path in paths:
        try:
            change = install.uninstall(path)
        except install.SettingsFileError as exc:
            print(f"cairn: {exc}", file=sys.stderr)
            return 1
        _report(change, "removed")
    _stop_daemon()  # a running daemon may hold older code or settings
    return 0


def _report(change: Change, verb: str) -> None:
    done = change.added if verb == "added" else change.removed
    print(f"{change.path}: {verb} {len(done)} hook entr{'y' if len(done) == 1 else 'ies'}", end="")
    print(f" ({len(change.kept)} already present)" if change.kept else "")
    for event, command in done:
        print(f"  {event:<20} {command}")
