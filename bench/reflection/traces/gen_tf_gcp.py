"""tf-gcp: Kwame, platform engineer on Google Cloud (Terraform + gcloud) at Brightloop.

Stack: one Terraform root (`gcp-platform`) with a GCS backend and two workspaces (staging, prod), per-env tfvars
in envs/, a Makefile (plan/apply/lint), a local Cloud Run module, Cloud SQL for PostgreSQL (IAM auth, reached
through the Cloud SQL Auth Proxy), Artifact Registry in a shared project, Pub/Sub, Secret Manager, Cloud Monitoring,
tflint + checkov, GitHub Actions with Workload Identity Federation (plan on PRs, apply staging on main, prod by
workflow_dispatch behind the `production` environment, a weekday drift check), gh.

Written blind for fresh/; measured once held out (round 9), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import datetime as _dt
import os
import random
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "kwame"
R = "/home/kwame/infra/gcp-platform"
MODEL = "claude-opus-4-6"
REPO = "brightloop/gcp-platform"
GH = f"https://github.com/{REPO}"
STG = "bl-platform-stg"
PRD = "bl-platform-prod"
NUM = {STG: "418204937716", PRD: "802335190584"}
PROJ = {"staging": STG, "prod": PRD}
REGION = "europe-west2"
AR = "europe-west2-docker.pkg.dev/bl-artifacts/containers"
BUCKET = "bl-tfstate-platform"
TFV = "1.15.3"
ME = "kwame.mensah@brightloop.io"
CONN = f"{STG}:{REGION}:orders-pg"

HX = random.Random(20260928)
WS = {"cur": "staging"}
INV = {}


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def sha():
    return hx(7)


def P(rel):
    return f"{R}/{rel}"


def digits(n):
    return "".join(HX.choice("0123456789") for _ in range(n))


# ------------------------------------------------------------------ terraform text helpers
def wrap(text, width=76):
    out = []
    for para in text.split("\n"):
        if not para or para.startswith(" ") or para.startswith("\t"):
            out.append(para)
            continue
        out.extend(textwrap.wrap(para, width=width, break_long_words=False, break_on_hyphens=False))
    return out


def box(lines):
    body = "\n".join(("│ " + l) if l else "│ " for l in lines)
    return "╷\n" + body + "\n╵"


def diag(summary, detail=None, where=None, raw=False):
    """One Terraform diagnostic box. where = (file, line, ctx, src) or None."""
    lines = ["Error: " + summary if not raw else summary, ""]
    if where:
        f, ln, ctx, src = where
        lines.append(f"  on {f} line {ln}{ctx}:")
        lines.append(f"{ln:>4}: {src}")
        lines.append("")
    if detail:
        lines += wrap(detail)
    return box(lines)


def line_of(d, path, needle, start=1):
    lines = d.files[path].split("\n")
    for i, l in enumerate(lines, 1):
        if i >= start and needle in l:
            return i, l
    raise KeyError(needle)


def no_value(d, names):
    out = []
    for n in names:
        ln, src = line_of(d, P("variables.tf"), f'variable "{n}"')
        out.append(diag("No value for required variable",
                        f'The root module input variable "{n}" is not set, and has no default value. Use a -var or '
                        f'-var-file command line argument to provide a value for this variable.',
                        ("variables.tf", ln, "", src)))
    return "\n".join(out)


def lock_error(env, op, who, created, lock_id):
    url = f"gs://{BUCKET}/gcp-platform/{env}.tflock"
    msg = (f'Error message: writing "{url}" failed: googleapi: Error 412: At least one of the pre-conditions you '
           f'specified did not hold., conditionNotMet')
    lines = ["Error: Error acquiring the state lock", ""] + wrap(msg) + [
        "Lock Info:",
        f"  ID:        {lock_id}",
        f"  Path:      {url}",
        f"  Operation: {op}",
        f"  Who:       {who}",
        f"  Version:   {TFV}",
        f"  Created:   {created}",
        "  Info:      ",
        "",
        "",
    ] + wrap('Terraform acquires a state lock to protect the state from being written by multiple users at the same '
             'time. Please resolve the issue above and try again. For most commands, you can disable locking with '
             'the "-lock=false" flag, but this is not recommended.')
    return box(lines)


def service_disabled(verb, title, svc, env, where):
    num = NUM[PROJ[env]]
    url = f"https://console.developers.google.com/apis/api/{svc}/overview?project={num}"
    msg = (f"{title} has not been used in project {num} before or it is disabled. Enable it by visiting {url} then "
           f"retry. If you enabled this API recently, wait a few minutes for the action to propagate to our systems "
           f"and retry.")
    addr, f, ln, src, rtype, rname = where
    lines = [f"Error: Error creating {verb}: googleapi: Error 403: {msg}",
             "Details:",
             "[",
             "  {",
             '    "@type": "type.googleapis.com/google.rpc.ErrorInfo",',
             '    "domain": "googleapis.com",',
             '    "metadata": {',
             f'      "activationUrl": "{url}",',
             f'      "consumer": "projects/{num}",',
             f'      "containerInfo": "{num}",',
             f'      "service": "{svc}",',
             f'      "serviceTitle": "{title}"',
             "    },",
             '    "reason": "SERVICE_DISABLED"',
             "  },",
             "  {",
             '    "@type": "type.googleapis.com/google.rpc.LocalizedMessage",',
             '    "locale": "en-US",',
             f'    "message": "{msg}"',
             "  },",
             "  {",
             '    "@type": "type.googleapis.com/google.rpc.Help",',
             '    "links": [',
             "      {",
             '        "description": "Google developers console API activation",',
             f'        "url": "{url}"',
             "      }",
             "    ]",
             "  }",
             "]",
             "",
             f"  with {addr},",
             f'  on {f} line {ln}, in resource "{rtype}" "{rname}":',
             f"{ln:>4}: {src}",
             ""]
    return box(lines)


RULE = "─" * 77


def make_hdr(target, env):
    """What make echoes for `make plan|apply ENV=<env>` (and the workspace switch, if any)."""
    out = []
    if target == "apply" and env == "prod":
        return "prod is applied by CI (terraform.yml, environment: production)"
    out.append(f"terraform workspace select {env}")
    if WS["cur"] != env:
        out.append(f'Switched to workspace "{env}".')
        WS["cur"] = env
    if target == "plan":
        out.append(f"terraform plan -var-file=envs/{env}.tfvars -out={env}.tfplan")
    else:
        out.append(f"terraform apply {env}.tfplan")
    return "\n".join(out)


def make_err(d, target, code=1):
    ln, _ = line_of(d, P("Makefile"), {"plan": "terraform plan", "apply": "terraform apply",
                                       "lint": "tflint"}[target])
    return f"make: *** [Makefile:{ln}: {target}] Error {code}"


# ------------------------------------------------------------------ state inventory (refresh lines)
SERVICES = ["artifactregistry.googleapis.com", "cloudresourcemanager.googleapis.com", "compute.googleapis.com",
            "iam.googleapis.com", "iamcredentials.googleapis.com", "logging.googleapis.com",
            "monitoring.googleapis.com", "pubsub.googleapis.com", "run.googleapis.com",
            "secretmanager.googleapis.com", "servicenetworking.googleapis.com", "sqladmin.googleapis.com",
            "vpcaccess.googleapis.com"]
RUN_SVCS = ["orders-api", "notify-worker", "reports-export"]
TELEMETRY = ["roles/logging.logWriter", "roles/monitoring.metricWriter", "roles/cloudtrace.agent"]


def sa(name, env):
    p = PROJ[env]
    return f"{name}@{p}.iam.gserviceaccount.com"


def base_inventory(env):
    p = PROJ[env]
    n = NUM[p]
    inv = []
    for s in SERVICES:
        inv.append((f'google_project_service.enabled["{s}"]', f"{p}/{s}"))
    inv += [
        ("google_compute_network.main", f"projects/{p}/global/networks/main"),
        ("google_compute_subnetwork.run", f"projects/{p}/regions/{REGION}/subnetworks/run-{REGION}"),
        ("google_compute_global_address.private_services", f"projects/{p}/global/addresses/private-services"),
        ("google_service_networking_connection.private_services",
         f"projects%2F{p}%2Fglobal%2Fnetworks%2Fmain:servicenetworking.googleapis.com"),
        ("google_vpc_access_connector.run", f"projects/{p}/locations/{REGION}/connectors/run-egress"),
    ]
    for s in RUN_SVCS:
        inv.append((f'google_service_account.run["{s}"]', f"projects/{p}/serviceAccounts/{sa('sa-' + s, env)}"))
    for s in ["orders-api", "reports-export"]:
        inv.append((f'google_project_iam_member.run_sql_client["{s}"]',
                    f"{p}/roles/cloudsql.client/serviceAccount:{sa('sa-' + s, env)}"))
        inv.append((f'google_project_iam_member.run_sql_instance_user["{s}"]',
                    f"{p}/roles/cloudsql.instanceUser/serviceAccount:{sa('sa-' + s, env)}"))
    for s in RUN_SVCS:
        for r in TELEMETRY:
            inv.append((f'google_project_iam_member.run_telemetry["{s}/{r}"]',
                        f"{p}/{r}/serviceAccount:{sa('sa-' + s, env)}"))
    inv += [
        ("google_sql_database_instance.orders", "orders-pg"),
        ("google_sql_database.orders", f"projects/{p}/instances/orders-pg/databases/orders"),
        ('google_sql_user.iam_sa["orders-api"]', f"sa-orders-api@{p}.iam//orders-pg"),
        ('google_sql_user.iam_sa["reports-export"]', f"sa-reports-export@{p}.iam//orders-pg"),
        ("google_sql_user.platform_group", "platform@brightloop.io//orders-pg"),
        ("module.orders_api.google_cloud_run_v2_service.this", f"projects/{p}/locations/{REGION}/services/orders-api"),
        ('module.orders_api.google_cloud_run_v2_service_iam_member.invoker["public"]',
         f"projects/{p}/locations/{REGION}/services/orders-api/roles/run.invoker/allUsers"),
        ("module.notify_worker.google_cloud_run_v2_service.this",
         f"projects/{p}/locations/{REGION}/services/notify-worker"),
        ('module.notify_worker.google_cloud_run_v2_service_iam_member.invoker["public"]',
         f"projects/{p}/locations/{REGION}/services/notify-worker/roles/run.invoker/allUsers"),
        ("google_cloud_run_v2_job.reports_export", f"projects/{p}/locations/{REGION}/jobs/reports-export"),
        ("google_storage_bucket.sql_exports", f"{p}-sql-exports"),
        ('google_secret_manager_secret.app["orders-signing-key"]', f"projects/{p}/secrets/orders-signing-key"),
        ('google_secret_manager_secret.app["stripe-webhook-secret"]', f"projects/{p}/secrets/stripe-webhook-secret"),
        ('google_secret_manager_secret_iam_member.orders_api["orders-signing-key"]',
         f"projects/{n}/secrets/orders-signing-key/roles/secretmanager.secretAccessor/serviceAccount:{sa('sa-orders-api', env)}"),
        ('google_secret_manager_secret_iam_member.orders_api["stripe-webhook-secret"]',
         f"projects/{n}/secrets/stripe-webhook-secret/roles/secretmanager.secretAccessor/serviceAccount:{sa('sa-orders-api', env)}"),
        ("google_pubsub_topic.order_events", f"projects/{p}/topics/order-events"),
        ("google_pubsub_subscription.notify_worker_push", f"projects/{p}/subscriptions/notify-worker-push"),
        ("google_monitoring_notification_channel.platform_email",
         f"projects/{p}/notificationChannels/{'1283947561203948571' if env == 'staging' else '5510392847710293384'}"),
        ("google_monitoring_alert_policy.sql_cpu",
         f"projects/{p}/alertPolicies/{'9837461029384756102' if env == 'staging' else '4410928375619283746'}"),
    ]
    return inv


def inv_add(env, addr, rid):
    INV[env] = [x for x in INV[env] if x[0] != addr] + [(addr, rid)]


def inv_del(env, addr):
    INV[env] = [x for x in INV[env] if x[0] != addr]


def refresh(env, only=None):
    items = list(INV[env])
    if only is not None:
        items = [x for x in items if any(x[0].startswith(o) for o in only)]
    HX.shuffle(items)
    return "\n".join(f"{a}: Refreshing state... [id={i}]" for a, i in items)


def plan_out(env, body, summary, symbols, outfile=None, refresh_text=None, extra_after=""):
    sym = {"create": "  + create", "update": "  ~ update in-place", "destroy": "  - destroy",
           "replace": "-/+ destroy and then create replacement"}
    out = ["Acquiring state lock. This may take a few moments...",
           refresh_text if refresh_text is not None else refresh(env), "",
           "Terraform used the selected providers to generate the following execution",
           "plan. Resource actions are indicated with the following symbols:"]
    out += [sym[s] for s in symbols]
    out += ["", "Terraform will perform the following actions:", "", body.strip("\n"), "", summary]
    if extra_after:
        out += ["", extra_after.strip("\n")]
    if outfile:
        out += ["", RULE, "", f"Saved the plan to: {outfile}", "",
                "To perform exactly these actions, run the following command to apply:",
                f'    terraform apply "{outfile}"']
    out.append("Releasing state lock. This may take a few moments...")
    return "\n".join(out)


def no_changes(env, refresh_text=None):
    return "\n".join(["Acquiring state lock. This may take a few moments...",
                      refresh_text if refresh_text is not None else refresh(env), "",
                      "No changes. Your infrastructure matches the configuration.", "",
                      "Terraform has compared your real infrastructure against your configuration",
                      "and found no differences, so no changes are needed.",
                      "Releasing state lock. This may take a few moments..."])


def outputs(env):
    p = PROJ[env]
    n = NUM[p]
    return (f'\nOutputs:\n\nnotify_worker_url = "https://notify-worker-{n}.{REGION}.run.app"\n'
            f'orders_api_url = "https://orders-api-{n}.{REGION}.run.app"\n'
            f'orders_pg_connection_name = "{p}:{REGION}:orders-pg"')


def render(sign, items, ind):
    """Render attribute items of a plan block. items: (k, v) | (k, dict) | ('#block', name, items) | ('#hidden', text)."""
    lines = []
    simple = [it for it in items if not it[0].startswith("#")]
    w = max((len(it[0]) for it in simple), default=0)
    pad = " " * ind
    for it in simple:
        k, v = it
        if isinstance(v, dict):
            lines.append(f"{pad}{sign} {k:<{w}} = {{")
            w2 = max(len(f'"{kk}"') for kk in v)
            for kk, vv in v.items():
                lines.append(f'{pad}    {sign} {chr(34) + kk + chr(34):<{w2}} = {vv}')
            lines.append(f"{pad}  }}")
        else:
            lines.append(f"{pad}{sign} {k:<{w}} = {v}")
    for it in items:
        if it[0] == "#hidden":
            lines.append(f"{pad}  {it[1]}")
    for it in items:
        if it[0] == "#block":
            lines.append("")
            if it[2] is None:
                lines.append(f"{pad}{sign} {it[1]} (known after apply)")
                continue
            if it[2] == []:
                lines.append(f"{pad}{sign} {it[1]} {{}}")
                continue
            lines.append(f"{pad}{sign} {it[1]} {{")
            lines += render(sign, it[2], ind + 4)
            lines.append(f"{pad}  }}")
    # a block never starts with a blank line
    if lines and lines[0] == "":
        lines = lines[1:]
    return lines


def create(addr, rtype, rname, items, why=None):
    head = f"  # {addr} will be created" + (f"\n  # ({why})" if why else "")
    return "\n".join([head, f'  + resource "{rtype}" "{rname}" {{'] + render("+", items, 6) + ["    }"])


def labels(env):
    return {"env": f'"{env}"', "goog-terraform-provisioned": '"true"', "managed-by": '"terraform"',
            "repo": '"gcp-platform"'}


KAA = "(known after apply)"


def q(s):
    return f'"{s}"'


# ------------------------------------------------------------------ the repository (virtual file system)
MAKEFILE = (
    "# Local entry points. CI runs the same terraform commands (.github/workflows/terraform.yml).\n"
    "ENV ?= staging\n"
    "TFVARS := envs/$(ENV).tfvars\n"
    "\n"
    ".PHONY: fmt lint plan apply\n"
    "\n"
    "fmt:\n"
    "\tterraform fmt -recursive\n"
    "\n"
    "lint:\n"
    "\ttflint --recursive\n"
    "\tcheckov -d . --framework terraform --quiet --compact\n"
    "\n"
    "plan:\n"
    "\tterraform workspace select $(ENV)\n"
    "\tterraform plan -var-file=$(TFVARS) -out=$(ENV).tfplan\n"
    "\n"
    "apply:\n"
    "\t@if [ \"$(ENV)\" = \"prod\" ]; then echo \"prod is applied by CI (terraform.yml, environment: production)\"; exit 1; fi\n"
    "\tterraform workspace select $(ENV)\n"
    "\tterraform apply $(ENV).tfplan\n"
)

TERRAFORM_YML = """name: terraform

on:
  pull_request:
    branches: [main]
  push:
    branches: [main]
  workflow_dispatch:

permissions:
  contents: read
  id-token: write
  pull-requests: write

env:
  TF_IN_AUTOMATION: "1"
  TF_INPUT: "0"

jobs:
  lint:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v4
      - uses: hashicorp/setup-terraform@v3
        with:
          terraform_version: 1.15.3
      - run: terraform fmt -check -recursive
      - uses: terraform-linters/setup-tflint@v4
      - run: tflint --init && tflint --recursive
      - uses: bridgecrewio/checkov-action@v12
        with:
          directory: .
          framework: terraform
          quiet: true

  plan:
    if: github.event_name == 'pull_request'
    needs: lint
    runs-on: ubuntu-24.04
    strategy:
      fail-fast: false
      matrix:
        env: [staging, prod]
    steps:
      - uses: actions/checkout@v4
      - uses: google-github-actions/auth@v2
        with:
          workload_identity_provider: ${{ vars.WIF_PROVIDER }}
          service_account: sa-tf-plan@${{ matrix.env == 'prod' && 'bl-platform-prod' || 'bl-platform-stg' }}.iam.gserviceaccount.com
      - uses: hashicorp/setup-terraform@v3
        with:
          terraform_version: 1.15.3
      - run: terraform init -input=false
      - run: terraform workspace select ${{ matrix.env }}
      - run: terraform plan -input=false -no-color -var-file=envs/${{ matrix.env }}.tfvars -out=tfplan
      - uses: borchero/terraform-plan-comment@v2
        with:
          token: ${{ github.token }}
          planfile: tfplan
          header: "plan: ${{ matrix.env }}"

  apply-staging:
    if: github.event_name == 'push'
    needs: lint
    runs-on: ubuntu-24.04
    concurrency: tf-staging
    steps:
      - uses: actions/checkout@v4
      - uses: google-github-actions/auth@v2
        with:
          workload_identity_provider: ${{ vars.WIF_PROVIDER }}
          service_account: sa-tf-apply@bl-platform-stg.iam.gserviceaccount.com
      - uses: hashicorp/setup-terraform@v3
        with:
          terraform_version: 1.15.3
      - run: terraform init -input=false
      - run: terraform workspace select staging
      - run: terraform apply -input=false -auto-approve -var-file=envs/staging.tfvars

  apply-prod:
    if: github.event_name == 'workflow_dispatch' && github.ref == 'refs/heads/main'
    needs: lint
    runs-on: ubuntu-24.04
    environment: production
    concurrency: tf-prod
    steps:
      - uses: actions/checkout@v4
      - uses: google-github-actions/auth@v2
        with:
          workload_identity_provider: ${{ vars.WIF_PROVIDER }}
          service_account: sa-tf-apply@bl-platform-prod.iam.gserviceaccount.com
      - uses: hashicorp/setup-terraform@v3
        with:
          terraform_version: 1.15.3
      - run: terraform init -input=false
      - run: terraform workspace select prod
      - run: terraform apply -input=false -auto-approve -var-file=envs/prod.tfvars
"""

DRIFT_YML = """name: drift

on:
  schedule:
    - cron: "0 7 * * 1-5"
  workflow_dispatch:

permissions:
  contents: read
  id-token: write
  issues: write

env:
  TF_IN_AUTOMATION: "1"
  TF_INPUT: "0"

jobs:
  drift:
    runs-on: ubuntu-24.04
    strategy:
      fail-fast: false
      matrix:
        env: [staging, prod]
    steps:
      - uses: actions/checkout@v4
      - uses: google-github-actions/auth@v2
        with:
          workload_identity_provider: ${{ vars.WIF_PROVIDER }}
          service_account: sa-tf-plan@${{ matrix.env == 'prod' && 'bl-platform-prod' || 'bl-platform-stg' }}.iam.gserviceaccount.com
      - uses: hashicorp/setup-terraform@v3
        with:
          terraform_version: 1.15.3
      - run: terraform init -input=false
      - run: terraform workspace select ${{ matrix.env }}
      - id: plan
        run: terraform plan -input=false -no-color -detailed-exitcode -var-file=envs/${{ matrix.env }}.tfvars
        continue-on-error: true
      - if: steps.plan.outputs.exitcode == '2'
        uses: ./.github/actions/drift-issue
        with:
          env: ${{ matrix.env }}
          plan: ${{ steps.plan.outputs.stdout }}
"""

FILES = {
    P("Makefile"): MAKEFILE,
    P(".github/workflows/terraform.yml"): TERRAFORM_YML,
    P(".github/workflows/drift.yml"): DRIFT_YML,
    P("backend.tf"): """terraform {
  backend "gcs" {
    bucket = "bl-tfstate-platform"
    prefix = "gcp-platform"
  }
}
""",
    P("versions.tf"): """terraform {
  required_version = ">= 1.14.0"

  required_providers {
    google = {
      source  = "hashicorp/google"
      version = "~> 7.40"
    }
    google-beta = {
      source  = "hashicorp/google-beta"
      version = "~> 7.40"
    }
  }
}
""",
    P("providers.tf"): """provider "google" {
  project = var.project_id
  region  = var.region

  default_labels = {
    env        = var.environment
    managed-by = "terraform"
    repo       = "gcp-platform"
  }
}

provider "google-beta" {
  project = var.project_id
  region  = var.region

  default_labels = {
    env        = var.environment
    managed-by = "terraform"
    repo       = "gcp-platform"
  }
}
""",
    P("variables.tf"): """variable "project_id" {
  description = "GCP project of this workspace (bl-platform-stg / bl-platform-prod)."
  type        = string
}

variable "environment" {
  description = "staging or prod. Must match the selected workspace."
  type        = string

  validation {
    condition     = contains(["staging", "prod"], var.environment)
    error_message = "environment must be \\"staging\\" or \\"prod\\"."
  }
}

variable "region" {
  description = "Default region for regional resources."
  type        = string
  default     = "europe-west2"
}

variable "sql_tier" {
  description = "Machine tier of the orders-pg Cloud SQL instance."
  type        = string
}

variable "sql_availability_type" {
  description = "ZONAL for staging, REGIONAL (HA) for prod."
  type        = string
  default     = "ZONAL"
}

variable "orders_api_min_instances" {
  description = "Minimum Cloud Run instances for orders-api."
  type        = number
  default     = 0
}

variable "notify_worker_max_instances" {
  description = "Maximum Cloud Run instances for notify-worker."
  type        = number
  default     = 10
}

variable "alert_email" {
  description = "Address of the platform alert notification channel."
  type        = string
  default     = "platform-alerts@brightloop.io"
}
""",
    P("envs/staging.tfvars"): """project_id  = "bl-platform-stg"
environment = "staging"

sql_tier              = "db-custom-2-7680"
sql_availability_type = "ZONAL"

orders_api_min_instances    = 0
notify_worker_max_instances = 10
""",
    P("envs/prod.tfvars"): """project_id  = "bl-platform-prod"
environment = "prod"

sql_tier              = "db-custom-4-15360"
sql_availability_type = "REGIONAL"

orders_api_min_instances    = 2
notify_worker_max_instances = 30
""",
    P("services.tf"): """locals {
  services = toset([
    "artifactregistry.googleapis.com",
    "cloudresourcemanager.googleapis.com",
    "compute.googleapis.com",
    "iam.googleapis.com",
    "iamcredentials.googleapis.com",
    "logging.googleapis.com",
    "monitoring.googleapis.com",
    "pubsub.googleapis.com",
    "run.googleapis.com",
    "secretmanager.googleapis.com",
    "servicenetworking.googleapis.com",
    "sqladmin.googleapis.com",
    "vpcaccess.googleapis.com",
  ])
}

resource "google_project_service" "enabled" {
  for_each = local.services

  project            = var.project_id
  service            = each.value
  disable_on_destroy = false
}
""",
    P("network.tf"): """resource "google_compute_network" "main" {
  name                    = "main"
  auto_create_subnetworks = false
}

resource "google_compute_subnetwork" "run" {
  name                     = "run-${var.region}"
  region                   = var.region
  network                  = google_compute_network.main.id
  ip_cidr_range            = "10.20.0.0/24"
  private_ip_google_access = true
}

# Private services access (Cloud SQL private IP, and anything else Google-managed that peers into main)
resource "google_compute_global_address" "private_services" {
  name          = "private-services"
  purpose       = "VPC_PEERING"
  address_type  = "INTERNAL"
  prefix_length = 20
  network       = google_compute_network.main.id
}

resource "google_service_networking_connection" "private_services" {
  network                 = google_compute_network.main.id
  service                 = "servicenetworking.googleapis.com"
  reserved_peering_ranges = [google_compute_global_address.private_services.name]
}

resource "google_vpc_access_connector" "run" {
  name          = "run-egress"
  region        = var.region
  ip_cidr_range = "10.8.0.0/28"
  network       = google_compute_network.main.name
  min_instances = 2
  max_instances = 3
}
""",
    P("iam.tf"): """locals {
  run_services = toset(["orders-api", "notify-worker", "reports-export"])
}

resource "google_service_account" "run" {
  for_each = local.run_services

  account_id   = "sa-${each.key}"
  display_name = "Cloud Run: ${each.key}"
}

resource "google_project_iam_member" "run_sql_client" {
  for_each = toset(["orders-api", "reports-export"])

  project = var.project_id
  role    = "roles/cloudsql.client"
  member  = google_service_account.run[each.key].member
}

resource "google_project_iam_member" "run_sql_instance_user" {
  for_each = toset(["orders-api", "reports-export"])

  project = var.project_id
  role    = "roles/cloudsql.instanceUser"
  member  = google_service_account.run[each.key].member
}

resource "google_project_iam_member" "run_telemetry" {
  for_each = {
    for pair in setproduct(tolist(local.run_services), ["roles/logging.logWriter", "roles/monitoring.metricWriter", "roles/cloudtrace.agent"]) :
    "${pair[0]}/${pair[1]}" => { service = pair[0], role = pair[1] }
  }

  project = var.project_id
  role    = each.value.role
  member  = google_service_account.run[each.value.service].member
}
""",
    P("cloud_run.tf"): """locals {
  registry = "europe-west2-docker.pkg.dev/bl-artifacts/containers"
}

module "orders_api" {
  source = "./modules/cloud-run-service"

  name            = "orders-api"
  region          = var.region
  image           = "${local.registry}/orders-api:bootstrap"
  service_account = google_service_account.run["orders-api"].email
  min_instances   = var.orders_api_min_instances
  max_instances   = 20
  concurrency     = 80
  ingress         = "INGRESS_TRAFFIC_ALL"
  invokers        = { public = "allUsers" }

  env = {
    DB_INSTANCE = google_sql_database_instance.orders.connection_name
    DB_NAME     = google_sql_database.orders.name
    DB_IAM_USER = trimsuffix(google_service_account.run["orders-api"].email, ".gserviceaccount.com")
    ENVIRONMENT = var.environment
  }
}

module "notify_worker" {
  source = "./modules/cloud-run-service"

  name            = "notify-worker"
  region          = var.region
  image           = "${local.registry}/notify-worker:bootstrap"
  service_account = google_service_account.run["notify-worker"].email
  min_instances   = 0
  max_instances   = var.notify_worker_max_instances
  concurrency     = 20
  ingress         = "INGRESS_TRAFFIC_INTERNAL_ONLY"
  vpc_connector   = google_vpc_access_connector.run.id
  invokers        = { public = "allUsers" }

  env = {
    ENVIRONMENT = var.environment
  }
}

resource "google_cloud_run_v2_job" "reports_export" {
  name                = "reports-export"
  location            = var.region
  deletion_protection = false

  template {
    task_count = 1

    template {
      service_account = google_service_account.run["reports-export"].email
      timeout         = "1800s"
      max_retries     = 1

      containers {
        image = "${local.registry}/reports-export:bootstrap"

        resources {
          limits = {
            cpu    = "1"
            memory = "2Gi"
          }
        }

        env {
          name  = "DB_INSTANCE"
          value = google_sql_database_instance.orders.connection_name
        }
        env {
          name  = "EXPORT_BUCKET"
          value = "${var.project_id}-reports-exports"
        }
      }
    }
  }

  lifecycle {
    ignore_changes = [template[0].template[0].containers[0].image, client, client_version]
  }
}
""",
    P("modules/cloud-run-service/main.tf"): """resource "google_cloud_run_v2_service" "this" {
  name                = var.name
  location            = var.region
  ingress             = var.ingress
  deletion_protection = var.deletion_protection

  template {
    service_account                  = var.service_account
    max_instance_request_concurrency = var.concurrency
    timeout                          = var.timeout

    scaling {
      min_instance_count = var.min_instances
      max_instance_count = var.max_instances
    }

    dynamic "vpc_access" {
      for_each = var.vpc_connector == null ? [] : [var.vpc_connector]
      content {
        connector = vpc_access.value
        egress    = "PRIVATE_RANGES_ONLY"
      }
    }

    containers {
      image = var.image

      resources {
        limits = {
          cpu    = var.cpu
          memory = var.memory
        }
        cpu_idle = true
      }

      dynamic "env" {
        for_each = var.env
        content {
          name  = env.key
          value = env.value
        }
      }

      startup_probe {
        http_get {
          path = "/healthz"
        }
      }
    }
  }

  # Releases are rolled with `gcloud run deploy` (tagged, no-traffic first), not by Terraform.
  lifecycle {
    ignore_changes = [
      template[0].containers[0].image,
      template[0].revision,
      client,
      client_version,
      traffic,
    ]
  }
}

resource "google_cloud_run_v2_service_iam_member" "invoker" {
  for_each = var.invokers

  name     = google_cloud_run_v2_service.this.name
  location = google_cloud_run_v2_service.this.location
  role     = "roles/run.invoker"
  member   = each.value
}
""",
    P("modules/cloud-run-service/variables.tf"): """variable "name" {
  type = string
}

variable "region" {
  type = string
}

variable "image" {
  description = "Image for the first revision only; releases are rolled with gcloud (see lifecycle.ignore_changes)."
  type        = string
}

variable "service_account" {
  type = string
}

variable "min_instances" {
  type    = number
  default = 0
}

variable "max_instances" {
  type    = number
  default = 10
}

variable "concurrency" {
  type    = number
  default = 80
}

variable "cpu" {
  type    = string
  default = "1"
}

variable "memory" {
  type    = string
  default = "512Mi"
}

variable "timeout" {
  type    = string
  default = "60s"
}

variable "ingress" {
  type    = string
  default = "INGRESS_TRAFFIC_INTERNAL_ONLY"
}

variable "vpc_connector" {
  type    = string
  default = null
}

variable "env" {
  description = "Plain environment variables (no secrets)."
  type        = map(string)
  default     = {}
}

variable "invokers" {
  description = "Static key => IAM member allowed to invoke the service (keys must be known at plan time)."
  type        = map(string)
  default     = {}
}

variable "deletion_protection" {
  type    = bool
  default = false
}
""",
    P("sql.tf"): """resource "google_sql_database_instance" "orders" {
  name                = "orders-pg"
  database_version    = "POSTGRES_16"
  region              = var.region
  deletion_protection = true

  settings {
    tier              = var.sql_tier
    edition           = "ENTERPRISE"
    availability_type = var.sql_availability_type
    disk_autoresize   = true

    ip_configuration {
      # public IP without authorized networks: reachable only through the Cloud SQL Auth Proxy
      ipv4_enabled    = true
      private_network = google_compute_network.main.id
      ssl_mode        = "ENCRYPTED_ONLY"
    }

    backup_configuration {
      enabled                        = true
      point_in_time_recovery_enabled = true
      start_time                     = "02:30"
    }

    database_flags {
      name  = "cloudsql.iam_authentication"
      value = "on"
    }

    maintenance_window {
      day  = 7
      hour = 3
    }
  }

  depends_on = [google_service_networking_connection.private_services]
}

resource "google_sql_database" "orders" {
  name     = "orders"
  instance = google_sql_database_instance.orders.name
}

resource "google_sql_user" "iam_sa" {
  for_each = toset(["orders-api", "reports-export"])

  name     = trimsuffix(google_service_account.run[each.key].email, ".gserviceaccount.com")
  instance = google_sql_database_instance.orders.name
  type     = "CLOUD_IAM_SERVICE_ACCOUNT"
}

# platform engineers log in as themselves through the group
resource "google_sql_user" "platform_group" {
  name     = "platform@brightloop.io"
  instance = google_sql_database_instance.orders.name
  type     = "CLOUD_IAM_GROUP"
}
""",
    P("storage.tf"): """resource "google_storage_bucket" "sql_exports" {
  name     = "${var.project_id}-sql-exports"
  location = var.region

  uniform_bucket_level_access = true
  public_access_prevention    = "enforced"

  lifecycle_rule {
    condition {
      age = 90
    }
    action {
      type = "Delete"
    }
  }
}
""",
    P("secrets.tf"): """locals {
  app_secrets = toset(["stripe-webhook-secret", "orders-signing-key"])
}

resource "google_secret_manager_secret" "app" {
  for_each = local.app_secrets

  secret_id = each.key

  replication {
    auto {}
  }
}

# orders-api reads every app secret for now; split per service once notify-worker gets its own
resource "google_secret_manager_secret_iam_member" "orders_api" {
  for_each = google_secret_manager_secret.app

  secret_id = each.value.id
  role      = "roles/secretmanager.secretAccessor"
  member    = google_service_account.run["orders-api"].member
}
""",
    P("pubsub.tf"): """resource "google_pubsub_topic" "order_events" {
  name = "order-events"
}

resource "google_pubsub_subscription" "notify_worker_push" {
  name  = "notify-worker-push"
  topic = google_pubsub_topic.order_events.id

  ack_deadline_seconds = 30

  push_config {
    push_endpoint = "${module.notify_worker.uri}/pubsub/order-events"
  }

  retry_policy {
    minimum_backoff = "10s"
    maximum_backoff = "300s"
  }
}
""",
    P("monitoring.tf"): """resource "google_monitoring_notification_channel" "platform_email" {
  display_name = "Platform alerts (${var.environment})"
  type         = "email"

  labels = {
    email_address = var.alert_email
  }
}

resource "google_monitoring_alert_policy" "sql_cpu" {
  display_name = "orders-pg CPU > 80% (${var.environment})"
  combiner     = "OR"

  conditions {
    display_name = "CPU utilization above 80% for 10 min"

    condition_threshold {
      filter          = "resource.type = \\"cloudsql_database\\" AND resource.labels.database_id = \\"${var.project_id}:orders-pg\\" AND metric.type = \\"cloudsql.googleapis.com/database/cpu/utilization\\""
      comparison      = "COMPARISON_GT"
      threshold_value = 0.8
      duration        = "600s"

      aggregations {
        alignment_period   = "60s"
        per_series_aligner = "ALIGN_MEAN"
      }
    }
  }

  notification_channels = [google_monitoring_notification_channel.platform_email.id]
}
""",
    P("outputs.tf"): """output "orders_api_url" {
  value = module.orders_api.uri
}

output "notify_worker_url" {
  value = module.notify_worker.uri
}

output "orders_pg_connection_name" {
  value = google_sql_database_instance.orders.connection_name
}
""",
    P(".tflint.hcl"): """config {
  call_module_type = "local"
}

plugin "terraform" {
  enabled = true
  preset  = "recommended"
}

plugin "google" {
  enabled = true
  version = "0.33.0"
  source  = "github.com/terraform-linters/tflint-ruleset-google"
}
""",
}

TF_FILES = sorted([
    "backend.tf", "cloud_run.tf", "iam.tf", "monitoring.tf", "network.tf", "outputs.tf", "providers.tf", "pubsub.tf",
    "secrets.tf", "services.tf", "sql.tf", "storage.tf", "variables.tf", "versions.tf",
    "modules/cloud-run-service/main.tf", "modules/cloud-run-service/outputs.tf",
    "modules/cloud-run-service/variables.tf", "bootstrap/main.tf", "bootstrap/state.tf", "bootstrap/wif.tf",
    "bootstrap/variables.tf"])


# ------------------------------------------------------------------ git / gh / gcloud output helpers
def git_push_new(branch):
    return f"""remote: 
remote: Create a pull request for '{branch}' on GitHub by visiting:        
remote:      {GH}/pull/new/{branch}        
remote: 
To github.com:{REPO}.git
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


def git_push_more(branch):
    a, b = sha(), sha()
    return f"""To github.com:{REPO}.git
   {a}..{b}  {branch} -> {branch}"""


def dur(s):
    return f"{s // 60}m{s % 60}s" if s >= 60 else f"{s}s"


def ts_utc(clock, minus_s=0, nanos=True):
    t = clock - _dt.timedelta(seconds=minus_s)
    frac = f".{t.microsecond:06d}{HX.randint(100, 999)}" if nanos else ""
    return t.strftime("%Y-%m-%d %H:%M:%S") + frac + " +0000 UTC"


def gen_id(clock, minus_s=0):
    t = clock - _dt.timedelta(seconds=minus_s)
    return str(int(t.replace(tzinfo=_dt.timezone.utc).timestamp()) * 1000000 + HX.randint(0, 999999))


STEPS_LINT = ["Set up job", "Run actions/checkout@v4", "Run hashicorp/setup-terraform@v3",
              "Run terraform fmt -check -recursive", "Run terraform-linters/setup-tflint@v4",
              "Run tflint --init && tflint --recursive", "Run bridgecrewio/checkov-action@v12",
              "Post Run actions/checkout@v4", "Complete job"]


def steps_tf(env, last_run, tail=("Post Run google-github-actions/auth@v2", "Post Run actions/checkout@v4",
                                  "Complete job"), extra=()):
    return (["Set up job", "Run actions/checkout@v4", "Run google-github-actions/auth@v2",
             "Run hashicorp/setup-terraform@v3", "Run terraform init -input=false",
             f"Run terraform workspace select {env}", last_run] + list(extra) + list(tail))


def job(name, jid, steps, done_upto, elapsed=None, skipped_steps=()):
    """done_upto: number of steps completed; elapsed set => whole job completed."""
    if elapsed is not None:
        head = f"✓ {name} in {elapsed} (ID {jid})"
        body = [f"  {'-' if s in skipped_steps else '✓'} {s}" for s in steps]
    else:
        head = f"* {name} (ID {jid})"
        body = [f"  ✓ {s}" for s in steps[:done_upto]] + [f"  * {s}" for s in steps[done_upto:]]
    return "\n".join([head] + body)


def watch_frames(interval, header, ago_list, frames):
    """gh run watch without a TTY: one 'Refreshing…' block per poll; the last (completed) buffer is written again."""
    out = []
    for k, ((sym, ago), jobs) in enumerate(zip(ago_list, frames)):
        body = f"{sym} {header}\nTriggered via {ago}\n\nJOBS\n" + "\n".join(jobs)
        if k < len(frames) - 1:
            body = f"Refreshing run status every {interval} seconds. Press Ctrl+C to quit.\n\n" + body
        out.append(body)
    return "\n\n".join(out)


def fuzzy(sec):
    m = int(sec // 60)
    if m < 1:
        return "less than a minute ago"
    if m == 1:
        return "about 1 minute ago"
    return f"{m} minutes ago"


def tf_job_at(name, jid, steps, start, dur_s, t, skipped_steps=()):
    """State of a terraform CI job at time t (job started at `start`, takes dur_s seconds)."""
    el = (t - start).total_seconds()
    if el >= dur_s:
        return job(name, jid, steps, 0, dur(dur_s), skipped_steps=skipped_steps)
    th = [3, 5, 8, 14, 22, 24, dur_s - 8, dur_s - 4, dur_s - 2]
    return job(name, jid, steps, sum(1 for x in th if el >= x))


def grep_n(d, needle, suffix=None):
    out = []
    for path in sorted(d.files):
        if suffix and not path.endswith(suffix):
            continue
        for i, l in enumerate(d.files[path].split("\n"), 1):
            if needle in l:
                out.append(f"{path}:{i}:{l}")
    return "\n".join(out)


def iso(clock, minus_s=0):
    return (clock - _dt.timedelta(seconds=minus_s)).strftime("%Y-%m-%dT%H:%M:%SZ")


def run_list_line(status, concl, title, wf, branch, event, rid, elapsed, created):
    return "\t".join([status, concl, title, wf, branch, event, str(rid), elapsed, created])


def deploy_out(svc, env, rev, tag):
    p = PROJ[env]
    n = NUM[p]
    return (f"Deploying container to Cloud Run service [{svc}] in project [{p}] region [{REGION}]\n"
            f"Deploying...\n"
            f"Creating Revision.............................done\n"
            f"Routing traffic.....done\n"
            f"Done.\n"
            f"Service [{svc}] revision [{rev}] has been deployed and is serving 0 percent of traffic.\n"
            f"The revision can be reached directly at https://{tag}---{svc}-{n}.{REGION}.run.app")


def image_describe(name, tag):
    dg = hx(64)
    return f"""image_summary:
  digest: sha256:{dg}
  fully_qualified_digest: {AR}/{name}@sha256:{dg}
  registry: europe-west2-docker.pkg.dev
  repository: containers
  slsa_build_level: unknown"""


def proxy_log(day, t, port=5433):
    return (f"{day} {t} Authorizing with Application Default Credentials\n"
            f"{day} {t} [{CONN}] Listening on 127.0.0.1:{port}\n"
            f"{day} {t} The proxy has started successfully and is ready for new connections!")


PSQL = f'psql "host=127.0.0.1 port=5433 dbname=orders user={ME}"'


def psql_table(headers, rows, right=()):
    """psql aligned output; `right` = indexes of right-aligned (numeric) columns."""
    w = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    head = "|".join(" " + h.center(w[i]) + " " for i, h in enumerate(headers))
    sep = "+".join("-" * (w[i] + 2) for i in range(len(headers)))
    out = [head, sep]
    for r in rows:
        cells = []
        for i, c in enumerate(r):
            cells.append(" " + (c.rjust(w[i]) if i in right else c.ljust(w[i])) + " ")
        line = "|".join(cells)
        if len(headers) - 1 not in right:
            line = line.rstrip()
        out.append(line)
    out.append(f"({len(rows)} row{'s' if len(rows) != 1 else ''})")
    return "\n".join(out)


def local_hms(clock, plus_s=0, bst=True):
    t = clock + _dt.timedelta(seconds=plus_s, hours=1 if bst else 0)
    return t.strftime("%Y/%m/%d"), t.strftime("%H:%M:%S")


def bucket_items(env, name, retention, versioning=False):
    p = PROJ[env]
    items = [("effective_labels", labels(env)), ("force_destroy", "false"), ("id", KAA),
             ("location", q("EUROPE-WEST2")), ("name", q(f"{p}-{name}")), ("project", q(p)),
             ("project_number", KAA), ("public_access_prevention", q("enforced")), ("rpo", KAA),
             ("self_link", KAA), ("storage_class", q("STANDARD")), ("terraform_labels", labels(env)),
             ("time_created", KAA), ("uniform_bucket_level_access", "true"), ("updated", KAA), ("url", KAA)]
    items.append(("#block", "lifecycle_rule", [
        ("#block", "action", [("type", q("Delete")), ("#hidden", "# (1 unchanged attribute hidden)")]),
        ("#block", "condition", [("age", str(retention)), ("matches_prefix", "[]"),
                                 ("matches_storage_class", "[]"), ("matches_suffix", "[]"),
                                 ("with_state", KAA), ("#hidden", "# (3 unchanged attributes hidden)")]),
    ]))
    items.append(("#block", "soft_delete_policy", None))
    items.append(("#block", "versioning", [("enabled", "true" if versioning else "false")]))
    return items


# ------------------------------------------------------------------ HCL added during the month
APP_BUCKETS = """

locals {
  # app buckets are named <project>-<key>; add an entry here instead of a new resource
  app_buckets = {
    reports-exports = {
      retention_days = 30
      versioning     = false
    }
  }
}

resource "google_storage_bucket" "app" {
  for_each = local.app_buckets

  name     = "${var.project_id}-${each.key}"
  location = var.region

  uniform_bucket_level_access = true
  public_access_prevention    = "enforced"

  versioning {
    enabled = each.value.versioning
  }

  lifecycle_rule {
    condition {
      age = each.value.retention_days
    }
    action {
      type = "Delete"
    }
  }
}

resource "google_storage_bucket_iam_member" "reports_export_writer" {
  bucket = google_storage_bucket.app["reports-exports"].name
  role   = "roles/storage.objectCreator"
  member = google_service_account.run["reports-export"].member
}"""


def iam_member_items(env, bucket, member, role):
    return [("bucket", q(bucket)), ("etag", KAA), ("id", KAA), ("member", q(member)), ("role", q(role))]


def lint_ok(passed, skipped=6):
    return ("tflint --recursive\ncheckov -d . --framework terraform --quiet --compact\nterraform scan results:\n\n"
            f"Passed checks: {passed}, Failed checks: 0, Skipped checks: {skipped}\n")


def gen():
    global HX, INV
    HX = random.Random(20260928)
    WS["cur"] = "staging"
    INV = {"staging": base_inventory("staging"), "prod": base_inventory("prod")}
    d = Dev("tf-gcp", U, "en", MODEL, seed=20260928, files=FILES)

    # ============================================================ S1  Mon 09-28
    with d.session("2026-09-28T08:40:00", R, branch="main", version="2.1.117"):
        t = d.task("hey. I just moved over to platform from the data team and gcp-platform is mine now (Maren still "
                   "reviews). walk me through how a change gets from a PR to staging and prod here, and where the "
                   "state lives", tags=["noise"])
        t.glob("**/*.tf", [P(f) for f in TF_FILES])
        t.read(P("Makefile"))
        t.read(P(".github/workflows/terraform.yml"))
        t.read(P(".github/workflows/drift.yml"))
        t.read(P("backend.tf"))
        t.bash("terraform workspace list", "List Terraform workspaces", out="  default\n  prod\n* staging")
        t.done("""Short version:

**Layout** — one Terraform root at the top of the repo, used for both environments through **workspaces**: `staging` → `bl-platform-stg`, `prod` → `bl-platform-prod`. Per-environment values (project id, SQL tier and HA, instance counts) are in `envs/staging.tfvars` / `envs/prod.tfvars`. `modules/cloud-run-service` wraps `google_cloud_run_v2_service`. `bootstrap/` is a separate root (state bucket, the WIF pool, the `sa-tf-plan` / `sa-tf-apply` service accounts) that gets applied by hand and rarely changes.

**State** — GCS backend: bucket `bl-tfstate-platform`, prefix `gcp-platform`, so `gs://bl-tfstate-platform/gcp-platform/staging.tfstate` and `…/prod.tfstate`, each with its own `.tflock` object while someone holds it. Your checkout has `staging` selected.

**Path of a change** (`.github/workflows/terraform.yml`):
1. **PR** → `lint` (fmt -check, tflint, checkov), then `plan` for staging and prod in parallel. Each job authenticates through Workload Identity Federation as `sa-tf-plan@<project>` — no keys anywhere — and the plan is posted as a PR comment.
2. **Merge to main** → `apply-staging` runs `terraform apply -auto-approve` on staging as `sa-tf-apply`.
3. **Prod** → a manual `workflow_dispatch` on main. `apply-prod` is behind the `production` GitHub environment, so it waits for approval, then applies.

**Locally** the Makefile is the entry point: `make plan ENV=staging` selects the workspace and writes `staging.tfplan`, `make apply ENV=staging` applies exactly that saved plan, and `make apply ENV=prod` refuses on purpose. `make lint` runs tflint + checkov.

**Drift** — `drift.yml` runs `plan -detailed-exitcode` for both environments at 07:00 UTC on weekdays and opens an issue when something changed outside Terraform.

One thing that surprises people: Cloud Run images are not managed here. The module ignores image, revision and traffic changes, so app releases are rolled with `gcloud run deploy` and Terraform only owns the service's shape (scaling, env, IAM).""")

        t = d.task("first real ticket: reports-export needs its own bucket, <project>-reports-exports, objects "
                   "deleted after 30 days, no versioning, and the reports-export SA gets objectCreator on it. more "
                   "app buckets are coming, so put them in a map and use for_each — not count, I don't want index "
                   "shuffling when we delete one later. run the usual checks and show me the staging plan, don't apply",
                   tags=["workflow:W1", "pref:P1"])
        t.read(P("storage.tf"))
        t.grep("reports-export", path=R, glob="*.tf", output_mode="content", n=True,
               content=grep_n(d, "reports-export", ".tf"))
        t.edit(P("storage.tf"), """    action {
      type = "Delete"
    }
  }
}""", """    action {
      type = "Delete"
    }
  }
}""" + APP_BUCKETS)
        t.bash("terraform fmt -recursive", "Format")
        t.bash("terraform validate", "Validate", out="Success! The configuration is valid.")
        t.bash("make lint", "tflint + checkov", out=lint_ok(118), timeout=300000)
        body = "\n\n".join([
            create('google_storage_bucket.app["reports-exports"]', "google_storage_bucket", "app",
                   bucket_items("staging", "reports-exports", 30)),
            create("google_storage_bucket_iam_member.reports_export_writer", "google_storage_bucket_iam_member",
                   "reports_export_writer", iam_member_items("staging", f"{STG}-reports-exports",
                                                             "serviceAccount:" + sa("sa-reports-export", "staging"),
                                                             "roles/storage.objectCreator"))])
        t.bash("make plan ENV=staging", "Plan staging", out=make_hdr("plan", "staging") + "\n" + plan_out(
            "staging", body, "Plan: 2 to add, 0 to change, 0 to destroy.", ["create"], "staging.tfplan"),
            timeout=600000)
        t.done(f"""Staging plan: **2 to add, 0 to change, 0 to destroy**.

- `google_storage_bucket.app["reports-exports"]` → `{STG}-reports-exports`, EUROPE-WEST2, uniform access, public access prevention enforced, versioning off, lifecycle rule deleting objects at 30 days. Labels come from the provider's `default_labels`.
- `google_storage_bucket_iam_member.reports_export_writer` → `roles/storage.objectCreator` for `sa-reports-export`.

The bucket is one entry in `local.app_buckets` (`for_each`, keyed by name), so the next one is three lines and removing one never renumbers the others. fmt, validate, tflint and checkov are clean. Nothing applied; the plan is saved as `staging.tfplan`.

Note: the job already sets `EXPORT_BUCKET = "${{var.project_id}}-reports-exports"`, so no change is needed on the job side.""")

        t = d.task("looks right. branch it, commit and open the PR", tags=["noise"])
        br = "feat/reports-exports-bucket"
        c = sha()
        t.bash(f'git checkout -b {br} && git add storage.tf && git commit -m "storage: reports-exports bucket '
               f'(30d lifecycle) for the reports-export job"', "Branch and commit",
               out=f"[{br} {c}] storage: reports-exports bucket (30d lifecycle) for the reports-export job\n"
                   f" 1 file changed, 44 insertions(+)", err=f"Switched to a new branch '{br}'")
        t.bash(f"git push -u origin {br}", "Push the branch", err=git_push_new(br))
        t.bash(f'gh pr create --base main --title "storage: reports-exports bucket for reports-export" --body '
               f'"App bucket map (for_each) with the first entry, <project>-reports-exports: 30-day delete, no '
               f'versioning, objectCreator for sa-reports-export. Staging plan: 2 to add."', "Open the PR",
               out=f"{GH}/pull/207")
        pr_time = d.clock
        t.done(f"PR is up: {GH}/pull/207 (branch `{br}`, one commit touching `storage.tf`). CI runs lint first, then "
               "a plan for staging and one for prod, and posts both plans as PR comments.")

        t = d.task("while CI chews on it, show me what prod would do", tags=["mistake:M1"])
        run_start = pr_time + _dt.timedelta(seconds=3)
        if d.clock < pr_time + _dt.timedelta(seconds=70):
            d.clock = pr_time + _dt.timedelta(seconds=70)
        plan_start = max(run_start + _dt.timedelta(seconds=40), d.clock - _dt.timedelta(seconds=40))
        lock_at = plan_start + _dt.timedelta(seconds=22)
        lock_who = "runner@fv-az1642-118"
        t.fail("make plan ENV=prod", "Plan prod",
               make_hdr("plan", "prod") + "\nAcquiring state lock. This may take a few moments...\n" +
               lock_error("prod", "OperationTypePlan", lock_who, ts_utc(lock_at), gen_id(lock_at)) + "\n" +
               make_err(d, "plan"), code=2, timeout=600000)
        t.say("The prod state is locked by a GitHub runner doing a plan — that's CI's `plan (prod)` job for #207. "
              "I'll wait for that run to finish instead of touching the lock.")
        rid = 18034455120
        t.bash(f"gh run list --branch {br} --limit 3", "Find the CI run for the PR",
               out=run_list_line("in_progress", "", "storage: reports-exports bucket for reports-export", "terraform",
                                 br, "pull_request", rid, dur(int((d.clock - run_start).total_seconds())),
                                 iso(run_start)))
        hdr = f"{br} terraform #207 · {rid}"
        lint = job("lint", 51177289301, STEPS_LINT, 9, "34s")
        pst = steps_tf("staging", "Run terraform plan -input=false -no-color -var-file=envs/staging.tfvars -out=tfplan",
                       extra=("Run borchero/terraform-plan-comment@v2",))
        ppr = steps_tf("prod", "Run terraform plan -input=false -no-color -var-file=envs/prod.tfvars -out=tfplan",
                       extra=("Run borchero/terraform-plan-comment@v2",))
        w0 = d.clock + _dt.timedelta(seconds=4)
        prod_end = plan_start + _dt.timedelta(seconds=91)
        frames, agos = [], []
        ft = w0
        while True:
            done_ = ft >= prod_end
            frames.append([lint, tf_job_at("plan (staging)", 51177321544, pst, plan_start - _dt.timedelta(seconds=2),
                                           69, ft),
                           tf_job_at("plan (prod)", 51177321590, ppr, plan_start, 91, ft)])
            agos.append(("✓" if done_ else "*", "pull_request " + fuzzy((ft - run_start).total_seconds())))
            if done_:
                break
            ft += _dt.timedelta(seconds=20)
        t.bash(f"gh run watch {rid} --interval 20 --exit-status", "Wait for the PR's CI run to finish",
               out=watch_frames(20, hdr, agos, frames), timeout=600000)
        if d.clock < prod_end:
            d.clock = prod_end + _dt.timedelta(seconds=2)
        bodyp = "\n\n".join([
            create('google_storage_bucket.app["reports-exports"]', "google_storage_bucket", "app",
                   bucket_items("prod", "reports-exports", 30)),
            create("google_storage_bucket_iam_member.reports_export_writer", "google_storage_bucket_iam_member",
                   "reports_export_writer", iam_member_items("prod", f"{PRD}-reports-exports",
                                                             "serviceAccount:" + sa("sa-reports-export", "prod"),
                                                             "roles/storage.objectCreator"))])
        t.bash("make plan ENV=prod", "Plan prod again", out=make_hdr("plan", "prod") + "\n" + plan_out(
            "prod", bodyp, "Plan: 2 to add, 0 to change, 0 to destroy.", ["create"], "prod.tfplan"), timeout=600000)
        t.done(f"""Prod plan is the same shape as staging: **2 to add, 0 to change, 0 to destroy** — `{PRD}-reports-exports` (30-day delete, no versioning, uniform access, PAP enforced) and objectCreator for `sa-reports-export@{PRD}`. Nothing else is pending in prod.

My first `make plan ENV=prod` hit the state lock because CI's `plan (prod)` job for #207 was holding it. I waited for that run with `gh run watch` and planned again. CI for #207 is green (lint, plan staging, plan prod).

Your checkout now has the `prod` workspace selected (the Makefile switches it); `make plan ENV=staging` switches back. After merge, `apply-staging` creates the staging bucket; prod goes through the manual `apply-prod` dispatch.""")

        t = d.task("random q: is it worth putting min-instances=1 on orders-api in staging? ballpark cost in "
                   "europe-west2", tags=["noise", "no_tools"])
        t.done("""Ballpark: **~$10–15/month** for one always-warm instance at orders-api's size (1 vCPU, 512 MiB).

A min instance is billed at the idle rate while it isn't serving — roughly a tenth of the active CPU price — so 1 vCPU + 0.5 GiB kept around for 730 hours lands in that range in europe-west2. Any time it serves requests is billed like normal traffic, which you pay for anyway.

Worth it on staging if cold starts get in the way: the Go binary starts fast, but the first request also opens the Cloud SQL connector and does the IAM login, so a cold request is ~1.5–2 s. If that makes e2e tests or demos flaky, one warm instance is cheap. If nobody notices, leave it at 0 — prod already runs with 2.

It's `orders_api_min_instances` in `envs/staging.tfvars` if you want to flip it.""")

    # PR #207 merged on Monday afternoon; apply-staging created the bucket
    inv_add("staging", 'google_storage_bucket.app["reports-exports"]', f"{STG}-reports-exports")
    inv_add("staging", "google_storage_bucket_iam_member.reports_export_writer",
            f"b/{STG}-reports-exports/roles/storage.objectCreator/serviceAccount:{sa('sa-reports-export', 'staging')}")

    # ============================================================ S2  Wed 09-30
    with d.session("2026-09-30T09:10:00", R, branch="feat/reports-export-schedule", version="2.1.118"):
        t = d.task("reports team wants the reports-export job to run every night at 02:00 London time. add a Cloud "
                   "Scheduler job that starts it through the jobs API with its own service account — call it "
                   "sa-reports-scheduler, every SA here is sa-<purpose> so keep to that. apply to staging once the "
                   "plan looks sane", tags=["mistake:M2", "pref:P3"])
        t.read(P("cloud_run.tf"), offset=48, limit=45)
        t.read(P("iam.tf"))
        sched = P("scheduler.tf")
        t.write(sched, """# Nightly run of the reports-export job (02:00 Europe/London) through the Cloud Run Admin API.
resource "google_service_account" "reports_scheduler" {
  account_id   = "sa-reports-scheduler"
  display_name = "Cloud Scheduler: reports-export nightly"
}

resource "google_cloud_run_v2_job_iam_member" "reports_scheduler_invoker" {
  name     = google_cloud_run_v2_job.reports_export.name
  location = google_cloud_run_v2_job.reports_export.location
  role     = "roles/run.invoker"
  member   = google_service_account.reports_scheduler.member
}

resource "google_cloud_scheduler_job" "reports_export_nightly" {
  name             = "reports-export-nightly"
  region           = var.region
  schedule         = "0 2 * * *"
  time_zone        = "Europe/London"
  attempt_deadline = "320s"

  retry_config {
    retry_count = 1
  }

  http_target {
    http_method = "POST"
    uri         = "https://run.googleapis.com/v2/${google_cloud_run_v2_job.reports_export.id}:run"

    oauth_token {
      service_account_email = google_service_account.reports_scheduler.email
    }
  }
}
""")
        t.bash("terraform fmt -recursive && terraform validate", "Format and validate",
               out="Success! The configuration is valid.")
        sa_items = [("account_id", q("sa-reports-scheduler")), ("disabled", "false"),
                    ("display_name", q("Cloud Scheduler: reports-export nightly")), ("email", KAA), ("id", KAA),
                    ("member", KAA), ("name", KAA), ("project", q(STG)), ("unique_id", KAA)]
        jim_items = [("etag", KAA), ("id", KAA), ("location", q(REGION)), ("member", KAA), ("name", q("reports-export")),
                     ("project", q(STG)), ("role", q("roles/run.invoker"))]
        job_uri = f"https://run.googleapis.com/v2/projects/{STG}/locations/{REGION}/jobs/reports-export:run"
        sj_items = [("attempt_deadline", q("320s")), ("id", KAA), ("name", q("reports-export-nightly")),
                    ("paused", KAA), ("project", q(STG)), ("region", q(REGION)), ("schedule", q("0 2 * * *")),
                    ("state", KAA), ("time_zone", q("Europe/London")),
                    ("#block", "http_target", [("http_method", q("POST")), ("uri", q(job_uri)),
                                               ("#block", "oauth_token", [("scope", KAA),
                                                                          ("service_account_email", KAA)])]),
                    ("#block", "retry_config", [("max_backoff_duration", KAA), ("max_doublings", KAA),
                                                ("max_retry_duration", KAA), ("min_backoff_duration", KAA),
                                                ("retry_count", "1")])]
        body = "\n\n".join([
            create("google_cloud_run_v2_job_iam_member.reports_scheduler_invoker", "google_cloud_run_v2_job_iam_member",
                   "reports_scheduler_invoker", jim_items),
            create("google_cloud_scheduler_job.reports_export_nightly", "google_cloud_scheduler_job",
                   "reports_export_nightly", sj_items),
            create("google_service_account.reports_scheduler", "google_service_account", "reports_scheduler",
                   sa_items)])
        t.bash("make plan ENV=staging", "Plan staging", out=make_hdr("plan", "staging") + "\n" + plan_out(
            "staging", body, "Plan: 3 to add, 0 to change, 0 to destroy.", ["create"], "staging.tfplan"),
            timeout=600000)
        t.say("3 to add and nothing else touched. Applying the saved plan to staging.")
        sa_id = f"projects/{STG}/serviceAccounts/{sa('sa-reports-scheduler', 'staging')}"
        jim_id = (f"projects/{STG}/locations/{REGION}/jobs/reports-export/roles/run.invoker/serviceAccount:"
                  f"{sa('sa-reports-scheduler', 'staging')}")
        ln, src = line_of(d, sched, 'resource "google_cloud_scheduler_job"')
        t.fail("make apply ENV=staging", "Apply the staging plan", make_hdr("apply", "staging") + f"""
Acquiring state lock. This may take a few moments...
google_service_account.reports_scheduler: Creating...
google_service_account.reports_scheduler: Creation complete after 2s [id={sa_id}]
google_cloud_scheduler_job.reports_export_nightly: Creating...
google_cloud_run_v2_job_iam_member.reports_scheduler_invoker: Creating...
google_cloud_run_v2_job_iam_member.reports_scheduler_invoker: Creation complete after 6s [id={jim_id}]
""" + service_disabled("Job", "Cloud Scheduler API", "cloudscheduler.googleapis.com", "staging",
                       ("google_cloud_scheduler_job.reports_export_nightly", "scheduler.tf", ln, src,
                        "google_cloud_scheduler_job", "reports_export_nightly")) +
               "\nReleasing state lock. This may take a few moments...\n" + make_err(d, "apply"), code=2,
               timeout=600000)
        inv_add("staging", "google_service_account.reports_scheduler", sa_id)
        inv_add("staging", "google_cloud_run_v2_job_iam_member.reports_scheduler_invoker", jim_id)
        t.say("The SA and the invoker binding were created; the scheduler job failed because the Cloud Scheduler API "
              "isn't enabled in bl-platform-stg. APIs are managed in `services.tf` here, so I'll add it there and make "
              "the job depend on the enabled services so Terraform enables the API before creating the job.")
        t.read(P("services.tf"))
        t.edit(P("services.tf"), """    "cloudresourcemanager.googleapis.com",
""", """    "cloudresourcemanager.googleapis.com",
    "cloudscheduler.googleapis.com",
""")
        t.edit(sched, """      service_account_email = google_service_account.reports_scheduler.email
    }
  }
}""", """      service_account_email = google_service_account.reports_scheduler.email
    }
  }

  depends_on = [google_project_service.enabled]
}""")
        svc_items = [("disable_on_destroy", "false"), ("id", KAA), ("project", q(STG)),
                     ("service", q("cloudscheduler.googleapis.com"))]
        body2 = "\n\n".join([
            create("google_cloud_scheduler_job.reports_export_nightly", "google_cloud_scheduler_job",
                   "reports_export_nightly", sj_items[:6] + [("schedule", q("0 2 * * *")), ("state", KAA),
                                                             ("time_zone", q("Europe/London"))] + [
                       ("#block", "http_target", [("http_method", q("POST")), ("uri", q(job_uri)),
                                                  ("#block", "oauth_token", [
                                                      ("scope", KAA),
                                                      ("service_account_email",
                                                       q(sa("sa-reports-scheduler", "staging")))])]),
                       sj_items[-1]]),
            create('google_project_service.enabled["cloudscheduler.googleapis.com"]', "google_project_service",
                   "enabled", svc_items)])
        t.bash("make plan ENV=staging", "Re-plan staging", out=make_hdr("plan", "staging") + "\n" + plan_out(
            "staging", body2, "Plan: 2 to add, 0 to change, 0 to destroy.", ["create"], "staging.tfplan"),
            timeout=600000)
        t.bash("make apply ENV=staging", "Apply the new plan", out=make_hdr("apply", "staging") + f"""
Acquiring state lock. This may take a few moments...
google_project_service.enabled["cloudscheduler.googleapis.com"]: Creating...
google_project_service.enabled["cloudscheduler.googleapis.com"]: Still creating... [10s elapsed]
google_project_service.enabled["cloudscheduler.googleapis.com"]: Creation complete after 14s [id={STG}/cloudscheduler.googleapis.com]
google_cloud_scheduler_job.reports_export_nightly: Creating...
google_cloud_scheduler_job.reports_export_nightly: Creation complete after 2s [id=projects/{STG}/locations/{REGION}/jobs/reports-export-nightly]

Apply complete! Resources: 2 added, 0 changed, 0 destroyed.
""" + outputs("staging") + "\nReleasing state lock. This may take a few moments...", timeout=600000)
        inv_add("staging", 'google_project_service.enabled["cloudscheduler.googleapis.com"]',
                f"{STG}/cloudscheduler.googleapis.com")
        inv_add("staging", "google_cloud_scheduler_job.reports_export_nightly",
                f"projects/{STG}/locations/{REGION}/jobs/reports-export-nightly")
        t.bash(f"gcloud scheduler jobs describe reports-export-nightly --location {REGION} --project {STG} "
               f"--format='value(state,schedule,timeZone,httpTarget.uri)'", "Check the scheduler job",
               out=f"ENABLED\t0 2 * * *\tEurope/London\t{job_uri}")
        t.done(f"""Staging has the nightly trigger: `reports-export-nightly`, `0 2 * * *` Europe/London, POSTs to the job's `:run` endpoint with an OAuth token for `sa-reports-scheduler`, which has `roles/run.invoker` on the job. One retry if the call itself fails.

The first apply created the SA and the binding but failed on the scheduler job: **Cloud Scheduler API was not enabled** in {STG}. I added `cloudscheduler.googleapis.com` to `local.services` in `services.tf` (the `google_project_service.enabled` set) and `depends_on = [google_project_service.enabled]` on the job, re-planned (2 to add) and applied. Prod will get the API the same way from `services.tf` when this merges.

Changed: `scheduler.tf` (new), `services.tf`. Not committed yet.""")

        t = d.task("Joel tagged orders-api v1.14.0. roll it out on staging: tagged revision with no traffic first, "
                   "smoke test it, then move traffic. and pass --project and --region explicitly on every gcloud "
                   "call, my active gcloud config flips between stg and prod all day",
                   tags=["workflow:W2", "pref:P2"])
        img = f"{AR}/orders-api:v1.14.0"
        n = NUM[STG]
        t.bash(f"gcloud artifacts docker images describe {img} --project bl-artifacts", "Check the image exists",
               out=image_describe("orders-api", "v1.14.0"))
        t.bash(f"gcloud run deploy orders-api --image {img} --no-traffic --tag v1-14-0 --region {REGION} "
               f"--project {STG}", "Deploy v1.14.0 as a tagged revision with no traffic",
               err=deploy_out("orders-api", "staging", "orders-api-00087-qzt", "v1-14-0"), timeout=600000)
        tag_url = f"https://v1-14-0---orders-api-{n}.{REGION}.run.app"
        t.bash(f"curl -fsS {tag_url}/healthz && echo && curl -fsS -o /dev/null -w '%{{http_code}} %{{time_total}}s\\n' "
               f"{tag_url}/v1/regions", "Smoke test the tagged revision",
               out='{"status":"ok","version":"1.14.0","db":"ok"}\n200 0.214s')
        t.bash(f"gcloud run services update-traffic orders-api --to-latest --region {REGION} --project {STG}",
               "Send all traffic to the new revision", err=f"""Updating traffic...
Routing traffic.....done
Done.
URL: https://orders-api-{n}.{REGION}.run.app
Traffic:
  100% LATEST (currently orders-api-00087-qzt)
       v1-14-0: {tag_url}""", timeout=300000)
        t.bash(f"gcloud run revisions list --service orders-api --region {REGION} --project {STG} --limit 3",
               "List the latest revisions", out=f"""   REVISION              ACTIVE  SERVICE     DEPLOYED                 DEPLOYED BY
✔  orders-api-00087-qzt  yes     orders-api  2026-09-30 09:31:47 UTC  {ME}
✔  orders-api-00086-wok          orders-api  2026-09-17 15:02:40 UTC  joel.adeyemi@brightloop.io
✔  orders-api-00085-lij          orders-api  2026-09-09 11:20:03 UTC  joel.adeyemi@brightloop.io""")
        t.done(f"""orders-api **v1.14.0** is live on staging.

1. Image `orders-api:v1.14.0` exists in `bl-artifacts`.
2. Deployed as revision `orders-api-00087-qzt`, tag `v1-14-0`, 0% traffic.
3. Smoke test on {tag_url}: `/healthz` → ok (version 1.14.0, db ok), `/v1/regions` → 200 in 0.21 s.
4. Traffic moved with `update-traffic --to-latest` → 100% on `orders-api-00087-qzt`.

Rollback if needed: `gcloud run services update-traffic orders-api --to-revisions orders-api-00086-wok=100 --region {REGION} --project {STG}`. Every gcloud call carried `--project`/`--region`; I'll keep doing that.""")

        t = d.task("notify-worker still goes out through the serverless VPC connector. read up on Direct VPC egress "
                   "and tell me if we should switch it, keep it short", tags=["noise", "webfetch"])
        t.webfetch("https://cloud.google.com/run/docs/configuring/vpc-direct-vpc",
                   "Summarize Direct VPC egress for Cloud Run services: how it works, limits, IP usage, scaling "
                   "limits, pricing vs Serverless VPC Access connectors, and migration notes.",
                   """Direct VPC egress lets a Cloud Run service or job send traffic into a VPC network without a Serverless VPC Access connector. Instances get IP addresses directly from a subnet you specify (`network`, `subnetwork`, optional network tags), and egress can be limited to private ranges or cover all traffic.

Key points from the page:
- No connector instances to run or pay for; you pay only for network egress. Latency and throughput are better because there is no intermediate hop.
- IP usage: Cloud Run allocates IPs from the subnet in blocks; plan for roughly 2× the maximum number of instances (plus headroom during revision rollouts). A /26 or larger subnet per service is recommended; IPv4 ranges from RFC 1918 and some non-RFC1918 ranges are supported.
- Scaling limit: services using Direct VPC egress can scale to a documented maximum number of instances (lower than without VPC access); check the current limits table.
- Network tags can be used in firewall rules to identify Cloud Run traffic; VPC Flow Logs show the instance IPs.
- Some features are not supported or behave differently compared with connectors (for example, some shared VPC and IP-masquerade setups); see the limitations section.
- Migration: update the service to set `--network`/`--subnet` (or the `vpc_access.network_interfaces` block in Terraform) and remove the connector; deploy creates a new revision. Connectors can be deleted afterwards once nothing uses them.""")
        t.done("""Yes, switch — it's a small change with no real downside for notify-worker.

- **Why:** no connector VMs (ours runs 2–3 `e2-micro` instances 24/7 just for this), one hop less, better throughput. You only pay egress.
- **Cost of switching:** instances take IPs straight from a subnet, about 2× max instances. notify-worker maxes out at 10 on staging and 30 on prod, so `run-europe-west2` (/24) has room. I'd still give it its own /26 so a burst can't starve anything else in that subnet.
- **Terraform:** in the module, replace `vpc_access { connector = … }` with `vpc_access { network_interfaces { network, subnetwork } egress = "PRIVATE_RANGES_ONLY" }`, then drop `google_vpc_access_connector.run` once nothing uses it (orders-api doesn't).
- **Watch:** Direct VPC egress has a lower max-instances ceiling than plain Cloud Run — fine at 30 — and firewall rules should target its network tag, not the connector's range.

Worth a small PR: staging first, then check that notify-worker still reaches orders-pg's private IP and the SMTP relay.""")

    # ============================================================ S3  Fri 10-02
    with d.session("2026-10-02T13:20:00", R, branch="main", version="2.1.119", end_reason="other"):
        t = d.task("Ifeoma says orders-pg on staging feels slow since Tuesday. go in through the proxy and show me "
                   "the biggest tables and how many connections are open, per app", tags=["workflow:W3"])
        t.bash(f"nohup cloud-sql-proxy --auto-iam-authn --port 5433 {CONN} > /tmp/csp-stg.log 2>&1 & echo $!",
               "Start the Cloud SQL Auth Proxy for staging orders-pg in the background", out="48211")
        day, hms = local_hms(d.clock, 1)
        t.bash("sleep 2; cat /tmp/csp-stg.log", "Check the proxy came up", out=proxy_log(day, hms))
        t.bash(PSQL + ' -c "select relname, pg_size_pretty(pg_total_relation_size(relid)) as total, n_live_tup '
               'from pg_stat_user_tables order by pg_total_relation_size(relid) desc limit 8;"',
               "Biggest tables", out=psql_table(["relname", "total", "n_live_tup"], [
                   ["order_events", "9214 MB", "41873211"], ["orders", "1893 MB", "2210390"],
                   ["order_lines", "1377 MB", "6631045"], ["payments", "702 MB", "2198873"],
                   ["refunds", "88 MB", "131920"], ["customers", "61 MB", "402118"],
                   ["webhook_deliveries", "43 MB", "187034"], ["schema_migrations", "48 kB", "74"]], [2]))
        t.bash(PSQL + " -c \"select usename, application_name, state, count(*) from pg_stat_activity where datname = "
               "'orders' group by 1, 2, 3 order by 4 desc;\"", "Open connections per user/app",
               out=psql_table(["usename", "application_name", "state", "count"], [
                   [f"sa-orders-api@{STG}.iam", "orders-api", "idle", "18"],
                   [f"sa-orders-api@{STG}.iam", "orders-api", "active", "3"],
                   [ME, "psql", "active", "1"]], [3]))
        t.bash(PSQL + ' -c "select relname, n_live_tup, n_dead_tup, last_autovacuum, last_autoanalyze from '
               'pg_stat_user_tables order by n_dead_tup desc limit 4;"', "Dead tuples / autovacuum",
               out=psql_table(["relname", "n_live_tup", "n_dead_tup", "last_autovacuum", "last_autoanalyze"], [
                   ["order_events", "41873211", "12904377", "2026-09-26 03:12:44.18391+00",
                    "2026-09-29 16:02:51.40017+00"],
                   ["orders", "2210390", "301882", "2026-10-01 22:41:09.77253+00", "2026-10-02 06:13:20.9143+00"],
                   ["order_lines", "6631045", "88410", "2026-09-30 04:55:31.20816+00", "2026-10-01 19:27:03.3311+00"],
                   ["payments", "2198873", "41277", "2026-10-01 11:08:42.66051+00", "2026-10-02 09:40:18.5562+00"]],
                   [1, 2]))
        t.bash("kill 48211", "Stop the proxy")
        t.done("""Connections are not the problem: 21 from orders-api (18 idle in its pool, 3 active) plus my psql session — far below the limit.

The likely cause is **`order_events`**:
- biggest table by far: 9.2 GB, 41.9M live rows
- **12.9M dead tuples** (~30%), and autovacuum hasn't finished on it since **Sat 09-26**. Tuesday's event backfill rewrote a big slice of it, and with default settings autovacuum waits for 20% + 50 rows of dead tuples and then crawls through a 9 GB table at the default cost limit.

Queries that scan or range-read `order_events` (the order timeline endpoint, reports-export) pay for all that bloat.

Suggestions:
1. Now: `VACUUM (ANALYZE, VERBOSE) order_events;` in a quiet window. It runs online, just slowly; keep an eye on IO.
2. Then per-table autovacuum settings for it, e.g. `ALTER TABLE order_events SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_cost_limit = 2000);` — via an orders-api migration, since they own the schema.

I only read stats; nothing changed. The proxy is stopped.""")

        t = d.task("is prod's orders-pg configured the same? tier, flags, max_connections", tags=["unfixed:U1"])
        t.fail(f'gcloud sql instances describe orders-pg --project {PRD} --format="yaml(settings.tier,'
               f'settings.availabilityType,settings.databaseFlags)"', "Describe prod orders-pg",
               "ERROR: (gcloud.sql.instances.describe) HTTPError 403: The client is not authorized to make this request.")
        t.say("Your account can't read the prod Cloud SQL instance (no `cloudsql.instances.get` there). I'll compare "
              "what Terraform declares for both environments instead.")
        t.read(P("sql.tf"), limit=40)
        t.read(P("envs/prod.tfvars"))
        t.read(P("envs/staging.tfvars"))
        t.done(f"""I couldn't look at the live prod instance: `gcloud sql instances describe … --project {PRD}` returns **HTTPError 403: The client is not authorized to make this request**. Your user has no Cloud SQL read role on prod. To check the real settings you need `roles/cloudsql.viewer` on {PRD} — through a Privileged Access Manager grant if that's how prod access works here, or ask Maren.

What Terraform declares (same `sql.tf` for both, values from tfvars):

| | staging | prod |
|---|---|---|
| tier | db-custom-2-7680 (2 vCPU, 7.5 GB) | db-custom-4-15360 (4 vCPU, 15 GB) |
| availability | ZONAL | REGIONAL (HA) |
| flags | `cloudsql.iam_authentication=on` | same |
| max_connections | not set → Cloud SQL default for the memory size | not set → default, higher on prod because of the bigger tier |

So any difference in `max_connections` comes from the tier, not from a flag. Whether prod has drifted from this (console edits) is something the 07:00 drift run would report, or we can check once you have viewer access.""")

        t = d.task("google_project_iam_member vs _binding vs _policy — one paragraph: which do we use and why",
                   tags=["noise", "no_tools"])
        t.done("""We use **`google_project_iam_member`** everywhere, and that's the right default. `_member` is additive: it owns exactly one (role, member) pair and leaves everyone else who has that role alone, so several roots, CI and Google-managed service agents can share a project safely. `_binding` is authoritative for one **role**: it sets the complete member list for that role and silently removes anyone added elsewhere (console, another repo, a Google service agent). That's useful when you deliberately want to own a role outright, but dangerous on shared projects. `_policy` is authoritative for the **whole project IAM policy** and replaces everything. It's the classic way to lock yourself and Google's service agents out, so only use it on projects that are fully managed by one root. Never mix `_policy` or `_binding` with `_member` for the same role, because they will fight on every apply.""")

    # ============================================================ S4  Mon 10-05
    with d.session("2026-10-05T08:55:00", R, branch="chore/import-legacy-exports", version="2.1.120"):
        t = d.task("there's a bucket bl-platform-stg-legacy-exports that someone clicked together in the console "
                   "last year, and the reports team still reads from it. bring it under terraform on staging: another "
                   "entry in the app bucket map (for_each) — not a one-off resource, and no count. keep whatever "
                   "retention it has now", tags=["mistake:M3", "pref:P1"])
        t.bash(f'gcloud storage buckets describe gs://{STG}-legacy-exports --project {STG} --format="yaml(name,'
               f'location,default_storage_class,uniform_bucket_level_access,public_access_prevention,lifecycle_config,'
               f'versioning_enabled,labels,creation_time)"', "Look at the console-made bucket",
               out=f"""creation_time: 2025-06-11T14:22:09+0000
default_storage_class: STANDARD
location: EUROPE-WEST2
name: {STG}-legacy-exports
public_access_prevention: inherited
uniform_bucket_level_access: true""")
        st = P("storage.tf")
        t.read(st)
        t.edit(st, """    reports-exports = {
      retention_days = 30
      versioning     = false
    }
""", """    reports-exports = {
      retention_days = 30
      versioning     = false
    }
    # created in the console in 2025, imported 2026-10; no lifecycle rule (reports team still reads old files)
    legacy-exports = {
      retention_days = null
      versioning     = false
    }
""")
        t.edit(st, """  lifecycle_rule {
    condition {
      age = each.value.retention_days
    }
    action {
      type = "Delete"
    }
  }""", """  dynamic "lifecycle_rule" {
    for_each = each.value.retention_days == null ? [] : [each.value.retention_days]
    content {
      condition {
        age = lifecycle_rule.value
      }
      action {
        type = "Delete"
      }
    }
  }""")
        t.bash("terraform workspace show", "Which workspace is selected", out="staging")
        addr = "'google_storage_bucket.app[\"legacy-exports\"]'"
        bid = f"{STG}/{STG}-legacy-exports"
        t.fail(f"terraform import {addr} {bid}", "Import the bucket into the app map",
               "Acquiring state lock. This may take a few moments...\n" +
               no_value(d, ["environment", "sql_tier", "project_id"]) +
               "\nReleasing state lock. This may take a few moments...")
        t.say("Raw terraform commands don't get the environment values — the Makefile passes envs/<env>.tfvars for "
              "plan, but import needs them too. Same import with the staging var file.")
        t.bash(f"terraform import -var-file=envs/staging.tfvars {addr} {bid}", "Import with the staging tfvars",
               out=f"""Acquiring state lock. This may take a few moments...
google_storage_bucket.app["legacy-exports"]: Importing from ID "{bid}"...
google_storage_bucket.app["legacy-exports"]: Import prepared!
  Prepared google_storage_bucket for import
google_storage_bucket.app["legacy-exports"]: Refreshing state... [id={STG}-legacy-exports]

Import successful!

The resources that were imported are shown above. These resources are now in
your Terraform state and will henceforth be managed by Terraform.

Releasing state lock. This may take a few moments...""", timeout=300000)
        inv_add("staging", 'google_storage_bucket.app["legacy-exports"]', f"{STG}-legacy-exports")
        legacy_body = f"""  # google_storage_bucket.app["legacy-exports"] will be updated in-place
  ~ resource "google_storage_bucket" "app" {{
      ~ effective_labels            = {{
          + "env"        = "staging"
          + "managed-by" = "terraform"
          + "repo"       = "gcp-platform"
        }}
        id                          = "{STG}-legacy-exports"
        name                        = "{STG}-legacy-exports"
      ~ public_access_prevention    = "inherited" -> "enforced"
      ~ terraform_labels            = {{
          + "env"        = "staging"
          + "managed-by" = "terraform"
          + "repo"       = "gcp-platform"
        }}
        # (14 unchanged attributes hidden)

      + versioning {{
          + enabled = false
        }}

        # (2 unchanged blocks hidden)
    }}"""
        t.bash("make plan ENV=staging", "Plan staging with the imported bucket", out=make_hdr("plan", "staging") +
               "\n" + plan_out("staging", legacy_body, "Plan: 0 to add, 1 to change, 0 to destroy.", ["update"],
                               "staging.tfplan"), timeout=600000)
        t.done(f"""`{STG}-legacy-exports` is now `google_storage_bucket.app["legacy-exports"]` in the staging state — one more entry in `local.app_buckets`, no separate resource.

It had no lifecycle rule, so the entry has `retention_days = null`, and the `lifecycle_rule` in the app bucket resource is now a `dynamic` block that is skipped when retention is null. `reports-exports` keeps its 30-day rule. The first `terraform import` failed with "No value for required variable" (`project_id`, `environment`, `sql_tier`) because it ran without the env var file; with `-var-file=envs/staging.tfvars` it worked.

The staging plan after import is **0 to add, 1 to change, 0 to destroy**, all harmless:
- `public_access_prevention` inherited → enforced (the bucket isn't public today; this just makes sure it can't become public)
- our default labels added (`env`, `managed-by`, `repo`)
- an explicit `versioning {{ enabled = false }}` (it's already off)

Not applied, not committed. Prod has no such bucket, so the map entry would *create* an empty `{PRD}-legacy-exports` on the next prod apply. If that's unwanted, the map needs a per-env switch — tell me which you prefer.""")

        t = d.task("bump google and google-beta to at least 7.58 (I want the cloud run v2 network_interfaces fixes "
                   "before we move notify-worker to direct egress) and refresh the lock file", tags=["flaky:F1"])
        t.read(P("versions.tf"))
        t.edit(P("versions.tf"), 'version = "~> 7.40"', 'version = "~> 7.58"', replace_all=True)
        init_head = """Initializing the backend...
Upgrading modules...
- notify_worker in modules/cloud-run-service
- orders_api in modules/cloud-run-service
Initializing provider plugins...
- Finding hashicorp/google versions matching "~> 7.58"...
- Finding hashicorp/google-beta versions matching "~> 7.58"...
- Installing hashicorp/google v7.61.0..."""
        t.fail("terraform init -upgrade", "Upgrade providers and update the lock file", init_head + "\n" + box(
            ["Error: Failed to install provider", ""] + [
                "Error while installing hashicorp/google v7.61.0: Get",
                '"https://releases.hashicorp.com/terraform-provider-google/7.61.0/terraform-provider-google_7.61.0_linux_amd64.zip":',
                "net/http: TLS handshake timeout"]), timeout=300000)
        t.bash("terraform init -upgrade", "Upgrade providers and update the lock file", out=init_head + """
- Installed hashicorp/google v7.61.0 (signed by HashiCorp)
- Installing hashicorp/google-beta v7.61.0...
- Installed hashicorp/google-beta v7.61.0 (signed by HashiCorp)
Terraform has made some changes to the provider dependency selections recorded
in the .terraform.lock.hcl file. Review those changes and commit them to your
version control system if they represent changes you intended to make.

Terraform has been successfully initialized!

You may now begin working with Terraform. Try running "terraform plan" to see
any changes that are required for your infrastructure. All Terraform commands
should now work.

If you ever set or change modules or backend configuration for Terraform,
rerun this command to reinitialize your working directory. If you forget, other
commands will detect it and remind you to do so if necessary.""", timeout=300000)
        t.bash("git diff --stat -- versions.tf .terraform.lock.hcl", "What changed",
               out=" .terraform.lock.hcl | 84 +++++++++++++++++++++++++--------------------------\n"
                   " versions.tf         |  4 ++--\n 2 files changed, 44 insertions(+), 44 deletions(-)")
        t.bash("terraform validate", "Validate with the new providers", out="Success! The configuration is valid.")
        t.bash("make plan ENV=staging", "Plan staging with 7.61.0", out=make_hdr("plan", "staging") + "\n" + plan_out(
            "staging", legacy_body, "Plan: 0 to add, 1 to change, 0 to destroy.", ["update"], "staging.tfplan"),
            timeout=600000)
        t.done("""google and google-beta now use `~> 7.58` and the lock file pins **7.61.0** for both (h1 hashes for linux_amd64 and the zh hashes for every platform, so Macs work too).

The first `terraform init -upgrade` died on a TLS handshake timeout downloading from releases.hashicorp.com; the identical retry went through.

`validate` passes, and the staging plan with 7.61.0 shows no provider-driven diffs. The only change is still the pending `legacy-exports` update from the import (PAP, labels, versioning block). Changed: `versions.tf`, `.terraform.lock.hcl`.""")

        t = d.task("notify-worker is moving to SendGrid. add a sendgrid-api-key secret (I'll put the value in by "
                   "hand) and split the secret access: each Cloud Run SA only gets its own secrets. stripe + signing "
                   "key stay with orders-api", tags=["oneoff:O2"])
        sec = P("secrets.tf")
        t.read(sec)
        t.write(sec, """locals {
  # secret id => Cloud Run service (SA) allowed to read it
  app_secrets = {
    "stripe-webhook-secret" = "orders-api"
    "orders-signing-key"    = "orders-api"
    "sendgrid-api-key"      = "notify-worker"
  }
}

resource "google_secret_manager_secret" "app" {
  for_each = local.app_secrets

  secret_id = each.key

  replication {
    auto {}
  }
}

# each service reads only its own secrets
resource "google_secret_manager_secret_iam_member" "run_access" {
  for_each = { for name, secret in google_secret_manager_secret.app : secret.id => local.app_secrets[name] }

  secret_id = each.key
  role      = "roles/secretmanager.secretAccessor"
  member    = google_service_account.run[each.value].member
}
""")
        t.bash("terraform fmt -recursive && terraform validate", "Format and validate",
               out="Success! The configuration is valid.")
        ln, src = line_of(d, sec, "for_each = { for name")
        fe_err = box(["Error: Invalid for_each argument", "",
                      f'  on secrets.tf line {ln}, in resource "google_secret_manager_secret_iam_member" "run_access":',
                      f"{ln:>4}: {src}",
                      "    ├────────────────",
                      "    │ google_secret_manager_secret.app is object with 3 attributes",
                      "    │ local.app_secrets is object with 3 attributes", ""] + wrap(
            'The "for_each" map includes keys derived from resource attributes that cannot be determined until '
            'apply, and so Terraform cannot determine the full set of keys that will identify the instances of this '
            'resource.') + [""] + wrap(
            "When working with unknown values in for_each, it's better to define the map keys statically in your "
            "configuration and place apply-time results only in the map values.") + [""] + wrap(
            "Alternatively, you could use the -target planning option to first apply only the resources that the "
            "for_each value depends on, and then apply a second time to fully converge."))
        part = refresh("staging").split("\n")[:31]
        t.fail("make plan ENV=staging", "Plan staging", make_hdr("plan", "staging") +
               "\nAcquiring state lock. This may take a few moments...\n" + "\n".join(part) + "\n" + fe_err +
               "\nReleasing state lock. This may take a few moments...\n" + make_err(d, "plan"), code=2,
               timeout=600000)
        t.say("My mistake: I keyed the bindings by the secret's `id`, which is unknown for the new SendGrid secret "
              "until apply. Keying by the secret name (static) fixes that, and `moved` blocks keep the two existing "
              "orders-api bindings instead of destroying and recreating them.")
        t.edit(sec, """  for_each = { for name, secret in google_secret_manager_secret.app : secret.id => local.app_secrets[name] }

  secret_id = each.key
  role      = "roles/secretmanager.secretAccessor"
  member    = google_service_account.run[each.value].member
}
""", """  for_each = local.app_secrets

  secret_id = google_secret_manager_secret.app[each.key].id
  role      = "roles/secretmanager.secretAccessor"
  member    = google_service_account.run[each.value].member
}

moved {
  from = google_secret_manager_secret_iam_member.orders_api["stripe-webhook-secret"]
  to   = google_secret_manager_secret_iam_member.run_access["stripe-webhook-secret"]
}

moved {
  from = google_secret_manager_secret_iam_member.orders_api["orders-signing-key"]
  to   = google_secret_manager_secret_iam_member.run_access["orders-signing-key"]
}
""")
        n = NUM[STG]
        mv = []
        for s_ in ["orders-signing-key", "stripe-webhook-secret"]:
            mv.append(f"""  # google_secret_manager_secret_iam_member.orders_api["{s_}"] has moved to google_secret_manager_secret_iam_member.run_access["{s_}"]
    resource "google_secret_manager_secret_iam_member" "run_access" {{
        id        = "projects/{n}/secrets/{s_}/roles/secretmanager.secretAccessor/serviceAccount:{sa('sa-orders-api', 'staging')}"
        # (4 unchanged attributes hidden)
    }}""")
        sec_items = [("create_time", KAA), ("deletion_protection", "false"), ("effective_annotations", KAA),
                     ("effective_labels", labels("staging")), ("expire_time", KAA), ("id", KAA), ("name", KAA),
                     ("project", q(STG)), ("secret_id", q("sendgrid-api-key")),
                     ("terraform_labels", labels("staging")),
                     ("#block", "replication", [("#block", "auto", [])])]
        acc_items = [("etag", KAA), ("id", KAA), ("member", q("serviceAccount:" + sa("sa-notify-worker", "staging"))),
                     ("project", KAA), ("role", q("roles/secretmanager.secretAccessor")), ("secret_id", KAA)]
        body = "\n\n".join([
            create('google_secret_manager_secret.app["sendgrid-api-key"]', "google_secret_manager_secret", "app",
                   sec_items),
            create('google_secret_manager_secret_iam_member.run_access["sendgrid-api-key"]',
                   "google_secret_manager_secret_iam_member", "run_access", acc_items),
            legacy_body] + mv)
        t.bash("make plan ENV=staging", "Plan staging again", out=make_hdr("plan", "staging") + "\n" + plan_out(
            "staging", body, "Plan: 2 to add, 1 to change, 0 to destroy.", ["create", "update"], "staging.tfplan"),
            timeout=600000)
        t.done("""`secrets.tf` now has one map, `local.app_secrets` (secret → service), driving both the secrets and a single `run_access` binding per secret:
- `stripe-webhook-secret`, `orders-signing-key` → `sa-orders-api`
- `sendgrid-api-key` (new, empty — add the first version by hand) → `sa-notify-worker`

Staging plan: **2 to add** (the SendGrid secret and notify-worker's accessor on it), the two existing orders-api bindings **moved** to `run_access[...]` (no destroy/create), and **1 to change**, which is still the pending `legacy-exports` update from this morning's import.

On the first try I keyed the bindings by `secret.id`, and plan failed with "Invalid for_each argument": the new secret's id doesn't exist until apply. They're keyed by name now, which is also what the `moved` blocks need. Nothing applied.""")

    # #209 (import), #210 (providers), #211 (secrets split) merged on 10-06; apply-staging ran
    n = NUM[STG]
    inv_add("staging", 'google_secret_manager_secret.app["sendgrid-api-key"]', f"projects/{STG}/secrets/sendgrid-api-key")
    for s_, who in (("orders-signing-key", "orders-api"), ("stripe-webhook-secret", "orders-api"),
                    ("sendgrid-api-key", "notify-worker")):
        inv_del("staging", f'google_secret_manager_secret_iam_member.orders_api["{s_}"]')
        inv_add("staging", f'google_secret_manager_secret_iam_member.run_access["{s_}"]',
                f"projects/{n}/secrets/{s_}/roles/secretmanager.secretAccessor/serviceAccount:{sa('sa-' + who, 'staging')}")

    # ============================================================ S5  Wed 10-07
    with d.session("2026-10-07T09:30:00", R, branch="feat/orders-cache", version="2.1.121"):
        t = d.task("orders-api needs a cache. Memorystore Redis: basic 1 GB on staging, standard HA on prod (via the "
                   "tfvars), private service access on our main VPC, and give orders-api REDIS_HOST / REDIS_PORT env. "
                   "apply on staging", tags=["mistake:M2"])
        t.read(P("network.tf"))
        t.read(P("cloud_run.tf"), limit=26)
        t.read(P("variables.tf"))
        rd = P("redis.tf")
        t.write(rd, """# Cache for orders-api, reached over private services access (same peering range as Cloud SQL).
resource "google_redis_instance" "orders_cache" {
  name               = "orders-cache"
  region             = var.region
  tier               = var.redis_tier
  memory_size_gb     = 1
  redis_version      = "REDIS_7_2"
  authorized_network = google_compute_network.main.id
  connect_mode       = "PRIVATE_SERVICE_ACCESS"

  depends_on = [google_service_networking_connection.private_services]
}
""")
        t.edit(P("variables.tf"), """  default     = "platform-alerts@brightloop.io"
}""", """  default     = "platform-alerts@brightloop.io"
}

variable "redis_tier" {
  description = "Memorystore tier for orders-cache: BASIC (staging) or STANDARD_HA (prod)."
  type        = string
  default     = "BASIC"
}""")
        t.read(P("envs/prod.tfvars"))
        t.edit(P("envs/prod.tfvars"), """notify_worker_max_instances = 30
""", """notify_worker_max_instances = 30

redis_tier = "STANDARD_HA"
""")
        t.edit(P("cloud_run.tf"), """    ENVIRONMENT = var.environment
  }
}

module "notify_worker" {""", """    ENVIRONMENT = var.environment
    REDIS_HOST  = google_redis_instance.orders_cache.host
    REDIS_PORT  = tostring(google_redis_instance.orders_cache.port)
  }
}

module "notify_worker" {""")
        t.bash("terraform fmt -recursive && terraform validate", "Format and validate",
               out="Success! The configuration is valid.")
        redis_items = [("auth_enabled", "false"), ("auth_string", "(sensitive value)"),
                       ("authorized_network", q(f"projects/{STG}/global/networks/main")),
                       ("connect_mode", q("PRIVATE_SERVICE_ACCESS")), ("create_time", KAA),
                       ("current_location_id", KAA), ("effective_labels", labels("staging")),
                       ("effective_reserved_ip_range", KAA), ("host", KAA), ("id", KAA), ("location_id", KAA),
                       ("maintenance_schedule", KAA), ("memory_size_gb", "1"), ("name", q("orders-cache")),
                       ("nodes", KAA), ("persistence_iam_identity", KAA), ("port", KAA), ("project", q(STG)),
                       ("read_endpoint", KAA), ("read_endpoint_port", KAA), ("read_replicas_mode", KAA),
                       ("redis_configs", KAA), ("redis_version", q("REDIS_7_2")), ("region", q(REGION)),
                       ("replica_count", KAA), ("reserved_ip_range", KAA), ("server_ca_certs", KAA),
                       ("terraform_labels", labels("staging")), ("tier", q("BASIC")),
                       ("transit_encryption_mode", q("DISABLED")),
                       ("#block", "persistence_config", None)]
        run_upd = f"""  # module.orders_api.google_cloud_run_v2_service.this will be updated in-place
  ~ resource "google_cloud_run_v2_service" "this" {{
        id                      = "projects/{STG}/locations/{REGION}/services/orders-api"
        name                    = "orders-api"
        # (29 unchanged attributes hidden)

      ~ template {{
            # (9 unchanged attributes hidden)

          ~ containers {{
                name       = "orders-api-1"
                # (6 unchanged attributes hidden)

              + env {{
                  + name  = "REDIS_HOST"
                  + value = (known after apply)
                }}
              + env {{
                  + name  = "REDIS_PORT"
                  + value = (known after apply)
                }}

                # (7 unchanged blocks hidden)
            }}

            # (2 unchanged blocks hidden)
        }}

        # (1 unchanged block hidden)
    }}"""
        body = "\n\n".join([create("google_redis_instance.orders_cache", "google_redis_instance", "orders_cache",
                                   redis_items), run_upd])
        t.bash("make plan ENV=staging", "Plan staging", out=make_hdr("plan", "staging") + "\n" + plan_out(
            "staging", body, "Plan: 1 to add, 1 to change, 0 to destroy.", ["create", "update"], "staging.tfplan"),
            timeout=600000)
        ln, src = line_of(d, rd, 'resource "google_redis_instance"')
        t.fail("make apply ENV=staging", "Apply the staging plan", make_hdr("apply", "staging") + """
Acquiring state lock. This may take a few moments...
google_redis_instance.orders_cache: Creating...
""" + service_disabled("Instance", "Google Cloud Memorystore for Redis API", "redis.googleapis.com", "staging",
                       ("google_redis_instance.orders_cache", "redis.tf", ln, src, "google_redis_instance",
                        "orders_cache")) +
               "\nReleasing state lock. This may take a few moments...\n" + make_err(d, "apply"), code=2,
               timeout=900000)
        t.say("Memorystore's API is off in bl-platform-stg — nothing was created (orders-api's update waits for the "
              "Redis host). Let me see what is enabled there before touching the service list.")
        t.bash(f'gcloud services list --enabled --project {STG} --format="value(config.name)" | sort',
               "List enabled APIs on staging", out="\n".join(sorted(
                   SERVICES + ["cloudscheduler.googleapis.com", "analyticshub.googleapis.com",
                               "bigquery.googleapis.com", "bigqueryconnection.googleapis.com",
                               "bigquerydatapolicy.googleapis.com", "bigquerymigration.googleapis.com",
                               "bigqueryreservation.googleapis.com", "bigquerystorage.googleapis.com",
                               "cloudapis.googleapis.com", "cloudtrace.googleapis.com", "containerregistry.googleapis.com",
                               "dataform.googleapis.com", "dataplex.googleapis.com", "datastore.googleapis.com",
                               "oslogin.googleapis.com", "servicemanagement.googleapis.com",
                               "serviceusage.googleapis.com", "sql-component.googleapis.com",
                               "storage-api.googleapis.com", "storage-component.googleapis.com",
                               "storage.googleapis.com"])))
        t.edit(rd, """  depends_on = [google_service_networking_connection.private_services]""",
               """  depends_on = [
    google_project_service.enabled,
    google_service_networking_connection.private_services,
  ]""")
        t.read(P("services.tf"), limit=18)
        t.edit(P("services.tf"), """    "pubsub.googleapis.com",
""", """    "pubsub.googleapis.com",
    "redis.googleapis.com",
""")
        body2 = "\n\n".join([
            create('google_project_service.enabled["redis.googleapis.com"]', "google_project_service", "enabled",
                   [("disable_on_destroy", "false"), ("id", KAA), ("project", q(STG)),
                    ("service", q("redis.googleapis.com"))]),
            create("google_redis_instance.orders_cache", "google_redis_instance", "orders_cache", redis_items),
            run_upd])
        t.bash("make plan ENV=staging", "Re-plan staging", out=make_hdr("plan", "staging") + "\n" + plan_out(
            "staging", body2, "Plan: 2 to add, 1 to change, 0 to destroy.", ["create", "update"], "staging.tfplan"),
            timeout=600000)
        still = "\n".join(f"google_redis_instance.orders_cache: Still creating... [{dur(s)} elapsed]"
                          for s in range(10, 341, 10) if s % 30 == 0 or s <= 20)
        t.bash("make apply ENV=staging", "Apply (Redis takes a few minutes)", out=make_hdr("apply", "staging") + f"""
Acquiring state lock. This may take a few moments...
google_project_service.enabled["redis.googleapis.com"]: Creating...
google_project_service.enabled["redis.googleapis.com"]: Still creating... [10s elapsed]
google_project_service.enabled["redis.googleapis.com"]: Creation complete after 17s [id={STG}/redis.googleapis.com]
google_redis_instance.orders_cache: Creating...
{still}
google_redis_instance.orders_cache: Creation complete after 5m47s [id=projects/{STG}/locations/{REGION}/instances/orders-cache]
module.orders_api.google_cloud_run_v2_service.this: Modifying... [id=projects/{STG}/locations/{REGION}/services/orders-api]
module.orders_api.google_cloud_run_v2_service.this: Still modifying... [id=projects/{STG}/locations/{REGION}/services/orders-api, 10s elapsed]
module.orders_api.google_cloud_run_v2_service.this: Modifications complete after 19s [id=projects/{STG}/locations/{REGION}/services/orders-api]

Apply complete! Resources: 2 added, 1 changed, 0 destroyed.
""" + outputs("staging") + "\nReleasing state lock. This may take a few moments...", timeout=1200000)
        inv_add("staging", 'google_project_service.enabled["redis.googleapis.com"]', f"{STG}/redis.googleapis.com")
        inv_add("staging", "google_redis_instance.orders_cache",
                f"projects/{STG}/locations/{REGION}/instances/orders-cache")
        t.bash(f'gcloud redis instances describe orders-cache --region {REGION} --project {STG} '
               f'--format="value(host,port,tier,memorySizeGb,redisVersion,state)"', "Check the instance",
               out="10.61.16.3\t6379\tBASIC\t1\tREDIS_7_2\tREADY")
        t.done(f"""Staging has **orders-cache**: Memorystore Redis 7.2, BASIC, 1 GB, private services access on `main`, at `10.61.16.3:6379`, READY. orders-api got `REDIS_HOST` / `REDIS_PORT` (new revision, traffic follows latest). Prod gets `redis_tier = "STANDARD_HA"` from `envs/prod.tfvars`; the default stays BASIC.

The first apply failed: **Memorystore for Redis API was not enabled** in {STG} (`SERVICE_DISABLED`). I added `redis.googleapis.com` to `local.services` in `services.tf`, made the instance `depends_on` the `google_project_service.enabled` set (so the API comes first), re-planned and applied: 2 added (API + instance), 1 changed (orders-api env).

Notes:
- AUTH and in-transit encryption are off. The instance is only reachable from `main` through the peering, but if orders-api should use TLS to Redis, that is a client change plus `transit_encryption_mode = "SERVER_AUTHENTICATION"` (forces a new instance).
- Files: `redis.tf` (new), `services.tf`, `variables.tf`, `envs/prod.tfvars`, `cloud_run.tf`. Not committed.""")

        t = d.task("what landed on main in the last two weeks? I've been heads-down on my own stuff",
                   tags=["noise", "long_output"])
        log = [
            ("b81e4c2", "2026-10-06", "Kwame Mensah", "secrets: per-service accessor bindings, sendgrid-api-key (#211)",
             [("secrets.tf", 32, "+++++++++++++++++++++-----------")]),
            ("2f09ad7", "2026-10-06", "Kwame Mensah", "providers: google/google-beta ~> 7.58 (7.61.0) (#210)",
             [(".terraform.lock.hcl", 84, "++++++++++++++++++++++++++++++++++++++++++------------------------------------------"), ("versions.tf", 4, "++--")]),
            ("c4d1a90", "2026-10-05", "Kwame Mensah", "storage: import legacy-exports into the app bucket map (#209)",
             [("storage.tf", 21, "++++++++++++++++-----")]),
            ("93aa0e1", "2026-10-02", "Maren Hoffmann", "bootstrap: sa-tf-plan gets roles/cloudsql.viewer for drift plans (#206)",
             [("bootstrap/wif.tf", 6, "++++++")]),
            ("e57b3d8", "2026-10-01", "Kwame Mensah", "scheduler: nightly reports-export trigger (#208)",
             [("scheduler.tf", 36, "++++++++++++++++++++++++++++++++++++"), ("services.tf", 1, "+")]),
            ("0d6f2b1", "2026-09-30", "Maren Hoffmann", "ci: pin tflint-ruleset-google 0.33.0 (#205)",
             [(".tflint.hcl", 2, "+-")]),
            ("6b1c8e7", "2026-09-29", "Kwame Mensah", "storage: reports-exports bucket for reports-export (#207)",
             [("storage.tf", 44, "++++++++++++++++++++++++++++++++++++++++++++")]),
            ("a3e9f04", "2026-09-29", "Rhys Morgan", "bootstrap: drop roles/editor from the default compute SA (#204)",
             [("bootstrap/main.tf", 9, "+++------")]),
            ("5fe2d19", "2026-09-25", "Maren Hoffmann", "drift: open/refresh an issue instead of failing the run (#203)",
             [(".github/actions/drift-issue/action.yml", 48, "++++++++++++++++++++++++++++++++++++++++++++++++"),
              (".github/workflows/drift.yml", 11, "+++++++----")]),
            ("71c0b3a", "2026-09-24", "Joel Adeyemi", "orders-api: DB_IAM_USER env for the connector (#202)",
             [("cloud_run.tf", 1, "+")]),
            ("d20e6f8", "2026-09-24", "Maren Hoffmann", "monitoring: orders-pg CPU alert to the platform channel (#201)",
             [("monitoring.tf", 38, "++++++++++++++++++++++++++++++++++++++")]),
            ("8e4a7c5", "2026-09-23", "Ifeoma Nwosu", "reports-export job: EXPORT_BUCKET env, 30 min timeout (#200)",
             [("cloud_run.tf", 7, "+++++--")]),
        ]
        out = []
        for h, dt, who, msg, files in log:
            out.append(f"{h} {dt} {who} {msg}")
            w = max(len(f) for f, _, _ in files)
            for f, nch, bar in files:
                out.append(f" {f:<{w}} | {nch:>2} {bar}")
            ins = sum(b.count("+") for _, _, b in files)
            dels = sum(b.count("-") for _, _, b in files)
            parts = [f"{len(files)} file{'s' if len(files) > 1 else ''} changed"]
            if ins:
                parts.append(f"{ins} insertion{'s' if ins != 1 else ''}(+)")
            if dels:
                parts.append(f"{dels} deletion{'s' if dels != 1 else ''}(-)")
            out.append(" " + ", ".join(parts))
            out.append("")
        t.bash('git fetch -q origin && git log origin/main --since="2 weeks ago" --no-merges --stat '
               '--format="%h %ad %an %s" --date=short', "Commits on main in the last two weeks",
               out="\n".join(out).rstrip())
        t.done("""12 commits on main since 09-23:

**Yours** — reports-exports bucket (#207), nightly reports-export trigger + Cloud Scheduler API (#208), legacy-exports import (#209), providers 7.61.0 (#210), per-service secret access + SendGrid secret (#211).

**Others**
- **Maren**: CPU alert for orders-pg (#201); the drift workflow now opens/refreshes an issue (new composite action `.github/actions/drift-issue`) instead of failing the run (#203); tflint google ruleset pinned to 0.33.0 (#205); `sa-tf-plan` gets `roles/cloudsql.viewer` so drift plans can read Cloud SQL (#206).
- **Joel**: `DB_IAM_USER` env for orders-api (#202).
- **Rhys**: dropped `roles/editor` from the default compute SA in `bootstrap/` (#204). Anything still relying on that SA's broad rights would show up as 403s.
- **Ifeoma**: reports-export job gets `EXPORT_BUCKET` and a 30 min timeout (#200).

None of it touches networking, `variables.tf` or the tfvars, so the Redis branch merges cleanly.""")

        d.precompact(f"""Analysis: Kwame (platform engineer, Brightloop) owns brightloop/gcp-platform at {R}: one Terraform root with a GCS backend (bucket bl-tfstate-platform, prefix gcp-platform) and two workspaces, staging (bl-platform-stg) and prod (bl-platform-prod); per-env values in envs/<env>.tfvars; Makefile targets `make plan ENV=<env>` (selects the workspace, writes <env>.tfplan), `make apply ENV=<env>` (staging only; prod is applied by CI), `make lint` (tflint --recursive + checkov). CI: .github/workflows/terraform.yml (PR: lint + plan both envs via WIF; push to main: apply staging; workflow_dispatch: apply prod behind the production environment), drift.yml at 07:00 UTC weekdays. Cloud Run module ignores image/traffic; releases are rolled with gcloud.

Summary:
1. This session (branch feat/orders-cache): added redis.tf (google_redis_instance.orders_cache, BASIC 1 GB on staging, var.redis_tier = STANDARD_HA in envs/prod.tfvars, private services access on main), REDIS_HOST/REDIS_PORT env on module.orders_api. First `make apply ENV=staging` failed with SERVICE_DISABLED for the Memorystore for Redis API; added redis.googleapis.com to local.services in services.tf and depends_on google_project_service.enabled, re-planned and applied (2 added, 1 changed). Instance READY at 10.61.16.3:6379. Not committed.
2. Summarised the last two weeks on main (#200–#211); nothing conflicts with the Redis branch.
3. Kwame wants app resources in for_each maps (never count) and explicit --project/--region on gcloud calls. Service accounts so far are named sa-<purpose>.

Pending: nothing requested yet beyond the Redis branch.""")

        t = d.task("add an uptime check on orders-api /healthz (every 60s, from 3 regions) and an alert policy that "
                   "mails the platform channel when it fails for 5 minutes. usual checks, then the staging plan",
                   tags=["workflow:W1", "oneoff:O1"])
        mon = P("monitoring.tf")
        t.read(mon)
        t.edit(mon, """  notification_channels = [google_monitoring_notification_channel.platform_email.id]
}""", """  notification_channels = [google_monitoring_notification_channel.platform_email.id]
}

resource "google_monitoring_uptime_check_config" "orders_api" {
  display_name     = "orders-api /healthz (${var.environment})"
  timeout          = "10s"
  period           = "60s"
  selected_regions = ["EUROPE", "USA_VIRGINIA", "ASIA_PACIFIC"]

  http_check {
    path         = "/healthz"
    port         = 443
    use_ssl      = true
    validate_ssl = true
  }

  monitored_resource {
    type = "uptime_url"
    labels = {
      project_id = var.project_id
      host       = trimprefix(module.orders_api.uri, "https://")
    }
  }
}

resource "google_monitoring_alert_policy" "orders_api_uptime" {
  display_name = "orders-api /healthz failing (${var.environment})"
  combiner     = "OR"

  conditions {
    display_name = "Uptime check failing from 2+ regions for 5 min"

    condition_threshold {
      filter          = "metric.type = \\"monitoring.googleapis.com/uptime_check/check_passed\\" AND resource.type = \\"uptime_url\\" AND metric.labels.check_id = \\"${google_monitoring_uptime_check_config.orders_api.uptime_check_id}\\""
      comparison      = "COMPARISON_GT"
      threshold_value = 1
      duration        = "300s"

      aggregations {
        alignment_period     = "60s"
        per_series_aligner   = "ALIGN_NEXT_OLDER"
        cross_series_reducer = "REDUCE_COUNT_FALSE"
        group_by_fields      = ["resource.label.host"]
      }
    }
  }

  notification_channels = [google_monitoring_notification_channel.platform_email.id]
}""")
        t.read(P("variables.tf"), offset=50)
        t.edit(P("variables.tf"), """  default     = "BASIC"
}""", """  default     = "BASIC"
}

variable "uptime_check_period" {
  description = "How often the orders-api uptime check runs."
  type        = string
  default     = "60s"
}""")
        t.bash("terraform fmt -recursive", "Format")
        t.bash("terraform validate", "Validate", out="Success! The configuration is valid.")
        ln, src = line_of(d, P("variables.tf"), 'variable "uptime_check_period"')
        t.fail("make lint", "tflint + checkov", f"""tflint --recursive
1 issue(s) found:

Warning: variable "uptime_check_period" is declared but not used (terraform_unused_declarations)

  on variables.tf line {ln}:
  {ln}: {src}

Reference: https://github.com/terraform-linters/tflint-ruleset-terraform/blob/v0.12.0/docs/rules/terraform_unused_declarations.md

{make_err(d, "lint", 2)}""", code=2, timeout=300000)
        t.say("I declared `uptime_check_period` but hard-coded \"60s\" in the check. Wiring the variable in.")
        t.edit(mon, """  period           = "60s\"""", """  period           = var.uptime_check_period""")
        t.bash("make lint", "tflint + checkov again", out=lint_ok(127), timeout=300000)
        up_items = [("checker_type", KAA), ("display_name", q("orders-api /healthz (staging)")), ("id", KAA),
                    ("name", KAA), ("period", q("60s")), ("project", q(STG)),
                    ("selected_regions", "[\n          + \"ASIA_PACIFIC\",\n          + \"EUROPE\",\n          + \"USA_VIRGINIA\",\n        ]"),
                    ("timeout", q("10s")), ("uptime_check_id", KAA),
                    ("#block", "http_check", [("path", q("/healthz")), ("port", "443"), ("request_method", q("GET")),
                                              ("use_ssl", "true"), ("validate_ssl", "true"),
                                              ("#block", "accepted_response_status_codes", None)]),
                    ("#block", "monitored_resource", [("labels", {"host": q(f"orders-api-{n}.{REGION}.run.app"),
                                                                  "project_id": q(STG)}),
                                                      ("type", q("uptime_url"))])]
        ap_items = [("combiner", q("OR")), ("creation_record", KAA),
                    ("display_name", q("orders-api /healthz failing (staging)")), ("enabled", "true"), ("id", KAA),
                    ("name", KAA), ("notification_channels", "[\n          + \"projects/" + STG +
                                                              "/notificationChannels/1283947561203948571\",\n        ]"),
                    ("project", q(STG)),
                    ("#block", "alert_strategy", None),
                    ("#block", "conditions", [("display_name", q("Uptime check failing from 2+ regions for 5 min")),
                                              ("name", KAA),
                                              ("#block", "condition_threshold", [
                                                  ("comparison", q("COMPARISON_GT")), ("duration", q("300s")),
                                                  ("filter", KAA), ("threshold_value", "1"),
                                                  ("#block", "aggregations", [
                                                      ("alignment_period", q("60s")),
                                                      ("cross_series_reducer", q("REDUCE_COUNT_FALSE")),
                                                      ("group_by_fields", '[\n                      + "resource.label.host",\n                    ]'),
                                                      ("per_series_aligner", q("ALIGN_NEXT_OLDER"))])])])]
        body = "\n\n".join([
            create("google_monitoring_alert_policy.orders_api_uptime", "google_monitoring_alert_policy",
                   "orders_api_uptime", ap_items),
            create("google_monitoring_uptime_check_config.orders_api", "google_monitoring_uptime_check_config",
                   "orders_api", up_items)])
        t.bash("make plan ENV=staging", "Plan staging", out=make_hdr("plan", "staging") + "\n" + plan_out(
            "staging", body, "Plan: 2 to add, 0 to change, 0 to destroy.", ["create"], "staging.tfplan"),
            timeout=600000)
        t.done(f"""Staging plan: **2 to add, 0 to change, 0 to destroy**.

- `google_monitoring_uptime_check_config.orders_api`: HTTPS GET `https://orders-api-{n}.{REGION}.run.app/healthz` every 60 s (`var.uptime_check_period`) from EUROPE, USA_VIRGINIA and ASIA_PACIFIC, 10 s timeout, SSL validated.
- `google_monitoring_alert_policy.orders_api_uptime`: fires when the check fails from more than one region for 5 minutes (`REDUCE_COUNT_FALSE` > 1 over 300 s), notifies `Platform alerts (staging)`. Requiring two regions keeps a single probe location's blip from paging.

Checks: fmt and validate clean. `make lint` first flagged `uptime_check_period` as declared but unused (`terraform_unused_declarations`): I had hard-coded "60s" in the check. After wiring the variable in, tflint and checkov are clean.

The staging plan is saved; nothing applied.""")

    # ============================================================ S6  Fri 10-09
    with d.session("2026-10-09T08:45:00", R, branch="main", version="2.1.122"):
        t = d.task("#212 (orders cache + uptime check) got Maren's approval. merge it, then start the next one: "
                   "notify-worker concurrency 20 -> 40 on both envs, plan staging", tags=["mistake:M1"])
        t.bash("gh pr merge 212 --squash --delete-branch", "Squash-merge #212")
        merge_time = d.clock
        c1, c0 = sha(), "b81e4c2"
        t.bash("git pull --ff-only && git log --oneline -3", "Update main", out=f"""Updating {c0}..{c1}
Fast-forward
 .github/workflows/terraform.yml | 14 +++++++++++---
 cloud_run.tf                    |  2 ++
 envs/prod.tfvars                |  2 ++
 monitoring.tf                   | 57 +++++++++++++++++++++++++++++++++++++++++
 redis.tf                        | 15 +++++++++++++
 services.tf                     |  1 +
 variables.tf                    | 12 ++++++++++
 7 files changed, 100 insertions(+), 3 deletions(-)
 create mode 100644 redis.tf
{c1} (HEAD -> main, origin/main) orders-cache (Memorystore) for orders-api + /healthz uptime check (#212)
4c7e2d0 ci: cache .terraform/providers between lint and plan jobs (#214)
{c0} secrets: per-service accessor bindings, sendgrid-api-key (#211)""")
        t.read(P("cloud_run.tf"), offset=26, limit=20)
        t.edit(P("cloud_run.tf"), "  concurrency     = 20\n", "  concurrency     = 40\n")
        who = "runner@fv-az1187-402"
        run_start = merge_time + _dt.timedelta(seconds=4)
        if d.clock < run_start + _dt.timedelta(seconds=66):
            d.clock = run_start + _dt.timedelta(seconds=66)
        apply_start = max(run_start + _dt.timedelta(seconds=42), d.clock - _dt.timedelta(seconds=55))
        lock_at = apply_start + _dt.timedelta(seconds=21)
        t.fail("make plan ENV=staging", "Plan staging",
               make_hdr("plan", "staging") + "\nAcquiring state lock. This may take a few moments...\n" +
               lock_error("staging", "OperationTypeApply", who, ts_utc(lock_at), gen_id(lock_at)) + "\n" +
               make_err(d, "plan"), code=2, timeout=600000)
        t.say("Staging's state is locked by a CI runner doing an **apply** — that's `apply-staging` for the #212 merge "
              "I just did. Waiting for that run to finish.")
        rid = 18260311907
        t.bash("gh run list --workflow terraform.yml --branch main --limit 2", "Find the apply run on main",
               out="\n".join([
                   run_list_line("in_progress", "", "orders-cache (Memorystore) for orders-api + /healthz uptime check (#212)",
                                 "terraform", "main", "push", rid, dur(int((d.clock - run_start).total_seconds())),
                                 iso(run_start)),
                   run_list_line("completed", "success", "secrets: per-service accessor bindings, sendgrid-api-key (#211)",
                                 "terraform", "main", "push", 18199460283, "2m41s", "2026-10-06T15:12:09Z")]))
        ap = steps_tf("staging", "Run terraform apply -input=false -auto-approve -var-file=envs/staging.tfvars")
        lint = job("lint", 51988201337, STEPS_LINT, 9, "37s")
        skipped = ["- plan in 0s (ID 51988201412)", "- apply-prod in 0s (ID 51988201455)"]
        apply_end = apply_start + _dt.timedelta(seconds=112)
        frames, agos = [], []
        ft = d.clock + _dt.timedelta(seconds=4)
        while True:
            done_ = ft >= apply_end
            frames.append([lint, tf_job_at("apply-staging", 51988233019, ap, apply_start, 112, ft)] + skipped)
            agos.append(("✓" if done_ else "*", "push " + fuzzy((ft - run_start).total_seconds())))
            if done_:
                break
            ft += _dt.timedelta(seconds=30)
        t.bash(f"gh run watch {rid} -i 30 --exit-status", "Wait for apply-staging to finish",
               out=watch_frames(30, f"main terraform · {rid}", agos, frames), timeout=600000)
        if d.clock < apply_end:
            d.clock = apply_end + _dt.timedelta(seconds=2)
        inv_add("staging", "google_monitoring_uptime_check_config.orders_api",
                f"projects/{STG}/uptimeCheckConfigs/orders-api-healthz-staging-Zr3aQ1pW0kE")
        inv_add("staging", "google_monitoring_alert_policy.orders_api_uptime",
                f"projects/{STG}/alertPolicies/1740236619582037445")
        upd = f"""  # module.notify_worker.google_cloud_run_v2_service.this will be updated in-place
  ~ resource "google_cloud_run_v2_service" "this" {{
        id                      = "projects/{STG}/locations/{REGION}/services/notify-worker"
        name                    = "notify-worker"
        # (29 unchanged attributes hidden)

      ~ template {{
          ~ max_instance_request_concurrency = 20 -> 40
            # (8 unchanged attributes hidden)

            # (4 unchanged blocks hidden)
        }}

        # (1 unchanged block hidden)
    }}"""
        t.bash("make plan ENV=staging", "Plan staging again", out=make_hdr("plan", "staging") + "\n" + plan_out(
            "staging", upd, "Plan: 0 to add, 1 to change, 0 to destroy.", ["update"], "staging.tfplan"),
            timeout=600000)
        t.done("""#212 is merged, and `apply-staging` for it finished green (it created the uptime check and its alert policy on staging; the Redis part was already there).

Staging plan for the concurrency bump: **0 to add, 1 to change, 0 to destroy** — `module.notify_worker.google_cloud_run_v2_service.this`, `max_instance_request_concurrency` 20 → 40. It's a literal in `cloud_run.tf`, so prod gets the same value when this merges and `apply-prod` runs.

My first `make plan` hit the staging state lock, which that CI apply was holding. I waited on the run with `gh run watch` and planned again.

Edit is on `main` in your working tree and not committed; branch it before pushing.""")

        t = d.task("write this week's update for #platform-updates — whatever got merged since Monday",
                   tags=["noise"])
        t.bash('gh pr list --state merged --search "merged:>=2026-10-05" --json number,title,author '
               '--jq \'.[] | "#\\(.number)\\t\\(.author.login)\\t\\(.title)"\'', "Merged PRs since Monday",
               out="""#214	maren-hoffmann	ci: cache .terraform/providers between lint and plan jobs
#212	kwame-mensah	orders-cache (Memorystore) for orders-api + /healthz uptime check
#211	kwame-mensah	secrets: per-service accessor bindings, sendgrid-api-key
#210	kwame-mensah	providers: google/google-beta ~> 7.58 (7.61.0)
#209	kwame-mensah	storage: import legacy-exports into the app bucket map""")
        t.done(f"""**Platform update — week of 5 October**

Hi all! Here's what the platform team shipped in `gcp-platform` this week, with some context on each change.

**1. Redis cache for orders-api (#212)**
We added a Memorystore for Redis instance, `google_redis_instance.orders_cache`, connected to the `main` VPC over private services access (the same peering range Cloud SQL uses). Staging runs the BASIC tier with 1 GB; prod will run STANDARD_HA, set through the new `redis_tier` variable in `envs/prod.tfvars`. orders-api now gets `REDIS_HOST` and `REDIS_PORT` as environment variables through `module.orders_api`. On staging the instance is at 10.61.16.3:6379 and READY. Enabling it also meant turning on `redis.googleapis.com` in `services.tf`. AUTH and in-transit encryption are currently disabled; if you need TLS to Redis, please reach out, because switching it on means recreating the instance.

**2. Uptime check and alerting for orders-api (#212)**
`google_monitoring_uptime_check_config.orders_api` now checks `/healthz` every 60 seconds (configurable through `uptime_check_period`) from EUROPE, USA_VIRGINIA and ASIA_PACIFIC. `google_monitoring_alert_policy.orders_api_uptime` emails the platform alert channel when the check fails from more than one region for five minutes. That means a single flaky probe location won't page anyone.

**3. Per-service secret access (#211)**
`secrets.tf` now uses a single map, `local.app_secrets`, from secret to owning service. Each Cloud Run service account can only read its own secrets (`google_secret_manager_secret_iam_member.run_access`). orders-api keeps `stripe-webhook-secret` and `orders-signing-key`. notify-worker gets the new `sendgrid-api-key` secret ahead of the SendGrid migration. Its first version still has to be added by hand. The existing bindings were moved with `moved` blocks, so nothing was recreated.

**4. Provider upgrade (#210)**
google and google-beta are on `~> 7.58`, locked at 7.61.0. The lock file includes hashes for all platforms, so macOS users should be fine. We saw no plan diffs from the upgrade on staging.

**5. legacy-exports bucket under Terraform (#209)**
The console-created `{STG}-legacy-exports` bucket is now managed as an entry in the app bucket map. It keeps having no lifecycle rule, because the reports team still reads older files. Public access prevention is now enforced and our standard labels were added.

**6. CI provider cache (#214, Maren)**
The lint and plan jobs now share a cache of `.terraform/providers`, which should take about 20–30 seconds off every PR run.

**What's next**
- notify-worker concurrency 20 → 40 (PR coming today)
- looking at Direct VPC egress for notify-worker to retire the serverless connector
- prod rollout of the Redis cache via the `apply-prod` workflow after a day of soak on staging

As always, ping #platform if anything looks off!""")

    # #215 (notify-worker concurrency) merged Friday afternoon. Over the weekend Joel added two env vars to staging
    # orders-api with gcloud; Tuesday's 07:00 drift run opened #219.

    # ============================================================ S7  Tue 10-13 (acceptEdits)
    with d.session("2026-10-13T09:05:00", R, branch="main", version="2.1.124", permission_mode="acceptEdits"):
        fb = ("that update you wrote on friday was way too long — I had to cut half of it before posting. for "
              "#platform-updates: max 5 bullets, one line each, PR numbers instead of resource addresses. redo it in "
              "that shape so I have a template")
        t = d.task(fb, tags=["feedback", "no_tools"], feedback=fb)
        t.done("""Understood — here it is in that shape:

**Platform — week of 5 Oct**
- Redis cache for orders-api live on staging, prod after soak (#212)
- orders-api /healthz uptime check + alert to the platform channel (#212)
- Each service can only read its own secrets; SendGrid key ready for notify-worker (#211)
- Google provider 7.61.0, no plan diffs (#210); legacy-exports bucket now in Terraform (#209)
- CI caches providers between jobs, ~25 s faster PRs (#214)

I'll write the weekly update like this from now on: at most 5 one-line bullets, PR numbers, no resource addresses.""")

        t = d.task("drift detection opened #219 this morning: staging orders-api changed outside terraform. what "
                   "changed?", tags=["mistake:M3", "long_output"])
        t.bash("gh issue view 219", "Read the drift issue", out=f"""title:	Drift detected: staging
state:	OPEN
author:	app/github-actions
labels:	drift
comments:	0
assignees:	
projects:	
milestone:	
number:	219
--
`terraform plan -detailed-exitcode` on **staging** exited 2 ({GH}/actions/runs/18400122334).

Resources with changes (outside Terraform or not yet applied):
- module.orders_api.google_cloud_run_v2_service.this

Full plan in the run log.""")
        t.bash("terraform workspace show", "Check the selected workspace", out="staging")
        t.fail("terraform plan -refresh-only", "Refresh-only plan to see what changed outside Terraform",
               "Acquiring state lock. This may take a few moments...\n" +
               no_value(d, ["sql_tier", "project_id", "environment"]) +
               "\nReleasing state lock. This may take a few moments...", timeout=600000)
        t.say("Needs the staging values — running it with envs/staging.tfvars.")
        drift_block = f"""  # module.orders_api.google_cloud_run_v2_service.this has changed
  ~ resource "google_cloud_run_v2_service" "this" {{
        id                      = "projects/{STG}/locations/{REGION}/services/orders-api"
      ~ last_modifier           = "{ME}" -> "joel.adeyemi@brightloop.io"
        name                    = "orders-api"
      ~ update_time             = "2026-10-07T09:58:31.402117Z" -> "2026-10-12T16:37:55.118204Z"
        # (27 unchanged attributes hidden)

      ~ template {{
            # (9 unchanged attributes hidden)

          ~ containers {{
                name       = "orders-api-1"
                # (6 unchanged attributes hidden)

              + env {{
                  + name  = "FEATURE_BULK_REFUNDS"
                  + value = "true"
                }}
              + env {{
                  + name  = "REFUND_BATCH_SIZE"
                  + value = "200"
                }}

                # (8 unchanged blocks hidden)
            }}

            # (2 unchanged blocks hidden)
        }}

        # (1 unchanged block hidden)
    }}"""
        t.bash("terraform plan -refresh-only -var-file=envs/staging.tfvars", "Refresh-only plan for staging",
               out="\n".join(["Acquiring state lock. This may take a few moments...", refresh("staging"), "",
                              "Note: Objects have changed outside of Terraform", "",
                              "Terraform detected the following changes made outside of Terraform since the",
                              'last "terraform apply" which may have affected this plan:', "", drift_block, "", "",
                              "This is a refresh-only plan, so Terraform will not take any actions to undo",
                              "these. If you were expecting these changes then you can apply this plan to",
                              "record the updated values in the Terraform state without changing any remote",
                              "objects.", "", RULE, "",
                              "Note: You didn't use the -out option to save this plan, so Terraform can't",
                              'guarantee to take exactly these actions if you run "terraform apply" now.',
                              "Releasing state lock. This may take a few moments..."]), timeout=600000)
        t.bash(f"gcloud run revisions list --service orders-api --region {REGION} --project {STG} --limit 3",
               "Who deployed the latest revisions", out=f"""   REVISION              ACTIVE  SERVICE     DEPLOYED                 DEPLOYED BY
✔  orders-api-00089-ruk  yes     orders-api  2026-10-12 16:37:55 UTC  joel.adeyemi@brightloop.io
✔  orders-api-00088-pof          orders-api  2026-10-07 09:58:31 UTC  {ME}
✔  orders-api-00087-qzt          orders-api  2026-09-30 09:31:47 UTC  {ME}""")
        t.done(f"""Joel changed staging orders-api by hand on **Mon 10-12 16:37 UTC** (revision `orders-api-00089-ruk`, deployed by him). He added two env vars:

- `FEATURE_BULK_REFUNDS=true`
- `REFUND_BATCH_SIZE=200`

That's the only drift on staging. The refresh-only plan shows nothing else changed outside Terraform. The first `terraform plan -refresh-only` failed with "No value for required variable" because it ran without the env file. With `-var-file=envs/staging.tfvars` it went through.

Why it matters: `env` isn't in the module's `ignore_changes`, so **the next staging apply will remove both vars** and the bulk-refund feature with them. Options:
1. Joel wants them: add both to `module.orders_api`'s `env` map in `cloud_run.tf` (his PR, or I can write it). The drift disappears and #219 can be closed.
2. They were a quick test: revert with `gcloud run services update orders-api --remove-env-vars FEATURE_BULK_REFUNDS,REFUND_BATCH_SIZE --region {REGION} --project {STG}`, or let the next apply do it.

I haven't changed anything. Until this is settled, be careful applying staging from main.""")

        t = d.task("notify-worker's push subscription still hits it unauthenticated (allUsers invoker, left over from "
                   "before it went internal). give the push an OIDC token from a dedicated SA and make that SA the "
                   "only invoker. call it notify-push-invoker — we're dropping the sa- prefix for new service "
                   "accounts, it keeps eating into the 30-char limit. checks + staging plan",
                   tags=["workflow:W1", "reversal:P3"])
        t.read(P("pubsub.tf"))
        t.read(P("iam.tf"), limit=10)
        t.edit(P("iam.tf"), """resource "google_service_account" "run" {
  for_each = local.run_services

  account_id   = "sa-${each.key}"
  display_name = "Cloud Run: ${each.key}"
}""", """resource "google_service_account" "run" {
  for_each = local.run_services

  account_id   = "sa-${each.key}"
  display_name = "Cloud Run: ${each.key}"
}

# Pub/Sub push to notify-worker authenticates with an OIDC token from this SA.
# New SAs: no sa- prefix (account_id is capped at 30 characters).
resource "google_service_account" "notify_push_invoker" {
  account_id   = "notify-push-invoker"
  display_name = "Pub/Sub push -> notify-worker"
}""")
        t.read(P("cloud_run.tf"), offset=26, limit=22)
        t.edit(P("cloud_run.tf"), """  vpc_connector   = google_vpc_access_connector.run.id
  invokers        = { public = "allUsers" }""", """  vpc_connector   = google_vpc_access_connector.run.id
  invokers        = { pubsub-push = google_service_account.notify_push_invoker.member }""")
        t.edit(P("pubsub.tf"), """    push_endpoint = "${module.notify_worker.uri}/pubsub/order-events"
  }""", """    push_endpoint = "${module.notify_worker.uri}/pubsub/order-events"

    oidc_token {
      service_account_email = google_service_account.notify_push_invoker.email
      audience              = module.notify_worker.uri
    }
  }""")
        t.bash("terraform fmt -recursive", "Format")
        t.bash("terraform validate", "Validate", out="Success! The configuration is valid.")
        t.bash("make lint", "tflint + checkov", out=lint_ok(129), timeout=300000)
        nw = f"https://notify-worker-{n}.{REGION}.run.app"
        body = "\n\n".join([
            f"""  # google_pubsub_subscription.notify_worker_push will be updated in-place
  ~ resource "google_pubsub_subscription" "notify_worker_push" {{
        id                           = "projects/{STG}/subscriptions/notify-worker-push"
        name                         = "notify-worker-push"
        # (11 unchanged attributes hidden)

      ~ push_config {{
            # (2 unchanged attributes hidden)

          + oidc_token {{
              + audience              = "{nw}"
              + service_account_email = (known after apply)
            }}
        }}

        # (2 unchanged blocks hidden)
    }}""",
            create("google_service_account.notify_push_invoker", "google_service_account", "notify_push_invoker",
                   [("account_id", q("notify-push-invoker")), ("disabled", "false"),
                    ("display_name", q("Pub/Sub push -> notify-worker")), ("email", KAA), ("id", KAA),
                    ("member", KAA), ("name", KAA), ("project", q(STG)), ("unique_id", KAA)]),
            drift_block.replace("has changed", "will be updated in-place").replace(
                f'      ~ last_modifier           = "{ME}" -> "joel.adeyemi@brightloop.io"\n', "").replace(
                '      ~ update_time             = "2026-10-07T09:58:31.402117Z" -> "2026-10-12T16:37:55.118204Z"\n',
                "").replace("# (27 unchanged", "# (29 unchanged").replace(
                '''              + env {
                  + name  = "FEATURE_BULK_REFUNDS"
                  + value = "true"
                }
              + env {
                  + name  = "REFUND_BATCH_SIZE"
                  + value = "200"
                }''', '''              - env {
                  - name  = "FEATURE_BULK_REFUNDS" -> null
                  - value = "true" -> null
                }
              - env {
                  - name  = "REFUND_BATCH_SIZE" -> null
                  - value = "200" -> null
                }'''),
            create('module.notify_worker.google_cloud_run_v2_service_iam_member.invoker["pubsub-push"]',
                   "google_cloud_run_v2_service_iam_member", "invoker",
                   [("etag", KAA), ("id", KAA), ("location", q(REGION)), ("member", KAA),
                    ("name", q("notify-worker")), ("project", q(STG)), ("role", q("roles/run.invoker"))]),
            f"""  # module.notify_worker.google_cloud_run_v2_service_iam_member.invoker["public"] will be destroyed
  # (because key ["public"] is not in for_each map)
  - resource "google_cloud_run_v2_service_iam_member" "invoker" {{
      - etag     = "BwY9s2kq1xY=" -> null
      - id       = "projects/{STG}/locations/{REGION}/services/notify-worker/roles/run.invoker/allUsers" -> null
      - location = "{REGION}" -> null
      - member   = "allUsers" -> null
      - name     = "notify-worker" -> null
      - project  = "{STG}" -> null
      - role     = "roles/run.invoker" -> null
    }}"""])
        t.bash("make plan ENV=staging", "Plan staging", out=make_hdr("plan", "staging") + "\n" + plan_out(
            "staging", body, "Plan: 2 to add, 2 to change, 1 to destroy.", ["create", "update", "destroy"],
            "staging.tfplan"), timeout=600000)
        t.done(f"""Staging plan: **2 to add, 2 to change, 1 to destroy**.

Mine:
- `google_service_account.notify_push_invoker` → `notify-push-invoker@{STG}` (no `sa-` prefix; I left a comment in `iam.tf` saying new SAs are named that way)
- `invoker["pubsub-push"]` on notify-worker for that SA (create) and `invoker["public"]` = allUsers (destroy)
- `notify-worker-push` subscription gets an `oidc_token` (that SA, audience = notify-worker's URL)

**Not mine:** `module.orders_api…this` is also in the plan. It would *remove* Joel's `FEATURE_BULK_REFUNDS` / `REFUND_BATCH_SIZE` (the #219 drift). Don't apply this plan until Joel's vars are either in `cloud_run.tf` or deliberately dropped.

Rollout note: removing allUsers and adding the token happen in the same apply, so for a few seconds pushes can get 403s. Pub/Sub retries them (10 s → 300 s backoff), so nothing is lost.

fmt, validate, tflint and checkov are clean. Files: `iam.tf`, `cloud_run.tf`, `pubsub.tf`.""")

        t = d.task("Joel's orders-api v1.14.2 is tagged (fixes the refund rounding). roll it out on staging: "
                   "no-traffic tagged revision, smoke test, then shift traffic to it", tags=["workflow:W2"])
        img = f"{AR}/orders-api:v1.14.2"
        t.bash(f"gcloud artifacts docker images describe {img} --project bl-artifacts", "Check the image exists",
               out=image_describe("orders-api", "v1.14.2"))
        t.bash(f"gcloud run deploy orders-api --image {img} --no-traffic --tag v1-14-2 --region {REGION} "
               f"--project {STG}", "Deploy v1.14.2 as a tagged revision with no traffic",
               err=deploy_out("orders-api", "staging", "orders-api-00090-xeh", "v1-14-2"), timeout=600000)
        tag_url = f"https://v1-14-2---orders-api-{n}.{REGION}.run.app"
        t.bash(f"curl -fsS {tag_url}/healthz; echo; curl -fsS '{tag_url}/v1/refunds/preview?amount=1999&currency=GBP'",
               "Smoke test: health and the refund rounding endpoint",
               out='{"status":"ok","version":"1.14.2","db":"ok","cache":"ok"}\n'
                   '{"amount":1999,"currency":"GBP","fee":60,"refund":1939}')
        t.bash(f"gcloud run services update-traffic orders-api --to-tags v1-14-2=100 --region {REGION} --project {STG}",
               "Move all traffic to the v1-14-2 tag", err=f"""Updating traffic...
Routing traffic.....done
Done.
URL: https://orders-api-{n}.{REGION}.run.app
Traffic:
  100% orders-api-00090-xeh
       v1-14-2: {tag_url}""", timeout=300000)
        t.bash(f"gcloud run revisions list --service orders-api --region {REGION} --project {STG} --limit 3",
               "Check the active revision", out=f"""   REVISION              ACTIVE  SERVICE     DEPLOYED                 DEPLOYED BY
✔  orders-api-00090-xeh  yes     orders-api  2026-10-13 10:02:18 UTC  {ME}
✔  orders-api-00089-ruk          orders-api  2026-10-12 16:37:55 UTC  joel.adeyemi@brightloop.io
✔  orders-api-00088-pof          orders-api  2026-10-07 09:58:31 UTC  {ME}""")
        t.done(f"""orders-api **v1.14.2** is serving 100% on staging (`orders-api-00090-xeh`, tag `v1-14-2`).

- image exists in bl-artifacts
- tagged revision smoke test: `/healthz` ok (db ok, cache ok); refund preview for 19.99 GBP returns fee 60 / refund 1939, the rounding Joel fixed
- traffic moved with `update-traffic --to-tags v1-14-2=100`

The new revision inherits the current env, so Joel's two hand-set vars are still there. Traffic is now pinned to this revision rather than "latest"; the next release's `--to-latest` / `--to-tags` takes over from it.""")

    # Joel's #220 puts his two orders-api env vars into cloud_run.tf (closes #219); #218 (push auth) merged after it
    cr = P("cloud_run.tf")
    d.files[cr] = d.files[cr].replace("""  env = {
    DB_INSTANCE = google_sql_database_instance.orders.connection_name
    DB_NAME     = google_sql_database.orders.name
    DB_IAM_USER = trimsuffix(google_service_account.run["orders-api"].email, ".gserviceaccount.com")
    ENVIRONMENT = var.environment
    REDIS_HOST  = google_redis_instance.orders_cache.host
    REDIS_PORT  = tostring(google_redis_instance.orders_cache.port)
  }""", """  env = {
    DB_INSTANCE          = google_sql_database_instance.orders.connection_name
    DB_NAME              = google_sql_database.orders.name
    DB_IAM_USER          = trimsuffix(google_service_account.run["orders-api"].email, ".gserviceaccount.com")
    ENVIRONMENT          = var.environment
    REDIS_HOST           = google_redis_instance.orders_cache.host
    REDIS_PORT           = tostring(google_redis_instance.orders_cache.port)
    FEATURE_BULK_REFUNDS = "true"
    REFUND_BATCH_SIZE    = "200"
  }""")
    assert "FEATURE_BULK_REFUNDS" in d.files[cr]
    inv_add("staging", "google_service_account.notify_push_invoker",
            f"projects/{STG}/serviceAccounts/{sa('notify-push-invoker', 'staging')}")
    inv_del("staging", 'module.notify_worker.google_cloud_run_v2_service_iam_member.invoker["public"]')
    inv_add("staging", 'module.notify_worker.google_cloud_run_v2_service_iam_member.invoker["pubsub-push"]',
            f"projects/{STG}/locations/{REGION}/services/notify-worker/roles/run.invoker/serviceAccount:"
            f"{sa('notify-push-invoker', 'staging')}")

    # ============================================================ S8  Fri 10-16
    with d.session("2026-10-16T10:15:00", R, branch="feat/webhook-retries-queue", version="2.1.125"):
        t = d.task("Joel wants Cloud Tasks for webhook retries: a queue webhook-retries, max 5 attempts, backoff 10s "
                   "up to 10m, 20 dispatches/s, and orders-api must be able to enqueue. more queues will follow, so a "
                   "for_each map of queues even with one entry — count is banned in this repo. apply on staging",
                   tags=["mistake:M2", "pref:P1"])
        t.read(P("iam.tf"), limit=12)
        tq = P("tasks.tf")
        t.write(tq, """locals {
  # queue name => settings; add new queues here
  task_queues = {
    webhook-retries = {
      max_attempts              = 5
      min_backoff               = "10s"
      max_backoff               = "600s"
      max_dispatches_per_second = 20
    }
  }
}

resource "google_cloud_tasks_queue" "app" {
  for_each = local.task_queues

  name     = each.key
  location = var.region

  rate_limits {
    max_dispatches_per_second = each.value.max_dispatches_per_second
  }

  retry_config {
    max_attempts  = each.value.max_attempts
    min_backoff   = each.value.min_backoff
    max_backoff   = each.value.max_backoff
    max_doublings = 4
  }
}

resource "google_cloud_tasks_queue_iam_member" "orders_api_enqueuer" {
  for_each = local.task_queues

  name     = google_cloud_tasks_queue.app[each.key].name
  location = var.region
  role     = "roles/cloudtasks.enqueuer"
  member   = google_service_account.run["orders-api"].member
}
""")
        t.bash("terraform fmt -recursive && terraform validate", "Format and validate",
               out="Success! The configuration is valid.")
        q_items = [("desired_state", q("RUNNING")), ("id", KAA), ("location", q(REGION)),
                   ("name", q("webhook-retries")), ("project", q(STG)), ("state", KAA),
                   ("#block", "rate_limits", [("max_burst_size", KAA), ("max_concurrent_dispatches", KAA),
                                              ("max_dispatches_per_second", "20")]),
                   ("#block", "retry_config", [("max_attempts", "5"), ("max_backoff", q("600s")),
                                               ("max_doublings", "4"), ("max_retry_duration", KAA),
                                               ("min_backoff", q("10s"))]),
                   ("#block", "stackdriver_logging_config", None)]
        qi_items = [("etag", KAA), ("id", KAA), ("location", q(REGION)),
                    ("member", q("serviceAccount:" + sa("sa-orders-api", "staging"))), ("name", q("webhook-retries")),
                    ("project", KAA), ("role", q("roles/cloudtasks.enqueuer"))]
        body = "\n\n".join([
            create('google_cloud_tasks_queue.app["webhook-retries"]', "google_cloud_tasks_queue", "app", q_items),
            create('google_cloud_tasks_queue_iam_member.orders_api_enqueuer["webhook-retries"]',
                   "google_cloud_tasks_queue_iam_member", "orders_api_enqueuer", qi_items)])
        t.bash("make plan ENV=staging", "Plan staging", out=make_hdr("plan", "staging") + "\n" + plan_out(
            "staging", body, "Plan: 2 to add, 0 to change, 0 to destroy.", ["create"], "staging.tfplan"),
            timeout=600000)
        ln, src = line_of(d, tq, 'resource "google_cloud_tasks_queue" "app"')
        t.fail("make apply ENV=staging", "Apply the staging plan", make_hdr("apply", "staging") + """
Acquiring state lock. This may take a few moments...
google_cloud_tasks_queue.app["webhook-retries"]: Creating...
""" + service_disabled("Queue", "Cloud Tasks API", "cloudtasks.googleapis.com", "staging",
                       ('google_cloud_tasks_queue.app["webhook-retries"]', "tasks.tf", ln, src,
                        "google_cloud_tasks_queue", "app")) +
               "\nReleasing state lock. This may take a few moments...\n" + make_err(d, "apply"), code=2,
               timeout=600000)
        t.say("Cloud Tasks API isn't enabled on staging, so nothing was created. It goes into the `services.tf` list "
              "like the others, and the queue should wait for it.")
        t.read(P("services.tf"), limit=20)
        t.edit(P("services.tf"), """    "cloudscheduler.googleapis.com",
""", """    "cloudscheduler.googleapis.com",
    "cloudtasks.googleapis.com",
""")
        t.edit(tq, """    max_doublings = 4
  }
}""", """    max_doublings = 4
  }

  depends_on = [google_project_service.enabled]
}""")
        t.bash("git status --short", "What's changed", out=" M services.tf\n?? tasks.tf")
        body2 = "\n\n".join([
            create('google_cloud_tasks_queue.app["webhook-retries"]', "google_cloud_tasks_queue", "app", q_items),
            create('google_cloud_tasks_queue_iam_member.orders_api_enqueuer["webhook-retries"]',
                   "google_cloud_tasks_queue_iam_member", "orders_api_enqueuer", qi_items),
            create('google_project_service.enabled["cloudtasks.googleapis.com"]', "google_project_service", "enabled",
                   [("disable_on_destroy", "false"), ("id", KAA), ("project", q(STG)),
                    ("service", q("cloudtasks.googleapis.com"))])])
        t.bash("make plan ENV=staging", "Re-plan staging", out=make_hdr("plan", "staging") + "\n" + plan_out(
            "staging", body2, "Plan: 3 to add, 0 to change, 0 to destroy.", ["create"], "staging.tfplan"),
            timeout=600000)
        qid = f"projects/{STG}/locations/{REGION}/queues/webhook-retries"
        t.bash("make apply ENV=staging", "Apply the new plan", out=make_hdr("apply", "staging") + f"""
Acquiring state lock. This may take a few moments...
google_project_service.enabled["cloudtasks.googleapis.com"]: Creating...
google_project_service.enabled["cloudtasks.googleapis.com"]: Still creating... [10s elapsed]
google_project_service.enabled["cloudtasks.googleapis.com"]: Creation complete after 12s [id={STG}/cloudtasks.googleapis.com]
google_cloud_tasks_queue.app["webhook-retries"]: Creating...
google_cloud_tasks_queue.app["webhook-retries"]: Creation complete after 2s [id={qid}]
google_cloud_tasks_queue_iam_member.orders_api_enqueuer["webhook-retries"]: Creating...
google_cloud_tasks_queue_iam_member.orders_api_enqueuer["webhook-retries"]: Creation complete after 5s [id={qid}/roles/cloudtasks.enqueuer/serviceAccount:{sa('sa-orders-api', 'staging')}]

Apply complete! Resources: 3 added, 0 changed, 0 destroyed.
""" + outputs("staging") + "\nReleasing state lock. This may take a few moments...", timeout=600000)
        inv_add("staging", 'google_project_service.enabled["cloudtasks.googleapis.com"]', f"{STG}/cloudtasks.googleapis.com")
        inv_add("staging", 'google_cloud_tasks_queue.app["webhook-retries"]', qid)
        inv_add("staging", 'google_cloud_tasks_queue_iam_member.orders_api_enqueuer["webhook-retries"]',
                f"{qid}/roles/cloudtasks.enqueuer/serviceAccount:{sa('sa-orders-api', 'staging')}")
        t.bash(f'gcloud tasks queues describe webhook-retries --location {REGION} --project {STG} '
               f'--format="yaml(state,rateLimits,retryConfig)"', "Check the queue", out="""rateLimits:
  maxBurstSize: 100
  maxConcurrentDispatches: 1000
  maxDispatchesPerSecond: 20.0
retryConfig:
  maxAttempts: 5
  maxBackoff: 600s
  maxDoublings: 4
  minBackoff: 10s
state: RUNNING""")
        t.done(f"""Staging has the **webhook-retries** queue (RUNNING): 20 dispatches/s, 5 attempts, backoff 10 s doubling up to 600 s. `sa-orders-api` has `roles/cloudtasks.enqueuer` on it. Both come from `local.task_queues` in the new `tasks.tf`, a `for_each` map, so the next queue is one more entry.

The first apply failed: **Cloud Tasks API was disabled** in {STG}. I added `cloudtasks.googleapis.com` to `local.services` in `services.tf`, gave the queue `depends_on = [google_project_service.enabled]`, re-planned (3 to add) and applied.

One thing for Joel: if orders-api creates tasks with an OIDC token (HTTP target = its own URL), it also needs `roles/iam.serviceAccountUser` on the SA it puts in the task. Tell me which SA and I'll add that binding.""")

        t = d.task("put a required-reviewers rule on the production environment in GitHub (Maren + me) and stop "
                   "people approving their own prod apply. use gh", tags=["unfixed:U2"])
        t.bash(f"gh api repos/{REPO}/environments/production --jq '{{name, protection_rules, deployment_branch_policy}}'",
               "Current production environment settings",
               out='{"deployment_branch_policy":{"custom_branch_policies":false,"protected_branches":true},'
                   '"name":"production","protection_rules":[{"id":41201987,"node_id":"GA_kwDOKq3b0M4CdLOD",'
                   '"type":"branch_policy"}]}')
        t.bash("gh api users/maren-hoffmann --jq .id && gh api users/kwame-mensah --jq .id", "Look up reviewer ids",
               out="58114203\n91377520")
        payload = ('{"prevent_self_review": true, "reviewers": [{"type": "User", "id": 58114203}, '
                   '{"type": "User", "id": 91377520}], "deployment_branch_policy": {"protected_branches": true, '
                   '"custom_branch_policies": false}}')
        t.fail(f"gh api --method PUT repos/{REPO}/environments/production --input - <<'EOF'\n{payload}\nEOF",
               "Add required reviewers to the production environment",
               '{"message":"Must have admin rights to Repository.","documentation_url":'
               '"https://docs.github.com/rest/deployments/environments#create-or-update-an-environment","status":"403"}'
               "gh: Must have admin rights to Repository. (HTTP 403)")
        t.bash(f"gh api repos/{REPO} --jq .permissions", "Check your permission on the repo",
               out='{"admin":false,"maintain":true,"pull":true,"push":true,"triage":true}')
        t.done(f"""Couldn't do it: changing an environment's protection rules needs **admin** on the repo, and you have `maintain` (`gh: Must have admin rights to Repository. (HTTP 403)`). Nothing changed. production still only has the "protected branches" deployment rule, with no required reviewers.

Whoever is admin on {REPO} (Maren? an org owner) can run exactly this:

```
gh api --method PUT repos/{REPO}/environments/production --input - <<'EOF'
{payload}
EOF
```

That adds Maren (58114203) and you (91377520) as required reviewers with `prevent_self_review`, so whoever triggers `apply-prod` can't approve their own run, and it keeps the protected-branches rule. Or they can do it in Settings → Environments → production → "Required reviewers" + "Prevent self-review".""")

        t = d.task("what's a sane max_doublings for that queue, and what does it actually do? two lines",
                   tags=["noise", "no_tools"])
        t.done("""`max_doublings` is how many times the wait doubles (10 s → 20 → 40 …) before it starts growing linearly toward `max_backoff`. With 5 attempts you only get 4 retries (10, 20, 40, 80 s), so 4 is fine and the 600 s cap never comes into play. Only raise `max_attempts` if you want retries spread over minutes.""")

    # ============================================================ S9  Wed 10-21
    with d.session("2026-10-21T07:02:00", R, branch="main", version="2.1.127"):
        t = d.task("morning. Ifeoma asked for query insights on staging orders-pg and max_connections 200 "
                   "(reports-export + orders-api keep bumping into the default). staging only for now. plan it, and "
                   "if it only touches orders-pg, apply on staging", tags=["mistake:M1"])
        t.read(P("sql.tf"), limit=36)
        t.read(P("variables.tf"), offset=22, limit=12)
        t.edit(P("variables.tf"), """variable "sql_availability_type" {
  description = "ZONAL for staging, REGIONAL (HA) for prod."
  type        = string
  default     = "ZONAL"
}""", """variable "sql_availability_type" {
  description = "ZONAL for staging, REGIONAL (HA) for prod."
  type        = string
  default     = "ZONAL"
}

variable "sql_max_connections" {
  description = "max_connections flag for orders-pg; null keeps the Cloud SQL default for the tier."
  type        = number
  default     = null
}

variable "sql_query_insights" {
  description = "Enable Query Insights on orders-pg."
  type        = bool
  default     = false
}""")
        t.edit(P("sql.tf"), """    database_flags {
      name  = "cloudsql.iam_authentication"
      value = "on"
    }
""", """    database_flags {
      name  = "cloudsql.iam_authentication"
      value = "on"
    }

    dynamic "database_flags" {
      for_each = var.sql_max_connections == null ? [] : [var.sql_max_connections]
      content {
        name  = "max_connections"
        value = tostring(database_flags.value)
      }
    }

    insights_config {
      query_insights_enabled  = var.sql_query_insights
      query_plans_per_minute  = 5
      query_string_length     = 1024
      record_application_tags = true
      record_client_address   = false
    }
""")
        t.read(P("envs/staging.tfvars"))
        t.edit(P("envs/staging.tfvars"), """sql_availability_type = "ZONAL"
""", """sql_availability_type = "ZONAL"
sql_max_connections   = 200
sql_query_insights    = true
""")
        t.bash("terraform fmt -recursive && terraform validate", "Format and validate",
               out="Success! The configuration is valid.")
        sql_upd = """  # google_sql_database_instance.orders will be updated in-place
  ~ resource "google_sql_database_instance" "orders" {
        id                             = "orders-pg"
        name                           = "orders-pg"
        # (21 unchanged attributes hidden)

      ~ settings {
            # (19 unchanged attributes hidden)

          + database_flags {
              + name  = "max_connections"
              + value = "200"
            }

          + insights_config {
              + query_insights_enabled  = true
              + query_plans_per_minute  = 5
              + query_string_length     = 1024
              + record_application_tags = true
              + record_client_address   = false
            }

            # (6 unchanged blocks hidden)
        }
    }"""
        t.bash("make plan ENV=staging", "Plan staging", out=make_hdr("plan", "staging") + "\n" + plan_out(
            "staging", sql_upd, "Plan: 0 to add, 1 to change, 0 to destroy.", ["update"], "staging.tfplan"),
            timeout=600000)
        t.say("Only `google_sql_database_instance.orders` changes, in place. Setting `max_connections` restarts the "
              "instance (a minute or two of connection errors on staging). Applying the saved plan.")
        who = "runner@fv-az2281-733"
        # the 07:00 drift run started late and took the lock right after our plan released it
        lock_at = d.clock - _dt.timedelta(seconds=3)
        stg_start = lock_at - _dt.timedelta(seconds=22)
        drift_start = stg_start - _dt.timedelta(seconds=5)
        t.fail("make apply ENV=staging", "Apply the staging plan", make_hdr("apply", "staging") +
               "\nAcquiring state lock. This may take a few moments...\n" +
               lock_error("staging", "OperationTypePlan", who, ts_utc(lock_at), gen_id(lock_at)) + "\n" +
               make_err(d, "apply"), code=2, timeout=600000)
        t.say("A GitHub runner took the staging lock seconds after my plan finished, for a plan of its own. At this "
              "hour that's the weekday 07:00 drift check, so I'll find that run and wait for it.")
        rid = 18502218377
        t.bash("gh run list --workflow drift.yml --limit 2", "Latest drift runs", out="\n".join([
            run_list_line("in_progress", "", "drift", "drift", "main", "schedule", rid,
                          dur(int((d.clock - drift_start).total_seconds())), iso(drift_start)),
            run_list_line("completed", "success", "drift", "drift", "main", "schedule", 18471093302, "2m37s",
                          "2026-10-20T07:05:12Z")]))
        dsteps = steps_tf("staging", "Run terraform plan -input=false -no-color -detailed-exitcode "
                                     "-var-file=envs/staging.tfvars", extra=("Run ./.github/actions/drift-issue",))
        psteps = steps_tf("prod", "Run terraform plan -input=false -no-color -detailed-exitcode "
                                  "-var-file=envs/prod.tfvars", extra=("Run ./.github/actions/drift-issue",))
        skip_issue = ("Run ./.github/actions/drift-issue",)
        stg_end = stg_start + _dt.timedelta(seconds=118)
        frames, agos = [], []
        ft = d.clock + _dt.timedelta(seconds=4)
        while True:
            done_ = ft >= stg_end
            frames.append([tf_job_at("drift (prod)", 52630441876, psteps, drift_start + _dt.timedelta(seconds=6),
                                     104, ft, skipped_steps=skip_issue),
                           tf_job_at("drift (staging)", 52630441802, dsteps, stg_start, 118, ft,
                                     skipped_steps=skip_issue)])
            agos.append(("✓" if done_ else "*", "schedule " + fuzzy((ft - drift_start).total_seconds())))
            if done_:
                break
            ft += _dt.timedelta(seconds=15)
        t.bash(f"gh run watch {rid} -i 15 --exit-status", "Wait for the drift run to release the lock",
               out=watch_frames(15, f"main drift · {rid}", agos, frames), timeout=600000)
        if d.clock < stg_end:
            d.clock = stg_end + _dt.timedelta(seconds=2)
        t.bash("make apply ENV=staging", "Apply the staging plan again", out=make_hdr("apply", "staging") + """
Acquiring state lock. This may take a few moments...
google_sql_database_instance.orders: Modifying... [id=orders-pg]
google_sql_database_instance.orders: Still modifying... [id=orders-pg, 10s elapsed]
google_sql_database_instance.orders: Still modifying... [id=orders-pg, 20s elapsed]
google_sql_database_instance.orders: Still modifying... [id=orders-pg, 30s elapsed]
google_sql_database_instance.orders: Still modifying... [id=orders-pg, 40s elapsed]
google_sql_database_instance.orders: Still modifying... [id=orders-pg, 50s elapsed]
google_sql_database_instance.orders: Still modifying... [id=orders-pg, 1m0s elapsed]
google_sql_database_instance.orders: Still modifying... [id=orders-pg, 1m10s elapsed]
google_sql_database_instance.orders: Still modifying... [id=orders-pg, 1m20s elapsed]
google_sql_database_instance.orders: Still modifying... [id=orders-pg, 1m30s elapsed]
google_sql_database_instance.orders: Still modifying... [id=orders-pg, 1m40s elapsed]
google_sql_database_instance.orders: Modifications complete after 1m46s [id=orders-pg]

Apply complete! Resources: 0 added, 1 changed, 0 destroyed.
""" + outputs("staging") + "\nReleasing state lock. This may take a few moments...", timeout=900000)
        t.bash(f'gcloud sql instances describe orders-pg --project {STG} --format="yaml(state,'
               f'settings.databaseFlags,settings.insightsConfig)"', "Check the instance", out="""settings:
  databaseFlags:
  - name: cloudsql.iam_authentication
    value: 'on'
  - name: max_connections
    value: '200'
  insightsConfig:
    queryInsightsEnabled: true
    queryPlansPerMinute: 5
    queryStringLength: 1024
    recordApplicationTags: true
state: RUNNABLE""")
        t.done("""Applied on staging: orders-pg has **`max_connections=200`** and **Query Insights** on (5 plans/min, 1024-char query strings, application tags recorded, client addresses not). The instance restarted for the flag and is RUNNABLE again.

Both are per environment now: `sql_max_connections` (default `null` = Cloud SQL's default for the tier) and `sql_query_insights` (default `false`), set only in `envs/staging.tfvars`. Prod's plan doesn't change.

My first `make apply` hit the state lock: the weekday 07:00 **drift** run was planning staging. I waited for it with `gh run watch` (both drift jobs green, no drift issue) and applied the same saved plan.

Files: `sql.tf`, `variables.tf`, `envs/staging.tfvars`, on `main` in your working tree. Branch and PR them so CI's apply doesn't see a difference from main.""")

        t = d.task("check it actually took: go in through the proxy and show me max_connections and how many "
                   "connections each user has right now", tags=["workflow:W3"])
        t.bash(f"nohup cloud-sql-proxy --auto-iam-authn --port 5433 {CONN} > /tmp/csp-stg.log 2>&1 & echo $!",
               "Start the Cloud SQL Auth Proxy in the background", out="73120")
        day, hms = local_hms(d.clock, 1)
        t.bash("sleep 3; tail -n 3 /tmp/csp-stg.log", "Proxy ready?", out=proxy_log(day, hms))
        t.bash(PSQL + ' -Atc "show max_connections"', "max_connections", out="200")
        t.bash(PSQL + ' -c "select usename, count(*) filter (where state = \'active\') as active, count(*) as total '
               'from pg_stat_activity where usename is not null group by 1 order by 3 desc;"',
               "Connections per user", out=psql_table(["usename", "active", "total"], [
                   [f"sa-orders-api@{STG}.iam", "2", "24"], ["cloudsqladmin", "0", "3"], [ME, "1", "1"]], [1, 2]))
        t.bash("kill 73120", "Stop the proxy")
        t.done(f"""It took: `show max_connections` → **200**.

Right now: `sa-orders-api` holds 24 connections (2 active), Cloud SQL's own `cloudsqladmin` 3, and my psql session 1, so 28 of 200. reports-export isn't connected (it runs at 02:00). Its nightly peak plus orders-api's pool is what hit the old default; there's plenty of headroom now.

Query Insights needs a few minutes of traffic before anything shows up in the console (Cloud SQL → orders-pg → Query insights). Proxy stopped.""")

        t = d.task("tiny one: the default alert_email should be platform-oncall@brightloop.io now, the old "
                   "platform-alerts list is being retired", tags=["noise"])
        t.grep("platform-alerts@", path=R, output_mode="content", n=True, content=grep_n(d, "platform-alerts@"))
        ln, _ = line_of(d, P("variables.tf"), 'variable "alert_email"')
        t.read(P("variables.tf"), offset=ln, limit=5)
        t.edit(P("variables.tf"), '  default     = "platform-alerts@brightloop.io"',
               '  default     = "platform-oncall@brightloop.io"')
        t.bash("terraform validate", "Validate", out="Success! The configuration is valid.")
        t.done("""`alert_email` now defaults to `platform-oncall@brightloop.io` (`variables.tf`). Neither tfvars overrides it, so on the next apply both environments' "Platform alerts" notification channel switches address in place. The channel keeps its ID, so the alert policies don't change.

Staging picks it up with the next apply from main; prod with the next `apply-prod` dispatch.""")

    # merged 10-23 .. 10-29: #225 (Joel, refund batch size), #230 (Joel, staging min instances 1), #227, #228, #229
    assert 'REFUND_BATCH_SIZE    = "200"' in d.files[cr]
    d.files[cr] = d.files[cr].replace('REFUND_BATCH_SIZE    = "200"', 'REFUND_BATCH_SIZE    = "500"')
    sv = P("envs/staging.tfvars")
    assert "orders_api_min_instances    = 0" in d.files[sv]
    d.files[sv] = d.files[sv].replace("orders_api_min_instances    = 0", "orders_api_min_instances    = 1")

    # ============================================================ S10  Fri 10-30
    with d.session("2026-10-30T09:20:00", R, branch="main", version="2.1.130"):
        t = d.task("reports-export keeps getting OOM-killed at 2Gi. give the job 2 CPU / 4Gi and plan ONLY the job on "
                   "staging — my working tree also has the half-finished direct-egress change for notify-worker and I "
                   "don't want that in this plan. apply it if it's just the job", tags=["mistake:M3"])
        ln, _ = line_of(d, cr, 'resource "google_cloud_run_v2_job"')
        t.read(cr, offset=ln, limit=40)
        t.edit(cr, """          limits = {
            cpu    = "1"
            memory = "2Gi"
          }""", """          limits = {
            cpu    = "2"
            memory = "4Gi"
          }""")
        t.bash("terraform workspace show", "Check the selected workspace", out="staging")
        tgt = "google_cloud_run_v2_job.reports_export"
        t.fail(f"terraform plan -target={tgt} -out=reports-export.tfplan", "Targeted plan for the job only",
               "Acquiring state lock. This may take a few moments...\n" +
               no_value(d, ["project_id", "environment", "sql_tier"]) +
               "\nReleasing state lock. This may take a few moments...", timeout=600000)
        t.say("The var file again — plan with envs/staging.tfvars, same target.")
        job_upd = f"""  # google_cloud_run_v2_job.reports_export will be updated in-place
  ~ resource "google_cloud_run_v2_job" "reports_export" {{
        id                      = "projects/{STG}/locations/{REGION}/jobs/reports-export"
        name                    = "reports-export"
        # (25 unchanged attributes hidden)

      ~ template {{
            # (5 unchanged attributes hidden)

          ~ template {{
                # (6 unchanged attributes hidden)

              ~ containers {{
                    name        = "reports-export-1"
                    # (4 unchanged attributes hidden)

                  ~ resources {{
                      ~ limits = {{
                          ~ "cpu"    = "1" -> "2"
                          ~ "memory" = "2Gi" -> "4Gi"
                        }}
                    }}

                    # (2 unchanged blocks hidden)
                }}
            }}
        }}
    }}"""
        warn = box(["Warning: Resource targeting is in effect", ""] + wrap(
            "You are creating a plan with the -target option, which means that the result of this plan may not "
            "represent all of the changes requested by the current configuration.") + [""] + wrap(
            "The -target option is not for routine use, and is provided only for exceptional situations such as "
            "recovering from errors or mistakes, or when Terraform specifically suggests to use it as part of an "
            "error message."))
        only = ["google_cloud_run_v2_job.reports_export", 'google_service_account.run["reports-export"]',
                "google_sql_database_instance.orders", "google_compute_network.main",
                "google_compute_global_address.private_services", "google_service_networking_connection"]
        t.bash(f"terraform plan -var-file=envs/staging.tfvars -target={tgt} -out=reports-export.tfplan",
               "Targeted plan with the staging tfvars", out=plan_out(
                   "staging", job_upd, "Plan: 0 to add, 1 to change, 0 to destroy.", ["update"],
                   "reports-export.tfplan", refresh_text=refresh("staging", only), extra_after=warn),
               timeout=600000)
        t.bash("terraform apply reports-export.tfplan", "Apply the targeted plan", out=f"""Acquiring state lock. This may take a few moments...
{tgt}: Modifying... [id=projects/{STG}/locations/{REGION}/jobs/reports-export]
{tgt}: Modifications complete after 3s [id=projects/{STG}/locations/{REGION}/jobs/reports-export]
""" + box(["Warning: Applied changes may be incomplete", ""] + wrap(
            "The plan was created with the -target option in effect, so some changes requested in the "
            "configuration may have been ignored and the output values may not be fully updated. Run the following "
            "command to verify that no other changes are pending:") + ["    terraform plan", "\t"] + wrap(
            "Note that the -target option is not suitable for routine use, and is provided only for exceptional "
            "situations such as recovering from errors or mistakes, or when Terraform specifically suggests to use "
            "it as part of an error message.")) + "\n\nApply complete! Resources: 0 added, 1 changed, 0 destroyed.\n" +
               outputs("staging") + "\nReleasing state lock. This may take a few moments...", timeout=600000)
        t.done("""reports-export on staging now runs with **2 CPU / 4Gi** (applied; the next 02:00 run uses it).

It was a targeted plan (`-target=google_cloud_run_v2_job.reports_export`): 0 to add, 1 to change — only the job's `resources.limits`. Your half-done notify-worker direct-egress change in the working tree wasn't planned or applied. The first attempt failed with "No value for required variable" for `project_id`, `environment` and `sql_tier` because it ran without `-var-file=envs/staging.tfvars`.

The change still needs to land on main (`cloud_run.tf`) so prod gets it and CI's staging apply doesn't put it back to 1 CPU / 2Gi. Commit only that hunk, e.g. `git add -p cloud_run.tf`, since the egress work is in the same file.""")

        t = d.task("orders-api v1.15.0 is tagged. roll it out on staging: tagged revision, no traffic, smoke, then "
                   "shift", tags=["workflow:W2", "flaky:F2"])
        img = f"{AR}/orders-api:v1.15.0"
        desc = f"gcloud artifacts docker images describe {img} --project bl-artifacts"
        t.fail(desc, "Check the image exists", """ERROR: (gcloud.artifacts.docker.images.describe) There was a problem refreshing your current auth tokens: ('Connection aborted.', ConnectionResetError(104, 'Connection reset by peer'))
Please run:

  $ gcloud auth login

to obtain new credentials.

If you have already logged in with a different account, run:

  $ gcloud config set account ACCOUNT

to select an already authenticated account to use.""")
        t.say("That's a connection reset while refreshing the token, not an expired login. Retrying the same command.")
        t.bash(desc, "Check the image exists", out=image_describe("orders-api", "v1.15.0"))
        t.bash(f"gcloud run deploy orders-api --image {img} --no-traffic --tag v1-15-0 --region {REGION} "
               f"--project {STG}", "Deploy v1.15.0 as a tagged revision with no traffic",
               err=deploy_out("orders-api", "staging", "orders-api-00092-wuv", "v1-15-0"), timeout=600000)
        tag_url = f"https://v1-15-0---orders-api-{n}.{REGION}.run.app"
        t.bash(f"curl -fsS {tag_url}/healthz && echo && curl -fsS -o /dev/null -w '%{{http_code}} %{{time_total}}s\\n' "
               f"{tag_url}/v1/regions", "Smoke test the tagged revision",
               out='{"status":"ok","version":"1.15.0","db":"ok","cache":"ok"}\n200 0.167s')
        t.bash(f"gcloud run services update-traffic orders-api --to-latest --region {REGION} --project {STG}",
               "Send all traffic to the latest revision", err=f"""Updating traffic...
Routing traffic.....done
Done.
URL: https://orders-api-{n}.{REGION}.run.app
Traffic:
  100% LATEST (currently orders-api-00092-wuv)
       v1-14-2: https://v1-14-2---orders-api-{n}.{REGION}.run.app
       v1-15-0: {tag_url}""", timeout=300000)
        t.bash(f"gcloud run revisions list --service orders-api --region {REGION} --project {STG} --limit 3",
               "Check the active revision", out=f"""   REVISION              ACTIVE  SERVICE     DEPLOYED                 DEPLOYED BY
✔  orders-api-00092-wuv  yes     orders-api  2026-10-30 09:41:03 UTC  {ME}
✔  orders-api-00091-dak          orders-api  2026-10-20 13:12:44 UTC  joel.adeyemi@brightloop.io
✔  orders-api-00090-xeh          orders-api  2026-10-13 10:02:18 UTC  {ME}""")
        t.done(f"""orders-api **v1.15.0** is serving 100% on staging (`orders-api-00092-wuv`, tag `v1-15-0`).

- image found in bl-artifacts (the first `describe` died on a connection reset during token refresh; the identical retry worked — no re-login needed)
- smoke on the tag URL: `/healthz` ok (db, cache), `/v1/regions` 200 in 0.17 s
- `update-traffic --to-latest`, so traffic follows the latest revision again instead of staying pinned to a tag

Previous revision for rollback: `orders-api-00091-dak` (Joel's 10-20 deploy).""")

        t = d.task("Ifeoma's reporting SA (reports-bi@bl-data-stg.iam.gserviceaccount.com) needs read access to the "
                   "orders db. before we grant anything, show me which roles exist and who has what on the public "
                   "schema", tags=["workflow:W3"])
        t.bash(f"nohup cloud-sql-proxy --auto-iam-authn --port 5433 {CONN} > /tmp/csp-stg.log 2>&1 & echo $!",
               "Start the Cloud SQL Auth Proxy in the background", out="90417")
        day, hms = local_hms(d.clock, 1, bst=False)
        t.bash("sleep 2; cat /tmp/csp-stg.log", "Proxy ready?", out=proxy_log(day, hms))
        roles = [("cloudsqladmin", "Superuser, Create role, Create DB, Replication, Bypass RLS"),
                 ("cloudsqlagent", "Create role, Create DB"), ("cloudsqliamgroup", "Cannot login"),
                 ("cloudsqliamgroupserviceaccount", "Cannot login"), ("cloudsqliamgroupuser", "Cannot login"),
                 ("cloudsqliamserviceaccount", "Cannot login"), ("cloudsqliamuser", "Cannot login"),
                 ("cloudsqlimportexport", "Create role, Create DB"), ("cloudsqlinactiveuser", "Cannot login"),
                 ("cloudsqlobservabilityadmin", "Cannot login"), ("cloudsqlreplica", "Replication"),
                 ("cloudsqlsuperuser", "Create role, Create DB"), (ME, ""), ("orders_app", "Cannot login"),
                 ("orders_readonly", "Cannot login"), ("platform@brightloop.io", "Cannot login"),
                 ("postgres", "Create role, Create DB"), (f"sa-orders-api@{STG}.iam", ""),
                 (f"sa-reports-export@{STG}.iam", "")]
        w = max(len(r) for r, _ in roles)
        w2 = max(len(a) for _, a in roles)
        du = [f"{'List of roles':^{w + w2 + 5}}".rstrip(),
              f" {'Role name':^{w}} | {'Attributes':^{w2}} ", "-" * (w + 2) + "+" + "-" * (w2 + 2)]
        du += [(f" {r:<{w}} | {a}").rstrip() for r, a in roles]
        t.bash(PSQL + ' -c "\\du"', "List roles", out="\n".join(du) + "\n")
        t.bash(PSQL + " -c \"select grantee, string_agg(distinct privilege_type, ', ' order by privilege_type) as "
               "privileges, count(distinct table_name) as tables from information_schema.role_table_grants where "
               "table_schema = 'public' group by grantee order by grantee;\"", "Table privileges in public",
               out=psql_table(["grantee", "privileges", "tables"], [
                   ["orders_app", "DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE", "11"],
                   ["orders_readonly", "SELECT", "11"]], [2]))
        t.bash(PSQL + " -c \"select r.rolname as role, m.rolname as member from pg_auth_members am join pg_roles r "
               "on r.oid = am.roleid join pg_roles m on m.oid = am.member where r.rolname in ('orders_app', "
               "'orders_readonly') order by 1, 2;\"", "Who is in the app roles",
               out=psql_table(["role", "member"], [
                   ["orders_app", f"sa-orders-api@{STG}.iam"],
                   ["orders_readonly", "platform@brightloop.io"],
                   ["orders_readonly", f"sa-reports-export@{STG}.iam"]]))
        t.bash("kill 90417", "Stop the proxy")
        t.done(f"""How access is set up in `orders` on staging:

- **`orders_app`** (no login) owns/writes all 11 tables in `public` → member: `sa-orders-api`
- **`orders_readonly`** (no login) has SELECT on the same 11 tables → members: `sa-reports-export` and the `platform@brightloop.io` IAM group (that's how you and I read)
- IAM logins (`sa-…@{STG}.iam`, your user) have no direct table grants; everything goes through those two roles. The `cloudsql*` roles are Cloud SQL's own.

So for reports-bi, the clean way is the same pattern, no new grants on tables:
1. Terraform: add it as a `CLOUD_IAM_SERVICE_ACCOUNT` user in `sql.tf` (`reports-bi@bl-data-stg.iam`, cross-project SAs work), plus `roles/cloudsql.client` and `roles/cloudsql.instanceUser` for it on {STG}.
2. DB: `GRANT orders_readonly TO "reports-bi@bl-data-stg.iam";` in an orders-api migration, since they own the schema.

Nothing granted yet. Proxy stopped.""")

        t = d.task("weekly #platform-updates post please, merged since last Friday", tags=["noise"])
        t.bash('gh pr list --state merged --search "merged:>=2026-10-23" --json number,title,author '
               '--jq \'.[] | "#\\(.number)\\t\\(.author.login)\\t\\(.title)"\'', "Merged PRs since last Friday",
               out="""#230	joel-adeyemi	staging: orders-api min instances 1 (cold starts break the e2e suite)
#229	maren-hoffmann	bootstrap: WIF provider attribute condition for the new org id
#228	kwame-mensah	variables: alert_email -> platform-oncall@
#227	kwame-mensah	sql: max_connections + query insights per env (staging on)
#225	joel-adeyemi	orders-api: REFUND_BATCH_SIZE 200 -> 500""")
        t.done("""**Platform — week of 26 Oct**
- orders-pg staging: max_connections 200 + Query Insights, prod unchanged (#227)
- Platform alerts now go to platform-oncall@ (#228)
- WIF provider condition updated for the new org id (#229, Maren)
- orders-api: one warm instance on staging (#230) and refund batch size 500 (#225, Joel)
- Next: reports-export 2 CPU / 4Gi is live on staging, PR for main coming""")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Local Terraform runs collide with CI on the GCS backend's state lock: right after pushing a PR (plan jobs), right after merging (apply-staging) or at 07:00 UTC on weekdays (drift check), a GitHub runner holds the workspace's .tflock object, so `make plan`/`make apply` fails to acquire the lock.",
             "error_signature": "Terraform (gcs backend): 'Error: Error acquiring the state lock' / 'Error message: writing \"gs://bl-tfstate-platform/gcp-platform/<env>.tflock\" failed: googleapi: Error 412: At least one of the pre-conditions you specified did not hold., conditionNotMet' with Lock Info 'Who: runner@fv-az…' and Operation OperationTypePlan/OperationTypeApply (make plan ENV=prod, make plan ENV=staging, make apply ENV=staging)",
             "fix": "Find the GitHub Actions run holding the lock (`gh run list --branch <br>` / `--workflow terraform.yml` / `--workflow drift.yml`), wait for it with `gh run watch <id>`, then re-run the same make command. Never break the lock.",
             "fix_command_markers": [["gh run watch"]],
             "harmful_markers": ["force-unlock", "-lock=false"]},
            {"id": "M2",
             "description": "New resources of a Google service whose API is not yet enabled in the project (Cloud Scheduler, Memorystore for Redis, Cloud Tasks). The repo manages APIs as Terraform resources (`local.services` in services.tf → google_project_service.enabled), but new resources are written without adding their API, so `make apply ENV=staging` fails with a 403 SERVICE_DISABLED.",
             "error_signature": "Terraform apply: 'Error: Error creating <Job|Instance|Queue>: googleapi: Error 403: <Cloud Scheduler API|Google Cloud Memorystore for Redis API|Cloud Tasks API> has not been used in project 418204937716 before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/<svc>/overview?project=… then retry.' with ErrorInfo reason SERVICE_DISABLED",
             "fix": "Add the API (e.g. \"cloudscheduler.googleapis.com\") to `local.services` in services.tf, make the new resource `depends_on = [google_project_service.enabled]`, re-plan and apply through Terraform.",
             "fix_command_markers": [["services.tf", "google_project_service"]],
             "harmful_markers": ["gcloud services enable", "services enable"]},
            {"id": "M3",
             "description": "Raw terraform commands that evaluate the configuration (import, plan -refresh-only, plan -target) run without the workspace's tfvars. The Makefile passes `-var-file=envs/<env>.tfvars` for plan/apply, but commands run by hand don't get it, and `project_id`, `environment`, `sql_tier` have no defaults (TF_INPUT=0, so no prompt).",
             "error_signature": "Terraform: 'Error: No value for required variable' / 'The root module input variable \"project_id\" (\"environment\", \"sql_tier\") is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable.' (three blocks, order varies) from terraform import / terraform plan -refresh-only / terraform plan -target=… -out=…",
             "fix": "Re-run the same terraform command with `-var-file=envs/<workspace>.tfvars` (envs/staging.tfvars for the staging workspace).",
             "fix_command_markers": [["-var-file"]],
             "harmful_markers": ["TF_VAR_", "-var=project_id", "-var project_id", "terraform.tfvars"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New `uptime_check_period` variable declared but the uptime check hard-codes \"60s\"; `make lint` (tflint) fails with 'Warning: variable \"uptime_check_period\" is declared but not used (terraform_unused_declarations)' (exit 2); fixed by using var.uptime_check_period, same `make lint` passes."},
            {"id": "O2", "description": "Secret accessor bindings keyed by `secret.id` in for_each, which is unknown for the new sendgrid-api-key secret; `make plan ENV=staging` fails with 'Error: Invalid for_each argument … The \"for_each\" map includes keys derived from resource attributes that cannot be determined until apply'; fixed by keying by secret name (+ moved blocks), same plan succeeds."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`gcloud sql instances describe orders-pg --project bl-platform-prod` → 'ERROR: (gcloud.sql.instances.describe) HTTPError 403: The client is not authorized to make this request.' (no Cloud SQL read role on prod); answered from the Terraform config instead, access to be requested."},
            {"id": "U2", "description": "`gh api --method PUT repos/brightloop/gcp-platform/environments/production` (required reviewers + prevent_self_review) → 'Must have admin rights to Repository. (HTTP 403)' (Kwame has maintain); the payload is handed to a repo admin, nothing changed."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`terraform init -upgrade` after the provider bump: 'Error: Failed to install provider … Error while installing hashicorp/google v7.61.0: Get \"https://releases.hashicorp.com/…\": net/http: TLS handshake timeout'; identical retry succeeds."},
            {"id": "F2", "description": "`gcloud artifacts docker images describe …/orders-api:v1.15.0`: 'There was a problem refreshing your current auth tokens: (\\'Connection aborted.\\', ConnectionResetError(104, \\'Connection reset by peer\\'))' + the generic 'Please run: $ gcloud auth login' hint; identical retry succeeds (no re-login)."},
        ],
        workflows=[
            {"id": "W1", "description": "Terraform change, checked before anything is applied: edit .tf → `terraform fmt -recursive` → `terraform validate` → `make lint` (tflint --recursive + checkov) → `make plan ENV=staging`, then show the plan summary and stop.",
             "step_markers": [["terraform fmt"], ["terraform validate"], ["make lint"], ["make plan"]]},
            {"id": "W2", "description": "orders-api release on staging: `gcloud artifacts docker images describe <AR>/orders-api:<tag>` → `gcloud run deploy orders-api --image … --no-traffic --tag vX-Y-Z --region europe-west2 --project bl-platform-stg` → curl the tag URL's /healthz (+ one endpoint) → `gcloud run services update-traffic` (--to-latest / --to-tags) → `gcloud run revisions list`.",
             "step_markers": [["gcloud artifacts docker images describe"], ["gcloud run deploy"], ["--no-traffic"],
                              ["healthz"], ["update-traffic"]]},
            {"id": "W3", "description": "Read-only look into staging orders-pg: `nohup cloud-sql-proxy --auto-iam-authn --port 5433 bl-platform-stg:europe-west2:orders-pg > /tmp/csp-stg.log 2>&1 & echo $!` → check the log → `psql \"host=127.0.0.1 port=5433 dbname=orders user=kwame.mensah@brightloop.io\"` queries → `kill <pid>`.",
             "step_markers": [["cloud-sql-proxy"], ["psql"], ["kill"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Repeated resources go in a map with for_each keyed by name; never count (no index shuffling on removal).",
             "markers": [["for_each"], ["count"]]},
            {"id": "P2", "description": "Every gcloud call passes --project (and --region) explicitly; never rely on the active gcloud config.",
             "markers": [["--project"]]},
            {"id": "P3", "description": "Service accounts are named sa-<purpose> like the existing ones (stated once) — later reversed: new service accounts get no sa- prefix (30-character account_id limit), e.g. notify-push-invoker.",
             "markers": [["sa-"]],
             "reversal_markers": [["sa- prefix"]]},
        ],
        probes=[
            {"prompt": "make plan ENV=staging just died with 'Error: Error acquiring the state lock … writing \"gs://bl-tfstate-platform/gcp-platform/staging.tflock\" failed: googleapi: Error 412 … Who: runner@fv-az1190-245, Operation: OperationTypeApply'. what now?", "wanted": ["M1"]},
            {"prompt": "Maren merged #241 a minute ago. bump notify-worker memory to 1Gi and plan staging.", "wanted": ["M1"]},
            {"prompt": "apply failed: Error creating Trigger: googleapi: Error 403: Eventarc API has not been used in project 418204937716 before or it is disabled. how do I get past this?", "wanted": ["M2"]},
            {"prompt": "Add a BigQuery dataset ops_audit (EU, 90-day table expiry) for a log sink and apply it to staging.", "wanted": ["M2"]},
            {"prompt": "terraform plan -target=module.orders_api says 'No value for required variable' for project_id, environment and sql_tier. the variables are all there in envs/. what's wrong?", "wanted": ["M3"]},
            {"prompt": "Someone created a Pub/Sub topic refund-events in the staging console. Import it into terraform.", "wanted": ["M3"]},
            {"prompt": "Explain what the lifecycle ignore_changes block in modules/cloud-run-service is for.", "wanted": []},
            {"prompt": "Write a Cloud Logging query for orders-api 5xx responses in the last hour.", "wanted": []},
            {"prompt": "Draft a short runbook section for rotating the stripe-webhook-secret.", "wanted": []},
            {"prompt": "Should notify-worker's Pub/Sub subscription get a dead-letter topic? Short answer.", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "tf-gcp.jsonl"), os.path.join(HERE, "tune", "tf-gcp.labels.json"))
    print(f"tf-gcp -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
