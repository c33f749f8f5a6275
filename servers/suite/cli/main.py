"""``cairn``: serve the MCP servers, and manage data from the shell.

    cairn serve [memory|all] [--transport http|sse|stdio] [--host H] [--port P] [--auth cairn|external|none]
                [--forwarded-allow-ips IPS]
    cairn auth add-user NAME [--scopes "…"|all] | users | scopes NAME [--set|--add|--remove "…"]
               | remove-user NAME | reset-password NAME [--password-stdin] | recovery-codes NAME
               | rotate-keys | serve [--remote NAME]
    cairn connect URL [--list-tools]
    cairn registry serve [--host H] [--port P]
    cairn skills search|info|install NAME[@VERSION]|publish DIR|yank NAME@VERSION [--registry URL]
    cairn memory export  --format jsonl|markdown --output PATH [--user ID]
    cairn memory import  PATH
    cairn memory reembed [--all]
    cairn hooks install|uninstall [--scope user|project] | status | stop | context TASK
    cairn hook EVENT                  # what a host runs (JSON on stdin); see servers/suite/hooks/commands.py
    cairn dashboard [--user NAME]     # open the dashboard for the local user (starts Cairn when not running)
    cairn migrate                     # create/upgrade every schema (SQLite, or PostgreSQL via CAIRN_DATABASE_URL)
    cairn data copy --from sqlite --to postgresql://…   # move this CAIRN_HOME's data (resumable, verified)
    cairn config                      # the settings in force, as JSON

Exit status: 0 success, 1 failure, 2 usage error.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from servers.suite import catalog
from servers.suite.cli.options import add_forwarded_allow_ips


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cairn", description="Cairn: memory, skills and more for any MCP host.")
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run an MCP server (or all of them) over stdio, SSE or Streamable HTTP")
    serve.add_argument("name", nargs="?", default="all", choices=[*catalog.names(), "all"])
    serve.add_argument("--transport", "-t", choices=["http", "sse", "stdio"], default="http")
    serve.add_argument("--host", default=None, help="interface for HTTP/SSE (default CAIRN_HOST or 127.0.0.1)")
    serve.add_argument("--port", type=int, default=None, help="port for HTTP/SSE (default CAIRN_PORT or 8765)")
    serve.add_argument(
        "--registry-port",
        type=int,
        default=8780,
        help="with `all` over HTTP/SSE: also serve the skills registry website and API on this port",
    )
    serve.add_argument("--no-registry", action="store_true", help="do not start the registry beside `all`")
    serve.add_argument(
        "--remote",
        action="append",
        default=[],
        metavar="NAME=URL",
        help="with `all`: also mount a remote MCP server under NAME (sign in first with `cairn connect URL`)",
    )
    serve.add_argument(
        "--auth",
        choices=["cairn", "external", "none"],
        default="cairn",
        help="cairn: Cairn's own OAuth server (default); external: trust CAIRN_AUTH__EXTERNAL_*; none: loopback only",
    )
    add_forwarded_allow_ips(serve)

    from servers.suite.cli.auth import add_auth_commands

    add_auth_commands(sub)

    from servers.suite.cli.registry import add_registry_commands
    from servers.suite.cli.skills import add_skills_commands

    add_registry_commands(sub)
    add_skills_commands(sub)

    from servers.suite.cli.hooks import add_hooks_commands

    add_hooks_commands(sub)

    from servers.suite.cli.dashboard import add_dashboard_command

    add_dashboard_command(sub)

    memory = sub.add_parser("memory", help="export, import or re-embed memory")
    msub = memory.add_subparsers(dest="memory_command", required=True)
    export = msub.add_parser("export", help="write entries as JSONL or a folder of Markdown files")
    export.add_argument("--format", choices=["jsonl", "markdown"], default="jsonl")
    export.add_argument("--output", "-o", required=True)
    export.add_argument("--user", default=None, help="only this user's entries (default: every user)")
    export.add_argument("--live-only", action="store_true", help="leave archived entries out")
    imp = msub.add_parser("import", help="read a JSONL file or a Markdown folder made by export")
    imp.add_argument("path")
    reemb = msub.add_parser("reembed", help="embed entries with the configured embedder (after a model change)")
    reemb.add_argument(
        "--all",
        dest="everything",
        action="store_true",
        help="every live entry, not only those without a vector of this model (after an upgrade changed what "
        "is embedded, e.g. the cross-language rendering)",
    )

    from servers.suite.cli.migrate import add_migrate_command

    add_migrate_command(sub)

    from servers.suite.cli.data import add_data_commands

    add_data_commands(sub)

    sub.add_parser("config", help="print the settings in force (secrets masked)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        code = _main(argv)
        sys.stdout.flush()  # inside the try: a reader gone away shows up here, not in interpreter shutdown
        return code
    except BrokenPipeError:
        # `cairn … | head`: the reader has what it wanted; stop quietly as other command-line tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141  # 128 + SIGPIPE, what a shell reports for a tool stopped by a closed pipe


def _main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    if given[:1] == ["hook"]:
        # A host runs this before every prompt and after every tool call: no argparse, no heavy imports.
        from servers.suite.hooks.commands import main as hook_main

        return hook_main(given[1:])
    args = _parser().parse_args(given)
    try:
        if args.command == "serve":
            return _serve(args)
        if args.command == "memory":
            return _memory(args)
        if args.command in ("auth", "connect"):
            from servers.suite.cli.auth import run_auth_command

            return run_auth_command(args)
        if args.command == "registry":
            from servers.suite.cli.registry import run_registry_command

            return run_registry_command(args)
        if args.command == "skills":
            from servers.suite.cli.skills import run_skills_command

            return run_skills_command(args)
        if args.command in ("hook", "hooks"):
            from servers.suite.cli.hooks import run_hooks_command

            return run_hooks_command(args)
        if args.command == "dashboard":
            from servers.suite.cli.dashboard import run_dashboard_command

            return run_dashboard_command(args)
        if args.command == "migrate":
            from servers.suite.cli.migrate import run_migrate_command

            return run_migrate_command(args)
        if args.command == "data":
            from servers.suite.cli.data import run_data_command

            return run_data_command(args)
        if args.command == "config":
            from servers.suite.cli.config_view import redacted
            from servers.suite.settings import get_settings

            print(json.dumps(redacted(get_settings()), indent=2, ensure_ascii=False))
            return 0
    except KeyboardInterrupt:
        print("interrupted; run the same command again to resume", file=sys.stderr)
        return 130
    except ValueError as exc:
        # A bad CAIRN_* value: name the variable and what it should be, not a pydantic traceback. (pydantic's
        # ValidationError is a ValueError; it is recognised without importing pydantic on the hook path.)
        from servers.suite.cli.config_view import settings_problem

        problem = settings_problem(exc)
        if problem is None:
            raise
        print(problem, file=sys.stderr)
        return 2
    return 2


def _serve(args: argparse.Namespace) -> int:
    from servers.core.loopback import is_loopback
    from servers.suite.settings import get_settings

    settings = get_settings()
    host = args.host or settings.host
    port = args.port or settings.port
    if args.transport != "stdio" and args.auth == "none" and not is_loopback(host):
        print(
            f"cairn: refusing to serve {host} without authentication: --auth none is allowed on loopback only "
            "(127.0.0.1, ::1, localhost). Bind to 127.0.0.1 and put an authenticating proxy in front.",
            file=sys.stderr,
        )
        return 2
    if args.transport != "stdio" and args.auth == "none":
        print("cairn: warning: --auth none: anyone who can reach this port can use it", file=sys.stderr)
    from servers.suite.cli.run import run_server

    remotes: dict[str, str] = {}
    for item in args.remote:
        namespace, _, url = item.partition("=")
        if not namespace.isidentifier() or not url.startswith(("http://", "https://")):
            print(f"cairn: --remote {item!r}: expected NAME=URL, e.g. docs=https://example.com/mcp", file=sys.stderr)
            return 2
        remotes[namespace] = url
    try:
        registry_port = None if args.no_registry or args.name != "all" else args.registry_port
        return run_server(
            args.name,
            args.transport,
            host,
            port,
            settings,
            auth=args.auth,
            remotes=remotes,
            registry_port=registry_port,
            forwarded_allow_ips=args.forwarded_allow_ips,
        )
    except ValueError as exc:
        print(f"cairn: {exc}", file=sys.stderr)
        return 2


def _memory(args: argparse.Namespace) -> int:
    from pathlib import Path

    from servers.memory.models import MemoryInputError
    from servers.memory.portability import export_entries, import_entries, reembed
    from servers.memory.service import MemoryService
    from servers.suite.settings import get_settings

    service = MemoryService(get_settings())
    try:
        if args.memory_command == "export":
            count = export_entries(
                service, Path(args.output), fmt=args.format, user_id=args.user, include_archived=not args.live_only
            )
            print(json.dumps({"exported": count, "format": args.format, "to": str(Path(args.output).expanduser())}))
        elif args.memory_command == "import":
            print(json.dumps(import_entries(service, Path(args.path))))
        elif args.memory_command == "reembed":
            embedded = reembed(service, everything=args.everything)
            print(json.dumps({"embedded": embedded, "model": service.embedder.name}))
    except MemoryInputError as exc:
        print(f"cairn: {exc}", file=sys.stderr)
        return 1
    finally:
        service.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
