"""zh-bioinfo: 林晓峰 (Lin Xiaofeng, user linxf), bioinformatics engineer at the sequencing core of 浙东大学生命科学研究院.

Stack: one git repo of Snakemake 8 pipelines (seqcore-pipes) run on a Slurm cluster through
snakemake-executor-plugin-slurm (head job via sbatch, `profiles/slurm`), rule conda envs in workflow/envs,
mamba 2 for the R analysis env (`mamba run -n rnaseq-r Rscript …`), environment modules (`module load STAR/…`),
RNA-seq (fastp, STAR, salmon, featureCounts, MultiQC), WES (bwa-mem2, samtools, GATK4, bcftools), DESeq2 and
clusterProfiler in R, reference genomes and indexes under /share/ref, deliveries rsynced to /share/delivery.
Prompts and replies in Chinese; tool output as printed. cwd /share/home/linxf/seqcore-pipes.

Written blind for fresh/; measured once held out (round 24), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_zh_bioinfo.py && python3 check.py && python3 fresh/check_fresh.py
"""
import datetime as _dt
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "linxf"
R = "/share/home/linxf/seqcore-pipes"
MODEL = "claude-opus-4-6"
DATA = "/share/data/seqcore"
SCR = "/share/scratch/linxf"
GIT_REMOTE = "gitlab.seqcore.zdu.edu.cn:bioinfo/seqcore-pipes.git"

SIG1 = "some values in assay are not integers"
SIG2 = "EXITING because of FATAL ERROR in input reads: unknown file format: the read ID should start with @ or >"
SIG3 = "Error: Directory cannot be locked."
RRUN = "mamba run -n rnaseq-r Rscript"

_rng = [random.Random(20261012)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


def loc(d, plus=0):
    """Local (UTC+8) wall clock, `plus` seconds after the fake clock."""
    return d.clock + _dt.timedelta(hours=8, seconds=plus)


def hms(d, plus=0):
    return loc(d, plus).strftime("%H:%M:%S")


def smk_date(d, plus=0):
    return loc(d, plus).strftime("[%a %b %d %H:%M:%S %Y]").replace(" 0", "  ", 1) if loc(d, plus).day < 10 \
        else loc(d, plus).strftime("[%a %b %d %H:%M:%S %Y]")


def star_date(d, plus=0):
    return loc(d, plus).strftime("%b %d %H:%M:%S")


# ------------------------------------------------------------------ job ids
JOB = [4718200]


def jobid(step=1):
    JOB[0] += step
    return JOB[0]


def run_uuid():
    return f"{hx(8)}-{hx(4)}-4{hx(3)}-{_rng[0].choice('89ab')}{hx(3)}-{hx(12)}"


CTX = {}


# ------------------------------------------------------------------ output helpers
def grep_lines(d, path, pattern):
    return "\n".join(f"{path}:{i}:{l}" for i, l in enumerate(d.files[path].split("\n"), 1) if re.search(pattern, l))


def commit_out(branch, msg, nfiles, ins, dels=0):
    dd = f", {dels} deletion{'s' if dels != 1 else ''}(-)" if dels else ""
    return (f"[{branch} {hx(7)}] {msg}\n {nfiles} file{'s' if nfiles > 1 else ''} changed, "
            f"{ins} insertion{'s' if ins != 1 else ''}(+){dd}")


def push_out(old, new, branch="main"):
    return f"To {GIT_REMOTE}\n   {old}..{new}  {branch} -> {branch}"


def squeue(rows):
    """squeue default format: %.18i %.9P %.8j %.8u %.2t %.10M %.6D %R"""
    out = [f"{'JOBID':>18} {'PARTITION':>9} {'NAME':>8} {'USER':>8} {'ST':>2} {'TIME':>10} {'NODES':>6} NODELIST(REASON)"]
    for jid, part, name, st, tm, reason in rows:
        out.append(f"{jid:>18} {part:>9} {name[:8]:>8} {U:>8} {st:>2} {tm:>10} {1:>6} {reason}")
    return "\n".join(out)


def sacct(cols, rows):
    """sacct: first column left-aligned, the rest right-aligned, each followed by a space."""
    head = []
    sep = []
    for i, (name, w) in enumerate(cols):
        head.append(f"{name:<{w}}" if i == 0 else f"{name:>{w}}")
        sep.append("-" * w)
    out = [" ".join(head) + " ", " ".join(sep) + " "]
    for r in rows:
        out.append(" ".join((f"{str(v):<{w}}" if i == 0 else f"{str(v):>{w}}")
                            for i, (v, (_, w)) in enumerate(zip(r, cols))) + " ")
    return "\n".join(out)


def smk_head(profile=True):
    lines = []
    if profile:
        lines.append("Using profile profiles/slurm for setting default command line arguments.")
    lines += ["Assuming unrestricted shared filesystem usage.", "host: login01", "Building DAG of jobs..."]
    return lines


def job_stats(jobs):
    w = max(len("total"), *(len(j) for j, _ in jobs))
    total = sum(n for _, n in jobs)
    out = ["Job stats:", f"{'job':<{w}}  {'count':>7}", f"{'-' * w}  {'-' * 7}"]
    for j, n in sorted(jobs):
        out.append(f"{j:<{w}}  {n:>7}")
    out.append(f"{'total':<{w}}  {total:>7}")
    return out


def smk_dry(jobs, reasons):
    lines = ["Building DAG of jobs..."] + job_stats(jobs) + ["", "Reasons:", "    (check individual jobs above for details)"]
    for why, rules in reasons:
        lines += [f"    {why}:", "        " + ", ".join(rules)]
    lines += ["", "This was a dry-run (flag -n). The order of jobs does not reflect the order of execution."]
    return "\n".join(["Assuming unrestricted shared filesystem usage.", "host: login01"] + lines)


def smk_lock(workdir, profile=True):
    return "\n".join(smk_head(profile) + [
        "LockException:",
        f"{SIG3} Please make sure that no other Snakemake process is trying to create the same files "
        "in the following directory:",
        workdir,
        "If you are sure that no other instances of snakemake are running on this directory, the remaining lock "
        "was likely caused by a kill signal or a power loss. It can be removed with the --unlock argument."])


def smk_unlock(profile=True):
    return "\n".join(smk_head(profile) + ["Unlocking working directory."])


LOGDIR = {"qualimap_rnaseq": "qualimap", "featurecounts": "featurecounts", "star_align": "star",
          "salmon_quant": "salmon", "fastp": "fastp", "multiqc": "multiqc"}


def _job_block(d, t, rule, jid, output, wc, res, inp, reason, workdir):
    sj = jobid(d.rng.randint(3, 40))
    lines = [smk_date(d, t), f"rule {rule}:", f"    input: {inp}", f"    output: {output}"]
    if rule in LOGDIR:
        lines.append(f"    log: logs/{LOGDIR[rule]}/{wc.split('=')[1] if wc else LOGDIR[rule]}.log")
    lines += [f"    jobid: {jid}", f"    reason: {reason or 'Missing output files: ' + output.split(', ')[0]}"]
    if wc:
        lines.append(f"    wildcards: {wc}")
    lines += [f"    resources: {res}", "",
              f"Job {jid} has been submitted with SLURM jobid {sj} (log: {workdir}/.snakemake/slurm_logs/rule_{rule}"
              + (f"/{wc.split('=')[1]}" if wc else "") + f"/{sj}.log)."]
    return lines


def smk_run_slurm(d, run_id, jobs, workdir, later=(), all_input="", nodes=60):
    """jobs: first batch of (rule, jobid, output, wildcards or None, resources, minutes, input);
    later: jobs that become ready when the first batch is done, same tuple + reason."""
    stats = {}
    for j in list(jobs) + list(later):
        stats[j[0]] = stats.get(j[0], 0) + 1
    stats["all"] = 1
    n = len(jobs) + len(later) + 1
    lines = smk_head(True) + [f"SLURM run ID: {run_id}", "Using shell: /usr/bin/bash",
                              f"Provided remote nodes: {nodes}"] + job_stats(list(stats.items()))
    lines += ["", "Select jobs to execute...", f"Execute {len(jobs)} jobs...", ""]
    t = 5
    for rule, jid, output, wc, res, _mins, inp in jobs:
        lines += _job_block(d, t, rule, jid, output, wc, res, inp, None, workdir)
        t += 2
    done = 0
    for rule, jid, output, wc, res, mins, inp in sorted(jobs, key=lambda j: j[5]):
        done += 1
        lines += [smk_date(d, t + mins * 60), f"Finished jobid: {jid} (Rule: {rule})",
                  f"{done} of {n} steps ({done * 100 // n}%) done"]
    t = t + max(j[5] for j in jobs) * 60 + 2
    for rule, jid, output, wc, res, mins, inp, reason in later:
        lines += ["Select jobs to execute...", "Execute 1 jobs...", ""]
        lines += _job_block(d, t, rule, jid, output, wc, res, inp, reason, workdir)
        t += mins * 60
        done += 1
        lines += [smk_date(d, t), f"Finished jobid: {jid} (Rule: {rule})", f"{done} of {n} steps ({done * 100 // n}%) done"]
        t += 2
    lines += ["Select jobs to execute...", "Execute 1 jobs...", "", smk_date(d, t), "localrule all:", f"    input: {all_input}",
              "    jobid: 0", "    reason: Input files updated by another job", "    resources: tmpdir=/tmp", "",
              smk_date(d, t), "Finished jobid: 0 (Rule: all)", f"{n} of {n} steps (100%) done",
              f"Complete log: .snakemake/log/{loc(d).strftime('%Y-%m-%dT%H%M%S')}.{d.rng.randint(100000, 999999)}.snakemake.log"]
    return "\n".join(lines), t


# ---- STAR
STAR_BUILD = "2.7.11b   compiled: 2024-01-25T21:22:00-05:00 :/opt/conda/conda-bld/star_1706234421580/work/source"


def star_head(d, argv, load_s=30):
    return [f"\t{argv}", f"\tSTAR version: {STAR_BUILD}",
            f"{star_date(d, 2)} ..... started STAR run",
            f"{star_date(d, 2)} ..... loading genome",
            f"{star_date(d, 2 + load_s)} ..... started mapping"]


def star_fail(d, argv, node, load_s=30):
    out = "\n".join(star_head(d, argv, load_s))
    err = (f"\nReadAlignChunk_processChunks.cpp:204:processChunks {SIG2} \n\n"
           f"{star_date(d, 3 + load_s)} ...... FATAL ERROR, exiting\n"
           f"srun: error: {node}: task 0: Exited with exit code 104")
    return out + "\n" + err


def star_ok(d, argv, map_s, load_s=30, sort=False, twopass=False):
    lines = star_head(d, argv, load_s)
    if twopass:
        lines = lines[:4] + [f"{star_date(d, 2 + load_s)} ..... started 1st pass mapping",
                             f"{star_date(d, 2 + load_s + map_s // 2)} ..... finished 1st pass mapping",
                             f"{star_date(d, 3 + load_s + map_s // 2)} ..... inserting junctions into the genome indices",
                             f"{star_date(d, 40 + load_s + map_s // 2)} ..... started mapping"]
    t = 2 + load_s + map_s + (40 if twopass else 0)
    lines.append(f"{star_date(d, t)} ..... finished mapping")
    if sort:
        lines += [f"{star_date(d, t + 1)} ..... started sorting BAM", f"{star_date(d, t + 95)} ..... finished successfully"]
    else:
        lines.append(f"{star_date(d, t + 1)} ..... finished successfully")
    return "\n".join(lines), t + 100


def log_final(t_start, t_map, t_fin, speed, n_in, rl, uniq_pct, mapped_len, splices, mm, multi_pct, toomany_pct,
              short_pct, other_pct):
    def n(p):
        return round(n_in * p / 100)
    gtag = round(splices * 0.9871)
    gcag = round(splices * 0.0082)
    atac = round(splices * 0.0011)
    nonc = splices - gtag - gcag - atac
    rows = [
        ("Started job on", t_start), ("Started mapping on", t_map), ("Finished on", t_fin),
        ("Mapping speed, Million of reads per hour", f"{speed:.2f}"), None,
        ("Number of input reads", n_in), ("Average input read length", rl), "UNIQUE READS:",
        ("Uniquely mapped reads number", n(uniq_pct)), ("Uniquely mapped reads %", f"{uniq_pct:.2f}%"),
        ("Average mapped length", f"{mapped_len:.2f}"), ("Number of splices: Total", splices),
        ("Number of splices: Annotated (sjdb)", round(splices * 0.9903)), ("Number of splices: GT/AG", gtag),
        ("Number of splices: GC/AG", gcag), ("Number of splices: AT/AC", atac),
        ("Number of splices: Non-canonical", nonc), ("Mismatch rate per base, %", mm),
        ("Deletion rate per base", "0.01%"), ("Deletion average length", "1.71"),
        ("Insertion rate per base", "0.01%"), ("Insertion average length", "1.38"), "MULTI-MAPPING READS:",
        ("Number of reads mapped to multiple loci", n(multi_pct)), ("% of reads mapped to multiple loci", f"{multi_pct:.2f}%"),
        ("Number of reads mapped to too many loci", n(toomany_pct)),
        ("% of reads mapped to too many loci", f"{toomany_pct:.2f}%"), "UNMAPPED READS:",
        ("Number of reads unmapped: too many mismatches", 0), ("% of reads unmapped: too many mismatches", "0.00%"),
        ("Number of reads unmapped: too short", n(short_pct)), ("% of reads unmapped: too short", f"{short_pct:.2f}%"),
        ("Number of reads unmapped: other", n(other_pct)), ("% of reads unmapped: other", f"{other_pct:.2f}%"),
        "CHIMERIC READS:", ("Number of chimeric reads", 0), ("% of chimeric reads", "0.00%")]
    out = []
    for r in rows:
        if r is None:
            out.append("")
        elif isinstance(r, str):
            out.append(f"{r:>50}")
        else:
            out.append(f"{r[0]:>48} |\t{r[1]}")
    return "\n".join(out) + "\n"


# ---- R output
TXI_MSG = ["summarizing abundance", "summarizing counts", "summarizing length"]
DESEQ_MSG = ["estimating size factors", "estimating dispersions", "gene-wise dispersion estimates",
             "mean-dispersion relationship", "final dispersion estimates", "fitting model and testing"]
DESEQ_TXI_MSG = ["using counts and average transcript lengths from tximport", "estimating size factors",
                 "using 'avgTxLength' from assays(dds), correcting for library size", "estimating dispersions",
                 "gene-wise dispersion estimates", "mean-dispersion relationship", "final dispersion estimates",
                 "fitting model and testing"]
APEGLM_MSG = ["using 'apeglm' for LFC shrinkage. If used in published research, please cite:",
              "    Zhu, A., Ibrahim, J.G., Love, M.I. (2018) Heavy-tailed prior distributions for",
              "    sequence count data: removing the noise and preserving large differences.",
              "    Bioinformatics. https://doi.org/10.1093/bioinformatics/bty895"]


def txi_read(n):
    return ["reading in files with read_tsv", " ".join(str(i) for i in range(1, n + 1)) + " "] + TXI_MSG


def not_int_err(calls):
    return ("Error in DESeqDataSet(se, design = design, ignoreRank) : \n"
            f"  {SIG1}\nCalls: {calls}\nExecution halted")


def rsync_out(files, sent, total):
    recv = 19 * len(files) + 38
    speed = round(sent / 1.9, 2)
    return ("sending incremental file list\n" + "\n".join(files) +
            f"\n\nsent {sent:,} bytes  received {recv:,} bytes  {speed:,.2f} bytes/sec\n"
            f"total size is {total:,}  speedup is {total / (sent + recv):.2f}")


# ------------------------------------------------------------------ virtual files
README = P("README.md")
SNAKEFILE = P("workflow/Snakefile")
QC = P("workflow/rules/qc.smk")
ALIGN = P("workflow/rules/align.smk")
QUANT = P("workflow/rules/quant.smk")
VARIANT = P("workflow/rules/variant.smk")
PROFILE = P("profiles/slurm/config.yaml")
TEMPLATE = P("config/projects/_template.yaml")
REFS = P("config/references.yaml")
HEADJOB = P("jobs/run_snakemake.sbatch")
BUILDIDX = P("jobs/build_index.sbatch")
VOLCANO = P("scripts/plot_volcano.R")
RENV = P("envs/rnaseq-r.yaml")
BCF_ENV = P("workflow/envs/bcftools.yaml")
NOVO = "/share/home/linxf/delivery/novo_P2026-052.txt"

README_TXT = """# seqcore-pipes

浙东大学生命科学研究院 高通量测序平台的标准分析流程（Snakemake 8 + Slurm）。

## 流程

- RNA-seq：fastp → STAR（1-pass，GeneCounts）→ featureCounts（基因水平）；fastp → salmon（gentrome + decoy，k31）；MultiQC
- WES / panel：fastp → bwa-mem2 → samtools markdup → GATK4 BQSR → HaplotypeCaller（-ERC GVCF，按 interval scatter）
  → GenotypeGVCFs → bcftools 硬过滤
- 差异分析（流程外，R）：`scripts/run_deseq2.R`（tximport + DESeq2）→ `scripts/enrich_go.R` / `scripts/enrich_kegg.R`
  （clusterProfiler）→ `scripts/plot_volcano.R`

## 跑一个项目

1. 复制 `config/projects/_template.yaml` 为 `<项目号>.yaml`，写 `<项目号>.samples.tsv`（sample / condition / replicate / fq1 / fq2）
2. dry-run：`snakemake -n --quiet rules --configfile config/projects/<项目号>.yaml --directory /share/data/seqcore/<项目号>`
3. 提交主进程：`sbatch jobs/run_snakemake.sbatch config/projects/<项目号>.yaml`
   （head job 只负责调度，各 rule 的作业由 profiles/slurm 里的 slurm executor 提交）
4. `squeue -u $USER` / `sacct` 看进度；结果在 `/share/data/seqcore/<项目号>/results/`

## 环境

- base 环境（~/miniforge3）：snakemake 8.25 + snakemake-executor-plugin-slurm 0.15，mamba 2.0
- rule 的 conda 环境：`workflow/envs/*.yaml`，建在 `/share/apps/snakemake/conda-envs`（profile 里配了 conda-prefix）
- R 分析环境：`mamba run -n rnaseq-r Rscript …`（`envs/rnaseq-r.yaml`，R 4.4 / Bioconductor 3.20）
- 单独跑工具用 module：`module avail STAR samtools bcftools`
- 集群账号 `seqcore`；分区 `cpu`（默认，最长 7 天）、`fat`（1.5 TB 内存节点）、`debug`（30 分钟）
- 参考基因组登记在 `config/references.yaml`，文件都在 `/share/ref/<物种>/<版本>/`

## 交付

结果拷到 `/share/delivery/<PI 拼音>/<项目号>/`，附 `README.md`（交付说明），老师那边 smb 挂载直接看。
"""

SNAKEFILE_TXT = """# seqcore-pipes 主入口（Snakemake 8）
# 项目配置: --configfile config/projects/<项目号>.yaml；工作目录: --directory /share/data/seqcore/<项目号>
from pathlib import Path

import pandas as pd
import yaml

REPO = Path(workflow.basedir).parent
REFS = yaml.safe_load(open(REPO / "config" / "references.yaml"))
REF = REFS[config["reference"]]
SAMPLES = pd.read_csv(config["samples"], sep="\\t", comment="#", dtype=str).set_index("sample", drop=False)


wildcard_constraints:
    sample="|".join(SAMPLES.index),


include: "rules/qc.smk"
include: "rules/align.smk"
include: "rules/quant.smk"
include: "rules/variant.smk"


def rnaseq_targets():
    return [
        "results/qc/multiqc_report.html",
        "results/counts/featureCounts.tsv",
        expand("results/salmon/{sample}/quant.sf", sample=SAMPLES.index),
    ]


rule all:
    input:
        rnaseq_targets() if config["assay"] == "rnaseq" else variant_targets(),
"""

QC_TXT = """rule fastp:
    input:
        r1=lambda wc: SAMPLES.loc[wc.sample, "fq1"],
        r2=lambda wc: SAMPLES.loc[wc.sample, "fq2"],
    output:
        r1="results/fastp/{sample}_R1.fq.gz",
        r2="results/fastp/{sample}_R2.fq.gz",
        json="results/fastp/{sample}.fastp.json",
        html="results/fastp/{sample}.fastp.html",
    log:
        "logs/fastp/{sample}.log",
    threads: 8
    resources:
        mem_mb=8000,
        runtime=60,
    conda:
        "../envs/fastp.yaml"
    shell:
        "fastp -i {input.r1} -I {input.r2} -o {output.r1} -O {output.r2} "
        "--detect_adapter_for_pe --length_required 30 --thread {threads} "
        "-j {output.json} -h {output.html} 2> {log}"


rule multiqc:
    input:
        expand("results/fastp/{sample}.fastp.json", sample=SAMPLES.index),
        expand("results/star/{sample}/Log.final.out", sample=SAMPLES.index),
        expand("results/salmon/{sample}/quant.sf", sample=SAMPLES.index),
        "results/counts/featureCounts.tsv.summary",
    output:
        "results/qc/multiqc_report.html",
    log:
        "logs/multiqc/multiqc.log",
    conda:
        "../envs/multiqc.yaml"
    shell:
        "multiqc -f -o results/qc -n multiqc_report.html "
        "results/fastp results/star results/salmon results/counts 2> {log}"
"""

ALIGN_TXT = """rule star_align:
    input:
        r1="results/fastp/{sample}_R1.fq.gz",
        r2="results/fastp/{sample}_R2.fq.gz",
    output:
        bam="results/star/{sample}/Aligned.sortedByCoord.out.bam",
        log="results/star/{sample}/Log.final.out",
    params:
        index=REF.get("star_index"),
        prefix="results/star/{sample}/",
    log:
        "logs/star/{sample}.log",
    threads: 16
    resources:
        mem_mb=48000,
        runtime=240,
    conda:
        "../envs/star.yaml"
    shell:
        "STAR --runThreadN {threads} --genomeDir {params.index} "
        "--readFilesIn {input.r1} {input.r2} --readFilesCommand zcat "
        "--outSAMtype BAM SortedByCoordinate --outSAMattributes NH HI AS nM "
        "--quantMode GeneCounts --outFileNamePrefix {params.prefix} > {log} 2>&1 && "
        "samtools index {output.bam}"
"""

QUANT_TXT = """rule salmon_quant:
    input:
        r1="results/fastp/{sample}_R1.fq.gz",
        r2="results/fastp/{sample}_R2.fq.gz",
    output:
        "results/salmon/{sample}/quant.sf",
    params:
        index=REF.get("salmon_index"),
        outdir="results/salmon/{sample}",
    log:
        "logs/salmon/{sample}.log",
    threads: 8
    resources:
        mem_mb=16000,
        runtime=120,
    conda:
        "../envs/salmon.yaml"
    shell:
        "salmon quant -i {params.index} -l A -1 {input.r1} -2 {input.r2} "
        "--validateMappings --gcBias -p {threads} -o {params.outdir} > {log} 2>&1"


rule featurecounts:
    input:
        expand("results/star/{sample}/Aligned.sortedByCoord.out.bam", sample=SAMPLES.index),
    output:
        tsv="results/counts/featureCounts.tsv",
        summary="results/counts/featureCounts.tsv.summary",
    params:
        gtf=REF.get("gtf"),
        strand=config.get("strandedness", 2),
    log:
        "logs/featurecounts/featurecounts.log",
    threads: 16
    resources:
        mem_mb=16000,
        runtime=120,
    conda:
        "../envs/subread.yaml"
    shell:
        "featureCounts -T {threads} -p --countReadPairs -s {params.strand} "
        "-a {params.gtf} -o {output.tsv} {input} > {log} 2>&1"
"""

VARIANT_TXT = """# WES / panel：bwa-mem2 → markdup → BQSR → HaplotypeCaller（按 interval scatter）→ GenotypeGVCFs → 硬过滤
INTERVALS = [f"{i:04d}" for i in range(config.get("scatter", 24))]


def variant_targets():
    return [f"results/vcf/{config['project']}.joint.filtered.vcf.gz"]


rule bwa_mem2:
    input:
        r1="results/fastp/{sample}_R1.fq.gz",
        r2="results/fastp/{sample}_R2.fq.gz",
    output:
        temp("results/bam/{sample}.sorted.bam"),
    params:
        idx=REF.get("bwa_mem2_index"),
        rg=lambda wc: f"@RG\\\\tID:{wc.sample}\\\\tSM:{wc.sample}\\\\tPL:ILLUMINA\\\\tLB:{wc.sample}",
    threads: 24
    resources:
        mem_mb=64000,
        runtime=360,
    conda:
        "../envs/bwa_mem2.yaml"
    shell:
        "bwa-mem2 mem -t {threads} -R '{params.rg}' {params.idx} {input.r1} {input.r2} "
        "| samtools sort -@ 8 -m 2G -o {output} -"


rule markdup:
    input:
        "results/bam/{sample}.sorted.bam",
    output:
        bam="results/bam/{sample}.markdup.bam",
        stats="results/bam/{sample}.markdup.txt",
    threads: 8
    conda:
        "../envs/bwa_mem2.yaml"
    shell:
        "samtools collate -@ {threads} -O -u {input} | samtools fixmate -@ {threads} -m -u - - "
        "| samtools sort -@ {threads} -u - | samtools markdup -@ {threads} -f {output.stats} - {output.bam} "
        "&& samtools index {output.bam}"


rule bqsr:
    input:
        bam="results/bam/{sample}.markdup.bam",
    output:
        table="results/bam/{sample}.recal.table",
        bam="results/bam/{sample}.recal.bam",
    params:
        ref=REF.get("fasta"),
        known=" ".join(f"--known-sites {k}" for k in REF.get("known_sites", [])),
        intervals=config.get("target_bed", ""),
    resources:
        mem_mb=16000,
        runtime=240,
    conda:
        "../envs/gatk4.yaml"
    shell:
        "gatk --java-options -Xmx12g BaseRecalibrator -R {params.ref} -I {input.bam} {params.known} "
        "-L {params.intervals} -ip 100 -O {output.table} && "
        "gatk --java-options -Xmx12g ApplyBQSR -R {params.ref} -I {input.bam} "
        "--bqsr-recal-file {output.table} -O {output.bam}"


rule haplotypecaller:
    input:
        bam="results/bam/{sample}.recal.bam",
        interval=lambda wc: f"{config['intervals_dir']}/{wc.shard}-scattered.interval_list",
    output:
        "results/gvcf/{sample}/{sample}.{shard}.g.vcf.gz",
    params:
        ref=REF.get("fasta"),
    resources:
        mem_mb=8000,
        runtime=180,
    conda:
        "../envs/gatk4.yaml"
    shell:
        "gatk --java-options -Xmx6g HaplotypeCaller -R {params.ref} -I {input.bam} "
        "-L {input.interval} -ip 100 -ERC GVCF -O {output}"


rule genotype_gvcfs:
    input:
        lambda wc: expand("results/gvcf/{sample}/{sample}.{{shard}}.g.vcf.gz", sample=SAMPLES.index),
    output:
        "results/vcf/shards/{shard}.vcf.gz",
    params:
        ref=REF.get("fasta"),
        gvcfs=lambda wc, input: " ".join(f"-V {f}" for f in input),
        interval=lambda wc: f"{config['intervals_dir']}/{wc.shard}-scattered.interval_list",
    resources:
        mem_mb=12000,
        runtime=120,
    conda:
        "../envs/gatk4.yaml"
    shell:
        "gatk --java-options -Xmx8g CombineGVCFs -R {params.ref} {params.gvcfs} -L {params.interval} "
        "-O results/vcf/shards/{wildcards.shard}.g.vcf.gz && "
        "gatk --java-options -Xmx8g GenotypeGVCFs -R {params.ref} -V results/vcf/shards/{wildcards.shard}.g.vcf.gz "
        "-L {params.interval} -O {output}"


rule gather_filter:
    input:
        expand("results/vcf/shards/{shard}.vcf.gz", shard=INTERVALS),
    output:
        "results/vcf/{project}.joint.filtered.vcf.gz",
    conda:
        "../envs/bcftools.yaml"
    shell:
        "bcftools concat -a -Ou {input} | bcftools norm -m -any -f {REF[fasta]} -Ou "
        "| bcftools filter -s LowQual -e 'QUAL<30 || INFO/DP<10' -Oz -o {output} && bcftools index -t {output}"
"""

PROFILE_TXT = """# Slurm profile (snakemake 8 + snakemake-executor-plugin-slurm)
executor: slurm
jobs: 60
latency-wait: 60
retries: 1
printshellcmds: true
software-deployment-method: conda
conda-prefix: /share/apps/snakemake/conda-envs
default-resources:
  slurm_account: seqcore
  slurm_partition: cpu
  mem_mb: 4000
  runtime: 60
"""

TEMPLATE_TXT = """# 项目配置模板：复制成 config/projects/<项目号>.yaml 再改
project: P2026-XXX
pi: ""                       # 老师姓名拼音，用于交付目录
assay: rnaseq                # rnaseq | wes
reference: GRCm39_gencode_vM35
samples: /share/home/linxf/seqcore-pipes/config/projects/P2026-XXX.samples.tsv
workdir: /share/data/seqcore/P2026-XXX
strandedness: 2              # featureCounts -s：0 非链特异，1 正向，2 反向（dUTP 建库一般是 2）
de:
  design: "~ condition"
  reference_level: WT
  contrasts:
    - [condition, KO, WT]
  padj: 0.05
  lfc: 1
"""

REFS_TXT = """# 平台参考基因组登记。文件都在 /share/ref/<物种>/<版本>/ 下；index 建好、检查过再登记。
GRCm39_gencode_vM35:
  species: mus_musculus
  source: GENCODE release M35 (Ensembl 112)
  fasta: /share/ref/mouse/GRCm39_gencode_vM35/GRCm39.primary_assembly.genome.fa
  gtf: /share/ref/mouse/GRCm39_gencode_vM35/gencode.vM35.primary_assembly.annotation.gtf
  star_index: /share/ref/mouse/GRCm39_gencode_vM35/star_2.7.11b_sjdb149
  salmon_index: /share/ref/mouse/GRCm39_gencode_vM35/salmon_1.10.3_gentrome_k31
  tx2gene: /share/ref/mouse/GRCm39_gencode_vM35/tx2gene.tsv
  orgdb: org.Mm.eg.db
  kegg: mmu

GRCh38_gencode_v44:
  species: homo_sapiens
  source: GENCODE release 44 (Ensembl 110)
  fasta: /share/ref/human/GRCh38_gencode_v44/GRCh38.primary_assembly.genome.fa
  gtf: /share/ref/human/GRCh38_gencode_v44/gencode.v44.primary_assembly.annotation.gtf
  star_index: /share/ref/human/GRCh38_gencode_v44/star_2.7.11b_sjdb149
  salmon_index: /share/ref/human/GRCh38_gencode_v44/salmon_1.10.3_gentrome_k31
  tx2gene: /share/ref/human/GRCh38_gencode_v44/tx2gene.tsv
  orgdb: org.Hs.eg.db
  kegg: hsa

GRCh38_gatk_bundle:
  species: homo_sapiens
  source: GATK resource bundle hg38 (Broad)
  fasta: /share/ref/human/GRCh38_gatk_bundle/Homo_sapiens_assembly38.fasta
  bwa_mem2_index: /share/ref/human/GRCh38_gatk_bundle/bwa_mem2/Homo_sapiens_assembly38.fasta
  known_sites:
    - /share/ref/human/GRCh38_gatk_bundle/Homo_sapiens_assembly38.dbsnp138.vcf.gz
    - /share/ref/human/GRCh38_gatk_bundle/Mills_and_1000G_gold_standard.indels.hg38.vcf.gz
    - /share/ref/human/GRCh38_gatk_bundle/Homo_sapiens_assembly38.known_indels.vcf.gz
"""

HEADJOB_TXT = """#!/bin/bash
#SBATCH --job-name=smk-head
#SBATCH --account=seqcore
#SBATCH --partition=cpu
#SBATCH --cpus-per-task=2
#SBATCH --mem=4G
#SBATCH --time=24:00:00
#SBATCH --output=slurm-%j.out
# 流程主进程（head job）：只负责调度，各 rule 的作业由 slurm executor 另外提交
# 用法: sbatch jobs/run_snakemake.sbatch config/projects/<项目号>.yaml
set -euo pipefail
CFG=$(realpath "$1")
WORKDIR=$(python3 -c 'import sys, yaml; print(yaml.safe_load(open(sys.argv[1]))["workdir"])' "$CFG")
cd /share/home/linxf/seqcore-pipes
snakemake --profile profiles/slurm --configfile "$CFG" --directory "$WORKDIR" --rerun-incomplete
"""

VOLCANO_TXT = """#!/usr/bin/env Rscript
# 火山图：输入 run_deseq2.R 输出的 <对比>.deseq2.tsv
# 用法: Rscript scripts/plot_volcano.R <deseq2.tsv> [--format png|pdf] [--dpi 300] [--padj 0.05] [--lfc 1]
suppressPackageStartupMessages({
  library(optparse)
  library(readr)
  library(dplyr)
  library(ggplot2)
})

args <- parse_args(OptionParser(option_list = list(
  make_option("--format", default = "png"),
  make_option("--dpi", type = "integer", default = 300),
  make_option("--padj", type = "double", default = 0.05),
  make_option("--lfc", type = "double", default = 1)
)), positional_arguments = 1)

infile <- args$args[1]
o <- args$options
res <- read_tsv(infile, show_col_types = FALSE) |>
  filter(!is.na(padj)) |>
  mutate(group = case_when(
    padj < o$padj & log2FoldChange >= o$lfc ~ "up",
    padj < o$padj & log2FoldChange <= -o$lfc ~ "down",
    TRUE ~ "ns"
  ))

p <- ggplot(res, aes(log2FoldChange, -log10(padj), colour = group)) +
  geom_point(size = 0.6, alpha = 0.7) +
  scale_colour_manual(values = c(up = "#D6604D", down = "#4393C3", ns = "grey70")) +
  geom_vline(xintercept = c(-o$lfc, o$lfc), linetype = "dashed", linewidth = 0.3) +
  geom_hline(yintercept = -log10(o$padj), linetype = "dashed", linewidth = 0.3) +
  labs(title = sub("\\\\.deseq2\\\\.tsv$", "", basename(infile)), x = "log2 fold change", y = "-log10 padj") +
  theme_classic(base_size = 11)

out <- sub("\\\\.deseq2\\\\.tsv$", paste0(".volcano.", o$format), infile)
ggsave(out, p, width = 5, height = 4.5, dpi = o$dpi)
cat(sprintf("[plot_volcano] %s: up %d, down %d -> %s\\n", basename(infile),
            sum(res$group == "up"), sum(res$group == "down"), out))
"""

RENV_TXT = """# R 分析环境（差异分析 / 富集 / 作图）。mamba env update -n rnaseq-r -f envs/rnaseq-r.yaml
name: rnaseq-r
channels:
  - conda-forge
  - bioconda
dependencies:
  - r-base=4.4.2
  - r-optparse=1.7.5
  - r-tidyverse=2.0.0
  - r-ggrepel=0.9.6
  - r-pheatmap=1.0.12
  - bioconductor-deseq2=1.46.0
  - bioconductor-tximport=1.34.0
  - bioconductor-apeglm=1.28.0
  - bioconductor-clusterprofiler=4.14.0
  - bioconductor-org.mm.eg.db=3.20.0
  - bioconductor-org.hs.eg.db=3.20.0
  - bioconductor-org.dr.eg.db=3.20.0
  - bioconductor-enrichplot=1.26.1
"""

BCF_ENV_TXT = """channels:
  - conda-forge
  - bioconda
dependencies:
  - bcftools=1.20
  - htslib
"""

NOVO_TXT = """诺禾致源 数据交付通知（项目 X202610090117 / 平台编号 P2026-052）

交付方式：阿里云 OSS
Bucket：oss://novo-delivery-hz/X202610090117/
Endpoint：oss-cn-hangzhou.aliyuncs.com
数据量：3 个样本（HJP052-P / HJP052-F / HJP052-M），WES PE150，共 41.6 GB
访问凭证：已按邮件写入 ~/.ossutil_novo052（ossutil 配置文件）
有效期：7 天（2026-10-09 签发），过期请联系项目经理 钱晨 重新生成
MD5：下载后请用目录内 MD5.txt 校验
"""

FILES = {
    README: README_TXT, SNAKEFILE: SNAKEFILE_TXT, QC: QC_TXT, ALIGN: ALIGN_TXT, QUANT: QUANT_TXT,
    VARIANT: VARIANT_TXT, PROFILE: PROFILE_TXT, TEMPLATE: TEMPLATE_TXT, REFS: REFS_TXT, HEADJOB: HEADJOB_TXT,
    VOLCANO: VOLCANO_TXT, RENV: RENV_TXT, BCF_ENV: BCF_ENV_TXT, NOVO: NOVO_TXT,
}


# ------------------------------------------------------------------ shared bits
def raw_listing(names, day, base_gb, first_idx=1, owner="seqcore"):
    lines = [f"total {int(sum(base_gb) * 2.05)}G"]
    rows = []
    for i, (n, gb) in enumerate(zip(names, base_gb)):
        for r, f in (("R1", 1.0), ("R2", 1.05)):
            rows.append((f"{n}_S{i + first_idx}_{r}_001.fastq.gz", gb * f))
    for fn, gb in sorted(rows):
        lines.append(f"-rw-r----- 1 {owner} {owner} {gb:.1f}G {day} {fn}")
    return "\n".join(lines)


def samples_tsv(rows, rawdir):
    out = ["sample\tcondition\treplicate\tfq1\tfq2"]
    for sid, cond, rep, lib in rows:
        out.append(f"{sid}\t{cond}\t{rep}\t{rawdir}/{lib}_R1_001.fastq.gz\t{rawdir}/{lib}_R2_001.fastq.gz")
    return "\n".join(out) + "\n"


def sq_rows_head(head_id, head_time, jobs):
    rows = [(head_id, "cpu", "smk-head", "R", head_time, "cn017")]
    return rows + jobs


# ------------------------------------------------------------------ session 1
def s1(d):
    with d.session("2026-10-12T01:35:00", R, branch="main", version="2.1.150"):
        t = d.task("我是平台做生信的，这个是我们的流程仓库 seqcore-pipes。你先过一遍：有哪些流程、怎么在集群上跑、参考基因组和环境怎么管的",
                   tags=["noise"])
        t.read(README)
        t.read(SNAKEFILE)
        t.glob("workflow/**/*", [SNAKEFILE, QC, ALIGN, QUANT, VARIANT,
                                  P("workflow/envs/fastp.yaml"), P("workflow/envs/star.yaml"), P("workflow/envs/salmon.yaml"),
                                  P("workflow/envs/subread.yaml"), P("workflow/envs/multiqc.yaml"),
                                  P("workflow/envs/bwa_mem2.yaml"), P("workflow/envs/gatk4.yaml"), BCF_ENV])
        t.read(PROFILE)
        t.read(HEADJOB)
        t.read(REFS)
        t.done("""过了一遍，要点：

**流程**（`workflow/Snakefile` 按 `config["assay"]` 选目标）
- RNA-seq：`fastp` → `star_align`（1-pass，GeneCounts，坐标排序 BAM）→ `featurecounts`（`-p --countReadPairs -s <strandedness>`）；另一路 `salmon_quant`（gentrome+decoy，`--validateMappings --gcBias`）；最后 `multiqc`
- WES：`bwa_mem2` → `markdup`（collate/fixmate/sort/markdup）→ `bqsr` → `haplotypecaller`（按 interval shard scatter，`-ERC GVCF`）→ `genotype_gvcfs`（每个 shard CombineGVCFs + GenotypeGVCFs）→ `gather_filter`（concat / norm / 硬过滤）
- 差异分析不在 Snakemake 里：`scripts/run_deseq2.R` → `enrich_go.R` / `enrich_kegg.R` → `plot_volcano.R`

**集群上怎么跑**
- 先 `snakemake -n --quiet rules --configfile … --directory /share/data/seqcore/<项目号>` dry-run
- 再 `sbatch jobs/run_snakemake.sbatch config/projects/<项目号>.yaml` 提交 head job（2 核 4G，24 小时），head 里用 `--profile profiles/slurm` 让 slurm executor 给每个 rule 单独提作业
- profile：账号 `seqcore`，默认分区 `cpu`，最多 60 个并发作业，`retries: 1`，conda 环境建在 `/share/apps/snakemake/conda-envs`

**参考和环境**
- `config/references.yaml` 登记：GRCm39 + GENCODE vM35、GRCh38 + GENCODE v44（RNA-seq，带 STAR / salmon 索引和 tx2gene），GATK hg38 bundle（WES，bwa-mem2 索引 + known sites）
- rule 环境在 `workflow/envs/`，R 分析用 `mamba run -n rnaseq-r Rscript …`，单独跑工具用 `module load`

注意一点：head job 的日志是 `slurm-%j.out`，会落在提交目录（仓库根目录）里。""")

        # ---- T02 W1 #1
        raw = "/share/data/raw/2026-10-10_NovaSeqX_R118/P2026-041"
        t = d.task("陈立群老师那批小鼠肝脏的下机了，在 /share/data/raw/2026-10-10_NovaSeqX_R118/P2026-041/ ，Hnf4a 肝特异敲除 KO 和 WT 各 6 个，"
                   "PE150，dUTP 建库，参考用 GRCm39 vM35。建好项目配置跑起来", tags=["workflow:W1"])
        libs = [f"LQ-WT-{i}" for i in range(1, 7)] + [f"LQ-KO-{i}" for i in range(1, 7)]
        t.bash(f"ls -lh {raw}/", "看下机数据",
               out=raw_listing(libs, "Oct 10 21:14", [3.9, 4.2, 4.0, 3.7, 4.4, 4.1, 2.9, 4.0, 4.3, 3.8, 4.1, 3.6]))
        t.read(TEMPLATE)
        rows = [(f"WT{i}", "WT", str(i), f"LQ-WT-{i}_S{i}") for i in range(1, 7)] + \
               [(f"KO{i}", "KO", str(i), f"LQ-KO-{i}_S{i + 6}") for i in range(1, 7)]
        t.write(P("config/projects/P2026-041.samples.tsv"), samples_tsv(rows, raw))
        t.write(P("config/projects/P2026-041.yaml"), """project: P2026-041
pi: chenliqun
assay: rnaseq
reference: GRCm39_gencode_vM35
samples: /share/home/linxf/seqcore-pipes/config/projects/P2026-041.samples.tsv
workdir: /share/data/seqcore/P2026-041
strandedness: 2
de:
  design: "~ condition"
  reference_level: WT
  contrasts:
    - [condition, KO, WT]
  padj: 0.05
  lfc: 1
""")
        t.bash("snakemake -n --quiet rules --configfile config/projects/P2026-041.yaml --directory /share/data/seqcore/P2026-041",
               "dry-run 看作业",
               out=smk_dry([("all", 1), ("fastp", 12), ("star_align", 12), ("salmon_quant", 12), ("featurecounts", 1),
                            ("multiqc", 1)],
                           [("input files updated by another job", ["all", "featurecounts", "multiqc", "salmon_quant", "star_align"]),
                            ("output files have to be generated", ["fastp", "featurecounts", "multiqc", "salmon_quant", "star_align"])]))
        head41 = jobid(31)
        CTX["head41"] = head41
        t.bash("sbatch jobs/run_snakemake.sbatch config/projects/P2026-041.yaml", "提交 head job",
               out=f"Submitted batch job {head41}")
        run41 = run_uuid()
        CTX["run41"] = run41
        fp = [(jobid(3 + i), "cpu", run41, "R" if i < 9 else "PD", f"0:{12 + i:02d}" if i < 9 else "0:00",
               f"cn0{21 + i}" if i < 9 else "(Priority)") for i in range(12)]
        CTX["fp41"] = [r[0] for r in fp]
        t.bash("sleep 60; squeue -u linxf", "看作业有没有起来",
               out=squeue(sq_rows_head(head41, "1:04", fp)))
        t.done(f"""跑起来了：

- 样本表 `config/projects/P2026-041.samples.tsv`：WT1–6（S1–S6）、KO1–6（S7–S12），fq 直接指向下机目录
- 项目配置 `config/projects/P2026-041.yaml`：GRCm39 vM35、`strandedness: 2`（dUTP）、对比 KO vs WT
- dry-run 39 个作业（fastp / STAR / salmon 各 12，featureCounts、MultiQC 各 1）
- head job `{head41}` 已在 cn017 上跑，fastp 的 12 个作业 9 个已经在跑、3 个排队

KO1（S7）的数据量明显少一些（2.9G vs 其他 3.6–4.4G），等比对结果出来注意看一下。""")

        # ---- T03 no tools
        t = d.task("问一下，salmon 建索引加 decoy（gentrome）到底有多大用？有老师问我能不能省掉，说建索引太慢", tags=["no_tools"])
        t.done("""有用，建议别省：

- **作用**：不加 decoy 时，来自基因组上未注释区域（内含子、假基因、重复序列）的 reads 如果和某个转录本序列相似，selective alignment 会把它"勉强"比到转录本上，虚高这些转录本的表达。把整个基因组当 decoy 放进索引后，这类 reads 在基因组上得分更高就会被丢掉（记为 decoy 命中）
- **影响大小**：对大多数高表达基因影响很小；影响集中在低表达基因、有加工假基因的家族（核糖体蛋白、Gapdh 之类）、内含子 reads 多的样本（总 RNA / 核 RNA、降解样本）。做差异分析时这些恰好容易出假阳性
- **代价**：索引从几 GB 变成 ~20 GB，建一次在 fat 节点上 1–2 小时；quant 时间基本不变。索引每个 GENCODE 版本只建一次，平台共享，摊下来可以忽略

所以结论：gentrome + decoy 保留；真要赶时间，可以先用已有的索引，不要为了省建索引时间退回无 decoy 版本。""")


# ------------------------------------------------------------------ session 2
QUICK_DE = P("scripts/adhoc/P2026-041_quick_de.R")
QUICK_DE_TXT = """#!/usr/bin/env Rscript
# P2026-041 临时：salmon 结果快速看 KO vs WT 差异基因数（不进交付）
suppressPackageStartupMessages({
  library(DESeq2)
  library(readr)
  library(dplyr)
})

wd <- "/share/data/seqcore/P2026-041"
samples <- read_tsv("config/projects/P2026-041.samples.tsv", show_col_types = FALSE)
tx2gene <- read_tsv("/share/ref/mouse/GRCm39_gencode_vM35/tx2gene.tsv",
                    col_names = c("tx", "gene"), show_col_types = FALSE)

# 每个样本 quant.sf 的 NumReads，转录本按 tx2gene 加到基因
cnt <- sapply(samples$sample, function(s) {
  q <- read_tsv(file.path(wd, "results/salmon", s, "quant.sf"), show_col_types = FALSE)
  setNames(q$NumReads, q$Name)
})
counts <- rowsum(cnt, tx2gene$gene[match(rownames(cnt), tx2gene$tx)])
message(sprintf("[quick_de] %d samples, %d transcripts -> %d genes", ncol(cnt), nrow(cnt), nrow(counts)))

coldata <- data.frame(condition = factor(samples$condition, levels = c("WT", "KO")),
                      row.names = samples$sample)
dds <- DESeqDataSetFromMatrix(countData = counts, colData = coldata, design = ~ condition)
dds <- dds[rowSums(counts(dds) >= 10) >= 3, ]
dds <- DESeq(dds)
res <- results(dds, contrast = c("condition", "KO", "WT"), alpha = 0.05)

sig <- subset(as.data.frame(res), padj < 0.05 & abs(log2FoldChange) > 1)
message(sprintf("[quick_de] KO vs WT: padj < 0.05 & |log2FC| > 1 -> up %d, down %d (tested %d genes)",
                sum(sig$log2FoldChange > 0), sum(sig$log2FoldChange < 0), sum(!is.na(res$padj))))
print(head(res[order(res$padj), ], 10))
"""


def s2(d):
    with d.session("2026-10-14T02:10:00", R, branch="main", version="2.1.151"):
        # ---- T04 M1 #1
        t = d.task("041 的 salmon 都跑完了，STAR 还有几个在排队。先拿 salmon 的结果快速看下 KO vs WT 大概多少差异基因，写个临时脚本放 scripts/adhoc 就行，不用出图",
                   tags=["mistake:M1"])
        wd = f"{DATA}/P2026-041"
        t.bash(f"ls {wd}/results/salmon/ && head -4 {wd}/results/salmon/WT1/quant.sf", "看 salmon 输出",
               out="KO1\nKO2\nKO3\nKO4\nKO5\nKO6\nWT1\nWT2\nWT3\nWT4\nWT5\nWT6\n"
                   "Name\tLength\tEffectiveLength\tTPM\tNumReads\n"
                   "ENSMUST00000193812.2\t1070\t821.000\t0.000000\t0.000\n"
                   "ENSMUST00000082908.3\t110\t9.000\t0.000000\t0.000\n"
                   "ENSMUST00000162897.2\t4153\t3904.000\t0.218461\t27.318")
        t.write(QUICK_DE, QUICK_DE_TXT)
        t.fail(f"{RRUN} scripts/adhoc/P2026-041_quick_de.R", "跑临时差异分析",
               "[quick_de] 12 samples, 149482 transcripts -> 57186 genes\n" +
               not_int_err("DESeqDataSetFromMatrix -> DESeqDataSet"))
        t.say("salmon 的 `NumReads` 是 EM 估计出来的期望 reads 数，带小数，DESeq2 的 `DESeqDataSetFromMatrix` 只收整数计数，所以拒绝了。"
              "正确做法是用 tximport 读 quant.sf（按 tx2gene 汇总到基因），再用 `DESeqDataSetFromTximport` 建对象——它会把估计计数取整，"
              "同时把平均转录本长度作为 offset 带进去，比手工加和更准确。改脚本：")
        t.edit(QUICK_DE, """suppressPackageStartupMessages({
  library(DESeq2)
  library(readr)
  library(dplyr)
})""", """suppressPackageStartupMessages({
  library(DESeq2)
  library(tximport)
  library(readr)
  library(dplyr)
})""")
        t.edit(QUICK_DE, """# 每个样本 quant.sf 的 NumReads，转录本按 tx2gene 加到基因
cnt <- sapply(samples$sample, function(s) {
  q <- read_tsv(file.path(wd, "results/salmon", s, "quant.sf"), show_col_types = FALSE)
  setNames(q$NumReads, q$Name)
})
counts <- rowsum(cnt, tx2gene$gene[match(rownames(cnt), tx2gene$tx)])
message(sprintf("[quick_de] %d samples, %d transcripts -> %d genes", ncol(cnt), nrow(cnt), nrow(counts)))

coldata <- data.frame(condition = factor(samples$condition, levels = c("WT", "KO")),
                      row.names = samples$sample)
dds <- DESeqDataSetFromMatrix(countData = counts, colData = coldata, design = ~ condition)""",
               """# salmon 估计计数带小数：用 tximport 汇总到基因，再 DESeqDataSetFromTximport（取整 + 转录本长度 offset）
files <- setNames(file.path(wd, "results/salmon", samples$sample, "quant.sf"), samples$sample)
txi <- tximport(files, type = "salmon", tx2gene = tx2gene)
message(sprintf("[quick_de] %d samples -> %d genes", ncol(txi$counts), nrow(txi$counts)))

coldata <- data.frame(condition = factor(samples$condition, levels = c("WT", "KO")),
                      row.names = samples$sample)
dds <- DESeqDataSetFromTximport(txi, colData = coldata, design = ~ condition)""")
        top = [("ENSMUSG00000017950.17", 8421.3, -4.81, 0.142, "1.21e-252", "2.66e-248"),
               ("ENSMUSG00000026103.15", 2210.6, -3.97, 0.151, "4.02e-153", "4.41e-149"),
               ("ENSMUSG00000074183.4", 1893.1, -5.62, 0.222, "2.77e-141", "2.03e-137"),
               ("ENSMUSG00000028613.12", 612.8, 3.34, 0.138, "1.90e-129", "1.04e-125"),
               ("ENSMUSG00000031765.9", 4120.4, -2.88, 0.125, "6.61e-118", "2.90e-114"),
               ("ENSMUSG00000045827.4", 317.2, 4.41, 0.197, "3.05e-111", "1.11e-107"),
               ("ENSMUSG00000024747.15", 980.5, 2.97, 0.136, "8.47e-106", "2.65e-102"),
               ("ENSMUSG00000032253.18", 1432.7, -2.61, 0.121, "3.12e-103", "8.53e-100"),
               ("ENSMUSG00000040325.6", 211.9, 3.88, 0.183, "2.28e-99", "5.54e-96"),
               ("ENSMUSG00000005373.15", 5230.8, -2.34, 0.113, "4.40e-95", "9.63e-92")]
        table = ["log2 fold change (MLE): condition KO vs WT ", "Wald test p-value: condition KO vs WT ",
                 "DataFrame with 10 rows and 6 columns",
                 f"{'':<22}{'baseMean':>10}{'log2FoldChange':>15}{'lfcSE':>10}{'stat':>10}{'pvalue':>12}{'padj':>12}",
                 f"{'':<22}{'<numeric>':>10}{'<numeric>':>15}{'<numeric>':>10}{'<numeric>':>10}{'<numeric>':>12}{'<numeric>':>12}"]
        for g, bm, lfc, se, pv, pa in top:
            table.append(f"{g:<22}{bm:>10.1f}{lfc:>15.2f}{se:>10.3f}{lfc / se:>10.2f}{pv:>12}{pa:>12}")
        t.bash(f"{RRUN} scripts/adhoc/P2026-041_quick_de.R", "重跑",
               out="\n".join(table),
               err="\n".join(txi_read(12) + ["[quick_de] 12 samples -> 57186 genes"] + DESEQ_TXI_MSG +
                             ["[quick_de] KO vs WT: padj < 0.05 & |log2FC| > 1 -> up 641, down 517 (tested 21903 genes)"]))
        t.done("""跑完了（`scripts/adhoc/P2026-041_quick_de.R`）：

- 过滤后检验 21,903 个基因，**padj < 0.05 且 |log2FC| > 1：上调 641、下调 517**
- 排第一的是 `ENSMUSG00000017950`（Hnf4a 本身，log2FC −4.8），敲除效率没问题；下调里还有几个典型的 HNF4α 靶基因（Apoa / Cyp 家族那一片），符合预期

第一次跑报了 `some values in assay are not integers`：salmon 的 NumReads 是带小数的估计值，不能直接塞给 `DESeqDataSetFromMatrix`。已改成 tximport 汇总到基因 + `DESeqDataSetFromTximport`（它负责取整，并用平均转录本长度做 offset），和正式的 `run_deseq2.R` 是一个做法。STAR / featureCounts 跑完后正式交付还是走 run_deseq2.R。""")

        # ---- T05 O1 + P1 #1
        t = d.task("流程加个 qualimap rnaseq 的质控（看 5'-3' 覆盖偏好和 reads 落在外显子/内含子/基因间的比例），结果进 MultiQC。"
                   "conda 环境单独写个 workflow/envs/qualimap.yaml，版本号写死，别留空让 conda 自己解析",
                   tags=["oneoff:O1", "pref:P1"])
        t.read(QC)
        t.write(P("workflow/envs/qualimap.yaml"), """channels:
  - conda-forge
  - bioconda
dependencies:
  - qualimap=2.3
  - openjdk=11.0.23
""")
        t.edit(QC, """        "-j {output.json} -h {output.html} 2> {log}"


rule multiqc:""", """        "-j {output.json} -h {output.html} 2> {log}"


rule qualimap_rnaseq:
    input:
        bam="results/star/{sample}.Aligned.sortedByCoord.out.bam",
    output:
        "results/qc/qualimap/{sample}/qualimapReport.html",
    params:
        gtf=REF.get("gtf"),
        outdir="results/qc/qualimap/{sample}",
        protocol=lambda wc: {0: "non-strand-specific", 1: "strand-specific-forward", 2: "strand-specific-reverse"}[
            int(config.get("strandedness", 2))],
    log:
        "logs/qualimap/{sample}.log",
    resources:
        mem_mb=12000,
        runtime=120,
    conda:
        "../envs/qualimap.yaml"
    shell:
        "qualimap rnaseq --java-mem-size=10G -pe -p {params.protocol} -bam {input.bam} "
        "-gtf {params.gtf} -outdir {params.outdir} > {log} 2>&1"


rule multiqc:""")
        t.edit(QC, """        expand("results/salmon/{sample}/quant.sf", sample=SAMPLES.index),
        "results/counts/featureCounts.tsv.summary",
    output:
        "results/qc/multiqc_report.html",""", """        expand("results/salmon/{sample}/quant.sf", sample=SAMPLES.index),
        expand("results/qc/qualimap/{sample}/qualimapReport.html", sample=SAMPLES.index),
        "results/counts/featureCounts.tsv.summary",
    output:
        "results/qc/multiqc_report.html",""")
        t.edit(QC, """        "results/fastp results/star results/salmon results/counts 2> {log}\"""",
               """        "results/fastp results/star results/salmon results/counts results/qc/qualimap 2> {log}\"""")
        dry = "snakemake -n --quiet rules --configfile config/projects/P2026-041.yaml --directory /share/data/seqcore/P2026-041"
        t.fail(dry, "dry-run 检查新 rule",
               "\n".join(["Assuming unrestricted shared filesystem usage.", "host: login01", "Building DAG of jobs...",
                          f"MissingInputException in rule qualimap_rnaseq in file {QC}, line 24:",
                          "Missing input files for rule qualimap_rnaseq:",
                          "    output: results/qc/qualimap/KO1/qualimapReport.html",
                          "    wildcards: sample=KO1",
                          "    affected files:",
                          "        results/star/KO1.Aligned.sortedByCoord.out.bam"]))
        t.say("输入路径写错了：STAR 的输出是 `results/star/{sample}/Aligned.sortedByCoord.out.bam`（样本是目录），我写成了 `{sample}.Aligned…`。改掉：")
        t.edit(QC, 'bam="results/star/{sample}.Aligned.sortedByCoord.out.bam",',
               'bam="results/star/{sample}/Aligned.sortedByCoord.out.bam",')
        t.bash(dry, "再 dry-run",
               out=smk_dry([("all", 1), ("qualimap_rnaseq", 12), ("multiqc", 1)],
                           [("input files updated by another job", ["all", "multiqc"]),
                            ("output files have to be generated", ["qualimap_rnaseq"]),
                            ("set of input files has changed since last execution", ["multiqc"])]))
        t.bash("git add workflow/rules/qc.smk workflow/envs/qualimap.yaml && "
               "git commit -m \"qc: add qualimap rnaseq (pinned env), feed into multiqc\" && git push origin main",
               "提交", out=commit_out("main", "qc: add qualimap rnaseq (pinned env), feed into multiqc", 2, 31, 1),
               err=push_out("6b1e2c4", "a93f0d7"))
        t.done("""加好了，已推 main：

- 新 rule `qualimap_rnaseq`：每个样本对 STAR 的坐标排序 BAM 跑 `qualimap rnaseq -pe`，链特异参数跟着 `strandedness` 走（2 → `strand-specific-reverse`），12 GB 内存
- `workflow/envs/qualimap.yaml`：`qualimap=2.3`、`openjdk=11.0.23`，都写死了
- MultiQC 的输入和扫描目录加上了 `results/qc/qualimap`

dry-run 第一次报 `MissingInputException`，是我把 BAM 路径写成了 `results/star/{sample}.Aligned…`，改成 `results/star/{sample}/Aligned.sortedByCoord.out.bam` 后正常：041 会新增 12 个 qualimap 作业，MultiQC 因为输入变了会重跑一次。041 的 head job 还在跑，等它结束再补跑就行。""")

        # ---- T06 W3 #1 + P2
        t = d.task("周蕾老师那边斑马鱼的样本下周上机，先把 GRCz11 的参考准备好，用 Ensembl 115。建索引的 sbatch 脚本写一个放 jobs/ 下，以后别的物种也用它。"
                   "还有，新写的 sbatch 日志统一放 logs/slurm/%x-%j.out，别散在 home 里",
                   tags=["workflow:W3", "pref:P2"])
        t.read(REFS)
        zd = "/share/ref/zebrafish/GRCz11_ens115"
        ens = "https://ftp.ensembl.org/pub/release-115"
        fa = "Danio_rerio.GRCz11.dna.primary_assembly.fa.gz"
        cdna = "Danio_rerio.GRCz11.cdna.all.fa.gz"
        gtf = "Danio_rerio.GRCz11.115.gtf.gz"
        now = loc(d, 20)
        t.bash(f"mkdir -p {zd} && cd {zd} && wget -nv {ens}/fasta/danio_rerio/dna/{fa} "
               f"{ens}/fasta/danio_rerio/cdna/{cdna} {ens}/gtf/danio_rerio/{gtf}", "下载 GRCz11 基因组、cDNA、GTF",
               err="\n".join([
                   f"{now.strftime('%Y-%m-%d %H:%M:%S')} URL:{ens}/fasta/danio_rerio/dna/{fa} [446361219/446361219] -> \"{fa}\" [1]",
                   f"{(now + _dt.timedelta(seconds=212)).strftime('%Y-%m-%d %H:%M:%S')} URL:{ens}/fasta/danio_rerio/cdna/{cdna} [21337710/21337710] -> \"{cdna}\" [1]",
                   f"{(now + _dt.timedelta(seconds=224)).strftime('%Y-%m-%d %H:%M:%S')} URL:{ens}/gtf/danio_rerio/{gtf} [18102345/18102345] -> \"{gtf}\" [1]",
                   f"FINISHED --{(now + _dt.timedelta(seconds=224)).strftime('%Y-%m-%d %H:%M:%S')}--",
                   "Total wall clock time: 3m 46s",
                   "Downloaded: 3 files, 462M in 3m 44s (2.06 MB/s)"]), timeout=900000)
        d.tick(200, 240)
        t.bash(f"cd {zd} && for p in fasta/danio_rerio/dna fasta/danio_rerio/cdna gtf/danio_rerio; do curl -s {ens}/$p/CHECKSUMS; done > CHECKSUMS.ens115 && "
               f"for f in {fa} {cdna} {gtf}; do echo \"local: $(sum $f)  $f\"; grep \" $f$\" CHECKSUMS.ens115; done",
               "用 Ensembl 的 CHECKSUMS（sum）校验",
               out=f"local: 40127 435900  {fa}\n40127 435900 {fa}\n"
                   f"local: 18842 20838  {cdna}\n18842 20838 {cdna}\n"
                   f"local: 05519 17679  {gtf}\n05519 17679 {gtf}")
        t.bash(f"cd {zd} && zcat {fa} > Danio_rerio.GRCz11.dna.primary_assembly.fa && zcat {gtf} > Danio_rerio.GRCz11.115.gtf && "
               "module load samtools/1.21 && samtools faidx Danio_rerio.GRCz11.dna.primary_assembly.fa && "
               "wc -l Danio_rerio.GRCz11.dna.primary_assembly.fa.fai && cut -f1,2 Danio_rerio.GRCz11.dna.primary_assembly.fa.fai | head -27 | tail -4",
               "解压、建 fai、看下染色体",
               out="1923 Danio_rerio.GRCz11.dna.primary_assembly.fa.fai\n22\t39133080\n23\t46223584\n24\t42172926\n25\t37502051",
               timeout=600000)
        t.write(BUILDIDX, """#!/bin/bash
#SBATCH --job-name=build_index
#SBATCH --account=seqcore
#SBATCH --partition=fat
#SBATCH --cpus-per-task=32
#SBATCH --mem=200G
#SBATCH --time=12:00:00
#SBATCH --output=logs/slurm/%x-%j.out
# 建 RNA-seq 参考索引：STAR（sjdbOverhang = 读长-1）+ salmon（gentrome + decoy，k31）+ tx2gene
# 用法: sbatch jobs/build_index.sbatch <ref_dir> <genome.fa> <annotation.gtf> <transcripts.fa.gz> [读长，默认 150]
# 日志: logs/slurm/build_index-<jobid>.out（在提交目录下）
set -euo pipefail
REF_DIR=$1; FA=$2; GTF=$3; TX=$4; RL=${5:-150}
OVERHANG=$((RL - 1))
module load STAR/2.7.11b salmon/1.10.3 samtools/1.21
cd "$REF_DIR"

echo "[$(date +%F\\ %T)] STAR genomeGenerate (sjdbOverhang ${OVERHANG})"
STAR --runMode genomeGenerate --runThreadN "$SLURM_CPUS_PER_TASK" \\
     --genomeDir "star_2.7.11b_sjdb${OVERHANG}" --genomeFastaFiles "$FA" \\
     --sjdbGTFfile "$GTF" --sjdbOverhang "$OVERHANG" --outTmpDir "/tmp/star_${SLURM_JOB_ID}"

echo "[$(date +%F\\ %T)] salmon index (gentrome + decoys)"
grep '^>' "$FA" | cut -d ' ' -f1 | sed 's/^>//' > decoys.txt
cat "$TX" <(gzip -c "$FA") > gentrome.fa.gz
salmon index -t gentrome.fa.gz -d decoys.txt -k 31 -p "$SLURM_CPUS_PER_TASK" -i salmon_1.10.3_gentrome_k31
rm -f gentrome.fa.gz

echo "[$(date +%F\\ %T)] tx2gene"
awk -F'\\t' '$3 == "transcript"' "$GTF" \\
  | sed -E 's/.*gene_id "([^"]+)".*transcript_id "([^"]+)".*/\\2\\t\\1/' \\
  | sed -E 's/.*transcript_id "([^"]+)".*gene_id "([^"]+)".*/\\1\\t\\2/' | sort -u > tx2gene.tsv
echo "[$(date +%F\\ %T)] done"
""")
        bz = jobid(407)
        CTX["bz"] = bz
        t.bash(f"mkdir -p logs/slurm && sbatch jobs/build_index.sbatch {zd} Danio_rerio.GRCz11.dna.primary_assembly.fa "
               f"Danio_rerio.GRCz11.115.gtf {cdna} 150", "提交建索引作业", out=f"Submitted batch job {bz}")
        t.edit(REFS, """GRCh38_gencode_v44:""", f"""GRCz11_ens115:
  species: danio_rerio
  source: Ensembl release 115
  fasta: {zd}/Danio_rerio.GRCz11.dna.primary_assembly.fa
  gtf: {zd}/Danio_rerio.GRCz11.115.gtf
  star_index: {zd}/star_2.7.11b_sjdb149
  salmon_index: {zd}/salmon_1.10.3_gentrome_k31
  tx2gene: {zd}/tx2gene.tsv
  orgdb: org.Dr.eg.db
  kegg: dre

GRCh38_gencode_v44:""")
        t.bash("git add jobs/build_index.sbatch config/references.yaml && "
               "git commit -m \"refs: GRCz11 (Ensembl 115); jobs/build_index.sbatch for STAR/salmon indexes\" && git push origin main",
               "提交", out=commit_out("main", "refs: GRCz11 (Ensembl 115); jobs/build_index.sbatch for STAR/salmon indexes", 2, 43),
               err=push_out("a93f0d7", "c2d7b18"))
        t.done(f"""GRCz11 准备上了：

- 文件在 `{zd}/`：primary assembly 基因组、cDNA、GTF（Ensembl 115），三个文件都用 Ensembl 的 `CHECKSUMS`（`sum` 值）核对过，一致
- 基因组已解压并建好 `.fai`（1,923 条序列：25 条染色体 + 未定位 scaffold）
- 新脚本 `jobs/build_index.sbatch`：fat 分区 32 核 200G，依次建 STAR 索引（`sjdbOverhang` = 读长−1）、salmon gentrome+decoy 索引（k31）、`tx2gene.tsv`；日志按你说的写到 `logs/slurm/%x-%j.out`
- 已提交作业 `{bz}`，预计 1–2 小时
- `config/references.yaml` 登记了 `GRCz11_ens115`（orgdb `org.Dr.eg.db`，KEGG `dre`），已推 main

索引作业跑完之前先别用这个参考跑项目；周老师的数据下机时我先查一下 `{bz}` 的状态。""")


# ------------------------------------------------------------------ session 3
def s3(d):
    ctx = CTX
    with d.session("2026-10-16T01:50:00", R, branch="main", version="2.1.152"):
        # ---- T07 W2 #1 + P3
        t = d.task("041 整个流程跑完了，按老流程出差异分析交付给陈老师。图都出 png 就行，300 dpi，陈老师要贴到组会 PPT 里",
                   tags=["workflow:W2", "pref:P3", "long_output"])
        run = ctx["run41"]
        cols = [("JobID", 12), ("Comment", 32), ("Partition", 10), ("AllocCPUS", 10), ("State", 10), ("Elapsed", 10),
                ("ExitCode", 8)]
        rows = [(ctx["head41"], "", "cpu", 2, "COMPLETED", "17:42:08", "0:0")]
        j = ctx["fp41"][-1]
        for rule, cpus in (("fastp", 8), ("salmon_quant", 8), ("star_align", 16)):
            for k, s in enumerate([f"WT{i}" for i in range(1, 7)] + [f"KO{i}" for i in range(1, 7)]):
                j = ctx["fp41"][k] if rule == "fastp" else j + d.rng.randint(1, 9)
                if rule == "fastp":
                    e = f"00:0{d.rng.randint(4, 9)}:{d.rng.randint(0, 59):02d}"
                elif rule == "salmon_quant":
                    e = f"00:{d.rng.randint(11, 19)}:{d.rng.randint(0, 59):02d}"
                else:
                    e = f"00:{d.rng.randint(31, 58)}:{d.rng.randint(0, 59):02d}"
                rows.append((j, f"rule_{rule}_wildcards_{s}", "cpu", cpus, "COMPLETED", e, "0:0"))
        rows.append((j + 3, "rule_featurecounts", "cpu", 16, "COMPLETED", "00:07:41", "0:0"))
        rows.append((j + 5, "rule_multiqc", "cpu", 1, "COMPLETED", "00:02:13", "0:0"))
        t.bash(f"sacct -u linxf -S 2026-10-12 -X --name={run} --format=JobID,Comment%32,Partition,AllocCPUS,State,Elapsed,ExitCode; "
               f"sacct -j {ctx['head41']} -X --format=JobID,Comment%32,Partition,AllocCPUS,State,Elapsed,ExitCode -n",
               "确认 041 所有作业都 COMPLETED", out=sacct(cols, rows[1:]) + "\n" + sacct(cols, rows[:1]).split("\n")[2])
        p41 = P("config/projects/P2026-041.yaml")
        t.read(p41)
        t.edit(p41, """  padj: 0.05
  lfc: 1
""", """  padj: 0.05
  lfc: 1
figures:
  format: png
  dpi: 300
""")
        wd = f"{DATA}/P2026-041"
        t.bash(f"{RRUN} scripts/run_deseq2.R config/projects/P2026-041.yaml", "DESeq2 差异分析",
               err="\n".join(txi_read(12) + DESEQ_TXI_MSG + APEGLM_MSG + [
                   "[run_deseq2] P2026-041: 12 samples, 57186 genes, 21874 after filtering (>=10 reads in >=3 samples)",
                   "[run_deseq2] KO_vs_WT: padj<0.05 & |log2FC|>1 -> up 652, down 509",
                   f"[run_deseq2] wrote {wd}/results/de/KO_vs_WT.deseq2.tsv",
                   f"[run_deseq2] wrote {wd}/results/de/KO_vs_WT.volcano.png, {wd}/results/de/pca.png, {wd}/results/de/sample_dist_heatmap.png",
                   f"[run_deseq2] wrote {wd}/results/de/normalized_counts.tsv, {wd}/results/de/vst.tsv"]), timeout=1200000)
        t.bash(f"{RRUN} scripts/enrich_go.R config/projects/P2026-041.yaml", "GO 富集",
               err="\n".join([
                   "'select()' returned 1:1 mapping between keys and columns",
                   "[enrich_go] KO_vs_WT up (652 genes, 631 mapped to ENTREZID): BP 214, CC 38, MF 47 terms (p.adjust<0.05)",
                   "'select()' returned 1:1 mapping between keys and columns",
                   "[enrich_go] KO_vs_WT down (509 genes, 497 mapped to ENTREZID): BP 302, CC 29, MF 66 terms (p.adjust<0.05)",
                   f"[enrich_go] wrote {wd}/results/go/KO_vs_WT.GO.xlsx, {wd}/results/go/KO_vs_WT.up.BP.dotplot.png, "
                   f"{wd}/results/go/KO_vs_WT.down.BP.dotplot.png"]), timeout=1200000)
        rd = f"{wd}/delivery/README.md"
        t.write(rd, """# P2026-041 小鼠肝脏 Hnf4a 肝特异敲除 RNA-seq 交付说明

- 样本：WT 6 个、KO 6 个，PE150，dUTP 链特异建库，每个样本 3.6–4.4 Gb（KO1 2.9 Gb）
- 参考：GRCm39 + GENCODE vM35
- 流程：fastp → STAR / salmon → featureCounts；差异分析 DESeq2（salmon 结果经 tximport 汇总到基因，apeglm 收缩 log2FC）
- 阈值：padj < 0.05 且 |log2FC| > 1

## 目录
- `qc/multiqc_report.html`：质控汇总（浏览器打开）
- `de/KO_vs_WT.deseq2.tsv`：全部基因的差异结果（gene_id / symbol / baseMean / log2FoldChange / lfcSE / pvalue / padj）
- `de/normalized_counts.tsv`、`de/vst.tsv`：标准化表达量（作图、聚类用）
- `de/*.png`：火山图、PCA、样本距离热图（300 dpi）
- `go/KO_vs_WT.GO.xlsx`：上调 / 下调基因的 GO 富集（BP/CC/MF 分 sheet），`go/*.dotplot.png` 为 BP 气泡图

## 结果概要
- KO vs WT：上调 652、下调 509
- KO1 唯一比对率偏低（41%），PCA 上仍和其他 KO 聚在一起，暂未剔除，原因另行排查
""")
        t.bash(f"rsync -av --chmod=Dg+rx,Fg+r {wd}/delivery/README.md {wd}/results/de {wd}/results/go {wd}/results/qc/multiqc_report.html "
               f"/share/delivery/chenliqun/P2026-041/", "拷到交付目录",
               out=rsync_out(["README.md", "de/", "de/KO_vs_WT.deseq2.tsv", "de/KO_vs_WT.volcano.png", "de/normalized_counts.tsv",
                              "de/pca.png", "de/sample_dist_heatmap.png", "de/vst.tsv", "go/", "go/KO_vs_WT.GO.xlsx",
                              "go/KO_vs_WT.down.BP.dotplot.png", "go/KO_vs_WT.up.BP.dotplot.png", "multiqc_report.html"],
                             31842117, 31829364))
        t.done("""041 交付好了：`/share/delivery/chenliqun/P2026-041/`

- 所有作业 COMPLETED（fastp / salmon / STAR 各 12 个 + featureCounts + MultiQC，head job 17 小时 42 分）
- DESeq2（tximport + apeglm）：KO vs WT **上调 652、下调 509**（padj < 0.05，|log2FC| > 1）
- GO：上调基因 BP 214 条、下调 302 条显著
- 图按你说的出 png 300 dpi（已写进 `P2026-041.yaml` 的 `figures`）：火山图、PCA、样本距离热图、GO 气泡图
- 交付目录里附了 `README.md` 说明文件含义和阈值

README 里我注明了 KO1 唯一比对率只有 41%，但 PCA 上和其他 KO 在一起，没剔除。""")

        # ---- T08 O2
        t = d.task("041 的火山图把 top 20 的基因名标上去，陈老师说光有点看不出是哪些基因", tags=["oneoff:O2"])
        t.read(VOLCANO)
        t.edit(VOLCANO, """p <- ggplot(res, aes(log2FoldChange, -log10(padj), colour = group)) +""",
               """top <- res |> filter(group != "ns") |> arrange(padj) |> head(20)

p <- ggplot(res, aes(log2FoldChange, -log10(padj), colour = group)) +""")
        t.edit(VOLCANO, """  geom_hline(yintercept = -log10(o$padj), linetype = "dashed", linewidth = 0.3) +
  labs(""", """  geom_hline(yintercept = -log10(o$padj), linetype = "dashed", linewidth = 0.3) +
  ggrepel::geom_text_repel(data = top, aes(label = gene_name), size = 2.6, colour = "black",
                           max.overlaps = Inf, min.segment.length = 0, show.legend = FALSE) +
  labs(""")
        vcmd = f"{RRUN} scripts/plot_volcano.R {wd}/results/de/KO_vs_WT.deseq2.tsv --format png --dpi 300"
        t.fail(vcmd, "重画火山图", """Error in `geom_text_repel()`:
! Problem while computing aesthetics.
ℹ Error occurred in the 4th layer.
Caused by error:
! object 'gene_name' not found
Backtrace:
     ▆
  1. ├─ggplot2::ggsave(out, p, width = 5, height = 4.5, dpi = o$dpi)
  2. │ └─ggplot2:::plot_fun(plot)
  3. │   ├─base::print(plot)
  4. │   └─ggplot2:::print.ggplot(plot)
  5. │     ├─ggplot2::ggplot_build(x)
  6. │     └─ggplot2:::ggplot_build.ggplot(x)
  7. │       └─ggplot2:::by_layer(...)
  8. │         ├─rlang::try_fetch(...)
  9. │         │ ├─base::tryCatch(...)
 10. │         │ │ └─base (local) tryCatchList(expr, classes, parentenv, handlers)
 11. │         │ │   └─base (local) tryCatchOne(expr, names, parentenv, handlers[[1L]])
 12. │         │ │     └─base (local) doTryCatch(return(expr), name, parentenv, handler)
 13. │         │ └─base::withCallingHandlers(...)
 14. │         └─ggplot2 (local) f(l = layers[[i]], d = data[[i]])
 15. │           └─l$compute_aesthetics(d, plot)
 16. │             └─ggplot2 (local) compute_aesthetics(..., self = self)
 17. │               └─ggplot2:::scales_add_defaults(...)
 18. │                 └─base::lapply(aesthetics[new_aesthetics], eval_tidy, data = data)
 19. │                   └─rlang (local) FUN(X[[i]], ...)
 20. └─base::.handleSimpleError(...)
 21.   └─rlang:::h(simpleError(msg, call))
 22.     └─handlers[[1L]](cnd)
 23.       └─cli::cli_abort(...)
 24.         └─rlang::abort(...)
Execution halted""")
        t.bash(f"head -3 {wd}/results/de/KO_vs_WT.deseq2.tsv", "看结果表的列名",
               out="gene_id\tsymbol\tbaseMean\tlog2FoldChange\tlfcSE\tpvalue\tpadj\n"
                   "ENSMUSG00000017950.17\tHnf4a\t8421.33\t-4.8032\t0.1418\t1.2e-252\t2.6e-248\n"
                   "ENSMUSG00000026103.15\tGls2\t2210.61\t-3.9588\t0.1505\t4.0e-153\t4.4e-149")
        t.edit(VOLCANO, "aes(label = gene_name)", "aes(label = symbol)")
        t.bash(vcmd, "再画",
               out=f"[plot_volcano] KO_vs_WT.deseq2.tsv: up 652, down 509 -> {wd}/results/de/KO_vs_WT.volcano.png")
        t.bash(f"cp {wd}/results/de/KO_vs_WT.volcano.png /share/delivery/chenliqun/P2026-041/de/ && "
               "git add scripts/plot_volcano.R && git commit -m \"plot_volcano: label top 20 DE genes (ggrepel)\" && git push origin main",
               "更新交付里的图并提交",
               out=commit_out("main", "plot_volcano: label top 20 DE genes (ggrepel)", 1, 5),
               err=push_out("c2d7b18", "5e0a9b3"))
        t.done("""火山图更新了，交付目录里的 `de/KO_vs_WT.volcano.png` 已替换：按 padj 排前 20 的显著基因用 ggrepel 标了基因名（Hnf4a、Gls2 这些）。

中间报过一次 `object 'gene_name' not found`：结果表里基因名那列叫 `symbol`，我一开始写成了 `gene_name`，改过来就好了。`plot_volcano.R` 已提交，以后别的项目也会自动标 top 20。""")

        # ---- T09 M2 #1
        t = d.task("041 的 KO1 唯一比对率只有 41%，别的都 88% 以上。单独拿 KO1 在跑一次 STAR，把没比上的 reads 输出来，我拿去 blast 看看是啥污染",
                   tags=["mistake:M2"])
        lf = f"{wd}/results/star/KO1/Log.final.out"
        d.files[lf] = log_final("Oct 13 03:12:44", "Oct 13 03:13:19", "Oct 13 03:41:02", 19.56, 9036284, 296,
                                41.03, 293.61, 3381772, "0.34%", 38.72, 1.14, 17.96, 1.15)
        t.read(lf)
        out_dir = f"{SCR}/P2026-041_KO1_unmapped/"
        argv = (f"STAR --runThreadN 16 --genomeDir /share/ref/mouse/GRCm39_gencode_vM35/star_2.7.11b_sjdb149 "
                f"--readFilesIn {wd}/results/fastp/KO1_R1.fq.gz {wd}/results/fastp/KO1_R2.fq.gz "
                f"--outSAMtype None --outReadsUnmapped Fastx --outFileNamePrefix {out_dir}")
        cmd = f"mkdir -p {out_dir} && module load STAR/2.7.11b && srun -p cpu -A seqcore -c 16 --mem=48G -t 2:00:00 " + argv
        t.fail(cmd, "KO1 单独跑 STAR，输出未比对 reads", star_fail(d, argv, "cn033"), code=104)
        d.tick(40, 50)
        t.say("fastp 输出的是 `.fq.gz`，STAR 不会自己解压，读到的第一个字节是 gzip 头而不是 `@`，所以报 unknown file format。"
              "同一条命令加上 `--readFilesCommand zcat` 再跑：")
        argv2 = argv.replace("--outSAMtype None", "--readFilesCommand zcat --outSAMtype None")
        cmd2 = f"mkdir -p {out_dir} && module load STAR/2.7.11b && srun -p cpu -A seqcore -c 16 --mem=48G -t 2:00:00 " + argv2
        o, _ = star_ok(d, argv2, 1610)
        t.bash(cmd2, "加 --readFilesCommand zcat 重跑", out=o, timeout=3600000)
        ft = loc(d, 1640).strftime("%b %d %H:%M")
        d.tick(1700, 1800)
        t.bash(f"ls -lh {out_dir} && head -8 {out_dir}Unmapped.out.mate1",
               "看未比对 reads 输出",
               out=f"total 1.4G\n-rw-r--r-- 1 linxf seqcore 1.9K {ft} Log.final.out\n"
                   f"-rw-r--r-- 1 linxf seqcore  21K {ft} Log.out\n-rw-r--r-- 1 linxf seqcore  364 {ft} Log.progress.out\n"
                   f"-rw-r--r-- 1 linxf seqcore 8.4M {ft} SJ.out.tab\n"
                   f"-rw-r--r-- 1 linxf seqcore 706M {ft} Unmapped.out.mate1\n-rw-r--r-- 1 linxf seqcore 705M {ft} Unmapped.out.mate2\n"
                   "@LH00418:118:22KCGYLT4:3:1101:10031:1078 0:N\nGGCGGGCCGCCCCCGACGGCCGCGTCCCGGCCCCGCGCCCGGCGGCTCGCCCCGCCGCGGACGCGCGCGCCCGC\n+\n"
                   "IIIIIIIIII9IIIIIIIIIIIIIIIIIIIII-IIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIII\n"
                   "@LH00418:118:22KCGYLT4:3:1101:10858:1078 0:N\nCCCGCGCCCCGGACCCGGCGGCCGGCGCGGGCCCGCCGCGCGGTCGGCCGCCCCCGCCTCCCGGCCGGCCC\n+\n"
                   "IIIIIIIIIIIIIIIIIIIIIIIII9IIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIII")
        t.done(f"""KO1 重新跑完了，未比对的 reads 在 `{out_dir}`：`Unmapped.out.mate1` / `Unmapped.out.mate2`（各约 700 MB，FASTQ 格式，可以直接抽一部分去 blast）。

从原来的 `Log.final.out` 看：唯一比对 41.0%，**多重比对 38.7%**，too short 18.0%。多重比对这么高，加上未比对 reads 开头几条都是高 GC 的 `GGCGGGCCGC…`，很像 rRNA（45S 前体那一片 GC 很高，基因组里又是多拷贝），我倾向于是去 rRNA 不彻底，blast 结果可以验证。

第一次跑报 `unknown file format: the read ID should start with @ or >`：fastp 输出是 `.fq.gz`，STAR 需要 `--readFilesCommand zcat` 才会边读边解压，加上后正常跑完。""")


# ------------------------------------------------------------------ session 4 (acceptEdits)
Z_SAMPLES = [(f"sham{i}", "sham", str(i), f"ZL-sham-{i}") for i in range(1, 7)] + \
            [(f"dpa3_{i}", "dpa3", str(i), f"ZL-3dpa-{i}") for i in range(1, 7)] + \
            [(f"dpa7_{i}", "dpa7", str(i), f"ZL-7dpa-{i}") for i in range(1, 7)]


def s4(d):
    with d.session("2026-10-19T01:20:00", R, branch="main", version="2.1.153", permission_mode="acceptEdits"):
        # ---- T10 W1 #2
        raw = "/share/data/raw/2026-10-17_NovaSeqX_R121/P2026-047"
        t = d.task("周老师斑马鱼心脏再生那批下机了 /share/data/raw/2026-10-17_NovaSeqX_R121/P2026-047/ ，sham、3dpa、7dpa 各 6 个，"
                   "参考用上周建的 GRCz11。老样子建配置跑起来", tags=["workflow:W1"])
        bz = CTX["bz"]
        zd = "/share/ref/zebrafish/GRCz11_ens115"
        t.bash(f"sacct -j {bz} -X --format=JobID,JobName%14,Partition,State,Elapsed,MaxRSS,ExitCode && ls {zd}",
               "确认 GRCz11 索引作业完成",
               out=sacct([("JobID", 12), ("JobName", 14), ("Partition", 10), ("State", 10), ("Elapsed", 10),
                          ("MaxRSS", 10), ("ExitCode", 8)],
                         [(bz, "build_index", "fat", "COMPLETED", "01:47:32", "", "0:0")]) + "\n" +
                   "CHECKSUMS.ens115\nDanio_rerio.GRCz11.115.gtf\nDanio_rerio.GRCz11.115.gtf.gz\nDanio_rerio.GRCz11.cdna.all.fa.gz\n"
                   "Danio_rerio.GRCz11.dna.primary_assembly.fa\nDanio_rerio.GRCz11.dna.primary_assembly.fa.fai\n"
                   "Danio_rerio.GRCz11.dna.primary_assembly.fa.gz\ndecoys.txt\nsalmon_1.10.3_gentrome_k31\nstar_2.7.11b_sjdb149\ntx2gene.tsv")
        libs = [l for _, _, _, l in Z_SAMPLES]
        t.bash(f"ls -lh {raw}/", "看下机数据",
               out=raw_listing(libs, "Oct 17 19:52", [2.6, 2.8, 2.5, 2.9, 2.7, 2.6, 2.8, 3.0, 2.7, 2.6, 2.9, 2.8,
                                                      2.7, 2.5, 2.8, 3.6, 2.6, 2.7]))
        p41 = P("config/projects/P2026-041.yaml")
        t.read(p41)
        rows = [(sid, cond, rep, f"{lib}_S{i}") for i, (sid, cond, rep, lib) in enumerate(Z_SAMPLES, 1)]
        t.write(P("config/projects/P2026-047.samples.tsv"), samples_tsv(rows, raw))
        t.write(P("config/projects/P2026-047.yaml"), """project: P2026-047
pi: zhoulei
assay: rnaseq
reference: GRCz11_ens115
samples: /share/home/linxf/seqcore-pipes/config/projects/P2026-047.samples.tsv
workdir: /share/data/seqcore/P2026-047
strandedness: 2
de:
  design: "~ condition"
  reference_level: sham
  contrasts:
    - [condition, dpa3, sham]
    - [condition, dpa7, sham]
  padj: 0.05
  lfc: 1
""")
        t.bash("snakemake -n --quiet rules --configfile config/projects/P2026-047.yaml --directory /share/data/seqcore/P2026-047",
               "dry-run",
               out=smk_dry([("all", 1), ("fastp", 18), ("star_align", 18), ("salmon_quant", 18), ("qualimap_rnaseq", 18),
                            ("featurecounts", 1), ("multiqc", 1)],
                           [("input files updated by another job",
                             ["all", "featurecounts", "multiqc", "qualimap_rnaseq", "salmon_quant", "star_align"]),
                            ("output files have to be generated",
                             ["fastp", "featurecounts", "multiqc", "qualimap_rnaseq", "salmon_quant", "star_align"])]))
        head47 = jobid(1290)
        CTX["head47"] = head47
        t.bash("sbatch jobs/run_snakemake.sbatch config/projects/P2026-047.yaml", "提交 head job",
               out=f"Submitted batch job {head47}")
        run47 = run_uuid()
        CTX["run47"] = run47
        fp = [(jobid(2 + i), "cpu", run47, "R" if i < 14 else "PD", f"0:{20 + i:02d}" if i < 14 else "0:00",
               f"cn0{30 + i}" if i < 14 else "(Resources)") for i in range(18)]
        t.bash("sleep 60; squeue -u linxf", "看作业", out=squeue(sq_rows_head(head47, "1:02", fp)))
        t.done(f"""047 跑起来了：

- 先确认了 GRCz11 的建索引作业 `{bz}` 已 COMPLETED（1 小时 47 分），STAR / salmon 索引和 tx2gene 都在
- 样本表 18 个：sham1–6、dpa3_1–6、dpa7_1–6；配置 `P2026-047.yaml` 用 `GRCz11_ens115`，对比 3dpa vs sham、7dpa vs sham
- dry-run 75 个作业（这次包含新加的 qualimap，18 个）
- head job `{head47}` 已起来，fastp 14 个在跑、4 个等资源

ZL-7dpa-4 的数据量比别的大一截（3.6G vs 2.5–3.0G），留意一下。""")

        # ---- T11 U1
        t = d.task("何建平老师的 WES（P2026-052，一家三口）诺禾传到 OSS 上了，交付通知在 ~/delivery/novo_P2026-052.txt ，帮我下到 /share/data/raw/novo_P2026-052/",
                   tags=["unfixed:U1"])
        t.read(NOVO)
        t.fail("ossutil64 -c ~/.ossutil_novo052 ls oss://novo-delivery-hz/X202610090117/ -d", "先列一下 OSS 目录",
               "Error: oss: service returned error: StatusCode=403, ErrorCode=InvalidAccessKeyId, "
               "ErrorMessage=\"The OSS Access Key Id you provided does not exist in our records.\", "
               "RequestId=671F3A0C8B2E4D3532F1A9C4, Ec=0002-00000902, Bucket=novo-delivery-hz, Object=")
        t.done("""下不了：OSS 返回 `InvalidAccessKeyId`（`The OSS Access Key Id you provided does not exist in our records.`），也就是 `~/.ossutil_novo052` 里的临时 AccessKey 已经失效了。

交付通知写的有效期是 7 天、10-09 签发，10-16 就过期了，这不是配置写错，得让诺禾重新生成。需要你联系项目经理钱晨（通知里写的）重发凭证；拿到新的配置后我再下，下完按目录里的 `MD5.txt` 校验。""")

        # ---- T12 noise
        t = d.task("WES 那套里 HaplotypeCaller 是怎么并行的？按染色体还是按 interval 切？切多少份、interval 文件哪来的", tags=["noise"])
        t.grep("scatter|INTERVALS|intervals_dir", path=P("workflow/rules"), output_mode="content", n=True,
               content=grep_lines(d, VARIANT, r"scatter|INTERVALS|intervals_dir"))
        t.read(VARIANT, offset=60, limit=56)
        t.grep("intervals_dir", path=P("config/projects"), filenames=[P("config/projects/P2025-118.yaml"),
                                                                      P("config/projects/P2026-009.yaml")])
        oldw = P("config/projects/P2025-118.yaml")
        d.files[oldw] = """project: P2025-118
pi: hejianping
assay: wes
reference: GRCh38_gatk_bundle
samples: /share/home/linxf/seqcore-pipes/config/projects/P2025-118.samples.tsv
workdir: /share/data/seqcore/P2025-118
target_bed: /share/ref/human/targets/IDT_xGen_Exome_v2_hg38.padded100.bed
# gatk SplitIntervals -R <fasta> -L <target_bed> --scatter-count 24 -mode BALANCING_WITHOUT_INTERVAL_SUBDIVISION -O <dir>
intervals_dir: /share/ref/human/targets/IDT_xGen_Exome_v2_hg38.scatter24
scatter: 24
"""
        t.read(oldw)
        t.done("""按 **interval 切**，不是按染色体：

- `variant.smk` 里 `INTERVALS = range(config["scatter"])`，默认 24 份（`0000`–`0023`）；每个样本每个 shard 一个 `haplotypecaller` 作业（`-L <shard>.interval_list -ip 100 -ERC GVCF`），三人家系就是 72 个作业
- 之后 `genotype_gvcfs` 也是按同一套 shard：每个 shard 先 CombineGVCFs 把所有样本合起来，再 GenotypeGVCFs；最后 `gather_filter` 用 `bcftools concat -a` 拼回去、`norm -m -any` 拆多等位、硬过滤 `QUAL<30 || INFO/DP<10` 标 LowQual
- interval 文件来自项目配置的 `intervals_dir`，比如 P2025-118 用的是 `/share/ref/human/targets/IDT_xGen_Exome_v2_hg38.scatter24`，配置里的注释写了生成方式：`gatk SplitIntervals -L <捕获区 bed> --scatter-count 24 -mode BALANCING_WITHOUT_INTERVAL_SUBDIVISION`，即按碱基数均衡、不把单个捕获区间切断

所以换捕获试剂盒（比如 052 如果不是 IDT xGen v2）要先用它的 bed 重新 SplitIntervals 一份。""")

        # ---- T13 F2
        t = d.task("047 跑到哪了", tags=["flaky:F2", "noise"])
        t.fail("squeue -u linxf", "看作业状态",
               "slurm_load_jobs error: Socket timed out on send/recv operation")
        t.say("slurmctld 一时没响应（调度器忙的时候常见），原样再查一次：")
        head47 = CTX["head47"]
        run47 = CTX["run47"]
        rows = []
        for i in range(11):
            rows.append((jobid(3), "cpu", run47, "R", f"{d.rng.randint(3, 38)}:{d.rng.randint(0, 59):02d}", f"cn0{40 + i}"))
        for i in range(6):
            rows.append((jobid(2), "cpu", run47, "PD", "0:00", "(Priority)"))
        t.bash("squeue -u linxf", "看作业状态", out=squeue(sq_rows_head(head47, "4:11:37", rows)))
        t.bash(f"ls {DATA}/P2026-047/results/star/*/Log.final.out | wc -l; ls {DATA}/P2026-047/results/salmon/*/quant.sf | wc -l",
               "数一下已完成的 STAR / salmon", out="9\n12")
        t.done("""047 进行到一半：fastp 全部完成，STAR 完成 9/18、salmon 完成 12/18；现在 11 个作业在跑（STAR + salmon + qualimap），6 个在排队，head job 已运行 4 小时 11 分。

（第一次 `squeue` 报 `Socket timed out on send/recv operation` 是调度器一时没响应，重查就好了。）按这个速度今晚能跑完比对，明早应该能出 MultiQC。""")


# ------------------------------------------------------------------ session 5
def gs_table():
    hdr = ["Sample", "fastp_mqc-generalstats-fastp-pct_duplication", "fastp_mqc-generalstats-fastp-after_filtering_q30_rate",
           "fastp_mqc-generalstats-fastp-after_filtering_gc_content", "fastp_mqc-generalstats-fastp-pct_surviving",
           "fastp_mqc-generalstats-fastp-pct_adapter", "STAR_mqc-generalstats-star-uniquely_mapped_percent",
           "STAR_mqc-generalstats-star-uniquely_mapped", "Salmon_mqc-generalstats-salmon-percent_mapped",
           "QualiMap_mqc-generalstats-qualimap-5_3_bias", "featureCounts_mqc-generalstats-featurecounts-percent_assigned",
           "featureCounts_mqc-generalstats-featurecounts-Assigned"]
    rng = random.Random(47)
    rows = []
    for sid, _, _, _ in Z_SAMPLES:
        dup = rng.uniform(18, 27)
        q30 = rng.uniform(0.934, 0.951)
        gc = rng.uniform(0.468, 0.486)
        surv = rng.uniform(97.6, 98.9)
        ad = rng.uniform(2.1, 4.8)
        uniq = rng.uniform(86.5, 90.2)
        nreads = rng.randint(20_500_000, 24_800_000)
        sal = rng.uniform(88.0, 91.5)
        bias = rng.uniform(0.94, 1.08)
        asg = rng.uniform(68.5, 73.9)
        if sid == "dpa7_4":
            dup, nreads, asg, bias, uniq = 48.31, 31_204_557, 52.7, 1.46, 84.1
        if sid == "sham3":
            sal, uniq = 84.2, 83.7
        rows.append([sid, f"{dup:.2f}", f"{q30:.6f}", f"{gc:.6f}", f"{surv:.4f}", f"{ad:.4f}", f"{uniq:.2f}",
                     f"{int(nreads * uniq / 100)}.0", f"{sal:.3f}", f"{bias:.2f}", f"{asg:.4f}",
                     f"{int(nreads * uniq / 100 * asg / 100)}.0"])
    return "\n".join("\t".join(r) for r in [hdr] + rows) + "\n"


def s5(d):
    with d.session("2026-10-21T01:40:00", R, branch="main", version="2.1.154"):
        # ---- T14 M3 #1
        t = d.task("047 的 head 作业好像昨晚到 24 小时被杀了，你看看还剩啥没跑，接着跑完", tags=["mistake:M3"])
        head47 = CTX["head47"]
        t.bash(f"sacct -j {head47} -X --format=JobID,JobName%12,State,Start,End,Elapsed,ExitCode",
               "看 head job 状态",
               out=sacct([("JobID", 12), ("JobName", 12), ("State", 10), ("Start", 19), ("End", 19), ("Elapsed", 10),
                          ("ExitCode", 8)],
                         [(head47, "smk-head", "TIMEOUT", "2026-10-19T09:31:40", "2026-10-20T09:32:11", "1-00:00:31", "0:0")]))
        wd = f"{DATA}/P2026-047"
        t.bash(f"snakemake -n --quiet rules --configfile config/projects/P2026-047.yaml --directory {wd}",
               "dry-run 看剩下的作业",
               out=smk_dry([("all", 1), ("qualimap_rnaseq", 2), ("featurecounts", 1), ("multiqc", 1)],
                           [("input files updated by another job", ["all", "multiqc"]),
                            ("output files have to be generated", ["featurecounts", "multiqc", "qualimap_rnaseq"])]))
        run_cmd = (f"snakemake --profile profiles/slurm --configfile config/projects/P2026-047.yaml --directory {wd} "
                   "--rerun-incomplete")
        t.fail(run_cmd, "把剩下的作业跑完", smk_lock(wd))
        t.say("工作目录还留着上一个 Snakemake 进程的锁：head job 是被 Slurm 超时强制杀掉的，没来得及释放。先确认没有别的 Snakemake 在这个目录上跑：")
        t.bash("squeue -u linxf", "确认没有在跑的 head job", out=squeue([]))
        t.say("队列里已经没有我们的作业了，锁是残留的。用 `--unlock` 解锁（只删锁，不动结果文件），然后原命令重跑：")
        t.bash(f"snakemake --unlock --profile profiles/slurm --configfile config/projects/P2026-047.yaml --directory {wd}",
               "解锁工作目录", out=smk_unlock())
        res_q = ("mem_mb=12000, mem_mib=11445, disk_mb=1000, disk_mib=954, tmpdir=<TBD>, slurm_account=seqcore, "
                 "slurm_partition=cpu, runtime=120")
        out, tend = smk_run_slurm(d, run_uuid(), [
            ("qualimap_rnaseq", 61, "results/qc/qualimap/dpa7_5/qualimapReport.html", "sample=dpa7_5", res_q, 6,
             "results/star/dpa7_5/Aligned.sortedByCoord.out.bam"),
            ("qualimap_rnaseq", 62, "results/qc/qualimap/dpa7_6/qualimapReport.html", "sample=dpa7_6", res_q, 6,
             "results/star/dpa7_6/Aligned.sortedByCoord.out.bam"),
            ("featurecounts", 2, "results/counts/featureCounts.tsv, results/counts/featureCounts.tsv.summary", None,
             "mem_mb=16000, mem_mib=15259, disk_mb=1000, disk_mib=954, tmpdir=<TBD>, slurm_account=seqcore, "
             "slurm_partition=cpu, runtime=120, cpus_per_task=16", 7,
             ", ".join(f"results/star/{s}/Aligned.sortedByCoord.out.bam" for s, _, _, _ in Z_SAMPLES))],
            wd,
            later=[("multiqc", 1, "results/qc/multiqc_report.html", None,
                    "mem_mb=4000, mem_mib=3815, disk_mb=1000, disk_mib=954, tmpdir=<TBD>, slurm_account=seqcore, "
                    "slurm_partition=cpu, runtime=60", 2,
                    ", ".join(f"results/fastp/{s}.fastp.json" for s, _, _, _ in Z_SAMPLES) + ", …",
                    "Input files updated by another job: results/counts/featureCounts.tsv.summary, "
                    "results/qc/qualimap/dpa7_5/qualimapReport.html, results/qc/qualimap/dpa7_6/qualimapReport.html")],
            all_input="results/qc/multiqc_report.html, results/counts/featureCounts.tsv, " +
                      ", ".join(f"results/salmon/{s}/quant.sf" for s, _, _, _ in Z_SAMPLES))
        t.bash(run_cmd, "重跑剩下的作业", out=out, timeout=600000)
        d.tick(560, 590)
        t.done(f"""047 跑完了。

- head job `{head47}` 确实是 `TIMEOUT`（跑满 24 小时被杀），当时 STAR / salmon 都已完成，剩 2 个 qualimap、featureCounts 和 MultiQC
- 直接续跑时报 `LockException: Directory cannot be locked`：被强制杀掉的 Snakemake 没释放工作目录锁。`squeue` 确认没有任何在跑的作业后，用 `snakemake --unlock`（同样的 configfile / directory）解了锁，再用原命令续跑，4 个作业约 10 分钟跑完
- MultiQC：`{wd}/results/qc/multiqc_report.html`

18 个样本的项目 head job 24 小时有点紧，下次可以考虑提交时给 head job 更长的 `--time`。""")

        # ---- T15 long output (feedback target)
        t = d.task("047 的 MultiQC 出来了，帮我写段质控说明，我转给周老师", tags=["noise", "long_output"])
        gs = f"{wd}/results/qc/multiqc_data/multiqc_general_stats.txt"
        d.files[gs] = gs_table()
        t.read(gs)
        t.done("""P2026-047 斑马鱼心脏再生 RNA-seq 质控说明（18 个样本：sham、3dpa、7dpa 各 6 个）

**一、测序数据质量**
1. 所有样本过滤后 Q30 在 93.4%–95.1% 之间，达到平台标准（≥ 90%），测序质量良好。
2. fastp 过滤后保留 reads 比例 97.6%–98.9%，接头比例 2%–5%，属于正常范围，说明文库插入片段长度合适。
3. GC 含量 46.8%–48.6%，各样本之间一致，没有明显的外源污染迹象。
4. 重复率（duplication）大部分样本在 18%–27%，RNA-seq 中高表达基因本身会带来一定重复，这个水平是正常的。
5. 例外是 **dpa7_4**：重复率 48.3%，明显高于其他样本，同时它的数据量也最大（约 3,100 万对 reads）。

**二、比对情况**
1. STAR 唯一比对率 86.5%–90.2%，斑马鱼 GRCz11 参考下这是正常偏好的水平。
2. sham3 的唯一比对率（83.7%）和 salmon 比对率（84.2%）略低于其他样本，但仍在可接受范围内，推测与起始 RNA 质量有关，不影响后续分析。
3. salmon 比对率 88%–91.5%，与 STAR 结果一致。

**三、基因定量**
1. featureCounts 分配到基因的 reads 比例 68.5%–73.9%，大部分样本分配到的 reads 数在 1,400 万–1,700 万，足够做差异分析。
2. dpa7_4 只有 52.7% 分配到基因，结合其高重复率，可能是文库复杂度偏低（起始量少、PCR 循环数偏多）。
3. Qualimap 的 5'-3' 覆盖偏好大部分在 0.94–1.08，说明 RNA 完整性良好、没有明显降解；dpa7_4 为 1.46，偏向 3' 端，提示该样本 RNA 有一定降解。

**四、结论与建议**
1. 17 个样本质控合格，可以直接进入差异分析。
2. dpa7_4 存在高重复、低分配率、3' 偏好三个问题，属于质量偏差的样本。建议：
   - 先保留该样本做差异分析，同时查看 PCA 中它是否偏离 7dpa 组；
   - 如果明显离群，可以考虑剔除后重新分析（7dpa 组仍有 5 个重复，统计功效足够）；
   - 如果老师手上还有该样本的 RNA，也可以考虑重新建库测序。
3. sham3 比对率略低但在正常范围内，建议保留。
4. 后续差异分析会按 3dpa vs sham、7dpa vs sham 两组对比进行，结果出来后会附上 PCA 和样本相关性热图供老师判断样本质量。

以上，如有疑问可随时联系测序平台。""")

        d.precompact("""Summary of the session so far:
- User 林晓峰 (linxf), bioinformatician at the 浙东大学 life-science institute sequencing core, works in /share/home/linxf/seqcore-pipes (Snakemake 8 + slurm executor profile profiles/slurm, head job via `sbatch jobs/run_snakemake.sbatch config/projects/<P>.yaml`, R via `mamba run -n rnaseq-r Rscript`, tools via `module load`).
- Earlier sessions: P2026-041 (陈立群, mouse liver Hnf4a KO vs WT) run, DE delivered to /share/delivery/chenliqun/P2026-041 (png 300 dpi figures, volcano labels top 20); qualimap rule + pinned env added; GRCz11 Ensembl 115 reference and jobs/build_index.sbatch (logs in logs/slurm/%x-%j.out); P2026-047 (周蕾, zebrafish sham/3dpa/7dpa) submitted; P2026-052 WES download blocked (expired OSS key, waiting for 诺禾 to re-issue).
- This session: P2026-047 head job had hit TIMEOUT; the stale working-directory lock was removed with `snakemake --unlock` after squeue showed nothing running, remaining 4 jobs finished. Wrote the QC summary of P2026-047 for 周老师 (dpa7_4 has high duplication, low assignment, 3' bias).
- Pending: P2026-047 differential expression / delivery.""")

        # ---- T16 F1 + P1 #2
        t = d.task("rnaseq-r 环境里加上 tximeta 和 ashr，改 envs/rnaseq-r.yaml，每个包都给到具体版本，别写 >= 这种范围", tags=["flaky:F1", "pref:P1"])
        t.read(RENV)
        t.edit(RENV, """  - bioconductor-apeglm=1.28.0
""", """  - bioconductor-apeglm=1.28.0
  - bioconductor-tximeta=1.24.0
  - r-ashr=2.2_63
""")
        upd = "mamba env update -n rnaseq-r -f envs/rnaseq-r.yaml"
        t.fail(upd, "更新 rnaseq-r 环境",
               "conda-forge/linux-64                                        Using cache\n"
               "conda-forge/noarch                                          Using cache\n"
               "bioconda/noarch                                               5.2MB @   1.1MB/s  4.7s\n"
               "critical libmamba Download error (28) Timeout was reached [https://mirrors.tuna.tsinghua.edu.cn/anaconda/cloud/bioconda/linux-64/repodata.json.zst]\n"
               "Operation too slow. Less than 30 bytes/sec transferred the last 60 seconds", timeout=900000)
        t.say("清华镜像下载 bioconda 的 repodata 超时了，网络问题，不是环境文件的问题，原样再跑一次：")
        t.bash(upd, "更新 rnaseq-r 环境", out="""conda-forge/linux-64                                        Using cache
conda-forge/noarch                                          Using cache
bioconda/noarch                                             Using cache
bioconda/linux-64                                             6.1MB @   3.8MB/s  1.6s


Transaction

  Prefix: /share/home/linxf/miniforge3/envs/rnaseq-r

  Updating specs:

   - r-base=4.4.2
   - r-optparse=1.7.5
   - r-tidyverse=2.0.0
   - r-ggrepel=0.9.6
   - r-pheatmap=1.0.12
   - bioconductor-deseq2=1.46.0
   - bioconductor-tximport=1.34.0
   - bioconductor-apeglm=1.28.0
   - bioconductor-tximeta=1.24.0
   - r-ashr=2.2_63
   - bioconductor-clusterprofiler=4.14.0
   - bioconductor-org.mm.eg.db=3.20.0
   - bioconductor-org.hs.eg.db=3.20.0
   - bioconductor-org.dr.eg.db=3.20.0
   - bioconductor-enrichplot=1.26.1


  Package                                   Version  Build          Channel        Size
───────────────────────────────────────────────────────────────────────────────────────────
  Install:
───────────────────────────────────────────────────────────────────────────────────────────

  + r-invgamma                                  1.1  r44hc72bb7e_3  conda-forge    61kB
  + r-truncnorm                               1.0_9  r44h2b5f3a1_5  conda-forge    47kB
  + r-squarem                                2021.1  r44hc72bb7e_3  conda-forge   191kB
  + r-mixsqp                                 0.3_54  r44h93ab643_1  conda-forge   343kB
  + r-ashr                                   2.2_63  r44h93ab643_1  conda-forge     1MB
  + bioconductor-biocfilecache               2.14.0  r44hdfd78af_0  bioconda      588kB
  + bioconductor-annotationhub               3.14.0  r44hdfd78af_0  bioconda        1MB
  + bioconductor-ensembldb                   2.30.0  r44h3df3fcb_0  bioconda        3MB
  + bioconductor-tximeta                     1.24.0  r44hdfd78af_0  bioconda      884kB

  Summary:

  Install: 9 packages

  Total download: 8MB

───────────────────────────────────────────────────────────────────────────────────────────



Transaction starting
Linking r-invgamma-1.1-r44hc72bb7e_3
Linking r-truncnorm-1.0_9-r44h2b5f3a1_5
Linking r-squarem-2021.1-r44hc72bb7e_3
Linking r-mixsqp-0.3_54-r44h93ab643_1
Linking r-ashr-2.2_63-r44h93ab643_1
Linking bioconductor-biocfilecache-2.14.0-r44hdfd78af_0
Linking bioconductor-annotationhub-3.14.0-r44hdfd78af_0
Linking bioconductor-ensembldb-2.30.0-r44h3df3fcb_0
Linking bioconductor-tximeta-1.24.0-r44hdfd78af_0

Transaction finished

To activate this environment, use:

    mamba activate rnaseq-r

Or to execute a single command in this environment, use:

    mamba run -n rnaseq-r mycommand""", timeout=900000)
        t.bash(f"{RRUN} -e 'cat(as.character(packageVersion(\"tximeta\")), as.character(packageVersion(\"ashr\")), \"\\n\")'",
               "确认能加载", out="1.24.0 2.2.63")
        t.bash("git add envs/rnaseq-r.yaml && git commit -m \"envs: rnaseq-r add tximeta 1.24.0, ashr 2.2-63\" && git push origin main",
               "提交", out=commit_out("main", "envs: rnaseq-r add tximeta 1.24.0, ashr 2.2-63", 1, 2),
               err=push_out("5e0a9b3", "7d4c21f"))
        t.done("""`rnaseq-r` 加好了，`envs/rnaseq-r.yaml` 里两个都写的具体版本：`bioconductor-tximeta=1.24.0`、`r-ashr=2.2_63`（跟 Bioconductor 3.20 这一套对齐），已提交。

第一次 `mamba env update` 在清华镜像拉 bioconda repodata 时超时，原样重试就过了，这次装了 9 个包（ashr 的依赖 + tximeta 拉进来的 ensembldb / AnnotationHub）。""")

        # ---- T17 no tools
        t = d.task("lfcShrink 用 apeglm 还是 ashr？啥时候用 normal", tags=["no_tools"])
        t.done("""简单说：

- **apeglm**（默认推荐）：对单个系数（`coef=`）收缩，重尾先验，大效应基因几乎不被压缩、低计数基因的噪声 LFC 被压得最干净；还能给 s-value。缺点是只能用 `coef`，不能直接用 `contrast=`（要么 relevel 让对比变成一个系数，要么换 ashr）
- **ashr**：可以用 `contrast=`，多组设计里任意两组对比最方便（比如 047 的 3dpa vs 7dpa 不是以 sham 为参照的那种）；效果和 apeglm 接近，收缩稍保守一点
- **normal**：DESeq2 早期的方法，对大效应也会压缩，现在基本只为复现旧结果才用

我们的做法可以这样定：对参照组的对比用 apeglm（现在 run_deseq2.R 就是），非参照组之间的 contrast 用 ashr。注意收缩后的 LFC 用来排序、作图和阈值筛选，**p 值 / padj 还是来自未收缩的 Wald 检验**，两者不冲突。""")


# ------------------------------------------------------------------ session 6
FB = "前天那段 047 的质控说明太长了，我转给周老师之前自己 cut half 才发出去。"


def s6(d):
    with d.session("2026-10-23T06:05:00", R, branch="main", version="2.1.155"):
        # ---- T18 feedback
        t = d.task(FB + "以后这种给老师看的说明 5 行以内，先说结论，有问题的样本单独点出来就行。你把那段重新压一下",
                   tags=["feedback", "no_tools"], feedback=FB)
        t.done("""P2026-047 质控：18 个样本测序质量合格（Q30 ≥ 93%，唯一比对率 84%–90%），可以进入差异分析。
需要注意的是 **dpa7_4**：重复率 48%、基因分配率 53%、3' 偏好明显，提示 RNA 部分降解 / 文库复杂度低。
处理：先保留，差异分析时看 PCA 是否离群，离群则剔除（7dpa 仍有 5 个重复）；如有剩余 RNA 可考虑重新建库。
sham3 比对率略低（84%），在正常范围内，保留。""")

        # ---- T19 W2 #2 + U2
        t = d.task("047 出差异分析交付给周老师：3dpa vs sham、7dpa vs sham，GO 和 KEGG 都要。dpa7_4 先留着，PCA 上看看离不离群",
                   tags=["workflow:W2", "unfixed:U2"])
        p47 = P("config/projects/P2026-047.yaml")
        t.read(p47)
        t.edit(p47, """  padj: 0.05
  lfc: 1
""", """  padj: 0.05
  lfc: 1
figures:
  format: png
  dpi: 300
""")
        wd = f"{DATA}/P2026-047"
        t.bash(f"{RRUN} scripts/run_deseq2.R config/projects/P2026-047.yaml", "DESeq2 差异分析（两组对比）",
               err="\n".join(txi_read(18) + DESEQ_TXI_MSG + APEGLM_MSG + APEGLM_MSG + [
                   "[run_deseq2] P2026-047: 18 samples, 32520 genes, 21166 after filtering (>=10 reads in >=3 samples)",
                   "[run_deseq2] dpa3_vs_sham: padj<0.05 & |log2FC|>1 -> up 1184, down 603",
                   "[run_deseq2] dpa7_vs_sham: padj<0.05 & |log2FC|>1 -> up 947, down 512",
                   f"[run_deseq2] wrote {wd}/results/de/dpa3_vs_sham.deseq2.tsv, {wd}/results/de/dpa7_vs_sham.deseq2.tsv",
                   f"[run_deseq2] wrote {wd}/results/de/pca.png, {wd}/results/de/pca_coords.tsv, {wd}/results/de/sample_dist_heatmap.png",
                   f"[run_deseq2] wrote {wd}/results/de/dpa3_vs_sham.volcano.png, {wd}/results/de/dpa7_vs_sham.volcano.png"]),
               timeout=1200000)
        rng = random.Random(4747)
        pcs = []
        for sid, cond, _, _ in Z_SAMPLES:
            cx, cy = {"sham": (-24.0, 3.0), "dpa3": (19.5, 8.5), "dpa7": (8.0, -11.5)}[cond]
            x, y = cx + rng.uniform(-4, 4), cy + rng.uniform(-3.5, 3.5)
            if sid == "dpa7_4":
                x, y = 13.9, -17.8
            pcs.append((sid, cond, f"{x:.2f}", f"{y:.2f}"))
        t.bash(f"column -t {wd}/results/de/pca_coords.tsv", "看 PCA 坐标",
               out="\n".join(f"{a:<8}{b:<11}{c:<8}{e}" for a, b, c, e in [("sample", "condition", "PC1", "PC2")] + pcs) +
               "\n# PC1 46.9%  PC2 17.3%")
        t.bash(f"{RRUN} scripts/enrich_go.R config/projects/P2026-047.yaml", "GO 富集",
               err="\n".join([
                   "'select()' returned 1:1 mapping between keys and columns",
                   "[enrich_go] dpa3_vs_sham up (1184 genes, 1021 mapped to ENTREZID): BP 341, CC 52, MF 61 terms (p.adjust<0.05)",
                   "'select()' returned 1:1 mapping between keys and columns",
                   "[enrich_go] dpa3_vs_sham down (603 genes, 514 mapped to ENTREZID): BP 88, CC 31, MF 19 terms (p.adjust<0.05)",
                   "'select()' returned 1:1 mapping between keys and columns",
                   "[enrich_go] dpa7_vs_sham up (947 genes, 826 mapped to ENTREZID): BP 276, CC 47, MF 44 terms (p.adjust<0.05)",
                   "'select()' returned 1:1 mapping between keys and columns",
                   "[enrich_go] dpa7_vs_sham down (512 genes, 431 mapped to ENTREZID): BP 63, CC 22, MF 15 terms (p.adjust<0.05)",
                   f"[enrich_go] wrote {wd}/results/go/dpa3_vs_sham.GO.xlsx, {wd}/results/go/dpa7_vs_sham.GO.xlsx (+ 4 dotplots)"]),
               timeout=1200000)
        t.fail(f"{RRUN} scripts/enrich_kegg.R config/projects/P2026-047.yaml", "KEGG 富集",
               """'select()' returned 1:1 mapping between keys and columns
Reading KEGG annotation online: "https://rest.kegg.jp/link/dre/pathway"...
Error in download.file(url, destfile = f, method = method, quiet = TRUE) : 
  cannot open URL 'https://rest.kegg.jp/link/dre/pathway'
In addition: Warning message:
In download.file(url, destfile = f, method = method, quiet = TRUE) :
  URL 'https://rest.kegg.jp/link/dre/pathway': Timeout of 60 seconds was reached
Calls: run_one ... download_KEGG -> kegg_list -> kegg_rest -> download.file
Execution halted""")
        t.fail("curl -sS -m 20 -o /dev/null -w '%{http_code}\\n' https://rest.kegg.jp/info/kegg", "检查能不能连上 KEGG",
               "curl: (28) Connection timed out after 20002 milliseconds", code=28)
        rd = f"{wd}/delivery/README.md"
        t.write(rd, """# P2026-047 斑马鱼心脏再生 RNA-seq 交付说明

- 样本：sham、3dpa、7dpa 各 6 个，PE150，dUTP 链特异建库
- 参考：GRCz11 + Ensembl 115
- 差异分析：DESeq2（salmon → tximport，apeglm 收缩 log2FC），阈值 padj < 0.05 且 |log2FC| > 1

## 目录
- `qc/multiqc_report.html`：质控汇总
- `de/dpa3_vs_sham.deseq2.tsv`、`de/dpa7_vs_sham.deseq2.tsv`：差异结果
- `de/*.png`：火山图、PCA、样本距离热图（300 dpi）
- `go/*.GO.xlsx` + 气泡图：GO 富集

## 结果概要
- 3dpa vs sham：上调 1184、下调 603；7dpa vs sham：上调 947、下调 512
- dpa7_4（质控提示 RNA 部分降解）在 PCA 上仍落在 7dpa 组内，保留
- KEGG 富集暂缺：平台服务器目前连不上 KEGG（rest.kegg.jp），恢复后补交
""")
        t.bash(f"rsync -av --chmod=Dg+rx,Fg+r {rd} {wd}/results/de {wd}/results/go {wd}/results/qc/multiqc_report.html "
               "/share/delivery/zhoulei/P2026-047/", "拷到交付目录",
               out=rsync_out(["README.md", "de/", "de/dpa3_vs_sham.deseq2.tsv", "de/dpa3_vs_sham.volcano.png",
                              "de/dpa7_vs_sham.deseq2.tsv", "de/dpa7_vs_sham.volcano.png", "de/normalized_counts.tsv",
                              "de/pca.png", "de/pca_coords.tsv", "de/sample_dist_heatmap.png", "de/vst.tsv", "go/",
                              "go/dpa3_vs_sham.GO.xlsx", "go/dpa3_vs_sham.down.BP.dotplot.png", "go/dpa3_vs_sham.up.BP.dotplot.png",
                              "go/dpa7_vs_sham.GO.xlsx", "go/dpa7_vs_sham.down.BP.dotplot.png", "go/dpa7_vs_sham.up.BP.dotplot.png",
                              "multiqc_report.html"], 44218903, 44201337))
        t.done("""047 交付了：`/share/delivery/zhoulei/P2026-047/`（图都是 png 300 dpi）

- 3dpa vs sham：上调 1184、下调 603；7dpa vs sham：上调 947、下调 512
- PCA（PC1 46.9%、PC2 17.3%）三组分得很开；**dpa7_4 落在 7dpa 组内**（稍偏外侧），按你说的保留
- GO 四个方向都有显著条目（3dpa 上调 BP 341 条）

**KEGG 没做出来**：`enrichKEGG` 要在线读 `https://rest.kegg.jp/link/dre/pathway`，超时；我用 curl 单独测了 `rest.kegg.jp`，20 秒连不上，是服务器到 KEGG 的网络不通，不是脚本的问题。这个我这边解决不了，需要网络中心给出口放行（或者以后改用离线的 KEGG 数据）。README 里已注明 KEGG 待补。""")

        # ---- T20 webfetch
        t = d.task("star_align 老在 cpu 分区排队，想让它去 fat 分区（就它一个 rule，别的不动）。snakemake 8 的 slurm 插件在 profile 里按 rule 怎么设？查下官方文档再改",
                   tags=["webfetch", "noise"])
        t.webfetch("https://snakemake.github.io/snakemake-plugin-catalog/plugins/executor/slurm.html",
                   "How to set the SLURM partition and other resources for a single rule in a Snakemake 8 profile (set-resources), and the names of the resource keys",
                   """The SLURM executor plugin maps Snakemake resources to sbatch options:

- `slurm_partition` → `--partition`, `slurm_account` → `--account`
- `runtime` (minutes) → `--time`
- `mem_mb` → `--mem`, or `mem_mb_per_cpu` → `--mem-per-cpu`
- `cpus_per_task` → `--cpus-per-task` (set from the rule's `threads` if not given)
- `slurm_extra` → extra flags passed verbatim, e.g. `slurm_extra="'--qos=long --mail-type=FAIL'"` (note the nested quotes)

Resources can be set per rule inside the Snakefile (`resources:` directive) or, without touching the workflow, in a profile:

```yaml
default-resources:
  slurm_account: "myaccount"
  slurm_partition: "cpu"
set-resources:
  my_rule:
    slurm_partition: "highmem"
    mem_mb: 200000
```

`set-resources` overrides the rule's own `resources` and `default-resources` for that rule only; other rules keep the defaults. Values given on the command line with `--set-resources my_rule:slurm_partition=highmem` take precedence over the profile.""")
        t.read(PROFILE)
        t.edit(PROFILE, """  mem_mb: 4000
  runtime: 60
""", """  mem_mb: 4000
  runtime: 60
set-resources:
  star_align:
    slurm_partition: fat
""")
        t.bash("git add profiles/slurm/config.yaml && git commit -m \"profile: run star_align on the fat partition\" && git push origin main",
               "提交", out=commit_out("main", "profile: run star_align on the fat partition", 1, 3),
               err=push_out("7d4c21f", "0e81b5a"))
        t.done("""改好了，已推 main。文档里的做法是在 profile 里用 `set-resources` 按 rule 覆盖资源，只影响这个 rule：

```yaml
set-resources:
  star_align:
    slurm_partition: fat
```

`star_align` 自己的 `mem_mb=48000`、`runtime=240`、16 线程不变，只是分区换成 fat；其他 rule 还是走 `default-resources` 的 cpu。下一个项目提交时生效（已经在跑的 head job 不受影响）。临时想换也可以在命令行加 `--set-resources star_align:slurm_partition=fat`，优先级比 profile 高。""")


# ------------------------------------------------------------------ session 7 (SessionEnd other)
TX_DE = P("scripts/adhoc/P2026-047_tx_de.R")
TX_DE_TXT = """#!/usr/bin/env Rscript
# P2026-047 临时：7dpa vs sham 转录本水平差异，看 fn1a / aldh1a2 / tnc 有没有换转录本
suppressPackageStartupMessages({
  library(DESeq2)
  library(readr)
  library(dplyr)
})

wd <- "/share/data/seqcore/P2026-047"
samples <- read_tsv("config/projects/P2026-047.samples.tsv", show_col_types = FALSE) |>
  filter(condition %in% c("sham", "dpa7"))
genes <- c(fn1a = "ENSDARG00000019815", aldh1a2 = "ENSDARG00000053493", tnc = "ENSDARG00000021948")
tx2gene <- read_tsv("/share/ref/zebrafish/GRCz11_ens115/tx2gene.tsv", col_names = c("tx", "gene"),
                    show_col_types = FALSE)

# 转录本水平：直接用每个样本 quant.sf 的 NumReads
cnt <- sapply(samples$sample, function(s) {
  q <- read_tsv(file.path(wd, "results/salmon", s, "quant.sf"), show_col_types = FALSE)
  setNames(q$NumReads, q$Name)
})
coldata <- data.frame(condition = factor(samples$condition, levels = c("sham", "dpa7")),
                      row.names = samples$sample)
dds <- DESeqDataSetFromMatrix(countData = cnt, colData = coldata, design = ~ condition)
dds <- dds[rowSums(counts(dds) >= 10) >= 3, ]
dds <- DESeq(dds)
res <- as.data.frame(results(dds, contrast = c("condition", "dpa7", "sham")))
res$tx <- rownames(res)
res$gene <- tx2gene$gene[match(sub("\\\\.\\\\d+$", "", res$tx), tx2gene$tx)]
out <- res |> filter(gene %in% genes) |> mutate(symbol = names(genes)[match(gene, genes)]) |>
  select(symbol, tx, baseMean, log2FoldChange, padj) |> arrange(symbol, desc(baseMean))
write_tsv(out, file.path(wd, "results/adhoc/tx_de_dpa7_vs_sham.tsv"))
print(out, n = Inf)
"""


def s7(d):
    with d.session("2026-10-27T01:30:00", R, branch="main", version="2.1.156", end_reason="other"):
        # ---- T21 M2 #2
        raw = "/share/data/raw/novo_P2026-047b"
        t = d.task("周老师又送了一批成鱼 14dpa 的，诺禾测的，数据在 /share/data/raw/novo_P2026-047b/ 。正式跑之前先抽 100 万对 reads 比一下 GRCz11 看看比对率，别是物种或者样本搞混了",
                   tags=["mistake:M2"])
        fq = "ZL-14dpa-1_FKDL260031877-1A_22KFWMLT4_L2"
        t.bash(f"ls -lh {raw}/ | head -8", "看数据",
               out=f"total 35G\n-rw-r--r-- 1 linxf seqcore  1.2K Oct 25 16:40 MD5.txt\n"
                   f"-rw-r--r-- 1 linxf seqcore  2.9G Oct 25 16:31 {fq}_1.fq.gz\n"
                   f"-rw-r--r-- 1 linxf seqcore  3.0G Oct 25 16:31 {fq}_2.fq.gz\n"
                   "-rw-r--r-- 1 linxf seqcore  2.7G Oct 25 16:33 ZL-14dpa-2_FKDL260031878-1A_22KFWMLT4_L2_1.fq.gz\n"
                   "-rw-r--r-- 1 linxf seqcore  2.8G Oct 25 16:33 ZL-14dpa-2_FKDL260031878-1A_22KFWMLT4_L2_2.fq.gz\n"
                   "-rw-r--r-- 1 linxf seqcore  3.1G Oct 25 16:35 ZL-14dpa-3_FKDL260031879-1A_22KFWMLT4_L2_1.fq.gz\n"
                   "-rw-r--r-- 1 linxf seqcore  3.2G Oct 25 16:35 ZL-14dpa-3_FKDL260031879-1A_22KFWMLT4_L2_2.fq.gz")
        sub = f"{SCR}/047b_test"
        t.bash(f"mkdir -p {sub} && module load seqtk/1.4 && "
               f"seqtk sample -s 11 {raw}/{fq}_1.fq.gz 1000000 | gzip -c > {sub}/d14_1_R1.sub.fq.gz && "
               f"seqtk sample -s 11 {raw}/{fq}_2.fq.gz 1000000 | gzip -c > {sub}/d14_1_R2.sub.fq.gz && ls -lh {sub}",
               "抽 100 万对 reads（同一个种子，保证配对）",
               out=f"total 186M\n-rw-r--r-- 1 linxf seqcore 92M {loc(d, 70).strftime('%b %d %H:%M')} d14_1_R1.sub.fq.gz\n"
                   f"-rw-r--r-- 1 linxf seqcore 95M {loc(d, 140).strftime('%b %d %H:%M')} d14_1_R2.sub.fq.gz", timeout=600000)
        d.tick(120, 160)
        argv = (f"STAR --runThreadN 8 --genomeDir /share/ref/zebrafish/GRCz11_ens115/star_2.7.11b_sjdb149 "
                f"--readFilesIn {sub}/d14_1_R1.sub.fq.gz {sub}/d14_1_R2.sub.fq.gz --outSAMtype None "
                f"--outFileNamePrefix {sub}/d14_1.")
        pre = "module load STAR/2.7.11b && srun -p debug -A seqcore -c 8 --mem=32G -t 30 "
        t.fail(pre + argv, "子样本比对到 GRCz11", star_fail(d, argv, "cn002", load_s=14), code=104)
        d.tick(40, 50)
        t.say("又是压缩输入没告诉 STAR 怎么解压，补上 `--readFilesCommand zcat`，其他不变：")
        argv2 = argv.replace("--outSAMtype None", "--readFilesCommand zcat --outSAMtype None")
        o, _ = star_ok(d, argv2, 95, load_s=14)
        t.bash(pre + argv2, "加 --readFilesCommand zcat 重跑", out=o, timeout=600000)
        d.tick(110, 130)
        lf = f"{sub}/d14_1.Log.final.out"
        d.files[lf] = log_final(star_date(d, -240), star_date(d, -226), star_date(d, -131), 37.89, 1000000, 298,
                                87.41, 294.87, 612044, "0.29%", 6.83, 0.12, 5.21, 0.43)
        t.read(lf)
        t.done("""子样本比对没问题，可以正式跑：

- 100 万对 reads，**唯一比对 87.4%**、多重比对 6.8%、too short 5.2%，和 047 那批（86.5%–90.2%）一个水平，物种对得上，不像样本搞混
- 剪接 reads 61 万，99% 落在已注释剪接位点，说明注释也匹配

第一次跑 STAR 又报了 `unknown file format: the read ID should start with @ or >`：抽样文件是 `.fq.gz`，要加 `--readFilesCommand zcat`，加上后 1 分半跑完。子样本在 `/share/scratch/linxf/047b_test/`，用完可以删。""")

        # ---- T22 M1 #2
        t = d.task("周老师想看 fn1a、aldh1a2、tnc 在 7dpa 是不是换了转录本。先用 salmon 结果做个转录本水平的差异（7dpa vs sham），脚本放 adhoc，结果给我看这三个基因的",
                   tags=["mistake:M1"])
        t.write(TX_DE, TX_DE_TXT)
        t.fail(f"{RRUN} scripts/adhoc/P2026-047_tx_de.R", "跑转录本水平差异",
               not_int_err("DESeqDataSetFromMatrix -> DESeqDataSet"))
        t.say("salmon 的 NumReads 不是整数，`DESeqDataSetFromMatrix` 不收。转录本水平也一样要走 tximport：`txOut = TRUE` 保留转录本，"
              "再用 `DESeqDataSetFromTximport` 建对象。改：")
        t.edit(TX_DE, """  library(DESeq2)
  library(readr)""", """  library(DESeq2)
  library(tximport)
  library(readr)""")
        t.edit(TX_DE, """# 转录本水平：直接用每个样本 quant.sf 的 NumReads
cnt <- sapply(samples$sample, function(s) {
  q <- read_tsv(file.path(wd, "results/salmon", s, "quant.sf"), show_col_types = FALSE)
  setNames(q$NumReads, q$Name)
})
coldata <- data.frame(condition = factor(samples$condition, levels = c("sham", "dpa7")),
                      row.names = samples$sample)
dds <- DESeqDataSetFromMatrix(countData = cnt, colData = coldata, design = ~ condition)""",
               """# 转录本水平：tximport(txOut = TRUE) 保留转录本，DESeqDataSetFromTximport 负责取整和长度 offset
files <- setNames(file.path(wd, "results/salmon", samples$sample, "quant.sf"), samples$sample)
txi <- tximport(files, type = "salmon", txOut = TRUE)
coldata <- data.frame(condition = factor(samples$condition, levels = c("sham", "dpa7")),
                      row.names = samples$sample)
dds <- DESeqDataSetFromTximport(txi, colData = coldata, design = ~ condition)""")
        rows = [("aldh1a2", "ENSDART00000075982.6", 1843.2, 3.12, "4.1e-41"),
                ("aldh1a2", "ENSDART00000158227.2", 212.7, 2.87, "6.6e-12"),
                ("fn1a", "ENSDART00000039716.8", 25321.4, 2.41, "2.2e-58"),
                ("fn1a", "ENSDART00000151437.3", 3087.5, 4.36, "1.8e-49"),
                ("fn1a", "ENSDART00000184215.1", 402.3, -0.21, "0.71"),
                ("tnc", "ENSDART00000079637.5", 6231.9, 3.88, "3.5e-70"),
                ("tnc", "ENSDART00000129831.3", 388.1, 0.64, "0.092")]
        tab = ["# A tibble: 7 × 5", f"  {'symbol':<8} {'tx':<21} {'baseMean':>8} {'log2FoldChange':>14} {'padj':>7}",
               f"  {'<chr>':<8} {'<chr>':<21} {'<dbl>':>8} {'<dbl>':>14} {'<dbl>':>7}"]
        for i, (s, tx, bm, lfc, pa) in enumerate(rows, 1):
            tab.append(f"{i} {s:<8} {tx:<21} {bm:>8.0f} {lfc:>14.2f} {pa:>7}")
        t.bash(f"{RRUN} scripts/adhoc/P2026-047_tx_de.R", "重跑", out="\n".join(tab),
               err="\n".join(txi_read(12)[:2] + DESEQ_TXI_MSG))
        t.done("""三个基因的转录本水平结果（7dpa vs sham，`results/adhoc/tx_de_dpa7_vs_sham.tsv`）：

| 基因 | 转录本 | baseMean | log2FC | padj |
|---|---|---|---|---|
| fn1a | ENSDART00000039716 | 25,321 | 2.41 | 2.2e-58 |
| fn1a | ENSDART00000151437 | 3,088 | **4.36** | 1.8e-49 |
| fn1a | ENSDART00000184215 | 402 | −0.21 | 0.71 |
| aldh1a2 | ENSDART00000075982 | 1,843 | 3.12 | 4.1e-41 |
| aldh1a2 | ENSDART00000158227 | 213 | 2.87 | 6.6e-12 |
| tnc | ENSDART00000079637 | 6,232 | 3.88 | 3.5e-70 |
| tnc | ENSDART00000129831 | 388 | 0.64 | 0.092 |

- **fn1a 有转录本偏移的迹象**：次要转录本 151437 上调幅度（4.4）明显大于主转录本（2.4），第三个不变 —— 值得用 DTU 方法（DEXSeq / DRIMSeq）正式检验一下
- aldh1a2 两个转录本同步上调，像是整体表达升高
- tnc 只有主转录本上调

第一次跑报了 `some values in assay are not integers`（salmon NumReads 带小数），改成 `tximport(txOut = TRUE)` + `DESeqDataSetFromTximport` 后正常。""")

        # ---- T23 W1 #3
        raw = "/share/data/raw/2026-10-24_NovaSeqX_R124/P2026-058"
        t = d.task("陈老师第二个项目 P2026-058 下机了：/share/data/raw/2026-10-24_NovaSeqX_R124/P2026-058/ ，Setdb1 肝特异 cKO vs Ctrl 各 8 个。"
                   "他们关心转座子，featureCounts 除了基因之外再按 TE 注释数一遍，多比对的 reads 按分数分（-M --fraction）。"
                   "TE 的 GTF 在 /share/ref/mouse/GRCm39_rmsk/GRCm39_rmsk_TE.gtf 。建配置跑起来", tags=["workflow:W1"])
        libs = [f"LQ2-Ctrl-{i}" for i in range(1, 9)] + [f"LQ2-cKO-{i}" for i in range(1, 9)]
        t.bash(f"ls -lh {raw}/", "看下机数据",
               out=raw_listing(libs, "Oct 24 22:07", [4.6, 4.9, 4.4, 4.8, 5.1, 4.7, 4.5, 4.9, 4.8, 4.6, 5.0, 4.4, 4.7,
                                                      4.9, 4.6, 4.8]))
        t.read(QUANT)
        t.edit(QUANT, """        "featureCounts -T {threads} -p --countReadPairs -s {params.strand} "
        "-a {params.gtf} -o {output.tsv} {input} > {log} 2>&1"
""", """        "featureCounts -T {threads} -p --countReadPairs -s {params.strand} "
        "-a {params.gtf} -o {output.tsv} {input} > {log} 2>&1"


rule featurecounts_te:
    input:
        expand("results/star/{sample}/Aligned.sortedByCoord.out.bam", sample=SAMPLES.index),
    output:
        tsv="results/counts/te_featureCounts.tsv",
        summary="results/counts/te_featureCounts.tsv.summary",
    params:
        gtf=config.get("te_gtf"),
        strand=config.get("strandedness", 2),
    log:
        "logs/featurecounts/te_featurecounts.log",
    threads: 16
    resources:
        mem_mb=24000,
        runtime=180,
    conda:
        "../envs/subread.yaml"
    shell:
        # 转座子多拷贝：多比对 reads 按 1/NH 分到各位置（-M --fraction），结果是小数
        "featureCounts -T {threads} -p --countReadPairs -s {params.strand} -M --fraction "
        "-F GTF -t exon -g gene_id -a {params.gtf} -o {output.tsv} {input} > {log} 2>&1"
""")
        t.read(SNAKEFILE)
        t.edit(SNAKEFILE, """def rnaseq_targets():
    return [
        "results/qc/multiqc_report.html",
        "results/counts/featureCounts.tsv",
        expand("results/salmon/{sample}/quant.sf", sample=SAMPLES.index),
    ]""", """def rnaseq_targets():
    targets = [
        "results/qc/multiqc_report.html",
        "results/counts/featureCounts.tsv",
        expand("results/salmon/{sample}/quant.sf", sample=SAMPLES.index),
    ]
    if config.get("te_gtf"):
        targets.append("results/counts/te_featureCounts.tsv")
    return targets""")
        rows = [(f"C{i}", "Ctrl", str(i), f"LQ2-Ctrl-{i}_S{i}") for i in range(1, 9)] + \
               [(f"K{i}", "cKO", str(i), f"LQ2-cKO-{i}_S{i + 8}") for i in range(1, 9)]
        t.write(P("config/projects/P2026-058.samples.tsv"), samples_tsv(rows, raw))
        t.write(P("config/projects/P2026-058.yaml"), """project: P2026-058
pi: chenliqun
assay: rnaseq
reference: GRCm39_gencode_vM35
samples: /share/home/linxf/seqcore-pipes/config/projects/P2026-058.samples.tsv
workdir: /share/data/seqcore/P2026-058
strandedness: 2
te_gtf: /share/ref/mouse/GRCm39_rmsk/GRCm39_rmsk_TE.gtf
de:
  design: "~ condition"
  reference_level: Ctrl
  contrasts:
    - [condition, cKO, Ctrl]
  padj: 0.05
  lfc: 1
""")
        t.bash("snakemake -n --quiet rules --configfile config/projects/P2026-058.yaml --directory /share/data/seqcore/P2026-058",
               "dry-run",
               out=smk_dry([("all", 1), ("fastp", 16), ("star_align", 16), ("salmon_quant", 16), ("qualimap_rnaseq", 16),
                            ("featurecounts", 1), ("featurecounts_te", 1), ("multiqc", 1)],
                           [("input files updated by another job",
                             ["all", "featurecounts", "featurecounts_te", "multiqc", "qualimap_rnaseq", "salmon_quant", "star_align"]),
                            ("output files have to be generated",
                             ["fastp", "featurecounts", "featurecounts_te", "multiqc", "qualimap_rnaseq", "salmon_quant", "star_align"])]))
        head58 = jobid(2710)
        CTX["head58"] = head58
        t.bash("sbatch jobs/run_snakemake.sbatch config/projects/P2026-058.yaml", "提交 head job",
               out=f"Submitted batch job {head58}")
        run58 = run_uuid()
        fp = [(jobid(2 + i), "cpu", run58, "R" if i < 12 else "PD", f"0:{9 + i:02d}" if i < 12 else "0:00",
               f"cn0{50 + i}" if i < 12 else "(Priority)") for i in range(16)]
        t.bash("sleep 60; squeue -u linxf", "看作业", out=squeue(sq_rows_head(head58, "1:03", fp)))
        t.bash("git add workflow/Snakefile workflow/rules/quant.smk && "
               "git commit -m \"quant: optional TE counting (featureCounts -M --fraction) when te_gtf is set\" && git push origin main",
               "提交流程改动", out=commit_out("main", "quant: optional TE counting (featureCounts -M --fraction) when te_gtf is set", 2, 30, 1),
               err=push_out("0e81b5a", "3b9f6e2"))
        t.done(f"""058 跑起来了，head job `{head58}`：

- 样本 16 个：C1–C8（Ctrl）、K1–K8（cKO），对比 cKO vs Ctrl
- 流程加了可选的 `featurecounts_te`：配置里有 `te_gtf` 才跑，对 STAR BAM 按 TE 注释计数，`-M --fraction`（多比对 reads 按 1/NH 分），输出 `results/counts/te_featureCounts.tsv`；基因水平的 featureCounts 不变
- dry-run 68 个作业，fastp 12 个已经在跑
- 流程改动已提交

另外提醒一下：STAR 默认 `--outFilterMultimapNmax 10`，比对到 10 个位置以上的 reads 不会出现在 BAM 里，年轻的 TE 家族（L1Md、IAP）会被低估一些；如果陈老师特别关心这些，可以再讨论要不要放宽。""")


# ------------------------------------------------------------------ W3 helper (reference onboarding)
def ensembl_ref(d, t, species, sp_dir, asm, rel, fa_kind, sizes, sums, faidx_out, ref_dir):
    ens = f"https://ftp.ensembl.org/pub/release-{rel}"
    fa = f"{species}.{asm}.dna.{fa_kind}.fa.gz"
    cdna = f"{species}.{asm}.cdna.all.fa.gz"
    gtf = f"{species}.{asm}.{rel}.gtf.gz"
    now = loc(d, 20)
    secs = [0, sizes[0] // 2_100_000, sizes[0] // 2_100_000 + sizes[1] // 2_100_000 + 3]
    secs.append(secs[2] + sizes[2] // 2_100_000 + 2)
    st = lambda k: (now + _dt.timedelta(seconds=secs[k])).strftime('%Y-%m-%d %H:%M:%S')  # noqa: E731
    tot = sum(sizes)
    t.bash(f"mkdir -p {ref_dir} && cd {ref_dir} && wget -nv {ens}/fasta/{sp_dir}/dna/{fa} "
           f"{ens}/fasta/{sp_dir}/cdna/{cdna} {ens}/gtf/{sp_dir}/{gtf}", "下载基因组、cDNA、GTF",
           err="\n".join([
               f"{st(1)} URL:{ens}/fasta/{sp_dir}/dna/{fa} [{sizes[0]}/{sizes[0]}] -> \"{fa}\" [1]",
               f"{st(2)} URL:{ens}/fasta/{sp_dir}/cdna/{cdna} [{sizes[1]}/{sizes[1]}] -> \"{cdna}\" [1]",
               f"{st(3)} URL:{ens}/gtf/{sp_dir}/{gtf} [{sizes[2]}/{sizes[2]}] -> \"{gtf}\" [1]",
               f"FINISHED --{st(3)}--",
               f"Total wall clock time: {secs[3] // 60}m {secs[3] % 60}s",
               f"Downloaded: 3 files, {tot // 1048576}M in {secs[3] // 60}m {max(0, secs[3] % 60 - 2)}s (2.00 MB/s)"]),
           timeout=1200000)
    d.tick(secs[3], secs[3] + 20)
    t.bash(f"cd {ref_dir} && for p in fasta/{sp_dir}/dna fasta/{sp_dir}/cdna gtf/{sp_dir}; do curl -s {ens}/$p/CHECKSUMS; done > CHECKSUMS.ens{rel} && "
           f"for f in {fa} {cdna} {gtf}; do echo \"local: $(sum $f)  $f\"; grep \" $f$\" CHECKSUMS.ens{rel}; done",
           "用 Ensembl 的 CHECKSUMS 校验",
           out="\n".join(f"local: {s}  {f}\n{s} {f}" for s, f in zip(sums, (fa, cdna, gtf))))
    fa_plain = fa[:-3]
    gtf_plain = gtf[:-3]
    t.bash(f"cd {ref_dir} && zcat {fa} > {fa_plain} && zcat {gtf} > {gtf_plain} && module load samtools/1.21 && "
           f"samtools faidx {fa_plain} && wc -l {fa_plain}.fai && cut -f1,2 {fa_plain}.fai | head -3",
           "解压、建 fai", out=faidx_out, timeout=600000)
    return fa_plain, gtf_plain, cdna


# ------------------------------------------------------------------ session 8
def s8(d):
    with d.session("2026-11-02T01:45:00", R, branch="main", version="2.1.158"):
        # ---- T24 W3 #2
        t = d.task("吴老师下个月有一批大鼠的 RNA-seq，先把大鼠参考准备上，Ensembl 115（现在应该是 GRCr8 了吧），跟斑马鱼那次一样弄",
                   tags=["workflow:W3"])
        t.read(REFS)
        rd = "/share/ref/rat/GRCr8_ens115"
        fa, gtf, cdna = ensembl_ref(d, t, "Rattus_norvegicus", "rattus_norvegicus", "GRCr8", 115, "toplevel",
                                    [861204417, 24015332, 21877102], ["21304 841021", "60917 23453", "33481 21365"],
                                    "183 Rattus_norvegicus.GRCr8.dna.toplevel.fa.fai\n1\t270045829\n2\t259150208\n3\t182843405",
                                    rd)
        bz = jobid(5120)
        t.bash(f"sbatch jobs/build_index.sbatch {rd} {fa} {gtf} {cdna} 150", "提交建索引作业", out=f"Submitted batch job {bz}")
        t.edit(REFS, """GRCh38_gencode_v44:""", f"""GRCr8_ens115:
  species: rattus_norvegicus
  source: Ensembl release 115
  fasta: {rd}/{fa}
  gtf: {rd}/{gtf}
  star_index: {rd}/star_2.7.11b_sjdb149
  salmon_index: {rd}/salmon_1.10.3_gentrome_k31
  tx2gene: {rd}/tx2gene.tsv
  orgdb: org.Rn.eg.db
  kegg: rno

GRCh38_gencode_v44:""")
        t.bash("git add config/references.yaml && git commit -m \"refs: GRCr8 (Ensembl 115)\" && git push origin main", "提交",
               out=commit_out("main", "refs: GRCr8 (Ensembl 115)", 1, 10), err=push_out("3b9f6e2", "9a27c40"))
        t.done(f"""大鼠参考准备上了，是 **GRCr8**（Ensembl 从 113 起大鼠换成了 GRCr8，不再是 mRatBN7.2）：

- `{rd}/`：toplevel 基因组（Ensembl 大鼠没有单独的 primary_assembly 文件，toplevel 不含 haplotype/patch，可以直接用）、cDNA、GTF，三个都用 `CHECKSUMS` 核对一致
- `.fai` 共 183 条序列，1 号染色体 270 Mb
- 建索引作业 `{bz}`（`jobs/build_index.sbatch`，日志在 `logs/slurm/`）
- `config/references.yaml` 登记为 `GRCr8_ens115`（orgdb `org.Rn.eg.db`，KEGG `rno`），已推 main

注意 `rnaseq-r` 环境里还没有 `org.Rn.eg.db`，吴老师的数据做富集前要加上（按老规矩写具体版本）。""")

        # ---- T25 M3 #2
        t = d.task("058 的 head 作业前天晚上所在节点挂了（sacct 里是 NODE_FAIL），rule 的作业好像都跑完了，就差 MultiQC。你在登录节点本地把 MultiQC 补出来就行，不用再走 slurm",
                   tags=["mistake:M3"])
        head58 = CTX["head58"]
        t.bash(f"sacct -j {head58} -X --format=JobID,JobName%12,State,NodeList,Elapsed,ExitCode",
               "看 head job",
               out=sacct([("JobID", 12), ("JobName", 12), ("State", 10), ("NodeList", 15), ("Elapsed", 10), ("ExitCode", 8)],
                         [(head58, "smk-head", "NODE_FAIL", "cn017", "15:22:47", "0:0")]))
        wd = f"{DATA}/P2026-058"
        t.bash(f"ls {wd}/results/counts/ {wd}/results/qc/ && ls {wd}/results/qc/qualimap | wc -l",
               "确认计数和 qualimap 都在",
               out=f"{wd}/results/counts/:\nfeatureCounts.tsv\nfeatureCounts.tsv.summary\nte_featureCounts.tsv\n"
                   f"te_featureCounts.tsv.summary\n\n{wd}/results/qc/:\nqualimap\n16")
        mq = (f"snakemake --cores 4 --sdm conda --conda-prefix /share/apps/snakemake/conda-envs "
              f"--configfile config/projects/P2026-058.yaml --directory {wd} results/qc/multiqc_report.html")
        t.fail(mq, "本地只跑 MultiQC", smk_lock(wd, profile=False))
        t.say("节点宕机时 head 进程是直接没了的，锁留在工作目录里。先确认 058 没有任何还在跑的 Snakemake 进程或作业：")
        t.bash("squeue -u linxf; pgrep -u linxf -af snakemake", "确认没有在跑的 snakemake",
               out=squeue([]))
        t.bash(f"snakemake --unlock --configfile config/projects/P2026-058.yaml --directory {wd}", "解锁",
               out=smk_unlock(profile=False))
        t0 = 4
        out = "\n".join(smk_head(False) + ["Using shell: /usr/bin/bash", "Provided cores: 4",
                                           "Rules claiming more threads will be scaled down."] +
                        job_stats([("multiqc", 1)]) +
                        ["", "Select jobs to execute...", "Execute 1 jobs...", "", smk_date(d, t0), "localrule multiqc:",
                         "    input: " + ", ".join(f"results/fastp/{s}.fastp.json" for s in
                                                   [f"C{i}" for i in range(1, 9)] + [f"K{i}" for i in range(1, 9)]) +
                         ", … (65 files)",
                         "    output: results/qc/multiqc_report.html", "    log: logs/multiqc/multiqc.log", "    jobid: 0",
                         "    reason: Missing output files: results/qc/multiqc_report.html", "    resources: tmpdir=/tmp", "",
                         "Activating conda environment: /share/apps/snakemake/conda-envs/0f3c7a51e9d2b8a64c19e7f2d5a3b680_",
                         smk_date(d, t0 + 141), "Finished jobid: 0 (Rule: multiqc)", "1 of 1 steps (100%) done",
                         f"Complete log: .snakemake/log/{loc(d, 2).strftime('%Y-%m-%dT%H%M%S')}.418823.snakemake.log"])
        t.bash(mq, "重跑 MultiQC", out=out, timeout=600000)
        d.tick(140, 160)
        t.bash(f"tail -6 {wd}/logs/multiqc/multiqc.log", "看 MultiQC 日志",
               out="|           multiqc | Search path: results/qc/qualimap\n"
                   "|         searching | ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 100% 211/211\n"
                   "|            fastp | Found 16 reports\n|             star | Found 16 reports\n"
                   "|           salmon | Found 16 reports\n"
                   "|           multiqc | Report      : results/qc/multiqc_report.html")
        t.done(f"""MultiQC 补出来了：`{wd}/results/qc/multiqc_report.html`（fastp / STAR / salmon / qualimap / featureCounts 各 16 份）。

过程：head job `{head58}` 确实是 `NODE_FAIL`（cn017 宕机），计数和 qualimap 结果都在。本地跑 MultiQC 时报 `LockException: Directory cannot be locked`——进程随节点一起没了，锁没释放。`squeue` 和 `pgrep` 都确认没有在跑的 Snakemake 后，用 `snakemake --unlock`（同样的 configfile / directory）解锁，再原命令跑，2 分多钟完成。""")

        # ---- T26 P1 #3
        t = d.task("bcftools 升到 1.21，workflow/envs/bcftools.yaml 里 htslib 也一起写死版本，跟之前一样别留浮动的", tags=["pref:P1", "noise"])
        t.read(BCF_ENV)
        t.edit(BCF_ENV, """  - bcftools=1.20
  - htslib
""", """  - bcftools=1.21
  - htslib=1.21
""")
        t.grep("bcftools.yaml", path=P("workflow/rules"), output_mode="content", n=True,
               content=grep_lines(d, VARIANT, r"bcftools\.yaml"))
        t.bash("git add workflow/envs/bcftools.yaml && git commit -m \"envs: pin bcftools/htslib 1.21\" && git push origin main",
               "提交", out=commit_out("main", "envs: pin bcftools/htslib 1.21", 1, 2, 2), err=push_out("9a27c40", "e5c1d83"))
        t.done("""改好已推 main：`workflow/envs/bcftools.yaml` 现在是 `bcftools=1.21`、`htslib=1.21`，都写死了（之前 htslib 没写版本）。

只有 `gather_filter` 这一个 rule 用它。环境文件内容变了，Snakemake 下次跑到这个 rule 时会在 conda-prefix 下按新哈希建一个新环境；已经跑完的项目不受影响，要重跑的话结果会带上新版本。""")


# ------------------------------------------------------------------ session 9
TE_DE = P("scripts/adhoc/P2026-058_te_de.R")
TE_DE_TXT = """#!/usr/bin/env Rscript
# P2026-058 临时：Setdb1 cKO vs Ctrl 转座子（TE 亚家族）差异
# 输入 featurecounts_te 的结果（-M --fraction），按 gene_id = TE 亚家族汇总
suppressPackageStartupMessages({
  library(DESeq2)
  library(readr)
  library(dplyr)
})

wd <- "/share/data/seqcore/P2026-058"
samples <- read_tsv("config/projects/P2026-058.samples.tsv", show_col_types = FALSE)

run_de <- function(fc_file) {
  fc <- read.delim(fc_file, comment.char = "#", check.names = FALSE)
  counts <- as.matrix(fc[, -(1:6)])
  rownames(counts) <- fc$Geneid
  colnames(counts) <- basename(dirname(colnames(counts)))
  counts <- counts[, samples$sample]
  message(sprintf("[te_de] %d samples, %d TE subfamilies", ncol(counts), nrow(counts)))
  coldata <- data.frame(condition = factor(samples$condition, levels = c("Ctrl", "cKO")),
                        row.names = samples$sample)
  dds <- DESeqDataSetFromMatrix(countData = counts, colData = coldata, design = ~ condition)
  dds <- dds[rowSums(counts(dds) >= 10) >= 4, ]
  dds <- DESeq(dds)
  as.data.frame(results(dds, contrast = c("condition", "cKO", "Ctrl"), alpha = 0.05))
}

res <- run_de(file.path(wd, "results/counts/te_featureCounts.tsv"))
res$subfamily <- rownames(res)
res <- res |> arrange(padj)
write_tsv(res, file.path(wd, "results/adhoc/te_de_cKO_vs_Ctrl.tsv"))
message(sprintf("[te_de] padj < 0.05 & |log2FC| > 1: up %d, down %d",
                sum(res$padj < 0.05 & res$log2FoldChange > 1, na.rm = TRUE),
                sum(res$padj < 0.05 & res$log2FoldChange < -1, na.rm = TRUE)))
print(head(res[, c("subfamily", "baseMean", "log2FoldChange", "padj")], 15), row.names = FALSE)
"""


def s9(d):
    with d.session("2026-11-06T02:00:00", R, branch="main", version="2.1.160"):
        # ---- T27 M1 #3
        t = d.task("058 的 TE 计数出来了，帮我看下 cKO 里哪些转座子亚家族起来了，写个脚本做 TE 的差异，脚本还是放 adhoc", tags=["mistake:M1"])
        wd = f"{DATA}/P2026-058"
        t.bash(f"head -3 {wd}/results/counts/te_featureCounts.tsv | cut -c1-240", "看 TE 计数表格式",
               out="# Program:featureCounts v2.0.6; Command:\"featureCounts\" \"-T\" \"16\" \"-p\" \"--countReadPairs\" \"-s\" \"2\" \"-M\" \"--fraction\" \"-F\" \"GTF\" \"-t\" \"exon\" \"-g\" \"gene_id\" \"-a\" \"/share/ref/mouse/GRCm39_rmsk/GRCm39_rmsk_TE.gtf\" \"-o\" \"results/counts/te_featur\n"
                   "Geneid\tChr\tStart\tEnd\tStrand\tLength\tresults/star/C1/Aligned.sortedByCoord.out.bam\tresults/star/C2/Aligned.sortedByCoord.out.bam\tresults/star/C3/Aligned.sortedByCoord.out.bam\tresults/st\n"
                   "L1_Mur2\tchr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;chr1;ch")
        t.write(TE_DE, TE_DE_TXT)
        t.fail(f"{RRUN} scripts/adhoc/P2026-058_te_de.R", "跑 TE 差异",
               "[te_de] 16 samples, 1187 TE subfamilies\n" + not_int_err("run_de -> DESeqDataSetFromMatrix -> DESeqDataSet"))
        t.say("`-M --fraction` 把多比对 reads 按 1/NH 分给各个位置，所以 TE 计数是小数，DESeq2 不接受。"
              "这里没有 salmon 那样的 tximport 路子，按常规做法四舍五入成整数；另外 TE 只占总 reads 的一小部分，"
              "size factor 最好用同一批样本的基因水平计数来估，避免 cKO 里大量 TE 上调反过来影响标准化。改：")
        t.edit(TE_DE, """  counts <- counts[, samples$sample]
  message(sprintf("[te_de] %d samples, %d TE subfamilies", ncol(counts), nrow(counts)))""",
               """  counts <- round(counts[, samples$sample])  # -M --fraction 的小数计数取整
  message(sprintf("[te_de] %d samples, %d TE subfamilies", ncol(counts), nrow(counts)))""")
        t.edit(TE_DE, """  dds <- dds[rowSums(counts(dds) >= 10) >= 4, ]
  dds <- DESeq(dds)""", """  dds <- dds[rowSums(counts(dds) >= 10) >= 4, ]
  sizeFactors(dds) <- gene_sf  # 用基因水平计数估的 size factor
  dds <- DESeq(dds)""")
        t.edit(TE_DE, """res <- run_de(file.path(wd, "results/counts/te_featureCounts.tsv"))""",
               """# size factor 用基因水平 featureCounts（整数）估，TE 只占很小一部分 reads
gfc <- read.delim(file.path(wd, "results/counts/featureCounts.tsv"), comment.char = "#", check.names = FALSE)
gcounts <- as.matrix(gfc[, -(1:6)])
colnames(gcounts) <- basename(dirname(colnames(gcounts)))
gene_sf <- estimateSizeFactorsForMatrix(gcounts[, samples$sample])

res <- run_de(file.path(wd, "results/counts/te_featureCounts.tsv"))""")
        top = [("IAPEz-int", 18342.7, 4.92, "3.4e-188"), ("MMERVK10C-int", 2210.4, 4.41, "7.7e-121"),
               ("IAPLTR1_Mm", 6128.9, 3.87, "1.3e-104"), ("MMETn-int", 951.3, 4.12, "4.0e-88"),
               ("RLTR10C", 1489.2, 3.35, "2.2e-71"), ("IAPLTR2_Mm", 712.5, 3.58, "9.6e-65"),
               ("ETnERV-int", 388.1, 3.73, "3.1e-52"), ("MMERGLN-int", 1043.8, 2.64, "8.8e-47"),
               ("RLTR45-int", 266.9, 3.11, "1.5e-39"), ("L1Md_T", 40218.3, 1.21, "6.2e-33"),
               ("MuLV-int", 143.2, 3.28, "2.7e-29"), ("RLTR13D5", 331.6, 2.21, "4.9e-25"),
               ("ORR1A3-int", 512.8, -1.07, "1.8e-14"), ("MTA_Mm-int", 8841.2, 0.54, "3.3e-09"),
               ("L1Md_A", 52310.6, 0.92, "7.1e-09")]
        lines = [f"{'subfamily':>14} {'baseMean':>10} {'log2FoldChange':>14} {'padj':>10}"]
        for s, bm, lfc, pa in top:
            lines.append(f"{s:>14} {bm:>10.1f} {lfc:>14.2f} {pa:>10}")
        t.bash(f"{RRUN} scripts/adhoc/P2026-058_te_de.R", "重跑", out="\n".join(lines),
               err="\n".join(["[te_de] 16 samples, 1187 TE subfamilies", "using pre-existing size factors",
                              "estimating dispersions", "gene-wise dispersion estimates", "mean-dispersion relationship",
                              "final dispersion estimates", "fitting model and testing",
                              "[te_de] padj < 0.05 & |log2FC| > 1: up 63, down 4"]))
        t.done("""TE 亚家族差异（cKO vs Ctrl，`results/adhoc/te_de_cKO_vs_Ctrl.tsv`）：**上调 63 个、下调 4 个**（padj < 0.05，|log2FC| > 1）。

起来最明显的几乎都是 **ERVK 类内源性逆转录病毒**：IAPEz-int（log2FC 4.9）、MMERVK10C-int（4.4）、IAPLTR1/2、MMETn / ETnERV、RLTR10C、MuLV —— 正好是 SETDB1/H3K9me3 平时压住的那一批，和文献一致；L1Md_T 也有小幅上调（1.2）。

第一次跑报 `some values in assay are not integers`：`-M --fraction` 的计数是小数。改成 `round()` 取整后再建 DESeq2 对象，size factor 改用同一批样本的基因水平计数来估（TE 只占少量 reads，cKO 里 TE 大量上调时不该让它们影响标准化）。""")

        # ---- T28 W2 #3 + reversal P3
        t = d.task("058 基因水平的差异分析也交付一下。另外以后图一律给 PDF，陈老师说要投稿了，期刊要矢量图，png 放大就糊",
                   tags=["workflow:W2", "reversal:P3"])
        p58 = P("config/projects/P2026-058.yaml")
        t.read(p58)
        t.edit(p58, """  padj: 0.05
  lfc: 1
""", """  padj: 0.05
  lfc: 1
figures:
  format: pdf
""")
        t.read(VOLCANO)
        t.edit(VOLCANO, """# 用法: Rscript scripts/plot_volcano.R <deseq2.tsv> [--format png|pdf] [--dpi 300] [--padj 0.05] [--lfc 1]""",
               """# 用法: Rscript scripts/plot_volcano.R <deseq2.tsv> [--format pdf|png] [--dpi 300] [--padj 0.05] [--lfc 1]
# 默认出 PDF（矢量图，投稿用）；要贴 PPT 再加 --format png""")
        t.edit(VOLCANO, """  make_option("--format", default = "png"),""", """  make_option("--format", default = "pdf"),""")
        t.bash(f"{RRUN} scripts/run_deseq2.R config/projects/P2026-058.yaml", "DESeq2 差异分析",
               err="\n".join(txi_read(16) + DESEQ_TXI_MSG + APEGLM_MSG + [
                   "[run_deseq2] P2026-058: 16 samples, 57186 genes, 22417 after filtering (>=10 reads in >=3 samples)",
                   "[run_deseq2] cKO_vs_Ctrl: padj<0.05 & |log2FC|>1 -> up 1406, down 388",
                   f"[run_deseq2] wrote {wd}/results/de/cKO_vs_Ctrl.deseq2.tsv",
                   f"[run_deseq2] wrote {wd}/results/de/cKO_vs_Ctrl.volcano.pdf, {wd}/results/de/pca.pdf, {wd}/results/de/sample_dist_heatmap.pdf",
                   f"[run_deseq2] wrote {wd}/results/de/normalized_counts.tsv, {wd}/results/de/vst.tsv"]), timeout=1200000)
        t.bash(f"{RRUN} scripts/enrich_go.R config/projects/P2026-058.yaml", "GO 富集",
               err="\n".join([
                   "'select()' returned 1:1 mapping between keys and columns",
                   "[enrich_go] cKO_vs_Ctrl up (1406 genes, 1318 mapped to ENTREZID): BP 402, CC 61, MF 73 terms (p.adjust<0.05)",
                   "'select()' returned 1:1 mapping between keys and columns",
                   "[enrich_go] cKO_vs_Ctrl down (388 genes, 377 mapped to ENTREZID): BP 97, CC 18, MF 31 terms (p.adjust<0.05)",
                   f"[enrich_go] wrote {wd}/results/go/cKO_vs_Ctrl.GO.xlsx, {wd}/results/go/cKO_vs_Ctrl.up.BP.dotplot.pdf, "
                   f"{wd}/results/go/cKO_vs_Ctrl.down.BP.dotplot.pdf"]), timeout=1200000)
        rdm = f"{wd}/delivery/README.md"
        t.write(rdm, """# P2026-058 小鼠肝脏 Setdb1 肝特异敲除 RNA-seq 交付说明

- 样本：Ctrl 8 个、cKO 8 个，PE150，dUTP 链特异建库
- 参考：GRCm39 + GENCODE vM35；转座子注释：RepeatMasker（GRCm39_rmsk_TE.gtf）
- 差异分析：DESeq2（salmon → tximport，apeglm 收缩 log2FC），阈值 padj < 0.05 且 |log2FC| > 1
- 图：全部为 PDF 矢量图，可直接用于投稿排版

## 目录
- `qc/multiqc_report.html`：质控汇总
- `de/cKO_vs_Ctrl.deseq2.tsv`：基因水平差异结果
- `de/*.pdf`：火山图、PCA、样本距离热图
- `go/cKO_vs_Ctrl.GO.xlsx` + 气泡图（PDF）：GO 富集
- `te/te_de_cKO_vs_Ctrl.tsv`：转座子亚家族差异（featureCounts -M --fraction 取整，size factor 用基因水平计数估计）

## 结果概要
- 基因：上调 1406、下调 388
- 转座子亚家族：上调 63、下调 4，以 IAP、MMERVK10C、MMETn 等 ERVK 为主
""")
        t.bash(f"mkdir -p /share/delivery/chenliqun/P2026-058/te && cp {wd}/results/adhoc/te_de_cKO_vs_Ctrl.tsv /share/delivery/chenliqun/P2026-058/te/ && "
               f"rsync -av --chmod=Dg+rx,Fg+r {rdm} {wd}/results/de {wd}/results/go {wd}/results/qc/multiqc_report.html "
               "/share/delivery/chenliqun/P2026-058/", "拷到交付目录",
               out=rsync_out(["README.md", "de/", "de/cKO_vs_Ctrl.deseq2.tsv", "de/cKO_vs_Ctrl.volcano.pdf", "de/normalized_counts.tsv",
                              "de/pca.pdf", "de/sample_dist_heatmap.pdf", "de/vst.tsv", "go/", "go/cKO_vs_Ctrl.GO.xlsx",
                              "go/cKO_vs_Ctrl.down.BP.dotplot.pdf", "go/cKO_vs_Ctrl.up.BP.dotplot.pdf", "multiqc_report.html"],
                             39120877, 39104218))
        t.bash("git add scripts/plot_volcano.R && git commit -m \"plot_volcano: default to pdf\" && git push origin main",
               "提交", out=commit_out("main", "plot_volcano: default to pdf", 1, 3, 2), err=push_out("e5c1d83", "4f0b6a1"))
        t.done("""058 交付了：`/share/delivery/chenliqun/P2026-058/`

- 基因水平 cKO vs Ctrl：**上调 1406、下调 388**；GO 上调 BP 402 条
- 昨天的 TE 结果也一起放进了 `te/`，README 里写了方法
- 图这次全部是 **PDF**（火山图、PCA、样本距离热图、GO 气泡图）

以后默认 PDF：`P2026-058.yaml` 的 `figures.format` 设成了 pdf，`plot_volcano.R` 的默认格式也从 png 改成了 pdf（已提交）。之后新项目配置我都按 PDF 写；某次需要贴 PPT 再单独出 png。""")

        # ---- T29 W3 #3
        t = d.task("何老师那边下个月开始做人的 RNA-seq，GENCODE 现在到 v49 了吧，按之前的流程把 GRCh38 + v49 的参考和索引准备好", tags=["workflow:W3"])
        t.read(REFS)
        hd = "/share/ref/human/GRCh38_gencode_v49"
        gc = "https://ftp.ebi.ac.uk/pub/databases/gencode/Gencode_human/release_49"
        files = ["GRCh38.primary_assembly.genome.fa.gz", "gencode.v49.primary_assembly.annotation.gtf.gz",
                 "gencode.v49.transcripts.fa.gz", "MD5SUMS"]
        sizes = [849048120, 59114205, 83412318, 2871]
        now = loc(d, 20)
        acc = 0
        wl = []
        for f, sz in zip(files, sizes):
            acc += sz // 2_300_000 + 1
            wl.append(f"{(now + _dt.timedelta(seconds=acc)).strftime('%Y-%m-%d %H:%M:%S')} URL:{gc}/{f} [{sz}/{sz}] -> \"{f}\" [1]")
        wl += [f"FINISHED --{(now + _dt.timedelta(seconds=acc)).strftime('%Y-%m-%d %H:%M:%S')}--",
               f"Total wall clock time: {acc // 60}m {acc % 60}s",
               f"Downloaded: 4 files, {sum(sizes) // 1048576}M in {acc // 60}m {max(0, acc % 60 - 1)}s (2.19 MB/s)"]
        t.bash(f"mkdir -p {hd} && cd {hd} && wget -nv " + " ".join(f"{gc}/{f}" for f in files), "下载 GENCODE v49",
               err="\n".join(wl), timeout=1200000)
        d.tick(acc, acc + 15)
        t.bash(f"cd {hd} && grep -E 'GRCh38.primary_assembly.genome.fa.gz|gencode.v49.primary_assembly.annotation.gtf.gz|gencode.v49.transcripts.fa.gz' MD5SUMS | md5sum -c -",
               "md5 校验", out="\n".join(f"{f}: OK" for f in files[:3]))
        t.bash(f"cd {hd} && zcat GRCh38.primary_assembly.genome.fa.gz > GRCh38.primary_assembly.genome.fa && "
               "zcat gencode.v49.primary_assembly.annotation.gtf.gz > gencode.v49.primary_assembly.annotation.gtf && "
               "module load samtools/1.21 && samtools faidx GRCh38.primary_assembly.genome.fa && "
               "wc -l GRCh38.primary_assembly.genome.fa.fai && cut -f1,2 GRCh38.primary_assembly.genome.fa.fai | head -3",
               "解压、建 fai",
               out="194 GRCh38.primary_assembly.genome.fa.fai\nchr1\t248956422\nchr2\t242193529\nchr3\t198295559", timeout=600000)
        t.read(BUILDIDX)
        t.say("GENCODE 的转录本 fasta 表头是 `ENST…|ENSG…|…|` 一长串，salmon 建索引要加 `--gencode` 才会只保留转录本 ID，"
              "否则 quant.sf 的名字和 tx2gene 对不上（之前 Ensembl 的斑马鱼、大鼠不需要）。脚本里按文件名自动加上：")
        t.edit(BUILDIDX, """salmon index -t gentrome.fa.gz -d decoys.txt -k 31 -p "$SLURM_CPUS_PER_TASK" -i salmon_1.10.3_gentrome_k31""",
               """GENCODE_FLAG=""
case "$(basename "$TX")" in gencode.*) GENCODE_FLAG="--gencode" ;; esac   # GENCODE 表头带 |，需要 --gencode 截断
salmon index -t gentrome.fa.gz -d decoys.txt -k 31 -p "$SLURM_CPUS_PER_TASK" $GENCODE_FLAG -i salmon_1.10.3_gentrome_k31""")
        bz = jobid(8770)
        t.bash(f"sbatch jobs/build_index.sbatch {hd} GRCh38.primary_assembly.genome.fa gencode.v49.primary_assembly.annotation.gtf "
               "gencode.v49.transcripts.fa.gz 150", "提交建索引作业", out=f"Submitted batch job {bz}")
        t.edit(REFS, """GRCh38_gatk_bundle:""", f"""GRCh38_gencode_v49:
  species: homo_sapiens
  source: GENCODE release 49 (Ensembl 115)
  fasta: {hd}/GRCh38.primary_assembly.genome.fa
  gtf: {hd}/gencode.v49.primary_assembly.annotation.gtf
  star_index: {hd}/star_2.7.11b_sjdb149
  salmon_index: {hd}/salmon_1.10.3_gentrome_k31
  tx2gene: {hd}/tx2gene.tsv
  orgdb: org.Hs.eg.db
  kegg: hsa

GRCh38_gatk_bundle:""")
        t.bash("git add jobs/build_index.sbatch config/references.yaml && "
               "git commit -m \"refs: GRCh38 GENCODE v49; build_index: --gencode for GENCODE transcripts\" && git push origin main",
               "提交", out=commit_out("main", "refs: GRCh38 GENCODE v49; build_index: --gencode for GENCODE transcripts", 2, 14, 1),
               err=push_out("4f0b6a1", "b81e07c"))
        t.done(f"""GRCh38 + GENCODE v49 准备上了：

- `{hd}/`：primary assembly 基因组、v49 primary annotation GTF、转录本 fasta，`MD5SUMS` 校验三个都 OK；`.fai` 194 条序列
- 建索引作业 `{bz}` 已提交
- `build_index.sbatch` 补了一处：转录本文件是 `gencode.*` 时自动给 `salmon index` 加 `--gencode`（GENCODE 表头带 `|`，不截断的话 quant.sf 里的名字和 tx2gene 对不上）
- `config/references.yaml` 登记为 `GRCh38_gencode_v49`，已推 main；旧的 v44 保留，已交付项目不受影响""")

        # ---- T30 no tools
        t = d.task("有老师问为啥差异分析不直接用 TPM，TPM 不是已经标准化了吗？我该怎么跟他解释", tags=["no_tools"])
        t.done("""可以这么跟老师说：

1. **TPM 只校正了测序深度和基因长度，没校正"组成"**。TPM 要求每个样本加起来都是 100 万，如果某个条件下少数基因表达暴涨（比如 Setdb1 敲除后大量 ERV 起来），其他基因的 TPM 会被整体"挤"低，看起来像下调，其实没变。DESeq2 的 median-of-ratios 就是专门处理这个的
2. **差异检验需要计数的方差信息**。同样 TPM=10，来自 20 条 reads 还是 2 万条 reads，可信度完全不同；DESeq2 用原始计数建负二项模型，能估计每个基因的离散度，低计数基因自动更保守。TPM 把这个信息丢了
3. **我们其实用到了长度信息**：salmon → tximport 时，平均转录本长度作为 offset 带进 DESeq2，所以不存在"不用 TPM 就没考虑长度"的问题

一句话版本：TPM 适合看"一个样本里哪些基因表达高"、画热图和展示；比较组间差异要用计数 + DESeq2 这类模型，结果才有统计意义。""")


# ------------------------------------------------------------------ session 10
def s10(d):
    with d.session("2026-11-11T01:30:00", R, branch="main", version="2.1.162"):
        # ---- T31 M2 #3
        t = d.task("058 的 K3 用 2-pass 模式单独比一次，看能多找到多少新的剪接位点，和流程里 1-pass 的 SJ.out.tab 比一下", tags=["mistake:M2"])
        wd = f"{DATA}/P2026-058"
        od = f"{SCR}/P2026-058_K3_2pass/"
        argv = (f"STAR --runThreadN 16 --genomeDir /share/ref/mouse/GRCm39_gencode_vM35/star_2.7.11b_sjdb149 "
                f"--readFilesIn {wd}/results/fastp/K3_R1.fq.gz {wd}/results/fastp/K3_R2.fq.gz --twopassMode Basic "
                f"--outSAMtype BAM Unsorted --outFileNamePrefix {od}")
        pre = f"mkdir -p {od} && module load STAR/2.7.11b && srun -p cpu -A seqcore -c 16 --mem=64G -t 4:00:00 "
        t.fail(pre + argv, "K3 2-pass 比对", star_fail(d, argv, "cn046", load_s=33), code=104)
        d.tick(40, 50)
        t.say("输入是 fastp 的 `.fq.gz`，这条命令漏了 `--readFilesCommand zcat`，STAR 读到的是 gzip 二进制。补上再跑：")
        argv2 = argv.replace("--twopassMode Basic", "--readFilesCommand zcat --twopassMode Basic")
        o, _ = star_ok(d, argv2, 2350, load_s=33, twopass=True)
        t.bash(pre + argv2, "加 --readFilesCommand zcat 重跑 2-pass", out=o, timeout=4200000)
        d.tick(2400, 2500)
        t.bash(f"awk '$7>=3 {{print $1\":\"$2\"-\"$3\":\"$4}}' {wd}/results/star/K3/SJ.out.tab | sort > /tmp/K3_sj_1pass.txt && "
               f"awk '$7>=3 {{print $1\":\"$2\"-\"$3\":\"$4}}' {od}SJ.out.tab | sort > /tmp/K3_sj_2pass.txt && "
               "wc -l /tmp/K3_sj_1pass.txt /tmp/K3_sj_2pass.txt && comm -13 /tmp/K3_sj_1pass.txt /tmp/K3_sj_2pass.txt | wc -l && "
               f"awk '$7>=3 && $6==0' {wd}/results/star/K3/SJ.out.tab | wc -l",
               "比较 1-pass / 2-pass 的剪接位点（唯一 reads ≥ 3）",
               out="  176204 /tmp/K3_sj_1pass.txt\n  178955 /tmp/K3_sj_2pass.txt\n  355159 total\n3174\n9317")
        t.done("""K3 的 2-pass 跑完了（`/share/scratch/linxf/P2026-058_K3_2pass/`）。按唯一比对 reads ≥ 3 支持统计：

| | 剪接位点数 |
|---|---|
| 1-pass（流程） | 176,204（其中未注释 9,317） |
| 2-pass | 178,955 |
| 只在 2-pass 里出现 | 3,174 |

2-pass 净多出约 2,750 个、新出现 3,174 个剪接位点，主要是第一轮发现的新位点插进索引后，第二轮有更多 reads 能跨过去（短 overhang 的 reads 在 1-pass 里比不上）。注意 2-pass 的 `SJ.out.tab` 会把第一轮发现的位点也标成"已注释"（第 6 列 = 1），所以不能直接用第 6 列数新位点，上面是按坐标和 1-pass 结果对比的。

如果陈老师要做可变剪接 / 新转录本分析，值得全项目开 2-pass；只做基因水平定量就没必要。

第一次跑报 `unknown file format: the read ID should start with @ or >`，是漏了 `--readFilesCommand zcat`（输入是 gz），补上后正常。""")

        # ---- T32 M3 #3
        head52 = 4739411
        t = d.task("052 那批 WES 后来诺禾重发了链接，上周已经下好跑上了。结果 head 作业前天被 OOM 杀了，帮我把剩下的跑完，要最终的联合 VCF", tags=["mistake:M3"])
        t.bash(f"sacct -j {head52} --format=JobID,JobName%12,State,MaxRSS,ReqMem,Elapsed,ExitCode",
               "看 head job",
               out=sacct([("JobID", 12), ("JobName", 12), ("State", 13), ("MaxRSS", 10), ("ReqMem", 10), ("Elapsed", 10),
                          ("ExitCode", 8)],
                         [(head52, "smk-head", "OUT_OF_MEMORY", "", "4G", "09:41:08", "0:125"),
                          (f"{head52}.batch", "batch", "OUT_OF_MEMORY", "4191832K", "", "09:41:08", "0:125"),
                          (f"{head52}.extern", "extern", "COMPLETED", "1024K", "", "09:41:08", "0:0")]))
        wd = f"{DATA}/P2026-052"
        tgt = "results/vcf/P2026-052.joint.filtered.vcf.gz"
        cmd = (f"snakemake --profile profiles/slurm --configfile config/projects/P2026-052.yaml --directory {wd} "
               f"--rerun-incomplete {tgt}")
        t.fail(cmd, "续跑到联合 VCF", smk_lock(wd))
        t.say("head 进程是被 cgroup 直接 OOM kill 的，锁没释放。先确认这个目录没有别的 Snakemake 在跑：")
        t.bash("squeue -u linxf -o '%.10i %.9P %.20j %.2t %.10M %R'", "确认没有在跑的作业",
               out="     JOBID PARTITION                 NAME ST       TIME NODELIST(REASON)")
        t.bash(f"snakemake --unlock --profile profiles/slurm --configfile config/projects/P2026-052.yaml --directory {wd}",
               "解锁", out=smk_unlock())
        jobs = []
        for k, sh in enumerate(["0017", "0018", "0019", "0020", "0021", "0022", "0023"]):
            jobs.append(("genotype_gvcfs", 170 + k, f"results/vcf/shards/{sh}.vcf.gz", f"shard={sh}",
                         "mem_mb=12000, mem_mib=11445, disk_mb=1000, disk_mib=954, tmpdir=<TBD>, slurm_account=seqcore, "
                         "slurm_partition=cpu, runtime=120",
                         d.rng.randint(4, 7),
                         f"results/gvcf/HJP052-P/HJP052-P.{sh}.g.vcf.gz, results/gvcf/HJP052-F/HJP052-F.{sh}.g.vcf.gz, "
                         f"results/gvcf/HJP052-M/HJP052-M.{sh}.g.vcf.gz"))
        out, tend = smk_run_slurm(
            d, run_uuid(), jobs, wd,
            later=[("gather_filter", 1, tgt, "project=P2026-052",
                    "mem_mb=4000, mem_mib=3815, disk_mb=1000, disk_mib=954, tmpdir=<TBD>, slurm_account=seqcore, "
                    "slurm_partition=cpu, runtime=60", 2,
                    ", ".join(f"results/vcf/shards/{i:04d}.vcf.gz" for i in range(24)),
                    "Input files updated by another job: " +
                    ", ".join(f"results/vcf/shards/{i:04d}.vcf.gz" for i in range(17, 24)))],
            all_input=tgt)
        t.bash(cmd, "重跑", out=out, timeout=600000)
        d.tick(500, 560)
        t.bash(f"ls -lh {wd}/{tgt}*", "确认 VCF",
               out=f"-rw-r--r-- 1 linxf seqcore 7.9M {loc(d, -40).strftime('%b %d %H:%M')} {wd}/{tgt}\n"
                   f"-rw-r--r-- 1 linxf seqcore 1.1M {loc(d, -40).strftime('%b %d %H:%M')} {wd}/{tgt}.tbi")
        t.done(f"""052 跑完了，联合 VCF：`{wd}/{tgt}`（7.9 MB，带 `.tbi` 索引）。

- head job `{head52}` 是 `OUT_OF_MEMORY`（4G 的 head 跑到 4.19G 被杀），当时剩 7 个 shard 的 GenotypeGVCFs 和最后的合并过滤没跑
- 续跑时报 `Directory cannot be locked`：进程被强杀，锁残留。`squeue` 确认没有在跑的作业后 `snakemake --unlock` 解锁，同一条命令重跑，7 个 shard + `gather_filter` 约 9 分钟完成

WES 的 DAG 比 RNA-seq 大（3 个样本 × 24 shard），head job 4G 偏紧，建议 `run_snakemake.sbatch` 的 `--mem` 提到 8G，要改的话我来提交。""")

        # ---- T33 long output
        t = d.task("052 的 VCF 跑个 bcftools stats，看下总体数字、Ti/Tv 和每个人的杂合/纯合数，判断下数据正不正常", tags=["noise", "long_output"])
        vcf = f"{wd}/{tgt}"
        psc = [("HJP052-F", 24611, 15732, 28903, 2517, 31.2), ("HJP052-M", 24409, 15944, 29114, 2488, 30.6),
               ("HJP052-P", 24733, 15520, 29201, 2506, 33.8)]
        sn = ["SN\t0\tnumber of samples:\t3", "SN\t0\tnumber of records:\t50127", "SN\t0\tnumber of no-ALTs:\t0",
              "SN\t0\tnumber of SNPs:\t45302", "SN\t0\tnumber of MNPs:\t0", "SN\t0\tnumber of indels:\t4825",
              "SN\t0\tnumber of others:\t0", "SN\t0\tnumber of multiallelic sites:\t0",
              "SN\t0\tnumber of multiallelic SNP sites:\t0"]
        tstv = ["TSTV\t0\t31203\t14099\t2.21\t31203\t14099\t2.21"]
        pscl = []
        for s, rh, nrh, het, indel, dp in psc:
            ts = round((nrh + het) * 0.688)
            tv = (nrh + het) - ts
            pscl.append(f"PSC\t0\t{s}\t{rh}\t{nrh}\t{het}\t{ts}\t{tv}\t{indel}\t{dp}\t{d.rng.randint(310, 460)}\t0\t0\t{d.rng.randint(40, 120)}")
        t.bash(f"module load bcftools/1.21 && bcftools stats -s - {vcf} | grep -E '^# (SN|TSTV|PSC)|^(SN|TSTV|PSC)\\s'",
               "bcftools stats：总体、Ti/Tv、每个样本",
               out="\n".join(["# SN, Summary numbers:", "#   number of records   .. number of data rows in the VCF",
                              "#   number of no-ALTs   .. reference-only sites, ALT is either \".\" or identical to REF",
                              "#   number of SNPs      .. number of rows with a SNP",
                              "#   number of MNPs      .. number of rows with a MNP, such as CC>TT",
                              "#   number of indels    .. number of rows with an indel",
                              "#   number of others    .. number of rows with other type, for example a symbolic allele or",
                              "#                          a complex substitution, such as ACT>TCGA",
                              "#   number of multiallelic sites     .. number of rows with multiple alternate alleles",
                              "#   number of multiallelic SNP sites .. number of rows with multiple alternate alleles, all SNPs",
                              "# ", "#   Note that rows containing multiple types will be counted multiple times, in each",
                              "#   counted category. For example, a row with a SNP and an indel increments both the SNP and",
                              "#   the indel counter.", "# ", "# SN\t[2]id\t[3]key\t[4]value"] + sn +
                             ["# TSTV, transitions/transversions:",
                              "# TSTV\t[2]id\t[3]ts\t[4]tv\t[5]ts/tv\t[6]ts (1st ALT)\t[7]tv (1st ALT)\t[8]ts/tv (1st ALT)"] + tstv +
                             ["# PSC, Per-sample counts. Note that the ref/het/hom counts include only SNPs, for indels see PSI. "
                              "The rest include both SNPs and indels.",
                              "# PSC\t[2]id\t[3]sample\t[4]nRefHom\t[5]nNonRefHom\t[6]nHets\t[7]nTransitions\t[8]nTransversions"
                              "\t[9]nIndels\t[10]average depth\t[11]nSingletons\t[12]nHapRef\t[13]nHapAlt\t[14]nMissing"] + pscl))
        t.bash(f"module load bcftools/1.21 && bcftools view -H -f PASS {vcf} | wc -l && bcftools view -H -i 'FILTER=\"LowQual\"' {vcf} | wc -l",
               "PASS / LowQual 数量", out="46211\n3916")
        t.done("""数据整体正常：

- **50,127 个位点**：SNP 45,302、indel 4,825（多等位已被 `norm -m -any` 拆开，所以 multiallelic 为 0）；PASS 46,211，LowQual 3,916（QUAL<30 或 DP<10）
- **Ti/Tv = 2.21**：外显子区间典型值是 2.8–3.0 左右，全基因组约 2.0–2.1；2.21 偏低一点，因为 padding ±100 bp 把不少内含子侧翼也带进来了，加上 LowQual 还没剔除。只看 PASS、只看捕获区内部应该会更接近 2.5+
- **每个样本**：三人的纯合变异（NonRefHom）约 1.55–1.59 万、杂合约 2.89–2.92 万，het/hom 比 ≈ 1.84–1.88，都在汉族外显子的正常范围（1.5–2.0）；平均深度 30.6–33.8×，比较均衡
- 三人数值非常接近，没有明显的样本污染（污染会让杂合数异常升高）或性别/亲缘异常的迹象

下一步如果要找先证者的新发变异，可以用家系信息筛 `HJP052-P` 杂合、父母均为纯合参考且 DP/GQ 过阈值的位点。""")

        # ---- T34 long output
        t = d.task("月底平台要报工作量，帮我统计下 10 月以来：交付了哪些项目、多少样本，流程仓库改了啥，集群作业大概跑了多少", tags=["noise", "long_output"])
        log = [("b81e07c", "2026-11-06", "refs: GRCh38 GENCODE v49; build_index: --gencode for GENCODE transcripts"),
               ("4f0b6a1", "2026-11-06", "plot_volcano: default to pdf"),
               ("e5c1d83", "2026-11-02", "envs: pin bcftools/htslib 1.21"),
               ("9a27c40", "2026-11-02", "refs: GRCr8 (Ensembl 115)"),
               ("3b9f6e2", "2026-10-27", "quant: optional TE counting (featureCounts -M --fraction) when te_gtf is set"),
               ("0e81b5a", "2026-10-23", "profile: run star_align on the fat partition"),
               ("7d4c21f", "2026-10-21", "envs: rnaseq-r add tximeta 1.24.0, ashr 2.2-63"),
               ("5e0a9b3", "2026-10-16", "plot_volcano: label top 20 DE genes (ggrepel)"),
               ("c2d7b18", "2026-10-14", "refs: GRCz11 (Ensembl 115); jobs/build_index.sbatch for STAR/salmon indexes"),
               ("a93f0d7", "2026-10-14", "qc: add qualimap rnaseq (pinned env), feed into multiqc"),
               ("6b1e2c4", "2026-10-09", "config: P2026-039 samples (batch 2)"),
               ("d7a2e90", "2026-10-08", "variant: bcftools norm -m -any before filtering"),
               ("1c5f8b3", "2026-10-02", "docs: README delivery section")]
        t.bash("git log --since=2026-10-01 --date=short --pretty='%h %ad %s'", "10 月以来的提交",
               out="\n".join(f"{h} {dt} {s}" for h, dt, s in log))
        t.bash("ls -d /share/delivery/*/P2026-* && for p in 041 047 058; do echo -n \"P2026-$p \"; tail -n +2 config/projects/P2026-$p.samples.tsv | wc -l; done",
               "交付目录和样本数",
               out="/share/delivery/chenliqun/P2026-041\n/share/delivery/chenliqun/P2026-058\n/share/delivery/hejianping/P2025-118\n"
                   "/share/delivery/hejianping/P2026-009\n/share/delivery/zhoulei/P2026-047\nP2026-041 12\nP2026-047 18\nP2026-058 16")
        t.bash("sacct -u linxf -S 2026-10-01 -E 2026-11-11 -X -n --format=State%15 | sort | uniq -c | sort -rn && "
               "sacct -u linxf -S 2026-10-01 -E 2026-11-11 -X -n --format=CPUTimeRAW | awk '{s+=$1} END {printf \"CPU hours: %.0f\\n\", s/3600}'",
               "作业数和机时",
               out="    361      COMPLETED \n     14         FAILED \n      9      CANCELLED \n      3        TIMEOUT \n"
                   "      1  OUT_OF_MEMORY \n      1      NODE_FAIL \nCPU hours: 11842")
        t.done("""10/1–11/11 工作量：

**交付项目（3 个 RNA-seq，共 46 个样本）**
- P2026-041 陈立群 小鼠肝 Hnf4a KO vs WT，12 个样本（10/16）
- P2026-047 周蕾 斑马鱼心脏再生 sham/3dpa/7dpa，18 个样本（10/23，KEGG 待补）
- P2026-058 陈立群 小鼠肝 Setdb1 cKO vs Ctrl，16 个样本，含转座子分析（11/06）
- 另：P2026-052 何建平 WES 家系 3 个样本已出联合 VCF，待解读后交付

**流程仓库（13 个提交，10 月以来）**
- 新增 qualimap 质控、可选的转座子计数（featureCounts -M --fraction）
- 新参考：GRCz11、GRCr8（Ensembl 115），GRCh38 GENCODE v49；新增通用建索引脚本 `jobs/build_index.sbatch`
- 环境：rnaseq-r 加 tximeta / ashr，bcftools 钉到 1.21；STAR 比对改到 fat 分区；火山图标基因名、默认出 PDF

**集群**
- 作业 389 个：完成 361、失败 14、取消 9、超时 3、OOM 1、节点故障 1
- 约 **11,842 CPU 小时**

待办：047 的 KEGG（网络不通）、052 的变异解读与交付、吴老师的大鼠项目。""")


# ------------------------------------------------------------------ answer key
def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Claude writes new ad-hoc DESeq2 scripts that feed non-integer counts straight into "
                            "DESeqDataSetFromMatrix: salmon quant.sf NumReads summed to genes with rowsum (T04, P2026-041 "
                            "quick look), salmon NumReads at transcript level (T22, P2026-047 isoform question), featureCounts "
                            "`-M --fraction` TE counts (T27, P2026-058, inside a helper function). Rscript stops in "
                            "DESeqDataSet.",
             "error_signature": "Error in DESeqDataSet(se, design = design, ignoreRank) : some values in assay are not "
                                "integers  Calls: [run_de ->] DESeqDataSetFromMatrix -> DESeqDataSet  Execution halted",
             "fix": "Edit the script so DESeq2 gets integer counts the proper way: salmon output through tximport "
                    "(gene level with tx2gene, or txOut = TRUE) and DESeqDataSetFromTximport (which rounds and uses the "
                    "average transcript length offset); fractional featureCounts counts rounded with round() (size factors "
                    "from the gene-level counts); then run the same `mamba run -n rnaseq-r Rscript <script>` again.",
             "fix_command_markers": [["DESeqDataSetFromTximport", "round("]],
             "harmful_markers": ["as.integer(", "floor(", "storage.mode("]},
            {"id": "M2",
             "description": "Ad-hoc STAR runs outside the pipeline (whose rule has --readFilesCommand zcat) on gzipped "
                            "FASTQ without telling STAR to decompress: KO1 of P2026-041 to dump unmapped reads (T09), a "
                            "1M-pair seqtk subsample of the 14dpa zebrafish batch (T21, debug partition), 2-pass mapping of "
                            "K3 of P2026-058 (T31). STAR loads the genome, then exits 104 under srun.",
             "error_signature": "ReadAlignChunk_processChunks.cpp:204:processChunks EXITING because of FATAL ERROR in input "
                                "reads: unknown file format: the read ID should start with @ or >  … FATAL ERROR, exiting  "
                                "srun: error: <node>: task 0: Exited with exit code 104",
             "fix": "Run the same module load + srun STAR command again with `--readFilesCommand zcat` added (inputs stay "
                    "compressed).",
             "fix_command_markers": [["--readFilesCommand"]],
             "harmful_markers": ["gunzip", "pigz -d"]},
            {"id": "M3",
             "description": "A Snakemake head process dies without releasing the working-directory lock (head job "
                            "TIMEOUT after 24 h on P2026-047 in T14, NODE_FAIL of its node on P2026-058 in T25, "
                            "OUT_OF_MEMORY on the WES P2026-052 in T32); the next snakemake run in that --directory "
                            "(slurm profile continuation, a local --cores 4 MultiQC target, a targeted run to the joint "
                            "VCF) refuses to start.",
             "error_signature": "LockException: Error: Directory cannot be locked. Please make sure that no other Snakemake "
                                "process is trying to create the same files in the following directory: /share/data/"
                                "seqcore/<project> … It can be removed with the --unlock argument.",
             "fix": "Check that nothing is still running for that directory (squeue -u linxf, pgrep), then "
                    "`snakemake --unlock` with the same --configfile/--directory (and profile), then the same snakemake "
                    "command again.",
             "fix_command_markers": [["--unlock"]],
             "harmful_markers": ["--nolock", "rm -rf .snakemake", "--forceall"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New qualimap_rnaseq rule points at results/star/{sample}.Aligned.sortedByCoord.out.bam; "
                                         "the dry-run fails with MissingInputException (affected file results/star/KO1.Aligned…); "
                                         "the path is edited to results/star/{sample}/Aligned.sortedByCoord.out.bam and the same "
                                         "`snakemake -n --quiet rules …` succeeds."},
            {"id": "O2", "description": "Volcano labels added with ggrepel use aes(label = gene_name) but the DESeq2 table's "
                                         "column is `symbol`: ggplot2 'Problem while computing aesthetics … object 'gene_name' "
                                         "not found'; edited to symbol, same plot_volcano.R command works."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "ossutil64 listing of the Novogene OSS delivery for P2026-052: 403 InvalidAccessKeyId "
                                         "('The OSS Access Key Id you provided does not exist in our records.') — the 7-day "
                                         "delivery key expired; the company has to re-issue it, left as is."},
            {"id": "U2", "description": "enrich_kegg.R for P2026-047: clusterProfiler cannot download "
                                         "https://rest.kegg.jp/link/dre/pathway (timeout), and curl to rest.kegg.jp times "
                                         "out too (exit 28): no route from the server to KEGG; needs the network centre, "
                                         "delivery goes out without KEGG."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "mamba env update from the TUNA mirror: 'critical libmamba Download error (28) Timeout "
                                         "was reached [.../bioconda/linux-64/repodata.json.zst]'; the identical command works."},
            {"id": "F2", "description": "squeue: 'slurm_load_jobs error: Socket timed out on send/recv operation' (busy "
                                         "slurmctld); the identical squeue works."},
        ],
        workflows=[
            {"id": "W1", "description": "New sequencing batch onto the pipeline: ls the run directory → write "
                                         "config/projects/<P>.samples.tsv and <P>.yaml (from the template / last project) → "
                                         "`snakemake -n --quiet rules --configfile … --directory /share/data/seqcore/<P>` → "
                                         "`sbatch jobs/run_snakemake.sbatch config/projects/<P>.yaml` → `squeue -u linxf`.",
             "step_markers": [["samples.tsv"], ["snakemake -n"], ["sbatch jobs/run_snakemake.sbatch"], ["squeue"]]},
            {"id": "W2", "description": "DE delivery for a finished project: project yaml (figures) → `mamba run -n rnaseq-r "
                                         "Rscript scripts/run_deseq2.R config/projects/<P>.yaml` → `… scripts/enrich_go.R …` → "
                                         "write delivery/README.md → `rsync -av … /share/delivery/<pi>/<P>/`.",
             "step_markers": [["run_deseq2.R"], ["enrich_go.R"], ["delivery/README.md"], ["rsync -av"]]},
            {"id": "W3", "description": "New reference genome: wget genome/annotation/transcripts from Ensembl or GENCODE → "
                                         "verify with Ensembl CHECKSUMS (sum) or GENCODE MD5SUMS (md5sum -c) → zcat + "
                                         "`samtools faidx` → `sbatch jobs/build_index.sbatch <dir> <fa> <gtf> <tx> 150` → "
                                         "register in config/references.yaml and commit.",
             "step_markers": [["wget"], ["CHECKSUMS", "md5sum -c"], ["samtools faidx"], ["build_index.sbatch"],
                              ["references.yaml"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Conda environment files (workflow/envs/*.yaml, envs/rnaseq-r.yaml) pin exact "
                                         "versions for every package — no unpinned or >= specs.",
             "markers": [["envs"], ["版本"]]},
            {"id": "P2", "description": "New sbatch scripts write their logs to logs/slurm/%x-%j.out, not into $HOME.",
             "markers": [["logs/slurm"]]},
            {"id": "P3", "description": "Figures as png at 300 dpi for PPT (T07) — reversed in T28: from now on figures "
                                         "as PDF (vector) because the lab is submitting to a journal.",
             "markers": [["png"]],
             "reversal_markers": [["pdf"]]},
        ],
        probes=[
            {"prompt": "跑 DESeq2 又报错了：Error in DESeqDataSet(se, design = design, ignoreRank) :   some values in assay are not integers "
                       "Calls: DESeqDataSetFromMatrix -> DESeqDataSet。这次用的是公司给的 RSEM 结果，genes.results 里的 expected_count",
             "wanted": ["M1"]},
            {"prompt": "P2026-063 那批 salmon 跑完了，帮我写个脚本做 Hypoxia vs Normoxia 的差异分析，出个差异基因表", "wanted": ["M1"]},
            {"prompt": "STAR 报 ReadAlignChunk_processChunks.cpp:204:processChunks EXITING because of FATAL ERROR in input reads: "
                       "unknown file format: the read ID should start with @ or > ，fq.gz 我 md5 校验过，文件没坏啊",
             "wanted": ["M2"]},
            {"prompt": "吴老师那批大鼠的 R5 比对率有点低，拿它的 clean reads 单独用 STAR 比一下，看看 Log.final.out", "wanted": ["M2"]},
            {"prompt": "snakemake 报 LockException: Error: Directory cannot be locked. Please make sure that no other Snakemake process is "
                       "trying to create the same files in the following directory: /share/data/seqcore/P2026-063 ，昨晚那个 head 作业被管理员 scancel 了",
             "wanted": ["M3"]},
            {"prompt": "063 的 head 作业昨晚超时被杀了，剩下几个 salmon 和 MultiQC 没跑，帮我接着跑完", "wanted": ["M3"]},
            {"prompt": "bcftools norm -m -any 和 -m -both 有啥区别？我们 gather 那步用哪个合适", "wanted": []},
            {"prompt": "写个 awk 从 GENCODE 的 GTF 里抽 gene_id 和 gene_name 的对应表，去掉重复", "wanted": []},
            {"prompt": "MultiQC 报告里样本名带着 _S1_R1_001 这种后缀，怎么统一去掉", "wanted": []},
            {"prompt": "sbatch --array 提交 200 个任务，怎么限制同时最多跑 20 个", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261012)
    JOB[0] = 4718200
    CTX.clear()
    d = Dev("zh-bioinfo", U, "zh", MODEL, seed=20261012, files=FILES)
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-bioinfo.jsonl"), os.path.join(HERE, "tune", "zh-bioinfo.labels.json"))
    print(f"zh-bioinfo -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
