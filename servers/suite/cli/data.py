"""``cairn data copy --from sqlite --to postgresql://…``: move an installation's data into PostgreSQL.

What moves: memory (entries with their vectors as stored, not re-embedded; PostgreSQL builds its own
keyword index), the scheduler (jobs, runs, notifications; ``webhook.secret`` becomes a shared secret),
auth (users, clients, tokens, consents; the signing-key files become ``signing_keys`` rows and
``session.key`` the ``consent-session`` shared secret), skills (usage, feedback, suggestions), reflection
(rules, audit log, user model, …) and the registry's metadata (its archives stay in the blob directory).
The target's schemas are migrated first. Rows go in bulk (``COPY``), a few thousand per
transaction, skipping what is already there (entry id, primary key), so a run that stopped is finished by
running it again, and a second run changes nothing. A large memory copy builds the vector index once, at
the end.

At the end every table is checked on both sides, read as streams (memory stays flat at any size): row
counts and a checksum over the copied columns. The summary is printed as JSON; the exit status is 1 when
any check fails. Components whose SQLite file does not exist are left out.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def add_data_commands(sub: Any) -> None:
    data = sub.add_parser("data", help="move data between backends")
    dsub = data.add_subparsers(dest="data_command", required=True)
    copy = dsub.add_parser(
        "copy", help="copy this CAIRN_HOME's SQLite data into PostgreSQL (resumable, verified at the end)"
    )
    copy.add_argument("--from", dest="source", choices=["sqlite"], required=True)
    copy.add_argument("--to", dest="target", required=True, metavar="postgresql://…")
    copy.add_argument("--quiet", "-q", action="store_true", help="no progress bars")


def run_data_command(args: argparse.Namespace) -> int:
    # Imported here: the parser is built for every cairn command, and this loads apsw and psycopg.
    from servers.core.storage import StorageError
    from servers.suite.settings import get_settings
    from servers.suite.storage.data_copy import copy_all

    url = str(args.target)
    if not url.startswith(("postgresql://", "postgres://")):
        print("cairn data copy: --to must be a postgresql:// URL", file=sys.stderr)
        return 2
    try:
        summary = copy_all(get_settings(), url, quiet=bool(args.quiet))
    except StorageError as exc:
        print(f"cairn data copy: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(summary, indent=2))
    if not summary["ok"]:
        print("cairn data copy: some checks failed (see above); the source is untouched", file=sys.stderr)
        return 1
    return 0
