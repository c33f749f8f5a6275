"""latex-thesis: Maya Okafor, PhD student in computational immunology, thesis + two papers in LaTeX.

Stack: latexmk (lualatex for the thesis with the university class, pdflatex for the papers), biblatex + biber
with a Zotero (Better BibTeX) export plus a hand-kept bib, subfiles chapters, TikZ/pgfplots, minted listings,
Python figure/table scripts (pandas, matplotlib) in a conda env, a Makefile, chktex, arxiv_latex_cleaner.

Written blind for fresh/; measured once held out (round 17), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "maya"
R = "/home/maya/phd"
MODEL = "claude-opus-4-6"
HX = random.Random(9917)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


MAKEFILE = """# PhD thesis + papers. `make` builds the thesis only.
# Figures are NOT rebuilt by the PDF targets: the scripts take a few minutes,
# so run `make figures` after changing results/ or scripts/ (figures/ is gitignored).

PY      := conda run -n thesis python
LATEXMK := latexmk -interaction=nonstopmode -file-line-error

include figures.mk          # FIGS and one `fig: script data` line per figure

.PHONY: all thesis tcr clonal figures tables lint clean

all: thesis

thesis:
\t$(LATEXMK) -lualatex -shell-escape -outdir=build thesis.tex

tcr:
\tcd papers/tcr-embed && $(LATEXMK) -pdf -shell-escape main.tex

clonal:
\tcd papers/clonal-dynamics && $(LATEXMK) -pdf main.tex

figures: $(FIGS)

$(FIGS):
\t@mkdir -p $(dir $@)
\t$(PY) $< --out $@

tables:
\t$(PY) scripts/tab_benchmark.py

lint:
\tchktex -q -l .chktexrc thesis.tex chapters/*.tex

clean:
\tlatexmk -c -outdir=build thesis.tex
\tcd papers/tcr-embed && latexmk -c main.tex
\tcd papers/clonal-dynamics && latexmk -c main.tex
"""

UNICODE = r"""% Characters pdflatex (inputenc utf8) does not know out of the box.
% Both papers \input this; the thesis is built with lualatex and does not need it.
\DeclareUnicodeCharacter{2009}{\,}          % thin space (copied from Zotero notes)
\DeclareUnicodeCharacter{00A0}{~}           % no-break space
"""

CLONE_SCRIPT = '''"""Figure 3.1: clone size distribution per donor (rank-frequency)."""
import argparse

import matplotlib.pyplot as plt
import pandas as pd

plt.style.use("scripts/thesis.mplstyle")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="figures/ch3/clone_sizes.pdf")
    args = ap.parse_args()

    df = pd.read_csv("results/repertoire/clone_sizes.csv")
    fig, ax = plt.subplots(figsize=(5.8, 3.4))
    for donor, g in df.groupby("donor"):
        g = g.sort_values("clone_size", ascending=False).reset_index(drop=True)
        ax.plot(g.index + 1, g["clone_size"] / g["clone_size"].sum(), lw=1, label=donor)
    ax.set_yscale("log")
    ax.set_xlabel("clone rank")
    ax.set_ylabel("clone frequency")
    ax.legend(ncol=3, frameon=False, fontsize=7)
    fig.savefig(args.out)
    print(f"wrote {args.out} (n={len(df):,} clonotypes, {df.donor.nunique()} donors)")


if __name__ == "__main__":
    main()
'''

POSTERIOR_SCRIPT = '''"""Figure 4.2: posterior of the turnover rate per compartment."""
import argparse

import matplotlib.pyplot as plt
import pandas as pd

plt.style.use("scripts/thesis.mplstyle")

COMPARTMENTS = ["naive", "central memory", "effector memory"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="figures/ch4/posterior.pdf")
    args = ap.parse_args()

    post = pd.read_csv("results/model/posterior_v2.csv")
    fig, axes = plt.subplots(1, 3, figsize=(6.0, 2.2), sharey=True)
    for ax, comp in zip(axes, COMPARTMENTS):
        ax.hist(post.loc[post.compartment == comp, "turnover"], bins=40, color="0.35")
        ax.set_title(comp, fontsize=8)
        ax.set_xlabel("turnover (per day)")
    axes[0].set_ylabel("posterior draws")
    fig.savefig(args.out)
    print(f"wrote {args.out} ({len(post):,} draws)")


if __name__ == "__main__":
    main()
'''

RUNTIME_SCRIPT = '''"""Figure 5.1: tcr-embed runtime vs. number of sequences."""
import argparse

import matplotlib.pyplot as plt
import pandas as pd

plt.style.use("scripts/thesis.mplstyle")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="figures/ch5/runtime.pdf")
    args = ap.parse_args()

    rt = pd.read_csv("results/benchmark/runtime.csv")
    fig, ax = plt.subplots(figsize=(4.2, 3.0))
    for method, g in rt.groupby("method"):
        ax.plot(g["n_seqs"], g["seconds"], marker="o", ms=3, label=method)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("sequences")
    ax.set_ylabel("wall time (s)")
    ax.legend(frameon=False, fontsize=7)
    fig.savefig(args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
'''

CH3 = r"""\documentclass[../thesis.tex]{subfiles}
\begin{document}

\chapter{The TCR repertoire of ageing T cells}
\label{ch:repertoire}

\section{Clonal structure across donors}
\label{sec:clonal-structure}

We sequenced the TCR$\beta$ repertoire of six donors at three time points.
A small number of clones dominates every repertoire.

\begin{figure}[tbp]
  \centering
  \includegraphics[width=\textwidth]{figures/ch3/clone_sizes.pdf}
  \caption{Clone size distribution per donor.}
  \label{fig:clone-sizes}
\end{figure}

\section{Somatic diversity}
\label{sec:diversity}

Diversity falls with age in the memory compartments but not in the naive compartment.

\end{document}
"""

CH4 = r"""\documentclass[../thesis.tex]{subfiles}
\begin{document}

\chapter{A model of memory T cell turnover}
\label{ch:model}

\section{Model structure}
\label{sec:model-structure}

We model each compartment as a birth--death process with influx from the naive pool.

\section{Model fitting}
\label{sec:model-fitting}

% TODO intro paragraph

\begin{figure}[tbp]
  \centering
  \includegraphics[width=\textwidth]{figures/ch4/posterior.pdf}
  \caption{Posterior of the turnover rate per compartment.}
  \label{fig:posterior}
\end{figure}

\section{Software}
\label{sec:model-software}

Clonotypes were called with MiXCR~\parencite{bolotin2015mixcr}.

\end{document}
"""

MANUAL_BIB = """% Hand-kept entries that are not in Zotero (software, datasets, preprints without DOI).
% bib/references.bib is the Better BibTeX auto-export -- never edit that one by hand.

@software{okafor2026tcrembed,
  author  = {Okafor, Maya and Lindqvist, Ana},
  title   = {tcr-embed},
  version = {0.4.1},
  year    = {2026},
  url     = {https://github.com/mokafor/tcr-embed},
}

@dataset{cbrc2025agecohort,
  author    = {{CBRC Immunology Core}},
  title     = {Ageing cohort TCR-seq, release 3},
  year      = {2025},
  publisher = {Zenodo},
  doi       = {10.5281/zenodo.14402217},
}
"""

TCR_MAIN = r"""\documentclass[11pt]{article}
\usepackage[T1]{fontenc}
\usepackage[margin=2.5cm]{geometry}
\usepackage{amsmath,booktabs,siunitx,graphicx}
\usepackage{minted}
\usepackage[style=nature,backend=biber]{biblatex}
\addbibresource{../../bib/references.bib}
\addbibresource{../../bib/manual.bib}
\usepackage{hyperref}
\usepackage{cleveref}
\input{../../common/unicode}

\title{tcr-embed: contrastive embeddings of T cell receptor sequences}
\author{Maya Okafor \and Ana Lindqvist}

\begin{document}
\maketitle

\section{Introduction}
Predicting which epitope a T cell receptor binds remains hard~\cite{dash2017tcrdist,glanville2017gliph}.

\section{Results}
\subsection{Benchmark}
tcr-embed matches or beats the distance-based baselines on all five epitope panels.

% BENCHMARK TABLE

\subsection{Usage}
\begin{minted}{python}
from tcr_embed import Encoder
enc = Encoder.pretrained("tcr-embed-base")
z = enc.embed(["CASSLGQGYEQYF", "CASSIRSSYEQYF"])
\end{minted}

\section{Discussion}
Embeddings transfer across cohorts without retraining.

\printbibliography
\end{document}
"""

CLONAL_MAIN = r"""\documentclass[11pt]{article}
\usepackage[T1]{fontenc}
\usepackage[margin=2.5cm]{geometry}
\usepackage{amsmath,booktabs,graphicx}
\usepackage[style=nature,backend=biber]{biblatex}
\addbibresource{../../bib/references.bib}
\usepackage{hyperref}
\usepackage{cleveref}
\input{../../common/unicode}

\title{Clonal dynamics of memory T cells in healthy ageing}
\author{Maya Okafor \and Ana Lindqvist \and Rob Haines}

\begin{document}
\maketitle

\section{Results}
\subsection{Large clones expand further with age}
Clones that are large at the first visit keep expanding (\cref{fig:expansion}).

\begin{figure}[tbp]
  \centering
  \includegraphics[width=\linewidth]{../../figures/clonal/fig4_expansion.pdf}
  \caption{Expansion of the top clones between visits.}
  \label{fig:expansion}
\end{figure}

\printbibliography
\end{document}
"""

BENCH_TIKZ = r"""% Figure 5.3, drawn from the per-epitope benchmark CSV at compile time.
\begin{tikzpicture}
  \begin{axis}[
      width=0.9\textwidth, height=5.5cm,
      ybar, bar width=5pt,
      ylabel={AUROC}, ymin=0.5, ymax=1,
      symbolic x coords={GILGFVFTL,NLVPMVATV,GLCTLVAML,YLQPRTFLL,KLGGALQAK},
      xtick=data, x tick label style={font=\ttfamily\footnotesize},
      legend style={at={(0.5,1.03)}, anchor=south, legend columns=3, draw=none},
    ]
    \addplot table[x=epitope, y=tcr_embed, col sep=comma] {results/benchmark/per_epitope.csv};
    \addplot table[x=epitope, y=tcrdist3, col sep=comma] {results/benchmark/per_epitope.csv};
    \addplot table[x=epitope, y=gliph2, col sep=comma] {results/benchmark/per_epitope.csv};
    \legend{tcr-embed, TCRdist3, GLIPH2}
  \end{axis}
\end{tikzpicture}
"""

ENV_YML = """name: thesis
channels:
  - conda-forge
  - bioconda
dependencies:
  - python=3.9
  - pandas=2.2
  - matplotlib=3.10
  - seaborn=0.13
  - numpy=1.26
  - scipy=1.13
  - pip
  - pip:
      - arxiv-latex-cleaner==1.0.8
"""

FIGURES_MK = """# one line per figure: target, script (first prerequisite), data
FIGS := figures/ch2/pipeline_qc.pdf figures/ch3/clone_sizes.pdf figures/ch3/diversity.pdf \\
        figures/ch4/posterior.pdf figures/ch5/runtime.pdf \\
        figures/clonal/fig3_turnover.pdf

figures/ch2/pipeline_qc.pdf: scripts/fig_pipeline_qc.py results/qc/read_counts.csv
figures/ch3/clone_sizes.pdf: scripts/fig_clone_sizes.py results/repertoire/clone_sizes.csv
figures/ch3/diversity.pdf:   scripts/fig_diversity.py results/repertoire/diversity.csv
figures/ch4/posterior.pdf:   scripts/fig_posterior.py results/model/posterior_v2.csv
figures/ch5/runtime.pdf:     scripts/fig_runtime.py results/benchmark/runtime.csv
figures/clonal/fig3_turnover.pdf: scripts/fig_turnover.py results/clonal/turnover.csv
"""

PREAMBLE = r"""% Shared preamble of the thesis (loaded by thesis.tex, and by every chapter through subfiles)
\usepackage{fontspec}
\setmainfont{TeX Gyre Pagella}
\usepackage{amsmath,amssymb}
\usepackage{graphicx}
\usepackage{booktabs,siunitx}
\usepackage{tikz,pgfplots}
\pgfplotsset{compat=1.18}
\usepackage[outputdir=build]{minted}
\usepackage[style=authoryear,backend=biber,maxcitenames=2,uniquelist=false]{biblatex}
\addbibresource{bib/references.bib}
\addbibresource{bib/manual.bib}
\usepackage[hidelinks]{hyperref}
\usepackage[capitalise,noabbrev]{cleveref}
\newcommand{\todo}[1]{\textcolor{red}{[TODO: #1]}}
"""

FILES = {
    P("Makefile"): MAKEFILE,
    P("figures.mk"): FIGURES_MK,
    P("preamble.tex"): PREAMBLE,
    P("common/unicode.tex"): UNICODE,
    P("scripts/fig_clone_sizes.py"): CLONE_SCRIPT,
    P("scripts/fig_posterior.py"): POSTERIOR_SCRIPT,
    P("scripts/fig_runtime.py"): RUNTIME_SCRIPT,
    P("chapters/ch3-repertoire.tex"): CH3,
    P("chapters/ch4-model.tex"): CH4,
    P("bib/manual.bib"): MANUAL_BIB,
    P("papers/tcr-embed/main.tex"): TCR_MAIN,
    P("papers/clonal-dynamics/main.tex"): CLONAL_MAIN,
    P("figures/tikz/benchmark.tex"): BENCH_TIKZ,
    P("environment.yml"): ENV_YML,
}

# ------------------------------------------------------------------ output helpers
LMK_HEAD = "Rc files read:\n  /etc/LatexMk\nLatexmk: This is Latexmk, John Collins, 20 November 2023. Version 4.83."
TEXLIVE = "(TeX Live 2023/Debian)"


def banner(engine, shell):
    if engine == "pdflatex":
        return (f"This is pdfTeX, Version 3.141592653-2.6-1.40.25 {TEXLIVE} (preloaded format=pdflatex)\n"
                + (" \\write18 enabled." if shell else " restricted \\write18 enabled.") + "\nentering extended mode")
    return (f"This is LuaHBTeX, Version 1.17.0 {TEXLIVE} \n"
            + (" system commands enabled." if shell else " restricted system commands enabled."))


def loadlines(engine, job):
    base = (f"(./{job}.tex\nLaTeX2e <2023-11-01> patch level 1\nL3 programming layer <2024-01-22>\n")
    return base


def run_block(engine, cmd, rule, n, reason):
    return (f"Latexmk: applying rule '{rule}'...\nRule '{rule}':  Reasons for rerun\n{reason}\n\n"
            f"------------\nRun number {n} of rule '{rule}'\n------------\n------------\nRunning '{cmd}'\n------------")


def biber_block(job, nkeys, bibs, outdir=None, blg=None):
    cmd = f'biber  --input-directory "{outdir}" --output-directory "{outdir}" "{job}"' if outdir else f'biber  "{job}"'
    out = [f"Latexmk: applying rule 'biber {job}'...",
           f"Rule 'biber {job}':  Reasons for rerun",
           "Changed files or newly in use/created:",
           f"  {(outdir + '/') if outdir else ''}{job}.bcf",
           "", "------------", f"Run number 1 of rule 'biber {job}'", "------------", "------------",
           f"Running '{cmd}'", "------------",
           "INFO - This is Biber 2.19",
           f"INFO - Logfile is '{(outdir + '/') if outdir else ''}{job}.blg'",
           f"INFO - Reading '{(outdir + '/') if outdir else ''}{job}.bcf'",
           f"INFO - Found {nkeys} citekeys in bib section 0",
           "INFO - Processing section 0"]
    for b in bibs:
        out += [f"INFO - Looking for bibtex file '{b}' for section 0", "INFO - LaTeX decoding ...",
                f"INFO - Found BibTeX data source '{b}'"]
    return "\n".join(out)


BIBER_TAIL = """INFO - Overriding locale 'en-GB' defaults 'normalization = NFD' with 'normalization = prenormalized'
INFO - Overriding locale 'en-GB' defaults 'variable = shifted' with 'variable = non-ignorable'
INFO - Sorting list 'nyt/global//global/global' of type 'entry' with template 'nyt' and locale 'en-GB'
INFO - No sort tailoring available for locale 'en-GB'
INFO - Writing '{f}.bbl' with encoding 'UTF-8'
INFO - Output to {f}.bbl"""


def lmk_ok(engine, job, pages, nbytes, *, shell=True, outdir=None, changed=None, nkeys=40, bibs=(),
           cwd_prefix="", body="", biber=True, first=False):
    """A successful latexmk run (engine, biber, engine again)."""
    eng = "lualatex" if engine == "lualatex" else "pdflatex"
    flags = "-interaction=nonstopmode -file-line-error " if cwd_prefix != "direct" else ""
    sflag = "-shell-escape " if shell else ""
    od = f'-output-directory="{outdir}" ' if outdir else ""
    cmd = f'{eng}  {flags}{sflag}-recorder {od} "{job}.tex"'.replace("  -recorder", " -recorder").replace("  \"", " \"")
    cmd = f"{eng}  {flags}{sflag}-recorder {od}\"{job}.tex\""
    f = f"{outdir}/{job}" if outdir else job
    reason = ("Category 'other':\n  Rerun of '%s' forced or previously required:\n    Reason or flag: 'Initial setup'" % eng
              if first else "Changed files or newly in use/created:\n  " + "\n  ".join(changed or [f"{job}.tex"]))
    parts = [LMK_HEAD]
    if first:
        parts.append("No existing .aux file, so I'll make a simple one, and require run of *latex.")
    parts.append(run_block(eng, cmd, eng, 1, reason))
    parts.append(banner(engine, shell) + "\n" + loadlines(engine, job) + body +
                 ("\nLaTeX Warning: Citation 'placeholder' undefined.\n" if False else "") +
                 f"\nOutput written on {f}.pdf ({pages} pages, {nbytes} bytes).\nTranscript written on {f}.log.")
    parts.append(f"Latexmk: Getting log file '{f}.log'\nLatexmk: Examining '{f}.fls'\nLatexmk: Examining '{f}.log'\n"
                 f"Latexmk: Found input bbl file '{f}.bbl'\nLatexmk: Log file says output to '{f}.pdf'")
    if biber:
        parts.append(biber_block(job, nkeys, bibs, outdir) + "\n" + BIBER_TAIL.format(f=f))
        parts.append(run_block(eng, cmd, eng, 2, f"Changed files or newly in use/created:\n  {f}.bbl"))
        parts.append(banner(engine, shell) + "\n" + loadlines(engine, job) +
                     f"Output written on {f}.pdf ({pages} pages, {nbytes + 2113} bytes).\nTranscript written on {f}.log.")
        parts.append(f"Latexmk: Getting log file '{f}.log'\nLatexmk: Examining '{f}.fls'\nLatexmk: Examining '{f}.log'\n"
                     f"Latexmk: Log file says output to '{f}.pdf'")
    parts.append(f"Latexmk: All targets ({f}.pdf) are up-to-date")
    return "\n".join(parts)


LMK_FAIL_TAIL = """Latexmk: Errors, so I did not complete making targets
Collected error summary (may duplicate other messages):
  {eng}: Command for '{eng}' gave return code 1
      Refer to '{log}' and/or above output for details

Latexmk: Sometimes, the -f option can be used to get latexmk
  to try to force complete processing.
  But normally, you will need to correct the file(s) that caused the
  error, and then rerun latexmk.
  In some cases, it is best to clean out generated files before rerunning
  latexmk after you've corrected the files."""

TEX_HELP = "See the LaTeX manual or LaTeX Companion for explanation.\nType  H <return>  for immediate help.\n ...                                              \n                                                  "


def lmk_fail(engine, job, err_block, *, shell=True, outdir=None, changed=None, nonstop=True, pages=None):
    eng = "lualatex" if engine == "lualatex" else "pdflatex"
    flags = "-interaction=nonstopmode -file-line-error " if nonstop else ""
    sflag = "-shell-escape " if shell else ""
    od = f'-output-directory="{outdir}" ' if outdir else ""
    cmd = f"{eng}  {flags}{sflag}-recorder {od}\"{job}.tex\""
    f = f"{outdir}/{job}" if outdir else job
    reason = "Changed files or newly in use/created:\n  " + "\n  ".join(changed or [f"{job}.tex"])
    tail = (f"\nOutput written on {f}.pdf ({pages} pages, {pages * 61000 + 4417} bytes).\nTranscript written on {f}.log."
            if pages else f"\nNo pages of output.\nTranscript written on {f}.log.")
    return "\n".join([LMK_HEAD, run_block(eng, cmd, eng, 1, reason),
                      banner(engine, shell) + "\n" + loadlines(engine, job) + err_block + tail,
                      f"Latexmk: Getting log file '{f}.log'\nLatexmk: Examining '{f}.fls'\nLatexmk: Examining '{f}.log'",
                      LMK_FAIL_TAIL.format(eng=eng, log=f + ".log")])


def minted_err(line, src="\\usepackage{minted}"):
    ctx = f"l.{line} {src}\n" + " " * len(f"l.{line} {src}")
    return ("! Package minted Error: You must invoke LaTeX with the -shell-escape flag.\n\n"
            "See the minted package documentation for explanation.\n"
            "Type  H <return>  for immediate help.\n ...                                              \n"
            "                                                  \n" + ctx + "\n? \n! Emergency stop.\n"
            " ...                                              \n                                                  \n" + ctx)


MK_THESIS = "latexmk -interaction=nonstopmode -file-line-error -lualatex -shell-escape -outdir=build thesis.tex"
MK_TCR = "cd papers/tcr-embed && latexmk -interaction=nonstopmode -file-line-error -pdf -shell-escape main.tex"
MK_CLONAL = "cd papers/clonal-dynamics && latexmk -interaction=nonstopmode -file-line-error -pdf main.tex"
THESIS_BIBS = ["bib/references.bib", "bib/manual.bib"]
PAPER_BIBS = ["../../bib/references.bib", "../../bib/manual.bib"]


def make_thesis_ok(pages, changed, nbytes=None, body=""):
    return MK_THESIS + "\n" + lmk_ok("lualatex", "thesis", pages, nbytes or pages * 48211 + 9012, outdir="build",
                                     changed=changed, nkeys=187, bibs=THESIS_BIBS, body=body)


def make_fail(target, line, code=12):
    return f"make: *** [Makefile:{line}: {target}] Error {code}"


def unicode_err(path, line, ch, cp, ctx):
    return (f"{path}:{line}: LaTeX Error: Unicode character {ch} (U+{cp})\n"
            f"               not set up for use with LaTeX.\n\n{TEX_HELP}\nl.{line} {ctx}\n")


def missing_fig_err(path, line, fig, ctx):
    return (f"{path}:{line}: LaTeX Error: File `{fig}' not found.\n\n{TEX_HELP}\nl.{line} {ctx}\n")


def fig_line(script, out, msg):
    return f"conda run -n thesis python scripts/{script} --out {out}\n{msg}"


PDFFONTS_HDR = ("name                                 type              encoding         emb sub uni object ID\n"
                "------------------------------------ ----------------- ---------------- --- --- --- ---------")


def pdffonts(fonts):
    rows = [PDFFONTS_HDR]
    for i, f in enumerate(fonts):
        rows.append(f"{hx(6).upper()}+{f:<29} CID TrueType      Identity-H       yes yes yes {11 + 4 * i:>5}  0")
    return "\n".join(rows)


def push_ok(old, new, branch="main"):
    return f"To https://git.cbrc.ac.uk/mokafor/phd-thesis.git\n   {old}..{new}  {branch} -> {branch}"


def commit_ok(branch, msg, files, ins, dels):
    return f"[{branch} {hx(7)}] {msg}\n {files} file{'s' if files != 1 else ''} changed, {ins} insertions(+), {dels} deletions(-)"


def chktex_out(path, warns):
    out = []
    for (n, l, c, text, src, mark) in warns:
        out.append(f"Warning {n} in {path} line {l}: {text}\n{src}\n{' ' * (c - 1)}{mark}")
    return "\n".join(out)


def gen():
    global HX
    HX = random.Random(9917)
    d = Dev("latex-thesis", U, "en", MODEL, seed=20261130, files=FILES)
    return build(d)


def build(d):
    # ============================================================ S1 Mon 11-30
    with d.session("2026-11-30T09:20:00", R, branch="main", version="2.1.92"):
        t = d.task("morning! I'm back on the thesis after the paper deadline. remind me how the Makefile ties "
                   "figures, tables and the PDFs together, I forget every time", tags=["noise"])
        t.read(P("Makefile"))
        t.read(P("figures.mk"))
        t.glob("scripts/*.py", [P(x) for x in ["scripts/fig_clone_sizes.py", "scripts/fig_diversity.py",
                                               "scripts/fig_posterior.py", "scripts/fig_runtime.py",
                                               "scripts/fig_shm_rates.py", "scripts/fig_pipeline_qc.py",
                                               "scripts/fig_turnover.py", "scripts/fig_expansion.py"]])
        t.done("""Short version:

- **`make` / `make thesis`** runs latexmk with **lualatex** (`-shell-escape`, output in `build/`) on `thesis.tex`. It does *not* depend on the figures.
- **`make tcr`** and **`make clonal`** build the two papers with **pdflatex** in their own directories (`tcr-embed` also passes `-shell-escape` because it uses minted).
- **Figures**: `figures.mk` lists every figure PDF with its script and input CSV; each one is made by `conda run -n thesis python scripts/fig_<name>.py --out <pdf>`. `figures/` is gitignored, so figures exist only where they were last generated.
- **`make tables`** runs `scripts/tab_benchmark.py`; **`make lint`** is chktex with `.chktexrc` over `thesis.tex` and the chapters; **`make clean`** is `latexmk -c` for all three documents.

So after changing anything in `results/` or `scripts/`, the figure has to be regenerated before the PDF shows it.""")

        t = d.task("fig 3.1 (clone sizes): make the x axis log scale too, and add a sentence in 3.1 pointing to it. "
                   "use \\cref for the reference like everywhere else, I don't want hardcoded Figure~\\ref. "
                   "then rebuild the thesis", tags=["workflow:W1", "pref:P1", "long_output"])
        t.read(P("scripts/fig_clone_sizes.py"))
        t.edit(P("scripts/fig_clone_sizes.py"), """    ax.set_yscale("log")
    ax.set_xlabel("clone rank")""", """    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("clone rank")""")
        t.bash("conda run -n thesis python scripts/fig_clone_sizes.py --out figures/ch3/clone_sizes.pdf",
               "Regenerate figure 3.1", out="wrote figures/ch3/clone_sizes.pdf (n=18,432 clonotypes, 6 donors)")
        t.bash("pdffonts figures/ch3/clone_sizes.pdf", "Check the figure's fonts are embedded",
               out=pdffonts(["TeXGyreHeros-Regular", "DejaVuSans"]))
        t.read(P("chapters/ch3-repertoire.tex"))
        t.edit(P("chapters/ch3-repertoire.tex"), """A small number of clones dominates every repertoire.
""", """A small number of clones dominates every repertoire.
On log--log axes the rank-frequency curves are close to straight lines over three orders of magnitude (\\cref{fig:clone-sizes}).
""")
        t.bash("make thesis", "Build the thesis", timeout=600000,
               out=make_thesis_ok(143, ["chapters/ch3-repertoire.tex", "figures/ch3/clone_sizes.pdf"],
                                  body="(./chapters/ch3-repertoire.tex\nChapter 3.\n<figures/ch3/clone_sizes.pdf>) "
                                       "(./chapters/ch4-model.tex\nChapter 4.\n<figures/ch4/posterior.pdf>)\n"
                                       "Overfull \\hbox (3.21pt too wide) in paragraph at lines 88--91\n"
                                       "[1] [2] [3] [4] [5] [6] [7] [8] [9] [10] [11] [12] [13] [14] [15] [16]"))
        t.done("Done:\n\n- `fig_clone_sizes.py` now sets `ax.set_xscale(\"log\")`; regenerated `figures/ch3/clone_sizes.pdf` "
               "(fonts embedded: TeX Gyre Heros + DejaVu Sans, both subset).\n- §3.1 got one sentence ending in "
               "`(\\cref{fig:clone-sizes})`.\n- `make thesis` is clean: 143 pages, one 3.2 pt overfull box in ch. 2 "
               "that was there before.")

        t = d.task("quick one: with biblatex authoryear, when do I use \\textcite vs \\parencite vs plain \\cite? "
                   "my supervisor keeps changing them", tags=["noise", "no_tools"])
        t.done("""With an author-year style:

- **`\\textcite{key}`** → *Bolotin et al. (2015)* — the authors are part of your sentence: "\\textcite{x} showed that…".
- **`\\parencite{key}`** → *(Bolotin et al. 2015)* — the citation is a reference for a claim and sits in brackets at the end of the clause.
- **`\\cite{key}`** → *Bolotin et al. 2015* with no brackets — almost never what you want in running text with authoryear; it's meant for places where you add the brackets yourself.

Rule of thumb: if you could delete the citation and the sentence still reads, use `\\parencite`; if the authors are the grammatical subject, `\\textcite`. `\\autocite` lets the style decide (parenthetical for authoryear), which makes a later style switch painless.""")

    # ============================================================ S2 Wed 12-02
    with d.session("2026-12-02T10:05:00", R, branch="tcr-revision", version="2.1.93"):
        t = d.task("how many pages is the tcr-embed paper right now, and on which page do the references start? "
                   "Bioinformatics wants 7 pages max excluding refs", tags=["mistake:M1"])
        t.fail("cd papers/tcr-embed && latexmk -pdf main.tex", "Build the tcr-embed paper",
               lmk_fail("pdflatex", "main", minted_err(5), shell=False, nonstop=False), code=12)
        t.say("minted needs shell escape to call Pygments; the Makefile passes it, my direct latexmk call didn't. "
              "Re-running with the flag.")
        t.bash("cd papers/tcr-embed && latexmk -pdf -shell-escape main.tex", "Build the paper with shell escape",
               out=lmk_ok("pdflatex", "main", 9, 611204, nkeys=38, bibs=PAPER_BIBS, cwd_prefix="direct",
                          body="(./main.tex\n(_minted-main/default.pygstyle) (_minted-main/3F1A0B2C.pygtex)\n[1] [2] [3] [4] [5] [6] [7] [8] [9]"))
        t.bash("pdfinfo papers/tcr-embed/main.pdf | grep Pages && grep -n 'References' papers/tcr-embed/main.aux",
               "Page count and the page the bibliography starts on",
               out="Pages:           9\n41:\\@writefile{toc}{\\contentsline {section}{References}{8}{section*.9}\\protected@file@percent }")
        t.done("9 pages in total; **References start on page 8**, so the main text is 7 pages plus a few lines onto p. 8 — "
               "right at the limit. Trimming a paragraph (or the usage listing) would get you safely under.\n\n"
               "Note: building this paper directly needs `-shell-escape` because of minted; `make tcr` already passes it.")

        t = d.task("make the benchmark table for tcr-embed from results/benchmark/summary.csv with pandas: booktabs, "
                   "numbers in siunitx S columns (mean with 3 decimals), write it to papers/tcr-embed/tables/benchmark.tex "
                   "and put it in the Results. then build the paper",
                   tags=["mistake:M2", "pref:P3"])
        t.glob("papers/tcr-embed/**/*.tex", [P("papers/tcr-embed/main.tex"), P("papers/tcr-embed/supplement.tex"),
                                              P("papers/tcr-embed/response/response.tex")])
        t.bash("head -4 results/benchmark/summary.csv", "Look at the summary CSV",
               out="method,auroc_mean,auroc_sd,ΔAUROC vs TCRdist3\ntcr-embed,0.874,0.012,0.061\nTCRdist3,0.813,0.015,0.000\nGLIPH2,0.771,0.021,-0.042")
        t.write(P("scripts/tab_benchmark.py"), '''"""Table 2 of tcr-embed: benchmark summary (booktabs + siunitx S columns)."""
import pandas as pd

df = pd.read_csv("results/benchmark/summary.csv")
df = df.rename(columns={"method": "Method", "auroc_mean": "{AUROC}", "auroc_sd": "{SD}"})
delta = [c for c in df.columns if c.startswith("ΔAUROC")][0]
df = df.rename(columns={delta: "{ΔAUROC}"})

body = df.to_latex(index=False, escape=False, column_format="lSSS", float_format="%.3f")
with open("papers/tcr-embed/tables/benchmark.tex", "w") as fh:
    fh.write("\\\\begin{table}[tbp]\\n\\\\centering\\n")
    fh.write("\\\\caption{Mean AUROC over five epitope panels (10 seeds).}\\n\\\\label{tab:benchmark}\\n")
    fh.write(body)
    fh.write("\\\\end{table}\\n")
print("wrote papers/tcr-embed/tables/benchmark.tex")
''')
        t.bash("mkdir -p papers/tcr-embed/tables && conda run -n thesis python scripts/tab_benchmark.py",
               "Generate the table", out="wrote papers/tcr-embed/tables/benchmark.tex")
        t.read(P("papers/tcr-embed/main.tex"))
        t.edit(P("papers/tcr-embed/main.tex"), "% BENCHMARK TABLE\n", "\\input{tables/benchmark}\n")
        t.fail("make tcr", "Build the paper",
               MK_TCR + "\n" + lmk_fail("pdflatex", "main", "(./tables/benchmark.tex\n" + unicode_err(
                   "./tables/benchmark.tex", 7, "Δ", "0394", "Method & {AUROC} & {SD} & {Δ\n                                        AUROC} \\\\"),
                   changed=["main.tex", "tables/benchmark.tex"], pages=9) + "\n" + make_fail("tcr", 18), code=2)
        t.say("pdflatex has no mapping for the Greek Δ that comes from the CSV header. The papers share "
              "`common/unicode.tex` for exactly this; adding Δ there.")
        t.read(P("common/unicode.tex"))
        t.edit(P("common/unicode.tex"), "\\DeclareUnicodeCharacter{00A0}{~}           % no-break space\n",
               "\\DeclareUnicodeCharacter{00A0}{~}           % no-break space\n"
               "\\DeclareUnicodeCharacter{0394}{\\ensuremath{\\Delta}}  % Δ (pandas headers)\n")
        t.bash("make tcr", "Build the paper again",
               out=MK_TCR + "\n" + lmk_ok("pdflatex", "main", 9, 618840, nkeys=38, bibs=PAPER_BIBS,
                                          changed=["../../common/unicode.tex"], biber=False,
                                          body="(./tables/benchmark.tex) [1] [2] [3] [4] [5] [6] [7] [8] [9]"))
        t.done("Table is in: `scripts/tab_benchmark.py` writes `papers/tcr-embed/tables/benchmark.tex` (booktabs via "
               "`to_latex`, `lSSS` columns, 3 decimals, headers braced so siunitx leaves them alone) and `main.tex` "
               "`\\input`s it in Results.\n\nThe first build stopped on `Unicode character Δ (U+0394) not set up for use "
               "with LaTeX` — the Δ comes straight from the CSV header and pdflatex doesn't know it. I declared it in "
               "`common/unicode.tex` (which both papers load); `make tcr` passes, still 9 pages.")

        t = d.task("checkpoint for chapter 3: lint it, build, check the log for undefined refs, commit and push",
                   tags=["workflow:W2", "flaky:F1"])
        t.bash("chktex -q -l .chktexrc chapters/ch3-repertoire.tex", "Lint chapter 3",
               out=chktex_out("chapters/ch3-repertoire.tex", [
                   (8, 13, 44, "Wrong length of dash may have been used.",
                    "A small number of clones dominates every repertoire - in all six donors.", "^")]))
        t.read(P("chapters/ch3-repertoire.tex"))
        t.bash("grep -n ' - in all six' chapters/ch3-repertoire.tex", "Find the dash chktex flagged",
               out="13:A small number of clones dominates every repertoire - in all six donors.")
        d.files[P("chapters/ch3-repertoire.tex")] = d.files[P("chapters/ch3-repertoire.tex")].replace(
            "A small number of clones dominates every repertoire.\n",
            "A small number of clones dominates every repertoire - in all six donors.\n")
        t.read(P("chapters/ch3-repertoire.tex"))
        t.edit(P("chapters/ch3-repertoire.tex"), "every repertoire - in all six donors.",
               "every repertoire --- in all six donors.")
        t.bash("chktex -q -l .chktexrc chapters/ch3-repertoire.tex", "Lint chapter 3 again")
        t.bash("make thesis", "Build the thesis", timeout=600000,
               out=make_thesis_ok(143, ["chapters/ch3-repertoire.tex"]))
        t.bash("grep -nE 'undefined|multiply defined' build/thesis.log || echo 'no undefined or duplicate refs'",
               "Check the log for reference problems", out="no undefined or duplicate refs")
        t.bash("git add chapters/ch3-repertoire.tex scripts/fig_clone_sizes.py && git commit -m \"ch3: log-log clone sizes, cref to fig 3.1\"",
               "Commit chapter 3", out=commit_ok("tcr-revision", "ch3: log-log clone sizes, cref to fig 3.1", 2, 3, 1))
        t.fail("git push", "Push",
               "error: RPC failed; HTTP 502 curl 22 The requested URL returned error: 502\n"
               "send-pack: unexpected disconnect while reading sideband packet\n"
               "fatal: the remote end hung up unexpectedly\nEverything up-to-date", code=1)
        t.bash("git push", "Push",
               out=push_ok("a41c09e", "7d2e5f1", "tcr-revision"))
        t.done("Chapter 3 checkpoint done: chktex flagged one hyphen used as a dash (line 13) — now an em dash; chktex is "
               "clean, the thesis builds (143 pp.), no undefined or duplicate references in `build/thesis.log`. "
               "Committed and pushed to `tcr-revision` (the first push got a 502 from GitLab; the retry went through).")

    # ============================================================ S3 Mon 12-07
    with d.session("2026-12-07T09:40:00", R, branch="main", version="2.1.94"):
        t = d.task("I pushed chapter 3 changes from the lab workstation on Friday (new SHM figure). pull and build the thesis here",
                   tags=["mistake:M3"])
        t.bash("git pull --rebase", "Pull Friday's work",
               out="remote: Enumerating objects: 19, done.\nremote: Counting objects: 100% (19/19), done.\n"
                   "remote: Compressing objects: 100% (11/11), done.\nremote: Total 11 (delta 7), reused 0 (delta 0), pack-reused 0\n"
                   "Unpacking objects: 100% (11/11), 4.02 KiB | 1.34 MiB/s, done.\n"
                   "From https://git.cbrc.ac.uk/mokafor/phd-thesis\n   7d2e5f1..c90b3a4  main       -> origin/main\n"
                   "Updating 7d2e5f1..c90b3a4\nFast-forward\n chapters/ch3-repertoire.tex |  31 +++++++++\n"
                   " figures.mk                  |   1 +\n scripts/fig_shm_rates.py    |  58 +++++++++++++++++\n"
                   " 3 files changed, 90 insertions(+)\n create mode 100644 scripts/fig_shm_rates.py")
        t.fail("make thesis", "Build the thesis",
               MK_THESIS + "\n" + lmk_fail("lualatex", "thesis", "(./chapters/ch3-repertoire.tex\nChapter 3.\n"
                                           "<figures/ch3/clone_sizes.pdf>\n" + missing_fig_err(
                                               "./chapters/ch3-repertoire.tex", 52, "figures/ch3/shm_rates.pdf",
                                               "...width=\\textwidth]{figures/ch3/shm_rates.pdf}"),
                                           outdir="build", changed=["chapters/ch3-repertoire.tex"], pages=143) +
               "\n" + make_fail("thesis", 15), code=2)
        t.bash("git status --short --ignored figures/ | head", "What figures exist on this machine",
               out="!! figures/ch2/\n!! figures/ch3/clone_sizes.pdf\n!! figures/ch4/\n!! figures/ch5/")
        t.say("The new chapter 3 references `figures/ch3/shm_rates.pdf`, which was generated on the workstation — "
              "figures/ is gitignored, so it doesn't exist here. Generating the figures first.")
        t.bash("make figures", "Generate the figures", timeout=900000,
               out="\n".join([fig_line("fig_pipeline_qc.py", "figures/ch2/pipeline_qc.pdf", "wrote figures/ch2/pipeline_qc.pdf"),
                              fig_line("fig_shm_rates.py", "figures/ch3/shm_rates.pdf", "wrote figures/ch3/shm_rates.pdf (6 donors, 3 visits)"),
                              fig_line("fig_diversity.py", "figures/ch3/diversity.pdf", "wrote figures/ch3/diversity.pdf")]))
        t.bash("make thesis", "Build the thesis again", timeout=600000,
               out=make_thesis_ok(145, ["chapters/ch3-repertoire.tex", "figures/ch3/shm_rates.pdf"]))
        t.done("Pulled Friday's work (ch3 +31 lines, the new `fig_shm_rates.py` and its `figures.mk` line). The first "
               "build stopped at `File 'figures/ch3/shm_rates.pdf' not found` — figures are gitignored, so a figure made on "
               "the workstation doesn't exist on the laptop. `make figures` generated the three missing ones and the "
               "thesis now builds: 145 pages.")

        t = d.task("does arXiv run biber? I want to put clonal-dynamics up this week and I remember something about shipping the .bbl",
                   tags=["noise", "webfetch"])
        t.webfetch("https://info.arxiv.org/help/submit_tex.html",
                   "What does arXiv say about biblatex/biber and .bbl files?",
                   "arXiv does not run BibTeX or Biber on submissions. You must include the generated .bbl file, and its "
                   "name must match the main .tex file (e.g. ms.bbl for ms.tex). For biblatex, the .bbl format is tied to "
                   "the biblatex version: the .bbl must be produced with the same biblatex version that arXiv's TeX Live "
                   "uses, otherwise the build fails or the bibliography is empty. arXiv currently uses TeX Live 2023. "
                   "Do not include the .bib file unless you need it for other purposes. Files that are not used are "
                   "removed; shell-escape is not available.")
        t.done("arXiv doesn't run biber at all. You upload the **`.bbl`** next to `main.tex` (same base name), and "
               "with biblatex the `.bbl` has to come from the **same biblatex version** arXiv uses — they're on TeX Live "
               "2023, same as your Ubuntu 24.04 TeX Live, so a `main.bbl` from `make clonal` is fine. No shell-escape "
               "there either, which doesn't matter for clonal-dynamics (no minted).")

        t = d.task("ok package clonal-dynamics for arXiv (v1): clean it with arxiv_latex_cleaner, check the cleaned "
                   "copy compiles on its own, tarball in ~/arxiv", tags=["workflow:W3", "long_output"])
        t.bash("make clonal", "Build the paper so main.bbl is current",
               out=MK_CLONAL + "\n" + lmk_ok("pdflatex", "main", 14, 1184220, shell=False, nkeys=52,
                                             bibs=["../../bib/references.bib"], changed=["main.tex"],
                                             body="[1] [2] [3] [4] [5] [6] [7] [8] [9] [10] [11] [12] [13] [14]"))
        t.bash("arxiv_latex_cleaner papers/clonal-dynamics --resize_images --im_size 1600 --compress_pdf --pdf_im_resolution 300",
               "Clean the paper sources for arXiv")
        t.bash("ls -R papers/clonal-dynamics_arXiv | head -20", "See what the cleaner kept",
               out="papers/clonal-dynamics_arXiv:\nfigures\nmain.bbl\nmain.tex\n\npapers/clonal-dynamics_arXiv/figures:\n"
                   "fig1_cohort.pdf\nfig2_diversity.pdf\nfig3_turnover.pdf\nfig4_expansion.pdf")
        t.bash("cd papers/clonal-dynamics_arXiv && latexmk -pdf main.tex", "Compile the cleaned copy (no biber, like arXiv)",
               out=lmk_ok("pdflatex", "main", 14, 1102816, shell=False, biber=False, cwd_prefix="direct", first=True,
                          body="[1] [2] [3] [4] [5] [6] [7] [8] [9] [10] [11] [12] [13] [14]"))
        t.bash("mkdir -p ~/arxiv && tar -czf ~/arxiv/clonal-dynamics-v1.tar.gz -C papers/clonal-dynamics_arXiv . && tar -tzf ~/arxiv/clonal-dynamics-v1.tar.gz && ls -lh ~/arxiv/clonal-dynamics-v1.tar.gz",
               "Tarball for arXiv",
               out="./\n./main.tex\n./main.bbl\n./figures/\n./figures/fig1_cohort.pdf\n./figures/fig2_diversity.pdf\n"
                   "./figures/fig3_turnover.pdf\n./figures/fig4_expansion.pdf\n"
                   "-rw-rw-r-- 1 maya maya 1.1M Dec  7 11:02 /home/maya/arxiv/clonal-dynamics-v1.tar.gz")
        t.done("`~/arxiv/clonal-dynamics-v1.tar.gz` (1.1 MB) is ready: `main.tex` with comments stripped, `main.bbl` "
               "from today's build, the four figure PDFs. The cleaned copy compiles on its own with plain pdflatex, "
               "no biber — 14 pages, same as the original. Upload the tarball as is.")

    # ============================================================ S4 Wed 12-09
    with d.session("2026-12-09T13:30:00", R, branch="ch4-model", version="2.1.95", end_reason="other"):
        t = d.task("scirpy isn't in Zotero yet. add a software entry for it (v0.17, Sturm et al. 2020 Bioinformatics "
                   "is the paper but I want the software cited) to bib/manual.bib and cite it in 4.3 after MiXCR. build",
                   tags=["oneoff:O1"])
        t.read(P("bib/manual.bib"))
        t.edit(P("bib/manual.bib"), """@dataset{cbrc2025agecohort,""", """@software{sturm2026scirpy,
  author  = {Sturm, Gregor and Szabo, Tamas and others}
  title   = {scirpy: a Scanpy extension for analyzing single-cell T-cell receptor data},
  version = {0.17},
  year    = {2024},
  url     = {https://github.com/scverse/scirpy},
}

@dataset{cbrc2025agecohort,""")
        t.read(P("chapters/ch4-model.tex"))
        t.edit(P("chapters/ch4-model.tex"), "Clonotypes were called with MiXCR~\\parencite{bolotin2015mixcr}.",
               "Clonotypes were called with MiXCR~\\parencite{bolotin2015mixcr} and analysed with scirpy~\\parencite{sturm2026scirpy}.")
        t.fail("make thesis", "Build the thesis",
               MK_THESIS + "\n" + biber_block("thesis", 188, THESIS_BIBS[:1], "build") + "\n"
               "INFO - Looking for bibtex file 'bib/manual.bib' for section 0\nINFO - LaTeX decoding ...\n"
               "ERROR - BibTeX subsystem: /tmp/biber_tmp_kT3q/manual.bib_41872.utf8, line 14, syntax error: found \"title\", "
               "expected end of entry (\"}\" or \")\") (skipping to next  \"@\")\nINFO - ERRORS: 1\n"
               "Latexmk: Errors, so I did not complete making targets\nCollected error summary (may duplicate other messages):\n"
               "  biber thesis: Command for 'biber thesis' gave return code 2\n      Refer to 'build/thesis.blg' for details\n"
               + make_fail("thesis", 15), code=2)
        t.say("My entry is missing the comma after the author field; biber stops at `title`.")
        t.edit(P("bib/manual.bib"), "  author  = {Sturm, Gregor and Szabo, Tamas and others}\n",
               "  author  = {Sturm, Gregor and Szabo, Tamas and others},\n")
        t.bash("make thesis", "Build the thesis again", timeout=600000,
               out=make_thesis_ok(145, ["bib/manual.bib", "chapters/ch4-model.tex"]))
        t.done("Added `sturm2026scirpy` (`@software`, v0.17) to `bib/manual.bib` and cited it after MiXCR in §4.3. "
               "The first build failed in biber — I'd left out the comma after `author`; fixed, builds clean (145 pp.).")

        t = d.task("write the intro paragraph for 4.2 (model fitting) where the TODO is: we fit with Stan (NUTS, 4 chains "
                   "x 2000 draws), priors weakly informative, convergence by R-hat < 1.01. one sentence per line in the "
                   "source please (diffs!), and cross-references with cleveref, not Figure~\\ref",
                   tags=["pref:P1", "pref:P2"])
        t.read(P("chapters/ch4-model.tex"))
        t.grep("label\\{tab:", output_mode="content", path=P("chapters"), n=True,
               content="chapters/ch2-methods.tex:41:  \\label{tab:depth}\nchapters/ch5-software.tex:77:  \\label{tab:versions}")
        t.edit(P("chapters/ch4-model.tex"), "% TODO intro paragraph\n",
               "We fitted the model in Stan using the No-U-Turn sampler, with four chains of 2000 draws each after warm-up.\n"
               "Priors on all rates were weakly informative (\\cref{tab:priors}).\n"
               "We considered a fit converged when every parameter had $\\hat{R} < 1.01$ and no divergent transitions.\n"
               "\\Cref{fig:posterior} shows the resulting posteriors of the turnover rate for each compartment.\n")
        t.done("Written into §4.2, one sentence per line, references via `\\cref`/`\\Cref` (`\\Cref` at the start of the "
               "last sentence). It points to `tab:priors`, which doesn't exist yet — add the priors table or tell me and "
               "I'll draft it from the Stan file.")

        t = d.task("is it fine to reuse the figures from my clonal-dynamics preprint in the thesis? it'll be CC-BY on "
                   "bioRxiv/arXiv. anything I need to write in the caption?", tags=["noise", "no_tools"])
        t.done("""Yes. CC-BY lets anyone — including you — reuse the figures as long as the source is attributed, and as the author you'd cite it anyway.

What to do:
- In each reused caption, end with something like "Adapted from \\textcite{okafor2026clonal}." (or "Reproduced from" if unchanged).
- Say it once in the chapter's front note too: "Parts of this chapter were published as …" — most universities require that statement for thesis chapters based on papers.
- Check the journal's policy once it's accepted: if it goes to a journal under a non-CC licence, the journal version may restrict reuse, but the preprint version stays CC-BY and thesis reuse is normally explicitly allowed.""")

    # ============================================================ S5 Mon 12-14
    with d.session("2026-12-14T09:10:00", R, branch="ch4-model", version="2.1.96"):
        t = d.task("compile the tcr-embed supplement (supplement.tex, there's no make target for it), I want to see "
                   "how the long code listings break across pages", tags=["mistake:M1"])
        t.fail("cd papers/tcr-embed && latexmk -pdf supplement.tex", "Build the supplement",
               lmk_fail("pdflatex", "supplement", minted_err(7), shell=False, nonstop=False), code=12)
        t.say("Same as the main paper: the supplement uses minted, so pdflatex has to run with shell escape.")
        t.bash("cd papers/tcr-embed && latexmk -pdf -shell-escape supplement.tex", "Build the supplement with shell escape",
               out=lmk_ok("pdflatex", "supplement", 11, 402177, nkeys=12, bibs=PAPER_BIBS, cwd_prefix="direct", first=True,
                          body="(_minted-supplement/default.pygstyle)\n[1] [2] [3] [4] [5] [6] [7] [8] [9] [10] [11]"))
        t.bash("grep -n 'begin{minted}' papers/tcr-embed/supplement.tex", "Where the listings are",
               out="88:\\begin{minted}[breaklines,fontsize=\\footnotesize]{python}\n"
                   "141:\\begin{minted}[breaklines,fontsize=\\footnotesize]{python}\n"
                   "203:\\begin{minted}[breaklines,fontsize=\\footnotesize]{yaml}")
        t.done("`papers/tcr-embed/supplement.pdf` is built (11 pages). The direct latexmk call needs `-shell-escape` "
               "for minted, like the main paper. The three listings (lines 88, 141, 203) are plain `minted` "
               "environments, so they break across pages wherever they fall; if you want them unbroken, wrap each in a "
               "`listing` float, or add `samepage` for the short YAML one.")

        t = d.task("update the conda env from environment.yml, I bumped matplotlib to 3.10 for the new colormap",
                   tags=["unfixed:U1"])
        t.read(P("environment.yml"))
        t.fail("conda env update -n thesis -f environment.yml --prune", "Update the thesis env",
               """Channels:
 - conda-forge
 - bioconda
Platform: linux-64
Collecting package metadata (repodata.json): done
Solving environment: failed

LibMambaUnsatisfiableError: Encountered problems while solving:
  - package matplotlib-3.10.0-py310hff52083_0 requires python >=3.10,<3.11.0a0, but none of the providers can be installed

Could not solve for environment specs
The following packages are incompatible
├─ matplotlib 3.10**  is installable with the potential options
│  ├─ matplotlib [3.10.0|3.10.1|3.10.3] would require
│  │  └─ python >=3.10,<3.11.0a0 , which can be installed;
│  ├─ matplotlib [3.10.0|3.10.1|3.10.3] would require
│  │  └─ python >=3.11,<3.12.0a0 , which can be installed;
│  └─ matplotlib [3.10.0|3.10.1|3.10.3] would require
│     └─ python >=3.12,<3.13.0a0 , which can be installed;
└─ python 3.9**  is not installable because it conflicts with any installable versions previously reported.""",
               code=1)
        t.bash("conda run -n thesis python -c \"import sys, matplotlib; print(sys.version.split()[0], matplotlib.__version__)\"",
               "What the env has now", out="3.9.19 3.9.2")
        t.done("I didn't change anything: matplotlib 3.10 needs Python ≥ 3.10 and `environment.yml` pins `python=3.9`, "
               "so the solver gives up (the env is untouched: Python 3.9.19, matplotlib 3.9.2).\n\nTwo ways out, your call:\n"
               "1. bump `python=3.11` too — a rebuild of the env, and worth re-running all figure scripts afterwards;\n"
               "2. stay on matplotlib 3.9 and copy the colormap definition into `scripts/thesis.mplstyle`'s helper.\n"
               "I'd hold off on (1) until chapter 4 is done so figures don't shift under you.")

        t = d.task("new posterior CSV from the cluster run is in results/model/posterior_v3.csv. re-plot fig 4.2 from "
                   "it, and use the same x range in all three panels so they're comparable. rebuild after",
                   tags=["workflow:W1", "long_output"])
        t.bash("head -3 results/model/posterior_v3.csv && wc -l results/model/posterior_v3.csv", "Look at the new posterior CSV",
               out="draw,chain,compartment,turnover,influx\n1,1,naive,0.00061,0.0143\n2,1,naive,0.00058,0.0139\n"
                   "24001 results/model/posterior_v3.csv")
        t.read(P("scripts/fig_posterior.py"))
        t.edit(P("scripts/fig_posterior.py"), 'post = pd.read_csv("results/model/posterior_v2.csv")\n    fig, axes = plt.subplots(1, 3, figsize=(6.0, 2.2), sharey=True)',
               'post = pd.read_csv("results/model/posterior_v3.csv")\n    fig, axes = plt.subplots(1, 3, figsize=(6.0, 2.2), sharex=True, sharey=True)')
        t.bash("conda run -n thesis python scripts/fig_posterior.py --out figures/ch4/posterior.pdf",
               "Regenerate figure 4.2", out="wrote figures/ch4/posterior.pdf (8,000 draws)")
        t.bash("pdffonts figures/ch4/posterior.pdf", "Check fonts are embedded",
               out=pdffonts(["TeXGyreHeros-Regular"]))
        t.bash("make thesis", "Build the thesis", timeout=600000,
               out=make_thesis_ok(146, ["figures/ch4/posterior.pdf", "chapters/ch4-model.tex"],
                                  body="(./chapters/ch4-model.tex\nChapter 4.\n<figures/ch4/posterior.pdf>\n"
                                       "LaTeX Warning: Reference `tab:priors' on page 71 undefined on input line 23.\n)\n"
                                       + " ".join(f"[{i}]" for i in range(60, 96))))
        t.done("Fig. 4.2 now reads `posterior_v3.csv` (8,000 draws) and the panels share both axes. Fonts embedded; "
               "the thesis builds (146 pp.). The only warning is the `tab:priors` reference from §4.2 that's still "
               "waiting for its table.")

        d.precompact("""Analysis: Maya works on her PhD repo /home/maya/phd (thesis with the university class on lualatex via latexmk -outdir=build, subfiles chapters; papers/tcr-embed (pdflatex, minted, needs -shell-escape) and papers/clonal-dynamics (pdflatex); biblatex+biber with bib/references.bib from Zotero Better BibTeX and bib/manual.bib by hand; common/unicode.tex declares extra unicode characters for the papers; figures by conda run -n thesis python scripts/fig_*.py, listed in figures.mk, figures/ gitignored; Makefile targets thesis/tcr/clonal/figures/tables/lint).
Done so far: fig 3.1 log-log, ch3 checkpoint pushed, benchmark table for tcr-embed (siunitx S columns), clonal-dynamics v1 arXiv tarball, scirpy citation, §4.2 intro (one sentence per line, cleveref), tcr supplement built, conda env update blocked (matplotlib 3.10 vs python 3.9 — left for Maya), fig 4.2 from posterior_v3.
Preferences: \\cref/cleveref for all cross-references; one sentence per line in .tex; siunitx S columns in tables.
Open: tab:priors is referenced but missing.""")

        t = d.task("the thesis stopped building after I renamed the epitope column in results/benchmark/per_epitope.csv "
                   "to epitope_id (the pipeline wanted it). fix whatever reads it", tags=["oneoff:O2"])
        t.fail("make thesis", "Reproduce the failure",
               MK_THESIS + "\n" + lmk_fail("lualatex", "thesis", "(./chapters/ch5-software.tex\nChapter 5.\n(./figures/tikz/benchmark.tex\n"
                                           "./figures/tikz/benchmark.tex:12: Package pgfplots Error: Sorry, could not retrieve "
                                           "column 'epitope' from table 'results/benchmark/per_epitope.csv'. Please check "
                                           "spelling (or introduce name aliases).\n\nSee the pgfplots package documentation for explanation.\n"
                                           "Type  H <return>  for immediate help.\n ...                                              \n"
                                           "                                                  \nl.12 ...olumn sep=comma] {results/benchmark/per_epitope.csv};\n",
                                           outdir="build", changed=["results/benchmark/per_epitope.csv"], pages=146) +
               "\n" + make_fail("thesis", 15), code=2)
        t.grep("per_epitope", filenames=[P("figures/tikz/benchmark.tex"), P("scripts/tab_per_epitope.py")], path=R)
        t.bash("head -2 results/benchmark/per_epitope.csv", "New header of the CSV",
               out="epitope_id,tcr_embed,tcrdist3,gliph2\nGILGFVFTL,0.912,0.871,0.833")
        t.read(P("figures/tikz/benchmark.tex"))
        t.edit(P("figures/tikz/benchmark.tex"), "x=epitope, y=tcr_embed", "x=epitope_id, y=tcr_embed")
        t.edit(P("figures/tikz/benchmark.tex"), "x=epitope, y=tcrdist3", "x=epitope_id, y=tcrdist3")
        t.edit(P("figures/tikz/benchmark.tex"), "x=epitope, y=gliph2", "x=epitope_id, y=gliph2")
        t.bash("make thesis", "Build again", timeout=600000,
               out=make_thesis_ok(146, ["figures/tikz/benchmark.tex", "results/benchmark/per_epitope.csv"]))
        t.done("Only `figures/tikz/benchmark.tex` reads that CSV (pgfplots, at compile time): its three `\\addplot table` "
               "lines used `x=epitope`. Now `x=epitope_id`; the thesis builds again (146 pp.).")

        t = d.task("write me a summary of where chapter 4 stands for tomorrow's lab meeting", tags=["noise", "no_tools"])
        t.done("""**Chapter 4 — A model of memory T cell turnover: status (14 Dec)**

**Model.** Birth–death process per compartment (naive, central memory, effector memory) with influx from the naive pool. Structure section written; the assumptions paragraph still needs the justification for constant influx over the age range.

**Fitting.** Stan/NUTS, 4 chains × 2000 draws after warm-up, weakly informative priors on all rates. Convergence criterion: R-hat < 1.01 and no divergences. The latest cluster run (posterior_v3) meets both; v2 had 3 divergent transitions in the effector-memory chain, which disappeared after reparameterising the influx.

**Results so far.** Fig. 4.2 is regenerated from v3 with shared axes so the compartments are directly comparable: naive turnover is tight and slow; central memory is intermediate; effector memory is both fastest and widest, driven mostly by the two oldest donors.

**Writing.** §4.1 and §4.2 drafted; §4.2 intro added this week. Missing: priors table (referenced, not yet written), posterior predictive checks (figure planned), comparison with the Westera et al. estimates, and the discussion.

**Software/citations.** scirpy and MiXCR cited; software versions table planned for the appendix.

**Blockers / questions for the group.** (1) Is constant influx defensible above age 70? (2) Should the posterior predictive check go in the main text or appendix? (3) The conda env can't move to matplotlib 3.10 without a Python bump — postpone until the chapter is done?

**Next two weeks.** Priors table, PPC figure, comparison section, then first full draft to Ana before Christmas.""")

    # ============================================================ S6 Wed 12-16
    with d.session("2026-12-16T10:25:00", R, branch="main", version="2.1.96"):
        t = d.task("the lab meeting summary you wrote for chapter 4 was way too long, I had to cut half of it before I "
                   "could put it on a slide. 4 bullets max, no bold headers. redo it for chapter 3 in that format",
                   tags=["feedback", "noise", "no_tools"],
                   feedback="the lab meeting summary you wrote for chapter 4 was way too long, I had to cut half of it before I could put it on a slide. 4 bullets max, no bold headers.")
        t.done("""- Ch. 3 text complete; new §3.3 on somatic hypermutation rates added last week.
- Figures 3.1–3.3 final (3.1 now log–log; SHM figure new).
- Open: diversity stats need the donor-level bootstrap.
- Next: send the chapter to Ana after the ch. 4 draft.""")

        t = d.task("I added figure 4 (clonal expansion) to the clonal-dynamics paper yesterday on the workstation. "
                   "pull and build the paper", tags=["mistake:M3"])
        t.bash("git pull --rebase", "Pull yesterday's work",
               out="From https://git.cbrc.ac.uk/mokafor/phd-thesis\n   c90b3a4..e61f0d8  main       -> origin/main\n"
                   "Updating c90b3a4..e61f0d8\nFast-forward\n figures.mk                       |  1 +\n"
                   " papers/clonal-dynamics/main.tex  | 22 ++++++++++++---\n results/clonal/expansion_top50.csv | 51 ++++++++++++++\n"
                   " scripts/fig_expansion.py         | 64 +++++++++++++++---\n 4 files changed, 129 insertions(+), 9 deletions(-)")
        t.fail("make clonal", "Build the paper",
               MK_CLONAL + "\n" + lmk_fail("pdflatex", "main", "[1] [2] [3] [4] [5] [6] [7] [8]\n" + missing_fig_err(
                   "./main.tex", 118, "../../figures/clonal/fig4_expansion_v2.pdf",
                   "...h=\\linewidth]{../../figures/clonal/fig4_expansion_v2.pdf}"),
                   shell=False, changed=["main.tex"], pages=13) + "\n" + make_fail("clonal", 21), code=2)
        t.say("The paper now points at `fig4_expansion_v2.pdf`, which only exists where it was generated. "
              "Building the figures before the paper.")
        t.bash("make -j4 figures", "Generate missing figures (4 in parallel)", timeout=900000,
               out=fig_line("fig_expansion.py", "figures/clonal/fig4_expansion_v2.pdf",
                            "wrote figures/clonal/fig4_expansion_v2.pdf (top 50 clones, 6 donors)"))
        t.bash("make clonal", "Build the paper again",
               out=MK_CLONAL + "\n" + lmk_ok("pdflatex", "main", 14, 1201554, shell=False, nkeys=52,
                                             bibs=["../../bib/references.bib"], changed=["main.tex", "../../figures/clonal/fig4_expansion_v2.pdf"],
                                             biber=False, body="[1] [2] [3] [4] [5] [6] [7] [8] <../../figures/clonal/fig4_expansion_v2.pdf> [9] [10] [11] [12] [13] [14]"))
        t.done("Pulled (new `fig_expansion.py`, the CSV and the `figures.mk` line). The build first failed with "
               "`File '../../figures/clonal/fig4_expansion_v2.pdf' not found` — the figure was only generated on the "
               "workstation. `make -j4 figures` built it; `make clonal` passes, 14 pages.")

        t = d.task("rewrite the paragraph that introduces figure 4 in the clonal paper so it says what the reader should "
                   "see (top clones at visit 1 grow 2-3 fold by visit 3). refer to it with \\cref as always, never a "
                   "hand-written Fig.~\\ref", tags=["pref:P1"])
        t.read(P("papers/clonal-dynamics/main.tex"))
        t.edit(P("papers/clonal-dynamics/main.tex"),
               "Clones that are large at the first visit keep expanding (\\cref{fig:expansion}).",
               "Clones that are already large at the first visit keep growing: the 50 largest clones at visit 1 are "
               "two to three times larger by visit 3, while smaller clones stay flat or shrink (\\cref{fig:expansion}).")
        t.bash("make clonal", "Build the paper",
               out=MK_CLONAL + "\n" + lmk_ok("pdflatex", "main", 14, 1201902, shell=False, nkeys=52,
                                             bibs=["../../bib/references.bib"], changed=["main.tex"], biber=False))
        t.done("Rewritten; the sentence now states the effect (top-50 clones ×2–3 between visit 1 and 3, smaller ones "
               "flat or shrinking) and ends with `\\cref{fig:expansion}`. Builds, still 14 pages.")

        t = d.task("what did I get done in the last month? need it for the progress report, git log is fine",
                   tags=["noise", "long_output"])
        t.bash("git log --since=2026-11-16 --pretty=format:'%h %ad %s' --date=short",
               "Commits of the last month",
               out="\n".join(f"{hx(7)} {dt} {m}" for dt, m in [
                   ("2026-12-15", "clonal: fig 4 expansion (top-50 clones), text"),
                   ("2026-12-15", "figures.mk: fig4_expansion_v2"),
                   ("2026-12-14", "ch4: fig 4.2 from posterior_v3, shared axes"),
                   ("2026-12-14", "tikz benchmark: epitope_id column"),
                   ("2026-12-09", "ch4: model fitting intro"),
                   ("2026-12-09", "bib: scirpy software entry"),
                   ("2026-12-07", "clonal: arXiv v1 submitted"),
                   ("2026-12-04", "ch3: SHM rates section + figure"),
                   ("2026-12-02", "ch3: log-log clone sizes, cref to fig 3.1"),
                   ("2026-12-02", "tcr-embed: benchmark table from summary.csv"),
                   ("2026-11-27", "tcr-embed: response to reviewers draft"),
                   ("2026-11-26", "tcr-embed: rerun benchmark with 10 seeds"),
                   ("2026-11-25", "ch2: pipeline QC figure"),
                   ("2026-11-24", "ch2: methods, sequencing depth table"),
                   ("2026-11-23", "ch2: filter thresholds paragraph"),
                   ("2026-11-20", "clonal: turnover figure, results 2.2"),
                   ("2026-11-19", "clonal: methods, model section"),
                   ("2026-11-18", "Makefile: split figures from PDF targets"),
                   ("2026-11-17", "bib: Better BibTeX auto-export"),
                   ("2026-11-16", "thesis: switch to uni class v2.3")]))
        t.done("""Last month (16 Nov → 15 Dec), grouped:

- **Thesis ch. 2**: methods, sequencing-depth table, filter thresholds, pipeline QC figure.
- **Thesis ch. 3**: log–log clone sizes, new SHM section + figure.
- **Thesis ch. 4**: model-fitting intro, fig. 4.2 from posterior v3, scirpy citation.
- **tcr-embed**: benchmark rerun with 10 seeds, benchmark table, response-to-reviewers draft.
- **clonal-dynamics**: model/methods, turnover figure, fig. 4 expansion; arXiv v1 submitted 7 Dec.
- **Infrastructure**: university class v2.3, Better BibTeX auto-export, Makefile split figures from PDFs.""")

    # ============================================================ S7 Fri 12-18 (acceptEdits)
    with d.session("2026-12-18T09:05:00", R, branch="tcr-revision", version="2.1.97", permission_mode="acceptEdits"):
        t = d.task("change of plan for tables: drop the siunitx S columns in the benchmark table. format the numbers in "
                   "pandas (mean ± sd as one string) and use plain r columns — the S columns keep choking on the ± strings",
                   tags=["reversal:P3"])
        t.read(P("scripts/tab_benchmark.py"))
        t.write(P("scripts/tab_benchmark.py"), '''"""Table 2 of tcr-embed: benchmark summary (booktabs, numbers formatted here, plain r columns)."""
import pandas as pd

df = pd.read_csv("results/benchmark/summary.csv")
delta = [c for c in df.columns if c.startswith("ΔAUROC")][0]
out = pd.DataFrame({
    "Method": df["method"],
    "AUROC": [f"${m:.3f} \\\\pm {s:.3f}$" for m, s in zip(df["auroc_mean"], df["auroc_sd"])],
    "$\\\\Delta$AUROC": [f"${v:+.3f}$" for v in df[delta]],
})

body = out.to_latex(index=False, escape=False, column_format="lrr")
with open("papers/tcr-embed/tables/benchmark.tex", "w") as fh:
    fh.write("\\\\begin{table}[tbp]\\n\\\\centering\\n")
    fh.write("\\\\caption{Mean AUROC $\\\\pm$ SD over five epitope panels (10 seeds).}\\n\\\\label{tab:benchmark}\\n")
    fh.write(body)
    fh.write("\\\\end{table}\\n")
print("wrote papers/tcr-embed/tables/benchmark.tex")
''')
        t.bash("conda run -n thesis python scripts/tab_benchmark.py && cat papers/tcr-embed/tables/benchmark.tex",
               "Regenerate the table and look at it",
               out="wrote papers/tcr-embed/tables/benchmark.tex\n\\begin{table}[tbp]\n\\centering\n"
                   "\\caption{Mean AUROC $\\pm$ SD over five epitope panels (10 seeds).}\n\\label{tab:benchmark}\n"
                   "\\begin{tabular}{lrr}\n\\toprule\nMethod & AUROC & $\\Delta$AUROC \\\\\n\\midrule\n"
                   "tcr-embed & $0.874 \\pm 0.012$ & $+0.061$ \\\\\nTCRdist3 & $0.813 \\pm 0.015$ & $+0.000$ \\\\\n"
                   "GLIPH2 & $0.771 \\pm 0.021$ & $-0.042$ \\\\\n\\bottomrule\n\\end{tabular}\n\\end{table}")
        t.bash("make tcr", "Build the paper",
               out=MK_TCR + "\n" + lmk_ok("pdflatex", "main", 9, 618312, nkeys=38, bibs=PAPER_BIBS,
                                          changed=["tables/benchmark.tex"], biber=False))
        t.done("Switched: `tab_benchmark.py` now formats `mean ± sd` and the signed Δ in pandas (math mode, 3 decimals) "
               "and writes a plain `lrr` booktabs table — no siunitx columns. The header Δ is `$\\Delta$` now, so the "
               "table no longer relies on the unicode declaration. Paper builds, 9 pages.")

        t = d.task("reviewer 2 wants the runtime claim in the discussion. add this after the first sentence there: "
                   "\"On 10⁵ sequences tcr-embed runs in ≈ 40 s on one GPU, about 3× faster than TCRdist3 on 32 cores.\" "
                   "and build", tags=["mistake:M2"])
        t.read(P("papers/tcr-embed/main.tex"))
        t.edit(P("papers/tcr-embed/main.tex"), "Embeddings transfer across cohorts without retraining.\n",
               "Embeddings transfer across cohorts without retraining.\n"
               "On $10^5$ sequences tcr-embed runs in ≈ 40 s on one GPU, about 3× faster than TCRdist3 on 32 cores.\n")
        t.fail("make tcr", "Build the paper",
               MK_TCR + "\n" + lmk_fail("pdflatex", "main", "[1] [2] [3] [4] [5] [6] [7]\n" + unicode_err(
                   "./main.tex", 40, "≈", "2248", "On $10^5$ sequences tcr-embed runs in ≈"),
                   changed=["main.tex"], pages=9) + "\n" + make_fail("tcr", 18), code=2)
        t.say("The pasted ≈ isn't known to pdflatex (× is, via textcomp). Declaring it in the shared unicode file "
              "rather than rewriting the reviewer-facing sentence.")
        t.read(P("common/unicode.tex"))
        t.edit(P("common/unicode.tex"), "\\DeclareUnicodeCharacter{0394}{\\ensuremath{\\Delta}}  % Δ (pandas headers)\n",
               "\\DeclareUnicodeCharacter{0394}{\\ensuremath{\\Delta}}  % Δ (pandas headers)\n"
               "\\DeclareUnicodeCharacter{2248}{\\ensuremath{\\approx}} % ≈\n")
        t.bash("make tcr", "Build the paper again",
               out=MK_TCR + "\n" + lmk_ok("pdflatex", "main", 9, 619005, nkeys=38, bibs=PAPER_BIBS,
                                          changed=["../../common/unicode.tex", "main.tex"], biber=False))
        t.done("Sentence added after the first line of the Discussion. The build stopped on `Unicode character ≈ "
               "(U+2248) not set up for use with LaTeX`; I declared ≈ in `common/unicode.tex` (next to Δ), so the text "
               "stays as you wrote it. `make tcr` passes, 9 pages.")

        t = d.task("chapter 4 checkpoint: chktex, build, check the log, commit. don't push, I'll push from the workstation",
                   tags=["workflow:W2"])
        t.bash("chktex -q -l .chktexrc chapters/ch4-model.tex", "Lint chapter 4",
               out=chktex_out("chapters/ch4-model.tex", [
                   (1, 21, 53, "Command terminated with space.",
                    "We considered a fit converged when every parameter had $\\hat{R} < 1.01$ and no divergent transitions.", "^")]))
        t.bash("make thesis", "Build the thesis", timeout=600000,
               out=make_thesis_ok(147, ["chapters/ch4-model.tex"]))
        t.bash("grep -nE 'undefined|multiply defined' build/thesis.log || echo 'no undefined or duplicate refs'",
               "Check the log for reference problems",
               out="1893:LaTeX Warning: Reference `tab:priors' on page 71 undefined on input line 23.\n"
                   "2411:LaTeX Warning: There were undefined references.")
        t.bash("git add chapters/ch4-model.tex bib/manual.bib scripts/fig_posterior.py figures/tikz/benchmark.tex && "
               "git commit -m \"ch4: fitting intro, posterior v3, scirpy\"", "Commit chapter 4",
               out=commit_ok("tcr-revision", "ch4: fitting intro, posterior v3, scirpy", 4, 16, 5))
        t.done("Committed (not pushed). chktex's one warning (line 21, `\\hat{R} <` — 'command terminated with space') is "
               "a false positive inside math, left as is. Thesis builds, 147 pp. The log still has one undefined "
               "reference: `tab:priors` on p. 71 — the priors table from §4.2.")

    # ============================================================ S8 Mon 12-21
    with d.session("2026-12-21T14:00:00", R, branch="main", version="2.1.98"):
        t = d.task("Ana wants chapter 5 on its own before the holidays. build it standalone (it's a subfile) and tell me "
                   "where the PDF is", tags=["mistake:M1"])
        t.fail("cd chapters && latexmk -lualatex -outdir=build ch5-software.tex", "Build chapter 5 standalone",
               lmk_fail("lualatex", "ch5-software", "(../preamble.tex\n" + minted_err(9, "\\usepackage[outputdir=build]{minted}"),
                        shell=False, nonstop=False, outdir="build"), code=12)
        t.say("Chapter 5 pulls in minted through the thesis preamble, so the standalone build needs shell escape "
              "just like `make thesis`.")
        t.bash("cd chapters && latexmk -lualatex -shell-escape -outdir=build ch5-software.tex", "Build chapter 5 with shell escape",
               out=lmk_ok("lualatex", "ch5-software", 24, 1388410, nkeys=31, bibs=["../bib/references.bib", "../bib/manual.bib"],
                          cwd_prefix="direct", first=True, outdir="build",
                          body="(./ch5-software.tex\nChapter 5.\n(_minted-ch5-software/default.pygstyle)\n"
                               + " ".join(f"[{i}]" for i in range(1, 25))))
        t.done("`chapters/build/ch5-software.pdf`, 24 pages, with its own bibliography. Building a chapter directly needs "
               "`-shell-escape` (minted), which `make thesis` adds for the full document.")

        t = d.task("pull the new simulation results from the cluster: /scratch/mokafor/sims/2026-12-20/ into results/sims/",
                   tags=["unfixed:U2"])
        t.fail("rsync -avz hpc:/scratch/mokafor/sims/2026-12-20/ results/sims/2026-12-20/", "Copy the sims from the cluster",
               "mokafor@login.hpc.cbrc.ac.uk: Permission denied (publickey,gssapi-keyex,gssapi-with-mic).\n"
               "rsync: connection unexpectedly closed (0 bytes received so far) [Receiver]\n"
               "rsync error: unexplained error (code 255) at io.c(232) [Receiver=3.2.7]", code=255)
        t.bash("ssh -G hpc | grep -E '^(user|hostname|identityfile) '", "Which key ssh offers for hpc",
               out="user mokafor\nhostname login.hpc.cbrc.ac.uk\nidentityfile ~/.ssh/id_ed25519_hpc")
        t.bash("ls -l ~/.ssh/id_ed25519_hpc*", "Does the key exist",
               out="-rw------- 1 maya maya 411 Jun  3  2026 /home/maya/.ssh/id_ed25519_hpc\n"
                   "-rw-r--r-- 1 maya maya  98 Jun  3  2026 /home/maya/.ssh/id_ed25519_hpc.pub")
        t.done("The cluster refused the key: `Permission denied (publickey,…)`. ssh offers `~/.ssh/id_ed25519_hpc`, which "
               "exists locally, so the cluster side no longer accepts it — CBRC rotates/expires registered keys (it was "
               "added in June). That needs re-registering the public key on the HPC portal (or a ticket), which I can't "
               "do from here. Nothing was copied.")

        t = d.task("reviewers are happy with clonal-dynamics, make the arXiv v2 tarball with the revised version. same as last time",
                   tags=["workflow:W3"])
        t.bash("make clonal", "Build the paper so main.bbl is current",
               out=MK_CLONAL + "\n" + lmk_ok("pdflatex", "main", 15, 1243118, shell=False, nkeys=55,
                                             bibs=["../../bib/references.bib"], changed=["main.tex"]))
        t.bash("rm -rf papers/clonal-dynamics_arXiv && arxiv_latex_cleaner papers/clonal-dynamics --resize_images --im_size 1600 --compress_pdf --pdf_im_resolution 300",
               "Clean the sources again")
        t.bash("cd papers/clonal-dynamics_arXiv && latexmk -pdf main.tex", "Compile the cleaned copy",
               out=lmk_ok("pdflatex", "main", 15, 1139207, shell=False, biber=False, cwd_prefix="direct", first=True))
        t.bash("pdfinfo papers/clonal-dynamics_arXiv/main.pdf | grep -E 'Pages|Page size'", "Check the cleaned PDF",
               out="Pages:           15\nPage size:       595.276 x 841.89 pts (A4)")
        t.bash("tar -czf ~/arxiv/clonal-dynamics-v2.tar.gz -C papers/clonal-dynamics_arXiv . && tar -tzf ~/arxiv/clonal-dynamics-v2.tar.gz",
               "Tarball v2",
               out="./\n./main.tex\n./main.bbl\n./figures/\n./figures/fig1_cohort.pdf\n./figures/fig2_diversity.pdf\n"
                   "./figures/fig3_turnover.pdf\n./figures/fig4_expansion_v2.pdf\n./figures/fig5_model.pdf")
        t.done("`~/arxiv/clonal-dynamics-v2.tar.gz` is ready: revised `main.tex`, fresh `main.bbl` (55 refs), five figures "
               "(new fig. 5). The cleaned copy compiles standalone, 15 pages.")

        t = d.task("where is the \\todo macro defined and how many todos are left in the chapters? I want a number for Ana",
                   tags=["noise"])
        t.grep("newcommand\\{\\\\todo\\}", filenames=[P("preamble.tex")], path=R)
        t.read(P("preamble.tex"))
        t.grep("\\\\todo\\{", output_mode="count", path=P("chapters"),
               content="chapters/ch2-methods.tex:3\nchapters/ch4-model.tex:9\nchapters/ch5-software.tex:2\nchapters/ch6-discussion.tex:14")
        t.done("`\\todo` is defined in `preamble.tex` (line 15: red `[TODO: …]` text). Left in the chapters: **28** — "
               "ch. 2: 3, ch. 4: 9, ch. 5: 2, ch. 6 (discussion): 14; chapters 1 and 3 have none.")

        t = d.task("how do I word the acknowledgement for the HPC allocation? grant is EP/X012345/1, the cluster is run by CBRC",
                   tags=["noise", "no_tools"])
        t.done("Something like:\n\n> Computations were performed on the CBRC high-performance computing cluster, funded by "
               "EPSRC grant EP/X012345/1. I thank the CBRC research computing team for their support.\n\nMost funders want the "
               "grant number verbatim; check whether CBRC asks for a specific sentence on their website — many HPC services do.")

    # ============================================================ S9 Tue 12-29
    with d.session("2026-12-29T10:15:00", R, branch="main", version="2.1.99"):
        t = d.task("make a separate worktree for the submission copy at ../phd-submit (branch submit) and build the thesis "
                   "there, I want a clean build to send to the graduate school", tags=["mistake:M3"])
        t.bash("git worktree list", "Existing worktrees", out=f"{R}  f02c7e1 [main]")
        t.bash("git worktree add ../phd-submit -b submit", "Create the submission worktree",
               out="Preparing worktree (new branch 'submit')\nHEAD is now at f02c7e1 ch5: runtime section")
        t.fail("cd ../phd-submit && make thesis", "Build the thesis in the worktree",
               MK_THESIS + "\n" + lmk_fail("lualatex", "thesis", "(./chapters/ch2-methods.tex\nChapter 2.\n" + missing_fig_err(
                   "./chapters/ch2-methods.tex", 64, "figures/ch2/pipeline_qc.pdf",
                   "...ewidth]{figures/ch2/pipeline_qc.pdf}"), outdir="build", changed=["thesis.tex"], pages=31) +
               "\n" + make_fail("thesis", 15), code=2)
        t.say("A new worktree has no generated figures (figures/ is gitignored). Generating them there first.")
        t.bash("cd ../phd-submit && make figures", "Generate all figures in the worktree", timeout=900000,
               out="\n".join([fig_line(s, o, f"wrote {o}") for s, o in [
                   ("fig_pipeline_qc.py", "figures/ch2/pipeline_qc.pdf"), ("fig_clone_sizes.py", "figures/ch3/clone_sizes.pdf"),
                   ("fig_shm_rates.py", "figures/ch3/shm_rates.pdf"), ("fig_diversity.py", "figures/ch3/diversity.pdf"),
                   ("fig_posterior.py", "figures/ch4/posterior.pdf"), ("fig_runtime.py", "figures/ch5/runtime.pdf"),
                   ("fig_turnover.py", "figures/clonal/fig3_turnover.pdf"), ("fig_expansion.py", "figures/clonal/fig4_expansion_v2.pdf")]]))
        t.bash("cd ../phd-submit && make thesis", "Build the thesis in the worktree again", timeout=600000,
               out=make_thesis_ok(151, ["thesis.tex"]))
        t.done("`../phd-submit` (branch `submit`) builds: `../phd-submit/build/thesis.pdf`, 151 pages. The first build "
               "failed on `File 'figures/ch2/pipeline_qc.pdf' not found` because a fresh worktree has no generated "
               "figures; `make figures` there produced all eight, then `make thesis` went through.")

        t = d.task("checkpoint for chapter 5 (runtime section is in): lint, build, log check, commit and push",
                   tags=["workflow:W2"])
        t.bash("chktex -q -l .chktexrc chapters/ch5-software.tex", "Lint chapter 5")
        t.bash("make thesis", "Build the thesis", timeout=600000, out=make_thesis_ok(151, ["chapters/ch5-software.tex"]))
        t.bash("grep -nE 'undefined|multiply defined' build/thesis.log || echo 'no undefined or duplicate refs'",
               "Check the log for reference problems", out="no undefined or duplicate refs")
        t.bash("git add chapters/ch5-software.tex && git commit -m \"ch5: runtime section\" && git push",
               "Commit and push chapter 5",
               out=commit_ok("main", "ch5: runtime section", 1, 27, 2) + "\n" + push_ok("f02c7e1", "0b9d3aa"))
        t.done("Chapter 5 checkpoint: chktex clean, thesis builds (151 pp.), no undefined or duplicate references "
               "(the priors table landed in the meantime). Committed and pushed to main.")

        t = d.task("the clonal paper needs the caption of fig 4 to say it only shows clones with ≤ 5 cells at visit 1 "
                   "excluded. put that in and build", tags=["mistake:M2"])
        t.read(P("papers/clonal-dynamics/main.tex"))
        t.edit(P("papers/clonal-dynamics/main.tex"), "\\caption{Expansion of the top clones between visits.}",
               "\\caption{Expansion of the top clones between visits. Clones with ≤ 5 cells at visit 1 are excluded.}")
        t.fail("make clonal", "Build the paper",
               MK_CLONAL + "\n" + lmk_fail("pdflatex", "main", "[1] [2] [3] [4] [5] [6] [7] [8]\n" + unicode_err(
                   "./main.tex", 121, "≤", "2264", "...s between visits. Clones with ≤"),
                   shell=False, changed=["main.tex"], pages=15) + "\n" + make_fail("clonal", 21), code=2)
        t.read(P("common/unicode.tex"))
        t.edit(P("common/unicode.tex"), "\\DeclareUnicodeCharacter{2248}{\\ensuremath{\\approx}} % ≈\n",
               "\\DeclareUnicodeCharacter{2248}{\\ensuremath{\\approx}} % ≈\n"
               "\\DeclareUnicodeCharacter{2264}{\\ensuremath{\\leq}}    % ≤\n")
        t.bash("make clonal", "Build the paper again",
               out=MK_CLONAL + "\n" + lmk_ok("pdflatex", "main", 15, 1244020, shell=False, nkeys=55,
                                             bibs=["../../bib/references.bib"], changed=["../../common/unicode.tex", "main.tex"],
                                             biber=False))
        t.done("Caption updated. pdflatex stopped on `Unicode character ≤ (U+2264) not set up for use with LaTeX`; "
               "≤ is now declared in `common/unicode.tex` with Δ and ≈. `make clonal` passes, 15 pages.")

    # ============================================================ S10 Wed 12-30
    with d.session("2026-12-30T09:50:00", R, branch="main", version="2.1.101"):
        t = d.task("fig 5.1 runtime plot: the new benchmark adds a 10^6 point. re-plot it, and mark the GPU method with a "
                   "dashed line. rebuild the thesis", tags=["workflow:W1"])
        t.bash("tail -4 results/benchmark/runtime.csv", "The new benchmark rows",
               out="tcr-embed (GPU),100000,41.8\ntcr-embed (GPU),1000000,402.5\nTCRdist3 (32 cores),100000,127.3\nTCRdist3 (32 cores),1000000,12984.0")
        t.read(P("scripts/fig_runtime.py"))
        t.edit(P("scripts/fig_runtime.py"), """        ax.plot(g["n_seqs"], g["seconds"], marker="o", ms=3, label=method)""",
               """        ls = "--" if method == "tcr-embed (GPU)" else "-"
        ax.plot(g["n_seqs"], g["seconds"], ls=ls, marker="o", ms=3, label=method)""")
        t.bash("conda run -n thesis python scripts/fig_runtime.py --out figures/ch5/runtime.pdf", "Regenerate figure 5.1",
               out="wrote figures/ch5/runtime.pdf")
        t.bash("pdffonts figures/ch5/runtime.pdf", "Check fonts are embedded", out=pdffonts(["TeXGyreHeros-Regular"]))
        t.bash("make thesis", "Build the thesis", timeout=600000,
               out=make_thesis_ok(151, ["figures/ch5/runtime.pdf"]))
        t.done("Fig. 5.1 redrawn with the 10⁶ point; the GPU line is dashed. Fonts embedded, thesis builds (151 pp.).")

        t = d.task("clonal-dynamics got accepted 🎉 make the final arXiv version (v3) with the accepted text, same steps",
                   tags=["workflow:W3"])
        t.bash("make clonal", "Build the paper", out=MK_CLONAL + "\n" + lmk_ok(
            "pdflatex", "main", 15, 1245511, shell=False, nkeys=55, bibs=["../../bib/references.bib"], changed=["main.tex"]))
        t.bash("rm -rf papers/clonal-dynamics_arXiv && arxiv_latex_cleaner papers/clonal-dynamics --resize_images --im_size 1600 --compress_pdf --pdf_im_resolution 300",
               "Clean the sources")
        t.bash("cd papers/clonal-dynamics_arXiv && latexmk -pdf main.tex", "Compile the cleaned copy",
               out=lmk_ok("pdflatex", "main", 15, 1140088, shell=False, biber=False, cwd_prefix="direct", first=True))
        t.bash("tar -czf ~/arxiv/clonal-dynamics-v3.tar.gz -C papers/clonal-dynamics_arXiv . && tar -tzf ~/arxiv/clonal-dynamics-v3.tar.gz | wc -l",
               "Tarball v3", out="10")
        t.bash("ls -lh ~/arxiv/", "All arXiv tarballs",
               out="total 3.4M\n-rw-rw-r-- 1 maya maya 1.1M Dec  7 11:02 clonal-dynamics-v1.tar.gz\n"
                   "-rw-rw-r-- 1 maya maya 1.2M Dec 21 15:12 clonal-dynamics-v2.tar.gz\n"
                   "-rw-rw-r-- 1 maya maya 1.2M Dec 30 10:31 clonal-dynamics-v3.tar.gz")
        t.done("`~/arxiv/clonal-dynamics-v3.tar.gz` is ready (accepted text, current `main.bbl`, ≤ caption included). "
               "Cleaned copy compiles, 15 pages. Congratulations! In the arXiv comments field you can now add the journal reference.")

        t = d.task("draft a 3-line email to Ana saying the full thesis draft is in the submit branch and asking if "
                   "January 12 works for the read-through", tags=["noise", "no_tools"])
        t.done("Hi Ana,\n\nThe full thesis draft is on the `submit` branch (PDF attached too, 151 pages) — all five chapters, "
               "chapter 4 with the priors table and updated posteriors.\nWould January 12 work for the read-through?\n\n"
               "Thanks, and happy new year,\nMaya")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "The tcr-embed paper, its supplement and the thesis chapters use minted (minted 2.x on TeX Live 2023), "
                            "which needs shell escape to run Pygments. The Makefile passes -shell-escape, but when Claude runs "
                            "latexmk directly (a paper, a supplement without a make target, a subfiles chapter standalone) it "
                            "leaves the flag out and the engine stops while loading minted.",
             "error_signature": "! Package minted Error: You must invoke LaTeX with the -shell-escape flag. (then '! Emergency stop.', "
                                "'No pages of output.', latexmk 'Errors, so I did not complete making targets', exit 12) from "
                                "`latexmk -pdf main.tex`, `latexmk -pdf supplement.tex`, `latexmk -lualatex ch5-software.tex`",
             "fix": "Run the same latexmk command with -shell-escape (as `make thesis` / `make tcr` do).",
             "fix_command_markers": [["-shell-escape", "--shell-escape"]],
             "harmful_markers": ["usepackage{listings}", "draft]{minted}", "frozencache"]},
            {"id": "M2",
             "description": "The papers are built with pdflatex (arXiv), whose utf8 input only knows a subset of Unicode. "
                            "Characters that arrive from CSV headers or pasted text (Δ, ≈, ≤) stop the build. The papers share "
                            "common/unicode.tex, which declares extra characters.",
             "error_signature": "<file>:<line>: LaTeX Error: Unicode character <c> (U+XXXX) / not set up for use with LaTeX. "
                                "(make tcr / make clonal, latexmk exit 12, make Error 12)",
             "fix": "Add a \\DeclareUnicodeCharacter{XXXX}{\\ensuremath{...}} line to common/unicode.tex and re-run the same make target.",
             "fix_command_markers": [["DeclareUnicodeCharacter"]],
             "harmful_markers": ["utf8x", "latexmk -f ", "-interaction=batchmode"]},
            {"id": "M3",
             "description": "figures/ is gitignored and the PDF targets do not depend on the figures. After pulling work done "
                            "on the lab workstation, or in a fresh worktree, a referenced figure PDF does not exist and the "
                            "build stops. The figures have to be generated first.",
             "error_signature": "<file>:<line>: LaTeX Error: File `figures/…pdf' not found. (or `../../figures/…') from "
                                "make thesis / make clonal, latexmk exit 12",
             "fix": "Run `make figures` (or `make -j4 figures`) in that checkout, then the same make target again.",
             "fix_command_markers": [["make figures", "make -j4 figures"]],
             "harmful_markers": ["draft]{graphicx}", "demo]{graphicx}", "example-image"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "Hand-written @software entry in bib/manual.bib missing the comma after author; biber "
                                        "'syntax error: found \"title\", expected end of entry'; comma added, make thesis passes."},
            {"id": "O2", "description": "pgfplots 'Sorry, could not retrieve column 'epitope' from table "
                                        "'results/benchmark/per_epitope.csv'' after the CSV column was renamed; the three "
                                        "\\addplot table lines changed to epitope_id, make thesis passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "conda env update: LibMambaUnsatisfiableError, matplotlib 3.10 needs python >= 3.10 "
                                        "but environment.yml pins python=3.9; left for Maya to decide."},
            {"id": "U2", "description": "rsync from the HPC cluster: 'Permission denied (publickey,...)', rsync error code 255; "
                                        "the cluster no longer accepts the key, needs re-registration."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "git push to the university GitLab: 'error: RPC failed; HTTP 502 curl 22'; identical "
                                        "retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Figure update: edit scripts/fig_*.py, regenerate with `conda run -n thesis python "
                                        "scripts/fig_X.py --out figures/...pdf`, check fonts with `pdffonts`, `make thesis`.",
             "step_markers": [["conda run -n thesis python scripts/"], ["pdffonts"], ["make thesis"]]},
            {"id": "W2", "description": "Chapter checkpoint: `chktex -q -l .chktexrc chapters/<ch>.tex`, `make thesis`, grep "
                                        "build/thesis.log for undefined/multiply defined refs, `git commit` (push unless told not to).",
             "step_markers": [["chktex"], ["make thesis"], ["build/thesis.log"], ["git commit"]]},
            {"id": "W3", "description": "arXiv packaging of clonal-dynamics: `make clonal` (fresh main.bbl), "
                                        "`arxiv_latex_cleaner papers/clonal-dynamics ...`, compile the _arXiv copy with "
                                        "`latexmk -pdf` (no biber), `tar -czf ~/arxiv/clonal-dynamics-vN.tar.gz -C ... .`",
             "step_markers": [["make clonal"], ["arxiv_latex_cleaner"], ["latexmk -pdf"], ["tar -czf"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Cross-references always with cleveref (\\cref/\\Cref), never hand-written Figure~\\ref.",
             "markers": [["cref", "cleveref"]]},
            {"id": "P2", "description": "One sentence per line in the .tex sources (for readable git diffs).",
             "markers": [["one sentence per line"]]},
            {"id": "P3", "description": "Tables with siunitx S columns (stated T05), reversed: numbers formatted in pandas, "
                                        "plain r columns.",
             "markers": [["siunitx"]],
             "reversal_markers": [["siunitx"], ["plain r", "pandas"]]},
        ],
        probes=[
            {"prompt": "latexmk -pdf response.tex in papers/tcr-embed/response stops with '! Package minted Error: You must "
                       "invoke LaTeX with the -shell-escape flag.' and then Emergency stop. what's wrong?",
             "wanted": ["M1"]},
            {"prompt": "Compile chapter 2 on its own (chapters/ch2-methods.tex is a subfile), I want to send it to Rob.",
             "wanted": ["M1"]},
            {"prompt": "make clonal fails: ./main.tex:97: LaTeX Error: Unicode character μ (U+03BC) not set up for use with LaTeX.",
             "wanted": ["M2"]},
            {"prompt": "Add this to the tcr-embed methods and build: \"We kept CDR3s with 8–20 residues and p ≥ 0.95 "
                       "assignment confidence.\"",
             "wanted": ["M2"]},
            {"prompt": "make thesis says ./chapters/ch4-model.tex:88: LaTeX Error: File `figures/ch4/ppc.pdf' not found. "
                       "but the script is right there in scripts/",
             "wanted": ["M3"]},
            {"prompt": "I pushed the new chapter 4 posterior predictive check figure from the workstation. Pull and build the thesis.",
             "wanted": ["M3"]},
            {"prompt": "What's the difference between \\autocite and \\parencite in biblatex, in two sentences?",
             "wanted": []},
            {"prompt": "Write a Python snippet that computes the Shannon diversity of a clone size vector.",
             "wanted": []},
            {"prompt": "How do I get hyperref to colour links dark blue instead of the red boxes?",
             "wanted": []},
            {"prompt": "Suggest a title for chapter 4 that is shorter than the current one.",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "latex-thesis.jsonl"), os.path.join(HERE, "tune", "latex-thesis.labels.json"))
    print(f"latex-thesis -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
