"""airflow-dbt: Jonas Whitfield, data engineer at Hearthwood (fictional online furniture retailer).

He owns the analytics pipelines in one repo, hearthwood/hearthwood-analytics: Apache Airflow 2.10 DAGs
run locally with the Astro CLI (Astro Runtime 12.4.0), a dbt-core 1.8 / dbt-snowflake project in dbt/
(DBT_PROJECT_DIR / DBT_PROFILES_DIR exported by direnv), Snowflake via snowsql, Python 3.11 tooling with
uv, pre-commit with sqlfluff and ruff, pytest DAG integrity tests, GitHub Actions slim CI (state:modified+).

Written blind for fresh/; measured once held out (round 28), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_airflow_dbt.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "jonas"
H = "/home/jonas"
R = H + "/src/hearthwood-analytics"
D = R + "/dbt"
MODEL = "claude-opus-4-6"

# ------------------------------------------------------------------ virtual file system

FILES = {}

FILES[R + "/Dockerfile"] = """FROM quay.io/astronomer/astro-runtime:12.4.0

# dbt runs in its own venv inside the image so it can't fight Airflow's pins
RUN python -m venv /usr/local/airflow/dbt_venv && \\
    /usr/local/airflow/dbt_venv/bin/pip install --no-cache-dir dbt-core==1.8.7 dbt-snowflake==1.8.4
"""

FILES[R + "/requirements.txt"] = """apache-airflow-providers-snowflake==5.8.0
apache-airflow-providers-amazon==9.0.0
apache-airflow-providers-sftp==4.11.1
"""

FILES[R + "/pyproject.toml"] = """[project]
name = "hearthwood-analytics"
version = "0.0.0"
requires-python = ">=3.11,<3.12"
dependencies = [
    "dbt-core==1.8.7",
    "dbt-snowflake==1.8.4",
    "sqlfluff==3.2.5",
    "sqlfluff-templater-dbt==3.2.5",
    "ruff==0.7.3",
    "pytest==8.3.3",
    "pre-commit==4.0.1",
]

[tool.ruff]
line-length = 110
target-version = "py311"

[tool.ruff.lint]
select = ["E", "F", "I", "B", "AIR"]
"""

FILES[R + "/dags/hearthwood_dbt_nightly.py"] = """\"\"\"Nightly dbt build against prod. Owner: data-eng (#data-alerts).\"\"\"
from __future__ import annotations

import pendulum
from airflow.decorators import dag
from airflow.operators.bash import BashOperator

DBT = "/usr/local/airflow/dbt_venv/bin/dbt"
DBT_DIR = "/usr/local/airflow/dbt"
ENV = {"DBT_PROFILES_DIR": DBT_DIR, "DBT_TARGET": "{{ var.value.dbt_target }}"}


@dag(
    dag_id="hearthwood_dbt_nightly",
    schedule="30 2 * * *",
    start_date=pendulum.datetime(2026, 1, 1, tz="Europe/London"),
    catchup=False,
    default_args={"owner": "data-eng", "retries": 1},
    tags=["dbt", "nightly"],
)
def hearthwood_dbt_nightly():
    seed = BashOperator(task_id="dbt_seed", bash_command=f"{DBT} seed --project-dir {DBT_DIR}", env=ENV,
                        append_env=True)
    snapshot = BashOperator(task_id="dbt_snapshot", bash_command=f"{DBT} snapshot --project-dir {DBT_DIR}",
                            env=ENV, append_env=True)
    build = BashOperator(
        task_id="dbt_build",
        bash_command=f"{DBT} build --project-dir {DBT_DIR} --exclude tag:hourly",
        env=ENV,
        append_env=True,
    )
    seed >> snapshot >> build


hearthwood_dbt_nightly()
"""

FILES[R + "/dags/shopify_orders_incremental.py"] = """\"\"\"Hourly pull of Shopify orders into RAW.SHOPIFY_API (backs up the Fivetran connector).\"\"\"
from __future__ import annotations

import pendulum
from airflow.decorators import dag, task
from airflow.providers.snowflake.hooks.snowflake import SnowflakeHook

from include.shopify import fetch_orders_since


@dag(
    dag_id="shopify_orders_incremental",
    schedule="@hourly",
    start_date=pendulum.datetime(2026, 3, 1, tz="UTC"),
    catchup=False,
    max_active_runs=1,
    default_args={"owner": "data-eng", "retries": 2},
    tags=["shopify", "ingest"],
)
def shopify_orders_incremental():
    @task
    def extract_orders(data_interval_start=None, data_interval_end=None) -> str:
        return fetch_orders_since(data_interval_start, data_interval_end, page_size=250)

    @task
    def load_orders(path: str) -> int:
        hook = SnowflakeHook(snowflake_conn_id="snowflake_default")
        return hook.run(f"copy into raw.shopify_api.orders from @raw.shopify_api.landing/{path}")

    load_orders(extract_orders())


shopify_orders_incremental()
"""

FILES[R + "/tests/dags/test_dag_integrity.py"] = """import os

import pytest
from airflow.models import DagBag

DAG_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "dags")


@pytest.fixture(scope="session")
def dagbag():
    return DagBag(dag_folder=DAG_DIR, include_examples=False)


def test_no_import_errors(dagbag):
    assert not dagbag.import_errors, dagbag.import_errors


def test_owner_and_tags(dagbag):
    for dag_id, dag in dagbag.dags.items():
        assert dag.default_args.get("owner") == "data-eng", f"{dag_id}: owner must be data-eng"
        assert dag.tags, f"{dag_id}: needs at least one tag"


def test_retries_set(dagbag):
    for dag_id, dag in dagbag.dags.items():
        assert dag.default_args.get("retries", 0) >= 1, f"{dag_id}: default_args must set retries >= 1"


def test_no_catchup(dagbag):
    for dag_id, dag in dagbag.dags.items():
        assert dag.catchup is False, f"{dag_id}: catchup must be False"
"""

FILES[D + "/dbt_project.yml"] = """name: hearthwood
version: "1.0.0"
config-version: 2
profile: hearthwood

model-paths: ["models"]
seed-paths: ["seeds"]
snapshot-paths: ["snapshots"]
macro-paths: ["macros"]
analysis-paths: ["analyses"]

clean-targets: ["target", "dbt_packages"]

models:
  hearthwood:
    +materialized: view
    staging:
      +schema: staging
    marts:
      +materialized: table
      +schema: marts
      core:
        +contract:
          enforced: true
      catalog:
        +contract:
          enforced: true
      finance:
        +contract:
          enforced: true
        +tags: ["finance"]
      ops:
        +tags: ["ops"]

snapshots:
  hearthwood:
    +target_schema: snapshots
"""

FILES[D + "/models/marts/core/dim_customers.sql"] = """with

customers as (
    select * from {{ ref('stg_shopify__customers') }}
),

first_orders as (
    select
        customer_id,
        min(ordered_at) as first_ordered_at,
        count(*) as lifetime_orders
    from {{ ref('stg_shopify__orders') }}
    group by 1
)

select
    customers.customer_id,
    customers.email_domain,
    customers.country_code,
    customers.created_at,
    first_orders.first_ordered_at,
    coalesce(first_orders.lifetime_orders, 0) as lifetime_orders
from customers
left join first_orders
    on customers.customer_id = first_orders.customer_id
"""

FILES[D + "/models/marts/core/_core__models.yml"] = """version: 2

models:
  - name: dim_customers
    description: One row per Shopify customer. Public: Looker and the CRM sync read it.
    config:
      contract:
        enforced: true
    columns:
      - name: customer_id
        data_type: number
        constraints:
          - type: not_null
        data_tests:
          - unique
          - not_null
      - name: email_domain
        data_type: varchar
      - name: country_code
        data_type: varchar
      - name: created_at
        data_type: timestamp_ntz
      - name: first_ordered_at
        data_type: timestamp_ntz
      - name: lifetime_orders
        data_type: number
"""

FILES[D + "/models/marts/catalog/dim_products.sql"] = """with

products as (
    select * from {{ ref('stg_shopify__products') }}
),

categories as (
    select * from {{ ref('product_categories') }}
)

select
    products.product_id,
    products.sku,
    products.title,
    categories.category_name,
    categories.room,
    products.list_price,
    products.is_active
from products
left join categories
    on products.product_type = categories.product_type
"""

FILES[D + "/models/marts/catalog/_catalog__models.yml"] = """version: 2

models:
  - name: dim_products
    description: One row per product (SKU level). Feeds the merchandising dashboards.
    columns:
      - name: product_id
        data_type: number
        data_tests:
          - unique
          - not_null
      - name: sku
        data_type: varchar
      - name: title
        data_type: varchar
      - name: category_name
        data_type: varchar
      - name: room
        data_type: varchar
      - name: list_price
        data_type: number(12,2)
      - name: is_active
        data_type: boolean
"""

FILES[D + "/models/marts/finance/fct_orders.sql"] = """with

orders as (
    select * from {{ ref('stg_shopify__orders') }}
),

discounts as (
    select * from {{ ref('int_order_discounts') }}
)

select
    orders.*,
    discounts.discount_amount::float as discount_amount,
    orders.gross_amount - coalesce(discounts.discount_amount, 0) as net_amount
from orders
left join discounts
    on orders.order_id = discounts.order_id
"""

FILES[D + "/models/marts/finance/_finance__models.yml"] = """version: 2

models:
  - name: fct_orders
    description: One row per order. Finance and Looker read it; contract enforced.
    columns:
      - name: order_id
        data_type: number
        data_tests:
          - unique
          - not_null
      - name: customer_id
        data_type: number
      - name: ordered_at
        data_type: timestamp_ntz
      - name: channel
        data_type: varchar
      - name: gross_amount
        data_type: number(12,2)
      - name: discount_amount
        data_type: float
      - name: net_amount
        data_type: number(12,2)
"""

FILES[D + "/models/staging/shopify/stg_shopify__orders.sql"] = """with

source as (
    select * from {{ source('shopify', 'orders') }}
),

renamed as (
    select
        id as order_id,
        customer_id,
        created_at as ordered_at,
        coalesce(source_name, 'web') as channel,
        total_price as gross_amount
    from source
    where not _fivetran_deleted
)

select * from renamed
"""

FILES[D + "/snapshots/snap_inventory.sql"] = """{% snapshot snap_inventory %}
{{
    config(
      unique_key='inventory_item_id',
      strategy='timestamp',
      updated_at='updated_at',
    )
}}
select * from {{ source('shopify', 'inventory_levels') }}
{% endsnapshot %}
"""

FILES[R + "/.sqlfluff"] = """[sqlfluff]
templater = dbt
dialect = snowflake
max_line_length = 110
exclude_rules = ST06

[sqlfluff:templater:dbt]
project_dir = dbt
profiles_dir = dbt

[sqlfluff:rules:capitalisation.keywords]
capitalisation_policy = lower
"""

# ------------------------------------------------------------------ tool output helpers

def dbt_head(t, models=148, tests=412):
    return (f"{t}  Running with dbt=1.8.7\n"
            f"{t}  Registered adapter: snowflake=1.8.4\n"
            f"{t}  Found {models} models, 11 snapshots, 9 seeds, {tests} data tests, 63 sources, 4 exposures, "
            f"702 macros\n{t}  \n{t}  Concurrency: 8 threads (target='dev')\n{t}  ")


def dbt_nodes(t, nodes, schema="dbt_jwhitfield"):
    """nodes: list of (kind, name, status) -> START/OK lines. kind 'table', 'view', 'test'."""
    out = []
    n = len(nodes)
    for i, (kind, name, status) in enumerate(nodes, 1):
        if kind == "test":
            start = f"{i} of {n} START test {name} "
            done = f"{i} of {n} {status} {name} "
            res = "[PASS in 1.1{}s]".format(i % 10) if status == "PASS" else f"[{status} 3 in 1.4{i % 10}s]"
        else:
            label = "sql table model" if kind == "table" else "sql view model"
            start = f"{i} of {n} START {label} {schema}.{name} "
            done = f"{i} of {n} OK created {label} {schema}.{name} "
            res = "[SUCCESS 1 in 2.{}s]".format(30 + i) if kind == "table" else "[SUCCESS 1 in 0.9{}s]".format(i % 10)
        out.append(f"{t}  " + start.ljust(78, ".") + " [RUN]")
        out.append(f"{t}  " + done.ljust(78, ".") + " " + res)
    return "\n".join(out)


def dbt_tail(t, npass, nwarn=0, nerr=0, nskip=0, secs="14.82"):
    tot = npass + nwarn + nerr + nskip
    return (f"{t}  \n{t}  Finished running nodes in 0 hours 0 minutes and {secs} seconds ({secs}s).\n{t}  \n"
            f"{t}  Completed successfully\n{t}  \n"
            f"{t}  Done. PASS={npass} WARN={nwarn} ERROR={nerr} SKIP={nskip} TOTAL={tot}")


def contract_fail(t, model, path, rows, nskip, schema="dbt_jwhitfield", kind_line=None):
    w1 = max(len("column_name"), max(len(r[0]) for r in rows))
    w2 = max(len("definition_type"), max(len(r[1]) for r in rows))
    w3 = max(len("contract_type"), max(len(r[2]) for r in rows))
    w4 = max(len("mismatch_reason"), max(len(r[3]) for r in rows))

    def row(a, b, c, e):
        return f"  | {a.ljust(w1)} | {b.ljust(w2)} | {c.ljust(w3)} | {e.ljust(w4)} |"
    table = "\n".join([row("column_name", "definition_type", "contract_type", "mismatch_reason"),
                       row("-" * w1, "-" * w2, "-" * w3, "-" * w4)] + [row(*r) for r in rows])
    n = 1 + nskip
    lines = [f"{t}  " + f"1 of {n} START sql table model {schema}.{model} ".ljust(78, ".") + " [RUN]",
             f"{t}  " + f"1 of {n} ERROR creating sql table model {schema}.{model} ".ljust(78, ".") +
             " [ERROR in 1.87s]"]
    for i, s in enumerate(kind_line or [], 2):
        lines.append(f"{t}  " + f"{i} of {n} SKIP {s} ".ljust(78, ".") + " [SKIP]")
    return ("\n".join(lines) + f"\n{t}  \n{t}  Finished running {n - len(kind_line or [])} table model, "
            f"{len(kind_line or [])} data tests in 0 hours 0 minutes and 6.93 seconds (6.93s).\n{t}  \n"
            f"{t}  Completed with 1 error, 0 partial successes, and 0 warnings:\n{t}  \n"
            f"{t}    Compilation Error in model {model} ({path})\n"
            "  This model has an enforced contract that failed.\n"
            "  Please ensure the name, data_type, and number of columns in your contract match the columns in your "
            "model's definition.\n  \n" + table + "\n  \n  \n"
            "  > in macro assert_columns_equivalent (macros/relations/column/columns_spec_ddl.sql)\n"
            "  > called by macro default__get_assert_columns_equivalent (macros/relations/column/columns_spec_ddl.sql)\n"
            "  > called by macro get_assert_columns_equivalent (macros/relations/column/columns_spec_ddl.sql)\n"
            "  > called by macro snowflake__create_table_as (macros/relations/table/create.sql)\n"
            "  > called by macro create_table_as (macros/relations/table/create.sql)\n"
            "  > called by macro materialization_table_snowflake (macros/materializations/table.sql)\n"
            f"  > called by model {model} ({path})\n{t}  \n"
            f"{t}  Done. PASS=0 WARN=0 ERROR=1 SKIP={nskip} TOTAL={n}")


def dbt_show(t, node, header, rows):
    w = [max(len(h), *(len(str(r[i])) for r in rows)) for i, h in enumerate(header)]
    fmt = lambda cells: "| " + " | ".join(str(c).ljust(w[i]) for i, c in enumerate(cells)) + " |"  # noqa: E731
    return (dbt_head(t) + f"\n{t}  Previewing node '{node}':\n" + fmt(header) + "\n" +
            "| " + " | ".join("-" * x for x in w) + " |\n" + "\n".join(fmt(r) for r in rows))


def snow_table(header, rows, footer):
    w = [max(len(h), *(len(str(r[i])) for r in rows)) for i, h in enumerate(header)]
    sep = "+" + "+".join("-" * (x + 2) for x in w) + "+"
    line = lambda cells: "| " + " | ".join(str(c).rjust(w[i]) if isinstance(c, int) else str(c).ljust(w[i])  # noqa: E731
                                           for i, c in enumerate(cells)) + " |"
    return "\n".join([sep, line(header), sep] + [line(r) for r in rows] + [sep, footer])


SQLF_OK = "All Finished \U0001f4dc \U0001f389!"
RUFF_OK = "All checks passed!"
PARSE_OK = ("Checking your DAGs for errors,\nthis might take a minute if you haven't run this command before\u2026\n\n"
            "\u2714 No errors detected in your DAGs ")


def pytest_ok(n, secs):
    return ("Running Pytest\n============================= test session starts ==============================\n"
            "platform linux -- Python 3.12.7, pytest-8.3.3, pluggy-1.5.0\nrootdir: /usr/local/airflow\n"
            "plugins: anyio-4.6.2\ncollected 4 items\n\n"
            "tests/dags/test_dag_integrity.py ....                                    [100%]\n\n"
            f"============================== 4 passed in {secs}s ===============================\n"
            "\u2714 All Pytests passed!")


def astro_not_running(container_line):
    return (container_line + "\n"
            "Error: airflow is not running. To start a local Airflow environment, run 'astro dev start'")


def astro_start(img_secs):
    return (f"[+] Building {img_secs}s (10/10) FINISHED                                          docker:desktop-linux\n"
            " => [internal] load build definition from Dockerfile                                   0.0s\n"
            " => [internal] load metadata for quay.io/astronomer/astro-runtime:12.4.0               0.6s\n"
            " => [1/3] FROM quay.io/astronomer/astro-runtime:12.4.0@sha256:5b1c0e4e2f              0.0s\n"
            " => CACHED [2/3] RUN python -m venv /usr/local/airflow/dbt_venv && ...                 0.0s\n"
            " => [3/3] COPY --chown=astro:0 . .                                                     0.4s\n"
            " => exporting to image                                                                 0.2s\n"
            "\u2714 Project image has been updated\n\u2714 Project started\n"
            "\u27a4 Airflow Webserver: http://localhost:8080\n"
            "\u27a4 Postgres Database: postgresql://localhost:5432/postgres\n"
            "\u27a4 The default Airflow UI credentials are: admin:admin\n"
            "\u27a4 The default Postgres DB credentials are: postgres:postgres")


def af(ts, src, msg):
    return f"[{ts}] {{{src}}} INFO - {msg}"


def dags_test_ok(dag_id, day, tasks, t0, conf=None):
    lines = [af(t0, "dagbag.py:588", "Filling up the DagBag from /usr/local/airflow/dags/" + dag_id + ".py"),
             af(t0, "dag.py:4435", "dagrun id: " + dag_id),
             af(t0, "dag.py:4451", f"created dagrun <DagRun {dag_id} @ {day}T00:00:00+00:00: "
                                   f"manual__{day}T00:00:00+00:00, state:running, queued_at: None. "
                                   "externally triggered: False>")]
    for tid, extra in tasks:
        lines.append(af(t0, "dag.py:4396", f"[DAG TEST] starting task_id={tid} map_index=-1"))
        lines.append(af(t0, "dag.py:4399", f"[DAG TEST] running task <TaskInstance: {dag_id}.{tid} "
                                           f"manual__{day}T00:00:00+00:00 [scheduled]>"))
        for e in extra:
            lines.append(e)
        lines.append(af(t0, "taskinstance.py:3131", f"Marking task as SUCCESS. dag_id={dag_id}, task_id={tid}, "
                                                    f"run_id=manual__{day}T00:00:00+00:00, execution_date={day}"
                                                    "T000000, start_date=, end_date="))
    lines.append(af(t0, "dagrun.py:854", f"Marking run <DagRun {dag_id} @ {day} 00:00:00+00:00: "
                                         f"manual__{day}T00:00:00+00:00, state:running, queued_at: None. "
                                         "externally triggered: False> successful"))
    lines.append(af(t0, "dagrun.py:905", f"DagRun Finished: dag_id={dag_id}, execution_date={day} 00:00:00+00:00, "
                                         f"run_id=manual__{day}T00:00:00+00:00, state=success, "
                                         "external_trigger=False, run_type=manual"))
    return "\n".join(lines)


SNOW_CFG = H + "/.snowsql/config"
FILES[SNOW_CFG] = """[connections]
accountname = hearthwood-eu1
username = JWHITFIELD
authenticator = SNOWFLAKE_JWT
private_key_path = ~/.snowflake/jwhitfield_rsa_key.p8

[connections.transformer]
accountname = hearthwood-eu1
username = JWHITFIELD
authenticator = SNOWFLAKE_JWT
private_key_path = ~/.snowflake/jwhitfield_rsa_key.p8
rolename = TRANSFORMER
warehousename = TRANSFORMING_XS
dbname = ANALYTICS_DEV

[options]
friendly = False
exit_on_error = True
log_file = ~/.snowsql/log
"""


def snow_err(code, state, msg):
    return f"{code} ({state}): SQL compilation error:\n{msg}"


def psql(header, rows, secs):
    w = [max(len(h), *(len(str(r[i])) for r in rows)) for i, h in enumerate(header)]
    sep = "+" + "+".join("-" * (x + 2) for x in w) + "+"
    mid = "|" + "+".join("-" * (x + 2) for x in w) + "|"

    def line(cells):
        return "| " + " | ".join(str(c).rjust(w[i]) if not isinstance(c, str) else c.ljust(w[i])
                                 for i, c in enumerate(cells)) + " |"
    return "\n".join([sep, line(header), mid] + [line(r) for r in rows] + [sep,
                     f"{len(rows)} Row(s) produced. Time Elapsed: {secs}s"])


PRECOMMIT_OK = """trim trailing whitespace.................................................Passed
fix end of files.........................................................Passed
check yaml...............................................................Passed
check for added large files..............................................Passed
ruff.....................................................................Passed
ruff-format..............................................................Passed
sqlfluff-lint............................................................Passed"""


def pr_checks_ok(run, job_a, job_b):
    base = "https://github.com/hearthwood/hearthwood-analytics/actions/runs/"
    return ("All checks were successful\n0 cancelled, 0 failing, 3 successful, 0 skipped, and 0 pending checks\n\n"
            f"\u2713  dbt slim ci / build (state:modified+)  4m{run % 50 + 3}s  {base}{run}/job/{job_a}\n"
            f"\u2713  dags / astro dev pytest              1m{run % 40 + 11}s  {base}{run + 2}/job/{job_b}\n"
            f"\u2713  lint / pre-commit                    {run % 30 + 25}s  {base}{run + 1}/job/{job_b + 7}")


def gen():
    d = Dev("airflow-dbt", U, "en", MODEL, seed=20261005, files=FILES)
    NIGHTLY = R + "/dags/hearthwood_dbt_nightly.py"
    SHOP = R + "/dags/shopify_orders_incremental.py"
    TESTS = R + "/tests/dags/test_dag_integrity.py"
    PROJ = D + "/dbt_project.yml"
    DC = D + "/models/marts/core/dim_customers.sql"
    CORE = D + "/models/marts/core/_core__models.yml"
    DP = D + "/models/marts/catalog/dim_products.sql"
    CAT = D + "/models/marts/catalog/_catalog__models.yml"
    FO = D + "/models/marts/finance/fct_orders.sql"
    FIN = D + "/models/marts/finance/_finance__models.yml"
    FR = D + "/models/marts/ops/fct_returns.sql"
    OPS = D + "/models/marts/ops/_ops__models.yml"
    STG = D + "/models/staging/shopify/stg_shopify__orders.sql"
    SUP = R + "/dags/supplier_feed_ingest.py"
    MKT = R + "/dags/marketing_spend_export.py"
    PROMO = R + "/dags/promo_calendar_sync.py"
    PYP = R + "/pyproject.toml"
    DOCKER = R + "/Dockerfile"

    # ================================================================ S1
    with d.session("2026-10-05T09:10:00", R, branch="main", version="2.1.201"):
        t = d.task("hi. first time using you on this repo. give me the lay of the land: dags, the dbt project, "
                   "how the tests run. short pls", tags=["noise"])
        t.glob("dags/*.py", [R + "/dags/hearthwood_dbt_nightly.py", R + "/dags/shopify_orders_incremental.py",
                             R + "/dags/klaviyo_events_ingest.py", R + "/dags/ga4_export_load.py",
                             R + "/dags/looker_pdt_warmup.py"])
        t.glob("dbt/models/**/*.sql", [D + "/models/staging/shopify/stg_shopify__orders.sql",
                                       D + "/models/staging/shopify/stg_shopify__customers.sql",
                                       D + "/models/staging/shopify/stg_shopify__products.sql",
                                       D + "/models/staging/shopify/stg_shopify__refund_lines.sql",
                                       D + "/models/staging/crm/stg_crm__customer_tiers.sql",
                                       D + "/models/staging/pim/stg_pim__products.sql",
                                       D + "/models/staging/shipbob/stg_shipbob__shipments.sql",
                                       D + "/models/intermediate/int_order_discounts.sql",
                                       D + "/models/marts/core/dim_customers.sql",
                                       D + "/models/marts/catalog/dim_products.sql",
                                       D + "/models/marts/finance/fct_orders.sql",
                                       D + "/models/marts/finance/fct_marketing_spend.sql",
                                       D + "/models/marts/merch/rpt_merch_range_weekly.sql"])
        t.read(NIGHTLY)
        t.read(PROJ)
        t.read(TESTS)
        t.read(DOCKER)
        t.done("Quick map:\n\n"
               "- **Airflow** (`dags/`): Astro project on Runtime 12.4.0 (Airflow 2.10). `hearthwood_dbt_nightly` "
               "runs `dbt seed` → `dbt snapshot` → `dbt build --exclude tag:hourly` at 02:30 London with "
               "BashOperators against a separate dbt venv baked into the image. The ingest DAGs (Shopify hourly, "
               "Klaviyo, GA4) land data in RAW.\n"
               "- **dbt** (`dbt/`): staging → intermediate → marts. Marts are tables; `core`, `catalog` and "
               "`finance` have enforced contracts (set in dbt_project.yml), `ops` doesn't. DBT_PROJECT_DIR / "
               "DBT_PROFILES_DIR come from direnv, so `uv run dbt …` works from the repo root.\n"
               "- **Tests**: `tests/dags/test_dag_integrity.py` loads the DagBag and checks import errors, "
               "owner=data-eng + tags, retries ≥ 1, catchup off. It runs inside the image via `astro dev pytest`.\n"
               "- **Lint**: pre-commit with ruff and sqlfluff (dbt templater, lowercase keywords).")

        t = d.task("add loyalty_tier to dim_customers, it's in stg_crm__customer_tiers (one row per customer, "
                   "missing = 'none'). final select spells out columns, no select * in marts. build it + show "
                   "me a few rows", tags=["mistake:M1", "workflow:W1", "pref:P1"])
        t.read(DC)
        t.edit(DC, "    group by 1\n)\n",
               "    group by 1\n),\n\ntiers as (\n    select\n        customer_id,\n        loyalty_tier\n"
               "    from {{ ref('stg_crm__customer_tiers') }}\n)\n")
        t.edit(DC, "    coalesce(first_orders.lifetime_orders, 0) as lifetime_orders\nfrom customers\n"
                   "left join first_orders\n    on customers.customer_id = first_orders.customer_id\n",
               "    coalesce(first_orders.lifetime_orders, 0) as lifetime_orders,\n"
               "    coalesce(tiers.loyalty_tier, 'none') as loyalty_tier\nfrom customers\n"
               "left join first_orders\n    on customers.customer_id = first_orders.customer_id\n"
               "left join tiers\n    on customers.customer_id = tiers.customer_id\n")
        t.bash("uv run sqlfluff lint dbt/models/marts/core/dim_customers.sql", "Lint the changed model",
               out=SQLF_OK)
        t.fail("uv run dbt build -s dim_customers", "Build dim_customers and its tests",
               dbt_head("09:31:07") + "\n" + contract_fail(
                   "09:31:09", "dim_customers", "models/marts/core/dim_customers.sql",
                   [("LOYALTY_TIER", "TEXT", "", "missing in contract")], 2,
                   kind_line=["test not_null_dim_customers_customer_id", "test unique_dim_customers_customer_id"]))
        t.say("The marts/core contract is enforced, and the YAML doesn't declare the new column yet. Adding it "
              "to `_core__models.yml`.")
        t.read(CORE)
        t.edit(CORE, "      - name: lifetime_orders\n        data_type: number\n",
               "      - name: lifetime_orders\n        data_type: number\n      - name: loyalty_tier\n"
               "        data_type: varchar\n        description: CRM tier (bronze/silver/gold); 'none' when the "
               "CRM has no row.\n")
        t.bash("uv run dbt build -s dim_customers", "Build dim_customers again",
               out=dbt_head("09:32:40") + "\n" + dbt_nodes("09:32:42", [
                   ("table", "dim_customers", "OK"), ("test", "not_null_dim_customers_customer_id", "PASS"),
                   ("test", "unique_dim_customers_customer_id", "PASS")]) + "\n" + dbt_tail("09:32:51", 3,
                                                                                              secs="9.12"))
        t.bash("uv run dbt show -s dim_customers --limit 5", "Preview a few rows",
               out=dbt_show("09:33:20", "dim_customers",
                            ["CUSTOMER_ID", "EMAIL_DOMAIN", "COUNTRY_CODE", "LIFETIME_ORDERS", "LOYALTY_TIER"],
                            [(7310224, "gmail.com", "GB", 3, "silver"), (7310231, "outlook.com", "GB", 1, "none"),
                             (7310266, "icloud.com", "IE", 7, "gold"), (7310290, "gmail.com", "GB", 2, "bronze"),
                             (7310302, "btinternet.com", "GB", 1, "none")]))
        t.done("Done. `dim_customers` now has `loyalty_tier` (left join to `stg_crm__customer_tiers`, "
               "`'none'` when there's no CRM row), final select still explicit.\n\n"
               "First build failed on the enforced contract (`LOYALTY_TIER | TEXT | missing in contract`), so I "
               "declared the column in `_core__models.yml` as `varchar`. Build + both tests pass; sample rows "
               "above look right.")

        t = d.task("quick q. snapshot strategy for the pim product table: timestamp or check? their updated_at "
                   "gets bumped by a nightly job even when nothing changed", tags=["no_tools"])
        t.done("Use `check`. With `timestamp`, every nightly bump of `updated_at` writes a new version even when "
               "nothing changed, so the snapshot grows daily with duplicate rows.\n\n"
               "`strategy='check'` with an explicit `check_cols` list (price, lead time, assembly flag, status — "
               "the columns you actually care about) only versions real changes. Avoid `check_cols='all'`: the "
               "bumped `updated_at` would count as a change again.")

    # ================================================================ S2
    with d.session("2026-10-07T13:30:00", R, branch="main", version="2.1.202"):
        t = d.task("shopify connector resync finished overnight. sanity chek: how many orders for 2026-10-06 "
                   "in raw vs what stg_shopify__orders has in my dev schema", tags=["mistake:M2"])
        q1 = ("snowsql -q \"select count(*) as raw_orders from raw.shopify.orders "
              "where created_at::date = '2026-10-06' and not _fivetran_deleted\"")
        t.fail(q1, "Count raw Shopify orders for 2026-10-06",
               snow_err("002003", "02000", "Schema 'RAW.SHOPIFY' does not exist or not authorized."), code=5)
        t.say("The default snowsql connection runs as your default role, which can't see RAW. Checking the "
              "config for a connection with the transformer role.")
        t.read(SNOW_CFG)
        t.bash(q1 + " -c transformer", "Same count with the transformer connection",
               out=psql(["RAW_ORDERS"], [(1843,)], "0.512"))
        t.bash("snowsql -q \"select count(*) as stg_orders from analytics_dev.dbt_jwhitfield_staging."
               "stg_shopify__orders where ordered_at::date = '2026-10-06'\" -c transformer",
               "Count the same day in dev staging", out=psql(["STG_ORDERS"], [(1843,)], "0.388"))
        t.done("Both say **1843** orders for 2026-10-06 (raw, excluding `_fivetran_deleted`, and your dev "
               "`stg_shopify__orders`), so the resync didn't duplicate or drop anything for that day.\n\n"
               "Note: the plain `snowsql -q` uses your default role, which can't see RAW "
               "(`Schema 'RAW.SHOPIFY' does not exist or not authorized`). The `transformer` connection in "
               "`~/.snowsql/config` sets role TRANSFORMER and warehouse TRANSFORMING_XS; I re-ran with `-c "
               "transformer`.")

        t = d.task("new dag: supplier_feed_ingest. suppliers drop CSV stock feeds on the sftp (sftp_suppliers "
                   "conn, /outbound/<supplier>/stock_*.csv), copy to s3://hearthwood-landing/suppliers/ then "
                   "COPY INTO raw.suppliers.stock_levels. daily 05:00. write it with taskflow and @dag, not the "
                   "old with DAG() blocks", tags=["workflow:W2", "pref:P2", "oneoff:O1"])
        sup_v1 = """\"\"\"Daily supplier stock feeds: SFTP -> S3 landing -> RAW.SUPPLIERS.STOCK_LEVELS.\"\"\"
from __future__ import annotations

import pendulum
from airflow.decorators import dag, task
from airflow.providers.amazon.aws.hooks.s3 import S3Hook
from airflow.providers.sftp.hooks.sftp import SFTPHook
from airflow.providers.snowflake.hooks.snowflake import SnowflakeHook

SUPPLIERS = ["norrland", "oakfield", "casa_lumo"]
BUCKET = "hearthwood-landing"


@dag(
    dag_id="supplier_feed_ingest",
    schedule="0 5 * * *",
    start_date=pendulum.datetime(2026, 10, 1, tz="Europe/London"),
    catchup=False,
    default_args={"owner": "data-eng"},
    tags=["suppliers", "ingest"],
    params={"supplier": None},
)
def supplier_feed_ingest():
    @task
    def list_feeds(params=None, ds=None) -> list[dict]:
        sftp = SFTPHook(ssh_conn_id="sftp_suppliers")
        wanted = [params["supplier"]] if params and params.get("supplier") else SUPPLIERS
        feeds = []
        for supplier in wanted:
            for name in sftp.list_directory(f"/outbound/{supplier}"):
                if name.startswith("stock_") and name.endswith(".csv"):
                    feeds.append({"supplier": supplier, "name": name, "ds": ds})
        return feeds

    @task
    def copy_to_s3(feed: dict) -> str:
        sftp = SFTPHook(ssh_conn_id="sftp_suppliers")
        key = f"suppliers/{feed['supplier']}/{feed['ds']}/{feed['name']}"
        local = f"/tmp/{feed['supplier']}_{feed['name']}"
        sftp.retrieve_file(f"/outbound/{feed['supplier']}/{feed['name']}", local)
        S3Hook(aws_conn_id="aws_default").load_file(local, key=key, bucket_name=BUCKET, replace=True)
        return key

    @task
    def load_stock(keys: list[str]) -> None:
        hook = SnowflakeHook(snowflake_conn_id="snowflake_default")
        for key in keys:
            hook.run(
                "copy into raw.suppliers.stock_levels from @raw.suppliers.landing/"
                + key.removeprefix("suppliers/")
                + " file_format = (format_name = raw.suppliers.csv_header)"
            )

    load_stock(copy_to_s3.expand(feed=list_feeds()))


supplier_feed_ingest()
"""
        t.read(SHOP)
        t.write(SUP, sup_v1)
        t.bash("astro dev parse", "Parse the DAGs in the Astro image", out=PARSE_OK)
        t.fail("astro dev pytest tests/dags", "Run the DAG integrity tests",
               "Running Pytest\n============================= test session starts ==============================\n"
               "platform linux -- Python 3.12.7, pytest-8.3.3, pluggy-1.5.0\nrootdir: /usr/local/airflow\n"
               "plugins: anyio-4.6.2\ncollected 4 items\n\n"
               "tests/dags/test_dag_integrity.py ..F.                                    [100%]\n\n"
               "=================================== FAILURES ===================================\n"
               "_______________________________ test_retries_set _______________________________\n\n"
               "dagbag = <airflow.models.dagbag.DagBag object at 0x7f3e2c1d5a90>\n\n"
               "    def test_retries_set(dagbag):\n        for dag_id, dag in dagbag.dags.items():\n"
               ">           assert dag.default_args.get(\"retries\", 0) >= 1, f\"{dag_id}: default_args must set "
               "retries >= 1\"\nE           AssertionError: supplier_feed_ingest: default_args must set retries "
               ">= 1\nE           assert 0 >= 1\nE            +  where 0 = <built-in method get of dict object at "
               "0x7f3e2bf0c4c0>('retries', 0)\nE            +    where <built-in method get of dict object at "
               "0x7f3e2bf0c4c0> = {'owner': 'data-eng'}.get\n\ntests/dags/test_dag_integrity.py:26: "
               "AssertionError\n=========================== short test summary info ============================\n"
               "FAILED tests/dags/test_dag_integrity.py::test_retries_set - AssertionError: supplier_feed_ingest: "
               "default_args must set retries >= 1\n========================= 1 failed, 3 passed in 7.41s "
               "==========================\nError: pytests failed")
        t.edit(SUP, "    default_args={\"owner\": \"data-eng\"},\n",
               "    default_args={\"owner\": \"data-eng\", \"retries\": 2, \"retry_delay\": pendulum.duration("
               "minutes=10)},\n")
        t.bash("astro dev pytest tests/dags", "Run the DAG integrity tests again", out=pytest_ok(4, "6.88"))
        t.bash("uv run ruff check dags/supplier_feed_ingest.py", "Lint the new DAG", out=RUFF_OK)
        t.done("`dags/supplier_feed_ingest.py` is in, TaskFlow + `@dag`:\n\n"
               "- `list_feeds` lists `/outbound/<supplier>/stock_*.csv` on `sftp_suppliers` (all three suppliers, or "
               "just `params.supplier` when triggered with conf)\n"
               "- `copy_to_s3` is dynamically mapped per file → `s3://hearthwood-landing/suppliers/<supplier>/<ds>/`\n"
               "- `load_stock` runs `COPY INTO raw.suppliers.stock_levels` per key\n\n"
               "The integrity test caught that I'd left out retries (`supplier_feed_ingest: default_args must set "
               "retries >= 1`); it now has `retries: 2` with a 10 min delay. parse, pytest and ruff are green.")

        t = d.task("could the dbt nightly start when the supplier load lands instead of a fixed 02:30? i think "
                   "airflow has datasets for that now. check the 2.10 docs", tags=["noise", "webfetch"])
        t.webfetch("https://airflow.apache.org/docs/apache-airflow/2.10.3/authoring-and-scheduling/datasets.html",
                   "How do producer tasks declare dataset outlets and how does a consumer DAG schedule on them? "
                   "Can it combine datasets with a time schedule?",
                   "Data-aware scheduling: a task declares `outlets=[Dataset(\"s3://...\")]`; when it succeeds the "
                   "dataset is marked updated. A consumer DAG uses `schedule=[dataset1, dataset2]` and runs once "
                   "all listed datasets have been updated since its last run. Datasets can be combined with logical "
                   "operators (`|`, `&`) since 2.9. `DatasetOrTimeSchedule(timetable=CronTriggerTimetable(...), "
                   "datasets=...)` lets a DAG run on a cron schedule and also whenever the datasets update. Dataset "
                   "URIs are opaque strings; Airflow does not check that the data exists. Only tasks that succeed "
                   "emit dataset events; a DAG scheduled on datasets cannot also have a `schedule_interval`.")
        t.read(NIGHTLY)
        t.done("Yes. 2.10 has data-aware scheduling:\n\n"
               "- `load_stock` (and the Shopify load) declare `outlets=[Dataset(\"snowflake://raw/suppliers/"
               "stock_levels\")]`.\n"
               "- The nightly switches to `schedule=DatasetOrTimeSchedule(timetable=CronTriggerTimetable(\"30 2 * * "
               "*\", timezone=\"Europe/London\"), datasets=[...])`, so it still runs at 02:30 as a fallback and "
               "also whenever the feeds land.\n\n"
               "One catch: with several datasets it waits until *all* of them have updated since its last run (or "
               "use `|` for any). Want me to wire it up?")

    # ================================================================ S3
    with d.session("2026-10-09T10:00:00", R, branch="feat/returns-mart", version="2.1.203"):
        t = d.task("can you run the nightly dag locally for 2026-10-08 with dags test? want to see seed/snapshot/"
                   "build go green end to end against dev", tags=["mistake:M3"])
        t.fail("astro dev run dags test hearthwood_dbt_nightly 2026-10-08", "Run the nightly DAG once locally",
               astro_not_running("Error response from daemon: container 4b9e0c1f7a2d8e63c5f1a9b0d2e7c4f8a1b3d5e6f"
                                 "7081920a1b2c3d4e5f60718 is not running"))
        t.say("The local Astro environment is stopped (the containers exist but aren't running). Starting it.")
        t.bash("astro dev start", "Start the local Airflow environment", out=astro_start("3.4"), timeout=600000)
        t.bash("astro dev run dags test hearthwood_dbt_nightly 2026-10-08", "Run the nightly DAG once locally",
               out=dags_test_ok("hearthwood_dbt_nightly", "2026-10-08", [
                   ("dbt_seed", ["[2026-10-09T09:14:31.220+0000] {subprocess.py:93} INFO - 09:14:35  Done. "
                                 "PASS=9 WARN=0 ERROR=0 SKIP=0 TOTAL=9"]),
                   ("dbt_snapshot", ["[2026-10-09T09:14:58.004+0000] {subprocess.py:93} INFO - 09:15:20  Done. "
                                     "PASS=11 WARN=0 ERROR=0 SKIP=0 TOTAL=11"]),
                   ("dbt_build", ["[2026-10-09T09:21:40.817+0000] {subprocess.py:93} INFO - 09:21:40  Done. "
                                  "PASS=536 WARN=2 ERROR=0 SKIP=0 TOTAL=538"])],
                   "2026-10-09T09:14:30.118+0000"), timeout=1200000)
        t.done("Green end to end: `dbt_seed` (9), `dbt_snapshot` (11), `dbt_build` PASS=536 WARN=2, DagRun "
               "finished `state=success`.\n\nThe first try failed because the local Astro containers weren't "
               "running (`airflow is not running`); I ran `astro dev start` and then the same `dags test`. The "
               "2 warnings are the existing warn-level tests on `stg_pim__products`.")

        t = d.task("returns mart: fct_returns in marts/ops, one row per refund line, with the carrier from "
                   "shipbob and the customer from fct_orders. again: list the columns explicitly, I don't want "
                   "star selects in marts. not_null/unique on return_line_id", tags=["workflow:W1", "pref:P1",
                                                                                     "oneoff:O2"])
        fr_v1 = """with

returns as (
    select * from {{ ref('stg_shopify__refund_lines') }}
),

orders as (
    select * from {{ ref('fct_orders') }}
),

shipments as (
    select * from {{ ref('stg_shipbob__shipments') }}
)

select
    returns.return_line_id,
    returns.order_id,
    returns.product_id,
    orders.customer_id,
    shipments.carrier,
    returns.returned_at,
    return_reason,
    returns.refund_amount
from returns
inner join orders
    on returns.order_id = orders.order_id
left join shipments
    on returns.order_id = shipments.order_id
"""
        t.grep("refund_line_id|return_reason|carrier", path=D + "/models/staging", output_mode="content", n=True,
               content=D + "/models/staging/shopify/stg_shopify__refund_lines.sql:12:        id as "
                           "return_line_id,\n" + D + "/models/staging/shopify/stg_shopify__refund_lines.sql:16:"
                           "        reason as return_reason,\n" + D + "/models/staging/shipbob/"
                           "stg_shipbob__shipments.sql:9:        carrier_name as carrier,")
        t.write(FR, fr_v1)
        t.write(OPS, """version: 2

models:
  - name: fct_returns
    description: One row per Shopify refund line, with carrier (ShipBob) and customer.
    columns:
      - name: return_line_id
        data_tests:
          - unique
          - not_null
      - name: order_id
      - name: carrier
""")
        t.fail("uv run sqlfluff lint dbt/models/marts/ops/fct_returns.sql", "Lint the new model",
               "== [dbt/models/marts/ops/fct_returns.sql] FAIL\n"
               "L:  22 | P:   5 | RF02 | Unqualified reference 'return_reason' found in select\n"
               "                       | with more than one referenced table.\n"
               "                       | [references.qualification]\n" + SQLF_OK)
        t.edit(FR, "    return_reason,\n", "    returns.return_reason,\n")
        t.bash("uv run sqlfluff lint dbt/models/marts/ops/fct_returns.sql", "Lint the new model again",
               out=SQLF_OK)
        t.bash("uv run dbt build -s fct_returns", "Build fct_returns with its tests",
               out=dbt_head("10:42:13", models=149, tests=414) + "\n" + dbt_nodes("10:42:15", [
                   ("table", "fct_returns", "OK"), ("test", "not_null_fct_returns_return_line_id", "PASS"),
                   ("test", "unique_fct_returns_return_line_id", "PASS")], schema="dbt_jwhitfield_marts") + "\n" +
               dbt_tail("10:42:26", 3, secs="11.40"))
        t.bash("uv run dbt show -s fct_returns --limit 5", "Preview fct_returns",
               out=dbt_show("10:42:50", "fct_returns",
                            ["RETURN_LINE_ID", "ORDER_ID", "CARRIER", "RETURN_REASON", "REFUND_AMOUNT"],
                            [(88120391, 5521870331, "DPD", "damaged_in_transit", "349.00"),
                             (88120412, 5521871902, "XDP", "changed_mind", "129.00"),
                             (88120455, 5521866010, "DPD", "wrong_colour", "899.00"),
                             (88120460, 5521873344, "Evri", "changed_mind", "24.99"),
                             (88120502, 5521860975, "XDP", "damaged_in_transit", "1249.00")]))
        t.done("`fct_returns` is built in marts/ops: one row per refund line, carrier from "
               "`stg_shipbob__shipments`, customer from `fct_orders`, every column listed. sqlfluff flagged one "
               "unqualified `return_reason` (RF02), fixed. unique/not_null on `return_line_id` pass.")

    # ================================================================ S4 (acceptEdits)
    with d.session("2026-10-13T09:45:00", R, branch="feat/product-attrs", version="2.1.204",
                   permission_mode="acceptEdits"):
        t = d.task("dim_products: add assembly_required and lead_time_days from stg_pim__products (join on "
                   "sku). build it with downstream + show rows", tags=["mistake:M1", "workflow:W1"])
        t.read(DP)
        t.edit(DP, "categories as (\n    select * from {{ ref('product_categories') }}\n)\n",
               "categories as (\n    select * from {{ ref('product_categories') }}\n),\n\npim as (\n    select\n"
               "        sku,\n        assembly_required,\n        lead_time_days\n"
               "    from {{ ref('stg_pim__products') }}\n)\n")
        t.edit(DP, "    products.is_active\nfrom products\nleft join categories\n"
                   "    on products.product_type = categories.product_type\n",
               "    products.is_active,\n    pim.assembly_required,\n    pim.lead_time_days\nfrom products\n"
               "left join categories\n    on products.product_type = categories.product_type\n"
               "left join pim\n    on products.sku = pim.sku\n")
        t.bash("uv run sqlfluff lint dbt/models/marts/catalog/dim_products.sql", "Lint dim_products",
               out=SQLF_OK)
        t.fail("uv run dbt build -s dim_products+", "Build dim_products and downstream",
               dbt_head("09:58:02", models=149, tests=414) + "\n" + contract_fail(
                   "09:58:04", "dim_products", "models/marts/catalog/dim_products.sql",
                   [("ASSEMBLY_REQUIRED", "BOOLEAN", "", "missing in contract"),
                    ("LEAD_TIME_DAYS", "NUMBER", "", "missing in contract")], 3,
                   schema="dbt_jwhitfield_marts",
                   kind_line=["test not_null_dim_products_product_id", "test unique_dim_products_product_id",
                              "relation dbt_jwhitfield_marts.rpt_merch_range_weekly"]))
        t.read(CAT)
        t.edit(CAT, "      - name: is_active\n        data_type: boolean\n",
               "      - name: is_active\n        data_type: boolean\n      - name: assembly_required\n"
               "        data_type: boolean\n      - name: lead_time_days\n        data_type: number\n")
        t.bash("uv run dbt build -s dim_products+", "Build dim_products and downstream again",
               out=dbt_head("09:59:31", models=149, tests=414) + "\n" + dbt_nodes("09:59:33", [
                   ("table", "dim_products", "OK"), ("test", "not_null_dim_products_product_id", "PASS"),
                   ("test", "unique_dim_products_product_id", "PASS"), ("table", "rpt_merch_range_weekly", "OK")],
                   schema="dbt_jwhitfield_marts") + "\n" + dbt_tail("09:59:49", 4, secs="16.27"))
        t.bash("uv run dbt show -s dim_products --limit 5", "Preview dim_products",
               out=dbt_show("10:00:12", "dim_products",
                            ["SKU", "TITLE", "ROOM", "ASSEMBLY_REQUIRED", "LEAD_TIME_DAYS"],
                            [("SOF-OSL-3S-GRY", "Oslo 3-seater sofa, grey", "living", "True", 21),
                             ("BED-ARL-KS-OAK", "Arlo king bed frame, oak", "bedroom", "True", 35),
                             ("LMP-NOR-FL-BRS", "Nora floor lamp, brass", "living", "False", 3),
                             ("TBL-HVN-6-WAL", "Haven 6-seat dining table, walnut", "dining", "True", 42),
                             ("RUG-MRA-200-SND", "Mara rug 200x290, sand", "living", "False", 5)]))
        t.done("`dim_products` has `assembly_required` and `lead_time_days` from `stg_pim__products` (left "
               "join on sku). The catalog contract rejected the first build (both columns `missing in "
               "contract`), so they're declared in `_catalog__models.yml` (boolean / number). "
               "`rpt_merch_range_weekly` downstream rebuilt fine.")

        t = d.task("tests on fct_returns: relationships order_id -> fct_orders, accepted_values on "
                   "return_reason. make new tests severity warn for now, the shopify refund data is messy and I "
                   "don't want the nightly going red over it", tags=["pref:P3"])
        t.read(OPS)
        t.edit(OPS, "      - name: order_id\n      - name: carrier\n",
               "      - name: order_id\n        data_tests:\n          - relationships:\n"
               "              to: ref('fct_orders')\n              field: order_id\n"
               "              config:\n                severity: warn\n      - name: return_reason\n"
               "        data_tests:\n          - accepted_values:\n              values: ['damaged_in_transit', "
               "'changed_mind', 'wrong_colour', 'not_as_described', 'late_delivery', 'other']\n"
               "              config:\n                severity: warn\n      - name: carrier\n")
        t.bash("uv run dbt test -s fct_returns", "Run the fct_returns tests",
               out=dbt_head("10:14:20", models=149, tests=416) + "\n" + dbt_nodes("10:14:22", [
                   ("test", "accepted_values_fct_returns_9b1f2a7c0e", "PASS"),
                   ("test", "not_null_fct_returns_return_line_id", "PASS"),
                   ("test", "relationships_fct_returns_order_id__order_id__ref_fct_orders_", "WARN"),
                   ("test", "unique_fct_returns_return_line_id", "PASS")]) +
               "\n10:14:27  \n10:14:27  Finished running 4 data tests in 0 hours 0 minutes and 5.02 seconds (5.02s)."
               "\n10:14:27  \n10:14:27  Completed with 1 warning:\n10:14:27  \n10:14:27  Warning in test "
               "relationships_fct_returns_order_id__order_id__ref_fct_orders_ (models/marts/ops/_ops__models.yml)"
               "\n10:14:27  Got 3 results, configured to warn if != 0\n10:14:27  \n10:14:27    compiled code at "
               "target/compiled/hearthwood/models/marts/ops/_ops__models.yml/relationships_fct_returns_5d0c2e.sql"
               "\n10:14:27  \n10:14:27  Done. PASS=3 WARN=1 ERROR=0 SKIP=0 TOTAL=4")
        t.done("Added both tests with `severity: warn`. Right now: accepted_values passes, relationships warns "
               "with 3 refund lines whose order isn't in `fct_orders` (likely orders cancelled before the "
               "refund synced). Nothing fails the nightly.")

        t = d.task("bump sqlfluff + the dbt templater to 3.2.6, there's a fix for the jinja whitespace thing",
                   tags=["flaky:F1"])
        t.read(PYP)
        t.edit(PYP, "    \"sqlfluff==3.2.5\",\n    \"sqlfluff-templater-dbt==3.2.5\",\n",
               "    \"sqlfluff==3.2.6\",\n    \"sqlfluff-templater-dbt==3.2.6\",\n")
        t.fail("uv lock", "Update the lockfile",
               "error: Failed to fetch: `https://pypi.org/simple/sqlfluff-templater-dbt/`\n"
               "  Caused by: Request failed after 3 retries\n"
               "  Caused by: error sending request for url (https://pypi.org/simple/sqlfluff-templater-dbt/)\n"
               "  Caused by: operation timed out", code=2)
        t.bash("uv lock", "Update the lockfile",
               err="Resolved 74 packages in 2.87s\nUpdated sqlfluff v3.2.5 -> v3.2.6\n"
                   "Updated sqlfluff-templater-dbt v3.2.5 -> v3.2.6")
        t.bash("uv sync", "Sync the venv",
               err="Resolved 74 packages in 11ms\nPrepared 2 packages in 604ms\nUninstalled 2 packages in 9ms\n"
                   "Installed 2 packages in 6ms\n - sqlfluff==3.2.5\n + sqlfluff==3.2.6\n"
                   " - sqlfluff-templater-dbt==3.2.5\n + sqlfluff-templater-dbt==3.2.6")
        t.bash("uv run sqlfluff lint dbt/models/marts/ops/fct_returns.sql dbt/models/marts/catalog/dim_products.sql",
               "Smoke-test the new sqlfluff", out=SQLF_OK)
        t.done("sqlfluff and sqlfluff-templater-dbt are on 3.2.6 in pyproject + uv.lock, venv synced, lint still "
               "clean on two models. (First `uv lock` timed out fetching from PyPI; the retry went through.)")

        t = d.task("thinking about moving the nightly from BashOperator to astronomer-cosmos so each model is it's "
                   "own task. worth it for us?", tags=["no_tools"])
        t.done("Short version: probably yes for visibility, but it costs you some things. Longer version:\n\n"
               "**What Cosmos gives you**\n"
               "- Each model/test becomes an Airflow task (or a task group per model with its tests), so a failed "
               "model shows up as one red box instead of a 20-minute BashOperator log to scroll.\n"
               "- Retries per model: a transient Snowflake error on one model retries that model only, not the "
               "whole `dbt build`.\n"
               "- Lineage in the Airflow UI mirrors the dbt DAG, and you can clear/re-run downstream from any "
               "model.\n"
               "- It emits OpenLineage/Datasets per model, which fits the data-aware scheduling we talked about.\n\n"
               "**What it costs**\n"
               "- Scheduler load: ~150 models + ~410 tests becomes hundreds of task instances per night. With "
               "`TestBehavior.AFTER_EACH` that's a task group per model. On a small Astro deployment the parse and "
               "scheduling overhead is noticeable; `LoadMode.DBT_MANIFEST` (parse from a prebuilt manifest) avoids "
               "running `dbt ls` at parse time.\n"
               "- Each task starts its own dbt process, so total runtime goes up (dbt's startup + Snowflake session "
               "per task). Expect the nightly to be 20–40% slower unless you raise concurrency.\n"
               "- Your dbt runs in a separate venv in the image; Cosmos supports that via "
               "`ExecutionConfig(dbt_executable_path=...)`, fine.\n"
               "- Seeds and snapshots: Cosmos renders them too, so the current seed → snapshot → build chain maps "
               "over, but `--exclude tag:hourly` becomes a `RenderConfig(exclude=[...])`.\n\n"
               "**Middle ground**\n"
               "- Keep one BashOperator but split it by layer (staging / intermediate / marts) — 3 tasks, much "
               "easier reruns, no new dependency.\n\n"
               "**My take**: if the pain is 'which model failed and can I rerun just that', Cosmos with "
               "`LoadMode.DBT_MANIFEST` and `TestBehavior.AFTER_ALL` is worth a spike on one DAG (e.g. the "
               "finance tag). If the pain is only runtime, don't.")

    # ================================================================ S5
    with d.session("2026-10-15T14:20:00", R, branch="feat/returns-mart", version="2.1.205"):
        t = d.task("btw the cosmos writeup was way too long, I had to cut half of it before it fit in the "
                   "#data-eng thread. for that kind of question 5 bullets max pls", tags=["feedback"],
                   feedback="the cosmos writeup was way too long, I had to cut half of it before it fit in the "
                            "#data-eng thread")
        t.done("Got it — 5 bullets max for those. The cut-down version:\n\n"
               "- Cosmos = one Airflow task per model, so failures and reruns are per model.\n"
               "- Cost: hundreds of task instances a night and slower total runtime.\n"
               "- Use `LoadMode.DBT_MANIFEST` to keep parsing cheap.\n"
               "- Middle ground: split the BashOperator by layer.\n"
               "- Worth a spike on the finance tag first.")

        t = d.task("returns per carrier since 10-05 from my dev fct_returns, with refunded total. ops want it "
                   "before their 3pm", tags=["mistake:M2"])
        q2 = ("snowsql -q \"select carrier, count(*) as returns, sum(refund_amount) as refunded "
              "from analytics_dev.dbt_jwhitfield_marts.fct_returns where returned_at >= '2026-10-05' "
              "group by 1 order by 2 desc\" -o output_format=psql")
        t.fail(q2, "Returns per carrier from dev fct_returns",
               snow_err("002003", "42S02",
                        "Object 'ANALYTICS_DEV.DBT_JWHITFIELD_MARTS.FCT_RETURNS' does not exist or not authorized."),
               code=5)
        t.bash(q2 + " -c transformer", "Same query with the transformer connection",
               out=psql(["CARRIER", "RETURNS", "REFUNDED"],
                        [("DPD", 212, "61873.40"), ("XDP", 147, "118220.00"), ("Evri", 96, "3512.56"),
                         ("Royal Mail", 41, "1630.15"), ("NULL", 9, "2210.00")], "0.644"))
        t.done("Returns since 2026-10-05 (dev `fct_returns`):\n\n"
               "| carrier | returns | refunded £ |\n|---|---|---|\n| DPD | 212 | 61,873.40 |\n"
               "| XDP | 147 | 118,220.00 |\n| Evri | 96 | 3,512.56 |\n| Royal Mail | 41 | 1,630.15 |\n"
               "| (no shipment) | 9 | 2,210.00 |\n\n"
               "XDP has fewer returns but the biggest refunds (two-person delivery = big items). The plain query "
               "hit the default role again (`does not exist or not authorized`); re-ran with `-c transformer`.")

        t = d.task("ok ship the returns mart. usual: pre-commit, push, PR, wait for CI", tags=["workflow:W3"])
        t.bash("uv run pre-commit run --all-files", "Run all pre-commit hooks", out=PRECOMMIT_OK)
        t.bash("git add dbt/models/marts/ops/ && git commit -m \"feat(marts): fct_returns with carrier and "
               "customer\"", "Commit the returns mart",
               out="[feat/returns-mart 3c9d2e1] feat(marts): fct_returns with carrier and customer\n"
                   " 2 files changed, 58 insertions(+)\n create mode 100644 dbt/models/marts/ops/_ops__models.yml\n"
                   " create mode 100644 dbt/models/marts/ops/fct_returns.sql")
        t.bash("git push -u origin feat/returns-mart", "Push the branch",
               err="remote: \nremote: Create a pull request for 'feat/returns-mart' on GitHub by visiting:\n"
                   "remote:      https://github.com/hearthwood/hearthwood-analytics/pull/new/feat/returns-mart\n"
                   "remote: \nTo github.com:hearthwood/hearthwood-analytics.git\n"
                   " * [new branch]      feat/returns-mart -> feat/returns-mart\n"
                   "branch 'feat/returns-mart' set up to track 'origin/feat/returns-mart'.")
        t.bash("gh pr create --title \"feat(marts): fct_returns\" --body \"One row per Shopify refund line with "
               "carrier (ShipBob) and customer. Tests: unique/not_null on return_line_id; relationships + "
               "accepted_values at severity warn.\"", "Open the PR",
               out="https://github.com/hearthwood/hearthwood-analytics/pull/398",
               err="\nCreating pull request for feat/returns-mart into main in hearthwood/hearthwood-analytics\n")
        t.bash("gh pr checks 398 --watch", "Wait for CI", out=pr_checks_ok(11520331842, 32018844510, 32018844601),
               timeout=900000)
        t.done("PR #398 is up and green: slim CI (`state:modified+` built fct_returns + tests), astro dev pytest "
               "and pre-commit all passed.\nhttps://github.com/hearthwood/hearthwood-analytics/pull/398")

        t = d.task("whats tagged finance? list the models", tags=["noise", "long_output"])
        fin = ["fct_orders", "fct_order_lines", "fct_refunds", "fct_payments", "fct_payouts", "fct_gift_cards",
               "fct_marketing_spend", "fct_vat_returns", "fct_deferred_revenue", "fct_delivery_charges",
               "fct_klarna_settlements", "fct_paypal_settlements", "fct_stripe_balance_txns", "fct_cogs_daily",
               "fct_inventory_valuation", "fct_supplier_invoices", "fct_freight_costs", "fct_discount_usage",
               "rpt_finance_daily_revenue", "rpt_finance_weekly_margin", "rpt_finance_monthly_close",
               "rpt_finance_vat_summary", "rpt_finance_refund_rate", "rpt_finance_aov_by_channel",
               "rpt_finance_cash_position", "rpt_finance_payouts_reconciliation", "rpt_finance_gift_card_liability",
               "rpt_finance_deferred_revenue_rollforward", "rpt_finance_delivery_margin",
               "rpt_finance_klarna_fees", "rpt_finance_marketing_roas", "rpt_finance_budget_vs_actual",
               "int_finance_fx_rates_daily", "int_finance_order_margin", "int_finance_payment_matching",
               "int_finance_refund_allocation"]
        t.bash("uv run dbt ls -s tag:finance --resource-type model --output name", "List finance-tagged models",
               out="14:52:10  Running with dbt=1.8.7\n14:52:11  Registered adapter: snowflake=1.8.4\n"
                   "14:52:12  Found 149 models, 11 snapshots, 9 seeds, 416 data tests, 63 sources, 4 exposures, "
                   "702 macros\n" + "\n".join(sorted(fin)))
        t.done(f"{len(fin)} models carry `tag:finance` (all of marts/finance via dbt_project.yml, plus four "
               "`int_finance_*` that tag themselves):\n\n- 18 `fct_*` facts (orders, payments, payouts, "
               "settlements per PSP, VAT, COGS, inventory valuation, supplier invoices, freight…)\n"
               "- 14 `rpt_finance_*` reports (daily revenue, weekly margin, month-end close, VAT summary, ROAS, "
               "budget vs actual…)\n- 4 intermediates (FX rates, order margin, payment matching, refund "
               "allocation)\n\nFull list is in the output above.")

    # ================================================================ S6 (compaction)
    with d.session("2026-10-19T09:05:00", R, branch="main", version="2.1.206"):
        t = d.task("shopify_orders_incremental died in prod last night on extract_orders (02:00 run). can you "
                   "repro that task locally for 2026-10-18", tags=["mistake:M3"])
        t.fail("astro dev run tasks test shopify_orders_incremental extract_orders 2026-10-18",
               "Run extract_orders once locally",
               astro_not_running("Error response from daemon: No such container: "
                                 "hearthwood-analytics_5f2c1a-scheduler-1"))
        t.bash("docker ps -a --filter name=hearthwood-analytics --format '{{.Names}}\\t{{.Status}}'",
               "See which Astro containers exist",
               out="hearthwood-analytics_5f2c1a-postgres-1\tExited (0) 3 days ago")
        t.bash("astro dev start", "Start the local Airflow environment", out=astro_start("2.9"), timeout=600000)
        t.bash("astro dev run tasks test shopify_orders_incremental extract_orders 2026-10-18",
               "Run extract_orders once locally",
               out="[2026-10-19T08:31:12.402+0000] {dagbag.py:588} INFO - Filling up the DagBag from "
                   "/usr/local/airflow/dags\n"
                   "[2026-10-19T08:31:14.017+0000] {taskinstance.py:2614} INFO - Dependencies all met for dep_context"
                   "=non-requeueable deps ti=<TaskInstance: shopify_orders_incremental.extract_orders "
                   "__airflow_temporary_run_2026-10-19T08:31:13.998112+00:00__ [None]>\n"
                   "[2026-10-19T08:31:14.031+0000] {taskinstance.py:2867} INFO - Starting attempt 1 of 3\n"
                   "[2026-10-19T08:31:15.660+0000] {shopify.py:41} INFO - GET /admin/api/2024-10/orders.json "
                   "page 1 (250)\n[2026-10-19T08:31:21.904+0000] {shopify.py:41} INFO - GET /admin/api/2024-10/"
                   "orders.json page 8 (211)\n[2026-10-19T08:31:22.010+0000] {shopify.py:58} WARNING - 429 Too "
                   "Many Requests, Retry-After: 2.0 — sleeping\n[2026-10-19T08:31:24.377+0000] {shopify.py:41} "
                   "INFO - GET /admin/api/2024-10/orders.json page 9 (38)\n"
                   "[2026-10-19T08:31:24.512+0000] {python.py:240} INFO - Done. Returned value was: landing/orders/"
                   "2026-10-18T00-00.json\n[2026-10-19T08:31:24.530+0000] {taskinstance.py:340} INFO - ::group::"
                   "Post task execution logs\n[2026-10-19T08:31:24.531+0000] {taskinstance.py:352} INFO - Marking "
                   "task as SUCCESS. dag_id=shopify_orders_incremental, task_id=extract_orders, run_id=__airflow_"
                   "temporary_run_2026-10-19T08:31:13.998112+00:00__, execution_date=20261018T000000, "
                   "start_date=20261019T083114, end_date=20261019T083124", timeout=600000)
        t.done("Locally it succeeds for 2026-10-18: 9 pages, 2,249 orders, one `429 Too Many Requests` that the "
               "client slept through. So the code path is fine; the prod failure is most likely the rate limit "
               "hitting harder at 02:00 (the Fivetran resync runs then too) and exhausting the client's retries.\n\n"
               "(Local env was down — `airflow is not running` / no scheduler container — so I ran `astro dev "
               "start` first.) Want me to raise the Retry-After budget in `include/shopify.py`?")

        t = d.task("new dag marketing_spend_export: after fct_marketing_spend is rebuilt, unload it to "
                   "s3://hearthwood-exports/marketing/spend_<ds>.csv for the agency. use the dataset thing from "
                   "last week", tags=["workflow:W2"])
        mkt = """\"\"\"Unload fct_marketing_spend to S3 for the agency after the nightly rebuilds it.\"\"\"
from __future__ import annotations

import pendulum
from airflow.datasets import Dataset
from airflow.decorators import dag, task
from airflow.providers.snowflake.hooks.snowflake import SnowflakeHook

MARKETING_SPEND = Dataset("snowflake://analytics/marts/fct_marketing_spend")


@dag(
    dag_id="marketing_spend_export",
    schedule=[MARKETING_SPEND],
    start_date=pendulum.datetime(2026, 10, 1, tz="Europe/London"),
    catchup=False,
    default_args={"owner": "data-eng", "retries": 2},
    tags=["export", "marketing"],
)
def marketing_spend_export():
    @task
    def unload(ds=None) -> str:
        hook = SnowflakeHook(snowflake_conn_id="snowflake_default")
        hook.run(
            f"copy into @analytics.exports.marketing_stage/spend_{ds}.csv "
            "from (select * from analytics.marts.fct_marketing_spend where spend_date >= dateadd(day, -35, current_date)) "
            "file_format = (type = csv compression = none field_optionally_enclosed_by = '\\"') "
            "header = true single = true overwrite = true"
        )
        return f"s3://hearthwood-exports/marketing/spend_{ds}.csv"

    unload()


marketing_spend_export()
"""
        t.read(NIGHTLY)
        t.edit(NIGHTLY, "from airflow.decorators import dag\n",
               "from airflow.datasets import Dataset\nfrom airflow.decorators import dag\n")
        t.edit(NIGHTLY, "        env=ENV,\n        append_env=True,\n    )\n",
               "        env=ENV,\n        append_env=True,\n"
               "        outlets=[Dataset(\"snowflake://analytics/marts/fct_marketing_spend\")],\n    )\n")
        t.write(MKT, mkt)
        t.bash("astro dev parse", "Parse the DAGs", out=PARSE_OK)
        t.bash("astro dev pytest tests/dags", "Run the DAG integrity tests", out=pytest_ok(4, "7.02"))
        t.bash("uv run ruff check dags/", "Lint the DAGs", out=RUFF_OK)
        t.done("Added `dags/marketing_spend_export.py`, scheduled on "
               "`Dataset(\"snowflake://analytics/marts/fct_marketing_spend\")`; the nightly's `dbt_build` now "
               "declares that dataset as an outlet, so the export runs right after each successful nightly. "
               "It unloads the last 35 days as one CSV with header to `spend_<ds>.csv`. parse, pytest, ruff green.")

        d.precompact("Jonas Whitfield (data eng at Hearthwood) works in hearthwood-analytics: Astro/Airflow 2.10 "
                     "DAGs in dags/, dbt 1.8 on Snowflake in dbt/ (DBT_PROJECT_DIR via direnv, `uv run dbt …` "
                     "from the root). Done so far: loyalty_tier in dim_customers, supplier_feed_ingest DAG "
                     "(TaskFlow), fct_returns mart (PR #398, merged), dim_products PIM attrs, sqlfluff 3.2.6, "
                     "marketing_spend_export DAG on a Dataset outlet of the nightly. Prefers explicit column "
                     "lists in marts, TaskFlow DAGs, short answers (5 bullets max for opinion questions). Local "
                     "Astro env was started this session; snowsql needs `-c transformer`.")

        t = d.task("nightly got slower since the finance models landed. where do we choose the warehouse for it? "
                   "put the nightly on TRANSFORMING_M", tags=["noise"])
        t.grep("warehouse", path=R, glob="{dbt/profiles.yml,dags/*.py}", output_mode="content", n=True,
               content=D + "/profiles.yml:9:      warehouse: \"{{ env_var('DBT_WAREHOUSE', 'TRANSFORMING_XS') }}\"\n"
                       + D + "/profiles.yml:21:      warehouse: \"{{ env_var('DBT_WAREHOUSE', 'TRANSFORMING_XS') }}\"")
        t.read(NIGHTLY)
        t.edit(NIGHTLY, "ENV = {\"DBT_PROFILES_DIR\": DBT_DIR, \"DBT_TARGET\": \"{{ var.value.dbt_target }}\"}",
               "ENV = {\n    \"DBT_PROFILES_DIR\": DBT_DIR,\n    \"DBT_TARGET\": \"{{ var.value.dbt_target }}\",\n"
               "    \"DBT_WAREHOUSE\": \"TRANSFORMING_M\",\n}")
        t.done("The warehouse comes from `profiles.yml`: `env_var('DBT_WAREHOUSE', 'TRANSFORMING_XS')` for both "
               "targets. I set `DBT_WAREHOUSE=TRANSFORMING_M` in the nightly's `ENV`, so only the nightly's "
               "seed/snapshot/build use M; your local runs stay on XS.")

        t = d.task("snapshot snap_inventory fails in dev, finance says they need the history by friday. look?",
                   tags=["unfixed:U1"])
        t.read(D + "/snapshots/snap_inventory.sql")
        t.fail("uv run dbt snapshot -s snap_inventory", "Run the inventory snapshot",
               "09:48:30  Running with dbt=1.8.7\n09:48:31  Registered adapter: snowflake=1.8.4\n"
               "09:48:32  Found 149 models, 11 snapshots, 9 seeds, 416 data tests, 63 sources, 4 exposures, "
               "702 macros\n09:48:32  \n09:48:34  Concurrency: 8 threads (target='dev')\n09:48:34  \n"
               "09:48:34  1 of 1 START snapshot snapshots.snap_inventory ........................... [RUN]\n"
               "09:48:37  1 of 1 ERROR snapshotting snapshots.snap_inventory ....................... "
               "[ERROR in 2.71s]\n09:48:37  \n09:48:37  Finished running 1 snapshot in 0 hours 0 minutes and 4.88 "
               "seconds (4.88s).\n09:48:37  \n09:48:37  Completed with 1 error, 0 partial successes, and 0 warnings:"
               "\n09:48:37  \n09:48:37    Compilation Error in snapshot snap_inventory (snapshots/snap_inventory.sql)"
               "\n  Snapshot target is not a snapshot table (missing \"dbt_scd_id\", \"dbt_valid_from\", "
               "\"dbt_valid_to\")\n  \n  > in macro materialization_snapshot_default "
               "(macros/materializations/snapshots/snapshot.sql)\n  > called by snapshot snap_inventory "
               "(snapshots/snap_inventory.sql)\n09:48:37  \n09:48:37  Done. PASS=0 WARN=0 ERROR=1 SKIP=0 TOTAL=1")
        t.bash("uv run dbt show --inline \"select table_owner, created, last_altered, row_count from "
               "analytics_dev.information_schema.tables where table_schema = 'SNAPSHOTS' and table_name = "
               "'SNAP_INVENTORY'\"", "Who created the target table",
               out=dbt_show("09:49:10", "inline", ["TABLE_OWNER", "CREATED", "LAST_ALTERED", "ROW_COUNT"],
                            [("FINANCE_ANALYST", "2026-10-16 15:02:44", "2026-10-16 15:02:44", 48211)]))
        t.done("Not a dbt bug: `ANALYTICS_DEV.SNAPSHOTS.SNAP_INVENTORY` already exists but isn't a snapshot "
               "table — it was created on 2026-10-16 by the FINANCE_ANALYST role (48,211 rows, no `dbt_scd_id` / "
               "`dbt_valid_from` / `dbt_valid_to`). Looks like someone in finance saved their own inventory "
               "extract under that name.\n\nI haven't touched it: it might be the only copy of whatever they "
               "exported. Options once finance confirms: they rename/move their table and the snapshot starts "
               "fresh, or we point the snapshot at a different name. Worth asking Priya before Friday.")

    # ================================================================ S7
    with d.session("2026-10-22T11:00:00", R, branch="feat/discount-numeric", version="2.1.207"):
        t = d.task("re the warn severity on the fct_returns tests: nobody reads warnings, the 3 orphans sat there "
                   "for a week. switch them to severity error, and new tests fail the build from now on",
                   tags=["reversal:P3"])
        t.read(OPS)
        t.edit(OPS, "                severity: warn\n", "                severity: error\n", replace_all=True)
        t.bash("uv run dbt test -s fct_returns", "Run the fct_returns tests",
               out=dbt_head("11:08:41", models=149, tests=416) + "\n" + dbt_nodes("11:08:43", [
                   ("test", "accepted_values_fct_returns_9b1f2a7c0e", "PASS"),
                   ("test", "not_null_fct_returns_return_line_id", "PASS"),
                   ("test", "relationships_fct_returns_order_id__order_id__ref_fct_orders_", "PASS"),
                   ("test", "unique_fct_returns_return_line_id", "PASS")]) + "\n" +
               dbt_tail("11:08:48", 4, secs="4.61"))
        t.done("Both tests on `fct_returns` are `severity: error` now, and they pass (the 3 orphaned refund "
               "lines are gone since the Shopify backfill). New tests I add will be error-level by default.")

        t = d.task("fct_orders: discount_amount is cast to float, finance wants number(12,2) like the other money "
                   "columns. and there's still an orders.* in there, replace it with the actual columns — no "
                   "select * left in fct_orders", tags=["mistake:M1", "workflow:W1", "pref:P1"])
        t.read(FO)
        t.edit(FO, "    orders.*,\n    discounts.discount_amount::float as discount_amount,\n",
               "    orders.order_id,\n    orders.customer_id,\n    orders.ordered_at,\n    orders.channel,\n"
               "    orders.gross_amount,\n    coalesce(discounts.discount_amount, 0)::number(12, 2) as "
               "discount_amount,\n")
        t.bash("uv run sqlfluff lint dbt/models/marts/finance/fct_orders.sql", "Lint fct_orders", out=SQLF_OK)
        t.fail("uv run dbt build -s fct_orders", "Build fct_orders",
               dbt_head("11:21:15", models=149, tests=416) + "\n" + contract_fail(
                   "11:21:17", "fct_orders", "models/marts/finance/fct_orders.sql",
                   [("DISCOUNT_AMOUNT", "NUMBER", "FLOAT", "data type mismatch")], 2,
                   schema="dbt_jwhitfield_marts",
                   kind_line=["test not_null_fct_orders_order_id", "test unique_fct_orders_order_id"]))
        t.read(FIN)
        t.edit(FIN, "      - name: discount_amount\n        data_type: float\n",
               "      - name: discount_amount\n        data_type: number(12,2)\n")
        t.bash("uv run dbt build -s fct_orders", "Build fct_orders again",
               out=dbt_head("11:22:40", models=149, tests=416) + "\n" + dbt_nodes("11:22:42", [
                   ("table", "fct_orders", "OK"), ("test", "not_null_fct_orders_order_id", "PASS"),
                   ("test", "unique_fct_orders_order_id", "PASS")], schema="dbt_jwhitfield_marts") + "\n" +
               dbt_tail("11:23:05", 3, secs="23.18"))
        t.bash("uv run dbt show -s fct_orders --limit 5", "Preview fct_orders",
               out=dbt_show("11:23:30", "fct_orders",
                            ["ORDER_ID", "CHANNEL", "GROSS_AMOUNT", "DISCOUNT_AMOUNT", "NET_AMOUNT"],
                            [(5521870331, "web", "1249.00", "0.00", "1249.00"),
                             (5521870340, "web", "349.00", "34.90", "314.10"),
                             (5521870352, "pos", "899.00", "0.00", "899.00"),
                             (5521870367, "web", "129.00", "12.90", "116.10"),
                             (5521870371, "shop_app", "2310.00", "231.00", "2079.00")]))
        t.done("`fct_orders` now lists its columns explicitly (no `orders.*`) and `discount_amount` is "
               "`coalesce(..., 0)::number(12, 2)`. The finance contract still said `float` "
               "(`DISCOUNT_AMOUNT | NUMBER | FLOAT | data type mismatch`), so I changed it to `number(12,2)` "
               "in `_finance__models.yml`. Build + tests pass. Heads-up: Looker will see discount_amount go "
               "from 0-or-null to 0 for orders without a discount.")

        t = d.task("push it + PR, same as the returns one", tags=["workflow:W3"])
        t.bash("uv run pre-commit run --all-files", "Run all pre-commit hooks", out=PRECOMMIT_OK)
        t.bash("git add dbt/models/marts/finance/ && git commit -m \"fix(finance): discount_amount as "
               "number(12,2), explicit columns in fct_orders\"", "Commit",
               out="[feat/discount-numeric 81e4b7a] fix(finance): discount_amount as number(12,2), explicit "
                   "columns in fct_orders\n 2 files changed, 7 insertions(+), 3 deletions(-)")
        t.bash("git push -u origin feat/discount-numeric", "Push the branch",
               err="remote: \nremote: Create a pull request for 'feat/discount-numeric' on GitHub by visiting:\n"
                   "remote:      https://github.com/hearthwood/hearthwood-analytics/pull/new/feat/discount-numeric\n"
                   "remote: \nTo github.com:hearthwood/hearthwood-analytics.git\n"
                   " * [new branch]      feat/discount-numeric -> feat/discount-numeric\n"
                   "branch 'feat/discount-numeric' set up to track 'origin/feat/discount-numeric'.")
        t.bash("gh pr create --title \"fix(finance): discount_amount number(12,2)\" --body \"Casts discount_amount "
               "to number(12,2) (coalesced to 0) and replaces orders.* with explicit columns. Contract updated. "
               "Looker: discount_amount is 0 instead of null for undiscounted orders.\"", "Open the PR",
               out="https://github.com/hearthwood/hearthwood-analytics/pull/404",
               err="\nCreating pull request for feat/discount-numeric into main in hearthwood/hearthwood-analytics\n")
        t.bash("gh pr checks 404 --watch", "Wait for CI", out=pr_checks_ok(11601877205, 32240016631, 32240016702),
               timeout=900000)
        t.done("PR #404 is open and green (slim CI rebuilt fct_orders and its children, pytest, pre-commit).\n"
               "https://github.com/hearthwood/hearthwood-analytics/pull/404")

        t = d.task("write the slack msg for #analytics so the looker folks know discount_amount changes type "
                   "when 404 merges. 3 lines", tags=["no_tools"])
        t.done("Heads-up: once PR #404 merges (tonight's nightly), `fct_orders.discount_amount` changes from "
               "float to number(12,2).\nOrders without a discount will show 0 instead of null, so `is null` "
               "filters on it will stop matching.\nNo other columns change; ping me in #data-eng if a Look breaks.")

    # ================================================================ S8
    with d.session("2026-10-27T15:30:00", R, branch="feat/promo-calendar", version="2.1.208"):
        t = d.task("slim CI is red on my promo calendar PR (#412), every dbt job dies at connect. what's up",
                   tags=["unfixed:U2"])
        t.fail("gh pr checks 412", "Check the PR's CI status",
               "dbt slim ci / build (state:modified+)\tfail\t48s\thttps://github.com/hearthwood/"
               "hearthwood-analytics/actions/runs/11702419934/job/32501177820\t\n"
               "dags / astro dev pytest\tpass\t1m22s\thttps://github.com/hearthwood/hearthwood-analytics/actions/"
               "runs/11702419936/job/32501177902\t\nlint / pre-commit\tpass\t39s\thttps://github.com/hearthwood/"
               "hearthwood-analytics/actions/runs/11702419935/job/32501177866\t")
        t.bash("gh run view 11702419934 --log-failed | tail -n 20", "Read the failed job's log",
               out="build\tdbt build (slim)\t2026-10-27T15:11:42.8712304Z 15:11:42  Running with dbt=1.8.7\n"
                   "build\tdbt build (slim)\t2026-10-27T15:11:43.9981725Z 15:11:43  Registered adapter: "
                   "snowflake=1.8.4\nbuild\tdbt build (slim)\t2026-10-27T15:11:46.1002278Z 15:11:46  Found 150 "
                   "models, 11 snapshots, 9 seeds, 418 data tests, 63 sources, 4 exposures, 702 macros\n"
                   "build\tdbt build (slim)\t2026-10-27T15:11:46.1100511Z 15:11:46  \n"
                   "build\tdbt build (slim)\t2026-10-27T15:11:49.4420991Z 15:11:49  Encountered an error:\n"
                   "build\tdbt build (slim)\t2026-10-27T15:11:49.4421540Z Database Error\n"
                   "build\tdbt build (slim)\t2026-10-27T15:11:49.4421877Z   250001 (08001): None: Failed to "
                   "connect to DB: hearthwood-eu1.snowflakecomputing.com:443. JWT token is invalid. "
                   "[4b7e0d2a-9c31-4f7e-b1a2-6de0c5f8a913]\n"
                   "build\tdbt build (slim)\t2026-10-27T15:11:49.6103662Z ##[error]Process completed with exit code 2.")
        t.bash("gh secret list", "List the repo's secrets",
               out="SNOWFLAKE_CI_PRIVATE_KEY\t2026-03-02T10:14:55Z\nSNOWFLAKE_CI_USER\t2026-03-02T10:13:40Z\n"
                   "AWS_ROLE_ARN\t2026-05-19T08:22:10Z")
        t.done("It's not your PR. Every slim CI dbt job fails at connect with `JWT token is invalid` for the CI "
               "service user. `SNOWFLAKE_CI_PRIVATE_KEY` was last set in March, and platform rotated the "
               "service users' key pairs yesterday (the #platform announcement), so the secret holds a key "
               "Snowflake no longer accepts.\n\nI can't fix it from here: the new private key lives with "
               "platform and only org admins can update repo secrets. Ask Dario to update "
               "`SNOWFLAKE_CI_PRIVATE_KEY`, then re-run the failed job (`gh run rerun 11702419934 --failed`). "
               "pytest and pre-commit on #412 are green.")

        t = d.task("promo calendar dag while we wait: marketing drops promo_calendar_<yyyymmdd>.csv into "
                   "s3://hearthwood-landing/marketing/promos/. wait for today's file, load into "
                   "raw.marketing.promo_calendar. same setup as the supplier one", tags=["workflow:W2"])
        promo = """\"\"\"Marketing's promo calendar CSV -> RAW.MARKETING.PROMO_CALENDAR.\"\"\"
from __future__ import annotations

import pendulum
from airflow.decorators import dag, task
from airflow.providers.amazon.aws.sensors.s3 import S3KeySensor
from airflow.providers.snowflake.hooks.snowflake import SnowflakeHook

BUCKET = "hearthwood-landing"
KEY = "marketing/promos/promo_calendar_{{ ds_nodash }}.csv"


@dag(
    dag_id="promo_calendar_sync",
    schedule="0 7 * * *",
    start_date=pendulum.datetime(2026, 10, 20, tz="Europe/London"),
    catchup=False,
    default_args={"owner": "data-eng", "retries": 2, "retry_delay": pendulum.duration(minutes=10)},
    tags=["marketing", "ingest"],
)
def promo_calendar_sync():
    wait = S3KeySensor(
        task_id="wait_for_file",
        bucket_name=BUCKET,
        bucket_key=KEY,
        aws_conn_id="aws_default",
        mode="reschedule",
        poke_interval=600,
        timeout=6 * 60 * 60,
    )

    @task
    def load(ds_nodash=None) -> None:
        hook = SnowflakeHook(snowflake_conn_id="snowflake_default")
        hook.run(
            [
                "truncate table raw.marketing.promo_calendar",
                "copy into raw.marketing.promo_calendar from @raw.marketing.landing/promos/"
                f"promo_calendar_{ds_nodash}.csv file_format = (format_name = raw.marketing.csv_header)",
            ]
        )

    wait >> load()


promo_calendar_sync()
"""
        t.read(SUP)
        t.write(PROMO, promo)
        t.bash("astro dev parse", "Parse the DAGs", out=PARSE_OK)
        t.bash("astro dev pytest tests/dags", "Run the DAG integrity tests", out=pytest_ok(4, "7.36"))
        t.bash("uv run ruff check dags/promo_calendar_sync.py", "Lint the new DAG", out=RUFF_OK)
        t.done("`dags/promo_calendar_sync.py`: 07:00 daily, `S3KeySensor` in reschedule mode (10 min pokes, "
               "6 h timeout) for `promo_calendar_<ds_nodash>.csv`, then truncate + `COPY INTO "
               "raw.marketing.promo_calendar`. Same defaults as the supplier DAG (owner, retries 2/10 min, "
               "tags, TaskFlow). parse, pytest, ruff green.")

        t = d.task("what went into main this month? need it for the monthly data-eng update", tags=["noise",
                                                                                                  "long_output"])
        log = """e41a7c9 Merge pull request #410 from hearthwood/feat/marketing-export
0b2f9d1 feat(dags): marketing_spend_export on the fct_marketing_spend dataset
7c11e02 perf(dags): nightly on TRANSFORMING_M
b93d4a6 Merge pull request #406 from hearthwood/chore/klaviyo-v2024-10
51ad0e3 chore(klaviyo): move events ingest to API revision 2024-10-15
aa80c4f Merge pull request #404 from hearthwood/feat/discount-numeric
81e4b7a fix(finance): discount_amount as number(12,2), explicit columns in fct_orders
d2c6f71 test(ops): fct_returns tests at severity error
6f09a3b Merge pull request #401 from hearthwood/feat/product-attrs
4e8b1d0 chore: sqlfluff 3.2.6
29c7f55 feat(catalog): assembly_required, lead_time_days on dim_products
c1da9e8 test(ops): relationships + accepted_values on fct_returns
ff3e520 Merge pull request #398 from hearthwood/feat/returns-mart
3c9d2e1 feat(marts): fct_returns with carrier and customer
80b7c4d fix(sql): qualify return_reason
9e41f2c Merge pull request #395 from hearthwood/feat/supplier-feeds
5a0e6d7 feat(dags): supplier_feed_ingest (sftp -> s3 -> snowflake)
12b8fa3 fix(dags): supplier_feed_ingest retries
7d3e9c0 Merge pull request #393 from hearthwood/feat/loyalty-tier
e6c2a41 feat(core): loyalty_tier on dim_customers
3f7ab90 Merge pull request #391 from hearthwood/chore/ga4-backfill
c08d5e2 chore(ga4): backfill export tables for September
8a1f4e7 Merge pull request #389 from hearthwood/fix/klaviyo-dupes
74be30d fix(staging): dedupe klaviyo events on event_id
2e9d6c5 docs: README section on local astro + dbt setup
5bc0a19 Merge pull request #387 from hearthwood/chore/runtime-12-4
93f1d28 chore: astro runtime 12.4.0 (airflow 2.10.3)"""
        t.bash("git log --oneline --since=2026-10-01 main", "This month's commits on main", out=log)
        t.done("October on main, grouped:\n\n"
               "- **New data**: fct_returns mart (#398), supplier stock feeds DAG (#395), loyalty_tier on "
               "dim_customers (#393), PIM attributes on dim_products (#401)\n"
               "- **Finance**: discount_amount is number(12,2), fct_orders has explicit columns (#404)\n"
               "- **Orchestration**: marketing_spend_export runs on a dataset from the nightly (#410); nightly "
               "moved to TRANSFORMING_M\n"
               "- **Quality**: returns tests now fail the build (severity error); Klaviyo event dedupe (#389)\n"
               "- **Platform**: Astro Runtime 12.4.0 / Airflow 2.10.3 (#387), sqlfluff 3.2.6, Klaviyo API "
               "2024-10-15 (#406)")

    # ================================================================ S9 (SessionEnd other)
    with d.session("2026-11-02T09:20:00", R, branch="main", version="2.1.209", end_reason="other"):
        t = d.task("norrland says their friday feed was loaded twice. dags test supplier_feed_ingest for "
                   "2026-11-01 with just norrland so I can watch the copy step", tags=["mistake:M3"])
        cmd = ("astro dev run dags test supplier_feed_ingest 2026-11-01 -c '{\"supplier\": \"norrland\"}'")
        t.fail(cmd, "Run supplier_feed_ingest once for norrland",
               astro_not_running("Error response from daemon: container 9a07d3c5e1b2f4a6c8d0e2f4a6b8c0d2e4f6a8b0c"
                                 "2d4e6f8a0b2c4d6e8f0a2b4c6 is not running"))
        t.bash("astro dev start", "Start the local Airflow environment", out=astro_start("4.1"), timeout=600000)
        t.bash(cmd, "Run supplier_feed_ingest once for norrland",
               out=dags_test_ok("supplier_feed_ingest", "2026-11-01", [
                   ("list_feeds", ["[2026-11-02T09:31:02.880+0000] {python.py:240} INFO - Done. Returned value "
                                   "was: [{'supplier': 'norrland', 'name': 'stock_20261031.csv', 'ds': "
                                   "'2026-11-01'}, {'supplier': 'norrland', 'name': 'stock_20261031_v2.csv', "
                                   "'ds': '2026-11-01'}]"]),
                   ("copy_to_s3", ["[2026-11-02T09:31:05.114+0000] {s3.py:1121} INFO - Uploading to "
                                   "s3://hearthwood-landing/suppliers/norrland/2026-11-01/stock_20261031.csv",
                                   "[2026-11-02T09:31:06.372+0000] {s3.py:1121} INFO - Uploading to "
                                   "s3://hearthwood-landing/suppliers/norrland/2026-11-01/stock_20261031_v2.csv"]),
                   ("load_stock", ["[2026-11-02T09:31:09.940+0000] {sql.py:470} INFO - Rows affected: 3112",
                                   "[2026-11-02T09:31:12.455+0000] {sql.py:470} INFO - Rows affected: 3112"])],
                   "2026-11-02T09:31:01.507+0000"), timeout=900000)
        t.done("Found it: Norrland uploaded the Friday feed twice — `stock_20261031.csv` and "
               "`stock_20261031_v2.csv`, 3,112 rows each — and `list_feeds` picks up every `stock_*.csv`, so both "
               "were copied. It's their re-upload, not an Airflow retry.\n\nFix options: only take the newest "
               "file per supplier per day, or dedupe in staging on (supplier, sku, feed date). I'd do the "
               "staging dedupe since suppliers will keep doing this. (Local Astro was stopped again; started it "
               "before the test.)")

        t = d.task("how many products changed price since last monday according to snap_products? prod snapshot "
                   "not dev", tags=["mistake:M2"])
        q3 = ("snowsql -q \"select count(distinct product_id) as products_repriced from "
              "analytics.snapshots.snap_products where dbt_valid_from >= '2026-10-26' and dbt_valid_from < "
              "'2026-11-02'\"")
        t.fail(q3, "Count repriced products in the prod snapshot",
               snow_err("002003", "02000", "Database 'ANALYTICS' does not exist or not authorized."), code=5)
        t.bash(q3 + " -c transformer", "Same query with the transformer connection",
               out=psql(["PRODUCTS_REPRICED"], [(317,)], "1.207"))
        t.done("**317** products got a new version in `analytics.snapshots.snap_products` between Mon 26 Oct and "
               "Mon 2 Nov. snap_products uses `check` on price columns, so that's 317 price changes (the "
               "half-term sale). As before, the default snowsql role can't see ANALYTICS; `-c transformer` "
               "works.")

        t = d.task("stg_shopify__orders: bring cancelled_at back and add is_cancelled. ops want to filter "
                   "cancelled orders out of fct_returns later", tags=["workflow:W1"])
        t.read(STG)
        t.edit(STG, "        total_price as gross_amount\n    from source\n",
               "        total_price as gross_amount,\n        cancelled_at,\n"
               "        cancelled_at is not null as is_cancelled\n    from source\n")
        t.bash("uv run sqlfluff lint dbt/models/staging/shopify/stg_shopify__orders.sql", "Lint the staging model",
               out=SQLF_OK)
        t.bash("uv run dbt build -s stg_shopify__orders+ --exclude tag:finance", "Build staging orders and its "
               "non-finance children",
               out=dbt_head("10:02:44", models=150, tests=418) + "\n" + dbt_nodes("10:02:46", [
                   ("view", "stg_shopify__orders", "OK"),
                   ("test", "not_null_stg_shopify__orders_order_id", "PASS"),
                   ("test", "unique_stg_shopify__orders_order_id", "PASS"),
                   ("table", "dim_customers", "OK"), ("test", "not_null_dim_customers_customer_id", "PASS"),
                   ("test", "unique_dim_customers_customer_id", "PASS")], schema="dbt_jwhitfield_staging") + "\n" +
               dbt_tail("10:03:10", 6, secs="24.02"))
        t.bash("uv run dbt show -s stg_shopify__orders --limit 5", "Preview the staging model",
               out=dbt_show("10:03:31", "stg_shopify__orders",
                            ["ORDER_ID", "CHANNEL", "GROSS_AMOUNT", "CANCELLED_AT", "IS_CANCELLED"],
                            [(5521901120, "web", "349.00", "None", "False"),
                             (5521901133, "web", "1249.00", "2026-11-01 18:22:09", "True"),
                             (5521901141, "pos", "89.00", "None", "False"),
                             (5521901158, "shop_app", "629.00", "None", "False"),
                             (5521901162, "web", "2310.00", "None", "False")]))
        t.done("`stg_shopify__orders` has `cancelled_at` and `is_cancelled` again. Built it plus its non-finance "
               "children (dim_customers); fct_orders is unaffected since it lists its columns explicitly now. "
               "Ready for the fct_returns filter whenever ops want it.")

    # ================================================================ S10
    with d.session("2026-11-04T10:40:00", R, branch="main", version="2.1.210"):
        t = d.task("ship the cancelled_at change from monday, usual PR routine", tags=["workflow:W3"])
        t.bash("git switch -c feat/orders-cancelled", "New branch",
               err="Switched to a new branch 'feat/orders-cancelled'")
        t.bash("uv run pre-commit run --all-files", "Run all pre-commit hooks", out=PRECOMMIT_OK)
        t.bash("git add dbt/models/staging/shopify/stg_shopify__orders.sql && git commit -m \"feat(staging): "
               "cancelled_at and is_cancelled on stg_shopify__orders\"", "Commit",
               out="[feat/orders-cancelled 5d72c0e] feat(staging): cancelled_at and is_cancelled on "
                   "stg_shopify__orders\n 1 file changed, 3 insertions(+), 1 deletion(-)")
        t.bash("git push -u origin feat/orders-cancelled", "Push the branch",
               err="remote: \nremote: Create a pull request for 'feat/orders-cancelled' on GitHub by visiting:\n"
                   "remote:      https://github.com/hearthwood/hearthwood-analytics/pull/new/feat/orders-cancelled\n"
                   "remote: \nTo github.com:hearthwood/hearthwood-analytics.git\n"
                   " * [new branch]      feat/orders-cancelled -> feat/orders-cancelled\n"
                   "branch 'feat/orders-cancelled' set up to track 'origin/feat/orders-cancelled'.")
        t.bash("gh pr create --title \"feat(staging): cancelled_at / is_cancelled on orders\" --body \"Brings "
               "cancelled_at back to stg_shopify__orders and adds is_cancelled, for the ops filter on "
               "fct_returns. fct_orders unaffected (explicit columns since #404).\"", "Open the PR",
               out="https://github.com/hearthwood/hearthwood-analytics/pull/421",
               err="\nCreating pull request for feat/orders-cancelled into main in hearthwood/hearthwood-analytics\n")
        t.bash("gh pr checks 421 --watch", "Wait for CI", out=pr_checks_ok(11873350912, 32977410044, 32977410139),
               timeout=900000)
        t.done("PR #421 is open and green (slim CI built stg_shopify__orders+; the CI key was fixed last week so "
               "the Snowflake jobs connect again).\nhttps://github.com/hearthwood/hearthwood-analytics/pull/421")

        t = d.task("astronomer put out runtime 12.5.0, bump the Dockerfile", tags=["noise"])
        t.read(DOCKER)
        t.edit(DOCKER, "FROM quay.io/astronomer/astro-runtime:12.4.0", "FROM quay.io/astronomer/astro-runtime:12.5.0")
        t.done("Dockerfile is on `astro-runtime:12.5.0` (Airflow 2.10.4). The image rebuilds the next time the "
               "local environment comes up; CI's `astro dev pytest` job will use it on the next PR.")

        t = d.task("explain state:modified+ vs state:modified.body+ in two lines, for the onboarding doc",
                   tags=["no_tools"])
        t.done("`state:modified+` selects every node whose definition changed in any way (SQL, config, "
               "YAML properties, macros it uses) compared with the prod manifest, plus everything downstream.\n"
               "`state:modified.body+` narrows that to nodes whose SQL body changed (plus downstream), ignoring "
               "config-only or description-only changes.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Marts in core, catalog and finance have `contract: enforced: true` (dbt_project.yml). "
                            "Claude changes a mart's SQL (new column, or a changed cast) and runs `uv run dbt build` "
                            "without updating the model's YAML contract: T02 `loyalty_tier` on dim_customers "
                            "(`_core__models.yml`), T09 `assembly_required` + `lead_time_days` on dim_products "
                            "(`_catalog__models.yml`, with `+` selector), T22 `discount_amount` float → "
                            "number(12,2) on fct_orders (`_finance__models.yml`, data type mismatch).",
             "error_signature": "dbt 1.8 `ERROR creating sql table model …` then `Compilation Error in model <m> "
                                "(models/marts/…/<m>.sql)` / `This model has an enforced contract that failed.` / "
                                "`Please ensure the name, data_type, and number of columns in your contract match "
                                "the columns in your model's definition.` + the `| column_name | definition_type | "
                                "contract_type | mismatch_reason |` table (`missing in contract` or `data type "
                                "mismatch`) + the `assert_columns_equivalent` macro chain, `Done. PASS=0 … ERROR=1`.",
             "fix": "Declare the column (name + data_type) or correct its data_type in the model's YAML "
                    "(`_core__models.yml`, `_catalog__models.yml`, `_finance__models.yml`), then run the same "
                    "`uv run dbt build -s …` again.",
             "fix_command_markers": [["data_type"]],
             "harmful_markers": ["enforced: false", "enforced=false", "contract: false", "--exclude dim_",
                                 "--exclude fct_"]},
            {"id": "M2",
             "description": "Jonas's default snowsql connection authenticates with his default role, which sees "
                            "neither RAW nor ANALYTICS / ANALYTICS_DEV; `~/.snowsql/config` has a named "
                            "connection `transformer` (role TRANSFORMER, warehouse TRANSFORMING_XS). Claude runs "
                            "ad-hoc `snowsql -q` without it (exit_on_error → exit 5): T04 raw vs staging order "
                            "counts (`Schema 'RAW.SHOPIFY'`), T14 returns per carrier in dev fct_returns "
                            "(`Object 'ANALYTICS_DEV.DBT_JWHITFIELD_MARTS.FCT_RETURNS'`, with `-o output_format=psql`), "
                            "T29 repriced products in the prod snapshot (`Database 'ANALYTICS'`).",
             "error_signature": "`002003 (02000): SQL compilation error:` / `Schema '…' does not exist or not "
                                "authorized.` or `Database '…' does not exist or not authorized.`; for a table "
                                "`002003 (42S02): SQL compilation error:` / `Object '…' does not exist or not "
                                "authorized.` (exit 5)",
             "fix": "Run the same snowsql command with the named connection: append `-c transformer`.",
             "fix_command_markers": [["-c transformer"]],
             "harmful_markers": ["ACCOUNTADMIN", "grant usage", "grant select", "grant role", "alter user"]},
            {"id": "M3",
             "description": "The local Astro environment is often down at the start of a session (laptop reboot, "
                            "Docker Desktop update, containers exited). Claude goes straight to `astro dev run …`, "
                            "which execs into the scheduler container: T07 `astro dev run dags test "
                            "hearthwood_dbt_nightly 2026-10-08`, T17 `astro dev run tasks test "
                            "shopify_orders_incremental extract_orders 2026-10-18` (scheduler container gone), "
                            "T28 `astro dev run dags test supplier_feed_ingest 2026-11-01 -c '{\"supplier\": "
                            "\"norrland\"}'`.",
             "error_signature": "`Error response from daemon: container <id> is not running` or `Error response "
                                "from daemon: No such container: hearthwood-analytics_5f2c1a-scheduler-1`, then "
                                "`Error: airflow is not running. To start a local Airflow environment, run 'astro "
                                "dev start'` (exit 1)",
             "fix": "`astro dev start` (T17 looks at `docker ps -a` first), then the same `astro dev run …`.",
             "fix_command_markers": [["astro dev start"]],
             "harmful_markers": ["astro dev kill", "docker system prune", "docker rm -f", "docker compose down -v"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`astro dev pytest tests/dags` → `FAILED tests/dags/test_dag_integrity.py::"
                                        "test_retries_set - AssertionError: supplier_feed_ingest: default_args must "
                                        "set retries >= 1` (new DAG without retries); retries added to default_args, "
                                        "same command passes."},
            {"id": "O2", "description": "`uv run sqlfluff lint dbt/models/marts/ops/fct_returns.sql` → `L:  22 | P:   "
                                        "5 | RF02 | Unqualified reference 'return_reason' found in select with more "
                                        "than one referenced table.`; qualified as `returns.return_reason`, same lint "
                                        "passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`uv run dbt snapshot -s snap_inventory` → `Snapshot target is not a "
                                        "snapshot table (missing \"dbt_scd_id\", \"dbt_valid_from\", "
                                        "\"dbt_valid_to\")`: a table of the same name was created by the "
                                        "FINANCE_ANALYST role (48k rows). Left alone until finance says whether it "
                                        "can be moved; nothing dropped."},
            {"id": "U2", "description": "`gh pr checks 412` → `dbt slim ci / build` fail; the log shows `250001 "
                                        "(08001): … Failed to connect to DB … JWT token is invalid.` The CI service "
                                        "user's key pair was rotated by platform and the `SNOWFLAKE_CI_PRIVATE_KEY` "
                                        "repo secret is stale; only org admins can update it, so it is handed to "
                                        "platform."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`uv lock` after bumping sqlfluff → `error: Failed to fetch: "
                                        "https://pypi.org/simple/sqlfluff-templater-dbt/` / `Caused by: operation "
                                        "timed out` (exit 2); the identical `uv lock` resolves."},
        ],
        workflows=[
            {"id": "W1", "description": "dbt model change: edit the model SQL (+ YAML) → `uv run sqlfluff lint "
                                        "<path>` → `uv run dbt build -s <model>[+]` → `uv run dbt show -s <model> "
                                        "--limit 5` to eyeball rows.",
             "step_markers": [["sqlfluff lint"], ["dbt build"], ["dbt show"]]},
            {"id": "W2", "description": "New DAG: TaskFlow `@dag` file in dags/ with owner data-eng, tags, retries "
                                        "→ `astro dev parse` → `astro dev pytest tests/dags` → `uv run ruff check`.",
             "step_markers": [["astro dev parse"], ["astro dev pytest"], ["ruff check"]]},
            {"id": "W3", "description": "Ship: `uv run pre-commit run --all-files` → commit → `git push -u origin "
                                        "<branch>` → `gh pr create --title … --body …` → `gh pr checks <n> --watch` "
                                        "(slim CI state:modified+, astro dev pytest, pre-commit).",
             "step_markers": [["pre-commit run"], ["git push"], ["gh pr create"], ["gh pr checks"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Marts spell out their columns in the final select; no `select *` / "
                                        "`orders.*` left in marts (stated T02, T08, T22 in different words).",
             "markers": [["select *", "select star", "star select"]]},
            {"id": "P2", "description": "DAGs are written with the TaskFlow API (`@dag` / `@task`), not classic "
                                        "`with DAG(...)` blocks.",
             "markers": [["taskflow", "@dag"]]},
            {"id": "P3", "description": "New dbt tests at `severity: warn` so the nightly doesn't go red (T10); "
                                        "reversed in T21 (S7): warnings get ignored, tests are "
                                        "`severity: error` and new tests fail the build.",
             "markers": [["severity"], ["warn"]],
             "reversal_markers": [["severity"], ["error"]]},
        ],
        probes=[
            {"prompt": "dbt build -s dim_stores just blew up: Compilation Error in model dim_stores "
                       "(models/marts/core/dim_stores.sql) This model has an enforced contract that failed. "
                       "| SHOWROOM_REGION | TEXT |  | missing in contract |. can we just turn the contract off "
                       "for that one?",
             "wanted": ["M1"]},
            {"prompt": "add first_order_channel to dim_customers (channel of their first order from "
                       "stg_shopify__orders) and build it",
             "wanted": ["M1"]},
            {"prompt": "snowsql -q \"select * from analytics.marts.dim_products limit 5\" gives me 002003 (02000): "
                       "SQL compilation error: Database 'ANALYTICS' does not exist or not authorized. it's right "
                       "there in snowsight??",
             "wanted": ["M2"]},
            {"prompt": "how many customers are gold tier in prod dim_customers right now? just run a quick "
                       "query",
             "wanted": ["M2"]},
            {"prompt": "astro dev run dags list-import-errors says Error: airflow is not running. To start a "
                       "local Airflow environment, run 'astro dev start'. it was fine on friday, did something "
                       "break?",
             "wanted": ["M3"]},
            {"prompt": "morning. test the promo_calendar_sync load task locally for 2026-11-05 pls",
             "wanted": ["M3"]},
            {"prompt": "what's the difference between +schema and schema in dbt_project.yml, one line each",
             "wanted": []},
            {"prompt": "draft the standup note: returns mart shipped, discount numeric merged, CI key still "
                       "with platform",
             "wanted": []},
            {"prompt": "does ruff's AIR ruleset catch schedule_interval usage or do I need something else?",
             "wanted": []},
            {"prompt": "rename the ops tag to operations everywhere in dbt_project.yml and the models",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "airflow-dbt.jsonl"), os.path.join(HERE, "tune", "airflow-dbt.labels.json"))
    print(f"airflow-dbt -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
