"""dvc-ml: Priyanka, data scientist on Plover's account churn model.

Stack: Python 3.12 project managed with uv (src/churn package, dependency groups dev + notebooks), polars for
feature building, pandas at the LightGBM / scikit-learn boundary, LightGBM 4.6, a DVC 3 pipeline
(featurize -> split -> train -> evaluate -> report) with an S3 remote, DVC experiments (exp run / queue / show),
MLflow tracking + model registry on a shared server, Jupyter notebooks executed with papermill and nbconvert,
pre-commit (pre-commit-hooks incl. check-added-large-files, ruff check/format, nbstripout), pytest, GitHub + gh,
aws cli for the CS hand-off bucket.

Written blind for fresh/; measured once held out (round 9), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import datetime as _dt
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "priyanka"
R = "/home/priyanka/work/churn-model"
MODEL = "claude-opus-4-6"
GH = "https://github.com/plover-data/churn-model"
SP = f"{R}/.venv/lib/python3.12/site-packages"
PYLIB = "/home/priyanka/.local/share/uv/python/cpython-3.12.12-linux-x86_64-gnu/lib/python3.12"
MLF = "https://mlflow.plover.internal"
S3 = "s3://plover-ml-dvc/churn-model"

# own RNG for hashes so the Dev RNG stays untouched
HX = random.Random(20261012)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


def line_of(d, path, needle):
    text = d.files[path]
    return text[:text.index(needle)].count("\n") + 1


# ---------------------------------------------------------------- output helpers

PC_COLS = 80
HOOKS = ["check yaml", "fix end of files", "trim trailing whitespace", "check for added large files",
         "ruff check", "ruff format", "nbstripout"]


def _pc_line(name, status, postfix=""):
    dots = "." * (PC_COLS - len(name) - len(postfix) - len(status) - 1)
    return f"{name}{dots}{postfix}{status}"


def precommit(run, failed=None):
    """pre-commit output; run = hook names that had files, failed = {hook name: (hook id, text)}."""
    failed = failed or {}
    out = []
    for name in HOOKS:
        if name in failed:
            hid, text = failed[name]
            out += [_pc_line(name, "Failed"), f"- hook id: {hid}", "- exit code: 1", "", text, ""]
        elif name in run or name == "check for added large files":
            out.append(_pc_line(name, "Passed"))
        else:
            out.append(_pc_line(name, "Skipped", "(no files to check)"))
    return "\n".join(out).rstrip("\n")


TEXT = {"fix end of files", "trim trailing whitespace"}
PYH = TEXT | {"ruff check", "ruff format"}
YML = TEXT | {"check yaml"}


def large(files):
    """check-added-large-files failure block; files = [(path, kb)]."""
    return "check for added large files", ("check-added-large-files",
                                           "\n".join(f"{p} ({kb} KB) exceeds 1024 KB." for p, kb in files))


def commit_out(branch, msg, nfiles, ins, dels=0, creates=(), sha=None):
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
            f"To github.com:plover-data/churn-model.git\n * [new branch]      {branch} -> {branch}\n"
            f"branch '{branch}' set up to track 'origin/{branch}'.")


def push_main(old, new, branch="main"):
    return f"To github.com:plover-data/churn-model.git\n   {old}..{new}  {branch} -> {branch}"


DVC_TAIL = """To track the changes with git, run:

\tgit add dvc.lock

To enable auto staging, run:

\tdvc config core.autostage true
Use `dvc push` to send your updates to remote storage."""

FEAT = "uv run python -m churn.features"
SPLIT = "uv run python -m churn.split"
TRAIN = "uv run python -m churn.train"
EVAL = "uv run python -m churn.evaluate"


def report_cmd(month):
    return (f"uv run papermill notebooks/model_report.ipynb reports/model_report.ipynb -k python3 "
            f"-p month {month}")


def papermill_ok(nb_in, nb_out, cells, secs, params=True, extra=""):
    lines = [f"Input Notebook:  {nb_in}", f"Output Notebook: {nb_out}"]
    if params:
        lines.append("Black is not installed, parameters wont be formatted")
    rate = f"{secs / cells:.2f}s/cell" if secs / cells >= 1 else f"{cells / secs:.2f}cell/s"
    lines.append(f"Executing:   0%|          | 0/{cells} [00:00<?, ?cell/s]Executing notebook with kernel: python3")
    if extra:
        lines.append(extra)
    lines.append(f"Executing: 100%|██████████| {cells}/{cells} [00:{secs:02d}<00:00, {rate}]")
    return "\n".join(lines)


def repro(steps, ok=True, tail=True):
    """dvc repro / exp run body. steps: ('dvcfile', path) | ('skip', stage) | ('run', stage, cmd, out)
    | ('fail', stage, cmd, out)."""
    lines = []
    for st in steps:
        if st[0] == "dvcfile":
            lines.append(f"'{st[1]}' didn't change, skipping")
        elif st[0] == "skip":
            lines.append(f"Stage '{st[1]}' didn't change, skipping")
        elif st[0] == "run":
            lines += [f"Running stage '{st[1]}':", f"> {st[2]}"]
            if st[3]:
                lines.append(st[3])
            lines += ["Updating lock file 'dvc.lock'", ""]
        elif st[0] == "fail":
            lines += [f"Running stage '{st[1]}':", f"> {st[2]}"]
            if st[3]:
                lines.append(st[3])
            lines.append(f"ERROR: failed to reproduce '{st[1]}': failed to run: {st[2]}, exited with 1")
    if ok and tail:
        lines.append(DVC_TAIL)
    return "\n".join(lines).rstrip("\n")


def feat_out(rows, n_feat, rate, snaps=6):
    return f"features: {rows:,} rows ({snaps} snapshots) x {n_feat} features, churn rate {rate} -> data/features/features.parquet"


def split_out(tr, va, te):
    return f"split: train {tr:,} rows (4 snapshots) / valid {va:,} / test {te:,} -> data/split"


def train_out(curve, best, run, exp="7"):
    """curve = [(iter, ap, auc)], best = (iter, ap, auc), run = (name, id)."""
    lines = ["Training until validation scores don't improve for 100 rounds"]
    for it, ap, auc in curve:
        lines.append(f"[{it}]\tvalid's average_precision: {ap}\tvalid's auc: {auc}")
    lines += ["Early stopping, best iteration is:",
              f"[{best[0]}]\tvalid's average_precision: {best[1]}\tvalid's auc: {best[2]}",
              f"🏃 View run {run[0]} at: {MLF}/#/experiments/{exp}/runs/{run[1]}",
              f"🧪 View experiment at: {MLF}/#/experiments/{exp}",
              f"saved models/model.txt (best iteration {best[0]})"]
    return "\n".join(lines)


def eval_out(pr, roc, rec, prec, brier):
    return (f"test: PR-AUC {pr}  ROC-AUC {roc}  recall@top10% {rec}  precision@top10% {prec}  brier {brier} "
            f"-> reports/metrics.json")


def runid():
    return hx(32)


def slow(t, minutes):
    """Let the next Bash call take `minutes`: the clock jumps while the command runs (between the tool_use
    line and its result), without drawing anything extra from the Dev RNG."""
    d = t.d
    orig = d.tick

    def patched(lo=2, hi=20):
        if (lo, hi) == (1, 12):
            d.tick = orig
            d.clock += _dt.timedelta(seconds=int(minutes * 60))
        orig(lo, hi)

    d.tick = patched
    return t


BST_END = _dt.datetime(2026, 10, 25, 1, 0)


def local(dt):
    """Priyanka's laptop clock (Europe/London): BST until 2026-10-25 01:00 UTC, then GMT."""
    return dt + _dt.timedelta(hours=1) if dt < BST_END else dt


def at(d, minutes=0.0, fmt="%I:%M %p"):
    return local(d.clock + _dt.timedelta(seconds=int(minutes * 60))).strftime(fmt)


def lsdate(dt):
    """ls -l date column for a local datetime (recent files)."""
    return f"{dt:%b} {dt.day:>2} {dt:%H:%M}"


def tb_frames(frames):
    """Python 3.12 traceback body from (file, line, func, code, caret) tuples."""
    out = ["Traceback (most recent call last):"]
    for f in frames:
        file, line, func, code = f[:4]
        caret = f[4] if len(f) > 4 else None
        out.append(f'  File "{file}", line {line}, in {func}')
        if code:
            out.append(f"    {code}")
            if caret:
                lead = len(code) - len(code.lstrip())
                start = code.find(caret)
                out.append("    " + " " * start + "^" * len(caret))
    return "\n".join(out)


def kernel_chain(kernel):
    """Frames from nbclient's setup_kernel down to the NoSuchKernel raise."""
    return [
        (f"{PYLIB}/contextlib.py", 137, "__enter__", "return next(self.gen)", "next(self.gen)"),
        (f"{SP}/nbclient/client.py", 600, "setup_kernel", "self.start_new_kernel(**kwargs)"),
        (f"{SP}/jupyter_core/utils/__init__.py", 165, "wrapped", "return loop.run_until_complete(inner)",
         "loop.run_until_complete(inner)"),
        (f"{PYLIB}/asyncio/base_events.py", 691, "run_until_complete", "return future.result()", "future.result()"),
        (f"{SP}/nbclient/client.py", 550, "async_start_new_kernel",
         "await ensure_async(self.km.start_kernel(extra_arguments=self.extra_arguments, **kwargs))"),
        (f"{SP}/jupyter_core/utils/__init__.py", 198, "ensure_async", "result = await obj", "await obj"),
        (f"{SP}/jupyter_client/manager.py", 96, "wrapper", "raise e"),
        (f"{SP}/jupyter_client/manager.py", 87, "wrapper", "out = await method(self, *args, **kwargs)",
         "await method(self, *args, **kwargs)"),
        (f"{SP}/jupyter_client/manager.py", 435, "_async_start_kernel",
         "kernel_cmd, kw = await self._async_pre_start_kernel(**kw)", "await self._async_pre_start_kernel(**kw)"),
        (f"{SP}/jupyter_client/manager.py", 397, "_async_pre_start_kernel", "self.kernel_spec,", "self.kernel_spec"),
        (f"{SP}/jupyter_client/manager.py", 195, "kernel_spec",
         "self._kernel_spec = self.kernel_spec_manager.get_kernel_spec(self.kernel_name)",
         "self.kernel_spec_manager.get_kernel_spec(self.kernel_name)"),
        (f"{SP}/jupyter_client/kernelspec.py", 285, "get_kernel_spec", "raise NoSuchKernel(kernel_name)"),
    ]


def papermill_nokernel(nb_in, nb_out, cells, kernel, params=True):
    head = [f"Input Notebook:  {nb_in}", f"Output Notebook: {nb_out}"]
    if params:
        head.append("Black is not installed, parameters wont be formatted")
    head.append(f"Executing:   0%|          | 0/{cells} [00:00<?, ?cell/s]")
    frames = [
        (f"{R}/.venv/bin/papermill", 10, "<module>", "sys.exit(papermill())", "papermill()"),
        (f"{SP}/click/core.py", 1462, "__call__", "return self.main(*args, **kwargs)", "self.main(*args, **kwargs)"),
        (f"{SP}/click/core.py", 1383, "main", "rv = self.invoke(ctx)", "self.invoke(ctx)"),
        (f"{SP}/click/core.py", 1246, "invoke", "return ctx.invoke(self.callback, **ctx.params)",
         "ctx.invoke(self.callback, **ctx.params)"),
        (f"{SP}/click/core.py", 814, "invoke", "return callback(*args, **kwargs)", "callback(*args, **kwargs)"),
        (f"{SP}/click/decorators.py", 34, "new_func", "return f(get_current_context(), *args, **kwargs)",
         "f(get_current_context(), *args, **kwargs)"),
        (f"{SP}/papermill/cli.py", 235, "papermill", "execute_notebook("),
        (f"{SP}/papermill/execute.py", 116, "execute_notebook",
         "nb = papermill_engines.execute_notebook_with_engine(",
         "papermill_engines.execute_notebook_with_engine("),
        (f"{SP}/papermill/engines.py", 48, "execute_notebook_with_engine",
         "return self.get_engine(engine_name).execute_notebook(nb, kernel_name, **kwargs)",
         "self.get_engine(engine_name).execute_notebook(nb, kernel_name, **kwargs)"),
        (f"{SP}/papermill/engines.py", 370, "execute_notebook",
         "cls.execute_managed_notebook(nb_man, kernel_name, log_output=log_output, **kwargs)"),
        (f"{SP}/papermill/engines.py", 442, "execute_managed_notebook",
         "return PapermillNotebookClient(nb_man, **final_kwargs).execute()",
         "PapermillNotebookClient(nb_man, **final_kwargs).execute()"),
        (f"{SP}/papermill/clientwrap.py", 43, "execute", "with self.setup_kernel(**kwargs):"),
    ] + kernel_chain(kernel)
    return "\n".join(head) + "\n" + tb_frames(frames) + \
        f"\njupyter_client.kernelspec.NoSuchKernel: No such kernel named {kernel}"


def nbconvert_nokernel(nb, to, kernel):
    ex = f"{SP}/nbconvert/exporters"
    frames = [
        (f"{R}/.venv/bin/jupyter-nbconvert", 10, "<module>", "sys.exit(main())", "main()"),
        (f"{SP}/jupyter_core/application.py", 283, "launch_instance",
         "super().launch_instance(argv=argv, **kwargs)"),
        (f"{SP}/traitlets/config/application.py", 1075, "launch_instance", "app.start()"),
        (f"{SP}/nbconvert/nbconvertapp.py", 420, "start", "self.convert_notebooks()"),
        (f"{SP}/nbconvert/nbconvertapp.py", 597, "convert_notebooks", "self.convert_single_notebook(notebook_filename)"),
        (f"{SP}/nbconvert/nbconvertapp.py", 563, "convert_single_notebook",
         "output, resources = self.export_single_notebook(", "self.export_single_notebook("),
        (f"{SP}/nbconvert/nbconvertapp.py", 487, "export_single_notebook",
         "output, resources = self.exporter.from_filename(", "self.exporter.from_filename("),
        (f"{ex}/templateexporter.py", 390, "from_filename",
         "return super().from_filename(filename, resources, **kw)  # type:ignore[return-value]",
         "super().from_filename(filename, resources, **kw)"),
        (f"{ex}/exporter.py", 201, "from_filename", "return self.from_file(f, resources=resources, **kw)",
         "self.from_file(f, resources=resources, **kw)"),
        (f"{ex}/templateexporter.py", 396, "from_file",
         "return super().from_file(file_stream, resources, **kw)  # type:ignore[return-value]",
         "super().from_file(file_stream, resources, **kw)"),
        (f"{ex}/exporter.py", 220, "from_file", "return self.from_notebook_node(", "self.from_notebook_node("),
        (f"{ex}/html.py", 284, "from_notebook_node", "html, resources = super().from_notebook_node(nb, resources, **kw)",
         "super().from_notebook_node(nb, resources, **kw)"),
        (f"{ex}/templateexporter.py", 428, "from_notebook_node",
         "nb_copy, resources = super().from_notebook_node(nb, resources, **kw)",
         "super().from_notebook_node(nb, resources, **kw)"),
        (f"{ex}/exporter.py", 154, "from_notebook_node", "nb_copy, resources = self._preprocess(nb_copy, resources)",
         "self._preprocess(nb_copy, resources)"),
        (f"{ex}/exporter.py", 353, "_preprocess", "nbc, resc = preprocessor(nbc, resc)", "preprocessor(nbc, resc)"),
        (f"{SP}/nbconvert/preprocessors/base.py", 48, "__call__", "return self.preprocess(nb, resources)",
         "self.preprocess(nb, resources)"),
        (f"{SP}/nbconvert/preprocessors/execute.py", 97, "preprocess", "with self.setup_kernel():"),
    ] + kernel_chain(kernel)
    return f"[NbConvertApp] Converting notebook {nb} to {to}\n" + tb_frames(frames) + \
        f"\njupyter_client.kernelspec.NoSuchKernel: No such kernel named {kernel}"


LGB_FATAL = "[LightGBM] [Fatal] Do not support special JSON characters in feature name."
LGB_ERR = "lightgbm.basic.LightGBMError: Do not support special JSON characters in feature name."


def lgb_construct_frames():
    return [
        (f"{SP}/lightgbm/basic.py", 2600, "construct", "self._lazy_init("),
        (f"{SP}/lightgbm/basic.py", 2180, "_lazy_init", "self.set_feature_name(feature_name)"),
        (f"{SP}/lightgbm/basic.py", 3092, "set_feature_name", "_safe_call("),
        (f"{SP}/lightgbm/basic.py", 313, "_safe_call", 'raise LightGBMError(_LIB.LGBM_GetLastError().decode("utf-8"))'),
    ]


def lgb_train_frames():
    return [
        (f"{SP}/lightgbm/engine.py", 297, "train", "booster = Booster(params=params, train_set=train_set)",
         "Booster(params=params, train_set=train_set)"),
        (f"{SP}/lightgbm/basic.py", 3656, "__init__", "train_set.construct()"),
    ] + lgb_construct_frames()


# ---------------------------------------------------------------- the repository (virtual files)

FILES = {}

FILES[P("pyproject.toml")] = '''[project]
name = "churn-model"
version = "0.9.0"
description = "90-day account churn model for Plover customer success"
readme = "README.md"
requires-python = ">=3.12,<3.13"
dependencies = [
    "polars>=1.33",
    "pandas>=2.3",
    "pyarrow>=21",
    "scikit-learn>=1.7",
    "lightgbm>=4.6",
    "mlflow>=3.4",
    "pyyaml>=6.0",
]

[dependency-groups]
dev = [
    "pytest>=8.4",
    "ruff>=0.14",
    "pre-commit>=4.3",
    "nbstripout>=0.8",
    "dvc[s3]>=3.63",
]
notebooks = [
    "papermill>=2.6",
    "nbconvert>=7.16",
    "ipykernel>=6.30",
    "matplotlib>=3.10",
]

[tool.uv]
default-groups = ["dev", "notebooks"]

[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[tool.hatch.build.targets.wheel]
packages = ["src/churn"]

[tool.pytest.ini_options]
testpaths = ["tests"]
addopts = ["-ra"]

[tool.ruff]
line-length = 110
target-version = "py312"
extend-include = ["*.ipynb"]

[tool.ruff.lint]
extend-select = ["I", "UP", "B", "NPY"]
'''

FILES[P("dvc.yaml")] = '''stages:
  featurize:
    cmd: uv run python -m churn.features
    deps:
      - data/raw
      - src/churn/features.py
    params:
      - month
      - featurize
    outs:
      - data/features/features.parquet

  split:
    cmd: uv run python -m churn.split
    deps:
      - data/features/features.parquet
      - src/churn/split.py
    params:
      - split
    outs:
      - data/split

  train:
    cmd: uv run python -m churn.train
    deps:
      - data/split
      - src/churn/train.py
    params:
      - train
    outs:
      - models/model.txt
    metrics:
      - reports/train_metrics.json:
          cache: false

  evaluate:
    cmd: uv run python -m churn.evaluate
    deps:
      - data/split
      - models/model.txt
      - src/churn/evaluate.py
    metrics:
      - reports/metrics.json:
          cache: false
    plots:
      - reports/plots/pr_curve.csv:
          x: recall
          y: precision
          cache: false

  report:
    # notebooks keep whatever kernel name their author's Jupyter had; run them on the venv's own kernel
    cmd: >-
      uv run papermill notebooks/model_report.ipynb reports/model_report.ipynb
      -k python3 -p month ${month}
    deps:
      - notebooks/model_report.ipynb
      - reports/metrics.json
      - models/model.txt
    outs:
      - reports/model_report.ipynb
'''

FILES[P("params.yaml")] = '''month: "2026-06"  # last month-end snapshot whose 90-day label window is complete

featurize:
  n_snapshots: 6
  lookback_days: 90
  min_tenure_days: 14

split:
  valid_snapshots: 1
  test_snapshots: 1

train:
  seed: 42
  learning_rate: 0.05
  num_leaves: 31
  min_child_samples: 50
  feature_fraction: 0.8
  bagging_fraction: 0.8
  bagging_freq: 1
  num_boost_round: 2000
  early_stopping_rounds: 100

score:
  top_n: 400
'''

FILES[P(".pre-commit-config.yaml")] = '''repos:
  - repo: https://github.com/pre-commit/pre-commit-hooks
    rev: v6.0.0
    hooks:
      - id: check-yaml
      - id: end-of-file-fixer
      - id: trailing-whitespace
      - id: check-added-large-files
        args: ["--maxkb=1024"]

  - repo: https://github.com/astral-sh/ruff-pre-commit
    rev: v0.14.1
    hooks:
      - id: ruff-check
        args: [--fix]
        exclude: ^reports/
      - id: ruff-format
        exclude: ^reports/

  - repo: https://github.com/kynan/nbstripout
    rev: 0.8.1
    hooks:
      - id: nbstripout
        files: ^notebooks/
'''

FILES[P("README.md")] = '''# churn-model

90-day churn propensity for Plover accounts. Customer Success gets a weekly list of the
accounts most at risk; the scoring service (owned by Wei) serves the champion model from
the MLflow registry.

## Setup

```
uv sync
uv run pre-commit install
dvc pull
```

DVC remote: `s3://plover-ml-dvc/churn-model` (needs the `ml-dev` AWS profile).
MLflow: https://mlflow.plover.internal, experiment `churn-model`.

## Pipeline

`dvc repro` runs featurize -> split -> train -> evaluate -> report. Parameters live in
`params.yaml`; `month` is the last month-end snapshot whose 90-day label window is complete.

## Weekly at-risk list

```
dvc pull data/raw.dvc
uv run python -m churn.score --as-of <sunday>
aws s3 cp exports/at_risk_<sunday>.csv s3://plover-cs-handoff/churn/
```

## Notebooks

Exploration lives in `notebooks/` (outputs stripped by nbstripout on commit). Executed
reports go to `reports/`; anything big there is tracked with DVC, not git.
'''

FILES[P("src/churn/features.py")] = '''"""Account-level features for the churn model.

One row per (account_id, snapshot_date) for the `n_snapshots` month-ends up to params
`month`. Label: churned_90d = the account churned within 90 days after the snapshot.
Everything here is polars; pandas only shows up in train/evaluate where LightGBM wants it.
"""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import polars as pl

from churn.config import load_params, month_ends

RAW = Path("data/raw")
OUT = Path("data/features/features.parquet")

ID_COLS = ["account_id", "snapshot_date"]
TARGET = "churned_90d"
LABEL_DAYS = 90


def accounts(snapshot: date) -> pl.LazyFrame:
    return (
        pl.scan_parquet(RAW / "accounts.parquet")
        .filter(pl.col("created_at").dt.date() <= snapshot)
        .filter(pl.col("churned_at").is_null() | (pl.col("churned_at").dt.date() > snapshot))
        .select(
            "account_id",
            pl.lit(snapshot).alias("snapshot_date"),
            (pl.lit(snapshot) - pl.col("created_at").dt.date()).dt.total_days().alias("tenure_days"),
            pl.col("plan_id").cast(pl.Categorical),
            "seats",
            "mrr",
            "churned_at",
        )
    )


def usage(snapshot: date, lookback_days: int) -> pl.LazyFrame:
    last30 = pl.col("day") > snapshot - timedelta(days=30)
    return (
        pl.scan_parquet(RAW / "usage_daily.parquet")
        .filter(pl.col("day").is_between(snapshot - timedelta(days=lookback_days), snapshot, closed="right"))
        .group_by("account_id")
        .agg(
            pl.col("logins").filter(last30).sum().alias("logins_30d"),
            pl.col("logins").sum().alias("logins_90d"),
            pl.col("active_users").filter(last30).max().alias("active_users_30d"),
            pl.col("api_calls").filter(last30).sum().alias("api_calls_30d"),
            pl.col("integrations").max().alias("integrations"),
            (pl.lit(snapshot) - pl.col("day").filter(pl.col("logins") > 0).max())
            .dt.total_days()
            .alias("days_since_last_login"),
        )
    )


def billing(snapshot: date) -> pl.LazyFrame:
    return (
        pl.scan_parquet(RAW / "billing.parquet")
        .filter(pl.col("invoice_date") <= snapshot)
        .sort("invoice_date")
        .group_by("account_id")
        .agg(
            pl.col("mrr").filter(pl.col("invoice_date") <= snapshot - timedelta(days=90)).last().alias("mrr_90d_ago"),
            (pl.col("status") == "overdue").sum().alias("invoices_overdue"),
        )
    )


def snapshot_frame(snapshot: date, params: dict) -> pl.LazyFrame:
    return (
        accounts(snapshot)
        .join(usage(snapshot, params["lookback_days"]), on="account_id", how="left")
        .join(billing(snapshot), on="account_id", how="left")
        .filter(pl.col("tenure_days") >= params["min_tenure_days"])
        .with_columns(
            (pl.col("active_users_30d") / pl.col("seats")).alias("active_user_ratio"),
            (pl.col("mrr") - pl.col("mrr_90d_ago")).alias("mrr_delta_90d"),
            pl.col("churned_at")
            .dt.date()
            .is_between(snapshot, snapshot + timedelta(days=LABEL_DAYS), closed="right")
            .fill_null(False)
            .cast(pl.Int8)
            .alias(TARGET),
        )
        .drop("churned_at", "mrr_90d_ago")
    )


def build_features(month: str, params: dict) -> pl.DataFrame:
    frames = [snapshot_frame(s, params) for s in month_ends(month, params["n_snapshots"])]
    return pl.concat(frames).collect()


def main() -> None:
    params = load_params()
    df = build_features(params["month"], params["featurize"])
    OUT.parent.mkdir(parents=True, exist_ok=True)
    df.write_parquet(OUT)
    n_feat = df.width - len(ID_COLS) - 1
    print(
        f"features: {df.height:,} rows ({df['snapshot_date'].n_unique()} snapshots) x {n_feat} features, "
        f"churn rate {df[TARGET].mean():.2%} -> {OUT}"
    )


if __name__ == "__main__":
    main()
'''

FILES[P("tests/test_features.py")] = '''from datetime import date, datetime

import polars as pl
import pytest

from churn import features

PARAMS = {"n_snapshots": 2, "lookback_days": 90, "min_tenure_days": 14}


@pytest.fixture
def raw(tmp_path, monkeypatch):
    pl.DataFrame(
        {
            "account_id": [1, 2, 3, 4],
            "created_at": [datetime(2025, 1, 10), datetime(2026, 5, 20), datetime(2026, 5, 28), datetime(2024, 3, 2)],
            "churned_at": [None, datetime(2026, 7, 15), None, datetime(2026, 5, 3)],
            "plan_id": ["growth-m", "starter-m", "growth-a", "enterprise-a"],
            "seats": [12, 3, 5, 80],
            "mrr": [540.0, 57.0, 225.0, 6400.0],
        }
    ).write_parquet(tmp_path / "accounts.parquet")
    pl.DataFrame(
        {
            "account_id": [1, 1, 2, 4],
            "day": [date(2026, 6, 20), date(2026, 5, 2), date(2026, 6, 1), date(2026, 4, 30)],
            "logins": [14, 9, 2, 40],
            "active_users": [8, 7, 1, 35],
            "api_calls": [1200, 800, 0, 9100],
            "integrations": [3, 3, 0, 6],
        }
    ).write_parquet(tmp_path / "usage_daily.parquet")
    pl.DataFrame(
        {
            "account_id": [1, 2, 4],
            "invoice_date": [date(2026, 3, 1), date(2026, 6, 1), date(2026, 4, 1)],
            "mrr": [480.0, 57.0, 6400.0],
            "status": ["paid", "overdue", "paid"],
        }
    ).write_parquet(tmp_path / "billing.parquet")
    monkeypatch.setattr(features, "RAW", tmp_path)
    return tmp_path


def test_one_row_per_account_and_snapshot(raw):
    df = features.build_features("2026-06", PARAMS)
    assert df.select(features.ID_COLS).is_duplicated().sum() == 0
    assert df["snapshot_date"].unique().sort().to_list() == [date(2026, 5, 31), date(2026, 6, 30)]


def test_label_is_churn_within_90_days(raw):
    df = features.build_features("2026-06", PARAMS)
    row = df.filter((pl.col("account_id") == 2) & (pl.col("snapshot_date") == date(2026, 6, 30)))
    assert row[features.TARGET].item() == 1


def test_churned_accounts_leave_later_snapshots(raw):
    df = features.build_features("2026-06", PARAMS)
    assert df.filter(pl.col("account_id") == 4).is_empty()


def test_min_tenure_filter(raw):
    df = features.build_features("2026-06", PARAMS)
    assert df.filter(pl.col("snapshot_date") == date(2026, 5, 31))["account_id"].to_list() == [1]
'''

FILES[P("src/churn/train.py")] = '''"""Train the LightGBM churn model on data/split and log the run to MLflow."""

from __future__ import annotations

import json
from pathlib import Path

import lightgbm as lgb
import mlflow
import pandas as pd

from churn.config import load_params

SPLIT = Path("data/split")
MODEL = Path("models/model.txt")
METRICS = Path("reports/train_metrics.json")
ID_COLS = ["account_id", "snapshot_date"]
TARGET = "churned_90d"


def load(name: str) -> tuple[pd.DataFrame, pd.Series]:
    df = pd.read_parquet(SPLIT / f"{name}.parquet")
    return df.drop(columns=[*ID_COLS, TARGET]), df[TARGET]


def main() -> None:
    params = load_params()["train"]
    X_train, y_train = load("train")
    X_valid, y_valid = load("valid")

    lgb_params = {
        "objective": "binary",
        "metric": ["average_precision", "auc"],
        "learning_rate": params["learning_rate"],
        "num_leaves": params["num_leaves"],
        "min_child_samples": params["min_child_samples"],
        "feature_fraction": params["feature_fraction"],
        "bagging_fraction": params["bagging_fraction"],
        "bagging_freq": params["bagging_freq"],
        "seed": params["seed"],
        "verbose": -1,
    }

    mlflow.set_experiment("churn-model")
    with mlflow.start_run():
        train_set = lgb.Dataset(X_train, y_train)
        valid_set = lgb.Dataset(X_valid, y_valid, reference=train_set)
        booster = lgb.train(
            lgb_params,
            train_set,
            num_boost_round=params["num_boost_round"],
            valid_sets=[valid_set],
            valid_names=["valid"],
            callbacks=[lgb.early_stopping(params["early_stopping_rounds"]), lgb.log_evaluation(200)],
        )
        MODEL.parent.mkdir(parents=True, exist_ok=True)
        booster.save_model(MODEL, num_iteration=booster.best_iteration)

        best = {f"valid_{k}": round(v, 5) for k, v in booster.best_score["valid"].items()}
        mlflow.log_params(params)
        mlflow.log_metrics(best | {"best_iteration": booster.best_iteration})
        mlflow.log_artifact(str(MODEL))
        METRICS.write_text(json.dumps({"best_iteration": booster.best_iteration, **best}, indent=2) + "\\n")

    print(f"saved {MODEL} (best iteration {booster.best_iteration})")


if __name__ == "__main__":
    main()
'''


def sep(title, ch="=", width=80):
    n = max((width - len(title) - 2) // 2, 1)
    line = f"{ch * n} {title} {ch * n}"
    if len(line) < width:
        line += ch
    return line


def dots(n, width=79):
    line = "." * n
    return line + "[100%]".rjust(width - len(line))


def dvc_add_out(*paths):
    parents = []
    for p in paths:
        g = p.rsplit("/", 1)[0] + "/.gitignore"
        if g not in parents:
            parents.append(g)
    return ("\nTo track the changes with git, run:\n\n\tgit add " + " ".join(f"{p}.dvc" for p in paths) + " "
            + " ".join(parents) + "\n\nTo enable auto staging, run:\n\n\tdvc config core.autostage true")


METRICS_SHOW = """Path                        best_iteration    brier    pr_auc    precision_at_top10    recall_at_top10    roc_auc    valid_auc    valid_average_precision
reports/metrics.json        -                 0.0491   0.4312    0.2869                0.4702             0.8597     -            -
reports/train_metrics.json  512               -        -         -                     -                  -          0.85969      0.43104"""


def gen():
    d = Dev("dvc-ml", U, "en", MODEL, seed=20261012, files=FILES)
    fp = P("src/churn/features.py")
    tf = P("tests/test_features.py")

    # ============================================================ S1  Mon 10-12
    with d.session("2026-10-12T09:10:00", R, branch="main", version="2.1.119"):
        t = d.task("morning! back from two weeks off. what happened in the repo while I was out, and is the pipeline "
                   "up to date?", tags=["noise", "long_output"])
        t.bash("git pull --ff-only", "Update main", out="""Updating 3b7e1d2..9f04c6a
Fast-forward
 data/raw.dvc                     |   6 +-
 notebooks/02_feature_drift.ipynb | 418 +++++++++++++++++++++++++++++++++++++++
 notebooks/03_calibration.ipynb   | 297 +++++++++++++++++++++++++++
 src/churn/score.py               |  29 ++-
 tests/test_score.py              |  41 ++++
 5 files changed, 783 insertions(+), 8 deletions(-)
 create mode 100644 notebooks/02_feature_drift.ipynb
 create mode 100644 notebooks/03_calibration.ipynb""",
               err="From github.com:plover-data/churn-model\n   3b7e1d2..9f04c6a  main       -> origin/main")
        t.bash("git log --format='%h %ad %<(14)%an %s' --date=short --since=2026-09-26", "Commits while away",
               out="""9f04c6a 2026-10-11 airflow-bot    data: raw export 2026-10-11
7c2e5d0 2026-10-09 Tomás Rivera   notebooks: calibration check (reliability curve, ECE by plan)
e41b9a3 2026-10-07 Tomás Rivera   notebooks: monthly feature drift (PSI vs the training window)
1d0f8c6 2026-10-04 airflow-bot    data: raw export 2026-10-04
a5c37e2 2026-10-02 Wei Zhang      score: use the model's own feature list, fail on missing columns (#52)
5b6e0f4 2026-09-27 airflow-bot    data: raw export 2026-09-27""")
        t.bash("dvc status", "Check pipeline status", out="""data/raw.dvc:
\tchanged outs:
\t\tmodified:           data/raw
featurize:
\tchanged deps:
\t\tmodified:           data/raw""")
        t.bash("dvc metrics show", "Current metrics", out=METRICS_SHOW)
        t.bash("gh pr list --state open", "Open pull requests", out="",
               err="no open pull requests in plover-data/churn-model")
        t.done("""Quiet two weeks:

- **Tomás** added two notebooks: `02_feature_drift.ipynb` (monthly PSI of the features vs the training window) and `03_calibration.ipynb` (reliability curve, ECE by plan).
- **Wei** merged #52: `churn.score` now takes the feature list from the model itself and fails loudly if a column is missing, instead of silently filling it.
- **airflow-bot** committed the weekly raw exports (09-27, 10-04, 10-11) as updates to `data/raw.dvc`.
- No open PRs.

**Pipeline:** the code is current, but your local `data/raw` is still the pre-leave export — `dvc status` shows `data/raw.dvc` changed, and featurize would re-run on the new data. The committed model is the June-window one: PR-AUC 0.4312, ROC-AUC 0.8597, recall@top10% 0.470 on the test snapshot (best iteration 512). Nothing has been retrained since, so there's nothing to pull for the model itself, only the raw data.""")

        t = d.task("Tomás left his feature drift notebook (notebooks/02_feature_drift.ipynb) before going on holiday. run "
                   "it for September and give me the headline — which features drifted?", tags=["mistake:M1"])
        nb_out = "reports/feature_drift_2026-09.ipynb"
        t.fail(f"uv run papermill notebooks/02_feature_drift.ipynb {nb_out} -p month 2026-09",
               "Execute the drift notebook for September",
               papermill_nokernel("notebooks/02_feature_drift.ipynb", nb_out, 23, "conda-env-churn-py"))
        t.say("The notebook asks Jupyter for a kernel named `conda-env-churn-py` — that's Tomás's conda environment, "
              "which doesn't exist on this machine. Let me check what the notebook declares and which kernels the "
              "project venv provides.")
        t.bash("jq '.metadata.kernelspec' notebooks/02_feature_drift.ipynb && uv run jupyter kernelspec list",
               "Notebook kernelspec and available kernels", out="""{
  "display_name": "Python [conda env:churn]",
  "language": "python",
  "name": "conda-env-churn-py"
}
Available kernels:
  python3    /home/priyanka/work/churn-model/.venv/share/jupyter/kernels/python3""")
        t.say("Only the venv's own `python3` kernel is there, which is the environment the notebook should run in "
              "anyway. I'll tell papermill to use it instead of the one in the metadata, and log the cell output so "
              "we get the numbers right away.")
        slow(t, 0.7).bash(f"uv run papermill notebooks/02_feature_drift.ipynb {nb_out} -p month 2026-09 -k python3 --log-output",
               "Execute the drift notebook on the project kernel", timeout=600000,
               err=papermill_ok("notebooks/02_feature_drift.ipynb", nb_out, 23, 41, extra="""reference: 6 snapshots 2026-01-31 .. 2026-06-30 (287,114 rows); current: 2026-09-30 (48,977 rows)
PSI by feature (10 bins on reference deciles)
feature                    psi   flag
tenure_days              0.183   moderate
api_calls_30d            0.142   moderate
active_user_ratio        0.071
days_since_last_login    0.064
logins_30d               0.052
integrations             0.031
mrr                      0.027
seats                    0.019
mrr_delta_90d            0.016
logins_90d               0.014
invoices_overdue         0.009
active_users_30d         0.008
plan_id                  0.006
accounts created in the last 90 days: reference 11.8%, current 17.3%
api_calls_30d  p50 412 -> 655   p90 9,870 -> 15,120
churn label not available for 2026-09 yet (window ends 2026-12-29)"""))
        drift_mtime = local(d.clock)
        t.done(f"""**Headline: two features drifted moderately, nothing severe.**

| feature | PSI | what moved |
|---|---|---|
| `tenure_days` | 0.183 | accounts younger than 90 days are 17.3% of the September base vs 11.8% in the training window |
| `api_calls_30d` | 0.142 | median 412 → 655 calls/30d, p90 9,870 → 15,120 |

Everything else is below 0.1 (`active_user_ratio` 0.071 is the next one). The tenure shift looks like the inflow of new signups rather than a change in how existing accounts behave; the API jump is across the board, so it's worth checking whether something changed in how API calls are counted before trusting that feature.

The executed notebook is in `{nb_out}` (not committed).

Note: the first run failed with `NoSuchKernel: No such kernel named conda-env-churn-py` — the notebook's metadata names Tomás's conda kernel. I ran it with `-k python3` (the project venv's kernel) instead; the notebook file itself is unchanged.""")

        t = d.task("PSI 0.18 on tenure — is that a reason to retrain now, or expected given the signup push in "
                   "August? quick answer, no need to run anything", tags=["noise", "no_tools"])
        t.done("""Expected, and not a retrain trigger on its own.

- **Why it moved:** PSI compares distributions, and the signup push added a lot of young accounts. The model has seen plenty of young accounts in the training window (11.8% of rows), so this is a shift in *mix*, not into territory the model has never seen. A model that's right per account stays right when the mix changes; only the overall list composition changes (more new accounts near the top, since young accounts churn more).
- **What would be a reason:** drift *within* segments (e.g. young accounts now behaving differently from young accounts in the training window), a feature whose meaning changed (the `api_calls_30d` jump is the better candidate for that), or — the real test — performance dropping once labels arrive. September's 90-day window closes at the end of December.
- **Cheap check meanwhile:** compare the score distribution for accounts < 90 days old now vs in the training window. If it's similar, the model is handling the new cohort the way it handled earlier ones.

The next scheduled window move (July labels complete at the end of October) will pick up part of the new cohort anyway.""")

        t = d.task("and the CS list for this week please — as-of yesterday, same as always", tags=["workflow:W2"])
        t.bash("dvc pull data/raw.dvc", "Fetch the 10-11 raw export", timeout=600000,
               out="M       data/raw/\n1 file modified and 4 files fetched")
        slow(t, 0.5).bash("uv run python -m churn.score --as-of 2026-10-11", "Score accounts as of 2026-10-11", out="""features as of 2026-10-11: 48,912 accounts (min tenure 14d)
model: models/model.txt (13 features, best_iteration 512)
risk: p50 0.031  p90 0.139  p99 0.427
top 400 by risk: mean p 0.392, MRR at risk $214,830
wrote exports/at_risk_2026-10-11.csv (400 rows)""")
        t.bash("aws s3 ls s3://plover-cs-handoff/churn/ | tail -3", "Previous hand-offs",
               out="""2026-09-21 09:05:52      61877 at_risk_2026-09-20.csv
2026-09-28 09:02:11      61240 at_risk_2026-09-27.csv
2026-10-05 09:11:37      60918 at_risk_2026-10-04.csv""")
        t.bash("aws s3 cp s3://plover-cs-handoff/churn/at_risk_2026-10-04.csv exports/ && uv run python -c \"import polars as pl; "
               "a = pl.read_csv('exports/at_risk_2026-10-11.csv'); b = pl.read_csv('exports/at_risk_2026-10-04.csv'); "
               "print('carried over:', a.join(b, on='account_id').height); "
               "print(a.filter(~pl.col('account_id').is_in(b['account_id'])).group_by('plan').len().sort('len', descending=True))\"",
               "Compare with last week's list", out="""download: s3://plover-cs-handoff/churn/at_risk_2026-10-04.csv to exports/at_risk_2026-10-04.csv
carried over: 291
shape: (4, 2)
┌────────────┬─────┐
│ plan       ┆ len │
│ ---        ┆ --- │
│ str        ┆ u32 │
╞════════════╪═════╡
│ starter    ┆ 52  │
│ growth     ┆ 38  │
│ business   ┆ 14  │
│ enterprise ┆ 5   │
└────────────┴─────┘""")
        t.bash("aws s3 cp exports/at_risk_2026-10-11.csv s3://plover-cs-handoff/churn/at_risk_2026-10-11.csv",
               "Hand the list to CS",
               out="upload: exports/at_risk_2026-10-11.csv to s3://plover-cs-handoff/churn/at_risk_2026-10-11.csv")
        t.done("""This week's list is in the CS bucket: `s3://plover-cs-handoff/churn/at_risk_2026-10-11.csv` (400 accounts).

- Scored 48,912 accounts as of 2026-10-11 with the committed model (13 features).
- Top 400: mean predicted risk 0.39, $214.8k MRR at risk.
- 291 accounts carried over from the 10-04 list; of the 109 new ones most are starter (52) and growth (38).""")

    # ============================================================ S2  Tue 10-13
    with d.session("2026-10-13T10:05:00", R, branch="feat/tenure-buckets", version="2.1.120"):
        t = d.task("add tenure buckets as features: 0–30, 30–90, 90–180, 180–365 and 365+ days, one-hot. write it in "
                   "polars, not pandas — featurize is polars end to end and I want to keep it that way. then retrain",
                   tags=["mistake:M2", "pref:P1"])
        t.bash("git switch -c feat/tenure-buckets", "New branch", err="Switched to a new branch 'feat/tenure-buckets'")
        t.read(fp)
        t.read(tf)
        t.say("`tenure_days` is already computed per snapshot. I'll bucket it with polars `cut` (left-closed, so 30 "
              "days falls in 30–90) and one-hot the bucket on the collected frame, then add a test that every row "
              "lands in exactly one bucket.")
        t.edit(fp, '''TARGET = "churned_90d"
LABEL_DAYS = 90
''', '''TARGET = "churned_90d"
LABEL_DAYS = 90
TENURE_BREAKS = [30, 90, 180, 365]
''')
        t.edit(fp, '''def build_features(month: str, params: dict) -> pl.DataFrame:
    frames = [snapshot_frame(s, params) for s in month_ends(month, params["n_snapshots"])]
    return pl.concat(frames).collect()''', '''def tenure_buckets(df: pl.DataFrame) -> pl.DataFrame:
    """One-hot tenure buckets: [0, 30), [30, 90), [90, 180), [180, 365) and 365+ days."""
    return df.with_columns(
        pl.col("tenure_days").cut(TENURE_BREAKS, left_closed=True).alias("tenure_bucket")
    ).to_dummies("tenure_bucket")


def build_features(month: str, params: dict) -> pl.DataFrame:
    frames = [snapshot_frame(s, params) for s in month_ends(month, params["n_snapshots"])]
    return tenure_buckets(pl.concat(frames).collect())''')
        t.edit(tf, "import polars as pl\nimport pytest\n", "import polars as pl\nimport polars.selectors as cs\nimport pytest\n")
        t.edit(tf, '''def test_min_tenure_filter(raw):
    df = features.build_features("2026-06", PARAMS)
    assert df.filter(pl.col("snapshot_date") == date(2026, 5, 31))["account_id"].to_list() == [1]
''', '''def test_min_tenure_filter(raw):
    df = features.build_features("2026-06", PARAMS)
    assert df.filter(pl.col("snapshot_date") == date(2026, 5, 31))["account_id"].to_list() == [1]


def test_tenure_buckets_one_hot(raw):
    df = features.build_features("2026-06", PARAMS)
    buckets = df.select(cs.starts_with("tenure_bucket_"))
    assert buckets.width >= 2
    assert (buckets.sum_horizontal() == 1).all()
''')
        t.bash("uv run pytest tests/test_features.py -q", "Run the feature tests",
               out=dots(5) + "\n5 passed in 0.91s")
        tr = P("src/churn/train.py")
        tb = tb_frames([("<frozen runpy>", 198, "_run_module_as_main", None),
                        ("<frozen runpy>", 88, "_run_code", None),
                        (tr, line_of(d, tr, "    main()\n"), "<module>", "main()"),
                        (tr, line_of(d, tr, "booster = lgb.train("), "main", "booster = lgb.train(", "lgb.train(")]
                       + lgb_train_frames())
        slow(t, 1.5).fail("dvc repro train", "Re-run the pipeline up to training", repro([
            ("dvcfile", "data/raw.dvc"),
            ("run", "featurize", FEAT, feat_out(287114, 18, "6.08%")),
            ("run", "split", SPLIT, split_out(191204, 47955, 47955)),
            ("fail", "train", TRAIN, LGB_FATAL + "\n" + tb + "\n" + LGB_ERR)], ok=False), code=255, timeout=600000)
        t.say("Featurize and split ran; LightGBM refuses the new column names. The `cut` labels end up in the dummy "
              "names, and `[`, `]` and `,` are JSON special characters LightGBM doesn't allow in feature names. "
              "Checking what the columns are called:")
        t.bash("uv run python -c \"import polars as pl; print([c for c in pl.read_parquet_schema('data/features/"
               "features.parquet') if c.startswith('tenure')])\"", "List the tenure columns",
               out="['tenure_days', 'tenure_bucket_[-inf, 30)', 'tenure_bucket_[30, 90)', 'tenure_bucket_[90, 180)', "
                   "'tenure_bucket_[180, 365)', 'tenure_bucket_[365, inf)']")
        t.say("I'll add a small `safe_feature_names` helper that maps every character outside `[0-9A-Za-z_]` to `_` "
              "(and fails if two names collide), and apply it to the finished feature table so anything added later "
              "is covered too.")
        t.edit(fp, '''from datetime import date, timedelta
from pathlib import Path
''', '''import re
from datetime import date, timedelta
from pathlib import Path
''')
        t.edit(fp, '''def tenure_buckets(df: pl.DataFrame) -> pl.DataFrame:''', '''_UNSAFE = re.compile(r"[^0-9A-Za-z_]+")


def safe_feature_names(df: pl.DataFrame) -> pl.DataFrame:
    """Rename columns to names LightGBM accepts (it rejects JSON special characters: [ ] { } : , ")."""
    mapping = {c: re.sub("_+", "_", _UNSAFE.sub("_", c)).strip("_") for c in df.columns}
    if len(set(mapping.values())) != len(mapping):
        raise ValueError(f"feature names collide after cleaning: {sorted(mapping.values())}")
    return df.rename(mapping)


def tenure_buckets(df: pl.DataFrame) -> pl.DataFrame:''')
        t.edit(fp, "    return tenure_buckets(pl.concat(frames).collect())",
               "    return safe_feature_names(tenure_buckets(pl.concat(frames).collect()))")
        t.bash("uv run pytest tests/test_features.py -q", "Re-run the feature tests",
               out=dots(5) + "\n5 passed in 0.88s")
        r1 = ("gentle-heron-214", runid())
        slow(t, 3).bash("dvc repro train", "Retrain", timeout=600000, out=repro([
            ("dvcfile", "data/raw.dvc"),
            ("run", "featurize", FEAT, feat_out(287114, 18, "6.08%")),
            ("run", "split", SPLIT, split_out(191204, 47955, 47955)),
            ("run", "train", TRAIN, train_out([(200, "0.420587", "0.855712"), (400, "0.430314", "0.859408")],
                                               (538, "0.433618", "0.860217"), r1))]))
        slow(t, 0.7).bash("dvc repro evaluate && dvc metrics diff", "Evaluate on the test snapshot and compare with HEAD",
               timeout=600000, out=repro([
                   ("dvcfile", "data/raw.dvc"), ("skip", "featurize"), ("skip", "split"), ("skip", "train"),
                   ("run", "evaluate", EVAL, eval_out("0.4341", "0.8604", "0.4726", "0.2884", "0.0489"))]) + """
Path                        Metric                   HEAD     workspace    Change
reports/metrics.json        brier                    0.0491   0.0489       -0.0002
reports/metrics.json        pr_auc                   0.4312   0.4341       0.0029
reports/metrics.json        precision_at_top10       0.2869   0.2884       0.0015
reports/metrics.json        recall_at_top10          0.4702   0.4726       0.0024
reports/metrics.json        roc_auc                  0.8597   0.8604       0.0007
reports/train_metrics.json  best_iteration           512      538          26
reports/train_metrics.json  valid_auc                0.85969  0.86022      0.00053
reports/train_metrics.json  valid_average_precision  0.43104  0.43362      0.00258""")
        eval_mtime = local(d.clock)
        t.done(f"""Tenure buckets are in (branch `feat/tenure-buckets`, not committed yet):

- `features.py`: `tenure_days` is cut at 30/90/180/365 days (left-closed) and one-hot encoded with polars `to_dummies`, so five `tenure_bucket_*` columns: `tenure_bucket_inf_30`, `_30_90`, `_90_180`, `_180_365`, `_365_inf`.
- New test `test_tenure_buckets_one_hot` (every row in exactly one bucket); 5/5 feature tests pass.
- **Retrained:** test PR-AUC 0.4312 → **0.4341** (+0.003), recall@top10% 0.470 → 0.473, ROC-AUC +0.0007. Best iteration 538. MLflow run `{r1[0]}`.

One snag on the way: the first `dvc repro train` died in LightGBM with `Do not support special JSON characters in feature name` — polars' `cut` labels (`[30, 90)`) end up in the dummy column names. I added `safe_feature_names()` in `features.py`, which replaces anything outside `[0-9A-Za-z_]` with `_` and raises if two names collide; it runs on the final feature table, so later features are covered as well.""")

        t = d.task("good. commit that on the branch, then run three experiments against it, one change each: "
                   "learning_rate 0.03 with 4000 rounds, num_leaves 63, min_child_samples 100. for this model only "
                   "PR-AUC (average precision) counts — rank by that and ignore ROC-AUC",
                   tags=["workflow:W1", "pref:P2"])
        c, cm = commit_out("feat/tenure-buckets", "features: one-hot tenure buckets", 3, 46, 7)
        commit_at = at(d, 0.1)
        t.bash('git add src/churn/features.py tests/test_features.py dvc.lock && git commit -m "features: one-hot '
               'tenure buckets"', "Commit the feature", out=precommit(PYH | {"check yaml"}) + "\n" + cm)

        def exp_block(name, train_o, ev_o):
            return repro([("dvcfile", "data/raw.dvc"), ("skip", "featurize"), ("skip", "split"),
                          ("run", "train", TRAIN, train_o), ("run", "evaluate", EVAL, ev_o),
                          ("run", "report", report_cmd("2026-06"),
                           papermill_ok("notebooks/model_report.ipynb", "reports/model_report.ipynb", 14, 9))],
                         tail=False) + f"\n\nRan experiment(s): {name}"
        out = "\n".join([
            exp_block("lr-003", train_out([(200, "0.410925", "0.852204"), (400, "0.422871", "0.856613"),
                                           (600, "0.428460", "0.858702"), (800, "0.432197", "0.859944"),
                                           (1000, "0.435172", "0.860851")], (1041, "0.435804", "0.861032"),
                                          ("calm-lynx-88", runid())),
                      eval_out("0.4368", "0.8615", "0.4770", "0.2911", "0.0488")),
            exp_block("leaves-63", train_out([(200, "0.428041", "0.857938")], (297, "0.429466", "0.858102"),
                                             ("brave-owl-913", runid())),
                      eval_out("0.4297", "0.8589", "0.4688", "0.2860", "0.0493")),
            exp_block("mcs-100", train_out([(200, "0.421266", "0.856130"), (400, "0.431007", "0.859851")],
                                           (566, "0.434471", "0.860640"), ("quiet-fern-57", runid())),
                      eval_out("0.4355", "0.8611", "0.4751", "0.2898", "0.0488"))])
        x1, x2, x3 = at(d, 2.6), at(d, 4.4), at(d, 6.9)
        slow(t, 7).bash("dvc exp run --temp -n lr-003 -S train.learning_rate=0.03 -S train.num_boost_round=4000 && "
               "dvc exp run --temp -n leaves-63 -S train.num_leaves=63 && "
               "dvc exp run --temp -n mcs-100 -S train.min_child_samples=100",
               "Run the three experiments in temp dirs", out=out, timeout=600000)
        t.bash("dvc exp show --only-changed --md", "Compare the experiments", out=f"""| Experiment              | Created   | best_iteration   | valid_auc   | valid_average_precision   | brier   | pr_auc   | precision_at_top10   | recall_at_top10   | roc_auc   | train.learning_rate   | train.num_leaves   | train.min_child_samples   | train.num_boost_round   |
|-------------------------|-----------|------------------|-------------|---------------------------|---------|----------|----------------------|-------------------|-----------|-----------------------|--------------------|---------------------------|-------------------------|
| workspace               | -         | 538              | 0.86022     | 0.43362                   | 0.0489  | 0.4341   | 0.2884               | 0.4726            | 0.8604    | 0.05                  | 31                 | 50                        | 2000                    |
| feat/tenure-buckets     | {commit_at}  | 538              | 0.86022     | 0.43362                   | 0.0489  | 0.4341   | 0.2884               | 0.4726            | 0.8604    | 0.05                  | 31                 | 50                        | 2000                    |
| ├── 6b1e09c [mcs-100]   | {x3}  | 566              | 0.86064     | 0.43447                   | 0.0488  | 0.4355   | 0.2898               | 0.4751            | 0.8611    | 0.05                  | 31                 | 100                       | 2000                    |
| ├── d48a2f7 [leaves-63] | {x2}  | 297              | 0.8581      | 0.42947                   | 0.0493  | 0.4297   | 0.286                | 0.4688            | 0.8589    | 0.05                  | 63                 | 50                        | 2000                    |
| └── 0f93c5e [lr-003]    | {x1}  | 1041             | 0.86103     | 0.4358                    | 0.0488  | 0.4368   | 0.2911               | 0.477             | 0.8615    | 0.03                  | 31                 | 50                        | 4000                    |""")
        t.done(f"""Committed the buckets as `{c}` on `feat/tenure-buckets`, then ran the three experiments (temp dirs, workspace untouched). Ranked by test PR-AUC:

| experiment | change | PR-AUC | Δ vs branch | recall@top10% | best iter |
|---|---|---|---|---|---|
| **lr-003** | lr 0.03, 4000 rounds | **0.4368** | +0.0027 | 0.477 | 1041 |
| mcs-100 | min_child_samples 100 | 0.4355 | +0.0014 | 0.475 | 566 |
| *branch* | — | 0.4341 | — | 0.473 | 538 |
| leaves-63 | num_leaves 63 | 0.4297 | −0.0044 | 0.469 | 297 |

- Lower learning rate wins, at roughly twice the trees (1041 vs 538) — training time goes up accordingly, scoring stays cheap.
- Bigger leaves overfit: it stops at iteration 297 and is worse on test.
- mcs-100 helps a little and is cheap; it's likely to stack with lr-003, worth one combined run before deciding.

Nothing applied to the workspace; `dvc exp apply lr-003` would take it over.""")

        t = d.task("with ~6% positives, should we be using is_unbalance or scale_pos_weight? check what the LightGBM "
                   "docs actually say before answering", tags=["noise", "webfetch"])
        t.webfetch("https://lightgbm.readthedocs.io/en/latest/Parameters.html",
                   "What do is_unbalance and scale_pos_weight do, can they be combined, and what do the docs warn about?",
                   """`is_unbalance` (default = false, type = bool, aliases: `unbalance`, `unbalanced_sets`): used only in binary and multiclassova applications. Set this to true if training data are unbalanced. Note: while enabling this should increase the overall performance metric of your model, it will also result in poor estimates of the individual class probabilities. Note: this parameter cannot be used at the same time with `scale_pos_weight`, choose only one of them.

`scale_pos_weight` (default = 1.0, type = double, constraints: `scale_pos_weight > 0.0`): used only in binary and multiclassova applications. Weight of labels with positive class. Note: while enabling this should increase the overall performance metric of your model, it will also result in poor estimates of the individual class probabilities. Note: this parameter cannot be used at the same time with `is_unbalance`, choose only one of them.""")
        t.done("""Neither, for now. The docs say the two are mutually exclusive and both come with the same warning: they "should increase the overall performance metric" but "will also result in poor estimates of the individual class probabilities".

For us:
- **The CS list** only needs a good *ranking*. Reweighting positives changes the tree splits somewhat, but with 6% positives and ~190k training rows LightGBM already sees ~11.6k churners — that's not the extreme-imbalance case these options are for. Expect a PR-AUC difference within noise.
- **Wei's service and the MRR-at-risk numbers** use the probabilities themselves. `is_unbalance` would inflate them (roughly by the 16:1 class ratio at the extremes), and we'd need a calibration step afterwards just to undo it.

If you want evidence rather than my prior: one `dvc exp run -S` with `scale_pos_weight` set, compared on PR-AUC *and* brier. I'd expect PR-AUC flat and brier clearly worse.""")

    # ============================================================ S3  Thu 10-15
    with d.session("2026-10-15T14:20:00", R, branch="main", version="2.1.121"):
        t = d.task("commit Monday's drift report (reports/feature_drift_2026-09.ipynb) — straight to main is fine for "
                   "reports — and push it so Tomás sees it when he's back", tags=["mistake:M3"])
        t.bash("git switch main && git pull --ff-only && git status -sb", "Up-to-date main and status",
               out="""Updating 9f04c6a..c3a9b71
Fast-forward
 dvc.lock                   | 14 +++++++-------
 src/churn/features.py      | 34 ++++++++++++++++++++++++++++++++--
 tests/test_features.py     | 10 ++++++++++
 3 files changed, 51 insertions(+), 7 deletions(-)
## main...origin/main
?? reports/feature_drift_2026-09.ipynb""",
               err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.\n"
                   "From github.com:plover-data/churn-model\n   9f04c6a..c3a9b71  main       -> origin/main")
        t.fail('git add reports/feature_drift_2026-09.ipynb && git commit -m "reports: feature drift 2026-09"',
               "Commit the drift report",
               precommit(TEXT, dict([large([("reports/feature_drift_2026-09.ipynb", 3391)])])))
        t.say("The commit was stopped by the large-file hook: the executed notebook is 3.3 MB (plots are embedded as "
              "PNGs), over the repo's 1 MB limit. Let me look at how earlier reports were kept.")
        em, dm = lsdate(eval_mtime), lsdate(drift_mtime)
        t.bash("ls -la reports/ && cat reports/.gitignore", "How reports are stored", out=f"""total 3940
drwxr-xr-x  3 priyanka priyanka    4096 {em} .
drwxr-xr-x 14 priyanka priyanka    4096 {lsdate(local(d.clock))} ..
-rw-r--r--  1 priyanka priyanka     104 Sep  9 17:02 .gitignore
-rw-r--r--  1 priyanka priyanka     102 Aug 12 10:44 churn_review_2026-07.html.dvc
-rw-r--r--  1 priyanka priyanka     102 Sep  9 17:02 churn_review_2026-08.html.dvc
-rw-r--r--  1 priyanka priyanka 3472406 {dm} feature_drift_2026-09.ipynb
-rw-r--r--  1 priyanka priyanka     211 {em} metrics.json
-rw-r--r--  1 priyanka priyanka  402118 Sep  9 17:05 model_report.ipynb
drwxr-xr-x  2 priyanka priyanka    4096 {em} plots
-rw-r--r--  1 priyanka priyanka     167 {em} train_metrics.json
/model_report.ipynb
/churn_review_2026-07.html
/churn_review_2026-08.html""")
        t.say("The earlier monthly reports are tracked with DVC — git only has the small `.dvc` pointers and the files "
              "are in `reports/.gitignore`. I'll do the same: unstage the notebook, `dvc add` it, commit the pointer.")
        t.bash("git restore --staged reports/feature_drift_2026-09.ipynb && dvc add reports/feature_drift_2026-09.ipynb",
               "Track the report with DVC instead of git", out=dvc_add_out("reports/feature_drift_2026-09.ipynb"))
        c, cm = commit_out("main", "reports: feature drift 2026-09", 2, 6, creates=["reports/feature_drift_2026-09.ipynb.dvc"])
        t.bash('git add reports/feature_drift_2026-09.ipynb.dvc reports/.gitignore && git commit -m "reports: feature '
               'drift 2026-09"', "Commit the DVC pointer", out=precommit(TEXT) + "\n" + cm)
        t.bash("dvc push reports/feature_drift_2026-09.ipynb.dvc", "Upload the report to the DVC remote",
               out="1 file pushed", timeout=600000)
        t.bash("git push origin main", "Push main", err=push_main("c3a9b71", c))
        t.done(f"""Pushed to main as `{c}`. The executed notebook (3.3 MB) was too big for git — the large-file hook (1 MB limit) blocked the first commit — so it's tracked with DVC like the July/August reviews:

- `reports/feature_drift_2026-09.ipynb.dvc` + the `.gitignore` entry are in git,
- the notebook itself is in the S3 remote (`dvc push` done).

Tomás gets it with `dvc pull reports/feature_drift_2026-09.ipynb.dvc` after pulling main.""")

        t = d.task("tenure buckets are merged (#55). next: support-ticket features from data/raw/tickets.parquet — "
                   "tickets in the last 30 and 90 days, and the share of them that got escalated. new branch. keep it "
                   "polars: lazy scans, no pandas in the feature code", tags=["oneoff:O1", "pref:P1"])
        t.bash("git switch -c feat/ticket-features", "New branch", err="Switched to a new branch 'feat/ticket-features'")
        t.bash("uv run python -c \"import polars as pl; print(pl.scan_parquet('data/raw/tickets.parquet').head(3).collect())\"",
               "Peek at the tickets export", out="""shape: (3, 6)
┌───────────┬────────────┬─────────────────────┬──────────┬───────────┬─────────┐
│ ticket_id ┆ account_id ┆ created_at          ┆ priority ┆ escalated ┆ channel │
│ ---       ┆ ---        ┆ ---                 ┆ ---      ┆ ---       ┆ ---     │
│ i64       ┆ str        ┆ datetime[μs]        ┆ str      ┆ bool      ┆ str     │
╞═══════════╪════════════╪═════════════════════╪══════════╪═══════════╪═════════╡
│ 4410872   ┆ 100234     ┆ 2024-01-02 08:14:51 ┆ normal   ┆ false     ┆ email   │
│ 4410873   ┆ 118702     ┆ 2024-01-02 08:20:07 ┆ high     ┆ true      ┆ chat    │
│ 4410877   ┆ 100911     ┆ 2024-01-02 08:31:44 ┆ low      ┆ false     ┆ email   │
└───────────┴────────────┴─────────────────────┴──────────┴───────────┴─────────┘""")
        t.read(fp)
        t.edit(fp, '''def snapshot_frame(snapshot: date, params: dict) -> pl.LazyFrame:''', '''def tickets(snapshot: date) -> pl.LazyFrame:
    last30 = pl.col("created_at").dt.date() > snapshot - timedelta(days=30)
    return (
        pl.scan_parquet(RAW / "tickets.parquet")
        .filter(pl.col("created_at").dt.date().is_between(snapshot - timedelta(days=90), snapshot, closed="right"))
        .group_by("account_id")
        .agg(
            last30.sum().alias("tickets_30d"),
            pl.len().alias("tickets_90d"),
            pl.col("escalated").mean().alias("escalated_share_90d"),
        )
    )


def snapshot_frame(snapshot: date, params: dict) -> pl.LazyFrame:''')
        t.edit(fp, '''        .join(billing(snapshot), on="account_id", how="left")
        .filter(pl.col("tenure_days") >= params["min_tenure_days"])
        .with_columns(
''', '''        .join(billing(snapshot), on="account_id", how="left")
        .join(tickets(snapshot), on="account_id", how="left")
        .filter(pl.col("tenure_days") >= params["min_tenure_days"])
        .with_columns(
            pl.col("tickets_30d", "tickets_90d").fill_null(0),
''')
        t.read(tf)
        t.edit(tf, '''    ).write_parquet(tmp_path / "billing.parquet")
    monkeypatch.setattr(features, "RAW", tmp_path)''', '''    ).write_parquet(tmp_path / "billing.parquet")
    pl.DataFrame(
        {
            "ticket_id": [10, 11, 12],
            "account_id": ["1", "1", "2"],
            "created_at": [datetime(2026, 6, 10), datetime(2026, 4, 20), datetime(2026, 6, 5)],
            "escalated": [True, False, False],
        }
    ).write_parquet(tmp_path / "tickets.parquet")
    monkeypatch.setattr(features, "RAW", tmp_path)''')
        t.edit(tf, '''def test_tenure_buckets_one_hot(raw):''', '''def test_ticket_counts(raw):
    df = features.build_features("2026-06", PARAMS)
    row = df.filter((pl.col("account_id") == 1) & (pl.col("snapshot_date") == date(2026, 6, 30)))
    assert row["tickets_30d"].item() == 1
    assert row["tickets_90d"].item() == 2
    assert row["escalated_share_90d"].item() == 0.5


def test_tenure_buckets_one_hot(raw):''')
        ln_t = line_of(d, tf, 'df = features.build_features("2026-06", PARAMS)\n    assert df.select')
        ln_b = line_of(d, fp, "    return safe_feature_names(tenure_buckets(")
        err = ("datatypes of join keys don't match - `account_id`: i64 on left does not match `account_id`: str on "
               "right (and no other type was available to cast to)")
        t.fail("uv run pytest tests/test_features.py -x -q --tb=short", "Run the feature tests", f"""F
{sep("FAILURES")}
{sep("test_one_row_per_account_and_snapshot", "_")}
tests/test_features.py:{ln_t}: in test_one_row_per_account_and_snapshot
    df = features.build_features("2026-06", PARAMS)
src/churn/features.py:{ln_b}: in build_features
    return safe_feature_names(tenure_buckets(pl.concat(frames).collect()))
.venv/lib/python3.12/site-packages/polars/_utils/deprecation.py:97: in wrapper
    return function(*args, **kwargs)
.venv/lib/python3.12/site-packages/polars/lazyframe/opt_flags.py:330: in wrapper
    return function(*args, **kwargs)
.venv/lib/python3.12/site-packages/polars/lazyframe/frame.py:2429: in collect
    return wrap_df(ldf.collect(engine, callback))
E   polars.exceptions.SchemaError: {err}
{sep("short test summary info")}
FAILED tests/test_features.py::test_one_row_per_account_and_snapshot - polars.exceptions.SchemaError: {err}
{sep("stopping after 1 failures", "!")}
1 failed in 1.37s""")
        t.say("The tickets export stores `account_id` as a string (it comes from the helpdesk's external id), while "
              "every other table has it as an integer, so the join refuses. I'll cast it in `tickets()` right after "
              "the scan rather than in the test data, since the real file looks the same.")
        t.edit(fp, '''        pl.scan_parquet(RAW / "tickets.parquet")
        .filter(''', '''        pl.scan_parquet(RAW / "tickets.parquet")
        .with_columns(pl.col("account_id").cast(pl.Int64))  # helpdesk exports the id as a string
        .filter(''')
        t.bash("uv run pytest tests/test_features.py -x -q --tb=short", "Run the feature tests again",
               out=dots(6) + "\n6 passed in 1.21s")
        slow(t, 1).bash("dvc repro featurize", "Rebuild the feature table on real data", timeout=600000, out=repro([
            ("dvcfile", "data/raw.dvc"), ("run", "featurize", FEAT, feat_out(287114, 21, "6.08%"))]))
        t.bash("uv run python -c \"import polars as pl; df = pl.read_parquet('data/features/features.parquet', "
               "columns=['tickets_30d', 'tickets_90d', 'escalated_share_90d', 'churned_90d']); "
               "print(df.group_by('churned_90d').agg(pl.all().mean()).sort('churned_90d'))\"",
               "Ticket features by label", out="""shape: (2, 4)
┌─────────────┬─────────────┬─────────────┬─────────────────────┐
│ churned_90d ┆ tickets_30d ┆ tickets_90d ┆ escalated_share_90d │
│ ---         ┆ ---         ┆ ---         ┆ ---                 │
│ i8          ┆ f64         ┆ f64         ┆ f64                 │
╞═════════════╪═════════════╪═════════════╪═════════════════════╡
│ 0           ┆ 0.412       ┆ 1.187       ┆ 0.061               │
│ 1           ┆ 0.783       ┆ 2.046       ┆ 0.118               │
└─────────────┴─────────────┴─────────────┴─────────────────────┘""")
        t.done("""Ticket features are in on `feat/ticket-features`:

- `tickets()` in `features.py` (lazy scan): `tickets_30d`, `tickets_90d` (0 when an account had none) and `escalated_share_90d` (null when there were no tickets, so LightGBM can treat "no tickets" separately).
- Test `test_ticket_counts`; 6/6 feature tests pass.
- On real data churners have about twice the tickets (0.78 vs 0.41 in 30 days) and twice the escalation share (11.8% vs 6.1%) — promising.

One fix on the way: the helpdesk export has `account_id` as a **string**, so the join failed with polars' `datatypes of join keys don't match`. `tickets()` now casts it to Int64 right after the scan.

Feature table is rebuilt (21 features); not retrained or committed yet.""")

        t = d.task("nice. ship it — lint, tests, push, PR", tags=["workflow:W3"])
        t.bash("uv run ruff check . && uv run ruff format --check .", "Lint and format check",
               out="All checks passed!\n27 files already formatted")
        t.bash("uv run pytest -q", "Full test suite", out=dots(17) + "\n17 passed in 6.84s", timeout=600000)
        c, cm = commit_out("feat/ticket-features", "features: support ticket counts and escalation share", 3, 41, 3)
        t.bash('git add src/churn/features.py tests/test_features.py dvc.lock && git commit -m "features: support '
               'ticket counts and escalation share"', "Commit", out=precommit(PYH | {"check yaml"}) + "\n" + cm)
        t.bash("dvc push", "Upload the new feature table", out="1 file pushed", timeout=600000)
        t.bash("git push -u origin feat/ticket-features", "Push the branch", err=push_new("feat/ticket-features"))
        t.bash('gh pr create --base main --title "features: support ticket counts and escalation share" --body '
               '"- tickets_30d / tickets_90d and escalated_share_90d from data/raw/tickets.parquet\n'
               '- helpdesk export has account_id as a string: cast to Int64 before the join\n'
               '- churners: ~2x tickets and ~2x escalation share in the last 30/90 days\n\n'
               'Not retrained yet; that goes with the next experiment round."', "Open the PR",
               out=f"{GH}/pull/56")
        t.done(f"PR is up: {GH}/pull/56. Ruff clean, 17 tests pass, commit `{c}`; the rebuilt feature table is pushed "
               "to the DVC remote so the lock file in the PR resolves.")

    # ============================================================ S4  Mon 10-19
    with d.session("2026-10-19T09:25:00", R, branch="main", version="2.1.122", end_reason="other"):
        t = d.task("CS list for this week please, as-of sunday", tags=["workflow:W2"])
        t.bash("git pull --ff-only && dvc pull", "Update main and fetch data + model", timeout=600000,
               out="""Updating 4d7b2e0..8a1f3c6
Fast-forward
 data/raw.dvc           |  6 +++---
 dvc.lock               | 12 ++++++------
 src/churn/features.py  | 24 ++++++++++++++++++++++++
 tests/test_features.py | 27 +++++++++++++++++++++++++++
 4 files changed, 63 insertions(+), 6 deletions(-)
M       data/raw/
M       data/features/features.parquet
2 files modified and 6 files fetched""",
               err="From github.com:plover-data/churn-model\n   4d7b2e0..8a1f3c6  main       -> origin/main")
        slow(t, 0.5).bash("uv run python -m churn.score --as-of 2026-10-18", "Score accounts as of 2026-10-18", out="""features as of 2026-10-18: 49,106 accounts (min tenure 14d)
model: models/model.txt (18 features, best_iteration 538)
risk: p50 0.032  p90 0.141  p99 0.431
top 400 by risk: mean p 0.397, MRR at risk $221,460
wrote exports/at_risk_2026-10-18.csv (400 rows)""")
        t.bash("uv run python -c \"import polars as pl; a = pl.read_csv('exports/at_risk_2026-10-18.csv'); "
               "b = pl.read_csv('exports/at_risk_2026-10-11.csv'); print('carried over:', a.join(b, on='account_id').height); "
               "print('tenure < 90d:', (a['tenure_days'] < 90).sum(), 'vs', (b['tenure_days'] < 90).sum())\"",
               "Compare with last week", out="carried over: 268\ntenure < 90d: 71 vs 44")
        t.bash("aws s3 cp exports/at_risk_2026-10-18.csv s3://plover-cs-handoff/churn/at_risk_2026-10-18.csv",
               "Hand the list to CS",
               out="upload: exports/at_risk_2026-10-18.csv to s3://plover-cs-handoff/churn/at_risk_2026-10-18.csv")
        t.done("""Uploaded `s3://plover-cs-handoff/churn/at_risk_2026-10-18.csv` (400 accounts, as of 2026-10-18).

- Scored 49,106 accounts with the current model — now the tenure-bucket one (18 features); the ticket features are merged in featurize but not in a trained model yet.
- Top 400: mean risk 0.40, $221.5k MRR at risk.
- 268 carried over from last week (291 the week before). The turnover is mostly the model change: accounts younger than 90 days went from 44 to 71 in the list, which is the bucket features doing what they should. Worth a heads-up to CS that more young accounts will show up from now on.""")

        t = d.task("Finance says refunds spiked in October. pull the October refund records from the billing exports "
                   "bucket (s3://plover-billing-exports/refunds/) and check whether refunded accounts are "
                   "over-represented in this week's list", tags=["unfixed:U1"])
        arn = "arn:aws:sts::418297305551:assumed-role/AWSReservedSSO_DataScientist_3f9a0c1e7b2d4a65/priyanka@plover.io"
        t.fail("aws s3 ls s3://plover-billing-exports/refunds/2026/10/", "List October refund files",
               f"""
An error occurred (AccessDenied) when calling the ListObjectsV2 operation: User: {arn} is not authorized to perform: s3:ListBucket on resource: "arn:aws:s3:::plover-billing-exports" because no identity-based policy allows the s3:ListBucket action""",
               code=254)
        t.bash("aws sts get-caller-identity", "Which role am I using", out=f"""{{
    "UserId": "AROAWCQ7H2M4XKJ3T5PLN:priyanka@plover.io",
    "Account": "418297305551",
    "Arn": "{arn}"
}}""")
        t.fail("aws s3 cp s3://plover-billing-exports/refunds/2026/10/refunds_2026-10.parquet /tmp/refunds_2026-10.parquet",
               "Try the object directly",
               "fatal error: An error occurred (403) when calling the HeadObject operation: Forbidden")
        t.done("""I can't get at the refunds: your SSO role (`AWSReservedSSO_DataScientist`) has no permission on `plover-billing-exports` — listing fails with `AccessDenied … no identity-based policy allows the s3:ListBucket action`, and fetching the file directly (I guessed `refunds_2026-10.parquet`) returns 403. That's the bucket policy, not something to fix on our side.

Options:
1. **Request access** from data platform: read-only (`s3:ListBucket` + `s3:GetObject`) on `plover-billing-exports/refunds/*` for the DataScientist permission set.
2. **Ask Finance for the October extract** — account ids + refund date + amount is all we need.

Once we have it, the check is a join on `account_id` against `exports/at_risk_2026-10-18.csv` and the full scored base (share of refunded accounts in the top 400 vs overall). `data/raw/billing.parquet` doesn't carry refunds, so there's no proxy in what we have.""")

        t = d.task("CS asked what the 'top_reasons' column in the list is based on. score.py takes it from LightGBM's "
                   "pred_contrib (per-account SHAP values). how does that differ from the gain importance we show in "
                   "the model report? two short paragraphs I can paste", tags=["noise", "no_tools"])
        t.done("""**Top reasons (per account).** For every account, the model's score is split into contributions from each feature: how much that account's value of, say, logins in the last 30 days pushed *its* risk up or down compared with an average account. The "top reasons" are the features that pushed this particular account's risk up the most. Two accounts with the same score can have completely different reasons — one because usage collapsed, another because of overdue invoices.

**Gain importance (model report).** This is a property of the model as a whole, not of any account: how much each feature helped the model separate churners from non-churners across all the training data. A feature can rank high there because it matters a lot for a small group (e.g. overdue invoices) and still rarely appear as a top reason, and vice versa. So: use top reasons to decide what to talk about with a given customer, and the report's importance chart to understand what the model relies on overall.""")

    # ============================================================ S5  Wed 10-21
    with d.session("2026-10-21T13:35:00", R, branch="main", version="2.1.123"):
        t = d.task("quick experiment before touching the pipeline: do product-event counts help? data/raw/events.parquet "
                   "has (account_id, day, event) with names like 'billing:view_invoice'. count each event type in the 30 "
                   "days before each snapshot, join onto the split frames and compare test PR-AUC with and without. put "
                   "it in scripts/, don't change featurize yet. usual rule: polars for the wrangling, pandas only where "
                   "LightGBM needs it", tags=["mistake:M2", "pref:P1"])
        t.bash("uv run python -c \"import polars as pl; lf = pl.scan_parquet('data/raw/events.parquet'); "
               "print(lf.collect_schema()); print(lf.group_by('event').len().sort('len', descending=True).collect().head(12)); "
               "print('distinct events:', lf.select(pl.col('event').n_unique()).collect().item())\"",
               "Look at the events export", out="""Schema([('account_id', Int64), ('day', Date), ('event', String)])
shape: (12, 2)
┌───────────────────────────┬──────────┐
│ event                     ┆ len      │
│ ---                       ┆ ---      │
│ str                       ┆ u32      │
╞═══════════════════════════╪══════════╡
│ app:login                 ┆ 41822907 │
│ reports:view              ┆ 18204415 │
│ reports:export_csv        ┆ 3310562  │
│ admin:invite_user         ┆ 1102874  │
│ billing:view_invoice      ┆ 904113   │
│ integrations:connect      ┆ 512006   │
│ support:open_widget       ┆ 488231   │
│ admin:remove_user         ┆ 301928   │
│ settings:change_plan_page ┆ 208417   │
│ integrations:disconnect   ┆ 96544    │
│ billing:update_card       ┆ 81930    │
│ billing:downgrade_preview ┆ 40217    │
└───────────────────────────┴──────────┘
distinct events: 37""")
        sc = P("scripts/exp_event_features.py")
        t.write(sc, '''"""Experiment: do per-event-type counts (30 days before each snapshot) add signal?

Not part of the pipeline. Trains the same LightGBM setup on data/split with and without
the event counts and compares test PR-AUC.
"""

from __future__ import annotations

from datetime import timedelta

import lightgbm as lgb
import pandas as pd
import polars as pl
from sklearn.metrics import average_precision_score

from churn.config import load_params

ID_COLS = ["account_id", "snapshot_date"]
TARGET = "churned_90d"
SPLITS = ("train", "valid", "test")


def event_counts(snapshots: list) -> pl.DataFrame:
    events = pl.scan_parquet("data/raw/events.parquet")
    per_snapshot = [
        events.filter(pl.col("day").is_between(s - timedelta(days=30), s, closed="right"))
        .group_by("account_id", "event")
        .agg(pl.len().alias("n"))
        .with_columns(pl.lit(s).alias("snapshot_date"))
        for s in snapshots
    ]
    wide = pl.concat(per_snapshot).collect().pivot(on="event", index=ID_COLS, values="n")
    return wide.rename({c: f"ev_{c}" for c in wide.columns if c not in ID_COLS})


def load(name: str, events: pl.DataFrame | None) -> tuple[pd.DataFrame, pd.Series]:
    df = pl.read_parquet(f"data/split/{name}.parquet")
    if events is not None:
        df = df.join(events, on=ID_COLS, how="left").with_columns(pl.selectors.starts_with("ev_").fill_null(0))
    pdf = df.to_pandas()
    return pdf.drop(columns=[*ID_COLS, TARGET]), pdf[TARGET]


def fit_and_score(params: dict, events: pl.DataFrame | None) -> tuple[float, lgb.LGBMClassifier]:
    (X_tr, y_tr), (X_va, y_va), (X_te, y_te) = (load(s, events) for s in SPLITS)
    clf = lgb.LGBMClassifier(
        n_estimators=params["num_boost_round"],
        learning_rate=params["learning_rate"],
        num_leaves=params["num_leaves"],
        min_child_samples=params["min_child_samples"],
        colsample_bytree=params["feature_fraction"],
        subsample=params["bagging_fraction"],
        subsample_freq=params["bagging_freq"],
        random_state=params["seed"],
        verbose=-1,
    )
    clf.fit(
        X_tr,
        y_tr,
        eval_set=[(X_va, y_va)],
        eval_metric="average_precision",
        callbacks=[lgb.early_stopping(params["early_stopping_rounds"], verbose=False)],
    )
    return average_precision_score(y_te, clf.predict_proba(X_te)[:, 1]), clf


def main() -> None:
    params = load_params()["train"]
    base_ap, base = fit_and_score(params, None)
    print(f"baseline ({base.n_features_in_} features): test PR-AUC {base_ap:.4f} (best_iteration {base.best_iteration_})")

    snapshots = pl.read_parquet("data/split/test.parquet", columns=["snapshot_date"])["snapshot_date"].to_list()
    for name in ("train", "valid"):
        snapshots += pl.read_parquet(f"data/split/{name}.parquet", columns=["snapshot_date"])["snapshot_date"].to_list()
    ev_ap, clf = fit_and_score(params, event_counts(sorted(set(snapshots))))
    n_ev = clf.n_features_in_ - base.n_features_in_
    print(
        f"with events ({base.n_features_in_} + {n_ev} features): test PR-AUC {ev_ap:.4f} "
        f"(best_iteration {clf.best_iteration_})"
    )
    print(f"delta: {ev_ap - base_ap:+.4f}")

    gain = sorted(
        zip(clf.booster_.feature_name(), clf.booster_.feature_importance("gain"), strict=True),
        key=lambda x: x[1],
        reverse=True,
    )
    print("top event features by gain:")
    for name, g in [x for x in gain if x[0].startswith("ev_")][:8]:
        print(f"  {name:<32} {g:9.1f}")


if __name__ == "__main__":
    main()
''')
        tb = tb_frames([(sc, line_of(d, sc, "    main()\n"), "<module>", "main()"),
                        (sc, line_of(d, sc, "ev_ap, clf = fit_and_score("), "main",
                         "ev_ap, clf = fit_and_score(params, event_counts(sorted(set(snapshots))))",
                         "fit_and_score(params, event_counts(sorted(set(snapshots))))"),
                        (sc, line_of(d, sc, "    clf.fit("), "fit_and_score", "clf.fit("),
                        (f"{SP}/lightgbm/sklearn.py", 1560, "fit", "super().fit("),
                        (f"{SP}/lightgbm/sklearn.py", 1049, "fit", "self._Booster = train(", "train(")]
                       + lgb_train_frames())
        slow(t, 2).fail("uv run python scripts/exp_event_features.py", "Run the event-count experiment",
               "baseline (18 features): test PR-AUC 0.4346 (best_iteration 533)\n" + LGB_FATAL + "\n" + tb + "\n" + LGB_ERR,
               timeout=600000)
        t.say("The baseline fit worked; the second one dies because the event names become column names — "
              "`ev_billing:view_invoice` has a colon, which LightGBM rejects in feature names. I think the pipeline "
              "already deals with this somewhere; checking:")
        q3 = '"' * 3
        doc = f"    {q3}Rename columns to names LightGBM accepts (it rejects JSON special characters: [ ] {{ }} : , \"). {q3}"
        doc = doc.replace(". " + q3, "." + q3)
        t.grep("safe_feature_names|special JSON", path=P("src"), output_mode="content", n=True,
               content="\n".join([
                   f"{fp}:{line_of(d, fp, 'def safe_feature_names')}:def safe_feature_names(df: pl.DataFrame) -> pl.DataFrame:",
                   f"{fp}:{line_of(d, fp, q3 + 'Rename columns to names LightGBM')}:{doc}",
                   f"{fp}:{line_of(d, fp, '    return safe_feature_names(')}:    return safe_feature_names(tenure_buckets(pl.concat(frames).collect()))"]))
        t.say("`churn.features.safe_feature_names` does exactly that for the pipeline. I'll use it on the event "
              "columns so the script names match what featurize would produce later.")
        t.edit(sc, "from churn.config import load_params\n",
               "from churn.config import load_params\nfrom churn.features import safe_feature_names\n")
        t.edit(sc, '''    return wide.rename({c: f"ev_{c}" for c in wide.columns if c not in ID_COLS})''',
               '''    wide = wide.rename({c: f"ev_{c}" for c in wide.columns if c not in ID_COLS})
    return safe_feature_names(wide)  # event names contain ":"''')
        slow(t, 3.5).bash("uv run python scripts/exp_event_features.py", "Run the experiment again", timeout=600000,
               out="""baseline (18 features): test PR-AUC 0.4346 (best_iteration 533)
with events (18 + 37 features): test PR-AUC 0.4431 (best_iteration 611)
delta: +0.0085
top event features by gain:
  ev_billing_downgrade_preview        1843.2
  ev_admin_remove_user                1207.9
  ev_integrations_disconnect           866.4
  ev_app_login                         702.1
  ev_billing_view_invoice              511.6
  ev_reports_export_csv                488.0
  ev_settings_change_plan_page         402.3
  ev_support_open_widget               219.8""")
        t.done("""Event counts help: **test PR-AUC 0.4346 → 0.4431 (+0.0085)** — the biggest single gain we've had this month, about three times the lr-003 improvement.

- Script: `scripts/exp_event_features.py` (not in the pipeline). Counts of each of the 37 event types in the 30 days before each snapshot, pivoted wide with polars, joined onto the existing train/valid/test splits (missing = 0); pandas only at the `LGBMClassifier` call.
- The signal is where you'd expect: `billing:downgrade_preview`, `admin:remove_user` and `integrations:disconnect` lead by gain, ahead of raw logins.
- 37 extra columns is a lot; most of the gain probably comes from the top 8–10. Worth checking a reduced set before it goes into featurize.

The first run failed on the second model with `LightGBMError: Do not support special JSON characters in feature name` — the event names contain `:`. The script now passes the pivoted frame through `churn.features.safe_feature_names`, so the columns come out as `ev_billing_downgrade_preview` etc.""")

        t = d.task("log both runs of that script to MLflow, experiment 'churn-exploration'. just switch on "
                   "mlflow.lightgbm.autolog() — I don't want hand-rolled logging code in throwaway scripts",
                   tags=["pref:P3"])
        t.edit(sc, "import lightgbm as lgb\nimport pandas as pd\n", "import lightgbm as lgb\nimport mlflow\nimport pandas as pd\n")
        t.edit(sc, '''def fit_and_score(params: dict, events: pl.DataFrame | None) -> tuple[float, lgb.LGBMClassifier]:''',
               '''def fit_and_score(params: dict, events: pl.DataFrame | None, run_name: str) -> tuple[float, lgb.LGBMClassifier]:''')
        t.edit(sc, '''    clf.fit(
        X_tr,
        y_tr,
        eval_set=[(X_va, y_va)],
        eval_metric="average_precision",
        callbacks=[lgb.early_stopping(params["early_stopping_rounds"], verbose=False)],
    )
    return average_precision_score(y_te, clf.predict_proba(X_te)[:, 1]), clf''', '''    with mlflow.start_run(run_name=run_name):
        clf.fit(
            X_tr,
            y_tr,
            eval_set=[(X_va, y_va)],
            eval_metric="average_precision",
            callbacks=[lgb.early_stopping(params["early_stopping_rounds"], verbose=False)],
        )
        ap = average_precision_score(y_te, clf.predict_proba(X_te)[:, 1])
        mlflow.log_metric("test_average_precision", ap)
    return ap, clf''')
        t.edit(sc, '''    params = load_params()["train"]
    base_ap, base = fit_and_score(params, None)''', '''    params = load_params()["train"]
    mlflow.set_experiment("churn-exploration")
    mlflow.lightgbm.autolog()
    base_ap, base = fit_and_score(params, None, "baseline")''')
        t.edit(sc, "    ev_ap, clf = fit_and_score(params, event_counts(sorted(set(snapshots))))",
               '    ev_ap, clf = fit_and_score(params, event_counts(sorted(set(snapshots))), "events-30d")')
        e1, e2 = runid(), runid()
        mlt = at(d, 0.1, "%Y/%m/%d %H:%M:%S")
        slow(t, 3.5).bash("uv run python scripts/exp_event_features.py", "Run with MLflow autologging", timeout=600000,
               out=f"""baseline (18 features): test PR-AUC 0.4346 (best_iteration 533)
with events (18 + 37 features): test PR-AUC 0.4431 (best_iteration 611)
delta: +0.0085
top event features by gain:
  ev_billing_downgrade_preview        1843.2
  ev_admin_remove_user                1207.9
  ev_integrations_disconnect           866.4
  ev_app_login                         702.1
  ev_billing_view_invoice              511.6
  ev_reports_export_csv                488.0
  ev_settings_change_plan_page         402.3
  ev_support_open_widget               219.8""",
               err=f"""{mlt} INFO mlflow.tracking.fluent: Experiment with name 'churn-exploration' does not exist. Creating a new experiment.
🏃 View run baseline at: {MLF}/#/experiments/12/runs/{e1}
🧪 View experiment at: {MLF}/#/experiments/12
🏃 View run events-30d at: {MLF}/#/experiments/12/runs/{e2}
🧪 View experiment at: {MLF}/#/experiments/12""")
        t.done(f"""Both runs are in MLflow under the new experiment **churn-exploration** ({MLF}/#/experiments/12): `baseline` and `events-30d`.

- `mlflow.lightgbm.autolog()` is switched on once in `main()`; it records the LightGBM params, the per-iteration validation metric and the model for each fit.
- Each fit runs inside a named `mlflow.start_run(...)` so the two runs are distinguishable, and I log the one thing autolog can't know — `test_average_precision` — next to it.
- Same numbers as before: 0.4346 vs 0.4431.""")

        d.precompact("""Analysis: Priyanka (data scientist, Plover) works on the churn model repo /home/priyanka/work/churn-model: uv project (src/churn), polars feature building (churn.features, safe_feature_names helper), DVC pipeline featurize -> split -> train -> evaluate -> report (papermill, -k python3) with an S3 remote, DVC experiments, MLflow at https://mlflow.plover.internal (experiments churn-model, churn-exploration), pre-commit with check-added-large-files, ruff, nbstripout; weekly at-risk list for CS via churn.score and s3://plover-cs-handoff/churn/.

Summary:
1. Week of 10-12: ran Tomás's drift notebook for September (tenure_days PSI 0.18, api_calls_30d 0.14); weekly CS lists for 10-11 and 10-18; tenure buckets merged (#55, test PR-AUC 0.4312 -> 0.4341); experiments lr-003 0.4368, mcs-100 0.4355, leaves-63 0.4297; ticket features PR #56 merged; drift report committed via DVC; refunds bucket access denied (needs data-platform access).
2. Today: scripts/exp_event_features.py compares event-type counts (37 events, 30 days) — baseline 0.4346 vs 0.4431 with events (+0.0085); top events billing:downgrade_preview, admin:remove_user, integrations:disconnect. Runs logged to MLflow experiment churn-exploration via mlflow.lightgbm.autolog().
3. Pending: reduced event feature set before moving events into featurize; retrain with ticket features.""")

        t = d.task("write the #ds-churn update for this week: tenure buckets, ticket features, the lr / leaves / "
                   "min_child experiments and today's event-count result. I'll paste it as is", tags=["noise", "no_tools"])
        t.done("""**#ds-churn — weekly update (w/c 19 Oct)**

**1. Tenure buckets (merged, #55)**
We added one-hot tenure buckets (0–30, 30–90, 90–180, 180–365 and 365+ days) to the feature table. Until now the model only saw tenure as a single number, which makes it hard to express that risk is high in the first three months, drops, and then rises slightly around the first renewal. With the buckets, test PR-AUC went from 0.4312 to 0.4341 (+0.003) and recall in the top 10% from 47.0% to 47.3%. The visible effect on the CS list is that younger accounts show up more often: accounts under 90 days old went from 44 to 71 of the 400 in this week's list. That's intended, but CS should know that the list will look a bit different from now on.

**2. Support-ticket features (merged, #56)**
From the helpdesk export we now compute tickets in the last 30 and 90 days and the share of tickets that were escalated. Churners have about twice as many tickets (0.78 vs 0.41 per 30 days) and twice the escalation share (11.8% vs 6.1%). These are in the feature table but not in a trained model yet — they'll go in with the next retrain. Small technical note: the helpdesk export stores account ids as strings, so they're cast to integers before the join.

**3. Hyperparameter experiments**
We ran three single-change experiments against the tenure-bucket model, judged on test PR-AUC:
- learning rate 0.03 with up to 4000 rounds: 0.4368 (+0.0027), at roughly twice the number of trees
- min_child_samples 100: 0.4355 (+0.0014)
- num_leaves 63: 0.4297 (−0.0044), overfits early
Nothing has been adopted yet. The gains are small, and before we change defaults we want to know how much of that is just noise between runs.

**4. Product-event counts (experiment, today)**
We counted each of the 37 product event types per account in the 30 days before each snapshot and added them as features in a separate script. Test PR-AUC went from 0.4346 to 0.4431 (+0.0085), the largest improvement this month. The strongest signals are viewing the downgrade preview, removing users and disconnecting integrations — all behaviours CS would recognise as warning signs. Both runs are in MLflow under `churn-exploration`.

**5. Blocked**
Finance reported a refund spike in October; we wanted to check whether refunded accounts are over-represented in the at-risk list, but we don't have read access to the billing exports bucket. Access request is pending with data platform.

**Next week**
- Check whether a reduced set of the top event features keeps most of the gain, then move events into the pipeline.
- Retrain with ticket + event features and compare against the current model.
- Look at calibration with Tomás's notebook ahead of the model review.""")

    # ============================================================ S6  Fri 10-23  (acceptEdits)
    with d.session("2026-10-23T10:10:00", R, branch="main", version="2.1.124", permission_mode="acceptEdits"):
        t = d.task("The #ds-churn update you wrote on Wednesday was way too long — I had to cut half of it before "
                   "posting. for these: five lines max — what we tried, the number, what's next. redo Wednesday's in "
                   "that format so I have the template",
                   tags=["feedback", "no_tools"],
                   feedback="The #ds-churn update you wrote on Wednesday was way too long — I had to cut half of it "
                            "before posting.")
        t.done("""Sorry about that — here it is at five lines:

**#ds-churn (w/c 19 Oct)**
- Tried: tenure buckets (merged), ticket features (merged, not yet trained), 3 hyperparameter tweaks, product-event counts (script).
- Numbers: test PR-AUC 0.4312 → 0.4341 with buckets; event counts +0.0085 on top (0.4346 → 0.4431); tweaks ±0.003, not adopted.
- CS impact: more accounts < 90 days old on the list (44 → 71 of 400).
- Blocked: refund check — no access to the billing exports bucket yet.
- Next: trimmed event set into the pipeline, retrain with tickets + events.""")

        t = d.task("the model review is Monday and Kofi wants Tomás's calibration notebook as HTML. execute "
                   "notebooks/03_calibration.ipynb and put the html in reports/", tags=["mistake:M1"])
        t.fail("uv run jupyter nbconvert --to html --execute notebooks/03_calibration.ipynb --output-dir reports/",
               "Execute the calibration notebook to HTML",
               nbconvert_nokernel("notebooks/03_calibration.ipynb", "html", "churn-model"))
        t.say("The notebook wants a kernel called `churn-model`, which isn't registered on this machine (it's whatever "
              "Tomás named his). Let me check how the pipeline runs notebooks.")
        dv = P("dvc.yaml")
        ln = line_of(d, dv, "  report:")
        dl = d.files[dv].split("\n")
        t.grep("papermill", path=dv, output_mode="content", n=True, B=2, A=1,
               content="\n".join(f"{ln + i}{':' if 'papermill' in dl[ln - 1 + i] else '-'}{dl[ln - 1 + i]}"
                                 for i in range(1, 5)))
        t.say("The `report` stage runs its notebook on the project venv's `python3` kernel regardless of the metadata. "
              "nbconvert has the same override via the ExecutePreprocessor.")
        t.bash("uv run jupyter nbconvert --to html --execute --ExecutePreprocessor.kernel_name=python3 "
               "notebooks/03_calibration.ipynb --output-dir reports/", "Execute on the project kernel",
               err="[NbConvertApp] Converting notebook notebooks/03_calibration.ipynb to html\n"
                   "[NbConvertApp] Writing 1318226 bytes to reports/03_calibration.html", timeout=600000)
        t.bash("grep -oE '(ECE|Brier)[^<]{0,60}' reports/03_calibration.html | head -12", "Pull the headline numbers",
               out="""ECE (10 equal-frequency bins): 0.0117
Brier score: 0.0489
ECE by plan: starter 0.0152
ECE by plan: growth 0.0104
ECE by plan: business 0.0121
ECE by plan: enterprise 0.0318
ECE by tenure bucket: &lt;90 days 0.0236
ECE by tenure bucket: 90-365 days 0.0109
ECE by tenure bucket: 365+ days 0.0094""")
        t.done("""`reports/03_calibration.html` is ready (1.3 MB, executed against the current model).

Headline for the review: overall calibration is good — ECE 0.0117 over 10 equal-frequency bins, Brier 0.0489. The weak spots are **enterprise** (ECE 0.032, few accounts so noisy) and **accounts under 90 days** (0.024), the group that grew with the tenure buckets.

nbconvert first failed with `NoSuchKernel: No such kernel named churn-model` — the notebook's metadata names Tomás's kernel. I ran it with `--ExecutePreprocessor.kernel_name=python3`, the same thing the DVC `report` stage does with papermill's `-k python3`. The notebook itself is unchanged.""")

        t = d.task("Finance sent the October price book (~/Downloads/price_book_2026-10.csv). put it under "
                   "data/reference/, use it in featurize — list price per seat for the account's plan at the snapshot "
                   "date, and the discount vs list (1 - mrr / (seats * list price)). retrain, then commit everything "
                   "on a branch", tags=["mistake:M3"])
        pb_mtime = lsdate(local(d.clock))
        t.bash("git switch -c feat/price-book && cp ~/Downloads/price_book_2026-10.csv data/reference/ && "
               "head -4 data/reference/price_book_2026-10.csv && wc -l data/reference/price_book_2026-10.csv",
               "Branch, copy the price book and look at it", err="Switched to a new branch 'feat/price-book'",
               out="""plan_id,plan_name,add_on,region,currency,list_price_per_seat,valid_from,valid_to
starter-m,Starter,base,US,USD,19.00,2024-01-01,2025-06-30
starter-m,Starter,base,US,USD,21.00,2025-07-01,
starter-m,Starter,base,EMEA,EUR,19.00,2024-01-01,
64213 data/reference/price_book_2026-10.csv""")
        t.read(fp)
        t.edit(fp, '''RAW = Path("data/raw")
OUT = Path("data/features/features.parquet")''', '''RAW = Path("data/raw")
PRICE_BOOK = Path("data/reference/price_book_2026-10.csv")
OUT = Path("data/features/features.parquet")''')
        t.edit(fp, '''def snapshot_frame(snapshot: date, params: dict) -> pl.LazyFrame:''', '''def list_prices(snapshot: date) -> pl.LazyFrame:
    """US list price per seat of each plan's base SKU, valid at the snapshot date."""
    return (
        pl.scan_csv(PRICE_BOOK, try_parse_dates=True)
        .filter(
            (pl.col("add_on") == "base")
            & (pl.col("region") == "US")
            & (pl.col("valid_from") <= snapshot)
            & (pl.col("valid_to").is_null() | (pl.col("valid_to") >= snapshot))
        )
        .select(pl.col("plan_id").cast(pl.Categorical), "list_price_per_seat")
    )


def snapshot_frame(snapshot: date, params: dict) -> pl.LazyFrame:''')
        t.edit(fp, '''        .join(tickets(snapshot), on="account_id", how="left")
''', '''        .join(tickets(snapshot), on="account_id", how="left")
        .join(list_prices(snapshot), on="plan_id", how="left")
''')
        t.edit(fp, '''            (pl.col("mrr") - pl.col("mrr_90d_ago")).alias("mrr_delta_90d"),
''', '''            (pl.col("mrr") - pl.col("mrr_90d_ago")).alias("mrr_delta_90d"),
            (1 - pl.col("mrr") / (pl.col("seats") * pl.col("list_price_per_seat"))).alias("discount_vs_list"),
''')
        t.read(tf)
        t.edit(tf, '''    ).write_parquet(tmp_path / "tickets.parquet")
    monkeypatch.setattr(features, "RAW", tmp_path)''', '''    ).write_parquet(tmp_path / "tickets.parquet")
    (tmp_path / "price_book.csv").write_text(
        "plan_id,plan_name,add_on,region,currency,list_price_per_seat,valid_from,valid_to\\n"
        "growth-m,Growth,base,US,USD,45.00,2024-01-01,\\n"
        "starter-m,Starter,base,US,USD,19.00,2024-01-01,\\n"
    )
    monkeypatch.setattr(features, "RAW", tmp_path)
    monkeypatch.setattr(features, "PRICE_BOOK", tmp_path / "price_book.csv")''')
        t.edit(tf, '''def test_tenure_buckets_one_hot(raw):''', '''def test_discount_vs_list(raw):
    df = features.build_features("2026-06", PARAMS)
    row = df.filter((pl.col("account_id") == 1) & (pl.col("snapshot_date") == date(2026, 6, 30)))
    assert row["list_price_per_seat"].item() == 45.0
    assert row["discount_vs_list"].item() == pytest.approx(1 - 540 / (12 * 45))


def test_tenure_buckets_one_hot(raw):''')
        t.read(dv)
        t.edit(dv, '''    deps:
      - data/raw
      - src/churn/features.py''', '''    deps:
      - data/raw
      - data/reference/price_book_2026-10.csv
      - src/churn/features.py''')
        t.bash("uv run pytest tests/test_features.py -q", "Feature tests", out=dots(7) + "\n7 passed in 1.34s")
        r2 = ("tidy-wren-406", runid())
        slow(t, 3.5).bash("dvc repro evaluate && dvc metrics diff main", "Retrain, evaluate and compare with main",
               timeout=600000, out=repro([
                   ("dvcfile", "data/raw.dvc"),
                   ("run", "featurize", FEAT, feat_out(287114, 23, "6.08%")),
                   ("run", "split", SPLIT, split_out(191204, 47955, 47955)),
                   ("run", "train", TRAIN, train_out([(200, "0.423940", "0.857716"), (400, "0.434102", "0.861385")],
                                                      (561, "0.437216", "0.862274"), r2)),
                   ("run", "evaluate", EVAL, eval_out("0.4398", "0.8631", "0.4792", "0.2925", "0.0485"))]) + """
Path                        Metric                   main     workspace    Change
reports/metrics.json        brier                    0.0489   0.0485       -0.0004
reports/metrics.json        pr_auc                   0.4341   0.4398       0.0057
reports/metrics.json        precision_at_top10       0.2884   0.2925       0.0041
reports/metrics.json        recall_at_top10          0.4726   0.4792       0.0066
reports/metrics.json        roc_auc                  0.8604   0.8631       0.0027
reports/train_metrics.json  best_iteration           538      561          23
reports/train_metrics.json  valid_auc                0.86022  0.86227      0.00205
reports/train_metrics.json  valid_average_precision  0.43362  0.43722      0.0036""")
        t.fail('git add data/reference/price_book_2026-10.csv dvc.yaml dvc.lock src/churn/features.py '
               'tests/test_features.py && git commit -m "features: list price per seat and discount vs list from the '
               'finance price book"', "Commit on the branch",
               precommit(PYH | {"check yaml"}, dict([large([("data/reference/price_book_2026-10.csv", 4417)])])))
        t.bash("ls -la data/reference/ && git check-ignore -v data/reference/price_book_2026-10.csv || true",
               "What else is in data/reference", out=f"""total 4436
drwxr-xr-x 2 priyanka priyanka    4096 {pb_mtime} .
drwxr-xr-x 8 priyanka priyanka    4096 Oct 21 14:38 ..
-rw-r--r-- 1 priyanka priyanka 4522190 {pb_mtime} price_book_2026-10.csv
-rw-r--r-- 1 priyanka priyanka    2311 Mar  4  2026 regions.csv""")
        t.say("Only the 4.4 MB price book trips the hook (1 MB limit); everything else in the commit is fine. Data "
              "that size belongs in DVC here, like `data/raw`. I'll unstage it and track it with `dvc add`, then "
              "commit the pointer together with the rest — the featurize stage can keep depending on the file.")
        t.bash("git restore --staged data/reference/price_book_2026-10.csv && "
               "dvc add data/reference/price_book_2026-10.csv", "Track the price book with DVC",
               out=dvc_add_out("data/reference/price_book_2026-10.csv"))
        c, cm = commit_out("feat/price-book", "features: list price per seat and discount vs list from the finance "
                           "price book", 6, 71, 9, creates=["data/reference/.gitignore",
                                                            "data/reference/price_book_2026-10.csv.dvc"])
        t.bash('git add data/reference/price_book_2026-10.csv.dvc data/reference/.gitignore && git commit -m '
               '"features: list price per seat and discount vs list from the finance price book"',
               "Commit with the DVC pointer", out=precommit(PYH | {"check yaml"}) + "\n" + cm)
        t.bash("dvc push", "Upload price book, features, split and model", out="5 files pushed", timeout=600000)
        t.done(f"""Done, on `feat/price-book` (commit `{c}`):

- `features.py`: `list_prices()` takes the US base-SKU list price per seat valid at each snapshot; new features `list_price_per_seat` and `discount_vs_list` (= 1 − mrr / (seats × list price)). Test `test_discount_vs_list`; 7/7 feature tests pass.
- `dvc.yaml`: featurize now depends on the price book, so a new price book re-runs the pipeline.
- **Retrained** (this also picks up the ticket features): test PR-AUC 0.4341 → **0.4398** (+0.0057), recall@top10% 0.473 → 0.479, brier 0.0489 → 0.0485. MLflow run `{r2[0]}`.

The price book itself (4.4 MB) is **tracked with DVC**, not git: the first commit was blocked by the large-file hook, so I unstaged it, ran `dvc add`, and committed `price_book_2026-10.csv.dvc` + `data/reference/.gitignore` instead. `dvc push` uploaded it together with the new features, split and model.""")

        t = d.task("ship it", tags=["workflow:W3"])
        t.bash("uv run ruff check . && uv run ruff format --check .", "Lint and format check",
               out="All checks passed!\n28 files already formatted")
        t.bash("uv run pytest -q", "Full test suite", out=dots(18) + "\n18 passed in 7.12s", timeout=600000)
        t.bash("git push -u origin feat/price-book", "Push the branch", err=push_new("feat/price-book"))
        t.bash('gh pr create --base main --title "features: list price and discount vs list from the price book" '
               '--body "- price book (Finance, Oct 2026) tracked with DVC under data/reference/, featurize depends on it\n'
               '- list_price_per_seat (US base SKU valid at the snapshot) and discount_vs_list\n'
               '- retrained incl. ticket features: test PR-AUC 0.4341 -> 0.4398, recall@top10% 0.473 -> 0.479"',
               "Open the PR", out=f"{GH}/pull/59")
        t.done(f"PR: {GH}/pull/59. Ruff clean, 18 tests pass; data and model were already pushed to the DVC remote in "
               "the previous step, so the lock file in the PR resolves.")

    # ============================================================ S7  Mon 10-26
    with d.session("2026-10-26T09:15:00", R, branch="main", version="2.1.126"):
        t = d.task("monday list for CS — as-of yesterday. and tell me how much the new model changed it",
                   tags=["workflow:W2"])
        t.bash("git pull --ff-only", "Update main", out="""Updating 8a1f3c6..e27d94b
Fast-forward
 data/raw.dvc                              |  6 +++---
 data/reference/.gitignore                 |  1 +
 data/reference/price_book_2026-10.csv.dvc |  5 +++++
 dvc.lock                                  | 34 +++++++++++++++++-----------------
 dvc.yaml                                  |  1 +
 src/churn/features.py                     | 23 +++++++++++++++++++++++
 tests/test_features.py                    | 17 +++++++++++++++++
 7 files changed, 70 insertions(+), 17 deletions(-)
 create mode 100644 data/reference/.gitignore
 create mode 100644 data/reference/price_book_2026-10.csv.dvc""",
               err="From github.com:plover-data/churn-model\n   8a1f3c6..e27d94b  main       -> origin/main")
        t.bash("dvc pull data/raw.dvc train", "Fetch this week's raw export and the merged model", timeout=600000,
               out="M       data/raw/\nM       models/model.txt\n2 files modified and 4 files fetched")
        slow(t, 0.5).bash("uv run python -m churn.score --as-of 2026-10-25", "Score accounts as of 2026-10-25", out="""features as of 2026-10-25: 49,287 accounts (min tenure 14d)
model: models/model.txt (23 features, best_iteration 561)
risk: p50 0.030  p90 0.144  p99 0.446
top 400 by risk: mean p 0.409, MRR at risk $238,120
wrote exports/at_risk_2026-10-25.csv (400 rows)""")
        t.bash("uv run python -c \"import polars as pl; a = pl.read_csv('exports/at_risk_2026-10-25.csv'); "
               "b = pl.read_csv('exports/at_risk_2026-10-18.csv'); new = a.filter(~pl.col('account_id').is_in(b['account_id'])); "
               "print('carried over:', 400 - new.height); print('new:', new.height); "
               "print(new.select(pl.col('top_reasons').str.split(';').list.first().value_counts(sort=True)).unnest('top_reasons').head(6))\"",
               "What changed vs last week", out="""carried over: 214
new: 186
shape: (6, 2)
┌───────────────────────┬───────┐
│ top_reasons           ┆ count │
│ ---                   ┆ ---   │
│ str                   ┆ u32   │
╞═══════════════════════╪═══════╡
│ discount_vs_list      ┆ 41    │
│ days_since_last_login ┆ 37    │
│ tickets_30d           ┆ 33    │
│ active_user_ratio     ┆ 29    │
│ mrr_delta_90d         ┆ 18    │
│ escalated_share_90d   ┆ 11    │
└───────────────────────┴───────┘""")
        t.bash("aws s3 cp exports/at_risk_2026-10-25.csv s3://plover-cs-handoff/churn/at_risk_2026-10-25.csv",
               "Hand the list to CS",
               out="upload: exports/at_risk_2026-10-25.csv to s3://plover-cs-handoff/churn/at_risk_2026-10-25.csv")
        t.done("""Uploaded `s3://plover-cs-handoff/churn/at_risk_2026-10-25.csv` (400 accounts, as of 2026-10-25), scored with the merged price-book model (23 features).

**How much it changed:** 186 of the 400 are new vs last week — normally it's ~110–130, so roughly 60–70 of the changes come from the model rather than the accounts. For the newcomers the leading reason is mostly one of the new features: `discount_vs_list` (41 — heavily discounted accounts), `tickets_30d` (33) and `escalated_share_90d` (11), next to the usual `days_since_last_login` / `active_user_ratio`.

Worth telling CS: expect more "deep discount" and "lots of support tickets" accounts this week; MRR at risk in the top 400 went up to $238k (from $221k), mostly from those discounted mid-size accounts.""")

        t = d.task("Kofi asked how much PR-AUC moves with the random seed alone. write scripts/seed_stability.py: "
                   "retrain with seeds 1–5 on the current split and params, print test PR-AUC per seed and mean ± sd",
                   tags=["oneoff:O2"])
        ss = P("scripts/seed_stability.py")
        t.write(ss, '''"""How much does test PR-AUC move with the random seed alone? Retrains with seeds 1-5."""

from __future__ import annotations

import statistics

import lightgbm as lgb
import pandas as pd
from sklearn.metrics import average_precision_score

from churn.config import load_params

ID_COLS = ["account_id", "snapshot_date"]
TARGET = "churned_90d"


def load(name: str) -> tuple[pd.DataFrame, pd.Series]:
    df = pd.read_parquet(f"data/split/{name}.parquet")
    return df.drop(columns=[*ID_COLS, TARGET]), df[TARGET]


def main() -> None:
    p = load_params()["train"]
    X_tr, y_tr = load("train")
    X_va, y_va = load("valid")
    X_te, y_te = load("test")
    scores = []
    for seed in range(1, 6):
        params = {
            "objective": "binary",
            "metric": "average_precision",
            "learning_rate": p["learning_rate"],
            "num_leaves": p["num_leaves"],
            "min_child_samples": p["min_child_samples"],
            "feature_fraction": p["feature_fraction"],
            "bagging_fraction": p["bagging_fraction"],
            "bagging_freq": p["bagging_freq"],
            "seed": seed,
            "verbose": -1,
        }
        train_set = lgb.Dataset(X_tr, y_tr)
        booster = lgb.train(
            params,
            train_set,
            num_boost_round=p["num_boost_round"],
            valid_sets=[lgb.Dataset(X_va, y_va, reference=train_set)],
            early_stopping_rounds=p["early_stopping_rounds"],
            verbose_eval=False,
        )
        ap = average_precision_score(y_te, booster.predict(X_te, num_iteration=booster.best_iteration))
        scores.append(ap)
        print(f"seed {seed}: PR-AUC {ap:.4f} (best_iteration {booster.best_iteration})")
    print(f"mean {statistics.mean(scores):.4f} ± {statistics.stdev(scores):.4f} (sd over {len(scores)} seeds)")


if __name__ == "__main__":
    main()
''')
        t.fail("uv run python scripts/seed_stability.py", "Run the seed stability check", tb_frames([
            (ss, line_of(d, ss, "    main()\n"), "<module>", "main()"),
            (ss, line_of(d, ss, "booster = lgb.train("), "main", "booster = lgb.train(", "lgb.train(")])
            + "\nTypeError: train() got an unexpected keyword argument 'early_stopping_rounds'", timeout=600000)
        t.say("LightGBM 4 removed the `early_stopping_rounds` / `verbose_eval` arguments of `lgb.train`; early "
              "stopping is a callback now (that's how `churn.train` does it).")
        t.edit(ss, '''            early_stopping_rounds=p["early_stopping_rounds"],
            verbose_eval=False,
''', '''            callbacks=[lgb.early_stopping(p["early_stopping_rounds"], verbose=False)],
''')
        slow(t, 4).bash("uv run python scripts/seed_stability.py", "Run the seed stability check", timeout=600000,
               out="""seed 1: PR-AUC 0.4391 (best_iteration 549)
seed 2: PR-AUC 0.4412 (best_iteration 604)
seed 3: PR-AUC 0.4376 (best_iteration 522)
seed 4: PR-AUC 0.4405 (best_iteration 577)
seed 5: PR-AUC 0.4383 (best_iteration 538)
mean 0.4393 ± 0.0015 (sd over 5 seeds)""")
        t.done("""Seed alone moves test PR-AUC by **±0.0015 (sd)**, range 0.4376–0.4412 over seeds 1–5 (mean 0.4393; the committed seed 42 gives 0.4398).

What that means for earlier results:
- lr-003 (+0.0027) and mcs-100 (+0.0014) are within ~1–2 sd — not distinguishable from seed noise on a single run.
- Ticket + price-book features (+0.0057) and the event counts (+0.0085) are clearly above it.

Rule of thumb for Kofi: on this test snapshot, differences under ~0.003 need several seeds (or CV) before we believe them. Script: `scripts/seed_stability.py` (my first version used `early_stopping_rounds=` in `lgb.train`, which LightGBM 4 no longer accepts — it uses the `lgb.early_stopping` callback now).""")

        t = d.task("add shap to the notebooks group and make a beeswarm of the current model on 5k test rows, saved "
                   "to reports/figures/shap_beeswarm.png. top 5 features in words please", tags=["flaky:F2", "noise"])
        slow(t, 0.6).fail("uv add --group notebooks shap", "Add shap to the notebooks dependency group",
               """error: Failed to fetch: `https://pypi.org/simple/shap/`
  Caused by: Request failed after 3 retries
  Caused by: error sending request for url (https://pypi.org/simple/shap/)
  Caused by: operation timed out""", code=2)
        t.bash("uv add --group notebooks shap", "Add shap to the notebooks dependency group",
               err="""Resolved 193 packages in 2.41s
Prepared 5 packages in 3.02s
Installed 5 packages in 61ms
 + cloudpickle==3.1.1
 + llvmlite==0.45.1
 + numba==0.62.1
 + shap==0.49.1
 + slicer==0.0.8""")
        t.write(P("scripts/shap_beeswarm.py"), '''"""SHAP beeswarm of the current model on a sample of the test split.

Uses LightGBM's own pred_contrib (the same values churn.score turns into top_reasons).
"""

from pathlib import Path

import lightgbm as lgb
import matplotlib.pyplot as plt
import pandas as pd
import shap

ID_COLS = ["account_id", "snapshot_date"]
TARGET = "churned_90d"
OUT = Path("reports/figures/shap_beeswarm.png")


def main() -> None:
    booster = lgb.Booster(model_file="models/model.txt")
    X = pd.read_parquet("data/split/test.parquet").drop(columns=[*ID_COLS, TARGET]).sample(5000, random_state=42)
    contrib = booster.predict(X, pred_contrib=True)
    explanation = shap.Explanation(
        values=contrib[:, :-1],
        base_values=contrib[:, -1],
        data=X.assign(plan_id=X["plan_id"].cat.codes).astype(float).values,
        feature_names=list(X.columns),
    )
    OUT.parent.mkdir(parents=True, exist_ok=True)
    shap.plots.beeswarm(explanation, max_display=15, show=False)
    plt.tight_layout()
    plt.savefig(OUT, dpi=150)

    mean_abs = pd.Series(abs(contrib[:, :-1]).mean(axis=0), index=X.columns).sort_values(ascending=False)
    print("mean |SHAP| (log-odds), top 10:")
    print(mean_abs.head(10).round(4).to_string())
    print(f"saved {OUT}")


if __name__ == "__main__":
    main()
''')
        slow(t, 0.7).bash("uv run python scripts/shap_beeswarm.py", "Compute SHAP values and draw the beeswarm", timeout=600000,
               out="""mean |SHAP| (log-odds), top 10:
days_since_last_login    0.3127
active_user_ratio        0.2481
tenure_days              0.1906
mrr_delta_90d            0.1644
logins_30d               0.1390
discount_vs_list         0.1168
invoices_overdue         0.0972
tickets_30d              0.0815
api_calls_30d            0.0744
seats                    0.0631
saved reports/figures/shap_beeswarm.png""")
        t.done("""`reports/figures/shap_beeswarm.png` is saved (5,000 test rows, current 23-feature model). `shap` is in the `notebooks` group now (`uv add` timed out against PyPI once; the identical retry went through).

Top 5 by mean |SHAP|:
1. **Days since last login** — the strongest signal by a margin: long silences push risk up sharply.
2. **Active-user ratio** — accounts using few of the seats they pay for.
3. **Tenure** — young accounts are riskier (the buckets sharpen the first 90 days).
4. **MRR change over 90 days** — downgrades and seat reductions ahead of churn.
5. **Logins in the last 30 days** — overlaps with #1 but adds the intensity.

The new price-book feature `discount_vs_list` is already 6th, tickets 8th. The script uses LightGBM's `pred_contrib`, i.e. the same values `churn.score` turns into `top_reasons`, so the plot and the CS list agree.""")

    # ============================================================ S8  Thu 10-29
    with d.session("2026-10-29T14:40:00", R, branch="feat/industry-tuning", version="2.1.127"):
        t = d.task("write src/churn/tune.py: a small grid search with lgb.cv (5-fold, stratified) over num_leaves × "
                   "min_child_samples on the train split, returning a table sorted by average precision, plus a smoke "
                   "test in tests/test_tune.py on a tiny synthetic frame. also try the CRM industry field "
                   "(accounts.parquet) as one-hot columns in there — Sales Ops is convinced it matters. tuning code "
                   "only for now, don't touch featurize", tags=["mistake:M2"])
        t.bash("git switch -c feat/industry-tuning && uv run python -c \"import polars as pl; "
               "print(pl.read_parquet('data/raw/accounts.parquet', columns=['industry'])['industry'].value_counts(sort=True).head(10))\"",
               "Branch and look at the industry values", err="Switched to a new branch 'feat/industry-tuning'",
               out="""shape: (10, 2)
┌───────────────────────┬───────┐
│ industry              ┆ count │
│ ---                   ┆ ---   │
│ str                   ┆ u32   │
╞═══════════════════════╪═══════╡
│ Software, SaaS        ┆ 14208 │
│ Professional Services ┆ 7311  │
│ Retail & E-commerce   ┆ 5902  │
│ null                  ┆ 4877  │
│ Financial Services    ┆ 4150  │
│ Healthcare: Providers ┆ 3066  │
│ Manufacturing         ┆ 2984  │
│ Media & Entertainment ┆ 2215  │
│ Education [K-12]      ┆ 1490  │
│ Nonprofit             ┆ 1322  │
└───────────────────────┴───────┘""")
        tr = P("src/churn/train.py")
        t.read(tr)
        tu = P("src/churn/tune.py")
        t.write(tu, '''"""Small grid search over LightGBM tree-size parameters with lgb.cv on the train split."""

from __future__ import annotations

import itertools

import lightgbm as lgb
import polars as pl

from churn.config import load_params

ID_COLS = ["account_id", "snapshot_date"]
TARGET = "churned_90d"
GRID = {"num_leaves": [31, 47, 63], "min_child_samples": [50, 120]}


def with_industry(frame: pl.DataFrame, accounts: pl.DataFrame) -> pl.DataFrame:
    """Join the CRM industry onto a feature frame as one-hot columns (missing industry gets its own column)."""
    return frame.join(accounts.select("account_id", "industry"), on="account_id", how="left").to_dummies("industry")


def grid_search(
    frame: pl.DataFrame,
    lgb_params: dict,
    num_boost_round: int = 2000,
    grid: dict = GRID,
    nfold: int = 5,
    seed: int = 42,
) -> pl.DataFrame:
    pdf = frame.to_pandas()
    data = lgb.Dataset(pdf.drop(columns=[*ID_COLS, TARGET]), pdf[TARGET], free_raw_data=False)
    rows = []
    for num_leaves, min_child in itertools.product(grid["num_leaves"], grid["min_child_samples"]):
        params = lgb_params | {"num_leaves": num_leaves, "min_child_samples": min_child}
        res = lgb.cv(
            params,
            data,
            num_boost_round=num_boost_round,
            nfold=nfold,
            stratified=True,
            seed=seed,
            callbacks=[lgb.early_stopping(100, verbose=False)],
        )
        rows.append(
            {
                "num_leaves": num_leaves,
                "min_child_samples": min_child,
                "cv_average_precision": res["valid average_precision-mean"][-1],
                "cv_sd": res["valid average_precision-stdv"][-1],
                "rounds": len(res["valid average_precision-mean"]),
            }
        )
    return pl.DataFrame(rows).sort("cv_average_precision", descending=True)


def main() -> None:
    p = load_params()["train"]
    lgb_params = {
        "objective": "binary",
        "metric": "average_precision",
        "learning_rate": p["learning_rate"],
        "feature_fraction": p["feature_fraction"],
        "bagging_fraction": p["bagging_fraction"],
        "bagging_freq": p["bagging_freq"],
        "seed": p["seed"],
        "verbose": -1,
    }
    train = pl.read_parquet("data/split/train.parquet")
    accounts = pl.read_parquet("data/raw/accounts.parquet", columns=["account_id", "industry"])
    for label, frame in (("base", train), ("+industry", with_industry(train, accounts))):
        print(f"== {label} ({frame.width - len(ID_COLS) - 1} features)")
        print(grid_search(frame, lgb_params, p["num_boost_round"]).head(5))


if __name__ == "__main__":
    main()
''')
        tt = P("tests/test_tune.py")
        t.write(tt, '''from datetime import date

import numpy as np
import polars as pl
import polars.selectors as cs

from churn import tune

SMALL_GRID = {"num_leaves": [7, 15], "min_child_samples": [10]}
INDUSTRIES = ["Software, SaaS", "Retail & E-commerce", "Healthcare: Providers", None]
PARAMS = {"objective": "binary", "metric": "average_precision", "verbose": -1}


def synthetic(n: int = 400, seed: int = 0) -> pl.DataFrame:
    rng = np.random.default_rng(seed)
    x = rng.normal(size=n)
    return pl.DataFrame(
        {
            "account_id": np.arange(n),
            "snapshot_date": [date(2026, 6, 30)] * n,
            "logins_30d": rng.poisson(10, n),
            "x": x,
            "churned_90d": (x + rng.normal(scale=0.5, size=n) > 1.2).astype(np.int8),
        }
    )


def accounts(n: int) -> pl.DataFrame:
    return pl.DataFrame({"account_id": np.arange(n), "industry": (INDUSTRIES * n)[:n]})


def test_with_industry_one_hot():
    out = tune.with_industry(synthetic(8), accounts(8))
    assert (out.select(cs.starts_with("industry")).sum_horizontal() == 1).all()


def test_grid_search_smoke():
    frame = tune.with_industry(synthetic(), accounts(400))
    result = tune.grid_search(frame, PARAMS, num_boost_round=50, grid=SMALL_GRID, nfold=3)
    assert result.height == 2
    assert result["cv_average_precision"].is_sorted(descending=True)
''')
        ln_t = line_of(d, tt, "    result = tune.grid_search(")
        ln_c = line_of(d, tu, "        res = lgb.cv(")
        t.fail("uv run pytest tests/test_tune.py -q --tb=short", "Run the tuning tests", f""".F{"[100%]".rjust(77)}
{sep("FAILURES")}
{sep("test_grid_search_smoke", "_")}
tests/test_tune.py:{ln_t}: in test_grid_search_smoke
    result = tune.grid_search(frame, PARAMS, num_boost_round=50, grid=SMALL_GRID, nfold=3)
src/churn/tune.py:{ln_c}: in grid_search
    res = lgb.cv(
.venv/lib/python3.12/site-packages/lightgbm/engine.py:799: in cv
    cvbooster = _make_n_folds(
.venv/lib/python3.12/site-packages/lightgbm/engine.py:569: in _make_n_folds
    full_data = full_data.construct()
.venv/lib/python3.12/site-packages/lightgbm/basic.py:2600: in construct
    self._lazy_init(
.venv/lib/python3.12/site-packages/lightgbm/basic.py:2180: in _lazy_init
    self.set_feature_name(feature_name)
.venv/lib/python3.12/site-packages/lightgbm/basic.py:3092: in set_feature_name
    _safe_call(
.venv/lib/python3.12/site-packages/lightgbm/basic.py:313: in _safe_call
    raise LightGBMError(_LIB.LGBM_GetLastError().decode("utf-8"))
E   {LGB_ERR}
{sep("Captured stdout call", "-")}
{LGB_FATAL}
{sep("short test summary info")}
FAILED tests/test_tune.py::test_grid_search_smoke - {LGB_ERR}
1 failed, 1 passed in 2.86s""")
        t.say("The one-hot columns carry the raw industry names (`industry_Software, SaaS`, `industry_Healthcare: "
              "Providers`, `industry_Education [K-12]` on real data), and LightGBM rejects `,` `:` `[ ]` in feature "
              "names. Let me see whether the package already has a cleaner for that.")
        t.grep("def safe_feature_names", path=P("src/churn"), output_mode="files_with_matches", filenames=[fp])
        t.read(fp, offset=line_of(d, fp, "_UNSAFE = re.compile"), limit=10)
        t.say("`churn.features.safe_feature_names` is what featurize uses. Applying it to the one-hot output keeps the "
              "names consistent with the pipeline (`industry_Software_SaaS`).")
        t.edit(tu, "from churn.config import load_params\n",
               "from churn.config import load_params\nfrom churn.features import safe_feature_names\n")
        t.edit(tu, '''    return frame.join(accounts.select("account_id", "industry"), on="account_id", how="left").to_dummies("industry")''',
               '''    joined = frame.join(accounts.select("account_id", "industry"), on="account_id", how="left")
    return safe_feature_names(joined.to_dummies("industry"))''')
        t.bash("uv run pytest tests/test_tune.py -q --tb=short", "Run the tuning tests again",
               out=dots(2) + "\n2 passed in 3.41s")
        slow(t, 8).bash("uv run python -m churn.tune", "Grid search on the real train split, with and without industry",
               timeout=600000, out="""== base (23 features)
shape: (5, 5)
┌────────────┬───────────────────┬──────────────────────┬──────────┬────────┐
│ num_leaves ┆ min_child_samples ┆ cv_average_precision ┆ cv_sd    ┆ rounds │
│ ---        ┆ ---               ┆ ---                  ┆ ---      ┆ ---    │
│ i64        ┆ i64               ┆ f64                  ┆ f64      ┆ i64    │
╞════════════╪═══════════════════╪══════════════════════╪══════════╪════════╡
│ 47         ┆ 120               ┆ 0.446213             ┆ 0.005804 ┆ 412    │
│ 31         ┆ 120               ┆ 0.445302             ┆ 0.005662 ┆ 571    │
│ 63         ┆ 120               ┆ 0.444960             ┆ 0.005931 ┆ 355    │
│ 31         ┆ 50                ┆ 0.444102             ┆ 0.005720 ┆ 548    │
│ 47         ┆ 50                ┆ 0.443387             ┆ 0.006117 ┆ 384    │
└────────────┴───────────────────┴──────────────────────┴──────────┴────────┘
== +industry (33 features)
shape: (5, 5)
┌────────────┬───────────────────┬──────────────────────┬──────────┬────────┐
│ num_leaves ┆ min_child_samples ┆ cv_average_precision ┆ cv_sd    ┆ rounds │
│ ---        ┆ ---               ┆ ---                  ┆ ---      ┆ ---    │
│ i64        ┆ i64               ┆ f64                  ┆ f64      ┆ i64    │
╞════════════╪═══════════════════╪══════════════════════╪══════════╪════════╡
│ 47         ┆ 120               ┆ 0.446688             ┆ 0.005911 ┆ 407    │
│ 31         ┆ 120               ┆ 0.445730             ┆ 0.005540 ┆ 566    │
│ 63         ┆ 120               ┆ 0.445207             ┆ 0.005873 ┆ 352    │
│ 31         ┆ 50                ┆ 0.444377             ┆ 0.005816 ┆ 560    │
│ 47         ┆ 50                ┆ 0.443615             ┆ 0.006231 ┆ 379    │
└────────────┴───────────────────┴──────────────────────┴──────────┴────────┘""")
        t.done("""`src/churn/tune.py` and `tests/test_tune.py` are in (branch `feat/industry-tuning`, not committed):

- `grid_search(frame, lgb_params, …)`: 5-fold stratified `lgb.cv` with early stopping over the grid (num_leaves 31/47/63 × min_child_samples 50/120), returns a polars table sorted by CV average precision (mean, sd, rounds).
- `with_industry(frame, accounts)`: joins the CRM industry and one-hot encodes it (missing → `industry_null`).
- `python -m churn.tune` runs the grid on the train split with and without industry.

**Results (CV average precision):**
- Best base setting: **num_leaves 47, min_child_samples 120** — 0.4462 vs 0.4441 for the current 31/50; all six settings are within 0.003, well inside one CV sd (~0.006). The larger `min_child_samples` is better for every leaf count.
- **Industry adds nothing measurable:** best 0.4467 vs 0.4462 (+0.0005, a tenth of the fold sd). I'd tell Sales Ops the model doesn't find it useful beyond what usage and billing already capture.

The smoke test first failed with `LightGBMError: Do not support special JSON characters in feature name` — the industry picklist values (`Software, SaaS`, `Healthcare: Providers`, `Education [K-12]`) end up in the dummy column names. `with_industry` now runs the result through `churn.features.safe_feature_names`, the same cleaner featurize uses.""")

        t = d.task("about MLflow autolog: turn it off. no more autolog anywhere — every run gets ~60 params plus the "
                   "full eval history and the comparison view is unreadable. log explicitly: the train params we "
                   "actually set, PR-AUC, ROC-AUC, best_iteration. start with scripts/exp_event_features.py",
                   tags=["reversal:P3"])
        t.grep("autolog", path=R, glob="*.py", output_mode="files_with_matches", filenames=[sc])
        t.read(sc)
        t.edit(sc, "from sklearn.metrics import average_precision_score\n",
               "from sklearn.metrics import average_precision_score, roc_auc_score\n")
        t.edit(sc, '''        ap = average_precision_score(y_te, clf.predict_proba(X_te)[:, 1])
        mlflow.log_metric("test_average_precision", ap)
    return ap, clf''', '''        proba = clf.predict_proba(X_te)[:, 1]
        ap = average_precision_score(y_te, proba)
        mlflow.log_params(params | {"n_features": clf.n_features_in_})
        mlflow.log_metrics(
            {"test_pr_auc": ap, "test_roc_auc": roc_auc_score(y_te, proba), "best_iteration": clf.best_iteration_}
        )
    return ap, clf''')
        t.edit(sc, '''    mlflow.set_experiment("churn-exploration")
    mlflow.lightgbm.autolog()
''', '''    mlflow.set_experiment("churn-exploration")
''')
        e3, e4 = runid(), runid()
        slow(t, 3.5).bash("uv run python scripts/exp_event_features.py", "Re-run with explicit MLflow logging", timeout=600000,
               out="""baseline (23 features): test PR-AUC 0.4398 (best_iteration 561)
with events (23 + 37 features): test PR-AUC 0.4479 (best_iteration 640)
delta: +0.0081
top event features by gain:
  ev_billing_downgrade_preview        1790.6
  ev_admin_remove_user                1151.2
  ev_integrations_disconnect           842.9
  ev_app_login                         655.0
  ev_billing_view_invoice              497.3
  ev_reports_export_csv                463.8
  ev_settings_change_plan_page         391.5
  ev_support_open_widget               204.6""",
               err=f"""🏃 View run baseline at: {MLF}/#/experiments/12/runs/{e3}
🧪 View experiment at: {MLF}/#/experiments/12
🏃 View run events-30d at: {MLF}/#/experiments/12/runs/{e4}
🧪 View experiment at: {MLF}/#/experiments/12""")
        t.done("""Autolog is off. `scripts/exp_event_features.py` was the only place using it (`train.py` and `tune.py` never did). It now logs explicitly, per run:

- **params:** the `train` section of params.yaml that the model actually uses (learning rate, leaves, min_child_samples, fractions, seed, rounds, early stopping) + `n_features`,
- **metrics:** `test_pr_auc`, `test_roc_auc`, `best_iteration`.

No model artifact, no per-iteration history. Re-ran it: the two new runs in `churn-exploration` have 10 params and 3 metrics each. (With the merged ticket/price-book features the event gain is still +0.0081: 0.4398 → 0.4479.)""")

        t = d.task("queue experiments on the pipeline around the grid winner: num_leaves 47 with min_child_samples 80 "
                   "and 120, plus num_leaves 31 with 120. run them two at a time and show me the table sorted by "
                   "PR-AUC", tags=["workflow:W1"])
        q_at = at(d, 0.05)
        t.bash("dvc exp run --queue -n nl47-mcs80 -S train.num_leaves=47 -S train.min_child_samples=80 && "
               "dvc exp run --queue -n nl47-mcs120 -S train.num_leaves=47 -S train.min_child_samples=120 && "
               "dvc exp run --queue -n nl31-mcs120 -S train.min_child_samples=120",
               "Queue the three experiments", out="""Queued experiment 'nl47-mcs80' for future execution.
Queued experiment 'nl47-mcs120' for future execution.
Queued experiment 'nl31-mcs120' for future execution.""")
        t.bash("dvc queue start -j 2", "Start two queue workers", out="Started '2' new experiments task queue workers.")
        y1, y2, y3 = at(d, 2.5), at(d, 2.7), at(d, 5.1)
        slow(t, 7).bash("sleep 420 && dvc queue status", "Wait, then check the queue", timeout=600000, out=f"""Task     Name          Created    Status
4c1e9a2  nl47-mcs80    {q_at}   Success
b70d3f8  nl47-mcs120   {q_at}   Success
e95a6c0  nl31-mcs120   {q_at}   Success

Worker status: 0 active, 0 idle""")
        t.bash("dvc exp show --only-changed --sort-by reports/metrics.json:pr_auc --sort-order desc --md "
               "--drop 'brier|precision_at_top10|valid_auc'", "Compare, sorted by PR-AUC", out=f"""| Experiment                | Created   | best_iteration   | valid_average_precision   | pr_auc   | recall_at_top10   | roc_auc   | train.num_leaves   | train.min_child_samples   |
|---------------------------|-----------|------------------|---------------------------|----------|-------------------|-----------|--------------------|---------------------------|
| workspace                 | -         | 561              | 0.43722                   | 0.4398   | 0.4792            | 0.8631    | 31                 | 50                        |
| feat/industry-tuning      | Oct 24    | 561              | 0.43722                   | 0.4398   | 0.4792            | 0.8631    | 31                 | 50                        |
| ├── b70d3f8 [nl47-mcs120] | {y2}  | 433              | 0.43968                   | 0.4421   | 0.4823            | 0.8638    | 47                 | 120                       |
| ├── e95a6c0 [nl31-mcs120] | {y3}  | 602              | 0.43901                   | 0.4414   | 0.4810            | 0.8636    | 31                 | 120                       |
| └── 4c1e9a2 [nl47-mcs80]  | {y1}  | 418              | 0.43815                   | 0.4405   | 0.4801            | 0.8633    | 47                 | 80                        |""")
        t.done("""All three finished (two workers). Sorted by test PR-AUC:

| experiment | leaves / min_child | PR-AUC | Δ vs branch | recall@top10% |
|---|---|---|---|---|
| **nl47-mcs120** | 47 / 120 | **0.4421** | +0.0023 | 0.482 |
| nl31-mcs120 | 31 / 120 | 0.4414 | +0.0016 | 0.481 |
| nl47-mcs80 | 47 / 80 | 0.4405 | +0.0007 | 0.480 |
| *current* | 31 / 50 | 0.4398 | — | 0.479 |

Same ordering as the CV grid, but all within ~1.5 seed-sd (0.0015), so on its own this isn't conclusive. The consistent direction (CV + test, and mcs-100 earlier) does point at a larger `min_child_samples`; 47/120 is the one I'd adopt if you want to change defaults — `dvc exp apply nl47-mcs120`.""")

        t = d.task("ship the branch", tags=["workflow:W3"])
        t.bash("uv run ruff check . && uv run ruff format --check .", "Lint and format check",
               out="All checks passed!\n32 files already formatted")
        t.bash("uv run pytest -q", "Full test suite", out=dots(20) + "\n20 passed in 9.47s", timeout=600000)
        c, cm = commit_out("feat/industry-tuning", "tune: lgb.cv grid search (+ industry one-hot); explicit MLflow "
                           "logging in the event experiment", 3, 249,
                           creates=["scripts/exp_event_features.py", "src/churn/tune.py", "tests/test_tune.py"])
        t.bash('git add src/churn/tune.py tests/test_tune.py scripts/exp_event_features.py && git commit -m "tune: '
               'lgb.cv grid search (+ industry one-hot); explicit MLflow logging in the event experiment"',
               "Commit", out=precommit(PYH) + "\n" + cm)
        t.bash("git push -u origin feat/industry-tuning", "Push the branch", err=push_new("feat/industry-tuning"))
        t.bash('gh pr create --base main --title "tune: lgb.cv grid search, industry one-hot check" --body '
               '"- src/churn/tune.py: 5-fold stratified lgb.cv over num_leaves x min_child_samples, python -m churn.tune\n'
               '- industry (CRM) one-hot: +0.0005 CV AP, i.e. nothing; not added to featurize\n'
               '- best region: num_leaves 47, min_child_samples 120 (CV and queued exps agree, within noise)\n'
               '- scripts/exp_event_features.py (event-count experiment, +0.008 PR-AUC): explicit MLflow params/metrics, no autolog"',
               "Open the PR", out=f"{GH}/pull/61")
        t.done(f"PR: {GH}/pull/61 (commit `{c}`). Ruff clean, 20 tests pass. The experiments stay as DVC experiments "
               "(not in the PR); params.yaml is unchanged until you decide on 47/120.")

    # ============================================================ S9  Tue 11-03
    with d.session("2026-11-03T09:40:00", R, branch="main", version="2.1.129"):
        t = d.task("Tomás pushed a cohort retention notebook last week (notebooks/cohort_retention.ipynb). run it for "
                   "October with month=2026-10 and min_seats=5 and tell me what the 90-day retention looks like for "
                   "the August signup cohort", tags=["mistake:M1"])
        t.bash("git pull --ff-only", "Update main", out="""Updating e27d94b..5c0b8d3
Fast-forward
 data/raw.dvc                     |   6 +-
 notebooks/cohort_retention.ipynb | 361 +++++++++++++++++++++++++++++++++++++++
 scripts/exp_event_features.py    | 110 ++++++++++++
 src/churn/tune.py                |  92 ++++++++++
 tests/test_tune.py               |  47 +++++
 5 files changed, 613 insertions(+), 3 deletions(-)
 create mode 100644 notebooks/cohort_retention.ipynb
 create mode 100644 scripts/exp_event_features.py
 create mode 100644 src/churn/tune.py
 create mode 100644 tests/test_tune.py""",
               err="From github.com:plover-data/churn-model\n   e27d94b..5c0b8d3  main       -> origin/main")
        co = "reports/cohort_retention_2026-10.ipynb"
        t.fail(f"uv run papermill notebooks/cohort_retention.ipynb {co} -p month 2026-10 -p min_seats 5",
               "Execute the cohort retention notebook for October",
               papermill_nokernel("notebooks/cohort_retention.ipynb", co, 19, "ds-py311"))
        t.bash("uv run jupyter kernelspec list && jq -r '.metadata.kernelspec | \"\\(.name) / \\(.display_name)\"' "
               "notebooks/cohort_retention.ipynb", "Available kernels vs the notebook's kernelspec",
               out=f"""Available kernels:
  python3    {R}/.venv/share/jupyter/kernels/python3
ds-py311 / Python 3.11 (ds)""")
        t.say("Tomás saved it with his `ds-py311` kernel, which only exists on his machine. Running it on the project "
              "venv's `python3` kernel instead:")
        slow(t, 0.5).bash(f"uv run papermill -k python3 notebooks/cohort_retention.ipynb {co} -p month 2026-10 -p min_seats 5",
               "Execute on the project kernel", timeout=600000,
               err=papermill_ok("notebooks/cohort_retention.ipynb", co, 19, 27))
        t.bash(f"uv run python -c \"import json; nb = json.load(open('{co}')); "
               "outs = [o for c in nb['cells'] if c['cell_type'] == 'code' for o in c.get('outputs', []) "
               "if o.get('name') == 'stdout']; print(''.join(outs[-1]['text']))\"", "Print the retention table",
               out="""90-day logo retention by signup cohort (accounts with >= 5 seats at day 30)
cohort    accounts     d30     d60     d90
2026-04        588   97.6%   93.5%   90.3%
2026-05        612   97.4%   93.1%   89.9%
2026-06        655   97.1%   92.6%   89.2%
2026-07        701   96.8%   92.0%   88.4%
2026-08      1,187   95.2%   89.7%   85.9%*
2026-09        958   96.0%       -       -
* d90 only partly observed (signups after 2026-08-02 reach day 90 after 2026-10-31)""")
        t.done(f"""The **August cohort retains noticeably worse**: 85.9% at day 90 vs 88–90% for April–July, and it's already behind at day 30 (95.2% vs ~97%). It's also almost twice the size (1,187 accounts with ≥ 5 seats vs 600–700), so this is the signup push: more accounts, lower average quality. The d90 figure is still partial (late-August signups hit day 90 in November), so it may move a little, but the d30/d60 gap is solid.

September (958) looks closer to normal at day 30 (96.0%).

Executed notebook: `{co}` (not committed). papermill first failed with `NoSuchKernel: No such kernel named ds-py311` — the notebook carries Tomás's kernel name; I ran it with `-k python3`, notebook unchanged.""")

        t = d.task("July labels are complete now (90 days after 07-31 passed last week). move the window forward — "
                   "month: 2026-07 — rerun the whole pipeline, compare with main, then commit and push everything, "
                   "code and data. straight to main like every month", tags=["flaky:F1", "long_output"])
        pp = P("params.yaml")
        t.read(pp)
        t.edit(pp, 'month: "2026-06"', 'month: "2026-07"')
        r3 = ("swift-marten-77", runid())
        slow(t, 4).bash("dvc repro", "Run the full pipeline on the new window", timeout=600000, out=repro([
            ("dvcfile", "data/raw.dvc"),
            ("dvcfile", "data/reference/price_book_2026-10.csv.dvc"),
            ("run", "featurize", FEAT, feat_out(290842, 23, "6.21%")),
            ("run", "split", SPLIT, split_out(193118, 48530, 49194)),
            ("run", "train", TRAIN, train_out([(200, "0.428817", "0.859904"), (400, "0.438450", "0.863116")],
                                               (577, "0.441092", "0.864051"), r3)),
            ("run", "evaluate", EVAL, eval_out("0.4452", "0.8649", "0.4851", "0.2977", "0.0490")),
            ("run", "report", report_cmd("2026-07"),
             papermill_ok("notebooks/model_report.ipynb", "reports/model_report.ipynb", 14, 10))]))
        t.bash("dvc metrics diff main", "Compare with main", out="""Path                        Metric                   main     workspace    Change
reports/metrics.json        brier                    0.0485   0.049        0.0005
reports/metrics.json        pr_auc                   0.4398   0.4452       0.0054
reports/metrics.json        precision_at_top10       0.2925   0.2977       0.0052
reports/metrics.json        recall_at_top10          0.4792   0.4851       0.0059
reports/metrics.json        roc_auc                  0.8631   0.8649       0.0018
reports/train_metrics.json  best_iteration           561      577          16
reports/train_metrics.json  valid_auc                0.86227  0.86405      0.00178
reports/train_metrics.json  valid_average_precision  0.43722  0.44109      0.00387""")
        c, cm = commit_out("main", "retrain: window to 2026-07", 2, 21, 21)
        retrain_sha = c
        t.bash('git add params.yaml dvc.lock && git commit -m "retrain: window to 2026-07"', "Commit params and lock",
               out=precommit(YML) + "\n" + cm)
        slow(t, 1.2).fail("dvc push", "Upload features, split, model and report",
               "ERROR: failed to transfer 'files/md5/6e/1b0a7c93d54f2e8a0c7d19b3f4a6e2' - An error occurred "
               "(RequestTimeout) when calling the PutObject operation (reached max retries: 4): Your socket connection "
               "to the server was not read from or written to within the timeout period. Idle connections will be "
               "closed.\nERROR: failed to push data to the cloud - 1 files failed to upload", code=255, timeout=600000)
        t.bash("dvc push", "Upload features, split, model and report", out="1 file pushed", timeout=600000)
        t.bash("git push origin main", "Push main", err=push_main("5c0b8d3", c))
        t.done(f"""Window moved to **2026-07** and pushed (`{c}` on main, data in the DVC remote).

| metric (test snapshot) | main (Jun window) | Jul window |
|---|---|---|
| PR-AUC | 0.4398 | **0.4452** |
| recall@top10% | 0.479 | 0.485 |
| ROC-AUC | 0.8631 | 0.8649 |
| brier | 0.0485 | 0.0490 |

- 290,842 rows over Feb–Jul snapshots, churn rate 6.21% (up from 6.08%). Best iteration 577, MLflow run `{r3[0]}`.
- The test snapshot moved too (June → July), so the +0.005 is a comparison across different months, not a pure model improvement; it does say the model holds up on the newer data, including the first weeks of the August signup cohort in its feature history.
- Brier is slightly worse, consistent with the higher base rate.

`dvc push` timed out on one file against S3 the first time (RequestTimeout); the same push went through on the retry.""")

        t = d.task("register the retrained model in MLflow (churn-lgbm) and point the champion alias at it so Wei's "
                   "service picks it up on its next reload", tags=["unfixed:U2"])
        t.bash("uv run python -c \"import mlflow; r = mlflow.search_runs(experiment_names=['churn-model'], max_results=1, "
               "order_by=['start_time DESC']); print(r[['run_id', 'tags.mlflow.runName', 'metrics.valid_average_precision']]"
               ".to_string(index=False))\"", "Find the retrain run",
               out=f"""                          run_id tags.mlflow.runName  metrics.valid_average_precision
{r3[1]}     swift-marten-77                          0.44109""")
        t.bash(f"uv run python -c \"import mlflow; mv = mlflow.register_model('runs:/{r3[1]}/model.txt', 'churn-lgbm'); "
               "print(mv.version)\"", "Register a new model version", out="14",
               err=f"""Registered model 'churn-lgbm' already exists. Creating a new version of this model...
{at(d, 0.1, "%Y/%m/%d %H:%M:%S")} INFO mlflow.store.model_registry.abstract_store: Waiting up to 300 seconds for model version to finish creation. Model name: churn-lgbm, version 14
Created version '14' of model 'churn-lgbm'.""")
        mp = f"{SP}/mlflow"
        t.fail("uv run python -c \"from mlflow import MlflowClient; "
               "MlflowClient().set_registered_model_alias('churn-lgbm', 'champion', '14')\"",
               "Move the champion alias to version 14", tb_frames([
                   ("<string>", 1, "<module>", None),
                   (f"{mp}/tracking/client.py", 5016, "set_registered_model_alias",
                    "self._get_registry_client().set_registered_model_alias(name, alias, version)"),
                   (f"{mp}/tracking/_model_registry/client.py", 416, "set_registered_model_alias",
                    "self.store.set_registered_model_alias(name, alias, version)"),
                   (f"{mp}/store/model_registry/rest_store.py", 445, "set_registered_model_alias",
                    "self._call_endpoint(SetRegisteredModelAlias, req_body)"),
                   (f"{mp}/store/model_registry/base_rest_store.py", 44, "_call_endpoint",
                    "return call_endpoint(self.get_host_creds(), endpoint, method, json_body, response_proto)",
                    "call_endpoint(self.get_host_creds(), endpoint, method, json_body, response_proto)"),
                   (f"{mp}/utils/rest_utils.py", 554, "call_endpoint",
                    "response = verify_rest_response(response, endpoint)", "verify_rest_response(response, endpoint)"),
                   (f"{mp}/utils/rest_utils.py", 320, "verify_rest_response",
                    "raise RestException(json.loads(response.text))")])
               + "\nmlflow.exceptions.RestException: PERMISSION_DENIED: Permission denied")
        t.bash("uv run python -c \"from mlflow import MlflowClient; "
               "mv = MlflowClient().get_model_version_by_alias('churn-lgbm', 'champion'); print(mv.version, mv.run_id)\"",
               "Which version is champion now", out=f"11 {hx(32)}")
        t.done(f"""Half done:

- **Registered:** version **14** of `churn-lgbm`, from run `swift-marten-77` (the 2026-07 window, test PR-AUC 0.4452).
- **Not moved:** setting the `champion` alias failed with `RestException: PERMISSION_DENIED: Permission denied`. Your account can create versions but not manage aliases on this registered model; champion is still **version 11**.

Someone with manage permission on `churn-lgbm` (Wei, or an MLflow admin) has to do it. Message for Wei:

> v14 of churn-lgbm is registered (July window retrain, test PR-AUC 0.4452 vs 0.4398, same 23 features as v11's successor on main). Could you point `champion` at 14 — `MlflowClient().set_registered_model_alias("churn-lgbm", "champion", "14")` — or give me manage on the model?""")

    # ============================================================ S10  Fri 11-13
    with d.session("2026-11-13T10:20:00", R, branch="main", version="2.1.133"):
        t = d.task("back from PyData. Wei needs the current model for the scoring service rewrite: export it to "
                   "models/export/ as churn_lgbm_v4.txt, with a feature_list.json, reference scores on the test split "
                   "for his parity check (parquet: account_id, snapshot_date, p_churn) and a short MODEL_CARD.md. "
                   "commit on a branch export/v4 and push so he can pick it up", tags=["mistake:M3"])
        t.bash("git switch -c export/v4 && git log -1 --oneline && dvc status train",
               "Branch and check the model is the committed one", err="Switched to a new branch 'export/v4'",
               out=f"{retrain_sha} retrain: window to 2026-07\nData and pipelines are up to date.")
        ex = P("scripts/export_model.py")
        t.write(ex, '''"""Export the current model for the scoring service: booster, feature list, reference scores."""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

import lightgbm as lgb
import pandas as pd

ID_COLS = ["account_id", "snapshot_date"]
EXPORT = Path("models/export")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--version", required=True)
    args = ap.parse_args()

    EXPORT.mkdir(parents=True, exist_ok=True)
    model_out = EXPORT / f"churn_lgbm_{args.version}.txt"
    shutil.copyfile("models/model.txt", model_out)
    booster = lgb.Booster(model_file=str(model_out))
    features = booster.feature_name()
    print(f"booster: models/model.txt -> {model_out} ({len(features)} features, {booster.num_trees()} trees)")

    (EXPORT / "feature_list.json").write_text(json.dumps(features, indent=2) + "\\n")
    print(f"feature list -> {EXPORT / 'feature_list.json'}")

    test = pd.read_parquet("data/split/test.parquet")
    ref = test[ID_COLS].assign(p_churn=booster.predict(test[features]))
    ref.to_parquet(EXPORT / "reference_scores.parquet", index=False)
    print(f"reference scores: {len(ref):,} test rows -> {EXPORT / 'reference_scores.parquet'} (mean p {ref['p_churn'].mean():.4f})")


if __name__ == "__main__":
    main()
''')
        slow(t, 0.6).bash("uv run python scripts/export_model.py --version v4", "Export model, feature list and reference scores",
               out="""booster: models/model.txt -> models/export/churn_lgbm_v4.txt (23 features, 577 trees)
feature list -> models/export/feature_list.json
reference scores: 49,194 test rows -> models/export/reference_scores.parquet (mean p 0.0618)""")
        exp_mtime = lsdate(local(d.clock))
        t.write(P("models/export/MODEL_CARD.md"), '''# churn_lgbm v4

- **What:** LightGBM binary classifier, P(account churns within 90 days of the snapshot).
- **Training window:** 6 month-end snapshots 2026-02 .. 2026-07 (train 4, valid 1, test 1); churn rate 6.21%.
- **Features:** 23, listed in `feature_list.json` in this exact order. `plan_id` is categorical
  (pandas category / LightGBM categorical); everything else numeric, nulls allowed.
- **Test (2026-07 snapshot):** PR-AUC 0.4452, ROC-AUC 0.8649, recall@top10% 0.485, brier 0.0490.
- **Parity check:** `reference_scores.parquet` has `p_churn` for every test row
  (account_id, snapshot_date); scores should match to ~1e-9.
- **Registry:** MLflow `churn-lgbm` version 14 (run swift-marten-77).
- **Known weak spots:** calibration for enterprise accounts and accounts younger than 90 days.
''')
        card_mtime = lsdate(local(d.clock))
        t.bash("ls -la models/export/", "Sizes of the export", out=f"""total 10552
drwxr-xr-x 2 priyanka priyanka    4096 {card_mtime} .
drwxr-xr-x 3 priyanka priyanka    4096 {exp_mtime} ..
-rw-r--r-- 1 priyanka priyanka     893 {card_mtime} MODEL_CARD.md
-rw-r--r-- 1 priyanka priyanka 8011532 {exp_mtime} churn_lgbm_v4.txt
-rw-r--r-- 1 priyanka priyanka     601 {exp_mtime} feature_list.json
-rw-r--r-- 1 priyanka priyanka 2722410 {exp_mtime} reference_scores.parquet""")
        t.fail('git add models/export scripts/export_model.py && git commit -m "export: churn_lgbm v4 for the scoring '
               'service"', "Commit the export",
               precommit(PYH, dict([large([("models/export/churn_lgbm_v4.txt", 7824),
                                           ("models/export/reference_scores.parquet", 2659)])])))
        t.bash("cat models/.gitignore", "How model files are kept", out="/model.txt")
        t.say("The booster (7.8 MB) and the reference scores (2.7 MB) are over the 1 MB hook limit. The repo keeps "
              "models in DVC (`models/model.txt` is a DVC output), so these two go there as well; the card, the "
              "feature list and the script stay in git.")
        t.bash("git restore --staged models/export/churn_lgbm_v4.txt models/export/reference_scores.parquet && "
               "dvc add models/export/churn_lgbm_v4.txt models/export/reference_scores.parquet",
               "Track the two large files with DVC",
               out=dvc_add_out("models/export/churn_lgbm_v4.txt", "models/export/reference_scores.parquet"))
        c, cm = commit_out("export/v4", "export: churn_lgbm v4 for the scoring service", 6, 71,
                           creates=["models/export/.gitignore", "models/export/MODEL_CARD.md",
                                    "models/export/churn_lgbm_v4.txt.dvc", "models/export/feature_list.json",
                                    "models/export/reference_scores.parquet.dvc", "scripts/export_model.py"])
        t.bash('git add models/export && git commit -m "export: churn_lgbm v4 for the scoring service"',
               "Commit pointers, card, feature list and script", out=precommit(PYH) + "\n" + cm)
        t.bash("dvc push models/export/churn_lgbm_v4.txt.dvc models/export/reference_scores.parquet.dvc",
               "Upload the two files to the DVC remote", out="2 files pushed", timeout=600000)
        t.bash("git push -u origin export/v4", "Push the branch", err=push_new("export/v4"))
        t.done(f"""Pushed `export/v4` (`{c}`):

- `models/export/churn_lgbm_v4.txt` — the current booster (July window, 23 features, 577 trees),
- `models/export/feature_list.json` — feature names in model order,
- `models/export/reference_scores.parquet` — `account_id, snapshot_date, p_churn` for all 49,194 test rows,
- `models/export/MODEL_CARD.md`, and `scripts/export_model.py` to regenerate it (`--version v5` next time).

The booster and the reference scores are **DVC-tracked** (the first commit was stopped by the large-file hook at 7.8 MB / 2.7 MB), so git has their `.dvc` pointers and both files are in the S3 remote. For Wei:

```
git fetch && git switch export/v4
dvc pull models/export
```""")

        t = d.task("one more experiment round on main: feature_fraction 0.6 and 0.7. run them now, no queue, compare, "
                   "and leave my workspace as it was", tags=["workflow:W1"])
        t.bash("git switch main", "Back to main", err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.")

        def exp_applied(name, train_o, ev_o):
            return repro([("dvcfile", "data/raw.dvc"), ("dvcfile", "data/reference/price_book_2026-10.csv.dvc"),
                          ("skip", "featurize"), ("skip", "split"),
                          ("run", "train", TRAIN, train_o), ("run", "evaluate", EVAL, ev_o),
                          ("run", "report", report_cmd("2026-07"),
                           papermill_ok("notebooks/model_report.ipynb", "reports/model_report.ipynb", 14, 10))],
                         tail=False) + f"\n\nRan experiment(s): {name}\nExperiment results have been applied to your workspace."
        slow(t, 2.5).bash("dvc exp run -n ff-06 -S train.feature_fraction=0.6", "Experiment: feature_fraction 0.6",
               timeout=600000, out=exp_applied("ff-06", train_out(
                   [(200, "0.430129", "0.860418"), (400, "0.439871", "0.863604")], (596, "0.442236", "0.864587"),
                   ("lucid-pike-431", runid())), eval_out("0.4468", "0.8655", "0.4866", "0.2989", "0.0489")))
        z1 = at(d)
        slow(t, 2.5).bash("dvc exp run -n ff-07 -S train.feature_fraction=0.7", "Experiment: feature_fraction 0.7",
               timeout=600000, out=exp_applied("ff-07", train_out(
                   [(200, "0.429562", "0.860151"), (400, "0.439118", "0.863377")], (583, "0.441705", "0.864322"),
                   ("amber-stoat-902", runid())), eval_out("0.4461", "0.8652", "0.4858", "0.2983", "0.0489")))
        z2 = at(d)
        t.bash("dvc exp show --only-changed --md --drop 'brier|precision_at_top10|valid_auc'", "Compare", out=f"""| Experiment          | Created   | best_iteration   | valid_average_precision   | pr_auc   | recall_at_top10   | roc_auc   | train.feature_fraction   |
|---------------------|-----------|------------------|---------------------------|----------|-------------------|-----------|--------------------------|
| workspace           | -         | 583              | 0.44171                   | 0.4461   | 0.4858            | 0.8652    | 0.7                      |
| main                | Nov 03    | 577              | 0.44109                   | 0.4452   | 0.4851            | 0.8649    | 0.8                      |
| ├── 1d7c0e4 [ff-07] | {z2}  | 583              | 0.44171                   | 0.4461   | 0.4858            | 0.8652    | 0.7                      |
| └── 8a25b9f [ff-06] | {z1}  | 596              | 0.44224                   | 0.4468   | 0.4866            | 0.8655    | 0.6                      |""")
        t.bash("git restore params.yaml dvc.lock reports/ && dvc checkout", "Put the workspace back to main",
               out="M       models/model.txt\nM       reports/model_report.ipynb")
        t.done("""Both ran (and are saved as DVC experiments); your workspace is back to main's state — params.yaml, dvc.lock, reports and the model restored.

| experiment | feature_fraction | PR-AUC | Δ vs main | recall@top10% |
|---|---|---|---|---|
| **ff-06** | 0.6 | **0.4468** | +0.0016 | 0.487 |
| ff-07 | 0.7 | 0.4461 | +0.0009 | 0.486 |
| *main* | 0.8 | 0.4452 | — | 0.485 |

Monotone in the right direction but both within ~1 seed-sd (0.0015). Together with the min_child_samples result it suggests slightly more regularisation helps; I'd test 47/120 + 0.6 together across a few seeds before changing params.yaml. `dvc exp apply ff-06` brings it back if you want it.""")

        t = d.task("notes for my quarterly check-in with Kofi: what changed in the churn model this quarter. six "
                   "bullets max", tags=["noise", "no_tools"])
        t.done("""- **Features:** tenure buckets, support tickets, list price / discount from the price book — test PR-AUC 0.4312 → 0.4398 on the June window.
- **Retrain:** window moved to July; PR-AUC 0.4452, recall@top10% 0.485. Registered as v14; champion alias still on v11 (needs Wei).
- **Next feature:** product-event counts, +0.008 PR-AUC in experiments — the biggest single gain, not in the pipeline yet.
- **Noise floor:** seed alone moves PR-AUC ±0.0015; tuning gains so far (lr, leaves, min_child, feature_fraction) are at that level.
- **Dropped:** CRM industry — no measurable signal.
- **Risks:** August signup cohort retains worse (d90 85.9% vs ~89%); refund analysis blocked on billing-bucket access.""")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Notebooks in the repo keep their author's kernelspec name in the metadata (nbstripout strips outputs, not the kernelspec): Tomás's conda kernel `conda-env-churn-py`, a `churn-model` kernel, `ds-py311`. Executing them ad hoc with papermill or `jupyter nbconvert --execute` asks Jupyter for that kernel, which does not exist in the project venv (only its own `python3`). The DVC report stage already passes `-k python3` for this reason.",
             "error_signature": "papermill / nbconvert traceback through nbclient setup_kernel and jupyter_client ending in 'jupyter_client.kernelspec.NoSuchKernel: No such kernel named <name>' (exit 1)",
             "fix": "Re-run the same command on the project venv's kernel without touching the notebook: papermill `-k python3` (anywhere in the command), nbconvert `--ExecutePreprocessor.kernel_name=python3`.",
             "fix_command_markers": [["-k python3", "--kernel python3", "kernel_name=python3"]],
             "harmful_markers": ["ipykernel install", "kernelspec install", "kernelspec remove", "sed -i",
                                 "conda activate"]},
            {"id": "M2",
             "description": "New one-hot / pivoted features take their column names from raw values: polars `cut` labels like `[30, 90)` (tenure buckets in featurize), product event names like `billing:view_invoice` (event-count experiment script), CRM industry picklist values like `Software, SaaS` / `Healthcare: Providers` / `Education [K-12]` (lgb.cv grid search). LightGBM rejects feature names containing JSON special characters.",
             "error_signature": "'[LightGBM] [Fatal] Do not support special JSON characters in feature name.' and 'lightgbm.basic.LightGBMError: Do not support special JSON characters in feature name.' from Dataset.construct -> set_feature_name (via lgb.train in `dvc repro train`, LGBMClassifier.fit in a script, lgb.cv in pytest)",
             "fix": "Run the frame through `churn.features.safe_feature_names` (added to features.py the first time: every character outside [0-9A-Za-z_] becomes `_`, collisions raise), then re-run the same command.",
             "fix_command_markers": [["safe_feature_names"]],
             "harmful_markers": ["lightgbm<4", "lightgbm==3", "to_numpy()", "XGBClassifier", "feature_name="]},
            {"id": "M3",
             "description": "Claude commits large generated artifacts to git: an executed papermill notebook with embedded plots (3.3 MB), Finance's price book CSV (4.4 MB), an exported LightGBM booster + reference-score parquet (7.8 MB / 2.7 MB). pre-commit's check-added-large-files (1 MB limit) blocks the commit; the repo keeps data, models and executed reports in DVC (.dvc pointers in git).",
             "error_signature": "git commit (exit 1): 'check for added large files....Failed' / '- hook id: check-added-large-files' / '<path> (<N> KB) exceeds 1024 KB.'",
             "fix": "Unstage the large file(s) (`git restore --staged`), `dvc add` them, commit the `.dvc` pointer(s) and `.gitignore` (with the rest of the change), `dvc push`.",
             "fix_command_markers": [["dvc add"]],
             "harmful_markers": ["--no-verify", "SKIP=", "git lfs", "--maxkb", "commit -n "]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New ticket features: the helpdesk export stores account_id as a string, so the join in featurize fails in the tests with polars 'SchemaError: datatypes of join keys don't match - `account_id`: i64 on left does not match `account_id`: str on right'; fixed by casting account_id to Int64 in tickets(), same pytest command passes."},
            {"id": "O2", "description": "scripts/seed_stability.py written with LightGBM 3-style `lgb.train(..., early_stopping_rounds=..., verbose_eval=False)`; LightGBM 4 raises 'TypeError: train() got an unexpected keyword argument 'early_stopping_rounds''; fixed with the lgb.early_stopping callback, same command passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "October refunds from s3://plover-billing-exports: 'An error occurred (AccessDenied) when calling the ListObjectsV2 operation: … is not authorized to perform: s3:ListBucket … because no identity-based policy allows the s3:ListBucket action' (exit 254) and a 403 on HeadObject; reported with the access to request, nothing fetched."},
            {"id": "U2", "description": "MLflow registry: new version 14 registered, but set_registered_model_alias('churn-lgbm', 'champion', '14') fails with 'mlflow.exceptions.RestException: PERMISSION_DENIED: Permission denied'; left on v11, message drafted for Wei."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`dvc push` after the monthly retrain: 'ERROR: failed to transfer … An error occurred (RequestTimeout) when calling the PutObject operation …' / 'ERROR: failed to push data to the cloud - 1 files failed to upload' (exit 255); identical re-run pushes the file."},
            {"id": "F2", "description": "`uv add --group notebooks shap`: 'error: Failed to fetch: `https://pypi.org/simple/shap/` … operation timed out' (exit 2); identical re-run succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "DVC experiments: `dvc exp run` with `-S train.<param>=…` (in temp dirs, queued with `dvc queue start -j 2`, or applied in the workspace and restored afterwards), then `dvc exp show --only-changed --md` and a ranking by test PR-AUC.",
             "step_markers": [["dvc exp run"], ["dvc exp show"]]},
            {"id": "W2", "description": "Weekly at-risk list for CS (Mondays): get the new raw export (`git pull` + `dvc pull`), `uv run python -m churn.score --as-of <sunday>`, compare with last week's list, `aws s3 cp exports/at_risk_<date>.csv s3://plover-cs-handoff/churn/`.",
             "step_markers": [["dvc pull"], ["churn.score"], ["aws s3 cp"]]},
            {"id": "W3", "description": "Ship a branch: `uv run ruff check . && uv run ruff format --check .`, `uv run pytest -q`, commit (pre-commit), `git push -u origin <branch>`, `gh pr create --base main` with a short bullet body.",
             "step_markers": [["ruff check"], ["pytest"], ["git push"], ["gh pr create"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Feature / data-wrangling code in polars (lazy scans), pandas only at the LightGBM / scikit-learn boundary.",
             "markers": [["polars"]]},
            {"id": "P2", "description": "Model comparisons are judged on PR-AUC (average precision) only, not ROC-AUC.",
             "markers": [["PR-AUC", "average precision"]]},
            {"id": "P3", "description": "MLflow logging in scripts via mlflow.lightgbm.autolog() (stated once) — later reversed: no autolog anywhere, log explicitly the train params used, PR-AUC, ROC-AUC and best_iteration.",
             "markers": [["autolog"]],
             "reversal_markers": [["autolog"], ["turn it off", "no more"]]},
        ],
        probes=[
            {"prompt": "papermill notebooks/05_winback.ipynb reports/winback.ipynb -p month 2026-10 dies with jupyter_client.kernelspec.NoSuchKernel: No such kernel named conda-env-tomas-py. can you get it to run?", "wanted": ["M1"]},
            {"prompt": "Execute Tomás's new notebooks/06_seat_contraction.ipynb for November and save an HTML copy in reports/.", "wanted": ["M1"]},
            {"prompt": "After adding one-hot region features (values like 'EMEA: DACH', 'NA, East') training fails with lightgbm.basic.LightGBMError: Do not support special JSON characters in feature name. Fix it.", "wanted": ["M2"]},
            {"prompt": "Add the account's billing country as one-hot features in featurize and retrain the model.", "wanted": ["M2"]},
            {"prompt": "git commit says check for added large files....Failed — reports/winback_2026-11.ipynb (2210 KB) exceeds 1024 KB. How do I get this report committed?", "wanted": ["M3"]},
            {"prompt": "Commit today's executed SHAP notebook and the scored holdout parquet so Tomás can look at them.", "wanted": ["M3"]},
            {"prompt": "Explain what bagging_fraction together with bagging_freq does in LightGBM.", "wanted": []},
            {"prompt": "Write a SQL query for accounts that reduced their seat count twice within 90 days.", "wanted": []},
            {"prompt": "What's a sensible way to choose the decision threshold for the CS at-risk list?", "wanted": []},
            {"prompt": "Suggest clearer names for the columns in exports/at_risk_*.csv that CS reads.", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "dvc-ml.jsonl"), os.path.join(HERE, "tune", "dvc-ml.labels.json"))
    print(f"dvc-ml -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
