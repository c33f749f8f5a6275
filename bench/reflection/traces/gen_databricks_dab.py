"""databricks-dab: Hannah Lindqvist, data engineer at Cartwheel Analytics (fictional retail analytics company).

Cartwheel builds sales, returns and loyalty analytics for grocery and convenience chains. Hannah's repo
basket-pipelines is a Databricks Asset Bundle on Azure Databricks, worked on from her laptop with the Databricks
CLI (v1.14): `databricks bundle validate|deploy|run|summary -t dev|staging|prod`, `databricks auth profiles`,
`databricks fs cp`. It holds a Lakeflow declarative (DLT) pipeline `pos_sales` in Python and SQL (Auto Loader
bronze from a Unity Catalog landing volume, silver with expectations, gold tables), three wheel jobs (daily_sales,
returns, loyalty) built with uv + hatchling, PySpark unit tests with pytest through Databricks Connect 15.4
(`DatabricksSession`) on the dev cluster, fixtures read from the UC volume /Volumes/cw_dev/ci/fixtures, Unity
Catalog catalogs cw_dev / cw_stg / cw_prod, ad-hoc SQL with dbsqlcli, Azure DevOps for staging/prod deploys and
tag releases, notebooks kept as .py source files.

Written blind for fresh/; measured once held out (round 25), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_databricks_dab.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "hannah"
H = "/home/hannah"
R = H + "/src/basket-pipelines"
MODEL = "claude-opus-4-6"
ME = "hannah.lindqvist@cartwheel.io"
DEV_HOST = "https://adb-3318046625710934.14.azuredatabricks.net"
STG_HOST = "https://adb-7719203845516602.2.azuredatabricks.net"
PRD_HOST = "https://adb-5501882937461145.6.azuredatabricks.net"
DEV_WS = "3318046625710934"
STG_WS = "7719203845516602"
DEV_ROOT = f"/Workspace/Users/{ME}/.bundle/basket-pipelines/dev"
STG_ROOT = "/Workspace/Shared/.bundle/basket-pipelines/staging"
PRD_ROOT = "/Workspace/Shared/.bundle/basket-pipelines/prod"
FIXVOL = "dbfs:/Volumes/cw_dev/ci/fixtures"
DEVNAME = "[dev hannah_lindqvist]"
PY = R + "/.venv/lib/python3.11/site-packages"
POS_PIPE_ID = "6c1e0f3a-92d4-4b8e-a7f1-2d5c8e90b4a7"
REMOTE = "https://dev.azure.com/cartwheel/data-platform/_git/basket-pipelines"

# ------------------------------------------------------------------ virtual file system

README = """# basket-pipelines

Cartwheel Analytics retail pipelines on Azure Databricks, deployed as a Databricks Asset Bundle.

- `pos_sales_pipeline` (resources/pos_sales.pipeline.yml): Lakeflow declarative pipeline. POS files from the
  landing volume -> bronze (Auto Loader) -> silver (expectations) -> gold. Python and SQL sources in
  `src/pipelines/pos_sales/`.
- `daily_sales_job`: wheel task `daily_sales`, then a SQL task that refreshes the sales summary.
- `returns_job`: wheel task `returns` (silver returns from the returns export).
- `loyalty_job`: wheel task `loyalty_points` (points per member and day).

The wheel (`basket_pipelines`, src layout) is built by the bundle (`artifacts.basket_wheel`, `uv build --wheel`).

## Setup

    uv sync                 # Python 3.11; databricks-connect 15.4 matches the DBR 15.4 LTS job clusters
    databricks auth login --profile cw-dev --host https://adb-3318046625710934.14.azuredatabricks.net

Tests run through Databricks Connect on the shared dev cluster (`cluster_id` is in the cw-dev profile), so every
`spark.read` happens on the cluster. Fixture files are therefore read from the UC volume
`/Volumes/cw_dev/ci/fixtures`, not from your laptop. After adding or changing a file in `tests/fixtures/`, copy
the folder up:

    databricks fs cp -r --overwrite tests/fixtures dbfs:/Volumes/cw_dev/ci/fixtures

## Deploy

- dev: `databricks bundle deploy -t dev` (your own copy: `[dev <you>]` prefix, schedules paused)
- staging / prod: Azure DevOps (`azure-pipelines.yml`) as the `sp-basket-deployer` service principal.
  main -> staging on every merge, prod on `v*` tags.

There is no default target on purpose. Always pass `-t`.
"""

DATABRICKS_YML = """# Cartwheel Analytics: retail pipelines (POS ingest, daily sales, returns, loyalty).
# No default target on purpose: always pass -t. staging and prod are deployed by Azure DevOps.
bundle:
  name: basket-pipelines
  databricks_cli_version: ">= 1.12.0"

include:
  - resources/*.yml

artifacts:
  basket_wheel:
    type: whl
    build: uv build --wheel
    path: .

targets:
  dev:
    mode: development
    workspace:
      host: https://adb-3318046625710934.14.azuredatabricks.net
    variables:
      catalog: cw_dev

  staging:
    mode: production
    workspace:
      host: https://adb-7719203845516602.2.azuredatabricks.net
      root_path: /Workspace/Shared/.bundle/${bundle.name}/${bundle.target}
    run_as:
      service_principal_name: 3c9d51a2-6e0f-4b7a-9d24-81f5c2e7a6b0
    variables:
      catalog: cw_stg

  prod:
    mode: production
    workspace:
      host: https://adb-5501882937461145.6.azuredatabricks.net
      root_path: /Workspace/Shared/.bundle/${bundle.name}/${bundle.target}
    run_as:
      service_principal_name: 8a41f7c0-2b5d-4e93-a1c6-f07d9e3b2c58
    variables:
      catalog: cw_prod
"""

VARIABLES_YML = """# Bundle variables. Per-target values go under targets.<name>.variables in databricks.yml.
variables:
  catalog:
    description: Unity Catalog catalog that the jobs and the pipeline read from and write to.
  etl_node_type:
    description: Node type of the job clusters.
    default: Standard_D4ds_v5
"""

DAILY_SALES_JOB = """resources:
  jobs:
    daily_sales_job:
      name: daily_sales
      description: Daily sales per store and category, then refresh of the sales summary used by the dashboards.
      schedule:
        quartz_cron_expression: "0 30 5 * * ?"
        timezone_id: Europe/Stockholm
      parameters:
        - name: catalog
          default: ${var.catalog}
        - name: run_date
          default: "{{job.start_time.iso_date}}"
      job_clusters:
        - job_cluster_key: etl
          new_cluster:
            spark_version: 15.4.x-scala2.12
            node_type_id: ${var.etl_node_type}
            num_workers: 2
            data_security_mode: SINGLE_USER
      tasks:
        - task_key: build_daily_sales
          job_cluster_key: etl
          python_wheel_task:
            package_name: basket_pipelines
            entry_point: daily_sales
            parameters: ["--catalog", "{{job.parameters.catalog}}", "--run-date", "{{job.parameters.run_date}}"]
          libraries:
            - whl: ../dist/*.whl
        - task_key: refresh_sales_summary
          depends_on:
            - task_key: build_daily_sales
          sql_task:
            warehouse_id: 8e1c0b7f3a9d2e41
            file:
              path: ../src/sql/refresh_sales_summary.sql
"""

RETURNS_JOB = """resources:
  jobs:
    returns_job:
      name: returns
      description: Silver returns from the nightly returns export.
      schedule:
        quartz_cron_expression: "0 0 6 * * ?"
        timezone_id: Europe/Stockholm
      parameters:
        - name: catalog
          default: ${var.catalog}
        - name: run_date
          default: "{{job.start_time.iso_date}}"
      job_clusters:
        - job_cluster_key: etl
          new_cluster:
            spark_version: 15.4.x-scala2.12
            node_type_id: ${var.etl_node_type}
            num_workers: 1
            data_security_mode: SINGLE_USER
      tasks:
        - task_key: build_silver_returns
          job_cluster_key: etl
          python_wheel_task:
            package_name: basket_pipelines
            entry_point: returns
            parameters: ["--catalog", "{{job.parameters.catalog}}", "--run-date", "{{job.parameters.run_date}}"]
          libraries:
            - whl: ../dist/*.whl
"""

LOYALTY_JOB = """resources:
  jobs:
    loyalty_job:
      name: loyalty
      description: Loyalty points per member and day, from silver POS lines joined to the member cards.
      schedule:
        quartz_cron_expression: "0 15 7 * * ?"
        timezone_id: Europe/Stockholm
      parameters:
        - name: catalog
          default: ${var.catalog}
        - name: run_date
          default: "{{job.start_time.iso_date}}"
      job_clusters:
        - job_cluster_key: etl
          new_cluster:
            spark_version: 15.4.x-scala2.12
            node_type_id: ${var.etl_node_type}
            num_workers: 2
            data_security_mode: SINGLE_USER
      tasks:
        - task_key: loyalty_points
          job_cluster_key: etl
          python_wheel_task:
            package_name: basket_pipelines
            entry_point: loyalty_points
            parameters: ["--catalog", "{{job.parameters.catalog}}", "--run-date", "{{job.parameters.run_date}}"]
          libraries:
            - whl: ../dist/*.whl
"""

POS_PIPELINE = """resources:
  pipelines:
    pos_sales_pipeline:
      name: pos_sales
      catalog: ${var.catalog}
      schema: pos
      serverless: true
      channel: CURRENT
      photon: true
      configuration:
        landing_path: /Volumes/${var.catalog}/landing/pos
      libraries:
        - file:
            path: ../src/pipelines/pos_sales/bronze_pos.py
        - file:
            path: ../src/pipelines/pos_sales/silver_pos.py
"""

BRONZE_POS = """import dlt
from pyspark.sql import functions as F

LANDING = spark.conf.get("landing_path")


@dlt.table(
    name="bronze_pos_lines",
    comment="Raw POS line items as delivered by the store systems (CSV, one file per store and hour).",
    table_properties={"quality": "bronze"},
)
def bronze_pos_lines():
    return (
        spark.readStream.format("cloudFiles")
        .option("cloudFiles.format", "csv")
        .option("cloudFiles.inferColumnTypes", "true")
        .option("header", "true")
        .load(f"{LANDING}/lines/")
        .withColumn("_ingested_at", F.current_timestamp())
        .withColumn("_source_file", F.col("_metadata.file_path"))
    )


@dlt.table(
    name="bronze_stores",
    comment="Store master data export (JSON, full snapshot every night).",
    table_properties={"quality": "bronze"},
)
def bronze_stores():
    return (
        spark.readStream.format("cloudFiles")
        .option("cloudFiles.format", "json")
        .load(f"{LANDING}/stores/")
        .withColumn("_ingested_at", F.current_timestamp())
    )
"""

SILVER_POS = """import dlt
from pyspark.sql import functions as F


@dlt.table(
    name="silver_pos_lines",
    comment="Typed, de-duplicated POS lines.",
    table_properties={"quality": "silver"},
)
@dlt.expect_or_drop("valid_store", "store_id IS NOT NULL")
@dlt.expect_or_drop("valid_quantity", "quantity <> 0")
def silver_pos_lines():
    return (
        dlt.read_stream("bronze_pos_lines")
        .select(
            F.col("store_id").cast("int").alias("store_id"),
            F.col("receipt_id"),
            F.col("line_no").cast("int").alias("line_no"),
            F.col("sku"),
            F.col("category"),
            F.col("member_id"),
            F.col("quantity").cast("int").alias("quantity"),
            F.col("net_amount").cast("decimal(12,2)").alias("net_amount"),
            F.to_timestamp("sold_at").alias("sold_at"),
            F.col("_ingested_at"),
        )
        .withWatermark("sold_at", "2 days")
        .dropDuplicates(["store_id", "receipt_id", "line_no"])
    )
"""

ORDERS_PY = '''"""Silver orders: web and app orders from the order service export (batch, daily)."""
from pyspark.sql import DataFrame
from pyspark.sql import functions as F


def clean_orders(raw: DataFrame) -> DataFrame:
    return raw.select(
        F.col("order_id"),
        F.col("customer_id"),
        F.col("store_id").cast("int").alias("store_id"),
        F.col("status"),
        F.col("total_amount").cast("decimal(12,2)").alias("total_amount"),
        F.to_timestamp("created_at").alias("created_at"),
        F.to_timestamp("ingested_at").alias("ingested_at"),
    ).where(F.col("order_id").isNotNull())
'''

TEST_ORDERS = '''from basket_pipelines.silver.orders import clean_orders

COLS = ["order_id", "customer_id", "store_id", "status", "total_amount", "created_at", "ingested_at"]


def test_clean_orders_drops_rows_without_id(spark):
    raw = spark.createDataFrame(
        [
            ("o-1", "c-1", "12", "created", "19.90", "2026-10-01 08:00:00", "2026-10-01 08:05:00"),
            (None, "c-2", "12", "created", "5.00", "2026-10-01 08:01:00", "2026-10-01 08:05:00"),
        ],
        COLS,
    )
    assert [r.order_id for r in clean_orders(raw).collect()] == ["o-1"]


def test_clean_orders_types(spark):
    raw = spark.createDataFrame(
        [("o-1", "c-1", "12", "created", "19.90", "2026-10-01 08:00:00", "2026-10-01 08:05:00")], COLS
    )
    types = dict(clean_orders(raw).dtypes)
    assert types["store_id"] == "int"
    assert types["total_amount"] == "decimal(12,2)"
    assert types["created_at"] == "timestamp"
'''

RETURNS_PY = '''"""Silver returns from the nightly returns export (one CSV per day in the landing volume)."""
from datetime import date

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F


def clean_returns(raw: DataFrame) -> DataFrame:
    return raw.select(
        F.col("return_id"),
        F.col("order_id"),
        F.col("store_id").cast("int").alias("store_id"),
        F.col("sku"),
        F.col("quantity").cast("int").alias("quantity"),
        F.col("refund_amount").cast("decimal(12,2)").alias("refund_amount"),
        F.col("reason_code"),
        F.to_timestamp("returned_at").alias("returned_at"),
    ).where(F.col("return_id").isNotNull())


def build_silver_returns(spark: SparkSession, catalog: str, run_date: date) -> None:
    raw = spark.read.csv(f"/Volumes/{catalog}/landing/returns/{run_date:%Y/%m/%d}/", header=True)
    (
        clean_returns(raw)
        .write.mode("overwrite")
        .option("replaceWhere", f"to_date(returned_at) = '{run_date}'")
        .saveAsTable(f"{catalog}.silver.returns")
    )
'''

POINTS_PY = '''"""Loyalty points per member and day: 1 point per full 10 SEK of net spend on member receipts."""
from datetime import date

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F


def points_per_member(lines: DataFrame) -> DataFrame:
    return (
        lines.where(F.col("member_id").isNotNull())
        .groupBy("member_id", F.to_date("sold_at").alias("day"))
        .agg(F.sum("net_amount").alias("spend"))
        .withColumn("points", F.floor(F.col("spend") / 10).cast("int"))
    )


def build_loyalty_points(spark: SparkSession, catalog: str, run_date: date) -> None:
    lines = spark.table(f"{catalog}.pos.silver_pos_lines").where(F.to_date("sold_at") == F.lit(run_date))
    (
        points_per_member(lines)
        .write.mode("overwrite")
        .option("replaceWhere", f"day = '{run_date}'")
        .saveAsTable(f"{catalog}.gold.loyalty_points_daily")
    )
'''

TEST_POINTS = '''from decimal import Decimal

from basket_pipelines.loyalty.points import points_per_member

COLS = "member_id string, sold_at timestamp, net_amount decimal(12,2)"


def test_points_floor_per_ten_sek(spark):
    from datetime import datetime

    lines = spark.createDataFrame(
        [
            ("m-1", datetime(2026, 10, 12, 9, 0), Decimal("57.50")),
            ("m-1", datetime(2026, 10, 12, 17, 30), Decimal("12.60")),
            (None, datetime(2026, 10, 12, 10, 0), Decimal("99.00")),
        ],
        COLS,
    )
    got = {(r.member_id, r.points) for r in points_per_member(lines).collect()}
    assert got == {("m-1", 7)}
'''

CONFTEST = '''import os

import pytest
from databricks.connect import DatabricksSession

# Databricks Connect runs every read on the dev cluster: fixture files live in the UC volume below,
# mirrored from tests/fixtures/ (see README). CI copies the folder before the test step.
FIXTURES_VOLUME = "/Volumes/cw_dev/ci/fixtures"


@pytest.fixture(scope="session")
def spark():
    profile = os.environ.get("CW_TEST_PROFILE", "cw-dev")
    return DatabricksSession.builder.profile(profile).getOrCreate()


@pytest.fixture(scope="session")
def fixtures_root():
    return FIXTURES_VOLUME
'''

ENTRYPOINTS = '''"""Console entry points used by the python_wheel_task of each job."""
import argparse
from datetime import date

from pyspark.sql import SparkSession

from basket_pipelines.gold.daily_sales import build_daily_sales
from basket_pipelines.loyalty.points import build_loyalty_points
from basket_pipelines.silver.returns import build_silver_returns


def _args(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--catalog", required=True)
    p.add_argument("--run-date", type=date.fromisoformat, required=True)
    return p.parse_args(argv)


def daily_sales(argv=None):
    a = _args(argv)
    build_daily_sales(SparkSession.builder.getOrCreate(), a.catalog, a.run_date)


def returns(argv=None):
    a = _args(argv)
    build_silver_returns(SparkSession.builder.getOrCreate(), a.catalog, a.run_date)


def loyalty_points(argv=None):
    a = _args(argv)
    build_loyalty_points(SparkSession.builder.getOrCreate(), a.catalog, a.run_date)
'''

PYPROJECT = """[project]
name = "basket-pipelines"
version = "0.6.2"
description = "Cartwheel retail pipelines: POS ingest, daily sales, returns, loyalty"
readme = "README.md"
requires-python = ">=3.11,<3.12"
dependencies = []

[project.scripts]
daily_sales = "basket_pipelines.entrypoints:daily_sales"
returns = "basket_pipelines.entrypoints:returns"
loyalty_points = "basket_pipelines.entrypoints:loyalty_points"

[dependency-groups]
dev = [
    "databricks-connect~=15.4.0",
    "databricks-sdk>=0.67",
    "pytest>=8.4",
    "pytest-cov>=6.2",
    "ruff>=0.13",
]

[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[tool.hatch.build.targets.wheel]
packages = ["src/basket_pipelines"]

[tool.pytest.ini_options]
testpaths = ["tests"]

[tool.ruff]
line-length = 110
"""

CHANGELOG = """# Changelog

## v0.6.2 (2026-09-29)
- loyalty: members without a card scan on the receipt are skipped instead of failing the job
- pos_sales: `_source_file` on bronze lines

## v0.6.1 (2026-09-22)
- daily_sales: run_date defaults to the job start date

## v0.6.0 (2026-09-15)
- loyalty job (points per member and day)
- pos_sales moved to serverless
"""

AZURE_PIPELINES = """trigger:
  branches:
    include: [main]
  tags:
    include: ["v*"]

pool:
  vmImage: ubuntu-24.04

variables:
  - group: basket-deployer-sp   # ARM_CLIENT_ID / ARM_CLIENT_SECRET / ARM_TENANT_ID of sp-basket-deployer

stages:
  - stage: test
    jobs:
      - job: unit
        steps:
          - script: curl -LsSf https://astral.sh/uv/install.sh | sh
          - script: curl -fsSL https://raw.githubusercontent.com/databricks/setup-cli/main/install.sh | sh
          - script: databricks fs cp -r --overwrite tests/fixtures dbfs:/Volumes/cw_dev/ci/fixtures
            env: { DATABRICKS_HOST: https://adb-3318046625710934.14.azuredatabricks.net }
          - script: uv run pytest -q --junitxml=test-results.xml
            env: { DATABRICKS_HOST: https://adb-3318046625710934.14.azuredatabricks.net, CW_TEST_PROFILE: "" }
  - stage: staging
    dependsOn: test
    condition: and(succeeded(), eq(variables['Build.SourceBranch'], 'refs/heads/main'))
    jobs:
      - job: deploy
        steps:
          - script: databricks bundle deploy -t staging
            env: { DATABRICKS_HOST: https://adb-7719203845516602.2.azuredatabricks.net }
  - stage: prod
    dependsOn: test
    condition: and(succeeded(), startsWith(variables['Build.SourceBranch'], 'refs/tags/v'))
    jobs:
      - deployment: deploy
        environment: basket-prod
        strategy:
          runOnce:
            deploy:
              steps:
                - checkout: self
                - script: databricks bundle deploy -t prod
                  env: { DATABRICKS_HOST: https://adb-5501882937461145.6.azuredatabricks.net }
"""

FILES = {
    R + "/README.md": README,
    R + "/databricks.yml": DATABRICKS_YML,
    R + "/pyproject.toml": PYPROJECT,
    R + "/CHANGELOG.md": CHANGELOG,
    R + "/azure-pipelines.yml": AZURE_PIPELINES,
    R + "/resources/variables.yml": VARIABLES_YML,
    R + "/resources/daily_sales.job.yml": DAILY_SALES_JOB,
    R + "/resources/returns.job.yml": RETURNS_JOB,
    R + "/resources/loyalty.job.yml": LOYALTY_JOB,
    R + "/resources/pos_sales.pipeline.yml": POS_PIPELINE,
    R + "/src/pipelines/pos_sales/bronze_pos.py": BRONZE_POS,
    R + "/src/pipelines/pos_sales/silver_pos.py": SILVER_POS,
    R + "/src/basket_pipelines/silver/orders.py": ORDERS_PY,
    R + "/src/basket_pipelines/silver/returns.py": RETURNS_PY,
    R + "/src/basket_pipelines/loyalty/points.py": POINTS_PY,
    R + "/src/basket_pipelines/entrypoints.py": ENTRYPOINTS,
    R + "/tests/conftest.py": CONFTEST,
    R + "/tests/unit/test_orders.py": TEST_ORDERS,
    R + "/tests/unit/test_points.py": TEST_POINTS,
}

# ------------------------------------------------------------------ tool output helpers


def validate_ok(target, host, path, warnings=""):
    head = (warnings.strip("\n") + "\n\n") if warnings else ""
    tail = "Found 1 warning" if warnings else "Validation OK!"
    return (f"{head}Name: basket-pipelines\nTarget: {target}\nWorkspace:\n  Host: {host}\n  User: {ME}\n"
            f"  Path: {path}\n\n{tail}")


def m1_validate_err(target, var):
    return (f"Error: failed to perform target override for target={target}: variable {var} is not defined but is "
            f"assigned a value\n\nName: basket-pipelines\n\nFound 1 error")


def m2_err(cmdpath, validate_target=None):
    out = (f"Error: cannot resolve bundle auth configuration: resolve: {STG_HOST}: multiple profiles matched: cw-stg, "
           f"cw-stg-sp: please set DATABRICKS_CONFIG_PROFILE or provide --profile flag to specify one. Config: "
           f"host={STG_HOST}\n\n"
           "Matching workspace profiles: cw-stg, cw-stg-sp\n\n"
           "Fix (pick one):\n"
           "  1. Set profile in databricks.yml:\n"
           "       workspace:\n"
           "         profile: cw-stg\n"
           "  2. Pass a flag:\n"
           f"       {cmdpath} --profile cw-stg\n"
           "  3. Set env var:\n"
           "       DATABRICKS_CONFIG_PROFILE=cw-stg")
    if validate_target:
        out += (f"\n\nName: basket-pipelines\nTarget: {validate_target}\nWorkspace:\n  Host: {STG_HOST}\n\n"
                "Found 1 error")
    return out


def deploy_out(root, whl, changed, counts, files, created=(), build=True):
    lines = []
    if build:
        lines.append("Building basket_wheel...")
        lines.append(f"Uploading dist/{whl}...")
    lines.append(f"Uploading bundle files to {root}/files...")
    for c in created:
        lines.append(f"Created {c}")
    for c in changed:
        lines.append(f"Updated {c}")
    lines.append(f"Files: {files[0]} uploaded, {files[1]} deleted")
    lines.append(f"Resources: {counts[0]} created, {counts[1]} changed, {counts[2]} deleted, {counts[3]} unchanged")
    return "\n".join(lines)


def job_run(host, ws, job_id, run_id, name, events):
    out = [f"Run URL: {host}/jobs/{job_id}/runs/{run_id}?o={ws}", ""]
    for ts, state in events:
        out.append(f'{ts} "{name}" {state}')
    return "\n".join(out)


def pipe_run(host, pid, uid, events, failed=False):
    out = [f"Update URL: {host}/#joblist/pipelines/{pid}/updates/{uid}", ""]
    for ts, typ, lvl, msg in events:
        out.append(f"{ts} {typ:<15} {lvl} \"{msg.splitlines()[0]}\"")
        for extra in msg.splitlines()[1:]:
            out.append(extra)
    if failed:
        out.append("Error: update failed")
    return "\n".join(out)


def upd_events(day, uid6, states, start):
    """update_progress events for the given states, one every few seconds from start (HH:MM:SS)."""
    h, m, s = (int(x) for x in start.split(":"))
    t = h * 3600 + m * 60 + s
    ev = []
    for k, st in enumerate(states):
        t += [0, 38, 21, 17, 44, 12, 9, 26][k % 8]
        ts = f"{day}T{t // 3600:02d}:{t % 3600 // 60:02d}:{t % 60:02d}.{(137 * (k + 3)) % 1000:03d}Z"
        ev.append((ts, "update_progress", "INFO" if st != "FAILED" else "ERROR", f"Update {uid6} is {st}."))
    return ev


PYTEST_HEAD = (f"============================= test session starts ==============================\n"
               f"platform linux -- Python 3.11.9, pytest-8.4.2, pluggy-1.6.0\n"
               f"rootdir: {R}\nconfigfile: pyproject.toml\nplugins: cov-6.2.1\n")


def pytest_ok(files, secs, q=False):
    n = sum(c for _, c in files)
    if q:
        return "." * n + " " * (73 - n) + "[100%]\n" + f"{n} passed in {secs}s"
    body = "\n".join(f"{f} {'.' * c}".ljust(73) + "[" + f"{int(100 * sum(cc for _, cc in files[:i + 1]) / n)}%".rjust(4) + "]"
                     for i, (f, c) in enumerate(files))
    tail = f" {n} passed in {secs}s "
    return (PYTEST_HEAD + f"collected {n} items\n\n{body}\n\n" + tail.center(80, "="))


def path_not_found_fail(test_file, test_name, src_lines, err_line_no, vol_path, reader, passed, secs, fmt_cls):
    """pytest failure for a Databricks Connect read of a fixture file that is not in the UC volume."""
    n = passed + 1
    dots = "." * passed
    body = f"{test_file} {dots}F".ljust(73) + "[100%]"
    src = "\n".join(src_lines)
    msg = (f"[PATH_NOT_FOUND] Path does not exist: {vol_path}. SQLSTATE: 42K03")
    return (PYTEST_HEAD + f"collected {n} items\n\n{body}\n\n"
            + " FAILURES ".center(80, "=") + "\n"
            + f" {test_name} ".center(80, "_") + "\n\n"
            + "spark = <pyspark.sql.connect.session.SparkSession object at 0x7f3b9c2e4d10>\n"
            + "fixtures_root = '/Volumes/cw_dev/ci/fixtures'\n\n"
            + src + "\n\n"
            + f"{test_file}:{err_line_no}: \n"
            + "_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _\n"
            + f".venv/lib/python3.11/site-packages/pyspark/sql/connect/dataframe.py:1778: in collect\n"
            + "    table, schema = self._to_table()\n"
            + ".venv/lib/python3.11/site-packages/pyspark/sql/connect/dataframe.py:1791: in _to_table\n"
            + "    table, schema, self._execution_info = self._session.client.to_table(\n"
            + ".venv/lib/python3.11/site-packages/pyspark/sql/connect/client/core.py:922: in to_table\n"
            + "    table, schema, metrics, observed_metrics, _ = self._execute_and_fetch(req, observations)\n"
            + ".venv/lib/python3.11/site-packages/pyspark/sql/connect/client/core.py:1482: in _execute_and_fetch\n"
            + "    for response in self._execute_and_fetch_as_iterator(\n"
            + ".venv/lib/python3.11/site-packages/pyspark/sql/connect/client/core.py:1463: in _execute_and_fetch_as_iterator\n"
            + "    self._handle_error(error)\n"
            + ".venv/lib/python3.11/site-packages/pyspark/sql/connect/client/core.py:1734: in _handle_error\n"
            + "    self._handle_rpc_error(error)\n"
            + "_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _\n\n"
            + "self = <pyspark.sql.connect.client.core.SparkConnectClient object at 0x7f3b9c2e5a90>\n"
            + "rpc_error = <_MultiThreadedRendezvous of RPC that terminated with:\n"
            + "\tstatus = StatusCode.INTERNAL\n"
            + f"\tdetails = \"[PATH_NOT_FOUND] Path does not exist: {vol_path}. SQLSTATE: 42K03\"\n"
            + "\tdebug_error_string = \"UNKNOWN:Error received from peer  {grpc_message:\"[PATH_NOT_FOUND] Path does "
              f"not exist: {vol_path}. SQLSTATE: 42K03\", grpc_status:13}}\"\n>\n\n"
            + "    def _handle_rpc_error(self, rpc_error: grpc.RpcError) -> NoReturn:\n"
            + "        ...\n"
            + ">                   raise convert_exception(\n"
            + "                        info,\n"
            + "                        status.message,\n"
            + "                        self._fetch_enriched_error(info),\n"
            + "                        self._display_server_stack_trace(),\n"
            + "                    ) from None\n"
            + f"E                   pyspark.errors.exceptions.connect.AnalysisException: {msg}\n"
            + "E                   \n"
            + "E                   JVM stacktrace:\n"
            + "E                   org.apache.spark.sql.AnalysisException\n"
            + "E                   \tat org.apache.spark.sql.errors.QueryCompilationErrors$.dataPathNotExistError(QueryCompilationErrors.scala:1720)\n"
            + "E                   \tat org.apache.spark.sql.execution.datasources.DataSource$.$anonfun$checkAndGlobPathIfNecessary$4(DataSource.scala:856)\n"
            + "E                   \tat org.apache.spark.sql.execution.datasources.DataSource$.checkAndGlobPathIfNecessary(DataSource.scala:853)\n"
            + f"E                   \tat org.apache.spark.sql.execution.datasources.DataSource.resolveRelation(DataSource.scala:{fmt_cls})\n"
            + "E                   \tat org.apache.spark.sql.connect.planner.SparkConnectPlanner.transformReadRel(SparkConnectPlanner.scala:1498)\n"
            + "E                   \tat org.apache.spark.sql.connect.planner.SparkConnectPlanner.transformRelation(SparkConnectPlanner.scala:164)\n"
            + "E                   \t... 47 more\n\n"
            + ".venv/lib/python3.11/site-packages/pyspark/sql/connect/client/core.py:1879: AnalysisException\n"
            + " short test summary info ".center(80, "=") + "\n"
            + f"FAILED {test_file}::{test_name} - pyspark.errors.exceptions.connect.AnalysisException: {msg}\n"
            + f" 1 failed, {passed} passed in {secs}s ".center(80, "="))


def fs_cp_out(names):
    return "\n".join(f"tests/fixtures/{n} -> {FIXVOL}/{n}" for n in names)


def git_push_tag(old, new, tag, objs):
    return (f"Enumerating objects: {objs}, done.\nCounting objects: 100% ({objs}/{objs}), done.\n"
            f"Delta compression using up to 12 threads\nCompressing objects: 100% ({objs - 3}/{objs - 3}), done.\n"
            f"Writing objects: 100% ({objs - 2}/{objs - 2}), 1.21 KiB | 1.21 MiB/s, done.\n"
            f"Total {objs - 2} (delta 4), reused 0 (delta 0), pack-reused 0 (from 0)\n"
            f"remote: Analyzing objects... ({objs - 2}/{objs - 2}) (6 ms)\n"
            "remote: Validating commits... (1/1) done (1 ms)\n"
            "remote: Storing packfile... done (44 ms)\n"
            "remote: Storing index... done (31 ms)\n"
            f"To {REMOTE}\n   {old}..{new}  main -> main\n * [new tag]         {tag} -> {tag}")


FIXTURES_BEFORE = ["orders_small.csv", "pos_lines_small.csv", "returns_small.csv", "stores_snapshot.json"]

FILES[R + "/resources/daily_sales.job.yml"] = DAILY_SALES_JOB.replace(
    "then refresh of the sales summary", "then a refresh of the sales summery")


def auth_profiles():
    rows = [("Name", "Host", "Valid"), ("cw-dev", DEV_HOST, "YES"), ("cw-stg", STG_HOST, "YES"),
            ("cw-stg-sp", STG_HOST, "YES"), ("cw-prod-ro", PRD_HOST, "YES")]
    w0 = max(len(r[0]) for r in rows) + 2
    w1 = max(len(r[1]) for r in rows) + 2
    return "\n".join(f"{a:<{w0}}{b:<{w1}}{c}" for a, b, c in rows)


def table(cols, rows):
    w = [max(len(str(c)), *(len(str(r[i])) for r in rows)) for i, c in enumerate(cols)]
    sep = "+" + "+".join("-" * (x + 2) for x in w) + "+"
    line = lambda vals: "| " + " | ".join(str(v).ljust(w[i]) for i, v in enumerate(vals)) + " |"
    return "\n".join([sep, line(cols), sep] + [line(r) for r in rows] + [sep])


def ln(d, path, needle):
    for i, line in enumerate(d.files[path].split("\n"), 1):
        if needle in line:
            return i
    raise KeyError(needle)


def grep_content(d, paths, needle):
    out = []
    for p in paths:
        for i, line in enumerate(d.files[p].split("\n"), 1):
            if needle in line:
                out.append(f"{p}:{i}:{line}")
    return "\n".join(out)


# ------------------------------------------------------------------ the month

def gen():
    d = Dev("databricks-dab", U, "en", MODEL, seed=90417, files=FILES)
    DBY = R + "/databricks.yml"
    VARS = R + "/resources/variables.yml"
    DSJ = R + "/resources/daily_sales.job.yml"
    LJ = R + "/resources/loyalty.job.yml"
    PP = R + "/resources/pos_sales.pipeline.yml"
    PIPE = R + "/src/pipelines/pos_sales"
    PKG = R + "/src/basket_pipelines"

    # ================= S1 =================
    with d.session("2026-10-05T09:10:00", R, branch="main", version="2.1.131"):
        t = d.task("morning. first time using you on this repo. quick tour of how the bundle is put together pls: "
                   "targets, what gets deployed where, how the tests run", tags=["noise"])
        t.read(R + "/README.md")
        t.read(DBY)
        t.glob("resources/*.yml", [R + "/resources/daily_sales.job.yml", R + "/resources/loyalty.job.yml",
                                   R + "/resources/pos_sales.pipeline.yml", R + "/resources/returns.job.yml",
                                   R + "/resources/variables.yml"])
        t.read(VARS)
        t.read(PP)
        t.read(R + "/tests/conftest.py")
        t.read(R + "/azure-pipelines.yml")
        t.done("Here's how it fits together:\n\n"
               "**Bundle** (`databricks.yml`, bundle `basket-pipelines`)\n"
               "- Pulls in everything under `resources/*.yml`. Variables are declared in `resources/variables.yml`: "
               "`catalog` (no default) and `etl_node_type`.\n"
               "- One artifact, `basket_wheel`: `uv build --wheel` of the `basket_pipelines` package. The bundle "
               "builds and uploads it on every deploy.\n"
               "- Three targets and no default, so every command needs `-t`:\n"
               "  - `dev`: development mode on the dev workspace (adb-3318…). `catalog = cw_dev`, your own copy "
               "under `~/.bundle/basket-pipelines/dev`, names prefixed `[dev hannah_lindqvist]`, schedules paused.\n"
               "  - `staging` / `prod`: production mode, shared root path, `run_as` the deployer service principal, "
               "catalogs `cw_stg` / `cw_prod`.\n\n"
               "**Resources**\n"
               "- `pos_sales_pipeline`: serverless declarative pipeline, schema `pos`. Bronze is Auto Loader over "
               "`/Volumes/<catalog>/landing/pos` (`bronze_pos_lines`, `bronze_stores`), silver has "
               "expectations and de-duplication.\n"
               "- `daily_sales_job`, `returns_job`, `loyalty_job`: wheel tasks on DBR 15.4 job clusters, all "
               "taking `--catalog` and `--run-date`. daily_sales also has a SQL task on warehouse `8e1c0b7f3a9d2e41`.\n\n"
               "**Tests**\n"
               "- pytest through Databricks Connect (`DatabricksSession`, profile `cw-dev`, so they run on the dev "
               "cluster). Fixture files are read from the volume `/Volumes/cw_dev/ci/fixtures`, which mirrors "
               "`tests/fixtures/`.\n\n"
               "**CI** (Azure DevOps)\n"
               "- Copies the fixtures, runs pytest, deploys `staging` on main and `prod` on `v*` tags, as the "
               "service principal.")

        t = d.task("daily_sales: the refresh_sales_summary sql task is pinned to the shared warehouse. in dev it "
                   "should use our 2XS one (4b9f62d1c07e85aa), staging/prod keep 8e1c0b7f3a9d2e41. make it a bundle "
                   "var and check dev validates", tags=["mistake:M1"])
        t.read(DSJ)
        t.edit(DSJ, "            warehouse_id: 8e1c0b7f3a9d2e41\n", "            warehouse_id: ${var.warehouse_id}\n")
        t.edit(DBY, "    variables:\n      catalog: cw_dev\n",
               "    variables:\n      catalog: cw_dev\n      warehouse_id: 4b9f62d1c07e85aa\n")
        t.fail("databricks bundle validate -t dev", "Validate the bundle for dev",
               m1_validate_err("dev", "warehouse_id"))
        t.say("A target can only assign a variable that is declared at the top level, and `warehouse_id` isn't "
              "declared anywhere. The declarations live in `resources/variables.yml`. I'll add it there with the "
              "shared warehouse as the default, so staging and prod keep 8e1c0b7f3a9d2e41 and only dev overrides it.")
        t.edit(VARS, "    default: Standard_D4ds_v5\n",
               "    default: Standard_D4ds_v5\n"
               "  warehouse_id:\n"
               "    description: SQL warehouse for the SQL tasks (dev overrides it with the 2XS warehouse).\n"
               "    default: 8e1c0b7f3a9d2e41\n")
        t.bash("databricks bundle validate -t dev", "Validate the bundle for dev again",
               out=validate_ok("dev", DEV_HOST, DEV_ROOT))
        t.bash("databricks bundle validate -t dev -o json | jq -r '.resources.jobs.daily_sales_job.tasks[] | "
               "select(.task_key==\"refresh_sales_summary\") | .sql_task.warehouse_id'",
               "Check which warehouse the SQL task resolves to in dev", out="4b9f62d1c07e85aa")
        t.done("Done. `refresh_sales_summary` now uses `${var.warehouse_id}`:\n"
               "- `resources/variables.yml`: new `warehouse_id` with default `8e1c0b7f3a9d2e41` (the shared "
               "warehouse). staging and prod get that.\n"
               "- `databricks.yml`: the dev target sets `warehouse_id: 4b9f62d1c07e85aa`.\n\n"
               "The first validate failed with `variable warehouse_id is not defined but is assigned a value`. I had "
               "set it in the dev target without declaring it. With the declaration in place, dev validates, and "
               "the SQL task resolves to `4b9f62d1c07e85aa`.")

        ORD = PKG + "/silver/orders.py"
        TOR = R + "/tests/unit/test_orders.py"
        t = d.task("silver orders: the order export re-sends an order every time its status changes so we get "
                   "dupes. add a function that keeps only the latest record per order_id (by ingested_at) + a "
                   "test. and don't hardcode cw_dev anywhere in it, the catalog always comes in as a parameter",
                   tags=["pref:P1", "oneoff:O1"])
        t.read(ORD)
        t.read(TOR)
        t.edit(ORD, '''from pyspark.sql import DataFrame
from pyspark.sql import functions as F
''', '''from datetime import date

from pyspark.sql import DataFrame, SparkSession, Window
from pyspark.sql import functions as F
''')
        t.edit(ORD, '''    ).where(F.col("order_id").isNotNull())
''', '''    ).where(F.col("order_id").isNotNull())


def latest_per_order(orders: DataFrame) -> DataFrame:
    """Keep the most recent record per order_id (the export re-sends an order on every status change)."""
    w = Window.partitionBy("order_id").orderBy(F.col("ingested_at"))
    return orders.withColumn("_rn", F.row_number().over(w)).where(F.col("_rn") == 1).drop("_rn")


def build_silver_orders(spark: SparkSession, catalog: str, run_date: date) -> None:
    raw = spark.table(f"{catalog}.bronze.orders_export").where(F.to_date("ingested_at") <= F.lit(run_date))
    latest_per_order(clean_orders(raw)).write.mode("overwrite").saveAsTable(f"{catalog}.silver.orders")
''')
        t.edit(TOR, "from basket_pipelines.silver.orders import clean_orders\n",
               "from basket_pipelines.silver.orders import clean_orders, latest_per_order\n")
        t.edit(TOR, '''    assert types["created_at"] == "timestamp"
''', '''    assert types["created_at"] == "timestamp"


def test_latest_per_order_keeps_newest_record(spark):
    raw = spark.createDataFrame(
        [
            ("o-1001", "c-17", "12", "created", "49.90", "2026-10-01 08:00:00", "2026-10-01 08:05:00"),
            ("o-1001", "c-17", "12", "shipped", "49.90", "2026-10-01 08:00:00", "2026-10-02 06:10:00"),
            ("o-1001", "c-17", "12", "delivered", "49.90", "2026-10-01 08:00:00", "2026-10-03 14:22:00"),
            ("o-1002", "c-40", "7", "created", "12.00", "2026-10-02 09:30:00", "2026-10-02 09:31:00"),
        ],
        COLS,
    )
    got = {r.order_id: r.status for r in latest_per_order(clean_orders(raw)).collect()}
    assert got == {"o-1001": "delivered", "o-1002": "created"}
''')
        t.fail("uv run pytest tests/unit/test_orders.py -q", "Run the orders tests", """..F                                                                      [100%]
=================================== FAILURES ===================================
__________________ test_latest_per_order_keeps_newest_record ___________________

spark = <pyspark.sql.connect.session.SparkSession object at 0x7f61e8a3c050>

    def test_latest_per_order_keeps_newest_record(spark):
        raw = spark.createDataFrame(
            [
                ("o-1001", "c-17", "12", "created", "49.90", "2026-10-01 08:00:00", "2026-10-01 08:05:00"),
                ("o-1001", "c-17", "12", "shipped", "49.90", "2026-10-01 08:00:00", "2026-10-02 06:10:00"),
                ("o-1001", "c-17", "12", "delivered", "49.90", "2026-10-01 08:00:00", "2026-10-03 14:22:00"),
                ("o-1002", "c-40", "7", "created", "12.00", "2026-10-02 09:30:00", "2026-10-02 09:31:00"),
            ],
            COLS,
        )
        got = {r.order_id: r.status for r in latest_per_order(clean_orders(raw)).collect()}
>       assert got == {"o-1001": "delivered", "o-1002": "created"}
E       AssertionError: assert {'o-1001': 'created', 'o-1002': 'created'} == {'o-1001': 'delivered', 'o-1002': 'created'}
E         
E         Omitting 1 identical items, use -vv to show
E         Differing items:
E         {'o-1001': 'created'} != {'o-1001': 'delivered'}
E         Use -v to get more diff

tests/unit/test_orders.py:@L@: AssertionError
=========================== short test summary info ============================
FAILED tests/unit/test_orders.py::test_latest_per_order_keeps_newest_record - AssertionError: assert {'o-1001': 'created', 'o-1002': 'created'} == {'o-1001': 'delivered', 'o-1002': 'created'}
1 failed, 2 passed in 18.07s""".replace("@L@", str(ln(d, TOR, "assert got == {"))))
        t.say("The window sorts `ingested_at` ascending, so row 1 is the oldest record (`created`). It needs "
              "to be descending.")
        t.edit(ORD, '    w = Window.partitionBy("order_id").orderBy(F.col("ingested_at"))\n',
               '    w = Window.partitionBy("order_id").orderBy(F.col("ingested_at").desc())\n')
        t.bash("uv run pytest tests/unit/test_orders.py -q", "Run the orders tests again",
               out=pytest_ok([("x", 3)], "16.84", q=True))
        t.done("Added to `silver/orders.py`:\n"
               "- `latest_per_order(orders)`: `row_number()` over `order_id` ordered by `ingested_at` **desc**, "
               "keeps row 1.\n"
               "- `build_silver_orders(spark, catalog, run_date)`: reads `{catalog}.bronze.orders_export`, cleans, "
               "de-duplicates, writes `{catalog}.silver.orders`. The catalog only comes in as the argument. There's "
               "no `cw_dev` in the code.\n\n"
               "The new test (`o-1001` sent three times) caught my first version, which sorted ascending and kept "
               "`created`. With `.desc()` all 3 order tests pass.\n\n"
               "Not wired to a job yet. Tell me if it should go into daily_sales or get its own task.")

    # ================= S2 =================
    with d.session("2026-10-07T10:20:00", R, branch="feature/returns-late-flag", version="2.1.132"):
        RET = PKG + "/silver/returns.py"
        TRET = R + "/tests/unit/test_returns.py"
        t = d.task("returns: flag returns that come in more than 30 days after the order (late_return bool on "
                   "silver.returns). small fixture csv with the edge cases (exactly 30 days, 31, return without a "
                   "matching order) next to the other fixtures, and a test that reads it", tags=["mistake:M3"])
        t.read(RET)
        t.glob("tests/fixtures/*", [R + "/tests/fixtures/" + n for n in FIXTURES_BEFORE])
        t.read(R + "/tests/conftest.py")
        t.edit(RET, '''def build_silver_returns(spark: SparkSession, catalog: str, run_date: date) -> None:
    raw = spark.read.csv(f"/Volumes/{catalog}/landing/returns/{run_date:%Y/%m/%d}/", header=True)
    (
        clean_returns(raw)
        .write.mode("overwrite")''', '''def flag_late_returns(returns: DataFrame, orders: DataFrame, window_days: int = 30) -> DataFrame:
    """late_return = returned more than `window_days` days after the order was created.

    Returns without a matching order are kept with late_return = NULL (we can't tell).
    """
    created = orders.select("order_id", F.col("created_at").alias("_order_created_at"))
    days = F.datediff(F.to_date("returned_at"), F.to_date("_order_created_at"))
    return (
        returns.join(created, "order_id", "left")
        .withColumn("late_return", F.when(F.col("_order_created_at").isNull(), F.lit(None)).otherwise(days > window_days))
        .drop("_order_created_at")
    )


def build_silver_returns(spark: SparkSession, catalog: str, run_date: date) -> None:
    raw = spark.read.csv(f"/Volumes/{catalog}/landing/returns/{run_date:%Y/%m/%d}/", header=True)
    orders = spark.table(f"{catalog}.silver.orders")
    (
        flag_late_returns(clean_returns(raw), orders)
        .write.mode("overwrite")''')
        t.write(R + "/tests/fixtures/returns_window.csv", """return_id,order_id,store_id,sku,quantity,refund_amount,reason_code,returned_at
r-1,o-2001,12,7310865004703,1,24.90,DEFECT,2026-09-30 12:00:00
r-2,o-2002,12,7310865004703,1,24.90,CHANGED_MIND,2026-10-01 09:15:00
r-3,o-2003,7,7318690113421,2,59.80,WRONG_SIZE,2026-09-12 16:40:00
r-4,o-9999,7,7318690113421,1,29.90,DEFECT,2026-09-20 11:05:00
""")
        t.write(TRET, '''from datetime import datetime

from basket_pipelines.silver.returns import clean_returns, flag_late_returns


def _orders(spark):
    return spark.createDataFrame(
        [
            ("o-2001", datetime(2026, 8, 31, 10, 0)),  # returned 30 days later -> not late
            ("o-2002", datetime(2026, 8, 31, 10, 0)),  # returned 31 days later -> late
            ("o-2003", datetime(2026, 9, 1, 8, 30)),
        ],
        "order_id string, created_at timestamp",
    )


def test_clean_returns_types(spark):
    raw = spark.createDataFrame(
        [("r-1", "o-1", "12", "7310865004703", "1", "24.90", "DEFECT", "2026-09-30 12:00:00")],
        ["return_id", "order_id", "store_id", "sku", "quantity", "refund_amount", "reason_code", "returned_at"],
    )
    types = dict(clean_returns(raw).dtypes)
    assert types["refund_amount"] == "decimal(12,2)"
    assert types["returned_at"] == "timestamp"


def test_late_return_flag(spark, fixtures_root):
    raw = spark.read.csv(f"{fixtures_root}/returns_window.csv", header=True)
    rows = flag_late_returns(clean_returns(raw), _orders(spark)).collect()
    got = {r.return_id: r.late_return for r in rows}
    assert got == {"r-1": False, "r-2": True, "r-3": False, "r-4": None}
''')
        src = ["    def test_late_return_flag(spark, fixtures_root):",
               '        raw = spark.read.csv(f"{fixtures_root}/returns_window.csv", header=True)',
               ">       rows = flag_late_returns(clean_returns(raw), _orders(spark)).collect()"]
        t.fail("uv run pytest tests/unit/test_returns.py", "Run the returns tests",
               path_not_found_fail("tests/unit/test_returns.py", "test_late_return_flag", src, ln(d, TRET, "rows = flag_late_returns"),
                                   FIXVOL + "/returns_window.csv", "csv", 1, "19.66",
                                   "412"))
        t.say("The read runs on the dev cluster through Databricks Connect, so it looks in "
              "`/Volumes/cw_dev/ci/fixtures`, and the new CSV only exists on your laptop so far. Copying "
              "`tests/fixtures` to the volume, then the same test run.")
        t.bash(f"databricks fs cp -r --overwrite tests/fixtures {FIXVOL}", "Copy the test fixtures to the UC volume",
               out=fs_cp_out(["orders_small.csv", "pos_lines_small.csv", "returns_small.csv", "returns_window.csv",
                              "stores_snapshot.json"]))
        t.bash("uv run pytest tests/unit/test_returns.py", "Run the returns tests again",
               out=pytest_ok([("tests/unit/test_returns.py", 2)], "17.93"))
        t.done("Done:\n"
               "- `flag_late_returns(returns, orders, window_days=30)` in `silver/returns.py`. It left-joins the "
               "order's `created_at` and sets `late_return` when the day difference is more than 30. Exactly 30 "
               "days is not late. A return with no matching order gets `NULL`, because we can't tell. "
               "`build_silver_returns` now joins `{catalog}.silver.orders`.\n"
               "- Fixture `tests/fixtures/returns_window.csv` has the 30-day, 31-day, normal and orphan cases. The "
               "test reads it from the fixtures volume like the other tests do.\n\n"
               "The first run failed with `[PATH_NOT_FOUND] Path does not exist: "
               "dbfs:/Volumes/cw_dev/ci/fixtures/returns_window.csv`. The file wasn't in the volume yet. After "
               "copying `tests/fixtures` up, both tests pass.")

        t = d.task("looks good. ship returns to dev and run the job once", tags=["workflow:W1"])
        t.bash("uv run pytest tests/unit -q", "Run the unit tests",
               out=pytest_ok([("x", 6)], "31.40", q=True))
        t.bash("databricks bundle validate -t dev", "Validate the bundle for dev",
               out=validate_ok("dev", DEV_HOST, DEV_ROOT))
        t.bash("databricks bundle deploy -t dev", "Deploy the bundle to dev",
               out=deploy_out(DEV_ROOT, "basket_pipelines-0.6.2-py3-none-any.whl",
                              ["jobs.daily_sales_job", "jobs.returns_job"], (0, 2, 0, 2), (6, 0)),
               timeout=600000)
        t.bash("databricks bundle run -t dev returns_job", "Run the returns job in dev",
               out=job_run(DEV_HOST, DEV_WS, "271183604455912", "904417718265530", DEVNAME + " returns",
                           [("2026-10-07 11:02:13", "PENDING Waiting for cluster"),
                            ("2026-10-07 11:06:48", "RUNNING"),
                            ("2026-10-07 11:08:02", "TERMINATED SUCCESS")]), timeout=1800000)
        t.done("Shipped to dev:\n"
               "- Unit tests: 6 passed.\n"
               "- validate OK. The deploy built and uploaded the wheel and updated `daily_sales_job` (the warehouse "
               "variable from Monday) and `returns_job`.\n"
               "- `[dev hannah_lindqvist] returns` ran in about 6 minutes, most of it waiting for the cluster. "
               "TERMINATED SUCCESS.\n\n"
               "`cw_dev.silver.returns` now has `late_return` for today's partition.")

        GW = PIPE + "/gold_weekly_basket.sql"
        t = d.task("gold: weekly basket metrics per store (receipts, avg basket value, items per basket) in the "
                   "pos_sales pipeline. gold stuff goes in SQL as materialized views, the analysts read those "
                   "files. validate it before refreshing anything", tags=["pref:P3", "workflow:W2"])
        t.read(PP)
        t.read(PIPE + "/silver_pos.py")
        t.write(GW, """-- Weekly basket metrics per store and ISO week. Read by the analysts: keep it plain SQL.
CREATE OR REFRESH MATERIALIZED VIEW gold_weekly_basket
COMMENT "Receipts, average basket value and items per basket per store and week (weeks start on Monday)."
AS
WITH baskets AS (
  SELECT
    store_id,
    receipt_id,
    date_trunc('WEEK', sold_at) AS week_start,
    sum(net_amount) AS basket_value,
    sum(quantity) AS items
  FROM silver_pos_lines
  GROUP BY store_id, receipt_id, date_trunc('WEEK', sold_at)
)
SELECT
  store_id,
  week_start,
  count(*) AS receipts,
  round(avg(basket_value), 2) AS avg_basket_value,
  round(avg(items), 2) AS avg_items_per_basket
FROM baskets
GROUP BY store_id, week_start
""")
        t.edit(PP, "        - file:\n            path: ../src/pipelines/pos_sales/silver_pos.py\n",
               "        - file:\n            path: ../src/pipelines/pos_sales/silver_pos.py\n"
               "        - file:\n            path: ../src/pipelines/pos_sales/gold_weekly_basket.sql\n")
        t.bash("databricks bundle deploy -t dev", "Deploy the bundle to dev",
               out=deploy_out(DEV_ROOT, "basket_pipelines-0.6.2-py3-none-any.whl",
                              ["pipelines.pos_sales_pipeline"], (0, 1, 0, 3), (2, 0)), timeout=600000)
        day = "2026-10-07"
        ev = upd_events(day, "3f0e1a", ["WAITING_FOR_RESOURCES", "INITIALIZING", "SETTING_UP_TABLES", "COMPLETED"],
                        "13:41:05")
        t.bash("databricks bundle run -t dev pos_sales_pipeline --validate-only",
               "Validate the pipeline graph without refreshing tables",
               out=pipe_run(DEV_HOST, POS_PIPE_ID, "3f0e1a57-0c2d-4e18-9b6a-8d41c7e2f930", ev), timeout=1800000)
        ev = upd_events(day, "a81c4e", ["WAITING_FOR_RESOURCES", "INITIALIZING", "SETTING_UP_TABLES", "RUNNING"],
                        "13:44:52")
        ev += [("2026-10-07T13:46:51.204Z", "flow_progress", "INFO", "Flow 'gold_weekly_basket' is QUEUED."),
               ("2026-10-07T13:46:53.881Z", "flow_progress", "INFO", "Flow 'gold_weekly_basket' is PLANNING."),
               ("2026-10-07T13:47:02.415Z", "flow_progress", "INFO", "Flow 'gold_weekly_basket' is RUNNING."),
               ("2026-10-07T13:47:39.067Z", "flow_progress", "INFO", "Flow 'gold_weekly_basket' has COMPLETED."),
               ("2026-10-07T13:47:41.530Z", "update_progress", "INFO", "Update a81c4e is COMPLETED.")]
        t.bash("databricks bundle run -t dev pos_sales_pipeline --refresh gold_weekly_basket",
               "Refresh only the new gold table",
               out=pipe_run(DEV_HOST, POS_PIPE_ID, "a81c4e02-6b7f-4d35-8c90-1e2f3a4b5c6d", ev), timeout=1800000)
        t.bash("dbsqlcli -e \"select store_id, week_start, receipts, avg_basket_value, avg_items_per_basket from "
               "cw_dev.pos.gold_weekly_basket order by week_start desc, store_id limit 5\"",
               "Look at a few rows of the new table",
               out=table(["store_id", "week_start", "receipts", "avg_basket_value", "avg_items_per_basket"],
                         [[7, "2026-10-05T00:00:00.000+00:00", 1184, "213.47", "6.12"],
                          [12, "2026-10-05T00:00:00.000+00:00", 2291, "187.90", "5.48"],
                          [31, "2026-10-05T00:00:00.000+00:00", 903, "246.05", "7.03"],
                          [7, "2026-09-28T00:00:00.000+00:00", 5317, "209.88", "6.01"],
                          [12, "2026-09-28T00:00:00.000+00:00", 10472, "191.36", "5.55"]]))
        t.done("`gold_weekly_basket` is in the pipeline:\n"
               "- `src/pipelines/pos_sales/gold_weekly_basket.sql`: a materialized view over `silver_pos_lines`. "
               "Baskets are per receipt, then aggregated per store and week: receipts, average basket value, "
               "average items per basket.\n"
               "- Added to the pipeline's `libraries`.\n\n"
               "Deployed to dev, then `--validate-only` first (graph resolves, no tables touched). After that "
               "`--refresh gold_weekly_basket` refreshed only that table. The current week is partial (Mon-Wed), "
               "so its receipt counts are lower.")

    # ================= S3 =================
    with d.session("2026-10-09T13:30:00", R, branch="main", version="2.1.133"):
        t = d.task("CI is about to deploy the returns change to staging. validate against staging from here "
                   "first, want to see it resolve with the staging catalog", tags=["mistake:M2"])
        t.fail("databricks bundle validate -t staging", "Validate the bundle for staging",
               m2_err("databricks bundle validate", "staging"))
        t.say("Two profiles in ~/.databrickscfg point at the staging host, so the CLI refuses to pick one. "
              "Listing them to see which is yours.")
        t.bash("databricks auth profiles", "List the configured CLI profiles", out=auth_profiles())
        t.bash("databricks bundle validate -t staging --profile cw-stg",
               "Validate for staging with the personal staging profile",
               out=validate_ok("staging", STG_HOST, STG_ROOT))
        t.bash("databricks bundle validate -t staging --profile cw-stg -o json | jq '.resources.jobs.returns_job."
               "parameters'", "Check the returns job parameters for staging", out="""[
  {
    "default": "cw_stg",
    "name": "catalog"
  },
  {
    "default": "{{job.start_time.iso_date}}",
    "name": "run_date"
  }
]""")
        t.done("Staging validates. The first try stopped at `multiple profiles matched: cw-stg, cw-stg-sp`: both "
               "your user profile and the deployer SP's profile have the staging host. I passed `--profile cw-stg` "
               "(you), and nothing in the repo or in `~/.databrickscfg` changed.\n\n"
               "With the staging target, `returns_job` gets `catalog = cw_stg`, the root is "
               "`/Workspace/Shared/.bundle/basket-pipelines/staging`, and the jobs run as the deployer SP "
               "(`run_as`). Nothing looks off for the CI deploy.")

        t = d.task("if we ever move silver returns into the pipeline, streaming table or materialized view? the "
                   "export is one file a day", tags=["noise", "no_tools"])
        t.done("Streaming table. The export only ever adds new files, and a streaming table with Auto Loader "
               "reads each file exactly once. Every day's update processes one file, and you keep the checkpoint.\n\n"
               "A materialized view would recompute from the whole source whenever it can't incrementalize. It "
               "fits better when the logic needs the full history, like the late-return join against orders "
               "that keep changing status.\n\n"
               "So: land the returns in a streaming table (bronze/silver). If the late flag should follow order "
               "updates, compute it in a materialized view on top.")

        BR = PIPE + "/bronze_pos.py"
        t = d.task("the new POS vendor (Kassatech) adds columns every few weeks and bronze_pos_lines just dies in "
                   "dev when that happens. what does autoloader do with new columns? check the docs, don't guess",
                   tags=["webfetch", "noise"])
        t.read(BR)
        t.webfetch("https://learn.microsoft.com/en-us/azure/databricks/ingestion/cloud-object-storage/auto-loader/schema",
                   "How does Auto Loader handle new columns (schema evolution modes, default mode, what happens to "
                   "the stream, rescued data column, schema hints)?",
                   "Auto Loader schema evolution (Configure schema inference and evolution in Auto Loader):\n\n"
                   "- When Auto Loader detects a new column, the stream stops with an `UnknownFieldException`. "
                   "Before it stops, Auto Loader infers the schema on the latest micro-batch and merges the new "
                   "columns to the end of the schema in the schema location. Restarting the stream picks up the "
                   "new schema.\n"
                   "- `cloudFiles.schemaEvolutionMode` modes:\n"
                   "  - `addNewColumns` (default when no schema is provided): stream fails, new columns are added "
                   "to the schema; existing column types do not evolve.\n"
                   "  - `rescue`: schema never evolves, stream does not fail; new columns are recorded in the "
                   "rescued data column.\n"
                   "  - `failOnNewColumns`: stream fails and does not restart until the schema is updated or the "
                   "file is removed.\n"
                   "  - `none`: schema does not evolve, new columns are ignored, unless `rescuedDataColumn` is set.\n"
                   "- The rescued data column (`_rescued_data` by default when inferring) collects data that "
                   "doesn't match the schema: type mismatches, case mismatches, columns missing from the schema.\n"
                   "- `cloudFiles.schemaHints` lets you pin types for known columns while the rest is inferred.\n"
                   "- Databricks recommends running Auto Loader streams with automatic restarts (for example a job "
                   "with retries, or Lakeflow Declarative Pipelines, which restarts the flow after a schema change)."
                   )
        t.edit(BR, '''        .option("cloudFiles.inferColumnTypes", "true")
        .option("header", "true")
        .load(f"{LANDING}/lines/")''', '''        .option("cloudFiles.inferColumnTypes", "true")
        # Kassatech adds columns every few weeks: the flow stops once, the schema gets the new column, the
        # pipeline restarts the flow (production mode; development mode does not retry, so it just fails).
        .option("cloudFiles.schemaEvolutionMode", "addNewColumns")
        .option("header", "true")
        .load(f"{LANDING}/lines/")''')
        t.done("From the Auto Loader docs:\n\n"
               "- You don't set a schema on `bronze_pos_lines`, so the mode is already `addNewColumns`, the "
               "default. On a new column the stream **stops on purpose** with `UnknownFieldException`. Before it "
               "stops, the new column is merged into the schema at the schema location, and a restart continues "
               "with it.\n"
               "- In a pipeline the restart is automatic, but only in production mode. Your dev copy runs in "
               "development mode, which doesn't retry. That's why it \"dies\" in dev and recovers on the next "
               "update. Staging/prod should recover without anyone noticing.\n"
               "- Alternatives: `rescue` (never fails, new columns land in `_rescued_data` until you add them) "
               "or `failOnNewColumns` (stop until someone looks).\n\n"
               "I made the current behaviour explicit in `bronze_pos.py` (`schemaEvolutionMode=addNewColumns` "
               "with a comment) and didn't deploy anything. If you'd rather never see the failure in dev, `rescue` "
               "plus a periodic look at `_rescued_data` is the usual alternative.")

        t = d.task("cut v0.7.0. returns late flag, weekly basket gold, the dev warehouse var",
                   tags=["workflow:W3"])
        t.bash("git log --oneline v0.6.2..HEAD", "Commits since the last release", out="""b71e9d4 Merge branch 'feature/returns-late-flag'
0c4f2a8 pos_sales: explicit schemaEvolutionMode on bronze lines
93d1e6f returns: late_return flag (30 days) + fixture
5a2c7b0 gold: weekly basket metrics (materialized view)
e48f13a silver orders: keep latest record per order_id
2f9d0c6 daily_sales: warehouse_id variable, 2XS warehouse in dev""")
        t.bash("uv version --bump minor", "Bump the package version", out="""Resolved 64 packages in 7ms
Audited 61 packages in 0.42ms
basket-pipelines 0.6.2 => 0.7.0""")
        t.bash("uv build --wheel", "Build the wheel", out="""Building wheel...
Successfully built dist/basket_pipelines-0.7.0-py3-none-any.whl""")
        CL = R + "/CHANGELOG.md"
        t.read(CL)
        t.edit(CL, "# Changelog\n\n", """# Changelog

## v0.7.0 (2026-10-09)
- returns: `late_return` flag (returned more than 30 days after the order; NULL without a matching order)
- pos_sales: `gold_weekly_basket` materialized view (receipts, avg basket value, items per basket per store/week)
- silver orders: keep only the latest record per order_id
- daily_sales: SQL task warehouse is a bundle variable (2XS warehouse in dev)
- pos_sales: Auto Loader schema evolution mode made explicit on bronze lines

""")
        t.bash("git add pyproject.toml uv.lock CHANGELOG.md && git commit -m \"release: v0.7.0\"", "Commit the release",
               out="[main 4e7b2c1] release: v0.7.0\n 3 files changed, 9 insertions(+), 2 deletions(-)")
        t.bash("git tag -a v0.7.0 -m \"v0.7.0\"", "Tag the release")
        t.bash("git push origin main --follow-tags", "Push main and the tag",
               out=git_push_tag("b71e9d4", "4e7b2c1", "v0.7.0", 11))
        t.done("v0.7.0 is tagged and pushed:\n"
               "- `uv version --bump minor` (0.6.2 → 0.7.0, lock updated) and a wheel build check.\n"
               "- CHANGELOG section with the five changes since v0.6.2.\n"
               "- Commit `4e7b2c1 release: v0.7.0`, annotated tag `v0.7.0`, pushed with `--follow-tags`.\n\n"
               "The tag triggers the prod stage in Azure DevOps. Check the run before the 05:30 daily_sales "
               "schedule tomorrow.")

    # ================= S4 (acceptEdits) =================
    with d.session("2026-10-13T09:00:00", R, branch="feature/loyalty-tiers", version="2.1.134",
                   permission_mode="acceptEdits"):
        t = d.task("loyalty job should mail on failure. prod -> data-oncall@cartwheel.io, dev -> just me. do it as "
                   "a bundle var, then validate prod", tags=["mistake:M1"])
        t.read(LJ)
        t.edit(LJ, "      description: Loyalty points per member and day, from silver POS lines joined to the member "
                   "cards.\n",
               "      description: Loyalty points per member and day, from silver POS lines joined to the member "
               "cards.\n      email_notifications:\n        on_failure:\n          - ${var.alert_email}\n")
        t.read(DBY)
        t.edit(DBY, "      catalog: cw_prod\n", "      catalog: cw_prod\n      alert_email: data-oncall@cartwheel.io\n")
        t.edit(DBY, "      warehouse_id: 4b9f62d1c07e85aa\n",
               "      warehouse_id: 4b9f62d1c07e85aa\n      alert_email: hannah.lindqvist@cartwheel.io\n")
        t.fail("databricks bundle validate -t prod", "Validate the bundle for prod",
               m1_validate_err("prod", "alert_email"))
        t.say("`alert_email` is assigned in the targets but never declared at the top level, and the CLI only lets a "
              "target override variables that exist. The repo declares them in `resources/variables.yml`, so it goes there.")
        t.read(VARS)
        t.edit(VARS, "    default: 8e1c0b7f3a9d2e41\n",
               "    default: 8e1c0b7f3a9d2e41\n"
               "  alert_email:\n"
               "    description: Who gets the job failure emails.\n"
               "    default: ${workspace.current_user.userName}\n")
        t.bash("databricks bundle validate -t prod", "Validate the bundle for prod again",
               out=validate_ok("prod", PRD_HOST, PRD_ROOT))
        t.bash("databricks bundle validate -t dev", "Validate the bundle for dev",
               out=validate_ok("dev", DEV_HOST, DEV_ROOT))
        t.done("The loyalty job now mails `${var.alert_email}` on failure:\n"
               "- `resources/variables.yml`: `alert_email` declared, default `${workspace.current_user.userName}`.\n"
               "- `databricks.yml`: prod → `data-oncall@cartwheel.io`, dev → you.\n\n"
               "The first prod validate failed with `variable alert_email is not defined but is assigned a value`: "
               "I had set it in the targets before declaring it. Prod and dev both validate now.\n\n"
               "One thing to decide: staging has no value, so it falls back to the deploying identity. In CI that's "
               "the service principal, and mails to it go nowhere. Give me an address for staging if you want one.")

        PTS = PKG + "/loyalty/points.py"
        TPTS = R + "/tests/unit/test_points.py"
        t = d.task("tier multipliers for loyalty points: gold memebers 2x, silver 1.5x, everyone else 1x. tier is in "
                   "<catalog>.crm.members (member_id, tier). no hardcoded catalog names pls, pass it through like the "
                   "other jobs do. tests, then dev deploy + run it for yesterday",
                   tags=["workflow:W1", "pref:P1"])
        t.read(PTS)
        t.read(TPTS)
        t.edit(PTS, '''def points_per_member(lines: DataFrame) -> DataFrame:
    return (
        lines.where(F.col("member_id").isNotNull())
        .groupBy("member_id", F.to_date("sold_at").alias("day"))
        .agg(F.sum("net_amount").alias("spend"))
        .withColumn("points", F.floor(F.col("spend") / 10).cast("int"))
    )''', '''TIER_MULTIPLIER = {"gold": 2.0, "silver": 1.5}


def points_per_member(lines: DataFrame, members: DataFrame) -> DataFrame:
    """Base points (1 per full 10 SEK) times the member's tier multiplier, rounded down."""
    multiplier = F.lit(1.0)
    for tier, factor in TIER_MULTIPLIER.items():
        multiplier = F.when(F.col("tier") == tier, F.lit(factor)).otherwise(multiplier)
    return (
        lines.where(F.col("member_id").isNotNull())
        .groupBy("member_id", F.to_date("sold_at").alias("day"))
        .agg(F.sum("net_amount").alias("spend"))
        .join(members.select("member_id", "tier"), "member_id", "left")
        .withColumn("points", F.floor(F.floor(F.col("spend") / 10) * multiplier).cast("int"))
    )''')
        t.edit(PTS, '''    lines = spark.table(f"{catalog}.pos.silver_pos_lines").where(F.to_date("sold_at") == F.lit(run_date))
    (
        points_per_member(lines)''', '''    lines = spark.table(f"{catalog}.pos.silver_pos_lines").where(F.to_date("sold_at") == F.lit(run_date))
    members = spark.table(f"{catalog}.crm.members")
    (
        points_per_member(lines, members)''')
        t.edit(TPTS, '''COLS = "member_id string, sold_at timestamp, net_amount decimal(12,2)"
''', '''COLS = "member_id string, sold_at timestamp, net_amount decimal(12,2)"


def _members(spark, rows=(("m-1", None),)):
    return spark.createDataFrame(list(rows), "member_id string, tier string")
''')
        t.edit(TPTS, '''    got = {(r.member_id, r.points) for r in points_per_member(lines).collect()}
    assert got == {("m-1", 7)}
''', '''    got = {(r.member_id, r.points) for r in points_per_member(lines, _members(spark)).collect()}
    assert got == {("m-1", 7)}


def test_tier_multipliers(spark):
    from datetime import datetime

    day = datetime(2026, 10, 12, 12, 0)
    lines = spark.createDataFrame(
        [("m-g", day, Decimal("75.00")), ("m-s", day, Decimal("75.00")), ("m-b", day, Decimal("75.00"))], COLS
    )
    members = _members(spark, [("m-g", "gold"), ("m-s", "silver"), ("m-b", "basic")])
    got = {r.member_id: r.points for r in points_per_member(lines, members).collect()}
    assert got == {"m-g": 14, "m-s": 10, "m-b": 7}
''')
        t.bash("uv run pytest tests/unit -q", "Run the unit tests", out=pytest_ok([("x", 7)], "34.12", q=True))
        t.bash("databricks bundle validate -t dev", "Validate the bundle for dev",
               out=validate_ok("dev", DEV_HOST, DEV_ROOT))
        t.bash("databricks bundle deploy -t dev", "Deploy the bundle to dev",
               out=deploy_out(DEV_ROOT, "basket_pipelines-0.7.0-py3-none-any.whl", ["jobs.loyalty_job"],
                              (0, 1, 0, 3), (4, 0)), timeout=600000)
        t.bash("databricks bundle run -t dev loyalty_job --params run_date=2026-10-12",
               "Run the loyalty job in dev for yesterday",
               out=job_run(DEV_HOST, DEV_WS, "650194387722104", "118273645519083", DEVNAME + " loyalty",
                           [("2026-10-13 09:41:27", "PENDING Waiting for cluster"),
                            ("2026-10-13 09:45:59", "RUNNING"),
                            ("2026-10-13 09:48:14", "TERMINATED SUCCESS")]), timeout=1800000)
        t.done("Tier multipliers are in:\n"
               "- `points_per_member(lines, members)`: base points (1 per full 10 SEK) × 2.0 for gold, × 1.5 for "
               "silver, × 1 otherwise, rounded down. Members without a row in `crm.members` count as 1×.\n"
               "- `build_loyalty_points` reads `{catalog}.crm.members`. The catalog still only comes from "
               "`--catalog`, so there are no names in the code.\n"
               "- Tests: the existing one passes members now, plus a new `test_tier_multipliers` (75 SEK → 14 / 10 / "
               "7). All 7 unit tests pass.\n\n"
               "Deployed to dev and ran `[dev hannah_lindqvist] loyalty` for 2026-10-12: TERMINATED SUCCESS.")

        t = d.task("where exactly do we decide which landing folder pos bronze reads from? need to tell kassatech "
                   "where to drop the files", tags=["noise"])
        t.grep("landing", path=R, glob="{resources,src}/**", output_mode="content", n=True,
               content=grep_content(d, [PP, PIPE + "/bronze_pos.py", PKG + "/silver/returns.py"], "landing"))
        t.read(PIPE + "/bronze_pos.py")
        t.done("It's set in the pipeline config and read in bronze:\n"
               "- `resources/pos_sales.pipeline.yml:11`: `landing_path: /Volumes/${var.catalog}/landing/pos`\n"
               "- `bronze_pos.py` reads `{landing_path}/lines/` (POS lines, CSV) and `{landing_path}/stores/` "
               "(store master, JSON).\n\n"
               "So for Kassatech in prod: line files go to `/Volumes/cw_prod/landing/pos/lines/` (and store "
               "exports to `.../pos/stores/`). That's a UC volume, so they need the underlying storage path "
               "behind `cw_prod.landing.pos` and write access there. The platform team has that mapping.")

        t = d.task("pulled main after Jonas merged his stuff, sync the env", tags=["flaky:F2", "noise"])
        t.fail("uv sync", "Sync the virtualenv with the lock file", """Resolved 64 packages in 3ms
error: Failed to download `databricks-sdk==0.68.0`
  Caused by: Failed to fetch: `https://files.pythonhosted.org/packages/4c/9e/2a0d7f1b6e35c8d4a9f02e7b1c5d3a86f4e2b07c9d1a3e5f6b8c0d2e4f6a8b1c/databricks_sdk-0.68.0-py3-none-any.whl`
  Caused by: Request failed after 3 retries
  Caused by: error sending request for url (https://files.pythonhosted.org/packages/4c/9e/2a0d7f1b6e35c8d4a9f02e7b1c5d3a86f4e2b07c9d1a3e5f6b8c0d2e4f6a8b1c/databricks_sdk-0.68.0-py3-none-any.whl)
  Caused by: operation timed out""")
        t.say("Timed out downloading from PyPI's file host. Looks like the network, not the lock. Running it again.")
        t.bash("uv sync", "Sync the virtualenv with the lock file", out="""Resolved 64 packages in 3ms
Prepared 2 packages in 1.87s
Uninstalled 2 packages in 41ms
Installed 2 packages in 12ms
 - databricks-sdk==0.67.0
 + databricks-sdk==0.68.0
 - pytest-cov==6.2.1
 + pytest-cov==7.0.0""")
        t.done("Synced. The first `uv sync` timed out downloading the databricks-sdk wheel. The identical retry "
               "went through. Jonas's merge bumped `databricks-sdk` 0.67.0 → 0.68.0 and `pytest-cov` 6.2.1 → "
               "7.0.0. Nothing else changed.")

    # ================= S5 =================
    with d.session("2026-10-16T10:05:00", R, branch="feature/store-dim", version="2.1.135"):
        SD = PKG + "/dims/stores.py"
        TSD = R + "/tests/unit/test_store_dim.py"
        t = d.task("store dimension: stores move between regions now and then (the coop väst reshuffle). scd2-ish "
                   "dim from the nightly store snapshots: valid_from / valid_to / is_current. pure pyspark "
                   "function in the package so we can test it, with a fixture where one store moves region twice",
                   tags=["mistake:M3"])
        t.glob("src/basket_pipelines/**/*.py", [PKG + "/__init__.py", PKG + "/entrypoints.py",
                                                 PKG + "/gold/__init__.py", PKG + "/gold/daily_sales.py",
                                                 PKG + "/loyalty/__init__.py", PKG + "/loyalty/points.py",
                                                 PKG + "/silver/__init__.py", PKG + "/silver/orders.py",
                                                 PKG + "/silver/returns.py"])
        t.read(R + "/tests/unit/test_returns.py")
        t.write(PKG + "/dims/__init__.py", "")
        t.write(SD, '''"""Store dimension with attribute history, built from the nightly store master snapshots."""
from pyspark.sql import DataFrame, Window
from pyspark.sql import functions as F

TRACKED = ["store_name", "region", "format"]


def build_store_dim(snapshots: DataFrame) -> DataFrame:
    """One row per store version. A new version starts on the first snapshot where a tracked attribute changed.

    snapshots: store_id, store_name, region, format, snapshot_date (one row per store and night).
    """
    key = F.concat_ws("|", *TRACKED)
    by_day = Window.partitionBy("store_id").orderBy("snapshot_date")
    versions = (
        snapshots.withColumn("_prev", F.lag(key).over(by_day))
        .where(F.col("_prev").isNull() | (F.col("_prev") != key))
        .withColumnRenamed("snapshot_date", "valid_from")
    )
    by_version = Window.partitionBy("store_id").orderBy("valid_from")
    return (
        versions.withColumn("valid_to", F.lead("valid_from").over(by_version))
        .withColumn("is_current", F.col("valid_to").isNull())
        .select("store_id", *TRACKED, "valid_from", "valid_to", "is_current")
    )
''')
        t.write(R + "/tests/fixtures/stores/store_moves.json",
                '{"store_id": 31, "store_name": "Coop Kungälv", "region": "VAST", "format": "SUPERMARKET", "snapshot_date": "2026-09-01"}\n'
                '{"store_id": 31, "store_name": "Coop Kungälv", "region": "VAST", "format": "SUPERMARKET", "snapshot_date": "2026-09-02"}\n'
                '{"store_id": 31, "store_name": "Coop Kungälv", "region": "NORD", "format": "SUPERMARKET", "snapshot_date": "2026-09-03"}\n'
                '{"store_id": 31, "store_name": "Coop Kungälv", "region": "NORD", "format": "SUPERMARKET", "snapshot_date": "2026-09-04"}\n'
                '{"store_id": 31, "store_name": "Coop Kungälv", "region": "VAST", "format": "SUPERMARKET", "snapshot_date": "2026-09-05"}\n'
                '{"store_id": 44, "store_name": "Coop Ystad", "region": "SYD", "format": "HYPERMARKET", "snapshot_date": "2026-09-01"}\n'
                '{"store_id": 44, "store_name": "Coop Ystad", "region": "SYD", "format": "HYPERMARKET", "snapshot_date": "2026-09-05"}\n')
        t.write(TSD, '''from datetime import date

from pyspark.sql import functions as F

from basket_pipelines.dims.stores import build_store_dim


def test_single_snapshot_is_current(spark):
    snaps = spark.createDataFrame(
        [(7, "Coop Lerum", "VAST", "SUPERMARKET", date(2026, 9, 1))],
        "store_id int, store_name string, region string, format string, snapshot_date date",
    )
    [row] = build_store_dim(snaps).collect()
    assert row.is_current and row.valid_to is None


def test_region_moves_create_versions(spark, fixtures_root):
    snaps = spark.read.json(f"{fixtures_root}/stores/store_moves.json").withColumn(
        "snapshot_date", F.to_date("snapshot_date")
    )
    rows = build_store_dim(snaps).orderBy("store_id", "valid_from").collect()
    got = [(r.store_id, r.region, str(r.valid_from), r.valid_to and str(r.valid_to), r.is_current) for r in rows]
    assert got == [
        (31, "VAST", "2026-09-01", "2026-09-03", False),
        (31, "NORD", "2026-09-03", "2026-09-05", False),
        (31, "VAST", "2026-09-05", None, True),
        (44, "SYD", "2026-09-01", None, True),
    ]
''')
        src = ["    def test_region_moves_create_versions(spark, fixtures_root):",
               '        snaps = spark.read.json(f"{fixtures_root}/stores/store_moves.json").withColumn(',
               '            "snapshot_date", F.to_date("snapshot_date")',
               "        )",
               '>       rows = build_store_dim(snaps).orderBy("store_id", "valid_from").collect()']
        t.fail("uv run pytest tests/unit/test_store_dim.py", "Run the store dimension tests",
               path_not_found_fail("tests/unit/test_store_dim.py", "test_region_moves_create_versions", src,
                                   ln(d, TSD, "rows = build_store_dim"),
                                   FIXVOL + "/stores/store_moves.json", "json", 1, "15.28", "409"))
        t.say("The new fixture isn't in the fixtures volume yet. The cluster reads "
              "`/Volumes/cw_dev/ci/fixtures/stores/store_moves.json`, not the laptop file. Syncing the folder and "
              "running the same tests.")
        t.bash(f"databricks fs cp -r --overwrite tests/fixtures {FIXVOL}", "Copy the test fixtures to the UC volume",
               out=fs_cp_out(["orders_small.csv", "pos_lines_small.csv", "returns_small.csv", "returns_window.csv",
                              "stores/store_moves.json", "stores_snapshot.json"]))
        t.bash("uv run pytest tests/unit/test_store_dim.py", "Run the store dimension tests again",
               out=pytest_ok([("tests/unit/test_store_dim.py", 2)], "16.02"))
        t.done("Store dimension is in `basket_pipelines/dims/stores.py`:\n"
               "- `build_store_dim(snapshots)`: per store, a new version starts on the first snapshot where "
               "`store_name`, `region` or `format` differs from the night before. `valid_to` is the next "
               "version's `valid_from` (exclusive). `is_current` is the open version.\n"
               "- Fixture `tests/fixtures/stores/store_moves.json`: store 31 goes VAST → NORD → VAST, store 44 "
               "doesn't change. The test expects 3 + 1 versions.\n\n"
               "First run: `[PATH_NOT_FOUND]` for `stores/store_moves.json` in the fixtures volume. After "
               "copying `tests/fixtures` up, both tests pass.\n\n"
               "Next step would be a `dim_store` table in the pipeline on top of `bronze_stores`.")

        DS = PIPE + "/dim_store.py"
        t = d.task("yes, put dim_store in the pipline (python, reads bronze_stores). validate-only first, then "
                   "refresh just that table", tags=["workflow:W2", "oneoff:O2"])
        t.read(PP)
        t.write(DS, '''import dlt
from pyspark.sql import functions as F

from basket_pipelines.dims.stores import build_store_dim


@dlt.table(
    name="dim_store",
    comment="Stores with attribute history: one row per version, valid_from / valid_to / is_current.",
    table_properties={"quality": "gold"},
)
def dim_store():
    snapshots = dlt.read("bronze_stores").select(
        F.col("store_nbr").cast("int").alias("store_id"),
        F.col("store_name"),
        F.col("region"),
        F.col("format"),
        F.to_date("export_date").alias("snapshot_date"),
    )
    return build_store_dim(snapshots)
''')
        t.edit(PP, "        - file:\n            path: ../src/pipelines/pos_sales/gold_weekly_basket.sql\n",
               "        - file:\n            path: ../src/pipelines/pos_sales/gold_weekly_basket.sql\n"
               "        - file:\n            path: ../src/pipelines/pos_sales/dim_store.py\n"
               "      environment:\n        dependencies:\n          - ../dist/*.whl\n")
        t.bash("databricks bundle deploy -t dev", "Deploy the bundle to dev",
               out=deploy_out(DEV_ROOT, "basket_pipelines-0.7.0-py3-none-any.whl", ["pipelines.pos_sales_pipeline"],
                              (0, 1, 0, 3), (5, 0)), timeout=600000)
        ev = upd_events("2026-10-16", "8c21d9", ["WAITING_FOR_RESOURCES", "INITIALIZING", "SETTING_UP_TABLES"],
                        "11:02:40")
        ev += [("2026-10-16T11:04:03.552Z", "flow_progress", "ERROR",
                "Failed to resolve flow: 'dim_store'.\n"
                "[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter with name `store_nbr` "
                "cannot be resolved. Did you mean one of the following? [`store_id`, `store_name`, `region`, "
                "`format`, `export_date`]. SQLSTATE: 42703;\n"
                "'Project [cast('store_nbr as int) AS store_id#1822, store_name#1790, region#1791, format#1792, "
                "to_date(export_date#1793, None, Some(Etc/UTC), false) AS snapshot_date#1823]\n"
                "+- SubqueryAlias cw_dev.pos.bronze_stores"),
               ("2026-10-16T11:04:05.018Z", "update_progress", "ERROR", "Update 8c21d9 is FAILED.")]
        t.fail("databricks bundle run -t dev pos_sales_pipeline --validate-only",
               "Validate the pipeline graph without refreshing tables",
               pipe_run(DEV_HOST, POS_PIPE_ID, "8c21d9f4-3a6e-4b17-9c05-72e1d8a4b3f6", ev, failed=True))
        t.say("The store export calls the key `store_id`. `store_nbr` was my mistake.")
        t.edit(DS, '        F.col("store_nbr").cast("int").alias("store_id"),\n',
               '        F.col("store_id").cast("int").alias("store_id"),\n')
        t.bash("databricks bundle deploy -t dev", "Deploy the fix to dev",
               out=deploy_out(DEV_ROOT, "basket_pipelines-0.7.0-py3-none-any.whl", [], (0, 0, 0, 4), (1, 0)),
               timeout=600000)
        ev = upd_events("2026-10-16", "d4e9a0", ["WAITING_FOR_RESOURCES", "INITIALIZING", "SETTING_UP_TABLES",
                                                 "COMPLETED"], "11:07:12")
        t.bash("databricks bundle run -t dev pos_sales_pipeline --validate-only",
               "Validate the pipeline graph without refreshing tables",
               out=pipe_run(DEV_HOST, POS_PIPE_ID, "d4e9a031-7b2c-4f58-8e16-0a9b3c5d7e21", ev), timeout=1800000)
        ev = upd_events("2026-10-16", "5b7f13", ["WAITING_FOR_RESOURCES", "INITIALIZING", "SETTING_UP_TABLES",
                                                 "RUNNING"], "11:10:30")
        ev += [("2026-10-16T11:12:44.310Z", "flow_progress", "INFO", "Flow 'dim_store' is QUEUED."),
               ("2026-10-16T11:12:46.902Z", "flow_progress", "INFO", "Flow 'dim_store' is PLANNING."),
               ("2026-10-16T11:12:55.187Z", "flow_progress", "INFO", "Flow 'dim_store' is RUNNING."),
               ("2026-10-16T11:13:21.644Z", "flow_progress", "INFO", "Flow 'dim_store' has COMPLETED."),
               ("2026-10-16T11:13:23.005Z", "update_progress", "INFO", "Update 5b7f13 is COMPLETED.")]
        t.bash("databricks bundle run -t dev pos_sales_pipeline --refresh dim_store", "Refresh only dim_store",
               out=pipe_run(DEV_HOST, POS_PIPE_ID, "5b7f1302-c8d4-4e6a-b1f9-3d27e05a8c64", ev), timeout=1800000)
        t.done("`dim_store` is in the pos_sales pipeline:\n"
               "- `src/pipelines/pos_sales/dim_store.py`: a thin wrapper that selects from `bronze_stores` and calls "
               "`build_store_dim`.\n"
               "- The pipeline now has the wheel as an environment dependency (`../dist/*.whl`), so the package "
               "function is importable on serverless.\n\n"
               "`--validate-only` caught a bad column first: I had `store_nbr`, the export has `store_id` "
               "(`UNRESOLVED_COLUMN.WITH_SUGGESTION`). After fixing and redeploying, validation passed and "
               "`--refresh dim_store` refreshed only that table.")

        t = d.task("fact_sales: liquid clustering instead of partitioning by sale date? ~2B rows, queries almost "
                   "always filter on date + store. short answer", tags=["noise", "no_tools"])
        t.done("Yes, go with liquid clustering, `CLUSTER BY (sale_date, store_id)`.\n"
               "- Partitioning by date gives you ~1000+ partitions with small files for quiet stores and days, and "
               "it only helps the date filter. Store filters still scan every file in the partition.\n"
               "- Clustering on both keys prunes on date and store together. You can change the keys later "
               "without rewriting the table, and `OPTIMIZE` only reclusters new data.\n"
               "- Remove the `PARTITIONED BY` when you recreate it (you can't use both), and schedule `OPTIMIZE` "
               "(or turn on predictive optimization for the catalog).\n\n"
               "Partitioning only still makes sense if you routinely drop or overwrite whole days and want that "
               "to be a metadata-only operation. `replaceWhere` on a clustered table works fine for your daily "
               "reloads.")

    # ================= S6 =================
    with d.session("2026-10-20T08:50:00", R, branch="main", version="2.1.136"):
        t = d.task("azure devops agents are down for maintenance until after lunch and Mia needs dim_store in "
                   "staging for her report. deploy main to staging from here", tags=["mistake:M2"])
        t.bash("git status -sb && git log -1 --oneline", "Check the branch state",
               out="## main...origin/main\nc3a9e15 Merge branch 'feature/store-dim'")
        t.fail("databricks bundle deploy -t staging", "Deploy the bundle to staging",
               m2_err("databricks bundle deploy"))
        t.say("Two profiles in ~/.databrickscfg (`cw-stg` and `cw-stg-sp`) have the staging host, and the CLI won't pick one in a non-interactive shell. Deploying with your "
              "own profile. The jobs and pipeline still run as the deployer SP through `run_as`.")
        t.bash("databricks bundle deploy -t staging --profile cw-stg", "Deploy to staging with the personal profile",
               out=deploy_out(STG_ROOT, "basket_pipelines-0.7.0-py3-none-any.whl",
                              ["jobs.loyalty_job", "pipelines.pos_sales_pipeline"], (0, 2, 0, 2), (7, 1)),
               timeout=600000)
        t.done("main (`c3a9e15`) is deployed to staging. The first attempt stopped at `multiple profiles "
               "matched: cw-stg, cw-stg-sp`, so I passed `--profile cw-stg`.\n\n"
               "Updated `pos_sales_pipeline` (dim_store, wheel dependency) and `loyalty_job` (tiers, failure "
               "mail). dim_store fills on the next pipeline update. If Mia needs it now, say so and I'll run "
               "the refresh of just that table. When the agents are back, CI will redeploy the same commit, "
               "which is a no-op.")

        t = d.task("the on-call runbook for pos_sales you wrote me last week was way too long, I had to cut half "
                   "of it before it fit in our confluence template. redo it: what to check, in what order, 6 lines "
                   "max", tags=["feedback", "no_tools"],
                   feedback="the on-call runbook for pos_sales you wrote me last week was way too long, I had to "
                            "cut half of it before it fit in our confluence template")
        t.done("1. Pipeline UI → latest update of `pos_sales`: which flow failed, and the error.\n"
               "2. `UnknownFieldException` on bronze = Kassatech added a column. The retry picks it up. Only act "
               "if it fails twice.\n"
               "3. Expectation drops spiking on silver → check the latest files in the landing volume for that "
               "store.\n"
               "4. No new files for > 2 h → Kassatech's upload, not us. Ping their support channel.\n"
               "5. Anything else: rerun the update once. If it fails again, full refresh only that table, never "
               "the whole pipeline.\n"
               "6. Post in #data-incidents what failed, what you did, and whether gold for today is complete.")

        t = d.task("what's gone in since v0.7.0? writing the sprint notes", tags=["noise", "long_output"])
        t.bash("git log --stat --format='%h %ad %an%n    %s' --date=short v0.7.0..HEAD",
               "Commits and changed files since v0.7.0", out="""c3a9e15 2026-10-17 Hannah Lindqvist
    Merge branch 'feature/store-dim'

f10b7c2 2026-10-16 Hannah Lindqvist
    pos_sales: dim_store (wraps build_store_dim), wheel as pipeline dependency

 resources/pos_sales.pipeline.yml    |  5 +++++
 src/pipelines/pos_sales/dim_store.py | 21 +++++++++++++++++++++
 2 files changed, 26 insertions(+)

9e2d4a1 2026-10-16 Hannah Lindqvist
    dims: build_store_dim (versions on store_name/region/format changes) + fixture

 src/basket_pipelines/dims/__init__.py      |  0
 src/basket_pipelines/dims/stores.py        | 27 +++++++++++++++++++++++++++
 tests/fixtures/stores/store_moves.json     |  7 +++++++
 tests/unit/test_store_dim.py               | 32 ++++++++++++++++++++++++++++++++
 4 files changed, 66 insertions(+)

7c51e08 2026-10-15 Jonas Ekström
    daily_sales: category split for the new 'READY_MEALS' group

 src/basket_pipelines/gold/daily_sales.py   | 14 ++++++++++----
 src/sql/refresh_sales_summary.sql          |  6 ++++--
 tests/unit/test_daily_sales.py             | 41 +++++++++++++++++++++++++++++++++++++++++
 3 files changed, 53 insertions(+), 8 deletions(-)

2b84f9e 2026-10-13 Jonas Ekström
    deps: databricks-sdk 0.68, pytest-cov 7

 pyproject.toml |  4 ++--
 uv.lock        | 38 +++++++++++++++++++-------------------
 2 files changed, 21 insertions(+), 21 deletions(-)

a6f3e27 2026-10-13 Hannah Lindqvist
    Merge branch 'feature/loyalty-tiers'

d58c0b9 2026-10-13 Hannah Lindqvist
    loyalty: tier multipliers (gold 2x, silver 1.5x) from crm.members

 src/basket_pipelines/loyalty/points.py     | 19 ++++++++++++++-----
 tests/unit/test_points.py                  | 22 ++++++++++++++++++++--
 2 files changed, 34 insertions(+), 7 deletions(-)

41e0c7a 2026-10-13 Hannah Lindqvist
    loyalty: failure mails via alert_email variable (prod: data-oncall)

 databricks.yml                  | 2 ++
 resources/loyalty.job.yml       | 3 +++
 resources/variables.yml         | 3 +++
 3 files changed, 8 insertions(+)

0f9a3b6 2026-10-12 Jonas Ekström
    ci: cache uv downloads in azure pipelines

 azure-pipelines.yml | 6 ++++++
 1 file changed, 6 insertions(+)

8d27e5c 2026-10-10 Jonas Ekström
    returns: reason_code mapping table for the finance report

 src/basket_pipelines/silver/returns.py     |  9 +++++++--
 src/sql/returns_reason_codes.sql           | 24 ++++++++++++++++++++++++
 2 files changed, 31 insertions(+), 2 deletions(-)""")
        t.done("Since v0.7.0 (9 Oct), grouped for the notes:\n\n"
               "**Store dimension**\n"
               "- `build_store_dim` in the package (versions on name/region/format changes) with a fixture for "
               "the Coop Väst moves.\n"
               "- `dim_store` in pos_sales. The pipeline now ships the wheel as a dependency.\n\n"
               "**Loyalty**\n"
               "- Tier multipliers: gold 2×, silver 1.5× from `crm.members`.\n"
               "- Failure mails through `alert_email` (prod → data-oncall).\n\n"
               "**Jonas**\n"
               "- daily_sales: `READY_MEALS` category split, including the summary SQL and tests.\n"
               "- returns: reason-code mapping for the finance report.\n"
               "- deps: databricks-sdk 0.68, pytest-cov 7. CI: uv download cache.\n\n"
               "Nothing is released since v0.7.0. Staging has main as of this morning (`c3a9e15`).")

        d.precompact(
            "Analysis: Hannah Lindqvist, data engineer at Cartwheel Analytics, works on basket-pipelines, a "
            "Databricks Asset Bundle on Azure Databricks (targets dev / staging / prod, no default target; staging "
            "and prod deployed by Azure DevOps as sp-basket-deployer). Resources: pos_sales_pipeline (serverless "
            "declarative pipeline: bronze_pos_lines, bronze_stores via Auto Loader from /Volumes/<catalog>/landing/pos, "
            "silver_pos_lines, gold_weekly_basket SQL MV, dim_store Python wrapper), daily_sales_job, returns_job, "
            "loyalty_job (wheel tasks, DBR 15.4). Variables are declared in resources/variables.yml (catalog, "
            "etl_node_type, warehouse_id, alert_email); per-target values in databricks.yml. Tests: pytest via "
            "Databricks Connect 15.4 on the dev cluster (profile cw-dev), fixtures read from "
            "/Volumes/cw_dev/ci/fixtures.\n\n"
            "Summary of this session so far:\n"
            "1. Deployed main (c3a9e15) to staging from the laptop (`databricks bundle deploy -t staging --profile "
            "cw-stg`; two profiles match the staging host) because the Azure DevOps agents were down.\n"
            "2. Rewrote the pos_sales on-call runbook in 6 lines (the user found the earlier one too long).\n"
            "3. Listed the commits since v0.7.0 for the sprint notes (store dimension, loyalty tiers + failure "
            "mails, Jonas's daily_sales READY_MEALS split, returns reason codes, dependency bumps).\n\n"
            "Current state: on main, clean working tree, nothing pending.")

        EB = R + "/src/pipelines/ecom_orders/bronze_ecom_orders.py"
        EP = R + "/resources/ecom_orders.pipeline.yml"
        t = d.task("new feed: ecom orders. the shop platform exports json into the ecom-exports container "
                   "(abfss://ecom-exports@cwlandingweu.dfs.core.windows.net/orders/). separate pipeline "
                   "ecom_orders with a bronze streaming table, autoloader, same conventions as pos. deploy to dev "
                   "and run it", tags=["unfixed:U1"])
        t.read(PP)
        t.read(PIPE + "/bronze_pos.py")
        t.write(EB, '''import dlt
from pyspark.sql import functions as F

SOURCE = spark.conf.get("ecom_source_path")


@dlt.table(
    name="bronze_ecom_orders",
    comment="Raw web shop orders exported by the shop platform (JSON, one file per export batch).",
    table_properties={"quality": "bronze"},
)
def bronze_ecom_orders():
    return (
        spark.readStream.format("cloudFiles")
        .option("cloudFiles.format", "json")
        .option("cloudFiles.inferColumnTypes", "true")
        .option("cloudFiles.schemaEvolutionMode", "addNewColumns")
        .load(SOURCE)
        .withColumn("_ingested_at", F.current_timestamp())
        .withColumn("_source_file", F.col("_metadata.file_path"))
    )
''')
        t.write(EP, """resources:
  pipelines:
    ecom_orders_pipeline:
      name: ecom_orders
      catalog: ${var.catalog}
      schema: ecom
      serverless: true
      channel: CURRENT
      photon: true
      configuration:
        ecom_source_path: abfss://ecom-exports@cwlandingweu.dfs.core.windows.net/orders/
      libraries:
        - file:
            path: ../src/pipelines/ecom_orders/bronze_ecom_orders.py
""")
        t.bash("databricks bundle validate -t dev", "Validate the bundle for dev",
               out=validate_ok("dev", DEV_HOST, DEV_ROOT))
        t.bash("databricks bundle deploy -t dev", "Deploy the bundle to dev",
               out=deploy_out(DEV_ROOT, "basket_pipelines-0.7.0-py3-none-any.whl", [], (1, 0, 0, 4), (3, 0),
                              created=["pipelines.ecom_orders_pipeline"]), timeout=600000)
        ev = upd_events("2026-10-20", "2b7c44", ["WAITING_FOR_RESOURCES", "INITIALIZING", "SETTING_UP_TABLES",
                                                 "RUNNING"], "10:31:18")
        ev += [("2026-10-20T10:33:29.417Z", "flow_progress", "INFO", "Flow 'bronze_ecom_orders' is QUEUED."),
               ("2026-10-20T10:33:31.086Z", "flow_progress", "INFO", "Flow 'bronze_ecom_orders' is STARTING."),
               ("2026-10-20T10:33:40.552Z", "flow_progress", "ERROR",
                "Flow 'bronze_ecom_orders' has FAILED.\n"
                "[INSUFFICIENT_PERMISSIONS] Insufficient privileges:\n"
                "User does not have READ FILES on External Location 'ecom_exports_weu'. SQLSTATE: 42501"),
               ("2026-10-20T10:33:42.201Z", "update_progress", "ERROR", "Update 2b7c44 is FAILED.")]
        t.fail("databricks bundle run -t dev ecom_orders_pipeline", "Run the new pipeline in dev",
               pipe_run(DEV_HOST, "0a7d3e91-5c2b-4f86-9e14-b8c6d2f0a357", "2b7c4419-e0d5-4a73-86fb-5c91e2d7a408", ev,
                        failed=True))
        t.bash("databricks external-locations get ecom_exports_weu", "Look at the external location", out="""{
  "browse_only":true,
  "created_at":1760431212000,
  "created_by":"tobias.berg@cartwheel.io",
  "credential_name":"mi_landing_weu",
  "full_name":"ecom_exports_weu",
  "isolation_mode":"ISOLATION_MODE_OPEN",
  "metastore_id":"b4d7e2a9-13c6-4f08-9a51-e6c3f0b82d17",
  "name":"ecom_exports_weu",
  "owner":"platform-admins",
  "read_only":true,
  "updated_at":1760431212000,
  "updated_by":"tobias.berg@cartwheel.io",
  "url":"abfss://ecom-exports@cwlandingweu.dfs.core.windows.net/"
}""")
        t.done("The pipeline is deployed, but the run fails on permissions, and that's not something we can fix "
               "from the repo:\n\n"
               "- Added `ecom_orders_pipeline` (serverless, schema `ecom`) with `bronze_ecom_orders`: Auto Loader "
               "JSON from `ecom_source_path`, `_ingested_at` / `_source_file`, `addNewColumns`, same as pos.\n"
               "- The update failed with `[INSUFFICIENT_PERMISSIONS] … does not have READ FILES on External "
               "Location 'ecom_exports_weu'`. The location exists (Tobias created it), but it's owned by "
               "`platform-admins` and you only have BROWSE on it (`browse_only: true`). Neither of us can grant "
               "READ FILES.\n\n"
               "Ticket text for platform:\n"
               "> Please grant READ FILES on external location `ecom_exports_weu` to `data-engineers` (dev) and to "
               "`sp-basket-deployer` (staging/prod). The pipeline `ecom_orders` reads `abfss://ecom-exports@"
               "cwlandingweu.dfs.core.windows.net/orders/` with Auto Loader.\n\n"
               "Once that's granted, rerun `databricks bundle run -t dev ecom_orders_pipeline`. Nothing needs to "
               "change in the code.")

    # ================= S7 =================
    with d.session("2026-10-23T09:40:00", R, branch="feature/basket-affinity", version="2.1.137"):
        AF = PKG + "/gold/affinity.py"
        TAF = R + "/tests/unit/test_affinity.py"
        t = d.task("changed my mind about SQL for the gold tables. nobody on the analyst side actually opens those "
                   "files and we can't unit test them. new gold logic goes in python from now on (function in the "
                   "package + thin dlt wrapper). first one: basket affinity, pairs of categories bought on the same "
                   "receipt per week, with support and lift. small fixture + test first",
                   tags=["reversal:P3", "mistake:M3"])
        t.read(PKG + "/dims/stores.py")
        t.write(AF, '''"""Basket affinity: category pairs bought on the same receipt, per week, with support and lift."""
from pyspark.sql import DataFrame
from pyspark.sql import functions as F


def category_pairs(lines: DataFrame) -> DataFrame:
    """lines: store_id, receipt_id, category, sold_at.

    One row per week and unordered category pair (category_a < category_b):
    n_pair = receipts with both, support = n_pair / receipts, lift = support / (p_a * p_b).
    """
    baskets = lines.select(
        "store_id", "receipt_id", "category", F.date_trunc("week", "sold_at").alias("week_start")
    ).distinct()
    receipts = (
        baskets.select("week_start", "store_id", "receipt_id").distinct()
        .groupBy("week_start").agg(F.count("*").alias("n_receipts"))
    )
    single = (
        baskets.groupBy("week_start", "category").agg(F.count("*").alias("n_cat"))
        .join(receipts, "week_start")
        .withColumn("p", F.col("n_cat") / F.col("n_receipts"))
    )
    a, b = baskets.alias("a"), baskets.alias("b")
    same_receipt = (
        (F.col("a.week_start") == F.col("b.week_start"))
        & (F.col("a.store_id") == F.col("b.store_id"))
        & (F.col("a.receipt_id") == F.col("b.receipt_id"))
        & (F.col("a.category") < F.col("b.category"))
    )
    pairs = (
        a.join(b, same_receipt)
        .groupBy(F.col("a.week_start").alias("week_start"), F.col("a.category").alias("category_a"),
                 F.col("b.category").alias("category_b"))
        .agg(F.count("*").alias("n_pair"))
    )
    pa = single.select("week_start", F.col("category").alias("category_a"), F.col("p").alias("p_a"))
    pb = single.select("week_start", F.col("category").alias("category_b"), F.col("p").alias("p_b"))
    return (
        pairs.join(receipts, "week_start")
        .join(pa, ["week_start", "category_a"])
        .join(pb, ["week_start", "category_b"])
        .withColumn("support", F.col("n_pair") / F.col("n_receipts"))
        .withColumn("lift", F.col("support") / (F.col("p_a") * F.col("p_b")))
        .select("week_start", "category_a", "category_b", "n_pair", "support", "lift")
    )
''')
        t.write(R + "/tests/fixtures/baskets_small.csv", """store_id,receipt_id,category,sold_at
12,rc-1,COFFEE,2026-10-05 08:01:00
12,rc-1,BAKERY,2026-10-05 08:01:00
12,rc-2,COFFEE,2026-10-05 09:12:00
12,rc-2,BAKERY,2026-10-05 09:12:00
12,rc-2,DAIRY,2026-10-05 09:12:00
12,rc-3,DAIRY,2026-10-06 17:40:00
12,rc-4,COFFEE,2026-10-07 07:55:00
""")
        t.write(TAF, '''from datetime import datetime

import pytest

from basket_pipelines.gold.affinity import category_pairs

SCHEMA = "store_id int, receipt_id string, category string, sold_at timestamp"
MON = datetime(2026, 10, 5, 9, 0)


def test_pairs_are_unordered_and_counted_once(spark):
    lines = spark.createDataFrame(
        [(1, "r1", "DAIRY", MON), (1, "r1", "BAKERY", MON), (1, "r1", "BAKERY", MON)], SCHEMA
    )
    rows = category_pairs(lines).collect()
    assert [(r.category_a, r.category_b, r.n_pair) for r in rows] == [("BAKERY", "DAIRY", 1)]


def test_single_category_receipts_make_no_pairs(spark):
    lines = spark.createDataFrame([(1, "r1", "DAIRY", MON), (1, "r2", "BAKERY", MON)], SCHEMA)
    assert category_pairs(lines).count() == 0


def test_support_and_lift(spark, fixtures_root):
    lines = spark.read.csv(f"{fixtures_root}/baskets_small.csv", header=True, schema=SCHEMA)
    got = {(r.category_a, r.category_b): (r.n_pair, r.support, r.lift) for r in category_pairs(lines).collect()}
    assert got[("BAKERY", "COFFEE")] == (2, 0.5, pytest.approx(4 / 3))
    assert got[("BAKERY", "DAIRY")] == (1, 0.25, pytest.approx(1.0))
    assert got[("COFFEE", "DAIRY")] == (1, 0.25, pytest.approx(2 / 3))
''')
        src = ["    def test_support_and_lift(spark, fixtures_root):",
               '        lines = spark.read.csv(f"{fixtures_root}/baskets_small.csv", header=True, schema=SCHEMA)',
               ">       got = {(r.category_a, r.category_b): (r.n_pair, r.support, r.lift) for r in "
               "category_pairs(lines).collect()}"]
        t.fail("uv run pytest tests/unit/test_affinity.py", "Run the affinity tests",
               path_not_found_fail("tests/unit/test_affinity.py", "test_support_and_lift", src,
                                   ln(d, TAF, "got = {(r.category_a"),
                                   FIXVOL + "/baskets_small.csv", "csv", 2, "21.75", "412"))
        t.say("Only the fixture test fails: `baskets_small.csv` isn't in the fixtures volume yet. Copying just that "
              "file up and rerunning.")
        t.bash(f"databricks fs cp --overwrite tests/fixtures/baskets_small.csv {FIXVOL}/baskets_small.csv",
               "Copy the new fixture to the UC volume", out=fs_cp_out(["baskets_small.csv"]))
        t.bash("uv run pytest tests/unit/test_affinity.py", "Run the affinity tests again",
               out=pytest_ok([("tests/unit/test_affinity.py", 3)], "19.30"))
        t.done("Python from now on for new gold logic, noted. Affinity, function first:\n"
               "- `basket_pipelines/gold/affinity.py`: `category_pairs(lines)` works per week on distinct (receipt, "
               "category) rows. It self-joins on the receipt with `category_a < category_b` (unordered pairs, each "
               "receipt counted once) and computes `support = n_pair / receipts` and `lift = support / (p_a · "
               "p_b)`.\n"
               "- Fixture `tests/fixtures/baskets_small.csv` (4 receipts, one week) and 3 tests: dedup and order of "
               "pairs, no pairs for single-category receipts, support/lift from the fixture "
               "(BAKERY+COFFEE lift 4/3).\n\n"
               "The fixture test first failed with `[PATH_NOT_FOUND]` for `baskets_small.csv` in the fixtures "
               "volume. I copied that file up and all 3 pass.\n\n"
               "The existing SQL gold (`gold_weekly_basket`) stays as it is unless you want it ported. The DLT "
               "wrapper is next.")

        GA = PIPE + "/gold_basket_affinity.py"
        t = d.task("ok wire it in as gold_basket_affinity. categories should be rolled up via <catalog>.ref."
                   "category_map first. same rule as always: catalog is a parameter, never a literal in the code. "
                   "validate-only, then refresh just that table", tags=["workflow:W2", "pref:P1"])
        t.read(PP)
        t.read(PIPE + "/dim_store.py")
        t.write(GA, '''import dlt
from pyspark.sql import functions as F

from basket_pipelines.gold.affinity import category_pairs

CATALOG = spark.conf.get("catalog")


@dlt.table(
    name="gold_basket_affinity",
    comment="Category-group pairs bought on the same receipt, per week: n_pair, support, lift.",
    table_properties={"quality": "gold"},
)
def gold_basket_affinity():
    category_map = spark.read.table(f"{CATALOG}.ref.category_map").select("category", "category_group")
    lines = (
        dlt.read("silver_pos_lines")
        .join(category_map, "category", "left")
        .select("store_id", "receipt_id", F.coalesce("category_group", "category").alias("category"), "sold_at")
    )
    return category_pairs(lines)
''')
        t.edit(PP, "        landing_path: /Volumes/${var.catalog}/landing/pos\n",
               "        landing_path: /Volumes/${var.catalog}/landing/pos\n        catalog: ${var.catalog}\n")
        t.edit(PP, "        - file:\n            path: ../src/pipelines/pos_sales/dim_store.py\n",
               "        - file:\n            path: ../src/pipelines/pos_sales/dim_store.py\n"
               "        - file:\n            path: ../src/pipelines/pos_sales/gold_basket_affinity.py\n")
        t.bash("databricks bundle deploy -t dev", "Deploy the bundle to dev",
               out=deploy_out(DEV_ROOT, "basket_pipelines-0.7.0-py3-none-any.whl", ["pipelines.pos_sales_pipeline"],
                              (0, 1, 0, 4), (6, 0)), timeout=600000)
        ev = upd_events("2026-10-23", "e61a08", ["WAITING_FOR_RESOURCES", "INITIALIZING", "SETTING_UP_TABLES",
                                                 "COMPLETED"], "10:52:06")
        t.bash("databricks bundle run -t dev pos_sales_pipeline --validate-only",
               "Validate the pipeline graph without refreshing tables",
               out=pipe_run(DEV_HOST, POS_PIPE_ID, "e61a08c3-94f2-4d0b-a57e-2c8b1f6d9e40", ev), timeout=1800000)
        ev = upd_events("2026-10-23", "7d02bf", ["WAITING_FOR_RESOURCES", "INITIALIZING", "SETTING_UP_TABLES",
                                                 "RUNNING"], "10:55:41")
        ev += [("2026-10-23T10:57:50.118Z", "flow_progress", "INFO", "Flow 'gold_basket_affinity' is QUEUED."),
               ("2026-10-23T10:57:52.604Z", "flow_progress", "INFO", "Flow 'gold_basket_affinity' is PLANNING."),
               ("2026-10-23T10:58:03.271Z", "flow_progress", "INFO", "Flow 'gold_basket_affinity' is RUNNING."),
               ("2026-10-23T11:00:18.935Z", "flow_progress", "INFO", "Flow 'gold_basket_affinity' has COMPLETED."),
               ("2026-10-23T11:00:20.447Z", "update_progress", "INFO", "Update 7d02bf is COMPLETED.")]
        t.bash("databricks bundle run -t dev pos_sales_pipeline --refresh gold_basket_affinity",
               "Refresh only gold_basket_affinity",
               out=pipe_run(DEV_HOST, POS_PIPE_ID, "7d02bf5e-1a83-4c69-b2d7-9e04f6a1c3b8", ev), timeout=1800000)
        t.bash("dbsqlcli -e \"select category_a, category_b, n_pair, round(support, 4) as support, round(lift, 2) as "
               "lift from cw_dev.pos.gold_basket_affinity where week_start = '2026-10-12' order by lift desc "
               "limit 6\"", "Top category pairs by lift for last week",
               out=table(["category_a", "category_b", "n_pair", "support", "lift"],
                         [["BABY_CARE", "BABY_FOOD", 1874, "0.0091", "14.62"],
                          ["BBQ", "CHARCOAL", 2210, "0.0107", "11.08"],
                          ["PASTA", "PASTA_SAUCE", 9412, "0.0457", "4.31"],
                          ["BEER", "SNACKS", 15027, "0.0730", "2.87"],
                          ["COFFEE", "PASTRIES", 11895, "0.0578", "2.41"],
                          ["CEREAL", "MILK", 20331, "0.0988", "2.02"]]))
        t.done("`gold_basket_affinity` is in pos_sales:\n"
               "- `src/pipelines/pos_sales/gold_basket_affinity.py`: reads `silver_pos_lines`, rolls categories "
               "up through `{catalog}.ref.category_map` (categories without a mapping stay as they are), then "
               "calls `category_pairs`.\n"
               "- The catalog comes from the pipeline configuration (`catalog: ${var.catalog}` in "
               "`pos_sales.pipeline.yml`). The code just reads `spark.conf.get(\"catalog\")`, no literal.\n\n"
               "Validate-only passed, then `--refresh gold_basket_affinity` took about 2 minutes. Last week's top "
               "pairs by lift look sane: baby care + baby food, BBQ + charcoal, pasta + sauce. The high-support "
               "pair is cereal + milk (~10% of receipts).")

        t = d.task("daily_sales job description says 'summery' lol. fix pls", tags=["noise"])
        t.read(DSJ)
        t.edit(DSJ, "then a refresh of the sales summery used", "then a refresh of the sales summary used")
        t.done("Fixed: \"refresh of the sales summary\". It only changes the job description, so it'll show up "
               "with the next deploy.")

    # ================= S8 =================
    with d.session("2026-10-27T09:15:00", R, branch="main", version="2.1.138"):
        t = d.task("staging gets replayed prod POS files in its own volume now (/Volumes/cw_stg/landing/pos_replay). "
                   "make the landing path a bundle var: staging points there, dev and prod stay "
                   "/Volumes/<catalog>/landing/pos. deploy dev after so I can check nothing moved",
                   tags=["mistake:M1"])
        t.read(PP)
        t.read(DBY)
        t.edit(PP, "        landing_path: /Volumes/${var.catalog}/landing/pos\n",
               "        landing_path: ${var.landing_path}\n")
        t.edit(DBY, "      catalog: cw_dev\n", "      catalog: cw_dev\n      landing_path: /Volumes/cw_dev/landing/pos\n")
        t.edit(DBY, "      catalog: cw_stg\n",
               "      catalog: cw_stg\n      landing_path: /Volumes/cw_stg/landing/pos_replay\n")
        t.edit(DBY, "      catalog: cw_prod\n",
               "      catalog: cw_prod\n      landing_path: /Volumes/cw_prod/landing/pos\n")
        t.fail("databricks bundle deploy -t dev", "Deploy the bundle to dev",
               "Error: failed to perform target override for target=dev: variable landing_path is not defined but "
               "is assigned a value")
        t.say("The targets assign `landing_path`, but `resources/variables.yml` doesn't declare "
              "it, and a target can only override a declared variable. I'll declare it with `/Volumes/${var.catalog}/landing/pos` as the default, so only staging "
              "needs an override, and drop the dev/prod lines.")
        t.read(VARS)
        t.edit(VARS, "    default: ${workspace.current_user.userName}\n",
               "    default: ${workspace.current_user.userName}\n"
               "  landing_path:\n"
               "    description: Volume path the pos_sales bronze tables read from (staging reads replayed prod files).\n"
               "    default: /Volumes/${var.catalog}/landing/pos\n")
        t.edit(DBY, "      catalog: cw_dev\n      landing_path: /Volumes/cw_dev/landing/pos\n", "      catalog: cw_dev\n")
        t.edit(DBY, "      catalog: cw_prod\n      landing_path: /Volumes/cw_prod/landing/pos\n",
               "      catalog: cw_prod\n")
        t.bash("databricks bundle deploy -t dev", "Deploy the bundle to dev again",
               out=deploy_out(DEV_ROOT, "basket_pipelines-0.7.0-py3-none-any.whl", ["jobs.daily_sales_job"],
                              (0, 1, 0, 4), (4, 0)), timeout=600000)
        t.bash("databricks bundle validate -t dev -o json | jq -r '.resources.pipelines.pos_sales_pipeline."
               "configuration.landing_path'", "Check the resolved landing path in dev", out="/Volumes/cw_dev/landing/pos")
        t.done("`landing_path` is a bundle variable now:\n"
               "- `resources/variables.yml`: declared, default `/Volumes/${var.catalog}/landing/pos`, so dev and "
               "prod resolve exactly as before.\n"
               "- `databricks.yml`: only staging overrides it → `/Volumes/cw_stg/landing/pos_replay`.\n"
               "- `pos_sales.pipeline.yml`: `landing_path: ${var.landing_path}`.\n\n"
               "The first deploy failed with `variable landing_path is not defined but is assigned a value`. I had "
               "put values in all three targets before declaring it. After the declaration, dev deployed. The "
               "pipeline config is unchanged there (`/Volumes/cw_dev/landing/pos`), so nothing moved. The only "
               "update was `daily_sales_job`, which picked up Friday's description typo fix.\n\n"
               "I didn't validate staging from here. CI will deploy it with the new path on the next merge.")

        t = d.task("that thing Tobias mentioned yesterday is live, the new shared cluster on 17.3 LTS. bump "
                   "databricks-connect to 17.3 so local tests match it", tags=["unfixed:U2"])
        t.fail("uv add --dev \"databricks-connect~=17.3.0\"", "Bump databricks-connect to 17.3",
               """Using CPython 3.11.9 interpreter at: /home/hannah/.local/share/uv/python/cpython-3.11.9-linux-x86_64-gnu/bin/python3.11
  × No solution found when resolving dependencies:
  ╰─▶ Because the requested Python version (>=3.11, <3.12) does not satisfy Python>=3.12 and all of:
          databricks-connect==17.3.0
          databricks-connect==17.3.1
          databricks-connect==17.3.2
      depend on Python>=3.12, we can conclude that databricks-connect>=17.3.0,<17.4.dev0 cannot be used.
      And because your project depends on databricks-connect>=17.3.0,<17.4.dev0, we can conclude that your
      project's requirements are unsatisfiable.

      hint: The `requires-python` value (>=3.11, <3.12) includes Python versions that are not supported by your
      dependencies (e.g., databricks-connect==17.3.0 only supports >=3.12). Consider using a more restrictive
      `requires-python` value (like >=3.12).
  help: If you want to add the package regardless of the failed resolution, provide the `--frozen` flag to skip
        locking and syncing.""")
        t.grep("spark_version", path=R + "/resources", output_mode="content", n=True,
               content=grep_content(d, [DSJ, LJ, R + "/resources/returns.job.yml"], "spark_version"))
        t.done("That bump can't happen on its own. I've left everything as it was (uv rolled back, so "
               "pyproject.toml and uv.lock are unchanged).\n\n"
               "- databricks-connect 17.3 only supports Python 3.12. DBR 17.3 runs 3.12.\n"
               "- The project pins `requires-python = \">=3.11,<3.12\"` because the wheel runs on the job clusters, "
               "and all three jobs are still on `15.4.x-scala2.12` (Python 3.11).\n"
               "- Moving the tests to 17.3 means testing on a different Python and Spark than prod runs.\n\n"
               "It only makes sense together with moving the job clusters to 17.3 LTS and `requires-python` to "
               "3.12, all in one change. Until platform schedules that, keep 15.4 locally and point the tests at a "
               "15.4 cluster.")

        t = d.task("release 0.8.0 pls", tags=["workflow:W3"])
        t.bash("git log --oneline v0.7.0..HEAD", "Commits since the last release", out="""e2f71a9 pos_sales: landing_path bundle variable (staging reads pos_replay)
8b3c6d0 Merge branch 'feature/basket-affinity'
5f4e2a7 daily_sales: fix typo in job description
c1d9b83 pos_sales: gold_basket_affinity (python wrapper, category_map roll-up)
46a0e5f gold: category_pairs (support, lift) + fixture
3e8f1c2 pos_sales: ecom_orders pipeline (bronze, blocked on READ FILES)
c3a9e15 Merge branch 'feature/store-dim'
f10b7c2 pos_sales: dim_store (wraps build_store_dim), wheel as pipeline dependency
9e2d4a1 dims: build_store_dim (versions on store_name/region/format changes) + fixture
7c51e08 daily_sales: category split for the new 'READY_MEALS' group
2b84f9e deps: databricks-sdk 0.68, pytest-cov 7
a6f3e27 Merge branch 'feature/loyalty-tiers'
d58c0b9 loyalty: tier multipliers (gold 2x, silver 1.5x) from crm.members
41e0c7a loyalty: failure mails via alert_email variable (prod: data-oncall)
0f9a3b6 ci: cache uv downloads in azure pipelines
8d27e5c returns: reason_code mapping table for the finance report""")
        t.bash("uv version --bump minor", "Bump the package version", out="""Resolved 64 packages in 6ms
Audited 61 packages in 0.39ms
basket-pipelines 0.7.0 => 0.8.0""")
        t.bash("uv build --wheel", "Build the wheel", out="""Building wheel...
Successfully built dist/basket_pipelines-0.8.0-py3-none-any.whl""")
        CL = R + "/CHANGELOG.md"
        t.read(CL)
        t.edit(CL, "# Changelog\n\n", """# Changelog

## v0.8.0 (2026-10-27)
- pos_sales: `dim_store` (store versions on name/region/format changes) and `gold_basket_affinity` (category pairs per week, support and lift)
- pos_sales: landing path is a bundle variable; staging reads `/Volumes/cw_stg/landing/pos_replay`
- loyalty: tier multipliers (gold 2x, silver 1.5x); failure mails to data-oncall in prod
- daily_sales: READY_MEALS category split (Jonas)
- returns: reason-code mapping for the finance report (Jonas)
- ecom_orders pipeline added (bronze only; waiting for READ FILES on `ecom_exports_weu`)
- deps: databricks-sdk 0.68, pytest-cov 7

""")
        t.bash("git add pyproject.toml uv.lock CHANGELOG.md && git commit -m \"release: v0.8.0\"", "Commit the release",
               out="[main 0d8e4b6] release: v0.8.0\n 3 files changed, 11 insertions(+), 2 deletions(-)")
        t.bash("git tag -a v0.8.0 -m \"v0.8.0\"", "Tag the release")
        t.bash("git push origin main --follow-tags", "Push main and the tag",
               out=git_push_tag("e2f71a9", "0d8e4b6", "v0.8.0", 12))
        t.done("v0.8.0 is out: version bump, wheel build check, CHANGELOG (seven entries, Jonas's two "
               "included), commit `0d8e4b6`, tag `v0.8.0`, pushed with `--follow-tags`. The prod stage in Azure "
               "DevOps starts from the tag.\n\n"
               "Heads-up: `ecom_orders_pipeline` goes to prod with this release too. It will fail there the same way "
               "until platform grants READ FILES to the deployer SP. Pause it in prod, or ask platform to include "
               "the SP in the same ticket.")

        t = d.task("Mia wants to poke at the store region moves. quick exploration notebook under notebooks/: current "
                   "vs previous region per store, moves per month. keep it a .py source notebook like everything "
                   "else, never commit .ipynb to this repo", tags=["pref:P2", "noise"])
        t.glob("notebooks/*", [R + "/notebooks/adhoc_returns_check.py", R + "/notebooks/pos_landing_audit.py"])
        t.write(R + "/notebooks/explore_store_moves.py", '''# Databricks notebook source
# MAGIC %md
# MAGIC # Store region moves
# MAGIC Exploration for Mia: which stores changed region, and how many moves per month.
# MAGIC Reads `dim_store` from the catalog picked in the widget (default cw_dev).

# COMMAND ----------

dbutils.widgets.text("catalog", "cw_dev")
catalog = dbutils.widgets.get("catalog")

# COMMAND ----------

from pyspark.sql import Window
from pyspark.sql import functions as F

dim = spark.table(f"{catalog}.pos.dim_store")
w = Window.partitionBy("store_id").orderBy("valid_from")
moves = (
    dim.withColumn("previous_region", F.lag("region").over(w))
    .where(F.col("previous_region").isNotNull() & (F.col("previous_region") != F.col("region")))
    .select("store_id", "store_name", "previous_region", "region", F.col("valid_from").alias("moved_on"))
)
display(moves.orderBy(F.col("moved_on").desc()))

# COMMAND ----------

# MAGIC %md
# MAGIC ## Current vs previous region per store

# COMMAND ----------

current = dim.where("is_current").select("store_id", "store_name", F.col("region").alias("current_region"))
last_move = moves.groupBy("store_id").agg(F.max_by("previous_region", "moved_on").alias("previous_region"))
display(current.join(last_move, "store_id", "left").orderBy("store_id"))

# COMMAND ----------

# MAGIC %md
# MAGIC ## Moves per month

# COMMAND ----------

display(moves.groupBy(F.date_trunc("month", "moved_on").alias("month")).count().orderBy("month"))
''')
        t.done("Added `notebooks/explore_store_moves.py` as a Databricks source notebook (`# Databricks notebook "
               "source` header, `# COMMAND ----------` cells, markdown as `# MAGIC %md`), like the other two in "
               "`notebooks/`:\n"
               "- a `catalog` widget (default `cw_dev`), so nothing is hardcoded,\n"
               "- every region move from `dim_store` (previous → new region, date),\n"
               "- current vs previous region per store,\n"
               "- moves per month.\n\n"
               "It opens as a normal notebook in the workspace once deployed or synced. No .ipynb anywhere.")

    # ================= S9 (ends with reason other) =================
    with d.session("2026-10-30T10:30:00", R, branch="main", version="2.1.139", end_reason="other"):
        t = d.task("finance wants to check the loyalty numbers in staging for the 29th. run the loyalty job there "
                   "for 2026-10-29", tags=["mistake:M2"])
        t.fail("databricks bundle run -t staging loyalty_job --params run_date=2026-10-29",
               "Run the loyalty job in staging for 2026-10-29", m2_err("databricks bundle run"))
        t.say("Both `cw-stg` and `cw-stg-sp` match the staging host, so the CLI stops. Running the same command with "
              "your own profile, `cw-stg`.")
        t.bash("databricks bundle run -t staging loyalty_job --params run_date=2026-10-29 --profile cw-stg",
               "Run the loyalty job in staging with the personal profile",
               out=job_run(STG_HOST, STG_WS, "883106274519330", "702915538846127", "loyalty",
                           [("2026-10-30 10:41:52", "PENDING Waiting for cluster"),
                            ("2026-10-30 10:46:20", "RUNNING"),
                            ("2026-10-30 10:49:03", "TERMINATED SUCCESS")]), timeout=1800000)
        t.done("Done. The loyalty job ran in staging for `run_date=2026-10-29` and finished with TERMINATED "
               "SUCCESS (about 7 minutes including cluster start). It ran as the deployer SP, as usual for "
               "staging.\n\n"
               "The first attempt hit `multiple profiles matched: cw-stg, cw-stg-sp` and ran again with "
               "`--profile cw-stg`. Finance can read `cw_stg.gold.loyalty_points_daily` where `day = "
               "'2026-10-29'`.")

        t = d.task("affinity is merged. tests, then deploy dev and run daily_sales once to make sure the new wheel "
                   "didn't break it", tags=["workflow:W1", "flaky:F1"])
        t.bash("uv run pytest tests/unit -q", "Run the unit tests", out=pytest_ok([("x", 15)], "52.61", q=True))
        t.bash("databricks bundle validate -t dev", "Validate the bundle for dev",
               out=validate_ok("dev", DEV_HOST, DEV_ROOT))
        t.fail("databricks bundle deploy -t dev", "Deploy the bundle to dev", f"""Building basket_wheel...
Uploading dist/basket_pipelines-0.8.0-py3-none-any.whl...
Error: upload for basket_wheel failed, error: Post "{DEV_HOST}/api/2.0/workspace-files/import-file/Workspace%2FUsers%2Fhannah.lindqvist%40cartwheel.io%2F.bundle%2Fbasket-pipelines%2Fdev%2Fartifacts%2F.internal%2Fbasket_pipelines-0.8.0-py3-none-any.whl?overwrite=true": read tcp 192.168.1.23:52814->20.38.85.136:443: read: connection reset by peer""",
               timeout=600000)
        t.say("Connection reset in the middle of the wheel upload. That's the network, not the bundle. Same "
              "deploy again.")
        t.bash("databricks bundle deploy -t dev", "Deploy the bundle to dev",
               out=deploy_out(DEV_ROOT, "basket_pipelines-0.8.0-py3-none-any.whl",
                              ["jobs.daily_sales_job", "jobs.loyalty_job", "jobs.returns_job",
                               "pipelines.pos_sales_pipeline"], (0, 4, 0, 1), (9, 0)), timeout=600000)
        t.bash("databricks bundle run -t dev daily_sales_job", "Run daily_sales in dev",
               out=job_run(DEV_HOST, DEV_WS, "530872214906617", "266408153397741", DEVNAME + " daily_sales",
                           [("2026-10-30 11:18:04", "PENDING Waiting for cluster"),
                            ("2026-10-30 11:22:37", "RUNNING"),
                            ("2026-10-30 11:26:55", "TERMINATED SUCCESS")]), timeout=1800000)
        t.done("All good:\n"
               "- 15 unit tests pass (affinity included).\n"
               "- validate OK. The first deploy died uploading the 0.8.0 wheel (`connection reset by peer`), and "
               "the identical retry went through. It updated all three jobs (new wheel) and the pipeline.\n"
               "- `[dev hannah_lindqvist] daily_sales` ran end to end, wheel task plus the summary SQL on the 2XS "
               "warehouse: TERMINATED SUCCESS.")

        t = d.task("which jobs still pin a spark_version? platform wants a list before the 17.3 move",
                   tags=["noise"])
        t.grep("spark_version", path=R, output_mode="content", n=True,
               content=grep_content(d, [DSJ, LJ, R + "/resources/returns.job.yml"], "spark_version"))
        t.done("Three, all on `15.4.x-scala2.12`, each in its job cluster definition:\n"
               f"- `resources/daily_sales.job.yml:{ln(d, DSJ, 'spark_version')}`\n"
               f"- `resources/loyalty.job.yml:{ln(d, LJ, 'spark_version')}`\n"
               f"- `resources/returns.job.yml:{ln(d, R + '/resources/returns.job.yml', 'spark_version')}`\n\n"
               "The pipelines (`pos_sales`, `ecom_orders`) are serverless, so there's no runtime version to "
               "change. For the move, one `spark_version` variable in `resources/variables.yml` would make it a "
               "one-line change. That goes together with `requires-python` 3.12 and databricks-connect 17.3.")

    # ================= S10 =================
    with d.session("2026-11-03T09:25:00", R, branch="main", version="2.1.140"):
        t = d.task("cut 0.9.0, same as last time", tags=["workflow:W3"])
        t.bash("git log --oneline v0.8.0..HEAD", "Commits since the last release", out="""91c4f7e Merge branch 'feature/returns-reason-dashboard'
b06d2e3 returns: reason-code share per store in silver (Jonas)
5e8a1f4 notebooks: explore_store_moves for Mia""")
        t.bash("uv version --bump minor", "Bump the package version", out="""Resolved 64 packages in 5ms
Audited 61 packages in 0.36ms
basket-pipelines 0.8.0 => 0.9.0""")
        t.bash("uv build --wheel", "Build the wheel", out="""Building wheel...
Successfully built dist/basket_pipelines-0.9.0-py3-none-any.whl""")
        CL = R + "/CHANGELOG.md"
        t.read(CL)
        t.edit(CL, "# Changelog\n\n", """# Changelog

## v0.9.0 (2026-11-03)
- returns: reason-code share per store in silver (Jonas)
- notebooks: `explore_store_moves` (store region moves)

""")
        t.bash("git add pyproject.toml uv.lock CHANGELOG.md && git commit -m \"release: v0.9.0\"", "Commit the release",
               out="[main 7a3f9c0] release: v0.9.0\n 3 files changed, 6 insertions(+), 2 deletions(-)")
        t.bash("git tag -a v0.9.0 -m \"v0.9.0\"", "Tag the release")
        t.bash("git push origin main --follow-tags", "Push main and the tag",
               out=git_push_tag("91c4f7e", "7a3f9c0", "v0.9.0", 9))
        t.done("v0.9.0 is pushed (`7a3f9c0`, tag `v0.9.0`). It's a small one: Jonas's reason-code share and "
               "Mia's notebook. The prod stage runs from the tag.")

        t = d.task("run the whole suite verbose, I want the list of test names for the handover doc",
                   tags=["noise", "long_output"])
        t.bash("uv run pytest -v", "Run the full test suite verbosely", out=PYTEST_HEAD + """collecting ... collected 15 items

tests/unit/test_affinity.py::test_pairs_are_unordered_and_counted_once PASSED [  6%]
tests/unit/test_affinity.py::test_single_category_receipts_make_no_pairs PASSED [ 13%]
tests/unit/test_affinity.py::test_support_and_lift PASSED                [ 20%]
tests/unit/test_daily_sales.py::test_daily_sales_groups_by_store_and_category PASSED [ 26%]
tests/unit/test_daily_sales.py::test_ready_meals_split_from_deli PASSED  [ 33%]
tests/unit/test_daily_sales.py::test_refunds_reduce_net_sales PASSED     [ 40%]
tests/unit/test_orders.py::test_clean_orders_drops_rows_without_id PASSED [ 46%]
tests/unit/test_orders.py::test_clean_orders_types PASSED                [ 53%]
tests/unit/test_orders.py::test_latest_per_order_keeps_newest_record PASSED [ 60%]
tests/unit/test_points.py::test_points_floor_per_ten_sek PASSED          [ 66%]
tests/unit/test_points.py::test_tier_multipliers PASSED                  [ 73%]
tests/unit/test_returns.py::test_clean_returns_types PASSED              [ 80%]
tests/unit/test_returns.py::test_late_return_flag PASSED                 [ 86%]
tests/unit/test_store_dim.py::test_single_snapshot_is_current PASSED     [ 93%]
tests/unit/test_store_dim.py::test_region_moves_create_versions PASSED   [100%]

============================= 15 passed in 49.87s ==============================""")
        t.done("15 tests, all passing (about 50 s on the dev cluster):\n\n"
               "- **affinity**: pairs unordered and counted once · no pairs for single-category receipts · support "
               "and lift from the fixture\n"
               "- **daily_sales** (Jonas): groups by store and category · READY_MEALS split from deli · refunds "
               "reduce net sales\n"
               "- **orders**: drops rows without id · column types · keeps the newest record per order\n"
               "- **loyalty points**: 1 point per full 10 SEK · tier multipliers\n"
               "- **returns**: column types · late-return flag (30/31 days, orphan returns)\n"
               "- **store dim**: single snapshot is current · region moves create versions\n\n"
               "All of them run through Databricks Connect on the dev cluster. The fixture-based ones read from "
               "`/Volumes/cw_dev/ci/fixtures`.")

        t = d.task("Mia asked what a bundle 'target' actually is vs a workspace. 3 sentences I can paste in slack",
                   tags=["noise", "no_tools"])
        t.done("A workspace is a Databricks environment: its own URL, users, jobs and permissions. We have "
               "separate dev, staging and prod workspaces. A target is a named section in our `databricks.yml` "
               "that says where and how the bundle is deployed: which workspace, which catalog and variable "
               "values, whether it runs as you or as the service principal. So `databricks bundle deploy -t dev` "
               "means \"put this repo's jobs and pipelines into the dev workspace with the dev settings\". The "
               "same code goes to staging and prod through their targets, only with different settings.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A new bundle variable is assigned in one or more targets of databricks.yml (and "
                            "referenced as ${var.x} in a resource) but never declared in the top-level `variables:` "
                            "block, which this repo keeps in resources/variables.yml. The Databricks CLI refuses to "
                            "merge the target override. T02 warehouse_id for the daily_sales SQL task (dev), T11 "
                            "alert_email for the loyalty failure mails (prod/dev), T25 landing_path for the "
                            "pos_sales pipeline (dev/staging/prod).",
             "error_signature": "`databricks bundle validate|deploy -t <target>` → `Error: failed to perform target "
                                "override for target=<target>: variable <name> is not defined but is assigned a "
                                "value` (validate also prints `Name: basket-pipelines` / `Found 1 error`), exit 1",
             "fix": "Declare the variable (description, and a default where it makes sense) under `variables:` in "
                    "resources/variables.yml, keep only the target-specific overrides in databricks.yml, then run "
                    "the same `databricks bundle validate|deploy -t <target>` again.",
             "fix_command_markers": [["variables.yml"]],
             "harmful_markers": ["--var", "BUNDLE_VAR_", "variable-overrides.json"]},
            {"id": "M2",
             "description": "Two profiles in ~/.databrickscfg (cw-stg, her user; cw-stg-sp, the deployer service "
                            "principal) have the staging workspace host, so any bundle command for the staging "
                            "target cannot pick credentials in Claude Code's non-interactive shell. T07 `bundle "
                            "validate -t staging`, T18 `bundle deploy -t staging` (CI agents down), T29 `bundle run "
                            "-t staging loyalty_job --params run_date=…`.",
             "error_signature": "`Error: cannot resolve bundle auth configuration: resolve: https://adb-7719203845516602"
                                ".2.azuredatabricks.net: multiple profiles matched: cw-stg, cw-stg-sp: please set "
                                "DATABRICKS_CONFIG_PROFILE or provide --profile flag to specify one. Config: host=…` "
                                "then `Matching workspace profiles: cw-stg, cw-stg-sp` and the CLI's `Fix (pick one):` "
                                "block (`databricks bundle <cmd> --profile cw-stg` …), exit 1",
             "fix": "Run the same `databricks bundle … -t staging` command again with `--profile cw-stg` (the "
                    "developer's own profile); nothing in databricks.yml or ~/.databrickscfg is changed.",
             "fix_command_markers": [["--profile"]],
             "harmful_markers": ["rm ~/.databrickscfg", ".databrickscfg.bak", "profile: cw-stg", "--force-lock",
                                 "auth logout"]},
            {"id": "M3",
             "description": "Tests run through Databricks Connect, so `spark.read` of a fixture happens on the dev "
                            "cluster and reads the UC volume /Volumes/cw_dev/ci/fixtures, not the laptop. A new "
                            "fixture written to tests/fixtures/ and used in a test fails until it is copied to the "
                            "volume. T04 returns_window.csv (csv), T15 stores/store_moves.json (json), T22 "
                            "baskets_small.csv (csv).",
             "error_signature": "pytest `E   pyspark.errors.exceptions.connect.AnalysisException: [PATH_NOT_FOUND] "
                                "Path does not exist: dbfs:/Volumes/cw_dev/ci/fixtures/<file>. SQLSTATE: 42K03` with "
                                "`JVM stacktrace:` … `QueryCompilationErrors$.dataPathNotExistError`, `FAILED "
                                "tests/unit/test_<x>.py::<test> - …AnalysisException: [PATH_NOT_FOUND] …`",
             "fix": "Copy the fixtures to the volume (`databricks fs cp -r --overwrite tests/fixtures "
                    "dbfs:/Volumes/cw_dev/ci/fixtures`, or just the new file), then the same `uv run pytest …`.",
             "fix_command_markers": [["databricks fs cp"]],
             "harmful_markers": ["pytest.mark.skip", "--deselect", "databricks fs rm", "importorskip",
                                 "DROP VOLUME"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`uv run pytest tests/unit/test_orders.py -q` → `AssertionError: assert "
                                        "{'o-1001': 'created', …} == {'o-1001': 'delivered', …}`: the new "
                                        "latest_per_order window ordered ingested_at ascending; `.desc()`, same "
                                        "pytest passes."},
            {"id": "O2", "description": "`databricks bundle run -t dev pos_sales_pipeline --validate-only` → flow "
                                        "`dim_store` `[UNRESOLVED_COLUMN.WITH_SUGGESTION] … name `store_nbr` cannot "
                                        "be resolved` / `Error: update failed`: the wrapper used store_nbr, the "
                                        "export has store_id; edit, deploy, same validate-only passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`databricks bundle run -t dev ecom_orders_pipeline` → flow bronze_ecom_orders "
                                        "`[INSUFFICIENT_PERMISSIONS] Insufficient privileges: User does not have READ "
                                        "FILES on External Location 'ecom_exports_weu'` / `Error: update failed`; the "
                                        "location belongs to platform-admins (browse_only), a ticket is drafted, "
                                        "nothing to change in the repo."},
            {"id": "U2", "description": "`uv add --dev \"databricks-connect~=17.3.0\"` → `No solution found when "
                                        "resolving dependencies` (17.3 needs Python >= 3.12, the project pins "
                                        "<3.12 because the job clusters run DBR 15.4); left until the job clusters "
                                        "move to 17.3 together with requires-python."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`databricks bundle deploy -t dev` → `Error: upload for basket_wheel failed, "
                                        "error: Post \"…/api/2.0/workspace-files/import-file/…\": read tcp …: read: "
                                        "connection reset by peer`; identical retry deploys."},
            {"id": "F2", "description": "`uv sync` → `error: Failed to download `databricks-sdk==0.68.0`` … "
                                        "`Request failed after 3 retries` … `operation timed out`; identical retry "
                                        "syncs."},
        ],
        workflows=[
            {"id": "W1", "description": "Ship a job change to dev: `uv run pytest tests/unit -q` → `databricks bundle "
                                        "validate -t dev` → `databricks bundle deploy -t dev` → `databricks bundle run "
                                        "-t dev <job>` (with `--params run_date=…` when needed).",
             "step_markers": [["uv run pytest"], ["bundle validate -t dev"], ["bundle deploy -t dev"],
                              ["bundle run -t dev"]]},
            {"id": "W2", "description": "Pipeline table change: write/edit the source under src/pipelines/pos_sales and "
                                        "the pipeline's libraries → `databricks bundle deploy -t dev` → `databricks "
                                        "bundle run -t dev pos_sales_pipeline --validate-only` → `databricks bundle run "
                                        "-t dev pos_sales_pipeline --refresh <table>` (then a look at the rows).",
             "step_markers": [["bundle deploy -t dev"], ["--validate-only"], ["--refresh"]]},
            {"id": "W3", "description": "Release: `git log --oneline <last tag>..HEAD` → `uv version --bump minor` → "
                                        "`uv build --wheel` → CHANGELOG section → commit `release: vX.Y.0` → `git tag "
                                        "-a vX.Y.0` → `git push origin main --follow-tags` (Azure DevOps deploys prod "
                                        "from the tag).",
             "step_markers": [["uv version --bump"], ["uv build --wheel"], ["git tag -a"], ["--follow-tags"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Never hardcode a catalog name (cw_dev/cw_stg/cw_prod) in code: the catalog "
                                        "comes in as a parameter (job parameter / --catalog / pipeline configuration).",
             "markers": [["catalog"], ["hardcod", "literal"]]},
            {"id": "P2", "description": "Notebooks are Databricks .py source files; never commit .ipynb to the repo.",
             "markers": [["ipynb"]]},
            {"id": "P3", "description": "Gold tables as SQL materialized views because the analysts read those files "
                                        "(T06); later reversed: new gold logic in Python (package function + thin "
                                        "DLT wrapper) so it can be unit tested (T22).",
             "markers": [["gold"], ["sql"]],
             "reversal_markers": [["python"]]},
        ],
        probes=[
            {"prompt": "validate for prod now says Error: failed to perform target override for target=prod: "
                       "variable sql_alert_warehouse is not defined but is assigned a value. I literally just set "
                       "it under targets.prod?? whats wrong",
             "wanted": ["M1"]},
            {"prompt": "returns job should have a timeout: 2h in prod, 30 min in dev. make it a bundle variable "
                       "and check dev + prod validate",
             "wanted": ["M1"]},
            {"prompt": "databricks bundle summary -t staging gives me Error: cannot resolve bundle auth "
                       "configuration: resolve: https://adb-7719203845516602.2.azuredatabricks.net: multiple "
                       "profiles matched: cw-stg, cw-stg-sp: please set DATABRICKS_CONFIG_PROFILE or provide "
                       "--profile flag to specify one. do I need to delete one of them?",
             "wanted": ["M2"]},
            {"prompt": "kick off a pos_sales refresh of dim_store in staging, Mia's report is showing old regions",
             "wanted": ["M2"]},
            {"prompt": "test_daily_sales blew up after I added the refunds csv: AnalysisException: [PATH_NOT_FOUND] "
                       "Path does not exist: dbfs:/Volumes/cw_dev/ci/fixtures/refunds_week41.csv. SQLSTATE: "
                       "42K03 -- the file is right there in tests/fixtures",
             "wanted": ["M3"]},
            {"prompt": "add a fixture with a few POS lines with negative quantities and zero-amount lines, and a "
                       "test that loyalty points ignore them",
             "wanted": ["M3"]},
            {"prompt": "is it worth turning on predictive optimization for cw_prod or do we keep the weekly "
                       "OPTIMIZE job?",
             "wanted": []},
            {"prompt": "rename the column avg_items_per_basket to items_per_basket in gold_weekly_basket, the "
                       "dashboard team asked",
             "wanted": []},
            {"prompt": "write 3 bullets for the quarterly review about what the store dimension gives the analysts",
             "wanted": []},
            {"prompt": "whats the difference between expect_or_drop and expect_or_fail, one sentence each",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "databricks-dab.jsonl"), os.path.join(HERE, "tune", "databricks-dab.labels.json"))
    print(f"databricks-dab -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
