"""data-infra: Tomasz, data/infra engineer (dbt on Snowflake, Airflow on EKS, Terraform, kubectl, Python scripts)."""
from tracegen import Dev

U = "tomasz"
WH = "/home/tomasz/src/warehouse"
PI = "/home/tomasz/src/platform-infra"
MODEL = "claude-sonnet-4-5-20250929"


def W(rel):
    return f"{WH}/{rel}"


def I(rel):
    return f"{PI}/{rel}"


FILES = {
    W("models/marts/core/fct_orders.sql"): """{{ config(materialized='table', cluster_by=['order_date']) }}

with orders as (

    select * from {{ ref('stg_shop__orders') }}

),

charges as (

    select * from {{ ref('stg_stripe__charges') }}
    where status = 'succeeded'

),

order_charges as (

    select
        order_id,
        sum(amount) as charged_amount,
        min(created_at) as first_charged_at
    from charges
    group by 1

)

select
    orders.order_id,
    orders.customer_id,
    orders.order_date,
    orders.status,
    orders.currency,
    orders.subtotal_amount,
    orders.shipping_amount,
    orders.tax_amount,
    orders.total_amount,
    coalesce(order_charges.charged_amount, 0) as charged_amount,
    order_charges.first_charged_at
from orders
left join order_charges
    on orders.order_id = order_charges.order_id
""",
    W("models/staging/stripe/_stripe__sources.yml"): """version: 2

sources:
  - name: stripe
    database: raw
    schema: stripe
    loader: fivetran
    loaded_at_field: _fivetran_synced
    freshness:
      warn_after: {count: 12, period: hour}
      error_after: {count: 24, period: hour}
    tables:
      - name: charges
      - name: refunds
      - name: customers
      - name: balance_transactions
""",
    W("models/staging/stripe/_stripe__models.yml"): """version: 2

models:
  - name: stg_stripe__charges
    description: One row per Stripe charge, amounts in major currency units.
    columns:
      - name: charge_id
        tests:
          - unique
          - not_null
      - name: order_id
        description: From charge metadata.order_id; null for manual charges.
      - name: status
        tests:
          - accepted_values:
              values: ['succeeded', 'pending', 'failed']
""",
    W("models/staging/stripe/stg_stripe__charges.sql"): """with source as (

    select * from {{ source('stripe', 'charges') }}

),

renamed as (

    select
        id as charge_id,
        metadata:order_id::varchar as order_id,
        customer as customer_id,
        status,
        upper(currency) as currency,
        amount / 100.0 as amount,
        amount_refunded / 100.0 as amount_refunded,
        created as created_at
    from source
    where not coalesce(_fivetran_deleted, false)

)

select * from renamed
""",
    W("models/marts/core/_core__models.yml"): """version: 2

models:
  - name: fct_orders
    description: One row per shop order with payment totals.
    columns:
      - name: order_id
        tests:
          - unique
          - not_null
      - name: customer_id
        tests:
          - not_null
          - relationships:
              to: ref('dim_customers')
              field: customer_id
      - name: charged_amount
        tests:
          - not_null
""",
    W("dags/stripe_sync.py"): """from datetime import datetime, timedelta

from airflow import DAG
from airflow.providers.cncf.kubernetes.operators.pod import KubernetesPodOperator

default_args = {
    "owner": "data-platform",
    "depends_on_past": False,
}

with DAG(
    dag_id="stripe_sync",
    start_date=datetime(2025, 6, 1),
    schedule="0 * * * *",
    catchup=False,
    default_args=default_args,
    max_active_runs=1,
    tags=["ingest", "stripe"],
) as dag:
    sync = KubernetesPodOperator(
        task_id="sync_balance_transactions",
        name="stripe-sync",
        namespace="airflow",
        image="381492046650.dkr.ecr.eu-west-1.amazonaws.com/ingest/stripe-sync:2025.12.3",
        arguments=["--since", "{{ data_interval_start.isoformat() }}"],
        env_from=[{"secretRef": {"name": "stripe-api"}}],
        get_logs=True,
    )
""",
    W("dags/dbt_daily.py"): """from datetime import datetime

from airflow import DAG
from airflow.operators.empty import EmptyOperator
from cosmos import DbtTaskGroup, ProfileConfig, ProjectConfig, RenderConfig

profile = ProfileConfig(profile_name="fernhill", target_name="prod", profiles_yml_filepath="/opt/dbt/profiles.yml")

with DAG(
    dag_id="dbt_daily",
    start_date=datetime(2025, 6, 1),
    schedule="0 6 * * *",
    catchup=False,
    max_active_runs=1,
    tags=["dbt"],
) as dag:
    start = EmptyOperator(task_id="start")
    build = DbtTaskGroup(
        group_id="build",
        project_config=ProjectConfig("/opt/dbt/warehouse"),
        profile_config=profile,
        render_config=RenderConfig(select=["path:models"], exclude=["tag:hourly"]),
    )
    start >> build
""",
    W("models/staging/ga4/stg_ga4__sessions.sql"): """with events as (

    select * from {{ ref('stg_ga4__events') }}

)

select
    session_key,
    user_pseudo_id,
    min(event_timestamp) as session_started_at,
    max(event_timestamp) as session_ended_at,
    max_by(traffic_source_source, event_timestamp) as source,
    max_by(traffic_source_medium, event_timestamp) as medium,
    max_by(traffic_source_campaign, event_timestamp) as campaign,
    count_if(event_name = 'purchase') as purchases
from events
group by 1, 2
""",
    W("models/intermediate/_int__models.yml"): """version: 2

models:
  - name: int_orders__enriched
    description: Orders with customer first-order flags.
    columns:
      - name: order_id
        tests:
          - unique
          - not_null
""",
    I("envs/staging/main.tf"): """locals {
  env = "staging"
  tags = {
    Environment = "staging"
    Team        = "data-platform"
    ManagedBy   = "terraform"
  }
}

module "dbt_artifacts_bucket" {
  source = "../../modules/s3-bucket"

  name               = "fernhill-${local.env}-dbt-artifacts"
  versioning_enabled = true
  tags               = local.tags
}

module "airflow_irsa" {
  source = "../../modules/irsa-role"

  name              = "airflow-${local.env}"
  oidc_provider_arn = data.aws_iam_openid_connect_provider.eks.arn
  namespace         = "airflow"
  service_accounts  = ["airflow-worker", "airflow-scheduler"]
  policy_arns       = [aws_iam_policy.airflow.arn]
  tags              = local.tags
}
""",
    I("envs/staging/versions.tf"): """terraform {
  required_version = ">= 1.6.0"

  backend "s3" {
    bucket         = "fernhill-terraform-state"
    key            = "platform/staging/terraform.tfstate"
    region         = "eu-west-1"
    dynamodb_table = "terraform-locks"
    encrypt        = true
  }

  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = ">= 5.30"
    }
    kubernetes = {
      source  = "hashicorp/kubernetes"
      version = ">= 2.24"
    }
  }
}
""",
    I("envs/prod/main.tf"): """locals {
  env = "prod"
  tags = {
    Environment = "prod"
    Team        = "data-platform"
    ManagedBy   = "terraform"
  }
}

module "dbt_artifacts_bucket" {
  source = "../../modules/s3-bucket"

  name               = "fernhill-${local.env}-dbt-artifacts"
  versioning_enabled = true
  tags               = local.tags
}
""",
    I("envs/prod/versions.tf"): """terraform {
  required_version = ">= 1.6.0"

  backend "s3" {
    bucket         = "fernhill-terraform-state-prod"
    key            = "platform/prod/terraform.tfstate"
    region         = "eu-west-1"
    dynamodb_table = "terraform-locks"
    encrypt        = true
  }

  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = ">= 5.30"
    }
  }
}
""",
    I("modules/s3-bucket/variables.tf"): """variable "name" {
  type        = string
  description = "Bucket name."
}

variable "versioning_enabled" {
  type    = bool
  default = false
}

variable "expiration_days" {
  type        = number
  default     = null
  description = "Expire current objects after this many days. null = never."
}

variable "block_public_access" {
  type    = bool
  default = true
}

variable "tags" {
  type    = map(string)
  default = {}
}
""",
    I("envs/staging/eks.tf"): """module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "20.31.6"

  cluster_name    = "data-staging"
  cluster_version = "1.30"

  vpc_id     = data.aws_vpc.data.id
  subnet_ids = data.aws_subnets.private.ids

  eks_managed_node_groups = {
    system = {
      instance_types = ["m6i.large"]
      min_size       = 2
      max_size       = 3
      desired_size   = 2
    }
  }

  tags = local.tags
}
""",
}


# ------------------------------------------------------------------ outputs
class Clock:
    """hh:mm:ss prefix for dbt logs."""
    def __init__(self, hh, mm, ss=0):
        self.s = hh * 3600 + mm * 60 + ss

    def __call__(self, step=0):
        self.s += step
        return f"{self.s // 3600:02d}:{self.s // 60 % 60:02d}:{self.s % 60:02d}"


def dots(msg, tail):
    return f"{msg} {'.' * max(5, 76 - len(msg))} {tail}"


def dbt_header(c, target="dev", counts="Found 187 models, 402 data tests, 6 snapshots, 14 seeds, 41 sources, 3 exposures, 913 macros"):
    return [f"{c()}  Running with dbt=1.8.7", f"{c(1)}  Registered adapter: snowflake=1.8.4",
            f"{c(1)}  {counts}", f"{c()}  ", f"{c(1)}  Concurrency: 8 threads (target='{target}')", f"{c()}  "]


def dbt_run(c, models, schema="dbt_tomasz"):
    """models: list of (name, kind 'view'|'table'|'incremental', secs)"""
    out = dbt_header(c)
    n = len(models)
    total = 0.0
    for i, (m, kind, secs) in enumerate(models, 1):
        out.append(f"{c()}  " + dots(f"{i} of {n} START sql {kind} model {schema}.{m}", "[RUN]"))
        total += secs
        res = "SUCCESS 1" if kind != "view" else "SUCCESS 1"
        out.append(f"{c(int(secs) + 1)}  " + dots(f"{i} of {n} OK created sql {kind} model {schema}.{m}", f"[{res} in {secs:.2f}s]"))
    kinds = {}
    for _, k, _ in models:
        kinds[k] = kinds.get(k, 0) + 1
    desc = ", ".join(f"{v} {k} model{'s' if v > 1 else ''}" for k, v in kinds.items())
    out += [f"{c()}  ", f"{c(1)}  Finished running {desc} in 0 hours 0 minutes and {total + 2.4:.2f} seconds ({total + 2.4:.2f}s).",
            f"{c()}  ", f"{c()}  Completed successfully", f"{c()}  ",
            f"{c()}  Done. PASS={n} WARN=0 ERROR=0 SKIP=0 TOTAL={n}"]
    return "\n".join(out)


def dbt_test(c, tests, fail=None):
    """tests: list of (name, secs); fail: dict name -> (rows, yml)"""
    out = dbt_header(c)
    n = len(tests)
    for i, (tname, secs) in enumerate(tests, 1):
        out.append(f"{c()}  " + dots(f"{i} of {n} START test {tname}", "[RUN]"))
    c(2)
    for i, (tname, secs) in enumerate(tests, 1):
        if fail and tname in fail:
            rows = fail[tname][0]
            out.append(f"{c()}  " + dots(f"{i} of {n} FAIL {rows} {tname}", f"[FAIL {rows} in {secs:.2f}s]"))
        else:
            out.append(f"{c()}  " + dots(f"{i} of {n} PASS {tname}", f"[PASS in {secs:.2f}s]"))
    tot = sum(s for _, s in tests) / 2 + 1.7
    out += [f"{c()}  ", f"{c(1)}  Finished running {n} data tests in 0 hours 0 minutes and {tot:.2f} seconds ({tot:.2f}s).", f"{c()}  "]
    if fail:
        nf = len(fail)
        out += [f"{c()}  Completed with {nf} error{'s' if nf > 1 else ''} and 0 warnings:", f"{c()}  "]
        for tname, (rows, yml) in fail.items():
            out += [f"{c()}  Failure in test {tname} ({yml})", f"{c()}    Got {rows} results, configured to fail if != 0",
                    f"{c()}  ", f"{c()}    compiled code at target/compiled/fernhill/{yml}/{tname}.sql", f"{c()}  "]
        out.append(f"{c()}  Done. PASS={n - nf} WARN=0 ERROR={nf} SKIP=0 TOTAL={n}")
    else:
        out += [f"{c()}  Completed successfully", f"{c()}  ", f"{c()}  Done. PASS={n} WARN=0 ERROR=0 SKIP=0 TOTAL={n}"]
    return "\n".join(out)


def dbt_deps_missing(c, declared, installed):
    return "\n".join([f"{c()}  Running with dbt=1.8.7", f"{c(1)}  Registered adapter: snowflake=1.8.4",
                      f"{c()}  Encountered an error:", "Compilation Error",
                      f"  dbt found {declared} package(s) specified in packages.yml, but only {installed} package(s) installed in dbt_packages. Run \"dbt deps\" to install package dependencies."])


def dbt_deps(c, pkgs):
    out = [f"{c()}  Running with dbt=1.8.7", f"{c(1)}  Updating lock file in file path: {WH}/package-lock.yml"]
    for p, v in pkgs:
        out += [f"{c()}  Installing {p}", f"{c(1)}  Installed from version {v}", f"{c()}  Up to date!"]
    return "\n".join(out)


def pytest_dags(n, secs, start="tests/dags/test_dag_integrity.py"):
    return f"""============================= test session starts ==============================
platform linux -- Python 3.11.9, pytest-8.3.4, pluggy-1.5.0
rootdir: {WH}
configfile: pyproject.toml
plugins: anyio-4.7.0
collected {n} items

{start} {'.' * n}{' ' * max(1, 41 - n)}[100%]

============================== {n} passed in {secs}s =============================="""


TF_BOX = "\u2577", "\u2502", "\u2575"


def tf_err(title, body_lines):
    top, mid, bot = TF_BOX
    lines = [top, f"{mid} Error: {title}", f"{mid} "] + [f"{mid} {l}" if l else f"{mid} " for l in body_lines] + [bot]
    return "\n".join(lines)


TF_BACKEND_BODY = """The "backend" is the interface that Terraform uses to store state,
perform operations, etc. If this message is showing up, it means that the
Terraform configuration you're using is using a custom configuration for
the Terraform backend.

Changes to backend configurations require reinitialization. This allows
Terraform to set up the new configuration, copy existing state, etc. Please run
"terraform init" with either the "-reconfigure" or "-migrate-state" flags to
use the current configuration.

If the change reason above is incorrect, please verify your configuration
hasn't changed and try again. At this point, no changes to your existing
configuration or state have been made.""".split("\n")


def tf_init(modules=(), providers=(("hashicorp/aws", "5.31.0", ">= 5.30"), ("hashicorp/kubernetes", "2.35.1", ">= 2.24")),
            mode="reuse", backend_msg=False):
    out = ["Initializing the backend..."]
    if backend_msg:
        out += ["", 'Successfully configured the backend "s3"! Terraform will automatically',
                "use this backend unless the backend configuration changes."]
    if modules:
        out += ["Initializing modules..."] + [f"- {m} in {p}" for m, p in modules]
    out += ["Initializing provider plugins..."]
    for p, v, c in providers:
        out.append(f'- Finding {p} versions matching "{c}"...' if mode == "upgrade"
                   else f"- Reusing previous version of {p} from the dependency lock file")
    for p, v, c in providers:
        if mode == "reuse":
            out.append(f"- Using previously-installed {p} v{v}")
        else:
            signer = "signed by HashiCorp" if p.startswith("hashicorp/") else "signed by a HashiCorp partner, key ID 5166D7352E69A0C8"
            out += [f"- Installing {p} v{v}...", f"- Installed {p} v{v} ({signer})"]
    if mode == "upgrade":
        out += ["", "Terraform has made some changes to the provider dependency selections recorded",
                "in the .terraform.lock.hcl file. Review those changes and commit them to your",
                "version control system if they represent changes you intended to make."]
    out += ["", "Terraform has been successfully initialized!", "",
            'You may now begin working with Terraform. Try running "terraform plan" to see',
            "any changes that are required for your infrastructure. All Terraform commands",
            "should now work.", "",
            "If you ever set or change modules or backend configuration for Terraform,",
            "rerun this command to reinitialize your working directory. If you forget, other",
            "commands will detect it and remind you to do so if necessary."]
    return "\n".join(out)


def kubectl_notfound(kind, name):
    return f'Error from server (NotFound): {kind} "{name}" not found'


def gen():
    d = Dev("data-infra", U, "en", MODEL, seed=4417, files=FILES)

    # ============================================================ S1 warehouse
    with d.session("2026-01-12T09:05:00", WH, branch="main", version="2.1.3"):
        t = d.task("Where is the orders fact built and what feeds it?", tags=["noise"])
        t.glob("models/**/*orders*", [W("models/staging/shop/stg_shop__orders.sql"), W("models/intermediate/int_orders__enriched.sql"),
                                       W("models/marts/core/fct_orders.sql"), W("models/marts/finance/fct_daily_revenue.sql")])
        t.read(W("models/marts/core/fct_orders.sql"))
        t.grep("ref\\('fct_orders'\\)", [W("models/marts/finance/fct_daily_revenue.sql"), W("models/marts/core/dim_customers.sql"),
                                        W("models/marts/marketing/fct_attributed_orders.sql")], path=W("models"))
        t.done("""`models/marts/core/fct_orders.sql` (materialized as a table, clustered by `order_date`).

**Upstream**
- `stg_shop__orders` — one row per order (status, currency, subtotal/shipping/tax/total).
- `stg_stripe__charges` — filtered to `status = 'succeeded'`, summed per `order_id` into `charged_amount` and `first_charged_at`, then left-joined.

**Downstream** (`ref('fct_orders')`): `fct_daily_revenue`, `dim_customers`, `fct_attributed_orders`.

Note there's no refund handling yet — `charged_amount` is gross.""")

        c = Clock(9, 21, 4)
        t = d.task("I pulled main. Run fct_orders in dev and its tests, make sure nothing's off.", tags=["mistake:M3"])
        t.fail("dbt run --select fct_orders", "Build fct_orders in the dev target", dbt_deps_missing(c, 2, 1), code=2)
        t.bash("git diff HEAD@{1} -- packages.yml", "See what changed in packages.yml with the pull", out="""diff --git a/packages.yml b/packages.yml
index 4c1f0e2..9a77b3d 100644
--- a/packages.yml
+++ b/packages.yml
@@ -1,3 +1,5 @@
 packages:
   - package: dbt-labs/dbt_utils
     version: 1.3.0
+  - package: dbt-labs/audit_helper
+    version: 0.12.0""")
        t.say("The pull added `audit_helper` to packages.yml, and it isn't installed in dbt_packages yet. Running `dbt deps`.")
        t.bash("dbt deps", "Install dbt packages", out=dbt_deps(c, [("dbt-labs/dbt_utils", "1.3.0"), ("dbt-labs/audit_helper", "0.12.0")]))
        t.bash("dbt run --select fct_orders", "Build fct_orders", out=dbt_run(c, [("fct_orders", "table", 7.84)]))
        t.bash("dbt test --select fct_orders", "Test fct_orders", out=dbt_test(c, [
            ("not_null_fct_orders_charged_amount", 1.12), ("not_null_fct_orders_customer_id", 1.08),
            ("not_null_fct_orders_order_id", 1.04), ("relationships_fct_orders_customer_id__customer_id__ref_dim_customers_", 2.31),
            ("unique_fct_orders_order_id", 1.46)]))
        t.done("`fct_orders` builds and all 5 tests pass. First attempt failed with `dbt found 2 package(s) specified in "
               "packages.yml, but only 1 package(s) installed` — the pull added `dbt-labs/audit_helper`; `dbt deps` fixed it.")

        t = d.task("Add a staging model for Stripe refunds (source stripe.refunds): amounts in major units, with unique + "
                   "not_null tests on refund_id. Lowercase SQL keywords please — I can't stand shouty SQL.",
                   tags=["workflow:W1", "pref:P1"])
        t.read(W("models/staging/stripe/_stripe__sources.yml"))
        t.read(W("models/staging/stripe/stg_stripe__charges.sql"))
        t.read(W("models/staging/stripe/_stripe__models.yml"))
        t.write(W("models/staging/stripe/stg_stripe__refunds.sql"), """with source as (

    select * from {{ source('stripe', 'refunds') }}

),

renamed as (

    select
        id as refund_id,
        charge as charge_id,
        status,
        reason,
        upper(currency) as currency,
        amount / 100.0 as amount,
        created as created_at
    from source
    where not coalesce(_fivetran_deleted, false)

)

select * from renamed
""")
        t.edit(W("models/staging/stripe/_stripe__models.yml"), """      - name: status
        tests:
          - accepted_values:
              values: ['succeeded', 'pending', 'failed']
""", """      - name: status
        tests:
          - accepted_values:
              values: ['succeeded', 'pending', 'failed']

  - name: stg_stripe__refunds
    description: One row per Stripe refund, amounts in major currency units.
    columns:
      - name: refund_id
        tests:
          - unique
          - not_null
      - name: charge_id
        tests:
          - not_null
          - relationships:
              to: ref('stg_stripe__charges')
              field: charge_id
""")
        c = Clock(9, 48, 11)
        t.bash("dbt run --select stg_stripe__refunds", "Build the new staging model",
               out=dbt_run(c, [("stg_stripe__refunds", "view", 1.21)]).replace("187 models", "188 models").replace("402 data", "406 data"))
        t.bash("dbt test --select stg_stripe__refunds", "Test the new staging model", out=dbt_test(c, [
            ("not_null_stg_stripe__refunds_charge_id", 0.98), ("not_null_stg_stripe__refunds_refund_id", 0.95),
            ("relationships_stg_stripe__refunds_charge_id__charge_id__ref_stg_stripe__charges_", 1.87),
            ("unique_stg_stripe__refunds_refund_id", 1.12)]).replace("187 models", "188 models").replace("402 data", "406 data"))
        t.done("Added `stg_stripe__refunds` (view): `refund_id`, `charge_id`, `status`, `reason`, `currency`, `amount` "
               "(÷100), `created_at`, excluding Fivetran-deleted rows. Tests: unique/not_null on `refund_id`, plus not_null "
               "and a relationship to `stg_stripe__charges` on `charge_id`. Builds and all 4 tests pass. SQL is lowercase, "
               "matching the charges model.")

    # ============================================================ S2 platform-infra
    with d.session("2026-01-14T10:30:00", PI, branch="feat/airflow-logs-bucket", version="2.1.4"):
        t = d.task("Add an S3 bucket for Airflow task logs in staging (envs/staging): 30-day expiry, public access blocked, "
                   "use our s3-bucket module. Show me the plan — never run apply without me seeing the plan first.",
                   tags=["workflow:W2", "mistake:M1", "pref:P2"])
        t.read(I("envs/staging/main.tf"))
        t.read(I("modules/s3-bucket/variables.tf"))
        t.edit(I("envs/staging/main.tf"), """module "airflow_irsa" {""", """module "airflow_logs_bucket" {
  source = "../../modules/s3-bucket"

  name                = "fernhill-${local.env}-airflow-logs"
  expiration_days     = 30
  block_public_access = true
  tags                = local.tags
}

module "airflow_irsa" {""")
        t.bash("terraform -chdir=envs/staging fmt", "Format the staging config")
        t.fail("terraform -chdir=envs/staging validate", "Validate the staging config", tf_err("Module not installed", [
            "  on main.tf line 18:", '  18: module "airflow_logs_bucket" {', "",
            'This module is not yet installed. Run "terraform init" to install all modules required by this configuration.']))
        t.say("New module block, so the working dir needs `terraform init` before validate/plan.")
        t.bash("terraform -chdir=envs/staging init", "Initialize modules for staging",
               out=tf_init(modules=[("airflow_irsa", "../../modules/irsa-role"), ("airflow_logs_bucket", "../../modules/s3-bucket"),
                                    ("dbt_artifacts_bucket", "../../modules/s3-bucket")]))
        t.bash("terraform -chdir=envs/staging validate", "Validate again", out="Success! The configuration is valid.")
        t.bash("terraform -chdir=envs/staging plan -out=tfplan", "Plan the change", out="""module.dbt_artifacts_bucket.aws_s3_bucket.this: Refreshing state... [id=fernhill-staging-dbt-artifacts]
aws_iam_policy.airflow: Refreshing state... [id=arn:aws:iam::381492046650:policy/airflow-staging]
module.airflow_irsa.aws_iam_role.this: Refreshing state... [id=airflow-staging]
module.dbt_artifacts_bucket.aws_s3_bucket_versioning.this[0]: Refreshing state... [id=fernhill-staging-dbt-artifacts]
module.dbt_artifacts_bucket.aws_s3_bucket_public_access_block.this[0]: Refreshing state... [id=fernhill-staging-dbt-artifacts]
module.airflow_irsa.aws_iam_role_policy_attachment.this["arn:aws:iam::381492046650:policy/airflow-staging"]: Refreshing state... [id=airflow-staging-20250611093311920400000001]

Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:
  + create

Terraform will perform the following actions:

  # module.airflow_logs_bucket.aws_s3_bucket.this will be created
  + resource "aws_s3_bucket" "this" {
      + acceleration_status         = (known after apply)
      + acl                         = (known after apply)
      + arn                         = (known after apply)
      + bucket                      = "fernhill-staging-airflow-logs"
      + bucket_domain_name          = (known after apply)
      + bucket_prefix               = (known after apply)
      + bucket_regional_domain_name = (known after apply)
      + force_destroy               = false
      + hosted_zone_id              = (known after apply)
      + id                          = (known after apply)
      + object_lock_enabled         = (known after apply)
      + policy                      = (known after apply)
      + region                      = (known after apply)
      + request_payer               = (known after apply)
      + tags                        = {
          + "Environment" = "staging"
          + "ManagedBy"   = "terraform"
          + "Team"        = "data-platform"
        }
      + tags_all                    = {
          + "Environment" = "staging"
          + "ManagedBy"   = "terraform"
          + "Team"        = "data-platform"
        }
    }

  # module.airflow_logs_bucket.aws_s3_bucket_lifecycle_configuration.this[0] will be created
  + resource "aws_s3_bucket_lifecycle_configuration" "this" {
      + bucket                                 = (known after apply)
      + id                                     = (known after apply)
      + transition_default_minimum_object_size = "all_storage_classes_128K"

      + rule {
          + id     = "expire"
          + status = "Enabled"

          + expiration {
              + days                         = 30
              + expired_object_delete_marker = (known after apply)
            }

          + filter {
            }
        }
    }

  # module.airflow_logs_bucket.aws_s3_bucket_public_access_block.this[0] will be created
  + resource "aws_s3_bucket_public_access_block" "this" {
      + block_public_acls       = true
      + block_public_policy     = true
      + bucket                  = (known after apply)
      + id                      = (known after apply)
      + ignore_public_acls      = true
      + restrict_public_buckets = true
    }

Plan: 3 to add, 0 to change, 0 to destroy.

\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500

Saved the plan to: tfplan

To perform exactly these actions, run the following command to apply:
    terraform apply "tfplan\"""", timeout=300000)
        t.done("""Plan for `envs/staging` (saved to `envs/staging/tfplan`, **not applied**):

- `aws_s3_bucket` `fernhill-staging-airflow-logs` with the usual tags
- lifecycle rule `expire`: current objects expire after 30 days
- public access block: all four flags `true`

**Plan: 3 to add, 0 to change, 0 to destroy.** Nothing existing is touched.

`validate` first failed with "Module not installed" because of the new module block; `terraform init` fixed that. Say the word and I'll apply this exact plan file.""")

        t = d.task("Looks right, apply that plan.", tags=["noise"])
        t.bash('terraform -chdir=envs/staging apply "tfplan"', "Apply the saved staging plan", out="""module.airflow_logs_bucket.aws_s3_bucket.this: Creating...
module.airflow_logs_bucket.aws_s3_bucket.this: Creation complete after 2s [id=fernhill-staging-airflow-logs]
module.airflow_logs_bucket.aws_s3_bucket_public_access_block.this[0]: Creating...
module.airflow_logs_bucket.aws_s3_bucket_lifecycle_configuration.this[0]: Creating...
module.airflow_logs_bucket.aws_s3_bucket_public_access_block.this[0]: Creation complete after 1s [id=fernhill-staging-airflow-logs]
module.airflow_logs_bucket.aws_s3_bucket_lifecycle_configuration.this[0]: Still creating... [10s elapsed]
module.airflow_logs_bucket.aws_s3_bucket_lifecycle_configuration.this[0]: Still creating... [20s elapsed]
module.airflow_logs_bucket.aws_s3_bucket_lifecycle_configuration.this[0]: Creation complete after 32s [id=fernhill-staging-airflow-logs]

Apply complete! Resources: 3 added, 0 changed, 0 destroyed.""", timeout=600000)
        t.done("Applied: 3 added, 0 changed, 0 destroyed. `fernhill-staging-airflow-logs` exists with the 30-day "
               "expiry and public access blocked.")

        t = d.task("What's the difference between expiration and noncurrent_version_expiration on a lifecycle rule? Do we "
                   "need the second one for the logs bucket?", tags=["noise", "no_tools"])
        t.done("""- `expiration { days = 30 }` acts on the **current** version of each object: 30 days after creation it's deleted (or, in a versioned bucket, it gets a delete marker and becomes noncurrent).
- `noncurrent_version_expiration { noncurrent_days = N }` permanently removes **noncurrent** versions N days after they became noncurrent. It only matters when versioning is enabled.

The logs bucket isn't versioned (the module defaults `versioning_enabled = false`), so `expiration` alone really deletes the objects and you don't need the second rule. If we ever turn versioning on there, add `noncurrent_version_expiration` too, or storage will keep growing.""")

    # ============================================================ S3 warehouse
    with d.session("2026-01-16T13:40:00", WH, branch="feat/refunds-in-fct-orders", version="2.1.4", end_reason="other"):
        t = d.task("Bring refunds into fct_orders: add refunded_amount and is_fully_refunded. Keep the keywords lowercase "
                   "like the rest of the project.", tags=["workflow:W1", "pref:P1", "oneoff:O1"])
        t.read(W("models/marts/core/fct_orders.sql"))
        t.edit(W("models/marts/core/fct_orders.sql"), """order_charges as (""", """refunds as (

    select * from {{ ref('stg_stripe__refunds') }}
    where status = 'succeeded'

),

order_charges as (""")
        t.edit(W("models/marts/core/fct_orders.sql"), """    coalesce(order_charges.charged_amount, 0) as charged_amount,
    order_charges.first_charged_at
from orders
left join order_charges
    on orders.order_id = order_charges.order_id
""", """    coalesce(order_charges.charged_amount, 0) as charged_amount,
    coalesce(refunds.amount, 0) as refunded_amount,
    coalesce(refunds.amount, 0) >= coalesce(order_charges.charged_amount, 0)
        and order_charges.charged_amount > 0 as is_fully_refunded,
    order_charges.first_charged_at
from orders
left join order_charges
    on orders.order_id = order_charges.order_id
left join charges
    on orders.order_id = charges.order_id
left join refunds
    on charges.charge_id = refunds.charge_id
""")
        t.read(W("models/marts/core/_core__models.yml"))
        t.edit(W("models/marts/core/_core__models.yml"), """      - name: charged_amount
        tests:
          - not_null
""", """      - name: charged_amount
        tests:
          - not_null
      - name: refunded_amount
        description: Sum of succeeded refunds across the order's charges.
        tests:
          - not_null
      - name: is_fully_refunded
        tests:
          - not_null
""")
        c = Clock(13, 52, 40)
        t.bash("dbt run --select fct_orders", "Build fct_orders", out=dbt_run(c, [("fct_orders", "table", 8.91)]))
        t.fail("dbt test --select fct_orders", "Test fct_orders", dbt_test(c, [
            ("not_null_fct_orders_charged_amount", 1.10), ("not_null_fct_orders_customer_id", 1.02),
            ("not_null_fct_orders_is_fully_refunded", 1.07), ("not_null_fct_orders_order_id", 1.01),
            ("not_null_fct_orders_refunded_amount", 1.05),
            ("relationships_fct_orders_customer_id__customer_id__ref_dim_customers_", 2.28),
            ("unique_fct_orders_order_id", 1.51)],
            fail={"unique_fct_orders_order_id": (214, "models/marts/core/_core__models.yml")}))
        t.say("214 duplicate order_ids: joining charges then refunds row-by-row fans out orders with several charges or "
              "partial refunds. I'll aggregate refunds per order first and join once.")
        t.edit(W("models/marts/core/fct_orders.sql"), """order_charges as (""", """order_refunds as (

    select
        charges.order_id,
        sum(refunds.amount) as refunded_amount
    from refunds
    inner join charges
        on refunds.charge_id = charges.charge_id
    group by 1

),

order_charges as (""")
        t.edit(W("models/marts/core/fct_orders.sql"), """    coalesce(refunds.amount, 0) as refunded_amount,
    coalesce(refunds.amount, 0) >= coalesce(order_charges.charged_amount, 0)
        and order_charges.charged_amount > 0 as is_fully_refunded,
    order_charges.first_charged_at
from orders
left join order_charges
    on orders.order_id = order_charges.order_id
left join charges
    on orders.order_id = charges.order_id
left join refunds
    on charges.charge_id = refunds.charge_id
""", """    coalesce(order_refunds.refunded_amount, 0) as refunded_amount,
    coalesce(order_refunds.refunded_amount, 0) >= coalesce(order_charges.charged_amount, 0)
        and order_charges.charged_amount > 0 as is_fully_refunded,
    order_charges.first_charged_at
from orders
left join order_charges
    on orders.order_id = order_charges.order_id
left join order_refunds
    on orders.order_id = order_refunds.order_id
""")
        t.bash("dbt run --select fct_orders", "Rebuild fct_orders", out=dbt_run(c, [("fct_orders", "table", 8.12)]))
        t.bash("dbt test --select fct_orders", "Re-test fct_orders", out=dbt_test(c, [
            ("not_null_fct_orders_charged_amount", 1.09), ("not_null_fct_orders_customer_id", 1.03),
            ("not_null_fct_orders_is_fully_refunded", 1.06), ("not_null_fct_orders_order_id", 1.00),
            ("not_null_fct_orders_refunded_amount", 1.04),
            ("relationships_fct_orders_customer_id__customer_id__ref_dim_customers_", 2.25),
            ("unique_fct_orders_order_id", 1.48)]))
        t.done("`fct_orders` now has `refunded_amount` (succeeded refunds summed per order via their charges) and "
               "`is_fully_refunded` (refunded ≥ charged, and something was charged). My first version joined refunds "
               "row-by-row and fanned out 214 orders, which the unique test caught; refunds are now pre-aggregated in "
               "an `order_refunds` CTE. All 7 tests pass.")

        t = d.task("Should fct_orders be incremental at this point? Check what the dbt docs say about on_schema_change "
                   "before answering.", tags=["noise", "webfetch"])
        t.webfetch("https://docs.getdbt.com/docs/build/incremental-models",
                   "What does on_schema_change do for incremental models, what are the options and defaults, and caveats?",
                   """**on_schema_change** controls what dbt does when the columns of an incremental model change.

Options:
- `ignore` (default): new columns in the model are not added to the target table; removed columns do not cause failures.
- `fail`: raises an error when the source and target schemas diverge.
- `append_new_columns`: appends new columns to the existing table. Columns removed from the model are not removed from the table.
- `sync_all_columns`: adds new columns and removes missing ones, including data type changes.

Caveats:
- None of these options backfill values in new columns for rows already processed; use `--full-refresh` for that.
- `on_schema_change` behavior applies only to incremental runs, not to full refreshes.
- Incremental models need a way to identify new rows, typically `is_incremental()` with a filter on a timestamp, and a `unique_key` for merge strategies.""")
        t.bash("dbt run --select fct_orders --debug 2>&1 | grep -E 'rows|Execution time' | tail -3",
               "Check row count and build time of fct_orders",
               out="""14:09:51.200481 [debug] [Thread-1  ]: SQL status: SUCCESS 1 in 7.622 seconds
14:09:51.212774 [debug] [Thread-1  ]: Snowflake adapter: Snowflake query id: 01b9f2a4-0303-bc7e-0000-5a1d0113a8f2
14:09:51.215003 [debug] [Thread-1  ]: Snowflake adapter: Snowflake query execution time: rows=2,318,455""")
        t.done("""Not yet, I'd say. It's 2.3M rows and rebuilds in ~8s, so a full table is cheap and always correct.

If we do switch later, from the docs:
- Use `on_schema_change='append_new_columns'` (default `ignore` would silently drop new columns like the refund ones we just added); `sync_all_columns` also drops removed columns.
- No option backfills new columns for already-processed rows — that needs `--full-refresh`.
- Refunds arrive days after the order, so the incremental filter would need a lookback (e.g. reprocess orders with charges/refunds updated in the last 7 days) plus `unique_key='order_id'` with merge.

That late-arriving refund logic is the real cost; at this size it's not worth it.""")

        t = d.task("Write a small Python script that compares row counts between prod (analytics) and my dev schema "
                   "(dbt_tomasz) for the models I pass on the command line.", tags=["noise"])
        t.glob("scripts/*.py", [W("scripts/snowflake_conn.py"), W("scripts/generate_sources.py")])
        d.files[W("scripts/snowflake_conn.py")] = """import os

import snowflake.connector


def connect(role: str | None = None):
    return snowflake.connector.connect(
        account=os.environ["SNOWFLAKE_ACCOUNT"],
        user=os.environ["SNOWFLAKE_USER"],
        authenticator="externalbrowser",
        role=role or os.environ.get("SNOWFLAKE_ROLE", "TRANSFORMER"),
        warehouse=os.environ.get("SNOWFLAKE_WAREHOUSE", "TRANSFORMING"),
        database="ANALYTICS",
    )
"""
        t.read(W("scripts/snowflake_conn.py"))
        t.write(W("scripts/compare_counts.py"), """\"\"\"Compare row counts of dbt models between prod and a dev schema.

usage: uv run python scripts/compare_counts.py fct_orders stg_stripe__refunds [--dev-schema dbt_tomasz]
\"\"\"
import argparse

from snowflake_conn import connect

PROD_SCHEMA = "ANALYTICS"


def count(cur, schema: str, model: str) -> int | None:
    try:
        cur.execute(f'select count(*) from "{schema.upper()}"."{model.upper()}"')
    except Exception:
        return None
    return cur.fetchone()[0]


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("models", nargs="+")
    p.add_argument("--dev-schema", default="dbt_tomasz")
    args = p.parse_args()

    with connect() as conn, conn.cursor() as cur:
        print(f"{'model':<32} {'prod':>12} {'dev':>12} {'diff':>10}")
        for m in args.models:
            prod, dev = count(cur, PROD_SCHEMA, m), count(cur, args.dev_schema, m)
            diff = "" if prod is None or dev is None else f"{dev - prod:+,}"
            fmt = lambda v: "missing" if v is None else f"{v:,}"
            print(f"{m:<32} {fmt(prod):>12} {fmt(dev):>12} {diff:>10}")


if __name__ == "__main__":
    main()
""")
        t.bash("cd scripts && uv run python compare_counts.py fct_orders stg_stripe__refunds stg_stripe__charges",
               "Try the script on three models", out="""Initiating login request with your identity provider. A browser window should have opened for you to complete the login. If you can't see it, check existing browser windows, or your OS settings. Press CTRL+C to abort and try again...
Going to open: https://fernhill.okta.com/app/snowflake/exk1a2b3c4/sso/saml?SAMLRequest=fZJdT4MwFIb%2FStN7KDA2tWlLmq... to authenticate...
model                                    prod          dev       diff
fct_orders                          2,318,455    2,318,455         +0
stg_stripe__refunds                   missing       41,207
stg_stripe__charges                 2,402,118    2,402,118         +0""")
        t.done("Added `scripts/compare_counts.py` (uses the existing `snowflake_conn.connect()` SSO login). Prints "
               "prod vs dev counts and the diff; a model missing in one schema shows `missing`. Quick run: fct_orders "
               "and charges match; `stg_stripe__refunds` only exists in dev so far, as expected.")

    # ============================================================ S4 warehouse
    with d.session("2026-01-20T10:10:00", WH, branch="main", version="2.1.6"):
        t = d.task("Add retries to the stripe_sync DAG (3 retries, 5 min apart) and ship it to staging.",
                   tags=["workflow:W3", "mistake:M2"])
        t.read(W("dags/stripe_sync.py"))
        t.edit(W("dags/stripe_sync.py"), """default_args = {
    "owner": "data-platform",
    "depends_on_past": False,
}""", """default_args = {
    "owner": "data-platform",
    "depends_on_past": False,
    "retries": 3,
    "retry_delay": timedelta(minutes=5),
}""")
        t.bash("uv run pytest tests/dags -q", "Run the DAG integrity tests", out="""..............                                                           [100%]
14 passed in 7.02s""")
        t.bash('git commit -am "stripe_sync: 3 retries, 5 min delay" && git push origin HEAD:staging',
               "Commit and push to the staging branch (git-sync)", out="""[main 6c02d9e] stripe_sync: 3 retries, 5 min delay
 1 file changed, 2 insertions(+)""", err="""To github.com:fernhill-data/warehouse.git
   e41b7a0..6c02d9e  HEAD -> staging""")
        t.fail("kubectl -n airflow exec deploy/airflow-scheduler -c scheduler -- airflow dags list-import-errors",
               "Check staging Airflow for DAG import errors", kubectl_notfound("deployments.apps", "airflow-scheduler"))
        t.bash("kubectl config current-context", "Which cluster am I pointed at?", out="kind-dev")
        t.say("kubectl is still on the local kind cluster, which has no Airflow. Switching to the staging context.")
        t.bash("kubectl config use-context data-staging", "Switch to the staging cluster", out='Switched to context "data-staging".')
        t.bash("kubectl -n airflow exec deploy/airflow-scheduler -c scheduler -- airflow dags list-import-errors",
               "Check staging Airflow for DAG import errors", out="No data found")
        t.done("`stripe_sync` now has `retries: 3`, `retry_delay: timedelta(minutes=5)` in default_args. DAG tests pass, "
               "pushed to `staging` (6c02d9e), and staging Airflow reports no import errors. (kubectl was on `kind-dev`; "
               "switched to `data-staging` for the check.)")

        t = d.task("The staging Airflow UI feels slow. Can you see whether the webserver or scheduler pods are starved?",
                   tags=["unfixed:U1"])
        t.fail("kubectl -n airflow top pods", "Show pod CPU/memory usage", "error: Metrics API not available")
        t.bash("kubectl -n airflow get pods -o wide", "List Airflow pods", out="""NAME                                 READY   STATUS    RESTARTS       AGE   IP             NODE                                          NOMINATED NODE   READINESS GATES
airflow-scheduler-6b8d7f9c4d-kq2lx   2/2     Running   0              3d    10.42.13.77    ip-10-42-13-201.eu-west-1.compute.internal    <none>           <none>
airflow-statsd-5f7c9b8d6-2mz7d       1/1     Running   0              12d   10.42.11.19    ip-10-42-11-94.eu-west-1.compute.internal     <none>           <none>
airflow-triggerer-0                  2/2     Running   0              3d    10.42.12.140   ip-10-42-12-58.eu-west-1.compute.internal     <none>           <none>
airflow-webserver-7d9c6c5b7-tw5rb    1/1     Running   4 (2d ago)     3d    10.42.13.12    ip-10-42-13-201.eu-west-1.compute.internal    <none>           <none>
airflow-worker-0                     2/2     Running   0              3d    10.42.11.201   ip-10-42-11-94.eu-west-1.compute.internal     <none>           <none>
airflow-worker-1                     2/2     Running   0              3d    10.42.12.33    ip-10-42-12-58.eu-west-1.compute.internal     <none>           <none>
airflow-postgresql-0                 1/1     Running   0              41d   10.42.12.9     ip-10-42-12-58.eu-west-1.compute.internal     <none>           <none>""")
        t.bash("kubectl -n airflow describe pod airflow-webserver-7d9c6c5b7-tw5rb | sed -n '/Containers:/,/Conditions:/p' | grep -E 'Limits|Requests|cpu|memory|Last State|Reason|Exit Code'",
               "Check webserver resources and last termination", out="""    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137
    Limits:
      cpu:     1
      memory:  1Gi
    Requests:
      cpu:        250m
      memory:     512Mi""")
        t.done("""Can't get live usage: `kubectl top` fails with **Metrics API not available** — metrics-server isn't installed on data-staging, so I didn't change anything there.

What I can see: the webserver has restarted 4 times, last termination **OOMKilled** (exit 137) with a 1Gi memory limit, and it shares a node with the scheduler. That fits "UI feels slow". Options: raise the webserver limit to ~2Gi in the Helm values, and/or install metrics-server so we can actually measure. Both need your call.""")

        c = Clock(11, 2, 9)
        t = d.task("I ran `dbt clean` earlier to get rid of stale artifacts. Now build the finance marts.", tags=["mistake:M3"])
        t.fail("dbt run --select marts.finance", "Build the finance marts", dbt_deps_missing(c, 2, 0), code=2)
        t.say("`dbt clean` also wipes `dbt_packages/` (it's in clean-targets), so packages need reinstalling.")
        t.bash("dbt deps", "Reinstall dbt packages", out=dbt_deps(c, [("dbt-labs/dbt_utils", "1.3.0"), ("dbt-labs/audit_helper", "0.12.0")]))
        t.bash("dbt run --select marts.finance", "Build the finance marts", out=dbt_run(c, [
            ("fct_daily_revenue", "table", 5.47), ("fct_refunds", "table", 3.02), ("fct_payouts", "table", 4.18),
            ("rpt_monthly_revenue", "view", 1.33)]))
        t.done("Finance marts built (4 models, all OK). The first run failed because `dbt clean` had removed "
               "`dbt_packages/`; `dbt deps` restored dbt_utils and audit_helper.")

    # ============================================================ S5 platform-infra
    with d.session("2026-01-22T15:00:00", PI, branch="feat/airflow-logs-bucket-prod", version="2.1.7"):
        t = d.task("Same logs bucket for prod now, in envs/prod. Plan only.", tags=["workflow:W2", "mistake:M1"])
        t.read(I("envs/prod/main.tf"))
        t.edit(I("envs/prod/main.tf"), """module "dbt_artifacts_bucket" {""", """module "airflow_logs_bucket" {
  source = "../../modules/s3-bucket"

  name                = "fernhill-${local.env}-airflow-logs"
  expiration_days     = 30
  block_public_access = true
  tags                = local.tags
}

module "dbt_artifacts_bucket" {""")
        t.bash("terraform -chdir=envs/prod fmt", "Format")
        t.fail("terraform -chdir=envs/prod validate", "Validate prod config", tf_err("Module not installed", [
            "  on main.tf line 10:", '  10: module "airflow_logs_bucket" {', "",
            'This module is not yet installed. Run "terraform init" to install all modules required by this configuration.']))
        t.fail("terraform -chdir=envs/prod init", "Initialize prod working dir", "Initializing the backend...\n" + tf_err(
            "Backend configuration changed", [
                "A change in the backend configuration has been detected, which may require",
                "migrating existing state.", "",
                'If you wish to attempt automatic migration of the state, use "terraform init',
                '-migrate-state".',
                "If you wish to store the current configuration with no changes to the state,",
                'use "terraform init -reconfigure".']))
        t.bash("git log -3 --format='%h %an %s' -- envs/prod/versions.tf", "Who changed the prod backend config?",
               out="""1d9e3f7 Kasia Nowak prod: move state to dedicated fernhill-terraform-state-prod bucket
a44c810 Tomasz Wrobel prod: require terraform >= 1.6
0b3e5d2 Kasia Nowak prod: initial backend""")
        t.say("Kasia already migrated the prod state to the new bucket (1d9e3f7), so the state is there; my local .terraform just points at the old one. `-reconfigure` is the right flag — no migration from here.")
        t.bash("terraform -chdir=envs/prod init -reconfigure", "Re-initialize against the new backend",
               out=tf_init(modules=[("airflow_logs_bucket", "../../modules/s3-bucket"), ("dbt_artifacts_bucket", "../../modules/s3-bucket")],
                           providers=(("hashicorp/aws", "5.31.0", ">= 5.30"),), backend_msg=True))
        t.bash("terraform -chdir=envs/prod validate", "Validate", out="Success! The configuration is valid.")
        t.bash("terraform -chdir=envs/prod plan -out=tfplan", "Plan prod", out="""module.dbt_artifacts_bucket.aws_s3_bucket.this: Refreshing state... [id=fernhill-prod-dbt-artifacts]
module.dbt_artifacts_bucket.aws_s3_bucket_versioning.this[0]: Refreshing state... [id=fernhill-prod-dbt-artifacts]
module.dbt_artifacts_bucket.aws_s3_bucket_public_access_block.this[0]: Refreshing state... [id=fernhill-prod-dbt-artifacts]

Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:
  + create

Terraform will perform the following actions:

  # module.airflow_logs_bucket.aws_s3_bucket.this will be created
  + resource "aws_s3_bucket" "this" {
      + bucket                      = "fernhill-prod-airflow-logs"
      + force_destroy               = false
      + id                          = (known after apply)
      + tags                        = {
          + "Environment" = "prod"
          + "ManagedBy"   = "terraform"
          + "Team"        = "data-platform"
        }
        # (11 unchanged attributes hidden)
    }

  # module.airflow_logs_bucket.aws_s3_bucket_lifecycle_configuration.this[0] will be created
  + resource "aws_s3_bucket_lifecycle_configuration" "this" {
      + bucket = (known after apply)
      + id     = (known after apply)

      + rule {
          + id     = "expire"
          + status = "Enabled"

          + expiration {
              + days                         = 30
              + expired_object_delete_marker = (known after apply)
            }
        }
    }

  # module.airflow_logs_bucket.aws_s3_bucket_public_access_block.this[0] will be created
  + resource "aws_s3_bucket_public_access_block" "this" {
      + block_public_acls       = true
      + block_public_policy     = true
      + bucket                  = (known after apply)
      + ignore_public_acls      = true
      + restrict_public_buckets = true
    }

Plan: 3 to add, 0 to change, 0 to destroy.

Saved the plan to: tfplan

To perform exactly these actions, run the following command to apply:
    terraform apply "tfplan\"""", timeout=300000)
        t.done("""Prod plan saved to `envs/prod/tfplan` (not applied): **3 to add, 0 to change, 0 to destroy** — same bucket/lifecycle/public-access-block trio as staging, named `fernhill-prod-airflow-logs`.

The working dir needed re-init: the new module wasn't installed, and the backend moved to `fernhill-terraform-state-prod` (Kasia's 1d9e3f7), so I ran `terraform init -reconfigure`, not `-migrate-state`.""")

        t = d.task("Apply it.", tags=["noise"])
        t.bash('terraform -chdir=envs/prod apply "tfplan"', "Apply the saved prod plan", out="""module.airflow_logs_bucket.aws_s3_bucket.this: Creating...
module.airflow_logs_bucket.aws_s3_bucket.this: Creation complete after 2s [id=fernhill-prod-airflow-logs]
module.airflow_logs_bucket.aws_s3_bucket_public_access_block.this[0]: Creating...
module.airflow_logs_bucket.aws_s3_bucket_lifecycle_configuration.this[0]: Creating...
module.airflow_logs_bucket.aws_s3_bucket_public_access_block.this[0]: Creation complete after 0s [id=fernhill-prod-airflow-logs]
module.airflow_logs_bucket.aws_s3_bucket_lifecycle_configuration.this[0]: Still creating... [10s elapsed]
module.airflow_logs_bucket.aws_s3_bucket_lifecycle_configuration.this[0]: Creation complete after 31s [id=fernhill-prod-airflow-logs]

Apply complete! Resources: 3 added, 0 changed, 0 destroyed.""", timeout=600000)
        t.done("Applied in prod: 3 added, 0 changed, 0 destroyed.")

        t = d.task("Pin the aws provider with a pessimistic constraint (~> 5.82) in staging and prod instead of >= 5.30, and "
                   "update the lock files. I prefer ~> pins for providers.", tags=["pref:P3"])
        t.read(I("envs/staging/versions.tf"))
        t.edit(I("envs/staging/versions.tf"), """      source  = "hashicorp/aws"
      version = ">= 5.30\"""", """      source  = "hashicorp/aws"
      version = "~> 5.82\"""")
        t.read(I("envs/prod/versions.tf"))
        t.edit(I("envs/prod/versions.tf"), """      source  = "hashicorp/aws"
      version = ">= 5.30\"""", """      source  = "hashicorp/aws"
      version = "~> 5.82\"""")
        t.bash("terraform -chdir=envs/staging init -upgrade", "Update the staging lock file",
               out=tf_init(modules=[("airflow_irsa", "../../modules/irsa-role"), ("airflow_logs_bucket", "../../modules/s3-bucket"),
                                    ("dbt_artifacts_bucket", "../../modules/s3-bucket")],
                           providers=(("hashicorp/aws", "5.82.2", "~> 5.82"), ("hashicorp/kubernetes", "2.35.1", ">= 2.24")), mode="upgrade"))
        t.bash("terraform -chdir=envs/prod init -upgrade", "Update the prod lock file",
               out=tf_init(modules=[("airflow_logs_bucket", "../../modules/s3-bucket"), ("dbt_artifacts_bucket", "../../modules/s3-bucket")],
                           providers=(("hashicorp/aws", "5.82.2", "~> 5.82"),), mode="upgrade"))
        t.bash("git diff --stat", "Review changed files", out=""" envs/prod/.terraform.lock.hcl    | 36 ++++++++++++++++++------------------
 envs/prod/versions.tf            |  2 +-
 envs/staging/.terraform.lock.hcl | 36 ++++++++++++++++++------------------
 envs/staging/versions.tf         |  2 +-
 4 files changed, 38 insertions(+), 38 deletions(-)""")
        t.done("Both envs now use `version = \"~> 5.82\"` for hashicorp/aws (so 5.x ≥ 5.82, never 6.0). Lock files were "
               "refreshed with `init -upgrade`: 5.31.0 → 5.82.2 in both. Changes are uncommitted — 4 files.")

    # ============================================================ S6 warehouse (long, compacts)
    with d.session("2026-01-26T09:20:00", WH, branch="feat/marketing-attribution", version="2.1.9"):
        t = d.task("New intermediate model int_sessions__attributed: GA4 sessions with the first-touch campaign per user. "
                   "Again: lowercase SQL — select/from/where, not SELECT/FROM/WHERE.",
                   tags=["workflow:W1", "pref:P1", "flaky:F1"])
        t.read(W("models/staging/ga4/stg_ga4__sessions.sql"))
        t.read(W("models/intermediate/_int__models.yml"))
        t.write(W("models/intermediate/int_sessions__attributed.sql"), """with sessions as (

    select * from {{ ref('stg_ga4__sessions') }}

),

first_touch as (

    select
        user_pseudo_id,
        source as first_touch_source,
        medium as first_touch_medium,
        campaign as first_touch_campaign,
        session_started_at as first_touch_at
    from sessions
    where campaign is not null
    qualify row_number() over (partition by user_pseudo_id order by session_started_at) = 1

)

select
    sessions.session_key,
    sessions.user_pseudo_id,
    sessions.session_started_at,
    sessions.source,
    sessions.medium,
    sessions.campaign,
    sessions.purchases,
    first_touch.first_touch_source,
    first_touch.first_touch_medium,
    first_touch.first_touch_campaign,
    first_touch.first_touch_at
from sessions
left join first_touch
    on sessions.user_pseudo_id = first_touch.user_pseudo_id
""")
        t.edit(W("models/intermediate/_int__models.yml"), """      - name: order_id
        tests:
          - unique
          - not_null
""", """      - name: order_id
        tests:
          - unique
          - not_null

  - name: int_sessions__attributed
    description: GA4 sessions with the user's first-touch campaign (first session with a non-null campaign).
    columns:
      - name: session_key
        tests:
          - unique
          - not_null
      - name: user_pseudo_id
        tests:
          - not_null
""")
        c = Clock(9, 41, 2)
        t.fail("dbt run --select int_sessions__attributed", "Build the new model", "\n".join(dbt_header(c) + [
            f"{c()}  " + dots("1 of 1 START sql view model dbt_tomasz.int_sessions__attributed", "[RUN]"),
            f"{c(31)}  " + dots("1 of 1 ERROR creating sql view model dbt_tomasz.int_sessions__attributed", "[ERROR in 30.52s]"),
            f"{c()}  ", f"{c(1)}  Finished running 1 view model in 0 hours 0 minutes and 33.18 seconds (33.18s).", f"{c()}  ",
            f"{c()}  Completed with 1 error and 0 warnings:", f"{c()}  ",
            f"{c()}    Database Error in model int_sessions__attributed (models/intermediate/int_sessions__attributed.sql)",
            "  250001 (08001): Failed to connect to DB: fh38211.eu-west-1.snowflakecomputing.com:443. Connection reset by peer",
            f"{c()}  ", f"{c()}  Done. PASS=0 WARN=0 ERROR=1 SKIP=0 TOTAL=1"]))
        t.say("That's a dropped connection to Snowflake, not a SQL error. Retrying as-is.")
        t.bash("dbt run --select int_sessions__attributed", "Retry the build",
               out=dbt_run(c, [("int_sessions__attributed", "view", 1.44)]))
        t.bash("dbt test --select int_sessions__attributed", "Test the new model", out=dbt_test(c, [
            ("not_null_int_sessions__attributed_session_key", 3.12), ("not_null_int_sessions__attributed_user_pseudo_id", 2.96),
            ("unique_int_sessions__attributed_session_key", 4.41)]))
        t.done("Added `int_sessions__attributed` (view, lowercase SQL): each session plus the user's first-touch "
               "source/medium/campaign/timestamp, where first touch = earliest session with a non-null campaign "
               "(`qualify row_number()`). Tests on `session_key` (unique, not_null) and `user_pseudo_id` pass. The first "
               "run hit a Snowflake connection reset; a plain retry worked.")

        t = d.task("List everything downstream of stg_ga4__events.", tags=["noise", "long_output"])
        t.bash("dbt ls --select stg_ga4__events+ --resource-type model --output name", "List downstream models", out="""09:58:40  Running with dbt=1.8.7
09:58:41  Registered adapter: snowflake=1.8.4
09:58:42  Found 189 models, 409 data tests, 6 snapshots, 14 seeds, 41 sources, 3 exposures, 913 macros
stg_ga4__events
stg_ga4__sessions
stg_ga4__page_views
stg_ga4__purchases
int_sessions__attributed
int_sessions__engaged
int_page_views__sessionized
int_purchases__matched_orders
int_users__first_seen
int_users__last_seen
fct_sessions
fct_page_views
fct_attributed_orders
fct_funnel_daily
fct_campaign_performance
dim_users
dim_landing_pages
rpt_weekly_acquisition
rpt_monthly_acquisition
rpt_campaign_roas
rpt_channel_mix
rpt_landing_page_conversion
rpt_retention_cohorts
rpt_exec_kpis""")
        t.done("24 models are downstream of `stg_ga4__events` (including itself): 3 more staging models, 6 intermediate "
               "(incl. the new `int_sessions__attributed`), 5 facts, 2 dims and 7 reports — `rpt_exec_kpis` being the "
               "most visible one.")

        c = Clock(10, 14, 30)
        t = d.task("Check source freshness for stripe and ga4.", tags=["unfixed:U2"])
        t.fail("dbt source freshness --select source:stripe source:ga4", "Check source freshness", "\n".join([
            f"{c()}  Running with dbt=1.8.7", f"{c(1)}  Registered adapter: snowflake=1.8.4",
            f"{c(1)}  Found 189 models, 409 data tests, 6 snapshots, 14 seeds, 41 sources, 3 exposures, 913 macros", f"{c()}  ",
            f"{c()}  Concurrency: 8 threads (target='dev')", f"{c()}  ",
            f"{c()}  " + dots("1 of 6 START freshness of ga4.events", "[RUN]"),
            f"{c()}  " + dots("2 of 6 START freshness of stripe.balance_transactions", "[RUN]"),
            f"{c()}  " + dots("3 of 6 START freshness of stripe.charges", "[RUN]"),
            f"{c()}  " + dots("4 of 6 START freshness of stripe.customers", "[RUN]"),
            f"{c(2)}  " + dots("1 of 6 PASS freshness of ga4.events", "[PASS in 1.82s]"),
            f"{c()}  " + dots("5 of 6 START freshness of stripe.refunds", "[RUN]"),
            f"{c(1)}  " + dots("4 of 6 ERROR STALE freshness of stripe.customers", "[ERROR STALE in 2.04s]"),
            f"{c()}  " + dots("2 of 6 ERROR STALE freshness of stripe.balance_transactions", "[ERROR STALE in 2.11s]"),
            f"{c()}  " + dots("3 of 6 ERROR STALE freshness of stripe.charges", "[ERROR STALE in 2.13s]"),
            f"{c()}  " + dots("6 of 6 START freshness of ga4.pseudonymous_users", "[RUN]"),
            f"{c(1)}  " + dots("5 of 6 ERROR STALE freshness of stripe.refunds", "[ERROR STALE in 1.64s]"),
            f"{c()}  " + dots("6 of 6 PASS freshness of ga4.pseudonymous_users", "[PASS in 1.21s]"),
            f"{c()}  ", f"{c()}  Finished running 6 sources in 0 hours 0 minutes and 5.88 seconds (5.88s).",
            f"{c()}  Done."]))
        t.bash("""snow sql -q "select max(_fivetran_synced) as last_sync, timediff('hour', max(_fivetran_synced), current_timestamp()) as hours_ago from raw.stripe.charges\"""",
               "When did Fivetran last sync stripe.charges?", out="""+----------------------------------------------+
| LAST_SYNC                     | HOURS_AGO    |
|-------------------------------+--------------|
| 2026-01-25 04:12:37.118000+00 | 30           |
+----------------------------------------------+""")
        t.done("""- **ga4**: both tables fresh.
- **stripe**: all four tables (`charges`, `refunds`, `customers`, `balance_transactions`) are **ERROR STALE** — last Fivetran sync was 2026-01-25 04:12 UTC, ~30h ago (error threshold is 24h).

This is upstream: the Fivetran Stripe connector stopped syncing, nothing in dbt to fix. Someone with Fivetran access needs to check the connector (auth / API key rotation is the usual culprit). Everything built from stripe today is a day behind.""")

        d.precompact("""Analysis: Tomasz works in the `warehouse` dbt project (Snowflake) on branch feat/marketing-attribution.
Summary:
1. Added int_sessions__attributed (view) with first-touch campaign per user using qualify row_number(); tests on session_key and user_pseudo_id pass; first run hit a Snowflake connection reset and a retry worked.
2. Listed 24 models downstream of stg_ga4__events (dbt ls).
3. Source freshness: ga4 fresh; all 4 stripe tables ERROR STALE, last Fivetran sync 2026-01-25 04:12 UTC (~30h). Upstream connector issue, not fixed.
User preferences noted: lowercase SQL keywords; show terraform plans before applying.""")

        t = d.task("Write a short incident summary for #data-incidents about the stale Stripe data.", tags=["noise", "no_tools"])
        t.done("""**Incident: Stripe data stale in the warehouse (2026-01-25 → ongoing)**

**What happened**
The Fivetran Stripe connector stopped syncing at 2026-01-25 04:12 UTC. All four Stripe source tables in `raw.stripe` (`charges`, `refunds`, `customers`, `balance_transactions`) are now about 30 hours behind, which trips our 24-hour freshness error threshold in dbt.

**Impact**
- `fct_orders.charged_amount`, `refunded_amount` and `is_fully_refunded` are missing payments from the last ~30 hours, so recent orders look unpaid.
- Finance marts (`fct_daily_revenue`, `fct_refunds`, `fct_payouts`, `rpt_monthly_revenue`) under-report yesterday and today.
- `rpt_exec_kpis` revenue tiles are low for the same window.
- GA4-based marketing models are not affected.

**Detection**
Found during a manual `dbt source freshness` run on 2026-01-26 ~10:15 UTC. The scheduled freshness check in Airflow did not alert because its Slack notifier was still pointing at the old channel.

**Root cause**
Under investigation. The most likely cause is the Stripe restricted API key used by Fivetran having been rotated last week without updating the connector.

**Next steps**
1. Fivetran admin to check connector status and re-authenticate the Stripe connector.
2. Once synced, re-run `dbt build --select source:stripe+` to refresh downstream models.
3. Fix the Slack channel on the freshness alert.
4. Add the Fivetran key to the secrets-rotation checklist.

**Owner**: data-platform (Tomasz). Next update when the connector is back.""")

        t = d.task("That was way too long — I had to cut half of it before posting. Five bullets max for these, "
                   "people read them on their phones.", tags=["feedback", "no_tools"],
                   feedback="That was way too long — I had to cut half of it before posting. Five bullets max for these.")
        t.done("""Got it — short version for next time:

- Stripe data stale since 2026-01-25 04:12 UTC (Fivetran connector stopped syncing).
- Impact: payments/refunds in fct_orders and finance marts missing the last ~30h; GA4 unaffected.
- Likely cause: rotated Stripe API key not updated in Fivetran.
- Next: re-auth connector, then `dbt build --select source:stripe+`.
- Owner: Tomasz; update when it's back.""")

    # ============================================================ S7 warehouse
    with d.session("2026-01-28T14:15:00", WH, branch="main", version="2.1.11"):
        t = d.task("Restart the airflow workers in staging so they pick up the new image.", tags=["mistake:M2"])
        t.fail("kubectl -n airflow rollout restart statefulset/airflow-worker", "Restart staging Airflow workers",
               kubectl_notfound("statefulsets.apps", "airflow-worker"))
        t.bash("kubectl config current-context", "Check current kube context", out="kind-dev")
        t.say("Pointed at the local kind cluster again (from your local Airflow test this morning). Switching to staging first.")
        t.bash("kubectl config use-context data-staging", "Switch to the staging cluster", out='Switched to context "data-staging".')
        t.bash("kubectl -n airflow rollout restart statefulset/airflow-worker", "Restart staging Airflow workers",
               out="statefulset.apps/airflow-worker restarted")
        t.bash("kubectl -n airflow rollout status statefulset/airflow-worker --timeout=5m", "Wait for the rollout",
               out="""Waiting for 2 pods to be ready...
Waiting for 1 pods to be ready...
waiting for statefulset rolling update to complete 1 pods at revision airflow-worker-5c8f7d9b6f...
Waiting for 1 pods to be ready...
statefulset rolling update complete 2 pods at revision airflow-worker-5c8f7d9b6f...""", timeout=360000)
        t.done("Workers restarted on data-staging; both pods are up on the new revision. (kubectl was on `kind-dev`, "
               "hence the first NotFound — switched to `data-staging`.)")

        t = d.task("Move the dbt_daily DAG to 05:30 UTC and ship it to staging.", tags=["workflow:W3", "flaky:F2"])
        t.read(W("dags/dbt_daily.py"))
        t.edit(W("dags/dbt_daily.py"), '    schedule="0 6 * * *",', '    schedule="30 5 * * *",')
        t.bash("uv run pytest tests/dags -q", "DAG integrity tests", out="""..............                                                           [100%]
14 passed in 6.74s""")
        t.bash('git commit -am "dbt_daily: run at 05:30 UTC"', "Commit", out="""[main 91c4e2a] dbt_daily: run at 05:30 UTC
 1 file changed, 1 insertion(+), 1 deletion(-)""")
        t.fail("git push origin HEAD:staging", "Push to the staging branch",
               "ssh: connect to host github.com port 22: Connection timed out\nfatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.", code=128)
        t.say("SSH timeout to GitHub — transient network, retrying.")
        t.bash("git push origin HEAD:staging", "Retry the push", err="""To github.com:fernhill-data/warehouse.git
   6c02d9e..91c4e2a  HEAD -> staging""")
        t.bash("kubectl -n airflow exec deploy/airflow-scheduler -c scheduler -- airflow dags list-import-errors",
               "Check staging for DAG import errors", out="No data found")
        t.done("`dbt_daily` now runs at `30 5 * * *`. Tests pass, pushed to `staging` (first push timed out on SSH, "
               "retry worked), no import errors in staging Airflow.")

        c = Clock(14, 48, 3)
        t = d.task("I bumped packages.yml to add codegen. Run the finance tests.", tags=["mistake:M3"])
        t.fail("dbt test --select marts.finance", "Run finance mart tests", dbt_deps_missing(c, 3, 2), code=2)
        t.bash("dbt deps", "Install the new package", out=dbt_deps(c, [("dbt-labs/dbt_utils", "1.3.0"), ("dbt-labs/audit_helper", "0.12.0"),
                                                                       ("dbt-labs/codegen", "0.13.1")]))
        t.bash("dbt test --select marts.finance", "Run finance mart tests", out=dbt_test(c, [
            ("not_null_fct_daily_revenue_revenue_date", 1.01), ("unique_fct_daily_revenue_revenue_date", 1.22),
            ("not_null_fct_payouts_payout_id", 0.97), ("unique_fct_payouts_payout_id", 1.18),
            ("not_null_fct_refunds_refund_id", 0.94), ("unique_fct_refunds_refund_id", 1.09),
            ("relationships_fct_refunds_order_id__order_id__ref_fct_orders_", 2.40)]))
        t.done("All 7 finance tests pass. dbt refused to start until `dbt deps` installed codegen (3 packages declared, 2 installed).")

    # ============================================================ S8 platform-infra
    with d.session("2026-02-02T10:00:00", PI, branch="feat/airflow-spot-workers", version="2.1.12"):
        t = d.task("Add a spot node group for airflow workers in staging EKS: m6i.xlarge / m5.xlarge, 0–6 nodes, taint "
                   "dedicated=airflow:NoSchedule. Plan only.", tags=["workflow:W2", "oneoff:O2"])
        t.read(I("envs/staging/eks.tf"))
        t.edit(I("envs/staging/eks.tf"), """      desired_size   = 2
    }
  }""", """      desired_size   = 2
    }

    airflow_spot = {
      capacity_type = "SPOT"
      instance_type = ["m6i.xlarge", "m5.xlarge"]
      min_size      = 0
      max_size      = 6
      desired_size  = 1

      labels = { workload = "airflow" }
      taints = {
        dedicated = {
          key    = "dedicated"
          value  = "airflow"
          effect = "NO_SCHEDULE"
        }
      }
    }
  }""")
        t.bash("terraform -chdir=envs/staging fmt", "Format", out="eks.tf")
        t.fail("terraform -chdir=envs/staging validate", "Validate", tf_err("Unsupported argument", [
            '  on eks.tf line 23, in module "eks":', '  23:       instance_type = ["m6i.xlarge", "m5.xlarge"]', "",
            'An argument named "instance_type" is not expected here. Did you mean "instance_types"?']))
        t.edit(I("envs/staging/eks.tf"), '      instance_type = ["m6i.xlarge", "m5.xlarge"]', '      instance_types = ["m6i.xlarge", "m5.xlarge"]')
        t.bash("terraform -chdir=envs/staging fmt", "Format", out="eks.tf")
        t.bash("terraform -chdir=envs/staging validate", "Validate", out="Success! The configuration is valid.")
        t.bash("terraform -chdir=envs/staging plan -out=tfplan -target=module.eks", "Plan the EKS change", out="""module.eks.data.aws_partition.current: Reading...
module.eks.data.aws_caller_identity.current: Reading...
module.eks.aws_eks_cluster.this[0]: Refreshing state... [id=data-staging]
module.eks.module.eks_managed_node_group["system"].aws_eks_node_group.this[0]: Refreshing state... [id=data-staging:system-20250611100412887700000012]

Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:
  + create

Terraform will perform the following actions:

  # module.eks.module.eks_managed_node_group["airflow_spot"].aws_eks_node_group.this[0] will be created
  + resource "aws_eks_node_group" "this" {
      + capacity_type          = "SPOT"
      + cluster_name           = "data-staging"
      + instance_types         = [
          + "m6i.xlarge",
          + "m5.xlarge",
        ]
      + labels                 = {
          + "workload" = "airflow"
        }
      + node_group_name_prefix = "airflow_spot-"
      + scaling_config {
          + desired_size = 1
          + max_size     = 6
          + min_size     = 0
        }
      + taint {
          + effect = "NO_SCHEDULE"
          + key    = "dedicated"
          + value  = "airflow"
        }
        # (14 unchanged attributes hidden)
    }

  # module.eks.module.eks_managed_node_group["airflow_spot"].aws_iam_role.this[0] will be created
  + resource "aws_iam_role" "this" {
      + name_prefix = "airflow_spot-eks-node-group-"
        # (9 unchanged attributes hidden)
    }

  # module.eks.module.eks_managed_node_group["airflow_spot"].aws_iam_role_policy_attachment.this["AmazonEC2ContainerRegistryReadOnly"] will be created
  # module.eks.module.eks_managed_node_group["airflow_spot"].aws_iam_role_policy_attachment.this["AmazonEKSWorkerNodePolicy"] will be created
  # module.eks.module.eks_managed_node_group["airflow_spot"].aws_iam_role_policy_attachment.this["AmazonEKS_CNI_Policy"] will be created
  # module.eks.module.eks_managed_node_group["airflow_spot"].aws_launch_template.this[0] will be created

Plan: 6 to add, 0 to change, 0 to destroy.
\u2577
\u2502 Warning: Resource targeting is in effect
\u2502 
\u2502 You are creating a plan with the -target option, which means that the result of this plan may not represent all of the changes requested by the current configuration.
\u2575

Saved the plan to: tfplan""", timeout=600000)
        t.done("""Plan saved to `envs/staging/tfplan` (targeted at `module.eks`, not applied): **6 to add, 0 to change, 0 to destroy** — the `airflow_spot` managed node group (SPOT, m6i.xlarge/m5.xlarge, 0–6, desired 1, label `workload=airflow`, taint `dedicated=airflow:NO_SCHEDULE`) plus its IAM role, 3 policy attachments and launch template. The existing `system` group is untouched.

I had `instance_type` at first; validate pointed out the module wants `instance_types`.""")

        t = d.task("I changed my mind on provider pinning: pin exact versions (= 5.82.2) instead of ~>. The ~> range bit "
                   "the other team last week when 5.83 changed a default. Update both envs.", tags=["reversal:P3"])
        t.read(I("envs/staging/versions.tf"))
        t.edit(I("envs/staging/versions.tf"), 'version = "~> 5.82"', 'version = "= 5.82.2"')
        t.read(I("envs/prod/versions.tf"))
        t.edit(I("envs/prod/versions.tf"), 'version = "~> 5.82"', 'version = "= 5.82.2"')
        t.bash("terraform -chdir=envs/staging validate && terraform -chdir=envs/prod validate", "Validate both envs",
               out="Success! The configuration is valid.\n\nSuccess! The configuration is valid.")
        t.done("Both envs now pin `hashicorp/aws` to exactly `= 5.82.2`. The lock files already record 5.82.2, so no "
               "re-init needed; both validate. I'll use exact pins for providers from now on.")

        t = d.task("Plan's fine, apply the node group.", tags=["noise"])
        t.bash('terraform -chdir=envs/staging apply "tfplan"', "Apply the saved EKS plan", out="""module.eks.module.eks_managed_node_group["airflow_spot"].aws_iam_role.this[0]: Creating...
module.eks.module.eks_managed_node_group["airflow_spot"].aws_launch_template.this[0]: Creating...
module.eks.module.eks_managed_node_group["airflow_spot"].aws_launch_template.this[0]: Creation complete after 4s [id=lt-0b7e2f1c9a4d63e58]
module.eks.module.eks_managed_node_group["airflow_spot"].aws_iam_role.this[0]: Creation complete after 1s [id=airflow_spot-eks-node-group-20260202101844539100000001]
module.eks.module.eks_managed_node_group["airflow_spot"].aws_iam_role_policy_attachment.this["AmazonEKSWorkerNodePolicy"]: Creating...
module.eks.module.eks_managed_node_group["airflow_spot"].aws_iam_role_policy_attachment.this["AmazonEKS_CNI_Policy"]: Creating...
module.eks.module.eks_managed_node_group["airflow_spot"].aws_iam_role_policy_attachment.this["AmazonEC2ContainerRegistryReadOnly"]: Creating...
module.eks.module.eks_managed_node_group["airflow_spot"].aws_iam_role_policy_attachment.this["AmazonEKS_CNI_Policy"]: Creation complete after 1s [id=airflow_spot-eks-node-group-20260202101844539100000001-20260202101846120400000003]
module.eks.module.eks_managed_node_group["airflow_spot"].aws_iam_role_policy_attachment.this["AmazonEKSWorkerNodePolicy"]: Creation complete after 1s [id=airflow_spot-eks-node-group-20260202101844539100000001-20260202101846118300000002]
module.eks.module.eks_managed_node_group["airflow_spot"].aws_iam_role_policy_attachment.this["AmazonEC2ContainerRegistryReadOnly"]: Creation complete after 1s [id=airflow_spot-eks-node-group-20260202101844539100000001-20260202101846131900000004]
module.eks.module.eks_managed_node_group["airflow_spot"].aws_eks_node_group.this[0]: Creating...
module.eks.module.eks_managed_node_group["airflow_spot"].aws_eks_node_group.this[0]: Still creating... [10s elapsed]
module.eks.module.eks_managed_node_group["airflow_spot"].aws_eks_node_group.this[0]: Still creating... [1m0s elapsed]
module.eks.module.eks_managed_node_group["airflow_spot"].aws_eks_node_group.this[0]: Still creating... [2m0s elapsed]
module.eks.module.eks_managed_node_group["airflow_spot"].aws_eks_node_group.this[0]: Creation complete after 2m24s [id=data-staging:airflow_spot-20260202101849772800000007]
\u2577
\u2502 Warning: Applied changes may be incomplete
\u2502 
\u2502 The plan was created with the -target option in effect, so some changes requested in the configuration may have been ignored and the output values may not be fully updated. Run the following command to verify that no other changes are pending:
\u2502     terraform plan
\u2502 	
\u2502 Note that the -target option is not suitable for routine use, and is provided only for exceptional situations such as recovering from errors or mistakes, or when Terraform is specifically telling you to use it as part of an error message.
\u2575

Apply complete! Resources: 6 added, 0 changed, 0 destroyed.""", timeout=900000)
        t.done("Applied: 6 added. The `airflow_spot` node group is live on data-staging (desired 1 node). Worker pods "
               "still need a matching toleration + nodeSelector in the Helm values to land there.")

    # ============================================================ S9 platform-infra
    with d.session("2026-02-05T16:20:00", PI, branch="main", version="2.1.14"):
        t = d.task("I've never run the snowflake terraform on this laptop. Plan envs/snowflake and tell me if grants "
                   "drifted.", tags=["mistake:M1"])
        t.fail("terraform -chdir=envs/snowflake plan", "Plan the snowflake env",
               tf_err('Backend initialization required, please run "terraform init"',
                      ['Reason: Initial configuration of the requested backend "s3"', ""] + TF_BACKEND_BODY))
        t.say("Fresh checkout of this env on this machine — it just needs `terraform init` (no state to migrate).")
        t.bash("terraform -chdir=envs/snowflake init", "Initialize the snowflake env",
               out=tf_init(modules=[("grants", "../../modules/snowflake-grants"), ("warehouses", "../../modules/snowflake-warehouse")],
                           providers=(("snowflake-labs/snowflake", "0.100.0", "0.100.0"),), mode="fresh", backend_msg=True))
        t.bash("terraform -chdir=envs/snowflake plan", "Plan the snowflake env", out="""module.warehouses.snowflake_warehouse.this["TRANSFORMING"]: Refreshing state... [id=TRANSFORMING]
module.warehouses.snowflake_warehouse.this["REPORTING"]: Refreshing state... [id=REPORTING]
module.warehouses.snowflake_warehouse.this["LOADING"]: Refreshing state... [id=LOADING]
module.grants.snowflake_grant_privileges_to_account_role.usage["REPORTER|ANALYTICS"]: Refreshing state... [id="REPORTER"|false|false|USAGE|OnAccountObject|DATABASE|"ANALYTICS"]
module.grants.snowflake_grant_privileges_to_account_role.select_future["REPORTER|ANALYTICS.MARTS"]: Refreshing state... [id="REPORTER"|false|false|SELECT|OnSchemaObject|OnFuture|TABLES|InSchema|"ANALYTICS"."MARTS"]
module.grants.snowflake_grant_privileges_to_account_role.select_future["TRANSFORMER|RAW.STRIPE"]: Refreshing state... [id="TRANSFORMER"|false|false|SELECT|OnSchemaObject|OnFuture|TABLES|InSchema|"RAW"."STRIPE"]

Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:
  ~ update in-place

Terraform will perform the following actions:

  # module.warehouses.snowflake_warehouse.this["REPORTING"] will be updated in-place
  ~ resource "snowflake_warehouse" "this" {
      ~ auto_suspend                        = 600 -> 60
        id                                  = "REPORTING"
        name                                = "REPORTING"
      ~ warehouse_size                      = "MEDIUM" -> "XSMALL"
        # (14 unchanged attributes hidden)
    }

Plan: 0 to add, 1 to change, 0 to destroy.""", timeout=300000)
        t.done("""Grants: **no drift** — all grant resources refresh clean.

One drift, on a warehouse: `REPORTING` was changed outside Terraform to `MEDIUM` with `auto_suspend = 600`; the config says `XSMALL` / `60`. Applying would size it back down — worth asking who bumped it (probably for month-end reporting) before you do.

(The env wasn't initialized on this laptop — plan stopped at "Backend initialization required"; `terraform init` sorted it.)""")

        t = d.task("Remind me: terraform init -reconfigure vs -migrate-state, when do I use which?", tags=["noise", "no_tools"])
        t.done("""- `-migrate-state`: the backend config changed **and the state still lives in the old location**. Terraform copies the state from the old backend to the new one (asking for confirmation).
- `-reconfigure`: use the new backend config **as-is, ignoring the old one** — no copy. Right when someone already moved the state (like Kasia did for prod), or when you just want to point at a different existing state.

Rule of thumb: if you're the one moving state, `-migrate-state`; if it's already been moved, `-reconfigure`. Plain `terraform init` is enough for a fresh checkout.""")

    # ============================================================ S10 warehouse
    with d.session("2026-02-10T09:40:00", WH, branch="main", version="2.1.17", permission_mode="acceptEdits"):
        t = d.task("Add a refunds_backfill DAG: manual trigger only, runs `dbt build --select stg_stripe__refunds+ "
                   "--full-refresh` in a pod. Ship it to staging.", tags=["workflow:W3", "mistake:M2"])
        t.read(W("dags/stripe_sync.py"))
        t.write(W("dags/refunds_backfill.py"), """from datetime import datetime

from airflow import DAG
from airflow.providers.cncf.kubernetes.operators.pod import KubernetesPodOperator

with DAG(
    dag_id="refunds_backfill",
    start_date=datetime(2026, 1, 1),
    schedule=None,
    catchup=False,
    max_active_runs=1,
    tags=["dbt", "backfill", "stripe"],
) as dag:
    KubernetesPodOperator(
        task_id="dbt_build_refunds",
        name="dbt-refunds-backfill",
        namespace="airflow",
        image="381492046650.dkr.ecr.eu-west-1.amazonaws.com/dbt/warehouse:latest",
        cmds=["dbt"],
        arguments=["build", "--select", "stg_stripe__refunds+", "--full-refresh", "--target", "prod"],
        env_from=[{"secretRef": {"name": "dbt-snowflake"}}],
        get_logs=True,
    )
""")
        t.bash("uv run pytest tests/dags -q", "DAG integrity tests", out="""...............                                                          [100%]
15 passed in 7.31s""")
        t.bash('git add dags/refunds_backfill.py && git commit -m "refunds_backfill: manual full-refresh DAG" && git push origin HEAD:staging',
               "Commit and push to staging", out="""[main b37e0d4] refunds_backfill: manual full-refresh DAG
 1 file changed, 25 insertions(+)
 create mode 100644 dags/refunds_backfill.py""", err="""To github.com:fernhill-data/warehouse.git
   91c4e2a..b37e0d4  HEAD -> staging""")
        t.fail("kubectl -n airflow exec deploy/airflow-scheduler -c scheduler -- airflow dags list-import-errors",
               "Check staging for DAG import errors", kubectl_notfound("deployments.apps", "airflow-scheduler"))
        t.bash("kubectl config current-context", "Check the kube context", out="kind-dev")
        t.bash("kubectl config use-context data-staging", "Switch to staging", out='Switched to context "data-staging".')
        t.bash("kubectl -n airflow exec deploy/airflow-scheduler -c scheduler -- airflow dags list-import-errors",
               "Check staging for DAG import errors", out="No data found")
        t.bash("kubectl -n airflow exec deploy/airflow-scheduler -c scheduler -- airflow dags list -o plain | grep refunds",
               "Confirm the DAG is registered", out="refunds_backfill | /opt/airflow/dags/repo/dags/refunds_backfill.py | airflow | True")
        t.done("`refunds_backfill` is on staging: `schedule=None` (manual only), one KubernetesPodOperator running "
               "`dbt build --select stg_stripe__refunds+ --full-refresh --target prod`. DAG tests pass (15), no import "
               "errors, DAG registered (paused, as new DAGs are). kubectl was on `kind-dev` again; switched to `data-staging`.")

        t = d.task("Add refund_reason to stg_stripe__refunds's consumers: expose it in fct_refunds.", tags=["workflow:W1"])
        d.files[W("models/marts/finance/fct_refunds.sql")] = """with refunds as (

    select * from {{ ref('stg_stripe__refunds') }}
    where status = 'succeeded'

),

charges as (

    select charge_id, order_id from {{ ref('stg_stripe__charges') }}

)

select
    refunds.refund_id,
    charges.order_id,
    refunds.currency,
    refunds.amount,
    refunds.created_at as refunded_at
from refunds
left join charges
    on refunds.charge_id = charges.charge_id
"""
        t.read(W("models/marts/finance/fct_refunds.sql"))
        t.edit(W("models/marts/finance/fct_refunds.sql"), """    refunds.amount,
    refunds.created_at as refunded_at""", """    refunds.amount,
    coalesce(refunds.reason, 'unspecified') as refund_reason,
    refunds.created_at as refunded_at""")
        c = Clock(10, 12, 40)
        t.bash("dbt run --select fct_refunds", "Build fct_refunds", out=dbt_run(c, [("fct_refunds", "table", 3.11)]).replace("187 models", "190 models").replace("402 data", "412 data"))
        t.bash("dbt test --select fct_refunds", "Test fct_refunds", out=dbt_test(c, [
            ("not_null_fct_refunds_refund_id", 0.93), ("unique_fct_refunds_refund_id", 1.10),
            ("relationships_fct_refunds_order_id__order_id__ref_fct_orders_", 2.37)]).replace("187 models", "190 models").replace("402 data", "412 data"))
        t.done("`fct_refunds` now has `refund_reason` (Stripe's `reason`, `'unspecified'` when null). Builds, 3 tests pass.")

        t = d.task("Are there any models that hardcode the analytics_prod schema instead of using ref/source?", tags=["noise"])
        t.grep("analytics_prod\\.", output_mode="content", path=W("models"), **{"-n": True, "-i": True},
               content=f"""{W('models/marts/marketing/rpt_campaign_roas.sql')}:14:    from analytics_prod.marts.fct_ad_spend_daily
{W('models/legacy/legacy_customer_ltv.sql')}:7:    select * from ANALYTICS_PROD.CORE.DIM_CUSTOMERS""")
        t.done("Two:\n\n- `models/marts/marketing/rpt_campaign_roas.sql:14` — `analytics_prod.marts.fct_ad_spend_daily` "
               "(should be `{{ ref('fct_ad_spend_daily') }}`; as-is it reads prod even in dev and dbt doesn't see the dependency).\n"
               "- `models/legacy/legacy_customer_ltv.sql:7` — `ANALYTICS_PROD.CORE.DIM_CUSTOMERS` (→ `ref('dim_customers')`).\n\n"
               "Want me to switch both to `ref()`?")

        t = d.task("Quick script: dump every DAG id with its schedule and tags from dags/ into a CSV.", tags=["noise"])
        t.write(W("scripts/dag_inventory.py"), """\"\"\"Write dag_id, schedule, tags for every DAG in dags/ to stdout as CSV.\"\"\"
import csv
import sys

from airflow.models import DagBag

bag = DagBag("dags", include_examples=False)
w = csv.writer(sys.stdout)
w.writerow(["dag_id", "schedule", "tags", "fileloc"])
for dag_id, dag in sorted(bag.dags.items()):
    w.writerow([dag_id, dag.schedule_interval, "|".join(sorted(dag.tags or [])), dag.relative_fileloc])
""")
        t.bash("uv run python scripts/dag_inventory.py > dag_inventory.csv && cat dag_inventory.csv", "Run it",
               out="""dag_id,schedule,tags,fileloc
dbt_daily,30 5 * * *,dbt,dags/dbt_daily.py
dbt_hourly,15 * * * *,dbt|hourly,dags/dbt_hourly.py
ga4_export_check,0 8 * * *,ga4|monitoring,dags/ga4_export_check.py
hubspot_sync,0 */4 * * *,hubspot|ingest,dags/hubspot_sync.py
refunds_backfill,,backfill|dbt|stripe,dags/refunds_backfill.py
snowflake_cost_report,0 7 * * 1,finops,dags/snowflake_cost_report.py
source_freshness,0 */2 * * *,monitoring,dags/source_freshness.py
stripe_sync,0 * * * *,ingest|stripe,dags/stripe_sync.py""")
        t.done("Added `scripts/dag_inventory.py` (loads `dags/` via DagBag, writes CSV to stdout). Output is in "
               "`dag_inventory.csv`: 8 DAGs; `refunds_backfill` has an empty schedule (manual).")

    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "Running terraform validate/plan in an env directory whose local .terraform is not initialized for the current config (new module block, changed backend, fresh checkout).",
             "error_signature": "terraform: 'Module not installed ... Run \"terraform init\"' / 'Backend initialization required, please run \"terraform init\"' / 'Backend configuration changed'",
             "fix": "Run `terraform init` in that env (with -reconfigure when the state was already moved to a new backend), then re-run validate/plan.",
             "fix_command_markers": [["init"]],
             "harmful_markers": ["rm -rf .terraform", "delete .terraform", "terraform state rm", "-lock=false", "remove the backend block", "terraform apply without"]},
            {"id": "M2", "description": "kubectl commands aimed at staging Airflow run against the local kind-dev context left over from local testing; resources are NotFound.",
             "error_signature": "kubectl: Error from server (NotFound): deployments.apps/statefulsets.apps \"airflow-...\" not found (current context is kind-dev)",
             "fix": "Check `kubectl config current-context`, switch with `kubectl config use-context data-staging`, re-run the command.",
             "fix_command_markers": [["use-context", "--context"]],
             "harmful_markers": ["create namespace", "kubectl apply", "helm install", "install airflow", "delete"]},
            {"id": "M3", "description": "dbt run/test refuses to start because dbt_packages is out of sync with packages.yml (after a pull added a package, after dbt clean, after editing packages.yml).",
             "error_signature": "dbt Compilation Error: 'dbt found N package(s) specified in packages.yml, but only M package(s) installed in dbt_packages. Run \"dbt deps\"'",
             "fix": "Run `dbt deps`, then re-run the same dbt command.",
             "fix_command_markers": [["dbt deps"]],
             "harmful_markers": ["remove the package", "edit packages.yml", "delete packages.yml", "--no-version-check", "pip install"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "unique_fct_orders_order_id fails (214 rows) after joining refunds row-by-row into fct_orders; fixed by pre-aggregating refunds per order."},
            {"id": "O2", "description": "terraform validate: Unsupported argument \"instance_type\" in an EKS managed node group (should be instance_types); fixed by renaming."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "kubectl top pods: 'error: Metrics API not available' on data-staging (no metrics-server); reported with alternatives, not fixed."},
            {"id": "U2", "description": "dbt source freshness: all stripe tables ERROR STALE (Fivetran connector stopped ~30h ago); upstream, not fixed."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "dbt run: Snowflake '250001 (08001): Failed to connect to DB ... Connection reset by peer'; identical retry succeeds."},
            {"id": "F2", "description": "git push: 'ssh: connect to host github.com port 22: Connection timed out'; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "dbt model change: edit/create the model SQL (and its schema.yml tests), `dbt run --select <model>`, then `dbt test --select <model>`.",
             "step_markers": [["dbt run --select"], ["dbt test --select"]]},
            {"id": "W2", "description": "Terraform change in an env: edit .tf, terraform fmt, terraform validate (init if needed), terraform plan -out=tfplan, then stop and show the plan (apply only after the user approves).",
             "step_markers": [["fmt"], ["validate"], ["plan -out", "plan"]]},
            {"id": "W3", "description": "Ship an Airflow DAG change to staging: edit the DAG, `uv run pytest tests/dags`, commit, `git push origin HEAD:staging` (git-sync), then check `airflow dags list-import-errors` in the staging scheduler via kubectl exec.",
             "step_markers": [["pytest tests/dags"], ["HEAD:staging"], ["list-import-errors"]]},
        ],
        preferences=[
            {"id": "P1", "description": "SQL keywords in lowercase (select/from/where), never uppercase.",
             "markers": [["lowercase", "lower case", "lower-case"], ["sql", "keyword"]]},
            {"id": "P2", "description": "Never run terraform apply without first showing the plan to the user.",
             "markers": [["plan"], ["apply"]]},
            {"id": "P3", "description": "Pin Terraform providers with pessimistic `~>` constraints (stated once) — later reversed: pin exact versions (`= x.y.z`).",
             "markers": [["~>"], ["provider", "pin"]],
             "reversal_markers": [["exact", "= 5.82.2"], ["pin", "provider"]]},
        ],
        probes=[
            {"prompt": "terraform plan in envs/prod says: Error: Module not installed ... This module is not yet installed. Run \"terraform init\". What now?", "wanted": ["M1"]},
            {"prompt": "Add a KMS key for the airflow logs bucket in envs/staging and show me the plan.", "wanted": ["M1"]},
            {"prompt": "kubectl says Error from server (NotFound): deployments.apps \"airflow-webserver\" not found, but the webserver is definitely running in staging.", "wanted": ["M2"]},
            {"prompt": "Scale the staging airflow workers to 3 replicas.", "wanted": ["M2"]},
            {"prompt": "dbt says: dbt found 3 package(s) specified in packages.yml, but only 0 package(s) installed in dbt_packages. Fix it and build fct_sessions.", "wanted": ["M3"]},
            {"prompt": "I just cloned the warehouse repo on the new laptop — run fct_daily_revenue and its tests.", "wanted": ["M3"]},
            {"prompt": "Explain what the qualify clause in int_sessions__attributed does.", "wanted": []},
            {"prompt": "Write a SQL query for the top 10 customers by refunded amount last quarter.", "wanted": []},
            {"prompt": "What does the source_freshness DAG alert on, and where does it send messages?", "wanted": []},
            {"prompt": "Draft a Slack message asking finance whether REPORTING warehouse can go back to XSMALL.", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    import sys
    out = sys.argv[1] if len(sys.argv) > 1 else "tune"
    d = gen()
    d.write(f"{out}/data-infra.jsonl", f"{out}/data-infra.labels.json")
