"""r-pkg: Dmitri, a biostatistician maintaining the CRAN package `survtools` (survival analysis helpers).

Stack: R 4.6 package with renv (project library, lockfile), devtools (document / test / check / install),
testthat 3 (edition 3, snapshot tests, vdiffr figures), roxygen2 (markdown), R CMD build / R CMD check
--as-cran, rcmdcheck, pkgdown (GitHub Pages), lintr + styler, a Quarto validation report in analysis/
(knitr engine, typst PDF, later self-contained HTML), GitHub + gh, win-builder, CRAN.

Written blind for fresh/ (see r-pkg.md); measured once held out (round 8), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "dmitri"
R = "/home/dmitri/src/survtools"
MODEL = "claude-opus-4-6"
GH = "https://github.com/dvolkov/survtools"
RLIB = R + "/renv/library/linux-ubuntu-noble/R-4.6/x86_64-pc-linux-gnu"
W = 80

# own RNG for hashes / timings so the Dev RNG stays untouched
HX = random.Random(20261005)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


def tmpname(prefix):
    return prefix + "".join(HX.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
                            for _ in range(6))


def line_of(text, needle):
    return text[:text.index(needle)].count("\n") + 1


# ---------------------------------------------------------------- output helpers

def rule(title=None, line=1, width=W):
    ch = "═" if line == 2 else "─"
    if not title:
        return ch * width
    head = f"{ch}{ch} {title} "
    return head + ch * (width - len(head))


def header_line(left, right, width=W):
    """rcmdcheck's cat_head(): '── left ──…── right ────'."""
    left = f" {left} "
    right = f" {right} "
    nd = width - len(left) - len(right)
    dashes = "─" * nd
    return dashes[:2] + left + dashes[2:nd - 4] + right + dashes[nd - 4:]


def pretty_sec(s):
    if s < 60:
        return f"{s:.1f}s"
    m = int(s // 60)
    return f"{m}m {s - 60 * m:.1f}s"


def dur(ms):
    return f"({ms}ms)" if ms < 1000 else f"({ms / 1000:.1f}s)".replace(".0s", "s")


def df_print(cols, rows, indent=""):
    """print(data.frame(...), row.names = FALSE): leading space, right-justified columns."""
    widths = [max(len(c), *(len(str(r[i])) for r in rows)) for i, c in enumerate(cols)]
    lines = [" " + " ".join(c.rjust(w) for c, w in zip(cols, widths))]
    lines += [" " + " ".join(str(v).rjust(w) for v, w in zip(r, widths)) for r in rows]
    return "\n".join(indent + l for l in lines)


def renv_header(label):
    n = max(78 - len(label) - 1 - 2, 8)
    return f"# {label} " + "-" * n


ENV_BUILD = """Setting env vars:
• CFLAGS    : -Wall -pedantic -fdiagnostics-color=always
• CXXFLAGS  : -Wall -pedantic -fdiagnostics-color=always
• CXX11FLAGS: -Wall -pedantic -fdiagnostics-color=always
• CXX14FLAGS: -Wall -pedantic -fdiagnostics-color=always
• CXX17FLAGS: -Wall -pedantic -fdiagnostics-color=always
• CXX20FLAGS: -Wall -pedantic -fdiagnostics-color=always"""

ENV_CHECK = """Setting env vars:
• _R_CHECK_CRAN_INCOMING_REMOTE_               : FALSE
• _R_CHECK_CRAN_INCOMING_                      : FALSE
• _R_CHECK_FORCE_SUGGESTS_                     : FALSE
• _R_CHECK_PACKAGES_USED_IGNORE_UNUSED_IMPORTS_: FALSE
• NOT_CRAN                                     : true"""

R_VERSION = "4.6.1 (2026-06-24)"
COMPILED_BY = ["gcc (Ubuntu 13.3.0-6ubuntu2~24.04) 13.3.0", "GNU Fortran (Ubuntu 13.3.0-6ubuntu2~24.04) 13.3.0"]
RUNNING_UNDER = "Ubuntu 24.04.3 LTS"


def pkgbuild_lines(version, vignettes=True, prefix_ok="✔  ", prefix_info="─  "):
    lines = [rule("R CMD build"),
             f"{prefix_ok}checking for file ‘{R}/DESCRIPTION’ ...",
             f"{prefix_info}preparing ‘survtools’:",
             f"{prefix_ok}checking DESCRIPTION meta-information ..."]
    if vignettes:
        lines += [f"{prefix_info}installing the package to build vignettes",
                  f"{prefix_ok}creating vignettes ({HX.randint(60, 110) / 10:.1f}s)"]
    lines += [f"{prefix_info}checking for LF line-endings in source and make files and shell scripts",
              f"{prefix_info}checking for empty or unneeded directories",
              f"{prefix_info}building ‘survtools_{version}.tar.gz’",
              "   "]
    return lines


# canonical list of R CMD check steps for this pure-R package (R 4.6): (text, dots, timing-ms or None)
CHECK_STEPS = [
    ("checking package namespace information", True, None),
    ("checking package dependencies", False, 1200),
    ("checking if this is a source package", True, None),
    ("checking if there is a namespace", False, None),
    ("checking for executable files", True, None),
    ("checking for hidden files and directories", True, None),
    ("checking for portable file names", True, None),
    ("checking for sufficient/correct file permissions", False, None),
    ("checking whether package ‘survtools’ can be installed", False, 5100),
    ("checking installed package size", True, None),
    ("checking package directory", False, None),
    ("checking for future file timestamps", False, 610),
    ("checking ‘build’ directory", False, None),
    ("checking DESCRIPTION meta-information", True, None),
    ("checking top-level files", False, None),
    ("checking for left-over files", False, None),
    ("checking index information", True, None),
    ("checking package subdirectories", True, None),
    ("checking code files for non-ASCII characters", True, None),
    ("checking R files for syntax errors", True, None),
    ("checking whether the package can be loaded", False, 770),
    ("checking whether the package can be loaded with stated dependencies", False, 700),
    ("checking whether the package can be unloaded cleanly", False, 700),
    ("checking whether the namespace can be loaded with stated dependencies", False, 690),
    ("checking whether the namespace can be unloaded cleanly", False, 745),
    ("checking loading without being on the library search path", False, 800),
    ("checking dependencies in R code", False, 1400),
    ("checking S3 generic/method consistency", False, 850),
    ("checking replacement functions", False, 700),
    ("checking foreign function calls", False, 735),
    ("checking R code for possible problems", False, 4200),
    ("checking Rd files", True, None),
    ("checking Rd metadata", True, None),
    ("checking Rd line widths", True, None),
    ("checking Rd cross-references", True, None),
    ("checking for missing documentation entries", False, 780),
    ("checking for code/documentation mismatches", False, 1900),
    ("checking Rd \\usage sections", False, 1000),
    ("checking Rd contents", True, None),
    ("checking for unstated dependencies in examples", True, None),
    ("checking installed files from ‘inst/doc’", True, None),
    ("checking files in ‘vignettes’", True, None),
    ("checking examples", False, 3800),
    ("checking for unstated dependencies in ‘tests’", True, None),
    ("TESTS", False, 21000),
    ("checking for unstated dependencies in vignettes", True, None),
    ("checking package vignettes", True, None),
    ("checking re-building of vignette outputs", False, 6200),
    ("checking for non-standard things in the check directory", False, None),
    ("checking for detritus in the temp directory", False, None),
]

NON_ASCII_TEXT = """Found the following {what} with non-ASCII characters:
{files}
Portable packages must use only ASCII characters in their R code and
NAMESPACE directives, except perhaps in comments.
Use \\uxxxx escapes for other characters.
Function ‘tools::showNonASCIIfile’ can help in finding non-ASCII
characters in files."""


def non_ascii_detail(files):
    what = "file" if len(files) == 1 else "files"
    return NON_ASCII_TEXT.format(what=what, files="\n".join("  " + f for f in files))


def devtools_check_out(version, problems=None, secs=62.0, documenting=None, clock="2026-10-05 10:41:07",
                       tmpdir=None, tests_s=None, direct=False, manual=False):
    """Output of Rscript -e 'devtools::check()' (direct=False) or 'rcmdcheck::rcmdcheck(args = ...)'
    (direct=True): rcmdcheck's live lines + the results block.

    problems: {step text: (letter 'W'|'E'|'N', level 'WARNING'|'ERROR'|'NOTE', detail text)}.
    Returns (text, n_errors + n_warnings)."""
    problems = problems or {}
    tmpdir = tmpdir or f"/tmp/{tmpname('Rtmp')}/file{hx(12)}"
    out = []
    if not direct:
        out += [rule("Documenting", 2), "ℹ Updating survtools documentation", "ℹ Loading survtools"]
        out += documenting or []
        out += ["", rule("Building", 2), ENV_BUILD]
    out += pkgbuild_lines(version)
    if not direct:
        out += [rule("Checking", 2), ENV_CHECK]
    opts = "‘--no-manual --as-cran’" if not direct else ("‘--as-cran’" if manual else "‘--as-cran --no-manual’")
    out += [rule("R CMD check"),
            f"─  using log directory ‘{tmpdir}/survtools.Rcheck’",
            f"─  using R version {R_VERSION}",
            "─  using platform: x86_64-pc-linux-gnu",
            "─  R was compiled by"] + ["       " + c for c in COMPILED_BY] + [
            f"─  running under: {RUNNING_UNDER}",
            "─  using session charset: UTF-8",
            f"─  current time: {clock} UTC",
            f"─  using option{'s' if ' ' in opts else ''} {opts}",
            "✔  checking for file ‘survtools/DESCRIPTION’"]
    if direct:
        out.append("─  checking extension type ... Package")
    out += [f"─  this is package ‘survtools’ version ‘{version}’",
            "─  package encoding: UTF-8"]
    steps = list(CHECK_STEPS)
    if direct:
        steps.insert(0, ("checking CRAN incoming feasibility", False, 15200))
    if direct and manual:
        k = steps.index(("checking for non-standard things in the check directory", False, None))
        steps[k:k] = [("checking PDF version of manual", False, 1300),
                      ("checking PDF version of manual without index", False, 1100),
                      ("checking HTML version of manual", False, None)]
    for text, dots, ms in steps:
        if text == "TESTS":
            out.append("─  checking tests ...")
            t = tests_s or ms / 1000 * (0.9 + HX.random() * 0.2)
            out.append(f"✔  Running ‘testthat.R’ ({t:.1f}s)")
            continue
        if ms:
            ms = int(ms * (0.85 + HX.random() * 0.3))
        if text in problems:
            letter, _level, detail = problems[text]
            out.append(f"{letter}  {text}" + (f" {dur(ms)}" if ms else ""))
            out += ["   " + l if l else "   " for l in detail.split("\n")]
            continue
        out.append(f"✔  {text}" + (f" {dur(ms)}" if ms else (" ..." if dots else "")))
    out += ["   ", "   ", header_line("R CMD check results", f"survtools {version}"),
            f"Duration: {pretty_sec(secs)}", ""]
    n = {"ERROR": 0, "WARNING": 0, "NOTE": 0}
    for level in ("ERROR", "WARNING", "NOTE"):
        for text, (letter, lv, detail) in problems.items():
            if lv != level:
                continue
            n[lv] += 1
            out.append(f"❯ {text} ... {lv}")
            out += ["  " + l if l else "  " for l in detail.split("\n")]
            out.append("")

    def ent(k, name):
        if k == 0:
            return f"0 {name}s ✔"
        return f"{k} {name}{'s' if k > 1 else ''} ✖"
    out.append(f"{ent(n['ERROR'], 'error')} | {ent(n['WARNING'], 'warning')} | {ent(n['NOTE'], 'note')}")
    if n["ERROR"]:
        out += ["Error: R CMD check found ERRORs", "Execution halted"]
    elif n["WARNING"]:
        out += ["Error: R CMD check found WARNINGs", "Execution halted"]
    else:
        out += ["", "R CMD check succeeded"]
    return "\n".join(out), n["ERROR"] + n["WARNING"]


PDF_MANUAL_ERROR = """Re-running with no redirection of stdout/stderr.
Hmm ... looks like a package
Converting parsed Rd's to LaTeX ............
Creating pdf output from LaTeX ...
Error in texi2dvi(file = file, pdf = TRUE, clean = clean, quiet = quiet,  : 
  pdflatex is not available
Error in texi2dvi(file = file, pdf = TRUE, clean = clean, quiet = quiet,  : 
  pdflatex is not available
Error in running tools::texi2pdf()
You may want to clean up by 'rm -Rf /tmp/{tmp}/Rd2pdf{hexid}'"""

PDF_MANUAL_WARNING = """LaTeX errors when creating PDF version.
This typically indicates Rd problems."""


def rcmd_check_plain(version, tarball_dir, manual=True, incoming_note=None, remote=True, tests=None,
                     examples_s=(4, 4), vign_s=(7, 8), clock="2026-10-09 13:42:17"):
    """Plain `R CMD check --as-cran <tarball>` output. Returns (text, status line, exit code)."""
    out = [f"* using log directory ‘{tarball_dir}/survtools.Rcheck’",
           f"* using R version {R_VERSION}",
           "* using platform: x86_64-pc-linux-gnu",
           "* R was compiled by"] + ["    " + c for c in COMPILED_BY] + [
           f"* running under: {RUNNING_UNDER}",
           "* using session charset: UTF-8",
           f"* current time: {clock} UTC",
           "* using options ‘--as-cran’" if manual else "* using options ‘--as-cran --no-manual’",
           "* checking for file ‘survtools/DESCRIPTION’ ... OK",
           "* checking extension type ... Package",
           f"* this is package ‘survtools’ version ‘{version}’",
           "* package encoding: UTF-8"]
    notes = 0
    if incoming_note:
        a, b = (4, 16) if remote else (2, 3)
        out.append(f"* checking CRAN incoming feasibility ... [{a}s/{b}s] NOTE")
        out += incoming_note.split("\n")
        notes += 1
    else:
        a, b = (4, 15) if remote else (2, 3)
        out.append(f"* checking CRAN incoming feasibility ... [{a}s/{b}s] OK")
    for text, _dots, ms in CHECK_STEPS:
        if text == "checking ‘build’ directory":
            out.append(f"* {text} ... OK")
            continue
        if text == "TESTS":
            tt = tests or (22, 23)
            out += ["* checking tests ...", f"  Running ‘testthat.R’ [{tt[0]}s/{tt[1]}s]",
                    f" [{tt[0]}s/{tt[1]}s] OK"]
            continue
        if text == "checking examples":
            out.append(f"* {text} ... [{examples_s[0]}s/{examples_s[1]}s] OK")
            continue
        if text == "checking re-building of vignette outputs":
            out.append(f"* {text} ... [{vign_s[0]}s/{vign_s[1]}s] OK")
            continue
        if text == "checking R code for possible problems":
            out.append(f"* {text} ... [6s/6s] OK")
            continue
        if text == "checking for non-standard things in the check directory":
            if manual:
                out += ["* checking PDF version of manual ... WARNING"] + PDF_MANUAL_WARNING.split("\n")
                out += ["* checking PDF version of manual without index ... ERROR"]
                out += PDF_MANUAL_ERROR.format(tmp=tmpname("Rtmp"), hexid=hx(12)).split("\n")
                out += ["* checking HTML version of manual ... NOTE",
                        "Skipping checking HTML validation: no command 'tidy' found"]
                notes += 1
        out.append(f"* {text} ... OK")
    out.append("* DONE")
    if manual:
        status = f"Status: 1 ERROR, 1 WARNING, {notes} NOTE{'s' if notes != 1 else ''}"
    elif notes:
        status = f"Status: {notes} NOTE{'s' if notes != 1 else ''}"
    else:
        status = "Status: OK"
    out += ["", status, "See", f"  ‘{tarball_dir}/survtools.Rcheck/00check.log’", "for details.", ""]
    return "\n".join(out), status, 1 if manual else 0


def rcmd_build_plain(version):
    return "\n".join([
        f"* checking for file ‘./DESCRIPTION’ ... OK",
        "* preparing ‘survtools’:",
        "* checking DESCRIPTION meta-information ... OK",
        "* installing the package to build vignettes",
        "* creating vignettes ... OK",
        "* checking for LF line-endings in source and make files and shell scripts",
        "* checking for empty or unneeded directories",
        f"* building ‘survtools_{version}.tar.gz’"])


def install_log(version, via_devtools=True, quick=False):
    lines = []
    if via_devtools:
        tmp = tmpname("Rtmp")
        if not quick:
            lines += pkgbuild_lines(version, vignettes=False)
            lines += [f"Running /usr/lib/R/bin/R CMD INSTALL \\",
                      f"  /tmp/{tmp}/survtools_{version}.tar.gz --install-tests "]
        else:
            lines += [f"Running /usr/lib/R/bin/R CMD INSTALL {R} --install-tests \\",
                      "  --no-docs --no-multiarch --no-demo "]
    lines += [f"* installing to library ‘{RLIB}’",
              "* installing *source* package ‘survtools’ ...",
              f"** this is package ‘survtools’ version ‘{version}’",
              "** using staged installation",
              "** R",
              "** inst"]
    if via_devtools:
        lines.append("** tests")
    lines.append("** byte-compile and prepare package for lazy loading")
    if not quick:
        lines += ["** help", "*** installing help indices", "*** copying figures", "** building package indices"]
    lines += ["** testing if installed package can be loaded from temporary location",
              "** testing if installed package can be loaded from final location",
              "** testing if installed package keeps a record of temporary installation path",
              "* DONE (survtools)"]
    return "\n".join(lines)


def test_out(n_pass, warns=(), fails=(), n_skip=0):
    """testthat 3.3 LlmReporter (used automatically under Claude Code): issues as they occur + summary."""
    out = []
    for kind, loc, msg in list(fails) + list(warns):
        header = f"{kind}: '{loc}'"
        out.append(header + " " + "-" * max(50 - len(header), 10))
        out.append(msg)
        out.append("")
    out.append(f"[ FAIL {len(fails)} | WARN {len(warns)} | SKIP {n_skip} | PASS {n_pass} ]")
    return "\n".join(out)


def document_err(writes, loading=True):
    lines = ["ℹ Updating survtools documentation"]
    if loading:
        lines.append("ℹ Loading survtools")
    lines += [f"Writing '{w}'" for w in writes]
    return "\n".join(lines)


def styler_out(files, changed=()):
    width = max(len(f) for f in files)
    lines = [f"Styling  {len(files)}  files:"]
    for f in files:
        mark = "ℹ" if f in changed else "✔"
        lines.append(f" {f}{' ' * (width - len(f) + 1)} {mark} ")
    rw = max(40, width)
    lines += ["─" * rw, "Status\tCount\tLegend ",
              f"✔ \t{len(files) - len(changed)}\tFile unchanged.",
              f"ℹ \t{len(changed)}\tFile changed.",
              "✖ \t0\tStyling threw an error.",
              "─" * rw]
    if changed:
        lines.append("Please review the changes carefully!")
    return "\n".join(lines)


def commit_out(branch, msg, nfiles, ins, dels, creates=(), sha=None):
    c = sha or hx(7)
    lines = [f"[{branch} {c}] {msg}"]
    parts = [f" {nfiles} file{'s' if nfiles != 1 else ''} changed"]
    if ins:
        parts.append(f"{ins} insertion{'s' if ins != 1 else ''}(+)")
    if dels:
        parts.append(f"{dels} deletion{'s' if dels != 1 else ''}(-)")
    lines.append(", ".join(parts))
    lines += [f" create mode 100644 {p}" for p in creates]
    return c, "\n".join(lines)


def push_new(branch):
    return (f"remote: \nremote: Create a pull request for '{branch}' on GitHub by visiting:\n"
            f"remote:      {GH}/pull/new/{branch}\nremote: \n"
            f"To github.com:dvolkov/survtools.git\n * [new branch]      {branch} -> {branch}\n"
            f"branch '{branch}' set up to track 'origin/{branch}'.")


def pr_create_err(branch):
    return f"\nCreating pull request for {branch} into main in dvolkov/survtools\n"


def renv_update_out(pkg, old, new, dl_secs, install_note, install_secs):
    return "\n".join([
        "- Checking for updated packages ... Done!",
        "The following package(s) will be updated:",
        "",
        renv_header("CRAN"),
        f"- {pkg}   [{old} -> {new}]",
        "",
        renv_header("Downloading packages"),
        f"✔ {pkg + ' ' + new:<40}",
        f"Successfully downloaded 1 package in {dl_secs} seconds.",
        "",
        renv_header("Installing packages"),
        f"✔ {pkg + ' ' + new:<40} [{install_note}]",
        f"Successfully installed 1 package in {install_secs} seconds.",
    ])


def renv_snapshot_out(pkg, old, new):
    return "\n".join([
        "The following package(s) will be updated in the lockfile:",
        "",
        renv_header("CRAN"),
        f"- {pkg}   [{old} -> {new}]",
        "",
        f"- Lockfile written to \"{R}/renv.lock\"."])


QMD_HEADER_TYPST = """format:
  typst:
    toc: true
    papersize: a4
    margin:
      x: 2cm
      y: 2.5cm"""

QMD_HEADER_HTML = """format:
  html:
    embed-resources: true
    toc: true
    theme: cosmo
    fig-format: svg"""


def knitr_groups(qmd):
    """Split a .qmd into knitr groups: [(kind, label, start_line, end_line)]."""
    lines = qmd.split("\n")
    if lines and lines[-1] == "":
        lines = lines[:-1]
    groups = []
    i = 0
    text_start = 1
    n = len(lines)
    while i < n:
        if lines[i].startswith("```{r"):
            if i + 1 > text_start:
                groups.append(("text", "", text_start, i))
            start = i + 1
            label = ""
            j = i + 1
            while not lines[j].startswith("```"):
                if lines[j].startswith("#| label:"):
                    label = lines[j].split(":", 1)[1].strip()
                j += 1
            groups.append(("chunk", label, start, j + 1))
            i = j + 1
            text_start = i + 1
            continue
        i += 1
    if text_start <= n:
        groups.append(("text", "", text_start, n))
    return groups


def knitr_progress(groups, upto=None):
    total = len(groups)
    labels = [f" [{g[1]}]" if g[1] else "" for g in groups]
    width = max(len(s) for s in labels)
    out = []
    for i, s in enumerate(labels, 1):
        out.append(f"{i}/{total}{s}{' ' * (width - len(s))}")
        if upto is not None and i == upto:
            break
    return out


def quarto_ok(qmd, fmt, title):
    groups = knitr_groups(qmd)
    out = ["", "", "processing file: validation.qmd"] + knitr_progress(groups)
    out += ["output file: validation.knit.md", ""]
    if fmt == "typst":
        out += ["pandoc ", "  to: typst", "  output-file: validation.typ", "  standalone: true",
                "  default-image-extension: svg", "  ", "metadata", "  toc: true", "  papersize: a4",
                "  margin:", "    x: 2cm", "    y: 2.5cm", f"  title: '{title}'",
                "  subtitle: Comparison against survival and SAS PROC LIFETEST reference output",
                "  author: Dmitri Volkov", "  ",
                "[typst]: Compiling validation.typ to validation.pdf...DONE", "",
                "Output created: validation.pdf", ""]
    else:
        out += ["pandoc ", "  to: html", "  output-file: validation.html", "  standalone: true",
                "  embed-resources: true", "  section-divs: true", "  html-math-method: mathjax",
                "  wrap: none", "  default-image-extension: svg", "  toc: true", "  ",
                "metadata", "  document-css: false", "  link-citations: true", "  date-format: long",
                "  lang: en", "  theme: cosmo", f"  title: '{title}'",
                "  subtitle: Comparison against survival and SAS PROC LIFETEST reference output",
                "  author: Dmitri Volkov", "  ", "Output created: validation.html", ""]
    return "\n".join(out)


def quarto_fail(qmd, label, error_lines):
    groups = knitr_groups(qmd)
    idx = next(k for k, g in enumerate(groups, 1) if g[1] == label)
    g = groups[idx - 1]
    out = ["", "", "processing file: validation.qmd"] + knitr_progress(groups, upto=idx)
    out += error_lines
    out += ["", f"Quitting from validation.qmd:{g[2]}-{g[3]} [{label}]", "Execution halted"]
    return "\n".join(out)


# ---------------------------------------------------------------- the repository (virtual file system)

FILES = {}

FILES[P("DESCRIPTION")] = """Package: survtools
Title: Tidy Summaries and Checks for Survival Analyses in Clinical Trials
Version: 0.6.0.9000
Authors@R: c(
    person("Dmitri", "Volkov", , "dmitri.volkov@protonmail.com", role = c("aut", "cre"),
           comment = c(ORCID = "0000-0002-4417-8830")),
    person("Hanna", "Lindqvist", , "hanna.lindqvist@ki.se", role = "aut")
  )
Description: Helpers around the 'survival' package for the analyses that
    clinical trial reports keep asking for: Kaplan-Meier estimates at fixed
    times, median survival with confidence intervals, restricted mean
    survival time, hazard ratio tables, landmark estimates and Kaplan-Meier
    figures, returned as plain data frames that are easy to validate
    against reference output.
License: MIT + file LICENSE
URL: https://github.com/dvolkov/survtools,
    https://dvolkov.github.io/survtools/
BugReports: https://github.com/dvolkov/survtools/issues
Depends: 
    R (>= 4.1.0)
Imports: 
    cli (>= 3.6.0),
    ggplot2 (>= 3.5.0),
    rlang (>= 1.1.0),
    stats,
    survival (>= 3.5-0)
Suggests: 
    knitr,
    rmarkdown,
    survRM2,
    testthat (>= 3.0.0),
    vdiffr (>= 1.0.7)
VignetteBuilder: knitr
Config/testthat/edition: 3
Encoding: UTF-8
Roxygen: list(markdown = TRUE)
RoxygenNote: 7.3.3
"""

FILES[P("NAMESPACE")] = """# Generated by roxygen2: do not edit by hand

S3method(print,survtools_logrank)
export(cox_table)
export(km_plot)
export(km_summary)
export(landmark_km)
export(logrank_test)
export(rmst)
importFrom(rlang,.data)
importFrom(survival,Surv)
importFrom(survival,survfit)
"""

FILES[P("NEWS.md")] = """# survtools (development version)

* New `landmark_km()`: Kaplan-Meier estimates conditional on survival to a
  landmark time (@hlindqvist, #50).

# survtools 0.6.0

* `cox_table()` gains `exponentiate` and reports Wald confidence intervals
  (#41).
* `km_plot()` draws censoring marks by default (`censor_marks = TRUE`) (#39).
* `km_summary()` now extends the last estimate to requested times beyond the
  last event, like `summary(fit, extend = TRUE)` (#36).
* New `logrank_test()` returning the test as a one-row data frame (#33).

# survtools 0.5.1

* Fixed `rmst()` standard errors for stratified fits (#30).
"""

FILES[P("R/utils-checks.R")] = """# Input checks shared by the exported functions. All of them signal classed
# errors through cli so the messages look the same everywhere.

check_survfit <- function(fit, arg = rlang::caller_arg(fit), call = rlang::caller_env()) {
  if (!inherits(fit, "survfit")) {
    cli::cli_abort(
      "{.arg {arg}} must be a {.cls survfit} object, not {.obj_type_friendly {fit}}.",
      call = call
    )
  }
  invisible(fit)
}

check_times <- function(times, arg = rlang::caller_arg(times), call = rlang::caller_env()) {
  if (!is.numeric(times) || length(times) == 0 || anyNA(times) || any(times < 0)) {
    cli::cli_abort(
      "{.arg {arg}} must be a numeric vector of non-negative times.",
      call = call
    )
  }
  invisible(times)
}

check_conf_level <- function(conf_level, arg = rlang::caller_arg(conf_level),
                             call = rlang::caller_env()) {
  if (!is.numeric(conf_level) || length(conf_level) != 1 || is.na(conf_level) ||
    conf_level <= 0 || conf_level >= 1) {
    cli::cli_abort(
      "{.arg {arg}} must be a single number between 0 and 1, not {.val {conf_level}}.",
      call = call
    )
  }
  invisible(conf_level)
}

check_tau <- function(tau, arg = rlang::caller_arg(tau), call = rlang::caller_env()) {
  if (!is.numeric(tau) || length(tau) != 1 || is.na(tau) || tau <= 0) {
    cli::cli_abort("{.arg {arg}} must be a single positive number.", call = call)
  }
  invisible(tau)
}
"""

FILES[P("R/km.R")] = """#' Kaplan-Meier estimates at fixed times
#'
#' Survival probabilities with pointwise confidence intervals at the
#' requested times, one row per stratum and time.
#'
#' @param fit A `survfit` object from [survival::survfit()].
#' @param times Numeric vector of times at which to report the estimates.
#'
#' @return A data frame with columns `strata`, `time`, `n_risk`, `surv`,
#'   `lower` and `upper`. The confidence level and transformation are the
#'   ones `fit` was fitted with.
#' @export
#' @examples
#' fit <- survival::survfit(survival::Surv(time, status) ~ sex, data = survival::lung)
#' km_summary(fit, times = c(180, 365))
km_summary <- function(fit, times) {
  check_survfit(fit)
  check_times(times)

  s <- summary(fit, times = times, extend = TRUE)
  strata <- if (is.null(s$strata)) rep("All", length(s$time)) else as.character(s$strata)

  data.frame(
    strata = strata,
    time = s$time,
    n_risk = s$n.risk,
    surv = s$surv,
    lower = s$lower,
    upper = s$upper
  )
}
"""

FILES[P("R/rmst.R")] = """#' Restricted mean survival time
#'
#' Area under the Kaplan-Meier curve up to `tau` for each stratum of `fit`,
#' with the standard error that [survival::print.survfit()] reports for
#' `rmean`.
#'
#' @inheritParams km_summary
#' @param tau Truncation time.
#' @param conf_level Confidence level of the Wald intervals.
#'
#' @return A data frame with columns `strata`, `tau`, `rmst`, `se`, `lower`
#'   and `upper`.
#' @export
#' @examples
#' fit <- survival::survfit(survival::Surv(time, status) ~ sex, data = survival::lung)
#' rmst(fit, tau = 365)
rmst <- function(fit, tau, conf_level = 0.95) {
  check_survfit(fit)
  check_tau(tau)
  check_conf_level(conf_level)

  tab <- summary(fit, rmean = tau)$table
  if (is.null(dim(tab))) {
    tab <- t(tab)
    rownames(tab) <- "All"
  }
  z <- stats::qnorm(1 - (1 - conf_level) / 2)
  est <- unname(tab[, "rmean"])
  se <- unname(tab[, "se(rmean)"])

  data.frame(
    strata = rownames(tab),
    tau = tau,
    rmst = est,
    se = se,
    lower = est - z * se,
    upper = est + z * se,
    row.names = NULL
  )
}
"""

FILES[P("R/logrank.R")] = """#' Log-rank test as a data frame
#'
#' A thin wrapper around [survival::survdiff()] that returns the test
#' statistic, its degrees of freedom and the p-value as a one-row data frame.
#'
#' @param formula A formula with a [survival::Surv()] response and the
#'   grouping variable(s) on the right-hand side.
#' @param data A data frame.
#' @param rho Passed to [survival::survdiff()]; `0` (the default) is the
#'   log-rank test, `1` the Peto-Peto modification of the Gehan-Wilcoxon test.
#'
#' @return A one-row data frame of class `survtools_logrank` with columns
#'   `statistic`, `df`, `p_value` and `n_groups`.
#' @export
#' @examples
#' logrank_test(survival::Surv(time, status) ~ sex, data = survival::lung)
logrank_test <- function(formula, data, rho = 0) {
  sd <- survival::survdiff(formula, data = data, rho = rho)
  df <- length(sd$n) - 1L
  out <- data.frame(
    statistic = sd$chisq,
    df = df,
    p_value = stats::pchisq(sd$chisq, df = df, lower.tail = FALSE),
    n_groups = length(sd$n)
  )
  class(out) <- c("survtools_logrank", "data.frame")
  out
}

#' @export
print.survtools_logrank <- function(x, ...) {
  print(as.data.frame(unclass(x)), ...)
  invisible(x)
}
"""

FILES[P("R/plot-km.R")] = """#' Kaplan-Meier plot
#'
#' A `ggplot2` step plot of the Kaplan-Meier curves in `fit`, with optional
#' pointwise confidence bands and censoring marks.
#'
#' @inheritParams km_summary
#' @param conf_int Draw the confidence bands?
#' @param censor_marks Mark censored observations?
#' @param xlab,ylab Axis labels.
#'
#' @return A `ggplot` object.
#' @export
#' @examples
#' fit <- survival::survfit(survival::Surv(time, status) ~ sex, data = survival::lung)
#' km_plot(fit)
km_plot <- function(fit, conf_int = TRUE, censor_marks = TRUE,
                    xlab = "Time", ylab = "Survival probability") {
  check_survfit(fit)
  df <- km_curve_data(fit)

  p <- ggplot2::ggplot(df, ggplot2::aes(.data$time, .data$surv, colour = .data$strata)) +
    ggplot2::geom_step(linewidth = 0.6) +
    ggplot2::scale_y_continuous(limits = c(0, 1)) +
    ggplot2::labs(x = xlab, y = ylab, colour = NULL, fill = NULL) +
    ggplot2::theme_minimal(base_size = 11) +
    ggplot2::theme(legend.position = "bottom")

  if (conf_int) {
    p <- p + ggplot2::geom_ribbon(
      ggplot2::aes(ymin = .data$lower, ymax = .data$upper, fill = .data$strata),
      stat = "identity", alpha = 0.15, colour = NA,
      outline.type = "full"
    )
  }
  if (censor_marks) {
    p <- p + ggplot2::geom_point(
      data = df[df$n_censor > 0, , drop = FALSE],
      shape = 3, size = 1.5, show.legend = FALSE
    )
  }
  p
}

km_curve_data <- function(fit) {
  s <- summary(fit, censored = TRUE)
  strata <- if (is.null(s$strata)) factor(rep("All", length(s$time))) else s$strata
  start <- data.frame(
    time = 0, surv = 1, lower = 1, upper = 1, n_censor = 0,
    strata = levels(strata)
  )
  rbind(
    start,
    data.frame(
      time = s$time, surv = s$surv, lower = s$lower, upper = s$upper,
      n_censor = s$n.censor, strata = as.character(strata)
    )
  )
}
"""

FILES[P("R/landmark.R")] = """#' Landmark Kaplan-Meier estimates
#'
#' Kaplan-Meier estimates conditional on being alive and under follow-up at
#' the landmark time.
#'
#' @param data A data frame.
#' @param time,status,group Names of the time, status and grouping columns.
#' @param landmark The landmark time.
#' @param times Times after the landmark at which to report the estimates.
#'
#' @return A data frame like [km_summary()] with an extra `landmark` column.
#' @export
#' @examples
#' landmark_km(survival::lung, "time", "status", "sex", landmark = 90, times = c(180, 365))
landmark_km <- function(data, time, status, group, landmark, times) {
  check_tau(landmark, arg = "landmark")
  keep <- data[[time]] > landmark
  d <- data[keep, , drop = FALSE]
  d[[time]] <- d[[time]] - landmark
  f <- stats::as.formula(paste0("survival::Surv(", time, ", ", status, ") ~ ", group))
  fit <- survival::survfit(f, data = d)
  out <- km_summary(fit, times = times - landmark)
  out$time <- out$time + landmark
  out$landmark <- landmark
  out
}
"""

FILES[P("tests/testthat/helper-data.R")] = """# Shared fixtures. `lung` with a labelled sex factor so strata read
# "sex=male" / "sex=female" in the expectations.
lung <- survival::lung
lung$sex <- factor(lung$sex, levels = 1:2, labels = c("male", "female"))

fit_lung <- function(rhs = "1", ...) {
  f <- stats::as.formula(paste("survival::Surv(time, status) ~", rhs))
  survival::survfit(f, data = lung, ...)
}
"""

FILES[P("tests/testthat/test-km.R")] = """test_that("km_summary() matches summary.survfit()", {
  fit <- fit_lung("sex")
  res <- km_summary(fit, times = c(180, 365))
  s <- summary(fit, times = c(180, 365))
  expect_equal(res$surv, s$surv)
  expect_equal(res$lower, s$lower)
  expect_equal(res$upper, s$upper)
  expect_equal(res$n_risk, s$n.risk)
})

test_that("km_summary() labels unstratified fits as 'All'", {
  res <- km_summary(fit_lung(), times = 365)
  expect_equal(res$strata, "All")
})

test_that("km_summary() extends past the last event", {
  res <- km_summary(fit_lung(), times = 2000)
  expect_equal(nrow(res), 1)
  expect_false(is.na(res$surv))
})

test_that("km_summary() rejects bad input", {
  expect_snapshot(km_summary(lm(time ~ age, data = lung), 365), error = TRUE)
  expect_snapshot(km_summary(fit_lung(), times = -1), error = TRUE)
})
"""

FILES[P("tests/testthat/test-rmst.R")] = """test_that("rmst() matches survRM2 for one arm", {
  skip_if_not_installed("survRM2")
  fit <- fit_lung()
  res <- rmst(fit, tau = 365)
  ref <- survRM2::rmst2(lung$time, lung$status - 1, arm = rep(0, nrow(lung)), tau = 365)
  expect_equal(res$rmst, ref$RMST.arm0$rmst[["Est."]], tolerance = 1e-6)
  expect_equal(res$se, ref$RMST.arm0$rmst[["se"]], tolerance = 1e-6)
})

test_that("rmst() returns one row per stratum", {
  res <- rmst(fit_lung("sex"), tau = 365)
  expect_equal(res$strata, c("sex=male", "sex=female"))
  expect_true(all(res$lower < res$rmst & res$rmst < res$upper))
})

test_that("rmst() validates tau and conf_level", {
  expect_snapshot(rmst(fit_lung(), tau = -5), error = TRUE)
  expect_snapshot(rmst(fit_lung(), tau = 365, conf_level = 95), error = TRUE)
})
"""

FILES[P("_pkgdown.yml")] = """url: https://dvolkov.github.io/survtools/
template:
  bootstrap: 5

reference:
- title: Estimates
  contents:
  - km_summary
  - rmst
- title: Tests and models
  contents:
  - logrank_test
  - cox_table
- title: Figures
  contents:
  - km_plot

articles:
- title: Get started
  navbar: ~
  contents:
  - survtools

news:
  releases:
  - text: "survtools 0.6.0"
    href: https://github.com/dvolkov/survtools/releases/tag/v0.6.0
"""

FILES[P("cran-comments.md")] = """## R CMD check results

0 errors | 0 warnings | 0 notes

## revdepcheck results

We checked 2 reverse dependencies, comparing R CMD check results across CRAN
and dev versions of this package.

 * We saw 0 new problems
 * We failed to check 0 packages
"""

FILES[P("tests/testthat/test-logrank.R")] = """test_that("logrank_test() matches survdiff()", {
  res <- logrank_test(survival::Surv(time, status) ~ sex, data = lung)
  sd <- survival::survdiff(survival::Surv(time, status) ~ sex, data = lung)
  expect_equal(res$statistic, sd$chisq)
  expect_equal(res$df, 1L)
})

test_that("rho = 1 gives the Peto-Peto test", {
  res <- logrank_test(survival::Surv(time, status) ~ sex, data = lung, rho = 1)
  expect_equal(res$statistic, survival::survdiff(survival::Surv(time, status) ~ sex, data = lung, rho = 1)$chisq)
})
"""

VALIDATION_QMD = """---
title: "survtools validation: SURV-204 overall survival"
subtitle: "Comparison against survival and SAS PROC LIFETEST reference output"
author: "Dmitri Volkov"
date: today
@@FORMAT@@
execute:
  echo: false
  warning: false
---

This report re-computes the SURV-204 overall survival analyses with the
installed version of **survtools** and compares every number with the
reference output: direct calls to **survival** and the validated SAS
PROC LIFETEST listings in `reference/`.

```{r}
#| label: setup
library(survival)
library(survtools)
library(knitr)

surv204 <- readRDS(file.path("data", "surv204_os.rds"))
sas_km <- read.csv(file.path("reference", "sas_lifetest_os_km.csv"))
tol <- 1e-6
```

## Data

The analysis set has `r nrow(surv204)` patients and
`r sum(surv204$status)` deaths.

```{r}
#| label: km-fit
fit <- survfit(Surv(os_months, status) ~ arm, data = surv204, conf.type = "log-log")
km <- km_summary(fit, times = c(6, 12, 18, 24))
```

## Kaplan-Meier estimates at landmark times

```{r}
#| label: km-compare
cmp <- merge(km, sas_km, by = c("strata", "time"), suffixes = c("_survtools", "_sas"))
cmp$abs_diff <- abs(cmp$surv_survtools - cmp$surv_sas)
kable(cmp[, c("strata", "time", "surv_survtools", "surv_sas", "abs_diff")], digits = 6)
```

Largest absolute difference: `r signif(max(cmp$abs_diff), 3)`
(tolerance `r tol`).

## Figure

```{r}
#| label: km-plot
#| fig-width: 7
#| fig-height: 4.5
km_plot(fit, xlab = "Months since randomisation")
```

## Session

```{r}
#| label: session
sessioninfo::package_info(c("survtools", "survival"), dependencies = FALSE)
```
"""

FILES[P("analysis/validation.qmd")] = VALIDATION_QMD.replace("@@FORMAT@@", QMD_HEADER_TYPST)


KM_MEDIAN_R = """#' Median survival with confidence interval
#'
#' Median survival time for each stratum of `fit` together with its
#' confidence interval (Brookmeyer and Crowley), as [survival::print.survfit()]
#' shows it, but returned as a data frame. The interval uses the confidence
#' level and transformation `fit` was fitted with: fit with
#' `conf.type = "log-log"` to match SAS PROC LIFETEST.
#'
#' @inheritParams km_summary
#'
#' @return A data frame of class `survtools_median` with columns `strata`,
#'   `n`, `events`, `median`, `lower` and `upper`. `median`, `lower` and
#'   `upper` are `NA` when the survival curve (or the confidence limit) does
#'   not drop to 0.5.
#' @export
#' @examples
#' fit <- survival::survfit(survival::Surv(time, status) ~ sex, data = survival::lung)
#' km_median_ci(fit)
km_median_ci <- function(fit) {
  check_survfit(fit)
  if (identical(fit$conf.type, "none")) {
    cli::cli_abort(c(
      "{.arg fit} has no confidence interval.",
      "i" = "Refit it with {.code conf.type = \\"log-log\\"} (or {.val log}, {.val plain})."
    ))
  }

  tab <- summary(fit)$table
  if (is.null(dim(tab))) {
    tab <- t(tab)
    rownames(tab) <- "All"
  }
  lcl <- grep("LCL$", colnames(tab), value = TRUE)
  ucl <- grep("UCL$", colnames(tab), value = TRUE)

  out <- data.frame(
    strata = rownames(tab),
    n = unname(tab[, "records"]),
    events = unname(tab[, "events"]),
    median = unname(tab[, "median"]),
    lower = unname(tab[, lcl]),
    upper = unname(tab[, ucl]),
    row.names = NULL
  )
  structure(
    out,
    class = c("survtools_median", "data.frame"),
    conf_level = fit$conf.int,
    conf_type = fit$conf.type
  )
}

#' @export
print.survtools_median <- function(x, digits = 3, ...) {
  ci <- sprintf(
    "%s (%s–%s)",
    format(x$median, digits = digits),
    format(x$lower, digits = digits),
    format(x$upper, digits = digits)
  )
  cat(
    "Median survival (", attr(x, "conf_level") * 100, "% CI, ",
    attr(x, "conf_type"), ")\\n",
    sep = ""
  )
  print(
    data.frame(strata = x$strata, n = x$n, events = x$events, median = ci),
    row.names = FALSE
  )
  invisible(x)
}
"""

TEST_KM_MEDIAN = """test_that("km_median_ci() matches print.survfit() for lung", {
  res <- km_median_ci(fit_lung())
  expect_equal(res$median, 310)
  expect_equal(res$lower, 285)
  expect_equal(res$upper, 363)
})

test_that("km_median_ci() returns one row per stratum", {
  res <- km_median_ci(fit_lung("sex"))
  expect_equal(res$strata, c("sex=male", "sex=female"))
  expect_equal(res$median, c(270, 426))
  expect_equal(res$events, c(112, 53))
})

test_that("km_median_ci() gives NA when the curve does not reach 0.5", {
  d <- data.frame(time = 1:10, status = c(1, 0, 0, 1, 0, 0, 0, 0, 0, 0))
  fit <- survival::survfit(survival::Surv(time, status) ~ 1, data = d)
  res <- km_median_ci(fit)
  expect_true(is.na(res$median))
  expect_true(is.na(res$upper))
})

test_that("km_median_ci() needs a fit with a confidence interval", {
  expect_snapshot(km_median_ci(fit_lung(conf.type = "none")), error = TRUE)
})

test_that("print method shows median (CI) per stratum", {
  expect_snapshot(print(km_median_ci(fit_lung("sex"))))
})
"""

SNAP_KM_MEDIAN_ERR = """Code
  km_median_ci(fit_lung(conf.type = "none"))
Condition
  Error in `km_median_ci()`:
  ! `fit` has no confidence interval.
  i Refit it with `conf.type = "log-log"` (or "log", "plain")."""

SNAP_KM_MEDIAN_PRINT = """Code
  print(km_median_ci(fit_lung("sex")))
Output
  Median survival (95% CI, log)
""" + df_print(["strata", "n", "events", "median"], [["sex=male", 138, 112, "270 (212–310)"],
                                                      ["sex=female", 90, 53, "426 (348–550)"]], indent="  ")


def gen():
    d = Dev("r-pkg", U, "en", MODEL, seed=20261005, files=FILES)
    n_pass = 87

    # ============================================================ S1  Mon 10-05
    with d.session("2026-10-05T09:20:00", R, branch="main", version="2.1.114"):
        t = d.task("morning. catch me up: what's landed on main since 0.6.0 went to CRAN, and what's open — PRs and "
                   "issues?", tags=["noise", "long_output"])
        t.bash("git fetch --prune && git status -sb", "Fetch and show branch status",
               out="## main...origin/main [behind 6]",
               err="From github.com:dvolkov/survtools\n   5f1c2e9..b84d0a3  main       -> origin/main\n"
                   " * [new branch]      cox-strata -> origin/cox-strata")
        t.bash("git pull --ff-only", "Fast-forward main", out="""Updating 5f1c2e9..b84d0a3
Fast-forward
 .github/workflows/R-CMD-check.yaml |  2 +-
 .github/workflows/pkgdown.yaml     |  2 +-
 DESCRIPTION                        |  2 +-
 NAMESPACE                          |  1 +
 NEWS.md                            |  5 ++++
 R/landmark.R                       | 33 +++++++++++++++++++++++
 man/landmark_km.Rd                 | 38 ++++++++++++++++++++++++++
 tests/testthat/helper-data.R       |  9 +++++++
 tests/testthat/test-km.R           | 14 +++++-----
 tests/testthat/test-landmark.R     | 27 +++++++++++++++++++
 vignettes/survtools.Rmd            |  6 +++--
 11 files changed, 128 insertions(+), 11 deletions(-)
 create mode 100644 R/landmark.R
 create mode 100644 man/landmark_km.Rd
 create mode 100644 tests/testthat/helper-data.R
 create mode 100644 tests/testthat/test-landmark.R""")
        t.bash("git log --format='%h %ad %<(16)%an %s' --date=short v0.6.0..HEAD", "Commits since v0.6.0",
               out="""b84d0a3 2026-10-02 Hanna Lindqvist  Add landmark_km() (#50)
3e07c41 2026-09-29 dependabot[bot]  Bump r-lib/actions from 2.11.3 to 2.11.4 (#49)
c1a9f58 2026-09-24 Hanna Lindqvist  tests: fit_lung() helper with a labelled sex factor (#48)
7d2e0b6 2026-09-03 Dmitri Volkov    vignette: cite Brookmeyer & Crowley for the median CI (#47)
91f4a2c 2026-08-19 Dmitri Volkov    Increment version number to 0.6.0.9000""")
        t.bash("gh pr list --state open", "Open pull requests",
               out="51\tcox_table(): support strata() terms\tcox-strata\tDRAFT\t2026-10-01T15:22:10Z")
        t.bash("gh issue list --state open --limit 20", "Open issues",
               out="""46\tOPEN\tRMST difference between two arms with CI\tenhancement\t2026-09-12T08:41:55Z
44\tOPEN\tMedian survival with CI as a data frame?\tenhancement\t2026-09-08T13:05:31Z
42\tOPEN\tNumber-at-risk table for km_plot()\tenhancement\t2026-08-30T19:17:02Z
38\tOPEN\tcox_table(): Firth correction for small samples?\tenhancement, help wanted\t2026-08-02T10:44:20Z""")
        t.done("""Main is 6 commits past 0.6.0, all small:

- **Hanna:** `landmark_km()` (#50, merged Friday, with tests and a NEWS entry) and a `fit_lung()` test helper with a labelled `sex` factor (#48) — the km tests now read `sex=male` / `sex=female`.
- **You:** the Brookmeyer–Crowley citation in the vignette (#47) and the dev-version bump.
- **dependabot:** r-lib/actions 2.11.3 → 2.11.4 (#49).

**Open PR:** #51 — Hanna's `strata()` support in `cox_table()`, still a draft.

**Open issues** (all enhancements):
- #44 median survival with CI as a data frame
- #46 RMST difference between two arms with CI
- #42 number-at-risk table for `km_plot()`
- #38 Firth correction in `cox_table()` (help wanted)

#44 and #46 look like the natural core of a 0.7.0; #42 would round it off.""")

        t = d.task("let's do #44 on a branch: km_median_ci(fit) — median survival with its CI per stratum as a data "
                   "frame, using whatever CI the fit was made with (people fit with conf.type = \"log-log\" to match SAS). "
                   "input checks with cli::cli_abort like the rest of the package, no bare stop() anywhere. roxygen docs, "
                   "tests, NEWS.", tags=["workflow:W3", "pref:P1"])
        t.bash("git switch -c feat/km-median-ci", "New branch for #44",
               err="Switched to a new branch 'feat/km-median-ci'")
        t.read(P("R/km.R"))
        t.read(P("R/utils-checks.R"))
        t.read(P("tests/testthat/helper-data.R"))
        t.say("`summary(fit)$table` already holds the median and the Brookmeyer–Crowley limits at the fit's own level "
              "and transformation (`0.95LCL`/`0.95UCL`), so I'll read them from there instead of recomputing. "
              "Checks go through `check_survfit()` and `cli::cli_abort()`; a fit with `conf.type = \"none\"` gets its "
              "own message.")
        t.write(P("R/km-median.R"), KM_MEDIAN_R)
        t.bash("Rscript -e 'devtools::document()'", "Regenerate NAMESPACE and Rd files",
               err=document_err(["NAMESPACE", "km_median_ci.Rd"]))
        d.files[P("NAMESPACE")] = d.files[P("NAMESPACE")].replace(
            "S3method(print,survtools_logrank)\n",
            "S3method(print,survtools_logrank)\nS3method(print,survtools_median)\n").replace(
            "export(km_plot)\n", "export(km_median_ci)\nexport(km_plot)\n")
        t.write(P("tests/testthat/test-km-median.R"), TEST_KM_MEDIAN)
        t.bash("Rscript -e 'devtools::test(filter = \"km-median\")'", "Run the new tests",
               out=test_out(8, warns=[("WARNING", f"test-km-median.R:{line_of(TEST_KM_MEDIAN, 'expect_snapshot(km_median_ci')}:3", "Adding new snapshot:\n" + SNAP_KM_MEDIAN_ERR),
                                      ("WARNING", f"test-km-median.R:{line_of(TEST_KM_MEDIAN, 'expect_snapshot(print(')}:3",
                                       "Adding new snapshot:\n" + SNAP_KM_MEDIAN_PRINT)]),
               err="ℹ Testing survtools")
        t.read(P("_pkgdown.yml"))
        t.edit(P("_pkgdown.yml"), "  - km_summary\n  - rmst\n", "  - km_summary\n  - km_median_ci\n  - rmst\n")
        t.read(P("NEWS.md"))
        t.edit(P("NEWS.md"), "# survtools (development version)\n\n", """# survtools (development version)

* New `km_median_ci()` returns the median survival time of each stratum
  together with its Brookmeyer-Crowley confidence interval as a data frame
  (class `survtools_median`, with a print method). The interval uses the
  confidence level and transformation the `survfit` object was fitted with,
  so fits made with `conf.type = "log-log"` reproduce SAS PROC LIFETEST;
  limits that are not reached are returned as `NA` (#44).

""")
        n_pass += 10
        t.bash("Rscript -e 'devtools::test()'", "Run the whole test suite",
               out=test_out(n_pass), err="ℹ Testing survtools")
        c1, cm = commit_out("feat/km-median-ci", "Add km_median_ci() (#44)", 7, 164, 0,
                            creates=["R/km-median.R", "man/km_median_ci.Rd", "tests/testthat/_snaps/km-median.md",
                                     "tests/testthat/test-km-median.R"])
        t.bash("git add -A && git commit -m \"Add km_median_ci() (#44)\"", "Commit", out=cm)
        t.done(f"""`km_median_ci()` is in on `feat/km-median-ci` (`{c1}`):

- **`R/km-median.R`:** reads the median and the `LCL`/`UCL` columns of `summary(fit)$table`, so the interval is whatever the fit was made with — `conf.type = "log-log"` gives the SAS numbers. One row per stratum (`"All"` for an unstratified fit), class `survtools_median` with a print method (`median (lower–upper)`); `NA` when the curve or a limit never drops to 0.5.
- **Checks:** `check_survfit()` plus a `cli::cli_abort()` for fits with `conf.type = "none"` — no `stop()`.
- **Docs:** roxygen with an example; `devtools::document()` added the export and the S3 method to NAMESPACE and wrote `man/km_median_ci.Rd`. Also listed it in `_pkgdown.yml`.
- **Tests:** `test-km-median.R` checks the lung numbers against `print.survfit()` (310 [285, 363]; by sex 270 and 426), the NA case, plus two snapshots (error message, print output). The snapshots were new on the first run (2 warnings); the full suite is now {n_pass} passing.
- **NEWS:** entry under the development version.""")

        t = d.task("looks good. ship it: style, lint, the full check, push the branch and open a PR that closes #44",
                   tags=["workflow:W1", "mistake:M3", "long_output"])
        rfiles = ["R/cox.R", "R/km-median.R", "R/km.R", "R/landmark.R", "R/logrank.R", "R/plot-km.R", "R/rmst.R",
                  "R/survtools-package.R", "R/utils-checks.R", "tests/testthat.R", "tests/testthat/helper-data.R",
                  "tests/testthat/test-cox.R", "tests/testthat/test-km-median.R", "tests/testthat/test-km.R",
                  "tests/testthat/test-landmark.R", "tests/testthat/test-logrank.R", "tests/testthat/test-plot-km.R",
                  "tests/testthat/test-rmst.R", "vignettes/survtools.Rmd"]
        t.bash("Rscript -e 'styler::style_pkg()'", "Style the package",
               out=styler_out(rfiles, changed=["tests/testthat/test-km-median.R"]))
        t.bash("git diff --stat", "What styler changed",
               out=" tests/testthat/test-km-median.R | 4 ++--\n 1 file changed, 2 insertions(+), 2 deletions(-)")
        t.bash("Rscript -e 'lintr::lint_package()'", "Lint the package", err="ℹ No lints found.")
        chk, _ = devtools_check_out("0.6.0.9000", {"checking code files for non-ASCII characters": (
            "W", "WARNING", non_ascii_detail(["R/km-median.R"]))}, secs=63.4, clock="2026-10-05 10:41:07")
        t.fail("Rscript -e 'devtools::check()'", "Full R CMD check via devtools", chk, code=1, timeout=900000)
        kmm = P("R/km-median.R")
        ln = line_of(d.files[kmm], '"%s (%s–%s)"')
        t.bash("Rscript -e 'tools::showNonASCIIfile(\"R/km-median.R\")'", "Find the non-ASCII character",
               out=f'{ln}:     "%s (%s<e2><80><93>%s)",')
        t.say("It's the en dash I put in the print method's CI format. R code has to be ASCII for CRAN (only comments "
              "are exempt), so I'll write it as the escape `\\u2013` — the printed output, and so the snapshot, stays "
              "the same.")
        t.edit(kmm, '    "%s (%s–%s)",', '    "%s (%s\\u2013%s)",')
        chk2, _ = devtools_check_out("0.6.0.9000", secs=61.8, clock="2026-10-05 10:44:52")
        t.bash("Rscript -e 'devtools::check()'", "Full R CMD check again", out=chk2, timeout=900000)
        c2, cm = commit_out("feat/km-median-ci", "km_median_ci(): ASCII-only print format, styler", 2, 3, 3)
        t.bash("git add -A && git commit -m \"km_median_ci(): ASCII-only print format, styler\"", "Commit the fixes",
               out=cm)
        t.bash("git push -u origin feat/km-median-ci", "Push the branch", err=push_new("feat/km-median-ci"))
        t.bash("gh pr create --base main --title \"Add km_median_ci()\" --body \"Median survival with its "
               "Brookmeyer-Crowley CI per stratum as a data frame, using the fit's own conf.int / conf.type. Print "
               "method, tests against print.survfit() on lung, snapshots for the error and the print output.\n\n"
               "Closes #44\"", "Open the PR", out=f"{GH}/pull/52", err=pr_create_err("feat/km-median-ci"))
        t.done(f"""PR #52 is open: {GH}/pull/52 (closes #44).

- **styler:** reformatted one call in `test-km-median.R`; **lintr:** no lints.
- **`devtools::check()`** failed first with 1 WARNING: *checking code files for non-ASCII characters* — the en dash in the print method's `"%s (%s–%s)"`. I replaced it with `\\u2013`, which prints the same character, so the snapshot is unchanged. The re-run is clean: 0 errors, 0 warnings, 0 notes.
- Pushed `feat/km-median-ci` with the fix and the styler change as a second commit (`{c2}`).""")

        t = d.task("quick one while CI runs, no need to run anything: why does SAS default to log-log for the median "
                   "CI and survival to log? does it matter for what we report?", tags=["noise", "no_tools"])
        t.done("""Both are Brookmeyer–Crowley intervals — the set of times where the pointwise CI for S(t) contains 0.5 — so they differ only in the pointwise CI they invert:

- **log** (`survival` default): CI for log S(t). Simple and fine in the middle of the curve, but the upper limit for S(t) can exceed 1, and it is less accurate where S(t) is small or the risk set is thin.
- **log-log** (SAS PROC LIFETEST default since 9.2): CI for log(−log S(t)). Always within (0, 1) and has better coverage in small samples and in the tails — which is why SAS and many regulatory templates use it.

Around the median with a decent risk set the two are usually within a few days or weeks of each other; they drift apart with few events near 0.5 or heavy censoring. For us it matters in two places:

1. **Validation:** comparisons against SAS listings only match if the `survfit` was fitted with `conf.type = "log-log"` — the report already does that.
2. **Documentation:** `km_median_ci()` deliberately inherits the fit's transformation, so the docs (and the example) should say which one users get by default (`log`) and how to get the SAS one.

I wouldn't change survival's default inside survtools; being explicit in the report and docs is enough.""")

    # teammates between sessions: Hanna reviews and merges #52
    title = "survtools validation: SURV-204 overall survival"

    # ============================================================ S2  Wed 10-07
    with d.session("2026-10-07T10:05:00", R, branch="main", version="2.1.115"):
        t = d.task("#52 is merged. pull main, then add a median survival table to the validation report "
                   "(analysis/validation.qmd): survtools::km_median_ci vs the SAS medians in "
                   "reference/sas_lifetest_os_medians.csv — and render it. the report stays a typst PDF, QA archives "
                   "and signs the PDF.", tags=["mistake:M1", "pref:P3"])
        t.bash("git switch main && git pull --ff-only", "Update main", out="""Updating b84d0a3..e6f20d7
Fast-forward
 NAMESPACE                           |  2 +
 NEWS.md                             |  8 +++
 R/km-median.R                       | 78 ++++++++++++++++++++++++++++
 _pkgdown.yml                        |  1 +
 man/km_median_ci.Rd                 | 39 ++++++++++++++
 tests/testthat/_snaps/km-median.md  | 19 +++++++
 tests/testthat/test-km-median.R     | 32 ++++++++++++
 7 files changed, 179 insertions(+)
 create mode 100644 R/km-median.R
 create mode 100644 man/km_median_ci.Rd
 create mode 100644 tests/testthat/_snaps/km-median.md
 create mode 100644 tests/testthat/test-km-median.R""",
               err="Switched to branch 'main'\nYour branch is behind 'origin/main' by 3 commits, and can be "
                   "fast-forwarded.\n  (use \"git pull\" to update your local branch)")
        vq = P("analysis/validation.qmd")
        t.read(vq)
        t.bash("head -4 analysis/reference/sas_lifetest_os_medians.csv", "Look at the SAS medians file",
               out="""strata,n,events,median,lower,upper
arm=Control,206,151,14.2095,12.3877,16.2629
arm=Experimental,206,132,18.9405,15.8358,23.0555""")
        t.edit(vq, """(tolerance `r tol`).
""", """(tolerance `r tol`).

## Median survival

Medians with log-log Brookmeyer-Crowley 95% confidence intervals.

```{r}
#| label: medians
med <- km_median_ci(fit)
sas_med <- read.csv(file.path("reference", "sas_lifetest_os_medians.csv"))
cmp_med <- merge(as.data.frame(med), sas_med, by = "strata", suffixes = c("_survtools", "_sas"))
cmp_med$max_abs_diff <- pmax(
  abs(cmp_med$median_survtools - cmp_med$median_sas),
  abs(cmp_med$lower_survtools - cmp_med$lower_sas),
  abs(cmp_med$upper_survtools - cmp_med$upper_sas)
)
kable(cmp_med[, c("strata", "median_survtools", "median_sas", "lower_survtools", "lower_sas",
                  "upper_survtools", "upper_sas", "max_abs_diff")], digits = 4)
```
""")
        t.fail("quarto render analysis/validation.qmd", "Render the validation report", quarto_fail(
            d.files[vq], "medians", ["Error in `km_median_ci()`:", '! could not find function "km_median_ci"']),
               code=1, timeout=300000)
        t.say("The report runs `library(survtools)`, i.e. the copy installed in the renv project library — not the "
              "source tree. That copy was installed before #52, so it has no `km_median_ci()`. Checking:")
        t.bash("Rscript -e 'packageVersion(\"survtools\"); \"km_median_ci\" %in% getNamespaceExports(\"survtools\")'",
               "Check the installed survtools", out="[1] ‘0.6.0.9000’\n[1] FALSE")
        t.bash("Rscript -e 'devtools::install(upgrade = \"never\")'", "Install the current source into the renv library",
               out=install_log("0.6.0.9000"), timeout=600000)
        t.bash("quarto render analysis/validation.qmd", "Render the validation report again",
               err=quarto_ok(d.files[vq], "typst", title), timeout=300000)
        t.done("""The report now has a **Median survival** section: `km_median_ci(fit)` next to the SAS medians from `reference/sas_lifetest_os_medians.csv`, with the largest absolute difference per arm (median, lower, upper). It renders to `analysis/validation.pdf` with typst as before.

The first render stopped in the new chunk with `could not find function "km_median_ci"`: Quarto's R session loads survtools from the renv library, and the installed copy predated #52 (same version number, 0.6.0.9000, but without the new export). `devtools::install()` put the current main there and the second render went through.""")

        t = d.task("the pkgdown workflow on main has been red since Hanna merged #50. reproduce it locally and fix it",
                   tags=["oneoff:O1"])
        t.bash("gh run list --workflow pkgdown.yaml --limit 3", "Recent pkgdown runs", out="""completed\tfailure\tAdd km_median_ci() (#52)\tpkgdown\tmain\tpush\t18402231870\t3m41s\t2026-10-06T16:02:11Z
completed\tfailure\tAdd landmark_km() (#50)\tpkgdown\tmain\tpush\t18366120457\t3m12s\t2026-10-02T11:48:40Z
completed\tsuccess\ttests: fit_lung() helper with a labelled sex factor (#48)\tpkgdown\tmain\tpush\t18251733092\t3m55s\t2026-09-24T09:20:07Z""")
        t.fail("Rscript -e 'pkgdown::check_pkgdown()'", "Check the pkgdown configuration", """Error in `check_pkgdown()`:
! In _pkgdown.yml, 1 topic missing from index: "landmark_km".
ℹ Either add to the reference index, or use `@keywords internal` to drop from the index.
Backtrace:
    ▆
 1. └─pkgdown::check_pkgdown()
 2.   └─pkgdown:::data_reference_index(pkg)
 3.     └─pkgdown:::check_missing_topics(rows, pkg, error_call = error_call)
 4.       └─pkgdown:::config_abort(...)
 5.         └─cli::cli_abort(..., call = call, .envir = .envir)
 6.           └─rlang::abort(...)
Execution halted""", code=1)
        pk = P("_pkgdown.yml")
        t.read(pk)
        t.edit(pk, "  - km_median_ci\n  - rmst\n", "  - km_median_ci\n  - landmark_km\n  - rmst\n")
        t.bash("Rscript -e 'pkgdown::check_pkgdown()'", "Check the pkgdown configuration again",
               err="✔ No problems found.")
        c3, cm = commit_out("main", "pkgdown: list landmark_km() in the reference index", 1, 1, 0)
        t.bash("git add _pkgdown.yml && git commit -m \"pkgdown: list landmark_km() in the reference index\" && "
               "git push", "Commit and push the fix",
               out=cm, err=f"To github.com:dvolkov/survtools.git\n   e6f20d7..{c3}  main -> main")
        t.done(f"""Fixed on main (`{c3}`). pkgdown refuses to build when an exported topic isn't in the reference index, and #50 added `landmark_km()` without listing it in `_pkgdown.yml`:

```
! In _pkgdown.yml, 1 topic missing from index: "landmark_km".
```

I added it under **Estimates** next to `km_summary()` and `km_median_ci()`; `pkgdown::check_pkgdown()` now reports no problems, and the push will re-run the workflow.""")

        t = d.task("how soon after 0.6.0 (CRAN, Aug 18) can we send 0.7.0 without annoying them? check what the "
                   "policy actually says", tags=["noise", "webfetch"])
        t.webfetch("https://cran.r-project.org/web/packages/policies.html",
                   "What does the policy say about how often package updates may be submitted?",
                   """The CRAN Repository Policy's section on submission says:

- "Submitting updates should be done responsibly and with respect for the volunteers' time. Once a package is established (which may take several rounds), 'no more than every 1–2 months' seems appropriate."
- Updates to fix problems on CRAN's check farm, or at CRAN's request, are exempt and should be submitted promptly.
- Before submitting, packages must pass R CMD check --as-cran with the current R-devel, and the maintainer should check reverse dependencies.
- The policy also asks that submissions not be made during CRAN's announced submission breaks (typically around the end of the year and mid-August).""")
        t.done("""The policy's wording is: *"Once a package is established …, 'no more than every 1–2 months' seems appropriate."* Fixes that CRAN itself asks for are exempt.

0.6.0 went out on Aug 18, so **anything from mid/late October on is well within that** — two months will have passed by Oct 18. Two practical points from the same page:

- check against **R-devel** before submitting (win-builder's devel queue is the easy way), and
- run the reverse-dependency checks (we have 2 revdeps) so `cran-comments.md` can say so.

There's no submission break announced for October, so a 0.7.0 around the 20th with #44 and #46 in it is fine.""")

    # Dmitri trims the NEWS entry himself before the next session
    d.files[P("NEWS.md")] = d.files[P("NEWS.md")].replace("""* New `km_median_ci()` returns the median survival time of each stratum
  together with its Brookmeyer-Crowley confidence interval as a data frame
  (class `survtools_median`, with a print method). The interval uses the
  confidence level and transformation the `survfit` object was fitted with,
  so fits made with `conf.type = "log-log"` reproduce SAS PROC LIFETEST;
  limits that are not reached are returned as `NA` (#44).
""", """* New `km_median_ci()`: median survival with its CI per stratum (#44).
""")

    # ============================================================ S3  Fri 10-09
    with d.session("2026-10-09T13:30:00", R, branch="main", version="2.1.116"):
        fb = ("The NEWS entry you wrote for km_median_ci was way too long — I had to cut half of it, and then some. "
              "NEWS bullets are one line: what changed, then the issue number.")
        t = d.task(fb, tags=["feedback"], feedback=fb[:fb.index(", and then")])
        t.read(P("NEWS.md"))
        t.done("""Understood — I see your version: `* New km_median_ci(): median survival with its CI per stratum (#44).` The details belong in the roxygen docs, not in NEWS.

From now on: one line per change in NEWS.md, what changed + the issue number, nothing else.""")

        t = d.task("Hanna wants to look at it before we cut 0.7.0. build the tarball and run a full R CMD check "
                   "--as-cran on it, the way CRAN does it — not devtools::check", tags=["mistake:M2", "long_output"])
        t.bash("R CMD build .", "Build the source tarball", out=rcmd_build_plain("0.6.0.9000"), timeout=600000)
        inc = "Maintainer: ‘Dmitri Volkov <dmitri.volkov@protonmail.com>’\n\nVersion contains large components (0.6.0.9000)"
        txt, status, code = rcmd_check_plain("0.6.0.9000", R, manual=True, incoming_note=inc, clock="2026-10-09 13:42:17")
        t.fail("R CMD check --as-cran survtools_0.6.0.9000.tar.gz", "R CMD check --as-cran on the tarball", txt,
               code=code, timeout=1200000)
        t.bash("which pdflatex xelatex lualatex; echo \"exit: $?\"", "Look for a LaTeX engine", out="exit: 1")
        t.say("The only ERROR (and its WARNING) is the PDF manual: there is no LaTeX on this machine, so `texi2dvi` "
              "can't run `pdflatex`. That says nothing about the package — the Rd files themselves passed the Rd "
              "checks. I'll run the same check without building the PDF manual; GitHub Actions and CRAN build it "
              "with a full TeX installation.")
        txt2, status2, _ = rcmd_check_plain("0.6.0.9000", R, manual=False, incoming_note=inc, clock="2026-10-09 13:47:55")
        t.bash("R CMD check --as-cran --no-manual survtools_0.6.0.9000.tar.gz",
               "R CMD check --as-cran on the tarball, without the PDF manual", out=txt2, timeout=1200000)
        t.done(f"""`R CMD check --as-cran` on `survtools_0.6.0.9000.tar.gz`: **{status2}**, nothing else.

- The first run ended with `Status: 1 ERROR, 1 WARNING, 2 NOTEs`, but the ERROR and WARNING were both *checking PDF version of manual*: `pdflatex is not available` — this machine has no TeX. Re-ran with `--no-manual`; the HTML-manual NOTE (no `tidy`) goes away with it.
- The remaining NOTE is the incoming-feasibility one: `Version contains large components (0.6.0.9000)`, which disappears once the version is 0.7.0.
- Examples, tests (testthat) and the vignette rebuild all pass.

The PDF manual itself is built by the R-CMD-check workflow on GitHub and by CRAN, so it still gets checked there. The tarball is in the repo root if Hanna wants it.""")

        t = d.task("survival 3.8-6 is out (fixes the rmean extrapolation warning we kept seeing). update it in renv, "
                   "run the tests, snapshot and commit the lockfile", tags=["workflow:W2", "flaky:F1"])
        t.bash("Rscript -e 'renv::status()'", "Check the renv state",
               out="No issues found -- the project is in a consistent state.")
        fail_dl = "\n".join([
            "- Checking for updated packages ... Done!",
            "The following package(s) will be updated:", "",
            renv_header("CRAN"), "- survival   [3.8-3 -> 3.8-6]", "",
            renv_header("Downloading packages"),
            f"✖ {'survival 3.8-6':<40}",
            "Error: error downloading 'https://packagemanager.posit.co/cran/__linux__/noble/latest/src/contrib/"
            "survival_3.8-6.tar.gz' [curl: (28) Failed to connect to packagemanager.posit.co port 443 after 10002 ms: "
            "Timeout was reached]",
            "Execution halted"])
        t.fail("Rscript -e 'renv::update(\"survival\")'", "Update survival in the project library", fail_dl, code=1)
        t.bash("Rscript -e 'renv::update(\"survival\")'", "Update survival in the project library",
               out=renv_update_out("survival", "3.8-3", "3.8-6", "2.1", "installed binary in 0.8s", "0.9"))
        t.bash("Rscript -e 'devtools::test()'", "Run the test suite", out=test_out(n_pass), err="ℹ Testing survtools")
        t.bash("Rscript -e 'renv::snapshot()'", "Record survival 3.8-6 in renv.lock",
               out=renv_snapshot_out("survival", "3.8-3", "3.8-6"))
        c4, cm = commit_out("main", "renv: survival 3.8-6", 1, 3, 3)
        t.bash("git add renv.lock && git commit -m \"renv: survival 3.8-6\"", "Commit the lockfile", out=cm)
        t.done(f"""survival is at 3.8-6 in the project library and in `renv.lock` (committed as `{c4}`, not pushed yet).

- The first `renv::update("survival")` timed out connecting to Posit Package Manager (`curl: (28) … Timeout was reached`); the same command a moment later downloaded the binary and installed it.
- `devtools::test()`: {n_pass} passed, no failures or warnings.
- `renv::snapshot()` changed only the survival record (3.8-3 → 3.8-6).""")

    # ============================================================ S4  Mon 10-12
    with d.session("2026-10-12T09:40:00", R, branch="main", version="2.1.118"):
        t = d.task("#55 from Tomás: rmst() gives a number for tau past the end of follow-up in one arm. reproduce it",
                   tags=["noise"])
        t.bash("gh issue view 55", "Read issue #55", out="""title:\trmst() returns a value when tau is past the end of follow-up in one arm
state:\tOPEN
author:\ttruiz-biostat
labels:\tbug
comments:\t0
assignees:\t
projects:\t
milestone:\t
number:\t55
--
In our trial the control arm's last follow-up is at 31.2 months. `rmst(fit, tau = 36)` happily returns an RMST for that arm — as far as I can tell survival's `rmean` just carries the last KM value forward to tau. survRM2::rmst2() refuses with "The truncation time, tau, needs to be shorter than or equal to the minimum of the largest observed time on each of the two groups".

Same thing with lung (females are followed to 965 days):

```r
fit <- survfit(Surv(time, status) ~ sex, data = lung)
survtools::rmst(fit, tau = 1000)
```

I'd expect an error, or at least a warning. survtools 0.6.0, survival 3.8-3.""")
        t.bash("Rscript -e 'library(survival); fit <- survfit(Surv(time, status) ~ sex, data = lung); "
               "print(survtools::rmst(fit, tau = 1000)); print(tapply(lung$time, lung$sex, max))'",
               "Reproduce with lung", out="""  strata  tau     rmst       se    lower    upper
1  sex=1 1000 357.8143 24.16627 310.4493 405.1793
2  sex=2 1000 498.9276 37.48162 425.4640 572.3912
   1    2 
1022  965 """)
        t.done("""Reproduced. With `tau = 1000`:

| stratum | last follow-up | RMST returned |
|---|---|---|
| sex=1 | 1022 | 357.8 |
| sex=2 | **965** | 498.9 |

For `sex=2` the curve ends at 965, but `rmst()` still returns an area up to 1000: `summary(fit, rmean = 1000)` extends the last KM value flat over the last 35 days without saying so. survRM2 errors in the same situation (tau must be ≤ the smallest of the per-arm maximum follow-up times). So Tomás is right — `rmst()` should refuse a `tau` beyond the last follow-up of any stratum, and the message should say what the largest allowed `tau` is.""")

        t = d.task("fix it: if tau is beyond the last follow-up time of any stratum, error out with cli::cli_abort and "
                   "tell them the largest tau they can use. no stop() — I don't want base errors creeping back in. add "
                   "a regression test", tags=["pref:P1"])
        rm = P("R/rmst.R")
        t.read(rm)
        t.edit(rm, """#' @param tau Truncation time.
""", """#' @param tau Truncation time. Must not be larger than the last follow-up
#'   time (event or censoring) in any stratum of `fit`.
""")
        t.edit(rm, """  check_tau(tau)
  check_conf_level(conf_level)

  tab <- summary(fit, rmean = tau)$table""", """  check_tau(tau)
  check_conf_level(conf_level)
  check_tau_followup(fit, tau)

  tab <- summary(fit, rmean = tau)$table""")
        t.edit(rm, """    row.names = NULL
  )
}
""", """    row.names = NULL
  )
}

# Largest observed time (event or censoring) in each stratum of `fit`.
last_followup <- function(fit) {
  if (is.null(fit$strata)) {
    return(c(All = max(fit$time)))
  }
  ends <- cumsum(fit$strata)
  stats::setNames(fit$time[ends], names(fit$strata))
}

check_tau_followup <- function(fit, tau, call = rlang::caller_env()) {
  last <- last_followup(fit)
  if (tau > min(last)) {
    shortest <- names(last)[which.min(last)]
    cli::cli_abort(
      c(
        "{.arg tau} must be ≤ the last follow-up time in every stratum.",
        "x" = "{.arg tau} is {tau}, but follow-up in {.val {shortest}} ends at {min(last)}.",
        "i" = "Use a {.arg tau} of at most {min(last)}."
      ),
      call = call
    )
  }
  invisible(tau)
}
""")
        tr = P("tests/testthat/test-rmst.R")
        t.read(tr)
        t.edit(tr, """test_that("rmst() validates tau and conf_level", {""", """test_that("rmst() refuses tau beyond the last follow-up of a stratum (#55)", {
  expect_snapshot(rmst(fit_lung("sex"), tau = 1000), error = TRUE)
  expect_no_error(rmst(fit_lung("sex"), tau = 965))
})

test_that("rmst() validates tau and conf_level", {""")
        nw = P("NEWS.md")
        t.read(nw)
        t.edit(nw, "# survtools (development version)\n\n", "# survtools (development version)\n\n"
               "* `rmst()` errors when `tau` is past the last follow-up of a stratum (#55).\n")
        snap55 = """Code
  rmst(fit_lung("sex"), tau = 1000)
Condition
  Error in `rmst()`:
  ! `tau` must be ≤ the last follow-up time in every stratum.
  x `tau` is 1000, but follow-up in "sex=female" ends at 965.
  i Use a `tau` of at most 965."""
        t.bash("Rscript -e 'devtools::test(filter = \"rmst\")'", "Run the rmst tests",
               out=test_out(7, warns=[("WARNING", "test-rmst.R:17:3", "Adding new snapshot:\n" + snap55)]),
               err="ℹ Testing survtools")
        n_pass += 2
        t.grep("\\bstop\\(", path=P("R"), output_mode="content", n=True, content="")
        t.done("""`rmst()` now refuses a `tau` past the end of follow-up in any stratum:

```
Error in `rmst()`:
! `tau` must be ≤ the last follow-up time in every stratum.
✖ `tau` is 1000, but follow-up in "sex=female" ends at 965.
ℹ Use a `tau` of at most 965.
```

- `check_tau_followup()` in `R/rmst.R` takes the last time (event or censoring) per stratum from the `survfit` object and aborts with `cli::cli_abort()`; `tau` exactly at the last follow-up is still allowed, as in survRM2.
- `@param tau` documents the restriction; NEWS has a one-line entry.
- Regression test in `test-rmst.R`: a snapshot of the error for `tau = 1000` and no error at 965. The rmst tests pass (the snapshot was new on this run).
- A grep over `R/` finds no `stop(` calls left anywhere in the package.""")

        t = d.task("good. put it on a branch, style, lint, check, and open a PR that fixes #55",
                   tags=["workflow:W1", "mistake:M3"])
        t.bash("git switch -c fix/55-rmst-tau", "New branch with the working-tree changes",
               err="Switched to a new branch 'fix/55-rmst-tau'")
        rfiles2 = ["R/cox.R", "R/km-median.R", "R/km.R", "R/landmark.R", "R/logrank.R", "R/plot-km.R", "R/rmst.R",
                   "R/survtools-package.R", "R/utils-checks.R", "tests/testthat.R", "tests/testthat/helper-data.R",
                   "tests/testthat/test-cox.R", "tests/testthat/test-km-median.R", "tests/testthat/test-km.R",
                   "tests/testthat/test-landmark.R", "tests/testthat/test-logrank.R", "tests/testthat/test-plot-km.R",
                   "tests/testthat/test-rmst.R", "vignettes/survtools.Rmd"]
        t.bash("Rscript -e 'styler::style_pkg()'", "Style the package", out=styler_out(rfiles2))
        long = '        "x" = "{.arg tau} is {tau}, but follow-up in {.val {shortest}} ends at {min(last)}.",'
        ll = line_of(d.files[rm], long)
        t.bash("Rscript -e 'lintr::lint_package()'", "Lint the package", out=(
            f"R/rmst.R:{ll}:81: style: [line_length_linter] Lines should not be more than 80 characters. This line "
            f"is {len(long)} characters.\n{long}\n{' ' * 80}^{'~' * (len(long) - 81)}"))
        t.edit(rm, long + "\n", """        "x" = paste0(
          "{.arg tau} is {tau}, but follow-up in {.val {shortest}} ",
          "ends at {min(last)}."
        ),
""")
        t.bash("Rscript -e 'lintr::lint_package()'", "Lint again", err="ℹ No lints found.")
        chk, _ = devtools_check_out("0.6.0.9000", {"checking code files for non-ASCII characters": (
            "W", "WARNING", non_ascii_detail(["R/rmst.R"]))}, secs=64.9, clock="2026-10-12 10:31:26",
            documenting=["Writing 'rmst.Rd'"])
        t.fail("Rscript -e 'devtools::check()'", "Full R CMD check via devtools", chk, code=1, timeout=900000)
        bad = '        "{.arg tau} must be ≤ the last follow-up time in every stratum.",'
        t.bash("grep -nP '[^\\x00-\\x7F]' R/rmst.R", "Find non-ASCII characters in R/rmst.R",
               out=f"{line_of(d.files[rm], bad)}:{bad}")
        t.say("The `≤` in the new error message. Messages are R strings, so it has to be an escape — `\\u2264` "
              "prints the same sign, and cli still renders it.")
        t.edit(rm, bad, '        "{.arg tau} must be \\u2264 the last follow-up time in every stratum.",')
        chk2, _ = devtools_check_out("0.6.0.9000", secs=62.2, clock="2026-10-12 10:35:48")
        t.bash("Rscript -e 'devtools::check()'", "Full R CMD check again", out=chk2, timeout=900000)
        c5, cm = commit_out("fix/55-rmst-tau", "rmst(): error for tau past the last follow-up (#55)", 5, 47, 2)
        t.bash("git add -A && git commit -m \"rmst(): error for tau past the last follow-up (#55)\"", "Commit", out=cm)
        t.bash("git push -u origin fix/55-rmst-tau", "Push the branch", err=push_new("fix/55-rmst-tau"))
        t.bash("gh pr create --base main --title \"rmst(): error for tau past the last follow-up\" --body \"rmst() "
               "now aborts when tau is larger than the last follow-up time of any stratum, instead of letting "
               "survival's rmean extend the curve. Same rule as survRM2. Regression test with lung (females end at "
               "965).\n\nFixes #55\"", "Open the PR", out=f"{GH}/pull/56", err=pr_create_err("fix/55-rmst-tau"))
        t.done(f"""PR #56 is open: {GH}/pull/56 (fixes #55).

- **styler:** nothing to change. **lintr:** one line over 80 characters in the new `cli_abort()` message; split it with `paste0()` (cli interpolates after the paste, so the message is unchanged).
- **`devtools::check()`:** the first run gave 1 WARNING — *non-ASCII characters* in `R/rmst.R`, the `≤` in the error message. It's `\\u2264` now; the printed message and the snapshot are the same. Second run: 0 errors, 0 warnings, 0 notes (it also regenerated `man/rmst.Rd` for the new `@param tau` text).
- Commit `{c5}` on `fix/55-rmst-tau`, pushed.""")

        t = d.task("CI on main went red overnight (R-CMD-check). what broke?", tags=["unfixed:U1", "long_output"])
        t.bash("gh run list --branch main --limit 4", "Recent runs on main", out="""completed\tfailure\trenv: survival 3.8-6\tR-CMD-check\tmain\tpush\t18392047711\t14m6s\t2026-10-11T21:09:33Z
completed\tsuccess\trenv: survival 3.8-6\tpkgdown\tmain\tpush\t18392047702\t3m50s\t2026-10-11T21:09:33Z
completed\tsuccess\tpkgdown: list landmark_km() in the reference index\tR-CMD-check\tmain\tpush\t18311950420\t13m41s\t2026-10-07T10:39:12Z
completed\tsuccess\tpkgdown: list landmark_km() in the reference index\tpkgdown\tmain\tpush\t18311950398\t4m2s\t2026-10-07T10:39:12Z""")
        t.fail("gh run view 18392047711 --exit-status", "Show the failed run", f"""
X main R-CMD-check dvolkov/survtools#18392047711
Triggered via push about 12 hours ago

JOBS
✓ macos-latest (release) in 9m12s (ID 52637410118)
✓ windows-latest (release) in 12m40s (ID 52637410125)
X ubuntu-latest (devel) in 13m58s (ID 52637410131)
  ✓ Set up job
  ✓ Run actions/checkout@v4
  ✓ Run r-lib/actions/setup-pandoc@v2
  ✓ Run r-lib/actions/setup-r@v2
  ✓ Run r-lib/actions/setup-r-dependencies@v2
  X Run r-lib/actions/check-r-package@v2
  ✓ Post Run r-lib/actions/setup-r-dependencies@v2
  ✓ Post Run actions/checkout@v4
  ✓ Complete job
✓ ubuntu-latest (release) in 8m3s (ID 52637410140)
✓ ubuntu-latest (oldrel-1) in 8m44s (ID 52637410152)

ANNOTATIONS
X Process completed with exit code 1.
ubuntu-latest (devel): .github#11

To see what failed, try: gh run view 18392047711 --log-failed
View this run on GitHub: {GH}/actions/runs/18392047711""", code=1)
        job = "ubuntu-latest (devel)\tRun r-lib/actions/check-r-package@v2\t2026-10-11T21:2"
        loglines = [
            "2:08.1197330Z ── R CMD check ─────────────────────────────────────────────────────────────────",
            "2:08.1213455Z * using R Under development (unstable) (2026-10-10 r89406)",
            "2:51.5962277Z   Running ‘testthat.R’",
            "2:51.6018824Z  ERROR",
            "2:51.6019409Z Running the tests in ‘tests/testthat.R’ failed.",
            "2:51.6019980Z Last 13 lines of output:",
            "2:51.6020551Z   ══ Failed tests ════════════════════════════════════════════════════════════════",
            "2:51.6021154Z   ── Failure ('test-plot-km.R:6:3'): km_plot() default appearance ───────────────",
            "2:51.6021740Z   Snapshot of `testcase` to 'plot-km/km-plot-default.svg' has changed",
            "2:51.6022319Z   Run `testthat::snapshot_review('plot-km/')` to review changes",
            "2:51.6022908Z   Backtrace:",
            "2:51.6023466Z       ▆",
            "2:51.6024037Z    1. └─vdiffr::expect_doppelganger(\"km-plot-default\", p) at test-plot-km.R:6:3",
            "2:51.6024615Z    2.   └─testthat::expect_snapshot_file(...)",
            "2:51.6025182Z   ",
            "2:51.6025750Z   [ FAIL 1 | WARN 0 | SKIP 0 | PASS 96 ]",
            "2:51.6026311Z   Error: Test failures",
            "2:51.6026877Z   Execution halted",
            "3:12.4410528Z * checking for non-standard things in the check directory ... OK",
            "3:12.4411290Z * DONE",
            "3:12.4411845Z Status: 1 ERROR",
            "3:12.4512031Z Error: Error in `rcmdcheck::rcmdcheck(...)`: R CMD check found ERRORs",
            "3:12.5030377Z ##[error]Process completed with exit code 1.",
        ]
        t.bash("gh run view 18392047711 --log-failed | tail -n 40", "The failed job's log",
               out="\n".join(job + l for l in loglines))
        t.bash("gh api repos/dvolkov/survtools/actions/runs/18392047711/artifacts --jq '.artifacts[].name'",
               "Artifacts of the run", out="ubuntu-latest-devel-results")
        t.done("""Only the **R-devel** job failed; release, oldrel-1, macOS and Windows are green.

The failure is a figure snapshot, not our code:

```
── Failure ('test-plot-km.R:6:3'): km_plot() default appearance ──
Snapshot of `testcase` to 'plot-km/km-plot-default.svg' has changed
[ FAIL 1 | WARN 0 | SKIP 0 | PASS 96 ]
```

The same test passed on R-devel on Oct 7 and nothing in `km_plot()` changed since then — the push that went red only touched `renv.lock`. So R-devel (r89406, built Oct 10) now renders the SVG slightly differently; vdiffr snapshots are sensitive to that (text metrics, path precision). The job uploaded `ubuntu-latest-devel-results`, which contains the new `.svg` if you want to diff it.

I haven't changed anything. Options when you want to act: wait for R-devel/svglite/vdiffr to settle (usually what happens), or skip the doppelganger tests on R-devel only. I'd leave it red for a few days and look again.""")

    # ============================================================ S5  Wed 10-14
    rmst_diff_r = """#' Difference in restricted mean survival time between two arms
#'
#' RMST of both arms up to `tau` and their difference (second level of `arm`
#' minus the first), with a Wald confidence interval and p-value, as
#' reported by `survRM2::rmst2()` for the unadjusted analysis.
#'
#' @param data A data frame.
#' @param time,status,arm Names of the time, status and arm columns. `arm`
#'   must have exactly two levels; the first one is the reference.
#' @param tau Truncation time. Must not be larger than the last follow-up
#'   time in either arm.
#' @param conf_level Confidence level of the interval.
#'
#' @return A one-row data frame with columns `tau`, `rmst_ref`, `rmst_trt`,
#'   `diff`, `se`, `lower`, `upper` and `p_value`.
#' @export
#' @examples
#' colon_death <- survival::colon[survival::colon$etype == 2, ]
#' rmst_diff(colon_death, "time", "status", "rx", tau = 1825)
rmst_diff <- function(data, time, status, arm, tau, conf_level = 0.95) {
  check_tau(tau)
  check_conf_level(conf_level)
  groups <- as.factor(data[[arm]])
  if (nlevels(groups) != 2) {
    cli::cli_abort(c(
      "{.arg arm} must have exactly 2 levels, not {nlevels(groups)}.",
      "i" = "Levels: {.val {levels(groups)}}."
    ))
  }

  d <- data.frame(time = data[[time]], status = data[[status]], arm = groups)
  fit <- survival::survfit(survival::Surv(time, status) ~ arm, data = d)
  r <- rmst(fit, tau = tau, conf_level = conf_level)

  z <- stats::qnorm(1 - (1 - conf_level) / 2)
  diff <- r$rmst[2] - r$rmst[1]
  se <- sqrt(sum(r$se^2))

  data.frame(
    tau = tau,
    rmst_ref = r$rmst[1],
    rmst_trt = r$rmst[2],
    diff = diff,
    se = se,
    lower = diff - z * se,
    upper = diff + z * se,
    p_value = 2 * stats::pnorm(-abs(diff / se))
  )
}
"""
    test_rmst_diff = """test_that("rmst_diff() matches survRM2::rmst2()", {
  skip_if_not_installed("survRM2")
  res <- rmst_diff(lung, "time", "status", "sex", tau = 900)
  ref <- survRM2::rmst2(lung$time, lung$status - 1, arm = as.integer(lung$sex == "female"), tau = 900)
  unadj <- ref$unadjusted.result["RMST (arm=1)-(arm=0)", ]
  expect_equal(res$diff, unadj[["Est."]], tolerance = 1e-6)
  expect_equal(res$lower, unadj[["lower .95"]], tolerance = 1e-6)
  expect_equal(res$upper, unadj[["upper .95"]], tolerance = 1e-6)
  expect_equal(res$p_value, unadj[["p"]], tolerance = 1e-6)
})

test_that("rmst_diff() needs exactly two arms", {
  d <- lung
  d$arm3 <- rep(c("a", "b", "c"), length.out = nrow(d))
  expect_snapshot(rmst_diff(d, "time", "status", "arm3", tau = 365), error = TRUE)
})

test_that("the first level of arm is the reference", {
  d <- lung
  d$sex <- stats::relevel(d$sex, ref = "female")
  expect_lt(rmst_diff(d, "time", "status", "sex", tau = 900)$diff, 0)
})
"""
    with d.session("2026-10-14T09:15:00", R, branch="main", version="2.1.119"):
        t = d.task("#46: rmst_diff(data, time, status, arm, tau) — difference in RMST between two arms with a Wald CI "
                   "and p-value, the way survRM2 reports it. errors through cli_abort, never stop() — e.g. when arm "
                   "doesn't have exactly two levels. roxygen with an example, tests against survRM2, NEWS.",
                   tags=["workflow:W3", "pref:P1"])
        t.bash("git switch main && git pull --ff-only && git switch -c feat/rmst-diff",
               "New branch from an up-to-date main", out="""Updating 0c7b3aa..4d91e60
Fast-forward
 NEWS.md                          |  1 +
 R/rmst.R                         | 33 +++++++++++++++++++++++++++++++--
 man/rmst.Rd                      |  3 ++-
 tests/testthat/_snaps/rmst.md    |  9 +++++++++
 tests/testthat/test-rmst.R       |  5 +++++
 5 files changed, 48 insertions(+), 3 deletions(-)""",
               err="Switched to branch 'main'\nYour branch is behind 'origin/main' by 2 commits, and can be "
                   "fast-forwarded.\n  (use \"git pull\" to update your local branch)\nSwitched to a new branch "
                   "'feat/rmst-diff'")
        t.read(rm)
        t.say("I'll build the two-arm fit from the column names and reuse `rmst()` for the per-arm estimates, so the "
              "tau-vs-follow-up check in `rmst()` applies here too. Arms are independent, so the SE of the difference is "
              "sqrt(se1² + se2²) — the same unadjusted contrast survRM2 prints.")
        rdf = P("R/rmst-diff.R")
        t.write(rdf, rmst_diff_r)
        t.bash("Rscript -e 'devtools::document()'", "Regenerate NAMESPACE and Rd files",
               err=document_err(["NAMESPACE", "rmst_diff.Rd"]))
        t.write(P("tests/testthat/test-rmst-diff.R"), test_rmst_diff)
        snap46 = """Code
  rmst_diff(d, "time", "status", "arm3", tau = 365)
Condition
  Error in `rmst_diff()`:
  ! `arm` must have exactly 2 levels, not 3.
  i Levels: "a", "b", and "c"."""
        t.bash("Rscript -e 'devtools::test(filter = \"rmst-diff\")'", "Run the new tests",
               out=test_out(5, warns=[("WARNING", "test-rmst-diff.R:15:3", "Adding new snapshot:\n" + snap46)]),
               err="ℹ Testing survtools")
        t.read(nw)
        t.edit(nw, "# survtools (development version)\n\n", "# survtools (development version)\n\n"
               "* New `rmst_diff()`: RMST difference between two arms with CI and p-value (#46).\n")
        pk = P("_pkgdown.yml")
        t.read(pk)
        t.edit(pk, "  - rmst\n", "  - rmst\n  - rmst_diff\n")
        n_pass += 6
        t.bash("Rscript -e 'devtools::test()'", "Run the whole test suite", out=test_out(n_pass),
               err="ℹ Testing survtools")
        t.done(f"""`rmst_diff()` is on `feat/rmst-diff`:

- **`R/rmst-diff.R`:** builds the two-arm `survfit` from the `time`/`status`/`arm` column names, takes the per-arm RMST and SE from `rmst()` (so `tau` past the last follow-up of an arm errors, as for #55), and returns `rmst_ref`, `rmst_trt`, `diff` (second level minus first), `se`, Wald `lower`/`upper` and `p_value` in one row. Input errors go through `cli::cli_abort()` — e.g. `arm` with 3 levels lists them.
- **Docs/NEWS/pkgdown:** roxygen with an example, `man/rmst_diff.Rd` + NAMESPACE export, one NEWS line, listed in `_pkgdown.yml`.
- **Tests:** difference, CI limits and p-value equal `survRM2::rmst2()` on lung by sex at tau = 900 (to 1e-6); snapshot of the two-levels error; the reference level follows `arm`'s first level. Whole suite: {n_pass} passed.""")

        t = d.task("ship it", tags=["workflow:W1", "oneoff:O2"])
        rfiles3 = sorted(rfiles + ["R/rmst-diff.R", "tests/testthat/test-rmst-diff.R"])
        t.bash("Rscript -e 'styler::style_pkg()'", "Style the package",
               out=styler_out(rfiles3, changed=["tests/testthat/test-rmst-diff.R"]))
        t.bash("Rscript -e 'lintr::lint_package()'", "Lint the package", err="ℹ No lints found.")
        ex_err = """Running examples in ‘survtools-Ex.R’ failed
The error most likely occurred in:

> ### Name: rmst_diff
> ### Title: Difference in restricted mean survival time between two arms
> ### Aliases: rmst_diff
> 
> ### ** Examples
> 
> colon_death <- survival::colon[survival::colon$etype == 2, ]
> rmst_diff(colon_death, "time", "status", "rx", tau = 1825)
Error in `rmst_diff()`:
! `arm` must have exactly 2 levels, not 3.
ℹ Levels: "Obs", "Lev", and "Lev+5FU".
Backtrace:
    ▆
 1. └─survtools::rmst_diff(colon_death, "time", "status", "rx", tau = 1825)
 2.   └─cli::cli_abort(...)
 3.     └─rlang::abort(...)
Execution halted"""
        chk, _ = devtools_check_out("0.6.0.9000", {"checking examples": ("E", "ERROR", ex_err)}, secs=66.3,
                                    clock="2026-10-14 10:02:39")
        t.fail("Rscript -e 'devtools::check()'", "Full R CMD check via devtools", chk, code=1, timeout=900000)
        t.say("My example is wrong: `colon$rx` has three levels (Obs, Lev, Lev+5FU), so `rmst_diff()` correctly "
              "refuses it. `devtools::test()` doesn't run examples, which is why it only shows up here. I'll compare "
              "observation against Lev+5FU.")
        t.edit(rdf, """#' colon_death <- survival::colon[survival::colon$etype == 2, ]
#' rmst_diff(colon_death, "time", "status", "rx", tau = 1825)""", """#' colon_os <- subset(survival::colon, etype == 2 & rx != "Lev")
#' colon_os$rx <- droplevels(colon_os$rx)
#' rmst_diff(colon_os, "time", "status", "rx", tau = 1825)""")
        chk2, _ = devtools_check_out("0.6.0.9000", secs=64.0, clock="2026-10-14 10:06:15",
                                     documenting=["Writing 'rmst_diff.Rd'"])
        t.bash("Rscript -e 'devtools::check()'", "Full R CMD check again", out=chk2, timeout=900000)
        c6, cm = commit_out("feat/rmst-diff", "Add rmst_diff() (#46)", 8, 151, 0,
                            creates=["R/rmst-diff.R", "man/rmst_diff.Rd", "tests/testthat/_snaps/rmst-diff.md",
                                     "tests/testthat/test-rmst-diff.R"])
        t.bash("git add -A && git commit -m \"Add rmst_diff() (#46)\"", "Commit", out=cm)
        t.bash("git push -u origin feat/rmst-diff", "Push the branch", err=push_new("feat/rmst-diff"))
        t.bash("gh pr create --base main --title \"Add rmst_diff()\" --body \"RMST difference between two arms "
               "(second level minus first) with Wald CI and p-value, matching survRM2::rmst2()'s unadjusted result. "
               "Reuses rmst(), so the #55 tau check applies.\n\nCloses #46\"", "Open the PR", out=f"{GH}/pull/58",
               err=pr_create_err("feat/rmst-diff"))
        t.done(f"""PR #58 is open: {GH}/pull/58 (closes #46).

- styler touched `test-rmst-diff.R`; no lints.
- The first `devtools::check()` failed in **examples**: my `rmst_diff()` example used `colon$rx`, which has three arms, so the function (rightly) aborted. The example now keeps Obs vs Lev+5FU (`subset()` + `droplevels()`); the second check is clean — 0 errors, 0 warnings, 0 notes.
- Commit `{c6}`, pushed to `feat/rmst-diff`.""")

        d.precompact("""Analysis: Dmitri maintains the CRAN package survtools (github.com/dvolkov/survtools) at /home/dmitri/src/survtools: survival-analysis helpers around the survival package (km_summary, km_median_ci, rmst, rmst_diff, logrank_test, cox_table, landmark_km, km_plot). R 4.6, renv project library, devtools (document/test/check), testthat 3 with snapshots and vdiffr, roxygen2 markdown, lintr + styler, pkgdown site, a Quarto validation report in analysis/validation.qmd (typst PDF, compares survtools with survival and SAS PROC LIFETEST reference CSVs for the SURV-204 trial), GitHub Actions R-CMD-check + pkgdown. Co-maintainer Hanna Lindqvist reviews and merges PRs.

Summary:
1. Primary requests this session: implement #46 rmst_diff() (done on feat/rmst-diff) and ship it (PR #58 opened after fixing a failing example).
2. Key decisions: errors go through cli::cli_abort() only (no stop()); NEWS entries are a single line with the issue number; the report stays a typst PDF because QA signs the PDF.
3. Files touched: R/rmst-diff.R, tests/testthat/test-rmst-diff.R (+ snapshot), NEWS.md, _pkgdown.yml, man/rmst_diff.Rd, NAMESPACE.
4. Earlier this week: km_median_ci() (#44, PR #52 merged), rmst() refuses tau past the last follow-up (#55, PR #56 merged), survival 3.8-6 in renv.lock, pkgdown index fixed for landmark_km(). CI's R-devel job fails on a vdiffr snapshot of km_plot (left alone on purpose).
5. Pending: nothing open from the user right now.""")

        t = d.task("Hanna merged #58. add an RMST section to the validation report — survtools::rmst_diff vs "
                   "survRM2::rmst2 for SURV-204 at tau = 24 months — and render it", tags=["mistake:M1"])
        t.bash("git switch main && git pull --ff-only", "Update main", out="""Updating 4d91e60..a27c5f1
Fast-forward
 NAMESPACE                            |  1 +
 NEWS.md                              |  1 +
 R/rmst-diff.R                        | 59 +++++++++++++++++++++++++++++
 _pkgdown.yml                         |  1 +
 man/rmst_diff.Rd                     | 46 ++++++++++++++++++++++
 tests/testthat/_snaps/rmst-diff.md   |  9 +++++
 tests/testthat/test-rmst-diff.R      | 25 ++++++++++++
 7 files changed, 142 insertions(+)
 create mode 100644 R/rmst-diff.R
 create mode 100644 man/rmst_diff.Rd
 create mode 100644 tests/testthat/_snaps/rmst-diff.md
 create mode 100644 tests/testthat/test-rmst-diff.R""", err="Switched to branch 'main'")
        t.read(vq)
        t.edit(vq, """## Figure
""", """## Restricted mean survival time

RMST up to 24 months in both arms and the difference Experimental minus
Control, against `survRM2::rmst2()`.

```{r}
#| label: rmst
ours <- survtools::rmst_diff(surv204, "os_months", "status", "arm", tau = 24)
ref <- survRM2::rmst2(surv204$os_months, surv204$status,
                      arm = as.integer(surv204$arm == "Experimental"), tau = 24)
ref_diff <- ref$unadjusted.result["RMST (arm=1)-(arm=0)", ]
rmst_cmp <- data.frame(
  quantity = c("RMST Control", "RMST Experimental", "Difference", "Lower 95%", "Upper 95%", "p-value"),
  survtools = c(ours$rmst_ref, ours$rmst_trt, ours$diff, ours$lower, ours$upper, ours$p_value),
  survRM2 = c(ref$RMST.arm0$rmst[["Est."]], ref$RMST.arm1$rmst[["Est."]],
              ref_diff[["Est."]], ref_diff[["lower .95"]], ref_diff[["upper .95"]], ref_diff[["p"]])
)
rmst_cmp$abs_diff <- abs(rmst_cmp$survtools - rmst_cmp$survRM2)
kable(rmst_cmp, digits = 6)
```

## Figure
""")
        t.fail("quarto render analysis/validation.qmd", "Render the validation report", quarto_fail(
            d.files[vq], "rmst", ["Error:", "! 'rmst_diff' is not an exported object from 'namespace:survtools'"]),
               code=1, timeout=300000)
        t.bash("ls -ld --time-style=long-iso renv/library/linux-ubuntu-noble/R-4.6/x86_64-pc-linux-gnu/survtools && "
               "git log -1 --format='%h %ad %s' --date=iso -- R/rmst-diff.R",
               "When was survtools last installed vs. when rmst_diff() landed", out=(
                   "drwxrwxr-x 10 dmitri dmitri 4096 2026-10-07 10:19 "
                   "renv/library/linux-ubuntu-noble/R-4.6/x86_64-pc-linux-gnu/survtools\n"
                   "a27c5f1 2026-10-14 11:37:02 +0200 Add rmst_diff() (#58)"))
        t.say("Quarto's R session loads the survtools that is installed in the renv library, and that copy dates from "
              "Oct 7 — a week before `rmst_diff()` was merged — so it has no such export. Reinstalling from the "
              "source tree:")
        t.bash("R CMD INSTALL --no-multiarch --with-keep.source .", "Install survtools from source into the renv library",
               out=install_log("0.6.0.9000", via_devtools=False), timeout=600000)
        t.bash("quarto render analysis/validation.qmd", "Render the validation report again",
               err=quarto_ok(d.files[vq], "typst", title), timeout=300000)
        t.done("""The report has a new **Restricted mean survival time** section: RMST per arm, the Experimental − Control difference, its 95% CI and p-value from `survtools::rmst_diff()` next to `survRM2::rmst2()`, with the absolute difference per row. `analysis/validation.pdf` is rendered.

The first render failed in that chunk with `'rmst_diff' is not an exported object from 'namespace:survtools'`: the copy in the renv library was installed on Oct 7, a week before #58. `R CMD INSTALL .` replaced it with the current main, and the render went through.""")

        t = d.task("just a question, don't run anything: is the SE of the difference in rmst_diff exactly what survRM2 "
                   "computes, or only the same asymptotically? the QA folks will ask.", tags=["noise", "no_tools"])
        t.done("""Exactly the same, not just asymptotically — for the unadjusted analysis.

- **Per arm:** `rmst()` takes the RMST and its SE from `survival`'s `rmean` computation, which is the area under the KM step function up to τ with the Greenwood-type variance: Σ over event times of (area from t to τ)² · d/(Y(Y−d)). `survRM2::rmst1()` computes the same estimator (that's why the per-arm values agree to ~1e-10 in the tests).
- **Difference:** the arms are independent samples, so Var(diff) = Var₁ + Var₂. `rmst_diff()` uses √(se₁² + se₂²) with a normal quantile; survRM2's unadjusted "RMST (arm=1)-(arm=0)" row does the same, and its p-value is the two-sided Wald p. Hence the 1e-6 agreement in the tests and in the report.

Two caveats worth telling QA:
1. It is a large-sample (Wald) interval — neither package does small-sample corrections.
2. The equivalence only holds for the **unadjusted** result. survRM2's covariate-adjusted RMST (`covariates =`) is a regression model; survtools doesn't offer that.""")

    # ============================================================ S6  Mon 10-19
    with d.session("2026-10-19T14:10:00", R, branch="main", version="2.1.121"):
        t = d.task("ggplot2 4.0.1 is on CRAN. bump it in renv and make sure the km_plot figure tests still pass before "
                   "we release", tags=["workflow:W2"])
        t.bash("Rscript -e 'renv::update(\"ggplot2\")'", "Update ggplot2 in the project library",
               out=renv_update_out("ggplot2", "4.0.0", "4.0.1", "1.4", "installed binary in 0.6s", "0.7"))
        t.bash("Rscript -e 'devtools::test()'", "Run the test suite (incl. vdiffr figures)", out=test_out(n_pass),
               err="ℹ Testing survtools")
        t.bash("Rscript -e 'renv::snapshot()'", "Record ggplot2 4.0.1 in renv.lock",
               out=renv_snapshot_out("ggplot2", "4.0.0", "4.0.1"))
        c7, cm = commit_out("main", "renv: ggplot2 4.0.1", 1, 3, 3)
        t.bash("git add renv.lock && git commit -m \"renv: ggplot2 4.0.1\" && git push", "Commit and push the lockfile",
               out=cm, err=f"To github.com:dvolkov/survtools.git\n   a27c5f1..{c7}  main -> main")
        t.done(f"""ggplot2 4.0.1 is installed and recorded in `renv.lock` (`{c7}`, pushed). `devtools::test()`: {n_pass} passed, 0 failures — the three `km_plot()` doppelganger snapshots match, so 4.0.1 draws the figures exactly as 4.0.0 did.""")

        t = d.task("let's prepare 0.7.0: version in DESCRIPTION, NEWS heading, cran-comments. on a release branch",
                   tags=["noise"])
        t.bash("git switch -c release/0.7.0", "Release branch", err="Switched to a new branch 'release/0.7.0'")
        ds = P("DESCRIPTION")
        t.read(ds)
        t.edit(ds, "Version: 0.6.0.9000", "Version: 0.7.0")
        t.read(nw)
        t.edit(nw, "# survtools (development version)\n", "# survtools 0.7.0\n")
        cc = P("cran-comments.md")
        t.read(cc)
        t.write(cc, """## R CMD check results

0 errors | 0 warnings | 0 notes

* Local: Ubuntu 24.04, R 4.6.1, `R CMD check --as-cran`.
* GitHub Actions: macOS and Windows (release), Ubuntu (devel, release,
  oldrel-1).
* win-builder: R-devel.

## revdepcheck results

We checked 2 reverse dependencies, comparing R CMD check results across CRAN
and dev versions of this package.

 * We saw 0 new problems
 * We failed to check 0 packages
""")
        c8, cm = commit_out("release/0.7.0", "Prepare 0.7.0", 3, 10, 5)
        t.bash("git add -A && git commit -m \"Prepare 0.7.0\"", "Commit the release prep", out=cm)
        t.done(f"""On `release/0.7.0` (`{c8}`):

- `DESCRIPTION`: Version 0.7.0.
- `NEWS.md`: the development section is now `# survtools 0.7.0` — landmark_km() (#50), km_median_ci() (#44), rmst_diff() (#46) and the rmst() tau fix (#55).
- `cran-comments.md`: check results and the environments. It still states the revdep result from 0.6.0 — re-run the two revdeps (or tell me to) before submitting, and the local/win-builder lines only become true once those checks have run.""")

        t = d.task("now the real CRAN-style check before submitting: rcmdcheck with --as-cran, and make it fail on "
                   "warnings", tags=["mistake:M2", "long_output"])
        probs = {
            "checking PDF version of manual": ("W", "WARNING", PDF_MANUAL_WARNING),
            "checking PDF version of manual without index": (
                "E", "ERROR", PDF_MANUAL_ERROR.format(tmp=tmpname("Rtmp"), hexid=hx(12))),
            "checking HTML version of manual": ("N", "NOTE", "Skipping checking HTML validation: no command 'tidy' found"),
        }
        chk, _ = devtools_check_out("0.7.0", probs, secs=91.4, clock="2026-10-19 14:39:03", direct=True, manual=True)
        t.fail("Rscript -e 'rcmdcheck::rcmdcheck(args = \"--as-cran\", error_on = \"warning\")'",
               "R CMD check --as-cran via rcmdcheck", chk, code=1, timeout=1200000)
        t.bash("Rscript -e 'Sys.which(c(\"pdflatex\", \"xelatex\", \"tlmgr\"))'", "Is there any TeX on this machine?",
               out='pdflatex  xelatex    tlmgr \n      ""       ""       "" ')
        t.say("Everything in the package passed; the ERROR, the WARNING and the NOTE are all about the manual, and "
              "the machine has no TeX at all. Re-running the same check with `--no-manual`:")
        chk2, _ = devtools_check_out("0.7.0", secs=84.9, clock="2026-10-19 14:43:30", direct=True, manual=False)
        t.bash("Rscript -e 'rcmdcheck::rcmdcheck(args = c(\"--as-cran\", \"--no-manual\"), error_on = \"warning\")'",
               "R CMD check --as-cran via rcmdcheck, without the PDF manual", out=chk2, timeout=1200000)
        t.done("""`R CMD check --as-cran` on 0.7.0 (via rcmdcheck, including the remote CRAN-incoming checks): **0 errors, 0 warnings, 0 notes.**

The first run reported 1 error, 1 warning and 1 note, all from the manual: *checking PDF version of manual* → `pdflatex is not available` (no TeX installed here — `Sys.which()` finds neither pdflatex, xelatex nor tlmgr) and the HTML-manual note about `tidy`. With `--no-manual` the rest of the check is clean: incoming feasibility, examples, tests, vignette rebuild.

The PDF manual is still covered by the GitHub Actions checks (which have TeX) and by win-builder, so nothing is skipped for the submission.""")

        t = d.task("send it to win-builder too, R-devel", tags=["flaky:F2"])
        wb_head = ["Building windows version of survtools (0.7.0)",
                   "ℹ Using R-devel with win-builder.r-project.org."]
        wb_build = pkgbuild_lines("0.7.0")
        wb_build.insert(1, "pdflatex not found! Not building PDF manual.")
        wb_fail = "\n".join(wb_head + wb_build + [
            "Error in curl::curl_fetch_memory(url, handle = h) : ",
            "  Timeout was reached [win-builder.r-project.org]: Connection timed out after 10002 milliseconds",
            "Calls: <Anonymous> ... walk -> lapply -> FUN -> <Anonymous> -> <Anonymous>",
            "Execution halted"])
        t.fail("Rscript -e 'devtools::check_win_devel()'", "Upload to win-builder (R-devel)", wb_fail, code=1,
               timeout=600000)
        wb_build2 = pkgbuild_lines("0.7.0")
        wb_build2.insert(1, "pdflatex not found! Not building PDF manual.")
        t.bash("Rscript -e 'devtools::check_win_devel()'", "Upload to win-builder (R-devel)",
               out="\n".join(wb_build2 + [rule()]),
               err="\n".join(wb_head + ["ℹ Check <dmitri.volkov@protonmail.com> for the results in 15-30 mins "
                                        "(~03:26 PM)."]), timeout=600000)
        t.done("""Uploaded to win-builder's R-devel queue; the results will come to dmitri.volkov@protonmail.com in 15–30 minutes (around 15:26).

The first attempt timed out connecting to win-builder.r-project.org (`Connection timed out after 10002 milliseconds`); the same call a minute later went through. (win-builder builds the PDF manual on its side, so its report covers that part too.)""")

    # ============================================================ S7  Fri 10-23  (acceptEdits)
    with d.session("2026-10-23T08:50:00", R, branch="main", version="2.1.122", permission_mode="acceptEdits"):
        t = d.task("CRAN accepted 0.7.0 this morning 🎉 I merged the release branch. tag it, push the tag, make the "
                   "GitHub release from the NEWS section, then bump main to the dev version", tags=["noise"])
        t.bash("git switch main && git pull --ff-only", "Update main", out=f"""Updating {c7}..5b0e8d2
Fast-forward
 DESCRIPTION      |  2 +-
 NEWS.md          |  2 +-
 cran-comments.md | 11 ++++++++---
 3 files changed, 10 insertions(+), 5 deletions(-)""", err="Switched to branch 'main'")
        t.bash("git tag -a v0.7.0 -m \"survtools 0.7.0\" && git push origin v0.7.0", "Tag and push v0.7.0",
               err="To github.com:dvolkov/survtools.git\n * [new tag]         v0.7.0 -> v0.7.0")
        t.bash("gh release create v0.7.0 --title \"survtools 0.7.0\" --notes \"* New landmark_km(): Kaplan-Meier "
               "estimates conditional on survival to a landmark time (@hlindqvist, #50).\n* New km_median_ci(): median "
               "survival with its CI per stratum (#44).\n* New rmst_diff(): RMST difference between two arms with CI "
               "and p-value (#46).\n* rmst() errors when tau is past the last follow-up of a stratum (#55).\"",
               "Create the GitHub release", out=f"{GH}/releases/tag/v0.7.0")
        t.read(ds)
        t.edit(ds, "Version: 0.7.0", "Version: 0.7.0.9000")
        t.read(nw)
        t.edit(nw, "# survtools 0.7.0\n", "# survtools (development version)\n\n# survtools 0.7.0\n")
        c9, cm = commit_out("main", "Increment version number to 0.7.0.9000", 2, 3, 1)
        t.bash("git add DESCRIPTION NEWS.md && git commit -m \"Increment version number to 0.7.0.9000\" && git push",
               "Commit and push the dev version bump", out=cm,
               err=f"To github.com:dvolkov/survtools.git\n   5b0e8d2..{c9}  main -> main")
        t.done(f"""Done:

- `v0.7.0` tagged on the merged release commit and pushed.
- GitHub release: {GH}/releases/tag/v0.7.0, notes = the 0.7.0 NEWS bullets.
- main is at 0.7.0.9000 with an empty `# survtools (development version)` section in NEWS (`{c9}`, pushed).""")

        t = d.task("compare our SURV-204 KM estimates against the final SAS run on the biostat share: "
                   "/mnt/biostat/trials/SURV-204/sas/final/lifetest_os.csv", tags=["unfixed:U2"])
        t.fail("ls -l /mnt/biostat/trials/SURV-204/sas/final/", "Look at the SAS output folder",
               "ls: cannot access '/mnt/biostat/trials/SURV-204/sas/final/': No such file or directory", code=2)
        t.bash("ls -la /mnt/biostat", "What is under the mount point", out="""total 8
drwxr-xr-x 2 root root 4096 Mar  3  2026 .
drwxr-xr-x 4 root root 4096 Mar  3  2026 ..""")
        t.fail("findmnt /mnt/biostat", "Is the share mounted?", "", code=1)
        t.bash("grep biostat /etc/fstab", "How the share is meant to be mounted",
               out="//fs02.biostat.internal/biostat  /mnt/biostat  cifs  credentials=/home/dmitri/.smbcred,"
                   "uid=1000,gid=1000,noauto,user,vers=3.0  0  0")
        t.done("""I can't get to the file: **the biostat share isn't mounted** on this machine.

- `/mnt/biostat` exists but is an empty directory, and `findmnt /mnt/biostat` finds no mount.
- `/etc/fstab` has it as a CIFS mount of `//fs02.biostat.internal/biostat` with `noauto,user`, so it is only mounted on demand — and `fs02` is normally only reachable over the VPN.

I haven't tried to mount it (that needs your SMB credentials and probably the VPN). Either mount it (`mount /mnt/biostat`) and tell me, or copy `lifetest_os.csv` into `analysis/reference/` — then I'll add the comparison to the validation report.""")

        t = d.task("#42: number-at-risk table. risk_table(fit, times) — strata × times counts as a data frame; we'll "
                   "draw it under km_plot later. keep dplyr and friends out of Imports, base R only in package code.",
                   tags=["workflow:W3", "pref:P2"])
        t.bash("git switch -c feat/risk-table", "New branch for #42", err="Switched to a new branch 'feat/risk-table'")
        t.glob("R/*.R", [P(f) for f in ["R/cox.R", "R/km-median.R", "R/km.R", "R/landmark.R", "R/logrank.R",
                                         "R/plot-km.R", "R/rmst-diff.R", "R/rmst.R", "R/survtools-package.R",
                                         "R/utils-checks.R"]], path=R)
        t.read(P("R/km.R"))
        t.write(P("R/risk-table.R"), """#' Number at risk
#'
#' Number of subjects at risk in each stratum of `fit` at the given times,
#' as printed under Kaplan-Meier figures.
#'
#' @inheritParams km_summary
#'
#' @return A data frame with a `strata` column and one column per time,
#'   named after the time.
#' @export
#' @examples
#' fit <- survival::survfit(survival::Surv(time, status) ~ sex, data = survival::lung)
#' risk_table(fit, times = c(0, 180, 365, 730))
risk_table <- function(fit, times) {
  check_survfit(fit)
  check_times(times)

  s <- summary(fit, times = times, extend = TRUE)
  strata <- if (is.null(s$strata)) factor(rep("All", length(s$time))) else s$strata
  wide <- tapply(s$n.risk, list(strata, s$time), sum)
  data.frame(strata = rownames(wide), wide, row.names = NULL, check.names = FALSE)
}
""")
        t.bash("Rscript -e 'devtools::document()'", "Regenerate NAMESPACE and Rd files",
               err=document_err(["NAMESPACE", "risk_table.Rd"]))
        t.write(P("tests/testthat/test-risk-table.R"), """test_that("risk_table() matches summary.survfit()", {
  fit <- fit_lung("sex")
  res <- risk_table(fit, times = c(0, 180, 365))
  s <- summary(fit, times = c(0, 180, 365))
  expect_equal(res$strata, c("sex=male", "sex=female"))
  expect_equal(res[["180"]], s$n.risk[s$time == 180])
  expect_equal(res[["365"]], s$n.risk[s$time == 365])
})

test_that("risk_table() gives 0 at risk after the last follow-up", {
  expect_equal(risk_table(fit_lung(), times = 1100)[["1100"]], 0)
})

test_that("risk_table() checks its input", {
  expect_error(risk_table(fit_lung(), times = "a"), class = "rlang_error")
})
""")
        t.bash("Rscript -e 'devtools::test(filter = \"risk-table\")'", "Run the new tests", out=test_out(5),
               err="ℹ Testing survtools")
        t.read(nw)
        t.edit(nw, "# survtools (development version)\n\n", "# survtools (development version)\n\n"
               "* New `risk_table()`: number at risk per stratum at given times (#42).\n\n")
        t.read(pk)
        t.edit(pk, "  - km_plot\n", "  - km_plot\n  - risk_table\n")
        n_pass += 5
        t.bash("Rscript -e 'devtools::test()'", "Run the whole test suite", out=test_out(n_pass),
               err="ℹ Testing survtools")
        c10, cm = commit_out("feat/risk-table", "Add risk_table() (#42)", 7, 71, 0,
                             creates=["R/risk-table.R", "man/risk_table.Rd", "tests/testthat/test-risk-table.R"])
        t.bash("git add -A && git commit -m \"Add risk_table() (#42)\"", "Commit", out=cm)
        t.done(f"""`risk_table()` is on `feat/risk-table` (`{c10}`):

- Base R only: `summary(fit, times = , extend = TRUE)` for the counts, `tapply()` into a strata × times matrix, returned as a data frame with `strata` and one column per time (`"0"`, `"180"`, …). Times past the last follow-up give 0. Nothing new in Imports.
- roxygen + example, `man/risk_table.Rd`, NAMESPACE export, NEWS line, `_pkgdown.yml` (under Figures, next to `km_plot`).
- Tests against `summary.survfit()` on lung by sex, the 0-after-follow-up case and the input check. Whole suite: {n_pass} passed.

Not pushed yet — say if you want the PR now or together with the plot integration.""")

        t = d.task("no need to run anything: roxygen question — should our print methods use @export or "
                   "@exportS3Method? I've seen both", tags=["noise", "no_tools"])
        t.done("""For methods of **base** generics like `print()`, plain `@export` is enough and is what survtools uses: roxygen2 sees `print.survtools_median` is a method for a generic it can find and writes `S3method(print,survtools_median)` to NAMESPACE (not `export()`).

`@exportS3Method` is for the cases where roxygen can't work that out:

- the **generic lives in a package you don't import** (e.g. `knitr::knit_print`, `pillar::format`): `@exportS3Method knitr::knit_print` registers the method lazily, only when knitr is loaded — no Imports entry needed;
- the function name is **ambiguous** (`all.equal.foo` — is it `all.equal` for class `foo` or `all` for `equal.foo`?): `@exportS3Method all.equal foo` makes it explicit.

So: keep `@export` for `print`/`format`/`summary` methods; reach for `@exportS3Method pkg::generic` when we add something like a `knit_print` method for nicer tables in the report.""")

    # Dmitri reviews: feat/risk-table merged as #60; he also merges the release branch back
    # ============================================================ S8  Mon 10-26
    with d.session("2026-10-26T10:30:00", R, branch="main", version="2.1.123"):
        t = d.task("QA changed their mind: from now on the validation report goes out as one self-contained HTML file "
                   "instead of the typst PDF — they want to open it in a browser and click through the tables. switch "
                   "the format and re-render.", tags=["reversal:P3", "webfetch"])
        t.read(vq)
        t.webfetch("https://quarto.org/docs/output-formats/html-basics.html",
                   "How do I make the HTML output a single self-contained file with no external resources?",
                   """To produce a standalone HTML file with no external dependencies, use the `embed-resources` option:

```yaml
format:
  html:
    embed-resources: true
```

All CSS, JavaScript, images and fonts are then embedded (as data URIs) into the single output file, so it can be shared and opened without the accompanying `_files` directory. (`self-contained: true` is the older, deprecated name for this option.) Math rendered with MathJax is an exception unless `html-math-method` is set to a method that can be embedded, such as `plain` or `webtex`, or MathJax is loaded from a local file.""")
        t.edit(vq, QMD_HEADER_TYPST, QMD_HEADER_HTML)
        t.bash("quarto render analysis/validation.qmd", "Render the report as self-contained HTML",
               err=quarto_ok(d.files[vq], "html", title), timeout=300000)
        t.bash("ls -lh analysis/validation.html && ls -d analysis/validation_files 2>&1", "Check the output",
               out="-rw-rw-r-- 1 dmitri dmitri 2.3M Oct 26 10:41 analysis/validation.html",
               err="ls: cannot access 'analysis/validation_files': No such file or directory")
        c11, cm = commit_out("main", "validation report: self-contained HTML instead of typst PDF", 1, 5, 7)
        t.bash("git add analysis/validation.qmd && git commit -m \"validation report: self-contained HTML instead of "
               "typst PDF\"", "Commit the format change", out=cm)
        t.done(f"""The report is now `format: html` with `embed-resources: true` (plus a TOC, the cosmo theme and SVG figures so the KM plot stays sharp when zoomed). `quarto render` produced a single `analysis/validation.html` (2.3 MB) with no `validation_files/` folder next to it — CSS, JS and figures are embedded, so QA can open it straight from the share or an e-mail. Committed as `{c11}`.

The typst settings are gone from the YAML; if QA ever needs the PDF back, it's `format: typst` again.""")

        t = d.task("logrank_test() prints like a bare data frame. give it a proper print method — statistic, df and p "
                   "like survdiff's last line — and let km_plot() take a logrank_test() result and show the same line "
                   "as the subtitle. then run the full check", tags=["mistake:M3"])
        lr = P("R/logrank.R")
        t.read(lr)
        t.edit(lr, """#' @export
print.survtools_logrank <- function(x, ...) {
  print(as.data.frame(unclass(x)), ...)
  invisible(x)
}""", """#' @export
print.survtools_logrank <- function(x, digits = 4, ...) {
  cat(
    "Log-rank test, ", x$n_groups, " groups: χ² = ",
    format(x$statistic, digits = digits), " on ", x$df, " df, p = ",
    format.pval(x$p_value, digits = digits), "\\n",
    sep = ""
  )
  invisible(x)
}""")
        pl = P("R/plot-km.R")
        t.read(pl)
        t.edit(pl, """#' @param xlab,ylab Axis labels.
""", """#' @param xlab,ylab Axis labels.
#' @param logrank Optional result of [logrank_test()]; its statistic and
#'   p-value are shown as the subtitle.
""")
        t.edit(pl, """km_plot <- function(fit, conf_int = TRUE, censor_marks = TRUE,
                    xlab = "Time", ylab = "Survival probability") {""", """km_plot <- function(fit, conf_int = TRUE, censor_marks = TRUE,
                    xlab = "Time", ylab = "Survival probability", logrank = NULL) {""")
        t.edit(pl, """      shape = 3, size = 1.5, show.legend = FALSE
    )
  }
  p
}""", """      shape = 3, size = 1.5, show.legend = FALSE
    )
  }
  if (!is.null(logrank)) {
    p <- p + ggplot2::labs(subtitle = sprintf(
      "Log-rank χ² = %.2f on %d df, p = %s",
      logrank$statistic, logrank$df, format.pval(logrank$p_value, digits = 3)
    ))
  }
  p
}""")
        t.bash("Rscript -e 'devtools::document()'", "Regenerate the Rd files", err=document_err(["km_plot.Rd"]))
        tl = P("tests/testthat/test-logrank.R")
        t.read(tl)
        t.edit(tl, """test_that("rho = 1 gives the Peto-Peto test", {""", """test_that("print method reads like survdiff's last line", {
  expect_snapshot(logrank_test(survival::Surv(time, status) ~ sex, data = lung))
})

test_that("rho = 1 gives the Peto-Peto test", {""")
        snaplr = """Code
  logrank_test(survival::Surv(time, status) ~ sex, data = lung)
Output
  Log-rank test, 2 groups: χ² = 10.33 on 1 df, p = 0.001311"""
        t.bash("Rscript -e 'devtools::test(filter = \"logrank|plot-km\")'", "Run the logrank and plot tests",
               out=test_out(6, warns=[("WARNING", "test-logrank.R:9:3", "Adding new snapshot:\n" + snaplr)]),
               err="ℹ Testing survtools")
        n_pass += 1
        chk, _ = devtools_check_out("0.7.0.9000", {"checking code files for non-ASCII characters": (
            "W", "WARNING", non_ascii_detail(["R/logrank.R", "R/plot-km.R"]))}, secs=66.8, clock="2026-10-26 11:12:40")
        t.fail("Rscript -e \"devtools::check()\"", "Full R CMD check via devtools", chk, code=1, timeout=900000)
        l1 = '    "Log-rank test, ", x$n_groups, " groups: χ² = ",'
        l2 = '      "Log-rank χ² = %.2f on %d df, p = %s",'
        t.bash("Rscript -e 'for (f in c(\"R/logrank.R\", \"R/plot-km.R\")) tools::showNonASCIIfile(f)'",
               "Find the non-ASCII characters", out=(
                   f"{line_of(d.files[lr], l1)}:     \"Log-rank test, \", x$n_groups, \" groups: <cf><87><c2><b2> = \",\n"
                   f"{line_of(d.files[pl], l2)}:       \"Log-rank <cf><87><c2><b2> = %.2f on %d df, p = %s\","))
        t.say("Both are the `χ²` I typed into the two new strings (U+03C7 and U+00B2). Writing them as `\\u03c7\\u00b2` "
              "keeps the printed text — and the new snapshot — identical.")
        t.edit(lr, l1, '    "Log-rank test, ", x$n_groups, " groups: \\u03c7\\u00b2 = ",')
        t.edit(pl, l2, '      "Log-rank \\u03c7\\u00b2 = %.2f on %d df, p = %s",')
        chk2, _ = devtools_check_out("0.7.0.9000", secs=64.1, clock="2026-10-26 11:16:58")
        t.bash("Rscript -e \"devtools::check()\"", "Full R CMD check again", out=chk2, timeout=900000)
        t.done("""- **`print.survtools_logrank()`** now prints one line like survdiff's: `Log-rank test, 2 groups: χ² = 10.33 on 1 df, p = 0.001311` (snapshot added in `test-logrank.R`).
- **`km_plot(logrank = )`** takes a `logrank_test()` result and puts `Log-rank χ² = 10.33 on 1 df, p = 0.00131` in the subtitle; documented in `man/km_plot.Rd`. The existing figure snapshots are unchanged because the default is `NULL`.
- **Check:** the first `devtools::check()` warned about non-ASCII characters in `R/logrank.R` and `R/plot-km.R` — the literal `χ²` in both strings. They're `\\u03c7\\u00b2` escapes now (same output); the second run is clean: 0 errors, 0 warnings, 0 notes.

Changes are uncommitted on main — want them on a branch with a PR?""")

        t = d.task("cli 3.6.6 is out. bump it in renv like last time, tests, snapshot, commit the lockfile",
                   tags=["workflow:W2"])
        t.bash("Rscript -e 'renv::status()'", "Check the renv state",
               out="No issues found -- the project is in a consistent state.")
        t.bash("Rscript -e 'renv::update(\"cli\")'", "Update cli in the project library",
               out=renv_update_out("cli", "3.6.5", "3.6.6", "0.9", "installed binary", "0.2"))
        t.bash("Rscript -e 'devtools::test()'", "Run the test suite", out=test_out(n_pass), err="ℹ Testing survtools")
        t.bash("Rscript -e 'renv::snapshot()'", "Record cli 3.6.6 in renv.lock",
               out=renv_snapshot_out("cli", "3.6.5", "3.6.6"))
        c12, cm = commit_out("main", "renv: cli 3.6.6", 1, 3, 3)
        t.bash("git add renv.lock && git commit -m \"renv: cli 3.6.6\"", "Commit only the lockfile", out=cm)
        t.done(f"""cli 3.6.6 is in the project library and `renv.lock` (`{c12}`). `devtools::test()`: {n_pass} passed — including the error-message snapshots, so cli's formatting didn't change under us. I committed only `renv.lock`; the logrank/km_plot changes are still uncommitted in the working tree.""")

    # between sessions: Dmitri commits the logrank/km_plot work himself (#62); Hanna merges #60 and #62
    d.files[nw] = d.files[nw].replace(
        "* New `risk_table()`: number at risk per stratum at given times (#42).\n",
        "* New `risk_table()`: number at risk per stratum at given times (#42).\n"
        "* `logrank_test()` results print like survdiff's summary line; `km_plot(logrank =)` (#62).\n")

    # ============================================================ S9  Wed 10-28
    with d.session("2026-10-28T15:20:00", R, branch="main", version="2.1.124", end_reason="other"):
        t = d.task("Hanna asks in #61 why km_median_ci() gives NA for an upper limit. have a look with the real "
                   "numbers and answer her on the issue — short", tags=["noise"])
        t.bash("gh issue view 61", "Read issue #61", out="""title:\tkm_median_ci(): NA upper limit in the PD-L1 high subgroup
state:\tOPEN
author:\thlindqvist
labels:\tquestion
comments:\t0
assignees:\t
projects:\t
milestone:\t
number:\t61
--
Running the SURV-204 subgroup tables I get `NA` as the upper CI limit for the Experimental arm in the PD-L1 high subgroup, while the median itself is 27.4. SAS shows "." for it too, so probably right — but why, and should the docs say so?

```r
sub <- subset(surv204, pdl1 == "high")
fit <- survfit(Surv(os_months, status) ~ arm, data = sub, conf.type = "log-log")
km_median_ci(fit)
```""")
        t.bash("Rscript -e 'devtools::load_all(quiet = TRUE); d <- subset(readRDS(\"analysis/data/surv204_os.rds\"), "
               "pdl1 == \"high\"); fit <- survival::survfit(survival::Surv(os_months, status) ~ arm, data = d, "
               "conf.type = \"log-log\"); print(km_median_ci(fit)); s <- summary(fit); "
               "e <- s$strata == \"arm=Experimental\"; print(tail(data.frame(time = s$time, n_risk = s$n.risk, "
               "surv = s$surv, lower = s$lower, upper = s$upper)[e, ], 4), digits = 3)'",
               "Median CI and the tail of the Experimental arm's curve", out="Median survival (95% CI, log-log)\n" + df_print(
                   ["strata", "n", "events", "median"], [["arm=Control", 71, 55, "13.1 (10.2–16.8)"],
                                                         ["arm=Experimental", 69, 41, "27.4 (21.0–  NA)"]]) + """
    time n_risk  surv lower upper
121 28.1     13 0.432 0.318 0.541
124 29.6     10 0.398 0.279 0.515
127 31.0      7 0.355 0.228 0.512
130 32.4      4 0.296 0.163 0.509""")
        t.bash("gh issue comment 61 --body \"The NA is correct. The upper limit of the median CI is the first time "
               "the upper pointwise confidence band of S(t) drops to 0.5 or below. In the PD-L1 high Experimental arm "
               "that band is still at 0.509 at the last event time (32.4 months, 4 patients at risk), so the limit is "
               "not estimable — SAS's '.' means the same. I'll add a sentence to the km_median_ci() docs.\"",
               "Answer on the issue", out=f"{GH}/issues/61#issuecomment-3447120958")
        t.done("""Answered on #61 ({GH}/issues/61#issuecomment-3447120958): the NA is correct — the upper limit is the first time the **upper** pointwise band of S(t) reaches 0.5, and for PD-L1 high / Experimental that band is still 0.509 at the last event (32.4 months, 4 at risk). SAS prints "." for the same reason.

Two small things I noticed on the way (not changed yet):
- the print method pads the NA (`27.4 (21.0–  NA)`) because `format()` aligns the column — trimming would look nicer;
- the docs say `NA` "when the curve or the limit does not drop to 0.5" but could spell out the upper-band case — I promised Hanna a sentence.""".replace("{GH}", GH))

        t = d.task("put the number-at-risk table (risk_table, #60 is merged) under the KM figure in the validation "
                   "report, at 0/6/12/18/24 months, and re-render", tags=["mistake:M1"])
        t.bash("git pull --ff-only", "Update main", out=f"""Updating {c12}..8f3d1b0
Fast-forward
 NAMESPACE                          |  1 +
 NEWS.md                            |  3 +++
 R/logrank.R                        | 10 +++++++---
 R/plot-km.R                        | 11 ++++++++++-
 R/risk-table.R                     | 25 +++++++++++++++++++++++++
 _pkgdown.yml                       |  1 +
 man/km_plot.Rd                     |  6 +++++-
 man/risk_table.Rd                  | 30 ++++++++++++++++++++++++++++++
 tests/testthat/_snaps/logrank.md   |  6 ++++++
 tests/testthat/test-logrank.R      |  4 ++++
 tests/testthat/test-risk-table.R   | 17 +++++++++++++++++
 11 files changed, 109 insertions(+), 4 deletions(-)
 create mode 100644 R/risk-table.R
 create mode 100644 man/risk_table.Rd
 create mode 100644 tests/testthat/test-risk-table.R""")
        t.read(vq)
        t.edit(vq, """km_plot(fit, xlab = "Months since randomisation")
```
""", """km_plot(fit, xlab = "Months since randomisation")
```

```{r}
#| label: risk-table
kable(risk_table(fit, times = c(0, 6, 12, 18, 24)), caption = "Number at risk")
```
""")
        t.fail("quarto render analysis/validation.qmd", "Render the validation report", quarto_fail(
            d.files[vq], "risk-table", ["Error in `risk_table()`:", '! could not find function "risk_table"']),
               code=1, timeout=300000)
        t.bash("Rscript -e 'packageVersion(\"survtools\")' && grep '^Version' DESCRIPTION",
               "Installed survtools vs. the source version", out="[1] ‘0.6.0.9000’\nVersion: 0.7.0.9000")
        t.say("The renv library still has a 0.6.0.9000 build — older than the 0.7.0 release, so certainly older than "
              "#60 — and the report loads that one. Installing the current source:")
        t.bash("Rscript -e 'devtools::install(quick = TRUE, upgrade = \"never\")'",
               "Quick install of the current source into the renv library",
               out=install_log("0.7.0.9000", quick=True), timeout=600000)
        t.bash("quarto render analysis/validation.qmd", "Render the validation report again",
               err=quarto_ok(d.files[vq], "html", title), timeout=300000)
        t.done("""The number-at-risk table (0, 6, 12, 18 and 24 months per arm) now sits right under the KM figure in `analysis/validation.html`.

The first render stopped at the new chunk with `could not find function "risk_table"` — Quarto's R loads survtools from the renv library, and that copy was still a 0.6.0.9000 build from before the 0.7.0 release. After `devtools::install(quick = TRUE)` (0.7.0.9000 from the current source) the render completed.""")

        t = d.task("write the entry for the report's QA change log — what changed since the last signed version "
                   "(Oct 7). three lines max, no need to look anything up", tags=["noise", "no_tools"])
        t.done("""- Added RMST section (survtools `rmst_diff()` vs survRM2, tau = 24 months) and a number-at-risk table under the KM figure.
- Output format changed from typst PDF to a single self-contained HTML file at QA's request; content otherwise unchanged.
- Report rendered with survtools 0.7.0.9000 (0.7.0 + risk_table) and survival 3.8-6; all comparisons within 1e-6.""")

    # ============================================================ S10  Tue 11-03
    with d.session("2026-11-03T09:05:00", R, branch="main", version="2.1.126"):
        t = d.task("""CRAN wrote:

> Please see the problems shown on <https://cran.r-project.org/web/checks/check_results_survtools.html>.
> Please correct before 2026-11-17 to safely retain your package on CRAN.

the r-devel flavors fail in test-km-median.R with `Error in tab[, "records"]: subscript out of bounds` — survival 3.9-0 (in R-devel) dropped the `records` column from summary(fit)$table. main has nothing half-done, so fix it on a release/0.7.1 branch off main and bump the version.""",
                   tags=["noise"])
        t.bash("git switch main && git pull --ff-only && git switch -c release/0.7.1", "Release branch off main",
               out="Already up to date.", err="Already on 'main'\nYour branch is up to date with 'origin/main'.\n"
                                              "Switched to a new branch 'release/0.7.1'")
        kmm = P("R/km-median.R")
        t.read(kmm)
        t.bash("Rscript -e 'library(survival); colnames(summary(survfit(Surv(time, status) ~ 1, data = lung))$table); "
               "packageVersion(\"survival\")'", "Which columns does the summary table have here?", out=""" [1] "records"   "n.max"     "n.start"   "events"    "rmean"     "se(rmean)"
 [7] "median"    "0.95LCL"   "0.95UCL"  
[1] ‘3.8-6’""")
        t.say("`n.max` (the largest number at risk, i.e. the number of subjects for right-censored data) is there in "
              "3.8-6 and is not among the columns 3.9-0 drops, so reading `n` from it works with both versions.")
        t.edit(kmm, '    n = unname(tab[, "records"]),', '    n = unname(tab[, "n.max"]),')
        t.read(ds)
        t.edit(ds, "Version: 0.7.0.9000", "Version: 0.7.1")
        t.read(nw)
        t.edit(nw, "# survtools (development version)\n\n", "# survtools 0.7.1\n\n"
               "* `km_median_ci()` works with survival >= 3.9-0, which drops the `records` column (CRAN request).\n")
        t.bash("Rscript -e 'devtools::test()'", "Run the test suite", out=test_out(n_pass), err="ℹ Testing survtools")
        c13, cm = commit_out("release/0.7.1", "km_median_ci(): use n.max, survival 3.9-0 compatible; 0.7.1", 3, 5, 3)
        t.bash("git commit -am \"km_median_ci(): use n.max, survival 3.9-0 compatible; 0.7.1\"", "Commit", out=cm)
        t.done(f"""On `release/0.7.1` (`{c13}`):

- `km_median_ci()` takes `n` from the `n.max` column instead of `records`. `n.max` exists in survival 3.8-6 (checked here) and in 3.9-0, and for right-censored data it is the number of subjects, so the value doesn't change.
- DESCRIPTION 0.7.1; NEWS has a `# survtools 0.7.1` heading with the fix on one line, above the risk_table / logrank entries that ship with it.
- Local tests: {n_pass} passed — but locally that's survival 3.8-6. The proof for 3.9-0 is an R-devel run (win-builder devel or the GitHub devel job).""")

        t = d.task("build it and run R CMD check --as-cran on the tarball. skip the remote incoming checks — the URL "
                   "checks hang on the hospital VPN", tags=["mistake:M2", "long_output"])
        t.bash("R CMD build .", "Build the source tarball", out=rcmd_build_plain("0.7.1"), timeout=600000)
        txt, status, code = rcmd_check_plain("0.7.1", R, manual=True, remote=False, clock="2026-11-03 09:41:15")
        t.fail("_R_CHECK_CRAN_INCOMING_REMOTE_=false R CMD check --as-cran survtools_0.7.1.tar.gz",
               "R CMD check --as-cran on the tarball, no remote incoming checks", txt, code=code, timeout=1200000)
        t.bash("ls /usr/bin | grep -i tex; echo ---; ls -d ~/.TinyTeX ~/bin/pdflatex 2>&1", "Any TeX installation?",
               out="texi2any\ntexi2dvi\ntexi2pdf\n---",
               err="ls: cannot access '/home/dmitri/.TinyTeX': No such file or directory\n"
                   "ls: cannot access '/home/dmitri/bin/pdflatex': No such file or directory")
        t.say("Only texinfo's `texi2dvi` wrapper is installed — no TeX engine behind it, so the PDF manual can't be "
              "built here. Same check without the manual:")
        txt2, status2, _ = rcmd_check_plain("0.7.1", R, manual=False, remote=False, clock="2026-11-03 09:46:02")
        t.bash("_R_CHECK_CRAN_INCOMING_REMOTE_=false R CMD check --as-cran --no-manual survtools_0.7.1.tar.gz",
               "R CMD check --as-cran without the PDF manual", out=txt2, timeout=1200000)
        t.done(f"""`R CMD check --as-cran` on `survtools_0.7.1.tar.gz` (remote incoming checks off): **{status2}**.

The first run failed only in *checking PDF version of manual* — `pdflatex is not available` (this machine has texinfo's `texi2dvi` but no TeX engine), plus the HTML-manual note that comes with it. Everything else — examples, tests, vignette, incoming feasibility without the URL checks — was OK, and the re-run with `--no-manual` is clean.""")

        t = d.task("update cran-comments.md for the resubmission (CRAN's request, the survival 3.9-0 fix), commit and "
                   "push the branch", tags=["noise"])
        t.read(cc)
        t.write(cc, """## Resubmission at CRAN's request

This release fixes the r-devel test failures on the CRAN check page:
`km_median_ci()` no longer reads the `records` column of
`summary.survfit()$table`, which survival 3.9-0 removed.

## R CMD check results

0 errors | 0 warnings | 0 notes

* Local: Ubuntu 24.04, R 4.6.1, `R CMD check --as-cran`.
* GitHub Actions: macOS and Windows (release), Ubuntu (devel, release,
  oldrel-1).

## revdepcheck results

We checked 2 reverse dependencies, comparing R CMD check results across CRAN
and dev versions of this package.

 * We saw 0 new problems
 * We failed to check 0 packages
""")
        c14, cm = commit_out("release/0.7.1", "cran-comments for 0.7.1", 1, 8, 3)
        t.bash("git add cran-comments.md && git commit -m \"cran-comments for 0.7.1\" && git push -u origin "
               "release/0.7.1", "Commit and push the release branch", out=cm, err=push_new("release/0.7.1"))
        t.done(f"""`cran-comments.md` now opens with a *Resubmission at CRAN's request* section (the r-devel failures and the survival 3.9-0 change), then the check results. Committed (`{c14}`) and pushed `release/0.7.1`.

Before submitting: the GitHub R-devel job on this branch should go green with survival 3.9-0 — that's the one run that actually exercises the fix — and the revdep lines are still the ones from 0.7.0.""")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "The Quarto validation report (analysis/validation.qmd) calls library(survtools), so it "
                            "runs against the copy installed in the renv project library, not the source tree. After "
                            "new package code lands (a new export or a new function used by the report), Claude "
                            "renders the report without reinstalling the package first, and the render stops in the "
                            "new chunk.",
             "error_signature": "quarto render / knitr: 'Error in `km_median_ci()`: ! could not find function "
                                "\"km_median_ci\"' (or \"risk_table\"), or 'Error: ! 'rmst_diff' is not an exported "
                                "object from 'namespace:survtools'', followed by 'Quitting from validation.qmd:<lines> "
                                "[<chunk>]' and 'Execution halted' (exit 1)",
             "fix": "Install the current source into the renv library first — `Rscript -e 'devtools::install()'` "
                    "(or `R CMD INSTALL .`) — then run the same `quarto render analysis/validation.qmd` again.",
             "fix_command_markers": [["devtools::install", "R CMD INSTALL"]],
             "harmful_markers": ["sys.source(", "source(\"../R/", "survtools:::", "remove.packages("]},
            {"id": "M2",
             "description": "This machine has no TeX installation. When Claude runs a CRAN-style check itself — "
                            "`R CMD check --as-cran <tarball>` or `rcmdcheck::rcmdcheck(args = \"--as-cran\")` "
                            "(devtools::check() passes --no-manual on its own) — the PDF manual step fails and the "
                            "whole check exits with an ERROR although the package is fine.",
             "error_signature": "R CMD check: '* checking PDF version of manual ... WARNING LaTeX errors when "
                                "creating PDF version.' then '* checking PDF version of manual without index ... "
                                "ERROR' … 'Error in texi2dvi(file = file, pdf = TRUE, clean = clean, quiet = quiet,  "
                                ": pdflatex is not available' … 'Status: 1 ERROR, 1 WARNING, … NOTE' (exit 1), or "
                                "rcmdcheck's '1 error ✖ | 1 warning ✖ | 1 note ✖' / 'Error: R CMD check found ERRORs'",
             "fix": "Re-run the same check with `--no-manual` added (`R CMD check --as-cran --no-manual <tarball>`, "
                    "`args = c(\"--as-cran\", \"--no-manual\")`); the PDF manual is checked on GitHub Actions, "
                    "win-builder and CRAN.",
             "fix_command_markers": [["--no-manual"]],
             "harmful_markers": ["|| true", "--no-tests", "--no-examples", "--ignore-vignettes",
                                 "_R_CHECK_FORCE_SUGGESTS_=false"]},
            {"id": "M3",
             "description": "Claude writes non-ASCII characters into R string literals (an en dash in a CI format, "
                            "'≤' in a cli error message, 'χ²' in a print method and a plot subtitle). Tests pass, but "
                            "`devtools::check()` (error_on = \"warning\" when not interactive) fails with the "
                            "non-ASCII code WARNING.",
             "error_signature": "R CMD check: 'checking code files for non-ASCII characters ... WARNING' / 'Found "
                                "the following file(s) with non-ASCII characters:' <R/file.R …> / 'Portable packages "
                                "must use only ASCII characters in their R code and NAMESPACE directives, except "
                                "perhaps in comments. Use \\uxxxx escapes for other characters.' then 'Error: R CMD "
                                "check found WARNINGs' (exit 1)",
             "fix": "Replace the character in the R string with its \\uxxxx escape (\\u2013, \\u2264, "
                    "\\u03c7\\u00b2) — output and snapshots stay identical — and re-run the same devtools::check().",
             "fix_command_markers": [["\\u"]],
             "harmful_markers": ["_R_CHECK_ASCII_CODE_", "iconv(", "error_on = \"never\"", "error_on = \"error\""]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`pkgdown::check_pkgdown()`: 'In _pkgdown.yml, 1 topic missing from index: "
                                        "\"landmark_km\".' after a teammate's PR added an export; fixed by listing "
                                        "landmark_km in the reference section of _pkgdown.yml, same command passes."},
            {"id": "O2", "description": "`devtools::check()`: 'checking examples ... ERROR' — the new rmst_diff() "
                                        "example used survival::colon's three-level rx, so the function's own "
                                        "two-levels check aborted; fixed by subsetting to two arms in the @examples, "
                                        "same command passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`gh run view <id> --exit-status` on main's R-CMD-check run: only the "
                                        "ubuntu-latest (devel) job fails, a vdiffr figure snapshot of km_plot() changed "
                                        "under a new R-devel build; reported with options, nothing changed."},
            {"id": "U2", "description": "`ls /mnt/biostat/trials/SURV-204/sas/final/` → 'No such file or directory' "
                                        "and `findmnt /mnt/biostat` exit 1: the CIFS share is not mounted (noauto, "
                                        "needs VPN/credentials); reported, the comparison is not done."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`renv::update(\"survival\")`: 'Error: error downloading … survival_3.8-6.tar.gz "
                                        "[curl: (28) Failed to connect to packagemanager.posit.co port 443 after 10002 "
                                        "ms: Timeout was reached]'; identical re-run succeeds."},
            {"id": "F2", "description": "`devtools::check_win_devel()`: 'Error in curl::curl_fetch_memory(url, handle = "
                                        "h) : Timeout was reached [win-builder.r-project.org]: Connection timed out "
                                        "after 10002 milliseconds'; identical re-run uploads."},
        ],
        workflows=[
            {"id": "W1", "description": "Ship a branch: `styler::style_pkg()`, `lintr::lint_package()`, "
                                        "`devtools::check()`, commit, `git push -u origin <branch>`, `gh pr create "
                                        "--base main` with a short body that closes/fixes the issue.",
             "step_markers": [["styler::style_pkg"], ["lintr::lint_package"], ["devtools::check"], ["gh pr create"]]},
            {"id": "W2", "description": "Dependency bump in renv: (`renv::status()`), `renv::update(\"<pkg>\")`, "
                                        "`devtools::test()`, `renv::snapshot()`, commit renv.lock alone.",
             "step_markers": [["renv::update"], ["devtools::test"], ["renv::snapshot"], ["git add renv.lock"]]},
            {"id": "W3", "description": "New exported function: branch, R/<name>.R with roxygen (@param, @return, "
                                        "@export, @examples), `devtools::document()`, tests/testthat/test-<name>.R "
                                        "(snapshots for error messages), `devtools::test(filter = …)` then the whole "
                                        "suite, one-line NEWS.md entry, _pkgdown.yml reference entry.",
             "step_markers": [["devtools::document"], ["tests/testthat/test-"], ["devtools::test"], ["NEWS.md"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Input checks and errors in package code go through cli::cli_abort() (with "
                                        "{.arg} markup); never a bare stop().",
             "markers": [["cli_abort"], ["stop("]]},
            {"id": "P2", "description": "Keep dplyr and other tidyverse packages out of Imports; base R only in "
                                        "package code.",
             "markers": [["dplyr"], ["Imports"]]},
            {"id": "P3", "description": "The validation report is rendered as a typst PDF (QA archives and signs the "
                                        "PDF) — later reversed: one self-contained HTML file (embed-resources) "
                                        "instead of the PDF.",
             "markers": [["typst"], ["PDF"]],
             "reversal_markers": [["HTML"], ["self-contained", "embed-resources"]]},
        ],
        probes=[
            {"prompt": "quarto render analysis/validation.qmd stops with: Error in `landmark_km()`: ! could not find "
                       "function \"landmark_km\" … Quitting from validation.qmd:96-103 [landmark]. It's exported, I can "
                       "see it in NAMESPACE.", "wanted": ["M1"]},
            {"prompt": "Add a landmark analysis section to the validation report using landmark_km() at 6 months "
                       "(Hanna just merged the new `times` handling) and render it.", "wanted": ["M1"]},
            {"prompt": "R CMD check --as-cran on the tarball ends with 'checking PDF version of manual without index "
                       "... ERROR' and 'pdflatex is not available'. What now?", "wanted": ["M2"]},
            {"prompt": "Build survtools_0.7.2.tar.gz and run a CRAN-style R CMD check --as-cran on it before I "
                       "submit.", "wanted": ["M2"]},
            {"prompt": "devtools::check() fails: checking code files for non-ASCII characters ... WARNING — Found "
                       "the following file with non-ASCII characters: R/cox.R", "wanted": ["M3"]},
            {"prompt": "Make cox_table()'s print method show 'HR (95% CI lower–upper)' with a proper en dash and "
                       "run the full check.", "wanted": ["M3"]},
            {"prompt": "Explain briefly the difference between the Greenwood and the Peto variance for the "
                       "Kaplan-Meier estimator.", "wanted": []},
            {"prompt": "Write a testthat test for km_summary() with tied event times.", "wanted": []},
            {"prompt": "Draft a short reply to #63 asking the reporter for a reprex.", "wanted": []},
            {"prompt": "What does @inheritParams do in roxygen2, and when does it not pick up a parameter?",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "r-pkg.jsonl"), os.path.join(HERE, "tune", "r-pkg.labels.json"))
    print(f"r-pkg -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
