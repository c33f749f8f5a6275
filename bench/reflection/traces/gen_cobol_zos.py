"""cobol-zos: Denise Albrecht, mainframe developer at Larkspur Valley Bank (fictional regional bank).

Modernising the demand-deposit (DDA) nightly batch: Enterprise COBOL 6.4 on z/OS 3.1 (LPAR DEV1) reached
through the Zowe CLI v3 (zos-files upload/download/list, zos-jobs submit/list/view, zos-tso) and a small
team wrapper `bin/zrun` (submit a local JCL file, wait, keep the spool, print the job log, exit non-zero on
RC > 4 / ABEND / JCL error); JCL job streams; DB2 13 for z/OS (subsystem DBT1, packages in collection
DDACOLL, plan DDAPLAN, queries with the Zowe DB2 plug-in); copybooks in git; local compile and unit tests
with GnuCOBOL 3.2 (`cobc -std=ibm`, `make test PGM=…`, tests/run.sh); IBM Z Open Editor (zapp.yaml) in
VS Code; a Jenkins pipeline; Python 3 scripts that turn EBCDIC (cp037) extracts with COMP-3 fields into
CSV for the cloud data platform team.

Written blind for fresh/; measured once held out (round 22), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_cobol_zos.py && python3 check.py && python3 fresh/check_fresh.py
"""
import codecs
import datetime as _dt
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "dalbrecht"
H = "/home/dalbrecht"
D = H + "/src/dda-batch"
E = H + "/src/ebcdic-tools"
MODEL = "claude-opus-4-6"
ZHOST = "zosdev1.lvb.internal"
ZPORT = "10443"

# ------------------------------------------------------------------ virtual file system (dda-batch)

MAKEFILE = """# dda-batch: local build and unit tests with GnuCOBOL 3.2.
# Host builds (Enterprise COBOL on DEV1) go through bin/zrun and jcl/build/.
COBC     ?= cobc
COBFLAGS := -std=ibm -g -Wall
COPYPATH := -I copybooks -I ../lvb-copylib/copy
PGMS     := $(notdir $(wildcard tests/cases/*))

.PHONY: build test test-all clean

build: build/bin/$(PGM)

build/bin/%: cobol/%.cbl $(wildcard copybooks/*.cpy)
	@mkdir -p build/bin
	$(COBC) -x $(COBFLAGS) $(COPYPATH) -o $@ $<

test: build
	tests/run.sh $(PGM)

test-all:
	@for p in $(PGMS); do $(MAKE) --no-print-directory test PGM=$$p || exit 1; done

clean:
	rm -rf build/bin build/run
"""

ZRUN = """#!/usr/bin/env bash
# zrun - submit a local JCL file to DEV1 through z/OSMF (Zowe CLI v3), wait for
# it, keep the spool under build/spool/<jobid>/ and print the job log.
#
#   bin/zrun jcl/test/DDAFEE2T.jcl
#   bin/zrun jcl/build/IGYCL.jcl MEM=DDAFEE02      # JCL symbols, passed as-is
#
# Exit status: 0 = every step RC <= 4; 1 = a step ended with RC > 4 (its
# SYSOUT/SYSTSPRT/SYSPRINT is printed); 2 = ABEND or JCL ERROR.
# Jenkins uses this too, keep the output format stable.
set -euo pipefail

jcl=${1:?usage: zrun <local-jcl> [SYM=value ...]}
shift
spool=build/spool
mkdir -p "$spool"

submit=(zowe zos-jobs submit local-file "$jcl" --directory "$spool" --rfj)
if [[ $# -gt 0 ]]; then
  submit+=(--jcl-symbols "$*")
fi

echo "zrun: submitting $jcl${*:+ ($*)}"
res=$("${submit[@]}")
jobid=$(jq -r '.data.jobid' <<<"$res")
jobname=$(jq -r '.data.jobname' <<<"$res")
retcode=$(jq -r '.data.retcode' <<<"$res")
dir=$spool/$jobid

cat "$dir/JES2/JESMSGLG.txt"

rc=0
case "$retcode" in
  "CC 0000"|"CC 0004") ;;
  CC*)
    rc=1
    awk -v j="-$jobname" '$3 == j && $5 ~ /^[0-9]+$/ && $5 + 0 > 4 { print $4 }' \\
        "$dir/JES2/JESMSGLG.txt" |
    while read -r step; do
      for dd in SYSOUT SYSTSPRT SYSPRINT; do
        [[ -f "$dir/$step/$dd.txt" ]] || continue
        echo "zrun: --- $step $dd ---"
        cat "$dir/$step/$dd.txt"
      done
    done ;;
  *) rc=2 ;;
esac
echo "zrun: $jobid $jobname ended $retcode - spool in $dir"
exit $rc
"""

RUN_SH = """#!/usr/bin/env bash
# tests/run.sh PGM - run every case under tests/cases/PGM against build/bin/PGM.
# A case directory holds dd.env (one DDNAME=path per line, paths relative to the
# case; out:NAME means an output file under build/run), the input files, and
# expected/ with one file per output DD, compared record by record.
set -uo pipefail
pgm=$1
bin=build/bin/$pgm
pass=0; fail=0
echo "== $pgm =="
for case in tests/cases/$pgm/*/; do
  name=$(basename "$case")
  out=build/run/$pgm/$name
  rm -rf "$out"; mkdir -p "$out"
  env_args=()
  while IFS='=' read -r dd path; do
    [[ -z "$dd" || "$dd" == \\#* ]] && continue
    case "$path" in
      out:*) env_args+=("DD_$dd=$out/${path#out:}") ;;
      *)     env_args+=("DD_$dd=$case$path") ;;
    esac
  done < "$case/dd.env"
  if env "${env_args[@]}" "$bin" > "$out/SYSOUT" 2>&1 &&
     python3 tests/cmprec.py "$case/expected" "$out"; then
    printf '  %-28s ok\\n' "$name"; pass=$((pass+1))
  else
    printf '  %-28s FAIL\\n' "$name"; fail=$((fail+1))
  fi
done
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
"""

ZAPP = """name: dda-batch
description: DDA nightly batch (Larkspur Valley Bank)
version: 1.0.0
author:
  name: Denise Albrecht

propertyGroups:
  - name: cobol-local
    language: cobol
    libraries:
      - name: syslib
        type: local
        locations:
          - "**/copybooks"
  - name: cobol-dev1
    language: cobol
    type: mvs
    system: zosdev1.lvb.internal
    libraries:
      - name: syslib
        locations:
          - DALBREC.DEV.COPYLIB
          - LVB.PROD.COPYLIB

profiles:
  - name: RSE-Mappings
    type: rseapi
    settings:
      mappings:
        - extension: cbl
          transfer: text
          encoding: IBM-037
          memberMappings:
            - extension: cpy
              transfer: text
              resource: "**COPYLIB*"
"""

JENKINSFILE = """pipeline {
    agent { label 'zlinux-cobol' }
    options { timestamps() }
    environment {
        ZOWE_OPT_HOST = 'zosdev1.lvb.internal'
        ZOWE_OPT_PORT = '10443'
    }
    stages {
        stage('Local unit tests') {
            steps {
                sh 'make test-all'
            }
        }
        stage('Upload to DEV1') {
            when { branch 'develop' }
            steps {
                withCredentials([usernamePassword(credentialsId: 'zosmf-lvbci',
                                 usernameVariable: 'ZOWE_OPT_USER', passwordVariable: 'ZOWE_OPT_PASSWORD')]) {
                    sh 'zowe zos-files upload dir-to-pds cobol "LVBCI.DEV.COBOL"'
                    sh 'zowe zos-files upload dir-to-pds copybooks "LVBCI.DEV.COPYLIB"'
                }
            }
        }
        stage('Compile on DEV1') {
            when { branch 'develop' }
            steps {
                withCredentials([usernamePassword(credentialsId: 'zosmf-lvbci',
                                 usernameVariable: 'ZOWE_OPT_USER', passwordVariable: 'ZOWE_OPT_PASSWORD')]) {
                    sh 'ci/compile-changed.sh'
                }
            }
        }
    }
}
"""

DDAACCT = """      *----------------------------------------------------------------*
      * DDAACCT - DDA ACCOUNT MASTER EXTRACT RECORD         LRECL 200  *
      * H = HEADER, D = DETAIL, T = TRAILER (COUNT + LEDGER HASH)      *
      *----------------------------------------------------------------*
       01  ACCT-REC.
           05  ACCT-REC-TYPE           PIC X.
               88  ACCT-HEADER                   VALUE 'H'.
               88  ACCT-DETAIL                   VALUE 'D'.
               88  ACCT-TRAILER                  VALUE 'T'.
           05  ACCT-NO                 PIC 9(10).
           05  ACCT-BRANCH             PIC 9(4).
           05  ACCT-TYPE               PIC X(3).
           05  ACCT-STATUS             PIC X.
           05  ACCT-OPEN-DATE          PIC 9(8).
           05  ACCT-CLOSE-DATE         PIC 9(8).
           05  ACCT-OWNER-NAME         PIC X(40).
           05  ACCT-SENIOR-FLAG        PIC X.
           05  ACCT-RATE-CODE          PIC X(2).
           05  ACCT-LEDGER-BAL         PIC S9(13)V99 COMP-3.
           05  ACCT-AVAIL-BAL          PIC S9(13)V99 COMP-3.
           05  ACCT-AVG-BAL            PIC S9(13)V99 COMP-3.
           05  ACCT-ACCR-INT           PIC S9(7)V9(6) COMP-3.
           05  ACCT-LAST-TXN-DATE      PIC 9(8).
           05  FILLER                  PIC X(83).
       01  ACCT-TRAILER-REC.
           05  TRL-REC-TYPE            PIC X.
           05  TRL-REC-COUNT           PIC 9(10).
           05  TRL-HASH-LEDGER         PIC S9(15)V99 COMP-3.
           05  FILLER                  PIC X(180).
"""

DDAFEEPM = """      *----------------------------------------------------------------*
      * DDAFEEPM - MONTHLY MAINTENANCE FEE SCHEDULE (FEE MEMO 2026-03) *
      *----------------------------------------------------------------*
       01  FEE-PARMS.
           05  FP-CHK-MONTHLY     PIC S9(5)V99 COMP-3 VALUE +12.95.
           05  FP-CHK-MIN-BAL     PIC S9(9)V99 COMP-3 VALUE +1500.00.
           05  FP-SAV-MONTHLY     PIC S9(5)V99 COMP-3 VALUE +5.00.
           05  FP-SAV-MIN-BAL     PIC S9(9)V99 COMP-3 VALUE +300.00.
           05  FP-SENIOR-PCT      PIC S9(3)    COMP-3 VALUE +50.
"""

FEE02 = """       IDENTIFICATION DIVISION.
       PROGRAM-ID. DDAFEE02.
      *----------------------------------------------------------------*
      * DDAFEE02 - MONTHLY MAINTENANCE FEE CALCULATION                 *
      * READS THE DDA ACCOUNT MASTER EXTRACT, APPLIES THE FEE SCHEDULE *
      * AND WRITES ONE FEE RECORD PER CHARGED ACCOUNT.                 *
      *----------------------------------------------------------------*
       ENVIRONMENT DIVISION.
       INPUT-OUTPUT SECTION.
       FILE-CONTROL.
           SELECT CTL-CARD  ASSIGN TO CTLCARD.
           SELECT ACCT-IN   ASSIGN TO ACCTIN.
           SELECT FEE-OUT   ASSIGN TO FEEOUT.
           SELECT FEE-RPT   ASSIGN TO FEERPT.
       DATA DIVISION.
       FILE SECTION.
       FD  CTL-CARD RECORDING MODE F.
       01  CTL-REC                     PIC X(80).
       FD  ACCT-IN RECORDING MODE F.
           COPY DDAACCT.
       FD  FEE-OUT RECORDING MODE F.
       01  FEE-REC.
           05  FEE-ACCT-NO             PIC 9(10).
           05  FEE-CODE                PIC X(3).
           05  FEE-AMT                 PIC S9(7)V99 COMP-3.
           05  FILLER                  PIC X(102).
       FD  FEE-RPT RECORDING MODE F.
       01  RPT-LINE                    PIC X(133).
       WORKING-STORAGE SECTION.
       01  WS-EOF-SW                   PIC X     VALUE 'N'.
           88  END-OF-ACCTS                      VALUE 'Y'.
       01  WS-COUNTS.
           05  WS-READ-CNT             PIC 9(9)  COMP-3 VALUE 0.
           05  WS-FEE-CNT              PIC 9(9)  COMP-3 VALUE 0.
           05  WS-WAIVE-CNT            PIC 9(9)  COMP-3 VALUE 0.
           05  WS-FEE-TOTAL            PIC S9(11)V99 COMP-3 VALUE 0.
       01  WS-RUN-DATE                 PIC X(8).
       01  WS-FEE                      PIC S9(7)V99 COMP-3.
       01  WS-TOTAL-ED                 PIC Z,ZZZ,ZZZ,ZZ9.99-.
           COPY DDAFEEPM.
       PROCEDURE DIVISION.
       0000-MAIN.
           PERFORM 1000-INIT
           PERFORM 2000-PROCESS-ACCT UNTIL END-OF-ACCTS
           PERFORM 9000-TERM
           GOBACK.
       1000-INIT.
           OPEN INPUT  CTL-CARD ACCT-IN
                OUTPUT FEE-OUT FEE-RPT
           READ CTL-CARD
               AT END MOVE SPACES TO CTL-REC
           END-READ
           MOVE CTL-REC(9:8) TO WS-RUN-DATE
           DISPLAY 'DDAFEE02 START  RUN DATE ' WS-RUN-DATE
           PERFORM 8000-READ-ACCT.
       2000-PROCESS-ACCT.
           IF ACCT-DETAIL
               ADD 1 TO WS-READ-CNT
               IF ACCT-STATUS = 'O'
                   PERFORM 3000-APPLY-FEES
               END-IF
           END-IF
           PERFORM 8000-READ-ACCT.
       3000-APPLY-FEES.
           MOVE ZERO TO WS-FEE
           IF ACCT-TYPE = 'CHK'
               IF ACCT-AVG-BAL >= FP-CHK-MIN-BAL
                   ADD 1 TO WS-WAIVE-CNT
               ELSE
                   MOVE FP-CHK-MONTHLY TO WS-FEE
               END-IF
           ELSE
               IF ACCT-TYPE = 'SAV'
                   IF ACCT-AVG-BAL < FP-SAV-MIN-BAL
                       MOVE FP-SAV-MONTHLY TO WS-FEE
                   ELSE
                       ADD 1 TO WS-WAIVE-CNT
                   END-IF
               END-IF
           END-IF
           IF WS-FEE > ZERO
               PERFORM 3500-WRITE-FEE
           END-IF.
       3500-WRITE-FEE.
           MOVE SPACES    TO FEE-REC
           MOVE ACCT-NO   TO FEE-ACCT-NO
           MOVE 'MNT'     TO FEE-CODE
           MOVE WS-FEE    TO FEE-AMT
           WRITE FEE-REC
           ADD 1 TO WS-FEE-CNT
           ADD WS-FEE TO WS-FEE-TOTAL.
       8000-READ-ACCT.
           READ ACCT-IN
               AT END SET END-OF-ACCTS TO TRUE
           END-READ.
       9000-TERM.
           MOVE WS-FEE-TOTAL TO WS-TOTAL-ED
           DISPLAY 'DDAFEE02 ACCOUNTS READ    ' WS-READ-CNT
           DISPLAY 'DDAFEE02 FEES CHARGED     ' WS-FEE-CNT
           DISPLAY 'DDAFEE02 FEES WAIVED      ' WS-WAIVE-CNT
           DISPLAY 'DDAFEE02 FEE TOTAL        ' WS-TOTAL-ED
           CLOSE CTL-CARD ACCT-IN FEE-OUT FEE-RPT.
"""

INT01 = """       IDENTIFICATION DIVISION.
       PROGRAM-ID. DDAINT01.
      *----------------------------------------------------------------*
      * DDAINT01 - DAILY INTEREST ACCRUAL FOR INTEREST-BEARING DDA     *
      * READS THE ACCOUNT MASTER, LOOKS UP THE RATE IN DB2 ACCT_RATE   *
      * AND WRITES ONE ACCRUAL RECORD PER ACCOUNT.                     *
      *----------------------------------------------------------------*
       ENVIRONMENT DIVISION.
       INPUT-OUTPUT SECTION.
       FILE-CONTROL.
           SELECT CTL-CARD  ASSIGN TO CTLCARD.
           SELECT ACCT-IN   ASSIGN TO ACCTIN.
           SELECT ACCR-OUT  ASSIGN TO ACCROUT.
       DATA DIVISION.
       FILE SECTION.
       FD  CTL-CARD RECORDING MODE F.
       01  CTL-REC                     PIC X(80).
       FD  ACCT-IN RECORDING MODE F.
           COPY DDAACCT.
       FD  ACCR-OUT RECORDING MODE F.
       01  ACCR-REC.
           05  ACCR-ACCT-NO            PIC 9(10).
           05  ACCR-DATE               PIC 9(8).
           05  ACCR-RATE-PCT           PIC S9(3)V9(6) COMP-3.
           05  ACCR-AMT                PIC S9(7)V9(6) COMP-3.
           05  FILLER                  PIC X(50).
       WORKING-STORAGE SECTION.
       01  WS-EOF-SW                   PIC X     VALUE 'N'.
           88  END-OF-ACCTS                      VALUE 'Y'.
       01  WS-COUNTS.
           05  WS-READ-CNT             PIC 9(9)  COMP-3 VALUE 0.
           05  WS-ACCR-CNT             PIC 9(9)  COMP-3 VALUE 0.
           05  WS-NORATE-CNT           PIC 9(9)  COMP-3 VALUE 0.
       01  WS-RUN-DATE                 PIC 9(8).
       01  WS-RUN-DATE-ISO             PIC X(10).
       01  WS-RATE-CODE                PIC X(2).
       01  WS-LEDGER-BAL               PIC S9(13)V99 COMP-3.
       01  WS-RATE-PCT                 PIC S9(3)V9(6) COMP-3.
       01  WS-DAILY-INT                PIC S9(7)V9(6) COMP-3.
       01  WS-SQL-PARA                 PIC X(20).
       01  WS-SQLCODE-ED               PIC -ZZZZZZZZ9.
       01  WS-ERR-MSG.
           05  WS-ERR-LEN              PIC S9(4) COMP VALUE 720.
           05  WS-ERR-TEXT             PIC X(72) OCCURS 10 TIMES.
       01  WS-ERR-LRECL                PIC S9(9) COMP VALUE 72.
       01  WS-I                        PIC S9(4) COMP.
           EXEC SQL INCLUDE SQLCA END-EXEC.
       PROCEDURE DIVISION.
       0000-MAIN.
           PERFORM 1000-INIT
           PERFORM 2000-PROCESS-ACCT UNTIL END-OF-ACCTS
           PERFORM 9000-TERM
           GOBACK.
       1000-INIT.
           OPEN INPUT  CTL-CARD ACCT-IN
                OUTPUT ACCR-OUT
           READ CTL-CARD
               AT END MOVE SPACES TO CTL-REC
           END-READ
           MOVE CTL-REC(9:8) TO WS-RUN-DATE
           STRING CTL-REC(9:4) '-' CTL-REC(13:2) '-' CTL-REC(15:2)
               DELIMITED BY SIZE INTO WS-RUN-DATE-ISO
           END-STRING
           DISPLAY 'DDAINT01 START  RUN DATE ' WS-RUN-DATE
           PERFORM 8000-READ-ACCT.
       2000-PROCESS-ACCT.
           IF ACCT-DETAIL
               ADD 1 TO WS-READ-CNT
               IF ACCT-STATUS = 'O' AND ACCT-RATE-CODE NOT = SPACES
                   PERFORM 2100-GET-RATE
                   IF SQLCODE = 0
                       PERFORM 2200-ACCRUE
                   END-IF
               END-IF
           END-IF
           PERFORM 8000-READ-ACCT.
       2100-GET-RATE.
           MOVE ACCT-RATE-CODE  TO WS-RATE-CODE
           MOVE ACCT-LEDGER-BAL TO WS-LEDGER-BAL
           MOVE '2100-GET-RATE' TO WS-SQL-PARA
           EXEC SQL
               SELECT RATE_PCT
                 INTO :WS-RATE-PCT
                 FROM ACCT_RATE
                WHERE RATE_CODE = :WS-RATE-CODE
                  AND EFF_DATE <= :WS-RUN-DATE-ISO
                ORDER BY EFF_DATE DESC
                FETCH FIRST 1 ROW ONLY
           END-EXEC
           EVALUATE SQLCODE
               WHEN 0
                   CONTINUE
               WHEN 100
                   ADD 1 TO WS-NORATE-CNT
               WHEN OTHER
                   PERFORM 9900-SQL-ERROR
           END-EVALUATE.
       2200-ACCRUE.
           COMPUTE WS-DAILY-INT ROUNDED =
               WS-LEDGER-BAL * WS-RATE-PCT / 100 / 365
           END-COMPUTE
           MOVE ACCT-NO      TO ACCR-ACCT-NO
           MOVE WS-RUN-DATE  TO ACCR-DATE
           MOVE WS-RATE-PCT  TO ACCR-RATE-PCT
           MOVE WS-DAILY-INT TO ACCR-AMT
           WRITE ACCR-REC
           ADD 1 TO WS-ACCR-CNT.
       8000-READ-ACCT.
           READ ACCT-IN
               AT END SET END-OF-ACCTS TO TRUE
           END-READ.
       9000-TERM.
           DISPLAY 'DDAINT01 ACCOUNTS READ    ' WS-READ-CNT
           DISPLAY 'DDAINT01 ACCRUALS WRITTEN ' WS-ACCR-CNT
           DISPLAY 'DDAINT01 NO RATE FOUND    ' WS-NORATE-CNT
           CLOSE CTL-CARD ACCT-IN ACCR-OUT.
       9900-SQL-ERROR.
           MOVE SQLCODE TO WS-SQLCODE-ED
           DISPLAY 'DDAINT01 *** SQL ERROR IN ' WS-SQL-PARA
                   ' SQLCODE ' WS-SQLCODE-ED
           CALL 'DSNTIAR' USING SQLCA WS-ERR-MSG WS-ERR-LRECL
           PERFORM VARYING WS-I FROM 1 BY 1 UNTIL WS-I > 10
               IF WS-ERR-TEXT(WS-I) NOT = SPACES
                   DISPLAY WS-ERR-TEXT(WS-I)
               END-IF
           END-PERFORM
           DISPLAY 'DDAINT01 ENDED RC=0012'
           MOVE 12 TO RETURN-CODE
           STOP RUN.
"""

STMT1 = """       IDENTIFICATION DIVISION.
       PROGRAM-ID. DDASTMT1.
      *----------------------------------------------------------------*
      * DDASTMT1 - STATEMENT HEADER EXTRACT FOR THE PRINT VENDOR       *
      * ONE HEADER RECORD PER OPEN ACCOUNT IN THE REQUESTED CYCLE.     *
      *----------------------------------------------------------------*
       ENVIRONMENT DIVISION.
       INPUT-OUTPUT SECTION.
       FILE-CONTROL.
           SELECT CTL-CARD  ASSIGN TO CTLCARD.
           SELECT STMT-OUT  ASSIGN TO STMTHDR.
       DATA DIVISION.
       FILE SECTION.
       FD  CTL-CARD RECORDING MODE F.
       01  CTL-REC                     PIC X(80).
       FD  STMT-OUT RECORDING MODE F.
       01  STMT-HDR.
           05  SH-ACCT-NO              PIC 9(10).
           05  SH-BRANCH               PIC 9(4).
           05  SH-PRODUCT              PIC X(3).
           05  SH-CYCLE                PIC X(2).
           05  SH-NAME                 PIC X(40).
           05  SH-ADDR1                PIC X(40).
           05  SH-ADDR2                PIC X(40).
           05  SH-CITY                 PIC X(25).
           05  SH-STATE                PIC X(2).
           05  SH-ZIP                  PIC X(10).
           05  FILLER                  PIC X(74).
       WORKING-STORAGE SECTION.
       01  WS-EOF-SW                   PIC X     VALUE 'N'.
           88  END-OF-CURSOR                     VALUE 'Y'.
       01  WS-CYCLE                    PIC X(2).
       01  WS-HDR-CNT                  PIC 9(9)  COMP-3 VALUE 0.
       01  WS-SQL-PARA                 PIC X(20).
       01  WS-SQLCODE-ED               PIC -ZZZZZZZZ9.
       01  WS-ERR-MSG.
           05  WS-ERR-LEN              PIC S9(4) COMP VALUE 720.
           05  WS-ERR-TEXT             PIC X(72) OCCURS 10 TIMES.
       01  WS-ERR-LRECL                PIC S9(9) COMP VALUE 72.
       01  WS-I                        PIC S9(4) COMP.
       01  HV-ROW.
           05  HV-ACCT-NO              PIC S9(10) COMP-3.
           05  HV-BRANCH-NO            PIC S9(4)  COMP.
           05  HV-PRODUCT-CD           PIC X(3).
           05  HV-CUST-NAME            PIC X(40).
           05  HV-ADDR-LINE1           PIC X(40).
           05  HV-ADDR-LINE2           PIC X(40).
           05  HV-CITY                 PIC X(25).
           05  HV-STATE-CD             PIC X(2).
           05  HV-ZIP-CD               PIC X(10).
           EXEC SQL INCLUDE SQLCA END-EXEC.
           EXEC SQL DECLARE STMT-CSR CURSOR FOR
               SELECT A.ACCT_NO, A.BRANCH_NO, A.PRODUCT_CD,
                      C.CUST_NAME, C.ADDR_LINE1, C.ADDR_LINE2,
                      C.CITY, C.STATE_CD, C.ZIP_CD
                 FROM ACCOUNT A
                 JOIN CUSTOMER C
                   ON C.CUST_ID = A.PRIMARY_CUST_ID
                WHERE A.STMT_CYCLE = :WS-CYCLE
                  AND A.STATUS_CD = 'O'
                ORDER BY A.BRANCH_NO, A.ACCT_NO
           END-EXEC.
       PROCEDURE DIVISION.
       0000-MAIN.
           PERFORM 1000-INIT
           PERFORM 2000-FETCH-ROW
           PERFORM UNTIL END-OF-CURSOR
               PERFORM 3000-WRITE-HDR
               PERFORM 2000-FETCH-ROW
           END-PERFORM
           PERFORM 9000-TERM
           GOBACK.
       1000-INIT.
           OPEN INPUT CTL-CARD OUTPUT STMT-OUT
           READ CTL-CARD
               AT END MOVE SPACES TO CTL-REC
           END-READ
           MOVE CTL-REC(7:2) TO WS-CYCLE
           DISPLAY 'DDASTMT1 START  CYCLE ' WS-CYCLE
           MOVE '1000-INIT' TO WS-SQL-PARA
           EXEC SQL OPEN STMT-CSR END-EXEC
           IF SQLCODE NOT = 0
               PERFORM 9900-SQL-ERROR.
       2000-FETCH-ROW.
           MOVE '2000-FETCH-ROW' TO WS-SQL-PARA
           EXEC SQL
               FETCH STMT-CSR
                INTO :HV-ACCT-NO, :HV-BRANCH-NO, :HV-PRODUCT-CD,
                     :HV-CUST-NAME, :HV-ADDR-LINE1, :HV-ADDR-LINE2,
                     :HV-CITY, :HV-STATE-CD, :HV-ZIP-CD
           END-EXEC
           EVALUATE SQLCODE
               WHEN 0
                   CONTINUE
               WHEN 100
                   SET END-OF-CURSOR TO TRUE
               WHEN OTHER
                   PERFORM 9900-SQL-ERROR
           END-EVALUATE.
       3000-WRITE-HDR.
           MOVE SPACES         TO STMT-HDR
           MOVE HV-ACCT-NO     TO SH-ACCT-NO
           MOVE HV-BRANCH-NO   TO SH-BRANCH
           MOVE HV-PRODUCT-CD  TO SH-PRODUCT
           MOVE WS-CYCLE       TO SH-CYCLE
           MOVE HV-CUST-NAME   TO SH-NAME
           MOVE HV-ADDR-LINE1  TO SH-ADDR1
           MOVE HV-ADDR-LINE2  TO SH-ADDR2
           MOVE HV-CITY        TO SH-CITY
           MOVE HV-STATE-CD    TO SH-STATE
           MOVE HV-ZIP-CD      TO SH-ZIP
           WRITE STMT-HDR
           ADD 1 TO WS-HDR-CNT.
       9000-TERM.
           EXEC SQL CLOSE STMT-CSR END-EXEC
           DISPLAY 'DDASTMT1 HEADERS WRITTEN  ' WS-HDR-CNT
           CLOSE CTL-CARD STMT-OUT.
       9900-SQL-ERROR.
           MOVE SQLCODE TO WS-SQLCODE-ED
           DISPLAY 'DDASTMT1 *** SQL ERROR IN ' WS-SQL-PARA
                   ' SQLCODE ' WS-SQLCODE-ED
           CALL 'DSNTIAR' USING SQLCA WS-ERR-MSG WS-ERR-LRECL
           PERFORM VARYING WS-I FROM 1 BY 1 UNTIL WS-I > 10
               IF WS-ERR-TEXT(WS-I) NOT = SPACES
                   DISPLAY WS-ERR-TEXT(WS-I)
               END-IF
           END-PERFORM
           DISPLAY 'DDASTMT1 ENDED RC=0012'
           MOVE 12 TO RETURN-CODE
           STOP RUN.
"""

ODR04 = """       IDENTIFICATION DIVISION.
       PROGRAM-ID. DDAODR04.
      *----------------------------------------------------------------*
      * DDAODR04 - OVERDRAFT FEE ASSESSMENT                            *
      * READS THE DAY'S POSTED DEBITS THAT TOOK AN ACCOUNT NEGATIVE    *
      * AND CHARGES THE OVERDRAFT FEE FROM DB2 OD_FEE_PARM.            *
      *----------------------------------------------------------------*
       ENVIRONMENT DIVISION.
       INPUT-OUTPUT SECTION.
       FILE-CONTROL.
           SELECT CTL-CARD  ASSIGN TO CTLCARD.
           SELECT OD-TRANS  ASSIGN TO ODTRANS.
           SELECT FEE-OUT   ASSIGN TO FEEOUT.
       DATA DIVISION.
       FILE SECTION.
       FD  CTL-CARD RECORDING MODE F.
       01  CTL-REC                     PIC X(80).
       FD  OD-TRANS RECORDING MODE F.
       01  OD-REC.
           05  OD-ACCT-NO              PIC 9(10).
           05  OD-PRODUCT              PIC X(3).
           05  OD-TXN-SEQ              PIC 9(5).
           05  OD-TXN-AMT              PIC S9(11)V99 COMP-3.
           05  OD-BAL-AFTER            PIC S9(13)V99 COMP-3.
           05  FILLER                  PIC X(47).
       FD  FEE-OUT RECORDING MODE F.
       01  FEE-REC.
           05  FEE-ACCT-NO             PIC 9(10).
           05  FEE-CODE                PIC X(3).
           05  FEE-AMT                 PIC S9(7)V99 COMP-3.
           05  FILLER                  PIC X(102).
       WORKING-STORAGE SECTION.
       01  WS-EOF-SW                   PIC X     VALUE 'N'.
           88  END-OF-TRANS                      VALUE 'Y'.
       01  WS-PREV-ACCT                PIC 9(10) VALUE 0.
       01  WS-FEES-TODAY               PIC S9(3) COMP-3 VALUE 0.
       01  WS-COUNTS.
           05  WS-TRAN-CNT             PIC 9(9)  COMP-3 VALUE 0.
           05  WS-FEE-CNT              PIC 9(9)  COMP-3 VALUE 0.
           05  WS-CAP-CNT              PIC 9(9)  COMP-3 VALUE 0.
       01  HV-PRODUCT-CD               PIC X(3).
       01  HV-OD-FEE                   PIC S9(5)V99 COMP-3.
       01  WS-SQL-PARA                 PIC X(20).
       01  WS-SQLCODE-ED               PIC -ZZZZZZZZ9.
       01  WS-ERR-MSG.
           05  WS-ERR-LEN              PIC S9(4) COMP VALUE 720.
           05  WS-ERR-TEXT             PIC X(72) OCCURS 10 TIMES.
       01  WS-ERR-LRECL                PIC S9(9) COMP VALUE 72.
       01  WS-I                        PIC S9(4) COMP.
           EXEC SQL INCLUDE SQLCA END-EXEC.
       PROCEDURE DIVISION.
       0000-MAIN.
           OPEN INPUT  CTL-CARD OD-TRANS
                OUTPUT FEE-OUT
           DISPLAY 'DDAODR04 START'
           PERFORM 8000-READ-TRAN
           PERFORM UNTIL END-OF-TRANS
               PERFORM 2000-ASSESS
               PERFORM 8000-READ-TRAN
           END-PERFORM
           DISPLAY 'DDAODR04 OD DEBITS READ   ' WS-TRAN-CNT
           DISPLAY 'DDAODR04 FEES CHARGED     ' WS-FEE-CNT
           DISPLAY 'DDAODR04 FEES CAPPED      ' WS-CAP-CNT
           CLOSE CTL-CARD OD-TRANS FEE-OUT
           GOBACK.
       2000-ASSESS.
           ADD 1 TO WS-TRAN-CNT
           IF OD-ACCT-NO NOT = WS-PREV-ACCT
               MOVE OD-ACCT-NO TO WS-PREV-ACCT
               MOVE ZERO TO WS-FEES-TODAY
           END-IF
           MOVE OD-PRODUCT TO HV-PRODUCT-CD
           MOVE '2000-ASSESS' TO WS-SQL-PARA
           EXEC SQL
               SELECT OD_FEE
                 INTO :HV-OD-FEE
                 FROM OD_FEE_PARM
                WHERE PRODUCT_CD = :HV-PRODUCT-CD
           END-EXEC
           EVALUATE SQLCODE
               WHEN 0
                   PERFORM 2100-CHARGE
               WHEN 100
                   CONTINUE
               WHEN OTHER
                   PERFORM 9900-SQL-ERROR
           END-EVALUATE.
       2100-CHARGE.
           MOVE SPACES     TO FEE-REC
           MOVE OD-ACCT-NO TO FEE-ACCT-NO
           MOVE 'ODF'      TO FEE-CODE
           MOVE HV-OD-FEE  TO FEE-AMT
           WRITE FEE-REC
           ADD 1 TO WS-FEES-TODAY
           ADD 1 TO WS-FEE-CNT.
       8000-READ-TRAN.
           READ OD-TRANS
               AT END SET END-OF-TRANS TO TRUE
           END-READ.
       9900-SQL-ERROR.
           MOVE SQLCODE TO WS-SQLCODE-ED
           DISPLAY 'DDAODR04 *** SQL ERROR IN ' WS-SQL-PARA
                   ' SQLCODE ' WS-SQLCODE-ED
           CALL 'DSNTIAR' USING SQLCA WS-ERR-MSG WS-ERR-LRECL
           PERFORM VARYING WS-I FROM 1 BY 1 UNTIL WS-I > 10
               IF WS-ERR-TEXT(WS-I) NOT = SPACES
                   DISPLAY WS-ERR-TEXT(WS-I)
               END-IF
           END-PERFORM
           DISPLAY 'DDAODR04 ENDED RC=0012'
           MOVE 12 TO RETURN-CODE
           STOP RUN.
"""

REC03 = """       IDENTIFICATION DIVISION.
       PROGRAM-ID. DDAREC03.
      *----------------------------------------------------------------*
      * DDAREC03 - END-OF-DAY RECONCILIATION, DDA SUBLEDGER VS GL      *
      * COMPARES THE GL DDA CONTROL BALANCES WITH THE EOD DDA BALANCE  *
      * FILE PER BRANCH AND PRODUCT AND REPORTS EVERY DIFFERENCE.      *
      *----------------------------------------------------------------*
       ENVIRONMENT DIVISION.
       INPUT-OUTPUT SECTION.
       FILE-CONTROL.
           SELECT GL-FEED   ASSIGN TO GLFEED.
           SELECT DDA-EOD   ASSIGN TO DDAEOD.
           SELECT CTL-CARD  ASSIGN TO CTLCARD.
           SELECT REC-RPT   ASSIGN TO RECRPT.
       DATA DIVISION.
       FILE SECTION.
       FD  GL-FEED RECORDING MODE F.
       01  GL-REC.
           05  GL-BRANCH               PIC 9(4).
           05  GL-PRODUCT              PIC X(3).
           05  GL-CTRL-BAL             PIC S9(15)V99 COMP-3.
           05  FILLER                  PIC X(64).
       FD  DDA-EOD RECORDING MODE F.
       01  EOD-REC.
           05  EOD-BRANCH              PIC 9(4).
           05  EOD-PRODUCT             PIC X(3).
           05  EOD-LEDGER-BAL          PIC S9(15)V99 COMP-3.
           05  EOD-ACCT-CNT            PIC 9(7).
           05  FILLER                  PIC X(57).
       FD  CTL-CARD RECORDING MODE F.
       01  CTL-REC                     PIC X(80).
       FD  REC-RPT RECORDING MODE F.
       01  RPT-LINE                    PIC X(133).
       WORKING-STORAGE SECTION.
       01  WS-SW.
           05  WS-GL-EOF               PIC X VALUE 'N'.
               88  GL-EOF                    VALUE 'Y'.
           05  WS-EOD-EOF              PIC X VALUE 'N'.
               88  EOD-EOF                   VALUE 'Y'.
       01  WS-COUNTS.
           05  WS-PAIR-CNT             PIC 9(7) COMP-3 VALUE 0.
           05  WS-DIFF-CNT             PIC 9(7) COMP-3 VALUE 0.
           05  WS-DIFF-TOTAL           PIC S9(15)V99 COMP-3 VALUE 0.
       01  WS-DIFF                     PIC S9(15)V99 COMP-3.
       01  WS-DIFF-ED                  PIC Z,ZZZ,ZZZ,ZZZ,ZZ9.99-.
       PROCEDURE DIVISION.
       0000-MAIN.
           OPEN INPUT  GL-FEED DDA-EOD CTL-CARD
                OUTPUT REC-RPT
           PERFORM 8100-READ-GL
           PERFORM 8200-READ-EOD
           PERFORM 2000-MATCH UNTIL GL-EOF AND EOD-EOF
           MOVE WS-DIFF-TOTAL TO WS-DIFF-ED
           DISPLAY 'DDAREC03 PAIRS COMPARED   ' WS-PAIR-CNT
           DISPLAY 'DDAREC03 DIFFERENCES      ' WS-DIFF-CNT
           DISPLAY 'DDAREC03 NET DIFFERENCE   ' WS-DIFF-ED
           CLOSE GL-FEED DDA-EOD CTL-CARD REC-RPT
           GOBACK.
"""

PURG = """       IDENTIFICATION DIVISION.
       PROGRAM-ID. DDAPURG.
      *----------------------------------------------------------------*
      * DDAPURG - WEEKLY PURGE OF ACCOUNTS CLOSED MORE THAN 7 YEARS    *
      * WRITES THE KEPT ACCOUNTS TO ACCTNEW AND THE PURGED ONES TO     *
      * PURGLOG FOR THE RECORDS-RETENTION ARCHIVE.                     *
      *----------------------------------------------------------------*
       ENVIRONMENT DIVISION.
       INPUT-OUTPUT SECTION.
       FILE-CONTROL.
           SELECT CTL-CARD  ASSIGN TO CTLCARD.
           SELECT ACCT-OLD  ASSIGN TO ACCTOLD.
           SELECT ACCT-NEW  ASSIGN TO ACCTNEW.
           SELECT PURG-LOG  ASSIGN TO PURGLOG.
"""

DDAWEEK = """//LVBDDAWK JOB (LVB0100,DDA),'DDA WEEKLY',CLASS=P,MSGCLASS=Y,
//             MSGLEVEL=(1,1),SCHENV=PRODBAT
//*--------------------------------------------------------------------
//* DDA WEEKLY MAINTENANCE - SCHEDULED BY TWS, APPL DDAWEEK
//* DO NOT RUN FROM HERE: PRODUCTION MEMBER KEPT IN GIT FOR REFERENCE
//*--------------------------------------------------------------------
//JOBLIB   DD DISP=SHR,DSN=LVB.PROD.LOADLIB
//*
//WK010    EXEC PGM=DDADORM1
//CTLCARD  DD DISP=SHR,DSN=LVB.PROD.CTLCARD(DDAWK010)
//ACCTIN   DD DISP=SHR,DSN=LVB.PROD.DDA.ACCTMAST
//DORMRPT  DD SYSOUT=(R,,DDAW)
//SYSOUT   DD SYSOUT=*
//*
//WK020    EXEC PGM=SORT,COND=(4,LT)
//SORTIN   DD DISP=SHR,DSN=LVB.PROD.DDA.ACCTMAST
//SORTOUT  DD DSN=LVB.PROD.DDA.ACCTMAST.SORTED(+1),
//            DISP=(NEW,CATLG,DELETE),SPACE=(CYL,(50,20),RLSE),
//            RECFM=FB,LRECL=200
//SYSIN    DD DISP=SHR,DSN=LVB.PROD.CTLCARD(DDAWK020)
//SYSOUT   DD SYSOUT=*
"""

FEE2T = """//DALBRECF JOB (LVB0417,DDA),'D ALBRECHT',CLASS=A,MSGCLASS=X,
//             MSGLEVEL=(1,1),NOTIFY=&SYSUID
//*--------------------------------------------------------------------
//* DDAFEE02 MONTHLY MAINTENANCE FEES - DEV1 TEST RUN
//*--------------------------------------------------------------------
//DEL000   EXEC PGM=IEFBR14
//FEEOUT   DD DSN=DALBREC.TEST.DDAFEE02.FEEOUT,DISP=(MOD,DELETE),
//            SPACE=(TRK,0)
//FEE010   EXEC PGM=DDAFEE02
//STEPLIB  DD DISP=SHR,DSN=DALBREC.DEV.LOADLIB
//         DD DISP=SHR,DSN=LVB.TEST.LOADLIB
//CTLCARD  DD *
RUNDATE=20260731
/*
//ACCTIN   DD DISP=SHR,DSN=LVB.TEST.DDA.ACCTMAST
//FEEOUT   DD DSN=DALBREC.TEST.DDAFEE02.FEEOUT,
//            DISP=(NEW,CATLG,DELETE),SPACE=(CYL,(5,5),RLSE),
//            RECFM=FB,LRECL=120
//FEERPT   DD SYSOUT=*
//SYSOUT   DD SYSOUT=*
//CEEDUMP  DD SYSOUT=*
"""

QA_NITE = """//LVBQANIT JOB (LVB0300,QA),'DDA NIGHTLY QA',CLASS=Q,MSGCLASS=X,
//             MSGLEVEL=(1,1)
//*--------------------------------------------------------------------
//* DDA NIGHTLY - QA PARALLEL RUN ON DEV1 (TEST LOADLIB, TEST DATA)
//*--------------------------------------------------------------------
//NT010    EXEC PGM=DDAFEE02
//STEPLIB  DD DISP=SHR,DSN=LVB.TEST.LOADLIB
//CTLCARD  DD DISP=SHR,DSN=LVB.TEST.CTLCARD(DDANT010)
//ACCTIN   DD DISP=SHR,DSN=LVB.TEST.DDA.ACCTMAST
//FEEOUT   DD DSN=LVB.TEST.DDA.FEEOUT(+1),
//            DISP=(NEW,CATLG,DELETE),SPACE=(CYL,(5,5),RLSE),
//            RECFM=FB,LRECL=120
//FEERPT   DD SYSOUT=*
//SYSOUT   DD SYSOUT=*
"""

INT1T = """//DALBRECI JOB (LVB0417,DDA),'D ALBRECHT',CLASS=A,MSGCLASS=X,
//             MSGLEVEL=(1,1),NOTIFY=&SYSUID
//*--------------------------------------------------------------------
//* DDAINT01 DAILY INTEREST ACCRUAL - DEV1 TEST RUN AGAINST DBT1
//*--------------------------------------------------------------------
//DEL000   EXEC PGM=IEFBR14
//ACCROUT  DD DSN=DALBREC.TEST.DDAINT01.ACCROUT,DISP=(MOD,DELETE),
//            SPACE=(TRK,0)
//INT010   EXEC PGM=IKJEFT01,DYNAMNBR=20
//STEPLIB  DD DISP=SHR,DSN=DSND10.SDSNEXIT
//         DD DISP=SHR,DSN=DSND10.SDSNLOAD
//CTLCARD  DD *
RUNDATE=20260820
/*
//ACCTIN   DD DISP=SHR,DSN=LVB.TEST.DDA.ACCTMAST
//ACCROUT  DD DSN=DALBREC.TEST.DDAINT01.ACCROUT,
//            DISP=(NEW,CATLG,DELETE),SPACE=(CYL,(3,3),RLSE),
//            RECFM=FB,LRECL=80
//SYSTSPRT DD SYSOUT=*
//SYSOUT   DD SYSOUT=*
//SYSTSIN  DD *
  DSN SYSTEM(DBT1)
  RUN PROGRAM(DDAINT01) PLAN(DDAPLAN) LIB('DALBREC.DEV.LOADLIB')
  END
/*
"""

BINDPKG = """//DALBRECB JOB (LVB0417,DDA),'D ALBRECHT',CLASS=A,MSGCLASS=X,
//             MSGLEVEL=(1,1),NOTIFY=&SYSUID
//*--------------------------------------------------------------------
//* BIND ONE PACKAGE INTO DDACOLL ON DBT1 FROM THE DEV DBRMLIB
//* SUBMIT WITH JCL SYMBOL MEM=<PROGRAM>   (BIN/ZRUN ... MEM=XXXXXXXX)
//*--------------------------------------------------------------------
//         EXPORT SYMLIST=(MEM)
//         SET MEM=DUMMY
//BIND     EXEC PGM=IKJEFT01,DYNAMNBR=20
//STEPLIB  DD DISP=SHR,DSN=DSND10.SDSNEXIT
//         DD DISP=SHR,DSN=DSND10.SDSNLOAD
//DBRMLIB  DD DISP=SHR,DSN=DALBREC.DEV.DBRMLIB
//SYSTSPRT DD SYSOUT=*
//SYSTSIN  DD *,SYMBOLS=JCLONLY
  DSN SYSTEM(DBT1)
  BIND PACKAGE(DDACOLL) MEMBER(&MEM) ACTION(REPLACE) -
       OWNER(DDADEV) QUALIFIER(DDATEST) VALIDATE(BIND) -
       ISOLATION(CS) CURRENTDATA(NO) RELEASE(COMMIT) -
       ENCODING(EBCDIC)
  END
/*
"""

FILES = {
    D + "/Makefile": MAKEFILE,
    D + "/bin/zrun": ZRUN,
    D + "/tests/run.sh": RUN_SH,
    D + "/zapp.yaml": ZAPP,
    D + "/Jenkinsfile": JENKINSFILE,
    D + "/copybooks/DDAACCT.cpy": DDAACCT,
    D + "/copybooks/DDAFEEPM.cpy": DDAFEEPM,
    D + "/cobol/DDAFEE02.cbl": FEE02,
    D + "/cobol/DDAINT01.cbl": INT01,
    D + "/cobol/DDASTMT1.cbl": STMT1,
    D + "/cobol/DDAODR04.cbl": ODR04,
    D + "/cobol/DDAREC03.cbl": REC03,
    D + "/cobol/DDAPURG.cbl": PURG,
    D + "/jcl/prod/DDAWEEK.jcl": DDAWEEK,
    D + "/jcl/qa/DDANITEQ.jcl": QA_NITE,
    D + "/jcl/test/DDAFEE2T.jcl": FEE2T,
    D + "/jcl/test/DDAINT1T.jcl": INT1T,
    D + "/jcl/util/BINDPKG.jcl": BINDPKG,
}

# ------------------------------------------------------------------ virtual file system (ebcdic-tools)

PACKED_PY = '''"""Packed (COMP-3) and zoned decimal decoding for EBCDIC records."""
from decimal import Decimal


def unpack_comp3(raw: bytes, scale: int = 0) -> Decimal:
    """IBM packed decimal: two digits per byte, sign in the last low nibble.

    C and F are positive, D is negative; anything else is a data error
    (the same thing that gives an S0C7 on the host).
    """
    digits = []
    for b in raw[:-1]:
        digits.append(b >> 4)
        digits.append(b & 0x0F)
    digits.append(raw[-1] >> 4)
    sign = raw[-1] & 0x0F
    if any(d > 9 for d in digits) or sign not in (0x0C, 0x0D, 0x0F):
        raise ValueError(f"invalid packed decimal X'{raw.hex().upper()}'")
    value = int("".join(map(str, digits)))
    if sign == 0x0D:
        value = -value
    return Decimal(value).scaleb(-scale)


def unzone(raw: bytes, scale: int = 0) -> Decimal:
    """Zoned decimal PIC S9(n) DISPLAY with the sign overpunched on the last byte."""
    digits = [b & 0x0F for b in raw]
    zone = raw[-1] >> 4
    if any(d > 9 for d in digits) or zone not in (0x0C, 0x0D, 0x0F):
        raise ValueError(f"invalid zoned decimal X'{raw.hex().upper()}'")
    value = int("".join(map(str, digits)))
    if zone == 0x0D:
        value = -value
    return Decimal(value).scaleb(-scale)
'''

LAYOUT_PY = '''"""Tiny COBOL copybook reader: elementary items, PIC X/9/S9 with V, COMP-3.

Only what our extract layouts use: no OCCURS, no REDEFINES inside a record.
The first 01 is the detail record; an 01 whose fields start with TRL- is the
trailer record (same length).
"""
import re
from dataclasses import dataclass

PIC = re.compile(r"^\\s*(\\d\\d)\\s+([A-Z0-9-]+)\\s+PIC\\s+(\\S+?)(\\s+COMP-3)?\\s*\\.?\\s*$")


@dataclass
class Field:
    name: str
    offset: int
    length: int
    kind: str      # "X", "9", "comp3", "zoned"
    scale: int = 0


def _size(pic: str):
    pic = pic.upper()
    signed = pic.startswith("S")
    pic = pic.lstrip("S")
    intpart, _, frac = pic.partition("V")

    def count(p):
        return sum(int(n) if n else 1 for _, n in re.findall(r"([X9])(?:\\((\\d+)\\))?", p))
    return count(intpart) + count(frac), count(frac), signed, pic[0]


def load_layout(path):
    records, cur = [], None
    for line in open(path, encoding="ascii"):
        code = line[6:72]
        if not code.strip() or code[0] in "*/":
            continue
        if re.match(r"^\\s*01\\s", code[1:]):
            cur = []
            records.append(cur)
            continue
        m = PIC.match(code[1:])
        if m and cur is not None:
            level, name, pic, comp3 = m.groups()
            digits, scale, signed, first = _size(pic)
            if comp3:
                cur.append(("comp3", name, digits // 2 + 1, scale))
            elif first == "9":
                cur.append(("zoned" if signed else "9", name, digits, scale))
            else:
                cur.append(("X", name, digits, 0))
    out = []
    for rec in records:
        fields, off = [], 0
        for kind, name, length, scale in rec:
            fields.append(Field(name, off, length, kind, scale))
            off += length
        out.append((fields, off))
    return out
'''

EBCDIC2CSV_PY = '''#!/usr/bin/env python3
"""Convert a fixed-length EBCDIC extract to CSV using its COBOL copybook.

    python3 ebcdic2csv.py --layout ../dda-batch/copybooks/DDAACCT.cpy \\\\
        data/raw/acctmast_0824.ebc -o data/csv/acctmast_0824.csv

The file must be downloaded in binary (zowe ... --binary): a text download
converts the COMP-3 bytes as if they were characters and drops the record
boundaries. Header (H) records are skipped; the trailer (T) goes to
<csv>.trailer.json for reconcile.py.
"""
import argparse
import csv
import json
import sys

from layout import load_layout
from packed import unpack_comp3, unzone


def decode(field, raw, codepage):
    if field.kind == "comp3":
        return unpack_comp3(raw, field.scale)
    if field.kind == "zoned":
        return unzone(raw, field.scale)
    return raw.decode(codepage).rstrip()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("input")
    ap.add_argument("--layout", required=True)
    ap.add_argument("--codepage", default="cp037")
    ap.add_argument("-o", "--output", required=True)
    args = ap.parse_args(argv)

    layouts = load_layout(args.layout)
    (detail, lrecl), trailer = layouts[0], (layouts[1][0] if len(layouts) > 1 else None)
    data = open(args.input, "rb").read()
    if len(data) % lrecl:
        sys.exit(f"{args.input}: {len(data)} bytes is not a multiple of LRECL {lrecl}")
    print(f"layout {args.layout}: {len(detail)} fields, LRECL {lrecl}, codepage {args.codepage}")

    counts = {"H": 0, "D": 0, "T": 0}
    trl = {}
    with open(args.output, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow([fl.name for fl in detail])
        for pos in range(0, len(data), lrecl):
            rec = data[pos:pos + lrecl]
            rtype = rec[:1].decode(args.codepage)
            counts[rtype] = counts.get(rtype, 0) + 1
            if rtype == "H":
                continue
            if rtype == "T" and trailer:
                trl = {fl.name: str(decode(fl, rec[fl.offset:fl.offset + fl.length], args.codepage))
                       for fl in trailer if fl.name != "FILLER"}
                continue
            w.writerow([decode(fl, rec[fl.offset:fl.offset + fl.length], args.codepage) for fl in detail])
    json.dump(trl, open(args.output + ".trailer.json", "w"), indent=1)
    n = len(data) // lrecl
    print(f"read {n} records ({len(data)} bytes) from {args.input}")
    print(f"  header: {counts['H']}  detail: {counts['D']}  trailer: {counts['T']}")
    print(f"wrote {args.output} ({counts['D']} rows)")


if __name__ == "__main__":
    main()
'''

RECONCILE_PY = '''#!/usr/bin/env python3
"""Check a converted extract against its trailer record (count only, for now)."""
import csv
import json
import sys


def main(path):
    trl = json.load(open(path + ".trailer.json"))
    with open(path, newline="", encoding="utf-8") as f:
        rows = sum(1 for _ in csv.DictReader(f))
    want = int(trl["TRL-REC-COUNT"])
    ok = rows == want
    print(f"trailer record count ....... {want:>12}   csv rows ....... {rows:>12}   {'OK' if ok else 'MISMATCH'}")
    if not ok:
        sys.exit(1)
    print(f"reconciled: {path}")


if __name__ == "__main__":
    main(sys.argv[1])
'''

TEST_PACKED_PY = '''import unittest
from decimal import Decimal

from packed import unpack_comp3, unzone


class PackedTests(unittest.TestCase):
    def test_positive(self):
        self.assertEqual(unpack_comp3(bytes.fromhex("0012345C"), 2), Decimal("123.45"))

    def test_negative(self):
        self.assertEqual(unpack_comp3(bytes.fromhex("0012345D"), 2), Decimal("-123.45"))

    def test_unsigned_f(self):
        self.assertEqual(unpack_comp3(bytes.fromhex("00042F"), 0), Decimal("42"))

    def test_bad_nibble(self):
        with self.assertRaises(ValueError):
            unpack_comp3(bytes.fromhex("0A12345C"), 2)

    def test_text_mode_damage(self):
        # what a text-mode download does to X'0012345C'
        with self.assertRaises(ValueError):
            unpack_comp3(bytes.fromhex("0012342A"), 2)


class ZonedTests(unittest.TestCase):
    def test_overpunch_negative(self):
        self.assertEqual(unzone(bytes.fromhex("F1F2D3"), 2), Decimal("-1.23"))

    def test_overpunch_positive(self):
        self.assertEqual(unzone(bytes.fromhex("F1F2C3"), 0), Decimal("123"))


if __name__ == "__main__":
    unittest.main()
'''

README_E = '''# ebcdic-tools

Small stdlib-only scripts that turn DDA extracts from DEV1 into CSV for the
cloud data platform team.

1. download in binary: `zowe zos-files download data-set "<DSN>" --binary -f data/raw/<name>.ebc`
2. convert: `python3 ebcdic2csv.py --layout <copybook> data/raw/<name>.ebc -o data/csv/<name>.csv`
3. reconcile against the trailer: `python3 reconcile.py data/csv/<name>.csv`

Run the unit tests with `python3 -m unittest -v`.
'''

FILES.update({
    E + "/packed.py": PACKED_PY,
    E + "/layout.py": LAYOUT_PY,
    E + "/ebcdic2csv.py": EBCDIC2CSV_PY,
    E + "/reconcile.py": RECONCILE_PY,
    E + "/tests/test_packed.py": TEST_PACKED_PY,
    E + "/README.md": README_E,
})


# ------------------------------------------------------------------ output helpers

def lineno(text, needle, nth=1):
    k = 0
    for i, l in enumerate(text.split("\n"), 1):
        if needle in l:
            k += 1
            if k == nth:
                return i
    raise KeyError(needle)


def day_line(date):
    d = _dt.date.fromisoformat(date)
    return f"{d.strftime('%A').upper() + ',':<10} {d.day:>2} {d.strftime('%b').upper()} {d.year}"


def long_day(date):
    d = _dt.date.fromisoformat(date)
    return f"{d.strftime('%A').upper()}, {d.strftime('%B').upper()} {d.day}, {d.year}"


def jes_log(jobid, jobname, date, t0, steps, mid=(), ended="RC=0000", lastacc=None, init=3):
    """JES2 JESMSGLG as zrun prints it. steps: (step, procstep, rc, excp, serv)."""
    t1 = t0[:-2] + f"{min(59, int(t0[-2:]) + 1):02d}"
    la = lastacc or (t0[:2] + ":" + f"{max(0, int(t0[3:5]) - 3):02d}" + ":" + t0[6:])
    out = [
        f"                    J E S 2  J O B  L O G  --  S Y S T E M  D E V 1  --  N O D E  L V B D E V 1",
        "0",
        f" {t0} {jobid} ---- {day_line(date)} ----",
        f" {t0} {jobid}  IRR010I  USERID DALBREC  IS ASSIGNED TO THIS JOB.",
        f" {t0} {jobid}  ICH70001I DALBREC  LAST ACCESS AT {la} ON {long_day(date)}",
        f" {t0} {jobid}  $HASP373 {jobname} STARTED - INIT {init:<4} - CLASS A        - SYS DEV1",
        f" {t0} {jobid}  IEF403I {jobname} - STARTED - TIME={t0}",
    ]
    for m in mid:
        out.append(m if m.startswith("   ") else f" {t1} {jobid}  {m}")
    out.append(f" {t1} {jobid}  -                                         --TIMINGS (MINS.)--            ----PAGING COUNTS---")
    out.append(f" {t1} {jobid}  -JOBNAME  STEPNAME PROCSTEP    RC   EXCP    TCB    SRB  CLOCK   SERV  PG   PAGE   SWAP    VIO SWAPS")
    for step, proc, rc, excp, serv in steps:
        out.append(f" {t1} {jobid}  -{jobname:<8} {step:<8} {proc:<8} {rc:>6} {excp:>6}    .00    .00    .00 {serv:>6}"
                   f"   0      0      0      0     0")
    out.append(f" {t1} {jobid}  IEF404I {jobname} - ENDED - TIME={t1}")
    out.append(f" {t1} {jobid}  -{jobname:<8} ENDED.  NAME-D ALBRECHT           TOTAL TCB CPU TIME=   .00  TOTAL ELAPSED TIME=   .0{len(steps)}")
    out.append(f" {t1} {jobid}  $HASP395 {jobname} ENDED - {ended}")
    return "\n".join(out)


def zrun_out(jcl, jobid, jobname, date, t0, steps, syms=None, mid=(), retcode="CC 0000", extra=""):
    ended = {"CC": "RC=" + retcode[3:]}.get(retcode[:2], retcode.replace("ABEND S", "ABEND=S"))
    head = f"zrun: submitting {jcl}" + (f" ({syms})" if syms else "")
    body = jes_log(jobid, jobname, date, t0, steps, mid=mid, ended=ended)
    tail = f"zrun: {jobid} {jobname} ended {retcode} - spool in build/spool/{jobid}"
    return "\n".join(x for x in (head, body, extra.strip("\n"), tail) if x)


def s806(jobid, jobname, t, step, module, seq, asid="0041", msgno=462):
    return [
        f"CSV003I REQUESTED MODULE {module} NOT FOUND",
        f"CSV028I ABEND806-04  JOBNAME={jobname}  STEPNAME={step}",
        f"IEA995I SYMPTOM DUMP OUTPUT  {msgno}",
        f"   {msgno}             SYSTEM COMPLETION CODE=806  REASON CODE=00000004",
        f"   {msgno}              TIME={t}  SEQ={seq}  CPU=0000  ASID={asid}",
        f"   {msgno}              PSW AT TIME OF ERROR  070C1000   80FD0A0E  ILC 2  INTC 0D",
        f"   {msgno}                NO ACTIVE MODULE FOUND",
        f"   {msgno}                NAME=UNKNOWN",
        f"   {msgno}                DATA AT PSW  00FD0A08 - 8400181F  0A0D18FB  180C181D",
        f"   {msgno}                AR/GR 0: 80B4A6CA/84000000   1: 00000000/84806000",
        f"   {msgno}                      2: 00000000/00000000   3: 00000000/00000000",
        f"   {msgno}                      E: 00000000/80FD09B2   F: 00000000/00000000",
        f"   {msgno}              END OF SYMPTOM DUMP",
        f"IEF450I {jobname} {step} - ABEND=S806 U0000 REASON=00000004  {msgno + 1}",
        f"   {msgno + 1}                     TIME={t}",
    ]


def dsntiar_805(pgm, para, token, plan="DDAPLAN"):
    return f"""{pgm} START  RUN DATE {{run}}
{pgm} *** SQL ERROR IN {para:<20} SQLCODE       -805
 DSNT408I SQLCODE = -805, ERROR:  DBRM OR PACKAGE NAME LVBDBT1.DDACOLL.
          {pgm}.{token} NOT FOUND IN PLAN {plan}. REASON 03
 DSNT418I SQLSTATE   = 51002 SQLSTATE RETURN CODE
 DSNT415I SQLERRP    = DSNXEPM SQL PROCEDURE DETECTING ERROR
 DSNT416I SQLERRD    = -251  0  0  -1  0  0 SQL DIAGNOSTIC INFORMATION
 DSNT416I SQLERRD    = X'FFFFFF05'  X'00000000'  X'00000000'
          X'FFFFFFFF'  X'00000000'  X'00000000' SQL DIAGNOSTIC
          INFORMATION
{pgm} ENDED RC=0012"""


def bind_out(mem):
    pk = f"LVBDBT1.DDACOLL.{mem}.()"
    return f""" DSN SYSTEM(DBT1)
DSN
 BIND PACKAGE(DDACOLL) MEMBER({mem}) ACTION(REPLACE) OWNER(DDADEV) QUALIFIER(DDATEST) VALIDATE(BIND) ISOLATION(CS) CURRENTDATA(NO) RELEASE(COMMIT) ENCODING(EBCDIC)
DSNT254I  -DBT1 DSNTBCM2 BIND OPTIONS FOR
           PACKAGE = {pk}
           ACTION        REPLACE
           OWNER         DDADEV
           QUALIFIER     DDATEST
           VALIDATE      BIND
           EXPLAIN       NO
           ISOLATION     CS
           RELEASE       COMMIT
           COPY
           APREUSE
           APCOMPARE
           APRETAINDUP   YES
           BUSTIMESENSITIVE YES
           SYSTIMESENSITIVE YES
           ARCHIVESENSITIVE YES
           APPLCOMPAT    V13R1M500
DSNT255I  -DBT1 DSNTBCM2 BIND OPTIONS FOR
           PACKAGE = {pk}
           SQLERROR      NOPACKAGE
           CURRENTDATA   NO
           DEGREE        1
           DYNAMICRULES  RUN
           DEFER         PREPARE
           NOREOPT       VARS
           KEEPDYNAMIC   NO
           DBPROTOCOL    DRDA
           ENCODING      EBCDIC(00037)
           PLANMGMT      EXTENDED
           PLANMGMTSCOPE STATIC
DSNT232I  -DBT1 SUCCESSFUL BIND FOR
           PACKAGE = {pk}
DSN
 END"""


def zowe_err(status_block, resource, method="PUT", dtype="text", extra_hdr=""):
    hdrs = ('[{"X-IBM-Data-Type":"%s"},' % dtype) + ('{"Content-Type":"text/plain"},' if method == "PUT" else "") + \
        extra_hdr + '{"Accept-Encoding":"gzip"},{"X-CSRF-ZOSMF-HEADER":true}]'
    return f"""Command Error:
z/OSMF REST API Error:
{status_block.strip(chr(10))}

Error Details:
HTTP(S) error status "500" received.
Review request details (resource, base path, credentials, payload) and ensure correctness.

Protocol:  https
Host:      {ZHOST}
Port:      {ZPORT}
Base Path:
Resource:  {resource}
Request:   {method}
Headers:   {hdrs}
Payload:   undefined"""


def upload_ok(local, target):
    return f"""success: true
from:    {local}
to:      {target}


file_to_upload: 1
success:        1
error:          0
skipped:        0


Data set uploaded successfully."""


def download_ok(dest):
    return f"Data set downloaded successfully.\nDestination: {dest}"


def libcob35(src, line, fd, assign, pgm):
    return (f"libcob: {src}:{line}: error: file does not exist (status = 35) for file {fd} ('{assign}') on OPEN")


def zed(value, int_width):
    """Edited numeric like PIC Z,ZZZ,ZZ9.99- : int_width = characters of the integer part."""
    txt = f"{abs(value):,.2f}"
    return txt.rjust(int_width + 3) + ("-" if value < 0 else " ")


def ebc(s):
    return s.encode("cp037")


def pack(value_cents, digits):
    """Packed decimal bytes for an integer value with `digits` total digits (odd)."""
    sign = 0x0D if value_cents < 0 else 0x0C
    s = f"{abs(value_cents):0{digits}d}"
    nibbles = [int(c) for c in s] + [sign]
    if len(nibbles) % 2:
        nibbles = [0] + nibbles
    return bytes((nibbles[i] << 4) | nibbles[i + 1] for i in range(0, len(nibbles), 2))


def xxd(data, cols=32, start=0):
    out = []
    for off in range(0, len(data), cols):
        chunk = data[off:off + cols]
        hexpart = " ".join(f"{b:02x}" for b in chunk)
        asc = "".join(chr(b) if 32 <= b < 127 else "." for b in chunk)
        out.append(f"{start + off:08x}: {hexpart:<{cols * 3 - 1}}  {asc}")
    return "\n".join(out)

LONG_COMMENT = ("      * DDAEXTR - DAILY ACCOUNT EXTRACT FOR THE CLOUD DATA PLATFORM FEED (DDAMOD-161), "
                "ONE RECORD PER OPEN OR RECENTLY CLOSED ACCOUNT")

EXT05 = """       IDENTIFICATION DIVISION.
       PROGRAM-ID. DDAEXT05.
      *----------------------------------------------------------------*
      * DDAEXT05 - DAILY ACCOUNT EXTRACT FOR THE CLOUD DATA PLATFORM   *
      * ONE DDAEXTR RECORD PER OPEN OR RECENTLY CLOSED ACCOUNT, THEN A *
      * TRAILER WITH RECORD COUNT AND LEDGER HASH TOTAL. DDAMOD-161.   *
      *----------------------------------------------------------------*
       ENVIRONMENT DIVISION.
       INPUT-OUTPUT SECTION.
       FILE-CONTROL.
           SELECT ACCT-MAST ASSIGN TO ACCTMAST.
           SELECT CTL-CARD  ASSIGN TO CTLCARD.
           SELECT EXT-OUT   ASSIGN TO EXTOUT.
       DATA DIVISION.
       FILE SECTION.
       FD  ACCT-MAST RECORDING MODE F.
           COPY DDAACCT.
       FD  CTL-CARD RECORDING MODE F.
       01  CTL-REC                     PIC X(80).
       FD  EXT-OUT RECORDING MODE F.
           COPY DDAEXTR.
       WORKING-STORAGE SECTION.
       01  WS-EOF-SW                   PIC X     VALUE 'N'.
           88  END-OF-MAST                       VALUE 'Y'.
       01  WS-AS-OF-DATE               PIC 9(8).
       01  WS-CUTOFF-DATE              PIC 9(8).
       01  WS-READ-CNT                 PIC 9(9)  COMP-3 VALUE 0.
       01  WS-EXT-CNT                  PIC 9(10) COMP-3 VALUE 0.
       01  WS-HASH-LEDGER              PIC S9(15)V99 COMP-3 VALUE 0.
       PROCEDURE DIVISION.
       0000-MAIN.
           OPEN INPUT  ACCT-MAST CTL-CARD
                OUTPUT EXT-OUT
           READ CTL-CARD
               AT END MOVE SPACES TO CTL-REC
           END-READ
           MOVE CTL-REC(9:8) TO WS-AS-OF-DATE
           COMPUTE WS-CUTOFF-DATE = FUNCTION DATE-OF-INTEGER(
               FUNCTION INTEGER-OF-DATE(WS-AS-OF-DATE) - 90)
           END-COMPUTE
           DISPLAY 'DDAEXT05 START  AS-OF ' WS-AS-OF-DATE
           PERFORM 8000-READ-MAST
           PERFORM UNTIL END-OF-MAST
               IF ACCT-DETAIL
                   ADD 1 TO WS-READ-CNT
                   IF ACCT-STATUS = 'O'
                      OR ACCT-CLOSE-DATE >= WS-CUTOFF-DATE
                       PERFORM 2000-WRITE-EXT
                   END-IF
               END-IF
               PERFORM 8000-READ-MAST
           END-PERFORM
           PERFORM 3000-WRITE-TRAILER
           DISPLAY 'DDAEXT05 ACCOUNTS READ    ' WS-READ-CNT
           DISPLAY 'DDAEXT05 EXTRACT RECORDS  ' WS-EXT-CNT
           CLOSE ACCT-MAST CTL-CARD EXT-OUT
           GOBACK.
"""

FEE_DDENV = """# DD name = file in this case directory, out:NAME = output under build/run
CTLCARD=ctlcard
ACCTIN=acctin.dat
FEEOUT=out:FEEOUT
FEERPT=out:FEERPT
"""

REC03 = REC03.replace("""       01  WS-DIFF-ED                  PIC Z,ZZZ,ZZZ,ZZZ,ZZ9.99-.
""", """       01  WS-DIFF-ED                  PIC Z,ZZZ,ZZZ,ZZZ,ZZ9.99-.
           COPY LVBDATEW.
""")

FILES.update({
    D + "/cobol/DDAEXT05.cbl": EXT05,
    D + "/cobol/DDAREC03.cbl": REC03,
    D + "/tests/cases/DDAFEE02/basic_monthly/dd.env": FEE_DDENV,
})


# ------------------------------------------------------------------ the month

COBC = "cobc -x -std=ibm -g -Wall -I copybooks -I ../lvb-copylib/copy -o build/bin/{p} cobol/{p}.cbl"


def mk_test(pgm, cases, failed=None, fail_detail=""):
    lines = [COBC.format(p=pgm), f"tests/run.sh {pgm}", f"== {pgm} =="]
    for c in cases:
        bad = c == failed
        lines.append(f"  {c:<28} {'FAIL' if bad else 'ok'}")
        if bad and fail_detail:
            lines.append(fail_detail)
    n_bad = 1 if failed else 0
    lines.append(f"{len(cases) - n_bad} passed, {n_bad} failed")
    return "\n".join(lines)


def gen():
    d = Dev("cobol-zos", U, "en", MODEL, seed=80917, files=FILES)
    test_line = lineno(MAKEFILE, "\ttests/run.sh $(PGM)")

    # ================= S1 =================
    with d.session("2026-08-17T09:05:00", D, branch="feature/DDAMOD-148-senior-fee", version="2.1.84"):
        t = d.task("morning. first time using you on dda-batch. walk me through how a program gets built and tested "
                   "here, locally with gnucobol and on DEV1. I know the COBOL, I want the plumbing", tags=["noise"])
        t.glob("cobol/*.cbl", [D + "/cobol/" + p + ".cbl" for p in
                                ("DDAFEE02", "DDAINT01", "DDAODR04", "DDAPURG", "DDAREC03", "DDASTMT1")])
        t.read(D + "/Makefile")
        t.read(D + "/tests/run.sh")
        t.read(D + "/bin/zrun")
        t.glob("jcl/**/*.jcl", [D + "/jcl/build/IGYCL.jcl", D + "/jcl/build/IGYDB2CL.jcl", D + "/jcl/prod/DDAWEEK.jcl",
                                D + "/jcl/qa/DDANITEQ.jcl", D + "/jcl/test/DDAFEE2T.jcl", D + "/jcl/test/DDAINT1T.jcl",
                                D + "/jcl/test/DDAODR4T.jcl", D + "/jcl/test/DDASTM1T.jcl", D + "/jcl/util/BINDPKG.jcl"])
        t.done("Here's how it fits together.\n\n"
               "**Local (GnuCOBOL 3.2)**\n"
               "- `make build PGM=X` compiles `cobol/X.cbl` with `cobc -x -std=ibm -g -Wall`. Copybooks come from "
               "`copybooks/` and `../lvb-copylib/copy` (the shared bank copylib repo). The binary lands in `build/bin/X`.\n"
               "- `make test PGM=X` builds, then runs `tests/run.sh X`. Every directory under `tests/cases/X/` is one "
               "case: a `dd.env` that maps each DD name to a file in the case (or `out:NAME` for an output under "
               "`build/run/`), the input files, and `expected/`, which `tests/cmprec.py` compares record by record. "
               "The script turns `dd.env` into environment variables for the run, which is how a program's "
               "`ASSIGN TO <ddname>` finds its file outside z/OS.\n"
               "- `make test-all` runs every program that has a `tests/cases/` directory. That's what Jenkins runs "
               "first.\n"
               "- DDAINT01, DDASTMT1 and DDAODR04 have embedded SQL, so they have no local cases. They are only tested "
               "on DEV1.\n\n"
               "**DEV1 (Enterprise COBOL, z/OSMF via Zowe CLI v3)**\n"
               "- Source goes up with `zowe zos-files upload file-to-data-set` into `DALBREC.DEV.COBOL` / "
               "`DALBREC.DEV.COPYLIB`.\n"
               "- `bin/zrun <jcl> [SYM=val]` submits a *local* JCL file with `zowe zos-jobs submit local-file "
               "--directory build/spool`, passes JCL symbols through `--jcl-symbols`, prints the JESMSGLG and exits "
               "0 for RC ≤ 4, 1 for a step above 4 (it prints that step's SYSOUT/SYSTSPRT/SYSPRINT), 2 for an ABEND "
               "or JCL error. The full spool stays in `build/spool/<jobid>/`.\n"
               "- `jcl/build/IGYCL.jcl MEM=X` compiles and links a batch program. `IGYDB2CL.jcl` is the DB2 "
               "coprocessor variant, which also writes a DBRM. `jcl/util/BINDPKG.jcl` binds a package. `jcl/test/*T.jcl` "
               "are your per-program test runs against LVB.TEST data. `jcl/prod` and `jcl/qa` are reference copies of "
               "what TWS and QA run.\n\n"
               "So the usual loop is edit → `make test PGM=X` → commit, and for host verification upload → "
               "`bin/zrun jcl/build/…` → `bin/zrun jcl/test/…`.")

        fee = D + "/cobol/DDAFEE02.cbl"
        case = D + "/tests/cases/DDAFEE02/senior_half_fee"
        t = d.task("DDAFEE02: seniors (ACCT-SENIOR-FLAG = 'Y') pay half the checking maintenance fee, per the fee memo "
                   "12.95 -> 6.48. add it plus a test case senior_half_fee. write it with explicit scope terminators, "
                   "END-IF / END-READ / END-COMPUTE, no periods doing the closing. commit when green",
                   tags=["pref:P1", "workflow:W1", "oneoff:O2"])
        t.read(fee)
        t.edit(fee, """               ELSE
                   MOVE FP-CHK-MONTHLY TO WS-FEE
               END-IF
           ELSE
               IF ACCT-TYPE = 'SAV'""", """               ELSE
                   IF ACCT-SENIOR-FLAG = 'Y'
                       COMPUTE WS-FEE =
                           FP-CHK-MONTHLY * FP-SENIOR-PCT / 100
                       END-COMPUTE
                   ELSE
                       MOVE FP-CHK-MONTHLY TO WS-FEE
                   END-IF
               END-IF
           ELSE
               IF ACCT-TYPE = 'SAV'""")
        t.glob("tests/cases/DDAFEE02/**", [D + "/tests/cases/DDAFEE02/" + x for x in (
            "basic_monthly/acctin.csv", "basic_monthly/acctin.dat", "basic_monthly/ctlcard", "basic_monthly/dd.env",
            "basic_monthly/expected/FEEOUT.csv", "min_balance_waiver/acctin.csv", "min_balance_waiver/acctin.dat",
            "min_balance_waiver/ctlcard", "min_balance_waiver/dd.env", "min_balance_waiver/expected/FEEOUT.csv",
            "savings_low_balance/acctin.csv", "savings_low_balance/acctin.dat", "savings_low_balance/ctlcard",
            "savings_low_balance/dd.env", "savings_low_balance/expected/FEEOUT.csv")])
        t.read(D + "/tests/cases/DDAFEE02/basic_monthly/dd.env")
        t.write(case + "/acctin.csv", """ACCT-REC-TYPE,ACCT-NO,ACCT-BRANCH,ACCT-TYPE,ACCT-STATUS,ACCT-SENIOR-FLAG,ACCT-AVG-BAL
H,0000000000,0000,,,,0
D,0004417702,0112,CHK,O,Y,412.80
D,0004417719,0112,CHK,O,Y,2210.00
D,0004417726,0112,CHK,O,N,412.80
T,0000000003,0000,,,,0
""")
        t.write(case + "/expected/FEEOUT.csv", """FEE-ACCT-NO,FEE-CODE,FEE-AMT
0004417702,MNT,6.48
0004417726,MNT,12.95
""")
        t.bash("cp tests/cases/DDAFEE02/basic_monthly/{dd.env,ctlcard} tests/cases/DDAFEE02/senior_half_fee/ && "
               "python3 tests/mkrec.py copybooks/DDAACCT.cpy tests/cases/DDAFEE02/senior_half_fee/acctin.csv "
               "-o tests/cases/DDAFEE02/senior_half_fee/acctin.dat",
               "Set up the new case and build its input records",
               out="acctin.dat: 5 records, LRECL 200 (H 1, D 3, T 1)")
        fee_cases = ["basic_monthly", "min_balance_waiver", "savings_low_balance", "senior_half_fee"]
        t.fail("make test PGM=DDAFEE02", "Build DDAFEE02 and run its test cases",
               mk_test("DDAFEE02", fee_cases, failed="senior_half_fee",
                       fail_detail="    FEEOUT rec 1: FEE-AMT expected 6.48, got 6.47 (FEE-ACCT-NO 0004417702)") +
               f"\nmake: *** [Makefile:{test_line}: test] Error 1", code=2)
        t.say("The new case catches a rounding problem. 12.95 × 50 / 100 is 6.475, and COMPUTE without ROUNDED "
              "truncates to 6.47. The memo's 6.48 is round-half-up, so the COMPUTE needs ROUNDED.")
        t.edit(fee, "                       COMPUTE WS-FEE =\n", "                       COMPUTE WS-FEE ROUNDED =\n")
        t.bash("make test PGM=DDAFEE02", "Run the DDAFEE02 tests again", out=mk_test("DDAFEE02", fee_cases))
        t.bash("git add cobol/DDAFEE02.cbl tests/cases/DDAFEE02/senior_half_fee && "
               "git commit -m \"DDAMOD-148 DDAFEE02: half maintenance fee for seniors\"", "Commit the change",
               out="[feature/DDAMOD-148-senior-fee 3f9a1c2] DDAMOD-148 DDAFEE02: half maintenance fee for seniors\n"
                   " 6 files changed, 19 insertions(+), 1 deletion(-)\n"
                   " create mode 100644 tests/cases/DDAFEE02/senior_half_fee/acctin.csv\n"
                   " create mode 100644 tests/cases/DDAFEE02/senior_half_fee/acctin.dat\n"
                   " create mode 100644 tests/cases/DDAFEE02/senior_half_fee/ctlcard\n"
                   " create mode 100644 tests/cases/DDAFEE02/senior_half_fee/dd.env\n"
                   " create mode 100644 tests/cases/DDAFEE02/senior_half_fee/expected/FEEOUT.csv")
        t.done("Done, committed as 3f9a1c2.\n"
               "- 3000-APPLY-FEES: a checking account below the minimum balance with ACCT-SENIOR-FLAG = 'Y' pays "
               "FP-SENIOR-PCT (50) % of FP-CHK-MONTHLY. The new IF and the COMPUTE are closed with END-IF / "
               "END-COMPUTE, and the paragraph still has only its final period.\n"
               "- The COMPUTE needed ROUNDED: without it, 6.475 truncated to 6.47. The new case caught that.\n"
               "- New case `senior_half_fee` has three accounts: a senior below the minimum (6.48), a senior above it "
               "(waived), and a non-senior below it (12.95). All 4 DDAFEE02 cases pass.")

        t = d.task("remind me: COMP vs COMP-4 vs COMP-5, and what does TRUNC(OPT) actually change? we compile with "
                   "TRUNC(OPT) on the host and cobc -std=ibm locally, can the two disagree?", tags=["noise", "no_tools"])
        t.done("- COMP, COMP-4 and BINARY are the same thing: big-endian binary whose value is limited by the PIC "
               "digits. COMP-5 is native binary: the value can use the full halfword/fullword/doubleword, whatever the "
               "PIC says.\n"
               "- TRUNC(STD) truncates binary results to the PIC digits. TRUNC(OPT) tells the compiler your data never "
               "exceeds the PIC, so it skips the truncation and uses whatever is fastest. If a value does exceed the "
               "PIC, the result depends on the generated code. TRUNC(BIN) treats COMP like COMP-5.\n"
               "- cobc `-std=ibm` truncates like TRUNC(STD). So yes, they can disagree, but only for a binary field "
               "that overflows its PIC (e.g. PIC S9(4) COMP getting 12345). That's a bug either way: locally you get "
               "the truncated value, on the host maybe not. COMP-3 and DISPLAY fields are unaffected.")

    # ================= S2 =================
    with d.session("2026-08-19T10:20:00", D, branch="feature/DDAMOD-152-recon", version="2.1.85"):
        t = d.task("z open editor keeps squiggling COPY LVBDATEW in DDAREC03, 'copybook not found'. it lives in the "
                   "shared copylib repo next to this one (../lvb-copylib/copy)", tags=["noise"])
        t.read(D + "/zapp.yaml")
        t.edit(D + "/zapp.yaml", """        locations:
          - "**/copybooks"
""", """        locations:
          - "**/copybooks"
          - "../lvb-copylib/copy"
""")
        t.done("The local property group in `zapp.yaml` only searched `**/copybooks` inside this repo. I added "
               "`../lvb-copylib/copy`, the same path the Makefile passes to cobc. Z Open Editor reloads zapp.yaml on "
               "save. If the squiggle stays, run \"Z Open Editor: Refresh copybooks\" from the command palette.")

        rec = D + "/cobol/DDAREC03.cbl"
        rect = D + "/jcl/test/DDAREC3T.jcl"
        t = d.task("DDAREC03 is ready, compiles clean under cobc. put it on DEV1: upload, compile, and write a test job in "
                   "jcl/test that runs it against the 0818 test feeds (LVB.TEST.GL.DDABAL.D260818 and "
                   "LVB.TEST.DDA.EODBAL.D260818). report to a dataset under my HLQ",
                   tags=["mistake:M1", "workflow:W2"])
        t.read(rec)
        t.bash("zowe zos-files upload file-to-data-set cobol/DDAREC03.cbl \"DALBREC.DEV.COBOL(DDAREC03)\"",
               "Upload DDAREC03 to the dev source library",
               out=upload_ok(rec, "DALBREC.DEV.COBOL(DDAREC03)"))
        t.bash("bin/zrun jcl/build/IGYCL.jcl MEM=DDAREC03", "Compile and link DDAREC03 on DEV1", timeout=600000,
               out=zrun_out("jcl/build/IGYCL.jcl", "JOB04461", "DALBRECC", "2026-08-19", "10.31.07",
                            [("CL", "COBOL", "00", "612", "4127"), ("CL", "LKED", "00", "88", "803")],
                            syms="MEM=DDAREC03"))
        t.write(rect, """//DALBRECR JOB (LVB0417,DDA),'D ALBRECHT',CLASS=A,MSGCLASS=X,
//             MSGLEVEL=(1,1),NOTIFY=&SYSUID
//*--------------------------------------------------------------------
//* DDAREC03 END-OF-DAY GL RECONCILIATION - DEV1 TEST RUN
//*--------------------------------------------------------------------
//DEL000   EXEC PGM=IEFBR14
//RECRPT   DD DSN=DALBREC.TEST.DDAREC03.RECRPT,DISP=(MOD,DELETE),
//            SPACE=(TRK,0)
//REC010   EXEC PGM=DDAREC03
//GLFEED   DD DISP=SHR,DSN=LVB.TEST.GL.DDABAL.D260818
//DDAEOD   DD DISP=SHR,DSN=LVB.TEST.DDA.EODBAL.D260818
//CTLCARD  DD *
RUNDATE=20260818
/*
//RECRPT   DD DSN=DALBREC.TEST.DDAREC03.RECRPT,
//            DISP=(NEW,CATLG,DELETE),SPACE=(TRK,(15,15),RLSE),
//            RECFM=FBA,LRECL=133
//SYSOUT   DD SYSOUT=*
//CEEDUMP  DD SYSOUT=*
""")
        t.fail("bin/zrun jcl/test/DDAREC3T.jcl", "Run the DDAREC03 test job on DEV1",
               zrun_out("jcl/test/DDAREC3T.jcl", "JOB04463", "DALBRECR", "2026-08-19", "10.33.52",
                        [("DEL000", "", "00", "9", "61"), ("REC010", "", "*S806", "14", "97")],
                        mid=s806("JOB04463", "DALBRECR", "10.33.53", "REC010", "DDAREC03", "01873"),
                        retcode="ABEND S806"), code=2)
        t.say("S806-04: the loader couldn't find DDAREC03. The step has no STEPLIB, so only the link list was "
              "searched, and IGYCL linked the module into your dev load library. Checking it's there.")
        t.bash("zowe zos-files list all-members \"DALBREC.DEV.LOADLIB\"", "List the dev load library",
               out="DDAFEE02\nDDAINT01\nDDAODR04\nDDAREC03\nDDASTMT1")
        t.edit(rect, "//REC010   EXEC PGM=DDAREC03\n",
               "//REC010   EXEC PGM=DDAREC03\n//STEPLIB  DD DISP=SHR,DSN=DALBREC.DEV.LOADLIB\n"
               "//         DD DISP=SHR,DSN=LVB.TEST.LOADLIB\n")
        t.bash("bin/zrun jcl/test/DDAREC3T.jcl", "Run the DDAREC03 test job again",
               out=zrun_out("jcl/test/DDAREC3T.jcl", "JOB04466", "DALBRECR", "2026-08-19", "10.35.20",
                            [("DEL000", "", "00", "9", "61"), ("REC010", "", "00", "311", "2266")]))
        t.bash("cat build/spool/JOB04466/REC010/SYSOUT.txt", "Show the program's control totals",
               out="DDAREC03 PAIRS COMPARED   0000212\nDDAREC03 DIFFERENCES      0000002\n"
                   "DDAREC03 NET DIFFERENCE   " + zed(-1250.00, 17))
        t.done("DDAREC03 is on DEV1 and the test job runs clean.\n"
               "- Uploaded to `DALBREC.DEV.COBOL(DDAREC03)` and compiled/linked with IGYCL (RC 0).\n"
               "- New `jcl/test/DDAREC3T.jcl`: an IEFBR14 delete step, then REC010 against the two 0818 feeds, "
               "writing the report to `DALBREC.TEST.DDAREC03.RECRPT` (FBA 133).\n"
               "- The first run abended S806 because I'd left out the STEPLIB. The step now has "
               "`DALBREC.DEV.LOADLIB` followed by `LVB.TEST.LOADLIB`.\n"
               "- Result: 212 branch/product pairs compared, 2 differences, net −1,250.00. The details are in the "
               "RECRPT dataset.")

        t = d.task("quick sanity check before the fee run: run the local DDAFEE02 build against "
                   "data/samples/acct_0731.dat (the july month-end sample) and tell me fee count + total. no test case "
                   "needed, just a run", tags=["mistake:M2"])
        t.bash("make build PGM=DDAFEE02", "Make sure the local build is current",
               out="make: 'build/bin/DDAFEE02' is up to date.")
        t.bash("mkdir -p /tmp/fee-0731 && cp data/samples/acct_0731.dat /tmp/fee-0731/ && ls -l /tmp/fee-0731",
               "Set up a scratch directory with the sample",
               out="total 392\n-rw-r--r-- 1 dalbrecht dalbrecht 400400 Aug 19 10:41 acct_0731.dat")
        line = lineno(FEE02, "OPEN INPUT  CTL-CARD ACCT-IN")
        t.fail("cd /tmp/fee-0731 && ~/src/dda-batch/build/bin/DDAFEE02 < acct_0731.dat", "Run DDAFEE02 on the sample",
               libcob35("cobol/DDAFEE02.cbl", line, "CTL-CARD", "CTLCARD", "DDAFEE02"))
        t.say("The program doesn't read stdin. GnuCOBOL resolves each `ASSIGN TO <ddname>` from an environment "
              "variable `DD_<ddname>`, the way the harness does from dd.env. Without one it looked for a file "
              "literally named `CTLCARD` in the current directory. Mapping all four DDs, with an 80-byte control card "
              "for the run date.")
        t.bash("cd /tmp/fee-0731 && printf '%-80s' 'RUNDATE=20260731' > ctlcard && DD_CTLCARD=ctlcard "
               "DD_ACCTIN=acct_0731.dat DD_FEEOUT=feeout.dat DD_FEERPT=feerpt.txt ~/src/dda-batch/build/bin/DDAFEE02",
               "Run DDAFEE02 with its DD names mapped to files",
               out="DDAFEE02 START  RUN DATE 20260731\nDDAFEE02 ACCOUNTS READ    000002000\n"
                   "DDAFEE02 FEES CHARGED     000000731\nDDAFEE02 FEES WAIVED      000001104\n"
                   "DDAFEE02 FEE TOTAL        " + zed(8371.45, 13))
        t.done("July month-end sample (2,000 accounts): **731 fees charged, total 8,371.45**. 1,104 were waived on "
               "balance, and the other 165 aren't open. The output is in /tmp/fee-0731 (feeout.dat). The first try failed "
               "with status 35 on CTLCARD because the run had no DD mapping.")

    # ================= S3 =================
    with d.session("2026-08-21T08:40:00", D, branch="feature/DDAMOD-155-tiered-rates", version="2.1.86"):
        intp = D + "/cobol/DDAINT01.cbl"
        t = d.task("rates committee approved tiered rates on HY (high-yield checking). ACCT_RATE on DBT1 already has the "
                   "tier rows with TIER_MIN_BAL. change DDAINT01 to pick the highest tier whose min balance <= ledger "
                   "balance. same as always: every IF gets its END-IF, one period per paragraph. then run it on DEV1 "
                   "against the test master", tags=["mistake:M3", "workflow:W2", "pref:P1"])
        t.read(intp)
        t.bash("zowe db2 execute sql --query \"SELECT RATE_CODE, TIER_MIN_BAL, RATE_PCT, EFF_DATE FROM "
               "DDATEST.ACCT_RATE WHERE RATE_CODE = 'HY' ORDER BY EFF_DATE DESC, TIER_MIN_BAL\"",
               "Look at the HY rate rows on DBT1",
               out="RATE_CODE:    HY\nTIER_MIN_BAL: 0.00\nRATE_PCT:     0.150000\nEFF_DATE:     2026-08-15\n\n"
                   "RATE_CODE:    HY\nTIER_MIN_BAL: 10000.00\nRATE_PCT:     1.250000\nEFF_DATE:     2026-08-15\n\n"
                   "RATE_CODE:    HY\nTIER_MIN_BAL: 50000.00\nRATE_PCT:     2.100000\nEFF_DATE:     2026-08-15\n\n"
                   "RATE_CODE:    HY\nTIER_MIN_BAL: 0.00\nRATE_PCT:     0.750000\nEFF_DATE:     2026-03-01")
        t.edit(intp, """                WHERE RATE_CODE = :WS-RATE-CODE
                  AND EFF_DATE <= :WS-RUN-DATE-ISO
                ORDER BY EFF_DATE DESC
""", """                WHERE RATE_CODE = :WS-RATE-CODE
                  AND EFF_DATE <= :WS-RUN-DATE-ISO
                  AND TIER_MIN_BAL <= :WS-LEDGER-BAL
                ORDER BY EFF_DATE DESC, TIER_MIN_BAL DESC
""")
        t.bash("zowe zos-files upload file-to-data-set cobol/DDAINT01.cbl \"DALBREC.DEV.COBOL(DDAINT01)\"",
               "Upload DDAINT01", out=upload_ok(intp, "DALBREC.DEV.COBOL(DDAINT01)"))
        t.bash("bin/zrun jcl/build/IGYDB2CL.jcl MEM=DDAINT01", "Precompile, compile and link DDAINT01 on DEV1",
               timeout=600000,
               out=zrun_out("jcl/build/IGYDB2CL.jcl", "JOB04531", "DALBRECC", "2026-08-21", "08.52.14",
                            [("CL", "COBOL", "04", "844", "5731"), ("CL", "LKED", "00", "91", "812")],
                            syms="MEM=DDAINT01", retcode="CC 0004"))
        int_out = dsntiar_805("DDAINT01", "2100-GET-RATE", "1873A9C20E4B5D11").replace("{run}", "20260820")
        t.fail("bin/zrun jcl/test/DDAINT1T.jcl", "Run the DDAINT01 test job against DBT1",
               zrun_out("jcl/test/DDAINT1T.jcl", "JOB04533", "DALBRECI", "2026-08-21", "08.54.40",
                        [("DEL000", "", "00", "9", "60"), ("INT010", "", "12", "402", "3108")], retcode="CC 0012",
                        extra="zrun: --- INT010 SYSOUT ---\n" + int_out +
                              "\nzrun: --- INT010 SYSTSPRT ---\nREADY\n  DSN SYSTEM(DBT1)\nDSN\n"
                              "  RUN PROGRAM(DDAINT01) PLAN(DDAPLAN) LIB('DALBREC.DEV.LOADLIB')\nDSN\n  END\nREADY\nEND"),
               code=1)
        t.say("SQLCODE -805, reason 03. The new load module carries the consistency token from this morning's "
              "precompile, but the DDAINT01 package in DDACOLL on DBT1 is still bound from the old DBRM. IGYDB2CL "
              "only wrote the new DBRM to the dev DBRMLIB, so the package has to be rebound from it before the program "
              "can run.")
        t.bash("bin/zrun jcl/util/BINDPKG.jcl MEM=DDAINT01", "Bind the DDAINT01 package from the new DBRM",
               out=zrun_out("jcl/util/BINDPKG.jcl", "JOB04535", "DALBRECB", "2026-08-21", "08.56.02",
                            [("BIND", "", "00", "37", "402")], syms="MEM=DDAINT01"))
        t.bash("cat build/spool/JOB04535/BIND/SYSTSPRT.txt", "Check the bind messages", out=bind_out("DDAINT01"))
        t.bash("bin/zrun jcl/test/DDAINT1T.jcl", "Run the DDAINT01 test job again",
               out=zrun_out("jcl/test/DDAINT1T.jcl", "JOB04537", "DALBRECI", "2026-08-21", "08.57.31",
                            [("DEL000", "", "00", "9", "60"), ("INT010", "", "00", "1931", "22894")]))
        t.bash("cat build/spool/JOB04537/INT010/SYSOUT.txt", "Show the accrual counts",
               out="DDAINT01 START  RUN DATE 20260820\nDDAINT01 ACCOUNTS READ    000048211\n"
                   "DDAINT01 ACCRUALS WRITTEN 000009412\nDDAINT01 NO RATE FOUND    000000037")
        t.done("Tiered HY rates are in and the DEV1 run is clean.\n"
               "- 2100-GET-RATE now adds `TIER_MIN_BAL <= :WS-LEDGER-BAL` and orders by `EFF_DATE DESC, "
               "TIER_MIN_BAL DESC`, so FETCH FIRST 1 ROW picks the highest tier the balance qualifies for on the latest "
               "effective date (0.15 / 1.25 / 2.10 % from 2026-08-15). The SQLCODE handling stays an EVALUATE closed "
               "with END-EVALUATE; no new periods.\n"
               "- The first test run ended RC 12 with SQLCODE -805, because the package was still bound from the old "
               "DBRM. After `BINDPKG MEM=DDAINT01` (DSNT232I successful bind) the run gives: 48,211 accounts read, "
               "9,412 accruals written, 37 with no rate (same as before the change).")

        extr = D + "/copybooks/DDAEXTR.cpy"
        t = d.task("new copybook for the data platform extract: copybooks/DDAEXTR.cpy. fields: rec type, acct no, branch, "
                   "product, status, open/close dates, ledger + available balance, accrued interest, rate code, as-of "
                   "date. amount fields packed, COMP-3, same as the master. LRECL 100, pad with filler, trailer record "
                   "like DDAACCT's. push it to my DEV copylib", tags=["pref:P3", "oneoff:O1"])
        t.read(D + "/copybooks/DDAACCT.cpy")
        long_comment = LONG_COMMENT
        t.write(extr, f"""      *----------------------------------------------------------------*
{long_comment}
      * LRECL 100. D = DETAIL, T = TRAILER (COUNT + LEDGER HASH)       *
      *----------------------------------------------------------------*
       01  EXT-REC.
           05  EXT-REC-TYPE            PIC X.
               88  EXT-DETAIL                    VALUE 'D'.
               88  EXT-TRAILER                   VALUE 'T'.
           05  EXT-ACCT-NO             PIC 9(10).
           05  EXT-BRANCH              PIC 9(4).
           05  EXT-PRODUCT             PIC X(3).
           05  EXT-STATUS              PIC X.
           05  EXT-OPEN-DATE           PIC 9(8).
           05  EXT-CLOSE-DATE          PIC 9(8).
           05  EXT-LEDGER-BAL          PIC S9(13)V99 COMP-3.
           05  EXT-AVAIL-BAL           PIC S9(13)V99 COMP-3.
           05  EXT-ACCR-INT            PIC S9(7)V9(6) COMP-3.
           05  EXT-RATE-CODE           PIC X(2).
           05  EXT-AS-OF-DATE          PIC 9(8).
           05  FILLER                  PIC X(32).
       01  EXT-TRAILER-REC.
           05  TRL-REC-TYPE            PIC X.
           05  TRL-REC-COUNT           PIC 9(10).
           05  TRL-HASH-LEDGER         PIC S9(15)V99 COMP-3.
           05  FILLER                  PIC X(80).
""")
        up = "zowe zos-files upload file-to-data-set copybooks/DDAEXTR.cpy \"DALBREC.DEV.COPYLIB(DDAEXTR)\""
        t.fail(up, "Upload the new copybook to the dev copylib",
               zowe_err("""Rest API failure with HTTP(S) status 500
category: 6
rc:       8
reason:   520
message:  fwrite() error
details:
  - EDC5003I Truncation of a record occurred during an I/O operation. (errno2=0xC0440016)
  - __amrc: __last_op=151 __code=0x00000000""", "/zosmf/restfiles/ds/DALBREC.DEV.COPYLIB(DDAEXTR)"))
        t.say(f"Line 2, the description comment, is {len(long_comment)} characters. The copylib is FB 80, so z/OSMF "
              "truncated that record and failed the write. Splitting the comment so everything stays within column 72.")
        t.edit(extr, long_comment + "\n",
               "      * DDAEXTR - DAILY ACCOUNT EXTRACT FOR THE CLOUD DATA PLATFORM  *\n"
               "      * FEED (DDAMOD-161), ONE RECORD PER OPEN OR RECENTLY CLOSED ACCT *\n")
        t.bash(up, "Upload the copybook again", out=upload_ok(extr, "DALBREC.DEV.COPYLIB(DDAEXTR)"))
        t.bash("zowe zos-files view data-set \"DALBREC.DEV.COPYLIB(DDAEXTR)\" | head -n 6", "Check the member on DEV1",
               out="\n".join(d.files[extr].split("\n")[:6]))
        t.done("`copybooks/DDAEXTR.cpy` is written and in `DALBREC.DEV.COPYLIB(DDAEXTR)`.\n"
               "- EXT-REC, 100 bytes: type (88s D/T), acct no, branch, product, status, open/close dates, ledger and "
               "available balance `S9(13)V99 COMP-3` (8 bytes each), accrued interest `S9(7)V9(6) COMP-3` (7), rate "
               "code, as-of date, FILLER X(32).\n"
               "- EXT-TRAILER-REC, also 100: type, TRL-REC-COUNT 9(10), TRL-HASH-LEDGER `S9(15)V99 COMP-3`, same "
               "trailer shape as DDAACCT, so reconcile.py can read it.\n"
               "- The first upload failed with EDC5003I because my header comment ran past 80 columns. I split it over "
               "two lines, and everything now fits in columns 7–72.")

        t = d.task("DSNTIAR vs GET DIAGNOSTICS for the error display in new programs, worth switching?",
                   tags=["noise", "no_tools"])
        t.done("For new programs, yes, but it isn't urgent.\n"
               "- DSNTIAR formats the SQLCA into the DSNT4xxI lines you already know. It's simple, every program here "
               "uses it, and ops recognise the output. Limits: it only sees the SQLCA, so the message tokens get "
               "truncated at 70 bytes and you lose secondary diagnostics.\n"
               "- GET DIAGNOSTICS gives full message text, multiple conditions (e.g. per row on multi-row FETCH/INSERT), "
               "and items like ROW_COUNT and DB2_RETURNED_SQLCODE. It's more code and it needs its own error handling.\n"
               "- Pragmatic choice: keep DSNTIAR in the existing programs for consistency. If you want the switch, add "
               "one shared error paragraph (a copybook) with GET DIAGNOSTICS and use it in new programs, especially "
               "any that do multi-row operations.")

    # ================= S4 =================
    with d.session("2026-08-25T13:10:00", E, branch="main", version="2.1.87"):
        rpy = E + "/reconcile.py"
        t = d.task("data platform wants the test master as csv: LVB.TEST.DDA.ACCTMAST. reconcile.py only checks the "
                   "count, make it check the ledger hash total from the trailer as well. stdlib only, no pandas: this "
                   "runs on the bare python3 on the jenkins agent", tags=["workflow:W3", "pref:P2"])
        t.read(rpy)
        t.edit(rpy, '''"""Check a converted extract against its trailer record (count only, for now)."""
import csv
import json
import sys
''', '''"""Check a converted extract against its trailer record: record count and ledger hash total."""
import csv
import json
import sys
from decimal import Decimal
''')
        t.edit(rpy, '''    trl = json.load(open(path + ".trailer.json"))
    with open(path, newline="", encoding="utf-8") as f:
        rows = sum(1 for _ in csv.DictReader(f))
    want = int(trl["TRL-REC-COUNT"])
    ok = rows == want
    print(f"trailer record count ....... {want:>12}   csv rows ....... {rows:>12}   {'OK' if ok else 'MISMATCH'}")
    if not ok:
        sys.exit(1)
''', '''    trl = json.load(open(path + ".trailer.json"))
    rows, ledger = 0, Decimal(0)
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        col = next(c for c in reader.fieldnames if c.endswith("-LEDGER-BAL"))
        for row in reader:
            rows += 1
            ledger += Decimal(row[col])
    checks = [
        ("trailer record count", int(trl["TRL-REC-COUNT"]), rows, "csv rows"),
        ("trailer hash " + col, Decimal(trl["TRL-HASH-LEDGER"]), ledger, "csv sum"),
    ]
    ok = True
    for label, want, got, what in checks:
        good = want == got
        ok = ok and good
        print(f"{label + ' ':.<32} {want:>16}   {what + ' ':.<12} {got:>16}   {'OK' if good else 'MISMATCH'}")
    if not ok:
        sys.exit(1)
''')

        def recon_out(col, count, total, path):
            lines = []
            for label, want, what in (("trailer record count", count, "csv rows"),
                                      ("trailer hash " + col, total, "csv sum")):
                lines.append(f"{label + ' ':.<32} {want:>16}   {what + ' ':.<12} {want:>16}   OK")
            return "\n".join(lines) + f"\nreconciled: {path}"

        def conv_out(layout, nf, lrecl, raw, n, h, dcount, tcount, csvp, cp="cp037"):
            return (f"layout {layout}: {nf} fields, LRECL {lrecl}, codepage {cp}\n"
                    f"read {n} records ({n * lrecl} bytes) from {raw}\n"
                    f"  header: {h}  detail: {dcount}  trailer: {tcount}\n"
                    f"wrote {csvp} ({dcount} rows)")

        t.bash("zowe zos-files download data-set \"LVB.TEST.DDA.ACCTMAST\" --binary -f data/raw/acctmast_0824.ebc",
               "Download the test master in binary", out=download_ok("data/raw/acctmast_0824.ebc"))
        t.bash("python3 ebcdic2csv.py --layout ../dda-batch/copybooks/DDAACCT.cpy data/raw/acctmast_0824.ebc "
               "-o data/csv/acctmast_0824.csv", "Convert the master to CSV",
               out=conv_out("../dda-batch/copybooks/DDAACCT.cpy", 16, 200, "data/raw/acctmast_0824.ebc", 48213, 1,
                            48211, 1, "data/csv/acctmast_0824.csv"))
        t.bash("python3 reconcile.py data/csv/acctmast_0824.csv", "Reconcile the CSV against the trailer",
               out=recon_out("ACCT-LEDGER-BAL", 48211, "1843221907.55", "data/csv/acctmast_0824.csv"))
        t.done("`data/csv/acctmast_0824.csv` is ready: 48,211 detail rows (header and trailer dropped), and it "
               "reconciles.\n"
               "- reconcile.py now also sums the `*-LEDGER-BAL` column with `decimal.Decimal` and compares it with "
               "TRL-HASH-LEDGER: 1,843,221,907.55 on both sides. The column is found by suffix, so the DDAEXTR "
               "extract will work too.\n"
               "- Still stdlib only (`csv`, `json`, `decimal`), nothing to install on the agent.")

        t = d.task("the data platform folks ask if they should decode our files as cp1140 because the card vendor's "
                   "feed is 1140. does it matter for us? check python's codec docs", tags=["noise", "webfetch"])
        t.webfetch("https://docs.python.org/3/library/codecs.html",
                   "List the EBCDIC code pages in the Standard Encodings table (codec, aliases, languages), "
                   "especially cp037, cp500, cp1140 and cp273.",
                   "From the \"Standard Encodings\" table:\n"
                   "- cp037 | IBM037, IBM039 | English\n"
                   "- cp273 | 273, IBM273, csIBM273 | German. Added in version 3.4.\n"
                   "- cp500 | EBCDIC-CP-BE, EBCDIC-CP-CH, IBM500 | Western Europe\n"
                   "- cp875 | | Greek\n"
                   "- cp1026 | ibm1026 | Turkish\n"
                   "- cp1140 | ibm1140 | Western Europe\n"
                   "The page doesn't describe how the code pages differ from each other.")
        t.done("For our files it makes no difference to the data, but I'd keep cp037.\n"
               "- Python's table lists cp037 (IBM037, \"English\") and cp1140 (ibm1140, \"Western Europe\"). IBM-1140 "
               "is 037 with the euro sign at X'9F', where 037 has the currency sign ¤. Every other code point is "
               "the same.\n"
               "- Our DDA extracts hold digits, A–Z, spaces and a little punctuation, and nothing in them is X'9F'. "
               "Decoding them as cp1140 gives exactly the same text as cp037. Packed fields aren't decoded as text "
               "at all.\n"
               "- So they can use one codec for both feeds if that's simpler. The text fields are the only place it "
               "would ever matter.")

        txn = bytearray()

        def txn_rec(kind, *parts):
            body = b"".join(parts)
            return body + ebc(" ") * (150 - len(body))
        txn += txn_rec("H", ebc("HTXNHIST 20260824 LVB.TEST.DDA.TXNHIST.D260824"))
        txn += txn_rec("D", ebc("D000441770220260824071522POSD"), pack(4599, 13),
                       ebc("SHEETZ #0412 ALTOONA PA".ljust(40)), ebc("CD"))
        txn += txn_rec("D", ebc("D000441770220260824090004ACHC"), pack(184320, 13),
                       ebc("PAYROLL BLAIR CNTY SCHOOL DIST".ljust(40)), ebc("AC"))
        t = d.task("also pull LVB.TEST.DDA.TXNHIST.D260824 and show me the first couple of records raw, I want to see "
                   "how the dr/cr indicator and the amount look", tags=["flaky:F1", "long_output"])
        dl = "zowe zos-files download data-set \"LVB.TEST.DDA.TXNHIST.D260824\" --binary -f data/raw/txnhist_0824.ebc"
        t.fail(dl, "Download the transaction history in binary", """Command Error:
z/OSMF REST API Error:
http(s) request error event called
Error: read ECONNRESET
Error Details:
HTTP(S) client encountered an error. Request could not be initiated to host.
Review connection details (host, port) and ensure correctness.

Protocol:  https
Host:      zosdev1.lvb.internal
Port:      10443
Base Path:
Resource:  /zosmf/restfiles/ds/LVB.TEST.DDA.TXNHIST.D260824
Request:   GET
Headers:   [{"X-IBM-Data-Type":"binary"},{"Accept-Encoding":"gzip"},{"X-CSRF-ZOSMF-HEADER":true}]
Payload:   undefined""")
        t.bash(dl, "Download the transaction history in binary", out=download_ok("data/raw/txnhist_0824.ebc"))
        t.bash("xxd -c 30 -g 1 -l 450 data/raw/txnhist_0824.ebc", "Hex dump of the first three records",
               out=xxd(bytes(txn[:450]), cols=30))
        t.bash("python3 -c \"r=open('data/raw/txnhist_0824.ebc','rb').read(); [print(d[:29].decode('cp037'), "
               "d[29:36].hex().upper(), d[36:76].decode('cp037').rstrip()) for d in (r[150:300], r[300:450])]\"",
               "Decode the text fields and show the amount bytes",
               out="D000441770220260824071522POSD 0000000004599C SHEETZ #0412 ALTOONA PA\n"
                   "D000441770220260824090004ACHC 0000000184320C PAYROLL BLAIR CNTY SCHOOL DIST")
        t.done("The first download died with ECONNRESET; the same command worked straight after.\n"
               "Record layout, 150 bytes (first record is the header):\n"
               "- byte 29 is the dr/cr indicator as an EBCDIC letter: X'C4' = `D` (debit), X'C3' = `C` (credit).\n"
               "- bytes 30–36 are the amount, `S9(11)V99 COMP-3`: X'0000000004599C' = 45.99 and X'0000000184320C' = "
               "1,843.20. The sign nibble is C (positive) for both, so direction comes only from the D/C byte, not "
               "the amount's sign. The converter must apply it, otherwise debits come out positive.\n"
               "- In the xxd ASCII column, EBCDIC spaces (X'40') show up as `@`. That's just xxd reading the bytes as "
               "ASCII.")

    # ================= S5 (acceptEdits) =================
    with d.session("2026-08-27T09:30:00", D, branch="feature/DDAMOD-161-extract", version="2.1.88",
                   permission_mode="acceptEdits"):
        ext = D + "/cobol/DDAEXT05.cbl"
        extt = D + "/jcl/test/DDAEXT5T.jcl"
        t = d.task("DDAEXT05 (the extract pgm for the data platform, uses DDAEXTR) is done, finished it last night. get "
                   "it onto DEV1 and run it against the test master. base the job on the QA nightly so it looks like "
                   "what ops will run", tags=["mistake:M1", "workflow:W2"])
        t.read(ext)
        t.read(D + "/jcl/qa/DDANITEQ.jcl")
        t.bash("zowe zos-files upload file-to-data-set cobol/DDAEXT05.cbl \"DALBREC.DEV.COBOL(DDAEXT05)\"",
               "Upload DDAEXT05", out=upload_ok(ext, "DALBREC.DEV.COBOL(DDAEXT05)"))
        t.bash("bin/zrun jcl/build/IGYCL.jcl MEM=DDAEXT05", "Compile and link DDAEXT05 on DEV1", timeout=600000,
               out=zrun_out("jcl/build/IGYCL.jcl", "JOB04702", "DALBRECC", "2026-08-27", "09.41.18",
                            [("CL", "COBOL", "00", "598", "4020"), ("CL", "LKED", "00", "86", "797")],
                            syms="MEM=DDAEXT05"))
        t.write(extt, """//DALBRECX JOB (LVB0417,DDA),'D ALBRECHT',CLASS=A,MSGCLASS=X,
//             MSGLEVEL=(1,1),NOTIFY=&SYSUID
//*--------------------------------------------------------------------
//* DDAEXT05 DATA PLATFORM EXTRACT - DEV1 TEST RUN
//*--------------------------------------------------------------------
//DEL000   EXEC PGM=IEFBR14
//EXTOUT   DD DSN=DALBREC.TEST.DDAEXT05.EXTOUT,DISP=(MOD,DELETE),
//            SPACE=(TRK,0)
//EXT010   EXEC PGM=DDAEXT05
//STEPLIB  DD DISP=SHR,DSN=LVB.TEST.LOADLIB
//ACCTMAST DD DISP=SHR,DSN=LVB.TEST.DDA.ACCTMAST
//CTLCARD  DD *
RUNDATE=20260826
/*
//EXTOUT   DD DSN=DALBREC.TEST.DDAEXT05.EXTOUT,
//            DISP=(NEW,CATLG,DELETE),SPACE=(CYL,(5,5),RLSE),
//            RECFM=FB,LRECL=100
//SYSOUT   DD SYSOUT=*
//CEEDUMP  DD SYSOUT=*
""")
        t.fail("bin/zrun jcl/test/DDAEXT5T.jcl", "Run the DDAEXT05 test job",
               zrun_out("jcl/test/DDAEXT5T.jcl", "JOB04705", "DALBRECX", "2026-08-27", "09.43.55",
                        [("DEL000", "", "00", "8", "58"), ("EXT010", "", "*S806", "12", "93")],
                        mid=s806("JOB04705", "DALBRECX", "09.43.56", "EXT010", "DDAEXT05", "02217", asid="0044",
                                 msgno=581),
                        retcode="ABEND S806"), code=2)
        t.say("S806 again: DDAEXT05 not found. I copied the QA nightly's STEPLIB, which only has LVB.TEST.LOADLIB. "
              "DDAEXT05 has never been promoted, so the only copy is the one IGYCL just linked into your dev load "
              "library. Putting that library first in the STEPLIB concatenation.")
        t.edit(extt, "//STEPLIB  DD DISP=SHR,DSN=LVB.TEST.LOADLIB\n",
               "//STEPLIB  DD DISP=SHR,DSN=DALBREC.DEV.LOADLIB\n//         DD DISP=SHR,DSN=LVB.TEST.LOADLIB\n")
        t.bash("bin/zrun jcl/test/DDAEXT5T.jcl", "Run the DDAEXT05 test job again",
               out=zrun_out("jcl/test/DDAEXT5T.jcl", "JOB04707", "DALBRECX", "2026-08-27", "09.45.12",
                            [("DEL000", "", "00", "8", "58"), ("EXT010", "", "00", "1487", "17306")]))
        t.bash("cat build/spool/JOB04707/EXT010/SYSOUT.txt", "Show the extract counts",
               out="DDAEXT05 START  AS-OF 20260826\nDDAEXT05 ACCOUNTS READ    000048211\n"
                   "DDAEXT05 EXTRACT RECORDS  0000046952")
        t.done("DDAEXT05 runs on DEV1.\n"
               "- Compiled/linked with IGYCL (RC 0). It picks up DDAEXTR from DALBREC.DEV.COPYLIB.\n"
               "- `jcl/test/DDAEXT5T.jcl` follows the QA nightly's layout (delete step, EXT010 with ACCTMAST, inline "
               "CTLCARD, EXTOUT FB 100). Its STEPLIB is `DALBREC.DEV.LOADLIB` then `LVB.TEST.LOADLIB`. With only the "
               "QA library, as I first had it, the step abended S806.\n"
               "- Result for as-of 2026-08-26: 48,211 accounts read, 46,952 extract records written to "
               "DALBREC.TEST.DDAEXT05.EXTOUT.")

        t = d.task("can you run DDAREC03 locally against the 0826 samples (data/samples/glfeed_0826.dat, "
                   "eodbal_0826.dat)? want to see if the new branch 0412 shows up as a difference", tags=["mistake:M2"])
        t.bash("make build PGM=DDAREC03", "Build DDAREC03 locally", out=COBC.format(p="DDAREC03"))
        t.bash("mkdir -p /tmp/rec0826 && cp data/samples/glfeed_0826.dat data/samples/eodbal_0826.dat /tmp/rec0826/",
               "Scratch directory with the two samples")
        line = lineno(REC03, "OPEN INPUT  GL-FEED DDA-EOD CTL-CARD")
        t.fail("cd /tmp/rec0826 && ~/src/dda-batch/build/bin/DDAREC03 glfeed_0826.dat eodbal_0826.dat",
               "Run DDAREC03 on the samples",
               libcob35("cobol/DDAREC03.cbl", line, "GL-FEED", "GLFEED", "DDAREC03"))
        t.say("Command-line arguments don't reach the files: `ASSIGN TO GLFEED` is resolved from `DD_GLFEED`, "
              "and without it libcob looked for a file called GLFEED. Mapping GLFEED, DDAEOD, CTLCARD and RECRPT "
              "explicitly.")
        t.bash("cd /tmp/rec0826 && printf '%-80s' 'RUNDATE=20260826' > ctlcard && DD_GLFEED=glfeed_0826.dat "
               "DD_DDAEOD=eodbal_0826.dat DD_CTLCARD=ctlcard DD_RECRPT=recrpt.txt ~/src/dda-batch/build/bin/DDAREC03",
               "Run DDAREC03 with the DD names mapped",
               out="DDAREC03 PAIRS COMPARED   0000214\nDDAREC03 DIFFERENCES      0000003\n"
                   "DDAREC03 NET DIFFERENCE   " + zed(-48310.77, 17))
        t.bash("grep -n ' 0412 ' /tmp/rec0826/recrpt.txt", "Find branch 0412 in the report",
               out="14: 0412  CHK   GL      1,204,551.18   DDA      1,158,451.18   DIFF        46,100.00-\n"
                   "15: 0412  SAV   GL        311,960.77   DDA        311,000.00   DIFF           960.77-")
        t.done("Yes, branch 0412 shows up, twice:\n"
               "- 0412 CHK: GL 1,204,551.18 vs DDA 1,158,451.18, diff −46,100.00\n"
               "- 0412 SAV: GL 311,960.77 vs DDA 311,000.00, diff −960.77\n"
               "The third difference is the old 0207 MMA −1,250.00. Net −48,310.77 over 214 pairs. (First run failed "
               "with status 35 because the file names were passed as arguments; DDAREC03 needs DD_ variables like "
               "every program here.)")

        fee = D + "/cobol/DDAFEE02.cbl"
        mcase = D + "/tests/cases/DDAFEE02/mma_low_balance"
        t = d.task("DDAFEE02: money market (MMA) accounts should go through the savings fee schedule, same min balance. "
                   "add a case, make test, commit", tags=["workflow:W1"])
        t.read(fee)
        t.edit(fee, "               IF ACCT-TYPE = 'SAV'\n",
               "               IF ACCT-TYPE = 'SAV' OR ACCT-TYPE = 'MMA'\n")
        t.write(mcase + "/acctin.csv", """ACCT-REC-TYPE,ACCT-NO,ACCT-BRANCH,ACCT-TYPE,ACCT-STATUS,ACCT-SENIOR-FLAG,ACCT-AVG-BAL
H,0000000000,0000,,,,0
D,0007730015,0207,MMA,O,N,120.00
D,0007730022,0207,MMA,O,N,5400.00
T,0000000002,0000,,,,0
""")
        t.write(mcase + "/expected/FEEOUT.csv", """FEE-ACCT-NO,FEE-CODE,FEE-AMT
0007730015,MNT,5.00
""")
        t.bash("cp tests/cases/DDAFEE02/basic_monthly/{dd.env,ctlcard} tests/cases/DDAFEE02/mma_low_balance/ && "
               "python3 tests/mkrec.py copybooks/DDAACCT.cpy tests/cases/DDAFEE02/mma_low_balance/acctin.csv "
               "-o tests/cases/DDAFEE02/mma_low_balance/acctin.dat", "Build the new case's input",
               out="acctin.dat: 4 records, LRECL 200 (H 1, D 2, T 1)")
        fee_cases = ["basic_monthly", "min_balance_waiver", "mma_low_balance", "savings_low_balance", "senior_half_fee"]
        t.bash("make test PGM=DDAFEE02", "Build and run the DDAFEE02 tests", out=mk_test("DDAFEE02", fee_cases))
        t.bash("git add cobol/DDAFEE02.cbl tests/cases/DDAFEE02/mma_low_balance && "
               "git commit -m \"DDAMOD-163 DDAFEE02: MMA accounts use the savings fee schedule\"", "Commit",
               out="[feature/DDAMOD-161-extract 8c41d0e] DDAMOD-163 DDAFEE02: MMA accounts use the savings fee schedule\n"
                   " 6 files changed, 10 insertions(+), 1 deletion(-)\n"
                   " create mode 100644 tests/cases/DDAFEE02/mma_low_balance/acctin.csv\n"
                   " create mode 100644 tests/cases/DDAFEE02/mma_low_balance/acctin.dat\n"
                   " create mode 100644 tests/cases/DDAFEE02/mma_low_balance/ctlcard\n"
                   " create mode 100644 tests/cases/DDAFEE02/mma_low_balance/dd.env\n"
                   " create mode 100644 tests/cases/DDAFEE02/mma_low_balance/expected/FEEOUT.csv")
        t.done("MMA now takes the savings branch: 5.00 below 300.00 average balance, waived above. New case "
               "`mma_low_balance` (one MMA at 120.00 charged, one at 5,400.00 waived). All 5 DDAFEE02 cases pass. "
               "Committed as 8c41d0e. It's on the extract branch because that's where you are; cherry-pick it if you "
               "want it separate.")

        t = d.task("jenkins: archive the zrun spool as build artifacts so I can read the job logs from the build page",
                   tags=["noise"])
        t.read(D + "/Jenkinsfile")
        t.edit(D + "/Jenkinsfile", """            }
        }
    }
}
""", """            }
        }
    }
    post {
        always {
            archiveArtifacts artifacts: 'build/spool/**/*.txt', allowEmptyArchive: true
        }
    }
}
""")
        t.done("Added a `post { always { archiveArtifacts 'build/spool/**/*.txt' } }` block to the Jenkinsfile. "
               "zrun already writes every job's spool to `build/spool/<jobid>/<step>/<dd>.txt`, so each build page "
               "will list the DEV1 job logs under Build Artifacts, also for red builds. `allowEmptyArchive` keeps "
               "feature-branch builds (no DEV1 stages) from failing on an empty match.")

    # ================= S6 =================
    with d.session("2026-08-31T14:00:00", D, branch="feature/DDAMOD-158-stmt-od-limit", version="2.1.89"):
        t = d.task("what did the DEV1 compile of DDASTMT1 from last night's jenkins run complain about? it ended RC 4. "
                   "list the warnings", tags=["noise", "long_output"])
        t.bash("zowe zos-jobs list jobs --owner LVBCI --prefix \"LVBCI*\" | head -n 6", "Recent CI jobs on DEV1",
               out="JOB05188 CC 0004 LVBCIC   OUTPUT\nJOB05187 CC 0000 LVBCIC   OUTPUT\n"
                   "JOB05186 CC 0000 LVBCIC   OUTPUT\nJOB05121 CC 0004 LVBCIC   OUTPUT\n"
                   "JOB05120 CC 0000 LVBCIC   OUTPUT\nJOB05044 CC 0000 LVBCIC   OUTPUT")
        t.bash("zowe zos-jobs list spool-files-by-jobid JOB05188", "Spool files of the RC 4 compile",
               out="2   JESMSGLG JES2\n3   JESJCL   JES2\n4   JESYSMSG JES2\n102 SYSPRINT COBOL    CL\n"
                   "103 SYSPRINT LKED     CL")
        t.bash("zowe zos-jobs view spool-file-by-id JOB05188 102 | awk '/Options in effect/,/NOZWB/; "
               "/LineID  Message code/,/Return code/'", "Compiler options and message summary from the listing",
               out="""  Options in effect:
    NOADATA
      ADV
      AFP(VOLATILE)
      ARCH(12)
      ARITH(COMPAT)
    NOAWO
    NOBLOCK0
      BUFSIZE(1K)
    NOCICS
      CODEPAGE(1140)
    NOCOMPILE(S)
    NOCURRENCY
      DATA(31)
    NODBCS
    NODECK
    NODUMP
      DYNAM
    NOEXIT
    NOFASTSRT
      FLAG(I,I)
    NOINITCHECK
      LIB
      LINECOUNT(60)
      LIST
      MAP
      MAXPCF(100000)
    NONUMBER
      NUMCHECK(ZON,PAC)
      NUMPROC(NOPFD)
      OPTIMIZE(1)
      RENT
      RMODE(AUTO)
      SOURCE
      SQL('VERSION(AUTO)')
      SQLCCSID
      SSRANGE(ZLEN,NOABD)
    NOTEST
      TRUNC(OPT)
      XREF(FULL)
      ZONECHECK(MSG)
    NOZWB
    LineID  Message code  Message text

         2  DSNH527I W    DSNHOPTS THE PRECOMPILER ATTEMPTED TO USE THE DB2-SUPPLIED DSNHDECP MODULE.
       131  IGYOP3094-W   There may be a loop from the "PERFORM" statement at "PERFORM (line 131.01)" to
                          itself.  "PERFORM" statement optimization was not attempted.
-Messages    Total    Informational    Warning    Error    Severe    Terminating
0Printed:       2                           2
-* Statistics for COBOL program DDASTMT1:
 *    Source records = 168
 *    Data Division statements = 41
 *    Procedure Division statements = 74
 *    Generated COBOL statements = 19
 *    Program complexity factor = 83
0End of compilation 1,  program DDASTMT1,  highest severity 4.
0Return code 4""")
        t.done("Two warnings produce the RC 4; neither is a code problem you need to fix today:\n"
               "- **DSNH527I W** (line 2): the DB2 coprocessor fell back to the IBM-supplied DSNHDECP because the "
               "compile JCL's STEPLIB doesn't point at DBT1's SDSNEXIT first. Harmless on DEV1, but the "
               "application defaults (decimal point, CCSIDs) come from IBM's module, not DBT1's. Fix it in the CI "
               "compile proc, not the program.\n"
               "- **IGYOP3094-W** (listing line 131, the `PERFORM UNTIL END-OF-CURSOR` in 0000-MAIN): the optimizer "
               "can't rule out a path back into the loop through the performed paragraphs, so it left that PERFORM "
               "unoptimized. No functional impact. It goes away if the loop body is restructured, not worth it "
               "on its own.\n"
               "Options are the usual ones: CODEPAGE(1140), TRUNC(OPT), NUMPROC(NOPFD), SSRANGE, OPT(1).")

        st = D + "/cobol/DDASTMT1.cbl"
        t = d.task("DDASTMT1: the print vendor wants the overdraft limit on the statement header (ACCOUNT.OD_LIMIT, "
                   "decimal(11,2)), after the zip. and fix that IF in 1000-INIT while you're in there: don't let a full "
                   "stop close an IF, I want END-IF spelled out. then run it on DEV1 for cycle 05",
                   tags=["mistake:M3", "workflow:W2", "pref:P1"])
        t.read(st)
        t.edit(st, """           05  SH-ZIP                  PIC X(10).
           05  FILLER                  PIC X(74).""", """           05  SH-ZIP                  PIC X(10).
           05  SH-OD-LIMIT             PIC S9(9)V99 COMP-3.
           05  FILLER                  PIC X(68).""")
        t.edit(st, """           05  HV-ZIP-CD               PIC X(10).
""", """           05  HV-ZIP-CD               PIC X(10).
           05  HV-OD-LIMIT             PIC S9(9)V99 COMP-3.
""")
        t.edit(st, """                      C.CITY, C.STATE_CD, C.ZIP_CD
""", """                      C.CITY, C.STATE_CD, C.ZIP_CD, A.OD_LIMIT
""")
        t.edit(st, """                     :HV-CITY, :HV-STATE-CD, :HV-ZIP-CD
""", """                     :HV-CITY, :HV-STATE-CD, :HV-ZIP-CD,
                     :HV-OD-LIMIT
""")
        t.edit(st, """           MOVE HV-ZIP-CD      TO SH-ZIP
""", """           MOVE HV-ZIP-CD      TO SH-ZIP
           MOVE HV-OD-LIMIT    TO SH-OD-LIMIT
""")
        t.edit(st, """           IF SQLCODE NOT = 0
               PERFORM 9900-SQL-ERROR.
""", """           IF SQLCODE NOT = 0
               PERFORM 9900-SQL-ERROR
           END-IF.
""")
        t.bash("zowe zos-files upload file-to-data-set cobol/DDASTMT1.cbl \"DALBREC.DEV.COBOL(DDASTMT1)\"",
               "Upload DDASTMT1", out=upload_ok(st, "DALBREC.DEV.COBOL(DDASTMT1)"))
        t.bash("bin/zrun jcl/build/IGYDB2CL.jcl MEM=DDASTMT1", "Precompile, compile and link DDASTMT1",
               timeout=600000,
               out=zrun_out("jcl/build/IGYDB2CL.jcl", "JOB05301", "DALBRECC", "2026-08-31", "14.22.40",
                            [("CL", "COBOL", "04", "871", "5902"), ("CL", "LKED", "00", "90", "809")],
                            syms="MEM=DDASTMT1", retcode="CC 0004"))
        stm_out = dsntiar_805("DDASTMT1", "1000-INIT", "1879C04D2A61F3E8").replace(
            "DDASTMT1 START  RUN DATE {run}", "DDASTMT1 START  CYCLE 05")
        t.fail("bin/zrun jcl/test/DDASTM1T.jcl", "Run the DDASTMT1 test job for cycle 05",
               zrun_out("jcl/test/DDASTM1T.jcl", "JOB05303", "DALBRECS", "2026-08-31", "14.24.58",
                        [("DEL000", "", "00", "9", "61"), ("STM010", "", "12", "377", "2980")], retcode="CC 0012",
                        extra="zrun: --- STM010 SYSOUT ---\n" + stm_out +
                              "\nzrun: --- STM010 SYSTSPRT ---\nREADY\n  DSN SYSTEM(DBT1)\nDSN\n"
                              "  RUN PROGRAM(DDASTMT1) PLAN(DDAPLAN) LIB('DALBREC.DEV.LOADLIB')\nDSN\n  END\nREADY\nEND"),
               code=1)
        t.say("-805 reason 03 on the OPEN of STMT-CSR. The program was precompiled again, so it has a new "
              "consistency token, and DBT1's DDACOLL.DDASTMT1 package is still the old one. Binding the package from "
              "the new DBRM, then rerunning.")
        t.bash("bin/zrun jcl/util/BINDPKG.jcl MEM=DDASTMT1", "Bind the DDASTMT1 package",
               out=zrun_out("jcl/util/BINDPKG.jcl", "JOB05305", "DALBRECB", "2026-08-31", "14.26.31",
                            [("BIND", "", "00", "36", "398")], syms="MEM=DDASTMT1"))
        t.bash("bin/zrun jcl/test/DDASTM1T.jcl", "Run the DDASTMT1 test job again",
               out=zrun_out("jcl/test/DDASTM1T.jcl", "JOB05307", "DALBRECS", "2026-08-31", "14.27.49",
                            [("DEL000", "", "00", "9", "61"), ("STM010", "", "00", "702", "9114")]))
        t.bash("cat build/spool/JOB05307/STM010/SYSOUT.txt", "Show the header count",
               out="DDASTMT1 START  CYCLE 05\nDDASTMT1 HEADERS WRITTEN  000003877")
        t.done("Done and verified on DEV1.\n"
               "- STMT-HDR gets `SH-OD-LIMIT PIC S9(9)V99 COMP-3` after SH-ZIP (6 bytes; FILLER 74 → 68, so the "
               "record stays 250). STMT-CSR selects `A.OD_LIMIT` into the new HV-OD-LIMIT, and 3000-WRITE-HDR moves "
               "it.\n"
               "- 1000-INIT's `IF SQLCODE NOT = 0` is now closed with END-IF instead of the paragraph's period.\n"
               "- The first test run hit SQLCODE -805 (package not rebound after the precompile). After "
               "`BINDPKG MEM=DDASTMT1`, cycle 05 writes 3,877 headers, RC 0.\n"
               "Tell the vendor the field is packed, 6 bytes at offset 176, unless they want it zoned.")

        d.precompact("Analysis: Denise Albrecht (Larkspur Valley Bank, DDA batch modernisation) works in ~/src/dda-batch "
                     "(Enterprise COBOL programs DDAFEE02, DDAINT01, DDASTMT1, DDAODR04, DDAREC03, DDAEXT05, DDAPURG; "
                     "copybooks/, jcl/{build,test,util,qa,prod}, tests/cases + tests/run.sh for GnuCOBOL 3.2 via "
                     "`make test PGM=X`; bin/zrun submits local JCL to DEV1 through Zowe CLI v3) and ~/src/ebcdic-tools "
                     "(stdlib Python: ebcdic2csv.py, reconcile.py, packed.py, layout.py). DB2 13 subsystem DBT1, "
                     "collection DDACOLL, plan DDAPLAN, queries via `zowe db2 execute sql`.\n"
                     "Summary of this session so far:\n"
                     "1. Read the DDASTMT1 compile listing of CI job JOB05188 (RC 4): DSNH527I W (IBM DSNHDECP) and "
                     "IGYOP3094-W (PERFORM not optimized), both harmless.\n"
                     "2. DDASTMT1: added ACCOUNT.OD_LIMIT to STMT-CSR, HV-OD-LIMIT and SH-OD-LIMIT (S9(9)V99 COMP-3, "
                     "FILLER 74 → 68), closed the 1000-INIT IF with END-IF (user wants explicit scope terminators "
                     "everywhere). Uploaded, IGYDB2CL RC 4, test job failed with SQLCODE -805 until "
                     "`bin/zrun jcl/util/BINDPKG.jcl MEM=DDASTMT1`; rerun RC 0, 3,877 headers for cycle 05. Not "
                     "committed yet.\n"
                     "Earlier in the month: DDAFEE02 senior half fee (ROUNDED), MMA on the savings schedule; DDAREC03 "
                     "and DDAEXT05 test JCL (STEPLIB DALBREC.DEV.LOADLIB + LVB.TEST.LOADLIB); tiered HY rates in "
                     "DDAINT01 (bind after compile); DDAEXTR copybook (amounts COMP-3, LRECL 100); ACCTMAST converted "
                     "and reconciled (count + ledger hash).")

        t = d.task("btw the build-setup walkthrough you gave me on day one went into the team wiki and it was way too "
                   "long, I had to cut half of it. keep explanations tight. now: summary of the DDASTMT1 change for the "
                   "CAB change record, what changed + how it was tested",
                   tags=["feedback"], feedback="way too long, I had to cut half of it")
        t.bash("git diff --stat -- cobol/DDASTMT1.cbl", "Size of the DDASTMT1 change",
               out=" cobol/DDASTMT1.cbl | 12 +++++++++---\n 1 file changed, 9 insertions(+), 3 deletions(-)")
        t.done("Noted, shorter from here on.\n\n"
               "**DDASTMT1, DDAMOD-158**\n"
               "- Change: statement header extract gets the overdraft limit (ACCOUNT.OD_LIMIT, packed S9(9)V99, 6 bytes "
               "after ZIP). Record length unchanged (250). One IF now closed with END-IF (no logic change).\n"
               "- Tested: compiled on DEV1 (RC 4, known DSNH527I), package rebound in DDACOLL on DBT1, cycle 05 test "
               "run RC 0 with 3,877 headers.\n"
               "- Deploy needs: BIND PACKAGE in the prod collection with the new DBRM, plus the vendor's layout "
               "change.")

        t = d.task("for the fee output GDG: LIMIT(14) NOEMPTY SCRATCH. what happens when generation 15 gets "
                   "created?", tags=["noise", "no_tools"])
        t.done("When the job that creates (+1) ends and the new generation is catalogued, the GDG would hold 15, so "
               "the oldest one rolls off. NOEMPTY means only that oldest generation goes (EMPTY would uncatalog all "
               "14). SCRATCH means it is also deleted from the volume, not just uncatalogued. So you always keep the "
               "latest 14. Anything you need longer, copy out before it rolls, or raise the LIMIT (max 255, or 999 "
               "with an extended GDG).")

    # ================= S7 =================
    with d.session("2026-09-03T10:15:00", E, branch="main", version="2.1.90"):
        t = d.task("DDAEXT05 ran in the QA cycle last night: LVB.TEST.DDA.EXTRACT.D260902. convert + reconcile it for "
                   "the data platform drop, layout is DDAEXTR", tags=["workflow:W3"])
        t.bash("zowe zos-files download data-set \"LVB.TEST.DDA.EXTRACT.D260902\" --binary -f data/raw/extract_0902.ebc",
               "Download the QA extract in binary", out=download_ok("data/raw/extract_0902.ebc"))
        t.bash("python3 ebcdic2csv.py --layout ../dda-batch/copybooks/DDAEXTR.cpy data/raw/extract_0902.ebc "
               "-o data/csv/extract_0902.csv", "Convert the extract",
               out=conv_out("../dda-batch/copybooks/DDAEXTR.cpy", 13, 100, "data/raw/extract_0902.ebc", 46989, 0,
                            46988, 1, "data/csv/extract_0902.csv"))
        t.bash("python3 reconcile.py data/csv/extract_0902.csv", "Reconcile against the trailer",
               out=recon_out("EXT-LEDGER-BAL", 46988, "1801447310.62", "data/csv/extract_0902.csv"))
        t.bash("head -n 3 data/csv/extract_0902.csv", "Look at the first rows",
               out="EXT-REC-TYPE,EXT-ACCT-NO,EXT-BRANCH,EXT-PRODUCT,EXT-STATUS,EXT-OPEN-DATE,EXT-CLOSE-DATE,"
                   "EXT-LEDGER-BAL,EXT-AVAIL-BAL,EXT-ACCR-INT,EXT-RATE-CODE,EXT-AS-OF-DATE,FILLER\n"
                   "D,0000100017,0101,CHK,O,19980412,00000000,2417.56,2417.56,0.000000,,20260902,\n"
                   "D,0000100024,0101,HYC,O,20030115,00000000,61230.08,60980.08,3.524400,HY,20260902,")
        t.done("`data/csv/extract_0902.csv` is ready for the drop: 46,988 rows. It reconciles on count and on the "
               "ledger hash (1,801,447,310.62). No header record in this file; the trailer went to "
               "`extract_0902.csv.trailer.json`. One cosmetic thing: the CSV has an empty FILLER column at the end. "
               "Tell me if they'd rather not have it.")

        t = d.task("and grab last night's prod master LVB.PROD.DDA.ACCTMAST.D260902 too so we can compare counts "
                   "against the QA extract", tags=["unfixed:U1"])
        t.fail("zowe zos-files download data-set \"LVB.PROD.DDA.ACCTMAST.D260902\" --binary "
               "-f data/raw/prod_acctmast_0902.ebc", "Download the production master",
               zowe_err("""Rest API failure with HTTP(S) status 500
category: 4
rc:       8
reason:   0
message:  LMOPEN error
details:
  - ISRZ002 Authorization failed - You may not use this protected data set. Open 913 abend.""",
                        "/zosmf/restfiles/ds/LVB.PROD.DDA.ACCTMAST.D260902", method="GET", dtype="binary"))
        t.done("Not possible with your ID. RACF refused the open (ISRZ002 *Authorization failed*, a 913 abend): "
               "DALBREC has no READ access to the production DDA datasets. I haven't tried any other way in; that "
               "needs an access request (or someone in prod support running the count for you). The QA extract "
               "numbers for the comparison are 46,988 records / ledger 1,801,447,310.62.")

        t = d.task("where does ebcdic2csv decide a record is the trailer? the data platform guy thinks we drop the last "
                   "real record", tags=["noise"])
        g = [str(lineno(EBCDIC2CSV_PY, x)) + ":" + x for x in (
            '            rtype = rec[:1].decode(args.codepage)',
            '            if rtype == "H":',
            '            if rtype == "T" and trailer:')]
        t.grep("rtype", path="ebcdic2csv.py", output_mode="content", n=True, content="\n".join(g))
        t.done("Only by the record type byte: a record whose first byte decodes to `T` is the trailer and goes to "
               "`.trailer.json`; `H` is skipped. Every other record becomes a row. Nothing is dropped by position, and "
               "reconcile.py proves it: the row count equals TRL-REC-COUNT (46,988 for 0902). If he counts lines "
               "with `wc -l`, he gets 46,989 because of the CSV header line. That's probably the off-by-one he's "
               "seeing.")

    # ================= S8 =================
    with d.session("2026-09-08T09:00:00", D, branch="feature/DDAMOD-166-purge", version="2.1.91"):
        pur = D + "/cobol/DDAPURG.cbl"
        purt = D + "/jcl/test/DDAPURGT.jcl"
        t = d.task("DDAPURG (weekly purge of accounts closed > 7 yrs) is in cobol/. compile it on DEV1 and give it a "
                   "test run. copy the job setup from the prod weekly (jcl/prod/DDAWEEK.jcl) so the DDs match what ops "
                   "has, but point it at test data and my HLQ of course", tags=["mistake:M1", "workflow:W2"])
        t.read(pur)
        t.read(D + "/jcl/prod/DDAWEEK.jcl")
        t.bash("zowe zos-files upload file-to-data-set cobol/DDAPURG.cbl \"DALBREC.DEV.COBOL(DDAPURG)\"",
               "Upload DDAPURG", out=upload_ok(pur, "DALBREC.DEV.COBOL(DDAPURG)"))
        t.bash("bin/zrun jcl/build/IGYCL.jcl MEM=DDAPURG", "Compile and link DDAPURG on DEV1", timeout=600000,
               out=zrun_out("jcl/build/IGYCL.jcl", "JOB05688", "DALBRECC", "2026-09-08", "09.12.26",
                            [("CL", "COBOL", "00", "577", "3911"), ("CL", "LKED", "00", "84", "790")],
                            syms="MEM=DDAPURG"))
        t.write(purt, """//DALBRECP JOB (LVB0417,DDA),'D ALBRECHT',CLASS=A,MSGCLASS=X,
//             MSGLEVEL=(1,1),NOTIFY=&SYSUID
//*--------------------------------------------------------------------
//* DDAPURG WEEKLY PURGE OF LONG-CLOSED ACCOUNTS - DEV1 TEST RUN
//* DD SETUP AS IN PROD DDAWEEK, TEST DATA, OUTPUT UNDER DALBREC.TEST
//*--------------------------------------------------------------------
//JOBLIB   DD DISP=SHR,DSN=LVB.PROD.LOADLIB
//*
//DEL000   EXEC PGM=IEFBR14
//ACCTNEW  DD DSN=DALBREC.TEST.DDAPURG.ACCTNEW,DISP=(MOD,DELETE),
//            SPACE=(TRK,0)
//PURGLOG  DD DSN=DALBREC.TEST.DDAPURG.PURGLOG,DISP=(MOD,DELETE),
//            SPACE=(TRK,0)
//PUR010   EXEC PGM=DDAPURG
//CTLCARD  DD *
RUNDATE=20260907
/*
//ACCTOLD  DD DISP=SHR,DSN=LVB.TEST.DDA.ACCTMAST
//ACCTNEW  DD DSN=DALBREC.TEST.DDAPURG.ACCTNEW,
//            DISP=(NEW,CATLG,DELETE),SPACE=(CYL,(50,20),RLSE),
//            RECFM=FB,LRECL=200
//PURGLOG  DD DSN=DALBREC.TEST.DDAPURG.PURGLOG,
//            DISP=(NEW,CATLG,DELETE),SPACE=(CYL,(2,2),RLSE),
//            RECFM=FB,LRECL=200
//SYSOUT   DD SYSOUT=*
//*
//PUR020   EXEC PGM=IEBGENER,COND=(4,LT)
//SYSUT1   DD DISP=SHR,DSN=DALBREC.TEST.DDAPURG.PURGLOG
//SYSUT2   DD SYSOUT=*
//SYSIN    DD DUMMY
//SYSPRINT DD SYSOUT=*
""")
        t.fail("bin/zrun jcl/test/DDAPURGT.jcl", "Run the DDAPURG test job",
               zrun_out("jcl/test/DDAPURGT.jcl", "JOB05691", "DALBRECP", "2026-09-08", "09.15.03",
                        [("DEL000", "", "00", "12", "70"), ("PUR010", "", "*S806", "15", "101"),
                         ("PUR020", "", "FLUSH", "0", "0")],
                        mid=s806("JOB05691", "DALBRECP", "09.15.04", "PUR010", "DDAPURG", "04410", asid="0039",
                                 msgno=733),
                        retcode="ABEND S806"), code=2)
        t.say("S806 on PUR010: DDAPURG not found. The JOBLIB I copied from DDAWEEK points only at "
              "LVB.PROD.LOADLIB, and DDAPURG is new, so production doesn't have it. A test job shouldn't load from the "
              "prod library anyway. Switching the JOBLIB to your dev load library followed by the test one.")
        t.edit(purt, "//JOBLIB   DD DISP=SHR,DSN=LVB.PROD.LOADLIB\n",
               "//JOBLIB   DD DISP=SHR,DSN=DALBREC.DEV.LOADLIB\n//         DD DISP=SHR,DSN=LVB.TEST.LOADLIB\n")
        t.bash("bin/zrun jcl/test/DDAPURGT.jcl", "Run the DDAPURG test job again",
               out=zrun_out("jcl/test/DDAPURGT.jcl", "JOB05694", "DALBRECP", "2026-09-08", "09.16.40",
                            [("DEL000", "", "00", "12", "70"), ("PUR010", "", "00", "2533", "30877"),
                             ("PUR020", "", "00", "41", "377")]))
        t.bash("cat build/spool/JOB05694/PUR010/SYSOUT.txt", "Show the purge counts",
               out="DDAPURG  START  RUN DATE 20260907\nDDAPURG  ACCOUNTS READ    000048211\n"
                   "DDAPURG  KEPT             000047388\nDDAPURG  PURGED           000000823")
        t.done("DDAPURG compiles (RC 0) and the test run is clean.\n"
               "- `jcl/test/DDAPURGT.jcl` has the same DDs as the prod weekly (CTLCARD, ACCTOLD, ACCTNEW, PURGLOG), "
               "reads LVB.TEST.DDA.ACCTMAST and writes under DALBREC.TEST.DDAPURG. PUR020 prints the purge log to "
               "SYSOUT.\n"
               "- The first run abended S806 because the copied JOBLIB was LVB.PROD.LOADLIB only. It's now "
               "`DALBREC.DEV.LOADLIB` + `LVB.TEST.LOADLIB`.\n"
               "- Run date 2026-09-07: 48,211 read, 47,388 kept, 823 purged (closed before 2019-09-07).")

        extr = D + "/copybooks/DDAEXTR.cpy"
        t = d.task("change of plan on the extract layout: forget packed for DDAEXTR. make the amount fields zoned with "
                   "the sign as a separate leading character, S9(13)V99 SIGN LEADING SEPARATE. the cloud loader can't "
                   "deal with COMP-3 and they don't want to maintain a decoder. LRECL goes to 120. check DDAEXT05's "
                   "tests still hold, then commit", tags=["reversal:P3", "workflow:W1"])
        t.read(extr)
        t.edit(extr, """      * LRECL 100. D = DETAIL, T = TRAILER (COUNT + LEDGER HASH)       *
""", """      * LRECL 120. D = DETAIL, T = TRAILER (COUNT + LEDGER HASH)       *
      * AMOUNTS ZONED WITH A SEPARATE LEADING SIGN, NO COMP-3 (LOADER) *
""")
        t.edit(extr, """           05  EXT-LEDGER-BAL          PIC S9(13)V99 COMP-3.
           05  EXT-AVAIL-BAL           PIC S9(13)V99 COMP-3.
           05  EXT-ACCR-INT            PIC S9(7)V9(6) COMP-3.
           05  EXT-RATE-CODE           PIC X(2).
           05  EXT-AS-OF-DATE          PIC 9(8).
           05  FILLER                  PIC X(32).""", """           05  EXT-LEDGER-BAL   PIC S9(13)V99 SIGN LEADING SEPARATE.
           05  EXT-AVAIL-BAL    PIC S9(13)V99 SIGN LEADING SEPARATE.
           05  EXT-ACCR-INT     PIC S9(7)V9(6) SIGN LEADING SEPARATE.
           05  EXT-RATE-CODE           PIC X(2).
           05  EXT-AS-OF-DATE          PIC 9(8).
           05  FILLER                  PIC X(29).""")
        t.edit(extr, """           05  TRL-HASH-LEDGER         PIC S9(15)V99 COMP-3.
           05  FILLER                  PIC X(80).""", """           05  TRL-HASH-LEDGER  PIC S9(15)V99 SIGN LEADING SEPARATE.
           05  FILLER                  PIC X(91).""")
        t.bash("make test PGM=DDAEXT05", "Rebuild DDAEXT05 with the new layout and run its tests",
               out=mk_test("DDAEXT05", ["open_and_closed", "trailer_totals"]))
        t.bash("git add copybooks/DDAEXTR.cpy && git commit -m \"DDAMOD-161 DDAEXTR: zoned amounts, sign leading "
               "separate, LRECL 120\"", "Commit the layout change",
               out="[feature/DDAMOD-166-purge 51be7a9] DDAMOD-161 DDAEXTR: zoned amounts, sign leading separate, LRECL 120\n"
                   " 1 file changed, 8 insertions(+), 7 deletions(-)")
        t.done("DDAEXTR is now zoned. Ledger, available and the trailer hash are `S9(n)V99 SIGN LEADING SEPARATE`, "
               "accrued interest `S9(7)V9(6) SIGN LEADING SEPARATE`: a `+`/`-` byte followed by the digits, no packed "
               "bytes anywhere. Detail and trailer are both 120 bytes (FILLER 29 / 91). DDAEXT05 needed no code "
               "change; its MOVEs convert. Both test cases pass (the expected files are value-level CSV, so they "
               "still hold). Committed as 51be7a9.\n"
               "Follow-ups: the DEV1 test JCL still says LRECL=100 for EXTOUT, and ebcdic2csv's layout reader doesn't "
               "know SIGN LEADING SEPARATE yet.")

        fee = D + "/cobol/DDAFEE02.cbl"
        t = d.task("DDAFEE02 3000-APPLY-FEES has turned into a pyramid of nested IFs. make it one EVALUATE TRUE, same "
                   "behaviour. tests stay green, then commit", tags=["workflow:W1"])
        t.read(fee)
        src = d.files[fee]
        old_para = src[src.index("       3000-APPLY-FEES.\n"):src.index("       3500-WRITE-FEE.\n")]
        t.edit(fee, old_para, """       3000-APPLY-FEES.
           MOVE ZERO TO WS-FEE
           EVALUATE TRUE
               WHEN ACCT-TYPE = 'CHK'
                AND ACCT-AVG-BAL >= FP-CHK-MIN-BAL
                   ADD 1 TO WS-WAIVE-CNT
               WHEN ACCT-TYPE = 'CHK'
                AND ACCT-SENIOR-FLAG = 'Y'
                   COMPUTE WS-FEE ROUNDED =
                       FP-CHK-MONTHLY * FP-SENIOR-PCT / 100
                   END-COMPUTE
               WHEN ACCT-TYPE = 'CHK'
                   MOVE FP-CHK-MONTHLY TO WS-FEE
               WHEN (ACCT-TYPE = 'SAV' OR ACCT-TYPE = 'MMA')
                AND ACCT-AVG-BAL < FP-SAV-MIN-BAL
                   MOVE FP-SAV-MONTHLY TO WS-FEE
               WHEN ACCT-TYPE = 'SAV' OR ACCT-TYPE = 'MMA'
                   ADD 1 TO WS-WAIVE-CNT
               WHEN OTHER
                   CONTINUE
           END-EVALUATE
           IF WS-FEE > ZERO
               PERFORM 3500-WRITE-FEE
           END-IF.
""")
        fee_cases = ["basic_monthly", "min_balance_waiver", "mma_low_balance", "savings_low_balance", "senior_half_fee"]
        t.bash("make test PGM=DDAFEE02", "Rebuild and run the DDAFEE02 tests", out=mk_test("DDAFEE02", fee_cases))
        t.bash("git add cobol/DDAFEE02.cbl && git commit -m \"DDAMOD-163 DDAFEE02: 3000-APPLY-FEES as one EVALUATE\"",
               "Commit the refactor",
               out="[feature/DDAMOD-166-purge 0d27f3b] DDAMOD-163 DDAFEE02: 3000-APPLY-FEES as one EVALUATE\n"
                   " 1 file changed, 17 insertions(+), 20 deletions(-)")
        t.done("3000-APPLY-FEES is now a single EVALUATE TRUE. The WHENs are ordered so the first match gives the old "
               "result: CHK at/above minimum → waive; CHK senior → half fee (ROUNDED); CHK → full fee; SAV/MMA below "
               "minimum → savings fee; SAV/MMA otherwise → waive; OTHER → nothing. All 5 cases pass. Committed as "
               "0d27f3b.")

    # ================= S9 (SessionEnd other) =================
    with d.session("2026-09-11T13:20:00", D, branch="feature/DDAMOD-170-od-cap", version="2.1.92", end_reason="other"):
        t = d.task("run the new DDAEXT05 build locally on data/samples/acctmast_0910.dat and check the zoned amounts "
                   "come out right, show me the first couple of output records", tags=["mistake:M2"])
        t.bash("make build PGM=DDAEXT05", "Make sure the local DDAEXT05 build is current",
               out="make: 'build/bin/DDAEXT05' is up to date.")
        t.bash("mkdir -p /tmp/ext05 && cp data/samples/acctmast_0910.dat /tmp/ext05/ACCTMAST.dat && "
               "printf '%-80s' 'RUNDATE=20260910' > /tmp/ext05/CTLCARD.dat", "Scratch directory with input and control card")
        line = lineno(EXT05, "OPEN INPUT  ACCT-MAST CTL-CARD")
        t.fail("cd /tmp/ext05 && ~/src/dda-batch/build/bin/DDAEXT05", "Run DDAEXT05 on the sample",
               libcob35("cobol/DDAEXT05.cbl", line, "ACCT-MAST", "ACCTMAST", "DDAEXT05"))
        t.say("Status 35 on ACCT-MAST: libcob looked for a file named exactly `ACCTMAST`, and I'd named it "
              "`ACCTMAST.dat`. Names don't get matched by extension. Each DD has to be mapped with `DD_<ddname>`. "
              "Mapping all three.")
        t.bash("cd /tmp/ext05 && DD_ACCTMAST=ACCTMAST.dat DD_CTLCARD=CTLCARD.dat DD_EXTOUT=extout.dat "
               "~/src/dda-batch/build/bin/DDAEXT05", "Run DDAEXT05 with its DD names mapped",
               out="DDAEXT05 START  AS-OF 20260910\nDDAEXT05 ACCOUNTS READ    000002000\n"
                   "DDAEXT05 EXTRACT RECORDS  0000001961")
        r1 = ("D0000100017" "0101" "CHK" "O" "19980412" "00000000" "+000000000241756" "+000000000241756"
              "+0000000000000" "  " "20260910").ljust(120)
        r2 = ("D0000100031" "0101" "CHK" "O" "20110930" "00000000" "-000000000003412" "-000000000003412"
              "+0000000000000" "  " "20260910").ljust(120)
        t.bash("head -c 240 /tmp/ext05/extout.dat | fold -w 120", "First two output records", out=r1 + "\n" + r2)
        t.done("Zoned amounts look right. Records are 120 bytes:\n"
               "- acct 0000100017: ledger `+000000000241756` = +2,417.56, available the same, accrued interest "
               "`+0000000000000`.\n"
               "- acct 0000100031 (overdrawn): ledger `-000000000003412` = −34.12. The sign is the leading byte, "
               "digits unpunched, which is what the loader wants.\n"
               "1,961 of 2,000 sample accounts were extracted. The first run failed with status 35 because the files "
               "weren't mapped through DD_ variables.")

        odr = D + "/cobol/DDAODR04.cbl"
        t = d.task("ops wants the overdraft fee capped at 3 per account per day (MAX_PER_DAY column in OD_FEE_PARM, "
                   "already there on DBT1). change DDAODR04 and run its test job on DEV1", tags=["mistake:M3", "workflow:W2"])
        t.read(odr)
        t.edit(odr, "       01  HV-OD-FEE                   PIC S9(5)V99 COMP-3.\n",
               "       01  HV-OD-FEE                   PIC S9(5)V99 COMP-3.\n"
               "       01  HV-MAX-PER-DAY              PIC S9(4) COMP.\n")
        t.edit(odr, "               SELECT OD_FEE\n                 INTO :HV-OD-FEE\n",
               "               SELECT OD_FEE, MAX_PER_DAY\n                 INTO :HV-OD-FEE, :HV-MAX-PER-DAY\n")
        t.edit(odr, "               WHEN 0\n                   PERFORM 2100-CHARGE\n",
               "               WHEN 0\n                   IF WS-FEES-TODAY < HV-MAX-PER-DAY\n"
               "                       PERFORM 2100-CHARGE\n                   ELSE\n"
               "                       ADD 1 TO WS-CAP-CNT\n                   END-IF\n")
        t.bash("zowe zos-files upload file-to-data-set cobol/DDAODR04.cbl \"DALBREC.DEV.COBOL(DDAODR04)\"",
               "Upload DDAODR04", out=upload_ok(odr, "DALBREC.DEV.COBOL(DDAODR04)"))
        t.bash("bin/zrun jcl/build/IGYDB2CL.jcl MEM=DDAODR04", "Precompile, compile and link DDAODR04", timeout=600000,
               out=zrun_out("jcl/build/IGYDB2CL.jcl", "JOB05841", "DALBRECC", "2026-09-11", "13.37.09",
                            [("CL", "COBOL", "04", "803", "5544"), ("CL", "LKED", "00", "88", "801")],
                            syms="MEM=DDAODR04", retcode="CC 0004"))
        odr_out = dsntiar_805("DDAODR04", "2000-ASSESS", "187C2E90B4D7A613").replace(
            "DDAODR04 START  RUN DATE {run}", "DDAODR04 START")
        t.fail("bin/zrun jcl/test/DDAODR4T.jcl", "Run the DDAODR04 test job",
               zrun_out("jcl/test/DDAODR4T.jcl", "JOB05843", "DALBRECO", "2026-09-11", "13.39.30",
                        [("DEL000", "", "00", "9", "59"), ("ODR010", "", "12", "198", "1702")], retcode="CC 0012",
                        extra="zrun: --- ODR010 SYSOUT ---\n" + odr_out +
                              "\nzrun: --- ODR010 SYSTSPRT ---\nREADY\n  DSN SYSTEM(DBT1)\nDSN\n"
                              "  RUN PROGRAM(DDAODR04) PLAN(DDAPLAN) LIB('DALBREC.DEV.LOADLIB')\nDSN\n  END\nREADY\nEND"),
               code=1)
        t.say("SQLCODE -805 on the first SELECT. The recompile gave the load module a new consistency token and the "
              "DDACOLL.DDAODR04 package on DBT1 wasn't rebound. Binding it from the new DBRM.")
        t.bash("bin/zrun jcl/util/BINDPKG.jcl MEM=DDAODR04", "Bind the DDAODR04 package",
               out=zrun_out("jcl/util/BINDPKG.jcl", "JOB05845", "DALBRECB", "2026-09-11", "13.41.02",
                            [("BIND", "", "00", "37", "405")], syms="MEM=DDAODR04"))
        t.bash("bin/zrun jcl/test/DDAODR4T.jcl", "Run the DDAODR04 test job again",
               out=zrun_out("jcl/test/DDAODR4T.jcl", "JOB05847", "DALBRECO", "2026-09-11", "13.42.18",
                            [("DEL000", "", "00", "9", "59"), ("ODR010", "", "00", "344", "3390")]))
        t.bash("cat build/spool/JOB05847/ODR010/SYSOUT.txt", "Show the fee counts",
               out="DDAODR04 START\nDDAODR04 OD DEBITS READ   000001284\nDDAODR04 FEES CHARGED     000001101\n"
                   "DDAODR04 FEES CAPPED      000000183")
        t.done("Cap is in and verified on DEV1.\n"
               "- The OD_FEE_PARM SELECT now also reads MAX_PER_DAY into HV-MAX-PER-DAY (S9(4) COMP for SMALLINT). "
               "2000-ASSESS only charges while WS-FEES-TODAY < the cap; otherwise it counts the debit in "
               "WS-CAP-CNT (new IF closed with END-IF).\n"
               "- The first test run failed with SQLCODE -805 until the package was bound (`BINDPKG MEM=DDAODR04`).\n"
               "- Test day: 1,284 overdraft debits, 1,101 fees charged, 183 capped.")

        t = d.task("how many accounts have an active hold right now? ACCT_HOLD on DBT1, HOLD_END_DATE >= today. "
                   "(DBT1 was supposed to go down at 2 for the PTF window, maybe it already has)", tags=["unfixed:U2"])
        t.fail("zowe db2 execute sql --query \"SELECT COUNT(*) AS ACTIVE_HOLDS FROM DDATEST.ACCT_HOLD WHERE "
               "HOLD_END_DATE >= CURRENT DATE\"", "Count active holds on DBT1",
               "Command Error:\n[IBM][CLI Driver] SQL30081N  A communication error has been detected. Communication "
               "protocol being used: \"TCP/IP\".  Communication API being used: \"SOCKETS\".  Location where the error "
               "was detected: \"10.40.2.21\".  Communication function detecting the error: \"connect\".  Protocol "
               "specific error code(s): \"111\", \"*\", \"*\".  SQLSTATE=08001")
        t.done("It has: SQL30081N, connection refused (errno 111) on DBT1's DRDA port at 10.40.2.21. The subsystem is "
               "down for the PTF window. Nothing to do from here, so I'm leaving it. The query to run once DBT1 is "
               "back:\n`SELECT COUNT(*) AS ACTIVE_HOLDS FROM DDATEST.ACCT_HOLD WHERE HOLD_END_DATE >= CURRENT DATE`")

    # ================= S10 =================
    with d.session("2026-09-15T09:45:00", E, branch="main", version="2.1.93"):
        pk = E + "/packed.py"
        lay = E + "/layout.py"
        cv = E + "/ebcdic2csv.py"
        tp = E + "/tests/test_packed.py"
        t = d.task("the extract is zoned with sign leading separate now (see DDAEXTR in dda-batch). teach the converter "
                   "that, then convert + reconcile LVB.TEST.DDA.EXTRACT.D260914", tags=["workflow:W3"])
        t.read(pk)
        t.edit(pk, """    if zone == 0x0D:
        value = -value
    return Decimal(value).scaleb(-scale)
""", """    if zone == 0x0D:
        value = -value
    return Decimal(value).scaleb(-scale)


def unzone_ls(raw: bytes, scale: int = 0, codepage: str = "cp037") -> Decimal:
    \"\"\"Zoned decimal with SIGN LEADING SEPARATE: a '+' or '-' byte, then plain digits.\"\"\"
    text = raw.decode(codepage)
    sign, digits = text[:1], text[1:]
    if sign not in ("+", "-") or not digits.isdigit():
        raise ValueError(f"invalid sign-leading-separate field X'{raw.hex().upper()}'")
    value = int(digits)
    return Decimal(-value if sign == "-" else value).scaleb(-scale)
""")
        t.read(lay)
        t.edit(lay, r'''PIC = re.compile(r"^\s*(\d\d)\s+([A-Z0-9-]+)\s+PIC\s+(\S+?)(\s+COMP-3)?\s*\.?\s*$")''',
               r'''PIC = re.compile(r"^\s*(\d\d)\s+([A-Z0-9-]+)\s+PIC\s+(\S+?)(\s+COMP-3)?"
                 r"(\s+SIGN\s+LEADING\s+SEPARATE)?\s*\.?\s*$")''')
        t.edit(lay, '''    kind: str      # "X", "9", "comp3", "zoned"''', '''    kind: str      # "X", "9", "comp3", "zoned", "zoned_ls"''')
        t.edit(lay, '''            level, name, pic, comp3 = m.groups()
            digits, scale, signed, first = _size(pic)
            if comp3:
                cur.append(("comp3", name, digits // 2 + 1, scale))
''', '''            level, name, pic, comp3, lead_sep = m.groups()
            digits, scale, signed, first = _size(pic)
            if comp3:
                cur.append(("comp3", name, digits // 2 + 1, scale))
            elif lead_sep:
                cur.append(("zoned_ls", name, digits + 1, scale))
''')
        t.read(cv)
        t.edit(cv, "from packed import unpack_comp3, unzone\n", "from packed import unpack_comp3, unzone, unzone_ls\n")
        t.edit(cv, """    if field.kind == "zoned":
        return unzone(raw, field.scale)
""", """    if field.kind == "zoned":
        return unzone(raw, field.scale)
    if field.kind == "zoned_ls":
        return unzone_ls(raw, field.scale, codepage)
""")
        t.read(tp)
        t.edit(tp, "from packed import unpack_comp3, unzone\n", "from packed import unpack_comp3, unzone, unzone_ls\n")
        t.edit(tp, """

if __name__ == "__main__":""", """

class LeadingSeparateTests(unittest.TestCase):
    def test_negative(self):
        self.assertEqual(unzone_ls("-000000000003412".encode("cp037"), 2), Decimal("-34.12"))

    def test_positive(self):
        self.assertEqual(unzone_ls("+0000000000000".encode("cp037"), 6), Decimal("0E-6"))

    def test_missing_sign(self):
        with self.assertRaises(ValueError):
            unzone_ls("0000000000003412".encode("cp037"), 2)


if __name__ == "__main__":""")
        tests = [("LeadingSeparateTests", m) for m in ("test_missing_sign", "test_negative", "test_positive")] + \
                [("PackedTests", m) for m in ("test_bad_nibble", "test_negative", "test_positive",
                                               "test_text_mode_damage", "test_unsigned_f")] + \
                [("ZonedTests", m) for m in ("test_overpunch_negative", "test_overpunch_positive")]
        ut = "\n".join(f"{m} (tests.test_packed.{c}.{m}) ... ok" for c, m in tests)
        t.bash("python3 -m unittest -v", "Run the unit tests",
               err=ut + f"\n\n{'-' * 70}\nRan {len(tests)} tests in 0.002s\n\nOK")
        t.bash("zowe zos-files download data-set \"LVB.TEST.DDA.EXTRACT.D260914\" --binary -f data/raw/extract_0914.ebc",
               "Download the 0914 extract in binary", out=download_ok("data/raw/extract_0914.ebc"))
        t.bash("python3 ebcdic2csv.py --layout ../dda-batch/copybooks/DDAEXTR.cpy data/raw/extract_0914.ebc "
               "-o data/csv/extract_0914.csv", "Convert it with the new layout",
               out=conv_out("../dda-batch/copybooks/DDAEXTR.cpy", 13, 120, "data/raw/extract_0914.ebc", 47017, 0,
                            47016, 1, "data/csv/extract_0914.csv"))
        t.bash("python3 reconcile.py data/csv/extract_0914.csv", "Reconcile against the trailer",
               out=recon_out("EXT-LEDGER-BAL", 47016, "1812960441.07", "data/csv/extract_0914.csv"))
        t.done("Converter handles the new layout, and the 0914 extract reconciles.\n"
               "- `layout.py` recognises `SIGN LEADING SEPARATE` (length = digits + 1, kind `zoned_ls`). "
               "`packed.unzone_ls()` decodes the sign byte + digits and rejects a missing sign. `ebcdic2csv.decode()` "
               "dispatches to it. Three new unit tests; all 10 pass.\n"
               "- extract_0914: LRECL 120, 47,016 rows, count and ledger hash (1,812,960,441.07) match the trailer.")

        t = d.task("jenkins build #214 of dda-batch develop went red overnight, what happened? just tell me, don't "
                   "change anything", tags=["noise", "long_output"])
        t.bash("curl -s --netrc https://jenkins.lvb.internal/job/dda-batch/job/develop/214/consoleText | tail -n 40",
               "Tail of the build 214 console log",
               out="""[2026-09-15T02:13:58.204Z] + ci/compile-changed.sh
[2026-09-15T02:13:58.311Z] compile-changed: 2 program(s) changed since 7e0c5b1: DDAFEE02 DDAODR04
[2026-09-15T02:13:58.312Z] zrun: submitting jcl/build/IGYCL.jcl (MEM=DDAFEE02)
[2026-09-15T02:14:41.907Z]                     J E S 2  J O B  L O G  --  S Y S T E M  D E V 1  --  N O D E  L V B D E V 1
[2026-09-15T02:14:41.907Z] 0
[2026-09-15T02:14:41.907Z]  02.14.03 JOB06012 ---- TUESDAY,   15 SEP 2026 ----
[2026-09-15T02:14:41.907Z]  02.14.03 JOB06012  $HASP373 LVBCIC   STARTED - INIT 5    - CLASS A        - SYS DEV1
[2026-09-15T02:14:41.908Z]  02.14.04 JOB06012  -LVBCIC   CL       COBOL       00    604    .00    .00    .00   4088   0      0      0      0     0
[2026-09-15T02:14:41.908Z]  02.14.04 JOB06012  -LVBCIC   CL       LKED        00     87    .00    .00    .00    799   0      0      0      0     0
[2026-09-15T02:14:41.908Z]  02.14.04 JOB06012  $HASP395 LVBCIC   ENDED - RC=0000
[2026-09-15T02:14:41.909Z] zrun: JOB06012 LVBCIC ended CC 0000 - spool in build/spool/JOB06012
[2026-09-15T02:14:41.915Z] zrun: submitting jcl/build/IGYDB2CL.jcl (MEM=DDAODR04)
[2026-09-15T02:15:30.552Z]  02.14.49 JOB06013  -LVBCIC   CL       COBOL       04    799    .00    .00    .00   5530   0      0      0      0     0
[2026-09-15T02:15:30.552Z]  02.14.49 JOB06013  -LVBCIC   CL       LKED        00     88    .00    .00    .00    801   0      0      0      0     0
[2026-09-15T02:15:30.553Z]  02.14.49 JOB06013  $HASP395 LVBCIC   ENDED - RC=0004
[2026-09-15T02:15:30.553Z] zrun: JOB06013 LVBCIC ended CC 0004 - spool in build/spool/JOB06013
[Pipeline] }
[Pipeline] // withCredentials
[Pipeline] }
[Pipeline] // stage
[Pipeline] stage
[Pipeline] { (Declarative: Post Actions)
[Pipeline] archiveArtifacts
[2026-09-15T02:15:30.871Z] Archiving artifacts
[2026-09-15T02:16:52.884Z] ERROR: Step ‘Archive the artifacts’ failed: java.io.IOException: Failed to copy /var/lib/jenkins/workspace/dda-batch_develop/build/spool/JOB05121/CL/SYSPRINT.txt to /var/lib/jenkins/jobs/dda-batch/branches/develop/builds/214/archive/build/spool/JOB05121/CL/SYSPRINT.txt
[2026-09-15T02:16:52.885Z] 	at hudson.FilePath.copyTo(FilePath.java:2641)
[2026-09-15T02:16:52.885Z] 	at hudson.tasks.ArtifactArchiver.perform(ArtifactArchiver.java:253)
[2026-09-15T02:16:52.886Z] Caused by: java.nio.file.FileSystemException: /var/lib/jenkins/jobs/dda-batch/branches/develop/builds/214/archive/build/spool/JOB05121/CL/SYSPRINT.txt: No space left on device
[2026-09-15T02:16:52.886Z] 	at java.base/sun.nio.fs.UnixException.translateToIOException(UnixException.java:100)
[2026-09-15T02:16:52.886Z] 	at java.base/sun.nio.fs.UnixFileSystemProvider.newByteChannel(UnixFileSystemProvider.java:261)
[2026-09-15T02:16:52.887Z] 	at java.base/java.nio.file.Files.newOutputStream(Files.java:482)
[2026-09-15T02:16:52.887Z] 	... 14 more
[Pipeline] }
[Pipeline] // stage
[Pipeline] }
[Pipeline] // withEnv
[Pipeline] }
[Pipeline] // node
[Pipeline] End of Pipeline
ERROR: Failed to copy /var/lib/jenkins/workspace/dda-batch_develop/build/spool/JOB05121/CL/SYSPRINT.txt
Finished: FAILURE""")
        t.done("The code is fine: tests passed and both DEV1 compiles ended RC 0 / RC 4. The build went red in the "
               "post step, on the spool archiving I added on the 27th. The Jenkins controller ran out of disk (`No space "
               "left on device`) while copying `build/spool/**`.\n"
               "The reason: the workspace is never cleaned, so `build/spool` still holds every job since then (JOB05121 "
               "is from 30 August), and each build archives all of it again, full compile listings included. Two "
               "options, for when you want them: archive only this build's job ids, or clean `build/spool` at the "
               "start of the build and add a `buildDiscarder` that keeps artifacts for the last ~10 builds. Someone "
               "also has to free space on the controller.")

        t = d.task("write me one paragraph I can paste to the cloud team on why a text-mode transfer wrecks COMP-3 "
                   "fields", tags=["noise", "no_tools"])
        t.done("A COMP-3 (packed decimal) field isn't text: each byte holds two decimal digits, and the last half-byte "
               "is the sign, so +45.99 in a 7-byte field is the bytes X'00 00 00 00 04 59 9C'. A text-mode transfer "
               "(FTP ASCII, or a z/OSMF/Zowe download without --binary) runs every byte through an EBCDIC-to-ASCII "
               "table meant for characters. X'40' (an EBCDIC space) becomes X'20', X'9C' becomes something else, "
               "and so on, so the digits and the sign are rewritten into nonsense. Record boundaries are also replaced "
               "by line ends, and a packed byte that happens to look like a newline splits the record. Nothing "
               "downstream can undo that. Packed files have to be moved in binary and decoded by a program that knows "
               "the layout, which is why we now send the extract with zoned, sign-leading-separate amounts that are "
               "plain characters.")

        rd = E + "/README.md"
        t = d.task("update the README step 2 so nobody wonders whether zoned layouts work", tags=["noise"])
        t.read(rd)
        t.edit(rd, "2. convert: `python3 ebcdic2csv.py --layout <copybook> data/raw/<name>.ebc -o data/csv/<name>.csv`\n",
               "2. convert: `python3 ebcdic2csv.py --layout <copybook> data/raw/<name>.ebc -o data/csv/<name>.csv`\n"
               "   (the layout may use PIC X, 9, S9 DISPLAY with an overpunched sign, COMP-3, and\n"
               "   S9 ... SIGN LEADING SEPARATE; no OCCURS or REDEFINES inside a record)\n")
        t.done("README step 2 now lists the supported field types: PIC X, 9, S9 DISPLAY with an overpunched sign, "
               "COMP-3, and SIGN LEADING SEPARATE. It also states the limitation (no OCCURS/REDEFINES inside a "
               "record).")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "New test JCL for a program that exists only in the developer's load library "
                            "(DALBREC.DEV.LOADLIB, where IGYCL links it) is written without that library in the "
                            "program search order: no STEPLIB at all (DDAREC03), a STEPLIB copied from the QA nightly "
                            "with only LVB.TEST.LOADLIB (DDAEXT05), a JOBLIB copied from the prod weekly with only "
                            "LVB.PROD.LOADLIB (DDAPURG). The step abends S806-04.",
             "error_signature": "CSV003I REQUESTED MODULE <pgm> NOT FOUND / CSV028I ABEND806-04 / IEA995I … SYSTEM "
                                "COMPLETION CODE=806 REASON CODE=00000004 / IEF450I … ABEND=S806 / $HASP395 … ENDED - "
                                "ABEND=S806 in the JESMSGLG printed by bin/zrun (exit 2)",
             "fix": "Put DALBREC.DEV.LOADLIB first in the step's STEPLIB (or the JOBLIB), followed by LVB.TEST.LOADLIB, "
                    "and submit the same test job again.",
             "fix_command_markers": [["DALBREC.DEV.LOADLIB"]],
             "harmful_markers": ["copy data-set", "PROD.LOADLIB(", "LNKLST"]},
            {"id": "M2",
             "description": "A GnuCOBOL build of a batch program is run by hand outside the test harness without "
                            "mapping its DD names: input piped on stdin (DDAFEE02), file names passed as arguments "
                            "(DDAREC03), files named after the DD with an extension (DDAEXT05). libcob resolves "
                            "`ASSIGN TO <ddname>` only through DD_<ddname> / dd_<ddname> / <ddname> environment "
                            "variables, else a file literally named <ddname>, so the first OPEN fails.",
             "error_signature": "libcob: cobol/<pgm>.cbl:<line>: error: file does not exist (status = 35) for file "
                                "<fd> ('<DDNAME>') on OPEN (exit 1)",
             "fix": "Run the same program again with every DD mapped through environment variables "
                    "(DD_CTLCARD=… DD_ACCTIN=… DD_FEEOUT=… …), control card as an 80-byte record.",
             "fix_command_markers": [["DD_"]],
             "harmful_markers": ["SELECT OPTIONAL", "ASSIGN TO '", "ASSIGN TO \""]},
            {"id": "M3",
             "description": "A DB2 program (DDAINT01, DDASTMT1, DDAODR04) is changed, precompiled/compiled/linked on "
                            "DEV1 with IGYDB2CL and its test job run straight away; the load module has a new "
                            "consistency token but the package in DDACOLL on DBT1 was bound from the old DBRM, so the "
                            "first SQL statement fails and the program ends RC 12.",
             "error_signature": "DSNT408I SQLCODE = -805, ERROR:  DBRM OR PACKAGE NAME LVBDBT1.DDACOLL.<pgm>.<token> "
                                "NOT FOUND IN PLAN DDAPLAN. REASON 03 (+ DSNT418I SQLSTATE = 51002), step RC 12, "
                                "bin/zrun exit 1",
             "fix": "Bind the package from the new DBRM first (`bin/zrun jcl/util/BINDPKG.jcl MEM=<pgm>`, DSNT232I "
                    "SUCCESSFUL BIND), then run the same test job again.",
             "fix_command_markers": [["BINDPKG"]],
             "harmful_markers": ["FREE PACKAGE", "REBIND PLAN"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`zowe zos-files upload file-to-data-set copybooks/DDAEXTR.cpy "
                                        "\"DALBREC.DEV.COPYLIB(DDAEXTR)\"` → z/OSMF 500 `fwrite() error` / `EDC5003I "
                                        "Truncation of a record occurred during an I/O operation.`: a "
                                        f"{len(LONG_COMMENT)}-character comment line in a FB 80 library; comment "
                                        "split, same upload succeeds."},
            {"id": "O2", "description": "`make test PGM=DDAFEE02` → new case senior_half_fee FAIL, `FEE-AMT expected "
                                        "6.48, got 6.47`: COMPUTE without ROUNDED; ROUNDED added, same make test "
                                        "passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`zowe zos-files download data-set \"LVB.PROD.DDA.ACCTMAST.D260902\" --binary …` "
                                        "→ `LMOPEN error` / `ISRZ002 Authorization failed - You may not use this "
                                        "protected data set. Open 913 abend.`: no RACF READ on production data; needs "
                                        "an access request, not a workaround."},
            {"id": "U2", "description": "`zowe db2 execute sql --query \"SELECT COUNT(*) … ACCT_HOLD …\"` → `SQL30081N "
                                        "A communication error has been detected … \"connect\" … \"111\" … "
                                        "SQLSTATE=08001`: DBT1 is down for the PTF maintenance window."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`zowe zos-files download data-set \"LVB.TEST.DDA.TXNHIST.D260824\" --binary -f "
                                        "…` → `http(s) request error event called` / `Error: read ECONNRESET`; the "
                                        "identical retry works."},
        ],
        workflows=[
            {"id": "W1", "description": "Local change loop: edit cobol/ or copybooks/ (new case under tests/cases/<pgm>/ "
                                        "with acctin.csv + expected/*.csv, built with tests/mkrec.py) → `make test "
                                        "PGM=<pgm>` (cobc -std=ibm + tests/run.sh) → `git commit -m \"DDAMOD-nnn …\"`.",
             "step_markers": [["make test PGM="], ["git commit"]]},
            {"id": "W2", "description": "DEV1 verification: `zowe zos-files upload file-to-data-set cobol/<pgm>.cbl "
                                        "\"DALBREC.DEV.COBOL(<pgm>)\"` → `bin/zrun jcl/build/IGYCL.jcl` (or IGYDB2CL) "
                                        "`MEM=<pgm>` → `bin/zrun jcl/test/<pgm>T.jcl` → read the step's SYSOUT from "
                                        "build/spool/<jobid>/.",
             "step_markers": [["upload file-to-data-set"], ["jcl/build/"], ["jcl/test/"]]},
            {"id": "W3", "description": "Extract for the data platform (ebcdic-tools): `zowe zos-files download "
                                        "data-set \"<DSN>\" --binary -f data/raw/<name>.ebc` → `python3 ebcdic2csv.py "
                                        "--layout ../dda-batch/copybooks/<layout>.cpy …` → `python3 reconcile.py "
                                        "data/csv/<name>.csv` (count + ledger hash against the trailer).",
             "step_markers": [["zos-files download data-set"], ["--binary"], ["ebcdic2csv.py"], ["reconcile.py"]]},
        ],
        preferences=[
            {"id": "P1", "description": "COBOL is written with explicit scope terminators (END-IF, END-READ, "
                                        "END-COMPUTE, END-EVALUATE …); a period only ends the paragraph, never closes "
                                        "an IF.",
             "markers": [["END-IF"]]},
            {"id": "P2", "description": "ebcdic-tools stays Python standard library only (no pandas); it runs on the "
                                        "bare python3 of the Jenkins agent.",
             "markers": [["stdlib"], ["pandas"]]},
            {"id": "P3", "description": "Amount fields in the new data-platform extract layout (DDAEXTR) packed as "
                                        "COMP-3 like the master (T08), later reversed: zoned `S9(n)V99 SIGN LEADING "
                                        "SEPARATE`, no COMP-3, because the cloud loader can't read packed (T25).",
             "markers": [["COMP-3"]],
             "reversal_markers": [["SIGN LEADING SEPARATE"], ["zoned"]]},
        ],
        probes=[
            {"prompt": "DDAHIST6 test job died right away, JESMSGLG says CSV003I REQUESTED MODULE DDAHIST6 NOT FOUND then "
                       "CSV028I ABEND806-04  JOBNAME=DALBRECH  STEPNAME=HST010. the compile said RC 0?? what gives",
             "wanted": ["M1"]},
            {"prompt": "DDACLOS7 (dormant account closer) is compiled into my dev loadlib now. write a test job for it "
                       "in jcl/test against LVB.TEST.DDA.ACCTMAST and run it on DEV1.",
             "wanted": ["M1"]},
            {"prompt": "ran DDAODR04's local cobc build from /tmp/odr and got libcob: cobol/DDAODR04.cbl:57: error: file "
                       "does not exist (status = 35) for file OD-TRANS ('ODTRANS') on OPEN. the file is right there in "
                       "the folder, odtrans.dat",
             "wanted": ["M2"]},
            {"prompt": "there's a purge sample in data/samples/purge_0915.dat. build DDAPURG locally and run it against "
                       "that, tell me how many accounts it would purge",
             "wanted": ["M2"]},
            {"prompt": "DDAHOLD4 test job on DEV1 ended CC 0012, SYSOUT has DSNT408I SQLCODE = -805, ERROR:  DBRM OR "
                       "PACKAGE NAME LVBDBT1.DDACOLL.DDAHOLD4.18805F1C3A9B0E27 NOT FOUND IN PLAN DDAPLAN. REASON 03. I "
                       "only touched the WHERE clause and recompiled",
             "wanted": ["M3"]},
            {"prompt": "add the branch number to the ORDER BY of DDASTMT1's statement cursor, recompile it on DEV1 and "
                       "run the cycle 05 test job again",
             "wanted": ["M3"]},
            {"prompt": "PDS vs PDSE for the new DDA libraries we're allocating, any reason to stay on PDS?",
             "wanted": []},
            {"prompt": "add a docstring example to unpack_comp3 in packed.py showing a negative value",
             "wanted": []},
            {"prompt": "what does NUMPROC(NOPFD) vs NUMPROC(PFD) mean for our packed fields, in two sentences",
             "wanted": []},
            {"prompt": "draft a short Jira comment for DDAMOD-170 telling QA the overdraft cap is on DEV1 and ready to "
                       "test",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "cobol-zos.jsonl"), os.path.join(HERE, "tune", "cobol-zos.labels.json"))
    print(f"cobol-zos -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
