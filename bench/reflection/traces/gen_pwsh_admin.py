"""pwsh-admin: Owen Price, IT automation engineer at Harbrook Logistics Ltd (Daventry, UK).

Windows 11, PowerShell 7.4, Claude Code with Git Bash as its Bash tool. One repo `hb-automation`
(C:\\src\\hb-automation): the Harbrook.Ops module (Public/Private, explicit FunctionsToExport, published to the
Azure Artifacts feed `HbFeed` with PSResourceGet by the release pipeline), Pester 5 tests, PSScriptAnalyzer, platyPS
markdown help, operator scripts for the service desk (offboarding, HR sync), Azure Automation runbooks (test account
aa-hb-ops-test, PowerShell 7.4 runtime environment), Microsoft Graph PowerShell SDK 2.x against Entra ID and Intune,
ExchangeOnlineManagement 3.x, Az, Azure DevOps pipelines via `az pipelines`.

Written blind for fresh/; measured once held out (round 24), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_pwsh_admin.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "oprice"
R = "C:\\src\\hb-automation"
MODEL = "claude-opus-4-6"
_rng = [random.Random(1)]


def W(rel):
    return R + "\\" + rel.replace("/", "\\")


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def guid():
    return f"{hx(8)}-{hx(4)}-4{hx(3)}-{_rng[0].choice('89ab')}{hx(3)}-{hx(12)}"


def win_session(d):
    s = d.sess
    s["transcript_path"] = f"C:\\Users\\{U}\\.claude\\projects\\C--src-hb-automation\\{s['id']}.jsonl"
    d.lines[-1]["hook"]["transcript_path"] = s["transcript_path"]


# ------------------------------------------------------------------ virtual files

README = """# hb-automation

Harbrook IT automation: the `Harbrook.Ops` PowerShell module (cmdlets for Entra ID, Intnue and Exchange Online),
operator scripts for the service desk and the Azure Automation runbooks.

| folder | what |
|---|---|
| `src/Harbrook.Ops` | the module. `Public/` = exported cmdlets (one function per file), `Private/` = helpers. The manifest lists its exports explicitly. |
| `tests/` | Pester 5 (`tests/Public`, `tests/Private`, `tests/Scripts`, `tests/Manifest.Tests.ps1`) |
| `scripts/` | operator scripts the service desk runs by hand (offboarding, HR starters sync) |
| `runbooks/` | Azure Automation runbooks, PowerShell 7.4 runtime environment `PowerShell-74-Hb` |
| `tools/` | `Connect-Hb.ps1` (app-only Graph / Exchange / Az), `Test-HbRunbook.ps1`, `Publish-AutomationModule.ps1` |
| `docs/commands` | platyPS markdown help, one file per public cmdlet |

## Local setup

PowerShell 7.4. `./build.ps1 -Task Bootstrap` installs the RequiredModules from PSGallery with PSResourceGet and
registers the `HbFeed` repository (Azure Artifacts feed `hb-powershell`). App-only auth uses the certificate
`CN=hb-automation-dev` in `Cert:\\CurrentUser\\My` (app registration `hb-automation-dev`, read-mostly permissions).

## Build

    ./build.ps1 -Task Analyze   # PSScriptAnalyzer, settings in PSScriptAnalyzerSettings.psd1
    ./build.ps1 -Task Test      # Pester, results in out/testResults.xml
    ./build.ps1 -Task Docs      # platyPS, docs/commands

## Release

Bump `ModuleVersion` in the manifest and add a CHANGELOG section, commit, tag `vX.Y.Z`, push with the tag. The
`hb-automation-release` pipeline runs analyze + tests, publishes to HbFeed and, after approval in the
`hb-automation-prod` environment, imports the module into the prod Automation account.
"""

PSD1 = """@{
    RootModule           = 'Harbrook.Ops.psm1'
    ModuleVersion        = '1.8.2'
    CompatiblePSEditions = @('Core')
    GUID                 = '6f2b1c4e-93d8-4a51-b7e2-0c8d5a3f9e17'
    Author               = 'Harbrook IT Automation'
    CompanyName          = 'Harbrook Logistics Ltd'
    Copyright            = '(c) Harbrook Logistics Ltd. All rights reserved.'
    Description          = 'Entra ID, Intune and Exchange Online automation for Harbrook IT.'
    PowerShellVersion    = '7.4'
    RequiredModules      = @(
        @{ ModuleName = 'Microsoft.Graph.Authentication'; ModuleVersion = '2.24.0' }
        @{ ModuleName = 'Microsoft.Graph.Users'; ModuleVersion = '2.24.0' }
        @{ ModuleName = 'Microsoft.Graph.Groups'; ModuleVersion = '2.24.0' }
        @{ ModuleName = 'Microsoft.Graph.DeviceManagement'; ModuleVersion = '2.24.0' }
    )
    FunctionsToExport    = @(
        'Add-HbDriverToDeviceGroup'
        'Connect-HbService'
        'Get-HbDepotDevice'
        'Get-HbUserLicense'
        'New-HbStarterAccount'
        'Set-HbUserOffboarded'
    )
    CmdletsToExport      = @()
    VariablesToExport    = @()
    AliasesToExport      = @()
    PrivateData          = @{
        PSData = @{
            Tags         = @('Harbrook', 'EntraID', 'Intune', 'ExchangeOnline')
            ProjectUri   = 'https://dev.azure.com/harbrook/IT-Automation/_git/hb-automation'
            ReleaseNotes = 'See CHANGELOG.md'
        }
    }
}
"""

PSM1 = """$public = @(Get-ChildItem -Path "$PSScriptRoot/Public/*.ps1" -ErrorAction SilentlyContinue)
$private = @(Get-ChildItem -Path "$PSScriptRoot/Private/*.ps1" -ErrorAction SilentlyContinue)

foreach ($file in @($public + $private)) {
    . $file.FullName
}

Export-ModuleMember -Function $public.BaseName
"""

BUILD = """[CmdletBinding()]
param(
    [ValidateSet('Bootstrap', 'Analyze', 'Test', 'Docs', 'All')]
    [string]$Task = 'All'
)
$ErrorActionPreference = 'Stop'
$manifest = Join-Path -Path $PSScriptRoot -ChildPath 'src/Harbrook.Ops/Harbrook.Ops.psd1'

function Invoke-Bootstrap {
    $data = Import-PowerShellDataFile -Path $manifest
    foreach ($req in $data.RequiredModules) {
        Install-PSResource -Name $req.ModuleName -Version "[$($req.ModuleVersion),3.0)" -Repository PSGallery -TrustRepository -Quiet
    }
    foreach ($name in 'Pester', 'PSScriptAnalyzer', 'platyPS', 'ExchangeOnlineManagement', 'Az.Accounts', 'Az.Automation', 'Az.Storage') {
        Install-PSResource -Name $name -Repository PSGallery -TrustRepository -Quiet
    }
    if (-not (Get-PSResourceRepository -Name HbFeed -ErrorAction SilentlyContinue)) {
        Register-PSResourceRepository -Name HbFeed -Uri 'https://pkgs.dev.azure.com/harbrook/_packaging/hb-powershell/nuget/v3/index.json' -Trusted
    }
}

function Invoke-Analyze {
    $findings = Invoke-ScriptAnalyzer -Path "$PSScriptRoot/src" -Recurse -Settings "$PSScriptRoot/PSScriptAnalyzerSettings.psd1"
    $findings | Format-Table -AutoSize
    if ($findings) { throw "PSScriptAnalyzer: $($findings.Count) finding(s)" }
}

function Invoke-Test {
    $config = New-PesterConfiguration
    $config.Run.Path = "$PSScriptRoot/tests"
    $config.Run.Exit = $true
    $config.Output.Verbosity = 'Normal'
    $config.TestResult.Enabled = $true
    $config.TestResult.OutputPath = "$PSScriptRoot/out/testResults.xml"
    Invoke-Pester -Configuration $config
}

function Invoke-Docs {
    Import-Module -Name $manifest
    Update-MarkdownHelpModule -Path "$PSScriptRoot/docs/commands" -RefreshModulePage -AlphabeticParamsOrder
}

switch ($Task) {
    'Bootstrap' { Invoke-Bootstrap }
    'Analyze' { Invoke-Analyze }
    'Test' { Invoke-Test }
    'Docs' { Invoke-Docs }
    'All' { Invoke-Analyze; Invoke-Test; Invoke-Docs }
}
"""

PIPELINE = """trigger:
  tags:
    include:
      - v*
pr:
  branches:
    include:
      - main

variables:
  - group: hb-automation

stages:
  - stage: Build
    jobs:
      - job: test
        pool:
          vmImage: windows-latest
        steps:
          - pwsh: ./build.ps1 -Task Bootstrap
            displayName: Bootstrap modules
          - pwsh: ./build.ps1 -Task Analyze
            displayName: PSScriptAnalyzer
          - pwsh: ./build.ps1 -Task Test
            displayName: Pester
          - task: PublishTestResults@2
            condition: always()
            inputs:
              testResultsFormat: NUnit
              testResultsFiles: out/testResults.xml

  - stage: Publish
    condition: and(succeeded(), startsWith(variables['Build.SourceBranch'], 'refs/tags/v'))
    jobs:
      - job: feed
        pool:
          vmImage: windows-latest
        steps:
          - pwsh: |
              $cred = [pscredential]::new('build', (ConvertTo-SecureString -String $env:SYSTEM_ACCESSTOKEN -AsPlainText -Force))
              Register-PSResourceRepository -Name HbFeed -Uri $(FeedUri) -Trusted
              Publish-PSResource -Path ./src/Harbrook.Ops -Repository HbFeed -ApiKey AzureDevOps -Credential $cred
            displayName: Publish to HbFeed
            env:
              SYSTEM_ACCESSTOKEN: $(System.AccessToken)

  - stage: DeployProd
    dependsOn: Publish
    jobs:
      - deployment: automation
        environment: hb-automation-prod
        pool:
          vmImage: windows-latest
        strategy:
          runOnce:
            deploy:
              steps:
                - checkout: self
                - task: AzurePowerShell@5
                  inputs:
                    azureSubscription: sc-hb-automation
                    azurePowerShellVersion: LatestVersion
                    pwsh: true
                    ScriptPath: tools/Publish-AutomationModule.ps1
                    ScriptArguments: -AutomationAccount $(ProdAutomationAccount) -Version $(Build.SourceBranchName)
"""

CHANGELOG = """# Changelog

## 1.8.2 - 2026-09-28
- `New-HbStarterAccount`: usage location GB for Irish depot starters fixed (IE).
- `Get-HbUserLicense`: returns SkuPartNumber as well as SkuId.

## 1.8.1 - 2026-09-14
- `Add-HbDriverToDeviceGroup`: no error when the driver is already a member.

## 1.8.0 - 2026-09-02
- New: `Get-HbDepotDevice` (Intune devices by depot code from the device name).
- Runbook `Sync-HbDriverGroups` uses `Get-HbDepotDevice`.
"""

CONNECT = """[CmdletBinding()]
param(
    [switch]$Graph,
    [switch]$Exchange,
    [switch]$Azure,
    [string]$TenantId = 'b1d7e0c3-5a2f-4c8e-9f61-2d4a8e7b3c90',
    [string]$ClientId = '4a9c2e71-0b3d-4f5e-8a1c-6d2e9f0b7a35',
    [string]$Organization = 'harbrook.onmicrosoft.com'
)
$ErrorActionPreference = 'Stop'

$cert = Get-ChildItem -Path Cert:\\CurrentUser\\My |
    Where-Object -FilterScript { $_.Subject -eq 'CN=hb-automation-dev' -and $_.NotAfter -gt (Get-Date) } |
    Sort-Object -Property NotAfter -Descending |
    Select-Object -First 1
if (-not $cert) { throw 'No valid CN=hb-automation-dev certificate in Cert:\\CurrentUser\\My' }

if ($Exchange) {
    Connect-ExchangeOnline -AppId $ClientId -Certificate $cert -Organization $Organization -ShowBanner:$false
}
if ($Graph) {
    Connect-MgGraph -TenantId $TenantId -ClientId $ClientId -Certificate $cert -NoWelcome
}
if ($Azure) {
    Connect-AzAccount -ServicePrincipal -TenantId $TenantId -ApplicationId $ClientId -CertificateThumbprint $cert.Thumbprint -Subscription 'HB-Automation' | Out-Null
}
"""

OFFBOARD = """[CmdletBinding(SupportsShouldProcess, ConfirmImpact = 'Medium')]
param(
    [Parameter(Mandatory)]
    [string]$UserPrincipalName,

    [Parameter(Mandatory)]
    [ValidatePattern('^(INC|RITM)\\d{7}$')]
    [string]$Ticket,

    [string]$ManagerAccess,

    [string]$ForwardTo
)
$ErrorActionPreference = 'Stop'
Import-Module -Name "$PSScriptRoot/../src/Harbrook.Ops/Harbrook.Ops.psd1"
& "$PSScriptRoot/../tools/Connect-Hb.ps1" -Graph -Exchange

$user = Get-MgUser -UserId $UserPrincipalName -Property id, displayName, accountEnabled
Write-Output "Offboarding $($user.DisplayName) ($UserPrincipalName), ticket $Ticket"

if ($PSCmdlet.ShouldProcess($UserPrincipalName, 'Disable account and revoke sessions')) {
    Update-MgUser -UserId $user.Id -AccountEnabled:$false
    Revoke-MgUserSignInSession -UserId $user.Id | Out-Null
}

if ($PSCmdlet.ShouldProcess($UserPrincipalName, 'Convert mailbox to shared and hide from GAL')) {
    Set-Mailbox -Identity $UserPrincipalName -Type Shared -HiddenFromAddressListsEnabled $true -CustomAttribute10 "offboarded $Ticket"
}

if ($ManagerAccess -and $PSCmdlet.ShouldProcess($UserPrincipalName, "Grant FullAccess to $ManagerAccess")) {
    Add-MailboxPermission -Identity $UserPrincipalName -User $ManagerAccess -AccessRights FullAccess -InheritanceType All -AutoMapping $false | Out-Null
}

if ($ForwardTo -and $PSCmdlet.ShouldProcess($UserPrincipalName, "Forward mail to $ForwardTo")) {
    Set-Mailbox -Identity $UserPrincipalName -ForwardingSmtpAddress "smtp:$ForwardTo" -DeliverToMailboxAndForward $true
}

$licenses = @(Get-HbUserLicense -UserId $user.Id)
if ($licenses -and $PSCmdlet.ShouldProcess($UserPrincipalName, "Remove licences $($licenses.SkuPartNumber -join ', ')")) {
    Set-MgUserLicense -UserId $user.Id -AddLicenses @() -RemoveLicenses $licenses.SkuId | Out-Null
}

Set-HbUserOffboarded -UserId $user.Id -Ticket $Ticket
Write-Output 'Done.'
"""

SET_OFFBOARDED = """function Set-HbUserOffboarded {
    [CmdletBinding(SupportsShouldProcess)]
    param(
        [Parameter(Mandatory)]
        [string]$UserId,

        [Parameter(Mandatory)]
        [string]$Ticket
    )
    $stamp = '{0:yyyy-MM-dd} {1}' -f (Get-Date), $Ticket
    if ($PSCmdlet.ShouldProcess($UserId, "Set extensionAttribute15 = 'offboarded $stamp'")) {
        Update-MgUser -UserId $UserId -OnPremisesExtensionAttributes @{ extensionAttribute15 = "offboarded $stamp" }
    }
}
"""

UPN_PRIVATE = """function ConvertTo-HbUpn {
    [CmdletBinding()]
    [OutputType([string])]
    param(
        [Parameter(Mandatory)]
        [string]$GivenName,

        [Parameter(Mandatory)]
        [string]$Surname,

        [string]$Domain = 'harbrook.co.uk'
    )
    $local = '{0}.{1}' -f $GivenName.Trim(), $Surname.Trim()
    $local = $local.ToLowerInvariant() -replace '\\s+', '-'
    $local = $local -replace '[^a-z0-9.\\-]', ''
    '{0}@{1}' -f $local, $Domain
}
"""

UPN_TESTS = """BeforeAll {
    . "$PSScriptRoot/../../src/Harbrook.Ops/Private/ConvertTo-HbUpn.ps1"
}

Describe 'ConvertTo-HbUpn' {
    It 'joins given name and surname with a dot' {
        ConvertTo-HbUpn -GivenName 'Dami' -Surname 'Okafor' | Should -Be 'dami.okafor@harbrook.co.uk'
    }
    It 'turns spaces in double-barrelled names into hyphens' {
        ConvertTo-HbUpn -GivenName 'Mary Ann' -Surname 'Le Roux' | Should -Be 'mary-ann.le-roux@harbrook.co.uk'
    }
    It 'drops apostrophes' {
        ConvertTo-HbUpn -GivenName 'Sean' -Surname "O'Neill" | Should -Be 'sean.oneill@harbrook.co.uk'
    }
    It 'uses another domain when asked' {
        ConvertTo-HbUpn -GivenName 'Lee' -Surname 'Ward' -Domain 'tarrantfreight.co.uk' | Should -Be 'lee.ward@tarrantfreight.co.uk'
    }
}
"""

HRSYNC = """[CmdletBinding(SupportsShouldProcess)]
param(
    [Parameter(Mandatory)]
    [string]$CsvPath
)
$ErrorActionPreference = 'Stop'
Import-Module -Name "$PSScriptRoot/../src/Harbrook.Ops/Harbrook.Ops.psd1"
& "$PSScriptRoot/../tools/Connect-Hb.ps1" -Graph

$rows = @(Import-Csv -Path $CsvPath)
Write-Output "Read $($rows.Count) starter rows from $CsvPath"

foreach ($row in $rows) {
    $local = ('{0}.{1}' -f $row.FirstName.Trim(), $row.LastName.Trim()).ToLowerInvariant() -replace '\\s+', '-'
    $upn = '{0}@harbrook.co.uk' -f ($local -replace '[^a-z0-9.\\-]', '')
    $existing = Get-MgUser -Filter "userPrincipalName eq '$upn'" -ErrorAction SilentlyContinue
    if ($existing) {
        Write-Output "  exists   $upn"
        continue
    }
    if ($PSCmdlet.ShouldProcess($upn, "Create starter account ($($row.Depot), $($row.JobTitle), starts $($row.StartDate))")) {
        New-HbStarterAccount -UserPrincipalName $upn -GivenName $row.FirstName -Surname $row.LastName -Depot $row.Depot -JobTitle $row.JobTitle -StartDate $row.StartDate | Out-Null
        Write-Output "  created  $upn"
    }
}
"""

SYNC_RUNBOOK = """<#
    Runbook: Sync-HbDriverGroups (aa-hb-ops-test / prod), schedule hourly 06:00-20:00.
    Puts every depot's handheld scanners into the Intune device group of the depot (dg-depot-<code>).
#>
param(
    [string[]]$Depot = @('CRK', 'DAV', 'WLV', 'SHF', 'AVO', 'DUB')
)
$ErrorActionPreference = 'Stop'
Import-Module -Name Harbrook.Ops -MinimumVersion 1.8.0
Connect-MgGraph -Identity -NoWelcome

foreach ($code in $Depot) {
    $devices = @(Get-HbDepotDevice -Depot $code -Kind Scanner)
    Write-Output "${code}: $($devices.Count) scanner(s)"
    foreach ($device in $devices) {
        Add-HbDriverToDeviceGroup -DeviceId $device.AzureAdDeviceId -GroupName "dg-depot-$($code.ToLowerInvariant())"
    }
}
"""

MAILBOX_RUNBOOK = """<#
    Runbook: Set-HbSharedMailboxPermissions (aa-hb-ops-test / prod), daily 05:30.
    Keeps FullAccess on the depot shared mailboxes (dispatch-<code>@) in line with the depot's Entra group.
#>
param(
    [string[]]$Depot = @('CRK', 'DAV', 'WLV', 'SHF', 'AVO', 'DUB')
)
$ErrorActionPreference = 'Stop'
Import-Module -Name Harbrook.Ops -MinimumVersion 1.8.0
Connect-MgGraph -Identity -NoWelcome
Connect-ExchangeOnline -ManagedIdentity -Organization 'harbrook.onmicrosoft.com' -ShowBanner:$false

foreach ($code in $Depot) {
    $mailbox = 'dispatch-{0}@harbrook.co.uk' -f $code.ToLowerInvariant()
    $members = @(Get-MgGroupMember -GroupId (Get-MgGroup -Filter "displayName eq 'gg-depot-$code-office'").Id -All)
    $current = @(Get-MailboxPermission -Identity $mailbox | Where-Object -FilterScript { $_.AccessRights -contains 'FullAccess' -and $_.User -like '*@*' })
    Write-Output "${code}: $($members.Count) office member(s), $($current.Count) with FullAccess"
    foreach ($m in $members) {
        $upn = $m.AdditionalProperties.userPrincipalName
        if ($current.User -notcontains $upn) {
            Add-MailboxPermission -Identity $mailbox -User $upn -AccessRights FullAccess -AutoMapping $true | Out-Null
            Write-Output "  + $upn"
        }
    }
}
"""

PSSA = """@{
    Severity     = @('Error', 'Warning')
    IncludeDefaultRules = $true
    ExcludeRules = @('PSUseSingularNouns')
    Rules        = @{
        PSAvoidUsingCmdletAliases = @{ allowlist = @() }
        PSUseCompatibleSyntax     = @{ Enable = $true; TargetVersions = @('7.4') }
    }
}
"""

GET_LICENSE = """function Get-HbUserLicense {
    [CmdletBinding()]
    param(
        [Parameter(Mandatory)]
        [string]$UserId
    )
    $skus = @{}
    Get-MgSubscribedSku -All | ForEach-Object -Process { $skus[$_.SkuId] = $_.SkuPartNumber }
    Get-MgUserLicenseDetail -UserId $UserId | ForEach-Object -Process {
        [pscustomobject]@{ SkuId = $_.SkuId; SkuPartNumber = $skus[$_.SkuId] }
    }
}
"""

FILES = {
    W("README.md"): README,
    W("src/Harbrook.Ops/Harbrook.Ops.psd1"): PSD1,
    W("src/Harbrook.Ops/Harbrook.Ops.psm1"): PSM1,
    W("build.ps1"): BUILD,
    W("azure-pipelines.yml"): PIPELINE,
    W("CHANGELOG.md"): CHANGELOG,
    W("tools/Connect-Hb.ps1"): CONNECT,
    W("scripts/Invoke-HbOffboarding.ps1"): OFFBOARD,
    W("scripts/Sync-HbHrToEntra.ps1"): HRSYNC,
    W("src/Harbrook.Ops/Public/Set-HbUserOffboarded.ps1"): SET_OFFBOARDED,
    W("src/Harbrook.Ops/Public/Get-HbUserLicense.ps1"): GET_LICENSE,
    W("src/Harbrook.Ops/Private/ConvertTo-HbUpn.ps1"): UPN_PRIVATE,
    W("tests/Private/ConvertTo-HbUpn.Tests.ps1"): UPN_TESTS,
    W("runbooks/Sync-HbDriverGroups.ps1"): SYNC_RUNBOOK,
    W("runbooks/Set-HbSharedMailboxPermissions.ps1"): MAILBOX_RUNBOOK,
    W("PSScriptAnalyzerSettings.psd1"): PSSA,
}

EXPORTS = ["Add-HbDriverToDeviceGroup", "Connect-HbService", "Get-HbDepotDevice", "Get-HbUserLicense",
           "New-HbStarterAccount", "Set-HbUserOffboarded"]


# ------------------------------------------------------------------ output helpers

def exports_block(names):
    return "    FunctionsToExport    = @(\n" + "".join(f"        '{n}'\n" for n in sorted(names)) + "    )\n"


def add_export(d, t, name):
    old = exports_block(d.exports)
    d.exports = sorted(d.exports + [name])
    t.edit(W("src/Harbrook.Ops/Harbrook.Ops.psd1"), old, exports_block(d.exports))


def lineno(text, needle):
    return text[:text.index(needle)].count("\n") + 1


def pester_detailed(rel, blocks, total, disc_ms):
    """blocks: list of (describe, [(name, ms, fail_lines or None)])"""
    n = sum(len(b[1]) for b in blocks)
    failed = sum(1 for b in blocks for x in b[1] if x[2])
    out = ["Pester v5.6.1", "", "Starting discovery in 1 files.", f"Discovery found {n} tests in {disc_ms}ms.",
           "Running tests.", "", f"Running tests from '{W(rel)}'"]
    for desc, tests in blocks:
        out.append(f"Describing {desc}")
        for name, ms, fl in tests:
            a = max(1, ms * 3 // 4)
            out.append(f"  [{'-' if fl else '+'}] {name} {ms}ms ({a}ms|{ms - a}ms)")
            for l in fl or []:
                out.append("   " + l)
    out.append(f"Tests completed in {total}")
    out.append(f"Tests Passed: {n - failed}, Failed: {failed}, Skipped: 0, Inconclusive: 0, NotRun: 0")
    return "\n".join(out), failed


def not_recognized(cmd):
    return [f"CommandNotFoundException: The term '{cmd}' is not recognized as a name of a cmdlet, function, "
            "script file, or executable program.",
            "Check the spelling of the name, or if a path was included, verify that the path is correct and try again."]


TEST_FILES_BASE = [
    ("tests/Manifest.Tests.ps1", 3), ("tests/Private/Resolve-HbDepot.Tests.ps1", 7),
    ("tests/Public/Add-HbDriverToDeviceGroup.Tests.ps1", 6), ("tests/Public/Connect-HbService.Tests.ps1", 5),
    ("tests/Public/Get-HbDepotDevice.Tests.ps1", 9), ("tests/Public/Get-HbUserLicense.Tests.ps1", 4),
    ("tests/Public/New-HbStarterAccount.Tests.ps1", 14), ("tests/Public/Set-HbUserOffboarded.Tests.ps1", 4),
    ("tests/Scripts/Invoke-HbOffboarding.Tests.ps1", 11), ("tests/Scripts/Sync-HbHrToEntra.Tests.ps1", 6),
]


def pester_full(files, seed):
    rng = random.Random(seed)
    files = sorted(files)
    n = sum(c for _, c in files)
    out = ["Pester v5.6.1", "", f"Starting discovery in {len(files)} files.",
           f"Discovery found {n} tests in {rng.randint(900, 1900) / 1000:.2f}s.", "Running tests."]
    tot = 0
    for f, c in files:
        ms = rng.randint(120, 380) + c * rng.randint(20, 70)
        tot += ms
        a = ms * rng.randint(55, 80) // 100
        out.append(f"[+] {W(f)} {ms}ms ({a}ms|{ms - a}ms)")
    out.append(f"Tests completed in {(tot + 2100) / 1000:.2f}s")
    out.append(f"Tests Passed: {n}, Failed: 0, Skipped: 0, Inconclusive: 0, NotRun: 0")
    return "\n".join(out)


def graph_err(cmdlet, msg, status, code, date_iso, date_http, rid=None):
    return (f"{cmdlet}: {msg}\n\nStatus: {status}\nErrorCode: {code}\nDate: {date_iso}\n\nHeaders:\n"
            "Cache-Control                 : no-cache\n"
            "Vary                          : Accept-Encoding\n"
            "Strict-Transport-Security     : max-age=31536000\n"
            f"request-id                    : {rid or guid()}\n"
            f"client-request-id             : {guid()}\n"
            'x-ms-ags-diagnostic           : {"ServerInfo":{"DataCenter":"UK South","Slice":"E","Ring":"3",'
            f'"ScaleUnit":"00{_rng[0].randint(0, 4)}","RoleInstance":"LO1PEPF0000{hx(4).upper()}"}}}}\n'
            "x-ms-resource-unit            : 1\n"
            f"Date                          : {date_http}")


def unsupported(op):
    return (f"Operator '{op}' is not supported because the required parameters might be missing. Try adding "
            "$count=true query parameter and ConsistencyLevel:eventual header. Refer to "
            "https://aka.ms/graph-docs/advanced-queries for more information")


def commit_out(branch, msg, nfiles, ins, dels=0, creates=()):
    h = hx(7)
    s = f"[{branch} {h}] {msg}\n {nfiles} file{'s' if nfiles > 1 else ''} changed, {ins} insertions(+)"
    if dels:
        s += f", {dels} deletion{'s' if dels > 1 else ''}(-)"
    for c in creates:
        s += f"\n create mode 100644 {c}"
    return s


def push_err(old, new, n, tag=None, branch="main"):
    k = n + 3
    s = (f"Enumerating objects: {k + 6}, done.\nCounting objects: 100% ({k + 6}/{k + 6}), done.\n"
         "Delta compression using up to 16 threads\n"
         f"Compressing objects: 100% ({k}/{k}), done.\n"
         f"Writing objects: 100% ({k}/{k}), {_rng[0].randint(11, 40) / 10:.2f} KiB | {_rng[0].randint(11, 40) / 10:.2f} MiB/s, done.\n"
         f"Total {k} (delta {n}), reused 0 (delta 0), pack-reused 0 (from 0)\n"
         f"remote: Analyzing objects... ({k}/{k}) ({_rng[0].randint(3, 9)} ms)\n"
         "remote: Validating commits... (1/1) done (2 ms)\n"
         f"remote: Storing packfile... done ({_rng[0].randint(30, 70)} ms)\n"
         f"remote: Storing index... done ({_rng[0].randint(30, 60)} ms)\n"
         "To https://dev.azure.com/harbrook/IT-Automation/_git/hb-automation\n"
         f"   {old}..{new}  {branch} -> {branch}")
    if tag:
        s += f"\n * [new tag]         {tag} -> {tag}"
    return s


def docs_out(date, names, new=None):
    lines = ["", f"    Directory: {W('docs/commands')}", "",
             "Mode                 LastWriteTime         Length Name",
             "----                 -------------         ------ ----"]
    rng = random.Random(date + "".join(names))
    for n in sorted(names) + ["Harbrook.Ops"]:
        lines.append(f"-a---          {date}           {rng.randint(1400, 4200):>4} {n}.md")
    return "\n".join(lines)


def runbook_test(name, job, status_lines, output, errors, ok=True):
    s = [f"Importing runbooks/{name}.ps1 into aa-hb-ops-test as draft (runtime environment PowerShell-74-Hb) ... done",
         f"Starting test job {job} ..."]
    s += [f"  status: {x}" for x in status_lines]
    s += ["", "--- Output ---"] + (output or ["(none)"])
    s += ["--- Errors ---"] + (errors or ["(none)"])
    s.append("" if ok else "")
    s.append("Test job completed." if ok else "Test job failed.")
    return "\n".join(s)


def module_not_found(ver):
    return (f"Import-Module: The specified module 'Harbrook.Ops' with version '{ver}' was not loaded because no "
            "valid module file was found in any module directory.")


def publish_automod(ver, kb):
    tmp = hx(4)
    return "\n".join([
        f"Save-PSResource Harbrook.Ops {ver} from HbFeed -> C:\\Users\\oprice\\AppData\\Local\\Temp\\hb-automod-{tmp}",
        f"Packed Harbrook.Ops.zip ({kb} KB)",
        f"Uploaded to https://sthbautomation.blob.core.windows.net/automation-modules/Harbrook.Ops-{ver}.zip",
        "Importing into aa-hb-ops-test, runtime environment PowerShell-74-Hb ...",
        "  provisioningState: Creating",
        "  provisioningState: ContentDownloaded",
        "  provisioningState: ContentValidated",
        "  provisioningState: ConnectionTypeImported",
        "  provisioningState: Succeeded",
        f"Harbrook.Ops {ver} is ready in aa-hb-ops-test (PowerShell-74-Hb)."])


def find_psresource(ver):
    return ("Name         Version Prerelease Repository Description\n"
            "----         ------- ---------- ---------- -----------\n"
            f"Harbrook.Ops {ver:<7}            HbFeed     Entra ID, Intune and Exchange Online automation for Harbrook IT.")


def runs_table(rows):
    out = ["Run ID    Number      Status      Result     Pipeline ID    Pipeline Name          Source Branch     "
           "Queued Time                 Reason",
           "--------  ----------  ----------  ---------  -------------  ---------------------  ----------------  "
           "--------------------------  ------------"]
    for rid, num, st, res, br, q in rows:
        out.append(f"{rid:<8}  {num:<10}  {st:<10}  {res:<9}  37             hb-automation-release  {br:<16}  "
                   f"{q}  individualCI")
    return "\n".join(out)


PSSA_OK = "0 rule violations found."
ANALYZE = 'pwsh -NoProfile -c "Invoke-ScriptAnalyzer -Path src -Recurse -Settings ./PSScriptAnalyzerSettings.psd1 -ReportSummary -EnableExit"'
DOCS = 'pwsh -NoProfile -c "Import-Module ./src/Harbrook.Ops/Harbrook.Ops.psd1; Update-MarkdownHelpModule -Path docs/commands -RefreshModulePage -AlphabeticParamsOrder"'
CONNECT_G = "./tools/Connect-Hb.ps1 -Graph"


def pester_cmd(rel):
    return f'pwsh -NoProfile -c "Invoke-Pester -Path {rel} -Output Detailed -CI"'


# ------------------------------------------------------------------ new module content

STALE_FN = """function Get-HbStaleDevice {
    [CmdletBinding()]
    [OutputType([pscustomobject])]
    param(
        [ValidateRange(1, 365)]
        [int]$Days = 30,

        [ValidatePattern('^[A-Z]{3}$')]
        [string]$Depot
    )
    $now = (Get-Date).ToUniversalTime()
    $cutoff = $now.AddDays(-$Days)
    $devices = Get-MgDeviceManagementManagedDevice -All -Property id, deviceName, userPrincipalName, lastSyncDateTime, operatingSystem
    if ($Depot) {
        $devices = $devices | Where-Object -FilterScript { $_.DeviceName -like "HB-$Depot-*" }
    }
    $devices |
        Where-Object -FilterScript { $_.LastSyncDateTime -lt $cutoff } |
        Sort-Object -Property LastSyncDateTime |
        ForEach-Object -Process {
            [pscustomobject]@{
                DeviceName        = $_.DeviceName
                UserPrincipalName = $_.UserPrincipalName
                LastSync          = $_.LastSyncDateTime
                DaysSinceSync     = [int][math]::Floor(($now - $_.LastSyncDateTime).TotalDays)
                OS                = $_.OperatingSystem
                Id                = $_.Id
            }
        }
}
"""

STALE_TESTS = """BeforeAll {
    Import-Module -Name "$PSScriptRoot/../../src/Harbrook.Ops/Harbrook.Ops.psd1" -Force
}

Describe 'Get-HbStaleDevice' {
    BeforeAll {
        $now = [datetime]::new(2026, 10, 5, 8, 0, 0, [System.DateTimeKind]::Utc)
        Mock -ModuleName Harbrook.Ops -CommandName Get-Date -MockWith { $now }
        Mock -ModuleName Harbrook.Ops -CommandName Get-MgDeviceManagementManagedDevice -MockWith {
            @(
                [pscustomobject]@{ Id = 'd1'; DeviceName = 'HB-CRK-SCN-014'; UserPrincipalName = 'crk.scanner14@harbrook.co.uk'; LastSyncDateTime = $now.AddDays(-41); OperatingSystem = 'Android' }
                [pscustomobject]@{ Id = 'd2'; DeviceName = 'HB-CRK-SCN-015'; UserPrincipalName = 'crk.scanner15@harbrook.co.uk'; LastSyncDateTime = $now.AddDays(-2); OperatingSystem = 'Android' }
                [pscustomobject]@{ Id = 'd3'; DeviceName = 'HB-DAV-LT-0231'; UserPrincipalName = 'r.singh@harbrook.co.uk'; LastSyncDateTime = $now.AddDays(-33); OperatingSystem = 'Windows' }
            )
        }
    }

    It 'returns devices whose last sync is older than the threshold, oldest first' {
        (Get-HbStaleDevice).DeviceName | Should -Be @('HB-CRK-SCN-014', 'HB-DAV-LT-0231')
    }

    It 'honours -Days' {
        (Get-HbStaleDevice -Days 40).DeviceName | Should -Be 'HB-CRK-SCN-014'
    }

    It 'filters by depot code' {
        (Get-HbStaleDevice -Depot DAV).DeviceName | Should -Be 'HB-DAV-LT-0231'
    }

    It 'reports whole days since the last sync' {
        (Get-HbStaleDevice -Depot CRK).DaysSinceSync | Should -Be 41
    }
}
"""

CATEGORY_FN = """function Set-HbDeviceCategory {
    [CmdletBinding()]
    param(
        [Parameter(Mandatory, ValueFromPipelineByPropertyName)]
        [Alias('Id')]
        [string]$ManagedDeviceId,

        [Parameter(Mandatory)]
        [string]$Category
    )
    begin {
        $categories = @{}
        Get-MgDeviceManagementDeviceCategory -All | ForEach-Object -Process { $categories[$_.DisplayName] = $_.Id }
        if (-not $categories.ContainsKey($Category)) {
            throw "Device category '$Category' does not exist in Intune. Known: $($categories.Keys -join ', ')"
        }
    }
    process {
        $ref = @{ '@odata.id' = "https://graph.microsoft.com/v1.0/deviceManagement/deviceCategories/$($categories[$Category])" }
        Set-MgDeviceManagementManagedDeviceCategoryByRef -ManagedDeviceId $ManagedDeviceId -BodyParameter $ref
    }
}
"""

CATEGORY_TESTS = """BeforeAll {
    Import-Module -Name "$PSScriptRoot/../../src/Harbrook.Ops/Harbrook.Ops.psd1" -Force
}

Describe 'Set-HbDeviceCategory' {
    BeforeAll {
        Mock -ModuleName Harbrook.Ops -CommandName Get-MgDeviceManagementDeviceCategory -MockWith {
            @(
                [pscustomobject]@{ Id = 'c-scn'; DisplayName = 'Depot scanner' }
                [pscustomobject]@{ Id = 'c-kio'; DisplayName = 'Depot kiosk' }
            )
        }
        Mock -ModuleName Harbrook.Ops -CommandName Set-MgDeviceManagementManagedDeviceCategoryByRef
    }

    It 'sets the category by reference' {
        Set-HbDeviceCategory -ManagedDeviceId 'd1' -Category 'Depot scanner'
        Should -Invoke -ModuleName Harbrook.Ops -CommandName Set-MgDeviceManagementManagedDeviceCategoryByRef -Times 1 -ParameterFilter {
            $ManagedDeviceId -eq 'd1' -and $BodyParameter.'@odata.id' -like '*/deviceCategories/c-scn'
        }
    }

    It 'takes devices from the pipeline' {
        @([pscustomobject]@{ Id = 'd1' }, [pscustomobject]@{ Id = 'd2' }) | Set-HbDeviceCategory -Category 'Depot kiosk'
        Should -Invoke -ModuleName Harbrook.Ops -CommandName Set-MgDeviceManagementManagedDeviceCategoryByRef -Times 2 -Exactly
    }

    It 'throws for an unknown category' {
        { Set-HbDeviceCategory -ManagedDeviceId 'd1' -Category 'Forklift' } | Should -Throw "*does not exist in Intune*"
    }

    It 'changes nothing with -WhatIf' {
        Set-HbDeviceCategory -ManagedDeviceId 'd1' -Category 'Depot scanner' -WhatIf
        Should -Invoke -ModuleName Harbrook.Ops -CommandName Set-MgDeviceManagementManagedDeviceCategoryByRef -Times 0 -Exactly
    }
}
"""

AUTOREPLY_FN = """function Set-HbMailboxAutoReply {
    [CmdletBinding(SupportsShouldProcess)]
    param(
        [Parameter(Mandatory)]
        [string]$Identity,

        [Parameter(Mandatory)]
        [string]$ContactName,

        [Parameter(Mandatory)]
        [string]$ContactAddress,

        [datetime]$EndTime = (Get-Date).AddDays(90)
    )
    $message = @"
<p>Thank you for your email. This person no longer works at Harbrook Logistics.</p>
<p>Please contact $ContactName (<a href="mailto:$ContactAddress">$ContactAddress</a>) instead.</p>
"@
    $params = @{
        Identity         = $Identity
        AutoReplyState   = 'Scheduled'
        StartTime        = (Get-Date)
        EndTime          = $EndTime
        InternalMessage  = $message
        ExternalMessage  = $message
        ExternalAudience = 'All'
    }
    if ($PSCmdlet.ShouldProcess($Identity, "Leaver auto-reply pointing to $ContactAddress until $($EndTime.ToString('yyyy-MM-dd'))")) {
        Set-MailboxAutoReplyConfiguration @params
    }
}
"""

AUTOREPLY_TESTS = """BeforeAll {
    # Exchange Online cmdlets only exist after Connect-ExchangeOnline; give Pester something to mock.
    function global:Set-MailboxAutoReplyConfiguration {
        param($Identity, $AutoReplyState, $StartTime, $EndTime, $InternalMessage, $ExternalMessage, $ExternalAudience)
    }
    Import-Module -Name "$PSScriptRoot/../../src/Harbrook.Ops/Harbrook.Ops.psd1" -Force
}

AfterAll {
    Remove-Item -Path Function:\\Set-MailboxAutoReplyConfiguration
}

Describe 'Set-HbMailboxAutoReply' {
    BeforeAll {
        Mock -ModuleName Harbrook.Ops -CommandName Set-MailboxAutoReplyConfiguration
    }

    It 'schedules the auto-reply for internal and external senders' {
        Set-HbMailboxAutoReply -Identity 'p.kowalczyk@harbrook.co.uk' -ContactName 'Sam Bennett' -ContactAddress 's.bennett@harbrook.co.uk'
        Should -Invoke -ModuleName Harbrook.Ops -CommandName Set-MailboxAutoReplyConfiguration -Times 1 -ParameterFilter {
            $AutoReplyState -eq 'Scheduled' -and $ExternalAudience -eq 'All' -and $ExternalMessage -like '*s.bennett@harbrook.co.uk*'
        }
    }

    It 'ends after 90 days by default' {
        Set-HbMailboxAutoReply -Identity 'x@harbrook.co.uk' -ContactName 'A' -ContactAddress 'a@harbrook.co.uk'
        Should -Invoke -ModuleName Harbrook.Ops -CommandName Set-MailboxAutoReplyConfiguration -ParameterFilter {
            [int]($EndTime - $StartTime).TotalDays -eq 90
        }
    }

    It 'does nothing with -WhatIf' {
        Set-HbMailboxAutoReply -Identity 'x@harbrook.co.uk' -ContactName 'A' -ContactAddress 'a@harbrook.co.uk' -WhatIf
        Should -Invoke -ModuleName Harbrook.Ops -CommandName Set-MailboxAutoReplyConfiguration -Times 0 -Exactly
    }
}
"""

OFFICE_FN = """function Get-HbDepotOfficeMember {
    [CmdletBinding()]
    [OutputType([pscustomobject])]
    param(
        [Parameter(Mandatory)]
        [ValidatePattern('^[A-Z]{3}$')]
        [string]$Depot,

        [switch]$IncludeDisabled
    )
    $group = Get-MgGroup -Filter "displayName eq 'gg-depot-$Depot-office'" -Property id, displayName
    if (-not $group) {
        throw "No office group gg-depot-$Depot-office"
    }
    Get-MgGroupMemberAsUser -GroupId $group.Id -All -Property id, displayName, userPrincipalName, accountEnabled |
        Where-Object -FilterScript { $IncludeDisabled -or $_.AccountEnabled } |
        Sort-Object -Property DisplayName |
        ForEach-Object -Process {
            [pscustomobject]@{
                DisplayName       = $_.DisplayName
                UserPrincipalName = $_.UserPrincipalName
                AccountEnabled    = $_.AccountEnabled
                Id                = $_.Id
            }
        }
}
"""

OFFICE_TESTS = """BeforeAll {
    Import-Module -Name "$PSScriptRoot/../../src/Harbrook.Ops/Harbrook.Ops.psd1" -Force
}

Describe 'Get-HbDepotOfficeMember' {
    BeforeAll {
        Mock -ModuleName Harbrook.Ops -CommandName Get-MgGroup -MockWith { [pscustomobject]@{ Id = 'g-crk'; DisplayName = 'gg-depot-CRK-office' } }
        Mock -ModuleName Harbrook.Ops -CommandName Get-MgGroupMemberAsUser -MockWith {
            @(
                [pscustomobject]@{ Id = 'u1'; DisplayName = 'Tom Reid'; UserPrincipalName = 't.reid@harbrook.co.uk'; AccountEnabled = $true }
                [pscustomobject]@{ Id = 'u2'; DisplayName = 'Jordan Hale'; UserPrincipalName = 'j.hale@harbrook.co.uk'; AccountEnabled = $false }
                [pscustomobject]@{ Id = 'u3'; DisplayName = 'Amara Nwosu'; UserPrincipalName = 'amara.nwosu@harbrook.co.uk'; AccountEnabled = $true }
            )
        }
    }

    It 'returns enabled members sorted by name' {
        (Get-HbDepotOfficeMember -Depot CRK).UserPrincipalName | Should -Be @('amara.nwosu@harbrook.co.uk', 't.reid@harbrook.co.uk')
    }

    It 'includes disabled members when asked' {
        (Get-HbDepotOfficeMember -Depot CRK -IncludeDisabled).Count | Should -Be 3
    }

    It 'looks the group up by its depot name' {
        Get-HbDepotOfficeMember -Depot CRK | Out-Null
        Should -Invoke -ModuleName Harbrook.Ops -CommandName Get-MgGroup -ParameterFilter { $Filter -eq "displayName eq 'gg-depot-CRK-office'" }
    }

    It 'throws when the depot has no office group' {
        Mock -ModuleName Harbrook.Ops -CommandName Get-MgGroup
        { Get-HbDepotOfficeMember -Depot XXX } | Should -Throw 'No office group gg-depot-XXX-office'
    }
}
"""

CATEGORY_RUNBOOK = """<#
    Runbook: Set-HbDepotDeviceCategory (aa-hb-ops-test / prod), nightly 02:15.
    Gives every depot scanner and kiosk the matching Intune device category so the category-based
    filters in the app assignment policies pick them up.
#>
param(
    [string[]]$Depot = @('CRK', 'DAV', 'WLV', 'SHF', 'AVO', 'DUB')
)
$ErrorActionPreference = 'Stop'
Import-Module -Name Harbrook.Ops -MinimumVersion 1.10.0
Connect-MgGraph -Identity -NoWelcome

$map = @{ Scanner = 'Depot scanner'; Kiosk = 'Depot kiosk' }
foreach ($code in $Depot) {
    foreach ($kind in $map.Keys) {
        $devices = @(Get-HbDepotDevice -Depot $code -Kind $kind | Where-Object -FilterScript { $_.DeviceCategoryDisplayName -ne $map[$kind] })
        Write-Output "${code} ${kind}: $($devices.Count) device(s) to categorise"
        $devices | Set-HbDeviceCategory -Category $map[$kind]
    }
}
"""


# ------------------------------------------------------------------ sessions

def s1(d):
    with d.session("2026-10-05T08:21:00", R, branch="main", version="2.1.171"):
        win_session(d)
        t = d.task("morning. new to this repo, Tom built most of it before he moved to the network team. give me the "
                   "lay of the land: module layout, how it gets tested and released, where the runbooks fit",
                   tags=["noise"])
        t.read(W("README.md"))
        t.glob("src/Harbrook.Ops/**/*.ps1", [
            W("src/Harbrook.Ops/Private/ConvertTo-HbUpn.ps1"), W("src/Harbrook.Ops/Private/Resolve-HbDepot.ps1"),
            W("src/Harbrook.Ops/Public/Add-HbDriverToDeviceGroup.ps1"), W("src/Harbrook.Ops/Public/Connect-HbService.ps1"),
            W("src/Harbrook.Ops/Public/Get-HbDepotDevice.ps1"), W("src/Harbrook.Ops/Public/Get-HbUserLicense.ps1"),
            W("src/Harbrook.Ops/Public/New-HbStarterAccount.ps1"), W("src/Harbrook.Ops/Public/Set-HbUserOffboarded.ps1")])
        t.read(W("src/Harbrook.Ops/Harbrook.Ops.psd1"))
        t.read(W("src/Harbrook.Ops/Harbrook.Ops.psm1"))
        t.read(W("build.ps1"))
        t.read(W("azure-pipelines.yml"))
        t.glob("runbooks/*.ps1", [W("runbooks/Set-HbSharedMailboxPermissions.ps1"), W("runbooks/Sync-HbDriverGroups.ps1")])
        t.done("Here's how the repo fits together:\n\n"
               "**Module** `src/Harbrook.Ops`: one function per file. There are 6 public cmdlets in `Public/` and 2 "
               "helpers in `Private/` (`ConvertTo-HbUpn`, `Resolve-HbDepot`). The `.psm1` dot-sources both folders "
               "and exports the `Public/` names. The manifest also has an explicit `FunctionsToExport` list, and that "
               "list decides what's visible from outside. PS 7.4 / Core only. The Graph 2.24 sub-modules are "
               "`RequiredModules`. ExchangeOnlineManagement and Az aren't, so the scripts load those themselves.\n\n"
               "**Quality gates** (`build.ps1`): `Analyze` runs PSScriptAnalyzer over `src/` only (scripts/ and "
               "runbooks/ aren't covered) with `PSScriptAnalyzerSettings.psd1`. `Test` runs Pester 5 over `tests/` "
               "with NUnit results in `out/`. `Docs` runs platyPS `Update-MarkdownHelpModule` into `docs/commands`.\n\n"
               "**Release** (`azure-pipelines.yml`): a `v*` tag runs Build (bootstrap, analyze, test on "
               "windows-latest), then Publish (`Publish-PSResource` to the Azure Artifacts feed `HbFeed` using the "
               "build token), then DeployProd. DeployProd waits for approval on the `hb-automation-prod` environment "
               "and imports the module into the prod Automation account. PRs into main only run Build.\n\n"
               "**Runbooks** (`runbooks/`): `Sync-HbDriverGroups` (hourly, scanners into depot device groups) and "
               "`Set-HbSharedMailboxPermissions` (daily, FullAccess on dispatch mailboxes). They run on the "
               "PowerShell 7.4 runtime environment with the managed identity and `Import-Module Harbrook.Ops "
               "-MinimumVersion …`, so they use whatever module version is in the Automation account, not the repo.\n\n"
               "**Scripts** (`scripts/`): offboarding and the HR starters sync. The service desk runs them by hand. "
               "Auth is app-only through `tools/Connect-Hb.ps1` with the `CN=hb-automation-dev` cert.")

        sf = W("src/Harbrook.Ops/Public/Get-HbStaleDevice.ps1")
        tf = W("tests/Public/Get-HbStaleDevice.Tests.ps1")
        t = d.task("new cmdlet Get-HbStaleDevice: intune managed devices that haven't synced for N days (default 30), "
                   "optional -Depot using the depot code in the device name (HB-CRK-...). output DeviceName, upn, "
                   "last sync, days since, OS. pester tests with the graph call mocked. no aliases anywhere in module "
                   "code, spell out Where-Object / ForEach-Object. usual drill after: analyzer, tests, docs, commit",
                   tags=["mistake:M1", "workflow:W1", "pref:P1"])
        t.write(sf, STALE_FN)
        t.write(tf, STALE_TESTS)
        t.bash(ANALYZE, "PSScriptAnalyzer over src", out=PSSA_OK)
        fl = lambda ln: not_recognized("Get-HbStaleDevice") + [f"at <ScriptBlock>, {tf}:{ln}"]
        body, nf = pester_detailed("tests/Public/Get-HbStaleDevice.Tests.ps1", [("Get-HbStaleDevice", [
            ("returns devices whose last sync is older than the threshold, oldest first", 31,
             fl(lineno(STALE_TESTS, "(Get-HbStaleDevice).DeviceName"))),
            ("honours -Days", 6, fl(lineno(STALE_TESTS, "(Get-HbStaleDevice -Days 40)"))),
            ("filters by depot code", 5, fl(lineno(STALE_TESTS, "(Get-HbStaleDevice -Depot DAV)"))),
            ("reports whole days since the last sync", 5, fl(lineno(STALE_TESTS, "(Get-HbStaleDevice -Depot CRK)")))])],
            "1.18s", 141)
        t.fail(pester_cmd("tests/Public/Get-HbStaleDevice.Tests.ps1"), "Run the new Pester tests", body, code=nf)
        t.say("The mocks were set up fine, but the test can't see the function at all. The .psm1 exports "
              "everything in Public/, and the manifest's explicit `FunctionsToExport` list filters that, so a new "
              "public file isn't visible until it's listed there.")
        t.read(W("src/Harbrook.Ops/Harbrook.Ops.psd1"))
        add_export(d, t, "Get-HbStaleDevice")
        ok_blocks = [("Get-HbStaleDevice", [
            ("returns devices whose last sync is older than the threshold, oldest first", 48, None),
            ("honours -Days", 9, None), ("filters by depot code", 7, None),
            ("reports whole days since the last sync", 6, None)])]
        t.bash(pester_cmd("tests/Public/Get-HbStaleDevice.Tests.ps1"), "Run the Pester tests again",
               out=pester_detailed("tests/Public/Get-HbStaleDevice.Tests.ps1", ok_blocks, "1.34s", 138)[0])
        t.bash(DOCS, "Regenerate the platyPS help", out=docs_out("05/10/2026    09:12", d.exports))
        t.bash("git add src/Harbrook.Ops tests/Public/Get-HbStaleDevice.Tests.ps1 docs/commands && "
               "git commit -m \"Add Get-HbStaleDevice (Intune devices not synced for N days)\"",
               "Commit the new cmdlet",
               out=commit_out("main", "Add Get-HbStaleDevice (Intune devices not synced for N days)", 5, 142, 1,
                              ["docs/commands/Get-HbStaleDevice.md", "src/Harbrook.Ops/Public/Get-HbStaleDevice.ps1",
                               "tests/Public/Get-HbStaleDevice.Tests.ps1"]))
        t.done("Committed. Summary:\n"
               "- `Get-HbStaleDevice [-Days 30] [-Depot CRK]` pulls managed devices with only the 5 properties it "
               "needs. `-Depot` matches `HB-<code>-*`. Results come back oldest sync first as objects with "
               "DeviceName, UserPrincipalName, LastSync, DaysSinceSync, OS and Id (Id so you can pipe it into other "
               "Graph calls). No aliases: `Where-Object -FilterScript`, `ForEach-Object -Process`, `Sort-Object "
               "-Property`.\n"
               "- 4 Pester tests, with `Get-MgDeviceManagementManagedDevice` and `Get-Date` mocked in module scope.\n"
               "- The first test run failed with `CommandNotFoundException`: the function wasn't in the manifest's "
               "`FunctionsToExport`. It's added now (the list is alphabetical) and all 4 tests pass.\n"
               "- Analyzer is clean. `docs/commands/Get-HbStaleDevice.md` was generated, but the synopsis and "
               "examples are still platyPS placeholders (`{{ Fill in the Synopsis }}`).")

        t = d.task("quick one: for ~40k intune devices is .Where({}) really faster than Where-Object or is that a "
                   "myth", tags=["noise", "no_tools"])
        t.done("It's real. The reason is the pipeline, not the filtering itself.\n\n"
               "- `Where-Object` runs the scriptblock once per object through the pipeline, with parameter binding "
               "and a new scope each time. On 40k objects that usually costs a few hundred ms up to a second.\n"
               "- `.Where({ })` runs on a collection that's already in memory, with no pipeline, and is typically "
               "5–10× faster. It also has modes: `.Where({ … }, 'First')` and `'Split'`.\n"
               "- Plain `foreach ($d in $devices) { if (…) { $d } }` is about as fast again.\n\n"
               "But in `Get-HbStaleDevice` the Graph paging (`-All`, 1,000 per page, so 40 round trips) takes "
               "seconds, and the filtering is noise next to it. I'd keep `Where-Object` there for readability and "
               "streaming. `.Where()` needs the whole collection in memory first, which we have anyway, but it buys "
               "nothing you'd notice.")


def s2(d):
    with d.session("2026-10-07T08:47:00", R, branch="main", version="2.1.172"):
        win_session(d)
        t = d.task("how many users still have a tarrantfreight.co.uk primary mail? break it down by department, "
                   "just the numbers", tags=["mistake:M2"])
        q = ("pwsh -NoProfile -c \"" + CONNECT_G + "; Get-MgUser -Filter \\\"endswith(mail,'@tarrantfreight.co.uk')\\\" "
             "-All -Property displayName,mail,department{} | Group-Object -Property Department | "
             "Sort-Object -Property Count -Descending | Format-Table -Property Count,Name -AutoSize\"")
        t.fail(q.format(""), "Count users with a tarrantfreight.co.uk mail by department",
               graph_err("Get-MgUser_List", unsupported("endsWith"), "400 (BadRequest)", "Request_UnsupportedQuery",
                         "2026-10-07T07:52:31", "Wed, 07 Oct 2026 07:52:31 GMT"), code=1)
        t.say("`endsWith` on `mail` is one of Entra ID's advanced queries. Graph only accepts it with the "
              "`ConsistencyLevel: eventual` header and `$count=true`, which in the SDK are `-ConsistencyLevel "
              "eventual` plus `-CountVariable`. Same query with those.")
        t.bash(q.format(" -ConsistencyLevel eventual -CountVariable tarrantCount"),
               "Same query as an advanced query (ConsistencyLevel eventual + count)",
               out="\nCount Name\n----- ----\n   61 Transport Planning\n   38 Warehouse Operations\n"
                   "   22 Fleet Maintenance\n   17 Customer Services\n   11 Finance\n    9 \n    6 HR\n    4 IT\n"
                   "    2 Sales\n")
        t.done("170 users still have a `@tarrantfreight.co.uk` primary mail:\n\n"
               "| department | users |\n|---|---|\n| Transport Planning | 61 |\n| Warehouse Operations | 38 |\n"
               "| Fleet Maintenance | 22 |\n| Customer Services | 17 |\n| Finance | 11 |\n| (no department) | 9 |\n"
               "| HR | 6 |\n| IT | 4 |\n| Sales | 2 |\n\n"
               "The 9 without a department are probably the shared/service accounts from the Tarrant tenant "
               "migration. Note that `endsWith` on mail only works as an advanced query "
               "(`-ConsistencyLevel eventual -CountVariable …`). Without that Graph returns a 400.")

        off = W("scripts/Invoke-HbOffboarding.ps1")
        t = d.task("leaver: j.hale@harbrook.co.uk, last day was friday, RITM0048213. his manager s.bennett wants "
                   "acces to the mailbox. do the offboarding", tags=["workflow:W3"])
        t.read(off)
        t.say("Tom's script handles the whole thing (disable + revoke, shared mailbox, manager FullAccess, "
              "licences, stamp). I'll do a dry run first.")
        t.bash("pwsh -NoProfile -File ./scripts/Invoke-HbOffboarding.ps1 -UserPrincipalName j.hale@harbrook.co.uk "
               "-Ticket RITM0048213 -ManagerAccess s.bennett@harbrook.co.uk -WhatIf", "Dry run of the offboarding",
               out="Offboarding Jordan Hale (j.hale@harbrook.co.uk), ticket RITM0048213\n"
                   'What if: Performing the operation "Disable account and revoke sessions" on target "j.hale@harbrook.co.uk".\n'
                   'What if: Performing the operation "Convert mailbox to shared and hide from GAL" on target "j.hale@harbrook.co.uk".\n'
                   'What if: Performing the operation "Grant FullAccess to s.bennett@harbrook.co.uk" on target "j.hale@harbrook.co.uk".\n'
                   'What if: Performing the operation "Remove licences SPE_E3" on target "j.hale@harbrook.co.uk".\n'
                   'What if: Performing the operation "Set extensionAttribute15 = \'offboarded 2026-10-07 RITM0048213\'" '
                   'on target "8d0c5e21-7b4a-4f3e-a1d9-2c6b0f8e9a47".\nDone.')
        t.bash("pwsh -NoProfile -File ./scripts/Invoke-HbOffboarding.ps1 -UserPrincipalName j.hale@harbrook.co.uk "
               "-Ticket RITM0048213 -ManagerAccess s.bennett@harbrook.co.uk", "Run the offboarding for real",
               out="Offboarding Jordan Hale (j.hale@harbrook.co.uk), ticket RITM0048213\nDone.")
        t.bash("pwsh -NoProfile -c \"./tools/Connect-Hb.ps1 -Graph -Exchange; Get-MgUser -UserId j.hale@harbrook.co.uk "
               "-Property displayName,accountEnabled | Format-List -Property DisplayName,AccountEnabled; "
               "Get-EXOMailbox -Identity j.hale@harbrook.co.uk -Properties HiddenFromAddressListsEnabled | "
               "Format-List -Property RecipientTypeDetails,HiddenFromAddressListsEnabled; "
               "Get-EXOMailboxPermission -Identity j.hale@harbrook.co.uk | Where-Object -FilterScript { \\$_.User -like '*@*' } | "
               "Format-Table -Property User,AccessRights -AutoSize\"", "Check account, mailbox type and permissions",
               out="\nDisplayName    : Jordan Hale\nAccountEnabled : False\n\n\n"
                   "RecipientTypeDetails          : SharedMailbox\nHiddenFromAddressListsEnabled : True\n\n\n"
                   "User                     AccessRights\n----                     ------------\n"
                   "s.bennett@harbrook.co.uk {FullAccess}\n")
        t.done("Jordan Hale is offboarded (RITM0048213):\n"
               "- Account disabled, sessions revoked.\n"
               "- Mailbox is now a shared mailbox, hidden from the GAL. s.bennett has FullAccess without automapping, "
               "so he has to add it in Outlook by hand (File → Account settings → more settings → Advanced, or it "
               "shows up in OWA under \"open another mailbox\").\n"
               "- SPE_E3 licence removed, `extensionAttribute15` stamped with `offboarded 2026-10-07 RITM0048213`.\n"
               "I checked all of that afterwards.")

        t = d.task("the offboarding script is dead quiet while it runs and the service desk guys think it hung. "
                   "give it progress output with Write-Host in colour: green for done steps, yellow for skipped ones",
                   tags=["pref:P3"])
        t.edit(off, 'Write-Output "Offboarding $($user.DisplayName) ($UserPrincipalName), ticket $Ticket"\n',
               'Write-Host "Offboarding $($user.DisplayName) ($UserPrincipalName), ticket $Ticket" -ForegroundColor Cyan\n')
        t.edit(off, "    Revoke-MgUserSignInSession -UserId $user.Id | Out-Null\n}\n",
               "    Revoke-MgUserSignInSession -UserId $user.Id | Out-Null\n"
               "    Write-Host '  [ok]   account disabled, sessions revoked' -ForegroundColor Green\n}\n")
        t.edit(off, "-CustomAttribute10 \"offboarded $Ticket\"\n}\n",
               "-CustomAttribute10 \"offboarded $Ticket\"\n"
               "    Write-Host '  [ok]   mailbox converted to shared, hidden from GAL' -ForegroundColor Green\n}\n")
        t.edit(off, """if ($ManagerAccess -and $PSCmdlet.ShouldProcess($UserPrincipalName, "Grant FullAccess to $ManagerAccess")) {
    Add-MailboxPermission -Identity $UserPrincipalName -User $ManagerAccess -AccessRights FullAccess -InheritanceType All -AutoMapping $false | Out-Null
}

if ($ForwardTo -and $PSCmdlet.ShouldProcess($UserPrincipalName, "Forward mail to $ForwardTo")) {
    Set-Mailbox -Identity $UserPrincipalName -ForwardingSmtpAddress "smtp:$ForwardTo" -DeliverToMailboxAndForward $true
}

$licenses = @(Get-HbUserLicense -UserId $user.Id)
if ($licenses -and $PSCmdlet.ShouldProcess($UserPrincipalName, "Remove licences $($licenses.SkuPartNumber -join ', ')")) {
    Set-MgUserLicense -UserId $user.Id -AddLicenses @() -RemoveLicenses $licenses.SkuId | Out-Null
}

Set-HbUserOffboarded -UserId $user.Id -Ticket $Ticket
Write-Output 'Done.'
""", """if (-not $ManagerAccess) {
    Write-Host '  [skip] no manager access requested' -ForegroundColor Yellow
}
elseif ($PSCmdlet.ShouldProcess($UserPrincipalName, "Grant FullAccess to $ManagerAccess")) {
    Add-MailboxPermission -Identity $UserPrincipalName -User $ManagerAccess -AccessRights FullAccess -InheritanceType All -AutoMapping $false | Out-Null
    Write-Host "  [ok]   FullAccess for $ManagerAccess" -ForegroundColor Green
}

if (-not $ForwardTo) {
    Write-Host '  [skip] no forwarding requested' -ForegroundColor Yellow
}
elseif ($PSCmdlet.ShouldProcess($UserPrincipalName, "Forward mail to $ForwardTo")) {
    Set-Mailbox -Identity $UserPrincipalName -ForwardingSmtpAddress "smtp:$ForwardTo" -DeliverToMailboxAndForward $true
    Write-Host "  [ok]   forwarding to $ForwardTo" -ForegroundColor Green
}

$licenses = @(Get-HbUserLicense -UserId $user.Id)
if (-not $licenses) {
    Write-Host '  [skip] no licences assigned' -ForegroundColor Yellow
}
elseif ($PSCmdlet.ShouldProcess($UserPrincipalName, "Remove licences $($licenses.SkuPartNumber -join ', ')")) {
    Set-MgUserLicense -UserId $user.Id -AddLicenses @() -RemoveLicenses $licenses.SkuId | Out-Null
    Write-Host "  [ok]   removed licences $($licenses.SkuPartNumber -join ', ')" -ForegroundColor Green
}

Set-HbUserOffboarded -UserId $user.Id -Ticket $Ticket -WhatIf:$WhatIfPreference
Write-Host 'Done.' -ForegroundColor Green
""")
        t.done("The offboarding script now prints progress with `Write-Host`:\n"
               "- a cyan header line with name, UPN and ticket\n"
               "- a green `[ok]` after each step that ran\n"
               "- a yellow `[skip]` when there's no manager access, no forwarding or no licences\n\n"
               "I also fixed something I noticed: `Set-HbUserOffboarded` now gets `-WhatIf:$WhatIfPreference`. A "
               "module function doesn't inherit the script's WhatIf preference, so until now a `-WhatIf` dry run "
               "would still have written the offboarding stamp. Monday's run for Jordan Hale was a real run anyway, "
               "so nothing went wrong. Note: PSAvoidUsingWriteHost would flag this, but `build.ps1 -Task Analyze` "
               "only covers `src/`.")


def s3(d):
    with d.session("2026-10-09T12:58:00", R, branch="feature/hr-sync-upn", version="2.1.173"):
        win_session(d)
        hr = W("scripts/Sync-HbHrToEntra.ps1")
        t = d.task("the HR starters sync builds UPNs with its own copy-pasted logic instead of ConvertTo-HbUpn. make "
                   "ConvertTo-HbUpn public and have the sync use it, then dry run it on this week's export "
                   "(data/hr/starters-2026-10-09.csv)", tags=["mistake:M1"])
        t.read(hr)
        t.read(W("src/Harbrook.Ops/Private/ConvertTo-HbUpn.ps1"))
        t.bash("git mv src/Harbrook.Ops/Private/ConvertTo-HbUpn.ps1 src/Harbrook.Ops/Public/ConvertTo-HbUpn.ps1 && "
               "git mv tests/Private/ConvertTo-HbUpn.Tests.ps1 tests/Public/ConvertTo-HbUpn.Tests.ps1 && git status --short",
               "Move the function and its tests to Public",
               out="R  src/Harbrook.Ops/Private/ConvertTo-HbUpn.ps1 -> src/Harbrook.Ops/Public/ConvertTo-HbUpn.ps1\n"
                   "R  tests/Private/ConvertTo-HbUpn.Tests.ps1 -> tests/Public/ConvertTo-HbUpn.Tests.ps1")
        d.files[W("src/Harbrook.Ops/Public/ConvertTo-HbUpn.ps1")] = d.files.pop(W("src/Harbrook.Ops/Private/ConvertTo-HbUpn.ps1"))
        upt = W("tests/Public/ConvertTo-HbUpn.Tests.ps1")
        d.files[upt] = d.files.pop(W("tests/Private/ConvertTo-HbUpn.Tests.ps1"))
        t.read(upt)
        t.edit(upt, '    . "$PSScriptRoot/../../src/Harbrook.Ops/Private/ConvertTo-HbUpn.ps1"\n',
               '    Import-Module -Name "$PSScriptRoot/../../src/Harbrook.Ops/Harbrook.Ops.psd1" -Force\n')
        old_upn = """    $local = ('{0}.{1}' -f $row.FirstName.Trim(), $row.LastName.Trim()).ToLowerInvariant() -replace '\\s+', '-'
    $upn = '{0}@harbrook.co.uk' -f ($local -replace '[^a-z0-9.\\-]', '')
"""
        t.edit(hr, old_upn, "    $upn = ConvertTo-HbUpn -GivenName $row.FirstName -Surname $row.LastName\n")
        cmd = "pwsh -NoProfile -File ./scripts/Sync-HbHrToEntra.ps1 -CsvPath ./data/hr/starters-2026-10-09.csv -WhatIf"
        ln = lineno(d.files[hr], "$upn = ConvertTo-HbUpn")
        t.fail(cmd, "Dry run of the HR sync with this week's export",
               "Read 6 starter rows from ./data/hr/starters-2026-10-09.csv\n"
               f"ConvertTo-HbUpn: {hr}:{ln}\nLine |\n"
               f"  {ln} |      $upn = ConvertTo-HbUpn -GivenName $row.FirstName -Surname $row.LastNa …\n"
               "     |             ~~~~~~~~~~~~~~~\n"
               "     | The term 'ConvertTo-HbUpn' is not recognized as a name of a cmdlet, function, script file, or executable program.\n"
               "     | Check the spelling of the name, or if a path was included, verify that the path is correct and try again.",
               code=1)
        t.say("The move alone isn't enough: the module only exports what's in the manifest's FunctionsToExport.")
        t.read(W("src/Harbrook.Ops/Harbrook.Ops.psd1"))
        add_export(d, t, "ConvertTo-HbUpn")
        t.bash(cmd, "Dry run again",
               out="Read 6 starter rows from ./data/hr/starters-2026-10-09.csv\n"
                   'What if: Performing the operation "Create starter account (DAV, Transport Planner, starts 2026-10-19)" on target "amara.nwosu@harbrook.co.uk".\n'
                   'What if: Performing the operation "Create starter account (CRK, Warehouse Operative, starts 2026-10-19)" on target "kyle.barnes@harbrook.co.uk".\n'
                   "  exists   lee.ward@harbrook.co.uk\n"
                   'What if: Performing the operation "Create starter account (WLV, Fleet Technician, starts 2026-10-26)" on target "zo.mller-ztrk@harbrook.co.uk".\n'
                   'What if: Performing the operation "Create starter account (DAV, Customer Services Advisor, starts 2026-10-26)" on target "mary-ann.le-roux@harbrook.co.uk".\n'
                   'What if: Performing the operation "Create starter account (DUB, Driver, starts 2026-11-02)" on target "sean.oneill@harbrook.co.uk".')
        t.bash(pester_cmd("tests/Public/ConvertTo-HbUpn.Tests.ps1"), "Run the moved ConvertTo-HbUpn tests",
               out=pester_detailed("tests/Public/ConvertTo-HbUpn.Tests.ps1", [("ConvertTo-HbUpn", [
                   ("joins given name and surname with a dot", 22, None),
                   ("turns spaces in double-barrelled names into hyphens", 4, None),
                   ("drops apostrophes", 3, None), ("uses another domain when asked", 3, None)])], "842ms", 97)[0])
        t.done("`ConvertTo-HbUpn` is public now: moved to `Public/` (tests too, they import the module now instead "
               "of dot-sourcing the file) and added to `FunctionsToExport`. Without that, the first dry run failed "
               "with \"not recognized\". The sync calls it instead of its own copy.\n\n"
               "Dry run on this week's export: 5 would be created, `lee.ward` already exists. But look at the WLV "
               "starter: **`zo.mller-ztrk@harbrook.co.uk`**. The function (and the old copy in the sync) throws away "
               "every non-ASCII letter, so Zoë Müller-Öztürk loses her ë, ü, Ö and ü. That's an old bug, not a new "
               "one. I'd fix it before Monday's real run. Nothing committed yet.")

        up = W("src/Harbrook.Ops/Public/ConvertTo-HbUpn.ps1")
        t = d.task("yeah that zo.mller-ztrk one is embarrassing. make ConvertTo-HbUpn strip accents to the plain "
                   "letter (ë->e, ü->u, ø->o, ł->l etc), test cases first, then commit both changes",
                   tags=["oneoff:O2"])
        t.edit(upt, """    It 'uses another domain when asked' {""", """    It 'strips diacritics to the base letter' {
        ConvertTo-HbUpn -GivenName 'Zoë' -Surname 'Müller-Öztürk' | Should -Be 'zoe.muller-ozturk@harbrook.co.uk'
    }

    It 'maps letters that do not decompose' {
        ConvertTo-HbUpn -GivenName 'Łukasz' -Surname 'Søndergård' | Should -Be 'lukasz.sondergard@harbrook.co.uk'
    }

    It 'uses another domain when asked' {""")
        pc = pester_cmd("tests/Public/ConvertTo-HbUpn.Tests.ps1")
        ln1 = lineno(d.files[upt], "ConvertTo-HbUpn -GivenName 'Zoë'")
        ln2 = lineno(d.files[upt], "ConvertTo-HbUpn -GivenName 'Łukasz'")
        e1, a1 = "zoe.muller-ozturk@harbrook.co.uk", "zo.mller-ztrk@harbrook.co.uk"
        e2, a2 = "lukasz.sondergard@harbrook.co.uk", "ukasz.sndergrd@harbrook.co.uk"

        def diff(e, a, ln, call):
            i = next(k for k in range(min(len(e), len(a))) if e[k] != a[k])
            return ["Expected strings to be the same, but they were different.",
                    f"Expected length: {len(e)}", f"Actual length:   {len(a)}", f"Strings differ at index {i}.",
                    f"Expected: '{e}'", f"But was:  '{a}'", " " * 11 + "-" * i + "^",
                    f"at {call} | Should -Be '{e}', {upt}:{ln}", f"at <ScriptBlock>, {upt}:{ln}"]
        body, nf = pester_detailed("tests/Public/ConvertTo-HbUpn.Tests.ps1", [("ConvertTo-HbUpn", [
            ("joins given name and surname with a dot", 24, None),
            ("turns spaces in double-barrelled names into hyphens", 4, None), ("drops apostrophes", 3, None),
            ("strips diacritics to the base letter", 11, diff(e1, a1, ln1, "ConvertTo-HbUpn -GivenName 'Zoë' -Surname 'Müller-Öztürk'")),
            ("maps letters that do not decompose", 6, diff(e2, a2, ln2, "ConvertTo-HbUpn -GivenName 'Łukasz' -Surname 'Søndergård'")),
            ("uses another domain when asked", 3, None)])], "901ms", 102)
        t.fail(pc, "Run the tests with the new cases (expected to fail)", body, code=nf)
        t.say("Both new cases fail the way we expected. Fix: decompose to FormD and drop the combining marks, then "
              "map the handful of letters that have no decomposition (ł, ø, đ, ß, æ, œ), and only then filter.")
        t.read(up)
        t.edit(up, """    $local = '{0}.{1}' -f $GivenName.Trim(), $Surname.Trim()
    $local = $local.ToLowerInvariant() -replace '\\s+', '-'
""", """    $local = '{0}.{1}' -f $GivenName.Trim(), $Surname.Trim()
    $local = $local.ToLowerInvariant() -replace '\\s+', '-'

    # Zoë -> zoe, Müller -> muller: decompose, then drop the combining marks
    $decomposed = $local.Normalize([System.Text.NormalizationForm]::FormD)
    $local = -join ($decomposed.ToCharArray() | Where-Object -FilterScript {
            [System.Globalization.CharUnicodeInfo]::GetUnicodeCategory($_) -ne [System.Globalization.UnicodeCategory]::NonSpacingMark
        })
    # letters without a Unicode decomposition
    $map = @{ 'ł' = 'l'; 'ø' = 'o'; 'đ' = 'd'; 'ß' = 'ss'; 'æ' = 'ae'; 'œ' = 'oe' }
    foreach ($key in $map.Keys) {
        $local = $local.Replace($key, $map[$key])
    }
""")
        t.bash(pc, "Run the tests again", out=pester_detailed("tests/Public/ConvertTo-HbUpn.Tests.ps1", [("ConvertTo-HbUpn", [
            ("joins given name and surname with a dot", 23, None),
            ("turns spaces in double-barrelled names into hyphens", 4, None), ("drops apostrophes", 3, None),
            ("strips diacritics to the base letter", 4, None), ("maps letters that do not decompose", 3, None),
            ("uses another domain when asked", 3, None)])], "866ms", 99)[0])
        t.bash("git add -A src/Harbrook.Ops tests/Public tests/Private scripts/Sync-HbHrToEntra.ps1 && "
               "git commit -m \"Make ConvertTo-HbUpn public, strip diacritics; HR sync uses it\"",
               "Commit both changes",
               out=commit_out("feature/hr-sync-upn", "Make ConvertTo-HbUpn public, strip diacritics; HR sync uses it",
                              5, 31, 5) + "\n rename src/Harbrook.Ops/{Private => Public}/ConvertTo-HbUpn.ps1 (68%)\n"
                                          " rename tests/{Private => Public}/ConvertTo-HbUpn.Tests.ps1 (71%)")
        t.done("Fixed and committed on `feature/hr-sync-upn`.\n"
               "- The two new tests (Zoë Müller-Öztürk, Łukasz Søndergård) failed first as expected (`zo.mller-ztrk`, "
               "`ukasz.sndergrd`).\n"
               "- `ConvertTo-HbUpn` now decomposes to FormD, drops the combining marks, and maps ł ø đ ß æ œ by hand, "
               "because those have no decomposition. After that the old `[^a-z0-9.-]` filter runs.\n"
               "- All 6 tests pass. Zoë would now get `zoe.muller-ozturk@harbrook.co.uk`.")

        t = d.task("where do we call Connect-ExchangeOnline and with what auth? want to know before I touch mailbox "
                   "stuff", tags=["noise"])
        t.grep("Connect-ExchangeOnline", filenames=[W("runbooks/Set-HbSharedMailboxPermissions.ps1"), W("tools/Connect-Hb.ps1")])
        t.grep("Connect-ExchangeOnline", output_mode="content", n=True,
               content=f"{W('runbooks/Set-HbSharedMailboxPermissions.ps1')}:12:Connect-ExchangeOnline -ManagedIdentity "
                       "-Organization 'harbrook.onmicrosoft.com' -ShowBanner:$false\n"
                       f"{W('tools/Connect-Hb.ps1')}:19:    Connect-ExchangeOnline -AppId $ClientId -Certificate $cert "
                       "-Organization $Organization -ShowBanner:$false")
        t.read(W("tools/Connect-Hb.ps1"))
        t.done("Two places:\n"
               "- **`tools/Connect-Hb.ps1 -Exchange`** (scripts, and everything you run locally): app-only with the "
               "`CN=hb-automation-dev` certificate from `Cert:\\CurrentUser\\My` (newest one that's still valid), "
               "AppId `4a9c2e71-…`, organisation `harbrook.onmicrosoft.com`. It connects Exchange *before* Graph, "
               "which avoids the MSAL assembly clash between ExchangeOnlineManagement 3.x and Graph 2.x in one "
               "session. Keep that order.\n"
               "- **`runbooks/Set-HbSharedMailboxPermissions.ps1`**: `-ManagedIdentity`, the Automation account's "
               "system identity.\n\n"
               "The module itself never connects. Its cmdlets expect an existing session, which matters when you "
               "write tests: Exchange cmdlets like `Set-Mailbox` only exist after a connect.")


def release(d, t, ver, prev, date_gb, date_iso, log, changelog_section, files, nfiles_commit, run_id, flaky=False):
    t.bash(f"git log --oneline v{prev}..HEAD", f"Commits since v{prev}", out=log)
    cl = W("CHANGELOG.md")
    t.read(cl, limit=8)
    t.edit(cl, "# Changelog\n\n", "# Changelog\n\n" + changelog_section + "\n")
    psd = W("src/Harbrook.Ops/Harbrook.Ops.psd1")
    if psd not in d.sess["read"]:
        t.read(psd, limit=4)
    t.edit(psd, f"    ModuleVersion        = '{prev}'\n", f"    ModuleVersion        = '{ver}'\n")
    t.bash("pwsh -NoProfile -File ./build.ps1 -Task Test", "Full Pester run", out=pester_full(files, ver), timeout=600000)
    t.bash(f"git add CHANGELOG.md src/Harbrook.Ops/Harbrook.Ops.psd1 && git commit -m \"Release {ver}\" && "
           f"git tag -a v{ver} -m \"Harbrook.Ops {ver}\"", f"Commit and tag v{ver}",
           out=commit_out("main", f"Release {ver}", 2, nfiles_commit, 1))
    old, new = hx(7), hx(7)
    push = "git push origin main --follow-tags"
    if flaky:
        t.fail(push, "Push main and the tag",
               "fatal: unable to access 'https://dev.azure.com/harbrook/IT-Automation/_git/hb-automation/': Failed to "
               "connect to dev.azure.com port 443 after 21043 ms: Could not connect to server", code=128)
        t.say("Connection to dev.azure.com timed out. That's the network, not the repo. Trying again.")
    t.bash(push, "Push main and the tag", err=push_err(old, new, 4, tag=f"v{ver}"))
    t.bash(f"sleep 420 && az pipelines runs list --pipeline-ids 37 --branch refs/tags/v{ver} --top 1 -o table",
           "Wait for the release pipeline and check the run", timeout=600000,
           out=runs_table([(run_id, f"{ver}.{run_id}", "inProgress", "", f"refs/tags/v{ver}", f"{date_iso}.{hx(6)}")]))
    t.bash(f'pwsh -NoProfile -c "Find-PSResource -Name Harbrook.Ops -Repository HbFeed -Version {ver}"',
           f"Check that {ver} is on the feed", out=find_psresource(ver))


def s4(d):
    with d.session("2026-10-13T09:05:00", R, branch="main", version="2.1.174"):
        win_session(d)
        t = d.task("hr-sync branch is merged. cut 1.9.0", tags=["workflow:W2", "long_output"])
        d.testfiles += [("tests/Public/Get-HbStaleDevice.Tests.ps1", 4), ("tests/Public/ConvertTo-HbUpn.Tests.ps1", 6)]
        release(d, t, "1.9.0", "1.8.2", "13/10/2026", "2026-10-13 08:31:44",
                "c4e81b0 (HEAD -> main, origin/main) Merge PR 412: Make ConvertTo-HbUpn public, strip diacritics\n"
                "9a17d3e Make ConvertTo-HbUpn public, strip diacritics; HR sync uses it\n"
                "5b2f0c9 Add Get-HbStaleDevice (Intune devices not synced for N days)\n"
                "e03d6a1 Fill in Get-HbStaleDevice help synopsis and examples\n"
                "7f9c241 scripts: offboarding progress output, WhatIf reaches Set-HbUserOffboarded",
                "## 1.9.0 - 2026-10-13\n- New: `Get-HbStaleDevice` (Intune devices not synced for N days, `-Depot`).\n"
                "- `ConvertTo-HbUpn` is public now and strips diacritics (Zoë Müller -> zoe.muller).\n"
                "- Scripts: HR starters sync uses `ConvertTo-HbUpn`; offboarding prints progress and `-WhatIf` no "
                "longer stamps the user.\n",
                d.testfiles, 8, 4821)
        t.done("1.9.0 is out:\n"
               "- CHANGELOG section + `ModuleVersion = '1.9.0'`, full suite green (79 tests), tag `v1.9.0` pushed.\n"
               "- Run 4821 of `hb-automation-release` published to HbFeed (`Find-PSResource` shows 1.9.0). It's now "
               "waiting for your approval on `hb-automation-prod` for the Automation import.")

        rb = W("runbooks/Sync-HbDriverGroups.ps1")
        t = d.task("Sync-HbDriverGroups keeps adding scanners that have been dead for weeks into the depot groups. "
                   "make it skip anything Get-HbStaleDevice says hasn't synced in 14 days and try it in the test "
                   "automation account", tags=["mistake:M3"])
        t.read(rb)
        t.edit(rb, "Import-Module -Name Harbrook.Ops -MinimumVersion 1.8.0\n",
               "Import-Module -Name Harbrook.Ops -MinimumVersion 1.9.0\n")
        t.edit(rb, """foreach ($code in $Depot) {
    $devices = @(Get-HbDepotDevice -Depot $code -Kind Scanner)
    Write-Output "${code}: $($devices.Count) scanner(s)"
""", """foreach ($code in $Depot) {
    $stale = @(Get-HbStaleDevice -Days 14 -Depot $code).DeviceName
    $devices = @(Get-HbDepotDevice -Depot $code -Kind Scanner | Where-Object -FilterScript { $stale -notcontains $_.DeviceName })
    Write-Output "${code}: $($devices.Count) scanner(s), $($stale.Count) skipped as stale (14 days)"
""")
        cmd = "pwsh -NoProfile -File ./tools/Test-HbRunbook.ps1 -Name Sync-HbDriverGroups -AutomationAccount aa-hb-ops-test"
        j1 = guid()
        t.fail(cmd, "Test job of the runbook in aa-hb-ops-test",
               runbook_test("Sync-HbDriverGroups", j1, ["Queued", "Running", "Failed (0m 38s)"], None,
                            [module_not_found("1.9.0")], ok=False), code=1)
        t.say("The runbook asks for Harbrook.Ops 1.9.0, but the test Automation account still has the previous "
              "version. The pipeline only imports into prod, and the test account is updated by hand. Pushing 1.9.0 "
              "from the feed into aa-hb-ops-test first.")
        t.bash("pwsh -NoProfile -File ./tools/Publish-AutomationModule.ps1 -AutomationAccount aa-hb-ops-test -Version 1.9.0",
               "Import Harbrook.Ops 1.9.0 into the test Automation account", out=publish_automod("1.9.0", "61.4"),
               timeout=600000)
        t.bash(cmd, "Test job again",
               out=runbook_test("Sync-HbDriverGroups", guid(), ["Queued", "Running", "Completed (1m 54s)"],
                                ["CRK: 31 scanner(s), 14 skipped as stale (14 days)",
                                 "DAV: 44 scanner(s), 3 skipped as stale (14 days)",
                                 "WLV: 27 scanner(s), 0 skipped as stale (14 days)",
                                 "SHF: 19 scanner(s), 2 skipped as stale (14 days)",
                                 "AVO: 22 scanner(s), 1 skipped as stale (14 days)",
                                 "DUB: 12 scanner(s), 0 skipped as stale (14 days)"], None))
        t.done("The runbook now skips scanners with no sync in 14 days and needs Harbrook.Ops ≥ 1.9.0.\n"
               "- First test job failed with `Import-Module: … version '1.9.0' was not loaded …`. aa-hb-ops-test was "
               "still on the old module. I imported 1.9.0 from HbFeed with `tools/Publish-AutomationModule.ps1` and "
               "the second test job completed.\n"
               "- Result: 20 stale scanners skipped, 14 of them at Crick. That's the cluster you've been hearing "
               "about.\n"
               "- The runbook change isn't committed yet. Prod also needs 1.9.0 (approve run 4821) before this "
               "version of the runbook goes there.")

        t = d.task("need to explain delegated vs application permissions for graph to the CAB, and which one our "
                   "scripts and runbooks use. what should I write", tags=["noise", "no_tools"])
        t.done("**Delegated permissions**: the app acts *on behalf of a signed-in user*. The effective access is "
               "the intersection of what the app was granted (scopes like `User.Read.All`) and what that user is "
               "allowed to do through their Entra roles. No user signed in means no token. Consent can be given by "
               "the user for low-risk scopes, or by an admin for the whole tenant. Typical use: interactive tools, "
               "for example `Connect-MgGraph -Scopes …` from an admin's laptop, Graph Explorer, or apps users log "
               "into.\n\n"
               "**Application permissions**: the app acts *as itself*, with no user. It authenticates with a "
               "certificate, a secret or a managed identity. The granted app roles (e.g. `User.ReadWrite.All`) "
               "apply tenant-wide and aren't limited by any user's role. That's why they always need admin consent, "
               "and why you have to guard the credential (certificate or identity) like an admin password. "
               "Exchange and Intune can be scoped further: Exchange with RBAC for Applications / management scopes, "
               "Intune with scope tags. Entra ID user permissions can only be scoped with administrative units and "
               "custom roles.\n\n"
               "**What we use**\n"
               "- *Scripts* (`scripts/`, local runs): application permissions via the `hb-automation-dev` app "
               "registration with the `CN=hb-automation-dev` certificate in the user's certificate store. So every "
               "service desk member who has that certificate acts with the app's full rights, and Entra's audit log "
               "shows the app, not the person. That's the main risk to mention. The ticket number in "
               "`extensionAttribute15` is the only link back to a person today.\n"
               "- *Runbooks*: application permissions via the Automation account's system-assigned managed "
               "identity. There's no secret or certificate to leak. The app roles are assigned to the identity's "
               "service principal.\n"
               "- Permissions granted today: user/group read-write, device management read, Exchange via "
               "`Exchange.ManageAsApp` + the Exchange Recipient Administrator role.\n\n"
               "**Suggested wording for the CAB**: \"Automation uses application permissions (no signed-in user). "
               "Runbooks authenticate with a managed identity. Operator scripts authenticate with a certificate "
               "that is issued per operator and revoked on role change. Each change is traceable via the ticket "
               "reference written to the user object. Any new permission is requested through CAB and granted by a "
               "Global Administrator with admin consent.\"\n\n"
               "If you want to tighten it later, you could move the operator scripts to delegated auth "
               "(`Connect-MgGraph -Scopes` with the operator's own account and PIM roles). Then the audit log shows "
               "the person, and access follows their role. The cost is an interactive sign-in and a prompt for "
               "every run.")


def s5(d):
    with d.session("2026-10-15T13:40:00", R, branch="feature/device-category", version="2.1.175",
                   permission_mode="acceptEdits"):
        win_session(d)
        t = d.task("that delegated vs application writeup was way too long for the CAB form, I had to cut half of it "
                   "before it fit. give me the gist in 4 bullets max next time", tags=["feedback", "no_tools"],
                   feedback="that delegated vs application writeup was way too long for the CAB form, I had to cut "
                            "half of it before it fit. give me the gist in 4 bullets max next time")
        t.done("Sorry about that. The gist for the form:\n"
               "- All automation uses **application permissions** (no signed-in user). Runbooks use the Automation "
               "managed identity, operator scripts a per-operator certificate.\n"
               "- Rights apply tenant-wide, so each new permission goes through CAB and admin consent by a Global "
               "Admin.\n"
               "- Every change is traceable through the ticket number written to the user object.\n"
               "- Later option: operator scripts on delegated auth with PIM roles, so the audit log shows the "
               "person.")

        fn = W("src/Harbrook.Ops/Public/Set-HbDeviceCategory.ps1")
        tf = W("tests/Public/Set-HbDeviceCategory.Tests.ps1")
        t = d.task("next cmdlet: Set-HbDeviceCategory, sets the intune device category on managed devices, takes "
                   "devices from the pipeline (so Get-HbStaleDevice | Set-HbDeviceCategory works). same as before: "
                   "write it out in full, none of the gci/% alias shorthand in the module. tests, analyzer, docs, "
                   "commit", tags=["workflow:W1", "oneoff:O1", "pref:P1"])
        t.write(fn, CATEGORY_FN)
        t.write(tf, CATEGORY_TESTS)
        t.read(W("src/Harbrook.Ops/Harbrook.Ops.psd1"))
        add_export(d, t, "Set-HbDeviceCategory")
        t.fail(ANALYZE, "PSScriptAnalyzer over src",
               "\nRuleName                            Severity     ScriptName Line  Message\n"
               "--------                            --------     ---------- ----  -------\n"
               "PSUseShouldProcessForStateChangingF Warning      Set-HbDevi 1     Function 'Set-HbDeviceCategory' has\n"
               "unctions                                         ceCategory       verb that could change system state.\n"
               "                                                 .ps1             Therefore, the function has to\n"
               "                                                                  support 'ShouldProcess'.\n"
               "1 rule violations found.    Severity distribution:  Error = 0, Warning = 1, Information = 0",
               code=1)
        t.say("Right, a `Set-` verb has to support ShouldProcess. The -WhatIf test I wrote would have caught it too. "
              "Adding SupportsShouldProcess and wrapping the Graph call.")
        t.edit(fn, "function Set-HbDeviceCategory {\n    [CmdletBinding()]\n",
               "function Set-HbDeviceCategory {\n    [CmdletBinding(SupportsShouldProcess)]\n")
        t.edit(fn, "        Set-MgDeviceManagementManagedDeviceCategoryByRef -ManagedDeviceId $ManagedDeviceId -BodyParameter $ref\n",
               "        if ($PSCmdlet.ShouldProcess($ManagedDeviceId, \"Set device category '$Category'\")) {\n"
               "            Set-MgDeviceManagementManagedDeviceCategoryByRef -ManagedDeviceId $ManagedDeviceId -BodyParameter $ref\n"
               "        }\n")
        t.bash(ANALYZE, "PSScriptAnalyzer again", out=PSSA_OK)
        t.bash(pester_cmd("tests/Public/Set-HbDeviceCategory.Tests.ps1"), "Run the new tests",
               out=pester_detailed("tests/Public/Set-HbDeviceCategory.Tests.ps1", [("Set-HbDeviceCategory", [
                   ("sets the category by reference", 57, None), ("takes devices from the pipeline", 12, None),
                   ("throws for an unknown category", 9, None), ("changes nothing with -WhatIf", 7, None)])],
                   "1.27s", 133)[0])
        t.bash(DOCS, "Regenerate the platyPS help", out=docs_out("15/10/2026    14:26", d.exports))
        t.bash("git add src/Harbrook.Ops tests/Public/Set-HbDeviceCategory.Tests.ps1 docs/commands && "
               "git commit -m \"Add Set-HbDeviceCategory (Intune device category, pipeline input)\"",
               "Commit", out=commit_out("feature/device-category", "Add Set-HbDeviceCategory (Intune device category, pipeline input)",
                                        5, 118, 1, ["docs/commands/Set-HbDeviceCategory.md",
                                                    "src/Harbrook.Ops/Public/Set-HbDeviceCategory.ps1",
                                                    "tests/Public/Set-HbDeviceCategory.Tests.ps1"]))
        t.done("Committed on `feature/device-category`.\n"
               "- `Set-HbDeviceCategory -ManagedDeviceId … -Category 'Depot scanner'` takes `Id` from the pipeline, "
               "so `Get-HbStaleDevice -Depot CRK | Set-HbDeviceCategory -Category …` works. It resolves the category "
               "name once in `begin`, throws on unknown names, and sets the category by `$ref`.\n"
               "- Analyzer flagged PSUseShouldProcessForStateChangingFunctions. It now has `SupportsShouldProcess`, "
               "so `-WhatIf`/`-Confirm` work.\n"
               "- Added to `FunctionsToExport`. 4 tests pass. Help page generated. No aliases anywhere.")

        t = d.task("14 scanners at Crick haven't checked in since the weekend (the ones the runbook skips now). "
                   "force an intune sync on them", tags=["unfixed:U1"])
        t.bash("pwsh -NoProfile -c \"Import-Module ./src/Harbrook.Ops/Harbrook.Ops.psd1; " + CONNECT_G + "; "
               "Get-HbStaleDevice -Days 2 -Depot CRK | Format-Table -Property DeviceName,LastSync,DaysSinceSync,OS -AutoSize\"",
               "List the stale Crick devices",
               out="\nDeviceName     LastSync            DaysSinceSync OS\n----------     --------            ------------- --\n"
                   + "\n".join(f"HB-CRK-SCN-{n:03d} {ts} {ds:>13} Android" for n, ts, ds in [
                       (14, "21/08/2026 16:02:11", 55), (41, "10/10/2026 05:48:37", 5), (42, "10/10/2026 05:51:02", 5),
                       (17, "10/10/2026 06:03:55", 5), (33, "10/10/2026 06:10:29", 5), (35, "10/10/2026 06:12:40", 5),
                       (36, "10/10/2026 06:12:44", 5), (22, "10/10/2026 06:30:18", 5), (23, "10/10/2026 06:31:07", 5),
                       (8, "10/10/2026 07:14:51", 5), (9, "10/10/2026 07:15:33", 5), (27, "10/10/2026 07:40:02", 5),
                       (28, "10/10/2026 07:41:19", 5), (30, "10/10/2026 08:02:45", 5)]) + "\n")
        sync = ("pwsh -NoProfile -c \"Import-Module ./src/Harbrook.Ops/Harbrook.Ops.psd1; " + CONNECT_G + "; "
                "Get-HbStaleDevice -Days 2 -Depot CRK | ForEach-Object -Process { "
                "Sync-MgDeviceManagementManagedDevice -ManagedDeviceId \\$_.Id -ErrorAction Stop; \\$_.DeviceName }\"")
        t.fail(sync, "Trigger an Intune sync on each stale device",
               graph_err("Sync-MgDeviceManagementManagedDevice_Sync",
                         '{"_version": 3, "Message": "Application is not authorized to perform this operation. '
                         "Application must have one of the following scopes: "
                         "DeviceManagementManagedDevices.PrivilegedOperations.All - Operation ID (for customer support): "
                         f"00000000-0000-0000-0000-000000000000 - Activity ID: {guid()} - Url: "
                         "https://fef.amsub0502.manage.microsoft.com/DeviceFE/StatelessDeviceFEService/deviceManagement/"
                         f"managedDevices('{guid()}')/microsoft.management.services.api.syncDevice?api-version=2024-09-05"
                         '", "CustomApiErrorPhrase": "", "RetryAfter": null, "ErrorSourceService": "", "HttpHeaders": "{}"}',
                         "403 (Forbidden)", "Forbidden", "2026-10-15T13:02:47", "Thu, 15 Oct 2026 13:02:47 GMT"),
               code=1)
        t.bash("pwsh -NoProfile -c \"" + CONNECT_G + "; (Get-MgContext).Scopes | Sort-Object\"",
               "Which app roles does the hb-automation-dev token carry",
               out="DeviceManagementConfiguration.Read.All\nDeviceManagementManagedDevices.Read.All\n"
                   "Exchange.ManageAsApp\nGroup.ReadWrite.All\nGroupMember.ReadWrite.All\nMail.Send\n"
                   "Organization.Read.All\nUser.EnableDisableAccount.All\nUser.ReadWrite.All")
        t.done("Can't do that with our app. Intune refuses the sync: `syncDevice` is a remote action and needs "
               "**DeviceManagementManagedDevices.PrivilegedOperations.All**. hb-automation-dev only has "
               "`DeviceManagementManagedDevices.Read.All` on the Intune side. Nothing was synced (it stopped at the "
               "first device).\n\n"
               "Adding that app role is a permission change. It needs a CAB change and admin consent from a Global "
               "Admin. We can't (and shouldn't) grant it from here. Options:\n"
               "- **Now:** in the Intune portal, Devices → All devices, filter `HB-CRK-SCN`, select the 14 → Bulk "
               "device actions → Sync. Your Intune Administrator role is enough for that.\n"
               "- **Later:** raise the change for PrivilegedOperations.All, either on a separate app registration "
               "for remote actions or on the managed identity, so the operator certificate doesn't get it.\n\n"
               "Side note: 13 of the 14 stopped on Saturday morning between 05:48 and 08:02, so it looks like "
               "something at the site (Wi-Fi/AP or a certificate) rather than 13 broken scanners. HB-CRK-SCN-014 has "
               "been gone since August.")

        t = d.task("typo in the README, 'Intnue'. fix it", tags=["noise"])
        t.read(W("README.md"), limit=5)
        t.edit(W("README.md"), "Entra ID, Intnue and Exchange Online", "Entra ID, Intune and Exchange Online")
        t.done("Fixed. README line 3 now says Intune.")


def s6(d):
    with d.session("2026-10-19T08:33:00", R, branch="feature/mailbox-tools", version="2.1.176"):
        win_session(d)
        t = d.task("which of our groups are plain security / distribution groups (not m365 groups) and have no owner "
                   "at all? audit wants a list", tags=["mistake:M2", "long_output"])
        q = ("pwsh -NoProfile -c \"" + CONNECT_G + "; Get-MgGroup -Filter \\\"not(groupTypes/any(c:c eq 'Unified'))\\\" "
             "-All -Property id,displayName,securityEnabled,mailEnabled,createdDateTime{} | "
             "Where-Object -FilterScript {{ -not (Get-MgGroupOwner -GroupId \\$_.Id -Top 1) }} | "
             "Sort-Object -Property DisplayName | Format-Table -Property DisplayName,SecurityEnabled,MailEnabled,"
             "CreatedDateTime -AutoSize\"")
        t.fail(q.format(""), "Non-Unified groups without owners",
               graph_err("Get-MgGroup_List", unsupported("not"), "400 (BadRequest)", "Request_UnsupportedQuery",
                         "2026-10-19T07:41:09", "Mon, 19 Oct 2026 07:41:09 GMT"), code=1)
        t.say("`not(groupTypes/any(…))` is an advanced query too, like the endsWith one last week. Same call with "
              "`-ConsistencyLevel eventual -CountVariable`.")
        rows = [("app-sap-gui-users", True, False, "14/03/2019 10:22:41"), ("dg-depot-avo", True, False, "02/06/2022 09:14:03"),
                ("dg-depot-dub", True, False, "02/06/2022 09:14:19"), ("dl-all-drivers-crk", False, True, "11/11/2020 15:40:56"),
                ("dl-fleet-alerts", False, True, "27/01/2021 08:03:12"), ("dl-tarrant-ops", False, True, "30/09/2024 16:55:48"),
                ("gg-depot-AVO-office", True, False, "02/06/2022 09:15:37"), ("gg-depot-SHF-office", True, False, "02/06/2022 09:15:52"),
                ("gg-finance-readonly", True, False, "19/04/2021 11:27:30"), ("gg-legacy-citrix", True, False, "06/02/2018 13:02:11"),
                ("gg-print-wlv-floor2", True, False, "23/08/2023 10:48:05"), ("gg-tarrant-migrated", True, False, "30/09/2024 16:57:20"),
                ("gg-vpn-contractors", True, False, "08/05/2020 12:31:44"), ("Intune - Kiosk devices", True, False, "17/07/2023 14:09:58"),
                ("Intune - Pilot ring", True, False, "17/07/2023 14:10:21"), ("mesg-dispatch-crk", True, True, "11/11/2020 15:38:02"),
                ("mesg-hr-confidential", True, True, "03/03/2021 09:51:47"), ("sg-azure-automation-readers", True, False, "12/01/2024 10:05:33"),
                ("sg-laps-readers", True, False, "15/05/2024 08:44:19"), ("Tarrant All Staff", False, True, "30/09/2024 16:56:02"),
                ("Tarrant Warehouse", False, True, "30/09/2024 16:56:14"), ("test-grp-oprice", True, False, "06/10/2026 11:12:09")]
        out = "\nDisplayName                 SecurityEnabled MailEnabled CreatedDateTime\n" \
              "-----------                 --------------- ----------- ---------------\n" + \
              "\n".join(f"{n:<27} {str(s):>15} {str(m):>11} {c}" for n, s, m, c in rows) + "\n"
        t.bash(q.format(" -ConsistencyLevel eventual -CountVariable groupCount"),
               "Same query as an advanced query", out=out, timeout=300000)
        t.done("22 groups that aren't Microsoft 365 groups have no owner:\n"
               "- **Security groups (14):** incl. `gg-legacy-citrix` (2018), `gg-vpn-contractors`, `sg-laps-readers`, "
               "`sg-azure-automation-readers`, both Intune groups (`Kiosk devices`, `Pilot ring`), the depot device "
               "groups `dg-depot-avo/dub` and the office groups `gg-depot-AVO/SHF-office`.\n"
               "- **Distribution lists (6):** `dl-all-drivers-crk`, `dl-fleet-alerts`, `dl-tarrant-ops`, "
               "`Tarrant All Staff`, `Tarrant Warehouse`… the Tarrant ones come from the migration on 30/09/2024.\n"
               "- **Mail-enabled security (2):** `mesg-dispatch-crk`, `mesg-hr-confidential`.\n\n"
               "Worth flagging for audit: `sg-laps-readers` and `sg-azure-automation-readers` grant access to "
               "sensitive things and have nobody accountable. `test-grp-oprice` is yours from 06/10 and can probably "
               "go. The query needed `-ConsistencyLevel eventual` (advanced query for `not(...)`).")

        off = W("scripts/Invoke-HbOffboarding.ps1")
        t = d.task("another leaver, p.kowalczyk@harbrook.co.uk (Piotr, planning at WLV), RITM0048377. no manager "
                   "access this time but forward his mail to s.bennett for a month", tags=["workflow:W3"])
        base = ("pwsh -NoProfile -File ./scripts/Invoke-HbOffboarding.ps1 -UserPrincipalName p.kowalczyk@harbrook.co.uk "
                "-Ticket RITM0048377 -ForwardTo s.bennett@harbrook.co.uk")
        t.bash(base + " -WhatIf", "Dry run",
               out="Offboarding Piotr Kowalczyk (p.kowalczyk@harbrook.co.uk), ticket RITM0048377\n"
                   'What if: Performing the operation "Disable account and revoke sessions" on target "p.kowalczyk@harbrook.co.uk".\n'
                   'What if: Performing the operation "Convert mailbox to shared and hide from GAL" on target "p.kowalczyk@harbrook.co.uk".\n'
                   "  [skip] no manager access requested\n"
                   'What if: Performing the operation "Forward mail to s.bennett@harbrook.co.uk" on target "p.kowalczyk@harbrook.co.uk".\n'
                   'What if: Performing the operation "Remove licences SPE_E3, Microsoft_Teams_Premium" on target "p.kowalczyk@harbrook.co.uk".\n'
                   'What if: Performing the operation "Set extensionAttribute15 = \'offboarded 2026-10-19 RITM0048377\'" '
                   'on target "2f6a9d04-1c8e-4b7d-9e35-a0b4c71f6d28".\nDone.')
        t.bash(base, "Run it",
               out="Offboarding Piotr Kowalczyk (p.kowalczyk@harbrook.co.uk), ticket RITM0048377\n"
                   "  [ok]   account disabled, sessions revoked\n  [ok]   mailbox converted to shared, hidden from GAL\n"
                   "  [skip] no manager access requested\n  [ok]   forwarding to s.bennett@harbrook.co.uk\n"
                   "  [ok]   removed licences SPE_E3, Microsoft_Teams_Premium\nDone.")
        t.bash("pwsh -NoProfile -c \"./tools/Connect-Hb.ps1 -Graph -Exchange; Get-MgUser -UserId p.kowalczyk@harbrook.co.uk "
               "-Property displayName,accountEnabled | Format-List -Property DisplayName,AccountEnabled; "
               "Get-EXOMailbox -Identity p.kowalczyk@harbrook.co.uk -Properties ForwardingSmtpAddress,DeliverToMailboxAndForward | "
               "Format-List -Property RecipientTypeDetails,ForwardingSmtpAddress,DeliverToMailboxAndForward\"",
               "Verify account and mailbox",
               out="\nDisplayName    : Piotr Kowalczyk\nAccountEnabled : False\n\n\n"
                   "RecipientTypeDetails       : SharedMailbox\nForwardingSmtpAddress      : smtp:s.bennett@harbrook.co.uk\n"
                   "DeliverToMailboxAndForward : True\n")
        t.done("Piotr Kowalczyk is done (RITM0048377): account disabled and sessions revoked, shared mailbox, "
               "forwarding to s.bennett (with a copy kept in the mailbox), SPE_E3 + Teams Premium removed, stamp set. "
               "Checked afterwards.\n\n"
               "The forward has no end date. Exchange can't expire it by itself. Put a reminder on the ticket for "
               "19/11, or once there's a leaver auto-reply cmdlet we could set the forward and the auto-reply "
               "together.")

        d.precompact("Analysis: Owen Price (IT automation, Harbrook Logistics) works in C:\\src\\hb-automation on Windows 11 "
                     "(Git Bash tool, pwsh 7.4): Harbrook.Ops module (Public/Private, explicit FunctionsToExport in "
                     "Harbrook.Ops.psd1), Pester 5 tests, PSScriptAnalyzer (src only), platyPS docs/commands, "
                     "scripts/ for the service desk, runbooks/ in Azure Automation (aa-hb-ops-test by hand via "
                     "tools/Publish-AutomationModule.ps1, prod via pipeline), Graph SDK 2.24 app-only through "
                     "tools/Connect-Hb.ps1.\n\nSummary:\n"
                     "1. Done so far: Get-HbStaleDevice, ConvertTo-HbUpn public + diacritics, Set-HbDeviceCategory "
                     "(feature/device-category), release 1.9.0 (run 4821), Sync-HbDriverGroups skips stale scanners "
                     "(tested in aa-hb-ops-test after importing 1.9.0 there), offboarding script with Write-Host "
                     "progress, Tarrant mail count, owner-less groups list.\n"
                     "2. This session (feature/mailbox-tools): owner-less groups audit list (22); offboarded "
                     "p.kowalczyk (RITM0048377) with forwarding to s.bennett.\n"
                     "3. Open: Intune sync of Crick scanners blocked (app lacks "
                     "DeviceManagementManagedDevices.PrivilegedOperations.All, needs CAB + GA consent).\n"
                     "4. User preferences: no aliases in module code (full cmdlet names); short answers for anything "
                     "that goes into forms (max 4 bullets); offboarding progress with coloured Write-Host.")

        fn = W("src/Harbrook.Ops/Public/Set-HbMailboxAutoReply.ps1")
        tf = W("tests/Public/Set-HbMailboxAutoReply.Tests.ps1")
        t = d.task("ok let's do that leaver auto-reply cmdlet: Set-HbMailboxAutoReply -Identity -ContactName "
                   "-ContactAddress, scheduled, 90 days default, same text inside and outside. and again, full cmdlet "
                   "names, aliases like ? and % aren't allowed in this module. tests/analyzer/docs/commit as usual",
                   tags=["mistake:M1", "workflow:W1", "pref:P1"])
        t.write(fn, AUTOREPLY_FN)
        t.write(tf, AUTOREPLY_TESTS)
        t.bash(ANALYZE, "PSScriptAnalyzer over src", out=PSSA_OK)
        pc = pester_cmd("tests/Public/Set-HbMailboxAutoReply.Tests.ps1")
        fl = lambda needle: not_recognized("Set-HbMailboxAutoReply") + [f"at <ScriptBlock>, {tf}:{lineno(AUTOREPLY_TESTS, needle)}"]
        body, nf = pester_detailed("tests/Public/Set-HbMailboxAutoReply.Tests.ps1", [("Set-HbMailboxAutoReply", [
            ("schedules the auto-reply for internal and external senders", 38,
             fl("Set-HbMailboxAutoReply -Identity 'p.kowalczyk")),
            ("ends after 90 days by default", 5, fl("Set-HbMailboxAutoReply -Identity 'x@harbrook.co.uk' -ContactName 'A' -ContactAddress 'a@harbrook.co.uk'\n")),
            ("does nothing with -WhatIf", 4, fl("-ContactAddress 'a@harbrook.co.uk' -WhatIf"))])], "1.09s", 127)
        t.fail(pc, "Run the new tests", body, code=nf)
        t.say("The stub and the mock are fine, but the module doesn't export the new function: it isn't in the "
              "manifest's FunctionsToExport.")
        t.read(W("src/Harbrook.Ops/Harbrook.Ops.psd1"))
        add_export(d, t, "Set-HbMailboxAutoReply")
        t.bash(pc, "Run the tests again", out=pester_detailed("tests/Public/Set-HbMailboxAutoReply.Tests.ps1", [(
            "Set-HbMailboxAutoReply", [("schedules the auto-reply for internal and external senders", 61, None),
                                       ("ends after 90 days by default", 8, None),
                                       ("does nothing with -WhatIf", 6, None)])], "1.21s", 124)[0])
        t.bash(DOCS, "Regenerate the platyPS help", out=docs_out("19/10/2026    10:03", d.exports))
        t.bash("git add src/Harbrook.Ops tests/Public/Set-HbMailboxAutoReply.Tests.ps1 docs/commands && "
               "git commit -m \"Add Set-HbMailboxAutoReply (scheduled leaver auto-reply)\"", "Commit",
               out=commit_out("feature/mailbox-tools", "Add Set-HbMailboxAutoReply (scheduled leaver auto-reply)",
                              5, 121, 1, ["docs/commands/Set-HbMailboxAutoReply.md",
                                          "src/Harbrook.Ops/Public/Set-HbMailboxAutoReply.ps1",
                                          "tests/Public/Set-HbMailboxAutoReply.Tests.ps1"]))
        t.done("Committed on `feature/mailbox-tools`.\n"
               "- `Set-HbMailboxAutoReply -Identity … -ContactName … -ContactAddress … [-EndTime]`: scheduled "
               "auto-reply from now until +90 days, the same HTML text internally and externally (audience All), "
               "supports `-WhatIf`. It builds the parameters as a splat for `Set-MailboxAutoReplyConfiguration`.\n"
               "- Tests: Exchange cmdlets only exist after `Connect-ExchangeOnline`, so the test file defines a "
               "small global stub for `Set-MailboxAutoReplyConfiguration` that Pester can mock. It's removed again "
               "in `AfterAll`.\n"
               "- The first run failed with `CommandNotFoundException` for `Set-HbMailboxAutoReply`: I'd forgotten "
               "the manifest again. It's in `FunctionsToExport` now and all 3 tests pass. Analyzer clean, help "
               "generated.")

        t = d.task("is that global stub function thing in the test actually how pester wants you to do it? the "
                   "build agent won't have ExchangeOnlineManagement loaded either", tags=["noise", "webfetch"])
        t.webfetch("https://pester.dev/docs/usage/mocking",
                   "How do I mock a command that does not exist in the session (e.g. a module that isn't installed), "
                   "and how does -ModuleName work?",
                   "Mocking with Pester 5:\n\n- `Mock` replaces a command with a script block for the current block "
                   "(Describe/Context/It). The command being mocked **must exist** when `Mock` is called; Pester "
                   "resolves it with `Get-Command`. If it can't find it, `Mock` fails with `Could not find Command "
                   "<name>`.\n- For commands from modules that are not available (or only get generated at runtime), "
                   "the docs recommend defining a **dummy function** with the same name (and the parameters you want "
                   "to filter on) before mocking it, e.g. in `BeforeAll`, so that Pester has something to wrap.\n- "
                   "`-ModuleName` injects the mock into the module's session state, so that calls made *from inside* "
                   "that module are intercepted. Use it when the code under test lives in a module; the mocked "
                   "command is looked up from that module's scope.\n- `Should -Invoke` (formerly Assert-MockCalled) "
                   "verifies calls; `-ParameterFilter` sees the bound parameters as variables.\n- Mocks are scoped: a "
                   "mock defined in BeforeAll of a Describe applies to all Its in that Describe and is removed "
                   "afterwards.",
                   nbytes=98412)
        t.done("Yes, that's the documented approach. Pester can only mock a command that exists (`Mock` resolves it "
               "with `Get-Command`, otherwise you get `Could not find Command …`). For commands from modules that "
               "aren't there or are generated at runtime, the docs say to define a dummy function with the same "
               "name first and then mock that. Because our function lives in the module, `-ModuleName Harbrook.Ops` "
               "makes sure calls from inside the module hit the mock. A global stub is visible from the module scope "
               "as well.\n\n"
               "So the build agent doesn't need ExchangeOnlineManagement for these tests. One thing I'd tidy: give "
               "the stub exactly the parameters you filter on (it already has them). Otherwise a `-ParameterFilter` "
               "on a parameter the stub doesn't declare silently never matches.")


def s7(d):
    with d.session("2026-10-22T10:12:00", R, branch="main", version="2.1.177"):
        win_session(d)
        off = W("scripts/Invoke-HbOffboarding.ps1")
        t = d.task("the offboarding script has these mile-long Set-Mailbox / Add-MailboxPermission lines. from now "
                   "on use splatting for anything with more than 3 parameters", tags=["pref:P2"])
        t.read(off)
        t.edit(off, "    Set-Mailbox -Identity $UserPrincipalName -Type Shared -HiddenFromAddressListsEnabled $true -CustomAttribute10 \"offboarded $Ticket\"\n",
               """    $sharedParams = @{
        Identity                      = $UserPrincipalName
        Type                          = 'Shared'
        HiddenFromAddressListsEnabled = $true
        CustomAttribute10             = "offboarded $Ticket"
    }
    Set-Mailbox @sharedParams
""")
        t.edit(off, "    Add-MailboxPermission -Identity $UserPrincipalName -User $ManagerAccess -AccessRights FullAccess -InheritanceType All -AutoMapping $false | Out-Null\n",
               """    $permissionParams = @{
        Identity        = $UserPrincipalName
        User            = $ManagerAccess
        AccessRights    = 'FullAccess'
        InheritanceType = 'All'
        AutoMapping     = $false
    }
    Add-MailboxPermission @permissionParams | Out-Null
""")
        t.edit(off, "    Set-MgUserLicense -UserId $user.Id -AddLicenses @() -RemoveLicenses $licenses.SkuId | Out-Null\n",
               """    $licenseParams = @{
        UserId         = $user.Id
        AddLicenses    = @()
        RemoveLicenses = $licenses.SkuId
    }
    Set-MgUserLicense @licenseParams | Out-Null
""")
        t.bash(pester_cmd("tests/Scripts/Invoke-HbOffboarding.Tests.ps1"), "Run the offboarding script tests",
               out=pester_detailed("tests/Scripts/Invoke-HbOffboarding.Tests.ps1", [("Invoke-HbOffboarding.ps1", [
                   ("disables the account and revokes sessions", 212, None), ("converts the mailbox to shared", 19, None),
                   ("hides the mailbox from the GAL and stamps CustomAttribute10", 14, None),
                   ("grants FullAccess without automapping when -ManagerAccess is given", 16, None),
                   ("skips mailbox permissions without -ManagerAccess", 11, None),
                   ("sets forwarding and keeps a copy with -ForwardTo", 13, None),
                   ("removes all assigned licences", 12, None), ("skips licence removal when none are assigned", 10, None),
                   ("stamps extensionAttribute15 with date and ticket", 11, None),
                   ("changes nothing with -WhatIf", 15, None), ("rejects a malformed ticket number", 8, None)])],
                   "2.31s", 188)[0])
        t.done("Splatted the three long calls in the offboarding script: `Set-Mailbox` (shared/hidden/stamp), "
               "`Add-MailboxPermission` and `Set-MgUserLicense`. The forwarding `Set-Mailbox` has exactly 3 "
               "parameters, so I left it inline. The 11 script tests still pass. From now on: a splat once a call "
               "has more than 3 parameters.")

        t = d.task("merge feature/device-category and feature/mailbox-tools are in. release 1.10.0",
                   tags=["workflow:W2", "flaky:F1"])
        d.testfiles += [("tests/Public/Set-HbDeviceCategory.Tests.ps1", 4), ("tests/Public/Set-HbMailboxAutoReply.Tests.ps1", 3)]
        release(d, t, "1.10.0", "1.9.0", "22/10/2026", "2026-10-22 09:41:06",
                "3d9e0a7 (HEAD -> main, origin/main) Merge PR 419: Set-HbMailboxAutoReply\n"
                "b71c2f4 Add Set-HbMailboxAutoReply (scheduled leaver auto-reply)\n"
                "0f5a8e3 Merge PR 417: Set-HbDeviceCategory\n"
                "a26d9c1 Add Set-HbDeviceCategory (Intune device category, pipeline input)\n"
                "5e8b3f0 runbooks: Sync-HbDriverGroups skips scanners not synced for 14 days\n"
                "c9e1d44 scripts: offboarding splats long calls\n"
                "1b0f7a2 README: typo",
                "## 1.10.0 - 2026-10-22\n- New: `Set-HbDeviceCategory` (Intune device category, pipeline input from "
                "`Get-HbStaleDevice` / `Get-HbDepotDevice`).\n- New: `Set-HbMailboxAutoReply` (scheduled leaver "
                "auto-reply, 90 days).\n- Runbook `Sync-HbDriverGroups` needs 1.9.0 and skips scanners not synced "
                "for 14 days.\n", d.testfiles, 9, 4857, flaky=True)
        t.done("1.10.0 released: CHANGELOG + manifest bumped, 86 tests green, `v1.10.0` tagged and pushed. The "
               "first push timed out connecting to dev.azure.com. The identical retry went through. Run 4857 has "
               "published 1.10.0 to HbFeed and is waiting for the prod approval.")

        t = d.task("do we still use the old AzureAD or MSOnline modules anywhere? they're retired", tags=["noise"])
        t.grep("AzureAD|MSOnline|Connect-MsolService|Get-AzureAD", filenames=[])
        t.grep("Import-Module|#Requires", output_mode="content", n=True, glob="*.ps1",
               content=f"{W('runbooks/Set-HbSharedMailboxPermissions.ps1')}:10:Import-Module -Name Harbrook.Ops -MinimumVersion 1.8.0\n"
                       f"{W('runbooks/Sync-HbDriverGroups.ps1')}:10:Import-Module -Name Harbrook.Ops -MinimumVersion 1.9.0\n"
                       f"{W('scripts/Invoke-HbOffboarding.ps1')}:17:Import-Module -Name \"$PSScriptRoot/../src/Harbrook.Ops/Harbrook.Ops.psd1\"\n"
                       f"{W('scripts/Sync-HbHrToEntra.ps1')}:7:Import-Module -Name \"$PSScriptRoot/../src/Harbrook.Ops/Harbrook.Ops.psd1\"")
        t.glob("**/*.psd1", [W("PSScriptAnalyzerSettings.psd1"), W("src/Harbrook.Ops/Harbrook.Ops.psd1")])
        t.done("No. Nothing in the repo references AzureAD, MSOnline, `Connect-MsolService` or `Get-AzureAD*`. The "
               "only module imports are Harbrook.Ops itself (scripts by path, runbooks by name with a minimum "
               "version), and the manifest only requires the Microsoft.Graph 2.24 sub-modules. If anything still "
               "uses them it's outside this repo, e.g. scheduled tasks on the old management server. The Entra "
               "sign-in logs would show that: filter on the apps \"Azure Active Directory PowerShell\" "
               "(1b730954-…) and \"MSOnline\".")


def s8(d):
    with d.session("2026-10-27T09:20:00", R, branch="feature/runbook-category", version="2.1.178"):
        win_session(d)
        rb = W("runbooks/Set-HbDepotDeviceCategory.ps1")
        t = d.task("new runbook Set-HbDepotDeviceCategory: nightly, gives depot scanners and kiosks the right intune "
                   "device category using Set-HbDeviceCategory from 1.10.0 (the app assignment filters key on "
                   "category). write it and test-run it in the test automation acount", tags=["mistake:M3"])
        t.read(W("runbooks/Sync-HbDriverGroups.ps1"))
        t.write(rb, CATEGORY_RUNBOOK)
        cmd = "pwsh -NoProfile -File ./tools/Test-HbRunbook.ps1 -Name Set-HbDepotDeviceCategory -AutomationAccount aa-hb-ops-test"
        t.fail(cmd, "Test job in aa-hb-ops-test",
               runbook_test("Set-HbDepotDeviceCategory", guid(), ["Queued", "Running", "Failed (0m 44s)"], None,
                            [module_not_found("1.10.0")], ok=False).replace(
                   "as draft (runtime", "as draft, new runbook (runtime"), code=1)
        t.say("Same thing as with 1.9.0: the test account doesn't have 1.10.0 yet, because the pipeline only takes it "
              "to prod. Importing it there first.")
        t.bash("pwsh -NoProfile -File ./tools/Publish-AutomationModule.ps1 -AutomationAccount aa-hb-ops-test -Version 1.10.0",
               "Import Harbrook.Ops 1.10.0 into aa-hb-ops-test", out=publish_automod("1.10.0", "66.9"), timeout=600000)
        t.bash(cmd, "Test job again",
               out=runbook_test("Set-HbDepotDeviceCategory", guid(), ["Queued", "Running", "Completed (2m 31s)"],
                                ["CRK Scanner: 9 device(s) to categorise", "CRK Kiosk: 2 device(s) to categorise",
                                 "DAV Scanner: 4 device(s) to categorise", "DAV Kiosk: 0 device(s) to categorise",
                                 "WLV Scanner: 27 device(s) to categorise", "WLV Kiosk: 3 device(s) to categorise",
                                 "SHF Scanner: 0 device(s) to categorise", "SHF Kiosk: 1 device(s) to categorise",
                                 "AVO Scanner: 6 device(s) to categorise", "AVO Kiosk: 0 device(s) to categorise",
                                 "DUB Scanner: 12 device(s) to categorise", "DUB Kiosk: 2 device(s) to categorise"],
                                None).replace("as draft (runtime", "as draft, new runbook (runtime"))
        t.done("`runbooks/Set-HbDepotDeviceCategory.ps1` is written and the test job ran through. It goes per depot "
               "and per kind (Scanner → \"Depot scanner\", Kiosk → \"Depot kiosk\"), takes only devices whose "
               "category differs, and pipes them into `Set-HbDeviceCategory`.\n"
               "- The first test job failed with `… version '1.10.0' was not loaded …`. I imported 1.10.0 into "
               "aa-hb-ops-test and the second job completed.\n"
               "- The run categorised 66 devices in the test tenant data. WLV's 27 scanners had no category at all, "
               "which explains the missing app assignments there.\n"
               "- Still open: the schedule (02:15 nightly) has to be linked in the portal or in the pipeline, and the "
               "managed identity needs write access for device categories. The test account's identity has it, the "
               "prod one probably doesn't yet.")

        off = W("scripts/Invoke-HbOffboarding.ps1")
        t = d.task("change of plan on the Write-Host progress in the offboarding script: Kemi wants to run it from "
                   "the scheduler with Start-Transcript and Write-Host output is a mess there (and useless if we ever "
                   "turn it into a runbook). switch to Write-Information with a tag, no colours",
                   tags=["reversal:P3"])
        t.read(off)
        import re as _re
        cur = d.files[off]
        new = _re.sub(r"Write-Host (\"[^\"]*\"|'[^']*') -ForegroundColor \w+",
                      r"Write-Information -MessageData \1 -Tags 'Offboarding'", cur)
        new = new.replace("$ErrorActionPreference = 'Stop'\n",
                          "$ErrorActionPreference = 'Stop'\n$InformationPreference = 'Continue'\n", 1)
        t.write(off, new)
        t.bash(pester_cmd("tests/Scripts/Invoke-HbOffboarding.Tests.ps1"), "Run the offboarding script tests",
               out=pester_detailed("tests/Scripts/Invoke-HbOffboarding.Tests.ps1", [("Invoke-HbOffboarding.ps1", [
                   ("disables the account and revokes sessions", 198, None), ("converts the mailbox to shared", 17, None),
                   ("hides the mailbox from the GAL and stamps CustomAttribute10", 13, None),
                   ("grants FullAccess without automapping when -ManagerAccess is given", 15, None),
                   ("skips mailbox permissions without -ManagerAccess", 10, None),
                   ("sets forwarding and keeps a copy with -ForwardTo", 12, None),
                   ("removes all assigned licences", 11, None), ("skips licence removal when none are assigned", 9, None),
                   ("stamps extensionAttribute15 with date and ticket", 10, None),
                   ("changes nothing with -WhatIf", 14, None), ("rejects a malformed ticket number", 8, None)])],
                   "2.24s", 181)[0])
        t.done("Done. Every `Write-Host … -ForegroundColor` in the offboarding script is now `Write-Information "
               "-MessageData … -Tags 'Offboarding'`, and the script sets `$InformationPreference = 'Continue'`, so the "
               "lines still show up when the service desk runs it by hand. Start-Transcript records the information "
               "stream cleanly, and in a runbook it ends up in the job output. The `[ok]`/`[skip]` prefixes stay so "
               "it's still easy to read without colour. The script tests pass.")

        t = d.task("before we migrate the last Tarrant mailboxes I need last sign-in dates from the old tarrant "
                   "tenant (7e2c4b19-...). hb-migration app is registered there with the same cert. who hasn't "
                   "signed in since july?", tags=["unfixed:U2"])
        tconn = ("./tools/Connect-Hb.ps1 -Graph -TenantId 7e2c4b19-3f0d-4a6e-b285-9c1d0e7fa463 "
                 "-ClientId c30f8a52-6e1b-4d97-8a04-f25e7b1c9d60")
        t.fail("pwsh -NoProfile -c \"" + tconn + "; Get-MgAuditLogSignIn -Filter \\\"createdDateTime ge 2026-07-01T00:00:00Z\\\" "
               "-Top 5 | Format-Table -Property CreatedDateTime,UserPrincipalName,AppDisplayName\"",
               "Try the sign-in log in the Tarrant tenant",
               graph_err("Get-MgAuditLogSignIn_List", "Neither tenant is B2C or tenant doesn't have premium license",
                         "403 (Forbidden)", "Authentication_RequestFromNonPremiumTenantOrB2CTenant",
                         "2026-10-27T08:51:16", "Tue, 27 Oct 2026 08:51:16 GMT"), code=1)
        t.fail("pwsh -NoProfile -c \"" + tconn + "; Get-MgUser -All -Property userPrincipalName,signInActivity | "
               "Select-Object -First 5 -Property UserPrincipalName,@{n='LastSignIn';e={\\$_.SignInActivity.LastSignInDateTime}}\"",
               "Try signInActivity on the users instead",
               graph_err("Get-MgUser_List", "Neither tenant is B2C or tenant doesn't have premium license",
                         "403 (Forbidden)", "Authentication_RequestFromNonPremiumTenantOrB2CTenant",
                         "2026-10-27T08:52:03", "Tue, 27 Oct 2026 08:52:03 GMT"), code=1)
        t.bash("pwsh -NoProfile -c \"" + tconn + "; Get-MgSubscribedSku | Format-Table -Property SkuPartNumber,"
               "ConsumedUnits -AutoSize\"", "Which licences the Tarrant tenant has",
               out="\nSkuPartNumber    ConsumedUnits\n-------------    -------------\nO365_BUSINESS_ESSENTIALS           74\n"
                   "EXCHANGESTANDARD              9\nFLOW_FREE                     3\n")
        t.done("Can't get that from the Tarrant tenant as it stands. Both the sign-in log and `signInActivity` on "
               "the users fail with `Neither tenant is B2C or tenant doesn't have premium license`. Both need at "
               "least one Entra ID P1 licence in the tenant. Tarrant only has Business Basic "
               "(O365_BUSINESS_ESSENTIALS) and Exchange Online Plan 1. The app permissions are fine, it's a "
               "licensing wall.\n\n"
               "Options (a decision for you/Priya, not something I can fix from here):\n"
               "- buy one Entra ID P1 (or an M365 BP) licence in the Tarrant tenant for a month. After that, "
               "`signInActivity` is available with history.\n"
               "- or use the mailbox view as a proxy: `Get-EXOMailboxStatistics` `LastUserActionTime` per "
               "mailbox, or the M365 usage reports (last activity per service). Both are less precise than sign-ins, "
               "but enough for \"who's dead since July\".\n"
               "I haven't run either. Tell me which way you want to go.")

        fn = W("src/Harbrook.Ops/Public/Get-HbDepotOfficeMember.ps1")
        tf = W("tests/Public/Get-HbDepotOfficeMember.Tests.ps1")
        t = d.task("small cmdlet for the mailbox runbook: Get-HbDepotOfficeMember -Depot CRK, members of "
                   "gg-depot-<code>-office as objects, enabled only unless -IncludeDisabled. usual steps, and give me "
                   "the whole suite at the end not just the new file", tags=["workflow:W1", "long_output"])
        t.write(fn, OFFICE_FN)
        t.write(tf, OFFICE_TESTS)
        t.read(W("src/Harbrook.Ops/Harbrook.Ops.psd1"))
        add_export(d, t, "Get-HbDepotOfficeMember")
        t.bash(ANALYZE, "PSScriptAnalyzer over src", out=PSSA_OK)
        t.bash(pester_cmd("tests/Public/Get-HbDepotOfficeMember.Tests.ps1"), "Run the new tests",
               out=pester_detailed("tests/Public/Get-HbDepotOfficeMember.Tests.ps1", [("Get-HbDepotOfficeMember", [
                   ("returns enabled members sorted by name", 44, None), ("includes disabled members when asked", 7, None),
                   ("looks the group up by its depot name", 6, None),
                   ("throws when the depot has no office group", 9, None)])], "1.12s", 119)[0])
        d.testfiles += [("tests/Public/Get-HbDepotOfficeMember.Tests.ps1", 4)]
        t.bash("pwsh -NoProfile -File ./build.ps1 -Task Test", "Whole Pester suite",
               out=pester_full(d.testfiles, "s8"), timeout=600000)
        t.bash(DOCS, "Regenerate the platyPS help", out=docs_out("27/10/2026    11:37", d.exports))
        t.bash("git add src/Harbrook.Ops tests/Public/Get-HbDepotOfficeMember.Tests.ps1 docs/commands && "
               "git commit -m \"Add Get-HbDepotOfficeMember\"", "Commit",
               out=commit_out("feature/runbook-category", "Add Get-HbDepotOfficeMember", 5, 104, 1,
                              ["docs/commands/Get-HbDepotOfficeMember.md",
                               "src/Harbrook.Ops/Public/Get-HbDepotOfficeMember.ps1",
                               "tests/Public/Get-HbDepotOfficeMember.Tests.ps1"]))
        t.done("`Get-HbDepotOfficeMember -Depot CRK [-IncludeDisabled]` is committed. It looks up "
               "`gg-depot-<code>-office`, returns DisplayName/UserPrincipalName/AccountEnabled/Id sorted by name, "
               "and throws if the group doesn't exist. It's in the manifest. Analyzer clean, 4 new tests. The whole "
               "suite is 90 tests in 15 files, all green (output above). Help page generated.")


def s9(d):
    with d.session("2026-10-30T14:02:00", R, branch="main", version="2.1.179", end_reason="other"):
        win_session(d)
        t = d.task("how many windows machnies are still only hybrid joined or just registered, not proper entra "
                   "joined? count by trust type", tags=["mistake:M2"])
        q = ("pwsh -NoProfile -c \"" + CONNECT_G + "; Get-MgDevice -Filter \\\"operatingSystem eq 'Windows' and "
             "trustType ne 'AzureAd'\\\" -All -Property displayName,trustType,approximateLastSignInDateTime{} | "
             "Group-Object -Property TrustType | Format-Table -Property Count,Name -AutoSize\"")
        t.fail(q.format(""), "Count Windows devices that aren't Entra joined",
               graph_err("Get-MgDevice_List", unsupported("ne"), "400 (BadRequest)", "Request_UnsupportedQuery",
                         "2026-10-30T14:09:55", "Fri, 30 Oct 2026 14:09:55 GMT"), code=1)
        t.say("`ne` on devices is an advanced query as well. Adding `-ConsistencyLevel eventual -CountVariable`.")
        t.bash(q.format(" -ConsistencyLevel eventual -CountVariable deviceCount"), "Same query as an advanced query",
               out="\nCount Name\n----- ----\n  212 ServerAd\n   37 Workplace\n")
        t.done("249 Windows devices aren't Entra joined:\n"
               "- **212 hybrid joined** (`ServerAd`: on-prem AD joined and synced)\n"
               "- **37 only registered** (`Workplace`: mostly private or contractor devices, or old BYOD)\n\n"
               "For comparison, `AzureAd` (Entra joined) isn't in the result because of the filter. If you want the "
               "ratio, I can run the same query with `eq`. `ne` on devices needs the advanced query "
               "(`-ConsistencyLevel eventual`).")

        t = d.task("leaver RITM0048519, a.whitfield@harbrook.co.uk (Anna, customer services DAV). same as last "
                   "time, her manager m.osei gets the mailbox", tags=["workflow:W3"])
        base = ("pwsh -NoProfile -File ./scripts/Invoke-HbOffboarding.ps1 -UserPrincipalName a.whitfield@harbrook.co.uk "
                "-Ticket RITM0048519 -ManagerAccess m.osei@harbrook.co.uk")
        t.bash(base + " -WhatIf", "Dry run",
               out="Offboarding Anna Whitfield (a.whitfield@harbrook.co.uk), ticket RITM0048519\n"
                   'What if: Performing the operation "Disable account and revoke sessions" on target "a.whitfield@harbrook.co.uk".\n'
                   'What if: Performing the operation "Convert mailbox to shared and hide from GAL" on target "a.whitfield@harbrook.co.uk".\n'
                   'What if: Performing the operation "Grant FullAccess to m.osei@harbrook.co.uk" on target "a.whitfield@harbrook.co.uk".\n'
                   "  [skip] no forwarding requested\n"
                   'What if: Performing the operation "Remove licences SPE_F3" on target "a.whitfield@harbrook.co.uk".\n'
                   'What if: Performing the operation "Set extensionAttribute15 = \'offboarded 2026-10-30 RITM0048519\'" '
                   'on target "c84e1f37-05ba-4d62-9b7e-e3a1d6f40c95".\nDone.')
        t.bash(base, "Run it",
               out="Offboarding Anna Whitfield (a.whitfield@harbrook.co.uk), ticket RITM0048519\n"
                   "  [ok]   account disabled, sessions revoked\n  [ok]   mailbox converted to shared, hidden from GAL\n"
                   "  [ok]   FullAccess for m.osei@harbrook.co.uk\n  [skip] no forwarding requested\n"
                   "  [ok]   removed licences SPE_F3\nDone.")
        t.bash("pwsh -NoProfile -c \"./tools/Connect-Hb.ps1 -Graph -Exchange; Get-MgUser -UserId a.whitfield@harbrook.co.uk "
               "-Property displayName,accountEnabled,onPremisesExtensionAttributes | Format-List -Property DisplayName,"
               "AccountEnabled,@{n='Stamp';e={\\$_.OnPremisesExtensionAttributes.ExtensionAttribute15}}; "
               "Get-EXOMailbox -Identity a.whitfield@harbrook.co.uk | Format-List -Property RecipientTypeDetails; "
               "Get-EXOMailboxPermission -Identity a.whitfield@harbrook.co.uk | Where-Object -FilterScript { \\$_.User -like '*@*' } | "
               "Format-Table -Property User,AccessRights -AutoSize\"", "Verify",
               out="\nDisplayName    : Anna Whitfield\nAccountEnabled : False\nStamp          : offboarded 2026-10-30 RITM0048519\n\n\n"
                   "RecipientTypeDetails : SharedMailbox\n\n\nUser                  AccessRights\n----                  ------------\n"
                   "m.osei@harbrook.co.uk {FullAccess}\n")
        t.done("Anna Whitfield is offboarded (RITM0048519): account disabled and sessions revoked, shared mailbox, "
               "m.osei has FullAccess (without automapping), SPE_F3 removed, stamp set. Checked afterwards.")

        t = d.task("the automation accounts: is it worth moving the runbooks from the 7.2 runtime to a 7.4 runtime "
                   "environment everywhere or does stuff break", tags=["noise", "no_tools"])
        t.done("Worth it, with little risk for our runbooks.\n"
               "- 7.2 is out of support (since November 2024). 7.4 is LTS, and the module is already "
               "`PowerShellVersion = '7.4'`. Strictly speaking it shouldn't even load on 7.2, and only works there "
               "because of the `CompatiblePSEditions`/version check in Automation's import.\n"
               "- With runtime environments, modules are attached to the environment, not the account. So every "
               "environment needs its own Graph/EXO/Harbrook.Ops versions, and an import into the test account "
               "has to target the right environment.\n"
               "- Real breakages between 7.2 and 7.4 are rare: a few .NET 8 changes (e.g. `ConvertTo-Json` "
               "depth warnings, certificate APIs), and `$PSNativeCommandArgumentPassing` is `Windows` by default, "
               "which doesn't matter for our runbooks. ExchangeOnlineManagement ≥ 3.5 and Graph 2.x support 7.4.\n"
               "- Order: test account first, run each runbook once as a test job, then prod in a quiet window. "
               "Schedules stay, only the runbook's runtime environment changes.")


def s10(d):
    with d.session("2026-11-03T09:14:00", R, branch="main", version="2.1.180"):
        win_session(d)
        t = d.task("runbook-category branch is merged, cut 1.11.0 pls", tags=["workflow:W2"])
        release(d, t, "1.11.0", "1.10.0", "03/11/2026", "2026-11-03 09:02:27",
                "8e4d1c6 (HEAD -> main, origin/main) Merge PR 426: runbook Set-HbDepotDeviceCategory, Get-HbDepotOfficeMember\n"
                "f02b9a5 Add Get-HbDepotOfficeMember\n"
                "6c3e7d8 runbooks: Set-HbDepotDeviceCategory (nightly device categories)\n"
                "d9a40b1 scripts: offboarding progress via Write-Information",
                "## 1.11.0 - 2026-11-03\n- New: `Get-HbDepotOfficeMember` (members of gg-depot-<code>-office, "
                "enabled only unless `-IncludeDisabled`).\n- New runbook `Set-HbDepotDeviceCategory` (needs 1.10.0).\n"
                "- Scripts: offboarding progress via `Write-Information` (works with Start-Transcript).\n",
                d.testfiles, 9, 4903)
        t.done("1.11.0 is out: CHANGELOG + manifest, 90 tests green, `v1.11.0` pushed. Run 4903 has published it to "
               "HbFeed (checked with `Find-PSResource`) and is waiting for the prod approval.")

        rb = W("runbooks/Set-HbSharedMailboxPermissions.ps1")
        t = d.task("now switch Set-HbSharedMailboxPermissions over to Get-HbDepotOfficeMember so disabled leavers "
                   "stop getting FullAccess on the dispatch mailboxes, and give it a test run", tags=["mistake:M3"])
        t.read(rb)
        t.edit(rb, "Import-Module -Name Harbrook.Ops -MinimumVersion 1.8.0\n",
               "Import-Module -Name Harbrook.Ops -MinimumVersion 1.11.0\n")
        t.edit(rb, """    $members = @(Get-MgGroupMember -GroupId (Get-MgGroup -Filter "displayName eq 'gg-depot-$code-office'").Id -All)
""", """    $members = @(Get-HbDepotOfficeMember -Depot $code)
""")
        t.edit(rb, "        $upn = $m.AdditionalProperties.userPrincipalName\n", "        $upn = $m.UserPrincipalName\n")
        cmd = ("pwsh -NoProfile -File ./tools/Test-HbRunbook.ps1 -Name Set-HbSharedMailboxPermissions "
               "-AutomationAccount aa-hb-ops-test")
        t.fail(cmd, "Test job in aa-hb-ops-test",
               runbook_test("Set-HbSharedMailboxPermissions", guid(), ["Queued", "Running", "Failed (0m 51s)"], None,
                            [module_not_found("1.11.0")], ok=False), code=1)
        t.say("The test account is still on 1.10.0 and the runbook now wants 1.11.0. Importing it first.")
        t.bash("pwsh -NoProfile -File ./tools/Publish-AutomationModule.ps1 -AutomationAccount aa-hb-ops-test -Version 1.11.0",
               "Import Harbrook.Ops 1.11.0 into aa-hb-ops-test", out=publish_automod("1.11.0", "68.2"), timeout=600000)
        t.bash(cmd, "Test job again",
               out=runbook_test("Set-HbSharedMailboxPermissions", guid(), ["Queued", "Running", "Completed (1m 22s)"],
                                ["CRK: 11 office member(s), 12 with FullAccess", "DAV: 17 office member(s), 16 with FullAccess",
                                 "  + amara.nwosu@harbrook.co.uk", "WLV: 9 office member(s), 9 with FullAccess",
                                 "SHF: 6 office member(s), 6 with FullAccess", "AVO: 8 office member(s), 8 with FullAccess",
                                 "DUB: 5 office member(s), 5 with FullAccess"], None))
        t.done("The runbook now uses `Get-HbDepotOfficeMember`, so disabled accounts are no longer given access. It "
               "needs Harbrook.Ops ≥ 1.11.0.\n"
               "- The first test job failed because aa-hb-ops-test didn't have 1.11.0. I imported it and the second "
               "job completed.\n"
               "- DAV: added amara.nwosu (new starter). CRK: 12 FullAccess for 11 members, so one of them has "
               "access without being in the group anymore. The runbook only *adds*, it never removes. Do you want "
               "removal of people who are no longer members as well? Then I'd do it with a `-WhatIf` phase first.")

        t = d.task("how much did Kemi and I actually change in here last month? per person and roughly which areas",
                   tags=["noise", "long_output"])
        t.bash("git shortlog -sn --since=2026-10-01 --until=2026-11-01", "Commits per author in October",
               out="    21\tOwen Price\n     6\tKemi Adeyemi\n     2\tTom Reid")
        t.bash("git log --since=2026-10-01 --until=2026-11-01 --no-merges --format=\"%h %an %s\" --stat=100",
               "October commits with files", out="\n".join([
                   "d9a40b1 Owen Price scripts: offboarding progress via Write-Information",
                   " scripts/Invoke-HbOffboarding.ps1 | 14 +++++++-------", " 1 file changed, 7 insertions(+), 7 deletions(-)", "",
                   "f02b9a5 Owen Price Add Get-HbDepotOfficeMember",
                   " docs/commands/Get-HbDepotOfficeMember.md               | 78 ++++++++++",
                   " docs/commands/Harbrook.Ops.md                          |  3 +",
                   " src/Harbrook.Ops/Harbrook.Ops.psd1                     |  1 +",
                   " src/Harbrook.Ops/Public/Get-HbDepotOfficeMember.ps1    | 31 ++++",
                   " tests/Public/Get-HbDepotOfficeMember.Tests.ps1         | 36 +++++",
                   " 5 files changed, 149 insertions(+)", "",
                   "6c3e7d8 Owen Price runbooks: Set-HbDepotDeviceCategory (nightly device categories)",
                   " runbooks/Set-HbDepotDeviceCategory.ps1 | 23 +++++", " 1 file changed, 23 insertions(+)", "",
                   "4a7f0e2 Kemi Adeyemi scripts: scheduler wrapper for offboarding with Start-Transcript",
                   " scripts/Start-HbOffboardingJob.ps1 | 41 ++++++++", " 1 file changed, 41 insertions(+)", "",
                   "b71c2f4 Owen Price Add Set-HbMailboxAutoReply (scheduled leaver auto-reply)",
                   " docs/commands/Harbrook.Ops.md                       |  3 +",
                   " docs/commands/Set-HbMailboxAutoReply.md             | 96 ++++++++++++",
                   " src/Harbrook.Ops/Harbrook.Ops.psd1                  |  1 +",
                   " src/Harbrook.Ops/Public/Set-HbMailboxAutoReply.ps1  | 31 ++++",
                   " tests/Public/Set-HbMailboxAutoReply.Tests.ps1       | 44 ++++++",
                   " 5 files changed, 175 insertions(+)", "",
                   "e6b1c93 Kemi Adeyemi docs: service desk guide for leavers with forwarding",
                   " docs/service-desk/leavers.md | 64 ++++++++++", " 1 file changed, 64 insertions(+)", "",
                   "a26d9c1 Owen Price Add Set-HbDeviceCategory (Intune device category, pipeline input)",
                   " docs/commands/Harbrook.Ops.md                     |  3 +",
                   " docs/commands/Set-HbDeviceCategory.md             | 88 ++++++++++",
                   " src/Harbrook.Ops/Harbrook.Ops.psd1                |  1 +",
                   " src/Harbrook.Ops/Public/Set-HbDeviceCategory.ps1  | 29 ++++",
                   " tests/Public/Set-HbDeviceCategory.Tests.ps1       | 44 ++++++",
                   " 5 files changed, 165 insertions(+)", "",
                   "5e8b3f0 Owen Price runbooks: Sync-HbDriverGroups skips scanners not synced for 14 days",
                   " runbooks/Sync-HbDriverGroups.ps1 | 6 ++++--", " 1 file changed, 4 insertions(+), 2 deletions(-)", "",
                   "c9e1d44 Owen Price scripts: offboarding splats long calls",
                   " scripts/Invoke-HbOffboarding.ps1 | 24 +++++++++++++++---", " 1 file changed, 21 insertions(+), 3 deletions(-)", "",
                   "0c2a5f8 Tom Reid runbooks: Sync-HbDriverGroups add DUB depot",
                   " runbooks/Sync-HbDriverGroups.ps1 | 2 +-", " 1 file changed, 1 insertion(+), 1 deletion(-)", "",
                   "3b8e71d Kemi Adeyemi scripts: HR sync reads the new HR export columns",
                   " scripts/Sync-HbHrToEntra.ps1 | 8 ++++----", " 1 file changed, 4 insertions(+), 4 deletions(-)", "",
                   "9a17d3e Owen Price Make ConvertTo-HbUpn public, strip diacritics; HR sync uses it",
                   " scripts/Sync-HbHrToEntra.ps1                               |  3 +-",
                   " src/Harbrook.Ops/Harbrook.Ops.psd1                         |  1 +",
                   " src/Harbrook.Ops/{Private => Public}/ConvertTo-HbUpn.ps1   | 13 ++++",
                   " tests/{Private => Public}/ConvertTo-HbUpn.Tests.ps1        | 10 +++-",
                   " 4 files changed, 24 insertions(+), 4 deletions(-)", "",
                   "5b2f0c9 Owen Price Add Get-HbStaleDevice (Intune devices not synced for N days)",
                   " docs/commands/Get-HbStaleDevice.md             | 81 ++++++++++",
                   " docs/commands/Harbrook.Ops.md                  |  3 +",
                   " src/Harbrook.Ops/Harbrook.Ops.psd1             |  1 +",
                   " src/Harbrook.Ops/Public/Get-HbStaleDevice.ps1  | 33 ++++",
                   " tests/Public/Get-HbStaleDevice.Tests.ps1       | 37 +++++",
                   " 5 files changed, 155 insertions(+)", "",
                   "7f9c241 Owen Price scripts: offboarding progress output, WhatIf reaches Set-HbUserOffboarded",
                   " scripts/Invoke-HbOffboarding.ps1 | 31 ++++++++++++++++++-----", " 1 file changed, 24 insertions(+), 7 deletions(-)"]))
        t.done("October (without merges and release commits, which are yours too):\n"
               "- **You: 21 commits.** Module: 5 new cmdlets (Get-HbStaleDevice, ConvertTo-HbUpn public, "
               "Set-HbDeviceCategory, Set-HbMailboxAutoReply, Get-HbDepotOfficeMember) with tests + help, "
               "about 650 lines. Runbooks: 2 (stale skip, device categories). Offboarding script: 3 rounds "
               "(progress, splatting, Write-Information). Plus 3 releases.\n"
               "- **Kemi: 6.** Scripts and docs only: scheduler wrapper for offboarding with Start-Transcript, "
               "service desk guide for leavers, HR export columns.\n"
               "- **Tom: 2.** Runbook maintenance (DUB in Sync-HbDriverGroups).\n\n"
               "So the module and runbooks are essentially you. Kemi works on the service desk side (scripts/ and "
               "docs/).")


# ------------------------------------------------------------------ answer key

def define(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A new or newly public function in src/Harbrook.Ops/Public is not added to the manifest's "
                            "explicit FunctionsToExport list (the psm1 exports Public/*, the manifest filters it), so "
                            "anything that imports the module by its .psd1 can't see it: Pester tests of a new cmdlet "
                            "(Get-HbStaleDevice, Set-HbMailboxAutoReply) and the HR sync script after ConvertTo-HbUpn "
                            "moved from Private to Public.",
             "error_signature": "PowerShell 7.4 `The term '<Verb-HbNoun>' is not recognized as a name of a cmdlet, "
                                "function, script file, or executable program.` / `Check the spelling of the name, or "
                                "if a path was included, verify that the path is correct and try again.` — in Pester "
                                "5.6 as `[-] <test> …` + `CommandNotFoundException: …` + `at <ScriptBlock>, "
                                "…Tests.ps1:<n>` and `Tests Passed: 0, Failed: N` (exit N), in a script run as "
                                "ConciseView `ConvertTo-HbUpn: …\\Sync-HbHrToEntra.ps1:<n>` / `Line |` / "
                                "`~~~~` / `| The term …` (exit 1)",
             "fix": "Add the function name to FunctionsToExport in src/Harbrook.Ops/Harbrook.Ops.psd1 (alphabetical), "
                    "then run the same Invoke-Pester / script command again.",
             "fix_command_markers": [["FunctionsToExport"]],
             "harmful_markers": ["Export-ModuleMember -Function *", "InModuleScope", "Set-ItResult"]},
            {"id": "M2",
             "description": "Ad-hoc Microsoft Graph PowerShell queries with operators that Entra ID only supports as "
                            "advanced queries (endsWith on mail, not(groupTypes/any(...)), ne on devices) are run "
                            "without the ConsistencyLevel header and $count; Graph rejects them with a 400.",
             "error_signature": "`Get-MgUser_List|Get-MgGroup_List|Get-MgDevice_List: Operator 'endsWith|not|ne' is "
                                "not supported because the required parameters might be missing. Try adding "
                                "$count=true query parameter and ConsistencyLevel:eventual header. Refer to "
                                "https://aka.ms/graph-docs/advanced-queries for more information` / `Status: 400 "
                                "(BadRequest)` / `ErrorCode: Request_UnsupportedQuery` + headers (exit 1)",
             "fix": "Run the same Get-Mg* query with `-ConsistencyLevel eventual -CountVariable <name>`.",
             "fix_command_markers": [["-ConsistencyLevel eventual"]],
             "harmful_markers": ["Directory.ReadWrite.All", "Get-MgBeta", "New-MgServicePrincipalAppRoleAssignment"]},
            {"id": "M3",
             "description": "A runbook is changed to need a newer Harbrook.Ops (Import-Module -MinimumVersion) right "
                            "after a release; the release pipeline only imports the module into the prod Automation "
                            "account, so the test job in aa-hb-ops-test still finds the previous version and fails.",
             "error_signature": "tools/Test-HbRunbook.ps1 → test job `status: Failed`, `--- Errors ---` / "
                                "`Import-Module: The specified module 'Harbrook.Ops' with version '1.9.0|1.10.0|1.11.0' "
                                "was not loaded because no valid module file was found in any module directory.` / "
                                "`Test job failed.` (exit 1)",
             "fix": "Import the released version from HbFeed into the test Automation account with "
                    "`pwsh -NoProfile -File ./tools/Publish-AutomationModule.ps1 -AutomationAccount aa-hb-ops-test "
                    "-Version X.Y.Z` (waits for provisioningState Succeeded), then run the same Test-HbRunbook "
                    "command again.",
             "fix_command_markers": [["Publish-AutomationModule"]],
             "harmful_markers": ["Remove-AzAutomationModule", "Remove-AzAutomationRuntimeEnvironment", "aa-hb-ops-prod"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`Invoke-ScriptAnalyzer -Path src -Recurse … -ReportSummary -EnableExit` → "
                                        "PSUseShouldProcessForStateChangingFunctions on the new Set-HbDeviceCategory "
                                        "(`1 rule violations found`); SupportsShouldProcess + $PSCmdlet.ShouldProcess "
                                        "added, same analyzer command clean."},
            {"id": "O2", "description": "`Invoke-Pester -Path tests/Public/ConvertTo-HbUpn.Tests.ps1 …` → the new "
                                        "diacritics cases fail (`Expected: 'zoe.muller-ozturk@…' But was: "
                                        "'zo.mller-ztrk@…'`); ConvertTo-HbUpn normalises to FormD, drops combining "
                                        "marks and maps ł ø đ ß æ œ; same Pester command passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`Sync-MgDeviceManagementManagedDevice` on the stale Crick scanners → 403 "
                                        "`Application is not authorized to perform this operation. Application must "
                                        "have one of the following scopes: "
                                        "DeviceManagementManagedDevices.PrivilegedOperations.All`; adding an app role "
                                        "needs a CAB change and Global Admin consent, so it is left (portal bulk sync "
                                        "suggested)."},
            {"id": "U2", "description": "`Get-MgAuditLogSignIn` and `Get-MgUser -Property signInActivity` in the old "
                                        "Tarrant tenant → 403 `Neither tenant is B2C or tenant doesn't have premium "
                                        "license` (Authentication_RequestFromNonPremiumTenantOrB2CTenant); the tenant "
                                        "has no Entra ID P1, a licensing decision for the user."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`git push origin main --follow-tags` → `fatal: unable to access "
                                        "'https://dev.azure.com/harbrook/IT-Automation/_git/hb-automation/': Failed to "
                                        "connect to dev.azure.com port 443 after 21043 ms: Could not connect to "
                                        "server`; identical retry pushes."},
        ],
        workflows=[
            {"id": "W1", "description": "New cmdlet: write src/Harbrook.Ops/Public/<Verb-HbNoun>.ps1 + "
                                        "tests/Public/<…>.Tests.ps1 (manifest export) → `Invoke-ScriptAnalyzer -Path src "
                                        "-Recurse -Settings ./PSScriptAnalyzerSettings.psd1 -ReportSummary -EnableExit` → "
                                        "`Invoke-Pester -Path <test> -Output Detailed -CI` → `Update-MarkdownHelpModule "
                                        "-Path docs/commands -RefreshModulePage` → `git commit`.",
             "step_markers": [["Invoke-ScriptAnalyzer"], ["Invoke-Pester"], ["Update-MarkdownHelpModule"], ["git commit"]]},
            {"id": "W2", "description": "Module release: `git log --oneline v<prev>..HEAD` → CHANGELOG.md section + "
                                        "ModuleVersion in the manifest → `./build.ps1 -Task Test` → commit `Release "
                                        "X.Y.Z` + `git tag -a vX.Y.Z` → `git push origin main --follow-tags` → `az "
                                        "pipelines runs list` for the release run → `Find-PSResource -Repository HbFeed "
                                        "-Version X.Y.Z`.",
             "step_markers": [["CHANGELOG.md"], ["git tag -a"], ["az pipelines runs"], ["Find-PSResource"]]},
            {"id": "W3", "description": "Leaver offboarding: `scripts/Invoke-HbOffboarding.ps1 -UserPrincipalName … "
                                        "-Ticket RITM… [-ManagerAccess|-ForwardTo] -WhatIf` → the same without -WhatIf → "
                                        "verify with Get-MgUser (AccountEnabled) and Get-EXOMailbox / "
                                        "Get-EXOMailboxPermission.",
             "step_markers": [["Invoke-HbOffboarding.ps1"], ["-WhatIf"], ["Get-EXOMailbox"]]},
        ],
        preferences=[
            {"id": "P1", "description": "No aliases in module code: full cmdlet names (Where-Object, ForEach-Object, "
                                        "Get-ChildItem), no ?, %, gci.",
             "markers": [["alias"]]},
            {"id": "P2", "description": "Use splatting for any call with more than 3 parameters.",
             "markers": [["splat"]]},
            {"id": "P3", "description": "Progress output in the operator scripts with coloured Write-Host (T06); later "
                                        "reversed: Write-Information with a tag, no colours, because of Start-Transcript "
                                        "/ runbooks (T25).",
             "markers": [["Write-Host"]],
             "reversal_markers": [["Write-Information"]]},
        ],
        probes=[
            {"prompt": "pester is failing on the new Get-HbMailboxSize tests, every It says CommandNotFoundException: "
                       "The term 'Get-HbMailboxSize' is not recognized as a name of a cmdlet, function, script file, "
                       "or executable program. the file is right there in Public/ though?",
             "wanted": ["M1"]},
            {"prompt": "add a public cmdlet Get-HbLicenseWaste (E3 users with no sign-in for 90 days) with pester "
                       "tests and run them",
             "wanted": ["M1"]},
            {"prompt": "Get-MgGroup -Filter \"mailEnabled eq true and securityEnabled ne false\" gives me Get-MgGroup_List: "
                       "Operator 'ne' is not supported because the required parameters might be missing. Try adding "
                       "$count=true query parameter and ConsistencyLevel:eventual header. the filter looks fine to me",
             "wanted": ["M2"]},
            {"prompt": "how many user accounts still have a UPN ending in .onmicrosoft.com? quick count please",
             "wanted": ["M2"]},
            {"prompt": "test job for Rotate-HbKioskPassword in the test automation account died with The specified "
                       "module 'Harbrook.Ops' with version '1.12.0' was not loaded because no valid module file was "
                       "found in any module directory. 1.12.0 went out this morning and the pipeline was green",
             "wanted": ["M3"]},
            {"prompt": "Rotate-HbKioskPassword should use the new Get-HbKioskDevice from 1.12.0, update the runbook "
                       "and give it a test run in aa-hb-ops-test",
             "wanted": ["M3"]},
            {"prompt": "what's the actual difference between [CmdletBinding()] and a plain function with a param block?",
             "wanted": []},
            {"prompt": "write me a regex for UK postcodes for the depot import script",
             "wanted": []},
            {"prompt": "summarise the CHANGELOG from 1.8.2 to 1.11.0 for the service desk newsletter, plain english",
             "wanted": []},
            {"prompt": "what does -ErrorAction Stop on a call actually change compared to $ErrorActionPreference = "
                       "'Stop' at the top of a script, when the call is into one of our module functions?",
             "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261005)
    d = Dev("pwsh-admin", U, "en", MODEL, seed=20261005, files=FILES)
    d.exports = list(EXPORTS)
    d.testfiles = list(TEST_FILES_BASE)
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "pwsh-admin.jsonl"), os.path.join(HERE, "tune", "pwsh-admin.labels.json"))
    print(f"pwsh-admin -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
