"""mssql-dba: Harriet Ackroyd, DBA at Kirkgate Health Systems (Leeds, software supplier to NHS trusts).

SQL Server 2022 on Windows (Always On AG `AG-Wardline`: KHS-SQLAG01 primary, KHS-SQLAG02 sync readable secondary,
KHS-SQLDR01 async DR readable secondary, listener wardline-lst) and on Linux (RHEL 9 test/dev instances
khs-sqltest01/02, khs-sqldev01). She works from an Ubuntu 24.04 workstation joined to KHS.LOCAL: sqlcmd and bcp from
mssql-tools18 (ODBC Driver 18, Windows auth through Kerberos), PowerShell 7.4 with dbatools 2.1, Ola Hallengren's
maintenance solution run by SQL Agent, Flyway 10 migrations for the Wardline databases in the `khs-dba` git repo
(Azure DevOps), Azure Data Studio notebooks exported to .sql, restores for test refreshes.

Written blind for fresh/; measured once held out (round 37), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_mssql_dba.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "hackroyd"
H = "/home/hackroyd"
R = H + "/src/khs-dba"
MODEL = "claude-opus-4-6"
MIG = R + "/flyway/migrations/"
FLYWAY_BANNER = ("Flyway OSS Edition 10.20.1 by Redgate\n\n"
                 "See release notes here: https://rd.gt/416ObMi\n")
DEVJDBC = ("Database: jdbc:sqlserver://khs-sqldev01.khs.local:1433;authenticationScheme=JavaKerberos;"
           "databaseName=WardlineCore;encrypt=true;integratedSecurity=true;trustServerCertificate=false "
           "(Microsoft SQL Server 16.0)")


# ---------------------------------------------------------------- output helpers

def ft(headers, rows):
    """PowerShell 7 Format-Table (no colour, not a tty)."""
    w = [len(h) for h in headers]
    for r in rows:
        for i, c in enumerate(r):
            w[i] = max(w[i], len(str(c)))
    def line(cells):
        return " ".join(str(c).ljust(w[i]) for i, c in enumerate(cells)).rstrip()
    out = [line(headers), line(["-" * len(h) for h in headers])]
    out += [line(r) for r in rows]
    return "\n" + "\n".join(out) + "\n"


def sq(headers, rows, affected=True):
    """sqlcmd -W output (space separated, trimmed)."""
    out = [" ".join(headers), " ".join("-" * len(h) for h in headers)]
    out += [" ".join(str(c) for c in r) for r in rows]
    if affected:
        out += ["", f"({len(rows)} rows affected)"]
    return "\n".join(out)


def fw_info(rows, current):
    hdr = ["Category", "Version", "Description", "Type", "Installed On", "State", "Undoable"]
    w = [len(h) for h in hdr]
    for r in rows:
        for i, c in enumerate(r):
            w[i] = max(w[i], len(c))
    sep = "+" + "+".join("-" * (x + 2) for x in w) + "+"
    def line(cells):
        return "| " + " | ".join(c.ljust(w[i]) for i, c in enumerate(cells)) + " |"
    return "\n".join([FLYWAY_BANNER + DEVJDBC, f"Schema version: {current}", "", sep, line(hdr), sep] +
                     [line(r) for r in rows] + [sep])


BASE_MIGS = [
    ("", "47", "<< Flyway Baseline >>", "BASELINE", "2026-05-19 11:02:40", "Baseline", "No"),
    ("Versioned", "48", "ward bay layout", "SQL", "2026-06-02 10:14:52", "Success", "No"),
    ("Versioned", "49", "discharge checklist", "SQL", "2026-06-16 09:40:11", "Success", "No"),
    ("Versioned", "50", "referral source codes", "SQL", "2026-07-01 14:02:37", "Success", "No"),
    ("Versioned", "51", "audit log partitioning", "SQL", "2026-07-14 11:25:03", "Success", "No"),
    ("Versioned", "52", "patient alert flags", "SQL", "2026-07-29 15:51:19", "Success", "No"),
    ("Versioned", "53", "bed status history", "SQL", "2026-08-11 10:03:44", "Success", "No"),
    ("Versioned", "54", "ward event type lookup", "SQL", "2026-08-27 13:37:08", "Success", "No"),
    ("Versioned", "55", "nhs number check constraint", "SQL", "2026-09-08 09:12:55", "Success", "No"),
    ("Versioned", "56", "outpatient clinic codes", "SQL", "2026-09-22 16:20:31", "Success", "No"),
    ("Versioned", "57", "ward transfer reason", "SQL", "2026-09-29 10:12:03", "Success", "No"),
]

SSPI_SQLCMD = ("Sqlcmd: Error: Microsoft ODBC Driver 18 for SQL Server : SSPI Provider: {why}.\n"
               "Sqlcmd: Error: Microsoft ODBC Driver 18 for SQL Server : Cannot generate SSPI context.")
SSPI_BCP = ("SQLState = HY000, NativeError = 851968\n"
            "Error = [Microsoft][ODBC Driver 18 for SQL Server]SSPI Provider: {why}\n"
            "SQLState = HY000, NativeError = 0\n"
            "Error = [Microsoft][ODBC Driver 18 for SQL Server]Cannot generate SSPI context")
KINIT = "kinit -kt ~/.keytab/hackroyd.keytab hackroyd@KHS.LOCAL"


def klist(day, start, end, renew):
    return ("Ticket cache: FILE:/tmp/krb5cc_1000\n"
            "Default principal: hackroyd@KHS.LOCAL\n\n"
            "Valid starting       Expires              Service principal\n"
            f"{day} {start}  {day} {end}  krbtgt/KHS.LOCAL@KHS.LOCAL\n"
            f"\trenew until {renew}")


AG_RO = ("The target database ('{db}') is in an availability group and is currently accessible for connections "
         "when the application intent is set to read only. For more information about application intent, see "
         "SQL Server Books Online.")


# ---------------------------------------------------------------- repo files

README = """# khs-dba

DBA repo for the Wardline SQL Server estate (Kirkgate Health Systems). Owned by the DBA team
(Harriet Ackroyd, Dan Oduya). Nothing in here runs on a schedule by itself; SQL Agent does that.

## Estate

| instance | OS | role |
|---|---|---|
| KHS-SQLAG01 / KHS-SQLAG02 | Windows Server 2022 | AG-Wardline, synchronous commit (listener wardline-lst) |
| KHS-SQLDR01 | Windows Server 2022 | AG-Wardline, asynchronous DR replica at the Bradford site |
| khs-sqltest01 / khs-sqltest02 | RHEL 9 | test and UAT, refreshed from prod backups (scrubbed) |
| khs-sqldev01 | RHEL 9 | dev, Flyway target `dev` |

Secondaries are readable for read-intent connections only. All SQL Server 2022 CU16.

## Layout

- `flyway/` - `flyway.toml` (environments dev, test, uat) and `migrations/` for WardlineCore
- `sql/deploy/` - one-off deploy scripts (procs, fixes), run with `sqlcmd ... -b -i`
- `sql/reports/` - ad-hoc report queries
- `notebooks/` - Azure Data Studio notebooks exported to .sql
- `scripts/refresh/` - test refresh helpers (PII scrub, post-restore fixes)
- `maintenance/jobs/` - Ola Hallengren job step definitions as deployed
- `runbooks/` - test refresh, AG checks, patching

## Connecting

Windows auth everywhere (Kerberos from Linux). Keep a ticket: `kinit -kt ~/.keytab/<you>.keytab <you>@KHS.LOCAL`
(the keytab is yours, mode 600, renew daily). No SQL logins for people.

    sqlcmd -S khs-sqldev01 -E -d WardlineCore -b -i sql/deploy/<file>.sql
    cd flyway && flyway -environment=dev info
    pwsh -NoProfile -Command 'Get-DbaAgDatabase -SqlInstance KHS-SQLAG01'
"""

FLYWAY_TOML = """[flyway]
locations = ["filesystem:migrations"]
defaultSchema = "dbo"
validateMigrationNaming = true
mixed = false

[environments.dev]
url = "jdbc:sqlserver://khs-sqldev01.khs.local:1433;databaseName=WardlineCore;encrypt=true;integratedSecurity=true;authenticationScheme=JavaKerberos"

[environments.test]
url = "jdbc:sqlserver://khs-sqltest01.khs.local:1433;databaseName=WardlineCore_Test;encrypt=true;integratedSecurity=true;authenticationScheme=JavaKerberos"

[environments.uat]
url = "jdbc:sqlserver://khs-sqltest02.khs.local:1433;databaseName=WardlineCore_UAT;encrypt=true;integratedSecurity=true;authenticationScheme=JavaKerberos"
"""

V57 = """SET XACT_ABORT ON;

ALTER TABLE dbo.WardTransfer ADD TransferReasonCode varchar(8) NULL;

ALTER TABLE dbo.WardTransfer WITH CHECK
    ADD CONSTRAINT FK_WardTransfer_TransferReason
    FOREIGN KEY (TransferReasonCode) REFERENCES ref.TransferReason (ReasonCode);
"""

JOB_DURATIONS = """-- Agent job durations over the last N days (run against each AG replica / test instance)
-- sqlcmd -S <server> -E -d msdb -b -W -i sql/reports/agent_job_durations.sql
DECLARE @days int = 7;

SELECT  j.name                                   AS job_name,
        msdb.dbo.agent_datetime(h.run_date, h.run_time) AS started,
        STUFF(STUFF(RIGHT('000000' + CAST(h.run_duration AS varchar(6)), 6), 5, 0, ':'), 3, 0, ':') AS duration,
        CASE h.run_status WHEN 1 THEN 'Succeeded' WHEN 0 THEN 'Failed' ELSE 'Other' END AS outcome
FROM    msdb.dbo.sysjobhistory AS h
JOIN    msdb.dbo.sysjobs       AS j ON j.job_id = h.job_id
WHERE   h.step_id = 0
  AND   msdb.dbo.agent_datetime(h.run_date, h.run_time) >= DATEADD(DAY, -@days, GETDATE())
ORDER BY started DESC;
"""

READMISSIONS = """-- 30-day readmissions by specialty, previous calendar month (for the trust's contract report)
-- run on a readable secondary, never the primary
SET NOCOUNT ON;
DECLARE @from date = DATEADD(MONTH, DATEDIFF(MONTH, 0, GETDATE()) - 1, 0);
DECLARE @to   date = DATEADD(MONTH, 1, @from);

WITH discharges AS (
    SELECT s.PatientId, s.SpellId, s.SpecialtyCode, s.DischargedAt
    FROM   dbo.Spell AS s
    WHERE  s.DischargedAt >= @from AND s.DischargedAt < @to
)
SELECT  d.SpecialtyCode,
        COUNT(*)                                            AS discharges,
        SUM(CASE WHEN r.SpellId IS NOT NULL THEN 1 ELSE 0 END) AS readmitted_30d
FROM    discharges AS d
OUTER APPLY (
    SELECT TOP (1) s2.SpellId
    FROM   dbo.Spell AS s2
    WHERE  s2.PatientId = d.PatientId
      AND  s2.AdmittedAt > d.DischargedAt
      AND  s2.AdmittedAt < DATEADD(DAY, 30, d.DischargedAt)
    ORDER BY s2.AdmittedAt
) AS r
GROUP BY d.SpecialtyCode
ORDER BY d.SpecialtyCode;
"""

NB_OCCUPANCY = """-- Exported from Azure Data Studio notebook: bed_occupancy.ipynb
-- Cell 1 (markdown): Daily bed occupancy per ward, midnight census. Used by the ops dashboard prototype.

-- Cell 2
SELECT TOP (10) * FROM dbo.Bed;

-- Cell 3
SELECT  w.WardCode,
        c.CensusDate,
        COUNT(DISTINCT b.BedId)                                   AS beds,
        COUNT(DISTINCT CASE WHEN o.BedId IS NOT NULL THEN b.BedId END) AS occupied
FROM    dbo.Ward AS w
JOIN    dbo.Bed  AS b ON b.WardId = w.WardId AND b.IsActive = 1
CROSS JOIN (SELECT CAST(DATEADD(DAY, -n, CAST(GETDATE() AS date)) AS date) AS CensusDate
            FROM (VALUES (0),(1),(2),(3),(4),(5),(6)) AS v(n)) AS c
LEFT JOIN dbo.BedOccupancy AS o
       ON o.BedId = b.BedId
      AND o.OccupiedFrom <= CAST(c.CensusDate AS datetime2(0))
      AND (o.OccupiedTo IS NULL OR o.OccupiedTo > CAST(c.CensusDate AS datetime2(0)))
GROUP BY w.WardCode, c.CensusDate
ORDER BY w.WardCode, c.CensusDate;
"""

SCRUB = """-- Post-restore PII scrub for test/UAT copies of WardlineCore. Run after every refresh, before anyone gets access.
-- Invoke-DbaQuery -SqlInstance <test> -Database <db> -File scripts/refresh/scrub_pii.sql -MessagesToOutput
SET XACT_ABORT ON;
SET NOCOUNT ON;

UPDATE dbo.Patient
SET    NhsNumber   = RIGHT('0000000000' + CAST(PatientId AS varchar(10)), 10),
       FamilyName  = CONCAT('Test', PatientId),
       GivenName   = 'Pat',
       DateOfBirth = DATEFROMPARTS(YEAR(DateOfBirth), 1, 1),
       Postcode    = 'LS1 1AA',
       MobilePhone = NULL,
       Email       = NULL;
PRINT CONCAT('patients scrubbed: ', @@ROWCOUNT);

UPDATE dbo.ClinicalNote SET NoteText = N'[scrubbed]';
PRINT CONCAT('notes scrubbed: ', @@ROWCOUNT);

TRUNCATE TABLE audit.AuditLog;
PRINT 'audit log truncated';
"""

REFRESH_RUNBOOK = """# Test / UAT refresh

1. Find last night's full of the source db on the AG (backups run on the secondary KHS-SQLAG02, Ola, to
   \\\\khs-bak01\\sqlbackup, mounted on the Linux boxes at /mnt/sqlbackup):
   `Get-DbaDbBackupHistory -SqlInstance KHS-SQLAG02 -Database <db> -LastFull`
2. Restore over the target with dbatools (`Restore-DbaDatabase ... -WithReplace -DestinationDataDirectory
   /var/opt/mssql/data -DestinationLogDirectory /var/opt/mssql/log`), new name `<db>_Test` / `<db>_UAT`.
3. Scrub: `scripts/refresh/scrub_pii.sql` (Invoke-DbaQuery -File). Nobody gets access before this.
4. `Repair-DbaDbOrphanUser` (the test logins have different SIDs).
5. Recovery model SIMPLE on test copies, post in #wardline-test.
"""

INDEXOPT_JOB = """-- SQL Agent job 'IndexOptimize - USER_DATABASES', step 1 (Ola Hallengren, 2022-12-03 version)
EXECUTE dbo.IndexOptimize
    @Databases = 'USER_DATABASES',
    @FragmentationLow = NULL,
    @FragmentationMedium = 'INDEX_REORGANIZE,INDEX_REBUILD_ONLINE,INDEX_REBUILD_OFFLINE',
    @FragmentationHigh = 'INDEX_REBUILD_ONLINE,INDEX_REBUILD_OFFLINE',
    @FragmentationLevel1 = 5,
    @FragmentationLevel2 = 30,
    @UpdateStatistics = 'ALL',
    @OnlyModifiedStatistics = 'Y',
    @MaxDOP = 4,
    @TimeLimit = 10800,
    @LogToTable = 'Y';
"""

BACKUP_FULL_JOB = """-- SQL Agent job 'DatabaseBackup - USER_DATABASES - FULL', step 1 (runs on every replica; Ola skips
-- the non-preferred ones via @AvailabilityGroupReplicas / backup preference)
EXECUTE dbo.DatabaseBackup
    @Databases = 'USER_DATABASES',
    @Directory = '\\\\khs-bak01\\sqlbackup',
    @BackupType = 'FULL',
    @Verify = 'Y',
    @Compress = 'Y',
    @CheckSum = 'Y',
    @CleanupTime = 192,
    @LogToTable = 'Y';
"""

BACKUP_LOG_JOB = """-- SQL Agent job 'DatabaseBackup - USER_DATABASES - LOG', step 1, every 15 minutes
EXECUTE dbo.DatabaseBackup
    @Databases = 'USER_DATABASES',
    @Directory = '\\\\khs-bak01\\sqlbackup',
    @BackupType = 'LOG',
    @Compress = 'Y',
    @CheckSum = 'Y',
    @CleanupTime = 192,
    @LogToTable = 'Y';
"""

INTEGRITY_JOB = """-- SQL Agent job 'DatabaseIntegrityCheck - USER_DATABASES', step 1, Sundays 01:00
EXECUTE dbo.DatabaseIntegrityCheck
    @Databases = 'USER_DATABASES',
    @CheckCommands = 'CHECKDB',
    @PhysicalOnly = 'N',
    @TimeLimit = 14400,
    @LogToTable = 'Y';
"""

AG_RUNBOOK = """# AG-Wardline checks

- Sync state: `Get-DbaAgDatabase -SqlInstance KHS-SQLAG01 -AvailabilityGroup AG-Wardline`
- Send/redo queues on the DR replica: `sys.dm_hadr_database_replica_states` on KHS-SQLDR01
- Reporting queries go to a secondary (KHS-SQLAG02, or KHS-SQLDR01 for big extracts), never to the primary.
- Patching order: DR01, AG02, fail over, AG01, fail back. Change ticket first.
"""

FILES = {
    R + "/README.md": README,
    R + "/flyway/flyway.toml": FLYWAY_TOML,
    MIG + "V57__ward_transfer_reason.sql": V57,
    R + "/sql/reports/agent_job_durations.sql": JOB_DURATIONS,
    R + "/sql/reports/readmissions_30d.sql": READMISSIONS,
    R + "/notebooks/bed_occupancy.sql": NB_OCCUPANCY,
    R + "/scripts/refresh/scrub_pii.sql": SCRUB,
    R + "/runbooks/test-refresh.md": REFRESH_RUNBOOK,
    R + "/runbooks/ag-checks.md": AG_RUNBOOK,
    R + "/maintenance/jobs/IndexOptimize-USER_DATABASES.sql": INDEXOPT_JOB,
    R + "/maintenance/jobs/DatabaseBackup-USER_DATABASES-FULL.sql": BACKUP_FULL_JOB,
    R + "/maintenance/jobs/DatabaseBackup-USER_DATABASES-LOG.sql": BACKUP_LOG_JOB,
    R + "/maintenance/jobs/DatabaseIntegrityCheck-USER_DATABASES.sql": INTEGRITY_JOB,
}


def pw(cmd):
    """The PowerShell command as pwsh sees it, wrapped for bash in double quotes."""
    esc = cmd.replace("\\", "\\\\").replace("$", "\\$").replace('"', '\\"').replace("`", "\\`")
    return 'pwsh -NoProfile -Command "' + esc + '"'


def ag_state(dr="Synchronizing"):
    rows = []
    for inst, role in (("KHS-SQLAG01", "Primary"), ("KHS-SQLAG02", "Secondary"), ("KHS-SQLDR01", "Secondary")):
        for db in ("WardlineCore", "WardlineAudit", "WardlineDocs"):
            rows.append([inst, role, db, dr if inst == "KHS-SQLDR01" else "Synchronized", "False"])
    return ft(["SqlInstance", "LocalReplicaRole", "Name", "SynchronizationState", "IsSuspended"], rows)


AGCMD = ("Get-DbaAgDatabase -SqlInstance KHS-SQLAG01,KHS-SQLAG02,KHS-SQLDR01 -AvailabilityGroup AG-Wardline | "
         "Select-Object SqlInstance, LocalReplicaRole, Name, SynchronizationState, IsSuspended | Format-Table -AutoSize")


# ---------------------------------------------------------------- the month

def gen():
    d = Dev("mssql-dba", U, "en", MODEL, seed=61127, files=FILES)

    # ================= S1 =================
    with d.session("2026-10-12T08:50:00", R, branch="main", version="2.1.142"):
        t = d.task("morning. new laptop, fresh clone of khs-dba. give me a quick lay of the land - what's in here and "
                   "what's changed lately", tags=["noise", "long_output"])
        t.glob("**/*", [R + "/README.md", R + "/flyway/flyway.toml", MIG + "V57__ward_transfer_reason.sql",
                        R + "/maintenance/jobs/DatabaseBackup-USER_DATABASES-FULL.sql",
                        R + "/maintenance/jobs/DatabaseBackup-USER_DATABASES-LOG.sql",
                        R + "/maintenance/jobs/DatabaseIntegrityCheck-USER_DATABASES.sql",
                        R + "/maintenance/jobs/IndexOptimize-USER_DATABASES.sql",
                        R + "/notebooks/bed_occupancy.sql", R + "/runbooks/ag-checks.md",
                        R + "/runbooks/test-refresh.md", R + "/scripts/refresh/scrub_pii.sql",
                        R + "/sql/reports/agent_job_durations.sql", R + "/sql/reports/readmissions_30d.sql"])
        t.read(R + "/README.md")
        t.bash("git log --oneline -25", "Recent commits", out="""\
8d41c2e flyway: V57 ward transfer reason
e02b9a7 runbooks: ag-checks, patching order for CU16
5f7c311 maintenance: IndexOptimize @TimeLimit 3h
a93e0d4 reports: readmissions_30d uses OUTER APPLY
71b2f68 refresh: truncate audit log after scrub
c4e8a1b flyway: V56 outpatient clinic codes
2b6f9e0 notebooks: bed occupancy export from ADS
9e1d7c3 maintenance: backups to khs-bak01, CleanupTime 192
3a5c0f8 flyway: V55 nhs number check constraint
d60b2e4 deploy: usp_DischargePatient fix for null ward
0f9a8c1 runbooks: test refresh, Linux paths
6c3d5b9 flyway: V54 ward event type lookup
b7e2a40 reports: agent_job_durations
1d8f6e2 flyway: V53 bed status history
e9c4a73 maintenance: IntegrityCheck Sundays 01:00
47a1b3d flyway: V52 patient alert flags
c2d0e58 deploy: usp_AdmitPatient uses ward capacity check
8b5f1a6 flyway: V51 audit log partitioning
5e3c9d2 flyway: toml config (Flyway 10)
a0f4b87 flyway: V50 referral source codes
3c7e2d1 refresh: scrub_pii.sql
f18b6a9 flyway: V49 discharge checklist
0d2e5c4 flyway: V48 ward bay layout
96b3a1e README: estate table
4e7d0c2 initial import from the old DBA share""")
        t.done("`khs-dba` is the DBA team's repo for the Wardline estate:\n"
               "- **flyway/**: `flyway.toml` with environments dev (khs-sqldev01), test (khs-sqltest01) and uat "
               "(khs-sqltest02), all Kerberos/integrated auth; `migrations/` for WardlineCore, currently at V57 "
               "(ward transfer reason).\n"
               "- **sql/deploy/** one-off deploy scripts run with `sqlcmd -b -i`, **sql/reports/** ad-hoc reports "
               "(agent job durations, 30-day readmissions), **notebooks/** ADS notebook exports.\n"
               "- **scripts/refresh/scrub_pii.sql** is the post-restore scrub for test/UAT copies; the steps are in "
               "`runbooks/test-refresh.md`.\n"
               "- **maintenance/jobs/** holds the Ola Hallengren job steps as deployed (FULL/LOG backups to "
               "khs-bak01, IntegrityCheck on Sundays, IndexOptimize with a 3 h limit).\n\n"
               "Recent work: V55-V57 migrations, IndexOptimize time limit, the CU16 patching order in the AG runbook "
               "and the audit-log truncate in the refresh scrub.")

        t = d.task("do the morning checks on AG-Wardline: overnight agent jobs on both replicas, anything in "
                   "CommandLog with errors, and AG sync state. show job durations as hh:mm:ss please, not seconds",
                   tags=["workflow:W3", "pref:P2"])
        t.bash(pw("Get-DbaAgentJobHistory -SqlInstance KHS-SQLAG01,KHS-SQLAG02 -StartDate (Get-Date).AddHours(-18) "
                  "-ExcludeJobSteps | Select-Object SqlInstance, Job, StartDate, Duration, Status | Format-Table -AutoSize"),
               "Overnight job history on both AG replicas",
               out=ft(["SqlInstance", "Job", "StartDate", "Duration", "Status"], [
                   ["KHS-SQLAG01", "DatabaseBackup - SYSTEM_DATABASES - FULL", "11/10/2026 23:00:00", "00:00:41", "Succeeded"],
                   ["KHS-SQLAG01", "IndexOptimize - USER_DATABASES", "12/10/2026 02:00:00", "01:12:37", "Succeeded"],
                   ["KHS-SQLAG01", "CommandLog Cleanup", "12/10/2026 04:00:00", "00:00:02", "Succeeded"],
                   ["KHS-SQLAG02", "DatabaseBackup - USER_DATABASES - FULL", "11/10/2026 23:30:00", "00:47:12", "Succeeded"],
                   ["KHS-SQLAG02", "DatabaseBackup - SYSTEM_DATABASES - FULL", "11/10/2026 23:00:00", "00:00:38", "Succeeded"],
                   ["KHS-SQLAG02", "DatabaseBackup - USER_DATABASES - LOG", "12/10/2026 08:45:00", "00:00:09", "Succeeded"],
                   ["KHS-SQLAG02", "sp_delete_backuphistory", "12/10/2026 04:05:00", "00:00:04", "Succeeded"],
               ]))
        t.bash("sqlcmd -S KHS-SQLAG01 -E -d master -W -Q \"SELECT TOP (20) ID, DatabaseName, CommandType, "
               "StartTime, ErrorNumber, LEFT(ErrorMessage, 120) AS ErrorMessage FROM dbo.CommandLog WHERE StartTime "
               ">= DATEADD(HOUR, -18, SYSDATETIME()) AND ErrorNumber <> 0 ORDER BY StartTime DESC\"",
               "Ola CommandLog errors in the last 18 hours",
               out=sq(["ID", "DatabaseName", "CommandType", "StartTime", "ErrorNumber", "ErrorMessage"], []))
        t.bash(pw(AGCMD), "AG database sync state", out=ag_state())
        t.done("All green this morning.\n\n"
               "| replica | job | duration | outcome |\n|---|---|---|---|\n"
               "| KHS-SQLAG02 | USER_DATABASES FULL (23:30) | 00:47:12 | Succeeded |\n"
               "| KHS-SQLAG01 | IndexOptimize (02:00) | 01:12:37 | Succeeded |\n"
               "| both | SYSTEM_DATABASES FULL | 00:00:41 / 00:00:38 | Succeeded |\n"
               "| KHS-SQLAG02 | LOG backups, latest 08:45 | 00:00:09 | Succeeded |\n\n"
               "- CommandLog: no rows with an error number in the last 18 hours.\n"
               "- AG-Wardline: WardlineCore, WardlineAudit and WardlineDocs all Synchronized, none suspended.")

        t = d.task("quick one, no need to run anything: cost threshold for parallelism is still 5 on the AG boxes "
                   "(16 cores each). what would you set it to and would you touch MAXDOP", tags=["noise", "no_tools"])
        t.done("I'd raise cost threshold to **50** as a starting point. 5 is the 1990s default, so every moderately "
               "sized plan goes parallel and you pay CXPACKET/CXCONSUMER waits for queries that would finish faster "
               "serially. After the change, watch `sys.dm_os_wait_stats` and the top queries by CPU in Query Store "
               "for a week; if the reporting queries on the secondary suffer, 35-40 is a reasonable compromise.\n\n"
               "MAXDOP: for 16 cores on one NUMA node the 2022 guidance is 8 and setup already suggests it. If they "
               "show as 2 NUMA nodes of 8, keep MAXDOP at 8 too. Both are online changes (`sp_configure` + "
               "`RECONFIGURE`) and plans recompile as they're used, so do it out of hours on both replicas; it's "
               "instance-level, so it doesn't follow the AG.")

        t = d.task("new deploy script for the audit purge proc audit.usp_PurgeAuditLog: deletes audit.AuditLog rows "
                   "older than @RetentionDays (default 400) in batches of 5000, plus an index on LoggedAt if it's "
                   "missing. SET XACT_ABORT ON at the top of the script please. run it on dev",
                   tags=["mistake:M1", "pref:P1"])
        PURGE = R + "/sql/deploy/2026-10-12_usp_PurgeAuditLog.sql"
        t.write(PURGE, """-- audit.usp_PurgeAuditLog: delete audit rows older than @RetentionDays in batches
-- deploy: sqlcmd -S <server> -E -d WardlineCore -b -i sql/deploy/2026-10-12_usp_PurgeAuditLog.sql
SET XACT_ABORT ON;
SET NOCOUNT ON;

IF NOT EXISTS (SELECT 1 FROM sys.indexes WHERE name = N'IX_AuditLog_LoggedAt' AND object_id = OBJECT_ID(N'audit.AuditLog'))
    CREATE INDEX IX_AuditLog_LoggedAt ON audit.AuditLog (LoggedAt) WITH (ONLINE = ON);

CREATE OR ALTER PROCEDURE audit.usp_PurgeAuditLog
    @RetentionDays int = 400,
    @BatchSize     int = 5000
AS
BEGIN
    SET NOCOUNT ON;
    SET XACT_ABORT ON;

    DECLARE @cutoff datetime2(0) = DATEADD(DAY, -@RetentionDays, SYSUTCDATETIME());
    DECLARE @rows int = 1;

    WHILE @rows > 0
    BEGIN
        DELETE TOP (@BatchSize) FROM audit.AuditLog WHERE LoggedAt < @cutoff;
        SET @rows = @@ROWCOUNT;
    END
END;
""")
        t.fail("sqlcmd -S khs-sqldev01 -E -d WardlineCore -b -i sql/deploy/2026-10-12_usp_PurgeAuditLog.sql",
               "Deploy the purge proc to dev",
               "Msg 111, Level 15, State 1, Server khs-sqldev01, Line 9\n"
               "'CREATE/ALTER PROCEDURE' must be the first statement in a query batch.")
        t.say("The whole file went to the server as one batch, and CREATE OR ALTER PROCEDURE has to start a batch of "
              "its own. Nothing ran (it's a compile error). Adding a batch separator before the procedure.")
        t.edit(PURGE, "CREATE OR ALTER PROCEDURE audit.usp_PurgeAuditLog",
               "GO\n\nCREATE OR ALTER PROCEDURE audit.usp_PurgeAuditLog")
        t.bash("sqlcmd -S khs-sqldev01 -E -d WardlineCore -b -i sql/deploy/2026-10-12_usp_PurgeAuditLog.sql",
               "Deploy the purge proc to dev", out="")
        t.bash("sqlcmd -S khs-sqldev01 -E -d WardlineCore -W -Q \"SELECT OBJECT_ID('audit.usp_PurgeAuditLog') AS proc_id, "
               "INDEXPROPERTY(OBJECT_ID('audit.AuditLog'), 'IX_AuditLog_LoggedAt', 'IndexID') AS ix_id\"",
               "Check the proc and index exist",
               out=sq(["proc_id", "ix_id"], [["1282103608", "7"]]))
        t.done("Deployed to dev (khs-sqldev01 / WardlineCore): `audit.usp_PurgeAuditLog` exists and "
               "`IX_AuditLog_LoggedAt` is there (index id 7).\n\n"
               "The first run stopped with Msg 111: the index and the procedure were in one batch. I put a `GO` before "
               "`CREATE OR ALTER PROCEDURE`; the script starts with `SET XACT_ABORT ON` / `SET NOCOUNT ON` as asked. "
               "Script: `sql/deploy/2026-10-12_usp_PurgeAuditLog.sql` (not committed).")

    # ================= S2 =================
    with d.session("2026-10-14T09:35:00", R, branch="main", version="2.1.143"):
        t = d.task("how bigis dbo.WardEvent on test now (rows + reserved MB), and when were its stats last updated",
                   tags=["mistake:M3"])
        Q_WE = ("sqlcmd -S khs-sqltest01 -E -d WardlineCore_Test -W -Q \"SELECT SUM(ps.row_count) AS row_count, "
                "SUM(ps.reserved_page_count) * 8 / 1024 AS reserved_mb FROM sys.dm_db_partition_stats AS ps WHERE "
                "ps.object_id = OBJECT_ID('dbo.WardEvent') AND ps.index_id IN (0, 1); SELECT s.name, "
                "STATS_DATE(s.object_id, s.stats_id) AS last_updated FROM sys.stats AS s WHERE s.object_id = "
                "OBJECT_ID('dbo.WardEvent') ORDER BY last_updated\"")
        t.fail(Q_WE, "WardEvent size and stats dates on test",
               SSPI_SQLCMD.format(why="No Kerberos credentials available (default cache: FILE:/tmp/krb5cc_1000)"))
        t.say("sqlcmd couldn't get a Kerberos service ticket: there's no TGT in the cache (new day, no kinit yet). "
              "Getting one from your keytab as the README describes, then the same query again.")
        t.bash(KINIT, "Get a Kerberos ticket from the keytab", out="")
        t.bash("klist", "Check the ticket", out=klist("14/10/26", "09:41:12", "19:41:12", "21/10/26 09:41:12"))
        t.bash(Q_WE, "WardEvent size and stats dates on test", out=(
            sq(["row_count", "reserved_mb"], [["48213340", "9274"]]) + "\n" +
            sq(["name", "last_updated"], [
                ["IX_WardEvent_WardId_EventAt", "2026-10-06 02:31:18.927"],
                ["IX_WardEvent_PatientId", "2026-10-06 02:33:02.410"],
                ["PK_WardEvent", "2026-10-13 02:14:45.113"],
                ["_WA_Sys_00000005_5AEE82B9", "2026-10-13 02:14:51.660"]])))
        t.done("dbo.WardEvent on khs-sqltest01 (WardlineCore_Test): **48,213,340 rows, ~9.1 GB reserved** "
               "(9,274 MB, heap/clustered only).\n\nStats: PK_WardEvent and the auto-created column stat were "
               "updated 13 Oct 02:14 (IndexOptimize, modified-only), the two nonclustered index stats on 6 Oct.\n\n"
               "The first attempt failed because there was no Kerberos ticket yet today; I ran `kinit` with your "
               "keytab (valid until 19:41).")

        t = d.task("flyway migration for Referral.TriageCategory, tinyint null, check 1-5. keep the versions "
                   "sequential, next integer after what's there. migrate dev, show info, commit",
                   tags=["workflow:W1", "pref:P3"])
        t.glob("flyway/migrations/*.sql", [MIG + "V57__ward_transfer_reason.sql"], path=R)
        t.read(MIG + "V57__ward_transfer_reason.sql")
        t.write(MIG + "V58__referral_triage_category.sql", """SET XACT_ABORT ON;

ALTER TABLE dbo.Referral ADD TriageCategory tinyint NULL;
GO

ALTER TABLE dbo.Referral WITH CHECK
    ADD CONSTRAINT CK_Referral_TriageCategory CHECK (TriageCategory BETWEEN 1 AND 5);
""")
        t.bash("(cd flyway && flyway -environment=dev migrate)", "Apply pending migrations to dev", out=(
            FLYWAY_BANNER + DEVJDBC + "\n"
            "Successfully validated 11 migrations (execution time 00:00.181s)\n"
            "Current version of schema [dbo]: 57\n"
            "Migrating schema [dbo] to version \"58 - referral triage category\"\n"
            "Successfully applied 1 migration to schema [dbo], now at version v58 (execution time 00:00.094s)"))
        MIGS = list(BASE_MIGS) + [("Versioned", "58", "referral triage category", "SQL", "2026-10-14 09:52:26",
                                   "Success", "No")]
        t.bash("(cd flyway && flyway -environment=dev info)", "Migration state on dev", out=fw_info(MIGS, "58"))
        t.bash("git add flyway/migrations/V58__referral_triage_category.sql && git commit -m \"flyway: V58 referral "
               "triage category\"", "Commit the migration",
               out="[main 3e7b05a] flyway: V58 referral triage category\n 1 file changed, 7 insertions(+)\n "
                   "create mode 100644 flyway/migrations/V58__referral_triage_category.sql")
        t.done("V58 (`V58__referral_triage_category.sql`) adds `dbo.Referral.TriageCategory tinyint NULL` with "
               "`CK_Referral_TriageCategory` (1-5). Applied to dev, `flyway info` shows v58 Success on top of V48-V57. "
               "Committed as 3e7b05a, not pushed.")

        t = d.task("add avg and max duration per job to sql/reports/agent_job_durations.sql, keep the detail rows "
                   "too. try it on KHS-SQLAG02", tags=["oneoff:O1"])
        JD = R + "/sql/reports/agent_job_durations.sql"
        t.read(JD)
        t.edit(JD, "ORDER BY started DESC;\n", """ORDER BY started DESC;

-- per job: runs, average and longest duration (run_duration is HHMMSS as an int)
SELECT  j.name AS job_name,
        COUNT(*) AS runs,
        CONVERT(varchar(8), DATEADD(SECOND, AVG(h.run_duration / 10000 * 3600 + h.run_duration / 100 % 100 * 60 + h.run_duration % 100), 0), 108) AS avg_duration,
        CONVERT(varchar(8), DATEADD(SECOND, MAX(h.run_duration / 10000 * 3600 + h.run_duration / 100 % 100 * 60 + h.run_duration % 100), 0), 108) AS max_duration,
        h.run_status
FROM    msdb.dbo.sysjobhistory AS h
JOIN    msdb.dbo.sysjobs       AS j ON j.job_id = h.job_id
WHERE   h.step_id = 0
  AND   msdb.dbo.agent_datetime(h.run_date, h.run_time) >= DATEADD(DAY, -@days, GETDATE())
GROUP BY j.name
ORDER BY max_duration DESC;
""")
        JDCMD = "sqlcmd -S KHS-SQLAG02 -E -d msdb -b -W -i sql/reports/agent_job_durations.sql"
        t.fail(JDCMD, "Run the job duration report on AG02",
               "Msg 8120, Level 16, State 1, Server KHS-SQLAG02, Line 20\n"
               "Column 'msdb.dbo.sysjobhistory.run_status' is invalid in the select list because it is not contained "
               "in either an aggregate function or the GROUP BY clause.")
        t.say("I left `h.run_status` in the summary's select list without grouping on it. Replacing it with a "
              "failure count, which is what's useful per job anyway.")
        t.edit(JD, "        h.run_status\nFROM", "        SUM(CASE WHEN h.run_status = 0 THEN 1 ELSE 0 END) AS failed\nFROM")
        t.bash(JDCMD, "Run the job duration report on AG02", out=(
            sq(["job_name", "started", "duration", "outcome"], [
                ["DatabaseBackup - USER_DATABASES - LOG", "2026-10-14 10:00:00.000", "00:00:08", "Succeeded"],
                ["DatabaseBackup - USER_DATABASES - LOG", "2026-10-14 09:45:00.000", "00:00:07", "Succeeded"],
                ["DatabaseBackup - USER_DATABASES - FULL", "2026-10-13 23:30:00.000", "00:46:51", "Succeeded"],
                ["DatabaseBackup - SYSTEM_DATABASES - FULL", "2026-10-13 23:00:00.000", "00:00:37", "Succeeded"],
                ["sp_delete_backuphistory", "2026-10-13 04:05:00.000", "00:00:04", "Succeeded"],
                ["...", "", "", ""]], affected=False) + "\n\n(702 rows affected)\n" +
            sq(["job_name", "runs", "avg_duration", "max_duration", "failed"], [
                ["DatabaseBackup - USER_DATABASES - FULL", "7", "00:47:03", "00:49:40", "0"],
                ["DatabaseBackup - SYSTEM_DATABASES - FULL", "7", "00:00:38", "00:00:44", "0"],
                ["DatabaseBackup - USER_DATABASES - LOG", "672", "00:00:08", "00:01:12", "1"],
                ["sp_delete_backuphistory", "7", "00:00:04", "00:00:06", "0"],
                ["syspolicy_purge_history", "7", "00:00:02", "00:00:03", "0"]])))
        t.done("The report now ends with a per-job summary (runs, avg/max duration as hh:mm:ss, failures) after "
               "the detail rows. On KHS-SQLAG02 over 7 days: FULL backups avg 00:47:03 (max 00:49:40), LOG backups "
               "00:00:08 avg with one failure out of 672 runs and a 00:01:12 maximum; everything else is seconds.\n\n"
               "First run failed with Msg 8120 because I'd left `run_status` ungrouped; it's a `failed` count now.")

        t = d.task("reading up on IndexOptimize - what's @FragmentationLevel2 default and does @MinNumberOfPages "
                   "matter for us? we have loads of tiny lookup tables", tags=["noise", "webfetch"])
        t.webfetch("https://ola.hallengren.com/sql-server-index-and-statistics-maintenance.html",
                   "Defaults and meaning of FragmentationLevel1, FragmentationLevel2, MinNumberOfPages, MaxNumberOfPages",
                   "**FragmentationLevel1**: Set the lower limit, as a percentage, for medium fragmentation. The "
                   "default is 5 percent. This is based on Microsoft's recommendation.\n\n"
                   "**FragmentationLevel2**: Set the lower limit, as a percentage, for high fragmentation. The default "
                   "is 30 percent.\n\n**MinNumberOfPages**: Set a size, in pages; indexes with fewer number of pages "
                   "are skipped for index maintenance. The default is 1000 pages. This is based on Microsoft's "
                   "recommendation.\n\n**MaxNumberOfPages**: Set a size, in pages; indexes with greater number of pages "
                   "are skipped for index maintenance. The default is no limitation.")
        t.read(R + "/maintenance/jobs/IndexOptimize-USER_DATABASES.sql")
        t.done("From Ola's docs: `@FragmentationLevel1` defaults to 5 %, `@FragmentationLevel2` to **30 %** "
               "(our job sets both explicitly to the defaults). `@MinNumberOfPages` defaults to **1000 pages** "
               "(~8 MB): anything smaller is skipped, so your lookup tables are already ignored. We don't pass it, "
               "so the default applies. No change needed; lowering it would just churn tiny indexes that fit in a "
               "few extents anyway.")

    # ================= S3 =================
    with d.session("2026-10-16T10:05:00", R, branch="main", version="2.1.144"):
        t = d.task("reporting say the monthly bed occupancy query is slow on the secondary. run the occupancy "
                   "query from the notebook export against KHS-SQLAG02 / WardlineCore with stats time+io and tell me "
                   "what it costs", tags=["mistake:M2"])
        t.read(R + "/notebooks/bed_occupancy.sql")
        OCC = ("sqlcmd -S KHS-SQLAG02 -E -d WardlineCore -W -Q \"SET STATISTICS TIME, IO ON; SELECT w.WardCode, "
               "c.CensusDate, COUNT(DISTINCT b.BedId) AS beds, COUNT(DISTINCT CASE WHEN o.BedId IS NOT NULL THEN "
               "b.BedId END) AS occupied FROM dbo.Ward AS w JOIN dbo.Bed AS b ON b.WardId = w.WardId AND "
               "b.IsActive = 1 CROSS JOIN (SELECT CAST(DATEADD(DAY, -n, CAST(GETDATE() AS date)) AS date) AS "
               "CensusDate FROM (VALUES (0),(1),(2),(3),(4),(5),(6)) AS v(n)) AS c LEFT JOIN dbo.BedOccupancy AS o "
               "ON o.BedId = b.BedId AND o.OccupiedFrom <= CAST(c.CensusDate AS datetime2(0)) AND (o.OccupiedTo IS "
               "NULL OR o.OccupiedTo > CAST(c.CensusDate AS datetime2(0))) GROUP BY w.WardCode, c.CensusDate "
               "ORDER BY w.WardCode, c.CensusDate\"")
        t.fail(OCC, "Run the occupancy query on the secondary with stats",
               "Sqlcmd: Error: Microsoft ODBC Driver 18 for SQL Server : " + AG_RO.format(db="WardlineCore") + ".")
        t.say("KHS-SQLAG02 is a secondary that only accepts read-intent connections, and asking for WardlineCore at "
              "login without one is refused. Same query with the application intent set to read only.")
        t.bash(OCC.replace("-E -d WardlineCore", "-E -K ReadOnly -d WardlineCore"),
               "Run the occupancy query on the secondary with read-intent", out=(
                   sq(["WardCode", "CensusDate", "beds", "occupied"], [
                       ["AMU1", "2026-10-10", "32", "31"], ["AMU1", "2026-10-11", "32", "32"],
                       ["AMU1", "2026-10-12", "32", "30"], ["...", "", "", ""],
                       ["WD45", "2026-10-16", "28", "22"]], affected=False) + "\n\n(294 rows affected)\n"
                   "Table 'BedOccupancy'. Scan count 1974, logical reads 1288311, physical reads 0, page server reads 0, "
                   "read-ahead reads 0, page server read-ahead reads 0, lob logical reads 0, lob physical reads 0, lob "
                   "page server reads 0, lob read-ahead reads 0, lob page server read-ahead reads 0.\n"
                   "Table 'Worktable'. Scan count 0, logical reads 0, physical reads 0, page server reads 0, read-ahead "
                   "reads 0, page server read-ahead reads 0, lob logical reads 0, lob physical reads 0, lob page server "
                   "reads 0, lob read-ahead reads 0, lob page server read-ahead reads 0.\n"
                   "Table 'Bed'. Scan count 7, logical reads 84, physical reads 0, page server reads 0, read-ahead "
                   "reads 0, page server read-ahead reads 0, lob logical reads 0, lob physical reads 0, lob page server "
                   "reads 0, lob read-ahead reads 0, lob page server read-ahead reads 0.\n"
                   "Table 'Ward'. Scan count 1, logical reads 2, physical reads 0, page server reads 0, read-ahead "
                   "reads 0, page server read-ahead reads 0, lob logical reads 0, lob physical reads 0, lob page server "
                   "reads 0, lob read-ahead reads 0, lob page server read-ahead reads 0.\n\n"
                   " SQL Server Execution Times:\n   CPU time = 11453 ms,  elapsed time = 11871 ms."))
        t.bash("sqlcmd -S KHS-SQLAG02 -E -K ReadOnly -d WardlineCore -W -Q \"SELECT i.name, "
               "STRING_AGG(c.name, ',') WITHIN GROUP (ORDER BY ic.key_ordinal) AS keys FROM sys.indexes AS i JOIN "
               "sys.index_columns AS ic ON ic.object_id = i.object_id AND ic.index_id = i.index_id AND "
               "ic.is_included_column = 0 JOIN sys.columns AS c ON c.object_id = ic.object_id AND c.column_id = "
               "ic.column_id WHERE i.object_id = OBJECT_ID('dbo.BedOccupancy') GROUP BY i.name\"",
               "Indexes on BedOccupancy",
               out=sq(["name", "keys"], [["PK_BedOccupancy", "BedOccupancyId"],
                                         ["IX_BedOccupancy_PatientId", "PatientId"]]))
        t.done("On KHS-SQLAG02 the occupancy query takes **~11.9 s elapsed / 11.5 s CPU** for 294 rows, almost all "
               "of it in `BedOccupancy`: 1,974 scans and 1.29 M logical reads (all from memory). There is no index "
               "leading on `BedId`, only the PK and `PatientId`, so every bed x census day scans the table.\n\n"
               "Suggested fix (a migration on the primary, it follows to the secondaries): "
               "`CREATE INDEX IX_BedOccupancy_BedId_From ON dbo.BedOccupancy (BedId, OccupiedFrom) INCLUDE "
               "(OccupiedTo) WITH (ONLINE = ON)`.\n\nNote: connections to AG02 for WardlineCore need read-intent "
               "(`-K ReadOnly`); the first attempt without it was refused at login.")

        t = d.task("test refresh: WardlineCore onto khs-sqltest01 as WardlineCore_Test from last night's full. the "
                   "usual, scrub and orphans included", tags=["workflow:W2", "long_output"])
        t.read(R + "/runbooks/test-refresh.md")
        t.bash(pw("Get-DbaDbBackupHistory -SqlInstance KHS-SQLAG02 -Database WardlineCore -LastFull | Select-Object "
                  "SqlInstance, Database, Type, Start, TotalSize, CompressedBackupSize, Path | Format-List"),
               "Last full backup of WardlineCore", out="""
SqlInstance          : KHS-SQLAG02
Database             : WardlineCore
Type                 : Full
Start                : 15/10/2026 23:30:04
TotalSize            : 212.47 GB
CompressedBackupSize : 41.86 GB
Path                 : {\\\\khs-bak01\\sqlbackup\\KHS-WSFC01$AG-Wardline\\WardlineCore\\FULL\\KHS-WSFC01$AG-Wardline_WardlineCore_FULL_20261015_233004.bak}
""")
        t.bash(pw("Restore-DbaDatabase -SqlInstance khs-sqltest01 -Path '"
                  "/mnt/sqlbackup/KHS-WSFC01$AG-Wardline/WardlineCore/FULL/KHS-WSFC01$AG-Wardline_WardlineCore_FULL_20261015_233004.bak' "
                  "-DatabaseName WardlineCore_Test -ReplaceDbNameInFile -DestinationDataDirectory /var/opt/mssql/data "
                  "-DestinationLogDirectory /var/opt/mssql/log -WithReplace -EnableException | Select-Object "
                  "SqlInstance, Database, DatabaseRestoreTime, RestoreComplete, RestoredFile | Format-List"),
               "Restore WardlineCore_Test from the full", timeout=600000, out="""
SqlInstance         : khs-sqltest01
Database            : WardlineCore_Test
DatabaseRestoreTime : 00:08:41
RestoreComplete     : True
RestoredFile        : WardlineCore_Test.mdf,WardlineCore_Test_1.ndf,WardlineCore_Test_2.ndf,WardlineCore_Test_log.ldf
""")
        t.bash(pw("Invoke-DbaQuery -SqlInstance khs-sqltest01 -Database WardlineCore_Test -File "
                  "scripts/refresh/scrub_pii.sql -MessagesToOutput -EnableException"),
               "PII scrub on the restored copy", timeout=600000,
               out="patients scrubbed: 1184306\nnotes scrubbed: 9736411\naudit log truncated")
        t.bash(pw("Repair-DbaDbOrphanUser -SqlInstance khs-sqltest01 -Database WardlineCore_Test | Format-Table -AutoSize"),
               "Fix orphaned users", out=ft(["ComputerName", "InstanceName", "SqlInstance", "DatabaseName", "User", "Status"], [
                   ["khs-sqltest01", "MSSQLSERVER", "khs-sqltest01", "WardlineCore_Test", "wardline_app", "Success"],
                   ["khs-sqltest01", "MSSQLSERVER", "khs-sqltest01", "WardlineCore_Test", "wardline_reporting", "Success"],
                   ["khs-sqltest01", "MSSQLSERVER", "khs-sqltest01", "WardlineCore_Test", "KHS\\svc-wardline-test", "Success"]]))
        t.bash(pw("Set-DbaDbRecoveryModel -SqlInstance khs-sqltest01 -Database WardlineCore_Test -RecoveryModel Simple "
                  "-Confirm:$false | Format-Table -AutoSize"), "Simple recovery on the test copy",
               out=ft(["ComputerName", "InstanceName", "SqlInstance", "Name", "Status", "IsAccessible", "RecoveryModel",
                       "LastFullBackup", "LastDiffBackup", "LastLogBackup"],
                      [["khs-sqltest01", "MSSQLSERVER", "khs-sqltest01", "WardlineCore_Test", "Normal", "True", "Simple",
                        "01/01/0001 00:00:00", "01/01/0001 00:00:00", "01/01/0001 00:00:00"]]))
        t.done("WardlineCore_Test on khs-sqltest01 is refreshed from the 15 Oct 23:30 full (212 GB, 41.9 GB "
               "compressed): restore 00:08:41, then the scrub (1,184,306 patients, 9,736,411 notes, audit log "
               "truncated), orphaned users fixed (wardline_app, wardline_reporting, KHS\\svc-wardline-test) and "
               "recovery model set to SIMPLE. Ready for the #wardline-test post.")

        t = d.task("is khs-sqltest01 ok after that? check nothing else is blocked and tempdb isn't ballooning",
                   tags=["flaky:F1"])
        TQ = ("sqlcmd -S khs-sqltest01 -E -d tempdb -W -Q \"SELECT SUM(total_page_count) * 8 / 1024 AS tempdb_mb, "
              "SUM(allocated_extent_page_count) * 8 / 1024 AS used_mb FROM sys.dm_db_file_space_usage; SELECT "
              "session_id, blocking_session_id, wait_type, wait_time FROM sys.dm_exec_requests WHERE "
              "blocking_session_id <> 0\"")
        t.fail(TQ, "tempdb usage and blocking on test",
               "Sqlcmd: Error: Microsoft ODBC Driver 18 for SQL Server : Login timeout expired.\n"
               "Sqlcmd: Error: Microsoft ODBC Driver 18 for SQL Server : TCP Provider: Timeout error [258]. .\n"
               "Sqlcmd: Error: Microsoft ODBC Driver 18 for SQL Server : A network-related or instance-specific "
               "error has occurred while establishing a connection to khs-sqltest01. Server is not found or not "
               "accessible. Check if instance name is correct and if SQL Server is configured to allow remote "
               "connections. For more information see SQL Server Books Online..")
        t.say("Login timeout: the restore and scrub just finished there, and the box answered a minute ago. "
              "Trying the same query once more before digging in.")
        t.bash(TQ, "tempdb usage and blocking on test", out=(
            sq(["tempdb_mb", "used_mb"], [["8192", "611"]]) + "\n" +
            sq(["session_id", "blocking_session_id", "wait_type", "wait_time"], [])))
        t.done("khs-sqltest01 is fine: tempdb is 8 GB with ~0.6 GB in use and there's no blocking. The first "
               "connection attempt hit a login timeout; the identical retry a moment later went straight through, "
               "so I'd treat it as a network blip unless it comes back.")

        t = d.task("explain to me like I'm the service desk: if AG01 died right now, what would we lose on AG02 "
                   "vs DR01?", tags=["noise", "no_tools"])
        t.done("**AG02 (synchronous commit): nothing.** A transaction isn't reported committed to Wardline until "
               "its log is hardened on AG02 as well, so if AG01 dies, AG02 has every committed transaction. The "
               "cluster fails over to it automatically within seconds; Wardline reconnects through the listener "
               "(`wardline-lst`) and users see a short blip.\n\n"
               "**DR01 (asynchronous, Bradford): possibly a few seconds of work.** AG01 doesn't wait for DR01, so "
               "whatever was still in the send queue when AG01 died is missing there. Normally that's under a second "
               "to a few seconds of transactions; during big batch jobs it can be more. Moving to DR01 is a manual, "
               "forced decision by the DBA on call, only if both AG01 and AG02 are gone.\n\n"
               "**In one line for the desk:** lose the primary and we carry on from AG02 with no data lost; lose the "
               "whole Leeds site and we restart from Bradford, possibly missing the last few seconds.")

    # ================= S4 (acceptEdits) =================
    with d.session("2026-10-20T09:10:00", R, branch="main", version="2.1.145", permission_mode="acceptEdits"):
        t = d.task("ok let's do the BedOccupancy index from friday as a migration. make sure xact_abort is on so "
                   "half a migration never commits. dev, info, commit", tags=["workflow:W1", "pref:P1"])
        t.glob("flyway/migrations/V5*.sql", [MIG + "V57__ward_transfer_reason.sql",
                                             MIG + "V58__referral_triage_category.sql"], path=R)
        t.write(MIG + "V59__bed_occupancy_bedid_index.sql", """SET XACT_ABORT ON;

CREATE INDEX IX_BedOccupancy_BedId_From
    ON dbo.BedOccupancy (BedId, OccupiedFrom)
    INCLUDE (OccupiedTo)
    WITH (ONLINE = ON, SORT_IN_TEMPDB = ON);
""")
        t.bash("(cd flyway && flyway -environment=dev migrate)", "Apply V59 to dev", out=(
            FLYWAY_BANNER + DEVJDBC + "\n"
            "Successfully validated 12 migrations (execution time 00:00.176s)\n"
            "Current version of schema [dbo]: 58\n"
            "Migrating schema [dbo] to version \"59 - bed occupancy bedid index\"\n"
            "Successfully applied 1 migration to schema [dbo], now at version v59 (execution time 00:04.612s)"))
        MIGS.append(("Versioned", "59", "bed occupancy bedid index", "SQL", "2026-10-20 09:21:40", "Success", "No"))
        t.bash("(cd flyway && flyway -environment=dev info)", "Migration state on dev", out=fw_info(MIGS, "59"))
        t.bash("git add flyway/migrations/V59__bed_occupancy_bedid_index.sql && git commit -m \"flyway: V59 "
               "BedOccupancy (BedId, OccupiedFrom) index\"", "Commit V59",
               out="[main 91c4f2d] flyway: V59 BedOccupancy (BedId, OccupiedFrom) index\n 1 file changed, 6 "
                   "insertions(+)\n create mode 100644 flyway/migrations/V59__bed_occupancy_bedid_index.sql")
        t.done("V59 adds `IX_BedOccupancy_BedId_From (BedId, OccupiedFrom) INCLUDE (OccupiedTo)`, online with "
               "SORT_IN_TEMPDB, and starts with `SET XACT_ABORT ON`. Applied to dev in 4.6 s; `flyway info` shows "
               "v59 Success. Committed as 91c4f2d.")

        t = d.task("typo in runbooks/ag-checks.md, it says the DR replica is at the Bradford site but it moved to "
                   "Wakefield in september. fix pls", tags=["noise"])
        t.read(R + "/runbooks/ag-checks.md")
        t.edit(R + "/runbooks/ag-checks.md", "- Send/redo queues on the DR replica: `sys.dm_hadr_database_replica_states` on KHS-SQLDR01",
               "- Send/redo queues on the DR replica (Wakefield): `sys.dm_hadr_database_replica_states` on KHS-SQLDR01")
        t.read(R + "/README.md", offset=8, limit=10)
        t.edit(R + "/README.md", "asynchronous DR replica at the Bradford site", "asynchronous DR replica at the Wakefield site")
        t.done("Fixed: README's estate table now says the DR replica is at the Wakefield site, and the AG runbook's "
               "send/redo queue line names Wakefield too. (The patching order in the runbook didn't mention a site.)")

        t = d.task("try a copy-only backup of WardlineAudit from AG02 to the blob container, url is in the "
                   "runbook's sibling doc... actually just use https://khsdrbackup.blob.core.windows.net/sql-adhoc",
                   tags=["unfixed:U1"])
        t.fail(pw("Backup-DbaDatabase -SqlInstance KHS-SQLAG02 -Database WardlineAudit -AzureBaseUrl "
                  "https://khsdrbackup.blob.core.windows.net/sql-adhoc -CopyOnly -CompressBackup -Checksum -EnableException"),
               "Copy-only backup of WardlineAudit to blob storage",
               "Backup-DbaDatabase: Backup of WardlineAudit failed | Cannot open backup device "
               "'https://khsdrbackup.blob.core.windows.net/sql-adhoc/KHS-SQLAG02_WardlineAudit_CopyOnly_202610200937.bak'. "
               "Operating system error 86(The specified network password is not correct.).\n"
               "BACKUP DATABASE is terminating abnormally.")
        t.bash("sqlcmd -S KHS-SQLAG02 -E -d master -W -Q \"SELECT name, credential_identity, modify_date FROM "
               "sys.credentials WHERE name LIKE 'https://khsdrbackup%'\"", "Which credential the instance uses",
               out=sq(["name", "credential_identity", "modify_date"], [
                   ["https://khsdrbackup.blob.core.windows.net/sql-adhoc", "SHARED ACCESS SIGNATURE",
                    "2026-04-21 14:03:11.290"]]))
        t.done("The backup didn't run: SQL Server couldn't open the blob (OS error 86, which for URL backups means "
               "the SAS token was rejected). The instance's credential for `sql-adhoc` was last changed 21 Apr, so "
               "its SAS has most likely expired (the cloud team issue them for 6 months).\n\n"
               "Those tokens come from the cloud team's Key Vault, so I've left it: ask them for a new SAS on "
               "`khsdrbackup/sql-adhoc`, then it's a `CREATE CREDENTIAL ... WITH IDENTITY = 'SHARED ACCESS "
               "SIGNATURE'` (or `ALTER CREDENTIAL`) on AG02 and AG01. Nothing was written to the container.")

        t = d.task("list every agent job on khs-sqltest01 with owner, enabled and last outcome. I think some are "
                   "still owned by ppl who left", tags=["noise", "long_output"])
        t.bash(pw("Get-DbaAgentJob -SqlInstance khs-sqltest01 | Select-Object Name, OwnerLoginName, IsEnabled, "
                  "LastRunDate, LastRunOutcome | Sort-Object Name | Format-Table -AutoSize"), "All Agent jobs on test",
               out=ft(["Name", "OwnerLoginName", "IsEnabled", "LastRunDate", "LastRunOutcome"], [
                   ["CommandLog Cleanup", "sa", "True", "19/10/2026 04:00:00", "Succeeded"],
                   ["DatabaseBackup - SYSTEM_DATABASES - FULL", "sa", "True", "19/10/2026 23:00:00", "Succeeded"],
                   ["DatabaseBackup - USER_DATABASES - DIFF", "sa", "False", "02/03/2026 22:00:00", "Succeeded"],
                   ["DatabaseBackup - USER_DATABASES - FULL", "sa", "False", "02/03/2026 23:30:00", "Succeeded"],
                   ["DatabaseBackup - USER_DATABASES - LOG", "sa", "False", "02/03/2026 23:45:00", "Succeeded"],
                   ["DatabaseIntegrityCheck - SYSTEM_DATABASES", "sa", "True", "18/10/2026 00:30:00", "Succeeded"],
                   ["DatabaseIntegrityCheck - USER_DATABASES", "sa", "True", "18/10/2026 01:00:00", "Succeeded"],
                   ["IndexOptimize - USER_DATABASES", "sa", "True", "20/10/2026 02:00:00", "Succeeded"],
                   ["Output File Cleanup", "sa", "True", "19/10/2026 04:00:00", "Succeeded"],
                   ["sp_delete_backuphistory", "sa", "True", "19/10/2026 04:05:00", "Succeeded"],
                   ["sp_purge_jobhistory", "sa", "True", "19/10/2026 04:10:00", "Succeeded"],
                   ["syspolicy_purge_history", "sa", "True", "20/10/2026 02:00:00", "Succeeded"],
                   ["Wardline - nightly census snapshot", "KHS\\m.pritchard", "True", "19/10/2026 23:59:00", "Succeeded"],
                   ["Wardline - purge test notifications", "KHS\\j.bellamy", "True", "20/10/2026 06:00:00", "Failed"],
                   ["Wardline - UAT data reset (manual)", "KHS\\j.bellamy", "False", "14/08/2026 16:22:10", "Succeeded"]]))
        t.done("15 jobs on khs-sqltest01. Ola's jobs and the system ones are owned by `sa`; the user backup jobs "
               "are disabled (test is SIMPLE and refreshed, so that's expected).\n\n"
               "Owned by people:\n"
               "- `Wardline - nightly census snapshot`: KHS\\m.pritchard, enabled, succeeded last night\n"
               "- `Wardline - purge test notifications`: KHS\\j.bellamy, enabled, **failed** this morning\n"
               "- `Wardline - UAT data reset (manual)`: KHS\\j.bellamy, disabled\n\n"
               "If m.pritchard/j.bellamy have left, their jobs will start failing when the AD accounts are disabled "
               "(the purge job's failure may already be that). `Set-DbaAgentJobOwner -SqlInstance khs-sqltest01 -Job "
               "<name> -Login sa` fixes ownership; I haven't changed anything.")

    # ================= S5 =================
    with d.session("2026-10-22T09:25:00", R, branch="main", version="2.1.146"):
        t = d.task("the DW team want last month's discharges as csv, PatientId, SpellId, SpecialtyCode, "
                   "DischargedAt. pull it from khs-sqldev01 for now, they're testing their loader",
                   tags=["mistake:M3"])
        BCP1 = ("bcp \"SELECT PatientId, SpellId, SpecialtyCode, DischargedAt FROM dbo.Spell WHERE DischargedAt >= "
                "'2026-09-01' AND DischargedAt < '2026-10-01' ORDER BY DischargedAt\" queryout "
                "~/exports/discharges_2026-09_dev.csv -S khs-sqldev01 -d WardlineCore -T -c -t, -r \"\\n\"")
        t.fail(BCP1, "Export September discharges from dev to CSV",
               SSPI_BCP.format(why="Ticket expired"))
        t.say("The Kerberos ticket in the cache has expired (it's from an earlier day), so bcp can't authenticate. Renewing it "
              "from the keytab and running the same export.")
        t.bash(KINIT, "Fresh Kerberos ticket from the keytab", out="")
        t.bash(BCP1, "Export September discharges from dev to CSV", out=(
            "\nStarting copy...\n1000 rows successfully bulk-copied to host-file. Total received: 1000\n"
            "1000 rows successfully bulk-copied to host-file. Total received: 2000\n"
            "...\n1000 rows successfully bulk-copied to host-file. Total received: 41000\n\n"
            "41327 rows copied.\nNetwork packet size (bytes): 4096\n"
            "Clock Time (ms.) Total     : 1874   Average : (22048.56 rows per sec.)"))
        t.bash("head -3 ~/exports/discharges_2026-09_dev.csv && wc -l ~/exports/discharges_2026-09_dev.csv",
               "Peek at the file", out="400112,2210873,300,2026-09-01 00:14:00\n"
                                       "388201,2210611,430,2026-09-01 00:52:00\n"
                                       "129877,2210702,100,2026-09-01 01:05:00\n"
                                       "41327 /home/hackroyd/exports/discharges_2026-09_dev.csv")
        t.done("`~/exports/discharges_2026-09_dev.csv`: 41,327 September discharges from khs-sqldev01, comma "
               "separated, no header (bcp doesn't write one; tell the DW team the column order is PatientId, "
               "SpellId, SpecialtyCode, DischargedAt). Dev data is synthetic, fine for a loader test.\n\n"
               "The first bcp failed with an expired Kerberos ticket; renewed with `kinit` from the keytab.")

        t = d.task("monday-ish checks even though it's thursday, I missed them. jobs since monday on both AG "
                   "boxes, commandlog errors, sync", tags=["workflow:W3"])
        t.bash(pw("Get-DbaAgentJobHistory -SqlInstance KHS-SQLAG01,KHS-SQLAG02 -StartDate (Get-Date).AddDays(-4) "
                  "-ExcludeJobSteps | Where-Object Status -ne Succeeded | Select-Object SqlInstance, Job, StartDate, "
                  "Duration, Status | Format-Table -AutoSize"), "Non-successful jobs since Monday",
               out=ft(["SqlInstance", "Job", "StartDate", "Duration", "Status"], [
                   ["KHS-SQLAG02", "DatabaseBackup - USER_DATABASES - LOG", "20/10/2026 14:15:00", "00:01:12", "Failed"]]))
        t.bash("sqlcmd -S KHS-SQLAG02 -E -d master -W -Q \"SELECT ID, DatabaseName, CommandType, StartTime, "
               "ErrorNumber, LEFT(ErrorMessage, 200) AS ErrorMessage FROM dbo.CommandLog WHERE StartTime >= "
               "'2026-10-19' AND ErrorNumber <> 0\"", "CommandLog errors since Monday",
               out=sq(["ID", "DatabaseName", "CommandType", "StartTime", "ErrorNumber", "ErrorMessage"], [
                   ["884213", "WardlineDocs", "BACKUP_LOG", "2026-10-20 14:15:02.183", "3201",
                    "Cannot open backup device '\\\\khs-bak01\\sqlbackup\\KHS-WSFC01$AG-Wardline\\WardlineDocs\\LOG\\"
                    "KHS-WSFC01$AG-Wardline_WardlineDocs_LOG_20261020_141502.trn'. Operating system error 64(The spec"]]))
        t.bash(pw(AGCMD), "AG sync state", out=ag_state())
        t.done("One blip since Monday, nothing ongoing:\n"
               "- KHS-SQLAG02 `DatabaseBackup - USER_DATABASES - LOG` failed once, Tue 20 Oct 14:15 (00:01:12). "
               "CommandLog: WardlineDocs log backup, error 3201, OS error 64 (network name no longer available) on "
               "khs-bak01. The 14:30 run and every run since succeeded, so the log chain just continued from the "
               "next backup.\n- No other failed jobs on either replica.\n- All three databases Synchronized, none "
               "suspended.\n\nWorth asking infra whether khs-bak01 had a network or SMB hiccup at 14:15 on Tuesday.")

        t = d.task("the AG summary you wrote for the service desk last week was far too long, I had to cut half of "
                   "it before it went into the KB. give me the 3-line version", tags=["feedback", "no_tools"],
                   feedback="the AG summary you wrote for the service desk last week was far too long, I had to cut "
                            "half of it before it went into the KB")
        t.done("- Primary server fails: we continue on AG02 within seconds, no data lost.\n"
               "- Whole Leeds site lost: DBA brings Wardline up in Wakefield (DR01), may miss the last few seconds.\n"
               "- Either way users reconnect through the same name; escalate to the on-call DBA.")

        t = d.task("turn the occupancy query from notebooks/bed_occupancy.sql into a view rpt.vw_BedOccupancyDaily "
                   "via flyway (next version). last 7 days like the notebook. migrate dev + info + commit",
                   tags=["mistake:M1", "workflow:W1"])
        t.read(R + "/notebooks/bed_occupancy.sql")
        V60 = MIG + "V60__vw_bed_occupancy_daily.sql"
        t.write(V60, """SET XACT_ABORT ON;

CREATE OR ALTER VIEW rpt.vw_BedOccupancyDaily
AS
SELECT  w.WardCode,
        c.CensusDate,
        COUNT(DISTINCT b.BedId)                                         AS beds,
        COUNT(DISTINCT CASE WHEN o.BedId IS NOT NULL THEN b.BedId END)  AS occupied
FROM    dbo.Ward AS w
JOIN    dbo.Bed  AS b ON b.WardId = w.WardId AND b.IsActive = 1
CROSS JOIN (SELECT CAST(DATEADD(DAY, -n, CAST(GETDATE() AS date)) AS date) AS CensusDate
            FROM (VALUES (0),(1),(2),(3),(4),(5),(6)) AS v(n)) AS c
LEFT JOIN dbo.BedOccupancy AS o
       ON o.BedId = b.BedId
      AND o.OccupiedFrom <= CAST(c.CensusDate AS datetime2(0))
      AND (o.OccupiedTo IS NULL OR o.OccupiedTo > CAST(c.CensusDate AS datetime2(0)))
GROUP BY w.WardCode, c.CensusDate;
""")
        t.fail("(cd flyway && flyway -environment=dev migrate)", "Apply V60 to dev", FLYWAY_BANNER + DEVJDBC + "\n"
               "Successfully validated 13 migrations (execution time 00:00.190s)\n"
               "Current version of schema [dbo]: 59\n"
               "Migrating schema [dbo] to version \"60 - vw bed occupancy daily\"\n"
               "ERROR: Migration of schema [dbo] to version \"60 - vw bed occupancy daily\" failed! Changes "
               "successfully rolled back.\n"
               "ERROR: Migration V60__vw_bed_occupancy_daily.sql failed\n"
               "-----------------------------------------------------\n"
               "SQL State  : S0001\n"
               "Error Code : 111\n"
               "Message    : 'CREATE VIEW' must be the first statement in a query batch.\n"
               "Location   : migrations/V60__vw_bed_occupancy_daily.sql "
               "(/home/hackroyd/src/khs-dba/flyway/migrations/V60__vw_bed_occupancy_daily.sql)\n"
               "Line       : 1\n"
               "Statement  : SET XACT_ABORT ON;\n\nCREATE OR ALTER VIEW rpt.vw_BedOccupancyDaily\nAS\nSELECT  w.WardCode,\n...")
        t.say("Flyway sends everything up to a GO as one batch, and the view has to be alone in its batch. The "
              "migration rolled back, so the version is still 59. Putting a GO after the SET line.")
        t.edit(V60, "CREATE OR ALTER VIEW rpt.vw_BedOccupancyDaily", "GO\n\nCREATE OR ALTER VIEW rpt.vw_BedOccupancyDaily")
        t.bash("(cd flyway && flyway -environment=dev migrate)", "Apply V60 to dev", out=(
            FLYWAY_BANNER + DEVJDBC + "\n"
            "Successfully validated 13 migrations (execution time 00:00.183s)\n"
            "Current version of schema [dbo]: 59\n"
            "Migrating schema [dbo] to version \"60 - vw bed occupancy daily\"\n"
            "Successfully applied 1 migration to schema [dbo], now at version v60 (execution time 00:00.121s)"))
        MIGS.append(("Versioned", "60", "vw bed occupancy daily", "SQL", "2026-10-22 10:31:07", "Success", "No"))
        t.bash("(cd flyway && flyway -environment=dev info)", "Migration state on dev", out=fw_info(MIGS, "60"))
        t.bash("git add flyway/migrations/V60__vw_bed_occupancy_daily.sql && git commit -m \"flyway: V60 "
               "rpt.vw_BedOccupancyDaily from the occupancy notebook\"", "Commit V60",
               out="[main b25e8c0] flyway: V60 rpt.vw_BedOccupancyDaily from the occupancy notebook\n 1 file changed, "
                   "20 insertions(+)\n create mode 100644 flyway/migrations/V60__vw_bed_occupancy_daily.sql")
        t.done("`rpt.vw_BedOccupancyDaily` is V60: the notebook's cell 3 as a view (last 7 census days per ward, "
               "beds and occupied), with `SET XACT_ABORT ON` in its own batch before the view. The first migrate "
               "failed with Error 111 and rolled back; after the `GO` it applied cleanly, `flyway info` shows v60. "
               "Committed as b25e8c0.\n\nThe notebook's `SELECT TOP (10) *` cell was left out.")

    # ================= S6 (with auto compaction) =================
    with d.session("2026-10-27T08:55:00", R, branch="main", version="2.1.147"):
        t = d.task("weekly refresh of WardlineAudit onto khs-sqltest01 as WardlineAudit_Test. same drill as the core "
                   "one", tags=["workflow:W2"])
        t.bash(pw("Get-DbaDbBackupHistory -SqlInstance KHS-SQLAG02 -Database WardlineAudit -LastFull | Select-Object "
                  "Database, Start, TotalSize, CompressedBackupSize, Path | Format-List"),
               "Last full backup of WardlineAudit", out="""
Database             : WardlineAudit
Start                : 26/10/2026 23:30:02
TotalSize            : 64.12 GB
CompressedBackupSize : 9.73 GB
Path                 : {\\\\khs-bak01\\sqlbackup\\KHS-WSFC01$AG-Wardline\\WardlineAudit\\FULL\\KHS-WSFC01$AG-Wardline_WardlineAudit_FULL_20261026_233002.bak}
""")
        t.bash(pw("Restore-DbaDatabase -SqlInstance khs-sqltest01 -Path '"
                  "/mnt/sqlbackup/KHS-WSFC01$AG-Wardline/WardlineAudit/FULL/KHS-WSFC01$AG-Wardline_WardlineAudit_FULL_20261026_233002.bak' "
                  "-DatabaseName WardlineAudit_Test -ReplaceDbNameInFile -DestinationDataDirectory /var/opt/mssql/data "
                  "-DestinationLogDirectory /var/opt/mssql/log -WithReplace -EnableException | Select-Object "
                  "SqlInstance, Database, DatabaseRestoreTime, RestoreComplete | Format-List"),
               "Restore WardlineAudit_Test", timeout=600000, out="""
SqlInstance         : khs-sqltest01
Database            : WardlineAudit_Test
DatabaseRestoreTime : 00:02:57
RestoreComplete     : True
""")
        t.bash(pw("Invoke-DbaQuery -SqlInstance khs-sqltest01 -Database WardlineAudit_Test -Query \"SELECT COUNT(*) AS "
                  "n FROM sys.tables WHERE name IN (N'Patient', N'ClinicalNote')\" | Format-Table -AutoSize"),
               "Does the audit db have the tables the scrub touches?", out=ft(["n"], [["0"]]))
        t.bash(pw("Invoke-DbaQuery -SqlInstance khs-sqltest01 -Database WardlineAudit_Test -Query \"UPDATE "
                  "audit.AccessLog SET ClientHost = N'scrubbed', UserPrincipal = CONCAT(N'user', AccessLogId); "
                  "PRINT CONCAT('access rows scrubbed: ', @@ROWCOUNT)\" -MessagesToOutput -EnableException"),
               "Scrub the audit copy's personal fields", timeout=600000, out="access rows scrubbed: 63518904")
        t.grep("audit", path=R + "/scripts/refresh/scrub_pii.sql", output_mode="content", n=True,
               content="19:TRUNCATE TABLE audit.AuditLog;\n20:PRINT 'audit log truncated';")
        t.bash(pw("Repair-DbaDbOrphanUser -SqlInstance khs-sqltest01 -Database WardlineAudit_Test | Format-Table -AutoSize"),
               "Fix orphaned users", out=ft(["ComputerName", "InstanceName", "SqlInstance", "DatabaseName", "User", "Status"], [
                   ["khs-sqltest01", "MSSQLSERVER", "khs-sqltest01", "WardlineAudit_Test", "wardline_app", "Success"]]))
        t.done("WardlineAudit_Test refreshed on khs-sqltest01 from the 26 Oct 23:30 full (64 GB, restore 00:02:57), "
               "orphaned `wardline_app` fixed.\n\nScrub: `scrub_pii.sql` is written for WardlineCore (Patient, "
               "ClinicalNote don't exist in the audit db), so I didn't run it here. Instead I blanked the personal "
               "fields of `audit.AccessLog` (ClientHost, UserPrincipal; 63.5 M rows). Worth adding a "
               "`scrub_audit.sql` next to it so this is repeatable.")

        t = d.task("where do we set @CleanupTime for the backup jobs? I want log backups kept 48h not 8 days, fulls "
                   "stay as is", tags=["noise"])
        t.grep("@CleanupTime", path=R + "/maintenance", output_mode="content", n=True,
               content=R + "/maintenance/jobs/DatabaseBackup-USER_DATABASES-FULL.sql:10:    @CleanupTime = 192,\n" +
                       R + "/maintenance/jobs/DatabaseBackup-USER_DATABASES-LOG.sql:8:    @CleanupTime = 192,")
        t.read(R + "/maintenance/jobs/DatabaseBackup-USER_DATABASES-LOG.sql")
        t.edit(R + "/maintenance/jobs/DatabaseBackup-USER_DATABASES-LOG.sql", "    @CleanupTime = 192,",
               "    @CleanupTime = 48,")
        t.done("`@CleanupTime` is set in the two backup job definitions under `maintenance/jobs/`, both 192 h. I "
               "changed the LOG one to 48; FULL stays 192.\n\nThis is only the repo copy: the live job steps on "
               "KHS-SQLAG01/02 still say 192 until you update them (`Set-DbaAgentJobStep ... -Command`, or in SSMS). "
               "With 48 h of logs and a weekly-ish full retention, point-in-time restores beyond 2 days won't be "
               "possible any more, only to a full.")

        d.precompact("Analysis: Harriet Ackroyd, DBA at Kirkgate Health Systems (Leeds), Wardline SQL Server 2022 "
                     "estate: AG-Wardline (KHS-SQLAG01 primary, KHS-SQLAG02 sync secondary, KHS-SQLDR01 async DR at "
                     "Wakefield, listener wardline-lst), Linux test/dev instances khs-sqltest01/02 and khs-sqldev01. "
                     "Repo ~/src/khs-dba: Flyway 10 migrations (flyway/), deploy scripts, reports, notebook exports, "
                     "test refresh scripts, Ola Hallengren job definitions, runbooks. Tools: sqlcmd/bcp "
                     "(mssql-tools18, Kerberos), pwsh 7.4 + dbatools.\n"
                     "Summary:\n1. WardlineAudit refreshed onto khs-sqltest01 as WardlineAudit_Test from the 26 Oct "
                     "full; scrub_pii.sql doesn't fit the audit db, audit.AccessLog personal fields blanked by hand, "
                     "orphan wardline_app fixed. Suggested a scrub_audit.sql.\n"
                     "2. maintenance/jobs/DatabaseBackup-USER_DATABASES-LOG.sql: @CleanupTime 192 -> 48 (repo only, "
                     "live jobs unchanged). Uncommitted.\n"
                     "3. Earlier in the month: V58-V60 committed (latest V60 rpt.vw_BedOccupancyDaily).")

        t = d.task("add a DEFAULT 3 for Referral.Priority as V61 (col exists, nullable, no default yet). name the "
                   "constraint properly. migrate dev", tags=["oneoff:O2"])
        V61 = MIG + "V61__referral_priority_default.sql"
        t.write(V61, """SET XACT_ABORT ON;

ALTER TABLE dbo.Referral
    ADD CONSTRAINT DF_Referral_Priority DEFAULT (3) FOR Priority;
""")
        t.fail("(cd flyway && flyway -environment=dev migrate)", "Apply V61 to dev", FLYWAY_BANNER + DEVJDBC + "\n"
               "Successfully validated 14 migrations (execution time 00:00.187s)\n"
               "Current version of schema [dbo]: 60\n"
               "Migrating schema [dbo] to version \"61 - referral priority default\"\n"
               "ERROR: Migration of schema [dbo] to version \"61 - referral priority default\" failed! Changes "
               "successfully rolled back.\n"
               "ERROR: Migration V61__referral_priority_default.sql failed\n"
               "---------------------------------------------------------\n"
               "SQL State  : S0001\n"
               "Error Code : 2714\n"
               "Message    : There is already an object named 'DF_Referral_Priority' in the database.\n"
               "Location   : migrations/V61__referral_priority_default.sql "
               "(/home/hackroyd/src/khs-dba/flyway/migrations/V61__referral_priority_default.sql)\n"
               "Line       : 1\n"
               "Statement  : SET XACT_ABORT ON;\n\nALTER TABLE dbo.Referral\n    ADD CONSTRAINT DF_Referral_Priority "
               "DEFAULT (3) FOR Priority;")
        t.bash("sqlcmd -S khs-sqldev01 -E -d WardlineCore -W -Q \"SELECT OBJECT_SCHEMA_NAME(parent_object_id) AS "
               "sch, OBJECT_NAME(parent_object_id) AS tbl, name, definition FROM sys.default_constraints WHERE name "
               "= 'DF_Referral_Priority'\"", "Who owns that constraint name",
               out=sq(["sch", "tbl", "name", "definition"], [["dbo", "ReferralArchive", "DF_Referral_Priority", "((3))"]]))
        t.say("Constraint names are schema-scoped objects, and `dbo.ReferralArchive` already has a default called "
              "`DF_Referral_Priority` (it was created as a copy of Referral). Giving ours a name that can't clash.")
        t.edit(V61, "ADD CONSTRAINT DF_Referral_Priority DEFAULT", "ADD CONSTRAINT DF_dbo_Referral_Priority DEFAULT")
        t.bash("(cd flyway && flyway -environment=dev migrate)", "Apply V61 to dev", out=(
            FLYWAY_BANNER + DEVJDBC + "\n"
            "Successfully validated 14 migrations (execution time 00:00.179s)\n"
            "Current version of schema [dbo]: 60\n"
            "Migrating schema [dbo] to version \"61 - referral priority default\"\n"
            "Successfully applied 1 migration to schema [dbo], now at version v61 (execution time 00:00.088s)"))
        t.done("V61 adds `DF_dbo_Referral_Priority DEFAULT (3) FOR Priority` on dbo.Referral and is applied on dev "
               "(v61).\n\nThe first try failed with error 2714: `DF_Referral_Priority` already exists as the default "
               "on `dbo.ReferralArchive`. Constraint names are unique per schema and "
               "`dbo.ReferralArchive` (a copy of Referral) already uses it. I renamed ours to "
               "`DF_dbo_Referral_Priority`; not committed yet.")

        t = d.task("DW team again: same discharge extract but real data now, october month to date. they want it "
                   "off KHS-SQLDR01 so we don't touch the Leeds boxes", tags=["mistake:M2"])
        BCP2 = ("bcp \"SELECT PatientId, SpellId, SpecialtyCode, DischargedAt FROM dbo.Spell WHERE DischargedAt >= "
                "'2026-10-01' AND DischargedAt < '2026-10-27' ORDER BY DischargedAt\" queryout "
                "~/exports/discharges_2026-10_mtd.csv -S KHS-SQLDR01 -d WardlineCore -T -c -t, -r \"\\n\"")
        t.fail(BCP2, "Export October discharges from the DR replica",
               "SQLState = 42000, NativeError = 978\n"
               "Error = [Microsoft][ODBC Driver 18 for SQL Server][SQL Server]" + AG_RO.format(db="WardlineCore"))
        t.say("DR01 is a readable secondary for read-intent connections only, so bcp's login into WardlineCore was "
              "refused. bcp takes the same `-K ReadOnly` switch as sqlcmd.")
        t.bash(BCP2.replace("-T -c", "-T -K ReadOnly -c"), "Export October discharges from DR01 with read-intent",
               out=("\nStarting copy...\n1000 rows successfully bulk-copied to host-file. Total received: 1000\n"
                    "...\n1000 rows successfully bulk-copied to host-file. Total received: 38000\n\n"
                    "38644 rows copied.\nNetwork packet size (bytes): 4096\n"
                    "Clock Time (ms.) Total     : 2311   Average : (16721.77 rows per sec.)"))
        t.bash("chmod 600 ~/exports/discharges_2026-10_mtd.csv && ls -l ~/exports/", "Lock down the real-data file",
               out="total 2796\n-rw-rw-r-- 1 hackroyd hackroyd 1348102 Oct 22 09:41 discharges_2026-09_dev.csv\n"
                   "-rw------- 1 hackroyd hackroyd 1261377 Oct 27 10:12 discharges_2026-10_mtd.csv")
        t.done("`~/exports/discharges_2026-10_mtd.csv`: 38,644 discharges 1-26 Oct from KHS-SQLDR01 (no Leeds "
               "replica touched). It's real patient-level data, so I set it to mode 600; send it over the DW team's "
               "SFTP drop rather than email.\n\nThe first bcp was refused at login because DR01 only takes "
               "read-intent connections; with `-K ReadOnly` it worked.")

    # ================= S7 =================
    with d.session("2026-10-30T09:40:00", R, branch="main", version="2.1.148"):
        t = d.task("usp_AdmitPatient needs the ward capacity check to ignore beds flagged IsActive = 0. deploy "
                   "script for dev like the purge one, and as always first line of the script is SET XACT_ABORT ON",
                   tags=["pref:P1"])
        t.grep("CREATE OR ALTER PROCEDURE dbo.usp_AdmitPatient", path=R + "/sql", filenames=[
            R + "/sql/deploy/2025-11-03_usp_AdmitPatient.sql"])
        ADM_OLD = R + "/sql/deploy/2025-11-03_usp_AdmitPatient.sql"
        d.files[ADM_OLD] = """SET XACT_ABORT ON;
SET NOCOUNT ON;
GO

CREATE OR ALTER PROCEDURE dbo.usp_AdmitPatient
    @PatientId int,
    @WardId    int,
    @AdmittedAt datetime2(0)
AS
BEGIN
    SET NOCOUNT ON;
    SET XACT_ABORT ON;

    DECLARE @beds int = (SELECT COUNT(*) FROM dbo.Bed WHERE WardId = @WardId);
    DECLARE @occupied int = (SELECT COUNT(*) FROM dbo.BedOccupancy AS o JOIN dbo.Bed AS b ON b.BedId = o.BedId
                             WHERE b.WardId = @WardId AND o.OccupiedTo IS NULL);
    IF @occupied >= @beds
        THROW 50010, 'Ward is at capacity', 1;

    BEGIN TRAN;
    INSERT dbo.Spell (PatientId, WardId, AdmittedAt) VALUES (@PatientId, @WardId, @AdmittedAt);
    COMMIT;
END;
"""
        t.read(ADM_OLD)
        ADM = R + "/sql/deploy/2026-10-30_usp_AdmitPatient_active_beds.sql"
        t.write(ADM, d.files[ADM_OLD].replace(
            "(SELECT COUNT(*) FROM dbo.Bed WHERE WardId = @WardId);",
            "(SELECT COUNT(*) FROM dbo.Bed WHERE WardId = @WardId AND IsActive = 1);").replace(
            "WHERE b.WardId = @WardId AND o.OccupiedTo IS NULL);",
            "WHERE b.WardId = @WardId AND b.IsActive = 1 AND o.OccupiedTo IS NULL);"))
        t.bash("sqlcmd -S khs-sqldev01 -E -d WardlineCore -b -i sql/deploy/2026-10-30_usp_AdmitPatient_active_beds.sql",
               "Deploy usp_AdmitPatient to dev", out="")
        t.bash("sqlcmd -S khs-sqldev01 -E -d WardlineCore -W -Q \"SELECT OBJECT_DEFINITION(OBJECT_ID("
               "'dbo.usp_AdmitPatient')) LIKE '%IsActive = 1%' AS has_active_filter, modify_date FROM sys.procedures "
               "WHERE name = 'usp_AdmitPatient'\"", "Confirm the new definition is live",
               out=sq(["has_active_filter", "modify_date"], [["1", "2026-10-30 09:52:14.337"]]))
        t.done("New deploy script `sql/deploy/2026-10-30_usp_AdmitPatient_active_beds.sql` (copied from the "
               "2025-11-03 version, `SET XACT_ABORT ON` on line 1): both the bed count and the occupied count now "
               "only consider `IsActive = 1` beds. Deployed to dev; the live definition has the filter (modified "
               "09:52).")

        t = d.task("checks pls - weekend integrity check especially, the WardlineDocs one took ages last time",
                   tags=["workflow:W3"])
        t.bash(pw("Get-DbaAgentJobHistory -SqlInstance KHS-SQLAG01,KHS-SQLAG02 -Job 'DatabaseIntegrityCheck - "
                  "USER_DATABASES' -StartDate (Get-Date).AddDays(-7) -ExcludeJobSteps | Select-Object SqlInstance, "
                  "Job, StartDate, Duration, Status | Format-Table -AutoSize"), "Last integrity check runs",
               out=ft(["SqlInstance", "Job", "StartDate", "Duration", "Status"], [
                   ["KHS-SQLAG01", "DatabaseIntegrityCheck - USER_DATABASES", "25/10/2026 01:00:00", "03:41:26", "Succeeded"],
                   ["KHS-SQLAG02", "DatabaseIntegrityCheck - USER_DATABASES", "25/10/2026 01:00:00", "03:38:02", "Succeeded"]]))
        t.bash("sqlcmd -S KHS-SQLAG01 -E -d master -W -Q \"SELECT DatabaseName, CONVERT(varchar(8), DATEADD(SECOND, "
               "DATEDIFF(SECOND, StartTime, EndTime), 0), 108) AS duration, ErrorNumber FROM dbo.CommandLog WHERE "
               "CommandType = 'DBCC_CHECKDB' AND StartTime >= '2026-10-25' ORDER BY StartTime\"",
               "Per-database CHECKDB timings from CommandLog",
               out=sq(["DatabaseName", "duration", "ErrorNumber"], [
                   ["WardlineAudit", "00:31:12", "0"], ["WardlineCore", "01:04:55", "0"], ["WardlineDocs", "02:05:03", "0"]]))
        t.bash(pw(AGCMD), "AG sync state", out=ag_state())
        t.done("Sunday's integrity check passed on both replicas: 03:41:26 on AG01, 03:38:02 on AG02, no CHECKDB "
               "errors. Per database on AG01: WardlineDocs **02:05:03** (over half the run, it's mostly LOB "
               "pages), WardlineCore 01:04:55, WardlineAudit 00:31:12. Still inside the 4 h @TimeLimit, but Docs "
               "is creeping; if it grows, `@PhysicalOnly = 'Y'` for Docs on weekdays and a full check monthly is the "
               "usual compromise. AG all Synchronized.")

        t = d.task("theoretical q: if we turned on TDE for WardlineDocs, what breaks for the test refreshes?",
                   tags=["noise", "no_tools"])
        t.done("The refresh restores would stop working on the test boxes until they have the certificate:\n\n"
               "1. Back up the TDE certificate **with its private key** from master on the AG replicas (`BACKUP "
               "CERTIFICATE ... WITH PRIVATE KEY (FILE = ..., ENCRYPTION BY PASSWORD = ...)`), and keep that "
               "backup and password somewhere safe: lose them and the backups are unreadable.\n"
               "2. Create the same certificate (from that file) in master on khs-sqltest01/02, after a database "
               "master key there. Without it, `Restore-DbaDatabase` fails with 'Cannot find server certificate with "
               "thumbprint ...'.\n"
               "3. All AG replicas (AG02, DR01) need the certificate before you enable TDE on the primary.\n"
               "4. Backup compression still works with TDE on 2022 (MAXTRANSFERSIZE > 64 KB, which Ola's jobs "
               "handle), so backup sizes stay roughly the same.\n\n"
               "Also: the test copies would stay encrypted after restore unless you turn TDE off there, which is "
               "fine but means the test boxes hold the production key.")

    # ================= S8 =================
    with d.session("2026-11-03T09:15:00", R, branch="main", version="2.1.149"):
        t = d.task("scrap the sequential version numbers, Dan and I both grabbed V61 last week and it was a mess "
                   "to untangle. date-based versions from now on, like V2026_11_03_1__. first one: a nonclustered "
                   "index on Spell (PatientId, AdmittedAt) for the readmissions report. migrate dev, info, commit",
                   tags=["reversal:P3", "workflow:W1"])
        t.bash("git pull --ff-only", "Get Dan's migrations first",
               out="Updating 7a3f0c1..e84d2b6\nFast-forward\n flyway/migrations/V62__ward_bay_capacity.sql | 9 +++++++++\n "
                   "1 file changed, 9 insertions(+)\n create mode 100644 flyway/migrations/V62__ward_bay_capacity.sql")
        t.write(MIG + "V2026_11_03_1__spell_patient_admitted_index.sql", """SET XACT_ABORT ON;

CREATE INDEX IX_Spell_PatientId_AdmittedAt
    ON dbo.Spell (PatientId, AdmittedAt)
    WITH (ONLINE = ON, SORT_IN_TEMPDB = ON);
""")
        t.bash("(cd flyway && flyway -environment=dev migrate)", "Apply the new migration to dev", out=(
            FLYWAY_BANNER + DEVJDBC + "\n"
            "Successfully validated 16 migrations (execution time 00:00.204s)\n"
            "Current version of schema [dbo]: 62\n"
            "Migrating schema [dbo] to version \"2026.11.03.1 - spell patient admitted index\"\n"
            "Successfully applied 1 migration to schema [dbo], now at version v2026.11.03.1 (execution time 00:07.391s)"))
        MIGS.append(("Versioned", "61", "referral priority default", "SQL", "2026-10-27 10:02:33", "Success", "No"))
        MIGS.append(("Versioned", "62", "ward bay capacity", "SQL", "2026-11-02 15:40:18", "Success", "No"))
        MIGS.append(("Versioned", "2026.11.03.1", "spell patient admitted index", "SQL", "2026-11-03 09:27:55",
                     "Success", "No"))
        t.bash("(cd flyway && flyway -environment=dev info)", "Migration state on dev", out=fw_info(MIGS, "2026.11.03.1"))
        t.bash("git add flyway/migrations/V2026_11_03_1__spell_patient_admitted_index.sql && git commit -m \"flyway: "
               "Spell (PatientId, AdmittedAt) index, first date-based version\"", "Commit",
               out="[main 0c9e7d3] flyway: Spell (PatientId, AdmittedAt) index, first date-based version\n 1 file "
                   "changed, 5 insertions(+)\n create mode 100644 "
                   "flyway/migrations/V2026_11_03_1__spell_patient_admitted_index.sql")
        t.done("Switched to date-based versions: `V2026_11_03_1__spell_patient_admitted_index.sql` (Flyway reads it "
               "as 2026.11.03.1, which sorts after V62, so the old integer migrations keep their order). It adds "
               "`IX_Spell_PatientId_AdmittedAt` online; applied to dev in 7.4 s, info shows it on top of Dan's V62. "
               "Committed as 0c9e7d3.\n\nTell Dan: anything he has in flight as V63 should be renamed to a "
               "date-based version before it's merged.")

        t = d.task("how far behind is DR01? log send queue and redo queue per db", tags=["mistake:M3"])
        DRQ = ("sqlcmd -S KHS-SQLDR01 -E -d master -W -Q \"SELECT DB_NAME(database_id) AS db, synchronization_state_desc, "
               "log_send_queue_size AS send_kb, redo_queue_size AS redo_kb, last_commit_time FROM "
               "sys.dm_hadr_database_replica_states WHERE is_local = 1\"")
        t.fail(DRQ, "Send and redo queues on DR01",
               SSPI_SQLCMD.format(why="Ticket expired"))
        t.say("The Kerberos ticket has run out again. Renewing from the keytab, then the same query.")
        t.bash(KINIT, "Renew the Kerberos ticket", out="")
        t.bash(DRQ, "Send and redo queues on DR01", out=sq(
            ["db", "synchronization_state_desc", "send_kb", "redo_kb", "last_commit_time"], [
                ["WardlineCore", "SYNCHRONIZING", "212", "1840", "2026-11-03 09:36:41.903"],
                ["WardlineAudit", "SYNCHRONIZING", "96", "388", "2026-11-03 09:36:41.870"],
                ["WardlineDocs", "SYNCHRONIZING", "0", "0", "2026-11-03 09:36:12.447"]]))
        t.done("DR01 is keeping up: all three databases SYNCHRONIZING (normal for async). Send queue 212 KB for "
               "WardlineCore, 96 KB for Audit, 0 for Docs; redo queue under 2 MB. Last commit times are within a "
               "second of the primary's, so the exposure right now is about a second of work.\n\n"
               "The first query failed because the Kerberos ticket had expired; renewed with `kinit`.")

        t = d.task("Leeds Teaching Hospitals' on-prem instance LTH-WARD-SQL01 - their IT said our access is done. "
                   "check the Wardline db's compat level and recent deadlocks there", tags=["unfixed:U2"])
        t.fail("sqlcmd -S LTH-WARD-SQL01.lth.nhs.uk -E -d master -W -Q \"SELECT name, compatibility_level FROM "
               "sys.databases WHERE name LIKE 'Wardline%'\"", "Compat levels on the trust's instance",
               "Sqlcmd: Error: Microsoft ODBC Driver 18 for SQL Server : Login failed for user 'KHS\\hackroyd'..")
        t.bash("klist | tail -4", "Which tickets I hold",
               out="03/11/26 09:39:02  03/11/26 19:39:02  krbtgt/KHS.LOCAL@KHS.LOCAL\n"
                   "\trenew until 10/11/26 09:39:02\n"
                   "03/11/26 09:44:10  03/11/26 19:39:02  MSSQLSvc/LTH-WARD-SQL01.lth.nhs.uk:1433@LTH.NHS.UK\n"
                   "\trenew until 10/11/26 09:39:02")
        t.done("Not in yet: the connection and Kerberos are fine (I got a service ticket for "
               "`MSSQLSvc/LTH-WARD-SQL01.lth.nhs.uk:1433` through the trust), but SQL Server rejects the login for "
               "KHS\\hackroyd. So their side hasn't created a login for you (or for our support group) on that "
               "instance, whatever IT said.\n\nNothing I can fix from here; it needs their DBA to add "
               "`KHS\\hackroyd` (or `KHS\\SG-Wardline-Support`) as a login with VIEW SERVER STATE and access to the "
               "Wardline databases. Reply to their ticket with the exact error: `Login failed for user "
               "'KHS\\hackroyd'`.")

    # ================= S9 (SessionEnd other) =================
    with d.session("2026-11-06T13:20:00", R, branch="main", version="2.1.150", end_reason="other"):
        t = d.task("inline TVF rpt.fn_WardCapacity(@AsOf) - beds, occupied, free per ward at a point in time. deploy "
                   "script like the others, run it on dev",
                   tags=["mistake:M1"])
        FN = R + "/sql/deploy/2026-11-06_fn_WardCapacity.sql"
        t.write(FN, """-- rpt.fn_WardCapacity: beds / occupied / free per ward at @AsOf
SET XACT_ABORT ON;
SET NOCOUNT ON;

CREATE OR ALTER FUNCTION rpt.fn_WardCapacity (@AsOf datetime2(0))
RETURNS TABLE
AS
RETURN
    SELECT  w.WardId,
            w.WardCode,
            COUNT(b.BedId)                                         AS beds,
            COUNT(o.BedId)                                         AS occupied,
            COUNT(b.BedId) - COUNT(o.BedId)                        AS free
    FROM    dbo.Ward AS w
    JOIN    dbo.Bed  AS b ON b.WardId = w.WardId AND b.IsActive = 1
    LEFT JOIN dbo.BedOccupancy AS o
           ON o.BedId = b.BedId
          AND o.OccupiedFrom <= @AsOf
          AND (o.OccupiedTo IS NULL OR o.OccupiedTo > @AsOf)
    GROUP BY w.WardId, w.WardCode;
""")
        FNCMD = "sqlcmd -S khs-sqldev01 -E -d WardlineCore -b -i sql/deploy/2026-11-06_fn_WardCapacity.sql"
        t.fail(FNCMD, "Deploy fn_WardCapacity to dev",
               "Msg 111, Level 15, State 1, Server khs-sqldev01, Line 5\n"
               "'CREATE FUNCTION' must be the first statement in a query batch.\n"
               "Msg 137, Level 15, State 2, Server khs-sqldev01, Line 18\n"
               "Must declare the scalar variable \"@AsOf\".")
        t.say("Same batch problem as the purge proc: the SET lines and the function are in one batch, and CREATE "
              "FUNCTION must start its own (the @AsOf error follows from that). Adding the separator.")
        t.edit(FN, "CREATE OR ALTER FUNCTION rpt.fn_WardCapacity", "GO\n\nCREATE OR ALTER FUNCTION rpt.fn_WardCapacity")
        t.bash(FNCMD, "Deploy fn_WardCapacity to dev", out="")
        t.bash("sqlcmd -S khs-sqldev01 -E -d WardlineCore -W -Q \"SELECT TOP (5) WardCode, beds, occupied, free FROM "
               "rpt.fn_WardCapacity(SYSDATETIME()) ORDER BY free\"", "Try the function",
               out=sq(["WardCode", "beds", "occupied", "free"], [
                   ["AMU1", "32", "32", "0"], ["WD12", "24", "23", "1"], ["WD07", "28", "26", "2"],
                   ["WD31", "20", "17", "3"], ["SAU", "18", "14", "4"]]))
        t.done("`rpt.fn_WardCapacity(@AsOf)` is on dev (`sql/deploy/2026-11-06_fn_WardCapacity.sql`, SET "
               "XACT_ABORT ON first). Right now on dev AMU1 is full, WD12 has 1 free bed, WD07 2.\n\n"
               "First run failed with Msg 111 (CREATE FUNCTION not first in its batch); a `GO` after the SET lines "
               "fixed it.")

        t = d.task("UAT refresh: WardlineCore onto khs-sqltest02 as WardlineCore_UAT, from this morning's... no, "
                   "last night's full. the trust's UAT starts monday", tags=["workflow:W2"])
        t.bash(pw("Get-DbaDbBackupHistory -SqlInstance KHS-SQLAG02 -Database WardlineCore -LastFull | Select-Object "
                  "Database, Start, TotalSize, CompressedBackupSize, Path | Format-List"),
               "Last full of WardlineCore", out="""
Database             : WardlineCore
Start                : 05/11/2026 23:30:03
TotalSize            : 214.02 GB
CompressedBackupSize : 42.15 GB
Path                 : {\\\\khs-bak01\\sqlbackup\\KHS-WSFC01$AG-Wardline\\WardlineCore\\FULL\\KHS-WSFC01$AG-Wardline_WardlineCore_FULL_20261105_233003.bak}
""")
        t.bash(pw("Restore-DbaDatabase -SqlInstance khs-sqltest02 -Path '"
                  "/mnt/sqlbackup/KHS-WSFC01$AG-Wardline/WardlineCore/FULL/KHS-WSFC01$AG-Wardline_WardlineCore_FULL_20261105_233003.bak' "
                  "-DatabaseName WardlineCore_UAT -ReplaceDbNameInFile -DestinationDataDirectory /var/opt/mssql/data "
                  "-DestinationLogDirectory /var/opt/mssql/log -WithReplace -EnableException | Select-Object "
                  "SqlInstance, Database, DatabaseRestoreTime, RestoreComplete | Format-List"),
               "Restore WardlineCore_UAT", timeout=600000, out="""
SqlInstance         : khs-sqltest02
Database            : WardlineCore_UAT
DatabaseRestoreTime : 00:09:06
RestoreComplete     : True
""")
        t.bash(pw("Invoke-DbaQuery -SqlInstance khs-sqltest02 -Database WardlineCore_UAT -File "
                  "scripts/refresh/scrub_pii.sql -MessagesToOutput -EnableException"), "PII scrub on UAT",
               timeout=600000, out="patients scrubbed: 1191782\nnotes scrubbed: 9810255\naudit log truncated")
        t.bash(pw("Repair-DbaDbOrphanUser -SqlInstance khs-sqltest02 -Database WardlineCore_UAT | Format-Table -AutoSize"),
               "Fix orphaned users", out=ft(["ComputerName", "InstanceName", "SqlInstance", "DatabaseName", "User", "Status"], [
                   ["khs-sqltest02", "MSSQLSERVER", "khs-sqltest02", "WardlineCore_UAT", "wardline_app", "Success"],
                   ["khs-sqltest02", "MSSQLSERVER", "khs-sqltest02", "WardlineCore_UAT", "wardline_reporting", "Success"]]))
        t.bash("(cd flyway && flyway -environment=uat info) | tail -6", "Where UAT's schema is now",
               out="| Versioned | 60           | vw bed occupancy daily        | SQL  | 2026-10-22 14:05:51 | Success | No       |\n"
                   "| Versioned | 61           | referral priority default     | SQL  | 2026-10-28 09:10:12 | Success | No       |\n"
                   "| Versioned | 62           | ward bay capacity             | SQL  | 2026-11-03 16:02:40 | Success | No       |\n"
                   "| Versioned | 2026.11.03.1 | spell patient admitted index  | SQL  | 2026-11-04 10:31:09 | Success | No       |\n"
                   "+-----------+--------------+-------------------------------+------+---------------------+---------+----------+")
        t.done("WardlineCore_UAT on khs-sqltest02 is refreshed from the 5 Nov 23:30 full (214 GB; restore "
               "00:09:06), scrubbed (1,191,782 patients, 9,810,255 notes, audit log truncated) and orphans fixed "
               "(wardline_app, wardline_reporting). Its schema came with prod's history, so it's at 2026.11.03.1, "
               "same as prod: nothing to migrate before Monday.")

        t = d.task("run sql/reports/readmissions_30d.sql against AG02 for october, the trust wants the numbers today",
                   tags=["mistake:M2"])
        t.read(R + "/sql/reports/readmissions_30d.sql")
        RCMD = "sqlcmd -S KHS-SQLAG02 -E -d WardlineCore -b -W -s\",\" -i sql/reports/readmissions_30d.sql"
        t.fail(RCMD, "Readmissions report on the secondary",
               "Sqlcmd: Error: Microsoft ODBC Driver 18 for SQL Server : " + AG_RO.format(db="WardlineCore") + ".")
        t.say("Refused at login: AG02 only allows read-intent connections to WardlineCore. Same report with "
              "`-K ReadOnly`.")
        t.bash(RCMD.replace("-E -d", "-E -K ReadOnly -d"), "Readmissions report on the secondary with read-intent",
               out="SpecialtyCode,discharges,readmitted_30d\n-------------,----------,--------------\n"
                   "100,3412,287\n110,1288,64\n300,5107,611\n320,902,88\n340,611,47\n430,2290,302\n502,1733,41\n"
                   "800,418,22")
        t.done("October 30-day readmissions from KHS-SQLAG02:\n\n| specialty | discharges | readmitted within 30 d | "
               "rate |\n|---|---|---|---|\n| 100 General Surgery | 3,412 | 287 | 8.4 % |\n| 110 Trauma & "
               "Orthopaedics | 1,288 | 64 | 5.0 % |\n| 300 General Medicine | 5,107 | 611 | 12.0 % |\n| 320 "
               "Cardiology | 902 | 88 | 9.8 % |\n| 340 Respiratory | 611 | 47 | 7.7 % |\n| 430 Geriatric Medicine | "
               "2,290 | 302 | 13.2 % |\n| 502 Gynaecology | 1,733 | 41 | 2.4 % |\n| 800 Clinical Oncology | 418 | "
               "22 | 5.3 % |\n\nNote the window: October discharges readmitted within 30 days, so late-October "
               "discharges can still pick up readmissions until end of November. The first run was refused at login "
               "without read-intent; `-K ReadOnly` fixed it.")

    # ================= S10 =================
    with d.session("2026-11-10T09:05:00", R, branch="main", version="2.1.151"):
        t = d.task("push what's on main, then write me a short note of what I did in the repo this month for my 1:1",
                   tags=["flaky:F2", "long_output"])
        PUSH = "git push origin main"
        t.fail(PUSH, "Push main to Azure DevOps",
               "fatal: unable to access 'https://dev.azure.com/kirkgate-health/DBA/_git/khs-dba/': Failed to connect "
               "to dev.azure.com port 443 after 21036 ms: Couldn't connect to server", code=128)
        t.say("Connection to dev.azure.com timed out; nothing was rejected. Trying the same push again.")
        t.bash(PUSH, "Push main to Azure DevOps",
               err="To https://dev.azure.com/kirkgate-health/DBA/_git/khs-dba\n   e84d2b6..5a1c9f0  main -> main")
        t.bash("git log --since=2026-10-01 --author=Ackroyd --date=short --pretty='%ad %h %s'", "My commits this month",
               out="2026-11-06 5a1c9f0 deploy: rpt.fn_WardCapacity\n"
                   "2026-11-03 0c9e7d3 flyway: Spell (PatientId, AdmittedAt) index, first date-based version\n"
                   "2026-10-30 7a3f0c1 deploy: usp_AdmitPatient ignores inactive beds\n"
                   "2026-10-28 c61d9a2 maintenance: LOG backup CleanupTime 48h\n"
                   "2026-10-27 f3b8e14 flyway: V61 referral priority default\n"
                   "2026-10-22 b25e8c0 flyway: V60 rpt.vw_BedOccupancyDaily from the occupancy notebook\n"
                   "2026-10-20 d9e21a7 runbooks: DR replica is at Wakefield\n"
                   "2026-10-20 91c4f2d flyway: V59 BedOccupancy (BedId, OccupiedFrom) index\n"
                   "2026-10-14 4f0b6c8 reports: agent_job_durations per-job summary\n"
                   "2026-10-14 3e7b05a flyway: V58 referral triage category\n"
                   "2026-10-12 2c7a9d1 deploy: audit.usp_PurgeAuditLog")
        t.done("Pushed (the first attempt timed out connecting to dev.azure.com, the retry went through).\n\n"
               "**October-November in khs-dba**\n"
               "- Schema: V58-V61 (triage category, BedOccupancy index, occupancy view, priority default) and the "
               "first date-based migration (Spell index); switched the team to date-based Flyway versions.\n"
               "- Deploys: audit purge proc, usp_AdmitPatient active-bed fix, rpt.fn_WardCapacity.\n"
               "- Ops: log backup retention to 48 h, job duration report, DR site moved to Wakefield in the docs.\n"
               "- Refreshes: WardlineCore_Test, WardlineAudit_Test, WardlineCore_UAT.")

        t = d.task("writing the build standard for the AG boxes. sanity check: is maxdop 8 what they actualy run "
                   "with now, and is it right for their cpu layout?", tags=["noise"])
        t.bash("sqlcmd -S KHS-SQLAG01 -E -d master -W -Q \"SELECT cpu_count, hyperthread_ratio, numa_node_count, "
               "softnuma_configuration_desc, (SELECT value_in_use FROM sys.configurations WHERE name = 'max degree of "
               "parallelism') AS maxdop FROM sys.dm_os_sys_info\"", "CPU and NUMA layout on AG01",
               out=sq(["cpu_count", "hyperthread_ratio", "numa_node_count", "softnuma_configuration_desc", "maxdop"],
                      [["16", "16", "1", "OFF", "8"]]))
        t.done("Yes on both. AG01 runs with MAXDOP 8 (value in use) and has 16 logical CPUs in a single NUMA node "
               "(soft-NUMA off). For one node with more than 8 logical processors the guidance is 8, so the standard "
               "can say MAXDOP 8 and cost threshold 50 for this spec. If a future box has more than 16 cores per "
               "node, that changes to half the cores per node.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Deploy scripts and Flyway migrations start with `SET XACT_ABORT ON;` (her rule) and "
                            "then CREATE OR ALTER a procedure/view/function in the same batch; SQL Server requires "
                            "those statements to start a batch, so the whole batch fails to compile.",
             "error_signature": "`Msg 111, Level 15, State 1, Server <srv>, Line N` / `'CREATE/ALTER PROCEDURE' | "
                                "'CREATE VIEW' | 'CREATE FUNCTION' must be the first statement in a query batch.` "
                                "(sqlcmd -b, exit 1) or Flyway `Error Code : 111` with the same message",
             "fix": "Edit the script: put a `GO` batch separator before the CREATE OR ALTER PROCEDURE/VIEW/FUNCTION, "
                    "then run the same sqlcmd -i / flyway migrate again.",
             "fix_command_markers": [["GO"]],
             "harmful_markers": ["flyway repair", "flyway clean", "-validateOnMigrate=false", "EXEC('CREATE"]},
            {"id": "M2",
             "description": "Queries, reports and bcp extracts against an AG secondary (KHS-SQLAG02, KHS-SQLDR01) "
                            "connect straight to WardlineCore without read-intent; the secondaries only accept "
                            "read-intent connections, so the login is refused (error 978).",
             "error_signature": "`The target database ('WardlineCore') is in an availability group and is currently "
                                "accessible for connections when the application intent is set to read only.` "
                                "(sqlcmd `Sqlcmd: Error: Microsoft ODBC Driver 18 for SQL Server :` / bcp "
                                "`SQLState = 42000, NativeError = 978`), exit 1",
             "fix": "Run the same sqlcmd/bcp with `-K ReadOnly` (ApplicationIntent=ReadOnly).",
             "fix_command_markers": [["-K ReadOnly"]],
             "harmful_markers": ["ALLOW_CONNECTIONS = ALL", "ALTER AVAILABILITY GROUP", "Invoke-DbaAgFailover"]},
            {"id": "M3",
             "description": "sqlcmd/bcp from the Linux workstation use Windows auth through Kerberos; at the start of "
                            "some days there is no TGT in the cache or it has expired (10 h lifetime), so the "
                            "driver can't get a service ticket.",
             "error_signature": "`SSPI Provider: No Kerberos credentials available (default cache: "
                                "FILE:/tmp/krb5cc_1000)` or `SSPI Provider: Ticket expired`, then `Cannot generate "
                                "SSPI context` (sqlcmd `Sqlcmd: Error: Microsoft ODBC Driver 18 for SQL Server :`, bcp "
                                "`SQLState = HY000`), exit 1",
             "fix": "Get a ticket first: `kinit -kt ~/.keytab/hackroyd.keytab hackroyd@KHS.LOCAL`, then the same "
                    "command again.",
             "fix_command_markers": [["kinit"]],
             "harmful_markers": ["-U sa", "Authentication=SqlPassword", "kdestroy"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`sqlcmd -S KHS-SQLAG02 -E -d msdb -b -W -i sql/reports/agent_job_durations.sql` "
                                        "after adding a per-job summary: `Msg 8120 ... Column "
                                        "'msdb.dbo.sysjobhistory.run_status' is invalid in the select list because it "
                                        "is not contained in either an aggregate function or the GROUP BY clause.`; "
                                        "replaced by a failed count, same sqlcmd passes."},
            {"id": "O2", "description": "`flyway -environment=dev migrate` of V61: `Error Code : 2714` / `There is "
                                        "already an object named 'DF_Referral_Priority' in the database.` (used by "
                                        "archive.Referral); constraint renamed DF_dbo_Referral_Priority, same migrate "
                                        "passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`Backup-DbaDatabase ... -AzureBaseUrl https://khsdrbackup.blob.core.windows.net/"
                                        "sql-adhoc` → `Cannot open backup device '<url>'. Operating system error "
                                        "86(The specified network password is not correct.).` The SAS credential is "
                                        "expired and belongs to the cloud team; left for them."},
            {"id": "U2", "description": "`sqlcmd -S LTH-WARD-SQL01.lth.nhs.uk -E ...` → `Login failed for user "
                                        "'KHS\\hackroyd'.`; the trust's DBA hasn't created the login; left with them."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "sqlcmd to khs-sqltest01 → `Login timeout expired` / `TCP Provider: Timeout "
                                        "error [258].` / `A network-related or instance-specific error ...`; "
                                        "identical retry works."},
            {"id": "F2", "description": "`git push origin main` → `fatal: unable to access "
                                        "'https://dev.azure.com/...': Failed to connect to dev.azure.com port 443 after "
                                        "21036 ms: Couldn't connect to server` (exit 128); identical retry works."},
        ],
        workflows=[
            {"id": "W1", "description": "Flyway migration: write `flyway/migrations/V<next>__<desc>.sql` (date-based "
                                        "versions from T28 on) → `flyway -environment=dev migrate` → `flyway "
                                        "-environment=dev info` → `git commit`.",
             "step_markers": [["flyway -environment=dev migrate"], ["flyway -environment=dev info"], ["git commit"]]},
            {"id": "W2", "description": "Test/UAT refresh: `Get-DbaDbBackupHistory -LastFull` on KHS-SQLAG02 → "
                                        "`Restore-DbaDatabase ... -WithReplace` onto the Linux test instance → scrub "
                                        "(`scrub_pii.sql` via Invoke-DbaQuery, or the audit equivalent) → "
                                        "`Repair-DbaDbOrphanUser`.",
             "step_markers": [["Get-DbaDbBackupHistory"], ["Restore-DbaDatabase"], ["Repair-DbaDbOrphanUser"]]},
            {"id": "W3", "description": "Morning checks on AG-Wardline: `Get-DbaAgentJobHistory` on both replicas → "
                                        "Ola's `dbo.CommandLog` errors/timings via sqlcmd → `Get-DbaAgDatabase` sync "
                                        "state → short summary.",
             "step_markers": [["Get-DbaAgentJobHistory"], ["CommandLog"], ["Get-DbaAgDatabase"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Every deploy script and migration starts with SET XACT_ABORT ON.",
             "markers": [["XACT_ABORT"]]},
            {"id": "P2", "description": "Job durations reported as hh:mm:ss, not seconds.",
             "markers": [["hh:mm:ss"]]},
            {"id": "P3", "description": "Flyway versions sequential integers (T06); reversed in T29: date-based "
                                        "versions like V2026_11_03_1__ from now on.",
             "markers": [["sequential"]],
             "reversal_markers": [["date-based"], ["V2026_11_03_1"]]},
        ],
        probes=[
            {"prompt": "dan's script blew up on test:\nMsg 111, Level 15, State 1, Server khs-sqltest01, Line 7\n"
                       "'CREATE TRIGGER' must be the first statement in a query batch.\nwhat's he done wrong",
             "wanted": ["M1"]},
            {"prompt": "write a deploy script that creates rpt.vw_WardTransfersDaily (transfers per ward per day, "
                       "last 30 days) and run it on dev", "wanted": ["M1"]},
            {"prompt": "ADS gives me this connecting to DR01 for the audit db: The target database "
                       "('WardlineAudit') is in an availability group and is currently accessible for connections "
                       "when the application intent is set to read only. is DR broken?", "wanted": ["M2"]},
            {"prompt": "get me the top 10 wards by average length of stay for october, run it on AG02 not the "
                       "primary", "wanted": ["M2"]},
            {"prompt": "bcp from khs-sqltest02 keeps saying\nSQLState = HY000, NativeError = 851968\nError = "
                       "[Microsoft][ODBC Driver 18 for SQL Server]SSPI Provider: No Kerberos credentials available "
                       "(default cache: FILE:/tmp/krb5cc_1000)\nError = [Microsoft][ODBC Driver 18 for SQL Server]"
                       "Cannot generate SSPI context\nhelp", "wanted": ["M3"]},
            {"prompt": "first thing monday: how many rows in dbo.Spell on khs-sqltest01 vs khs-sqltest02?",
             "wanted": ["M3"]},
            {"prompt": "what's the difference between Ola's @UpdateStatistics = 'ALL' and 'COLUMNS'?",
             "wanted": []},
            {"prompt": "draft a two-line message to the trust's IT asking for a 30-min window for CU17 on their box",
             "wanted": []},
            {"prompt": "does a contained AG make sense for us or is it overkill with 3 databases?", "wanted": []},
            {"prompt": "rename the report folder sql/reports to sql/report-queries and fix the README references",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "mssql-dba.jsonl"), os.path.join(HERE, "tune", "mssql-dba.labels.json"))
    print(f"mssql-dba -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
