"""sagemaker-ml: Aoife Brennan, ML engineer at Claimwise (car-insurance startup, Dublin).

Stack: claim-fraud models (LightGBM, scikit-learn) trained and deployed on AWS SageMaker with the sagemaker
Python SDK (SKLearn estimators with a source_dir, FrameworkProcessor evaluation jobs, a model registry),
`aws sagemaker` / `aws s3` / `aws logs tail` (AWS CLI v2), a custom serving image pushed to ECR with docker,
SSO profiles, uv for the project, pytest. cwd /home/aoife/src/fraud-models. Prompts in English.

Written blind for fresh/; measured once held out (round 35), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_sagemaker_ml.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "aoife"
R = "/home/aoife/src/fraud-models"
MODEL = "claude-opus-4-6"
ACCT = "482913057716"
REGION = "eu-west-1"
ECR = f"{ACCT}.dkr.ecr.{REGION}.amazonaws.com"
BUCKET = "claimwise-ml-dev-artifacts"
ROLE = f"arn:aws:iam::{ACCT}:role/claimwise-sagemaker-exec"
VENV = f"{R}/.venv/lib/python3.12/site-packages"

_rng = [random.Random(20261005)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


README = P("README.md")
PYPROJECT = P("pyproject.toml")
REQS = P("src/requirements.txt")
TRAIN = P("src/train.py")
FEATS = P("src/features.py")
EVAL = P("src/evaluate.py")
PIPE_TRAIN = P("pipelines/train.py")
PIPE_EVAL = P("pipelines/evaluate.py")
PROMOTE = P("deploy/promote.py")
SMOKE = P("scripts/smoke_endpoint.py")
SERVE_DF = P("docker/serve/Dockerfile")
INFER = P("serve/inference.py")
EXP = P("reports/experiments.md")
T_FEATS = P("tests/test_features.py")
T_TRAIN = P("tests/test_train.py")
CFG_V7 = P("configs/lgbm_v7.yaml")
SCALING = P("deploy/autoscaling.json")

README_TXT = f"""# fraud-models

Claim-fraud scoring models for Claimwise motor claims (FNOL -> SIU referral).

## Layout

```
src/            code that runs *inside* SageMaker (shipped as source_dir)
  train.py        LightGBM training entry point (SKLearn framework container 1.2-1)
  features.py     feature building shared by training and evaluation
  evaluate.py     evaluation entry point (FrameworkProcessor)
  requirements.txt  installed by the container at job start -- the container has
                    sklearn/pandas/numpy only, anything else must be listed here
pipelines/      launchers run from the laptop (uv run python -m pipelines.<x>)
deploy/         endpoint configs, promotion script, autoscaling policy
serve/          inference code for the custom serving image (docker/serve)
scripts/        smoke tests and one-off helpers
reports/        experiments.md (one section per training run)
```

## AWS

- account {ACCT} (claimwise-ml-dev), region {REGION}; SSO profile `claimwise-ml-dev` is the default in ~/.aws/config
- execution role `claimwise-sagemaker-exec`
- artifacts: s3://{BUCKET}/fraud/
- endpoints: `fraud-scorer-staging`, `fraud-scorer-prod` (prod is in the same account, promotion goes through deploy/promote.py)
- serving image: {ECR}/fraud-serve (docker credential helper `ecr-login` is configured)

## Dev

```bash
uv sync
uv run pytest -q
uv run python -m pipelines.train --config configs/lgbm_v7.yaml
uv run python -m pipelines.evaluate --model-s3 s3://.../model.tar.gz
```
"""

PYPROJECT_TXT = """[project]
name = "fraud-models"
version = "0.7.0"
requires-python = ">=3.12"
dependencies = [
    "sagemaker==2.232.2",
    "boto3>=1.35",
    "lightgbm==4.5.0",
    "scikit-learn==1.2.2",
    "pandas==2.2.3",
    "pyarrow==17.0.0",
    "pyyaml>=6.0",
]

[dependency-groups]
dev = ["pytest>=8.3", "ruff>=0.7", "moto[s3]>=5.0"]

[tool.pytest.ini_options]
testpaths = ["tests"]
pythonpath = ["src", "."]
"""

REQS_TXT = """lightgbm==4.5.0
pyarrow==17.0.0
"""

FEATS_TXT = '''"""Feature building, shared by train.py and evaluate.py (runs inside SageMaker)."""
import numpy as np
import pandas as pd

CATEGORICAL = ["vehicle_make", "garage_id", "claim_channel", "policy_product"]
NUMERIC = ["claim_amount", "vehicle_age", "driver_age", "prior_claims_3y", "policy_tenure_days"]


def days_since_policy_start(df: pd.DataFrame) -> pd.Series:
    return (df["loss_date"] - df["policy_start"]).dt.days + 1


def build_features(df: pd.DataFrame) -> pd.DataFrame:
    out = df[NUMERIC].copy()
    out["days_since_policy_start"] = days_since_policy_start(df)
    out["reported_late"] = (df["report_date"] - df["loss_date"]).dt.days > 14
    out["log_claim_amount"] = np.log1p(df["claim_amount"])
    for c in CATEGORICAL:
        out[c] = df[c]
    return out
'''

TRAIN_TXT = '''"""LightGBM training entry point (SageMaker SKLearn container)."""
import argparse
import json
import os

import lightgbm as lgb
import pandas as pd
from sklearn.metrics import average_precision_score, roc_auc_score

from features import build_features


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--num-leaves", type=int, default=63)
    p.add_argument("--learning-rate", type=float, default=0.05)
    p.add_argument("--n-estimators", type=int, default=800)
    p.add_argument("--scale-pos-weight", type=float, default=12.0)
    return p.parse_args()


def main():
    args = parse_args()
    train = pd.read_parquet(os.environ["SM_CHANNEL_TRAIN"])
    val = pd.read_parquet(os.environ["SM_CHANNEL_VALIDATION"])
    X, y = build_features(train), train["is_fraud"]
    Xv, yv = build_features(val), val["is_fraud"]
    model = lgb.LGBMClassifier(
        num_leaves=args.num_leaves,
        learning_rate=args.learning_rate,
        n_estimators=args.n_estimators,
        scale_pos_weight=args.scale_pos_weight,
    )
    model.fit(X, y, eval_set=[(Xv, yv)], callbacks=[lgb.early_stopping(50)])
    p = model.predict_proba(Xv)[:, 1]
    print(f"val_pr_auc={average_precision_score(yv, p):.4f};")
    print(f"val_roc_auc={roc_auc_score(yv, p):.4f};")
    model.booster_.save_model(os.path.join(os.environ["SM_MODEL_DIR"], "model.txt"))
    with open(os.path.join(os.environ["SM_MODEL_DIR"], "features.json"), "w") as f:
        json.dump(list(X.columns), f)


if __name__ == "__main__":
    main()
'''

PIPE_TRAIN_TXT = f'''"""Launch a training job from the laptop: uv run python -m pipelines.train --config configs/<x>.yaml"""
import argparse
import datetime as dt

import yaml
from sagemaker.sklearn.estimator import SKLearn

ROLE = "{ROLE}"
BUCKET = "{BUCKET}"
METRICS = [
    {{"Name": "val_pr_auc", "Regex": "val_pr_auc=([0-9.]+);"}},
    {{"Name": "val_roc_auc", "Regex": "val_roc_auc=([0-9.]+);"}},
    {{"Name": "val_recall_at_5fpr", "Regex": "val_recall_at_5fpr=([0-9.]+);"}},
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", required=True)
    args = ap.parse_args()
    cfg = yaml.safe_load(open(args.config))
    est = SKLearn(
        entry_point="train.py",
        source_dir="src",
        framework_version="1.2-1",
        py_version="py3",
        instance_type=cfg.get("instance_type", "ml.m5.2xlarge"),
        instance_count=1,
        role=ROLE,
        base_job_name="fraud-lgbm",
        hyperparameters=cfg["hyperparameters"],
        metric_definitions=METRICS,
        output_path=f"s3://{{BUCKET}}/fraud/models/",
        tags=[{{"Key": k, "Value": v}} for k, v in cfg.get("tags", {{}}).items()],
    )
    data = cfg["data_prefix"]
    est.fit({{"train": f"{{data}}/train/", "validation": f"{{data}}/validation/"}}, wait=True, logs="All")
    print("model artifact:", est.model_data)


if __name__ == "__main__":
    main()
'''

CFG_V7_TXT = f"""data_prefix: s3://{BUCKET}/fraud/data/2026-09-30
instance_type: ml.m5.2xlarge
hyperparameters:
  num-leaves: 63
  learning-rate: 0.05
  n-estimators: 800
  scale-pos-weight: 12.0
tags:
  project: fraud
  owner: aoife
"""

EVAL_TXT = '''"""Evaluation entry point (FrameworkProcessor). Writes metrics.json to /opt/ml/processing/output."""
import json
import tarfile

import lightgbm as lgb
import pandas as pd
from sklearn.metrics import average_precision_score, roc_auc_score

from features import build_features


def main():
    with tarfile.open("/opt/ml/processing/model/model.tar.gz") as t:
        t.extractall("/tmp/model")
    booster = lgb.Booster(model_file="/tmp/model/model.txt")
    test = pd.read_parquet("/opt/ml/processing/test")
    X = build_features(test)
    p = booster.predict(X)
    metrics = {
        "pr_auc": average_precision_score(test["is_fraud"], p),
        "roc_auc": roc_auc_score(test["is_fraud"], p),
    }
    with open("/opt/ml/processing/output/metrics.json", "w") as f:
        json.dump(metrics, f, indent=2)
    print(json.dumps(metrics))


if __name__ == "__main__":
    main()
'''

PIPE_EVAL_TXT = f'''"""Run evaluate.py as a processing job: uv run python -m pipelines.evaluate --model-s3 s3://..."""
import argparse

from sagemaker.processing import FrameworkProcessor, ProcessingInput, ProcessingOutput
from sagemaker.sklearn.estimator import SKLearn

ROLE = "{ROLE}"
BUCKET = "{BUCKET}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model-s3", required=True)
    ap.add_argument("--test-s3", default=f"s3://{{BUCKET}}/fraud/data/2026-09-30/test/")
    args = ap.parse_args()
    proc = FrameworkProcessor(
        estimator_cls=SKLearn,
        framework_version="1.2-1",
        role=ROLE,
        instance_type="ml.m5.xlarge",
        instance_count=1,
        base_job_name="fraud-eval",
        tags=[{{"Key": "project", "Value": "fraud"}}, {{"Key": "owner", "Value": "aoife"}}],
    )
    proc.run(
        code="evaluate.py",
        source_dir="src",
        inputs=[
            ProcessingInput(source=args.model_s3, destination="/opt/ml/processing/model"),
            ProcessingInput(source=args.test_s3, destination="/opt/ml/processing/test"),
        ],
        outputs=[ProcessingOutput(source="/opt/ml/processing/output",
                                  destination=f"s3://{{BUCKET}}/fraud/eval/")],
        wait=True,
        logs=True,
    )


if __name__ == "__main__":
    main()
'''

PROMOTE_TXT = '''"""Point an endpoint at a new endpoint config: uv run python -m deploy.promote --endpoint X --config Y"""
import argparse

import boto3


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--endpoint", required=True)
    ap.add_argument("--config", required=True)
    args = ap.parse_args()
    sm = boto3.client("sagemaker")
    cur = sm.describe_endpoint(EndpointName=args.endpoint)
    print(f"{args.endpoint}: {cur['EndpointConfigName']} -> {args.config}")
    sm.update_endpoint(EndpointName=args.endpoint, EndpointConfigName=args.config)
    print("update started")


if __name__ == "__main__":
    main()
'''

SMOKE_TXT = '''"""Send the claims in samples/ to an endpoint and compare with expected bands."""
import argparse
import json
import pathlib

import boto3


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--endpoint", required=True)
    args = ap.parse_args()
    rt = boto3.client("sagemaker-runtime")
    bad = 0
    for f in sorted(pathlib.Path("samples").glob("claim_*.json")):
        body = f.read_text()
        r = rt.invoke_endpoint(EndpointName=args.endpoint, ContentType="application/json", Body=body)
        score = json.loads(r["Body"].read())["fraud_score"]
        lo, hi = json.loads(body)["_expected_band"]
        ok = lo <= score <= hi
        bad += not ok
        print(f"{f.name:<20} {score:.4f}  [{lo:.2f}, {hi:.2f}]  {'ok' if ok else 'OUT OF BAND'}")
    raise SystemExit(1 if bad else 0)


if __name__ == "__main__":
    main()
'''

SERVE_DF_TXT = """FROM python:3.12-slim

RUN pip install --no-cache-dir lightgbm==4.5.0 pandas==2.2.3 flask==3.0.3 gunicorn==23.0.0

COPY serve/ /opt/program/
COPY src/features.py /opt/program/features.py
WORKDIR /opt/program
ENV PYTHONUNBUFFERED=1

ENTRYPOINT ["gunicorn", "-b", "0.0.0.0:8080", "-w", "2", "inference:app"]
"""

INFER_TXT = '''"""SageMaker serving container: /ping and /invocations."""
import json

import lightgbm as lgb
import pandas as pd
from flask import Flask, Response, request

from features import build_features

app = Flask(__name__)
booster = lgb.Booster(model_file="/opt/ml/model/model.txt")
FEATURES = json.load(open("/opt/ml/model/features.json"))
REQUIRED = ["claim_amount", "loss_date", "policy_start", "report_date", "vehicle_make"]


@app.get("/ping")
def ping():
    return Response(status=200)


@app.post("/invocations")
def invocations():
    claim = request.get_json(force=True)
    missing = [k for k in REQUIRED if k not in claim]
    if missing:
        return Response(json.dumps({"error": f"missing fields: {missing}"}), status=400)
    df = pd.DataFrame([claim])
    for c in ("loss_date", "policy_start", "report_date"):
        df[c] = pd.to_datetime(df[c])
    X = build_features(df)
    for c in FEATURES:
        if c not in X:
            X[c] = None
    score = float(booster.predict(X[FEATURES])[0])
    return Response(json.dumps({"fraud_score": score, "model_version": "v7"}), mimetype="application/json")
'''

EXP_TXT = """# Experiments

One section per training run. Newest at the bottom.

## 2026-09-30 v6 baseline (lgbm, 2026-09-30 data cut)

- job: fraud-lgbm-2026-09-30-14-02-51-118
- val ROC-AUC 0.861, val PR-AUC 0.318
- notes: scale_pos_weight 12, no target encoding
"""

T_FEATS_TXT = '''import pandas as pd

from features import build_features, days_since_policy_start


def _claims():
    return pd.DataFrame({
        "claim_amount": [1200.0, 8400.0],
        "vehicle_age": [3, 11],
        "driver_age": [44, 22],
        "prior_claims_3y": [0, 2],
        "policy_tenure_days": [400, 12],
        "loss_date": pd.to_datetime(["2026-03-10", "2026-03-12"]),
        "policy_start": pd.to_datetime(["2025-02-03", "2026-03-01"]),
        "report_date": pd.to_datetime(["2026-03-11", "2026-04-02"]),
        "vehicle_make": ["Toyota", "BMW"],
        "garage_id": ["G104", "G311"],
        "claim_channel": ["web", "phone"],
        "policy_product": ["comprehensive", "tpft"],
    })


def test_days_since_policy_start():
    assert days_since_policy_start(_claims()).tolist() == [400, 11]


def test_reported_late():
    assert build_features(_claims())["reported_late"].tolist() == [False, True]
'''

T_TRAIN_TXT = '''import lightgbm as lgb
import numpy as np
import pandas as pd

from features import build_features
from tests.test_features import _claims


def test_model_fits_on_features():
    df = pd.concat([_claims()] * 40, ignore_index=True)
    y = np.tile([0, 1], 40)
    X = build_features(df)
    m = lgb.LGBMClassifier(n_estimators=5, min_child_samples=2, verbose=-1)
    m.fit(X, y)
    assert m.predict_proba(X).shape == (80, 2)
'''

SCALING_TXT = """{
  "TargetValue": 70.0,
  "PredefinedMetricSpecification": {
    "PredefinedMetricType": "SageMakerVariantInvocationsPerInstance"
  },
  "ScaleInCooldown": 300,
  "ScaleOutCooldown": 60
}
"""

FILES = {
    README: README_TXT, PYPROJECT: PYPROJECT_TXT, REQS: REQS_TXT, TRAIN: TRAIN_TXT, FEATS: FEATS_TXT,
    EVAL: EVAL_TXT, PIPE_TRAIN: PIPE_TRAIN_TXT, PIPE_EVAL: PIPE_EVAL_TXT, PROMOTE: PROMOTE_TXT,
    SMOKE: SMOKE_TXT, SERVE_DF: SERVE_DF_TXT, INFER: INFER_TXT, EXP: EXP_TXT, T_FEATS: T_FEATS_TXT,
    T_TRAIN: T_TRAIN_TXT, CFG_V7: CFG_V7_TXT, SCALING: SCALING_TXT,
}


# ------------------------------------------------------------------ output helpers
def sm_stamp(day, hh, mm, ss):
    return f"2026-{day} {hh:02d}:{mm:02d}:{ss:02d}"


def train_log(job, day, h, m, hp_cmd, body, failed_mod=None, failed_file=None, failed_line=None, imp=None,
              installed="lightgbm-4.5.0 pyarrow-17.0.0"):
    """sagemaker SDK 2.232 est.fit(logs='All') output for an SKLearn 1.2-1 job."""
    ts = lambda mm, ss: sm_stamp(day, h, m + mm, ss)  # noqa: E731
    ms = lambda mm, ss, x: f"{sm_stamp(day, h, m + mm, ss)},{x:03d}"  # noqa: E731
    head = f"""INFO:sagemaker:Creating training-job with name: {job}
{ts(0, 14)} Starting - Starting the training job...
{ts(0, 31)} Starting - Preparing the instances for training...
{ts(1, 12)} Downloading - Downloading input data...
{ts(1, 43)} Downloading - Downloading the training image...
{ts(2, 27)} Training - Training image download completed. Training in progress..
{ms(2, 35, 118)} sagemaker-containers INFO     Imported framework sagemaker_sklearn_container.training
{ms(2, 35, 122)} sagemaker-training-toolkit INFO     No GPUs detected (normal if no gpus installed)
{ms(2, 35, 140)} sagemaker-training-toolkit INFO     No Neurons detected (normal if no neurons installed)
{ms(2, 35, 161)} sagemaker_sklearn_container.training INFO     Invoking user training script.
{ms(2, 35, 377)} sagemaker-training-toolkit INFO     Installing dependencies from requirements.txt:
/miniconda3/bin/python -m pip install -r requirements.txt"""
    if failed_mod:
        return head + f"""
Successfully installed {installed}
{ms(2, 52, 904)} sagemaker-training-toolkit INFO     Waiting for the process to finish and give a return code.
{ms(2, 52, 905)} sagemaker-training-toolkit INFO     Done waiting for a return code. Received 0 from exiting process.
{ms(2, 53, 12)} sagemaker-training-toolkit INFO     Invoking user script
Invoking script with the following command:
/miniconda3/bin/python {hp_cmd}
Traceback (most recent call last):
  File "/opt/ml/code/{failed_file}", line {failed_line}, in <module>
    {imp}
ModuleNotFoundError: No module named '{failed_mod}'
{ms(2, 54, 377)} sagemaker-training-toolkit ERROR    Reporting training FAILURE
{ms(2, 54, 377)} sagemaker-training-toolkit ERROR    ExecuteUserScriptError:
ExitCode 1
ErrorMessage "ModuleNotFoundError: No module named '{failed_mod}'"
Command "/miniconda3/bin/python {hp_cmd}"
{ms(2, 54, 378)} sagemaker-training-toolkit ERROR    Encountered exit_code 1

{ts(3, 9)} Uploading - Uploading generated training model
{ts(3, 9)} Failed - Training job failed
Traceback (most recent call last):
  File "<frozen runpy>", line 198, in _run_module_as_main
  File "<frozen runpy>", line 88, in _run_code
  File "{R}/pipelines/train.py", line 50, in <module>
    main()
  File "{R}/pipelines/train.py", line 45, in main
    est.fit({{"train": f"{{data}}/train/", "validation": f"{{data}}/validation/"}}, wait=True, logs="All")
  File "{VENV}/sagemaker/workflow/pipeline_context.py", line 346, in wrapper
    return run_func(*args, **kwargs)
           ^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{VENV}/sagemaker/estimator.py", line 1376, in fit
    self.latest_training_job.wait(logs=logs)
  File "{VENV}/sagemaker/estimator.py", line 2750, in wait
    self.sagemaker_session.logs_for_job(self.job_name, wait=True, log_type=logs)
  File "{VENV}/sagemaker/session.py", line 5945, in logs_for_job
    _logs_for_job(self, job_name, wait, poll, log_type, timeout)
  File "{VENV}/sagemaker/session.py", line 8547, in _logs_for_job
    _check_job_status(job_name, description, "TrainingJobStatus")
  File "{VENV}/sagemaker/session.py", line 8611, in _check_job_status
    raise exceptions.UnexpectedStatusException(
sagemaker.exceptions.UnexpectedStatusException: Error for Training job {job}: Failed. Reason: AlgorithmError: ExecuteUserScriptError:
ExitCode 1
ErrorMessage "ModuleNotFoundError: No module named '{failed_mod}'"
Command "/miniconda3/bin/python {hp_cmd}", exit code: 1. Check troubleshooting guide for common errors: https://docs.aws.amazon.com/sagemaker/latest/dg/sagemaker-python-sdk-troubleshooting.html"""
    return head + f"""
{body[0]}
{ms(3, 2, 511)} sagemaker-training-toolkit INFO     Invoking user script
Invoking script with the following command:
/miniconda3/bin/python {hp_cmd}
{body[1]}
{ms(6, 40, 12)} sagemaker-training-toolkit INFO     Reporting training SUCCESS

{ts(6, 58)} Uploading - Uploading generated training model
{ts(7, 10)} Completed - Training job completed
Training seconds: 312
Billable seconds: 312
model artifact: s3://{BUCKET}/fraud/models/{job}/output/model.tar.gz"""


def lgb_lines(rounds, best, pr, roc, r5=None):
    out = ["[LightGBM] [Info] Number of positive: 6112, number of negative: 171943",
           "[LightGBM] [Info] Auto-choosing col-wise multi-threading, the overhead of testing was 0.011204 seconds.",
           "[LightGBM] [Info] Total Bins 2281",
           "[LightGBM] [Info] Number of data points in the train set: 178055, number of used features: 14",
           "[LightGBM] [Info] [binary:BoostFromScore]: pavg=0.034326 -> initscore=-3.336810",
           "Training until validation scores don't improve for 50 rounds",
           f"Early stopping, best iteration is:\n[{best}]\tvalid_0's binary_logloss: 0.0{rounds}"]
    out.append(f"val_pr_auc={pr};")
    out.append(f"val_roc_auc={roc};")
    if r5:
        out.append(f"val_recall_at_5fpr={r5};")
    return "\n".join(out)


def describe_tj(job, pr, roc, r5=None):
    rows = [f"""    {{
        "MetricName": "val_pr_auc",
        "Value": {pr},
        "Timestamp": "2026-10-05T10:09:41.000000+01:00"
    }}""", f"""    {{
        "MetricName": "val_roc_auc",
        "Value": {roc},
        "Timestamp": "2026-10-05T10:09:41.000000+01:00"
    }}"""]
    if r5:
        rows.insert(0, f"""    {{
        "MetricName": "val_recall_at_5fpr",
        "Value": {r5},
        "Timestamp": "2026-10-05T10:09:41.000000+01:00"
    }}""")
    return "[\n" + ",\n".join(rows) + "\n]"


def invalid_b64(body):
    return f"""
Invalid base64: "{body}"
"""


def upd_in_progress_cli(ep):
    return (f"\nAn error occurred (ValidationException) when calling the UpdateEndpoint operation: Cannot update "
            f"in-progress endpoint \"arn:aws:sagemaker:{REGION}:{ACCT}:endpoint/{ep}\".")


def logs_tail(day, lines):
    stream = f"AllTraffic/i-0{hx(16)}"
    return "\n".join(f"2026-{day}T{t}+00:00 {stream} {l}" for t, l in lines)


# ------------------------------------------------------------------ sessions
def s1(d):
    with d.session("2026-10-05T08:40:00", R, version="2.1.210"):
        # T01 code tour
        t = d.task("new laptop, fresh clone of fraud-models. give me a quick tour, what runs locally vs inside sagemaker?",
                   tags=["noise"])
        t.read(README)
        t.glob("**/*.py", [PIPE_TRAIN, PIPE_EVAL, PROMOTE, SMOKE, TRAIN, FEATS, EVAL, INFER, T_FEATS, T_TRAIN], path=R)
        t.read(PIPE_TRAIN)
        t.read(TRAIN)
        t.done("""Quick map:

- **Runs on your laptop** (`uv run python -m …`): `pipelines/train.py` builds an `SKLearn` estimator (framework 1.2-1) with `source_dir="src"` and calls `fit()`; `pipelines/evaluate.py` runs `src/evaluate.py` as a `FrameworkProcessor` job; `deploy/promote.py` switches an endpoint to a new endpoint config; `scripts/smoke_endpoint.py` sends `samples/claim_*.json` to an endpoint and checks score bands.
- **Runs inside SageMaker**: everything in `src/` — `train.py` (LightGBM, logs `val_pr_auc=…;` lines the metric regexes pick up), `features.py`, `evaluate.py`. The container only has sklearn/pandas/numpy; it installs `src/requirements.txt` at job start (currently lightgbm and pyarrow).
- **Serving**: `serve/inference.py` in the custom `fraud-serve` image (`docker/serve/Dockerfile`, gunicorn + flask on 8080), pushed to ECR.
- Hyperparameters, data prefix, instance type and tags live in `configs/*.yaml`.""")

        # T02 M1#1, W2#1, P1#1
        t = d.task("add target encoding for vehicle_make and garage_id (category_encoders TargetEncoder, smoothing 20) in features, "
                   "then kick off a dev training run as v7. tag the job like all our stuff, project=fraud owner=aoife",
                   tags=["mistake:M1", "workflow:W2", "pref:P1"])
        t.read(FEATS)
        t.edit(FEATS, '''import numpy as np
import pandas as pd
''', '''import category_encoders as ce
import numpy as np
import pandas as pd
''')
        t.edit(FEATS, '''    for c in CATEGORICAL:
        out[c] = df[c]
    return out
''', '''    for c in CATEGORICAL:
        out[c] = df[c]
    return out


def fit_target_encoder(df: pd.DataFrame, y: pd.Series) -> ce.TargetEncoder:
    enc = ce.TargetEncoder(cols=["vehicle_make", "garage_id"], smoothing=20)
    enc.fit(df[["vehicle_make", "garage_id"]], y)
    return enc
''')
        t.bash("uv add category-encoders==2.6.4", "Add category-encoders to the project",
               err="""Resolved 74 packages in 1.21s
Prepared 2 packages in 402ms
Installed 2 packages in 18ms
 + category-encoders==2.6.4
 + statsmodels==0.14.4""")
        t.bash("uv run pytest -q", "Run the test suite", out="""..                                                                       [100%]
3 passed in 2.18s""")
        t.read(CFG_V7)
        hp = "train.py --learning-rate 0.05 --n-estimators 800 --num-leaves 63 --scale-pos-weight 12.0"
        j1 = "fraud-lgbm-2026-10-05-08-51-07-233"
        t.fail("uv run python -m pipelines.train --config configs/lgbm_v7.yaml", "Launch the v7 training job",
               train_log(j1, "10-05", 8, 51, hp, None, failed_mod="category_encoders", failed_file="features.py",
                         failed_line=2, imp="import category_encoders as ce").replace(
                   'File "/opt/ml/code/features.py", line 2, in <module>',
                   'File "/opt/ml/code/train.py", line 10, in <module>\n    from features import build_features\n  File "/opt/ml/code/features.py", line 2, in <module>'),
               timeout=1800000)
        t.say("`uv add` only put category-encoders into the local venv. The SKLearn container installs `src/requirements.txt` and nothing else, so the job died at import. Adding it there with the same pin:")
        t.read(REQS)
        t.edit(REQS, "lightgbm==4.5.0\n", "category-encoders==2.6.4\nlightgbm==4.5.0\n")
        j2 = "fraud-lgbm-2026-10-05-09-00-44-871"
        t.bash("uv run python -m pipelines.train --config configs/lgbm_v7.yaml", "Relaunch the v7 training job",
               out=train_log(j2, "10-05", 9, 0, hp, ("Successfully installed category-encoders-2.6.4 lightgbm-4.5.0 patsy-0.5.6 pyarrow-17.0.0 statsmodels-0.14.4",
                                                       lgb_lines(61, 412, "0.3471", "0.8702"))), timeout=1800000)
        t.bash(f"aws sagemaker describe-training-job --training-job-name {j2} --query FinalMetricDataList",
               "Read the final metrics", out=describe_tj(j2, "0.3471", "0.8702"))
        t.bash(f"aws sagemaker list-tags --resource-arn arn:aws:sagemaker:{REGION}:{ACCT}:training-job/{j2}",
               "Check the tags landed", out="""{
    "Tags": [
        {
            "Key": "owner",
            "Value": "aoife"
        },
        {
            "Key": "project",
            "Value": "fraud"
        }
    ]
}""")
        t.read(EXP)
        t.edit(EXP, "- notes: scale_pos_weight 12, no target encoding\n", f"""- notes: scale_pos_weight 12, no target encoding

## 2026-10-05 v7 target encoding (lgbm, 2026-09-30 data cut)

- job: {j2}
- val ROC-AUC 0.870, val PR-AUC 0.347 (v6: 0.861 / 0.318)
- notes: TargetEncoder(vehicle_make, garage_id, smoothing=20); best iteration 412
""")
        t.done(f"""v7 trained: `{j2}`, tagged project=fraud / owner=aoife.

| | v6 | v7 |
|---|---|---|
| val PR-AUC | 0.318 | **0.347** |
| val ROC-AUC | 0.861 | 0.870 |

The first launch (`{j1}`) failed with `ModuleNotFoundError: No module named 'category_encoders'` — the package was only in the local venv. It's now pinned in `src/requirements.txt` (what the container installs) as well as `pyproject.toml`. Section added to `reports/experiments.md`.""")

        # T03 no tools
        t = d.task("quick one: scale_pos_weight vs is_unbalance in lightgbm, any real difference for us at ~3.4% fraud rate?",
                   tags=["no_tools"])
        t.done("""Same mechanism, different knob:

- `is_unbalance=True` sets the positive weight to `n_neg / n_pos` automatically — at 3.4% that's ≈ 28.
- `scale_pos_weight` lets you pick the weight yourself (you use 12).

They're mutually exclusive. Two practical points: both distort predicted probabilities (scores are no longer calibrated frequencies, so calibrate afterwards if SIU thresholds are read as probabilities), and ranking metrics like PR-AUC usually move little between 12 and 28 — tune it as a hyperparameter rather than taking the automatic ratio.""")


def s2(d):
    with d.session("2026-10-07T09:05:00", R, version="2.1.211"):
        # T04 W1#1, F1
        t = d.task("serving image: bump lightgbm to match training isnt needed (already 4.5) but flask 3.0.3 has the "
                   "werkzeug CVE, go to flask 3.1.0. build + push fraud-serve:2026.10.1", tags=["workflow:W1", "flaky:F1"])
        t.read(SERVE_DF)
        t.edit(SERVE_DF, "flask==3.0.3", "flask==3.1.0")
        tag = "2026.10.1"
        t.bash(f"docker build --platform linux/amd64 -t {ECR}/fraud-serve:{tag} -f docker/serve/Dockerfile .",
               "Build the serving image for amd64", err=f"""#0 building with "desktop-linux" instance using docker driver

#1 [internal] load build definition from Dockerfile
#1 transferring dockerfile: 402B done
#1 DONE 0.0s

#2 [internal] load metadata for docker.io/library/python:3.12-slim
#2 DONE 1.2s

#3 [internal] load .dockerignore
#3 transferring context: 112B done
#3 DONE 0.0s

#4 [1/5] FROM docker.io/library/python:3.12-slim@sha256:{hx(64)}
#4 CACHED

#5 [internal] load build context
#5 transferring context: 9.71kB done
#5 DONE 0.0s

#6 [2/5] RUN pip install --no-cache-dir lightgbm==4.5.0 pandas==2.2.3 flask==3.1.0 gunicorn==23.0.0
#6 41.88 Successfully installed Werkzeug-3.1.3 blinker-1.9.0 click-8.1.7 flask-3.1.0 gunicorn-23.0.0 itsdangerous-2.2.0 lightgbm-4.5.0 numpy-2.1.2 pandas-2.2.3 python-dateutil-2.9.0.post0 pytz-2024.2 scipy-1.14.1 six-1.16.0 tzdata-2024.2
#6 DONE 44.3s

#7 [3/5] COPY serve/ /opt/program/
#7 DONE 0.1s

#8 [4/5] COPY src/features.py /opt/program/features.py
#8 DONE 0.0s

#9 [5/5] WORKDIR /opt/program
#9 DONE 0.0s

#10 exporting to image
#10 exporting layers 3.1s done
#10 writing image sha256:{hx(64)} done
#10 naming to {ECR}/fraud-serve:{tag} done
#10 DONE 3.1s""", timeout=600000)
        push = f"docker push {ECR}/fraud-serve:{tag}"
        t.fail(push, "Push to ECR", f"""The push refers to repository [{ECR}/fraud-serve]
Get "https://{ECR}/v2/": net/http: TLS handshake timeout""")
        t.say("TLS handshake timeout talking to ECR, nothing about auth or the image. Trying the same push again:")
        t.bash(push, "Push to ECR", out=f"""The push refers to repository [{ECR}/fraud-serve]
5f70bf18a086: Pushed
a1c3e6d92b04: Pushed
3e2b8a1f0c77: Pushed
9c4d1e2f7a55: Layer already exists
e0a1b2c3d4f5: Layer already exists
7b8c9d0e1f2a: Layer already exists
{tag}: digest: sha256:{hx(64)} size: 1789""")
        t.bash(f"aws ecr describe-images --repository-name fraud-serve --image-ids imageTag={tag} "
               "--query 'imageDetails[0].[imageTags,imageSizeInBytes,imagePushedAt]'", "Confirm the image in ECR",
               out=f"""[
    [
        "{tag}"
    ],
    201448317,
    "2026-10-07T10:14:52.611000+01:00"
]""")
        t.done(f"""`fraud-serve:{tag}` is in ECR (201 MB, flask 3.1.0 / Werkzeug 3.1.3). The first push hit a TLS handshake timeout to ECR; the identical retry went through. Nothing deployed yet — staging still runs the previous image.""")

        # T05 M2#1
        t = d.task("hit staging with claim 4411 and tell me the score. its the one Niamh flagged, BMW, 8.4k, reported 3 weeks late",
                   tags=["mistake:M2"])
        body = ('{"claim_id": "CLM-4411", "claim_amount": 8400.0, "vehicle_make": "BMW", "vehicle_age": 11, '
                '"driver_age": 22, "prior_claims_3y": 2, "policy_tenure_days": 12, "garage_id": "G311", '
                '"claim_channel": "phone", "policy_product": "tpft", "loss_date": "2026-09-12", '
                '"policy_start": "2026-09-01", "report_date": "2026-10-03"}')
        cmd = (f"aws sagemaker-runtime invoke-endpoint --endpoint-name fraud-scorer-staging "
               f"--content-type application/json --body '{body}' /tmp/claim4411.json")
        t.fail(cmd, "Score claim 4411 on staging", invalid_b64(body), code=252)
        t.say("AWS CLI v2 treats blob parameters like `--body` as base64 by default, so the raw JSON was rejected before any request was sent. Same call, telling the CLI the body is raw:")
        t.bash(cmd.replace("--body", "--cli-binary-format raw-in-base64-out --body"), "Score claim 4411 with a raw JSON body",
               out="""{
    "ContentType": "application/json",
    "InvokedProductionVariant": "AllTraffic"
}""")
        t.bash("cat /tmp/claim4411.json", "Show the response", out='{"fraud_score": 0.8127, "model_version": "v6"}')
        t.done("""Claim 4411 scores **0.813** on staging (model v6 — staging hasn't been moved to v7 yet). That's well above the 0.6 SIU referral line, which fits what Niamh saw: 12-day-old tpft policy, 11-year-old car, 21-day reporting delay, two prior claims.

(The first call failed with `Invalid base64` — CLI v2 wants `--cli-binary-format raw-in-base64-out` for a JSON body.)""")

        # T06 P3 statement
        t = d.task("from now on in experiments.md put PR-AUC first and bold it, roc-auc is basically meaningless at our base rate. "
                   "fix the existing sections too", tags=["pref:P3", "noise"])
        t.read(EXP)
        t.edit(EXP, "- val ROC-AUC 0.861, val PR-AUC 0.318\n", "- **val PR-AUC 0.318**, val ROC-AUC 0.861\n")
        t.edit(EXP, "- val ROC-AUC 0.870, val PR-AUC 0.347 (v6: 0.861 / 0.318)\n",
               "- **val PR-AUC 0.347** (v6: 0.318), val ROC-AUC 0.870 (v6: 0.861)\n")
        t.done("Both sections now lead with a bold PR-AUC line and ROC-AUC after it; I'll write new runs the same way.")


def s3(d):
    with d.session("2026-10-09T08:20:00", R, version="2.1.212"):
        # T07 W3#1, M3#1
        t = d.task("promote v7 to staging. model artifact is the fraud-lgbm-2026-10-05-09-00-44-871 one, serving image "
                   "2026.10.1. Ciaran merged the autoscaling PR this morning fyi", tags=["workflow:W3", "mistake:M3"])
        j2 = "fraud-lgbm-2026-10-05-09-00-44-871"
        t.bash(f"aws sagemaker create-model --model-name fraud-lgbm-v7-20261009 --execution-role-arn {ROLE} "
               f"--primary-container Image={ECR}/fraud-serve:2026.10.1,ModelDataUrl=s3://{BUCKET}/fraud/models/{j2}/output/model.tar.gz "
               "--tags Key=project,Value=fraud Key=owner,Value=aoife", "Register the v7 model",
               out=f"""{{
    "ModelArn": "arn:aws:sagemaker:{REGION}:{ACCT}:model/fraud-lgbm-v7-20261009"
}}""")
        t.bash("aws sagemaker create-endpoint-config --endpoint-config-name fraud-scorer-staging-v7-20261009 "
               "--production-variants VariantName=AllTraffic,ModelName=fraud-lgbm-v7-20261009,InstanceType=ml.m5.large,InitialInstanceCount=1 "
               "--tags Key=project,Value=fraud Key=owner,Value=aoife", "Create the v7 endpoint config",
               out=f"""{{
    "EndpointConfigArn": "arn:aws:sagemaker:{REGION}:{ACCT}:endpoint-config/fraud-scorer-staging-v7-20261009"
}}""")
        upd = "aws sagemaker update-endpoint --endpoint-name fraud-scorer-staging --endpoint-config-name fraud-scorer-staging-v7-20261009"
        t.fail(upd, "Point staging at the v7 config", upd_in_progress_cli("fraud-scorer-staging"), code=254)
        t.bash("aws sagemaker describe-endpoint --endpoint-name fraud-scorer-staging --query '[EndpointStatus,LastModifiedTime]'",
               "Check what staging is doing", out="""[
    "Updating",
    "2026-10-09T09:21:07.488000+01:00"
]""")
        t.say("Staging is mid-update — the deploy job from Ciarán's autoscaling merge started it 6 minutes ago. Waiting for it to settle, then the same update:")
        t.bash("aws sagemaker wait endpoint-in-service --endpoint-name fraud-scorer-staging", "Wait until staging is InService",
               timeout=1200000)
        t.bash(upd, "Point staging at the v7 config", out=f"""{{
    "EndpointArn": "arn:aws:sagemaker:{REGION}:{ACCT}:endpoint/fraud-scorer-staging"
}}""")
        t.bash("aws sagemaker describe-endpoint --endpoint-name fraud-scorer-staging --query '[EndpointStatus,EndpointConfigName]'",
               "Check staging after the update", out="""[
    "InService",
    "fraud-scorer-staging-v7-20261009"
]""")
        t.bash("uv run python scripts/smoke_endpoint.py --endpoint fraud-scorer-staging", "Smoke test staging",
               out="""claim_0193.json       0.0412  [0.00, 0.15]  ok
claim_2208.json       0.1187  [0.00, 0.25]  ok
claim_4411.json       0.8433  [0.60, 1.00]  ok
claim_5120.json       0.0297  [0.00, 0.15]  ok
claim_7731.json       0.6912  [0.50, 1.00]  ok""")
        t.bash("aws logs tail /aws/sagemaker/Endpoints/fraud-scorer-staging --since 15m", "Look at the endpoint logs",
               out=logs_tail("10-09", [
                   ("08:47:58.201000", "[2026-10-09 08:47:58 +0000] [1] [INFO] Starting gunicorn 23.0.0"),
                   ("08:47:58.204000", "[2026-10-09 08:47:58 +0000] [1] [INFO] Listening at: http://0.0.0.0:8080 (1)"),
                   ("08:47:58.205000", "[2026-10-09 08:47:58 +0000] [1] [INFO] Using worker: sync"),
                   ("08:47:58.209000", "[2026-10-09 08:47:58 +0000] [7] [INFO] Booting worker with pid: 7"),
                   ("08:47:58.262000", "[2026-10-09 08:47:58 +0000] [8] [INFO] Booting worker with pid: 8"),
                   ("08:51:12.733000", "169.254.178.2 - - [09/Oct/2026:08:51:12 +0000] \"POST /invocations HTTP/1.1\" 200 49"),
                   ("08:51:12.911000", "169.254.178.2 - - [09/Oct/2026:08:51:12 +0000] \"POST /invocations HTTP/1.1\" 200 49"),
                   ("08:51:13.088000", "169.254.178.2 - - [09/Oct/2026:08:51:13 +0000] \"POST /invocations HTTP/1.1\" 200 49"),
                   ("08:51:13.250000", "169.254.178.2 - - [09/Oct/2026:08:51:13 +0000] \"POST /invocations HTTP/1.1\" 200 49"),
                   ("08:51:13.402000", "169.254.178.2 - - [09/Oct/2026:08:51:13 +0000] \"POST /invocations HTTP/1.1\" 200 49"),
               ]))
        t.done("""Staging runs v7 (`fraud-scorer-staging-v7-20261009`, model `fraud-lgbm-v7-20261009`, image 2026.10.1), InService.

- Smoke test: 5/5 samples in band; claim 4411 now 0.843 (was 0.813 on v6).
- Logs: gunicorn booted clean, five 200s, no errors.
- The first `update-endpoint` was refused (`Cannot update in-progress endpoint`) because the CI deploy of the autoscaling PR was still updating staging; I waited for `InService` and ran it again.

Note `serve/inference.py` hardcodes `"model_version": "v7"` in every response — it'll be wrong on the next model.""")

        # T08 O1
        t = d.task("days_since_policy_start looks off by one to me, claim on the day the policy starts should be 0 not 1. fix + test",
                   tags=["oneoff:O1"])
        t.read(T_FEATS)
        t.edit(T_FEATS, '''def test_days_since_policy_start():
    assert days_since_policy_start(_claims()).tolist() == [400, 11]
''', '''def test_days_since_policy_start():
    assert days_since_policy_start(_claims()).tolist() == [400, 11]


def test_days_since_policy_start_same_day_is_zero():
    df = _claims()
    df["loss_date"] = df["policy_start"]
    assert days_since_policy_start(df).tolist() == [0, 0]
''')
        tc = "uv run pytest tests/test_features.py -q"
        t.fail(tc, "Run the feature tests", """.FF.                                                                     [100%]
=================================== FAILURES ===================================
________________________ test_days_since_policy_start _________________________

    def test_days_since_policy_start():
>       assert days_since_policy_start(_claims()).tolist() == [400, 11]
E       assert [401, 12] == [400, 11]
E         
E         At index 0 diff: 401 != 400
E         Use -v to get more diff

tests/test_features.py:24: AssertionError
_______________ test_days_since_policy_start_same_day_is_zero ________________

    def test_days_since_policy_start_same_day_is_zero():
        df = _claims()
        df["loss_date"] = df["policy_start"]
>       assert days_since_policy_start(df).tolist() == [0, 0]
E       assert [1, 1] == [0, 0]
E         
E         At index 0 diff: 1 != 0
E         Use -v to get more diff

tests/test_features.py:30: AssertionError
=========================== short test summary info ============================
FAILED tests/test_features.py::test_days_since_policy_start - assert [401, 12] == [400, 11]
FAILED tests/test_features.py::test_days_since_policy_start_same_day_is_zero - assert [1, 1] == [0, 0]
2 failed, 2 passed in 0.71s""")
        t.say("Confirmed: the `+ 1` makes same-day claims 1. Dropping it:")
        t.read(FEATS)
        t.edit(FEATS, '    return (df["loss_date"] - df["policy_start"]).dt.days + 1\n',
               '    return (df["loss_date"] - df["policy_start"]).dt.days\n')
        t.bash(tc, "Run the feature tests again", out="""....                                                                     [100%]
4 passed in 0.64s""")
        t.done("""Fixed: `days_since_policy_start` no longer adds 1, so a loss on the policy start date is 0. Added `test_days_since_policy_start_same_day_is_zero`; 4/4 feature tests pass.

Heads-up: v7 was trained with the shifted feature. Tree splits just move by one day so the impact is tiny, but train and serve must agree — the next image build picks up the fixed `features.py`, so retrain before (or with) that image.""")

        # T09 webfetch
        t = d.task("how does target tracking on InvocationsPerInstance actually work for sagemaker endpoints? Ciaran set 70, "
                   "is that per minute? check the docs dont guess", tags=["webfetch", "noise"])
        t.read(SCALING)
        t.webfetch("https://docs.aws.amazon.com/sagemaker/latest/dg/endpoint-auto-scaling-add-code-define.html",
                   "How is SageMakerVariantInvocationsPerInstance defined for target tracking, what period, and what are the cooldown semantics?",
                   """**SageMakerVariantInvocationsPerInstance** — the average number of times per minute that each instance for a variant is invoked. Target tracking policies with this predefined metric keep the metric close to TargetValue by adding or removing instances.

The policy configuration is a JSON object with `TargetValue`, `PredefinedMetricSpecification` (`PredefinedMetricType`: `SageMakerVariantInvocationsPerInstance`), and optionally `ScaleInCooldown` and `ScaleOutCooldown` in seconds.

- ScaleOutCooldown: after a scale-out activity, the amount of time before another scale-out can start. While it is in effect, capacity added by the initiating scale-out is counted as part of the desired capacity for the next scale-out.
- ScaleInCooldown: the amount of time after a scale-in activity completes before another scale-in can start. A scale-out is not blocked by a scale-in cooldown.

To determine a target value, load test the variant to find the peak InvocationsPerInstance that an instance can sustain, then apply a safety factor (the documentation's example uses 0.5).""")
        t.done("""From the SageMaker docs:

- `SageMakerVariantInvocationsPerInstance` is **invocations per minute per instance**, averaged across the variant. So 70 means "add instances when each one averages more than ~70 requests/min".
- `ScaleOutCooldown: 60` — after adding capacity it waits 60 s before adding more; `ScaleInCooldown: 300` — waits 5 min before removing again. A scale-in cooldown never blocks a scale-out.
- The docs suggest load-testing for the max sustainable invocations/instance and setting the target at ~50% of that. For a 2-worker gunicorn on ml.m5.large with ~15 ms predictions, 70/min is very conservative — it'll scale out early, which is fine for staging but worth a load test before prod.""")


def eval_log(job, day, h, m, failed_mod=None):
    ms = lambda mm, ss, x: f"{sm_stamp(day, h, m + mm, ss)},{x:03d}"  # noqa: E731
    head = f"""INFO:sagemaker.processing:Uploaded src to s3://{BUCKET}/{job}/source/sourcedir.tar.gz
INFO:sagemaker.processing:runproc.sh uploaded to s3://{BUCKET}/{job}/source/runproc.sh
INFO:sagemaker:Creating processing-job with name {job}
.........................................
Received arguments []
Found requirements.txt file. Installing dependencies from requirements.txt
Collecting category-encoders==2.6.4 (from -r requirements.txt (line 1))
  Downloading category_encoders-2.6.4-py2.py3-none-any.whl.metadata (8.0 kB)"""
    if failed_mod:
        return head + f"""
Successfully installed category-encoders-2.6.4 lightgbm-4.5.0 patsy-0.5.6 pyarrow-17.0.0 statsmodels-0.14.4
Traceback (most recent call last):
  File "/opt/ml/processing/input/code/evaluate.py", line 7, in <module>
    import shap
ModuleNotFoundError: No module named '{failed_mod}'
Traceback (most recent call last):
  File "<frozen runpy>", line 198, in _run_module_as_main
  File "<frozen runpy>", line 88, in _run_code
  File "{R}/pipelines/evaluate.py", line 44, in <module>
    main()
  File "{R}/pipelines/evaluate.py", line 28, in main
    proc.run(
  File "{VENV}/sagemaker/processing.py", line 1812, in run
    return super().run(
           ^^^^^^^^^^^^
  File "{VENV}/sagemaker/workflow/pipeline_context.py", line 346, in wrapper
    return run_func(*args, **kwargs)
           ^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{VENV}/sagemaker/processing.py", line 690, in run
    self.latest_job.wait(logs=logs)
  File "{VENV}/sagemaker/processing.py", line 1126, in wait
    self.sagemaker_session.logs_for_processing_job(self.job_name, wait=True)
  File "{VENV}/sagemaker/session.py", line 6150, in logs_for_processing_job
    _check_job_status(job_name, description, "ProcessingJobStatus")
  File "{VENV}/sagemaker/session.py", line 8611, in _check_job_status
    raise exceptions.UnexpectedStatusException(
sagemaker.exceptions.UnexpectedStatusException: Error for Processing job {job}: Failed. Reason: AlgorithmError: See job logs for more information"""
    return head + """
Successfully installed category-encoders-2.6.4 cloudpickle-3.1.0 lightgbm-4.5.0 llvmlite-0.43.0 numba-0.60.0 patsy-0.5.6 pyarrow-17.0.0 shap-0.46.0 slicer-0.0.8 statsmodels-0.14.4
{"pr_auc": 0.3398, "roc_auc": 0.8671, "top_shap": ["days_since_policy_start", "log_claim_amount", "garage_id_te", "prior_claims_3y", "reported_late"]}
"""


def s4(d):
    with d.session("2026-10-13T08:55:00", R, version="2.1.213", permission_mode="acceptEdits"):
        # T10 M1#2, P1#2
        t = d.task("eval step: add mean |shap| per feature (top 5) to metrics.json and run the eval job on v7's artifact. "
                   "processing job needs the usual tags btw (project + owner) - check they're set",
                   tags=["mistake:M1", "pref:P1"])
        t.read(EVAL)
        t.edit(EVAL, '''import lightgbm as lgb
import pandas as pd
''', '''import lightgbm as lgb
import pandas as pd
import shap
''')
        t.edit(EVAL, '''        "roc_auc": roc_auc_score(test["is_fraud"], p),
    }
''', '''        "roc_auc": roc_auc_score(test["is_fraud"], p),
    }
    sv = shap.TreeExplainer(booster).shap_values(X)
    mean_abs = pd.Series(abs(sv).mean(axis=0), index=X.columns).sort_values(ascending=False)
    metrics["top_shap"] = list(mean_abs.index[:5])
''')
        t.read(PIPE_EVAL)
        t.bash("uv add shap==0.46.0", "Add shap locally", err="""Resolved 81 packages in 1.48s
Prepared 6 packages in 1.10s
Installed 6 packages in 41ms
 + cloudpickle==3.1.0
 + llvmlite==0.43.0
 + numba==0.60.0
 + shap==0.46.0
 + slicer==0.0.8
 + tqdm==4.66.5""")
        j2 = "fraud-lgbm-2026-10-05-09-00-44-871"
        ev = f"uv run python -m pipelines.evaluate --model-s3 s3://{BUCKET}/fraud/models/{j2}/output/model.tar.gz"
        ej1 = "fraud-eval-2026-10-13-09-04-18-552"
        t.fail(ev, "Run the evaluation job on v7", eval_log(ej1, "10-13", 9, 4, failed_mod="shap"), timeout=1800000)
        t.say("Same trap as the target encoder last week: `uv add` fixed the laptop, but the processing container only installs `src/requirements.txt`. Pinning shap there:")
        t.read(REQS)
        t.edit(REQS, "lightgbm==4.5.0\n", "lightgbm==4.5.0\nshap==0.46.0\n")
        ej2 = "fraud-eval-2026-10-13-09-13-40-027"
        t.bash(ev, "Run the evaluation job on v7 again", out=eval_log(ej2, "10-13", 9, 13), timeout=1800000)
        t.bash(f"aws sagemaker list-tags --resource-arn arn:aws:sagemaker:{REGION}:{ACCT}:processing-job/{ej2} --output text",
               "Check the processing job tags", out="""TAGS	owner	aoife
TAGS	project	fraud""")
        t.done(f"""Eval on v7 done (`{ej2}`), tags project=fraud / owner=aoife are on the job.

- PR-AUC 0.340, ROC-AUC 0.867 on the held-out test cut
- top |SHAP|: days_since_policy_start, log_claim_amount, garage_id (target-encoded), prior_claims_3y, reported_late

First attempt failed with `No module named 'shap'` — added `shap==0.46.0` to `src/requirements.txt` next to the pyproject pin. Metrics are in `s3://{BUCKET}/fraud/eval/metrics.json`.""")

        # T11 long output
        t = d.task("run the whole test suite verbose, I want to see what we actually cover", tags=["noise", "long_output"])
        t.bash("uv run pytest -v", "Run all tests verbosely", out=f"""============================= test session starts ==============================
platform linux -- Python 3.12.7, pytest-8.3.3, pluggy-1.5.0 -- {R}/.venv/bin/python
cachedir: .pytest_cache
rootdir: {R}
configfile: pyproject.toml
testpaths: tests
plugins: anyio-4.6.2
collected 11 items

tests/test_deploy.py::test_promote_prints_transition PASSED              [  9%]
tests/test_deploy.py::test_promote_requires_config PASSED                [ 18%]
tests/test_features.py::test_days_since_policy_start PASSED              [ 27%]
tests/test_features.py::test_days_since_policy_start_same_day_is_zero PASSED [ 36%]
tests/test_features.py::test_reported_late PASSED                        [ 45%]
tests/test_features.py::test_reported_late PASSED                        [ 54%]
tests/test_inference.py::test_ping PASSED                                [ 63%]
tests/test_inference.py::test_missing_fields_400 PASSED                  [ 72%]
tests/test_pipelines.py::test_train_config_parses PASSED                 [ 81%]
tests/test_pipelines.py::test_metric_regexes_match_train_output PASSED   [ 90%]
tests/test_train.py::test_model_fits_on_features PASSED                  [100%]

=============================== warnings summary ===============================
.venv/lib/python3.12/site-packages/category_encoders/target_encoder.py:92: FutureWarning: Default parameter min_samples_leaf will change in version 2.6.See https://github.com/scikit-learn-contrib/category_encoders/issues/327
  warnings.warn(

tests/test_pipelines.py::test_train_config_parses
  {VENV}/sagemaker/config/config.py:120: UserWarning: sagemaker.config INFO - Not applying SDK defaults from location: /etc/xdg/sagemaker/config.yaml

-- Docs: https://docs.pytest.org/en/stable/how-to/capture-warnings.html
======================== 11 passed, 2 warnings in 4.87s ========================""".replace(
            "tests/test_features.py::test_reported_late PASSED                        [ 54%]",
            "tests/test_features.py::test_target_encoder_fits PASSED                  [ 54%]"))
        t.done("""11 tests, all green. What's covered:

- **features**: date diff (incl. the same-day case), late-reporting flag, target-encoder fit
- **train**: LightGBM fits on built features (tiny synthetic set)
- **inference**: `/ping`, 400 on missing fields — but not the actual scoring path
- **pipelines/deploy**: config parsing, metric regexes vs train output, promote arg handling

Gaps: nothing exercises `evaluate.py` (SHAP code is untested locally), `smoke_endpoint.py` band logic, or `/invocations` with a real booster. The category_encoders FutureWarning is harmless.""")

        # T12 U1
        t = d.task("try the gpu config (configs/lgbm_gpu.yaml, g5.2xlarge) — want to see if cuda lightgbm is worth it for the hp sweep",
                   tags=["unfixed:U1"])
        t.fail("uv run python -m pipelines.train --config configs/lgbm_gpu.yaml", "Launch the GPU training job",
               f"""INFO:sagemaker:Creating training-job with name: fraud-lgbm-2026-10-13-10-02-11-906
Traceback (most recent call last):
  File "<frozen runpy>", line 198, in _run_module_as_main
  File "<frozen runpy>", line 88, in _run_code
  File "{R}/pipelines/train.py", line 50, in <module>
    main()
  File "{R}/pipelines/train.py", line 45, in main
    est.fit({{"train": f"{{data}}/train/", "validation": f"{{data}}/validation/"}}, wait=True, logs="All")
  File "{VENV}/sagemaker/estimator.py", line 1370, in fit
    self.latest_training_job = _TrainingJob.start_new(self, inputs, experiment_config)
  File "{VENV}/sagemaker/session.py", line 1080, in train
    self._intercept_create_request(train_request, submit, inspect.stack()[0][3])
  File "{VENV}/botocore/client.py", line 1023, in _make_api_call
    raise error_class(parsed_response, operation_name)
botocore.errorfactory.ResourceLimitExceeded: An error occurred (ResourceLimitExceeded) when calling the CreateTrainingJob operation: The account-level service limit 'ml.g5.2xlarge for training job usage' is 0 Instances, with current utilization of 0 Instances and a request delta of 1 Instances. Please use AWS Service Quotas to request an increase for this quota. If AWS Service Quotas is not available, contact AWS support to request an increase for this quota.""")
        t.bash("aws service-quotas list-service-quotas --service-code sagemaker "
               "--query \"Quotas[?contains(QuotaName, 'g5.2xlarge for training')].[QuotaName,Value,QuotaCode]\" --output table",
               "Look up the quota", out="""-----------------------------------------------------------------
|                      ListServiceQuotas                        |
+-------------------------------------------+-------+-----------+
|  ml.g5.2xlarge for training job usage     |  0.0  |  L-5C4CD3C0 |
+-------------------------------------------+-------+-----------+""")
        t.done("""Can't run it: the dev account's quota for **ml.g5.2xlarge training** is 0 (`ResourceLimitExceeded`, quota code `L-5C4CD3C0`). Nothing to fix in the code.

Raising it is a Service Quotas request, which on this account goes through whoever owns the AWS org (Ciarán?), and GPU increases usually take a day or two. I haven't filed it — say if you want me to draft the request (1 instance is enough for a sweep). Meanwhile the CPU sweep on ml.m5.2xlarge works.""")

        # T13 no tools
        t = d.task("how do I explain to underwriting that precision at the referral threshold dropped even though pr-auc went up? "
                   "they're going to ask", tags=["no_tools"])
        t.done("""Short version for them: PR-AUC is an average over *all* thresholds; the referral decision uses *one*.

- v7 ranks claims better overall (more fraud near the top of the list), which is what PR-AUC measures.
- But the scores shifted — target encoding pushes some legit claims from high-risk garages up — so at the fixed 0.6 cut-off you now refer more claims, and a few more of them are clean. Precision at 0.6 drops, recall at 0.6 rises.
- The fair comparison is at equal workload: fix the number of referrals SIU can handle per week (e.g. top 150) and compare precision there. At equal volume v7 should win.

So the ask to underwriting is to re-set the threshold to keep the referral volume constant, not to read the drop as a worse model.""")


def s5(d):
    with d.session("2026-10-15T08:30:00", R, version="2.1.214"):
        # T14 W2#2
        t = d.task("new data cut landed, s3://claimwise-ml-dev-artifacts/fraud/data/2026-10-14. retrain v7 params on it as v7.1, "
                   "same drill as last time (tests, train, metrics, experiments.md)", tags=["workflow:W2", "long_output"])
        t.bash(f"aws s3 ls s3://{BUCKET}/fraud/data/2026-10-14/ --recursive --human-readable --summarize",
               "Check the new data cut", out=f"""2026-10-14 23:12:40   38.2 MiB fraud/data/2026-10-14/test/part-00000.parquet
2026-10-14 23:12:41   11.7 MiB fraud/data/2026-10-14/test/part-00001.parquet
2026-10-14 23:12:09  121.4 MiB fraud/data/2026-10-14/train/part-00000.parquet
2026-10-14 23:12:15  118.9 MiB fraud/data/2026-10-14/train/part-00001.parquet
2026-10-14 23:12:22   64.3 MiB fraud/data/2026-10-14/train/part-00002.parquet
2026-10-14 23:12:33   41.0 MiB fraud/data/2026-10-14/validation/part-00000.parquet

Total Objects: 6
   Total Size: 395.5 MiB""")
        t.read(CFG_V7)
        t.write(P("configs/lgbm_v7_1.yaml"), CFG_V7_TXT.replace("2026-09-30", "2026-10-14"))
        t.bash("uv run pytest -q", "Run the test suite", out="""...........                                                              [100%]
11 passed, 2 warnings in 4.91s""")
        hp = "train.py --learning-rate 0.05 --n-estimators 800 --num-leaves 63 --scale-pos-weight 12.0"
        j = "fraud-lgbm-2026-10-15-08-44-02-615"
        t.bash("uv run python -m pipelines.train --config configs/lgbm_v7_1.yaml", "Launch the v7.1 training job",
               out=train_log(j, "10-15", 8, 44, hp, ("Successfully installed category-encoders-2.6.4 lightgbm-4.5.0 patsy-0.5.6 pyarrow-17.0.0 shap-0.46.0 statsmodels-0.14.4",
                                                      lgb_lines(59, 437, "0.3552", "0.8731").replace("6112", "6498").replace("171943", "183377").replace("178055", "189875"))),
               timeout=1800000)
        t.bash(f"aws sagemaker describe-training-job --training-job-name {j} --query FinalMetricDataList",
               "Read the final metrics", out=describe_tj(j, "0.3552", "0.8731").replace("2026-10-05T10:09:41", "2026-10-15T09:51:20"))
        t.read(EXP)
        t.edit(EXP, "- notes: TargetEncoder(vehicle_make, garage_id, smoothing=20); best iteration 412\n",
               f"""- notes: TargetEncoder(vehicle_make, garage_id, smoothing=20); best iteration 412

## 2026-10-15 v7.1 (v7 params, 2026-10-14 data cut)

- job: {j}
- **val PR-AUC 0.355** (v7: 0.347), val ROC-AUC 0.873 (v7: 0.870)
- notes: +11.8k claims in train; days_since_policy_start fix included; best iteration 437
""")
        t.done(f"""v7.1 trained on the 2026-10-14 cut (`{j}`, 395 MiB, 190k train rows):

- **val PR-AUC 0.355** (v7 0.347), val ROC-AUC 0.873 (v7 0.870)
- includes the `days_since_policy_start` fix, so its features match the next serving image

Tests were green before launch; section added to `reports/experiments.md` (PR-AUC first).""")

        # T15 M2#2
        t = d.task("staging: send samples/claim_7731.json and claim_5120.json by hand, want to see the raw response not the smoke script",
                   tags=["mistake:M2"])
        c1 = ("aws sagemaker-runtime invoke-endpoint --endpoint-name fraud-scorer-staging --content-type application/json "
              "--body file://samples/claim_7731.json /tmp/r7731.json")
        body7731 = ('{\n  "claim_id": "CLM-7731",\n  "claim_amount": 5650.0,\n  "vehicle_make": "Audi",\n  "vehicle_age": 9,\n'
                    '  "driver_age": 31,\n  "prior_claims_3y": 1,\n  "policy_tenure_days": 44,\n  "garage_id": "G311",\n'
                    '  "claim_channel": "phone",\n  "policy_product": "comprehensive",\n  "loss_date": "2026-08-30",\n'
                    '  "policy_start": "2026-07-17",\n  "report_date": "2026-09-19",\n  "_expected_band": [0.5, 1.0]\n}\n')
        t.fail(c1, "Send claim 7731 to staging", invalid_b64(body7731), code=252)
        t.say("`file://` hands the CLI the file's text, and v2 still expects base64 for `--body`. Same two calls with the raw-body format:")
        t.bash(c1.replace("--body", "--cli-binary-format raw-in-base64-out --body"), "Send claim 7731 to staging (raw body)",
               out="""{
    "ContentType": "application/json",
    "InvokedProductionVariant": "AllTraffic"
}""")
        t.bash("aws sagemaker-runtime invoke-endpoint --endpoint-name fraud-scorer-staging --content-type application/json "
               "--cli-binary-format raw-in-base64-out --body file://samples/claim_5120.json /tmp/r5120.json",
               "Send claim 5120 to staging (raw body)", out="""{
    "ContentType": "application/json",
    "InvokedProductionVariant": "AllTraffic"
}""")
        t.bash("cat /tmp/r7731.json; echo; cat /tmp/r5120.json", "Show both responses",
               out='{"fraud_score": 0.6912, "model_version": "v7"}\n{"fraud_score": 0.0297, "model_version": "v7"}')
        t.done("""Raw responses from staging (v7):

- `claim_7731.json` → `{"fraud_score": 0.6912, "model_version": "v7"}` (band 0.5–1.0)
- `claim_5120.json` → `{"fraud_score": 0.0297, "model_version": "v7"}` (band 0–0.15)

Note the `_expected_band` key in the sample files is sent to the endpoint too; the container ignores unknown keys, so it's harmless. (First call needed `--cli-binary-format raw-in-base64-out`; CLI v2 otherwise reads the file as base64.)""")

        d.precompact(f"""- Repo fraud-models (Claimwise claim-fraud models), cwd {R}; AWS account {ACCT} eu-west-1, SSO profile claimwise-ml-dev (default).
- src/ runs inside SageMaker (SKLearn 1.2-1 container, installs only src/requirements.txt); pipelines/ launch jobs from the laptop with uv run.
- v7 (target encoding) trained 2026-10-05; v7.1 on the 2026-10-14 cut: fraud-lgbm-2026-10-15-08-44-02-615, val PR-AUC 0.355 / ROC-AUC 0.873. experiments.md leads with PR-AUC.
- staging endpoint fraud-scorer-staging runs v7 (config fraud-scorer-staging-v7-20261009, image fraud-serve:2026.10.1). Manual invoke-endpoint calls with JSON bodies need --cli-binary-format raw-in-base64-out.
- GPU training blocked by the ml.g5.2xlarge training quota (0). Jobs are tagged project=fraud, owner=aoife.""")

        # T16 feedback
        fb = ("the model card you drafted for v7 last week was way too long, I had to cut half of it before it went to compliance. "
              "one page, bullets, numbers first please")
        t = d.task(fb, tags=["feedback", "no_tools"], feedback=fb)
        t.done("""Understood — model cards from now on: one page, bullets, metrics first. Shape I'll use:

- **Model / version / date**, training data cut, job name
- **Metrics**: PR-AUC, ROC-AUC, precision/recall at the referral threshold (one small table)
- **Intended use** and **not for** (one line each)
- **Known limitations** (max 3 bullets)
- **Owner / approval**""")

        # T17 grep noise
        t = d.task("where do we set the endpoint instance type? want to know everything that hardcodes ml.m5.large", tags=["noise"])
        t.grep("ml\\.m5\\.large", output_mode="content", n=True, path=R, content=f"""{P("deploy/README.md")}:14:Staging and prod both run `ml.m5.large` (2 vCPU, 8 GiB); autoscaling 1-4 instances.
{P("deploy/endpoint_configs/staging.json")}:6:      "InstanceType": "ml.m5.large",
{P("deploy/endpoint_configs/prod.json")}:6:      "InstanceType": "ml.m5.large",
{P("tests/test_deploy.py")}:31:    assert cfg["ProductionVariants"][0]["InstanceType"] == "ml.m5.large\"""")
        t.done("""`ml.m5.large` is hardcoded in four places:

- `deploy/endpoint_configs/staging.json:6` and `deploy/endpoint_configs/prod.json:6` — the actual variant definitions
- `deploy/README.md:14` — docs (also says autoscaling 1–4)
- `tests/test_deploy.py:31` — a test asserting the prod config's instance type

The ad-hoc `create-endpoint-config` calls pass it on the command line too. If you change it, update both JSONs and the test together.""")


def s6(d):
    with d.session("2026-10-19T09:10:00", R, version="2.1.216"):
        # T18 W1#2
        t = d.task("new serving image with the days_since_policy_start fix and read model_version from the artifact instead of "
                   "the hardcoded v7. tag 2026.10.2", tags=["workflow:W1"])
        t.read(INFER)
        t.edit(INFER, '''FEATURES = json.load(open("/opt/ml/model/features.json"))
''', '''FEATURES = json.load(open("/opt/ml/model/features.json"))
MODEL_VERSION = os.environ.get("MODEL_VERSION", "unknown")
''')
        t.edit(INFER, '''import json

import lightgbm''', '''import json
import os

import lightgbm''')
        t.edit(INFER, '"model_version": "v7"}', '"model_version": MODEL_VERSION}')
        t.bash("uv run pytest tests/test_inference.py -q", "Run the inference tests", out="""..                                                                       [100%]
2 passed in 1.02s""")
        tag = "2026.10.2"
        t.bash(f"docker build --platform linux/amd64 -t {ECR}/fraud-serve:{tag} -f docker/serve/Dockerfile .",
               "Build the serving image for amd64", err=f"""#0 building with "desktop-linux" instance using docker driver

#1 [internal] load build definition from Dockerfile
#1 transferring dockerfile: 402B done
#1 DONE 0.0s

#2 [internal] load metadata for docker.io/library/python:3.12-slim
#2 DONE 0.9s

#3 [internal] load .dockerignore
#3 transferring context: 112B done
#3 DONE 0.0s

#4 [1/5] FROM docker.io/library/python:3.12-slim@sha256:{hx(64)}
#4 CACHED

#5 [internal] load build context
#5 transferring context: 10.02kB done
#5 DONE 0.0s

#6 [2/5] RUN pip install --no-cache-dir lightgbm==4.5.0 pandas==2.2.3 flask==3.1.0 gunicorn==23.0.0
#6 CACHED

#7 [3/5] COPY serve/ /opt/program/
#7 DONE 0.1s

#8 [4/5] COPY src/features.py /opt/program/features.py
#8 DONE 0.0s

#9 [5/5] WORKDIR /opt/program
#9 DONE 0.0s

#10 exporting to image
#10 exporting layers 0.2s done
#10 writing image sha256:{hx(64)} done
#10 naming to {ECR}/fraud-serve:{tag} done
#10 DONE 0.2s""", timeout=600000)
        t.bash(f"docker push {ECR}/fraud-serve:{tag}", "Push to ECR", out=f"""The push refers to repository [{ECR}/fraud-serve]
8d1f7c2a9e30: Pushed
4b6e0a3c1d92: Pushed
3e2b8a1f0c77: Layer already exists
9c4d1e2f7a55: Layer already exists
e0a1b2c3d4f5: Layer already exists
7b8c9d0e1f2a: Layer already exists
{tag}: digest: sha256:{hx(64)} size: 1789""")
        t.bash(f"aws ecr describe-images --repository-name fraud-serve --image-ids imageTag={tag} "
               "--query 'imageDetails[0].[imageTags,imageSizeInBytes,imagePushedAt]'", "Confirm the image in ECR",
               out=f"""[
    [
        "{tag}"
    ],
    201451022,
    "2026-10-19T10:31:07.204000+01:00"
]""")
        t.done(f"""`fraud-serve:{tag}` pushed (only the two COPY layers changed):

- `features.py` with the same-day fix is baked in
- `model_version` now comes from the `MODEL_VERSION` env var (defaults to `unknown`) — set it in the model's container `Environment` when creating the model, e.g. `Environment={{MODEL_VERSION=v7.1}}`.

Inference tests pass. Not deployed anywhere yet.""")

        # T19 U2
        t = d.task("pull last month's SIU outcome labels from the data lake, s3://claimwise-datalake-prod/siu/outcomes/2026-09/ , "
                   "want them for the eval set", tags=["unfixed:U2"])
        t.fail(f"aws s3 cp s3://claimwise-datalake-prod/siu/outcomes/2026-09/outcomes.parquet data/siu_outcomes_2026-09.parquet",
               "Copy the September SIU outcomes", """fatal error: An error occurred (403) when calling the HeadObject operation: Forbidden""")
        t.bash("aws sts get-caller-identity", "Check which identity is used", out=f"""{{
    "UserId": "AROAXC4T7QJ2LKM3N5P6R:aoife",
    "Account": "{ACCT}",
    "Arn": "arn:aws:sts::{ACCT}:assumed-role/AWSReservedSSO_MLEngineer_7f3a1c9e2b4d6085/aoife"
}}""")
        t.done(f"""Can't get them from here: `403 Forbidden` on `HeadObject`. We're `AWSReservedSSO_MLEngineer` in the ML dev account ({ACCT}); `claimwise-datalake-prod` lives in the data platform account and its bucket policy doesn't grant our role read on `siu/outcomes/`.

That needs the data platform team to add the ML role (or a read-only role we can assume) to the bucket policy — not something to work around from our side. Want me to write the request for them with the exact prefix and role ARN?""")

        # T20 O2
        t = d.task("the train test breaks if I pass the target-encoded frame straight to lgbm? try it: make test_train use fit_target_encoder output",
                   tags=["oneoff:O2"])
        t.read(T_TRAIN)
        t.edit(T_TRAIN, '''from features import build_features
''', '''from features import build_features, fit_target_encoder
''')
        t.edit(T_TRAIN, '''    X = build_features(df)
    m = lgb.LGBMClassifier''', '''    X = build_features(df)
    enc = fit_target_encoder(df, pd.Series(y))
    X[["vehicle_make_te", "garage_id_te"]] = enc.transform(df[["vehicle_make", "garage_id"]]).to_numpy()
    m = lgb.LGBMClassifier''')
        tc = "uv run pytest tests/test_train.py -q"
        t.fail(tc, "Run the train test", f"""F                                                                        [100%]
=================================== FAILURES ===================================
_________________________ test_model_fits_on_features __________________________

    def test_model_fits_on_features():
        df = pd.concat([_claims()] * 40, ignore_index=True)
        y = np.tile([0, 1], 40)
        X = build_features(df)
        enc = fit_target_encoder(df, pd.Series(y))
        X[["vehicle_make_te", "garage_id_te"]] = enc.transform(df[["vehicle_make", "garage_id"]]).to_numpy()
        m = lgb.LGBMClassifier(n_estimators=5, min_child_samples=2, verbose=-1)
>       m.fit(X, y)

tests/test_train.py:16: 
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _
.venv/lib/python3.12/site-packages/lightgbm/sklearn.py:1284: in fit
    super().fit(
.venv/lib/python3.12/site-packages/lightgbm/sklearn.py:955: in fit
    self._Booster = train(
.venv/lib/python3.12/site-packages/lightgbm/engine.py:282: in train
    booster = Booster(params=params, train_set=train_set)
.venv/lib/python3.12/site-packages/lightgbm/basic.py:3637: in __init__
    train_set.construct()
.venv/lib/python3.12/site-packages/lightgbm/basic.py:2576: in construct
    self._lazy_init(
.venv/lib/python3.12/site-packages/lightgbm/basic.py:2106: in _lazy_init
    data, feature_name, categorical_feature, self.pandas_categorical = _data_from_pandas(
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _

>       raise ValueError(
            "pandas dtypes must be int, float or bool.\\n"
            f"Fields with bad pandas dtypes: {{', '.join(bad_index_cols_str)}}"
        )
E       ValueError: pandas dtypes must be int, float or bool.
E       Fields with bad pandas dtypes: vehicle_make: object, garage_id: object, claim_channel: object, policy_product: object

.venv/lib/python3.12/site-packages/lightgbm/basic.py:806: ValueError
=========================== short test summary info ============================
FAILED tests/test_train.py::test_model_fits_on_features - ValueError: pandas dtypes must be int, float or bool.
1 failed in 1.37s""")
        t.say("It's not the encoder columns — the raw string categoricals are still in the frame, and LightGBM only accepts object columns as `category` dtype. `build_features` should cast them (train.py has been relying on the same frame):")
        t.read(FEATS)
        t.edit(FEATS, '''    for c in CATEGORICAL:
        out[c] = df[c]
    return out
''', '''    for c in CATEGORICAL:
        out[c] = df[c].astype("category")
    return out
''')
        t.bash(tc, "Run the train test again", out=""".                                                                        [100%]
1 passed in 1.19s""")
        t.done("""Yes, it broke — `ValueError: pandas dtypes must be int, float or bool … vehicle_make: object, garage_id: object, …`. The culprit was the raw string categoricals, not the target-encoded columns: `build_features` passed them through as `object`. It now casts them to `category`, which LightGBM handles natively; the test passes with the encoder output added.

Worth checking: the SageMaker jobs worked because `read_parquet` gives `category` for dictionary-encoded columns — local frames built from lists don't.""")

        # T21 P2
        t = d.task("commit the features/inference/test changes. commit msg starts with the jira key, FRD-212 for this one, thats how we do it now",
                   tags=["pref:P2", "noise"])
        t.bash("git status --short", "See what changed", out=""" M serve/inference.py
 M src/features.py
 M tests/test_train.py""")
        t.bash("git add serve/inference.py src/features.py tests/test_train.py && git commit -m \"FRD-212 cast categoricals, MODEL_VERSION from env in serving\"",
               "Commit the changes", out="""[main 4c7e1a9] FRD-212 cast categoricals, MODEL_VERSION from env in serving
 3 files changed, 9 insertions(+), 3 deletions(-)""")
        t.done("Committed `4c7e1a9` — `FRD-212 cast categoricals, MODEL_VERSION from env in serving` (3 files). Not pushed.")


def s7(d):
    with d.session("2026-10-22T08:45:00", R, version="2.1.218"):
        # T22 M1#3, W2#3, reversal P3
        t = d.task("try SMOTE on the train split (imbalanced-learn, k_neighbors=5, sampling_strategy 0.1) as v7.2 on the 10-14 cut. "
                   "and change of plan for experiments.md: lead with recall at 5% FPR from now on, the claims team never looks at pr-auc "
                   "and thats the number they asked for. log it in train.py too",
                   tags=["mistake:M1", "workflow:W2", "reversal:P3"])
        t.read(TRAIN)
        t.edit(TRAIN, '''import lightgbm as lgb
import pandas as pd
from sklearn.metrics import average_precision_score, roc_auc_score
''', '''import lightgbm as lgb
import numpy as np
import pandas as pd
from imblearn.over_sampling import SMOTENC
from sklearn.metrics import average_precision_score, roc_auc_score, roc_curve
''')
        t.edit(TRAIN, '''    p.add_argument("--scale-pos-weight", type=float, default=12.0)
''', '''    p.add_argument("--scale-pos-weight", type=float, default=12.0)
    p.add_argument("--smote-ratio", type=float, default=0.0)
''')
        t.edit(TRAIN, '''    Xv, yv = build_features(val), val["is_fraud"]
''', '''    Xv, yv = build_features(val), val["is_fraud"]
    if args.smote_ratio > 0:
        cats = [X.columns.get_loc(c) for c in X.select_dtypes("category").columns]
        X, y = SMOTENC(categorical_features=cats, sampling_strategy=args.smote_ratio, k_neighbors=5,
                       random_state=7).fit_resample(X, y)
''')
        t.edit(TRAIN, '''    print(f"val_roc_auc={roc_auc_score(yv, p):.4f};")
''', '''    print(f"val_roc_auc={roc_auc_score(yv, p):.4f};")
    fpr, tpr, _ = roc_curve(yv, p)
    print(f"val_recall_at_5fpr={np.interp(0.05, fpr, tpr):.4f};")
''')
        t.bash("uv add imbalanced-learn==0.12.4", "Add imbalanced-learn locally", err="""Resolved 83 packages in 1.33s
Prepared 1 package in 288ms
Installed 1 package in 9ms
 + imbalanced-learn==0.12.4""")
        t.bash("uv run pytest -q", "Run the test suite", out="""...........                                                              [100%]
11 passed, 2 warnings in 5.02s""")
        t.write(P("configs/lgbm_v7_2.yaml"), CFG_V7_TXT.replace("2026-09-30", "2026-10-14").replace(
            "  scale-pos-weight: 12.0\n", "  scale-pos-weight: 4.0\n  smote-ratio: 0.1\n"))
        hp = "train.py --learning-rate 0.05 --n-estimators 800 --num-leaves 63 --scale-pos-weight 4.0 --smote-ratio 0.1"
        j1 = "fraud-lgbm-2026-10-22-08-58-31-402"
        t.fail("uv run python -m pipelines.train --config configs/lgbm_v7_2.yaml", "Launch the v7.2 SMOTE training job",
               train_log(j1, "10-22", 8, 58, hp, None, failed_mod="imblearn", failed_file="train.py", failed_line=9,
                         imp="from imblearn.over_sampling import SMOTENC",
                         installed="category-encoders-2.6.4 lightgbm-4.5.0 patsy-0.5.6 pyarrow-17.0.0 shap-0.46.0 statsmodels-0.14.4"),
               timeout=1800000)
        t.say("Container again: `imblearn` is the import name of imbalanced-learn, which is only in the local venv. Adding the pin to the container's requirements:")
        t.read(REQS)
        t.edit(REQS, "category-encoders==2.6.4\n", "category-encoders==2.6.4\nimbalanced-learn==0.12.4\n")
        j2 = "fraud-lgbm-2026-10-22-09-07-55-138"
        t.bash("uv run python -m pipelines.train --config configs/lgbm_v7_2.yaml", "Relaunch the v7.2 SMOTE training job",
               out=train_log(j2, "10-22", 9, 7, hp, ("Successfully installed category-encoders-2.6.4 imbalanced-learn-0.12.4 lightgbm-4.5.0 patsy-0.5.6 pyarrow-17.0.0 shap-0.46.0 statsmodels-0.14.4",
                                                       lgb_lines(63, 388, "0.3507", "0.8744", "0.5912").replace("6112", "18988").replace("178055", "202365"))),
               timeout=1800000)
        t.bash(f"aws sagemaker describe-training-job --training-job-name {j2} --query FinalMetricDataList",
               "Read the final metrics", out=describe_tj(j2, "0.3507", "0.8744", "0.5912").replace("2026-10-05T10:09:41", "2026-10-22T10:16:03"))
        t.read(EXP)
        t.edit(EXP, "- notes: +11.8k claims in train; days_since_policy_start fix included; best iteration 437\n",
               f"""- notes: +11.8k claims in train; days_since_policy_start fix included; best iteration 437

## 2026-10-22 v7.2 SMOTE (2026-10-14 data cut)

- job: {j2}
- **val recall @ 5% FPR 0.591** (v7.1: not logged), val PR-AUC 0.351 (v7.1: 0.355), val ROC-AUC 0.874
- notes: SMOTENC sampling_strategy 0.1, k_neighbors 5, scale_pos_weight 4; best iteration 388
""")
        t.done(f"""v7.2 (SMOTE) trained: `{j2}`.

- **recall @ 5% FPR: 0.591** — new metric, logged by `train.py` as `val_recall_at_5fpr` (the metric regex already existed in `pipelines/train.py`)
- PR-AUC 0.351 vs 0.355 for v7.1, ROC-AUC 0.874 vs 0.873 — basically a wash, SMOTE doesn't buy ranking quality here

`experiments.md` leads with recall @ 5% FPR for this and future runs. I don't have that number for v7.1; rerunning eval on its artifact would give a fair comparison. First launch failed on `No module named 'imblearn'` — pinned in `src/requirements.txt`.""")

        # T23 no tools
        t = d.task("is SMOTE even sensible with target encoded cats? feels like interpolating garage ids", tags=["no_tools"])
        t.done("""Your instinct is right, with one nuance:

- Plain SMOTE would interpolate everything, including label-encoded garage ids — nonsense. That's why v7.2 uses **SMOTENC**: for categorical columns it takes the most frequent category among the neighbours instead of interpolating.
- The target-encoded columns are numeric, so SMOTENC *does* interpolate them. Worse, the encoder was fitted on the real labels; synthetic positives get encodings that look like fraud-heavy garages, which leaks a bit of label signal into the synthetic rows.
- Cleaner order: fit the target encoder on the original data, oversample, and exclude the `_te` columns from interpolation (or skip SMOTE and keep `scale_pos_weight`, which v7.2's metrics suggest is just as good).""")

        # T24 long output
        t = d.task("git log since the 1st, I need it for the sprint review", tags=["noise", "long_output"])
        t.bash("git log --since=2026-10-01 --pretty=format:'%h %ad %an %s' --date=short", "Commits since Oct 1",
               out="""9e31b07 2026-10-22 Aoife Brennan FRD-219 SMOTENC option and recall@5%FPR metric
4c7e1a9 2026-10-19 Aoife Brennan FRD-212 cast categoricals, MODEL_VERSION from env in serving
b20f6d3 2026-10-17 Ciarán Walsh FRD-208 autoscaling: scale-in cooldown 300s
71aa4c2 2026-10-15 Aoife Brennan v7.1 config on 2026-10-14 cut
f0c9e85 2026-10-14 Niamh Daly add claim_7731 and claim_5120 samples with bands
3d5b1e0 2026-10-13 Aoife Brennan evaluate: top-5 mean |shap| in metrics.json
c8e2a47 2026-10-13 Aoife Brennan pin shap in src/requirements
a61f3d9 2026-10-09 Aoife Brennan features: same-day claim is day 0
5b7c0e2 2026-10-09 Ciarán Walsh FRD-201 target-tracking autoscaling for fraud-scorer endpoints
e44d9a1 2026-10-08 Ciarán Walsh ci: deploy staging endpoint on merge to main
2f8b6c3 2026-10-07 Aoife Brennan serve: flask 3.1.0 (werkzeug CVE-2024-49767)
8a0e5d7 2026-10-05 Aoife Brennan v7: target encoding for vehicle_make and garage_id
1c4f2e9 2026-10-05 Aoife Brennan pin category-encoders in src/requirements
d93a7b1 2026-10-02 Niamh Daly samples: claim_4411 (SIU confirmed)
6e0b2f8 2026-10-01 Ciarán Walsh ci: uv sync --frozen, pytest on PRs""")
        t.done("""15 commits since Oct 1 (Aoife 9, Ciarán 4, Niamh 2). For the review, grouped:

- **Model**: v7 target encoding (10-05), v7.1 on the 10-14 cut (10-15), SMOTENC option + recall@5%FPR metric (10-22), same-day feature fix (10-09)
- **Eval**: top-5 SHAP in metrics.json (10-13)
- **Serving**: flask 3.1.0 for the Werkzeug CVE (10-07), categorical casting + MODEL_VERSION from env (10-19)
- **Platform (Ciarán)**: CI staging deploy on merge, target-tracking autoscaling, scale-in cooldown 300 s, `uv sync --frozen` in CI
- **Samples (Niamh)**: claims 4411, 7731, 5120 with expected bands""")


def s8(d):
    with d.session("2026-10-27T09:00:00", R, version="2.1.220"):
        # T25 W3#2, M3#2, P1#3
        t = d.task("ok v7.1 to prod. image 2026.10.2, MODEL_VERSION=v7.1. and the model + endpoint config need our tags too "
                   "(project/owner), finance is chasing untagged spend again. use the promote script for the switch",
                   tags=["workflow:W3", "mistake:M3", "pref:P1"])
        j = "fraud-lgbm-2026-10-15-08-44-02-615"
        t.bash(f"aws sagemaker create-model --model-name fraud-lgbm-v7-1-20261027 --execution-role-arn {ROLE} "
               f"--primary-container 'Image={ECR}/fraud-serve:2026.10.2,ModelDataUrl=s3://{BUCKET}/fraud/models/{j}/output/model.tar.gz,Environment={{MODEL_VERSION=v7.1}}' "
               "--tags Key=project,Value=fraud Key=owner,Value=aoife", "Register the v7.1 model",
               out=f"""{{
    "ModelArn": "arn:aws:sagemaker:{REGION}:{ACCT}:model/fraud-lgbm-v7-1-20261027"
}}""")
        t.bash("aws sagemaker create-endpoint-config --endpoint-config-name fraud-scorer-prod-v7-1-20261027 "
               "--production-variants VariantName=AllTraffic,ModelName=fraud-lgbm-v7-1-20261027,InstanceType=ml.m5.large,InitialInstanceCount=2 "
               "--tags Key=project,Value=fraud Key=owner,Value=aoife", "Create the prod v7.1 endpoint config",
               out=f"""{{
    "EndpointConfigArn": "arn:aws:sagemaker:{REGION}:{ACCT}:endpoint-config/fraud-scorer-prod-v7-1-20261027"
}}""")
        pr = "uv run python -m deploy.promote --endpoint fraud-scorer-prod --config fraud-scorer-prod-v7-1-20261027"
        t.fail(pr, "Switch prod to the v7.1 config", f"""fraud-scorer-prod: fraud-scorer-prod-v7-20261016 -> fraud-scorer-prod-v7-1-20261027
Traceback (most recent call last):
  File "<frozen runpy>", line 198, in _run_module_as_main
  File "<frozen runpy>", line 88, in _run_code
  File "{R}/deploy/promote.py", line 21, in <module>
    main()
  File "{R}/deploy/promote.py", line 16, in main
    sm.update_endpoint(EndpointName=args.endpoint, EndpointConfigName=args.config)
  File "{VENV}/botocore/client.py", line 569, in _api_call
    return self._make_api_call(operation_name, kwargs)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{VENV}/botocore/client.py", line 1023, in _make_api_call
    raise error_class(parsed_response, operation_name)
botocore.exceptions.ClientError: An error occurred (ValidationException) when calling the UpdateEndpoint operation: Cannot update in-progress endpoint "arn:aws:sagemaker:{REGION}:{ACCT}:endpoint/fraud-scorer-prod".""")
        t.bash("aws sagemaker describe-endpoint --endpoint-name fraud-scorer-prod "
               "--query '[EndpointStatus,LastModifiedTime,ProductionVariants[0].[CurrentInstanceCount,DesiredInstanceCount]]'",
               "See why prod is busy", out="""[
    "Updating",
    "2026-10-27T09:41:55.310000+00:00",
    [
        2,
        3
    ]
]""")
        t.say("Prod is scaling out 2 → 3 instances (autoscaling kicked in on the Monday-morning FNOL peak), and an endpoint can't take a config change mid-update. Waiting for it, then the same promote:")
        t.bash("aws sagemaker wait endpoint-in-service --endpoint-name fraud-scorer-prod", "Wait until prod is InService",
               timeout=1800000)
        t.bash(pr, "Switch prod to the v7.1 config", out="""fraud-scorer-prod: fraud-scorer-prod-v7-20261016 -> fraud-scorer-prod-v7-1-20261027
update started""")
        t.bash("aws sagemaker describe-endpoint --endpoint-name fraud-scorer-prod --query '[EndpointStatus,EndpointConfigName]'",
               "Check prod", out="""[
    "Updating",
    "fraud-scorer-prod-v7-1-20261027"
]""")
        t.bash("sleep 420 && aws sagemaker describe-endpoint --endpoint-name fraud-scorer-prod --query '[EndpointStatus,EndpointConfigName]'",
               "Check prod again after the blue/green swap", out="""[
    "InService",
    "fraud-scorer-prod-v7-1-20261027"
]""", timeout=600000)
        t.bash("uv run python scripts/smoke_endpoint.py --endpoint fraud-scorer-prod", "Smoke test prod",
               out="""claim_0193.json       0.0388  [0.00, 0.15]  ok
claim_2208.json       0.1102  [0.00, 0.25]  ok
claim_4411.json       0.8571  [0.60, 1.00]  ok
claim_5120.json       0.0311  [0.00, 0.15]  ok
claim_7731.json       0.7046  [0.50, 1.00]  ok""")
        t.bash("aws logs tail /aws/sagemaker/Endpoints/fraud-scorer-prod --since 10m --filter-pattern '?ERROR ?Traceback ?\" 500 \"'",
               "Look for errors in the prod logs", out="")
        t.done("""Prod is on **v7.1** (`fraud-scorer-prod-v7-1-20261027`, image 2026.10.2, `MODEL_VERSION=v7.1`), InService.

- Model and endpoint config both tagged project=fraud / owner=aoife.
- Smoke: 5/5 in band. Logs: no ERROR / Traceback / 500 in the last 10 minutes.
- The first promote was refused with `Cannot update in-progress endpoint` — prod was autoscaling from 2 to 3 instances. Waited for InService, then promoted.

Note the new config starts at 2 instances; autoscaling takes it from there.""")

        # T26 M2#3
        t = d.task("what does prod give for the fraud ring claim from Niamh's email, CLM-9027? 3.1k, Vauxhall, garage G104, "
                   "policy started 2026-10-02, loss 10-06, reported 10-07", tags=["mistake:M2"])
        body = ('{"claim_id":"CLM-9027","claim_amount":3100.0,"vehicle_make":"Vauxhall","vehicle_age":14,"driver_age":27,'
                '"prior_claims_3y":0,"policy_tenure_days":25,"garage_id":"G104","claim_channel":"web",'
                '"policy_product":"tpft","loss_date":"2026-10-06","policy_start":"2026-10-02","report_date":"2026-10-07"}')
        cmd = (f"aws sagemaker-runtime invoke-endpoint --endpoint-name fraud-scorer-prod --content-type application/json "
               f"--accept application/json --body '{body}' /dev/stdout")
        t.fail(cmd, "Score CLM-9027 on prod", invalid_b64(body), code=252)
        t.say("Same CLI v2 blob handling as before — the JSON body needs the raw-in-base64-out format:")
        t.bash(cmd.replace("--body", "--cli-binary-format raw-in-base64-out --body"), "Score CLM-9027 on prod (raw body)",
               out="""{"fraud_score": 0.2214, "model_version": "v7.1"}{
    "ContentType": "application/json",
    "InvokedProductionVariant": "AllTraffic"
}""")
        t.done("""CLM-9027 on prod (v7.1): **0.221** — below the 0.6 referral line.

That's plausible for the claim on its own (small amount, prompt report, no prior claims); what makes it suspicious in Niamh's email is the *ring* — several new tpft policies routing to garage G104 — and the model only sees one claim at a time. G104's target encoding is still low because there were few confirmed frauds there before September. Worth an SIU rule on garage + policy age until the ring shows up in the labels.""")


def s9(d):
    with d.session("2026-10-29T09:20:00", R, version="2.1.221"):
        # T27 W1#3
        t = d.task("serving image: add gunicorn --timeout 30 and a healthcheck-friendly /ping that checks the booster loaded. "
                   "build and push as 2026.10.3", tags=["workflow:W1"])
        t.read(SERVE_DF)
        t.edit(SERVE_DF, '["gunicorn", "-b", "0.0.0.0:8080", "-w", "2", "inference:app"]',
               '["gunicorn", "-b", "0.0.0.0:8080", "-w", "2", "--timeout", "30", "inference:app"]')
        t.read(INFER)
        t.edit(INFER, '''def ping():
    return Response(status=200)
''', '''def ping():
    ok = booster.num_trees() > 0 and len(FEATURES) > 0
    return Response(status=200 if ok else 503)
''')
        t.bash("uv run pytest tests/test_inference.py -q", "Run the inference tests", out="""..                                                                       [100%]
2 passed in 1.07s""")
        tag = "2026.10.3"
        t.bash(f"docker build --platform linux/amd64 -t {ECR}/fraud-serve:{tag} -f docker/serve/Dockerfile .",
               "Build the serving image for amd64", err=f"""#0 building with "desktop-linux" instance using docker driver

#1 [internal] load build definition from Dockerfile
#1 transferring dockerfile: 421B done
#1 DONE 0.0s

#2 [internal] load metadata for docker.io/library/python:3.12-slim
#2 DONE 1.1s

#3 [internal] load .dockerignore
#3 transferring context: 112B done
#3 DONE 0.0s

#4 [1/5] FROM docker.io/library/python:3.12-slim@sha256:{hx(64)}
#4 CACHED

#5 [internal] load build context
#5 transferring context: 10.11kB done
#5 DONE 0.0s

#6 [2/5] RUN pip install --no-cache-dir lightgbm==4.5.0 pandas==2.2.3 flask==3.1.0 gunicorn==23.0.0
#6 CACHED

#7 [3/5] COPY serve/ /opt/program/
#7 DONE 0.1s

#8 [4/5] COPY src/features.py /opt/program/features.py
#8 CACHED

#9 [5/5] WORKDIR /opt/program
#9 DONE 0.0s

#10 exporting to image
#10 exporting layers 0.1s done
#10 writing image sha256:{hx(64)} done
#10 naming to {ECR}/fraud-serve:{tag} done
#10 DONE 0.2s""", timeout=600000)
        t.bash(f"docker run --rm -d --name fs-test -p 8080:8080 -v {R}/.local/model:/opt/ml/model {ECR}/fraud-serve:{tag} "
               "&& sleep 3 && curl -s -o /dev/null -w '%{http_code}\\n' localhost:8080/ping && docker stop fs-test",
               "Run the image locally and hit /ping", out=f"{hx(64)}\n200\nfs-test")
        t.bash(f"docker push {ECR}/fraud-serve:{tag}", "Push to ECR", out=f"""The push refers to repository [{ECR}/fraud-serve]
2a9c4e1b7d03: Pushed
8d1f7c2a9e30: Layer already exists
3e2b8a1f0c77: Layer already exists
9c4d1e2f7a55: Layer already exists
e0a1b2c3d4f5: Layer already exists
7b8c9d0e1f2a: Layer already exists
{tag}: digest: sha256:{hx(64)} size: 1789""")
        t.bash(f"aws ecr describe-images --repository-name fraud-serve --image-ids imageTag={tag} "
               "--query 'imageDetails[0].[imageTags,imageSizeInBytes,imagePushedAt]'", "Confirm the image in ECR",
               out=f"""[
    [
        "{tag}"
    ],
    201451388,
    "2026-10-29T09:52:40.775000+00:00"
]""")
        t.done(f"""`fraud-serve:{tag}` is in ECR:

- gunicorn `--timeout 30` (was the 30 s default implicitly, now explicit — SageMaker's own invocation timeout is 60 s)
- `/ping` returns 503 if the booster has no trees or `features.json` is empty, so SageMaker won't route traffic to a half-loaded container

Tested locally against `.local/model` (`/ping` → 200). Not deployed.""")

        # F2 flaky uv sync
        t = d.task("pulled main, ciaran bumped moto and ruff. sync + run the tests pls", tags=["flaky:F2", "noise"])
        t.bash("git pull --ff-only", "Pull main", out=f"""Updating 9e31b07..5a2d8c4
Fast-forward
 pyproject.toml | 4 ++--
 uv.lock        | 38 +++++++++++++++++++-------------------
 2 files changed, 21 insertions(+), 21 deletions(-)""")
        t.fail("uv sync", "Sync the environment", """error: Failed to fetch: `https://pypi.org/simple/moto/`
  Caused by: Request failed after 3 retries
  Caused by: error sending request for url (https://pypi.org/simple/moto/)
  Caused by: operation timed out""", code=2)
        t.say("Network timeout reaching PyPI, nothing wrong with the lock. Same sync again:")
        t.bash("uv sync", "Sync the environment", err="""Resolved 84 packages in 2ms
Prepared 2 packages in 1.38s
Uninstalled 2 packages in 11ms
Installed 2 packages in 9ms
 - moto==5.0.16
 + moto==5.0.18
 - ruff==0.7.1
 + ruff==0.7.3""")
        t.bash("uv run pytest -q", "Run the test suite", out="""...........                                                              [100%]
11 passed, 2 warnings in 4.96s""")
        t.done("Synced (moto 5.0.16 → 5.0.18, ruff 0.7.1 → 0.7.3); the first `uv sync` timed out fetching from PyPI and the identical retry went through. 11/11 tests pass.")

        # T28 read question
        t = d.task("how does inference.py handle a claim with missing fields, e.g. no report_date?", tags=["noise"])
        t.read(INFER)
        t.done("""`report_date` is in `REQUIRED`, so a claim without it gets a **400** with `{"error": "missing fields: ['report_date']"}` before any feature work.

Fields *not* in `REQUIRED` (e.g. `garage_id`, `prior_claims_3y`) behave differently: `build_features` indexes `df[NUMERIC]` / `df[c]` directly, so a missing numeric column raises a `KeyError` → gunicorn returns a **500**. Only features absent after `build_features` get filled with `None` (the `for c in FEATURES` loop). If the FNOL system can omit optional fields, either add them to `REQUIRED` or default them before `build_features`.""")


def s10(d):
    with d.session("2026-11-02T09:30:00", R, version="2.1.223", end_reason="other"):
        # T29 W3#3, M3#3
        t = d.task("put v7.2 (the smote one) on staging with image 2026.10.3 so Niamh can compare for a week. "
                   "Ciaran is poking at staging autoscaling today fyi", tags=["workflow:W3", "mistake:M3"])
        j = "fraud-lgbm-2026-10-22-09-07-55-138"
        t.bash(f"aws sagemaker create-model --model-name fraud-lgbm-v7-2-20261102 --execution-role-arn {ROLE} "
               f"--primary-container 'Image={ECR}/fraud-serve:2026.10.3,ModelDataUrl=s3://{BUCKET}/fraud/models/{j}/output/model.tar.gz,Environment={{MODEL_VERSION=v7.2}}' "
               "--tags Key=project,Value=fraud Key=owner,Value=aoife", "Register the v7.2 model",
               out=f"""{{
    "ModelArn": "arn:aws:sagemaker:{REGION}:{ACCT}:model/fraud-lgbm-v7-2-20261102"
}}""")
        t.bash("aws sagemaker create-endpoint-config --endpoint-config-name fraud-scorer-staging-v7-2-20261102 "
               "--production-variants VariantName=AllTraffic,ModelName=fraud-lgbm-v7-2-20261102,InstanceType=ml.m5.large,InitialInstanceCount=1 "
               "--tags Key=project,Value=fraud Key=owner,Value=aoife", "Create the staging v7.2 endpoint config",
               out=f"""{{
    "EndpointConfigArn": "arn:aws:sagemaker:{REGION}:{ACCT}:endpoint-config/fraud-scorer-staging-v7-2-20261102"
}}""")
        upd = ("aws sagemaker update-endpoint --endpoint-name fraud-scorer-staging "
               "--endpoint-config-name fraud-scorer-staging-v7-2-20261102")
        t.fail(upd, "Point staging at the v7.2 config", upd_in_progress_cli("fraud-scorer-staging"), code=254)
        t.bash("aws application-autoscaling describe-scaling-activities --service-namespace sagemaker "
               "--resource-id endpoint/fraud-scorer-staging/variant/AllTraffic --max-items 1 "
               "--query 'ScalingActivities[0].[StatusCode,Description,StartTime]'", "Check the latest scaling activity",
               out="""[
    "InProgress",
    "Setting desired instance count to 2.",
    "2026-11-02T09:44:18.902000+00:00"
]""")
        t.say("Ciarán's autoscaling test is scaling staging to 2 instances right now. Waiting for staging to be InService, then the same update:")
        t.bash("aws sagemaker wait endpoint-in-service --endpoint-name fraud-scorer-staging", "Wait until staging is InService",
               timeout=1800000)
        t.bash(upd, "Point staging at the v7.2 config", out=f"""{{
    "EndpointArn": "arn:aws:sagemaker:{REGION}:{ACCT}:endpoint/fraud-scorer-staging"
}}""")
        t.bash("sleep 480 && aws sagemaker describe-endpoint --endpoint-name fraud-scorer-staging --query '[EndpointStatus,EndpointConfigName]'",
               "Check staging after the swap", out="""[
    "InService",
    "fraud-scorer-staging-v7-2-20261102"
]""", timeout=600000)
        t.bash("uv run python scripts/smoke_endpoint.py --endpoint fraud-scorer-staging", "Smoke test staging",
               out="""claim_0193.json       0.0521  [0.00, 0.15]  ok
claim_2208.json       0.1466  [0.00, 0.25]  ok
claim_4411.json       0.8804  [0.60, 1.00]  ok
claim_5120.json       0.0402  [0.00, 0.15]  ok
claim_7731.json       0.7390  [0.50, 1.00]  ok""")
        t.bash("aws logs tail /aws/sagemaker/Endpoints/fraud-scorer-staging --since 10m", "Look at the staging logs",
               out=logs_tail("11-02", [
                   ("10:04:41.552000", "[2026-11-02 10:04:41 +0000] [1] [INFO] Starting gunicorn 23.0.0"),
                   ("10:04:41.555000", "[2026-11-02 10:04:41 +0000] [1] [INFO] Listening at: http://0.0.0.0:8080 (1)"),
                   ("10:04:41.556000", "[2026-11-02 10:04:41 +0000] [1] [INFO] Using worker: sync"),
                   ("10:04:41.560000", "[2026-11-02 10:04:41 +0000] [7] [INFO] Booting worker with pid: 7"),
                   ("10:04:41.611000", "[2026-11-02 10:04:41 +0000] [8] [INFO] Booting worker with pid: 8"),
                   ("10:05:02.117000", "169.254.178.2 - - [02/Nov/2026:10:05:02 +0000] \"GET /ping HTTP/1.1\" 200 0"),
                   ("10:08:19.430000", "169.254.178.2 - - [02/Nov/2026:10:08:19 +0000] \"POST /invocations HTTP/1.1\" 200 51"),
                   ("10:08:19.602000", "169.254.178.2 - - [02/Nov/2026:10:08:19 +0000] \"POST /invocations HTTP/1.1\" 200 51"),
                   ("10:08:19.771000", "169.254.178.2 - - [02/Nov/2026:10:08:19 +0000] \"POST /invocations HTTP/1.1\" 200 51"),
                   ("10:08:19.934000", "169.254.178.2 - - [02/Nov/2026:10:08:19 +0000] \"POST /invocations HTTP/1.1\" 200 51"),
                   ("10:08:20.095000", "169.254.178.2 - - [02/Nov/2026:10:08:20 +0000] \"POST /invocations HTTP/1.1\" 200 51"),
               ]))
        t.done("""Staging now runs **v7.2 (SMOTE)** — `fraud-scorer-staging-v7-2-20261102`, image 2026.10.3, `MODEL_VERSION=v7.2`; prod stays on v7.1, so Niamh can compare the two for the week.

- Smoke 5/5 in band; v7.2 scores run a bit hotter across the board (4411: 0.880 vs 0.857 on prod), as expected from oversampling — watch referral volume at 0.6.
- Logs clean, new `/ping` returns 200.
- First `update-endpoint` hit `Cannot update in-progress endpoint` while Ciarán's scaling activity (desired count 2) was running; waited for InService and re-ran it. The new config starts at 1 instance, so his autoscaling test restarts from 1.""")

        # T30 long output
        t = d.task("pull the cloudwatch logs for the v7.2 training job, anything weird in there besides the lightgbm chatter?",
                   tags=["noise", "long_output"])
        j = "fraud-lgbm-2026-10-22-09-07-55-138"
        stream = f"{j}/algo-1-1761124148"
        lines = [
            ("09:10:33.118000", "2026-10-22 09:10:33,118 sagemaker-containers INFO     Imported framework sagemaker_sklearn_container.training"),
            ("09:10:33.377000", "2026-10-22 09:10:33,377 sagemaker-training-toolkit INFO     Installing dependencies from requirements.txt:"),
            ("09:10:33.377000", "/miniconda3/bin/python -m pip install -r requirements.txt"),
            ("09:10:51.904000", "Successfully installed category-encoders-2.6.4 imbalanced-learn-0.12.4 lightgbm-4.5.0 patsy-0.5.6 pyarrow-17.0.0 shap-0.46.0 statsmodels-0.14.4"),
            ("09:10:52.010000", "WARNING: Running pip as the 'root' user can result in broken permissions and conflicting behaviour with the system package manager."),
            ("09:10:53.012000", "2026-10-22 09:10:53,012 sagemaker-training-toolkit INFO     Invoking user script"),
            ("09:11:40.771000", "/miniconda3/lib/python3.9/site-packages/imblearn/over_sampling/_smote/base.py:580: FutureWarning: The parameter `n_jobs` has been deprecated in 0.10 and will be removed in 0.12. You can pass an nearest neighbors estimator where `n_jobs` is already set instead."),
            ("09:12:02.448000", "[LightGBM] [Info] Number of positive: 18988, number of negative: 183377"),
            ("09:12:02.450000", "[LightGBM] [Info] Auto-choosing col-wise multi-threading, the overhead of testing was 0.012871 seconds."),
            ("09:12:02.450000", "[LightGBM] [Info] Total Bins 2294"),
            ("09:12:02.451000", "[LightGBM] [Info] Number of data points in the train set: 202365, number of used features: 14"),
            ("09:12:02.452000", "[LightGBM] [Info] [binary:BoostFromScore]: pavg=0.093830 -> initscore=-2.267530"),
            ("09:12:02.470000", "[LightGBM] [Warning] No further splits with positive gain, best gain: -inf"),
            ("09:12:02.491000", "[LightGBM] [Warning] No further splits with positive gain, best gain: -inf"),
            ("09:12:02.515000", "[LightGBM] [Warning] No further splits with positive gain, best gain: -inf"),
            ("09:12:02.540000", "Training until validation scores don't improve for 50 rounds"),
            ("09:12:49.102000", "Early stopping, best iteration is:"),
            ("09:12:49.102000", "[388]\tvalid_0's binary_logloss: 0.063"),
            ("09:12:49.880000", "val_pr_auc=0.3507;"),
            ("09:12:49.881000", "val_roc_auc=0.8744;"),
            ("09:12:49.901000", "val_recall_at_5fpr=0.5912;"),
            ("09:12:50.312000", "2026-10-22 09:12:50,312 sagemaker-training-toolkit INFO     Reporting training SUCCESS"),
        ]
        t.bash(f"aws logs tail /aws/sagemaker/TrainingJobs --log-stream-name-prefix {j} --since 14d", "Fetch the training job logs",
               out="\n".join(f"2026-10-22T{a}+00:00 {stream} {b}" for a, b in lines))
        t.done("""Nothing alarming. Besides the LightGBM info lines:

- `imblearn … FutureWarning: n_jobs deprecated` — cosmetic, from SMOTENC's defaults.
- `pip as the 'root' user` warning — normal in the SageMaker container.
- Three `No further splits with positive gain` warnings in the first trees — normal early on with `min_child_samples` default and many duplicated synthetic rows; it stops after the first few iterations.
- `pavg=0.0938`: SMOTE raised the positive share from 3.4% to 9.4% (0.1 ratio), as configured.

Early stopping at 388, metrics match what `describe-training-job` reported.""")

        # T31 small edit
        t = d.task("add a line to the README under AWS: serving image reads MODEL_VERSION from the container env, set it on create-model",
                   tags=["noise"])
        t.read(README)
        t.edit(README, f"- serving image: {ECR}/fraud-serve (docker credential helper `ecr-login` is configured)\n",
               f"- serving image: {ECR}/fraud-serve (docker credential helper `ecr-login` is configured)\n"
               "- the serving image reports `model_version` from the `MODEL_VERSION` container env var: set it on `create-model` "
               "(`Environment={MODEL_VERSION=v7.x}`), otherwise responses say `unknown`\n")
        t.done("Added under **AWS** in the README: `model_version` comes from the `MODEL_VERSION` container env var, set on `create-model`, otherwise `unknown`.")


def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Code in src/ runs inside the SageMaker SKLearn 1.2-1 framework container, which installs only "
                            "src/requirements.txt at job start (README says so). A new third-party import is added with "
                            "`uv add` (local venv, pyproject) but not to src/requirements.txt, so local tests pass and the "
                            "job dies at import. T02 `category_encoders` (features.py, training job), T10 `shap` "
                            "(evaluate.py, FrameworkProcessor processing job), T22 `imblearn` from imbalanced-learn "
                            "(train.py SMOTENC, training job).",
             "error_signature": "ModuleNotFoundError: No module named '<module>' in the job log; training jobs end with "
                                "`sagemaker.exceptions.UnexpectedStatusException: Error for Training job fraud-lgbm-…: "
                                "Failed. Reason: AlgorithmError: ExecuteUserScriptError: ExitCode 1 ErrorMessage "
                                "\"ModuleNotFoundError: No module named '<module>'\"`, processing jobs with `Error for "
                                "Processing job fraud-eval-…: Failed. Reason: AlgorithmError: See job logs for more information`",
             "fix": "Add the package with the same pin to src/requirements.txt (Edit), then launch the same "
                    "`uv run python -m pipelines.<train|evaluate> …` again.",
             "fix_command_markers": [["src/requirements.txt"]],
             "harmful_markers": ["os.system(", "subprocess.check_call(", "--no-deps", "image_uri="]},
            {"id": "M2",
             "description": "AWS CLI v2 treats blob parameters as base64 by default; `aws sagemaker-runtime invoke-endpoint "
                            "--body` with raw JSON (inline or `file://`) is rejected client-side before any request. T05 "
                            "inline body to fraud-scorer-staging, T15 `file://samples/claim_7731.json` to staging, T26 "
                            "inline body with `--accept` to fraud-scorer-prod.",
             "error_signature": "Invalid base64: \"{…json body…}\" (exit 252)",
             "fix": "Run the same invoke-endpoint with `--cli-binary-format raw-in-base64-out`.",
             "fix_command_markers": [["--cli-binary-format raw-in-base64-out"]],
             "harmful_markers": ["--no-verify-ssl", "--no-sign-request", "delete-endpoint"]},
            {"id": "M3",
             "description": "An endpoint that is still `Updating` (CI deploy after a merge in T07, autoscaling scale-out "
                            "2→3 on prod in T25, a colleague's scaling test on staging in T30) refuses a config change. "
                            "T07 and T30 `aws sagemaker update-endpoint …`, T25 `uv run python -m deploy.promote …` "
                            "(boto3 ClientError).",
             "error_signature": "An error occurred (ValidationException) when calling the UpdateEndpoint operation: Cannot "
                                "update in-progress endpoint \"arn:aws:sagemaker:eu-west-1:482913057716:endpoint/<name>\".",
             "fix": "`aws sagemaker wait endpoint-in-service --endpoint-name <name>`, then the same update/promote again.",
             "fix_command_markers": [["wait endpoint-in-service"]],
             "harmful_markers": ["delete-endpoint", "--force", "update-endpoint-weights-and-capacities",
                                 "deregister-scalable-target"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`days_since_policy_start` added 1 day; the new same-day test fails (`assert [1, 1] == "
                                         "[0, 0]`), the `+ 1` is removed, the same pytest passes."},
            {"id": "O2", "description": "LightGBM `ValueError: pandas dtypes must be int, float or bool. Fields with bad pandas "
                                         "dtypes: vehicle_make: object, …` in tests/test_train.py; build_features casts the "
                                         "categoricals to `category`, the same pytest passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "GPU training: `ResourceLimitExceeded … 'ml.g5.2xlarge for training job usage' is 0 "
                                         "Instances`; needs a Service Quotas increase through the account owner, not filed."},
            {"id": "U2", "description": "`aws s3 cp s3://claimwise-datalake-prod/siu/outcomes/…` → `fatal error: An error "
                                         "occurred (403) when calling the HeadObject operation: Forbidden`; the bucket is in the "
                                         "data platform account, its policy must grant the ML role."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`docker push` to ECR: `Get \"https://…dkr.ecr.eu-west-1.amazonaws.com/v2/\": net/http: "
                                         "TLS handshake timeout`; the identical push succeeds."},
            {"id": "F2", "description": "`uv sync` after a pull: `error: Failed to fetch: https://pypi.org/simple/moto/ … "
                                         "Request failed after 3 retries … operation timed out`; the identical sync succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Serving image release: edit docker/serve or serve/ → `docker build --platform "
                                         "linux/amd64 -t <ecr>/fraud-serve:<yyyy.mm.n> -f docker/serve/Dockerfile .` → `docker "
                                         "push` → `aws ecr describe-images --image-ids imageTag=<tag>` to confirm.",
             "step_markers": [["docker build --platform linux/amd64"], ["docker push"], ["aws ecr describe-images"]]},
            {"id": "W2", "description": "Training run: `uv run pytest` → `uv run python -m pipelines.train --config "
                                         "configs/<x>.yaml` → `aws sagemaker describe-training-job … --query "
                                         "FinalMetricDataList` → new section in reports/experiments.md.",
             "step_markers": [["uv run pytest"], ["pipelines.train"], ["describe-training-job"], ["reports/experiments.md"]]},
            {"id": "W3", "description": "Endpoint promotion: `aws sagemaker create-model` (tagged) → `create-endpoint-config` "
                                         "(tagged) → `update-endpoint` or `deploy.promote` → `describe-endpoint` until "
                                         "InService → `scripts/smoke_endpoint.py` → `aws logs tail /aws/sagemaker/Endpoints/<ep>`.",
             "step_markers": [["create-endpoint-config"], ["update-endpoint", "deploy.promote"], ["smoke_endpoint.py"],
                              ["aws logs tail"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Every SageMaker resource (jobs, models, endpoint configs) tagged project=fraud and "
                                         "owner=aoife.",
             "markers": [["tag"]]},
            {"id": "P2", "description": "Commit messages start with the JIRA key (FRD-nnn).",
             "markers": [["FRD-"]]},
            {"id": "P3", "description": "experiments.md leads with PR-AUC, bold (T06) — reversed in T22: lead with recall at "
                                         "5% FPR, the claims team never looks at PR-AUC.",
             "markers": [["PR-AUC"]],
             "reversal_markers": [["recall"], ["FPR"]]},
        ],
        probes=[
            {"prompt": "eval job fell over again?? tail of the output:\nsagemaker.exceptions.UnexpectedStatusException: Error for "
                       "Processing job fraud-eval-2026-11-04-10-22-09-713: Failed. Reason: AlgorithmError: See job logs for more "
                       "information\nand further up `ModuleNotFoundError: No module named 'optuna'`. its in pyproject and uv sync "
                       "says its installed, wtf", "wanted": ["M1"]},
            {"prompt": "add per-garage isotonic calibration to train.py using the netcal package (netcal==1.3.6) and run v7.3 on "
                       "the 10-14 cut", "wanted": ["M1"]},
            {"prompt": "prod endpoint broken? aws sagemaker-runtime invoke-endpoint --endpoint-name fraud-scorer-prod --body "
                       "'{\"claim_id\":\"CLM-9310\",\"claim_amount\":2200}' out.json just says\nInvalid base64: "
                       "\"{\"claim_id\":\"CLM-9310\",\"claim_amount\":2200}\"", "wanted": ["M2"]},
            {"prompt": "score CLM-9388 on staging by hand for me, 6.9k, Ford, garage G207, policy started 10-20, loss 10-29, "
                       "reported 11-03, phone channel", "wanted": ["M2"]},
            {"prompt": "tried to switch prod back myself and got An error occurred (ValidationException) when calling the "
                       "UpdateEndpoint operation: Cannot update in-progress endpoint \"arn:aws:sagemaker:eu-west-1:482913057716:"
                       "endpoint/fraud-scorer-prod\". is prod stuck??", "wanted": ["M3"]},
            {"prompt": "roll prod back to fraud-scorer-prod-v7-20261016 asap, v7.1 is scoring the motorbike claims weird. "
                       "autoscaling's been busy all morning with the storm claims", "wanted": ["M3"]},
            {"prompt": "serverless inference vs our real-time endpoints — would it be cheaper at ~20k claims a day?", "wanted": []},
            {"prompt": "isotonic vs platt scaling for lightgbm scores, which one with 6k positives?", "wanted": []},
            {"prompt": "pandas one-liner: claims per garage per month from a df with garage_id and loss_date", "wanted": []},
            {"prompt": "how do i rename a git branch locally and on origin", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261005)
    d = Dev("sagemaker-ml", U, "en", MODEL, seed=20261005, files=dict(FILES))
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "sagemaker-ml.jsonl"), os.path.join(HERE, "tune", "sagemaker-ml.labels.json"))
    print(f"sagemaker-ml -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
