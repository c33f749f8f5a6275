"""sap-cap: Felix Brandt, SAP BTP consultant-developer at Kurpfalz Consulting GmbH (fictional SAP partner, Walldorf).

Customer project for Hegau Armaturen AG (fictional valve maker): "PReq", a purchase-requisition approval app on
SAP BTP, Cloud Foundry eu10-004. SAP Cloud Application Programming Model (CAP) Node.js: @sap/cds 9 with
@cap-js/sqlite locally and @cap-js/hana on HANA Cloud, @sap/cds-dk, Fiori elements list report, xsuaa,
`mbt build` + `cf deploy` of the MTA, jest tests with cds.test, eslint with @sap/eslint-plugin-cds, GitHub Actions.

Written blind for fresh/; measured once held out (round 29), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_sap_cap.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TRACES = os.path.dirname(HERE)
sys.path.insert(0, TRACES)

from tracegen import Dev  # noqa: E402

U = "felix"
R = "/home/felix/projects/hegau-preq"
MODEL = "claude-opus-4-6"
ME = "felix.brandt@kurpfalz-consulting.de"
ORG = "hegau-dev-eu10"
API = "https://api.cf.eu10-004.hana.ondemand.com"
HANA = "hegau-hana-dev"
HANAHOST = "5e0c7a91-3b2d-4f86-9a1e-c47d2b8f6e03.hana.prod-eu10.hanacloud.ondemand.com"

README = """# hegau-preq

Purchase requisition approvals for Hegau Armaturen AG (CAP Node.js on SAP BTP, CF eu10-004).

| folder | what |
|---|---|
| `db/` | CDS domain model (`schema.cds`), seed data in `db/data/*.csv` |
| `srv/` | services: `RequisitionService` (/odata/v4/requisition), `AdminService` (/odata/v4/admin), handlers in `*.js` |
| `app/requisitions` | Fiori elements list report / object page (annotations in `annotations.cds`) |
| `app/router` | @sap/approuter |
| `test/` | jest + cds.test (`test/hybrid/` runs against the dev HDI container) |

## Local

    npm ci
    cds deploy --to sqlite        # creates/updates db.sqlite (development profile)
    cds watch
    npm test                      # jest --runInBand (see below)

The development profile keeps data in `db.sqlite` (file). cds.test uses the same profile, so jest must not run
test files in parallel workers against it: `npm test` runs jest with `--runInBand`; if you call jest yourself, pass it too.

Mocked users for development and tests are in `.cdsrc.json` (`requires.auth.users`). When you add a role to an
`@restrict`/`@requires`, give it to a mocked user there as well (and to `xs-security.json` for BTP).

## HANA Cloud (dev)

The dev instance `hegau-hana-dev` (space dev) is stopped every evening at 19:00 by the customer's cost schedule.
Start it before `cds deploy --to hana` or hybrid tests:

    cf update-service hegau-hana-dev -c '{"data":{"serviceStopped":false}}'

It takes ~5 min; `cf service hegau-hana-dev` shows `update succeeded` when it is up. Never create a new instance.

## Deploy

    mbt build -t mta_archives
    cf target -o hegau-dev-eu10 -s dev
    cf deploy mta_archives/hegau-preq_<version>.mtar
"""

PKG = """{
  "name": "hegau-preq",
  "version": "1.4.0",
  "private": true,
  "description": "Purchase requisition approvals for Hegau Armaturen",
  "engines": { "node": ">=20" },
  "dependencies": {
    "@sap/cds": "^9.3.1",
    "@cap-js/hana": "^2.2.0",
    "@sap/xssec": "^4.8.0",
    "express": "^4.21.2"
  },
  "devDependencies": {
    "@cap-js/cds-test": "^0.4.0",
    "@cap-js/sqlite": "^2.0.2",
    "@sap/cds-dk": "^9.3.0",
    "@sap/eslint-plugin-cds": "^4.0.2",
    "eslint": "^9.36.0",
    "jest": "^29.7.0"
  },
  "scripts": {
    "start": "cds-serve",
    "watch": "cds watch",
    "test": "jest --runInBand",
    "lint": "eslint ."
  }
}
"""

CDSRC = """{
  "requires": {
    "db": {
      "[development]": { "kind": "sqlite", "credentials": { "url": "db.sqlite" } },
      "[hybrid]": { "kind": "hana" },
      "[production]": { "kind": "hana" }
    },
    "auth": {
      "[development]": {
        "kind": "mocked",
        "users": {
          "hans":  { "password": "", "roles": ["Requester"] },
          "greta": { "password": "", "roles": ["Requester", "Approver"] },
          "ute":   { "password": "", "roles": ["Requester"] },
          "admin": { "password": "", "roles": ["Admin"] }
        }
      },
      "[production]": { "kind": "xsuaa" }
    },
    "S4_PURCHASING": {
      "kind": "odata-v2",
      "model": "srv/external/API_PURCHASEREQ_PROCESS_SRV",
      "[production]": { "credentials": { "destination": "HEGAU_S4_PURCHASING" } }
    }
  },
  "i18n": { "default_language": "de" }
}
"""

SCHEMA = """namespace hegau.preq;

using { cuid, managed, sap.common.CodeList } from '@sap/cds/common';

entity Requisitions : cuid, managed {
  title       : String(120) @mandatory;
  requester   : String(60);
  costCenter  : Association to CostCenters;
  status      : Association to Statuses default 'N';
  netAmount   : Decimal(15, 2);
  items       : Composition of many Items on items.parent = $self;
}

entity Items : cuid {
  parent      : Association to Requisitions;
  pos         : Integer;
  material    : String(40);
  description : String(120);
  quantity    : Decimal(13, 3);
  unitPrice   : Decimal(15, 2);
}

entity CostCenters {
  key ID      : String(10);
  name        : String(60);
  budget      : Decimal(15, 2);
  spent       : Decimal(15, 2) default 0;
}

entity Statuses : CodeList {
  key code    : String(1) enum { New = 'N'; Submitted = 'S'; Approved = 'A'; Rejected = 'R'; };
}
"""

REQSRV = """using { hegau.preq as db } from '../db/schema';

service RequisitionService @(requires: 'authenticated-user') {

  @odata.draft.enabled
  @restrict: [
    { grant: ['READ', 'WRITE'], to: 'Requester', where: 'createdBy = $user' },
    { grant: ['READ'], to: 'Approver' }
  ]
  entity Requisitions as projection on db.Requisitions actions {
    @(requires: 'Requester') action submit();
    @(requires: 'Approver')  action approve();
    @(requires: 'Approver')  action reject(reason : String);
  };

  @readonly entity CostCenters as projection on db.CostCenters;
  @readonly entity Statuses as projection on db.Statuses;
}
"""

REQJS = """const cds = require('@sap/cds')

module.exports = class RequisitionService extends cds.ApplicationService {
  init() {
    const { Requisitions, Items } = this.entities

    this.before('SAVE', Requisitions, async req => {
      const items = req.data.items ?? []
      req.data.netAmount = items.reduce((sum, i) => sum + Number(i.quantity) * Number(i.unitPrice), 0)
    })

    this.on('submit', Requisitions, async req => {
      const [{ ID }] = req.params
      const r = await SELECT.one.from(Requisitions, ID).columns('status_code')
      if (r?.status_code !== 'N') return req.reject(409, 'REQUISITION_NOT_NEW')
      await UPDATE(Requisitions, ID).with({ status_code: 'S' })
    })

    this.on('approve', Requisitions, async req => {
      const [{ ID }] = req.params
      await UPDATE(Requisitions, ID).with({ status_code: 'A' })
    })

    this.on('reject', Requisitions, async req => {
      const [{ ID }] = req.params
      await UPDATE(Requisitions, ID).with({ status_code: 'R' })
    })

    return super.init()
  }
}
"""

ANNOT = """using RequisitionService as service from '../../srv/requisition-service';

annotate service.Requisitions with @(
  UI.HeaderInfo : {
    TypeName       : '{i18n>Requisition}',
    TypeNamePlural : '{i18n>Requisitions}',
    Title          : { Value: title }
  },
  UI.SelectionFields : [ status_code, costCenter_ID ],
  UI.LineItem : [
    { Value: title,          Label: '{i18n>Title}' },
    { Value: requester,      Label: '{i18n>Requester}' },
    { Value: costCenter_ID,  Label: '{i18n>CostCenter}' },
    { Value: netAmount,      Label: '{i18n>NetAmount}' },
    { Value: status.name,    Label: '{i18n>Status}' }
  ]
);
"""

I18N = """Requisition=Requisition
Requisitions=Requisitions
Title=Title
Requester=Requester
CostCenter=Cost Center
NetAmount=Net Amount
Status=Status
"""

I18N_DE = """Requisition=Bestellanforderung
Requisitions=Bestellanforderungen
Title=Bezeichnung
Requester=Anforderer
CostCenter=Kostenstelle
NetAmount=Nettobetrag
Status=Status
"""

REQTEST = """const cds = require('@sap/cds')

describe('RequisitionService', () => {
  const { GET, POST, expect } = cds.test(__dirname + '/..')

  it('hans sees only his own requisitions', async () => {
    const { data } = await GET('/odata/v4/requisition/Requisitions', { auth: { username: 'hans' } })
    expect(data.value.every(r => r.createdBy === 'hans')).to.be.true
  })

  it('greta can approve a submitted requisition', async () => {
    const id = 'a1f6c0de-0000-4000-8000-000000000002'
    await POST(`/odata/v4/requisition/Requisitions(ID=${id},IsActiveEntity=true)/RequisitionService.approve`, {},
      { auth: { username: 'greta' } })
    const { data } = await GET(`/odata/v4/requisition/Requisitions(ID=${id},IsActiveEntity=true)`,
      { auth: { username: 'greta' } })
    expect(data.status_code).to.equal('A')
  })
})
"""

MTA = """_schema-version: '3.1'
ID: hegau-preq
version: 1.4.0
description: Purchase requisition approvals

parameters:
  enable-parallel-deployments: true

build-parameters:
  before-all:
    - builder: custom
      commands:
        - npm ci
        - npx cds build --production

modules:
  - name: hegau-preq-srv
    type: nodejs
    path: gen/srv
    parameters:
      buildpack: nodejs_buildpack
      memory: 256M
    provides:
      - name: srv-api
        properties:
          srv-url: ${default-url}
    requires:
      - name: preq-db
      - name: preq-auth
      - name: preq-destination

  - name: hegau-preq-db-deployer
    type: hdb
    path: gen/db
    parameters:
      buildpack: nodejs_buildpack
    requires:
      - name: preq-db

  - name: hegau-preq
    type: approuter.nodejs
    path: app/router
    parameters:
      memory: 256M
    requires:
      - name: srv-api
        group: destinations
        properties:
          name: srv-api
          url: ~{srv-url}
          forwardAuthToken: true
      - name: preq-auth

resources:
  - name: preq-db
    type: com.sap.xs.hdi-container
    parameters:
      service: hana
      service-plan: hdi-shared
  - name: preq-auth
    type: org.cloudfoundry.managed-service
    parameters:
      service: xsuaa
      service-plan: application
      path: ./xs-security.json
  - name: preq-destination
    type: org.cloudfoundry.managed-service
    parameters:
      service: destination
      service-plan: lite
"""

XSSEC = """{
  "xsappname": "hegau-preq",
  "tenant-mode": "dedicated",
  "scopes": [
    { "name": "$XSAPPNAME.Requester", "description": "Create and submit requisitions" },
    { "name": "$XSAPPNAME.Approver", "description": "Approve or reject requisitions" },
    { "name": "$XSAPPNAME.Admin", "description": "Maintain cost centers" }
  ],
  "attributes": [],
  "role-templates": [
    { "name": "Requester", "scope-references": ["$XSAPPNAME.Requester"] },
    { "name": "Approver", "scope-references": ["$XSAPPNAME.Approver"] },
    { "name": "Admin", "scope-references": ["$XSAPPNAME.Admin"] }
  ],
  "role-collections": [
    { "name": "PReq_Requester", "role-template-references": ["$XSAPPNAME.Requester"] },
    { "name": "PReq_Approver", "role-template-references": ["$XSAPPNAME.Approver", "$XSAPPNAME.Requester"] },
    { "name": "PReq_Admin", "role-template-references": ["$XSAPPNAME.Admin"] }
  ]
}
"""

ADMINSRV = """using { hegau.preq as db } from '../db/schema';

service AdminService @(requires: 'Admin') {
  entity CostCenters as projection on db.CostCenters;
  entity Statuses as projection on db.Statuses;
}
"""

ESLINT = """import cds from '@sap/eslint-plugin-cds'
import js from '@eslint/js'
import globals from 'globals'

export default [
  js.configs.recommended,
  cds.configs.recommended,
  {
    files: ['srv/**/*.js', 'test/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node, ...globals.jest, SELECT: 'readonly', INSERT: 'readonly', UPDATE: 'readonly', DELETE: 'readonly' } }
  },
  { ignores: ['gen/**', 'mta_archives/**', 'app/router/node_modules/**'] }
]
"""

CI = """name: ci
on:
  pull_request:
  push:
    branches: [main]
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with: { node-version: 22, cache: npm }
      - run: npm ci
      - run: npx eslint .
      - run: npm test
"""

CC_CSV = """ID;name;budget;spent
4711;Einkauf Werk Singen;250000.00;81230.50
4712;Instandhaltung;120000.00;99210.00
4720;IT;80000.00;12000.00
"""

FILES = {
    R + "/README.md": README,
    R + "/package.json": PKG,
    R + "/.cdsrc.json": CDSRC,
    R + "/db/schema.cds": SCHEMA,
    R + "/db/data/hegau.preq-CostCenters.csv": CC_CSV,
    R + "/srv/requisition-service.cds": REQSRV,
    R + "/srv/requisition-service.js": REQJS,
    R + "/srv/admin-service.cds": ADMINSRV,
    R + "/app/requisitions/annotations.cds": ANNOT,
    R + "/_i18n/i18n.properties": I18N,
    R + "/_i18n/i18n_de.properties": I18N_DE,
    R + "/test/requisition.test.js": REQTEST,
    R + "/mta.yaml": MTA,
    R + "/xs-security.json": XSSEC,
    R + "/eslint.config.mjs": ESLINT,
    R + "/.github/workflows/ci.yml": CI,
}

# ------------------------------------------------------------------ output helpers


def jest_pass(suites, dur, pattern):
    """suites: list of (file, describe, [(test, ms)])"""
    out = []
    nt = 0
    for f, desc, tests in suites:
        out.append(f"PASS test/{f}")
        out.append(f"  {desc}")
        for name, ms in tests:
            out.append(f"    \u2713 {name} ({ms} ms)")
            nt += 1
        out.append("")
    n = len(suites)
    out.append(f"Test Suites: {n} passed, {n} total")
    out.append(f"Tests:       {nt} passed, {nt} total")
    out.append("Snapshots:   0 total")
    out.append(f"Time:        {dur} s")
    out.append(pattern)
    return "\n".join(out)


def jest_403(f, desc, test, ms, user, url_line, line, others, dur, pattern, passed_others=1):
    out = [f"FAIL test/{f}", f"  {desc}"]
    for name, m in others:
        out.append(f"    \u2713 {name} ({m} ms)")
    out.append(f"    \u2715 {test} ({ms} ms)")
    out.append("")
    out.append(f"  \u25cf {desc} \u203a {test}")
    out.append("")
    out.append("    AxiosError: 403 - Forbidden")
    out.append("")
    out.append(f"      {line - 1} |   it('{test}', async () => {{")
    out.append(f"    > {line} |     {url_line}")
    out.append("         |     ^")
    out.append("")
    out.append("      at Axios.request (node_modules/axios/lib/core/Axios.js:45:41)")
    out.append(f"      at Object.<anonymous> (test/{f}:{line}:5)")
    out.append("")
    n_ok = len(others)
    out.append("Test Suites: 1 failed, 1 total")
    out.append(f"Tests:       1 failed, {n_ok} passed, {n_ok + 1} total" if n_ok else "Tests:       1 failed, 1 total")
    out.append("Snapshots:   0 total")
    out.append(f"Time:        {dur} s")
    out.append(pattern)
    return "\n".join(out)


def jest_locked(files, failing, dur, pattern):
    """parallel jest workers on the same db.sqlite file"""
    out = []
    nfail = 0
    npass = 0
    for f, desc, ok_tests, bad in files:
        if f in failing:
            out.append(f"FAIL test/{f}")
            out.append(f"  \u25cf {desc} \u203a {bad}")
            out.append("")
            out.append("    SqliteError: database is locked")
            out.append("")
            out.append("      at Database.exec (node_modules/better-sqlite3/lib/methods/wrappers.js:9:14)")
            out.append("      at SQLiteService.exec (node_modules/@cap-js/sqlite/lib/SQLiteService.js:133:20)")
            out.append("      at SQLiteService.deploy (node_modules/@sap/cds/lib/dbs/cds-deploy.js:164:24)")
            out.append("      at cds.test.run (node_modules/@cap-js/cds-test/lib/cds-test.js:62:7)")
            out.append("")
            nfail += 1 + len(ok_tests)
        else:
            out.append(f"PASS test/{f}")
            npass += len(ok_tests) + 1
    out.append("")
    ns = len(files)
    nf = len(failing)
    out.append(f"Test Suites: {nf} failed, {ns - nf} passed, {ns} total")
    out.append(f"Tests:       {nfail} failed, {npass} passed, {nfail + npass} total")
    out.append("Snapshots:   0 total")
    out.append(f"Time:        {dur} s")
    out.append(pattern)
    return "\n".join(out)


def hana_fail(container, port, dur, when, extra_head=""):
    return (extra_head +
            "[cds] - running HDI deployer in gen/db\n"
            "@sap/hdi-deploy, version 5.4.2 (mode default), server version unknown (0.0.0.0), node version 22.19.0, "
            "HDI version -1, container API version -1\n"
            f"Deployment started at {when}\n"
            f"Detection of server version failed; root cause: Connection failed (RTE:[89008] Socket closed by peer "
            f"({HANAHOST}:443))\n"
            f"Detection of container API version failed; root cause: Connection failed (RTE:[89008] Socket closed by "
            f"peer ({HANAHOST}:443))\n"
            f"Deployment to container {container} failed - error: Connection failed (RTE:[89008] Socket closed by "
            f"peer (10.0.{port % 200}.17:{port} -> {HANAHOST}:443)) [8211605]\n"
            f"Deployment ended at {when[:-2]}{int(when[-2:]) + 3:02d}\n"
            f"({dur})\n"
            "Error: Child process exited with code 1")


def cds_build_hana(ver="9.3.1", dk="9.3.0", ms=1412):
    return ("building project with {\n"
            f"  versions: {{ cds: '{ver}', compiler: '6.3.2', dk: '{dk}' }},\n"
            "  target: 'gen',\n"
            "  tasks: [ { src: 'db', for: 'hana', options: { model: [ 'db', 'srv', 'app' ] } } ]\n"
            "}\n"
            "done > wrote output to:\n"
            "   gen/db/package.json\n"
            "   gen/db/src/.hdiconfig\n"
            "   gen/db/src/gen/.hdiconfig\n"
            "   gen/db/src/gen/hegau.preq.CostCenters.hdbtable\n"
            "   gen/db/src/gen/hegau.preq.Items.hdbtable\n"
            "   gen/db/src/gen/hegau.preq.Requisitions.hdbtable\n"
            "   ...\n"
            f"build completed in {ms} ms\n")


def hana_ok(container, when, changed, dur):
    lines = [f"[cds] - running HDI deployer in gen/db",
             "@sap/hdi-deploy, version 5.4.2 (mode default), server version 4.00.000.00.1758712338 (4.0.0.0), "
             "node version 22.19.0, HDI version 4, container API version 4",
             f"Deployment started at {when}",
             "Detection of .hdiignore file: not found",
             f"Processing revoke files...",
             f"Processing revoke files... ok (0s 0ms)",
             f"Processing grants files...",
             f"Processing grants files... ok (0s 0ms)",
             f"Preprocessing files...",
             f"Preprocessing files... ok (0s 12ms)",
             f"Connecting to the container \"{container}\"...",
             f"Connecting to the container \"{container}\"... ok (0s 611ms)",
             "Deploying to the container \"" + container + "\"..."]
    for c in changed:
        lines.append(f" Deploying \"{c}\"")
    lines += [f"Deploying to the container \"{container}\"... ok ({dur})",
              f"Deployment to container {container} done [Deployment ID: none].",
              f"Deployment ended at {when[:-2]}{int(when[-2:]) + 9:02d}",
              f"({dur})",
              "",
              "[cds] - successfully deployed to HANA"]
    return "\n".join(lines)


def mbt_ok(stamp, version, secs):
    return (f"[{stamp}]  INFO Cloud MTA Build Tool version 1.2.34\n"
            f"[{stamp}]  INFO generating the \"Makefile_{stamp.replace('-', '').replace(' ', '').replace(':', '')}.mta\" file...\n"
            f"[{stamp}]  INFO done\n"
            f"[{stamp}]  INFO executing the \"make -f Makefile_{stamp.replace('-', '').replace(' ', '').replace(':', '')}.mta "
            f"p=cf mtar= strict=true mode= t=\\\"{R}/mta_archives\\\"\" command...\n"
            f"[{stamp}]  INFO validating the MTA project\n"
            f"[{stamp}]  INFO running the \"before-all\" build...\n"
            f"[{stamp}]  INFO executing the \"npm ci\" command...\n"
            "\nadded 412 packages, and audited 413 packages in 14s\n\nfound 0 vulnerabilities\n"
            f"[{stamp}]  INFO executing the \"npx cds build --production\" command...\n"
            "building project with {\n  versions: { cds: '9.3.1', compiler: '6.3.2', dk: '9.3.0' },\n  target: 'gen',\n"
            "  tasks: [\n    { src: 'db', for: 'hana', options: { model: [ 'db', 'srv', 'app' ] } },\n"
            "    { src: 'srv', for: 'nodejs', options: { model: [ 'db', 'srv', 'app' ] } }\n  ]\n}\n"
            "done > wrote output to:\n   gen/db/package.json\n   gen/db/src/gen/.hdiconfig\n   ...\n   gen/srv/package.json\n"
            "   gen/srv/srv/csn.json\n   gen/srv/srv/_i18n/i18n.json\n\n"
            f"build completed in {secs * 41} ms\n\n"
            f"[{stamp}]  INFO validating the MTA project\n"
            f"[{stamp}]  INFO building the \"hegau-preq-srv\" module...\n"
            f"[{stamp}]  INFO finished building the \"hegau-preq-srv\" module\n"
            f"[{stamp}]  INFO building the \"hegau-preq-db-deployer\" module...\n"
            f"[{stamp}]  INFO finished building the \"hegau-preq-db-deployer\" module\n"
            f"[{stamp}]  INFO building the \"hegau-preq\" module...\n"
            f"[{stamp}]  INFO finished building the \"hegau-preq\" module\n"
            f"[{stamp}]  INFO generating the metadata...\n"
            f"[{stamp}]  INFO generating the MTA archive...\n"
            f"[{stamp}]  INFO the MTA archive generated at: {R}/mta_archives/hegau-preq_{version}.mtar\n"
            f"[{stamp}]  INFO cleaning temporary files...")


def cf_target(space):
    return (f"API endpoint:   {API}\nAPI version:    3.197.0\nuser:           {ME}\norg:            {ORG}\n"
            f"space:          {space}")


def cf_deploy_ok(version, prev, opid, space="dev"):
    return (f"Deploying multi-target app archive mta_archives/hegau-preq_{version}.mtar in org {ORG} / space {space} "
            f"as {ME}...\n\n"
            f"Uploading 1 files...\n  {R}/mta_archives/hegau-preq_{version}.mtar\nOK\n"
            f"Operation ID: {opid}\n"
            f"Deploying in org \"{ORG}\" and space \"{space}\"\n"
            "Detected MTA schema version: \"3\"\n"
            f"Detected deployed MTA with ID \"hegau-preq\" and version \"{prev}\"\n"
            f"Detected new MTA version: \"{version}\"\n"
            f"Deployed MTA version: \"{prev}\"\n"
            "Processing service \"preq-db\"...\n"
            "Processing service \"preq-auth\"...\n"
            "Processing service \"preq-destination\"...\n"
            "Updating service \"preq-auth\"...\n"
            "Updating application \"hegau-preq-db-deployer\"...\n"
            "Updating application \"hegau-preq-srv\"...\n"
            "Updating application \"hegau-preq\"...\n"
            "Uploading application \"hegau-preq-db-deployer\"...\n"
            "Uploading application \"hegau-preq-srv\"...\n"
            "Uploading application \"hegau-preq\"...\n"
            "Staging application \"hegau-preq-db-deployer\"...\n"
            "Application \"hegau-preq-db-deployer\" staged\n"
            "Executing task \"deploy\" on application \"hegau-preq-db-deployer\"...\n"
            "Task execution status: succeeded\n"
            "Stopping application \"hegau-preq-db-deployer\"...\n"
            "Staging application \"hegau-preq-srv\"...\n"
            "Staging application \"hegau-preq\"...\n"
            "Application \"hegau-preq-srv\" staged\n"
            "Application \"hegau-preq\" staged\n"
            "Starting application \"hegau-preq-srv\"...\n"
            "Starting application \"hegau-preq\"...\n"
            f"Application \"hegau-preq-srv\" started and available at \"{ORG}-{space}-hegau-preq-srv.cfapps.eu10-004.hana.ondemand.com\"\n"
            f"Application \"hegau-preq\" started and available at \"{ORG}-{space}-hegau-preq.cfapps.eu10-004.hana.ondemand.com\"\n"
            "Deleting discontinued configuration entries for application \"hegau-preq-srv\"...\n"
            "Process finished.\n"
            f"Use \"cf dmol -i {opid}\" to download the logs of the process.")


def cf_mta(version, space="dev"):
    return (f"Showing health and status for multi-target app hegau-preq in org {ORG} / space {space} as {ME}...\nOK\n"
            f"Version: {version}\nNamespace: \n\nApps:\n"
            "name                     requested state   instances   memory   disk   urls\n"
            f"hegau-preq               started           1/1         256M     1G     {ORG}-{space}-hegau-preq.cfapps.eu10-004.hana.ondemand.com\n"
            "hegau-preq-db-deployer   stopped           0/1         256M     1G     \n"
            f"hegau-preq-srv           started           1/1         256M     1G     {ORG}-{space}-hegau-preq-srv.cfapps.eu10-004.hana.ondemand.com\n\n"
            "Services:\n"
            "name               service       plan          bound apps                                last operation\n"
            "preq-auth          xsuaa         application   hegau-preq, hegau-preq-srv                update succeeded\n"
            "preq-db            hana          hdi-shared    hegau-preq-db-deployer, hegau-preq-srv    create succeeded\n"
            "preq-destination   destination   lite          hegau-preq-srv                            create succeeded")


def update_service(space="dev"):
    return (f"Updating service instance {HANA} in org {ORG} / space {space} as {ME}...\n\n"
            f"Update in progress. Use 'cf services' or 'cf service {HANA}' to check operation status.\nOK")


def service_status(status, started, updated):
    return (f"Showing info of service {HANA} in org {ORG} / space dev as {ME}...\n\n"
            f"name:            {HANA}\nguid:            b2d41f07-6c3e-4a55-9f1d-0e8a7c52d914\ntype:            managed\n"
            "broker:          sm-hana-cloud-4f1a8d2e\noffering:        hana-cloud\nplan:            hana\n"
            "tags:            \noffering tags:   hana, database\n"
            "description:     SAP HANA Cloud\ndocumentation:   \ndashboard url:   https://hana-cockpit.cfapps.eu10.hana.ondemand.com/hcs/sap/hana/cloud/index.html\n\n"
            f"Showing status of last operation:\n   status:    {status}\n   message:   \n"
            f"   started:   {started}\n   updated:   {updated}\n\n"
            "Showing bound apps:\n   There are no bound apps for this service instance.\n\n"
            "Showing sharing info:\n   This service instance is not shared.\n\n"
            "Showing upgrade status:\n   There is no upgrade available for this service instance.")


ESLINT_OK = ""


def gen():
    d = Dev("sap-cap", U, "en", MODEL, seed=20261005, files=FILES)
    SCH = R + "/db/schema.cds"
    RS = R + "/srv/requisition-service.cds"
    RJ = R + "/srv/requisition-service.js"
    RC = R + "/.cdsrc.json"
    AN = R + "/app/requisitions/annotations.cds"
    I18 = R + "/_i18n/i18n.properties"
    I18D = R + "/_i18n/i18n_de.properties"
    XS = R + "/xs-security.json"
    MY = R + "/mta.yaml"
    UPD = "cf update-service hegau-hana-dev -c '{\"data\":{\"serviceStopped\":false}}'"

    # ================= S1 =================
    with d.session("2026-10-05T08:40:00", R, branch="main", version="2.1.181"):
        t = d.task("morning. I'm taking over the hegau preq app from Sabine, she's on parental leave. give me the "
                   "tour: model, services, auth, how it gets to btp", tags=["noise"])
        t.read(R + "/README.md")
        t.glob("**/*.cds", [R + "/db/schema.cds", R + "/srv/requisition-service.cds", R + "/srv/admin-service.cds",
                            R + "/app/requisitions/annotations.cds", R + "/srv/external/API_PURCHASEREQ_PROCESS_SRV.cds"])
        t.read(SCH)
        t.read(RS)
        t.read(RC)
        t.read(MY)
        t.done("**Model** (`db/schema.cds`, namespace `hegau.preq`): `Requisitions` (cuid + managed) with a "
               "composition of `Items`, an association to `CostCenters` (budget/spent) and a `Statuses` code list "
               "(N/S/A/R).\n\n"
               "**Services**: `RequisitionService` at `/odata/v4/requisition`, draft-enabled Requisitions with "
               "`submit`/`approve`/`reject` bound actions; requesters see only their own rows "
               "(`where: 'createdBy = $user'`), approvers read all. `AdminService` (role Admin) maintains cost "
               "centers. Handlers in `srv/requisition-service.js` use `cds.ql` (`SELECT.one.from`, `UPDATE`). "
               "There is an imported S/4 API (`API_PURCHASEREQ_PROCESS_SRV`) bound via destination "
               "`HEGAU_S4_PURCHASING` in production.\n\n"
               "**Auth**: locally mocked users in `.cdsrc.json` (hans = Requester, greta = Requester + Approver, "
               "ute = Requester, admin); on BTP xsuaa with role collections `PReq_Requester`, `PReq_Approver`, "
               "`PReq_Admin` from `xs-security.json`.\n\n"
               "**DB**: SQLite file `db.sqlite` in development, HANA Cloud HDI container `preq-db` for hybrid and "
               "production. The dev HANA instance is stopped every evening at 19:00; README has the "
               "`cf update-service` command to start it.\n\n"
               "**To BTP**: `mbt build` → `cf deploy` of `mta_archives/hegau-preq_<version>.mtar` to org "
               "`hegau-dev-eu10`, space dev (srv, approuter, HDI deployer; xsuaa + destination services).")

        t = d.task("first real thing: budget check. add a `currency` to CostCenters and a `validFrom/validTo` so "
                   "Hegau can keep old fiscal years, seed csv accordingly, and in the SAVE handler reject if the "
                   "amount exceeds budget - spent. no raw SQL in the handler please, keep it in cds.ql",
                   tags=["workflow:W2", "pref:P1"])
        t.read(SCH)
        t.edit(SCH, """using { cuid, managed, sap.common.CodeList } from '@sap/cds/common';""",
               """using { cuid, managed, Currency, sap.common.CodeList } from '@sap/cds/common';""")
        t.edit(SCH, """  budget      : Decimal(15, 2);
  spent       : Decimal(15, 2) default 0;
}""", """  budget      : Decimal(15, 2);
  spent       : Decimal(15, 2) default 0;
  currency    : Currency;
  validFrom   : Date;
  validTo     : Date;
}""")
        t.read(R + "/db/data/hegau.preq-CostCenters.csv")
        t.write(R + "/db/data/hegau.preq-CostCenters.csv", """ID;name;budget;spent;currency_code;validFrom;validTo
4711;Einkauf Werk Singen;250000.00;81230.50;EUR;2026-01-01;2026-12-31
4712;Instandhaltung;120000.00;99210.00;EUR;2026-01-01;2026-12-31
4720;IT;80000.00;12000.00;EUR;2026-01-01;2026-12-31
4730;Vertrieb Schweiz;60000.00;4100.00;CHF;2026-01-01;2026-12-31
""")
        t.read(RJ)
        t.edit(RJ, """      req.data.netAmount = items.reduce((sum, i) => sum + Number(i.quantity) * Number(i.unitPrice), 0)
    })""", """      req.data.netAmount = items.reduce((sum, i) => sum + Number(i.quantity) * Number(i.unitPrice), 0)
      if (!req.data.costCenter_ID) return
      const cc = await SELECT.one.from('hegau.preq.CostCenters', req.data.costCenter_ID)
        .columns('budget', 'spent', 'validTo')
      if (!cc) return req.error(400, 'COST_CENTER_UNKNOWN', 'costCenter_ID')
      if (cc.validTo && cc.validTo < new Date().toISOString().slice(0, 10))
        return req.error(400, 'COST_CENTER_EXPIRED', 'costCenter_ID')
      if (req.data.netAmount > Number(cc.budget) - Number(cc.spent))
        return req.error(400, 'BUDGET_EXCEEDED', 'netAmount')
    })""")
        t.bash("cds deploy --to sqlite", "Deploy model and seed data to db.sqlite",
               out=" > init from db/data/hegau.preq-CostCenters.csv\n > init from db/data/hegau.preq-Statuses.csv\n"
                   " > init from db/data/hegau.preq-Requisitions.csv\n > init from db/data/hegau.preq-Items.csv\n"
                   " > init from node_modules/@sap/cds/common/data/sap.common-Currencies.csv\n"
                   "/> successfully deployed to db.sqlite")
        t.write(R + "/test/budget.test.js", """const cds = require('@sap/cds')

describe('budget check', () => {
  const { POST, expect } = cds.test(__dirname + '/..')

  it('rejects a requisition above the remaining budget', async () => {
    const res = await POST('/odata/v4/requisition/Requisitions', {
      title: 'Pumpe', costCenter_ID: '4712',
      items: [{ pos: 10, material: 'P-4000', quantity: 3, unitPrice: 8000 }]
    }, { auth: { username: 'hans' } }).catch(e => e.response)
    await POST(`/odata/v4/requisition/Requisitions(ID=${res.data.ID},IsActiveEntity=false)/RequisitionService.draftActivate`,
      {}, { auth: { username: 'hans' } }).then(() => { throw new Error('should fail') }, e => {
      expect(e.response.status).to.equal(400)
      expect(e.response.data.error.code).to.equal('BUDGET_EXCEEDED')
    })
  })

  it('accepts a requisition within budget', async () => {
    const { data } = await POST('/odata/v4/requisition/Requisitions', {
      title: 'Laptop', costCenter_ID: '4720', items: [{ pos: 10, material: 'IT-NB14', quantity: 1, unitPrice: 1450 }]
    }, { auth: { username: 'hans' } })
    const { status } = await POST(`/odata/v4/requisition/Requisitions(ID=${data.ID},IsActiveEntity=false)/RequisitionService.draftActivate`,
      {}, { auth: { username: 'hans' } })
    expect(status).to.equal(201)
  })
})
""")
        t.bash("npx jest test/budget.test.js", "Run the budget tests",
               err=jest_pass([("budget.test.js", "budget check",
                               [("rejects a requisition above the remaining budget", 188),
                                ("accepts a requisition within budget", 95)])], "2.871",
                             "Ran all test suites matching /test\\/budget.test.js/i."))
        t.done("Done:\n- `CostCenters` got `currency : Currency` (from `@sap/cds/common`), `validFrom`, `validTo`; the "
               "seed CSV has `currency_code` and the 2026 validity (plus 4730 Vertrieb Schweiz in CHF).\n"
               "- `before('SAVE')` reads the cost center with `SELECT.one.from(...).columns(...)` and rejects with "
               "`COST_CENTER_UNKNOWN`, `COST_CENTER_EXPIRED` or `BUDGET_EXCEEDED` (400, on the field so Fiori "
               "shows it at the input). No SQL strings.\n"
               "- `cds deploy --to sqlite` is through, `test/budget.test.js` (2 tests) passes.\n"
               "The message keys still need texts in `_i18n/messages.properties`; tell me if you want them now.")

        t = d.task("quick q no need to look at code: @readonly vs @restrict grant READ, whats the practical "
                   "difference for the fiori app", tags=["no_tools"])
        t.done("`@readonly` is about *what* can be done on the entity at all: the service rejects "
               "CREATE/UPDATE/DELETE for everybody with 405, and Fiori elements hides the create/edit/delete "
               "buttons because the generated metadata carries `InsertRestrictions/UpdateRestrictions/"
               "DeleteRestrictions: false`.\n\n"
               "`@restrict: [{ grant: 'READ', to: 'X' }]` is about *who*: only users with role X may read, all "
               "other events are denied (403) for everyone because nothing else is granted. The write restrictions "
               "in the metadata are not switched off, so Fiori may still show the Create button and the user gets "
               "a 403 when pressing it.\n\n"
               "For a value help like `CostCenters` you usually want both: `@readonly` for the UI and an "
               "`@restrict`/`@requires` for the role.")

    # ================= S2 =================
    with d.session("2026-10-07T09:10:00", R, branch="feature/budget-owner", version="2.1.182"):
        t = d.task("new role BudgetOwner: can read requisitions of their own cost centers and raise the budget "
                   "via an action `increaseBudget(amount)` on CostCenters in RequisitionService. test it with "
                   "ute, she's the budget owner for 4712 in the test data", tags=["mistake:M1"])
        t.read(RS)
        t.edit(RS, """  @readonly entity CostCenters as projection on db.CostCenters;""",
               """  @restrict: [
    { grant: 'READ' },
    { grant: 'increaseBudget', to: 'BudgetOwner' }
  ]
  entity CostCenters as projection on db.CostCenters actions {
    action increaseBudget(amount : Decimal(15, 2));
  };""")
        t.read(RJ)
        t.edit(RJ, """    this.on('approve', Requisitions, async req => {""",
               """    this.on('increaseBudget', 'CostCenters', async req => {
      const [{ ID }] = req.params
      const { amount } = req.data
      if (!(amount > 0)) return req.reject(400, 'AMOUNT_NOT_POSITIVE')
      await UPDATE('hegau.preq.CostCenters', ID).with({ budget: { '+=': amount } })
    })

    this.on('approve', Requisitions, async req => {""")
        t.write(R + "/test/budget-owner.test.js", """const cds = require('@sap/cds')

describe('BudgetOwner', () => {
  const { GET, POST, expect } = cds.test(__dirname + '/..')

  it('ute can raise the budget of 4712', async () => {
    await POST("/odata/v4/requisition/CostCenters('4712')/RequisitionService.increaseBudget", { amount: 5000 }, { auth: { username: 'ute' } })
    const { data } = await GET("/odata/v4/requisition/CostCenters('4712')", { auth: { username: 'ute' } })
    expect(Number(data.budget)).to.equal(125000)
  })

  it('hans cannot raise budgets', async () => {
    await POST("/odata/v4/requisition/CostCenters('4712')/RequisitionService.increaseBudget", { amount: 1 }, { auth: { username: 'hans' } })
      .then(() => { throw new Error('should fail') }, e => expect(e.response.status).to.equal(403))
  })
})
""")
        t.fail("npx jest test/budget-owner.test.js", "Run the BudgetOwner tests",
               jest_403("budget-owner.test.js", "BudgetOwner", "ute can raise the budget of 4712", 64, "ute",
                        "await POST(\"/odata/v4/requisition/CostCenters('4712')/RequisitionService.increaseBudget\", "
                        "{ amount: 5000 }, { auth: { username: 'ute' } })", 7,
                        [("hans cannot raise budgets", 21)], "2.604",
                        "Ran all test suites matching /test\\/budget-owner.test.js/i."))
        t.say("403 for ute: the mocked user only has `Requester` in `.cdsrc.json`, so the new `BudgetOwner` grant "
              "can never match locally. The role has to be given to her there (and to xs-security.json for BTP).")
        t.read(RC)
        t.edit(RC, """          "ute":   { "password": "", "roles": ["Requester"] },""",
               """          "ute":   { "password": "", "roles": ["Requester", "BudgetOwner"] },""")
        t.read(XS)
        t.edit(XS, """    { "name": "$XSAPPNAME.Admin", "description": "Maintain cost centers" }
  ],""", """    { "name": "$XSAPPNAME.Admin", "description": "Maintain cost centers" },
    { "name": "$XSAPPNAME.BudgetOwner", "description": "Raise cost center budgets" }
  ],""")
        t.edit(XS, """    { "name": "Admin", "scope-references": ["$XSAPPNAME.Admin"] }
  ],""", """    { "name": "Admin", "scope-references": ["$XSAPPNAME.Admin"] },
    { "name": "BudgetOwner", "scope-references": ["$XSAPPNAME.BudgetOwner"] }
  ],""")
        t.edit(XS, """    { "name": "PReq_Admin", "role-template-references": ["$XSAPPNAME.Admin"] }""",
               """    { "name": "PReq_Admin", "role-template-references": ["$XSAPPNAME.Admin"] },
    { "name": "PReq_BudgetOwner", "role-template-references": ["$XSAPPNAME.BudgetOwner", "$XSAPPNAME.Requester"] }""")
        t.bash("npx jest test/budget-owner.test.js", "Re-run the BudgetOwner tests",
               err=jest_pass([("budget-owner.test.js", "BudgetOwner",
                               [("ute can raise the budget of 4712", 142), ("hans cannot raise budgets", 19)])],
                             "2.532", "Ran all test suites matching /test\\/budget-owner.test.js/i."))
        t.done("`increaseBudget(amount)` is a bound action on `RequisitionService.CostCenters`, restricted to "
               "`BudgetOwner` (READ stays open); the handler does `UPDATE ... with({ budget: { '+=': amount } })` "
               "and rejects non-positive amounts.\n\n"
               "First run failed with `403 - Forbidden` for ute: the mocked user in `.cdsrc.json` didn't have the new "
               "role. I added `BudgetOwner` to ute there, plus scope, role template and a `PReq_BudgetOwner` role "
               "collection in `xs-security.json` so the same thing works on BTP after the next deploy. Both tests pass.\n"
               "Not done yet: restricting READ of requisitions to the owner's cost centers needs an attribute "
               "(`$user.costCenter`); that needs the xsuaa attribute set up on Hegau's IdP side.")

        t = d.task("pulled main, Sabine's last PR got merged. reinstall deps and make sure everything still "
                   "passes", tags=["flaky:F1", "noise"])
        t.bash("git pull --rebase origin main", "Rebase on latest main",
               out="From github.com:kurpfalz-consulting/hegau-preq\n * branch            main       -> FETCH_HEAD\n"
                   "   3e9a1c2..b71f0d4  main       -> origin/main\n"
                   "Successfully rebased and updated refs/heads/feature/budget-owner.")
        t.fail("npm ci", "Clean install dependencies",
               "npm error code ECONNRESET\n"
               "npm error network request to https://registry.npmjs.org/@sap%2fcds-dk/-/cds-dk-9.3.0.tgz failed, "
               "reason: read ECONNRESET\n"
               "npm error network This is a problem related to network connectivity.\n"
               "npm error network In most cases you are behind a proxy or have bad network settings.\n"
               "npm error network\n"
               "npm error network If you are behind a proxy, please make sure that the\n"
               "npm error network 'proxy' config is set properly.  See: 'npm help config'\n"
               "npm error A complete log of this run can be found in: "
               "/home/felix/.npm/_logs/2026-10-07T09_31_12_441Z-debug-0.log")
        t.say("Connection reset while downloading from the npm registry, nothing in the project. Same command again.")
        t.bash("npm ci", "Clean install dependencies",
               out="added 412 packages, and audited 413 packages in 19s\n\n71 packages are looking for funding\n"
                   "  run `npm fund` for details\n\nfound 0 vulnerabilities")
        t.bash("npm test", "Run the full jest suite",
               err="\n> hegau-preq@1.4.0 test\n> jest --runInBand\n\n" +
                   jest_pass([("requisition.test.js", "RequisitionService",
                               [("hans sees only his own requisitions", 131),
                                ("greta can approve a submitted requisition", 77)]),
                              ("budget.test.js", "budget check",
                               [("rejects a requisition above the remaining budget", 160),
                                ("accepts a requisition within budget", 81)]),
                              ("budget-owner.test.js", "BudgetOwner",
                               [("ute can raise the budget of 4712", 118), ("hans cannot raise budgets", 17)])],
                             "6.118", "Ran all test suites."))
        t.done("Rebased onto main, `npm ci` went through on the second try (the first one hit an ECONNRESET from "
               "registry.npmjs.org), and `npm test` is green: 3 suites, 6 tests.")

        t = d.task("ship it. PR against main, Markus reviews", tags=["workflow:W3"])
        t.bash("npx eslint .", "Lint JS and CDS", out="")
        t.bash("npm test", "Run tests",
               err="\n> hegau-preq@1.4.0 test\n> jest --runInBand\n\nTest Suites: 3 passed, 3 total\n"
                   "Tests:       6 passed, 6 total\nSnapshots:   0 total\nTime:        5.904 s\nRan all test suites.")
        t.bash("git add -A && git commit -m \"feat: BudgetOwner role with increaseBudget action\"",
               "Commit the change",
               out="[feature/budget-owner 9c2e41a] feat: BudgetOwner role with increaseBudget action\n"
                   " 5 files changed, 61 insertions(+), 4 deletions(-)\n create mode 100644 test/budget-owner.test.js")
        t.bash("git push -u origin feature/budget-owner", "Push the branch",
               out="branch 'feature/budget-owner' set up to track 'origin/feature/budget-owner'.",
               err="remote: \nremote: Create a pull request for 'feature/budget-owner' on GitHub by visiting:\n"
                   "remote:      https://github.com/kurpfalz-consulting/hegau-preq/pull/new/feature/budget-owner\n"
                   "remote: \nTo github.com:kurpfalz-consulting/hegau-preq.git\n"
                   " * [new branch]      feature/budget-owner -> feature/budget-owner")
        t.bash("gh pr create --base main --title \"BudgetOwner role: increaseBudget action\" --reviewer mkraus-kc "
               "--body \"Adds role BudgetOwner (xs-security + mocked user ute) and bound action "
               "CostCenters.increaseBudget. Tests: test/budget-owner.test.js. After merge: assign PReq_BudgetOwner "
               "in the Hegau subaccount.\"", "Open the pull request",
               out="https://github.com/kurpfalz-consulting/hegau-preq/pull/41",
               err="\nCreating pull request for feature/budget-owner into main in kurpfalz-consulting/hegau-preq\n")
        t.done("Lint clean, 6/6 tests, pushed, PR #41 open for Markus: "
               "https://github.com/kurpfalz-consulting/hegau-preq/pull/41")

        t = d.task("the new column header in the list report says 'budgetRemaining' raw. all ui texts go via "
                   "i18n, german and english file both, never literal strings in annotations", tags=["pref:P2", "noise"])
        d.files[AN] = ANNOT.replace("""    { Value: netAmount,      Label: '{i18n>NetAmount}' },""",
                                    """    { Value: costCenter.budgetRemaining, Label: 'budgetRemaining' },
    { Value: netAmount,      Label: '{i18n>NetAmount}' },""")
        t.grep("budgetRemaining", path=R + "/app", output_mode="content", n=True,
               content=R + "/app/requisitions/annotations.cds:17:    { Value: costCenter.budgetRemaining, Label: 'budgetRemaining' },")
        t.read(AN)
        t.edit(AN, "Label: 'budgetRemaining' }", "Label: '{i18n>BudgetRemaining}' }")
        t.read(I18)
        t.edit(I18, "NetAmount=Net Amount\n", "NetAmount=Net Amount\nBudgetRemaining=Remaining Budget\n")
        t.read(I18D)
        t.edit(I18D, "NetAmount=Nettobetrag\n", "NetAmount=Nettobetrag\nBudgetRemaining=Restbudget\n")
        t.done("Sabine's column had a literal `Label: 'budgetRemaining'`. It is `{i18n>BudgetRemaining}` now, "
               "with `Remaining Budget` in `_i18n/i18n.properties` and `Restbudget` in `i18n_de.properties`.")

    # ================= S3 =================
    with d.session("2026-10-09T05:50:00", R, branch="main", version="2.1.183"):
        t = d.task("budget-owner PR is merged. deploy the model to the dev hdi container so Markus can test "
                   "with hybrid", tags=["mistake:M3"])
        t.bash("cf target", "Check the CF target", out=cf_target("dev"))
        t.fail("cds deploy --to hana", "Deploy the model to the dev HDI container",
               "[cds] - deploy to HANA from /home/felix/projects/hegau-preq\n"
               "[cds] - using bindings from .cdsrc-private.json: db -> preq-db (cf: hegau-dev-eu10 / dev)\n" +
               cds_build_hana() + "\n" +
               hana_fail("4B1F8C0E9D2A4F6B8E51C7A3D09F2E64", 51822, "1 s 204 ms", "2026-10-09 07:58:31"))
        t.say("The HDI deployer can't even open a socket to the HANA host (`Socket closed by peer`); it's before "
              "8, and the README says the dev instance is stopped every evening. Checking its state.")
        t.bash("cf service hegau-hana-dev", "Check the HANA Cloud instance",
               out=service_status("update succeeded", "2026-10-08T17:00:04Z", "2026-10-08T17:03:51Z"))
        t.bash(UPD, "Start the dev HANA Cloud instance", out=update_service())
        t.bash("sleep 240; cf service hegau-hana-dev | sed -n '/last operation/,/updated/p'",
               "Wait for the instance to start", timeout=300000,
               out="Showing status of last operation:\n   status:    update succeeded\n   message:   \n"
                   "   started:   2026-10-09T05:59:40Z\n   updated:   2026-10-09T06:03:12Z")
        t.bash("cds deploy --to hana", "Deploy the model to the dev HDI container",
               out="[cds] - deploy to HANA from /home/felix/projects/hegau-preq\n"
                   "[cds] - using bindings from .cdsrc-private.json: db -> preq-db (cf: hegau-dev-eu10 / dev)\n" +
                   cds_build_hana() + "\n" +
                   hana_ok("4B1F8C0E9D2A4F6B8E51C7A3D09F2E64", "2026-10-09 08:04:02",
                           ["src/gen/hegau.preq.CostCenters.hdbtable",
                            "src/gen/RequisitionService.CostCenters.hdbview",
                            "src/gen/data/hegau.preq-CostCenters.hdbtabledata"], "7 s 318 ms"))
        t.done("Deployed to the dev HDI container `preq-db`: `CostCenters` table + view and its seed data changed.\n"
               "The first attempt failed with `Connection failed (RTE:[89008] Socket closed by peer …:443)` because "
               "`hegau-hana-dev` was still stopped from last night (its last operation was the scheduled update at 19:00). I started it with "
               "`cf update-service … serviceStopped:false`, waited until `update succeeded`, and the deploy went "
               "through. Markus can run hybrid now.")

        t = d.task("and push the whole mta to dev too, need the BudgetOwner role collection in the subaccount",
                   tags=["workflow:W1"])
        t.bash("mbt build -t mta_archives", "Build the MTA archive", timeout=600000,
               out=mbt_ok("2026-10-09 08:21:07", "1.4.0", 33))
        t.bash("cf target -o hegau-dev-eu10 -s dev", "Target the dev space", out=cf_target("dev"))
        t.bash("cf deploy mta_archives/hegau-preq_1.4.0.mtar", "Deploy the MTA to dev", timeout=900000,
               out=cf_deploy_ok("1.4.0", "1.3.2", "7c1d5e2a-84b0-11f1-9b4e-eeee0a8c31d6"))
        t.bash("cf mta hegau-preq", "Check the deployed MTA", out=cf_mta("1.4.0"))
        t.done("1.4.0 is on dev: HDI deployer task succeeded, `hegau-preq-srv` and the approuter `hegau-preq` are "
               "started, `preq-auth` updated (so the `PReq_BudgetOwner` role collection exists in the subaccount "
               "now; it still has to be assigned to users in the BTP cockpit).")

        t = d.task("how does cds.test deal with auth exactly, can I pass a user object instead of username? read "
                   "the capire page, don't guess", tags=["webfetch", "noise"])
        t.webfetch("https://cap.cloud.sap/docs/node.js/cds-test",
                   "How are users/authentication passed to the HTTP helpers of cds.test (GET, POST, axios defaults)?",
                   "The page describes `cds.test()` which starts a server and returns `{ GET, POST, PUT, PATCH, DELETE, "
                   "axios, expect, data }`. HTTP helpers are thin wrappers around axios; any axios request config can "
                   "be passed as last argument, e.g. `{ auth: { username: 'alice', password: '' } }` for basic "
                   "authentication against mocked users. `test.axios.defaults.auth = { username: 'alice' }` sets a "
                   "default for all requests. There is no user-object parameter: with mocked auth the user and its "
                   "roles come from the configured mocked users (cds.requires.auth.users). `data.reset()` resets the "
                   "database between tests. Errors are thrown for non-2xx responses; the error message is shortened "
                   "to `<code> - <message>` from the OData error.")
        t.done("From the capire `cds.test` page: the helpers are axios wrappers, so you pass a normal axios config "
               "as the last argument, `{ auth: { username: 'greta', password: '' } }`, or set "
               "`axios.defaults.auth` once for the whole file. There is no way to pass a user object: with mocked "
               "auth the roles come from the mocked users in the config (`cds.requires.auth.users`, ours are in "
               "`.cdsrc.json`). Non-2xx responses throw, and the message is shortened to `<code> - <message>` "
               "(that's the `403 - Forbidden` you see).")

        t = d.task("need a cutover runbook for the QA go-live next week (hegau basis does the subaccount stuff, we "
                   "do the deploy). write it here, I'll paste it into confluence", tags=["no_tools"])
        t.done("# PReq – Cutover QA (go-live week 43)\n\n"
               "## 1. Preconditions (T-3 days)\n"
               "1. Hegau Basis: QA subaccount `hegau-qa-eu10` with CF space `qa`, entitlements xsuaa (application), "
               "destination (lite), hana (hdi-shared), 1 GB memory quota.\n"
               "2. HANA Cloud instance `hegau-hana-qa` mapped to space `qa`, no stop schedule during test weeks.\n"
               "3. Destination `HEGAU_S4_PURCHASING` to the S/4 QA system (client 200) via Cloud Connector, "
               "principal propagation, tested with `API_PURCHASEREQ_PROCESS_SRV/$metadata`.\n"
               "4. IdP groups for role collections `PReq_Requester`, `PReq_Approver`, `PReq_Admin`, "
               "`PReq_BudgetOwner`.\n\n"
               "## 2. Build (T-1)\n"
               "1. Tag release on main, `mbt build -t mta_archives`.\n"
               "2. Archive `hegau-preq_<version>.mtar` in the release on GitHub.\n\n"
               "## 3. Deploy (T0, 08:00)\n"
               "1. `cf login -a https://api.cf.eu10-004.hana.ondemand.com`, target org `hegau-qa-eu10` / space `qa`.\n"
               "2. `cf deploy mta_archives/hegau-preq_<version>.mtar -e qa.mtaext`.\n"
               "3. `cf mta hegau-preq`: all apps started, services `create succeeded`.\n\n"
               "## 4. Configuration (T0, 09:00, Hegau Basis)\n"
               "1. Map role collections to IdP groups.\n"
               "2. Maintain cost centers via AdminService (upload CSV from controlling).\n"
               "3. Launchpad tile in Work Zone.\n\n"
               "## 5. Smoke test (T0, 10:00)\n"
               "1. Requester creates and submits a requisition.\n"
               "2. Approver approves; status A.\n"
               "3. Budget exceeded message shows in German.\n"
               "4. BudgetOwner raises a budget.\n\n"
               "## 6. Rollback\n"
               "1. `cf deploy` of the previous mtar from the GitHub release.\n"
               "2. The HDI container keeps data; no schema drops in this release.\n\n"
               "## 7. Contacts\n"
               "- Deploy: Felix Brandt (Kurpfalz Consulting)\n- Review: Markus Kraus\n- Hegau Basis: Frau Becker\n"
               "- Business: Herr Vogt (Einkauf)")

    # ================= S4 =================
    with d.session("2026-10-13T09:20:00", R, branch="feature/approval-flow", version="2.1.185", end_reason="other"):
        t = d.task("approval flow: approve/reject should write an ApprovalLog entry (who, when, decision, reason) "
                   "and reject needs a reason. add tests for it next to the existing ones and run approval + "
                   "requisition tests together", tags=["mistake:M2"])
        t.read(SCH)
        t.edit(SCH, """entity Statuses : CodeList {""", """entity ApprovalLog : cuid, managed {
  requisition : Association to Requisitions;
  decision    : String(1);
  reason      : String(255);
}

entity Statuses : CodeList {""")
        t.read(RJ)
        t.edit(RJ, """    this.on('approve', Requisitions, async req => {
      const [{ ID }] = req.params
      await UPDATE(Requisitions, ID).with({ status_code: 'A' })
    })

    this.on('reject', Requisitions, async req => {
      const [{ ID }] = req.params
      await UPDATE(Requisitions, ID).with({ status_code: 'R' })
    })""", """    this.on('approve', Requisitions, async req => {
      const [{ ID }] = req.params
      await UPDATE(Requisitions, ID).with({ status_code: 'A' })
      await INSERT.into('hegau.preq.ApprovalLog').entries({ requisition_ID: ID, decision: 'A' })
    })

    this.on('reject', Requisitions, async req => {
      const [{ ID }] = req.params
      if (!req.data.reason?.trim()) return req.reject(400, 'REJECT_REASON_REQUIRED', 'reason')
      await UPDATE(Requisitions, ID).with({ status_code: 'R' })
      await INSERT.into('hegau.preq.ApprovalLog').entries({ requisition_ID: ID, decision: 'R', reason: req.data.reason })
    })""")
        t.write(R + "/test/approval.test.js", """const cds = require('@sap/cds')

describe('approval flow', () => {
  const { POST, expect } = cds.test(__dirname + '/..')
  const greta = { auth: { username: 'greta' } }
  const id = 'a1f6c0de-0000-4000-8000-000000000002'
  const url = a => `/odata/v4/requisition/Requisitions(ID=${id},IsActiveEntity=true)/RequisitionService.${a}`

  it('reject without reason is refused', async () => {
    await POST(url('reject'), {}, greta).then(() => { throw new Error('should fail') },
      e => expect(e.response.data.error.code).to.equal('REJECT_REASON_REQUIRED'))
  })

  it('approve writes an ApprovalLog entry', async () => {
    await POST(url('approve'), {}, greta)
    const log = await SELECT.one.from('hegau.preq.ApprovalLog').where({ requisition_ID: id })
    expect(log).to.include({ decision: 'A', createdBy: 'greta' })
  })
})
""")
        files = [("approval.test.js", "approval flow", ["reject without reason is refused"],
                  "approve writes an ApprovalLog entry"),
                 ("requisition.test.js", "RequisitionService", ["hans sees only his own requisitions"],
                  "greta can approve a submitted requisition")]
        t.fail("npx jest test/approval.test.js test/requisition.test.js", "Run approval and requisition tests",
               jest_locked(files, ["requisition.test.js"], "7.402",
                           "Ran all test suites matching /test\\/approval.test.js|test\\/requisition.test.js/i."))
        t.say("`database is locked` is not the new code: two jest workers deploy into the same `db.sqlite` (the "
              "development profile uses a file). README says to run jest in band; same run with `--runInBand`.")
        t.bash("npx jest --runInBand test/approval.test.js test/requisition.test.js",
               "Run approval and requisition tests in one process",
               err=jest_pass([("approval.test.js", "approval flow",
                               [("reject without reason is refused", 97), ("approve writes an ApprovalLog entry", 122)]),
                              ("requisition.test.js", "RequisitionService",
                               [("hans sees only his own requisitions", 88),
                                ("greta can approve a submitted requisition", 64)])], "4.877",
                             "Ran all test suites matching /test\\/approval.test.js|test\\/requisition.test.js/i."))
        t.done("`ApprovalLog` (cuid + managed: who/when come from `createdBy`/`createdAt`) with decision and "
               "reason; `approve` logs `A`, `reject` refuses an empty reason (`REJECT_REASON_REQUIRED` on the "
               "`reason` parameter) and logs `R` with the reason. New `test/approval.test.js`.\n"
               "The first combined run failed with `SqliteError: database is locked`: jest ran the two files in "
               "parallel workers on the same `db.sqlite`. With `--runInBand` (what `npm test` does) all 4 tests pass.")

        t = d.task("expose ApprovalLog read-only in the service with the requisition and an amount in the "
                   "requisition's currency; keep it CQL, no sql strings anywhere", tags=["workflow:W2", "oneoff:O1", "pref:P1"])
        t.read(SCH)
        t.edit(SCH, """  requisition : Association to Requisitions;
  decision    : String(1);""", """  requisition : Association to Requisitions;
  decision    : String(1);
  amount      : Decimal(15, 2);
  currency    : Currency;""")
        t.edit(SCH, """  netAmount   : Decimal(15, 2);
  items       :""", """  netAmount   : Decimal(15, 2);
  currency    : Currency;
  items       :""")
        t.read(RS)
        t.edit(RS, """  @readonly entity Statuses as projection on db.Statuses;""",
               """  @readonly entity Statuses as projection on db.Statuses;
  @readonly entity Currencies as projection on sap.common.Currencies;

  @readonly
  @restrict: [{ grant: 'READ', to: ['Approver', 'BudgetOwner'] }]
  entity ApprovalLog as projection on db.ApprovalLog {
    *, requisition.title as requisitionTitle
  };""")
        rs_lines = d.files[RS].split("\n")
        ln = next(i for i, l in enumerate(rs_lines, 1) if "sap.common.Currencies" in l)
        col = rs_lines[ln - 1].index("sap.common.Currencies") + 1
        t.fail("cds deploy --to sqlite", "Deploy the changed model",
               f"[ERROR] srv/requisition-service.cds:{ln}:{col}-{col + 21}: No artifact has been found with name "
               "\u201csap.common.Currencies\u201d (in entity:\u201cRequisitionService.Currencies\u201d)\n\n"
               "CompilationError: CDS compilation failed\n"
               f"srv/requisition-service.cds:{ln}:{col}-{col + 21}: Error ref-undefined-art: No artifact has been "
               "found with name \u201csap.common.Currencies\u201d (in entity:\u201cRequisitionService.Currencies\u201d)")
        t.say("My value-help projection: the service file only imports `hegau.preq as db`, so `sap.common` is not "
              "visible there. Importing it from `@sap/cds/common`.")
        t.edit(RS, "using { hegau.preq as db } from '../db/schema';",
               "using { hegau.preq as db } from '../db/schema';\nusing { sap.common } from '@sap/cds/common';")
        t.bash("cds deploy --to sqlite", "Deploy the changed model",
               out=" > init from db/data/hegau.preq-CostCenters.csv\n > init from db/data/hegau.preq-Statuses.csv\n"
                   " > init from db/data/hegau.preq-Requisitions.csv\n > init from db/data/hegau.preq-Items.csv\n"
                   " > init from node_modules/@sap/cds/common/data/sap.common-Currencies.csv\n"
                   "/> successfully deployed to db.sqlite")
        t.bash("npx jest test/approval.test.js", "Run the approval tests",
               err=jest_pass([("approval.test.js", "approval flow",
                               [("reject without reason is refused", 91), ("approve writes an ApprovalLog entry", 117)])],
                             "2.744", "Ran all test suites matching /test\\/approval.test.js/i."))
        t.done("`ApprovalLog` is exposed read-only for Approver and BudgetOwner with `requisitionTitle` via the "
               "association path; `Requisitions` and `ApprovalLog` have `currency : Currency` (amount in the "
               "requisition currency) and a read-only `Currencies` value help. The first deploy failed with `No artifact "
               "has been found with name “sap.common.Currencies”` because I hadn't imported `sap.common` into the "
               "service file; with the `using` added, deploy and approval tests pass. Everything is CDS projections/cds.ql, no SQL strings.")

        t = d.task("the cutover runbook you wrote thursday was way too long, Frau Becker asked if it's a novel and "
                   "I had to cut half of it. keep that kind of doc to one page, numbered steps, no background",
                   tags=["feedback", "no_tools"],
                   feedback="the cutover runbook you wrote thursday was way too long, Frau Becker asked if it's a "
                            "novel and I had to cut half of it. keep that kind of doc to one page, numbered steps, "
                            "no background")
        t.done("Understood. For runbooks and checklists: one page, numbered steps, owner + time per block, no "
               "explanations, no contact list unless you ask.")

    # ================= S5 =================
    with d.session("2026-10-15T10:05:00", R, branch="feature/approval-flow", version="2.1.186"):
        t = d.task("fiori: the object page for requisitions needs a facet with the approval log (table: date, "
                   "user, decision, reason). put it in the app's annotations.cds like the list report stuff",
                   tags=["pref:P3", "noise"])
        t.read(AN)
        t.edit(AN, """    { Value: status.name,    Label: '{i18n>Status}' }
  ]
);""", """    { Value: status.name,    Label: '{i18n>Status}' }
  ],
  UI.Facets : [
    { $Type: 'UI.ReferenceFacet', ID: 'Items',    Label: '{i18n>Items}',       Target: 'items/@UI.LineItem' },
    { $Type: 'UI.ReferenceFacet', ID: 'Approval', Label: '{i18n>ApprovalLog}', Target: 'approvals/@UI.LineItem' }
  ]
);

annotate service.ApprovalLog with @(
  UI.LineItem : [
    { Value: createdAt, Label: '{i18n>DecidedAt}' },
    { Value: createdBy, Label: '{i18n>DecidedBy}' },
    { Value: decision,  Label: '{i18n>Decision}' },
    { Value: reason,    Label: '{i18n>Reason}' }
  ]
);""")
        t.read(SCH)
        t.edit(SCH, """  items       : Composition of many Items on items.parent = $self;""",
               """  items       : Composition of many Items on items.parent = $self;
  approvals   : Association to many ApprovalLog on approvals.requisition = $self;""")
        t.read(I18)
        t.edit(I18, "BudgetRemaining=Remaining Budget\n", "BudgetRemaining=Remaining Budget\nItems=Items\n"
               "ApprovalLog=Approval Log\nDecidedAt=Decided At\nDecidedBy=Decided By\nDecision=Decision\nReason=Reason\n")
        t.read(I18D)
        t.edit(I18D, "BudgetRemaining=Restbudget\n", "BudgetRemaining=Restbudget\nItems=Positionen\n"
               "ApprovalLog=Genehmigungsprotokoll\nDecidedAt=Entschieden am\nDecidedBy=Entschieden von\n"
               "Decision=Entscheidung\nReason=Begr\u00fcndung\n")
        t.bash("cds compile srv --to edmx-v4 > /dev/null && echo ok", "Check the annotations compile", out="ok")
        t.done("Object page has two facets now, Items and Approval Log; the log table shows decided at/by, "
               "decision and reason. Needed a back-link `approvals : Association to many ApprovalLog` on "
               "`Requisitions`. All labels are i18n keys in both property files; `cds compile` to EDMX is clean.")

        t = d.task("Frau Keller wants to test on QA from tomorrow. push the current state to the qa space",
                   tags=["unfixed:U1"])
        t.bash("mbt build -t mta_archives", "Build the MTA archive", timeout=600000,
               out=mbt_ok("2026-10-15 10:44:19", "1.4.0", 31))
        t.bash("cf target -o hegau-dev-eu10 -s qa", "Target the qa space", out=cf_target("qa"))
        t.fail("cf deploy mta_archives/hegau-preq_1.4.0.mtar", "Deploy the MTA to qa",
               f"Deploying multi-target app archive mta_archives/hegau-preq_1.4.0.mtar in org {ORG} / space qa as {ME}...\n\n"
               f"Uploading 1 files...\n  {R}/mta_archives/hegau-preq_1.4.0.mtar\nOK\n"
               "Operation ID: 2e90b3f4-8a6d-11f1-a0c2-eeee0a8c31d6\n"
               f"Deploying in org \"{ORG}\" and space \"qa\"\n"
               "Detected MTA schema version: \"3\"\nNo deployed MTA detected - this is initial deployment\n"
               "Detected new MTA version: \"1.4.0\"\n"
               "Creating service \"preq-db\" from MTA resource \"preq-db\"...\n"
               "Creating service \"preq-auth\" from MTA resource \"preq-auth\"...\n"
               "Creating service \"preq-destination\" from MTA resource \"preq-destination\"...\n"
               "Creating application \"hegau-preq-db-deployer\" from MTA module \"hegau-preq-db-deployer\"...\n"
               "Creating application \"hegau-preq-srv\" from MTA module \"hegau-preq-srv\"...\n"
               "Error creating application \"hegau-preq-srv\": Controller operation failed: 400 Bad Request: "
               "You have exceeded the memory limit for this space's quota: memory space limit exceeded\n"
               "Proceeding with automatic retry... (3 of 3 attempts left)\n"
               "Error creating application \"hegau-preq-srv\": Controller operation failed: 400 Bad Request: "
               "You have exceeded the memory limit for this space's quota: memory space limit exceeded\n"
               "Proceeding with automatic retry... (2 of 3 attempts left)\n"
               "Error creating application \"hegau-preq-srv\": Controller operation failed: 400 Bad Request: "
               "You have exceeded the memory limit for this space's quota: memory space limit exceeded\n"
               "Proceeding with automatic retry... (1 of 3 attempts left)\n"
               "Error creating application \"hegau-preq-srv\": Controller operation failed: 400 Bad Request: "
               "You have exceeded the memory limit for this space's quota: memory space limit exceeded\n\n"
               "Process failed.\n"
               "Use \"cf deploy -i 2e90b3f4-8a6d-11f1-a0c2-eeee0a8c31d6 -a abort\" to abort the process.\n"
               "Use \"cf deploy -i 2e90b3f4-8a6d-11f1-a0c2-eeee0a8c31d6 -a retry\" to retry the process.\n"
               "Use \"cf dmol -i 2e90b3f4-8a6d-11f1-a0c2-eeee0a8c31d6\" to download the logs of the process.")
        t.bash("cf space qa | grep -i quota; cf space-quotas", "Check the qa space quota",
               out="space quota:        qa-small\n"
                   f"Getting space quotas for org {ORG} as {ME}...\n\n"
                   "name       total memory   instance memory   routes   service instances   app instances\n"
                   "qa-small   256M           unlimited         10       5                   unlimited")
        t.done("QA deploy is stuck: space `qa` has the space quota `qa-small` with **256 MB total**, and srv + "
               "approuter + the deployer task need ~768 MB. The services got created, `hegau-preq-srv` fails with "
               "`You have exceeded the memory limit for this space's quota`. Changing quotas needs org manager "
               "rights, which only Hegau Basis (Frau Becker) has. I left the MTA operation as is so it can be "
               "retried with `-a retry` once the quota is raised to 1 GB. Want me to draft the request to her?")

        t = d.task("what changed on main since the 1.3.2 tag? full list, I need it for the release notes",
                   tags=["long_output", "noise"])
        t.bash("git log --oneline --no-merges v1.3.2..origin/main", "List commits since v1.3.2",
               out="b71f0d4 fix(app): value help for cost center shows name\n"
                   "4d0e8a1 chore(deps): bump @sap/cds to 9.3.1\n"
                   "9c2e41a feat: BudgetOwner role with increaseBudget action\n"
                   "e83b7c9 test: budget check tests\n"
                   "a01f5d2 feat: budget check on SAVE, cost center validity\n"
                   "3e9a1c2 fix(srv): requesters only see own drafts\n"
                   "77c2b10 chore: eslint flat config with @sap/eslint-plugin-cds 4\n"
                   "c5d9e44 feat(app): remaining budget column in list report\n"
                   "2f6a8b3 fix(i18n): German texts for status code list\n"
                   "0be1c7d ci: cache npm in GitHub Actions\n"
                   "81d4f96 chore(deps): bump @cap-js/hana to 2.2.0\n"
                   "6ac0e35 fix(mta): approuter memory 256M\n"
                   "f2b7d18 feat(srv): S/4 purchase requisition API import (API_PURCHASEREQ_PROCESS_SRV)\n"
                   "d93e0a2 test: hybrid smoke test against dev HDI container\n"
                   "58c1f7e docs: README hybrid setup and HANA stop schedule\n"
                   "1a7be60 fix(srv): submit only allowed in status N\n"
                   "c40d2f9 feat(app): German i18n for list report\n"
                   "9e5b3a4 chore: remove unused @sap/cds-odata-v2-adapter-proxy\n"
                   "27fd81c fix(xs-security): role collection names with PReq_ prefix\n"
                   "ab34e0f chore(deps): bump eslint to 9.36.0\n"
                   "5d71c2e refactor(srv): handlers as cds.ApplicationService class\n"
                   "e0c9a17 fix(db): Decimal(15,2) for amounts\n"
                   "3bf8d65 feat(db): cost center spent amount\n"
                   "7a2e9c0 chore: node 22 in CI")
        t.done("24 commits since v1.3.2. Grouped for the release notes:\n"
               "- **Features**: budget check on save with cost center validity; BudgetOwner role + increaseBudget; "
               "remaining budget column; S/4 purchase requisition API import; German i18n for the list report; "
               "cost center spent amount.\n"
               "- **Fixes**: requesters only see own drafts; submit only in status N; value help shows cost center "
               "name; German status texts; PReq_ role collection names; Decimal(15,2) amounts; approuter 256M.\n"
               "- **Tech**: @sap/cds 9.3.1, @cap-js/hana 2.2.0, eslint 9.36 flat config with the cds plugin 4, node 22 "
               "in CI, hybrid smoke test, odata-v2 proxy removed, handlers as class.")

        d.precompact("Felix Brandt (Kurpfalz Consulting) maintains the CAP Node.js app hegau-preq for Hegau "
                     "Armaturen (purchase requisition approvals, BTP CF eu10-004, org hegau-dev-eu10). Done so far: "
                     "budget check on SAVE with cds.ql (user wants no raw SQL in handlers), BudgetOwner role with "
                     "increaseBudget (PR #41, merged; ute got the role in the mocked users in .cdsrc.json), 1.4.0 "
                     "deployed to dev; dev HANA instance had to be started first (stopped nightly). "
                     "Approval flow on feature/approval-flow: ApprovalLog entity, reject needs reason, object page "
                     "facet in app/requisitions/annotations.cds, i18n keys in both property files (user wants all UI "
                     "texts in i18n). QA deploy blocked by the qa space quota (256M), waiting for Hegau Basis. "
                     "Runbooks/docs must be one page with numbered steps.")

        t = d.task("auditors from Hegau's internal revision need read access to ApprovalLog and the "
                   "requisitions, nothing else. role Auditor. test with a new mocked user 'revision'",
                   tags=["mistake:M1"])
        t.read(RS)
        t.edit(RS, """    { grant: ['READ'], to: 'Approver' }
  ]""", """    { grant: ['READ'], to: ['Approver', 'Auditor'] }
  ]""")
        t.edit(RS, """  @restrict: [{ grant: 'READ', to: ['Approver', 'BudgetOwner'] }]""",
               """  @restrict: [{ grant: 'READ', to: ['Approver', 'BudgetOwner', 'Auditor'] }]""")
        t.write(R + "/test/auditor.test.js", """const cds = require('@sap/cds')

describe('Auditor', () => {
  const { GET, POST, expect } = cds.test(__dirname + '/..')
  const revision = { auth: { username: 'revision' } }

  it('revision reads the approval log', async () => {
    const { data } = await GET('/odata/v4/requisition/ApprovalLog', revision)
    expect(data.value).to.be.an('array')
  })

  it('revision cannot approve', async () => {
    const id = 'a1f6c0de-0000-4000-8000-000000000002'
    await POST(`/odata/v4/requisition/Requisitions(ID=${id},IsActiveEntity=true)/RequisitionService.approve`, {}, revision)
      .then(() => { throw new Error('should fail') }, e => expect(e.response.status).to.equal(403))
  })
})
""")
        t.fail("npx jest test/auditor.test.js -t revision", "Run the Auditor tests",
               jest_403("auditor.test.js", "Auditor", "revision reads the approval log", 58, "revision",
                        "const { data } = await GET('/odata/v4/requisition/ApprovalLog', revision)", 8,
                        [("revision cannot approve", 24)], "2.417",
                        "Ran all test suites matching /test\\/auditor.test.js/i with tests matching \"revision\"."))
        t.say("`403 - Forbidden` on the read: 'revision' isn't a mocked user yet, so it is just authenticated "
              "with no roles. Same as with ute and BudgetOwner: the user and role go into `.cdsrc.json`.")
        t.read(RC)
        t.edit(RC, """          "admin": { "password": "", "roles": ["Admin"] }""",
               """          "revision": { "password": "", "roles": ["Auditor"] },
          "admin": { "password": "", "roles": ["Admin"] }""")
        t.read(XS)
        t.edit(XS, """    { "name": "$XSAPPNAME.BudgetOwner", "description": "Raise cost center budgets" }
  ],""", """    { "name": "$XSAPPNAME.BudgetOwner", "description": "Raise cost center budgets" },
    { "name": "$XSAPPNAME.Auditor", "description": "Read requisitions and approval log" }
  ],""")
        t.edit(XS, """    { "name": "BudgetOwner", "scope-references": ["$XSAPPNAME.BudgetOwner"] }
  ],""", """    { "name": "BudgetOwner", "scope-references": ["$XSAPPNAME.BudgetOwner"] },
    { "name": "Auditor", "scope-references": ["$XSAPPNAME.Auditor"] }
  ],""")
        t.edit(XS, """    { "name": "PReq_BudgetOwner", "role-template-references": ["$XSAPPNAME.BudgetOwner", "$XSAPPNAME.Requester"] }""",
               """    { "name": "PReq_BudgetOwner", "role-template-references": ["$XSAPPNAME.BudgetOwner", "$XSAPPNAME.Requester"] },
    { "name": "PReq_Auditor", "role-template-references": ["$XSAPPNAME.Auditor"] }""")
        t.bash("npx jest test/auditor.test.js -t revision", "Re-run the Auditor tests",
               err=jest_pass([("auditor.test.js", "Auditor",
                               [("revision reads the approval log", 103), ("revision cannot approve", 22)])],
                             "2.388", "Ran all test suites matching /test\\/auditor.test.js/i with tests matching \"revision\"."))
        t.done("Role `Auditor` can READ `Requisitions` and `ApprovalLog`, nothing else (the actions still require "
               "Requester/Approver). The first run gave `403 - Forbidden` because the mocked user didn't exist; "
               "I added `revision` with `Auditor` to `.cdsrc.json`, and scope/role template/`PReq_Auditor` to "
               "`xs-security.json`. Both tests pass.\n"
               "Note: the service-level `@requires: 'authenticated-user'` also lets an auditor see CostCenters and "
               "Statuses (read-only value helps). Fine for revision, I think; say if not.")

    # ================= S6 =================
    with d.session("2026-10-19T05:35:00", R, branch="main", version="2.1.188", permission_mode="acceptEdits"):
        t = d.task("approval flow merged. run the hybrid smoke tests against dev before Markus starts his "
                   "testing at 9", tags=["mistake:M3"])
        t.bash("cf target", "Check the CF target", out=cf_target("dev"))
        t.fail("cds bind --exec -- npx jest test/hybrid", "Run the hybrid smoke tests against dev",
               "[bind] - Using bindings from: ['/home/felix/projects/hegau-preq/.cdsrc-private.json']\n"
               "[bind] - Executing 'npx jest test/hybrid'\n"
               "FAIL test/hybrid/smoke.test.js\n"
               "  \u25cf hybrid smoke \u203a reads cost centers from HDI\n\n"
               "    Error: Connection failed (RTE:[89008] Socket closed by peer "
               f"(10.0.84.17:50613 -> {HANAHOST}:443))\n\n"
               "      at HANAService.acquire (node_modules/@cap-js/db-service/lib/common/DatabaseService.js:84:21)\n"
               "      at HANAService.begin (node_modules/@cap-js/db-service/lib/common/DatabaseService.js:66:27)\n\n"
               "Test Suites: 1 failed, 1 total\nTests:       3 failed, 3 total\nSnapshots:   0 total\n"
               "Time:        9.612 s\nRan all test suites matching /test\\/hybrid/i.")
        t.say("Same socket error as on the 9th: it's 7:40, the dev HANA instance is still in its nightly stop. "
              "Starting it, then the same run again.")
        t.bash(UPD, "Start the dev HANA Cloud instance", out=update_service())
        t.bash("sleep 270; cf service hegau-hana-dev | sed -n '/last operation/,/updated/p'",
               "Wait for the instance to start", timeout=330000,
               out="Showing status of last operation:\n   status:    update succeeded\n   message:   \n"
                   "   started:   2026-10-19T05:41:22Z\n   updated:   2026-10-19T05:45:37Z")
        t.bash("cds bind --exec -- npx jest test/hybrid", "Run the hybrid smoke tests against dev",
               out="[bind] - Using bindings from: ['/home/felix/projects/hegau-preq/.cdsrc-private.json']\n"
                   "[bind] - Executing 'npx jest test/hybrid'",
               err=jest_pass([("hybrid/smoke.test.js", "hybrid smoke",
                               [("reads cost centers from HDI", 811), ("creates and deletes a draft", 1304),
                                ("approval log is readable for greta", 402)])], "12.087",
                             "Ran all test suites matching /test\\/hybrid/i."))
        t.done("Hybrid smoke tests are green against the dev HDI container (3/3). The first run failed with "
               "`Connection failed (RTE:[89008] Socket closed by peer …)`: the instance was still stopped from the "
               "nightly schedule. Started it with `cf update-service hegau-hana-dev … serviceStopped:false`, "
               "`update succeeded` after ~4 min, then the same run passed. It stays up until 19:00.")

        t = d.task("next story: requisitions need a delivery date + plant (Werk). plant as a code list with "
                   "1000 Singen, 1100 Engen, 2000 Schaffhausen. default delivery date today + 14 in the handler. "
                   "and as always no string sql in handlers, use the query builder", tags=["workflow:W2", "pref:P1"])
        t.read(SCH)
        t.edit(SCH, """entity Statuses : CodeList {""", """entity Plants : CodeList {
  key code    : String(4);
}

entity Statuses : CodeList {""")
        t.edit(SCH, """  netAmount   : Decimal(15, 2);
  currency    : Currency;""", """  netAmount   : Decimal(15, 2);
  currency    : Currency;
  plant       : Association to Plants;
  deliveryDate: Date;""")
        t.write(R + "/db/data/hegau.preq-Plants.csv", "code;name;descr\n1000;Singen;Werk Singen (Hohentwiel)\n"
                "1100;Engen;Werk Engen\n2000;Schaffhausen;Werk Schaffhausen (CH)\n")
        t.read(RS)
        t.edit(RS, """  @readonly entity Statuses as projection on db.Statuses;""",
               """  @readonly entity Statuses as projection on db.Statuses;
  @readonly entity Plants as projection on db.Plants;""")
        t.read(RJ)
        t.edit(RJ, """    this.before('SAVE', Requisitions, async req => {""",
               """    this.before('NEW', Requisitions, req => {
      if (!req.data.deliveryDate) {
        const d = new Date(Date.now() + 14 * 864e5)
        req.data.deliveryDate = d.toISOString().slice(0, 10)
      }
    })

    this.before('SAVE', Requisitions, async req => {""")
        t.bash("cds deploy --to sqlite", "Deploy model and seed data to db.sqlite",
               out=" > init from db/data/hegau.preq-CostCenters.csv\n > init from db/data/hegau.preq-Plants.csv\n"
                   " > init from db/data/hegau.preq-Statuses.csv\n > init from db/data/hegau.preq-Requisitions.csv\n"
                   " > init from db/data/hegau.preq-Items.csv\n"
                   " > init from node_modules/@sap/cds/common/data/sap.common-Currencies.csv\n"
                   "/> successfully deployed to db.sqlite")
        t.write(R + "/test/plant.test.js", """const cds = require('@sap/cds')

describe('plant and delivery date', () => {
  const { GET, POST, expect } = cds.test(__dirname + '/..')
  const hans = { auth: { username: 'hans' } }

  it('new draft gets delivery date today + 14', async () => {
    const { data } = await POST('/odata/v4/requisition/Requisitions', { title: 'Dichtungen' }, hans)
    const expected = new Date(Date.now() + 14 * 864e5).toISOString().slice(0, 10)
    expect(data.deliveryDate).to.equal(expected)
  })

  it('plants value help has three plants', async () => {
    const { data } = await GET('/odata/v4/requisition/Plants', hans)
    expect(data.value.map(p => p.code)).to.have.members(['1000', '1100', '2000'])
  })
})
""")
        t.bash("npx jest test/plant.test.js", "Run the plant tests",
               err=jest_pass([("plant.test.js", "plant and delivery date",
                               [("new draft gets delivery date today + 14", 134),
                                ("plants value help has three plants", 41)])], "2.655",
                             "Ran all test suites matching /test\\/plant.test.js/i."))
        t.done("`Plants` code list (1000 Singen, 1100 Engen, 2000 Schaffhausen) with seed CSV, exposed read-only; "
               "`Requisitions` has `plant` and `deliveryDate`. The default is set in `before('NEW')` so it shows up "
               "in the draft right away (today + 14). No queries needed for that. Deploy to sqlite and "
               "`test/plant.test.js` pass.")

        t = d.task("push + PR, same as last time", tags=["workflow:W3"])
        t.bash("git switch -c feature/plant-delivery-date", "Create a feature branch",
               err="Switched to a new branch 'feature/plant-delivery-date'")
        t.bash("npx eslint .", "Lint JS and CDS", out="")
        t.bash("npm test", "Run tests",
               err="\n> hegau-preq@1.4.0 test\n> jest --runInBand\n\nTest Suites: 6 passed, 6 total\n"
                   "Tests:       12 passed, 12 total\nSnapshots:   0 total\nTime:        9.337 s\nRan all test suites.")
        t.bash("git add -A && git commit -m \"feat: plant and delivery date on requisitions\"", "Commit",
               out="[feature/plant-delivery-date 5ab19e7] feat: plant and delivery date on requisitions\n"
                   " 5 files changed, 48 insertions(+)\n create mode 100644 db/data/hegau.preq-Plants.csv\n"
                   " create mode 100644 test/plant.test.js")
        t.bash("git push -u origin feature/plant-delivery-date", "Push the branch",
               out="branch 'feature/plant-delivery-date' set up to track 'origin/feature/plant-delivery-date'.",
               err="To github.com:kurpfalz-consulting/hegau-preq.git\n"
                   " * [new branch]      feature/plant-delivery-date -> feature/plant-delivery-date")
        t.bash("gh pr create --base main --title \"Plant and delivery date on requisitions\" --reviewer mkraus-kc "
               "--body \"Plants code list (1000/1100/2000), deliveryDate defaulted to today+14 on NEW. "
               "Tests: test/plant.test.js.\"", "Open the pull request",
               out="https://github.com/kurpfalz-consulting/hegau-preq/pull/44",
               err="\nCreating pull request for feature/plant-delivery-date into main in kurpfalz-consulting/hegau-preq\n")
        t.done("Branch `feature/plant-delivery-date`, lint clean, 12/12 tests, PR #44 for Markus.")

    # ================= S7 =================
    with d.session("2026-10-22T13:30:00", R, branch="feature/ariba-export", version="2.1.190"):
        t = d.task("netAmount is wrong when quantities have decimals, 2.5 x 19.99 came out as 49.97 in QA "
                   "screenshots, Herr Vogt says should be 49.98. write a test and fix", tags=["oneoff:O2"])
        t.read(RJ)
        t.write(R + "/test/net-amount.test.js", """const cds = require('@sap/cds')

describe('net amount', () => {
  const { POST, expect } = cds.test(__dirname + '/..')
  const hans = { auth: { username: 'hans' } }

  it('rounds commercially to 2 decimals', async () => {
    const { data } = await POST('/odata/v4/requisition/Requisitions', {
      title: 'Schrauben', costCenter_ID: '4720', items: [{ pos: 10, material: 'M8x40', quantity: 2.5, unitPrice: 19.99 }]
    }, hans)
    const res = await POST(`/odata/v4/requisition/Requisitions(ID=${data.ID},IsActiveEntity=false)/RequisitionService.draftActivate`, {}, hans)
    expect(Number(res.data.netAmount)).to.equal(49.98)
  })
})
""")
        t.fail("npx jest test/net-amount.test.js", "Run the net amount test",
               "FAIL test/net-amount.test.js\n  net amount\n    \u2715 rounds commercially to 2 decimals (152 ms)\n\n"
               "  \u25cf net amount \u203a rounds commercially to 2 decimals\n\n"
               "    AssertionError: expected 49.97 to equal 49.98\n\n"
               "      10 |     const res = await POST(`/odata/v4/requisition/Requisitions(ID=${data.ID},IsActiveEntity=false)/RequisitionService.draftActivate`, {}, hans)\n"
               "    > 11 |     expect(Number(res.data.netAmount)).to.equal(49.98)\n"
               "         |                                        ^\n\n"
               "      at Object.<anonymous> (test/net-amount.test.js:11:40)\n\n"
               "Test Suites: 1 failed, 1 total\nTests:       1 failed, 1 total\nSnapshots:   0 total\n"
               "Time:        2.301 s\nRan all test suites matching /test\\/net-amount.test.js/i.")
        t.say("2.5 × 19.99 = 49.975 in binary floating point is 49.97499…, and the Decimal(15,2) column truncates "
              "it. Computing in cents with half-up rounding per item.")
        t.edit(RJ, """      req.data.netAmount = items.reduce((sum, i) => sum + Number(i.quantity) * Number(i.unitPrice), 0)""",
               """      const cents = items.reduce((sum, i) => sum + Math.round(Number(i.quantity) * Number(i.unitPrice) * 100 + 1e-7), 0)
      req.data.netAmount = cents / 100""")
        t.bash("npx jest test/net-amount.test.js", "Run the net amount test",
               err=jest_pass([("net-amount.test.js", "net amount", [("rounds commercially to 2 decimals", 139)])],
                             "2.198", "Ran all test suites matching /test\\/net-amount.test.js/i."))
        t.done("Fixed: the SAVE handler summed floats and the Decimal(15,2) column cut 49.97499… to 49.97. It now "
               "sums per-item cents rounded half-up, so 2.5 × 19.99 = 49.98. New `test/net-amount.test.js` passes. "
               "Existing requisitions in QA keep their stored amount until they are edited again.")

        t = d.task("where do we actually call the S/4 purchasing API? I thought Sabine only imported it", tags=["noise"])
        t.grep("S4_PURCHASING|API_PURCHASEREQ_PROCESS_SRV", path=R, glob="**/*.{js,cds,json}", output_mode="content", n=True,
               content=R + "/.cdsrc.json:27:    \"S4_PURCHASING\": {\n" +
                       R + "/.cdsrc.json:29:      \"model\": \"srv/external/API_PURCHASEREQ_PROCESS_SRV\",\n" +
                       R + "/srv/external/API_PURCHASEREQ_PROCESS_SRV.cds:3:@cds.external : true\n" +
                       R + "/srv/external/API_PURCHASEREQ_PROCESS_SRV.cds:5:service API_PURCHASEREQ_PROCESS_SRV {")
        t.glob("srv/**/*.js", [R + "/srv/requisition-service.js"])
        t.done("Nowhere yet. The API is imported (`srv/external/API_PURCHASEREQ_PROCESS_SRV.cds/.edmx`) and "
               "configured as `S4_PURCHASING` in `.cdsrc.json` (destination `HEGAU_S4_PURCHASING` in production), "
               "but no handler does `cds.connect.to('S4_PURCHASING')`; the only JS file is "
               "`srv/requisition-service.js`. So approved requisitions are not sent to S/4 today.")

        t = d.task("deploy current main to dev for the sprint review tomorrow", tags=["workflow:W1"])
        t.bash("git fetch origin && git switch main && git pull --ff-only", "Update main",
               err="Switched to branch 'main'\nYour branch is behind 'origin/main' by 6 commits, and can be fast-forwarded.",
               out="Updating 9c2e41a..c7f30b2\nFast-forward\n db/schema.cds | 17 +++++++++++++++\n"
                   " srv/requisition-service.cds | 9 +++++++--\n 8 files changed, 133 insertions(+), 6 deletions(-)")
        t.bash("sed -i 's/^version: 1.4.0$/version: 1.5.0/' mta.yaml && npm version 1.5.0 --no-git-tag-version",
               "Bump the version to 1.5.0", out="v1.5.0")
        t.bash("mbt build -t mta_archives", "Build the MTA archive", timeout=600000,
               out=mbt_ok("2026-10-22 14:12:40", "1.5.0", 35))
        t.bash("cf target -o hegau-dev-eu10 -s dev", "Target the dev space", out=cf_target("dev"))
        t.bash("cf deploy mta_archives/hegau-preq_1.5.0.mtar", "Deploy the MTA to dev", timeout=900000,
               out=cf_deploy_ok("1.5.0", "1.4.0", "a3b8c6d0-9014-11f1-8f27-eeee0a8c31d6"))
        t.bash("cf mta hegau-preq", "Check the deployed MTA", out=cf_mta("1.5.0"))
        t.done("1.5.0 (approval flow, auditor role, plant/delivery date) is on dev, all apps started. The bump "
               "to 1.5.0 in `mta.yaml`/`package.json` is uncommitted on main; want it as a release commit?")

        t = d.task("run the budget, budget-owner and plant tests together, I touched the seed csv for 4712",
                   tags=["mistake:M2"])
        files = [("budget.test.js", "budget check", ["accepts a requisition within budget"],
                  "rejects a requisition above the remaining budget"),
                 ("budget-owner.test.js", "BudgetOwner", ["hans cannot raise budgets"],
                  "ute can raise the budget of 4712"),
                 ("plant.test.js", "plant and delivery date", ["plants value help has three plants"],
                  "new draft gets delivery date today + 14")]
        t.fail("npx jest test/budget.test.js test/budget-owner.test.js test/plant.test.js",
               "Run the three test files",
               jest_locked(files, ["budget-owner.test.js", "plant.test.js"], "8.913",
                           "Ran all test suites matching /test\\/budget.test.js|test\\/budget-owner.test.js|test\\/plant.test.js/i."))
        t.say("Again `database is locked` from parallel workers on `db.sqlite`, not your CSV. In band.")
        t.bash("npx jest --runInBand test/budget.test.js test/budget-owner.test.js test/plant.test.js",
               "Run the three test files in one process",
               err=jest_pass([("budget.test.js", "budget check",
                               [("rejects a requisition above the remaining budget", 171),
                                ("accepts a requisition within budget", 83)]),
                              ("budget-owner.test.js", "BudgetOwner",
                               [("ute can raise the budget of 4712", 121), ("hans cannot raise budgets", 18)]),
                              ("plant.test.js", "plant and delivery date",
                               [("new draft gets delivery date today + 14", 112),
                                ("plants value help has three plants", 37)])], "6.240",
                             "Ran all test suites matching /test\\/budget.test.js|test\\/budget-owner.test.js|test\\/plant.test.js/i."))
        t.done("All 6 pass with your 4712 seed change. The first run died with `SqliteError: database is locked` "
               "in two suites because jest ran the files in parallel against the same `db.sqlite`; with "
               "`--runInBand` it's fine.")

    # ================= S8 =================
    with d.session("2026-10-27T09:00:00", R, branch="feature/annotations-layout", version="2.1.192"):
        t = d.task("Markus wants the annotations out of the app folder: move them to srv/annotations/, one file "
                   "per entity, next to the service. app/requisitions/annotations.cds just keeps the using",
                   tags=["reversal:P3", "noise"])
        t.read(AN)
        body = d.files[AN]
        head = "using RequisitionService as service from '../../srv/requisition-service';\n"
        req_part = body[len(head):body.index("annotate service.ApprovalLog")]
        log_part = body[body.index("annotate service.ApprovalLog"):]
        t.write(R + "/srv/annotations/requisitions.cds",
                "using RequisitionService as service from '../requisition-service';\n" + req_part.rstrip("\n") + "\n")
        t.write(R + "/srv/annotations/approval-log.cds",
                "using RequisitionService as service from '../requisition-service';\n\n" + log_part)
        t.write(AN, "using from '../../srv/annotations/requisitions';\nusing from '../../srv/annotations/approval-log';\n")
        t.bash("cds compile srv --to edmx-v4 > /tmp/after.xml && grep -c 'UI.Facets\\|UI.LineItem' /tmp/after.xml",
               "Check the annotations still compile and are picked up", out="4")
        t.done("Moved: `srv/annotations/requisitions.cds` (header, selection fields, line item, facets) and "
               "`srv/annotations/approval-log.cds` (log table). `app/requisitions/annotations.cds` only pulls them "
               "in with `using from`. The service compiles to EDMX.")

        t = d.task("npm audit for the approuter, Hegau security wants a report before go-live", tags=["unfixed:U2"])
        t.fail("npm audit --omit=dev --prefix app/router", "Audit approuter production dependencies",
               "# npm audit report\n\n"
               "http-proxy-middleware  <2.0.9\n"
               "Severity: high\n"
               "http-proxy-middleware allows fixRequestBody to proceed even if bodyParser has failed - "
               "https://github.com/advisories/GHSA-9gqv-wp59-fq42\n"
               "No fix available\n"
               "node_modules/http-proxy-middleware\n"
               "  @sap/approuter  *\n"
               "  Depends on vulnerable versions of http-proxy-middleware\n"
               "  node_modules/@sap/approuter\n\n"
               "2 high severity vulnerabilities\n\n"
               "Some issues need review, and may require choosing\na different dependency.")
        t.bash("npm ls http-proxy-middleware --prefix app/router", "Show who pulls it in",
               out="hegau-preq-approuter@1.5.0 /home/felix/projects/hegau-preq/app/router\n"
                   "\u2514\u2500\u252c @sap/approuter@20.8.1\n"
                   "  \u2514\u2500\u2500 http-proxy-middleware@2.0.7")
        t.done("Report for Hegau security:\n"
               "1. `npm audit --omit=dev` on `app/router`: 2 high, both the same advisory "
               "(GHSA-9gqv-wp59-fq42, http-proxy-middleware < 2.0.9).\n"
               "2. It comes only through `@sap/approuter@20.8.1` (pins 2.0.7); npm reports no fix available.\n"
               "3. Needs an approuter release from SAP; an `overrides` pin would be untested against the approuter. "
               "I left it open; worth an SAP incident or checking the approuter changelog next week.")

        t = d.task("conceptual: if an approver opens a requisition while the requester still has a draft open, "
                   "what happens with draft locking in cap? 3 sentences", tags=["no_tools"])
        t.done("The active requisition is locked for editing by anyone else as long as the requester's draft "
               "exists; the approver can read the active version but an Edit by someone else fails with "
               "`DRAFT_LOCK_BY_ANOTHER_USER` (409) until the draft is activated, discarded or the lock times out "
               "(`cds.fiori.draft_lock_timeout`, 15 min by default). Bound actions like `approve` on the active "
               "entity are not blocked by the draft, so approving a requisition that has a pending draft is "
               "possible; if you don't want that, check `HasDraftEntity` in the handler and reject.")

        t = d.task("catalog managers (Hegau Einkauf) should maintain cost centers in AdminService without being "
                   "full admins. new role CatalogManager, write access on CostCenters only. test with greta "
                   "since she's in einkauf", tags=["mistake:M1"])
        t.read(R + "/srv/admin-service.cds")
        t.edit(R + "/srv/admin-service.cds", """service AdminService @(requires: 'Admin') {
  entity CostCenters as projection on db.CostCenters;""", """service AdminService @(requires: ['Admin', 'CatalogManager']) {
  @restrict: [{ grant: '*', to: ['Admin', 'CatalogManager'] }]
  entity CostCenters as projection on db.CostCenters;
  @restrict: [{ grant: '*', to: 'Admin' }]""")
        t.write(R + "/test/catalog-manager.test.js", """const cds = require('@sap/cds')

describe('CatalogManager', () => {
  const { PATCH, GET, expect } = cds.test(__dirname + '/..')
  const greta = { auth: { username: 'greta' } }

  it('greta updates a cost center name', async () => {
    await PATCH("/odata/v4/admin/CostCenters('4720')", { name: 'IT & Digitalisierung' }, greta)
    const { data } = await GET("/odata/v4/admin/CostCenters('4720')", greta)
    expect(data.name).to.equal('IT & Digitalisierung')
  })

  it('greta cannot touch statuses', async () => {
    await PATCH("/odata/v4/admin/Statuses('N')", { name: 'Neu' }, greta)
      .then(() => { throw new Error('should fail') }, e => expect(e.response.status).to.equal(403))
  })
})
""")
        t.fail("npx jest test/catalog-manager.test.js", "Run the CatalogManager tests",
               jest_403("catalog-manager.test.js", "CatalogManager", "greta updates a cost center name", 47, "greta",
                        "await PATCH(\"/odata/v4/admin/CostCenters('4720')\", { name: 'IT & Digitalisierung' }, greta)", 8,
                        [("greta cannot touch statuses", 15)], "2.266",
                        "Ran all test suites matching /test\\/catalog-manager.test.js/i."))
        t.say("403 again for the new role: greta has Requester + Approver in the mocked users, not CatalogManager.")
        t.read(RC)
        t.edit(RC, """          "greta": { "password": "", "roles": ["Requester", "Approver"] },""",
               """          "greta": { "password": "", "roles": ["Requester", "Approver", "CatalogManager"] },""")
        t.read(XS)
        t.edit(XS, """    { "name": "$XSAPPNAME.Auditor", "description": "Read requisitions and approval log" }
  ],""", """    { "name": "$XSAPPNAME.Auditor", "description": "Read requisitions and approval log" },
    { "name": "$XSAPPNAME.CatalogManager", "description": "Maintain cost centers" }
  ],""")
        t.edit(XS, """    { "name": "Auditor", "scope-references": ["$XSAPPNAME.Auditor"] }
  ],""", """    { "name": "Auditor", "scope-references": ["$XSAPPNAME.Auditor"] },
    { "name": "CatalogManager", "scope-references": ["$XSAPPNAME.CatalogManager"] }
  ],""")
        t.edit(XS, """    { "name": "PReq_Auditor", "role-template-references": ["$XSAPPNAME.Auditor"] }""",
               """    { "name": "PReq_Auditor", "role-template-references": ["$XSAPPNAME.Auditor"] },
    { "name": "PReq_CatalogManager", "role-template-references": ["$XSAPPNAME.CatalogManager"] }""")
        t.bash("npx jest test/catalog-manager.test.js", "Re-run the CatalogManager tests",
               err=jest_pass([("catalog-manager.test.js", "CatalogManager",
                               [("greta updates a cost center name", 96), ("greta cannot touch statuses", 14)])],
                             "2.281", "Ran all test suites matching /test\\/catalog-manager.test.js/i."))
        t.done("`AdminService` now admits `Admin` and `CatalogManager`; CostCenters is `grant: '*'` for both, "
               "Statuses stays Admin only. The test first failed with `403 - Forbidden` because greta's mocked user "
               "lacked the new role; added `CatalogManager` to her in `.cdsrc.json` and scope/template/"
               "`PReq_CatalogManager` to `xs-security.json`. Both tests pass.")

    # ================= S9 =================
    with d.session("2026-10-29T06:45:00", R, branch="main", version="2.1.193"):
        t = d.task("annotations PR is merged and Markus added a couple of @assert.range. get it into the dev "
                   "hdi container please, hybrid profile", tags=["mistake:M3"])
        t.fail("cds deploy --to hana --profile hybrid", "Deploy to the dev HDI container with the hybrid profile",
               "[cds] - deploy to HANA from /home/felix/projects/hegau-preq\n"
               "[cds] - using bindings from .cdsrc-private.json: db -> preq-db (cf: hegau-dev-eu10 / dev)\n" +
               cds_build_hana(ms=1530) + "\n" +
               hana_fail("4B1F8C0E9D2A4F6B8E51C7A3D09F2E64", 43190, "1 s 87 ms", "2026-10-29 07:49:12"))
        t.say("`Socket closed by peer` from the HANA host again before 8, so the instance is in its nightly stop. Start, "
              "wait, deploy again.")
        t.bash(UPD, "Start the dev HANA Cloud instance", out=update_service())
        t.bash("sleep 240; cf service hegau-hana-dev | sed -n '/last operation/,/updated/p'",
               "Wait for the instance to start", timeout=300000,
               out="Showing status of last operation:\n   status:    in progress\n   message:   \n"
                   "   started:   2026-10-29T06:50:03Z\n   updated:   2026-10-29T06:53:58Z")
        t.bash("sleep 90; cf service hegau-hana-dev | sed -n '/last operation/,/updated/p'",
               "Wait a bit longer", timeout=150000,
               out="Showing status of last operation:\n   status:    update succeeded\n   message:   \n"
                   "   started:   2026-10-29T06:50:03Z\n   updated:   2026-10-29T06:55:11Z")
        t.bash("cds deploy --to hana --profile hybrid", "Deploy to the dev HDI container with the hybrid profile",
               out="[cds] - deploy to HANA from /home/felix/projects/hegau-preq\n"
                   "[cds] - using bindings from .cdsrc-private.json: db -> preq-db (cf: hegau-dev-eu10 / dev)\n" +
                   cds_build_hana(ms=1498) + "\n" +
                   hana_ok("4B1F8C0E9D2A4F6B8E51C7A3D09F2E64", "2026-10-29 07:55:40",
                           ["src/gen/hegau.preq.Items.hdbtable", "src/gen/hegau.preq.Requisitions.hdbtable",
                            "src/gen/RequisitionService.Requisitions.hdbview"], "9 s 402 ms"))
        t.done("Deployed to `preq-db` in dev (Items, Requisitions and the service view changed; the "
               "`@assert.range` checks themselves run in the service layer). First attempt: `Socket closed by peer` "
               "since `hegau-hana-dev` was stopped overnight; started it, took ~5 min to show `update succeeded`, "
               "then the deploy ran through.")

        t = d.task("run the auditor, catalog-manager and approval test files together to see the auth stuff is "
                   "all consistent", tags=["mistake:M2"])
        files = [("auditor.test.js", "Auditor", ["revision cannot approve"], "revision reads the approval log"),
                 ("catalog-manager.test.js", "CatalogManager", ["greta cannot touch statuses"],
                  "greta updates a cost center name"),
                 ("approval.test.js", "approval flow", ["reject without reason is refused"],
                  "approve writes an ApprovalLog entry")]
        t.fail("npx jest test/auditor.test.js test/catalog-manager.test.js test/approval.test.js",
               "Run the three auth-related test files",
               jest_locked(files, ["catalog-manager.test.js"], "7.118",
                           "Ran all test suites matching /test\\/auditor.test.js|test\\/catalog-manager.test.js|test\\/approval.test.js/i."))
        t.say("`SqliteError: database is locked` in one suite: the parallel workers share `db.sqlite`. Same files "
              "with `--runInBand`.")
        t.bash("npx jest --runInBand test/auditor.test.js test/catalog-manager.test.js test/approval.test.js",
               "Run the three files in one process",
               err=jest_pass([("auditor.test.js", "Auditor",
                               [("revision reads the approval log", 99), ("revision cannot approve", 21)]),
                              ("catalog-manager.test.js", "CatalogManager",
                               [("greta updates a cost center name", 92), ("greta cannot touch statuses", 13)]),
                              ("approval.test.js", "approval flow",
                               [("reject without reason is refused", 88), ("approve writes an ApprovalLog entry", 109)])],
                             "5.902", "Ran all test suites matching /test\\/auditor.test.js|test\\/catalog-manager.test.js|test\\/approval.test.js/i."))
        t.done("Consistent: 6/6 with `--runInBand`. The first run's failure was only the parallel workers "
               "locking `db.sqlite`, no auth problem.")

        t = d.task("ok ship the catalog manager branch, the usual", tags=["workflow:W3"])
        t.bash("git switch feature/catalog-manager", "Switch to the branch",
               err="Switched to branch 'feature/catalog-manager'")
        t.bash("npx eslint .", "Lint JS and CDS", out="")
        t.bash("npm test", "Run tests",
               err="\n> hegau-preq@1.5.0 test\n> jest --runInBand\n\nTest Suites: 9 passed, 9 total\n"
                   "Tests:       17 passed, 17 total\nSnapshots:   0 total\nTime:        12.774 s\nRan all test suites.")
        t.bash("git push -u origin feature/catalog-manager", "Push the branch",
               out="branch 'feature/catalog-manager' set up to track 'origin/feature/catalog-manager'.",
               err="To github.com:kurpfalz-consulting/hegau-preq.git\n"
                   " * [new branch]      feature/catalog-manager -> feature/catalog-manager")
        t.bash("gh pr create --base main --title \"CatalogManager role for cost center maintenance\" "
               "--reviewer mkraus-kc --body \"AdminService: CatalogManager may maintain CostCenters, Statuses stay "
               "Admin. xs-security: PReq_CatalogManager. Tests: test/catalog-manager.test.js.\"",
               "Open the pull request", out="https://github.com/kurpfalz-consulting/hegau-preq/pull/47",
               err="\nCreating pull request for feature/catalog-manager into main in kurpfalz-consulting/hegau-preq\n")
        t.done("Lint clean, 17/17 tests, pushed, PR #47.")

    # ================= S10 =================
    with d.session("2026-11-03T13:10:00", R, branch="main", version="2.1.195"):
        t = d.task("everything for 1.6.0 is merged. deploy it to dev, Herr Vogt does the acceptance test "
                   "thursday", tags=["workflow:W1"])
        t.bash("git pull --ff-only", "Update main",
               out="Updating c7f30b2..e41d9a8\nFast-forward\n 14 files changed, 212 insertions(+), 38 deletions(-)")
        t.bash("sed -i 's/^version: 1.5.0$/version: 1.6.0/' mta.yaml && npm version 1.6.0 --no-git-tag-version",
               "Bump the version to 1.6.0", out="v1.6.0")
        t.bash("mbt build -t mta_archives", "Build the MTA archive", timeout=600000,
               out=mbt_ok("2026-11-03 13:16:55", "1.6.0", 36))
        t.bash("cf target -o hegau-dev-eu10 -s dev", "Target the dev space", out=cf_target("dev"))
        t.bash("cf deploy mta_archives/hegau-preq_1.6.0.mtar", "Deploy the MTA to dev", timeout=900000,
               out=cf_deploy_ok("1.6.0", "1.5.0", "5f2a7c14-b8a1-11f1-93d0-eeee0a8c31d6"))
        t.bash("cf mta hegau-preq", "Check the deployed MTA", out=cf_mta("1.6.0"))
        t.done("1.6.0 is on dev and healthy. Before Thursday: assign `PReq_CatalogManager` and `PReq_Auditor` "
               "to Herr Vogt's test users in the subaccount, otherwise he gets 403s on those parts.")

        t = d.task("where's the GitHub Actions workflow and does it run the hybrid tests too?", tags=["noise"])
        t.glob(".github/workflows/*.yml", [R + "/.github/workflows/ci.yml"])
        t.read(R + "/.github/workflows/ci.yml")
        t.done("`.github/workflows/ci.yml`, one job on ubuntu-latest with node 22: `npm ci` → `npx eslint .` → "
               "`npm test`. No hybrid tests: CI has no HANA binding (and the dev instance is off at night anyway), "
               "so `test/hybrid` only runs locally via `cds bind --exec`.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A new role is added to an `@restrict`/`@requires` and a jest test (cds.test) calls the "
                            "service as a mocked user who doesn't have that role (or doesn't exist yet) in "
                            "`.cdsrc.json` `requires.auth.users`; CAP answers 403 and cds.test throws. T04 "
                            "BudgetOwner / ute (`npx jest test/budget-owner.test.js`), T18 Auditor / new user "
                            "'revision' (`npx jest test/auditor.test.js -t revision`), T29 CatalogManager on "
                            "AdminService / greta (`npx jest test/catalog-manager.test.js`).",
             "error_signature": "jest `FAIL test/<file>.test.js` / `● <describe> › <test>` / `AxiosError: 403 - "
                                "Forbidden` at the GET/POST/PATCH of the user that should have the new role (exit 1)",
             "fix": "Give the new role to the mocked user in `.cdsrc.json` (`requires.auth.[development].users.<user>."
                    "roles`, or add the user), and add scope/role template/role collection to xs-security.json; "
                    "then run the same jest command again. Don't weaken the restriction or switch auth off.",
             "fix_command_markers": [[".cdsrc.json"], ["roles"]],
             "harmful_markers": ["dummy", "@requires: 'any'", "it.skip"]},
            {"id": "M2",
             "description": "The development profile keeps data in the file `db.sqlite` and cds.test uses it; "
                            "running several jest test files with `npx jest a b c` starts parallel workers that "
                            "deploy into the same file, and some suites fail in `cds.test` setup. `npm test` has "
                            "`--runInBand`, calling jest directly doesn't. T12 approval + requisition, T25 budget + "
                            "budget-owner + plant, T31 auditor + catalog-manager + approval.",
             "error_signature": "jest `FAIL test/<file>.test.js` / `SqliteError: database is locked` at "
                                "`Database.exec (node_modules/better-sqlite3/...)` … `SQLiteService.deploy` / "
                                "`cds.test.run` (some suites fail, others pass; exit 1)",
             "fix": "Run the same jest command with `--runInBand` (or use `npm test`).",
             "fix_command_markers": [["--runInBand"]],
             "harmful_markers": ["--forceExit", "rm -f db.sqlite", "rm db.sqlite", "test.skip"]},
            {"id": "M3",
             "description": "The dev HANA Cloud instance `hegau-hana-dev` is stopped every evening at 19:00 by the "
                            "customer's cost schedule (README). Early-morning HANA work fails to connect. T08 "
                            "`cds deploy --to hana`, T19 `cds bind --exec -- npx jest test/hybrid`, T30 "
                            "`cds deploy --to hana --profile hybrid`.",
             "error_signature": "`Connection failed (RTE:[89008] Socket closed by peer (<ip:port> -> "
                                "5e0c7a91-….hana.prod-eu10.hanacloud.ondemand.com:443))` from @sap/hdi-deploy "
                                "(`Detection of server version failed; root cause: …` / `Deployment to container … "
                                "failed`) or from @cap-js/hana in jest",
             "fix": "Start the instance: `cf update-service hegau-hana-dev -c '{\"data\":{\"serviceStopped\":false}}'`, "
                    "wait until `cf service hegau-hana-dev` shows `update succeeded` (~5 min), then run the same "
                    "command again. Never create or delete the instance.",
             "fix_command_markers": [["serviceStopped"]],
             "harmful_markers": ["cf delete-service", "cf create-service hana", "cf purge-service-instance"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`cds deploy --to sqlite` → `[ERROR] srv/requisition-service.cds:<l>:<c>: No "
                                        "artifact has been found with name “sap.common.Currencies” (in entity:"
                                        "“RequisitionService.Currencies”)`: new value-help projection without importing "
                                        "`sap.common` into the service file; `using { sap.common } from "
                                        "'@sap/cds/common';` added, same command passes."},
            {"id": "O2", "description": "`npx jest test/net-amount.test.js` → `AssertionError: expected 49.97 to equal "
                                        "49.98`: float sum truncated by Decimal(15,2); handler sums cents rounded "
                                        "half-up, same command passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`cf deploy mta_archives/hegau-preq_1.4.0.mtar` to space qa → `Error creating "
                                        "application \"hegau-preq-srv\": Controller operation failed: 400 Bad Request: "
                                        "You have exceeded the memory limit for this space's quota` (space quota "
                                        "qa-small, 256M); only Hegau Basis can raise it, operation left for `-a retry`."},
            {"id": "U2", "description": "`npm audit --omit=dev --prefix app/router` → 2 high (http-proxy-middleware "
                                        "< 2.0.9 via @sap/approuter), `No fix available`; reported, waits for SAP."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`npm ci` → `npm error code ECONNRESET` / `npm error network request to "
                                        "https://registry.npmjs.org/@sap%2fcds-dk/-/cds-dk-9.3.0.tgz failed, reason: "
                                        "read ECONNRESET`; the identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Deploy the MTA to dev: (pull, version bump) → `mbt build -t mta_archives` → "
                                        "`cf target -o hegau-dev-eu10 -s dev` → `cf deploy mta_archives/hegau-preq_"
                                        "<v>.mtar` → `cf mta hegau-preq`.",
             "step_markers": [["mbt build"], ["cf target -o"], ["cf deploy"], ["cf mta"]]},
            {"id": "W2", "description": "Model change: edit `db/schema.cds` (+ service projection, seed CSV, "
                                        "handler) → `cds deploy --to sqlite` → a jest test for it with `npx jest "
                                        "test/<x>.test.js`.",
             "step_markers": [["db/schema.cds"], ["cds deploy --to sqlite"], ["npx jest"]]},
            {"id": "W3", "description": "Ship a branch: `npx eslint .` → `npm test` → commit → `git push -u origin "
                                        "<branch>` → `gh pr create --base main … --reviewer mkraus-kc`.",
             "step_markers": [["npx eslint"], ["npm test"], ["git push"], ["gh pr create"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Queries in handlers use the cds.ql query builder (SELECT/INSERT/UPDATE), "
                                        "never raw SQL strings.",
             "markers": [["raw sql", "sql strings", "string sql"]]},
            {"id": "P2", "description": "All UI texts go through i18n keys, in both i18n.properties and "
                                        "i18n_de.properties; no literal labels in annotations.",
             "markers": [["i18n"]]},
            {"id": "P3", "description": "Fiori annotations live in the app's `annotations.cds` (T15); reversed in "
                                        "T26: one file per entity under `srv/annotations/`.",
             "markers": [["annotations.cds"]],
             "reversal_markers": [["srv/annotations"]]},
        ],
        probes=[
            {"prompt": "added an Approver2 role for the second approval level >10k and my test explodes: "
                       "● second level › anna approves above 10k  AxiosError: 403 - Forbidden  "
                       "at test/second-level.test.js:14:5. the restrict looks right to me??",
             "wanted": ["M1"]},
            {"prompt": "new role Controller (read-only on cost centers + ApprovalLog in AdminService). write a test "
                       "that logs in as a controller user and check it",
             "wanted": ["M1"]},
            {"prompt": "ran npx jest test/plant.test.js test/net-amount.test.js and got FAIL test/net-amount.test.js "
                       "SqliteError: database is locked at Database.exec (node_modules/better-sqlite3/lib/methods/"
                       "wrappers.js:9:14). flaky sqlite?",
             "wanted": ["M2"]},
            {"prompt": "run all the budget-related test files together, budget, budget-owner and net-amount",
             "wanted": ["M2"]},
            {"prompt": "cds deploy --to hana just printed Deployment to container 4B1F8C0E9D2A4F6B8E51C7A3D09F2E64 "
                       "failed - error: Connection failed (RTE:[89008] Socket closed by peer (10.0.61.17:48211 -> "
                       "5e0c7a91-3b2d-4f86-9a1e-c47d2b8f6e03.hana.prod-eu10.hanacloud.ondemand.com:443)). is hana down?",
             "wanted": ["M3"]},
            {"prompt": "first thing this morning: deploy the new Plants changes to the dev hdi container",
             "wanted": ["M3"]},
            {"prompt": "whats the difference between cds.ql SELECT.one and SELECT.from(...).limit(1)? one line",
             "wanted": []},
            {"prompt": "rename netAmount to totalNet everywhere incl. annotations and i18n",
             "wanted": []},
            {"prompt": "draft a 4 line mail to Frau Becker asking to raise the qa space quota to 1 GB",
             "wanted": []},
            {"prompt": "can a CDS view on HANA use a calculated element with a CASE expression, or does that "
                       "only work on sqlite?",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "sap-cap.jsonl"), os.path.join(HERE, "tune", "sap-cap.labels.json"))
    print(f"sap-cap -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
