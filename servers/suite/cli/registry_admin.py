"""The registry operator's commands: verified publishers, repository claims, and users' reports of skills.

They work on the registry's database directly (the SQLite file, or ``CAIRN_DATABASE_URL``), so they need no
running server and no network; a running registry shows a change with its next page.
"""

from __future__ import annotations

import argparse
import json
import sys

OPERATOR = "operator"  # who a confirmation is recorded as: whoever can run this command on the data


def run_admin_command(args: argparse.Namespace) -> int:
    from registry.reports import ReportError, resolve
    from registry.storage.store import RegistryStore
    from registry.trust import Trust, TrustError
    from servers.suite.settings import get_settings

    settings = get_settings()
    store = RegistryStore.open(settings)
    trust = Trust(store, settings.registry)
    command = args.registry_command
    try:
        if command == "verify":
            if args.undo:
                done = trust.rows.unverify_publisher(args.name)
                print(f"{args.name} is no longer a verified publisher" if done else f"{args.name} was not verified")
                return 0
            trust.verify_publisher(args.name, OPERATOR, args.note)
            print(f"{args.name} is a verified publisher: its skills are marked verified")
            return 0
        if command == "verified":
            for p in trust.rows.verified_publishers():
                print(f"publisher   {p.owner}  since {p.verified_at[:10]}" + (f"  ({p.note})" if p.note else ""))
            for c in trust.rows.claims():
                state = f"proven {c.verified_at[:10]} by {c.verified_by}" if c.verified_at else "claimed, not proven"
                print(f"repository  {c.owner}  {c.repository}  {state}")
            return 0
        if command == "verify-repo":
            if args.check:
                claim = trust.check(args.owner, args.repository, OPERATOR)
            else:
                claim = trust.confirm(args.owner, args.repository, OPERATOR, undo=args.undo)
            state = "proven" if claim.verified_at else "no longer proven"
            print(f"{claim.owner}'s link to {claim.repository} is {state}")
            return 0
        if command == "reports":
            found = trust.rows.reports(status=None if args.all else "open")
            if args.json:
                print(json.dumps([r.model_dump() for r in found], indent=2, ensure_ascii=False))
                return 0
            if not found:
                print("no open reports" if not args.all else "no reports")
            for r in found:
                state = "open" if r.status == "open" else f"{r.outcome} by {r.resolved_by}"
                print(f"{r.id}  {r.created_at[:16]}  {r.name}@{r.version}  {r.reason}  by {r.username}  [{state}]")
                if r.text:
                    print(f"    {r.text[:300]}")
            return 0
        if command == "resolve":
            report = resolve(store, args.report_id, args.outcome, args.note, OPERATOR)
            print(f"{report.id} resolved: {report.outcome} ({report.name}@{report.version})")
            return 0
    except (TrustError, ReportError) as exc:
        print(f"cairn: {exc.message}", file=sys.stderr)
        return 1
    finally:
        store.close()
    raise AssertionError(f"unknown registry command {command}")
