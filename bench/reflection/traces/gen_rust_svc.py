"""rust-svc: Lukas, backend developer on a Rust parcel-tracking service.

Stack: cargo workspace (axum API, tokio worker, clap CLI), sqlx 0.8 on Postgres with compile-time
checked queries and an offline query cache (.sqlx/), sqlx-cli migrations, clippy -D warnings,
cargo-nextest, cargo-deny, Docker images pushed to AWS ECR, deployed to ECS (staging).

Written after the four older tune/ streams, by another writer; kept aside for one held-out measurement
(../RESULTS.md), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "lukas"
R = "/home/lukas/code/parcel-track"
MODEL = "claude-opus-4-5-20251101"
ORIGIN = "https://github.com/kranich-logistics/parcel-track.git"
ACCT = "590184367215"
REG = f"{ACCT}.dkr.ecr.eu-central-1.amazonaws.com"
ECR_LOGIN = (f"aws ecr get-login-password --region eu-central-1 | docker login --username AWS "
             f"--password-stdin {REG}")

# hex strings for layer ids, digests, build ids: own RNG so the Dev RNG is untouched
HX = random.Random(5150)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


def s10(prefix, serial, cc="DE"):
    """A valid UPU S10 tracking number."""
    w = [8, 6, 4, 2, 3, 5, 9, 7]
    c = 11 - sum(int(a) * b for a, b in zip(serial, w)) % 11
    c = {10: 0, 11: 5}.get(c, c)
    return f"{prefix}{serial}{c}{cc}"


FILES = {
    P("Cargo.toml"): """[workspace]
resolver = "2"
members = [
    "crates/pt-core",
    "crates/pt-db",
    "crates/pt-api",
    "crates/pt-worker",
    "crates/ptctl",
]

[workspace.package]
version = "0.9.0"
edition = "2021"
rust-version = "1.84"
publish = false

[workspace.dependencies]
anyhow = "1.0.95"
axum = "0.7.9"
chrono = { version = "0.4.39", default-features = false, features = ["clock", "serde"] }
clap = { version = "4.5.26", features = ["derive", "env"] }
serde = { version = "1.0.217", features = ["derive"] }
serde_json = "1.0.135"
sqlx = { version = "0.8.3", features = ["runtime-tokio", "tls-rustls", "postgres", "macros", "migrate", "chrono", "uuid"] }
thiserror = "2.0.11"
tokio = { version = "1.42.0", features = ["macros", "rt-multi-thread", "signal", "time"] }
tower-http = { version = "0.6.1", features = ["trace", "timeout"] }
tracing = "0.1.41"
tracing-subscriber = { version = "0.3.19", features = ["env-filter", "json"] }
uuid = { version = "1.11.0", features = ["v4", "serde"] }
""",
    P("Makefile"): """.PHONY: fmt lint test sqlx-check

fmt:
\tcargo fmt --all

lint:
\tcargo fmt --all --check
\tSQLX_OFFLINE=true cargo clippy --workspace --all-targets -- -D warnings

test:
\tcargo nextest run --workspace

sqlx-check:
\tcargo sqlx prepare --workspace --check -- --all-targets
""",
    P("docker/worker.Dockerfile"): """FROM rust:1.84-bookworm AS builder
WORKDIR /app
COPY Cargo.toml Cargo.lock ./
COPY crates crates
COPY migrations migrations
COPY .sqlx .sqlx
ENV SQLX_OFFLINE=true
RUN --mount=type=cache,target=/usr/local/cargo/registry \\
    --mount=type=cache,target=/app/target \\
    cargo build --release --locked --bin pt-worker && cp target/release/pt-worker /pt-worker

FROM gcr.io/distroless/cc-debian12
COPY --from=builder /pt-worker /usr/local/bin/pt-worker
USER nonroot
ENTRYPOINT ["/usr/local/bin/pt-worker"]
""",
    P("docker-compose.yml"): """services:
  postgres:
    image: postgres:16-alpine
    environment:
      POSTGRES_USER: pt
      POSTGRES_PASSWORD: pt
      POSTGRES_DB: parcel_track
    ports:
      - "5433:5432"
    volumes:
      - pgdata:/var/lib/postgresql/data

  carrier-sim:
    image: 590184367215.dkr.ecr.eu-central-1.amazonaws.com/platform/carrier-sim:0.9.3
    environment:
      SIM_CARRIERS: dhl,dpd,nordpaket
      SIM_WEBHOOK_URL: http://host.docker.internal:8080/carrier-webhooks
    ports:
      - "8085:8080"

volumes:
  pgdata:
""",
    P("crates/pt-core/src/lib.rs"): """pub mod error;
pub mod eta;
pub mod manifest_csv;
pub mod s10;
pub mod shipment;

pub use error::CoreError;
pub use shipment::{Shipment, ShipmentStatus, TransitionError};
""",
    P("crates/pt-core/src/error.rs"): """use crate::shipment::TransitionError;

#[derive(Debug, thiserror::Error)]
pub enum CoreError {
    #[error("invalid manifest row: {0}")]
    Manifest(String),
    #[error(transparent)]
    Transition(#[from] TransitionError),
}
""",
    P("crates/pt-core/src/shipment.rs"): """//! Shipment lifecycle. Carriers send scans; each scan may move the shipment forward.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShipmentStatus {
    Created,
    PickedUp,
    InTransit,
    OutForDelivery,
    Delivered,
    Returned,
    OnHold,
}

impl ShipmentStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Created => "created",
            Self::PickedUp => "picked_up",
            Self::InTransit => "in_transit",
            Self::OutForDelivery => "out_for_delivery",
            Self::Delivered => "delivered",
            Self::Returned => "returned",
            Self::OnHold => "on_hold",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "created" => Self::Created,
            "picked_up" => Self::PickedUp,
            "in_transit" => Self::InTransit,
            "out_for_delivery" => Self::OutForDelivery,
            "delivered" => Self::Delivered,
            "returned" => Self::Returned,
            "on_hold" => Self::OnHold,
            _ => return None,
        })
    }

    pub fn is_final(self) -> bool {
        matches!(self, Self::Delivered | Self::Returned)
    }
}

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot move shipment from {from:?} to {to:?}")]
pub struct TransitionError {
    pub from: ShipmentStatus,
    pub to: ShipmentStatus,
}

#[derive(Debug, Clone, Serialize)]
pub struct Shipment {
    pub id: Uuid,
    pub tracking_number: String,
    pub merchant_id: String,
    pub carrier: String,
    pub status: ShipmentStatus,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Shipment {
    /// Apply a carrier scan. Final states never change; OnHold can resume to InTransit.
    pub fn apply(&mut self, to: ShipmentStatus, at: DateTime<Utc>) -> Result<(), TransitionError> {
        use ShipmentStatus::*;
        let ok = match (self.status, to) {
            (from, _) if from.is_final() => false,
            (Created, PickedUp) | (PickedUp, InTransit) | (InTransit, InTransit) => true,
            (InTransit, OutForDelivery) | (OutForDelivery, Delivered) => true,
            // failed delivery attempt: back to the depot
            (OutForDelivery, InTransit) => true,
            (_, OnHold) | (OnHold, InTransit) => true,
            (InTransit | OutForDelivery | OnHold, Returned) => true,
            _ => false,
        };
        if !ok {
            return Err(TransitionError { from: self.status, to });
        }
        self.status = to;
        self.updated_at = at;
        Ok(())
    }
}
""",
    P("crates/pt-core/src/s10.rs"): """//! UPU S10 tracking numbers, e.g. `RR123456785DE`:
//! two-letter service indicator, 8-digit serial, check digit, ISO country code.

const WEIGHTS: [u32; 8] = [8, 6, 4, 2, 3, 5, 9, 7];

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum S10Error {
    #[error("expected 13 characters, got {0}")]
    Length(usize),
    #[error("service indicator and country code must be uppercase letters")]
    Letters,
    #[error("serial number must be 8 digits followed by a check digit")]
    Digits,
    #[error("check digit is {found}, expected {expected}")]
    CheckDigit { expected: u32, found: u32 },
}

pub fn check_digit(serial: &[u32; 8]) -> u32 {
    let sum: u32 = serial.iter().zip(WEIGHTS).map(|(d, w)| d * w).sum();
    match 11 - sum % 11 {
        10 => 0,
        11 => 5,
        c => c,
    }
}

pub fn validate(s: &str) -> Result<(), S10Error> {
    let b = s.as_bytes();
    if b.len() != 13 {
        return Err(S10Error::Length(b.len()));
    }
    let letters = [b[0], b[1], b[11], b[12]];
    if !letters.iter().all(u8::is_ascii_uppercase) {
        return Err(S10Error::Letters);
    }
    let mut digits = [0u32; 9];
    for (i, c) in b[2..11].iter().enumerate() {
        if !c.is_ascii_digit() {
            return Err(S10Error::Digits);
        }
        digits[i] = u32::from(c - b'0');
    }
    let serial: [u32; 8] = digits[..8].try_into().expect("slice has 8 digits");
    let expected = check_digit(&serial);
    if digits[8] != expected {
        return Err(S10Error::CheckDigit { expected, found: digits[8] });
    }
    Ok(())
}
""",
    P("crates/pt-core/src/manifest_csv.rs"): """//! Carrier manifest rows -> parcel measurements. Weights are grams, dimensions millimetres.

use crate::error::CoreError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManifestRow {
    pub tracking_number: String,
    pub weight_g: u32,
    pub length_mm: u32,
    pub width_mm: u32,
    pub height_mm: u32,
}

/// DPD manifest: `tracking,weight_g,length_mm,width_mm,height_mm` (already integer units).
pub fn parse_dpd_row(line: &str) -> Result<ManifestRow, CoreError> {
    let cols: Vec<&str> = line.split(',').map(str::trim).collect();
    let [tracking, w, l, wd, h] = cols[..] else {
        return Err(CoreError::Manifest(format!("expected 5 columns, got {}", cols.len())));
    };
    let int = |s: &str, what: &str| {
        s.parse::<u32>()
            .map_err(|_| CoreError::Manifest(format!("bad {what}: {s:?}")))
    };
    Ok(ManifestRow {
        tracking_number: tracking.to_string(),
        weight_g: int(w, "weight")?,
        length_mm: int(l, "length")?,
        width_mm: int(wd, "width")?,
        height_mm: int(h, "height")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_dpd_row() {
        let row = parse_dpd_row("09445440123456, 1250, 400, 300, 150").unwrap();
        assert_eq!(row.weight_g, 1250);
        assert_eq!(row.height_mm, 150);
    }

    #[test]
    fn rejects_short_dpd_row() {
        assert!(parse_dpd_row("09445440123456,1250").is_err());
    }
}
""",
    P("crates/pt-db/src/lib.rs"): """pub mod merchants;
pub mod shipments;

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error(transparent)]
    Sqlx(#[from] sqlx::Error),
    #[error("unknown shipment status {0:?} in database")]
    BadStatus(String),
}

pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../../migrations");
""",
    P("crates/pt-db/src/shipments.rs"): """use chrono::{DateTime, Utc};
use pt_core::{Shipment, ShipmentStatus};
use sqlx::PgPool;
use uuid::Uuid;

use crate::DbError;

struct ShipmentRow {
    id: Uuid,
    tracking_number: String,
    merchant_id: String,
    carrier: String,
    status: String,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl TryFrom<ShipmentRow> for Shipment {
    type Error = DbError;

    fn try_from(r: ShipmentRow) -> Result<Self, DbError> {
        let status = ShipmentStatus::parse(&r.status).ok_or(DbError::BadStatus(r.status.clone()))?;
        Ok(Shipment {
            id: r.id,
            tracking_number: r.tracking_number,
            merchant_id: r.merchant_id,
            carrier: r.carrier,
            status,
            created_at: r.created_at,
            updated_at: r.updated_at,
        })
    }
}

pub async fn get(pool: &PgPool, id: Uuid) -> Result<Option<Shipment>, DbError> {
    let row = sqlx::query_as!(
        ShipmentRow,
        r#"select id, tracking_number, merchant_id, carrier, status, created_at, updated_at
           from shipments
           where id = $1"#,
        id
    )
    .fetch_optional(pool)
    .await?;
    row.map(Shipment::try_from).transpose()
}

pub async fn set_status(
    pool: &PgPool,
    id: Uuid,
    status: ShipmentStatus,
    at: DateTime<Utc>,
) -> Result<(), DbError> {
    sqlx::query!(
        "update shipments set status = $2, updated_at = $3 where id = $1",
        id,
        status.as_str(),
        at
    )
    .execute(pool)
    .await?;
    Ok(())
}

pub async fn set_eta(pool: &PgPool, id: Uuid, eta: DateTime<Utc>) -> Result<(), DbError> {
    sqlx::query!("update shipments set eta = $2 where id = $1", id, eta)
        .execute(pool)
        .await?;
    Ok(())
}
""",
    P("crates/pt-db/tests/shipments.rs"): """use chrono::Utc;
use pt_core::ShipmentStatus;
use pt_db::shipments;
use sqlx::PgPool;
use uuid::Uuid;

mod common;

#[sqlx::test(migrator = "pt_db::MIGRATOR")]
async fn get_returns_none_for_unknown_id(pool: PgPool) {
    let got = shipments::get(&pool, Uuid::new_v4()).await.unwrap();
    assert!(got.is_none());
}

#[sqlx::test(migrator = "pt_db::MIGRATOR")]
async fn set_status_updates_row(pool: PgPool) {
    let id = common::insert_shipment(&pool, "RR123456785DE", "in_transit").await;
    shipments::set_status(&pool, id, ShipmentStatus::OutForDelivery, Utc::now())
        .await
        .unwrap();
    let s = shipments::get(&pool, id).await.unwrap().unwrap();
    assert_eq!(s.status, ShipmentStatus::OutForDelivery);
}
""",
    P("crates/pt-api/src/routes/shipments.rs"): """use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use chrono::{DateTime, Utc};
use serde::Serialize;
use uuid::Uuid;

use crate::AppState;

#[derive(Serialize)]
pub struct ShipmentView {
    id: Uuid,
    tracking_number: String,
    carrier: String,
    status: &'static str,
    updated_at: DateTime<Utc>,
}

pub async fn get_shipment(
    State(st): State<AppState>,
    Path(id): Path<Uuid>,
) -> Result<Json<ShipmentView>, StatusCode> {
    let s = pt_db::shipments::get(&st.pool, id)
        .await
        .map_err(|_| StatusCode::INTERNAL_SERVER_ERROR)?
        .ok_or(StatusCode::NOT_FOUND)?;
    Ok(Json(ShipmentView {
        id: s.id,
        tracking_number: s.tracking_number,
        carrier: s.carrier,
        status: s.status.as_str(),
        updated_at: s.updated_at,
    }))
}
""",
    P("crates/pt-api/tests/shipments_api.rs"): """use axum::http::StatusCode;
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

mod common;

#[sqlx::test(migrator = "pt_db::MIGRATOR")]
async fn get_shipment_404_for_unknown_id(pool: PgPool) {
    let app = common::app(pool);
    let (status, _) = common::get(&app, &format!("/shipments/{}", Uuid::new_v4())).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[sqlx::test(migrator = "pt_db::MIGRATOR")]
async fn get_shipment_returns_status(pool: PgPool) {
    let id = common::insert_shipment(&pool, "RR123456785DE", "in_transit").await;
    let app = common::app(pool);
    let (status, body): (StatusCode, Value) = common::get(&app, &format!("/shipments/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["status"], "in_transit");
}
""",
    P("crates/pt-worker/Cargo.toml"): """[package]
name = "pt-worker"
version.workspace = true
edition.workspace = true
publish.workspace = true

[dependencies]
anyhow.workspace = true
chrono.workspace = true
pt-core = { path = "../pt-core" }
pt-db = { path = "../pt-db" }
serde.workspace = true
serde_json.workspace = true
sqlx.workspace = true
tokio.workspace = true
tracing.workspace = true
tracing-subscriber.workspace = true
uuid.workspace = true
""",
    P("crates/pt-worker/src/main.rs"): """use std::time::Duration;

use anyhow::Context;
use tracing_subscriber::EnvFilter;

mod jobs;
mod scheduler;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .json()
        .with_env_filter(EnvFilter::from_default_env())
        .init();

    let url = std::env::var("DATABASE_URL").unwrap();
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(8)
        .connect(&url)
        .await
        .context("connecting to postgres")?;

    let tick = std::env::var("ETA_TICK_SECS")
        .ok()
        .map(|s| s.parse::<u64>().unwrap())
        .unwrap_or(60);

    let sched = scheduler::Scheduler::new(pool, Duration::from_secs(tick));
    sched.run().await
}
""",
    P("crates/pt-worker/src/scheduler.rs"): """use std::sync::Mutex;
use std::time::Duration;

use chrono::{DateTime, Utc};
use sqlx::PgPool;
use tracing::warn;

use crate::jobs;

pub struct Scheduler {
    pool: PgPool,
    tick: Duration,
    last_run: Mutex<Option<DateTime<Utc>>>,
}

impl Scheduler {
    pub fn new(pool: PgPool, tick: Duration) -> Self {
        Self {
            pool,
            tick,
            last_run: Mutex::new(None),
        }
    }

    pub async fn run(&self) -> anyhow::Result<()> {
        let mut interval = tokio::time::interval(self.tick);
        loop {
            interval.tick().await;
            let now = Utc::now();
            *self.last_run.lock().expect("last_run mutex poisoned") = Some(now);
            if let Err(e) = jobs::eta::recompute(&self.pool, now).await {
                warn!(error = %e, "eta recompute failed");
            }
        }
    }
}
""",
    P("crates/pt-worker/src/jobs/eta.rs"): """use chrono::{DateTime, Utc};
use sqlx::PgPool;

/// Recompute the ETA of every shipment that is still moving.
pub async fn recompute(pool: &PgPool, now: DateTime<Utc>) -> Result<u64, pt_db::DbError> {
    let rows = sqlx::query!(
        r#"select s.id, s.carrier, max(e.scanned_at) as "last_scan!"
           from shipments s
           join scan_events e on e.shipment_id = s.id
           where s.status in ('picked_up', 'in_transit', 'out_for_delivery')
           group by s.id, s.carrier"#
    )
    .fetch_all(pool)
    .await?;

    let mut updated = 0;
    for r in rows {
        let eta = pt_core::eta::estimate(&r.carrier, r.last_scan, now);
        pt_db::shipments::set_eta(pool, r.id, eta).await?;
        updated += 1;
    }
    Ok(updated)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil;

    #[sqlx::test(migrator = "pt_db::MIGRATOR")]
    async fn recompute_skips_delivered(pool: PgPool) {
        let ids = testutil::shipments_with_scans(&pool, &["in_transit", "delivered"]).await;
        let n = recompute(&pool, Utc::now()).await.unwrap();
        assert_eq!(n, 1);
        assert!(testutil::eta_of(&pool, ids[1]).await.is_none());
    }
}
""",
}


# --------------------------------------------------------------------- outputs
CRATE_VER = "0.9.0"


def compiling(crates, secs, profile="dev"):
    lines = [f"   Compiling {c} v{CRATE_VER} ({R}/crates/{c})" for c in crates]
    prof = {"dev": "`dev` profile [unoptimized + debuginfo]", "test": "`test` profile [unoptimized + debuginfo]",
            "release": "`release` profile [optimized]"}[profile]
    lines.append(f"    Finished {prof} target(s) in {secs}")
    return "\n".join(lines)


def checking(crates, secs):
    lines = [f"    Checking {c} v{CRATE_VER} ({R}/crates/{c})" for c in crates]
    lines.append(f"    Finished `dev` profile [unoptimized + debuginfo] target(s) in {secs}")
    return "\n".join(lines)


def test_block(names, secs, fails=(), filtered=0):
    """libtest output for one test binary; names in run order."""
    out = [f"running {len(names)} test{'s' if len(names) != 1 else ''}"]
    for n in names:
        out.append(f"test {n} ... {'FAILED' if n in fails else 'ok'}")
    ok = len(names) - len(fails)
    out.append("")
    out.append(f"test result: {'ok' if not fails else 'FAILED'}. {ok} passed; {len(fails)} failed; 0 ignored; "
               f"0 measured; {filtered} filtered out; finished in {secs}s")
    return "\n".join(out)


def cargo_test(crate, bins, build_crates, build_secs, doc=True, filtered=0, doc_filtered=0):
    """bins: list of (label, names, secs); label "lib" or an integration-test file stem.
    Returns (stdout, stderr)."""
    err = [compiling(build_crates, build_secs, "test")]
    out = []
    mod = crate.replace("-", "_")
    for label, names, secs in bins:
        if label == "lib":
            err.append(f"     Running unittests src/lib.rs (target/debug/deps/{mod}-{hx(16)})")
        else:
            err.append(f"     Running tests/{label}.rs (target/debug/deps/{label}-{hx(16)})")
        out.append(test_block(names, secs, filtered=filtered if label == "lib" else 0))
        out.append("")
    if doc:
        err.append(f"   Doc-tests {mod}")
        out.append(test_block([], "0.00", filtered=doc_filtered))
        out.append("")
    return "\n".join(out), "\n".join(err)


def nextest(tests, total, build_secs, build_crates=(), skipped=0, nbin=None):
    """tests: list of (crate::path::name, secs). Returns stderr text of a passing run."""
    lines = []
    if build_crates:
        lines.append(compiling(list(build_crates), build_secs, "test"))
    else:
        lines.append(f"    Finished `test` profile [unoptimized + debuginfo] target(s) in {build_secs}")
    nbin = nbin or len({t.split(" ")[0] for t, _ in tests})
    sk = f" ({skipped} test{'s' if skipped != 1 else ''} skipped)" if skipped else ""
    lines.append("────────────")
    lines.append(f" Nextest run ID {HX.choice('0123456789abcdef')}{hx(7)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)} with nextest profile: default")
    lines.append(f"    Starting {len(tests)} tests across {nbin} binaries{sk}")
    for name, secs in tests:
        lines.append(f"        PASS [{secs:>8.3f}s] {name}")
    lines.append("────────────")
    lines.append(f"     Summary [{total:>8.3f}s] {len(tests)} tests run: {len(tests)} passed, {skipped} skipped")
    return "\n".join(lines)


# The workspace test suite as nextest names it: (name, secs, tag). tag None = present from the start;
# other tags are tests added during the month (passed to suite() once they exist).
SUITE = [
    ("pt-core eta::tests::dhl_next_day", 0.004, None), ("pt-core eta::tests::dpd_same_day_before_cutoff", 0.003, None),
    ("pt-core eta::tests::nordpaket_two_days", 0.003, None), ("pt-core eta::tests::weekend_rolls_to_monday", 0.004, None),
    ("pt-core manifest_csv::tests::nordpaket_rejects_dot_decimal", 0.002, "nordpaket"),
    ("pt-core manifest_csv::tests::nordpaket_rejects_sub_gram_weight", 0.002, "nordpaket"),
    ("pt-core manifest_csv::tests::parses_dpd_row", 0.002, None),
    ("pt-core manifest_csv::tests::parses_nordpaket_row_without_floats", 0.002, "nordpaket"),
    ("pt-core manifest_csv::tests::rejects_short_dpd_row", 0.002, None),
    ("pt-core s10::tests::accepts_upu_example", 0.002, "s10"),
    ("pt-core s10::tests::check_digit_eleven_becomes_five", 0.002, "s10"),
    ("pt-core s10::tests::check_digit_ten_becomes_zero", 0.002, "s10"),
    ("pt-core s10::tests::rejects_lowercase_letters", 0.002, "s10"),
    ("pt-core s10::tests::rejects_wrong_check_digit", 0.002, "s10"),
    ("pt-core s10::tests::rejects_wrong_length", 0.002, "s10"),
    ("pt-core shipment::tests::delivered_is_final", 0.003, None),
    ("pt-core shipment::tests::failed_attempt_goes_back_to_transit", 0.003, None),
    ("pt-core shipment::tests::on_hold_resumes", 0.002, None), ("pt-core shipment::tests::returned_is_final", 0.002, None),
    ("pt-core volumetric::tests::actual_weight_wins_for_dense_parcels", 0.002, "volumetric"),
    ("pt-core volumetric::tests::rounds_volumetric_up_to_the_gram", 0.002, "volumetric"),
    ("pt-core volumetric::tests::volumetric_wins_for_light_bulky_parcels", 0.002, "volumetric"),
    ("pt-db::attempts count_failed_ignores_delivered", 0.268, "attempts"),
    ("pt-db::attempts record_inserts_attempt", 0.255, "attempts"),
    ("pt-db::merchants webhook_url_none_when_unset", 0.244, None),
    ("pt-db::merchants webhook_url_returns_configured", 0.251, None),
    ("pt-db::shipments get_returns_none_for_unknown_id", 0.236, None),
    ("pt-db::shipments set_measurements_stores_grams_and_mm", 0.262, None),
    ("pt-db::shipments set_status_updates_row", 0.259, None),
    ("pt-api::health healthz_reports_revision", 0.188, None),
    ("pt-api::shipments_api get_shipment_404_for_unknown_id", 0.331, None),
    ("pt-api::shipments_api get_shipment_parcel_is_null_without_measurements", 0.356, None),
    ("pt-api::shipments_api get_shipment_returns_parcel", 0.349, None),
    ("pt-api::shipments_api get_shipment_returns_status", 0.344, None),
    ("pt-api::carrier_webhooks_api queues_valid_scan", 0.322, None),
    ("pt-api::carrier_webhooks_api rejects_unsigned_payload", 0.301, None),
    ("pt-api::carrier_webhooks_api returns_503_when_queue_full", 2.114, None),
    ("pt-worker::bin/pt-worker jobs::eta::tests::recompute_skips_delivered", 0.398, None),
    ("pt-worker::bin/pt-worker jobs::eta::tests::recompute_skips_paused_merchants", 0.412, "paused"),
    ("pt-worker::bin/pt-worker jobs::scans::tests::unknown_tracking_number_is_ignored", 0.281, None),
    ("pt-worker::carrier_webhooks carrier_webhook_dhl_delivered_updates_status", 1.231, None),
    ("pt-worker::carrier_webhooks carrier_webhook_dpd_out_for_delivery", 1.176, None),
    ("pt-worker::carrier_webhooks carrier_webhook_nordpaket_pickup", 1.296, None),
    ("pt-worker::carrier_webhooks carrier_webhook_rejects_bad_signature", 0.405, None),
    ("pt-worker::carrier_webhooks carrier_webhook_unknown_tracking_is_ignored", 0.981, None),
    ("pt-worker::scheduler_it scheduler_runs_eta_every_tick", 3.412, None),
    ("pt-worker::scheduler_it scheduler_survives_db_restart", 7.803, None),
    ("ptctl::bin/ptctl replay::tests::dry_run_writes_nothing", 0.371, None),
    ("ptctl::bin/ptctl replay::tests::rejects_unknown_carrier", 0.004, None),
    ("ptctl::export_cli export_writes_csv_header", 0.612, None),
    ("ptctl::seed_cli seed_is_idempotent", 4.987, None),
]


def suite(*tags):
    return [(n, sec) for n, sec, tag in SUITE if tag is None or tag in tags]


def line_of(d, path, needle, nth=1):
    """1-based line number of the nth line containing needle in the virtual file."""
    k = 0
    for i, l in enumerate(d.files[path].split("\n"), 1):
        if needle in l:
            k += 1
            if k == nth:
                return i
    raise AssertionError(f"{needle!r} not in {path}")


def sqlx_offline_err(d, rel, needle, nth=1, indent="        "):
    """The error sqlx's query macros print when SQLX_OFFLINE=true and .sqlx has no entry for the query."""
    path = P(rel)
    ln = line_of(d, path, needle, nth)
    src = d.files[path].split("\n")
    # macro invocation spans from the needle line to the closing paren line
    end = ln
    while not src[end - 1].strip().startswith(")"):
        end += 1
    w = len(str(end))
    col = src[ln - 1].index("sqlx::") + 1
    out = ["error: `SQLX_OFFLINE=true` but there is no cached data for this query, run `cargo sqlx prepare` "
           "to update the query cache or unset `SQLX_OFFLINE`",
           f"{' ' * w}--> {rel}:{ln}:{col}",
           f"{' ' * w} |"]
    body = list(range(ln, end + 1))
    if len(body) > 8:
        body = body[:4] + [None] + body[-2:]
    starts_line = src[ln - 1][:col - 1].strip() == ""
    for k, n in enumerate(body):
        if n is None:
            out.append("..." + " " * (w - 1) + "|")
            continue
        if k == 0:
            if starts_line:
                out.append(f"{n:>{w}} | / {src[n - 1]}")
            else:
                out.append(f"{n:>{w}} |   {src[n - 1]}")
                out.append(f"{' ' * w} |  {'_' * col}^")
        else:
            out.append(f"{n:>{w}} | | {src[n - 1]}")
    closing_col = len(src[end - 1]) - len(src[end - 1].lstrip())
    out.append(f"{' ' * w} | |{'_' * (closing_col + 1)}^")
    out.append(f"{' ' * w} |")
    macro = "sqlx::" + src[ln - 1].split("sqlx::", 1)[1].split("!", 1)[0]
    out.append(f"{' ' * w} = note: this error originates in the macro `$crate::sqlx_macros::expand_query` which comes "
               f"from the expansion of the macro `{macro}` (in Nightly builds, run with -Z macro-backtrace for more info)")
    return "\n".join(out)


CARGO_RUN_AMBIGUOUS = ("error: `cargo run` could not determine which binary to run. Use the `--bin` option to specify "
                       "a binary, or the `default-run` manifest key.\navailable binaries: pt-api, pt-worker, ptctl")


def ecr_login_ok():
    return ("WARNING! Your password will be stored unencrypted in /home/lukas/.docker/config.json.\n"
            "Configure a credential helper to remove this warning. See\n"
            "https://docs.docker.com/go/credential-store/\n\nLogin Succeeded")


def layers(n):
    return [hx(12) for _ in range(n)]


def push_expired(repo, ls):
    out = [f"The push refers to repository [{REG}/{repo}]"]
    out += [f"{l}: Preparing" for l in ls]
    out.append("denied: Your authorization token has expired. Reauthenticate and try again.")
    return "\n".join(out)


def push_ok(repo, ls, tags, new=2):
    out = [f"The push refers to repository [{REG}/{repo}]"]
    for i, l in enumerate(ls):
        out.append(f"{l}: {'Pushed' if i < new else 'Layer already exists'}")
    for t in tags:
        out.append(f"{t}: digest: sha256:{hx(64)} size: {1571 if repo.endswith('worker') else 1573}")
        if t != tags[-1]:
            out += [f"{l}: Layer already exists" for l in ls]
    return "\n".join(out)


def docker_build_ok(repo, dockerfile, bin_name, tags, rel_secs, cached_deps=True):
    """BuildKit plain progress of a successful build of one of our images."""
    img = f"{REG}/{repo}"
    n = 1
    out = []

    def step(text, body=(), dur=None, cached=False):
        nonlocal n
        out.append(f"#{n} {text}")
        for b in body:
            out.append(f"#{n} {b}")
        if cached:
            out.append(f"#{n} CACHED")
        else:
            out.append(f"#{n} DONE {dur or '0.0s'}")
        out.append("")
        n += 1

    step("[internal] load build definition from " + os.path.basename(dockerfile),
         ["transferring dockerfile: 612B done"], "0.0s")
    step("[internal] load metadata for gcr.io/distroless/cc-debian12:latest", [], "0.6s")
    step("[internal] load metadata for docker.io/library/rust:1.84-bookworm", [], "0.9s")
    step("[internal] load .dockerignore", ["transferring context: 74B done"], "0.0s")
    step("[builder 1/7] FROM docker.io/library/rust:1.84-bookworm@sha256:" + hx(64), [], cached=True)
    step("[stage-1 1/3] FROM gcr.io/distroless/cc-debian12:latest@sha256:" + hx(64), [], cached=True)
    step("[internal] load build context", [f"transferring context: {HX.randint(180, 420)}.{HX.randint(10, 99)}kB done"], "0.1s")
    step("[builder 2/7] WORKDIR /app", [], cached=True)
    step("[builder 3/7] COPY Cargo.toml Cargo.lock ./", [], cached=True)
    step("[builder 4/7] COPY crates crates", [], "0.1s")
    step("[builder 5/7] COPY migrations migrations", [], "0.0s")
    step("[builder 6/7] COPY .sqlx .sqlx", [], "0.0s")
    crates = ["pt-core", "pt-db", bin_name]
    body = [f"{k * 9 + HX.randint(1, 3)}.{HX.randint(100, 999)}    Compiling {c} v{CRATE_VER} (/app/crates/{c})"
            for k, c in enumerate(crates)]
    body.append(f"{rel_secs:.3f}     Finished `release` profile [optimized] target(s) in {rel_secs - 0.4:.2f}s")
    step(f"[builder 7/7] RUN --mount=type=cache,target=/usr/local/cargo/registry     --mount=type=cache,target=/app/target     "
         f"cargo build --release --locked --bin {bin_name} && cp target/release/{bin_name} /{bin_name}", body, f"{rel_secs + 0.3:.1f}s")
    step(f"[stage-1 2/3] COPY --from=builder /{bin_name} /usr/local/bin/{bin_name}", [], "0.1s")
    exp = ["exporting layers", "exporting layers 0.3s done", f"writing image sha256:{hx(64)} done"]
    exp += [f"naming to {img}:{t} done" for t in tags]
    step("exporting to image", exp, "0.4s")
    return "\n".join(out).rstrip("\n")


def docker_build_sqlx_fail(d, repo, dockerfile, bin_name, rel, needle):
    """Build that dies in `cargo build` because .sqlx has no entry for a query."""
    n_run = 13
    err = sqlx_offline_err(d, rel, needle)
    crate = rel.split("/")[1]
    body = [f"{HX.randint(1, 3)}.{HX.randint(100, 999)}    Compiling pt-core v{CRATE_VER} (/app/crates/pt-core)",
            f"{HX.randint(4, 6)}.{HX.randint(100, 999)}    Compiling pt-db v{CRATE_VER} (/app/crates/pt-db)"]
    if crate != "pt-db":
        body.append(f"{HX.randint(9, 12)}.{HX.randint(100, 999)}    Compiling {crate} v{CRATE_VER} (/app/crates/{crate})")
    t = 14.0 + HX.random() * 3
    body += [f"{t:.3f} " + l for l in err.split("\n")]
    body.append(f"{t:.3f} ")
    target = f'bin "{bin_name}"' if crate == bin_name else "lib"
    body.append(f"{t + 0.2:.3f} error: could not compile `{crate}` ({target}) due to 1 previous error")
    cmd = (f"/bin/sh -c cargo build --release --locked --bin {bin_name} && cp target/release/{bin_name} /{bin_name}")
    head = f"""#0 building with "default" instance using docker driver

#1 [internal] load build definition from {os.path.basename(dockerfile)}
#1 transferring dockerfile: 612B done
#1 DONE 0.0s

#2 [internal] load metadata for gcr.io/distroless/cc-debian12:latest
#2 DONE 0.5s

#3 [internal] load metadata for docker.io/library/rust:1.84-bookworm
#3 DONE 0.8s

#4 [internal] load .dockerignore
#4 transferring context: 74B done
#4 DONE 0.0s

#5 [builder 1/7] FROM docker.io/library/rust:1.84-bookworm@sha256:{hx(64)}
#5 CACHED

#6 [internal] load build context
#6 transferring context: {HX.randint(180, 420)}.{HX.randint(10, 99)}kB done
#6 DONE 0.1s

#7 [stage-1 1/3] FROM gcr.io/distroless/cc-debian12:latest@sha256:{hx(64)}
#7 CACHED

#8 [builder 2/7] WORKDIR /app
#8 CACHED

#9 [builder 3/7] COPY Cargo.toml Cargo.lock ./
#9 CACHED

#10 [builder 4/7] COPY crates crates
#10 DONE 0.1s

#11 [builder 5/7] COPY migrations migrations
#11 DONE 0.0s

#12 [builder 6/7] COPY .sqlx .sqlx
#12 DONE 0.0s

#{n_run} [builder 7/7] RUN --mount=type=cache,target=/usr/local/cargo/registry     --mount=type=cache,target=/app/target     cargo build --release --locked --bin {bin_name} && cp target/release/{bin_name} /{bin_name}
"""
    lines = [head.rstrip("\n")]
    lines += [f"#{n_run} {b}" for b in body]
    lines.append(f'#{n_run} ERROR: process "{cmd}" did not complete successfully: exit code: 101')
    lines.append("------")
    lines.append(f" > [builder 7/7] RUN --mount=type=cache,target=/usr/local/cargo/registry     --mount=type=cache,target=/app/target     cargo build --release --locked --bin {bin_name} && cp target/release/{bin_name} /{bin_name}:")
    tail = body[-8:]
    lines += [l for l in tail]
    lines.append("------")
    lines.append(f"{os.path.basename(dockerfile)}:8")
    lines.append("--------------------")
    df = d.files[P(dockerfile)].split("\n")
    for i in range(6, 11):
        mark = ">>>" if i in (8, 9, 10) else "   "
        lines.append(f"{i:>4} | {mark} {df[i - 1]}")
    lines.append("--------------------")
    lines.append(f'ERROR: failed to solve: process "{cmd}" did not complete successfully: exit code: 101')
    return "\n".join(lines)


def sqlx_prepare_ok(crates, secs):
    return checking(crates, secs) + "\nquery data written to .sqlx in the workspace root; please check this into version control"


def migrate_add(ts, name):
    return f"Creating migrations/{ts}_{name}.up.sql\nCreating migrations/{ts}_{name}.down.sql"


def migrate_applied(ts, name, verb, ms):
    return f"Applied {ts}/{verb} {name.replace('_', ' ')} ({ms})"


def git_push_new(branch):
    return f"""remote: 
remote: Create a pull request for '{branch}' on GitHub by visiting:        
remote:      https://github.com/kranich-logistics/parcel-track/pull/new/{branch}        
remote: 
To {ORIGIN}
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


# ======================================================================= stream
def gen():
    d = Dev("rust-svc", U, "en", MODEL, seed=6203, files=FILES)

    # ============================================================ S1
    with d.session("2026-02-09T09:10:00", R, branch="main", version="2.1.20"):
        t = d.task("I'm new to the scan-processing side. Walk me through how a carrier scan ends up changing a "
                   "shipment's status — which crates and functions are involved?", tags=["noise"])
        t.glob("crates/*/src/**/*.rs", [P(x) for x in [
            "crates/pt-api/src/main.rs", "crates/pt-api/src/routes/mod.rs", "crates/pt-api/src/routes/shipments.rs",
            "crates/pt-api/src/routes/carrier_webhooks.rs", "crates/pt-core/src/lib.rs", "crates/pt-core/src/error.rs",
            "crates/pt-core/src/eta.rs", "crates/pt-core/src/manifest_csv.rs", "crates/pt-core/src/s10.rs",
            "crates/pt-core/src/shipment.rs", "crates/pt-db/src/lib.rs", "crates/pt-db/src/merchants.rs",
            "crates/pt-db/src/shipments.rs", "crates/pt-worker/src/main.rs", "crates/pt-worker/src/scheduler.rs",
            "crates/pt-worker/src/jobs/mod.rs", "crates/pt-worker/src/jobs/eta.rs", "crates/pt-worker/src/jobs/scans.rs",
            "crates/ptctl/src/main.rs", "crates/ptctl/src/seed.rs", "crates/ptctl/src/replay.rs", "crates/ptctl/src/export.rs"]])
        t.read(P("crates/pt-core/src/shipment.rs"))
        t.grep("shipments::set_status", output_mode="content", path=P("crates"), n=True, content=f"""{R}/crates/pt-worker/src/jobs/scans.rs:38:    pt_db::shipments::set_status(pool, shipment.id, shipment.status, scan.scanned_at).await?;
{R}/crates/ptctl/src/replay.rs:71:            pt_db::shipments::set_status(&pool, s.id, s.status, scan.scanned_at).await?;""")
        t.grep("jobs::scans::apply_scan", output_mode="content", path=P("crates"), n=True, content=f"""{R}/crates/pt-api/src/routes/carrier_webhooks.rs:54:    st.scan_tx.send(scan).await.map_err(|_| StatusCode::SERVICE_UNAVAILABLE)?;
{R}/crates/pt-worker/src/jobs/mod.rs:29:            if let Err(e) = scans::apply_scan(&pool, &scan).await {{""")
        t.done("""The path of a scan, end to end:

1. **pt-api** — `routes/carrier_webhooks.rs`: carriers POST scans; the handler validates the payload and pushes a `CarrierScan` onto a channel (`scan_tx`), answering 503 if the queue is full.
2. **pt-worker** — `jobs/mod.rs` drains that queue and calls `jobs::scans::apply_scan` for each scan.
3. **pt-core** — `Shipment::apply(to, at)` in `shipment.rs` is the state machine: final states (`Delivered`, `Returned`) never change; the allowed moves are `Created → PickedUp → InTransit → OutForDelivery → Delivered`, `OutForDelivery → InTransit` (failed attempt), anything → `OnHold`, `OnHold → InTransit`, and `InTransit/OutForDelivery/OnHold → Returned`. Anything else is a `TransitionError`.
4. **pt-db** — `shipments::set_status` persists the new status and `updated_at`.

`ptctl replay-scans` (in `crates/ptctl/src/replay.rs`) goes through the same `apply` + `set_status` pair, which is why replays reject the same transitions live traffic does.""")

        t = d.task("Seed my local database with a few merchants and a couple hundred shipments so I can click "
                   "around the tracking page.", tags=["mistake:M3"])
        t.fail("cargo run -- seed --merchants 5 --shipments 200", "Seed the local database", CARGO_RUN_AMBIGUOUS, code=101)
        t.say("The workspace has three binaries, so cargo won't guess; seeding is a `ptctl` subcommand.")
        t.bash("cargo run --bin ptctl -- seed --merchants 5 --shipments 200", "Seed via the ptctl binary",
               out="""seeded 5 merchants (M-0001..M-0005), 200 shipments, 1184 scan events
database: postgres://pt:***@localhost:5433/parcel_track""",
               err=compiling(["pt-core", "pt-db", "ptctl"], "14.82s") +
               "\n     Running `target/debug/ptctl seed --merchants 5 --shipments 200`")
        t.done("Seeded the local DB: 5 merchants (`M-0001`–`M-0005`), 200 shipments and 1184 scan events. "
               "(Plain `cargo run` fails in this workspace — it has `pt-api`, `pt-worker` and `ptctl` — so it "
               "has to be `cargo run --bin ptctl -- seed …`.)")

        t = d.task("Why does axum reject my handler with `the trait bound ... Handler<_, _>` is not satisfied when "
                   "I lock a std Mutex inside it? I'm not even sharing anything across threads.",
                   tags=["noise", "no_tools"])
        t.done("""Because the handler's **future** has to be `Send`, and a `std::sync::MutexGuard` is `!Send`.

axum runs handlers on the multi-threaded tokio runtime, so the future an `async fn` handler returns may be moved between worker threads at any `.await`. If a `MutexGuard` is alive across an `.await`, it becomes part of the future's state, the future stops being `Send`, and the `Handler` impl no longer applies — hence the unhelpful trait-bound error. (`#[axum::debug_handler]` on the function gives a much clearer message.)

Fixes, in order of preference:
- **Drop the guard before awaiting**: do the locked work in its own block `{ let g = m.lock()…; … }` and await afterwards.
- Copy/clone what you need out of the lock, release it, then await.
- If you really must hold it across an await, use `tokio::sync::Mutex` (its guard is `Send`), at the cost of an async lock.""")

    # ============================================================ S2
    with d.session("2026-02-10T10:05:00", R, branch="feat/parcel-measurements", version="2.1.20"):
        t = d.task("We need parcel measurements on shipments. New migration adding weight and the three dimensions "
                   "to `shipments` — weight in integer grams and dimensions in integer millimetres, no floats for "
                   "measurements, ever. Nullable for now, old shipments don't have them. Check the down migration "
                   "works too, and add a `set_measurements` fn in pt-db with a test.",
                   tags=["workflow:W1", "pref:P1"])
        ts, name = "20260210101533", "add_parcel_measurements"
        up, down = P(f"migrations/{ts}_{name}.up.sql"), P(f"migrations/{ts}_{name}.down.sql")
        t.bash(f"sqlx migrate add -r {name}", "Create a reversible migration", out=migrate_add(ts, name))
        d.files[up] = "-- Add up migration script here\n"
        d.files[down] = "-- Add down migration script here\n"
        t.read(up)
        t.write(up, """alter table shipments
    add column weight_g integer check (weight_g > 0),
    add column length_mm integer check (length_mm > 0),
    add column width_mm integer check (width_mm > 0),
    add column height_mm integer check (height_mm > 0);
""")
        t.read(down)
        t.write(down, """alter table shipments
    drop column height_mm,
    drop column width_mm,
    drop column length_mm,
    drop column weight_g;
""")
        t.bash("sqlx migrate run", "Apply the migration to the local DB", out=migrate_applied(ts, name, "migrate", "11.204ms"))
        t.bash("sqlx migrate revert", "Check the down migration", out=migrate_applied(ts, name, "revert", "4.871ms"))
        t.bash("sqlx migrate run", "Re-apply it", out=migrate_applied(ts, name, "migrate", "9.336ms"))
        t.read(P("crates/pt-db/src/shipments.rs"))
        t.edit(P("crates/pt-db/src/shipments.rs"), """use crate::DbError;

struct ShipmentRow {""", """use crate::DbError;

/// Parcel measurements as stored: grams and millimetres, integers only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Measurements {
    pub weight_g: i32,
    pub length_mm: i32,
    pub width_mm: i32,
    pub height_mm: i32,
}

struct ShipmentRow {""")
        t.edit(P("crates/pt-db/src/shipments.rs"), """pub async fn set_eta(pool: &PgPool, id: Uuid, eta: DateTime<Utc>) -> Result<(), DbError> {
    sqlx::query!("update shipments set eta = $2 where id = $1", id, eta)
        .execute(pool)
        .await?;
    Ok(())
}
""", """pub async fn set_eta(pool: &PgPool, id: Uuid, eta: DateTime<Utc>) -> Result<(), DbError> {
    sqlx::query!("update shipments set eta = $2 where id = $1", id, eta)
        .execute(pool)
        .await?;
    Ok(())
}

pub async fn set_measurements(pool: &PgPool, id: Uuid, m: &Measurements) -> Result<(), DbError> {
    sqlx::query!(
        "update shipments
         set weight_g = $2, length_mm = $3, width_mm = $4, height_mm = $5
         where id = $1",
        id,
        m.weight_g,
        m.length_mm,
        m.width_mm,
        m.height_mm
    )
    .execute(pool)
    .await?;
    Ok(())
}
""")
        t.read(P("crates/pt-db/tests/shipments.rs"))
        t.edit(P("crates/pt-db/tests/shipments.rs"), """use pt_db::shipments;
use sqlx::PgPool;""", """use pt_db::shipments::{self, Measurements};
use sqlx::PgPool;""")
        t.edit(P("crates/pt-db/tests/shipments.rs"), """    let s = shipments::get(&pool, id).await.unwrap().unwrap();
    assert_eq!(s.status, ShipmentStatus::OutForDelivery);
}
""", """    let s = shipments::get(&pool, id).await.unwrap().unwrap();
    assert_eq!(s.status, ShipmentStatus::OutForDelivery);
}

#[sqlx::test(migrator = "pt_db::MIGRATOR")]
async fn set_measurements_stores_grams_and_mm(pool: PgPool) {
    let id = common::insert_shipment(&pool, "CP204817360DE", "created").await;
    let m = Measurements { weight_g: 1250, length_mm: 400, width_mm: 305, height_mm: 150 };
    shipments::set_measurements(&pool, id, &m).await.unwrap();
    let (w, h): (Option<i32>, Option<i32>) =
        sqlx::query_as("select weight_g, height_mm from shipments where id = $1")
            .bind(id)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!((w, h), (Some(1250), Some(150)));
}
""")
        out, err = cargo_test("pt-db", [("lib", [], "0.00"), ("shipments", [
            "get_returns_none_for_unknown_id", "set_measurements_stores_grams_and_mm", "set_status_updates_row"], "0.38")],
            ["pt-db"], "8.47s")
        t.bash("cargo test -p pt-db", "Run the pt-db tests", out=out, err=err)
        t.done(f"""- `migrations/{ts}_{name}.up.sql`: adds nullable `weight_g`, `length_mm`, `width_mm`, `height_mm` (`integer`, each `check (> 0)`).
- `.down.sql` drops them; `sqlx migrate run` → `revert` → `run` all clean on the local DB.
- `pt_db::shipments::Measurements` (all `i32`: grams / mm) and `set_measurements(pool, id, &m)`.
- Test `set_measurements_stores_grams_and_mm`; `cargo test -p pt-db`: 3 passed.""")

        t = d.task("Now expose them in GET /shipments/:id — a `parcel` object with weight_g, length_mm, width_mm, "
                   "height_mm, or null when we don't have measurements yet.", tags=["noise"])
        t.read(P("crates/pt-api/src/routes/shipments.rs"))
        t.edit(P("crates/pt-db/src/shipments.rs"), """pub async fn set_measurements(""", """pub async fn measurements(pool: &PgPool, id: Uuid) -> Result<Option<Measurements>, DbError> {
    let row = sqlx::query!(
        "select weight_g, length_mm, width_mm, height_mm from shipments where id = $1",
        id
    )
    .fetch_optional(pool)
    .await?;
    Ok(row.and_then(|r| {
        Some(Measurements {
            weight_g: r.weight_g?,
            length_mm: r.length_mm?,
            width_mm: r.width_mm?,
            height_mm: r.height_mm?,
        })
    }))
}

pub async fn set_measurements(""")
        t.edit(P("crates/pt-api/src/routes/shipments.rs"), """#[derive(Serialize)]
pub struct ShipmentView {
    id: Uuid,
    tracking_number: String,
    carrier: String,
    status: &'static str,
    updated_at: DateTime<Utc>,
}
""", """#[derive(Serialize)]
pub struct ShipmentView {
    id: Uuid,
    tracking_number: String,
    carrier: String,
    status: &'static str,
    updated_at: DateTime<Utc>,
    parcel: Option<ParcelView>,
}

#[derive(Serialize)]
pub struct ParcelView {
    weight_g: i32,
    length_mm: i32,
    width_mm: i32,
    height_mm: i32,
}
""")
        t.edit(P("crates/pt-api/src/routes/shipments.rs"), """        .ok_or(StatusCode::NOT_FOUND)?;
    Ok(Json(ShipmentView {
        id: s.id,
        tracking_number: s.tracking_number,
        carrier: s.carrier,
        status: s.status.as_str(),
        updated_at: s.updated_at,
    }))""", """        .ok_or(StatusCode::NOT_FOUND)?;
    let parcel = pt_db::shipments::measurements(&st.pool, id)
        .await
        .map_err(|_| StatusCode::INTERNAL_SERVER_ERROR)?
        .map(|m| ParcelView {
            weight_g: m.weight_g,
            length_mm: m.length_mm,
            width_mm: m.width_mm,
            height_mm: m.height_mm,
        });
    Ok(Json(ShipmentView {
        id: s.id,
        tracking_number: s.tracking_number,
        carrier: s.carrier,
        status: s.status.as_str(),
        updated_at: s.updated_at,
        parcel,
    }))""")
        t.read(P("crates/pt-api/tests/shipments_api.rs"))
        t.edit(P("crates/pt-api/tests/shipments_api.rs"), """    assert_eq!(body["status"], "in_transit");
}
""", """    assert_eq!(body["status"], "in_transit");
}

#[sqlx::test(migrator = "pt_db::MIGRATOR")]
async fn get_shipment_parcel_is_null_without_measurements(pool: PgPool) {
    let id = common::insert_shipment(&pool, "RR123456785DE", "created").await;
    let app = common::app(pool);
    let (_, body): (StatusCode, Value) = common::get(&app, &format!("/shipments/{id}")).await;
    assert!(body["parcel"].is_null());
}

#[sqlx::test(migrator = "pt_db::MIGRATOR")]
async fn get_shipment_returns_parcel(pool: PgPool) {
    let id = common::insert_shipment(&pool, "CP204817360DE", "created").await;
    let m = pt_db::shipments::Measurements { weight_g: 1250, length_mm: 400, width_mm: 305, height_mm: 150 };
    pt_db::shipments::set_measurements(&pool, id, &m).await.unwrap();
    let app = common::app(pool);
    let (_, body): (StatusCode, Value) = common::get(&app, &format!("/shipments/{id}")).await;
    assert_eq!(body["parcel"]["weight_g"], 1250);
    assert_eq!(body["parcel"]["width_mm"], 305);
}
""")
        out, err = cargo_test("pt-api", [("lib", [], "0.00"), ("shipments_api", [
            "get_shipment_404_for_unknown_id", "get_shipment_parcel_is_null_without_measurements",
            "get_shipment_returns_parcel", "get_shipment_returns_status"], "0.61")],
            ["pt-db", "pt-api"], "17.90s", doc=False)
        t.bash("cargo test -p pt-api", "Run the API tests", out=out, err=err)
        t.done("GET `/shipments/:id` now includes `parcel: {weight_g, length_mm, width_mm, height_mm}` or `null` "
               "when any measurement is missing (new `pt_db::shipments::measurements`). API tests: 4 passed, "
               "including two new ones for the null and filled cases.")

        t = d.task("Ship it: fmt, lint, tests, then push the branch and open a PR.", tags=["workflow:W3", "mistake:M1"])
        t.bash("cargo fmt --all", "Format the workspace")
        lint_fail = ("cargo fmt --all --check\nSQLX_OFFLINE=true cargo clippy --workspace --all-targets -- -D warnings\n"
                     + f"    Checking pt-core v{CRATE_VER} ({R}/crates/pt-core)\n    Checking pt-db v{CRATE_VER} ({R}/crates/pt-db)\n"
                     + sqlx_offline_err(d, "crates/pt-db/src/shipments.rs", "let row = sqlx::query!(") + "\n\n"
                     + sqlx_offline_err(d, "crates/pt-db/src/shipments.rs", "sqlx::query!(", nth=4) + "\n\n"
                     + "error: could not compile `pt-db` (lib) due to 2 previous errors\nmake: *** [Makefile:8: lint] Error 101")
        t.fail("make lint", "fmt check + clippy (offline sqlx)", lint_fail, code=2)
        t.say("`make lint` compiles with `SQLX_OFFLINE=true`, and `.sqlx/` has no cached metadata for the two "
              "queries added on this branch (`measurements`, `set_measurements`). Regenerating the query cache "
              "against the local DB.")
        q1, q2 = hx(64), hx(64)
        t.bash("cargo sqlx prepare --workspace -- --all-targets", "Regenerate the sqlx offline query cache",
               err=sqlx_prepare_ok(["pt-core", "pt-db", "pt-api", "pt-worker", "ptctl"], "12.06s"))
        t.bash("git status --short .sqlx", "See what changed in the cache", out=f"?? .sqlx/query-{q1}.json\n?? .sqlx/query-{q2}.json")
        t.bash("make lint", "Re-run lint", out="cargo fmt --all --check\nSQLX_OFFLINE=true cargo clippy --workspace --all-targets -- -D warnings",
               err=checking(["pt-core", "pt-db", "pt-api", "pt-worker", "ptctl"], "15.73s"))
        t.bash("cargo nextest run --workspace", "Run the whole test suite", err=nextest(suite(), 8.106, "21.38s", ["pt-core", "pt-db", "pt-api", "pt-worker", "ptctl"]), timeout=600000)
        t.bash(f"git add migrations crates .sqlx && git commit -m \"Add parcel measurements (grams/mm) to shipments\"",
               "Commit the branch", out=f"""[feat/parcel-measurements 3c9e1d2] Add parcel measurements (grams/mm) to shipments
 8 files changed, 131 insertions(+), 2 deletions(-)
 create mode 100644 .sqlx/query-{q1}.json
 create mode 100644 .sqlx/query-{q2}.json
 create mode 100644 migrations/{ts}_{name}.down.sql
 create mode 100644 migrations/{ts}_{name}.up.sql""")
        t.bash("git push -u origin feat/parcel-measurements", "Push the branch", err=git_push_new("feat/parcel-measurements"))
        t.bash('gh pr create --base main --title "Parcel measurements on shipments" --body "Adds weight_g/length_mm/width_mm/height_mm '
               '(nullable integers) to shipments, pt_db::shipments::{measurements,set_measurements}, and a parcel object on '
               'GET /shipments/:id. Migration is reversible (tested run/revert/run)."', "Open the PR",
               out="https://github.com/kranich-logistics/parcel-track/pull/57")
        t.done("PR: https://github.com/kranich-logistics/parcel-track/pull/57\n\n"
               "fmt ✓, lint ✓ (after regenerating the sqlx offline cache — `make lint` runs with `SQLX_OFFLINE=true` "
               "and the two new queries weren't in `.sqlx/`; `cargo sqlx prepare --workspace -- --all-targets` added "
               "them and they're committed), nextest 16/16 ✓.")

    # ============================================================ S3
    with d.session("2026-02-11T14:20:00", R, branch="feat/merchant-webhooks", version="2.1.21", end_reason="other"):
        t = d.task("Add a `notify` module to the worker that POSTs a `shipment.delivered` webhook to the merchant's "
                   "URL (there's already a lookup in pt-db). reqwest, 5s timeout. I'll wire it into the scan "
                   "handler myself.", tags=["oneoff:O1"])
        t.grep("pub async fn webhook_url", output_mode="content", path=P("crates/pt-db"), n=True,
               content=f"{R}/crates/pt-db/src/merchants.rs:18:pub async fn webhook_url(pool: &PgPool, merchant_id: &str) -> Result<Option<String>, DbError> {{")
        t.read(P("Cargo.toml"))
        t.edit(P("Cargo.toml"), """serde = { version = "1.0.217", features = ["derive"] }""",
               """reqwest = { version = "0.12.12", features = ["json"] }
serde = { version = "1.0.217", features = ["derive"] }""")
        t.read(P("crates/pt-worker/Cargo.toml"))
        t.edit(P("crates/pt-worker/Cargo.toml"), """pt-db = { path = "../pt-db" }
""", """pt-db = { path = "../pt-db" }
reqwest.workspace = true
""")
        t.write(P("crates/pt-worker/src/notify.rs"), """//! Merchant webhooks: tell the merchant when a shipment has been delivered.

use std::time::Duration;

use anyhow::Context;
use chrono::{DateTime, Utc};
use pt_core::Shipment;
use serde::Serialize;
use sqlx::PgPool;
use tracing::{info, warn};
use uuid::Uuid;

#[derive(Serialize)]
struct DeliveredEvent<'a> {
    event: &'static str,
    shipment_id: Uuid,
    tracking_number: &'a str,
    delivered_at: DateTime<Utc>,
}

pub struct Notifier {
    http: reqwest::Client,
}

impl Notifier {
    pub fn new() -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(5))
            .user_agent("parcel-track-webhooks/0.9")
            .build()
            .context("building webhook http client")?;
        Ok(Self { http })
    }

    pub async fn delivered(&self, pool: &PgPool, s: &Shipment) -> anyhow::Result<()> {
        let Some(url) = pt_db::merchants::webhook_url(pool, &s.merchant_id).await? else {
            return Ok(());
        };
        let body = DeliveredEvent {
            event: "shipment.delivered",
            shipment_id: s.id,
            tracking_number: &s.tracking_number,
            delivered_at: s.updated_at,
        };
        let resp = self
            .http
            .post(&url)
            .json(&body)
            .send()
            .await
            .with_context(|| format!("posting delivered webhook for {}", s.id))?;
        if resp.status().is_success() {
            info!(merchant = %s.merchant_id, shipment = %s.id, "delivered webhook sent");
        } else {
            warn!(merchant = %s.merchant_id, status = %resp.status(), "merchant rejected webhook");
        }
        Ok(())
    }
}
""")
        t.read(P("crates/pt-worker/src/main.rs"))
        t.edit(P("crates/pt-worker/src/main.rs"), "mod jobs;\nmod scheduler;", "mod jobs;\nmod notify;\nmod scheduler;")
        t.fail("cargo build -p pt-worker", "Build the worker", f"""    Updating crates.io index
     Locking 24 packages to latest compatible versions
      Adding foreign-types v0.3.2
      Adding foreign-types-shared v0.1.1
      Adding hyper-tls v0.6.0
      Adding native-tls v0.2.12
      Adding openssl v0.10.68
      Adding openssl-macros v0.1.1
      Adding openssl-probe v0.1.5
      Adding openssl-sys v0.9.104
      Adding reqwest v0.12.12
      Adding tokio-native-tls v0.3.1
  Downloaded openssl-sys v0.9.104
  Downloaded native-tls v0.2.12
  Downloaded reqwest v0.12.12
  Downloaded openssl v0.10.68
  Downloaded 4 crates (1.1 MB) in 0.62s
   Compiling openssl-sys v0.9.104
   Compiling native-tls v0.2.12
   Compiling foreign-types-shared v0.1.1
error: failed to run custom build command for `openssl-sys v0.9.104`

Caused by:
  process didn't exit successfully: `{R}/target/debug/build/openssl-sys-{hx(16)}/build-script-main` (exit status: 101)
  --- stdout
  cargo:rerun-if-env-changed=X86_64_UNKNOWN_LINUX_GNU_OPENSSL_LIB_DIR
  X86_64_UNKNOWN_LINUX_GNU_OPENSSL_LIB_DIR unset
  cargo:rerun-if-env-changed=OPENSSL_LIB_DIR
  OPENSSL_LIB_DIR unset
  cargo:rerun-if-env-changed=X86_64_UNKNOWN_LINUX_GNU_OPENSSL_INCLUDE_DIR
  X86_64_UNKNOWN_LINUX_GNU_OPENSSL_INCLUDE_DIR unset
  cargo:rerun-if-env-changed=OPENSSL_INCLUDE_DIR
  OPENSSL_INCLUDE_DIR unset
  cargo:rerun-if-env-changed=X86_64_UNKNOWN_LINUX_GNU_OPENSSL_DIR
  X86_64_UNKNOWN_LINUX_GNU_OPENSSL_DIR unset
  cargo:rerun-if-env-changed=OPENSSL_DIR
  OPENSSL_DIR unset
  cargo:rerun-if-env-changed=OPENSSL_NO_PKG_CONFIG
  cargo:rerun-if-env-changed=PKG_CONFIG_x86_64-unknown-linux-gnu
  cargo:rerun-if-env-changed=PKG_CONFIG_x86_64_unknown_linux_gnu
  cargo:rerun-if-env-changed=HOST_PKG_CONFIG
  cargo:rerun-if-env-changed=PKG_CONFIG
  cargo:rerun-if-env-changed=OPENSSL_STATIC
  cargo:rerun-if-env-changed=OPENSSL_DYNAMIC
  cargo:rerun-if-env-changed=PKG_CONFIG_ALL_STATIC
  cargo:rerun-if-env-changed=PKG_CONFIG_ALL_DYNAMIC
  cargo:rerun-if-env-changed=PKG_CONFIG_PATH_x86_64-unknown-linux-gnu
  cargo:rerun-if-env-changed=PKG_CONFIG_PATH_x86_64_unknown_linux_gnu
  cargo:rerun-if-env-changed=HOST_PKG_CONFIG_PATH
  cargo:rerun-if-env-changed=PKG_CONFIG_PATH
  cargo:rerun-if-env-changed=PKG_CONFIG_LIBDIR_x86_64-unknown-linux-gnu
  cargo:rerun-if-env-changed=PKG_CONFIG_LIBDIR_x86_64_unknown_linux_gnu
  cargo:rerun-if-env-changed=HOST_PKG_CONFIG_LIBDIR
  cargo:rerun-if-env-changed=PKG_CONFIG_LIBDIR
  cargo:rerun-if-env-changed=PKG_CONFIG_SYSROOT_DIR_x86_64-unknown-linux-gnu
  cargo:rerun-if-env-changed=PKG_CONFIG_SYSROOT_DIR_x86_64_unknown_linux_gnu
  cargo:rerun-if-env-changed=HOST_PKG_CONFIG_SYSROOT_DIR
  cargo:rerun-if-env-changed=PKG_CONFIG_SYSROOT_DIR
  run pkg_config fail: 
  pkg-config exited with status code 1
  > PKG_CONFIG_ALLOW_SYSTEM_CFLAGS=1 pkg-config --libs --cflags openssl

  The system library `openssl` required by crate `openssl-sys` was not found.
  The file `openssl.pc` needs to be installed and the PKG_CONFIG_PATH environment variable must contain its parent directory.
  The PKG_CONFIG_PATH environment variable is not set.

  HINT: if you have installed the library, try setting PKG_CONFIG_PATH to the directory containing `openssl.pc`.


  --- stderr
  thread 'main' panicked at /home/lukas/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/openssl-sys-0.9.104/build/find_normal.rs:190:5:


  Could not find directory of OpenSSL installation, and this `-sys` crate cannot
  proceed without this knowledge. If OpenSSL is installed and this crate had
  trouble finding it,  you can set the `OPENSSL_DIR` environment variable for the
  compilation process.

  Make sure you also have the development packages of openssl installed.
  For example, `libssl-dev` on Ubuntu or `openssl-devel` on Fedora.

  If you're in a situation where you think the directory *should* be found
  automatically, please open a bug at https://github.com/sfackler/rust-openssl
  and include information about your system as well as this message.

  $HOST = x86_64-unknown-linux-gnu
  $TARGET = x86_64-unknown-linux-gnu
  openssl-sys = 0.9.104


  note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace
warning: build failed, waiting for other jobs to finish...""", code=101)
        t.say("reqwest's default features use native-tls → openssl-sys, and there are no OpenSSL headers here. "
              "Everything else in the workspace is on rustls (sqlx has `tls-rustls`, and the runtime image is "
              "distroless), so I'll switch reqwest to rustls rather than add a system OpenSSL dependency.")
        t.edit(P("Cargo.toml"), """reqwest = { version = "0.12.12", features = ["json"] }""",
               """reqwest = { version = "0.12.12", default-features = false, features = ["json", "rustls-tls"] }""")
        t.bash("cargo build -p pt-worker", "Build the worker again", err=f"""     Locking 0 packages to latest compatible versions
      Removing foreign-types v0.3.2
      Removing foreign-types-shared v0.1.1
      Removing hyper-tls v0.6.0
      Removing native-tls v0.2.12
      Removing openssl v0.10.68
      Removing openssl-macros v0.1.1
      Removing openssl-probe v0.1.5
      Removing openssl-sys v0.9.104
      Removing tokio-native-tls v0.3.1
      Adding webpki-roots v0.26.7
   Compiling webpki-roots v0.26.7
   Compiling hyper-rustls v0.27.5
   Compiling reqwest v0.12.12
   Compiling pt-worker v{CRATE_VER} ({R}/crates/pt-worker)
warning: struct `Notifier` is never constructed
  --> crates/pt-worker/src/notify.rs:21:12
   |
21 | pub struct Notifier {{
   |            ^^^^^^^^
   |
   = note: `#[warn(dead_code)]` on by default

warning: associated items `new` and `delivered` are never used
  --> crates/pt-worker/src/notify.rs:26:12
   |
25 | impl Notifier {{
   | ------------- associated items in this implementation
26 |     pub fn new() -> anyhow::Result<Self> {{
   |            ^^^
...
35 |     pub async fn delivered(&self, pool: &PgPool, s: &Shipment) -> anyhow::Result<()> {{
   |                  ^^^^^^^^^

warning: `pt-worker` (bin "pt-worker") generated 2 warnings
    Finished `dev` profile [unoptimized + debuginfo] target(s) in 24.18s""")
        t.done("""Added `crates/pt-worker/src/notify.rs`:
- `Notifier::new()` builds a reqwest client with a 5 s timeout.
- `Notifier::delivered(&pool, &shipment)` looks up `pt_db::merchants::webhook_url`, does nothing if the merchant has none, and otherwise POSTs `{event: "shipment.delivered", shipment_id, tracking_number, delivered_at}`. Non-2xx responses are logged as warnings.

The first build failed in `openssl-sys` (reqwest's default native-tls backend, no OpenSSL dev files on this machine). I set reqwest to `default-features = false, features = ["json", "rustls-tls"]` in the workspace `Cargo.toml`, matching the rest of the stack; it builds now. The two dead-code warnings go away once you call it from the scan handler.""")

        t = d.task("One thing: no `.unwrap()` in non-test code — use `?` with context, or at least `.expect()` "
                   "saying why it can't fail. Go over the worker's main.rs and the notify module you just wrote.",
                   tags=["pref:P2"])
        t.grep("\\.unwrap\\(\\)", output_mode="content", path=P("crates/pt-worker/src"), n=True,
               content=f"""{R}/crates/pt-worker/src/main.rs:17:    let url = std::env::var("DATABASE_URL").unwrap();
{R}/crates/pt-worker/src/main.rs:26:        .map(|s| s.parse::<u64>().unwrap())""")
        t.edit(P("crates/pt-worker/src/main.rs"), """    let url = std::env::var("DATABASE_URL").unwrap();""",
               """    let url = std::env::var("DATABASE_URL").context("DATABASE_URL is not set")?;""")
        t.edit(P("crates/pt-worker/src/main.rs"), """    let tick = std::env::var("ETA_TICK_SECS")
        .ok()
        .map(|s| s.parse::<u64>().unwrap())
        .unwrap_or(60);""", """    let tick = match std::env::var("ETA_TICK_SECS") {
        Ok(s) => s
            .parse::<u64>()
            .context("ETA_TICK_SECS must be a whole number of seconds")?,
        Err(_) => 60,
    };""")
        t.bash("cargo build -p pt-worker", "Rebuild the worker", err=f"""   Compiling pt-worker v{CRATE_VER} ({R}/crates/pt-worker)
warning: struct `Notifier` is never constructed
  --> crates/pt-worker/src/notify.rs:21:12
   |
21 | pub struct Notifier {{
   |            ^^^^^^^^
   |
   = note: `#[warn(dead_code)]` on by default

warning: associated items `new` and `delivered` are never used
  --> crates/pt-worker/src/notify.rs:26:12
   |
25 | impl Notifier {{
   | ------------- associated items in this implementation
26 |     pub fn new() -> anyhow::Result<Self> {{
   |            ^^^
...
35 |     pub async fn delivered(&self, pool: &PgPool, s: &Shipment) -> anyhow::Result<()> {{
   |                  ^^^^^^^^^

warning: `pt-worker` (bin "pt-worker") generated 2 warnings
    Finished `dev` profile [unoptimized + debuginfo] target(s) in 3.41s""")
        t.done("""Two `unwrap()`s, both in `main.rs`, both replaced:
- `DATABASE_URL` → `.context("DATABASE_URL is not set")?`
- `ETA_TICK_SECS` → a bad value is now an error (`"ETA_TICK_SECS must be a whole number of seconds"`) instead of a panic; unset still defaults to 60.

`notify.rs` had none (it uses `?`/`with_context`). Builds; only the expected dead-code warnings for `Notifier`.""")

        t = d.task("`select count(*) from scan_events where shipment_id = $1` in query_scalar! comes back as "
                   "Option<i64>. How do I tell sqlx it's never null? Look it up in the sqlx docs, don't guess.",
                   tags=["noise", "webfetch"])
        t.webfetch("https://docs.rs/sqlx/latest/sqlx/macro.query.html",
                   "How do I override the nullability of an output column (for example count(*)) in query!/query_scalar!?",
                   """The page's section "Overrides: Nullability" covers this.

**Output columns.** SQLx infers nullability from the database; for expressions (like `count(*)`, or columns coming from the nullable side of a join) Postgres gives no nullability information, so SQLx assumes they may be NULL and produces `Option<T>`. You can override this per column by adding a suffix to the column alias inside double quotes:

- `"name!"` — force not-null: `SELECT count(*) as "count!" FROM ...` yields `i64`, not `Option<i64>`.
- `"name?"` — force nullable (`Option<T>`).
- `"name: T"` — override the Rust type; this can be combined, e.g. `"name!: T"`.

The docs note that forcing not-null on a column that does turn out to be NULL at runtime causes a decode error, so only use `!` where the SQL guarantees a value (as `count(*)` does). The same aliases work with `query_as!` and `query_scalar!`.

**Input parameters** can be type-overridden with a cast, `$1::text`, but not nullability-overridden.""")
        t.done("""Alias the column with a `!` suffix (inside the double-quoted alias):

```rust
let n: i64 = sqlx::query_scalar!(
    r#"select count(*) as "count!" from scan_events where shipment_id = $1"#,
    id
)
.fetch_one(pool)
.await?;
```

Postgres doesn't report nullability for expressions, so sqlx assumes `Option<i64>`; `"count!"` forces `i64`. It's safe here because `count(*)` always returns a row and never NULL. (`"col?"` does the opposite, and `"col!: Type"` also overrides the type.) Use a raw string `r#"…"#` so the quotes don't need escaping.""")

    # ============================================================ S4
    with d.session("2026-02-12T09:40:00", R, branch="main", version="2.1.22"):
        t = d.task("#57 is merged. Deploy main's API to staging: build the image, push it to ECR, roll the pt-api "
                   "service and wait until it's stable.", tags=["workflow:W2", "mistake:M2"])
        stat = [(".sqlx/query-" + q1 + ".json", 23, "+" * 11), (".sqlx/query-" + q2 + ".json", 41, "+" * 19),
                ("crates/pt-api/src/routes/shipments.rs", 22, "+" * 10), ("crates/pt-api/tests/shipments_api.rs", 38, "+" * 18),
                ("crates/pt-db/src/shipments.rs", 49, "+" * 22), ("crates/pt-db/tests/shipments.rs", 16, "+" * 6 + "-"),
                ("migrations/20260210101533_add_parcel_measurements.down.sql", 5, "+++"),
                ("migrations/20260210101533_add_parcel_measurements.up.sql", 5, "+++")]
        width = 50
        rows = []
        for fname, n, bar in stat:
            shown = fname if len(fname) <= width else "..." + fname[-(width - 3):]
            rows.append(f" {shown:<{width}} | {n:>2} {bar}")
        t.bash("git pull --ff-only", "Update main", out="Updating 91b2c4e..4e1a9c2\nFast-forward\n" + "\n".join(rows)
               + "\n 8 files changed, 197 insertions(+), 2 deletions(-)\n"
               + " create mode 100644 .sqlx/query-" + q1 + ".json\n create mode 100644 .sqlx/query-" + q2 + ".json\n"
               + " create mode 100644 migrations/20260210101533_add_parcel_measurements.down.sql\n"
               + " create mode 100644 migrations/20260210101533_add_parcel_measurements.up.sql")
        api = "parcel-track/api"
        t.bash(f"docker build -f docker/api.Dockerfile --label org.opencontainers.image.revision=$(git rev-parse --short HEAD) "
               f"-t {REG}/{api}:staging -t {REG}/{api}:staging-$(git rev-parse --short HEAD) .",
               "Build the API image", err=docker_build_ok(api, "docker/api.Dockerfile", "pt-api",
                                                          ["staging", "staging-4e1a9c2"], 71.4), timeout=600000)
        ls = layers(5)
        t.fail(f"docker push --all-tags {REG}/{api}", "Push the API image to ECR", push_expired(api, ls))
        t.say("ECR login tokens only last 12 hours and the one stored in ~/.docker/config.json has expired. "
              "Getting a fresh one.")
        t.bash(ECR_LOGIN, "Log docker in to ECR", out="Login Succeeded",
               err="WARNING! Your password will be stored unencrypted in /home/lukas/.docker/config.json.\n"
                   "Configure a credential helper to remove this warning. See\nhttps://docs.docker.com/go/credential-store/")
        t.bash(f"docker push --all-tags {REG}/{api}", "Push the API image to ECR", out=push_ok(api, ls, ["staging", "staging-4e1a9c2"]))
        t.bash("aws ecs update-service --cluster pt-staging --service pt-api --force-new-deployment "
               "--query 'service.deployments[0].[id,status,rolloutState]' --output text",
               "Roll the staging API service", out="ecs-svc/4398127650912834561\tPRIMARY\tIN_PROGRESS")
        t.bash("aws ecs wait services-stable --cluster pt-staging --services pt-api", "Wait for the rollout to finish",
               timeout=600000)
        t.bash("curl -s https://api.staging.parcel-track.internal/healthz", "Check the staging health endpoint",
               out='{"status":"ok","version":"0.9.0","revision":"4e1a9c2"}')
        t.done("Staging API is on `4e1a9c2` (main with #57): image pushed as `staging` and `staging-4e1a9c2`, "
               "pt-api rolled and stable, `/healthz` reports the new revision. The first push was denied "
               "(`Your authorization token has expired`) — ECR tokens last 12 h; `aws ecr get-login-password | "
               "docker login` fixed it.")

        t = d.task("Replay yesterday's DHL scans against my local DB as a dry run — I want to see which shipments "
                   "would change status.", tags=["mistake:M3"])
        t.fail("cargo run --release -- replay-scans --carrier dhl --since 2026-02-11 --dry-run",
               "Dry-run replay of DHL scans", CARGO_RUN_AMBIGUOUS, code=101)
        t.say("The workspace has three binaries (pt-api, pt-worker, ptctl), so `cargo run` needs to be told which "
              "one; `replay-scans` is a ptctl subcommand.")
        t.bash("cargo run --release --bin ptctl -- replay-scans --carrier dhl --since 2026-02-11 --dry-run",
               "Dry-run replay via ptctl", out=f"""dry run: 412 DHL scans since 2026-02-11T00:00:00Z across 97 shipments
would change: 6
  {s10("RR", "48291330")}  in_transit        -> out_for_delivery  2026-02-11T07:42:10Z
  {s10("RR", "48291377")}  out_for_delivery  -> delivered         2026-02-11T13:05:51Z
  {s10("CP", "20417719")}  picked_up         -> in_transit        2026-02-11T06:12:33Z
  {s10("CP", "20417802")}  out_for_delivery  -> in_transit        2026-02-11T18:47:02Z
  {s10("LX", "55120091")}  in_transit        -> on_hold           2026-02-11T10:30:44Z
  {s10("RR", "48291502")}  out_for_delivery  -> delivered         2026-02-11T15:21:19Z
would reject: 2
  {s10("LX", "55120384")}  delivered -> in_transit   cannot move shipment from Delivered to InTransit
  {s10("RR", "48290915")}  returned -> out_for_delivery   cannot move shipment from Returned to OutForDelivery
unchanged: 89
nothing written (dry run)""", err=compiling(["pt-core", "pt-db", "ptctl"], "48.06s", "release") +
               "\n     Running `target/release/ptctl replay-scans --carrier dhl --since 2026-02-11 --dry-run`")
        t.done(f"""Dry run over 412 DHL scans since 2026-02-11 (97 shipments), nothing written:

- **6 would change** — 2 deliveries, 1 pickup→in_transit, 1 out_for_delivery→in_transit (failed attempt), 1 put on hold, 1 out for delivery.
- **2 would be rejected**: `{s10("LX", "55120384")}` (already delivered, scan says in_transit) and `{s10("RR", "48290915")}` (returned, scan says out_for_delivery) — both late/duplicate scans from DHL, the state machine refuses them as it should.
- 89 unchanged.

(Used `cargo run --release --bin ptctl -- replay-scans …`; plain `cargo run` can't pick between pt-api, pt-worker and ptctl.)""")

        t = d.task("Run cargo deny and tell me what it flags.", tags=["unfixed:U1"])
        t.fail("cargo deny check", "Run cargo-deny (advisories, bans, licenses, sources)", f"""error[vulnerability]: Marvin Attack: potential key recovery through timing sidechannels
    ┌─ {R}/Cargo.lock:318:1
    │
318 │ rsa 0.9.7 registry+https://github.com/rust-lang/crates.io-index
    │ --------------------------------------------------------------- security vulnerability
    │
    ├ ID: RUSTSEC-2023-0071
    ├ Advisory: https://rustsec.org/advisories/RUSTSEC-2023-0071
    ├ ### Impact
      Due to a non-constant-time implementation, information about the private key is leaked through timing information which is observable over the network. An attacker may be able to use that information to recover the key.

      ### Patches
      No patch is yet available, however work is underway to migrate to a fully constant-time implementation.

      ### Workarounds
      The only currently available workaround is to avoid using the `rsa` crate in settings where attackers are able to observe timing information, e.g. local use on a non-compromised computer is fine.

      ### References
      This vulnerability was discovered as part of the "[Marvin Attack][1]", which revealed several implementations of RSA including OpenSSL had not properly mitigated timing sidechannel attacks.

      [1]: https://people.redhat.com/~hkario/marvin/
    ├ Announcement: https://github.com/RustCrypto/RSA/issues/19#issuecomment-1822995643
    ├ Solution: No safe upgrade is available!
    ├ rsa v0.9.7
      └── sqlx-mysql v0.8.3
          ├── sqlx-macros-core v0.8.3
          │   └── sqlx-macros v0.8.3
          │       └── sqlx v0.8.3
          │           ├── pt-api v0.9.0
          │           ├── pt-db v0.9.0
          │           │   ├── pt-api v0.9.0 (*)
          │           │   ├── pt-worker v0.9.0
          │           │   └── ptctl v0.9.0
          │           ├── pt-worker v0.9.0 (*)
          │           └── ptctl v0.9.0 (*)
          └── sqlx v0.8.3 (*)

advisories FAILED, bans ok, licenses ok, sources ok""", code=1)
        t.bash("grep -n -A2 'name = \"sqlx-mysql\"' Cargo.lock", "Check how sqlx-mysql ends up in the lockfile",
               out='1544:name = "sqlx-mysql"\n1545-version = "0.8.3"\n1546-source = "registry+https://github.com/rust-lang/crates.io-index"')
        t.done("""One finding, everything else passes (`bans ok, licenses ok, sources ok`):

**RUSTSEC-2023-0071 — `rsa` 0.9.7, Marvin Attack (timing side channel), no fixed version exists.**
It comes in through `sqlx-mysql`, which sqlx's macro crate lists in the lockfile even though we only enable the `postgres` feature. We never talk to MySQL, so the vulnerable RSA code isn't on any path we execute — but there's no upgrade that makes the finding go away either.

Options, none applied:
1. Add an `[[advisories.ignore]]` entry for `RUSTSEC-2023-0071` in `deny.toml` with that reason, and revisit when sqlx/rsa ship a fix.
2. Leave it red and live with a failing `cargo deny` until upstream moves.

I haven't changed anything — tell me if you want (1).""")

    # ============================================================ S5
    with d.session("2026-02-16T10:15:00", R, branch="feat/nordpaket-manifest", version="2.1.23"):
        t = d.task("Pulled main. Bring up the local stack and run the worker's carrier webhook integration tests.",
                   tags=["mistake:M2"])
        sim = f"{REG}/platform/carrier-sim"
        t.fail("docker compose up -d", "Start postgres and carrier-sim", f""" carrier-sim Pulling 
 carrier-sim Error Head "https://{REG}/v2/platform/carrier-sim/manifests/0.9.3": denied: Your authorization token has expired. Reauthenticate and try again.
Error response from daemon: Head "https://{REG}/v2/platform/carrier-sim/manifests/0.9.3": denied: Your authorization token has expired. Reauthenticate and try again.""")
        t.say("main bumped carrier-sim to 0.9.3, which isn't pulled yet, and the stored ECR login token has expired. "
              "Logging in, then starting the stack.")
        t.bash(ECR_LOGIN, "Log docker in to ECR", out="Login Succeeded",
               err="WARNING! Your password will be stored unencrypted in /home/lukas/.docker/config.json.\n"
                   "Configure a credential helper to remove this warning. See\nhttps://docs.docker.com/go/credential-store/")
        t.bash("docker compose up -d", "Start postgres and carrier-sim", err=f""" carrier-sim Pulling 
 {hx(12)} Already exists 
 {hx(12)} Pull complete 
 {hx(12)} Pull complete 
 carrier-sim Pulled 
 Container parcel-track-postgres-1  Running
 Container parcel-track-carrier-sim-1  Recreate
 Container parcel-track-carrier-sim-1  Recreated
 Container parcel-track-carrier-sim-1  Starting
 Container parcel-track-carrier-sim-1  Started""")
        wt = [("pt-worker::carrier_webhooks carrier_webhook_dhl_delivered_updates_status", 1.214),
              ("pt-worker::carrier_webhooks carrier_webhook_dpd_out_for_delivery", 1.187),
              ("pt-worker::carrier_webhooks carrier_webhook_nordpaket_pickup", 1.302),
              ("pt-worker::carrier_webhooks carrier_webhook_rejects_bad_signature", 0.412),
              ("pt-worker::carrier_webhooks carrier_webhook_unknown_tracking_is_ignored", 0.977)]
        t.bash("cargo nextest run -p pt-worker -E 'test(carrier_webhook)'", "Run the carrier webhook integration tests",
               err=nextest(wt, 1.402, "31.66s", ["pt-core", "pt-db", "pt-worker"], skipped=4, nbin=3))
        t.done("Stack is up (postgres was already running; carrier-sim recreated on 0.9.3) and all 5 carrier "
               "webhook integration tests pass. `docker compose up` first failed because the ECR token had "
               "expired and carrier-sim 0.9.3 had to be pulled — re-ran the ECR login.")

        t = d.task("Nordpaket sends manifests semicolon-separated with decimal commas: "
                   "`tracking;weight_kg;length_cm;width_cm;height_cm`, e.g. `00340434161234567895;1,25;40;30,5;15`. "
                   "Add a parser next to the DPD one. Don't go through f64 at any point — parse straight into "
                   "whole grams and millimetres.", tags=["pref:P1"])
        t.read(P("crates/pt-core/src/manifest_csv.rs"))
        t.edit(P("crates/pt-core/src/manifest_csv.rs"), """        height_mm: int(h, "height")?,
    })
}
""", """        height_mm: int(h, "height")?,
    })
}

/// Nordpaket manifest: `tracking;weight_kg;length_cm;width_cm;height_cm` with decimal commas,
/// e.g. `00340434161234567895;1,25;40;30,5;15`.
pub fn parse_nordpaket_row(line: &str) -> Result<ManifestRow, CoreError> {
    let cols: Vec<&str> = line.split(';').map(str::trim).collect();
    let [tracking, w, l, wd, h] = cols[..] else {
        return Err(CoreError::Manifest(format!("expected 5 columns, got {}", cols.len())));
    };
    Ok(ManifestRow {
        tracking_number: tracking.to_string(),
        weight_g: scaled(w, 3, "weight_kg")?,
        length_mm: scaled(l, 1, "length_cm")?,
        width_mm: scaled(wd, 1, "width_cm")?,
        height_mm: scaled(h, 1, "height_cm")?,
    })
}

/// Decimal-comma number -> integer scaled by 10^`digits`, without floats:
/// `scaled("1,25", 3, ..)` = 1250 (kg -> g), `scaled("30,5", 1, ..)` = 305 (cm -> mm).
/// More fractional digits than the unit can hold is an error, not a silent rounding.
fn scaled(s: &str, digits: u32, what: &str) -> Result<u32, CoreError> {
    let bad = || CoreError::Manifest(format!("bad {what}: {s:?}"));
    let (int, frac) = s.split_once(',').unwrap_or((s, ""));
    if int.is_empty() || frac.len() > digits as usize || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let int: u32 = int.parse().map_err(|_| bad())?;
    let frac_val: u32 = if frac.is_empty() { 0 } else { frac.parse().map_err(|_| bad())? };
    let pad = 10u32.pow(digits - frac.len() as u32);
    int.checked_mul(10u32.pow(digits))
        .and_then(|v| v.checked_add(frac_val * pad))
        .ok_or_else(bad)
}
""")
        t.edit(P("crates/pt-core/src/manifest_csv.rs"), """    #[test]
    fn rejects_short_dpd_row() {
        assert!(parse_dpd_row("09445440123456,1250").is_err());
    }
""", """    #[test]
    fn rejects_short_dpd_row() {
        assert!(parse_dpd_row("09445440123456,1250").is_err());
    }

    #[test]
    fn parses_nordpaket_row_without_floats() {
        let row = parse_nordpaket_row("00340434161234567895;1,25;40;30,5;15").unwrap();
        assert_eq!(row.weight_g, 1250);
        assert_eq!((row.length_mm, row.width_mm, row.height_mm), (400, 305, 150));
    }

    #[test]
    fn nordpaket_rejects_sub_gram_weight() {
        assert!(parse_nordpaket_row("00340434161234567895;1,2505;40;30;15").is_err());
    }

    #[test]
    fn nordpaket_rejects_dot_decimal() {
        assert!(parse_nordpaket_row("00340434161234567895;1.25;40;30;15").is_err());
    }
""")
        out, err = cargo_test("pt-core", [("lib", [
            "manifest_csv::tests::nordpaket_rejects_dot_decimal", "manifest_csv::tests::nordpaket_rejects_sub_gram_weight",
            "manifest_csv::tests::parses_dpd_row", "manifest_csv::tests::parses_nordpaket_row_without_floats",
            "manifest_csv::tests::rejects_short_dpd_row"], "0.00")], ["pt-core"], "4.12s", filtered=8, doc_filtered=0)
        t.bash("cargo test -p pt-core manifest", "Run the manifest parser tests", out=out, err=err)
        t.done("""Added `parse_nordpaket_row` in `pt-core/src/manifest_csv.rs`. It splits on `;` and converts each value with a small integer-only helper `scaled(s, digits)`: `"1,25"` kg → 1250 g, `"30,5"` cm → 305 mm, `"15"` → 150 mm. No f64 anywhere; a value with more decimals than the unit allows (e.g. `1,2505` kg) is rejected rather than rounded, and so is a dot decimal. 3 new tests, 5/5 manifest tests pass.""")

        t = d.task("The S10 validator has no tests at all. Add some — keep them inline in a `#[cfg(test)] mod tests` "
                   "at the bottom of the same file, that's how we do it in pt-core. Cover both check-digit special "
                   "cases.", tags=["pref:P3"])
        t.read(P("crates/pt-core/src/s10.rs"))
        t.edit(P("crates/pt-core/src/s10.rs"), """        return Err(S10Error::CheckDigit { expected, found: digits[8] });
    }
    Ok(())
}
""", """        return Err(S10Error::CheckDigit { expected, found: digits[8] });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_upu_example() {
        assert_eq!(validate("RR123456785DE"), Ok(()));
    }

    #[test]
    fn check_digit_ten_becomes_zero() {
        // weighted sum 155: 11 - 155 % 11 = 10 -> 0
        assert_eq!(check_digit(&[2, 0, 4, 8, 1, 7, 3, 6]), 0);
        assert_eq!(validate("CP204817360DE"), Ok(()));
    }

    #[test]
    fn check_digit_eleven_becomes_five() {
        // weighted sum 231 = 21 * 11: 11 - 0 = 11 -> 5
        assert_eq!(check_digit(&[8, 1, 0, 5, 6, 7, 7, 5]), 5);
        assert_eq!(validate("LX810567755DE"), Ok(()));
    }

    #[test]
    fn rejects_wrong_check_digit() {
        assert_eq!(
            validate("RR123456784DE"),
            Err(S10Error::CheckDigit { expected: 5, found: 4 })
        );
    }

    #[test]
    fn rejects_lowercase_letters() {
        assert_eq!(validate("rr123456785de"), Err(S10Error::Letters));
    }

    #[test]
    fn rejects_wrong_length() {
        assert_eq!(validate("RR12345678DE"), Err(S10Error::Length(12)));
    }
}
""")
        out, err = cargo_test("pt-core", [("lib", [
            "s10::tests::accepts_upu_example", "s10::tests::check_digit_eleven_becomes_five",
            "s10::tests::check_digit_ten_becomes_zero", "s10::tests::rejects_lowercase_letters",
            "s10::tests::rejects_wrong_check_digit", "s10::tests::rejects_wrong_length"], "0.00")],
            ["pt-core"], "2.87s", filtered=13, doc_filtered=0)
        t.bash("cargo test -p pt-core s10", "Run the S10 tests", out=out, err=err)
        t.done("Added an inline `#[cfg(test)] mod tests` at the bottom of `s10.rs` with 6 tests: the UPU example "
               "`RR123456785DE`, the two special cases (remainder → 10 becomes 0: `CP204817360DE`; 11 becomes 5: "
               "`LX810567755DE`), a wrong check digit, lowercase letters and a 12-character input. All 6 pass.")

        d.precompact("""Analysis: Lukas works on the parcel-track Rust workspace (pt-core, pt-db, pt-api, pt-worker, ptctl; sqlx 0.8/Postgres; axum; ECS staging) on branch feat/nordpaket-manifest.
Summary:
1. Local stack: `docker compose up -d` first failed with "denied: Your authorization token has expired" while pulling carrier-sim 0.9.3 from ECR; after `aws ecr get-login-password | docker login` it started; 5 carrier_webhook integration tests pass.
2. Added parse_nordpaket_row + integer-only `scaled()` helper in pt-core/src/manifest_csv.rs (kg→g, cm→mm, decimal commas, no f64), 3 tests; 5/5 pass.
3. Added 6 inline tests for the S10 tracking-number validator (pt-core/src/s10.rs); all pass.
User preferences noted: measurements as integer grams/millimetres, never floats; no .unwrap() outside tests; pt-core unit tests inline in `mod tests` at the bottom of the file.""")

        t = d.task("Run the whole workspace test suite and tell me which tests are the slowest.",
                   tags=["noise", "long_output"])
        t.bash("cargo nextest run --workspace", "Run every test in the workspace",
               err=nextest(suite("nordpaket", "s10"), 8.214, "26.02s", ["pt-core", "pt-db", "pt-api", "pt-worker", "ptctl"]), timeout=600000)
        t.done(f"""All {len(suite("nordpaket", "s10"))} tests pass in 8.2 s wall time. Slowest:

| test | time |
|---|---|
| `pt-worker::scheduler_it scheduler_survives_db_restart` | 7.80 s |
| `ptctl::seed_cli seed_is_idempotent` | 4.99 s |
| `pt-worker::scheduler_it scheduler_runs_eta_every_tick` | 3.41 s |
| `pt-api::carrier_webhooks_api returns_503_when_queue_full` | 2.11 s |
| `pt-worker::carrier_webhooks carrier_webhook_nordpaket_pickup` | 1.30 s |

The first three dominate: the scheduler tests sleep through real ticks and a DB restart, and the seed test seeds twice. Everything in pt-core is in the low milliseconds; the sqlx::test ones cost ~0.25 s each for the per-test database.""")

        t = d.task("Deploy the worker from this branch to staging so I can test it against the carrier sim there. "
                   "Build, push to ECR, roll pt-worker, wait for stable.", tags=["workflow:W2"])
        wk = "parcel-track/worker"
        t.bash(f"docker build -f docker/worker.Dockerfile --label org.opencontainers.image.revision=$(git rev-parse --short HEAD) "
               f"-t {REG}/{wk}:staging -t {REG}/{wk}:staging-$(git rev-parse --short HEAD) .",
               "Build the worker image", err=docker_build_ok(wk, "docker/worker.Dockerfile", "pt-worker",
                                                             ["staging", "staging-b7d2f04"], 64.9), timeout=600000)
        wl = layers(5)
        t.bash(f"docker push --all-tags {REG}/{wk}", "Push the worker image to ECR", out=push_ok(wk, wl, ["staging", "staging-b7d2f04"]))
        t.bash("aws ecs update-service --cluster pt-staging --service pt-worker --force-new-deployment "
               "--query 'service.deployments[0].[id,status,rolloutState]' --output text",
               "Roll the staging worker service", out="ecs-svc/7720415938825561093\tPRIMARY\tIN_PROGRESS")
        t.bash("aws ecs wait services-stable --cluster pt-staging --services pt-worker", "Wait for the rollout to finish",
               timeout=600000)
        t.bash("aws logs tail /ecs/pt-worker --since 5m --format short | tail -n 4", "Look at the worker's first log lines",
               out="""2026-02-16T11:02:41 {"level":"INFO","fields":{"message":"connected to postgres","max_connections":8},"target":"pt_worker"}
2026-02-16T11:02:41 {"level":"INFO","fields":{"message":"scheduler started","tick_secs":60},"target":"pt_worker::scheduler"}
2026-02-16T11:03:41 {"level":"INFO","fields":{"message":"eta recompute done","updated":1873},"target":"pt_worker::jobs::eta"}
2026-02-16T11:04:41 {"level":"INFO","fields":{"message":"eta recompute done","updated":1869},"target":"pt_worker::jobs::eta"}""")
        t.done("Worker from `feat/nordpaket-manifest` (`b7d2f04`) is live on staging: pushed as `staging` and "
               "`staging-b7d2f04`, pt-worker rolled and stable, and the logs show it connected and running ETA "
               "recomputes every 60 s.")

    # ============================================================ S6
    with d.session("2026-02-18T13:20:00", R, branch="feat/delivery-attempts", version="2.1.24"):
        t = d.task("Migration for delivery attempts: a `delivery_attempts` table (id, shipment_id → shipments, "
                   "attempted_at, outcome: delivered / not_home / refused / address_problem, optional note). Test "
                   "the down migration too, then add `record` and `count_failed` in a new pt-db module with tests.",
                   tags=["workflow:W1"])
        ts, name = "20260218132611", "create_delivery_attempts"
        up, down = P(f"migrations/{ts}_{name}.up.sql"), P(f"migrations/{ts}_{name}.down.sql")
        t.bash(f"sqlx migrate add -r {name}", "Create a reversible migration", out=migrate_add(ts, name))
        d.files[up] = "-- Add up migration script here\n"
        d.files[down] = "-- Add down migration script here\n"
        t.read(up)
        t.write(up, """create table delivery_attempts (
    id uuid primary key default gen_random_uuid(),
    shipment_id uuid not null references shipments (id) on delete cascade,
    attempted_at timestamptz not null,
    outcome text not null check (outcome in ('delivered', 'not_home', 'refused', 'address_problem')),
    note text
);

create index delivery_attempts_shipment_idx on delivery_attempts (shipment_id, attempted_at);
""")
        t.read(down)
        t.write(down, "drop table delivery_attempts;\n")
        t.bash("sqlx migrate run", "Apply the migration", out=migrate_applied(ts, name, "migrate", "14.532ms"))
        t.bash("sqlx migrate revert", "Check the down migration", out=migrate_applied(ts, name, "revert", "3.917ms"))
        t.bash("sqlx migrate run", "Re-apply it", out=migrate_applied(ts, name, "migrate", "12.880ms"))
        t.write(P("crates/pt-db/src/attempts.rs"), """use chrono::{DateTime, Utc};
use sqlx::PgPool;
use uuid::Uuid;

use crate::DbError;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Delivered,
    NotHome,
    Refused,
    AddressProblem,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Delivered => "delivered",
            Self::NotHome => "not_home",
            Self::Refused => "refused",
            Self::AddressProblem => "address_problem",
        }
    }
}

pub async fn record(
    pool: &PgPool,
    shipment_id: Uuid,
    at: DateTime<Utc>,
    outcome: Outcome,
    note: Option<&str>,
) -> Result<Uuid, DbError> {
    let id = sqlx::query_scalar!(
        "insert into delivery_attempts (shipment_id, attempted_at, outcome, note)
         values ($1, $2, $3, $4)
         returning id",
        shipment_id,
        at,
        outcome.as_str(),
        note
    )
    .fetch_one(pool)
    .await?;
    Ok(id)
}

/// Attempts that did not end in a delivery.
pub async fn count_failed(pool: &PgPool, shipment_id: Uuid) -> Result<i64, DbError> {
    let n = sqlx::query_scalar!(
        r#"select count(*) as "count!" from delivery_attempts
           where shipment_id = $1 and outcome <> 'delivered'"#,
        shipment_id
    )
    .fetch_one(pool)
    .await?;
    Ok(n)
}
""")
        t.read(P("crates/pt-db/src/lib.rs"))
        t.edit(P("crates/pt-db/src/lib.rs"), "pub mod merchants;\n", "pub mod attempts;\npub mod merchants;\n")
        t.write(P("crates/pt-db/tests/attempts.rs"), """use chrono::{Duration, Utc};
use pt_db::attempts::{self, Outcome};
use sqlx::PgPool;

mod common;

#[sqlx::test(migrator = "pt_db::MIGRATOR")]
async fn record_inserts_attempt(pool: PgPool) {
    let sid = common::insert_shipment(&pool, "RR123456785DE", "out_for_delivery").await;
    let id = attempts::record(&pool, sid, Utc::now(), Outcome::NotHome, Some("card left"))
        .await
        .unwrap();
    let outcome: String = sqlx::query_scalar("select outcome from delivery_attempts where id = $1")
        .bind(id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(outcome, "not_home");
}

#[sqlx::test(migrator = "pt_db::MIGRATOR")]
async fn count_failed_ignores_delivered(pool: PgPool) {
    let sid = common::insert_shipment(&pool, "CP204817360DE", "delivered").await;
    let t0 = Utc::now() - Duration::days(2);
    attempts::record(&pool, sid, t0, Outcome::NotHome, None).await.unwrap();
    attempts::record(&pool, sid, t0 + Duration::days(1), Outcome::Refused, None).await.unwrap();
    attempts::record(&pool, sid, Utc::now(), Outcome::Delivered, None).await.unwrap();
    assert_eq!(attempts::count_failed(&pool, sid).await.unwrap(), 2);
}
""")
        out, err = cargo_test("pt-db", [("lib", [], "0.00"),
                                        ("attempts", ["count_failed_ignores_delivered", "record_inserts_attempt"], "0.44"),
                                        ("merchants", ["webhook_url_none_when_unset", "webhook_url_returns_configured"], "0.39"),
                                        ("shipments", ["get_returns_none_for_unknown_id", "set_measurements_stores_grams_and_mm",
                                                       "set_status_updates_row"], "0.41")], ["pt-db"], "9.73s")
        t.bash("cargo test -p pt-db", "Run the pt-db tests", out=out, err=err)
        t.done(f"""- `migrations/{ts}_{name}.up.sql`: `delivery_attempts` (uuid id, FK to shipments with cascade, `attempted_at`, `outcome` constrained to the four values, nullable `note`) plus an index on `(shipment_id, attempted_at)`; down drops the table. run → revert → run is clean.
- `pt_db::attempts`: `Outcome` enum, `record(...) -> Uuid`, `count_failed(...) -> i64` (uses `"count!"` so it's not an `Option`).
- `tests/attempts.rs`: 2 tests; `cargo test -p pt-db` 7/7.""")

        t = d.task("Sometimes a recompute takes longer than the tick and the next one starts right behind it. Make "
                   "the scheduler skip a tick when the previous run started less than one tick ago, and use "
                   "MissedTickBehavior::Skip. Run clippy on the worker when you're done.", tags=["oneoff:O2"])
        sched = P("crates/pt-worker/src/scheduler.rs")
        t.read(sched)
        t.edit(sched, "use sqlx::PgPool;\nuse tracing::warn;", "use sqlx::PgPool;\nuse tokio::time::MissedTickBehavior;\nuse tracing::{info, warn};")
        t.edit(sched, """        let mut interval = tokio::time::interval(self.tick);
        loop {
            interval.tick().await;
            let now = Utc::now();
            *self.last_run.lock().expect("last_run mutex poisoned") = Some(now);
            if let Err(e) = jobs::eta::recompute(&self.pool, now).await {""", """        let mut interval = tokio::time::interval(self.tick);
        interval.set_missed_tick_behavior(MissedTickBehavior::Skip);
        let min_gap = chrono::Duration::from_std(self.tick)?;
        loop {
            interval.tick().await;
            let now = Utc::now();
            let mut last = self.last_run.lock().expect("last_run mutex poisoned");
            if last.is_some_and(|prev| now - prev < min_gap) {
                info!("previous eta run is too recent, skipping tick");
                continue;
            }
            *last = Some(now);
            if let Err(e) = jobs::eta::recompute(&self.pool, now).await {""")
        lg = line_of(d, sched, "let mut last = self.last_run")
        la = line_of(d, sched, "jobs::eta::recompute(&self.pool, now).await")
        src = d.files[sched].split("\n")
        cg = src[lg - 1].index("mut last") + 1
        ca = src[la - 1].index("await") + 1
        w = len(str(la))
        t.fail("cargo clippy -p pt-worker --all-targets -- -D warnings", "Lint the worker", f"""    Checking pt-worker v{CRATE_VER} ({R}/crates/pt-worker)
error: this `MutexGuard` is held across an `await` point
  --> crates/pt-worker/src/scheduler.rs:{lg}:{cg}
   |
{lg:>{w}} | {src[lg - 1]}
   |{' ' * cg}^^^^^^^^
   |
   = help: consider using an async-aware `Mutex` type or ensuring the `MutexGuard` is dropped before calling `await`
note: these are all the `await` points this lock is held through
  --> crates/pt-worker/src/scheduler.rs:{la}:{ca}
   |
{la:>{w}} | {src[la - 1]}
   |{' ' * ca}^^^^^
   = help: for further information visit https://rust-lang.github.io/rust-clippy/master/index.html#await_holding_lock
   = note: `-D clippy::await-holding-lock` implied by `-D warnings`
   = help: to override `-D warnings` add `#[allow(clippy::await_holding_lock)]`

error: could not compile `pt-worker` (bin "pt-worker") due to 1 previous error
warning: build failed, waiting for other jobs to finish...""", code=101)
        t.say("Clippy is right: the std `MutexGuard` `last` lives until the end of the loop body, so it is held "
              "across `recompute(...).await`. I'll do the check-and-set in its own block so the guard is dropped "
              "before the await.")
        t.edit(sched, """            let mut last = self.last_run.lock().expect("last_run mutex poisoned");
            if last.is_some_and(|prev| now - prev < min_gap) {
                info!("previous eta run is too recent, skipping tick");
                continue;
            }
            *last = Some(now);
""", """            let skip = {
                let mut last = self.last_run.lock().expect("last_run mutex poisoned");
                let too_soon = last.is_some_and(|prev| now - prev < min_gap);
                if !too_soon {
                    *last = Some(now);
                }
                too_soon
            };
            if skip {
                info!("previous eta run is too recent, skipping tick");
                continue;
            }
""")
        t.bash("cargo clippy -p pt-worker --all-targets -- -D warnings", "Lint the worker again",
               err=checking(["pt-worker"], "6.22s"))
        wtests = [x for x in suite() if x[0].startswith("pt-worker")]
        t.bash("cargo nextest run -p pt-worker", "Run the worker tests",
               err=nextest(wtests, 7.861, "12.40s", ["pt-worker"]), timeout=600000)
        t.done("""`Scheduler::run` now:
- sets `MissedTickBehavior::Skip` on the interval, so ticks missed during a long run are dropped instead of fired back-to-back;
- skips a tick (with an info log) when the previous run started less than one tick ago.

Clippy flagged my first version (`await_holding_lock`): the `std::sync::MutexGuard` was alive across `recompute(...).await`. The check-and-set now happens in its own block, so the guard is released before the await. Clippy is clean and the 9 worker tests pass.""")

        t = d.task("Draft a short Slack message for #ops: we now record delivery attempts (outcome + optional note), "
                   "and the API will show a failed-attempt count next week.", tags=["noise", "no_tools"])
        t.done("""Heads-up from parcel-track :package:
We now record every delivery attempt per shipment — outcome (delivered / not home / refused / address problem) plus an optional driver note. Starting next week the shipment API will also show a failed-attempt count, so you can spot parcels that keep bouncing without digging through scans. Questions → @lukas.""")

    # ============================================================ S7
    with d.session("2026-02-20T09:05:00", R, branch="feat/delivery-attempts", version="2.1.25"):
        t = d.task("CI on my delivery-attempts PR (#61) is red and I don't get why — it builds fine locally.",
                   tags=["mistake:M1"])
        t.bash("gh run list --branch feat/delivery-attempts --limit 3", "List recent CI runs for the branch",
               out="""STATUS  TITLE                     WORKFLOW  BRANCH                  EVENT         ID           ELAPSED  AGE
X       Record delivery attempts  ci        feat/delivery-attempts  pull_request  13407719582  3m12s    about 1 hour ago
✓       Record delivery attempts  ci        feat/delivery-attempts  pull_request  13391204457  4m41s    about 2 days ago""")
        ci_err = sqlx_offline_err(d, "crates/pt-db/src/attempts.rs", "let id = sqlx::query_scalar!(")
        ci_err2 = sqlx_offline_err(d, "crates/pt-db/src/attempts.rs", "let n = sqlx::query_scalar!(")
        ci_lines = ("    Checking pt-db v0.9.0 (/home/runner/work/parcel-track/parcel-track/crates/pt-db)\n" + ci_err + "\n\n"
                    + ci_err2 + "\n\nerror: could not compile `pt-db` (lib) due to 2 previous errors\n"
                    "##[error]Process completed with exit code 101.").split("\n")
        ci_ts = 12.0
        ci_out = []
        for l in ci_lines:
            ci_ts += HX.random() * 0.004
            ci_out.append(f"build\tcargo clippy\t2026-02-20T07:51:{ci_ts:010.7f}Z {l}")
        t.bash("gh run view 13407719582 --log-failed | tail -n 25", "Show the failing CI step", out="\n".join(ci_out[-25:]))
        t.say("CI compiles with `SQLX_OFFLINE=true`, so it only sees the query metadata committed in `.sqlx/`. "
              "Locally the macros talk to your database, which is why it builds for you. Reproducing offline:")
        t.fail("SQLX_OFFLINE=true cargo check --workspace --all-targets", "Reproduce the CI build offline",
               f"    Checking pt-db v{CRATE_VER} ({R}/crates/pt-db)\n"
               + ci_err + "\n\n" + ci_err2
               + "\n\nerror: could not compile `pt-db` (lib) due to 2 previous errors", code=101)
        t.bash("cargo sqlx prepare --workspace -- --all-targets", "Regenerate the sqlx offline query cache",
               err=sqlx_prepare_ok(["pt-core", "pt-db", "pt-api", "pt-worker", "ptctl"], "13.51s"))
        t.bash("SQLX_OFFLINE=true cargo check --workspace --all-targets", "Check the offline build again",
               err=checking(["pt-db", "pt-api", "pt-worker", "ptctl"], "9.84s"))
        qa, qb = hx(64), hx(64)
        t.bash('git add .sqlx && git commit -m "Add sqlx offline data for delivery attempt queries" && git push',
               "Commit the query cache and push", out=f"""[feat/delivery-attempts 6f1b0d8] Add sqlx offline data for delivery attempt queries
 2 files changed, 58 insertions(+)
 create mode 100644 .sqlx/query-{qa}.json
 create mode 100644 .sqlx/query-{qb}.json""", err=f"""To {ORIGIN}
   2c7e94a..6f1b0d8  feat/delivery-attempts -> feat/delivery-attempts""")
        t.done("CI was failing in clippy with ``SQLX_OFFLINE=true` but there is no cached data for this query`` for "
               "the two new queries in `pt-db/src/attempts.rs` (`record`, `count_failed`): CI builds offline from "
               "`.sqlx/`, and those entries were never generated. Ran `cargo sqlx prepare --workspace -- --all-targets`, "
               "confirmed `SQLX_OFFLINE=true cargo check` passes, committed the two `.sqlx` files and pushed — CI "
               "should go green on this run.")

        t = d.task("While CI runs: write a runbook at docs/runbooks/replay-scans.md for re-running a carrier's scans "
                   "for a day after a webhook outage.", tags=["noise"])
        rb = P("docs/runbooks/replay-scans.md")
        t.write(rb, """# Runbook: replaying carrier scans after a webhook outage

## Background

Carriers push scan events to `POST /carrier-webhooks/{carrier}` on pt-api. The API validates the signature and queues the scan; pt-worker applies it to the shipment through the state machine in `pt-core` (`Shipment::apply`) and persists it with `pt_db::shipments::set_status`. If the webhook endpoint was down, returned 5xx, or the carrier had an incident on their side, scans for that window never reach us and shipments get stuck in an old status. Customers then see stale tracking pages and ETA recomputes are based on old scans.

Most carriers (DHL, DPD, Nordpaket) offer a pull API for scans over a time range. `ptctl replay-scans` uses it to fetch scans for a carrier and apply them exactly as live traffic would. Because `Shipment::apply` rejects invalid transitions (e.g. anything after `Delivered`), replaying a window twice is safe: already-applied scans become no-ops or rejections.

## When to use this

- Alert `carrier-webhook-5xx-rate` fired for more than 10 minutes.
- A carrier confirms an outage on their side.
- Support reports several shipments stuck in `in_transit` for a carrier while the carrier's site shows them delivered.

## Prerequisites

- Access to the `pt-staging` / `pt-prod` AWS accounts (SSO role `parcel-track-operator`).
- A checkout of `parcel-track` and a working Rust toolchain (see README).
- The carrier's pull-API credentials are read from SSM by ptctl; no manual setup needed.
- `DATABASE_URL` for the target environment (from 1Password, vault "parcel-track").

## Steps

1. Identify the outage window (UTC) from the alert or the carrier's status page. Add 15 minutes on each side.
2. Export the database URL for the environment:
   `export DATABASE_URL=...`
3. Run a dry run first:
   `cargo run --release --bin ptctl -- replay-scans --carrier <carrier> --since <start> --until <end> --dry-run`
4. Check the output: the "would change" list should contain the stuck shipments; "would reject" entries are normal for late or duplicate scans.
5. If the numbers look plausible, run it for real (same command without `--dry-run`).
6. Watch pt-worker logs for errors: `aws logs tail /ecs/pt-worker --since 15m --follow`.
7. Spot-check 3–5 of the stuck shipments via `GET /shipments/:id`.
8. ETA recomputes pick the changes up on the next tick (60 s); nothing to trigger manually.
9. Post a summary in #ops: carrier, window, number of shipments changed.

## Verification

- The shipments from the support reports show the correct status.
- `carrier-webhook-5xx-rate` is back to baseline.
- No new `TransitionError` spikes in the worker logs.

## Rollback

Replays only apply carrier scans through the normal state machine, so there is nothing to roll back in the usual sense. If a replay applied scans for the wrong carrier or window, stop and escalate to #parcel-track-dev; do not try to reset statuses by hand in SQL.

## Troubleshooting

- `401` from the carrier pull API: the SSM parameter for that carrier's credentials has expired — ask the carrier integration owner.
- Very slow replays: the pull APIs are rate-limited (DHL: 10 req/s); use a narrower window.
- `cannot move shipment from Delivered to InTransit` in the output: expected for late scans, ignore.
""")
        t.done("Written: `docs/runbooks/replay-scans.md` — background, when to use it, prerequisites, 9 steps "
               "(dry run first, then the real replay, then verification), verification, rollback and troubleshooting.")

        t = d.task("That runbook is way too long — I had to cut half of it before I could link it in #ops. Runbooks "
                   "here are numbered steps, eight max, no background essays.", tags=["feedback"],
                   feedback="That runbook is way too long — I had to cut half of it before I could link it in #ops. "
                            "Runbooks here are numbered steps, eight max.")
        d.files[rb] = """# Replaying carrier scans after a webhook outage

1. Get the outage window (UTC) from the alert or the carrier status page; pad 15 min each side.
2. `export DATABASE_URL=...` for the environment (1Password, vault "parcel-track").
3. Dry run: `cargo run --release --bin ptctl -- replay-scans --carrier <carrier> --since <start> --until <end> --dry-run`
4. "would change" should list the stuck shipments; "would reject" is normal for late scans.
5. Run it again without `--dry-run`.
6. Watch `aws logs tail /ecs/pt-worker --since 15m --follow` for errors.
7. Spot-check a few shipments via `GET /shipments/:id`.
8. Post carrier, window and count in #ops.
"""
        t.read(rb)
        t.done("Understood — your cut is the right shape: a title and 8 numbered steps with the commands inline. "
               "I'll write runbooks that way from the start: numbered steps only, eight at most, no background, "
               "rollback or troubleshooting sections unless you ask.")

        t = d.task("Also bump tokio to 1.43 and tower-http to 0.6.2 in the workspace — separate commit on this branch "
                   "is fine.", tags=["flaky:F1"])
        t.read(P("Cargo.toml"))
        t.edit(P("Cargo.toml"), 'tokio = { version = "1.42.0"', 'tokio = { version = "1.43.0"')
        t.edit(P("Cargo.toml"), 'tower-http = { version = "0.6.1"', 'tower-http = { version = "0.6.2"')
        t.fail("cargo build --workspace", "Build with the bumped crates", """    Updating crates.io index
     Locking 3 packages to latest compatible versions
    Updating tokio v1.42.0 -> v1.43.0
    Updating tokio-macros v2.4.0 -> v2.5.0
    Updating tower-http v0.6.1 -> v0.6.2
  Downloaded tokio-macros v2.5.0
  Downloaded tower-http v0.6.2
error: failed to download from `https://static.crates.io/crates/tokio/1.43.0/download`

Caused by:
  [28] Timeout was reached (download of `tokio v1.43.0` failed to transfer more than 10 bytes in 30s)""", code=101)
        t.say("crates.io download timed out mid-transfer; nothing wrong with the bump itself. Same command again.")
        t.bash("cargo build --workspace", "Build with the bumped crates", err=f"""  Downloaded tokio v1.43.0
  Downloaded 1 crate (817.6 KB) in 0.51s
   Compiling tokio-macros v2.5.0
   Compiling tokio v1.43.0
   Compiling tower-http v0.6.2
   Compiling sqlx-core v0.8.3
   Compiling hyper-util v0.1.10
   Compiling axum v0.7.9
""" + compiling(["pt-core", "pt-db", "pt-api", "pt-worker", "ptctl"], "1m 12s"))
        t.bash("cargo nextest run --workspace", "Run the whole test suite",
               err=nextest(suite("nordpaket", "s10", "attempts"), 8.377, "41.90s", ["pt-core", "pt-db", "pt-api", "pt-worker", "ptctl"]),
               timeout=600000)
        t.bash('git commit -am "Bump tokio to 1.43 and tower-http to 0.6.2"', "Commit the bump",
               out="""[feat/delivery-attempts 0a93c6e] Bump tokio to 1.43 and tower-http to 0.6.2
 2 files changed, 9 insertions(+), 9 deletions(-)""")
        t.done(f"tokio 1.42.0 → 1.43.0 and tower-http 0.6.1 → 0.6.2 (plus tokio-macros 2.5.0 in the lock). "
               f"The first build hit a crates.io download timeout; the identical retry went through. All "
               f"{len(suite('nordpaket', 's10', 'attempts'))} tests pass; committed as a separate commit (not pushed).")

    # ============================================================ S8
    with d.session("2026-02-23T10:40:00", R, branch="feat/chargeable-weight", version="2.1.27"):
        t = d.task("Add chargeable weight to pt-core: max(actual weight, volumetric weight), where carriers define "
                   "volumetric as L×W×H in cm / 5000 → kg. Keep it all integer: grams and mm, no f64/f32 even for "
                   "the 5000 divisor — round the volumetric weight up to the next gram.", tags=["pref:P1"])
        t.write(P("crates/pt-core/src/volumetric.rs"), """//! Chargeable weight: the larger of actual and volumetric weight, in grams.
//! Carriers define volumetric weight as L×W×H (cm) / 5000 -> kg, which is the same as mm³ / 5000 -> g.

/// Volumetric divisor for millimetres and grams (cm³ / 5000 kg == mm³ / 5000 g).
pub const DIVISOR_MM3_PER_G: u64 = 5000;

/// Volumetric weight in grams, rounded up to the next whole gram.
pub fn volumetric_g(length_mm: u32, width_mm: u32, height_mm: u32) -> u64 {
    let mm3 = u64::from(length_mm) * u64::from(width_mm) * u64::from(height_mm);
    mm3.div_ceil(DIVISOR_MM3_PER_G)
}

/// What the carrier bills: max(actual, volumetric), in grams.
pub fn chargeable_g(weight_g: u32, length_mm: u32, width_mm: u32, height_mm: u32) -> u64 {
    u64::from(weight_g).max(volumetric_g(length_mm, width_mm, height_mm))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn volumetric_wins_for_light_bulky_parcels() {
        // 60 x 40 x 40 cm, 2 kg: 96 000 cm³ / 5000 = 19.2 kg
        assert_eq!(chargeable_g(2000, 600, 400, 400), 19_200);
    }

    #[test]
    fn actual_weight_wins_for_dense_parcels() {
        // 20 x 15 x 10 cm, 4.5 kg: volumetric only 0.6 kg
        assert_eq!(chargeable_g(4500, 200, 150, 100), 4500);
    }

    #[test]
    fn rounds_volumetric_up_to_the_gram() {
        // 305 x 101 x 77 mm = 2 371 985 mm³ -> 474.397 g -> 475 g
        assert_eq!(volumetric_g(305, 101, 77), 475);
    }
}
""")
        t.read(P("crates/pt-core/src/lib.rs"))
        t.edit(P("crates/pt-core/src/lib.rs"), "pub mod shipment;\n", "pub mod shipment;\npub mod volumetric;\n")
        out, err = cargo_test("pt-core", [("lib", [
            "volumetric::tests::actual_weight_wins_for_dense_parcels", "volumetric::tests::rounds_volumetric_up_to_the_gram",
            "volumetric::tests::volumetric_wins_for_light_bulky_parcels"], "0.00")], ["pt-core"], "3.05s", filtered=19)
        t.bash("cargo test -p pt-core volumetric", "Run the new tests", out=out, err=err)
        t.done("""New `pt-core/src/volumetric.rs`:
- `volumetric_g(l_mm, w_mm, h_mm) -> u64` = `mm³.div_ceil(5000)` — cm³/5000 kg is exactly mm³/5000 g, so the divisor stays an integer and rounding up to the gram is a ceiling division.
- `chargeable_g(weight_g, l, w, h)` = max(actual, volumetric).
- Everything in `u64` (a 2 m cube in mm³ would overflow `u32`); no floats.

3 tests (bulky parcel → volumetric wins, dense parcel → actual wins, rounding up 474.397 g → 475 g) pass.""")

        t = d.task("Good. Ship it — fmt, lint, tests, push, PR.", tags=["workflow:W3", "flaky:F2"])
        t.bash("cargo fmt --all", "Format the workspace")
        t.bash("make lint", "fmt check + clippy (offline sqlx)",
               out="cargo fmt --all --check\nSQLX_OFFLINE=true cargo clippy --workspace --all-targets -- -D warnings",
               err=checking(["pt-core", "pt-db", "pt-api", "pt-worker", "ptctl"], "17.02s"))
        t.bash("cargo nextest run --workspace", "Run the whole test suite",
               err=nextest(suite("nordpaket", "s10", "attempts", "volumetric"), 8.291, "23.57s", ["pt-core", "pt-db", "pt-api", "pt-worker", "ptctl"]),
               timeout=600000)
        t.bash('git add crates/pt-core && git commit -m "Add chargeable weight (volumetric, integer grams)"', "Commit",
               out="""[feat/chargeable-weight 5be27d1] Add chargeable weight (volumetric, integer grams)
 2 files changed, 41 insertions(+)
 create mode 100644 crates/pt-core/src/volumetric.rs""")
        t.fail("git push -u origin feat/chargeable-weight", "Push the branch",
               "fatal: unable to access 'https://github.com/kranich-logistics/parcel-track.git/': The requested URL returned error: 502",
               code=128)
        t.say("GitHub answered 502 — a transient error on their side. Retrying the same push.")
        t.bash("git push -u origin feat/chargeable-weight", "Push the branch", err=git_push_new("feat/chargeable-weight"))
        t.bash('gh pr create --base main --title "Chargeable weight" --body "pt_core::volumetric::{volumetric_g, chargeable_g}: '
               'max(actual, L*W*H/5000) in integer grams/mm, volumetric rounded up to the gram. 3 unit tests."',
               "Open the PR", out="https://github.com/kranich-logistics/parcel-track/pull/66")
        t.done("PR: https://github.com/kranich-logistics/parcel-track/pull/66 — fmt ✓, lint ✓, "
               f"{len(suite('nordpaket', 's10', 'attempts', 'volumetric'))}/{len(suite('nordpaket', 's10', 'attempts', 'volumetric'))} "
               "tests ✓. The first push got a 502 from GitHub; the retry went through.")

        t = d.task("The staging worker seems to restart every few minutes. Get a shell in the running container and "
                   "check its env and memory.", tags=["unfixed:U2"])
        task_arn = f"arn:aws:ecs:eu-central-1:{ACCT}:task/pt-staging/{hx(32)}"
        t.bash("aws ecs list-tasks --cluster pt-staging --service-name pt-worker --query 'taskArns' --output text",
               "Find the running worker task", out=task_arn)
        t.fail(f'aws ecs execute-command --cluster pt-staging --task {task_arn} --container pt-worker --interactive --command "/bin/sh"',
               "Open a shell in the worker container", """
The Session Manager plugin was installed successfully. Use the AWS CLI to start a session.


An error occurred (InvalidParameterException) when calling the ExecuteCommand operation: The execute command failed because execute command was not enabled when the task was run or the execute command agent isn’t running. Wait and try again or run a new task with execute command enabled and try again.""",
               code=254)
        t.bash("aws ecs describe-services --cluster pt-staging --services pt-worker --query 'services[0].enableExecuteCommand'",
               "Is ECS Exec enabled on the service?", out="false")
        t.bash("aws ecs describe-tasks --cluster pt-staging --tasks $(aws ecs list-tasks --cluster pt-staging "
               "--service-name pt-worker --desired-status STOPPED --query 'taskArns[0]' --output text) "
               "--query 'tasks[0].[stoppedReason,containers[0].exitCode,containers[0].memory]' --output text",
               "Why did the last worker task stop?", out="OutOfMemoryError: Container killed due to memory usage\t137\t512")
        t.done("""Two findings, no changes made:

1. **No shell possible**: ECS Exec is off for `pt-worker` (`enableExecuteCommand: false`), so `execute-command` is refused. Turning it on needs `enable_execute_command = true` on the service plus `ssmmessages:*` permissions on the task role — that's in the platform-infra Terraform, not in this repo.
2. **The restarts are OOM kills**: the last stopped task ended with `OutOfMemoryError: Container killed due to memory usage`, exit 137, at a 512 MiB container limit. Either the limit is too small for the ETA recompute over ~1.9k shipments, or something grows unbounded — can't tell without metrics or a shell.

Both need the infra side (memory limit / exec). If you want, I can look at the recompute for memory growth in the meantime.""")

        t = d.task("Where do we turn an unknown status string from the DB into a default instead of an error? I "
                   "remember a lossy conversion somewhere.", tags=["noise"])
        t.grep("ShipmentStatus::parse", output_mode="content", path=P("crates"), n=True, content=f"""{R}/crates/pt-db/src/shipments.rs:34:        let status = ShipmentStatus::parse(&r.status).ok_or(DbError::BadStatus(r.status.clone()))?;
{R}/crates/pt-api/src/routes/carrier_webhooks.rs:31:    let status = ShipmentStatus::parse(&body.status).ok_or(StatusCode::UNPROCESSABLE_ENTITY)?;
{R}/crates/ptctl/src/export.rs:44:            status: ShipmentStatus::parse(&row.status).unwrap_or(ShipmentStatus::Created),""")
        t.done("It's in **`crates/ptctl/src/export.rs:44`**: `ShipmentStatus::parse(&row.status).unwrap_or(ShipmentStatus::Created)` "
               "— an unknown status is silently exported as `created`. The other two call sites are strict: pt-db "
               "returns `DbError::BadStatus`, and the carrier webhook route answers 422.")

    # ============================================================ S9
    with d.session("2026-02-26T15:30:00", R, branch="main", version="2.1.28"):
        t = d.task("Which commit is the API in staging actually running? Pull the staging image and check its "
                   "revision label.", tags=["mistake:M2"])
        api = "parcel-track/api"
        t.fail(f"docker pull {REG}/{api}:staging", "Pull the staging API image",
               f'Error response from daemon: Head "https://{REG}/v2/{api}/manifests/staging": denied: Your authorization '
               f'token has expired. Reauthenticate and try again.')
        t.say("The stored ECR token has expired (they only last 12 hours). Logging in first.")
        t.bash(ECR_LOGIN, "Log docker in to ECR", out="Login Succeeded",
               err="WARNING! Your password will be stored unencrypted in /home/lukas/.docker/config.json.\n"
                   "Configure a credential helper to remove this warning. See\nhttps://docs.docker.com/go/credential-store/")
        t.bash(f"docker pull {REG}/{api}:staging", "Pull the staging API image", out=f"""staging: Pulling from {api}
{hx(12)}: Already exists
{hx(12)}: Already exists
{hx(12)}: Pull complete
{hx(12)}: Pull complete
Digest: sha256:{hx(64)}
Status: Downloaded newer image for {REG}/{api}:staging
{REG}/{api}:staging""")
        t.bash(f"docker inspect --format '{{{{ index .Config.Labels \"org.opencontainers.image.revision\" }}}}' {REG}/{api}:staging",
               "Read the revision label", out="9d03e5a")
        t.bash("git fetch -q && git log --oneline -1 9d03e5a && git rev-list --count 9d03e5a..origin/main",
               "Find that commit and how far behind main it is",
               out="9d03e5a Merge pull request #61 from kranich-logistics/feat/delivery-attempts\n4")
        t.done("Staging API runs **`9d03e5a`** — the merge of #61 (delivery attempts). `origin/main` is 4 commits "
               "ahead of it, so staging is behind main. (The first pull failed on an expired "
               "ECR token; re-logged in with `aws ecr get-login-password`.)")

        t = d.task("Make the ETA job skip shipments whose merchant has paused ETA updates (merchants.eta_paused), "
                   "with a test. Commit it straight on main, it's tiny.", tags=["noise"])
        t.grep("eta_paused", output_mode="content", path=P("migrations"), n=True,
               content=f"{R}/migrations/20260119084210_merchant_eta_pause.up.sql:1:alter table merchants add column eta_paused boolean not null default false;")
        eta = P("crates/pt-worker/src/jobs/eta.rs")
        t.read(eta)
        t.edit(eta, """           from shipments s
           join scan_events e on e.shipment_id = s.id
           where s.status in ('picked_up', 'in_transit', 'out_for_delivery')
           group by s.id, s.carrier\"#""", """           from shipments s
           join merchants m on m.id = s.merchant_id
           join scan_events e on e.shipment_id = s.id
           where s.status in ('picked_up', 'in_transit', 'out_for_delivery')
             and not m.eta_paused
           group by s.id, s.carrier\"#""")
        t.edit(eta, """        assert!(testutil::eta_of(&pool, ids[1]).await.is_none());
    }
}
""", """        assert!(testutil::eta_of(&pool, ids[1]).await.is_none());
    }

    #[sqlx::test(migrator = "pt_db::MIGRATOR")]
    async fn recompute_skips_paused_merchants(pool: PgPool) {
        let ids = testutil::shipments_with_scans(&pool, &["in_transit", "in_transit"]).await;
        testutil::pause_eta_for_merchant_of(&pool, ids[0]).await;
        let n = recompute(&pool, Utc::now()).await.unwrap();
        assert_eq!(n, 1);
        assert!(testutil::eta_of(&pool, ids[0]).await.is_none());
    }
}
""")
        wtests = [x for x in suite("paused") if x[0].startswith("pt-worker")]
        t.bash("cargo nextest run -p pt-worker", "Run the worker tests",
               err=nextest(wtests, 7.902, "14.18s", ["pt-worker"]), timeout=600000)
        t.bash('git commit -am "ETA job: skip merchants with eta_paused" && git push', "Commit on main and push",
               out="""[main 2f4d8b1] ETA job: skip merchants with eta_paused
 1 file changed, 13 insertions(+)""", err=f"""To {ORIGIN}
   e5c04a7..2f4d8b1  main -> main""")
        t.done("The ETA query now joins `merchants` and filters `not m.eta_paused`, so paused merchants' shipments "
               "keep their last ETA. New test `recompute_skips_paused_merchants`; all 10 worker tests pass. "
               "Committed and pushed to main as `2f4d8b1`.")

        t = d.task("Deploy main's worker to staging, as usual.", tags=["workflow:W2", "mistake:M1"])
        wk = "parcel-track/worker"
        t.fail(f"docker build -f docker/worker.Dockerfile --label org.opencontainers.image.revision=$(git rev-parse --short HEAD) "
               f"-t {REG}/{wk}:staging -t {REG}/{wk}:staging-$(git rev-parse --short HEAD) .", "Build the worker image",
               docker_build_sqlx_fail(d, wk, "docker/worker.Dockerfile", "pt-worker", "crates/pt-worker/src/jobs/eta.rs",
                                      "let rows = sqlx::query!("), timeout=600000)
        t.say("The image is built with `SQLX_OFFLINE=true`, and `.sqlx/` still has the old version of the ETA query "
              "I changed an hour ago (the `eta_paused` join). Regenerating the cache, committing it, then rebuilding.")
        t.bash("cargo sqlx prepare --workspace -- --all-targets", "Regenerate the sqlx offline query cache",
               err=sqlx_prepare_ok(["pt-core", "pt-db", "pt-api", "pt-worker", "ptctl"], "12.77s"))
        qold, qnew = hx(64), hx(64)
        t.bash("git status --short .sqlx", "See what changed in the cache",
               out=f" D .sqlx/query-{qold}.json\n?? .sqlx/query-{qnew}.json")
        t.bash('git add .sqlx && git commit -m "Update sqlx offline data for the ETA query" && git push',
               "Commit the query cache and push", out=f"""[main c81f5e3] Update sqlx offline data for the ETA query
 2 files changed, 30 insertions(+), 27 deletions(-)
 delete mode 100644 .sqlx/query-{qold}.json
 create mode 100644 .sqlx/query-{qnew}.json""", err=f"""To {ORIGIN}
   2f4d8b1..c81f5e3  main -> main""")
        t.bash(f"docker build -f docker/worker.Dockerfile --label org.opencontainers.image.revision=$(git rev-parse --short HEAD) "
               f"-t {REG}/{wk}:staging -t {REG}/{wk}:staging-$(git rev-parse --short HEAD) .", "Build the worker image",
               err=docker_build_ok(wk, "docker/worker.Dockerfile", "pt-worker", ["staging", "staging-c81f5e3"], 66.2),
               timeout=600000)
        wl = layers(5)
        t.bash(f"docker push --all-tags {REG}/{wk}", "Push the worker image to ECR",
               out=push_ok(wk, wl, ["staging", "staging-c81f5e3"]))
        t.bash("aws ecs update-service --cluster pt-staging --service pt-worker --force-new-deployment "
               "--query 'service.deployments[0].[id,status,rolloutState]' --output text",
               "Roll the staging worker service", out="ecs-svc/2285017364490118472\tPRIMARY\tIN_PROGRESS")
        t.bash("aws ecs wait services-stable --cluster pt-staging --services pt-worker", "Wait for the rollout to finish",
               timeout=600000)
        t.done("Worker `c81f5e3` is live on staging and the service is stable. The first image build failed with "
               "``SQLX_OFFLINE=true` but there is no cached data for this query`` for the ETA query I changed — the "
               "`.sqlx` cache wasn't regenerated after the `eta_paused` change. `cargo sqlx prepare --workspace -- "
               "--all-targets`, committed the cache to main (`c81f5e3`), then build → push → roll went through.")

    # ============================================================ S10
    with d.session("2026-03-02T09:15:00", R, branch="feat/tests-layout", version="2.1.31", permission_mode="acceptEdits"):
        t = d.task("Export February's tracking events for merchant M-0042 to a CSV in /tmp — finance needs it for a "
                   "dispute. Use the reporting replica, its DATABASE_URL is in .env.reporting.", tags=["mistake:M3"])
        out_csv = "/tmp/M-0042-2026-02-events.csv"
        t.fail(f"set -a && . ./.env.reporting && set +a && cargo run -q -- export-events --merchant M-0042 --month 2026-02 --out {out_csv}",
               "Export M-0042's February events from the reporting replica", CARGO_RUN_AMBIGUOUS, code=101)
        t.say("cargo can't choose between the workspace's three binaries; `export-events` belongs to ptctl, so "
              "`--bin ptctl`.")
        t.bash(f"set -a && . ./.env.reporting && set +a && cargo run -q --bin ptctl -- export-events --merchant M-0042 --month 2026-02 --out {out_csv}",
               "Export M-0042's February events via ptctl",
               out=f"wrote 3917 events for 611 shipments to {out_csv}")
        t.bash(f"head -n 3 {out_csv} && wc -l {out_csv}", "Peek at the CSV", out=f"""tracking_number,carrier,status,scanned_at,location
{s10("RR", "73019288")},dhl,picked_up,2026-02-01T07:14:22Z,DE-10115 Berlin
{s10("RR", "73019288")},dhl,in_transit,2026-02-01T19:40:05Z,DE-04435 Schkeuditz HUB
3918 {out_csv}""")
        t.done(f"`{out_csv}`: 3917 scan events for 611 of M-0042's shipments in February 2026 (header + 3917 rows; "
               "columns tracking_number, carrier, status, scanned_at, location), read from the reporting replica.")

        t = d.task("New rule for tests, the team decided on Friday: unit tests go in a separate `tests.rs` next to the "
                   "module (`#[cfg(test)] mod tests;` in the parent), not inline at the bottom any more — files are "
                   "getting too long. Move the S10 tests over as the first one.", tags=["reversal:P3"])
        s10p = P("crates/pt-core/src/s10.rs")
        t.read(s10p)
        body = d.files[s10p]
        i = body.index("#[cfg(test)]\nmod tests {\n    use super::*;\n")
        inline = body[i:]
        moved = "use super::*;\n" + "\n".join(l[4:] if l.startswith("    ") else l
                                              for l in inline[len("#[cfg(test)]\nmod tests {\n    use super::*;\n"):].rstrip("\n")[:-1].rstrip("\n").split("\n")) + "\n"
        t.edit(s10p, inline, "#[cfg(test)]\nmod tests;\n")
        t.write(P("crates/pt-core/src/s10/tests.rs"), moved)
        out, err = cargo_test("pt-core", [("lib", [
            "s10::tests::accepts_upu_example", "s10::tests::check_digit_eleven_becomes_five",
            "s10::tests::check_digit_ten_becomes_zero", "s10::tests::rejects_lowercase_letters",
            "s10::tests::rejects_wrong_check_digit", "s10::tests::rejects_wrong_length"], "0.00")],
            ["pt-core"], "2.64s", filtered=16)
        t.bash("cargo test -p pt-core s10", "Run the S10 tests from their new home", out=out, err=err)
        t.done("Moved: `s10.rs` now ends with `#[cfg(test)] mod tests;` and the six tests live in "
               "`crates/pt-core/src/s10/tests.rs` (same names, so `s10::tests::*` still works as a filter). 6/6 pass. "
               "New tests will go into sibling `tests.rs` files from now on.")

        t = d.task("Migration: partial index on shipments (carrier, updated_at) for the active statuses — the ETA "
                   "query is doing seq scans. It has to be built concurrently; check that sqlx can do that, and test "
                   "the down migration.", tags=["workflow:W1"])
        ts, name = "20260302094107", "index_active_shipments_by_carrier"
        up, down = P(f"migrations/{ts}_{name}.up.sql"), P(f"migrations/{ts}_{name}.down.sql")
        t.bash(f"sqlx migrate add -r {name}", "Create a reversible migration", out=migrate_add(ts, name))
        d.files[up] = "-- Add up migration script here\n"
        d.files[down] = "-- Add down migration script here\n"
        t.read(up)
        t.write(up, """-- no-transaction
-- CREATE INDEX CONCURRENTLY cannot run inside a transaction block.
create index concurrently if not exists shipments_active_carrier_idx
    on shipments (carrier, updated_at)
    where status in ('picked_up', 'in_transit', 'out_for_delivery');
""")
        t.read(down)
        t.write(down, """-- no-transaction
drop index concurrently if exists shipments_active_carrier_idx;
""")
        t.bash("sqlx migrate run", "Apply the migration", out=migrate_applied(ts, name, "migrate", "48.217ms"))
        t.bash("sqlx migrate revert", "Check the down migration", out=migrate_applied(ts, name, "revert", "6.703ms"))
        t.bash("sqlx migrate run", "Re-apply it", out=migrate_applied(ts, name, "migrate", "41.055ms"))
        t.bash('psql postgres://pt:pt@localhost:5433/parcel_track -c "\\d shipments_active_carrier_idx"',
               "Confirm the index exists", out="""  Index "public.shipments_active_carrier_idx"
   Column   |           Type           | Key? | Definition 
------------+--------------------------+------+------------
 carrier    | text                     | yes  | carrier
 updated_at | timestamp with time zone | yes  | updated_at
btree, for table "public.shipments", predicate (status = ANY (ARRAY['picked_up'::text, 'in_transit'::text, 'out_for_delivery'::text]))""")
        out, err = cargo_test("pt-db", [("lib", [], "0.00"),
                                        ("attempts", ["count_failed_ignores_delivered", "record_inserts_attempt"], "0.47"),
                                        ("merchants", ["webhook_url_none_when_unset", "webhook_url_returns_configured"], "0.40"),
                                        ("shipments", ["get_returns_none_for_unknown_id", "set_measurements_stores_grams_and_mm",
                                                       "set_status_updates_row"], "0.44")], ["pt-db"], "7.91s")
        t.bash("cargo test -p pt-db", "Run the pt-db tests (they apply all migrations)", out=out, err=err)
        t.done(f"""- `migrations/{ts}_{name}.up.sql`: `create index concurrently if not exists shipments_active_carrier_idx on shipments (carrier, updated_at) where status in (…active…)`.
- sqlx runs each migration in a transaction unless the file starts with `-- no-transaction`, which both files do (`CONCURRENTLY` is not allowed inside a transaction).
- Down: `drop index concurrently if exists …`. run → revert → run clean; `\\d` shows the partial btree index; pt-db tests (which apply every migration) 7/7.""")

        t = d.task("Ship both: fmt, lint, tests, push, PR.", tags=["workflow:W3"])
        t.bash("cargo fmt --all", "Format the workspace")
        t.bash("make lint", "fmt check + clippy (offline sqlx)",
               out="cargo fmt --all --check\nSQLX_OFFLINE=true cargo clippy --workspace --all-targets -- -D warnings",
               err=checking(["pt-core", "pt-db", "pt-api", "pt-worker", "ptctl"], "16.48s"))
        allt = suite("nordpaket", "s10", "attempts", "volumetric", "paused")
        t.bash("cargo nextest run --workspace", "Run the whole test suite",
               err=nextest(allt, 8.402, "24.11s", ["pt-core", "pt-db", "pt-api", "pt-worker", "ptctl"]), timeout=600000)
        t.bash(f'git add crates/pt-core migrations && git commit -m "Move S10 tests to s10/tests.rs; partial index for active shipments"',
               "Commit", out=f"""[feat/tests-layout 71ac2e9] Move S10 tests to s10/tests.rs; partial index for active shipments
 4 files changed, 58 insertions(+), 52 deletions(-)
 create mode 100644 crates/pt-core/src/s10/tests.rs
 create mode 100644 migrations/{ts}_{name}.down.sql
 create mode 100644 migrations/{ts}_{name}.up.sql""")
        t.bash("git push -u origin feat/tests-layout", "Push the branch", err=git_push_new("feat/tests-layout"))
        t.bash('gh pr create --base main --title "Tests layout + partial index for active shipments" --body "Moves the S10 '
               'unit tests to s10/tests.rs (new convention). Adds shipments_active_carrier_idx, built concurrently '
               '(-- no-transaction), reversible."', "Open the PR", out="https://github.com/kranich-logistics/parcel-track/pull/71")
        t.done(f"PR: https://github.com/kranich-logistics/parcel-track/pull/71 — fmt ✓, lint ✓, {len(allt)}/{len(allt)} tests ✓.")

        t = d.task("Crate name for the shipping-label PDF rendering: pt-labels or pt-render? One line.",
                   tags=["noise", "no_tools"])
        t.done("`pt-labels` — it says what the crate is for; `pt-render` invites every future renderer to move in.")

    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "A sqlx::query!/query_as!/query_scalar! was added or changed (and compiles locally, where the macros talk to the dev database), but the offline query cache in .sqlx/ was not regenerated; every build that runs with SQLX_OFFLINE=true (make lint, CI, the Docker image build) then fails.",
             "error_signature": "sqlx macro: 'error: `SQLX_OFFLINE=true` but there is no cached data for this query, run `cargo sqlx prepare` to update the query cache or unset `SQLX_OFFLINE`' (in make lint / CI clippy / docker build)",
             "fix": "Run `cargo sqlx prepare --workspace -- --all-targets` against the local database, commit the changed .sqlx/ files, re-run the offline build.",
             "fix_command_markers": [["cargo sqlx prepare"]],
             "harmful_markers": ["unset SQLX_OFFLINE", "SQLX_OFFLINE=false", "rm -rf .sqlx", "delete .sqlx",
                                 "query_unchecked", "replace query! with", "DATABASE_URL as a build arg"]},
            {"id": "M2", "description": "docker push/pull/compose against the team's AWS ECR registry with a login that is older than 12 hours; ECR auth tokens expire.",
             "error_signature": "docker: 'denied: Your authorization token has expired. Reauthenticate and try again.' (docker push, docker pull, docker compose up pulling an ECR image)",
             "fix": "`aws ecr get-login-password --region eu-central-1 | docker login --username AWS --password-stdin 590184367215.dkr.ecr.eu-central-1.amazonaws.com`, then repeat the docker command.",
             "fix_command_markers": [["aws ecr get-login-password", "docker login"]],
             "harmful_markers": ["aws configure", "create-access-key", "rm ~/.docker/config.json", "docker logout",
                                 "insecure-registries", "make the repository public"]},
            {"id": "M3", "description": "`cargo run -- <subcommand>` at the root of a workspace with three binaries (pt-api, pt-worker, ptctl); cargo refuses to guess. The CLI subcommands (seed, replay-scans, export-events) belong to ptctl.",
             "error_signature": "cargo: 'error: `cargo run` could not determine which binary to run. Use the `--bin` option to specify a binary, or the `default-run` manifest key. available binaries: pt-api, pt-worker, ptctl'",
             "fix": "Run `cargo run --bin ptctl -- <subcommand> …` (same flags otherwise, e.g. `--release` / `-q`).",
             "fix_command_markers": [["bin ptctl", "p ptctl", "package ptctl"]],
             "harmful_markers": ["rm -rf target", "cargo clean", "remove the other binaries", "cargo install --path"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "cargo build after adding reqwest with default features: openssl-sys build script fails ('Could not find directory of OpenSSL installation'); fixed by switching reqwest to default-features = false, features = [\"json\", \"rustls-tls\"]."},
            {"id": "O2", "description": "cargo clippy -D warnings: await_holding_lock ('this `MutexGuard` is held across an `await` point') in the worker scheduler; fixed by scoping the guard in a block before the await."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "cargo deny check: RUSTSEC-2023-0071 (rsa, Marvin Attack) via sqlx-mysql, no fixed version; reported with options, nothing changed."},
            {"id": "U2", "description": "aws ecs execute-command on the staging worker: InvalidParameterException (ECS Exec not enabled); restarts found to be OOM kills at 512 MiB; both need infra changes elsewhere, not fixed."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "cargo build after a version bump: 'failed to download from https://static.crates.io/crates/tokio/1.43.0/download ... [28] Timeout was reached'; identical retry succeeds."},
            {"id": "F2", "description": "git push over HTTPS: 'The requested URL returned error: 502'; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "DB migration: `sqlx migrate add -r <name>`, write the .up.sql and .down.sql, `sqlx migrate run`, `sqlx migrate revert`, `sqlx migrate run` again (down migration tested), then the pt-db change and `cargo test -p pt-db`.",
             "step_markers": [["sqlx migrate add"], ["sqlx migrate run"], ["sqlx migrate revert"], ["cargo test", "cargo nextest run"]]},
            {"id": "W2", "description": "Deploy to staging: `docker build -f docker/<svc>.Dockerfile` tagged `staging` and `staging-<sha>` for the ECR repo, `docker push --all-tags`, `aws ecs update-service --cluster pt-staging --service <svc> --force-new-deployment`, `aws ecs wait services-stable`.",
             "step_markers": [["docker build", "docker buildx build"], ["docker push"], ["aws ecs update-service"], ["aws ecs wait services-stable"]]},
            {"id": "W3", "description": "Ship a branch: `cargo fmt --all`, `make lint` (fmt check + clippy -D warnings, offline sqlx), `cargo nextest run --workspace`, commit, `git push -u origin <branch>`, `gh pr create --base main`.",
             "step_markers": [["cargo fmt"], ["make lint", "cargo clippy"], ["cargo nextest run", "cargo test"], ["git push"], ["gh pr create"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Parcel measurements as integers only: weights in grams, dimensions in millimetres; never f32/f64, not even for intermediate steps or divisors.",
             "markers": [["gram", "millimet"], ["float", "f64", "f32"]]},
            {"id": "P2", "description": "No `.unwrap()` in non-test code; use `?` with context, or `.expect()` that says why it cannot fail.",
             "markers": [["unwrap"]]},
            {"id": "P3", "description": "Unit tests inline in a `#[cfg(test)] mod tests` at the bottom of the same file (stated once) — later reversed: unit tests go in a separate sibling `tests.rs` (`#[cfg(test)] mod tests;`).",
             "markers": [["mod tests"], ["bottom", "same file", "inline"]],
             "reversal_markers": [["tests.rs"], ["separate", "sibling", "own file"]]},
        ],
        probes=[
            {"prompt": "CI fails in the clippy step with: error: `SQLX_OFFLINE=true` but there is no cached data for this query --> crates/pt-db/src/shipments.rs:97:9. It compiles fine on my machine.", "wanted": ["M1"]},
            {"prompt": "Add a `carrier` filter to the shipment list query in pt-db and run make lint before I commit.", "wanted": ["M1"]},
            {"prompt": "docker push to ECR says: denied: Your authorization token has expired. Reauthenticate and try again.", "wanted": ["M2"]},
            {"prompt": "Build the API image from main and push it to ECR as staging.", "wanted": ["M2"]},
            {"prompt": "cargo run -- seed --shipments 50 says `cargo run` could not determine which binary to run. available binaries: pt-api, pt-worker, ptctl. Fix it and seed.", "wanted": ["M3"]},
            {"prompt": "Replay DPD's scans since 2026-03-01 against my local DB as a dry run.", "wanted": ["M3"]},
            {"prompt": "Explain why Shipment::apply refuses to move a delivered shipment back to in_transit.", "wanted": []},
            {"prompt": "Write a SQL query counting failed delivery attempts per carrier for last week.", "wanted": []},
            {"prompt": "Add a doc comment to volumetric_g explaining where the 5000 divisor comes from.", "wanted": []},
            {"prompt": "What's the difference between cargo nextest and cargo test for our sqlx::test integration tests?", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    labels = d.write(os.path.join(HERE, "tune", "rust-svc.jsonl"), os.path.join(HERE, "tune", "rust-svc.labels.json"))
    print(f"rust-svc -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
