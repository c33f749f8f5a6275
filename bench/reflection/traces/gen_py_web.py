"""py-web: Marcus, Python web backend (FastAPI, SQLAlchemy 2, alembic, pytest, uv, docker compose, pre-commit/ruff).

HELD-OUT stream: never use it (or this script) for tuning."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tracegen import Dev  # noqa: E402

U = "marcus"
R = "/home/marcus/code/ledgerly-api"
MODEL = "claude-sonnet-4-5-20250929"
ORIGIN = "github.com:ledgerly/ledgerly-api.git"


def P(rel):
    return f"{R}/{rel}"


FILES = {
    P("app/services/invoicing.py"): '''from decimal import ROUND_HALF_UP, Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.models.invoice import Invoice, InvoiceLine

CENT = Decimal("1")


def line_total_cents(line: InvoiceLine) -> int:
    gross = Decimal(line.unit_price_cents) * line.quantity
    discount = gross * Decimal(line.discount_pct) / 100
    return int((gross - discount).quantize(CENT, rounding=ROUND_HALF_UP))


def compute_totals(invoice: Invoice) -> dict[str, int]:
    subtotal = sum(line_total_cents(l) for l in invoice.lines)
    tax = int((Decimal(subtotal) * invoice.tax_rate).quantize(CENT, rounding=ROUND_HALF_UP))
    return {"subtotal_cents": subtotal, "tax_cents": tax, "total_cents": subtotal + tax}


def recalculate(session: Session, invoice_id: int) -> Invoice:
    invoice = session.scalars(select(Invoice).where(Invoice.id == invoice_id)).one()
    totals = compute_totals(invoice)
    invoice.subtotal_cents = totals["subtotal_cents"]
    invoice.tax_cents = totals["tax_cents"]
    invoice.total_cents = totals["total_cents"]
    return invoice
''',
    P("app/models/invoice.py"): '''from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import ForeignKey, Numeric, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.db import Base


class Invoice(Base):
    __tablename__ = "invoices"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(32), unique=True)
    customer_id: Mapped[int] = mapped_column(ForeignKey("customers.id"), index=True)
    status: Mapped[str] = mapped_column(String(16), default="draft")
    currency: Mapped[str] = mapped_column(String(3), default="EUR")
    tax_rate: Mapped[Decimal] = mapped_column(Numeric(5, 4), default=Decimal("0.2100"))
    subtotal_cents: Mapped[int] = mapped_column(default=0)
    tax_cents: Mapped[int] = mapped_column(default=0)
    total_cents: Mapped[int] = mapped_column(default=0)
    issued_on: Mapped[date | None]
    due_on: Mapped[date | None]
    pdf_key: Mapped[str | None] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(default=datetime.utcnow)

    lines: Mapped[list["InvoiceLine"]] = relationship(back_populates="invoice", cascade="all, delete-orphan")


class InvoiceLine(Base):
    __tablename__ = "invoice_lines"

    id: Mapped[int] = mapped_column(primary_key=True)
    invoice_id: Mapped[int] = mapped_column(ForeignKey("invoices.id", ondelete="CASCADE"))
    description: Mapped[str] = mapped_column(String(255))
    quantity: Mapped[int] = mapped_column(default=1)
    unit_price_cents: Mapped[int]
    discount_pct: Mapped[int] = mapped_column(default=0)

    invoice: Mapped[Invoice] = relationship(back_populates="lines")
''',
    P("app/api/routers/invoices.py"): '''from fastapi import APIRouter, Depends, HTTPException, status
from sqlalchemy.orm import Session

from app.api.deps import get_current_account, get_session
from app.models.invoice import Invoice
from app.schemas.invoice import InvoiceOut

router = APIRouter(prefix="/invoices", tags=["invoices"])


def _get_owned_invoice(session: Session, invoice_id: int, account_id: int) -> Invoice:
    invoice = session.get(Invoice, invoice_id)
    if invoice is None or invoice.customer.account_id != account_id:
        raise HTTPException(status.HTTP_404_NOT_FOUND, "Invoice not found")
    return invoice


@router.get("/{invoice_id}", response_model=InvoiceOut)
def get_invoice(invoice_id: int, session: Session = Depends(get_session), account=Depends(get_current_account)):
    return _get_owned_invoice(session, invoice_id, account.id)
''',
    P("app/schemas/invoice.py"): '''from datetime import date

from pydantic import BaseModel, ConfigDict


class InvoiceLineOut(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: int
    description: str
    quantity: int
    unit_price_cents: int
    discount_pct: int


class InvoiceOut(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: int
    number: str
    status: str
    currency: str
    subtotal_cents: int
    tax_cents: int
    total_cents: int
    issued_on: date | None
    due_on: date | None
    lines: list[InvoiceLineOut]
''',
    P("tests/conftest.py"): '''import os

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine
from sqlalchemy.orm import sessionmaker

from app.api.deps import get_current_account, get_session
from app.db import Base
from app.main import app
from tests.factories import AccountFactory, CustomerFactory, InvoiceFactory

TEST_DB_URL = os.environ.get("TEST_DATABASE_URL", "postgresql+psycopg://ledgerly:ledgerly@127.0.0.1:5432/ledgerly_test")


@pytest.fixture(scope="session")
def engine():
    engine = create_engine(TEST_DB_URL)
    Base.metadata.create_all(engine)
    yield engine
    Base.metadata.drop_all(engine)


@pytest.fixture
def session(engine):
    conn = engine.connect()
    tx = conn.begin()
    s = sessionmaker(bind=conn, join_transaction_mode="create_savepoint")()
    yield s
    s.close()
    tx.rollback()
    conn.close()


@pytest.fixture
def account(session):
    return AccountFactory(session=session)


@pytest.fixture
def customer(session, account):
    return CustomerFactory(session=session, account=account)


@pytest.fixture
def invoice(session, customer):
    return InvoiceFactory(session=session, customer=customer)


@pytest.fixture
def client(session, account):
    app.dependency_overrides[get_session] = lambda: session
    app.dependency_overrides[get_current_account] = lambda: account
    with TestClient(app) as c:
        yield c
    app.dependency_overrides.clear()
''',
    P("pyproject.toml"): '''[project]
name = "ledgerly-api"
version = "0.7.3"
description = "Invoicing API for Ledgerly"
requires-python = ">=3.12"
dependencies = [
    "alembic>=1.14",
    "boto3>=1.35",
    "fastapi>=0.115",
    "httpx>=0.27",
    "psycopg[binary]>=3.2",
    "pydantic-settings>=2.6",
    "sqlalchemy>=2.0.36",
    "uvicorn[standard]>=0.32",
]

[dependency-groups]
dev = [
    "factory-boy>=3.3",
    "mypy>=1.13",
    "pytest>=8.3",
    "respx==0.21.1",
    "ruff>=0.8",
]

[tool.pytest.ini_options]
testpaths = ["tests"]
addopts = "-ra --strict-markers"

[tool.ruff]
line-length = 110
target-version = "py312"
''',
    P("CHANGELOG.md"): '''# Changelog

## Unreleased

- Presigned PDF download URL for invoices (`GET /invoices/{id}/pdf-url`).

## 0.7.3 - 2025-12-19

- Fix: invoice numbers skipped a value after a failed insert.
''',
}


# ------------------------------------------------------------------- outputs
def dots_run(n, secs, width=72):
    rows = []
    left = n
    while left > 0:
        k = min(left, width)
        left -= k
        pct = int(round(100 * (n - left) / n))
        rows.append("." * k + " " * (width - k + 1) + f"[{pct:3d}%]")
    return "\n".join(rows) + f"\n{n} passed in {secs}s"


NO_PYTEST = "/usr/bin/python3: No module named pytest"

CONNREFUSED_TB = f"""Traceback (most recent call last):
  File "{R}/.venv/lib/python3.12/site-packages/sqlalchemy/engine/base.py", line 146, in __init__
    self._dbapi_connection = engine.raw_connection()
                             ^^^^^^^^^^^^^^^^^^^^^^^
  File "{R}/.venv/lib/python3.12/site-packages/sqlalchemy/engine/base.py", line 3298, in raw_connection
    return self.pool.connect()
           ^^^^^^^^^^^^^^^^^^^
  File "{R}/.venv/lib/python3.12/site-packages/psycopg/connection.py", line 119, in connect
    raise last_ex.with_traceback(None)
psycopg.OperationalError: connection failed: connection to server at "127.0.0.1", port 5432 failed: Connection refused
\tIs the server running on that host and accepting TCP/IP connections?

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "{R}/.venv/bin/alembic", line 10, in <module>
    sys.exit(main())
             ^^^^^^
  File "{R}/.venv/lib/python3.12/site-packages/alembic/config.py", line 636, in main
    CommandLine(prog=prog).main(argv=argv)
  File "{R}/.venv/lib/python3.12/site-packages/alembic/command.py", line {{line}}, in {{cmd}}
    script_directory.run_env()
  File "{R}/migrations/env.py", line 71, in run_migrations_online
    with connectable.connect() as connection:
         ^^^^^^^^^^^^^^^^^^^^^
sqlalchemy.exc.OperationalError: (psycopg.OperationalError) connection failed: connection to server at "127.0.0.1", port 5432 failed: Connection refused
\tIs the server running on that host and accepting TCP/IP connections?
(Background on this error at: https://sqlalche.me/e/20/e3q8)"""

COMPOSE_UP_DB = """[+] Running 1/1
 \u2714 Container ledgerly-api-db-1  Started                                        0.6s"""

PG_READY = "/var/run/postgresql:5432 - accepting connections"


def alembic_rev(slug, rev, when, detected):
    lines = ["INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.",
             "INFO  [alembic.runtime.migration] Will assume transactional DDL."] + \
            [f"INFO  [alembic.autogenerate.compare] {x}" for x in detected] + \
            [f"  Generating {R}/migrations/versions/{when}-{rev}_{slug}.py ...  done"]
    return "\n".join(lines)


def alembic_up(frm, to, msg):
    return f"""INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.
INFO  [alembic.runtime.migration] Will assume transactional DDL.
INFO  [alembic.runtime.migration] Running upgrade {frm} -> {to}, {msg}"""


def precommit_fail(hook, detail, nfiles):
    blocks = {"ruff": "ruff.....................................................................",
              "ruff-format": "ruff-format.............................................................."}
    out = ["trim trailing whitespace.................................................Passed",
           "fix end of files.........................................................Passed",
           "check yaml...........................................(no files to check)Skipped"]
    for h in ("ruff", "ruff-format"):
        if h == hook:
            out += [blocks[h] + "Failed", f"- hook id: {h}", "- files were modified by this hook", "", detail, ""]
        else:
            out.append(blocks[h] + "Passed")
    return "\n".join(out)


def precommit_pass():
    return """trim trailing whitespace.................................................Passed
fix end of files.........................................................Passed
check yaml...........................................(no files to check)Skipped
ruff.....................................................................Passed
ruff-format..............................................................Passed"""


def push_ok(branch, old, new, tags=()):
    out = f"""Enumerating objects: 27, done.
Counting objects: 100% (27/27), done.
Delta compression using up to 10 threads
Compressing objects: 100% (14/14), done.
Writing objects: 100% (16/16), 3.12 KiB | 3.12 MiB/s, done.
Total 16 (delta 9), reused 0 (delta 0), pack-reused 0 (from 0)
remote: Resolving deltas: 100% (9/9), completed with 8 local objects.
To {ORIGIN}
   {old}..{new}  {branch} -> {branch}"""
    for t in tags:
        out += f"\n * [new tag]         {t} -> {t}"
    return out


def gen():
    d = Dev("py-web", U, "en", MODEL, seed=1905, files=FILES)

    # ================================================================ S1
    with d.session("2026-01-05T09:20:00", R, branch="main", version="2.1.1"):
        t = d.task("Where do we compute invoice totals? Walk me through it.", tags=["noise"])
        t.grep("compute_totals|recalculate", [P("app/services/invoicing.py"), P("app/api/routers/invoice_lines.py"),
                                               P("tests/services/test_invoicing.py")], path=P("app"))
        t.read(P("app/services/invoicing.py"))
        t.done("""Totals live in `app/services/invoicing.py`:

1. `line_total_cents(line)`: `unit_price_cents × quantity`, minus `discount_pct` %, rounded half-up to whole cents (Decimal throughout).
2. `compute_totals(invoice)`: subtotal = sum of line totals; tax = subtotal × `invoice.tax_rate`, rounded half-up; total = subtotal + tax. Tax is computed on the subtotal, not per line.
3. `recalculate(session, invoice_id)`: loads the invoice and writes the three `*_cents` fields back; it doesn't commit — the caller does.

It's called from the invoice-lines router after every line add/update/delete.""")

        t = d.task("Run the invoice API tests — just that module please, the full suite takes forever.",
                   tags=["mistake:M1", "pref:P3"])
        t.fail("python -m pytest tests/api/test_invoices.py -q", "Run invoice API tests", NO_PYTEST)
        t.say("System python doesn't have the project's deps; this repo is managed with uv, so running through the project venv.")
        t.bash("uv run pytest tests/api/test_invoices.py -q", "Run invoice API tests in the project venv",
               out=dots_run(14, "1.87"))
        t.done("14 passed in `tests/api/test_invoices.py`. (`python -m pytest` used the system interpreter, which has no "
               "pytest; `uv run pytest` uses the project's .venv.)")

        t = d.task("Add GET /invoices/{id}/pdf-url that returns a presigned S3 URL for the invoice PDF (404 if there's no "
                   "PDF yet, 15 min expiry). For the tests use pytest fixtures, not unittest-style setUp classes.",
                   tags=["workflow:W2", "pref:P1"])
        t.read(P("app/api/routers/invoices.py"))
        t.read(P("app/schemas/invoice.py"))
        t.grep("generate_presigned_url|boto3", [P("app/storage.py")], path=P("app"))
        d.files[P("app/storage.py")] = '''import boto3

from app.settings import settings

_s3 = boto3.client("s3", region_name=settings.aws_region)


def presigned_get(key: str, expires_in: int = 900) -> str:
    return _s3.generate_presigned_url(
        "get_object", Params={"Bucket": settings.invoice_bucket, "Key": key}, ExpiresIn=expires_in
    )
'''
        t.read(P("app/storage.py"))
        t.edit(P("app/schemas/invoice.py"), '''    lines: list[InvoiceLineOut]
''', '''    lines: list[InvoiceLineOut]


class PdfUrlOut(BaseModel):
    url: str
    expires_in: int
''')
        t.edit(P("app/api/routers/invoices.py"), '''from app.schemas.invoice import InvoiceOut
''', '''from app.schemas.invoice import InvoiceOut, PdfUrlOut
from app.storage import presigned_get

PDF_URL_TTL = 15 * 60
''')
        t.edit(P("app/api/routers/invoices.py"), '''    return _get_owned_invoice(session, invoice_id, account.id)
''', '''    return _get_owned_invoice(session, invoice_id, account.id)


@router.get("/{invoice_id}/pdf-url", response_model=PdfUrlOut)
def get_invoice_pdf_url(invoice_id: int, session: Session = Depends(get_session), account=Depends(get_current_account)):
    invoice = _get_owned_invoice(session, invoice_id, account.id)
    if not invoice.pdf_key:
        raise HTTPException(status.HTTP_404_NOT_FOUND, "PDF not generated yet")
    return PdfUrlOut(url=presigned_get(invoice.pdf_key, expires_in=PDF_URL_TTL), expires_in=PDF_URL_TTL)
''')
        t.read(P("tests/conftest.py"))
        t.write(P("tests/api/test_invoice_pdf_url.py"), '''import pytest

from tests.factories import InvoiceFactory


@pytest.fixture
def fake_presign(monkeypatch):
    calls = []

    def _presign(key, expires_in):
        calls.append((key, expires_in))
        return f"https://s3.example/{key}?X-Amz-Expires={expires_in}"

    monkeypatch.setattr("app.api.routers.invoices.presigned_get", _presign)
    return calls


@pytest.fixture
def invoice_with_pdf(session, customer):
    return InvoiceFactory(session=session, customer=customer, pdf_key="invoices/2026/INV-0042.pdf")


def test_returns_presigned_url(client, invoice_with_pdf, fake_presign):
    resp = client.get(f"/invoices/{invoice_with_pdf.id}/pdf-url")
    assert resp.status_code == 200
    assert resp.json() == {
        "url": "https://s3.example/invoices/2026/INV-0042.pdf?X-Amz-Expires=900",
        "expires_in": 900,
    }
    assert fake_presign == [("invoices/2026/INV-0042.pdf", 900)]


def test_404_when_pdf_missing(client, invoice, fake_presign):
    resp = client.get(f"/invoices/{invoice.id}/pdf-url")
    assert resp.status_code == 404
    assert resp.json()["detail"] == "PDF not generated yet"
    assert fake_presign == []


def test_404_for_other_accounts_invoice(client, session, fake_presign):
    other = InvoiceFactory(session=session, pdf_key="invoices/x.pdf")
    assert client.get(f"/invoices/{other.id}/pdf-url").status_code == 404
''')
        t.bash("uv run pytest tests/api/test_invoice_pdf_url.py -q", "Run the new endpoint tests", out=dots_run(3, "0.64"))
        t.bash("uv run ruff check app tests", "Lint", out="All checks passed!")
        t.done("""Added `GET /invoices/{id}/pdf-url` → `{"url", "expires_in"}` (`PdfUrlOut`), 15-minute presigned URL via the existing `app.storage.presigned_get`.

- 404 "Invoice not found" for missing/other-account invoices (reuses `_get_owned_invoice`), 404 "PDF not generated yet" when `pdf_key` is empty.
- Tests in `tests/api/test_invoice_pdf_url.py` are plain functions with fixtures (`fake_presign` monkeypatches the presigner, `invoice_with_pdf` builds on the conftest fixtures). 3 pass; ruff clean.""")

        t = d.task("Tag 0.8.0: bump the version, move Unreleased into a 0.8.0 section in the changelog, tag and push.",
                   tags=["workflow:W3"])
        t.read(P("pyproject.toml"))
        t.edit(P("pyproject.toml"), 'version = "0.7.3"', 'version = "0.8.0"')
        t.read(P("CHANGELOG.md"))
        t.edit(P("CHANGELOG.md"), '''## Unreleased

- Presigned PDF download URL''', '''## Unreleased

## 0.8.0 - 2026-01-05

- Presigned PDF download URL''')
        t.bash('git add -A && git commit -m "Release 0.8.0"', "Commit the release", out=precommit_pass() + """
[main 51e0c2a] Release 0.8.0
 6 files changed, 71 insertions(+), 2 deletions(-)
 create mode 100644 tests/api/test_invoice_pdf_url.py""")
        t.bash('git tag -a v0.8.0 -m "v0.8.0" && git push origin main --follow-tags', "Tag and push",
               err=push_ok("main", "c02f9e1", "51e0c2a", tags=["v0.8.0"]))
        t.done("Released 0.8.0: version bumped in pyproject.toml, changelog section added, commit `51e0c2a` (includes the "
               "pdf-url endpoint), annotated tag `v0.8.0` pushed with main.")

    # ================================================================ S2
    with d.session("2026-01-07T14:05:00", R, branch="feat/late-fees", version="2.1.2"):
        t = d.task("Add a late_fee_cents column to invoices (non-null, default 0) with a migration.",
                   tags=["workflow:W1", "mistake:M2"])
        t.read(P("app/models/invoice.py"))
        t.edit(P("app/models/invoice.py"), '''    total_cents: Mapped[int] = mapped_column(default=0)
''', '''    total_cents: Mapped[int] = mapped_column(default=0)
    late_fee_cents: Mapped[int] = mapped_column(default=0, server_default="0")
''')
        t.fail('uv run alembic revision --autogenerate -m "add late_fee_cents to invoices"', "Autogenerate the migration",
               CONNREFUSED_TB.replace("{line}", "236").replace("{cmd}", "revision"))
        t.say("Autogenerate needs the database to diff against, and nothing is listening on 5432 — the compose Postgres isn't up. Starting it.")
        t.bash("docker compose up -d db", "Start the Postgres container", err=COMPOSE_UP_DB)
        t.bash("docker compose exec db pg_isready -U ledgerly", "Wait until Postgres accepts connections", out=PG_READY)
        t.bash('uv run alembic revision --autogenerate -m "add late_fee_cents to invoices"', "Autogenerate the migration",
               err=alembic_rev("add_late_fee_cents_to_invoices", "7c3e91f0a2b4", "2026_01_07_1412",
                               ["Detected added column 'invoices.late_fee_cents'"]))
        mig = P("migrations/versions/2026_01_07_1412-7c3e91f0a2b4_add_late_fee_cents_to_invoices.py")
        d.files[mig] = '''"""add late_fee_cents to invoices

Revision ID: 7c3e91f0a2b4
Revises: 4f1d2a9c8e77
Create Date: 2026-01-07 14:12:31.402118

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '7c3e91f0a2b4'
down_revision: Union[str, None] = '4f1d2a9c8e77'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    # ### commands auto generated by Alembic - please adjust! ###
    op.add_column('invoices', sa.Column('late_fee_cents', sa.Integer(), nullable=False))
    # ### end Alembic commands ###


def downgrade() -> None:
    # ### commands auto generated by Alembic - please adjust! ###
    op.drop_column('invoices', 'late_fee_cents')
    # ### end Alembic commands ###
'''
        t.read(mig)
        t.say("Autogenerate dropped the server default; without it the NOT NULL add fails on existing rows. Adding it.")
        t.edit(mig, "op.add_column('invoices', sa.Column('late_fee_cents', sa.Integer(), nullable=False))",
               "op.add_column('invoices', sa.Column('late_fee_cents', sa.Integer(), nullable=False, server_default='0'))")
        t.bash("uv run alembic upgrade head", "Apply the migration", err=alembic_up("4f1d2a9c8e77", "7c3e91f0a2b4", "add late_fee_cents to invoices"))
        t.bash("uv run pytest tests/models -q", "Run model tests", out=dots_run(11, "1.21"))
        t.done("Added `Invoice.late_fee_cents` (`default=0`, `server_default=\"0\"`) and migration `7c3e91f0a2b4` "
               "(I added `server_default='0'` to the autogenerated `add_column` so existing rows are valid). Upgraded "
               "local DB to head; model tests pass. Autogenerate first failed because the compose Postgres wasn't "
               "running — `docker compose up -d db` fixed that.")

        t = d.task("What's the difference between default and server_default in SQLAlchemy? Do we need both there?",
                   tags=["noise", "no_tools"])
        t.done("""- `default=0` is applied **by SQLAlchemy in Python** when you insert through the ORM/Core without a value. The database knows nothing about it.
- `server_default="0"` becomes a `DEFAULT 0` **in the table DDL**, so the database fills it for any insert that omits the column — raw SQL, other services, and crucially the `ALTER TABLE ... ADD COLUMN ... NOT NULL` on existing rows.

For `late_fee_cents` we want both: `server_default` makes the migration work on existing invoices and protects non-ORM writers; `default` keeps the value visible on the Python object right after `session.add()` without a refresh.""")

        t = d.task("Commit this.", tags=["mistake:M3"])
        t.fail('git add -A && git commit -m "Add late_fee_cents to invoices"', "Commit the migration and model change",
               precommit_fail("ruff-format", "1 file reformatted, 2 files left unchanged", 1))
        t.bash("git status --short", "See what the hook changed", out=""" M migrations/versions/2026_01_07_1412-7c3e91f0a2b4_add_late_fee_cents_to_invoices.py
M  app/models/invoice.py""")
        t.say("ruff-format rewrote the generated migration (quote style). Re-staging and committing again.")
        t.bash('git add -u && git commit -m "Add late_fee_cents to invoices"', "Re-stage the formatted file and commit",
               out=precommit_pass() + """
[feat/late-fees 0d7b4e2] Add late_fee_cents to invoices
 2 files changed, 31 insertions(+)
 create mode 100644 migrations/versions/2026_01_07_1412-7c3e91f0a2b4_add_late_fee_cents_to_invoices.py""")
        t.done("Committed `0d7b4e2`. The first attempt was blocked by the pre-commit `ruff-format` hook reformatting the "
               "generated migration; I re-staged with `git add -u` and committed again.")

    # ================================================================ S3
    with d.session("2026-01-09T10:30:00", R, branch="feat/late-fees", version="2.1.3"):
        t = d.task("Implement the late fee calculation: 1.5% of the total per started 30 days overdue, capped at 10%. "
                   "Use datetime.now(UTC), never utcnow().", tags=["oneoff:O2", "pref:P2"])
        t.write(P("app/services/late_fees.py"), '''from datetime import UTC, date, datetime
from decimal import Decimal

from app.models.invoice import Invoice

RATE_PER_PERIOD = Decimal("0.015")
PERIOD_DAYS = 30
CAP = Decimal("0.10")


def periods_overdue(due_on: date, today: date) -> int:
    days = (today - due_on).days
    if days <= 0:
        return 0
    return -(-days // PERIOD_DAYS)  # started periods


def late_fee_cents(invoice: Invoice, now: datetime | None = None) -> int:
    if invoice.status == "paid" or invoice.due_on is None:
        return 0
    today = (now or datetime.now(UTC)).date()
    rate = min(RATE_PER_PERIOD * periods_overdue(invoice.due_on, today), CAP)
    return int(Decimal(invoice.total_cents) * rate)
''')
        t.write(P("tests/services/test_late_fees.py"), '''from datetime import UTC, date, datetime

import pytest

from app.services.late_fees import late_fee_cents, periods_overdue

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def overdue_invoice(invoice):
    invoice.status = "sent"
    invoice.total_cents = 101_500
    invoice.due_on = date(2026, 2, 1)  # 28 days before NOW
    return invoice


@pytest.mark.parametrize(
    ("days", "expected"),
    [(0, 0), (-3, 0), (1, 1), (30, 1), (31, 2), (95, 4)],
)
def test_periods_overdue(days, expected):
    today = date(2026, 3, 1)
    assert periods_overdue(date.fromordinal(today.toordinal() - days), today) == expected


def test_one_started_period(overdue_invoice):
    assert late_fee_cents(overdue_invoice, now=NOW) == 1523  # 1.5% of 1015.00, half-up


def test_capped_at_ten_percent(overdue_invoice):
    overdue_invoice.due_on = date(2025, 1, 1)
    assert late_fee_cents(overdue_invoice, now=NOW) == 10_150


def test_paid_invoice_has_no_fee(overdue_invoice):
    overdue_invoice.status = "paid"
    assert late_fee_cents(overdue_invoice, now=NOW) == 0
''')
        t.fail("uv run pytest tests/services/test_late_fees.py -q", "Run the late fee tests", f"""......F..                                                                [100%]
=================================== FAILURES ===================================
___________________________ test_one_started_period ____________________________

overdue_invoice = <Invoice id=1 number='INV-2026-0001'>

    def test_one_started_period(overdue_invoice):
>       assert late_fee_cents(overdue_invoice, now=NOW) == 1523  # 1.5% of 1015.00, half-up
E       assert 1522 == 1523
E        +  where 1522 = late_fee_cents(<Invoice id=1 number='INV-2026-0001'>, now=datetime.datetime(2026, 3, 1, 12, 0, tzinfo=datetime.timezone.utc))

tests/services/test_late_fees.py:30: AssertionError
=========================== short test summary info ============================
FAILED tests/services/test_late_fees.py::test_one_started_period - assert 1522 == 1523
1 failed, 8 passed in 0.71s""")
        t.say("`int()` truncates 1522.5 to 1522; invoicing rounds half-up everywhere else. Using the same quantize as `invoicing.py`.")
        t.edit(P("app/services/late_fees.py"), "from decimal import Decimal\n", "from decimal import ROUND_HALF_UP, Decimal\n")
        t.edit(P("app/services/late_fees.py"), "    return int(Decimal(invoice.total_cents) * rate)",
               '    return int((Decimal(invoice.total_cents) * rate).quantize(Decimal("1"), rounding=ROUND_HALF_UP))')
        t.bash("uv run pytest tests/services/test_late_fees.py -q", "Re-run the late fee tests", out=dots_run(9, "0.66"))
        t.done("`app/services/late_fees.py`: `periods_overdue` counts started 30-day periods; `late_fee_cents` = total × "
               "min(1.5% × periods, 10%), rounded half-up like the rest of invoicing; paid invoices or no due date → 0. "
               "\"Now\" defaults to `datetime.now(UTC)` and is injectable for tests. The first run caught truncation "
               "(1522 vs 1523); fixed. 9 tests pass.")

        t = d.task("Run the services tests.", tags=["mistake:M1"])
        t.fail("pytest tests/services -q", "Run service-layer tests", f"""ImportError while loading conftest '{R}/tests/conftest.py'.
tests/conftest.py:4: in <module>
    from fastapi.testclient import TestClient
E   ModuleNotFoundError: No module named 'fastapi'""", code=4)
        t.bash("which pytest", "Which pytest is that?", out="/home/marcus/.local/bin/pytest")
        t.say("That's a pipx-installed pytest outside the project venv, so none of the app's dependencies are importable. Running it through uv instead.")
        t.bash("uv run pytest tests/services -q", "Run service tests in the project venv", out=dots_run(31, "2.08"))
        t.done("31 passed. The bare `pytest` on PATH is the pipx one (`~/.local/bin/pytest`), which can't import FastAPI; "
               "`uv run pytest` runs it inside the project environment.")

        t = d.task("How do I run a periodic job in FastAPI without Celery, e.g. recompute late fees hourly? Check the docs "
                   "on lifespan first.", tags=["noise", "webfetch"])
        t.webfetch("https://fastapi.tiangolo.com/advanced/events/",
                   "How does the lifespan parameter work, and how do startup/shutdown code and background tasks fit in?",
                   """## Lifespan

You can define logic (code) that should be executed before the application starts up. This means that this code will be executed once, before the application starts receiving requests. The same way, you can define logic that should be executed when the application is shutting down.

```python
from contextlib import asynccontextmanager
from fastapi import FastAPI

@asynccontextmanager
async def lifespan(app: FastAPI):
    # Load the ML model
    ml_models["answer_to_everything"] = fake_answer_to_everything_ml_model
    yield
    # Clean up the ML models and release the resources
    ml_models.clear()

app = FastAPI(lifespan=lifespan)
```

The first part of the function, before the `yield`, will be executed before the application starts. And the part after the `yield` will be executed after the application has finished.

### Alternative Events (deprecated)
The recommended way to handle the startup and shutdown is using the `lifespan` parameter of the FastAPI app. If you provide a lifespan parameter, startup and shutdown event handlers will no longer be called.

Note: the lifespan events are only executed for the main application, not for Sub Applications - Mounts.""")
        t.done("""From the docs: `lifespan` is an async context manager — code before `yield` runs once at startup, after `yield` at shutdown (it replaces `on_event`).

A periodic job can hang off it:

```python
@asynccontextmanager
async def lifespan(app: FastAPI):
    task = asyncio.create_task(run_every(3600, recompute_late_fees))
    yield
    task.cancel()
```

Caveats for us: it runs **in every uvicorn worker** (we run 4 in prod → 4× the job), it dies with the process, and there's no retry/visibility. For an hourly billing job I'd rather use a k8s CronJob calling a small `python -m app.jobs.late_fees` entrypoint. The lifespan approach is fine for cache warm-ups, not for anything that must run exactly once.""")

    # ================================================================ S4
    with d.session("2026-01-13T11:10:00", R, branch="feat/late-fees", version="2.1.4"):
        t = d.task("Add POST /invoices/{id}/late-fee/waive (sets late_fee_cents to 0, records who waived it and why). "
                   "And please don't write unittest-style test classes — fixtures please.",
                   tags=["workflow:W2", "pref:P1"])
        t.read(P("app/api/routers/invoices.py"))
        t.read(P("app/schemas/invoice.py"))
        t.edit(P("app/schemas/invoice.py"), '''class PdfUrlOut(BaseModel):''', '''class LateFeeWaiveIn(BaseModel):
    reason: str = Field(min_length=3, max_length=500)


class PdfUrlOut(BaseModel):''')
        t.edit(P("app/schemas/invoice.py"), "from pydantic import BaseModel, ConfigDict\n", "from pydantic import BaseModel, ConfigDict, Field\n")
        t.edit(P("app/api/routers/invoices.py"), '''from app.schemas.invoice import InvoiceOut, PdfUrlOut''',
               '''from app.models.audit import AuditEvent
from app.schemas.invoice import InvoiceOut, LateFeeWaiveIn, PdfUrlOut''')
        t.edit(P("app/api/routers/invoices.py"), '''    return PdfUrlOut(url=presigned_get(invoice.pdf_key, expires_in=PDF_URL_TTL), expires_in=PDF_URL_TTL)
''', '''    return PdfUrlOut(url=presigned_get(invoice.pdf_key, expires_in=PDF_URL_TTL), expires_in=PDF_URL_TTL)


@router.post("/{invoice_id}/late-fee/waive", response_model=InvoiceOut)
def waive_late_fee(
    invoice_id: int,
    body: LateFeeWaiveIn,
    session: Session = Depends(get_session),
    account=Depends(get_current_account),
):
    invoice = _get_owned_invoice(session, invoice_id, account.id)
    if invoice.late_fee_cents == 0:
        raise HTTPException(status.HTTP_409_CONFLICT, "No late fee to waive")
    session.add(
        AuditEvent(
            account_id=account.id,
            actor_id=account.user_id,
            action="invoice.late_fee_waived",
            subject_id=invoice.id,
            data={"amount_cents": invoice.late_fee_cents, "reason": body.reason},
        )
    )
    invoice.late_fee_cents = 0
    session.commit()
    return invoice
''')
        t.write(P("tests/api/test_late_fee_waive.py"), '''import pytest
from sqlalchemy import select

from app.models.audit import AuditEvent


@pytest.fixture
def invoice_with_fee(session, invoice):
    invoice.late_fee_cents = 1523
    session.flush()
    return invoice


def test_waive_resets_fee_and_audits(client, session, invoice_with_fee):
    resp = client.post(f"/invoices/{invoice_with_fee.id}/late-fee/waive", json={"reason": "goodwill, first delay"})
    assert resp.status_code == 200
    assert invoice_with_fee.late_fee_cents == 0
    event = session.scalars(select(AuditEvent).where(AuditEvent.action == "invoice.late_fee_waived")).one()
    assert event.data == {"amount_cents": 1523, "reason": "goodwill, first delay"}


def test_conflict_when_no_fee(client, invoice):
    resp = client.post(f"/invoices/{invoice.id}/late-fee/waive", json={"reason": "n/a"})
    assert resp.status_code == 409


@pytest.mark.parametrize("reason", ["", "no"])
def test_reason_is_required(client, invoice_with_fee, reason):
    resp = client.post(f"/invoices/{invoice_with_fee.id}/late-fee/waive", json={"reason": reason})
    assert resp.status_code == 422
''')
        t.bash("uv run pytest tests/api/test_late_fee_waive.py -q", "Run the waive endpoint tests", out=dots_run(4, "0.83"))
        t.bash("uv run ruff check app tests", "Lint", out="All checks passed!")
        t.done("`POST /invoices/{id}/late-fee/waive` with body `{\"reason\": str (3–500 chars)}`: zeroes `late_fee_cents`, "
               "writes an `invoice.late_fee_waived` audit event with the amount and reason, returns the invoice. 409 if "
               "there's no fee. Tests are plain functions + fixtures (`invoice_with_fee`), 4 pass; ruff clean.")

        t = d.task("Commit and push.", tags=["mistake:M3"])
        t.fail('git add -A && git commit -m "Late fee calculation and waive endpoint"', "Commit",
               precommit_fail("ruff", "Found 2 errors (2 fixed, 0 remaining).", 2))
        t.bash("git diff --stat", "What did the hook change?", out=""" app/api/routers/invoices.py | 2 +-
 app/services/late_fees.py   | 2 +-
 2 files changed, 2 insertions(+), 2 deletions(-)""")
        t.say("The ruff hook auto-fixed import ordering in two files and left them unstaged. Staging its fixes and committing again.")
        t.bash('git add -u && git commit -m "Late fee calculation and waive endpoint"', "Re-stage and commit",
               out=precommit_pass() + """
[feat/late-fees 8e21a5c] Late fee calculation and waive endpoint
 5 files changed, 142 insertions(+), 3 deletions(-)
 create mode 100644 app/services/late_fees.py
 create mode 100644 tests/api/test_late_fee_waive.py
 create mode 100644 tests/services/test_late_fees.py""")
        t.bash("git push -u origin feat/late-fees", "Push the branch", err=f"""Enumerating objects: 31, done.
Counting objects: 100% (31/31), done.
Delta compression using up to 10 threads
Compressing objects: 100% (18/18), done.
Writing objects: 100% (21/21), 5.37 KiB | 5.37 MiB/s, done.
Total 21 (delta 11), reused 0 (delta 0), pack-reused 0 (from 0)
remote: Resolving deltas: 100% (11/11), completed with 7 local objects.
remote: 
remote: Create a pull request for 'feat/late-fees' on GitHub by visiting:
remote:      https://github.com/ledgerly/ledgerly-api/pull/new/feat/late-fees
remote: 
To {ORIGIN}
 * [new branch]      feat/late-fees -> feat/late-fees
branch 'feat/late-fees' set up to track 'origin/feat/late-fees'.""")
        t.done("Committed `8e21a5c` and pushed `feat/late-fees` (upstream set). The pre-commit ruff hook fixed import order "
               "in 2 files on the first try; I staged its fixes with `git add -u` and re-committed.")

        t = d.task("Add httpx 0.28 — I want the new transport API for the S3 mock.", tags=["oneoff:O1"])
        t.fail('uv add "httpx>=0.28"', "Add httpx >= 0.28", """  \u00d7 No solution found when resolving dependencies:
  \u2570\u2500\u25b6 Because respx==0.21.1 depends on httpx>=0.21.0,<0.28.0 and your project depends on httpx>=0.28, we can conclude
      that your project and respx==0.21.1 are incompatible.
      And because your project depends on respx==0.21.1, we can conclude that your project's requirements are unsatisfiable.
  help: If you want to add the package regardless of the failed resolution, provide the `--frozen` flag to skip locking and
        syncing.""")
        t.say("The dev pin `respx==0.21.1` caps httpx below 0.28. respx 0.22 supports httpx 0.28, so bumping that pin together.")
        t.bash('uv add --dev "respx>=0.22.0" && uv add "httpx>=0.28"', "Bump respx, then add httpx 0.28", err="""Resolved 61 packages in 412ms
Prepared 1 package in 88ms
Uninstalled 1 package in 2ms
Installed 1 package in 3ms
 - respx==0.21.1
 + respx==0.22.0
Resolved 61 packages in 207ms
Prepared 1 package in 101ms
Uninstalled 1 package in 3ms
Installed 1 package in 2ms
 - httpx==0.27.2
 + httpx==0.28.1""")
        t.bash("uv run pytest -q", "Run the whole suite after the dependency change", out=dots_run(187, "9.84"))
        t.done("httpx is now 0.28.1. It first failed to resolve because of the `respx==0.21.1` dev pin (httpx <0.28); I "
               "bumped respx to `>=0.22.0` (0.22.0). Full suite passes (187).")

    # ================================================================ S5 (long, compacts)
    with d.session("2026-01-15T09:40:00", R, branch="main", version="2.1.6"):
        t = d.task("Run the integration tests.", tags=["mistake:M2"])
        t.fail("uv run pytest tests/integration -q", "Run integration tests", f"""EEEEEEEEE                                                                [100%]
==================================== ERRORS ====================================
___________ ERROR at setup of test_create_invoice_persists_lines ____________

    @pytest.fixture(scope="session")
    def engine():
        engine = create_engine(TEST_DB_URL)
>       Base.metadata.create_all(engine)

tests/conftest.py:17: 
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _
.venv/lib/python3.12/site-packages/sqlalchemy/sql/schema.py:5907: in create_all
    bind._run_ddl_visitor(
.venv/lib/python3.12/site-packages/sqlalchemy/engine/base.py:3248: in _run_ddl_visitor
    with self.begin() as conn:
.venv/lib/python3.12/site-packages/psycopg/connection.py:119: in connect
    raise last_ex.with_traceback(None)
E   sqlalchemy.exc.OperationalError: (psycopg.OperationalError) connection failed: connection to server at "127.0.0.1", port 5432 failed: Connection refused
E   \tIs the server running on that host and accepting TCP/IP connections?
E   (Background on this error at: https://sqlalche.me/e/20/e3q8)
=========================== short test summary info ============================
ERROR tests/integration/test_invoice_flow.py::test_create_invoice_persists_lines - sqlalchemy.exc.OperationalError: (psycopg.OperationalError) connection failed: connection to server at "127.0.0.1", port 5432 failed: Connection refused
ERROR tests/integration/test_invoice_flow.py::test_issue_assigns_number - sqlalchemy.exc.OperationalError: (psycopg.OperationalError) connection failed: ...
ERROR tests/integration/test_invoice_flow.py::test_payment_marks_paid - sqlalchemy.exc.OperationalError: (psycopg.OperationalError) connection failed: ...
ERROR tests/integration/test_numbering.py::test_numbers_are_gapless - sqlalchemy.exc.OperationalError: (psycopg.OperationalError) connection failed: ...
ERROR tests/integration/test_numbering.py::test_concurrent_issue - sqlalchemy.exc.OperationalError: (psycopg.OperationalError) connection failed: ...
ERROR tests/integration/test_reminders.py::test_reminder_email_enqueued - sqlalchemy.exc.OperationalError: (psycopg.OperationalError) connection failed: ...
ERROR tests/integration/test_reminders.py::test_no_reminder_for_paid - sqlalchemy.exc.OperationalError: (psycopg.OperationalError) connection failed: ...
ERROR tests/integration/test_s3_upload.py::test_pdf_uploaded - sqlalchemy.exc.OperationalError: (psycopg.OperationalError) connection failed: ...
ERROR tests/integration/test_s3_upload.py::test_pdf_key_saved - sqlalchemy.exc.OperationalError: (psycopg.OperationalError) connection failed: ...
9 errors in 0.58s""")
        t.bash("docker compose ps", "Check the compose services", out="NAME      IMAGE     COMMAND   SERVICE   CREATED   STATUS    PORTS")
        t.say("No containers running (laptop rebooted, I'd guess). Bringing up Postgres and Redis for the integration tests.")
        t.bash("docker compose up -d db redis", "Start Postgres and Redis", err="""[+] Running 2/2
 \u2714 Container ledgerly-api-redis-1  Started                                     0.5s
 \u2714 Container ledgerly-api-db-1     Started                                     0.6s""")
        t.bash("docker compose exec db pg_isready -U ledgerly", "Wait for Postgres", out=PG_READY)
        t.bash("uv run pytest tests/integration -q", "Re-run integration tests", out=dots_run(9, "4.37"))
        t.done("All 9 integration tests pass. They errored at fixture setup with `Connection refused` on 127.0.0.1:5432 "
               "because the compose stack wasn't running; `docker compose up -d db redis` fixed it.")

        t = d.task("Show me the alembic history.", tags=["noise", "long_output"])
        t.bash("uv run alembic history", "List migrations", out="""4f1d2a9c8e77 -> 7c3e91f0a2b4 (head), add late_fee_cents to invoices
b81e5d0c3a19 -> 4f1d2a9c8e77, add pdf_key to invoices
0a9c7e2f4d61 -> b81e5d0c3a19, audit_events table
e3d2c1b0a987 -> 0a9c7e2f4d61, invoice number sequence per account
9f8e7d6c5b4a -> e3d2c1b0a987, add discount_pct to invoice_lines
71c2a5e8d903 -> 9f8e7d6c5b4a, customers.vat_id
5e4d3c2b1a09 -> 71c2a5e8d903, payments table
c0ffee15dead -> 5e4d3c2b1a09, invoice status enum -> varchar
2b3c4d5e6f70 -> c0ffee15dead, add tax_rate to invoices
8a7b6c5d4e3f -> 2b3c4d5e6f70, invoice_lines
d4e5f6a7b8c9 -> 8a7b6c5d4e3f, invoices
1a2b3c4d5e6f -> d4e5f6a7b8c9, customers
<base> -> 1a2b3c4d5e6f, accounts and users""")
        t.done("13 migrations, linear (no branches). Head is `7c3e91f0a2b4` (late_fee_cents); the base is `1a2b3c4d5e6f` "
               "(accounts and users).")

        t = d.task("Run mypy on app/.", tags=["unfixed:U1"])
        t.fail("uv run mypy app", "Type-check the app package", """app/legacy/importer.py:41: error: Item "None" of "Match[str] | None" has no attribute "group"  [union-attr]
app/legacy/importer.py:58: error: Argument 1 to "Decimal" has incompatible type "float | None"; expected "Decimal | float | str | tuple[int, Sequence[int], int]"  [arg-type]
app/legacy/importer.py:77: error: Incompatible return value type (got "list[dict[str, Any]]", expected "list[InvoiceRow]")  [return-value]
Found 3 errors in 1 file (checked 64 source files)""")
        t.done("""mypy: 3 errors, all in `app/legacy/importer.py` (everything else is clean):

- L41 `re.match(...).group()` without a None check (`union-attr`)
- L58 `Decimal(row.get("amount"))` where the value can be `None` (`arg-type`)
- L77 returns `list[dict]` but is annotated `list[InvoiceRow]` (`return-value`)

These are real but in the legacy CSV importer, which you said is frozen. I haven't touched it; if you want mypy green in CI we could add a per-module `ignore_errors = true` for `app.legacy.*` instead.""")

        d.precompact("""Analysis: Marcus works on ledgerly-api (FastAPI, SQLAlchemy 2, alembic, pytest via uv, docker compose Postgres/Redis, pre-commit with ruff).
Summary:
1. Ran integration tests: failed with Connection refused on 127.0.0.1:5432 until `docker compose up -d db redis`; then 9 pass.
2. Showed alembic history (13 linear migrations, head 7c3e91f0a2b4 late_fee_cents).
3. mypy: 3 errors in app/legacy/importer.py, left as-is (legacy is frozen).
Earlier this month: pdf-url endpoint, late_fee_cents column + calculation + waive endpoint (branch feat/late-fees pushed), httpx 0.28 with respx 0.22.
Preferences: pytest fixtures, not unittest classes; datetime.now(UTC) not utcnow(); run only the touched test module (full suite is slow).""")

        t = d.task("Draft the PR description for feat/late-fees.", tags=["noise", "no_tools"])
        t.done("""## Late fees for overdue invoices

### Summary
This PR introduces late fees on overdue invoices, an endpoint to waive them, and the supporting schema change.

### Changes
**Database**
- New column `invoices.late_fee_cents` (`INTEGER NOT NULL DEFAULT 0`), migration `7c3e91f0a2b4`. The server default makes the migration safe on existing rows.

**Calculation** (`app/services/late_fees.py`)
- 1.5% of the invoice total per *started* 30-day period after `due_on`, capped at 10%.
- Rounded half-up to whole cents, consistent with `app/services/invoicing.py`.
- Paid invoices and invoices without a due date never accrue a fee.
- Uses `datetime.now(UTC)`; `now` is injectable for tests.

**API**
- `POST /invoices/{id}/late-fee/waive` with `{ "reason": "..." }` (3–500 chars).
  - Sets `late_fee_cents` to 0 and records an `invoice.late_fee_waived` audit event with the waived amount and reason.
  - 409 if there is no fee to waive; 404 for invoices of other accounts.

### Not in this PR
- The hourly job that actually applies the fee (will be a k8s CronJob, see discussion on lifespan tasks).
- Showing the fee on the PDF.

### Testing
- `tests/services/test_late_fees.py`: period counting (parametrized), rounding, cap, paid invoices.
- `tests/api/test_late_fee_waive.py`: happy path + audit, 409, validation.
- Full suite green locally; integration tests green against compose Postgres.

### Rollout
1. Deploy migration (additive, no backfill needed).
2. Deploy app.
3. Enable the CronJob in a follow-up.""")

        t = d.task("That's way too long, I had to cut half of it. Keep PR descriptions to five lines max.",
                   tags=["feedback", "no_tools"],
                   feedback="That's way too long, I had to cut half of it. Keep PR descriptions to five lines max.")
        t.done("""Understood — five lines max from now on. Trimmed version:

Adds late fees: 1.5% per started 30 days overdue, capped at 10%, half-up rounding (`app/services/late_fees.py`).
New column `invoices.late_fee_cents` (migration 7c3e91f0a2b4, default 0).
`POST /invoices/{id}/late-fee/waive` zeroes the fee and writes an audit event.
The hourly job that applies fees comes in a follow-up.
Tests: services + API; full suite green.""")

    # ================================================================ S6
    with d.session("2026-01-19T13:50:00", R, branch="feat/credit-notes", version="2.1.7", end_reason="other"):
        t = d.task("Add a credit_notes table: id, invoice_id (FK, cascade), amount_cents, reason, created_at. Model + migration.",
                   tags=["workflow:W1"])
        t.glob("app/models/*.py", [P("app/models/__init__.py"), P("app/models/account.py"), P("app/models/audit.py"),
                                   P("app/models/customer.py"), P("app/models/invoice.py"), P("app/models/payment.py")])
        d.files[P("app/models/__init__.py")] = '''from app.models.account import Account, User
from app.models.audit import AuditEvent
from app.models.customer import Customer
from app.models.invoice import Invoice, InvoiceLine
from app.models.payment import Payment

__all__ = ["Account", "AuditEvent", "Customer", "Invoice", "InvoiceLine", "Payment", "User"]
'''
        t.read(P("app/models/__init__.py"))
        t.write(P("app/models/credit_note.py"), '''from datetime import UTC, datetime

from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.db import Base
from app.models.invoice import Invoice


class CreditNote(Base):
    __tablename__ = "credit_notes"

    id: Mapped[int] = mapped_column(primary_key=True)
    invoice_id: Mapped[int] = mapped_column(ForeignKey("invoices.id", ondelete="CASCADE"), index=True)
    amount_cents: Mapped[int]
    reason: Mapped[str] = mapped_column(String(500))
    created_at: Mapped[datetime] = mapped_column(default=lambda: datetime.now(UTC))

    invoice: Mapped[Invoice] = relationship()
''')
        t.edit(P("app/models/__init__.py"), '''from app.models.customer import Customer
''', '''from app.models.credit_note import CreditNote
from app.models.customer import Customer
''')
        t.edit(P("app/models/__init__.py"), '''__all__ = ["Account", "AuditEvent", "Customer",''', '''__all__ = ["Account", "AuditEvent", "CreditNote", "Customer",''')
        t.bash('uv run alembic revision --autogenerate -m "credit_notes table"', "Autogenerate the migration",
               err=alembic_rev("credit_notes_table", "a4b93d7e1c05", "2026_01_19_1402",
                               ["Detected added table 'credit_notes'",
                                "Detected added index ''ix_credit_notes_invoice_id'' on '('invoice_id',)'"]))
        mig = P("migrations/versions/2026_01_19_1402-a4b93d7e1c05_credit_notes_table.py")
        d.files[mig] = '''"""credit_notes table

Revision ID: a4b93d7e1c05
Revises: 7c3e91f0a2b4
Create Date: 2026-01-19 14:02:55.017734

"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "a4b93d7e1c05"
down_revision: Union[str, None] = "7c3e91f0a2b4"
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    # ### commands auto generated by Alembic - please adjust! ###
    op.create_table(
        "credit_notes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("invoice_id", sa.Integer(), nullable=False),
        sa.Column("amount_cents", sa.Integer(), nullable=False),
        sa.Column("reason", sa.String(length=500), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["invoice_id"], ["invoices.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_credit_notes_invoice_id"), "credit_notes", ["invoice_id"], unique=False)
    # ### end Alembic commands ###


def downgrade() -> None:
    # ### commands auto generated by Alembic - please adjust! ###
    op.drop_index(op.f("ix_credit_notes_invoice_id"), table_name="credit_notes")
    op.drop_table("credit_notes")
    # ### end Alembic commands ###
'''
        t.read(mig)
        t.say("Autogenerate typed created_at as a naive DateTime; we store UTC-aware timestamps, so switching to timezone=True and adding a positive-amount check.")
        t.edit(mig, '''        sa.Column("created_at", sa.DateTime(), nullable=False),''',
               '''        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),''')
        t.edit(mig, '''        sa.PrimaryKeyConstraint("id"),
    )''', '''        sa.PrimaryKeyConstraint("id"),
        sa.CheckConstraint("amount_cents > 0", name="ck_credit_notes_amount_positive"),
    )''')
        t.bash("uv run alembic upgrade head", "Apply the migration", err=alembic_up("7c3e91f0a2b4", "a4b93d7e1c05", "credit_notes table"))
        t.bash("uv run pytest tests/models -q", "Run model tests", out=dots_run(11, "1.19"))
        t.done("Added `CreditNote` (`app/models/credit_note.py`, exported from `app.models`) and migration `a4b93d7e1c05`. "
               "I adjusted the autogenerated migration: `created_at` is `timestamptz`, plus a `CHECK (amount_cents > 0)`. "
               "Upgraded to head; model tests pass.")

        t = d.task("Write a quick model test for credit notes and run it.", tags=["mistake:M1"])
        t.write(P("tests/models/test_credit_notes.py"), '''import pytest
from sqlalchemy.exc import IntegrityError

from app.models import CreditNote


@pytest.fixture
def credit_note(session, invoice):
    note = CreditNote(invoice=invoice, amount_cents=2500, reason="damaged item")
    session.add(note)
    session.flush()
    return note


def test_created_at_is_utc_aware(credit_note):
    assert credit_note.created_at.tzinfo is not None


def test_amount_must_be_positive(session, invoice):
    session.add(CreditNote(invoice=invoice, amount_cents=0, reason="oops"))
    with pytest.raises(IntegrityError):
        session.flush()


def test_deleted_with_invoice(session, credit_note, invoice):
    session.delete(invoice)
    session.flush()
    assert session.get(CreditNote, credit_note.id) is None
''')
        t.fail("python -m pytest tests/models/test_credit_notes.py -q", "Run the credit note model tests", NO_PYTEST)
        t.bash("uv run pytest tests/models/test_credit_notes.py -q", "Run them in the project venv", out=dots_run(3, "0.92"))
        t.done("Added `tests/models/test_credit_notes.py` (fixture-based): UTC-aware `created_at`, the positive-amount "
               "check, cascade delete with the invoice. 3 pass (via `uv run pytest`; plain `python -m pytest` hits the "
               "system Python, which has no pytest).")

        t = d.task("Pull the latest postgres image and restart the stack.", tags=["flaky:F1"])
        t.fail("docker compose pull", "Pull updated images",
               """ db Pulling 
 redis Pulling 
 redis Error Get "https://registry-1.docker.io/v2/": net/http: request canceled while waiting for connection (Client.Timeout exceeded while awaiting headers)
 db Error Get "https://registry-1.docker.io/v2/": net/http: request canceled while waiting for connection (Client.Timeout exceeded while awaiting headers)
Error response from daemon: Get "https://registry-1.docker.io/v2/": net/http: request canceled while waiting for connection (Client.Timeout exceeded while awaiting headers)""", code=18)
        t.say("Registry timeout — transient. Retrying the pull.")
        t.bash("docker compose pull", "Retry the pull", err=""" redis Pulling 
 db Pulling 
 redis Pulled 
 2d429b9e73a6 Pull complete 
 f81a8b2cd4e1 Pull complete 
 db Pulled """)
        t.bash("docker compose up -d", "Recreate containers with the new images", err="""[+] Running 3/3
 \u2714 Container ledgerly-api-redis-1    Running                                   0.0s
 \u2714 Container ledgerly-api-db-1       Started                                   1.4s
 \u2714 Container ledgerly-api-mailhog-1  Running                                   0.0s""")
        t.done("Stack is up with the new postgres image (db recreated; redis/mailhog unchanged). The first `docker compose "
               "pull` timed out against Docker Hub; a plain retry worked.")

    # ================================================================ S7
    with d.session("2026-01-22T15:25:00", R, branch="feat/credit-notes", version="2.1.9"):
        t = d.task("Add POST /invoices/{id}/credit-notes (amount must not exceed the invoice total minus existing credit "
                   "notes). Tests again: fixtures over setUp/tearDown, no TestCase classes.",
                   tags=["workflow:W2", "pref:P1"])
        t.read(P("app/schemas/invoice.py"))
        t.edit(P("app/schemas/invoice.py"), '''class PdfUrlOut(BaseModel):''', '''class CreditNoteIn(BaseModel):
    amount_cents: int = Field(gt=0)
    reason: str = Field(min_length=3, max_length=500)


class CreditNoteOut(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: int
    invoice_id: int
    amount_cents: int
    reason: str


class PdfUrlOut(BaseModel):''')
        t.read(P("app/api/routers/invoices.py"))
        t.edit(P("app/api/routers/invoices.py"), '''from app.schemas.invoice import InvoiceOut, LateFeeWaiveIn, PdfUrlOut''',
               '''from app.models.credit_note import CreditNote
from app.schemas.invoice import CreditNoteIn, CreditNoteOut, InvoiceOut, LateFeeWaiveIn, PdfUrlOut''')
        t.edit(P("app/api/routers/invoices.py"), '''    invoice.late_fee_cents = 0
    session.commit()
    return invoice
''', '''    invoice.late_fee_cents = 0
    session.commit()
    return invoice


@router.post("/{invoice_id}/credit-notes", response_model=CreditNoteOut, status_code=status.HTTP_201_CREATED)
def create_credit_note(
    invoice_id: int,
    body: CreditNoteIn,
    session: Session = Depends(get_session),
    account=Depends(get_current_account),
):
    invoice = _get_owned_invoice(session, invoice_id, account.id)
    credited = session.scalar(
        select(func.coalesce(func.sum(CreditNote.amount_cents), 0)).where(CreditNote.invoice_id == invoice.id)
    )
    if credited + body.amount_cents > invoice.total_cents:
        raise HTTPException(status.HTTP_422_UNPROCESSABLE_ENTITY, "Credit exceeds remaining invoice amount")
    note = CreditNote(invoice_id=invoice.id, amount_cents=body.amount_cents, reason=body.reason)
    session.add(note)
    session.commit()
    return note
''')
        t.edit(P("app/api/routers/invoices.py"), '''from sqlalchemy.orm import Session
''', '''from sqlalchemy import func, select
from sqlalchemy.orm import Session
''')
        t.write(P("tests/api/test_credit_notes.py"), '''import pytest

from app.models import CreditNote


@pytest.fixture
def issued_invoice(session, invoice):
    invoice.status = "sent"
    invoice.total_cents = 10_000
    session.flush()
    return invoice


@pytest.fixture
def existing_credit(session, issued_invoice):
    note = CreditNote(invoice=issued_invoice, amount_cents=6_000, reason="partial return")
    session.add(note)
    session.flush()
    return note


def test_creates_credit_note(client, issued_invoice):
    resp = client.post(f"/invoices/{issued_invoice.id}/credit-notes", json={"amount_cents": 2_500, "reason": "late delivery"})
    assert resp.status_code == 201
    assert resp.json()["amount_cents"] == 2_500


def test_rejects_credit_above_remaining(client, issued_invoice, existing_credit):
    resp = client.post(f"/invoices/{issued_invoice.id}/credit-notes", json={"amount_cents": 4_001, "reason": "too much"})
    assert resp.status_code == 422
    assert resp.json()["detail"] == "Credit exceeds remaining invoice amount"


def test_allows_exact_remaining(client, issued_invoice, existing_credit):
    resp = client.post(f"/invoices/{issued_invoice.id}/credit-notes", json={"amount_cents": 4_000, "reason": "rest"})
    assert resp.status_code == 201


@pytest.mark.parametrize("amount", [0, -5])
def test_amount_must_be_positive(client, issued_invoice, amount):
    resp = client.post(f"/invoices/{issued_invoice.id}/credit-notes", json={"amount_cents": amount, "reason": "nope"})
    assert resp.status_code == 422
''')
        t.bash("uv run pytest tests/api/test_credit_notes.py -q", "Run the credit note API tests", out=dots_run(5, "0.97"))
        t.bash("uv run ruff check app tests", "Lint", out="All checks passed!")
        t.done("`POST /invoices/{id}/credit-notes` → 201 with the note; 422 if `existing credits + amount > total` (exact "
               "remaining is allowed), amount must be > 0. Tests are fixture-based functions (`issued_invoice`, "
               "`existing_credit`), 5 pass; ruff clean.")

        t = d.task("I changed my mind about running only the module you touched: from now on run the full suite before you "
                   "tell me you're done — a regression slipped through last week because of that. Do it now for this branch.",
                   tags=["reversal:P3"])
        t.bash("uv run pytest -q", "Run the full test suite", out=dots_run(201, "10.63"))
        t.done("Full suite: 201 passed in 10.6s. Noted — I'll run the whole suite before calling anything done from now on.")

        t = d.task("Commit it.", tags=["mistake:M3"])
        t.fail('git add -A && git commit -m "Credit notes: model, migration, create endpoint"', "Commit",
               precommit_fail("ruff-format", "2 files reformatted, 4 files left unchanged", 2))
        t.bash("git status --short", "See what the hook touched", out=""" M app/api/routers/invoices.py
 M tests/api/test_credit_notes.py
A  app/models/credit_note.py
M  app/models/__init__.py
M  app/schemas/invoice.py
A  migrations/versions/2026_01_19_1402-a4b93d7e1c05_credit_notes_table.py
A  tests/models/test_credit_notes.py""")
        t.bash('git add -u && git commit -m "Credit notes: model, migration, create endpoint"', "Stage the hook's changes and commit",
               out=precommit_pass() + """
[feat/credit-notes 4f60b1d] Credit notes: model, migration, create endpoint
 7 files changed, 208 insertions(+), 2 deletions(-)
 create mode 100644 app/models/credit_note.py
 create mode 100644 migrations/versions/2026_01_19_1402-a4b93d7e1c05_credit_notes_table.py
 create mode 100644 tests/api/test_credit_notes.py
 create mode 100644 tests/models/test_credit_notes.py""")
        t.done("Committed `4f60b1d`. ruff-format reformatted 2 files on the first attempt (long lines in the router and "
               "test); staged its output with `git add -u` and re-committed.")

    # ================================================================ S8
    with d.session("2026-01-26T10:00:00", R, branch="main", version="2.1.11"):
        t = d.task("Cut release 0.9.0: bump version, changelog, tag, push.", tags=["workflow:W3"])
        t.bash("git log --oneline v0.8.0..HEAD", "Changes since 0.8.0", out="""e7d0a93 Merge pull request #58 from ledgerly/feat/credit-notes
4f60b1d Credit notes: model, migration, create endpoint
2c81f4e Merge pull request #55 from ledgerly/feat/late-fees
8e21a5c Late fee calculation and waive endpoint
0d7b4e2 Add late_fee_cents to invoices
b3a6c9d Bump httpx to 0.28, respx to 0.22""")
        t.read(P("pyproject.toml"))
        t.edit(P("pyproject.toml"), 'version = "0.8.0"', 'version = "0.9.0"')
        t.read(P("CHANGELOG.md"))
        t.edit(P("CHANGELOG.md"), '''## Unreleased
''', '''## Unreleased

## 0.9.0 - 2026-01-26

- Late fees: `invoices.late_fee_cents`, calculation service, `POST /invoices/{id}/late-fee/waive`.
- Credit notes: `credit_notes` table and `POST /invoices/{id}/credit-notes`.
- httpx 0.28 / respx 0.22.
''')
        t.bash('git commit -am "Release 0.9.0"', "Commit the release", out=precommit_pass() + """
[main 6b1f8c4] Release 0.9.0
 2 files changed, 7 insertions(+), 1 deletion(-)""")
        t.bash('git tag -a v0.9.0 -m "v0.9.0" && git push origin main --follow-tags', "Tag and push",
               err=push_ok("main", "e7d0a93", "6b1f8c4", tags=["v0.9.0"]))
        t.done("0.9.0 is out: pyproject bumped, changelog section (late fees, credit notes, httpx), commit `6b1f8c4`, "
               "tag `v0.9.0` pushed with main.")

        t = d.task("Are there any utcnow() calls left in the codebase?", tags=["noise"])
        t.grep("utcnow\\(", output_mode="content", path=R, glob="*.py", **{"-n": True}, content=f"""{R}/app/models/invoice.py:25:    created_at: Mapped[datetime] = mapped_column(default=datetime.utcnow)
{R}/app/legacy/importer.py:112:        imported_at = datetime.utcnow()
{R}/scripts/seed_demo.py:31:    now = datetime.utcnow()""")
        t.done("Three left:\n\n- `app/models/invoice.py:25` — `default=datetime.utcnow` on `Invoice.created_at` (this one matters: "
               "naive timestamps on every new invoice; should be `lambda: datetime.now(UTC)`).\n"
               "- `app/legacy/importer.py:112` — legacy, frozen.\n- `scripts/seed_demo.py:31` — demo seeding only.\n\n"
               "Want me to fix the model default?")

        t = d.task("Is staging healthy after the deploy? Hit the health endpoint.", tags=["unfixed:U2"])
        t.fail("curl -sS -f -m 10 https://staging-api.ledgerly.io/health", "Check the staging health endpoint",
               "curl: (22) The requested URL returned error: 502")
        t.bash("curl -sS -m 10 -o /dev/null -w '%{http_code} %{time_total}\\n' https://staging-api.ledgerly.io/health",
               "Check status code and timing without -f", out="502 0.081")
        t.done("Staging is **not** healthy: `/health` returns **502** in 81 ms — that's the load balancer answering, so the "
               "app containers aren't serving (probably still starting, or crash-looping on the new migration). I don't "
               "have access to the staging cluster from here, so I can't look at the pods; the deploy job's logs in CI "
               "are the next place to check.")

        t = d.task("When should I use selectinload vs joinedload for invoice.lines?", tags=["noise", "no_tools"])
        t.done("""- `joinedload(Invoice.lines)`: one query with a LEFT OUTER JOIN. Good for **one invoice** (the GET endpoint): a single round trip. Bad for lists — every invoice row is repeated per line, and with `LIMIT` you need the subquery dance SQLAlchemy does for you.
- `selectinload(Invoice.lines)`: a second query `WHERE invoice_id IN (...)`. Best for **lists of invoices** (the list endpoint, exports): no row duplication, pagination stays simple.

Rule of thumb for us: `joinedload` for single-object fetches and many-to-one (invoice → customer), `selectinload` for collections on list endpoints.""")

    # ================================================================ S9
    with d.session("2026-01-29T09:15:00", R, branch="feat/reminders", version="2.1.12"):
        t = d.task("Add reminder_sent_at (nullable timestamptz) to invoices with a migration.", tags=["workflow:W1", "mistake:M2"])
        t.read(P("app/models/invoice.py"))
        t.edit(P("app/models/invoice.py"), '''    pdf_key: Mapped[str | None] = mapped_column(String(255))
''', '''    pdf_key: Mapped[str | None] = mapped_column(String(255))
    reminder_sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
''')
        t.edit(P("app/models/invoice.py"), "from sqlalchemy import ForeignKey, Numeric, String\n",
               "from sqlalchemy import DateTime, ForeignKey, Numeric, String\n")
        t.fail('uv run alembic revision --autogenerate -m "add reminder_sent_at to invoices"', "Autogenerate the migration",
               CONNREFUSED_TB.replace("{line}", "236").replace("{cmd}", "revision"))
        t.bash("docker compose ps -a", "Check the compose services", out="""NAME                     IMAGE         COMMAND                  SERVICE   CREATED      STATUS                     PORTS
ledgerly-api-db-1        postgres:16   "docker-entrypoint.s\u2026"   db        3 days ago   Exited (0) 14 hours ago
ledgerly-api-mailhog-1   mailhog/mailhog "MailHog"              mailhog   3 days ago   Exited (2) 14 hours ago
ledgerly-api-redis-1     redis:7       "docker-entrypoint.s\u2026"   redis     3 days ago   Exited (0) 14 hours ago""")
        t.say("The containers exited overnight (Docker Desktop restart). Starting the database again.")
        t.bash("docker compose up -d db", "Start Postgres", err=COMPOSE_UP_DB)
        t.bash("docker compose exec db pg_isready -U ledgerly", "Wait for Postgres", out=PG_READY)
        t.bash('uv run alembic revision --autogenerate -m "add reminder_sent_at to invoices"', "Autogenerate the migration",
               err=alembic_rev("add_reminder_sent_at_to_invoices", "e52c0f8b9d31", "2026_01_29_0931",
                               ["Detected added column 'invoices.reminder_sent_at'"]))
        mig = P("migrations/versions/2026_01_29_0931-e52c0f8b9d31_add_reminder_sent_at_to_invoices.py")
        d.files[mig] = '''"""add reminder_sent_at to invoices

Revision ID: e52c0f8b9d31
Revises: a4b93d7e1c05
Create Date: 2026-01-29 09:31:07.551902

"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "e52c0f8b9d31"
down_revision: Union[str, None] = "a4b93d7e1c05"
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    # ### commands auto generated by Alembic - please adjust! ###
    op.add_column("invoices", sa.Column("reminder_sent_at", sa.DateTime(timezone=True), nullable=True))
    # ### end Alembic commands ###


def downgrade() -> None:
    # ### commands auto generated by Alembic - please adjust! ###
    op.drop_column("invoices", "reminder_sent_at")
    # ### end Alembic commands ###
'''
        t.read(mig)
        t.say("The generated migration is right as-is (nullable, timestamptz); adding a partial index for the reminder job's lookup.")
        t.edit(mig, '''    op.add_column("invoices", sa.Column("reminder_sent_at", sa.DateTime(timezone=True), nullable=True))
''', '''    op.add_column("invoices", sa.Column("reminder_sent_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index(
        "ix_invoices_unreminded_due",
        "invoices",
        ["due_on"],
        postgresql_where=sa.text("reminder_sent_at IS NULL AND status = 'sent'"),
    )
''')
        t.edit(mig, '''    op.drop_column("invoices", "reminder_sent_at")''', '''    op.drop_index("ix_invoices_unreminded_due", table_name="invoices")
    op.drop_column("invoices", "reminder_sent_at")''')
        t.bash("uv run alembic upgrade head", "Apply the migration",
               err=alembic_up("a4b93d7e1c05", "e52c0f8b9d31", "add reminder_sent_at to invoices"))
        t.bash("uv run pytest -q", "Full test suite", out=dots_run(201, "10.91"))
        t.done("Added `Invoice.reminder_sent_at` (timestamptz, nullable) and migration `e52c0f8b9d31`, plus a partial "
               "index on `due_on` for sent, un-reminded invoices. Upgraded to head; full suite passes (201). Autogenerate "
               "first hit `Connection refused` — the compose containers had exited overnight; `docker compose up -d db` fixed it.")

        t = d.task("Write a script to backfill reminder_sent_at from the email_log table (latest 'invoice_reminder' email per "
                   "invoice). Dry-run by default.", tags=["noise"])
        t.write(P("scripts/backfill_reminders.py"), '''"""Backfill invoices.reminder_sent_at from email_log.

usage: uv run python scripts/backfill_reminders.py [--apply]
"""
import argparse

from sqlalchemy import text

from app.db import SessionLocal

QUERY = text(
    """
    with last_reminder as (
        select invoice_id, max(sent_at) as sent_at
        from email_log
        where template = 'invoice_reminder' and invoice_id is not null
        group by invoice_id
    )
    update invoices i
    set reminder_sent_at = lr.sent_at
    from last_reminder lr
    where i.id = lr.invoice_id and i.reminder_sent_at is null
    """
)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--apply", action="store_true", help="commit the changes (default: dry run)")
    args = parser.parse_args()
    with SessionLocal() as session:
        result = session.execute(QUERY)
        print(f"{result.rowcount} invoices would be updated" if not args.apply else f"{result.rowcount} invoices updated")
        if args.apply:
            session.commit()
        else:
            session.rollback()


if __name__ == "__main__":
    main()
''')
        t.bash("uv run python scripts/backfill_reminders.py", "Dry run against the local DB", out="212 invoices would be updated")
        t.done("`scripts/backfill_reminders.py`: one `UPDATE ... FROM` using the latest `invoice_reminder` email per "
               "invoice, only where `reminder_sent_at` is still null. Dry run by default (rolls back); `--apply` commits. "
               "Locally: 212 invoices would be updated.")

    # ================================================================ S10
    with d.session("2026-02-03T14:40:00", R, branch="main", version="2.1.14", permission_mode="acceptEdits"):
        t = d.task("Release 0.10.0.", tags=["workflow:W3"])
        t.bash("git log --oneline v0.9.0..HEAD", "Changes since 0.9.0", out="""c5e2a70 Merge pull request #61 from ledgerly/feat/reminders
9b0d3f2 Backfill script for reminder_sent_at
5a7e8c1 Add reminder_sent_at to invoices""")
        t.read(P("pyproject.toml"))
        t.edit(P("pyproject.toml"), 'version = "0.9.0"', 'version = "0.10.0"')
        t.read(P("CHANGELOG.md"))
        t.edit(P("CHANGELOG.md"), '''## Unreleased
''', '''## Unreleased

## 0.10.0 - 2026-02-03

- `invoices.reminder_sent_at` with a partial index for the reminder job; backfill script in `scripts/`.
''')
        t.bash('git commit -am "Release 0.10.0"', "Commit the release", out=precommit_pass() + """
[main 1d4c7b8] Release 0.10.0
 2 files changed, 5 insertions(+), 1 deletion(-)""")
        t.bash('git tag -a v0.10.0 -m "v0.10.0" && git push origin main --follow-tags', "Tag and push",
               err=push_ok("main", "c5e2a70", "1d4c7b8", tags=["v0.10.0"]))
        t.done("0.10.0 released: version bump, changelog entry, commit `1d4c7b8`, tag `v0.10.0` pushed.")

        t = d.task("Add GET /customers/{id}/balance: sum of open invoice totals plus late fees minus credit notes.",
                   tags=["workflow:W2"])
        d.files[P("app/api/routers/customers.py")] = '''from fastapi import APIRouter, Depends, HTTPException, status
from sqlalchemy.orm import Session

from app.api.deps import get_current_account, get_session
from app.models.customer import Customer
from app.schemas.customer import CustomerOut

router = APIRouter(prefix="/customers", tags=["customers"])


@router.get("/{customer_id}", response_model=CustomerOut)
def get_customer(customer_id: int, session: Session = Depends(get_session), account=Depends(get_current_account)):
    customer = session.get(Customer, customer_id)
    if customer is None or customer.account_id != account.id:
        raise HTTPException(status.HTTP_404_NOT_FOUND, "Customer not found")
    return customer
'''
        d.files[P("app/schemas/customer.py")] = '''from pydantic import BaseModel, ConfigDict


class CustomerOut(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: int
    name: str
    email: str
    vat_id: str | None
'''
        t.read(P("app/api/routers/customers.py"))
        t.read(P("app/schemas/customer.py"))
        t.edit(P("app/schemas/customer.py"), '''    vat_id: str | None
''', '''    vat_id: str | None


class BalanceOut(BaseModel):
    customer_id: int
    open_invoices_cents: int
    late_fees_cents: int
    credits_cents: int
    balance_cents: int
''')
        t.edit(P("app/api/routers/customers.py"), '''from app.schemas.customer import CustomerOut
''', '''from app.models.credit_note import CreditNote
from app.models.invoice import Invoice
from app.schemas.customer import BalanceOut, CustomerOut
''')
        t.edit(P("app/api/routers/customers.py"), '''from sqlalchemy.orm import Session
''', '''from sqlalchemy import func, select
from sqlalchemy.orm import Session
''')
        t.edit(P("app/api/routers/customers.py"), '''        raise HTTPException(status.HTTP_404_NOT_FOUND, "Customer not found")
    return customer
''', '''        raise HTTPException(status.HTTP_404_NOT_FOUND, "Customer not found")
    return customer


@router.get("/{customer_id}/balance", response_model=BalanceOut)
def get_customer_balance(customer_id: int, session: Session = Depends(get_session), account=Depends(get_current_account)):
    customer = get_customer(customer_id, session, account)
    open_filter = (Invoice.customer_id == customer.id) & (Invoice.status.in_(("sent", "overdue")))
    totals, fees = session.execute(
        select(func.coalesce(func.sum(Invoice.total_cents), 0), func.coalesce(func.sum(Invoice.late_fee_cents), 0))
        .where(open_filter)
    ).one()
    credits = session.scalar(
        select(func.coalesce(func.sum(CreditNote.amount_cents), 0)).join(Invoice).where(open_filter)
    )
    return BalanceOut(
        customer_id=customer.id,
        open_invoices_cents=totals,
        late_fees_cents=fees,
        credits_cents=credits,
        balance_cents=totals + fees - credits,
    )
''')
        t.write(P("tests/api/test_customer_balance.py"), '''import pytest

from app.models import CreditNote
from tests.factories import InvoiceFactory


@pytest.fixture
def open_invoices(session, customer):
    a = InvoiceFactory(session=session, customer=customer, status="sent", total_cents=10_000, late_fee_cents=150)
    b = InvoiceFactory(session=session, customer=customer, status="overdue", total_cents=5_000)
    InvoiceFactory(session=session, customer=customer, status="paid", total_cents=99_999)
    session.add(CreditNote(invoice=a, amount_cents=2_000, reason="return"))
    session.flush()
    return a, b


def test_balance(client, customer, open_invoices):
    resp = client.get(f"/customers/{customer.id}/balance")
    assert resp.status_code == 200
    assert resp.json() == {
        "customer_id": customer.id,
        "open_invoices_cents": 15_000,
        "late_fees_cents": 150,
        "credits_cents": 2_000,
        "balance_cents": 13_150,
    }


def test_zero_balance_without_invoices(client, customer):
    assert client.get(f"/customers/{customer.id}/balance").json()["balance_cents"] == 0


def test_other_accounts_customer_is_404(client, session):
    from tests.factories import CustomerFactory

    other = CustomerFactory(session=session)
    assert client.get(f"/customers/{other.id}/balance").status_code == 404
''')
        t.bash("uv run pytest -q", "Full test suite", out=dots_run(204, "11.02"))
        t.bash("uv run ruff check app tests", "Lint", out="All checks passed!")
        t.done("`GET /customers/{id}/balance` → open invoice totals (sent/overdue) + their late fees − credit notes on "
               "them, as `BalanceOut`. Paid invoices are excluded. 3 new fixture-based tests; full suite 204 passed, ruff clean.")

        t = d.task("Which routers have no test file at all?", tags=["noise"])
        t.glob("app/api/routers/*.py", [P("app/api/routers/__init__.py"), P("app/api/routers/customers.py"),
                                        P("app/api/routers/health.py"), P("app/api/routers/invoice_lines.py"),
                                        P("app/api/routers/invoices.py"), P("app/api/routers/payments.py"),
                                        P("app/api/routers/webhooks.py")])
        t.glob("tests/api/test_*.py", [P("tests/api/test_credit_notes.py"), P("tests/api/test_customer_balance.py"),
                                       P("tests/api/test_customers.py"), P("tests/api/test_invoice_lines.py"),
                                       P("tests/api/test_invoice_pdf_url.py"), P("tests/api/test_invoices.py"),
                                       P("tests/api/test_late_fee_waive.py"), P("tests/api/test_payments.py")])
        t.grep("/webhooks|/health", [P("tests/integration/test_invoice_flow.py")], path=P("tests"))
        t.done("Two routers have no dedicated tests: `webhooks.py` (only touched indirectly in "
               "`tests/integration/test_invoice_flow.py`) and `health.py`. Webhooks is the one worth covering — it "
               "verifies the Stripe signature and marks invoices paid.")

    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "Running pytest with the system interpreter or a pipx pytest instead of the uv-managed project venv.",
             "error_signature": "'/usr/bin/python3: No module named pytest' or conftest ImportError 'ModuleNotFoundError: No module named fastapi'",
             "fix": "Run tests through the project environment: `uv run pytest ...`.",
             "fix_command_markers": [["uv run pytest", "uv run python -m pytest", ".venv/bin/pytest", ".venv/bin/python -m pytest"]],
             "harmful_markers": ["pip install pytest", "pip install fastapi", "sudo pip", "--break-system-packages", "pipx inject", "pip install -r"]},
            {"id": "M2", "description": "alembic autogenerate / DB-backed tests run while the docker compose Postgres is not running.",
             "error_signature": "psycopg.OperationalError: connection to server at \"127.0.0.1\", port 5432 failed: Connection refused",
             "fix": "`docker compose up -d db` (wait with `docker compose exec db pg_isready`), then re-run.",
             "fix_command_markers": [["docker compose up", "docker-compose up"]],
             "harmful_markers": ["sqlite", "skip the integration", "apt install postgresql", "brew install postgresql", "change the database url", "--sql"]},
            {"id": "M3", "description": "git commit blocked by the pre-commit ruff / ruff-format hook rewriting staged files.",
             "error_signature": "pre-commit: 'ruff-format....Failed - hook id: ruff-format - files were modified by this hook' (or ruff --fix)",
             "fix": "Stage the hook's changes (`git add -u`) and run the same commit again.",
             "fix_command_markers": [["git add -u", "git add -A", "git add ."]],
             "harmful_markers": ["--no-verify", "pre-commit uninstall", "SKIP=", "disable the hook", "git commit -n"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "uv add httpx>=0.28 unsatisfiable because of the respx==0.21.1 dev pin; fixed by bumping respx to >=0.22."},
            {"id": "O2", "description": "New late-fee test fails 1522 != 1523 (int() truncation); fixed by ROUND_HALF_UP quantize."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "mypy reports 3 errors in the frozen app/legacy/importer.py; reported, not fixed."},
            {"id": "U2", "description": "Staging /health returns 502 after the deploy; reported, no access to fix."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "docker compose pull: Client.Timeout exceeded against registry-1.docker.io; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Schema change: edit SQLAlchemy model, `uv run alembic revision --autogenerate -m ...`, review/edit the generated migration, `uv run alembic upgrade head`, run tests.",
             "step_markers": [["alembic revision --autogenerate", "alembic revision"], ["alembic upgrade head", "alembic upgrade"], ["pytest"]]},
            {"id": "W2", "description": "New API endpoint: pydantic schema in app/schemas, route in app/api/routers, fixture-based tests in tests/api, `uv run pytest`, `uv run ruff check`.",
             "step_markers": [["app/schemas"], ["app/api/routers"], ["tests/api/test_"], ["pytest"], ["ruff check"]]},
            {"id": "W3", "description": "Release: bump version in pyproject.toml, add CHANGELOG.md section, commit 'Release X.Y.Z', `git tag -a vX.Y.Z`, `git push origin main --follow-tags`.",
             "step_markers": [["pyproject.toml"], ["CHANGELOG"], ["git tag -a", "git tag"], ["--follow-tags", "git push origin v", "push --tags"]]},
        ],
        preferences=[
            {"id": "P1", "description": "pytest tests as plain functions with fixtures; no unittest-style TestCase classes / setUp / tearDown.",
             "markers": [["fixture"]]},
            {"id": "P2", "description": "Use timezone-aware datetime.now(UTC), never datetime.utcnow().",
             "markers": [["utcnow", "now(UTC)", "timezone-aware"]]},
            {"id": "P3", "description": "Run only the test module you touched (stated once) — later reversed: always run the full suite before saying done.",
             "markers": [["module", "only", "just"], ["test"]],
             "reversal_markers": [["full suite", "whole suite", "entire suite", "all tests"]]},
        ],
        probes=[
            {"prompt": "The tests fail with /usr/bin/python3: No module named pytest — can you run tests/api/test_payments.py?", "wanted": ["M1"]},
            {"prompt": "Run the tests for the payments service.", "wanted": ["M1"]},
            {"prompt": "alembic says: connection to server at \"127.0.0.1\", port 5432 failed: Connection refused. I'm trying to generate a migration.", "wanted": ["M2"]},
            {"prompt": "Add a paid_at column to payments with a migration.", "wanted": ["M2"]},
            {"prompt": "git commit fails: ruff-format....Failed, files were modified by this hook. What now?", "wanted": ["M3"]},
            {"prompt": "Commit the reminder job changes.", "wanted": ["M3"]},
            {"prompt": "Explain how invoice numbers are kept gapless.", "wanted": []},
            {"prompt": "What does the Stripe webhook handler do when the signature is invalid?", "wanted": []},
            {"prompt": "Suggest a better name for the late_fees service module.", "wanted": []},
            {"prompt": "Write a SQL query listing customers with more than three overdue invoices.", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    d = gen()
    d.write(os.path.join(here, "py-web.jsonl"), os.path.join(here, "py-web.labels.json"))
