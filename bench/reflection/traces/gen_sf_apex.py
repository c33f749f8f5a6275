"""sf-apex: Priya Raman, Salesforce developer at a nonprofit consultancy (grants CRM for a client, Hopewell).

Stack: Salesforce DX with the sf CLI (v2), scratch orgs from the client's Dev Hub, Apex classes/triggers with
Apex tests (sf apex run test, code coverage), Lightning Web Components with Jest (sfdx-lwc-jest), one package
directory in sfdx-project.json, deploys to a UAT sandbox with sf project deploy start (manifest, validate +
quick deploy), Prettier with prettier-plugin-apex, PMD 7 for Apex, GitHub Actions (gh). macOS.

Written blind for fresh/; measured once held out (round 12), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "priya"
R = "/Users/priya/work/grants-crm"
MODEL = "claude-opus-4-6"
GH = "https://github.com/northwind-collective/hopewell-grants-crm"
HUB = "hopewell-devhub"
UAT_URL = "https://hopewell--uat.sandbox.my.salesforce.com"
UAT_USER = "priya.raman@hopewellfoundation.org.uat"
API_V = "62.0"

HX = random.Random(61012)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def sfid(prefix, n=15):
    return prefix + "".join(HX.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
                            for _ in range(n - len(prefix)))


def sha():
    return hx(7)


def P(rel):
    return f"{R}/{rel}"


class MacDev(Dev):
    """Claude Code on macOS keeps its projects under /Users/<user>/.claude."""

    def _common(self, event):
        p = super()._common(event)
        p["transcript_path"] = p["transcript_path"].replace("/home/", "/Users/", 1)
        return p


CLS = "force-app/main/default/classes"
TRG = "force-app/main/default/triggers"
LWC = "force-app/main/default/lwc"

FILES = {
    P("sfdx-project.json"): """{
  "packageDirectories": [
    {
      "path": "force-app",
      "default": true,
      "package": "grants-crm",
      "versionName": "Winter '26"
    }
  ],
  "name": "hopewell-grants-crm",
  "namespace": "",
  "sfdcLoginUrl": "https://login.salesforce.com",
  "sourceApiVersion": "62.0"
}
""",
    P("config/project-scratch-def.json"): """{
  "orgName": "Hopewell Grants Dev",
  "edition": "Developer",
  "features": ["EnableSetPasswordInApi", "Communities", "ExperienceCloud"],
  "settings": {
    "lightningExperienceSettings": { "enableS1DesktopEnabled": true },
    "communitiesSettings": { "enableNetworksEnabled": true },
    "securitySettings": { "passwordPolicies": { "enableSetPasswordInApi": true } }
  }
}
""",
    P("package.json"): """{
  "name": "hopewell-grants-crm",
  "private": true,
  "version": "1.0.0",
  "scripts": {
    "lint": "eslint **/{aura,lwc}/**/*.js",
    "test": "npm run test:unit",
    "test:unit": "sfdx-lwc-jest",
    "test:unit:watch": "sfdx-lwc-jest --watch",
    "test:unit:coverage": "sfdx-lwc-jest --coverage",
    "prettier": "prettier --write \\"**/*.{cls,cmp,component,css,html,js,json,md,page,trigger,xml,yaml,yml}\\"",
    "prettier:verify": "prettier --check \\"**/*.{cls,cmp,component,css,html,js,json,md,page,trigger,xml,yaml,yml}\\"",
    "pmd": "pmd check --dir force-app/main/default/classes --rulesets config/pmd/apex-ruleset.xml --format text --no-cache"
  },
  "devDependencies": {
    "@lwc/eslint-plugin-lwc": "^2.0.0",
    "@prettier/plugin-xml": "^3.4.1",
    "@salesforce/eslint-config-lwc": "^3.6.0",
    "@salesforce/eslint-plugin-lightning": "^1.0.1",
    "@salesforce/sfdx-lwc-jest": "^7.0.1",
    "eslint": "^8.57.0",
    "eslint-plugin-jest": "^28.8.3",
    "prettier": "^3.3.3",
    "prettier-plugin-apex": "^2.2.2"
  }
}
""",
    P("manifest/package.xml"): """<?xml version="1.0" encoding="UTF-8"?>
<Package xmlns="http://soap.sforce.com/2006/04/metadata">
    <types>
        <members>GrantApplicationService</members>
        <members>GrantApplicationServiceTest</members>
        <members>GrantsDashboardController</members>
        <members>GrantsDashboardControllerTest</members>
        <members>TestDataFactory</members>
        <members>TriggerHandler</members>
        <name>ApexClass</name>
    </types>
    <types>
        <members>grantSummary</members>
        <name>LightningComponentBundle</name>
    </types>
    <version>62.0</version>
</Package>
""",
    P(f"{CLS}/TestDataFactory.cls"): """@IsTest
public class TestDataFactory {
    public static Account makeFunder(String name) {
        return new Account(Name = name, Type = 'Foundation');
    }

    public static Program__c makeProgram(String name) {
        return new Program__c(Name = name, Active__c = true);
    }

    public static Grant__c makeGrant(Id funderId, Id programId, Decimal requested) {
        return new Grant__c(
            Funder__c = funderId,
            Program__c = programId,
            Amount_Requested__c = requested,
            Status__c = 'Submitted'
        );
    }

    public static User makeUser(String alias, String profileName) {
        Profile p = [SELECT Id FROM Profile WHERE Name = :profileName LIMIT 1];
        return new User(
            Alias = alias,
            Email = alias + '@hopewell.test',
            EmailEncodingKey = 'UTF-8',
            LastName = alias,
            LanguageLocaleKey = 'en_US',
            LocaleSidKey = 'en_US',
            ProfileId = p.Id,
            TimeZoneSidKey = 'America/Chicago',
            Username = alias + '.' + System.currentTimeMillis() + '@hopewell.test'
        );
    }
}
""",
    P(f"{CLS}/GrantApplicationService.cls"): """public with sharing class GrantApplicationService {
    public static List<Grant__c> createFromPortal(List<Portal_Application__c> apps) {
        List<Grant__c> grants = new List<Grant__c>();
        for (Portal_Application__c app : apps) {
            grants.add(
                new Grant__c(
                    Funder__c = app.Funder__c,
                    Program__c = app.Program__c,
                    Amount_Requested__c = app.Amount_Requested__c,
                    Portal_Application__c = app.Id,
                    Status__c = 'Submitted'
                )
            );
        }
        insert as user grants;
        return grants;
    }
}
""",
    P(f"{CLS}/GrantsDashboardController.cls"): """public with sharing class GrantsDashboardController {
    @AuraEnabled(cacheable=true)
    public static List<Grant__c> openGrants() {
        return [
            SELECT Id, Name, Funder__r.Name, Program__r.Name, Amount_Requested__c, Status__c, Decision_Date__c
            FROM Grant__c
            WHERE Status__c IN ('Submitted', 'In Review')
            WITH USER_MODE
            ORDER BY Decision_Date__c NULLS LAST
            LIMIT 200
        ];
    }

    @AuraEnabled(cacheable=true)
    public static Decimal awardedThisYear() {
        AggregateResult ar = [
            SELECT SUM(Amount_Awarded__c) total
            FROM Grant__c
            WHERE Status__c = 'Awarded' AND Decision_Date__c = THIS_FISCAL_YEAR
            WITH USER_MODE
        ];
        return (Decimal) ar.get('total');
    }
}
""",
    P(f"{TRG}/PortalApplicationTrigger.trigger"): """trigger PortalApplicationTrigger on Portal_Application__c(after insert, after update) {
    new PortalApplicationTriggerHandler().run();
}
""",
    P(f"{CLS}/PortalApplicationTriggerHandler.cls"): """public with sharing class PortalApplicationTriggerHandler extends TriggerHandler {
    public override void afterInsert() {
        List<Portal_Application__c> ready = new List<Portal_Application__c>();
        for (Portal_Application__c app : (List<Portal_Application__c>) Trigger.new) {
            if (app.Status__c == 'Submitted') {
                ready.add(app);
            }
        }
        if (!ready.isEmpty()) {
            GrantApplicationService.createFromPortal(ready);
        }
    }
}
""",
    P(f"{LWC}/grantSummary/grantSummary.js"): """import { LightningElement, wire } from 'lwc';
import openGrants from '@salesforce/apex/GrantsDashboardController.openGrants';
import awardedThisYear from '@salesforce/apex/GrantsDashboardController.awardedThisYear';

const COLUMNS = [
    { label: 'Grant', fieldName: 'Name' },
    { label: 'Funder', fieldName: 'funderName' },
    { label: 'Requested', fieldName: 'Amount_Requested__c', type: 'currency' },
    { label: 'Status', fieldName: 'Status__c' }
];

export default class GrantSummary extends LightningElement {
    columns = COLUMNS;
    grants = [];
    error;

    @wire(awardedThisYear) awarded;

    @wire(openGrants)
    wiredGrants({ data, error }) {
        if (data) {
            this.grants = data.map((g) => ({ ...g, funderName: g.Funder__r?.Name }));
            this.error = undefined;
        } else if (error) {
            this.error = error;
            this.grants = [];
        }
    }
}
""",
    P(f"{LWC}/grantSummary/grantSummary.html"): """<template>
    <lightning-card title="Open grants" icon-name="custom:custom17">
        <p class="slds-p-horizontal_small awarded">Awarded this year: <lightning-formatted-number value={awarded.data} format-style="currency"></lightning-formatted-number></p>
        <template lwc:if={error}>
            <p class="slds-text-color_error">Could not load grants.</p>
        </template>
        <lightning-datatable key-field="Id" data={grants} columns={columns} hide-checkbox-column></lightning-datatable>
    </lightning-card>
</template>
""",
    P(".github/workflows/ci.yml"): """name: CI
on:
  pull_request:
  push:
    branches: [main]
jobs:
  validate:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
          cache: npm
      - run: npm ci
      - run: npm run lint
      - run: npm run prettier:verify
      - run: npm run test:unit -- --coverage
      - name: Install sf
        run: npm install --global @salesforce/cli
      - name: Authorize UAT (JWT)
        run: |
          echo "${{ secrets.UAT_JWT_KEY }}" > server.key
          sf org login jwt --client-id ${{ secrets.UAT_CLIENT_ID }} --jwt-key-file server.key \\
            --username ${{ secrets.UAT_USERNAME }} --instance-url https://hopewell--uat.sandbox.my.salesforce.com --alias uat
      - name: Validate against UAT
        run: sf project deploy start --manifest manifest/package.xml --target-org uat --dry-run --test-level RunLocalTests --wait 30
""",
}


# ---------------------------------------------------------------- output helpers
def _table(headers, rows):
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    out = [" " + " ".join(h.ljust(w) for h, w in zip(headers, widths))]
    out.append(" " + " ".join("\u2500" * w for w in widths))
    for r in rows:
        out.append(" " + " ".join(c.ljust(w) for c, w in zip(r, widths)))
    return "\n".join(l.rstrip() for l in out)


def _kind(path):
    if path.endswith(".cls"):
        return "ApexClass"
    if path.endswith(".trigger"):
        return "ApexTrigger"
    if "/lwc/" in path:
        return "LightningComponentBundle"
    if path.endswith(".permissionset-meta.xml"):
        return "PermissionSet"
    if path.endswith(".md-meta.xml"):
        return "CustomMetadata"
    if path.endswith(".field-meta.xml"):
        return "CustomField"
    return "CustomObject"


def deploy_ok(user, comps, dry=False, tests=None, ran=0, state="Changed", target_label=None):
    """comps: list of (state, name, type, path)."""
    did = sfid("0Af", 18)
    lines = [f"{'Validating' if dry else 'Deploying'} v{API_V} metadata to {user} using the v{API_V} SOAP API.",
             f"Deploy ID: {did}"]
    n = len(comps)
    bar = "\u2588" * 40
    if tests:
        lines.append(f"Status: Succeeded | {bar} | {n}/{n} Components | {ran}/{ran} Tests")
    else:
        lines.append(f"Status: Succeeded | {bar} | {n}/{n} Components")
    lines.append("")
    if dry:
        lines.append("Dry-run complete.")
        lines.append("")
        lines.append("Validated Source")
    else:
        lines.append("Deployed Source")
    lines.append(_table(["State", "Name", "Type", "Path"], [list(c) for c in comps]))
    if dry:
        lines.append("")
        lines.append(f"Successfully validated the deployment ({did}).")
        lines.append("")
        lines.append(f'Run "sf project deploy quick --job-id {did}" to execute this deploy.')
    return did, "\n".join(lines)


def deploy_fail(user, comps_total, failures):
    """failures: list of (type, name, problem, line:col)."""
    did = sfid("0Af", 18)
    bar = "\u2588" * 24 + "\u2591" * 16
    ok = comps_total - len(failures)
    lines = [f"Deploying v{API_V} metadata to {user} using the v{API_V} SOAP API.",
             f"Deploy ID: {did}",
             f"Status: Failed | {bar} | {ok}/{comps_total} Components (Errors:{len(failures)})",
             "",
             f"Component Failures [{len(failures)}]",
             _table(["Type", "Name", "Problem", "Line:Column"], [list(f) for f in failures])]
    return "\n".join(lines)


def test_summary(outcome, ran, passed, user, org, run_id, ms):
    failed = ran - passed
    rows = [("Outcome", outcome), ("Tests Ran", str(ran)), ("Pass Rate", f"{round(100 * passed / ran)}%"),
            ("Fail Rate", f"{round(100 * failed / ran)}%"), ("Skip Rate", "0%"), ("Test Run Id", run_id),
            ("Test Setup Time", f"{ms // 9} ms"), ("Test Execution Time", f"{ms} ms"),
            ("Test Total Time", f"{ms + ms // 9} ms"), ("Org Id", org), ("Username", user)]
    return "=== Test Summary\n" + _table(["NAME", "VALUE"], [list(r) for r in rows])


def apex_tests_ok(user, org, results, coverage=None, org_wide=None):
    """results: list of (test name, ms). coverage: list of (class, pct, uncovered)."""
    ms = sum(r[1] for r in results)
    run_id = sfid("707", 15)
    out = [test_summary("Passed", len(results), len(results), user, org, run_id, ms)]
    if org_wide:
        out[0] += "\n" + f" Org Wide Coverage    {org_wide}"
    out.append("")
    out.append("=== Test Results")
    out.append(_table(["TEST NAME", "OUTCOME", "MESSAGE", "RUNTIME (MS)"],
                      [[n, "Pass", "", str(t)] for n, t in results]))
    if coverage:
        out.append("")
        out.append("=== Apex Code Coverage by Class")
        out.append(_table(["CLASSES", "PERCENT", "UNCOVERED LINES"], [list(c) for c in coverage]))
    return "\n".join(out)


def apex_tests_fail(user, org, results, coverage=None):
    """results: list of (test name, ms, message or None, stack or None)."""
    ms = sum(r[1] for r in results)
    run_id = sfid("707", 15)
    passed = sum(1 for r in results if not r[2])
    out = [test_summary("Failed", len(results), passed, user, org, run_id, ms), "", "=== Test Results"]
    hdr = ["TEST NAME", "OUTCOME", "MESSAGE", "RUNTIME (MS)"]
    rows = []
    for n, t, msg, stack in results:
        rows.append([n, "Fail" if msg else "Pass", msg or "", str(t or HX.randint(140, 760))])
    tbl = _table(hdr, rows).split("\n")
    # stack lines under their failing row, as sf prints them (message column wraps into the stack)
    w0 = max(len(hdr[0]), *(len(r[0]) for r in rows))
    out_rows = tbl[:2]
    for r, line in zip(results, tbl[2:]):
        out_rows.append(line)
        if r[3]:
            out_rows.append(" " + " " * (w0 + 1) + " " * 8 + r[3])
    out.append("\n".join(out_rows))
    if coverage:
        out.append("")
        out.append("=== Apex Code Coverage by Class")
        out.append(_table(["CLASSES", "PERCENT", "UNCOVERED LINES"], [list(c) for c in coverage]))
    return "\n".join(out)


def jest_ok(suites, pattern):
    """suites: list of (test file, describe, [(test, ms)])."""
    out = []
    n = 0
    for path, desc, tests in suites:
        out.append(f" PASS  {path}")
        out.append(f"  {desc}")
        for name, ms in tests:
            n += 1
            out.append(f"    \u2713 {name} ({ms} ms)" if ms >= 10 else f"    \u2713 {name}")
        out.append("")
    out.append(f"Test Suites: {len(suites)} passed, {len(suites)} total")
    out.append(f"Tests:       {n} passed, {n} total")
    out.append("Snapshots:   0 total")
    out.append(f"Time:        {HX.randint(900, 2900) / 1000:.3f} s")
    out.append(f"Ran all test suites matching /{pattern}/i.")
    return "\n".join(out)


def npm_hdr(script, cmd):
    return f"\n> hopewell-grants-crm@1.0.0 {script}\n> {cmd}\n"


def git_push(branch, new=False):
    a, b = hx(7), hx(7)
    lines = [f"To github.com:northwind-collective/hopewell-grants-crm.git"]
    if new:
        lines = ["remote: ", f"remote: Create a pull request for '{branch}' on GitHub by visiting:",
                 f"remote:      {GH}/pull/new/{branch}", "remote: "] + lines
        lines.append(f" * [new branch]      {branch} -> {branch}")
        lines.append(f"branch '{branch}' set up to track 'origin/{branch}'.")
    else:
        lines.append(f"   {a}..{b}  {branch} -> {branch}")
    return "\n".join(lines)


# scratch org users / org ids
DEV1_USER = "test-k3ydqbm2xw7a@example.com"
DEV1_ORG = "00DWs00000Fq3KbMAJ"
REP_USER = "test-9hv2lqznp0cu@example.com"
REP_ORG = "00DWs00000GA81tMAB"
DEV2_USER = "test-wm4c0e8tjr1s@example.com"
DEV2_ORG = "00DWs00000Gv2pQMAR"
REPRO_USER = "test-e5n8xa2ypf3d@example.com"
REPRO_ORG = "00DWs00000HB7uWMAZ"
UAT_ORG = "00D7x000004ZfTqEAK"

NO_HUB = "Error (NoDefaultDevHubError): No default dev hub found. Use -v or --target-dev-hub to specify an environment."
EXPIRED = "Error (RefreshTokenAuthError): Error authenticating with the refresh token due to: expired access/refresh token"


def mixed_dml(setup_obj, orig_obj, cls, line):
    msg = ("System.DmlException: Insert failed. First exception on row 0; first error: MIXED_DML_OPERATION, "
           "DML operation on setup object is not permitted after you have updated a non-setup object "
           f"(or vice versa): {setup_obj}, original object: {orig_obj}: []")
    stack = f"Class.{cls}.makeData: line {line}, column 1"
    return msg, stack


def line_of(d, path, needle):
    txt = d.files[path]
    return txt[:txt.index(needle)].count("\n") + 1


def gen():
    d = MacDev("sf-apex", U, "en", MODEL, seed=61006, files=FILES)

    # ============================================================ S1  Tue 10-06
    with d.session("2026-10-06T09:12:00", R, branch="main", version="2.1.84"):
        t = d.task("I'm picking up the Hopewell grants CRM from Dan this week. walk me through how a portal application "
                   "turns into a Grant__c record — which trigger, which classes", tags=["noise"])
        t.glob("force-app/main/default/triggers/*.trigger", [P(f"{TRG}/PortalApplicationTrigger.trigger")])
        t.read(P(f"{TRG}/PortalApplicationTrigger.trigger"))
        t.read(P(f"{CLS}/PortalApplicationTriggerHandler.cls"))
        t.read(P(f"{CLS}/GrantApplicationService.cls"))
        t.grep("extends TriggerHandler", filenames=[P(f"{CLS}/PortalApplicationTriggerHandler.cls"),
                                                    P(f"{CLS}/ContactTriggerHandler.cls")], path=P(CLS))
        t.done("""The path is short:

1. **`PortalApplicationTrigger`** (after insert/update on `Portal_Application__c`) does nothing but `new PortalApplicationTriggerHandler().run()` — the repo uses Kevin O'Hara's `TriggerHandler` base class (`ContactTriggerHandler` is the only other one).
2. **`PortalApplicationTriggerHandler.afterInsert`** collects the applications with `Status__c == 'Submitted'` and hands them to the service. Note there's no `afterUpdate` override, so an application saved as Draft and submitted later never becomes a grant — worth asking Dan whether that's intended.
3. **`GrantApplicationService.createFromPortal`** builds one `Grant__c` per application (funder, program, requested amount, back-reference to the application, status Submitted) and does `insert as user` — so the portal user's FLS/sharing apply.

Everything is bulk-safe: one DML for the whole trigger batch.""")

        t = d.task("my scratch org expired over the weekend. spin up a fresh one for the budget-lines work — alias grants-dev, "
                   "push the source, assign the Grants_Manager permset and load the sample data", tags=["mistake:M1"])
        t.bash("sf org list", "List known orgs", out=f"""
 Type     Alias            Username                                  Org ID              Status   Expires
 ──────── ──────────────── ───────────────────────────────────────── ─────────────────── ──────── ──────────
 DevHub   {HUB}  priya.raman@hopewellfoundation.org        00D5e000003HopeEAA
 DevHub   nw-devhub        priya@northwindcollective.org             00D8c000001NwCoEAK
 Sandbox  uat              {UAT_USER}    {UAT_ORG}
 🍁 Scratch grants-dev      test-a81kdq0zr6pe@example.com             00DWs00000Ex9TaMAJ  Expired  2026-10-04

Legend:  🌳=Default DevHub, 🍁=Default Org
""")
        t.fail("sf org create scratch --definition-file config/project-scratch-def.json --alias grants-dev --set-default "
               "--duration-days 21 --wait 10", "Create a new scratch org", NO_HUB)
        t.bash("sf config list", "Check which defaults are set", out=f"""
 Name        Value       Location
 ─────────── ─────────── ────────
 target-org  grants-dev  Local
""")
        t.bash(f"sf org create scratch --definition-file config/project-scratch-def.json --alias grants-dev --set-default "
               f"--duration-days 21 --wait 10 --target-dev-hub {HUB}", "Create the scratch org on the Hopewell Dev Hub",
               out=f"""Creating Scratch Org...
RequestId: 2SRWs000001gLqbOAE (https://hopewell.my.salesforce.com/2SRWs000001gLqbOAE)
OrgId: {DEV1_ORG}
Username: {DEV1_USER}
✓ Prepare Request
✓ Send Request
✓ Wait For Org
✓ Available
✓ Authenticate
✓ Deploy Settings
Done

Your scratch org is ready.""", timeout=900000)
        _, out = deploy_ok(DEV1_USER, [
            ("Created", "Grant__c", "CustomObject", "force-app/main/default/objects/Grant__c/Grant__c.object-meta.xml"),
            ("Created", "Portal_Application__c", "CustomObject", "force-app/main/default/objects/Portal_Application__c/Portal_Application__c.object-meta.xml"),
            ("Created", "Program__c", "CustomObject", "force-app/main/default/objects/Program__c/Program__c.object-meta.xml"),
            ("Created", "GrantApplicationService", "ApexClass", f"{CLS}/GrantApplicationService.cls"),
            ("Created", "GrantsDashboardController", "ApexClass", f"{CLS}/GrantsDashboardController.cls"),
            ("Created", "PortalApplicationTriggerHandler", "ApexClass", f"{CLS}/PortalApplicationTriggerHandler.cls"),
            ("Created", "TestDataFactory", "ApexClass", f"{CLS}/TestDataFactory.cls"),
            ("Created", "TriggerHandler", "ApexClass", f"{CLS}/TriggerHandler.cls"),
            ("Created", "PortalApplicationTrigger", "ApexTrigger", f"{TRG}/PortalApplicationTrigger.trigger"),
            ("Created", "grantSummary", "LightningComponentBundle", f"{LWC}/grantSummary/grantSummary.js"),
            ("Created", "Grants_Manager", "PermissionSet", "force-app/main/default/permissionsets/Grants_Manager.permissionset-meta.xml"),
        ])
        t.bash("sf project deploy start", "Push all source to the new scratch org", out=out, timeout=600000)
        t.bash("sf org assign permset --name Grants_Manager", "Assign the Grants_Manager permission set", out=f"""Permsets Assigned
 Username                       Permission Set Assignment
 ────────────────────────────── ─────────────────────────
 {DEV1_USER}  Grants_Manager""")
        t.bash("sf data import tree --plan data/sample-data-plan.json", "Load the sample data", out="""
 Reference ID   Type                   ID
 ────────────── ────────────────────── ──────────────────
 FunderRef1     Account                001Ws00000LfQ2hIAF
 FunderRef2     Account                001Ws00000LfQ2iIAF
 FunderRef3     Account                001Ws00000LfQ2jIAF
 ProgramRef1    Program__c             a03Ws000007Tn1PIAS
 ProgramRef2    Program__c             a03Ws000007Tn1QIAS
 GrantRef1      Grant__c               a01Ws00000Bq6yRIAR
 GrantRef2      Grant__c               a01Ws00000Bq6ySIAR
 GrantRef3      Grant__c               a01Ws00000Bq6yTIAR
 GrantRef4      Grant__c               a01Ws00000Bq6yUIAR
 AppRef1        Portal_Application__c  a04Ws000003KxH8IAK
 AppRef2        Portal_Application__c  a04Ws000003KxH9IAK""")
        t.done(f"""New scratch org is up:

- alias **grants-dev** (default org), `{DEV1_USER}`, expires in 21 days (10-27)
- created on the Hopewell Dev Hub — there's no default Dev Hub configured (you have both `{HUB}` and `nw-devhub` authorized), so I passed `--target-dev-hub {HUB}` explicitly
- all source deployed (11 components), `Grants_Manager` assigned, sample data loaded (3 funders, 2 programs, 4 grants, 2 portal applications)

`sf org open` will take you straight in.""")

        t = d.task("ok budget lines. add a GrantBudgetLineService that rolls Grant_Budget_Line__c.Amount__c up into "
                   "Grant__c.Total_Budget__c (sum per grant). queries WITH USER_MODE please, we had a security review "
                   "flag SECURITY_ENFORCED last year. and the test builds its records through TestDataFactory, no inline "
                   "new Grant__c(...) all over the test", tags=["workflow:W1", "pref:P1", "pref:P2"])
        t.read(P(f"{CLS}/TestDataFactory.cls"))
        t.edit(P(f"{CLS}/TestDataFactory.cls"), """    public static User makeUser(""", """    public static Grant_Budget_Line__c makeBudgetLine(Id grantId, String category, Decimal amount) {
        return new Grant_Budget_Line__c(Grant__c = grantId, Category__c = category, Amount__c = amount);
    }

    public static User makeUser(""")
        svc = P(f"{CLS}/GrantBudgetLineService.cls")
        t.write(svc, """public with sharing class GrantBudgetLineService {
    public static void rollUpTotals(Set<Id> grantIds) {
        grantIds.remove(null);
        if (grantIds.isEmpty()) {
            return;
        }
        Map<Id, Decimal> totals = new Map<Id, Decimal>();
        for (Id grantId : grantIds) {
            totals.put(grantId, 0);
        }
        for (AggregateResult ar : [
            SELECT Grant__c grantId, SUM(Amount__c) total
            FROM Grant_Budget_Line__c
            WHERE Grant__c IN :grantIds
            WITH USER_MODE
            GROUP BY Grant__c
        ]) {
            totals.put((Id) ar.get('grantId'), (Decimal) ar.get('total'));
        }
        List<Grant__c> updates = new List<Grant__c>();
        for (Id grantId : totals.keySet()) {
            updates.add(new Grant__c(Id = grantId, Total_Budget__c = totals.get(grantId)));
        }
        update as user updates;
    }
}
""")
        t.write(P(f"{CLS}/GrantBudgetLineService.cls-meta.xml"), """<?xml version="1.0" encoding="UTF-8"?>
<ApexClass xmlns="http://soap.sforce.com/2006/04/metadata">
    <apiVersion>62.0</apiVersion>
    <status>Active</status>
</ApexClass>
""")
        svct = P(f"{CLS}/GrantBudgetLineServiceTest.cls")
        t.write(svct, """@IsTest
private class GrantBudgetLineServiceTest {
    @TestSetup
    static void makeData() {
        Account funder = TestDataFactory.makeFunder('Lumen Foundation');
        insert funder;
        Program__c program = TestDataFactory.makeProgram('Youth Literacy');
        insert program;
        insert TestDataFactory.makeGrant(funder.Id, program.Id, 50000);
    }

    @IsTest
    static void sumsLinesPerGrant() {
        Grant__c g = [SELECT Id FROM Grant__c LIMIT 1];
        insert new List<Grant_Budget_Line__c>{
            TestDataFactory.makeBudgetLine(g.Id, 'Personnel', 30000),
            TestDataFactory.makeBudgetLine(g.Id, 'Materials', 4500.50)
        };

        Test.startTest();
        GrantBudgetLineService.rollUpTotals(new Set<Id>{ g.Id });
        Test.stopTest();

        Assert.areEqual(34500.50, [SELECT Total_Budget__c FROM Grant__c WHERE Id = :g.Id].Total_Budget__c);
    }

    @IsTest
    static void grantWithoutLinesGetsZero() {
        Grant__c g = [SELECT Id FROM Grant__c LIMIT 1];

        Test.startTest();
        GrantBudgetLineService.rollUpTotals(new Set<Id>{ g.Id, null });
        Test.stopTest();

        Assert.areEqual(0, [SELECT Total_Budget__c FROM Grant__c WHERE Id = :g.Id].Total_Budget__c);
    }
}
""")
        t.write(P(f"{CLS}/GrantBudgetLineServiceTest.cls-meta.xml"), d.files[P(f"{CLS}/GrantBudgetLineService.cls-meta.xml")])
        t.bash(f"npx prettier --write {CLS}/GrantBudgetLineService.cls {CLS}/GrantBudgetLineServiceTest.cls {CLS}/TestDataFactory.cls",
               "Format the Apex with prettier-plugin-apex", out=f"""{CLS}/GrantBudgetLineService.cls 612ms (unchanged)
{CLS}/GrantBudgetLineServiceTest.cls 88ms (unchanged)
{CLS}/TestDataFactory.cls 41ms (unchanged)""")
        _, out = deploy_ok(DEV1_USER, [
            ("Created", "GrantBudgetLineService", "ApexClass", f"{CLS}/GrantBudgetLineService.cls"),
            ("Created", "GrantBudgetLineServiceTest", "ApexClass", f"{CLS}/GrantBudgetLineServiceTest.cls"),
            ("Changed", "TestDataFactory", "ApexClass", f"{CLS}/TestDataFactory.cls")])
        t.bash(f"sf project deploy start --source-dir {CLS}", "Deploy the classes to grants-dev", out=out, timeout=300000)
        t.bash("sf apex run test --class-names GrantBudgetLineServiceTest --code-coverage --result-format human --wait 10",
               "Run the new tests with coverage", out=apex_tests_ok(DEV1_USER, DEV1_ORG, [
                   ("GrantBudgetLineServiceTest.grantWithoutLinesGetsZero", 161),
                   ("GrantBudgetLineServiceTest.sumsLinesPerGrant", 207)], coverage=[
                   ("GrantBudgetLineService", "100%", ""), ("TestDataFactory", "58%", "21,22,23,24,25,26,27")]),
               timeout=660000)
        t.bash("npm run pmd", "PMD on the Apex classes", out=npm_hdr("pmd", "pmd check --dir force-app/main/default/classes --rulesets config/pmd/apex-ruleset.xml --format text --no-cache"))
        t.done("""`GrantBudgetLineService.rollUpTotals(Set<Id>)`:

- one aggregate query `WITH USER_MODE`, `GROUP BY Grant__c`; grants with no lines get 0 instead of keeping a stale total; `update as user`
- tests build everything through `TestDataFactory` (new `makeBudgetLine(grantId, category, amount)`), two tests, both pass; service at 100% coverage
- prettier: no changes; PMD: clean

Nothing calls it yet — the trigger on `Grant_Budget_Line__c` is the next step.""")

        t = d.task("quick q, no need to look at code: for a rollup like this, before or after trigger on the child? 2 lines",
                   tags=["noise", "no_tools"])
        t.done("""After trigger on the child (insert/update/delete/undelete): the parent is a different record, so you update it with DML, and in `after` the child rows are committed to the query you aggregate over.
`before` is only for changing the triggering records themselves.""")

    # ============================================================ S2  Thu 10-08
    with d.session("2026-10-08T10:03:00", R, branch="feature/budget-lines", version="2.1.85"):
        t = d.task("now wire it up: trigger on Grant_Budget_Line__c so the total stays right on insert/update/delete/undelete. "
                   "one trigger per object and the logic in a handler class that extends TriggerHandler, same as "
                   "PortalApplicationTriggerHandler. test it as a Grants_Manager user, not as admin",
                   tags=["pref:P3", "mistake:M3"])
        trg = P(f"{TRG}/GrantBudgetLineTrigger.trigger")
        hnd = P(f"{CLS}/GrantBudgetLineTriggerHandler.cls")
        tst = P(f"{CLS}/GrantBudgetLineTriggerTest.cls")
        t.write(trg, """trigger GrantBudgetLineTrigger on Grant_Budget_Line__c(after insert, after update, after delete, after undelete) {
    new GrantBudgetLineTriggerHandler().run();
}
""")
        t.write(trg + "-meta.xml", """<?xml version="1.0" encoding="UTF-8"?>
<ApexTrigger xmlns="http://soap.sforce.com/2006/04/metadata">
    <apiVersion>62.0</apiVersion>
    <status>Active</status>
</ApexTrigger>
""")
        t.write(hnd, """public with sharing class GrantBudgetLineTriggerHandler extends TriggerHandler {
    public override void afterInsert() {
        GrantBudgetLineService.rollUpTotals(grantIds(Trigger.new));
    }

    public override void afterUpdate() {
        Set<Id> ids = grantIds(Trigger.new);
        ids.addAll(grantIds(Trigger.old));
        GrantBudgetLineService.rollUpTotals(ids);
    }

    public override void afterDelete() {
        GrantBudgetLineService.rollUpTotals(grantIds(Trigger.old));
    }

    public override void afterUndelete() {
        GrantBudgetLineService.rollUpTotals(grantIds(Trigger.new));
    }

    private static Set<Id> grantIds(List<Grant_Budget_Line__c> lines) {
        Set<Id> ids = new Set<Id>();
        for (Grant_Budget_Line__c l : lines) {
            ids.add(l.Grant__c);
        }
        return ids;
    }
}
""")
        t.write(hnd + "-meta.xml", d.files[P(f"{CLS}/GrantBudgetLineService.cls-meta.xml")])
        t.write(tst, """@IsTest
private class GrantBudgetLineTriggerTest {
    @TestSetup
    static void makeData() {
        Account funder = TestDataFactory.makeFunder('Lumen Foundation');
        insert funder;
        Program__c program = TestDataFactory.makeProgram('Youth Literacy');
        insert program;
        insert TestDataFactory.makeGrant(funder.Id, program.Id, 50000);

        User manager = TestDataFactory.makeUser('gmgr', 'Standard User');
        insert manager;
        PermissionSet ps = [SELECT Id FROM PermissionSet WHERE Name = 'Grants_Manager'];
        insert new PermissionSetAssignment(AssigneeId = manager.Id, PermissionSetId = ps.Id);
    }

    static User manager() {
        return [SELECT Id FROM User WHERE Alias = 'gmgr' LIMIT 1];
    }

    @IsTest
    static void insertUpdateDeleteKeepTotal() {
        Grant__c g = [SELECT Id FROM Grant__c LIMIT 1];
        System.runAs(manager()) {
            Test.startTest();
            Grant_Budget_Line__c a = TestDataFactory.makeBudgetLine(g.Id, 'Personnel', 1000);
            Grant_Budget_Line__c b = TestDataFactory.makeBudgetLine(g.Id, 'Travel', 250);
            insert new List<Grant_Budget_Line__c>{ a, b };
            b.Amount__c = 400;
            update b;
            delete a;
            Test.stopTest();
        }
        Assert.areEqual(400, [SELECT Total_Budget__c FROM Grant__c WHERE Id = :g.Id].Total_Budget__c);
    }

    @IsTest
    static void undeleteRestoresTotal() {
        Grant__c g = [SELECT Id FROM Grant__c LIMIT 1];
        System.runAs(manager()) {
            Grant_Budget_Line__c a = TestDataFactory.makeBudgetLine(g.Id, 'Personnel', 1000);
            insert a;
            delete a;
            Test.startTest();
            undelete a;
            Test.stopTest();
        }
        Assert.areEqual(1000, [SELECT Total_Budget__c FROM Grant__c WHERE Id = :g.Id].Total_Budget__c);
    }
}
""")
        t.write(tst + "-meta.xml", d.files[P(f"{CLS}/GrantBudgetLineService.cls-meta.xml")])
        _, out = deploy_ok(DEV1_USER, [
            ("Created", "GrantBudgetLineTriggerHandler", "ApexClass", f"{CLS}/GrantBudgetLineTriggerHandler.cls"),
            ("Created", "GrantBudgetLineTriggerTest", "ApexClass", f"{CLS}/GrantBudgetLineTriggerTest.cls"),
            ("Created", "GrantBudgetLineTrigger", "ApexTrigger", f"{TRG}/GrantBudgetLineTrigger.trigger")])
        t.bash(f"sf project deploy start --source-dir {TRG}/GrantBudgetLineTrigger.trigger --source-dir {CLS}/GrantBudgetLineTriggerHandler.cls "
               f"--source-dir {CLS}/GrantBudgetLineTriggerTest.cls", "Deploy trigger, handler and test", out=out, timeout=300000)
        ln = line_of(d, tst, "insert new PermissionSetAssignment")
        msg, st = mixed_dml("PermissionSetAssignment", "Account", "GrantBudgetLineTriggerTest", ln)
        t.fail("sf apex run test --class-names GrantBudgetLineTriggerTest --result-format human --code-coverage --wait 10",
               "Run the trigger tests", apex_tests_fail(DEV1_USER, DEV1_ORG, [
                   ("GrantBudgetLineTriggerTest.insertUpdateDeleteKeepTotal", 0, msg, st),
                   ("GrantBudgetLineTriggerTest.undeleteRestoresTotal", 0, msg, st)], coverage=[
                   ("GrantBudgetLineTriggerHandler", "0%", "3,7,8,9,13,17,21,22,23,25"),
                   ("GrantBudgetLineService", "0%", "3,4,5,7,8,9,11,18,20,21,22,24")]), code=100, timeout=660000)
        t.read(tst, offset=1, limit=16)
        t.edit(tst, """        User manager = TestDataFactory.makeUser('gmgr', 'Standard User');
        insert manager;
        PermissionSet ps = [SELECT Id FROM PermissionSet WHERE Name = 'Grants_Manager'];
        insert new PermissionSetAssignment(AssigneeId = manager.Id, PermissionSetId = ps.Id);
    }""", """        // setup objects (User, PermissionSetAssignment) can't share a transaction with the
        // Account/Grant DML above; System.runAs gives them their own context
        System.runAs(new User(Id = UserInfo.getUserId())) {
            User manager = TestDataFactory.makeUser('gmgr', 'Standard User');
            insert manager;
            PermissionSet ps = [SELECT Id FROM PermissionSet WHERE Name = 'Grants_Manager'];
            insert new PermissionSetAssignment(AssigneeId = manager.Id, PermissionSetId = ps.Id);
        }
    }""")
        _, out = deploy_ok(DEV1_USER, [("Changed", "GrantBudgetLineTriggerTest", "ApexClass", f"{CLS}/GrantBudgetLineTriggerTest.cls")])
        t.bash(f"sf project deploy start --source-dir {CLS}/GrantBudgetLineTriggerTest.cls", "Redeploy the test class", out=out, timeout=300000)
        t.bash("sf apex run test --class-names GrantBudgetLineTriggerTest --result-format human --code-coverage --wait 10",
               "Re-run the trigger tests", out=apex_tests_ok(DEV1_USER, DEV1_ORG, [
                   ("GrantBudgetLineTriggerTest.insertUpdateDeleteKeepTotal", 412),
                   ("GrantBudgetLineTriggerTest.undeleteRestoresTotal", 298)], coverage=[
                   ("GrantBudgetLineTriggerHandler", "100%", ""), ("GrantBudgetLineService", "100%", ""),
                   ("GrantBudgetLineTrigger", "100%", "")]), timeout=660000)
        t.done("""Trigger is in:

- `GrantBudgetLineTrigger` (all four after events) → `GrantBudgetLineTriggerHandler extends TriggerHandler` → `GrantBudgetLineService.rollUpTotals`. On update both the old and new parent are recalculated, so re-parenting a line moves the amount.
- Tests run the DML as a `Standard User` with `Grants_Manager`. First run failed with `MIXED_DML_OPERATION` — the `@TestSetup` inserted the User and PermissionSetAssignment (setup objects) in the same transaction as the Account/Grant. Wrapped the user + permset part in `System.runAs(new User(Id = UserInfo.getUserId()))`; both tests pass now, trigger/handler/service at 100%.""")

        t = d.task("does WITH USER_MODE also apply to the aggregate query in the service, or just to the fields we select? "
                   "check the apex dev guide", tags=["noise", "webfetch"])
        t.webfetch("https://developer.salesforce.com/docs/atlas.en-us.apexcode.meta/apexcode/apex_classes_enforce_usermode.htm",
                   "Does WITH USER_MODE enforce FLS/CRUD for fields used in aggregate functions, WHERE and GROUP BY?",
                   """The page "Enforce User Mode for Database Operations" says:

- Database operations can specify user or system mode; SOQL uses `WITH USER_MODE` / `WITH SYSTEM_MODE`, DML uses `insert as user` etc.
- User mode enforces the running user's sharing rules, object permissions and field-level security.
- Unlike `WITH SECURITY_ENFORCED`, `WITH USER_MODE` accounts for fields in the WHERE, ORDER BY and GROUP BY clauses and in polymorphic lookups, not only the SELECT list; it also supports aggregate queries.
- When a field or object is inaccessible, a `QueryException` is thrown; `getInaccessibleFields()` on the exception lists all of them (SECURITY_ENFORCED stops at the first).""")
        t.done("""Yes — it covers the whole statement. Per the Apex guide, `WITH USER_MODE` checks object + field access for every field the query touches: `SUM(Amount__c)`, the `WHERE Grant__c IN …` filter and the `GROUP BY`. That's exactly the gap `SECURITY_ENFORCED` had (SELECT list only). If a user lacks read on `Amount__c` the query throws `QueryException`, and `e.getInaccessibleFields()` lists all the offending fields.""")

        t = d.task("the dashboard wants awarded amount + number of grants per program for this fiscal year. add a method "
                   "to GrantsDashboardController for it", tags=["oneoff:O1"])
        ctl = P(f"{CLS}/GrantsDashboardController.cls")
        t.read(ctl)
        t.edit(ctl, """        return (Decimal) ar.get('total');
    }
}""", """        return (Decimal) ar.get('total');
    }

    @AuraEnabled(cacheable=true)
    public static List<ProgramTotal> awardedByProgram() {
        List<ProgramTotal> out = new List<ProgramTotal>();
        for (AggregateResult ar : [
            SELECT Program__c, Program__r.Name programName, COUNT(Id) grants, SUM(Amount_Awarded__c) total
            FROM Grant__c
            WHERE Status__c = 'Awarded' AND Decision_Date__c = THIS_FISCAL_YEAR
            WITH USER_MODE
            GROUP BY Program__c
        ]) {
            out.add(new ProgramTotal((String) ar.get('programName'), (Integer) ar.get('grants'), (Decimal) ar.get('total')));
        }
        return out;
    }

    public class ProgramTotal {
        @AuraEnabled public String program;
        @AuraEnabled public Integer grants;
        @AuraEnabled public Decimal total;

        public ProgramTotal(String program, Integer grants, Decimal total) {
            this.program = program;
            this.grants = grants;
            this.total = total;
        }
    }
}""")
        cmd = f"sf project deploy start --source-dir {CLS}/GrantsDashboardController.cls"
        ln = line_of(d, ctl, "SELECT Program__c, Program__r.Name")
        t.fail(cmd, "Deploy the controller", deploy_fail(DEV1_USER, 1, [
            ("ApexClass", "GrantsDashboardController", "Field must be grouped or aggregated: Name", f"{ln}:13")]))
        t.edit(ctl, """            GROUP BY Program__c
        ]) {""", """            GROUP BY Program__c, Program__r.Name
        ]) {""")
        _, out = deploy_ok(DEV1_USER, [("Changed", "GrantsDashboardController", "ApexClass", f"{CLS}/GrantsDashboardController.cls")])
        t.bash(cmd, "Deploy the controller again", out=out, timeout=300000)
        t.write(P("scripts/apex/awardedByProgram.apex"),
                "System.debug(JSON.serializePretty(GrantsDashboardController.awardedByProgram()));\n")
        t.bash("sf apex run --file scripts/apex/awardedByProgram.apex", "Smoke-test the new method against the sample data",
               out="""Compiled successfully.
Executed successfully.

62.0 APEX_CODE,DEBUG;APEX_PROFILING,INFO
Execute Anonymous: System.debug(JSON.serializePretty(GrantsDashboardController.awardedByProgram()));
14:22:05.31 (31877512)|USER_DEBUG|[1]|DEBUG|[ {
  "total" : 85000.00,
  "program" : "Youth Literacy",
  "grants" : 2
}, {
  "total" : 12000.00,
  "program" : "Community Health",
  "grants" : 1
} ]""")
        t.done("""Added `GrantsDashboardController.awardedByProgram()` (cacheable) returning `ProgramTotal { program, grants, total }` for awarded grants with a decision date this fiscal year, `WITH USER_MODE`.

The first deploy failed on the compile check — `Program__r.Name` was selected but not grouped (`Field must be grouped or aggregated: Name`); grouping by `Program__c, Program__r.Name` fixed it. A quick anonymous-Apex call against the sample data returns Youth Literacy 2 / 85,000 and Community Health 1 / 12,000. No test for it yet — I'll add one to `GrantsDashboardControllerTest` when the LWC side is done, if you want.""")

    # ============================================================ S3  Tue 10-13
    with d.session("2026-10-13T08:47:00", R, branch="feature/budget-lines", version="2.1.86"):
        t = d.task("grantSummary should show the total budget next to requested. add the column, update the jest test, "
                   "then put it in grants-dev so I can look", tags=["workflow:W3"])
        js = P(f"{LWC}/grantSummary/grantSummary.js")
        jt = P(f"{LWC}/grantSummary/__tests__/grantSummary.test.js")
        d.files[jt] = """import { createElement } from 'lwc';
import GrantSummary from 'c/grantSummary';
import openGrants from '@salesforce/apex/GrantsDashboardController.openGrants';

jest.mock(
    '@salesforce/apex/GrantsDashboardController.openGrants',
    () => {
        const { createApexTestWireAdapter } = require('@salesforce/sfdx-lwc-jest');
        return { default: createApexTestWireAdapter(jest.fn()) };
    },
    { virtual: true }
);

const GRANTS = [
    { Id: 'a01000000000001', Name: 'G-0001', Funder__r: { Name: 'Lumen Foundation' }, Amount_Requested__c: 50000, Status__c: 'Submitted' },
    { Id: 'a01000000000002', Name: 'G-0002', Funder__r: { Name: 'Oak Trust' }, Amount_Requested__c: 12000, Status__c: 'In Review' }
];

describe('c-grant-summary', () => {
    afterEach(() => {
        while (document.body.firstChild) {
            document.body.removeChild(document.body.firstChild);
        }
    });

    it('flattens the funder name into the table rows', async () => {
        const element = createElement('c-grant-summary', { is: GrantSummary });
        document.body.appendChild(element);
        openGrants.emit(GRANTS);
        await Promise.resolve();
        const table = element.shadowRoot.querySelector('lightning-datatable');
        expect(table.data.map((r) => r.funderName)).toEqual(['Lumen Foundation', 'Oak Trust']);
    });

    it('shows an error when the wire fails', async () => {
        const element = createElement('c-grant-summary', { is: GrantSummary });
        document.body.appendChild(element);
        openGrants.error();
        await Promise.resolve();
        expect(element.shadowRoot.querySelector('.slds-text-color_error')).not.toBeNull();
    });
});
"""
        t.read(js)
        t.edit(js, """    { label: 'Requested', fieldName: 'Amount_Requested__c', type: 'currency' },""",
               """    { label: 'Requested', fieldName: 'Amount_Requested__c', type: 'currency' },
    { label: 'Total budget', fieldName: 'Total_Budget__c', type: 'currency' },""")
        t.read(ctl)
        t.edit(ctl, "SELECT Id, Name, Funder__r.Name, Program__r.Name, Amount_Requested__c, Status__c, Decision_Date__c",
               "SELECT Id, Name, Funder__r.Name, Program__r.Name, Amount_Requested__c, Total_Budget__c, Status__c, Decision_Date__c")
        t.read(jt)
        t.edit(jt, """        expect(table.data.map((r) => r.funderName)).toEqual(['Lumen Foundation', 'Oak Trust']);
    });""", """        expect(table.data.map((r) => r.funderName)).toEqual(['Lumen Foundation', 'Oak Trust']);
    });

    it('has a currency column for the total budget', () => {
        const element = createElement('c-grant-summary', { is: GrantSummary });
        document.body.appendChild(element);
        const table = element.shadowRoot.querySelector('lightning-datatable');
        const col = table.columns.find((c) => c.fieldName === 'Total_Budget__c');
        expect(col).toEqual(expect.objectContaining({ label: 'Total budget', type: 'currency' }));
    });""")
        t.bash("npm run test:unit -- force-app/main/default/lwc/grantSummary", "Run the grantSummary jest tests",
               out=npm_hdr("test:unit", "sfdx-lwc-jest force-app/main/default/lwc/grantSummary"),
               err=jest_ok([(f"{LWC}/grantSummary/__tests__/grantSummary.test.js", "c-grant-summary", [
                   ("flattens the funder name into the table rows", 24), ("shows an error when the wire fails", 6),
                   ("has a currency column for the total budget", 4)])], "force-app\\/main\\/default\\/lwc\\/grantSummary"))
        t.bash("npm run lint", "ESLint the LWC sources", out=npm_hdr("lint", "eslint **/{aura,lwc}/**/*.js"))
        _, out = deploy_ok(DEV1_USER, [
            ("Changed", "grantSummary", "LightningComponentBundle", f"{LWC}/grantSummary/grantSummary.js"),
            ("Changed", "GrantsDashboardController", "ApexClass", f"{CLS}/GrantsDashboardController.cls")])
        t.bash(f"sf project deploy start --source-dir {LWC}/grantSummary --source-dir {CLS}/GrantsDashboardController.cls",
               "Deploy component and controller to grants-dev", out=out, timeout=300000)
        t.done("""`grantSummary` now has a **Total budget** currency column after Requested; `openGrants()` selects `Total_Budget__c` for it. New jest test checks the column (3/3 pass), lint clean, deployed to grants-dev — hard-refresh the app page if the old bundle is cached.""")

        t = d.task("budget lines are ready for Hopewell to try. validate against UAT with local tests, and if it's green "
                   "quick-deploy it and tag the release", tags=["workflow:W2", "mistake:M2"])
        mf = P("manifest/package.xml")
        t.bash("git pull --ff-only && git log --oneline -5", "Update and look at what's going out", out="""Already up to date.
4e1c9a2 grantSummary: total budget column
b07d3f1 Dashboard: awarded by program
9a52e6c Budget line trigger + handler
3fd81b0 GrantBudgetLineService rollup
c4e2a17 Merge pull request #38 from northwind-collective/fix/portal-dup-apps""")
        t.read(mf)
        t.edit(mf, """        <members>GrantApplicationServiceTest</members>""", """        <members>GrantApplicationServiceTest</members>
        <members>GrantBudgetLineService</members>
        <members>GrantBudgetLineServiceTest</members>
        <members>GrantBudgetLineTriggerHandler</members>
        <members>GrantBudgetLineTriggerTest</members>""")
        t.edit(mf, """    <types>
        <members>grantSummary</members>""", """    <types>
        <members>GrantBudgetLineTrigger</members>
        <name>ApexTrigger</name>
    </types>
    <types>
        <members>Grant_Budget_Line__c</members>
        <name>CustomObject</name>
    </types>
    <types>
        <members>grantSummary</members>""")
        vcmd = ("sf project deploy start --manifest manifest/package.xml --target-org uat --dry-run "
                "--test-level RunLocalTests --wait 30")
        t.fail(vcmd, "Validate the release against UAT", EXPIRED)
        t.bash(f"sf org login web --alias uat --instance-url {UAT_URL}", "Re-authorize the UAT sandbox (browser login)",
               out=f"Successfully authorized {UAT_USER} with org ID {UAT_ORG}", timeout=300000)
        comps = [("Changed", "GrantApplicationService", "ApexClass", f"{CLS}/GrantApplicationService.cls"),
                 ("Created", "GrantBudgetLineService", "ApexClass", f"{CLS}/GrantBudgetLineService.cls"),
                 ("Created", "GrantBudgetLineServiceTest", "ApexClass", f"{CLS}/GrantBudgetLineServiceTest.cls"),
                 ("Created", "GrantBudgetLineTriggerHandler", "ApexClass", f"{CLS}/GrantBudgetLineTriggerHandler.cls"),
                 ("Created", "GrantBudgetLineTriggerTest", "ApexClass", f"{CLS}/GrantBudgetLineTriggerTest.cls"),
                 ("Changed", "GrantsDashboardController", "ApexClass", f"{CLS}/GrantsDashboardController.cls"),
                 ("Changed", "TestDataFactory", "ApexClass", f"{CLS}/TestDataFactory.cls"),
                 ("Created", "GrantBudgetLineTrigger", "ApexTrigger", f"{TRG}/GrantBudgetLineTrigger.trigger"),
                 ("Created", "Grant_Budget_Line__c", "CustomObject", "force-app/main/default/objects/Grant_Budget_Line__c/Grant_Budget_Line__c.object-meta.xml"),
                 ("Changed", "grantSummary", "LightningComponentBundle", f"{LWC}/grantSummary/grantSummary.js")]
        did, out = deploy_ok(UAT_USER, comps, dry=True, tests=True, ran=23)
        t.bash(vcmd, "Validate the release against UAT again", out=out, timeout=2400000)
        t.bash(f"sf project deploy quick --job-id {did} --target-org uat --wait 30", "Quick-deploy the validated job",
               out=f"""Deploying v{API_V} metadata to {UAT_USER} using the v{API_V} SOAP API.
Deploy ID: {did}
Status: Succeeded | {'█' * 40} | 10/10 Components

Successfully deployed ({did}).""", timeout=2400000)
        c = sha()
        t.bash('git commit -am "Manifest: budget lines release" && git tag -a uat-2026-10-13 -m "UAT: budget lines" '
               '&& git push origin feature/budget-lines --follow-tags', "Commit the manifest, tag and push",
               out=f"[feature/budget-lines {c}] Manifest: budget lines release\n 1 file changed, 12 insertions(+)",
               err=git_push("feature/budget-lines") + "\n * [new tag]         uat-2026-10-13 -> uat-2026-10-13")
        t.done(f"""Budget lines are in UAT.

- `manifest/package.xml`: added the four budget-line classes, the trigger and `Grant_Budget_Line__c`
- the first validation didn't reach the org — the stored UAT refresh token had expired, so I re-ran `sf org login web` for the `uat` alias (you logged in in the browser)
- validation with `RunLocalTests`: 10 components, 23/23 tests passed; quick-deployed job `{did}`
- committed the manifest, tagged `uat-2026-10-13`, pushed with the tag""")

        t = d.task("jest says Cannot find module '@salesforce/sfdx-lwc-jest/config' after I switched node to 22 with nvm. "
                   "reinstall the deps and rerun everything", tags=["flaky:F1"])
        ci = "npm ci"
        t.fail(ci, "Clean install of node_modules", """npm error code ECONNRESET
npm error syscall read
npm error errno ECONNRESET
npm error network request to https://registry.npmjs.org/@lwc%2fengine-dom/-/engine-dom-8.12.1.tgz failed, reason: read ECONNRESET
npm error network This is a problem related to network connectivity.
npm error network In most cases you are behind a proxy or have bad network settings.
npm error network
npm error network If you are behind a proxy, please make sure that the
npm error network 'proxy' config is set properly.  See: 'npm help config'
npm error A complete log of this run can be found in: /Users/priya/.npm/_logs/2026-10-13T10_41_07_305Z-debug-0.log""")
        t.bash(ci, "Clean install of node_modules", out="""
added 812 packages, and audited 813 packages in 41s

154 packages are looking for funding
  run `npm fund` for details

found 0 vulnerabilities""")
        t.bash("npm run test:unit", "Run all LWC jest tests", out=npm_hdr("test:unit", "sfdx-lwc-jest"),
               err=jest_ok([
                   (f"{LWC}/grantSummary/__tests__/grantSummary.test.js", "c-grant-summary", [
                       ("flattens the funder name into the table rows", 27), ("shows an error when the wire fails", 7),
                       ("has a currency column for the total budget", 5)]),
                   (f"{LWC}/portalApplicationForm/__tests__/portalApplicationForm.test.js", "c-portal-application-form", [
                       ("disables submit until required fields are filled", 41), ("fires a success toast after save", 19),
                       ("shows field errors from the server", 12)])], "").replace("Ran all test suites matching //i.", "Ran all test suites."))
        t.done("""`npm ci` hit a network reset on the first try (registry download, not our code); the identical retry installed 812 packages cleanly under Node 22. All LWC jest suites pass (2 suites, 6 tests) — the missing `@salesforce/sfdx-lwc-jest/config` was just the old `node_modules` built for the previous Node.""")

        t = d.task("Hopewell's admin asked if they can edit budget lines after a grant is awarded. what would you say? "
                   "no code, just the options", tags=["noise", "no_tools"])
        t.done("""Options, cheapest first:

1. **Validation rule** on `Grant_Budget_Line__c`: block edits when `Grant__r.Status__c = 'Awarded'` unless the user has a custom permission (e.g. `Edit_Awarded_Budgets`). Admin-maintainable, no code.
2. **Record-triggered flow / approval**: allow the edit but route it for approval and log the old amount — good if funders need an audit trail of budget modifications.
3. **Apex in the existing handler**: only if the rule needs data a validation rule can't reach.

I'd suggest 1 + a permission set for the finance lead; the rollup keeps working either way.""")

    # ============================================================ S4  Fri 10-16 (acceptEdits)
    with d.session("2026-10-16T13:20:00", R, branch="feature/site-visits", version="2.1.88", permission_mode="acceptEdits"):
        t = d.task("site visits: program officers log Site_Visit__c records against a grant. I need a SiteVisitSelector "
                   "with forGrants(Set<Id>) and upcomingForOwner(Id, Integer days). user mode on every query — "
                   "don't even think about SECURITY_ENFORCED. test + deploy + the usual checks",
                   tags=["workflow:W1", "pref:P1"])
        sel = P(f"{CLS}/SiteVisitSelector.cls")
        selt = P(f"{CLS}/SiteVisitSelectorTest.cls")
        meta = d.files[P(f"{CLS}/GrantBudgetLineService.cls-meta.xml")]
        t.grep("Site_Visit__c", filenames=[P("force-app/main/default/objects/Site_Visit__c/Site_Visit__c.object-meta.xml"),
                                           P("force-app/main/default/objects/Site_Visit__c/fields/Grant__c.field-meta.xml")],
               path=P("force-app"))
        t.glob("force-app/main/default/objects/Site_Visit__c/fields/*.field-meta.xml", [
            P("force-app/main/default/objects/Site_Visit__c/fields/Grant__c.field-meta.xml"),
            P("force-app/main/default/objects/Site_Visit__c/fields/Visit_Date__c.field-meta.xml"),
            P("force-app/main/default/objects/Site_Visit__c/fields/Visit_Type__c.field-meta.xml"),
            P("force-app/main/default/objects/Site_Visit__c/fields/Outcome_Notes__c.field-meta.xml")])
        t.write(sel, """public inherited sharing class SiteVisitSelector {
    public static List<Site_Visit__c> forGrants(Set<Id> grantIds) {
        return [
            SELECT Id, Name, Grant__c, Visit_Date__c, Visit_Type__c, Outcome_Notes__c, OwnerId
            FROM Site_Visit__c
            WHERE Grant__c IN :grantIds
            WITH USER_MODE
            ORDER BY Visit_Date__c DESC
        ];
    }

    public static List<Site_Visit__c> upcomingForOwner(Id ownerId, Integer days) {
        Date until = Date.today().addDays(days);
        return [
            SELECT Id, Name, Grant__c, Grant__r.Name, Visit_Date__c, Visit_Type__c
            FROM Site_Visit__c
            WHERE OwnerId = :ownerId AND Visit_Date__c >= TODAY AND Visit_Date__c <= :until
            WITH USER_MODE
            ORDER BY Visit_Date__c
        ];
    }
}
""")
        t.write(sel + "-meta.xml", meta)
        t.read(P(f"{CLS}/TestDataFactory.cls"))
        t.edit(P(f"{CLS}/TestDataFactory.cls"), """    public static User makeUser(""", """    public static Site_Visit__c makeSiteVisit(Id grantId, Date visitDate) {
        return new Site_Visit__c(Grant__c = grantId, Visit_Date__c = visitDate, Visit_Type__c = 'On-site');
    }

    public static User makeUser(""")
        t.write(selt, """@IsTest
private class SiteVisitSelectorTest {
    @TestSetup
    static void makeData() {
        Account funder = TestDataFactory.makeFunder('Lumen Foundation');
        insert funder;
        Program__c program = TestDataFactory.makeProgram('Youth Literacy');
        insert program;
        Grant__c g = TestDataFactory.makeGrant(funder.Id, program.Id, 50000);
        insert g;
        insert new List<Site_Visit__c>{
            TestDataFactory.makeSiteVisit(g.Id, Date.today().addDays(-30)),
            TestDataFactory.makeSiteVisit(g.Id, Date.today().addDays(5)),
            TestDataFactory.makeSiteVisit(g.Id, Date.today().addDays(60))
        };
    }

    @IsTest
    static void forGrantsReturnsAllVisitsNewestFirst() {
        Grant__c g = [SELECT Id FROM Grant__c LIMIT 1];
        List<Site_Visit__c> visits = SiteVisitSelector.forGrants(new Set<Id>{ g.Id });
        Assert.areEqual(3, visits.size());
        Assert.isTrue(visits[0].Visit_Date__c > visits[1].Visit_Date__c);
    }

    @IsTest
    static void upcomingForOwnerHonoursTheWindow() {
        List<Site_Visit__c> visits = SiteVisitSelector.upcomingForOwner(UserInfo.getUserId(), 14);
        Assert.areEqual(1, visits.size());
        Assert.areEqual(Date.today().addDays(5), visits[0].Visit_Date__c);
    }
}
""")
        t.write(selt + "-meta.xml", meta)
        t.bash(f"npx prettier --write {CLS}/SiteVisitSelector.cls {CLS}/SiteVisitSelectorTest.cls {CLS}/TestDataFactory.cls",
               "Format with prettier-plugin-apex", out=f"""{CLS}/SiteVisitSelector.cls 655ms
{CLS}/SiteVisitSelectorTest.cls 97ms (unchanged)
{CLS}/TestDataFactory.cls 39ms (unchanged)""")
        t.read(sel, offset=12, limit=6)
        _, out = deploy_ok(DEV1_USER, [
            ("Created", "SiteVisitSelector", "ApexClass", f"{CLS}/SiteVisitSelector.cls"),
            ("Created", "SiteVisitSelectorTest", "ApexClass", f"{CLS}/SiteVisitSelectorTest.cls"),
            ("Changed", "TestDataFactory", "ApexClass", f"{CLS}/TestDataFactory.cls")])
        t.bash(f"sf project deploy start --source-dir {CLS}/SiteVisitSelector.cls --source-dir {CLS}/SiteVisitSelectorTest.cls "
               f"--source-dir {CLS}/TestDataFactory.cls", "Deploy to grants-dev", out=out, timeout=300000)
        t.bash("sf apex run test --tests SiteVisitSelectorTest --code-coverage --result-format human --wait 10",
               "Run the selector tests", out=apex_tests_ok(DEV1_USER, DEV1_ORG, [
                   ("SiteVisitSelectorTest.forGrantsReturnsAllVisitsNewestFirst", 118),
                   ("SiteVisitSelectorTest.upcomingForOwnerHonoursTheWindow", 94)], coverage=[
                   ("SiteVisitSelector", "100%", ""), ("TestDataFactory", "61%", "26,27,28,29,30,31,32")]),
               timeout=660000)
        t.bash("pmd check --dir force-app/main/default/classes --rulesets config/pmd/apex-ruleset.xml --format text --no-cache",
               "PMD on the Apex classes", out="")
        t.done("""`SiteVisitSelector` (inherited sharing, both queries `WITH USER_MODE`):

- `forGrants(Set<Id>)` — all visits for the grants, newest first
- `upcomingForOwner(Id, Integer days)` — the owner's visits from today through today + days, soonest first

`TestDataFactory.makeSiteVisit(grantId, date)` added; 2 tests pass, selector at 100%. Prettier reflowed the long WHERE line; PMD clean. Deployed to grants-dev.""")

        t = d.task("siteVisitCard LWC: it gets recordId from the record page and should fall back to the grant from the url "
                   "state when there's none (we use it on a tab too). wire it up and lint",
                   tags=["oneoff:O2"])
        cj = P(f"{LWC}/siteVisitCard/siteVisitCard.js")
        d.files[cj] = """import { LightningElement, api, wire } from 'lwc';
import { CurrentPageReference } from 'lightning/navigation';
import visitsForGrant from '@salesforce/apex/SiteVisitController.visitsForGrant';

export default class SiteVisitCard extends LightningElement {
    @api recordId;
    visits;

    @wire(visitsForGrant, { grantId: '$recordId' })
    wiredVisits({ data }) {
        this.visits = data;
    }
}
"""
        t.read(cj)
        t.edit(cj, """    @wire(visitsForGrant, { grantId: '$recordId' })
    wiredVisits({ data }) {
        this.visits = data;
    }""", """    @wire(CurrentPageReference)
    setPageRef(pageRef) {
        if (!this.recordId && pageRef?.state?.c__grantId) {
            this.recordId = pageRef.state.c__grantId;
        }
    }

    @wire(visitsForGrant, { grantId: '$recordId' })
    wiredVisits({ data }) {
        this.visits = data;
    }""")
        lint = "npm run lint"
        ln = line_of(d, cj, "this.recordId = pageRef")
        t.fail(lint, "ESLint the LWC sources", npm_hdr("lint", "eslint **/{aura,lwc}/**/*.js") + f"""

{R}/{LWC}/siteVisitCard/siteVisitCard.js
  {ln}:13  error  Invalid reassignment of public property "recordId"  @lwc/lwc/no-api-reassignments

✖ 1 problem (1 error, 0 warnings)
""")
        t.edit(cj, """    @api recordId;
    visits;""", """    @api recordId;
    urlGrantId;
    visits;

    get grantId() {
        return this.recordId ?? this.urlGrantId;
    }""")
        t.edit(cj, """        if (!this.recordId && pageRef?.state?.c__grantId) {
            this.recordId = pageRef.state.c__grantId;
        }""", """        this.urlGrantId = pageRef?.state?.c__grantId;""")
        t.edit(cj, "@wire(visitsForGrant, { grantId: '$recordId' })", "@wire(visitsForGrant, { grantId: '$grantId' })")
        t.bash(lint, "ESLint again", out=npm_hdr("lint", "eslint **/{aura,lwc}/**/*.js"))
        t.done("""Done. Lint rejected the first version (`@lwc/lwc/no-api-reassignments` — a component must not write to its own `@api recordId`). Now the page-reference wire stores `c__grantId` in a private `urlGrantId`, a `grantId` getter returns `recordId ?? urlGrantId`, and the Apex wire is keyed on `$grantId`. Lint is clean.""")

        t = d.task("run the whole local test suite in grants-dev with coverage, I want the org-wide number before the "
                   "site visits PR", tags=["noise", "long_output"])
        res = [("ContactTriggerHandlerTest.householdNameOnInsert", 402), ("ContactTriggerHandlerTest.householdNameOnUpdate", 377),
               ("GrantApplicationServiceTest.createsGrantPerSubmittedApp", 512), ("GrantApplicationServiceTest.draftAppsAreIgnored", 233),
               ("GrantApplicationServiceTest.bulk200Apps", 2876), ("GrantBudgetLineServiceTest.grantWithoutLinesGetsZero", 149),
               ("GrantBudgetLineServiceTest.sumsLinesPerGrant", 201), ("GrantBudgetLineTriggerTest.insertUpdateDeleteKeepTotal", 431),
               ("GrantBudgetLineTriggerTest.undeleteRestoresTotal", 287), ("GrantsDashboardControllerTest.awardedThisYearSums", 166),
               ("GrantsDashboardControllerTest.openGrantsExcludesDecided", 158), ("PortalApplicationTriggerTest.submittedCreatesGrant", 611),
               ("PortalApplicationTriggerTest.updateDoesNothing", 204), ("SiteVisitSelectorTest.forGrantsReturnsAllVisitsNewestFirst", 121),
               ("SiteVisitSelectorTest.upcomingForOwnerHonoursTheWindow", 88), ("TriggerHandlerTest.testAfterDelete", 14),
               ("TriggerHandlerTest.testAfterInsert", 12), ("TriggerHandlerTest.testAfterUndelete", 13),
               ("TriggerHandlerTest.testAfterUpdate", 11), ("TriggerHandlerTest.testBeforeDelete", 12),
               ("TriggerHandlerTest.testBeforeInsert", 13), ("TriggerHandlerTest.testBeforeUpdate", 12),
               ("TriggerHandlerTest.testBypassAPI", 19), ("TriggerHandlerTest.testLoopCount", 22),
               ("TriggerHandlerTest.testLoopCountClass", 9), ("TriggerHandlerTest.testVirtualMethods", 8)]
        cov = [("ContactTriggerHandler", "94%", "41,42"), ("GrantApplicationService", "100%", ""),
               ("GrantBudgetLineService", "100%", ""), ("GrantBudgetLineTrigger", "100%", ""),
               ("GrantBudgetLineTriggerHandler", "100%", ""), ("GrantsDashboardController", "64%", "24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41"),
               ("PortalApplicationTrigger", "100%", ""), ("PortalApplicationTriggerHandler", "100%", ""),
               ("SiteVisitSelector", "100%", ""), ("TestDataFactory", "88%", "30,31,32"),
               ("TriggerHandler", "97%", "112"), ("ContactTrigger", "100%", "")]
        t.bash("sf apex run test --test-level RunLocalTests --code-coverage --result-format human --wait 20",
               "Run all local Apex tests with coverage", out=apex_tests_ok(DEV1_USER, DEV1_ORG, res, coverage=cov, org_wide="89%"),
               timeout=1260000)
        t.done("""All 26 local tests pass; **org-wide coverage 89%**.

The only class below 90% is `GrantsDashboardController` at 64% — lines 24–41 are the new `awardedByProgram()` + `ProgramTotal`, which still have no test. `ContactTriggerHandler` (94%) misses an error branch, `TriggerHandler` (97%) one line of the vendored framework — both fine. I'd add an `awardedByProgram` test before the site-visits PR so the dashboard class isn't the weak spot in the release validation.""")

    # ============================================================ S5  Tue 10-20
    with d.session("2026-10-20T09:35:00", R, branch="feature/site-visits", version="2.1.89"):
        t = d.task("grants-dev dies next week and I want a clean org for the reporting work anyway. new scratch org, alias "
                   "grants-reports, 30 days, make it the default, same setup as last time (permset + sample data)",
                   tags=["mistake:M1"])
        t.bash("cat .sf/config.json", "See the project's local sf config", out="""{
  "target-org": "grants-dev"
}""")
        t.fail("sf org create scratch -f config/project-scratch-def.json -a grants-reports -d -y 30 -w 15",
               "Create the grants-reports scratch org", NO_HUB)
        t.bash(f"sf org create scratch -f config/project-scratch-def.json -a grants-reports -d -y 30 -w 15 -v {HUB}",
               "Create it on the Hopewell Dev Hub", out=f"""Creating Scratch Org...
RequestId: 2SRWs000001hZ4xOAE (https://hopewell.my.salesforce.com/2SRWs000001hZ4xOAE)
OrgId: {REP_ORG}
Username: {REP_USER}
✓ Prepare Request
✓ Send Request
✓ Wait For Org
✓ Available
✓ Authenticate
✓ Deploy Settings
Done

Your scratch org is ready.""", timeout=960000)
        comps = [("Created", n, _kind(pth), pth) for n, pth in [
            ("Grant__c", "force-app/main/default/objects/Grant__c/Grant__c.object-meta.xml"),
            ("Grant_Budget_Line__c", "force-app/main/default/objects/Grant_Budget_Line__c/Grant_Budget_Line__c.object-meta.xml"),
            ("Portal_Application__c", "force-app/main/default/objects/Portal_Application__c/Portal_Application__c.object-meta.xml"),
            ("Program__c", "force-app/main/default/objects/Program__c/Program__c.object-meta.xml"),
            ("Site_Visit__c", "force-app/main/default/objects/Site_Visit__c/Site_Visit__c.object-meta.xml"),
            ("GrantApplicationService", f"{CLS}/GrantApplicationService.cls"),
            ("GrantBudgetLineService", f"{CLS}/GrantBudgetLineService.cls"),
            ("GrantBudgetLineTriggerHandler", f"{CLS}/GrantBudgetLineTriggerHandler.cls"),
            ("GrantsDashboardController", f"{CLS}/GrantsDashboardController.cls"),
            ("PortalApplicationTriggerHandler", f"{CLS}/PortalApplicationTriggerHandler.cls"),
            ("SiteVisitSelector", f"{CLS}/SiteVisitSelector.cls"),
            ("TestDataFactory", f"{CLS}/TestDataFactory.cls"),
            ("TriggerHandler", f"{CLS}/TriggerHandler.cls"),
            ("GrantBudgetLineTrigger", f"{TRG}/GrantBudgetLineTrigger.trigger"),
            ("PortalApplicationTrigger", f"{TRG}/PortalApplicationTrigger.trigger"),
            ("grantSummary", f"{LWC}/grantSummary/grantSummary.js"),
            ("siteVisitCard", f"{LWC}/siteVisitCard/siteVisitCard.js"),
            ("Grants_Manager", "force-app/main/default/permissionsets/Grants_Manager.permissionset-meta.xml")]]
        _, out = deploy_ok(REP_USER, comps)
        t.bash("sf project deploy start --wait 20", "Push all source to grants-reports", out=out, timeout=1260000)
        t.bash("sf org assign permset --name Grants_Manager && sf data import tree --plan data/sample-data-plan.json",
               "Assign the permset and load sample data", out=f"""Permsets Assigned
 Username                       Permission Set Assignment
 ────────────────────────────── ─────────────────────────
 {REP_USER}  Grants_Manager

 Reference ID   Type                   ID
 ────────────── ────────────────────── ──────────────────
 FunderRef1     Account                001Ws00000MaT7cIAF
 FunderRef2     Account                001Ws00000MaT7dIAF
 FunderRef3     Account                001Ws00000MaT7eIAF
 ProgramRef1    Program__c             a03Ws000008Ub4KIAS
 ProgramRef2    Program__c             a03Ws000008Ub4LIAS
 GrantRef1      Grant__c               a01Ws00000CtV0aIAF
 GrantRef2      Grant__c               a01Ws00000CtV0bIAF
 GrantRef3      Grant__c               a01Ws00000CtV0cIAF
 GrantRef4      Grant__c               a01Ws00000CtV0dIAF
 AppRef1        Portal_Application__c  a04Ws000004LyJ2IAK
 AppRef2        Portal_Application__c  a04Ws000004LyJ3IAK""")
        t.bash("sf org display --target-org grants-reports", "Confirm the new default org", out=f"""
 KEY              VALUE
 ──────────────── ────────────────────────────────────────────────────────────
 Access Token     00DWs00000GA81t!AQEAQ…
 Alias            grants-reports
 Api Version      {API_V}
 Client Id        PlatformCLI
 Created By       priya.raman@hopewellfoundation.org
 Created Date     2026-10-20T09:49:12.000+0000
 Dev Hub Id       priya.raman@hopewellfoundation.org
 Edition          Developer
 Expiration Date  2026-11-19
 Id               {REP_ORG}
 Instance Url     https://velocity-saas-8311-dev-ed.scratch.my.salesforce.com
 Org Name         Hopewell Grants Dev
 Status           Active
 Username         {REP_USER}""")
        t.done(f"""**grants-reports** is ready and is now the project's default org (expires 2026-11-19).

- created on `{HUB}` — same as last time, `sf org create scratch` needed the Dev Hub passed explicitly (`-v {HUB}`), since none is set as default
- all 18 components deployed, `Grants_Manager` assigned, sample data loaded

grants-dev is still there until 10-27 if you need anything from it.""")

        t = d.task("siteVisitCard needs a jest test before the PR: the visits from the wire show up as a list, and the "
                   "empty state when there are none. then lint and push it to the scratch org",
                   tags=["workflow:W3"])
        ch = P(f"{LWC}/siteVisitCard/siteVisitCard.html")
        d.files[ch] = """<template>
    <lightning-card title="Site visits" icon-name="custom:custom20">
        <template lwc:if={hasVisits}>
            <ul class="slds-p-horizontal_small visits">
                <template for:each={visits} for:item="v">
                    <li key={v.Id} class="visit">{v.Visit_Date__c} · {v.Visit_Type__c}</li>
                </template>
            </ul>
        </template>
        <template lwc:else>
            <p class="slds-p-horizontal_small empty">No site visits logged yet.</p>
        </template>
    </lightning-card>
</template>
"""
        t.read(cj)
        t.read(ch)
        t.edit(cj, """    get grantId() {""", """    get hasVisits() {
        return this.visits?.length > 0;
    }

    get grantId() {""")
        ct = P(f"{LWC}/siteVisitCard/__tests__/siteVisitCard.test.js")
        t.write(ct, """import { createElement } from 'lwc';
import SiteVisitCard from 'c/siteVisitCard';
import visitsForGrant from '@salesforce/apex/SiteVisitController.visitsForGrant';

jest.mock(
    '@salesforce/apex/SiteVisitController.visitsForGrant',
    () => {
        const { createApexTestWireAdapter } = require('@salesforce/sfdx-lwc-jest');
        return { default: createApexTestWireAdapter(jest.fn()) };
    },
    { virtual: true }
);

const VISITS = [
    { Id: 'a05000000000001', Visit_Date__c: '2026-11-03', Visit_Type__c: 'On-site' },
    { Id: 'a05000000000002', Visit_Date__c: '2026-09-14', Visit_Type__c: 'Virtual' }
];

describe('c-site-visit-card', () => {
    afterEach(() => {
        while (document.body.firstChild) {
            document.body.removeChild(document.body.firstChild);
        }
        jest.clearAllMocks();
    });

    it('lists the visits from the wire', async () => {
        const element = createElement('c-site-visit-card', { is: SiteVisitCard });
        element.recordId = 'a01000000000001';
        document.body.appendChild(element);
        visitsForGrant.emit(VISITS);
        await Promise.resolve();
        const items = element.shadowRoot.querySelectorAll('li.visit');
        expect(items.length).toBe(2);
        expect(items[0].textContent).toBe('2026-11-03 · On-site');
    });

    it('shows the empty state without visits', async () => {
        const element = createElement('c-site-visit-card', { is: SiteVisitCard });
        element.recordId = 'a01000000000001';
        document.body.appendChild(element);
        visitsForGrant.emit([]);
        await Promise.resolve();
        expect(element.shadowRoot.querySelector('p.empty')).not.toBeNull();
        expect(element.shadowRoot.querySelector('li.visit')).toBeNull();
    });
});
""")
        t.bash(f"npm run test:unit -- {LWC}/siteVisitCard", "Run the siteVisitCard tests",
               out=npm_hdr("test:unit", f"sfdx-lwc-jest {LWC}/siteVisitCard"),
               err=jest_ok([(f"{LWC}/siteVisitCard/__tests__/siteVisitCard.test.js", "c-site-visit-card", [
                   ("lists the visits from the wire", 29), ("shows the empty state without visits", 8)])],
                   "force-app\\/main\\/default\\/lwc\\/siteVisitCard"))
        t.bash("npm run lint && npx prettier --check force-app/main/default/lwc/siteVisitCard",
               "Lint and prettier check", out=npm_hdr("lint", "eslint **/{aura,lwc}/**/*.js") +
               "\nChecking formatting...\nAll matched files use Prettier code style!")
        _, out = deploy_ok(REP_USER, [("Changed", "siteVisitCard", "LightningComponentBundle", f"{LWC}/siteVisitCard/siteVisitCard.js")])
        t.bash(f"sf project deploy start --source-dir {LWC}/siteVisitCard", "Deploy siteVisitCard to grants-reports",
               out=out, timeout=300000)
        t.done("""siteVisitCard now has `hasVisits` driving `lwc:if`/`lwc:else`; the new jest file covers the list (2 items, text `date · type`) and the empty state — 2/2 pass. Lint and prettier clean, deployed to grants-reports.""")

        d.precompact("""Analysis: Priya works on northwind-collective/hopewell-grants-crm (Salesforce DX, sf CLI v2, Apex + LWC, Hopewell Foundation is the client). Current branch feature/site-visits; default scratch org is now grants-reports (created today on hopewell-devhub, 30 days).

Summary:
1. Earlier sessions: budget lines (GrantBudgetLineService rollup, GrantBudgetLineTrigger + handler extending TriggerHandler, grantSummary Total budget column) validated with RunLocalTests and quick-deployed to the UAT sandbox, tagged uat-2026-10-13. Queries use WITH USER_MODE (Priya's rule, SECURITY_ENFORCED is not allowed); test data comes from TestDataFactory.
2. Site visits: SiteVisitSelector (forGrants, upcomingForOwner) with tests; siteVisitCard LWC with recordId/url-state fallback via a private urlGrantId and a grantId getter (lint forbids reassigning @api recordId).
3. This session: created grants-reports scratch org (Dev Hub passed with -v hopewell-devhub), deployed, permset + sample data; added the siteVisitCard jest test (2 pass), lint/prettier clean, deployed.
4. Open: awardedByProgram() in GrantsDashboardController has no test (class at 64%).""")

        t = d.task("about the release notes you drafted for Hopewell last week: way too long, I had to cut half of it "
                   "before it went to their ED. they don't care about class names. write the ones for the site visits "
                   "release: 3-4 bullets in plain language, what changes for program officers, nothing else",
                   tags=["feedback"],
                   feedback="about the release notes you drafted for Hopewell last week: way too long, I had to cut half of it before it went to their ED.")
        t.bash("git log --oneline main..HEAD", "What's on the site-visits branch", out="""7d21c0e siteVisitCard: jest tests, empty state
e90b4a3 siteVisitCard: url state fallback for the grant id
5cc8f12 SiteVisitSelector + tests
1a6e7d9 Site_Visit__c object, fields, Grants_Manager access""")
        t.done("""**Site visits — what's new**

- Program officers can log site visits (date, type, outcome notes) directly on a grant.
- Each grant page shows its visits, newest first, with a clear note when none have been logged.
- The same card works on the Site Visits tab, so visits can be reviewed without opening each grant.
- Nothing changes for existing grants or reports.""")

        t = d.task("CI is red on the site-visits PR. what happened?", tags=["unfixed:U1"])
        t.bash("gh pr checks", "Show the PR's checks", out="""validate	fail	1m52s	https://github.com/northwind-collective/hopewell-grants-crm/actions/runs/18417730662/job/52486100913""")
        t.fail("gh run watch 18417730662 --exit-status", "Wait for / summarize the run", """X feature/site-visits CI · 18417730662
Triggered via pull_request about 6 minutes ago

JOBS
X validate in 1m52s (ID 52486100913)
  ✓ Set up job
  ✓ Run actions/checkout@v4
  ✓ Run actions/setup-node@v4
  ✓ Run npm ci
  ✓ Run npm run lint
  ✓ Run npm run prettier:verify
  ✓ Run npm run test:unit -- --coverage
  ✓ Install sf
  X Authorize UAT (JWT)
  - Validate against UAT
  ✓ Post Run actions/setup-node@v4
  ✓ Post Run actions/checkout@v4
  ✓ Complete job

ANNOTATIONS
X Process completed with exit code 1.
validate: .github#1""")
        t.bash("gh run view 18417730662 --log-failed", "Show the failed step's log", out="""validate	Authorize UAT (JWT)	2026-10-20T10:58:41.2216017Z ##[group]Run echo "***" > server.key
validate	Authorize UAT (JWT)	2026-10-20T10:58:41.2218842Z echo "***" > server.key
validate	Authorize UAT (JWT)	2026-10-20T10:58:41.2219310Z sf org login jwt --client-id *** --jwt-key-file server.key \\
validate	Authorize UAT (JWT)	2026-10-20T10:58:41.2219644Z   --username *** --instance-url https://hopewell--uat.sandbox.my.salesforce.com --alias uat
validate	Authorize UAT (JWT)	2026-10-20T10:58:41.2264118Z shell: /usr/bin/bash -e {0}
validate	Authorize UAT (JWT)	2026-10-20T10:58:41.2264602Z ##[endgroup]
validate	Authorize UAT (JWT)	2026-10-20T10:58:46.9031875Z Error (JwtGrantError): Error authenticating with JWT.
validate	Authorize UAT (JWT)	2026-10-20T10:58:46.9033417Z Error: user hasn't approved this consumer
validate	Authorize UAT (JWT)	2026-10-20T10:58:46.9128730Z ##[error]Process completed with exit code 1.""")
        t.done("""Nothing in the code — lint, prettier and all jest tests pass. The job dies at **Authorize UAT (JWT)**: `Error (JwtGrantError): Error authenticating with JWT. Error: user hasn't approved this consumer`.

That message means the CI integration user in UAT is no longer pre-authorized for the connected app (its profile/permission set isn't in the app's policies, or the app was switched back to "All users may self-authorize"). Usually it happens after someone edits the connected app or the integration user's permission sets in the sandbox. It needs a UAT admin at Hopewell: Connected App → Manage → "Admin approved users are pre-authorized", and add the CI user's permission set. We can't fix it from the repo; the secrets are fine. Until then the PR can't get the UAT validation check.""")

    # ============================================================ S6  Fri 10-23 (ends 'other')
    with d.session("2026-10-23T14:05:00", R, branch="feature/site-visits", version="2.1.90", end_reason="other"):
        t = d.task("new visits should be assigned round-robin to the members of the Program_Officers queue. write "
                   "SiteVisitAssignment.assign(List<Site_Visit__c>) and a test with two officers in the queue",
                   tags=["mistake:M3"])
        asg = P(f"{CLS}/SiteVisitAssignment.cls")
        asgt = P(f"{CLS}/SiteVisitAssignmentTest.cls")
        t.grep("Program_Officers", filenames=[P("force-app/main/default/queues/Program_Officers.queue-meta.xml")], path=P("force-app"))
        t.write(asg, """public with sharing class SiteVisitAssignment {
    public static void assign(List<Site_Visit__c> visits) {
        List<Id> officers = new List<Id>();
        for (GroupMember m : [
            SELECT UserOrGroupId
            FROM GroupMember
            WHERE Group.DeveloperName = 'Program_Officers' AND Group.Type = 'Queue'
            WITH USER_MODE
            ORDER BY UserOrGroupId
        ]) {
            if (m.UserOrGroupId.getSobjectType() == User.SObjectType) {
                officers.add(m.UserOrGroupId);
            }
        }
        if (officers.isEmpty()) {
            return;
        }
        Integer i = 0;
        for (Site_Visit__c v : visits) {
            v.OwnerId = officers[Math.mod(i++, officers.size())];
        }
    }
}
""")
        t.write(asg + "-meta.xml", meta)
        t.write(asgt, """@IsTest
private class SiteVisitAssignmentTest {
    @TestSetup
    static void makeData() {
        Account funder = TestDataFactory.makeFunder('Oak Trust');
        insert funder;
        Program__c program = TestDataFactory.makeProgram('Community Health');
        insert program;
        insert TestDataFactory.makeGrant(funder.Id, program.Id, 12000);

        User a = TestDataFactory.makeUser('poa', 'Standard User');
        User b = TestDataFactory.makeUser('pob', 'Standard User');
        insert new List<User>{ a, b };
        Group q = [SELECT Id FROM Group WHERE DeveloperName = 'Program_Officers' AND Type = 'Queue'];
        insert new List<GroupMember>{
            new GroupMember(GroupId = q.Id, UserOrGroupId = a.Id),
            new GroupMember(GroupId = q.Id, UserOrGroupId = b.Id)
        };
    }

    @IsTest
    static void alternatesBetweenOfficers() {
        Grant__c g = [SELECT Id FROM Grant__c LIMIT 1];
        List<Site_Visit__c> visits = new List<Site_Visit__c>{
            TestDataFactory.makeSiteVisit(g.Id, Date.today().addDays(3)),
            TestDataFactory.makeSiteVisit(g.Id, Date.today().addDays(4)),
            TestDataFactory.makeSiteVisit(g.Id, Date.today().addDays(5))
        };

        Test.startTest();
        SiteVisitAssignment.assign(visits);
        Test.stopTest();

        Assert.areNotEqual(visits[0].OwnerId, visits[1].OwnerId);
        Assert.areEqual(visits[0].OwnerId, visits[2].OwnerId);
    }
}
""")
        t.write(asgt + "-meta.xml", meta)
        _, out = deploy_ok(REP_USER, [("Created", "SiteVisitAssignment", "ApexClass", f"{CLS}/SiteVisitAssignment.cls"),
                                      ("Created", "SiteVisitAssignmentTest", "ApexClass", f"{CLS}/SiteVisitAssignmentTest.cls")])
        t.bash(f"sf project deploy start --source-dir {CLS}/SiteVisitAssignment.cls --source-dir {CLS}/SiteVisitAssignmentTest.cls",
               "Deploy to grants-reports", out=out, timeout=300000)
        ln = line_of(d, asgt, "insert new List<GroupMember>")
        msg, st = mixed_dml("GroupMember", "Account", "SiteVisitAssignmentTest", ln)
        t.fail("sf apex run test --tests SiteVisitAssignmentTest --result-format human --wait 10", "Run the assignment test",
               apex_tests_fail(REP_USER, REP_ORG, [("SiteVisitAssignmentTest.alternatesBetweenOfficers", 0, msg, st)]),
               code=100, timeout=660000)
        t.read(asgt, offset=9, limit=11)
        t.edit(asgt, """        User a = TestDataFactory.makeUser('poa', 'Standard User');
        User b = TestDataFactory.makeUser('pob', 'Standard User');
        insert new List<User>{ a, b };
        Group q = [SELECT Id FROM Group WHERE DeveloperName = 'Program_Officers' AND Type = 'Queue'];
        insert new List<GroupMember>{
            new GroupMember(GroupId = q.Id, UserOrGroupId = a.Id),
            new GroupMember(GroupId = q.Id, UserOrGroupId = b.Id)
        };""", """        // queue membership is a setup object: keep it out of the Account/Grant transaction
        System.runAs(new User(Id = UserInfo.getUserId())) {
            User a = TestDataFactory.makeUser('poa', 'Standard User');
            User b = TestDataFactory.makeUser('pob', 'Standard User');
            insert new List<User>{ a, b };
            Group q = [SELECT Id FROM Group WHERE DeveloperName = 'Program_Officers' AND Type = 'Queue'];
            insert new List<GroupMember>{
                new GroupMember(GroupId = q.Id, UserOrGroupId = a.Id),
                new GroupMember(GroupId = q.Id, UserOrGroupId = b.Id)
            };
        }""")
        _, out = deploy_ok(REP_USER, [("Changed", "SiteVisitAssignmentTest", "ApexClass", f"{CLS}/SiteVisitAssignmentTest.cls")])
        t.bash(f"sf project deploy start --source-dir {CLS}/SiteVisitAssignmentTest.cls", "Redeploy the test", out=out, timeout=300000)
        t.bash("sf apex run test --tests SiteVisitAssignmentTest --result-format human --code-coverage --wait 10",
               "Run the assignment test again", out=apex_tests_ok(REP_USER, REP_ORG, [
                   ("SiteVisitAssignmentTest.alternatesBetweenOfficers", 356)], coverage=[
                   ("SiteVisitAssignment", "94%", "16")]), timeout=660000)
        t.done("""`SiteVisitAssignment.assign(visits)` reads the users in the `Program_Officers` queue (ordered by id so the rotation is stable, groups nested in the queue are skipped) and sets `OwnerId` round-robin; it doesn't do DML, so the caller (trigger before insert) can use it.

The test failed first with `MIXED_DML_OPERATION … GroupMember, original object: Account` — the queue membership was inserted in the same setup transaction as the funder/grant. Moved the users + `GroupMember` inserts into `System.runAs(new User(Id = UserInfo.getUserId()))`; it passes now (94%, the only uncovered line is the empty-queue return).""")

        t = d.task("Hopewell's admin added two Visit_Type__c picklist values and a Follow_Up_Needed__c checkbox directly "
                   "in UAT. pull those into the repo so we don't overwrite them on the next deploy", tags=["mistake:M2"])
        rcmd = ('sf project retrieve start --metadata "CustomField:Site_Visit__c.Visit_Type__c" '
                '--metadata "CustomField:Site_Visit__c.Follow_Up_Needed__c" --target-org uat')
        t.fail(rcmd, "Retrieve the admin's field changes from UAT", EXPIRED)
        t.fail("sf org display --target-org uat", "Check the UAT auth", EXPIRED)
        t.bash(f"sf org login web -a uat -r {UAT_URL}", "Log in to UAT again (browser)",
               out=f"Successfully authorized {UAT_USER} with org ID {UAT_ORG}", timeout=300000)
        t.bash(rcmd, "Retrieve the admin's field changes from UAT", out=f"""Retrieving v{API_V} metadata from {UAT_USER} using the v{API_V} SOAP API
Preparing retrieve request... Succeeded

Retrieved Source
 State   Name                                Type        Path
 ─────── ─────────────────────────────────── ─────────── ──────────────────────────────────────────────────────────────────────────────
 Changed Site_Visit__c.Visit_Type__c         CustomField force-app/main/default/objects/Site_Visit__c/fields/Visit_Type__c.field-meta.xml
 Created Site_Visit__c.Follow_Up_Needed__c   CustomField force-app/main/default/objects/Site_Visit__c/fields/Follow_Up_Needed__c.field-meta.xml""",
               timeout=300000)
        t.bash("git diff --stat && git status --short", "See what changed locally", out=""" force-app/main/default/objects/Site_Visit__c/fields/Visit_Type__c.field-meta.xml | 10 ++++++++++
 1 file changed, 10 insertions(+)
 M force-app/main/default/objects/Site_Visit__c/fields/Visit_Type__c.field-meta.xml
?? force-app/main/default/objects/Site_Visit__c/fields/Follow_Up_Needed__c.field-meta.xml""")
        c = sha()
        t.bash('git add force-app/main/default/objects/Site_Visit__c/fields && git commit -m "Site_Visit__c: retrieve admin changes from UAT (Visit_Type__c values, Follow_Up_Needed__c)"',
               "Commit the retrieved metadata", out=f"""[feature/site-visits {c}] Site_Visit__c: retrieve admin changes from UAT (Visit_Type__c values, Follow_Up_Needed__c)
 2 files changed, 19 insertions(+)
 create mode 100644 force-app/main/default/objects/Site_Visit__c/fields/Follow_Up_Needed__c.field-meta.xml""")
        t.done("""Pulled both from UAT and committed them on feature/site-visits:

- `Visit_Type__c`: two new values (`Phone check-in`, `Final report review`)
- `Follow_Up_Needed__c`: new checkbox, default unchecked

The UAT login had expired again (refresh token rejected), so I re-authorized the `uat` alias with `sf org login web` first. Note `Grants_Manager` doesn't grant access to `Follow_Up_Needed__c` yet — if program officers should see it, that needs a field permission in the permset.""")

        t = d.task("remind me what the difference between a permission set group and a muting permission set is, short",
                   tags=["noise", "no_tools"])
        t.done("""- **Permission set group**: a bundle of permission sets assigned as one unit; the user gets the union of everything in it.
- **Muting permission set**: lives inside one group and *removes* permissions from that group's union (it can only take away, never grant), so you can reuse a broad set and switch off e.g. Delete on Grant__c for one audience.""")

    # ============================================================ S7  Wed 10-28
    with d.session("2026-10-28T09:55:00", R, branch="feature/site-visit-trigger", version="2.1.92"):
        t = d.task("change of plan on triggers, we agreed it as a team yesterday: new trigger logic goes into the Trigger "
                   "Actions Framework from now on — no new TriggerHandler subclasses (the old ones stay until we touch "
                   "them). first one: a before-insert action on Site_Visit__c that calls SiteVisitAssignment. the "
                   "framework's unlocked package is 04t3h000004x5UxAAI, install it in grants-reports",
                   tags=["reversal:P3"])
        t.bash("sf package install --package 04t3h000004x5UxAAI --target-org grants-reports --wait 10 --no-prompt",
               "Install the Trigger Actions Framework package", out="""Waiting 10 minutes for package install to complete.... done
Successfully installed package [04t3h000004x5UxAAI]""", timeout=660000)
        ta = P(f"{CLS}/TA_SiteVisit_AssignOwner.cls")
        t.write(ta, """public with sharing class TA_SiteVisit_AssignOwner implements TriggerAction.BeforeInsert {
    public void beforeInsert(List<Site_Visit__c> newList) {
        List<Site_Visit__c> unassigned = new List<Site_Visit__c>();
        for (Site_Visit__c v : newList) {
            if (v.OwnerId == null || v.OwnerId == UserInfo.getUserId()) {
                unassigned.add(v);
            }
        }
        SiteVisitAssignment.assign(unassigned);
    }
}
""")
        t.write(ta + "-meta.xml", meta)
        st = P(f"{TRG}/SiteVisitTrigger.trigger")
        t.write(st, """trigger SiteVisitTrigger on Site_Visit__c(
    before insert, after insert, before update, after update, before delete, after delete, after undelete
) {
    new MetadataTriggerHandler().run();
}
""")
        t.write(st + "-meta.xml", d.files[trg + "-meta.xml"])
        t.write(P("force-app/main/default/customMetadata/sObject_Trigger_Setting.Site_Visit.md-meta.xml"), """<?xml version="1.0" encoding="UTF-8"?>
<CustomMetadata xmlns="http://soap.sforce.com/2006/04/metadata" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
    <label>Site Visit</label>
    <protected>false</protected>
    <values>
        <field>Object_API_Name__c</field>
        <value xsi:type="xsd:string">Site_Visit__c</value>
    </values>
    <values>
        <field>Bypass_Execution__c</field>
        <value xsi:type="xsd:boolean">false</value>
    </values>
</CustomMetadata>
""")
        t.write(P("force-app/main/default/customMetadata/Trigger_Action.TA_SiteVisit_AssignOwner.md-meta.xml"), """<?xml version="1.0" encoding="UTF-8"?>
<CustomMetadata xmlns="http://soap.sforce.com/2006/04/metadata" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
    <label>TA_SiteVisit_AssignOwner</label>
    <protected>false</protected>
    <values>
        <field>Apex_Class_Name__c</field>
        <value xsi:type="xsd:string">TA_SiteVisit_AssignOwner</value>
    </values>
    <values>
        <field>Before_Insert__c</field>
        <value xsi:type="xsd:string">Site_Visit</value>
    </values>
    <values>
        <field>Order__c</field>
        <value xsi:type="xsd:double">1.0</value>
    </values>
    <values>
        <field>Bypass_Execution__c</field>
        <value xsi:type="xsd:boolean">false</value>
    </values>
</CustomMetadata>
""")
        tat = P(f"{CLS}/TA_SiteVisit_AssignOwnerTest.cls")
        t.write(tat, """@IsTest
private class TA_SiteVisit_AssignOwnerTest {
    @IsTest
    static void leavesExplicitOwnersAlone() {
        Id other = '005000000000001AAA';
        List<Site_Visit__c> visits = new List<Site_Visit__c>{ new Site_Visit__c(OwnerId = other) };

        new TA_SiteVisit_AssignOwner().beforeInsert(visits);

        Assert.areEqual(other, visits[0].OwnerId);
    }
}
""")
        t.write(tat + "-meta.xml", meta)
        _, out = deploy_ok(REP_USER, [
            ("Created", "TA_SiteVisit_AssignOwner", "ApexClass", f"{CLS}/TA_SiteVisit_AssignOwner.cls"),
            ("Created", "TA_SiteVisit_AssignOwnerTest", "ApexClass", f"{CLS}/TA_SiteVisit_AssignOwnerTest.cls"),
            ("Created", "SiteVisitTrigger", "ApexTrigger", f"{TRG}/SiteVisitTrigger.trigger"),
            ("Created", "sObject_Trigger_Setting.Site_Visit", "CustomMetadata", "force-app/main/default/customMetadata/sObject_Trigger_Setting.Site_Visit.md-meta.xml"),
            ("Created", "Trigger_Action.TA_SiteVisit_AssignOwner", "CustomMetadata", "force-app/main/default/customMetadata/Trigger_Action.TA_SiteVisit_AssignOwner.md-meta.xml")])
        t.bash(f"sf project deploy start --source-dir {CLS}/TA_SiteVisit_AssignOwner.cls --source-dir {CLS}/TA_SiteVisit_AssignOwnerTest.cls "
               f"--source-dir {TRG}/SiteVisitTrigger.trigger --source-dir force-app/main/default/customMetadata",
               "Deploy the action, trigger and metadata", out=out, timeout=300000)
        t.bash("sf apex run test --class-names TA_SiteVisit_AssignOwnerTest --class-names SiteVisitAssignmentTest "
               "--result-format human --code-coverage --wait 10", "Run the action and assignment tests",
               out=apex_tests_ok(REP_USER, REP_ORG, [("SiteVisitAssignmentTest.alternatesBetweenOfficers", 341),
                                                     ("TA_SiteVisit_AssignOwnerTest.leavesExplicitOwnersAlone", 22)],
                                 coverage=[("SiteVisitAssignment", "94%", "16"), ("TA_SiteVisit_AssignOwner", "100%", "")]),
               timeout=660000)
        t.done("""Trigger Actions Framework is in:

- package `04t3h000004x5UxAAI` installed in grants-reports (it'll need the same install in UAT before the next release — the manifest deploy won't bring it)
- `SiteVisitTrigger` is the framework's one-liner (`new MetadataTriggerHandler().run()`) on all events
- `TA_SiteVisit_AssignOwner implements TriggerAction.BeforeInsert` → `SiteVisitAssignment.assign` for visits without an explicit owner
- registered through `sObject_Trigger_Setting.Site_Visit` + `Trigger_Action.TA_SiteVisit_AssignOwner` (Before Insert, order 1)

No new `TriggerHandler` subclass; tests pass, action at 100%.""")

        t = d.task("the dashboard class is the weak spot in coverage. add a test for awardedByProgram, and add "
                   "overdueReports(): grants whose Report_Due_Date__c is past and Final_Report_Received__c is false. "
                   "same rule as always — user mode on the SOQL, no exceptions", tags=["pref:P1"])
        t.read(ctl)
        t.edit(ctl, """    public class ProgramTotal {""", """    @AuraEnabled(cacheable=true)
    public static List<Grant__c> overdueReports() {
        return [
            SELECT Id, Name, Funder__r.Name, Program__r.Name, Report_Due_Date__c, OwnerId
            FROM Grant__c
            WHERE Report_Due_Date__c < TODAY AND Final_Report_Received__c = FALSE AND Status__c = 'Awarded'
            WITH USER_MODE
            ORDER BY Report_Due_Date__c
            LIMIT 200
        ];
    }

    public class ProgramTotal {""")
        dct = P(f"{CLS}/GrantsDashboardControllerTest.cls")
        d.files[dct] = """@IsTest
private class GrantsDashboardControllerTest {
    @TestSetup
    static void makeData() {
        Account funder = TestDataFactory.makeFunder('Lumen Foundation');
        insert funder;
        Program__c program = TestDataFactory.makeProgram('Youth Literacy');
        insert program;
        Grant__c open = TestDataFactory.makeGrant(funder.Id, program.Id, 10000);
        Grant__c awarded = TestDataFactory.makeGrant(funder.Id, program.Id, 20000);
        awarded.Status__c = 'Awarded';
        awarded.Amount_Awarded__c = 18000;
        awarded.Decision_Date__c = Date.today();
        insert new List<Grant__c>{ open, awarded };
    }

    @IsTest
    static void openGrantsExcludesDecided() {
        Assert.areEqual(1, GrantsDashboardController.openGrants().size());
    }

    @IsTest
    static void awardedThisYearSums() {
        Assert.areEqual(18000, GrantsDashboardController.awardedThisYear());
    }
}
"""
        t.read(dct)
        t.edit(dct, """    @IsTest
    static void awardedThisYearSums() {
        Assert.areEqual(18000, GrantsDashboardController.awardedThisYear());
    }
}""", """    @IsTest
    static void awardedThisYearSums() {
        Assert.areEqual(18000, GrantsDashboardController.awardedThisYear());
    }

    @IsTest
    static void awardedByProgramGroupsPerProgram() {
        List<GrantsDashboardController.ProgramTotal> totals = GrantsDashboardController.awardedByProgram();
        Assert.areEqual(1, totals.size());
        Assert.areEqual('Youth Literacy', totals[0].program);
        Assert.areEqual(1, totals[0].grants);
        Assert.areEqual(18000, totals[0].total);
    }

    @IsTest
    static void overdueReportsOnlyAwardedAndPastDue() {
        Grant__c awarded = [SELECT Id FROM Grant__c WHERE Status__c = 'Awarded' LIMIT 1];
        awarded.Report_Due_Date__c = Date.today().addDays(-3);
        update awarded;

        List<Grant__c> overdue = GrantsDashboardController.overdueReports();

        Assert.areEqual(1, overdue.size());
        Assert.areEqual(awarded.Id, overdue[0].Id);
    }
}""")
        _, out = deploy_ok(REP_USER, [("Changed", "GrantsDashboardController", "ApexClass", f"{CLS}/GrantsDashboardController.cls"),
                                      ("Changed", "GrantsDashboardControllerTest", "ApexClass", f"{CLS}/GrantsDashboardControllerTest.cls")])
        t.bash(f"sf project deploy start --source-dir {CLS}/GrantsDashboardController.cls --source-dir {CLS}/GrantsDashboardControllerTest.cls",
               "Deploy controller and test", out=out, timeout=300000)
        t.bash("sf apex run test --class-names GrantsDashboardControllerTest --code-coverage --result-format human --wait 10",
               "Run the dashboard tests", out=apex_tests_ok(REP_USER, REP_ORG, [
                   ("GrantsDashboardControllerTest.awardedByProgramGroupsPerProgram", 131),
                   ("GrantsDashboardControllerTest.awardedThisYearSums", 97),
                   ("GrantsDashboardControllerTest.openGrantsExcludesDecided", 88),
                   ("GrantsDashboardControllerTest.overdueReportsOnlyAwardedAndPastDue", 164)], coverage=[
                   ("GrantsDashboardController", "100%", "")]), timeout=660000)
        t.done("""- `overdueReports()`: awarded grants with `Report_Due_Date__c < TODAY` and no final report, oldest due first, `WITH USER_MODE`
- `GrantsDashboardControllerTest`: new tests for `awardedByProgram` and `overdueReports`

4/4 pass and `GrantsDashboardController` is at 100% now.""")

    # ============================================================ S8  Thu 10-29
    with d.session("2026-10-29T10:15:00", R, branch="feature/reviewer-scores", version="2.1.93"):
        t = d.task("reviewer scores: external reviewers submit Review__c records (Score__c 1-5) per grant. I need "
                   "ReviewScoreService.averages(Set<Id> grantIds) -> Map<Id, Decimal>, rounded to 1 decimal, grants "
                   "without reviews not in the map. tests, deploy, coverage and pmd like usual",
                   tags=["workflow:W1"])
        rs = P(f"{CLS}/ReviewScoreService.cls")
        rst = P(f"{CLS}/ReviewScoreServiceTest.cls")
        t.read(P(f"{CLS}/TestDataFactory.cls"))
        t.edit(P(f"{CLS}/TestDataFactory.cls"), """    public static User makeUser(""", """    public static Review__c makeReview(Id grantId, Integer score) {
        return new Review__c(Grant__c = grantId, Score__c = score, Status__c = 'Submitted');
    }

    public static User makeUser(""")
        t.write(rs, """public with sharing class ReviewScoreService {
    public static Map<Id, Decimal> averages(Set<Id> grantIds) {
        Map<Id, Decimal> out = new Map<Id, Decimal>();
        for (AggregateResult ar : [
            SELECT Grant__c grantId, AVG(Score__c) avgScore
            FROM Review__c
            WHERE Grant__c IN :grantIds AND Status__c = 'Submitted'
            WITH USER_MODE
            GROUP BY Grant__c
        ]) {
            Decimal avg = (Decimal) ar.get('avgScore');
            out.put((Id) ar.get('grantId'), avg.setScale(1, System.RoundingMode.HALF_UP));
        }
        return out;
    }
}
""")
        t.write(rs + "-meta.xml", meta)
        t.write(rst, """@IsTest
private class ReviewScoreServiceTest {
    @TestSetup
    static void makeData() {
        Account funder = TestDataFactory.makeFunder('Lumen Foundation');
        insert funder;
        Program__c program = TestDataFactory.makeProgram('Youth Literacy');
        insert program;
        Grant__c reviewed = TestDataFactory.makeGrant(funder.Id, program.Id, 15000);
        Grant__c unreviewed = TestDataFactory.makeGrant(funder.Id, program.Id, 8000);
        insert new List<Grant__c>{ reviewed, unreviewed };
        insert new List<Review__c>{
            TestDataFactory.makeReview(reviewed.Id, 4),
            TestDataFactory.makeReview(reviewed.Id, 5),
            TestDataFactory.makeReview(reviewed.Id, 4)
        };
    }

    @IsTest
    static void averagesRoundedToOneDecimal() {
        Map<Id, Grant__c> grants = new Map<Id, Grant__c>([SELECT Id, Amount_Requested__c FROM Grant__c]);
        Map<Id, Decimal> avgs = ReviewScoreService.averages(grants.keySet());
        Assert.areEqual(1, avgs.size());
        Assert.areEqual(4.3, avgs.values()[0]);
    }

    @IsTest
    static void draftReviewsDoNotCount() {
        Grant__c g = [SELECT Id FROM Grant__c WHERE Amount_Requested__c = 8000];
        Review__c draft = TestDataFactory.makeReview(g.Id, 1);
        draft.Status__c = 'Draft';
        insert draft;
        Assert.isFalse(ReviewScoreService.averages(new Set<Id>{ g.Id }).containsKey(g.Id));
    }
}
""")
        t.write(rst + "-meta.xml", meta)
        t.bash(f"npx prettier --write {CLS}/ReviewScoreService.cls {CLS}/ReviewScoreServiceTest.cls {CLS}/TestDataFactory.cls",
               "Format", out=f"""{CLS}/ReviewScoreService.cls 598ms (unchanged)
{CLS}/ReviewScoreServiceTest.cls 102ms
{CLS}/TestDataFactory.cls 44ms (unchanged)""")
        _, out = deploy_ok(REP_USER, [("Created", "ReviewScoreService", "ApexClass", f"{CLS}/ReviewScoreService.cls"),
                                      ("Created", "ReviewScoreServiceTest", "ApexClass", f"{CLS}/ReviewScoreServiceTest.cls"),
                                      ("Changed", "TestDataFactory", "ApexClass", f"{CLS}/TestDataFactory.cls")])
        t.bash(f"sf project deploy start -d {CLS}/ReviewScoreService.cls -d {CLS}/ReviewScoreServiceTest.cls -d {CLS}/TestDataFactory.cls",
               "Deploy to grants-reports", out=out, timeout=300000)
        t.bash("sf apex run test -n ReviewScoreServiceTest -c -r human -w 10", "Run the tests with coverage",
               out=apex_tests_ok(REP_USER, REP_ORG, [("ReviewScoreServiceTest.averagesRoundedToOneDecimal", 187),
                                                     ("ReviewScoreServiceTest.draftReviewsDoNotCount", 142)],
                                 coverage=[("ReviewScoreService", "100%", ""), ("TestDataFactory", "64%", "34,35,36,37,38,39,40")]),
               timeout=660000)
        t.bash("npm run pmd", "PMD", out=npm_hdr("pmd", "pmd check --dir force-app/main/default/classes --rulesets config/pmd/apex-ruleset.xml --format text --no-cache"))
        t.done("""`ReviewScoreService.averages(grantIds)` — one `AVG(Score__c)` aggregate over submitted reviews, `WITH USER_MODE`, rounded half-up to 1 decimal; grants without submitted reviews are simply absent from the map.

Tests (via the new `TestDataFactory.makeReview`): 4/5/4 → 4.3, and a draft-only grant isn't in the map. Both pass, service at 100%, prettier reformatted the test, PMD clean.""")

        t = d.task("site visits + the trigger action go to UAT today. remember the framework package has to be there "
                   "first. validate, quick deploy, tag", tags=["workflow:W2"])
        t.bash("git switch main && git pull --ff-only", "Update main", out="""Updating 3fd81b0..a8e03c4
Fast-forward
 force-app/main/default/classes/SiteVisitAssignment.cls                         | 23 +++
 force-app/main/default/classes/SiteVisitSelector.cls                           | 22 +++
 force-app/main/default/classes/TA_SiteVisit_AssignOwner.cls                    | 11 ++
 force-app/main/default/lwc/siteVisitCard/siteVisitCard.js                      | 28 +++
 force-app/main/default/objects/Site_Visit__c/fields/Follow_Up_Needed__c.field-meta.xml | 9 ++
 force-app/main/default/triggers/SiteVisitTrigger.trigger                       |  5 +
 ...
 24 files changed, 412 insertions(+), 3 deletions(-)""", err="Switched to branch 'main'\nYour branch is behind 'origin/main' by 9 commits, and can be fast-forwarded.\n  (use \"git pull\" to update your local branch)")
        t.bash("sf package installed list --target-org uat", "Is the framework already installed in UAT?", out="""
 ID                 Package ID         Package Name                 Namespace  Package Version ID  Version Name  Version
 ────────────────── ────────────────── ──────────────────────────── ────────── ─────────────────── ───────────── ──────────
 0A37x000000ChqPCAS 0335e000000ZxHaAAK Nonprofit Success Pack       npsp       04t5e000000BYQkAAO  3.233         3.233.0.1
 0A37x000000ChqQCAS 0335e000000ZxHbAAK Contacts & Organizations     npe01      04t5e000000BYQfAAO  3.21          3.21.0.1
 0A37x000000ChqRCAS 0335e000000ZxHcAAK Households                   npo02      04t5e000000BYQgAAO  3.19          3.19.0.1""")
        t.bash("sf package install --package 04t3h000004x5UxAAI --target-org uat --wait 20 --no-prompt --security-type AdminsOnly",
               "Install the Trigger Actions Framework in UAT", out="""Waiting 20 minutes for package install to complete.... done
Successfully installed package [04t3h000004x5UxAAI]""", timeout=1260000)
        t.read(mf)
        t.edit(mf, """        <members>GrantsDashboardController</members>
        <members>GrantsDashboardControllerTest</members>""", """        <members>GrantsDashboardController</members>
        <members>GrantsDashboardControllerTest</members>
        <members>SiteVisitAssignment</members>
        <members>SiteVisitAssignmentTest</members>
        <members>SiteVisitSelector</members>
        <members>SiteVisitSelectorTest</members>
        <members>TA_SiteVisit_AssignOwner</members>
        <members>TA_SiteVisit_AssignOwnerTest</members>""")
        t.edit(mf, """        <members>GrantBudgetLineTrigger</members>""", """        <members>GrantBudgetLineTrigger</members>
        <members>SiteVisitTrigger</members>""")
        t.edit(mf, """        <members>Grant_Budget_Line__c</members>
        <name>CustomObject</name>
    </types>""", """        <members>Grant_Budget_Line__c</members>
        <members>Site_Visit__c</members>
        <name>CustomObject</name>
    </types>
    <types>
        <members>sObject_Trigger_Setting.Site_Visit</members>
        <members>Trigger_Action.TA_SiteVisit_AssignOwner</members>
        <name>CustomMetadata</name>
    </types>""")
        t.edit(mf, """        <members>grantSummary</members>""", """        <members>grantSummary</members>
        <members>siteVisitCard</members>""")
        comps = [("Unchanged", "GrantBudgetLineService", "ApexClass", f"{CLS}/GrantBudgetLineService.cls"),
                 ("Changed", "GrantsDashboardController", "ApexClass", f"{CLS}/GrantsDashboardController.cls"),
                 ("Changed", "GrantsDashboardControllerTest", "ApexClass", f"{CLS}/GrantsDashboardControllerTest.cls"),
                 ("Created", "SiteVisitAssignment", "ApexClass", f"{CLS}/SiteVisitAssignment.cls"),
                 ("Created", "SiteVisitAssignmentTest", "ApexClass", f"{CLS}/SiteVisitAssignmentTest.cls"),
                 ("Created", "SiteVisitSelector", "ApexClass", f"{CLS}/SiteVisitSelector.cls"),
                 ("Created", "SiteVisitSelectorTest", "ApexClass", f"{CLS}/SiteVisitSelectorTest.cls"),
                 ("Created", "TA_SiteVisit_AssignOwner", "ApexClass", f"{CLS}/TA_SiteVisit_AssignOwner.cls"),
                 ("Created", "TA_SiteVisit_AssignOwnerTest", "ApexClass", f"{CLS}/TA_SiteVisit_AssignOwnerTest.cls"),
                 ("Changed", "TestDataFactory", "ApexClass", f"{CLS}/TestDataFactory.cls"),
                 ("Created", "SiteVisitTrigger", "ApexTrigger", f"{TRG}/SiteVisitTrigger.trigger"),
                 ("Changed", "Site_Visit__c", "CustomObject", "force-app/main/default/objects/Site_Visit__c/Site_Visit__c.object-meta.xml"),
                 ("Created", "sObject_Trigger_Setting.Site_Visit", "CustomMetadata", "force-app/main/default/customMetadata/sObject_Trigger_Setting.Site_Visit.md-meta.xml"),
                 ("Created", "Trigger_Action.TA_SiteVisit_AssignOwner", "CustomMetadata", "force-app/main/default/customMetadata/Trigger_Action.TA_SiteVisit_AssignOwner.md-meta.xml"),
                 ("Created", "siteVisitCard", "LightningComponentBundle", f"{LWC}/siteVisitCard/siteVisitCard.js")]
        did, out = deploy_ok(UAT_USER, comps, dry=True, tests=True, ran=33)
        t.bash("sf project deploy start -x manifest/package.xml -o uat --dry-run -l RunLocalTests -w 30",
               "Validate against UAT", out=out, timeout=2400000)
        t.bash(f"sf project deploy quick -i {did} -o uat -w 30", "Quick deploy the validation", out=f"""Deploying v{API_V} metadata to {UAT_USER} using the v{API_V} SOAP API.
Deploy ID: {did}
Status: Succeeded | {'█' * 40} | 15/15 Components

Successfully deployed ({did}).""", timeout=2400000)
        c = sha()
        t.bash('git commit -am "Manifest: site visits release" && git tag -a uat-2026-10-29 -m "UAT: site visits, trigger actions" '
               '&& git push origin main uat-2026-10-29', "Commit manifest, tag, push", out=f"[main {c}] Manifest: site visits release\n 1 file changed, 17 insertions(+)",
               err=git_push("main") + "\n * [new tag]         uat-2026-10-29 -> uat-2026-10-29")
        t.done(f"""Site visits are live in UAT:

- Trigger Actions Framework `04t3h000004x5UxAAI` installed in UAT first (admins only) — it wasn't there (only the NPSP packages)
- manifest: the site-visit classes/tests, `SiteVisitTrigger`, `Site_Visit__c`, the two custom metadata records, `siteVisitCard`
- validation with RunLocalTests: 15 components, 33/33 tests; quick-deployed `{did}`
- tagged `uat-2026-10-29` and pushed with main""")

        t = d.task("Maria at Hopewell says portal applications from orgs with an apostrophe in the name (\"St. Mary's Food "
                   "Bank\") never become grants. spin up a throwaway scratch org for a day to reproduce it — don't touch "
                   "grants-reports", tags=["mistake:M1"])
        t.fail("sf org create scratch --edition developer --alias repro-apostrophe --duration-days 1 --wait 10",
               "Create a 1-day scratch org for the repro", NO_HUB)
        t.bash(f"sf org create scratch --edition developer --alias repro-apostrophe --duration-days 1 --wait 10 "
               f"--target-dev-hub {HUB}", "Create it on the Hopewell Dev Hub", out=f"""Creating Scratch Org...
RequestId: 2SRWs000001jR8nOAE (https://hopewell.my.salesforce.com/2SRWs000001jR8nOAE)
OrgId: {REPRO_ORG}
Username: {REPRO_USER}
✓ Prepare Request
✓ Send Request
✓ Wait For Org
✓ Available
✓ Authenticate
✓ Deploy Settings
Done

Your scratch org is ready.""", timeout=660000)
        _, out = deploy_ok(REPRO_USER, [(st_, n, _kind(pth), pth) for st_, n, pth in [
            ("Created", "Grant__c", "force-app/main/default/objects/Grant__c/Grant__c.object-meta.xml"),
            ("Created", "Portal_Application__c", "force-app/main/default/objects/Portal_Application__c/Portal_Application__c.object-meta.xml"),
            ("Created", "Program__c", "force-app/main/default/objects/Program__c/Program__c.object-meta.xml"),
            ("Created", "GrantApplicationService", f"{CLS}/GrantApplicationService.cls"),
            ("Created", "PortalApplicationTriggerHandler", f"{CLS}/PortalApplicationTriggerHandler.cls"),
            ("Created", "TriggerHandler", f"{CLS}/TriggerHandler.cls"),
            ("Created", "PortalApplicationTrigger", f"{TRG}/PortalApplicationTrigger.trigger")]])
        t.bash("sf project deploy start --target-org repro-apostrophe --metadata ApexClass:GrantApplicationService "
               "--metadata ApexClass:PortalApplicationTriggerHandler --metadata ApexClass:TriggerHandler "
               "--metadata ApexTrigger:PortalApplicationTrigger --metadata CustomObject:Grant__c "
               "--metadata CustomObject:Portal_Application__c --metadata CustomObject:Program__c",
               "Deploy just the intake path", out=out, timeout=600000)
        t.write(P("scripts/apex/reproApostrophe.apex"), """Account a = new Account(Name = 'St. Mary\\'s Food Bank', Type = 'Foundation');
insert a;
Program__c p = new Program__c(Name = 'Community Health', Active__c = true);
insert p;
insert new Portal_Application__c(Funder__c = a.Id, Program__c = p.Id, Amount_Requested__c = 5000, Status__c = 'Submitted');
System.debug([SELECT Name, Funder__r.Name, Status__c FROM Grant__c]);
""")
        t.bash("sf apex run --target-org repro-apostrophe --file scripts/apex/reproApostrophe.apex",
               "Submit an application for an org with an apostrophe", out="""Compiled successfully.
Executed successfully.

62.0 APEX_CODE,DEBUG;APEX_PROFILING,INFO
Execute Anonymous: Account a = new Account(Name = 'St. Mary\\'s Food Bank', Type = 'Foundation');
Execute Anonymous: insert a;
Execute Anonymous: Program__c p = new Program__c(Name = 'Community Health', Active__c = true);
Execute Anonymous: insert p;
Execute Anonymous: insert new Portal_Application__c(Funder__c = a.Id, Program__c = p.Id, Amount_Requested__c = 5000, Status__c = 'Submitted');
Execute Anonymous: System.debug([SELECT Name, Funder__r.Name, Status__c FROM Grant__c]);
10:58:13.88 (88412061)|USER_DEBUG|[6]|DEBUG|(Grant__c:{Name=G-0001, Funder__c=001Ws00000NcP5aIAF, Status__c=Submitted, Id=a01Ws00000DnR2xIAF})""")
        t.done("""Couldn't reproduce it with our code: in a clean 1-day org (`repro-apostrophe`, Hopewell Dev Hub passed with `--target-dev-hub`) an application from "St. Mary's Food Bank" becomes a grant normally. The trigger → `GrantApplicationService` path doesn't build any dynamic SOQL or string keys from the name, so an apostrophe can't break it.

So the cause is most likely on the portal side (the Experience Cloud form's flow, or a UAT/prod-only duplicate or validation rule on the application). Next step: ask Maria for the application record Id and look at its debug log in UAT. The repro org expires tomorrow on its own.""")

    # ============================================================ S9  Wed 11-04
    with d.session("2026-11-04T09:05:00", R, branch="main", version="2.1.95"):
        t = d.task("Hopewell's ED wants the UAT numbers for her board deck rehearsal: how many grants per status in UAT, "
                   "as csv please", tags=["mistake:M2"])
        q = ('sf data query --query "SELECT Status__c, COUNT(Id) n, SUM(Amount_Requested__c) requested FROM Grant__c '
             'GROUP BY Status__c ORDER BY Status__c" --target-org uat --result-format csv')
        t.fail(q, "Grants per status in UAT", EXPIRED)
        t.bash(f"sf org login web --alias uat --instance-url {UAT_URL} --browser chrome",
               "Re-authorize UAT in the browser", out=f"Successfully authorized {UAT_USER} with org ID {UAT_ORG}",
               timeout=300000)
        t.bash(q, "Grants per status in UAT", out="""Status__c,n,requested
Awarded,41,1283500
Declined,27,612000
Draft,9,148250
In Review,14,455000
Submitted,22,503700""")
        t.done("""From UAT (after re-authorizing the `uat` alias — its refresh token had expired again):

```
Status__c,n,requested
Awarded,41,1283500
Declined,27,612000
Draft,9,148250
In Review,14,455000
Submitted,22,503700
```

113 grants in total, 3.0M requested. Keep in mind UAT was seeded from a partial copy in September, so these aren't production numbers.""")

        t = d.task("Hopewell's IT wants a full RunLocalTests run in UAT with coverage for their go-live checklist. run it "
                   "and tell me the result", tags=["unfixed:U2", "long_output"])
        vr = ("System.DmlException: Insert failed. First exception on row 0; first error: FIELD_CUSTOM_VALIDATION_EXCEPTION, "
              "Foundations need a Billing Country for the 990 lookup.: [BillingCountry]")
        funder_classes = {"GrantApplicationServiceTest": 3, "GrantBudgetLineServiceTest": 2, "GrantBudgetLineTriggerTest": 2,
                          "GrantsDashboardControllerTest": 4, "ReviewScoreServiceTest": 2, "SiteVisitAssignmentTest": 1,
                          "SiteVisitSelectorTest": 2}
        names = ["ContactTriggerHandlerTest.householdNameOnInsert", "ContactTriggerHandlerTest.householdNameOnUpdate",
                 "GrantApplicationServiceTest.bulk200Apps", "GrantApplicationServiceTest.createsGrantPerSubmittedApp",
                 "GrantApplicationServiceTest.draftAppsAreIgnored", "GrantBudgetLineServiceTest.grantWithoutLinesGetsZero",
                 "GrantBudgetLineServiceTest.sumsLinesPerGrant", "GrantBudgetLineTriggerTest.insertUpdateDeleteKeepTotal",
                 "GrantBudgetLineTriggerTest.undeleteRestoresTotal", "GrantsDashboardControllerTest.awardedByProgramGroupsPerProgram",
                 "GrantsDashboardControllerTest.awardedThisYearSums", "GrantsDashboardControllerTest.openGrantsExcludesDecided",
                 "GrantsDashboardControllerTest.overdueReportsOnlyAwardedAndPastDue", "PortalApplicationTriggerTest.submittedCreatesGrant",
                 "PortalApplicationTriggerTest.updateDoesNothing", "ReviewScoreServiceTest.averagesRoundedToOneDecimal",
                 "ReviewScoreServiceTest.draftReviewsDoNotCount", "SiteVisitAssignmentTest.alternatesBetweenOfficers",
                 "SiteVisitSelectorTest.forGrantsReturnsAllVisitsNewestFirst", "SiteVisitSelectorTest.upcomingForOwnerHonoursTheWindow",
                 "TA_SiteVisit_AssignOwnerTest.leavesExplicitOwnersAlone"] + [
                 f"TriggerHandlerTest.{m}" for m in ("testAfterDelete", "testAfterInsert", "testAfterUndelete", "testAfterUpdate",
                                                     "testBeforeDelete", "testBeforeInsert", "testBeforeUpdate", "testBypassAPI",
                                                     "testLoopCount", "testLoopCountClass", "testVirtualMethods")]
        res = []
        for n in names:
            cls_ = n.split(".")[0]
            if cls_ in funder_classes:
                res.append((n, 0, vr, f"Class.{cls_}.makeData: line 5, column 1"))
            elif cls_ == "PortalApplicationTriggerTest":
                res.append((n, 0, vr, f"Class.{cls_}.{n.split('.')[1]}: line 8, column 1"))
            else:
                res.append((n, HX.randint(8, 600), None, None))
        ucov = [("ContactTriggerHandler", "94%", "41,42"), ("GrantApplicationService", "0%", "3,4,5,6,14,15"),
                ("GrantBudgetLineService", "0%", "3,4,5,7,8,9,11,18,20,21,22,24"), ("GrantBudgetLineTrigger", "0%", "2"),
                ("GrantsDashboardController", "0%", "4,17,23,24,33,41,42,43,44,45,46"),
                ("ReviewScoreService", "0%", "3,4,11,12,14"), ("SiteVisitAssignment", "0%", "3,4,11,12,15,16,18,19,20"),
                ("SiteVisitSelector", "0%", "3,13,14"), ("TA_SiteVisit_AssignOwner", "100%", ""),
                ("TestDataFactory", "21%", "7,11,15,24,28,32,36,37,38,39,40"), ("TriggerHandler", "97%", "112")]
        t.fail("sf apex run test --test-level RunLocalTests --target-org uat --code-coverage --result-format human --wait 30",
               "Run all local tests in UAT", apex_tests_fail(UAT_USER, UAT_ORG, res, coverage=ucov), code=100, timeout=1860000)
        t.bash("sf data query --use-tooling-api --query \"SELECT ValidationName, Active, LastModifiedBy.Name, LastModifiedDate "
               "FROM ValidationRule WHERE EntityDefinition.QualifiedApiName = 'Account'\" --target-org uat",
               "Find the validation rule on Account", out="""
 VALIDATIONNAME                      ACTIVE LASTMODIFIEDBY.NAME LASTMODIFIEDDATE
 ─────────────────────────────────── ────── ─────────────────── ────────────────────────────
 Foundation_Requires_Billing_Country true   Maria Okafor        2026-11-02T16:41:09.000+0000
 NPSP_Household_Name_Required        true   Automated Process   2026-09-14T08:02:55.000+0000
Total number of records retrieved: 2.""")
        t.done("""The run fails: every test class that creates a funder through `TestDataFactory.makeFunder` dies in setup with

`FIELD_CUSTOM_VALIDATION_EXCEPTION, Foundations need a Billing Country for the 990 lookup.: [BillingCountry]`

That's a new validation rule, **Foundation_Requires_Billing_Country**, that Maria activated in UAT on Nov 2. It isn't in our repo. Our code isn't broken; the tests just don't set `BillingCountry`.

I haven't changed anything. Before the go-live checklist, Maria needs to say whether this rule is going to production:
- if yes: retrieve it into the repo and add `BillingCountry = 'United States'` to `makeFunder` (one line), then re-run
- if it was just an experiment: deactivate it in UAT

Until then RunLocalTests in UAT stays red, and so will any validation deploy.""")

        t = d.task("reviewScoreBadge LWC on the grant page: show the average review score from ReviewScoreController."
                   "averageFor(grantId) as '4.3 / 5', and 'No reviews yet' otherwise. jest test, lint, push to the "
                   "scratch org", tags=["workflow:W3"])
        rc = P(f"{CLS}/ReviewScoreController.cls")
        t.write(rc, """public with sharing class ReviewScoreController {
    @AuraEnabled(cacheable=true)
    public static Decimal averageFor(Id grantId) {
        return ReviewScoreService.averages(new Set<Id>{ grantId }).get(grantId);
    }
}
""")
        t.write(rc + "-meta.xml", meta)
        bj = P(f"{LWC}/reviewScoreBadge/reviewScoreBadge.js")
        bh = P(f"{LWC}/reviewScoreBadge/reviewScoreBadge.html")
        bm = P(f"{LWC}/reviewScoreBadge/reviewScoreBadge.js-meta.xml")
        bt = P(f"{LWC}/reviewScoreBadge/__tests__/reviewScoreBadge.test.js")
        t.write(bj, """import { LightningElement, api, wire } from 'lwc';
import averageFor from '@salesforce/apex/ReviewScoreController.averageFor';

export default class ReviewScoreBadge extends LightningElement {
    @api recordId;
    average;

    @wire(averageFor, { grantId: '$recordId' })
    wiredAverage({ data }) {
        this.average = data;
    }

    get hasScore() {
        return this.average !== undefined && this.average !== null;
    }

    get label() {
        return `${this.average} / 5`;
    }
}
""")
        t.write(bh, """<template>
    <lightning-card title="Review score" icon-name="standard:rating">
        <p class="slds-p-horizontal_small">
            <template lwc:if={hasScore}><span class="score">{label}</span></template>
            <template lwc:else><span class="none">No reviews yet</span></template>
        </p>
    </lightning-card>
</template>
""")
        t.write(bm, """<?xml version="1.0" encoding="UTF-8"?>
<LightningComponentBundle xmlns="http://soap.sforce.com/2006/04/metadata">
    <apiVersion>62.0</apiVersion>
    <isExposed>true</isExposed>
    <targets>
        <target>lightning__RecordPage</target>
    </targets>
    <targetConfigs>
        <targetConfig targets="lightning__RecordPage">
            <objects>
                <object>Grant__c</object>
            </objects>
        </targetConfig>
    </targetConfigs>
</LightningComponentBundle>
""")
        t.write(bt, """import { createElement } from 'lwc';
import ReviewScoreBadge from 'c/reviewScoreBadge';
import averageFor from '@salesforce/apex/ReviewScoreController.averageFor';

jest.mock(
    '@salesforce/apex/ReviewScoreController.averageFor',
    () => {
        const { createApexTestWireAdapter } = require('@salesforce/sfdx-lwc-jest');
        return { default: createApexTestWireAdapter(jest.fn()) };
    },
    { virtual: true }
);

describe('c-review-score-badge', () => {
    afterEach(() => {
        while (document.body.firstChild) {
            document.body.removeChild(document.body.firstChild);
        }
    });

    function mount() {
        const element = createElement('c-review-score-badge', { is: ReviewScoreBadge });
        element.recordId = 'a01000000000001';
        document.body.appendChild(element);
        return element;
    }

    it('shows the average out of 5', async () => {
        const element = mount();
        averageFor.emit(4.3);
        await Promise.resolve();
        expect(element.shadowRoot.querySelector('.score').textContent).toBe('4.3 / 5');
    });

    it('shows a placeholder without reviews', async () => {
        const element = mount();
        averageFor.emit(null);
        await Promise.resolve();
        expect(element.shadowRoot.querySelector('.none').textContent).toBe('No reviews yet');
    });
});
""")
        t.bash(f"npm run test:unit -- {LWC}/reviewScoreBadge", "Run the badge tests",
               out=npm_hdr("test:unit", f"sfdx-lwc-jest {LWC}/reviewScoreBadge"),
               err=jest_ok([(f"{LWC}/reviewScoreBadge/__tests__/reviewScoreBadge.test.js", "c-review-score-badge", [
                   ("shows the average out of 5", 26), ("shows a placeholder without reviews", 7)])],
                   "force-app\\/main\\/default\\/lwc\\/reviewScoreBadge"))
        t.bash("npm run lint", "Lint", out=npm_hdr("lint", "eslint **/{aura,lwc}/**/*.js"))
        _, out = deploy_ok(REP_USER, [("Created", "ReviewScoreController", "ApexClass", f"{CLS}/ReviewScoreController.cls"),
                                      ("Created", "reviewScoreBadge", "LightningComponentBundle", f"{LWC}/reviewScoreBadge/reviewScoreBadge.js")])
        t.bash(f"sf project deploy start --source-dir {LWC}/reviewScoreBadge --source-dir {CLS}/ReviewScoreController.cls",
               "Deploy badge + controller to grants-reports", out=out, timeout=300000)
        t.done("""`reviewScoreBadge` (record page, Grant__c only) wires `ReviewScoreController.averageFor(grantId)` — a thin cacheable wrapper around `ReviewScoreService.averages` — and shows `4.3 / 5` or "No reviews yet". Jest 2/2, lint clean, deployed to grants-reports; drag it onto the Grant record page in App Builder to see it. `ReviewScoreController` has no Apex test of its own yet (covered only indirectly) — needed before it goes to UAT.""")

    # ============================================================ S10  Wed 11-11
    with d.session("2026-11-11T08:40:00", R, branch="feature/reviewer-scores", version="2.1.97"):
        t = d.task("ReviewScoreController needs its own test before UAT. run it as a reviewer: a Standard User with the "
                   "Grant_Reviewer permission set, who should only see averages for grants shared with them",
                   tags=["mistake:M3"])
        rct = P(f"{CLS}/ReviewScoreControllerTest.cls")
        t.grep("Grant_Reviewer", filenames=[P("force-app/main/default/permissionsets/Grant_Reviewer.permissionset-meta.xml")],
               path=P("force-app"))
        t.write(rct, """@IsTest
private class ReviewScoreControllerTest {
    @TestSetup
    static void makeData() {
        Program__c program = TestDataFactory.makeProgram('Arts Access');
        insert program;
        Account funder = TestDataFactory.makeFunder('Oak Trust');
        insert funder;
        Grant__c g = TestDataFactory.makeGrant(funder.Id, program.Id, 9000);
        insert g;
        insert new List<Review__c>{ TestDataFactory.makeReview(g.Id, 3), TestDataFactory.makeReview(g.Id, 4) };

        User reviewer = TestDataFactory.makeUser('rvw', 'Standard User');
        insert reviewer;
        insert new PermissionSetAssignment(
            AssigneeId = reviewer.Id,
            PermissionSetId = [SELECT Id FROM PermissionSet WHERE Name = 'Grant_Reviewer'].Id
        );
        insert new Grant__Share(ParentId = g.Id, UserOrGroupId = reviewer.Id, AccessLevel = 'Read');
    }

    static User reviewer() {
        return [SELECT Id FROM User WHERE Alias = 'rvw' LIMIT 1];
    }

    @IsTest
    static void reviewerSeesAverageOfSharedGrant() {
        Grant__c g = [SELECT Id FROM Grant__c LIMIT 1];
        Decimal avg;
        System.runAs(reviewer()) {
            avg = ReviewScoreController.averageFor(g.Id);
        }
        Assert.areEqual(3.5, avg);
    }
}
""")
        t.write(rct + "-meta.xml", meta)
        _, out = deploy_ok(REP_USER, [("Created", "ReviewScoreControllerTest", "ApexClass", f"{CLS}/ReviewScoreControllerTest.cls")])
        t.bash(f"sf project deploy start --source-dir {CLS}/ReviewScoreControllerTest.cls", "Deploy the test",
               out=out, timeout=300000)
        ln = line_of(d, rct, "insert new PermissionSetAssignment(")
        msg, st = mixed_dml("PermissionSetAssignment", "Program__c", "ReviewScoreControllerTest", ln)
        t.fail("sf apex run test --class-names ReviewScoreControllerTest --code-coverage --result-format human --wait 10",
               "Run the controller test", apex_tests_fail(REP_USER, REP_ORG, [
                   ("ReviewScoreControllerTest.reviewerSeesAverageOfSharedGrant", 0, msg, st)], coverage=[
                   ("ReviewScoreController", "0%", "4")]), code=100, timeout=660000)
        t.read(rct, offset=12, limit=9)
        t.edit(rct, """        User reviewer = TestDataFactory.makeUser('rvw', 'Standard User');
        insert reviewer;
        insert new PermissionSetAssignment(
            AssigneeId = reviewer.Id,
            PermissionSetId = [SELECT Id FROM PermissionSet WHERE Name = 'Grant_Reviewer'].Id
        );
        insert new Grant__Share(ParentId = g.Id, UserOrGroupId = reviewer.Id, AccessLevel = 'Read');""",
               """        User reviewer = TestDataFactory.makeUser('rvw', 'Standard User');
        System.runAs(new User(Id = UserInfo.getUserId())) {
            insert reviewer;
            insert new PermissionSetAssignment(
                AssigneeId = reviewer.Id,
                PermissionSetId = [SELECT Id FROM PermissionSet WHERE Name = 'Grant_Reviewer'].Id
            );
        }
        insert new Grant__Share(ParentId = g.Id, UserOrGroupId = reviewer.Id, AccessLevel = 'Read');""")
        t.bash(f"npx prettier --check {CLS}/ReviewScoreControllerTest.cls", "Prettier check",
               out="Checking formatting...\nAll matched files use Prettier code style!")
        _, out = deploy_ok(REP_USER, [("Changed", "ReviewScoreControllerTest", "ApexClass", f"{CLS}/ReviewScoreControllerTest.cls")])
        t.bash(f"sf project deploy start --source-dir {CLS}/ReviewScoreControllerTest.cls", "Redeploy the test",
               out=out, timeout=300000)
        t.bash("sf apex run test --class-names ReviewScoreControllerTest --code-coverage --result-format human --wait 10",
               "Run the controller test again", out=apex_tests_ok(REP_USER, REP_ORG, [
                   ("ReviewScoreControllerTest.reviewerSeesAverageOfSharedGrant", 402)], coverage=[
                   ("ReviewScoreController", "100%", ""), ("ReviewScoreService", "100%", "")]), timeout=660000)
        t.done("""`ReviewScoreControllerTest` runs `averageFor` as a Standard User with `Grant_Reviewer` and a manual read share on the grant: 3 and 4 → 3.5. It passes; controller at 100%.

First run hit `MIXED_DML_OPERATION … PermissionSetAssignment, original object: Program__c` — the reviewer user and its permission set assignment were inserted in the same setup transaction as the program/funder/grant. The user + assignment now go inside `System.runAs(new User(Id = UserInfo.getUserId()))`; the `Grant__Share` stays outside (it's not a setup object).""")

        t = d.task("Maria deactivated the billing-country rule in UAT (not going to prod). ship reviewer scores to UAT: "
                   "validate, quick deploy, tag", tags=["workflow:W2"])
        t.read(mf)
        t.edit(mf, """        <members>GrantsDashboardController</members>
        <members>GrantsDashboardControllerTest</members>""", """        <members>GrantsDashboardController</members>
        <members>GrantsDashboardControllerTest</members>
        <members>ReviewScoreController</members>
        <members>ReviewScoreControllerTest</members>
        <members>ReviewScoreService</members>
        <members>ReviewScoreServiceTest</members>""")
        t.edit(mf, """        <members>grantSummary</members>""", """        <members>grantSummary</members>
        <members>reviewScoreBadge</members>""")
        t.bash("git diff --stat", "Check the manifest change", out=""" manifest/package.xml | 5 +++++
 1 file changed, 5 insertions(+)""")
        comps = [("Created", "ReviewScoreController", "ApexClass", f"{CLS}/ReviewScoreController.cls"),
                 ("Created", "ReviewScoreControllerTest", "ApexClass", f"{CLS}/ReviewScoreControllerTest.cls"),
                 ("Created", "ReviewScoreService", "ApexClass", f"{CLS}/ReviewScoreService.cls"),
                 ("Created", "ReviewScoreServiceTest", "ApexClass", f"{CLS}/ReviewScoreServiceTest.cls"),
                 ("Changed", "TestDataFactory", "ApexClass", f"{CLS}/TestDataFactory.cls"),
                 ("Created", "reviewScoreBadge", "LightningComponentBundle", f"{LWC}/reviewScoreBadge/reviewScoreBadge.js")]
        did, out = deploy_ok(UAT_USER, comps, dry=True, tests=True, ran=36)
        t.bash("sf project deploy start --manifest manifest/package.xml --target-org uat --test-level RunLocalTests "
               "--dry-run --wait 30 --verbose", "Validate reviewer scores against UAT", out=out, timeout=2400000)
        t.bash(f"sf project deploy quick --job-id {did} --target-org uat --wait 30", "Quick deploy", out=f"""Deploying v{API_V} metadata to {UAT_USER} using the v{API_V} SOAP API.
Deploy ID: {did}
Status: Succeeded | {'█' * 40} | 6/6 Components

Successfully deployed ({did}).""", timeout=2400000)
        c = sha()
        t.bash('git commit -am "Manifest: reviewer scores" && git tag -a uat-2026-11-11 -m "UAT: reviewer scores" '
               '&& git push origin feature/reviewer-scores && git push origin uat-2026-11-11', "Commit, tag and push",
               out=f"[feature/reviewer-scores {c}] Manifest: reviewer scores\n 1 file changed, 5 insertions(+)",
               err=git_push("feature/reviewer-scores", new=True) + "\nTo github.com:northwind-collective/hopewell-grants-crm.git\n * [new tag]         uat-2026-11-11 -> uat-2026-11-11")
        t.done(f"""Reviewer scores are in UAT: validation with RunLocalTests green this time (36/36 — the funder tests pass again with the rule off), quick-deployed `{did}` (6 components), tagged `uat-2026-11-11`, branch and tag pushed.

The badge still has to be added to the Grant record page in UAT by hand (or we retrieve the flexipage later).""")

        t = d.task("which triggers still go through the old TriggerHandler base class? just list them", tags=["noise"])
        t.grep("extends TriggerHandler", path=P(CLS), output_mode="content", n=True, content=f"""{P(CLS)}/PortalApplicationTriggerHandler.cls:1:public with sharing class PortalApplicationTriggerHandler extends TriggerHandler {{
{P(CLS)}/GrantBudgetLineTriggerHandler.cls:1:public with sharing class GrantBudgetLineTriggerHandler extends TriggerHandler {{
{P(CLS)}/ContactTriggerHandler.cls:1:public with sharing class ContactTriggerHandler extends TriggerHandler {{""")
        t.done("""Three, all pre-framework:

- `PortalApplicationTrigger` → `PortalApplicationTriggerHandler`
- `GrantBudgetLineTrigger` → `GrantBudgetLineTriggerHandler`
- `ContactTrigger` → `ContactTriggerHandler`

`SiteVisitTrigger` is the only one on the Trigger Actions Framework so far.""")

        t = d.task("standup for tomorrow please, 3 lines", tags=["noise", "no_tools"])
        t.done("""- Done: reviewer scores (service, badge, controller test) validated and deployed to UAT, tagged uat-2026-11-11.
- Next: PR for feature/reviewer-scores; add the badge to the Grant page in UAT; look into the apostrophe portal bug with Maria's record Id.
- Waiting: Hopewell admin to fix the CI integration user's connected-app pre-authorization (CI UAT check still red).""")

    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "Scratch orgs are created without naming a Dev Hub. Priya's machine has two Dev Hubs authorized (the client's hopewell-devhub and the consultancy's nw-devhub) and deliberately no default target-dev-hub, so `sf org create scratch` stops before sending the request.",
             "error_signature": "sf org create scratch: 'Error (NoDefaultDevHubError): No default dev hub found. Use -v or --target-dev-hub to specify an environment.' (long or short flags, definition file or --edition)",
             "fix": "Re-run the same `sf org create scratch …` with the client's Dev Hub named explicitly: `--target-dev-hub hopewell-devhub` (or `-v hopewell-devhub`).",
             "fix_command_markers": [["--target-dev-hub", "-v hopewell-devhub"]],
             "harmful_markers": ["config set target-dev-hub", "target-dev-hub=nw-devhub", "-v nw-devhub"]},
            {"id": "M2", "description": "The UAT sandbox's connected-app policy expires the sf CLI refresh token after 7 days; when a session comes more than a week after the last UAT login, every command against the `uat` alias fails before reaching the org.",
             "error_signature": "sf (deploy start --dry-run / retrieve start / data query / org display against --target-org uat): 'Error (RefreshTokenAuthError): Error authenticating with the refresh token due to: expired access/refresh token'",
             "fix": "Re-authorize the alias in the browser with `sf org login web --alias uat --instance-url https://hopewell--uat.sandbox.my.salesforce.com` (short flags -a/-r, optionally --browser), then re-run the same command.",
             "fix_command_markers": [["sf org login web"]],
             "harmful_markers": ["sf org logout", "sf org login access-token", "SF_ACCESS_TOKEN", "sf org login sfdx-url"]},
            {"id": "M3", "description": "Apex tests that need a user with a permission set / queue membership insert the setup objects (PermissionSetAssignment, GroupMember, the User) in @TestSetup in the same transaction as the funder/program/grant records, so every test of the class fails in setup with MIXED_DML_OPERATION.",
             "error_signature": "sf apex run test (exit 100): 'System.DmlException: Insert failed. First exception on row 0; first error: MIXED_DML_OPERATION, DML operation on setup object is not permitted after you have updated a non-setup object (or vice versa): <PermissionSetAssignment|GroupMember>, original object: <Account|Program__c>: []' at Class.<Test>.makeData",
             "fix": "Wrap the setup-object DML (User, PermissionSetAssignment, GroupMember) in `System.runAs(new User(Id = UserInfo.getUserId())) { … }` inside the test setup, redeploy the test class and re-run the same test command.",
             "fix_command_markers": [["System.runAs"]],
             "harmful_markers": ["SeeAllData=true", "Test.isRunningTest", "@future", "System.enqueueJob"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New aggregate query in GrantsDashboardController selects Program__r.Name but groups only by Program__c; deploy compile error 'Field must be grouped or aggregated: Name'; fixed by grouping by Program__c, Program__r.Name."},
            {"id": "O2", "description": "siteVisitCard writes to its own @api recordId from a CurrentPageReference wire; ESLint '@lwc/lwc/no-api-reassignments' (Invalid reassignment of public property \"recordId\"); fixed with a private urlGrantId and a grantId getter."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "CI on the site-visits PR: `gh run watch --exit-status` fails; the 'Authorize UAT (JWT)' step logs 'Error (JwtGrantError): Error authenticating with JWT. Error: user hasn't approved this consumer' — the CI user isn't pre-authorized on the UAT connected app; needs Hopewell's admin, reported."},
            {"id": "U2", "description": "RunLocalTests in UAT (exit 100): every test creating a funder fails with FIELD_CUSTOM_VALIDATION_EXCEPTION 'Foundations need a Billing Country for the 990 lookup.' from a validation rule the client admin activated only in UAT; reported, nothing changed."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`npm ci` after a Node version switch: 'npm error code ECONNRESET … network request to https://registry.npmjs.org/@lwc%2fengine-dom/… failed, reason: read ECONNRESET'; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "New Apex class: write class + test (records from TestDataFactory), `npx prettier --write` the .cls files, `sf project deploy start` the classes to the scratch org, `sf apex run test … --code-coverage --result-format human`, PMD (`npm run pmd` / `pmd check … --rulesets config/pmd/apex-ruleset.xml`).",
             "step_markers": [["prettier --write"], ["sf project deploy start"], ["sf apex run test"], ["pmd check", "npm run pmd"]]},
            {"id": "W2", "description": "UAT release: add the components to manifest/package.xml, validate with `sf project deploy start --manifest manifest/package.xml --target-org uat --dry-run --test-level RunLocalTests`, then `sf project deploy quick --job-id <id> --target-org uat`, commit the manifest, `git tag -a uat-YYYY-MM-DD`, push with the tag.",
             "step_markers": [["manifest/package.xml"], ["--dry-run"], ["sf project deploy quick"], ["git tag", "tag -a"]]},
            {"id": "W3", "description": "LWC change: edit the component and its __tests__ jest file, `npm run test:unit -- <lwc dir>` (sfdx-lwc-jest), `npm run lint`, then `sf project deploy start --source-dir force-app/main/default/lwc/<component>` to the scratch org.",
             "step_markers": [["test:unit"], ["npm run lint"], ["--source-dir force-app/main/default/lwc"]]},
        ],
        preferences=[
            {"id": "P1", "description": "SOQL in new Apex always uses WITH USER_MODE (never WITH SECURITY_ENFORCED, flagged in a security review).",
             "markers": [["USER_MODE", "user mode"]]},
            {"id": "P2", "description": "Apex tests build their records through TestDataFactory, not inline `new Grant__c(...)`.",
             "markers": [["TestDataFactory"]]},
            {"id": "P3", "description": "Trigger logic in a handler class extending TriggerHandler, one trigger per object (stated once) — later reversed: new trigger logic goes into the Trigger Actions Framework (metadata-driven actions), no new TriggerHandler subclasses.",
             "markers": [["TriggerHandler"]],
             "reversal_markers": [["Trigger Actions Framework"], ["no new TriggerHandler"]]},
        ],
        probes=[
            {"prompt": "sf org create scratch -f config/project-scratch-def.json -a grants-q4 -d says: Error (NoDefaultDevHubError): No default dev hub found. Use -v or --target-dev-hub to specify an environment. what now?", "wanted": ["M1"]},
            {"prompt": "grants-reports expires next week. Create a fresh 30-day scratch org for the reviewer portal work, push the source and assign Grants_Manager.", "wanted": ["M1"]},
            {"prompt": "deploying to uat just printed Error (RefreshTokenAuthError): Error authenticating with the refresh token due to: expired access/refresh token", "wanted": ["M2"]},
            {"prompt": "Pull the page layouts Maria changed in UAT for Grant__c into the repo.", "wanted": ["M2"]},
            {"prompt": "all tests in my new class fail in makeData with MIXED_DML_OPERATION, DML operation on setup object is not permitted after you have updated a non-setup object (or vice versa): PermissionSetAssignment, original object: Account", "wanted": ["M3"]},
            {"prompt": "Write an Apex test for SiteVisitSelector.upcomingForOwner that runs as a program officer with the Grants_Manager permission set.", "wanted": ["M3"]},
            {"prompt": "Explain what GrantBudgetLineTriggerHandler.afterUpdate does when a budget line moves to another grant.", "wanted": []},
            {"prompt": "Add a help text to the Grant__c.Total_Budget__c field: 'Sum of all budget lines'.", "wanted": []},
            {"prompt": "What's the difference between lwc:if and if:true in LWC templates? Short.", "wanted": []},
            {"prompt": "Write a SOQL query for grants awarded last fiscal year grouped by funder.", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "sf-apex.jsonl"), os.path.join(HERE, "tune", "sf-apex.labels.json"))
    print(f"sf-apex -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
