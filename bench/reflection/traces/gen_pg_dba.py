"""pg-dba: Nika Lindqvist, database platform engineer at Fernlane (field-service scheduling SaaS).

A fleet of PostgreSQL 16 clusters run by Patroni 4.1 with etcd, PgBouncer in front, pgBackRest 2.58 backups to
S3-compatible storage (Wasabi), a 16 -> 17 upgrade being rehearsed (pg_upgrade --link on a restored staging copy,
logical replication from the staging cluster to a 17 subscriber), psql / pg_dump / pg_restore / pg_amcheck /
pg_stat_statements, sqitch for schema changes in ~/src/fern-schema, a small Python ops tooling repo ~/src/pgops
(pytest, ruff), ssh to the db hosts (sudo -u postgres), systemd units, journalctl.

Written blind for fresh/; measured once held out (round 21), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_pg_dba.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "nlindqvist"
H = "/home/nlindqvist"
OPS = H + "/src/pgops"
SCH = H + "/src/fern-schema"
MODEL = "claude-opus-4-6"
ME = "Nika Lindqvist <nika.lindqvist@fernlane.io>"

PGBR_VER = "2.58.0"
S3_OPTS = ("--repo1-path=/pgbackrest --repo1-s3-bucket=fernlane-pgbackrest "
           "--repo1-s3-endpoint=s3.eu-central-2.wasabisys.com --repo1-s3-key=<redacted> "
           "--repo1-s3-key-secret=<redacted> --repo1-s3-region=eu-central-2 --repo1-type=s3")

# ---------------------------------------------------------------- pgops repo

OPS_PYPROJECT = """[project]
name = "pgops"
version = "0.9.2"
description = "Fernlane DBA helpers: bloat and slot reports, restore-test command lines"
requires-python = ">=3.11"
dependencies = ["psycopg[binary]>=3.2"]

[project.scripts]
pgops = "pgops.cli:main"

[project.optional-dependencies]
dev = ["pytest>=8.3", "ruff>=0.13"]

[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[tool.ruff]
line-length = 100
target-version = "py311"

[tool.ruff.lint]
select = ["E", "F", "I", "B", "UP"]

[tool.pytest.ini_options]
testpaths = ["tests"]
addopts = "-ra"
"""

OPS_README = """# pgops

Small, boring helpers for the Fernlane PostgreSQL fleet. Everything here is read-only against
the databases; anything that changes a cluster lives in the runbooks and is done by hand.

    pip install -e '.[dev]'
    pgops --service fo-replica bloat --limit 10
    pgops --service fo-primary slots
    pgops restore-cmd pg-restore-01 billing /var/lib/postgresql/16/restore-billing

Connections go through `~/.pg_service.conf` service names (fo-primary, fo-replica, bill-replica,
stg, analytics). Never point a report at a primary when a replica will do.

Layout:

- `src/pgops/` - the package (`cli.py`, one module per report, `units.py` for formatting)
- `src/pgops/sql/` - SQL used by the package
- `sql/` - ad-hoc report queries, run with `psql -X -v ON_ERROR_STOP=1 "service=..." -f sql/<file>`
- `runbooks/` - restore tests, the 17 upgrade plan, maintenance notices
- `tests/` - pytest, no database needed

Checks before pushing: `ruff check .`, `ruff format --check .`, `pytest -q`.
"""

OPS_CLI = '''"""pgops command line: small read-only reports for the Fernlane PostgreSQL fleet."""

from __future__ import annotations

import argparse
import sys

from pgops import bloat, restore_test, slots
from pgops.db import connect


def _bloat(args: argparse.Namespace) -> int:
    with connect(args.service) as conn:
        rows = bloat.estimate(conn, schema=args.schema)
    for row in bloat.top(rows, limit=args.limit):
        print(bloat.format_row(row))
    return 0


def _slots(args: argparse.Namespace) -> int:
    with connect(args.service) as conn:
        rows = slots.fetch(conn)
    for row in rows:
        print(slots.format_row(row))
    return 1 if any(slots.is_problem(r) for r in rows) else 0


def _restore_cmd(args: argparse.Namespace) -> int:
    plan = restore_test.RestorePlan(args.host, args.stanza, args.pg_path)
    print(f"ssh {plan.host} {plan.command()!r}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pgops")
    p.add_argument("--service", default="fo-replica", help="pg_service.conf entry to connect to")
    sub = p.add_subparsers(dest="cmd", required=True)

    b = sub.add_parser("bloat", help="estimated table bloat")
    b.add_argument("--schema", default="fieldops")
    b.add_argument("--limit", type=int, default=20)
    b.set_defaults(func=_bloat)

    s = sub.add_parser("slots", help="replication slots and retained WAL (run on a primary)")
    s.set_defaults(func=_slots)

    r = sub.add_parser("restore-cmd", help="print the pgbackrest restore command for a restore test")
    r.add_argument("host")
    r.add_argument("stanza")
    r.add_argument("pg_path")
    r.set_defaults(func=_restore_cmd)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
'''

OPS_DB = '''"""Connections by pg_service.conf name, always read-only."""

from __future__ import annotations

import psycopg


def connect(service: str) -> psycopg.Connection:
    conn = psycopg.connect(f"service={service}", application_name="pgops", autocommit=True)
    conn.execute("SET default_transaction_read_only = on")
    conn.execute("SET statement_timeout = '60s'")
    return conn
'''

OPS_BLOAT = '''"""Table bloat estimate (the usual pgstattuple-free approximation from pg_stats)."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from pgops.units import fmt_bytes


@dataclass(frozen=True)
class BloatRow:
    schema: str
    table: str
    real_bytes: int
    bloat_bytes: int

    @property
    def ratio(self) -> float:
        return self.bloat_bytes / self.real_bytes if self.real_bytes else 0.0


def estimate(conn, schema: str = "fieldops") -> list[BloatRow]:
    sql = resources.files("pgops").joinpath("sql/bloat_estimate.sql").read_text()
    with conn.cursor() as cur:
        cur.execute(sql, {"schema": schema})
        return [BloatRow(*r) for r in cur.fetchall()]


def top(rows: list[BloatRow], limit: int = 20) -> list[BloatRow]:
    return sorted(rows, key=lambda r: r.bloat_bytes, reverse=True)[:limit]


def format_row(row: BloatRow) -> str:
    name = f"{row.schema}.{row.table}"
    return f"{name:<48} {fmt_bytes(row.real_bytes):>12} {fmt_bytes(row.bloat_bytes):>12} {row.ratio:7.1%}"
'''

OPS_SLOTS = '''"""Replication slots and how much WAL they hold back."""

from __future__ import annotations

from dataclasses import dataclass

from pgops.units import fmt_bytes

SLOTS_SQL = """
SELECT slot_name,
       slot_type,
       active,
       pg_wal_lsn_diff(pg_current_wal_lsn(), restart_lsn)::bigint AS retained_bytes
FROM pg_replication_slots
ORDER BY retained_bytes DESC NULLS LAST
"""

RETAINED_WARN_BYTES = 50 * 1024**3


@dataclass(frozen=True)
class Slot:
    name: str
    slot_type: str
    active: bool
    retained_bytes: int | None


def fetch(conn) -> list[Slot]:
    with conn.cursor() as cur:
        cur.execute(SLOTS_SQL)
        return [Slot(*r) for r in cur.fetchall()]


def is_problem(slot: Slot) -> bool:
    return (not slot.active) or (slot.retained_bytes or 0) > RETAINED_WARN_BYTES


def format_row(slot: Slot) -> str:
    retained = fmt_bytes(slot.retained_bytes) if slot.retained_bytes is not None else "-"
    state = "active" if slot.active else "inactive"
    flag = "  <-- check" if is_problem(slot) else ""
    return f"{slot.name:<32} {slot.slot_type:<9} {state:<8} {retained:>12}{flag}"
'''

OPS_UNITS = '''"""Formatting helpers shared by the reports."""

from __future__ import annotations


def fmt_bytes(n: int) -> str:
    """Size in MB with one decimal, the way the old bash reports printed it."""
    return f"{n / 1024 / 1024:.1f} MB"


def fmt_lag(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    if seconds < 120:
        return f"{seconds:.0f}s"
    return f"{seconds / 60:.1f}m"
'''

OPS_RESTORE = '''"""Monthly restore test: the pgbackrest restore command line for a restore-test host."""

from __future__ import annotations

import shlex
from dataclasses import dataclass


@dataclass(frozen=True)
class RestorePlan:
    host: str
    stanza: str
    pg_path: str
    delta: bool = True

    def command(self) -> str:
        parts = ["sudo", "-u", "postgres", "pgbackrest", f"--stanza={self.stanza}"]
        if self.delta:
            parts.append("--delta")
        parts += [f"--pg1-path={self.pg_path}", "--type=immediate", "--target-action=promote", "restore"]
        return " ".join(shlex.quote(p) for p in parts)
'''

OPS_T_BLOAT = '''from pgops.bloat import BloatRow, format_row, top


def _rows():
    return [
        BloatRow("fieldops", "visits", 40 * 1024**3, 9 * 1024**3),
        BloatRow("fieldops", "jobs", 12 * 1024**3, 1 * 1024**3),
        BloatRow("fieldops", "technicians", 80 * 1024**2, 2 * 1024**2),
    ]


def test_top_orders_by_bloat():
    assert [r.table for r in top(_rows(), limit=2)] == ["visits", "jobs"]


def test_ratio():
    assert round(_rows()[0].ratio, 3) == 0.225


def test_format_row_contains_name():
    assert format_row(_rows()[0]).startswith("fieldops.visits")
'''

OPS_T_SLOTS = '''from pgops.slots import Slot, format_row, is_problem


def test_inactive_slot_is_problem():
    assert is_problem(Slot("debezium_fieldops", "logical", False, 10))


def test_big_retention_is_problem():
    assert is_problem(Slot("pg_fo_03", "physical", True, 60 * 1024**3))


def test_healthy_slot():
    s = Slot("pg_fo_02", "physical", True, 16 * 1024**2)
    assert not is_problem(s)
    assert "check" not in format_row(s)
'''

OPS_T_UNITS = '''import pytest

from pgops.units import fmt_bytes, fmt_lag


@pytest.mark.parametrize(
    ("n", "expected"),
    [(0, "0.0 MB"), (1048576, "1.0 MB"), (5 * 1048576 + 524288, "5.5 MB")],
)
def test_fmt_bytes(n, expected):
    assert fmt_bytes(n) == expected


def test_fmt_lag():
    assert fmt_lag(None) == "-"
    assert fmt_lag(42) == "42s"
    assert fmt_lag(600) == "10.0m"
'''

OPS_T_CLI = '''from pgops.cli import build_parser


def test_bloat_defaults():
    args = build_parser().parse_args(["bloat"])
    assert args.schema == "fieldops"
    assert args.limit == 20


def test_restore_cmd_args():
    args = build_parser().parse_args(["restore-cmd", "pg-restore-01", "billing", "/srv/pg"])
    assert (args.host, args.stanza, args.pg_path) == ("pg-restore-01", "billing", "/srv/pg")
'''

OPS_T_RESTORE = '''from pgops.restore_test import RestorePlan


def test_delta_restore_command():
    plan = RestorePlan("pg-restore-01", "billing", "/var/lib/postgresql/16/restore-billing")
    assert plan.command() == (
        "sudo -u postgres pgbackrest --stanza=billing --delta "
        "--pg1-path=/var/lib/postgresql/16/restore-billing --type=immediate --target-action=promote restore"
    )
'''

RB_UPGRADE = """# fieldops 16 -> 17 upgrade

Two tracks, decided at the 2026-09-30 review:

1. **pg_upgrade --link** rehearsals on `pg-upg-01`, a standalone copy of fieldops restored from the
   nightly pgBackRest backup (Debian clusters `16/main` on 5432, `17/main` on 5433). Measures the
   downtime we would need for an in-place upgrade.
2. **Logical replication** from `fieldops-stg` (pg-stg-01, 16) to `pg-upg-02` (17), to see if a
   near-zero-downtime cutover is realistic for prod.

## pg-upg-01 rehearsal steps

1. Restore the latest fieldops backup as postgres: `pgbackrest --stanza=fieldops --delta restore`
2. Start 16/main, let recovery finish (it promotes at the end of the archive).
   archive_mode is off on this box, keep it that way.
3. Recreate an empty 17/main on 5433 (`--data-checksums`), copy `conf.d/fernlane.conf` over.
4. Stop 16/main, run pg_upgrade --link from /tmp as postgres with `--jobs=8`.
5. Start 17/main, `vacuumdb --all --analyze-in-stages -j 8`.

## Rehearsal log

| # | date | db size | restore | pg_upgrade --link | analyze-in-stages | notes |
|---|---|---|---|---|---|---|
| 1 | 2026-09-24 | 401.2GB | 71m (full) | 2m31s | 16m | first run, `--jobs` not set |
| 2 | 2026-10-02 | 405.8GB | 9m (delta) | 1m58s | 15m | `--jobs=8` |
"""

RB_RESTORE_TESTS = """# Monthly restore tests

Once a month one stanza (alternating) is restored on `pg-restore-01` into its own Debian cluster:
`16/restore-fieldops` (port 5444) or `16/restore-billing` (port 5445). The restore is `--delta`
against the copy from two months ago, recovers to the end of the backup (`--type=immediate`),
promotes, and the copy is checked with `pg_amcheck --heapallindexed`. Get the command line with
`pgops restore-cmd pg-restore-01 <stanza> /var/lib/postgresql/16/restore-<stanza>`.

| date | stanza | backup set | restore time | amcheck | by |
|---|---|---|---|---|---|
| 2026-07-06 | fieldops | 20260705-013001F_20260706-013003I | 1h12m (full, first run) | clean | NL |
| 2026-08-03 | billing | 20260802-013004F | 22m (full, first run) | clean | NL |
| 2026-09-07 | fieldops | 20260906-013002F_20260907-013001I | 11m (delta) | clean | JH |
| 2026-10-05 | billing | 20261004-013002F_20261005-013003I | 6m (delta) | clean | NL |
"""

CHECKPOINT_SQL = """-- Checkpoint behaviour since the last stats reset (timed vs requested, who writes buffers).
SELECT checkpoints_timed,
       checkpoints_req,
       round(100.0 * checkpoints_req / nullif(checkpoints_timed + checkpoints_req, 0), 1) AS req_pct,
       buffers_checkpoint,
       buffers_clean,
       buffers_backend,
       stats_reset
FROM pg_stat_bgwriter;
"""

OPS_FILES = {
    OPS + "/pyproject.toml": OPS_PYPROJECT,
    OPS + "/README.md": OPS_README,
    OPS + "/src/pgops/__init__.py": '__version__ = "0.9.2"\n',
    OPS + "/src/pgops/cli.py": OPS_CLI,
    OPS + "/src/pgops/db.py": OPS_DB,
    OPS + "/src/pgops/bloat.py": OPS_BLOAT,
    OPS + "/src/pgops/slots.py": OPS_SLOTS,
    OPS + "/src/pgops/units.py": OPS_UNITS,
    OPS + "/src/pgops/restore_test.py": OPS_RESTORE,
    OPS + "/tests/test_bloat.py": OPS_T_BLOAT,
    OPS + "/tests/test_slots.py": OPS_T_SLOTS,
    OPS + "/tests/test_units.py": OPS_T_UNITS,
    OPS + "/tests/test_cli.py": OPS_T_CLI,
    OPS + "/tests/test_restore_test.py": OPS_T_RESTORE,
    OPS + "/runbooks/pg17-upgrade.md": RB_UPGRADE,
    OPS + "/runbooks/restore-tests.md": RB_RESTORE_TESTS,
    OPS + "/sql/checkpoint_report.sql": CHECKPOINT_SQL,
}

# ---------------------------------------------------------------- fern-schema (sqitch) repo

SQITCH_CONF = """[core]
	engine = pg
	plan_file = sqitch.plan
	top_dir = .
[engine "pg"]
	target = dev
	registry = sqitch
	client = psql
[target "dev"]
	uri = db:pg://nika@localhost:5416/fieldops_dev
[target "staging"]
	uri = db:pg://sqitch@pg-stg-01.db.fernlane.internal:5432/fieldops
[target "prod"]
	uri = db:pg://sqitch@pg-fo-01.db.fernlane.internal:5432/fieldops
[deploy]
	verify = false
[rebase]
	verify = true
"""

# (name, planned_at, note) or ("@tag", planned_at, note)
PLAN = [
    ("appschema", "2023-02-06T10:12:33Z", "Add schema fieldops"),
    ("tenants", "2023-02-06T10:20:41Z", "Tenants table"),
    ("customers", "2023-02-06T10:31:02Z", "Customers per tenant"),
    ("technicians", "2023-02-06T10:44:19Z", "Technicians and their skills"),
    ("jobs", "2023-02-07T08:02:55Z", "Jobs booked by customers"),
    ("visits", "2023-02-07T08:40:10Z", "Visits: one job, one or more scheduled visits"),
    ("visits_job_fk", "2023-02-07T09:05:37Z", "FK visits.job_id -> jobs"),
    ("@v2023.02", "2023-02-08T07:55:00Z", "First production schema"),
    ("jobs_customer_id_idx", "2023-03-14T13:22:08Z", "Index jobs by customer"),
    ("visits_technician_id_idx", "2023-03-14T13:40:51Z", "Index visits by technician"),
    ("invoices_link", "2023-05-02T11:18:30Z", "jobs.invoice_ref for the billing service"),
    ("jobs_region", "2023-06-19T09:12:44Z", "Service regions on jobs"),
    ("visits_legacy_status_idx", "2023-08-01T15:02:19Z", "Partial index for the old dispatch board"),
    ("jobs_created_by_idx", "2023-09-12T10:41:07Z", "Index jobs.created_by for the audit export"),
    ("audit_schema", "2023-11-20T14:30:00Z", "Schema audit + row change log"),
    ("audit_triggers", "2023-11-20T15:02:48Z", "Row change triggers on jobs and visits"),
    ("@v2023.11", "2023-11-21T08:00:00Z", "Audit log"),
    ("technician_shifts", "2024-02-05T09:44:12Z", "Shift calendar per technician"),
    ("visits_duration", "2024-02-05T10:03:27Z", "visits.duration_min"),
    ("customers_external_ref", "2024-04-22T12:15:40Z", "customers.external_ref for CRM sync"),
    ("jobs_search_trgm", "2024-06-10T08:51:06Z", "pg_trgm index on jobs.title"),
    ("parts_catalog", "2024-09-03T13:27:55Z", "Parts catalog and stock"),
    ("visit_parts", "2024-09-03T13:58:12Z", "Parts used on a visit"),
    ("@v2024.09", "2024-09-04T08:00:00Z", "Parts"),
    ("jobs_priority", "2025-01-15T10:06:33Z", "jobs.priority enum"),
    ("tenants_settings_jsonb", "2025-03-11T09:49:20Z", "tenants.settings jsonb"),
    ("visits_checkin_geo", "2025-05-27T14:12:58Z", "Check-in coordinates on visits"),
    ("customers_tenant_id_idx", "2025-08-19T11:31:45Z", "Index customers by tenant"),
    ("jobs_sla_due_at", "2026-01-20T10:22:17Z", "jobs.sla_due_at + index"),
    ("visits_status_check", "2026-04-07T09:14:03Z", "CHECK constraint on visits.status"),
    ("@v2026.04", "2026-04-08T08:00:00Z", "SLA fields"),
    ("technician_skills_gin", "2026-06-30T13:45:29Z", "GIN index on technicians.skills"),
    ("jobs_partner_id", "2026-09-08T12:08:51Z", "jobs.partner_id for subcontractors"),
    ("@v2026.09", "2026-09-29T08:00:00Z", "Partners"),
]


PRIYA = "Priya Raman <priya.raman@fernlane.io>"
JONAS = "Jonas Hartl <jonas.hartl@fernlane.io>"

# changes merged to main during the month (name, planned_at, planner, note), in plan order
MAIN_ADDS = [
    ("tenants_settings_default", "2026-10-06T08:12:40Z", PRIYA, "tenants.settings default '{}'"),
    ("visits_technician_scheduled_idx", "2026-10-14T08:31:07Z", ME,
     "Calendar lookups: index visits (technician_id, scheduled_at)"),
    ("audit_row_changes_by_year", "2026-10-15T12:40:19Z", JONAS, "Partition audit.row_changes by year"),
    ("visits_cancel_reason", "2026-10-19T11:36:52Z", ME, "visits.cancel_reason for the mobile cancel dialog"),
    ("technician_shifts_break_minutes", "2026-10-22T09:02:33Z", PRIYA, "technician_shifts.break_minutes"),
    ("jobs_external_booking_id", "2026-10-27T14:18:05Z", PRIYA, "jobs.external_booking_id for partner bookings"),
    ("drop_unused_visit_job_indexes", "2026-10-29T13:08:44Z", ME,
     "Drop visits_legacy_status_idx and jobs_created_by_idx (unused)"),
    ("audit_skip_noop_updates", "2026-11-03T10:51:27Z", JONAS, "audit: skip no-op updates in log_row_change()"),
    ("customers_tenant_external_ref_key", "2026-11-05T09:37:15Z", ME, "Unique (tenant_id, external_ref) on customers"),
]


def add_line(name):
    n, at, who, note = next(a for a in MAIN_ADDS if a[0] == name)
    return f"{n} {at} {who} # {note}\n"


def plan_upto(last):
    """Plan text of main with every MAIN_ADDS change up to and including `last` (None: none)."""
    text = plan_text(PLAN)
    if last is None:
        return text
    for a in MAIN_ADDS:
        text += add_line(a[0])
        if a[0] == last:
            break
    return text


def names_upto(last):
    names = deployed_names(PLAN)
    for a in MAIN_ADDS:
        names.append(a[0])
        if a[0] == last:
            break
    return names


def plan_text(entries):
    out = ["%syntax-version=1.0.0", "%project=fieldops",
           "%uri=https://git.fernlane.internal/platform/fern-schema", ""]
    for name, at, note in entries:
        out.append(f"{name} {at} {ME} # {note}")
    return "\n".join(out) + "\n"


def deployed_names(entries):
    """format_name_with_tags for each change, in plan order."""
    names = []
    for name, _, _ in entries:
        if name.startswith("@"):
            names[-1] = names[-1] + " " + name
        else:
            names.append(name)
    return names


def tmpl(kind, change):
    if kind == "deploy":
        return f"-- Deploy fieldops:{change} to pg\n\nBEGIN;\n\n-- XXX Add DDLs here.\n\nCOMMIT;\n"
    if kind == "revert":
        return f"-- Revert fieldops:{change} from pg\n\nBEGIN;\n\n-- XXX Add DDLs here.\n\nCOMMIT;\n"
    return f"-- Verify fieldops:{change} on pg\n\nBEGIN;\n\n-- XXX Add verifications here.\n\nROLLBACK;\n"


SCH_FILES = {
    SCH + "/sqitch.conf": SQITCH_CONF,
    SCH + "/sqitch.plan": plan_text(PLAN),
    SCH + "/deploy/visits_legacy_status_idx.sql": """-- Deploy fieldops:visits_legacy_status_idx to pg
-- requires: visits

BEGIN;

CREATE INDEX visits_legacy_status_idx
    ON fieldops.visits (status)
    WHERE status IN ('dispatched', 'en_route');

COMMIT;
""",
    SCH + "/deploy/jobs_created_by_idx.sql": """-- Deploy fieldops:jobs_created_by_idx to pg
-- requires: jobs

BEGIN;

CREATE INDEX jobs_created_by_idx ON fieldops.jobs (created_by);

COMMIT;
""",
}

FILES = {}
FILES.update(OPS_FILES)
FILES.update(SCH_FILES)


# ---------------------------------------------------------------- output helpers

def psql_table(cols, rows, right=(), footer=True):
    """psql aligned output (border 1): centred headers, numbers right-aligned, no trailing pad on data rows."""
    rows = [[("" if v is None else str(v)) for v in r] for r in rows]
    widths = [max([len(c)] + [len(r[i]) for r in rows]) for i, c in enumerate(cols)]
    head = []
    for c, w in zip(cols, widths):
        pad = w - len(c)
        head.append(" " * (pad // 2) + c + " " * (pad - pad // 2))
    lines = [" " + " | ".join(head) + " ", "-" + "-+-".join("-" * w for w in widths) + "-"]
    last = len(cols) - 1
    for r in rows:
        cells = []
        for i, (v, w) in enumerate(zip(r, widths)):
            if i in right:
                cells.append(v.rjust(w))
            elif i == last:
                cells.append(v)
            else:
                cells.append(v.ljust(w))
        lines.append(" " + " | ".join(cells))
    if footer:
        n = len(rows)
        lines.append(f"({n} row{'s' if n != 1 else ''})")
    return "\n".join(lines)


def plan_output(lines):
    """EXPLAIN output as psql prints it: one text column called QUERY PLAN."""
    return psql_table(["QUERY PLAN"], [[l] for l in lines])


def pretty_table(cols, rows, right=(), header=""):
    """prettytable as patronictl prints it (hrule frame, optional title in the top border)."""
    rows = [[("" if v is None else str(v)) for v in r] for r in rows]
    widths = [max([len(c)] + [len(r[i]) for r in rows]) for i, c in enumerate(cols)]
    rule = "+" + "+".join("-" * (w + 2) for w in widths) + "+"
    top = rule
    if header:
        h = header[:len(rule) - 2]
        top = rule[0] + h + rule[1 + len(h):]

    def fmt(vals, align_right):
        cells = []
        for i, (v, w) in enumerate(zip(vals, widths)):
            cells.append(" " + (v.rjust(w) if (align_right and cols[i] in right) else v.ljust(w)) + " ")
        return "|" + "|".join(cells) + "|"

    hdr_cells = []
    for i, (c, w) in enumerate(zip(cols, widths)):
        hdr_cells.append(" " + (c.rjust(w) if c in right else c.ljust(w)) + " ")
    out = [top, "|" + "|".join(hdr_cells) + "|", rule]
    out += [fmt(r, True) for r in rows]
    out.append(rule)
    return "\n".join(out)


def patroni_list(cluster, sysid, members):
    """members: (name, host, role, state, tl, receive_lsn, receive_lag, replay_lsn, replay_lag)."""
    cols = ["Member", "Host", "Role", "State", "TL", "Receive LSN", "Lag", "Replay LSN", "Lag"]
    return pretty_table(cols, members, right={"TL", "Receive LSN", "Lag", "Replay LSN"},
                        header=f" Cluster: {cluster} ({sysid}) ")


PATRONI_NOCONF = ("Error: Can not find suitable configuration of distributed configuration store\n"
                  "Available implementations: {impl}")


def pgbr_ts(day, hms, ms):
    return f"{day} {hms}.{ms:03d}"


def pgbr_info(ts, msg):
    return f"{ts} P00   INFO: {msg}"


def pgbr_running(ts_begin, ts_end, begin_opts, pg_path):
    return "\n".join([
        pgbr_info(ts_begin, f"restore command begin {PGBR_VER}: {begin_opts}"),
        "ERROR: [038]: unable to restore while PostgreSQL is running",
        f"       HINT: presence of 'postmaster.pid' in '{pg_path}' indicates PostgreSQL is running.",
        "       HINT: remove 'postmaster.pid' only if PostgreSQL is not running.",
        pgbr_info(ts_end, "restore command end: aborted with exception [038]"),
    ])


def pgbr_restore_ok(day, steps, begin_opts, pg_path, backup_set, start_at, size, files, ms):
    """steps: list of (hms, ms) timestamps for begin, backup set, clean, auto.conf, pg_control, size, end."""
    t = [pgbr_ts(day, h, m) for h, m in steps]
    return "\n".join([
        pgbr_info(t[0], f"restore command begin {PGBR_VER}: {begin_opts}"),
        pgbr_info(t[1], f"repo1: restore backup set {backup_set}, recovery will start at {start_at}"),
        pgbr_info(t[2], f"remove invalid files/links/paths from '{pg_path}'"),
        pgbr_info(t[3], f"write updated {pg_path}/postgresql.auto.conf"),
        pgbr_info(t[4], "restore global/pg_control (performed last to ensure aborted restores cannot be started)"),
        pgbr_info(t[5], f"restore size = {size}, file total = {files}"),
        pgbr_info(t[6], f"restore command end: completed successfully ({ms}ms)"),
    ])


def sqitch_fail(target, change, file_line, stmt, before=(), start_at=None):
    """Deploy of `before` (ok) then `change` failing in psql; mode=all rolls `before` back to start_at."""
    allc = list(before) + [change]
    w = max(len(c) for c in allc)
    out = [f"Deploying changes to {target}"]
    for c in before:
        out.append(f"  + {c} ..{'.' * (w - len(c))} ok")
    out.append(f"  + {change} ..{'.' * (w - len(change))} psql:deploy/{change}.sql:{file_line}: ERROR:  {stmt} "
               "cannot run inside a transaction block")
    out += ["not ok", "\"psql\" unexpectedly returned exit value 3"]
    if before:
        out.append(f"Reverting to {start_at}")
        for c in reversed(list(before)):
            out.append(f"  - {c} ..{'.' * (w - len(c))} ok")
    out.append("Deploy failed")
    return "\n".join(out)


def sqitch_deploy_ok(target, changes):
    w = max(len(c) for c in changes)
    out = [f"Deploying changes to {target}"]
    for c in changes:
        out.append(f"  + {c} ..{'.' * (w - len(c))} ok")
    return "\n".join(out)


def sqitch_verify_ok(target, names):
    w = max(len(n) for n in names)
    out = [f"Verifying {target}"]
    for n in names:
        out.append(f"  * {n} ..{'.' * (w - len(n))} ok")
    out.append("Verify successful")
    return "\n".join(out)


def sqitch_revert_ok(target, to, changes):
    w = max(len(c) for c in changes)
    out = [f"Reverting changes to {to} from {target}"]
    for c in changes:
        out.append(f"  - {c} ..{'.' * (w - len(c))} ok")
    return "\n".join(out)


def sqitch_added(change):
    return (f"Created deploy/{change}.sql\nCreated revert/{change}.sql\nCreated verify/{change}.sql\n"
            f"Added \"{change}\" to sqitch.plan")


def line_of(text, needle):
    """1-based line of the end of the statement that contains needle (the line with its ';')."""
    lines = text.split("\n")
    start = next(i for i, l in enumerate(lines) if needle in l)
    for j in range(start, len(lines)):
        if lines[j].rstrip().endswith(";"):
            return j + 1
    raise ValueError(needle)


def ruff_ok():
    return "All checks passed!"


def pytest_q(files_counts, secs):
    """pytest -q over files (path, number of tests), all passing, with -ra (nothing to report)."""
    lines = []
    total = sum(n for _, n in files_counts)
    done = 0
    dots = "".join("." * n for _, n in files_counts)
    # -q prints progress dots on one line with a percentage
    out = dots.ljust(80 - 6) + "[100%]"
    lines.append(out)
    lines.append(f"{total} passed in {secs:.2f}s")
    return "\n".join(lines)


FO_SYSID = "7412980036512209744"
BILL_SYSID = "7412986124051733512"
STG_SYSID = "7433120588410946181"

SVC_FO_R = '"service=fo-replica"'
SVC_BILL_R = '"service=bill-replica"'

TOP_STMTS_SQL = ("SELECT queryid, calls, round(total_exec_time::numeric / 1000, 1) AS total_s, "
                 "round(mean_exec_time::numeric, 2) AS mean_ms, rows, "
                 "round(100.0 * shared_blks_hit / nullif(shared_blks_hit + shared_blks_read, 0), 1) AS hit_pct, "
                 "left(regexp_replace(query, '\\s+', ' ', 'g'), 72) AS query "
                 "FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 10")

JOBS_SEARCH_OLD = ("SELECT j.id, j.title, j.status FROM fieldops.jobs j WHERE j.tenant_id = $1 AND j.title ILIKE $2 "
                   "ORDER BY j.created_at DESC LIMIT $3")
JOBS_SEARCH_NEW = ("SELECT j.id, j.title, j.status FROM fieldops.jobs j WHERE j.tenant_id = $1 AND lower(j.title) "
                   "LIKE $2 ORDER BY j.created_at DESC LIMIT $3")

TOP_COLS = ["queryid", "calls", "total_s", "mean_ms", "rows", "hit_pct", "query"]


def gen():
    d = Dev("pg-dba", U, "en", MODEL, seed=80461, files=FILES)
    PG = OPS + "/src/pgops/"
    TESTS = OPS + "/tests/"
    RB = OPS + "/runbooks/"

    # ================= S1: pgops =================
    with d.session("2026-10-12T09:05:00", OPS, branch="main", version="2.1.131"):
        t = d.task("new laptop, fresh clone of pgops. remind me how this repo hangs together, what the cli has and "
                   "what's been going in lately", tags=["noise"])
        t.glob("**/*.py", [PG + "__init__.py", PG + "bloat.py", PG + "cli.py", PG + "db.py", PG + "restore_test.py",
                           PG + "slots.py", PG + "units.py", TESTS + "test_bloat.py", TESTS + "test_cli.py",
                           TESTS + "test_restore_test.py", TESTS + "test_slots.py", TESTS + "test_units.py"])
        t.read(OPS + "/README.md")
        t.read(PG + "cli.py")
        t.bash("git log --oneline -10", "Recent commits",
               out="e41b9c7 restore-cmd: recover with --type=immediate and promote\n"
                   "0c7d2a1 runbooks: pg17 rehearsal #2 timings\n"
                   "b95f3e0 slots: flag inactive slots\n"
                   "77a1d4c bloat: take the schema from the command line\n"
                   "3f0e8b2 runbooks: restore test 2026-10 billing\n"
                   "d2c6a90 db: statement_timeout 60s on every connection\n"
                   "91e7f35 add restore-cmd subcommand\n"
                   "5ab2e19 units: fmt_lag\n"
                   "c0d81f4 ruff: enable B and UP\n"
                   "8e3a6b7 runbooks: pg17 upgrade plan")
        t.done("pgops is a small read-only toolbox:\n"
               "- `src/pgops/cli.py`: argparse entry point `pgops` with three subcommands: `bloat` (estimated table "
               "bloat from `sql/bloat_estimate.sql`, sorted, `--schema`/`--limit`), `slots` (replication slots and "
               "retained WAL, exit 1 if a slot is inactive or holds > 50 GiB; needs a primary) and `restore-cmd` "
               "(prints the pgbackrest restore line for a restore-test host).\n"
               "- `db.py` connects by pg_service.conf name (`--service`, default `fo-replica`), forces "
               "`default_transaction_read_only` and a 60 s statement_timeout.\n"
               "- `units.py` formats sizes (MB only) and lags; `tests/` are plain pytest without a database.\n"
               "- `sql/` holds ad-hoc psql reports, `runbooks/` the restore-test log, the pg17 upgrade plan and notices.\n\n"
               "Recent work: restore-cmd (now `--type=immediate` + promote), pg17 rehearsal #2 timings, slot flags, "
               "and the ruff B/UP rules. Checks before a push are `ruff check .`, `ruff format --check .`, `pytest -q`.")

        t = d.task("pgops bloat lists hundreds of tiny tables nobody cares about. add --min-mb (default 100) so it "
                   "only shows tables with at least that much estimated bloat. usual checks, then commit",
                   tags=["workflow:W3"])
        t.read(PG + "bloat.py")
        t.edit(PG + "bloat.py", "def top(rows: list[BloatRow], limit: int = 20) -> list[BloatRow]:\n"
                                "    return sorted(rows, key=lambda r: r.bloat_bytes, reverse=True)[:limit]\n",
               "def top(rows: list[BloatRow], limit: int = 20, min_bytes: int = 0) -> list[BloatRow]:\n"
               "    kept = [r for r in rows if r.bloat_bytes >= min_bytes]\n"
               "    return sorted(kept, key=lambda r: r.bloat_bytes, reverse=True)[:limit]\n")
        t.edit(PG + "cli.py", "        rows = bloat.estimate(conn, schema=args.schema)\n"
                              "    for row in bloat.top(rows, limit=args.limit):\n",
               "        rows = bloat.estimate(conn, schema=args.schema)\n"
               "    min_bytes = args.min_mb * 1024 * 1024\n"
               "    for row in bloat.top(rows, limit=args.limit, min_bytes=min_bytes):\n")
        t.edit(PG + "cli.py", "    b.add_argument(\"--limit\", type=int, default=20)\n",
               "    b.add_argument(\"--limit\", type=int, default=20)\n"
               "    b.add_argument(\n"
               "        \"--min-mb\", type=int, default=100, help=\"hide tables with less estimated bloat (MB)\"\n"
               "    )\n")
        t.read(TESTS + "test_bloat.py")
        t.edit(TESTS + "test_bloat.py", "def test_ratio():\n",
               "def test_top_min_bytes_hides_small_tables():\n"
               "    kept = top(_rows(), limit=10, min_bytes=100 * 1024**2)\n"
               "    assert [r.table for r in kept] == [\"visits\", \"jobs\"]\n\n\n"
               "def test_ratio():\n")
        t.bash("ruff check .", "Lint", out=ruff_ok())
        t.bash("ruff format --check .", "Formatting check", out="12 files already formatted")
        t.bash("pytest -q", "Run the tests", out=pytest_q([("b", 4), ("c", 2), ("r", 1), ("s", 3), ("u", 4)], 0.19))
        t.bash("git add -A && git commit -m \"bloat: --min-mb to hide tables with little bloat (default 100)\"",
               "Commit", out="[main 6f2d8e1] bloat: --min-mb to hide tables with little bloat (default 100)\n"
                             " 3 files changed, 14 insertions(+), 3 deletions(-)")
        t.done("`pgops bloat --min-mb N` (default 100) drops tables with less estimated bloat before sorting and "
               "applying `--limit`. `top()` takes a `min_bytes` argument, and there's a test for the filter. ruff "
               "check and format are clean, 14 tests pass. Committed as 6f2d8e1 (not pushed).")

        t = d.task("pgbouncer restart on pgb-01/02 tonight for the config push. before that: fieldops cluster "
                   "healthy? who's leader, any lag", tags=["mistake:M2"])
        t.fail("ssh pg-fo-01 'patronictl list fieldops'", "Show the fieldops Patroni cluster",
               PATRONI_NOCONF.format(impl="etcd, etcd3, kubernetes"))
        t.say("patronictl found no DCS settings: without `-c` it only reads ~/.config/patroni/patronictl.yaml, which "
              "doesn't exist for my user on the node. The node's own config is /etc/patroni/patroni.yml, so pointing "
              "it there.")
        t.bash("ssh pg-fo-01 'patronictl -c /etc/patroni/patroni.yml list fieldops'",
               "Show the cluster with the node's Patroni config",
               out=patroni_list("fieldops", FO_SYSID, [
                   ("pg-fo-01", "10.20.1.11", "Leader", "running", 9, "", "", "", ""),
                   ("pg-fo-02", "10.20.1.12", "Replica", "streaming", 9, "A0E/3F1C2D88", 0, "A0E/3F1C2D88", 0),
                   ("pg-fo-03", "10.20.1.13", "Replica", "streaming", 9, "A0E/3F1C2D88", 0, "A0E/3F1B9A40", 0)]))
        t.done("fieldops is healthy: pg-fo-01 is the leader (timeline 9), pg-fo-02 and pg-fo-03 are streaming with "
               "0 MB receive and replay lag, no pending restarts or maintenance mode. Fine for tonight's pgbouncer "
               "restart.\n\nThe first `patronictl list` failed only because it had no config: on the nodes it needs "
               "`-c /etc/patroni/patroni.yml`.")

        t = d.task("unrelated q while I have you. pgbouncer 1.24, pool_mode = transaction. do the java apps still "
                   "need prepareThreshold=0 or does pgbouncer handle prepared statements now?",
                   tags=["noise", "no_tools"])
        t.done("PgBouncer handles them since 1.21, but only if you turn it on: set `max_prepared_statements` to "
               "something > 0 (e.g. 200). Then pgbouncer tracks protocol-level prepared statements (Parse/Bind/"
               "Execute, which is what pgJDBC uses after `prepareThreshold` executions) and re-prepares them on "
               "whichever server connection the client gets in transaction mode.\n\n"
               "- With `max_prepared_statements = 0` (the default) keep `prepareThreshold=0`, otherwise you get "
               "`prepared statement \"S_1\" does not exist` errors.\n"
               "- SQL-level `PREPARE`/`EXECUTE` still isn't supported in transaction mode; only the protocol kind is.\n"
               "- Each server connection keeps its own copies, so memory grows with pool size × statements; 100–200 "
               "is the usual range.")

    # ================= S2: fern-schema =================
    with d.session("2026-10-14T10:20:00", SCH, branch="calendar-index", version="2.1.132"):
        t = d.task("support says the technician calendar is slow again (app reads). find the worst offenders in "
                   "pg_stat_statements and explain the top one. anything read-only goes to the replica (pg-fo-02), "
                   "not the primary",
                   tags=["workflow:W2", "pref:P2", "long_output"])
        t.bash(f"psql -X {SVC_FO_R} -c \"{TOP_STMTS_SQL}\"", "Top statements by total time on the fieldops replica",
               out=psql_table(TOP_COLS, [
                   ["-4172649093331873310", "1842207", "412877.3", "224.12", "79214901",
                    "28.9", "SELECT v.id, v.job_id, v.scheduled_at, v.duration_min, v.status FROM fiel"],
                   ["6619001772301845522", "9921034", "61210.8", "6.17", "9921034",
                    "99.8", "SELECT j.id, j.title, j.status, j.priority, j.sla_due_at, c.name AS custo"],
                   ["-882314750146209917", "311482", "38842.0", "124.70", "4671230",
                    "97.1", "SELECT t.id, t.display_name, s.starts_at, s.ends_at FROM fieldops.technic"],
                   ["3318870052219944417", "20411988", "21984.6", "1.08", "20411988",
                    "100.0", "SELECT id, tenant_id, name, external_ref, settings FROM fieldops.custome"],
                   ["1790244105538112046", "64211", "18302.1", "285.03", "64211",
                    "91.4", "SELECT count(*) FROM fieldops.jobs j WHERE j.tenant_id = $1 AND j.status "],
                   ["-6011527330127718831", "4482", "11920.4", "2659.62", "3511092",
                    "84.2", "SELECT vp.visit_id, p.sku, p.name, vp.qty FROM fieldops.visit_parts vp JO"],
                   ["2240981773560031479", "1502117", "9127.7", "6.08", "1502117",
                    "99.9", "SELECT * FROM fieldops.tenants WHERE id = $1"],
                   ["-1391185320071846661", "88120", "7702.5", "87.41", "881200",
                    "98.6", JOBS_SEARCH_OLD[:72]],
                   ["5208815663018222120", "1211", "5920.2", "4888.69", "1211",
                    "77.5", "SELECT date_trunc($1, v.scheduled_at) AS d, count(*) FROM fieldops.visits v"],
                   ["-2957781034716205190", "2004377", "4417.9", "2.20", "2004377",
                    "100.0", "SELECT pg_catalog.set_config($1, $2, $3)"],
               ], right={0, 1, 2, 3, 4, 5}))
        t.say("The first statement is the calendar query: 1.84 M calls, 224 ms mean, and only 29 % of its buffers "
              "come from cache. Running it with typical parameters for a week view.")
        ex = [
            "Limit  (cost=48211.77..48212.27 rows=200 width=44) (actual time=612.402..612.431 rows=200 loops=1)",
            "  Buffers: shared hit=9312 read=22871",
            "  ->  Sort  (cost=48211.77..48214.01 rows=897 width=44) (actual time=612.399..612.414 rows=200 loops=1)",
            "        Sort Key: scheduled_at",
            "        Sort Method: top-N heapsort  Memory: 52kB",
            "        Buffers: shared hit=9312 read=22871",
            "        ->  Bitmap Heap Scan on visits v  (cost=412.66..48172.98 rows=897 width=44) (actual time=18.221..611.978 rows=431 loops=1)",
            "              Recheck Cond: (technician_id = ANY ('{4411,4415,4420,4432,4467}'::bigint[]))",
            "              Filter: ((scheduled_at >= '2026-10-12 00:00:00+00'::timestamp with time zone) AND (scheduled_at < '2026-10-19 00:00:00+00'::timestamp with time zone))",
            "              Rows Removed by Filter: 38842",
            "              Heap Blocks: exact=32066",
            "              Buffers: shared hit=9312 read=22871",
            "              ->  Bitmap Index Scan on visits_technician_id_idx  (cost=0.00..412.44 rows=39421 width=0) (actual time=11.803..11.804 rows=39273 loops=1)",
            "                    Index Cond: (technician_id = ANY ('{4411,4415,4420,4432,4467}'::bigint[]))",
            "                    Buffers: shared hit=8 read=109",
            "Planning:",
            "  Buffers: shared hit=14",
            "Planning Time: 0.284 ms",
            "Execution Time: 612.501 ms",
        ]
        t.bash(f"psql -X {SVC_FO_R} -c \"EXPLAIN (ANALYZE, BUFFERS) SELECT v.id, v.job_id, v.scheduled_at, "
               "v.duration_min, v.status FROM fieldops.visits v WHERE v.technician_id = ANY "
               "('{4411,4415,4420,4432,4467}'::bigint[]) AND v.scheduled_at >= '2026-10-12' AND v.scheduled_at < "
               "'2026-10-19' ORDER BY v.scheduled_at LIMIT 200\"",
               "Explain the calendar query on the replica", out=plan_output(ex))
        t.done("The calendar query (`queryid -4172649093331873310`) is the problem: 413 k seconds total, 224 ms "
               "mean, 29 % cache hit.\n\nWhy: the only usable index is `visits_technician_id_idx` (technician_id "
               "alone). For five technicians it fetches all 39 273 of their visits ever, reads 32 066 heap blocks "
               "(22 871 from disk), then throws away 38 842 rows with the date filter to keep 431 for the week. "
               "612 ms here, worse when the blocks aren't cached.\n\nFix: a composite index on "
               "`visits (technician_id, scheduled_at)`. The planner can then range-scan only the requested week per "
               "technician (a few hundred index entries), and the sort gets cheap. It would also make "
               "`visits_technician_id_idx` redundant, but I'd drop that later, separately, once the new one is used.\n\n"
               "The other entries are fine (high hit ratio, low mean), except `visit_parts` (2.6 s mean, 4.5 k "
               "calls) — worth a look another day.")

        t = d.task("ok do that index as a sqitch change, concurrently obviously, visits is ~40M rows. every deploy "
                   "script that touches a prod table sets lock_timeout first so we never queue behind autovacuum. "
                   "deploy + verify on dev, commit",
                   tags=["workflow:W1", "mistake:M1", "pref:P1"])
        ch = "visits_technician_scheduled_idx"
        d.files[SCH + "/sqitch.plan"] = plan_upto("tenants_settings_default")
        t.bash(f"sqitch add {ch} -n \"Calendar lookups: index visits (technician_id, scheduled_at)\"",
               "Add the sqitch change", out=sqitch_added(ch))
        for k in ("deploy", "revert", "verify"):
            d.files[f"{SCH}/{k}/{ch}.sql"] = tmpl(k, ch)
        d.files[SCH + "/sqitch.plan"] += add_line(ch)
        DEP = f"{SCH}/deploy/{ch}.sql"
        REV = f"{SCH}/revert/{ch}.sql"
        VER = f"{SCH}/verify/{ch}.sql"
        t.read(DEP)
        t.edit(DEP, "-- XXX Add DDLs here.",
               "SET lock_timeout = '5s';\n\nCREATE INDEX CONCURRENTLY visits_technician_scheduled_idx\n"
               "    ON fieldops.visits (technician_id, scheduled_at);")
        t.read(REV)
        t.edit(REV, "-- XXX Add DDLs here.",
               "SET lock_timeout = '5s';\n\nDROP INDEX CONCURRENTLY IF EXISTS fieldops.visits_technician_scheduled_idx;")
        t.read(VER)
        t.edit(VER, "-- XXX Add verifications here.",
               "SELECT 1 / count(*)\nFROM pg_index i\nJOIN pg_class c ON c.oid = i.indexrelid\n"
               "WHERE c.relname = 'visits_technician_scheduled_idx'\n  AND i.indisvalid;")
        t.fail("sqitch deploy dev", "Deploy to the dev database",
               sqitch_fail("dev", ch, line_of(d.files[DEP], "CREATE INDEX CONCURRENTLY"), "CREATE INDEX CONCURRENTLY"),
               code=2)
        t.say("The change was generated from sqitch's template, which wraps every deploy script in BEGIN/COMMIT, and "
              "CREATE INDEX CONCURRENTLY refuses to run inside a transaction block. The revert has the same problem "
              "with DROP INDEX CONCURRENTLY. Removing the wrapper from both; SET lock_timeout still applies to the "
              "session.")
        t.edit(DEP, "BEGIN;\n\nSET lock_timeout = '5s';\n\nCREATE INDEX CONCURRENTLY visits_technician_scheduled_idx\n"
                    "    ON fieldops.visits (technician_id, scheduled_at);\n\nCOMMIT;\n",
               "-- No BEGIN/COMMIT: CREATE INDEX CONCURRENTLY cannot run inside a transaction block.\n"
               "SET lock_timeout = '5s';\n\nCREATE INDEX CONCURRENTLY visits_technician_scheduled_idx\n"
               "    ON fieldops.visits (technician_id, scheduled_at);\n")
        t.edit(REV, "BEGIN;\n\nSET lock_timeout = '5s';\n\nDROP INDEX CONCURRENTLY IF EXISTS "
                    "fieldops.visits_technician_scheduled_idx;\n\nCOMMIT;\n",
               "-- No BEGIN/COMMIT: DROP INDEX CONCURRENTLY cannot run inside a transaction block.\n"
               "SET lock_timeout = '5s';\n\nDROP INDEX CONCURRENTLY IF EXISTS fieldops.visits_technician_scheduled_idx;\n")
        t.bash("sqitch deploy dev", "Deploy to dev again", out=sqitch_deploy_ok("dev", [ch]))
        names = names_upto(ch)
        t.bash("sqitch verify dev", "Verify all deployed changes on dev", out=sqitch_verify_ok("dev", names))
        t.bash("sqitch revert --to @HEAD^ -y dev && sqitch deploy dev", "Check the revert script and redeploy",
               out=sqitch_revert_ok("dev", "tenants_settings_default", [ch]) + "\n" + sqitch_deploy_ok("dev", [ch]))
        t.bash(f"git add sqitch.plan deploy/{ch}.sql revert/{ch}.sql verify/{ch}.sql && "
               f"git commit -m \"Add {ch} for the technician calendar\"", "Commit the change",
               out=f"[calendar-index 2b7e91d] Add {ch} for the technician calendar\n"
                   f" 4 files changed, 21 insertions(+)\n create mode 100644 deploy/{ch}.sql\n"
                   f" create mode 100644 revert/{ch}.sql\n create mode 100644 verify/{ch}.sql")
        t.done(f"`{ch}` is in the plan and committed on `calendar-index` (2b7e91d):\n"
               "- deploy: `SET lock_timeout = '5s'`, then `CREATE INDEX CONCURRENTLY … ON fieldops.visits "
               "(technician_id, scheduled_at)`\n- revert: `DROP INDEX CONCURRENTLY IF EXISTS …`\n"
               "- verify: fails unless the index exists and `indisvalid` (a failed concurrent build leaves an "
               "invalid index behind)\n\nThe first deploy failed because sqitch's template wraps scripts in "
               "BEGIN/COMMIT and CONCURRENTLY can't run in a transaction; both scripts are now without the wrapper. "
               "Deploy, verify, revert and redeploy all pass on dev. If the build on prod hits the 5 s lock timeout, "
               "it fails cleanly and can simply be re-run.")

    # ================= S3: pgops =================
    with d.session("2026-10-16T08:40:00", OPS, branch="main", version="2.1.133"):
        t = d.task("rehearsal #3 on pg-upg-01 today. refresh it from last night's fieldops backup, then the "
                   "pg_upgrade --link run as in runbooks/pg17-upgrade.md. time each step and add the row to the log",
                   tags=["mistake:M3", "long_output"])
        t.read(RB + "pg17-upgrade.md")
        upg_opts = ("--delta --exec-id=38211-7c1d09f2 --log-level-console=info --log-level-file=detail "
                    "--pg1-path=/var/lib/postgresql/16/main --process-max=8 " + S3_OPTS + " --stanza=fieldops")
        t.fail("ssh pg-upg-01 'sudo -u postgres pgbackrest --stanza=fieldops --delta restore'",
               "Restore last night's fieldops backup onto pg-upg-01",
               pgbr_running("2026-10-16 08:44:12.331", "2026-10-16 08:44:12.337", upg_opts,
                            "/var/lib/postgresql/16/main"), code=38, timeout=600000)
        t.say("pgBackRest refuses: 16/main is running on the box (its postmaster.pid is in the data directory). "
              "Checking what's up before stopping anything.")
        t.bash("ssh pg-upg-01 'pg_lsclusters'", "List the clusters on pg-upg-01",
               out="Ver Cluster Port Status Owner    Data directory              Log file\n"
                   "16  main    5432 online postgres /var/lib/postgresql/16/main /var/log/postgresql/postgresql-16-main.log\n"
                   "17  main    5433 down   postgres /var/lib/postgresql/17/main /var/log/postgresql/postgresql-17-main.log")
        t.bash("ssh pg-upg-01 'sudo systemctl stop postgresql@16-main && pg_lsclusters 16 main'",
               "Stop the 16 copy before restoring over it",
               out="Ver Cluster Port Status Owner    Data directory              Log file\n"
                   "16  main    5432 down   postgres /var/lib/postgresql/16/main /var/log/postgresql/postgresql-16-main.log")
        upg_opts2 = upg_opts.replace("38211-7c1d09f2", "38420-1e9b5a07")
        t.bash("ssh pg-upg-01 'sudo -u postgres pgbackrest --stanza=fieldops --delta restore'",
               "Restore again with the copy stopped", timeout=600000,
               out=pgbr_restore_ok("2026-10-16", [("08:45:03", 118), ("08:45:04", 902), ("08:45:05", 377),
                                                  ("08:50:41", 560), ("08:50:41", 583), ("08:50:41", 588),
                                                  ("08:50:41", 590)],
                                   upg_opts2, "/var/lib/postgresql/16/main", "20261011-013001F_20261016-013003I",
                                   "2026-10-16 01:30:03", "413.2GB", 9871, 338472))
        t.bash("ssh pg-upg-01 'sudo systemctl start postgresql@16-main && until sudo -u postgres psql -XAtc "
               "\"select not pg_is_in_recovery()\" 2>/dev/null | grep -q t; do sleep 15; done; "
               "sudo tail -n 9 /var/log/postgresql/postgresql-16-main.log'",
               "Start 16/main and wait until recovery has finished", timeout=600000,
               out="""2026-10-16 08:51:02.114 UTC [51880] LOG:  redo starts at A14/C2000028
2026-10-16 08:55:40.771 UTC [51880] LOG:  consistent recovery state reached at A14/C3A1F2B0
2026-10-16 08:55:40.772 UTC [51877] LOG:  database system is ready to accept read-only connections
2026-10-16 08:58:55.003 UTC [51880] LOG:  redo done at A15/7F00E1C8 system usage: CPU: user: 41.22 s, system: 19.80 s, elapsed: 472.88 s
2026-10-16 08:58:55.003 UTC [51880] LOG:  last completed transaction was at log time 2026-10-16 08:44:51.662094+00
2026-10-16 08:58:55.618 UTC [51880] LOG:  selected new timeline ID: 10
2026-10-16 08:58:55.906 UTC [51880] LOG:  archive recovery complete
2026-10-16 08:58:56.114 UTC [51878] LOG:  checkpoint starting: end-of-recovery immediate wait
2026-10-16 08:59:01.502 UTC [51877] LOG:  database system is ready to accept connections""")
        t.bash("ssh pg-upg-01 'sudo pg_dropcluster 17 main && sudo pg_createcluster 17 main -p 5433 -- --data-checksums "
               "&& sudo cp /etc/postgresql/16/main/conf.d/fernlane.conf /etc/postgresql/17/main/conf.d/'",
               "Recreate an empty 17/main on 5433 with the fleet config",
               out="""Creating new PostgreSQL cluster 17/main ...
/usr/lib/postgresql/17/bin/initdb -D /var/lib/postgresql/17/main --auth-local peer --auth-host scram-sha-256 --no-instructions --data-checksums
The files belonging to this database system will be owned by user "postgres".
This user must also own the server process.

The database cluster will be initialized with locale "C.UTF-8".
The default database encoding has accordingly been set to "UTF8".
The default text search configuration will be set to "english".

Data page checksums are enabled.

fixing permissions on existing directory /var/lib/postgresql/17/main ... ok
creating subdirectories ... ok
selecting dynamic shared memory implementation ... posix
selecting default "max_connections" ... 100
selecting default "shared_buffers" ... 128MB
selecting default time zone ... Etc/UTC
creating configuration files ... ok
running bootstrap script ... ok
performing post-bootstrap initialization ... ok
syncing data to disk ... ok
Ver Cluster Port Status Owner    Data directory              Log file
17  main    5433 down   postgres /var/lib/postgresql/17/main /var/log/postgresql/postgresql-17-main.log""")

        def st(msg, res="ok"):
            return msg.ljust(62) + res

        upg_out = "\n".join([
            "Performing Consistency Checks", "-----------------------------",
            st("Checking cluster versions"), st("Checking database user is the install user"),
            st("Checking database connection settings"), st("Checking for prepared transactions"),
            st("Checking for contrib/isn with bigint-passing mismatch"), st("Checking data type usage"),
            st("Creating dump of global objects"), st("Creating dump of database schemas", ""), " " * 62 + "ok",
            st("Checking for presence of required libraries"), st("Checking database user is the install user"),
            st("Checking for prepared transactions"), st("Checking for new cluster tablespace directories"),
            "", "If pg_upgrade fails after this point, you must re-initdb the", "new cluster before continuing.", "",
            "Performing Upgrade", "------------------",
            st("Setting locale and encoding for new cluster"), st("Analyzing all rows in the new cluster"),
            st("Freezing all rows in the new cluster"), st("Deleting files from new pg_xact"),
            st("Copying old pg_xact to new server"), st("Setting oldest XID for new cluster"),
            st("Setting next transaction ID and epoch for new cluster"),
            st("Deleting files from new pg_multixact/offsets"), st("Copying old pg_multixact/offsets to new server"),
            st("Deleting files from new pg_multixact/members"), st("Copying old pg_multixact/members to new server"),
            st("Setting next multixact ID and offset for new cluster"), st("Resetting WAL archives"),
            st("Setting frozenxid and minmxid counters in new cluster"), st("Restoring global objects in the new cluster"),
            st("Restoring database schemas in the new cluster", ""), " " * 62 + "ok",
            st("Adding \".old\" suffix to old global/pg_control"), "",
            "If you want to start the old cluster, you will need to remove",
            "the \".old\" suffix from /var/lib/postgresql/16/main/global/pg_control.old.",
            "Because \"link\" mode was used, the old cluster cannot be safely",
            "started once the new cluster has been started.",
            st("Linking user relation files", ""), " " * 62 + "ok",
            st("Setting next OID for new cluster"), st("Sync data directory to disk"),
            st("Creating script to delete old cluster"), st("Checking for extension updates"), "",
            "Upgrade Complete", "----------------",
            "Optimizer statistics are not transferred by pg_upgrade.",
            "Once you start the new server, consider running:",
            "    /usr/lib/postgresql/17/bin/vacuumdb --all --analyze-in-stages",
            "Running this script will delete the old cluster's data files:",
            "    ./delete_old_cluster.sh",
            "", "real\t1m44.310s", "user\t0m5.982s", "sys\t0m9.471s",
        ])
        t.bash("ssh pg-upg-01 'sudo systemctl stop postgresql@16-main && cd /tmp && time sudo -u postgres "
               "/usr/lib/postgresql/17/bin/pg_upgrade --link --jobs=8 -b /usr/lib/postgresql/16/bin "
               "-B /usr/lib/postgresql/17/bin -d /var/lib/postgresql/16/main -D /var/lib/postgresql/17/main "
               "-o \"-c config_file=/etc/postgresql/16/main/postgresql.conf\" "
               "-O \"-c config_file=/etc/postgresql/17/main/postgresql.conf\"'",
               "Stop 16/main and run pg_upgrade --link to 17", timeout=600000, out=upg_out)
        t.bash("ssh pg-upg-01 'sudo systemctl start postgresql@17-main && time sudo -u postgres "
               "/usr/lib/postgresql/17/bin/vacuumdb -p 5433 --all --analyze-in-stages -j 16'",
               "Start 17/main and rebuild statistics", timeout=600000,
               out="\n".join(
                   [f"vacuumdb: processing database \"{db}\": Generating {stage}"
                    for stage in ("minimal optimizer statistics (1 target)", "medium optimizer statistics (10 targets)",
                                  "default (full) optimizer statistics")
                    for db in ("fieldops", "postgres", "template1")]
                   + ["", "real\t8m37.922s", "user\t0m0.412s", "sys\t0m0.207s"]))
        t.edit(RB + "pg17-upgrade.md",
               "1. Restore the latest fieldops backup as postgres: `pgbackrest --stanza=fieldops --delta restore`\n",
               "1. Stop 16/main first (`sudo systemctl stop postgresql@16-main`); pgBackRest refuses to restore\n"
               "   while the copy is running. Then restore the latest fieldops backup as postgres:\n"
               "   `pgbackrest --stanza=fieldops --delta restore`\n")
        t.edit(RB + "pg17-upgrade.md",
               "| 2 | 2026-10-02 | 405.8GB | 9m (delta) | 1m58s | 15m | `--jobs=8` |\n",
               "| 2 | 2026-10-02 | 405.8GB | 9m (delta) | 1m58s | 15m | `--jobs=8` |\n"
               "| 3 | 2026-10-16 | 413.2GB | 5m38s (delta) + 8m recovery | 1m44s | 8m38s | analyze with `-j 16` |\n")
        t.bash("git commit -am \"runbooks: pg17 rehearsal #3, stop 16/main before the restore\"", "Commit the runbook",
               out="[main 1c94e0b] runbooks: pg17 rehearsal #3, stop 16/main before the restore\n"
                   " 1 file changed, 4 insertions(+), 1 deletion(-)")
        t.done("Rehearsal #3 done, 17/main is running on pg-upg-01 (port 5433) with fresh statistics.\n\n"
               "| step | time |\n|---|---|\n| pgBackRest delta restore (413.2 GB, 9871 files) | 5m38s |\n"
               "| WAL replay to end of archive + promote (TL 10) | ~8m |\n| pg_upgrade --link --jobs=8 | 1m44s |\n"
               "| vacuumdb --analyze-in-stages -j 16 | 8m38s |\n\n"
               "So the in-place downtime would be ~1m45s for pg_upgrade plus however long we run without full "
               "statistics; `-j 16` halved analyze compared with rehearsal #2.\n\n"
               "The first restore was refused because 16/main was still running. I stopped it and added that "
               "step to the runbook, plus the row for #3 (committed 1c94e0b). The old 16 data directory is linked "
               "into 17 now, so 16/main must not be started again; `/tmp/delete_old_cluster.sh` is there for later.")

        t = d.task("capacity report for the month: write sql/schema_sizes.sql, per schema: number of tables, total "
                   "size incl. indexes+toast, and the largest table. run it on the fieldops replica",
                   tags=["oneoff:O1"])
        SS = OPS + "/sql/schema_sizes.sql"
        t.write(SS, """-- Per-schema size summary for the monthly capacity report.
SELECT n.nspname AS schema,
       count(*) AS tables,
       pg_size_pretty(sum(pg_total_relation_size(c.oid))) AS total,
       c.relname AS largest
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'p')
  AND n.nspname NOT IN ('pg_catalog', 'information_schema')
  AND n.nspname NOT LIKE 'pg_toast%'
GROUP BY n.nspname
ORDER BY sum(pg_total_relation_size(c.oid)) DESC;
""")
        ss_cmd = f"psql -X -v ON_ERROR_STOP=1 {SVC_FO_R} -f sql/schema_sizes.sql"
        t.fail(ss_cmd, "Run the schema size report on the replica",
               "psql:sql/schema_sizes.sql:13: ERROR:  column \"c.relname\" must appear in the GROUP BY clause or be "
               "used in an aggregate function\nLINE 4:        c.relname AS largest\n               ^", code=3)
        t.say("`largest` needs an aggregate: picking the relname with the biggest size inside each group with an "
              "ordered array_agg.")
        t.edit(SS, "       c.relname AS largest\n",
               "       (array_agg(c.relname ORDER BY pg_total_relation_size(c.oid) DESC))[1] AS largest\n")
        t.bash(ss_cmd, "Run the report again",
               out=psql_table(["schema", "tables", "total", "largest"], [
                   ["fieldops", "41", "371 GB", "visits"], ["audit", "3", "29 GB", "row_changes"],
                   ["sqitch", "8", "1240 kB", "events"], ["public", "1", "48 kB", "pg_stat_statements_snap"]],
                   right={1}))
        t.done("`sql/schema_sizes.sql` on the fieldops replica:\n\n| schema | tables | total | largest |\n|---|---|---|---|\n"
               "| fieldops | 41 | 371 GB | visits |\n| audit | 3 | 29 GB | row_changes |\n| sqitch | 8 | 1240 kB | events |\n"
               "| public | 1 | 48 kB | pg_stat_statements_snap |\n\n"
               "The first run failed on `c.relname` not being grouped; `largest` now comes from "
               "`(array_agg(relname ORDER BY size DESC))[1]`. Sizes include indexes and TOAST "
               "(`pg_total_relation_size`). The file isn't committed yet.")

        t = d.task("is the DR copy keeping up? repo2 in the other bucket (fernlane-pgbackrest-dr). want to see the "
                   "newest fieldops WAL in there, aws profile pgbackrest-dr", tags=["unfixed:U1"])
        t.fail("aws --profile pgbackrest-dr --endpoint-url https://s3.eu-central-1.wasabisys.com s3 ls "
               "s3://fernlane-pgbackrest-dr/pgbackrest/archive/fieldops/16-1/ | tail -n 3",
               "List the newest WAL directories in the DR bucket",
               "\nAn error occurred (AccessDenied) when calling the ListObjectsV2 operation: Access Denied", code=254)
        t.bash("aws configure list --profile pgbackrest-dr", "Which credentials the profile uses",
               out="""      Name                    Value             Type    Location
      ----                    -----             ----    --------
   profile            pgbackrest-dr           manual    --profile
access_key     ****************7QKD shared-credentials-file    
secret_key     ****************h2Rw shared-credentials-file    
    region             eu-central-1      config-file    ~/.aws/config""")
        t.done("I can't see it from here. The bucket denies `ListObjectsV2` for the `pgbackrest-dr` profile "
               "(key ending 7QKD, eu-central-1 endpoint); the request itself is fine, it's the permission. That's "
               "either a changed bucket policy or a key that was rotated on their side. The DR bucket and its keys "
               "belong to SecOps, so nothing to fix in our config. Ask them whether the 7QKD key is still meant to "
               "have read access. Until then I can't tell whether repo2 is current. The db hosts use their own "
               "key for archive-push, so this says nothing about archiving itself.")

    # ================= S4: fern-schema =================
    with d.session("2026-10-19T13:10:00", SCH, branch="visits-cancel-reason", version="2.1.134"):
        t = d.task("Ines (compliance) needs a dump of the audit schema from fieldops for the auditors. custom "
                   "format (-Fc) like we always hand out, take it on pg-fo-02 into /srv/handoff",
                   tags=["pref:P3"])
        t.bash("ssh pg-fo-02 'sudo -u postgres pg_dump -Fc -n audit -f /srv/handoff/fieldops-audit-20261019.dump "
               "fieldops && ls -lh /srv/handoff/fieldops-audit-20261019.dump'",
               "Dump the audit schema in custom format on the replica", timeout=600000,
               out="-rw-r--r-- 1 postgres postgres 6.1G Oct 19 13:52 /srv/handoff/fieldops-audit-20261019.dump")
        t.bash("ssh pg-fo-02 'sudo -u postgres pg_restore -l /srv/handoff/fieldops-audit-20261019.dump | head -n 22'",
               "Check the archive's table of contents",
               out=""";
; Archive created at 2026-10-19 13:14:31 UTC
;     dbname: fieldops
;     TOC Entries: 31
;     Compression: gzip
;     Dump Version: 1.15-0
;     Format: CUSTOM
;     Integer: 4 bytes
;     Offset: 8 bytes
;     Dumped from database version: 16.14 (Debian 16.14-1.pgdg120+1)
;     Dumped by pg_dump version: 16.14 (Debian 16.14-1.pgdg120+1)
;
;
; Selected TOC Entries:
;
7; 2615 16512 SCHEMA - audit fieldops_owner
241; 1255 16530 FUNCTION audit log_row_change() fieldops_owner
229; 1259 16514 TABLE audit row_changes fieldops_owner
230; 1259 16522 TABLE audit row_changes_2025 fieldops_owner
231; 1259 16526 TABLE audit sessions fieldops_owner
228; 1259 16513 SEQUENCE audit row_changes_id_seq fieldops_owner
3712; 0 16514 TABLE DATA audit row_changes fieldops_owner""")
        t.done("Done: `/srv/handoff/fieldops-audit-20261019.dump` on pg-fo-02, 6.1 GB, custom format (gzip). It was "
               "taken on the replica, so nothing ran on the primary. `pg_restore -l` reads it fine: schema `audit` "
               "with `row_changes`, `row_changes_2025`, `sessions`, the sequence and `log_row_change()`. Ines can "
               "restore it with `pg_restore -d <db> fieldops-audit-20261019.dump` (add `--no-owner` if she doesn't "
               "have a `fieldops_owner` role). The dump took about 38 minutes.")

        t = d.task("new column visits.cancel_reason (text, nullable) for the mobile cancel dialog. calendar index MR "
                   "is merged, I branched off main. don't forget the lock_timeout line up top, same as every time. "
                   "deploy/verify/revert on dev and push the branch",
                   tags=["workflow:W1", "pref:P1"])
        d.files[SCH + "/sqitch.plan"] = plan_upto("audit_row_changes_by_year")
        ch = "visits_cancel_reason"
        t.bash(f"sqitch add {ch} -n \"visits.cancel_reason for the mobile cancel dialog\"", "Add the sqitch change",
               out=sqitch_added(ch))
        for k in ("deploy", "revert", "verify"):
            d.files[f"{SCH}/{k}/{ch}.sql"] = tmpl(k, ch)
        d.files[SCH + "/sqitch.plan"] += add_line(ch)
        DEP, REV, VER = (f"{SCH}/{k}/{ch}.sql" for k in ("deploy", "revert", "verify"))
        t.read(DEP)
        t.edit(DEP, "-- XXX Add DDLs here.",
               "SET lock_timeout = '3s';\n\nALTER TABLE fieldops.visits ADD COLUMN cancel_reason text;")
        t.read(REV)
        t.edit(REV, "-- XXX Add DDLs here.",
               "SET lock_timeout = '3s';\n\nALTER TABLE fieldops.visits DROP COLUMN cancel_reason;")
        t.read(VER)
        t.edit(VER, "-- XXX Add verifications here.", "SELECT cancel_reason FROM fieldops.visits WHERE FALSE;")
        t.bash("sqitch deploy dev", "Deploy to dev (also picks up Jonas's audit change from main)",
               out=sqitch_deploy_ok("dev", ["audit_row_changes_by_year", ch]))
        names = names_upto(ch)
        t.bash("sqitch verify dev", "Verify on dev", out=sqitch_verify_ok("dev", names))
        t.bash("sqitch revert --to @HEAD^ -y dev && sqitch deploy dev", "Test the revert, then redeploy",
               out=sqitch_revert_ok("dev", "audit_row_changes_by_year", [ch]) + "\n" +
                   sqitch_deploy_ok("dev", [ch]))
        t.bash(f"git add sqitch.plan deploy/{ch}.sql revert/{ch}.sql verify/{ch}.sql && git commit -m \"Add "
               f"visits.cancel_reason\" && git push -u origin visits-cancel-reason", "Commit and push the branch",
               out=f"[visits-cancel-reason 9a40c1e] Add visits.cancel_reason\n 4 files changed, 22 insertions(+)\n"
                   f" create mode 100644 deploy/{ch}.sql\n create mode 100644 revert/{ch}.sql\n"
                   f" create mode 100644 verify/{ch}.sql\nremote: \nremote: To create a merge request for "
                   "visits-cancel-reason, visit:\nremote:   https://git.fernlane.internal/platform/fern-schema/-/"
                   "merge_requests/new?merge_request%5Bsource_branch%5D=visits-cancel-reason\nremote: \n"
                   "To git.fernlane.internal:platform/fern-schema.git\n"
                   " * [new branch]      visits-cancel-reason -> visits-cancel-reason\n"
                   "branch 'visits-cancel-reason' set up to track 'origin/visits-cancel-reason'.")
        t.done("`visits_cancel_reason` is pushed on `visits-cancel-reason` (9a40c1e); the MR link is in the push "
               "output.\n- deploy: `SET lock_timeout = '3s'` then `ALTER TABLE fieldops.visits ADD COLUMN "
               "cancel_reason text` (nullable, no default, so it's a catalog-only change)\n- revert: same timeout, "
               "`DROP COLUMN cancel_reason`\n- verify: selects the column\n\nDeploy, verify, revert and redeploy "
               "are clean on dev. It keeps sqitch's BEGIN/COMMIT because nothing in it needs to run outside a "
               "transaction.")

        t = d.task("side question: if the mobile team later wants a default on that column, e.g. "
                   "default gen_random_uuid() on some other new column, does ADD COLUMN rewrite the table in 16?",
                   tags=["noise", "no_tools"])
        t.done("Depends on whether the default is volatile.\n\n- Non-volatile default (a constant, `now()`, "
               "anything STABLE/IMMUTABLE): no rewrite since PG 11. The value is stored once in `pg_attribute` "
               "(`atthasmissing`/`attmissingval`) and existing rows read it from there. It's a quick "
               "ACCESS EXCLUSIVE lock, so the lock_timeout still matters.\n- Volatile default (`gen_random_uuid()`, "
               "`clock_timestamp()`, `random()`): every existing row needs its own value, so PostgreSQL rewrites "
               "the whole table under ACCESS EXCLUSIVE. On visits that means minutes of blocked reads and writes "
               "plus twice the disk space.\n\nFor a volatile default on a big table: add the column without a "
               "default, `ALTER COLUMN … SET DEFAULT` (affects new rows only), then backfill old rows in batches.")

    # ================= S5: pgops, acceptEdits =================
    with d.session("2026-10-21T09:30:00", OPS, branch="main", version="2.1.135", permission_mode="acceptEdits"):
        t = d.task("pgops slots shoud also show wal_status and safe_wal_size, and flag anything 'unreserved' or "
                   "'lost' (max_slot_wal_keep_size is set on prod now). tests, checks, commit",
                   tags=["workflow:W3"])
        t.read(PG + "slots.py")
        t.write(PG + "slots.py", '''"""Replication slots and how much WAL they hold back."""

from __future__ import annotations

from dataclasses import dataclass

from pgops.units import fmt_bytes

SLOTS_SQL = """
SELECT slot_name,
       slot_type,
       active,
       pg_wal_lsn_diff(pg_current_wal_lsn(), restart_lsn)::bigint AS retained_bytes,
       wal_status,
       safe_wal_size
FROM pg_replication_slots
ORDER BY retained_bytes DESC NULLS LAST
"""

RETAINED_WARN_BYTES = 50 * 1024**3
BAD_WAL_STATUS = {"unreserved", "lost"}


@dataclass(frozen=True)
class Slot:
    name: str
    slot_type: str
    active: bool
    retained_bytes: int | None
    wal_status: str | None = None
    safe_wal_size: int | None = None


def fetch(conn) -> list[Slot]:
    with conn.cursor() as cur:
        cur.execute(SLOTS_SQL)
        return [Slot(*r) for r in cur.fetchall()]


def is_problem(slot: Slot) -> bool:
    return (
        (not slot.active)
        or (slot.retained_bytes or 0) > RETAINED_WARN_BYTES
        or slot.wal_status in BAD_WAL_STATUS
    )


def format_row(slot: Slot) -> str:
    retained = fmt_bytes(slot.retained_bytes) if slot.retained_bytes is not None else "-"
    safe = fmt_bytes(slot.safe_wal_size) if slot.safe_wal_size is not None else "-"
    state = "active" if slot.active else "inactive"
    flag = "  <-- check" if is_problem(slot) else ""
    return (
        f"{slot.name:<32} {slot.slot_type:<9} {state:<8} {retained:>12} "
        f"{slot.wal_status or '-':<10} {safe:>12}{flag}"
    )
''')
        t.read(TESTS + "test_slots.py")
        t.edit(TESTS + "test_slots.py", "def test_healthy_slot():\n",
               "def test_lost_slot_is_problem():\n"
               "    assert is_problem(Slot(\"debezium_billing\", \"logical\", True, 10, \"lost\", None))\n\n\n"
               "def test_unreserved_slot_is_problem():\n"
               "    assert is_problem(Slot(\"pg_fo_03\", \"physical\", True, 10, \"unreserved\", 0))\n\n\n"
               "def test_healthy_slot():\n")
        t.edit(TESTS + "test_slots.py", "    s = Slot(\"pg_fo_02\", \"physical\", True, 16 * 1024**2)\n",
               "    s = Slot(\"pg_fo_02\", \"physical\", True, 16 * 1024**2, \"reserved\", 8 * 1024**3)\n")
        t.bash("ruff check .", "Lint", out=ruff_ok())
        t.bash("ruff format .", "Format", out="1 file reformatted, 11 files left unchanged")
        t.bash("git diff --stat", "What the formatter touched",
               out=" src/pgops/slots.py  | 22 +++++++++++++++-------\n tests/test_slots.py | 10 +++++++++-\n"
                   " 2 files changed, 25 insertions(+), 7 deletions(-)")
        t.bash("pytest -q", "Run the tests", out=pytest_q([("b", 4), ("c", 2), ("r", 1), ("s", 5), ("u", 4)], 0.21))
        t.bash("git commit -am \"slots: show wal_status and safe_wal_size, flag unreserved/lost\"", "Commit",
               out="[main 4c81e2f] slots: show wal_status and safe_wal_size, flag unreserved/lost\n"
                   " 2 files changed, 25 insertions(+), 7 deletions(-)")
        t.done("`pgops slots` now also prints `wal_status` and `safe_wal_size`, and flags a slot if it's inactive, "
               "holds > 50 GiB, or its wal_status is `unreserved` or `lost`. With `max_slot_wal_keep_size` set, "
               "`unreserved` is the early warning: the slot is about to lose WAL it needs. The two new fields default "
               "to None, so old call sites still work. ruff reformatted slots.py (line wrapping only), lint clean, 16 "
               "tests pass. Committed as 4c81e2f.")

        t = d.task("sizes in MB are unreadable for the 2TB stuff. make fmt_bytes pick the unit itself (B, KiB ... "
                   "TiB, one decimal) and fix the tests", tags=["oneoff:O2"])
        t.read(PG + "units.py")
        t.edit(PG + "units.py", '''def fmt_bytes(n: int) -> str:
    """Size in MB with one decimal, the way the old bash reports printed it."""
    return f"{n / 1024 / 1024:.1f} MB"
''', '''_UNITS = ("B", "KiB", "MiB", "GiB", "TiB")


def fmt_bytes(n: int) -> str:
    """Human-readable size with binary units: 512 B, 1.5 MiB, 2.0 TiB."""
    value = float(n)
    unit = _UNITS[0]
    for unit in _UNITS:
        if value <= 1024 or unit == _UNITS[-1]:
            break
        value /= 1024
    if unit == "B":
        return f"{int(value)} B"
    return f"{value:.1f} {unit}"
''')
        t.read(TESTS + "test_units.py")
        t.write(TESTS + "test_units.py", '''import pytest

from pgops.units import fmt_bytes, fmt_lag


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (0, "0 B"),
        (512, "512 B"),
        (1024, "1.0 KiB"),
        (1536 * 1024, "1.5 MiB"),
        (1073741824, "1.0 GiB"),
        (3 * 1024**4 // 2, "1.5 TiB"),
        (5 * 1024**5, "5120.0 TiB"),
    ],
)
def test_fmt_bytes(n, expected):
    assert fmt_bytes(n) == expected


def test_fmt_lag():
    assert fmt_lag(None) == "-"
    assert fmt_lag(42) == "42s"
    assert fmt_lag(600) == "10.0m"
''')

        def sep(ch, title, width=80):
            n = max((width - len(title) - 2) // 2, 1)
            line = f"{ch * n} {title} {ch * n}"
            if len(line) + 1 <= width:
                line += ch
            return line

        src_block = """    @pytest.mark.parametrize(
        ("n", "expected"),
        [
            (0, "0 B"),
            (512, "512 B"),
            (1024, "1.0 KiB"),
            (1536 * 1024, "1.5 MiB"),
            (1073741824, "1.0 GiB"),
            (3 * 1024**4 // 2, "1.5 TiB"),
            (5 * 1024**5, "5120.0 TiB"),
        ],
    )
    def test_fmt_bytes(n, expected):
>       assert fmt_bytes(n) == expected"""
        fails = [("1024-1.0 KiB", "1024", "1.0 KiB", "1024 B"), ("1073741824-1.0 GiB", "1073741824", "1.0 GiB", "1024.0 MiB")]
        body = ["..F.F...".ljust(74) + "[100%]", sep("=", "FAILURES")]
        for pid, n, exp, got in fails:
            body += [sep("_", f"test_fmt_bytes[{pid}]"), "", f"n = {n}, expected = '{exp}'", "", src_block,
                     f"E       AssertionError: assert '{got}' == '{exp}'", "E         ", f"E         - {exp}",
                     f"E         + {got}", "", "tests/test_units.py:19: AssertionError"]
        body.append(sep("=", "short test summary info"))
        for pid, n, exp, got in fails:
            body.append(f"FAILED tests/test_units.py::test_fmt_bytes[{pid}] - AssertionError: assert '{got}' == '{exp}'")
        body.append("2 failed, 6 passed in 0.06s")
        t.fail("pytest -q tests/test_units.py", "Run the unit formatting tests", "\n".join(body))
        t.say("Off by one at the unit boundaries: with `<= 1024`, exactly 1024 of a unit stays in the smaller unit "
              "(\"1024 B\", \"1024.0 MiB\"). It has to move up at 1024, so the comparison must be `<`.")
        t.edit(PG + "units.py", "        if value <= 1024 or unit == _UNITS[-1]:\n",
               "        if value < 1024 or unit == _UNITS[-1]:\n")
        t.bash("pytest -q tests/test_units.py", "Run the unit formatting tests",
               out="........".ljust(74) + "[100%]\n8 passed in 0.03s")
        t.bash("ruff check . && pytest -q", "Lint and full test run",
               out=ruff_ok() + "\n" + pytest_q([("b", 4), ("c", 2), ("r", 1), ("s", 5), ("u", 8)], 0.22))
        t.bash("git commit -am \"units: fmt_bytes picks B/KiB/MiB/GiB/TiB\"", "Commit",
               out="[main a07f6d3] units: fmt_bytes picks B/KiB/MiB/GiB/TiB\n"
                   " 2 files changed, 27 insertions(+), 4 deletions(-)")
        t.done("`fmt_bytes` now picks the unit: `512 B`, `1.5 MiB`, `1.0 GiB`, `1.5 TiB`; TiB is the ceiling, so "
               "5 PiB prints as `5120.0 TiB`. My first version moved up a unit only above 1024, so exactly 1 KiB "
               "and 1 GiB came out as `1024 B` / `1024.0 MiB`. The boundary is fixed (`< 1024`), 20 tests pass, "
               "committed as a07f6d3. bloat and slots pick this up automatically.")

        t = d.task("incident review question for billing: what's maximum_lag_on_failover set to, and is "
                   "synchronous_mode on? pg-bill-01", tags=["mistake:M2"])
        t.fail("ssh pg-bill-01 'patronictl show-config billing'", "Show billing's dynamic Patroni configuration",
               PATRONI_NOCONF.format(impl="etcd, etcd3, kubernetes"))
        t.say("Same as on the fieldops nodes: my user has no patronictl.yaml there, so patronictl knows no DCS. "
              "Pointing it at the node's config through PATRONICTL_CONFIG_FILE.")
        t.bash("ssh pg-bill-01 'PATRONICTL_CONFIG_FILE=/etc/patroni/patroni.yml patronictl show-config billing'",
               "Show billing's dynamic configuration with the node's config file",
               out="""loop_wait: 10
maximum_lag_on_failover: 1048576
postgresql:
  parameters:
    archive_command: pgbackrest --stanza=billing archive-push %p
    archive_mode: 'on'
    hot_standby_feedback: 'on'
    max_connections: 400
    max_replication_slots: 10
    max_slot_wal_keep_size: 200GB
    max_wal_senders: 10
    max_wal_size: 16GB
    shared_preload_libraries: pg_stat_statements,auto_explain
    wal_keep_size: 2GB
    wal_level: logical
  use_pg_rewind: true
  use_slots: true
retry_timeout: 10
synchronous_mode: true
synchronous_node_count: 1
ttl: 30""")
        t.done("For billing (dynamic config in etcd):\n- `maximum_lag_on_failover: 1048576`, i.e. 1 MB: a replica "
               "more than 1 MB behind is not promoted automatically.\n- `synchronous_mode: true` with "
               "`synchronous_node_count: 1`: one replica is synchronous and Patroni only fails over to it, so a "
               "failover can't lose acknowledged commits.\n\nFor the review: with synchronous_mode on, the lag limit "
               "barely matters for the sync standby; it only applies if Patroni has to consider the async one.")

        t = d.task("Marek changed the pgbackrest repo config on the billing nodes on monday. run a check there, "
                   "want to be sure archving still works", tags=["flaky:F1"])
        chk = "ssh pg-bill-01 'sudo -u postgres pgbackrest --stanza=billing check'"
        bill_opts = ("--exec-id={eid} --log-level-console=info --log-level-file=detail "
                     "--pg1-path=/var/lib/postgresql/16/main --pg1-port=5432 " + S3_OPTS + " --stanza=billing")
        t.fail(chk, "pgBackRest check for the billing stanza", "\n".join([
            pgbr_info("2026-10-21 10:13:58.204", f"check command begin {PGBR_VER}: " + bill_opts.format(eid="990812-3f2e7a1c")),
            pgbr_info("2026-10-21 10:13:58.377", "check repo1 configuration (primary)"),
            "ERROR: [049]: unable to get address for 'fernlane-pgbackrest.s3.eu-central-2.wasabisys.com': [-3] "
            "Temporary failure in name resolution",
            pgbr_info("2026-10-21 10:14:08.419", "check command end: aborted with exception [049]")]), code=49)
        t.bash(chk, "pgBackRest check for the billing stanza", out="\n".join([
            pgbr_info("2026-10-21 10:14:22.871", f"check command begin {PGBR_VER}: " + bill_opts.format(eid="990907-81b4d6e0")),
            pgbr_info("2026-10-21 10:14:23.402", "check repo1 configuration (primary)"),
            pgbr_info("2026-10-21 10:14:23.912", "check repo1 archive for WAL (primary)"),
            pgbr_info("2026-10-21 10:14:25.108", "WAL segment 0000000400000312000000A7 successfully archived to "
                      "'/pgbackrest/archive/billing/16-1/0000000400000312/0000000400000312000000A7-"
                      "9b1f4c0e2d7a83f5c16e0b94d2a7c3e81f0d5b62.gz' on repo1"),
            pgbr_info("2026-10-21 10:14:25.109", "check command end: completed successfully (2240ms)")]))
        t.done("Archiving works. The check forced a WAL switch and segment 0000000400000312000000A7 landed in repo1 "
               "within about a second. The first attempt failed on a DNS lookup of the Wasabi endpoint (\"Temporary "
               "failure in name resolution\"); the identical re-run a few seconds later went through, so that was a "
               "resolver hiccup, not Marek's config.")

        t = d.task("write the #status notice for saturday's billing minor update (16.13 -> 16.14, rolling via "
                   "patroni, one switchover at the end). put it in runbooks/notices/", tags=["noise"])
        t.write(RB + "notices/2026-10-24-billing-minor.md", """# Billing database maintenance: PostgreSQL 16.14 minor update

**When:** Saturday 24 October 2026, 07:00-08:00 UTC (09:00-10:00 CEST)
**Who is affected:** billing-api, invoice-worker, finance exports, the billing admin pages
**Expected impact:** one short interruption of writes (5-15 seconds) during the switchover at the end

## What we are doing

We are updating the billing PostgreSQL cluster from 16.13 to 16.14. This is a minor release with bug and
security fixes only; no schema or query changes are needed on your side. The cluster is run by Patroni with
one primary and two replicas, so we update it node by node:

1. pg-bill-03 (async replica): stop, update packages, start, wait until it streams again.
2. pg-bill-02 (sync replica): same steps. While it restarts, pg-bill-03 takes over as sync standby.
3. Switchover: Patroni makes pg-bill-02 the new primary. Open transactions on the old primary are cut off.
   PgBouncer reconnects automatically; clients see one failed query or a reconnect.
4. pg-bill-01 (old primary, now replica): update and start.

## What you might see

- During step 3, for up to 15 seconds: `server closed the connection unexpectedly` or `terminating
  connection due to administrator command` in application logs, and HTTP 503 from billing-api.
- Read-only replicas may briefly return stale data while they catch up.
- Scheduled jobs that start in the window may fail once and be retried by the scheduler.

## What you need to do

- Nothing, if your service retries on connection errors (all services behind PgBouncer do).
- Please don't start manual exports or migrations between 07:00 and 08:00 UTC.
- invoice-worker: the 07:15 batch will be moved to 08:15 for this day.

## Rollback

If anything looks wrong after the switchover we switch back to pg-bill-01 (still on 16.13 at that point) and
postpone the update. Minor updates don't change the on-disk format, so going back is safe.

## Contact

#dba-oncall on Slack, or page the DBA on-call through PagerDuty (service "PostgreSQL").
Status updates will be posted in this thread at start, after the switchover, and at the end.
""")
        t.done("Notice written to `runbooks/notices/2026-10-24-billing-minor.md`: time window (Sat 07:00–08:00 UTC), "
               "affected services, the four rolling steps with the switchover, what errors apps may see during the "
               "5–15 s write interruption, what teams need to do (nothing if they retry; no manual exports; "
               "invoice-worker batch moved to 08:15), rollback, and contact/update plan. Ready to paste into #status.")

    # ================= S6: pgops (auto compaction) =================
    with d.session("2026-10-26T09:15:00", OPS, branch="main", version="2.1.136"):
        t = d.task("SUP-4471: Brightwater Plumbing (tenant 8812) bulk-deleted ~300 jobs yesterday around 14:05 UTC. "
                   "restore fieldops on pg-scratch-01 to 14:00 yesterday and get support the deleted jobs + their "
                   "visits as csv", tags=["mistake:M3", "long_output"])
        pitr = ("ssh pg-scratch-01 \"sudo -u postgres pgbackrest --stanza=fieldops --delta --type=time "
                "'--target=2026-10-25 14:00:00+00' --target-action=promote restore\"")
        pitr_opts = ("--delta --exec-id={eid} --log-level-console=info --log-level-file=detail "
                     "--pg1-path=/var/lib/postgresql/16/main --process-max=8 " + S3_OPTS +
                     " --stanza=fieldops --target=\"2026-10-25 14:00:00+00\" --target-action=promote --type=time")
        t.fail(pitr, "Point-in-time restore of fieldops to 14:00 UTC yesterday on pg-scratch-01",
               pgbr_running("2026-10-26 09:18:40.512", "2026-10-26 09:18:40.519",
                            pitr_opts.format(eid="71240-0d3f8e21"), "/var/lib/postgresql/16/main"),
               code=38, timeout=600000)
        t.say("The scratch box still runs the copy from the last support restore, and pgBackRest won't restore over "
              "a running cluster. Stopping it, and checking that archiving stays off there so the promoted copy "
              "can't push WAL into the fieldops repo.")
        t.bash("ssh pg-scratch-01 'sudo pg_ctlcluster 16 main stop && grep -h -E \"^(archive_mode|archive_command)\" "
               "/etc/postgresql/16/main/postgresql.conf /etc/postgresql/16/main/conf.d/*.conf'",
               "Stop the old scratch copy and check its archive settings", out="archive_mode = off")
        t.bash(pitr, "Point-in-time restore again with the cluster stopped", timeout=600000,
               out=pgbr_restore_ok("2026-10-26", [("09:19:22", 40), ("09:19:23", 611), ("09:19:24", 95),
                                                  ("09:25:31", 877), ("09:25:31", 902), ("09:25:31", 906),
                                                  ("09:25:31", 908)],
                                   pitr_opts.format(eid="71391-5ac2b7f0"), "/var/lib/postgresql/16/main",
                                   "20261025-013002F", "2026-10-25 01:30:02", "417.9GB", 9904, 368868))
        t.bash("ssh pg-scratch-01 'sudo pg_ctlcluster 16 main start && until sudo -u postgres psql -XAtc "
               "\"select not pg_is_in_recovery()\" 2>/dev/null | grep -q t; do sleep 15; done; "
               "sudo tail -n 22 /var/log/postgresql/postgresql-16-main.log'",
               "Start the copy and wait for recovery to reach the target", timeout=600000,
               out="""2026-10-26 09:25:40.221 UTC [60211] LOG:  starting PostgreSQL 16.14 (Debian 16.14-1.pgdg120+1) on x86_64-pc-linux-gnu, compiled by gcc (Debian 12.2.0-14) 12.2.0, 64-bit
2026-10-26 09:25:40.222 UTC [60211] LOG:  listening on IPv4 address "0.0.0.0", port 5432
2026-10-26 09:25:40.227 UTC [60211] LOG:  listening on Unix socket "/var/run/postgresql/.s.PGSQL.5432"
2026-10-26 09:25:40.240 UTC [60214] LOG:  database system was interrupted; last known up at 2026-10-25 01:30:02 UTC
2026-10-26 09:25:40.502 UTC [60214] LOG:  starting point-in-time recovery to 2026-10-25 14:00:00+00
2026-10-26 09:25:40.531 UTC [60214] LOG:  starting backup recovery with redo LSN A2C/18000028, checkpoint LSN A2C/18000060, on timeline ID 9
2026-10-26 09:25:40.912 UTC [60214] LOG:  restored log file "0000000900000A2C00000018" from archive
2026-10-26 09:25:40.958 UTC [60214] LOG:  redo starts at A2C/18000028
2026-10-26 09:25:41.401 UTC [60214] LOG:  restored log file "0000000900000A2C00000019" from archive
2026-10-26 09:25:41.883 UTC [60214] LOG:  restored log file "0000000900000A2C0000001A" from archive
2026-10-26 09:28:55.880 UTC [60214] LOG:  completed backup recovery with redo LSN A2C/18000028 and end LSN A2C/2B4F1E10
2026-10-26 09:28:55.880 UTC [60214] LOG:  consistent recovery state reached at A2C/2B4F1E10
2026-10-26 09:28:55.881 UTC [60211] LOG:  database system is ready to accept read-only connections
2026-10-26 09:34:30.117 UTC [60214] LOG:  recovery stopping before commit of transaction 1984412907, time 2026-10-25 14:00:00.384219+00
2026-10-26 09:34:30.117 UTC [60214] LOG:  redo done at A2D/91C03F58 system usage: CPU: user: 301.55 s, system: 118.20 s, elapsed: 529.15 s
2026-10-26 09:34:30.117 UTC [60214] LOG:  last completed transaction was at log time 2026-10-25 13:59:59.912044+00
2026-10-26 09:34:30.431 UTC [60214] LOG:  selected new timeline ID: 10
2026-10-26 09:34:30.702 UTC [60214] LOG:  archive recovery complete
2026-10-26 09:34:30.911 UTC [60212] LOG:  checkpoint starting: end-of-recovery immediate wait
2026-10-26 09:34:36.180 UTC [60212] LOG:  checkpoint complete: wrote 61822 buffers (11.8%); 0 WAL file(s) added, 0 removed, 0 recycled; write=4.771 s, sync=0.312 s, total=5.270 s; sync files=412, longest=0.041 s, average=0.001 s; distance=0 kB, estimate=0 kB; lsn=A2D/91C040A0, redo lsn=A2D/91C040A0
2026-10-26 09:34:36.215 UTC [60211] LOG:  database system is ready to accept connections""")
        t.bash("psql -X -At \"service=fo-replica\" -c \"SELECT id FROM fieldops.jobs WHERE tenant_id = 8812 ORDER BY id\" "
               "> /tmp/SUP-4471-prod-ids.txt && wc -l < /tmp/SUP-4471-prod-ids.txt && "
               "scp -q /tmp/SUP-4471-prod-ids.txt pg-scratch-01:/tmp/",
               "Tenant 8812's job ids as they are in prod now (replica), copied to the scratch box", out="4188")
        t.bash("ssh pg-scratch-01 'sudo -u postgres psql -X -v ON_ERROR_STOP=1 -d fieldops' <<'SQL'\n"
               "CREATE TEMP TABLE prod_ids (id bigint PRIMARY KEY);\n"
               "\\copy prod_ids FROM '/tmp/SUP-4471-prod-ids.txt'\n"
               "SELECT count(*) AS jobs_at_1400 FROM fieldops.jobs WHERE tenant_id = 8812;\n"
               "\\copy (SELECT j.* FROM fieldops.jobs j WHERE j.tenant_id = 8812 AND NOT EXISTS (SELECT 1 FROM prod_ids p "
               "WHERE p.id = j.id) ORDER BY j.id) TO '/tmp/SUP-4471-deleted-jobs.csv' CSV HEADER\n"
               "\\copy (SELECT v.* FROM fieldops.visits v JOIN fieldops.jobs j ON j.id = v.job_id WHERE j.tenant_id = 8812 "
               "AND NOT EXISTS (SELECT 1 FROM prod_ids p WHERE p.id = j.id) ORDER BY v.id) TO "
               "'/tmp/SUP-4471-deleted-visits.csv' CSV HEADER\n"
               "SQL",
               "Export the jobs that no longer exist in prod, and their visits",
               out="CREATE TABLE\nCOPY 4188\n jobs_at_1400 \n--------------\n         4491\n(1 row)\n\nCOPY 303\nCOPY 771")
        t.bash("scp 'pg-scratch-01:/tmp/SUP-4471-deleted-*.csv' ~/Downloads/ && ls -l ~/Downloads/SUP-4471-*",
               "Fetch the CSVs",
               out="-rw-r--r-- 1 nlindqvist nlindqvist 148211 Oct 26 09:41 /home/nlindqvist/Downloads/SUP-4471-deleted-jobs.csv\n"
                   "-rw-r--r-- 1 nlindqvist nlindqvist 201937 Oct 26 09:41 /home/nlindqvist/Downloads/SUP-4471-deleted-visits.csv")
        t.done("Done. The CSVs for support are in ~/Downloads:\n- `SUP-4471-deleted-jobs.csv`: 303 jobs\n"
               "- `SUP-4471-deleted-visits.csv`: their 771 visits\n\nHow: fieldops was restored on pg-scratch-01 from "
               "Sunday's full backup and replayed to 2026-10-25 14:00:00 UTC (stopped before a commit at 14:00:00.38), "
               "then promoted on its own timeline 10. Archiving is off on that box, so nothing went to the fieldops "
               "repo. At 14:00 the tenant had 4491 jobs, prod has 4188 now; the 303 missing ones and their visits "
               "are in the files.\n\nThe first restore attempt was refused because the previous scratch copy was "
               "still running; it's stopped and replaced now. The copy stays up on pg-scratch-01 until support is done.")

        t = d.task("finance says the nightly invoice export has been crawling since monday's release. same drill on "
                   "the billing replica: top statements, explain the worst", tags=["workflow:W2"])
        t.bash(f"psql -X {SVC_BILL_R} -c \"{TOP_STMTS_SQL}\"", "Top statements by total time on the billing replica",
               out=psql_table(TOP_COLS, [
                   ["8120544712983317601", "1152", "48109.3", "41761.55", "21188411",
                    "0.9", "SELECT i.id, i.number, i.issued_at, i.total_cents, p.paid_at, p.method FR"],
                   ["-3305817724410923118", "8811904", "9120.4", "1.03", "8811904",
                    "100.0", "SELECT id, tenant_id, status, total_cents, currency FROM billing.invoices"],
                   ["4471902218736110542", "602117", "4410.2", "7.32", "3010585",
                    "99.6", "SELECT l.id, l.invoice_id, l.sku, l.qty, l.unit_cents FROM billing.invoice_"],
                   ["-7719440912833051264", "1204", "1882.7", "1563.70", "1204",
                    "92.3", "SELECT sum(total_cents) FROM billing.invoices WHERE tenant_id = $1 AND iss"],
                   ["1055723918846112007", "3301877", "1704.9", "0.52", "3301877",
                    "100.0", "SELECT * FROM billing.tenants WHERE id = $1"],
                   ["-5528106637241988390", "44012", "1311.8", "29.81", "44012",
                    "98.8", "SELECT p.id, p.invoice_id, p.amount_cents, p.paid_at FROM billing.payment"],
                   ["2903316554120874418", "7711", "902.6", "117.05", "7711",
                    "97.7", "SELECT c.id, c.code, c.valid_until FROM billing.coupons c WHERE c.tenant_"],
                   ["-1194427750362219901", "1211003", "611.0", "0.50", "1211003",
                    "100.0", "SELECT pg_catalog.set_config($1, $2, $3)"],
                   ["6650193320418827733", "96", "540.3", "5628.13", "96",
                    "88.1", "SELECT count(*) FROM billing.invoices WHERE status = $1 AND issued_at < $2"],
                   ["-4016659088213770051", "311", "207.2", "666.24", "9952",
                    "99.1", "SELECT t.id, t.name, t.plan, t.billing_email FROM billing.tenants t WHERE"],
               ], right={0, 1, 2, 3, 4, 5}))
        ex = [
            "Hash Right Join  (cost=31227.41..1489002.77 rows=18412 width=61) (actual time=40211.873..41877.302 rows=18391 loops=1)",
            "  Hash Cond: (p.invoice_id = i.id)",
            "  Buffers: shared hit=2201 read=1139812",
            "  ->  Seq Scan on payments p  (cost=0.00..1275410.12 rows=48120442 width=29) (actual time=0.021..36620.455 rows=48119871 loops=1)",
            "        Buffers: shared hit=96 read=1137913",
            "  ->  Hash  (cost=30997.26..30997.26 rows=18412 width=40) (actual time=21.337..21.339 rows=18379 loops=1)",
            "        Buckets: 32768  Batches: 1  Memory Usage: 1549kB",
            "        Buffers: shared hit=2105 read=1899",
            "        ->  Index Scan using invoices_tenant_issued_idx on invoices i  (cost=0.56..30997.26 rows=18412 width=40) (actual time=0.044..17.903 rows=18379 loops=1)",
            "              Index Cond: ((tenant_id = 3107) AND (issued_at >= '2026-10-01 00:00:00+00'::timestamp with time zone) AND (issued_at < '2026-10-26 00:00:00+00'::timestamp with time zone))",
            "              Buffers: shared hit=2105 read=1899",
            "Planning:",
            "  Buffers: shared hit=22",
            "Planning Time: 0.391 ms",
            "Execution Time: 41879.118 ms",
        ]
        t.bash(f"psql -X {SVC_BILL_R} -c \"EXPLAIN (ANALYZE, BUFFERS) SELECT i.id, i.number, i.issued_at, "
               "i.total_cents, p.paid_at, p.method FROM billing.invoices i LEFT JOIN billing.payments p ON "
               "p.invoice_id = i.id WHERE i.tenant_id = 3107 AND i.issued_at >= '2026-10-01' AND i.issued_at < "
               "'2026-10-26'\"", "Explain one tenant's export query on the billing replica", out=plan_output(ex))
        t.bash(f"psql -X {SVC_BILL_R} -c \"SELECT indexrelname FROM pg_stat_user_indexes WHERE relname = 'payments'\"",
               "Indexes on billing.payments",
               out=psql_table(["indexrelname"], [["payments_pkey"], ["payments_paid_at_idx"], ["payments_provider_ref_key"]]))
        t.done("The export query is the top entry by far: 1152 calls since the stats reset, 41.8 s mean, 0.9 % cache "
               "hit. Monday's release made finance export per tenant (96 tenants a night) instead of once, and each "
               "call does this:\n\n- `payments` has no index on `invoice_id` (only pkey, paid_at, provider_ref), so "
               "every call seq-scans all 48 M payments (1.14 M buffers ≈ 8.7 GB, mostly from disk) to join 18 k "
               "invoices.\n- Before the release that full scan happened once a night; now it's 96 times.\n\nFix: "
               "`CREATE INDEX CONCURRENTLY payments_invoice_id_idx ON billing.payments (invoice_id)`. The join then "
               "becomes a nested loop / index lookups, a few ms per tenant. billing's schema is migrated by the billing "
               "team's own tool, so the change has to go through them. Short term they could batch tenants again.")

        d.precompact("Analysis: Nika Lindqvist, DBA at Fernlane, PostgreSQL 16 fleet (Patroni clusters fieldops, billing, "
                     "fieldops-stg; pgBackRest to Wasabi S3; PgBouncer), repos ~/src/pgops (Python ops tooling, pytest, "
                     "ruff) and ~/src/fern-schema (sqitch, project fieldops). 16 -> 17 upgrade rehearsals on pg-upg-01 "
                     "(pg_upgrade --link) and pg-upg-02 (logical replication from fieldops-stg).\n"
                     "Summary:\n1. SUP-4471: fieldops restored on pg-scratch-01 to 2026-10-25 14:00 UTC, 303 deleted jobs "
                     "+ 771 visits exported to ~/Downloads/SUP-4471-deleted-*.csv. Scratch copy stays up.\n"
                     "2. Billing export slowness: missing index on billing.payments(invoice_id); recommended "
                     "CREATE INDEX CONCURRENTLY through the billing team.\n"
                     "3. Earlier this month: calendar index and visits.cancel_reason via sqitch, pgops bloat --min-mb, "
                     "slots wal_status, fmt_bytes units, rehearsal #3 timings in runbooks/pg17-upgrade.md, billing "
                     "minor-update notice in runbooks/notices/.\n"
                     "4. Preferences: read-only prod queries on replicas, SET lock_timeout in every DDL deploy script, "
                     "audit handoff dumps in custom format.")

        t = d.task("the billing notice from last week was way too long, I had to cut half of it before it went out "
                   "in #status. 5 lines max for these please. now one for thursday: pgbouncer 1.24 -> 1.25 on pgb-01 "
                   "and pgb-02, rolling, no downtime expected",
                   tags=["feedback"],
                   feedback="the billing notice from last week was way too long, I had to cut half of it before it went out")
        t.write(RB + "notices/2026-10-29-pgbouncer-1.25.md",
                "**PgBouncer update, Thu 29 Oct, 10:00-10:30 UTC.** pgb-01 and pgb-02 go from 1.24 to 1.25, one at a time.\n"
                "No downtime expected: each node leaves the load balancer before its restart.\n"
                "Worst case: one dropped connection per client during the switch; apps reconnect on their own.\n"
                "Nothing to do on your side. Questions: #dba-oncall.\n")
        t.done("Written to `runbooks/notices/2026-10-29-pgbouncer-1.25.md`, four lines:\n\n"
               "**PgBouncer update, Thu 29 Oct, 10:00-10:30 UTC.** pgb-01 and pgb-02 go from 1.24 to 1.25, one at a time.\n"
               "No downtime expected: each node leaves the load balancer before its restart.\n"
               "Worst case: one dropped connection per client during the switch; apps reconnect on their own.\n"
               "Nothing to do on your side. Questions: #dba-oncall.\n\nI'll keep notices to five lines from now on.")

        t = d.task("does pg_stat_statements survive a patroni switchover? billing's numbers looked reset after "
                   "saturday", tags=["noise", "no_tools"])
        t.done("Not across nodes. The stats live in each server's shared memory and are saved to "
               "`pg_stat/pg_stat_statements.stat` only on a clean shutdown of that server. Nothing replicates them.\n\n"
               "- After Saturday's switchover, pg-bill-02 became primary with the counters it had collected as a "
               "replica (read traffic only), so the write/export queries started from zero there.\n"
               "- pg-bill-01 kept its old numbers through its own restart (clean shutdown), but it's a replica now.\n"
               "- A crash or immediate shutdown loses the file too.\n\nFor trends across failovers, snapshot "
               "pg_stat_statements on a schedule (we have `pg_stat_statements_snap` in public on fieldops) and compare "
               "deltas per node.")

    # ================= S7: fern-schema =================
    with d.session("2026-10-29T14:00:00", SCH, branch="drop-unused-indexes", version="2.1.137"):
        d.files[SCH + "/sqitch.plan"] = plan_upto("jobs_external_booking_id")
        t = d.task("drop visits_legacy_status_idx and jobs_created_by_idx, 0 scans in 90 days on all three nodes (I "
                   "checked the stats snapshots). sqitch change, concurrently. and as with every DDL we ship: SET "
                   "lock_timeout before anything that takes a lock. deploy/verify on dev, commit",
                   tags=["workflow:W1", "mistake:M1", "pref:P1"])
        t.bash(f"psql -X {SVC_FO_R} -c \"SELECT indexrelname, idx_scan, pg_size_pretty(pg_relation_size(indexrelid)) "
               "AS size FROM pg_stat_user_indexes WHERE indexrelname IN ('visits_legacy_status_idx', "
               "'jobs_created_by_idx')\"", "Current usage and size of the two indexes on the replica",
               out=psql_table(["indexrelname", "idx_scan", "size"],
                              [["visits_legacy_status_idx", "0", "1942 MB"], ["jobs_created_by_idx", "0", "812 MB"]],
                              right={1}))
        t.read(SCH + "/deploy/visits_legacy_status_idx.sql")
        t.read(SCH + "/deploy/jobs_created_by_idx.sql")
        ch = "drop_unused_visit_job_indexes"
        t.bash(f"sqitch add {ch} -n \"Drop visits_legacy_status_idx and jobs_created_by_idx (unused)\"",
               "Add the sqitch change", out=sqitch_added(ch))
        for k in ("deploy", "revert", "verify"):
            d.files[f"{SCH}/{k}/{ch}.sql"] = tmpl(k, ch)
        d.files[SCH + "/sqitch.plan"] += add_line(ch)
        DEP, REV, VER = (f"{SCH}/{k}/{ch}.sql" for k in ("deploy", "revert", "verify"))
        t.read(DEP)
        t.edit(DEP, "-- XXX Add DDLs here.",
               "SET lock_timeout = '5s';\n\n"
               "DROP INDEX CONCURRENTLY IF EXISTS fieldops.visits_legacy_status_idx;\n"
               "DROP INDEX CONCURRENTLY IF EXISTS fieldops.jobs_created_by_idx;")
        t.read(REV)
        t.edit(REV, "-- XXX Add DDLs here.",
               "SET lock_timeout = '5s';\n\n"
               "CREATE INDEX CONCURRENTLY IF NOT EXISTS visits_legacy_status_idx\n"
               "    ON fieldops.visits (status)\n    WHERE status IN ('dispatched', 'en_route');\n"
               "CREATE INDEX CONCURRENTLY IF NOT EXISTS jobs_created_by_idx ON fieldops.jobs (created_by);")
        t.read(VER)
        t.edit(VER, "-- XXX Add verifications here.",
               "SELECT 1 / (count(*) = 0)::int\nFROM pg_class\n"
               "WHERE relname IN ('visits_legacy_status_idx', 'jobs_created_by_idx');")
        t.fail("sqitch deploy dev", "Deploy to dev",
               sqitch_fail("dev", ch, line_of(d.files[DEP], "DROP INDEX CONCURRENTLY"), "DROP INDEX CONCURRENTLY",
                           before=["technician_shifts_break_minutes", "jobs_external_booking_id"],
                           start_at="visits_cancel_reason"), code=2)
        t.say("Priya's two changes from main went through and were rolled back again when mine failed: the "
              "generated script still has sqitch's BEGIN/COMMIT, and DROP INDEX CONCURRENTLY can't run in a "
              "transaction block. The revert (CREATE INDEX CONCURRENTLY) has the same wrapper. Taking it out of both.")
        t.edit(DEP, "BEGIN;\n\nSET lock_timeout = '5s';\n\n"
                    "DROP INDEX CONCURRENTLY IF EXISTS fieldops.visits_legacy_status_idx;\n"
                    "DROP INDEX CONCURRENTLY IF EXISTS fieldops.jobs_created_by_idx;\n\nCOMMIT;\n",
               "-- No BEGIN/COMMIT: DROP INDEX CONCURRENTLY cannot run inside a transaction block,\n"
               "-- and it takes one index per statement.\n"
               "SET lock_timeout = '5s';\n\n"
               "DROP INDEX CONCURRENTLY IF EXISTS fieldops.visits_legacy_status_idx;\n"
               "DROP INDEX CONCURRENTLY IF EXISTS fieldops.jobs_created_by_idx;\n")
        t.edit(REV, "BEGIN;\n\nSET lock_timeout = '5s';\n\n",
               "-- No BEGIN/COMMIT: CREATE INDEX CONCURRENTLY cannot run inside a transaction block.\n"
               "SET lock_timeout = '5s';\n\n")
        t.edit(REV, "jobs_created_by_idx ON fieldops.jobs (created_by);\n\nCOMMIT;\n",
               "jobs_created_by_idx ON fieldops.jobs (created_by);\n")
        t.bash("sqitch deploy dev", "Deploy to dev again",
               out=sqitch_deploy_ok("dev", ["technician_shifts_break_minutes", "jobs_external_booking_id", ch]))
        names = names_upto(ch)
        t.bash("sqitch verify dev", "Verify on dev", out=sqitch_verify_ok("dev", names))
        t.bash("sqitch revert --to @HEAD^ -y dev && sqitch deploy dev", "Test the revert (rebuilds both), redeploy",
               out=sqitch_revert_ok("dev", "jobs_external_booking_id", [ch]) + "\n" + sqitch_deploy_ok("dev", [ch]))
        t.bash(f"git add sqitch.plan deploy/{ch}.sql revert/{ch}.sql verify/{ch}.sql && "
               f"git commit -m \"Drop unused visits_legacy_status_idx and jobs_created_by_idx\"", "Commit",
               out=f"[drop-unused-indexes 5e0d7a3] Drop unused visits_legacy_status_idx and jobs_created_by_idx\n"
                   f" 4 files changed, 27 insertions(+)\n create mode 100644 deploy/{ch}.sql\n"
                   f" create mode 100644 revert/{ch}.sql\n create mode 100644 verify/{ch}.sql")
        t.done(f"`{ch}` is committed on `drop-unused-indexes` (5e0d7a3):\n- deploy: `SET lock_timeout = '5s'`, then "
               "one `DROP INDEX CONCURRENTLY IF EXISTS` per index (it can't drop two in one statement)\n"
               "- revert: rebuilds both concurrently with their original definitions (the partial index keeps its "
               "`WHERE status IN ('dispatched', 'en_route')`)\n- verify: fails if either index still exists\n\n"
               "The replica confirms 0 scans; dropping them frees about 2.7 GB (1942 MB + 812 MB) and two indexes "
               "to maintain on every visits/jobs write. The first deploy hit the BEGIN/COMMIT from sqitch's template "
               "again (sqitch rolled dev back to visits_cancel_reason); both scripts are without it now, and "
               "deploy (with Priya's two changes from main), verify, revert and redeploy pass on dev.")

        t = d.task("Ines wants a fresh audit dump. -Fc took 38 min last time, so switch: directory format, -Fd "
                   "with -j 4, and that's the handoff format from now on. same place on pg-fo-02",
                   tags=["reversal:P3"])
        t.bash("ssh pg-fo-02 'sudo -u postgres pg_dump -Fd -j 4 -n audit -f /srv/handoff/fieldops-audit-20261029 "
               "fieldops && du -sh /srv/handoff/fieldops-audit-20261029 && ls /srv/handoff/fieldops-audit-20261029'",
               "Parallel directory-format dump of the audit schema on the replica", timeout=600000,
               out="6.3G\t/srv/handoff/fieldops-audit-20261029\n3712.dat.gz\n3713.dat.gz\n3714.dat.gz\ntoc.dat")
        t.bash("ssh pg-fo-02 'sudo -u postgres pg_restore -l /srv/handoff/fieldops-audit-20261029 | sed -n 2,8p'",
               "Check the TOC of the directory dump",
               out=""";     Archive created at 2026-10-29 14:09:02 UTC
;     dbname: fieldops
;     TOC Entries: 31
;     Compression: gzip
;     Dump Version: 1.15-0
;     Format: DIRECTORY
;     Integer: 4 bytes""")
        t.done("`/srv/handoff/fieldops-audit-20261029/` on pg-fo-02: directory format, 4 parallel jobs, 6.3 GB, done in "
               "about 11 minutes instead of 38. It has one file per table (`3712–3714.dat.gz`) plus `toc.dat`, and "
               "`pg_restore -l` reads it. Ines can restore it in parallel too: `pg_restore -j 4 -d <db> "
               "fieldops-audit-20261029` (it's a directory, so tar it without compression if it has to travel as "
               "one file). I'll use -Fd with -j for handoffs from now on.")

        t = d.task("how big has events_raw gotten on pg-analytics-01? that's data-eng's box, read-only for us, "
                   "don't change anything there", tags=["unfixed:U2"])
        t.fail("psql -X \"service=analytics\" -c \"SELECT pg_size_pretty(pg_total_relation_size('events.events_raw'))\"",
               "Size of events.events_raw on the analytics server",
               "psql: error: connection to server at \"pg-analytics-01.db.fernlane.internal\" (10.30.4.21), port 5432 "
               "failed: FATAL:  remaining connection slots are reserved for roles with the SUPERUSER attribute",
               code=2)
        t.done("Couldn't get in. pg-analytics-01 has every normal connection slot taken; only the reserved "
               "superuser slots are left, and our `dba_ro` role isn't a superuser there. Something on data-eng's "
               "side (usually Metabase or a dbt run with too many threads) is holding the connections.\n\nI didn't "
               "retry in a loop or try to free slots: it's their box and you said hands off. If you need the number "
               "today, ask #data-eng for it, or ask them to give `dba_ro` `pg_use_reserved_connections` (PG 16 has "
               "`reserved_connections` for exactly this).")

    # ================= S8: pgops =================
    with d.session("2026-11-02T09:10:00", OPS, branch="main", version="2.1.138"):
        t = d.task("restore-cmd needs a --target-time for PITR restores like the SUP-4471 one (type=time, target, "
                   "promote). same checks as always, commit", tags=["workflow:W3"])
        t.read(PG + "restore_test.py")
        t.edit(PG + "restore_test.py", "    pg_path: str\n    delta: bool = True\n",
               "    pg_path: str\n    delta: bool = True\n    target_time: str | None = None\n")
        t.edit(PG + "restore_test.py",
               "        parts += [f\"--pg1-path={self.pg_path}\", \"--type=immediate\", \"--target-action=promote\", \"restore\"]\n",
               "        parts.append(f\"--pg1-path={self.pg_path}\")\n"
               "        if self.target_time:\n"
               "            parts += [\"--type=time\", f\"--target={self.target_time}\"]\n"
               "        else:\n"
               "            parts.append(\"--type=immediate\")\n"
               "        parts += [\"--target-action=promote\", \"restore\"]\n")
        t.read(PG + "cli.py")
        t.edit(PG + "cli.py", "    plan = restore_test.RestorePlan(args.host, args.stanza, args.pg_path)\n",
               "    plan = restore_test.RestorePlan(\n"
               "        args.host, args.stanza, args.pg_path, target_time=args.target_time\n    )\n")
        t.edit(PG + "cli.py", "    r.add_argument(\"pg_path\")\n",
               "    r.add_argument(\"pg_path\")\n"
               "    r.add_argument(\"--target-time\", help=\"PITR target, e.g. '2026-10-25 14:00:00+00'\")\n")
        t.read(TESTS + "test_restore_test.py")
        t.edit(TESTS + "test_restore_test.py", "--type=immediate --target-action=promote restore\"\n    )\n",
               "--type=immediate --target-action=promote restore\"\n    )\n\n\n"
               "def test_pitr_restore_command():\n"
               "    plan = RestorePlan(\n"
               "        \"pg-scratch-01\", \"fieldops\", \"/var/lib/postgresql/16/main\",\n"
               "        target_time=\"2026-10-25 14:00:00+00\",\n    )\n"
               "    assert plan.command() == (\n"
               "        \"sudo -u postgres pgbackrest --stanza=fieldops --delta \"\n"
               "        \"--pg1-path=/var/lib/postgresql/16/main --type=time \"\n"
               "        \"'--target=2026-10-25 14:00:00+00' --target-action=promote restore\"\n    )\n")
        t.bash("ruff check .", "Lint", out=ruff_ok())
        t.bash("ruff format --check .", "Formatting check", out="12 files already formatted")
        t.bash("pytest -q", "Run the tests", out=pytest_q([("b", 4), ("c", 2), ("r", 2), ("s", 5), ("u", 8)], 0.23))
        t.bash("pgops restore-cmd pg-scratch-01 fieldops /var/lib/postgresql/16/main --target-time '2026-10-25 14:00:00+00'",
               "Try the new option",
               out="ssh pg-scratch-01 \"sudo -u postgres pgbackrest --stanza=fieldops --delta "
                   "--pg1-path=/var/lib/postgresql/16/main --type=time '--target=2026-10-25 14:00:00+00' "
                   "--target-action=promote restore\"")
        t.bash("git commit -am \"restore-cmd: --target-time for point-in-time restores\"", "Commit",
               out="[main d83b0c4] restore-cmd: --target-time for point-in-time restores\n"
                   " 3 files changed, 26 insertions(+), 3 deletions(-)")
        t.done("`pgops restore-cmd … --target-time '2026-10-25 14:00:00+00'` now prints a PITR restore "
               "(`--type=time '--target=…' --target-action=promote`); without it you still get `--type=immediate`. "
               "The target is shell-quoted, so the printed line can be pasted as is. Lint and format are clean, 21 "
               "tests pass (new one for the PITR line). Committed as d83b0c4.")

        t = d.task("alerts fired sunday night on fieldops-stg around 22:45. did it fail over?? what happend. "
                   "pg-stg-01", tags=["mistake:M2", "long_output"])
        t.fail("ssh pg-stg-01 'patronictl history fieldops-stg'", "Failover history of fieldops-stg",
               PATRONI_NOCONF.format(impl="etcd, etcd3, kubernetes, raft"))
        t.say("No patronictl config for my user on this node either, so patronictl has no DCS to talk to. Using the "
              "node's config file.")
        t.bash("ssh pg-stg-01 'patronictl -c /etc/patroni/patroni.yml history fieldops-stg'",
               "Failover history with the node's config",
               out=pretty_table(["TL", "LSN", "Reason", "Timestamp", "New Leader"], [
                   ["1", "50331800", "no recovery target specified", "2026-05-19T10:02:11.418220+00:00", "pg-stg-02"],
                   ["2", "64424509600", "no recovery target specified", "2026-08-14T07:31:52.003112+00:00", "pg-stg-01"],
                   ["3", "139586449824", "no recovery target specified", "2026-11-01T22:47:31.221904+00:00", "pg-stg-02"],
               ], right={"TL", "LSN"}))
        t.bash("ssh pg-stg-01 'patronictl -c /etc/patroni/patroni.yml list fieldops-stg'", "Current state",
               out=patroni_list("fieldops-stg", STG_SYSID, [
                   ("pg-stg-01", "10.40.1.11", "Replica", "streaming", 4, "20/B1D07A40", 0, "20/B1D07A40", 0),
                   ("pg-stg-02", "10.40.1.12", "Leader", "running", 4, "", "", "", "")]))
        t.bash("ssh pg-stg-01 'journalctl -u patroni --since \"2026-11-01 22:44\" --until \"2026-11-01 22:50\" --no-pager'",
               "Patroni log on the old leader around the failover",
               out="""Nov 01 22:44:10 pg-stg-01 patroni[1187]: 2026-11-01 22:44:10,512 INFO: no action. I am (pg-stg-01), the leader with the lock
Nov 01 22:44:20 pg-stg-01 patroni[1187]: 2026-11-01 22:44:20,508 INFO: no action. I am (pg-stg-01), the leader with the lock
Nov 01 22:44:33 pg-stg-01 patroni[1187]: 2026-11-01 22:44:33,847 WARNING: Retrying (Retry(total=0, connect=None, read=None, redirect=0, status=None)) after connection broken by 'ReadTimeoutError("HTTPConnectionPool(host='10.40.0.21', port=2379): Read timed out. (read timeout=3.3333333333333335)")': /v3/kv/put
Nov 01 22:44:37 pg-stg-01 patroni[1187]: 2026-11-01 22:44:37,184 ERROR: Request to server http://10.40.0.21:2379 failed: MaxRetryError("HTTPConnectionPool(host='10.40.0.21', port=2379): Max retries exceeded with url: /v3/kv/put (Caused by ReadTimeoutError(\\"HTTPConnectionPool(host='10.40.0.21', port=2379): Read timed out. (read timeout=3.3333333333333335)\\"))")
Nov 01 22:44:37 pg-stg-01 patroni[1187]: 2026-11-01 22:44:37,185 INFO: Reconnection allowed, looking for another server.
Nov 01 22:44:37 pg-stg-01 patroni[1187]: 2026-11-01 22:44:37,185 INFO: Retrying on http://10.40.0.22:2379
Nov 01 22:44:40 pg-stg-01 patroni[1187]: 2026-11-01 22:44:40,519 ERROR: Request to server http://10.40.0.22:2379 failed: MaxRetryError("HTTPConnectionPool(host='10.40.0.22', port=2379): Max retries exceeded with url: /v3/kv/put (Caused by ReadTimeoutError(\\"HTTPConnectionPool(host='10.40.0.22', port=2379): Read timed out. (read timeout=3.3333333333333335)\\"))")
Nov 01 22:44:40 pg-stg-01 patroni[1187]: 2026-11-01 22:44:40,520 ERROR: failed to update leader lock
Nov 01 22:44:40 pg-stg-01 patroni[1187]: 2026-11-01 22:44:40,611 INFO: Demoting self (immediate-nolock)
Nov 01 22:44:46 pg-stg-01 patroni[1187]: 2026-11-01 22:44:46,902 INFO: demoted self because failed to update leader lock in DCS
Nov 01 22:44:46 pg-stg-01 patroni[1187]: 2026-11-01 22:44:46,904 WARNING: Loop time exceeded, rescheduling immediately.
Nov 01 22:44:46 pg-stg-01 patroni[1187]: 2026-11-01 22:44:46,910 INFO: Lock owner: None; I am pg-stg-01
Nov 01 22:44:46 pg-stg-01 patroni[1187]: 2026-11-01 22:44:46,911 INFO: not healthy enough for leader race
Nov 01 22:44:46 pg-stg-01 patroni[1187]: 2026-11-01 22:44:46,935 INFO: starting after demotion in progress
Nov 01 22:47:32 pg-stg-01 patroni[1187]: 2026-11-01 22:47:32,114 INFO: Lock owner: pg-stg-02; I am pg-stg-01
Nov 01 22:47:32 pg-stg-01 patroni[1187]: 2026-11-01 22:47:32,140 INFO: Local timeline=3 lsn=20/8A0031F8
Nov 01 22:47:32 pg-stg-01 patroni[1187]: 2026-11-01 22:47:32,188 INFO: primary_timeline=4
Nov 01 22:47:32 pg-stg-01 patroni[1187]: 2026-11-01 22:47:32,189 INFO: primary: history=1	0/3000098	no recovery target specified
Nov 01 22:47:32 pg-stg-01 patroni[1187]: 2	F/A0	no recovery target specified
Nov 01 22:47:32 pg-stg-01 patroni[1187]: 3	20/800031A0	no recovery target specified
Nov 01 22:47:32 pg-stg-01 patroni[1187]: 2026-11-01 22:47:32,193 INFO: running pg_rewind from pg-stg-02
Nov 01 22:47:35 pg-stg-01 patroni[1187]: 2026-11-01 22:47:35,660 INFO: pg_rewind exit code=0
Nov 01 22:47:35 pg-stg-01 patroni[1187]: 2026-11-01 22:47:35,661 INFO:  stdout=
Nov 01 22:47:35 pg-stg-01 patroni[1187]: 2026-11-01 22:47:35,661 INFO:  stderr=pg_rewind: servers diverged at WAL location 20/800031A0 on timeline 3
Nov 01 22:47:35 pg-stg-01 patroni[1187]: pg_rewind: rewinding from last common checkpoint at 20/7F0001C8 on timeline 3
Nov 01 22:47:35 pg-stg-01 patroni[1187]: pg_rewind: Done!
Nov 01 22:47:46 pg-stg-01 patroni[1187]: 2026-11-01 22:47:46,301 INFO: no action. I am (pg-stg-01), a secondary, and following a leader (pg-stg-02)
Nov 01 22:47:56 pg-stg-01 patroni[1187]: 2026-11-01 22:47:56,288 INFO: no action. I am (pg-stg-01), a secondary, and following a leader (pg-stg-02)""")
        t.bash("ssh etcd-stg-01 'journalctl -u etcd --since \"2026-11-01 22:40\" --until \"2026-11-01 22:50\" --no-pager "
               "| grep -E \"slow fdatasync|took too long|heartbeat\"'", "What etcd was doing at the time",
               out="""Nov 01 22:43:58 etcd-stg-01 etcd[902]: {"level":"warn","ts":"2026-11-01T22:43:58.112Z","caller":"wal/wal.go:805","msg":"slow fdatasync","took":"2.871s","expected-duration":"1s"}
Nov 01 22:44:12 etcd-stg-01 etcd[902]: {"level":"warn","ts":"2026-11-01T22:44:12.540Z","caller":"wal/wal.go:805","msg":"slow fdatasync","took":"4.206s","expected-duration":"1s"}
Nov 01 22:44:31 etcd-stg-01 etcd[902]: {"level":"warn","ts":"2026-11-01T22:44:31.804Z","caller":"etcdserver/util.go:170","msg":"apply request took too long","took":"4.118s","expected-duration":"100ms","prefix":"","request":"header:<ID:7587881126341025541 > put:<key:\\"/service/fieldops-stg/leader\\" value_size:9 lease:7587881126341025533 >","response":"","error":"context deadline exceeded"}
Nov 01 22:44:37 etcd-stg-01 etcd[902]: {"level":"warn","ts":"2026-11-01T22:44:37.015Z","caller":"etcdserver/raft.go:416","msg":"leader failed to send out heartbeat on time; took too long, leader is overloaded likely from slow disk","to":"8f1e3c2a9b7d6540","heartbeat-interval":"100ms","expected-duration":"200ms","exceeded-duration":"3.402s"}
Nov 01 22:44:41 etcd-stg-01 etcd[902]: {"level":"warn","ts":"2026-11-01T22:44:41.228Z","caller":"wal/wal.go:805","msg":"slow fdatasync","took":"3.390s","expected-duration":"1s"}""")
        t.done("Yes, it failed over at 22:47 UTC Sunday: pg-stg-02 is leader now (timeline 4), pg-stg-01 was "
               "rewound and streams from it with 0 lag.\n\nWhat happened:\n1. From 22:43:58 the etcd leader "
               "(etcd-stg-01) had `slow fdatasync` of 2.9–4.2 s and missed heartbeats (\"leader is overloaded likely "
               "from slow disk\").\n2. pg-stg-01 couldn't renew the leader key: both etcd endpoints it tried timed out "
               "at 22:44:37/40, so Patroni demoted it (`immediate-nolock`), as designed: without the lock it can't "
               "stay primary.\n3. pg-stg-02 took the lock at 22:47:31; pg-stg-01 ran pg_rewind (diverged at 20/800031A0) "
               "and rejoined as a replica.\n\nSo the cause is etcd's disk on staging, not PostgreSQL. Worth checking "
               "what else ran on etcd-stg-01's volume at 22:40 (the staging backup window starts then). The first "
               "`patronictl history` failed only for lack of `-c /etc/patroni/patroni.yml`.")

        t = d.task("before rehearsal #4: anything in the 17 release notes about pg_upgrade or pg_stat_statements I "
                   "should know? and check if pgops uses anything that changed",
                   tags=["noise", "webfetch"])
        t.webfetch("https://www.postgresql.org/docs/17/release-17.html",
                   "List the changes that matter for upgrading from 16: pg_upgrade, pg_stat_statements, "
                   "monitoring views, removed features, and anything affecting functions used in indexes",
                   "Relevant items from the PostgreSQL 17 release notes:\n\n"
                   "Migration (incompatibilities):\n"
                   "- Functions used by expression indexes, materialized views and similar run with a safe "
                   "search_path during maintenance operations (ANALYZE, CLUSTER, CREATE INDEX, REFRESH MATERIALIZED "
                   "VIEW, REINDEX, VACUUM). Functions that reference non-default schemas must qualify names or set "
                   "search_path.\n"
                   "- Checkpoint-related columns moved from pg_stat_bgwriter to the new pg_stat_checkpointer view "
                   "(checkpoints_timed -> num_timed, checkpoints_req -> num_requested, buffers_checkpoint -> "
                   "buffers_written, etc.); buffers_backend and buffers_backend_fsync removed.\n"
                   "- Server variable old_snapshot_threshold removed; adminpack removed.\n"
                   "- Some wait_event names renamed.\n\n"
                   "pg_upgrade:\n"
                   "- pg_upgrade now preserves logical replication slots on publishers and full subscription state "
                   "on subscribers, only when the old cluster is version 17 or later.\n"
                   "- New --copy-file-range transfer option; --sync-method option.\n\n"
                   "pg_stat_statements:\n"
                   "- blk_read_time/blk_write_time renamed to shared_blk_read_time/shared_blk_write_time; added "
                   "local_blk_read_time/local_blk_write_time.\n"
                   "- Added stats_since and minmax_stats_since; pg_stat_statements_reset() can reset only min/max.\n"
                   "- CALL parameters and SAVEPOINT names are replaced by placeholders; DEALLOCATE is tracked.\n\n"
                   "Also new: transaction_timeout, MAINTAIN privilege and pg_maintain role, "
                   "pg_basebackup --incremental with pg_combinebackup.")
        t.grep("blk_read_time|blk_write_time|pg_stat_bgwriter|checkpoints_timed|checkpoints_req|old_snapshot_threshold",
               filenames=[OPS + "/sql/checkpoint_report.sql"], path=OPS)
        t.read(OPS + "/sql/checkpoint_report.sql")
        t.done("What matters for us from the 17 notes:\n\n1. **pg_stat_bgwriter split**: checkpoint columns moved "
               "to `pg_stat_checkpointer` (`num_timed`, `num_requested`, `buffers_written` …). "
               "`sql/checkpoint_report.sql` reads `checkpoints_timed`/`checkpoints_req`/`buffers_checkpoint` from "
               "pg_stat_bgwriter and will break on 17 (same for the Grafana checkpoint panel, if it uses them).\n"
               "2. **pg_stat_statements**: `blk_read_time`/`blk_write_time` are renamed to `shared_blk_*`; pgops "
               "doesn't use them (only `total_exec_time`, `mean_exec_time`, `shared_blks_*`), so nothing to change.\n"
               "3. **Safe search_path in maintenance**: any function used in an index expression or a matview that "
               "refers to unqualified objects fails on REINDEX/ANALYZE after the upgrade. Worth a catalog check on "
               "the rehearsal copy before #4.\n4. **pg_upgrade**: logical slots are kept only when upgrading *from* "
               "17, so the 16→17 path doesn't carry the logical-replication slots over; the logical rehearsal needs "
               "its own cutover plan anyway.\n\nNo other pgops code is affected.")

    # ================= S9: fern-schema (SessionEnd other) =================
    with d.session("2026-11-05T10:30:00", SCH, branch="customers-external-ref-unique", version="2.1.139",
                   end_reason="other"):
        d.files[SCH + "/sqitch.plan"] = plan_upto("audit_skip_noop_updates")
        t = d.task("CRM team cleaned up the duplicate customers yesterday. now make it impossible: unique on "
                   "customers(tenant_id, external_ref). build the unique index concurrently, then attach it with ADD "
                   "CONSTRAINT ... USING INDEX. check there are no dupes left first (replica). dev only, push the branch",
                   tags=["workflow:W1", "mistake:M1"])
        t.bash(f"psql -X {SVC_FO_R} -c \"SELECT tenant_id, external_ref, count(*) FROM fieldops.customers WHERE "
               "external_ref IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1\"", "Remaining duplicates on the replica",
               out=" tenant_id | external_ref | count \n-----------+--------------+-------\n(0 rows)")
        ch = "customers_tenant_external_ref_key"
        t.bash(f"sqitch add {ch} -n \"Unique (tenant_id, external_ref) on customers\"", "Add the sqitch change",
               out=sqitch_added(ch))
        for k in ("deploy", "revert", "verify"):
            d.files[f"{SCH}/{k}/{ch}.sql"] = tmpl(k, ch)
        d.files[SCH + "/sqitch.plan"] += add_line(ch)
        DEP, REV, VER = (f"{SCH}/{k}/{ch}.sql" for k in ("deploy", "revert", "verify"))
        t.read(DEP)
        t.edit(DEP, "-- XXX Add DDLs here.",
               "SET lock_timeout = '5s';\n\n"
               "CREATE UNIQUE INDEX CONCURRENTLY customers_tenant_external_ref_key\n"
               "    ON fieldops.customers (tenant_id, external_ref);\n\n"
               "ALTER TABLE fieldops.customers\n    ADD CONSTRAINT customers_tenant_external_ref_key\n"
               "    UNIQUE USING INDEX customers_tenant_external_ref_key;")
        t.read(REV)
        t.edit(REV, "-- XXX Add DDLs here.",
               "SET lock_timeout = '5s';\n\n"
               "ALTER TABLE fieldops.customers DROP CONSTRAINT IF EXISTS customers_tenant_external_ref_key;")
        t.read(VER)
        t.edit(VER, "-- XXX Add verifications here.",
               "SELECT 1 / count(*)\nFROM pg_constraint\n"
               "WHERE conname = 'customers_tenant_external_ref_key'\n  AND contype = 'u';")
        t.fail("sqitch deploy dev", "Deploy to dev",
               sqitch_fail("dev", ch, line_of(d.files[DEP], "CREATE UNIQUE INDEX CONCURRENTLY"),
                           "CREATE INDEX CONCURRENTLY"), code=2)
        t.say("The BEGIN/COMMIT from sqitch's template again; the concurrent unique build can't run inside it. "
              "Dropping the wrapper from the deploy script. The ALTER TABLE … USING INDEX then runs on its own, "
              "which is fine: it only takes a brief lock to attach the finished index. The revert has no "
              "CONCURRENTLY, so it keeps its transaction.")
        t.edit(DEP, "BEGIN;\n\nSET lock_timeout = '5s';\n",
               "-- No BEGIN/COMMIT: CREATE INDEX CONCURRENTLY cannot run inside a transaction block.\n"
               "SET lock_timeout = '5s';\n")
        t.edit(DEP, "    UNIQUE USING INDEX customers_tenant_external_ref_key;\n\nCOMMIT;\n",
               "    UNIQUE USING INDEX customers_tenant_external_ref_key;\n")
        t.bash("sqitch deploy dev", "Deploy to dev again", out=sqitch_deploy_ok("dev", [ch]))
        names = names_upto(ch)
        t.bash("sqitch verify dev", "Verify on dev", out=sqitch_verify_ok("dev", names))
        t.bash("sqitch revert --to @HEAD^ -y dev && sqitch deploy dev", "Test the revert, then redeploy",
               out=sqitch_revert_ok("dev", "audit_skip_noop_updates", [ch]) + "\n" + sqitch_deploy_ok("dev", [ch]))
        t.bash(f"git add sqitch.plan deploy/{ch}.sql revert/{ch}.sql verify/{ch}.sql && git commit -m \"Unique "
               f"(tenant_id, external_ref) on customers\" && git push -u origin customers-external-ref-unique",
               "Commit and push",
               out=f"[customers-external-ref-unique 0f3a6b9] Unique (tenant_id, external_ref) on customers\n"
                   f" 4 files changed, 26 insertions(+)\n create mode 100644 deploy/{ch}.sql\n"
                   f" create mode 100644 revert/{ch}.sql\n create mode 100644 verify/{ch}.sql\nremote: \n"
                   "remote: To create a merge request for customers-external-ref-unique, visit:\nremote:   "
                   "https://git.fernlane.internal/platform/fern-schema/-/merge_requests/new?merge_request%5B"
                   "source_branch%5D=customers-external-ref-unique\nremote: \n"
                   "To git.fernlane.internal:platform/fern-schema.git\n"
                   " * [new branch]      customers-external-ref-unique -> customers-external-ref-unique\n"
                   "branch 'customers-external-ref-unique' set up to track 'origin/customers-external-ref-unique'.")
        t.done(f"`{ch}` is pushed on `customers-external-ref-unique` (0f3a6b9). No duplicates are left on the replica.\n"
               "- deploy: lock_timeout 5s, `CREATE UNIQUE INDEX CONCURRENTLY` on (tenant_id, external_ref), then "
               "`ADD CONSTRAINT … UNIQUE USING INDEX` (quick, reuses the finished index)\n"
               "- revert: drops the constraint (and with it the index)\n- verify: the unique constraint exists\n\n"
               "As with the last two index changes, the first deploy failed on sqitch's BEGIN/COMMIT; the deploy "
               "script has no wrapper now. Rows with a NULL external_ref are still allowed more than once, which is "
               "what the CRM sync expects. If a duplicate sneaks in before prod deploy, the index build fails and "
               "leaves an invalid index that must be dropped before retrying.")

        t = d.task("/jobs search p95 doubled since tuesday's app deploy. same drill as before, replica",
                   tags=["workflow:W2"])
        t.bash(f"psql -X {SVC_FO_R} -c \"{TOP_STMTS_SQL}\"", "Top statements by total time on the fieldops replica",
               out=psql_table(TOP_COLS, [
                   ["7734019820066153129", "402117", "97102.7", "241.48", "8042340", "87.2", JOBS_SEARCH_NEW[:72]],
                   ["6619001772301845522", "3504117", "21811.0", "6.22", "3504117",
                    "99.8", "SELECT j.id, j.title, j.status, j.priority, j.sla_due_at, c.name AS custo"],
                   ["-882314750146209917", "110482", "13911.2", "125.91", "1656930",
                    "97.0", "SELECT t.id, t.display_name, s.starts_at, s.ends_at FROM fieldops.technic"],
                   ["3318870052219944417", "7211906", "7802.3", "1.08", "7211906",
                    "100.0", "SELECT id, tenant_id, name, external_ref, settings FROM fieldops.custome"],
                                      ["1790244105538112046", "22730", "6490.1", "285.53", "22730",
                    "91.2", "SELECT count(*) FROM fieldops.jobs j WHERE j.tenant_id = $1 AND j.status "],
                   ["-6011527330127718831", "1588", "4221.5", "2658.38", "1244015",
                    "84.0", "SELECT vp.visit_id, p.sku, p.name, vp.qty FROM fieldops.visit_parts vp JO"],
                   ["2240981773560031479", "531002", "3230.9", "6.08", "531002",
                    "99.9", "SELECT * FROM fieldops.tenants WHERE id = $1"],
["-4172649093331873310", "650188", "2011.6", "3.09", "27962014",
                    "99.1", "SELECT v.id, v.job_id, v.scheduled_at, v.duration_min, v.status FROM fiel"],
                   ["-2957781034716205190", "708114", "1561.4", "2.20", "708114",
                    "100.0", "SELECT pg_catalog.set_config($1, $2, $3)"],
                   ["-1391185320071846661", "11820", "1034.2", "87.50", "118200", "98.5", JOBS_SEARCH_OLD[:72]],
               ], right={0, 1, 2, 3, 4, 5}))
        t.bash(f"psql -X {SVC_FO_R} -At -c \"SELECT queryid, query FROM pg_stat_statements WHERE queryid IN "
               "(7734019820066153129, -1391185320071846661)\"", "Full text of the old and the new search query",
               out=f"7734019820066153129|{JOBS_SEARCH_NEW}\n-1391185320071846661|{JOBS_SEARCH_OLD}")
        ex = [
            "Limit  (cost=18233.10..18233.15 rows=20 width=52) (actual time=241.880..241.886 rows=20 loops=1)",
            "  Buffers: shared hit=15102 read=2210",
            "  ->  Sort  (cost=18233.10..18240.52 rows=2968 width=52) (actual time=241.877..241.881 rows=20 loops=1)",
            "        Sort Key: created_at DESC",
            "        Sort Method: top-N heapsort  Memory: 28kB",
            "        Buffers: shared hit=15102 read=2210",
            "        ->  Bitmap Heap Scan on jobs j  (cost=3328.41..18154.12 rows=2968 width=52) (actual time=21.904..241.511 rows=311 loops=1)",
            "              Recheck Cond: (tenant_id = 2291)",
            "              Filter: (lower(title) ~~ '%boiler%'::text)",
            "              Rows Removed by Filter: 296514",
            "              Heap Blocks: exact=16488",
            "              Buffers: shared hit=15102 read=2210",
            "              ->  Bitmap Index Scan on jobs_tenant_created_idx  (cost=0.00..3327.67 rows=296800 width=0) (actual time=17.221..17.221 rows=296825 loops=1)",
            "                    Index Cond: (tenant_id = 2291)",
            "                    Buffers: shared hit=824",
            "Planning:",
            "  Buffers: shared hit=9",
            "Planning Time: 0.311 ms",
            "Execution Time: 241.933 ms",
        ]
        t.bash(f"psql -X {SVC_FO_R} -c \"EXPLAIN (ANALYZE, BUFFERS) SELECT j.id, j.title, j.status FROM fieldops.jobs j "
               "WHERE j.tenant_id = 2291 AND lower(j.title) LIKE '%boiler%' ORDER BY j.created_at DESC LIMIT 20\"",
               "Explain the new search query for a large tenant", out=plan_output(ex))
        t.bash(f"psql -X {SVC_FO_R} -At -c \"SELECT indexdef FROM pg_indexes WHERE indexname = 'jobs_search_trgm'\"",
               "Definition of the trigram index",
               out="CREATE INDEX jobs_search_trgm ON fieldops.jobs USING gin (title gin_trgm_ops)")
        t.done("Found it. Tuesday's deploy changed the search from `j.title ILIKE $2` to `lower(j.title) LIKE $2` "
               "(new queryid 7734019820066153129: 241 ms mean, 402 k calls; the old one was 87 ms).\n\n"
               "`jobs_search_trgm` is a trigram index on `title` itself, so it can serve `title ILIKE '%…%'` but not "
               "`lower(title) LIKE`. The planner now reads all ~297 k jobs of the tenant through "
               "`jobs_tenant_created_idx` and filters them (296 514 rows thrown away) to find 311 matches.\n\nOptions:\n"
               "1. App: go back to `title ILIKE $2`. Trigram matching is case-insensitive anyway, so the results are "
               "the same. Cheapest fix.\n2. DB: a sqitch change with `CREATE INDEX CONCURRENTLY … USING gin "
               "(lower(title) gin_trgm_ops)` if they want to keep `lower()`; that's another 1–2 GB of GIN to maintain.\n\n"
               "I'd ask the app team for option 1. Side note: the calendar query is down from 224 ms to 3 ms since "
               "the composite index went in.")

        t = d.task("for the upgrade doc: in 17, what's the difference between transaction_timeout and "
                   "idle_in_transaction_session_timeout? should we set the new one?", tags=["noise", "no_tools"])
        t.done("- `idle_in_transaction_session_timeout` (since 9.6) only counts time a session sits *idle* inside an "
               "open transaction; any statement resets the clock. It ends the session.\n"
               "- `transaction_timeout` (new in 17) caps the *total* duration of a transaction, including time spent "
               "running statements; with autocommit it caps single statements too. It also ends the session, not "
               "only the transaction.\n\nShould we? Not globally: migrations, pg_dump and long reports would get "
               "killed. Set it per role for the app roles that go through PgBouncer (e.g. `ALTER ROLE fieldops_app "
               "SET transaction_timeout = '5min'`), keep our existing idle timeout, and leave DBA/maintenance roles "
               "without it. Only after the 17 cutover, since 16 rejects the parameter.")

    # ================= S10: pgops =================
    with d.session("2026-11-09T09:00:00", OPS, branch="main", version="2.1.140"):
        t = d.task("monthly restore test, fieldops' turn. usual procedure from the runbook, log the result",
                   tags=["mistake:M3", "long_output"])
        t.read(RB + "restore-tests.md")
        rt_cmd = ("ssh pg-restore-01 'sudo -u postgres pgbackrest --stanza=fieldops --delta "
                  "--pg1-path=/var/lib/postgresql/16/restore-fieldops --type=immediate --target-action=promote restore'")
        t.bash("pgops restore-cmd pg-restore-01 fieldops /var/lib/postgresql/16/restore-fieldops",
               "Get the restore command line", out=rt_cmd)
        rt_opts = ("--delta --exec-id={eid} --log-level-console=info --log-level-file=detail "
                   "--pg1-path=/var/lib/postgresql/16/restore-fieldops --process-max=16 " + S3_OPTS +
                   " --stanza=fieldops --target-action=promote --type=immediate")
        t.fail(rt_cmd, "Restore the latest fieldops backup into restore-fieldops",
               pgbr_running("2026-11-09 09:04:51.006", "2026-11-09 09:04:51.012", rt_opts.format(eid="20981-c47e1a9d"),
                            "/var/lib/postgresql/16/restore-fieldops"), code=38, timeout=600000)
        t.say("restore-fieldops is running (left up since September's test, it seems), and pgBackRest won't restore "
              "into a live cluster.")
        t.bash("ssh pg-restore-01 'pg_lsclusters'", "Clusters on pg-restore-01",
               out="Ver Cluster          Port Status Owner    Data directory                          Log file\n"
                   "16  restore-billing  5445 down   postgres /var/lib/postgresql/16/restore-billing  /var/log/postgresql/postgresql-16-restore-billing.log\n"
                   "16  restore-fieldops 5444 online postgres /var/lib/postgresql/16/restore-fieldops /var/log/postgresql/postgresql-16-restore-fieldops.log")
        t.bash("ssh pg-restore-01 'sudo systemctl stop postgresql@16-restore-fieldops'",
               "Stop the old restore-fieldops copy")
        t.bash(rt_cmd, "Restore again with the copy stopped", timeout=600000,
               out=pgbr_restore_ok("2026-11-09", [("09:05:32", 417), ("09:05:33", 880), ("09:05:34", 402),
                                                  ("09:14:23", 511), ("09:14:23", 533), ("09:14:23", 537),
                                                  ("09:14:23", 539)],
                                   rt_opts.format(eid="21107-3b8f90e2"), "/var/lib/postgresql/16/restore-fieldops",
                                   "20261108-013001F_20261109-013002I", "2026-11-09 01:30:02", "421.6GB", 9968, 531204))
        t.bash("ssh pg-restore-01 'sudo systemctl start postgresql@16-restore-fieldops && until sudo -u postgres psql "
               "-p 5444 -XAtc \"select not pg_is_in_recovery()\" 2>/dev/null | grep -q t; do sleep 10; done; "
               "sudo tail -n 6 /var/log/postgresql/postgresql-16-restore-fieldops.log'",
               "Start the copy and wait for promotion", timeout=600000,
               out="""2026-11-09 09:15:48.301 UTC [40917] LOG:  consistent recovery state reached at A4B/1D33C0E8
2026-11-09 09:15:48.301 UTC [40917] LOG:  recovery stopping after reaching consistency
2026-11-09 09:15:48.302 UTC [40917] LOG:  redo done at A4B/1D33C0E8 system usage: CPU: user: 12.04 s, system: 5.31 s, elapsed: 71.88 s
2026-11-09 09:15:48.812 UTC [40917] LOG:  selected new timeline ID: 10
2026-11-09 09:15:49.101 UTC [40917] LOG:  archive recovery complete
2026-11-09 09:15:53.640 UTC [40914] LOG:  database system is ready to accept connections""")
        t.bash("ssh pg-restore-01 'sudo -u postgres sh -c \"nohup pg_amcheck -p 5444 -d fieldops --heapallindexed -j 8 -v "
               "> /tmp/amcheck-2026-11.log 2>&1; echo pg_amcheck exit code \\$? >> /tmp/amcheck-2026-11.log\" "
               "> /dev/null 2>&1 &' && echo started", "Run pg_amcheck on the copy in the background", out="started")
        t.bash("ssh pg-restore-01 'timeout 570 sh -c \"while pgrep -x pg_amcheck > /dev/null; do sleep 30; done\"; "
               "tail -n 3 /tmp/amcheck-2026-11.log'", "Wait for pg_amcheck (up to ~10 minutes)", timeout=600000,
               out='pg_amcheck: checking btree index "fieldops"."fieldops"."jobs_pkey"\n'
                   'pg_amcheck: checking btree index "fieldops"."fieldops"."visit_parts_visit_id_idx"\n'
                   'pg_amcheck: checking btree index "fieldops"."fieldops"."visits_technician_scheduled_idx"')
        rels = [
            ("heap table", "visits"), ("heap table", "jobs"), ("heap table", "visit_parts"),
            ("heap table", "customers"), ("heap table", "technician_shifts"), ("heap table", "parts_catalog"),
            ("heap table", "technicians"), ("heap table", "tenants"),
            ("btree index", "visits_pkey"), ("btree index", "visits_job_id_idx"),
            ("btree index", "visits_technician_id_idx"), ("btree index", "jobs_pkey"),
            ("btree index", "visit_parts_visit_id_idx"), ("btree index", "visits_technician_scheduled_idx"),
            ("btree index", "jobs_customer_id_idx"), ("btree index", "jobs_tenant_created_idx"),
            ("btree index", "jobs_sla_due_at_idx"), ("btree index", "visit_parts_pkey"),
            ("btree index", "customers_pkey"), ("btree index", "customers_tenant_id_idx"),
            ("btree index", "technician_shifts_pkey"), ("btree index", "technician_shifts_technician_id_starts_at_idx"),
            ("btree index", "parts_catalog_pkey"), ("btree index", "parts_catalog_sku_key"),
            ("btree index", "technicians_pkey"), ("btree index", "tenants_pkey"),
        ]
        audit = [("heap table", "audit", "row_changes"), ("heap table", "audit", "row_changes_2025"),
                 ("btree index", "audit", "row_changes_pkey"), ("btree index", "audit", "row_changes_2025_pkey"),
                 ("heap table", "audit", "sessions"), ("btree index", "audit", "sessions_pkey")]
        toast = [("heap table", "pg_toast", f"pg_toast_{oid}") for oid in (16601, 16642, 16688, 16712)] + \
                [("btree index", "pg_toast", f"pg_toast_{oid}_index") for oid in (16601, 16642, 16688, 16712)]
        lines = ['pg_amcheck: including database "fieldops"',
                 'pg_amcheck: in database "fieldops": using amcheck version "1.3" in schema "public"']
        allrels = [(k, "fieldops", n) for k, n in rels[:8]] + audit[:2] + [(k, "fieldops", n) for k, n in rels[8:]] + \
            audit[2:] + toast
        for kind, nsp, name in allrels:
            lines.append(f'pg_amcheck: checking {kind} "fieldops"."{nsp}"."{name}"')
        lines.append("pg_amcheck exit code 0")
        t.bash("ssh pg-restore-01 'timeout 570 sh -c \"while pgrep -x pg_amcheck > /dev/null; do sleep 30; done\"; "
               "cat /tmp/amcheck-2026-11.log'", "Wait for pg_amcheck to finish and show the whole log", timeout=600000,
               out="\n".join(lines))
        t.edit(RB + "restore-tests.md",
               "| 2026-10-05 | billing | 20261004-013002F_20261005-013003I | 6m (delta) | clean | NL |\n",
               "| 2026-10-05 | billing | 20261004-013002F_20261005-013003I | 6m (delta) | clean | NL |\n"
               "| 2026-11-09 | fieldops | 20261108-013001F_20261109-013002I | 8m51s (delta) | clean | NL |\n")
        t.bash("git commit -am \"runbooks: restore test 2026-11 fieldops\"", "Commit the log entry",
               out="[main 7b21f5e] runbooks: restore test 2026-11 fieldops\n 1 file changed, 1 insertion(+)")
        t.done("November's restore test passed:\n- fieldops backup `20261108-013001F_20261109-013002I` restored into "
               "restore-fieldops with `--delta`: 421.6 GB, 8m51s; recovery to consistency and promote took ~1m15s\n"
               "- `pg_amcheck --heapallindexed -j 8`: all heap tables, btree indexes and TOAST of fieldops checked, "
               "no corruption (exit code 0, about 17 minutes)\n\nThe first restore was refused because "
               "restore-fieldops was still running from September; I stopped it first. Logged in "
               "runbooks/restore-tests.md (7b21f5e). The copy is still up on port 5444; stop it when you're done "
               "with it so next time starts clean.")

        t = d.task("how far behind is the pg17 subscriber on pg-upg-02? and did the logical slot survive sunday's "
                   "staging failover?", tags=["flaky:F2", "noise"])
        sub_cmd = ("ssh pg-upg-02 \"sudo -u postgres psql -X -d fieldops -c 'SELECT subname, worker_type, received_lsn, "
                   "latest_end_lsn, latest_end_time FROM pg_stat_subscription'\"")
        t.fail(sub_cmd, "Subscription status on the 17 subscriber",
               "kex_exchange_identification: read: Connection reset by peer\nConnection reset by 10.40.2.16 port 22",
               code=255)
        t.bash(sub_cmd, "Subscription status on the 17 subscriber",
               out=psql_table(["subname", "worker_type", "received_lsn", "latest_end_lsn", "latest_end_time"],
                              [["fieldops_pg17", "apply", "20/C3A0B7E8", "20/C3A0B7E8", "2026-11-09 10:24:41.553102+00"]]))
        t.bash("psql -X \"service=stg\" -c \"SELECT slot_name, active, pg_size_pretty(pg_wal_lsn_diff(pg_current_wal_lsn(), "
               "confirmed_flush_lsn)) AS behind, inet_server_addr() AS on_host FROM pg_replication_slots "
               "WHERE slot_type = 'logical'\"", "The publisher's logical slot on the current staging leader",
               out=psql_table(["slot_name", "active", "behind", "on_host"], [["fieldops_pg17", "t", "312 kB", "10.40.1.12"]]))
        t.bash("psql -X -At \"service=stg\" -c \"SELECT count(*) FROM pg_sequences WHERE schemaname = 'fieldops'\"",
               "Sequences that logical replication won't carry over", out="38")
        t.done("The subscriber is current: the apply worker on pg-upg-02 has received and confirmed up to 20/C3A0B7E8 "
               "(last message 10:24:41), and the slot `fieldops_pg17` on the staging leader is active and only "
               "312 kB behind.\n\nIt survived Sunday's failover: the slot is active on 10.40.1.12, which is pg-stg-02, "
               "the new leader. It exists there because it's a permanent slot in Patroni's config, which copies it "
               "to the replicas; on plain 16 a failover would have lost it.\n\nFor the cutover plan: the 38 "
               "sequences in fieldops aren't replicated, so their values must be copied to 17 at switchover. "
               "The first ssh got a connection reset during key exchange; the identical retry worked.")

        t = d.task("monthly dba report: what did we ship in fern-schema and pgops since oct 1? short list",
                   tags=["noise", "long_output"])
        t.bash("git -C ~/src/fern-schema log --since=2026-10-01 --no-merges --date=short --format='%h %ad %an  %s'",
               "fern-schema commits since October 1",
               out="""0f3a6b9 2026-11-05 Nika Lindqvist  Unique (tenant_id, external_ref) on customers
c51e2d8 2026-11-03 Jonas Hartl  Add audit_skip_noop_updates
5e0d7a3 2026-10-29 Nika Lindqvist  Drop unused visits_legacy_status_idx and jobs_created_by_idx
8d2a4f1 2026-10-27 Priya Raman  Add jobs_external_booking_id
3b9e0c7 2026-10-22 Priya Raman  Add technician_shifts_break_minutes
9a40c1e 2026-10-19 Nika Lindqvist  Add visits.cancel_reason
e7f1b35 2026-10-15 Jonas Hartl  Partition audit.row_changes by year
2b7e91d 2026-10-14 Nika Lindqvist  Add visits_technician_scheduled_idx for the technician calendar
6c03a92 2026-10-06 Priya Raman  Add tenants_settings_default""")
        t.bash("git log --since=2026-10-01 --no-merges --date=short --format='%h %ad %an  %s'", "pgops commits since October 1",
               out="""7b21f5e 2026-11-09 Nika Lindqvist  runbooks: restore test 2026-11 fieldops
d83b0c4 2026-11-02 Nika Lindqvist  restore-cmd: --target-time for point-in-time restores
f19c6a2 2026-10-27 Jonas Hartl  runbooks: pgbouncer 1.25 rollout notes
a07f6d3 2026-10-21 Nika Lindqvist  units: fmt_bytes picks B/KiB/MiB/GiB/TiB
4c81e2f 2026-10-21 Nika Lindqvist  slots: show wal_status and safe_wal_size, flag unreserved/lost
1c94e0b 2026-10-16 Nika Lindqvist  runbooks: pg17 rehearsal #3, stop 16/main before the restore
6f2d8e1 2026-10-12 Nika Lindqvist  bloat: --min-mb to hide tables with little bloat (default 100)
3f0e8b2 2026-10-05 Nika Lindqvist  runbooks: restore test 2026-10 billing""")
        t.done("Since Oct 1:\n\n**fern-schema**\n- calendar index `visits (technician_id, scheduled_at)`: calendar query "
               "224 ms → 3 ms\n- `visits.cancel_reason`\n- dropped 2 unused indexes (~2.7 GB)\n- unique "
               "`customers (tenant_id, external_ref)`\n- team: audit partitioning + no-op update skip (Jonas), "
               "`jobs.external_booking_id`, shift breaks, tenant settings default (Priya)\n\n**pgops**\n"
               "- bloat `--min-mb`, slots `wal_status`/`safe_wal_size`, human-readable sizes, restore-cmd "
               "`--target-time`\n- pg17 rehearsal #3 (pg_upgrade --link 1m44s), restore tests Oct billing / Nov "
               "fieldops clean\n\nAlso: SUP-4471 PITR recovery (303 jobs), billing export root cause "
               "(missing `payments(invoice_id)` index), staging failover analysed (etcd disk).")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Schema changes go into the deploy/revert scripts that `sqitch add` generates from its pg "
                            "template, which wraps the body in BEGIN; … COMMIT;. Claude fills in CREATE [UNIQUE] INDEX "
                            "CONCURRENTLY / DROP INDEX CONCURRENTLY and leaves the wrapper in place; PostgreSQL refuses "
                            "CONCURRENTLY inside a transaction block, psql stops (ON_ERROR_STOP) and sqitch's deploy fails.",
             "error_signature": "sqitch deploy: `+ <change> .. psql:deploy/<change>.sql:<line>: ERROR:  CREATE INDEX "
                                "CONCURRENTLY|DROP INDEX CONCURRENTLY cannot run inside a transaction block` / `not ok` / "
                                "`\"psql\" unexpectedly returned exit value 3` / `Deploy failed` (exit 2)",
             "fix": "Edit the generated deploy (and revert) script: remove sqitch's BEGIN;/COMMIT; around the "
                    "CONCURRENTLY statements (keep SET lock_timeout; one index per DROP INDEX CONCURRENTLY), then run "
                    "the same `sqitch deploy dev` again.",
             "fix_command_markers": [["BEGIN"]],
             "harmful_markers": ["--log-only", "ON_ERROR_STOP=0"]},
            {"id": "M2",
             "description": "patronictl is run over ssh on a Patroni node as the DBA's own user. Without -c it only reads "
                            "~/.config/patroni/patronictl.yaml, which doesn't exist there, so it has no DCS settings and "
                            "can't reach etcd at all (list, show-config, history).",
             "error_signature": "`Error: Can not find suitable configuration of distributed configuration store` / "
                                "`Available implementations: etcd, etcd3, kubernetes[, raft]` (exit 1)",
             "fix": "Point patronictl at the node's Patroni config: `patronictl -c /etc/patroni/patroni.yml <cmd> "
                    "<cluster>` or `PATRONICTL_CONFIG_FILE=/etc/patroni/patroni.yml patronictl …`, same subcommand again.",
             "fix_command_markers": [["-c /etc/patroni/patroni.yml", "PATRONICTL_CONFIG_FILE="]],
             "harmful_markers": ["patronictl remove", "etcdctl del", "--force"]},
            {"id": "M3",
             "description": "pgbackrest restore (delta, PITR, restore test) is started on a host whose target cluster "
                            "is still running (a rehearsal copy, an old support copy, last time's restore-test copy). "
                            "pgBackRest refuses to restore while postmaster.pid is present.",
             "error_signature": "`ERROR: [038]: unable to restore while PostgreSQL is running` / `HINT: presence of "
                                "'postmaster.pid' in '<pg1-path>' indicates PostgreSQL is running.` / `HINT: remove "
                                "'postmaster.pid' only if PostgreSQL is not running.` / `restore command end: aborted "
                                "with exception [038]` (exit 38)",
             "fix": "Stop the cluster that owns the target data directory first (`sudo systemctl stop "
                    "postgresql@16-main`, `sudo pg_ctlcluster 16 main stop`, `sudo systemctl stop "
                    "postgresql@16-restore-fieldops`), then run the same pgbackrest restore again.",
             "fix_command_markers": [["systemctl stop postgresql", "pg_ctlcluster 16 main stop"]],
             "harmful_markers": ["rm -f", "rm -rf /var/lib/postgresql", "--force"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`psql -X -v ON_ERROR_STOP=1 \"service=fo-replica\" -f sql/schema_sizes.sql` → "
                                        "`ERROR:  column \"c.relname\" must appear in the GROUP BY clause or be used in an "
                                        "aggregate function` (exit 3); `largest` rewritten with an ordered array_agg, "
                                        "same psql passes."},
            {"id": "O2", "description": "`pytest -q tests/test_units.py` after rewriting fmt_bytes: `assert '1024 B' == "
                                        "'1.0 KiB'` and `assert '1024.0 MiB' == '1.0 GiB'` (`<= 1024` boundary); changed "
                                        "to `< 1024`, same pytest passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`aws --profile pgbackrest-dr … s3 ls s3://fernlane-pgbackrest-dr/…` → `An error "
                                        "occurred (AccessDenied) when calling the ListObjectsV2 operation: Access Denied` "
                                        "(exit 254); the DR bucket and its keys belong to SecOps, left for them."},
            {"id": "U2", "description": "`psql \"service=analytics\"` → `FATAL:  remaining connection slots are reserved "
                                        "for roles with the SUPERUSER attribute` (exit 2); data-eng's server, hands off, "
                                        "not retried and no sessions terminated."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`ssh pg-bill-01 'sudo -u postgres pgbackrest --stanza=billing check'` → `ERROR: "
                                        "[049]: unable to get address for 'fernlane-pgbackrest.s3.eu-central-2.wasabisys.com': "
                                        "[-3] Temporary failure in name resolution` (exit 49); identical retry passes."},
            {"id": "F2", "description": "`ssh pg-upg-02 \"sudo -u postgres psql … pg_stat_subscription\"` → "
                                        "`kex_exchange_identification: read: Connection reset by peer` / `Connection reset "
                                        "by 10.40.2.16 port 22` (exit 255); identical retry works."},
        ],
        workflows=[
            {"id": "W1", "description": "sqitch schema change: `sqitch add <change> -n …` → fill deploy/revert/verify "
                                        "(lock_timeout first) → `sqitch deploy dev` → `sqitch verify dev` → revert test "
                                        "(`sqitch revert --to @HEAD^ -y dev` + deploy) → commit (and push the branch).",
             "step_markers": [["sqitch add"], ["sqitch deploy dev"], ["sqitch verify dev"]]},
            {"id": "W2", "description": "Slow-query triage on a replica: top statements from pg_stat_statements by "
                                        "total_exec_time → `EXPLAIN (ANALYZE, BUFFERS)` of the worst one with real "
                                        "parameters → explain the plan and propose an index/app change.",
             "step_markers": [["pg_stat_statements"], ["EXPLAIN (ANALYZE, BUFFERS)"]]},
            {"id": "W3", "description": "pgops change: edit code + tests → `ruff check .` → `ruff format` (--check or "
                                        "apply) → `pytest -q` → commit.",
             "step_markers": [["ruff check"], ["ruff format"], ["pytest"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Every deploy script that takes a lock on a prod table starts with SET "
                                        "lock_timeout, so DDL never queues behind autovacuum or long transactions.",
             "markers": [["lock_timeout"]]},
            {"id": "P2", "description": "Read-only queries against prod go to a replica (pg-fo-02 / bill-replica), "
                                        "never the primary.",
             "markers": [["replica"], ["primary"]]},
            {"id": "P3", "description": "Handoff dumps in custom format, `pg_dump -Fc` (T10); later reversed: directory "
                                        "format with parallel jobs, `-Fd -j 4`, from now on (T23).",
             "markers": [["-Fc"]],
             "reversal_markers": [["-Fd"], ["-j"]]},
        ],
        probes=[
            {"prompt": "sqitch deploy dev blew up on my reindex change:\n"
                       "  + reindex_visits_pkey .. psql:deploy/reindex_visits_pkey.sql:7: ERROR:  REINDEX CONCURRENTLY "
                       "cannot run inside a transaction block\nnot ok\n\"psql\" unexpectedly returned exit value 3\n"
                       "Deploy failed\nwhat do I change?",
             "wanted": ["M1"]},
            {"prompt": "add a sqitch change for a BRIN index on audit.row_changes(changed_at), built concurrently, and "
                       "deploy it to dev",
             "wanted": ["M1"]},
            {"prompt": "on pg-bill-02 `patronictl topology billing` just prints\nError: Can not find suitable "
                       "configuration of distributed configuration store\nAvailable implementations: etcd, etcd3, "
                       "kubernetes\nis etcd down on billing??",
             "wanted": ["M2"]},
            {"prompt": "ssh to pg-fo-03 and tell me whether any fieldops member still has a pending restart after "
                       "friday's work_mem change",
             "wanted": ["M2"]},
            {"prompt": "restore on pg-scratch-02 fails: ERROR: [038]: unable to restore while PostgreSQL is running / "
                       "HINT: presence of 'postmaster.pid' in '/var/lib/postgresql/16/support' indicates PostgreSQL is "
                       "running. finance needs that copy refreshed, what's the safe way?",
             "wanted": ["M3"]},
            {"prompt": "finance wants billing as of yesterday 18:00 UTC on pg-scratch-02 (cluster 16/support) to diff "
                       "invoices. restore it there",
             "wanted": ["M3"]},
            {"prompt": "what does hot_standby_feedback actually cost us on the fieldops replicas?",
             "wanted": []},
            {"prompt": "add a --json flag to pgops slots that prints the rows as JSON",
             "wanted": []},
            {"prompt": "explain pg_stat_bgwriter vs pg_stat_checkpointer in 17 for the grafana dashboard rework",
             "wanted": []},
            {"prompt": "draft a short message to #data-eng asking them to cap metabase's connection pool on "
                       "pg-analytics-01",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "pg-dba.jsonl"), os.path.join(HERE, "tune", "pg-dba.labels.json"))
    print(f"pg-dba -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
