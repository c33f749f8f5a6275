"""azure-bicep: Ayla Brennan, cloud engineer at Copperleaf Cover (fictional Dublin pet- and travel-insurance start-up).

Azure infrastructure as code from a Linux laptop (Ubuntu 24.04, Azure CLI 2.79, Bicep CLI 0.38 through `az bicep`,
azd 1.21, Azure Functions Core Tools 4.x, uv, docker compose). Two repos:

- ~/src/cl-platform-infra: subscription-scoped Bicep (`infra/main.bicep`) with modules built on Azure Verified
  Modules from the public registry (br/public:avm/...), one `.bicepparam` file per environment (dev / test / prod,
  subscriptions cl-dev / cl-test / cl-prod), `az bicep lint`, `az deployment sub what-if|create`, PSRule for Azure
  run through pwsh, GitHub Actions with OIDC federated credentials (azure/login@v2), Key Vault with RBAC.
- ~/src/claims-intake: an azd project (azure.yaml, infra/ in Bicep) with a Python v2-programming-model Function App
  (blob trigger on the intake container, queue hand-off to ClaimCenter, audit rows in Table storage), pytest unit
  tests and integration tests against Azurite from docker compose, storage accounts with shared-key access
  disabled (Entra ID only).

Written blind for fresh/; measured once held out (round 25), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_azure_bicep.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "abrennan"
H = "/home/abrennan"
R = H + "/src/cl-platform-infra"
F = H + "/src/claims-intake"
MODEL = "claude-opus-4-6"
ORG = "copperleaf-cover"

SUB = {
    "dev": ("cl-dev", "3f2a6c1e-58b4-4d0f-9e21-7a9c4b6d1f03"),
    "test": ("cl-test", "7c4e9a12-0b3d-4f6e-a8c5-2d1e6f9b7a44"),
    "prod": ("cl-prod", "b81d5f36-9e27-4ac0-8b13-5f0a2c7e9d68"),
}
SHORT = {"dev": "dev", "test": "tst", "prod": "prd"}

SIG1 = "missing an assignment in the params file"
SIG2 = "Key based authentication is not permitted on this storage account"
SIG3 = "Failed to establish a new connection: [Errno 111] Connection refused"

# ------------------------------------------------------------------ virtual file system: cl-platform-infra

P_README = """# cl-platform-infra

Shared Azure platform for Copperleaf Cover: resource groups, Log Analytics + App Insights, the shared Key Vault
and the Container Apps environment, per environment (dev / test / prod, one subscription each).

## Layout

- `infra/main.bicep`: subscription-scoped entry point (`targetScope = 'subscription'`)
- `infra/modules/*.bicep`: one module per concern, built on Azure Verified Modules (`br/public:avm/...`)
- `infra/env/<env>.bicepparam`: parameter file per environment (`using '../main.bicep'`)

## Conventions

- Environment-specific parameters have **no default** in `main.bicep`. Every parameter must be assigned in all
  three `infra/env/*.bicepparam` files, otherwise the build of that file fails.
- Names follow the CAF abbreviations: `rg-cl-<workload>-<env>-weu`, `kv-cl-...`, `log-cl-...`, `cae-cl-...`.
- Never deploy to prod from a laptop: prod goes through `infra-deploy.yml` (GitHub environment `prod`,
  required reviewers). Laptops run what-if only.

## Checks (same as CI)

```
az bicep lint --file infra/main.bicep
az deployment sub what-if --location westeurope --subscription cl-<env> --parameters infra/env/<env>.bicepparam
pwsh -NoProfile -Command "Assert-PSRule -Module PSRule.Rules.Azure -Format File -InputPath infra/env/<env>.bicepparam"
```
"""

P_BICEPCONFIG = """{
  "analyzers": {
    "core": {
      "enabled": true,
      "rules": {
        "no-unused-params": { "level": "error" },
        "no-hardcoded-location": { "level": "error" },
        "secure-secrets-in-params": { "level": "error" },
        "use-secure-value-for-secure-inputs": { "level": "error" },
        "use-recent-api-versions": { "level": "warning" },
        "use-recent-module-versions": { "level": "warning" }
      }
    }
  },
  "experimentalFeaturesEnabled": {}
}
"""

P_PSRULE = """# PSRule for Azure: expand the .bicepparam files so rules see the resolved resources.
requires:
  PSRule.Rules.Azure: '>=1.46.0'
configuration:
  AZURE_BICEP_PARAMS_FILE_EXPANSION: true
  AZURE_BICEP_FILE_EXPANSION_TIMEOUT: 30
  AZURE_DEPLOYMENT_NONSENSITIVE_PARAMETER_NAMES: ['kvAdminGroupObjectId']
input:
  pathIgnore:
    - '**/*.bicep'
    - '!infra/env/*.bicepparam'
rule:
  exclude:
    # container apps env is internal-only, ingress checks do not apply
    - Azure.ContainerApp.Insecure
"""

P_MAIN = """targetScope = 'subscription'

@description('Short environment name.')
@allowed([
  'dev'
  'test'
  'prod'
])
param environmentName string

@description('Primary region.')
param location string

@description('Tags applied to every resource group and resource.')
param tags object

@description('Object id of the Entra group that administers Key Vault secrets in this environment.')
param kvAdminGroupObjectId string

var suffix = '${environmentName}-weu'

resource rgPlatform 'Microsoft.Resources/resourceGroups@2024-03-01' = {
  name: 'rg-cl-platform-${suffix}'
  location: location
  tags: tags
}

resource rgApps 'Microsoft.Resources/resourceGroups@2024-03-01' = {
  name: 'rg-cl-apps-${suffix}'
  location: location
  tags: tags
}

module monitoring 'modules/monitoring.bicep' = {
  scope: rgPlatform
  name: 'monitoring'
  params: {
    suffix: suffix
    location: location
    tags: tags
  }
}

module keyVault 'modules/keyvault.bicep' = {
  scope: rgPlatform
  name: 'keyvault'
  params: {
    name: 'kv-cl-shared-${suffix}'
    location: location
    tags: tags
    isProd: environmentName == 'prod'
    adminGroupObjectId: kvAdminGroupObjectId
    logAnalyticsWorkspaceId: monitoring.outputs.workspaceId
  }
}

module containerApps 'modules/containerapps.bicep' = {
  scope: rgApps
  name: 'containerapps'
  params: {
    suffix: suffix
    location: location
    tags: tags
    logAnalyticsWorkspaceId: monitoring.outputs.workspaceId
  }
}

output workspaceId string = monitoring.outputs.workspaceId
output keyVaultUri string = keyVault.outputs.uri
"""

P_MONITORING = """param suffix string
param location string
param tags object

resource workspace 'Microsoft.OperationalInsights/workspaces@2023-09-01' = {
  name: 'log-cl-${suffix}'
  location: location
  tags: tags
  properties: {
    sku: {
      name: 'PerGB2018'
    }
    retentionInDays: 30
  }
}

resource appInsights 'Microsoft.Insights/components@2020-02-02' = {
  name: 'appi-cl-${suffix}'
  location: location
  tags: tags
  kind: 'web'
  properties: {
    Application_Type: 'web'
    WorkspaceResourceId: workspace.id
  }
}

output workspaceId string = workspace.id
output appInsightsConnectionString string = appInsights.properties.ConnectionString
"""

P_KEYVAULT = """param name string
param location string
param tags object
param isProd bool
param adminGroupObjectId string
param logAnalyticsWorkspaceId string

@description('Public egress IPs of the Dublin office VPN, allowed through the vault firewall.')
param officeEgressIps array = [
  '52.169.84.17'
  '52.169.84.18'
]

module vault 'br/public:avm/res/key-vault/vault:0.12.1' = {
  name: '${name}-vault'
  params: {
    name: name
    location: location
    tags: tags
    enableRbacAuthorization: true
    enablePurgeProtection: true
    softDeleteRetentionInDays: 90
    networkAcls: {
      bypass: 'AzureServices'
      defaultAction: isProd ? 'Deny' : 'Allow'
      ipRules: [for ip in officeEgressIps: { value: ip }]
    }
    roleAssignments: [
      {
        principalId: adminGroupObjectId
        principalType: 'Group'
        roleDefinitionIdOrName: 'Key Vault Secrets Officer'
      }
    ]
    diagnosticSettings: [
      {
        workspaceResourceId: logAnalyticsWorkspaceId
      }
    ]
  }
}

output uri string = vault.outputs.uri
output resourceId string = vault.outputs.resourceId
"""


def bicepparam(env, group, ccy="CC-410"):
    return f"""using '../main.bicep'

param environmentName = '{env}'
param location = 'westeurope'
param kvAdminGroupObjectId = '{group}'
param tags = {{
  env: '{env}'
  owner: 'platform'
  costCentre: '{ccy}'
}}
"""


P_WF_PR = """name: infra-pr
on:
  pull_request:
    paths: ['infra/**', 'bicepconfig.json', 'ps-rule.yaml']
permissions:
  id-token: write
  contents: read
  pull-requests: write
jobs:
  lint:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v4
      - run: az bicep lint --file infra/main.bicep
      - run: for e in dev test prod; do az bicep build-params --file infra/env/$e.bicepparam --stdout > /dev/null; done
      - uses: microsoft/ps-rule@v2.9.0
        with:
          modules: PSRule.Rules.Azure
          inputPath: infra/env/
  what-if:
    needs: lint
    runs-on: ubuntu-24.04
    environment: what-if
    strategy:
      matrix:
        env: [dev, test, prod]
    steps:
      - uses: actions/checkout@v4
      - uses: azure/login@v2
        with:
          client-id: ${{ vars.AZURE_CLIENT_ID }}
          tenant-id: ${{ vars.AZURE_TENANT_ID }}
          subscription-id: ${{ vars[format('AZURE_SUBSCRIPTION_ID_{0}', matrix.env)] }}
      - run: >
          az deployment sub what-if --location westeurope
          --name pr-${{ github.event.number }}-${{ matrix.env }}
          --parameters infra/env/${{ matrix.env }}.bicepparam > whatif-${{ matrix.env }}.txt
      - run: gh pr comment ${{ github.event.number }} --body-file whatif-${{ matrix.env }}.txt --edit-last --create-if-none
        env:
          GH_TOKEN: ${{ github.token }}
"""

P_WF_DEPLOY = """name: infra-deploy
on:
  push:
    branches: [main]
    paths: ['infra/**']
permissions:
  id-token: write
  contents: read
jobs:
  deploy-test:
    runs-on: ubuntu-24.04
    environment: test
    steps:
      - uses: actions/checkout@v4
      - uses: azure/login@v2
        with:
          client-id: ${{ vars.AZURE_CLIENT_ID }}
          tenant-id: ${{ vars.AZURE_TENANT_ID }}
          subscription-id: ${{ vars.AZURE_SUBSCRIPTION_ID }}
      - run: az deployment sub create --location westeurope --name infra-${{ github.sha }} --parameters infra/env/test.bicepparam
  deploy-prod:
    needs: deploy-test
    runs-on: ubuntu-24.04
    environment: prod
    steps:
      - uses: actions/checkout@v4
      - uses: azure/login@v2
        with:
          client-id: ${{ vars.AZURE_CLIENT_ID }}
          tenant-id: ${{ vars.AZURE_TENANT_ID }}
          subscription-id: ${{ vars.AZURE_SUBSCRIPTION_ID }}
      - run: az deployment sub create --location westeurope --name infra-${{ github.sha }} --parameters infra/env/prod.bicepparam
"""

# ------------------------------------------------------------------ virtual file system: claims-intake

I_AZURE_YAML = """# yaml-language-server: $schema=https://raw.githubusercontent.com/Azure/azure-dev/main/schemas/v1.0/azure.yaml.json
name: claims-intake
metadata:
  template: claims-intake@0.4.0
services:
  intake:
    project: ./src/intake
    language: python
    host: function
infra:
  provider: bicep
  path: infra
"""

I_FUNCTION_APP = """import azure.functions as func

from blueprints.handoff import bp as handoff_bp
from blueprints.health import bp as health_bp
from blueprints.intake import bp as intake_bp

app = func.FunctionApp(http_auth_level=func.AuthLevel.FUNCTION)
app.register_functions(intake_bp)
app.register_functions(handoff_bp)
app.register_functions(health_bp)
"""

I_INTAKE = """import json
import logging

import azure.functions as func

from shared.audit import write_audit
from shared.claims import ClaimParseError, parse_claim_document

bp = func.Blueprint()


@bp.blob_trigger(arg_name="doc", path="intake/{name}", connection="IntakeStorage")
@bp.queue_output(arg_name="out", queue_name="claims-ready", connection="IntakeStorage")
def ingest_claim_document(doc: func.InputStream, out: func.Out[str]) -> None:
    name = doc.name.split("/", 1)[1]
    logging.info("intake: %s (%d bytes)", name, doc.length)
    try:
        claim = parse_claim_document(name, doc.read())
    except ClaimParseError as exc:
        logging.warning("intake: %s rejected: %s", name, exc)
        write_audit(claim_id=None, blob=name, outcome="rejected", detail=str(exc))
        return
    out.set(json.dumps(claim.to_message()))
    write_audit(claim_id=claim.claim_id, blob=name, outcome="queued")
"""

I_HANDOFF = """import json
import logging
import os

import azure.functions as func

from shared.audit import write_audit
from shared.claimcenter import ClaimCenterClient, ClaimCenterError

bp = func.Blueprint()
_client = None


def client() -> ClaimCenterClient:
    global _client
    if _client is None:
        _client = ClaimCenterClient(
            base_url=os.environ["CLAIMCENTER_BASE_URL"],
            client_id=os.environ["CLAIMCENTER_CLIENT_ID"],
            client_secret=os.environ["CLAIMCENTER_CLIENT_SECRET"],
        )
    return _client


@bp.queue_trigger(arg_name="msg", queue_name="claims-ready", connection="IntakeStorage")
def hand_off_to_claimcenter(msg: func.QueueMessage) -> None:
    claim = json.loads(msg.get_body())
    try:
        ref = client().create_fnol(claim)
    except ClaimCenterError as exc:
        logging.error("handoff: %s failed (dequeue %d)", claim["claim_id"], msg.dequeue_count)
        raise
    write_audit(claim_id=claim["claim_id"], blob=claim["source_blob"], outcome="handed_off", detail=ref)
"""

I_HEALTH = """import json
import os

import azure.functions as func

bp = func.Blueprint()


@bp.route(route="health", auth_level=func.AuthLevel.ANONYMOUS, methods=["GET"])
def health(req: func.HttpRequest) -> func.HttpResponse:
    body = {"status": "ok", "version": os.environ.get("APP_VERSION", "dev"), "commit": os.environ.get("GIT_SHA", "")}
    return func.HttpResponse(json.dumps(body), mimetype="application/json")
"""

I_AUDIT = """import os
from datetime import datetime, timezone
from uuid import uuid4

from azure.data.tables import TableServiceClient
from azure.identity import DefaultAzureCredential

_table = None


def _table_client():
    global _table
    if _table is None:
        conn = os.environ.get("AuditStorage")
        name = os.environ.get("AUDIT_TABLE_NAME", "auditlog")
        if conn:
            svc = TableServiceClient.from_connection_string(conn)
        else:
            svc = TableServiceClient(endpoint=os.environ["AuditStorage__tableServiceUri"],
                                     credential=DefaultAzureCredential())
        _table = svc.get_table_client(name)
    return _table


def write_audit(claim_id, blob, outcome, detail=""):
    now = datetime.now(timezone.utc)
    _table_client().create_entity({
        "PartitionKey": claim_id or "unmatched",
        "RowKey": f"{now:%Y%m%dT%H%M%S%f}-{uuid4().hex[:8]}",
        "blob": blob,
        "outcome": outcome,
        "detail": detail[:1024],
    })
"""

I_HOST = """{
  "version": "2.0",
  "logging": {
    "applicationInsights": {
      "samplingSettings": {
        "isEnabled": true,
        "excludedTypes": "Request;Exception"
      }
    }
  },
  "extensionBundle": {
    "id": "Microsoft.Azure.Functions.ExtensionBundle",
    "version": "[4.*, 5.0.0)"
  },
  "extensions": {
    "queues": {
      "maxDequeueCount": 5,
      "visibilityTimeout": "00:00:30",
      "messageEncoding": "none"
    }
  }
}
"""

I_LOCAL_EXAMPLE = """{
  "IsEncrypted": false,
  "Values": {
    "FUNCTIONS_WORKER_RUNTIME": "python",
    "AzureWebJobsStorage": "UseDevelopmentStorage=true",
    "IntakeStorage": "UseDevelopmentStorage=true",
    "AuditStorage": "UseDevelopmentStorage=true",
    "AUDIT_TABLE_NAME": "auditlog",
    "CLAIMCENTER_BASE_URL": "https://cc-sandbox.copperleafcover.ie/rest/claim/v1",
    "CLAIMCENTER_CLIENT_ID": "claims-intake-local",
    "CLAIMCENTER_CLIENT_SECRET": "<from kv-cl-shared-dev-weu>"
  }
}
"""

I_APP_BICEP = """param name string
param location string
param tags object
param planId string
param storageAccountName string
param appInsightsConnectionString string
param keyVaultName string

module site 'br/public:avm/res/web/site:0.19.3' = {
  name: '${name}-site'
  params: {
    name: name
    location: location
    tags: union(tags, { 'azd-service-name': 'intake' })
    kind: 'functionapp,linux'
    serverFarmResourceId: planId
    managedIdentities: { systemAssigned: true }
    siteConfig: {
      linuxFxVersion: 'Python|3.12'
      minTlsVersion: '1.2'
      ftpsState: 'Disabled'
    }
    configs: [
      {
        name: 'appsettings'
        properties: {
          FUNCTIONS_EXTENSION_VERSION: '~4'
          FUNCTIONS_WORKER_RUNTIME: 'python'
          AzureWebJobsStorage__accountName: storageAccountName
          IntakeStorage__blobServiceUri: 'https://${storageAccountName}.blob.${environment().suffixes.storage}'
          IntakeStorage__queueServiceUri: 'https://${storageAccountName}.queue.${environment().suffixes.storage}'
          AuditStorage__tableServiceUri: 'https://${storageAccountName}.table.${environment().suffixes.storage}'
          AUDIT_TABLE_NAME: 'auditlog'
          APPLICATIONINSIGHTS_CONNECTION_STRING: appInsightsConnectionString
          CLAIMCENTER_CLIENT_SECRET: '@Microsoft.KeyVault(VaultName=${keyVaultName};SecretName=claimcenter-client-secret)'
        }
      }
    ]
  }
}

output principalId string = site.outputs.?systemAssignedMIPrincipalId ?? ''
output defaultHostname string = site.outputs.defaultHostname
"""

I_INFRA_MAIN = """targetScope = 'subscription'

@minLength(1)
@description('azd environment name, e.g. claims-dev')
param environmentName string

@description('Primary region')
param location string

@description('Short env used in resource names: dev, tst, prd')
param envShort string

var tags = { 'azd-env-name': environmentName, workload: 'claims-intake', owner: 'platform' }
var suffix = '${envShort}-weu'
var platformEnv = envShort == 'tst' ? 'test' : envShort == 'prd' ? 'prod' : 'dev'

resource appi 'Microsoft.Insights/components@2020-02-02' existing = {
  scope: resourceGroup('rg-cl-platform-${platformEnv}-weu')
  name: 'appi-cl-${platformEnv}-weu'
}

resource rg 'Microsoft.Resources/resourceGroups@2024-03-01' = {
  name: 'rg-cl-intake-${suffix}'
  location: location
  tags: tags
}

module storage 'br/public:avm/res/storage/storage-account:0.27.1' = {
  scope: rg
  name: 'storage'
  params: {
    name: 'stclintake${replace(suffix, '-', '')}'
    location: location
    tags: tags
    allowSharedKeyAccess: false
    publicNetworkAccess: 'Enabled'
    blobServices: { containers: [ { name: 'intake' }, { name: 'intake-deadletter' } ] }
    queueServices: { queues: [ { name: 'claims-ready' } ] }
    tableServices: { tables: [ { name: 'auditlog' } ] }
  }
}

module plan 'br/public:avm/res/web/serverfarm:0.5.0' = {
  scope: rg
  name: 'plan'
  params: {
    name: 'asp-cl-intake-${suffix}'
    location: location
    tags: tags
    skuName: 'EP1'
    kind: 'elastic'
    reserved: true
  }
}

module intake 'app/intake.bicep' = {
  scope: rg
  name: 'intake'
  params: {
    name: 'func-cl-intake-${suffix}'
    location: location
    tags: tags
    planId: plan.outputs.resourceId
    storageAccountName: storage.outputs.name
    appInsightsConnectionString: appi.properties.ConnectionString
    keyVaultName: 'kv-cl-shared-${platformEnv}-weu'
  }
}

output AZURE_RESOURCE_GROUP string = rg.name
output INTAKE_HOSTNAME string = intake.outputs.defaultHostname
"""

I_COMPOSE = """services:
  azurite:
    image: mcr.microsoft.com/azure-storage/azurite:3.35.0
    command: azurite --blobHost 0.0.0.0 --queueHost 0.0.0.0 --tableHost 0.0.0.0 --location /data --skipApiVersionCheck
    ports:
      - "10000:10000"
      - "10001:10001"
      - "10002:10002"
    volumes:
      - azurite-data:/data

volumes:
  azurite-data:
"""

I_CONFTEST = """import os
import uuid

import pytest
from azure.data.tables import TableServiceClient
from azure.storage.blob import BlobServiceClient
from azure.storage.queue import QueueServiceClient

# Azurite from docker-compose.yml (well-known development account)
AZURITE = os.environ.get(
    "AZURITE_CONNECTION_STRING",
    "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;"
    "AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPr/KBHBeksoGMGw==;"
    "BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;"
    "QueueEndpoint=http://127.0.0.1:10001/devstoreaccount1;"
    "TableEndpoint=http://127.0.0.1:10002/devstoreaccount1;",
)


@pytest.fixture
def run_id():
    return uuid.uuid4().hex[:8]


@pytest.fixture
def blob_service():
    return BlobServiceClient.from_connection_string(AZURITE)


@pytest.fixture
def queue_service():
    return QueueServiceClient.from_connection_string(AZURITE)


@pytest.fixture
def audit_table(monkeypatch, run_id):
    svc = TableServiceClient.from_connection_string(AZURITE)
    name = f"audit{run_id}"
    table = svc.create_table(name)
    monkeypatch.setenv("AuditStorage", AZURITE)
    monkeypatch.setenv("AUDIT_TABLE_NAME", name)
    yield table
    svc.delete_table(name)
"""

I_TEST_AUDIT = """from shared import audit


def test_write_audit_row(audit_table):
    audit._table = None
    audit.write_audit(claim_id="CLM-TEST-1", blob="CLM-TEST-1.pdf", outcome="queued")
    rows = list(audit_table.query_entities("PartitionKey eq 'CLM-TEST-1'"))
    assert len(rows) == 1
    assert rows[0]["outcome"] == "queued"


def test_unmatched_rows_are_grouped(audit_table):
    audit._table = None
    audit.write_audit(claim_id=None, blob="scan_0042.pdf", outcome="rejected", detail="no policy number")
    rows = list(audit_table.query_entities("PartitionKey eq 'unmatched'"))
    assert rows[0]["detail"] == "no policy number"
"""

I_OCR_FN = """import logging

import azure.functions as func

app = func.FunctionApp()


@app.queue_trigger(arg_name="msg", queue_name="ocr-requests", connection="IntakeStorage")
def ocr_document(msg: func.QueueMessage) -> None:
    logging.info("ocr: %s", msg.get_body().decode())
"""

P_GROUPS = {"dev": "5b0c1e7a-2f4d-4c61-9a8e-3d7f0b12c4e9", "test": "a93f27d0-6c1b-4e85-b2d4-80f1c6e3a517",
            "prod": "e2d84b61-0f3a-47c9-9d15-c6a7b0f2e831"}

FILES = {
    R + "/README.md": P_README,
    R + "/bicepconfig.json": P_BICEPCONFIG,
    R + "/ps-rule.yaml": P_PSRULE,
    R + "/infra/main.bicep": P_MAIN,
    R + "/infra/modules/monitoring.bicep": P_MONITORING,
    R + "/infra/modules/keyvault.bicep": P_KEYVAULT,
    R + "/infra/env/dev.bicepparam": bicepparam("dev", P_GROUPS["dev"]),
    R + "/infra/env/test.bicepparam": bicepparam("test", P_GROUPS["test"]),
    R + "/infra/env/prod.bicepparam": bicepparam("prod", P_GROUPS["prod"], "CC-400"),
    R + "/.github/workflows/infra-pr.yml": P_WF_PR,
    R + "/.github/workflows/infra-deploy.yml": P_WF_DEPLOY,
    F + "/azure.yaml": I_AZURE_YAML,
    F + "/src/intake/function_app.py": I_FUNCTION_APP,
    F + "/src/intake/blueprints/intake.py": I_INTAKE,
    F + "/src/intake/blueprints/handoff.py": I_HANDOFF,
    F + "/src/intake/blueprints/health.py": I_HEALTH,
    F + "/src/intake/shared/audit.py": I_AUDIT,
    F + "/src/intake/host.json": I_HOST,
    F + "/src/intake/local.settings.example.json": I_LOCAL_EXAMPLE,
    F + "/infra/main.bicep": I_INFRA_MAIN,
    F + "/infra/app/intake.bicep": I_APP_BICEP,
    F + "/docker-compose.yml": I_COMPOSE,
    F + "/tests/integration/conftest.py": I_CONFTEST,
    F + "/tests/integration/test_audit_table.py": I_TEST_AUDIT,
}


# ------------------------------------------------------------------ output helpers

WI_HEAD = """Note: The result may contain false positive predictions (noise).
You can help us improve the accuracy of the result by opening an issue here: https://aka.ms/WhatIfIssues

Resource and property changes are indicated with these symbols:
  - Delete
  + Create
  ~ Modify
  = Nochange
  * Ignore

The deployment will update the following scopes:
"""


def whatif(env, blocks, summary):
    sid = SUB[env][1]
    out = WI_HEAD
    for scope, body in blocks:
        sc = f"/subscriptions/{sid}" + (f"/resourceGroups/{scope}" if scope else "")
        out += f"\nScope: {sc}\n\n{body.rstrip()}\n"
    return out + f"\nResource changes: {summary}."


def rgs(env):
    e = env
    return (f"  = Microsoft.Resources/resourceGroups/rg-cl-apps-{e}-weu [2024-03-01]\n"
            f"  = Microsoft.Resources/resourceGroups/rg-cl-platform-{e}-weu [2024-03-01]\n")


def wi_cmd(env, name):
    return (f"az deployment sub what-if --location westeurope --name {name} --subscription cl-{env} "
            f"--parameters infra/env/{env}.bicepparam")


def bcp258(path, names, warn=""):
    quoted = ", ".join(f'"{n}"' for n in names)
    return (warn + f"ERROR: {path}(1,1) : Error BCP258: The following parameters are declared in the Bicep file but are "
            f"missing an assignment in the params file: {quoted}. [https://aka.ms/bicep/core-diagnostics#BCP258]")


def git_push(repo, branch):
    return (f"remote: \nremote: Create a pull request for '{branch}' on GitHub by visiting:\n"
            f"remote:      https://github.com/{ORG}/{repo}/pull/new/{branch}\nremote: \n"
            f"To github.com:{ORG}/{repo}.git\n * [new branch]      {branch} -> {branch}\n"
            f"branch '{branch}' set up to track 'origin/{branch}'.")


def pr_out(repo, branch, num):
    return f"\nCreating pull request for {branch} into main in {ORG}/{repo}\n\nhttps://github.com/{ORG}/{repo}/pull/{num}"


def aztable(headers, rows):
    """az -o table: columns as wide as their widest cell, two spaces apart, dashes under the headers."""
    w = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    line = lambda cells: "  ".join(c.ljust(w[i]) for i, c in enumerate(cells)).rstrip()
    return "\n".join([line(headers), "  ".join("-" * x for x in w)] + [line(r) for r in rows])


def pyline(text, pct):
    return text + " " * max(1, 80 - len(text) - len(pct)) + pct


STORAGE_WARN = """There are no credentials provided in your command and environment, we will query for account key for your storage account.
It is recommended to provide --connection-string, --account-key or --sas-token in your command as credentials.

You also can add `--auth-mode login` in your command to use Azure Active Directory (Azure AD) for authorization if your login account is assigned required RBAC roles.
For more information about RBAC roles in storage, visit https://learn.microsoft.com/azure/storage/common/storage-auth-aad-rbac-cli.

In addition, setting the corresponding environment variables can avoid inputting credentials in your command. Please use --help to get more information about environment variable usage."""


def azd_deploy_ok(env_short, secs, sub):
    name, sid = SUB[sub]
    return f"""
Deploying services (azd deploy)

  (\u2713) Done: Deploying service intake
  - Endpoint: https://func-cl-intake-{env_short}-weu.azurewebsites.net/


SUCCESS: Your application was deployed to Azure in {secs}.
You can view the resources created under the resource group rg-cl-intake-{env_short}-weu in Azure Portal:
https://portal.azure.com/#@/resource/subscriptions/{sid}/resourceGroups/rg-cl-intake-{env_short}-weu/overview"""


def unit_q(n, secs):
    dots = "." * n
    lines = []
    while dots:
        lines.append(dots[:60])
        dots = dots[60:]
    pct = "[100%]"
    return "\n".join(lines[:-1] + [lines[-1].ljust(72) + pct]) + f"\n{n} passed in {secs}s"


def pytest_head(n):
    return ("============================= test session starts ==============================\n"
            "platform linux -- Python 3.12.7, pytest-8.4.2, pluggy-1.6.0\n"
            f"rootdir: {F}\nconfigfile: pyproject.toml\nplugins: anyio-4.11.0\ncollected {n} items\n")


def azurite_refused(test_file, tests, port, fixture, client_line, addrs, secs, deselected=0, verbose=False):
    """pytest output when the Azurite fixtures cannot reach 127.0.0.1:<port>."""
    n = len(tests) + deselected
    head = pytest_head(n)
    if deselected:
        head = head.replace(f"collected {n} items", f"collected {n} items / {deselected} deselected / {len(tests)} selected")
    if verbose:
        body = "\n".join(pyline(f"{test_file}::{t} ERROR", f"[{int(100 * (k + 1) / len(tests)):>3}%]")
                         for k, t in enumerate(tests))
    else:
        body = f"{test_file} " + "E" * len(tests) + " " * max(1, 68 - len(test_file) - len(tests)) + "[100%]"
    err = "\n==================================== ERRORS ===================================="
    for t, addr in zip(tests, addrs):
        title = f" ERROR at setup of {t} "
        pad = max(2, 80 - len(title))
        err += f"""
{'_' * (pad // 2)}{title}{'_' * (pad - pad // 2)}

{fixture}
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _
{client_line}
.venv/lib/python3.12/site-packages/azure/core/tracing/decorator.py:119: in wrapper_use_tracer
    return func(*args, **kwargs)
.venv/lib/python3.12/site-packages/azure/core/pipeline/_base.py:242: in run
    return first_node.send(pipeline_request)
.venv/lib/python3.12/site-packages/azure/core/pipeline/policies/_retry.py:564: in send
    raise err
.venv/lib/python3.12/site-packages/azure/core/pipeline/policies/_retry.py:532: in send
    response = self.next.send(request)
.venv/lib/python3.12/site-packages/azure/core/pipeline/transport/_requests_basic.py:409: in send
    raise error
E   azure.core.exceptions.ServiceRequestError: <urllib3.connection.HTTPConnection object at {addr}>: Failed to establish a new connection: [Errno 111] Connection refused
"""
    summary = "=========================== short test summary info ============================\n"
    for t, addr in zip(tests, addrs):
        summary += (f"ERROR {test_file}::{t} - azure.core.exceptions.ServiceRequestError: <urllib3.connection.HTTPConnection "
                    f"object at {addr}>: Failed to establish a new connection: [Errno 111] Connection refused\n")
    tail = f"{len(tests)} errors"
    if deselected:
        tail = f"{deselected} deselected, " + tail
    tail = f" {tail} in {secs}s "
    pad = max(2, 80 - len(tail))
    summary += "=" * (pad // 2) + tail + "=" * (pad - pad // 2)
    return head + "\n" + body + "\n" + err + summary


# ------------------------------------------------------------------ the month

MON_AVM = """param suffix string
param location string
param tags object

@description('Log Analytics retention in days.')
@minValue(30)
@maxValue(730)
param retentionInDays int

module workspace 'br/public:avm/res/operational-insights/workspace:0.12.0' = {
  name: 'log-cl-${suffix}'
  params: {
    name: 'log-cl-${suffix}'
    location: location
    tags: tags
    skuName: 'PerGB2018'
    dataRetention: retentionInDays
  }
}

resource appInsights 'Microsoft.Insights/components@2020-02-02' = {
  name: 'appi-cl-${suffix}'
  location: location
  tags: tags
  kind: 'web'
  properties: {
    Application_Type: 'web'
    WorkspaceResourceId: workspace.outputs.resourceId
  }
}

output workspaceId string = workspace.outputs.resourceId
output appInsightsConnectionString string = appInsights.properties.ConnectionString
"""


def s1(d):
    with d.session("2026-10-05T09:04:00", R, branch="main", version="2.1.131"):
        t = d.task("new laptop, first time running you on cl-platform-infra. I inherited it from Declan last month. "
                   "how does a change get from this repo into the three subscriptions? keep it practical",
                   tags=["noise", "long_output"])
        t.glob("infra/**/*.bicep*", [R + "/infra/main.bicep", R + "/infra/modules/containerapps.bicep",
                                      R + "/infra/modules/keyvault.bicep", R + "/infra/modules/monitoring.bicep",
                                      R + "/infra/env/dev.bicepparam", R + "/infra/env/prod.bicepparam",
                                      R + "/infra/env/test.bicepparam"])
        t.read(R + "/README.md")
        t.read(R + "/infra/main.bicep")
        t.read(R + "/infra/env/test.bicepparam")
        t.read(R + "/.github/workflows/infra-pr.yml")
        t.read(R + "/.github/workflows/infra-deploy.yml")
        t.bash("git log --oneline -15", "Recent history",
               out="""b7e21c4 (HEAD -> main, origin/main, origin/HEAD) keyvault: diagnostics to the platform workspace (#57)
91a0d3f containerapps: internal-only environment, workload profiles (#55)
3c58e10 ci: ps-rule 2.9.0, PSRule.Rules.Azure 1.46 (#54)
e04f7a2 keyvault: move to AVM key-vault/vault 0.12.1 (#52)
7d1b9c6 env: costCentre tag on everything (#51)
5aa9e31 ci: OIDC login for what-if on PRs, drop the SP secret (#49)
0c37f48 main: subscription scope, one rg per concern (#47)
f19d2a5 containerapps: consumption-only env for test (#45)
a26e0c1 monitoring: app insights on the shared workspace (#44)
8b4f7e3 readme: conventions for params and names (#43)
d2c9a70 ci: bicep lint as error for secure params (#41)
6e1f0b8 env: split params per environment (.bicepparam) (#39)
47ac3d2 keyvault: rbac instead of access policies (#36)
19b0e6f initial platform templates from the old ARM json (#31)
0a7d5e2 init""")
        t.done("How a change travels here:\n\n"
               "**Shape**\n"
               "- `infra/main.bicep` is subscription-scoped. It creates `rg-cl-platform-<env>-weu` and "
               "`rg-cl-apps-<env>-weu` and calls three modules: monitoring (Log Analytics + App Insights), keyvault "
               "(AVM `key-vault/vault` 0.12.1, RBAC, purge protection) and containerapps.\n"
               "- One param file per environment, `infra/env/{dev,test,prod}.bicepparam`, each `using '../main.bicep'`. "
               "The README convention: env-specific params get **no default** in main.bicep and must be set in all "
               "three files, otherwise that file's build fails.\n\n"
               "**PR**: `infra-pr.yml` runs `az bicep lint`, builds all three param files, runs PSRule for Azure over "
               "`infra/env/`, then a what-if per env (OIDC login, one subscription each) and posts it as a PR comment.\n\n"
               "**Merge to main**: `infra-deploy.yml` runs `az deployment sub create` for test, then prod. Prod is "
               "behind the GitHub environment `prod` (required reviewers). The README says laptops only run "
               "what-if for prod and never deploy it.\n\n"
               "**Locally** the same checks as CI are `az bicep lint --file infra/main.bicep` and `az deployment sub "
               "what-if --location westeurope --subscription cl-<env> --parameters infra/env/<env>.bicepparam`.\n\n"
               "Declan's history is in the log: the ARM JSON came first, then RBAC on Key Vault, per-env bicepparam "
               "files, OIDC instead of the SP secret, and the AVM key vault module.")

        mon = R + "/infra/modules/monitoring.bicep"
        main = R + "/infra/main.bicep"
        t = d.task("LA retention is hardcoded to 30 days in monitoring.bicep. audit wants 180 in prod (iso 27001 "
                   "finding), dev/test can stay at 30. make it a per-env param. and while you're in there swap the "
                   "hand-rolled workspace for the AVM module, I'd rather lean on the verified modules than keep "
                   "maintaining our own resource blocks. PR it",
                   tags=["mistake:M1", "workflow:W1", "pref:P1"])
        t.read(mon)
        t.bash("curl -s https://mcr.microsoft.com/v2/bicep/avm/res/operational-insights/workspace/tags/list | jq -r '.tags[]' | tail -5",
               "List the latest AVM workspace module versions",
               out="0.10.0\n0.10.1\n0.11.0\n0.11.2\n0.12.0")
        t.bash("git switch -c feat/la-retention-per-env", "Create a branch",
               out="Switched to a new branch 'feat/la-retention-per-env'")
        t.write(mon, MON_AVM)
        t.edit(main, """@description('Object id of the Entra group that administers Key Vault secrets in this environment.')
param kvAdminGroupObjectId string
""", """@description('Object id of the Entra group that administers Key Vault secrets in this environment.')
param kvAdminGroupObjectId string

@description('Log Analytics retention in days (ISO 27001 audit: 180 in prod).')
param logRetentionDays int
""")
        t.edit(main, """  name: 'monitoring'
  params: {
    suffix: suffix
    location: location
    tags: tags
  }""", """  name: 'monitoring'
  params: {
    suffix: suffix
    location: location
    tags: tags
    retentionInDays: logRetentionDays
  }""")
        pp = R + "/infra/env/prod.bicepparam"
        t.read(pp)
        t.edit(pp, "param kvAdminGroupObjectId = '" + P_GROUPS["prod"] + "'\n",
               "param kvAdminGroupObjectId = '" + P_GROUPS["prod"] + "'\nparam logRetentionDays = 180\n")
        t.bash("az bicep lint --file infra/main.bicep", "Lint the templates",
               err=f"{R}/infra/modules/keyvault.bicep(14,14) : Warning use-recent-module-versions: Use a more recent "
                   "version of module \"avm/res/key-vault/vault\". The most recent version is 0.13.3. "
                   "[https://aka.ms/bicep/linter-diagnostics#use-recent-module-versions]")
        t.fail(wi_cmd("dev", "la-retention-dev"), "What-if against dev",
               bcp258(R + "/infra/env/dev.bicepparam", ["logRetentionDays"]))
        t.say("That's the repo convention from the README biting: `logRetentionDays` has no default, so every "
              "`.bicepparam` file has to assign it and I only added it to prod. Adding 30 to dev and test.")
        for env in ("dev", "test"):
            p = R + f"/infra/env/{env}.bicepparam"
            t.read(p)
            t.edit(p, f"param kvAdminGroupObjectId = '{P_GROUPS[env]}'\n",
                   f"param kvAdminGroupObjectId = '{P_GROUPS[env]}'\nparam logRetentionDays = 30\n")
        t.bash(wi_cmd("dev", "la-retention-dev"), "What-if against dev again", timeout=300000,
               out=whatif("dev", [(None, rgs("dev")),
                                  ("rg-cl-apps-dev-weu", "  = Microsoft.App/managedEnvironments/cae-cl-dev-weu [2025-01-01]\n"),
                                  ("rg-cl-platform-dev-weu",
                                   "  ~ Microsoft.OperationalInsights/workspaces/log-cl-dev-weu [2025-02-01]\n"
                                   "    + properties.features.disableLocalAuth:                    true\n"
                                   "    ~ properties.publicNetworkAccessForIngestion: \"Enabled\" => \"Enabled\"\n"
                                   "\n"
                                   "  = Microsoft.Insights/components/appi-cl-dev-weu [2020-02-02]\n"
                                   "  = Microsoft.KeyVault/vaults/kv-cl-shared-dev-weu [2024-11-01]\n"
                                   "  * Microsoft.Insights/diagnosticSettings/kv-cl-shared-dev-weu-diagnosticSettings\n"
                                   "  * Microsoft.Authorization/roleAssignments/0d6c2a44-2f83-5b4e-9a0c-6e71f3b8d912\n")],
                          "1 to modify, 5 no change, 2 to ignore"))
        t.bash(wi_cmd("prod", "la-retention-prod"), "What-if against prod (read-only)", timeout=300000,
               out=whatif("prod", [(None, rgs("prod")),
                                   ("rg-cl-apps-prod-weu", "  = Microsoft.App/managedEnvironments/cae-cl-prod-weu [2025-01-01]\n"),
                                   ("rg-cl-platform-prod-weu",
                                    "  ~ Microsoft.OperationalInsights/workspaces/log-cl-prod-weu [2025-02-01]\n"
                                    "    + properties.features.disableLocalAuth:                    true\n"
                                    "    ~ properties.retentionInDays:                              30 => 180\n"
                                    "\n"
                                    "  = Microsoft.Insights/components/appi-cl-prod-weu [2020-02-02]\n"
                                    "  = Microsoft.KeyVault/vaults/kv-cl-shared-prod-weu [2024-11-01]\n"
                                    "  * Microsoft.Insights/diagnosticSettings/kv-cl-shared-prod-weu-diagnosticSettings\n"
                                    "  * Microsoft.Authorization/roleAssignments/8a17f0c3-5d2e-5c91-b6f4-02e9d7a1c355\n")],
                           "1 to modify, 5 no change, 2 to ignore"))
        t.bash("git add infra && git commit -m \"monitoring: AVM workspace module, retention per env (prod 180d)\"",
               "Commit", out="[feat/la-retention-per-env 6f0c3b2] monitoring: AVM workspace module, retention per env "
                             "(prod 180d)\n 5 files changed, 24 insertions(+), 11 deletions(-)")
        t.bash("git push -u origin feat/la-retention-per-env", "Push the branch",
               err=git_push("cl-platform-infra", "feat/la-retention-per-env"))
        t.bash("gh pr create --base main --title \"monitoring: AVM workspace, per-env retention (prod 180d)\" --body "
               "\"Replaces the hand-written Log Analytics workspace with br/public:avm/res/operational-insights/"
               "workspace:0.12.0 and adds logRetentionDays to every env file (dev 30, test 30, prod 180, ISO 27001 "
               "finding). What-if: prod retention 30 => 180. The AVM module also sets features.disableLocalAuth=true "
               "on all three workspaces, which is the only other change.\"", "Open the PR",
               out=pr_out("cl-platform-infra", "feat/la-retention-per-env", 58))
        t.done("PR #58: https://github.com/copperleaf-cover/cl-platform-infra/pull/58\n\n"
               "- `monitoring.bicep` now uses `br/public:avm/res/operational-insights/workspace:0.12.0` (latest) with "
               "`dataRetention` from a new `retentionInDays` param. App Insights points at `workspace.outputs.resourceId`.\n"
               "- `main.bicep` has `logRetentionDays` (no default, per the README). It's set in all three env files: "
               "dev 30, test 30, prod 180. My first what-if failed with BCP258 because I had only put it in prod.\n"
               "- What-if dev: no retention change. Prod: `retentionInDays: 30 => 180`.\n"
               "- One side effect to know: the AVM module sets `features.disableLocalAuth: true`, so ingestion with "
               "the workspace shared key stops working. Our diagnostic settings and App Insights use Entra/ARM, so "
               "nothing here depends on the key. Worth checking if anything outside this repo still sends with it.\n"
               "- Lint also warns that key-vault/vault 0.13.3 is out (we're on 0.12.1). That's a separate bump.")

        t = d.task("side question, no need to touch anything: is it worth moving prod to deployment stacks with "
                   "denySettings instead of plain deployments + what-if? what would we actually gain",
                   tags=["noise", "no_tools"])
        t.done("Short version: yes for prod, eventually, but it doesn't replace what-if.\n\n"
               "What stacks add:\n"
               "- **Managed deletion**: a resource removed from the template gets deleted or detached "
               "(`--action-on-unmanage`). Plain incremental deployments just leave orphans behind.\n"
               "- **denySettings** (`denyDelete` or `denyWriteAndDelete`) put a deny assignment on the managed "
               "resources, so a portal click or a stray `az` command can't change prod out of band. You can exclude "
               "the deploying identity or specific actions.\n\n"
               "What you don't get: stacks have no what-if of their own. You'd still run `az deployment sub what-if` "
               "in the PR to see property changes.\n\n"
               "Costs and gotchas: deny assignments also block the break-glass people unless you exclude them. Some "
               "resources that write to themselves at runtime (Container Apps revisions, diagnostic settings created "
               "by policy) need `denyDelete` rather than `denyWriteAndDelete`. And the first `az stack sub create` over "
               "existing resources has to be run deliberately.\n\n"
               "I'd start with `denyDelete` on prod only, with the pipeline's identity excluded.")


OCR_Y1 = """param name string
param location string
param tags object
param storageAccountName string
param appInsightsConnectionString string

module plan 'br/public:avm/res/web/serverfarm:0.5.0' = {
  name: '${name}-plan'
  params: {
    name: replace(name, 'func-', 'asp-')
    location: location
    tags: tags
    skuName: 'Y1'
    kind: 'functionapp'
    reserved: true
  }
}

module site 'br/public:avm/res/web/site:0.19.3' = {
  name: '${name}-site'
  params: {
    name: name
    location: location
    tags: union(tags, { 'azd-service-name': 'ocr' })
    kind: 'functionapp,linux'
    serverFarmResourceId: plan.outputs.resourceId
    managedIdentities: { systemAssigned: true }
    siteConfig: {
      linuxFxVersion: 'Python|3.12'
      minTlsVersion: '1.2'
      ftpsState: 'Disabled'
    }
    configs: [
      {
        name: 'appsettings'
        properties: {
          FUNCTIONS_EXTENSION_VERSION: '~4'
          FUNCTIONS_WORKER_RUNTIME: 'python'
          AzureWebJobsStorage__accountName: storageAccountName
          IntakeStorage__queueServiceUri: 'https://${storageAccountName}.queue.${environment().suffixes.storage}'
          APPLICATIONINSIGHTS_CONNECTION_STRING: appInsightsConnectionString
        }
      }
    ]
  }
}

output defaultHostname string = site.outputs.defaultHostname
"""


def s2(d):
    with d.session("2026-10-07T13:22:00", F, branch="main", version="2.1.132"):
        t = d.task("ok now claims-intake, Ciaran wrote most of it. walk me through what happens from a PDF landing in "
                   "storage to the FNOL in ClaimCenter, and how the azd side is set up", tags=["noise"])
        t.glob("src/intake/**/*.py", [F + "/src/intake/function_app.py", F + "/src/intake/blueprints/handoff.py",
                                      F + "/src/intake/blueprints/health.py", F + "/src/intake/blueprints/intake.py",
                                      F + "/src/intake/shared/audit.py", F + "/src/intake/shared/claimcenter.py",
                                      F + "/src/intake/shared/claims.py"])
        t.read(F + "/azure.yaml")
        t.read(F + "/src/intake/function_app.py")
        t.read(F + "/src/intake/blueprints/intake.py")
        t.read(F + "/src/intake/blueprints/handoff.py")
        t.read(F + "/src/intake/host.json")
        t.read(F + "/infra/main.bicep")
        t.done("**Flow**\n"
               "1. A PDF lands in the `intake` container of `stclintake<env>weu`. `ingest_claim_document` "
               "(`blueprints/intake.py`) is a blob trigger on `intake/{name}` using the `IntakeStorage` connection.\n"
               "2. It parses the document (`shared/claims.py`). On `ClaimParseError` it writes an audit row with "
               "outcome `rejected` and stops. Otherwise it puts the claim message on the `claims-ready` queue and "
               "writes a `queued` audit row.\n"
               "3. `hand_off_to_claimcenter` (`blueprints/handoff.py`) is a queue trigger on `claims-ready`. It calls "
               "`create_fnol` on ClaimCenter's REST API and writes a `handed_off` row with the FNOL reference. If it "
               "raises, the message is retried. `host.json` sets `maxDequeueCount: 5`, after which the runtime moves "
               "it to `claims-ready-poison`. Nothing reads that queue today.\n"
               "4. Audit rows go to the `auditlog` table, partitioned by claim id, or `unmatched` for rejects.\n\n"
               "**Connections**: identity-based everywhere. The app settings are `IntakeStorage__blobServiceUri` / "
               "`__queueServiceUri` and `AuditStorage__tableServiceUri`, and the storage account has "
               "`allowSharedKeyAccess: false`. The ClaimCenter secret is a Key Vault reference to `kv-cl-shared-<env>-weu`.\n\n"
               "**azd**: `azure.yaml` has one service, `intake` (`src/intake`, python, host `function`). "
               "`infra/main.bicep` is subscription-scoped. It creates `rg-cl-intake-<dev|tst|prd>-weu`, the storage "
               "account (AVM storage-account with the container/queue/table), an EP1 plan and the function app "
               "(`infra/app/intake.bicep`, AVM web/site). App Insights is the platform's `appi-cl-<env>-weu`, "
               "referenced as `existing`. Each azd environment (`claims-dev`, `claims-test`) maps to one subscription.")

        t = d.task("ship main to claims-test: unit tests, azd deploy, then hit the health endpoint",
                   tags=["workflow:W2"])
        t.bash("git pull --ff-only", "Update main",
               out="Updating 2d4c81e..9a13f70\nFast-forward\n src/intake/shared/claims.py       | 14 ++++++++++----\n"
                   " tests/unit/test_claims_parsing.py | 22 ++++++++++++++++++++++\n 2 files changed, 32 insertions(+), 4 deletions(-)")
        t.bash("uv run pytest tests/unit -q", "Run the unit tests", out=unit_q(26, "1.94"))
        t.bash("azd env list", "List azd environments",
               out="NAME          DEFAULT   LOCAL     REMOTE\nclaims-dev    true      true      false\nclaims-test   false     true      false")
        t.bash("azd deploy intake -e claims-test", "Deploy the intake function app to test", timeout=600000,
               out=azd_deploy_ok("tst", "1 minute 52 seconds", "test"))
        t.bash("curl -fsS https://func-cl-intake-tst-weu.azurewebsites.net/api/health", "Smoke-test the health endpoint",
               out='{"status": "ok", "version": "0.9.3", "commit": "9a13f70"}')
        t.done("claims-test is on `9a13f70` (Ciarán's parsing change):\n"
               "- unit tests: 26 passed\n"
               "- `azd deploy intake -e claims-test`: done in 1m52s. Your default azd env is still `claims-dev`, so "
               "I passed `-e` explicitly.\n"
               "- `/api/health` returns `{\"status\": \"ok\", \"version\": \"0.9.3\", \"commit\": \"9a13f70\"}`")

        mi = F + "/infra/main.bicep"
        t = d.task("we need a second function app for the document OCR, ocr-worker, same azd project, its own plan. "
                   "Linux Consumption (Y1) is fine for this one, it's bursty and we want it cheap. use the br/public "
                   "avm modules for the plan and site, not raw Microsoft.Web resources. preview against dev only, "
                   "don't provision yet", tags=["pref:P1", "pref:P3"])
        t.write(F + "/infra/app/ocr.bicep", OCR_Y1)
        t.edit(mi, """output AZURE_RESOURCE_GROUP string = rg.name
""", """module ocr 'app/ocr.bicep' = {
  scope: rg
  name: 'ocr'
  params: {
    name: 'func-cl-ocr-${suffix}'
    location: location
    tags: tags
    storageAccountName: storage.outputs.name
    appInsightsConnectionString: appi.properties.ConnectionString
  }
}

output AZURE_RESOURCE_GROUP string = rg.name
""")
        t.edit(mi, "    queueServices: { queues: [ { name: 'claims-ready' } ] }\n",
               "    queueServices: { queues: [ { name: 'claims-ready' }, { name: 'ocr-requests' } ] }\n")
        t.edit(F + "/azure.yaml", """    host: function
infra:""", """    host: function
  ocr:
    project: ./src/ocr
    language: python
    host: function
infra:""")
        t.write(F + "/src/ocr/function_app.py", I_OCR_FN)
        t.write(F + "/src/ocr/requirements.txt", "azure-functions==1.24.0\nazure-identity==1.25.1\n")
        t.write(F + "/src/ocr/host.json", """{
  "version": "2.0",
  "extensionBundle": {
    "id": "Microsoft.Azure.Functions.ExtensionBundle",
    "version": "[4.*, 5.0.0)"
  }
}
""")
        t.bash("az bicep lint --file infra/main.bicep", "Lint the azd templates")
        t.bash("azd provision --preview -e claims-dev", "Preview the infra changes against dev", timeout=600000,
               out=f"""
Previewing Azure resource changes (azd provision --preview)

Subscription: cl-dev ({SUB['dev'][1]})
Location: West Europe

  Resources:

  Create : App Service plan : asp-cl-ocr-dev-weu
  Create : Function App     : func-cl-ocr-dev-weu
  Modify : Storage account  : stclintakedevweu
  Skip   : App Service plan : asp-cl-intake-dev-weu
  Skip   : Function App     : func-cl-intake-dev-weu
  Skip   : Resource group   : rg-cl-intake-dev-weu

SUCCESS: Your preview was completed in 38 seconds.""")
        t.done("ocr-worker is scaffolded and previewed against dev. Nothing is provisioned.\n\n"
               "- `infra/app/ocr.bicep`: AVM `web/serverfarm:0.5.0` with `skuName: 'Y1'` (Linux, `reserved: true`) "
               "and AVM `web/site:0.19.3` as `functionapp,linux`, Python 3.12, system-assigned identity, "
               "identity-based `AzureWebJobsStorage` on the intake storage account.\n"
               "- `infra/main.bicep`: new `ocr` module (`func-cl-ocr-<env>-weu`) and an `ocr-requests` queue on the "
               "intake account. That queue is the \"Modify: Storage account\" in the preview.\n"
               "- `azure.yaml`: service `ocr` → `src/ocr` (a stub queue trigger on `ocr-requests`, requirements, host.json).\n\n"
               "Preview: creates `asp-cl-ocr-dev-weu` + `func-cl-ocr-dev-weu`, modifies the storage account, leaves "
               "intake alone.\n"
               "Not done yet: the OCR function's role assignments on the storage account (Queue Data Message "
               "Processor, Blob Data Owner for the host). Without them the identity-based connections will fail at "
               "runtime. Say if you want them in this module.")


def s3(d):
    with d.session("2026-10-09T10:11:00", F, branch="feat/eventgrid-blob-trigger", version="2.1.133"):
        t = d.task("drop the 3 sample PDFs from samples/claims into the dev intake container so I can watch the "
                   "trigger fire, then tell me what the function logged", tags=["mistake:M2"])
        t.bash("ls -la samples/claims", "List the sample documents",
               out="""total 1168
drwxr-xr-x 2 abrennan abrennan   4096 Sep 30 16:41 .
drwxr-xr-x 4 abrennan abrennan   4096 Sep 30 16:41 ..
-rw-r--r-- 1 abrennan abrennan 412877 Sep 30 16:41 CLM-SAMPLE-0001_vet_invoice.pdf
-rw-r--r-- 1 abrennan abrennan 288310 Sep 30 16:41 CLM-SAMPLE-0002_travel_receipts.pdf
-rw-r--r-- 1 abrennan abrennan 476102 Sep 30 16:41 scan_unlabelled_0042.pdf""")
        up = ("az storage blob upload-batch --account-name stclintakedevweu --destination intake "
              "--source samples/claims --pattern \"*.pdf\"")
        t.fail(up, "Upload the sample PDFs to the dev intake container",
               STORAGE_WARN + "\nERROR: Key based authentication is not permitted on this storage account.\n"
               "RequestId:6f1d2c3a-801e-0047-2b1c-1a9e7d000000\nTime:2026-10-09T10:14:52.5308419Z\n"
               "ErrorCode:KeyBasedAuthenticationNotPermitted")
        t.say("The intake account has shared-key access disabled (`allowSharedKeyAccess: false` in infra), so az "
              "can't fall back to the account key. Same upload with my Entra login instead.")
        t.bash(up + " --auth-mode login", "Upload with Entra ID auth",
               err="Finished[#############################################################]  100.0000%",
               out="""[
  {
    "Blob": "https://stclintakedevweu.blob.core.windows.net/intake/CLM-SAMPLE-0001_vet_invoice.pdf",
    "Last Modified": "2026-10-09T10:15:07+00:00",
    "Type": "application/pdf",
    "eTag": "\\"0x8DEE8C2A41F3B90\\""
  },
  {
    "Blob": "https://stclintakedevweu.blob.core.windows.net/intake/CLM-SAMPLE-0002_travel_receipts.pdf",
    "Last Modified": "2026-10-09T10:15:07+00:00",
    "Type": "application/pdf",
    "eTag": "\\"0x8DEE8C2A420D6C4\\""
  },
  {
    "Blob": "https://stclintakedevweu.blob.core.windows.net/intake/scan_unlabelled_0042.pdf",
    "Last Modified": "2026-10-09T10:15:08+00:00",
    "Type": "application/pdf",
    "eTag": "\\"0x8DEE8C2A4281A77\\""
  }
]""")
        t.bash("sleep 90 && az monitor app-insights query --app appi-cl-dev-weu -g rg-cl-platform-dev-weu "
               "--analytics-query \"traces | where timestamp > ago(10m) | where cloud_RoleName == 'func-cl-intake-dev-weu' "
               "| where message startswith 'intake:' or message startswith 'handoff:' | project timestamp, severityLevel, "
               "message | order by timestamp asc\" --query \"tables[0].rows\" -o tsv",
               "Wait for the trigger, then read the function's traces", timeout=240000,
               out="""2026-10-09T10:15:41.0218334Z	1	intake: CLM-SAMPLE-0001_vet_invoice.pdf (412877 bytes)
2026-10-09T10:15:41.9930127Z	1	intake: CLM-SAMPLE-0002_travel_receipts.pdf (288310 bytes)
2026-10-09T10:15:42.4471806Z	1	intake: scan_unlabelled_0042.pdf (476102 bytes)
2026-10-09T10:15:43.1185520Z	2	intake: scan_unlabelled_0042.pdf rejected: no claim number in file name or first page
2026-10-09T10:15:44.8803312Z	1	handoff: CLM-SAMPLE-0001 -> FNOL 000-00-104233
2026-10-09T10:15:45.0271948Z	1	handoff: CLM-SAMPLE-0002 -> FNOL 000-00-104234""")
        t.done("All three are in `intake` on `stclintakedevweu`, and the trigger picked them up about 35 s later.\n\n"
               "| blob | result |\n|---|---|\n"
               "| CLM-SAMPLE-0001_vet_invoice.pdf | queued → FNOL 000-00-104233 |\n"
               "| CLM-SAMPLE-0002_travel_receipts.pdf | queued → FNOL 000-00-104234 |\n"
               "| scan_unlabelled_0042.pdf | rejected: no claim number in file name or first page (warning) |\n\n"
               "The first upload failed with `KeyBasedAuthenticationNotPermitted`. The account only accepts Entra ID, "
               "so the upload went through with `--auth-mode login`, using your Storage Blob Data Contributor role on dev.")

        ip = F + "/src/intake/blueprints/intake.py"
        t = d.task("Ciaran says on EP/flex the blob trigger should use the event grid source instead of polling the "
                   "container. check the docs for how the python v2 model does it and switch ours over. what else "
                   "has to happen on the infra side?", tags=["noise", "webfetch"])
        t.webfetch("https://learn.microsoft.com/en-us/azure/azure-functions/functions-event-grid-blob-trigger?pivots=programming-language-python",
                   "How to configure a Python v2 blob trigger to use the Event Grid source, and what infra (event "
                   "subscription, endpoint, keys, extension versions) is required",
                   "Tutorial: Trigger Azure Functions on blob containers using an event subscription (Python).\n\n"
                   "- In the Python v2 programming model, set the `source` parameter of the blob trigger decorator to "
                   "`func.BlobSource.EVENT_GRID`: `@app.blob_trigger(arg_name=\"myblob\", source=func.BlobSource.EVENT_GRID, "
                   "path=\"samples-workitems/{name}\", connection=\"...\")`. The default source is "
                   "`LogsAndContainerScan` (polling).\n"
                   "- Requires the Storage extension 5.x or later (extension bundle v3/v4 is fine).\n"
                   "- An Event Grid event subscription must deliver `Microsoft.Storage.BlobCreated` events to the "
                   "function's blob extension webhook: `https://<FUNCTION_APP_NAME>.azurewebsites.net/runtime/webhooks/"
                   "blobs?functionName=Host.Functions.<FUNCTION_NAME>&code=<BLOB_EXTENSION_KEY>`. Get the key from the "
                   "`blobs_extension` system key of the app.\n"
                   "- Create the subscription on a system topic for the storage account. Filter with subject begins "
                   "with `/blobServices/default/containers/<container>/`.\n"
                   "- Flex Consumption plan apps support only the Event Grid-based blob trigger; the polling container "
                   "scan isn't available there.\n"
                   "- Event Grid delivery retries; the function should be idempotent.")
        t.read(ip)
        t.edit(ip, '@bp.blob_trigger(arg_name="doc", path="intake/{name}", connection="IntakeStorage")\n',
               '@bp.blob_trigger(arg_name="doc", path="intake/{name}", connection="IntakeStorage",\n'
               '                 source=func.BlobSource.EVENT_GRID)\n')
        t.bash("uv run pytest tests/unit -q", "Run the unit tests", out=unit_q(26, "2.03"))
        t.done("Switched: the trigger in `blueprints/intake.py` now has `source=func.BlobSource.EVENT_GRID`. Unit "
               "tests are still green (26). They call the function directly, so they don't exercise the source.\n\n"
               "**Don't deploy this alone.** With the Event Grid source the host stops scanning the container, so "
               "without the subscription nothing fires. Infra still needed, per env:\n"
               "1. An Event Grid **system topic** on `stclintake<env>weu` (`Microsoft.Storage.StorageAccounts`).\n"
               "2. An **event subscription** for `Microsoft.Storage.BlobCreated`, subject filter "
               "`/blobServices/default/containers/intake/`, webhook to "
               "`https://func-cl-intake-<env>-weu.azurewebsites.net/runtime/webhooks/blobs?functionName=Host.Functions.ingest_claim_document&code=<key>`. "
               "The key is the app's `blobs_extension` system key (`listKeys` on the host in Bicep, or it gets "
               "created on first start). The endpoint has to be up when the subscription is created, because "
               "Event Grid validates it.\n"
               "3. Retries and dead-lettering on the subscription (a blob container works as the dead-letter "
               "destination), and the handler should stay idempotent. It is already: a re-delivery creates a "
               "duplicate queue message, and ClaimCenter rejects duplicate claim ids.\n\n"
               "This also matters for ocr-worker: on Flex Consumption the Event Grid source is the *only* blob "
               "trigger option.")

        t = d.task("system-assigned vs user-assigned identity for the function apps, which would you pick given "
                   "azd down/up recreates stuff in dev all the time?", tags=["noise", "no_tools"])
        t.done("User-assigned, for this setup.\n\n"
               "- A system-assigned identity dies with the app. Every `azd down`/`up` in dev gives you a new principal, "
               "and every role assignment (blob/queue/table data roles, Key Vault Secrets User) has to be recreated. "
               "Entra also needs a minute or two to propagate, so the first runs after an `up` fail with 403s.\n"
               "- A user-assigned identity can live in a longer-lived resource group, or at least outside the app's "
               "lifecycle. Its role assignments survive a redeploy, and you can grant it *before* the app exists. "
               "That matters for Key Vault references, which are resolved at startup.\n"
               "- Cost: you must set `AZURE_CLIENT_ID` (or `<conn>__clientId` on identity-based connections), because "
               "with more than one identity DefaultAzureCredential doesn't guess.\n\n"
               "System-assigned is fine for long-lived prod apps that never get recreated. For dev churn and shared "
               "grants, user-assigned wins.")


POISON_PY = """import json
import logging
import os
from datetime import datetime, timezone

import azure.functions as func

from shared.audit import write_audit

bp = func.Blueprint()


@bp.queue_trigger(arg_name="msg", queue_name="claims-ready-poison", connection="IntakeStorage")
@bp.blob_output(arg_name="deadletter", path="intake-deadletter/{id}.json", connection="IntakeStorage")
def dead_letter_claim(msg: func.QueueMessage, deadletter: func.Out[str]) -> None:
    body = msg.get_body().decode("utf-8")
    try:
        claim = json.loads(body)
    except json.JSONDecodeError:
        claim = {}
    record = {
        "message_id": msg.id,
        "dequeue_count": msg.dequeue_count,
        "inserted_at": msg.insertion_time.isoformat() if msg.insertion_time else None,
        "deadlettered_at": datetime.now(timezone.utc).isoformat(),
        "function_app": os.environ.get("WEBSITE_SITE_NAME", "local"),
        "original": body,
    }
    deadletter.set(json.dumps(record, indent=2))
    logging.warning("poison: %s dead-lettered after %s attempts", claim.get("claim_id", msg.id), msg.dequeue_count)
    write_audit(claim_id=claim.get("claim_id"), blob=claim.get("source_blob", ""), outcome="deadlettered",
                detail=f"message {msg.id}, {msg.dequeue_count} attempts")
"""

POISON_TEST = """import json
from datetime import datetime, timezone

import azure.functions as func
import pytest

from blueprints.poison import dead_letter_claim
from shared import audit


class _Out:
    def __init__(self):
        self.value = None

    def set(self, value):
        self.value = value


@pytest.fixture
def poison_queue(queue_service, run_id):
    q = queue_service.create_queue(f"claims-ready-poison-{run_id}")
    yield q
    queue_service.delete_queue(q.queue_name)


def _message(body, dequeue_count=5):
    return func.QueueMessage(id="5c1f0d7e-0000-4000-8000-000000000001", body=body.encode(),
                             dequeue_count=dequeue_count, insertion_time=datetime(2026, 10, 12, 9, 0, tzinfo=timezone.utc))


def test_poison_message_lands_in_deadletter(poison_queue, audit_table):
    audit._table = None
    out = _Out()
    dead_letter_claim(_message(json.dumps({"claim_id": "CLM-2026-004100", "source_blob": "CLM-2026-004100.pdf"})), out)
    record = json.loads(out.value)
    assert record["dequeue_count"] == 5
    assert json.loads(record["original"])["claim_id"] == "CLM-2026-004100"


def test_poison_writes_deadlettered_audit_row(poison_queue, audit_table):
    audit._table = None
    dead_letter_claim(_message(json.dumps({"claim_id": "CLM-2026-004101", "source_blob": "x.pdf"})), _Out())
    rows = list(audit_table.query_entities("PartitionKey eq 'CLM-2026-004101'"))
    assert [r["outcome"] for r in rows] == ["deadlettered"]


def test_non_json_poison_message_is_kept_verbatim(poison_queue, audit_table):
    audit._table = None
    out = _Out()
    dead_letter_claim(_message("not json at all"), out)
    assert json.loads(out.value)["original"] == "not json at all"
    assert list(audit_table.query_entities("PartitionKey eq 'unmatched'"))[0]["outcome"] == "deadlettered"
"""

ADR_4 = """# ADR 0004: Event Grid source for the intake blob trigger

- Status: accepted
- Date: 2026-10-13
- Deciders: Ayla Brennan, Ciarán Ó Murchú
- Technical story: claims-intake#118

## Context

`ingest_claim_document` is a blob trigger on `intake/{name}`. Until now it used the default source,
`LogsAndContainerScan`: the Functions host polls the container and the storage analytics logs to find
new blobs. On the Elastic Premium plan this has three problems we have seen in practice:

1. **Latency.** Detection takes from a few seconds to several minutes when the container holds many
   blobs, because the scan is paged and the host keeps receipts in `azure-webjobs-hosts`. The broker
   portal's "documents received" e-mail regularly arrives before the claim exists in ClaimCenter.
2. **Cost and noise.** Every instance scans. With EP1 scaled out to three instances during the Monday
   peak we see roughly 40k list operations an hour against the intake account, almost all of them empty.
3. **Flex Consumption.** The new `ocr-worker` app will run on Flex Consumption, which only supports the
   Event Grid-based blob trigger. Two trigger styles in one project means two operating models.

We also want the trigger to behave the same in dev, test and prod, and to be testable without a
running host.

## Options considered

### A. Keep polling (status quo)

- No infra change.
- Keeps the latency and the scan cost; does not work on Flex Consumption.

### B. Event Grid source on the blob trigger

- `source=func.BlobSource.EVENT_GRID` on the decorator (Python v2 model, Storage extension 5.x).
- An Event Grid system topic on the storage account and an event subscription for
  `Microsoft.Storage.BlobCreated`, filtered to `/blobServices/default/containers/intake/`, delivering to
  the host's `runtime/webhooks/blobs` endpoint with the `blobs_extension` system key.
- Near-real-time, no scanning, the same model on EP and Flex.
- The subscription must be created after the app is up (endpoint validation), so the deployment
  order matters and the key has to be read at deploy time.

### C. Event Grid trigger instead of a blob trigger

- An `event_grid_trigger` function that receives the event and reads the blob itself with the SDK.
- Most control (we could filter on content type, size, metadata before downloading).
- We lose the blob binding and write more code; retries and poison handling become ours entirely.

### D. Queue-based hand-off from the broker portal

- The portal writes a queue message next to the blob.
- Needs a change in a system we do not own; excluded.

## Decision

Option B. The trigger uses the Event Grid source in all environments. The system topic, event
subscription and dead-letter container are defined in `infra/` next to the function app, and azd
deploys them in a post-provision step after the app has started once.

## Consequences

- Positive: detection latency drops to seconds; the scan traffic on the intake account disappears;
  ocr-worker can use the same pattern on Flex Consumption.
- Positive: the Event Grid subscription has its own retry policy (24 h, exponential) and dead-letters
  undeliverable events to `intake-deadletter/eventgrid/`, which we can alert on.
- Negative: one more moving part per environment. If the subscription is deleted or its endpoint key
  rotates, nothing fires and nothing fails loudly. Mitigation: an alert on "no intake executions in
  30 minutes during business hours" (to be added with the ops action group).
- Negative: Event Grid delivers at least once. The handler must stay idempotent. Today a duplicate
  delivery produces a second queue message; ClaimCenter rejects the duplicate claim id and the
  hand-off writes a second audit row. Acceptable, but the audit report should de-duplicate.
- Neutral: local development still works with Azurite and direct calls in tests; `func start` with the
  Event Grid source needs a tunnel for end-to-end runs, which we do not plan to do.

## Follow-ups

1. `infra/app/intake-events.bicep`: system topic, event subscription, dead-letter container.
2. azd `postprovision` hook to create or refresh the subscription with the current key.
3. Alert rule for missing executions (with the ops action group work in cl-platform-infra).
4. Remove the `azure-webjobs-hosts` blob receipts container contents after the switch in each env.
5. Revisit option C if we need pre-download filtering for the OCR pipeline.
"""


def s4(d):
    with d.session("2026-10-13T09:37:00", F, branch="feat/poison-deadletter", version="2.1.134",
                   permission_mode="acceptEdits"):
        fa = F + "/src/intake/function_app.py"
        t = d.task("poison handling: whatever ends up in claims-ready-poison should get written to the "
                   "intake-deadletter container as json (original message + dequeue count + timestamps) and get an "
                   "audit row with outcome=deadlettered. integration test it against azurite",
                   tags=["mistake:M3"])
        t.read(fa)
        t.read(F + "/tests/integration/conftest.py")
        t.write(F + "/src/intake/blueprints/poison.py", POISON_PY)
        t.edit(fa, "from blueprints.intake import bp as intake_bp\n",
               "from blueprints.intake import bp as intake_bp\nfrom blueprints.poison import bp as poison_bp\n")
        t.edit(fa, "app.register_functions(health_bp)\n", "app.register_functions(health_bp)\napp.register_functions(poison_bp)\n")
        t.write(F + "/tests/integration/test_poison_queue.py", POISON_TEST)
        pt = "uv run pytest tests/integration/test_poison_queue.py -q"
        tests = ["test_poison_message_lands_in_deadletter", "test_poison_writes_deadlettered_audit_row",
                 "test_non_json_poison_message_is_kept_verbatim"]
        t.fail(pt, "Run the new integration tests",
               azurite_refused("tests/integration/test_poison_queue.py", tests, 10001,
                               """queue_service = <azure.storage.queue._queue_service_client.QueueServiceClient object at 0x7f3e9c1a2f50>
run_id = '3f9a1c0e'

    @pytest.fixture
    def poison_queue(queue_service, run_id):
>       q = queue_service.create_queue(f"claims-ready-poison-{run_id}")

tests/integration/test_poison_queue.py:21: """,
                               """.venv/lib/python3.12/site-packages/azure/storage/queue/_queue_service_client.py:329: in create_queue
    queue.create_queue(metadata=metadata, timeout=timeout, **kwargs)
.venv/lib/python3.12/site-packages/azure/storage/queue/_queue_client.py:291: in create_queue
    return self._client.queue.create(""",
                               ["0x7f3e9c1b08d0", "0x7f3e9c0d7e10", "0x7f3e9c0c6a90"], "12.61"))
        t.say("Every test errors in the fixture: nothing is listening on 127.0.0.1:10001, Azurite's queue port. "
              "The tests need the azurite service from docker-compose.yml, and it isn't running.")
        t.bash("docker compose ps", "Check the compose services",
               out="NAME      IMAGE     COMMAND   SERVICE   CREATED   STATUS    PORTS")
        t.bash("docker compose up -d azurite", "Start Azurite",
               err="[+] Running 1/1\n \u2714 Container claims-intake-azurite-1  Started                                 0.5s")
        t.bash(pt, "Run the integration tests again",
               out="...                                                                      [100%]\n3 passed in 1.38s")
        t.bash("git add src/intake tests/integration && git commit -m \"poison queue: dead-letter to blob + audit row\"",
               "Commit", out="[feat/poison-deadletter 4c7e2a9] poison queue: dead-letter to blob + audit row\n"
                             " 3 files changed, 104 insertions(+)\n create mode 100644 src/intake/blueprints/poison.py\n"
                             " create mode 100644 tests/integration/test_poison_queue.py")
        t.done("Done and committed on `feat/poison-deadletter`:\n"
               "- `blueprints/poison.py`: `dead_letter_claim` is a queue trigger on `claims-ready-poison` with a blob "
               "output to `intake-deadletter/{id}.json`. The record holds the message id, dequeue count, inserted "
               "and dead-lettered timestamps, the app name and the original body (kept verbatim even when it "
               "isn't JSON). It also writes an audit row with outcome `deadlettered`, under the claim id when the "
               "body has one and `unmatched` otherwise.\n"
               "- Registered in `function_app.py`.\n"
               "- `tests/integration/test_poison_queue.py`: three tests against Azurite. The first run errored "
               "because Azurite wasn't up. After `docker compose up -d azurite`, 3 passed.\n\n"
               "Note: `intake-deadletter` already exists in infra (AVM storage containers), so no infra change.")

        t = d.task("Ciaran's nitpick from review: rename the AUDIT_TABLE_NAME setting to AUDIT_TABLE everywhere, "
                   "app settings in bicep included", tags=["noise"])
        t.grep("AUDIT_TABLE_NAME", filenames=[F + "/infra/app/intake.bicep", F + "/src/intake/local.settings.example.json",
                                              F + "/src/intake/shared/audit.py", F + "/tests/integration/conftest.py"])
        for p, old, new in (
                (F + "/src/intake/shared/audit.py", 'os.environ.get("AUDIT_TABLE_NAME", "auditlog")',
                 'os.environ.get("AUDIT_TABLE", "auditlog")'),
                (F + "/infra/app/intake.bicep", "          AUDIT_TABLE_NAME: 'auditlog'\n", "          AUDIT_TABLE: 'auditlog'\n"),
                (F + "/src/intake/local.settings.example.json", '"AUDIT_TABLE_NAME": "auditlog"', '"AUDIT_TABLE": "auditlog"'),
                (F + "/tests/integration/conftest.py", 'monkeypatch.setenv("AUDIT_TABLE_NAME", name)',
                 'monkeypatch.setenv("AUDIT_TABLE", name)')):
            if p not in d.sess["read"]:
                t.read(p)
            t.edit(p, old, new)
        t.bash("uv run pytest tests/unit -q", "Run the unit tests", out=unit_q(26, "1.97"))
        t.done("Renamed in all four places: `shared/audit.py` (still defaults to `auditlog`), the app setting in "
               "`infra/app/intake.bicep`, `local.settings.example.json` and the integration fixture in "
               "`conftest.py`. Unit tests pass.\n"
               "Your own `local.settings.json` isn't in git, so rename the key there too, or it'll silently fall "
               "back to `auditlog`. In the deployed apps the old `AUDIT_TABLE_NAME` setting stays until the next "
               "provision replaces the appsettings block.")

        t = d.task("write up an ADR for the event grid blob trigger switch, docs/adr/0004. context, options, "
                   "decision, consequences. it goes to the arch review thursday", tags=["noise"])
        t.glob("docs/adr/*.md", [F + "/docs/adr/0001-record-architecture-decisions.md",
                                 F + "/docs/adr/0002-python-v2-programming-model.md",
                                 F + "/docs/adr/0003-identity-based-storage-connections.md"])
        t.write(F + "/docs/adr/0004-event-grid-blob-trigger.md", ADR_4)
        t.done("Written: `docs/adr/0004-event-grid-blob-trigger.md`. It covers context (polling latency, scan cost, "
               "Flex Consumption only supporting Event Grid), four options (keep polling, Event Grid source, "
               "Event Grid trigger + SDK, portal queue), decision B, consequences (at-least-once delivery, silent "
               "failure if the subscription breaks, plus the missing-executions alert) and five follow-ups. The "
               "layout matches 0001–0003.")


def rotate(t, env, vault, secret, src, expires, created, old_ver, new_ver, restart, extra_check=None,
           updated="2026-04-22T08:51:37+00:00"):
    """W3: Key Vault secret rotation."""
    t.bash(f"az keyvault secret show --vault-name {vault} --name {secret} --query \"{{version:id, updated:attributes.updated, "
           f"expires:attributes.expires}}\" -o json", "Show the current secret version (metadata only)",
           out=f"""{{
  "expires": null,
  "updated": "{updated}",
  "version": "https://{vault}.vault.azure.net/secrets/{secret}/{old_ver}"
}}""")
    t.bash(f"az keyvault secret set --vault-name {vault} --name {secret} --file {src} --expires {expires} "
           f"--query \"{{version:id, expires:attributes.expires}}\" -o json", "Store the new value with an expiry",
           out=f"""{{
  "expires": "{expires[:-1]}+00:00",
  "version": "https://{vault}.vault.azure.net/secrets/{secret}/{new_ver}"
}}""")
    t.bash(f"shred -u {src}", "Remove the plaintext file")
    for cmd, desc, out in restart:
        t.bash(cmd, desc, out=out)
    if extra_check:
        t.bash(*extra_check)
    t.bash(f"az keyvault secret list-versions --vault-name {vault} --name {secret} --query \"[].{{version:id, "
           f"enabled:attributes.enabled, created:attributes.created, expires:attributes.expires}}\" -o table",
           "List the secret's versions",
           out=aztable(["Version", "Enabled", "Created", "Expires"],
                       [[f"https://{vault}.vault.azure.net/secrets/{secret}/{old_ver}", "True", updated, ""],
                        [f"https://{vault}.vault.azure.net/secrets/{secret}/{new_ver}", "True", created,
                         expires[:-1] + "+00:00"]]))



def s5(d):
    with d.session("2026-10-15T08:48:00", R, branch="main", version="2.1.135"):
        fb = ("the event grid ADR was too long, I had to cut half of it before the arch review. a page max next time: "
              "decision, why, consequences. skip the options essay unless I ask")
        t = d.task(fb, tags=["feedback", "no_tools"], feedback=fb)
        t.done("Got it. ADRs from me will fit on one page: the decision first, then why in a few bullets, then "
               "consequences and follow-ups. Rejected options get one line each, or none unless you ask for them.")

        t = d.task("rotate the sendgrid api key in dev, new one is in ~/Downloads/sendgrid-dev.txt. the notif "
                   "container app reads it from kv-cl-shared-dev-weu. and put an expiry on the new version, 90 days, "
                   "audit wants every secret to expire from now on", tags=["workflow:W3", "pref:P2"])
        rotate(t, "dev", "kv-cl-shared-dev-weu", "sendgrid-api-key", "~/Downloads/sendgrid-dev.txt",
               "2027-01-13T00:00:00Z", "2026-10-15T08:53:12+00:00", "3b9d6e21c0a84f5b9e7d12c4a6f08e35",
               "a07f5c3e92d14b6c8f1e0d7b3a5c9e24",
               [("az containerapp revision list -n ca-cl-notif-dev-weu -g rg-cl-apps-dev-weu --query "
                 "\"[?properties.active].name\" -o tsv", "Find the active revision", "ca-cl-notif-dev-weu--0000023"),
                ("az containerapp revision restart -n ca-cl-notif-dev-weu -g rg-cl-apps-dev-weu --revision "
                 "ca-cl-notif-dev-weu--0000023", "Restart it so it reads the new secret", '"Restart succeeded"')])
        t.done("SendGrid key rotated in dev:\n"
               "- `kv-cl-shared-dev-weu/sendgrid-api-key`: new version `a07f5c3e…` with expiry 2027-01-13 (90 days). "
               "The old version `3b9d6e21…` is still enabled and has no expiry. Disable it once you've confirmed "
               "mail goes out, or tell me and I will.\n"
               "- `~/Downloads/sendgrid-dev.txt` shredded.\n"
               "- `ca-cl-notif-dev-weu--0000023` restarted. The app's Key Vault secret reference has no version, so "
               "the restart picks up the new value now instead of at the next periodic refresh.")

        kv = R + "/infra/modules/keyvault.bicep"
        t = d.task("bump the AVM key vault module to latest, lint keeps nagging. check its changelog for anything "
                   "breaking first, then the usual what-if + PR", tags=["workflow:W1", "flaky:F1"])
        t.bash("curl -s https://mcr.microsoft.com/v2/bicep/avm/res/key-vault/vault/tags/list | jq -r '.tags[]' | tail -4",
               "List the latest AVM key vault versions", out="0.12.1\n0.13.0\n0.13.1\n0.13.3")
        t.bash("gh api repos/Azure/bicep-registry-modules/contents/avm/res/key-vault/vault/CHANGELOG.md "
               "-H 'Accept: application/vnd.github.raw' | sed -n '1,40p'", "Read the module changelog",
               out="""# Changelog

The latest version of the changelog can be found [here](https://github.com/Azure/bicep-registry-modules/blob/main/avm/res/key-vault/vault/CHANGELOG.md).

## 0.13.3

### Changes

- Updated the `secrets` child module to API version `2024-11-01`
- Updated ReadMe with AzCli example

### Breaking Changes

- None

## 0.13.1

### Changes

- Recompiled templates with latest Bicep version

### Breaking Changes

- None

## 0.13.0

### Changes

- `enableVaultForDeployment`, `enableVaultForTemplateDeployment` and `enableVaultForDiskEncryption` default to `false` (previously `true` for template deployment)
- Added `secrets[*].tags`

### Breaking Changes

- The default of `enableVaultForTemplateDeployment` changed from `true` to `false`. Set it explicitly if templates read secrets through `reference()` / `getSecret()`.

## 0.12.1

### Changes""")
        t.read(kv)
        t.bash("git switch -c chore/avm-keyvault-0.13.3", "Create a branch",
               out="Switched to a new branch 'chore/avm-keyvault-0.13.3'")
        t.edit(kv, "module vault 'br/public:avm/res/key-vault/vault:0.12.1' = {",
               "module vault 'br/public:avm/res/key-vault/vault:0.13.3' = {")
        lint = "az bicep lint --file infra/main.bicep"
        t.fail(lint, "Lint the templates",
               f"ERROR: {kv}(14,14) : Error BCP192: Unable to restore the artifact with reference "
               "\"br:mcr.microsoft.com/bicep/avm/res/key-vault/vault:0.13.3\": Unhandled exception: "
               "System.Net.Http.HttpRequestException: Connection reset by peer (mcr.microsoft.com:443)\n"
               " ---> System.Net.Sockets.SocketException (104): Connection reset by peer\n"
               "   --- End of inner exception stack trace ---")
        t.say("That's a network reset while pulling the module from mcr.microsoft.com, not a template problem. "
              "Running the same lint again.")
        t.bash(lint, "Lint the templates")
        t.bash(wi_cmd("dev", "avm-kv-0133-dev"), "What-if against dev", timeout=300000,
               out=whatif("dev", [(None, rgs("dev")),
                                  ("rg-cl-apps-dev-weu", "  = Microsoft.App/managedEnvironments/cae-cl-dev-weu [2025-01-01]\n"),
                                  ("rg-cl-platform-dev-weu",
                                   "  = Microsoft.Insights/components/appi-cl-dev-weu [2020-02-02]\n"
                                   "  = Microsoft.KeyVault/vaults/kv-cl-shared-dev-weu [2024-11-01]\n"
                                   "  = Microsoft.OperationalInsights/workspaces/log-cl-dev-weu [2025-02-01]\n"
                                   "  * Microsoft.Insights/diagnosticSettings/kv-cl-shared-dev-weu-diagnosticSettings\n"
                                   "  * Microsoft.Authorization/roleAssignments/0d6c2a44-2f83-5b4e-9a0c-6e71f3b8d912\n")],
                          "6 no change, 2 to ignore"))
        t.bash("git commit -am \"keyvault: AVM key-vault/vault 0.12.1 -> 0.13.3\" && git push -u origin "
               "chore/avm-keyvault-0.13.3", "Commit and push",
               out="[chore/avm-keyvault-0.13.3 d41b8f0] keyvault: AVM key-vault/vault 0.12.1 -> 0.13.3\n"
                   " 1 file changed, 1 insertion(+), 1 deletion(-)",
               err=git_push("cl-platform-infra", "chore/avm-keyvault-0.13.3"))
        t.bash("gh pr create --base main --title \"keyvault: AVM key-vault/vault 0.13.3\" --body \"Bumps the vault module "
               "0.12.1 -> 0.13.3. Changelog: 0.13.0 flips enableVaultForTemplateDeployment to false by default; we "
               "don't read secrets through reference()/getSecret() in any template, and what-if on dev shows no "
               "change to the vault. Clears the use-recent-module-versions lint warning.\"", "Open the PR",
               out=pr_out("cl-platform-infra", "chore/avm-keyvault-0.13.3", 60))
        t.done("PR #60: https://github.com/copperleaf-cover/cl-platform-infra/pull/60\n"
               "- Changelog: the only breaking item between 0.12.1 and 0.13.3 is in 0.13.0. "
               "`enableVaultForTemplateDeployment` now defaults to `false`. Nothing here reads secrets through "
               "`getSecret()` or `reference()`, and the what-if on dev shows the vault unchanged, so it doesn't hit us.\n"
               "- The first lint failed with BCP192 (connection reset from mcr.microsoft.com during the restore). "
               "The retry worked and the lint is clean now, so the module-version warning is gone.\n"
               "- What-if dev: 6 no change, 2 ignored.\n"
               "Heads-up: if any pipeline deploys an ARM template that pulls a secret from "
               "this vault with a `reference` in a parameters file, it needs `enableVaultForTemplateDeployment: true` set "
               "explicitly.")


def ruff_f841():
    lines = I_HANDOFF.split("\n")
    n = next(i for i, l in enumerate(lines, 1) if "except ClaimCenterError as exc:" in l)
    col = lines[n - 1].index("exc:") + 1
    ctx = "\n".join(f"{k:>2} | {lines[k - 1]}".rstrip() for k in range(n - 2, n + 3) if k != n)
    before = "\n".join(f"{k:>2} | {lines[k - 1]}".rstrip() for k in range(n - 2, n + 1))
    after = "\n".join(f"{k:>2} | {lines[k - 1]}".rstrip() for k in range(n + 1, n + 3))
    return (f"F841 [*] Local variable `exc` is assigned to but never used\n"
            f"  --> src/intake/blueprints/handoff.py:{n}:{col}\n   |\n{before}\n   | {' ' * (col - 1)}^^^\n{after}\n   |\n"
            f"help: Remove assignment to unused variable `exc`\n\nFound 1 error.\n[*] 1 fixable with the `--fix` option.")


EXC_7D = """System.Exception	ClaimCenterError: POST /fnol returned 422: policy not in force on loss date	shared.claimcenter.ClaimCenterError	64
System.Exception	ClaimCenterError: POST /fnol returned 409: claim number already exists	shared.claimcenter.ClaimCenterError	31
System.Exception	ClaimCenterError: POST /fnol returned 503: Service Unavailable	shared.claimcenter.ClaimCenterError	27
System.Exception	ClaimParseError: no claim number in file name or first page	shared.claims.ClaimParseError	19
Microsoft.Azure.WebJobs.Host.FunctionInvocationException	Exception while executing function: Functions.hand_off_to_claimcenter	Microsoft.Azure.WebJobs.Script.Workers.Rpc.RpcException	122
System.Exception	ClaimParseError: PDF is encrypted (password protected)	shared.claims.ClaimParseError	9
System.Exception	requests.exceptions.ReadTimeout: HTTPSConnectionPool(host='cc-test.copperleafcover.ie', port=443): Read timed out. (read timeout=20)	requests.exceptions.ReadTimeout	7
System.Exception	ClaimCenterError: POST /fnol returned 400: lossDate must not be in the future	shared.claimcenter.ClaimCenterError	4
Azure.RequestFailedException	This request is not authorized to perform this operation using this permission. Status: 403 (This request is not authorized to perform this operation using this permission.) ErrorCode: AuthorizationPermissionMismatch	Azure.RequestFailedException	3
System.Exception	ClaimParseError: unsupported content type image/heic	shared.claims.ClaimParseError	3
System.Exception	KeyError: 'policy_number'	builtins.KeyError	2
System.InvalidOperationException	The listener for function 'Functions.ingest_claim_document' was unable to start.	System.InvalidOperationException	1
System.Exception	azure.core.exceptions.ResourceExistsError: The specified entity already exists.	azure.core.exceptions.ResourceExistsError	1"""

EXC_DAILY = """2026-10-13T00:00:00Z	41	12
2026-10-14T00:00:00Z	57	14
2026-10-15T00:00:00Z	38	9
2026-10-16T00:00:00Z	66	21
2026-10-17T00:00:00Z	44	11
2026-10-18T00:00:00Z	9	2
2026-10-19T00:00:00Z	38	8"""


def s6(d):
    with d.session("2026-10-19T09:15:00", F, branch="main", version="2.1.136"):
        t = d.task("ClaimCenter test is missing a couple of claims from friday. peek the poison queue on test and tell "
                   "me whats in there", tags=["mistake:M2"])
        pk = "az storage message peek --queue-name claims-ready-poison --account-name stclintaketstweu --num-messages 10"
        t.fail(pk, "Peek the poison queue on test",
               STORAGE_WARN + "\nERROR: Key based authentication is not permitted on this storage account.\n"
               "RequestId:2b4e9d11-6003-0021-7a41-21f3c8000000\nTime:2026-10-19T09:19:07.1184926Z\n"
               "ErrorCode:KeyBasedAuthenticationNotPermitted\n"
               "Content: <?xml version=\"1.0\" encoding=\"utf-8\"?><Error><Code>KeyBasedAuthenticationNotPermitted</Code>"
               "<Message>Key based authentication is not permitted on this storage account.\n"
               "RequestId:2b4e9d11-6003-0021-7a41-21f3c8000000\nTime:2026-10-19T09:19:07.1184926Z</Message></Error>")
        t.say("Shared-key access is off on the test account as well. Peeking with Entra ID auth; peek doesn't dequeue "
              "or change anything.")
        t.bash(pk + " --auth-mode login", "Peek the poison queue with Entra ID auth",
               out="""[
  {
    "content": "{\\"claim_id\\": \\"CLM-2026-004611\\", \\"policy_number\\": \\"PET-IE-118204\\", \\"source_blob\\": \\"CLM-2026-004611_vet_invoice.pdf\\", \\"loss_date\\": \\"2026-10-14\\", \\"received_at\\": \\"2026-10-16T14:02:11Z\\"}",
    "dequeueCount": 5,
    "expirationTime": "2026-10-23T14:07:40+00:00",
    "id": "7d3b2a90-41c5-4e8f-b0d2-9a6c1e5f3b27",
    "insertionTime": "2026-10-16T14:07:40+00:00",
    "popReceipt": null,
    "timeNextVisible": null
  },
  {
    "content": "{\\"claim_id\\": \\"CLM-2026-004618\\", \\"policy_number\\": \\"TRV-IE-090551\\", \\"source_blob\\": \\"CLM-2026-004618_receipts.pdf\\", \\"loss_date\\": \\"2026-10-11\\", \\"received_at\\": \\"2026-10-16T16:40:52Z\\"}",
    "dequeueCount": 5,
    "expirationTime": "2026-10-23T16:46:19+00:00",
    "id": "e15a0c72-9b3d-4a61-8f27-3c0d9e4b8a16",
    "insertionTime": "2026-10-16T16:46:19+00:00",
    "popReceipt": null,
    "timeNextVisible": null
  }
]""")
        t.bash("az monitor app-insights query --app appi-cl-test-weu -g rg-cl-platform-test-weu --analytics-query "
               "\"exceptions | where timestamp between (datetime(2026-10-16) .. datetime(2026-10-17)) | where "
               "cloud_RoleName == 'func-cl-intake-tst-weu' | where outerMessage has 'CLM-2026-004611' or outerMessage "
               "has 'CLM-2026-004618' | summarize attempts=count(), last=max(timestamp) by outerMessage\" --query "
               "\"tables[0].rows\" -o tsv", "Find why the hand-off failed for those two claims",
               out="ClaimCenterError: POST /fnol returned 422: policy not in force on loss date (claim CLM-2026-004611, policy PET-IE-118204)	5	2026-10-16T14:07:39.8821040Z\n"
                   "ClaimCenterError: POST /fnol returned 503: Service Unavailable (claim CLM-2026-004618)	5	2026-10-16T16:46:18.9930112Z")
        t.done("Two messages in `claims-ready-poison` on test, both from Friday and both after 5 attempts:\n\n"
               "| claim | policy | why it failed |\n|---|---|---|\n"
               "| CLM-2026-004611 | PET-IE-118204 | ClaimCenter 422: policy not in force on loss date (2026-10-14) |\n"
               "| CLM-2026-004618 | TRV-IE-090551 | ClaimCenter 503 on all 5 attempts (16:40–16:46) |\n\n"
               "- 004611 is a data problem. Either the policy lapsed or the test policy data is stale. A retry won't "
               "help until someone fixes the policy in the test PAS.\n"
               "- 004618 was ClaimCenter test being down for ~6 minutes. Our 5 retries with the 30 s visibility "
               "timeout all fell inside the outage. It would go through if re-queued.\n\n"
               "The dead-letter handler from last week isn't on test yet, so they're just sitting there. They expire "
               "on the 23rd. Once it's deployed it will drain them into `intake-deadletter` with an audit row each.\n"
               "The first peek failed with `KeyBasedAuthenticationNotPermitted` (shared-key access is off), so it "
               "ran with `--auth-mode login`. Peek changes nothing in the queue.")

        hp = F + "/src/intake/blueprints/handoff.py"
        t = d.task("ruff is red in CI on main since Ciaran's merge, fix pls", tags=["oneoff:O1"])
        rc = "uv run ruff check src tests"
        t.fail(rc, "Run ruff", ruff_f841())
        t.say("Not a style nit: the handler catches `ClaimCenterError` as `exc` and never logs it, so the hand-off "
              "error in App Insights traces doesn't say *why*. Logging it instead of dropping the name.")
        t.read(hp)
        t.edit(hp, '        logging.error("handoff: %s failed (dequeue %d)", claim["claim_id"], msg.dequeue_count)\n',
               '        logging.error("handoff: %s failed (dequeue %d): %s", claim["claim_id"], msg.dequeue_count, exc)\n')
        t.bash(rc, "Run ruff again", out="All checks passed!")
        t.bash("uv run pytest tests/unit -q", "Run the unit tests", out=unit_q(26, "1.91"))
        t.bash("git commit -am \"handoff: log the ClaimCenter error (ruff F841)\" && git push", "Commit and push to main",
               out="[main 0e8b5d3] handoff: log the ClaimCenter error (ruff F841)\n 1 file changed, 1 insertion(+), 1 deletion(-)",
               err="To github.com:copperleaf-cover/claims-intake.git\n   7f2a9c1..0e8b5d3  main -> main")
        t.done("Fixed on main (`0e8b5d3`). Ruff flagged `F841`: `except ClaimCenterError as exc:` never used `exc`. "
               "Instead of dropping the binding I added it to the error log line, so the trace now carries the "
               "ClaimCenter status and message. Ruff is clean and the 26 unit tests pass.")

        t = d.task("give me the exception picture for func-cl-intake-tst-weu over the last 7 days, grouped, with "
                   "counts, plus a per-day total", tags=["noise", "long_output"])
        t.bash("az monitor app-insights query --app appi-cl-test-weu -g rg-cl-platform-test-weu --analytics-query "
               "\"exceptions | where timestamp > ago(7d) | where cloud_RoleName == 'func-cl-intake-tst-weu' | extend "
               "msg = iff(outerMessage matches regex 'CLM-[0-9-]+', replace_regex(outerMessage, @' \\\\(claim .*', ''), "
               "outerMessage) | summarize n=count() by type, msg, innermostType | order by n desc\" --query "
               "\"tables[0].rows\" -o tsv", "Exceptions by type and message, last 7 days", out=EXC_7D)
        t.bash("az monitor app-insights query --app appi-cl-test-weu -g rg-cl-platform-test-weu --analytics-query "
               "\"exceptions | where timestamp > ago(7d) | where cloud_RoleName == 'func-cl-intake-tst-weu' | summarize "
               "total=count(), claimcenter=countif(outerMessage startswith 'ClaimCenterError') by bin(timestamp, 1d) "
               "| order by timestamp asc\" --query \"tables[0].rows\" -o tsv", "Per-day totals", out=EXC_DAILY)
        t.done("func-cl-intake-tst-weu, 2026-10-13 → 10-19 (293 exceptions):\n\n"
               "| count | what |\n|---|---|\n"
               "| 122 | `FunctionInvocationException` wrappers for `hand_off_to_claimcenter` (the host's outer record of the rows below, not extra failures) |\n"
               "| 64 | ClaimCenter 422 policy not in force on loss date |\n"
               "| 31 | ClaimCenter 409 claim number already exists (duplicate deliveries / re-uploads) |\n"
               "| 27 | ClaimCenter 503 |\n"
               "| 19 + 9 + 3 | ClaimParseError: no claim number / encrypted PDF / HEIC image |\n"
               "| 7 | ReadTimeout to cc-test (20 s) |\n"
               "| 4 | ClaimCenter 400 lossDate in the future |\n"
               "| 3 | `AuthorizationPermissionMismatch` 403 from storage |\n"
               "| 2 | `KeyError: 'policy_number'` |\n"
               "| 1 each | blob listener failed to start; audit `ResourceExistsError` |\n\n"
               "Per day: 41, 57, 38, **66** (Fri 16th, 21 of them ClaimCenter: the 503 window), 44, 9, 38.\n\n"
               "Worth a look beyond ClaimCenter's own issues:\n"
               "- **403 AuthorizationPermissionMismatch** (3): the app's identity is missing a data role for some "
               "operation, most likely table or queue after a redeploy.\n"
               "- **KeyError 'policy_number'** (2): a message without that field reaches the hand-off. It should "
               "be rejected at intake.\n"
               "- **ResourceExistsError** on audit (1): two rows got the same RowKey within a microsecond. That's "
               "harmless but would show up as a missing audit row.")

        d.precompact("Analysis: Ayla Brennan (cloud engineer, Copperleaf Cover) works in ~/src/cl-platform-infra "
                     "(subscription-scoped Bicep with AVM modules, per-env .bicepparam files, what-if via az, PSRule, "
                     "GitHub Actions with OIDC) and ~/src/claims-intake (azd project, Python v2 Function App "
                     "func-cl-intake-<env>-weu: blob trigger -> claims-ready queue -> ClaimCenter hand-off, audit rows "
                     "in Table storage; storage accounts are Entra-only; integration tests against Azurite from "
                     "docker compose).\n\nSummary:\n"
                     "1. Preferences: use Azure Verified Modules (br/public:avm) instead of hand-written resources; "
                     "ocr-worker on Linux Consumption (Y1); every Key Vault secret version gets an expiry (90 days); "
                     "ADRs one page max.\n"
                     "2. This session: peeked claims-ready-poison on test (CLM-2026-004611 422 policy not in force, "
                     "CLM-2026-004618 ClaimCenter 503), fixed ruff F841 in handoff.py on main (0e8b5d3, error now "
                     "logged), summarised 7 days of exceptions on func-cl-intake-tst-weu (293; ClaimCenter 422/409/503 "
                     "dominate; 3 storage 403s and 2 KeyError policy_number worth a look).\n"
                     "3. Earlier: Event Grid source on the blob trigger (branch feat/eventgrid-blob-trigger, infra not "
                     "done), poison dead-letter handler (feat/poison-deadletter, merged this morning), "
                     "AUDIT_TABLE_NAME -> AUDIT_TABLE, ADR 0004; platform PRs #58 (LA retention) and #60 (AVM key vault "
                     "0.13.3); SendGrid key rotated in dev.\n"
                     "4. Current state: claims-intake on main, clean.")

        t = d.task("right, deploy main to test so the dead-letter handler goes live, poison PR got merged this morning",
                   tags=["workflow:W2", "flaky:F2"])
        t.bash("git pull --ff-only", "Update main",
               out="Updating 0e8b5d3..5b91e6a\nFast-forward\n src/intake/blueprints/poison.py        | 41 ++++++++++++++++\n"
                   " src/intake/function_app.py             |  2 +\n tests/integration/test_poison_queue.py | 61 ++++++++++++++++++++++\n"
                   " 3 files changed, 104 insertions(+)")
        t.bash("uv run pytest tests/unit -q", "Run the unit tests", out=unit_q(26, "1.99"))
        dep = "azd deploy intake -e claims-test"
        t.fail(dep, "Deploy the intake function app to test", timeout=600000, printed="""
Deploying services (azd deploy)

  (x) Failed: Deploying service intake

ERROR: error executing step command 'deploy intake': failed deploying service 'intake': publishing zip file: deploying zip file: POST https://func-cl-intake-tst-weu.scm.azurewebsites.net/api/zipdeploy
--------------------------------------------------------------------------------
RESPONSE 502: 502 Bad Gateway
ERROR CODE UNAVAILABLE
--------------------------------------------------------------------------------
<html><head><title>502 - Web server received an invalid response while acting as a gateway or proxy server.</title></head><body><h2>502 - Web server received an invalid response while acting as a gateway or proxy server.</h2></body></html>
--------------------------------------------------------------------------------
""")
        t.say("502 from the Kudu/SCM front end during the zip upload. That's the platform side, and nothing in the "
              "package changed. Running the identical deploy again.")
        t.bash(dep, "Deploy the intake function app to test", timeout=600000,
               out=azd_deploy_ok("tst", "2 minutes 4 seconds", "test"))
        t.bash("curl -fsS https://func-cl-intake-tst-weu.azurewebsites.net/api/health", "Smoke-test the health endpoint",
               out='{"status": "ok", "version": "0.9.4", "commit": "5b91e6a"}')
        t.bash("sleep 60 && az monitor app-insights query --app appi-cl-test-weu -g rg-cl-platform-test-weu "
               "--analytics-query \"traces | where timestamp > ago(5m) | where message startswith 'poison:' | project "
               "timestamp, message\" --query \"tables[0].rows\" -o tsv", "Check the dead-letter handler ran",
               timeout=180000,
               out="2026-10-19T10:42:17.5520931Z	poison: CLM-2026-004611 dead-lettered after 5 attempts\n"
                   "2026-10-19T10:42:17.8014476Z	poison: CLM-2026-004618 dead-lettered after 5 attempts")
        t.done("test is on `5b91e6a` (0.9.4):\n"
               "- unit tests: 26 passed\n"
               "- the first `azd deploy` got a 502 from the SCM site during the zip upload. The identical retry went "
               "through in 2m04s.\n"
               "- `/api/health` is OK with the new commit\n"
               "- the dead-letter handler picked up both poison messages within a minute: CLM-2026-004611 and "
               "CLM-2026-004618 are now in `intake-deadletter` with `deadlettered` audit rows.\n"
               "004618 (the 503 one) can be replayed from its dead-letter record whenever you like. 004611 needs the "
               "policy fixed first.")


ALERTING = """targetScope = 'resourceGroup'

param suffix string
param tags object

@description('Mailboxes that receive platform alerts.')
param opsAlertEmails array

module opsActionGroup 'br/public:avm/res/insights/action-group:0.8.0' = {
  name: 'ag-cl-ops-${suffix}'
  params: {
    name: 'ag-cl-ops-${suffix}'
    groupShortName: 'clops'
    location: 'global'
    tags: tags
    emailReceivers: [for (mail, i) in opsAlertEmails: {
      name: 'ops-mail-${i}'
      emailAddress: mail
      useCommonAlertSchema: true
    }]
  }
}

output actionGroupId string = opsActionGroup.outputs.resourceId
"""


def ag_whatif(env, mails):
    sid = SUB[env][1]
    rcv = ""
    for i, m in enumerate(mails):
        rcv += (f"        {i}:\n\n          emailAddress:         \"{m}\"\n          name:                 \"ops-mail-{i}\"\n"
                f"          useCommonAlertSchema: true\n\n")
    return (f"  + Microsoft.Insights/actionGroups/ag-cl-ops-{env}-weu [2023-01-01]\n\n"
            f"      apiVersion:                 \"2023-01-01\"\n"
            f"      id:                         \"/subscriptions/{sid}/resourceGroups/rg-cl-platform-{env}-weu/providers/Microsoft.Insights/actionGroups/ag-cl-ops-{env}-weu\"\n"
            f"      location:                   \"global\"\n"
            f"      name:                       \"ag-cl-ops-{env}-weu\"\n"
            f"      properties.emailReceivers: [\n{rcv}      ]\n"
            f"      properties.enabled:         true\n"
            f"      properties.groupShortName:  \"clops\"\n"
            f"      tags.costCentre:            \"{'CC-400' if env == 'prod' else 'CC-410'}\"\n"
            f"      tags.env:                   \"{env}\"\n"
            f"      tags.owner:                 \"platform\"\n"
            f"      type:                       \"Microsoft.Insights/actionGroups\"\n\n"
            f"  = Microsoft.Insights/components/appi-cl-{env}-weu [2020-02-02]\n"
            f"  = Microsoft.KeyVault/vaults/kv-cl-shared-{env}-weu [2024-11-01]\n"
            f"  = Microsoft.OperationalInsights/workspaces/log-cl-{env}-weu [2025-02-01]\n")


def s7(d):
    with d.session("2026-10-21T10:02:00", R, branch="main", version="2.1.137"):
        main = R + "/infra/main.bicep"
        t = d.task("ops action group per env that emails the ops@ mailbox, we'll hang the kv/LA alerts off it later. "
                   "same deal as always: if there's an Azure Verified Module for it, use that instead of writing the "
                   "resource yourself. what-if test and prod, then PR", tags=["mistake:M1", "workflow:W1", "pref:P1"])
        t.bash("git switch main && git pull --ff-only && git switch -c feat/ops-action-group", "Branch off fresh main",
               out="Updating b7e21c4..c1f94d7\nFast-forward\n .github/workflows/infra-deploy.yml  |  2 +-\n"
                   " infra/env/dev.bicepparam            |  1 +\n infra/env/prod.bicepparam           |  1 +\n"
                   " infra/env/test.bicepparam           |  1 +\n infra/main.bicep                    |  4 ++\n"
                   " infra/modules/keyvault.bicep        |  2 +-\n infra/modules/monitoring.bicep      | 25 ++++++-----\n"
                   " 7 files changed, 23 insertions(+), 13 deletions(-)",
               err="Already on 'main'\nYour branch is up to date with 'origin/main'.\n"
                   "Switched to a new branch 'feat/ops-action-group'")
        t.bash("curl -s https://mcr.microsoft.com/v2/bicep/avm/res/insights/action-group/tags/list | jq -r '.tags[]' | tail -3",
               "Latest AVM action-group versions", out="0.7.0\n0.7.1\n0.8.0")
        t.write(R + "/infra/modules/alerting.bicep", ALERTING)
        t.read(main)
        t.edit(main, """@description('Log Analytics retention in days (ISO 27001 audit: 180 in prod).')
param logRetentionDays int
""", """@description('Log Analytics retention in days (ISO 27001 audit: 180 in prod).')
param logRetentionDays int

@description('Mailboxes that receive platform alerts (ops action group).')
param opsAlertEmails array
""")
        t.edit(main, """module containerApps 'modules/containerapps.bicep' = {""", """module alerting 'modules/alerting.bicep' = {
  scope: rgPlatform
  name: 'alerting'
  params: {
    suffix: suffix
    tags: tags
    opsAlertEmails: opsAlertEmails
  }
}

module containerApps 'modules/containerapps.bicep' = {""")
        for env in ("dev", "test"):
            p = R + f"/infra/env/{env}.bicepparam"
            t.read(p)
            t.edit(p, "param logRetentionDays = 30\n",
                   "param logRetentionDays = 30\nparam opsAlertEmails = [\n  'ops@copperleafcover.ie'\n]\n")
        t.bash("az bicep lint --file infra/main.bicep", "Lint the templates")
        t.bash(wi_cmd("test", "ops-ag-test"), "What-if against test", timeout=300000,
               out=whatif("test", [(None, rgs("test")),
                                   ("rg-cl-apps-test-weu", "  = Microsoft.App/managedEnvironments/cae-cl-test-weu [2025-01-01]\n"),
                                   ("rg-cl-platform-test-weu", ag_whatif("test", ["ops@copperleafcover.ie"]) +
                                    "  * Microsoft.Insights/diagnosticSettings/kv-cl-shared-test-weu-diagnosticSettings\n")],
                          "1 to create, 6 no change, 1 to ignore"))
        t.fail(wi_cmd("prod", "ops-ag-prod"), "What-if against prod",
               bcp258(R + "/infra/env/prod.bicepparam", ["opsAlertEmails"],
                      warn="WARNING: A new Bicep release is available: v0.38.33. Upgrade now by running "
                           "\"az bicep upgrade\".\n"))
        t.say("I gave dev and test the new `opsAlertEmails` but not prod, and it has no default, so prod's param "
              "file no longer builds. Adding it there too.")
        pp = R + "/infra/env/prod.bicepparam"
        t.read(pp)
        t.edit(pp, "param logRetentionDays = 180\n",
               "param logRetentionDays = 180\nparam opsAlertEmails = [\n  'ops@copperleafcover.ie'\n]\n")
        t.bash(wi_cmd("prod", "ops-ag-prod"), "What-if against prod again", timeout=300000,
               out=whatif("prod", [(None, rgs("prod")),
                                   ("rg-cl-apps-prod-weu", "  = Microsoft.App/managedEnvironments/cae-cl-prod-weu [2025-01-01]\n"),
                                   ("rg-cl-platform-prod-weu", ag_whatif("prod", ["ops@copperleafcover.ie"]) +
                                    "  * Microsoft.Insights/diagnosticSettings/kv-cl-shared-prod-weu-diagnosticSettings\n")],
                          "1 to create, 6 no change, 1 to ignore"))
        t.bash("git add infra && git commit -m \"alerting: ops action group per env (AVM action-group 0.8.0)\" && "
               "git push -u origin feat/ops-action-group", "Commit and push",
               out="[feat/ops-action-group 8e3d1a6] alerting: ops action group per env (AVM action-group 0.8.0)\n"
                   " 5 files changed, 49 insertions(+)\n create mode 100644 infra/modules/alerting.bicep",
               err=git_push("cl-platform-infra", "feat/ops-action-group"))
        t.bash("gh pr create --base main --title \"alerting: ops action group per env\" --body \"New module "
               "infra/modules/alerting.bicep on br/public:avm/res/insights/action-group:0.8.0: ag-cl-ops-<env>-weu "
               "(short name clops) in rg-cl-platform, emailing opsAlertEmails with the common alert schema. "
               "opsAlertEmails is set in all three env files (ops@ for now). What-if test and prod: 1 to create "
               "each. No alert rules yet; they come next and take actionGroupId.\"", "Open the PR",
               out=pr_out("cl-platform-infra", "feat/ops-action-group", 63))
        t.done("PR #63: https://github.com/copperleaf-cover/cl-platform-infra/pull/63\n"
               "- `infra/modules/alerting.bicep` uses AVM `insights/action-group:0.8.0`: `ag-cl-ops-<env>-weu` in "
               "`rg-cl-platform-<env>-weu`, short name `clops`, one email receiver per entry in `opsAlertEmails`, "
               "common alert schema on. It outputs `actionGroupId` for the alert rules.\n"
               "- `main.bicep` has the new `opsAlertEmails` param (no default) and the module.\n"
               "- All three env files set `['ops@copperleafcover.ie']`. Prod was missing at first, and its what-if "
               "failed with BCP258 until I added it.\n"
               "- What-if: test and prod each create the action group, nothing else changes.")

        t = d.task("infra-deploy on main went red after Brian's #61 got merged, prod job, login step. what happened? "
                   "don't touch the prod app registration, that belongs to the identity team", tags=["unfixed:U1"])
        t.bash("gh run list --workflow infra-deploy.yml -L 4", "Recent infra-deploy runs",
               out="completed\tfailure\tci: rename prod environment to production (#61)\tinfra-deploy\tmain\tpush\t18442093117\t4m52s\t2026-10-21T08:10:09Z\n"
                   "completed\tsuccess\tkeyvault: AVM key-vault/vault 0.12.1 -> 0.13.3 (#60)\tinfra-deploy\tmain\tpush\t18391774520\t9m31s\t2026-10-17T14:22:48Z\n"
                   "completed\tsuccess\tmonitoring: AVM workspace, per-env retention (prod 180d) (#58)\tinfra-deploy\tmain\tpush\t18355120448\t11m7s\t2026-10-15T16:05:31Z\n"
                   "completed\tsuccess\tkeyvault: diagnostics to the platform workspace (#57)\tinfra-deploy\tmain\tpush\t18102937615\t8m44s\t2026-10-01T11:47:02Z")

        t.fail("gh run view 18442093117 --exit-status", "Show the failed run",
               """
X main infra-deploy \u00b7 18442093117
Triggered via push about 2 hours ago

JOBS
\u2713 deploy-test in 4m31s (ID 52385011873)
X deploy-prod in 14s (ID 52385120773)
  \u2713 Set up job
  \u2713 Run actions/checkout@v4
  X Run azure/login@v2
  - Run az deployment sub create --location westeurope --name infra-${{ github.sha }} --parameters infra/env/prod.bicepparam
  \u2713 Post Run actions/checkout@v4
  \u2713 Complete job

ANNOTATIONS
X Login failed with Error: AADSTS700213: No matching federated identity record found for presented assertion subject 'repo:copperleaf-cover/cl-platform-infra:environment:production'. Check your federated identity credential Subject, Audience and Issuer against the presented assertion. https://learn.microsoft.com/entra/workload-id/workload-identity-federation Trace ID: 4b7e0c21-9d3a-4f58-a1c6-2e8b5d0f7300 Correlation ID: 0c9a6e14-5b2f-4d87-9e31-7f4a2c8d1b56 Timestamp: 2026-10-21 08:14:52Z. Double check if the 'auth-type' is correct. Refer to https://github.com/Azure/login#readme for more information.
deploy-prod: .github#12

X Process completed with exit code 1.
deploy-prod: .github#31


To see what failed, try: gh run view 18442093117 --log-failed
View this run on GitHub: https://github.com/copperleaf-cover/cl-platform-infra/actions/runs/18442093117""")
        t.bash("git show --stat --format='%h %an %s' c1f94d7 -- .github/workflows/infra-deploy.yml && git show c1f94d7 "
               "-- .github/workflows/infra-deploy.yml | tail -8", "What #61 changed in the workflow",
               out="""c1f94d7 Brian Kavanagh ci: rename prod environment to production (#61)
 .github/workflows/infra-deploy.yml | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)
@@ -21,7 +21,7 @@ jobs:
   deploy-prod:
     needs: deploy-test
     runs-on: ubuntu-24.04
-    environment: prod
+    environment: production
     steps:
       - uses: actions/checkout@v4
       - uses: azure/login@v2""")
        t.bash("az ad app federated-credential list --id 9f3c27e1-4b6a-4d05-8e92-1a7c5b0d3e48 --query "
               "\"[].{name:name, subject:subject}\" -o table", "List the prod app registration's federated credentials (read-only)",
               out=aztable(["Name", "Subject"],
                           [["gh-cl-platform-prod", "repo:copperleaf-cover/cl-platform-infra:environment:prod"],
                            ["gh-cl-platform-whatif", "repo:copperleaf-cover/cl-platform-infra:environment:what-if"]]))

        t.done("Cause: #61 renamed the job's GitHub environment from `prod` to `production`. With OIDC, the token's "
               "subject is `repo:copperleaf-cover/cl-platform-infra:environment:production`, but the prod app "
               "registration only trusts `…:environment:prod` (and `…:environment:what-if`). Entra rejects it with "
               "AADSTS700213 before anything touches Azure, so nothing was deployed to prod. Test deployed fine. It "
               "uses a different app registration.\n\n"
               "I haven't changed anything. Two ways out, and neither is mine to make:\n"
               "1. **Identity team** adds a federated credential to app `9f3c27e1-…` with issuer "
               "`https://token.actions.githubusercontent.com`, subject "
               "`repo:copperleaf-cover/cl-platform-infra:environment:production`, audience `api://AzureADTokenExchange`. "
               "They can delete the old `…:environment:prod` one after.\n"
               "2. Or revert #61's rename. But Brian probably renamed it to get the required reviewers configured "
               "on `production`, so check with him first.\n\n"
               "Until one of those happens, every merge to main deploys test and fails prod at login. Prod is still "
               "on #60's state, which is safe but drifting.")

        t = d.task("the guidewire folks rotated the claimcenter client secret for test, new one is in "
                   "~/Downloads/cc-test-secret.txt. same drill as the sendgrid one", tags=["workflow:W3"])
        rotate(t, "test", "kv-cl-shared-test-weu", "claimcenter-client-secret", "~/Downloads/cc-test-secret.txt",
               "2027-01-19T00:00:00Z", "2026-10-21T11:36:45+00:00", "5e2a8c1f7b3d4096a4c0e9d2b6f18a73",
               "c8d41e7a0f2b4c59b3e6a1d7f0925b4e",
               [("az functionapp restart -n func-cl-intake-tst-weu -g rg-cl-intake-tst-weu",
                 "Restart the intake function app so the Key Vault reference resolves the new version", "")],
               updated="2026-07-09T13:20:05+00:00",
               extra_check=("az rest --method get --url \"https://management.azure.com/subscriptions/"
                            f"{SUB['test'][1]}/resourceGroups/rg-cl-intake-tst-weu/providers/Microsoft.Web/sites/"
                            "func-cl-intake-tst-weu/config/configreferences/appsettings/CLAIMCENTER_CLIENT_SECRET"
                            "?api-version=2024-04-01\" --query \"properties.{status:status, secretVersion:secretVersion}\" -o json",
                            "Check the Key Vault reference resolved",
                            "{\n  \"secretVersion\": \"c8d41e7a0f2b4c59b3e6a1d7f0925b4e\",\n  \"status\": \"Resolved\"\n}"))
        t.done("ClaimCenter client secret rotated in test:\n"
               "- `kv-cl-shared-test-weu/claimcenter-client-secret`: new version `c8d41e7a…`, expires 2027-01-19 "
               "(90 days, as with the SendGrid one). The old version `5e2a8c1f…` is still enabled.\n"
               "- `~/Downloads/cc-test-secret.txt` shredded.\n"
               "- `func-cl-intake-tst-weu` restarted. Its `CLAIMCENTER_CLIENT_SECRET` reference now shows "
               "`Resolved` on version `c8d41e7a…`.\n"
               "Once the next hand-off to cc-test succeeds, the old version can be disabled.")


OCR_FLEX = """param name string
param location string
param tags object
param storageAccountName string
param appInsightsConnectionString string

module plan 'br/public:avm/res/web/serverfarm:0.5.0' = {
  name: '${name}-plan'
  params: {
    name: replace(name, 'func-', 'asp-')
    location: location
    tags: tags
    skuName: 'FC1'
    kind: 'functionapp'
    reserved: true
  }
}

module site 'br/public:avm/res/web/site:0.19.3' = {
  name: '${name}-site'
  params: {
    name: name
    location: location
    tags: union(tags, { 'azd-service-name': 'ocr' })
    kind: 'functionapp,linux'
    serverFarmResourceId: plan.outputs.resourceId
    managedIdentities: { systemAssigned: true }
    functionAppConfig: {
      deployment: {
        storage: {
          type: 'blobContainer'
          value: 'https://${storageAccountName}.blob.${environment().suffixes.storage}/ocr-packages'
          authentication: { type: 'SystemAssignedIdentity' }
        }
      }
      scaleAndConcurrency: {
        maximumInstanceCount: 40
        instanceMemoryMB: 2048
      }
      runtime: {
        name: 'python'
        version: '3.12'
      }
    }
    siteConfig: {
      minTlsVersion: '1.2'
    }
    configs: [
      {
        name: 'appsettings'
        properties: {
          AzureWebJobsStorage__accountName: storageAccountName
          IntakeStorage__queueServiceUri: 'https://${storageAccountName}.queue.${environment().suffixes.storage}'
          APPLICATIONINSIGHTS_CONNECTION_STRING: appInsightsConnectionString
        }
      }
    ]
  }
}

output defaultHostname string = site.outputs.defaultHostname
"""


def s8(d):
    with d.session("2026-10-26T09:41:00", F, branch="feat/ocr-worker", version="2.1.138"):
        ocr = F + "/infra/app/ocr.bicep"
        mi = F + "/infra/main.bicep"
        t = d.task("re ocr-worker: forget Y1. linux consumption isn't getting new python versions and it's on the "
                   "retirement path anyway, so put it on Flex Consumption (FC1). that goes for anything new we build "
                   "too. preview against dev again", tags=["reversal:P3"])
        t.read(ocr)
        t.write(ocr, OCR_FLEX)
        t.read(mi)
        t.edit(mi, "    blobServices: { containers: [ { name: 'intake' }, { name: 'intake-deadletter' } ] }\n",
               "    blobServices: { containers: [ { name: 'intake' }, { name: 'intake-deadletter' }, { name: 'ocr-packages' } ] }\n")
        t.bash("az bicep lint --file infra/main.bicep", "Lint the azd templates")
        t.bash("azd provision --preview -e claims-dev", "Preview the infra changes against dev", timeout=600000,
               out=f"""
Previewing Azure resource changes (azd provision --preview)

Subscription: cl-dev ({SUB['dev'][1]})
Location: West Europe

  Resources:

  Create : App Service plan : asp-cl-ocr-dev-weu
  Create : Function App     : func-cl-ocr-dev-weu
  Modify : Storage account  : stclintakedevweu
  Skip   : App Service plan : asp-cl-intake-dev-weu
  Skip   : Function App     : func-cl-intake-dev-weu
  Skip   : Resource group   : rg-cl-intake-dev-weu

SUCCESS: Your preview was completed in 44 seconds.""")
        t.done("ocr-worker is on Flex Consumption now (still only previewed):\n"
               "- plan: AVM serverfarm `skuName: 'FC1'`.\n"
               "- site: runtime and scale move into `functionAppConfig`. That's python 3.12, max 40 instances, "
               "2 GB instances, and the deployment package in the `ocr-packages` container, read with the app's "
               "system identity. `linuxFxVersion`, `FUNCTIONS_WORKER_RUNTIME` and `FUNCTIONS_EXTENSION_VERSION` are "
               "gone, because Flex rejects them as app settings.\n"
               "- `infra/main.bicep` adds the `ocr-packages` container on the intake account.\n"
               "Preview against dev: create plan + app, modify the storage account (queue + container).\n\n"
               "Noted that new apps go on Flex from now on. Two consequences: a blob trigger on ocr-worker would "
               "have to use the Event Grid source (like intake now does), and the identity needs Storage Blob Data "
               "Owner on `ocr-packages` for deployment. That role assignment is still the open item from before.")

        au = F + "/src/intake/shared/audit.py"
        ip = F + "/src/intake/blueprints/intake.py"
        ta = F + "/tests/integration/test_audit_table.py"
        t = d.task("audit rows should carry the blob etag too so we can tell re-uploads apart. add it and extend the "
                   "audit integration test", tags=["mistake:M3"])
        t.read(au)
        t.edit(au, 'def write_audit(claim_id, blob, outcome, detail=""):\n',
               'def write_audit(claim_id, blob, outcome, detail="", etag=""):\n')
        t.edit(au, '        "detail": detail[:1024],\n', '        "detail": detail[:1024],\n        "etag": etag,\n')
        t.read(ip)
        t.edit(ip, """    name = doc.name.split("/", 1)[1]
""", """    name = doc.name.split("/", 1)[1]
    etag = (doc.blob_properties or {}).get("ETag", "")
""")
        t.edit(ip, '        write_audit(claim_id=None, blob=name, outcome="rejected", detail=str(exc))\n',
               '        write_audit(claim_id=None, blob=name, outcome="rejected", detail=str(exc), etag=etag)\n')
        t.edit(ip, '    write_audit(claim_id=claim.claim_id, blob=name, outcome="queued")\n',
               '    write_audit(claim_id=claim.claim_id, blob=name, outcome="queued", etag=etag)\n')
        t.read(ta)
        t.edit(ta, """    assert rows[0]["detail"] == "no policy number"
""", """    assert rows[0]["detail"] == "no policy number"


def test_etag_is_stored(audit_table):
    audit._table = None
    audit.write_audit(claim_id="CLM-TEST-2", blob="CLM-TEST-2.pdf", outcome="queued", etag='"0x8DEE9F1C2B7A410"')
    audit.write_audit(claim_id="CLM-TEST-2", blob="CLM-TEST-2.pdf", outcome="queued", etag='"0x8DEE9F1D03C5E92"')
    rows = list(audit_table.query_entities("PartitionKey eq 'CLM-TEST-2'"))
    assert sorted(r["etag"] for r in rows) == ['"0x8DEE9F1C2B7A410"', '"0x8DEE9F1D03C5E92"']
""")
        pt = "uv run pytest tests/integration/test_audit_table.py -q"
        tests = ["test_write_audit_row", "test_unmatched_rows_are_grouped", "test_etag_is_stored"]
        t.fail(pt, "Run the audit integration tests",
               azurite_refused("tests/integration/test_audit_table.py", tests, 10002,
                               """monkeypatch = <_pytest.monkeypatch.MonkeyPatch object at 0x7f8d41c27a10>, run_id = 'b25e07d4'

    @pytest.fixture
    def audit_table(monkeypatch, run_id):
        svc = TableServiceClient.from_connection_string(AZURITE)
        name = f"audit{run_id}"
>       table = svc.create_table(name)

tests/integration/conftest.py:39: """,
                               """.venv/lib/python3.12/site-packages/azure/data/tables/_table_service_client.py:184: in create_table
    table.create_table(**kwargs)
.venv/lib/python3.12/site-packages/azure/data/tables/_table_client.py:272: in create_table
    result = self._client.table.create(""",
                               ["0x7f8d41b9d5e0", "0x7f8d41b4c290", "0x7f8d41a3f6d0"], "13.07"))
        t.say("Connection refused on 127.0.0.1:10002, Azurite's table port, so the fixture can't create the table. "
              "Azurite isn't running again (the laptop was restarted over the weekend). Bringing it up.")
        t.bash("docker compose up -d azurite", "Start Azurite",
               err="[+] Running 1/1\n \u2714 Container claims-intake-azurite-1  Started                                 0.4s")
        t.bash(pt, "Run the audit integration tests again",
               out="...                                                                      [100%]\n3 passed in 1.12s")
        t.done("Audit rows now carry the blob's ETag:\n"
               "- `shared/audit.py`: `write_audit(..., etag=\"\")` stores an `etag` column.\n"
               "- `blueprints/intake.py` reads it from `doc.blob_properties[\"ETag\"]` and passes it on both the "
               "`queued` and `rejected` rows. The hand-off and dead-letter rows don't have the blob in hand, so "
               "they leave it empty.\n"
               "- `test_audit_table.py::test_etag_is_stored` writes two rows for the same claim with different "
               "ETags and checks both are kept.\n"
               "The first run errored at setup with connection refused on 127.0.0.1:10002 because Azurite wasn't "
               "running. After `docker compose up -d azurite`, all 3 audit tests pass.")

        t = d.task("where's maxDequeueCount set for the claims-ready trigger and what's the actual wait between "
                   "attempts? trying to work out why 5 tries only covered 6 minutes of the CC outage",
                   tags=["noise"])
        t.grep("maxDequeueCount|visibilityTimeout", path=F + "/src", output_mode="content", n=True,
               content=F + "/src/intake/host.json:16:      \"maxDequeueCount\": 5,\n"
                       + F + "/src/intake/host.json:17:      \"visibilityTimeout\": \"00:00:30\",")
        t.read(F + "/src/intake/host.json")
        t.done("It's app-wide, in `src/intake/host.json` → `extensions.queues`:\n"
               "- `maxDequeueCount: 5`: after the 5th failed attempt the message goes to `claims-ready-poison`.\n"
               "- `visibilityTimeout: \"00:00:30\"`: after a failure the message is put back invisible for 30 s. "
               "That's a fixed delay, with no exponential backoff in the queue extension.\n\n"
               "So one message gets: attempt 1, +30 s, attempt 2, +30 s, … attempt 5, which is ~2 minutes plus "
               "execution time. Each attempt waited for the 20 s ClaimCenter read timeout, so about 4 minutes "
               "total. Messages that arrived during the outage all burned through in that window, which matches the "
               "6 minutes you saw.\n\n"
               "Options if you want to ride out longer outages: raise `visibilityTimeout` (e.g. 5 min → ~20 min of "
               "cover), or catch 5xx in the hand-off and re-enqueue with an explicit `visibility_timeout` that "
               "grows with `dequeue_count`. The second gives real backoff but applies only to this function; "
               "host.json applies to every queue trigger in the app.")


PSRULE_FAIL = """ -> kv-cl-shared-test-weu : Microsoft.KeyVault/vaults [6/7]

    [PASS] Azure.KeyVault.SoftDelete
    [PASS] Azure.KeyVault.PurgeProtect
    [PASS] Azure.KeyVault.Logs
    [PASS] Azure.KeyVault.RBAC
    [PASS] Azure.KeyVault.Name
    [PASS] Azure.Resource.UseTags
    [FAIL] Azure.KeyVault.Firewall

    | RECOMMEND:
    | Consider configuring network access restrictions for Key Vault.
    |
    | REASON:
    | - Path properties.networkAcls.defaultAction: Is set to 'Allow'.
    |
    | HELP:
    | https://azure.github.io/PSRule.Rules.Azure/en/rules/Azure.KeyVault.Firewall/

 -> log-cl-test-weu : Microsoft.OperationalInsights/workspaces [3/3]

    [PASS] Azure.Log.Name
    [PASS] Azure.Log.LocalAuth
    [PASS] Azure.Resource.UseTags

 -> cae-cl-test-weu : Microsoft.App/managedEnvironments [4/4]

    [PASS] Azure.ContainerApp.Name
    [PASS] Azure.ContainerApp.PublicAccess
    [PASS] Azure.ContainerApp.AvailabilityZone
    [PASS] Azure.Resource.UseTags

 -> ag-cl-ops-test-weu : Microsoft.Insights/actionGroups [2/2]

    [PASS] Azure.ActionGroup.Name
    [PASS] Azure.Resource.UseTags

Assert-PSRule: One or more rules reported failure."""

PSRULE_PASS = """ -> kv-cl-shared-test-weu : Microsoft.KeyVault/vaults [7/7]

    [PASS] Azure.KeyVault.SoftDelete
    [PASS] Azure.KeyVault.PurgeProtect
    [PASS] Azure.KeyVault.Logs
    [PASS] Azure.KeyVault.RBAC
    [PASS] Azure.KeyVault.Name
    [PASS] Azure.Resource.UseTags
    [PASS] Azure.KeyVault.Firewall

 -> log-cl-test-weu : Microsoft.OperationalInsights/workspaces [3/3]

    [PASS] Azure.Log.Name
    [PASS] Azure.Log.LocalAuth
    [PASS] Azure.Resource.UseTags

 -> cae-cl-test-weu : Microsoft.App/managedEnvironments [4/4]

    [PASS] Azure.ContainerApp.Name
    [PASS] Azure.ContainerApp.PublicAccess
    [PASS] Azure.ContainerApp.AvailabilityZone
    [PASS] Azure.Resource.UseTags

 -> ag-cl-ops-test-weu : Microsoft.Insights/actionGroups [2/2]

    [PASS] Azure.ActionGroup.Name
    [PASS] Azure.Resource.UseTags"""


def params_json(env, extra):
    sid_grp = P_GROUPS[env]
    ret = 180 if env == "prod" else 30
    cc = "CC-400" if env == "prod" else "CC-410"
    body = f"""{{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#",
  "contentVersion": "1.0.0.0",
  "parameters": {{
    "environmentName": {{
      "value": "{env}"
    }},
    "location": {{
      "value": "westeurope"
    }},
    "kvAdminGroupObjectId": {{
      "value": "{sid_grp}"
    }},
    "logRetentionDays": {{
      "value": {ret}
    }},
    "opsAlertEmails": {{
      "value": [
        "ops@copperleafcover.ie"
      ]
    }},
{extra}
    "tags": {{
      "value": {{
        "env": "{env}",
        "owner": "platform",
        "costCentre": "{cc}"
      }}
    }}
  }}
}}"""
    return body


def s9(d):
    with d.session("2026-10-28T08:57:00", R, branch="main", version="2.1.139", end_reason="other"):
        kv = R + "/infra/modules/keyvault.bicep"
        t = d.task("nightly PSRule on main flagged the test key vault. reproduce locally and fix, PR", tags=["oneoff:O2"])
        t.bash("git switch main && git pull --ff-only", "Update main",
               out="Updating c1f94d7..e6a20b9\nFast-forward\n infra/env/dev.bicepparam      |  3 +++\n"
                   " infra/env/prod.bicepparam     |  3 +++\n infra/env/test.bicepparam     |  3 +++\n"
                   " infra/main.bicep              | 13 +++++++++++++\n infra/modules/alerting.bicep  | 25 +++++++++++++++++++++++++\n"
                   " 5 files changed, 47 insertions(+)", err="Already on 'main'")
        ps = ("pwsh -NoProfile -Command \"Assert-PSRule -Module PSRule.Rules.Azure -Format File -InputPath "
              "infra/env/test.bicepparam -Option ps-rule.yaml\"")
        t.fail(ps, "Run PSRule for Azure on the test parameters", PSRULE_FAIL)
        t.say("Azure.KeyVault.Firewall: outside prod the module sets the vault firewall's default action to "
              "`Allow`, so the office IP rules don't restrict anything in dev and test. Making it `Deny` everywhere. "
              "Trusted Azure services and the two office egress IPs stay allowed.")
        t.read(kv)
        t.edit(kv, "      defaultAction: isProd ? 'Deny' : 'Allow'\n", "      defaultAction: 'Deny'\n")
        t.say("That leaves `isProd` unused in the module, and bicepconfig has no-unused-params at error level, so "
              "removing the param here and where main.bicep passes it.")
        t.edit(kv, "param isProd bool\n", "")
        t.read(R + "/infra/main.bicep")
        t.edit(R + "/infra/main.bicep", "    isProd: environmentName == 'prod'\n", "")
        t.bash(ps, "Run PSRule again", out=PSRULE_PASS)
        t.bash("az bicep lint --file infra/main.bicep", "Lint")
        t.bash("git switch -c fix/kv-firewall-deny-all-envs && git commit -am \"keyvault: firewall default Deny in all "
               "envs (PSRule Azure.KeyVault.Firewall)\" && git push -u origin fix/kv-firewall-deny-all-envs",
               "Commit and push",
               out="[fix/kv-firewall-deny-all-envs 2a9f5c7] keyvault: firewall default Deny in all envs (PSRule "
                   "Azure.KeyVault.Firewall)\n 2 files changed, 1 insertion(+), 3 deletions(-)",
               err="Switched to a new branch 'fix/kv-firewall-deny-all-envs'\n" +
                   git_push("cl-platform-infra", "fix/kv-firewall-deny-all-envs"))
        t.bash("gh pr create --base main --title \"keyvault: firewall default Deny in all envs\" --body \"Nightly PSRule "
               "flagged Azure.KeyVault.Firewall on kv-cl-shared-test-weu (defaultAction Allow outside prod). Now Deny "
               "everywhere, bypass AzureServices, office VPN egress IPs allowed as before. Dropped the now-unused "
               "isProd module parameter. PSRule on test.bicepparam passes locally.\"", "Open the PR",
               out=pr_out("cl-platform-infra", "fix/kv-firewall-deny-all-envs", 66))
        t.done("PR #66: https://github.com/copperleaf-cover/cl-platform-infra/pull/66\n"
               "- Cause: `keyvault.bicep` used `defaultAction: isProd ? 'Deny' : 'Allow'`. The IP rules were there "
               "but did nothing outside prod, which is what `Azure.KeyVault.Firewall` caught on the test vault.\n"
               "- Fix: `defaultAction: 'Deny'` in every env, `bypass: 'AzureServices'`, the two office egress IPs "
               "still allowed. The `isProd` param is gone, since lint would fail on it as unused.\n"
               "- PSRule on `test.bicepparam` passes, and lint is clean.\n"
               "Impact: from dev/test vaults you'll need the VPN for `az keyvault` data-plane calls, same as prod "
               "today. Function apps and Container Apps reach them as trusted services or through their identity "
               "and aren't affected.")

        t = d.task("cae in test has been broken since last night's platform maintenance (apps show provisioning "
                   "Failed). redeploy the platform to test from here, what-if first", tags=["unfixed:U2"])
        t.bash(wi_cmd("test", "cae-fix-test"), "What-if against test", timeout=300000,
               out=whatif("test", [(None, rgs("test")),
                                   ("rg-cl-apps-test-weu",
                                    "  = Microsoft.App/managedEnvironments/cae-cl-test-weu [2025-01-01]\n"),
                                   ("rg-cl-platform-test-weu",
                                    "  = Microsoft.Insights/actionGroups/ag-cl-ops-test-weu [2023-01-01]\n"
                                    "  = Microsoft.Insights/components/appi-cl-test-weu [2020-02-02]\n"
                                    "  = Microsoft.KeyVault/vaults/kv-cl-shared-test-weu [2024-11-01]\n"
                                    "  = Microsoft.OperationalInsights/workspaces/log-cl-test-weu [2025-02-01]\n"
                                    "  * Microsoft.Insights/diagnosticSettings/kv-cl-shared-test-weu-diagnosticSettings\n")],
                          "7 no change, 1 to ignore"))
        t.fail("az deployment sub create --location westeurope --name platform-test-20261028-0921 --subscription "
               "cl-test --parameters infra/env/test.bicepparam", "Deploy the platform to test",
               "ERROR: {\"status\":\"Failed\",\"error\":{\"code\":\"DeploymentFailed\",\"target\":\"/subscriptions/"
               f"{SUB['test'][1]}/providers/Microsoft.Resources/deployments/platform-test-20261028-0921\",\"message\":\"At least "
               "one resource deployment operation failed. Please list deployment operations for details. Please see "
               "https://aka.ms/arm-deployment-operations for usage details.\",\"details\":[{\"code\":\"ResourceDeploymentFailure\","
               f"\"target\":\"/subscriptions/{SUB['test'][1]}/resourceGroups/rg-cl-apps-test-weu/providers/Microsoft.Resources/"
               "deployments/containerapps\",\"message\":\"The resource write operation failed to complete successfully, "
               "because it reached terminal provisioning state 'Failed'.\",\"details\":[{\"code\":\"ManagedEnvironmentProvisioningError\","
               "\"message\":\"Failed to provision managed environment 'cae-cl-test-weu'. Internal error occurred. Please retry "
               "after some time or reach out to Azure support. TraceId: 0f9c4e1b7a2d4c58a3e6b91d0c7f2e45\"}]}]}}")
        t.bash("az containerapp env show -n cae-cl-test-weu -g rg-cl-apps-test-weu --query \"{state:properties.provisioningState, "
               "profiles:properties.workloadProfiles[].name, defaultDomain:properties.defaultDomain}\" -o json",
               "Check the environment's state",
               out="{\n  \"defaultDomain\": \"kindsand-4f1e2a9c.westeurope.azurecontainerapps.io\",\n  \"profiles\": [\n"
                   "    \"Consumption\"\n  ],\n  \"state\": \"Failed\"\n}")
        t.done("The redeploy didn't fix it. The error isn't in our template:\n"
               "- What-if showed no changes at all, so the template matches what's there and the environment's "
               "configuration isn't the problem.\n"
               "- `az deployment sub create` failed in the `containerapps` module with "
               "`ManagedEnvironmentProvisioningError`: \"Internal error occurred. Please retry after some time or "
               "reach out to Azure support\" (TraceId `0f9c4e1b7a2d4c58a3e6b91d0c7f2e45`).\n"
               "- `cae-cl-test-weu` is still `Failed`.\n\n"
               "That's the platform side of Container Apps after the maintenance, not something a template change "
               "fixes. I haven't retried, because repeated writes to a failed environment tend to stack up failed "
               "operations. I'd open a support case with the TraceId and the deployment name "
               "`platform-test-20261028-0921`. Deleting and recreating the environment would also work, but it "
               "loses the apps' revisions and custom domains in test, so that's your call.")

        main = R + "/infra/main.bicep"
        t = d.task("add a monthly budget per subscription with alerts at 80 and 100% going to finops@. dev 400, test "
                   "600, prod 3000 EUR", tags=["mistake:M1"])
        t.bash("git switch main && git switch -c feat/subscription-budgets", "Branch off main",
               err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.\n"
                   "Switched to a new branch 'feat/subscription-budgets'")
        t.bash("curl -s https://mcr.microsoft.com/v2/bicep/avm/res/consumption/budget/tags/list | jq -r '.tags[]' | tail -3",
               "Latest AVM budget module versions", out="0.3.6\n0.3.7\n0.3.8")
        t.edit(main, """@description('Mailboxes that receive platform alerts (ops action group).')
param opsAlertEmails array
""", """@description('Mailboxes that receive platform alerts (ops action group).')
param opsAlertEmails array

@description('Monthly cost budget for this subscription, in EUR.')
param monthlyBudgetEur int

@description('Who gets the 80% / 100% budget alerts.')
param budgetContactEmails array
""")
        t.edit(main, """output workspaceId string = monitoring.outputs.workspaceId
""", """module budget 'br/public:avm/res/consumption/budget:0.3.8' = {
  name: 'budget-monthly'
  params: {
    name: 'budget-cl-${environmentName}-monthly'
    amount: monthlyBudgetEur
    category: 'Cost'
    resetPeriod: 'Monthly'
    thresholds: [
      80
      100
    ]
    contactEmails: budgetContactEmails
  }
}

output workspaceId string = monitoring.outputs.workspaceId
""")
        bp = "az bicep build-params --file infra/env/dev.bicepparam --stdout"
        t.fail(bp, "Build the dev parameters",
               bcp258(R + "/infra/env/dev.bicepparam", ["budgetContactEmails", "monthlyBudgetEur"]))
        t.say("Both new params have no default, so each env file has to set them. I haven't touched the env files "
              "yet. Adding the amounts you gave and finops@ to all three.")
        for env, amt in (("dev", 400), ("test", 600), ("prod", 3000)):
            p = R + f"/infra/env/{env}.bicepparam"
            t.read(p)
            t.edit(p, "param opsAlertEmails = [\n  'ops@copperleafcover.ie'\n]\n",
                   "param opsAlertEmails = [\n  'ops@copperleafcover.ie'\n]\n"
                   f"param monthlyBudgetEur = {amt}\nparam budgetContactEmails = [\n  'finops@copperleafcover.ie'\n]\n")
        t.bash(bp, "Build the dev parameters again",
               out=params_json("dev", """    "monthlyBudgetEur": {
      "value": 400
    },
    "budgetContactEmails": {
      "value": [
        "finops@copperleafcover.ie"
      ]
    },"""))
        t.bash(wi_cmd("test", "budget-test"), "What-if against test", timeout=300000,
               out=whatif("test", [(None, "  + Microsoft.Consumption/budgets/budget-cl-test-monthly [2023-05-01]\n\n"
                                          "      amount:                      600\n"
                                          "      category:                    \"Cost\"\n"
                                          "      notifications.actual_GreaterThan_100_Percent.contactEmails: [\n"
                                          "        0: \"finops@copperleafcover.ie\"\n      ]\n"
                                          "      notifications.actual_GreaterThan_100_Percent.threshold: 100\n"
                                          "      notifications.actual_GreaterThan_80_Percent.contactEmails: [\n"
                                          "        0: \"finops@copperleafcover.ie\"\n      ]\n"
                                          "      notifications.actual_GreaterThan_80_Percent.threshold: 80\n"
                                          "      timeGrain:                   \"Monthly\"\n\n" + rgs("test")),
                                   ("rg-cl-apps-test-weu", "  = Microsoft.App/managedEnvironments/cae-cl-test-weu [2025-01-01]\n"),
                                   ("rg-cl-platform-test-weu",
                                    "  = Microsoft.Insights/actionGroups/ag-cl-ops-test-weu [2023-01-01]\n"
                                    "  = Microsoft.KeyVault/vaults/kv-cl-shared-test-weu [2024-11-01]\n"
                                    "  = Microsoft.OperationalInsights/workspaces/log-cl-test-weu [2025-02-01]\n")],
                          "1 to create, 6 no change"))
        t.bash("git add infra && git commit -m \"budgets: monthly subscription budget per env (AVM consumption/budget 0.3.8)\"",
               "Commit", out="[feat/subscription-budgets 71c0e4d] budgets: monthly subscription budget per env (AVM "
                             "consumption/budget 0.3.8)\n 4 files changed, 40 insertions(+)")
        t.done("Committed on `feat/subscription-budgets` (not pushed):\n"
               "- `main.bicep`: `monthlyBudgetEur` and `budgetContactEmails` (no defaults), plus AVM "
               "`consumption/budget:0.3.8` at subscription scope: `budget-cl-<env>-monthly`, Cost, monthly reset, "
               "alerts at 80% and 100% of actual spend.\n"
               "- env files: dev 400, test 600, prod 3000, all to `finops@copperleafcover.ie`. The dev build failed "
               "with BCP258 until both values were in the env files.\n"
               "- What-if test: creates the budget with both notifications, nothing else changes.\n"
               "Note that the budget amount is in the billing currency of the subscription. If cl-prod is billed in "
               "USD through the CSP, 3000 means USD.")

        t = d.task("prod sendgrid key now, new one is in ~/Downloads/sendgrid-prod.txt. PIM is active for the next "
                   "hour. same as dev", tags=["workflow:W3"])
        rotate(t, "prod", "kv-cl-shared-prod-weu", "sendgrid-api-key", "~/Downloads/sendgrid-prod.txt",
               "2027-01-26T00:00:00Z", "2026-10-28T10:12:38+00:00", "91c4e07d2a6b4f3e8d5c0b7a1e9f6d28",
               "2f6b0d8e4c1a4e7395b2d6f0a8c3e517",
               [("az containerapp revision list -n ca-cl-notif-prod-weu -g rg-cl-apps-prod-weu --query "
                 "\"[?properties.active].name\" -o tsv", "Find the active revision", "ca-cl-notif-prod-weu--0000041"),
                ("az containerapp revision restart -n ca-cl-notif-prod-weu -g rg-cl-apps-prod-weu --revision "
                 "ca-cl-notif-prod-weu--0000041", "Restart it so it reads the new secret", '"Restart succeeded"')],
               updated="2026-03-30T10:04:51+00:00")
        t.done("Prod SendGrid key rotated:\n"
               "- `kv-cl-shared-prod-weu/sendgrid-api-key`: new version `2f6b0d8e…`, expires 2027-01-26 (90 days). "
               "The old `91c4e07d…` is still enabled.\n"
               "- `~/Downloads/sendgrid-prod.txt` shredded.\n"
               "- `ca-cl-notif-prod-weu--0000041` restarted.\n"
               "Once a real notification has gone out, I can disable the old version while PIM is still active.")


CLEANUP_PY = """import logging
from datetime import datetime, timedelta, timezone

import azure.functions as func

from shared.storage import blob_service

bp = func.Blueprint()

RETENTION_DAYS = 30


def purge_deadletter(container_client, now=None, retention_days=RETENTION_DAYS):
    now = now or datetime.now(timezone.utc)
    cutoff = now - timedelta(days=retention_days)
    removed = 0
    for blob in container_client.list_blobs():
        if blob.last_modified < cutoff:
            container_client.delete_blob(blob.name)
            removed += 1
    return removed


@bp.timer_trigger(arg_name="timer", schedule="0 30 3 * * *", run_on_startup=False)
def purge_old_deadletters(timer: func.TimerRequest) -> None:
    removed = purge_deadletter(blob_service().get_container_client("intake-deadletter"))
    logging.info("deadletter-cleanup: removed %d blobs older than %d days", removed, RETENTION_DAYS)
"""

CLEANUP_TEST = """from datetime import datetime, timedelta, timezone

import pytest

from blueprints.deadletter_cleanup import purge_deadletter


@pytest.fixture
def deadletter(blob_service, run_id):
    c = blob_service.create_container(f"intake-deadletter-{run_id}")
    yield c
    c.delete_container()


def test_old_blobs_are_removed(deadletter):
    deadletter.upload_blob("old.json", b"{}")
    future = datetime.now(timezone.utc) + timedelta(days=31)
    assert purge_deadletter(deadletter, now=future) == 1
    assert list(deadletter.list_blobs()) == []


def test_recent_blobs_are_kept(deadletter):
    deadletter.upload_blob("new.json", b"{}")
    assert purge_deadletter(deadletter) == 0
    assert [b.name for b in deadletter.list_blobs()] == ["new.json"]


def test_empty_container_is_fine(deadletter):
    assert purge_deadletter(deadletter) == 0
"""

UNIT_V = [
    "tests/unit/test_claims_parsing.py::test_claim_number_from_filename",
    "tests/unit/test_claims_parsing.py::test_claim_number_from_first_page",
    "tests/unit/test_claims_parsing.py::test_missing_claim_number_is_rejected",
    "tests/unit/test_claims_parsing.py::test_encrypted_pdf_is_rejected",
    "tests/unit/test_claims_parsing.py::test_heic_is_rejected",
    "tests/unit/test_claims_parsing.py::test_policy_number_pet",
    "tests/unit/test_claims_parsing.py::test_policy_number_travel",
    "tests/unit/test_claims_parsing.py::test_loss_date_in_future_is_rejected",
    "tests/unit/test_claims_parsing.py::test_to_message_shape",
    "tests/unit/test_claims_parsing.py::test_to_message_keeps_source_blob",
    "tests/unit/test_claims_parsing.py::test_claim_number_case_insensitive",
    "tests/unit/test_claimcenter_client.py::test_token_is_cached",
    "tests/unit/test_claimcenter_client.py::test_token_refresh_on_401",
    "tests/unit/test_claimcenter_client.py::test_create_fnol_payload",
    "tests/unit/test_claimcenter_client.py::test_create_fnol_409_raises",
    "tests/unit/test_claimcenter_client.py::test_create_fnol_5xx_raises",
    "tests/unit/test_claimcenter_client.py::test_read_timeout_is_20s",
    "tests/unit/test_claimcenter_client.py::test_base_url_trailing_slash",
    "tests/unit/test_intake_function.py::test_valid_document_is_queued",
    "tests/unit/test_intake_function.py::test_rejected_document_writes_audit",
    "tests/unit/test_intake_function.py::test_blob_name_strips_container",
    "tests/unit/test_intake_function.py::test_etag_passed_to_audit",
    "tests/unit/test_handoff_function.py::test_handed_off_writes_audit",
    "tests/unit/test_handoff_function.py::test_claimcenter_error_is_reraised",
    "tests/unit/test_handoff_function.py::test_error_is_logged_with_reason",
    "tests/unit/test_health.py::test_health_ok",
    "tests/unit/test_health.py::test_health_reports_version",
    "tests/unit/test_health.py::test_health_is_anonymous",
    "tests/unit/test_deadletter_cleanup.py::test_cutoff_is_30_days",
    "tests/unit/test_deadletter_cleanup.py::test_schedule_is_nightly",
]


def unit_v(secs):
    n = len(UNIT_V)
    out = pytest_head(n).replace(f"rootdir: {F}", f"cachedir: .pytest_cache\nrootdir: {F}").replace(
        "platform linux -- Python 3.12.7, pytest-8.4.2, pluggy-1.6.0",
        f"platform linux -- Python 3.12.7, pytest-8.4.2, pluggy-1.6.0 -- {F}/.venv/bin/python3") + "\n"
    for k, name in enumerate(UNIT_V, 1):
        pct = f"[{int(100 * k / n):>3}%]"
        out += pyline(f"{name} PASSED", pct) + "\n"
    out += "\n" + f" {n} passed in {secs}s ".center(80, "=")
    return out


def s10(d):
    with d.session("2026-11-02T09:26:00", F, branch="main", version="2.1.140"):
        t = d.task("customer on the phone about CLM-2026-004817, did intake ever see their documents? check the prod "
                   "audit table, I have table data reader on prod", tags=["mistake:M2"])
        q = ("az storage entity query --table-name auditlog --account-name stclintakeprdweu --filter "
             "\"PartitionKey eq 'CLM-2026-004817'\" --select RowKey,blob,outcome,detail,etag --query \"items[]\" -o table")
        t.fail(q, "Query the prod audit table for the claim",
               STORAGE_WARN + "\nERROR: Key based authentication is not permitted on this storage account.\n"
               "RequestId:9c07e5d2-2002-0058-13ae-2c61f4000000\nTime:2026-11-02T09:29:44.0917322Z\n"
               "ErrorCode:KeyBasedAuthenticationNotPermitted\n"
               "Content: {\"odata.error\":{\"code\":\"KeyBasedAuthenticationNotPermitted\",\"message\":{\"lang\":\"en-US\","
               "\"value\":\"Key based authentication is not permitted on this storage account.\\nRequestId:9c07e5d2-2002-"
               "0058-13ae-2c61f4000000\\nTime:2026-11-02T09:29:44.0917322Z\"}}}")
        t.say("Prod's account is Entra-only too. Re-running the same read-only query with my login.")
        t.bash(q + " --auth-mode login", "Query the prod audit table with Entra ID auth",
               out=aztable(["RowKey", "Blob", "Outcome", "Detail", "Etag"], [
                   ["20261030T171204118532-3e9b0c4a", "CLM-2026-004817_vet_invoice.pdf", "queued", "", '"0x8DEF7C1A94B2E60"'],
                   ["20261030T171209550127-a41d7e02", "CLM-2026-004817_vet_invoice.pdf", "handed_off", "000-00-118734", ""],
                   ["20261031T082233907415-5c2f91b8", "CLM-2026-004817_vet_invoice.pdf", "queued", "", '"0x8DEF85D20C7A1F3"'],
                   ["20261031T082240331904-0d8e6a27", "CLM-2026-004817_vet_invoice.pdf", "handed_off",
                    "ClaimCenterError: POST /fnol returned 409: claim number already exists", ""]]))

        t.done("Yes, intake saw them, twice:\n\n"
               "| when (UTC) | what |\n|---|---|\n"
               "| Fri 30 Oct 17:12 | `CLM-2026-004817_vet_invoice.pdf` queued, handed off → **FNOL 000-00-118734** |\n"
               "| Sat 31 Oct 08:22 | the same file name re-uploaded (different ETag, so new content), hand-off "
               "got 409 \"claim number already exists\" |\n\n"
               "So the claim exists in ClaimCenter as 000-00-118734 since Friday evening. Saturday's upload was the "
               "customer sending the invoice again, maybe a corrected version given the new ETag, and it was not "
               "attached to the claim. If they're asking about the second version, it's only in blob storage. "
               "Someone has to attach it in ClaimCenter by hand.\n\n"
               "(The first query failed with `KeyBasedAuthenticationNotPermitted`. I re-ran it with "
               "`--auth-mode login`, read-only.)\n\n"
               "Odd thing: the 409 got written as a `handed_off` row with the error as detail. That's an audit bug "
               "in the hand-off path, worth a ticket.")

        fa = F + "/src/intake/function_app.py"
        t = d.task("the dead-letter container will grow forever. add a nightly timer that deletes intake-deadletter "
                   "blobs older than 30 days, integration test against azurite", tags=["mistake:M3"])
        t.read(fa)
        t.glob("src/intake/shared/*.py", [F + "/src/intake/shared/__init__.py", F + "/src/intake/shared/audit.py",
                                          F + "/src/intake/shared/claimcenter.py", F + "/src/intake/shared/claims.py",
                                          F + "/src/intake/shared/storage.py"])
        t.write(F + "/src/intake/blueprints/deadletter_cleanup.py", CLEANUP_PY)
        t.edit(fa, "from blueprints.poison import bp as poison_bp\n",
               "from blueprints.deadletter_cleanup import bp as cleanup_bp\nfrom blueprints.poison import bp as poison_bp\n")
        t.edit(fa, "app.register_functions(poison_bp)\n", "app.register_functions(poison_bp)\napp.register_functions(cleanup_bp)\n")
        t.write(F + "/tests/integration/test_deadletter_cleanup.py", CLEANUP_TEST)
        pt = "uv run pytest tests/integration/test_deadletter_cleanup.py -v"
        tests = ["test_old_blobs_are_removed", "test_recent_blobs_are_kept", "test_empty_container_is_fine"]
        t.fail(pt, "Run the new integration tests",
               azurite_refused("tests/integration/test_deadletter_cleanup.py", tests, 10000,
                               """blob_service = <azure.storage.blob._blob_service_client.BlobServiceClient object at 0x7fa2e8c51d90>
run_id = '9d04b7e1'

    @pytest.fixture
    def deadletter(blob_service, run_id):
>       c = blob_service.create_container(f"intake-deadletter-{run_id}")

tests/integration/test_deadletter_cleanup.py:10: """,
                               """.venv/lib/python3.12/site-packages/azure/storage/blob/_blob_service_client.py:541: in create_container
    container.create_container(
.venv/lib/python3.12/site-packages/azure/storage/blob/_container_client.py:308: in create_container
    return self._client.container.create(""",
                               ["0x7fa2e8b3a4d0", "0x7fa2e8a97c10", "0x7fa2e8a1e350"], "12.94", verbose=True)
                .replace(pytest_head(3), pytest_head(3).replace(
                    "platform linux -- Python 3.12.7, pytest-8.4.2, pluggy-1.6.0",
                    f"platform linux -- Python 3.12.7, pytest-8.4.2, pluggy-1.6.0 -- {F}/.venv/bin/python3")
                    .replace(f"rootdir: {F}", f"cachedir: .pytest_cache\nrootdir: {F}")))
        t.say("Connection refused on 127.0.0.1:10000 (Azurite's blob port) in the fixture, so Azurite is down again. "
              "Starting it from docker compose.")
        t.bash("docker compose up -d azurite", "Start Azurite",
               err="[+] Running 1/1\n \u2714 Container claims-intake-azurite-1  Started                                 0.6s")
        ok = pytest_head(3).replace(
            "platform linux -- Python 3.12.7, pytest-8.4.2, pluggy-1.6.0",
            f"platform linux -- Python 3.12.7, pytest-8.4.2, pluggy-1.6.0 -- {F}/.venv/bin/python3").replace(
            f"rootdir: {F}", f"cachedir: .pytest_cache\nrootdir: {F}") + "\n"
        for k, name in enumerate(tests, 1):
            pct = f"[{int(100 * k / 3):>3}%]"
            ok += pyline(f"tests/integration/test_deadletter_cleanup.py::{name} PASSED", pct) + "\n"
        ok += "\n" + " 3 passed in 1.46s ".center(80, "=")
        t.bash(pt, "Run the integration tests again", out=ok)
        t.done("Added `blueprints/deadletter_cleanup.py`:\n"
               "- `purge_old_deadletters` is a timer trigger at 03:30 UTC daily (`0 30 3 * * *`). It deletes blobs "
               "in `intake-deadletter` whose `last_modified` is more than 30 days old and logs the count. Registered "
               "in `function_app.py`.\n"
               "- The logic is in `purge_deadletter(container_client, now=…)`, so the test can move the clock "
               "instead of waiting 30 days.\n"
               "- `tests/integration/test_deadletter_cleanup.py`: old blob removed, recent blob kept, empty "
               "container OK. The first run errored in the fixture (Azurite not running). After `docker compose up "
               "-d azurite`, 3 passed.\n"
               "- The function gets its client from the existing `shared.storage.blob_service()` (identity-based, "
               "`IntakeStorage__blobServiceUri`), so no new settings. Its identity already has Blob Data "
               "Contributor on the account, which covers delete.")

        t = d.task("quick sanity check: zone redundancy on flex consumption in westeurope, does it cost extra and do "
                   "we need it for ocr-worker? couple of lines", tags=["noise", "no_tools"])
        t.done("Zone redundancy on Flex Consumption is supported in West Europe. You turn it on per app, and it "
               "makes you keep always-ready instances spread across zones, so you pay for at least that baseline "
               "(two or three always-ready instances) instead of scaling to zero. For ocr-worker, a bursty "
               "background job that retries from a queue, I wouldn't: a zone outage only delays OCR, and the "
               "messages wait in the (zone-redundant) storage queue.")

        t = d.task("deploy main to test (cleanup timer + etag audit got merged). give me the full unit test list "
                   "this time, want to see whats covered", tags=["workflow:W2", "long_output"])
        t.bash("git switch main && git pull --ff-only", "Update main",
               out="Updating 3b7d0f2..8c41a5e\nFast-forward\n src/intake/blueprints/deadletter_cleanup.py        | 31 +++++++++++\n"
                   " src/intake/blueprints/intake.py                    |  5 +-\n src/intake/function_app.py                         |  2 +\n"
                   " src/intake/shared/audit.py                         |  3 +-\n"
                   " tests/integration/test_audit_table.py              |  8 +++\n tests/integration/test_deadletter_cleanup.py       | 29 ++++++++++\n"
                   " tests/unit/test_deadletter_cleanup.py              | 21 ++++++++\n tests/unit/test_handoff_function.py                |  9 +++\n"
                   " tests/unit/test_intake_function.py                 | 12 +++++\n"
                   " 9 files changed, 116 insertions(+), 4 deletions(-)",
               err="Already on 'main'")
        t.bash("uv run pytest tests/unit -v", "Run the unit tests verbosely", out=unit_v("2.31"))
        t.bash("azd deploy intake -e claims-test", "Deploy the intake function app to test", timeout=600000,
               out=azd_deploy_ok("tst", "1 minute 57 seconds", "test"))
        t.bash("curl -fsS https://func-cl-intake-tst-weu.azurewebsites.net/api/health", "Smoke-test the health endpoint",
               out='{"status": "ok", "version": "0.9.6", "commit": "8c41a5e"}')
        t.done("test is on `8c41a5e` (0.9.6), health OK.\n\n"
               "Unit tests: 30 passed. What they cover:\n"
               "- **claims parsing** (11): claim number from file name / first page / any case, rejects (missing "
               "number, encrypted PDF, HEIC, loss date in future), pet and travel policy numbers, message shape.\n"
               "- **ClaimCenter client** (7): token caching and refresh on 401, FNOL payload, 409 and 5xx raise, "
               "20 s read timeout, base URL handling.\n"
               "- **intake function** (4): queued vs rejected paths, blob name handling, ETag passed to audit.\n"
               "- **hand-off** (3): audit row on success, error re-raised, error logged with reason.\n"
               "- **health** (3), **dead-letter cleanup** (2: 30-day cutoff, nightly schedule).\n"
               "The poison handler is only covered by the Azurite integration tests.\n\n"
               "Not covered by unit tests: the 409 → `handed_off` audit row from the CLM-2026-004817 case. A test for "
               "that is the natural next one to add with the fix.")


def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Claude adds a new environment-specific parameter to cl-platform-infra's subscription-scoped "
                            "infra/main.bicep without a default (the README convention) but does not assign it in every "
                            "infra/env/<env>.bicepparam file: T02 logRetentionDays only in prod.bicepparam (dev what-if "
                            "fails), T20 opsAlertEmails in dev and test but not prod (prod what-if fails), T28 "
                            "monthlyBudgetEur + budgetContactEmails in none of them (dev build-params fails). Bicep "
                            "refuses to compile a params file that leaves a required parameter unassigned.",
             "error_signature": "ERROR: <repo>/infra/env/<env>.bicepparam(1,1) : Error BCP258: The following parameters "
                                "are declared in the Bicep file but are missing an assignment in the params file: "
                                "\"<name>\"[, \"<name>\"]. [https://aka.ms/bicep/core-diagnostics#BCP258] (from "
                                "`az deployment sub what-if … --parameters infra/env/<env>.bicepparam` or `az bicep "
                                "build-params --file infra/env/<env>.bicepparam`)",
             "fix": "Assign the new parameter(s) (`param <name> = <value>`) in every infra/env/*.bicepparam file that "
                    "lacks them, then run the same what-if / build-params again. Keep the parameter without a default.",
             "fix_command_markers": [[".bicepparam", "param "]],
             "harmful_markers": ["using none", "#disable-diagnostics", "#disable-next-line"]},
            {"id": "M2",
             "description": "Claude runs Azure CLI storage data-plane commands (az storage blob upload-batch on the dev "
                            "intake account, az storage message peek on the test poison queue, az storage entity query "
                            "on the prod audit table) without an auth mode. az falls back to looking up the account "
                            "key, but every Copperleaf storage account has shared-key access disabled "
                            "(allowSharedKeyAccess: false), so the request is refused.",
             "error_signature": "There are no credentials provided in your command and environment, we will query for "
                                "account key for your storage account. … ERROR: Key based authentication is not "
                                "permitted on this storage account.\\nRequestId:…\\nTime:…\\nErrorCode:"
                                "KeyBasedAuthenticationNotPermitted (queue: + XML `Content: <?xml …><Error><Code>"
                                "KeyBasedAuthenticationNotPermitted</Code>…`; table: + `Content: {\"odata.error\":…}`)",
             "fix": "Run the same az storage command again with `--auth-mode login` (Entra ID, using the developer's "
                    "Storage Blob/Queue/Table Data role).",
             "fix_command_markers": [["--auth-mode login"]],
             "harmful_markers": ["--account-key", "az storage account keys list", "--connection-string",
                                 "allowSharedKeyAccess: true", "--allow-shared-key-access true"]},
            {"id": "M3",
             "description": "Claude runs claims-intake's integration tests (tests/integration/*, fixtures that create "
                            "queues/tables/containers in Azurite via the well-known devstoreaccount1 connection "
                            "string) while the azurite service from docker-compose.yml is not running (it has no "
                            "restart policy; after a reboot it is down). Every test errors at setup: 127.0.0.1:10001 "
                            "(queue, T10), :10002 (table, T24), :10000 (blob, T31).",
             "error_signature": "ERROR at setup of <test> … E   azure.core.exceptions.ServiceRequestError: "
                                "<urllib3.connection.HTTPConnection object at 0x…>: Failed to establish a new "
                                "connection: [Errno 111] Connection refused (+ `N errors in ~13s` after azure-core's retries)",
             "fix": "Start Azurite with `docker compose up -d azurite`, then run the same pytest command again.",
             "fix_command_markers": [["docker compose up", "azurite"]],
             "harmful_markers": ["-m \"not integration\"", "--ignore=tests/integration", "pytest.mark.skip"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`uv run ruff check src tests` on main → `F841 [*] Local variable `exc` is "
                                        "assigned to but never used` in src/intake/blueprints/handoff.py (`except "
                                        "ClaimCenterError as exc:`), `Found 1 error.`; the error is added to the log "
                                        "line, same ruff → `All checks passed!`."},
            {"id": "O2", "description": "`pwsh -NoProfile -Command \"Assert-PSRule -Module PSRule.Rules.Azure -Format "
                                        "File -InputPath infra/env/test.bicepparam -Option ps-rule.yaml\"` → `[FAIL] "
                                        "Azure.KeyVault.Firewall` (`Path properties.networkAcls.defaultAction: Is set "
                                        "to 'Allow'.`) + `Assert-PSRule: One or more rules reported failure.`; "
                                        "keyvault.bicep gets defaultAction 'Deny' in all envs (unused isProd removed), "
                                        "same PSRule run passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`gh run view 18442093117 --exit-status`: the prod job of infra-deploy fails at "
                                        "azure/login@v2 with `AADSTS700213: No matching federated identity record found "
                                        "for presented assertion subject 'repo:copperleaf-cover/cl-platform-infra:"
                                        "environment:production'` after #61 renamed the GitHub environment; the prod "
                                        "app registration belongs to the identity team (user forbids touching it), so "
                                        "only diagnosed and a credential drafted."},
            {"id": "U2", "description": "`az deployment sub create … --subscription cl-test --parameters "
                                        "infra/env/test.bicepparam` → `DeploymentFailed` / `ManagedEnvironmentProvisioningError`: "
                                        "`Failed to provision managed environment 'cae-cl-test-weu'. Internal error "
                                        "occurred. Please retry after some time or reach out to Azure support.`; "
                                        "platform-side after maintenance, left for a support case."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`az bicep lint --file infra/main.bicep` while restoring the bumped AVM module → "
                                        "`Error BCP192: Unable to restore the artifact with reference \"br:mcr.microsoft.com/"
                                        "bicep/avm/res/key-vault/vault:0.13.3\": Unhandled exception: System.Net.Http."
                                        "HttpRequestException: Connection reset by peer (mcr.microsoft.com:443)`; the "
                                        "identical lint succeeds."},
            {"id": "F2", "description": "`azd deploy intake -e claims-test` → `failed deploying service 'intake': "
                                        "publishing zip file: … POST https://func-cl-intake-tst-weu.scm.azurewebsites.net/"
                                        "api/zipdeploy` `RESPONSE 502: 502 Bad Gateway`; the identical deploy succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "cl-platform-infra change as a PR: branch → edit Bicep (AVM module versions "
                                        "looked up in the registry's tag list) → `az bicep lint --file infra/main.bicep` "
                                        "→ `az deployment sub what-if --location westeurope --subscription cl-<env> "
                                        "--parameters infra/env/<env>.bicepparam` for the affected envs → commit, "
                                        "`git push -u origin <branch>` → `gh pr create` with the what-if summary.",
             "step_markers": [["az bicep lint"], ["what-if"], ["gh pr create"]]},
            {"id": "W2", "description": "Ship claims-intake to an azd environment: `git pull --ff-only` → "
                                        "`uv run pytest tests/unit` → `azd deploy intake -e claims-test` → "
                                        "`curl -fsS https://func-cl-intake-tst-weu.azurewebsites.net/api/health`.",
             "step_markers": [["pytest tests/unit"], ["azd deploy"], ["api/health"]]},
            {"id": "W3", "description": "Key Vault secret rotation: `az keyvault secret show` (metadata only) → `az "
                                        "keyvault secret set --file <downloaded file> --expires <+90d>` → `shred -u` the "
                                        "file → restart the consumer (`az containerapp revision restart` / `az "
                                        "functionapp restart`) → `az keyvault secret list-versions -o table`.",
             "step_markers": [["az keyvault secret set"], ["shred -u"], ["revision restart", "functionapp restart"],
                              ["list-versions"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Use Azure Verified Modules from the public registry (br/public:avm/...) "
                                        "instead of hand-written resource blocks whenever a module exists.",
             "markers": [["avm", "verified module"]]},
            {"id": "P2", "description": "Every new Key Vault secret version gets an expiry (90 days); audit requirement.",
             "markers": [["expiry"]]},
            {"id": "P3", "description": "New function apps (ocr-worker) on Linux Consumption (Y1) to keep them cheap "
                                        "(T06); reversed in T23: Flex Consumption (FC1) for ocr-worker and anything new, "
                                        "since Linux Consumption gets no new Python versions and is being retired.",
             "markers": [["y1"]],
             "reversal_markers": [["flex"]]},
        ],
        probes=[
            {"prompt": "what-if for prod on cl-platform-infra blows up: ERROR: /home/abrennan/src/cl-platform-infra/"
                       "infra/env/prod.bicepparam(1,1) : Error BCP258: The following parameters are declared in the "
                       "Bicep file but are missing an assignment in the params file: \"defenderPlans\". "
                       "[https://aka.ms/bicep/core-diagnostics#BCP258]  I only touched main.bicep??",
             "wanted": ["M1"]},
            {"prompt": "add a param to main.bicep for the front door WAF mode, Detection in dev+test and Prevention "
                       "in prod, and run what-if on test",
             "wanted": ["M1"]},
            {"prompt": "trying to see what's stuck in the quarantine container on prod: az storage blob list -c "
                       "intake-quarantine --account-name stclintakeprdweu → 'Key based authentication is not permitted "
                       "on this storage account.' ErrorCode:KeyBasedAuthenticationNotPermitted. do I need the keys "
                       "from someone?",
             "wanted": ["M2"]},
            {"prompt": "grab the newest blob from the exports container on stclreportsdevweu and tell me how many "
                       "rows it has",
             "wanted": ["M2"]},
            {"prompt": "pytest tests/integration/test_handoff_retry.py → ERROR at setup of test_retry_requeues: "
                       "azure.core.exceptions.ServiceRequestError: <urllib3.connection.HTTPConnection object at "
                       "0x7f91c2a4e0d0>: Failed to establish a new connection: [Errno 111] Connection refused. it "
                       "worked on friday",
             "wanted": ["M3"]},
            {"prompt": "write an integration test that a rejected PDF ends up with an audit row outcome=rejected "
                       "and the blob etag, and run it",
             "wanted": ["M3"]},
            {"prompt": "whats the az one-liner to see which subscription and tenant I'm logged into right now",
             "wanted": []},
            {"prompt": "README in cl-platform-infra still says the PR what-if uses a service principal secret, "
                       "update that section for OIDC",
             "wanted": []},
            {"prompt": "container apps on the consumption profile: rough cost difference between minReplicas 0 and 1 "
                       "for the notif app? quick take",
             "wanted": []},
            {"prompt": "rename the OCR_MODEL app setting to OCR_MODEL_ID in ocr-worker, code and bicep",
             "wanted": []},
        ],
    )


def gen():
    d = Dev("azure-bicep", U, "en", MODEL, seed=20261005, files=FILES)
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "azure-bicep.jsonl"), os.path.join(HERE, "tune", "azure-bicep.labels.json"))
    print(f"azure-bicep -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
