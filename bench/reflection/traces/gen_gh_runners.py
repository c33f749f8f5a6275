"""gh-runners: Marta Wójcik, DevOps engineer at Zefir Pay (payments fintech, Kraków).

Stack: the company's CI platform. Self-hosted GitHub Actions runners with actions-runner-controller
(gha-runner-scale-set charts 0.13 via helm, OCI from ghcr.io) on EKS, kubectl; reusable workflows and
composite actions in the `platform-actions` repo; actionlint 1.7 and act 0.2 to test workflows locally;
gh 2.8x (`gh api`, `gh run`, `gh release`); the runner image built with docker buildx (docker-container
builder, linux/amd64 + linux/arm64, pushed to GHCR); GitHub OIDC roles for AWS in Terraform 1.9.
cwd /home/marta/src/platform-actions and /home/marta/src/ci-infra. Prompts in English.

Written blind for fresh/; measured once held out (round 37), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_gh_runners.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "marta"
PA = "/home/marta/src/platform-actions"
CI = "/home/marta/src/ci-infra"
MODEL = "claude-opus-4-6"
ORG = "zefir-pay"
ACCT = "731946205518"
REGION = "eu-central-1"
IMG = f"ghcr.io/{ORG}/arc-runner"
CHART = "oci://ghcr.io/actions/actions-runner-controller-charts/gha-runner-scale-set"

_rng = [random.Random(20261005)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def A(rel):
    return f"{PA}/{rel}"


def C(rel):
    return f"{CI}/{rel}"


def line_of(d, path, needle):
    for i, l in enumerate(d.files[path].split("\n"), 1):
        if needle in l:
            return i, l
    raise AssertionError(needle)


# ------------------------------------------------------------------ files
README = A("README.md")
PA_CI = A(".github/workflows/ci.yml")
REUSE_BUILD = A(".github/workflows/reusable-docker-build.yml")
PR_TITLE = A(".github/workflows/pr-title.yml")
PREVIEW = A(".github/workflows/preview-env.yml")
CHATOPS = A(".github/workflows/chatops-deploy.yml")
SETUP_TC = A("actions/setup-toolchain/action.yml")
OIDC_ACT = A("actions/aws-oidc-login/action.yml")
EVT_PR = A(".act/pull_request.json")
EVT_COMMENT = A(".act/issue_comment.json")
CI_README = C("README.md")
VALUES_LINUX = C("arc/values/zefir-linux.yaml")
VALUES_CTRL = C("arc/values/controller.yaml")
DOCKERFILE = C("runner-image/Dockerfile")
ROLES = C("terraform/github-oidc/roles.tf")
OIDC_MAIN = C("terraform/github-oidc/main.tf")

README_TXT = """# platform-actions

Reusable workflows and composite actions for every Zefir Pay repository.
Owned by the platform team (#platform-ci on Slack). Consumers pin a major tag (`@v3`).

## Layout

```
.github/workflows/
  ci.yml                       lint (actionlint) + act smoke tests of this repo
  reusable-docker-build.yml    workflow_call: buildx build + push to GHCR/ECR
actions/
  setup-toolchain/             composite: node/go/java via mise, caches
  aws-oidc-login/              composite: configure-aws-credentials with our role naming
.act/                          event payloads for `act -e`
```

## Runners

All jobs run on the ARC scale sets in the `ci-platform` EKS cluster: `runs-on: zefir-linux`
(dind, amd64) and `runs-on: zefir-linux-arm` (arm64). Runner groups: `default`, `build-heavy`, `prod-deploy`.
Runner image: `ghcr.io/zefir-pay/arc-runner` (built from ci-infra/runner-image).

## Testing locally

```bash
actionlint
act pull_request -W .github/workflows/<file>.yml -e .act/pull_request.json
```

act maps `zefir-linux` to `catthehacker/ubuntu:act-22.04` via `~/.actrc`.

## Releasing

Tag `vX.Y.Z`, move the major tag, `gh release create`.
"""

PA_CI_TXT = """name: ci

on:
  pull_request:
  push:
    branches: [main]

permissions:
  contents: read

jobs:
  lint:
    runs-on: zefir-linux
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
      - name: actionlint
        run: |
          bash <(curl -sSfL https://raw.githubusercontent.com/rhysd/actionlint/v1.7.7/scripts/download-actionlint.bash) 1.7.7
          ./actionlint -color

  composite-smoke:
    runs-on: zefir-linux
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
      - uses: ./actions/setup-toolchain
        with:
          node-version: "22"
      - run: node --version
"""

REUSE_BUILD_TXT = """name: reusable-docker-build

on:
  workflow_call:
    inputs:
      image_name:
        type: string
        required: true
      context:
        type: string
        default: "."
      platforms:
        type: string
        default: linux/amd64
      push:
        type: boolean
        default: false

permissions:
  contents: read
  packages: write

jobs:
  build:
    runs-on: zefir-linux
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
      - uses: docker/setup-buildx-action@e468171a9de216ec08956ac3ada2f0791b6bd435 # v3.11.1
      - uses: docker/login-action@74a5d142397b4f367a81961eba4e8cd7edddf772 # v3.4.0
        if: inputs.push
        with:
          registry: ghcr.io
          username: ${{ github.actor }}
          password: ${{ secrets.GITHUB_TOKEN }}
      - uses: docker/build-push-action@263435318d21b8e681c14492fe198d362a7d2c83 # v6.18.0
        with:
          context: ${{ inputs.context }}
          platforms: ${{ inputs.platforms }}
          push: ${{ inputs.push }}
          tags: ghcr.io/zefir-pay/${{ inputs.image_name }}:${{ github.sha }}
"""

SETUP_TC_TXT = """name: setup-toolchain
description: Install node/go/java through mise and restore the shared caches
inputs:
  node-version:
    description: Node.js version
    required: false
  go-version:
    description: Go version
    required: false
  java-version:
    description: Temurin version
    required: false
runs:
  using: composite
  steps:
    - uses: jdx/mise-action@5cb1df66ed5e1fb3c670ea0b62fd17a76979826a # v2.2.1
      with:
        install: false
    - shell: bash
      env:
        NODE_VERSION: ${{ inputs.node-version }}
        GO_VERSION: ${{ inputs.go-version }}
        JAVA_VERSION: ${{ inputs.java-version }}
      run: |
        [ -n "$NODE_VERSION" ] && mise use -g "node@$NODE_VERSION"
        [ -n "$GO_VERSION" ] && mise use -g "go@$GO_VERSION"
        [ -n "$JAVA_VERSION" ] && mise use -g "java@temurin-$JAVA_VERSION"
        mise install
"""

OIDC_ACT_TXT = """name: aws-oidc-login
description: Assume a GitHub OIDC role named gha-<repo>-<purpose> in the given account
inputs:
  account-id:
    required: true
  purpose:
    required: true
  region:
    required: false
    default: eu-central-1
  role-duration:
    required: false
    default: "3600"
runs:
  using: composite
  steps:
    - uses: aws-actions/configure-aws-credentials@b47578312673ae6fa5b5096b330d9fbac3d116df # v4.2.1
      with:
        role-to-assume: arn:aws:iam::${{ inputs.account-id }}:role/gha-${{ github.event.repository.name }}-${{ inputs.purpose }}
        role-session-name: gha-${{ github.run_id }}-${{ github.run_attempt }}
        role-duration-seconds: ${{ inputs.role-duration }}
        aws-region: ${{ inputs.region }}
"""

EVT_PR_TXT = """{
  "pull_request": {
    "number": 412,
    "title": "feat(arc): add arm64 scale set",
    "head": {"ref": "marta/arm64-scale-set", "sha": "4f1c2aa"},
    "base": {"ref": "main"}
  },
  "repository": {"name": "platform-actions", "full_name": "zefir-pay/platform-actions"}
}
"""

EVT_COMMENT_TXT = """{
  "action": "created",
  "issue": {"number": 418, "pull_request": {"url": "https://api.github.com/repos/zefir-pay/platform-actions/pulls/418"}},
  "comment": {"body": "/deploy staging", "user": {"login": "mwojcik-zefir"}, "author_association": "MEMBER"},
  "repository": {"name": "platform-actions", "full_name": "zefir-pay/platform-actions"}
}
"""

CI_README_TXT = """# ci-infra

Everything that runs the CI platform (not the workflows themselves, those live in platform-actions).

- `arc/` — actions-runner-controller: controller + runner scale sets (gha-runner-scale-set charts 0.13, OCI from ghcr.io)
  - cluster `ci-platform` (EKS, eu-central-1), kube context `ci-platform`
  - namespaces: `arc-systems` (controller), `arc-runners` (scale sets)
  - releases: `arc` (controller), `zefir-linux`, `zefir-linux-arm`
- `runner-image/` — our runner image (actions/runner base + tools), `ghcr.io/zefir-pay/arc-runner:<yyyy.mm.n>`
  - builder: `docker buildx` instance `arc-builder` (docker-container driver), always both platforms, always `--push`
- `terraform/github-oidc/` — IAM OIDC provider for token.actions.githubusercontent.com + one role per repo/purpose
  - state in s3://zefir-tfstate-platform/github-oidc.tfstate, account 731946205518
  - apply happens in the ci-infra pipeline after review, never from a laptop

## Upgrading a scale set

```bash
helm upgrade zefir-linux oci://ghcr.io/actions/actions-runner-controller-charts/gha-runner-scale-set \\
  --version 0.13.0 -n arc-runners -f arc/values/zefir-linux.yaml
```
"""

VALUES_LINUX_TXT = """githubConfigUrl: https://github.com/zefir-pay
githubConfigSecret: arc-github-app
runnerGroup: build-heavy
runnerScaleSetName: zefir-linux
minRunners: 2
maxRunners: 40

containerMode:
  type: dind

template:
  metadata:
    labels:
      team: platform
  spec:
    nodeSelector:
      karpenter.sh/nodepool: arc-runners-amd64
    containers:
      - name: runner
        image: ghcr.io/zefir-pay/arc-runner:2026.09.3
        command: ["/home/runner/run.sh"]
        resources:
          requests:
            cpu: "2"
            memory: 6Gi
          limits:
            memory: 8Gi
"""

VALUES_CTRL_TXT = """replicaCount: 1
flags:
  logLevel: info
  updateStrategy: eventual
metrics:
  controllerManagerAddr: ":8080"
  listenerAddr: ":8080"
  listenerEndpoint: "/metrics"
"""

DOCKERFILE_TXT = """# syntax=docker/dockerfile:1.10
FROM ghcr.io/actions/actions-runner:2.331.0

USER root
RUN apt-get update \\
 && apt-get install -y --no-install-recommends \\
      curl ca-certificates git jq unzip zip make gnupg \\
 && rm -rf /var/lib/apt/lists/*

ARG TARGETARCH
ARG AWSCLI_VERSION=2.31.9
RUN case "$TARGETARCH" in amd64) a=x86_64 ;; arm64) a=aarch64 ;; esac \\
 && curl -fsSL "https://awscli.amazonaws.com/awscli-exe-linux-${a}-${AWSCLI_VERSION}.zip" -o /tmp/awscli.zip \\
 && unzip -q /tmp/awscli.zip -d /tmp && /tmp/aws/install && rm -rf /tmp/aws /tmp/awscli.zip

USER runner
"""

OIDC_MAIN_TXT = """terraform {
  required_version = ">= 1.9"
  backend "s3" {
    bucket = "zefir-tfstate-platform"
    key    = "github-oidc.tfstate"
    region = "eu-central-1"
  }
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 6.14"
    }
  }
}

provider "aws" {
  region = "eu-central-1"
}

resource "aws_iam_openid_connect_provider" "github" {
  url            = "https://token.actions.githubusercontent.com"
  client_id_list = ["sts.amazonaws.com"]
}
"""

ROLES_TXT = """locals {
  github_org = "zefir-pay"

  # one role per repo + purpose: gha-<repo>-<purpose>
  gha_roles = {
    "platform-actions-release" = {
      repo     = "platform-actions"
      subjects = ["ref:refs/tags/v*"]
      policies = ["arn:aws:iam::731946205518:policy/gha-artifacts-write"]
    }
    "payments-core-ecr-push" = {
      repo     = "payments-core"
      subjects = ["ref:refs/heads/main"]
      policies = ["arn:aws:iam::aws:policy/AmazonEC2ContainerRegistryPowerUser"]
    }
  }
}

data "aws_iam_policy_document" "gha_trust" {
  for_each = local.gha_roles

  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [aws_iam_openid_connect_provider.github.arn]
    }
    condition {
      test     = "StringEquals"
      variable = "token.actions.githubusercontent.com:aud"
      values   = ["sts.amazonaws.com"]
    }
    condition {
      test     = "StringLike"
      variable = "token.actions.githubusercontent.com:sub"
      values   = [for s in each.value.subjects : "repo:${local.github_org}/${each.value.repo}:${s}"]
    }
  }
}

resource "aws_iam_role" "gha" {
  for_each = local.gha_roles

  name                 = "gha-${each.key}"
  assume_role_policy   = data.aws_iam_policy_document.gha_trust[each.key].json
  max_session_duration = 3600
  tags = {
    managed-by = "terraform"
    repo       = each.value.repo
  }
}

resource "aws_iam_role_policy_attachment" "gha" {
  for_each = {
    for pair in flatten([
      for k, r in local.gha_roles : [for p in r.policies : { key = "${k}|${p}", role = k, policy = p }]
    ]) : pair.key => pair
  }

  role       = aws_iam_role.gha[each.value.role].name
  policy_arn = each.value.policy
}
"""

FILES = {
    README: README_TXT, PA_CI: PA_CI_TXT, REUSE_BUILD: REUSE_BUILD_TXT, SETUP_TC: SETUP_TC_TXT,
    OIDC_ACT: OIDC_ACT_TXT, EVT_PR: EVT_PR_TXT, EVT_COMMENT: EVT_COMMENT_TXT, CI_README: CI_README_TXT,
    VALUES_LINUX: VALUES_LINUX_TXT, VALUES_CTRL: VALUES_CTRL_TXT, DOCKERFILE: DOCKERFILE_TXT,
    ROLES: ROLES_TXT, OIDC_MAIN: OIDC_MAIN_TXT,
}

CHECKOUT = "actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2"


# ------------------------------------------------------------------ output helpers
def untrusted(path, d, needle, expr):
    ln, text = line_of(d, path, needle)
    col = text.index("${{") + 1
    rel = path[len(PA) + 1:]
    width = len("${{ " + expr + " }}")
    return (f"{rel}:{ln}:{col}: \"{expr}\" is potentially untrusted. avoid using it directly in inline scripts. "
            f"instead, pass it through an environment variable. see https://docs.github.com/en/actions/"
            f"security-for-github-actions/security-guides/security-hardening-for-github-actions for more details "
            f"[expression]\n   |\n{ln:>2} | {text}\n   | {' ' * (col - 1)}^{'~' * (width - 1)}")


def act_job(wf, job, steps, image="catthehacker/ubuntu:act-22.04"):
    p = f"[{wf}/{job}]"
    out = [f"INFO[0000] Using docker host 'unix:///var/run/docker.sock', and daemon socket 'unix:///var/run/docker.sock'",
           f"{p} ⭐ Run Set up job",
           f"{p} 🚀  Start image={image}",
           f"{p}   🐳  docker pull image={image} platform= username= forcePull=true",
           f"{p}   🐳  docker create image={image} platform= entrypoint=[\"tail\" \"-f\" \"/dev/null\"] cmd=[] network=\"host\"",
           f"{p}   🐳  docker run image={image} platform= entrypoint=[\"tail\" \"-f\" \"/dev/null\"] cmd=[] network=\"host\"",
           f"{p}   ✅  Success - Set up job"]
    for i, (name, lines, ms) in enumerate(steps):
        out.append(f"{p} ⭐ Run Main {name}")
        if name.startswith("actions/checkout"):
            out.append(f"{p}   🐳  docker cp src=/home/marta/src/platform-actions/. dst=/home/marta/src/platform-actions")
        else:
            out.append(f"{p}   🐳  docker exec cmd=[bash -e /var/run/act/workflow/{i}] user= workdir=")
        for l in lines:
            out.append(f"{p}   | {l}")
        out.append(f"{p}   ✅  Success - Main {name} [{ms}]")
    out += [f"{p} ⭐ Run Complete job", f"{p} Cleaning up container for job {job}",
            f"{p}   ✅  Success - Complete job", f"{p} 🏁  Job succeeded"]
    return "\n".join(out)


def buildx_out(tag, steps_amd=("apt-get", "awscli")):
    dg = hx(64)
    return f"""#0 building with "arc-builder" instance using docker-container driver

#1 [internal] load build definition from Dockerfile
#1 transferring dockerfile: {1.4 + len(tag) / 100:.2f}kB done
#1 DONE 0.0s

#2 resolve image config for docker-image://docker.io/docker/dockerfile:1.10
#2 DONE 0.6s

#3 [linux/arm64 internal] load metadata for ghcr.io/actions/actions-runner:2.331.0
#3 DONE 0.9s

#4 [linux/amd64 internal] load metadata for ghcr.io/actions/actions-runner:2.331.0
#4 DONE 0.9s

#9 [linux/amd64 2/4] RUN apt-get update  && apt-get install -y --no-install-recommends
#9 CACHED

#10 [linux/arm64 3/4] RUN case "$TARGETARCH" in amd64) a=x86_64 ;; arm64) a=aarch64 ;; esac
#10 DONE 41.7s

#11 [linux/amd64 3/4] RUN case "$TARGETARCH" in amd64) a=x86_64 ;; arm64) a=aarch64 ;; esac
#11 DONE 18.2s

#14 exporting to image
#14 exporting layers 12.4s done
#14 exporting manifest list sha256:{dg} done
#14 pushing layers 9.8s done
#14 pushing manifest for {IMG}:{tag}@sha256:{dg} 1.3s done
#14 DONE 25.1s"""


def imagetools(tag):
    idx, a, b, c, e = hx(64), hx(64), hx(64), hx(64), hx(64)
    return f"""Name:      {IMG}:{tag}
MediaType: application/vnd.oci.image.index.v1+json
Digest:    sha256:{idx}

Manifests:
  Name:        {IMG}:{tag}@sha256:{a}
  MediaType:   application/vnd.oci.image.manifest.v1+json
  Platform:    linux/amd64

  Name:        {IMG}:{tag}@sha256:{b}
  MediaType:   application/vnd.oci.image.manifest.v1+json
  Platform:    linux/arm64

  Name:        {IMG}:{tag}@sha256:{c}
  MediaType:   application/vnd.oci.image.manifest.v1+json
  Platform:    unknown/unknown
  Annotations:
    vnd.docker.reference.digest: sha256:{a}
    vnd.docker.reference.type:   attestation-manifest

  Name:        {IMG}:{tag}@sha256:{e}
  MediaType:   application/vnd.oci.image.manifest.v1+json
  Platform:    unknown/unknown
  Annotations:
    vnd.docker.reference.digest: sha256:{b}
    vnd.docker.reference.type:   attestation-manifest"""


def helm_up(rel, ver, when, rev):
    return (f"Release \"{rel}\" has been upgraded. Happy Helming!\nNAME: {rel}\nLAST DEPLOYED: {when}\n"
            f"NAMESPACE: arc-runners\nSTATUS: deployed\nREVISION: {rev}\nTEST SUITE: None\nNOTES:\n"
            f"Thank you for installing gha-runner-scale-set.\n\nYour release is named {rel}.",
            f"Pulled: ghcr.io/actions/actions-runner-controller-charts/gha-runner-scale-set:{ver}\n"
            f"Digest: sha256:{hx(64)}")


def helm_cmd(ver="0.13.0"):
    return (f"helm upgrade zefir-linux {CHART} --version {ver} -n arc-runners -f arc/values/zefir-linux.yaml")


def ars(cur, running):
    return f"""NAME              MINIMUM RUNNERS   MAXIMUM RUNNERS   CURRENT RUNNERS   STATE   PENDING RUNNERS   RUNNING RUNNERS   FINISHED RUNNERS   DELETING RUNNERS
zefir-linux       2                 40                {cur:<17} {'':<7} 0                 {running:<17} 0                  0
zefir-linux-arm   0                 20                1                         0                 1                 0                  0"""


def runner_pods(img, n):
    rows = ["NAME                              READY   STATUS    RESTARTS   AGE"]
    for i in range(n):
        rows.append(f"zefir-linux-{hx(5)}-runner-{hx(5)}   2/2     Running   0          {20 + 7 * i}s")
    return "\n".join(rows)


def tf_plan(resources, add, change=0):
    body = "\n\n".join(resources)
    return f"""data.aws_iam_policy_document.gha_trust["platform-actions-release"]: Reading...
data.aws_iam_policy_document.gha_trust["payments-core-ecr-push"]: Reading...
aws_iam_openid_connect_provider.github: Refreshing state... [id=arn:aws:iam::{ACCT}:oidc-provider/token.actions.githubusercontent.com]
data.aws_iam_policy_document.gha_trust["platform-actions-release"]: Read complete after 0s [id=1984411732]
data.aws_iam_policy_document.gha_trust["payments-core-ecr-push"]: Read complete after 0s [id=3355170986]
aws_iam_role.gha["platform-actions-release"]: Refreshing state... [id=gha-platform-actions-release]
aws_iam_role.gha["payments-core-ecr-push"]: Refreshing state... [id=gha-payments-core-ecr-push]

Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:
  + create

Terraform will perform the following actions:

{body}

Plan: {add} to add, {change} to change, 0 to destroy.

─────────────────────────────────────────────────────────────────────────────

Saved the plan to: tfplan

To perform exactly these actions, run the following command to apply:
    terraform apply "tfplan\""""


def tf_role(key, repo, sub):
    return f"""  # aws_iam_role.gha["{key}"] will be created
  + resource "aws_iam_role" "gha" {{
      + arn                   = (known after apply)
      + assume_role_policy    = jsonencode(
            {{
              + Statement = [
                  + {{
                      + Action    = "sts:AssumeRoleWithWebIdentity"
                      + Condition = {{
                          + StringEquals = {{
                              + "token.actions.githubusercontent.com:aud" = "sts.amazonaws.com"
                            }}
                          + StringLike   = {{
                              + "token.actions.githubusercontent.com:sub" = "repo:zefir-pay/{repo}:{sub}"
                            }}
                        }}
                      + Effect    = "Allow"
                      + Principal = {{
                          + Federated = "arn:aws:iam::{ACCT}:oidc-provider/token.actions.githubusercontent.com"
                        }}
                    }},
                ]
              + Version   = "2012-10-17"
            }}
        )
      + create_date           = (known after apply)
      + force_detach_policies = false
      + id                    = (known after apply)
      + max_session_duration  = 3600
      + name                  = "gha-{key}"
      + path                  = "/"
      + tags                  = {{
          + "managed-by" = "terraform"
          + "repo"       = "{repo}"
        }}
      + unique_id             = (known after apply)
    }}"""


def tf_attach(key, policy):
    return f"""  # aws_iam_role_policy_attachment.gha["{key}|{policy}"] will be created
  + resource "aws_iam_role_policy_attachment" "gha" {{
      + id         = (known after apply)
      + policy_arn = "{policy}"
      + role       = "gha-{key}"
    }}"""


def gh_422(field, val, kind, doc):
    body = ('{"message":"Invalid request.\\n\\nFor \'properties/' + field + '\', \\"' + val + '\\" is not ' + kind +
            '.","documentation_url":"' + doc + '","status":"422"}')
    return body + f"gh: Invalid request.\n\nFor 'properties/{field}', \"{val}\" is not {kind}. (HTTP 422)"


def gh_scope(msg, status, doc, scope):
    body = '{"message":"' + msg + '","documentation_url":"' + doc + '","status":"' + str(status) + '"}'
    return (body + f"gh: {msg} (HTTP {status})\nThis API operation needs the \"{scope}\" scope. To request it, run:  "
            f"gh auth refresh -h github.com -s {scope}")


def refresh_err(code):
    return (f"! First copy your one-time code: {code}\nOpen this URL to continue in your web browser: "
            "https://github.com/login/device\n✓ Authentication complete.")


# ------------------------------------------------------------------ sessions
def s1(d):
    with d.session("2026-10-05T08:50:00", PA, version="2.1.240"):
        t = d.task("morning. im taking over platform-actions from Kuba (hes stuck on the eks upgrade all month), give me the 5 min tour", tags=["noise"])
        t.read(README)
        t.glob("**/*.yml", [PA_CI, REUSE_BUILD, SETUP_TC, OIDC_ACT], path=PA)
        t.read(REUSE_BUILD)
        t.read(SETUP_TC)
        t.done("""Quick map of `platform-actions`:

- **`.github/workflows/ci.yml`** — this repo's own CI: `actionlint` (1.7.7) and a smoke job that runs the `setup-toolchain` composite on `zefir-linux`.
- **`reusable-docker-build.yml`** — `workflow_call` with inputs `image_name`, `context`, `platforms`, `push`; buildx + login + build-push-action, tags `ghcr.io/zefir-pay/<image>:<sha>`. Only pushes when `push: true`.
- **`actions/setup-toolchain`** — composite: mise-action, then `mise use -g node@…/go@…/java@temurin-…` from inputs (passed via `env:`, not interpolated into the script).
- **`actions/aws-oidc-login`** — wraps `configure-aws-credentials` and builds the role name as `gha-<repo>-<purpose>`; those roles are in ci-infra `terraform/github-oidc`.
- Everything runs on the ARC scale sets (`zefir-linux` amd64/dind, `zefir-linux-arm`); third-party actions are pinned to commit SHAs with the version in a comment.
- Local testing: `actionlint`, then `act … -W <file> -e .act/<event>.json`.""")

        # T02 M3#1
        t = d.task("which repos can actually use the build-heavy runner group? list the groups first",
                   tags=["mistake:M3"])
        t.fail(f"gh api orgs/{ORG}/actions/runner-groups --jq '.runner_groups[] | [.id, .name, .visibility, .restricted_to_workflows] | @tsv'",
               "List the org's runner groups",
               gh_scope("Must have admin rights to Organization.", 403,
                        "https://docs.github.com/rest/actions/self-hosted-runner-groups#list-self-hosted-runner-groups-for-an-organization",
                        "admin:org"))
        t.say("Your gh token was created with the default scopes; runner groups need `admin:org`. Refreshing the token with that scope added (it opens the device flow — please confirm the code in the browser):")
        t.bash("gh auth refresh -h github.com -s admin:org", "Add the admin:org scope to the gh token",
               err=refresh_err("8F3A-21CD"), timeout=300000)
        t.bash(f"gh api orgs/{ORG}/actions/runner-groups --jq '.runner_groups[] | [.id, .name, .visibility, .restricted_to_workflows] | @tsv'",
               "List runner groups", out="""1	Default	all	false
4	build-heavy	selected	false
7	prod-deploy	selected	false""")
        t.bash(f"gh api orgs/{ORG}/actions/runner-groups/4/repositories --jq '.total_count, (.repositories[].full_name)'",
               "Repos allowed to use build-heavy", out=f"""6
{ORG}/payments-core
{ORG}/ledger-svc
{ORG}/card-issuing
{ORG}/fraud-rules
{ORG}/mobile-app
{ORG}/platform-actions""")
        t.done("""Runner groups in zefir-pay:

| id | group | visibility | restricted to workflows |
|---|---|---|---|
| 1 | Default | all repos | no |
| 4 | build-heavy | selected | no |
| 7 | prod-deploy | selected | no |

**build-heavy** (6 repos): payments-core, ledger-svc, card-issuing, fraud-rules, mobile-app, platform-actions.

Note: `prod-deploy` isn't restricted to specific workflows, so any workflow in its repos can land on it. (I added the `admin:org` scope to your gh token for this.)""")

        # T03 M1#1 W1#1 P1#1
        t = d.task("add a workflow that checks PR titles are conventional commits (feat|fix|chore|docs|ci|refactor, optional scope). "
                   "third party actions pinned to the full commit sha with the version as a comment, like the rest of the repo",
                   tags=["mistake:M1", "workflow:W1", "pref:P1"])
        t.write(PR_TITLE, f"""name: pr-title

on:
  pull_request:
    types: [opened, edited, synchronize, reopened]

permissions:
  contents: read

jobs:
  check:
    runs-on: zefir-linux
    steps:
      - name: Check conventional title
        run: |
          if ! echo "${{{{ github.event.pull_request.title }}}}" | grep -Eq '^(feat|fix|chore|docs|ci|refactor)(\\([a-z0-9-]+\\))?!?: .+'; then
            echo "::error::PR title must follow conventional commits, e.g. 'feat(arc): add arm64 scale set'"
            exit 1
          fi
          echo "ok"
""")
        t.fail("actionlint .github/workflows/pr-title.yml", "Lint the new workflow",
               untrusted(PR_TITLE, d, "github.event.pull_request.title", "github.event.pull_request.title"))
        t.say("actionlint flags the title being interpolated straight into the script — a PR title like `$(curl …)` would run on our runner. Passing it through an env var instead:")
        t.edit(PR_TITLE, """      - name: Check conventional title
        run: |
          if ! echo "${{ github.event.pull_request.title }}" | grep""", """      - name: Check conventional title
        env:
          PR_TITLE: ${{ github.event.pull_request.title }}
        run: |
          if ! printf '%s\\n' "$PR_TITLE" | grep""")
        t.bash("actionlint .github/workflows/pr-title.yml", "Lint again")
        t.bash("act pull_request -W .github/workflows/pr-title.yml -e .act/pull_request.json", "Run the workflow locally with act",
               out=act_job("pr-title", "check", [("Check conventional title", ["ok"], "88.412ms")]))
        t.bash("git checkout -b marta/pr-title-check && git add .github/workflows/pr-title.yml && git commit -m \"ci: check PR titles follow conventional commits\"",
               "Commit on a new branch", out="""[marta/pr-title-check 6d02f1e] ci: check PR titles follow conventional commits
 1 file changed, 22 insertions(+)
 create mode 100644 .github/workflows/pr-title.yml""", err="Switched to a new branch 'marta/pr-title-check'")
        t.done("""Added `.github/workflows/pr-title.yml` (on `opened/edited/synchronize/reopened`), committed on `marta/pr-title-check`:

- regex `^(feat|fix|chore|docs|ci|refactor)(\\(scope\\))?!?: .+`, fails with an `::error::` annotation
- the title goes in through `env: PR_TITLE` — actionlint rejected the first version that interpolated `${{ github.event.pull_request.title }}` into `run:` (script injection)
- no third-party actions needed, so nothing to pin; `permissions: contents: read`
- `actionlint` clean, `act pull_request` with `.act/pull_request.json` passes""")


def s2(d):
    with d.session("2026-10-07T09:10:00", CI, version="2.1.241"):
        # T04 W3#1
        t = d.task("ledger-svc needs to push to ECR from main. new oidc role for it pls, same pattern as payments-core",
                   tags=["workflow:W3"])
        t.read(ROLES)
        t.edit(ROLES, """    "payments-core-ecr-push" = {
      repo     = "payments-core"
      subjects = ["ref:refs/heads/main"]
      policies = ["arn:aws:iam::aws:policy/AmazonEC2ContainerRegistryPowerUser"]
    }
""", """    "payments-core-ecr-push" = {
      repo     = "payments-core"
      subjects = ["ref:refs/heads/main"]
      policies = ["arn:aws:iam::aws:policy/AmazonEC2ContainerRegistryPowerUser"]
    }
    "ledger-svc-ecr-push" = {
      repo     = "ledger-svc"
      subjects = ["ref:refs/heads/main"]
      policies = ["arn:aws:iam::aws:policy/AmazonEC2ContainerRegistryPowerUser"]
    }
""")
        t.bash("cd terraform/github-oidc && terraform fmt", "Format")
        t.bash("cd terraform/github-oidc && terraform validate", "Validate", out="Success! The configuration is valid.")
        t.bash("cd terraform/github-oidc && terraform plan -out=tfplan", "Plan", timeout=600000,
               out=tf_plan([tf_role("ledger-svc-ecr-push", "ledger-svc", "ref:refs/heads/main"),
                            tf_attach("ledger-svc-ecr-push", "arn:aws:iam::aws:policy/AmazonEC2ContainerRegistryPowerUser")], 2))
        t.done("""Added `ledger-svc-ecr-push` to `local.gha_roles` (same shape as payments-core). Plan saved to `terraform/github-oidc/tfplan`:

- `+ aws_iam_role.gha["ledger-svc-ecr-push"]` → role `gha-ledger-svc-ecr-push`, trust `repo:zefir-pay/ledger-svc:ref:refs/heads/main`, aud `sts.amazonaws.com`
- `+ aws_iam_role_policy_attachment` → `AmazonEC2ContainerRegistryPowerUser`

**Plan: 2 to add, 0 to change, 0 to destroy.** Not applied — that goes through the ci-infra pipeline. In ledger-svc's workflow: `uses: zefir-pay/platform-actions/actions/aws-oidc-login@v3` with `purpose: ecr-push` and `permissions: id-token: write`.""")

        # T05 M2#1
        t = d.task("need a JIT runner in build-heavy for debugging that flaky dind thing on my own box. name dbg-marta-01, labels self-hosted + debug",
                   tags=["mistake:M2"])
        doc = "https://docs.github.com/rest/actions/self-hosted-runners#create-configuration-for-a-just-in-time-runner-for-an-organization"
        t.fail(f"gh api -X POST orgs/{ORG}/actions/runners/generate-jitconfig -f name=dbg-marta-01 -f runner_group_id=4 "
               "-f 'labels[]=self-hosted' -f 'labels[]=debug' -f work_folder=_work", "Create a JIT runner config",
               gh_422("runner_group_id", "4", "an integer", doc))
        t.say("`-f` sends every value as a string, and the API wants `runner_group_id` as a number. `--field` (typed) converts numeric values:")
        jit = "eyJ" + "".join(_rng[0].choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") for _ in range(60))
        t.bash(f"gh api -X POST orgs/{ORG}/actions/runners/generate-jitconfig -f name=dbg-marta-01 --field runner_group_id=4 "
               "-f 'labels[]=self-hosted' -f 'labels[]=debug' -f work_folder=_work --jq '{id: .runner.id, status: .runner.status, labels: [.runner.labels[].name]}, .encoded_jit_config' > /tmp/jit.out && head -c 300 /tmp/jit.out",
               "Create the JIT runner config (typed runner_group_id)",
               out=f"""{{"id":1873,"labels":["self-hosted","debug"],"status":"offline"}}
{jit}""")
        t.done("""JIT runner `dbg-marta-01` (id 1873) registered in **build-heavy** with labels `self-hosted`, `debug`; it shows offline until you start it.

The encoded config is in `/tmp/jit.out` (2nd line). On your box, from the runner dir:

```bash
./run.sh --jitconfig "$(sed -n 2p /tmp/jit.out)"
```

It's single-use: it takes one job and deregisters itself. Jobs reach it with `runs-on: [self-hosted, debug]`.""")

        # T06 no tools
        t = d.task("remind me, containerMode dind vs kubernetes in the scale set chart. why did we pick dind again", tags=["no_tools"])
        t.done("""- **dind**: each runner pod gets a `dind` sidecar (privileged) and the runner talks to it over a shared socket. `docker build`, `docker run`, service containers and `container:` jobs all work as on a GitHub-hosted runner.
- **kubernetes**: no docker daemon; job containers and service containers are created as separate pods through the runner container hooks, with a shared PVC for the work dir (needs a RWX/ephemeral volume class). No privileged pods, but `docker build` doesn't work — you'd need kaniko/buildkit as a service.

We're on dind because most repos build images with buildx in their workflows; kubernetes mode would have meant rewriting those builds. The price is privileged pods on the runner nodepool (it's isolated for that reason).""")


def s3(d):
    with d.session("2026-10-09T09:30:00", CI, version="2.1.243"):
        # T07 W2#1 F1
        t = d.task("runner 2.332.0 is out and github will start refusing 2.331 soon. bump the image and roll it to zefir-linux. tag 2026.10.1",
                   tags=["workflow:W2", "flaky:F1"])
        t.read(DOCKERFILE)
        t.edit(DOCKERFILE, "FROM ghcr.io/actions/actions-runner:2.331.0", "FROM ghcr.io/actions/actions-runner:2.332.0")
        t.bash(f"docker buildx build --builder arc-builder --platform linux/amd64,linux/arm64 -t {IMG}:2026.10.1 --push runner-image/",
               "Build and push both platforms", err=buildx_out("2026.10.1").replace("2.331.0", "2.332.0"), timeout=1200000)
        t.bash(f"docker buildx imagetools inspect {IMG}:2026.10.1", "Check the pushed manifest list", out=imagetools("2026.10.1"))
        t.read(VALUES_LINUX)
        t.edit(VALUES_LINUX, "image: ghcr.io/zefir-pay/arc-runner:2026.09.3", "image: ghcr.io/zefir-pay/arc-runner:2026.10.1")
        t.fail(helm_cmd(), "Upgrade the zefir-linux scale set",
               'Error: failed to perform "FetchReference" on source: Get "https://ghcr.io/v2/actions/actions-runner-controller-charts/'
               'gha-runner-scale-set/manifests/0.13.0": dial tcp 140.82.121.34:443: i/o timeout')
        t.say("Network timeout reaching ghcr.io, nothing to do with the chart. Same command again:")
        o, e = helm_up("zefir-linux", "0.13.0", "Fri Oct  9 10:12:47 2026", 15)
        t.bash(helm_cmd(), "Upgrade the zefir-linux scale set", out=o, err=e)
        t.bash("kubectl get autoscalingrunnersets -n arc-runners && kubectl get pods -n arc-runners -l app.kubernetes.io/component=runner",
               "Check the scale set and runner pods", out=ars(4, 2) + "\n\n" + runner_pods("2026.10.1", 4))
        t.done("""Rolled out:

- `runner-image/Dockerfile`: base `actions-runner:2.332.0`
- pushed `ghcr.io/zefir-pay/arc-runner:2026.10.1` (manifest list: linux/amd64 + linux/arm64 + attestations)
- `arc/values/zefir-linux.yaml` → image `2026.10.1`; `helm upgrade` → revision 15 (first attempt hit an i/o timeout to ghcr.io, the retry went through)
- scale set: 4 runners up, 2 busy. New pods use the new image; busy runners finish their job on the old one and get replaced (ephemeral).

`zefir-linux-arm` still points at 2026.09.3 — say if you want it bumped too.""")

        # T08 grep noise
        t = d.task("do we still have anything on ubuntu-latest in platform-actions? grep it", tags=["noise"])
        t.grep("runs-on: *ubuntu", path=PA, output_mode="content", n=True, content="")
        t.grep("ubuntu-latest", path=PA, output_mode="content", n=True, content="")
        t.done("Nothing: no `runs-on: ubuntu…` and no `ubuntu-latest` anywhere in platform-actions. All jobs use `zefir-linux`.")

        # T09 P3 + O1
        t = d.task("reusable-docker-build: add a cache_scope input so callers can split the gha cache per image (default = image_name). "
                   "btw inputs in our reusable workflows are snake_case, keep it that way",
                   tags=["pref:P3", "oneoff:O1"])
        t.read(REUSE_BUILD)
        t.edit(REUSE_BUILD, """      push:
        type: boolean
        default: false
""", """      push:
        type: boolean
        default: false
      cache_scope:
        type: string
        default: ""
""")
        t.edit(REUSE_BUILD, """          tags: ghcr.io/zefir-pay/${{ inputs.image_name }}:${{ github.sha }}
""", """          tags: ghcr.io/zefir-pay/${{ inputs.image_name }}:${{ github.sha }}
          cache-from: type=gha,scope=${{ inputs.cache-scope || inputs.image_name }}
          cache-to: type=gha,mode=max,scope=${{ inputs.cache-scope || inputs.image_name }}
""")
        ln, txt = line_of(d, REUSE_BUILD, "cache-from:")
        col = txt.index("inputs.cache-scope") + 1
        t.fail("actionlint .github/workflows/reusable-docker-build.yml", "Lint",
               f""".github/workflows/reusable-docker-build.yml:{ln}:{col}: property "cache-scope" is not defined in object type {{cache_scope: string; context: string; image_name: string; platforms: string; push: bool}} [expression]
   |
{ln} | {txt}
   | {' ' * (col - 1)}^~~~~~~~~~~~~~~~~
.github/workflows/reusable-docker-build.yml:{ln + 1}:{col + 9}: property "cache-scope" is not defined in object type {{cache_scope: string; context: string; image_name: string; platforms: string; push: bool}} [expression]
   |
{ln + 1} | {line_of(d, REUSE_BUILD, "cache-to:")[1]}
   | {' ' * (col + 8)}^~~~~~~~~~~~~~~~~""")
        t.say("My typo — I used `cache-scope` in the expressions but declared `cache_scope`. Fixing both references:")
        t.edit(REUSE_BUILD, "inputs.cache-scope || inputs.image_name", "inputs.cache_scope || inputs.image_name", replace_all=True)
        t.bash("actionlint .github/workflows/reusable-docker-build.yml", "Lint")
        t.done("""`reusable-docker-build.yml` has a new `cache_scope` input (string, default empty). `build-push-action` now uses `cache-from/cache-to: type=gha` with `scope=${{ inputs.cache_scope || inputs.image_name }}`, so each image gets its own cache unless the caller sets one. actionlint is clean (it caught a `cache-scope` typo of mine in the first version). Inputs stay snake_case.""")


def s4(d):
    with d.session("2026-10-13T08:45:00", PA, branch="marta/pr-title-check", version="2.1.245", permission_mode="acceptEdits"):
        # T10 M1#2 W1#2 P1#2
        t = d.task("preview envs: workflow that on PR open/sync deploys the branch to namespace preview-<branch> on the staging cluster via our "
                   "aws-oidc-login + helm. sha-pin anything external, no tags like @v4",
                   tags=["mistake:M1", "workflow:W1", "pref:P1"])
        t.read(OIDC_ACT)
        t.write(PREVIEW, f"""name: preview-env

on:
  pull_request:
    types: [opened, synchronize, reopened]

permissions:
  contents: read
  id-token: write

concurrency:
  group: preview-${{{{ github.head_ref }}}}
  cancel-in-progress: true

jobs:
  deploy:
    runs-on: zefir-linux
    steps:
      - uses: {CHECKOUT}
      - uses: ./actions/aws-oidc-login
        with:
          account-id: "{ACCT}"
          purpose: preview-deploy
      - uses: azure/setup-helm@b9e51907a09c216f16ebe8536097933489208112 # v4.3.0
        with:
          version: v3.16.4
      - name: Deploy preview
        run: |
          ns="preview-$(echo "${{{{ github.head_ref }}}}" | tr '/_' '--' | cut -c1-40)"
          aws eks update-kubeconfig --name staging --region {REGION}
          helm upgrade --install app ./chart -n "$ns" --create-namespace --wait --timeout 10m \\
            --set image.tag=${{{{ github.event.pull_request.head.sha }}}}
""")
        t.fail("actionlint .github/workflows/preview-env.yml", "Lint the preview workflow",
               untrusted(PREVIEW, d, 'ns="preview-', "github.head_ref"))
        t.say("Same class of problem as the PR-title check: a branch name is attacker-controlled (`a$(id)b` is a valid ref), so it can't be interpolated into `run:`. Moving it into the step env (the `concurrency` use is fine, that's not a script):")
        t.edit(PREVIEW, """      - name: Deploy preview
        run: |
          ns="preview-$(echo "${{ github.head_ref }}" | tr""", """      - name: Deploy preview
        env:
          HEAD_REF: ${{ github.head_ref }}
        run: |
          ns="preview-$(printf '%s' "$HEAD_REF" | tr""")
        t.bash("actionlint .github/workflows/preview-env.yml", "Lint again")
        t.bash("act pull_request -W .github/workflows/preview-env.yml -e .act/pull_request.json -j deploy --dryrun",
               "Dry-run the job with act", out="\n".join([
                   "*DRYRUN* [preview-env/deploy] ⭐ Run Set up job",
                   "*DRYRUN* [preview-env/deploy] 🚀  Start image=catthehacker/ubuntu:act-22.04",
                   "*DRYRUN* [preview-env/deploy]   ✅  Success - Set up job",
                   f"*DRYRUN* [preview-env/deploy] ⭐ Run Main {CHECKOUT.split(' #')[0]}",
                   f"*DRYRUN* [preview-env/deploy]   ✅  Success - Main {CHECKOUT.split(' #')[0]}",
                   "*DRYRUN* [preview-env/deploy] ⭐ Run Main ./actions/aws-oidc-login",
                   "*DRYRUN* [preview-env/deploy]   ✅  Success - Main ./actions/aws-oidc-login",
                   "*DRYRUN* [preview-env/deploy] ⭐ Run Main azure/setup-helm@b9e51907a09c216f16ebe8536097933489208112",
                   "*DRYRUN* [preview-env/deploy]   ✅  Success - Main azure/setup-helm@b9e51907a09c216f16ebe8536097933489208112",
                   "*DRYRUN* [preview-env/deploy] ⭐ Run Main Deploy preview",
                   "*DRYRUN* [preview-env/deploy]   ✅  Success - Main Deploy preview",
                   "*DRYRUN* [preview-env/deploy] 🏁  Job succeeded"]))
        t.bash("git checkout -b marta/preview-env && git add .github/workflows/preview-env.yml && git commit -m \"ci: preview environments per PR\"",
               "Commit", out="""[marta/preview-env 91c3ab7] ci: preview environments per PR
 1 file changed, 33 insertions(+)
 create mode 100644 .github/workflows/preview-env.yml""", err="Switched to a new branch 'marta/preview-env'")
        t.done("""`.github/workflows/preview-env.yml` on `marta/preview-env`:

- PR opened/sync/reopened → `aws-oidc-login` (purpose `preview-deploy`) → setup-helm (pinned `b9e5190…  # v4.3.0`) → `helm upgrade --install` into `preview-<branch>` on the staging cluster, image tag = PR head sha
- concurrency per branch with cancel-in-progress
- branch name reaches the script via `env: HEAD_REF` (actionlint rejected `${{ github.head_ref }}` inside `run:`)
- actionlint clean; `act --dryrun` plans all steps (a real act run can't do the OIDC login locally)

Missing before it works: the `gha-<repo>-preview-deploy` role in ci-infra terraform, and a cleanup workflow on PR close.""")

        # T11 webfetch
        t = d.task("does the scale set listener scale on queued jobs only or also in-progress? and what happens with minRunners when there's no jobs. check the docs",
                   tags=["webfetch", "noise"])
        t.webfetch("https://docs.github.com/en/actions/hosting-your-own-runners/managing-self-hosted-runners-with-actions-runner-controller/deploying-runner-scale-sets-with-actions-runner-controller",
                   "How does the runner scale set autoscale, what do minRunners and maxRunners do?",
                   """Configuring the maximum and minimum number of runners: The maxRunners property sets the maximum number of runners the scale set can scale up to. The minRunners property sets the minimum number of runners that will be kept available. The scale set listener receives a Job Available message from the GitHub Actions service and, if scaling is allowed, the listener asks the controller to patch the EphemeralRunnerSet replicas to the desired count. The desired count is computed from the total number of jobs assigned to the scale set (queued plus running), bounded by maxRunners, plus minRunners kept idle. If minRunners is greater than zero, that many idle runners are kept registered and ready for jobs; each runner is ephemeral and is replaced after it completes a job. Setting minRunners to 0 means no idle runners: the first job waits for a new runner pod to start.""")
        t.done("""From the ARC docs:

- The listener scales on **assigned jobs = queued + running**; desired runners = that count (capped at `maxRunners`) **plus** `minRunners` kept idle on top.
- `minRunners` is a warm pool: with no jobs you still have that many registered idle runners (ours: 2 on zefir-linux, 0 on arm). Each is ephemeral, so after taking a job it's replaced to keep the pool.
- With `minRunners: 0` the first job waits for a pod (and on a cold nodepool, for Karpenter to bring a node) — that's the ~2–3 min start you see on zefir-linux-arm.""")

        # T12 no tools
        t = d.task("for the oidc trust on prod deploy roles, is sub with environment:production safer than ref:refs/heads/main?", tags=["no_tools"])
        t.done("""Yes, usually. When a job declares `environment: production`, the token's `sub` becomes `repo:zefir-pay/<repo>:environment:production` (not the ref form). Trusting that means:

- only jobs that target the environment can assume the role, so the environment's protection rules (required reviewers, wait timer, deployment branch policy) sit in front of AWS access;
- a workflow on `main` that doesn't declare the environment can't assume it.

Combine it with a deployment branch policy of `main` only, otherwise any branch could declare the environment. Keep `ref:refs/heads/main` roles for non-prod things like ECR push.""")

        # T13 long output
        t = d.task("last 30 runs of ci.yml here, want to see how flaky composite-smoke has been", tags=["noise", "long_output"])
        rows = []
        import datetime as _dt
        base = _dt.datetime(2026, 10, 13, 7, 40)
        branches = ["main", "marta/preview-env", "kuba/mise-cache", "main", "renovate/docker-build-push-action-6.x",
                    "marta/pr-title-check", "main", "kuba/setup-toolchain-java"]
        titles = ["ci: timeout-minutes on all jobs", "ci: preview environments per PR", "setup-toolchain: cache mise installs",
                  "Merge pull request #409 from zefir-pay/kuba/mise-cache", "chore(deps): update docker/build-push-action to v6.18.0",
                  "ci: check PR titles follow conventional commits", "docs: runner labels", "setup-toolchain: java via temurin"]
        for i in range(30):
            ts = base - _dt.timedelta(hours=7 * i + (i % 3))
            st = "failure" if i in (3, 9, 10, 17, 24) else "success"
            br = branches[i % len(branches)]
            ev = "push" if br == "main" else "pull_request"
            title = titles[i % len(titles)]
            rows.append(f"completed\t{st}\t{title}\tci\t{br}\t{ev}\t{18533900411 - i * 3197}\t{1 + (i * 7) % 4}m{(i * 13) % 60}s\t{ts.strftime('%Y-%m-%dT%H:%M:%SZ')}")
        t.bash("gh run list --workflow ci.yml -L 30", "List the last 30 ci.yml runs", out="\n".join(rows))
        t.bash("gh run view 18533890820 --log-failed | tail -n 15", "Why one of them failed",
               out="""composite-smoke	UNKNOWN STEP	2026-10-12T10:51:04.1187112Z mise WARN  failed to install node@22.20.0
composite-smoke	UNKNOWN STEP	2026-10-12T10:51:04.1190273Z mise ERROR failed to download https://nodejs.org/dist/v22.20.0/node-v22.20.0-linux-x64.tar.gz
composite-smoke	UNKNOWN STEP	2026-10-12T10:51:04.1190811Z mise ERROR HTTP status server error (503 Service Unavailable) for url (https://nodejs.org/dist/v22.20.0/node-v22.20.0-linux-x64.tar.gz)
composite-smoke	UNKNOWN STEP	2026-10-12T10:51:04.1253340Z ##[error]Process completed with exit code 1.""")
        t.done("""Last 30 ci.yml runs: **25 success, 5 failure** (runs 4, 10, 11, 18, 25 in the list). Four of the five failures are `composite-smoke`; the one I opened (18533890820, 10-12) is mise failing to download Node from nodejs.org with a **503** — not our code.

If that's the pattern, caching mise's install dir (`~/.local/share/mise/installs`) with actions/cache in `setup-toolchain` would take nodejs.org out of the hot path.""")


def s5(d):
    with d.session("2026-10-16T09:05:00", CI, version="2.1.247"):
        # T14 M2#2
        t = d.task("lock prod-deploy down so only platform-actions' deploy.yml on main can use it. securty asked after the audit",
                   tags=["mistake:M2"])
        doc = "https://docs.github.com/rest/actions/self-hosted-runner-groups#update-a-self-hosted-runner-group-for-an-organization"
        wf = f"{ORG}/platform-actions/.github/workflows/deploy.yml@refs/heads/main"
        t.fail(f"gh api -X PATCH orgs/{ORG}/actions/runner-groups/7 -f restricted_to_workflows=true -f 'selected_workflows[]={wf}'",
               "Restrict prod-deploy to the deploy workflow", gh_422("restricted_to_workflows", "true", "a boolean", doc))
        t.say("The boolean was sent as the string `\"true\"`. Sending it typed with `--field`:")
        t.bash(f"gh api -X PATCH orgs/{ORG}/actions/runner-groups/7 --field restricted_to_workflows=true -f 'selected_workflows[]={wf}' "
               "--jq '{name, restricted_to_workflows, selected_workflows}'", "Restrict prod-deploy (typed boolean)",
               out=f'{{"name":"prod-deploy","restricted_to_workflows":true,"selected_workflows":["{wf}"]}}')
        t.done(f"""`prod-deploy` (id 7) now has `restricted_to_workflows: true` with a single allowed workflow: `{wf}`.

Jobs from any other workflow targeting the group will sit queued ("waiting for a runner") — worth a heads-up in #platform-ci in case someone's deploying from a different file.""")

        # T15 W3#2 O2
        t = d.task("payments-core deploys to prod from the production environment now, add a gha role payments-core-deploy, sub must be environment:production. "
                   "policy is the existing gha-eks-deploy one", tags=["workflow:W3", "oneoff:O2"])
        t.read(ROLES)
        t.edit(ROLES, """    "payments-core-ecr-push" = {
      repo     = "payments-core"
      subjects = ["ref:refs/heads/main"]
      policies = ["arn:aws:iam::aws:policy/AmazonEC2ContainerRegistryPowerUser"]
    }
""", """    "payments-core-ecr-push" = {
      repo     = "payments-core"
      subjects = ["ref:refs/heads/main"]
      policies = ["arn:aws:iam::aws:policy/AmazonEC2ContainerRegistryPowerUser"]
    }
    "payments-core-deploy" = {
      repo     = "payments-core"
      subjects = ["environment:production"]
      policies = ["arn:aws:iam::${local.aws_account_id}:policy/gha-eks-deploy"]
    }
""")
        ln, txt = line_of(d, ROLES, "local.aws_account_id")
        t.fail("cd terraform/github-oidc && terraform validate", "Validate", f"""╷
│ Error: Reference to undeclared local value
│
│   on roles.tf line {ln}, in locals:
│   {ln}: {txt.rstrip()}
│
│ A local value with the name "aws_account_id" has not been declared.
╵""")
        t.say("There's no account-id local in this module; the other entries spell the ARN out. Doing the same:")
        t.edit(ROLES, '"arn:aws:iam::${local.aws_account_id}:policy/gha-eks-deploy"', f'"arn:aws:iam::{ACCT}:policy/gha-eks-deploy"')
        t.bash("cd terraform/github-oidc && terraform fmt", "Format")
        t.bash("cd terraform/github-oidc && terraform validate", "Validate", out="Success! The configuration is valid.")
        t.bash("cd terraform/github-oidc && terraform plan -out=tfplan", "Plan", timeout=600000,
               out=tf_plan([tf_role("payments-core-deploy", "payments-core", "environment:production"),
                            tf_attach("payments-core-deploy", f"arn:aws:iam::{ACCT}:policy/gha-eks-deploy")], 2))
        t.done("""`payments-core-deploy` added; plan in `terraform/github-oidc/tfplan`:

- `+ aws_iam_role.gha["payments-core-deploy"]`, trust `repo:zefir-pay/payments-core:environment:production`
- `+ attachment` of `gha-eks-deploy`

**2 to add, 0 to change, 0 to destroy.** (First validate failed on a `local.aws_account_id` I referenced that doesn't exist here — fixed to the literal ARN like the others.) Not applied.""")

        d.precompact(f"""- Marta (platform team, Zefir Pay) maintains the CI platform. Repos: {PA} (reusable workflows, composite actions, actionlint + act), {CI} (ARC values in arc/values, runner image in runner-image/, terraform/github-oidc roles).
- ARC: scale sets zefir-linux (dind, build-heavy group, image ghcr.io/zefir-pay/arc-runner:2026.10.1) and zefir-linux-arm, chart gha-runner-scale-set 0.13.0 from OCI, ns arc-runners, context ci-platform.
- Runner groups: Default (1), build-heavy (4), prod-deploy (7, now restricted to platform-actions deploy.yml@main). gh token has admin:org.
- Terraform github-oidc: roles ledger-svc-ecr-push and payments-core-deploy planned (tfplan), not applied; apply goes through the ci-infra pipeline.
- platform-actions: pr-title.yml and preview-env.yml on branches (values via env: in run scripts), reusable-docker-build has a cache_scope input.""")

        # T16 feedback
        fb = ("the runbook you wrote me for the scale set upgrade was way too long, i had to cut half of it before it went on confluence. "
              "runbooks = numbered commands + one line why, nothing else")
        t = d.task(fb, tags=["feedback", "no_tools"], feedback=fb)
        t.done("""Got it. Runbooks from now on: numbered steps, each a command plus one line of why. Like:

1. `helm upgrade zefir-linux … --version <v> -f arc/values/zefir-linux.yaml` — roll the scale set
2. `kubectl get autoscalingrunnersets -n arc-runners` — listener back, runners registering
3. `gh api orgs/zefir-pay/actions/runners --jq '.runners[] | select(.status=="online") | .name' | wc -l` — runners online in GitHub""")

        # T17 read noise
        t = d.task("whats maxRunners on zefir-linux and which nodepool does it land on", tags=["noise"])
        t.read(VALUES_LINUX)
        t.done("`zefir-linux`: `minRunners: 2`, `maxRunners: 40`, dind mode, runner group `build-heavy`, nodeSelector `karpenter.sh/nodepool: arc-runners-amd64`, requests 2 CPU / 6Gi (limit 8Gi memory).")


def s6(d):
    with d.session("2026-10-20T09:20:00", CI, version="2.1.249"):
        # T18 W2#2
        t = d.task("add yq (mikefarah, v4.47.2) to the runner image, half the repos curl it in every job. new tag 2026.10.2 and roll it",
                   tags=["workflow:W2"])
        t.read(DOCKERFILE)
        t.edit(DOCKERFILE, """USER runner
""", """ARG YQ_VERSION=v4.47.2
RUN curl -fsSL "https://github.com/mikefarah/yq/releases/download/${YQ_VERSION}/yq_linux_${TARGETARCH}" -o /usr/local/bin/yq \\
 && chmod +x /usr/local/bin/yq

USER runner
""")
        t.bash(f"docker buildx build --builder arc-builder --platform linux/amd64,linux/arm64 -t {IMG}:2026.10.2 --push runner-image/",
               "Build and push both platforms", err=buildx_out("2026.10.2").replace("2.331.0", "2.332.0"), timeout=1200000)
        t.bash(f"docker buildx imagetools inspect {IMG}:2026.10.2", "Check the manifest list", out=imagetools("2026.10.2"))
        t.bash(f"docker run --rm --platform linux/arm64 {IMG}:2026.10.2 yq --version", "Smoke test the arm64 yq",
               out="yq (https://github.com/mikefarah/yq/) version v4.47.2")
        t.read(VALUES_LINUX)
        t.edit(VALUES_LINUX, "image: ghcr.io/zefir-pay/arc-runner:2026.10.1", "image: ghcr.io/zefir-pay/arc-runner:2026.10.2")
        o, e = helm_up("zefir-linux", "0.13.0", "Tue Oct 20 10:03:29 2026", 16)
        t.bash(helm_cmd(), "Upgrade the scale set", out=o, err=e)
        t.bash("kubectl get autoscalingrunnersets -n arc-runners", "Check the scale set", out=ars(7, 5))
        t.done("""- Dockerfile: yq v4.47.2 from the mikefarah release, per `TARGETARCH`
- `ghcr.io/zefir-pay/arc-runner:2026.10.2` pushed (amd64 + arm64); `yq --version` on arm64 OK
- zefir-linux → 2026.10.2, helm revision 16; 7 runners, 5 busy

Repos can drop their `curl … yq` steps once their jobs pick up new runners.""")

        # T19 M3#2
        t = d.task("how many arc-runner image versions are sitting on ghcr? and whats the oldest one still there", tags=["mistake:M3"])
        t.fail(f"gh api orgs/{ORG}/packages/container/arc-runner/versions --paginate --jq '.[] | [.id, .created_at, (.metadata.container.tags | join(\",\"))] | @tsv'",
               "List GHCR versions of arc-runner",
               gh_scope("You need at least read:packages scope to list packages.", 403,
                        "https://docs.github.com/rest/packages/packages#list-package-versions-for-a-package-owned-by-an-organization",
                        "read:packages"))
        t.say("Package endpoints need `read:packages` on the token, which gh doesn't request by default. Adding it (device flow again, please confirm in the browser):")
        t.bash("gh auth refresh -h github.com -s read:packages", "Add read:packages to the gh token",
               err=refresh_err("C41D-7B90"), timeout=300000)
        vers = []
        for i, tg in enumerate(["2026.10.2", "2026.10.1", "2026.09.3", "2026.09.2", "2026.09.1", "2026.08.2", "2026.08.1",
                                "", "2026.07.1", "", "2026.06.2", "2026.06.1", "", "2026.05.1", "2026.04.1", ""]):
            vers.append(f"{512884310 - i * 2741133}\t2026-{10 - i // 3:02d}-{20 - (i * 5) % 19:02d}T{8 + i % 9:02d}:1{i % 10}:0{i % 7}Z\t{tg}")
        t.bash(f"gh api orgs/{ORG}/packages/container/arc-runner/versions --paginate --jq '.[] | [.id, .created_at, (.metadata.container.tags | join(\",\"))] | @tsv'",
               "List GHCR versions of arc-runner", out="\n".join(vers))
        t.done("""`arc-runner` on GHCR has **16 versions**: 12 tagged (2026.04.1 → 2026.10.2) and 4 untagged (old attestation/platform manifests left behind by re-tagging).

Oldest still there: **2026.04.1**. I only listed them — nothing deleted. (Added `read:packages` to your gh token for this.)""")

        # T20 U1
        t = d.task("rerun the failed jobs of payments-core run 17409288713, the nightly from september that died on the runner oom. want the artifacts",
                   tags=["unfixed:U1"])
        t.fail(f"gh run rerun 17409288713 --failed -R {ORG}/payments-core", "Rerun failed jobs",
               f"failed to rerun: HTTP 403: Unable to retry this workflow run because it was created over a month ago "
               f"(https://api.github.com/repos/{ORG}/payments-core/actions/runs/17409288713/rerun-failed-jobs)")
        t.bash(f"gh run view 17409288713 -R {ORG}/payments-core --json createdAt,headSha,event,workflowName",
               "Check the run's age and commit",
               out='{"createdAt":"2026-09-14T01:00:12Z","event":"schedule","headSha":"3b1e0c95a7d2f44e8c01a9e6d3f7b2c18e4a6d90","workflowName":"nightly"}')
        t.done("""Can't: GitHub only allows re-runs within 30 days of the original run, and 17409288713 is from **2026-09-14** (nightly, schedule, `3b1e0c9`). There's no override for that.

If you need those artifacts, the option is a fresh run of `nightly` on that commit (`workflow_dispatch` if the workflow has it, on a branch pointing at 3b1e0c9). Artifacts of the old run that did upload are still downloadable until their retention expires. Tell me if you want the new run.""")


def s7(d):
    with d.session("2026-10-23T09:00:00", PA, branch="marta/preview-env", version="2.1.251"):
        # T21 M1#3 W1#3 P1#3
        t = d.task("chatops: `/deploy staging` or `/deploy prod` as a PR comment by an org member should dispatch deploy.yml with that env. "
                   "reactions 👀 on the comment. same rule as always for 3rd party actions, commit sha not the tag",
                   tags=["mistake:M1", "workflow:W1", "pref:P1"])
        t.write(CHATOPS, """name: chatops-deploy

on:
  issue_comment:
    types: [created]

permissions:
  contents: read
  actions: write
  pull-requests: write

jobs:
  dispatch:
    if: github.event.issue.pull_request && startsWith(github.event.comment.body, '/deploy ') && contains(fromJSON('["MEMBER","OWNER"]'), github.event.comment.author_association)
    runs-on: zefir-linux
    steps:
      - name: React
        env:
          GH_REPO: ${{ github.repository }}
          GH_TOKEN: ${{ github.token }}
          COMMENT_ID: ${{ github.event.comment.id }}
        run: gh api -X POST "repos/$GH_REPO/issues/comments/$COMMENT_ID/reactions" -f content=eyes
      - name: Dispatch deploy
        env:
          GH_REPO: ${{ github.repository }}
          GH_TOKEN: ${{ github.token }}
          PR: ${{ github.event.issue.number }}
        run: |
          target="$(echo "${{ github.event.comment.body }}" | awk '{print $2}')"
          case "$target" in staging|prod) ;; *) echo "::error::unknown env '$target'"; exit 1 ;; esac
          ref="$(gh pr view "$PR" --json headRefName -q .headRefName)"
          gh workflow run deploy.yml --ref "$ref" -f environment="$target"
""")
        t.fail("actionlint .github/workflows/chatops-deploy.yml", "Lint the chatops workflow",
               untrusted(CHATOPS, d, 'target="$(echo', "github.event.comment.body"))
        t.say("Comment bodies are exactly the kind of input that can't go into a script. Passing it through the env block like the other values:")
        t.edit(CHATOPS, """      - name: Dispatch deploy
        env:
          GH_REPO: ${{ github.repository }}
          GH_TOKEN: ${{ github.token }}
          PR: ${{ github.event.issue.number }}
        run: |
          target="$(echo "${{ github.event.comment.body }}" | awk '{print $2}')\"""", """      - name: Dispatch deploy
        env:
          GH_REPO: ${{ github.repository }}
          GH_TOKEN: ${{ github.token }}
          PR: ${{ github.event.issue.number }}
          COMMENT_BODY: ${{ github.event.comment.body }}
        run: |
          target="$(printf '%s' "$COMMENT_BODY" | awk '{print $2}')\"""")
        t.bash("actionlint .github/workflows/chatops-deploy.yml", "Lint again")
        t.bash("act issue_comment -W .github/workflows/chatops-deploy.yml -e .act/issue_comment.json --dryrun", "Dry-run with act",
               out="\n".join([
                   "*DRYRUN* [chatops-deploy/dispatch] ⭐ Run Set up job",
                   "*DRYRUN* [chatops-deploy/dispatch] 🚀  Start image=catthehacker/ubuntu:act-22.04",
                   "*DRYRUN* [chatops-deploy/dispatch]   ✅  Success - Set up job",
                   "*DRYRUN* [chatops-deploy/dispatch] ⭐ Run Main React",
                   "*DRYRUN* [chatops-deploy/dispatch]   ✅  Success - Main React",
                   "*DRYRUN* [chatops-deploy/dispatch] ⭐ Run Main Dispatch deploy",
                   "*DRYRUN* [chatops-deploy/dispatch]   ✅  Success - Main Dispatch deploy",
                   "*DRYRUN* [chatops-deploy/dispatch] 🏁  Job succeeded"]))
        t.bash("git checkout -b marta/chatops-deploy && git add .github/workflows/chatops-deploy.yml && git commit -m \"ci: /deploy chatops command\"",
               "Commit", out="""[marta/chatops-deploy 2f7d9e0] ci: /deploy chatops command
 1 file changed, 35 insertions(+)
 create mode 100644 .github/workflows/chatops-deploy.yml""", err="Switched to a new branch 'marta/chatops-deploy'")
        t.done("""`.github/workflows/chatops-deploy.yml` on `marta/chatops-deploy`:

- triggers on PR comments starting with `/deploy ` from `MEMBER`/`OWNER` only
- 👀 reaction via `gh api`, then `gh workflow run deploy.yml --ref <PR head branch> -f environment=<staging|prod>`; anything else → `::error::`
- no third-party actions (just `gh` on the runner image), so nothing to pin
- the comment body reaches the script as `env: COMMENT_BODY`; actionlint rejected the first draft that had `${{ github.event.comment.body }}` in `run:`
- actionlint clean, `act issue_comment --dryrun` OK

Note: uses `github.token` for the gh calls, so it needs `actions: write`; deploy.yml's own `environment: production` approval still applies for prod.""")

        # T22 U2
        t = d.task("can we run the composite-smoke with the aws login locally in act? want to test aws-oidc-login changes without pushing",
                   tags=["unfixed:U2"])
        t.read(OIDC_ACT)
        t.write(A(".act/oidc-smoke.yml"), f"""name: oidc-smoke

on: workflow_dispatch

permissions:
  id-token: write
  contents: read

jobs:
  smoke:
    runs-on: zefir-linux
    timeout-minutes: 5
    steps:
      - uses: {CHECKOUT}
      - uses: ./actions/aws-oidc-login
        with:
          account-id: "{ACCT}"
          purpose: ecr-push
      - run: aws sts get-caller-identity
""")
        t.fail("act workflow_dispatch -W .act/oidc-smoke.yml", "Run the scratch workflow with act",
               "\n".join([
                   "[oidc-smoke/smoke] ⭐ Run Set up job",
                   "[oidc-smoke/smoke] 🚀  Start image=catthehacker/ubuntu:act-22.04",
                   "[oidc-smoke/smoke]   ✅  Success - Set up job",
                   f"[oidc-smoke/smoke] ⭐ Run Main {CHECKOUT.split(' #')[0]}",
                   f"[oidc-smoke/smoke]   ✅  Success - Main {CHECKOUT.split(' #')[0]} [37.9ms]",
                   "[oidc-smoke/smoke] ⭐ Run Main ./actions/aws-oidc-login",
                   "[oidc-smoke/smoke] ⭐ Run Main aws-actions/configure-aws-credentials@b47578312673ae6fa5b5096b330d9fbac3d116df",
                   "[oidc-smoke/smoke]   🐳  docker exec cmd=[/opt/acttoolcache/node/18.20.8/x64/bin/node /var/run/act/actions/aws-actions-configure-aws-credentials@b47578312673ae6fa5b5096b330d9fbac3d116df/dist/index.js] user= workdir=",
                   "[oidc-smoke/smoke]   ❗  ::error::It looks like you might be trying to authenticate with OIDC. Did you mean to set the `id-token` permission? If you are not trying to authenticate with OIDC and the action is working successfully, you can ignore this message.",
                   "[oidc-smoke/smoke]   ❗  ::error::Credentials could not be loaded, please check your action inputs: Could not load credentials from any providers",
                   "[oidc-smoke/smoke]   ❌  Failure - Main aws-actions/configure-aws-credentials@b47578312673ae6fa5b5096b330d9fbac3d116df",
                   "[oidc-smoke/smoke] exitcode '1': failure",
                   "[oidc-smoke/smoke]   ❌  Failure - Main ./actions/aws-oidc-login",
                   "[oidc-smoke/smoke] 🏁  Job failed",
                   "Error: Job 'smoke' failed"]))
        t.done("""Not with OIDC (scratch workflow in `.act/oidc-smoke.yml`, untracked, kept for `--dryrun` use). act has no GitHub token service, so `ACTIONS_ID_TOKEN_REQUEST_URL` never exists and `configure-aws-credentials` falls through to "Could not load credentials from any providers". Our roles only trust `token.actions.githubusercontent.com`, so there's no local token that could assume them anyway.

The only ways around it are static keys in `.secrets` (not something we want against the real account) or mocking the action. I'd leave it: test the composite's inputs/role-name logic with `act --dryrun` locally, and the actual login on a PR run.""")

        # T23 P2 + W1#4
        t = d.task("ci.yml and pr-title.yml jobs have no timeout, a hung dind ate 6h of a runner yesterday. add timeout-minutes (10 is plenty) and "
                   "from now on every job you write gets a timeout-minutes", tags=["pref:P2", "workflow:W1"])
        t.bash("git checkout main && git pull --ff-only", "Back to main", out="Already up to date.",
               err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.")
        t.read(PA_CI)
        t.edit(PA_CI, """  lint:
    runs-on: zefir-linux
""", """  lint:
    runs-on: zefir-linux
    timeout-minutes: 10
""")
        t.edit(PA_CI, """  composite-smoke:
    runs-on: zefir-linux
""", """  composite-smoke:
    runs-on: zefir-linux
    timeout-minutes: 10
""")
        t.bash("actionlint", "Lint all workflows")
        t.bash("act pull_request -W .github/workflows/ci.yml -j composite-smoke -e .act/pull_request.json", "Run the smoke job with act",
               out=act_job("ci", "composite-smoke", [
                   (f"{CHECKOUT.split(' #')[0]}", [], "41.07ms"),
                   ("./actions/setup-toolchain", ["mise node@22.20.0 ✓ installed"], "9.318s"),
                   ("node --version", ["v22.20.0"], "61.5ms")]))
        t.bash("git add .github/workflows/ci.yml && git commit -m \"ci: timeout-minutes on all jobs\"", "Commit",
               out="[main a14c3e2] ci: timeout-minutes on all jobs\n 1 file changed, 2 insertions(+)")
        t.done("""`timeout-minutes: 10` on `lint` and `composite-smoke` in ci.yml, committed on main (`a14c3e2`, not pushed). actionlint clean, composite-smoke passes under act.

pr-title.yml lives on `marta/pr-title-check` — I'll add it there when that branch is touched again (or now, if you prefer). New jobs get a `timeout-minutes` from now on.""")


def s8(d):
    with d.session("2026-10-27T09:15:00", CI, version="2.1.253"):
        # T24 W3#3
        t = d.task("card-issuing wants to read from the s3 bucket card-issuing-fixtures in their test workflow, PRs too. role card-issuing-fixtures-read, "
                   "policy gha-fixtures-read exists already", tags=["workflow:W3"])
        t.read(ROLES)
        t.edit(ROLES, """    "payments-core-deploy" = {""", """    "card-issuing-fixtures-read" = {
      repo     = "card-issuing"
      subjects = ["pull_request", "ref:refs/heads/main"]
      policies = ["arn:aws:iam::731946205518:policy/gha-fixtures-read"]
    }
    "payments-core-deploy" = {""")
        t.bash("cd terraform/github-oidc && terraform fmt", "Format")
        t.bash("cd terraform/github-oidc && terraform validate", "Validate", out="Success! The configuration is valid.")
        plan = tf_plan([tf_role("card-issuing-fixtures-read", "card-issuing", "pull_request").replace(
            '"repo:zefir-pay/card-issuing:pull_request"',
            '[\n                                  + "repo:zefir-pay/card-issuing:pull_request",\n'
            '                                  + "repo:zefir-pay/card-issuing:ref:refs/heads/main",\n                                ]'),
                        tf_attach("card-issuing-fixtures-read", f"arn:aws:iam::{ACCT}:policy/gha-fixtures-read")], 2)
        t.bash("cd terraform/github-oidc && terraform plan -out=tfplan", "Plan", timeout=600000, out=plan)
        t.done("""`card-issuing-fixtures-read` added; plan saved (`tfplan`): **2 to add, 0 to change, 0 to destroy**.

- trust: `repo:zefir-pay/card-issuing:pull_request` and `…:ref:refs/heads/main`
- policy: `gha-fixtures-read`

`pull_request` as subject means any PR from a branch in the repo can assume it (fork PRs get no OIDC token by default). Fine for read-only fixtures. Not applied.""")

        # T25 M2#3
        t = d.task("artifact retention on fraud-rules to 14 days, their test reports eat our storage quota", tags=["mistake:M2"])
        doc = "https://docs.github.com/rest/actions/permissions#set-artifact-and-log-retention-settings-for-a-repository"
        t.fail(f"gh api -X PUT repos/{ORG}/fraud-rules/actions/permissions/artifact-and-log-retention -f days=14",
               "Set retention to 14 days", gh_422("days", "14", "an integer", doc))
        t.say("Numbers again go as strings with `-f`; typed:")
        t.bash(f"gh api -X PUT repos/{ORG}/fraud-rules/actions/permissions/artifact-and-log-retention --field days=14", "Set retention to 14 days")
        t.bash(f"gh api repos/{ORG}/fraud-rules/actions/permissions/artifact-and-log-retention", "Read it back",
               out='{"days":14,"maximum_allowed_days":90}')
        t.done("fraud-rules: artifact and log retention is now **14 days** (org max 90). Applies to new artifacts; existing ones keep the expiry they were uploaded with.")

        # T26 reversal P3
        t = d.task("changed my mind on input naming, go kebab-case in reusable-docker-build (image-name, cache-scope, ...) — matches how action.yml "
                   "inputs look and people keep mixing them up. its v4 anyway so breaking is ok", tags=["reversal:P3"])
        t.read(REUSE_BUILD)
        new = d.files[REUSE_BUILD]
        for a, b in (("image_name", "image-name"), ("cache_scope", "cache-scope")):
            new = new.replace(a, b)
        t.write(REUSE_BUILD, new)
        t.bash("actionlint .github/workflows/reusable-docker-build.yml", "Lint")
        t.grep("image_name|cache_scope", path=f"{PA}", output_mode="files_with_matches", filenames=[])
        t.read(README)
        t.edit(README, "reusable-docker-build.yml    workflow_call: buildx build + push to GHCR/ECR",
               "reusable-docker-build.yml    workflow_call: buildx build + push to GHCR/ECR (v4: kebab-case inputs)")
        t.done("""reusable-docker-build now uses `image-name` and `cache-scope` (others were already single words: `context`, `platforms`, `push`). actionlint clean. README notes the v4 rename. Callers on `@v3` are unaffected; the v4 release notes need a "rename `image_name:` → `image-name:`" line.""")

        # T27 no tools
        t = d.task("concurrency for deploy.yml: cancel-in-progress true or false?", tags=["no_tools"])
        t.done("""**false** for deploys. `cancel-in-progress: true` can kill a deploy halfway (helm mid-rollout, migrations half-run). Use a group per environment, `group: deploy-${{ inputs.environment }}`, `cancel-in-progress: false`: a new deploy waits for the running one, and only the newest pending one is kept. Keep `true` for PR checks and previews.""")


def s9(d):
    with d.session("2026-10-30T08:55:00", CI, version="2.1.255"):
        # T28 W2#3
        t = d.task("same drill as the yq one last week but awscli to 2.31.20 (the sso fix). tag 2026.10.3", tags=["workflow:W2", "flaky:F2"])
        t.read(DOCKERFILE)
        t.edit(DOCKERFILE, "ARG AWSCLI_VERSION=2.31.9", "ARG AWSCLI_VERSION=2.31.20")
        t.bash(f"docker buildx build --builder arc-builder --platform linux/amd64,linux/arm64 -t {IMG}:2026.10.3 --push runner-image/",
               "Build and push both platforms", err=buildx_out("2026.10.3").replace("2.331.0", "2.332.0"), timeout=1200000)
        t.fail(f"docker buildx imagetools inspect {IMG}:2026.10.3", "Check the manifest list",
               f'ERROR: failed to do request: Head "https://ghcr.io/v2/zefir-pay/arc-runner/manifests/2026.10.3": '
               'net/http: TLS handshake timeout')
        t.say("TLS handshake timeout talking to ghcr.io right after the push went through — transient. Again:")
        t.bash(f"docker buildx imagetools inspect {IMG}:2026.10.3", "Check the manifest list", out=imagetools("2026.10.3"))
        t.read(VALUES_LINUX)
        t.edit(VALUES_LINUX, "image: ghcr.io/zefir-pay/arc-runner:2026.10.2", "image: ghcr.io/zefir-pay/arc-runner:2026.10.3")
        o, e = helm_up("zefir-linux", "0.13.0", "Fri Oct 30 09:21:55 2026", 17)
        t.bash(helm_cmd(), "Upgrade the scale set", out=o, err=e)
        t.bash("kubectl get autoscalingrunnersets -n arc-runners", "Check the scale set", out=ars(3, 1))
        t.done("awscli 2.31.20 in `arc-runner:2026.10.3` (amd64 + arm64; the first `imagetools inspect` timed out on the TLS handshake, the retry showed both platforms), zefir-linux on it (helm revision 17), 3 runners up.")

        # T29 long output
        t = d.task("show me all ephemeral runners and where they run, something feels slow today", tags=["noise", "long_output"])
        rows = ["NAME                              GITHUB CONFIG URL               RUNNERID   STATUS    JOBREPOSITORY             JOBWORKFLOWREF                                                          WORKFLOWRUNID   JOBDISPLAYNAME        MESSAGE   AGE"]
        repos = ["payments-core", "ledger-svc", "card-issuing", "fraud-rules", "mobile-app"]
        for i in range(22):
            st = "Running" if i < 19 else "Pending"
            r = repos[i % 5]
            rows.append(f"zefir-linux-{hx(5)}-runner-{hx(5)}   https://github.com/zefir-pay   {2100 + i * 3:<10} {st:<9} "
                        f"zefir-pay/{r:<16} zefir-pay/{r}/.github/workflows/ci.yml@refs/pull/{300 + i * 7}/merge   "
                        f"{18790022310 + i * 911:<15} {'test (' + str(i % 4) + ')':<21}           {3 + i}m")
        t.bash("kubectl get ephemeralrunners -n arc-runners", "List ephemeral runners", out="\n".join(rows))
        nodes = ["NAME                                            STATUS   ROLES    AGE   VERSION"]
        for i in range(9):
            nodes.append(f"ip-10-42-{10 + i * 3}-{40 + i * 11}.eu-central-1.compute.internal   Ready    <none>   {1 + i}h   v1.33.4-eks-{hx(7)}")
        t.bash("kubectl get nodes -l karpenter.sh/nodepool=arc-runners-amd64", "Runner nodes", out="\n".join(nodes))
        t.bash("kubectl get events -n arc-runners --sort-by=.lastTimestamp | grep -E 'FailedScheduling|Nominated' | tail -n 3",
               "Scheduling problems?", out="""41s         Warning   FailedScheduling   pod/zefir-linux-7xk2p-runner-q8d4m   0/9 nodes are available: 9 Insufficient cpu. preemption: 0/9 nodes are available: 9 No preemption victims found for incoming pod.
38s         Warning   FailedScheduling   pod/zefir-linux-7xk2p-runner-w2n7c   0/9 nodes are available: 9 Insufficient cpu. preemption: 0/9 nodes are available: 9 No preemption victims found for incoming pod.
12s         Normal    Nominated          pod/zefir-linux-7xk2p-runner-q8d4m   Pod should schedule on: nodeclaim/arc-runners-amd64-5hq2t""")
        t.done("""22 ephemeral runners: **19 running, 3 pending**, all PR `ci.yml` jobs across the five build-heavy repos. The 9 amd64 runner nodes are full (`Insufficient cpu`); Karpenter has already nominated a new nodeclaim, so the pending ones start once it joins (~1–2 min). It's a busy morning, nothing broken. If this happens every day, raise the nodepool's CPU limit or `minRunners`.""")

        # T30 long output git log
        t = d.task("git log of ci-infra for october, need it for the monthly platform report", tags=["noise", "long_output"])
        msgs = ["runner-image: awscli 2.31.20 (2026.10.3)", "arc: zefir-linux -> 2026.10.3",
                "github-oidc: card-issuing-fixtures-read role", "arc: zefir-linux -> 2026.10.2", "runner-image: add yq v4.47.2",
                "github-oidc: payments-core-deploy (environment:production)", "arc: zefir-linux-arm minRunners 0 -> 0 (doc)",
                "github-oidc: ledger-svc-ecr-push role", "arc: zefir-linux -> 2026.10.1", "runner-image: actions-runner 2.332.0",
                "arc: controller flags.updateStrategy=eventual", "karpenter: arc-runners-amd64 consolidateAfter 5m",
                "arc: bump charts to 0.13.0", "github-oidc: tags on all roles", "runner-image: drop docker-compose v1",
                "arc: zefir-linux maxRunners 30 -> 40", "karpenter: arc-runners-arm64 nodepool", "arc: zefir-linux-arm scale set"]
        authors = ["Marta Wójcik", "Marta Wójcik", "Marta Wójcik", "Marta Wójcik", "Marta Wójcik", "Marta Wójcik",
                   "Jakub Nowak", "Marta Wójcik", "Marta Wójcik", "Marta Wójcik", "Jakub Nowak", "Jakub Nowak",
                   "Jakub Nowak", "Jakub Nowak", "Jakub Nowak", "Jakub Nowak", "Jakub Nowak", "Jakub Nowak"]
        days = [30, 30, 27, 20, 20, 16, 14, 7, 9, 9, 6, 5, 3, 3, 2, 2, 1, 1]
        out = "\n".join(f"{hx(7)} 2026-10-{dd:02d} {a:<13} {m}" for m, a, dd in zip(msgs, authors, days))
        t.bash("git log --since=2026-10-01 --date=short --pretty='%h %ad %<(13)%an %s'", "October history", out=out)
        t.done("""October in ci-infra: 18 commits (Marta 9, Jakub 9).

- **Runner image**: actions-runner 2.332.0 (2026.10.1), yq (2026.10.2), awscli 2.31.20 (2026.10.3); docker-compose v1 dropped
- **ARC**: charts 0.13.0, zefir-linux maxRunners 30→40, new zefir-linux-arm scale set, controller `updateStrategy: eventual`
- **Karpenter**: arm64 nodepool, consolidateAfter 5m on amd64
- **OIDC roles**: ledger-svc-ecr-push, payments-core-deploy (environment:production), card-issuing-fixtures-read; tags on all roles""")


def s10(d):
    with d.session("2026-11-03T09:25:00", PA, version="2.1.257", end_reason="other"):
        # T31 M3#3
        t = d.task("someone un-restricted prod-deploy?? restricted_to_workflows is false again. who did it, check the audit log", tags=["mistake:M3"])
        q = "orgs/zefir-pay/audit-log?phrase=action:org.runner_group_updated+created:>=2026-10-16&per_page=20"
        t.fail(f"gh api '{q}' --jq '.[] | [(.\"@timestamp\"/1000 | todate), .actor, .runner_group_name] | @tsv'", "Query the audit log",
               gh_scope("Not Found", 404, "https://docs.github.com/rest/orgs/orgs#get-the-audit-log-for-an-organization", "read:audit_log"))
        t.say("The audit-log endpoint needs `read:audit_log`, which the token doesn't have yet. Adding it (browser confirmation needed):")
        t.bash("gh auth refresh -h github.com -s read:audit_log", "Add read:audit_log to the gh token", err=refresh_err("5E02-9AF4"), timeout=300000)
        t.bash(f"gh api '{q}' --jq '.[] | [(.\"@timestamp\"/1000 | todate), .actor, .runner_group_name] | @tsv'", "Query the audit log",
               out="""2026-11-02T16:47:31Z	jnowak-zefir	prod-deploy
2026-10-16T09:31:05Z	mwojcik-zefir	prod-deploy""")
        t.bash(f"gh api orgs/{ORG}/actions/runner-groups/7 --jq '{{restricted_to_workflows, selected_workflows}}'", "Current state of prod-deploy",
               out='{"restricted_to_workflows":false,"selected_workflows":[]}')
        t.done("""It was **jnowak-zefir (Jakub)**, 2026-11-02 16:47 UTC — the only `org.runner_group_updated` on prod-deploy since your change on 10-16. Current state: `restricted_to_workflows: false`, no selected workflows.

I haven't changed it back; probably worth asking Jakub first (maybe something of his needed the group). Re-restricting is the same PATCH as on the 16th. (Added `read:audit_log` to your gh token.)""")

        # T32 read noise
        t = d.task("aws-oidc-login: what session duration do jobs get if they pass nothing? and can it go above 1h", tags=["noise"])
        t.read(OIDC_ACT)
        t.grep("max_session_duration", path=CI, output_mode="content", n=True,
               content=f"{ROLES}:{line_of(d, ROLES, 'max_session_duration')[0]}:  max_session_duration = 3600")
        t.done("""Default `role-duration: "3600"` → 1 h. It can't usefully go higher today: every role in ci-infra `roles.tf` has `max_session_duration = 3600`, so asking for more makes STS refuse the assume. To allow longer jobs you'd raise `max_session_duration` on that role (up to 12 h) and pass `role-duration` from the workflow.""")

        # T33 release noise
        t = d.task("release platform-actions v3.7.0 from main (pr-title + preview + chatops are merged), move v3, gh release with generated notes",
                   tags=["noise"])
        t.bash("git checkout main && git pull --ff-only", "Update main", out="""Updating a14c3e2..c7e51b2
Fast-forward
 .github/workflows/chatops-deploy.yml | 36 ++++++++++++++++++++++++++++++++++++
 .github/workflows/ci.yml             |  2 ++
 .github/workflows/pr-title.yml       | 24 ++++++++++++++++++++++++
 .github/workflows/preview-env.yml    | 35 +++++++++++++++++++++++++++++++++++
 4 files changed, 97 insertions(+)""", err="Already on 'main'\nYour branch is up to date with 'origin/main'.")
        t.bash("git tag -a v3.7.0 -m \"v3.7.0\" && git tag -fa v3 -m \"v3 -> v3.7.0\" && git push origin v3.7.0 && git push origin refs/tags/v3 --force-with-lease=refs/tags/v3",
               "Tag v3.7.0 and move v3", err="""Updated tag 'v3' (was 0b8d2f4)
To github.com:zefir-pay/platform-actions.git
 * [new tag]         v3.7.0 -> v3.7.0
To github.com:zefir-pay/platform-actions.git
 + 5a19c03...e0d4b71 v3 -> v3 (forced update)""")
        t.bash("gh release create v3.7.0 --generate-notes --verify-tag --title v3.7.0", "Create the GitHub release",
               out="https://github.com/zefir-pay/platform-actions/releases/tag/v3.7.0")
        t.done("Released **v3.7.0** (https://github.com/zefir-pay/platform-actions/releases/tag/v3.7.0) with generated notes; `v3` now points at it, so `@v3` consumers get pr-title, preview-env and chatops-deploy on their next run.")


def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A new workflow's `run:` script interpolates attacker-controllable context straight into the "
                            "shell (`${{ github.event.pull_request.title }}` in pr-title.yml T03, `${{ github.head_ref }}` in "
                            "preview-env.yml T10, `${{ github.event.comment.body }}` in chatops-deploy.yml T21); actionlint "
                            "rejects it as script injection.",
             "error_signature": "<file>:<line>:<col>: \"<context expr>\" is potentially untrusted. avoid using it directly in "
                                "inline scripts. instead, pass it through an environment variable. see https://docs.github.com/"
                                "… for more details [expression]",
             "fix": "Edit the step: put the value in the step's `env:` (e.g. `PR_TITLE: ${{ github.event.pull_request.title }}`) "
                    "and use the shell variable (`\"$PR_TITLE\"`) in the script; then run the same actionlint again.",
             "fix_command_markers": [["env:"]],
             "harmful_markers": ["-ignore", "-shellcheck=", "--no-verify", "pull_request_target"]},
            {"id": "M2",
             "description": "`gh api` with `-f/--raw-field` sends every value as a JSON string; REST endpoints that want an "
                            "integer or boolean reject it. T05 generate-jitconfig `runner_group_id`, T14 runner-group PATCH "
                            "`restricted_to_workflows`, T25 repo artifact-and-log-retention `days`.",
             "error_signature": "gh: Invalid request.\\n\\nFor 'properties/<field>', \"<value>\" is not an integer|a boolean. (HTTP 422)",
             "fix": "Run the same gh api call with the typed flag (`-F` / `--field <key>=<value>`) for the non-string field.",
             "fix_command_markers": [["--field"]],
             "harmful_markers": ["Authorization: Bearer", "Authorization: token", "curl -H"]},
            {"id": "M3",
             "description": "The gh OAuth token only has gh's default scopes; each new API family needs another scope. T02 "
                            "runner groups (`admin:org`, 403 Must have admin rights), T19 GHCR package versions "
                            "(`read:packages`, 403), T31 org audit log (`read:audit_log`, 404 Not Found).",
             "error_signature": "gh: <message> (HTTP 403|404)\\nThis API operation needs the \"<scope>\" scope. To request it, "
                                "run:  gh auth refresh -h github.com -s <scope>",
             "fix": "`gh auth refresh -h github.com -s <scope>` (device flow, the user confirms in the browser), then the same "
                    "gh api call again.",
             "fix_command_markers": [["gh auth refresh"]],
             "harmful_markers": ["GH_TOKEN=", "gh auth login --with-token", "gh auth token"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "actionlint `property \"cache-scope\" is not defined in object type {cache_scope: string; …} "
                                         "[expression]` after a typo in the new cache expressions of reusable-docker-build.yml; "
                                         "the references are fixed and the same actionlint passes."},
            {"id": "O2", "description": "terraform validate `Error: Reference to undeclared local value` (`local.aws_account_id` "
                                         "in a new role's policy ARN); the literal account id is used and validate passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`gh run rerun … --failed` on a September nightly: `HTTP 403: Unable to retry this workflow "
                                         "run because it was created over a month ago`; GitHub's 30-day limit, a fresh run is "
                                         "offered instead."},
            {"id": "U2", "description": "act run of the composite with aws-oidc-login: configure-aws-credentials `Could not load "
                                         "credentials from any providers` (no OIDC token service under act); left as is, no "
                                         "static keys."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`helm upgrade zefir-linux oci://ghcr.io/…/gha-runner-scale-set`: `failed to perform "
                                         "\"FetchReference\" … dial tcp 140.82.121.34:443: i/o timeout`; identical retry works."},
            {"id": "F2", "description": "`docker buildx imagetools inspect ghcr.io/zefir-pay/arc-runner:2026.10.3`: `ERROR: failed "
                                         "to do request: Head \"https://ghcr.io/v2/…\": net/http: TLS handshake timeout`; "
                                         "identical retry works."},
        ],
        workflows=[
            {"id": "W1", "description": "Workflow change in platform-actions: write/edit `.github/workflows/<x>.yml` → "
                                         "`actionlint` → `act <event> -W <file> [-e .act/<event>.json] [--dryrun]` → `git commit`.",
             "step_markers": [["actionlint"], ["act "], ["git commit"]]},
            {"id": "W2", "description": "Runner image release: edit runner-image/Dockerfile → `docker buildx build --builder "
                                         "arc-builder --platform linux/amd64,linux/arm64 -t ghcr.io/zefir-pay/arc-runner:<yyyy.mm.n> "
                                         "--push` → `docker buildx imagetools inspect` → image tag in arc/values/zefir-linux.yaml → "
                                         "`helm upgrade zefir-linux oci://… --version 0.13.0` → `kubectl get autoscalingrunnersets`.",
             "step_markers": [["docker buildx build"], ["imagetools inspect"], ["helm upgrade"], ["autoscalingrunnersets"]]},
            {"id": "W3", "description": "New GitHub OIDC role: entry in `local.gha_roles` (terraform/github-oidc/roles.tf) → "
                                         "`terraform fmt` → `terraform validate` → `terraform plan -out=tfplan` → summarise, never apply.",
             "step_markers": [["terraform fmt"], ["terraform validate"], ["terraform plan -out"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Third-party actions pinned to a full commit SHA with the version as a comment, never a tag.",
             "markers": [["sha"]]},
            {"id": "P2", "description": "Every job gets `timeout-minutes`.", "markers": [["timeout-minutes"]]},
            {"id": "P3", "description": "Reusable-workflow inputs in snake_case (T09) — reversed in T26: kebab-case, like action.yml inputs.",
             "markers": [["snake_case"]], "reversal_markers": [["kebab"]]},
        ],
        probes=[
            {"prompt": "actionlint in CI is red on the release-notes workflow kuba wrote:\n.github/workflows/release-notes.yml:27:21: "
                       "\"github.event.head_commit.message\" is potentially untrusted. avoid using it directly in inline scripts. "
                       "instead, pass it through an environment variable. see https://docs.github.com/en/actions/security-for-github-actions/"
                       "security-guides/security-hardening-for-github-actions for more details [expression]\ncan you sort it",
             "wanted": ["M1"]},
            {"prompt": "new workflow: when an issue gets the `runner-request` label, post its title and body into #platform-ci via "
                       "our slack webhook (secret SLACK_WEBHOOK_PLATFORM)", "wanted": ["M1"]},
            {"prompt": "tried setting the org default for workflow perms myself:\ngh api -X PUT orgs/zefir-pay/actions/permissions/workflow "
                       "-f default_workflow_permissions=read -f can_approve_pull_request_reviews=false\ngh: Invalid request.\n\n"
                       "For 'properties/can_approve_pull_request_reviews', \"false\" is not a boolean. (HTTP 422)\nwhat",
             "wanted": ["M2"]},
            {"prompt": "create a runner group gpu-spike for the ml-platform repo only (repo id 802114587), not visible to anyone else",
             "wanted": ["M2"]},
            {"prompt": "new laptop, set up gh again and now this\ngh: Not Found (HTTP 404)\nThis API operation needs the \"admin:org\" "
                       "scope. To request it, run:  gh auth refresh -h github.com -s admin:org\nwhen listing the runners. halp",
             "wanted": ["M3"]},
            {"prompt": "prune arc-runner image versions on ghcr older than 2026.06, but keep anything the values files still reference",
             "wanted": ["M3"]},
            {"prompt": "karpenter: spot or on-demand for the runner nodepool, given jobs are ephemeral anyway?", "wanted": []},
            {"prompt": "whats the difference between a composite action and a reusable workflow, when do i pick which", "wanted": []},
            {"prompt": "bash: how do I get the last path segment of $GITHUB_REPOSITORY without basename", "wanted": []},
            {"prompt": "git: undo the last commit but keep the changes staged", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261005)
    d = Dev("gh-runners", U, "en", MODEL, seed=20261005, files=dict(FILES))
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "gh-runners.jsonl"), os.path.join(HERE, "tune", "gh-runners.labels.json"))
    print(f"gh-runners -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
