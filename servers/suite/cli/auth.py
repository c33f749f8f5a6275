"""``cairn auth …`` (users, keys, serving the authorization server alone) and the options of ``cairn connect URL``
(run in servers/suite/cli/connect.py)."""

from __future__ import annotations

import argparse
import asyncio
import getpass
import json
import sys
from typing import TYPE_CHECKING, Any

from servers.suite.cli.options import add_forwarded_allow_ips

if TYPE_CHECKING:
    from servers.auth.keys import KeyStore
    from servers.auth.storage.store import AuthStore
    from servers.suite.settings import CairnSettings


SCOPE_LIST = '"SCOPE SCOPE …"'


def add_auth_commands(sub: Any) -> None:
    auth = sub.add_parser("auth", help="Cairn's OAuth authorization server: users, keys, serving")
    asub = auth.add_subparsers(dest="auth_command", required=True)
    add = asub.add_parser("add-user", help="add a user, or set a user's password")
    add.add_argument("username")
    add.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    add.add_argument(
        "--scopes",
        metavar=SCOPE_LIST,
        default=None,
        help="the scopes this user may hold (space-separated; 'default' stands for a new user's), or 'all'. A new "
        "user without it may hold every scope except nodehost:exec (runs commands as the server's OS user) and "
        "remote servers' NAME:read / NAME:write (act with the operator's account there); an existing user keeps "
        "theirs",
    )
    asub.add_parser("users", help="list users and the scopes each may hold")
    scopes = asub.add_parser(
        "scopes",
        help="show or change the scopes a user may hold ('--add default' makes a registry sign-up an MCP user)",
    )
    scopes.add_argument("username")
    change = scopes.add_mutually_exclusive_group()
    change.add_argument("--set", metavar=SCOPE_LIST, default=None, help="exactly these scopes, or 'all'")
    change.add_argument("--add", metavar=SCOPE_LIST, default=None, help="these scopes too")
    change.add_argument("--remove", metavar=SCOPE_LIST, default=None, help="not these scopes")
    remove = asub.add_parser("remove-user", help="disable a user and end their logins and tokens at once")
    remove.add_argument("username")
    reset = asub.add_parser(
        "reset-password",
        help="give a user a new password (generated and shown once, or read with --password-stdin) and sign "
        "them out everywhere",
    )
    reset.add_argument("username")
    reset.add_argument("--password-stdin", action="store_true", help="read the new password from standard input")
    codes = asub.add_parser(
        "recovery-codes", help="issue a user new recovery codes for the 'forgot password?' page (old ones stop working)"
    )
    codes.add_argument("username")
    asub.add_parser("rotate-keys", help="add a new signing key (older keys keep verifying)")
    serve = asub.add_parser("serve", help="serve the authorization server alone")
    serve.add_argument("--host", default=None)
    serve.add_argument("--port", type=int, default=None)
    serve.add_argument(
        "--remote",
        action="append",
        default=[],
        metavar="NAME",
        help="also issue NAME:read and NAME:write, for an endpoint that mounts a remote server as NAME "
        "(`cairn serve all --remote NAME=URL --auth external`)",
    )
    add_forwarded_allow_ips(serve)

    connect = sub.add_parser("connect", help="connect to a (possibly OAuth-protected) remote MCP server")
    connect.add_argument("url")
    connect.add_argument("--scope", action="append", default=None, help="scope to request (repeatable)")
    connect.add_argument("--call", metavar="TOOL", help="call a tool after listing tools")
    connect.add_argument("--args", default="{}", help="JSON arguments for --call")
    connect.add_argument("--no-browser", action="store_true", help="follow the sign-in redirects without a browser")
    connect.add_argument("--username", help="headless sign-in to a Cairn authorization server (no browser)")
    connect.add_argument("--password-stdin", action="store_true")
    connect.add_argument("--client-id", help="a pre-registered OAuth client (skips dynamic registration)")
    connect.add_argument("--client-secret", help="its secret, for confidential clients")


def _password(from_stdin: bool) -> str:
    if from_stdin or not sys.stdin.isatty():
        return sys.stdin.readline().rstrip("\n")
    first = getpass.getpass("Password: ")
    if first != getpass.getpass("Again: "):
        raise SystemExit("cairn: passwords differ")
    return first


def run_auth_command(args: argparse.Namespace) -> int:
    from servers.suite.settings import get_settings

    settings = get_settings()
    if args.command == "connect":
        from servers.suite.cli.connect import connect

        return asyncio.run(connect(args, settings.home))
    from servers.auth.authserver import open_store

    store, keys = open_store(settings.data_dir("auth"), settings.database_url, database=settings.database)
    try:
        return _auth_command(args, settings, store, keys)
    finally:
        store.close()


def _auth_command(args: argparse.Namespace, settings: CairnSettings, store: AuthStore, keys: KeyStore) -> int:
    from servers.auth import grants

    if args.auth_command == "add-user":
        from servers.auth.passwords import hash_password

        try:
            chosen = None if args.scopes is None else grants.parse_scopes(args.scopes)
        except ValueError as exc:
            print(f"cairn: --scopes: {exc}", file=sys.stderr)
            return 1
        password = _password(args.password_stdin)
        if not password and (args.password_stdin or not sys.stdin.isatty()):
            # `add-user carol < /dev/null`, or a pipe that carried nothing: say how to give one.
            print(
                f"cairn: no password on standard input; pipe one in with --password-stdin, e.g. "
                f"printf '%s\\n' \"$PASSWORD\" | cairn auth add-user {args.username} --password-stdin "
                "(or run the command in a terminal to be asked for it)",
                file=sys.stderr,
            )
            return 1
        if len(password) < 8:
            print("cairn: a password needs at least 8 characters", file=sys.stderr)
            return 1
        given = args.scopes is not None
        store.add_user(
            args.username,
            hash_password(password),
            chosen if given else grants.DEFAULT_USER_SCOPES,
            replace_scopes=given,
        )
        saved = store.user(args.username)
        print(f"user {args.username!r} saved; may hold: {grants.describe(saved.scopes if saved else None)}")
    elif args.auth_command == "users":
        for user in store.user_records():
            print(f"{user.username}\t{grants.describe(user.scopes)}")
    elif args.auth_command == "scopes":
        return _scopes_command(args, store)
    elif args.auth_command == "remove-user":
        if not store.remove_user(args.username, settings.auth.access_token_ttl_s):
            print(f"cairn: no user {args.username!r}", file=sys.stderr)
            return 1
        print(f"user {args.username!r} disabled and signed out: their tokens are refused from their next request")
    elif args.auth_command == "reset-password":
        return _reset_password(args, settings, store)
    elif args.auth_command == "recovery-codes":
        from servers.auth import recovery

        issued = recovery.issue(store, args.username)
        if not issued:
            print(f"cairn: no user {args.username!r}", file=sys.stderr)
            return 1
        print(f"New recovery codes for {args.username!r} (each works once; the earlier ones no longer do):")
        print("\n".join(issued))
    elif args.auth_command == "rotate-keys":
        print(json.dumps({"new_kid": keys.rotate(), "active": [k["kid"] for k in keys.public_jwks()["keys"]]}))
    elif args.auth_command == "serve":
        import uvicorn
        from starlette.applications import Starlette

        from servers.auth.authserver import create_authorization_server
        from servers.auth.first_user import ensure_first_user
        from servers.core.private import tighten_tree
        from servers.suite.cli.run import http_options, trusted_proxies
        from servers.suite.endpoint import base_url_for

        host, port = args.host or settings.host, args.port or settings.port
        issuer = (settings.auth.issuer or base_url_for(settings, host, port)).rstrip("/")
        try:
            remote_scopes = grants.remote_scope_descriptions(args.remote)
        except ValueError as exc:
            print(f"cairn: --remote: {exc}", file=sys.stderr)
            return 2
        authorization_server = create_authorization_server(
            settings.data_dir("auth"),
            issuer,
            settings.auth,
            database_url=settings.database_url,
            database=settings.database,
            extra_scopes=remote_scopes,
        )
        for line in [f"Cairn authorization server: {issuer}", *ensure_first_user(authorization_server)]:
            print(line, file=sys.stderr)
        tighten_tree(settings.home)  # what an older version left open becomes private
        uvicorn.run(
            Starlette(routes=authorization_server.routes),
            host=host,
            port=port,
            log_level="warning",
            **http_options(trusted_proxies(args.forwarded_allow_ips, settings)),
        )
    return 0


def _reset_password(args: argparse.Namespace, settings: CairnSettings, store: AuthStore) -> int:
    """``cairn auth reset-password NAME [--password-stdin]``: a new password, and every login of theirs ended."""
    import secrets

    from servers.auth.passwords import hash_password

    if store.user(args.username) is None:
        print(f"cairn: no user {args.username!r}", file=sys.stderr)
        return 1
    generated = not args.password_stdin
    password = secrets.token_urlsafe(12) if generated else sys.stdin.readline().rstrip("\n")
    if not password:
        print(
            f"cairn: no password on standard input; pipe one in, e.g. printf '%s\\n' \"$PASSWORD\" | cairn auth "
            f"reset-password {args.username} --password-stdin (or leave out --password-stdin to have one made)",
            file=sys.stderr,
        )
        return 1
    if len(password) < 8:
        print("cairn: a password needs at least 8 characters", file=sys.stderr)
        return 1
    if not store.reset_password(args.username, hash_password(password), settings.auth.access_token_ttl_s):
        print(f"cairn: no user {args.username!r}", file=sys.stderr)  # removed meanwhile
        return 1
    print(f"password of {args.username!r} reset; signed out everywhere: their tokens are refused from now on")
    if generated:
        print(f"new password (shown once): {password}")
    return 0


def _scopes_command(args: argparse.Namespace, store: AuthStore) -> int:
    """``cairn auth scopes NAME [--set|--add|--remove "…"]``: what the user may hold, after any change."""
    from servers.auth import grants
    from servers.auth.provider import ALL_SCOPES

    user = store.user(args.username)
    if user is None:
        print(f"cairn: no user {args.username!r}", file=sys.stderr)
        return 1
    changes = {"set": args.set, "add": args.add, "remove": args.remove}
    option = next((name for name, text in changes.items() if text is not None), None)
    if option is None:
        print(f"user {args.username!r} may hold: {grants.describe(user.scopes)}")
        return 0
    try:
        named = grants.parse_scopes(changes[option])
    except ValueError as exc:
        print(f"cairn: --{option}: {exc}", file=sys.stderr)
        return 1
    scopes: frozenset[str] | None
    if option == "set":
        scopes = named
    elif option == "add":
        scopes = None if named is None or user.scopes is None else user.scopes | named
    elif named is None:
        scopes = frozenset()
    elif user.scopes is None:
        # 'all' becomes the list of Cairn's own scopes, less what goes: the remote servers' scopes it also
        # covered are not known here, so they go too unless given back.
        scopes = frozenset(ALL_SCOPES) - named
        print(
            "cairn: note: 'all' also covered remote servers' NAME:read / NAME:write; give them back with "
            "--add if this user should keep them",
            file=sys.stderr,
        )
    else:
        scopes = user.scopes - named
    store.set_scopes(args.username, scopes)
    print(f"user {args.username!r} may hold: {grants.describe(scopes)}")
    return 0
