"""k8s-gitops: Dana Okafor, platform engineer at Quillpay (fictional EU payments fintech).

GitOps for three EKS clusters (qp-dev-euw1, qp-staging-euw1, qp-prod-euw1; kube contexts dev / staging / prod)
from one repo, qp-gitops: Argo CD 3.1 on the ops cluster (an ApplicationSet over apps x envs, AppProjects,
multi-source Applications: the shared Helm chart charts/qp-service + per-app values + a plain manifests/<env>
directory), Helm 3.17 (shared service chart with a strict values.schema.json; wrapper charts for the add-ons under
platform/ whose charts/ directories are gitignored), Kustomize 5.5 overlays (settlement CronJob, Karpenter
NodePools), sealed-secrets sealed offline with the per-cluster public certs in certs/, cert-manager, external-dns,
Karpenter 1.8, kubeconform 0.6.7 with CRD schemas in schemas/, GitHub Actions and gh. Second repo qp-platform-tf:
Terraform 1.9 for the cluster add-on plumbing (IRSA roles, the Argo CD bootstrap helm_release, Karpenter queue).

Written blind for fresh/; measured once held out (round 23), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_k8s_gitops.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "dokafor"
H = "/home/dokafor"
R = H + "/src/qp-gitops"
T = H + "/src/qp-platform-tf"
MODEL = "claude-opus-4-6"
ECR = "482913067215.dkr.ecr.eu-west-1.amazonaws.com"
K8S = "1.33.0"
KC = "kubeconform -strict -summary -kubernetes-version " + K8S
SCHEMAS = "-schema-location default -schema-location 'schemas/{{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json'"

# ------------------------------------------------------------------ virtual file system (qp-gitops)

MAKEFILE = """# qp-gitops: render + validate everything Argo CD will apply.
# CI (.github/workflows/validate.yaml) runs `make lint validate` on every PR.
K8S_VERSION ?= 1.33.0
APPS := $(notdir $(wildcard apps/*))
ENVS := dev staging prod
# CRD schemas (cert-manager, sealed-secrets, karpenter, prometheus-operator, external-dns)
# live in schemas/<group>/, regenerated from the dev cluster with `make schemas`.
KUBECONFORM := kubeconform -strict -summary -kubernetes-version $(K8S_VERSION) \\
\t-schema-location default \\
\t-schema-location 'schemas/{{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json'

.PHONY: lint validate schemas

lint:
\thelm lint charts/qp-service
\t@for a in $(APPS); do for e in $(ENVS); do \\
\t  helm lint charts/qp-service -f apps/$$a/values.yaml -f apps/$$a/values-$$e.yaml >/dev/null || exit 1; \\
\tdone; done

validate:
\t@echo "==> rendering $(words $(APPS)) apps x $(words $(ENVS)) envs (charts/qp-service)"
\t@for a in $(APPS); do for e in $(ENVS); do \\
\t  helm template $$a charts/qp-service -f apps/$$a/values.yaml -f apps/$$a/values-$$e.yaml; echo '---'; \\
\tdone; done | $(KUBECONFORM)
\t@echo "==> kustomize overlays"
\t@for o in $(wildcard kustomize/*/overlays/* platform/karpenter-nodepools/overlays/*); do \\
\t  kustomize build $$o; echo '---'; done | $(KUBECONFORM)
\t@echo "==> apps/*/manifests"
\t@$(KUBECONFORM) apps/*/manifests/

schemas:
\thack/gen-crd-schemas.sh dev
"""

APPSET = """apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata:
  name: services
  namespace: argocd
spec:
  goTemplate: true
  goTemplateOptions: ["missingkey=error"]
  generators:
    - matrix:
        generators:
          - git:
              repoURL: git@github.com:quillpay/qp-gitops.git
              revision: main
              directories:
                - path: apps/*
          - list:
              elements:
                - env: dev
                  cluster: qp-dev-euw1
                  autoSync: true
                - env: staging
                  cluster: qp-staging-euw1
                  autoSync: true
                - env: prod
                  cluster: qp-prod-euw1
                  autoSync: false
  template:
    metadata:
      name: '{{.path.basename}}-{{.env}}'
      labels:
        env: '{{.env}}'
    spec:
      project: '{{ index (dict "payments-api" "payments" "merchant-bff" "payments" "ledger-worker" "ledger" "fx-rates" "fx" "notif-gateway" "notif") .path.basename }}'
      destination:
        name: '{{.cluster}}'
        namespace: '{{ index (dict "payments-api" "payments" "merchant-bff" "payments" "ledger-worker" "ledger" "fx-rates" "fx" "notif-gateway" "notif") .path.basename }}'
      sources:
        - repoURL: git@github.com:quillpay/qp-gitops.git
          targetRevision: main
          path: charts/qp-service
          helm:
            releaseName: '{{.path.basename}}'
            valueFiles:
              - $values/apps/{{.path.basename}}/values.yaml
              - $values/apps/{{.path.basename}}/values-{{.env}}.yaml
        - repoURL: git@github.com:quillpay/qp-gitops.git
          targetRevision: main
          ref: values
        - repoURL: git@github.com:quillpay/qp-gitops.git
          targetRevision: main
          path: apps/{{.path.basename}}/manifests/{{.env}}
  templatePatch: |
    {{- if .autoSync }}
    spec:
      syncPolicy:
        automated:
          prune: true
          selfHeal: true
    {{- end }}
"""

CHART = """apiVersion: v2
name: qp-service
description: Shared chart for Quillpay HTTP services and workers
type: application
version: 0.9.0
"""

CHART_VALUES = """# Defaults for every Quillpay service. Per-service values: apps/<svc>/values.yaml,
# per-environment overrides: apps/<svc>/values-<env>.yaml (Argo CD passes both).
# Every key must also be declared in values.schema.json (additionalProperties is false
# everywhere, so a typo in a values file fails the render instead of being ignored).
nameOverride: ""
image:
  repository: ""
  tag: ""
  digest: ""
  pullPolicy: IfNotPresent
replicaCount: 2
command: []
args: []
env: {}
envFromSecrets: []
containerPort: 8080
service:
  enabled: true
  port: 80
ingress:
  enabled: false
  className: internal
  host: ""
  tls: true
resources:
  requests:
    cpu: 100m
    memory: 256Mi
  limits:
    memory: 512Mi
probes:
  liveness: /healthz
  readiness: /readyz
podDisruptionBudget:
  enabled: true
  minAvailable: 1
serviceAccount:
  create: true
  roleArn: ""
nodeSelector: {}
tolerations: []
podAnnotations: {}
"""

SCHEMA = """{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "title": "qp-service values",
  "type": "object",
  "additionalProperties": false,
  "required": ["image", "containerPort"],
  "properties": {
    "nameOverride": { "type": "string" },
    "image": {
      "type": "object",
      "additionalProperties": false,
      "required": ["repository"],
      "properties": {
        "repository": { "type": "string", "minLength": 1 },
        "tag": { "type": "string" },
        "digest": { "type": "string", "pattern": "^(sha256:[a-f0-9]{64})?$" },
        "pullPolicy": { "enum": ["Always", "IfNotPresent", "Never"] }
      }
    },
    "replicaCount": { "type": "integer", "minimum": 0 },
    "command": { "type": "array", "items": { "type": "string" } },
    "args": { "type": "array", "items": { "type": "string" } },
    "env": { "type": "object", "additionalProperties": { "type": "string" } },
    "envFromSecrets": { "type": "array", "items": { "type": "string" } },
    "containerPort": { "type": "integer", "minimum": 1, "maximum": 65535 },
    "service": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "enabled": { "type": "boolean" },
        "port": { "type": "integer" }
      }
    },
    "ingress": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "enabled": { "type": "boolean" },
        "className": { "enum": ["internal", "public"] },
        "host": { "type": "string" },
        "tls": { "type": "boolean" }
      }
    },
    "resources": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "requests": { "type": "object" },
        "limits": { "type": "object" }
      }
    },
    "probes": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "liveness": { "type": "string" },
        "readiness": { "type": "string" }
      }
    },
    "podDisruptionBudget": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "enabled": { "type": "boolean" },
        "minAvailable": { "type": ["integer", "string"] }
      }
    },
    "serviceAccount": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "create": { "type": "boolean" },
        "roleArn": { "type": "string" }
      }
    },
    "nodeSelector": { "type": "object", "additionalProperties": { "type": "string" } },
    "tolerations": { "type": "array" },
    "podAnnotations": { "type": "object", "additionalProperties": { "type": "string" } }
  }
}
"""

DEPLOY_TPL = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "qp-service.fullname" . }}
  labels:
    {{- include "qp-service.labels" . | nindent 4 }}
spec:
  replicas: {{ .Values.replicaCount }}
  selector:
    matchLabels:
      {{- include "qp-service.selectorLabels" . | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "qp-service.selectorLabels" . | nindent 8 }}
      {{- with .Values.podAnnotations }}
      annotations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
    spec:
      serviceAccountName: {{ include "qp-service.fullname" . }}
      {{- with .Values.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with .Values.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      containers:
        - name: app
          image: "{{ .Values.image.repository }}{{ if .Values.image.digest }}@{{ .Values.image.digest }}{{ else }}:{{ .Values.image.tag }}{{ end }}"
          imagePullPolicy: {{ .Values.image.pullPolicy }}
          {{- with .Values.command }}
          command: {{ toJson . }}
          {{- end }}
          {{- with .Values.args }}
          args: {{ toJson . }}
          {{- end }}
          ports:
            - name: http
              containerPort: {{ .Values.containerPort }}
          {{- with .Values.env }}
          env:
            {{- range $k, $v := . }}
            - name: {{ $k }}
              value: {{ $v | quote }}
            {{- end }}
          {{- end }}
          {{- with .Values.envFromSecrets }}
          envFrom:
            {{- range . }}
            - secretRef:
                name: {{ . }}
            {{- end }}
          {{- end }}
          livenessProbe:
            httpGet:
              path: {{ .Values.probes.liveness }}
              port: http
          readinessProbe:
            httpGet:
              path: {{ .Values.probes.readiness }}
              port: http
          resources:
            {{- toYaml .Values.resources | nindent 12 }}
          securityContext:
            runAsNonRoot: true
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: true
"""

PDB_TPL = """{{- if .Values.podDisruptionBudget.enabled }}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "qp-service.fullname" . }}
  labels:
    {{- include "qp-service.labels" . | nindent 4 }}
spec:
  minAvailable: {{ .Values.podDisruptionBudget.minAvailable }}
  selector:
    matchLabels:
      {{- include "qp-service.selectorLabels" . | nindent 6 }}
{{- end }}
"""

PAY_VALUES = f"""image:
  repository: {ECR}/payments-api
  tag: "2.31.0"
replicaCount: 3
containerPort: 8080
env:
  SPRING_PROFILES_ACTIVE: k8s
  JAVA_TOOL_OPTIONS: "-XX:MaxRAMPercentage=75"
envFromSecrets:
  - payments-api-db
  - payments-api-psp
ingress:
  enabled: true
  className: internal
  host: payments-api.internal.quillpay.io
resources:
  requests:
    cpu: 500m
    memory: 1Gi
  limits:
    memory: 1536Mi
podDisruptionBudget:
  enabled: true
  minAvailable: 2
serviceAccount:
  create: true
  roleArn: ""
"""

PAY_PROD = """replicaCount: 6
ingress:
  host: payments-api.prod.internal.quillpay.io
resources:
  requests:
    cpu: "1"
    memory: 2Gi
  limits:
    memory: 3Gi
podDisruptionBudget:
  minAvailable: 4
serviceAccount:
  roleArn: arn:aws:iam::594827160334:role/qp-prod-payments-api
"""

LEDGER_VALUES = f"""image:
  repository: {ECR}/ledger-worker
  tag: "1.48.2"
replicaCount: 2
containerPort: 8081
args: ["worker", "--topic=ledger.postings.v2", "--group=ledger-worker"]
env:
  KAFKA_BOOTSTRAP: b-1.qp-msk.internal:9098,b-2.qp-msk.internal:9098
envFromSecrets:
  - ledger-worker-db
service:
  enabled: false
probes:
  liveness: /healthz
  readiness: /readyz
podDisruptionBudget:
  enabled: true
  minAvailable: 1
"""

LEDGER_STAGING = """replicaCount: 2
env:
  KAFKA_BOOTSTRAP: b-1.qp-msk-stg.internal:9098,b-2.qp-msk-stg.internal:9098
serviceAccount:
  roleArn: arn:aws:iam::372615048293:role/qp-staging-ledger-worker
"""

FX_VALUES = f"""image:
  repository: {ECR}/fx-rates
  tag: "3.8.1"
replicaCount: 2
containerPort: 9000
env:
  FX_PROVIDER_URL: https://api.fxfeed.example-bank.eu/v2
envFromSecrets:
  - fx-rates-provider
ingress:
  enabled: true
  host: fx-rates.internal.quillpay.io
"""

FX_DEV = """replicaCount: 1
ingress:
  host: fx-rates.dev.internal.quillpay.io
resources:
  requests:
    cpu: 50m
    memory: 128Mi
  limits:
    memory: 256Mi
"""

NOTIF_VALUES = f"""image:
  repository: {ECR}/notif-gateway
  tag: "0.22.4"
replicaCount: 2
containerPort: 8080
envFromSecrets:
  - notif-gateway-psp
ingress:
  enabled: true
  className: public
  host: hooks.quillpay.io
"""

NOTIF_STAGING = """ingress:
  host: hooks.staging.quillpay.io
"""

EXTDNS_CHART = """apiVersion: v2
name: external-dns
description: Wrapper for the upstream external-dns chart (Quillpay defaults + per-cluster values)
type: application
version: 1.4.0
dependencies:
  - name: external-dns
    version: 1.18.0
    repository: https://kubernetes-sigs.github.io/external-dns/
"""

EXTDNS_PROD = """external-dns:
  txtOwnerId: qp-prod-euw1
  domainFilters:
    - quillpay.io
  serviceAccount:
    annotations:
      eks.amazonaws.com/role-arn: arn:aws:iam::594827160334:role/qp-prod-external-dns
  env:
    - name: AWS_DEFAULT_REGION
      value: eu-west-1
"""

KARP_CHART = """apiVersion: v2
name: karpenter
description: Wrapper for the upstream Karpenter chart
type: application
version: 2.1.0
dependencies:
  - name: karpenter
    version: 1.8.1
    repository: oci://public.ecr.aws/karpenter
"""

KARP_PROD = """karpenter:
  replicas: 2
  serviceAccount:
    annotations:
      eks.amazonaws.com/role-arn: arn:aws:iam::594827160334:role/qp-prod-karpenter
  settings:
    clusterName: qp-prod-euw1
    interruptionQueue: qp-prod-euw1-karpenter
  controller:
    resources:
      requests:
        cpu: 500m
        memory: 1Gi
      limits:
        memory: 1Gi
"""

CM_CHART = """apiVersion: v2
name: cert-manager
description: Wrapper for the upstream cert-manager chart
type: application
version: 3.6.0
dependencies:
  - name: cert-manager
    version: v1.20.2
    repository: https://charts.jetstack.io
"""

CM_VALUES = """cert-manager:
  crds:
    enabled: true
    keep: true
  replicaCount: 2
  podDisruptionBudget:
    enabled: true
  prometheus:
    servicemonitor:
      enabled: true
  webhook:
    replicaCount: 2
  cainjector:
    replicaCount: 2
"""

NP_BASE_KUST = """apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
  - ec2nodeclass.yaml
  - nodepool-general.yaml
"""

NP_GENERAL = """apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: general
spec:
  template:
    spec:
      nodeClassRef:
        group: karpenter.k8s.aws
        kind: EC2NodeClass
        name: default
      requirements:
        - key: karpenter.sh/capacity-type
          operator: In
          values: ["on-demand"]
        - key: karpenter.k8s.aws/instance-family
          operator: In
          values: ["m7i", "m7g", "c7g"]
      expireAfter: 336h
  limits:
    cpu: "128"
  disruption:
    consolidationPolicy: WhenEmptyOrUnderutilized
    consolidateAfter: 10m
"""

NP_PROD_KUST = """apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
  - ../../base
patches:
  - path: patch-general-limits.yaml
"""

SB_BASE_CRON = f"""apiVersion: batch/v1
kind: CronJob
metadata:
  name: settlement-nightly
  namespace: settlement
spec:
  schedule: "0 1 * * *"
  timeZone: Etc/UTC
  concurrencyPolicy: Forbid
  jobTemplate:
    spec:
      backoffLimit: 1
      template:
        spec:
          restartPolicy: Never
          serviceAccountName: settlement-batch
          containers:
            - name: settlement
              image: {ECR}/settlement-batch:2.14.3
              args: ["run", "--window=previous-day"]
              envFrom:
                - secretRef:
                    name: settlement-db
              resources:
                requests:
                  cpu: "1"
                  memory: 1Gi
                limits:
                  memory: 1Gi
"""

SB_STG_KUST = """apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
  - ../../base
patches:
  - path: patch-schedule.yaml
"""

SB_PROD_KUST = """apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
  - ../../base
patches:
  - path: patch-tolerations.yaml
"""

SB_STG_SCHED = """apiVersion: batch/v1
kind: CronJob
metadata:
  name: settlement-nightly
  namespace: settlement
spec:
  schedule: "0 1 * * *"
  suspend: false
"""

CODEOWNERS = """# qp-gitops code owners
*                      @quillpay/platform
/apps/payments-api/    @quillpay/platform @quillpay/payments
/apps/merchant-bff/    @quillpay/platform @quillpay/payments
/apps/ledger-worker/   @quillpay/platform @quillpay/ledger
/apps/fx-rates/        @quillpay/platform @quillpay/treasury-eng
/apps/notif-gateway/   @quillpay/platform @quillpay/payments
/kustomize/settlement-batch/ @quillpay/platform @quillpay/ledger
"""

GITIGNORE = """.DS_Store
*.tgz
platform/*/charts/
/tmp/
"""

# ------------------------------------------------------------------ qp-platform-tf

TF_PROVIDERS = """terraform {
  required_version = ">= 1.9.0"
  backend "s3" {
    bucket         = "qp-tfstate-platform"
    key            = "addons/dev.tfstate"
    region         = "eu-west-1"
    dynamodb_table = "qp-tfstate-locks"
    encrypt        = true
  }
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 6.14"
    }
    helm = {
      source  = "hashicorp/helm"
      version = "~> 3.0"
    }
  }
}

provider "aws" {
  region = "eu-west-1"
  default_tags {
    tags = { Environment = "dev", ManagedBy = "terraform", Repo = "qp-platform-tf" }
  }
}

data "aws_eks_cluster" "this" {
  name = "qp-dev-euw1"
}

provider "helm" {
  kubernetes {
    host                   = data.aws_eks_cluster.this.endpoint
    cluster_ca_certificate = base64decode(data.aws_eks_cluster.this.certificate_authority[0].data)
    exec {
      api_version = "client.authentication.k8s.io/v1beta1"
      command     = "aws"
      args        = ["eks", "get-token", "--cluster-name", "qp-dev-euw1"]
    }
  }
}
"""

TF_ARGOCD = """# Argo CD bootstrap on the cluster; everything else is synced by Argo CD itself.
resource "helm_release" "argocd" {
  count            = var.install_argocd ? 1 : 0
  name             = "argocd"
  namespace        = "argocd"
  create_namespace = true
  repository       = "https://argoproj.github.io/argo-helm"
  chart            = "argo-cd"
  version          = var.argocd_chart_version

  values = [file("${path.module}/values/argocd.yaml")]

  set {
    name  = "global.domain"
    value = var.argocd_domain
  }

  set {
    name  = "configs.params.server\\\\.insecure"
    value = "true"
  }
}
"""

TF_KARP = """resource "aws_sqs_queue" "karpenter_interruption" {
  name                      = "${var.cluster_name}-karpenter"
  message_retention_seconds = 300
  sqs_managed_sse_enabled   = true
}

resource "helm_release" "karpenter_crds" {
  name       = "karpenter-crd"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter-crd"
  version    = var.karpenter_version

  set {
    name  = "webhook.enabled"
    value = "false"
  }
}
"""

TF_IRSA = """variable "cluster_name" { type = string }
variable "oidc_provider_arn" { type = string }
variable "addons" {
  description = "add-on name => { namespace, service_account, policy_json }"
  type = map(object({
    namespace       = string
    service_account = string
    policy_json     = string
  }))
}

data "aws_iam_policy_document" "assume" {
  for_each = var.addons
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [var.oidc_provider_arn]
    }
    condition {
      test     = "StringEquals"
      variable = "${replace(var.oidc_provider_arn, "/^.*oidc-provider\\\\//", "")}:sub"
      values   = ["system:serviceaccount:${each.value.namespace}:${each.value.service_account}"]
    }
  }
}

resource "aws_iam_role" "this" {
  for_each           = var.addons
  name               = "${var.cluster_name}-${each.key}"
  assume_role_policy = data.aws_iam_policy_document.assume[each.key].json
}

resource "aws_iam_role_policy" "this" {
  for_each = var.addons
  name     = each.key
  role     = aws_iam_role.this[each.key].id
  policy   = each.value.policy_json
}
"""

TF_ADDONS_MAIN = """module "irsa" {
  source            = "../addon-irsa"
  cluster_name      = var.cluster_name
  oidc_provider_arn = var.oidc_provider_arn
  addons = {
    external-dns = {
      namespace       = "external-dns"
      service_account = "external-dns"
      policy_json     = data.aws_iam_policy_document.external_dns.json
    }
    karpenter = {
      namespace       = "kube-system"
      service_account = "karpenter"
      policy_json     = data.aws_iam_policy_document.karpenter.json
    }
    cert-manager = {
      namespace       = "cert-manager"
      service_account = "cert-manager"
      policy_json     = data.aws_iam_policy_document.cert_manager_route53.json
    }
  }
}

data "aws_iam_policy_document" "external_dns" {
  statement {
    actions   = ["route53:ChangeResourceRecordSets"]
    resources = [for z in var.route53_zone_ids : "arn:aws:route53:::hostedzone/${z}"]
  }
  statement {
    actions   = ["route53:ListHostedZones", "route53:ListResourceRecordSets", "route53:ListTagsForResource"]
    resources = ["*"]
  }
}
"""

FILES = {
    R + "/Makefile": MAKEFILE,
    R + "/.gitignore": GITIGNORE,
    R + "/argocd/appsets/services.yaml": APPSET,
    R + "/charts/qp-service/Chart.yaml": CHART,
    R + "/charts/qp-service/values.yaml": CHART_VALUES,
    R + "/charts/qp-service/values.schema.json": SCHEMA,
    R + "/charts/qp-service/templates/deployment.yaml": DEPLOY_TPL,
    R + "/charts/qp-service/templates/pdb.yaml": PDB_TPL,
    R + "/apps/payments-api/values.yaml": PAY_VALUES,
    R + "/apps/payments-api/values-prod.yaml": PAY_PROD,
    R + "/apps/ledger-worker/values.yaml": LEDGER_VALUES,
    R + "/apps/ledger-worker/values-staging.yaml": LEDGER_STAGING,
    R + "/apps/fx-rates/values.yaml": FX_VALUES,
    R + "/apps/fx-rates/values-dev.yaml": FX_DEV,
    R + "/apps/notif-gateway/values.yaml": NOTIF_VALUES,
    R + "/apps/notif-gateway/values-staging.yaml": NOTIF_STAGING,
    R + "/platform/external-dns/Chart.yaml": EXTDNS_CHART,
    R + "/platform/external-dns/values-prod.yaml": EXTDNS_PROD,
    R + "/platform/karpenter/Chart.yaml": KARP_CHART,
    R + "/platform/karpenter/values-prod.yaml": KARP_PROD,
    R + "/platform/cert-manager/Chart.yaml": CM_CHART,
    R + "/platform/cert-manager/values.yaml": CM_VALUES,
    R + "/platform/karpenter-nodepools/base/kustomization.yaml": NP_BASE_KUST,
    R + "/platform/karpenter-nodepools/base/nodepool-general.yaml": NP_GENERAL,
    R + "/platform/karpenter-nodepools/overlays/prod/kustomization.yaml": NP_PROD_KUST,
    R + "/kustomize/settlement-batch/base/cronjob.yaml": SB_BASE_CRON,
    R + "/kustomize/settlement-batch/overlays/staging/kustomization.yaml": SB_STG_KUST,
    R + "/kustomize/settlement-batch/overlays/staging/patch-schedule.yaml": SB_STG_SCHED,
    R + "/kustomize/settlement-batch/overlays/prod/kustomization.yaml": SB_PROD_KUST,
    R + "/.github/CODEOWNERS": CODEOWNERS,
    T + "/envs/dev/providers.tf": TF_PROVIDERS,
    T + "/modules/addons/argocd.tf": TF_ARGOCD,
    T + "/modules/addons/karpenter.tf": TF_KARP,
    T + "/modules/addons/main.tf": TF_ADDONS_MAIN,
    T + "/modules/addon-irsa/main.tf": TF_IRSA,
}


# ------------------------------------------------------------------ output helpers

def labels(svc, chart_ver, indent=4):
    pad = " " * indent
    return "\n".join(pad + l for l in (
        f"helm.sh/chart: qp-service-{chart_ver}",
        f"app.kubernetes.io/name: {svc}",
        f"app.kubernetes.io/instance: {svc}",
        "app.kubernetes.io/part-of: quillpay",
        "app.kubernetes.io/managed-by: Helm"))


def sel(svc, indent):
    pad = " " * indent
    return f"{pad}app.kubernetes.io/name: {svc}\n{pad}app.kubernetes.io/instance: {svc}"


def render(svc, chart_ver, image, replicas, port, env=(), secrets=(), resources=None, role="", pdb=("minAvailable", 1),
           service=True, ingress=None, args=None, spread=False, extra_docs=""):
    docs = []
    sa = f"""---
# Source: qp-service/templates/serviceaccount.yaml
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {svc}
  labels:
{labels(svc, chart_ver)}"""
    if role:
        sa += f"\n  annotations:\n    eks.amazonaws.com/role-arn: {role}"
    docs.append(sa)
    if service:
        docs.append(f"""---
# Source: qp-service/templates/service.yaml
apiVersion: v1
kind: Service
metadata:
  name: {svc}
  labels:
{labels(svc, chart_ver)}
spec:
  type: ClusterIP
  ports:
    - name: http
      port: 80
      targetPort: http
  selector:
{sel(svc, 4)}""")
    res = resources or ("100m", "256Mi", "512Mi")
    dep = f"""---
# Source: qp-service/templates/deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {svc}
  labels:
{labels(svc, chart_ver)}
spec:
  replicas: {replicas}
  selector:
    matchLabels:
{sel(svc, 6)}
  template:
    metadata:
      labels:
{sel(svc, 8)}
    spec:
      serviceAccountName: {svc}"""
    if spread:
        dep += f"""
      topologySpreadConstraints:
        - maxSkew: 1
          topologyKey: topology.kubernetes.io/zone
          whenUnsatisfiable: DoNotSchedule
          labelSelector:
            matchLabels:
{sel(svc, 14)}"""
    dep += f"""
      containers:
        - name: app
          image: "{image}"
          imagePullPolicy: IfNotPresent"""
    if args:
        dep += f"\n          args: {args}"
    dep += f"""
          ports:
            - name: http
              containerPort: {port}"""
    if env:
        dep += "\n          env:"
        for k, v in env:
            dep += f"\n            - name: {k}\n              value: \"{v}\""
    if secrets:
        dep += "\n          envFrom:"
        for s in secrets:
            dep += f"\n            - secretRef:\n                name: {s}"
    dep += f"""
          livenessProbe:
            httpGet:
              path: /healthz
              port: http
          readinessProbe:
            httpGet:
              path: /readyz
              port: http
          resources:
            limits:
              memory: {res[2]}
            requests:
              cpu: {res[0]}
              memory: {res[1]}
          securityContext:
            runAsNonRoot: true
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: true"""
    docs.append(dep)
    if pdb:
        docs.append(f"""---
# Source: qp-service/templates/pdb.yaml
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {svc}
  labels:
{labels(svc, chart_ver)}
spec:
  {pdb[0]}: {pdb[1]}
  selector:
    matchLabels:
{sel(svc, 6)}""")
    if ingress:
        cls, host = ingress
        docs.append(f"""---
# Source: qp-service/templates/ingress.yaml
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: {svc}
  labels:
{labels(svc, chart_ver)}
spec:
  ingressClassName: {cls}
  tls:
    - hosts:
        - {host}
      secretName: {svc}-tls
  rules:
    - host: {host}
      http:
        paths:
          - path: /
            pathType: Prefix
            backend:
              service:
                name: {svc}
                port:
                  name: http""")
    if extra_docs:
        docs.append(extra_docs.strip("\n"))
    return "\n".join(docs)


def servicemonitor(svc, chart_ver, interval="30s"):
    return f"""---
# Source: qp-service/templates/servicemonitor.yaml
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  name: {svc}
  labels:
{labels(svc, chart_ver)}
spec:
  selector:
    matchLabels:
{sel(svc, 6)}
  endpoints:
    - port: http
      path: /metrics
      interval: {interval}"""


def git_push(branch, new=True):
    if not new:
        return f"To github.com:quillpay/qp-gitops.git\n   4be0d21..9f7c3a8  {branch} -> {branch}"
    return (f"remote: \nremote: Create a pull request for '{branch}' on GitHub by visiting:\n"
            f"remote:      https://github.com/quillpay/qp-gitops/pull/new/{branch}\nremote: \n"
            f"To github.com:quillpay/qp-gitops.git\n * [new branch]      {branch} -> {branch}\n"
            f"branch '{branch}' set up to track 'origin/{branch}'.")


def pr_out(branch, num):
    return f"\nCreating pull request for {branch} into main in quillpay/qp-gitops\n\nhttps://github.com/quillpay/qp-gitops/pull/{num}"


def validate_out(n_app=118, n_kust=24, n_man=36, files=31):
    return (f"==> rendering 5 apps x 3 envs (charts/qp-service)\n"
            f"Summary: {n_app} resources found parsing stdin - Valid: {n_app}, Invalid: 0, Errors: 0, Skipped: 0\n"
            f"==> kustomize overlays\n"
            f"Summary: {n_kust} resources found parsing stdin - Valid: {n_kust}, Invalid: 0, Errors: 0, Skipped: 0\n"
            f"==> apps/*/manifests\n"
            f"Summary: {n_man} resources found in {files} files - Valid: {n_man}, Invalid: 0, Errors: 0, Skipped: 0")


def app_summary(app, project, cluster, ns, rev, sync, health, auto=True, rows=(), op=None):
    src = app.rsplit("-", 1)[0]
    env = app.rsplit("-", 1)[1]
    out = [
        f"Name:               argocd/{app}",
        f"Project:            {project}",
        f"Server:             {cluster}",
        f"Namespace:          {ns}",
        f"URL:                https://argocd.ops.quillpay.io/applications/argocd/{app}",
        "Sources:",
        "- Repo:             git@github.com:quillpay/qp-gitops.git",
        "  Target:           main",
        "  Path:             charts/qp-service",
        f"  Helm Values:      $values/apps/{src}/values.yaml,$values/apps/{src}/values-{env}.yaml",
        "- Repo:             git@github.com:quillpay/qp-gitops.git",
        "  Target:           main",
        "  Ref:              values",
        "- Repo:             git@github.com:quillpay/qp-gitops.git",
        "  Target:           main",
        f"  Path:             apps/{src}/manifests/{env}",
        "SyncWindow:         Sync Allowed",
        f"Sync Policy:        {'Automated (Prune)' if auto else 'Manual'}",
        f"Sync Status:        {sync} to main ({rev})" if sync == "Synced" else f"Sync Status:        {sync} from main ({rev})",
        f"Health Status:      {health}",
    ]
    if op:
        out += ["", f"Operation:          Sync", f"Sync Revision:      {op[0]}", "Phase:              Succeeded",
                f"Start:              {op[1]} +0000 UTC", f"Finished:           {op[2]} +0000 UTC",
                f"Duration:           {op[3]}", "Message:            successfully synced (all tasks run)"]
    out.append("")
    out += tabwrite([("GROUP", "KIND", "NAMESPACE", "NAME", "STATUS", "HEALTH", "HOOK", "MESSAGE")] +
                    [(g, k, ns, n, st, he, "", msg) for g, k, n, st, he, msg in rows])
    return "\n".join(out)


def tabwrite(rows, pad=2):
    """Columns like Go's text/tabwriter (minwidth 0, padding 2), as the argocd CLI prints its tables."""
    w = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    return ["".join(c.ljust(w[i] + pad) for i, c in enumerate(r[:-1])) + r[-1] for r in rows]


PAY_PODS_BEFORE = """NAME                            READY   STATUS    RESTARTS   AGE   IP             NODE                                         NOMINATED NODE   READINESS GATES
payments-api-7f9c6d8b5-4kx2p    1/1     Running   0          2d    10.42.17.231   ip-10-42-17-88.eu-west-1.compute.internal    <none>           <none>
payments-api-7f9c6d8b5-9tqzv    1/1     Running   0          2d    10.42.19.40    ip-10-42-19-12.eu-west-1.compute.internal    <none>           <none>
payments-api-7f9c6d8b5-m7wbh    1/1     Running   0          2d    10.42.36.115   ip-10-42-36-201.eu-west-1.compute.internal   <none>           <none>"""

STG_NODES = """NAME                                         STATUS   ROLES    AGE     VERSION               ZONE
ip-10-42-17-88.eu-west-1.compute.internal    Ready    <none>   6d2h    v1.33.4-eks-a737599   eu-west-1a
ip-10-42-19-12.eu-west-1.compute.internal    Ready    <none>   2d21h   v1.33.4-eks-a737599   eu-west-1a
ip-10-42-36-201.eu-west-1.compute.internal   Ready    <none>   6d2h    v1.33.4-eks-a737599   eu-west-1b
ip-10-42-41-77.eu-west-1.compute.internal    Ready    <none>   19h     v1.33.4-eks-a737599   eu-west-1b
ip-10-42-52-140.eu-west-1.compute.internal   Ready    <none>   6d2h    v1.33.4-eks-a737599   eu-west-1c
ip-10-42-58-9.eu-west-1.compute.internal     Ready    <none>   4d7h    v1.33.4-eks-a737599   eu-west-1c"""

PAY_PODS_AFTER = """NAME                            READY   STATUS    RESTARTS   AGE     IP             NODE                                         NOMINATED NODE   READINESS GATES
payments-api-5d84b9f7c6-2hcnx   1/1     Running   0          2m11s   10.42.53.18    ip-10-42-52-140.eu-west-1.compute.internal   <none>           <none>
payments-api-5d84b9f7c6-bq8rw   1/1     Running   0          1m40s   10.42.17.202   ip-10-42-17-88.eu-west-1.compute.internal    <none>           <none>
payments-api-5d84b9f7c6-wz4mt   1/1     Running   0          1m07s   10.42.41.93    ip-10-42-41-77.eu-west-1.compute.internal    <none>           <none>"""


def gen():
    d = Dev("k8s-gitops", U, "en", MODEL, seed=20261005, files=FILES)

    # ================= S1 =================
    with d.session("2026-10-05T09:12:00", R, branch="main", version="2.1.121"):
        t = d.task("first time using you in qp-gitops. give me the lay of the land: how does a change in here end up "
                   "on the clusters? I know argo, I want the repo specifics", tags=["noise"])
        t.glob("apps/*/values*.yaml", [R + f"/apps/{a}/values{e}.yaml" for a in
                                       ("fx-rates", "ledger-worker", "merchant-bff", "notif-gateway", "payments-api")
                                       for e in ("", "-dev", "-prod", "-staging")])
        t.read(R + "/argocd/appsets/services.yaml")
        t.read(R + "/Makefile")
        t.glob("platform/*/Chart.yaml", [R + f"/platform/{p}/Chart.yaml" for p in
                                         ("cert-manager", "external-dns", "ingress-nginx", "karpenter",
                                          "kube-prometheus-stack", "sealed-secrets")])
        t.read(R + "/.gitignore")
        t.glob("platform/*/charts/*.tgz", [R + "/platform/cert-manager/charts/cert-manager-v1.20.2.tgz",
                                           R + "/platform/sealed-secrets/charts/sealed-secrets-2.17.4.tgz"])
        t.glob("schemas/**/*.json", [R + "/schemas/" + s for s in (
            "bitnami.com/sealedsecret_v1alpha1.json", "cert-manager.io/certificate_v1.json",
            "cert-manager.io/clusterissuer_v1.json", "cert-manager.io/issuer_v1.json",
            "externaldns.k8s.io/dnsendpoint_v1alpha1.json", "karpenter.k8s.aws/ec2nodeclass_v1.json",
            "karpenter.sh/nodeclaim_v1.json", "karpenter.sh/nodepool_v1.json",
            "monitoring.coreos.com/podmonitor_v1.json", "monitoring.coreos.com/prometheusrule_v1.json",
            "monitoring.coreos.com/servicemonitor_v1.json")])
        t.done("How a change gets from here to the clusters:\n\n"
               "**Services (apps/)**\n"
               "- `argocd/appsets/services.yaml` is a matrix ApplicationSet: every directory under `apps/` × "
               "{dev, staging, prod}. That gives `<app>-<env>` Applications (e.g. `payments-api-staging`) on "
               "`qp-<env>-euw1`. The AppProject and namespace come from a small lookup map in the template.\n"
               "- Each Application has three sources: the shared chart `charts/qp-service`, this repo as `$values` "
               "(`apps/<app>/values.yaml` + `values-<env>.yaml`), and a plain directory `apps/<app>/manifests/<env>` "
               "for everything the chart doesn't render (SealedSecrets, Certificates, NetworkPolicies).\n"
               "- dev and staging auto-sync with prune + selfHeal. prod has no automated policy, so someone syncs "
               "it by hand.\n\n"
               "**Add-ons (platform/)**\n"
               "- Each add-on is a thin wrapper chart: a `Chart.yaml` with the upstream chart as a dependency plus "
               "our values. `platform/*/charts/` is gitignored, so Argo CD builds dependencies itself and a local "
               "checkout only has them for add-ons someone has built here. Right now that's cert-manager and "
               "sealed-secrets.\n"
               "- `platform/karpenter-nodepools` and `kustomize/settlement-batch` are Kustomize base + overlays.\n\n"
               "**Checks**\n"
               "- `make lint` runs helm lint of the shared chart with every app/env values pair. `make validate` "
               "renders all of it (chart × apps × envs, the kustomize overlays, `apps/*/manifests`) and pipes it "
               "through kubeconform against k8s 1.33. CRD kinds are validated from the JSON schemas in "
               "`schemas/<group>/` (cert-manager, sealed-secrets, karpenter, prometheus-operator, external-dns), "
               "generated from the dev cluster by `make schemas`. CI runs `make lint validate` on every PR.\n\n"
               "So a typical change is: edit values or manifests → render/validate locally → PR → merge → Argo "
               "syncs dev/staging, and prod gets a manual sync.")

        tpl = R + "/charts/qp-service/templates/deployment.yaml"
        pv = R + "/apps/payments-api/values.yaml"
        sch = R + "/charts/qp-service/values.schema.json"
        ch = R + "/charts/qp-service/Chart.yaml"
        t = d.task("payments-api: spread the pods across AZs, maxSkew 1, hard (DoNotSchedule), all envs. the chart "
                   "doesn't do topologySpreadConstraints yet so add it there. first look at how staging pods are "
                   "spread today. and pass --context explicitly on every kubectl call, never rely on whatever "
                   "current-context my shell has", tags=["mistake:M1", "workflow:W1", "pref:P1"])
        t.bash("kubectl --context staging -n payments get pods -l app.kubernetes.io/name=payments-api -o wide",
               "List payments-api pods on staging with their nodes", out=PAY_PODS_BEFORE)
        t.bash("kubectl --context staging get nodes -L topology.kubernetes.io/zone", "Show staging nodes with their zone",
               out=STG_NODES)
        t.say("Two of the three staging pods are in eu-west-1a and none is in 1c, so the spread is needed. I'll add "
              "the constraint to the chart and turn it on in payments-api's base values.")
        t.bash("git switch -c feat/payments-api-zone-spread", "Create a branch",
               out="Switched to a new branch 'feat/payments-api-zone-spread'")
        t.read(tpl)
        t.edit(tpl, """      {{- with .Values.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
""", """      {{- with .Values.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with .Values.topologySpreadConstraints }}
      topologySpreadConstraints:
        {{- range . }}
        - maxSkew: {{ .maxSkew }}
          topologyKey: {{ .topologyKey }}
          whenUnsatisfiable: {{ .whenUnsatisfiable | default "DoNotSchedule" }}
          labelSelector:
            matchLabels:
              {{- include "qp-service.selectorLabels" $ | nindent 14 }}
        {{- end }}
      {{- end }}
""")
        t.read(pv)
        t.edit(pv, """podDisruptionBudget:
  enabled: true
  minAvailable: 2
""", """podDisruptionBudget:
  enabled: true
  minAvailable: 2
topologySpreadConstraints:
  - maxSkew: 1
    topologyKey: topology.kubernetes.io/zone
    whenUnsatisfiable: DoNotSchedule
""")
        t.read(ch)
        t.edit(ch, "version: 0.9.0\n", "version: 0.10.0\n")
        ht = ("helm template payments-api charts/qp-service -n payments -f apps/payments-api/values.yaml "
              "-f apps/payments-api/values-prod.yaml")
        t.fail(ht, "Render payments-api for prod",
               "Error: values don't meet the specifications of the schema(s) in the following chart(s):\n"
               "qp-service:\n- (root): Additional property topologySpreadConstraints is not allowed")
        t.say("The chart's values.schema.json sets `additionalProperties: false` at the root, and I added the template "
              "support without declaring the new key. Adding it to the schema, with the item fields typed.")
        t.read(sch)
        t.edit(sch, """    "tolerations": { "type": "array" },
""", """    "tolerations": { "type": "array" },
    "topologySpreadConstraints": {
      "type": "array",
      "items": {
        "type": "object",
        "additionalProperties": false,
        "required": ["maxSkew", "topologyKey"],
        "properties": {
          "maxSkew": { "type": "integer", "minimum": 1 },
          "topologyKey": { "type": "string" },
          "whenUnsatisfiable": { "enum": ["DoNotSchedule", "ScheduleAnyway"] }
        }
      }
    },
""")
        t.bash(ht, "Render payments-api for prod again",
               out=render("payments-api", "0.10.0", ECR + "/payments-api:2.31.0", 6, 8080,
                          env=[("JAVA_TOOL_OPTIONS", "-XX:MaxRAMPercentage=75"), ("SPRING_PROFILES_ACTIVE", "k8s")],
                          secrets=["payments-api-db", "payments-api-psp"], resources=('"1"', "2Gi", "3Gi"),
                          role="arn:aws:iam::594827160334:role/qp-prod-payments-api", pdb=("minAvailable", 4),
                          ingress=("internal", "payments-api.prod.internal.quillpay.io"), spread=True))
        t.bash("make validate", "Render and kubeconform everything", timeout=300000, out=validate_out())
        t.bash("git add charts/qp-service apps/payments-api && git commit -m \"payments-api: spread pods across zones "
               "(qp-service 0.10.0 adds topologySpreadConstraints)\"", "Commit",
               out="[feat/payments-api-zone-spread 3c1d9e4] payments-api: spread pods across zones (qp-service 0.10.0 "
                   "adds topologySpreadConstraints)\n 4 files changed, 29 insertions(+), 1 deletion(-)")
        t.bash("git push -u origin feat/payments-api-zone-spread", "Push the branch",
               err=git_push("feat/payments-api-zone-spread"))
        t.bash("gh pr create --base main --title \"payments-api: spread pods across zones\" --body \"qp-service 0.10.0 "
               "gets optional topologySpreadConstraints (labelSelector filled in from the release's selector labels). "
               "payments-api turns it on in values.yaml for all envs: maxSkew 1 over topology.kubernetes.io/zone, "
               "DoNotSchedule. Staging has 2 of 3 pods in eu-west-1a today. Only payments-api's manifests change.\"",
               "Open the PR", out=pr_out("feat/payments-api-zone-spread", 412))
        t.done("PR #412 is open: https://github.com/quillpay/qp-gitops/pull/412\n"
               "- Staging now: 2 of 3 payments-api pods in eu-west-1a, one in 1b, none in 1c.\n"
               "- qp-service 0.10.0: the Deployment template renders `topologySpreadConstraints` when set. The "
               "`labelSelector` comes from the release's selector labels, so values only carry maxSkew/topologyKey/"
               "whenUnsatisfiable.\n"
               "- The first render failed because the new key wasn't in `values.schema.json` (root "
               "`additionalProperties: false`). It's declared there now, items typed.\n"
               "- payments-api `values.yaml`: maxSkew 1 on `topology.kubernetes.io/zone`, DoNotSchedule. That covers "
               "all envs. `make validate` is green.\n"
               "One thing to know: with DoNotSchedule and 6 prod replicas, a zone without capacity leaves pods "
               "Pending rather than doubling up. Karpenter will add a node in that zone, so it should only be a "
               "short wait.")

        t = d.task("quick one: for 3 replicas over 3 AZs, topologySpreadConstraints vs required podAntiAffinity on "
                   "zone — why would I pick one over the other", tags=["noise", "no_tools"])
        t.done("- **Required anti-affinity on zone** means at most one pod per zone. With 3 replicas in 3 AZs that's "
               "fine. Replica 4 can never schedule, and a rollout with maxSurge has nowhere to put the surge pod "
               "unless you drop to maxUnavailable-only.\n"
               "- **Spread with maxSkew 1** keeps zones within one pod of each other. It scales to any replica count "
               "and surges work. DoNotSchedule makes it hard, ScheduleAnyway makes it a preference.\n"
               "- Spreading is also cheaper for the scheduler than anti-affinity in big clusters.\n"
               "So: spread constraints unless you really mean \"never two in the same zone\".")

    # ================= S2 =================
    with d.session("2026-10-07T13:40:00", R, branch="chore/external-dns-eu-zone", version="2.1.122"):
        ev = R + "/platform/external-dns/values-prod.yaml"
        t = d.task("external-dns in prod has to manage the new pay.quillpay.eu zone too (delegated yesterday, the IRSA "
                   "policy already has the zone id). add it and show me the container args it renders for prod",
                   tags=["mistake:M3"])
        t.read(ev)
        t.edit(ev, "  domainFilters:\n    - quillpay.io\n", "  domainFilters:\n    - quillpay.io\n    - pay.quillpay.eu\n")
        ht = ("helm template external-dns platform/external-dns -n external-dns -f platform/external-dns/values-prod.yaml "
              "--show-only charts/external-dns/templates/deployment.yaml")
        t.fail(ht, "Render the external-dns deployment for prod",
               "Error: An error occurred while checking for chart dependencies. You may need to run `helm dependency "
               "build` to fetch missing dependencies: found in Chart.yaml, but missing in charts/ directory: external-dns")
        t.say("The wrapper's upstream chart isn't downloaded in this checkout (`platform/*/charts/` is gitignored). "
              "Building the dependency from Chart.lock first.")
        t.bash("helm dependency build platform/external-dns", "Fetch the pinned upstream chart",
               out="Hang tight while we grab the latest from your chart repositories...\n"
                   "...Successfully got an update from the \"jetstack\" chart repository\n"
                   "...Successfully got an update from the \"prometheus-community\" chart repository\n"
                   "Update Complete. ⎈Happy Helming!⎈\nSaving 1 charts\n"
                   "Downloading external-dns from repo https://kubernetes-sigs.github.io/external-dns/\n"
                   "Deleting outdated charts")
        t.bash(ht, "Render the external-dns deployment for prod again", out="""---
# Source: external-dns/charts/external-dns/templates/deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: external-dns
  namespace: external-dns
  labels:
    helm.sh/chart: external-dns-1.18.0
    app.kubernetes.io/name: external-dns
    app.kubernetes.io/instance: external-dns
    app.kubernetes.io/version: "0.18.0"
    app.kubernetes.io/managed-by: Helm
spec:
  replicas: 1
  revisionHistoryLimit: 10
  selector:
    matchLabels:
      app.kubernetes.io/name: external-dns
      app.kubernetes.io/instance: external-dns
  strategy:
    type: Recreate
  template:
    metadata:
      labels:
        app.kubernetes.io/name: external-dns
        app.kubernetes.io/instance: external-dns
    spec:
      serviceAccountName: external-dns
      securityContext:
        fsGroup: 65534
        runAsNonRoot: true
        seccompProfile:
          type: RuntimeDefault
      containers:
        - name: external-dns
          securityContext:
            allowPrivilegeEscalation: false
            capabilities:
              drop:
              - ALL
            privileged: false
            readOnlyRootFilesystem: true
            runAsGroup: 65532
            runAsNonRoot: true
            runAsUser: 65532
          image: registry.k8s.io/external-dns/external-dns:v0.18.0
          imagePullPolicy: IfNotPresent
          env:
            - name: AWS_DEFAULT_REGION
              value: eu-west-1
          args:
            - --log-level=info
            - --log-format=text
            - --interval=1m
            - --source=service
            - --source=ingress
            - --policy=upsert-only
            - --registry=txt
            - --txt-owner-id=qp-prod-euw1
            - --domain-filter=quillpay.io
            - --domain-filter=pay.quillpay.eu
            - --provider=aws
          ports:
            - name: http
              protocol: TCP
              containerPort: 7979
          livenessProbe:
            failureThreshold: 2
            httpGet:
              path: /healthz
              port: http
            initialDelaySeconds: 10
            periodSeconds: 10
            successThreshold: 1
            timeoutSeconds: 5
          readinessProbe:
            failureThreshold: 6
            httpGet:
              path: /healthz
              port: http
            initialDelaySeconds: 5
            periodSeconds: 10
            successThreshold: 1
            timeoutSeconds: 5""")
        t.bash("git add platform/external-dns/values-prod.yaml && git commit -m \"external-dns(prod): manage "
               "pay.quillpay.eu\" && git push -u origin chore/external-dns-eu-zone", "Commit and push",
               out="[chore/external-dns-eu-zone 71e0b5a] external-dns(prod): manage pay.quillpay.eu\n"
                   " 1 file changed, 1 insertion(+)", err=git_push("chore/external-dns-eu-zone"))
        t.done("Added `pay.quillpay.eu` to `domainFilters` in `platform/external-dns/values-prod.yaml` and pushed "
               "`chore/external-dns-eu-zone`. The prod args now have both filters:\n"
               "```\n--txt-owner-id=qp-prod-euw1\n--domain-filter=quillpay.io\n--domain-filter=pay.quillpay.eu\n"
               "--policy=upsert-only\n```\n"
               "The first render failed because external-dns's upstream chart had never been built in this "
               "checkout. `helm dependency build` fetched 1.18.0 as pinned in Chart.lock. Policy stays "
               "`upsert-only`, so external-dns won't delete anything in the new zone. Open the PR when you like, or "
               "tell me to.")

        t = d.task("#412 (zone spread) is merged. when something merges, run argocd app sync yourself from now on, "
                   "I don't want to sit through the 3 minute poll. do payments-api staging then prod and make sure "
                   "the rollout is clean", tags=["workflow:W2", "pref:P3", "unfixed:U1"])
        rows_pre = [("", "ServiceAccount", "payments-api", "Synced", "", ""),
                    ("", "Service", "payments-api", "Synced", "Healthy", ""),
                    ("apps", "Deployment", "payments-api", "OutOfSync", "Healthy", ""),
                    ("policy", "PodDisruptionBudget", "payments-api", "Synced", "", ""),
                    ("networking.k8s.io", "Ingress", "payments-api", "Synced", "Healthy", "")]
        t.bash("argocd app get payments-api-staging --refresh", "Refresh the staging app from git",
               out=app_summary("payments-api-staging", "payments", "qp-staging-euw1", "payments", "e81f2c7",
                               "OutOfSync", "Healthy", rows=rows_pre))
        sync_rows = [("", "ServiceAccount", "payments-api", "Synced", "", "serviceaccount/payments-api unchanged"),
                     ("", "Service", "payments-api", "Synced", "Healthy", "service/payments-api unchanged"),
                     ("apps", "Deployment", "payments-api", "Synced", "Progressing",
                      "deployment.apps/payments-api configured"),
                     ("policy", "PodDisruptionBudget", "payments-api", "Synced", "",
                      "poddisruptionbudget.policy/payments-api unchanged"),
                     ("networking.k8s.io", "Ingress", "payments-api", "Synced", "Healthy",
                      "ingress.networking.k8s.io/payments-api unchanged")]
        t.bash("argocd app sync payments-api-staging", "Sync payments-api on staging",
               out="TIMESTAMP                  GROUP              KIND                 NAMESPACE  NAME          STATUS     HEALTH       HOOK  MESSAGE\n"
                   "2026-10-07T13:47:11+00:00                     Service              payments   payments-api  Synced     Healthy            \n"
                   "2026-10-07T13:47:11+00:00  apps               Deployment           payments   payments-api  OutOfSync  Healthy            \n"
                   "2026-10-07T13:47:12+00:00  apps               Deployment           payments   payments-api  Synced     Progressing        deployment.apps/payments-api configured\n\n"
                   + app_summary("payments-api-staging", "payments", "qp-staging-euw1", "payments", "e81f2c7",
                                 "Synced", "Progressing", rows=sync_rows,
                                 op=("e81f2c7d0b9a4c61f55e3a2d8c0e7b19a4f6d210", "2026-10-07 13:47:10",
                                     "2026-10-07 13:47:13", "3s")))
        t.bash("argocd app wait payments-api-staging --sync --health --timeout 600", "Wait for sync and health",
               out="TIMESTAMP                  GROUP  KIND        NAMESPACE  NAME          STATUS  HEALTH   HOOK  MESSAGE\n"
                   "2026-10-07T13:47:52+00:00  apps   Deployment  payments   payments-api  Synced  Healthy        deployment.apps/payments-api configured\n\n"
                   + app_summary("payments-api-staging", "payments", "qp-staging-euw1", "payments", "e81f2c7",
                                 "Synced", "Healthy", rows=[r[:4] + ("Healthy" if r[1] != "ServiceAccount" and r[1] != "PodDisruptionBudget" else "",) + (r[5],) for r in sync_rows]))
        t.bash("kubectl --context staging -n payments rollout status deploy/payments-api --timeout=5m",
               "Confirm the rollout finished", out='deployment "payments-api" successfully rolled out')
        t.bash("kubectl --context staging -n payments get pods -l app.kubernetes.io/name=payments-api -o wide",
               "Check where the new pods landed", out=PAY_PODS_AFTER)
        t.fail("argocd app sync payments-api-prod", "Sync payments-api on prod",
               "time=\"2026-10-07T13:48:09Z\" level=fatal msg=\"rpc error: code = PermissionDenied desc = permission "
               "denied: applications, sync, payments/payments-api-prod, sub: dana.okafor@quillpay.io, iat: "
               "2026-10-07T13:41:02Z\"", code=20)
        t.bash("argocd app get payments-api-prod", "Show the prod app state",
               out=app_summary("payments-api-prod", "payments", "qp-prod-euw1", "payments", "e81f2c7",
                               "OutOfSync", "Healthy", auto=False, rows=rows_pre))
        t.done("Staging is done, prod needs someone else.\n"
               "- **staging**: synced e81f2c7 and the rollout finished. The 3 new pods are in eu-west-1c, 1a and 1b, "
               "one per zone.\n"
               "- **prod**: `argocd app sync payments-api-prod` was refused: `PermissionDenied … applications, sync, "
               "payments/payments-api-prod, sub: dana.okafor@quillpay.io`. Your Argo CD role can't sync prod apps in "
               "the payments project. The app is OutOfSync on e81f2c7 (only the Deployment differs) and still "
               "Healthy on the old spec. Someone with the prod release role has to sync it, with the change ticket "
               "if that's how your prod syncs go. I didn't try another route.\n"
               "From now on I'll run `argocd app sync` myself after merges.")

        t = d.task("which argocd version is the ops instance on? wondering if appset progressive syncs are usable "
                   "for the prod rollout order thing", tags=["noise"])
        t.bash("argocd version", "Show client and server versions",
               out="argocd: v3.1.8+5e7b0f3\n  BuildDate: 2026-09-17T08:51:22Z\n  GitCommit: 5e7b0f3a81c2d94e6b0a7f13c5d8e2a9b4f16c07\n"
                   "  GitTreeState: clean\n  GoVersion: go1.24.6\n  Compiler: gc\n  Platform: linux/amd64\n"
                   "argocd-server: v3.1.8+5e7b0f3\n  BuildDate: 2026-09-17T08:51:22Z\n"
                   "  GitCommit: 5e7b0f3a81c2d94e6b0a7f13c5d8e2a9b4f16c07\n  GitTreeState: clean\n"
                   "  GoVersion: go1.24.6\n  Compiler: gc\n  Platform: linux/amd64\n"
                   "  Kustomize Version: v5.6.0 2025-01-14T15:12:27Z\n  Helm Version: v3.17.3+ge4da497\n"
                   "  Kubectl Version: v0.33.1\n  Jsonnet Version: v0.21.0")
        t.grep("progressive", path=R + "/argocd", output_mode="content", n=True, content="")
        t.done("Client and server are both Argo CD v3.1.8. The server bundles Helm v3.17.3 and Kustomize v5.6.0, the "
               "same Helm as your local one.\n"
               "Progressive syncs exist in 3.1 but are still alpha. The ApplicationSet controller only uses them with "
               "`applicationsetcontroller.enable.progressive.syncs: \"true\"` in `argocd-cmd-params-cm`, and nothing "
               "under `argocd/` sets it or uses `strategy: RollingSync`. They also only drive Applications that have "
               "auto-sync turned off, and the appset turns auto-sync on for dev and staging. So for a "
               "dev → staging → prod order you'd need the flag and a RollingSync strategy with `matchExpressions` on "
               "the `env` label, and you'd give up auto-sync on the lower envs. It works, but it's a bigger change "
               "than a flag.")

    # ================= S3 =================
    with d.session("2026-10-09T10:05:00", R, branch="feat/karpenter-batch-pool", version="2.1.123"):
        np = R + "/platform/karpenter-nodepools"
        t = d.task("settlement batch needs its own karpenter pool in prod: spot + on-demand, c7i/m7i, taint "
                   "workload=batch:NoSchedule, remove nodes once they've been empty 5m, cap 256 vCPU. prod overlay "
                   "only. validate before committing", tags=["mistake:M2"])
        t.read(np + "/base/kustomization.yaml")
        t.read(np + "/base/nodepool-general.yaml")
        t.read(np + "/overlays/prod/kustomization.yaml")
        t.write(np + "/overlays/prod/nodepool-batch.yaml", """apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: batch
spec:
  template:
    metadata:
      labels:
        workload: batch
    spec:
      nodeClassRef:
        group: karpenter.k8s.aws
        kind: EC2NodeClass
        name: default
      taints:
        - key: workload
          value: batch
          effect: NoSchedule
      requirements:
        - key: karpenter.sh/capacity-type
          operator: In
          values: ["spot", "on-demand"]
        - key: karpenter.k8s.aws/instance-family
          operator: In
          values: ["c7i", "m7i"]
        - key: kubernetes.io/arch
          operator: In
          values: ["amd64"]
      expireAfter: 168h
  limits:
    cpu: "256"
  disruption:
    consolidationPolicy: WhenEmpty
    consolidateAfter: 5m
""")
        t.edit(np + "/overlays/prod/kustomization.yaml", "  - ../../base\n", "  - ../../base\n  - nodepool-batch.yaml\n")
        kb = "kustomize build platform/karpenter-nodepools/overlays/prod | " + KC
        t.fail(kb, "Build the prod overlay and validate it",
               "stdin - EC2NodeClass default failed validation: could not find schema for EC2NodeClass\n"
               "stdin - NodePool general failed validation: could not find schema for NodePool\n"
               "stdin - NodePool batch failed validation: could not find schema for NodePool\n"
               "Summary: 3 resources found parsing stdin - Valid: 0, Invalid: 0, Errors: 3, Skipped: 0")
        t.say("kubeconform only knows the built-in Kubernetes schemas by default, so every Karpenter kind errors out. "
              "The repo keeps CRD schemas in schemas/<group>/ (that's what `make validate` points it at). Checking "
              "they're there for karpenter, then running the same validation with those locations.")
        t.bash("ls schemas/karpenter.sh schemas/karpenter.k8s.aws", "List the Karpenter CRD schemas",
               out="schemas/karpenter.k8s.aws:\nec2nodeclass_v1.json\n\nschemas/karpenter.sh:\nnodeclaim_v1.json\nnodepool_v1.json")
        t.bash(kb + " " + SCHEMAS, "Validate the prod overlay with the CRD schemas",
               out="Summary: 3 resources found parsing stdin - Valid: 3, Invalid: 0, Errors: 0, Skipped: 0")
        t.bash("git add platform/karpenter-nodepools/overlays/prod && git commit -m \"karpenter(prod): batch NodePool "
               "for settlement jobs\"", "Commit",
               out="[feat/karpenter-batch-pool a40c6e2] karpenter(prod): batch NodePool for settlement jobs\n"
                   " 2 files changed, 36 insertions(+)\n"
                   " create mode 100644 platform/karpenter-nodepools/overlays/prod/nodepool-batch.yaml")
        t.done("Committed on `feat/karpenter-batch-pool` (a40c6e2), not pushed yet.\n"
               "- `overlays/prod/nodepool-batch.yaml`: NodePool `batch` on the `default` EC2NodeClass. Spot + "
               "on-demand, c7i/m7i, amd64. Taint `workload=batch:NoSchedule` and label `workload: batch`. "
               "`consolidationPolicy: WhenEmpty` with `consolidateAfter: 5m`, `limits.cpu: \"256\"`, `expireAfter: "
               "168h`.\n"
               "- Validation: the plain kubeconform run errored on all three Karpenter objects (no schema for "
               "NodePool/EC2NodeClass). With the repo's `schemas/` location added, as `make validate` does, all 3 "
               "are valid.\n"
               "The settlement CronJob still needs a toleration for `workload=batch` and a nodeSelector "
               "`workload: batch` before it lands on this pool. Want me to add those to the prod overlay?")

        sb = R + "/kustomize/settlement-batch"
        t = d.task("different thing: staging settlement run should go to 02:30 UTC and get 2Gi memory (limit too), "
                   "the october volumes OOM it", tags=["oneoff:O1"])
        t.read(sb + "/overlays/staging/kustomization.yaml")
        t.read(sb + "/overlays/staging/patch-schedule.yaml")
        t.edit(sb + "/overlays/staging/patch-schedule.yaml", 'schedule: "0 1 * * *"', 'schedule: "30 2 * * *"')
        t.write(sb + "/overlays/staging/patch-resources.yaml", """apiVersion: batch/v1
kind: CronJob
metadata:
  name: settlement-batch
  namespace: settlement
spec:
  jobTemplate:
    spec:
      template:
        spec:
          containers:
            - name: settlement
              resources:
                requests:
                  memory: 2Gi
                limits:
                  memory: 2Gi
""")
        t.edit(sb + "/overlays/staging/kustomization.yaml", "  - path: patch-schedule.yaml\n",
               "  - path: patch-schedule.yaml\n  - path: patch-resources.yaml\n")
        t.fail("kustomize build kustomize/settlement-batch/overlays/staging", "Build the staging overlay",
               "Error: no resource matches strategic merge patch \"CronJob.v1.batch/settlement-batch.settlement\": no "
               "matches for Id CronJob.v1.batch/settlement-batch.settlement; failed to find unique target for patch "
               "CronJob.v1.batch/settlement-batch.settlement")
        t.read(sb + "/base/cronjob.yaml")
        t.say("My patch targets `settlement-batch`, but the CronJob in the base is `settlement-nightly` "
              "(settlement-batch is only the directory). Fixing the name.")
        t.edit(sb + "/overlays/staging/patch-resources.yaml", "  name: settlement-batch\n", "  name: settlement-nightly\n")
        t.bash("kustomize build kustomize/settlement-batch/overlays/staging", "Build the staging overlay again",
               out=SB_BASE_CRON.replace('schedule: "0 1 * * *"', 'schedule: "30 2 * * *"\n  suspend: false')
               .replace("""                requests:
                  cpu: "1"
                  memory: 1Gi
                limits:
                  memory: 1Gi""", """                limits:
                  memory: 2Gi
                requests:
                  cpu: "1"
                  memory: 2Gi"""))
        t.bash("git add kustomize/settlement-batch/overlays/staging && git commit -m \"settlement-batch(staging): run "
               "02:30 UTC, 2Gi memory\"", "Commit",
               out="[feat/karpenter-batch-pool 0d5f8a1] settlement-batch(staging): run 02:30 UTC, 2Gi memory\n"
                   " 3 files changed, 19 insertions(+), 1 deletion(-)\n"
                   " create mode 100644 kustomize/settlement-batch/overlays/staging/patch-resources.yaml")
        t.done("Staging settlement now runs `30 2 * * *` (UTC, the base sets `timeZone: Etc/UTC`) with 2Gi "
               "request and limit. It's committed on the same branch (0d5f8a1).\n"
               "The first build failed because my new patch targeted `settlement-batch`, and the CronJob is called "
               "`settlement-nightly`. With the right name the overlay builds, and only the schedule and memory "
               "differ from the base.")

        t = d.task("while we're in there: settlement-batch image in staging and prod — pin it by digest, not by tag. "
                   "someone re-pushed a tag last quarter and staging ran different code than prod. 2.14.3 is the "
                   "one we want", tags=["pref:P2", "noise"])
        dig = "sha256:9b1f04c6e2a8d3f57c0e61b4a92d7f3e85c6a01d4b7e29f8c3a56d0e1f72b4c9"
        t.bash(f"crane digest {ECR}/settlement-batch:2.14.3", "Resolve the tag to its digest", out=dig)
        t.read(sb + "/overlays/prod/kustomization.yaml")
        img = f"images:\n  - name: {ECR}/settlement-batch\n    digest: {dig}\n"
        t.edit(sb + "/overlays/staging/kustomization.yaml", "  - path: patch-resources.yaml\n",
               "  - path: patch-resources.yaml\n" + img)
        t.edit(sb + "/overlays/prod/kustomization.yaml", "  - path: patch-tolerations.yaml\n",
               "  - path: patch-tolerations.yaml\n" + img)
        t.bash("for e in staging prod; do kustomize build kustomize/settlement-batch/overlays/$e | grep 'image:'; done",
               "Check the rendered image references",
               out=f"              image: {ECR}/settlement-batch@{dig}\n"
                   f"              image: {ECR}/settlement-batch@{dig}")
        t.bash("git commit -am \"settlement-batch: pin image by digest (2.14.3)\"", "Commit",
               out="[feat/karpenter-batch-pool 6b9e3d0] settlement-batch: pin image by digest (2.14.3)\n"
                   " 2 files changed, 6 insertions(+)")
        t.done(f"Both overlays now pin `settlement-batch@{dig[:19]}…`, which is what 2.14.3 points to today (from "
               "`crane digest`). Kustomize's `images:` with `digest:` replaces the tag, so the rendered CronJobs "
               "have only the digest. Committed as 6b9e3d0. I'll pin by digest from here on. For a new version, "
               "resolve the tag with `crane digest` and change the digest in both overlays.")

    # ================= S4 =================
    with d.session("2026-10-13T08:55:00", R, branch="main", version="2.1.124"):
        t = d.task("rotate the fx-rates provider api key in staging. the new values are in "
                   "~/secrets-scratch/fx-rates-staging.env. seal it with the staging cert and PR it. if you need the "
                   "cluster: kubectl --context staging on each call, don't go switching my contexts",
                   tags=["workflow:W3", "pref:P1"])
        t.bash("kubectl --context staging -n fx get secret fx-rates-provider -o jsonpath='{.data}' | jq -r 'keys[]'",
               "List the key names of the current secret (no values)", out="FX_PROVIDER_API_KEY\nFX_PROVIDER_CLIENT_ID")
        t.bash("cut -d= -f1 ~/secrets-scratch/fx-rates-staging.env", "List the key names in the env file (no values)",
               out="FX_PROVIDER_API_KEY\nFX_PROVIDER_CLIENT_ID")
        t.bash("git switch -c chore/fx-rates-staging-provider-key", "Create a branch",
               out="Switched to a new branch 'chore/fx-rates-staging-provider-key'")
        t.bash("kubectl create secret generic fx-rates-provider -n fx "
               "--from-env-file=$HOME/secrets-scratch/fx-rates-staging.env --dry-run=client -o yaml | "
               "kubeseal --cert certs/sealed-secrets-staging.pem --format yaml "
               "> apps/fx-rates/manifests/staging/sealedsecret-provider.yaml",
               "Seal the new secret offline with the staging controller cert")
        t.bash("grep -E '^(kind|  name|  namespace|    [A-Z_]+:)' apps/fx-rates/manifests/staging/sealedsecret-provider.yaml "
               "| cut -c1-64", "Check the sealed file's shape (ciphertext truncated)",
               out="kind: SealedSecret\n  name: fx-rates-provider\n  namespace: fx\n"
                   "    FX_PROVIDER_API_KEY: AgBvK3Zl9mQ1x7c0T2rW8nHfJ4sY6uE5pD0aL3kG9bN\n"
                   "    FX_PROVIDER_CLIENT_ID: AgCq7Rj2VnM8e1oX4tB6yK0wZ3hS9fU5iL2dP7gA\n"
                   "  name: fx-rates-provider\n  namespace: fx")
        t.bash("shred -u ~/secrets-scratch/fx-rates-staging.env", "Remove the plaintext env file")
        t.bash("git add apps/fx-rates/manifests/staging/sealedsecret-provider.yaml && git commit -m \"fx-rates(staging): "
               "rotate provider API key\" && git push -u origin chore/fx-rates-staging-provider-key",
               "Commit and push", out="[chore/fx-rates-staging-provider-key 5a2e9c7] fx-rates(staging): rotate provider "
                                      "API key\n 1 file changed, 2 insertions(+), 2 deletions(-)",
               err=git_push("chore/fx-rates-staging-provider-key"))
        t.bash("gh pr create --base main --title \"fx-rates(staging): rotate provider API key\" --body \"Resealed "
               "fx-rates-provider for staging with certs/sealed-secrets-staging.pem. Same secret name and keys "
               "(FX_PROVIDER_API_KEY, FX_PROVIDER_CLIENT_ID).\"", "Open the PR",
               out=pr_out("chore/fx-rates-staging-provider-key", 421))
        t.done("PR #421: https://github.com/quillpay/qp-gitops/pull/421\n"
               "- I checked key names only: the live secret and your env file both have `FX_PROVIDER_API_KEY` and "
               "`FX_PROVIDER_CLIENT_ID`, so nothing gets dropped.\n"
               "- Sealed offline with `certs/sealed-secrets-staging.pem` into "
               "`apps/fx-rates/manifests/staging/sealedsecret-provider.yaml`. Same name and namespace, so the "
               "controller will update the existing Secret in place.\n"
               "- `~/secrets-scratch/fx-rates-staging.env` is shredded.\n"
               "fx-rates reads the key through envFrom, so the pods only pick it up on restart. After the merge it "
               "needs a `rollout restart` or the next deploy.")

        t = d.task("can a karpenter disruption budget stop consolidation during business hours but still let drift "
                   "replacements through? check the docs, don't guess", tags=["webfetch", "noise"])
        t.webfetch("https://karpenter.sh/docs/concepts/disruption/",
                   "How do NodePool disruption budgets work: schedule, duration, nodes, reasons. Can a budget block "
                   "only consolidation (Underutilized/Empty) and leave Drifted alone? What timezone is the schedule?",
                   "Disruption budgets are set in `spec.disruption.budgets` of a NodePool. Each budget has `nodes` "
                   "(a count or percentage of the NodePool's nodes that may be disrupted at once), and optionally "
                   "`schedule` (cron syntax) with `duration`, which make the budget active only in that window, and "
                   "`reasons`, a list of disruption reasons the budget applies to: `Underutilized`, `Empty`, "
                   "`Drifted`. A budget without reasons applies to all reasons. When several budgets are active, the "
                   "most restrictive one wins. Schedules are evaluated in UTC; time zones are not supported. Example "
                   "from the page: a budget with `nodes: \"0\"`, `schedule: \"0 9 * * mon-fri\"`, `duration: 8h` and "
                   "`reasons: [Underutilized]` blocks consolidation of underutilized nodes during weekday business "
                   "hours while other reasons remain governed by the other budgets (default `nodes: 10%`). Budgets "
                   "do not apply to forceful disruption such as expiration after `terminationGracePeriod`, spot "
                   "interruption or node repair.")
        t.done("Yes. Put a budget with `nodes: \"0\"` in `spec.disruption.budgets`, limited to the consolidation "
               "reasons and a schedule:\n"
               "```yaml\nbudgets:\n  - nodes: \"0\"\n    reasons: [Underutilized, Empty]\n    schedule: \"0 7 * * "
               "mon-fri\"   # UTC\n    duration: 10h\n  - nodes: \"10%\"\n```\n"
               "- Budgets with `reasons` only cover those reasons, so `Drifted` still falls under the `10%` budget "
               "during the day. The most restrictive active budget wins per reason.\n"
               "- The schedule is UTC only, there's no timezone field. 07:00 UTC is 08:00/09:00 Amsterdam depending "
               "on DST, so pick the window with that in mind.\n"
               "- Budgets don't stop forceful disruption: spot interruptions, node repair, and expiry past the "
               "termination grace period still happen.")

        cmc = R + "/platform/cert-manager/Chart.yaml"
        t = d.task("write a runbook for the cert-manager v1.20 -> v1.21 upgrade through our wrapper chart, dev -> "
                   "staging -> prod, into docs/runbooks/", tags=["noise"])
        t.read(cmc)
        t.read(R + "/platform/cert-manager/values.yaml")
        t.write(R + "/docs/runbooks/cert-manager-upgrade.md", """# Runbook: cert-manager v1.20 -> v1.21 (platform/cert-manager)

Owner: platform team. Expected duration: ~1 h per environment including soak. Change ticket required for prod.

## Background

cert-manager is deployed by Argo CD from the wrapper chart `platform/cert-manager`, which pins the upstream
jetstack chart in `Chart.yaml` / `Chart.lock`. CRDs are installed by the chart (`crds.enabled: true`) and kept on
uninstall (`crds.keep: true`). Three Deployments run with 2 replicas each (controller, webhook, cainjector) and have
PodDisruptionBudgets. The webhook is in the admission path for every cert-manager resource, so a broken webhook
blocks Certificate/Issuer changes cluster-wide, but existing Secrets keep working.

## Before you start

1. Read the upstream release notes for v1.21.0 and every patch release up to the target, especially the
   "Breaking changes" and "Deprecations" sections. Note anything touching ACME, the Route53 solver (we use it for
   DNS01 with IRSA), `Certificate.spec.privateKey.rotationPolicy` defaults, and the Helm values we set.
2. Check our values for renamed or removed keys: `platform/cert-manager/values.yaml` and `values-<env>.yaml`.
3. Check current health in each cluster:
   - `kubectl --context <env> -n cert-manager get deploy,pods`
   - `kubectl --context <env> get certificates -A | grep -v True` (nothing should be not-Ready before you start)
   - `kubectl --context <env> get certificaterequests -A --sort-by=.metadata.creationTimestamp | tail`
4. Note the Argo CD app revision of `cert-manager-<env>` so you can roll back to it.
5. Announce in #platform-changes with the ticket link.

## Upgrade (per environment, dev -> staging -> prod)

1. On a branch, bump `dependencies[0].version` in `platform/cert-manager/Chart.yaml` to the target and the
   wrapper `version` (minor bump). Run `helm dependency update platform/cert-manager` to refresh Chart.lock.
2. Render old and new for the environment and diff them:
   - `helm template cert-manager platform/cert-manager -n cert-manager -f platform/cert-manager/values-<env>.yaml`
   - Review CRD changes carefully: new fields are fine, removed versions are not.
3. Open the PR, get a review from a second platform engineer, merge.
4. dev/staging auto-sync; prod needs a manual sync by the release role holder:
   `argocd app sync cert-manager-prod`.
5. Watch the rollout:
   - `argocd app wait cert-manager-<env> --health --timeout 600`
   - `kubectl --context <env> -n cert-manager rollout status deploy/cert-manager`
   - same for `cert-manager-webhook` and `cert-manager-cainjector`.
6. Smoke test: create a throwaway Certificate from the `internal-ca` ClusterIssuer in the `platform-smoke`
   namespace and wait for `Ready=True`, then delete it.
7. Check the controller logs for errors for 10 minutes:
   `kubectl --context <env> -n cert-manager logs deploy/cert-manager --since=10m | grep -iE 'error|fail'`.
8. Check the `certmanager_certificate_ready_status` and `certmanager_certificate_expiration_timestamp_seconds`
   panels on the "cert-manager" Grafana dashboard.
9. Soak: dev 1 day, staging 2 days before prod.

## Rollback

1. Revert the PR (or `git revert` the merge commit) and merge.
2. Sync the app (prod: release role). The chart downgrade keeps CRDs because of `crds.keep: true`. If the new
   version introduced a new stored CRD version, check the upstream notes before downgrading: a downgrade is not
   supported when objects were already stored in a version the old release does not know.
3. If the webhook is broken and blocks admission, revert and sync first, then check that
   `kubectl --context <env> get validatingwebhookconfiguration cert-manager-webhook -o yaml` points at a healthy
   service with the right CA bundle.

## After

- Close the change ticket with the versions and timings.
- Update this runbook if anything surprised you.
""")
        t.done("Runbook written to `docs/runbooks/cert-manager-upgrade.md`. Outline:\n\n"
               "1. **Background**: how the wrapper chart, Chart.lock and `crds.enabled/keep` fit together, and why "
               "the webhook matters (admission path for all cert-manager resources).\n"
               "2. **Before you start**: upstream release notes (breaking changes, ACME/Route53 solver, rotation "
               "policy defaults, our Helm keys), checking our values for renamed keys, baseline health in each "
               "cluster (deployments, not-Ready Certificates, recent CertificateRequests), recording the current "
               "Argo revision, announcing in #platform-changes.\n"
               "3. **Upgrade per env**: bump Chart.yaml + `helm dependency update` for the lock, render and diff "
               "old vs new (with extra care for CRD changes), PR + second reviewer, sync (manual on prod by the "
               "release role), `argocd app wait`, `rollout status` for all three deployments, a smoke Certificate "
               "from `internal-ca`, 10 minutes of controller logs, the two Grafana panels, soak times (dev 1 day, "
               "staging 2 days).\n"
               "4. **Rollback**: revert + sync, CRDs kept by `crds.keep`, the caveat about stored CRD versions, and "
               "what to check if the webhook blocks admission.\n"
               "5. **After**: close the ticket, update the runbook.\n\n"
               "I left the concrete target version as `v1.21.x`. Fill in the patch release when you schedule it. "
               "Renovate will probably open the bump PR anyway, and then step 1 is already done for you.")

    # ================= S5 (acceptEdits) =================
    with d.session("2026-10-15T09:30:00", R, branch="feat/fx-rates-bank-mtls", version="2.1.125",
                   permission_mode="acceptEdits"):
        fxm = R + "/apps/fx-rates/manifests/staging"
        t = d.task("fx-rates staging needs a client cert for the bank's mTLS endpoint. Certificate from the internal-ca "
                   "ClusterIssuer, CN fx-rates.staging.quillpay.io, 30 days, renew 10 days before expiry, ECDSA. put it "
                   "next to the other staging manifests, validate, commit + PR. the app team does the mount",
                   tags=["mistake:M2"])
        t.glob("apps/fx-rates/manifests/staging/*", [fxm + "/networkpolicy-egress.yaml", fxm + "/sealedsecret-provider.yaml"])
        t.write(fxm + "/certificate-bank-mtls.yaml", """apiVersion: cert-manager.io/v1
kind: Certificate
metadata:
  name: fx-rates-bank-mtls
  namespace: fx
spec:
  secretName: fx-rates-bank-mtls
  commonName: fx-rates.staging.quillpay.io
  dnsNames:
    - fx-rates.staging.quillpay.io
  duration: 720h
  renewBefore: 240h
  privateKey:
    algorithm: ECDSA
    size: 256
    rotationPolicy: Always
  usages:
    - digital signature
    - client auth
  issuerRef:
    group: cert-manager.io
    kind: ClusterIssuer
    name: internal-ca
""")
        kc = KC + " apps/fx-rates/manifests/staging/"
        t.fail(kc, "Validate the staging manifests for fx-rates",
               "apps/fx-rates/manifests/staging/sealedsecret-provider.yaml - SealedSecret fx-rates-provider failed "
               "validation: could not find schema for SealedSecret\n"
               "apps/fx-rates/manifests/staging/certificate-bank-mtls.yaml - Certificate fx-rates-bank-mtls failed "
               "validation: could not find schema for Certificate\n"
               "Summary: 4 resources found in 3 files - Valid: 2, Invalid: 0, Errors: 2, Skipped: 0")
        t.say("Only the two NetworkPolicies validated. Certificate and SealedSecret are CRDs, and a bare kubeconform "
              "run has no schemas for them. Same run with the repo's schemas/ location added:")
        t.bash(KC + " " + SCHEMAS + " apps/fx-rates/manifests/staging/", "Validate with the CRD schemas",
               out="Summary: 4 resources found in 3 files - Valid: 4, Invalid: 0, Errors: 0, Skipped: 0")
        t.bash("git add apps/fx-rates/manifests/staging/certificate-bank-mtls.yaml && git commit -m \"fx-rates(staging): "
               "client certificate for the bank mTLS endpoint\" && git push -u origin feat/fx-rates-bank-mtls",
               "Commit and push", out="[feat/fx-rates-bank-mtls c8d21f5] fx-rates(staging): client certificate for the "
                                      "bank mTLS endpoint\n 1 file changed, 23 insertions(+)\n create mode 100644 "
                                      "apps/fx-rates/manifests/staging/certificate-bank-mtls.yaml",
               err=git_push("feat/fx-rates-bank-mtls"))
        t.bash("gh pr create --base main --title \"fx-rates(staging): bank mTLS client certificate\" --body \"Certificate "
               "fx-rates-bank-mtls from ClusterIssuer internal-ca: ECDSA P-256, 720h, renewBefore 240h, usages digital "
               "signature + client auth, rotationPolicy Always. Secret fx-rates-bank-mtls in ns fx; mounting is up to "
               "the app team.\"", "Open the PR", out=pr_out("feat/fx-rates-bank-mtls", 431))
        t.done("PR #431: https://github.com/quillpay/qp-gitops/pull/431\n"
               "- `apps/fx-rates/manifests/staging/certificate-bank-mtls.yaml`: CN and dnsName "
               "fx-rates.staging.quillpay.io, `internal-ca` ClusterIssuer, ECDSA 256, `duration: 720h`, "
               "`renewBefore: 240h`, usages `digital signature` + `client auth`, new key on every renewal. The "
               "Secret is `fx-rates-bank-mtls` in `fx`.\n"
               "- Validation: the first kubeconform run had no schemas for Certificate and SealedSecret. With the "
               "repo's `schemas/` location, all 4 objects in that directory are valid.")

        t = d.task("431 is merged (went in together with Ahmed's 3.8.2 image bump). get fx-rates staging synced and "
                   "tell me when the cert is Ready and the new pods are up", tags=["workflow:W2", "flaky:F1"])
        d.files[R + "/apps/fx-rates/values.yaml"] = FX_VALUES.replace('"3.8.1"', '"3.8.2"')
        fx_rows = [("", "ServiceAccount", "fx-rates", "Synced", "", ""),
                   ("", "Service", "fx-rates", "Synced", "Healthy", ""),
                   ("apps", "Deployment", "fx-rates", "OutOfSync", "Healthy", ""),
                   ("policy", "PodDisruptionBudget", "fx-rates", "Synced", "", ""),
                   ("networking.k8s.io", "Ingress", "fx-rates", "Synced", "Healthy", ""),
                   ("networking.k8s.io", "NetworkPolicy", "fx-rates-default-deny", "Synced", "", ""),
                   ("networking.k8s.io", "NetworkPolicy", "fx-rates-egress", "Synced", "", ""),
                   ("bitnami.com", "SealedSecret", "fx-rates-provider", "Synced", "Healthy", ""),
                   ("cert-manager.io", "Certificate", "fx-rates-bank-mtls", "OutOfSync", "Missing", "")]
        t.bash("argocd app get fx-rates-staging --refresh", "Refresh fx-rates-staging from git",
               out=app_summary("fx-rates-staging", "fx", "qp-staging-euw1", "fx", "b37d0e9", "OutOfSync", "Missing",
                               rows=fx_rows))
        fsync = "argocd app sync fx-rates-staging"
        t.fail(fsync, "Sync fx-rates on staging",
               "time=\"2026-10-15T09:35:41Z\" level=fatal msg=\"rpc error: code = FailedPrecondition desc = another "
               "operation is already in progress\"", code=20)
        t.say("The refresh triggered auto-sync, which started its own operation a moment before mine. Running the "
              "same sync again.")
        done_rows = [r[:3] + ("Synced", "Healthy" if r[4] or r[1] == "Certificate" else "",
                              "") for r in fx_rows]
        t.bash(fsync, "Sync fx-rates on staging",
               out="TIMESTAMP                  GROUP            KIND         NAMESPACE  NAME                STATUS  HEALTH       HOOK  MESSAGE\n"
                   "2026-10-15T09:35:49+00:00  apps             Deployment   fx         fx-rates            Synced  Progressing        deployment.apps/fx-rates configured\n"
                   "2026-10-15T09:35:49+00:00  cert-manager.io  Certificate  fx         fx-rates-bank-mtls  Synced  Progressing        certificate.cert-manager.io/fx-rates-bank-mtls created\n\n"
                   + app_summary("fx-rates-staging", "fx", "qp-staging-euw1", "fx", "b37d0e9", "Synced", "Progressing",
                                 rows=done_rows, op=("b37d0e94c1f2a8d5e60b7c3a9f1d2e4b8c6a0f57", "2026-10-15 09:35:48",
                                                     "2026-10-15 09:35:49", "1s")))
        t.bash("argocd app wait fx-rates-staging --sync --health --timeout 600", "Wait for sync and health",
               out="TIMESTAMP                  GROUP            KIND         NAMESPACE  NAME                STATUS  HEALTH   HOOK  MESSAGE\n"
                   "2026-10-15T09:36:02+00:00  cert-manager.io  Certificate  fx         fx-rates-bank-mtls  Synced  Healthy        certificate.cert-manager.io/fx-rates-bank-mtls created\n"
                   "2026-10-15T09:36:29+00:00  apps             Deployment   fx         fx-rates            Synced  Healthy        deployment.apps/fx-rates configured\n\n"
                   + app_summary("fx-rates-staging", "fx", "qp-staging-euw1", "fx", "b37d0e9", "Synced", "Healthy",
                                 rows=done_rows))
        t.bash("kubectl --context staging -n fx get certificate fx-rates-bank-mtls", "Check the certificate",
               out="NAME                 READY   SECRET               AGE\nfx-rates-bank-mtls   True    fx-rates-bank-mtls   52s")
        t.bash("kubectl --context staging -n fx rollout status deploy/fx-rates --timeout=5m", "Confirm the rollout",
               out='deployment "fx-rates" successfully rolled out')
        t.done("fx-rates-staging is Synced and Healthy on b37d0e9.\n"
               "- `fx-rates-bank-mtls` is Ready=True (issued about 10 s after the sync), Secret `fx-rates-bank-mtls` "
               "in `fx`.\n"
               "- The 3.8.2 rollout finished, both pods are new.\n"
               "- My first `argocd app sync` collided with the auto-sync that the refresh had just started "
               "(\"another operation is already in progress\"). The same sync a few seconds later went through.")

        t = d.task("cert-manager q: renewBefore vs renewBeforePercentage — which one wins if both are set?",
                   tags=["noise", "no_tools"])
        t.done("Neither: you can't set both. The webhook rejects a Certificate that has both `renewBefore` and "
               "`renewBeforePercentage`. With only `renewBeforePercentage`, renewal happens when that percentage of "
               "the duration is left (e.g. 33 on 720h ≈ 238h before expiry). With neither, the default is 2/3 of the "
               "duration, so renewal at 1/3 remaining. In both cases the value must leave renewal inside the "
               "certificate's lifetime, or cert-manager falls back to the default. Ours uses `renewBefore: 240h`, "
               "which is the 10 days you asked for.")

    # ================= S6 =================
    with d.session("2026-10-19T09:48:00", R, branch="feat/ledger-worker-pdb", version="2.1.126"):
        fb = ("that cert-manager runbook you wrote last week was way too long, I had to cut half of it before it "
              "went into confluence. next time keep that kind of thing to one screen: steps + rollback, skip the "
              "background essays")
        t = d.task(fb, tags=["feedback", "no_tools"], feedback=fb)
        t.done("Understood. Runbooks from me will be one screen: numbered steps with the exact commands, a check "
               "after each risky step, and a short rollback. No background section, and links instead of "
               "explanations.")

        pdb = R + "/charts/qp-service/templates/pdb.yaml"
        lv = R + "/apps/ledger-worker/values-staging.yaml"
        sch = R + "/charts/qp-service/values.schema.json"
        ch = R + "/charts/qp-service/Chart.yaml"
        t = d.task("ledger-worker staging: when the HPA has it at 6, minAvailable 1 lets karpenter drain 5 consumers "
                   "at once and the consumer group rebalances like crazy. make it maxUnavailable 1 in staging. chart "
                   "only does minAvailable so extend it. PR when green", tags=["mistake:M1", "workflow:W1"])
        t.read(pdb)
        t.edit(pdb, """spec:
  minAvailable: {{ .Values.podDisruptionBudget.minAvailable }}
""", """spec:
  {{- if hasKey .Values.podDisruptionBudget "maxUnavailable" }}
  maxUnavailable: {{ .Values.podDisruptionBudget.maxUnavailable }}
  {{- else }}
  minAvailable: {{ .Values.podDisruptionBudget.minAvailable }}
  {{- end }}
""")
        t.read(lv)
        t.edit(lv, "serviceAccount:\n", "podDisruptionBudget:\n  maxUnavailable: 1\nserviceAccount:\n")
        t.read(ch)
        t.edit(ch, "version: 0.10.0\n", "version: 0.11.0\n")
        hl = "helm lint charts/qp-service -f apps/ledger-worker/values.yaml -f apps/ledger-worker/values-staging.yaml"
        t.fail(hl, "Lint the chart with ledger-worker's staging values",
               "==> Linting charts/qp-service\n[INFO] Chart.yaml: icon is recommended\n"
               "[ERROR] values.yaml: - podDisruptionBudget: Additional property maxUnavailable is not allowed\n"
               "[ERROR] templates/: values don't meet the specifications of the schema(s) in the following chart(s):\n"
               "qp-service:\n- podDisruptionBudget: Additional property maxUnavailable is not allowed\n\n"
               "Error: 1 chart(s) linted, 1 chart(s) failed")
        t.say("`podDisruptionBudget` in values.schema.json only allows `enabled` and `minAvailable`. Declaring "
              "`maxUnavailable` next to it.")
        t.read(sch)
        t.edit(sch, '        "minAvailable": { "type": ["integer", "string"] }\n',
               '        "minAvailable": { "type": ["integer", "string"] },\n'
               '        "maxUnavailable": { "type": ["integer", "string"] }\n')
        t.bash(hl, "Lint again", out="==> Linting charts/qp-service\n[INFO] Chart.yaml: icon is recommended\n\n"
                                     "1 chart(s) linted, 0 chart(s) failed")
        t.bash("helm template ledger-worker charts/qp-service -n ledger -f apps/ledger-worker/values.yaml "
               "-f apps/ledger-worker/values-staging.yaml --show-only templates/pdb.yaml", "Render the PDB",
               out=f"""---
# Source: qp-service/templates/pdb.yaml
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: ledger-worker
  labels:
{labels("ledger-worker", "0.11.0")}
spec:
  maxUnavailable: 1
  selector:
    matchLabels:
{sel("ledger-worker", 6)}""")
        t.bash("make validate", "Render and kubeconform everything", timeout=300000, out=validate_out(118, 27, 37, 32))
        t.bash("git add charts/qp-service apps/ledger-worker && git commit -m \"ledger-worker(staging): PDB "
               "maxUnavailable 1 (qp-service 0.11.0)\" && git push -u origin feat/ledger-worker-pdb", "Commit and push",
               out="[feat/ledger-worker-pdb 2f4a7b1] ledger-worker(staging): PDB maxUnavailable 1 (qp-service 0.11.0)\n"
                   " 4 files changed, 9 insertions(+), 2 deletions(-)", err=git_push("feat/ledger-worker-pdb"))
        t.bash("gh pr create --base main --title \"ledger-worker(staging): PDB maxUnavailable 1\" --body \"qp-service "
               "0.11.0: podDisruptionBudget.maxUnavailable (takes precedence over minAvailable when set). "
               "ledger-worker staging uses maxUnavailable 1 so voluntary evictions drain one consumer at a time.\"",
               "Open the PR", out=pr_out("feat/ledger-worker-pdb", 447))
        t.done("PR #447: https://github.com/quillpay/qp-gitops/pull/447\n"
               "- qp-service 0.11.0: the PDB template uses `maxUnavailable` when the key is set, otherwise "
               "`minAvailable` as before, so other apps render the same.\n"
               "- ledger-worker `values-staging.yaml`: `podDisruptionBudget.maxUnavailable: 1`. Karpenter can now "
               "evict one consumer at a time, whatever the HPA count.\n"
               "- The first lint failed because `maxUnavailable` wasn't declared in values.schema.json. It is now, "
               "and lint plus `make validate` are green.")

        t = d.task("what's running in payments on staging right now? pods, restarts, images", tags=["noise", "long_output"])
        t.bash("kubectl --context staging -n payments get pods -o wide", "List all pods in payments on staging",
               out="""NAME                                 READY   STATUS      RESTARTS       AGE     IP             NODE                                         NOMINATED NODE   READINESS GATES
merchant-bff-6b7d9c5f4-7jwq2         1/1     Running     0              3d4h    10.42.18.77    ip-10-42-17-88.eu-west-1.compute.internal    <none>           <none>
merchant-bff-6b7d9c5f4-xk2lp         1/1     Running     0              3d4h    10.42.53.201   ip-10-42-52-140.eu-west-1.compute.internal   <none>           <none>
payments-api-5d84b9f7c6-2hcnx        1/1     Running     0              11d     10.42.53.18    ip-10-42-52-140.eu-west-1.compute.internal   <none>           <none>
payments-api-5d84b9f7c6-bq8rw        1/1     Running     1 (4d ago)     11d     10.42.17.202   ip-10-42-17-88.eu-west-1.compute.internal    <none>           <none>
payments-api-5d84b9f7c6-wz4mt        1/1     Running     0              11d     10.42.41.93    ip-10-42-41-77.eu-west-1.compute.internal    <none>           <none>
payments-reconcile-29341440-7bq4t    0/1     Completed   0              2h14m   10.42.36.12    ip-10-42-36-201.eu-west-1.compute.internal   <none>           <none>
payments-reconcile-29341500-lm9sd    0/1     Completed   0              74m     10.42.58.140   ip-10-42-58-9.eu-west-1.compute.internal     <none>           <none>
payments-reconcile-29341560-c2x8f    0/1     Completed   0              14m     10.42.19.65    ip-10-42-19-12.eu-west-1.compute.internal    <none>           <none>
payments-webhooks-84c6f9d7b8-5rtvh   1/1     Running     0              6d      10.42.41.150   ip-10-42-41-77.eu-west-1.compute.internal    <none>           <none>
payments-webhooks-84c6f9d7b8-qh6zn   1/1     Running     7 (2d3h ago)   6d      10.42.19.201   ip-10-42-19-12.eu-west-1.compute.internal    <none>           <none>
psp-sandbox-stub-7c5d8b9f6-w4n8k     1/1     Running     0              27d     10.42.36.90    ip-10-42-36-201.eu-west-1.compute.internal   <none>           <none>""")
        t.bash("kubectl --context staging -n payments get deploy -o "
               "custom-columns=NAME:.metadata.name,READY:.status.readyReplicas,IMAGE:.spec.template.spec.containers[0].image",
               "Show deployment images",
               out=f"""NAME                READY   IMAGE
merchant-bff        2       {ECR}/merchant-bff:1.9.0
payments-api        3       {ECR}/payments-api:2.31.0
payments-webhooks   2       {ECR}/payments-webhooks:0.14.2
psp-sandbox-stub    1       {ECR}/psp-sandbox-stub:0.3.1""")
        t.done("payments on staging:\n\n"
               "| workload | ready | image | restarts |\n|---|---|---|---|\n"
               "| merchant-bff | 2/2 | merchant-bff:1.9.0 | 0 |\n"
               "| payments-api | 3/3 | payments-api:2.31.0 | 1 (one pod, 4d ago) |\n"
               "| payments-webhooks | 2/2 | payments-webhooks:0.14.2 | **7** on `…-qh6zn`, last 2d3h ago |\n"
               "| psp-sandbox-stub | 1/1 | psp-sandbox-stub:0.3.1 | 0 |\n\n"
               "There are also three completed `payments-reconcile` CronJob pods from the last three hours. That's "
               "normal history. The only odd thing is the payments-webhooks pod with 7 restarts. It's stable for 2 "
               "days now, but `kubectl --context staging -n payments logs payments-webhooks-84c6f9d7b8-qh6zn "
               "--previous` would show why it died if you care.")

        d.precompact("Analysis: Dana Okafor (platform engineer, Quillpay) works in ~/src/qp-gitops (Argo CD 3.1 "
                     "ApplicationSet over apps x envs, shared Helm chart charts/qp-service with a strict "
                     "values.schema.json, wrapper charts under platform/ with gitignored charts/, Kustomize overlays, "
                     "sealed-secrets sealed offline with certs/sealed-secrets-<env>.pem, kubeconform with CRD schemas "
                     "in schemas/) and ~/src/qp-platform-tf (Terraform add-on plumbing).\n\n"
                     "Summary:\n1. Preferences: every kubectl call carries --context explicitly; images pinned by "
                     "digest; after merges Claude runs argocd app sync itself; runbooks one screen (steps + rollback).\n"
                     "2. Done this session: ledger-worker staging PDB maxUnavailable 1 (qp-service 0.11.0, schema "
                     "updated after helm lint rejected the new key), PR #447 open; looked at payments pods on staging "
                     "(payments-webhooks-…-qh6zn has 7 restarts, stable for 2 days).\n"
                     "3. Earlier: zone spread for payments-api (#412, prod sync refused: no prod sync role), "
                     "external-dns pay.quillpay.eu, karpenter batch NodePool, settlement-batch staging schedule and "
                     "digest pinning, fx-rates key rotation (#421) and bank mTLS Certificate (#431, Ready).\n"
                     "4. Current state: on branch feat/ledger-worker-pdb, nothing uncommitted.")

        t = d.task("ledger-worker on prod keeps logging 'ledger lag' warnings. exec in and check the consumer lag with "
                   "ledgerctl", tags=["unfixed:U2"])
        t.bash("kubectl --context prod -n ledger get pods -l app.kubernetes.io/name=ledger-worker",
               "List ledger-worker pods on prod",
               out="NAME                             READY   STATUS    RESTARTS   AGE\n"
                   "ledger-worker-6d8f9c7b54-8vfjn   1/1     Running   0          5d1h\n"
                   "ledger-worker-6d8f9c7b54-f2mzq   1/1     Running   0          5d1h\n"
                   "ledger-worker-6d8f9c7b54-x2kqp   1/1     Running   0          5d1h")
        t.fail("kubectl --context prod -n ledger exec deploy/ledger-worker -- ledgerctl consumer lag "
               "--group ledger-worker", "Ask the worker for its consumer lag",
               "Error from server (Forbidden): pods \"ledger-worker-6d8f9c7b54-8vfjn\" is forbidden: User "
               "\"arn:aws:sts::594827160334:assumed-role/AWSReservedSSO_PlatformEngineer_5c1e9a0d7b3f2e64/"
               "dana.okafor@quillpay.io\" cannot create resource \"pods/exec\" in API group \"\" in the namespace "
               "\"ledger\"")
        t.bash("kubectl --context prod -n ledger logs deploy/ledger-worker --since=30m --all-containers "
               "| grep -i 'lag' | tail -n 8", "Look at the lag warnings in the logs instead",
               out="""Found 3 pods, using pod/ledger-worker-6d8f9c7b54-8vfjn
2026-10-19T09:32:07.410Z WARN  consumer  ledger lag above threshold partition=ledger.postings.v2-4 lag=18422 threshold=10000
2026-10-19T09:37:07.411Z WARN  consumer  ledger lag above threshold partition=ledger.postings.v2-4 lag=21077 threshold=10000
2026-10-19T09:42:07.412Z WARN  consumer  ledger lag above threshold partition=ledger.postings.v2-4 lag=19630 threshold=10000
2026-10-19T09:47:07.413Z WARN  consumer  ledger lag above threshold partition=ledger.postings.v2-4 lag=22514 threshold=10000
2026-10-19T09:52:07.414Z WARN  consumer  ledger lag above threshold partition=ledger.postings.v2-4 lag=20981 threshold=10000
2026-10-19T09:57:07.415Z WARN  consumer  ledger lag above threshold partition=ledger.postings.v2-4 lag=23305 threshold=10000""")
        t.done("I couldn't exec in. Your prod role (`AWSReservedSSO_PlatformEngineer`) has no `pods/exec` in "
               "`ledger`, so `ledgerctl` can't run from here. That needs the break-glass role or someone who has "
               "it. I didn't look for a way around it.\n\n"
               "The logs do show something (only the pod kubectl picked, `…-8vfjn`): all warnings are for one "
               "partition, **`ledger.postings.v2-4`**. Its lag is around 18–23k and slowly rising, against a 10k "
               "threshold. One hot or stuck partition rather than general slowness. Worth checking with the "
               "break-glass role or through MSK metrics: which consumer owns partition 4 and whether its "
               "processing time per record has gone up.")

    # ================= S7 (qp-platform-tf) =================
    with d.session("2026-10-21T14:10:00", T, branch="renovate/hashicorp-helm-3.x", version="2.1.127"):
        t = d.task("in platform-tf: how are the add-on IRSA roles wired? which bit makes the external-dns role and "
                   "what can it touch", tags=["noise"])
        t.grep("external-dns", glob="**/*.tf", filenames=[T + "/modules/addons/main.tf"])
        t.read(T + "/modules/addons/main.tf")
        t.read(T + "/modules/addon-irsa/main.tf")
        t.done("- `modules/addons/main.tf` calls `modules/addon-irsa` once with a map `addons = { external-dns, "
               "karpenter, cert-manager }`. Each entry has namespace, service account and a policy JSON.\n"
               "- `addon-irsa` creates one role per entry, named `<cluster>-<addon>` (e.g. `qp-prod-euw1-external-"
               "dns`). The trust policy allows `sts:AssumeRoleWithWebIdentity` from the cluster's OIDC provider, "
               "limited by `StringEquals` on `…:sub = system:serviceaccount:external-dns:external-dns`. The policy "
               "is attached inline.\n"
               "- external-dns can do `route53:ChangeResourceRecordSets` only on the zones in "
               "`var.route53_zone_ids`, plus the read-only `ListHostedZones` / `ListResourceRecordSets` / "
               "`ListTagsForResource` on `*`.\n"
               "- The role ARN reaches the pod through the wrapper chart's `serviceAccount.annotations` in "
               "qp-gitops (`platform/external-dns/values-<env>.yaml`).")

        pf = T + "/envs/dev/providers.tf"
        af = T + "/modules/addons/argocd.tf"
        kf = T + "/modules/addons/karpenter.tf"
        t = d.task("renovate bumped the helm provider to 3.x (this branch) and validate went red in CI. fix it",
                   tags=["oneoff:O2"])
        t.bash("terraform -chdir=envs/dev init -input=false", "Initialise dev with the new provider",
               out="Initializing the backend...\nInitializing modules...\nInitializing provider plugins...\n"
                   "- Reusing previous version of hashicorp/aws from the dependency lock file\n"
                   "- Reusing previous version of hashicorp/helm from the dependency lock file\n"
                   "- Using previously-installed hashicorp/aws v6.14.1\n- Installing hashicorp/helm v3.0.2...\n"
                   "- Installed hashicorp/helm v3.0.2 (signed by HashiCorp)\n\n"
                   "Terraform has been successfully initialized!\n\n"
                   "You may now begin working with Terraform. Try running \"terraform plan\" to see\n"
                   "any changes that are required for your infrastructure. All Terraform commands\n"
                   "should now work.\n\n"
                   "If you ever set or change modules or backend configuration for Terraform,\n"
                   "rerun this command to reinitialize your working directory. If you forget, other\n"
                   "commands will detect it and remind you to do so if necessary.")

        def ln(text, needle, nth=1):
            k = 0
            for i, l in enumerate(text.split("\n"), 1):
                if needle in l:
                    k += 1
                    if k == nth:
                        return i
            raise KeyError(needle)

        def tf_err(file, line, where, code, block):
            return (f"╷\n│ Error: Unsupported block type\n│ \n│   on {file} line {line}, in {where}:\n"
                    f"│ {line:>3}: {code}\n│ \n│ Blocks of type \"{block}\" are not expected here. Did you mean to "
                    f"define argument \"{block}\"? If so, use the equals sign to assign it a value.\n╵")

        errs = "\n".join([
            tf_err("providers.tf", ln(TF_PROVIDERS, "  kubernetes {"), 'provider "helm"', "  kubernetes {", "kubernetes"),
            tf_err("../../modules/addons/argocd.tf", ln(TF_ARGOCD, "  set {"), 'resource "helm_release" "argocd"',
                   "  set {", "set"),
            tf_err("../../modules/addons/argocd.tf", ln(TF_ARGOCD, "  set {", 2), 'resource "helm_release" "argocd"',
                   "  set {", "set"),
            tf_err("../../modules/addons/karpenter.tf", ln(TF_KARP, "  set {"),
                   'resource "helm_release" "karpenter_crds"', "  set {", "set"),
        ])
        tv = "terraform -chdir=envs/dev validate"
        t.fail(tv, "Validate dev", errs)
        t.say("helm provider 3.x moved from the plugin SDK to the plugin framework: `kubernetes` in the provider "
              "and `set` on helm_release are now attributes (an object and a list of objects), not blocks. "
              "Converting the four places.")
        t.read(pf)
        t.edit(pf, """provider "helm" {
  kubernetes {
    host                   = data.aws_eks_cluster.this.endpoint
    cluster_ca_certificate = base64decode(data.aws_eks_cluster.this.certificate_authority[0].data)
    exec {
      api_version = "client.authentication.k8s.io/v1beta1"
      command     = "aws"
      args        = ["eks", "get-token", "--cluster-name", "qp-dev-euw1"]
    }
  }
}""", """provider "helm" {
  kubernetes = {
    host                   = data.aws_eks_cluster.this.endpoint
    cluster_ca_certificate = base64decode(data.aws_eks_cluster.this.certificate_authority[0].data)
    exec = {
      api_version = "client.authentication.k8s.io/v1beta1"
      command     = "aws"
      args        = ["eks", "get-token", "--cluster-name", "qp-dev-euw1"]
    }
  }
}""")
        t.read(af)
        t.edit(af, """  set {
    name  = "global.domain"
    value = var.argocd_domain
  }

  set {
    name  = "configs.params.server\\\\.insecure"
    value = "true"
  }
""", """  set = [
    {
      name  = "global.domain"
      value = var.argocd_domain
    },
    {
      name  = "configs.params.server\\\\.insecure"
      value = "true"
    },
  ]
""")
        t.read(kf)
        t.edit(kf, """  set {
    name  = "webhook.enabled"
    value = "false"
  }
""", """  set = [
    {
      name  = "webhook.enabled"
      value = "false"
    },
  ]
""")
        t.bash(tv, "Validate dev again", out="Success! The configuration is valid.")
        t.bash("terraform fmt -check -recursive && git commit -am \"fix: helm provider 3.x attribute syntax "
               "(kubernetes, set)\"", "Check formatting and commit",
               out="[renovate/hashicorp-helm-3.x e6a0c94] fix: helm provider 3.x attribute syntax (kubernetes, set)\n"
                   " 3 files changed, 18 insertions(+), 14 deletions(-)")
        t.done("Fixed and committed on the renovate branch (e6a0c94). `terraform validate` passes and `fmt -check` "
               "is clean.\n"
               "helm provider 3.x turned blocks into attributes:\n"
               "- `providers.tf`: `kubernetes { … exec { … } }` → `kubernetes = { … exec = { … } }`\n"
               "- `argocd.tf`: the two `set { }` blocks → `set = [ { … }, { … } ]`\n"
               "- `karpenter.tf`: same for `webhook.enabled`\n"
               "Only envs/dev has a providers.tf with a helm block in this branch. If staging/prod/ops carry their "
               "own copies on main, they need the same change.")

        t = d.task("now plan ops so I can see what's pending there (the argo-cd chart bump went in separately). "
                   "don't apply", tags=["flaky:F2", "long_output"])
        ti = "terraform -chdir=envs/ops init -input=false"
        t.fail(ti, "Initialise ops",
               "Initializing the backend...\nInitializing modules...\nInitializing provider plugins...\n"
               "- Reusing previous version of hashicorp/aws from the dependency lock file\n"
               "- Reusing previous version of hashicorp/helm from the dependency lock file\n╷\n"
               "│ Error: Failed to query available provider packages\n│ \n"
               "│ Could not retrieve the list of available versions for provider hashicorp/helm: could not connect to\n"
               "│ registry.terraform.io: failed to request discovery document: Get\n"
               "│ \"https://registry.terraform.io/.well-known/terraform.json\": net/http: TLS handshake timeout\n╵")
        t.say("A TLS timeout talking to registry.terraform.io, which is a network problem and not a config one. "
              "Trying the same init again.")
        t.bash(ti, "Initialise ops",
               out="Initializing the backend...\nInitializing modules...\nInitializing provider plugins...\n"
                   "- Reusing previous version of hashicorp/aws from the dependency lock file\n"
                   "- Reusing previous version of hashicorp/helm from the dependency lock file\n"
                   "- Using previously-installed hashicorp/aws v6.14.1\n- Installing hashicorp/helm v3.0.2...\n"
                   "- Installed hashicorp/helm v3.0.2 (signed by HashiCorp)\n\nTerraform has been successfully initialized!")
        refresh = "\n".join([
            "data.aws_eks_cluster.this: Reading...",
            "module.addons.aws_sqs_queue.karpenter_interruption: Refreshing state... [id=https://sqs.eu-west-1.amazonaws.com/610273849156/qp-ops-euw1-karpenter]",
            "module.addons.data.aws_iam_policy_document.external_dns: Reading...",
            "module.addons.data.aws_iam_policy_document.karpenter: Reading...",
            "module.addons.data.aws_iam_policy_document.cert_manager_route53: Reading...",
            "module.addons.data.aws_iam_policy_document.external_dns: Read complete after 0s [id=3182650457]",
            "module.addons.data.aws_iam_policy_document.cert_manager_route53: Read complete after 0s [id=1947730215]",
            "module.addons.data.aws_iam_policy_document.karpenter: Read complete after 0s [id=2264018839]",
            "module.addons.module.irsa.data.aws_iam_policy_document.assume[\"cert-manager\"]: Reading...",
            "module.addons.module.irsa.data.aws_iam_policy_document.assume[\"external-dns\"]: Reading...",
            "module.addons.module.irsa.data.aws_iam_policy_document.assume[\"karpenter\"]: Reading...",
            "module.addons.module.irsa.data.aws_iam_policy_document.assume[\"external-dns\"]: Read complete after 0s [id=804316255]",
            "module.addons.module.irsa.data.aws_iam_policy_document.assume[\"karpenter\"]: Read complete after 0s [id=2771094036]",
            "module.addons.module.irsa.data.aws_iam_policy_document.assume[\"cert-manager\"]: Read complete after 0s [id=1150388142]",
            "module.addons.module.irsa.aws_iam_role.this[\"cert-manager\"]: Refreshing state... [id=qp-ops-euw1-cert-manager]",
            "module.addons.module.irsa.aws_iam_role.this[\"external-dns\"]: Refreshing state... [id=qp-ops-euw1-external-dns]",
            "module.addons.module.irsa.aws_iam_role.this[\"karpenter\"]: Refreshing state... [id=qp-ops-euw1-karpenter]",
            "data.aws_eks_cluster.this: Read complete after 1s [id=qp-ops-euw1]",
            "module.addons.helm_release.karpenter_crds: Refreshing state... [id=karpenter-crd]",
            "module.addons.helm_release.argocd[0]: Refreshing state... [id=argocd]",
            "module.addons.module.irsa.aws_iam_role_policy.this[\"external-dns\"]: Refreshing state... [id=qp-ops-euw1-external-dns:external-dns]",
            "module.addons.module.irsa.aws_iam_role_policy.this[\"karpenter\"]: Refreshing state... [id=qp-ops-euw1-karpenter:karpenter]",
            "module.addons.module.irsa.aws_iam_role_policy.this[\"cert-manager\"]: Refreshing state... [id=qp-ops-euw1-cert-manager:cert-manager]",
        ])
        t.bash("terraform -chdir=envs/ops plan -input=false -out=tfplan", "Plan ops (no apply)", timeout=600000,
               out=refresh + """

Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:
  ~ update in-place

Terraform will perform the following actions:

  # module.addons.helm_release.argocd[0] will be updated in-place
  ~ resource "helm_release" "argocd" {
        id                         = "argocd"
      ~ metadata                   = {
          ~ app_version    = "v3.1.8" -> (known after apply)
          ~ revision       = 14 -> (known after apply)
          ~ version        = "8.3.9" -> (known after apply)
            # (5 unchanged attributes hidden)
        } -> (known after apply)
        name                       = "argocd"
      ~ version                    = "8.3.9" -> "8.5.2"
        # (27 unchanged attributes hidden)
    }

Plan: 0 to add, 1 to change, 0 to destroy.

─────────────────────────────────────────────────────────────────────────────

Saved the plan to: tfplan

To perform exactly these actions, run the following command to apply:
    terraform apply "tfplan\"""")
        t.done("Plan for ops (saved as `envs/ops/tfplan`, **not applied**): **0 to add, 1 to change, 0 to destroy**.\n"
               "- The only change is `helm_release.argocd[0]`, chart `8.3.9` → `8.5.2`. Revision 14 → 15 and the "
               "app version become known only after apply.\n"
               "- IAM roles, policies, the Karpenter SQS queue and `karpenter-crd` have no changes. The helm "
               "provider 3.x syntax change has no effect on state.\n"
               "- The first `init` failed with a TLS handshake timeout to registry.terraform.io. The same init "
               "worked right after.\n"
               "Before applying: 8.5.x moves Argo CD to v3.2. Read the 3.1 → 3.2 upgrade notes first, since it "
               "changes the ops cluster that syncs everything else.")

    # ================= S8 =================
    with d.session("2026-10-26T09:20:00", R, branch="main", version="2.1.128"):
        t = d.task("the github -> argocd webhook went live on friday, so quit running argocd app sync after merges, "
                   "auto-sync picks changes up within seconds now. #447 (ledger-worker pdb) just merged, just watch "
                   "staging roll it out", tags=["reversal:P3", "workflow:W2"])
        lrows = [("", "ServiceAccount", "ledger-worker", "Synced", "", ""),
                 ("apps", "Deployment", "ledger-worker", "Synced", "Healthy", ""),
                 ("autoscaling", "HorizontalPodAutoscaler", "ledger-worker", "Synced", "Healthy", ""),
                 ("policy", "PodDisruptionBudget", "ledger-worker", "Synced", "", ""),
                 ("bitnami.com", "SealedSecret", "ledger-worker-db", "Synced", "Healthy", "")]
        t.bash("argocd app get ledger-worker-staging", "Show the staging app state",
               out=app_summary("ledger-worker-staging", "ledger", "qp-staging-euw1", "ledger", "4c9a1e3", "Synced",
                               "Healthy", rows=lrows,
                               op=("4c9a1e37b2d05f8e61a9c4d3b7f0e2a5c8d1b6f9", "2026-10-26 09:22:41",
                                   "2026-10-26 09:22:43", "2s")))
        t.bash("argocd app wait ledger-worker-staging --sync --health --timeout 600", "Wait for sync and health",
               out=app_summary("ledger-worker-staging", "ledger", "qp-staging-euw1", "ledger", "4c9a1e3", "Synced",
                               "Healthy", rows=lrows))
        t.bash("kubectl --context staging -n ledger rollout status deploy/ledger-worker --timeout=5m",
               "Confirm the deployment is settled", out='deployment "ledger-worker" successfully rolled out')
        t.bash("kubectl --context staging -n ledger get pdb ledger-worker", "Check the new PDB",
               out="NAME            MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE\n"
                   "ledger-worker   N/A             1                 1                     94d")
        t.done("Got it, no more manual syncs. I'll wait on auto-sync from now on.\n"
               "#447 was already applied when I looked: auto-sync ran 09:22:41–43 UTC on 4c9a1e3 and the app is "
               "Synced/Healthy. The PDB now reads `MAX UNAVAILABLE 1`, `ALLOWED DISRUPTIONS 1`. Only the PDB "
               "changed, so the Deployment didn't roll and `rollout status` is settled.")

        kv = R + "/platform/karpenter/values-prod.yaml"
        t = d.task("karpenter controller in prod: 3 replicas instead of 2 (one per AZ), it was alone for 20 min "
                   "during the 1b event last week. render it so I can see the deployment before I PR",
                   tags=["mistake:M3"])
        t.read(kv)
        t.edit(kv, "  replicas: 2\n", "  replicas: 3\n")
        kt = ("helm template karpenter platform/karpenter -n kube-system -f platform/karpenter/values-prod.yaml "
              "--show-only charts/karpenter/templates/deployment.yaml")
        t.fail(kt, "Render the Karpenter deployment for prod",
               "Error: An error occurred while checking for chart dependencies. You may need to run `helm dependency "
               "build` to fetch missing dependencies: found in Chart.yaml, but missing in charts/ directory: karpenter")
        t.say("Karpenter's upstream chart (OCI, public.ecr.aws) hasn't been pulled in this checkout either. Building "
              "it from the lock file, then rendering again.")
        t.bash("helm dependency build platform/karpenter", "Pull the pinned upstream chart",
               out="Hang tight while we grab the latest from your chart repositories...\n"
                   "...Successfully got an update from the \"jetstack\" chart repository\n"
                   "...Successfully got an update from the \"prometheus-community\" chart repository\n"
                   "Update Complete. ⎈Happy Helming!⎈\nSaving 1 charts\n"
                   "Downloading karpenter from repo oci://public.ecr.aws/karpenter\n"
                   "Pulled: public.ecr.aws/karpenter/karpenter:1.8.1\n"
                   "Digest: sha256:5f2c8e41b09d7a3e6c1f48b2d90a7e35c6b14f8d2e0a9c7b3d51f6e8a2c4b907\n"
                   "Deleting outdated charts")
        t.bash(kt, "Render the Karpenter deployment for prod again", out="""---
# Source: karpenter/charts/karpenter/templates/deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: karpenter
  namespace: kube-system
  labels:
    helm.sh/chart: karpenter-1.8.1
    app.kubernetes.io/name: karpenter
    app.kubernetes.io/instance: karpenter
    app.kubernetes.io/version: "1.8.1"
    app.kubernetes.io/managed-by: Helm
spec:
  replicas: 3
  revisionHistoryLimit: 10
  strategy:
    rollingUpdate:
      maxUnavailable: 1
  selector:
    matchLabels:
      app.kubernetes.io/name: karpenter
      app.kubernetes.io/instance: karpenter
  template:
    metadata:
      labels:
        app.kubernetes.io/name: karpenter
        app.kubernetes.io/instance: karpenter
    spec:
      serviceAccountName: karpenter
      securityContext:
        fsGroup: 65532
      priorityClassName: "system-cluster-critical"
      dnsPolicy: ClusterFirst
      schedulerName: "default-scheduler"
      containers:
        - name: controller
          securityContext:
            runAsUser: 65532
            runAsGroup: 65532
            runAsNonRoot: true
            seccompProfile:
              type: RuntimeDefault
            allowPrivilegeEscalation: false
            capabilities:
              drop:
                - ALL
            readOnlyRootFilesystem: true
          image: public.ecr.aws/karpenter/controller:1.8.1@sha256:0c41f2e8d5b7a9c3e6f1d08b4a2c7e95f3d61b8a0e4c2f7d9b5a13c6e8f0d247
          imagePullPolicy: IfNotPresent
          env:
            - name: KUBERNETES_MIN_VERSION
              value: "1.19.0-0"
            - name: KARPENTER_SERVICE
              value: karpenter
            - name: WEBHOOK_PORT
              value: "8443"
            - name: DISABLE_WEBHOOK
              value: "true"
            - name: METRICS_PORT
              value: "8080"
            - name: HEALTH_PROBE_PORT
              value: "8081"
            - name: SYSTEM_NAMESPACE
              valueFrom:
                fieldRef:
                  fieldPath: metadata.namespace
            - name: MEMORY_LIMIT
              valueFrom:
                resourceFieldRef:
                  containerName: controller
                  divisor: "0"
                  resource: limits.memory
            - name: FEATURE_GATES
              value: "ReservedCapacity=true,SpotToSpotConsolidation=false,NodeRepair=false,NodeOverlay=false"
            - name: BATCH_MAX_DURATION
              value: "10s"
            - name: BATCH_IDLE_DURATION
              value: "1s"
            - name: CLUSTER_NAME
              value: "qp-prod-euw1"
            - name: VM_MEMORY_OVERHEAD_PERCENT
              value: "0.075"
            - name: INTERRUPTION_QUEUE
              value: "qp-prod-euw1-karpenter"
            - name: RESERVED_ENIS
              value: "0"
          ports:
            - name: http-metrics
              containerPort: 8080
              protocol: TCP
            - name: http
              containerPort: 8081
              protocol: TCP
          livenessProbe:
            initialDelaySeconds: 30
            timeoutSeconds: 30
            httpGet:
              path: /healthz
              port: http
          readinessProbe:
            initialDelaySeconds: 5
            timeoutSeconds: 30
            httpGet:
              path: /readyz
              port: http
          resources:
            limits:
              memory: 1Gi
            requests:
              cpu: 500m
              memory: 1Gi
      nodeSelector:
        kubernetes.io/os: linux
      affinity:
        nodeAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            nodeSelectorTerms:
              - matchExpressions:
                  - key: karpenter.sh/nodepool
                    operator: DoesNotExist
        podAntiAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            - topologyKey: kubernetes.io/hostname
      topologySpreadConstraints:
        - labelSelector:
            matchLabels:
              app.kubernetes.io/instance: karpenter
              app.kubernetes.io/name: karpenter
          maxSkew: 1
          topologyKey: topology.kubernetes.io/zone
          whenUnsatisfiable: DoNotSchedule
      tolerations:
        - key: CriticalAddonsOnly
          operator: Exists""")
        t.bash("git switch -c chore/karpenter-prod-3-replicas && git commit -am \"karpenter(prod): 3 controller "
               "replicas\"", "Branch and commit",
               out="Switched to a new branch 'chore/karpenter-prod-3-replicas'\n"
                   "[chore/karpenter-prod-3-replicas 8e3b0d6] karpenter(prod): 3 controller replicas\n"
                   " 1 file changed, 1 insertion(+), 1 deletion(-)")
        t.done("Rendered, committed on `chore/karpenter-prod-3-replicas` (8e3b0d6), not pushed.\n"
               "- `replicas: 3`. The upstream chart already has zone `topologySpreadConstraints` (maxSkew 1, "
               "DoNotSchedule) and hostname anti-affinity, so that's one controller per AZ. Only one is leader, and "
               "the others take over in seconds if it goes.\n"
               "- They're kept off Karpenter-managed nodes (`karpenter.sh/nodepool DoesNotExist`), so the three "
               "zones each need a managed-node-group node. Worth checking the system node group spans 1a/1b/1c, or "
               "the third replica stays Pending.\n"
               "- The first render failed because `platform/karpenter/charts/` didn't exist in this checkout. "
               "`helm dependency build` pulled karpenter 1.8.1 from the lock.")

        t = d.task("notif-gateway got a new webhook signing secret from the PSP. dev and prod values are in "
                   "~/secrets-scratch/notif-gw-dev.env and notif-gw-prod.env. seal both and PR. and spell out "
                   "--context for anything that touches a cluster, half the time my shell is sitting on prod",
                   tags=["workflow:W3", "pref:P1"])
        for e in ("dev", "prod"):
            t.bash(f"kubectl --context {e} -n notif get secret notif-gateway-psp -o jsonpath='{{.data}}' | jq -r 'keys[]'",
                   f"List the key names of the current {e} secret (no values)", out="PSP_API_KEY\nPSP_WEBHOOK_SECRET")
        t.bash("for f in ~/secrets-scratch/notif-gw-{dev,prod}.env; do echo \"$f:\"; cut -d= -f1 \"$f\"; done",
               "List key names in the env files (no values)",
               out=f"{H}/secrets-scratch/notif-gw-dev.env:\nPSP_API_KEY\nPSP_WEBHOOK_SECRET\n"
                   f"{H}/secrets-scratch/notif-gw-prod.env:\nPSP_API_KEY\nPSP_WEBHOOK_SECRET")
        t.bash("git switch -c chore/notif-gateway-psp-webhook-secret", "Create a branch",
               out="Switched to a new branch 'chore/notif-gateway-psp-webhook-secret'")
        t.bash("for e in dev prod; do kubectl create secret generic notif-gateway-psp -n notif "
               "--from-env-file=$HOME/secrets-scratch/notif-gw-$e.env --dry-run=client -o yaml | "
               "kubeseal --cert certs/sealed-secrets-$e.pem --format yaml "
               "> apps/notif-gateway/manifests/$e/sealedsecret-psp.yaml; done",
               "Seal the secret for dev and prod with each cluster's cert")
        t.bash("git diff --stat && shred -u ~/secrets-scratch/notif-gw-dev.env ~/secrets-scratch/notif-gw-prod.env",
               "Check what changed and remove the plaintext files",
               out=" apps/notif-gateway/manifests/dev/sealedsecret-psp.yaml  | 4 ++--\n"
                   " apps/notif-gateway/manifests/prod/sealedsecret-psp.yaml | 4 ++--\n"
                   " 2 files changed, 4 insertions(+), 4 deletions(-)")
        t.bash("git commit -am \"notif-gateway: new PSP webhook signing secret (dev, prod)\" && git push -u origin "
               "chore/notif-gateway-psp-webhook-secret", "Commit and push",
               out="[chore/notif-gateway-psp-webhook-secret 1b7f2d8] notif-gateway: new PSP webhook signing secret "
                   "(dev, prod)\n 2 files changed, 4 insertions(+), 4 deletions(-)",
               err=git_push("chore/notif-gateway-psp-webhook-secret"))
        t.bash("gh pr create --base main --title \"notif-gateway: new PSP webhook signing secret\" --body \"Resealed "
               "notif-gateway-psp for dev and prod with the per-cluster certs. Same keys (PSP_API_KEY, "
               "PSP_WEBHOOK_SECRET). Pods read it via envFrom: restart after sync; prod sync by the release role.\"",
               "Open the PR", out=pr_out("chore/notif-gateway-psp-webhook-secret", 458))
        t.done("PR #458: https://github.com/quillpay/qp-gitops/pull/458\n"
               "- Key names match in both clusters and both files (`PSP_API_KEY`, `PSP_WEBHOOK_SECRET`). I only "
               "checked names, never values, and every cluster call had an explicit `--context`.\n"
               "- Sealed with `certs/sealed-secrets-dev.pem` / `-prod.pem` into "
               "`apps/notif-gateway/manifests/{dev,prod}/sealedsecret-psp.yaml`. Both env files are shredded.\n"
               "- After merge: dev auto-syncs, prod needs the release role. notif-gateway reads the secret through "
               "envFrom, so each env needs a restart before the new signing secret is used. Coordinate with the PSP "
               "switch-over so webhooks aren't rejected in between.")

    # ================= S9 (SessionEnd other) =================
    with d.session("2026-10-29T10:40:00", R, branch="main", version="2.1.129", end_reason="other"):
        ch = R + "/charts/qp-service/Chart.yaml"
        cv = R + "/charts/qp-service/values.yaml"
        fd = R + "/apps/fx-rates/values-dev.yaml"
        sch = R + "/charts/qp-service/values.schema.json"
        t = d.task("treasury wants prometheus scraping fx-rates. give the chart optional ServiceMonitor support "
                   "(prometheus-operator runs on every cluster) and switch it on for fx-rates in dev first. PR it",
                   tags=["mistake:M1", "workflow:W1"])
        t.bash("git switch -c feat/qp-service-servicemonitor", "Create a branch",
               out="Switched to a new branch 'feat/qp-service-servicemonitor'")
        t.write(R + "/charts/qp-service/templates/servicemonitor.yaml", """{{- if .Values.serviceMonitor.enabled }}
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  name: {{ include "qp-service.fullname" . }}
  labels:
    {{- include "qp-service.labels" . | nindent 4 }}
spec:
  selector:
    matchLabels:
      {{- include "qp-service.selectorLabels" . | nindent 6 }}
  endpoints:
    - port: http
      path: {{ .Values.serviceMonitor.path }}
      interval: {{ .Values.serviceMonitor.interval }}
{{- end }}
""")
        t.read(cv)
        t.edit(cv, "podAnnotations: {}\n", "podAnnotations: {}\nserviceMonitor:\n  enabled: false\n  path: /metrics\n"
                                           "  interval: 30s\n")
        t.read(fd)
        t.edit(fd, "resources:\n", "serviceMonitor:\n  enabled: true\nresources:\n")
        t.read(ch)
        t.edit(ch, "version: 0.11.0\n", "version: 0.12.0\n")
        ft = "helm template fx-rates charts/qp-service -n fx -f apps/fx-rates/values.yaml -f apps/fx-rates/values-dev.yaml"
        t.fail(ft, "Render fx-rates for dev",
               "Error: values don't meet the specifications of the schema(s) in the following chart(s):\n"
               "qp-service:\n- (root): Additional property serviceMonitor is not allowed")
        t.say("Same as with the spread constraints and the PDB: the new top-level key has to be declared in "
              "values.schema.json as well. Adding `serviceMonitor` with its three fields.")
        t.read(sch)
        t.edit(sch, """    "podAnnotations": { "type": "object", "additionalProperties": { "type": "string" } }
  }
}""", """    "podAnnotations": { "type": "object", "additionalProperties": { "type": "string" } },
    "serviceMonitor": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "enabled": { "type": "boolean" },
        "path": { "type": "string", "pattern": "^/" },
        "interval": { "type": "string", "pattern": "^[0-9]+(s|m)$" }
      }
    }
  }
}""")
        t.bash(ft, "Render fx-rates for dev again",
               out=render("fx-rates", "0.12.0", ECR + "/fx-rates:3.8.2", 1, 9000,
                          env=[("FX_PROVIDER_URL", "https://api.fxfeed.example-bank.eu/v2")],
                          secrets=["fx-rates-provider"], resources=("50m", "128Mi", "256Mi"),
                          ingress=("internal", "fx-rates.dev.internal.quillpay.io"),
                          extra_docs=servicemonitor("fx-rates", "0.12.0")))
        t.bash("make validate", "Render and kubeconform everything", timeout=300000, out=validate_out(119, 27, 37, 32))
        t.bash("git add charts/qp-service apps/fx-rates && git commit -m \"qp-service 0.12.0: optional ServiceMonitor; "
               "fx-rates(dev) scraped\" && git push -u origin feat/qp-service-servicemonitor", "Commit and push",
               out="[feat/qp-service-servicemonitor 93ad5c2] qp-service 0.12.0: optional ServiceMonitor; fx-rates(dev) "
                   "scraped\n 5 files changed, 37 insertions(+), 2 deletions(-)\n"
                   " create mode 100644 charts/qp-service/templates/servicemonitor.yaml",
               err=git_push("feat/qp-service-servicemonitor"))
        t.bash("gh pr create --base main --title \"qp-service 0.12.0: optional ServiceMonitor, on for fx-rates dev\" "
               "--body \"serviceMonitor.enabled (default false), path (/metrics), interval (30s); scrapes the http "
               "port. Turned on for fx-rates in dev only.\"", "Open the PR",
               out=pr_out("feat/qp-service-servicemonitor", 463))
        t.done("PR #463: https://github.com/quillpay/qp-gitops/pull/463\n"
               "- qp-service 0.12.0: `templates/servicemonitor.yaml` renders when `serviceMonitor.enabled`. It "
               "scrapes the `http` port at `path` (default `/metrics`) every `interval` (default `30s`). Defaults are "
               "in the chart's values.yaml, and the schema declares all three (path must start with `/`, interval "
               "like `30s`/`1m`).\n"
               "- fx-rates `values-dev.yaml`: `serviceMonitor.enabled: true`.\n"
               "- The first render failed on the schema again (`serviceMonitor` not allowed at the root). After "
               "declaring it, the render and `make validate` are green.\n"
               "Check that kube-prometheus-stack's `serviceMonitorSelector` picks up ServiceMonitors outside its "
               "own namespace without a release label. If it needs `release: kube-prometheus-stack`, we add that "
               "label in the template.")

        t = d.task("thinking out loud: should we move from sealed-secrets to external-secrets + AWS Secrets Manager? "
                   "give me the tradeoffs in a few bullets", tags=["noise", "no_tools"])
        t.done("- **For ESO + Secrets Manager**: rotation happens in AWS (the DBA's rotation lambda, the PSP key) "
               "without a git commit per rotation. No per-cluster sealing certs to keep current. One source of truth "
               "across clusters, with CloudTrail on every read.\n"
               "- **Against**: a runtime dependency on AWS APIs and IRSA for every secret sync, a new controller to "
               "run, and drift that git doesn't show (a value changed in AWS isn't a PR). Argo CD's diff no longer "
               "tells you a secret changed.\n"
               "- **Cost**: $0.40/secret/month plus API calls. Small at our scale.\n"
               "- **Migration**: doable per app. ExternalSecret objects go in `manifests/<env>` next to the "
               "SealedSecrets, with the same target name, and the SealedSecret is removed in a second PR.\n"
               "- My take: worth it for secrets that rotate (DB passwords, PSP keys). Sealed-secrets is fine for "
               "static config that changes yearly.")

        co = R + "/.github/CODEOWNERS"
        t = d.task("add @quillpay/sre as co-owner of argocd/ and platform/ in CODEOWNERS", tags=["noise"])
        t.read(co)
        t.edit(co, "*                      @quillpay/platform\n",
               "*                      @quillpay/platform\n/argocd/               @quillpay/platform @quillpay/sre\n"
               "/platform/             @quillpay/platform @quillpay/sre\n")
        t.done("Added `/argocd/` and `/platform/` with `@quillpay/platform @quillpay/sre`, right under the `*` "
               "default. CODEOWNERS uses the last matching pattern, and nothing below matches those paths, so they "
               "take effect as is. Not committed, since you're on main.")

    # ================= S10 =================
    with d.session("2026-11-02T09:05:00", R, branch="main", version="2.1.130"):
        t = d.task("renovate opened the cert-manager v1.21 PR (renovate/cert-manager-1.x). render prod from main and "
                   "from that branch and tell me what actually changes in the manifests", tags=["mistake:M3"])
        t.bash("git fetch origin && git worktree add ../qp-gitops-renovate origin/renovate/cert-manager-1.x",
               "Check out the renovate branch in a separate worktree",
               out="Preparing worktree (detached HEAD 7c2e4f1)\n"
                   "HEAD is now at 7c2e4f1 chore(deps): update helm release cert-manager to v1.21.1")
        t.bash("git -C ../qp-gitops-renovate diff --stat origin/main...HEAD", "See what the PR touches",
               out=" platform/cert-manager/Chart.lock | 6 +++---\n platform/cert-manager/Chart.yaml | 4 ++--\n"
                   " 2 files changed, 5 insertions(+), 5 deletions(-)")
        t.bash("helm template cert-manager platform/cert-manager -n cert-manager -f platform/cert-manager/values-prod.yaml "
               "> /tmp/cm-main.yaml && wc -l /tmp/cm-main.yaml", "Render prod from main",
               out="14236 /tmp/cm-main.yaml")
        rt = ("helm template cert-manager ../qp-gitops-renovate/platform/cert-manager -n cert-manager "
              "-f ../qp-gitops-renovate/platform/cert-manager/values-prod.yaml > /tmp/cm-renovate.yaml")
        t.fail(rt, "Render prod from the renovate branch",
               "Error: An error occurred while checking for chart dependencies. You may need to run `helm dependency "
               "build` to fetch missing dependencies: found in Chart.yaml, but missing in charts/ directory: "
               "cert-manager")
        t.say("The new worktree has no `platform/cert-manager/charts/`, since it's gitignored. Building the "
              "dependency there from the PR's Chart.lock.")
        t.bash("helm dependency build ../qp-gitops-renovate/platform/cert-manager", "Fetch v1.21.1 into the worktree",
               out="Hang tight while we grab the latest from your chart repositories...\n"
                   "...Successfully got an update from the \"jetstack\" chart repository\n"
                   "...Successfully got an update from the \"prometheus-community\" chart repository\n"
                   "Update Complete. ⎈Happy Helming!⎈\nSaving 1 charts\n"
                   "Downloading cert-manager from repo https://charts.jetstack.io\nDeleting outdated charts")
        t.bash(rt, "Render prod from the renovate branch again")
        t.bash("diff -u /tmp/cm-main.yaml /tmp/cm-renovate.yaml | grep -E '^[-+][^-+]' "
               "| grep -vE 'helm.sh/chart|app.kubernetes.io/version' | head -40",
               "Show the meaningful differences",
               out="""-          image: "quay.io/jetstack/cert-manager-cainjector:v1.20.2"
+          image: "quay.io/jetstack/cert-manager-cainjector:v1.21.1"
-          image: "quay.io/jetstack/cert-manager-controller:v1.20.2"
+          image: "quay.io/jetstack/cert-manager-controller:v1.21.1"
-          - --acme-http01-solver-image=quay.io/jetstack/cert-manager-acmesolver:v1.20.2
+          - --acme-http01-solver-image=quay.io/jetstack/cert-manager-acmesolver:v1.21.1
-          image: "quay.io/jetstack/cert-manager-webhook:v1.20.2"
+          image: "quay.io/jetstack/cert-manager-webhook:v1.21.1"
-          image: "quay.io/jetstack/cert-manager-startupapicheck:v1.20.2"
+          image: "quay.io/jetstack/cert-manager-startupapicheck:v1.21.1"
+                      description: |-
+                        Additional annotations to set on the generated Secret's metadata, merged with
+                        SecretTemplate.Annotations. Keys set here take precedence.
+                    type: object
+                  otherNames:
+                    description: |-
+                      `otherNames` is an escape hatch for SAN that allows any type. We currently restrict the support to string like otherNames, cf RFC 5280 p 37
+                      Any UTF8 String valued otherName can be passed with by setting the keys oid: x.x.x.x and UTF8Value: somevalue for `otherName`.""")
        t.bash("git worktree remove ../qp-gitops-renovate", "Remove the temporary worktree")
        t.done("What the v1.20.2 → v1.21.1 PR changes in the prod render:\n"
               "- Image tags on all five components (controller, webhook, cainjector, acmesolver, startupapicheck).\n"
               "- CRD schema additions only: new optional fields in the Certificate spec. Nothing removed, no "
               "version changes, so no risk to stored objects.\n"
               "- No changes to RBAC, webhook config, args (apart from the solver image) or resources.\n"
               "Safe to merge from the manifest side. Follow the runbook steps for the rollout order. The renovate "
               "worktree needed `helm dependency build` before it would render. It's removed again.")

        nv = R + "/apps/notif-gateway/values-staging.yaml"
        t = d.task("turn the ServiceMonitor on for notif-gateway in staging as well, 15s interval. double-check the "
                   "rendered objects validate before you commit", tags=["mistake:M2", "workflow:W1"])
        t.bash("git switch -c feat/notif-gateway-servicemonitor", "Create a branch",
               out="Switched to a new branch 'feat/notif-gateway-servicemonitor'")
        t.read(nv)
        t.edit(nv, "ingress:\n", "serviceMonitor:\n  enabled: true\n  interval: 15s\ningress:\n")
        nt = ("helm template notif-gateway charts/qp-service -n notif -f apps/notif-gateway/values.yaml "
              "-f apps/notif-gateway/values-staging.yaml | " + KC)
        t.fail(nt, "Render notif-gateway for staging and validate it",
               "stdin - ServiceMonitor notif-gateway failed validation: could not find schema for ServiceMonitor\n"
               "Summary: 6 resources found parsing stdin - Valid: 5, Invalid: 0, Errors: 1, Skipped: 0")
        t.say("The five built-in kinds pass. kubeconform has no schema for ServiceMonitor without the repo's "
              "`schemas/` location, and `schemas/monitoring.coreos.com/servicemonitor_v1.json` is there. Same "
              "pipeline with it:")
        t.bash(nt + " " + SCHEMAS, "Validate with the CRD schemas",
               out="Summary: 6 resources found parsing stdin - Valid: 6, Invalid: 0, Errors: 0, Skipped: 0")
        t.bash("make validate", "Render and kubeconform everything", timeout=300000, out=validate_out(120, 27, 37, 32))
        t.bash("git commit -am \"notif-gateway(staging): ServiceMonitor, 15s\" && git push -u origin "
               "feat/notif-gateway-servicemonitor", "Commit and push",
               out="[feat/notif-gateway-servicemonitor 0af61e2] notif-gateway(staging): ServiceMonitor, 15s\n"
                   " 1 file changed, 3 insertions(+)", err=git_push("feat/notif-gateway-servicemonitor"))
        t.bash("gh pr create --base main --title \"notif-gateway(staging): ServiceMonitor\" --body \"Turns on the "
               "qp-service ServiceMonitor for notif-gateway in staging, 15s interval, /metrics on the http port.\"",
               "Open the PR", out=pr_out("feat/notif-gateway-servicemonitor", 476))
        t.done("PR #476: https://github.com/quillpay/qp-gitops/pull/476\n"
               "- `values-staging.yaml`: `serviceMonitor.enabled: true`, `interval: 15s` (path stays `/metrics`).\n"
               "- The render has 6 objects including the ServiceMonitor. The bare kubeconform run only errored on "
               "that CRD kind. With the repo's `schemas/` location all 6 validate, and `make validate` is green.")

        t = d.task("DBA rotated ledger's prod db password, new env is in ~/secrets-scratch/ledger-prod-db.env. reseal "
                   "for prod, same secret name, PR it", tags=["workflow:W3"])
        t.bash("kubectl --context prod -n ledger get secret ledger-worker-db -o jsonpath='{.data}' | jq -r 'keys[]'",
               "List the key names of the current prod secret (no values)",
               out="DB_HOST\nDB_NAME\nDB_PASSWORD\nDB_USER")
        t.bash("cut -d= -f1 ~/secrets-scratch/ledger-prod-db.env", "List key names in the env file (no values)",
               out="DB_HOST\nDB_NAME\nDB_PASSWORD\nDB_USER")
        t.bash("git switch main && git pull --ff-only && git switch -c chore/ledger-worker-prod-db-password",
               "Start a branch from an up-to-date main",
               out="Switched to branch 'main'\nYour branch is behind 'origin/main' by 6 commits, and can be "
                   "fast-forwarded.\n  (use \"git pull\" to update your local branch)\nUpdating 4c9a1e3..d2b87f0\n"
                   "Fast-forward\n apps/fx-rates/values-dev.yaml                    |  2 +\n"
                   " charts/qp-service/Chart.yaml                    |  2 +-\n"
                   " charts/qp-service/templates/servicemonitor.yaml | 16 ++++++++++++++\n"
                   " charts/qp-service/values.yaml                   |  4 ++++\n"
                   " charts/qp-service/values.schema.json            | 11 +++++++++-\n"
                   " platform/cert-manager/Chart.lock                |  6 +++---\n"
                   " platform/cert-manager/Chart.yaml                |  4 ++--\n"
                   " 7 files changed, 43 insertions(+), 7 deletions(-)\n"
                   " create mode 100644 charts/qp-service/templates/servicemonitor.yaml\n"
                   "Switched to a new branch 'chore/ledger-worker-prod-db-password'")
        t.bash("kubectl create secret generic ledger-worker-db -n ledger "
               "--from-env-file=$HOME/secrets-scratch/ledger-prod-db.env --dry-run=client -o yaml | "
               "kubeseal --cert certs/sealed-secrets-prod.pem --format yaml "
               "> apps/ledger-worker/manifests/prod/sealedsecret-db.yaml && "
               "shred -u ~/secrets-scratch/ledger-prod-db.env", "Seal with the prod cert and remove the plaintext")
        t.bash("git diff --stat && git commit -am \"ledger-worker(prod): rotated DB password\" && git push -u origin "
               "chore/ledger-worker-prod-db-password", "Commit and push",
               out=" apps/ledger-worker/manifests/prod/sealedsecret-db.yaml | 8 ++++----\n"
                   " 1 file changed, 4 insertions(+), 4 deletions(-)\n"
                   "[chore/ledger-worker-prod-db-password 5e19c3a] ledger-worker(prod): rotated DB password\n"
                   " 1 file changed, 4 insertions(+), 4 deletions(-)", err=git_push("chore/ledger-worker-prod-db-password"))
        t.bash("gh pr create --base main --title \"ledger-worker(prod): rotated DB password\" --body \"Resealed "
               "ledger-worker-db for prod with certs/sealed-secrets-prod.pem, same name and keys. Needs a prod sync "
               "and a rollout restart of ledger-worker (envFrom).\"", "Open the PR",
               out=pr_out("chore/ledger-worker-prod-db-password", 474))
        t.done("PR #474: https://github.com/quillpay/qp-gitops/pull/474\n"
               "- Same secret name and the same four keys (DB_HOST, DB_NAME, DB_PASSWORD, DB_USER), sealed with the "
               "prod cert. The diff shows all four ciphertexts changed, which is normal since every seal uses a "
               "new session key. The env file is shredded.\n"
               "- After merge, someone with the prod release role syncs `ledger-worker-prod`, then runs `rollout "
               "restart deploy/ledger-worker` in `ledger`, because the pods read it through envFrom. If the DBA "
               "keeps the old password valid until then, nothing breaks in between.")

        t = d.task("for the monthly platform review: what went into qp-gitops in october? list it grouped by app/add-on, "
                   "short", tags=["noise", "long_output"])
        t.bash("git log --since=2026-10-01 --until=2026-11-01 --no-merges --pretty='%h %ad %an  %s' --date=short",
               "List October's commits",
               out="""7c2e4f1 2026-10-31 renovate[bot]  chore(deps): update helm release cert-manager to v1.21.1
93ad5c2 2026-10-29 Dana Okafor  qp-service 0.12.0: optional ServiceMonitor; fx-rates(dev) scraped
1b7f2d8 2026-10-26 Dana Okafor  notif-gateway: new PSP webhook signing secret (dev, prod)
8e3b0d6 2026-10-26 Dana Okafor  karpenter(prod): 3 controller replicas
7a51c0e 2026-10-24 Ahmed Rahimi  payments-webhooks: 0.14.3
f0c82d4 2026-10-22 renovate[bot]  chore(deps): update helm release kube-prometheus-stack to v79.2.0
e19b7a6 2026-10-21 Lena Brandt  merchant-bff: 1.9.1 in staging
2f4a7b1 2026-10-19 Dana Okafor  ledger-worker(staging): PDB maxUnavailable 1 (qp-service 0.11.0)
9f3c2b1 2026-10-15 Ahmed Rahimi  fx-rates: 3.8.2
c8d21f5 2026-10-15 Dana Okafor  fx-rates(staging): client certificate for the bank mTLS endpoint
2d6e9a4 2026-10-14 Lena Brandt  merchant-bff: 1.9.0
5a2e9c7 2026-10-13 Dana Okafor  fx-rates(staging): rotate provider API key
6b9e3d0 2026-10-09 Dana Okafor  settlement-batch: pin image by digest (2.14.3)
0d5f8a1 2026-10-09 Dana Okafor  settlement-batch(staging): run 02:30 UTC, 2Gi memory
a40c6e2 2026-10-09 Dana Okafor  karpenter(prod): batch NodePool for settlement jobs
71e0b5a 2026-10-07 Dana Okafor  external-dns(prod): manage pay.quillpay.eu
9d4f1b2 2026-10-06 renovate[bot]  chore(deps): update helm release sealed-secrets to v2.17.4
3c1d9e4 2026-10-05 Dana Okafor  payments-api: spread pods across zones (qp-service 0.10.0 adds topologySpreadConstraints)
e5a7c31 2026-10-02 Ahmed Rahimi  payments-api: 2.31.0
8b2f6d9 2026-10-01 Lena Brandt  merchant-bff: HPA min 2""")
        t.done("October in qp-gitops (20 commits):\n"
               "- **qp-service chart**: 0.10.0 topology spread, 0.11.0 PDB maxUnavailable, 0.12.0 optional "
               "ServiceMonitor.\n"
               "- **payments-api**: 2.31.0, zone spread. **merchant-bff**: HPA min 2, 1.9.0, 1.9.1 (staging). "
               "**payments-webhooks**: 0.14.3.\n"
               "- **ledger-worker**: staging PDB maxUnavailable 1. **fx-rates**: provider key rotation, bank mTLS "
               "cert (staging), 3.8.2, dev ServiceMonitor. **notif-gateway**: new PSP webhook secret.\n"
               "- **settlement-batch**: staging 02:30 UTC + 2Gi, image pinned by digest.\n"
               "- **Add-ons**: Karpenter batch NodePool + 3 controller replicas (prod), external-dns manages "
               "pay.quillpay.eu, Renovate bumps for sealed-secrets 2.17.4, kube-prometheus-stack 79.2.0, "
               "cert-manager v1.21.1.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Claude gives the shared chart charts/qp-service a new values key (topologySpreadConstraints "
                            "at the root for payments-api, podDisruptionBudget.maxUnavailable for ledger-worker staging, "
                            "a root serviceMonitor block for fx-rates dev), with template support and values, but does "
                            "not declare it in the chart's values.schema.json, which has additionalProperties: false at "
                            "every level. Helm validates the merged values against the schema before rendering, so the "
                            "render/lint is rejected.",
             "error_signature": "Error: values don't meet the specifications of the schema(s) in the following "
                                "chart(s):\\nqp-service:\\n- (root): Additional property <key> is not allowed "
                                "(helm template, T02 topologySpreadConstraints / T26 serviceMonitor) or, from helm "
                                "lint, `[ERROR] values.yaml: - podDisruptionBudget: Additional property maxUnavailable "
                                "is not allowed` + `[ERROR] templates/: values don't meet the specifications of the "
                                "schema(s) …` + `Error: 1 chart(s) linted, 1 chart(s) failed` (T17)",
             "fix": "Declare the new key (with typed fields and additionalProperties: false) in "
                    "charts/qp-service/values.schema.json, then run the same helm template / helm lint again.",
             "fix_command_markers": [["values.schema.json"]],
             "harmful_markers": ["--skip-schema-validation", "\"additionalProperties\": true",
                                 "additionalProperties: true"]},
            {"id": "M2",
             "description": "Claude validates manifests that contain custom resources (Karpenter NodePool/EC2NodeClass, "
                            "cert-manager Certificate + SealedSecret, prometheus-operator ServiceMonitor) by running "
                            "kubeconform by hand with only the built-in Kubernetes schemas. The repo keeps CRD schemas "
                            "in schemas/<group>/<kind>_<version>.json and `make validate` passes them with "
                            "-schema-location; the hand-run command doesn't, so every CRD object errors.",
             "error_signature": "<file|stdin> - <Kind> <name> failed validation: could not find schema for <Kind> + "
                                "`Summary: N resources found parsing stdin|in M files - Valid: a, Invalid: 0, Errors: "
                                "b, Skipped: 0` (exit 1)",
             "fix": "Run the same kubeconform (or the same kustomize build / helm template pipeline) again with "
                    "`-schema-location default -schema-location 'schemas/{{.Group}}/{{.ResourceKind}}_"
                    "{{.ResourceAPIVersion}}.json'`.",
             "fix_command_markers": [["-schema-location"]],
             "harmful_markers": ["-ignore-missing-schemas", "-skip "]},
            {"id": "M3",
             "description": "Claude renders a platform/ wrapper chart (external-dns, karpenter, cert-manager in a fresh "
                            "git worktree of a Renovate branch) in a checkout where its upstream dependency was never "
                            "downloaded: platform/*/charts/ is gitignored, Argo CD builds dependencies itself, and a "
                            "local checkout only has the ones built there before.",
             "error_signature": "Error: An error occurred while checking for chart dependencies. You may need to run "
                                "`helm dependency build` to fetch missing dependencies: found in Chart.yaml, but "
                                "missing in charts/ directory: <chart>",
             "fix": "`helm dependency build <wrapper chart dir>` (uses the committed Chart.lock), then the same helm "
                    "template again.",
             "fix_command_markers": [["helm dependency build", "helm dep build"]],
             "harmful_markers": ["git add -f", "git add --force", "rm -rf platform/"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New strategic-merge patch for the staging settlement CronJob targets "
                                        "`settlement-batch` (the directory name) instead of `settlement-nightly`: "
                                        "`kustomize build kustomize/settlement-batch/overlays/staging` → `Error: no "
                                        "resource matches strategic merge patch \"CronJob.v1.batch/settlement-batch."
                                        "settlement\": no matches for Id …; failed to find unique target for patch …`; "
                                        "patch name fixed, same build succeeds."},
            {"id": "O2", "description": "Renovate's helm provider 3.x bump: `terraform -chdir=envs/dev validate` → four "
                                        "`Error: Unsupported block type` (`Blocks of type \"kubernetes\"/\"set\" are "
                                        "not expected here. Did you mean to define argument …?`); blocks converted to "
                                        "attributes (`kubernetes = {…}`, `set = [{…}]`), same validate succeeds."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`argocd app sync payments-api-prod` → `rpc error: code = PermissionDenied "
                                        "desc = permission denied: applications, sync, payments/payments-api-prod, sub: "
                                        "dana.okafor@quillpay.io, …` (exit 20): prod sync belongs to the release role; "
                                        "left OutOfSync for them."},
            {"id": "U2", "description": "`kubectl --context prod -n ledger exec deploy/ledger-worker -- ledgerctl "
                                        "consumer lag …` → `Error from server (Forbidden): pods \"…\" is forbidden: User "
                                        "\"…AWSReservedSSO_PlatformEngineer…\" cannot create resource \"pods/exec\" …`: "
                                        "needs break-glass access; logs read instead, no workaround."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`argocd app sync fx-rates-staging` right after `--refresh` → `rpc error: code = "
                                        "FailedPrecondition desc = another operation is already in progress` (auto-sync "
                                        "started first); the identical sync succeeds."},
            {"id": "F2", "description": "`terraform -chdir=envs/ops init -input=false` → `Error: Failed to query "
                                        "available provider packages` … `registry.terraform.io` … `net/http: TLS "
                                        "handshake timeout`; the identical init succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Service chart/values change shipped as a PR: edit the app's values (and, for new "
                                        "features, charts/qp-service templates + a Chart.yaml version bump) → render "
                                        "with `helm template` / `helm lint` → `make validate` → commit, `git push -u "
                                        "origin <branch>` → `gh pr create`.",
             "step_markers": [["helm template", "helm lint"], ["make validate"], ["gh pr create"]]},
            {"id": "W2", "description": "After a merge, follow the Argo CD rollout: `argocd app get <app>[ --refresh]` → "
                                        "(`argocd app sync` while P3 held) → `argocd app wait <app> --sync --health "
                                        "--timeout 600` → `kubectl --context <env> -n <ns> rollout status deploy/<x>` "
                                        "(+ a resource check: pods, certificate, pdb).",
             "step_markers": [["argocd app get"], ["argocd app wait"], ["rollout status"]]},
            {"id": "W3", "description": "Secret rotation with sealed-secrets: compare key names (never values) of the "
                                        "live secret and the env file → `kubectl create secret generic … "
                                        "--from-env-file=… --dry-run=client -o yaml | kubeseal --cert "
                                        "certs/sealed-secrets-<env>.pem --format yaml > apps/<app>/manifests/<env>/…` "
                                        "→ `shred -u` the env file → `git commit`, push, `gh pr create`.",
             "step_markers": [["--dry-run=client"], ["kubeseal --cert"], ["git commit"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Every kubectl call that touches a cluster carries an explicit --context; never "
                                        "rely on or change the shell's current-context.",
             "markers": [["--context"]]},
            {"id": "P2", "description": "Container images are pinned by digest, not by (mutable) tag.",
             "markers": [["digest"]]},
            {"id": "P3", "description": "After a merge Claude runs `argocd app sync` itself instead of waiting for the "
                                        "3-minute poll (T05); reversed in T23: the GitHub webhook to Argo CD is live, so "
                                        "no manual syncs, just watch auto-sync.",
             "markers": [["argocd app sync"]],
             "reversal_markers": [["webhook"]]},
        ],
        probes=[
            {"prompt": "helm lint on qp-service with settlement-api's prod values blows up: values don't meet the "
                       "specifications of the schema(s) in the following chart(s): qp-service: - (root): Additional "
                       "property initContainers is not allowed. I added the initContainers template yesterday, what "
                       "did I miss",
             "wanted": ["M1"]},
            {"prompt": "payments-api needs a preStop sleep of 10s so the ALB drains before the pod dies. add a "
                       "lifecycle option to the chart and use it for payments-api in all envs",
             "wanted": ["M1"]},
            {"prompt": "ran kubeconform over platform/cert-manager-issuers and it says stdin - ClusterIssuer "
                       "letsencrypt-prod failed validation: could not find schema for ClusterIssuer, Errors: 2. the "
                       "yaml looks right to me??",
             "wanted": ["M2"]},
            {"prompt": "write a PodMonitor for settlement-batch in staging (port metrics, 30s) into its manifests and "
                       "make sure it validates before I commit",
             "wanted": ["M2"]},
            {"prompt": "helm template platform/aws-load-balancer-controller -f values-prod.yaml gives me Error: An error "
                       "occurred while checking for chart dependencies. You may need to run `helm dependency build` to "
                       "fetch missing dependencies: found in Chart.yaml, but missing in charts/ directory: "
                       "aws-load-balancer-controller",
             "wanted": ["M3"]},
            {"prompt": "bump ingress-nginx's controller to 3 replicas in prod (platform/ingress-nginx) and show me the "
                       "rendered Deployment before I PR",
             "wanted": ["M3"]},
            {"prompt": "what does unhealthyPodEvictionPolicy: AlwaysAllow on a PDB actually change? two sentences",
             "wanted": []},
            {"prompt": "rename the slack channel in the argocd notifications config from #deploys to #platform-deploys",
             "wanted": []},
            {"prompt": "sane HPA CPU target for a JVM service like payments-api? quick take",
             "wanted": []},
            {"prompt": "write the PR description for the karpenter 3-replica change, 3 lines max",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "k8s-gitops.jsonl"), os.path.join(HERE, "tune", "k8s-gitops.labels.json"))
    print(f"k8s-gitops -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
